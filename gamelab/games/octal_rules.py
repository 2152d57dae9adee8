"""The moves of a take-and-break game, as one frozen value: :class:`Rules`.

An *octal code* ``d0.d1d2d3...`` says which moves are allowed: the digit
``dk`` is the sum of

* 1 if removing k tokens may leave **no** heap (the whole heap is taken),
* 2 if removing k tokens may leave **one** heap (of the rest),
* 4 if removing k tokens may leave **two** non-empty heaps,

and, in a *hexadecimal* code, 8 if it may leave **three** heaps (digits 8-F).
The digit before the point is for k = 0, splitting a heap without removing
anything: only 0 or 4 make sense there in an octal code ("4.7").  So Kayles
is ``0.77`` (knock down one pin or two adjacent pins, anywhere in a row) and
Dawson's Kayles is ``0.07`` (two adjacent pins only).

:meth:`Rules.from_code` is the one reader of codes -- octal, hexadecimal and
the rest of the take-and-break notation (:mod:`gamelab.games.tb_code`:
repeating digits, marks, heap counts, added tokens); everything that plays,
computes or explains a take-and-break game (:class:`gamelab.TakeAndBreak`,
the sequence engines, the sparse-space kernel, the period proofs, the digit
table of :mod:`gamelab.display`) takes the :class:`Rules` it returns.
Grundy's game, which splits a heap into two heaps of *different* sizes, is
``4!.0``; :meth:`Rules.grundys_game` gives its rules.  The compiled kernel
reads octal rules (:attr:`Rules.octal`); the others are computed by
:mod:`gamelab.games.tb_sequence`.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("Take-and-break games").
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

from .._validate import check_int
from .tb_code import ZERO, Digit, code_text, read_code

__all__ = ["Rules", "KernelArrays", "check_rules", "LEAVES"]

#: The bits of a digit, in order: removing k tokens may leave no heap (1),
#: one heap (2), two non-empty heaps (4) — the one reading of a digit.
LEAVES = (1, 2, 4)

class KernelArrays(NamedTuple):
    """The rules as the compiled kernel reads them (fresh int64/bool numpy arrays)."""

    take_all: np.ndarray
    take_one: np.ndarray
    split_k: np.ndarray
    split_un: np.ndarray


@dataclass(frozen=True)
class Rules:
    """The moves of a take-and-break game: the digits of its code.

    Make one with :meth:`from_code` (any take-and-break code) or
    :meth:`grundys_game`.

    Parameters
    ----------
    digits : tuple
        ``digits[k]`` says what a move removing k tokens may leave: an int
        whose bit 2**c allows c non-empty heaps (the octal digits 0-7, the
        hexadecimal 8-F, ...), or a :class:`~gamelab.games.tb_code.Digit` for
        a digit with marks or no bound on the heaps.  ``digits[0]`` (removing
        nothing) may only split, and the last digit is not 0 (unless it is the
        only one).
    unequal : bool
        Whether the heaps a split leaves must be pairwise unequal (Grundy's
        game; the mark ``!`` on every splitting digit).
    repeat : int
        How many of the last digits repeat forever (``0.[3]`` is Nim).
    adds : tuple
        ``adds[j - 1]`` for a move that *adds* j tokens, then leaves heaps as
        the digit says; every such move must leave heaps smaller than the one
        it was played on (or the game might never end).

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
    >>> Rules.grundys_game().code, Rules.grundys_game().t
    ('4!.0', None)
    >>> list(Rules.from_code("0.8").moves(7))     # a hexadecimal game: three heaps
    [(1, 1, 4), (1, 2, 3), (2, 2, 2)]
    """

    digits: tuple
    unequal: bool = False
    repeat: int = 0
    adds: tuple = ()

    def __post_init__(self):
        d = self.digits
        if (not isinstance(d, tuple) or not d
                or not all(_is_digit(x) for x in d)):
            raise TypeError(f"digits must be a non-empty tuple of digits (ints >= 0, or Digit), "
                            f"got {d!r} (read a code with Rules.from_code)")
        if not isinstance(self.unequal, bool):
            raise TypeError(f"unequal must be a bool, got {self.unequal!r}")
        if type(self.repeat) is not int or not 0 <= self.repeat < len(d):
            raise ValueError(f"repeat must be an int from 0 to {len(d) - 1}, got {self.repeat!r}")
        if not isinstance(self.adds, tuple) or not all(_is_digit(x) for x in self.adds):
            raise TypeError(f"adds must be a tuple of digits, got {self.adds!r}")
        views = (*self._views, *self._add_views)
        last = self._views[-self.repeat:] if self.repeat else self._views[-1:]
        if (any(isinstance(x, Digit) and x.plain for x in (*d, *self.adds))
                or (self.unequal and any(isinstance(x, Digit) for x in (*d, *self.adds)))
                or (len(d) > 1 and all(x.zero for x in last))
                or (self.adds and self._add_views[-1].zero)
                or any(x.plain and x.most is not None and x.most > _MAX_COUNT for x in views)):
            raise ValueError(f"digits {d!r} are not in normal form (read a code with "
                             "Rules.from_code)")
        why = _never_ends(self._views[0], self._add_views)
        if why:
            raise ValueError(f"digits {d!r} (code {self.code!r}): {why}, so the game would "
                             "never end")

    # -- the one parser ------------------------------------------------------------
    @classmethod
    def from_code(cls, code: str) -> Rules:
        """The rules of a take-and-break code.

        Parameters
        ----------
        code : str
            ``"0.77"``, ``"0.07"``, ``".137"``, ``"4.7"`` (octal), ``"0.8"``,
            ``"0.F8"`` (hexadecimal), ``"0.[3]"``, ``"0.300303330[3]"``
            (repeating digits), ``"4!.0"`` (marks), ``"0.{2+}"`` (heap
            counts): every code CGSuite's ``TakeAndBreak`` reads, as
            :mod:`gamelab.games.tb_code` explains.  Spaces around it and
            trailing zeros do not matter.

        Raises
        ------
        TypeError
            If ``code`` is not a string.
        ValueError
            If ``code`` is not a take-and-break code, or its game might never
            end (a move that removes nothing and leaves one heap, or adds
            tokens and may leave a heap as large as before).

        Examples
        --------
        >>> Rules.from_code("4.70").code
        '4.7'
        >>> Rules.from_code("4!.0") == Rules.grundys_game()
        True
        >>> Rules.from_code("0.x")
        Traceback (most recent call last):
        ...
        ValueError: code '0.x' is not a take-and-break code: 'x' is not a digit (0-9, A-V), a mark (! ? =) or one of . [ ] * { } &n; (codes such as '0.77', '4.7', '0.8', '0.[3]', '4!.0', '0.{2+}')
        """
        read = read_code(code)
        digits, adds = [_compact(x) for x in read.digits], [_compact(x) for x in read.adds]
        unequal = _all_unequal([*read.digits, *read.adds])
        if unequal:
            digits = [x.number for x in read.digits]
            adds = [x.number for x in read.adds]
        if read.digits[0].mark(0) is not None or read.digits[0].mark(1) is not None:
            raise ValueError(
                f"code {code!r}: the digit before the point (removing 0 tokens) may only split "
                f"a heap (0, 4, 8, C, ...); {read.digits[0].text} would let a move leave the "
                "heap unchanged or remove nothing, and the game would never end")
        why = _never_ends(read.digits[0], read.adds)
        if why:
            raise ValueError(f"code {code!r}: {why}, so the game would never end")
        return cls(tuple(digits), unequal=unequal, repeat=read.repeat, adds=tuple(adds))

    @classmethod
    def grundys_game(cls) -> Rules:
        """Grundy's game, ``4!.0``: split a heap into two heaps of different sizes."""
        return cls((4,), unequal=True)

    def __repr__(self):
        if self == Rules.grundys_game():
            return "Rules.grundys_game()"
        return f"Rules.from_code({self.code!r})"

    # -- what the digits say ---------------------------------------------------------
    @cached_property
    def _views(self):
        return tuple(self._view(x) for x in self.digits)

    @cached_property
    def _add_views(self):
        return tuple(self._view(x) for x in self.adds)

    def _view(self, x):
        if isinstance(x, Digit):
            return x
        return Digit.of(x, "!" if self.unequal else "")

    def digit(self, k: int) -> Digit:
        """The digit for removing ``k`` tokens (``k < 0``: adding ``-k``), as a
        :class:`~gamelab.games.tb_code.Digit`.

        >>> Rules.from_code("0.[3]").digit(10**6), Rules.from_code("0.8").digit(2)
        (Digit('3'), Digit('0'))
        """
        k = check_int(k, "k", minimum=None)
        if k < 0:
            return self._add_views[-k - 1] if -k <= len(self.adds) else ZERO
        views = self._views
        if k < len(views):
            return views[k]
        if self.repeat:
            fixed = len(views) - self.repeat
            return views[fixed + (k - fixed) % self.repeat]
        return ZERO

    @property
    def code(self) -> str:
        """The canonical code (``"0.77"``, ``"0.8"``, ``"0.[3]"``, ``"4!.0"``)."""
        return code_text(self._views, self.repeat, self._add_views)

    @property
    def octal(self) -> bool:
        """Whether this is an octal game (or Grundy's game): digits 0-7, none repeating,
        none adding -- what the compiled kernel and the octal proofs read."""
        return (not self.repeat and not self.adds
                and all(type(x) is int and x <= 7 for x in self.digits))

    @property
    def family(self) -> str:
        """What the code is called: ``"octal"``, ``"hexadecimal"`` or ``"take-and-break"``.

        >>> [Rules.from_code(c).family for c in ("0.77", "0.F8", "4!.0", "0.[3]")]
        ['octal', 'hexadecimal', 'take-and-break', 'take-and-break']
        """
        if self.unequal or self.repeat or self.adds or not all(type(x) is int
                                                                 for x in self.digits):
            return "take-and-break"
        return "octal" if max(self.digits) <= 7 else (
            "hexadecimal" if max(self.digits) <= 15 else "take-and-break")

    @property
    def heaps(self) -> int | None:
        """The most heaps a move may leave, or ``None`` when no bound is set."""
        most = [v.most for v in (*self._views, *self._add_views)]
        return None if None in most else max(most)

    @property
    def t(self) -> int | None:
        """The most tokens a move removes (the ``t`` of the Guy–Smith theorem), or
        ``None`` when no periodicity theorem applies: some removals are unbounded
        (repeating digits), or splits are constrained (unequal, marks) or unbounded."""
        if (self.unequal or self.repeat or self.heaps is None
                or not all(v.plain for v in (*self._views, *self._add_views))):
            return None
        return len(self.digits) - 1

    def leaves(self, k: int) -> tuple[bool, bool, bool]:
        """Whether removing ``k`` tokens may leave no heap, one heap, two heaps.

        >>> Rules.from_code("0.137").leaves(2)
        (True, True, False)
        """
        k = check_int(k, "k")
        v = self.digit(k)
        return tuple(v.mark(c) is not None for c in range(3))

    def _removals(self, which):
        return tuple(k for k in range(1, len(self.digits)) if self.leaves(k)[which])

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
        return tuple((k, self.unequal) for k in range(len(self.digits)) if self.leaves(k)[2])

    def arrays(self) -> KernelArrays:
        """``take_all``, ``take_one`` and the splits' ``k`` and ``unequal`` as numpy arrays
        (octal rules only: the kernel's input)."""
        if not self.octal:
            raise ValueError(f"code {self.code!r} is not octal: the octal kernel reads digits "
                             "0-7 only (the general engine computes the others)")
        splits = self.splits
        return KernelArrays(np.array(self.take_all, dtype=np.int64),
                            np.array(self.take_one, dtype=np.int64),
                            np.array([k for k, _ in splits], dtype=np.int64),
                            np.array([u for _, u in splits], dtype=np.bool_))

    def moves(self, n: int):
        """The options of a heap of ``n`` tokens, as tuples of heaps, in CGSuite's order.

        For each k in increasing order (adding tokens first), for each number
        of heaps in increasing order: taking the whole heap ``()``, leaving
        one heap ``(n - k,)``, then the splits as non-decreasing tuples in
        increasing order, as the digit's marks allow.  A heap of 0 tokens has
        no move.
        """
        n = check_int(n, "n")
        if n == 0:
            return
        top = n if self.repeat else min(n, len(self.digits) - 1)
        views, fixed = self._views, len(self.digits) - self.repeat
        for k in range(-len(self.adds), top + 1):
            v = (self._add_views[-k - 1] if k < 0 else views[k] if k < len(views)
                 else views[fixed + (k - fixed) % self.repeat])
            rest = n - k
            for c in v.counts(rest):
                yield from parts(rest, c, v.mark(c))


