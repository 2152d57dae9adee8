"""The moves of a take-and-break game, as one frozen value: :class:`Rules`.

An *octal code* ``d0.d1d2d3...`` says which moves are allowed: the digit
``dk`` is the sum of

* 1 if removing k tokens may leave **no** heap (the whole heap is taken),
* 2 if removing k tokens may leave **one** heap (of the rest),
* 4 if removing k tokens may leave **two** non-empty heaps.

The digit before the point is for k = 0, splitting a heap without removing
anything: only 0 or 4 make sense there ("4.7").  So Kayles is ``0.77``
(knock down one pin or two adjacent pins, anywhere in a row) and Dawson's
Kayles is ``0.07`` (two adjacent pins only).

:meth:`Rules.from_code` is the one reader of octal codes; everything that
plays, computes or explains an octal game (:class:`gamelab.TakeAndBreak`,
the sequence engine, the sparse-space kernel, the period proofs, the digit
table of :mod:`gamelab.display`) takes the :class:`Rules` it returns.
Grundy's game, which splits a heap into two heaps of *different* sizes, has
no octal code; :meth:`Rules.grundys_game` gives its rules, read by the same
engines.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("Take-and-break games").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

from .._validate import check_int

__all__ = ["Rules", "KernelArrays", "check_rules", "LEAVES"]

#: The bits of a digit, in order: removing k tokens may leave no heap (1),
#: one heap (2), two non-empty heaps (4) — the one reading of a digit.
LEAVES = (1, 2, 4)

_CODE = re.compile(r"([0-7]?)\.([0-7]*)")


class KernelArrays(NamedTuple):
    """The rules as the compiled kernel reads them (fresh int64/bool numpy arrays)."""

    take_all: np.ndarray
    take_one: np.ndarray
    split_k: np.ndarray
    split_un: np.ndarray


@dataclass(frozen=True)
class Rules:
    """The moves of a take-and-break game: the digits of an octal code.

    Make one with :meth:`from_code` (an octal game) or :meth:`grundys_game`.

    Parameters
    ----------
    digits : tuple of int
        ``digits[k]`` is the octal digit for removing k tokens, ``digits[0]``
        is 0 or 4, and the last digit is not 0 (unless it is the only one).
    unequal : bool
        Whether the two heaps a split leaves must have different sizes
        (Grundy's game); no octal code says that.

    Examples
    --------
    >>> kayles = Rules.from_code("0.77")
    >>> kayles.code, kayles.digits, kayles.t
    ('0.77', (0, 7, 7), 2)
    >>> list(kayles.moves(3))
    [(2,), (1, 1), (1,)]
    >>> kayles.take_all, kayles.take_one, kayles.splits
    ((1, 2), (1, 2), ((1, False), (2, False)))
    >>> Rules.from_code(".137") == Rules.from_code("0.1370")
    True
    >>> Rules.grundys_game().splits, Rules.grundys_game().t
    (((0, True),), None)
    """

    digits: tuple
    unequal: bool = False

    def __post_init__(self):
        d = self.digits
        if (not isinstance(d, tuple) or not d
                or not all(type(x) is int and 0 <= x <= 7 for x in d)):
            raise TypeError(f"digits must be a non-empty tuple of octal digits 0-7, got {d!r} "
                            "(read a code with Rules.from_code)")
        if d[0] not in (0, 4) or (len(d) > 1 and d[-1] == 0):
            raise ValueError(f"digits {d!r} are not canonical: the first must be 0 or 4 and the "
                             "last not 0 (read a code with Rules.from_code)")
        if not isinstance(self.unequal, bool):
            raise TypeError(f"unequal must be a bool, got {self.unequal!r}")

    # -- the one parser ------------------------------------------------------------
    @classmethod
    def from_code(cls, code: str) -> Rules:
        """The rules of an octal code.

        Parameters
        ----------
        code : str
            ``"0.77"``, ``"0.07"``, ``".137"``, ``"4.7"``, ... : an optional
            digit for k = 0 (0 or 4), a point, then one octal digit for each
            k = 1, 2, ...  Spaces around it and trailing zeros do not matter.

        Raises
        ------
        TypeError
            If ``code`` is not a string.
        ValueError
            If ``code`` is not an octal code, or its first digit lets a move
            leave the heap as it was (a game that never ends).

        Examples
        --------
        >>> Rules.from_code("4.70").code
        '4.7'
        >>> Rules.from_code("0.8")
        Traceback (most recent call last):
        ...
        ValueError: code must be an octal code such as '0.77' or '4.7' (digits 0-7, one point), got '0.8'
        """
        if not isinstance(code, str):
            raise TypeError(f"code must be a str such as '0.77', got {type(code).__name__} {code!r}")
        m = _CODE.fullmatch(code.strip())
        if m is None or (m.group(1) == "" and m.group(2) == ""):
            raise ValueError("code must be an octal code such as '0.77' or '4.7' (digits 0-7, "
                             f"one point), got {code!r}")
        d0 = int(m.group(1) or "0")
        if d0 not in (0, 4):
            raise ValueError(
                f"code {code!r}: the digit before the point (removing 0 tokens) must be 0 or 4; "
                f"{d0} would let a move leave the heap unchanged or remove nothing, and the game "
                "would never end")
        digits = [d0] + [int(c) for c in m.group(2)]
        while len(digits) > 1 and digits[-1] == 0:
            digits.pop()
        return cls(tuple(digits))

    @classmethod
    def grundys_game(cls) -> Rules:
        """Grundy's game: split a heap into two heaps of different sizes (no octal code)."""
        return cls((4,), unequal=True)

    def __repr__(self):
        if self.code is not None:
            return f"Rules.from_code({self.code!r})"
        if self.digits == (4,):
            return "Rules.grundys_game()"
        return f"Rules(digits={self.digits!r}, unequal=True)"

    # -- what the digits say ---------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The canonical octal code (``"0.77"``), or ``None`` when splits must be unequal."""
        if self.unequal:
            return None
        return f"{self.digits[0]}." + ("".join(map(str, self.digits[1:])) or "0")

    @property
    def t(self) -> int | None:
        """The most tokens a move removes (the ``t`` of the Guy–Smith theorem), or
        ``None`` when splits must be unequal (no periodicity theorem applies)."""
        return None if self.unequal else len(self.digits) - 1

    def leaves(self, k: int) -> tuple[bool, bool, bool]:
        """Whether removing ``k`` tokens may leave no heap, one heap, two heaps.

        >>> Rules.from_code("0.137").leaves(2)
        (True, True, False)
        """
        k = check_int(k, "k")
        return self._table[k] if k < len(self._table) else (False, False, False)

    @cached_property
    def _table(self):
        return tuple(tuple(bool(d & bit) for bit in LEAVES) for d in self.digits)

    def _removals(self, which):
        return tuple(k for k, flags in enumerate(self._table) if flags[which])

    @property
    def take_all(self) -> tuple[int, ...]:
        """The k >= 1 such that a heap of exactly k tokens may be removed whole."""
        return self._removals(0)

    @property
    def take_one(self) -> tuple[int, ...]:
        """The k >= 1 such that k tokens may be removed leaving one non-empty heap."""
        return self._removals(1)

    @property
    def splits(self) -> tuple[tuple[int, bool], ...]:
        """``((k, unequal), ...)``, increasing k: removing k tokens may leave two
        non-empty heaps (of different sizes when ``unequal``)."""
        return tuple((k, self.unequal) for k in self._removals(2))

    def arrays(self) -> KernelArrays:
        """``take_all``, ``take_one`` and the splits' ``k`` and ``unequal`` as numpy arrays."""
        splits = self.splits
        return KernelArrays(np.array(self.take_all, dtype=np.int64),
                            np.array(self.take_one, dtype=np.int64),
                            np.array([k for k, _ in splits], dtype=np.int64),
                            np.array([u for _, u in splits], dtype=np.bool_))

    def moves(self, n: int):
        """The options of a heap of ``n`` tokens, as tuples of heaps.

        For each k in increasing order: taking the whole heap ``()``, leaving
        one heap ``(n - k,)``, then the splits ``(a, n - k - a)`` with
        ``1 <= a <= n - k - a`` (``a < n - k - a`` when splits are unequal).
        """
        n = check_int(n, "n")
        for k, (none, one, two) in enumerate(self._table[:n + 1]):
            rest = n - k
            if none and rest == 0:
                yield ()
            if one and rest >= 1:
                yield (rest,)
            if two:
                top = (rest - 1) // 2 if self.unequal else rest // 2
                for a in range(1, top + 1):
                    yield (a, rest - a)


def check_rules(rules):
    """``rules`` if it is a :class:`Rules`, else the one ``TypeError`` every engine raises."""
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a Rules (Rules.from_code('0.77') or Rules.grundys_game()), "
                        f"got {type(rules).__name__} {rules!r}")
    return rules
