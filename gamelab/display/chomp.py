"""Chomp in tables and pictures: the winning first moves of every small bar, the
P-positions of three-row Chomp, and the bar itself.

* :func:`first_move_table` — for every rectangle of at most ``n`` rows and
  columns, the squares whose eating wins (the strategy-stealing argument says
  there is one in every rectangle other than 1 × 1; this finds them);
* :func:`three_row_table` — for the top rows ``(b, c)``, the bottom row ``a``
  of the one P-position ``(a, b, c)``, when there is one;
* :func:`plot_three_row_chomp` — the same as a picture;
* :func:`chomp_view` — a bar, its winning first moves and its P-positions
  (the view of :class:`gamelab.widgets.ChompExplorer`).
"""
from __future__ import annotations

from math import comb

from .._validate import check_int
from ..board import Bar
from ..fonts import plot_text
from ..parlour.chomp import chomp_eat, chomp_first_moves, chomp_p_positions
from ..i18n import gettext as _, gettext_noop as N_, ngettext
from .boards import draw_board
from .tables import P_COLOUR, P_INK, Cell, Table, picture, sentence

__all__ = ["first_move_table", "three_row_table", "plot_three_row_chomp", "chomp_view",
           "explorer_columns", "MAX_FIRST_MOVE_SIDE", "THREE_ROW_COLUMNS", "MAX_ROWS",
           "EXPLORER_POSITIONS"]

#: The largest side of :func:`first_move_table` (64 passes, the largest over the 12,869
#: bars of 8 × 8).
MAX_FIRST_MOVE_SIDE = 8
#: How long a bottom row :func:`three_row_table` looks for (3 rows of 40 squares).
THREE_ROW_COLUMNS = 40
#: The explorer's most rows, and the most bars it walks through for one view.
MAX_ROWS = 6
EXPLORER_POSITIONS = 12_000


def _square(move):
    return "({}, {})".format(*move)


