"""Explorer for misère Nim (反尼姆博弈): normal and misère play side by side.

:func:`compare_table` does the work and returns a
:class:`gamelab.display.Table`; :class:`MisereNimExplorer` wires heap sliders
to it, so tests set ``slider.value`` and read ``explorer.html.value``.
"""
from __future__ import annotations

import html

from ._kit import HeapReportExplorer

from .. import engine
from .._validate import check_int_tuple
from ..display.tables import Table, outcome_colour, table_cell
from ..games.nim import Nim

__all__ = ["MisereNimExplorer", "compare_table"]

_NIM = Nim()


def _moves_text(heaps, moves):
    return "; ".join(_NIM.move_label(heaps, m) for m in moves) if moves else "none"


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
    heaps 1 1 2
    normal play: N, winning moves: take 2 from heap 3
    misère play: N, winning moves: take 1 from heap 3
    the strategies part: the normal-play move would leave only heaps of 0 or 1; misère play leaves an odd number of 1-heaps instead
    >>> print(compare_table((3, 5, 7)).text.splitlines()[-1])
    the strategies agree: some heap is still larger than 1 after the winning move
    """
    pos = check_int_tuple(heaps, "heaps")
    rows = []
    results = {}
    for misere in (False, True):
        out = engine.outcome(_NIM, pos, misere=misere)
        moves = engine.winning_moves(_NIM, pos, misere=misere)
        results[misere] = (out, moves)
    (n_out, n_moves), (m_out, m_moves) = results[False], results[True]
    rows.append(("outcome", n_out, m_out))
    rows.append(("winning moves", _moves_text(pos, n_moves), _moves_text(pos, m_moves)))
    if n_moves == m_moves and n_out == m_out:
        if n_out == "P":
            note = "the strategies agree: the player to move loses either way"
        else:
            note = "the strategies agree: some heap is still larger than 1 after the winning move"
    elif all(h <= 1 for h in pos):
        note = ("the strategies part: with only heaps of 0 or 1 left, "
                "normal play wants an even number of 1-heaps, misère play an odd number")
    else:
        note = ("the strategies part: the normal-play move would leave only heaps of 0 or 1; "
                "misère play leaves an odd number of 1-heaps instead")
    head = ("heaps " + (" ".join(map(str, pos)) or "(none)"), "normal play", "misère play")
    text = [head[0]]
    for kind, (out, moves) in (("normal play", results[False]), ("misère play", results[True])):
        text.append(f"{kind}: {out}, winning moves: {_moves_text(pos, moves)}")
    text.append(note)

    def cell(v):
        return table_cell(v, outcome_colour(v), bold=v == "P")

    html_rows = ["<tr>" + "".join(table_cell(h, head=True) for h in head) + "</tr>"]
    for r in rows:
        html_rows.append("<tr>" + "".join(cell(v) for v in r) + "</tr>")
    html_text = ("<table class='gamelab-table' style='border-collapse:collapse;"
                 "font-family:monospace;font-size:14px'>"
                 + "".join(html_rows) + "</table>"
                 + f"<div style='font-family:monospace;margin-top:4px'>{html.escape(note)}</div>")
    return Table(html_text, "\n".join(text))


class MisereNimExplorer(HeapReportExplorer):
    """Heap sliders; shows normal and misère outcomes and winning moves side by side.

    Parameters
    ----------
    heaps : tuple of int
        The starting heaps (1 to 6 heaps).
    max_heap : int
        The largest heap a slider offers.

    Examples
    --------
    >>> e = MisereNimExplorer((1, 1, 2), max_heap=7)
    >>> e.sliders[2].value = 1
    >>> e.heaps
    (1, 1, 1)
    >>> print(e.result.text.splitlines()[2])
    misère play: P, winning moves: none
    """

    fallback = (
        "heap sliders show the normal and the misère outcome and their winning moves side"
        " by side."
    )
    report = compare_table

    def __init__(self, heaps=(1, 2, 3), *, max_heap=7):
        super().__init__(heaps, max_heap)

    heaps = HeapReportExplorer.shown
