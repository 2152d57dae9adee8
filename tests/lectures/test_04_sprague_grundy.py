"""Lecture 04 (the Sprague-Grundy theorem): sums, the induction of the proof, equivalence
and the hyper knights, each checked by plain search."""
from __future__ import annotations

import json
import random

import pytest

import gamelab as gl
from gamelab.games.nim import NimHeap

from gamelab_testing import NOTEBOOKS


def at_least_half(n):
    """Take at least half of the heap (rounded up): leave 0 .. n // 2 stones."""
    return list(range(n // 2 + 1)) if n else []


# -- sums of games -------------------------------------------------------------------------

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
    from gamelab.exercises.helpers import hyper_knight_options, hyper_knight_table
    size = 24
    big = size + size // 2 + 1
    g = {}
    for d in range(2 * big - 1):
        for x in range(max(0, d - big + 1), min(d, big - 1) + 1):
            g[x, d - x] = gl.mex(g[m] for m in hyper_knight_options((x, d - x)) if m in g)
    assert [[g[x, y] for y in range(size)] for x in range(size)] == hyper_knight_table(size).tolist()


# -- equivalence, hyper knights' reach -----------------------------------------------------

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


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("04_sprague_grundy.ipynb", ["equivalent", "\\*G(x)", "2x + y", "(x + 1, y − 2)",
                                 "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
