"""Misère play of sums: anti-Nim (反尼姆博弈), anti-SG games and the SJ theorem.

In misère play the player who cannot move *wins*.  Misère outcomes do not
add up the way normal-play values do, but for a large family of sums the
Sprague–Grundy values of the components still decide the game.

**The SJ theorem** (as stated in the Chinese competitive-programming
literature, for "anti-SG" games).  Let a sum of games be played in misère
form, and suppose every component satisfies the *SJ condition*:

    every position of the component whose Sprague–Grundy value is 0 and
    which still has a move has an option whose value is 1

(for instance a Nim heap, where value 0 means the heap is empty).  Then the
first player wins exactly when

* the nim-sum of the components' values is not 0 and some component has a
  value greater than 1, or
* the nim-sum is 0 and no component has a value greater than 1.

The literature phrases the hypothesis as "the game ends as soon as every
component has value 0"; the SJ condition is what makes that harmless in the
real game: from a sum whose components all have value 0 the mover can always
step to a sum with exactly one component of value 1.

Proof sketch.  Call the positions described above "claimed N" and the others
"claimed P".  A finished sum has nim-sum 0 and no value above 1: claimed N,
which is right in misère play.  From a claimed-N position:
(a) with exactly one value ``g > 1``, move that component to value 0 or 1 so
that an odd number of components have value 1 (a position of value ``g``
has options of every smaller value);
(b) with two or more values above 1, make the usual Nim move to nim-sum 0 —
some value above 1 survives;
(c) with nim-sum 0 and all values at most 1, move a component of value 1 to
value 0, or, if all values are 0, use the SJ condition to move one to 1.
Each lands on a claimed-P position.  From a claimed-P position every move
lands on a claimed-N one: with all values at most 1 (an odd number of ones)
any change of one value gives nim-sum 0 with no value above 1, or a value
above 1 with nim-sum not 0; with nim-sum 0 and some value above 1 there are
at least two values above 1, so one survives the move, and the nim-sum
becomes non-zero.  By induction on the length of play, claimed = actual.

Misère Nim is the special case where every component is a Nim heap.

References
----------
.. [1] 贾志豪, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》, 国家集训队论文
   (2009): anti-SG games and the SJ theorem.
.. [2] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901–1902) — misère Nim.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 2,
   ch. 13 ("Survival in the lost world").
"""
from __future__ import annotations

from collections.abc import Iterable

from ._validate import check_int
from ._internal import CHECK_EVERY
from .engine import (
    Game,
    as_game,
    game_memo,
    list_options,
    options_function,
    search_clock,
    search_dag,
    search_grundy,
    xor_values,
)

__all__ = ["sj_outcome", "sj_condition", "sj_violation", "sj_values", "sj_applies"]


