"""Lecture 02 (subtraction games and the SG function): its claims, each checked by plain
search."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.exercises.references.subtraction import sg_memo, sg_table

from gamelab_testing import NOTEBOOKS


def take_134(n):
    return [n - s for s in (1, 3, 4) if s <= n]


def at_least_half(n):
    """Take at least half of the heap (rounded up): leave 0 .. n // 2 stones."""
    return list(range(n // 2 + 1)) if n else []


# -- SG values, tables and periods ---------------------------------------------------------

def test_sg_zero_exactly_at_p_positions_on_random_dags():
    rng = random.Random(2)
    for _ in range(30):
        size = rng.randint(1, 25)
        edges = {v: [u for u in range(v) if rng.random() < 0.3] for v in range(size)}
        game = (lambda e: lambda v: e[v])(edges)
        # P/N by the definition: P iff every option is N
        is_p = {}
        for v in range(size):
            is_p[v] = all(not is_p[u] for u in edges[v])
        for v in range(size):
            assert (gl.search_grundy(game, v) == 0) == is_p[v]


def test_subtraction_134_table_and_period():
    values = [gl.search_grundy(take_134, n) for n in range(2000)]
    assert values[:9] == [0, 1, 0, 1, 2, 3, 2, 0, 1]
    assert [n for n in range(2000) if values[n] == 0] == [n for n in range(2000) if n % 7 in (0, 2)]
    assert gl.Subtraction({1, 3, 4}).period() == (0, 7)
    assert gl.Subtraction({1, 3, 4}).grundy_sequence(2000).tolist() == values


def test_table_and_dfs_give_the_same_values():
    for S in ([1, 3, 4], [1, 2], [3, 4, 9], [2, 5, 7, 11]):
        options = (lambda S: lambda n: [n - s for s in S if s <= n])(S)
        expected = [gl.search_grundy(options, n) for n in range(500)]
        assert sg_table(S, 499) == sg_memo(S, 499) == expected


def test_at_least_half_is_the_bit_length():
    for n in range(3000):
        assert gl.search_grundy(at_least_half, n) == n.bit_length()
    assert [gl.grundy(at_least_half, n) for n in range(13)] == [0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_proven_period_holds_far_beyond(S):
    g = gl.Subtraction(S)
    e, p = g.period()
    options = lambda n: [n - s for s in S if s <= n]  # noqa: E731
    values = [gl.search_grundy(options, n) for n in range(e + 6 * p + 40)]
    assert all(values[n + p] == values[n] for n in range(e, len(values) - p))


# -- take a divisor ------------------------------------------------------------------------

def _divisor_options(n):
    return [n - d for d in range(1, n + 1) if n % d == 0]


def test_take_a_divisor_values():
    # G(0) = 0 (no move); for n >= 1, G(n) = 1 + the number of times 2 divides n
    assert gl.search_grundy(_divisor_options, 0) == 0
    for n in range(1, 1500):
        assert gl.search_grundy(_divisor_options, n) == (n & -n).bit_length(), n


# -- hypotheses, the first repeated window, subtract-a-square ------------------------------

def _first_repeat(S):
    """(preperiod, period) from the first window, at a position >= max S, that was seen before."""
    k, g, seen = max(S), [], {}
    while True:
        n = len(g)
        if n >= k:
            window = tuple(g[n - k:])
            if window in seen:
                return seen[window] - k, n - seen[window]
            seen[window] = n
        g.append(gl.mex(g[n - s] for s in S if s <= n))


def _least_preperiod_and_period(values):
    """Brute force on a finite prefix: the least p, then the least e, with
    values[n + p] == values[n] for every e <= n < len(values) - p (e well inside)."""
    size = len(values)
    for p in range(1, size // 4):
        e = size - p
        while e > 0 and values[e - 1 + p] == values[e - 1]:
            e -= 1
        if e < size // 4:
            return e, p
    return None


def test_first_repeated_window_gives_the_least_preperiod_and_period():
    import itertools
    for size in range(1, 5):
        for S in itertools.combinations(range(1, 7), size):
            e, p = _first_repeat(S)
            assert (e, p) == gl.Subtraction(S).period(), S
            game = (lambda S: lambda n: [n - s for s in S if s <= n])(S)
            values = [gl.search_grundy(game, n) for n in range(8 * (e + p) + 60)]
            assert _least_preperiod_and_period(values) == (e, p), S


def _subtract_a_square_p_positions(N):
    from math import isqrt
    reached = bytearray(N + 1)
    P = []
    for n in range(N + 1):
        if not reached[n]:
            P.append(n)
            for s in range(1, isqrt(N - n) + 1):
                reached[n + s * s] = 1
    return P


def test_subtract_a_square_p_positions_facts():
    """Facts 1 and 2 of lecture 02's proof, and the fraction of P-positions falling."""
    from math import isqrt
    squares = lambda n: [n - k * k for k in range(1, isqrt(n) + 1)]  # noqa: E731
    P = _subtract_a_square_p_positions(20000)
    assert [p for p in P if p < 1500] == [n for n in range(1500)
                                          if gl.search_outcome(squares, n) == "P"]
    in_p = set(P)
    assert not any(q - p > 0 and isqrt(q - p) ** 2 == q - p
                   for p in P[:400] for q in P[:400] if q > p)
    assert all(not (p + s * s in in_p) for p in P for s in range(1, isqrt(20000 - p) + 1))
    fractions = []
    for M in (100, 1000, 10000, 20000):
        t = sum(1 for p in P if p <= M)
        assert t >= (M + 1) / (M ** 0.5 + 1)          # fact 2's bound
        fractions.append(t / (M + 1))
    assert fractions == sorted(fractions, reverse=True)
    assert sum(1 for p in P if p <= 1000) == 115


def test_powers_of_two_subtraction_is_n_mod_3():
    """Lecture 02, exercise 2.5."""
    powers = lambda n: [n - 2**j for j in range(n.bit_length())]  # noqa: E731
    assert all(gl.search_grundy(powers, n) == n % 3 for n in range(2000))


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("02_subtraction_games.ipynb", ["every play ends", "finitely many options", "ρ",
                                    "Furstenberg", "Sárközy", "density 0", "chapter 4",
                                    "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
