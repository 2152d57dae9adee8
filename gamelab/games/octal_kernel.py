"""The sparse-space kernel: Grundy values of take-and-break games by the million.

This module computes the Grundy sequence ``G(0), G(1), ...`` of a heap game
whose moves are "remove k tokens and leave no heap, one heap, or two heaps"
(every finite octal game, and Grundy's game), and proves periods with the
Guy–Smith theorem, at research scale: tens of millions of values in seconds,
hundreds of millions in minutes, in memory that is one byte per heap.

**Why most pairs never need checking.**  The value of a heap n is the mex
of its options; a split leaves two heaps ``a + b = m`` worth
``G(a) ^ G(b)``, and there are about m/2 of them.  Pick a *mask* and a
parity rule: heap a is *common* when the number of 1-bits of
``G(a) & mask`` has the parity ``(alpha * a + beta) % 2``, and *rare*
otherwise.  For two common heaps that parity adds up: ``G(a) ^ G(b)`` has
parity ``alpha * m % 2``, always the same for a given m.  So a value of the
*other* parity can only come from a pair with a rare heap in it, or from a
move that leaves one heap — and there are few of those.  For most octal
games almost every heap is common ("sparse space spells speed", Winning
Ways [1]_): the mex is settled by the handful of rare pairs plus a short
scan that finds the small values of the common parity, and only a heap
whose value turns out to be missing from the common pairs (a rare heap in
the making) pays for a full scan.  Every value is still the exact mex of
all options; the space only decides how soon we may stop looking.

The loop over heaps is sequential (the value of n needs the values of n - 1,
n - 2, ...), so it is compiled with numba when numba is installed (the
``fast`` extra); otherwise the same algorithm runs with numpy, one heap at a
time, 15–25 times slower.  Both give the same values.

Everything here is a plain function on numpy arrays and the game's
:class:`~gamelab.games.octal_rules.Rules`, plus a small
:class:`SequenceState` holding the values computed so far; the state stays
consistent if a computation is interrupted (``KeyboardInterrupt``) between
two chunks or in the middle of one.  The choice of the space is in
:mod:`gamelab.games.octal_space`, the proofs of periods in
:mod:`gamelab.games.octal_proof`.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("sparse space spells speed").
.. [2] A. Flammenkamp, "Octal games",
   https://wwwhomes.uni-bielefeld.de/achim/octal.html (periods and rare values).
.. [3] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
"""
from __future__ import annotations

import numpy as np

from .._validate import check_int
from .._internal import HAVE_NUMBA, compiled, dtype_for
from .octal_rules import Rules, check_rules
from .octal_space import ORDER_HEAPS, choose_space, parity_table, scan_order

__all__ = [
    "SequenceState",
    "extend",
    "compute_values",
    "BACKENDS",
    "default_backend",
    "compiled",
]

#: the kernels available here: "numba" (compiled) when numba (the optional
#: "fast" extra) is installed, and "numpy"; the environment variable
#: ``GAMELAB_NO_NUMBA=1`` leaves numba out, as if it were not installed
BACKENDS = ("numba", "numpy") if HAVE_NUMBA else ("numpy",)

#: heaps computed before the first look for a sparse space (the look doubles after)
FIRST_LOOK = 1024


def default_backend():
    """``"numba"`` when numba is installed, else ``"numpy"``."""
    return BACKENDS[0]


# ---------------------------------------------------------------------------
# the state of a computation

