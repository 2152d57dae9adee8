"""HTML tables with P-positions highlighted.

P-positions are marked twice — by colour (the Okabe–Ito blue, distinct from
the orange of N for colour-blind readers too) and by bold type — so a table
reads the same on a projector, in print and for every viewer.
"""
from __future__ import annotations

import html

__all__ = ["Table", "sequence_table", "grid_table", "table_cell", "key_value_table", "MARK_COLOUR",
           "P_COLOUR", "N_COLOUR", "P_INK", "ALERT_COLOUR", "N_PALE", "value_colour",
           "outcome_colour"]

#: Okabe–Ito sky blue for P-positions, and orange for N-positions.
P_COLOUR = "#56B4E9"
N_COLOUR = "#E69F00"
#: Okabe–Ito yellow: marks a cell that matters (a move, a bit) and is not a P-position.
MARK_COLOUR = "#F0E442"
#: Okabe–Ito blue: text, outlines and lines that mark P-positions.
P_INK = "#0072B2"
#: Okabe–Ito vermilion: a warning, or a second line in a picture.
ALERT_COLOUR = "#D55E00"
#: Pale orange: N-positions where a picture needs a quiet background.
N_PALE = "#FBE8C2"

_CELL = "padding:2px 6px;border:1px solid #bbb;text-align:center;min-width:1.6em"
_HEAD = _CELL + ";background:#f0f0f0;font-weight:normal;color:#555"


def value_colour(value):
    """Background colour of a cell: blue for 0 (P), none otherwise."""
    return P_COLOUR if value == 0 else None


class Table:
    """An HTML table that also prints as plain text.

    ``html`` is what a notebook shows; ``text`` is what ``print`` and nbval's
    plain-text comparison see.
    """

    def __init__(self, html_text, text):
        self.html = html_text
        self.text = text

    def _repr_html_(self):
        return self.html

    def __repr__(self):
        return self.text

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Table) and self.html == other.html and self.text == other.text

    __hash__ = None


def outcome_colour(label):
    """Background of an outcome cell: ``"P"`` blue, ``"N"`` orange, anything else none."""
    return {"P": P_COLOUR, "N": N_COLOUR}.get(label)


def table_cell(value, colour=None, bold=False, head=False):
    """One ``<td>`` (or ``<th>`` with ``head=True``) in gamelab's table style."""
    style = _HEAD if head else _CELL
    if colour:
        style += f";background:{colour}"
    if bold:
        style += ";font-weight:bold"
    tag = "th" if head else "td"
    return f'<{tag} style="{style}">{html.escape(str(value))}</{tag}>'


def key_value_table(rows, *, highlight=()):
    """A two-column table, names on the left; rows named in ``highlight`` marked as P.

    Examples
    --------
    >>> print(key_value_table([("heap", 5), ("outcome", "P")], highlight={"outcome"}))
    heap    | 5
    outcome | P
    """
    rows = [(str(k), str(v)) for k, v in rows]
    width = max((len(k) for k, _ in rows), default=0)
    text = "\n".join(f"{k:<{width}} | {v}" for k, v in rows)
    body = "".join("<tr>" + table_cell(k, head=True)
                   + table_cell(v, P_COLOUR if k in highlight else None, bold=k in highlight)
                   + "</tr>" for k, v in rows)
    html_text = (f'<table class="gamelab-table" style="border-collapse:collapse;'
                 f'font-family:monospace;font-size:14px">{body}</table>')
    return Table(html_text, text)


def sequence_table(values, *, start=0, per_row=20, label="n", value_label="G(n)",
                   title=None, colour=value_colour):
    """A 1-D sequence as rows of ``per_row`` cells, zeros (P-positions) highlighted.

    Parameters
    ----------
    values : sequence of int (or str)
        The values for positions ``start, start + 1, ...``.
    per_row : int
        Cells per row; long sequences wrap.
    colour : callable
        ``colour(value)`` gives a background colour or ``None``.

    Examples
    --------
    >>> t = sequence_table([0, 1, 0, 1, 2], per_row=5)
    >>> print(t)
       n | 0 1 2 3 4
    G(n) | 0 1 0 1 2
    """
    values = list(values)
    rows_html = []
    text_rows = []
    width = max([len(label), len(value_label)])
    for lo in range(0, max(len(values), 1), per_row):
        chunk = values[lo:lo + per_row]
        idx = list(range(start + lo, start + lo + len(chunk)))
        cw = [max(len(str(i)), len(str(v))) for i, v in zip(idx, chunk)]
        text_rows.append(f"{label:>{width}} | " + " ".join(f"{i:>{w}}" for i, w in zip(idx, cw)))
        text_rows.append(f"{value_label:>{width}} | " + " ".join(f"{str(v):>{w}}" for v, w in zip(chunk, cw)))
        rows_html.append("<tr>" + table_cell(label, head=True) + "".join(table_cell(i, head=True) for i in idx) + "</tr>")
        rows_html.append(
            "<tr>" + table_cell(value_label, head=True)
            + "".join(table_cell(v, colour(v), bold=colour(v) is not None) for v in chunk) + "</tr>"
        )
    caption = f"<caption style='caption-side:top;text-align:left;white-space:nowrap'>{html.escape(title)}</caption>" if title else ""
    html_text = (f'<table class="gamelab-table" style="border-collapse:collapse;font-family:monospace;font-size:14px">'
                 f"{caption}{''.join(rows_html)}</table>")
    text = ((title + "\n") if title else "") + "\n".join(text_rows)
    return Table(html_text, text)


def grid_table(cell, rows, cols, *, row_label="", col_label="", title=None, colour=value_colour):
    """A 2-D table: ``cell(r, c)`` for every row ``r`` and column ``c``.

    Examples
    --------
    >>> print(grid_table(lambda a, b: a ^ b, range(3), range(3), row_label="a", col_label="b"))
    a\\b | 0 1 2
      0 | 0 1 2
      1 | 1 0 3
      2 | 2 3 0
    """
    rows = list(rows)
    cols = list(cols)
    data = [[cell(r, c) for c in cols] for r in rows]
    corner = f"{row_label}\\{col_label}" if (row_label or col_label) else ""
    cw = [max([len(str(c))] + [len(str(data[i][j])) for i in range(len(rows))]) for j, c in enumerate(cols)]
    rw = max([len(corner)] + [len(str(r)) for r in rows])
    text_rows = [f"{corner:>{rw}} | " + " ".join(f"{str(c):>{w}}" for c, w in zip(cols, cw))]
    html_rows = ["<tr>" + table_cell(corner, head=True) + "".join(table_cell(c, head=True) for c in cols) + "</tr>"]
    for r, line in zip(rows, data):
        text_rows.append(f"{str(r):>{rw}} | " + " ".join(f"{str(v):>{w}}" for v, w in zip(line, cw)))
        html_rows.append("<tr>" + table_cell(r, head=True)
                         + "".join(table_cell(v, colour(v), bold=colour(v) is not None) for v in line) + "</tr>")
    caption = f"<caption style='caption-side:top;text-align:left;white-space:nowrap'>{html.escape(title)}</caption>" if title else ""
    html_text = (f'<table class="gamelab-table" style="border-collapse:collapse;font-family:monospace;font-size:14px">'
                 f"{caption}{''.join(html_rows)}</table>")
    text = ((title + "\n") if title else "") + "\n".join(text_rows)
    return Table(html_text, text)
