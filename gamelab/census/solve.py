"""One task of the census: the values of one class of octal codes, computed with
the sparse-space kernel until the Guy–Smith theorem proves a period, or a
limit of values or of CPU seconds is reached.

:func:`solve` is a plain function of plain arguments returning a plain dict,
so that a Dask worker can run it anywhere gamelab is installed; it reads and
writes no file.  The values computed are those of the class's standard form
(:func:`gamelab.census.equivalence.standard_form`); the preperiod is also given for
the class's name, whose values are those of the standard form shifted by
:func:`~gamelab.census.equivalence.cousin_steps` heaps.

*Status.*  ``"trivial"`` when the Guy–Smith window of the name's period fits
in its first :data:`TRIVIAL` values (Czajka's definition, "solved by looking
at the first 1000 nimbers" [2]_), ``"solved"`` when a period is proven from
more values, ``"open"`` when none is proven within the limits.

References
----------
.. [1] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
.. [2] T. Czajka, "Solving octal games", https://github.com/tczajka/octal-games.
"""
from __future__ import annotations

import time
from importlib import metadata

import numpy as np

from .._validate import check_int
from ..games.octal_kernel import SequenceState, compute_values
from ..games.octal_proof import prove_period
from ..games.octal_rules import Rules
from ..periodicity import needed_length
from .equivalence import cousin_steps, standard_form

__all__ = ["solve", "member_period", "TRIVIAL", "STATUSES", "version", "check_seconds"]

#: A period proven from at most this many values of the class's name is trivial.
TRIVIAL = 1000

#: The three outcomes of a task.
STATUSES = ("trivial", "solved", "open")

#: Heaps added at least per step when a time limit is set (the clock is read between steps).
_STEP = 4096


def version() -> str:
    """The installed gamelab version (recorded with every result)."""
    try:
        return metadata.version("gamelab")
    except metadata.PackageNotFoundError:      # run from a source tree that is not installed
        return "unknown"


