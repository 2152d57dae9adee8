"""Octal codes and the octal games: Kayles, Dawson's Kayles and every ``TakeAndBreak(code)``.

In a take-and-break game a move removes some tokens from one heap and may
leave the rest as one heap, or split it into two heaps.  An *octal code*
``d0.d1d2d3...`` says which moves are allowed: the digit ``dk`` is the sum of

* 1 if removing k tokens may leave **no** heap (the whole heap is taken),
* 2 if removing k tokens may leave **one** heap (of the rest),
* 4 if removing k tokens may leave **two** non-empty heaps.

The digit before the point is for k = 0, splitting a heap without removing
anything: only 0 or 4 make sense there ("4.7").  So Kayles is ``0.77``
(knock down one pin or two adjacent pins, anywhere in a row) and Dawson's
Kayles is ``0.07`` (two adjacent pins only).

By the Sprague–Grundy theorem a position made of several heaps has the XOR
of their values as its value, so everything rests on the *Grundy sequence*
``G(0), G(1), ...`` of single heaps, computed by
:class:`gamelab.games.octal_sequence.OctalSequence` and, for finite codes,
proven periodic with the Guy–Smith theorem (:mod:`gamelab.periodicity`).

See Also
--------
gamelab.games.lasker : Lasker's Nim (take any number, or split).
gamelab.games.grundys : Grundy's game (split into unequal heaps).
gamelab.games.strips : strip games that are octal games in disguise.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("Take-and-break games").
.. [2] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
.. [3] A. Flammenkamp, "Octal games", https://wwwhomes.uni-bielefeld.de/achim/octal.html
   (periods of octal games; the sparse space).
.. [4] A. Gangolli and T. Plambeck, "A note on periodicity in some octal
   games", Int. J. Game Theory 18 (1989), 311–320 (0.16 and 0.56).
"""
from __future__ import annotations

import re

import numpy as np

from .._validate import check_int
from ..engine import xor_values
from ..heaps import HeapGame, Heaps
from .octal_sequence import MAX_SEQUENCE, MoveRules, OctalSequence

__all__ = [
    "parse_octal",
    "code_string",
    "check_heap_size",
    "TokenHeapGame",
    "RuleHeapGame",
    "TakeAndBreak",
    "Kayles",
    "DawsonsKayles",
    "NamedOctalGame",
]

_CODE = re.compile(r"([0-7]?)\.([0-7]*)")


