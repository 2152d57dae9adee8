"""Wythoff's game: the exact closed forms against plain search, OEIS and huge positions."""
from __future__ import annotations

from math import isqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Stones
from gamelab.games.wythoff import (
    GRUNDY_SEARCH_CELLS,
    is_wythoff_p_position,
    wythoff_lower,
    wythoff_partner,
)


GAME = gl.Wythoff()  # one object: its search memo is shared by every test here
GRID = 36
HUGE = 10**100


def grid():
    return [(a, b) for a in range(GRID) for b in range(GRID)]


# -- small positions against plain search ---------------------------------------------

@pytest.mark.parametrize("misere", [False, True])
def test_outcome_matches_search_on_grid(misere):
    for pos in grid():
        assert GAME.outcome(pos, misere=misere) == gl.search_outcome(GAME, pos, misere=misere), pos
        assert gl.outcome(GAME, pos, misere=misere) == GAME.outcome(pos, misere=misere)


@pytest.mark.parametrize("misere", [False, True])
def test_winning_moves_match_search_on_grid(misere):
    several = 0
    for pos in grid():
        got = gl.winning_moves(GAME, pos, misere=misere)
        assert got == gl.search_winning_moves(GAME, pos, misere=misere), pos
        several += len(got) > 1
    assert several > 50  # more than one winning move is common


def test_p_positions_by_search_are_the_wythoff_pairs():
    by_search = sorted(p for p in grid() if gl.search_outcome(GAME, p) == "P")
    assert by_search == GAME.p_positions(GRID)
    pairs = [gl.wythoff_pair(k) for k in range(GRID)]
    expected = sorted({(a, b) for a, b in pairs if b < GRID} | {(b, a) for a, b in pairs if b < GRID})
    assert by_search == expected


def test_grundy_is_plain_search_and_table_agrees():
    table = GAME.grundy_table(GRID, GRID + 5)
    for a in range(GRID):
        for b in range(GRID + 5):
            assert table[a][b] == gl.search_grundy(GAME, (a, b))
    assert gl.grundy(GAME, (7, 9)) == table[7][9]
    assert GAME.grundy_table(0) == []


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 70), st.integers(0, 70), st.booleans())
def test_hypothesis_closed_forms_match_search(a, b, misere):
    pos = (a, b)
    assert GAME.outcome(pos, misere=misere) == gl.search_outcome(GAME, pos, misere=misere)
    assert GAME.winning_moves(pos, misere=misere) == gl.search_winning_moves(GAME, pos, misere=misere)


# -- the pairs, OEIS and Beatty's theorem ----------------------------------------------

def test_lower_and_upper_sequences_match_oeis(sequence):
    off, lower = sequence("wythoff_lower_A000201.txt")
    assert [gl.wythoff_pair(k)[0] for k in range(off, off + len(lower))] == lower
    off, upper = sequence("wythoff_upper_A001950.txt")
    assert [gl.wythoff_pair(k)[1] for k in range(off, off + len(upper))] == upper


def test_first_pairs():
    assert [gl.wythoff_pair(k) for k in range(6)] == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]


def test_mex_rule_builds_the_pairs():
    """a_k is the least number not used before, and b_k = a_k + k."""
    used = {0}
    for k in range(1, 2000):
        a = next(n for n in range(1, 10**6) if n not in used)
        assert gl.wythoff_pair(k) == (a, a + k)
        used |= {a, a + k}


def test_beatty_complementarity():
    top = 20_000
    lower = {gl.wythoff_pair(k)[0] for k in range(1, top)}
    upper = {gl.wythoff_pair(k)[1] for k in range(1, top)}
    bound = gl.wythoff_pair(top - 1)[0]
    assert not lower & upper
    assert {n for n in lower | upper if n <= bound} == set(range(1, bound + 1))


def test_partner_matches_pairs():
    partner = {0: 0}
    for k in range(1, 3000):
        a, b = gl.wythoff_pair(k)
        partner[a], partner[b] = b, a
    top = gl.wythoff_pair(2999)[0]
    for n in range(top):
        assert wythoff_partner(n) == partner[n]


# -- exact for any size ------------------------------------------------------------------

def _is_floor_k_phi(a, k):
    """a == floor(k * phi), i.e. a < k*phi < a + 1, i.e. (2a - k)^2 < 5k^2 < (2a + 2 - k)^2."""
    return 2 * a - k >= 0 and (2 * a - k) ** 2 < 5 * k * k < (2 * a + 2 - k) ** 2


@pytest.mark.parametrize("k", [1, 2, 10**9, 102334155, 10**50 + 7, HUGE, 3 * HUGE + 1])
def test_pair_is_exact_for_huge_k(k):
    a, b = gl.wythoff_pair(k)
    assert b == a + k
    assert _is_floor_k_phi(a, k)
    assert wythoff_lower(k) == a
    assert wythoff_partner(a) == b and wythoff_partner(b) == a


def test_pair_of_a_googol():
    a, b = gl.wythoff_pair(HUGE)
    assert len(str(a)) == 101
    assert str(a).startswith("161803398874989484820458683436563811772030917980576")
    assert b - a == HUGE
    assert b == (HUGE * 3 + isqrt(5 * HUGE * HUGE)) // 2  # floor(k * phi^2)


def test_complementarity_near_a_googol():
    """Every integer in a window near 10**100 * phi is exactly one a_k or one b_k."""
    k0 = HUGE
    lower = [gl.wythoff_pair(k)[0] for k in range(k0, k0 + 300)]
    assert all(d in (1, 2) for d in (y - x for x, y in zip(lower, lower[1:])))
    lower_set = set(lower)
    for n in range(lower[0], lower[-1]):
        p = wythoff_partner(n)
        if n in lower_set:
            assert p > n and gl.wythoff_pair(p - n) == (n, p)
        else:
            assert p < n and gl.wythoff_pair(n - p) == (p, n)


