"""How long a game lasts under best play, and the move that is hardest to answer.

:func:`remoteness` is the number of moves a game lasts from a position when
both players play well in the sense of Steinhaus: the winner hurries, the
loser delays.  :func:`hardest_move` is the move a player who is losing
makes to give the opponent the most chances to go wrong; from a winning
position it is the winning move that wins fastest.  The play widgets
(:mod:`gamelab.widgets`) make the hardest move whenever gamelab is losing.

Both search every position reachable from the one asked about (plain
search over ``options``, memoised per game object, no fast path), within
the engine's budget (:data:`gamelab.engine.SEARCH_LIMIT` positions and its
options and CPU seconds): a position too big for a plain search is refused
with a ``ValueError``, a game with a cycle with
:class:`gamelab.LoopyGameError`.

References
----------
.. [1] H. Steinhaus, "Definicje potrzebne do teorji gry i pościgu", Myśl Akademicka,
   Lwów 1 (1925) 13–14 (the remoteness of a position).
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical Plays*, 2nd ed.,
   A K Peters (2001), vol. 2, ch. 9 ("If you can't beat 'em, join 'em!": remote
   and suspense numbers).
"""
from __future__ import annotations

from typing import Any

from . import engine
from ._internal import short_repr
from ._validate import check_bool, check_int
from .walk import LoopyGameError, list_options, walk_dag

__all__ = ["remoteness", "hardest_move", "move_difficulty"]


def _memo(game, misere):
    return engine.game_memo(game, "remoteness, misere" if misere else "remoteness")


def _solve(game, position, misere, max_positions):
    """``(opts, memo)`` with ``memo[p] = (p is an N-position, remoteness of p)`` filled for
    every position reachable from ``position`` (a validated position of the Game ``game``)."""
    opts = engine.options_function(game)
    memo = _memo(game, misere)
    room = engine.option_limit()

    def expand(p):
        kids = list_options(opts, p, room)
        return kids, kids

    def finish(_p, kids):
        if not kids:
            return (misere, 0)          # no move: the mover loses, or in misère play wins
        wins = [memo[k][1] for k in kids if not memo[k][0]]
        if wins:
            return (True, 1 + min(wins))    # the winner hurries to a P-position
        return (False, 1 + max(memo[k][1] for k in kids))   # the loser delays

    def limits():
        budget = engine.search_budget()
        if max_positions is None:
            return budget
        return budget._replace(positions=min(budget.positions, max_positions))

    try:
        walk_dag(memo, position, expand, finish, limits)
    except LoopyGameError:
        raise
    except ValueError as err:
        if "without finishing" not in str(err):
            raise
        bound = f"; max_positions={max_positions}" if max_positions is not None else ""
        raise ValueError(f"position {short_repr(position)} is too big to rank its moves (every "
                         f"position reachable from it is searched{bound}): {err}") from None
    return opts, memo


def _prepare(game, position, misere, max_positions):
    check_bool(misere, "misere")
    if max_positions is not None:
        max_positions = check_int(max_positions, "max_positions", minimum=1)
    game = engine.as_game(game)
    return game, game.validate(position), max_positions


def remoteness(game: Any, position: Any, *, misere: bool = False) -> int:
    """How many moves are left from ``position`` when the winner hurries and the loser delays.

    The remoteness R is 0 at a position without moves; at an N-position it is
    1 + the least R of its P-options (the winner takes the shortest way to a
    win); at any other position it is 1 + the greatest R of its options (the
    loser makes the play last).  So R is even exactly at P-positions (in
    misère play, where a position without moves is an N-position, odd).

    Parameters
    ----------
    game : game object or callable
    position : hashable
    misere : bool, keyword-only
        Misère play: the player who cannot move wins.

    Raises
    ------
    ValueError
        When more positions are reachable than the search budget allows
        (:class:`gamelab.LoopyGameError` when a position comes back).

    Examples
    --------
    >>> import gamelab as gl
    >>> [remoteness(gl.Bash(3), n) for n in range(9)]
    [0, 1, 1, 1, 2, 3, 3, 3, 4]
    >>> [remoteness(gl.Nim(), (n,), misere=True) for n in range(4)]
    [0, 1, 2, 2]
    """
    game, position, _ = _prepare(game, position, misere, None)
    with engine.search_clock():
        _opts, memo = _solve(game, position, misere, None)
    return memo[position][1]


