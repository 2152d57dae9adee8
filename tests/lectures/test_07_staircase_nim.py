"""Lecture 07 (staircase Nim): its statements, checked by plain search, and the shape of
its notebook."""
from __future__ import annotations

import itertools
import json

import pytest

import gamelab as gl
from gamelab.games.staircase import PiecesOnStrip, odd_step_xor

from gamelab_testing import NOTEBOOKS


STAIRS = gl.StaircaseNim()


NIM = gl.Nim()


# -- the staircase theorem and its reductions ----------------------------------------------

def test_a_single_coin_on_step_two_is_a_p_position():
    assert gl.search_outcome(STAIRS, (0, 1)) == "P"
    assert gl.search_outcome(STAIRS, (1, 0)) == "N"


def test_three_step_table_is_the_two_heap_nim_table():
    for a, b, c in itertools.product(range(6), repeat=3):
        assert gl.search_grundy(STAIRS, (a, b, c)) == a ^ c


def test_nim_on_all_steps_is_wrong_and_the_smallest_counterexample_is_0_1():
    bad = [pos for k in range(3) for pos in itertools.product(range(3), repeat=k)
           if (gl.nim_sum(pos) == 0) != (gl.search_outcome(STAIRS, pos) == "P")]
    assert bad[0] == (0, 1)


def test_staircase_theorem_up_to_four_steps():
    for k in range(5):
        for pos in itertools.product(range(4), repeat=k):
            assert gl.search_grundy(STAIRS, pos) == odd_step_xor(pos)


def test_copy_strategy_restores_the_odd_steps():
    # at a P-position, a move from an even step is answered by moving the same coins one step down
    for pos in itertools.product(range(3), repeat=4):
        if odd_step_xor(pos) != 0:
            continue
        for opt in STAIRS.options(pos):
            step = next(i for i, (a, b) in enumerate(zip(pos, opt)) if b < a)
            if step % 2 == 1:                  # an even step (1-based step + 1)
                m = pos[step] - opt[step]
                reply = list(opt)
                reply[step - 1] -= m
                if step - 1:
                    reply[step - 2] += m
                assert odd_step_xor(tuple(reply)) == 0
                assert tuple(reply) in gl.winning_moves(STAIRS, opt)


def test_strip_reduction_on_all_small_boards():
    strip = PiecesOnStrip()
    for k in range(5):
        for cells in itertools.combinations(range(1, 10), k):
            assert gl.search_grundy(strip, cells) == odd_step_xor(strip.to_staircase(cells))


def test_reaching_every_smaller_nim_sum_is_not_bouton():
    """Lecture 07's proof uses that a Nim position reaches every smaller nim-sum: that is
    G = nim-sum (Sprague-Grundy with G(n) = n), not Bouton's theorem.  A game with exactly
    Nim's P-positions (so Bouton's statement holds for it) can lack the property."""
    positions = list(itertools.product(range(7), repeat=3))
    assert all(set(range(gl.nim_sum(p))) <= {gl.nim_sum(o) for o in NIM.options(p)}
               for p in positions)

    def nim_lite(p):
        zero = [o for o in NIM.options(p) if gl.nim_sum(o) == 0]
        return zero + [p[:i] + (c - 1,) + p[i + 1:] for i, c in enumerate(p) if c]
    assert all((gl.search_outcome(nim_lite, p) == "P") == (gl.nim_sum(p) == 0) for p in positions)
    assert {gl.nim_sum(o) for o in nim_lite((1, 2, 4))} == {0, 4, 6}


def test_the_notebook_reductions_in_a_few_lines():
    """Lecture 07 writes both reductions in a line or two; they equal the package's."""
    strip = PiecesOnStrip()

    def strip_to_staircase(cells):
        cells = sorted(cells)
        return tuple(reversed([b - a - 1 for a, b in zip([0] + cells, cells)]))

    def monks_to_stairs(monks):
        return tuple(b - a - 1 for a, b in zip(monks, monks[1:]))
    from gamelab.exercises.helpers import monks_to_staircase
    for k in range(6):
        for cells in itertools.combinations(range(1, 12), k):
            assert strip_to_staircase(cells) == strip.to_staircase(cells)
            if cells:
                assert monks_to_stairs(cells) == monks_to_staircase(cells)


# -- the corrections and proof exercises ---------------------------------------------------

def staircase_positions(steps=4, coins=4):
    return [p for k in range(steps + 1) for p in itertools.product(range(coins + 1), repeat=k)]


def test_every_staircase_move_lowers_the_weight():
    weight = lambda p: sum(i * c for i, c in enumerate(p, 1))
    for p in staircase_positions():
        assert all(weight(o) < weight(p) for o in gl.game_options(STAIRS, p))


def test_odd_step_moves_reach_every_smaller_nim_sum():
    # the highest-bit argument of the proof: lowering one odd step reaches every y < x
    for p in staircase_positions():
        x = gl.nim_sum(p[::2])
        odd_moves = [o for o in gl.game_options(STAIRS, p)
                     if sum(a != b for a, b in zip(o[::2], p[::2])) == 1
                     and all(a <= b for a, b in zip(o[::2], p[::2]))]
        assert {gl.nim_sum(o[::2]) for o in odd_moves} >= set(range(x))


def test_exercise_7_4_odd_nim_sum_zero_is_closed_and_absorbing():
    for p in staircase_positions():
        zero = gl.nim_sum(p[::2]) == 0
        into = [gl.nim_sum(o[::2]) == 0 for o in gl.game_options(STAIRS, p)]
        assert (not any(into)) if zero else any(into)
        assert (gl.search_outcome(STAIRS, p) == "P") == zero


# -- the notebook --------------------------------------------------------------------------

@pytest.fixture(params=["07_staircase_nim.ipynb"])
def notebook(request):
    return json.loads((NOTEBOOKS / request.param).read_text())


def test_notebook_shape(notebook):
    cells = notebook["cells"]
    title = "".join(cells[0]["source"])
    assert title.startswith("# 07") and "阶梯博弈" in title
    first_code = next(c for c in cells if c["cell_type"] == "code")
    src = "".join(first_code["source"])
    assert "import gamelab as gl" in src and "%matplotlib inline" in src
    text = "\n".join("".join(c["source"]) for c in cells)
    for word in ("## Compute", "## Explore", "## Verify", "## Play", "## Summary"):
        assert word in text

