"""The coin-row and Hackenbush explorers, driven headlessly (no browser, no kernel)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import (  # noqa: E402
    coin_table, cut_table, draw_hackenbush, hackenbush_layout, hackenbush_position, hackenbush_view,
)
from gamelab.widgets import CoinExplorer, HackenbushExplorer, coin_play, hackenbush_play  # noqa: E402

# ---------------------------------------------------------------------------
# coins


def test_coin_table_text_and_html():
    t = coin_table("one_or_two", "HHTHTTHT")
    assert "1 ^ 2 ^ 4 ^ 7 = 0" in t.text
    assert "P-position" in t.text
    assert 'class="gamelab-table"' in t.html
    assert "move 1" not in t.text           # a P-position has no winning move
    t = coin_table(gl.CoinTurning("ruler"), "TTHH")
    assert "1 ^ 4 = 5" in t.text and "N-position" in t.text


def test_coin_table_lists_the_winning_moves():
    g = gl.CoinTurning("mock_turtles")
    row = "THHTTHTHTTTT"
    t = coin_table(g, row)
    for k, o in enumerate(gl.winning_moves(g, row), 1):
        assert f"move {k}" in t.text and o in t.text
    assert t.html.count("turn</td>") == sum(
        sum(a != b for a, b in zip(row, o)) for o in gl.winning_moves(g, row))


def test_coin_table_caps_the_list():
    row = "H" * 19
    t = coin_table("mock_turtles", row, max_moves=3)
    assert "move 3" in t.text and "move 4" not in t.text and "first 3 shown" in t.text


def test_coin_table_custom_rule():
    t = coin_table(lambda i: [()], "HHH")
    assert "custom rule" in t.text
    assert "1 ^ 1 ^ 1 = 1" in t.text


def test_coin_explorer_toggles():
    e = CoinExplorer("one_or_two", "TTTT")
    coins = e.controls["position"].coins
    assert "no heads" in e.output.value
    coins[2].value = True
    assert e.kwargs["position"] == "TTHT"
    assert coins[2].description == "H"
    assert "XOR of the head values = 3: an N-position" in e.output.value
    coins[1].value = True
    coins[0].value = True          # heads 1, 2, 3: 1 ^ 2 ^ 3 = 0
    assert e.kwargs["position"] == "HHHT"
    assert "P-position" in e.result.text
    assert e.result == coin_table("one_or_two", "HHHT") and e.result.html in e.output.value


def test_coin_explorer_rule_and_size():
    e = CoinExplorer("one_or_two", "HTHH")
    row = e.controls["position"]
    e.controls["rule"].value = "ruler"
    assert "rule ruler" in e.result.text
    assert e.result == coin_table("ruler", "HTHH")
    row.count.value = 6
    assert e.kwargs["position"] == "HTHHTT" and len(row.row.children) == 6
    row.coins[5].value = True
    assert e.kwargs["position"] == "HTHHTH"
    row.count.value = 2
    assert e.kwargs["position"] == "HT"
    assert e.result == coin_table("ruler", "HT") and e.result.html in e.output.value


def test_coin_explorer_rejects_bad_arguments():
    with pytest.raises(ValueError, match="unknown coin rule"):
        CoinExplorer("nope")
    with pytest.raises(ValueError, match="position"):
        CoinExplorer("ruler", "HXT")
    with pytest.raises(ValueError, match="named rules"):
        CoinExplorer(lambda i: [()])


def test_coin_explorer_empty_row():
    e = CoinExplorer("ruler", "")
    assert e.kwargs["position"] == "T" and e.controls["position"].count.value == 1


def test_coin_play_widget():
    w = coin_play("one_or_two", "THH")          # 2 ^ 3 = 1: the student can win
    assert w.winning() == ["TTT"]
    w.play("TTT")
    assert w.winner == "you"
    w.reset()
    assert w.position == "THH"
    labels = [b.description for b in w.moves_box.children]
    assert "turn coins 2, 3" in labels


# ---------------------------------------------------------------------------
# Hackenbush

def test_cut_table_and_view():
    t = cut_table(((0, 1), (1, 2), (0, 3)))
    assert "winning cuts: 1–2" in t.text
    v = hackenbush_view("tree", 5, 0)
    assert '<svg class="gamelab-svg"' in v.html
    assert v.text.startswith("tree with 5 edges, seed 0")
    assert cut_table(()).text.startswith("value 0 (P-position); nothing is standing")


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


def test_draw_and_layout():
    pos = ((0, 1), (1, 2), (1, 2), (2, 2), (0, 3), (3, 0))
    xy = hackenbush_layout(gl.GreenHackenbush().validate(pos))
    assert xy[0][1] == 0.0 and xy[2][1] == 2.0
    ax = draw_hackenbush(pos, labels="values", title="t")
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == len(pos)
    ax2 = draw_hackenbush(pos, labels="winning")
    assert ax2.texts == [] or len(ax2.texts) == 0
    import matplotlib.pyplot as plt
    plt.close("all")


@pytest.mark.parametrize("kind, edges, seed, exc", [
    ("forest", 3, 0, ValueError), ("tree", -1, 0, ValueError), ("tree", 2.5, 0, TypeError),
    ("graph", 3, None, TypeError)])
def test_hackenbush_position_bad_arguments(kind, edges, seed, exc):
    with pytest.raises(exc):
        hackenbush_position(kind, edges, seed)


@pytest.mark.parametrize("labels", ["all", 1, True])
def test_draw_bad_labels(labels):
    with pytest.raises(ValueError, match="labels"):
        draw_hackenbush(((0, 1),), labels=labels)


@pytest.mark.parametrize("call, exc", [
    (lambda: coin_table("nope", "HT"), ValueError),
    (lambda: coin_table("ruler", "HTA"), ValueError),
    (lambda: coin_table("ruler", ["H"]), TypeError),
    (lambda: cut_table([(0, 1)]), TypeError),
    (lambda: cut_table(((0, 1, 2),)), ValueError),
    (lambda: cut_table(((0, 1),), ground=[0]), TypeError),
    (lambda: draw_hackenbush(((0, [1]),)), TypeError),
    (lambda: hackenbush_layout([(0, 1)]), TypeError),
    (lambda: hackenbush_play([(0, 1)]), TypeError),
    (lambda: hackenbush_play(((0, 1),), misere=1), TypeError),
    (lambda: coin_play("ruler", "HTZ"), ValueError),
    (lambda: HackenbushExplorer(kind="forest"), ValueError),
    (lambda: HackenbushExplorer(edges=-1), ValueError),
    (lambda: HackenbushExplorer(edges=17), ValueError),
    (lambda: HackenbushExplorer(seed=1.5), TypeError),
    (lambda: CoinExplorer("ruler", 5), TypeError),
    (lambda: CoinExplorer("ruler", "H" * 25), ValueError),
])
def test_bad_arguments_raise(call, exc):
    with pytest.raises(exc):
        call()
