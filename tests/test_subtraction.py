"""Subtraction games and the Bash game against plain search and brute force."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Stones


def plain_values(subtraction_set, count):
    """Values of heaps 0..count-1 by the classic loop (no periodicity)."""
    vals = []
    for n in range(count):
        vals.append(gl.mex({vals[n - s] for s in subtraction_set if s <= n}))
    return vals


def brute_period(vals, tail_start):
    """Least period, and least preperiod for it, seen in ``vals`` from ``tail_start`` on.

    The least p such that vals[n + p] == vals[n] for every n in [tail_start,
    len(vals) - p), then the least e with the same from e on.
    """
    n = len(vals)
    for p in range(1, (n - tail_start) // 2 + 1):
        if all(vals[i + p] == vals[i] for i in range(tail_start, n - p)):
            e = tail_start
            while e > 0 and vals[e - 1 + p] == vals[e - 1]:
                e -= 1
            return e, p
    return None


# ---------------------------------------------------------------------------
# Bash

@pytest.mark.parametrize("m", [1, 2, 3, 5, 10, 37])
def test_bash_is_n_mod_m_plus_1(m):
    b = gl.Bash(m)
    for n in range(200):
        assert gl.grundy(b, n) == n % (m + 1) == gl.search_grundy(b, n)
        assert gl.winning_moves(b, n) == gl.search_winning_moves(b, n)
    assert b.grundy_sequence(300).tolist() == [n % (m + 1) for n in range(300)]
    assert b.period() == (0, m + 1)
    assert gl.grundy(b, 10**100) == 10**100 % (m + 1)
    assert gl.winning_moves(b, 10**100 + 1) == [10**100 + 1 - (10**100 + 1) % (m + 1)] or \
        (10**100 + 1) % (m + 1) == 0


@pytest.mark.parametrize("m", [1, 2, 4])
def test_bash_misere_by_search(m):
    b = gl.Bash(m)
    for n in range(40):
        assert gl.outcome(b, n, misere=True) == gl.search_outcome(b, n, misere=True)
        assert gl.winning_moves(b, n, misere=True) == gl.search_winning_moves(b, n, misere=True)
        # misère Bash: P exactly when n % (m + 1) == 1
        assert (gl.outcome(b, n, misere=True) == "P") == (n % (m + 1) == 1)


def test_bash_is_a_subtraction_game():
    assert gl.Bash(4).grundy_sequence(50).tolist() == \
        gl.Subtraction(range(1, 5)).grundy_sequence(50).tolist()


# ---------------------------------------------------------------------------
# S = {1, 3, 4}

def test_134_has_period_7():
    g = gl.Subtraction({1, 3, 4})
    assert g.period() == (0, 7)
    assert g.grundy_sequence(7).tolist() == [0, 1, 0, 1, 2, 3, 2]
    assert g.grundy_sequence(70).tolist() == [0, 1, 0, 1, 2, 3, 2] * 10
    assert [gl.search_grundy(g, n) for n in range(70)] == [0, 1, 0, 1, 2, 3, 2] * 10


def test_134_big_sequence_is_tiled():
    g = gl.Subtraction({1, 3, 4})
    seq = g.grundy_sequence(10**6)
    assert seq.shape == (10**6,) and seq.dtype == np.uint8
    assert np.array_equal(seq[:7], [0, 1, 0, 1, 2, 3, 2])
    assert np.array_equal(seq.reshape(-1, 1)[: (10**6 // 7) * 7].reshape(-1, 7),
                          np.tile([0, 1, 0, 1, 2, 3, 2], (10**6 // 7, 1)))
    assert len(g._values) <= 7  # only one period is kept


# ---------------------------------------------------------------------------
# periods against brute force

@pytest.mark.parametrize("subtraction_set, expected", [
    ({1}, (0, 2)),
    ({2}, (0, 4)),
    ({1, 2}, (0, 3)),
    ({2, 3}, (0, 5)),
    ({1, 3, 4}, (0, 7)),
    ({4, 9, 11}, (40, 5)),
    ({9, 14, 25, 30, 37, 39}, (3269, 69)),  # a long preperiod
    ({1, 8, 31, 38, 39}, (57, 11757)),  # a long period
])
def test_known_periods(subtraction_set, expected):
    g = gl.Subtraction(subtraction_set)
    assert g.period() == expected
    e, p = expected
    k = max(subtraction_set)
    vals = plain_values(subtraction_set, e + 3 * p + 3 * k)
    assert brute_period(vals, e + 2 * k) == (e, p)
    assert g.grundy_sequence(len(vals)).tolist() == vals


@settings(max_examples=80, deadline=None)
@given(st.sets(st.integers(1, 14), min_size=1, max_size=5))
def test_period_agrees_with_brute_force(subtraction_set):
    g = gl.Subtraction(subtraction_set)
    e, p = g.period()
    k = max(subtraction_set)
    vals = plain_values(sorted(subtraction_set), e + 5 * p + 3 * k)
    # the claimed period holds over the whole range ...
    assert all(vals[n + p] == vals[n] for n in range(e, len(vals) - p))
    # ... and is the least period, with the least preperiod, seen by brute force
    assert brute_period(vals, e + k) == (e, p)
    assert g.grundy_sequence(len(vals)).tolist() == vals


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 10), min_size=1, max_size=4), st.integers(0, 60))
def test_grundy_agrees_with_search(subtraction_set, n):
    g = gl.Subtraction(subtraction_set)
    plain = lambda h: [h - s for s in sorted(subtraction_set) if s <= h]
    assert gl.grundy(g, n) == gl.search_grundy(g, n) == gl.search_grundy(plain, n)
    assert gl.outcome(g, n) == gl.search_outcome(g, n)
    assert gl.winning_moves(g, n) == gl.search_winning_moves(g, n)
    assert gl.outcome(g, n, misere=True) == gl.search_outcome(plain, n, misere=True)
    assert gl.winning_moves(g, n, misere=True) == gl.search_winning_moves(plain, n, misere=True)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4), st.integers(0, 200))
def test_grundy_sequence_equals_search(subtraction_set, n):
    g = gl.Subtraction(subtraction_set)
    seq = g.grundy_sequence(n)
    assert seq.shape == (n,) and np.issubdtype(seq.dtype, np.integer)
    assert seq.tolist() == [gl.search_grundy(g, h) for h in range(n)]
    # a fresh object, asked in the other order, agrees
    h = gl.Subtraction(subtraction_set)
    assert [gl.grundy(h, x) for x in reversed(range(n))][::-1] == seq.tolist()


@pytest.mark.parametrize("subtraction_set", [{1, 3, 4}, {2, 5, 6}, {9, 14, 25, 30, 37, 39}, {1, 8, 31, 38, 39}])
def test_huge_heaps_use_the_period(subtraction_set):
    g = gl.Subtraction(subtraction_set)
    e, p = g.period()
    for n in (10**100, 10**100 + 1, 3**200, 2**64 + 7):
        assert gl.grundy(g, n) == g.grundy(e + (n - e) % p)
        assert gl.outcome(g, n) == ("P" if gl.grundy(g, n) == 0 else "N")
        wins = gl.winning_moves(g, n)
        assert all(gl.grundy(g, w) == 0 for w in wins)
        assert wins == [n - s for s in sorted(subtraction_set) if gl.grundy(g, n - s) == 0]
    assert len(g._values) <= e + p


def test_huge_heap_before_the_period_is_known():
    g = gl.Subtraction({9, 14, 25, 30, 37, 39})
    assert gl.grundy(g, 10**100) == gl.Subtraction({9, 14, 25, 30, 37, 39}).grundy(
        3269 + (10**100 - 3269) % 69)


def test_sequence_small_and_empty():
    g = gl.Subtraction({2, 5})
    assert g.grundy_sequence(0).tolist() == []
    assert g.grundy_sequence(1).tolist() == [0]
    assert g.grundy_sequence(3).tolist() == plain_values({2, 5}, 3)


def test_period_limit_too_small_returns_none():
    g = gl.Subtraction({1, 8, 31, 38, 39})
    assert g.period(limit=100) is None
    assert g.period() == (57, 11757)


def test_options_and_labels():
    g = gl.Subtraction({1, 3, 4})
    assert g.options(5) == [4, 2, 1]
    assert gl.game_options(g, 2) == [1]
    assert g.move_label(5, 2) == "take 3"
    assert g.board(5) == Stones((5,)) and gl.Bash(4).board(0) == Stones((0,))
    assert g.name == "take 1, 3 or 4" and gl.Subtraction({2}).name == "take 2"
    assert gl.Subtraction(range(1, 9)).name == "take one of {1, 2, 3, 4, 5, …}"
    assert gl.Bash(3).name == "Bash, take 1..3" and g.always_ends and gl.Bash(3).always_ends
    assert repr(gl.Bash(3)) == "Bash(3)"


# -- at any size: the options of a value; refusals where no rule and no search reach --

def test_options_of_value_agree_with_search():
    for game in (gl.Subtraction({1, 3, 4}), gl.Subtraction({2, 5, 6}), gl.Bash(3)):
        plain = gl.Subtraction(game.subtraction_set)
        for n in range(30):
            for v in range(5):
                assert game.options_of_value(n, v) == [o for o in gl.game_options(plain, n)
                                                       if gl.search_grundy(plain, o) == v]
    g = gl.Subtraction({1, 3, 4})   # period 7: (0, 1, 0, 1, 2, 3, 2)
    n = 10**40 + 4                  # 10**40 % 7 == 4, so n % 7 == 1
    assert g.options_of_value(n, 0) == [n - 1] and g.options_of_value(n, 3) == [n - 3]


def test_bash_options_of_a_huge_heap_are_not_listed():
    with pytest.raises(ValueError, match="too many to list"):
        gl.Bash(10**100).options(2**64)
    with pytest.raises(ValueError, match="too big for a plain search"):
        gl.search_outcome(gl.Bash(10**100), 2**64, misere=True)
    assert gl.outcome(gl.Bash(10**100), 2**64, misere=True) == "N"       # the closed form
    assert len(gl.Bash(10**100).options(1000)) == 1000


def test_misere_play_out_of_reach_is_refused_at_once():
    g = gl.Subtraction({10**6})
    with pytest.raises(ValueError, match="SEARCH_LIMIT"):
        gl.outcome(g, 2**63, misere=True)
    small = gl.Subtraction({2, 5})     # misère values by search where a search can go
    assert gl.outcome(small, 40, misere=True) == gl.search_outcome(gl.Subtraction({2, 5}), 40,
                                                                    misere=True)