def first_move_table(n=6):
    """The winning first moves of every bar of ``r`` rows and ``c`` columns,
    ``1 <= r, c <= n``: each cell lists the squares ``(row, column)`` to eat.

    >>> print(first_move_table(3))
    Winning first moves (row, column) of the bar of r rows and c columns
    rows \\ columns |      1      2      3
                 1 |      — (1, 2) (1, 2)
                 2 | (2, 1) (2, 2) (2, 3)
                 3 | (2, 1) (3, 2) (2, 2)
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_FIRST_MOVE_SIDE)
    rows = [[_("rows \\ columns"), *range(1, n + 1)]]
    for r in range(1, n + 1):
        rows.append([r, *(", ".join(map(_square, chomp_first_moves(r, c))) or "—"
                          for c in range(1, n + 1))])
    return Table.from_rows(rows, title=_(
        "Winning first moves (row, column) of the bar of r rows and c columns"))


def _three_row_bottoms(n):
    """``{(b, c): a}`` for the three-row P-positions ``(a, b, c)`` with ``b < n``."""
    bottoms = {}
    for p in chomp_p_positions(3, THREE_ROW_COLUMNS):
        a, b, c = p + (0,) * (3 - len(p))
        if b < n:
            bottoms[(b, c)] = a
    return bottoms


def three_row_table(n=12):
    """For the top rows ``(b, c)``, ``c <= b < n``, the bottom row ``a`` of the one
    P-position ``(a, b, c)``; ``—`` where there is none with ``a <= THREE_ROW_COLUMNS``.

    There is at most one: from ``(a, b, c)`` eating the bottom row back to a
    shorter ``a' >= max(b, 1)`` reaches ``(a', b, c)``, so two of them would not
    both be P.  ``c = 0`` is two-row Chomp, ``a = b + 1``.  A ``—`` means none at
    all once its row shows ``a = b`` further left, at some ``b' < b``: from every
    ``(a, b, c)``, eating the bottom row back to ``b'`` reaches the P-position
    ``(b', b', c)`` (the tests check that every ``—`` of the table is of that kind).

    >>> print(three_row_table(5))
    Bottom row a of the P-position (a, b, c) of three-row Chomp (— none)
    c \\ b | 0 1 2 3 4
        0 | 1 2 3 4 5
        1 |   3 2 — —
        2 |     4 5 6
        3 |       6 7
        4 |         8
    """
    n = check_int(n, "n", minimum=1, maximum=THREE_ROW_COLUMNS // 2)
    bottoms = _three_row_bottoms(n)
    rows = [["c \\ b", *range(n)]]
    for c in range(n):
        rows.append([c, *("" if b < c else Cell(bottoms[(b, c)], P_COLOUR)
                          if (b, c) in bottoms else "—" for b in range(n))])
    return Table.from_rows(rows, title=_(
        "Bottom row a of the P-position (a, b, c) of three-row Chomp (— none)"))


def plot_three_row_chomp(n=25, *, ax=None):
    """The P-positions ``(a, b, c)`` of three-row Chomp with ``b < n``: the excess
    ``a - b`` of the bottom row against ``b``, one line per third row ``c <= 5``; a
    line stops where its row of :func:`three_row_table` turns to ``—`` (there is
    none from there on).  Returns the matplotlib ``Axes``."""
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use

    n = check_int(n, "n", minimum=2, maximum=THREE_ROW_COLUMNS // 2)
    bottoms = _three_row_bottoms(n)
    if ax is None:
        _fig, ax = plt.subplots(figsize=(8, 3.6))
    for c in range(min(n, 6)):
        bs = [b for b in range(c, n) if (b, c) in bottoms]
        ax.plot(bs, [bottoms[(b, c)] - b for b in bs], marker="o", ms=4,
                label=f"c = {c}", color=P_INK if c == 0 else None)
    ax.set_xlabel(plot_text(N_("b (second row)")))
    ax.set_ylabel(plot_text(N_("a − b (bottom row's excess)")))
    ax.set_title(plot_text(N_("P-positions (a, b, c) of three-row Chomp")))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.grid(alpha=0.3)
    return ax


def explorer_columns(rows):
    """The most columns the explorer offers with ``rows`` rows (at most 40): the bars
    inside stay within :data:`EXPLORER_POSITIONS`."""
    rows = check_int(rows, "rows", minimum=1, maximum=MAX_ROWS)
    columns = 1
    while columns < 40 and comb(rows + columns + 1, rows) - 1 <= EXPLORER_POSITIONS:
        columns += 1
    return columns


def chomp_view(rows=3, columns=5):
    """The ``rows`` × ``columns`` bar, its winning first moves, and the P-positions
    inside it with as many rows as it has.

    >>> print(chomp_view(2, 3).text)
    To win: eat the square in row 2, column 3 → (3, 2) (a P-position).
    P-positions of 2 rows inside this bar (2): (2, 1), (3, 2)
    """
    rows = check_int(rows, "rows", minimum=1, maximum=MAX_ROWS)
    columns = check_int(columns, "columns", minimum=1, maximum=explorer_columns(rows))
    bar = (columns,) * rows
    if (rows, columns) == (1, 1):
        head = sentence(_("Only the poisoned square: the player to move has lost."),
                        colour=P_COLOUR, bold=True)
    else:
        words = "; ".join(_("eat the square in row {r}, column {c}").format(r=r, c=c)
                          + f" → {chomp_eat(bar, r, c)}"
                          for r, c in chomp_first_moves(rows, columns))
        head = sentence(_("To win: {moves} (a P-position).").format(moves=words), bold=True)
    found = [p for p in chomp_p_positions(rows, columns) if len(p) == rows]
    shown = ", ".join(map(str, found[:24])) + (" …" if len(found) > 24 else "")
    listing = sentence(ngettext("P-positions of {rows} row inside this bar ({count}): {list}",
                                "P-positions of {rows} rows inside this bar ({count}): {list}",
                                rows).format(count=len(found), rows=rows, list=shown))
    return head + picture(draw_board(Bar(bar))) + listing
