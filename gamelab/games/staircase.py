"""Staircase Nim (阶梯博弈) and the game of pieces on a strip that reduces to it.

In staircase Nim there are ``c_i`` coins on step ``i`` of a staircase
(``i = 1 .. k``); a move takes one or more coins from one step down to the
step below, and coins moved from step 1 reach the floor (step 0) and leave the
game.  The coins on the odd steps behave like Nim heaps, and the coins on the
even steps do not matter: whatever the opponent brings down from an even step
to an odd one, we bring the same coins one step further, onto an even step.
So the value of a position is the nim-sum of the coins on the odd steps.

Pieces on a strip (POJ 1704 "Georgia and Bob") is staircase Nim in disguise:
the empty cells in front of each piece are the coins, and sliding a piece
moves coins from its own gap to the gap of the piece behind it.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 3,
   ch. 15 (staircase Nim and its relatives).
.. [2] R. P. Sprague, "Bemerkungen über eine spezielle Abelsche Gruppe",
   Math. Z. 51 (1947) — staircase Nim.
.. [3] T. S. Ferguson, *A Course in Game Theory*, World Scientific (2020),
   part I, exercises of ch. 2 (Staircase Nim: the value is the XOR of the odd
   steps); the LanQiao problem "高僧斗法".
"""
from __future__ import annotations

from .._validate import check_bool, check_int_tuple
from ..board import Steps, Strip
from ..engine import Game, option_limit, too_many_options
from ..i18n import gettext as _, ngettext
from ..values import xor_values

__all__ = ["StaircaseNim", "PiecesOnStrip", "odd_step_xor"]


def _check_count(count, position):
    """Refuse to list more than ``OPTION_LIMIT`` options (the closed forms answer instead)."""
    if count > option_limit():
        err = too_many_options(position, option_limit(), one=True)
        err.add_note("grundy, outcome and winning_moves answer at any size from the closed form")
        raise err


def odd_step_xor(position):
    """Nim-sum of the coins on the odd steps 1, 3, 5, ... of a staircase.

    Parameters
    ----------
    position : tuple of int
        ``(c1, c2, ..., ck)``: ``ci`` coins on step ``i``.

    Returns
    -------
    int
        The Sprague–Grundy value of the staircase Nim position.

    Examples
    --------
    >>> odd_step_xor((3, 1, 4, 1, 5))     # 3 ^ 4 ^ 5
    2
    >>> odd_step_xor(())
    0

    References
    ----------
    .. [1] T. S. Ferguson, *A Course in Game Theory*, World Scientific (2020),
       part I, ch. 2 (Staircase Nim).
    """
    return xor_values(check_int_tuple(position, "position")[0::2])


class StaircaseNim(Game):
    """Staircase Nim (阶梯博弈): move coins one step down a staircase.

    A position is a tuple ``(c1, ..., ck)`` with ``ci`` coins on step ``i``.
    A move takes one or more coins from one step ``i`` to step ``i - 1``; coins
    moved from step 1 reach the floor and are out of play.  The player who
    cannot move (every coin on the floor) loses.

    The Sprague–Grundy value is the nim-sum of the coins on the odd steps
    (:func:`odd_step_xor`).  From an odd step we can lower that "heap" to any
    smaller size, exactly as in Nim; a move from an even step only *adds*
    coins to the odd step below, which changes the nim-sum, so no option has
    the value of its position.  Hence the options' values are every number
    below the odd-step nim-sum and never the nim-sum itself: their mex is
    the nim-sum.

    Options are listed step by step from step 1 upwards, and on each step by
    the number of coins moved, one coin first.  Each step offers at most one
    winning move, and :meth:`winning_moves` lists them in that order.
    Misère play is by search.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.StaircaseNim()
    >>> gl.grundy(g, (3, 1, 4, 1, 5))
    2
    >>> gl.winning_moves(g, (3, 1, 4, 1, 5))
    [(1, 1, 4, 1, 5)]
    >>> gl.winning_moves(g, (2, 3, 1, 4))
    [(1, 3, 1, 4), (2, 3, 2, 3)]
    >>> gl.outcome(g, (0, 7)), gl.outcome(g, (2, 0, 2))
    ('P', 'P')
    >>> g.move_label((2, 3, 1, 4), (2, 3, 2, 3))
    'move 1 coin from step 4 to step 3'

    References
    ----------
    .. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 3,
       ch. 15.
    .. [2] T. S. Ferguson, *A Course in Game Theory*, World Scientific (2020),
       part I, ch. 2 (the value is the XOR of the odd steps).
    """

    name = "staircase Nim"
    always_ends = True

    def validate(self, position):
        return check_int_tuple(position, "position", lists=True)

    def position_hint(self, position):
        """A position is a tuple of the coins on steps 1, 2, ..."""
        one = (f"; {position} coins on step 1 are ({position},)"
               if type(position) is int and position >= 0 else "")
        return (f"a position of {self.name} is a tuple (c1, ..., ck) of the coins on steps 1 "
                f"to k, such as (0, 3, 1){one}")

    def board(self, position):
        """The steps and their coins."""
        return Steps(self.validate(position))

    def options(self, position):
        """Moves from step 1 upwards; on each step one coin first, then two, ... (refused
        when they are more than ``gamelab.engine.OPTION_LIMIT``: one per coin)."""
        pos = self.validate(position)
        _check_count(sum(pos), pos)
        return self._options(pos)

    @staticmethod
    def _options(pos):
        for i, c in enumerate(pos):
            for m in range(1, c + 1):
                new = list(pos)
                new[i] -= m
                if i:
                    new[i - 1] += m
                yield tuple(new)

    def grundy(self, position):
        return odd_step_xor(self.validate(position))

    def winning_moves(self, position, *, misere=False):
        if check_bool(misere, "misere"):
            return super().winning_moves(position, misere=True)
        pos = self.validate(position)
        x = odd_step_xor(pos)
        moves = []
        if x == 0:
            return moves
        for i, c in enumerate(pos):
            if i % 2 == 0:          # odd step i + 1: lower it to c ^ x, as in Nim
                target = c ^ x
                if target < c:
                    new = list(pos)
                    new[i] = target
                    if i:
                        new[i - 1] += c - target
                    moves.append(tuple(new))
            else:                   # even step: raise the odd step below to b ^ x
                below = pos[i - 1]
                m = (below ^ x) - below
                if 0 < m <= c:
                    new = list(pos)
                    new[i] -= m
                    new[i - 1] += m
                    moves.append(tuple(new))
        return moves

    # -- words and pictures ---------------------------------------------------
    def move_label(self, position, option):
        """How a move reads in words, e.g. ``'move 2 coins from step 3 to step 2'``."""
        pos = self.validate(position)
        opt = self.validate(option)
        for i, (a, b) in enumerate(zip(pos, opt)):
            if b < a:
                m = a - b
                where = _("the floor") if i == 0 else _("step {i}").format(i=i)
                return ngettext("move {count} coin from step {step} to {where}",
                                "move {count} coins from step {step} to {where}", m).format(
                                    count=m, step=i + 1, where=where)
        return _("no move")

    def __repr__(self):
        return "StaircaseNim()"


