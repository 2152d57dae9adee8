"""The claims that lectures 02-04 state, each checked by plain search."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.exercises.subtraction import sg_memo, sg_table
from gamelab.games.nim import NimHeap

from gamelab_testing import NOTEBOOKS


def take_134(n):
    return [n - s for s in (1, 3, 4) if s <= n]


def at_least_half(n):
    """Take at least half of the heap (rounded up): leave 0 .. n // 2 stones."""
    return list(range(n // 2 + 1)) if n else []


# -- lecture 02 ------------------------------------------------------------------

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


# -- lecture 03 ------------------------------------------------------------------

def test_bouton_by_search():
    nim = gl.Nim()
    checked = 0
    for a in range(8):
        for b in range(8):
            for c in range(8):
                assert gl.search_grundy(nim, (a, b, c)) == a ^ b ^ c
                checked += 1
    assert checked == 512


def test_seed_example_13_12_8():
    assert gl.nim_sum([13, 12, 8]) == 9
    assert gl.winning_moves(gl.Nim(), (13, 12, 8)) == [(4, 12, 8), (13, 5, 8), (13, 12, 1)]
    assert gl.search_winning_moves(gl.Nim(), (13, 12, 8)) == [(4, 12, 8), (13, 5, 8), (13, 12, 1)]


# -- lecture 04 ------------------------------------------------------------------

GAMES = [gl.Bash(2), gl.Bash(3), gl.Subtraction({1, 3, 4}), gl.Subtraction({2, 5}), NimHeap(),
         at_least_half, gl.Subtraction(range(1, 30, 2))]


def test_sprague_grundy_theorem_on_random_sums():
    rng = random.Random(4)
    checked = 0
    for _ in range(60):
        parts = [rng.choice(GAMES) for _ in range(rng.randint(2, 3))]
        pos = tuple(rng.randint(0, 9) for _ in parts)
        game = gl.Sum(*parts)
        by_search = gl.search_grundy(game, pos)  # on the sum's own options
        xor = 0
        for g, p in zip(parts, pos):
            xor ^= gl.search_grundy(g, p)
        assert by_search == xor
        assert gl.search_winning_moves(game, pos) == gl.winning_moves(game, pos)
        checked += 1
    assert checked == 60


def test_mixed_example():
    take_odd = gl.Subtraction(range(1, 30, 2))
    assert [gl.grundy(take_odd, n) for n in range(30)] == [n % 2 for n in range(30)]
    game = gl.Sum(gl.Bash(3), take_odd, NimHeap(), NimHeap(), NimHeap())
    rng = random.Random(42)
    for _ in range(10):
        pos = tuple(rng.randint(0, 7) for _ in range(5))
        value = pos[0] % 4 ^ pos[1] % 2 ^ pos[2] ^ pos[3] ^ pos[4]
        assert gl.grundy(game, pos) == value
        assert gl.winning_moves(game, pos) == gl.search_winning_moves(game, pos)


def test_bash_sum_9_10_14():
    game = gl.Sum(gl.Bash(3), gl.Bash(5), gl.Bash(7))
    assert gl.search_grundy(game, (9, 10, 14)) == 1 ^ 4 ^ 6 == 3
    assert gl.search_winning_moves(game, (9, 10, 14)) == [(6, 10, 14), (9, 10, 13)]
    # the first winning move raises the value of its component from 1 to 2
    assert gl.grundy(gl.Bash(3), 9) == 1 and gl.grundy(gl.Bash(3), 6) == 2


def test_sprague_grundy_induction_pieces():
    """Lecture 04's proof is an induction on the longest play h(x): h of a sum is the sum of
    the components' h, the base case holds, and with the options valued by XOR (the
    hypothesis) they reach every value below the XOR and never the XOR itself."""
    import functools
    import itertools
    parts = (gl.Bash(3), gl.Subtraction({1, 3, 4}), at_least_half)
    game = gl.Sum(*parts)

    @functools.cache
    def h(i, n):
        return 1 + max((h(i, o) for o in gl.game_options(parts[i], n)), default=-1)

    heights = {}
    for x in sorted(itertools.product(range(7), repeat=3), key=sum):
        options = gl.game_options(game, x)
        heights[x] = 1 + max((heights[o] for o in options), default=-1)
        assert heights[x] == sum(h(i, xi) for i, xi in enumerate(x))
        b = gl.nim_sum(gl.search_grundy(g, xi) for g, xi in zip(parts, x))
        values = {gl.nim_sum(gl.search_grundy(g, oi) for g, oi in zip(parts, o)) for o in options}
        assert set(range(b)) <= values and b not in values
        assert options or b == 0


def test_hyper_knight_table_by_anti_diagonals():
    """Lecture 04 fills the table one anti-diagonal x + y = d at a time (options first)."""
    from gamelab.exercises.sums import hyper_knight_options, hyper_knight_table
    size = 24
    big = size + size // 2 + 1
    g = {}
    for d in range(2 * big - 1):
        for x in range(max(0, d - big + 1), min(d, big - 1) + 1):
            g[x, d - x] = gl.mex(g[m] for m in hyper_knight_options((x, d - x)) if m in g)
    assert [[g[x, y] for y in range(size)] for x in range(size)] == hyper_knight_table(size).tolist()


# -- lecture 02: take a divisor; lecture 03: POJ 1740's paired positions ----------------

def _divisor_options(n):
    return [n - d for d in range(1, n + 1) if n % d == 0]


def test_take_a_divisor_values():
    # G(0) = 0 (no move); for n >= 1, G(n) = 1 + the number of times 2 divides n
    assert gl.search_grundy(_divisor_options, 0) == 0
    for n in range(1, 1500):
        assert gl.search_grundy(_divisor_options, n) == (n & -n).bit_length(), n


def test_new_stone_moves_from_paired_leave_an_odd_level():
    import itertools
    from collections import Counter

    from gamelab.exercises.nim import new_stone_options

    def paired(piles):
        return all(c % 2 == 0 for c in Counter(piles).values())

    def odd_level(piles):
        return any(sum(h >= v for h in piles) % 2 for v in range(1, max(piles, default=0) + 1))

    for n in range(0, 7, 2):
        for p in itertools.combinations_with_replacement(range(1, 6), n):
            assert paired(p) == (not odd_level(p))
            if paired(p):
                for q in new_stone_options(p):
                    assert odd_level(q), (p, q)
    # the move the copy argument misses: stones moved onto the partner pile
    assert (3,) in new_stone_options((2, 2))
    assert gl.search_outcome(new_stone_options, (3,)) == "N"


# -- lecture 02: hypotheses, the first repeated window, subtract-a-square ---------------------

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


# -- lecture 03: Moore's values, reversible moves ---------------------------------------------

def test_moore_nim_with_at_most_k_heaps_is_worth_the_total():
    import itertools
    for k in (1, 2, 3):
        game = gl.MooreNim(k)
        for size in range(1, k + 1):
            for p in itertools.product(range(5), repeat=size):
                assert gl.search_grundy(game, p) == sum(p)


def _poker_budget(position):
    heaps, budget = position
    options = []
    for i, h in enumerate(heaps):
        options += [(heaps[:i] + (new,) + heaps[i + 1:], budget) for new in range(h)]
        if budget:
            options += [(heaps[:i] + (new,) + heaps[i + 1:], budget - 1)
                        for new in range(h + 1, h + 4)]
    return options


def _poker_nim(position):
    heaps, mine, theirs = position
    return [(heaps[:i] + (new,) + heaps[i + 1:], theirs, mine + h - new)
            for i, h in enumerate(heaps) for new in range(h + mine + 1) if new != h]


def test_poker_nim_is_won_like_nim():
    import itertools
    for heaps in itertools.product(range(4), repeat=3):
        for budget in range(3):
            assert gl.search_grundy(_poker_budget, (heaps, budget)) == gl.nim_sum(heaps)
    for heaps in itertools.product(range(4), repeat=2):
        for mine, theirs in itertools.product(range(4), repeat=2):
            expected = "N" if gl.nim_sum(heaps) else "P"
            assert gl.loopy_outcome(_poker_nim, (heaps, mine, theirs)) == expected


def test_reversal_is_a_winning_answer_in_poker_nim():
    """The reply that takes back an addition restores a P-position."""
    import itertools
    for heaps in itertools.product(range(4), repeat=2):
        if gl.nim_sum(heaps):
            continue
        position = (heaps, 2, 2)
        for heaps2, mover, chips in _poker_nim(position):
            added = [i for i in range(2) if heaps2[i] > heaps[i]]
            if added:
                i = added[0]
                back = (heaps, chips, mover + heaps2[i] - heaps[i])
                assert back in _poker_nim((heaps2, mover, chips))
                assert gl.loopy_outcome(_poker_nim, back) == "P"


def _northcott(width):
    def options(position):
        rows, mover = position
        other = "black" if mover == "white" else "white"
        out = []
        for i, (w, b) in enumerate(rows):
            cols = ([(c, b) for c in range(b) if c != w] if mover == "white"
                    else [(w, c) for c in range(w + 1, width) if c != b])
            out += [(rows[:i] + (row,) + rows[i + 1:], other) for row in cols]
        return out
    return options


def test_northcott_is_nim_on_the_gaps():
    import itertools
    width = 6
    game = _northcott(width)
    pairs = [(w, b) for w in range(width) for b in range(w + 1, width)]
    for rows in itertools.product(pairs, repeat=2):
        gaps = [b - w - 1 for w, b in rows]
        for mover in ("white", "black"):
            expected = "N" if gl.nim_sum(gaps) else "P"
            assert gl.loopy_outcome(game, (rows, mover)) == expected


# -- lecture 04: equivalence, hyper knights' reach --------------------------------------------

def _nim_heap(n):
    return range(n)


def test_every_position_is_equivalent_to_the_nim_heap_of_its_value():
    import itertools
    games = [(gl.Bash(3), range(10)), (gl.Subtraction({1, 3, 4}), range(12)),
             (at_least_half, range(30)), (gl.Wythoff(), list(itertools.product(range(5), repeat=2)))]
    others = [gl.Bash(2), gl.Subtraction({2, 5}), _nim_heap, at_least_half]
    rng = random.Random(404)
    for game, positions in games:
        for x in positions:
            g = gl.grundy(game, x)
            for _ in range(4):
                other, z = rng.choice(others), rng.randint(0, 8)
                assert (gl.search_outcome(gl.Sum(game, other), (x, z))
                        == gl.search_outcome(gl.Sum(_nim_heap, other), (g, z)))
            # one sum decides: x + y is P exactly when G(x) = G(y)
            for y in range(g + 3):
                assert (gl.search_outcome(gl.Sum(game, _nim_heap), (x, y)) == "P") == (y == g)


def test_x_plus_x_is_a_p_position():
    for game, positions in [(gl.Wythoff(), [(a, b) for a in range(5) for b in range(5)]),
                            (at_least_half, range(30)), (gl.Subtraction({2, 5}), range(20))]:
        for x in positions:
            assert gl.search_outcome(gl.Sum(game, game), (x, x)) == "P"


def test_hyper_knights_stay_within_one_and_a_half_boards():
    moves = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)]
    for dx, dy in moves:        # neither 2x + y nor x + 2y ever increases
        assert 2 * dx + dy <= 0 and dx + 2 * dy <= 0
    for size in (5, 12, 40):
        reached = {(x, y) for x in range(size) for y in range(size)}
        frontier = list(reached)
        while frontier:
            x, y = frontier.pop()
            for dx, dy in moves:
                sq = (x + dx, y + dy)
                if min(sq) >= 0 and sq not in reached:
                    reached.add(sq)
                    frontier.append(sq)
        assert max(max(sq) for sq in reached) <= 1.5 * (size - 1) < size + size // 2 + 1


# -- the notebooks teach what they should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("02_subtraction_games.ipynb", ["every play ends", "finitely many options", "ρ",
                                    "Furstenberg", "Sárközy", "density 0", "chapter 4",
                                    "Prove that"]),
    ("03_nim.ipynb", ["Jenkyns", "Poker-Nim", "Northcott", "reversible", "loopy_outcome",
                      "Prove that"]),
    ("04_sprague_grundy.ipynb", ["equivalent", "\\*G(x)", "2x + y", "(x + 1, y − 2)",
                                 "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
