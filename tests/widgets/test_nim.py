"""gamelab.widgets.nim: the Nim and Moore's Nim-k explorers, driven headlessly."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import P_COLOUR, describe_moves, moore_report, nim_report
from gamelab.widgets import MooreNimExplorer, NimExplorer


def test_nim_explorer_sliders():
    ex = NimExplorer((3, 4, 5))
    heaps = ex.controls["heaps"]
    assert ex.kwargs["heaps"] == (3, 4, 5)
    assert "1 winning move" in ex.output.value
    heaps.sliders[2].value = 6
    assert ex.kwargs["heaps"] == (3, 4, 6)
    assert ex.result == nim_report((3, 4, 6))
    assert describe_moves((3, 4, 6), [(2, 4, 6)])[0] in ex.result.text
    heaps.sliders[2].value = 7
    assert "P-position" in ex.output.value
    heaps.count.value = 4
    assert ex.kwargs["heaps"] == (3, 4, 7, 1)
    assert heaps.sliders[3].layout.display is None and heaps.sliders[4].layout.display == "none"
    for line in describe_moves((3, 4, 7, 1), gl.search_winning_moves(gl.Nim(), (3, 4, 7, 1))):
        assert line in ex.result.text
    assert "take 1 from heap 4" in ex.output.value


def test_nim_explorer_all_winning_moves_listed():
    ex = NimExplorer((7, 7, 7))
    moves = gl.winning_moves(gl.Nim(), (7, 7, 7))
    assert len(moves) == 3
    assert "3 winning moves" in ex.output.value
    for line in describe_moves((7, 7, 7), moves):
        assert line in ex.output.value


def test_moore_explorer_k_slider():
    ex = MooreNimExplorer((1, 2, 3), k=2)
    wins = gl.search_winning_moves(gl.MooreNim(2), (1, 2, 3))
    assert f"An N-position with {len(wins)} winning move" in ex.result.text
    ex.controls["k"].value = 1
    assert ex.kwargs == {"k": 1, "heaps": (1, 2, 3)}
    assert "P-position" in ex.output.value
    ex.controls["heaps"].sliders[0].value = 3
    ex.controls["heaps"].sliders[1].value = 3
    ex.controls["k"].value = 2
    assert ex.kwargs["heaps"] == (3, 3, 3)
    assert gl.search_outcome(gl.MooreNim(2), (3, 3, 3)) == "P"
    assert ex.result == moore_report((3, 3, 3), 2)
    assert "divisible by 3" in ex.output.value


def test_the_p_verdicts_are_marked_in_the_p_colour():
    # a P-position's verdict is marked as P-positions are in tables: blue and bold
    for report in (nim_report((1, 2, 3)), moore_report((3, 3, 3), 2),
                   MooreNimExplorer((1, 2, 3), k=1).result):
        verdict = report.html.rsplit("<p", 1)[1]
        assert "P-position" in verdict
        assert f"background:{P_COLOUR};font-weight:bold" in verdict
        assert "{" not in report.html and "}" not in report.html   # no unfilled placeholder


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(heaps=(1, 2)), ValueError, "heaps"),
    (dict(heaps=(1, 2, 3, 4, 5, 6)), ValueError, "heaps"),
    (dict(heaps=(1, -2, 3)), ValueError, "heaps"),
    (dict(heaps=(1, 2.5, 3)), TypeError, "heaps"),
    (dict(heaps=(1, 99, 3)), ValueError, "max_heap"),
    (dict(heaps=5), TypeError, "heaps"),
    (dict(max_heap=0), ValueError, "max_heap"),
])
def test_nim_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        NimExplorer(**kwargs)


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(k=0), ValueError, "k"),
    (dict(k=9), ValueError, "k"),
    (dict(k=True), TypeError, "k"),
    (dict(heaps=(1,)), ValueError, "heaps"),
])
def test_moore_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        MooreNimExplorer(**kwargs)
