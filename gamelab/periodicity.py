"""Proving that a sequence of Grundy values is periodic.

A periodic *looking* table proves nothing: Kayles looks irregular for seventy
heaps and then repeats with period 12 forever, and Grundy's game has never
been seen to repeat.  For a finite octal game there is a theorem that turns a
finite computation into a proof.

**Guy–Smith periodicity theorem.**  Let G be the Grundy sequence of an octal
game whose code has its last non-zero digit at position t (so a move removes
at most t tokens).  If ``e >= 1`` and ``G(n + p) == G(n)`` for every n with
``e <= n < 2e + p + t``, then ``G(n + p) == G(n)`` for every ``n >= e``.  For
``e == 0`` the window ``0 <= n <= p + t`` suffices, and ``0 <= n < p + t``
does not (0.04).

*Why.*  Take n beyond the window and suppose the equality holds below n.  A
move from ``n + p`` removes k <= t tokens and leaves one heap or two heaps
``a <= b``; the larger heap has ``b >= (n + p - t) / 2 >= e + p``, so
``b - p >= e`` and, by the induction hypothesis, ``G(b) == G(b - p)``: the
same move from n (leaving ``a`` and ``b - p``) has the same value, and the
other way round.  So n and ``n + p`` have the same sets of option values and
``G(n + p) == G(n)``.

One detail: with ``e == 0`` and the window ``0 <= n < p + t`` the heap
``b - p`` could be empty, and "leave two heaps" would turn into "leave one
heap", which the code may forbid (0.04: G(0..3) = 0 but G(4) = 1); from
``n >= p + t + 1`` on, ``b - p >= 1``, so ``0 <= n <= p + t`` suffices.  We
check ``e <= n < 2 * max(e, 1) + p + t``, which for ``e == 0`` is one
comparison longer than needed, and so is safe.

The *preperiod* of a periodic sequence is the least e with ``G(n + p) ==
G(n)`` for all ``n >= e``; it is the same for every period, and the period we
report is the least one.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 (the periodicity theorem, Kayles and
   Dawson's Kayles).
.. [2] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
.. [3] A. N. Siegel, *Combinatorial Game Theory*, AMS (2013), §IV.2.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ._internal import dtype_for
from ._validate import check_int

__all__ = [
    "PeriodicSequence",
    "apparent_period",
    "fill_periodic",
    "guy_smith_window",
    "guy_smith_period",
    "needed_length",
]


def fill_periodic(out, block):
    """Fill the 1-D array ``out`` with ``block`` repeated (the last copy cut short).

    Doubling copies: O(len(out)) work in O(log) numpy calls, however short the
    block (``np.resize`` concatenates one array per copy, which is slow for a
    period of 7 tiled ten million times).

    >>> out = np.empty(7, dtype=np.int64); fill_periodic(out, [1, 2, 3]); out.tolist()
    [1, 2, 3, 1, 2, 3, 1]
    """
    size = len(out)
    filled = min(len(block), size)
    out[:filled] = block[:filled]
    while filled < size:
        step = min(filled, size - filled)
        out[filled:filled + step] = out[:step]
        filled += step


class PeriodicSequence:
    """An eventually periodic sequence: ``G(n + period) == G(n) + saltus`` for every
    ``n >= preperiod`` (a saltus of 0, the default, is ordinary periodicity; a positive
    saltus is *arithmetic* periodicity, values that climb).

    The one model behind "compute values, find a period, then look values up
    or tile them": :class:`gamelab.Subtraction`, the octal games' engine
    (:class:`gamelab.games.octal_sequence.OctalSequence`) and the explorers'
    apparent periods all use it.

    Parameters
    ----------
    values : sequence of int
        At least the first ``preperiod + period`` values ``G(0), G(1), ...``
        (only those are kept).
    preperiod, period : int
        The least ``e`` and the least ``p`` (``p >= 1``).
    proven : bool, keyword-only
        ``True`` when a theorem proves the period for all n; ``False`` for a
        period only *seen* in finitely many values (:meth:`seen`), which later
        values may break.
    saltus : int, keyword-only
        What a period adds to the values (``>= 0``; default 0).

    Examples
    --------
    >>> s = PeriodicSequence([0, 1, 0, 1, 2, 3, 2], 0, 7, proven=True)
    >>> s[10**100], s.tile(10).tolist(), s.pair
    (2, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0], (0, 7))
    >>> PeriodicSequence.seen([5, 5, 0, 1, 0, 1, 0, 1, 0, 1])
    PeriodicSequence(preperiod=2, period=2, proven=False)
    >>> climbs = PeriodicSequence([0, 1, 1], 1, 2, proven=True, saltus=1)   # G(n) = ⌊(n+1)/2⌋
    >>> climbs.tile(8).tolist(), climbs[10**20 + 1]
    ([0, 1, 1, 2, 2, 3, 3, 4], 50000000000000000001)
    """

    __slots__ = ("values", "preperiod", "period", "proven", "saltus")

    def __init__(self, values, preperiod, period, *, proven, saltus=0):
        e = check_int(preperiod, "preperiod")
        p = check_int(period, "period", minimum=1)
        saltus = check_int(saltus, "saltus")
        if not isinstance(proven, bool):
            raise TypeError(f"proven must be a bool, got {proven!r}")
        head = _as_array(values)
        if len(head) < e + p:
            raise ValueError(f"values must hold at least preperiod + period = {e + p} values, "
                             f"got {len(head)}")
        head = head[:e + p]
        top = int(head.max()) if len(head) else 0
        self.values = head.astype(dtype_for(top))
        self.preperiod, self.period, self.proven, self.saltus = e, p, proven, saltus

    @classmethod
    def seen(cls, values, *, min_repeats=3):
        """The apparent (unproven) period of finitely many values, or ``None``.

        See :func:`apparent_period` for the rule.
        """
        found = apparent_period(values, min_repeats=min_repeats)
        if found is None:
            return None
        return cls(list(values)[:sum(found)], *found, proven=False)

    @property
    def pair(self):
        """``(preperiod, period)``."""
        return (self.preperiod, self.period)

    def __repr__(self):
        saltus = f", saltus={self.saltus}" if self.saltus else ""
        return (f"PeriodicSequence(preperiod={self.preperiod}, period={self.period}"
                f"{saltus}, proven={self.proven})")

    def __getitem__(self, n: int) -> int:
        """``G(n)`` for any ``n >= 0``, however large (exact integer arithmetic)."""
        n = check_int(n, "n")
        e, p = self.preperiod, self.period
        if n < e:
            return int(self.values[n])
        q, r = divmod(n - e, p)
        return int(self.values[e + r]) + q * self.saltus

    def tile(self, n: int, *, dtype: Any = None) -> np.ndarray:
        """``G(0) .. G(n-1)`` as a 1-D numpy array.

        The default dtype is the smallest that holds every value up to ``n``
        (with a saltus, the largest values are those of the last period);
        a ``dtype`` too small for them is refused, never overflowed.
        """
        n = check_int(n, "n")
        e = self.preperiod
        top = int(self.values.max()) if len(self.values) else 0
        if self.saltus and n > e:
            top += max((n - 1 - e) // self.period, 0) * self.saltus
        fits = dtype_for(top)
        if dtype is not None and np.dtype(dtype).kind in "iu" and np.iinfo(dtype).max < top:
            raise ValueError(f"dtype {np.dtype(dtype)} cannot hold the value {top} of heap "
                             f"{n - 1} or below (use {np.dtype(fits)} or wider)")
        out = np.empty(n, dtype=dtype or fits)
        out[:min(e, n)] = self.values[:min(e, n)]
        fill_periodic(out[min(e, n):], self.values[e:])
        if self.saltus and n > e + self.period:
            climb = np.arange(n - e, dtype=np.int64) // self.period * self.saltus
            out[e:] += climb.astype(out.dtype)
        return out


def apparent_period(values: Iterable[int], *, min_repeats: int = 3) -> tuple[int, int] | None:
    """The least period *seen* in a finite list of values, or ``None`` (not a proof).

    Parameters
    ----------
    values : sequence of int
        ``values[n]`` is the value of heap ``n``.
    min_repeats : int
        The periodic part must contain at least this many whole periods,
        and cover at least half of the values.

    Returns
    -------
    tuple (preperiod, period) or None
        The smallest ``period`` for which ``values[n + period] == values[n]``
        for every ``n >= preperiod`` in the data (with the least such
        ``preperiod``).  This is evidence, not proof: later values may break
        the pattern (Kayles looks irregular for seventy heaps).

    See Also
    --------
    guy_smith_period : a period proven for every heap (finite octal games).
    PeriodicSequence.seen : the same, as a sequence labelled unproven.

    Examples
    --------
    >>> apparent_period([0, 1, 0, 1, 2, 3, 2] * 4)
    (0, 7)
    >>> apparent_period([5, 5, 0, 1, 0, 1, 0, 1, 0, 1])
    (2, 2)
    >>> apparent_period([n.bit_length() for n in range(41)]) is None
    True

    References
    ----------
    .. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS (2013), §IV.2.
    """
    min_repeats = check_int(min_repeats, "min_repeats", minimum=1)
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"values must be a sequence of integers, got {type(values).__name__}")
    vals = [check_int(v, "values[...]") for v in values]
    size = len(vals)
    for p in range(1, size // min_repeats + 1):
        e = size - p
        while e > 0 and vals[e - 1 + p] == vals[e - 1]:
            e -= 1
        tail = size - e
        if tail >= min_repeats * p and 2 * tail >= size:
            return (e, p)
    return None


def guy_smith_window(preperiod: int, period: int, t: int) -> range:
    """The heaps n whose values the periodicity theorem asks us to compare.

    Parameters
    ----------
    preperiod : int
        The e of the theorem (``>= 0``).
    period : int
        The p of the theorem (``>= 1``).
    t : int
        The largest number of tokens a move may remove (``>= 0``).

    Returns
    -------
    range
        ``range(e, 2 * max(e, 1) + p + t)``: every n in it must satisfy
        ``G(n + p) == G(n)``.

    Examples
    --------
    >>> guy_smith_window(71, 12, 2)      # Kayles
    range(71, 156)
    >>> guy_smith_window(0, 3, 1)
    range(0, 6)
    """
    e = check_int(preperiod, "preperiod")
    p = check_int(period, "period", minimum=1)
    t = check_int(t, "t")
    return range(e, 2 * max(e, 1) + p + t)


def needed_length(preperiod: int, period: int, t: int) -> int:
    """How many values (heaps ``0 .. L-1``) the proof of ``(preperiod, period)`` needs.

    >>> needed_length(71, 12, 2)         # Kayles: heaps 0..167
    168
    """
    w = guy_smith_window(preperiod, period, t)
    return w.stop + check_int(period, "period", minimum=1)


def _as_array(values):
    if isinstance(values, np.ndarray):
        if values.ndim != 1 or not np.issubdtype(values.dtype, np.integer):
            raise TypeError("values must be a 1-D sequence of integers")
        return values
    if isinstance(values, (str, bytes, dict, set, frozenset)) or not isinstance(values, Iterable):
        raise TypeError(f"values must be a sequence of integers, got {type(values).__name__}")
    vals = [check_int(v, "values[...]") for v in values]
    return np.array(vals, dtype=np.int64)


def guy_smith_period(values: Iterable[int] | np.ndarray, t: int) -> tuple[int, int] | None:
    """The least ``(preperiod, period)`` that ``values`` prove, or ``None``.

    Parameters
    ----------
    values : sequence of int or 1-D numpy integer array
        ``G(0), G(1), ..., G(L - 1)``: the Grundy values of a finite octal
        game for the heaps below ``L``.
    t : int
        The position of the code's last non-zero digit (the most tokens a
        move removes).

    Returns
    -------
    tuple of int or None
        ``(e, p)`` with p the least period and e the least preperiod, if the
        Guy–Smith theorem proves them from these values; ``None`` if the
        values are too few to prove any period.

    Notes
    -----
    A period p is proven as soon as ``G(n + p) == G(n)`` on the whole window
    of the theorem; then the least period divides p and has a smaller window,
    so the first p that passes is the least period, and the last mismatch
    below the window gives the least preperiod.  Most candidates fail on the
    last few values, which are compared first, for all candidates at once.

    Examples
    --------
    >>> import gamelab as gl
    >>> guy_smith_period(gl.Kayles().grundy_sequence(168), 2)
    (71, 12)
    >>> guy_smith_period(gl.Kayles().grundy_sequence(167), 2) is None
    True
    """
    t = check_int(t, "t")
    if isinstance(values, (list, tuple)):  # only equality matters: values of any size become small codes
        codes = {}
        values = [codes.setdefault(check_int(v, "values[...]"), len(codes)) for v in values]
    g = _as_array(values)
    L = len(g)
    if t >= L:  # no window fits (and t may be beyond numpy's integers)
        return None
    tail = 16
    # the candidates p: every n in [b, L - p) must match, where
    # b = (L - 2p - t) // 2 >= 1 (so 2 * b + 2 * p + t <= L)
    ps = np.arange(1, max((L - t) // 2, 1), dtype=np.int64)
    ps = ps[(L - 2 * ps - t) // 2 >= 1]
    # drop, all at once, the p whose last few values already differ
    ws = np.minimum(tail, L - ps - (L - 2 * ps - t) // 2)
    for j in range(1, min(tail, L) + 1):
        if not len(ps):
            break
        keep = (ws < j) | (g[L - j] == g[np.maximum(L - j - ps, 0)])
        ps, ws = ps[keep], ws[keep]
    for p in ps.tolist():
        b = (L - 2 * p - t) // 2
        if not np.array_equal(g[b + p:L], g[b:L - p]):
            continue
        bad = np.flatnonzero(g[p:b + p] != g[:b])
        e = int(bad[-1]) + 1 if len(bad) else 0
        return (e, p)
    return None
