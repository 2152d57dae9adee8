"""Take-and-break (heap) games.

:class:`HeapGame` is a take-and-break game: a move replaces one heap by a
tuple of heaps (``()`` removes it, ``(a, b)`` splits it in two).  The value of
such an option is the XOR of its heaps' values, so the search only ever needs
the values of single heaps.  A position of a heap game is one heap, whatever
its type (an int, a ``(w, h)`` rectangle, ...); several heaps together are a
:class:`Heaps` value, made by :meth:`HeapGame.heaps`.
"""
from __future__ import annotations

import numbers
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import numpy as np

from ._internal import CHECK_EVERY, HeldMoves, callable_name, dtype_for, running_clock
from ._validate import check_bool, check_int, check_position
from .board import Stones
from .engine import (
    Game,
    Outcome,
    call_options,
    game_memo,
    option_limit,
    search_clock,
    search_dag,
    search_outcome,
    too_many_options,
    unique_options,
    xor_values,
)

__all__ = ["HeapGame", "Heaps", "check_heap"]


def _sort_key(heap):
    return (type(heap).__name__, heap) if isinstance(heap, (int, tuple)) else (type(heap).__name__, repr(heap))


def _sorted_heaps(heaps):
    try:
        return sorted(heaps, key=_sort_key)
    except TypeError:
        return sorted(heaps, key=repr)


class Heaps(tuple):
    """Several heaps of one :class:`HeapGame`, taken together as one position.

    A tuple (it compares, hashes and prints as the tuple of its heaps), marked
    as a collection, so that a heap which is itself a tuple — a ``(w, h)``
    rectangle — is never mistaken for two heaps.  The options of a heap are
    ``Heaps`` (the heaps a move leaves) and so are the options of a ``Heaps``
    (a move acts on one of its heaps): the plain search of
    :func:`gamelab.search_grundy` walks a heap game through them.  Make one
    with :meth:`HeapGame.heaps`.
    """

    __slots__ = ()


def heaps_of(position: Hashable) -> tuple:
    """The heaps of a validated position of a :class:`HeapGame`: those of a
    :class:`Heaps`, or the one heap.

    >>> heaps_of(Heaps((3, 5))), heaps_of(7), heaps_of((2, 1))
    ((3, 5), (7,), ((2, 1),))
    """
    return tuple(position) if isinstance(position, Heaps) else (position,)


def check_heap(heap: Any) -> Hashable:
    """The default check of a heap: any hashable value equal to itself; a number must be a
    non-negative int.

    Raises
    ------
    TypeError
        For ``bool``, non-integral numbers and unhashable values.
    ValueError
        For negative integers and values not equal to themselves.

    Examples
    --------
    >>> check_heap(7), check_heap((2, 1)), check_heap("row")
    (7, (2, 1), 'row')
    >>> check_heap(-1)
    Traceback (most recent call last):
    ...
    ValueError: heap must be >= 0, got -1
    """
    if type(heap) is int and heap >= 0:  # the common case, at once
        return heap
    if isinstance(heap, (bool, numbers.Integral)):
        return check_int(heap, "heap")
    if isinstance(heap, numbers.Number):
        raise TypeError(f"heap must be an integer when it is a number, got {type(heap).__name__} {heap!r}")
    return check_position(heap, "heap")


def _moves_error(err, heap):
    """``err``, raised inside the user's ``moves(heap)``, said to come from there.

    A ``TypeError`` or ``ValueError`` (the usual sign of a heap that ``moves``
    cannot read) becomes one of the same type whose message names
    ``moves(heap)``; any other exception keeps its type and gets a note.
    """
    if type(err) in (TypeError, ValueError):
        said = type(err)(f"moves({heap!r}) raised {type(err).__name__}: {err} "
                         f"(is {heap!r} a heap of this game?)")
        said.__cause__ = err
        return said
    err.add_note(f"raised inside moves({heap!r})")
    return err


