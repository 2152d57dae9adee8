"""gamelab.widgets.hackenbush: the Hackenbush explorer and play widget, driven headlessly
(no browser, no kernel)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import cut_table, hackenbush_position, hackenbush_view  # noqa: E402
from gamelab.widgets import HackenbushExplorer, hackenbush_play  # noqa: E402


def position(e):
    return hackenbush_position(e.kwargs["kind"], e.kwargs["edges"], e.kwargs["seed"])


def test_hackenbush_explorer_callbacks():
    e = HackenbushExplorer(kind="tree", edges=4, seed=1)
    first = e.output.value
    assert position(e) == gl.games.hackenbush.random_tree(4, 1)
    e.controls["seed"].value = 2
    assert position(e) == gl.games.hackenbush.random_tree(4, 2)
    assert e.output.value != first
    e.controls["kind"].value = "graph"
    e.controls["edges"].value = 7
    assert position(e) == gl.games.hackenbush.random_graph(7, 2)
    g = gl.GreenHackenbush()
    assert f"value {gl.grundy(g, position(e))} " in e.result.text
    assert 'class="cut-label"' in e.output.value
    e.controls["labels"].value = False
    assert "<svg" in e.output.value and 'class="cut-label"' not in e.output.value
    e.controls["edges"].value = 0
    assert "nothing is standing" in e.result.text


def test_hackenbush_explorer_matches_static_twin():
    e = HackenbushExplorer(kind="graph", edges=9, seed=5)
    assert e.result.text == cut_table(hackenbush_position("graph", 9, 5),
                                      title="graph with 9 edges, seed 5").text
    assert e.result == hackenbush_view("graph", 9, 5)


def test_hackenbush_play_widget():
    pos = ((0, 1), (1, 2), (0, 3))                  # stalks 2 + 1: cut 1–2 wins
    w = hackenbush_play(pos)
    assert w.winning() == [((0, 1), (0, 3))]
    assert "<svg" in w.board.value and 'class="vertex-label"' in w.board.value
    w.play(((0, 1), (0, 3)))
    assert w.position in (((0, 1),), ((0, 3),))
    w.play(())
    assert w.winner == "you"


@pytest.mark.parametrize("call, exc", [
    (lambda: hackenbush_play({(0, 1)}), TypeError),
    (lambda: hackenbush_play(((0, 1),), misere=1), TypeError),
    (lambda: HackenbushExplorer(kind="forest"), ValueError),
    (lambda: HackenbushExplorer(edges=-1), ValueError),
    (lambda: HackenbushExplorer(edges=17), ValueError),
    (lambda: HackenbushExplorer(seed=1.5), TypeError),
])
def test_bad_arguments_raise(call, exc):
    with pytest.raises(exc):
        call()
