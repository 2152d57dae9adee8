"""Judge exercises on Nim (lecture 03).

* :func:`hdu1850` — count the winning first moves of a Nim position.
* :func:`hiho1163`, :func:`poj2234` — who wins a Nim position.
* :func:`poj1740` — "A New Stone Game", whose P-positions are the positions
  where the piles pair up into equal sizes; :func:`new_stone_options` gives
  the game's moves so that the characterisation can be checked by search.

References
----------
.. [1] HDU 1850 "Being a Good Boy in Spring Festival"; hihoCoder 1163;
   POJ 2234 "Matches Game"; POJ 1740 "A New Stone Game".
.. [2] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901–1902).
"""
from __future__ import annotations

from collections import Counter

from ..._validate import check_int_tuple
from ...games.nim import Nim
from ..check import register
from ..helpers import new_stone_options
from ..judge_input import JudgeInput

__all__ = ["hdu1850", "hiho1163", "poj2234", "poj1740", "new_stone_options", "new_stone_is_p"]

_NIM = Nim()


def _lines(out):
    return "\n".join(out) + ("\n" if out else "")


def hdu1850(input_text):
    """HDU 1850: the number of winning first moves (0 at a P-position).

    >>> print(hdu1850("3\\n5 7 9\\n0\\n"), end="")
    1
    """
    r = JudgeInput(input_text)
    out = []
    while r.more():
        m = r.int("M")
        if m == 0:
            break
        heaps = tuple(r.int("heap") for _ in range(m))
        out.append(str(len(_NIM.winning_moves(heaps))))
    return _lines(out)


def hiho1163(input_text):
    """hihoCoder 1163: ``Alice`` if the first player wins the Nim position, else ``Bob``.

    >>> print(hiho1163("3\\n3 2 1\\n"), end="")
    Bob
    """
    r = JudgeInput(input_text)
    n = r.int("N")
    heaps = tuple(r.int("heap") for _ in range(n))
    return ("Alice" if _NIM.outcome(heaps) == "N" else "Bob") + "\n"


def poj2234(input_text):
    """POJ 2234 "Matches Game": ``Yes`` if the first player wins, else ``No``.

    >>> print(poj2234("2 45 45\\n3 3 6 9\\n"), end="")
    No
    Yes
    """
    r = JudgeInput(input_text)
    out = []
    while r.more():
        m = r.int("M")
        heaps = tuple(r.int("heap") for _ in range(m))
        out.append("Yes" if _NIM.outcome(heaps) == "N" else "No")
    return _lines(out)


def new_stone_is_p(piles):
    """POJ 1740's P-positions: every pile size occurs an even number of times.

    >>> new_stone_is_p((2, 1, 2, 1)), new_stone_is_p((1, 1, 2))
    (True, False)
    """
    piles = check_int_tuple(piles, "piles")
    return all(c % 2 == 0 for h, c in Counter(h for h in piles if h).items())


def poj1740(input_text):
    """POJ 1740 "A New Stone Game": ``1`` if the first player wins, else ``0``.

    >>> print(poj1740("3\\n2 1 3\\n2\\n1 1\\n0\\n"), end="")
    1
    0
    """
    r = JudgeInput(input_text)
    out = []
    while r.more():
        n = r.int("n")
        if n == 0:
            break
        piles = tuple(r.int("pile") for _ in range(n))
        out.append("0" if new_stone_is_p(piles) else "1")
    return _lines(out)


# ---------------------------------------------------------------------------
# Registered exercises (see gamelab.exercises.check): generated cases, with
# P-positions built on purpose so that both answers occur.

def _nim_position(rng, count, top, *, zero=False):
    heaps = [rng.randint(1, top) for _ in range(count)]
    if zero and count >= 2:
        x = 0
        for h in heaps[:-1]:
            x ^= h
        if 1 <= x <= top:
            heaps[-1] = x
    return heaps


def _poj2234_cases(rng):
    out = ["1 1\n2 1 1\n2 1 2\n3 1 2 3\n3 1 2 4\n"]
    for _ in range(10):
        lines = []
        for _ in range(rng.randint(1, 5)):
            heaps = _nim_position(rng, rng.randint(1, 20), 10**7, zero=rng.random() < 0.5)
            lines.append(" ".join(map(str, [len(heaps), *heaps])))
        out.append("\n".join(lines) + "\n")
    return out


def _hiho1163_cases(rng):
    out = ["1\n5\n", "2\n7 7\n", "4\n1 2 4 7\n"]
    for k in range(12):
        heaps = _nim_position(rng, rng.randint(1, 100), 10000, zero=k % 2 == 0)
        out.append(f"{len(heaps)}\n{' '.join(map(str, heaps))}\n")
    return out


def _hdu1850_cases(rng):
    out = ["2\n1 1\n3\n7 7 7\n4\n1 2 4 8\n0\n"]
    for _ in range(10):
        blocks = []
        for _ in range(rng.randint(1, 4)):
            heaps = _nim_position(rng, rng.randint(2, 100), 10**6, zero=rng.random() < 0.3)
            blocks.append(f"{len(heaps)}\n{' '.join(map(str, heaps))}\n")
        out.append("".join(blocks) + "0\n")
    return out


def _poj1740_cases(rng):
    out = ["1\n1\n2\n2 2\n2\n1 2\n4\n1 1 2 2\n4\n1 2 2 2\n3\n1 1 1\n0\n"]
    for _ in range(10):
        blocks = []
        for _ in range(rng.randint(1, 5)):
            if rng.random() < 0.5:  # paired on purpose
                half = [rng.randint(1, 100) for _ in range(rng.randint(1, 5))]
                piles = half + half
                rng.shuffle(piles)
            else:
                piles = [rng.randint(1, rng.choice([3, 100])) for _ in range(rng.randint(1, 10))]
            blocks.append(f"{len(piles)}\n{' '.join(map(str, piles))}\n")
        out.append("".join(blocks) + "0\n")
    return out


register("poj2234", kind="judge", reference=poj2234, cases=_poj2234_cases)
register("hiho1163", kind="judge", reference=hiho1163, cases=_hiho1163_cases)
register("hdu1850", kind="judge", reference=hdu1850, cases=_hdu1850_cases)
register("poj1740", kind="judge", reference=poj1740, cases=_poj1740_cases)