class HeapGame(Game):
    """A take-and-break game on heaps.

    Parameters
    ----------
    moves : callable
        ``moves(heap)`` yields tuples of heaps that may replace ``heap``:
        ``()`` removes it, ``(a,)`` shrinks it, ``(a, b)`` splits it.
    name : str, optional
        Shown in tables and plots.
    validate_heap : callable, optional
        ``validate_heap(heap)`` returns the heap in canonical form or raises
        ``TypeError``/``ValueError``.  The default, :func:`check_heap`, accepts
        any hashable heap (an int, a ``(w, h)`` rectangle, a string, ...),
        numbers only as non-negative ints.

    A position is one heap, whatever its type; the value of an option is the
    XOR of the values of its heaps.  Several heaps are one position as
    :meth:`heaps` (or as a :class:`Sum` of copies of the game); a plain
    tuple is never read as several heaps.  An exception raised inside
    ``moves`` is reported as coming from ``moves(heap)``.

    :class:`HeapGame` handles positions of several heaps in one place; a
    subclass with a closed form or a fast sequence overrides the heap-level
    hook :meth:`heap_grundy` (the value of one heap) and never sees
    :class:`Heaps`.

    See Also
    --------
    Sum : several games side by side.
    gamelab.TakeAndBreak : heap games given by an octal code, with fast sequences.

    Examples
    --------
    >>> import gamelab as gl
    >>> def lasker(n):                  # take any number, or split in two
    ...     for k in range(1, n + 1):
    ...         yield (n - k,) if k < n else ()
    ...     for a in range(1, n // 2 + 1):
    ...         yield (a, n - a)
    >>> g = gl.HeapGame(lasker, name="Lasker")
    >>> [g.grundy(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> gl.winning_moves(g, 3)        # take all three
    [()]
    >>> g.outcome_of((3, 4))          # 4 ^ 3 != 0
    'N'
    >>> gl.search_grundy(g, g.heaps(3, 4))    # search over collections, no XOR rule
    7

    Heaps may be rectangles (the cutting game of POJ 2311):

    >>> cut = gl.HeapGame(lambda r: [((a, r[1]), (r[0] - a, r[1])) for a in range(1, r[0])]
    ...                            + [((r[0], b), (r[0], r[1] - b)) for b in range(1, r[1])])
    >>> gl.grundy(cut, (2, 1)), gl.grundy(cut, (2, 2)), gl.grundy(cut, (3, 1))
    (1, 1, 0)
    """

    name = "heap game"

    def __init__(self, moves: Callable[[Any], Iterable[tuple]], *, name: str | None = None,
                 validate_heap: Callable[[Any], Any] | None = None) -> None:
        if not callable(moves):
            raise TypeError(f"moves must be a callable heap -> iterable of tuples, got {moves!r}")
        self._moves = moves
        if name is not None:
            if not isinstance(name, str):
                raise TypeError(f"name must be a str, got {name!r}")
            self.name = name
        if validate_heap is not None and not callable(validate_heap):
            raise TypeError(f"validate_heap must be a callable heap -> heap, got {validate_heap!r}")
        self._validate_heap = validate_heap

    def __repr__(self):
        return f"HeapGame({callable_name(self._moves, self._moves)!r})"

    # -- positions: one heap, or several as Heaps ------------------------------------
    def validate_heap(self, heap):
        """Return ``heap`` in canonical form if it is one heap of this game, else raise."""
        if self._validate_heap is not None:
            return self._validate_heap(heap)
        return check_heap(heap)

    def heaps(self, *heaps: Hashable) -> Heaps:
        """Several heaps as one position of this game (a :class:`Heaps`).

        >>> import gamelab as gl
        >>> gl.Kayles().heaps(4, 1, 3)
        (1, 3, 4)
        >>> gl.grundy(gl.Kayles(), gl.Kayles().heaps(4, 1, 3))     # 1 ^ 3 ^ 1
        3
        """
        return Heaps(_sorted_heaps([self.validate_heap(h) for h in heaps]))

    def validate(self, heap):
        """A position is one heap, or several heaps made by :meth:`heaps`.

        A plain tuple (or list) is never read as several heaps: it is one heap, if
        the game's heaps may be tuples (rectangles), and refused otherwise, with the
        spelling of the position it may have meant.

        >>> import gamelab as gl
        >>> gl.Kayles().validate([3, 4])
        Traceback (most recent call last):
        TypeError: heap must be an integer, got list [3, 4]; several heaps are one position made by game.heaps(3, 4): gl.Kayles().heaps(3, 4)
        """
        if isinstance(heap, Heaps):
            return self.heaps(*heap)
        try:
            return self.validate_heap(heap)
        except (TypeError, ValueError) as err:
            if type(heap) not in (tuple, list) or not self._all_heaps(heap):
                raise
            spelled = ", ".join(map(repr, heap))
            maker = "" if type(self) is HeapGame else f": gl.{self!r}.heaps({spelled})"
            raise type(err)(f"{err}; several heaps are one position made by "
                            f"game.heaps({spelled}){maker}") from None

    def _all_heaps(self, items):
        try:
            for h in items:
                self.validate_heap(h)
        except (TypeError, ValueError):
            return False
        return True

    def moves(self, heap: Hashable) -> list[Heaps]:
        """The options of a position as tuples of heaps, duplicates removed."""
        return self.options(heap)

    def heap_move_count(self, heap: Hashable) -> int | None:
        """How many moves one validated heap has, when a rule says so without listing them
        (a heap with more than ``OPTION_LIMIT`` is refused at once).  Default ``None``."""
        return None

    def heap_options_of_value(self, heap: Hashable, value: int) -> list | None:
        """The moves of one validated heap that leave heaps of XOR ``value``, in move order,
        when a rule gives them at any size.  Default ``None``: list the moves and compare."""
        return None

    def _checked_moves(self, heap):
        """The moves of one heap as the tuples ``moves`` gives, each checked, repeats kept.

        They count against ``OPTION_LIMIT`` as options do, a move as three plus one per
        heap it leaves (its tuple, its heaps, its place among those seen): a heap with
        more, or endless moves, is refused, and the listing counts in the call's work.
        Each heap is checked once for the game (a check is pure).
        """
        room = option_limit()
        count = self.heap_move_count(heap)
        if count is not None and count > room:
            raise too_many_options(heap, room, one=True)
        try:
            found = self._moves(heap)
        except Exception as err:  # the user's function failed on this heap: say so
            raise _moves_error(err, heap)  # noqa: B904 - the cause is set there
        if type(found) not in (list, tuple):
            found = call_options(lambda _h: found, heap)
        items = iter(found)
        units, charged, clock = 0, 0, running_clock()
        mark = min(room, CHECK_EVERY)
        ints = self._validate_heap is None  # check_heap takes every int >= 0
        valid = game_memo(self, "valid heaps")
        while True:
            try:
                m = next(items)
            except StopIteration:
                return
            except Exception as err:  # raised while the user's moves were listed
                raise _moves_error(err, heap)  # noqa: B904
            if type(m) is not tuple and not isinstance(m, tuple):
                raise TypeError(
                    f"moves({heap!r}) must yield tuples of heaps, got {type(m).__name__} {m!r}"
                )
            units += 3 + len(m)
            if units > mark:
                if units > room:
                    raise too_many_options(heap, room, one=True)
                if clock is not None:
                    clock.check(heap, "listing the moves of {}", work=units - charged)
                    charged = units
                mark = min(room, units + CHECK_EVERY)
            for h in m:
                if ints and type(h) is int and h >= 0:
                    continue
                try:
                    if h in valid:
                        continue
                except TypeError:  # unhashable: the check below says so
                    pass
                try:
                    self.validate_heap(h)
                except (TypeError, ValueError) as err:
                    raise type(err)(f"moves({heap!r}) gave the move {m!r}, whose heap {h!r} "
                                    f"is not a heap of this game: {err}") from None
                valid[h] = None
            yield m

    def _heap_moves(self, heap):
        """The moves of one heap as :class:`Heaps`, checked (:meth:`_checked_moves`),
        repeats removed."""
        out, seen = [], set()
        for m in self._checked_moves(heap):
            move = Heaps(m)
            order = None  # two heaps of one plain type: compared directly
            if len(m) == 2 and type(m[0]) is type(m[1]) and type(m[0]) in (int, tuple):
                try:
                    order = m[0] <= m[1]
                except TypeError:
                    order = None
            if len(m) < 2 or order:
                key = move  # already in order
            elif order is False:
                key = (m[1], m[0])
            else:
                try:
                    key = tuple(sorted(m, key=_sort_key))
                except TypeError:
                    key = m
                key = move if key == m else key  # one tuple kept per move, not two
            if key not in seen:
                seen.add(key)
                out.append(move)
        return out

    def options(self, heap):
        """The options of a heap are the :class:`Heaps` its moves leave; those of several
        heaps are :meth:`multiset_options` (a move acts on one heap)."""
        position = self.validate(heap)
        if isinstance(position, Heaps):
            return self.multiset_options(position)
        return self._heap_moves(position)

    # -- values ------------------------------------------------------------------------
    def heap_grundy(self, heap):
        """The value of one validated heap: the hook subclasses override with closed forms
        or fast sequences.  Default: a search over single heaps (an option's value is
        the XOR of its heaps' values)."""
        memo = game_memo(self, "heap")

        def expand(h):  # repeats kept: a repeated move changes no mex
            moves = HeldMoves(self._checked_moves(h))
            return moves.kids, moves

        def finish(h, moves):
            return moves.mex(memo)

        return search_dag(memo, heap, expand, finish)

    def _xor(self, heaps):
        return xor_values(map(self.heap_grundy, heaps))

    def grundy(self, heap):
        """The value of a heap, or of :meth:`heaps` (the XOR of :meth:`heap_grundy`)."""
        return self._xor(heaps_of(self.validate(heap)))

    def without_shortcuts(self):
        """The same rules as a plain :class:`HeapGame`: values by search only.

        Closed forms and fast sequences of subclasses are not used, so this is
        the reference they are tested against.
        """
        return HeapGame(self._moves, name=self.name, validate_heap=self._validate_heap)

    def value_of(self, heaps: tuple) -> int:
        """Value of a tuple of heaps: the XOR of their values."""
        if not isinstance(heaps, tuple):
            raise TypeError(f"heaps must be a tuple of heaps, got {heaps!r}")
        return self._xor([self.validate_heap(h) for h in heaps])

    def grundy_sequence(self, n: int) -> np.ndarray:
        """Values of the heaps ``0 .. n-1`` (at most 10**7) as a 1-D numpy integer array,
        within one call's work (``gamelab.engine.SEARCH_WORK``: a unit per heap, and the
        searches' own)."""
        n = check_int(n, "n", maximum=10**7)
        with search_clock() as clock:
            vals = []
            for h in range(n):
                if h and not h % CHECK_EVERY:
                    clock.check(h, "the values of heaps up to {}")
                vals.append(self.heap_grundy(self.validate_heap(h)))
        return np.array(vals, dtype=dtype_for(max(vals, default=0)))

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """Proven ``(preperiod, period)``; a general heap game has no theorem to prove one.

        Octal games (:class:`gamelab.TakeAndBreak`) override this with the
        Guy–Smith periodicity theorem.  A :class:`HeapGame` built from an
        arbitrary ``moves`` function returns ``None``: nothing proves that a
        pattern seen below ``limit`` goes on forever.
        """
        return super().period(limit)

    # -- outcomes ----------------------------------------------------------------------
    def outcome(self, heap, *, misere=False):
        check_bool(misere, "misere")
        heaps = heaps_of(self.validate(heap))
        if misere:
            return self._misere_outcome(heaps)
        return "P" if self._xor(heaps) == 0 else "N"

    def options_of_value(self, heap, value):
        """The options of one heap of value ``value``, through :meth:`heap_options_of_value`
        (``None`` for several heaps, or when the hook does not know)."""
        position, value = self.validate(heap), check_int(value, "value")
        if isinstance(position, Heaps):
            return None
        found = self.heap_options_of_value(position, value)
        return None if found is None else [Heaps(m) for m in found]

    def winning_moves(self, heap, *, misere=False):
        check_bool(misere, "misere")
        if not misere:
            found = self.options_of_value(heap, 0)
            if found is not None:
                return found
        moves = self.options(heap)
        if misere:
            return [m for m in moves if self._misere_outcome(m) == "P"]
        return [m for m in moves if self._xor(map(self.validate_heap, m)) == 0]

    def board(self, heap):
        """Numbered rows of pins, when the heaps are ints (else ``None``)."""
        heaps = heaps_of(self.validate(heap))
        if all(type(h) is int for h in heaps):
            return Stones(heaps, word="row", unit="pin")
        return None

    # misère play of a collection of heaps: a search over multisets
    def _canonical(self, heaps):
        return Heaps(_sorted_heaps([h for h in heaps if self._heap_moves(h)]))

    def multiset_options(self, heaps):
        """Options of a collection of heaps (a move acts on one heap).

        Heaps with no move are dropped: they never matter again.
        """
        heaps = self._canonical([self.validate_heap(h) for h in heaps])
        out = []
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1:]
            for m in self._heap_moves(h):
                out.append(self._canonical(rest + tuple(m)))
        return unique_options(out)

    def _misere_outcome(self, heaps):
        heaps = tuple(self.validate_heap(h) for h in heaps)
        game = self.__dict__.get("_multiset_game")
        if game is None:  # one persistent callable, so its memo lives as long as self
            game = self.__dict__["_multiset_game"] = self.multiset_options
        return search_outcome(game, self._canonical(heaps), misere=True)

    def outcome_of(self, heaps: tuple, *, misere: bool = False) -> Outcome:
        """Outcome of a collection of heaps (a tuple), normal or misère play."""
        check_bool(misere, "misere")
        if not isinstance(heaps, tuple):
            raise TypeError(f"heaps must be a tuple of heaps, got {heaps!r}")
        if misere:
            return self._misere_outcome(heaps)
        return "P" if self.value_of(heaps) == 0 else "N"
