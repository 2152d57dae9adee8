"""The search engine: the game protocol, Sprague–Grundy values, outcomes, winning moves.

A *game* is a :class:`Game` — an object whose class declares every question
gamelab may ask of a game, each with a default meaning "not known" — or
anything :func:`as_game` turns into one: a plain callable ``position ->
iterable of positions``, or a duck-typed object with a method
``options(position)``.  Positions must be hashable.

The search is iterative (an explicit stack, so a chain of a million positions
needs no recursion), memoised per game object (values are remembered for as
long as the game object lives) and detects cycles, which raise
:class:`LoopyGameError` naming the cycle.

The public functions :func:`grundy`, :func:`outcome` and :func:`winning_moves`
ask the game (its closed forms, if it has any).  The ``search_*`` functions
ignore every fast path and use nothing but ``options``: they are the plain
search against which every closed form in gamelab is tested.

**For extenders** (modules that add games or theorems on top of the search):
:func:`as_game` makes any game a :class:`Game`; :func:`check_game`,
:func:`options_function`, :func:`call_options` and :func:`unique_options`
read a game's options; :func:`game_memo` is a game's memo;
:func:`search_dag` is the iterative post-order walk with cycle detection;
:func:`search_budget` is the budget in force (:func:`search_limit` and
:func:`option_limit` its parts) and :func:`search_clock` the CPU-time clock of
the call under way; :func:`mex_of_set` and :func:`xor_values` are the
unchecked mex and XOR.  They skip argument checks, so public functions built
on them must check their own arguments.

**The budget.**  A search visits at most :data:`SEARCH_LIMIT` positions and holds
at most :data:`OPTION_LIMIT` options at once (one position's are listed up to that
many); a public call does at most :data:`SEARCH_WORK` units of work, counted, so it
answers or is refused alike on every machine, with :data:`SEARCH_SECONDS` of CPU
time as a safety net.  Past any of them a ``ValueError`` says which and what to do.

References
----------
.. [1] R. Sprague, "Über mathematische Kampfspiele", Tôhoku Math. J. 41 (1935).
.. [2] P. M. Grundy, "Mathematics and games", Eureka 2 (1939).
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), chapters 3–4.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, Literal, Union

from . import walk
from ._internal import (
    DEFAULT_OPTION_LIMIT,
    DEFAULT_SEARCH_LIMIT,
    DEFAULT_SEARCH_SECONDS,
    DEFAULT_SEARCH_WORK,
    Clock,
    Limits,
    PerObject,
    callable_name,
    clock,
    memo_store,
    too_many_options,
)
from ._validate import SELF_EQUAL_TYPES, check_bool, check_int, check_position
from .values import mex, mex_of_set, nim_sum, xor_values
from .walk import LoopyGameError, call_options, plain_walk, walk_dag

if TYPE_CHECKING:
    from .board import Board

__all__ = [
    "LoopyGameError", "Game", "as_game", "mex", "nim_sum", "grundy", "outcome", "winning_moves",
    "search_grundy", "search_outcome", "search_winning_moves", "game_options", "checked_position",
    "SEARCH_LIMIT",
    "OPTION_LIMIT", "SEARCH_WORK", "SEARCH_SECONDS",
    # for extenders: the building blocks of the search, unchecked and fast
    "check_game", "options_function", "call_options", "unique_options", "list_options",
    "game_memo", "search_dag", "search_limit", "option_limit", "search_work", "search_seconds",
    "search_budget", "search_clock", "too_many_options", "mex_of_set", "xor_values",
]

#: Most distinct positions one search may visit before it gives up with a
#: ``ValueError``.  A position costs some 100 bytes in the memo, up to 400 while
#: it stands on one long path (a chain of 1,500,000 positions: 600 MB).  Raise
#: it (``gamelab.engine.SEARCH_LIMIT = ...``) for bigger games.
SEARCH_LIMIT = DEFAULT_SEARCH_LIMIT
#: Most options one search may hold at once (the option lists of the positions on its
#: path; a heap game's: its moves and their heaps), and list for one position: some 40
#: bytes each for ints (5,000,000: 200 MB).  Listing every option largest first, as
#: Nim's heap n lists n - 1, ..., 0, a game holds n (n + 1) / 2: it answers to n = 3,000.
OPTION_LIMIT = DEFAULT_OPTION_LIMIT
#: Most units of work one public call may do, the same on every machine, quiet or busy
#: (what counts: :data:`gamelab._internal.DEFAULT_SEARCH_WORK`).  Raise it for more.
SEARCH_WORK = DEFAULT_SEARCH_WORK
#: Most seconds of CPU time (:func:`time.process_time`) one public call may spend: a
#: safety net for a game whose own ``options`` are slow (scaled with a raised work).
SEARCH_SECONDS = DEFAULT_SEARCH_SECONDS

#: A position of a game: any hashable value.
Position = Hashable
#: A game: a :class:`Game`, an object with ``options(position)`` or a callable ``position -> options``.
GameLike = Union["Game", Callable[[Any], Iterable[Any]]]
#: ``"P"`` (the previous player wins) or ``"N"`` (the next player wins).
Outcome = Literal["P", "N"]


def search_limit() -> int:
    """The most positions one search may visit: ``SEARCH_LIMIT``, read now (at least 1)."""
    return max(SEARCH_LIMIT, 1)


def option_limit() -> int:
    """The most options held at once, or listed for a position: ``OPTION_LIMIT``, read now."""
    return max(OPTION_LIMIT, 1)


def search_work() -> int:
    """The most units of work one call may do: ``SEARCH_WORK``, read now (at least 1)."""
    return max(SEARCH_WORK, 1)


def search_budget() -> Limits:
    """The budget in force, read now: the four attributes above, as a ``Limits``.

    >>> search_budget()
    Limits(positions=1500000, options=5000000, seconds=120.0, work=30000000)
    """
    return Limits(search_limit(), option_limit(), search_seconds(), search_work())


def search_seconds() -> float:
    """The safety net, read now: ``SEARCH_SECONDS``, scaled up with a raised ``SEARCH_WORK``."""
    return max(float(SEARCH_SECONDS), 0.0) * max(1.0, search_work() / DEFAULT_SEARCH_WORK)


def search_clock() -> Clock:
    """The budget clock of this thread, entered with ``SEARCH_SECONDS`` and ``SEARCH_WORK``
    (or the call's under way): ``with search_clock() as c: ... c.check(position, work=n)``
    counts the ``n`` units a loop of an extender did."""
    return clock(search_seconds(), search_work())


def unique_options(iterable: Iterable[Any], position: Any = None) -> list:
    """The items of ``iterable`` as a list, repeats removed, first order kept; at most
    ``OPTION_LIMIT`` of them (:func:`gamelab.walk.unique_options`)."""
    return walk.unique_options(iterable, option_limit(), position)


def list_options(options: Callable[[Any], Iterable[Any]], position: Any) -> list:
    """``options(position)`` as a list, checked, repeats removed, at most ``OPTION_LIMIT``."""
    return walk.list_options(options, position, option_limit())


class Game:
    """The game protocol: every question gamelab asks of a game, with its default.

    A subclass defines :meth:`options` and, where it knows more, overrides
    other hooks.  Each default means "not known" and is always right: the
    value hooks search, the others return ``None`` and the consumer falls
    back on a search of its own.  Every override must agree with the plain
    search (``gl.search_grundy`` and its companions); the tests check that.

    >>> import gamelab as gl
    >>> class Take12(gl.Game):
    ...     def options(self, n):
    ...         return [n - k for k in (1, 2) if k <= n]
    >>> g = Take12()
    >>> gl.grundy(g, 7), g.board(7), g.components(7), g.always_ends
    (1, None, None, False)
    """

    #: short name used in tables, widgets and the rows of a sum
    name = "game"
    #: ``True``: every play ends, from every position, so :meth:`grundy` is exact
    #: and the loopy analysis (:mod:`gamelab.loopy`) trusts it instead of labelling.
    always_ends: bool = False

    def options(self, position: Position) -> Iterable[Position]:  # pragma: no cover - abstract
        """The positions one move reaches from ``position``: the rules (required)."""
        raise NotImplementedError

    def validate(self, position: Position) -> Position:
        """``position`` in canonical form, else ``TypeError``/``ValueError`` naming the fault.

        Called first by every public function (through :func:`checked_position`).
        Default: any hashable value equal to itself (a NaN is not: it could never be
        found again).  A game whose positions are tuples reads a list as the tuple it
        spells (:func:`gamelab._validate.as_tuple`: a list is never a position itself).
        """
        return check_position(position)

    def position_hint(self, position: Any) -> str | None:
        """What a position of this game is, and the call that makes one, in words added to
        the message when :meth:`validate` refuses ``position`` at a public entry point
        (:func:`checked_position`).  Default ``None``: the refusal says enough.

        >>> import gamelab as gl
        >>> gl.FibonacciNim().position_hint(1000)
        'a position of Fibonacci Nim is a pair (heap, limit): the stones left and the most the next move may take; a heap of 1000 starts at gl.FibonacciNim().start(1000), which is (1000, 999)'
        """
        return None

    def grundy(self, position: Position) -> int:
        """The Sprague–Grundy value (:func:`grundy`, sums, the SJ theorem).  Default: search."""
        return search_grundy(self, position)

    def outcome(self, position: Position, *, misere: bool = False) -> Outcome:
        """``"P"`` or ``"N"``, misère play if ``misere`` (:func:`outcome`, the play widget).

        Default: from :meth:`grundy`; misère play by search.
        """
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return search_outcome(self, position, misere=True)
        return "P" if self.grundy(position) == 0 else "N"

    def winning_moves(self, position: Position, *, misere: bool = False) -> list:
        """The options that are P-positions, in option order (:func:`winning_moves`; sums
        for value 0).  Default: the :meth:`outcome` of each option."""
        check_bool(misere, "misere")
        position = self.validate(position)
        return [o for o in list_options(self.options, position)
                if self.outcome(o, misere=misere) == "P"]

    def options_of_value(self, position: Position, value: int) -> list | None:
        """The options of value ``value``, in option order, when a rule gives them at any
        size (the winning moves of a :class:`gamelab.Sum`).  Default ``None``: the
        consumer lists the options and compares their values."""
        return None

    def components(self, position: Position) -> list | None:
        """A sum's pairs ``(game, position)`` (the SJ theorem, the loopy sum rule, the
        board of a sum).  Default ``None``: not a sum."""
        return None

    def sj_values(self, position: Position) -> list | None:
        """The values of the atoms when ``position`` is a sum of atoms meeting the SJ
        condition (a Nim position: its heaps; :mod:`gamelab.misere`).  Default
        ``None``: not known, the game is one atom."""
        return None

    def sj_condition(self, position: Position) -> bool | None:
        """The SJ condition from ``position`` on: ``True`` proven, ``False`` it fails.
        Default ``None``: not known (:func:`gamelab.misere.sj_condition` searches)."""
        return None

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """The proven least ``(preperiod, period)`` of a one-heap game's values, from heaps
        below ``limit`` at most (the explorers).  Default ``None``: nothing proven."""
        if limit is not None:
            check_int(limit, "limit")
        return None

    def move_label(self, position: Position, option: Position) -> str | None:
        """The move from ``position`` to ``option`` in words.  Default ``None``: the
        display derives words from the two boards (:meth:`board`)."""
        return None

    def board(self, position: Position) -> Board | None:
        """A description from :mod:`gamelab.board` (``Stones``, ``Coins``, ``Steps``, ...)
        that the display draws.  Default ``None``: the position is shown as text."""
        return None

    def __repr__(self):
        return f"{type(self).__name__}()"


# ---------------------------------------------------------------------------
# any game as a Game

_FunctionType = type(lambda: None)
#: the questions a duck-typed object may answer itself
_DUCK_HOOKS = ("options", "grundy", "outcome", "winning_moves")


def _plain_function(game):
    """True for a Python function without an ``options`` attribute (the common case)."""
    return type(game) is _FunctionType and "options" not in game.__dict__


def _own_answers(game):
    """The hooks of ``_DUCK_HOOKS`` that ``game`` has as callable attributes.

    The one place gamelab looks a method up by its name: a duck-typed game
    (an object with ``options`` that is not a :class:`Game`) is asked this
    once, when :func:`as_game` adapts it.
    """
    if _plain_function(game):
        return frozenset()
    return frozenset(h for h in _DUCK_HOOKS if callable(getattr(game, h, None)))


class _Adapted(Game):
    """A plain callable or a duck-typed object seen as a :class:`Game` (see :func:`as_game`)."""

    def __init__(self, wrapped, answers, memo):
        self.wrapped = wrapped
        self._answers = answers
        self.__dict__["_gamelab_memo"] = memo  # kept for the object (:func:`game_memo`)
        self.name = callable_name(wrapped) or type(wrapped).__name__

    def options_function(self):
        """The object's own callable ``position -> options``."""
        return self.wrapped.options if "options" in self._answers else self.wrapped

    def options(self, position):
        return self.options_function()(position)

    def grundy(self, position):
        if "grundy" in self._answers:
            return self.wrapped.grundy(position)
        return search_grundy(self, position)

    def outcome(self, position, *, misere=False):
        if "outcome" in self._answers:
            return self.wrapped.outcome(position, misere=misere)
        return super().outcome(position, misere=misere)

    def winning_moves(self, position, *, misere=False):
        if "winning_moves" in self._answers:
            return self.wrapped.winning_moves(position, misere=misere)
        return super().winning_moves(position, misere=misere)

    def __repr__(self):
        return f"as_game({self.wrapped!r})"


