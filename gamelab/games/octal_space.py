"""The sparse space of a Grundy sequence: which heaps are rare, and in which
order the kernel tries pairs of heaps.

A heap a is *common* for a space ``(mask, alpha, beta)`` when the number of
1-bits of ``G(a) & mask`` has the parity ``(alpha * a + beta) % 2``, and
*rare* otherwise; two common heaps of total m make values of parity
``alpha * m % 2`` only.  The kernel (:mod:`gamelab.games.octal_kernel`)
lists every pair with a rare heap in it, and tries pairs of common heaps
only until the candidate mex has the other parity.  Nothing here affects the
values, only how fast they come.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("sparse space spells speed").
"""
from __future__ import annotations

import numpy as np

__all__ = ["parity_table", "choose_space", "scan_order", "ORDER_HEAPS"]


def parity_table(mask, size):
    """``table[v]``: the parity of the 1-bits of ``v & mask``, for ``v < size`` (uint8).

    >>> parity_table(0b110, 8).tolist()
    [0, 0, 1, 1, 1, 1, 0, 0]
    """
    v = np.arange(size, dtype=np.int64) & mask
    par = np.zeros(size, dtype=np.int64)
    while v.any():
        par ^= v & 1
        v >>= 1
    return par.astype(np.uint8)


def _rare_of(values, length, space, chunk=1 << 22):
    """The heaps ``1 .. length-1`` that are rare for ``space`` (chunked, bounded memory)."""
    mask, alpha, beta = space
    size = 1 << max(int(values[:length].max()).bit_length() if length else 1, 1)
    par = parity_table(mask, size)
    out = []
    for lo in range(1, length, chunk):
        hi = min(length, lo + chunk)
        idx = np.arange(lo, hi, dtype=np.int64)
        bad = par[values[lo:hi]] != ((alpha * idx + beta) & 1)
        out.append(idx[bad])
    return np.concatenate(out) if out else np.zeros(0, dtype=np.int64)


#: How many masks tied on the recent values are compared on every value so far.
TIED_MASKS = 16


def choose_space(values, length, rules, current=None):
    """The sparse space for the values so far: ``(space, rare)`` or ``(None, None)``.

    Among the masks of the bits of the largest value so far (at most ten) and
    ``alpha`` in 0, 1, those with the fewest rare heaps among the recent
    values are tried (masks that differ only in bits no recent value has tie
    there), and the one with the fewest rare heaps overall is kept, ``current``
    included; no space is used when more than one heap in eight would be rare.
    The choice only affects speed.
    """
    splits = rules.splits
    if not splits or length < 2:
        return None, None
    lo = max(1, length - min(length // 2, 16384))
    g = values[lo:length].astype(np.int64)
    top = int(values[:length].max())
    b = max(1, min(top.bit_length(), 10))
    size = 1 << b
    r = np.arange(size, dtype=np.int64)
    bits = (r[:, None] >> np.arange(b)) & 1
    table = ((bits @ bits.T) & 1).astype(np.uint8)            # [value, mask] -> parity
    pg = table[g & (size - 1)]
    idx = np.arange(lo, length, dtype=np.int64)
    alphas = (0, 1) if len({k & 1 for k, _ in splits}) == 1 else (0,)
    k0 = splits[0][0]
    scored = []
    for alpha in alphas:
        beta = 1 ^ (alpha * k0 & 1)
        expect = ((alpha * idx + beta) & 1).astype(np.uint8)
        count = (pg != expect[:, None]).sum(axis=0)
        count[0] = len(idx) + 1
        scored += [(int(count[m]), (m, alpha, beta)) for m in range(size)]
    least = min(c for c, _ in scored)
    tied = [sp for c, sp in scored if c == least][:TIED_MASKS]
    choice = None
    for sp in tied + ([current] if current is not None else []):
        rare = _rare_of(values, length, sp)
        if choice is None or len(rare) < len(choice[1]):
            choice = (sp, rare)
    space, rare = choice
    if len(rare) * 8 > length:
        return None, None
    return space, rare


#: the most small heaps in the scan order
ORDER_HEAPS = 1 << 16


def scan_order(values, length):
    """Heaps ``1 .. min(length, ORDER_HEAPS) - 1``, those of distinct values first.

    The first heap of each value, then the second of each value, and so on
    (by increasing heap within each round).  Pairs ``(a, m - a)`` taken in
    this order make varied values ``G(a) ^ G(m - a)`` from the start, so the
    small values of the common parity turn up after fewer pairs than in the
    order ``a = 1, 2, 3, ...`` (whose first heaps all have small values).
    Only the speed depends on it.

    >>> scan_order(np.array([0, 1, 1, 2, 0, 1]), 6).tolist()
    [1, 3, 4, 2, 5]
    """
    top = min(length, ORDER_HEAPS)
    if top <= 1:
        return np.zeros(0, dtype=np.int64)
    heaps = np.arange(1, top, dtype=np.int64)
    vals = values[1:top].astype(np.int64)
    by_value = np.argsort(vals, kind="stable")
    sorted_vals = vals[by_value]
    first = np.searchsorted(sorted_vals, sorted_vals, side="left")
    rank = np.empty_like(by_value)
    rank[by_value] = np.arange(len(vals)) - first      # how many earlier heaps share the value
    return heaps[np.lexsort((heaps, rank))]