def move_difficulty(game: Any, position: Any, *, misere: bool = False) -> list:
    """For every option of ``position``, in the game's move order: ``(option, replies, length)``.

    ``replies`` is how many winning replies the opponent has after that move
    (the options of ``option`` that are P-positions; ``None`` when ``option``
    has no move at all: the game is over), ``length`` the :func:`remoteness`
    of ``option`` (the moves still to come under best play).

    >>> import gamelab as gl
    >>> move_difficulty(gl.Nim(), (1, 2))
    [((0, 2), 1, 1), ((1, 0), 1, 1), ((1, 1), 0, 2)]
    """
    game, position, _ = _prepare(game, position, misere, None)
    with engine.search_clock():
        opts, memo = _solve(game, position, misere, None)
        return _difficulty(opts, memo, position)


def _difficulty(opts, memo, position):
    room = engine.option_limit()
    out = []
    for o in list_options(opts, position, room):
        kids = list_options(opts, o, room)
        replies = sum(1 for k in kids if not memo[k][0]) if kids else None
        out.append((o, replies, memo[o][1]))
    return out


def hardest_move(game: Any, position: Any, *, misere: bool = False,
                 max_positions: int | None = None) -> Any:
    """The move that makes the opponent's win hardest, or a fastest win; ``None`` without moves.

    From a **losing** position (a P-position with moves) every move hands the
    opponent an N-position.  The move chosen is, in this order of preference,

    1. one that does not end the game (in misère play a move to a position
       without moves hands the opponent the win at once);
    2. one that leaves the opponent the **fewest winning replies** (options
       that are P-positions);
    3. among those, one of **greatest remoteness**: the longest game when the
       opponent hurries to win and we delay (:func:`remoteness`);
    4. among those, the first in the game's move order.

    From a **winning** position (an N-position) it is the winning move (to a
    P-position) of least remoteness — the one that wins fastest — and among
    those the first in move order.

    Parameters
    ----------
    game : game object or callable
    position : hashable
    misere : bool, keyword-only
        Misère play: the player who cannot move wins.
    max_positions : int, optional, keyword-only
        Search at most this many positions (default, and at most: the
        engine's ``SEARCH_LIMIT``); the play widgets use a small bound so that
        a move is chosen at once or refused at once.

    Raises
    ------
    ValueError
        When the play from ``position`` reaches more positions than the budget
        allows (the message says so), or for a bad argument;
        :class:`gamelab.LoopyGameError` when a position can come back.

    Examples
    --------
    From heaps 3 and 3 every move loses, and every move leaves one winning
    reply (take the other heap down to the same size).  Taking one stone makes
    the game last longest: 5 more moves, where taking a whole heap ends it
    after 1.

    >>> import gamelab as gl
    >>> hardest_move(gl.Nim(), (3, 3))
    (2, 3)
    >>> hardest_move(gl.Nim(), (3, 5))          # winning: the move to a P-position
    (3, 3)
    >>> hardest_move(gl.Bash(3), 0) is None
    True
    """
    game, position, max_positions = _prepare(game, position, misere, max_positions)
    with engine.search_clock():
        opts, memo = _solve(game, position, misere, max_positions)
        winning, _length = memo[position]
        if winning:
            moves = list_options(opts, position, engine.option_limit())
            wins = [o for o in moves if not memo[o][0]]
            return min(wins, key=lambda o: memo[o][1]) if wins else None
        ranked = _difficulty(opts, memo, position)
        if not ranked:
            return None
        best = min(ranked, key=lambda r: (r[1] is None, r[1] or 0, -r[2]))
        return best[0]
