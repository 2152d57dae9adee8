"""Sums of games: :class:`Sum`, the disjunctive sum.

A position of a sum is a tuple of component positions and a move changes
exactly one component.  Its value is the XOR of the components' values — the
Sprague–Grundy theorem — and in misère play the SJ theorem decides where it
applies.
"""
from __future__ import annotations

from ._validate import check_bool, check_components, check_int
from .board import Components
from .engine import (
    Game,
    GameLike,
    as_game,
    check_game,
    list_options,
    options_function,
    search_outcome,
    unique_options,
    xor_values,
)
from .i18n import gettext as _
from .misere import sj_outcome, sj_values

__all__ = ["Sum"]


def _component_options(game, position):
    """The options of a validated component position (at most ``OPTION_LIMIT``)."""
    return list_options(options_function(game), position)


def _options_of_value(game, position, value):
    """The options of ``position`` whose value is ``value``, in option order.

    The game answers through its hook ``options_of_value`` or, for value 0,
    its ``winning_moves`` (closed forms, for positions of any size); when the
    hook does not know, the options are listed and their values compared.
    """
    found = game.options_of_value(position, value)
    if found is not None:
        return found
    if value == 0:
        return game.winning_moves(position)
    return [o for o in _component_options(game, position) if game.grundy(o) == value]


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

    def __init__(self, *games: GameLike) -> None:
        if not games:
            raise ValueError("Sum needs at least one game")
        self.games = tuple(check_game(g) for g in games)
        self._parts = tuple(as_game(g) for g in self.games)
        self.name = " + ".join(g.name for g in self._parts)
        #: a sum ends when all its components do
        self.always_ends = all(g.always_ends for g in self._parts)

    def __repr__(self):
        return f"Sum({', '.join(repr(g) for g in self.games)})"

    def validate(self, position):
        position = tuple(position) if isinstance(position, list) else position  # as it spells
        if not isinstance(position, tuple):
            raise TypeError(f"position of a Sum must be a tuple of {len(self.games)} component "
                            f"positions, got {type(position).__name__} {position!r}")
        if len(position) != len(self.games):
            raise ValueError(f"position of a Sum must have {len(self.games)} components, got "
                             f"{len(position)}")
        return check_components(self._parts, position)

    def position_hint(self, position):
        """A tuple of one position per component (``None`` when it has that shape)."""
        if not (isinstance(position, (tuple, list)) and len(position) == len(self.games)):
            return f"a position of a Sum of {len(self.games)} games is a tuple of one position each"

    def options(self, position):
        position = self.validate(position)
        for i, (g, p) in enumerate(zip(self._parts, position)):
            for o in _component_options(g, p):
                yield position[:i] + (o,) + position[i + 1:]

    def components(self, position):
        """The pairs ``(game, position)`` of the components, each game a :class:`Game`."""
        return list(zip(self._parts, self.validate(position)))

    def component_values(self, position):
        """The Sprague–Grundy value of each component."""
        return [g.grundy(p) for g, p in self.components(position)]

    def grundy(self, position):
        return xor_values(self.component_values(position))

    def outcome(self, position, *, misere=False):
        if not check_bool(misere, "misere"):
            return super().outcome(position)
        position = self.validate(position)
        values = sj_values(self, position)
        if values is not None:
            return sj_outcome(values)
        return search_outcome(self, position, misere=True)

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return [o for o in unique_options(self.options(position), position)
                    if self.outcome(o, misere=True) == "P"]
        return self.options_of_value(position, 0)

    def options_of_value(self, position, value):
        """The options of value ``value``: component ``i`` moves to value
        ``total ^ v_i ^ value`` (through its own hook, so at any size where it has one)."""
        position, value = self.validate(position), check_int(value, "value")
        values = self.component_values(position)
        total, moves = xor_values(values) ^ value, []
        for i, (g, p, v) in enumerate(zip(self._parts, position, values)):
            target = total ^ v  # options may also have a larger value than v
            if target != v:     # an option never has the value of its position
                moves += [position[:i] + (o,) + position[i + 1:]
                          for o in _options_of_value(g, p, target)]
        return moves

    def board(self, position):
        """One row per component: ``game i · name`` and the component's own board."""
        game_i = _("game {i}")
        return Components(tuple((f"{game_i.format(i=i)} · {g.name}", g.board(p), p)
                                for i, (g, p) in enumerate(self.components(position), 1)))

    def move_label(self, position, option):
        """``"game i: ..."`` with the component's own words, or ``None`` when it has none."""
        parts, option = self.components(position), self.validate(option)
        changed = [i for i, ((_, p), o) in enumerate(zip(parts, option)) if p != o]
        if len(changed) != 1:
            return None
        (i,) = changed
        words = parts[i][0].move_label(parts[i][1], option[i])
        return None if words is None else _("game {i}: {move}").format(i=i + 1, move=words)
