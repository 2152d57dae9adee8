"""Sprouts (Conway and Paterson, 1967): join two spots by a line through a new spot.

The game starts with ``n`` spots.  A move draws a line from a spot to a spot (or to
itself) that crosses no line, and puts a new spot on it; no spot may end more than
three lines, so every spot has three *lives* and each end of a line uses one (a new
spot starts with two).  The player who cannot move loses (normal play).  A game of
``n`` spots lasts at most ``3n - 1`` moves.

**The notation** (that of Applegate, Jacobson and Sleator [1] and of Lemoine and
Viennot's program Glop [2]).  The lines cut the plane into *regions*.  Where a region
touches one connected piece of the drawing, walking along that piece with the region
on the left meets its spots in a cyclic order: a *boundary*.  A spot is written

* ``0``: no line yet (3 lives); it is a boundary by itself;
* ``1``: one line (2 lives);
* ``2``: two lines (1 life), seen in only one place;
* a letter: two lines (1 life) and seen in two places, the two sides of its lines:
  lower case when both lie in one region (twice on one boundary), upper case when they
  lie in two regions.

Dead spots (three lines) are left out.  A boundary ends with ``.``, a region with
``}``; regions that share a spot form a *land*, which ends with ``]``; the position
ends with ``!``.  Lands are independent games: a line never leaves its region, and a
region only touches the rest of its land through its shared spots.  So the Grundy
value of a position is the nim-sum of its lands' values (normal play), and the
search works land by land.  The start of 3 spots is ``0.0.0.}]!``; after a loop from
one spot around another it is ``0.AB.}0.AB.}]!``: the loop's spot ``A`` (1 life) and
its new spot ``B`` are seen in both regions, inside and outside the loop.

**The canonical form** keeps the game tree and writes it one way.  A region with no
move (fewer than two lives in reach) is dropped, two consecutive sites of one spot
are one, and a letter left alone is ``2``.  Then each land is written as the least
string over the orders of its regions and boundaries, the starting point of each
boundary and the mirror image of the whole land (all boundaries reversed at once),
the letters named in order of first appearance; the lands are sorted.  The three
reductions are those of [2]; the least string is found by sorting on the letter-blind
shape first and then by branch and bound.

**The search** ([2], section on nimbers) asks whether a sum ``L + *v`` of a land and a
nim heap is a win: the other lands of a sum are first replaced by their nimbers, and
the nimber of a land is the least ``v`` for which ``L + *v`` is a loss.  A winning
move stops each search as soon as it is found.  Misère play has no such
decomposition: it searches whole positions.

Known values (checked against [1], [2], [3] in ``tests/parlour/test_sprouts.py``): the
first player loses the normal game exactly when ``n mod 6`` is 0, 1 or 2 (computed for
``n <= 11`` in [1], to 32 and beyond in [2]: the *Sprouts conjecture* says it always
holds).

References
----------
.. [1] D. Applegate, G. Jacobson, D. Sleator, "Computer analysis of Sprouts",
   Carnegie Mellon University, CMU-CS-91-144 (1991).
.. [2] J. Lemoine, S. Viennot, "Computer analysis of Sprouts with nimbers", *Games
   of No Chance 4*, MSRI Publications 63 (2015), arXiv:1008.2320 (2010).
.. [3] J. Lemoine, S. Viennot, "Analysis of misère Sprouts game with reduced
   canonical trees", arXiv:0908.4407 (2009).
.. [4] M. Gardner, "Mathematical games: of sprouts and Brussels sprouts",
   *Scientific American* 217 (July 1967), 112–115.
"""
from __future__ import annotations

from .._validate import check_bool, check_int
from ..engine import Game, game_memo, search_clock
from .sprouts_position import (land_lives, land_options, normal_lands,
                               parse_position, position_string)

__all__ = ["Sprouts", "sprouts_outcome", "sprouts_canonical", "sprouts_lands",
           "sprouts_start", "MAX_SPOTS"]

