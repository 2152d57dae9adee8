"""gamelab.widgets.explore: the generic explorer: values, table, plot, period (proven or
seen), play panel."""
from __future__ import annotations

from math import isqrt

import pytest

import gamelab as gl
from gamelab.display import one_heap_view, sequence_table, subtraction_set_view
from gamelab.periodicity import apparent_period
from gamelab.widgets import Explorer, GameExplorer, SubtractionSetExplorer, explore
from gamelab_testing import read_sequence


def squares(n):
    return [n - k * k for k in range(1, isqrt(n) + 1)]


def divisors(n):
    return [n - d for d in range(1, n + 1) if n % d == 0]


def test_subtract_a_square_matches_oeis():
    offset, expected = read_sequence("subtract_a_square_A014586.txt")
    assert offset == 0
    ex = explore(squares, n_max=len(expected) - 1)
    assert ex.values(len(expected) - 1) == expected
    assert ex.period_info(len(expected) - 1) == (None, None)


def test_table_highlights_p_positions():
    ex = explore(gl.Subtraction({1, 3, 4}), n_max=20)
    t = ex.table(20)
    assert 'class="gamelab-table"' in t.html
    assert t.html.count("font-weight:bold") == len(ex.p_positions(20))
    assert ex.p_positions(20) == [n for n in range(21) if n % 7 in (0, 2)]


def test_slider_recomputes_widget():
    ex = explore(gl.Subtraction({1, 3, 4}), n_max=10)
    ex.controls["n_max"].value = 30
    assert ex.table(30).html in ex.output.value
    assert ex.table(30).text in ex.result.text
    assert ex.result == one_heap_view(gl.Subtraction({1, 3, 4}), 30)
    assert '<svg class="gamelab-svg"' in ex.output.value
    assert ex.result.text.splitlines()[1].startswith("Period proven")
    assert ex.controls["n_max"].continuous_update is False


def test_period_kinds():
    assert explore(gl.Subtraction({1, 3, 4}), 30).period_info(30) == ("proven", (0, 7))
    ex = explore(lambda n: [n - s for s in (2, 3) if s <= n], 40)
    assert ex.period_info(40) == ("seen", (0, 5))
    assert "seen, not proven" in ex.period_text(40)
    assert explore(divisors, 30, period=(0, 2)).period_info(30) == ("given", (0, 2))
    assert explore(divisors, 30, period=None).period_info(30) == (None, None)
    assert "No period" in explore(squares, 30).period_text(30)


def test_divisor_game_values():
    """"Take a divisor of the heap": the value of n is the exponent of 2 in n, plus one."""
    ex = explore(divisors, n_max=64)
    vals = ex.values(64)
    assert vals[0] == 0
    for n in range(1, 65):
        assert vals[n] == (n & -n).bit_length()


def test_apparent_period():
    assert apparent_period([0, 1, 0, 1, 2, 3, 2] * 4) == (0, 7)
    assert apparent_period([9] + [0, 1] * 10) == (1, 2)
    assert apparent_period([]) is None
    assert apparent_period([n.bit_length() for n in range(41)]) is None
    seq = gl.Subtraction({2, 5, 7}).grundy_sequence(300).tolist()
    assert apparent_period(seq) == gl.Subtraction({2, 5, 7}).period()


def test_play_panel_and_set_game():
    ex = explore(gl.Bash(3), n_max=12, play_start=10)
    play = ex.play_panel.play
    assert play.position == 10
    play.play(8)
    assert play.position == 7
    ex.set_game(gl.Subtraction({1, 2}), name="take 1 or 2")
    assert ex.values(6) == [0, 1, 2, 0, 1, 2, 0]
    assert ex.result.text.splitlines()[0] == "take 1 or 2"
    assert "take 1 or 2" in ex.output.value
    assert ex.play_panel.play is not play and ex.play_panel.play.position == 10
    assert ex.play_panel.box.children == (ex.play_panel.play.widget,)
    assert ex.widget.children[-1] is ex.play_panel.widget


def shown_values(ex):
    """The values in the explorer's table (a sequence table with one row of values)."""
    line = next(ln for ln in ex.result.text.splitlines() if ln.startswith("G(n) |"))
    return [int(v) for v in line.split("|")[1].split()]


