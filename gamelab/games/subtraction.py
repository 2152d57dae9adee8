"""Subtraction games and the Bash game (巴什博弈).

In the subtraction game with subtraction set S a move takes ``s`` stones from
the heap for some ``s`` in S with ``s <= n``.  For a finite S with largest
element k, the value of a heap n >= k depends only on the k values before it,
so the sequence of values is eventually periodic, and the first window of k
values that appears twice proves the period: from then on the same windows
produce the same values forever.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4
   ("Subtraction games").
.. [2] A. N. Siegel, *Combinatorial Game Theory*, AMS (2013), §IV.2.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .._internal import CHECK_EVERY, dtype_for, running_clock, short_repr
from .._validate import check_bool, check_int
from ..board import Stones
from ..engine import Game, game_memo, option_limit, search_limit, too_many_options
from ..i18n import gettext as _
from ..misere import sj_outcome
from ..periodicity import PeriodicSequence

__all__ = ["Subtraction", "Bash", "check_subtraction_set"]

_HASH_MOD = (1 << 61) - 1
_HASH_BASE = 1_000_003
#: How many values ``period()`` computes before giving up, by default (a few
#: seconds), and the largest ``limit`` it accepts (memory grows with it).
DEFAULT_PERIOD_LIMIT = 2_000_000
MAX_PERIOD_LIMIT = 10_000_000
#: The longest array ``grundy_sequence(n)`` builds.
MAX_SEQUENCE_LENGTH = 10_000_000
#: Heaps up to this size are checked one by one for the SJ condition; beyond
#: it the proven period of the value sequence bounds the check.
SJ_DIRECT = 5_000


def check_subtraction_set(subtraction_set):
    """The subtraction set as a sorted tuple of distinct positive ints, checked.

    Raises
    ------
    TypeError
        If it is not an iterable of integers.
    ValueError
        If it is empty or holds a number below 1.
    """
    if isinstance(subtraction_set, (str, bytes, dict)) or not isinstance(subtraction_set, Iterable):
        raise TypeError(
            "subtraction_set must be an iterable of positive integers, "
            f"got {type(subtraction_set).__name__} {subtraction_set!r}"
        )
    values = set()
    for s in subtraction_set:
        s = check_int(s, "subtraction_set element", minimum=None)
        if s <= 0:
            raise ValueError(
                f"subtraction_set must contain positive integers only, got {short_repr(s)}"
                + (" (taking 0 stones would let a position repeat forever)" if s == 0 else "")
            )
        values.add(s)
    if not values:
        raise ValueError("subtraction_set must not be empty")
    return tuple(sorted(values))


def _take_words(subtraction_set):
    """``"take 1, 3 or 4"``: a subtraction set in words (the first five of a long one)."""
    s = sorted(subtraction_set)
    if len(s) > 6:
        return "take one of {" + ", ".join(map(str, s[:5])) + ", …}"
    return "take " + (", ".join(map(str, s[:-1])) + " or " if len(s) > 1 else "") + str(s[-1])


class Subtraction(Game):
    """The subtraction game with a finite subtraction set.

    Parameters
    ----------
    subtraction_set : iterable of int
        The allowed numbers of stones to take; positive, not empty.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.Subtraction({1, 3, 4})
    >>> g.grundy_sequence(14).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    >>> g.period()
    (0, 7)
    >>> gl.grundy(g, 10**100), gl.winning_moves(g, 10)
    (2, [9, 7])
    >>> g.name, g.board(5)
    ('take 1, 3 or 4', Stones(heaps=(5,), word='heap', unit='stone', note=None))
    """

    name = "subtraction game"
    always_ends = True

    def __init__(self, subtraction_set):
        self.subtraction_set = check_subtraction_set(subtraction_set)
        self.name = _take_words(self.subtraction_set)
        self._values = []  # values of heaps 0, 1, 2, ... computed so far
        self._hash = 0
        self._windows = {}
        self._period = None  # (preperiod, period) once proven
        self._periodic = None  # and the sequence as a PeriodicSequence
        self._searched = 0  # how many values were examined for a repeated window

    def __repr__(self):
        return f"Subtraction({set(self.subtraction_set)!r})"

    # -- positions ----------------------------------------------------------------
    def validate(self, position):
        return check_int(position, "heap")

    def position_hint(self, position):
        """A position is one heap size; several heaps are a :class:`gamelab.Sum`."""
        return (f"a position of {self.name} is one heap size n >= 0; several heaps are a "
                "position of a sum, gl.Sum(game, game, ...)")

    def options(self, position):
        n = self.validate(position)
        return [n - s for s in self.subtraction_set if s <= n]

    def options_of_value(self, position, value):
        """The options of value ``value``, in option order, at any size once the period is
        proven (else for heaps whose values are computed)."""
        n, value = self.validate(position), check_int(value, "value")
        return [n - s for s in self.subtraction_set if s <= n and self._value(n - s) == value]

    def move_label(self, position, option):
        """How a move reads in words, for tables and the play widget."""
        return _("take {count}").format(count=position - option)

    def board(self, position):
        """One heap of stones."""
        return Stones((self.validate(position),))

    def sj_condition(self, position):
        """The SJ condition (:func:`gamelab.misere.sj_condition`) on every heap ``0 .. position``.

        For heaps past the preperiod, the largest subtraction and one period,
        the condition at ``n`` is the condition at ``n - period``, so a proven
        period bounds the check.  ``True`` is a proof; ``None`` means "not
        decided here" (a search decides).
        """
        heap = self.validate(position)
        S = self.subtraction_set
        known = game_memo(self, "sj_heaps")   # {"ok": largest n with the condition on 0..n}
        if known.get("ok", -1) >= heap:
            return True
        top = heap
        if heap > SJ_DIRECT:
            per = self.period()
            if per is None:
                return None
            e, p = per
            top = min(heap, e + p + S[-1])
        for n in range(top + 1):
            if self.grundy(n) == 0 and n >= S[0]:
                if not any(self.grundy(n - s) == 1 for s in S if s <= n):
                    return None
        known["ok"] = heap
        return True

    # -- the value sequence ---------------------------------------------------------
    def _extend(self, need, limit):
        """Compute values until ``need`` are known, the period is proven, or ``limit``."""
        vals = self._values
        S = self.subtraction_set
        k = S[-1]
        top = min(need, limit)
        windows = self._windows
        mod, base = _HASH_MOD, _HASH_BASE
        base_k = pow(base, k, mod)
        h = self._hash
        self._extend_loop(vals, S, k, top, windows, mod, base, base_k, h, running_clock())
        if self._period is not None:
            self._windows = {}
            e, p = self._period
            del vals[e + p:]
            self._periodic = PeriodicSequence(vals, e, p, proven=True)

    def _extend_loop(self, vals, S, k, top, windows, mod, base, base_k, h, clock):
        while self._period is None and len(vals) < top:
            n = len(vals)
            if clock is not None and not n % CHECK_EVERY:  # within the call's work: a
                self._hash = h                               # unit a subtraction tried
                clock.check(n, "computing the values of heaps up to {}",
                            work=CHECK_EVERY * len(S))
            mask = 0
            for s in S:
                if s > n:
                    break
                mask |= 1 << vals[n - s]
            g = (~mask & (mask + 1)).bit_length() - 1
            vals.append(g)
            m = n + 1  # window W_m = vals[m-k : m] decides vals[m]
            if m < k:
                continue
            if m == k:
                h = 0
                for v in vals[:k]:
                    h = (h * base + v) % mod
            else:
                h = (h * base - vals[m - k - 1] * base_k + g) % mod
            earlier = windows.get(h)
            if earlier is not None:
                for m0 in earlier:
                    if vals[m0 - k:m0] == vals[m - k:m]:
                        self._period = (m0 - k, m - m0)
                        break
                else:
                    earlier.append(m)
            else:
                windows[h] = [m]
        self._hash = h

    def _value(self, n):
        if self._period is None and n >= len(self._values):
            if n >= DEFAULT_PERIOD_LIMIT and self.subtraction_set[-1] >= DEFAULT_PERIOD_LIMIT:
                raise ValueError(
                    f"heap {n}: no period of this game can show among the first "
                    f"{DEFAULT_PERIOD_LIMIT} values (its largest subtraction is "
                    f"{self.subtraction_set[-1]}), so heaps this large are out of reach")
            self._extend(n + 1, DEFAULT_PERIOD_LIMIT)
        if self._periodic is not None:
            return self._periodic[n]
        if n < len(self._values):
            return self._values[n]
        raise ValueError(
            f"heap {n} is beyond the {len(self._values)} values computed and no period "
            "was found among them"
        )

    def grundy(self, position):
        return self._value(self.validate(position))

    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"``; misère play by the SJ theorem when the condition is proven,
        else by search (refused at once for a heap no search can reach the end of)."""
        if check_bool(misere, "misere"):
            n = self.validate(position)
            if self.sj_condition(n):  # a sum of one game: the SJ theorem applies
                return sj_outcome([self.grundy(n)])
            if n // self.subtraction_set[-1] > search_limit():
                raise ValueError(
                    f"heap {short_repr(n)}: no rule decides misère play of {self.name} here "
                    "(the SJ condition is not proven), and a search would visit at least "
                    f"{n // self.subtraction_set[-1]} positions, more than "
                    "gamelab.engine.SEARCH_LIMIT; ask about a smaller heap")
        return super().outcome(position, misere=misere)

    def grundy_sequence(self, n: int) -> np.ndarray:
        """Values of heaps ``0 .. n-1`` as a numpy array of a small integer dtype.

        Once a period is proven the rest is tiled, not computed.
        """
        n = check_int(n, "n", maximum=MAX_SEQUENCE_LENGTH)
        if self._period is None:
            self._extend(n, max(n, 1))
        if self._periodic is not None:
            return self._periodic.tile(n)
        return np.array(self._values[:n], dtype=dtype_for(max(self._values, default=0)))

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """The exact least ``(preperiod, period)`` of the value sequence.

        Parameters
        ----------
        limit : int, optional
            Give up (return ``None``) if no window of k values repeats among
            the first ``limit`` values (default :data:`DEFAULT_PERIOD_LIMIT`).

        The first window of ``k = max(S)`` consecutive values that occurs twice
        proves the period: each value is a function of the window before it.
        Because that function is deterministic, the first repeat is exactly
        the start of the cycle (least preperiod) and its length (least period).
        """
        limit = (DEFAULT_PERIOD_LIMIT if limit is None
                 else check_int(limit, "limit", minimum=1, maximum=MAX_PERIOD_LIMIT))
        if self._period is None and self.subtraction_set[-1] < limit:  # else no window can repeat
            self._extend(limit, limit)
        return self._period


