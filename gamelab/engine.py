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

References
----------
.. [1] R. Sprague, "Über mathematische Kampfspiele", Tôhoku Math. J. 41 (1935).
.. [2] P. M. Grundy, "Mathematics and games", Eureka 2 (1939).
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), chapters 3–4.
"""
from __future__ import annotations

import weakref
from collections.abc import Iterable

from ._validate import check_bool, check_hashable, check_int

__all__ = [
    "LoopyGameError",
    "Game",
    "mex",
    "nim_sum",
    "grundy",
    "outcome",
    "winning_moves",
    "search_grundy",
    "search_outcome",
    "search_winning_moves",
    "game_options",
    "SEARCH_LIMIT",
]

#: Largest number of distinct positions one search may visit before it gives up
#: with a ``ValueError`` (a game with infinitely many positions would otherwise
#: run until memory is gone).
SEARCH_LIMIT = 10_000_000


class LoopyGameError(ValueError):
    """The positions reachable from a position contain a cycle.

    Impartial game theory as taught here needs every play to end; a game in
    which a position can come back has no Sprague–Grundy value.  The
    attribute ``cycle`` holds the positions of the cycle, first and last equal.

    >>> import gamelab as gl
    >>> gl.grundy(lambda n: [(n + 1) % 3], 0)
    Traceback (most recent call last):
    ...
    gamelab.engine.LoopyGameError: the game is loopy: position 0 can be reached again: 0 -> 1 -> 2 -> 0
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


class Game:
    """Base class of gamelab's games.

    A subclass defines ``options(position)`` and, where it has one,
    ``validate(position)`` returning the position in canonical form or raising
    ``TypeError``/``ValueError``.  It may override ``grundy``, ``outcome`` and
    ``winning_moves`` with closed forms; the defaults search.
    """

    #: short name used in tables and widgets
    name = "game"

    def options(self, position):  # pragma: no cover - abstract
        raise NotImplementedError

    def validate(self, position):
        """Return ``position`` if it is a position of this game, else raise."""
        return check_hashable(position)

    def grundy(self, position):
        """Sprague–Grundy value of ``position`` (plain search unless overridden)."""
        return search_grundy(self, self.validate(position))

    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"`` (normal play unless ``misere=True``)."""
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return search_outcome(self, position, misere=True)
        return "P" if self.grundy(position) == 0 else "N"

    def winning_moves(self, position, *, misere=False):
        """All options of ``position`` that are P-positions, in option order."""
        check_bool(misere, "misere")
        position = self.validate(position)
        return [o for o in _unique(self.options(position))
                if self.outcome(o, misere=misere) == "P"]

    def __repr__(self):
        return f"{type(self).__name__}()"


# ---------------------------------------------------------------------------
# small pure functions

def mex(values):
    """Minimum excludant: the least non-negative integer not in ``values``.

    Parameters
    ----------
    values : iterable of int
        Non-negative integers (duplicates allowed, any order).

    Returns
    -------
    int

    Examples
    --------
    >>> mex([])
    0
    >>> mex([0, 1, 3])
    2
    >>> mex({2, 0, 0, 1})
    3
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"values must be an iterable of integers, got {type(values).__name__}")
    seen = set()
    for v in values:
        seen.add(check_int(v, "values[...]"))
    return _mex(seen)


def _mex(seen):
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(values):
    """XOR of non-negative integers (the nim-sum).

    >>> nim_sum([])
    0
    >>> nim_sum([3, 4, 5])
    2
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"values must be an iterable of integers, got {type(values).__name__}")
    x = 0
    for v in values:
        x ^= check_int(v, "values[...]")
    return x


# ---------------------------------------------------------------------------
# games as objects or callables

_callable_memos: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _check_game(game):
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


def _options_function(game):
    if hasattr(game, "options") and callable(getattr(game, "options")):
        return game.options
    return game


def game_options(game, position):
    """The options of ``position`` as a list, duplicates removed, order kept."""
    game = _check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    else:
        check_hashable(position)
    return _unique(_call_options(_options_function(game), position))


def _unique(iterable):
    seen = set()
    out = []
    for o in iterable:
        try:
            if o in seen:
                continue
        except TypeError:
            raise TypeError(
                f"options must be hashable positions (tuples, not lists), got {o!r}"
            ) from None
        seen.add(o)
        out.append(o)
    return out


def _call_options(options, position):
    result = options(position)
    if result is None or isinstance(result, (str, bytes)) or not isinstance(result, Iterable):
        raise TypeError(
            f"options({position!r}) must return an iterable of positions, got {result!r}"
        )
    return result