class SequenceState:
    """The values of heaps ``0 .. length-1`` and the sparse space in use.

    ``values`` has room for more heaps than ``length``; only ``values[:length]``
    is meaningful.  Its dtype is the smallest one holding every value
    (uint8 until a value reaches 256, then uint16, then int64).  ``space`` is
    ``(mask, alpha, beta)`` or ``None`` (every pair is scanned), and ``rare[:nrare]`` are the heaps below
    ``length`` that are rare for it, in increasing order.  ``order`` lists
    small heaps in the order the kernel tries them (:func:`scan_order`).

    Examples
    --------
    >>> s = SequenceState()
    >>> extend(Rules.from_code("0.77"), s, 12)
    >>> s.length, s.values[:12].tolist()
    (12, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6])
    """

    def __init__(self):
        self.values = np.zeros(64, dtype=np.uint8)
        self.length = 1                       # G(0) = 0
        self.bits = 8                         # every value is below 2**bits
        self.space = None
        self.rare = np.zeros(64, dtype=np.int64)
        self.nrare = 0
        self.order = np.zeros(0, dtype=np.int64)
        self.next_look = FIRST_LOOK

    def __repr__(self):
        return (f"SequenceState(length={self.length}, dtype={self.values.dtype}, "
                f"space={self.space}, rare={self.nrare})")

    @property
    def nbytes(self):
        """Memory held by the arrays, in bytes."""
        return self.values.nbytes + self.rare.nbytes + self.order.nbytes