def sj_outcome(values):
    """Misère outcome of a sum from its components' Sprague–Grundy values (SJ theorem).

    Valid when every component satisfies the SJ condition
    (:func:`sj_condition`) — always for Nim heaps, whose values are their
    sizes, so ``sj_outcome(heaps)`` is the misère Nim rule.

    Parameters
    ----------
    values : iterable of int
        The components' Sprague–Grundy values (non-negative).

    Returns
    -------
    str
        ``"N"`` if the player to move wins the misère sum, else ``"P"``.

    Examples
    --------
    >>> sj_outcome([1, 1, 1])       # three single coins: we must take the last
    'P'
    >>> sj_outcome([1, 1]), sj_outcome([])
    ('N', 'N')
    >>> sj_outcome([2, 2]), sj_outcome([3, 4, 5])
    ('P', 'N')

    References
    ----------
    .. [1] 贾志豪, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》 (2009), the SJ theorem.
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(
            f"values must be an iterable of integers, got {type(values).__name__} {values!r}")
    values = [check_int(v, "values[...]") for v in values]
    total = xor_values(values)
    big = any(v > 1 for v in values)
    first_wins = (total != 0 and big) or (total == 0 and not big)
    return "N" if first_wins else "P"


def _local_ok(kids, value, gmemo):
    """The SJ condition at one position: value 0 with a move needs an option of value 1."""
    return value != 0 or not kids or any(gmemo[k] == 1 for k in kids)


def _generic_condition(game, position):
    """Whether the SJ condition holds at every position reachable from ``position``."""
    search_grundy(game, position)  # every reachable value is now remembered
    gmemo = game_memo(game, "grundy")
    memo = game_memo(game, "sj")
    options = options_function(game)

    def expand(pos):
        kids = list_options(options, pos)
        return kids, kids

    def finish(pos, kids):
        for k in kids:
            if k not in gmemo:
                search_grundy(game, k)
        return _local_ok(kids, gmemo[pos], gmemo) and all(memo[k] for k in kids)

    return search_dag(memo, position, expand, finish)


def sj_condition(game, position):
    """Whether every position reachable from ``position`` meets the SJ condition.

    The SJ condition: a position with Sprague–Grundy value 0 that still has a
    move has an option of value 1.  A sum of games that all meet it (from
    their current positions on) obeys the SJ theorem in misère play
    (:func:`sj_outcome`).

    Parameters
    ----------
    game : game object or callable
        A single game (a :class:`gamelab.Sum` is treated as one game here;
        use :func:`sj_applies` for the componentwise test).
    position : hashable
        A position of ``game``.

    Returns
    -------
    bool

    Notes
    -----
    The game's hook :meth:`gamelab.Game.sj_condition` may decide it:
    ``True`` (proven) or ``False`` (it fails); when it returns ``None`` (not
    known) the reachable positions are searched.

    Examples
    --------
    >>> import gamelab as gl
    >>> sj_condition(gl.Bash(3), 100)
    True
    >>> sj_condition(gl.StaircaseNim(), (2, 0, 2))     # value 0, options of value 2 and 3
    False
    >>> sj_condition(gl.Nim(), (2, 2)), sj_condition(gl.Nim(), (5, 1))
    (False, True)

    References
    ----------
    .. [1] 贾志豪, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》 (2009).
    """
    game = as_game(game)
    position = game.validate(position)
    with search_clock():  # one CPU-time budget for the searches below
        known = game.sj_condition(position)
        if known is not None:
            return bool(known)
        return bool(_generic_condition(game, position))


def sj_violation(game, position):
    """A position reachable from ``position`` where the SJ condition fails, or ``None``.

    The positions are visited breadth first in option order, so the witness
    is one of the nearest.

    Examples
    --------
    >>> import gamelab as gl
    >>> sj_violation(gl.Nim(), (3, 2))
    (2, 2)
    >>> sj_violation(gl.Nim(), (3, 1)) is None
    True
    """
    game = as_game(game)
    position = game.validate(position)
    with search_clock() as timer:
        return _violation(game, position, timer)


def _violation(game, position, timer):
    search_grundy(game, position)  # every position reachable is now remembered: finitely many
    gmemo = game_memo(game, "grundy")
    options = options_function(game)
    seen, frontier, listed = {position}, [position], 0
    while frontier:
        nxt = []
        for pos in frontier:
            listed += 1
            if not listed % CHECK_EVERY:
                timer.check(position)
            kids = list_options(options, pos)
            for k in kids:
                if k not in gmemo:
                    search_grundy(game, k)
            if not _local_ok(kids, gmemo[pos], gmemo):
                return pos
            for k in kids:
                if k not in seen:
                    seen.add(k)
                    nxt.append(k)
        frontier = nxt
    return None


def _atoms(game, position, out):
    """Append the SJ values of the atoms of ``(game, position)``; False if one fails.

    A sum answers through its hook ``components(position)`` (its games and
    their positions), a game that is itself a sum of atoms meeting the
    condition (a Nim position: its heaps) through ``sj_values(position)``;
    any other game is one atom, checked by :func:`sj_condition`.
    """
    components = game.components(position)
    if components is not None:
        return all(_atoms(as_game(g), p, out) for g, p in components)
    values = game.sj_values(position)
    if values is not None:
        out.extend(values)
        return True
    if not sj_condition(game, position):
        return False
    out.append(game.grundy(position))
    return True


def sj_values(sum_game, position):
    """The values the SJ theorem needs for a sum, or ``None`` if it does not apply.

    Nim positions inside the sum count as their separate heaps and nested
    sums are opened up; every other component must meet the SJ condition
    (:func:`sj_condition`) from its position on.

    Raises
    ------
    TypeError
        If ``sum_game`` is not a sum (a :class:`gamelab.Game` whose hook
        ``components(position)`` gives its components).

    Examples
    --------
    >>> import gamelab as gl
    >>> s = gl.Sum(gl.Nim(), gl.Bash(2))
    >>> sj_values(s, ((2, 2), 4))
    [2, 2, 1]
    >>> sj_values(gl.Sum(gl.StaircaseNim(), gl.Bash(2)), ((2, 0, 2), 4)) is None
    True
    """
    components = sum_game.components(position) if isinstance(sum_game, Game) else None
    if components is None:
        raise TypeError(f"sum_game must be a gamelab Sum, got {type(sum_game).__name__}")
    out = []
    return out if all(_atoms(as_game(g), p, out) for g, p in components) else None


def sj_applies(sum_game, position):
    """Whether the SJ theorem decides the misère outcome of this sum position.

    >>> import gamelab as gl
    >>> sj_applies(gl.Sum(gl.Bash(3), gl.Nim()), (7, (4, 4)))
    True
    """
    return sj_values(sum_game, position) is not None
