"""Judge exercises on sums of games (lecture 04).

* :func:`lightoj1315` — "Game of Hyper Knights": several knights on a board,
  each a game on a graph; the position is their sum.
* ``"ex-04-1"`` — every winning move of a small mixed sum (lecture 04).

Both are registered with :func:`gamelab.exercises.check.register`; the
solvers here are the reference solutions behind the checks.

The Grundy values of the whole 500 x 500 board come from
:func:`gamelab.exercises.helpers.hyper_knight_table`, which the exercise
statement hands to the student as well.

References
----------
.. [1] LightOJ 1315 "Game of Hyper Knights".
.. [2] Course notes "博弈论 SG函数" (LightOJ 1315 as an SG exercise).
"""
from __future__ import annotations

from ... import engine
from ...games.nim import NimHeap
from ...games.subtraction import Bash, Subtraction
from ...sums import Sum
from ..check import register
from ...i18n import gettext_noop as N_
from ..helpers import BOARD, KNIGHT_MOVES, hyper_knight_options, hyper_knight_table
from ..judge_input import JudgeInput

__all__ = ["KNIGHT_MOVES", "hyper_knight_options", "hyper_knight_table", "lightoj1315",
           "MIXED_SUM", "MIXED_POSITION", "mixed_sum_winning_moves"]


def lightoj1315(input_text):
    """LightOJ 1315: ``Case i: Alice`` if the first player wins, else ``Case i: Bob``.

    >>> print(lightoj1315("2\\n\\n1\\n1 0\\n\\n2\\n2 5\\n3 5\\n"), end="")
    Case 1: Bob
    Case 2: Alice
    """
    r = JudgeInput(input_text)
    t = r.int("T")
    g = hyper_knight_table(BOARD)
    out = []
    for case in range(1, t + 1):
        n = r.int("n")
        x = 0
        for _ in range(n):
            a, b = r.int("x"), r.int("y")
            if not (0 <= a < BOARD and 0 <= b < BOARD):
                raise ValueError(f"input_text: square ({a}, {b}) is off the {BOARD} x {BOARD} board")
            x ^= int(g[a, b])
        out.append(f"Case {case}: {'Alice' if x else 'Bob'}")
    return "\n".join(out) + ("\n" if out else "")


# ---------------------------------------------------------------------------
# registered exercises

def _lightoj1315_cases(rng):
    """Random tests: a few knights each, near the corner (where values vary most) or anywhere."""
    texts = []
    for _ in range(12):
        tests = []
        for _ in range(rng.randint(1, 5)):
            n = rng.randint(1, 5)
            top = rng.choice([6, 20, BOARD])
            tests.append([(rng.randrange(top), rng.randrange(top)) for _ in range(n)])
        texts.append(f"{len(tests)}\n" + "".join(
            f"\n{len(t)}\n" + "".join(f"{x} {y}\n" for x, y in t) for t in tests))
    return texts


register("lightoj1315", kind="judge", reference=lightoj1315, cases=_lightoj1315_cases)

#: Exercise 04-1: a Bash game (take 1-3), the subtraction game {1, 3, 4} and a Nim heap.
MIXED_SUM = Sum(Bash(3), Subtraction({1, 3, 4}), NimHeap())
MIXED_POSITION = (8, 7, 2)


def mixed_sum_winning_moves():
    """Every winning move of :data:`MIXED_SUM` at :data:`MIXED_POSITION`, by plain search.

    >>> sorted(mixed_sum_winning_moves())
    [(6, 7, 2), (8, 4, 2), (8, 6, 2), (8, 7, 0)]
    """
    return set(engine.search_winning_moves(MIXED_SUM, MIXED_POSITION))


register("ex-04-1", kind="value", reference=mixed_sum_winning_moves,
         hint=N_("a winning move may raise the value of its component; look for every option "
                 "with the right value, not only the smaller ones"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