def parse_octal(code: str) -> tuple[int, ...]:
    """The digits of an octal code, ``(d0, d1, ..., dt)`` with ``dt != 0``.

    Parameters
    ----------
    code : str
        ``"0.77"``, ``"0.07"``, ``".137"``, ``"4.7"``, ... : an optional digit
        for k = 0 (0 or 4), a point, then one octal digit for each k = 1, 2,
        ...  Trailing zeros do not matter.

    Returns
    -------
    tuple of int
        ``digits[k]`` is the digit for removing k tokens; trailing zeros are
        dropped (``digits[0]`` is always present).

    Raises
    ------
    TypeError
        If ``code`` is not a string.
    ValueError
        If ``code`` is not an octal code, or its first digit lets a move
        leave the heap as it was (a game that never ends).

    Examples
    --------
    >>> parse_octal("0.77")
    (0, 7, 7)
    >>> parse_octal(".137")
    (0, 1, 3, 7)
    >>> parse_octal("4.70")
    (4, 7)
    >>> parse_octal("0.8")
    Traceback (most recent call last):
    ...
    ValueError: code must be an octal code such as '0.77' or '4.7' (digits 0-7, one point), got '0.8'
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str such as '0.77', got {type(code).__name__} {code!r}")
    m = _CODE.fullmatch(code.strip())
    if m is None or (m.group(1) == "" and m.group(2) == ""):
        raise ValueError(
            "code must be an octal code such as '0.77' or '4.7' (digits 0-7, one point), "
            f"got {code!r}"
        )
    d0 = int(m.group(1) or "0")
    if d0 not in (0, 4):
        raise ValueError(
            f"code {code!r}: the digit before the point (removing 0 tokens) must be 0 or 4; "
            f"{d0} would let a move leave the heap unchanged or remove nothing, and the game "
            "would never end"
        )
    digits = [d0] + [int(c) for c in m.group(2)]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return tuple(digits)


def code_string(digits):
    """The canonical text of an octal code from its digits: ``(0, 7, 7)`` -> ``'0.77'``."""
    return f"{digits[0]}." + ("".join(str(d) for d in digits[1:]) or "0")


def check_heap_size(heap):
    """A heap of tokens: a non-negative int (a tuple is then several heaps, never one)."""
    return check_int(heap, "heap")


class TokenHeapGame(HeapGame):
    """A heap game whose heaps are rows of tokens (non-negative ints).

    Adds plain-text move labels to :class:`HeapGame` (the play widget's board
    and its moves in words are drawn by :mod:`gamelab.display.boards`).
    """

    def __init__(self, moves, *, name=None):
        super().__init__(moves, name=name, validate_heap=check_heap_size)

    def move_label(self, position, option):
        """How a move reads on a button of the play widget."""
        if isinstance(position, int):
            left = sum(option)
            parts = " + ".join(str(h) for h in option)
            taken = position - left
            what = f"take {taken}" if taken else "split"
            return f"{what} → {parts}" if parts else f"{what}, nothing left"
        return "→ " + (" + ".join(str(h) for h in option) or "nothing left")



class RuleHeapGame(TokenHeapGame):
    """A heap game given by :class:`~gamelab.games.octal_sequence.MoveRules`,
    with its Grundy sequence from :class:`~gamelab.games.octal_sequence.OctalSequence`.

    Parameters
    ----------
    rules : MoveRules
    name : str
    """

    def __init__(self, rules, *, name):
        super().__init__(rules.moves, name=name)
        self.rules = rules
        self.sequence = OctalSequence(rules, name=name)

    def moves_function(self, heap):
        """The rules as a plain ``moves(heap)`` function (for :class:`HeapGame`)."""
        return list(self.rules.moves(check_int(heap, "heap")))

    def grundy(self, heap):
        """Sprague–Grundy value of a heap (or of a tuple of heaps: the XOR)."""
        position = self.validate(heap)
        if isinstance(position, Heaps):
            return xor_values(map(self.sequence.value, position))
        return self.sequence.value(position)

    def winning_moves(self, heap, *, misere=False):
        """The winning moves, listed: a heap above ``MAX_SEQUENCE`` has too many to list."""
        position = self.validate(heap)
        big = max(position, default=0) if isinstance(position, Heaps) else position
        if big > MAX_SEQUENCE:
            raise ValueError(
                f"heap {big} has about {big} moves or more, too many to list (heaps up to "
                f"{MAX_SEQUENCE}); grundy() and outcome() answer for any heap")
        return super().winning_moves(heap, misere=misere)

    def grundy_sequence(self, n: int, *, tile: bool = True) -> np.ndarray:
        """Values of heaps ``0 .. n-1`` as a 1-D numpy array of a small integer dtype.

        Computed with numpy; beyond a proven period the values are tiled,
        unless ``tile=False``, which computes every value (for checks and
        benchmarks).
        """
        return self.sequence.values(n, tile=tile)

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """The least ``(preperiod, period)`` if a theorem proves it, else ``None``."""
        if limit is not None:
            check_int(limit, "limit")
        return None


class TakeAndBreak(RuleHeapGame):
    """The take-and-break game of an octal code.

    Parameters
    ----------
    code : str
        An octal code such as ``"0.07"``, ``"0.77"``, ``"0.137"`` or ``"4.7"``
        (see :func:`parse_octal`); it is parsed, never evaluated.

    A position is a heap size ``n >= 0`` (or a tuple of heaps).  The digit
    ``dk`` of the code allows removing k tokens from a heap and leaving no
    heap (bit 1), one heap (bit 2) or two non-empty heaps (bit 4).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.TakeAndBreak("0.137")          # Dawson's Chess
    >>> g.grundy_sequence(12).tolist()
    [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    >>> g.period(1000)
    (52, 34)
    >>> gl.grundy(g, 10**30)
    0
    >>> gl.winning_moves(g, 5)
    [(1, 1)]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4.
    """

    def __init__(self, code):
        digits = parse_octal(code)
        self.digits = digits
        self.code = code_string(digits)
        rules = MoveRules(
            take_all=frozenset(k for k, d in enumerate(digits) if d & 1 and k > 0),
            take_one=tuple(k for k, d in enumerate(digits) if d & 2 and k > 0),
            split=tuple(k for k, d in enumerate(digits) if d & 4),
            t=len(digits) - 1,
        )
        super().__init__(rules, name=f"octal game {self.code}")

    def __repr__(self):
        return f"TakeAndBreak({self.code!r})"

    @property
    def t(self):
        """The most tokens a move removes (position of the last non-zero digit)."""
        return self.rules.t

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """The least ``(preperiod, period)``, proven by the Guy–Smith theorem.

        Parameters
        ----------
        limit : int, optional
            Use the values of heaps ``0 .. limit-1`` only (default
            :data:`~gamelab.games.octal_sequence.MAX_SEQUENCE`).

        Returns
        -------
        tuple of int or None
            ``(e, p)``: ``G(n + p) == G(n)`` for every ``n >= e``, with p the
            least period and e the least preperiod; ``None`` if these values
            do not prove a period (see :mod:`gamelab.periodicity`).

        Examples
        --------
        >>> import gamelab as gl
        >>> gl.Kayles().period(1000), gl.DawsonsKayles().period(1000)
        ((71, 12), (53, 34))
        >>> gl.Kayles().period(100) is None
        True
        """
        return self.sequence.period(limit)


class NamedOctalGame(TakeAndBreak):
    """An octal game known by a name of its own: subclasses set ``octal_code`` and ``title``."""

    octal_code = "0.0"
    title = "octal game"

    def __init__(self):
        super().__init__(self.octal_code)
        self.name = self.title

    def __repr__(self):
        return f"{type(self).__name__}()"


class Kayles(NamedOctalGame):
    """Kayles (octal 0.77): knock down one pin or two adjacent pins of a row.

    Knocking pins out of the middle of a row splits it in two.  The values
    are periodic with period 12 from heap 71 on (Guy and Smith, 1956).

    Examples
    --------
    >>> import gamelab as gl
    >>> k = gl.Kayles()
    >>> k.grundy_sequence(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> k.period(1000)
    (71, 12)
    >>> gl.winning_moves(k, 7)[:2]          # knock out the middle pin: two rows of 3
    [(3, 3), (1, 4)]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4; OEIS A002186.
    """

    octal_code = "0.77"
    title = "Kayles"


class DawsonsKayles(NamedOctalGame):
    """Dawson's Kayles (octal 0.07): knock down two adjacent pins.

    Its values are those of Dawson's Chess (0.137) moved by one heap; they are
    periodic with period 34 from heap 53 on.

    Examples
    --------
    >>> import gamelab as gl
    >>> d = gl.DawsonsKayles()
    >>> d.grundy_sequence(12).tolist()
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> d.period(1000)
    (53, 34)

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4; OEIS A002187.
    """

    octal_code = "0.07"
    title = "Dawson's Kayles"