class Bash(Subtraction):
    """The Bash game (巴什博弈): take between 1 and ``m`` stones.

    The value of a heap of n is ``n % (m + 1)``: multiples of ``m + 1`` are the
    P-positions, and from any other heap taking ``n % (m + 1)`` stones
    reaches one.

    Examples
    --------
    >>> import gamelab as gl
    >>> b = gl.Bash(3)
    >>> [gl.grundy(b, n) for n in range(9)]
    [0, 1, 2, 3, 0, 1, 2, 3, 0]
    >>> gl.winning_moves(b, 21)
    [20]
    >>> b.name
    'Bash, take 1..3'
    """

    def __init__(self, m):
        m = check_int(m, "m", minimum=1)
        self.m = m
        super().__init__((1,))
        self.subtraction_set = range(1, m + 1)  # a sequence, never listed (m may be huge)
        self.name = f"Bash, take 1..{m}"

    def __repr__(self):
        return f"Bash({self.m})"

    def options(self, position):
        n = self.validate(position)
        if min(n, self.m) > option_limit():
            err = too_many_options(n, option_limit(), one=True)
            err.add_note("grundy, outcome and winning_moves answer at any size from the "
                         "closed form")
            raise err
        return [n - s for s in range(1, min(n, self.m) + 1)]

    def grundy(self, position):
        return self.validate(position) % (self.m + 1)

    def options_of_value(self, position, value):
        """The option of value ``value`` (at most one: take ``(n - value) % (m + 1)``)."""
        n, value = self.validate(position), check_int(value, "value")
        k = (n - value) % (self.m + 1)
        return [n - k] if value <= self.m and 1 <= k <= min(n, self.m) else []

    def sj_condition(self, position):
        """Always true: a heap of value 0 (a multiple of m + 1) can leave n - m, of value 1."""
        self.validate(position)
        return True

    def winning_moves(self, position, *, misere=False):
        n = self.validate(position)
        if check_bool(misere, "misere"):  # misère: P exactly at n % (m + 1) == 1
            r = (n - 1) % (self.m + 1)
            return [n - r] if n and r else []
        r = n % (self.m + 1)
        return [n - r] if r else []

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        if limit is not None:
            check_int(limit, "limit", minimum=1, maximum=MAX_PERIOD_LIMIT)
        return (0, self.m + 1)

    def grundy_sequence(self, n):
        n = check_int(n, "n", maximum=MAX_SEQUENCE_LENGTH)
        return (np.arange(n, dtype=np.int64) % (self.m + 1)).astype(dtype_for(min(self.m, n)))
