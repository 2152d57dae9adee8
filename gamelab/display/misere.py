"""Misère Nim (反尼姆博弈): normal and misère play side by side.

:func:`compare_table` is what the misère explorer shows.
"""
from __future__ import annotations

from .. import engine
from .._validate import check_int_tuple
from ..games.nim import Nim
from ..i18n import gettext as _
from .tables import Cell, Table, outcome_colour, sentence

__all__ = ["compare_table"]

_NIM = Nim()


def _moves_text(heaps, moves):
    return "; ".join(_NIM.move_label(heaps, m) for m in moves) if moves else _("none")


def compare_table(heaps):
    """Normal and misère Nim on the same heaps: outcomes, winning moves, where they part.

    Parameters
    ----------
    heaps : tuple of int

    Returns
    -------
    Table
        Outcome and winning moves in both kinds of play, and a line saying
        whether the two strategies agree.

    Examples
    --------
    >>> print(compare_table((1, 1, 2)))
      heaps 1 1 2 |        normal play        misère play
          outcome |                  N                  N
    winning moves | take 2 from heap 3 take 1 from heap 3
    the strategies part: the normal-play move would leave only heaps of 0 or 1; misère play leaves an odd number of 1-heaps instead
    >>> print(compare_table((3, 5, 7)).text.splitlines()[-1])
    the strategies agree: some heap is still larger than 1 after the winning move
    """
    pos = check_int_tuple(heaps, "heaps")
    (n_out, n_moves), (m_out, m_moves) = (
        (engine.outcome(_NIM, pos, misere=m), engine.winning_moves(_NIM, pos, misere=m))
        for m in (False, True))
    if n_moves == m_moves and n_out == m_out:
        if n_out == "P":
            note = _("the strategies agree: the player to move loses either way")
        else:
            note = _("the strategies agree: some heap is still larger than 1 after the winning "
                     "move")
    elif all(h <= 1 for h in pos):
        note = _("the strategies part: with only heaps of 0 or 1 left, "
                 "normal play wants an even number of 1-heaps, misère play an odd number")
    else:
        note = _("the strategies part: the normal-play move would leave only heaps of 0 or 1; "
                 "misère play leaves an odd number of 1-heaps instead")

    def outcome(v):
        return Cell(v, outcome_colour(v), bold=v == "P")

    rows = [[_("heaps {heaps}").format(heaps=" ".join(map(str, pos)) or _("(none)")),
             _("normal play"), _("misère play")],
            [_("outcome"), outcome(n_out), outcome(m_out)],
            [_("winning moves"), _moves_text(pos, n_moves), _moves_text(pos, m_moves)]]
    return Table.from_rows(rows) + sentence(note)
