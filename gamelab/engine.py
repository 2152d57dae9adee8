"""The search engine: mex, nim-sum, Sprague–Grundy values, outcomes, winning moves.

A *game* is either an object with a method ``options(position)`` returning an
iterable of positions, or a plain callable ``position -> iterable of
positions``.  Positions must be hashable.

The search is iterative (an explicit stack, so a chain of a million positions
needs no recursion), memoised per game object (values are remembered for as
long as the game object lives) and detects cycles, which raise
:class:`LoopyGameError` naming the cycle.

A game object may offer faster routes of its own: methods ``grundy(position)``,
``outcome(position, *, misere=False)`` and ``winning_moves(position, *,
misere=False)``.  The public functions :func:`grundy`, :func:`outcome` and
:func:`winning_moves` use them when present.  The ``search_*`` functions ignore
every fast path and use nothing but ``options``: they are the plain search
against which every closed form in gamelab is tested.

**For extenders** (modules that add games or theorems on top of the search):
:func:`check_game`, :func:`options_function`, :func:`call_options` and
:func:`unique_options` read a game's options; :func:`own_method` asks
whether a game answers a question itself; :func:`game_memo` is a game's
memo; :func:`search_dag` is the iterative post-order walk with cycle
detection; :func:`mex_of_set` and :func:`xor_values` are the unchecked mex and
XOR.  They skip argument checks, so public functions built on them must
check their own arguments.

References
----------
.. [1] R. Sprague, "Über mathematische Kampfspiele", Tôhoku Math. J. 41 (1935).
.. [2] P. M. Grundy, "Mathematics and games", Eureka 2 (1939).
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), chapters 3–4.
"""
from __future__ import annotations

import contextlib
import gc
import sys
import weakref
from collections.abc import Callable, Hashable, Iterable
from itertools import filterfalse, islice
from typing import Any, Literal, Union

from ._validate import check_bool, check_hashable
from .values import mex, mex_of_set, nim_sum, xor_values

__all__ = [
    "LoopyGameError", "Game", "mex", "nim_sum", "grundy", "outcome", "winning_moves",
    "search_grundy", "search_outcome", "search_winning_moves", "game_options", "SEARCH_LIMIT",
    # for extenders: the building blocks of the search, unchecked and fast
    "check_game", "options_function", "call_options", "unique_options", "own_method",
    "game_memo", "search_dag", "mex_of_set", "xor_values",
]

#: Largest number of distinct positions one search may visit (and of options
#: it may hold on its path) before it gives up with a ``ValueError``: a few
#: seconds and a few hundred MB, where an endless game would run until memory
#: is gone.  Raise it (``gamelab.engine.SEARCH_LIMIT = ...``) for bigger games.
SEARCH_LIMIT = 1_500_000

#: A position of a game: any hashable value.
Position = Hashable
#: A game: an object with ``options(position)`` or a callable ``position -> options``.
GameLike = Union["Game", Callable[[Any], Iterable[Any]]]
#: ``"P"`` (the previous player wins) or ``"N"`` (the next player wins).
Outcome = Literal["P", "N"]


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
    gamelab.engine.LoopyGameError: the game is loopy: position 0 can be reached again: 0 -> 1 -> 2 -> 0
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


class Game:
    """Base class of gamelab's games.

    A subclass defines ``options(position)`` and, where it has one,
    ``validate(position)`` returning the position in canonical form or raising
    ``TypeError``/``ValueError``.  It may override ``grundy``, ``outcome`` and
    ``winning_moves`` with closed forms; the defaults search.
    """

    #: short name used in tables and widgets
    name = "game"

    def options(self, position: Position) -> Iterable[Position]:  # pragma: no cover - abstract
        raise NotImplementedError

    def validate(self, position: Position) -> Position:
        """Return ``position`` if it is a position of this game, else raise."""
        return check_hashable(position)

    def grundy(self, position: Position) -> int:
        """Sprague–Grundy value of ``position`` (plain search unless overridden)."""
        return search_grundy(self, self.validate(position))

    def outcome(self, position: Position, *, misere: bool = False) -> Outcome:
        """``"P"`` or ``"N"`` (normal play unless ``misere=True``)."""
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return search_outcome(self, position, misere=True)
        return "P" if self.grundy(position) == 0 else "N"

    def winning_moves(self, position: Position, *, misere: bool = False) -> list:
        """All options of ``position`` that are P-positions, in option order."""
        check_bool(misere, "misere")
        position = self.validate(position)
        return [o for o in unique_options(self.options(position))
                if self.outcome(o, misere=misere) == "P"]

    def __repr__(self):
        return f"{type(self).__name__}()"