class _Kept:
    """What is kept for an adapted object while it lives: its memos, the hooks it
    answers itself, and its adapter (weakly: the adapter holds the object)."""

    __slots__ = ("memo", "answers", "adapter")

    def __init__(self):
        self.memo, self.answers, self.adapter = {}, None, None


_KEPT = PerObject()


def check_game(game: Any) -> GameLike:
    """Return ``game`` if it is a game (a :class:`Game`, an object with ``options`` or a
    callable), else raise.

    Raises
    ------
    TypeError
        Naming the argument ``game`` and what it got.
    """
    if type(game) is _FunctionType or isinstance(game, Game):
        return game
    if game is None or isinstance(game, (str, bytes, int, float, tuple, list, set, dict)):
        raise TypeError(
            "game must be an object with an options(position) method or a callable "
            f"position -> options, got {type(game).__name__} {game!r}"
        )
    if callable(game) or "options" in _own_answers(game):
        return game
    raise TypeError(
        "game must be an object with an options(position) method or a callable "
        f"position -> options, got {type(game).__name__}"
    )


def as_game(game: GameLike) -> Game:
    """``game`` as a :class:`Game`: itself, or an adapter kept for it.

    A plain callable or a duck-typed object (one with ``options`` that is not
    a :class:`Game`) gets an adapter whose memos are kept for the object, by
    identity, for as long as the object lives (they serve every query); the
    same adapter is returned while it is in use.  The adapter answers
    ``grundy``, ``outcome`` and ``winning_moves`` through the object's own
    methods of those names when it has them; every other hook has its default.

    Raises
    ------
    TypeError
        If ``game`` is not a game (see :func:`check_game`).

    Examples
    --------
    >>> import gamelab as gl
    >>> take12 = lambda n: [n - k for k in (1, 2) if k <= n]
    >>> g = gl.engine.as_game(take12)
    >>> isinstance(g, gl.Game), g is gl.engine.as_game(take12), g.grundy(5), g.sj_values(5)
    (True, True, 2, None)
    >>> nim = gl.Nim()
    >>> as_game(nim) is nim
    True
    """
    if isinstance(game, Game):
        return game
    kept = _KEPT.get(game, _Kept)
    adapter = kept.adapter and kept.adapter()
    if adapter is None:
        if kept.answers is None:
            kept.answers = _own_answers(check_game(game))
        adapter = _Adapted(game, kept.answers, kept.memo)
        kept.adapter = weakref.ref(adapter)
    return adapter


