"""Proving periods of octal games at research scale: the Guy–Smith check without
a table of every candidate, and a driver that computes just enough values.

:func:`find_period` gives the same answer as
:func:`gamelab.periodicity.guy_smith_period`, in memory that does not grow
with the number of candidate periods, and in time close to one pass over the
values even when the period is not proven yet (where trying every multiple
of the apparent period, each against the whole window, would take time
quadratic in the number of values).  :func:`prove_period` computes values
with the sparse-space kernel (:mod:`gamelab.games.octal_kernel`) and aims
each next length at the window the proof will need.

References
----------
.. [1] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
.. [2] A. Flammenkamp, "Octal games",
   https://wwwhomes.uni-bielefeld.de/achim/octal.html (the published periods).
"""
from __future__ import annotations

import numpy as np

from .._validate import check_int
from .octal_kernel import BACKENDS, SequenceState, compiled, default_backend, extend
from .octal_rules import Rules, check_rules

__all__ = ["find_period", "prove_period"]


def _period_loop(g, L, t, tail, cand_lo, cand_hi, failed_p, failed_x):
    """Candidates p in [cand_lo, cand_hi): the first proven, with the failures it met.

    Returns ``(e, p, nfailed)``; ``p == -1`` when none is proven.  A candidate
    whose last ``tail`` values already differ is skipped; one that fails the
    full window at its last mismatch x is recorded, and its multiples q with
    ``x + q < L`` are skipped (they mismatch at x too).  When the record is
    full, a failure replaces the recorded one farthest from a proof (the one
    needing the most values, ``2(x + 1) + 2p``) if it is nearer: the hint
    names the nearest, not merely the first 64.
    """
    nf = 0
    for i in range(failed_p.shape[0]):
        if failed_p[i] == 0:
            break
        nf += 1
    for p in range(cand_lo, cand_hi):
        b = (L - 2 * p - t) // 2
        if b < 1:
            break
        w = min(tail, L - p - b)
        ok = True
        for j in range(1, w + 1):
            if g[L - j] != g[L - j - p]:
                ok = False
                break
        if not ok:
            continue
        skip = False
        for i in range(nf):
            if p % failed_p[i] == 0 and failed_x[i] + p < L:
                skip = True
                break
        if skip:
            continue
        x = -1
        n = L - 1 - p
        while n >= b:
            if g[n + p] != g[n]:
                x = n
                break
            n -= 1
        if x >= 0:
            if nf < failed_p.shape[0]:
                failed_p[nf] = p
                failed_x[nf] = x
                nf += 1
            else:                       # full: keep the failures nearest to a proof
                worst, most = 0, -1
                for i in range(nf):
                    need = 2 * (failed_x[i] + 1) + 2 * failed_p[i]
                    if need > most:
                        worst, most = i, need
                if 2 * (x + 1) + 2 * p < most:
                    failed_p[worst] = p
                    failed_x[worst] = x
            continue
        n = b - 1
        while n >= 0:
            if g[n + p] != g[n]:
                break
            n -= 1
        return n + 1, p, nf
    return -1, -1, nf