#: The most heaps a plain digit may name.
_MAX_COUNT = 63


def _is_digit(x):
    return isinstance(x, Digit) or (type(x) is int and 0 <= x < 1 << (_MAX_COUNT + 1))


def _compact(v):
    """A plain digit as its number, any other as itself."""
    return v.number if v.plain else v


def _all_unequal(views):
    """Whether every digit that splits is marked ``!`` throughout and no digit has any
    other mark or no bound: the rules of ``unequal=True``."""
    splitting = [v for v in views if any(c >= 2 for c, x in enumerate(v.marks) if x)]
    return bool(splitting) and all(
        not v.more and all(x in (None, "!") for x in v.marks) for v in splitting) and all(
        v.plain for v in views if v not in splitting)


def _never_ends(first, adds):
    """Why some move might leave a heap as large as the one it was played on, or ``None``
    (``first``: the digit for removing 0 tokens, ``adds``: those for adding 1, 2, ...)."""
    if first.mark(0) is not None or first.mark(1) is not None:
        return "removing 0 tokens may leave no heap or the heap unchanged"
    for j, v in enumerate(adds, start=1):
        for c in range(1, j + 3):
            mark = v.mark(c)
            if mark is not None and _may_grow(j, c, mark):
                return (f"adding {j} token{'s' * (j > 1)} and leaving {c} "
                        f"heap{'s' * (c > 1)} may leave a heap as large as before")
    return None


