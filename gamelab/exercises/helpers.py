"""The helpers that exercise statements hand to the student.

A lecture reaches them as ``gl.exercises.new_stone_options`` and so on: they
give a game's moves (or a table of its values) so that the student can check
a characterisation by search.  They hold no answer to any exercise, and they
ship in the student edition of the package, where the reference solutions do
not (those live in :mod:`gamelab.exercises.references`, which may import
these helpers).

* :func:`new_stone_options` — the moves of POJ 1740 "A New Stone Game" (lecture 03).
* :func:`hyper_knight_options`, :func:`hyper_knight_table` — LightOJ 1315's
  hyper knight (lecture 04).
* :func:`monk_options`, :func:`monks_to_staircase` — the monks' game of
  LanQiao "高僧斗法" and its staircase (lecture 07).
"""
from __future__ import annotations

import functools

import numpy as np

from .._validate import check_int, check_int_tuple

__all__ = ["new_stone_options", "hyper_knight_options", "hyper_knight_table", "monk_options",
           "monks_to_staircase", "monks_position", "KNIGHT_MOVES", "BOARD"]

#: The six moves of a hyper knight, as (dx, dy).
KNIGHT_MOVES = ((-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2))

#: Side of the board in LightOJ 1315.
BOARD = 500


# ---------------------------------------------------------------------------
# "A New Stone Game" (POJ 1740)

def _spread(extra, slots):
    """Every way to add at most ``extra`` stones to ``slots`` piles (tuples of additions)."""
    if slots == 0:
        yield ()
        return
    for first in range(extra + 1):
        for rest in _spread(extra - first, slots - 1):
            yield (first,) + rest


def new_stone_options(piles):
    """Options in "A New Stone Game": a sorted tuple of non-empty piles.

    A move takes at least one stone from one pile and may then move any of
    that pile's remaining stones onto the other (non-empty) piles.

    >>> new_stone_options((1, 2))
    [(2,), (1,), (1, 1)]
    """
    piles = tuple(sorted(h for h in check_int_tuple(piles, "piles") if h))
    out = []
    seen = set()
    for i, a in enumerate(piles):
        if i and piles[i - 1] == a:
            continue
        others = piles[:i] + piles[i + 1:]
        for keep in range(a):  # stones left after taking at least one
            for add in _spread(keep, len(others)):
                left = keep - sum(add)
                new = [o + d for o, d in zip(others, add)]
                if left:
                    new.append(left)
                opt = tuple(sorted(new))
                if opt not in seen:
                    seen.add(opt)
                    out.append(opt)
    return out


# ---------------------------------------------------------------------------
# the hyper knight (LightOJ 1315)

def hyper_knight_options(square):
    """The squares a hyper knight on ``square = (x, y)`` can move to (staying on ``x, y >= 0``).

    >>> hyper_knight_options((2, 1))
    [(0, 2), (0, 0)]
    """
    x, y = check_int_tuple(square, "square", length=2)
    return [(x + dx, y + dy) for dx, dy in KNIGHT_MOVES if x + dx >= 0 and y + dy >= 0]


@functools.lru_cache(maxsize=4)
def _table(size):
    g = np.full((size, size), -1, dtype=np.int16)
    for d in range(2 * size - 1):
        xs = np.arange(max(0, d - size + 1), min(d, size - 1) + 1)
        ys = d - xs
        seen = np.zeros((len(xs), 8), dtype=bool)
        for dx, dy in KNIGHT_MOVES:
            tx, ty = xs + dx, ys + dy
            ok = (tx >= 0) & (ty >= 0) & (tx < size) & (ty < size)
            vals = np.zeros(len(xs), dtype=np.int64)
            vals[ok] = g[tx[ok], ty[ok]]
            seen[np.nonzero(ok)[0], vals[ok]] = True
        g[xs, ys] = np.argmin(seen, axis=1)  # first False = mex (at most 6 options)
    g.setflags(write=False)
    return g


def hyper_knight_table(size=BOARD):
    """Grundy values of a hyper knight on every square of a ``size`` x ``size`` board.

    Returns a read-only numpy array ``g`` with ``g[x, y]`` the value of
    square ``(x, y)`` on the board that is unbounded to the right and up
    (only ``x, y >= 0`` is required).  One move, ``(x - 2, y + 1)``, raises
    ``y``, but each such move also lowers ``x`` by 2, so from ``x < size`` a
    knight never climbs above ``y + size // 2``: the table is computed on a
    board that much larger, and the values are exact.

    The values are tabulated one anti-diagonal ``x + y = d`` at a time: every
    knight move lowers ``x + y`` (by 1, 3 or 4), so a diagonal depends only on
    earlier ones, and a diagonal is computed with numpy in one go.

    >>> hyper_knight_table(4).tolist()
    [[0, 0, 1, 1], [0, 0, 2, 1], [1, 2, 2, 2], [1, 1, 2, 0]]
    """
    size = check_int(size, "size", minimum=1, maximum=5000)
    return _table(size + size // 2 + 1)[:size, :size]


# ---------------------------------------------------------------------------
# the monks' game (LanQiao "高僧斗法")

def monks_position(monks):
    """``monks`` checked as a position of the monks' game: a tuple of increasing steps.

    Raises
    ------
    TypeError, ValueError
        Naming ``monks``, when it is not a non-empty, strictly increasing
        sequence of positive ints.

    >>> monks_position((1, 5, 9))
    (1, 5, 9)
    """
    monks = check_int_tuple(monks, "monks", minimum=1)
    if not monks:
        raise ValueError("monks must hold at least one step (the top step is always occupied)")
    for a, b in zip(monks, monks[1:]):
        if not a < b:
            raise ValueError(f"monks must be strictly increasing step numbers, got {a} before {b}")
    return monks


def monk_options(monks):
    """Options of the monks' game, for plain search: one monk climbs.

    A position is the increasing tuple of occupied steps; the last one is the
    top step.  A monk climbs one or more steps but may not reach the monk
    above him (the top monk cannot move).  Listed monk by monk from the
    bottom, one step first.

    >>> monk_options((1, 3, 4))
    [(2, 3, 4)]
    """
    monks = monks_position(monks)
    out = []
    for j in range(len(monks) - 1):
        for b in range(monks[j] + 1, monks[j + 1]):
            out.append(monks[:j] + (b,) + monks[j + 1:])
    return out


def monks_to_staircase(monks):
    """The gaps between neighbouring monks, bottom first, as staircase Nim.

    Step ``i`` holds the empty steps between monk ``i`` and monk ``i + 1``:
    when monk ``i`` climbs, coins leave step ``i`` for step ``i - 1`` (the gap
    below him grows), and the bottom monk's gap is step 1.

    >>> monks_to_staircase((1, 5, 8, 10))
    (3, 2, 1)
    """
    monks = monks_position(monks)
    return tuple(b - a - 1 for a, b in zip(monks, monks[1:]))