@pytest.mark.parametrize("k", [HUGE, HUGE + 1, 7 * HUGE + 12345])
def test_membership_of_100_digit_positions(k):
    a, b = gl.wythoff_pair(k)
    assert is_wythoff_p_position((a, b)) and is_wythoff_p_position((b, a))
    assert GAME.outcome((a, b)) == "P" == gl.outcome(GAME, (b, a))
    for pos in [(a + 1, b), (a, b + 1), (a - 1, b), (a + 1, b + 1), (a - 1, b - 1), (b, b), (a, a)]:
        assert GAME.outcome(pos) == "N", pos
        moves = GAME.winning_moves(pos)
        assert moves and all(GAME.outcome(m) == "P" for m in moves)
    assert GAME.winning_moves((a, b)) == []


def _is_legal(pos, opt):
    (a, b), (c, d) = pos, opt
    return ((c < a and d == b) or (c == a and d < b) or (0 < a - c == b - d))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**120), st.integers(0, 10**120))
def test_huge_winning_moves_are_legal_and_complete(a, b):
    pos = (a, b)
    moves = GAME.winning_moves(pos)
    assert all(_is_legal(pos, m) and GAME.outcome(m) == "P" for m in moves)
    assert (GAME.outcome(pos) == "N") == bool(moves)
    # complete: from a non-P position the P-position on the same diagonal or with
    # one heap kept is reached whenever it lies below
    if moves:
        d = b - a
        c, e = gl.wythoff_pair(abs(d)) if d >= 0 else gl.wythoff_pair(-d)[::-1]
        assert ((c, e) in moves) == (c < a)


def test_huge_position_options_refused_not_hanging():
    with pytest.raises(ValueError, match="exact for any size"):
        GAME.options((HUGE, HUGE))
    with pytest.raises(ValueError, match="closed form"):
        GAME.grundy((1000, 1000))
    n = isqrt(GRUNDY_SEARCH_CELLS) - 1
    assert GAME.grundy((n, 0)) == n


def test_move_labels_and_board():
    assert GAME.move_label((5, 7), (3, 7)) == "take 2 from heap 1"
    assert GAME.move_label((5, 7), (5, 3)) == "take 4 from heap 2"
    assert GAME.move_label((5, 7), (3, 5)) == "take 2 from both"
    assert GAME.board((5, 7)) == Stones((5, 7)) and GAME.name == "Wythoff's game"
    assert GAME.always_ends
    assert repr(GAME) == "Wythoff()"


# -- bad input ---------------------------------------------------------------------------

BAD_POSITIONS = [
    ((-1, 2), ValueError, "position"),
    ((1, -2), ValueError, "position"),
    ((1.5, 2), TypeError, "position"),
    ((True, 2), TypeError, "position"),
    ((None, 2), TypeError, "position"),
    ((1, 2, 3), ValueError, "position"),
    ((1,), ValueError, "position"),
    ({1, 2}, TypeError, "position"),
    ("12", TypeError, "position"),
    (None, TypeError, "position"),
    (5, TypeError, "position"),
]


@pytest.mark.parametrize("bad, exc, word", BAD_POSITIONS)
@pytest.mark.parametrize("call", [
    lambda p: GAME.outcome(p),
    lambda p: GAME.winning_moves(p),
    lambda p: GAME.grundy(p),
    lambda p: GAME.options(p),
    lambda p: gl.outcome(GAME, p),
    lambda p: gl.winning_moves(GAME, p, misere=True),
    lambda p: gl.grundy(GAME, p),
    lambda p: is_wythoff_p_position(p),
], ids=["outcome", "winning_moves", "grundy", "options", "gl.outcome", "gl.winning_moves",
        "gl.grundy", "is_p"])
def test_bad_positions(call, bad, exc, word):
    with pytest.raises(exc, match=word):
        call(bad)


@pytest.mark.parametrize("func", [gl.wythoff_pair, wythoff_lower, wythoff_partner])
@pytest.mark.parametrize("bad, exc", [(-1, ValueError), (1.0, TypeError), (True, TypeError),
                                      (None, TypeError), ("3", TypeError), ([3], TypeError)])
def test_bad_k(func, bad, exc):
    with pytest.raises(exc, match=r"\b(k|n)\b"):
        func(bad)


@pytest.mark.parametrize("bad", [0, 1, None, "yes"])
def test_misere_must_be_bool(bad):
    for call in (GAME.outcome, GAME.winning_moves):
        with pytest.raises(TypeError, match="misere"):
            call((1, 2), misere=bad)
    with pytest.raises(TypeError, match="misere"):
        wythoff_partner(3, misere=bad)
    with pytest.raises(TypeError, match="misere"):
        is_wythoff_p_position((1, 2), misere=bad)


def test_misere_positional_is_refused():
    with pytest.raises(TypeError):
        GAME.outcome((1, 2), True)


@pytest.mark.parametrize("args, exc, word", [
    ((-1,), ValueError, "rows"), ((2.5,), TypeError, "rows"), ((3, -1), ValueError, "cols"),
    ((True,), TypeError, "rows"), ((10**4,), ValueError, "rows"),
])
def test_bad_grundy_table(args, exc, word):
    with pytest.raises(exc, match=word):
        GAME.grundy_table(*args)


@pytest.mark.parametrize("bad, exc", [(-1, ValueError), (None, TypeError), (2.0, TypeError)])
def test_bad_p_positions_limit(bad, exc):
    with pytest.raises(exc, match="limit"):
        GAME.p_positions(bad)
