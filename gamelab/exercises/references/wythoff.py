"""Judge exercises on Wythoff's game (威佐夫博弈).

Each solver reads the judge's input as one string and returns the output
string the judge expects.

The exercises of lecture 05 are registered here
(:func:`gamelab.exercises.check.register`): ``"poj1067"`` and the
lecture's ``"ex-05-1"`` to ``"ex-05-3"``; the functions below are the
reference solutions behind the checks.

References
----------
.. [1] POJ 1067 "取石子游戏" (also HDU 1527): two heaps, Wythoff's game.
"""
from __future__ import annotations

import math

from ... import engine
from ..._validate import check_int
from ...games.fibonacci import fibonacci_numbers
from ...games.wythoff import Wythoff, is_wythoff_p_position, wythoff_pair
from ..check import register
from ...i18n import gettext_noop as N_
from ..judge_input import numbers

__all__ = ["poj1067", "float_lower", "first_fibonacci_float_failure",
           "misere_p_positions"]


def poj1067(input_text):
    """POJ 1067: for each line ``a b`` print 1 if the first player wins, else 0.

    The game is Wythoff's: ``(a, b)`` is lost for the player to move exactly
    when ``min(a, b) == floor(k * phi)`` with ``k = |a - b|``, decided here
    with integer arithmetic only (``math.isqrt``), so inputs near 10**9 (or
    far beyond) are judged exactly.

    Parameters
    ----------
    input_text : str
        Lines ``a b`` until the end of the input.

    Returns
    -------
    str
        One ``0``/``1`` per line.

    Examples
    --------
    >>> print(poj1067("2 1\\n8 4\\n4 7\\n"), end="")
    0
    1
    0
    >>> poj1067("165580140 267914295")
    '0\\n'

    References
    ----------
    .. [1] POJ 1067, http://poj.org/problem?id=1067
    """
    nums = numbers(input_text, "a heap size")
    if len(nums) % 2:
        raise ValueError("input_text: expected pairs 'a b', "
                         f"got an odd number of numbers ({len(nums)})")
    out = []
    for i in range(0, len(nums), 2):
        a = check_int(nums[i], f"input_text: heap a on line {i // 2 + 1}")
        b = check_int(nums[i + 1], f"input_text: heap b on line {i // 2 + 1}")
        out.append("0" if is_wythoff_p_position((a, b)) else "1")
    return "\n".join(out) + ("\n" if out else "")


# ---------------------------------------------------------------------------
# registered exercises

def _poj1067_cases(rng):
    """Small pairs (checked by search in the tests) and P-positions near 10**9 with neighbours."""
    texts = []
    for _ in range(6):
        pairs = [(rng.randrange(30), rng.randrange(30)) for _ in range(rng.randint(3, 12))]
        texts.append("".join(f"{a} {b}\n" for a, b in pairs))
    for k in (102334155, 267914296, 141422324, 370248451, 381966011):  # the float formula fails
        a, b = wythoff_pair(k)                                            # on the first four
        texts.append(f"{a} {b}\n{b} {a}\n{a + 1} {b + 1}\n{a} {b - 1}\n")
    for _ in range(4):
        a, b = wythoff_pair(rng.randrange(10**8, 381966012))
        texts.append(f"{b} {a}\n{a} {b + 1}\n")
    return texts


register("poj1067", kind="judge", reference=poj1067, cases=_poj1067_cases)


def _winning_moves_10_15():
    """Exercise 05-1: every winning move from ``(10, 15)``, by plain search."""
    return set(engine.search_winning_moves(Wythoff(), (10, 15)))


register("ex-05-1", kind="value", reference=_winning_moves_10_15,
         hint=N_("there is at most one winning move of each kind: from heap 1, from heap 2, "
                 "from both"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))


def float_lower(k):
    """``floor(k * phi)`` as the classic solutions compute it, in double precision.

    >>> float_lower(10), float_lower(102334155) - wythoff_pair(102334155)[0]
    (16, 1)
    """
    return math.floor((math.sqrt(5.0) + 1) / 2 * k)


def first_fibonacci_float_failure(limit=10**12):
    """The least Fibonacci number k for which :func:`float_lower` is not ``a_k`` (or ``None``).

    >>> first_fibonacci_float_failure()
    102334155
    """
    return next((k for k in fibonacci_numbers(limit) if float_lower(k) != wythoff_pair(k)[0]),
                None)


register("ex-05-2", kind="value", reference=first_fibonacci_float_failure,
         hint=N_("compare the float formula with the exact a_k = (k + isqrt(5k²)) // 2 on the "
                 "Fibonacci numbers in increasing order"))


def misere_p_positions(size=12):
    """Exercise 05-3: the P-positions ``(a, b)`` of misère Wythoff with ``a, b < size``, by search.

    >>> sorted(p for p in misere_p_positions(6) if p[0] <= p[1])
    [(0, 1), (2, 2), (3, 5)]
    """
    game = Wythoff()
    return {(a, b) for a in range(size) for b in range(size)
            if engine.search_outcome(game, (a, b), misere=True) == "P"}


register("ex-05-3", kind="value", reference=misere_p_positions,
         hint=N_("list both (a, b) and (b, a); search from the end: (0, 0) is now a win"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
