"""Small helpers shared inside gamelab: the search budget and its errors, the
clock of the call under way (with the pause of the cyclic garbage collector),
values kept per object, and the one dtype rule.

Package-internal (the search engine, the loopy labelling, the heap games and
the octal kernel, the nimbers import it); nothing here imports another gamelab module.

* :data:`DEFAULT_SEARCH_LIMIT`, :data:`DEFAULT_OPTION_LIMIT`,
  :data:`DEFAULT_SEARCH_WORK`, :data:`DEFAULT_SEARCH_SECONDS` and :class:`Limits` —
  the budget of a search.  The budget in force is ``gamelab.engine.SEARCH_LIMIT``,
  ``OPTION_LIMIT``, ``SEARCH_WORK`` and ``SEARCH_SECONDS`` (settable; read at call
  time by :func:`gamelab.engine.search_budget`); :func:`too_many`,
  :func:`too_many_options`, :func:`too_much_work` and :func:`out_of_time` are the
  errors past it.
* :func:`clock` — the work budget of the call under way in this thread (units of
  work counted, the same on every machine), with a CPU-time safety net.
  The searches build only acyclic data; a collector walking a memo of
  millions of positions again and again costs more than the search, so the
  clock also pauses the cyclic collector while it runs, and restores it after.
* :class:`HeldMoves` — a heap's moves held compactly while a search waits.
* :class:`PerObject` — values kept per object, by identity (never by ``==``:
  two equal objects may have different rules), for as long as it lives
  (the memos of plain callables).
* :func:`memo_store` — the memo dictionaries of a :class:`gamelab.Game`.
* :func:`dtype_for` — the smallest numpy integer dtype for values ``0 .. top``.
* :data:`HAVE_NUMBA`, :func:`compiled` — the compiled loops (octal kernel, nim
  products), where numba is installed.
"""
from __future__ import annotations

import gc
import os
from array import array
from importlib.util import find_spec
import reprlib
import threading
import time
import types
import weakref
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

__all__ = ["DEFAULT_SEARCH_LIMIT", "DEFAULT_OPTION_LIMIT", "DEFAULT_SEARCH_WORK",
           "DEFAULT_SEARCH_SECONDS", "Limits", "CHECK_EVERY", "too_many", "too_many_options",
           "too_much_work", "out_of_time", "short_repr", "Clock",
           "clock", "running_clock", "HeldMoves", "PerObject", "memo_store", "dtype_for", "callable_name",
           "HAVE_NUMBA", "compiled"]

#: Most distinct positions one search may visit: about 100 bytes each in the
#: memo, up to 400 while they stand on one long path (a chain of 1,500,000
#: positions: 600 MB).
DEFAULT_SEARCH_LIMIT = 1_500_000
#: Most options a search may hold at once (the option lists of the positions
#: on its path, a heap game's moves included) and most options listed for one
#: position: about 40 bytes each for int positions (5,000,000: 200 MB).
DEFAULT_OPTION_LIMIT = 5_000_000
#: Most units of work one public call may do (``gamelab.engine.SEARCH_WORK``, whose
#: default this is).  Counted, not timed, so that a call answers or is refused alike
#: on every machine, busy or quiet; some 15-45 s of CPU time on a 2020s core.  A unit is
#:
#: ========================  ====================================================
#: what is counted           where
#: ========================  ====================================================
#: a position visited        every search (``grundy``, ``outcome``, loopy labels)
#: an option read            every search, when a position gets its value
#: a move listed             a heap game's moves (three plus one per heap left)
#: a value computed          sequences: heaps of a subtraction or coin game, the
#:                           pairs of heaps the octal kernel tries (about one a
#:                           nanosecond compiled, so they count one per 64)
#: a step of a quotient      a misère quotient's positions, states and covers
#: ========================  ====================================================
DEFAULT_SEARCH_WORK = 30_000_000
#: Most seconds of CPU time one call may spend: only a safety net, against a user's
#: own ``options`` or ``moves`` function slow enough that the work counted says
#: little about the time (a computation of gamelab's own is stopped by its work).
DEFAULT_SEARCH_SECONDS = 120.0
#: How many positions (or options listed) pass between two looks at the clock.
CHECK_EVERY = 4096


class Limits(NamedTuple):
    """The budget of a search: positions visited, options held at once, CPU seconds (the
    safety net) and units of work (the budget of the whole call)."""

    positions: int
    options: int
    seconds: float
    work: int = DEFAULT_SEARCH_WORK


