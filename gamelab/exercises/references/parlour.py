"""Exercises on the games people play (lecture 16).

* ``ex-16-1`` — the winning move of a two-row Chomp bar, or ``None``.
* ``ex-16-2`` — the bottom row of the three-row Chomp P-position with given top rows.
* ``ex-16-3`` — whether the player to move loses Nimstring, by a search of the rules.

References
----------
.. [1] D. Gale, "A curious Nim-type game", *Amer. Math. Monthly* 81 (1974), 876–879.
.. [2] D. Zeilberger, "Three-rowed CHOMP", *Adv. Appl. Math.* 26 (2001), 168–179.
.. [3] E. R. Berlekamp, *The Dots and Boxes Game*, A K Peters, 2000 (Nimstring).
"""
from __future__ import annotations

from ...engine import winning_moves
from ...parlour.chomp import Chomp, chomp_p_positions
from ...parlour.dots_and_boxes import dots_and_boxes_edge_count, dots_and_boxes_strings
from ...parlour.nimstring import GROUND, nimstring_outcome
from ..check import register

__all__ = ["two_row_winning_move", "three_row_bottom", "nimstring_loses", "MAX_TWO_ROW",
           "MAX_TOP_ROW", "MAX_CASE_STRINGS"]

#: The longest bottom row of the cases of ``ex-16-1``.
MAX_TWO_ROW = 300
#: The longest second row of the cases of ``ex-16-2`` (the bottom rows found reach 40).
MAX_TOP_ROW = 12
#: The most strings of the positions of ``ex-16-3`` (a plain search answers at once).
MAX_CASE_STRINGS = 10


def two_row_winning_move(a, b=0):
    """Exercise 16-1: the bar left by the winning move from the two-row bar ``(a, b)``
    (``b = 0``: one row), or ``None`` when ``(a, b)`` is a P-position.  There is at
    most one winning move.

    >>> two_row_winning_move(5, 5), two_row_winning_move(5, 1), two_row_winning_move(5, 4)
    ((5, 4), (2, 1), None)
    >>> two_row_winning_move(3)
    (1,)
    """
    bar = (a, b) if b else (a,)
    moves = winning_moves(Chomp(), bar)
    return moves[0] if moves else None


def three_row_bottom(b, c):
    """Exercise 16-2: the bottom row ``a`` of the P-position ``(a, b, c)`` of three-row
    Chomp, ``c <= b``, or ``None`` when there is none (``c = 0``: two rows; ``b = c =
    0``: one row, ``a = 1``).

    >>> three_row_bottom(1, 1), three_row_bottom(3, 1), three_row_bottom(4, 2)
    (3, None, 6)
    """
    for p in chomp_p_positions(3, 40):
        rows = p + (0,) * (3 - len(p))
        if rows[1:] == (b, c):
            return rows[0]
    return None


def nimstring_loses(strings):
    """Exercise 16-3: whether the player to move loses Nimstring from ``strings`` (pairs
    of ends, a coin ``>= 0`` or the ground ``-1``): a player who takes a coin moves
    again, and a player who cannot move loses.

    >>> nimstring_loses(((-1, 0),)), nimstring_loses(((-1, 0), (-1, 0)))
    (True, False)
    """
    return nimstring_outcome(strings) == "P"


def _random_strings(rng, coins, count):
    ends = list(range(coins)) + [GROUND]
    strings = []
    while len(strings) < count:
        a, b = rng.sample(ends, 2)
        strings.append((min(a, b), max(a, b)))
    return tuple(sorted(strings))


def _nimstring_cases(rng):
    cases = [((),), (((GROUND, 0),),), (((0, 1),),), (((GROUND, 0), (0, 1), (1, 2)),)]
    for rows, columns in ((1, 2), (2, 2), (1, 3)):
        edges = dots_and_boxes_edge_count(rows, columns)
        for _ in range(12):
            keep = rng.randint(1, min(edges, MAX_CASE_STRINGS))
            drawn = sum(1 << e for e in rng.sample(range(edges), edges - keep))
            cases.append((dots_and_boxes_strings(rows, columns, drawn),))
    while len(cases) < 80:
        cases.append((_random_strings(rng, rng.randint(1, 5), rng.randint(1, MAX_CASE_STRINGS)),))
    return cases


def _two_row_cases(rng):
    cases = [(1, 0), (2, 0), (2, 1), (2, 2), (3, 1), (7, 6), (7, 7)]
    while len(cases) < 60:
        a = rng.randint(1, MAX_TWO_ROW)
        b = rng.choice([a - 1, a, rng.randint(0, a)])
        cases.append((a, b))
    return cases


def _three_row_cases(rng):
    return [(b, c) for b in range(MAX_TOP_ROW + 1) for c in range(b + 1)]


register("ex-16-1", kind="function", reference=two_row_winning_move, cases=_two_row_cases)
register("ex-16-2", kind="function", reference=three_row_bottom, cases=_three_row_cases)
register("ex-16-3", kind="function", reference=nimstring_loses, cases=_nimstring_cases)
