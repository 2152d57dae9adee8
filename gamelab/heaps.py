"""Sums of games and take-and-break (heap) games.

:class:`Sum` is the disjunctive sum: a position is a tuple of component
positions and a move changes exactly one component.  Its value is the XOR of
the components' values — the Sprague–Grundy theorem.

:class:`HeapGame` is a take-and-break game: a move replaces one heap by a
tuple of heaps (``()`` removes it, ``(a, b)`` splits it in two).  The value of
such an option is the XOR of its heaps' values, so the search only ever needs
the values of single heaps.
"""
from __future__ import annotations

import numpy as np

from ._validate import check_bool, check_hashable, check_int
from .engine import (
    Game,
    call_options,
    check_game,
    game_memo,
    mex_of_set,
    search_dag,
    unique_options,
    grundy,
    outcome,
    search_outcome,
)

__all__ = ["Sum", "HeapGame"]


def _component_options(game, position):
    if isinstance(game, Game):
        position = game.validate(position)
    options = game.options if hasattr(game, "options") else game
    return unique_options(call_options(options, position))


class Sum(Game):
    """The disjunctive sum of games.

    Parameters
    ----------
    *games : game objects or callables
        The components; at least one.

    A position is a tuple with one position per component; a move changes
    exactly one component.  :func:`gamelab.grundy` of a sum is the XOR of the
    components' values (Sprague–Grundy theorem) and
    :func:`gamelab.winning_moves` returns whole sum positions.

    Misère play (``misere=True``, the player who cannot move wins) uses the
    SJ theorem (:func:`gamelab.misere.sj_outcome`) when every component meets
    its condition from its position on — Nim positions count as their
    separate heaps, and games such as :class:`gamelab.Bash` are checked via
    their proven period, others by a search of that component alone — and a
    plain misère search of the whole sum otherwise.

    Examples
    --------
    >>> import gamelab as gl
    >>> s = gl.Sum(gl.Bash(3), gl.Bash(5), gl.Bash(7))
    >>> gl.grundy(s, (9, 10, 14))
    3
    >>> gl.winning_moves(s, (9, 10, 14))
    [(6, 10, 14), (9, 10, 13)]
    >>> gl.outcome(s, (1, 1, 1), misere=True), gl.outcome(s, (9, 10, 14), misere=True)
    ('P', 'N')
    >>> gl.winning_moves(gl.Sum(gl.Nim(), gl.Bash(2)), ((1, 1), 2), misere=True)
    [((1, 1), 1)]

    References
    ----------
    .. [1] R. Sprague (1935), P. M. Grundy (1939): the value of a sum.
    .. [2] 贾志豪, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》 (2009): the SJ
       theorem for misère sums.
    """

    name = "sum"

    def __init__(self, *games):
        if not games:
            raise ValueError("Sum needs at least one game")
        self.games = tuple(check_game(g) for g in games)

    def __repr__(self):
        return f"Sum({', '.join(repr(g) for g in self.games)})"

    def validate(self, position):
        if not isinstance(position, tuple):
            raise TypeError(
                f"position of a Sum must be a tuple of {len(self.games)} component "
                f"positions, got {type(position).__name__} {position!r}"
            )
        if len(position) != len(self.games):
            raise ValueError(
                f"position of a Sum must have {len(self.games)} components, got {len(position)}"
            )
        out = []
        for g, p in zip(self.games, position):
            if isinstance(g, Game):
                p = g.validate(p)
            else:
                check_hashable(p, "component position")
            out.append(p)
        return tuple(out)

    def options(self, position):
        position = self.validate(position)
        for i, (g, p) in enumerate(zip(self.games, position)):
            for o in _component_options(g, p):
                yield position[:i] + (o,) + position[i + 1:]

    def component_values(self, position):
        """The Sprague–Grundy value of each component."""
        position = self.validate(position)
        return [grundy(g, p) for g, p in zip(self.games, position)]

    def grundy(self, position):
        x = 0
        for v in self.component_values(position):
            x ^= v
        return x

    def outcome(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if not misere:
            return "P" if self.grundy(position) == 0 else "N"
        from .misere import sj_outcome, sj_values

        values = sj_values(self, position)
        if values is not None:
            return sj_outcome(values)
        return search_outcome(self, position, misere=True)

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return [o for o in unique_options(self.options(position))
                    if self.outcome(o, misere=True) == "P"]
        values = self.component_values(position)
        total = 0
        for v in values:
            total ^= v
        moves = []
        if total == 0:
            return moves
        for i, (g, p, v) in enumerate(zip(self.games, position, values)):
            target = total ^ v  # options may also have a larger value than v
            if target == v:
                continue
            for o in _component_options(g, p):
                if grundy(g, o) == target:
                    moves.append(position[:i] + (o,) + position[i + 1:])
        return moves


def _sort_key(heap):
    return (type(heap).__name__, heap) if isinstance(heap, (int, tuple)) else (type(heap).__name__, repr(heap))


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
        ``TypeError``/``ValueError``.  The default accepts non-negative ints.

    Positions are single heaps; the value of an option is the XOR of the
    values of its heaps.

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
    """

    name = "heap game"

    def __init__(self, moves, *, name=None, validate_heap=None):
        if not callable(moves):
            raise TypeError(f"moves must be a callable heap -> iterable of tuples, got {moves!r}")
        self._moves = moves
        if name is not None:
            if not isinstance(name, str):
                raise TypeError(f"name must be a str, got {name!r}")
            self.name = name
        self._validate_heap = validate_heap

    def __repr__(self):
        return f"HeapGame({getattr(self._moves, '__name__', self._moves)!r})"

    # -- positions -----------------------------------------------------------
    def validate_heap(self, heap):
        """Return ``heap`` in canonical form if it is one heap of this game, else raise."""
        if self._validate_heap is not None:
            return self._validate_heap(heap)
        return check_int(heap, "heap")

    def validate(self, heap):
        """A position is one heap or, as an option leaves it, a tuple of heaps.

        A tuple that is not itself a heap is a collection of heaps (its
        heaps are checked and sorted); so the plain search of
        :func:`gamelab.search_grundy` works on a heap game too, over
        collections of heaps, without the XOR rule.
        """
        try:
            return self.validate_heap(heap)
        except (TypeError, ValueError) as err:
            if not isinstance(heap, tuple):
                raise
            as_heap = err
        try:
            parts = tuple(self.validate_heap(h) for h in heap)
        except (TypeError, ValueError):
            if isinstance(as_heap, ValueError):  # shaped like a heap, with a bad value
                raise as_heap from None
            raise
        try:
            return tuple(sorted(parts, key=_sort_key))
        except TypeError:
            return parts

    def _is_collection(self, position):
        """Whether a validated position is a collection of heaps (not one heap)."""
        if not isinstance(position, tuple):
            return False
        try:
            self.validate_heap(position)
        except (TypeError, ValueError):
            return True
        return False

    def moves(self, heap):
        """The options of ``heap`` as tuples of heaps, duplicates removed."""
        heap = self.validate(heap)
        return self._heap_moves(heap)

    def _heap_moves(self, heap):
        out = []
        seen = set()
        for m in call_options(self._moves, heap):
            if not isinstance(m, tuple):
                raise TypeError(
                    f"moves({heap!r}) must yield tuples of heaps, got {type(m).__name__} {m!r}"
                )
            try:
                key = tuple(sorted(m, key=_sort_key))
            except TypeError:
                key = m
            if key in seen:
                continue
            seen.add(key)
            out.append(m)
        return out

    def options(self, heap):
        """The options of a heap are tuples of heaps (:meth:`moves`); those of a
        collection of heaps are collections (:meth:`multiset_options`)."""
        position = self.validate(heap)
        if self._is_collection(position):
            return self.multiset_options(position)
        return self._heap_moves(position)

    # -- values ----------------------------------------------------------------
    def grundy(self, heap):
        heap = self.validate(heap)
        if self._is_collection(heap):
            return self.value_of(heap)
        memo = game_memo(self, "heap")

        def expand(h):
            ms = self._heap_moves(h)
            kids = unique_options(x for m in ms for x in m)
            return kids, ms

        def finish(h, ms):
            vals = set()
            for m in ms:
                x = 0
                for part in m:
                    x ^= memo[part]
                vals.add(x)
            return mex_of_set(vals)

        return search_dag(memo, heap, expand, finish)

    def without_shortcuts(self):
        """The same rules as a plain :class:`HeapGame`: values by search only.

        Closed forms and fast sequences of subclasses are not used, so this is
        the reference they are tested against.
        """
        return HeapGame(self._moves, name=self.name, validate_heap=self._validate_heap)

    def value_of(self, heaps):
        """Value of a tuple of heaps: the XOR of their values."""
        if not isinstance(heaps, tuple):
            raise TypeError(f"heaps must be a tuple of heaps, got {heaps!r}")
        x = 0
        for h in heaps:
            x ^= self.grundy(h)
        return x

    def grundy_sequence(self, n):
        """Values of the heaps ``0 .. n-1`` as a 1-D numpy integer array."""
        n = check_int(n, "n")
        vals = [self.grundy(h) for h in range(n)]
        top = max(vals, default=0)
        dtype = np.uint8 if top < 2**8 else np.uint16 if top < 2**16 else np.int64
        return np.array(vals, dtype=dtype)

    def period(self, limit=None):
        """Proven ``(preperiod, period)``; a general heap game has no theorem to prove one.

        Octal games (:class:`gamelab.TakeAndBreak`) override this with the
        Guy–Smith periodicity theorem.  A :class:`HeapGame` built from an
        arbitrary ``moves`` function returns ``None``: nothing proves that a
        pattern seen below ``limit`` goes on forever.
        """
        if limit is not None:
            check_int(limit, "limit")
        return None

    # -- outcomes ----------------------------------------------------------------
    def outcome(self, heap, *, misere=False):
        check_bool(misere, "misere")
        heap = self.validate(heap)
        heaps = heap if self._is_collection(heap) else (heap,)
        if misere:
            return self._misere_outcome(heaps)
        return "P" if self.value_of(heaps) == 0 else "N"

    def winning_moves(self, heap, *, misere=False):
        check_bool(misere, "misere")
        heap = self.validate(heap)
        moves = (self.multiset_options(heap) if self._is_collection(heap)
                 else self._heap_moves(heap))
        if misere:
            return [m for m in moves if self._misere_outcome(m) == "P"]
        return [m for m in moves if self.value_of(m) == 0]

    # misère play of a collection of heaps: a search over multisets
    def _canonical(self, heaps):
        live = [h for h in heaps if self._heap_moves(h)]
        try:
            live.sort(key=_sort_key)
        except TypeError:
            live.sort(key=repr)
        return tuple(live)

    def multiset_options(self, heaps):
        """Options of a collection of heaps (a move acts on one heap).

        Heaps with no move are dropped: they never matter again.
        """
        heaps = self._canonical(heaps)
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
        return search_outcome(game, self._canonical(tuple(heaps)), misere=True)

    def outcome_of(self, heaps, *, misere=False):
        """Outcome of a collection of heaps (a tuple), normal or misère play."""
        check_bool(misere, "misere")
        if not isinstance(heaps, tuple):
            raise TypeError(f"heaps must be a tuple of heaps, got {heaps!r}")
        if misere:
            return self._misere_outcome(heaps)
        return "P" if self.value_of(heaps) == 0 else "N"