# ---------------------------------------------------------------------------
# games as objects or callables

# memos of callables, per object (by identity, never by ``==``): id -> (weak reference, memo)
_callable_memos: dict = {}


_FunctionType = type(lambda: None)


def _plain_function(game):
    """True for a Python function without an ``options`` attribute (the common case)."""
    return type(game) is _FunctionType and "options" not in game.__dict__


def check_game(game: Any) -> GameLike:
    """Return ``game`` if it is a game (an object with ``options`` or a callable), else raise.

    Raises
    ------
    TypeError
        Naming the argument ``game`` and what it got.
    """
    if type(game) is _FunctionType:
        return game
    if game is None or isinstance(game, (str, bytes, int, float, tuple, list, set, dict)):
        raise TypeError(
            "game must be an object with an options(position) method or a callable "
            f"position -> options, got {type(game).__name__} {game!r}"
        )
    if hasattr(game, "options") and callable(game.options):
        return game
    if callable(game):
        return game
    raise TypeError(
        "game must be an object with an options(position) method or a callable "
        f"position -> options, got {type(game).__name__}"
    )


def options_function(game: GameLike) -> Callable[[Any], Iterable[Any]]:
    """The callable ``position -> options`` of a (checked) game."""
    if _plain_function(game):
        return game
    if hasattr(game, "options") and callable(getattr(game, "options")):
        return game.options
    return game


def own_method(game: GameLike, name: str) -> Callable[..., Any] | None:
    """The game's own method ``name`` (a closed form or a faster route), or ``None``.

    This is the one test of "does the game answer this itself?": a game object
    (one with ``options``) that has a callable attribute ``name``.  Plain
    callables have none.

    >>> import gamelab as gl
    >>> own_method(gl.Bash(3), "grundy") is not None, own_method(lambda n: [], "grundy")
    (True, None)
    """
    if _plain_function(game):
        return None
    own = getattr(game, name, None)
    if own is not None and callable(own) and hasattr(game, "options"):
        return own
    return None


def game_options(game: GameLike, position: Position) -> list:
    """The options of ``position`` as a list, duplicates removed, order kept."""
    game = check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    else:
        check_hashable(position)
    return unique_options(call_options(options_function(game), position))


