"""Explorers of lectures 07 and 08, driven headlessly through their sliders."""
from __future__ import annotations

import html
import re

import pytest

import gamelab as gl
from gamelab.display import Table, compare_table, plot_staircase, staircase_report
from gamelab.widgets import MisereNimExplorer, PlayWidget, StaircaseExplorer


def cells(table, label):
    """The cells after the label of the HTML row ``label`` of a table."""
    for row in re.findall(r"<tr>(.*?)</tr>", table.html):
        texts = [html.unescape(t) for t in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
        if texts and texts[0] == label:
            return texts[1:]
    raise AssertionError(f"no row {label!r}")


def value(table, label):
    """The value of row ``label`` of a two-column table."""
    line = next(ln for ln in table.text.splitlines() if ln.startswith(label))
    return line.split(" | ", 1)[1]


def test_staircase_explorer_follows_the_sliders():
    e = StaircaseExplorer((3, 1, 4, 1, 5))
    sliders = e.controls["position"].sliders
    assert e.kwargs["position"] == (3, 1, 4, 1, 5)
    assert value(e.result, "odd steps") == "3 ^ 4 ^ 5 = 2"
    assert value(e.result, "winning moves") == "move 2 coins from step 1 to the floor"
    sliders[0].value = 1
    assert e.kwargs["position"] == (1, 1, 4, 1, 5)
    assert value(e.result, "odd steps") == "1 ^ 4 ^ 5 = 0"
    assert value(e.result, "outcome").startswith("P-position")
    assert e.result == staircase_report((1, 1, 4, 1, 5))
    assert e.result.html in e.output.value
    assert "gamelab-staircase" in e.output.value
    sliders[3].value = 7          # even steps do not change the verdict
    assert value(e.result, "outcome").startswith("P-position")


def test_staircase_explorer_sliders_are_described():
    e = StaircaseExplorer((0, 2), max_coins=5)
    sliders = e.controls["position"].sliders
    assert [s.description for s in sliders] == ["coins on step 1", "coins on step 2"]
    assert all(s.max == 5 for s in sliders)
    assert e.widget is not None


@pytest.mark.parametrize("pos", [(0,), (2, 3, 1, 4), (5, 0, 5), (1, 0, 2, 1, 1, 0, 1, 1)])
def test_staircase_report_winning_moves_agree_with_search(pos):
    t = staircase_report(pos)
    assert isinstance(t, Table)
    g = gl.StaircaseNim()
    labels = [g.move_label(pos, m) for m in gl.search_winning_moves(g, pos)]
    assert value(t, "winning moves") == ("; ".join(labels) if labels else "none")


def test_plot_staircase_draws():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = plot_staircase((2, 0, 3))
    assert "nim-sum 1" in ax.get_title()
    plt.close(ax.figure)


def test_misere_explorer_follows_the_sliders():
    e = MisereNimExplorer((1, 1, 2))
    sliders = e.controls["heaps"].sliders
    assert cells(e.result, "outcome") == ["N", "N"]              # normal, misère
    assert cells(e.result, "winning moves") == ["take 2 from heap 3", "take 1 from heap 3"]
    assert e.result.text.splitlines()[-1].startswith("the strategies part")
    sliders[2].value = 1
    assert e.kwargs["heaps"] == (1, 1, 1)
    assert cells(e.result, "outcome") == ["N", "P"]
    assert cells(e.result, "winning moves")[1] == "none"
    sliders[0].value = 3
    sliders[1].value = 5
    sliders[2].value = 7
    assert e.result.text.splitlines()[-1].startswith("the strategies agree")
    assert e.result == compare_table((3, 5, 7)) and e.result.html in e.output.value


@pytest.mark.parametrize("heaps", [(0,), (1, 1), (2, 2), (1, 2, 3), (1, 1, 5), (4, 4, 1, 1)])
def test_compare_table_against_search(heaps):
    nim = gl.Nim()
    outcomes = cells(compare_table(heaps), "outcome")
    assert outcomes == [gl.search_outcome(nim, heaps, misere=m) for m in (False, True)]


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