_short = reprlib.Repr()
_short.maxstring = _short.maxother = 60
_short.maxlong = 60


def short_repr(obj: Any) -> str:
    """``repr(obj)``, shortened to some 60 characters (positions may be huge).

    An integer of more than 60 digits shows its first and last digits and how many
    there are (Python refuses to print one of more than 4,300 digits at all).

    >>> short_repr("H" * 1000)[:8], len(short_repr("H" * 1000)) < 70
    ("'HHHHHHH", True)
    >>> short_repr(-10**5000), short_repr((2**64, 10**70))
    ('-100000000000000000000...00000000000000000000 (5001 digits)', '(18446744073709551616, 100000000000000000000...00000000000000000000 (71 digits))')
    """
    if "repr_int" not in vars(_short):
        def repr_int(x, level):
            n = abs(int(x))
            if n.bit_length() < 190:           # below 10**57: printed in full
                return int.__repr__(int(x))
            digits = int(n.bit_length() * 0.30102999566398120) + 1
            if n < 10 ** (digits - 1):
                digits -= 1
            head, tail = n // 10 ** (digits - 21), n % 10 ** 20
            return (f"{'-' if x < 0 else ''}{int.__repr__(head)}...{tail:020d} "
                    f"({digits} digits)")
        _short.repr_int = repr_int
    return _short.repr(obj)


_WHAT_TO_DO = ("the game may never end, or the position is too big for a plain search; "
               "ask about a smaller position, or raise gamelab.engine.{} ({})")


def too_many(root: Any, limit: int, what: str = "visited more than {} positions") -> ValueError:
    """The error of a search from ``root`` that went past ``limit`` (``what`` says how).

    >>> str(too_many(0, 10)).split(";")[0]
    'the search from 0 visited more than 10 positions without finishing (is the game finite?)'
    """
    return ValueError(
        f"the search from {short_repr(root)} {what.format(limit)} without finishing (is the "
        "game finite?); " + _WHAT_TO_DO.format(
            "SEARCH_LIMIT", "memory grows with it, some 100-400 bytes a position"))


def too_many_options(root: Any, limit: int, one: bool = False) -> ValueError:
    """The error of a search from ``root`` holding more than ``limit`` options at once
    (``one``: the options of ``root`` alone are too many to list).

    >>> str(too_many_options((3, 4), 10, one=True)).split(":")[0]
    'the options of (3, 4) are more than 10, too many to list (or endless)'
    """
    todo = ("ask about a smaller position, or raise gamelab.engine.OPTION_LIMIT (memory "
            "grows with it, some 40 bytes an option)")
    if one:
        whose = "a position" if root is None else short_repr(root)
        return ValueError(f"the options of {whose} are more than {limit}, too many to list (or "
                          f"endless): the position is too big for a plain search; {todo}")
    return ValueError(f"the search from {short_repr(root)} held more than {limit} options at "
                      "once without finishing (is the game finite?); the game may never end, "
                      f"or the position is too big for a plain search; {todo}")


def too_much_work(root: Any, work: int, what: str = "the search from {}") -> ValueError:
    """The error of a call (a search from ``root``, or ``what``, naming ``root``) that did
    its ``work`` units of work without finishing: the same on every machine.

    >>> str(too_much_work(7, 1000)).split(";")[0]
    'the search from 7 did more than 1,000 units of work without finishing (is the game finite?)'
    """
    return ValueError(
        f"{what.format(short_repr(root))} did more than {work:,} units of work without "
        "finishing (is the game finite?); " + _WHAT_TO_DO.format(
            "SEARCH_WORK", "the work one call may do: positions visited, options read, values "
            "computed; the same on every machine"))


def out_of_time(root: Any, seconds: float, what: str = "the search from {}") -> ValueError:
    """The error of a call (a search from ``root``, or ``what``, naming ``root``) that used
    up its ``seconds`` of CPU time: the safety net, for a game whose own functions are slow.

    >>> str(out_of_time(7, 5.0)).split(" (")[0]
    'the search from 7 took more than 5 s of CPU time without finishing'
    """
    return ValueError(
        f"{what.format(short_repr(root))} took more than {seconds:g} s of CPU time "
        "without finishing (the game's own functions are slow, or it never ends); this is "
        "the safety net past the work counted (gamelab.engine.SEARCH_WORK): ask about a "
        "smaller position, make the game's options faster, or raise "
        "gamelab.engine.SEARCH_SECONDS (the CPU time one call may take)")