def unique_options(iterable: Iterable[Any]) -> list:
    """The items of ``iterable`` as a list, repeats removed, first order kept.

    Raises
    ------
    TypeError
        If an option is not hashable (a list where a tuple was meant).
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


def call_options(options: Callable[[Any], Iterable[Any]], position: Position) -> Iterable[Any]:
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


# the memo store of the callable game used last, so that a sweep of queries on
# one callable finds its memo without a weak-dictionary lookup each time
_last_memo = (None, None)


def _forget_memo(key, ref):
    global _last_memo
    if _last_memo[0] is ref:
        _last_memo = (None, None)
    if _callable_memos.get(key, (None,))[0] is ref:
        del _callable_memos[key]


def game_memo(game: GameLike, kind: str) -> dict:
    """The dictionary in which ``game`` remembers values of ``kind``.

    It lives as long as the game object: a :class:`Game` keeps it in its
    ``__dict__``, a callable in a dictionary by identity (never by ``==``: two
    equal objects may have different rules), dropped when the object dies.
    """
    global _last_memo
    if isinstance(game, Game):
        store = game.__dict__.setdefault("_gamelab_memo", {})
    else:
        ref, store = _last_memo
        if ref is None or ref() is not game:
            ref, store = _callable_memos.get(id(game), (None, None))
            if ref is None or ref() is not game:
                try:
                    ref = weakref.ref(game, lambda r, key=id(game): _forget_memo(key, r))
                except TypeError:  # not weak-referenceable: no reuse
                    return {}.setdefault(kind, {})
                store = {}
                _callable_memos[id(game)] = ref, store
            _last_memo = (ref, store)
    return store.setdefault(kind, {})


# ---------------------------------------------------------------------------
# the iterative search
#
# Both searches below walk the game depth first with a stack of frames, one
# per position on the current path: the position, an iterator over its
# options and the values of those finished so far.  A frame takes one option
# at a time; the first without a value becomes the next frame.  Memory is so
# linear in the positions visited (pushing every option would make it
# quadratic when a game lists its biggest options first).  ``path`` holds the
# frames' positions in order: an option found in it closes a cycle.  A runaway
# search stops with a ``ValueError`` past ``SEARCH_LIMIT`` positions visited
# or options held in the frames' lists.  The cyclic garbage collector is
# paused meanwhile: the search makes no cycles, and a collector walking a memo
# of millions of positions again and again costs more than the search.

_DONE = object()


def _too_many(root, what="visited more than {} positions"):
    return ValueError(
        f"the search from {root!r} {what.format(SEARCH_LIMIT)} without finishing; is the "
        "game finite?  If it is, ask about a smaller position, or raise "
        "gamelab.engine.SEARCH_LIMIT (memory grows with it)"
    )


def _cycle(path, pos):
    positions = list(path)
    return LoopyGameError(positions[positions.index(pos):] + [pos])


@contextlib.contextmanager
def _cyclic_gc_paused():
    """Pause the cyclic garbage collector (see above) and restore its state."""
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


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


def search_dag(memo: dict, root: Position, expand: Callable[[Any], tuple], finish: Callable[[Any, Any], Any]) -> Any:
    """Post-order evaluation of ``root`` on an implicit DAG, without recursion.

    ``expand(pos)`` returns ``(children, data)`` (``children`` a list or
    tuple); ``finish(pos, data)`` returns the value of ``pos`` once every
    child is in ``memo``.  Memory and limits as for the plain search (above).
    """
    value = _memo_value(memo, root)
    if value is not _DONE:
        return value
    limit, visited, held, path, stack = max(SEARCH_LIMIT, 1), 0, 0, {}, []
    known, pos = memo.__contains__, root
    with _cyclic_gc_paused():
        while True:
            if pos in path:
                raise _cycle(path, pos)
            visited += 1
            if visited > limit:
                raise _too_many(root)
            children, data = expand(pos)
            size = len(children)
            held += size
            if held > limit:
                raise _too_many(root, "held more than {} options on its path")
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


def _plain_search(memo, root, options, misere):
    """The search behind :func:`search_grundy` and :func:`search_outcome`.

    The same walk as :func:`search_dag`, written out in one loop (no helper call
    per position): with ``misere=False`` the memo holds Sprague–Grundy values,
    with ``misere=True`` it holds ``True`` for misère N-positions.
    """
    value = _memo_value(memo, root)
    if value is not _DONE:
        return value
    limit, visited, held, path, stack = max(SEARCH_LIMIT, 1), 0, 0, {}, []
    known, getitem, pos = memo.__contains__, memo.__getitem__, root
    push, pop, step = stack.append, stack.pop, next
    with _cyclic_gc_paused():
        while True:
            if pos in path:
                raise _cycle(path, pos)
            visited += 1
            if visited > limit:
                raise _too_many(root)
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
                    raise _too_many(root, "held more than {} options on its path")
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


def search_grundy(game: GameLike, position: Position) -> int:
    """Sprague–Grundy value by plain memoised search over ``options`` only.

    Fast paths of the game object are ignored: this is the reference that
    closed forms are tested against.

    >>> search_grundy(lambda n: [n - s for s in (1, 3, 4) if s <= n], 10)
    1
    >>> chain = lambda n: [n - 1] if n else []
    >>> search_grundy(chain, 10**6)
    0
    """
    game = check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    return _plain_search(game_memo(game, "grundy"), position, options_function(game), False)


def search_outcome(game: GameLike, position: Position, *, misere: bool = False) -> Outcome:
    """``"P"`` or ``"N"`` by plain search (misère: a player who cannot move wins)."""
    check_bool(misere, "misere")
    if not misere:
        return "P" if search_grundy(game, position) == 0 else "N"
    game = check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    options = options_function(game)
    memo = game_memo(game, "misere")  # True means N-position
    return "N" if _plain_search(memo, position, options, True) else "P"


def search_winning_moves(game: GameLike, position: Position, *, misere: bool = False) -> list:
    """Options of ``position`` that are P-positions, by plain search."""
    check_bool(misere, "misere")
    search_outcome(game, position, misere=misere)  # fills the memo, checks the position
    game = check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    return [o for o in unique_options(call_options(options_function(game), position))
            if search_outcome(game, o, misere=misere) == "P"]


# ---------------------------------------------------------------------------
# the public entry points

def grundy(game: GameLike, position: Position) -> int:
    """Sprague–Grundy value of ``position`` in ``game``.

    Parameters
    ----------
    game : object with ``options(position)``, or callable
        The game.  If it has its own ``grundy(position)`` method (a closed
        form), that is used.
    position : hashable
        A position of the game.

    Returns
    -------
    int
        0 exactly at P-positions.

    Examples
    --------
    >>> import gamelab as gl
    >>> gl.grundy(lambda n: [n - s for s in (1, 3, 4) if s <= n], 10)
    1
    >>> [gl.grundy(lambda n: [n - s for s in (1, 3, 4) if s <= n], n) for n in range(9)]
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    """
    if _plain_function(game):
        return search_grundy(game, position)
    game = check_game(game)
    own = own_method(game, "grundy")
    if own is not None:
        return own(position)
    return search_grundy(game, position)


def outcome(game: GameLike, position: Position, *, misere: bool = False) -> Outcome:
    """``"P"`` if the previous player wins, ``"N"`` if the next player wins.

    Parameters
    ----------
    game : game object or callable
    position : hashable
    misere : bool, keyword-only
        Misère play: the player who cannot move *wins*.

    Examples
    --------
    >>> import gamelab as gl
    >>> take123 = lambda n: [n - k for k in (1, 2, 3) if k <= n]
    >>> gl.outcome(take123, 21), gl.outcome(take123, 20)
    ('N', 'P')
    >>> gl.outcome(take123, 0), gl.outcome(take123, 0, misere=True)
    ('P', 'N')
    """
    check_bool(misere, "misere")
    if _plain_function(game):
        found = _plain_search(game_memo(game, "misere" if misere else "grundy"), position, game, misere)
        return "P" if not found else "N"
    game = check_game(game)
    own = own_method(game, "outcome")
    if own is not None:
        return own(position, misere=misere)
    if misere:
        return search_outcome(game, position, misere=True)
    return "P" if grundy(game, position) == 0 else "N"


def winning_moves(game: GameLike, position: Position, *, misere: bool = False) -> list:
    """All options of ``position`` that are P-positions, in a deterministic order.

    Empty when ``position`` is itself a P-position.

    >>> import gamelab as gl
    >>> gl.winning_moves(lambda n: [n - k for k in (1, 2, 3) if k <= n], 21)
    [20]
    """
    check_bool(misere, "misere")
    game = check_game(game)
    own = own_method(game, "winning_moves")
    if own is not None:
        return own(position, misere=misere)
    return search_winning_moves(game, position, misere=misere)
