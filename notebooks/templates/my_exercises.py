"""A lecturer's own exercises: the references, kept out of the students' notebooks.

This file sits beside the notebooks that use it.  Importing it registers its
exercises with :func:`gamelab.exercises.check.register`; a notebook then
checks an answer with ``check("my-1", answer)``.  The student edition of the
package seals these exercises with the course's own::

    python tools/student_package.py --exercises notebooks/templates/my_exercises.py

so that students can check their answers, but this file (the references)
does not ship to them.

* ``"my-1"`` (a function exercise): the Grundy value of a heap of ``n`` in
  the subtraction game S = {2, 5, 6}.
* ``"my-2"`` (a value exercise): the set of its P-positions below 30.
"""
from __future__ import annotations

import gamelab as gl
from gamelab.exercises.check import register

#: The subtraction set of both exercises.
MOVES = (2, 5, 6)


def grundy_256(n):
    """The Grundy value of a heap of ``n`` in Subtraction({2, 5, 6}), by gamelab."""
    return gl.grundy(gl.Subtraction(set(MOVES)), n)


def p_positions_256():
    """The P-positions of Subtraction({2, 5, 6}) below 30, as a set."""
    return {n for n in range(30) if grundy_256(n) == 0}


def _heaps(rng):
    """Every heap up to 40, then large random heaps (where only a period answers fast)."""
    return [(n,) for n in range(41)] + [(rng.randrange(10**6),) for _ in range(20)]


register("my-1", kind="function", reference=grundy_256, cases=_heaps)
register("my-2", kind="value", reference=p_positions_256,
         hint="a heap is a P-position when no move reaches one; 0 and 1 are P-positions")