def options_function(game: GameLike) -> Callable[[Any], Iterable[Any]]:
    """The callable ``position -> options`` of a game (the callable itself, not an adapter)."""
    if _plain_function(game):
        return game
    game = as_game(game)
    return game.options_function() if isinstance(game, _Adapted) else game.options


def game_memo(game: GameLike, kind: str) -> dict:
    """The dictionary in which ``game`` remembers values of ``kind``.

    It lives as long as the game object: a :class:`Game` keeps it in its
    ``__dict__``; for a callable or duck-typed object it is kept by identity
    (never by ``==``: two equal objects may have different rules), shared by
    its adapters (:func:`as_game`), and dropped when the object dies.
    """
    if isinstance(game, Game):
        return memo_store(game, kind)
    return _KEPT.get(game, _Kept).memo.setdefault(kind, {})  # no adapter needed


def checked_position(game: GameLike, position: Any) -> Position:
    """``position`` in the canonical form of ``game`` (:meth:`Game.validate`), checked at a
    public entry point.

    A refusal is raised from here, with the game's :meth:`Game.position_hint` added to
    its message and without the frames of the checks that found it: the traceback a
    student sees ends at the call that went wrong.

    >>> import gamelab as gl
    >>> checked_position(gl.Nim(), [3, 4, 5])
    (3, 4, 5)
    >>> checked_position(gl.Wythoff(), 7)
    Traceback (most recent call last):
    ...
    TypeError: position must be a tuple of integers, got int 7; a position of Wythoff's game is a pair (a, b) of heap sizes, such as (3, 5); gl.wythoff_pair(k) is the k-th P-position
    """
    game = as_game(game)
    try:
        return game.validate(position)
    except (TypeError, ValueError) as err:
        raise _refusal(game, position, err) from None


