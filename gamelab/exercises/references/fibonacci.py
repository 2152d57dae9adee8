"""Exercises of lecture 06: Fibonacci Nim (斐波那契博弈).

* :func:`hdu2516` — HDU 2516 "取石子游戏": one heap of n stones, the first
  move takes 1..n-1, then each move takes 1..twice the previous take.
* ``"ex-06-1"``, ``"ex-06-2"`` and ``"ex-06-4"`` — the lecture's own exercises.

All are registered with :func:`gamelab.exercises.check.register`; the
functions here are the reference solutions behind the checks.  HDU 2516 has
no official sample in the course data, so its check runs on generated
inputs only, and the tests compare :func:`hdu2516` with plain search on the
original game (as for HDU 2188 in :mod:`gamelab.exercises.bash`).

References
----------
.. [1] HDU Online Judge, problem 2516 "取石子游戏".
.. [2] M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963).
"""
from __future__ import annotations

from ..judge_input import numbers as _numbers
from ... import engine
from ..._validate import check_int
from ...games.fibonacci import FibonacciNim, fibonacci_numbers
from ..check import register
from ...i18n import gettext_noop as N_

__all__ = ["hdu2516", "first_take_1000", "winning_takes_2028", "misere_first_player_wins"]


def hdu2516(input_text):
    """HDU 2516: for each heap n (a line each, ending with 0), who wins Fibonacci Nim?

    The first player loses exactly when n is a Fibonacci number; gamelab
    decides it with the closed form of :class:`gamelab.FibonacciNim` (the
    Zeckendorf sum of n, integers only).

    Parameters
    ----------
    input_text : str
        Heaps ``n`` (2 <= n < 2**31), one per line; the line ``0`` ends the input.

    Returns
    -------
    str
        One line per heap: ``Second win`` if the second player wins, else
        ``First win``.

    Examples
    --------
    >>> print(hdu2516("2\\n13\\n10000\\n0\\n"), end="")
    Second win
    Second win
    First win

    References
    ----------
    .. [1] HDU Online Judge, problem 2516.
    """
    nums = _numbers(input_text)
    game = FibonacciNim()
    lines = []
    for n in nums:
        if n == 0:
            break
        if n < 2:
            raise ValueError(f"input_text: a heap must hold at least 2 stones, got {n}")
        lost = engine.outcome(game, FibonacciNim.start(n)) == "P"
        lines.append("Second win" if lost else "First win")
    else:
        raise ValueError("input_text must end with the line '0'")
    return "\n".join(lines) + ("\n" if lines else "")


def _hdu2516_cases(rng):
    """Small heaps (the tests compare them with search) and heaps near Fibonacci numbers below 2**31."""
    fibs = [f for f in fibonacci_numbers(2**31 - 1) if f >= 2]
    texts = ["2\n3\n4\n5\n6\n7\n8\n9\n0\n"]
    for _ in range(5):
        heaps = [rng.randint(2, 60) for _ in range(rng.randint(3, 10))]
        texts.append("".join(f"{n}\n" for n in heaps) + "0\n")
    for _ in range(5):
        heaps = []
        for _ in range(rng.randint(3, 8)):
            f = rng.choice(fibs[-12:])
            heaps.append(min(max(f + rng.choice([-1, 0, 0, 1]), 2), 2**31 - 1))
        texts.append("".join(f"{n}\n" for n in heaps) + "0\n")
    return texts


register("hdu2516", kind="judge", reference=hdu2516, cases=_hdu2516_cases)


def first_take_1000():
    """Exercise 06-1: the winning first take from a heap of 1000 (there is only one).

    >>> first_take_1000()
    13
    """
    game = FibonacciNim()
    (heap, _), = engine.winning_moves(game, FibonacciNim.start(1000))
    return 1000 - heap


register("ex-06-1", kind="value", reference=first_take_1000,
         hint=N_("write 1000 as a sum of non-consecutive Fibonacci numbers"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))


def winning_takes_2028():
    """Exercise 06-2: every winning first take from a heap of 2028.

    >>> sorted(winning_takes_2028())
    [2, 54, 431]
    """
    game = FibonacciNim()
    return {2028 - heap for heap, _ in engine.winning_moves(game, FibonacciNim.start(2028))}


register("ex-06-2", kind="value", reference=winning_takes_2028,
         hint=N_("a winning take is a sum of the smallest terms of the Zeckendorf sum "
                 "of 2028, but not every such sum wins"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))


def misere_first_player_wins(n):
    """Exercise 06-4: does the first player win misère Fibonacci Nim on a heap of ``n``?

    By plain search (taking the last stone loses; a player with no move wins).

    >>> [misere_first_player_wins(n) for n in range(1, 6)]
    [True, True, True, True, True]
    """
    n = check_int(n, "n", minimum=1)
    game = FibonacciNim()
    return engine.search_outcome(game, FibonacciNim.start(n), misere=True) == "N"


register("ex-06-4", kind="function", reference=misere_first_player_wins,
         cases=lambda rng: [(n,) for n in range(1, 31)] + [(rng.randint(31, 70),) for _ in range(5)])