class Clock:
    """The budget of the call under way in one thread — units of work counted, with a
    CPU-time safety net — and the pause of the cyclic collector meanwhile.

    Searches and the public calls that run them :meth:`enter` the clock and
    :meth:`leave` it; nested entries share the outermost one's budget, so a
    call that runs many searches has one budget for all of them.  The
    searches call :meth:`check` every few thousand units of work, saying how
    many they did since their last call (a small search never does), and
    :meth:`tick` when they finish.  A check past ``work`` units raises
    :func:`too_much_work`: the count, and so the answer or the refusal, is the
    same on every machine however busy.  A check past ``seconds`` of CPU time
    (:func:`time.process_time`, counted from the first check) raises
    :func:`out_of_time`: the safety net, for a game whose own functions are so
    slow that the work counted says little about the time.

    >>> c = Clock()
    >>> c.enter(5.0, 10_000) is c, gc.isenabled(), c.check(0, work=6000), c.work, c.leave(), gc.isenabled()
    (True, False, None, 6000, None, True)
    >>> _ = c.enter(5.0, 10_000)
    >>> c.check(0, work=6000); c.check(0, work=6000)
    Traceback (most recent call last):
    ...
    ValueError: the search from 0 did more than 10,000 units of work without finishing (is the game finite?); ...
    >>> c.leave()
    """

    __slots__ = ("depth", "seconds", "deadline", "steps", "collecting", "work", "work_limit")

    def __init__(self) -> None:
        self.depth, self.seconds, self.deadline, self.steps, self.collecting = 0, 0.0, None, 0, False
        self.work, self.work_limit = 0, DEFAULT_SEARCH_WORK

    def enter(self, seconds: float, work: int | None = None) -> Clock:
        if not self.depth:
            self.seconds, self.deadline, self.steps, self.work = seconds, None, 0, 0
            self.work_limit = DEFAULT_SEARCH_WORK if work is None else work
            self.collecting = gc.isenabled()
            if self.collecting:
                gc.disable()
        self.depth += 1
        return self

    def leave(self) -> None:
        self.depth -= 1
        if not self.depth:
            self.deadline = None
            if self.collecting:
                gc.enable()

    def check(self, root: Any, what: str = "the search from {}", work: int = CHECK_EVERY) -> None:
        """Count ``work`` units done since the last check; raise :func:`too_much_work` once
        the call is past its work, :func:`out_of_time` once it is past its CPU time."""
        self.work += work
        if self.work > self.work_limit:
            raise too_much_work(root, self.work_limit, what)
        now = time.process_time()
        if self.deadline is None:
            self.deadline = now + self.seconds
        elif now > self.deadline:
            raise out_of_time(root, self.seconds, what)

    def left(self) -> int:
        """The units of work the call may still do (a caller sizing a step by its budget)."""
        return max(self.work_limit - self.work, 0)

    def tick(self, steps: int, root: Any) -> None:
        """Count ``steps`` units done by a finished search; check now and then."""
        self.steps += steps
        if self.steps >= CHECK_EVERY:
            steps, self.steps = self.steps, 0
            self.check(root, work=steps)

    def __enter__(self) -> Clock:
        return self

    def __exit__(self, *exc) -> None:
        self.leave()


class _PerThread(threading.local):
    def __init__(self) -> None:
        self.clock = Clock()


_THREADS = _PerThread()


def clock(seconds: float, work: int | None = None) -> Clock:
    """The clock of this thread, entered with a budget of ``seconds`` of CPU time and
    ``work`` units (both kept if a call is under way); use it as ``with clock(seconds,
    work): ...``.

    >>> with clock(5.0, 1000) as c:
    ...     with clock(1.0, 10):
    ...         c.seconds, c.work_limit, gc.isenabled()
    (5.0, 1000, False)
    """
    return _THREADS.clock.enter(seconds, work)


def running_clock() -> Clock | None:
    """The clock of the call under way in this thread, or ``None`` when none is.

    >>> running_clock() is None
    True
    """
    c = _THREADS.clock
    return c if c.depth else None