def _may_grow(j, c, mark):
    """Whether adding ``j`` tokens and leaving ``c`` heaps marked ``mark`` may leave a
    heap of at least the heap's own size n, for some n >= 1."""
    if c == 1:
        return True
    if mark == "!":
        return j >= c * (c - 1) // 2
    if mark == "=":
        return any((n + j) % c == 0 for n in range(1, j // (c - 1) + 1))
    return j >= c - 1


def parts(rest, c, mark):
    """The ways to leave ``rest`` tokens as ``c`` heaps marked ``mark``: non-decreasing
    tuples, in increasing order.

    >>> list(parts(6, 3, "")), list(parts(6, 3, "!")), list(parts(6, 2, "?"))
    ([(1, 1, 4), (1, 2, 3), (2, 2, 2)], [(1, 2, 3)], [(1, 5), (2, 4)])
    """
    if c == 0:
        if rest == 0:
            yield ()
        return
    if c == 1:
        if rest >= 1:
            yield (rest,)
        return
    if mark == "=":
        if rest % c == 0:
            yield (rest // c,) * c
        return
    if c == 2:                          # the common case, without recursion
        for a in range(1, (rest - 1) // 2 + 1 if mark in ("!", "?") else rest // 2 + 1):
            yield (a, rest - a)
        return
    step = 1 if mark == "!" else 0
    for tup in _rising(rest, c, 1, step):
        if mark != "?" or tup[0] != tup[-1]:
            yield tup


def _rising(rest, c, low, step):
    if c == 1:
        if rest >= low:
            yield (rest,)
        return
    a = low
    while a * c + step * c * (c - 1) // 2 <= rest:
        for tail in _rising(rest - a, c - 1, a + step, step):
            yield (a, *tail)
        a += 1


def check_rules(rules):
    """``rules`` if it is a :class:`Rules`, else the one ``TypeError`` every engine raises."""
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a Rules (Rules.from_code('0.77') or Rules.grundys_game()), "
                        f"got {type(rules).__name__} {rules!r}")
    return rules
