"""The octal games: Kayles, Dawson's Kayles and every ``TakeAndBreak(code)``.

In a take-and-break game a move removes some tokens from one heap and may
leave the rest as one heap, or split it into two heaps.  An *octal code*
``d0.d1d2d3...`` says which moves are allowed (read by
:meth:`Rules.from_code <gamelab.games.octal_rules.Rules.from_code>`, where
the digits are explained): the digit ``dk`` is the sum of 1 (removing k
tokens may leave no heap), 2 (one heap) and 4 (two non-empty heaps).  So
Kayles is ``0.77`` (knock down one pin or two adjacent pins, anywhere in a
row) and Dawson's Kayles is ``0.07`` (two adjacent pins only).

By the Sprague–Grundy theorem a position made of several heaps has the XOR
of their values as its value, so everything rests on the *Grundy sequence*
``G(0), G(1), ...`` of single heaps, computed by
:class:`gamelab.games.octal_sequence.OctalSequence` and, for finite codes,
proven periodic with the Guy–Smith theorem (:mod:`gamelab.periodicity`).

See Also
--------
gamelab.games.octal_rules : the rules of an octal code.
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

import numpy as np

from .._validate import check_int
from ..board import Stones
from ..engine import option_limit, search_clock, too_many_options
from ..heaps import HeapGame
from ..i18n import gettext as _
from .octal_rules import Rules
from .octal_sequence import MAX_SEQUENCE, shared_sequence

__all__ = [
    "check_heap_size",
    "TokenHeapGame",
    "RuleHeapGame",
    "TakeAndBreak",
    "Kayles",
    "DawsonsKayles",
    "NamedOctalGame",
    "AllBut",
]


def check_heap_size(heap):
    """A heap of tokens: a non-negative int (several heaps are ``game.heaps(...)``)."""
    return check_int(heap, "heap")


class TokenHeapGame(HeapGame):
    """A heap game whose heaps are rows of tokens (non-negative ints).

    Adds to :class:`HeapGame` the board of a position (:class:`gamelab.board.Stones`,
    rows of pins unless a subclass says otherwise) and moves in words.
    """

    always_ends = True
    #: what the board calls a heap and a token
    heap_word, token_word = "row", "pin"

    def __init__(self, moves, *, name=None):
        super().__init__(moves, name=name, validate_heap=check_heap_size)

    def board(self, position):
        """The heaps as :class:`gamelab.board.Stones`."""
        position = self.validate(position)
        heaps = (position,) if isinstance(position, int) else tuple(position)
        return Stones(heaps, word=self.heap_word, unit=self.token_word)

    def move_label(self, position, option):
        """How a move from one heap reads on a button of the play widget, or
        ``None`` for several heaps (the display says which row changed)."""
        if not isinstance(position, int):
            return None
        left = sum(option)
        parts = " + ".join(str(h) for h in option)
        taken = position - left
        what = _("take {count}").format(count=taken) if taken else _("split")
        return (_("{what} → {parts}").format(what=what, parts=parts) if parts
                else _("{what}, nothing left").format(what=what))


class RuleHeapGame(TokenHeapGame):
    """A heap game given by its :class:`~gamelab.games.octal_rules.Rules`, with
    its Grundy sequence from :class:`~gamelab.games.octal_sequence.OctalSequence`.

    Parameters
    ----------
    rules : Rules
    name : str
    """

    def __init__(self, rules, *, name):
        self.sequence = shared_sequence(rules, name)  # values kept across game objects
        self.rules = rules
        super().__init__(self.rule_moves, name=name)

    def rule_moves(self, heap):
        """The moves the rules allow from one heap (refused where they are too many to list)."""
        if heap > MAX_SEQUENCE and self.rules.splits:
            raise ValueError(
                f"heap {heap} has about {heap // 2} moves or more, too many to list (heaps up "
                f"to {MAX_SEQUENCE}); grundy() and outcome() answer for any heap")
        return self.rules.moves(heap)

    def heap_move_count(self, heap):
        """How many moves octal rules allow from one heap (none is listed); ``None`` for
        the others (their moves are counted as they are listed)."""
        if not self.rules.octal:
            return None
        count = 0
        for k in range(min(len(self.rules.digits), heap + 1)):
            none, one, two = self.rules.leaves(k)
            rest = heap - k
            count += (none and rest == 0) + (one and rest >= 1)
            if two:
                count += max((rest - 1) // 2 if self.rules.unequal else rest // 2, 0)
        return count

    def heap_options_of_value(self, heap, value):
        """The moves of value ``value`` of a heap too big to list, from the proven period.

        With ``G(n + p) = G(n)`` for ``n >= e``, a split ``(a, rest - a)`` with
        ``a >= e`` has the value of ``a mod p``'s class; the splits with ``a < e``
        are read one by one.  ``None`` (list the moves) for heaps that can be
        listed or games without a proven period; refused when a class of value
        ``value`` makes the moves too many to list.
        """
        if (heap <= MAX_SEQUENCE or not self.rules.octal or not self.rules.splits
                or self.period() is None):
            return None
        (e, p), g = self.period(), self.sequence.value
        if heap < 4 * (e + p + len(self.rules.digits)):  # then a >= e and rest - a >= e
            return None
        out, room = [], option_limit()
        for k in range(len(self.rules.digits)):
            _, one, two = self.rules.leaves(k)
            rest = heap - k
            if one and g(rest) == value:
                out.append((rest,))
            if not two:
                continue
            top, low = rest // 2, max(e, 1)       # octal splits: 1 <= a <= rest - a
            classes = [r for r in range(low, low + p) if g(r) ^ g(rest - r) == value]
            count = sum((top - r) // p + 1 for r in classes)
            if len(out) + count > room:
                raise too_many_options(heap, room, one=True)
            out += [(a, rest - a) for a in range(1, low) if g(a) ^ g(rest - a) == value]
            out += sorted((a, rest - a) for r in classes for a in range(r, top + 1, p))
        return out

    def heap_grundy(self, heap):
        """Sprague–Grundy value of one heap, from the sequence engine."""
        return self.sequence.value(heap)

    def grundy_sequence(self, n: int, *, tile: bool = True) -> np.ndarray:
        """Values of heaps ``0 .. n-1`` as a 1-D numpy array of a small integer dtype.

        Computed with numpy; beyond a proven period the values are tiled,
        unless ``tile=False``, which computes every value (for checks and
        benchmarks).
        """
        with search_clock():   # computing counts in the call's work
            return self.sequence.values(n, tile=tile)

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """The least ``(preperiod, period)`` if a theorem proves it, else ``None``."""
        return self.sequence.period(limit)


class TakeAndBreak(RuleHeapGame):
    """The take-and-break game of a code: octal, hexadecimal, or any other.

    Parameters
    ----------
    code : str or Rules
        An octal code such as ``"0.07"``, ``"0.77"``, ``"0.137"`` or ``"4.7"``,
        a hexadecimal one such as ``"0.8"`` or ``"0.F8"``, or any code of the
        take-and-break notation (``"0.[3]"``, ``"4!.0"``, ``"0.{2+}"``, ...;
        :mod:`gamelab.games.tb_code`), read by :meth:`Rules.from_code
        <gamelab.games.octal_rules.Rules.from_code>` and never evaluated; or
        the :class:`~gamelab.games.octal_rules.Rules` of one.

    A position is a heap size ``n >= 0`` (several heaps: ``game.heaps(...)``).
    The digit ``dk`` of the code allows removing k tokens from a heap and
    leaving no heap (bit 1), one heap (bit 2), two non-empty heaps (bit 4) or
    three (bit 8, the hexadecimal digits 8-F).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.TakeAndBreak("0.77")           # Kayles
    >>> g.grundy_sequence(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> g.period(1000)
    (71, 12)
    >>> gl.grundy(g, 10**30)
    1
    >>> gl.winning_moves(g, 5)
    [(2, 2)]
    >>> g.rules
    Rules.from_code('0.77')
    >>> h = gl.TakeAndBreak("0.B")            # hexadecimal: may leave three heaps
    >>> h.grundy_sequence(8).tolist(), h.period()
    ([0, 1, 0, 1, 0, 1, 0, 1], (0, 2))

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4.
    """

    def __init__(self, code):
        rules = code if isinstance(code, Rules) else Rules.from_code(code)
        super().__init__(rules, name=f"{rules.family} game {rules.code}")

    def __repr__(self):
        return f"TakeAndBreak({self.code!r})"

    @property
    def code(self):
        """The canonical code, such as ``"0.77"`` or ``"0.8"``."""
        return self.rules.code

    @property
    def t(self):
        """The most tokens a move removes (position of the last non-zero digit)."""
        return self.rules.t

    def period(self, limit: int | None = None):
        """The least ``(preperiod, period)``, proven by a theorem, with its saltus.

        Octal codes: the Guy–Smith theorem; hexadecimal and other codes with
        bounded removals and splits: the same theorem with three (or h) heaps;
        one-heap codes that allow every removal from some point on (all-but
        games): the relative state, which proves *arithmetic* periods
        (:mod:`gamelab.games.tb_sequence`).

        Parameters
        ----------
        limit : int, optional
            Use the values of heaps ``0 .. limit-1`` only (default
            :data:`~gamelab.games.octal_sequence.MAX_SEQUENCE`).

        Returns
        -------
        Period or None
            ``(e, p)`` with ``.saltus`` s: ``G(n + p) == G(n) + s`` for every
            ``n >= e`` (s = 0: ordinary periodicity), with p the least period
            and e the least preperiod; ``None`` if these values do not prove a
            period (see :mod:`gamelab.periodicity`).

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
        self.sequence = shared_sequence(self.rules, self.title)

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



#: The largest number an all-but game may exclude (its code has a digit for each k up to it).
MAX_EXCLUDED = 10_000


class AllBut(TakeAndBreak):
    """The all-but subtraction game: remove any number of tokens but those excluded.

    Parameters
    ----------
    excluded : iterable of int
        The finite set of removals not allowed (positive ints; empty: Nim).

    Its code repeats the digit 3 forever after a digit per excluded number
    (``AllBut({2, 3, 5, 9}).code == "0.300303330[3]"``).  Its values grow
    without bound, yet they are *arithmetic periodic* --
    ``G(n + p) = G(n) + s`` from some n on -- and :meth:`period` proves it
    (:mod:`gamelab.games.tb_sequence`).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.AllBut({1})                    # never take exactly one
    >>> g.grundy_sequence(10).tolist(), g.period()
    ([0, 0, 1, 1, 2, 2, 3, 3, 4, 4], Period(preperiod=0, period=2, saltus=1))
    >>> gl.grundy(g, 10**12)
    500000000000

    References
    ----------
    .. [1] A. A. Siegel, *Finite excluded subtraction sets and infinite modular
       Nim*, M.Sc. thesis, Dalhousie University (2005).
    """

    def __init__(self, excluded):
        if isinstance(excluded, (str, bytes)) or not hasattr(excluded, "__iter__"):
            raise TypeError("excluded must be a finite set of positive ints such as {2, 3}, "
                            f"got {type(excluded).__name__} {excluded!r}")
        items = list(excluded)
        for k in items:
            check_int(k, "excluded[...]", minimum=1, maximum=MAX_EXCLUDED)
        self.excluded = frozenset(int(k) for k in items)
        top = max(self.excluded, default=0)
        code = "0." + "".join("0" if k in self.excluded else "3" for k in range(1, top + 1)) + "[3]"
        super().__init__(code)
        shown = ", ".join(map(str, sorted(self.excluded)))
        self.name = f"all-but {{{shown}}}" if shown else "all-but {} (Nim)"
        self.sequence = shared_sequence(self.rules, self.name)

    def __repr__(self):
        return f"AllBut({set(sorted(self.excluded)) or 'set()'})"
