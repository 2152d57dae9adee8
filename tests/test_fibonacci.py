"""Fibonacci Nim and Zeckendorf's theorem: closed forms against plain search."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Stones
from gamelab.games.fibonacci import SEARCH_HEAP_LIMIT, fibonacci_numbers, is_fibonacci

GAME = gl.FibonacciNim()  # one object: its search memo is shared by every test here
BOUND = 90
HUGE = 10**100
FIBS = fibonacci_numbers(10**130)


def all_positions(bound=BOUND):
    """Every (heap, limit) with heap <= bound and limit up to 2 * heap + 1."""
    return [(h, lim) for h in range(bound + 1) for lim in range(2 * h + 2)]


# -- Zeckendorf's theorem ----------------------------------------------------------------

def _is_zeckendorf(n, terms):
    index = {f: i for i, f in enumerate(FIBS)}
    idx = [index.get(t) for t in terms]
    return (sum(terms) == n and None not in idx
            and all(i - j >= 2 for i, j in zip(idx, idx[1:])))


def test_zeckendorf_is_a_valid_representation():
    """Distinct, non-consecutive Fibonacci numbers adding up to n: every n below 300,
    and large ones (the largest 64-bit integer, 10**100 and the number before it, the largest
    Fibonacci number below 10**130)."""
    for n in list(range(0, 300)) + [10**9, 2**64 - 1, HUGE, HUGE - 1, FIBS[-1]]:
        assert _is_zeckendorf(n, gl.zeckendorf(n)), n


def test_zeckendorf_is_unique():
    """Brute force: among all sets of distinct Fibonacci numbers, exactly one
    non-consecutive set sums to each n."""
    small = fibonacci_numbers(200)
    count = {}
    for r in range(len(small) + 1):
        for combo in itertools.combinations(range(len(small)), r):
            if all(j - i >= 2 for i, j in zip(combo, combo[1:])):
                n = sum(small[i] for i in combo)
                count.setdefault(n, []).append(sorted((small[i] for i in combo), reverse=True))
    for n in range(0, 201):
        assert count[n] == [gl.zeckendorf(n)], n


def test_zeckendorf_of_a_googol():
    terms = gl.zeckendorf(HUGE)
    assert sum(terms) == HUGE and terms == sorted(terms, reverse=True)
    assert _is_zeckendorf(HUGE, terms)
    assert gl.zeckendorf(FIBS[-1]) == [FIBS[-1]]


def test_is_fibonacci():
    assert [n for n in range(0, 400) if is_fibonacci(n)] == fibonacci_numbers(400)
    assert all(is_fibonacci(f) for f in FIBS)
    assert not any(is_fibonacci(f + 1) for f in FIBS[3:])


# -- the game against plain search ---------------------------------------------------------

def test_outcome_closed_form_matches_search():
    checked = 0
    for pos in all_positions():
        expected = gl.search_outcome(GAME, pos)
        heap, limit = pos
        closed = "N" if heap and gl.zeckendorf(heap)[-1] <= limit else "P"
        assert expected == closed == GAME.outcome(pos) == gl.outcome(GAME, pos), pos
        checked += 1
    assert checked == sum(2 * h + 2 for h in range(BOUND + 1))


@pytest.mark.slow
def test_winning_moves_match_search():
    several = 0
    for pos in all_positions():
        got = gl.winning_moves(GAME, pos)
        assert got == gl.search_winning_moves(GAME, pos), pos
        several += len(got) > 1
    assert several > 100


def test_taking_the_smallest_term_wins_when_allowed():
    for pos in all_positions():
        heap, limit = pos
        if heap == 0:
            continue
        z = gl.zeckendorf(heap)[-1]
        if z <= limit:
            assert (heap - z, 2 * z) in GAME.winning_moves(pos)
        else:
            assert GAME.winning_moves(pos) == []


def test_first_player_loses_exactly_on_fibonacci_numbers():
    losing = [n for n in range(1, 2 * BOUND) if gl.search_outcome(GAME, GAME.start(n)) == "P"]
    assert losing == fibonacci_numbers(2 * BOUND)


def test_start_position():
    assert GAME.start(10) == (10, 9)
    assert GAME.options(GAME.start(3)) == [(2, 2), (1, 4)]
    assert GAME.options((0, 5)) == [] and GAME.options((4, 0)) == []


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 120), st.integers(0, 250))
def test_hypothesis_closed_forms_match_search(heap, limit):
    pos = (heap, limit)
    assert GAME.outcome(pos) == gl.search_outcome(GAME, pos)
    assert GAME.winning_moves(pos) == gl.search_winning_moves(GAME, pos)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**110), st.integers(0, 10**110))
def test_huge_positions(heap, limit):
    pos = (heap, limit)
    moves = GAME.winning_moves(pos)
    assert (GAME.outcome(pos) == "N") == bool(moves)
    for h, lim in moves:
        x = heap - h
        assert 1 <= x <= min(heap, limit) and lim == 2 * x
        assert GAME.outcome((h, lim)) == "P"


@pytest.mark.parametrize("f", [FIBS[200], FIBS[-1]])
def test_huge_fibonacci_starts_are_lost(f):
    assert GAME.outcome(GAME.start(f)) == "P"
    assert GAME.outcome(GAME.start(f + 1)) == "N"
    assert GAME.winning_moves(GAME.start(f + 1)) == [(f, 2)]


def test_grundy_and_misere_are_plain_search():
    for pos in all_positions(30):
        assert gl.grundy(GAME, pos) == gl.search_grundy(GAME, pos)
        assert GAME.outcome(pos, misere=True) == gl.search_outcome(GAME, pos, misere=True)
        assert GAME.winning_moves(pos, misere=True) == gl.search_winning_moves(GAME, pos, misere=True)


def test_search_is_refused_for_big_heaps_instead_of_hanging():
    for call in (lambda: GAME.grundy((SEARCH_HEAP_LIMIT + 1, 3)),
                 lambda: GAME.outcome((HUGE, 3), misere=True),
                 lambda: GAME.winning_moves((HUGE, 3), misere=True)):
        with pytest.raises(ValueError, match="heap"):
            call()
    with pytest.raises(ValueError, match="exact for any size"):
        GAME.options((HUGE, HUGE))


def test_labels_and_board():
    assert GAME.move_label((10, 9), (7, 6)) == "take 3"
    assert GAME.board((10, 9)) == Stones((10,), note="the next move may take 1 to 9 stones")
    assert GAME.board((3, 1)).note == "the next move may take 1 to 1 stone"
    assert GAME.name == "Fibonacci Nim" and GAME.always_ends
    assert repr(GAME) == "FibonacciNim()"


# -- bad input -------------------------------------------------------------------------------

BAD_POSITIONS = [
    ((-1, 2), ValueError), ((1, -2), ValueError), ((1.5, 2), TypeError), ((True, 2), TypeError),
    ((None, 2), TypeError), ((1, 2, 3), ValueError), ((1,), ValueError), ({1, 2}, TypeError),
    ("12", TypeError), (None, TypeError), (5, TypeError),
]


@pytest.mark.parametrize("bad, exc", BAD_POSITIONS)
@pytest.mark.parametrize("call", [
    lambda p: GAME.outcome(p), lambda p: GAME.winning_moves(p), lambda p: GAME.grundy(p),
    lambda p: GAME.options(p), lambda p: gl.outcome(GAME, p, misere=True),
    lambda p: gl.winning_moves(GAME, p), lambda p: gl.grundy(GAME, p),
], ids=["outcome", "winning_moves", "grundy", "options", "gl.outcome", "gl.winning_moves",
        "gl.grundy"])
def test_bad_positions(call, bad, exc):
    with pytest.raises(exc, match="position"):
        call(bad)


@pytest.mark.parametrize("func, name", [(gl.zeckendorf, "n"), (is_fibonacci, "n"),
                                        (fibonacci_numbers, "limit")])
@pytest.mark.parametrize("bad, exc", [(-1, ValueError), (1.0, TypeError), (True, TypeError),
                                      (None, TypeError), ("3", TypeError), ([3], TypeError)])
def test_bad_numbers(func, name, bad, exc):
    with pytest.raises(exc, match=rf"\b{name}\b"):
        func(bad)


@pytest.mark.parametrize("bad, exc", [(0, ValueError), (-3, ValueError), (2.0, TypeError),
                                      (False, TypeError), (None, TypeError)])
def test_bad_start(bad, exc):
    with pytest.raises(exc, match=r"\bn\b"):
        GAME.start(bad)


@pytest.mark.parametrize("bad", [0, 1, None, "no"])
def test_misere_must_be_bool(bad):
    for call in (GAME.outcome, GAME.winning_moves):
        with pytest.raises(TypeError, match="misere"):
            call((5, 4), misere=bad)