def _memo(game, kind):
    """The dictionary in which ``game`` remembers values of ``kind``."""
    if isinstance(game, Game):
        store = game.__dict__.setdefault("_gamelab_memo", {})
    else:
        try:
            store = _callable_memos.get(game)
            if store is None:
                store = {}
                _callable_memos[game] = store
        except TypeError:  # not weak-referenceable / not hashable: no reuse
            store = {}
    return store.setdefault(kind, {})


# ---------------------------------------------------------------------------
# the iterative search

def _search(memo, root, expand, finish):
    """Post-order evaluation of ``root`` on an implicit DAG, without recursion.

    ``expand(pos)`` returns ``(children, data)``; ``finish(pos, data)`` returns
    the value of ``pos`` once every child is in ``memo``.
    """
    try:
        if root in memo:
            return memo[root]
    except TypeError:
        check_hashable(root)
    children, data = expand(root)
    frames = [(root, children, data)]
    index = [0]
    on_path = {root: 0}
    visited = 1
    while frames:
        pos, children, data = frames[-1]
        i = index[-1]
        n = len(children)
        child = None
        while i < n:
            c = children[i]
            try:
                known = c in memo
            except TypeError:
                raise TypeError(
                    f"options of {pos!r} must be hashable positions, got {c!r}"
                ) from None
            if known:
                i += 1
                continue
            if c in on_path:
                start = on_path[c]
                cycle = [f[0] for f in frames[start:]] + [c]
                raise LoopyGameError(cycle)
            child = c
            break
        if child is None:
            memo[pos] = finish(pos, data)
            frames.pop()
            index.pop()
            del on_path[pos]
        else:
            index[-1] = i
            visited += 1
            if visited > SEARCH_LIMIT:
                raise ValueError(
                    f"the search from {root!r} visited more than {SEARCH_LIMIT} positions "
                    "without finishing; is the game finite?"
                )
            grand, gdata = expand(child)
            on_path[child] = len(frames)
            frames.append((child, grand, gdata))
            index.append(0)
    return memo[root]


def search_grundy(game, position):
    """Sprague–Grundy value by plain memoised search over ``options`` only.

    Fast paths of the game object are ignored: this is the reference that
    closed forms are tested against.

    >>> search_grundy(lambda n: [n - s for s in (1, 3, 4) if s <= n], 10)
    1
    >>> chain = lambda n: [n - 1] if n else []
    >>> search_grundy(chain, 10**6)
    0
    """
    game = _check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    options = _options_function(game)
    memo = _memo(game, "grundy")

    def expand(pos):
        kids = _unique(_call_options(options, pos))
        return kids, kids

    def finish(pos, kids):
        return _mex({memo[k] for k in kids})

    return _search(memo, position, expand, finish)


def search_outcome(game, position, *, misere=False):
    """``"P"`` or ``"N"`` by plain search (misère: a player who cannot move wins)."""
    check_bool(misere, "misere")
    if not misere:
        return "P" if search_grundy(game, position) == 0 else "N"
    game = _check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    options = _options_function(game)
    memo = _memo(game, "misere")  # True means N-position

    def expand(pos):
        kids = _unique(_call_options(options, pos))
        return kids, kids

    def finish(pos, kids):
        if not kids:
            return True
        return any(not memo[k] for k in kids)

    return "N" if _search(memo, position, expand, finish) else "P"


def search_winning_moves(game, position, *, misere=False):
    """Options of ``position`` that are P-positions, by plain search."""
    check_bool(misere, "misere")
    search_outcome(game, position, misere=misere)  # fills the memo, checks the position
    game = _check_game(game)
    if isinstance(game, Game):
        position = game.validate(position)
    return [o for o in _unique(_call_options(_options_function(game), position))
            if search_outcome(game, o, misere=misere) == "P"]


# ---------------------------------------------------------------------------
# the public entry points

def grundy(game, position):
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
    game = _check_game(game)
    own = getattr(game, "grundy", None)
    if own is not None and callable(own) and hasattr(game, "options"):
        return own(position)
    return search_grundy(game, position)


def outcome(game, position, *, misere=False):
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
    game = _check_game(game)
    own = getattr(game, "outcome", None)
    if own is not None and callable(own) and hasattr(game, "options"):
        return own(position, misere=misere)
    if misere:
        return search_outcome(game, position, misere=True)
    return "P" if grundy(game, position) == 0 else "N"


def winning_moves(game, position, *, misere=False):
    """All options of ``position`` that are P-positions, in a deterministic order.

    Empty when ``position`` is itself a P-position.

    >>> import gamelab as gl
    >>> gl.winning_moves(lambda n: [n - k for k in (1, 2, 3) if k <= n], 21)
    [20]
    """
    check_bool(misere, "misere")
    game = _check_game(game)
    own = getattr(game, "winning_moves", None)
    if own is not None and callable(own) and hasattr(game, "options"):
        return own(position, misere=misere)
    return search_winning_moves(game, position, misere=misere)