def _refusal(game, position, err):
    """``err``, refused by ``game.validate(position)``, with the game's hint and no traceback."""
    try:
        hint = game.position_hint(position)
    except Exception:  # a hint that fails adds nothing; the refusal is what matters
        hint = None
    if hint and hint not in str(err):
        if type(err) in (TypeError, ValueError):
            err = type(err)(f"{err}; {hint}")
        else:
            err.add_note(hint)
    return err.with_traceback(None)


def _checked_plain(position):
    """The position of a plain function at a public entry point: any hashable value equal
    to itself (ints, strings and tuples pass at once), refused as :func:`checked_position`
    refuses."""
    if type(position) in SELF_EQUAL_TYPES:
        return position
    try:
        return check_position(position)
    except (TypeError, ValueError) as err:
        raise err.with_traceback(None) from None


def game_options(game: GameLike, position: Position) -> list:
    """The options of ``position`` as a list, duplicates removed, order kept."""
    game = as_game(game)
    position = checked_position(game, position)
    return list_options(options_function(game), position)


def search_dag(memo: dict, root: Position, expand: Callable[[Any], tuple], finish: Callable[[Any, Any], Any]) -> Any:
    """Post-order evaluation of ``root`` on an implicit DAG, without recursion, within
    the budget in force (:func:`gamelab.walk.walk_dag`: ``expand(pos)`` returns
    ``(children, data)``, ``finish(pos, data)`` the value once the children have theirs;
    the options held count the children and, when ``data`` has a length and is not
    ``children``, that length too)."""
    return walk_dag(memo, root, expand, finish, search_budget)


