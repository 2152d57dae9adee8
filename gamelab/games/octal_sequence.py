"""The numpy engine behind the Grundy sequences of take-and-break games.

:class:`OctalSequence` computes ``G(0), G(1), ...`` for a game whose moves are
"remove k tokens from a heap and leave no heap, one heap, or two heaps" rules
(every octal game, and Grundy's game).  The XOR of a prefix of the sequence
with the reversed sequence gives all the two-heap options of a heap at once;
where the values have a *sparse space* (Winning Ways: "sparse space spells
speed", [1]_, [2]_) most values of a heap are settled by the few options with
a "rare" heap in them.  For finite octal codes the period is proven with the
Guy–Smith theorem (:mod:`gamelab.periodicity`), after which the value of any
heap, however large, is a table look-up.

The one step that does the work is :meth:`OctalSequence.compute`: "make the
values of heaps ``0 .. length-1`` known".  Everything else (proving the
period, looking values up, tiling) is built on it.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("Take-and-break games").
.. [2] A. Flammenkamp, "Octal games", https://wwwhomes.uni-bielefeld.de/achim/octal.html
   (periods of octal games; the sparse space).
.. [3] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validate import check_bool, check_int
from ..periodicity import PeriodicSequence, dtype_for, guy_smith_period

__all__ = ["MoveRules", "OctalSequence", "MAX_SEQUENCE"]

#: Splits with at most this many pairs of heaps are listed one by one.
_DIRECT = 24
#: Heaps computed before the first look for a sparse space (doubling after).
_FIRST_LOOK = 1024

#: The largest heap whose value is computed value by value when no period is
#: proven (the work grows like the square of the heap size).
MAX_SEQUENCE = 100_000


@dataclass(frozen=True)
class MoveRules:
    """The moves of a take-and-break game as "remove k tokens, leave ..." rules.

    Parameters
    ----------
    take_all : frozenset of int
        k such that a heap of exactly k tokens may be removed whole.
    take_one : tuple of int
        k such that k tokens may be removed leaving one (non-empty) heap.
    split : tuple of int
        k such that k tokens may be removed leaving two non-empty heaps.
    split_unequal : tuple of int
        k such that k tokens may be removed leaving two non-empty heaps of
        different sizes (Grundy's game: ``(0,)``).
    t : int or None
        The most tokens a move removes, for a finite octal game (the ``t`` of
        the Guy–Smith theorem); ``None`` when no periodicity theorem applies.

    Examples
    --------
    >>> kayles = MoveRules(take_all=frozenset({1, 2}), take_one=(1, 2), split=(1, 2), t=2)
    >>> list(kayles.moves(3))
    [(2,), (1, 1), (1,)]
    """

    take_all: frozenset = frozenset()
    take_one: tuple = ()
    split: tuple = ()
    split_unequal: tuple = ()
    t: int | None = None

    def moves(self, n):
        """The options of a heap of ``n`` tokens, as tuples of heaps."""
        take_all, take_one = self.take_all, self.take_one
        split, unequal = self.split, self.split_unequal
        for k in sorted(set(take_all) | set(take_one) | set(split) | set(unequal)):
            if k > n:
                break
            if k in take_all and n == k and k > 0:
                yield ()
            if k in take_one and n - k >= 1 and k > 0:
                yield (n - k,)
            if k in split:
                for a in range(1, (n - k) // 2 + 1):
                    yield (a, n - k - a)
            elif k in unequal:
                for a in range(1, (n - k - 1) // 2 + 1):
                    yield (a, n - k - a)

    def splits(self):
        """``[(k, unequal), ...]``: the rules that leave two heaps."""
        return [(k, False) for k in self.split] + [(k, True) for k in self.split_unequal]


def _headroom(dtype):
    """The least value that no longer leaves room, in ``dtype``, for the XOR
    of two values and the mex above them (``None``: no limit)."""
    if dtype == np.int64:
        return None
    return (int(np.iinfo(dtype).max) + 1) // 2


class OctalSequence:
    """The Grundy sequence of a game given by :class:`MoveRules`, computed with numpy.

    Parameters
    ----------
    rules : MoveRules
    name : str, optional
        The game's name, for error messages.

    Examples
    --------
    >>> seq = OctalSequence(MoveRules(take_all=frozenset({1, 2}), take_one=(1, 2),
    ...                               split=(1, 2), t=2), name="Kayles")
    >>> seq.values(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> seq.period(1000)
    (71, 12)
    >>> seq.value(10**30) == seq.value(71 + (10**30 - 71) % 12)
    True
    """

    def __init__(self, rules, *, name="this game"):
        if not isinstance(rules, MoveRules):
            raise TypeError(f"rules must be a MoveRules, got {type(rules).__name__}")
        self.rules = rules
        self.name = name
        self._take_all = rules.take_all
        self._take_one = rules.take_one
        self._splits_list = rules.splits()
        self._t = rules.t
        self._vals = [0]  # G(0) = 0, as Python ints
        self._cap = 0
        self._seq = np.zeros(0, dtype=np.uint8)
        self._rev = np.zeros(0, dtype=np.uint8)
        self._split_cache = {}
        self._period = None
        self._periodic = None  # the proven PeriodicSequence
        self._proven_at = None
        self._reserve(64, 0)
        # the sparse space (see _extend_sparse): (mask, alpha, beta) or None,
        # the heaps that are rare for it, and when to look for one again
        self._space = None
        self._rare = np.zeros(64, dtype=np.int64)
        self._nrare = 0
        self._next_look = _FIRST_LOOK

    def __repr__(self):
        return f"OctalSequence({self.rules!r}, name={self.name!r})"

    @property
    def known(self):
        """How many values (heaps ``0 .. known-1``) are computed so far."""
        return len(self._vals)

    # -- the kernel ------------------------------------------------------------
    def compute(self, length):
        """Make the values of heaps ``0 .. length-1`` known (nothing else).

        This is the whole computation; proving periods, looking values up and
        tiling are built on it.  The work is done by the sparse-space kernel
        of :mod:`gamelab.games.octal_kernel` (compiled with numba when the
        ``fast`` extra is installed, numpy otherwise), chunk by chunk; an
        interruption leaves the values known so far intact.  Both are exact.
        """
        vals = self._vals
        if length <= len(vals):
            return
        from . import octal_kernel

        if "_kernel" not in self.__dict__:
            r = self.rules
            self._kernel = (octal_kernel.Rules([k for k in r.take_all if k > 0],
                                               [k for k in r.take_one if k > 0],
                                               self._splits_list, self._t),
                            octal_kernel.SequenceState())
        rules, state = self._kernel
        octal_kernel.extend(rules, state, length)
        self._seq = state.values           # first the array, then the count of known values
        vals.extend(state.values[len(vals):length].tolist())

    def _reserve(self, size, top):
        dtype = dtype_for(2 * top)  # room for the XOR of two values and their mex
        if size <= self._cap and np.dtype(dtype).itemsize <= self._seq.dtype.itemsize:
            return
        cap = max(size, 2 * self._cap, 64)
        if np.dtype(dtype).itemsize < self._seq.dtype.itemsize:
            dtype = self._seq.dtype
        seq = np.zeros(cap, dtype=dtype)
        seq[:len(self._vals)] = self._vals
        self._seq = seq
        self._rev = seq[::-1].copy()  # rev[cap - 1 - i] == seq[i]
        self._cap = cap

    def _splits(self):
        return self._splits_list


    def _look_for_space(self):
        """Choose a sparse space: the one with the fewest rare heaps among recent
        values, unless the one in use has fewer rare heaps overall.

        A heap a is *common* when the parity of the 1-bits of ``G(a) & mask``
        is ``(alpha * a + beta) % 2``, and *rare* otherwise.  If a and b are
        both common, ``G(a) ^ G(b)`` has parity ``alpha * (a + b) % 2`` — so
        two common heaps of total m can never make a value of the other
        parity.  The choice only affects speed: the values are exact for any.
        """
        vals = self._vals
        L = len(vals)
        self._next_look = 2 * L
        splits = self._splits()
        if not splits:
            return
        lo = max(1, L - min(L // 2, 16384))
        g = self._seq[lo:L].astype(np.int64)
        top = int(g.max()) if len(g) else 0
        b = max(1, min(top.bit_length(), 10))
        size = 1 << b
        r = np.arange(size, dtype=np.int64)
        bits = (r[:, None] >> np.arange(b)) & 1                   # value -> its bits
        table = ((bits @ bits.T) & 1).astype(np.uint8)            # [value, mask] -> parity
        pg = table[g & (size - 1)]                                 # [heap, mask]
        idx = np.arange(lo, L, dtype=np.int64)
        alphas = (0, 1) if len({k & 1 for k, _ in splits}) == 1 else (0,)
        best = None
        k0 = splits[0][0]
        for alpha in alphas:
            # a common heap's own parity must differ from the one its pairs make
            beta = 1 ^ (alpha * k0 & 1)
            expect = ((alpha * idx + beta) & 1).astype(np.uint8)
            count = (pg != expect[:, None]).sum(axis=0)
            count[0] = len(idx) + 1                                # mask 0 splits nothing
            mask = int(np.argmin(count))
            if best is None or count[mask] < best[0]:
                best = (int(count[mask]), mask, alpha, beta)
        heaps = np.arange(1, L, dtype=np.int64)
        low = self._seq[1:L].astype(np.int64)

        def rare_heaps(space):
            mask, alpha, beta = space
            par = np.zeros(len(low), dtype=np.int64)
            m = low & mask
            while m.any():                                         # parity of the 1-bits
                par ^= m & 1
                m >>= 1
            return heaps[par != ((alpha * heaps + beta) & 1)]

        # keep the space with the fewest rare heaps overall (they cost time at every heap)
        spaces = [best[1:]] + ([self._space] if self._space is not None else [])
        choice = None
        for sp in spaces:
            rare = rare_heaps(sp)
            if choice is None or len(rare) < len(choice[1]):
                choice = (sp, rare)
        space, rare = choice
        if len(rare) * 8 > L:                                      # not sparse: > 1 in 8 rare
            self._space = None
            return
        self._space = space
        self._rare = np.zeros(max(64, 2 * len(rare)), dtype=np.int64)
        self._rare[:len(rare)] = rare
        self._nrare = len(rare)


    def _extend_sparse(self, length):
        """Compute the values of heaps below ``length`` in the chosen sparse space.

        For a heap n, the options that take tokens or involve a *rare* heap
        are few and listed exactly.  Two *common* heaps of total m can only
        make values of one parity (see :meth:`_look_for_space`), so the least
        value of the other parity that is not listed is not an option at all;
        for the smaller values of that one parity the pairs of heaps are
        scanned in growing blocks, which almost always meets them within the
        first block.  Only when a value is truly missing (a rare heap) is the
        scan complete.  Every value is the exact mex of all the options.
        """
        vals = self._vals
        if length <= len(vals):
            return
        self._reserve(length, max(vals))
        seq, rev, cap = self._seq, self._rev, self._cap
        half = _headroom(seq.dtype)
        mask, alpha, beta = self._space
        take_all, take_one = self._take_all, self._take_one
        splits = self._splits()
        rare, nrare = self._rare, self._nrare
        searchsorted = np.searchsorted
        # present[v]: v is known to be an option value; every option value is
        # below 2**bits, so the last entry stays False and argmin finds the mex
        bits = max(max(vals).bit_length(), 1)
        present = np.zeros((1 << bits) + 1, dtype=bool)
        for n in range(len(vals), length):
            present[:] = False
            if n in take_all:
                present[0] = True
            for k in take_one:
                if k < n:
                    present[vals[n - k]] = True
            active = []
            parities = set()
            for k, unequal in splits:
                m = n - k
                h = (m - 1) // 2 if unequal else m // 2
                if h < 1:
                    continue
                if h <= _DIRECT:
                    present[[vals[a] ^ vals[m - a] for a in range(1, h + 1)]] = True
                    continue
                active.append((m, h))
                parities.add(alpha * m & 1)
                # every pair with a rare heap in it, exactly
                j = int(searchsorted(rare[:nrare], m))
                if j:
                    rs = rare[:j]
                    if unequal:
                        rs = rs[2 * rs != m]
                    present[seq[rs] ^ seq[m - rs]] = True
            v = int(present.argmin())
            if active:
                one = parities.pop() if len(parities) == 1 else None
                hmax = max(h for _, h in active)
                lo, width = 1, 64
                while lo <= hmax:
                    if one is not None and (v & mask).bit_count() & 1 != one:
                        break                      # no pair of common heaps makes v
                    hi = min(hmax, lo + width - 1)
                    for m, h in active:
                        e = min(h, hi)
                        if e >= lo:                # G(a) ^ G(m - a) for a = lo..e
                            present[seq[lo:e + 1] ^ rev[cap - 1 - m + lo:cap - m + e]] = True
                    lo, width = hi + 1, 4 * width
                    v = int(present.argmin())
            if v >= len(present) - 1:
                bits = v.bit_length()
                present = np.zeros((1 << bits) + 1, dtype=bool)
            vals.append(v)
            seq[n] = v
            rev[cap - 1 - n] = v
            if (v & mask).bit_count() & 1 != (alpha * n + beta) & 1:
                if nrare == len(rare):
                    rare = np.concatenate([rare, np.zeros(len(rare), dtype=np.int64)])
                    self._rare = rare
                rare[nrare] = n
                nrare += 1
                self._nrare = nrare
            if half is not None and v >= half:
                self._reserve(length, v)
                seq, rev, cap = self._seq, self._rev, self._cap
                half = _headroom(seq.dtype)


    def _extend_dense(self, length):
        """Compute the values of heaps below ``length``, every option of every heap."""
        vals = self._vals
        if length <= len(vals):
            return
        top = max(vals)
        self._reserve(length, top)
        seq, rev, cap = self._seq, self._rev, self._cap
        take_all, take_one = self._take_all, self._take_one
        splits = self._splits()
        half = _headroom(seq.dtype)
        # the two-heap options of a heap m, kept for the next few n that need them:
        # (m, unequal) -> [xor array, {v: present?}, full set of values or None]
        cache = self._split_cache
        reach = max([k for k, _ in splits], default=0) + 2
        for n in range(len(vals), length):
            small = set()
            if n in take_all:
                small.add(0)
            for k in take_one:
                if k < n:
                    small.add(vals[n - k])
            entries = []
            for k, unequal in splits:
                m = n - k
                h = (m - 1) // 2 if unequal else m // 2
                if h < 1:
                    continue
                if h <= _DIRECT:
                    small.update(vals[a] ^ vals[m - a] for a in range(1, h + 1))
                    continue
                entry = cache.get((m, unequal))
                if entry is None:
                    # G(a) ^ G(m - a) for a = 1..h, all at once
                    x = np.bitwise_xor(seq[1:h + 1], rev[cap - m:cap - m + h])
                    entry = cache[(m, unequal)] = [x, {}, None]
                entries.append(entry)
            v = 0
            while True:
                if v in small:
                    v += 1
                    continue
                hit = False
                for entry in entries:
                    if entry[2] is not None:
                        hit = v in entry[2]
                    else:
                        known = entry[1].get(v)
                        if known is None:
                            if v >= 8:  # many values: count them all at once
                                entry[2] = set(np.flatnonzero(np.bincount(entry[0])).tolist())
                                known = v in entry[2]
                            else:
                                known = entry[1][v] = bool((entry[0] == v).any())
                        hit = known
                    if hit:
                        break
                if not hit:
                    break
                v += 1
            for key in [key for key in cache if key[0] <= n - reach]:
                del cache[key]
            vals.append(v)
            seq[n] = v
            rev[cap - 1 - n] = v
            if half is not None and v >= half:
                cache.clear()
                self._reserve(length, v)
                seq, rev, cap = self._seq, self._rev, self._cap
                half = _headroom(seq.dtype)


    # -- periods and look-ups --------------------------------------------------
    def _grow(self, length):
        """Compute values up to ``length`` heaps, trying to prove a period on the way."""
        while self._period is None and len(self._vals) < length:
            target = min(length, max(2 * len(self._vals), 64))
            self.compute(target)
            self._try_prove(target)

    def _try_prove(self, length):
        if self._t is None or self._period is not None:
            return
        found = guy_smith_period(self._seq[:length], self._t)
        if found is not None:
            e, p = found
            self._period = found
            self._periodic = PeriodicSequence(self._seq[:e + p], e, p, proven=True)
            self._proven_at = 2 * max(e, 1) + 2 * p + self._t

    def value(self, n):
        """``G(n)``, for any heap ``n >= 0`` once a period is proven."""
        if self._period is None and n >= len(self._vals):
            self._grow(min(n + 1, MAX_SEQUENCE))
        if n < len(self._vals):
            return self._vals[n]
        if self._periodic is not None:
            return self._periodic[n]
        raise ValueError(
            f"heap {n} is too large: no period of {self.name} is proven among the first "
            f"{len(self._vals)} values, and computing them one by one up to {n} would take too long"
        )

    def values(self, n, *, tile=True):
        """``G(0) .. G(n-1)`` as a 1-D numpy array of a small integer dtype.

        Beyond a proven period the values are tiled, unless ``tile=False``,
        which computes every value (for checks and benchmarks).
        """
        n = check_int(n, "n")
        check_bool(tile, "tile")
        if not tile:
            if n > MAX_SEQUENCE:
                raise ValueError(f"n = {n} is too large to compute value by value "
                                 f"(at most {MAX_SEQUENCE})")
            self.compute(n)
            return self._seq[:n].copy()
        if self._period is None:
            if n > MAX_SEQUENCE:
                self._grow(MAX_SEQUENCE)
                if self._period is None:
                    raise ValueError(
                        f"n = {n} is too large: no period of {self.name} is proven among the "
                        f"first {MAX_SEQUENCE} values, and computing them one by one would take "
                        "too long")
            self._grow(n)
        if n <= len(self._vals):
            return self._seq[:n].copy()
        return self._periodic.tile(n, dtype=self._seq.dtype)

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """The least ``(preperiod, period)`` proven from the values of heaps below
        ``limit`` (default :data:`MAX_SEQUENCE`), or ``None``."""
        limit = MAX_SEQUENCE if limit is None else check_int(limit, "limit")
        if self._period is None:
            self._grow(limit)
            if self._period is None and len(self._vals) >= limit:
                self._try_prove(limit)
        if self._period is not None and self._proven_at <= limit:
            return self._period
        return None