class PiecesOnStrip(Game):
    """Pieces on a one-row strip that slide left (POJ 1704 "Georgia and Bob").

    A position is a tuple of the distinct cells (1, 2, 3, ...) holding a
    piece, in any order; it is kept sorted.  A move slides one piece to the
    left by one or more cells, without reaching or jumping over the piece to
    its left or leaving the strip (cells start at 1).  The player who cannot
    move loses.

    With the pieces sorted, call the empty cells between a piece and its left
    neighbour (or the edge) its *gap*.  Sliding a piece shrinks its gap and
    widens the gap of the piece to its right by the same amount, so the gaps,
    read from the rightmost piece leftwards, are a staircase Nim position
    (:meth:`to_staircase`): the rightmost piece's gap is step 1, whose coins
    leave the game.  The value is therefore the nim-sum of the gaps of the
    1st, 3rd, 5th, ... piece counted from the right — "pair the pieces from
    the right and add a piece at cell 0 when the count is odd".

    Examples
    --------
    >>> import gamelab as gl
    >>> from gamelab.games.staircase import PiecesOnStrip
    >>> g = PiecesOnStrip()
    >>> g.to_staircase((1, 5, 6, 7, 9, 12, 14, 17))
    (2, 1, 2, 1, 0, 0, 3, 0)
    >>> gl.outcome(g, (1, 2, 3)), gl.outcome(g, (17, 1, 5, 6, 7, 9, 12, 14))
    ('P', 'N')
    >>> gl.winning_moves(g, (2, 6))
    [(2, 3)]

    References
    ----------
    .. [1] POJ 1704 "Georgia and Bob".
    """

    name = "pieces on a strip"
    always_ends = True

    def position_hint(self, position):
        """A position is a tuple of the cells the pieces stand on."""
        return (f"a position of {self.name} is a tuple of the distinct cells (1, 2, ...) the "
                "pieces stand on, such as (2, 5, 6)")

    def validate(self, position):
        pos = check_int_tuple(position, "position", minimum=1, lists=True)
        pos = tuple(sorted(pos))
        for a, b in zip(pos, pos[1:]):
            if a == b:
                raise ValueError(f"position must hold distinct cells, got cell {a} twice")
        return pos

    def board(self, position):
        """The strip up to its rightmost piece, and the cells the pieces are on."""
        pos = self.validate(position)
        return Strip(pos, max(pos, default=0))

    def options(self, position):
        """Pieces from left to right; each slides one cell first, then two, ... (refused when
        they are more than ``gamelab.engine.OPTION_LIMIT``: one per empty cell on the left)."""
        pos = self.validate(position)
        _check_count(max(pos, default=0) - len(pos), pos)
        return self._options(pos)

    @staticmethod
    def _options(pos):
        for j, p in enumerate(pos):
            lo = pos[j - 1] if j else 0
            for q in range(p - 1, lo, -1):
                yield pos[:j] + (q,) + pos[j + 1:]

    def to_staircase(self, position):
        """The gaps as a staircase Nim position, rightmost piece's gap on step 1."""
        pos = self.validate(position)
        gaps = [p - (pos[j - 1] if j else 0) - 1 for j, p in enumerate(pos)]
        return tuple(reversed(gaps))

    def grundy(self, position):
        return odd_step_xor(self.to_staircase(position))

    def winning_moves(self, position, *, misere=False):
        if check_bool(misere, "misere"):
            return super().winning_moves(position, misere=True)
        pos = self.validate(position)
        stairs = self.to_staircase(pos)
        n = len(pos)
        moves = []
        for new in StaircaseNim().winning_moves(stairs):
            step = next(i for i, (a, b) in enumerate(zip(stairs, new)) if b < a)
            j = n - 1 - step               # the piece whose gap is that step
            d = stairs[step] - new[step]   # it slides d cells left
            moves.append(pos[:j] + (pos[j] - d,) + pos[j + 1:])
        moves.reverse()                    # pieces from left to right, as in options()
        return moves

    def move_label(self, position, option):
        """How a move reads in words, e.g. ``'piece on 6 to 3'``."""
        pos = self.validate(position)
        opt = self.validate(option)
        for a, b in zip(pos, opt):
            if a != b:
                return _("piece on {a} to {b}").format(a=a, b=b)
        return _("no move")

    def __repr__(self):
        return "PiecesOnStrip()"