def _reserve(state, size):
    if size <= len(state.values):
        return
    cap = max(size, len(state.values) + len(state.values) // 2, 64)
    values = np.zeros(cap, dtype=state.values.dtype)   # zero pages cost no memory until written
    values[:state.length] = state.values[:state.length]
    state.values = values


# ---------------------------------------------------------------------------
# the kernel: one chunk of heaps

_U = np.uint64

def _loop(g, start, stop, take_all, take_one, split_k, split_un, rare, nrare,
          sparse, alpha, beta, par, stamp, top, order):
    """Values of heaps ``start .. stop-1`` into ``g``; returns ``(reached, nrare, status)``.

    status 0: done; 1: ``rare`` is full (heap ``reached`` not computed);
    2: the value of heap ``reached`` exceeds ``top`` (not stored).
    ``stamp[v] == n + 1`` marks v as an option value of heap n.  ``order``
    lists small heaps a, those of distinct values first: the pairs
    ``(a, m - a)`` are tried in that order, 32 at a time.  Indices are cast to
    unsigned (``_U``): they are never negative, and the compiled code then
    skips the check for Python's negative indices.
    """
    ns = split_k.shape[0]
    no = order.shape[0]
    values = np.empty(rare.shape[0], dtype=g.dtype)  # values[i] = g[rare[i]], read in order
    for i in range(nrare):
        values[i] = g[rare[i]]
    below = np.zeros(ns, dtype=np.int64)    # per split: how many rare heaps lie below m
    halves = np.zeros(ns, dtype=np.int64)   # per split: how many lie below m / 2
    for n in range(start, stop):
        if sparse and nrare == rare.shape[0]:
            return n, nrare, 1
        tag = n + 1
        for i in range(take_all.shape[0]):
            if take_all[i] == n:
                stamp[0] = tag
        for i in range(take_one.shape[0]):
            k = take_one[i]
            if k < n:
                stamp[g[n - k]] = tag
        if sparse:
            scan = False
            for s in range(ns):
                m = n - split_k[s]
                un = split_un[s]
                h = (m - 1) // 2 if un else m // 2
                if h < 1:
                    continue
                scan = True
                c = below[s]                    # m grows with n: the counts only move up
                while c < nrare and rare[c] < m:
                    c += 1
                below[s] = c
                skip = c                        # the rare heap m / 2, if unequal heaps only
                if un and m % 2 == 0:
                    j = halves[s]
                    while j < nrare and 2 * rare[j] < m:
                        j += 1
                    halves[s] = j
                    if j < c and 2 * rare[j] == m:
                        skip = j
                for i in range(skip):           # every pair with a rare heap in it
                    stamp[_U(values[i] ^ g[_U(m - rare[i])])] = tag
                for i in range(skip + 1, c):
                    stamp[_U(values[i] ^ g[_U(m - rare[i])])] = tag
            v = 0
            while stamp[v] == tag:
                v += 1
            if scan:
                common = (alpha * (n - split_k[0])) & 1   # the parity pairs of common heaps make
                i = 0
                while par[v] == common and i < no:        # v might still come from two common heaps
                    e = min(no, i + 32)
                    for s in range(ns):
                        m = n - split_k[s]
                        h = (m - 1) // 2 if split_un[s] else m // 2
                        if h < 1:
                            continue
                        for q in range(i, e):
                            a = _U(order[q])
                            if a <= _U(h):
                                stamp[_U(g[a] ^ g[_U(m) - a])] = tag
                    i = e
                    while stamp[v] == tag:
                        v += 1
                if par[v] == common:            # not settled yet: every pair
                    for s in range(ns):
                        m = n - split_k[s]
                        h = (m - 1) // 2 if split_un[s] else m // 2
                        for a in range(1, h + 1):
                            stamp[_U(g[a] ^ g[_U(m - a)])] = tag
                    while stamp[v] == tag:
                        v += 1
        else:
            for s in range(ns):
                m = n - split_k[s]
                h = (m - 1) // 2 if split_un[s] else m // 2
                for a in range(1, h + 1):
                    stamp[_U(g[a] ^ g[_U(m - a)])] = tag
            v = 0
            while stamp[v] == tag:
                v += 1
        if v > top:
            return n, nrare, 2
        g[n] = v
        if sparse and par[v] != ((alpha * n + beta) & 1):
            rare[nrare] = n
            values[nrare] = v
            nrare += 1
    return stop, nrare, 0


def _loop_numpy(g, start, stop, take_all, take_one, split_k, split_un, rare, nrare,
                sparse, alpha, beta, par, stamp, top, order):
    """The same as :func:`_loop`, with numpy doing the work of each heap."""
    splits = [(int(k), bool(u)) for k, u in zip(split_k.tolist(), split_un.tolist())]
    take_all = set(take_all.tolist())
    take_one = take_one.tolist()
    k0 = splits[0][0] if splits else 0
    no = len(order)
    for n in range(start, stop):
        if sparse and nrare == len(rare):
            return n, nrare, 1
        tag = n + 1
        if n in take_all:
            stamp[0] = tag
        for k in take_one:
            if k < n:
                stamp[g[n - k]] = tag
        active = []
        for k, un in splits:
            m = n - k
            h = (m - 1) // 2 if un else m // 2
            if h < 1:
                continue
            active.append((m, h))
            if not sparse:
                stamp[g[1:h + 1] ^ g[m - h:m][::-1]] = tag
                continue
            j = int(np.searchsorted(rare[:nrare], m))
            if j:
                rs = rare[:j]
                if un:
                    rs = rs[2 * rs != m]
                stamp[g[rs] ^ g[m - rs]] = tag
        v = int(np.argmax(stamp != tag))
        if sparse and active:
            common = (alpha * (n - k0)) & 1
            i, width = 0, 64
            while par[v] == common and i < no:
                e = min(no, i + width)
                for m, h in active:
                    a = order[i:e]
                    a = a[a <= h]
                    stamp[g[a] ^ g[m - a]] = tag
                i, width = e, 4 * width
                v = int(np.argmax(stamp != tag))
            if par[v] == common:
                for m, h in active:
                    stamp[g[1:h + 1] ^ g[m - h:m][::-1]] = tag
                v = int(np.argmax(stamp != tag))
        if v > top:
            return n, nrare, 2
        g[n] = v
        if sparse and par[v] != ((alpha * n + beta) & 1):
            rare[nrare] = n
            nrare += 1
    return stop, nrare, 0


def _kernel(backend):
    if backend == "numpy":
        return _loop_numpy
    if backend == "numba":
        return compiled(_loop)
    raise ValueError(f"backend must be one of {BACKENDS} or None, got {backend!r}")


def _look(rules, state):
    state.next_look = 2 * state.length
    if state.length <= ORDER_HEAPS or len(state.order) < ORDER_HEAPS - 1:
        state.order = scan_order(state.values, state.length)
    space, rare = choose_space(state.values, state.length, rules, state.space)
    if space == state.space:
        return
    state.space = None                        # scanning every pair is right whatever rare holds
    if space is None:
        return
    buf = np.zeros(max(64, 2 * len(rare)), dtype=np.int64)
    buf[:len(rare)] = rare
    state.rare = buf
    state.nrare = len(rare)
    state.space = space


# ---------------------------------------------------------------------------
# public drivers

def _check_state(state):
    if not isinstance(state, SequenceState):
        raise TypeError(f"state must be a SequenceState, got {type(state).__name__}")
    return state


def _check_progress(progress):
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, got {type(progress).__name__}")
    return progress


def extend(rules, state, stop, *, progress=None, chunk=None, backend=None):
    """Compute the values of heaps below ``stop`` into ``state``, chunk by chunk.

    Parameters
    ----------
    rules : Rules
        The game (:meth:`Rules.from_code <gamelab.games.octal_rules.Rules.from_code>`,
        :meth:`Rules.grundys_game <gamelab.games.octal_rules.Rules.grundys_game>`).
    state : SequenceState
        Values computed so far; extended in place.
    stop : int
        Compute heaps ``state.length .. stop-1``.
    progress : callable or None
        Called as ``progress(length, stop)`` after each chunk.
    chunk : int or None
        Heaps per chunk (default: about a tenth of a second of work).
    backend : {"numba", "numpy"} or None
        The kernel; ``None`` picks :func:`default_backend`.

    Notes
    -----
    A ``KeyboardInterrupt`` (or an exception from ``progress``) leaves the
    state consistent: ``values[:length]`` are exact and ``rare[:nrare]``
    are the rare heaps among them, so calling ``extend`` again resumes.
    """
    check_rules(rules)
    _check_state(state)
    stop = check_int(stop, "stop")
    _check_progress(progress)
    backend = default_backend() if backend is None else backend
    loop = _kernel(backend)
    if chunk is None:
        chunk = 1 << 20 if backend == "numba" else 1 << 12
    chunk = check_int(chunk, "chunk", minimum=1)
    take_all, take_one, split_k, split_un = rules.arrays()
    par = stamp = key = None
    while state.length < stop:
        if state.length >= state.next_look:
            _look(rules, state)
        # heal an interrupted commit: rare heaps at or beyond length are not computed yet
        if state.nrare and state.rare[state.nrare - 1] >= state.length:
            state.nrare = int(np.searchsorted(state.rare[:state.nrare], state.length))
        end = min(stop, state.length + chunk, max(state.next_look, state.length + 1))
        _reserve(state, end)
        space = state.space
        if key != (space, state.bits):
            key = (space, state.bits)
            top = (1 << state.bits) - 1
            par = parity_table(space[0] if space else 0, top + 2)
            stamp = np.zeros(top + 2, dtype=np.int64)
        sparse = space is not None
        alpha, beta = (space[1], space[2]) if sparse else (0, 0)
        n, nrare, status = loop(state.values, state.length, end, take_all, take_one, split_k,
                                split_un, state.rare, state.nrare, sparse, alpha, beta, par,
                                stamp, (1 << state.bits) - 1, state.order)
        state.nrare = int(nrare)              # first nrare, then length: see the healing above
        state.length = int(n)
        if status == 1:
            rare = np.zeros(2 * len(state.rare), dtype=np.int64)
            rare[:state.nrare] = state.rare[:state.nrare]
            state.rare = rare
        elif status == 2:
            bits = 16 if state.bits < 16 else state.bits + 1
            dtype = dtype_for((1 << bits) - 1)
            if dtype != state.values.dtype:
                state.values = state.values.astype(dtype)
            state.bits = bits
            state.next_look = state.length + 1   # with the wider value in: choose the space again
        if progress is not None:
            progress(state.length, stop)


def compute_values(rules, n, *, backend=None, progress=None):
    """Values of heaps ``0 .. n-1`` (a new computation), in the smallest unsigned dtype.

    Examples
    --------
    >>> compute_values(Rules.grundys_game(), 12).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    >>> compute_values(Rules.from_code("0.137"), 12).tolist()
    [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    """
    check_rules(rules)
    n = check_int(n, "n")
    state = SequenceState()
    extend(rules, state, n, backend=backend, progress=progress)
    return state.values[:n].copy()