class HeldMoves:
    """The moves of one heap, held compactly while a search waits for their values.

    ``kids`` are the distinct heaps the moves leave; ``code`` holds each move as
    its size and its heaps' places in ``kids`` (8 bytes an entry, where a list
    of tuples of heaps takes some 150 bytes a move); ``len()`` is the length of
    ``code``, which the search counts in its budget.

    >>> held = HeldMoves([(), (2,), (1, 1)])
    >>> held.kids, list(held.code), len(held), held.mex({2: 2, 1: 1})
    ([2, 1], [0, 1, 0, 2, 1, 1], 6, 1)
    """

    __slots__ = ("kids", "code")

    def __init__(self, moves: Any) -> None:
        place: dict = {}            # heap -> its place in kids, in the order first seen
        code: list = []
        put, add = place.setdefault, code.append
        for m in moves:
            if len(m) == 2:         # the common move, spelled out
                add(2)
                add(put(m[0], len(place)))
                add(put(m[1], len(place)))
            else:
                add(len(m))
                for x in m:
                    add(put(x, len(place)))
        self.kids, self.code = list(place), array("q", code)

    def __len__(self) -> int:
        return len(self.code)

    def mex(self, memo: dict) -> int:
        """The mex of the moves' values, a move's value the XOR of its heaps' values in
        ``memo``."""
        values, code, seen, i = [memo[k] for k in self.kids], self.code, set(), 0
        while i < len(code):
            x, end = 0, i + 1 + code[i]
            for j in code[i + 1:end]:
                x ^= values[j]
            seen.add(x)
            i = end
        m = 0
        while m in seen:
            m += 1
        return m


class PerObject:
    """Values kept per object, by identity, for as long as the object lives.

    ``get(obj, make)`` returns the value kept for ``obj``, made on first use
    by ``make()``; it is dropped when ``obj`` dies (so it must not refer to
    ``obj``, or ``obj`` would never die).  An object that cannot be weakly
    referenced gets a fresh value each time.  The object asked for last is
    answered first, without a dictionary lookup, so that a sweep of queries
    on one object costs little.

    >>> kept = PerObject()
    >>> f = lambda n: []
    >>> kept.get(f, dict) is kept.get(f, dict), len(kept)
    (True, 1)
    """

    def __init__(self) -> None:
        self._items: dict = {}          # id -> (weak reference, value)
        self._last: tuple = (None, None)

    def get(self, obj: Any, make: Callable[[], Any]) -> Any:
        ref, value = self._last
        if ref is not None and ref() is obj:
            return value
        ref, value = self._items.get(id(obj), (None, None))
        if ref is None or ref() is not obj:
            key = id(obj)
            try:
                ref = weakref.ref(obj, lambda r, key=key: self._forget(key, r))
            except TypeError:  # not weakly referenceable: nothing is kept
                return make()
            value = make()
            self._items[key] = ref, value
        self._last = ref, value
        return value

    def _forget(self, key, ref):
        if self._last[0] is ref:
            self._last = (None, None)
        if self._items.get(key, (None,))[0] is ref:
            del self._items[key]

    def __len__(self) -> int:
        return len(self._items)


def memo_store(owner: Any, kind: str) -> dict:
    """The memo of ``kind`` kept in ``owner.__dict__`` (a :class:`gamelab.Game`): it lives as
    long as the owner."""
    return owner.__dict__.setdefault("_gamelab_memo", {}).setdefault(kind, {})


def dtype_for(top: int) -> type:
    """The smallest numpy integer dtype for values ``0 .. top``: the one rule.

    >>> dtype_for(255), dtype_for(256), dtype_for(2**16)
    (<class 'numpy.uint8'>, <class 'numpy.uint16'>, <class 'numpy.int64'>)
    """
    return np.uint8 if top < 2**8 else np.uint16 if top < 2**16 else np.int64


_NAMED = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, type)


def callable_name(obj: Any, default: str | None = None) -> str | None:
    """The ``__name__`` of a function, method or class, else ``default``.

    >>> callable_name(len), callable_name(lambda: 0), callable_name(3, "?")
    ('len', '<lambda>', '?')
    """
    return obj.__name__ if isinstance(obj, _NAMED) else default


# ---------------------------------------------------------------------------
# compiled loops

#: Whether numba (the optional "fast" extra) is installed and not left out by the
#: environment variable ``GAMELAB_NO_NUMBA=1``: the compiled loops run where it is.
HAVE_NUMBA = (find_spec("numba") is not None
              and os.environ.get("GAMELAB_NO_NUMBA", "") in ("", "0"))

_compiled = {}


def compiled(func):
    """``func`` compiled by numba (once, cached on disk), for the ``"numba"`` backend."""
    key = func.__module__ + "." + func.__qualname__
    if key not in _compiled:
        try:  # lazy: numba is optional, and importing it takes longer than importing gamelab
            import numba
        except ImportError:
            raise ValueError("backend 'numba' needs numba (pip install 'gamelab[fast]')") from None
        _compiled[key] = numba.njit(cache=True, nogil=True)(func)
    return _compiled[key]