#: The most spots :func:`sprouts_outcome` and :meth:`Sprouts.start` accept: 11, the
#: reach of [1].  The search grows some tenfold with each spot (5 spots: about 30 s,
#: 6 spots: some 10 minutes and 2 GB, see ``benchmarks/bench_sprouts.py``), so from 6
#: spots on gamelab's budget (``SEARCH_WORK``, ``SEARCH_SECONDS``) refuses it unless
#: raised; past 11 it is refused at once: hours and far more memory than a course
#: machine holds, and letters past the 26 of each case in the strings.
MAX_SPOTS = 11

_WHAT = "the Sprouts search from {}"


def sprouts_start(n):
    """The position string of the start of ``n`` spots (``1 <= n <= MAX_SPOTS``).

    >>> sprouts_start(3)
    '0.0.0.}]!'
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_SPOTS)
    return "0." * n + "}]!"


def sprouts_lands(position):
    """The canonical strings of the lands of ``position``, sorted: its independent parts.

    >>> sprouts_lands("0.AB.}0.AB.}]!")
    ['0.AB.}0.AB.}]']
    >>> sprouts_lands("0.}]0.}]0.0.}]!")
    ['0.0.}]', '0.}]', '0.}]']
    """
    return list(normal_lands(*parse_position(position)))


def sprouts_canonical(position):
    """``position`` in canonical form (the letters renamed, boundaries turned and ordered,
    regions without a move dropped; see the module's notes).

    Raises ``TypeError`` for a non-string, ``ValueError`` for a malformed position.

    >>> sprouts_canonical("0.CD.}0.DC.}]!")
    '0.AB.}0.AB.}]!'
    >>> sprouts_canonical("2.}]1abba.}]!")
    '1a2a.}]!'
    """
    return position_string(normal_lands(*parse_position(position)))


def _lands_of(position):
    """The sorted tuple of land strings of a canonical position string."""
    if position == "!":
        return ()
    return tuple(land + "]" for land in position[:-1].split("]")[:-1])


def _smallest_first(option):
    """The order in which the options of a land are tried: by the lives of the largest
    land, then more lands first."""
    return max((land_lives(land) for land in option), default=0), -len(option)


class _Search:
    """The memoised searches of one :class:`Sprouts` game: normal play land by land with
    nimbers, misère play on whole positions; work counted on the budget clock."""

    def __init__(self, game):
        self.wins = game_memo(game, "sprouts-wins")         # (land, v) -> bool
        self.nimbers = game_memo(game, "sprouts-nimbers")   # land -> int
        self.misere = game_memo(game, "sprouts-misere")     # position -> bool
        self.options = game_memo(game, "sprouts-options")   # land -> options
        self.clock, self.root, self.work = None, None, 0

    def run(self, root, fn, *args):
        with search_clock() as clock:
            self.clock, self.root = clock, root
            try:
                return fn(*args)
            finally:
                clock.check(root, _WHAT, work=self.work)
                self.work = 0

    def land_options(self, land):
        """The options of ``land``, those whose largest land is smallest first (they
        are the quickest to solve), remembered."""
        found = self.options.get(land)
        if found is None:
            found = sorted(land_options(land), key=_smallest_first)
            self.options[land] = found
            self.work += len(found) + 1
            if self.work >= 4096:
                self.clock.check(self.root, _WHAT, work=self.work)
                self.work = 0
        return found

    def nimber(self, land):
        """The nimber of one land: the least ``v`` with ``land + *v`` a loss."""
        found = self.nimbers.get(land)
        if found is None:
            found = 0
            while self.wins_sum((land,), found):
                found += 1
            self.nimbers[land] = found
        return found

    def wins_sum(self, lands, v):
        """Whether the player to move wins the sum of ``lands`` and a nim heap ``*v``."""
        if not lands:
            return v != 0
        if len(lands) > 1:
            big = max(lands, key=lambda land: (land_lives(land), land))
            for land in lands:
                if land is not big:
                    v ^= self.nimber(land)
            lands = (big,)
        land = lands[0]
        known = self.nimbers.get(land)
        if known is not None:
            return known != v
        key = (land, v)
        found = self.wins.get(key)
        if found is None:
            found = (any(not self.wins_sum(option, v) for option in self.land_options(land))
                     or any(not self.wins_sum(lands, w) for w in range(v)))
            self.wins[key] = found
        return found

    def misere_wins(self, position):
        """Whether the player to move wins ``position`` (a tuple of lands) in misère play."""
        found = self.misere.get(position)
        if found is None:
            moves = [tuple(sorted(position[:k] + option + position[k + 1:]))
                     for k, land in enumerate(position) for option in self.land_options(land)]
            found = not moves or any(not self.misere_wins(option) for option in moves)
            self.misere[position] = found
        return found


class Sprouts(Game):
    """Sprouts on position strings (see the module's notes for the notation).

    Examples
    --------
    >>> import gamelab as gl
    >>> from gamelab.parlour.sprouts import Sprouts
    >>> sprouts = Sprouts()
    >>> sprouts.start(2)
    '0.0.}]!'
    >>> sprouts.options("0.0.}]!")
    ['0.AB.}AB.}]!', '1a1a.}]!']
    >>> gl.outcome(sprouts, sprouts.start(3)), gl.grundy(sprouts, "0.}]0.0.}]!")
    ('N', 0)
    """

    name = "Sprouts"
    always_ends = True

    def __init__(self):
        self._search = _Search(self)

    def start(self, n):
        """The position of ``n`` spots (``1 <= n <= MAX_SPOTS``)."""
        return sprouts_start(n)

    def validate(self, position):
        return sprouts_canonical(position)

    def position_hint(self, position):
        """A position is a string of boundaries, regions and lands."""
        return ("a position of Sprouts is a string such as '0.0.0.}]!' (three spots): each "
                "boundary ends with '.', each region with '}', each land with ']', the "
                "position with '!'; Sprouts().start(n) is the start of n spots")

    def options(self, position):
        lands = _lands_of(self.validate(position))
        out, seen = [], set()
        for k, land in enumerate(lands):
            for option in self._search.land_options(land):
                string = position_string(sorted(lands[:k] + option + lands[k + 1:]))
                if string not in seen:
                    seen.add(string)
                    out.append(string)
        return out

    def grundy(self, position):
        """The nim-sum of the nimbers of the lands."""
        lands = _lands_of(self.validate(position))
        search = self._search
        value = 0
        for land in lands:
            value ^= search.run(position, search.nimber, land)
        return value

    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"``: normal play land by land with nimbers, misère play by a
        search of whole positions."""
        check_bool(misere, "misere")
        lands = _lands_of(self.validate(position))
        search = self._search
        if misere:
            return "N" if search.run(position, search.misere_wins, lands) else "P"
        return "N" if search.run(position, search.wins_sum, lands, 0) else "P"


def sprouts_outcome(n, *, misere=False):
    """``"N"`` if the first player wins the game of ``n`` spots, else ``"P"``.

    Normal play unless ``misere``.  ``n`` must be an int from 1 to :data:`MAX_SPOTS`.
    Each call searches afresh with a game of its own, so nothing it remembers outlives
    it, and is bounded by gamelab's budget (``gamelab.engine.SEARCH_WORK``): from 6
    spots on it must be raised (6 spots take some ten minutes and 2 GB).

    >>> [sprouts_outcome(n) for n in range(1, 4)]
    ['P', 'P', 'N']
    >>> [sprouts_outcome(n, misere=True) for n in range(1, 4)]
    ['N', 'P', 'P']
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_SPOTS)
    check_bool(misere, "misere")
    return Sprouts().outcome(sprouts_start(n), misere=misere)


