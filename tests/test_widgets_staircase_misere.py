"""Explorers of lectures 07 and 08, driven headlessly through their sliders."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import Table
from gamelab.widgets import PlayWidget
from gamelab.widgets.misere import MisereNimExplorer, compare_table
from gamelab.widgets.staircase import StaircaseExplorer, plot_staircase, staircase_report


def test_staircase_explorer_follows_the_sliders():
    e = StaircaseExplorer((3, 1, 4, 1, 5))
    assert e.position == (3, 1, 4, 1, 5)
    assert "3 ^ 4 ^ 5 = 2" in e.result.text
    assert "move 2 coins from step 1 to the floor" in e.result.text
    e.sliders[0].value = 1
    assert e.position == (1, 1, 4, 1, 5)
    assert "1 ^ 4 ^ 5 = 0" in e.result.text
    assert "P-position" in e.result.text
    assert e.result.html in e.html.value
    assert "gamelab-staircase" in e.html.value
    e.sliders[3].value = 7          # even steps do not change the verdict
    assert "P-position" in e.result.text


def test_staircase_explorer_sliders_are_described():
    e = StaircaseExplorer((0, 2), max_coins=5)
    assert [s.description for s in e.sliders] == ["coins on step 1", "coins on step 2"]
    assert all(s.max == 5 for s in e.sliders)
    assert e.widget is not None


@pytest.mark.parametrize("pos", [(0,), (2, 3, 1, 4), (5, 0, 5), (1, 0, 2, 1, 1, 0, 1, 1)])
def test_staircase_report_winning_moves_agree_with_search(pos):
    t = staircase_report(pos)
    assert isinstance(t, Table)
    g = gl.StaircaseNim()
    labels = [g.move_label(pos, m) for m in gl.search_winning_moves(g, pos)]
    line = t.text.splitlines()[-1]
    assert line == "winning moves: " + ("; ".join(labels) if labels else "none")


def test_plot_staircase_draws():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = plot_staircase((2, 0, 3))
    assert "nim-sum 1" in ax.get_title()
    plt.close(ax.figure)


def test_misere_explorer_follows_the_sliders():
    e = MisereNimExplorer((1, 1, 2))
    lines = e.result.text.splitlines()
    assert lines[1] == "normal play: N, winning moves: take 2 from heap 3"
    assert lines[2] == "misère play: N, winning moves: take 1 from heap 3"
    assert lines[3].startswith("the strategies part")
    e.sliders[2].value = 1
    assert e.heaps == (1, 1, 1)
    assert e.result.text.splitlines()[2] == "misère play: P, winning moves: none"
    e.sliders[0].value = 3
    e.sliders[1].value = 5
    e.sliders[2].value = 7
    assert e.result.text.splitlines()[-1].startswith("the strategies agree")
    assert e.result.html in e.html.value


@pytest.mark.parametrize("heaps", [(0,), (1, 1), (2, 2), (1, 2, 3), (1, 1, 5), (4, 4, 1, 1)])
def test_compare_table_against_search(heaps):
    nim = gl.Nim()
    text = compare_table(heaps).text
    for kind, misere in (("normal play", False), ("misère play", True)):
        assert f"{kind}: {gl.search_outcome(nim, heaps, misere=misere)}," in text


@pytest.mark.parametrize("make, exc, word", [
    (lambda: StaircaseExplorer((), max_coins=3), ValueError, "position"),
    (lambda: StaircaseExplorer((1,) * 9), ValueError, "position"),
    (lambda: StaircaseExplorer((4,), max_coins=3), ValueError, "max_coins"),
    (lambda: StaircaseExplorer((1, -1)), ValueError, "position"),
    (lambda: StaircaseExplorer([1, 2]), TypeError, "position"),
    (lambda: StaircaseExplorer((1,), max_coins=True), TypeError, "max_coins"),
    (lambda: MisereNimExplorer(()), ValueError, "heaps"),
    (lambda: MisereNimExplorer((9,), max_heap=7), ValueError, "max_heap"),
    (lambda: MisereNimExplorer((1, 2.5)), TypeError, "heaps"),
    (lambda: MisereNimExplorer(None), TypeError, "heaps"),
    (lambda: MisereNimExplorer((1,), max_heap=0), ValueError, "max_heap"),
    (lambda: compare_table([1, 2]), TypeError, "heaps"),
    (lambda: staircase_report((1, None)), TypeError, "position"),
    (lambda: plot_staircase("12"), TypeError, "position"),
])
def test_explorers_bad_input(make, exc, word):
    with pytest.raises(exc, match=word):
        make()


def test_play_widgets_of_the_lectures():
    w = PlayWidget(gl.StaircaseNim(), (2, 3, 1, 4))
    assert w.winning() == gl.search_winning_moves(gl.StaircaseNim(), (2, 3, 1, 4))
    w.play((1, 3, 1, 4))            # a winning move; gamelab answers
    assert w.history[0][2] == "you" and w.history[1][2] == "gamelab"
    m = PlayWidget(gl.Nim(), (1, 1, 2), misere=True)
    m.play((1, 1, 1))               # leave three single coins
    m.play(m.legal_moves()[0])
    assert m.winner == "you"
