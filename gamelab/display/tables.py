"""Tables that show as HTML and print as text, built from one list of rows.

P-positions are marked twice — by colour (the Okabe–Ito blue, distinct from
the orange of N for colour-blind readers too) and by bold type — so a table
reads the same on a projector, in print and for every viewer.

Every table of gamelab is a :class:`Table` made by :meth:`Table.from_rows`:
the rows are cells (:class:`Cell`: a value, its colour, bold or not, and the
text it prints as when that differs), and the HTML and the plain text are
both written from them.  Tables, sentences (:func:`sentence`), lists
(:func:`bullets`) and pictures (:func:`picture`) add up with ``+`` into one
view, which is what the explorers show.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Optional

__all__ = ["Table", "Cell", "sequence_table", "grid_table", "table_cell", "key_value_table",
           "sentence", "bullets", "picture", "scroll_box", "MARK_COLOUR", "P_COLOUR",
           "N_COLOUR", "P_INK", "ALERT_COLOUR", "N_PALE", "value_colour", "outcome_colour"]

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
_TABLE = ('<table class="gamelab-table" style="border-collapse:collapse;font-family:monospace;'
          'font-size:14px">')
_CAPTION = "<caption style='caption-side:top;text-align:left;white-space:nowrap'>"


def value_colour(value):
    """Background colour of a cell: blue for 0 (P), none otherwise."""
    return P_COLOUR if value == 0 else None


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


def scroll_box(content, *, max_height=None):
    """Wrap HTML in a box that scrolls sideways (and down) by itself.

    A wide table or picture then scrolls inside its box, and the controls
    above it stay where they are.
    """
    style = "overflow-x:auto;max-width:100%"
    if max_height:
        style += f";max-height:{max_height}px;overflow-y:auto"
    return f'<div class="gamelab-scroll" style="{style}">{content}</div>'


@dataclass(frozen=True)
class Cell:
    """One cell of a table.

    ``value`` is shown (escaped) in the HTML; ``text`` is what the plain-text
    table prints instead, when it differs (``"1*"`` for a marked bit shown in
    yellow).  ``head`` makes it a header cell.
    """

    value: Any
    colour: Optional[str] = None
    bold: bool = False
    head: bool = False
    text: Optional[str] = None

    def html(self):
        return table_cell(self.value, self.colour, self.bold, self.head)

    def plain(self):
        return str(self.value) if self.text is None else self.text


class Table:
    """An HTML table that also prints as plain text.

    ``html`` is what a notebook shows; ``text`` is what ``print`` and nbval's
    plain-text comparison see.  Build one with :meth:`from_rows`; two tables
    (or a table and a :func:`sentence` or :func:`picture`) add up with ``+``:
    the HTML one after the other, the texts line after line.

    Examples
    --------
    >>> t = Table.from_rows([["heap", 5], ["outcome", Cell("P", P_COLOUR, bold=True)]],
    ...                     align="left", head_rows=())
    >>> print(t + sentence("one more line"))
    heap    | 5
    outcome | P
    one more line
    """

    def __init__(self, html_text, text):
        self.html = html_text
        self.text = text

    @classmethod
    def from_rows(cls, rows, *, title=None, head_rows=(0,), align="right", min_width=0,
                  group=None):
        """A table from rows of cells; the HTML and the text are written from the same rows.

        Parameters
        ----------
        rows : sequence of sequences
            Each row is its label (the first cell, a header cell) and its
            cells.  A cell is a :class:`Cell` or a plain value (shown as is).
        title : str, optional
            The caption (the first line of the text).
        head_rows : collection of int
            Rows whose cells are all header cells (default: the first row).
        align : ``"right"`` or ``"left"``
            How the text aligns the cells of a column.
        min_width : int
            The least width of a column in the text (not of the labels).
        group : int, optional
            Column widths in the text are measured over each run of ``group``
            rows (a long sequence printed as several blocks); default: all rows.

        Examples
        --------
        >>> print(Table.from_rows([["n", 0, 1, 2], ["G(n)", Cell(0, P_COLOUR, True), 1, 2]],
        ...                       title="values"))
        values
           n | 0 1 2
        G(n) | 0 1 2
        """
        if align not in ("right", "left"):
            raise ValueError(f"align must be 'right' or 'left', got {align!r}")
        head_rows = set(head_rows)
        grid = []
        for r, row in enumerate(rows):
            line = []
            for c, cell in enumerate(row):
                if not isinstance(cell, Cell):
                    cell = Cell(cell, head=(c == 0 or r in head_rows))
                line.append(cell)
            grid.append(line)
        return cls(_rows_html(grid, title), _rows_text(grid, title, align, min_width, group))

    def scrolled(self, *, max_height=None):
        """The same table in a box that scrolls when it is wider (or taller) than the page."""
        return Table(scroll_box(self.html, max_height=max_height), self.text)

    def __add__(self, other):
        if not isinstance(other, Table):
            return NotImplemented
        text = "\n".join(t for t in (self.text, other.text) if t)
        return Table(self.html + other.html, text)

    def _repr_html_(self):
        return self.html

    def __repr__(self):
        return self.text

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Table) and self.html == other.html and self.text == other.text

    __hash__ = None


def _rows_html(grid, title):
    caption = f"{_CAPTION}{html.escape(title)}</caption>" if title else ""
    body = "".join("<tr>" + "".join(cell.html() for cell in row) + "</tr>" for row in grid)
    return f"{_TABLE}{caption}{body}</table>"


def _rows_text(grid, title, align, min_width, group):
    texts = [[cell.plain() for cell in row] for row in grid]
    label_width = max((len(row[0]) for row in texts if row), default=0)
    step = group or max(len(texts), 1)
    lines = [title] if title else []
    for lo in range(0, len(texts), step):
        block = texts[lo:lo + step]
        widths = {}
        for row in block:
            for j, t in enumerate(row[1:]):
                widths[j] = max(widths.get(j, min_width), len(t))
        for row in block:
            if align == "right":
                cells = [t.rjust(widths[j]) for j, t in enumerate(row[1:])]
                label = row[0].rjust(label_width) if row else ""
            else:
                cells = [t.ljust(widths[j]) for j, t in enumerate(row[1:])]
                label = row[0].ljust(label_width) if row else ""
            lines.append((label + " | " + " ".join(cells)).rstrip())
    return "\n".join(lines)


def sentence(text, *, colour=None, bold=False, ink=None):
    """One line of words under (or above) a table.

    ``colour`` (a background) and ``bold`` mark it, as a P-position is marked
    in a table; ``ink`` colours the letters (a warning).

    >>> print(sentence("A P-position.", colour=P_COLOUR, bold=True).html)
    <p style="margin:4px 0"><span style="padding:1px 6px;background:#56B4E9;font-weight:bold">A P-position.</span></p>
    """
    words = html.escape(str(text))
    if colour or bold or ink:
        style = "padding:1px 6px" + (f";background:{colour}" if colour else "") + (
            ";font-weight:bold" if bold else "") + (f";color:{ink}" if ink else "")
        words = f'<span style="{style}">{words}</span>'
    return Table(f'<p style="margin:4px 0">{words}</p>', str(text))


def bullets(lines):
    """A list of lines (the winning moves, say): ``<ul>`` in HTML, one line each in text."""
    lines = [str(line) for line in lines]
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return Table(f'<ul style="margin:0 0 4px 0">{items}</ul>' if lines else "",
                 "\n".join(f"  {line}" for line in lines))


def picture(html_text, text="", *, max_height=None):
    """A picture (an ``<svg>`` or ``<img>``) in its own scroll box; ``text`` is what prints."""
    return Table(scroll_box(html_text, max_height=max_height) if html_text else "", text)


def key_value_table(rows, *, highlight=()):
    """A two-column table, names on the left; rows named in ``highlight`` marked as P.

    Examples
    --------
    >>> print(key_value_table([("heap", 5), ("outcome", "P")], highlight={"outcome"}))
    heap    | 5
    outcome | P
    """
    rows = [(str(k), str(v)) for k, v in rows]
    return Table.from_rows(
        [[k, Cell(v, P_COLOUR if k in highlight else None, bold=k in highlight)] for k, v in rows],
        head_rows=(), align="left")


def _marked(value, colour):
    c = colour(value)
    return Cell(value, c, bold=c is not None)


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
    rows = []
    for lo in range(0, max(len(values), 1), per_row):
        chunk = values[lo:lo + per_row]
        rows.append([label, *range(start + lo, start + lo + len(chunk))])
        rows.append([value_label, *(_marked(v, colour) for v in chunk)])
    return Table.from_rows(rows, title=title, head_rows=range(0, len(rows), 2), group=2)


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
    corner = f"{row_label}\\{col_label}" if (row_label or col_label) else ""
    body = [[r, *(_marked(cell(r, c), colour) for c in cols)] for r in rows]
    return Table.from_rows([[corner, *cols], *body], title=title)