def test_subtraction_set_explorer_toggles():
    ex = SubtractionSetExplorer({1, 3, 4}, n_max=8)
    toggles = ex.controls["moves"].toggles
    assert ex.kwargs == {"moves": (1, 3, 4), "n_max": 8}
    assert shown_values(ex) == [0, 1, 0, 1, 2, 3, 2, 0, 1]
    play = ex.play_panel.play
    toggles[1].value = True
    assert ex.kwargs["moves"] == (1, 2, 3, 4)
    assert "Period proven" in ex.result.text and "period 5)" in ex.result.text
    assert "{1, 2, 3, 4}" in ex.output.value
    assert ex.play_panel.play is not play                   # a game of the new moves
    play = ex.play_panel.play
    ex.controls["n_max"].value = 6
    assert ex.play_panel.play is play                       # kept while only the range moves
    for t in toggles:
        t.value = False
    assert "at least one" in ex.output.value and "gamelab-table" not in ex.output.value
    assert ex.play_panel.widget.layout.display == "none"
    toggles[4].value = True
    assert ex.result == subtraction_set_view((5,), 6)
    assert shown_values(ex) == [0, 0, 0, 0, 0, 1, 1]
    assert ex.play_panel.widget.layout.display is None


def test_explorer_reports_loopy_game():
    with pytest.raises(gl.LoopyGameError):
        explore(lambda n: [n + 1] if n < 3 else [0], n_max=5)


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(game=5), TypeError, "game"),
    (dict(game=None), TypeError, "game"),
    (dict(game=squares, n_max=-1), ValueError, "n_max"),
    (dict(game=squares, n_max=2.5), TypeError, "n_max"),
    (dict(game=squares, n_max=True), TypeError, "n_max"),
    (dict(game=squares, n_max=10**6), ValueError, "n_max"),
    (dict(game=squares, period="sometimes"), ValueError, "period"),
    (dict(game=squares, period=(0, 0)), ValueError, "period"),
    (dict(game=squares, name=3), TypeError, "name"),
    (dict(game=squares, play_start=-2), ValueError, "play_start"),
    (dict(game=squares, slider_max=0), ValueError, "slider_max"),
])
def test_explore_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        explore(**kwargs)


@pytest.mark.parametrize("args,error,word", [
    (([1, 2], "x"), TypeError, "min_repeats"),
    (([1, 2], 0), ValueError, "min_repeats"),
    ((None, 3), TypeError, "values"),
])
def test_apparent_period_bad_input(args, error, word):
    values, reps = args
    with pytest.raises(error, match=word):
        apparent_period(values, min_repeats=reps)


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(subtraction_set=()), ValueError, "subtraction_set"),
    (dict(subtraction_set=(0, 1)), ValueError, "subtraction_set"),
    (dict(subtraction_set=(13,)), ValueError, "max_move"),
    (dict(subtraction_set="13"), TypeError, "subtraction_set"),
    (dict(max_move=0), ValueError, "max_move"),
    (dict(n_max=-3), ValueError, "n_max"),
])
def test_subtraction_set_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        SubtractionSetExplorer(**kwargs)


def test_explorer_class_is_what_explore_returns():
    ex = explore(gl.Bash(2), 5)
    assert isinstance(ex, GameExplorer) and isinstance(ex, Explorer)
    assert ex.table(5) == sequence_table(ex.values(5), title=ex.name)


def test_play_panel_labels_and_heap_games():
    ex = explore(squares, n_max=20, play_start=10)
    buttons = ex.play_panel.play.moves_box.children
    assert [b.description for b in buttons] == ["take 1", "take 4", "take 9"]
    kayles = explore(gl.Kayles(), n_max=30, play_start=7)
    assert kayles.period_info(30)[0] == "proven"
    offset, expected = read_sequence("kayles_A002186.txt")
    assert kayles.values(30)[offset:] == expected[:31 - offset]
    play = kayles.play_panel.play
    play.play((2, 4))                       # a move of the take-and-break game on heaps
    assert play.history[0] == (7, (2, 4), "you")
    assert play.history[1][2] == "gamelab"
    assert "pin" in play.board.value and "<code>" not in play.board.value   # rows of pins
