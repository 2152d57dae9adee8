"""The iterative memoised walk over a game graph, and the error of a cycle.

Both walks below go depth first with a stack of frames, one per position on
the current path: the position, an iterator over its options and the values
of those finished so far.  A frame takes one option at a time; the first
without a value becomes the next frame.  Memory is so linear in the positions
visited (pushing every option would make it quadratic when a game lists its
biggest options first).  ``path`` holds the frames' positions in order: an
option found in it closes a cycle (:class:`LoopyGameError`).

A walk keeps to its budget, a :class:`gamelab._internal.Limits`: at most
``positions`` positions visited, at most ``options`` options held at once in
the frames' lists (a ``range`` of options holds none; an iterator is listed
no further than the budget allows), and within the ``work`` of the call
under way (:func:`gamelab._internal.clock`: a unit is a position visited or
an option read, counted every :data:`~gamelab._internal.CHECK_EVERY`
positions), with ``seconds`` of CPU time as its safety net.  Past any of them it
stops with a ``ValueError`` saying which and what to do.  Every position it
visits must be equal to itself (:func:`gamelab._validate.check_self_equal`:
a NaN could never be found again).  The cyclic garbage collector is paused
meanwhile.

:mod:`gamelab.engine` runs these walks with the budget in force
(``gamelab.engine.SEARCH_LIMIT``, ``OPTION_LIMIT``, ``SEARCH_WORK``,
``SEARCH_SECONDS``) and
re-exports the names extenders use.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable
from itertools import filterfalse, islice
from typing import Any

from ._internal import (
    CHECK_EVERY,
    DEFAULT_OPTION_LIMIT,
    Limits,
    clock,
    short_repr,
    too_many,
    too_many_options,
)
from ._validate import SELF_EQUAL_TYPES, check_hashable, check_self_equal

__all__ = ["LoopyGameError", "unique_options", "call_options", "list_options", "walk_dag",
           "plain_walk"]

_DONE = object()
#: The first look at the clock comes after this many positions (a small search never
#: reads it); then one every CHECK_EVERY positions visited, and one every _SCAN_EVERY
#: options read when positions get their values (a search may spend most of its time
#: there, reading long option lists of few positions).
_FIRST_CHECK = 256
_SCAN_EVERY = 1 << 16


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


def unique_options(iterable: Iterable[Any], limit: int = DEFAULT_OPTION_LIMIT,
                   position: Any = None) -> list:
    """The items of ``iterable`` as a list, repeats removed, first order kept.

    At most ``limit`` items are read: an iterable with more is refused (it may
    never end), naming ``position`` (the position whose options they are) when
    it is given.

    Raises
    ------
    TypeError
        If an option is not hashable (a list where a tuple was meant).
    ValueError
        If there are more than ``limit`` options.

    >>> unique_options([3, 1, 3, 2])
    [3, 1, 2]
    """
    kind = type(iterable)
    if kind is range:
        if iterable[limit:limit + 1]:  # len() of a huge range overflows
            raise too_many_options(position, limit, one=True)
    elif kind is list or kind is tuple:
        if len(iterable) > limit:
            raise too_many_options(position, limit, one=True)
    else:
        iterable = list(islice(iterable, limit + 1))  # an endless iterator stops
        if len(iterable) > limit:
            raise too_many_options(position, limit, one=True)
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


def list_options(options: Callable[[Any], Iterable[Any]], position: Hashable,
                 limit: int = DEFAULT_OPTION_LIMIT) -> list:
    """``options(position)`` as a list, checked, repeats removed, at most ``limit`` of them.

    >>> list_options(lambda n: [n - 1, n - 2, n - 1], 5)
    [4, 3]
    """
    return unique_options(call_options(options, position), limit, position)


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


def _check_visit(pos, root):
    """A visited position must be equal to itself (a ValueError naming it otherwise)."""
    if pos is root:
        check_self_equal(pos)
        return
    try:
        check_self_equal(pos, "an option")
    except ValueError as err:
        raise ValueError(f"{err} (an option reached from {short_repr(root)})") from None


def walk_dag(memo: dict, root: Hashable, expand: Callable[[Any], tuple],
             finish: Callable[[Any, Any], Any], limits: Limits | Callable[[], Limits]) -> Any:
    """Post-order evaluation of ``root`` on an implicit DAG, without recursion.

    ``expand(pos)`` returns ``(children, data)`` (``children`` a list or
    tuple); ``finish(pos, data)`` returns the value of ``pos`` once every
    child is in ``memo``.  Within ``limits`` (see the module's notes; or a
    function returning them, called only when a search is needed): the
    options held count the children and, when ``data`` has a length (a heap
    game's moves) and is not ``children``, that length too.

    >>> walk_dag({}, 5, lambda n: ([n - 1] if n else [], n), lambda n, _: n % 2,
    ...          Limits(100, 100, 5.0))
    1
    """
    value = _memo_value(memo, root)
    if value is not _DONE:
        return value
    positions, room, seconds, work = limits if type(limits) is Limits else limits()
    visited, held, path, stack = 0, 0, {}, []
    mark = min(positions, _FIRST_CHECK)
    known, pos = memo.__contains__, root
    scanned, scan_mark = 0, _SCAN_EVERY
    timer, charged = clock(seconds, work), 0  # charged: the units counted so far
    try:
        while True:
            if pos in path:
                raise _cycle(path, pos)
            if type(pos) not in SELF_EQUAL_TYPES:
                _check_visit(pos, root)
            visited += 1
            if visited > mark:
                if visited > positions:
                    raise too_many(root, positions)
                timer.check(root, work=visited + scanned - charged)
                charged = visited + scanned
                mark = min(positions, visited + CHECK_EVERY)
            children, data = expand(pos)
            size = len(children)
            if data is not children and hasattr(data, "__len__"):
                size += len(data)
            held += size
            if held > room:
                raise too_many_options(root, room)
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
                scanned += size
                if scanned > scan_mark:
                    timer.check(root, work=visited + scanned - charged)
                    charged = visited + scanned
                    scan_mark = scanned + _SCAN_EVERY
                if not stack:
                    if timer.depth > 1:
                        timer.tick(visited + scanned - charged, root)
                    return value
                pos, todo, children, data, size = stack.pop()
    finally:
        timer.leave()


def plain_walk(memo: dict, root: Hashable, options: Callable[[Any], Iterable[Any]],
               misere: bool, limits: Limits | Callable[[], Limits]) -> Any:
    """The plain search: Sprague–Grundy values, or with ``misere`` ``True`` at misère N-positions.

    The same walk as :func:`walk_dag` with the mex (or the misère rule) as
    ``finish``, written out in one loop with no helper call per position.
    Inlined for speed, as the figure "knight 500x500" of
    ``benchmarks/bench_engine.py`` measures: through :func:`walk_dag` (with
    ``expand`` and ``finish`` closures doing the same work) that search takes
    about 1.2 times the CPU time; the "chain of 1,000,000 positions" takes
    the same either way.

    >>> plain_walk({}, 10, lambda n: [n - s for s in (1, 3, 4) if s <= n], False,
    ...            Limits(100, 100, 5.0))
    1
    """
    value = _memo_value(memo, root)
    if value is not _DONE:
        return value
    positions, room, seconds, work = limits if type(limits) is Limits else limits()
    visited, held, path, stack = 0, 0, {}, []
    mark = min(positions, _FIRST_CHECK)
    known, getitem, pos = memo.__contains__, memo.__getitem__, root
    push, pop, step = stack.append, stack.pop, next
    plain_types = SELF_EQUAL_TYPES
    scanned, scan_mark = 0, _SCAN_EVERY  # options read when positions get their values
    timer, charged = clock(seconds, work), 0  # charged: the units counted so far
    try:
        while True:
            if pos in path:
                raise _cycle(path, pos)
            if type(pos) not in plain_types:
                _check_visit(pos, root)
            visited += 1
            if visited > mark:
                if visited > positions:
                    raise too_many(root, positions)
                timer.check(root, work=visited + scanned - charged)
                charged = visited + scanned
                mark = min(positions, visited + CHECK_EVERY)
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
                    kids = list(islice(kids, room - held + 1))  # never past the budget
                size = len(kids)
                held += size
                if held > room:
                    raise too_many_options(root, room)
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
                scanned += len(kids)
                if scanned > scan_mark:  # the last steps may read many options, few positions
                    timer.check(root, work=visited + scanned - charged)
                    charged = visited + scanned
                    scan_mark = scanned + _SCAN_EVERY
                if not stack:
                    if timer.depth > 1:
                        timer.tick(visited + scanned - charged, root)
                    return value
                pos, todo, kids, size = pop()
    finally:
        timer.leave()
