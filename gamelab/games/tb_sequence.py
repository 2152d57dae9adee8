"""The Grundy values of every take-and-break game that is not octal, and their periods.

The octal kernel (:mod:`gamelab.games.octal_kernel`) reads digits 0-7; this
module computes the rest of the notation (:mod:`gamelab.games.tb_code`):
hexadecimal digits (a move may leave three heaps), repeating digits, marks,
unbounded heap counts, added tokens.  :func:`extend` makes values known one
heap at a time, exactly:

* a split into two or three heaps of any sizes: every split at once, in
  numpy; into c >= 4 heaps: the *XOR rows* ``R_c(m)``, the set of
  ``G(a1) ^ ... ^ G(ac)`` over ``a1 + ... + ac = m``, kept as boolean numpy
  rows (``R_c(m)`` is ``R_(c-1)(m - a)`` moved by ``G(a)``, over a);
* a split with a mark (``!``, ``?``) or into an unbounded number of heaps
  lists its moves, within the call's work.

Three theorems prove periods here (:func:`find_period`):

* **Several heaps, ordinary periods.**  If every move removes at most t
  tokens (or adds some) and leaves at most h heaps of any sizes, and
  ``G(n + p) = G(n)`` for ``e <= n < h*e' + (h-1)*p + t`` with
  ``e' = max(e, 1)``, then for every n >= e.  The proof is Guy and Smith's
  [1]_ with h heaps: an option of ``n + p`` has a heap of at least
  ``(n + p - t) / h >= e' + p`` tokens, and taking p from it gives an option
  of n of the same value (and back).
* **One heap, all but finitely many removals: arithmetic periods.**  When no
  move splits and, from some k on, every removal is allowed (``0.300303330[3]``:
  all but 2, 3, 5 and 9), ``G(n)`` is the least value above the mex ``b`` of
  the values far behind that is neither a value far behind nor the value of a
  near heap one may move to.  So the *relative state* -- the values far
  behind above ``b`` and the near values, each minus ``b`` (a near value below
  ``b`` counts as nothing) -- decides ``G(n) - b``, the next state and how far
  ``b`` moves.  When a state comes back p heaps later, with ``b`` moved by s,
  ``G(n + p) = G(n) + s`` for every later n: the values are *arithmetic
  periodic* with saltus s (Angela Siegel proved every such game is [2]_).
* **Three heaps or more, arithmetic periods with a saltus 2**m**: the theorem
  of :mod:`gamelab.games.tb_saltus` (0.8, whose values climb by one every
  three heaps).

References
----------
.. [1] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
.. [2] A. A. Siegel, *Finite excluded subtraction sets and infinite modular
   Nim*, M.Sc. thesis, Dalhousie University (2005).
.. [3] S. Howse and R. J. Nowakowski, "Periodicity and arithmetic-periodicity
   in hexadecimal games", Theoret. Comput. Sci. 313 (2004), 463–472.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._internal import dtype_for
from .octal_kernel import compiled, default_backend
from .octal_rules import parts
from .tb_saltus import Period, least_period, least_preperiod, prove_saltus

__all__ = ["GeneralState", "extend", "Period", "find_period",
           "one_heap_tail", "proof_length"]

#: The most moves one heap may list (a split with marks or unbounded counts); past it
#: the computation is refused.
MAX_LISTED = 2_000_000


class GeneralState:
    """What :func:`extend` keeps between calls: the values and the XOR rows."""

    def __init__(self):
        self.values = [0]                 # G(0) = 0
        self.width = 64                   # the rows' width, a power of two above every value
        self.rows = {}                    # c -> {m: bool row R_c(m)}
        self.far_from = None              # one-heap tails: the next heap to fall far behind,
        self.far, self.mex = set(), 0     # the values far behind and their mex

    @property
    def length(self):
        return len(self.values)


def one_heap_tail(rules):
    """``(m, take_all)`` when no move splits and every removal k > m leaves one heap (and
    takes a whole heap too when ``take_all``): the all-but games; else ``None``."""
    if rules.repeat == 0 or rules.adds or (rules.heaps is None or rules.heaps > 1):
        return None
    tail = {rules.digit(k) for k in range(len(rules.digits) - rules.repeat, len(rules.digits))}
    if len(tail) != 1:
        return None
    (d,) = tail
    if d.mark(1) is None:
        return None
    return len(rules.digits) - rules.repeat - 1, d.mark(0) is not None


def _plain_loop(g, start, stop, allowed, seen):
    """The values of heaps ``start .. stop-1`` of a code of plain digits leaving at most
    three heaps (``allowed[k, c]``: removing k tokens may leave c heaps), every move
    listed; stops early, returning the next heap, at a value that ``seen`` is too short
    for (the caller widens it).  Compiled with numba."""
    t = allowed.shape[0] - 1
    width = seen.shape[0]
    for n in range(start, stop):
        stamp = n + 1
        for k in range(0, min(t, n) + 1):
            rest = n - k
            if allowed[k, 0] and rest == 0:
                seen[0] = stamp
            if allowed[k, 1] and rest >= 1:
                seen[g[rest]] = stamp
            if allowed[k, 2]:
                for a in range(1, rest // 2 + 1):
                    seen[g[a] ^ g[rest - a]] = stamp
            if allowed[k, 3]:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        seen[g[a] ^ g[b] ^ g[rest - a - b]] = stamp
        m = 0
        while m < width and seen[m] == stamp:
            m += 1
        g[n] = m
        if 2 * m >= width:
            return n + 1
    return stop


#: Heaps the compiled loop computes between two reports of its work.
CHUNK = 256


def _compiled_extend(rules, state, length, progress):
    """:func:`extend` for plain digits and at most three heaps, with the compiled loop."""
    loop = compiled(_plain_loop)
    allowed = np.zeros((len(rules.digits), 4), dtype=np.bool_)
    for k in range(len(rules.digits)):
        for c in range(4):
            allowed[k, c] = rules.digit(k).mark(c) is not None
    splits = int(allowed[:, 3].sum()), int(allowed[:, 2].sum())
    g = np.zeros(length, dtype=np.int64)
    g[:state.length] = state.values
    start = state.length
    while start < length:
        stop = min(start + CHUNK, length)
        seen = np.zeros(state.width, dtype=np.int64)
        done = loop(g, start, stop, allowed, seen)
        state.values.extend(g[start:done].tolist())
        while 2 * max(state.values[start:done], default=0) >= state.width:
            state.width *= 2
            state.rows.clear()
        if progress is not None:   # a unit per heap and per 64 moves listed
            moves = (splits[0] * (done ** 3 - start ** 3) // 36
                     + splits[1] * (done ** 2 - start ** 2) // 4)
            progress(done, length, (done - start) + moves // 64)
        start = done


def extend(rules, state, length, progress=None):
    """Make ``G(0) .. G(length - 1)`` known in ``state.values`` (Python ints).

    ``progress(done, stop, units)`` is called after each heap (each chunk of heaps,
    compiled) with the units of work it took (one per heap, and one per 64 moves
    listed or row cells).  Codes of plain digits leaving at most three heaps are
    computed by a compiled loop where numba is installed.
    """
    vals = state.values
    if (rules.t is not None and (rules.heaps or 0) <= 3 and not rules.adds
            and default_backend() == "numba" and length > len(vals)):
        _compiled_extend(rules, state, length, progress)
        return
    tail = one_heap_tail(rules)
    while len(vals) < length:
        n = len(vals)
        if tail is not None and n > tail[0]:
            g, units = _one_heap(rules, state, n, tail), tail[0]
        else:
            seen, units = _options(rules, state, n)
            g = 0
            while g in seen:
                g += 1
        vals.append(g)
        while g >= state.width:
            state.width *= 2
            state.rows.clear()
        if progress is not None:
            progress(n + 1, length, 1 + units // 64)


def _one_heap(rules, state, n, tail):
    """``G(n)`` for n > m when no move splits and every removal past m is allowed: the
    least value from the mex of the values far behind that is neither one of them nor
    the value of a near heap one may move to."""
    m, take_all = tail
    vals = state.values
    if state.far_from is None:             # the first such heap: start the far values
        state.far_from, state.far, state.mex = 1, {0} if take_all else set(), 0
    while state.far_from <= n - m - 1:     # heaps 1 .. n-m-1 are far behind
        state.far.add(vals[state.far_from])
        state.far_from += 1
    far = state.far
    while state.mex in far:
        state.mex += 1
    near = {vals[n - k] for k in range(1, m + 1) if rules.digit(k).mark(1) is not None}
    g = state.mex
    while g in far or g in near:
        g += 1
    return g


def _options(rules, state, n):
    """The set of option values of heap n, and the work units spent."""
    vals = state.values
    seen, units = set(), 0
    top = n if rules.repeat else min(n, len(rules.digits) - 1)
    for k in range(-len(rules.adds), top + 1):
        d = rules.digit(k)
        if d.zero:
            continue
        rest = n - k
        for c in d.counts(rest):
            mark = d.mark(c)
            if c == 0:
                seen.add(0)
            elif c == 1:
                seen.add(vals[rest])
            elif mark == "=":
                if rest % c == 0:
                    seen.add(vals[rest // c] if c % 2 else 0)
            elif mark == "" and c == 3:
                seen.update(_triples(vals, rest))
                units += rest * rest // 6
            elif mark == "" and d.most is not None:
                row = _row(state, c, rest)
                seen.update(np.flatnonzero(row).tolist())
                units += rest * c
            else:
                for heaps in parts(rest, c, mark):
                    units += 1
                    if units > MAX_LISTED:
                        raise ValueError(
                            f"heap {n} of {rules.code} has more than {MAX_LISTED:,} moves to "
                            "list (splits with marks or into any number of heaps): too many")
                    x = 0
                    for h in heaps:
                        x ^= vals[h]
                    seen.add(x)
    return seen, units


def _triples(vals, m):
    """The distinct ``G(a) ^ G(b) ^ G(m - a - b)`` over ``1 <= a <= b <= m - a - b``, at once."""
    if m < 3:
        return []
    g = np.asarray(vals[:m], dtype=np.int64)
    a = np.arange(1, m // 3 + 1)[:, None]
    b = np.arange(1, m // 2 + 1)[None, :]
    c = m - a - b
    ok = (b >= a) & (c >= b)
    xors = (g[a] ^ g[b] ^ g[np.where(ok, c, 0)])[ok]
    hit = np.zeros(1 << int(g.max()).bit_length(), dtype=bool)  # XORs stay below it
    hit[xors] = True
    return np.flatnonzero(hit).tolist()


def _row(state, c, m):
    """``R_c(m)``: which XORs ``G(a1) ^ ... ^ G(ac)`` over ``a1 + ... + ac = m`` occur."""
    cache = state.rows.setdefault(c, {})
    row = cache.get(m)
    if row is not None:
        return row
    w = state.width
    vals = np.asarray(state.values[:m], dtype=np.int64)
    row = np.zeros(w, dtype=bool)
    if c == 2:
        if m >= 2:
            row[vals[1:m] ^ vals[m - 1:0:-1]] = True
    elif m >= c:
        below = np.array([_row(state, c - 1, m - a) for a in range(1, m - c + 2)])
        firsts = vals[1:m - c + 2]
        index = np.arange(w)
        for g in np.unique(firsts).tolist():
            row |= below[firsts == g].any(axis=0)[index ^ g]
    cache[m] = row
    return row


def find_period(rules, values):
    """The least period proven from ``values`` (``G(0) ..``) by one of this module's
    theorems, as a :class:`Period`, or ``None``.

    Ordinary periods of rules with a bounded removal and bounded splits of any
    sizes (``rules.t`` is set), by the Guy–Smith theorem with h heaps, and when
    they may leave three heaps or more, arithmetic periods with a saltus 2**m
    (:func:`gamelab.games.tb_saltus.prove_saltus`); arithmetic
    periods of rules with one-heap moves and every removal from some point on
    (:func:`one_heap_tail`), by the relative state.
    """
    if rules.t is not None:
        found = _guy_smith(values, rules.t, max(rules.heaps or 1, 1))
        if found is None and (rules.heaps or 0) >= 3:
            found = prove_saltus(rules, values)
        return found
    tail = one_heap_tail(rules)
    if tail is not None:
        return _relative_state(values, *tail)
    return None


def proof_length(rules, period):
    """How many values the proof of ``period`` reads (``period(limit)`` answers once
    ``limit`` reaches it): what the proof said, else the Guy–Smith window with h heaps."""
    if period.read is not None:
        return period.read
    e, p = period
    h = max(rules.heaps or 1, 1)
    return h * max(e, 1) + (h - 1) * p + (rules.t or 0) + p


def _guy_smith(values, t, h):
    """The least ``(e, p)`` such that ``G(n + p) == G(n)`` for ``e <= n < h*max(e,1) +
    (h-1)*p + t``, all within ``values``."""
    size = len(values)
    best = None
    for p in range(1, size):
        # the preperiod read from the end of what is known, then the bound it needs
        e, s = least_preperiod(values, p, 0, size - p)
        if s != 0:
            continue
        bound = h * max(e, 1) + (h - 1) * p + t
        if bound + p <= size:
            best = Period(e, p, read=bound + p, theorem="Guy–Smith")
            break
    return best


def _relative_state(values, m, take_all):
    """A repeated relative state (module docstring), turned into the least arithmetic
    period of ``values``; ``None`` if no state repeats within them."""
    far = {0} if take_all else set()     # the values of heaps 1 .. n-m-1 (and of taking all)
    b = 1 if take_all else 0             # their mex
    above = set()                        # those above b
    seen = {}
    for n in range(m + 2, len(values)):
        x = values[n - m - 1]            # heap n-m-1 falls far behind at n
        far.add(x)
        if x > b:
            above.add(x)
        while b in far:
            above.discard(b)
            b += 1
        near = tuple(w - b if w >= b else -1 for w in values[n - m:n])
        key = (tuple(sorted(a - b for a in above)), near)
        if key in seen:
            n0, b0 = seen[key]
            if n + (n - n0) > len(values):  # too few values to find the least period
                return None
            return least_period(values, n0, n - n0, b - b0, theorem="relative state")
        seen[key] = (n, b)
    return None