def check_seconds(seconds, name="seconds"):
    """``seconds`` as a float > 0, or ``None`` (no time limit)."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or None, got "
                        f"{type(seconds).__name__} {seconds!r}")
    if not seconds > 0 or seconds == float("inf"):
        raise ValueError(f"{name} must be a finite number > 0, got {seconds!r}")
    return float(seconds)


#: The CPU clock of this thread, which a class's time limit counts; where the system has
#: none (Python in the browser) the process's CPU clock, the same there (one thread).
_cpu_clock = getattr(time, "thread_time", time.process_time)


class _OutOfTime(Exception):
    pass


def _prove(rules, limit, seconds, state):
    """``prove_period`` with the clock read after every chunk of values.

    With a sparse space a chunk (at most 2**20 heaps) takes a second or two,
    and ``prove_period`` aims its proofs itself.  Without one every heap
    scans all its pairs, a chunk could take minutes, and the values are
    asked for in steps of an eighth more (each proof check is cheap beside
    them).
    """
    if seconds is None:
        return prove_period(rules, limit, state=state)
    deadline = _cpu_clock() + seconds

    def clock(length, target):
        if _cpu_clock() > deadline:
            raise _OutOfTime

    try:
        while True:
            stop = limit if state.space is not None else \
                min(limit, state.length + max(state.length // 8, _STEP))
            found = prove_period(rules, stop, state=state, progress=clock)
            if found is not None or stop >= limit:
                return found
            clock(0, 0)
    except _OutOfTime:
        return None


def _shifted_preperiod(values, preperiod, period, shift):
    """The least preperiod of ``[0] * shift + values`` for ``period``."""
    if preperiod > 0:
        return preperiod + shift
    def at(n):
        return 0 if n < shift else int(values[n - shift])
    e = shift
    while e > 0 and at(e - 1 + period) == at(e - 1):
        e -= 1
    return e


def solve(cls, limit: int, seconds: float | None = None) -> dict:
    """Compute one class: its status, period, and what its values look like.

    Parameters
    ----------
    cls : (standard_form, code, members)
        A :class:`~gamelab.census.equivalence.CodeClass` or a tuple of the same.
    limit : int
        Compute at most this many values.
    seconds : float or None
        Stop after about this many CPU seconds of this thread (checked
        between steps of an eighth more values); ``None``: no time limit.

    Returns
    -------
    dict
        ``standard_form``, ``code``, ``members`` (a tuple), ``status``,
        ``preperiod`` and ``period`` (of ``code``; ``None`` when open),
        ``standard_preperiod``, ``shift``, ``computed`` (values computed),
        ``value_limit``, ``time_limit``, ``largest`` and ``largest_heap``
        (the largest value and its first heap), ``rare_mask``, ``rare_alpha``,
        ``rare_count``, ``last_rare`` (the sparse space in use at the end and
        its rare heaps, ``None`` without one), ``seconds`` (CPU) and
        ``version``.

    Examples
    --------
    >>> r = solve(("0.137", "0.4", ("0.4", "0.07")), 1000)
    >>> r["status"], r["preperiod"], r["period"], r["standard_preperiod"], r["computed"]
    ('trivial', 54, 34, 52, 256)
    >>> solve(("0.6", "0.6", ("0.6",)), 500)["status"]
    'open'
    """
    if isinstance(cls, str) or not isinstance(cls, (tuple, list)) or len(cls) != 3:
        raise TypeError(f"cls must be a class (standard_form, code, members), such as "
                        f"gl.census.classes(1)[0], got {type(cls).__name__} {cls!r:.80}")
    standard, code, members = cls
    limit = check_int(limit, "limit", minimum=1)
    seconds = check_seconds(seconds)
    start = _cpu_clock()
    rules = Rules.from_code(standard)
    state = SequenceState()
    found = _prove(rules, limit, seconds, state)
    length = state.length
    values = state.values[:length]
    shift = cousin_steps(code)
    row = dict(standard_form=standard, code=code, members=tuple(members), status="open",
               preperiod=None, period=None, standard_preperiod=None, shift=shift,
               computed=length, value_limit=limit, time_limit=seconds,
               largest=int(values.max()), largest_heap=int(np.argmax(values)),
               rare_mask=None, rare_alpha=None, rare_count=None, last_rare=None)
    if found is not None:
        e, p = found
        pre = _shifted_preperiod(values, e, p, shift)
        need = needed_length(pre, p, Rules.from_code(code).t)
        row.update(status="trivial" if need <= TRIVIAL else "solved", preperiod=pre, period=p,
                   standard_preperiod=e)
    if state.space is not None:
        mask, alpha, _ = state.space
        rare = state.rare[:int(np.searchsorted(state.rare[:state.nrare], length))]
        row.update(rare_mask=int(mask), rare_alpha=int(alpha), rare_count=len(rare),
                   last_rare=int(rare[-1]) if len(rare) else None)
    row.update(seconds=round(_cpu_clock() - start, 3), version=version())
    return row


def member_period(row, code: str) -> tuple[int, int] | None:
    """The least ``(preperiod, period)`` of any member ``code`` of a solved class.

    Parameters
    ----------
    row : CensusRow or dict
        A row of the census (or a result of :func:`solve`).
    code : str
        A code of the same class (same standard form).

    Returns
    -------
    tuple of int or None
        ``None`` when the class is open.

    Examples
    --------
    >>> r = solve(("0.137", "0.4", ("0.4", "0.07")), 1000)
    >>> member_period(r, "0.4"), member_period(r, "0.42")
    ((54, 34), (54, 34))
    """
    if not (isinstance(row, dict) or hasattr(row, "standard_form")):
        raise TypeError(f"row must be a census row (a CensusRow or the dict solve returns), "
                        f"got {type(row).__name__}")
    get = row.get if isinstance(row, dict) else lambda key: getattr(row, key)
    std = get("standard_form")
    if standard_form(code) != std:
        raise ValueError(f"code: {code!r} is not in the class of {std!r}")
    if get("status") == "open":
        return None
    e, p, shift = get("standard_preperiod"), get("period"), cousin_steps(code)
    values = compute_values(Rules.from_code(std), p + shift + 1) if e == 0 else None
    return _shifted_preperiod(values, e, p, shift), p