def search_grundy(game: GameLike, position: Position) -> int:
    """Sprague–Grundy value by plain memoised search over ``options`` only.

    Fast paths of the game object are ignored: this is the reference that
    closed forms are tested against.

    >>> search_grundy(lambda n: [n - s for s in (1, 3, 4) if s <= n], 10)
    1
    >>> chain = lambda n: [n - 1] if n else []    # far deeper than Python's recursion limit
    >>> search_grundy(chain, 10**5)
    0
    """
    game = as_game(game)
    position = checked_position(game, position)
    return plain_walk(memo_store(game, "grundy"), position, options_function(game), False,
                      search_budget)


def search_outcome(game: GameLike, position: Position, *, misere: bool = False) -> Outcome:
    """``"P"`` or ``"N"`` by plain search (misère: a player who cannot move wins)."""
    check_bool(misere, "misere")
    game = as_game(game)
    position = checked_position(game, position)
    if not misere:
        return "P" if search_grundy(game, position) == 0 else "N"
    memo = memo_store(game, "misere")  # True means N-position
    return "N" if plain_walk(memo, position, options_function(game), True, search_budget) else "P"


def search_winning_moves(game: GameLike, position: Position, *, misere: bool = False) -> list:
    """Options of ``position`` that are P-positions, by plain search."""
    check_bool(misere, "misere")
    game = as_game(game)
    position = checked_position(game, position)
    with search_clock():  # one budget for the searches of the position and its options
        search_outcome(game, position, misere=misere)  # fills the memo
        return [o for o in list_options(options_function(game), position)
                if search_outcome(game, o, misere=misere) == "P"]


# ---------------------------------------------------------------------------
# the public entry points

def grundy(game: GameLike, position: Position) -> int:
    """Sprague–Grundy value of ``position`` in ``game``.

    Parameters
    ----------
    game : Game, object with ``options(position)``, or callable
        The game.  Its own ``grundy(position)`` (a closed form) is used.
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
    # a plain function needs no adapter: a few µs less per query, which the 250,000
    # queries of "knight 500x500 through gl.engine.as_game" (benchmarks/bench_engine.py) show
    if _plain_function(game):
        position = _checked_plain(position)
        return plain_walk(game_memo(game, "grundy"), position, game, False, search_budget)
    game = as_game(game)
    position = checked_position(game, position)
    with search_clock():  # one CPU-time budget for every search the game runs
        return game.grundy(position)


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
    if _plain_function(game):  # no adapter, as in grundy (benchmarks/bench_engine.py)
        position = _checked_plain(position)
        memo = game_memo(game, "misere" if misere else "grundy")
        found = plain_walk(memo, position, game, misere, search_budget)
        return "P" if not found else "N"
    game = as_game(game)
    position = checked_position(game, position)
    with search_clock():
        return game.outcome(position, misere=misere)


def winning_moves(game: GameLike, position: Position, *, misere: bool = False) -> list:
    """All options of ``position`` that are P-positions, in a deterministic order.

    Empty when ``position`` is itself a P-position.

    >>> import gamelab as gl
    >>> gl.winning_moves(lambda n: [n - k for k in (1, 2, 3) if k <= n], 21)
    [20]
    """
    check_bool(misere, "misere")
    game = as_game(game)
    position = checked_position(game, position)
    with search_clock():
        return game.winning_moves(position, misere=misere)
