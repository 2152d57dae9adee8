"""The generic explorer: values, table, plot, period (proven or seen), play panel."""
from __future__ import annotations

from math import isqrt

import pytest

import gamelab as gl
from gamelab.widgets.explore import Explorer, SubtractionExplorer, apparent_period, explore
from conftest import read_sequence


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
    ex.n_slider.value = 30
    assert ex.table(30).html in ex.table_html.value
    assert "29" in ex.table_html.value
    assert '<svg class="gamelab-svg"' in ex.plot_html.value
    assert "Period proven" in ex.period_html.value
    assert ex.n_slider.continuous_update is False


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
    assert ex.play.position == 10
    ex.play.play(8)
    assert ex.play.position == 7
    ex.set_game(gl.Subtraction({1, 2}), name="take 1 or 2")
    assert ex.values(6) == [0, 1, 2, 0, 1, 2, 0]
    assert "take 1 or 2" in ex.title.value
    assert ex.play_box.children == (ex.play.widget,)


def test_subtraction_explorer_toggles():
    ex = SubtractionExplorer({1, 3, 4}, n_max=14)
    assert ex.subtraction_set() == (1, 3, 4)
    assert ex.explorer.values(8) == [0, 1, 0, 1, 2, 3, 2, 0, 1]
    ex.toggles[1].value = True
    assert ex.subtraction_set() == (1, 2, 3, 4)
    assert ex.explorer.period_info(14) == ("proven", (0, 5))
    assert "{1, 2, 3, 4}" in ex.explorer.title.value
    for t in ex.toggles:
        t.value = False
    assert "at least one" in ex.message.value
    ex.toggles[4].value = True
    assert ex.message.value == ""
    assert ex.explorer.values(6) == [0, 0, 0, 0, 0, 1, 1]


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
def test_subtraction_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        SubtractionExplorer(**kwargs)


def test_explorer_class_is_what_explore_returns():
    assert isinstance(explore(gl.Bash(2), 5), Explorer)


def test_play_panel_labels_and_heap_games():
    ex = explore(squares, n_max=20, play_start=10)
    assert [b.description for b in ex.play.moves_box.children] == ["take 1", "take 4", "take 9"]
    kayles = explore(gl.Kayles(), n_max=30, play_start=7)
    assert kayles.period_info(30)[0] == "proven"
    offset, expected = read_sequence("kayles_A002186.txt")
    assert kayles.values(30)[offset:] == expected[:31 - offset]
    kayles.play.play((2, 4))                # a move of the take-and-break game on heaps
    assert kayles.play.history[0] == ((7,), (2, 4), "you")
    assert kayles.play.history[1][2] == "gamelab"