def _period_numpy(g, L, t, tail, cand_lo, cand_hi, failed_p, failed_x):
    nf = int(np.count_nonzero(failed_p))
    ps = np.arange(cand_lo, cand_hi, dtype=np.int64)
    ps = ps[(L - 2 * ps - t) // 2 >= 1]
    bs = (L - 2 * ps - t) // 2
    ws = np.minimum(tail, L - ps - bs)
    for j in range(1, tail + 1):
        if not len(ps):
            break
        keep = (ws < j) | (g[L - j] == g[np.maximum(L - j - ps, 0)])
        ps, ws = ps[keep], ws[keep]
    for p in ps.tolist():
        if any(p % failed_p[i] == 0 and failed_x[i] + p < L for i in range(nf)):
            continue
        b = (L - 2 * p - t) // 2
        bad = np.flatnonzero(g[p:L] != g[:L - p])
        x = int(bad[-1]) if len(bad) else -1
        if x >= b:
            if nf < len(failed_p):
                failed_p[nf], failed_x[nf] = p, x
                nf += 1
            else:                       # full: keep the failures nearest to a proof
                need = 2 * (failed_x[:nf] + 1) + 2 * failed_p[:nf]
                worst = int(np.argmax(need))
                if 2 * (x + 1) + 2 * p < need[worst]:
                    failed_p[worst], failed_x[worst] = p, x
            continue
        return x + 1, p, nf
    return -1, -1, nf


def find_period(values, t, *, length=None, backend=None, hint=False):
    """The least ``(preperiod, period)`` that the values prove (Guy–Smith), or ``None``.

    The same answer as :func:`gamelab.periodicity.guy_smith_period` on
    ``values[:length]``, in memory that does not grow with the number of
    candidate periods: candidates are tried in increasing order, those whose
    last values differ are dropped at once, and when a candidate p fails at
    its last mismatch x, its multiples q (with ``x + q < length``) are
    skipped, since they mismatch at x as well.

    Parameters
    ----------
    values : 1-D numpy integer array
    t : int
        The most tokens a move removes.
    length : int or None
        Use ``values[:length]`` (default: all).
    backend : {"numba", "numpy"} or None
    hint : bool
        Also return, among the candidates that fitted the last values but
        failed, the one that would be proven soonest, as ``(p, x)`` with x
        its last mismatch (or ``None``): if the values stay p-periodic, the
        proof needs ``2 * (x + 1) + 2 * p + t`` values.

    Examples
    --------
    >>> from gamelab.games.octal_kernel import compute_values
    >>> find_period(compute_values(Rules.from_code("0.77"), 168), 2)
    (71, 12)
    """
    if not isinstance(values, np.ndarray) or values.ndim != 1 or not np.issubdtype(values.dtype, np.integer):
        raise TypeError("values must be a 1-D numpy integer array")
    t = check_int(t, "t")
    L = len(values) if length is None else check_int(length, "length", maximum=len(values))
    backend = default_backend() if backend is None else backend
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS} or None, got {backend!r}")
    failed_p = np.zeros(64, dtype=np.int64)
    failed_x = np.zeros(64, dtype=np.int64)
    hi = max((L - t) // 2, 1)
    if backend == "numba":
        e, p, _ = compiled(_period_loop)(values, L, t, 16, 1, hi, failed_p, failed_x)
    else:
        e, p, _ = 0, -1, 0
        step = 1 << 20
        for lo in range(1, hi, step):
            e, p, _ = _period_numpy(values, L, t, 16, lo, min(hi, lo + step), failed_p, failed_x)
            if p >= 0:
                break
    found = (int(e), int(p)) if p >= 0 else None
    if not hint:
        return found
    nf = int(np.count_nonzero(failed_p))
    if not nf:
        return found, None
    need = 2 * (failed_x[:nf] + 1) + 2 * failed_p[:nf] + t
    i = int(np.argmin(need))
    return found, (int(failed_p[i]), int(failed_x[i]))


def prove_period(rules, limit, *, state=None, progress=None, backend=None):
    """Compute values until the Guy–Smith theorem proves the period, or ``limit`` heaps.

    Parameters
    ----------
    rules : Rules
        A finite octal game (:meth:`Rules.from_code
        <gamelab.games.octal_rules.Rules.from_code>`; ``rules.t`` is not ``None``).
    limit : int
        Never compute heaps at or beyond ``limit`` (the caller states how
        big a computation it asks for).
    state : SequenceState or None
        Values already computed (extended in place); a new one by default.
    progress : callable or None
        ``progress(length, target)`` after each chunk of heaps.
    backend : {"numba", "numpy"} or None

    Returns
    -------
    tuple of int or None
        The least ``(preperiod, period)``, proven from the values of the
        first heaps; ``None`` if ``limit`` heaps do not prove one.

    Notes
    -----
    After each check the next length is aimed at: if a candidate period p
    that fits the latest values last failed at heap x, the proof needs
    ``2 * (x + 1) + 2 * p + t`` values, so the computation goes to the
    nearest such length (at least 1/16 further), instead of doubling.

    Examples
    --------
    >>> prove_period(Rules.from_code("0.77"), 1000)
    (71, 12)
    >>> prove_period(Rules.from_code("0.77"), 100) is None
    True
    """
    check_rules(rules)
    if rules.t is None:
        raise ValueError(f"rules {rules!r}: no periodicity theorem applies (t is None: not a "
                         "finite octal game)")
    limit = check_int(limit, "limit")
    if state is None:
        state = SequenceState()
    elif not isinstance(state, SequenceState):
        raise TypeError(f"state must be a SequenceState, got {type(state).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, got {type(progress).__name__}")
    t = rules.t
    target = min(limit, max(state.length, 256))
    while True:
        extend(rules, state, target, progress=progress, backend=backend)
        L = min(state.length, limit)
        found, nearest = find_period(state.values, t, length=L, backend=backend, hint=True)
        if found is not None:
            return found
        if L >= limit:
            return None
        grow = L + max(L // 16, 64)
        if nearest is not None:
            p, x = nearest
            grow = max(grow, 2 * (x + 1) + 2 * p + t)
        else:
            grow = max(grow, 2 * L)
        target = min(limit, grow)
