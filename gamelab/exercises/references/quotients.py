"""Exercises on misère quotients (lecture 15), all on Dawson's Kayles.

* ``ex-15-1`` — the misère Grundy value of one row of Dawson's Kayles.
* ``ex-15-2`` — the misère outcome of a sum of rows, read off the quotient.
* ``ex-15-3`` — every misère winning move of a sum of rows, wild rows included
  (sums the SJ theorem does not decide).

References
----------
.. [1] T. E. Plambeck, "Taming the wild in impartial combinatorial games",
   INTEGERS 5 (2005), G5.
.. [2] T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial games",
   J. Combin. Theory Ser. A 115 (2008), 593–622.
"""
from __future__ import annotations

import functools

from ...games.octal import DawsonsKayles
from ...genera import misere_grundy
from ...quotients import misere_quotient
from ..check import register

__all__ = ["dawson_misere_value", "dawson_outcome", "dawson_winning_moves", "MAX_ROW"]

#: The longest row the exercises of lecture 15 use.
MAX_ROW = 20


@functools.lru_cache(maxsize=None)
def _quotient():
    return misere_quotient(DawsonsKayles(), MAX_ROW)


def dawson_misere_value(n):
    """Exercise 15-1: the misère Grundy value of one row of ``n`` pins of Dawson's Kayles.

    >>> [dawson_misere_value(n) for n in range(8)]
    [1, 1, 0, 0, 2, 1, 3, 0]
    """
    return misere_grundy(DawsonsKayles(), n)


def dawson_outcome(heaps):
    """Exercise 15-2: ``"P"`` or ``"N"``, the misère outcome of a sum of rows (each ≤ 20).

    >>> dawson_outcome((2,)), dawson_outcome((2, 2)), dawson_outcome(())
    ('P', 'N', 'N')
    """
    return _quotient().outcome(heaps)


def dawson_winning_moves(heaps):
    """Exercise 15-3: every misère winning move of a sum of rows (each ≤ 20).

    Each move is the tuple of the rows it leaves, sorted, empty rows dropped;
    the list is sorted, and empty when the sum is a P-position.

    >>> dawson_winning_moves((10, 6)), dawson_winning_moves((10, 7))
    ([(1, 3, 10)], [])
    """
    return sorted(_quotient().winning_moves(heaps))


def _value_cases(rng):
    return list(range(MAX_ROW + 1))


def _sums(rng, count):
    out = [(), (2,), (2, 2), (1, 1, 1)]
    while len(out) < count:
        k = rng.randint(1, 5)
        out.append(tuple(rng.randint(0, MAX_ROW) for _ in range(k)))
    return [(s,) for s in out]


def _outcome_cases(rng):
    return _sums(rng, 80)


def _move_cases(rng):
    wild = [((10, 3),), ((10, 10),), ((10, 12, 2),), ((14, 10, 1),)]
    out = wild + _sums(rng, 40)
    for _ in range(20):
        k = rng.randint(1, 3)
        out.append((tuple([rng.randint(10, MAX_ROW)] +
                          [rng.randint(0, MAX_ROW) for _ in range(k)]),))
    return out


register("ex-15-1", kind="function", reference=dawson_misere_value, cases=_value_cases)
register("ex-15-2", kind="function", reference=dawson_outcome, cases=_outcome_cases)
register("ex-15-3", kind="function", reference=dawson_winning_moves, cases=_move_cases)
