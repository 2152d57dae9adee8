"""The iterative memoised walk over a game graph, and the error of a cycle.

Both walks below go depth first with a stack of frames, one per position on
the current path: the position, an iterator over its options and the values
of those finished so far.  A frame takes one option at a time; the first
without a value becomes the next frame.  Memory is so linear in the positions
visited (pushing every option would make it quadratic when a game lists its
biggest options first).  ``path`` holds the frames' positions in order: an
option found in it closes a cycle (:class:`LoopyGameError`).  A runaway walk
stops with a ``ValueError`` past ``limit`` positions visited or options held
in the frames' lists.  The cyclic garbage collector is paused meanwhile
(:func:`gamelab._internal.cyclic_gc_paused`).

:mod:`gamelab.engine` runs these walks with the budget in force
(``gamelab.engine.SEARCH_LIMIT``) and re-exports the names extenders use.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable
from itertools import filterfalse, islice
from typing import Any

from ._internal import cyclic_gc_paused, too_many
from ._validate import check_hashable

__all__ = ["LoopyGameError", "unique_options", "call_options", "walk_dag", "plain_walk"]

_DONE = object()
_HELD = "held more than {} options on its path"


class LoopyGameError(ValueError):
    """The positions reachable from a position contain a cycle.

    Impartial game theory as taught here needs every play to end; a game in
    which a position can come back has no Sprague–Grundy value.  The
    attribute ``cycle`` holds the positions of the cycle, first and last equal.
    A note on the error points to :func:`gamelab.loopy_outcome` and its
    companions, which analyse such games (draws included) with Smith's
    generalised Sprague–Grundy function.

    >>> import gamelab as gl
    >>> gl.grundy(lambda n: [(n + 1) % 3], 0)
    Traceback (most recent call last):
    ...
    gamelab.walk.LoopyGameError: the game is loopy: position 0 can be reached again: 0 -> 1 -> 2 -> 0
    positions that repeat may give a draw: gl.loopy_outcome(game, position) says P, N or D (draw); see also gl.loopy_grundy, gl.loopy_winning_moves, gl.loopy_drawing_moves
    >>> gl.loopy_outcome(lambda n: [(n + 1) % 3], 0)
    'D'
    """

    def __init__(self, cycle):
        self.cycle = list(cycle)
        parts = [repr(p) for p in self.cycle]
        if len(parts) > 12:
            parts = parts[:5] + ["..."] + parts[-5:]
        path = " -> ".join(parts)
        super().__init__(
            f"the game is loopy: position {self.cycle[0]!r} can be reached again: {path}"
        )
        self.add_note(
            "positions that repeat may give a draw: gl.loopy_outcome(game, position) says "
            "P, N or D (draw); see also gl.loopy_grundy, gl.loopy_winning_moves, "
            "gl.loopy_drawing_moves"
        )


def unique_options(iterable: Iterable[Any]) -> list:
    """The items of ``iterable`` as a list, repeats removed, first order kept.

    Raises
    ------
    TypeError
        If an option is not hashable (a list where a tuple was meant).

    >>> unique_options([3, 1, 3, 2])
    [3, 1, 2]
    """
    seen = set()
    add = seen.add
    out = []
    for o in iterable:
        size = len(seen)
        try:
            add(o)  # not ``o in seen``: that accepts a set, looking it up as a frozenset
        except TypeError:
            raise TypeError(
                f"options must be hashable positions (tuples, not lists), got {o!r}"
            ) from None
        if len(seen) != size:
            out.append(o)
    return out


def call_options(options: Callable[[Any], Iterable[Any]], position: Hashable) -> Iterable[Any]:
    """``options(position)``, checked to be an iterable of positions.

    Raises
    ------
    TypeError
        If the game's ``options`` returned ``None``, a string or a non-iterable.
    """
    result = options(position)
    if result is None or isinstance(result, (str, bytes)) or not isinstance(result, Iterable):
        raise TypeError(
            f"options({position!r}) must return an iterable of positions, got {result!r}"
        )
    return result


def _cycle(path, pos):
    positions = list(path)
    return LoopyGameError(positions[positions.index(pos):] + [pos])


def _memo_value(memo, root):
    """``memo[root]``, or ``_DONE`` when ``root`` has no value yet."""
    try:
        return memo.get(root, _DONE)
    except TypeError:
        check_hashable(root)
        raise


def _unhashable(pos, kids):
    """The error of an unhashable option among ``kids`` (a ``TypeError``)."""
    try:
        unique_options(kids)
    except TypeError as err:
        return TypeError(f"options of {pos!r}: {err}")
    return None


def walk_dag(memo: dict, root: Hashable, expand: Callable[[Any], tuple],
             finish: Callable[[Any, Any], Any], limit: int) -> Any:
    """Post-order evaluation of ``root`` on an implicit DAG, without recursion.

    ``expand(pos)`` returns ``(children, data)`` (``children`` a list or
    tuple); ``finish(pos, data)`` returns the value of ``pos`` once every
    child is in ``memo``.  At most ``limit`` positions visited and options held.

    >>> walk_dag({}, 5, lambda n: ([n - 1] if n else [], n), lambda n, _: n % 2, 100)
    1
    """
    value = _memo_value(memo, root)
    if value is not _DONE:
        return value
    visited, held, path, stack = 0, 0, {}, []
    known, pos = memo.__contains__, root
    with cyclic_gc_paused():
        while True:
            if pos in path:
                raise _cycle(path, pos)
            visited += 1
            if visited > limit:
                raise too_many(root, limit)
            children, data = expand(pos)
            size = len(children)
            held += size
            if held > limit:
                raise too_many(root, limit, _HELD)
            path[pos] = None
            todo = filterfalse(known, children)
            while True:
                try:
                    kid = next(todo, _DONE)
                except TypeError:
                    raise _unhashable(pos, children) or sys.exc_info()[1] from None
                if kid is not _DONE:
                    stack.append((pos, todo, children, data, size))
                    pos = kid
                    break
                memo[pos] = value = finish(pos, data)
                del path[pos]
                held -= size
                if not stack:
                    return value
                pos, todo, children, data, size = stack.pop()


def plain_walk(memo: dict, root: Hashable, options: Callable[[Any], Iterable[Any]],
               misere: bool, limit: int) -> Any:
    """The plain search: Sprague–Grundy values, or with ``misere`` ``True`` at misère N-positions.

    The same walk as :func:`walk_dag` with the mex (or the misère rule) as
    ``finish``, written out in one loop with no helper call per position.
    Inlined for speed, as the figure "knight 500x500" of
    ``benchmarks/bench_engine.py`` measures: through :func:`walk_dag` (with
    ``expand`` and ``finish`` closures doing the same work) that search takes
    about 1.2 times the CPU time; the "chain of 1,000,000 positions" takes
    the same either way.

    >>> plain_walk({}, 10, lambda n: [n - s for s in (1, 3, 4) if s <= n], False, 100)
    1
    """
    value = _memo_value(memo, root)
    if value is not _DONE:
        return value
    visited, held, path, stack = 0, 0, {}, []
    known, getitem, pos = memo.__contains__, memo.__getitem__, root
    push, pop, step = stack.append, stack.pop, next
    with cyclic_gc_paused():
        while True:
            if pos in path:
                raise _cycle(path, pos)
            visited += 1
            if visited > limit:
                raise too_many(root, limit)
            kids = options(pos)
            kind = type(kids)
            if kind is range:  # a range is a sequence that holds nothing
                size = 0
            else:
                if kind is list:
                    kids = kids[:]  # the game may reuse its list
                elif kind is not tuple:
                    if kids is None or isinstance(kids, (str, bytes)) or not isinstance(kids, Iterable):
                        raise TypeError(f"options({pos!r}) must return an iterable of "
                                        f"positions, got {kids!r}")
                    kids = list(islice(kids, limit - held + 1))  # never past the budget
                size = len(kids)
                held += size
                if held > limit:
                    raise too_many(root, limit, _HELD)
            path[pos] = None
            todo = filterfalse(known, kids)
            while True:
                try:
                    kid = step(todo, _DONE)
                except TypeError:
                    raise _unhashable(pos, kids) or sys.exc_info()[1] from None
                if kid is not _DONE:  # the first option without a value: search it
                    push((pos, todo, kids, size))
                    pos = kid
                    break
                # every option has its value: the position gets its own
                if misere:
                    value = not all(map(getitem, kids)) if kids else True
                else:
                    seen = set(map(getitem, kids))
                    value = len(seen)
                    if value < 8 or value != max(seen) + 1:  # else they are 0 .. value - 1
                        value = 0
                        while value in seen:
                            value += 1
                memo[pos] = value
                path.popitem()
                held -= size
                if not stack:
                    return value
                pos, todo, kids, size = pop()
