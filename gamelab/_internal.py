"""Small helpers shared inside gamelab: the search budget's error, the pause of
the cyclic garbage collector, values kept per object, and the one dtype rule.

Package-internal (the search engine, the loopy labelling, the heap games and
the octal kernel import it); nothing here imports another gamelab module.

* :data:`DEFAULT_SEARCH_LIMIT` and :func:`too_many` — the budget of a search
  and the error past it.  The budget in force is ``gamelab.engine.SEARCH_LIMIT``
  (settable; read at call time through :func:`gamelab.engine.search_limit`).
* :func:`cyclic_gc_paused` — the searches build only acyclic data; a collector
  walking a memo of millions of positions again and again costs more than
  the search, so it is paused meanwhile and restored after.
* :class:`PerObject` — values kept per object, by identity (never by ``==``:
  two equal objects may have different rules), for as long as it lives
  (the memos of plain callables).
* :func:`memo_store` — the memo dictionaries of a :class:`gamelab.Game`.
* :func:`dtype_for` — the smallest numpy integer dtype for values ``0 .. top``.
"""
from __future__ import annotations

import contextlib
import gc
import types
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["DEFAULT_SEARCH_LIMIT", "too_many", "cyclic_gc_paused", "PerObject", "memo_store",
           "dtype_for", "callable_name"]

#: Largest number of distinct positions one search may visit (and of options
#: it may hold on its path) before it gives up: a few seconds and a few
#: hundred MB, where an endless game would run until memory is gone.
DEFAULT_SEARCH_LIMIT = 1_500_000


def too_many(root: Any, limit: int, what: str = "visited more than {} positions") -> ValueError:
    """The error of a search from ``root`` that went past ``limit`` (``what`` says how).

    >>> str(too_many(0, 10)).split(";")[0]
    'the search from 0 visited more than 10 positions without finishing'
    """
    return ValueError(
        f"the search from {root!r} {what.format(limit)} without finishing; is the "
        "game finite?  If it is, ask about a smaller position, or raise "
        "gamelab.engine.SEARCH_LIMIT (memory grows with it)"
    )


@contextlib.contextmanager
def cyclic_gc_paused():
    """Pause the cyclic garbage collector inside the ``with`` block, then restore its state.

    >>> with cyclic_gc_paused():
    ...     gc.isenabled()
    False
    """
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


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
