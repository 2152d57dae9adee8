"""Staircase Nim (阶梯博弈) and pieces on a strip: closed forms against plain search."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Steps, Strip
from gamelab.games.staircase import PiecesOnStrip, odd_step_xor

STAIRS = gl.StaircaseNim()
STRIP = PiecesOnStrip()


def small_staircases(steps, top):
    for k in range(steps + 1):
        yield from itertools.product(range(top + 1), repeat=k)


def test_value_is_odd_step_xor_over_a_range():
    g = gl.StaircaseNim()
    count = 0
    for pos in small_staircases(4, 3):
        assert gl.search_grundy(g, pos) == odd_step_xor(pos) == gl.grundy(g, pos), pos
        count += 1
    assert count == 1 + 4 + 16 + 64 + 256


def test_outcome_and_winning_moves_match_search_over_a_range():
    g = gl.StaircaseNim()
    for pos in small_staircases(4, 3):
        assert gl.outcome(g, pos) == gl.search_outcome(g, pos), pos
        assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos), pos


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=5).map(tuple))
def test_hypothesis_staircase_matches_search(pos):
    g = gl.StaircaseNim()
    assert gl.grundy(g, pos) == gl.search_grundy(g, pos)
    assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10**12), min_size=1, max_size=12).map(tuple))
def test_winning_moves_reach_p_positions_on_huge_staircases(pos):
    moves = gl.winning_moves(STAIRS, pos)
    assert (moves == []) == (odd_step_xor(pos) == 0)
    options = set()
    for m in moves:
        assert odd_step_xor(m) == 0
        assert sum(m) <= sum(pos)
        diff = [(a, b) for a, b in zip(pos, m) if a != b]
        assert 1 <= len(diff) <= 2
        options.add(m)
    assert len(options) == len(moves)


def test_even_steps_do_not_matter():
    # coins on even steps never change the outcome (the copying argument)
    for pos in small_staircases(4, 2):
        moved = tuple(c + 3 if i % 2 else c for i, c in enumerate(pos))
        assert gl.search_outcome(STAIRS, moved) == gl.search_outcome(STAIRS, pos)


def test_misere_staircase_by_search():
    g = gl.StaircaseNim()
    for pos in small_staircases(3, 2):
        assert gl.outcome(g, pos, misere=True) == gl.search_outcome(g, pos, misere=True)
        assert gl.winning_moves(g, pos, misere=True) == gl.search_winning_moves(g, pos, misere=True)
    assert gl.outcome(g, (), misere=True) == "N"


def test_options_order_and_labels():
    assert list(STAIRS.options((1, 2))) == [(0, 2), (2, 1), (3, 0)]
    assert STAIRS.move_label((1, 2), (0, 2)) == "move 1 coin from step 1 to the floor"
    assert STAIRS.move_label((1, 2), (3, 0)) == "move 2 coins from step 2 to step 1"
    assert STAIRS.board((1, 2)) == Steps((1, 2)) and STAIRS.board(()) == Steps(())
    assert STAIRS.name == "staircase Nim" and STAIRS.always_ends


def test_large_values_are_exact():
    pos = (10**30, 5, 10**30 + 1)
    assert gl.grundy(STAIRS, pos) == 1
    assert gl.winning_moves(STAIRS, pos) == [(10**30 + 1, 4, 10**30 + 1), (10**30, 6, 10**30)]


# -- pieces on a strip -----------------------------------------------------------

def strips(cells, pieces):
    for k in range(pieces + 1):
        yield from itertools.combinations(range(1, cells + 1), k)


def test_strip_is_staircase_over_all_small_boards():
    count = 0
    for pos in strips(9, 4):
        assert gl.search_grundy(STRIP, pos) == gl.grundy(STRIP, pos), pos
        assert gl.search_grundy(STRIP, pos) == gl.search_grundy(STAIRS, STRIP.to_staircase(pos))
        assert gl.winning_moves(STRIP, pos) == gl.search_winning_moves(STRIP, pos), pos
        count += 1
    assert count > 250


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 14), max_size=5))
def test_hypothesis_strip_matches_search(cells):
    pos = tuple(sorted(cells))
    assert gl.outcome(STRIP, pos) == gl.search_outcome(STRIP, pos)
    assert gl.winning_moves(STRIP, pos) == gl.search_winning_moves(STRIP, pos)


def test_strip_accepts_unsorted_and_sorts():
    assert STRIP.validate((5, 1, 3)) == (1, 3, 5)
    assert STRIP.to_staircase((3, 1)) == (1, 0)
    assert STRIP.move_label((2, 6), (2, 3)) == "piece on 6 to 3"
    assert STRIP.board((6, 2)) == Strip((2, 6), 6) and STRIP.board(()) == Strip((), 0)
    assert STRIP.always_ends


def test_strip_misere_by_search():
    for pos in strips(6, 3):
        assert gl.outcome(STRIP, pos, misere=True) == gl.search_outcome(STRIP, pos, misere=True)


# -- bad input ------------------------------------------------------------------

BAD_STAIRS = [
    ({1, 2}, TypeError), ((1, -1), ValueError), ((1, 2.5), TypeError), ((True, 1), TypeError),
    (None, TypeError), ("12", TypeError), (((1,), 2), TypeError), (3, TypeError), ((1, None), TypeError),
]


@pytest.mark.parametrize("bad, exc", BAD_STAIRS)
@pytest.mark.parametrize("call", [
    lambda p: gl.grundy(gl.StaircaseNim(), p),
    lambda p: gl.outcome(gl.StaircaseNim(), p),
    lambda p: gl.outcome(gl.StaircaseNim(), p, misere=True),
    lambda p: gl.winning_moves(gl.StaircaseNim(), p),
    lambda p: list(gl.StaircaseNim().options(p)),
    lambda p: odd_step_xor(p),
    lambda p: gl.StaircaseNim().board(p),
])
def test_staircase_bad_position(call, bad, exc):
    with pytest.raises(exc, match="position"):
        call(bad)


BAD_STRIP = BAD_STAIRS + [((0, 2), ValueError), ((3, 3), ValueError)]


@pytest.mark.parametrize("bad, exc", BAD_STRIP)
@pytest.mark.parametrize("call", [
    lambda p: gl.grundy(PiecesOnStrip(), p),
    lambda p: gl.outcome(PiecesOnStrip(), p),
    lambda p: gl.winning_moves(PiecesOnStrip(), p),
    lambda p: PiecesOnStrip().to_staircase(p),
])
def test_strip_bad_position(call, bad, exc):
    with pytest.raises(exc, match="position"):
        call(bad)


@pytest.mark.parametrize("flag", [1, 0, None, "yes", 1.0])
@pytest.mark.parametrize("game, pos", [(gl.StaircaseNim(), (1, 2)), (PiecesOnStrip(), (2, 5))])
def test_misere_flag_must_be_bool(game, pos, flag):
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(game, pos, misere=flag)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(game, pos, misere=flag)
    with pytest.raises(TypeError, match="misere"):
        game.outcome(pos, misere=flag)


def test_misere_is_keyword_only():
    with pytest.raises(TypeError):
        gl.outcome(gl.StaircaseNim(), (1,), True)


def test_positions_with_too_many_moves_are_not_listed():
    g = gl.StaircaseNim()
    with pytest.raises(ValueError, match="too many to list"):
        gl.game_options(g, (0, 10**21))
    with pytest.raises(ValueError, match="too big for a plain search"):
        gl.search_outcome(g, (3, 10**21), misere=True)
    assert gl.grundy(g, (3, 10**21)) == odd_step_xor((3, 10**21))     # the closed form
    assert len(gl.game_options(g, (2, 3))) == 5
