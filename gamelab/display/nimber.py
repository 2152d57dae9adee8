"""Nim multiplication and two-dimensional coin turning: the product table, its picture,
and the values of a grid of coins.

* :func:`nim_product_table` — the table of ``x ⊗ y`` for ``x, y`` below a
  size, coloured by value, zeros (P-positions of Turning Corners) in the
  P colour; the subfields of 4 and 16 elements show as blocks, because a
  product of numbers below a Fermat 2-power F stays below F and the colours
  change from one such range of values to the next;
* :func:`nim_product_picture` — the same table as a picture, up to
  ``1024 × 1024``, the blocks outlined;
* :func:`tartan_table` — a grid of coins of a tartan game: the value of
  every head, their nim-sum and the winning moves.
"""
from __future__ import annotations

import numpy as np

from .._validate import check_bool, check_int
from ..games.coins2d import AcrosticTwins, TartanGame
from ..i18n import gettext as _, ngettext
from ..nimber import nim_field_size, nim_mul_array
from .svg import FONT_PX, nice_ticks, png_base64, svg_root, svg_text, viridis
from .tables import (ALERT_COLOUR, MARK_COLOUR, P_COLOUR, P_INK, Cell, Table, bullets, picture,
                     sentence)

__all__ = ["nim_product_table", "nim_product_picture", "tartan_table", "corner_words",
           "product_colour",
           "MAX_TABLE", "MAX_PICTURE", "MAX_MOVES_SHOWN"]

#: The largest table of products (x, y below this number).
MAX_TABLE = 256
#: The largest picture of products.
MAX_PICTURE = 1024
#: At most this many winning moves are listed under a grid of coins.
MAX_MOVES_SHOWN = 8

#: The ranges of values below the Fermat 2-powers, each with its own band of colours:
#: ``(lowest value, field size, first and last point on the viridis scale)``.
#: (The last band stops short of viridis' yellow, which would read as a marked cell.)
_BANDS = ((2, 4, 0.02, 0.16), (4, 16, 0.30, 0.56), (16, 256, 0.64, 0.88),
          (256, 65536, 0.64, 0.88))
#: Without colour by value, each band is one grey (lighter for larger fields).
_GREYS = {4: "#c9c9c9", 16: "#e1e1e1", 256: "#f3f3f3", 65536: "#f3f3f3"}


def _pale(hex_colour, amount=0.5):
    """``hex_colour`` mixed with white (black digits stay readable on it)."""
    rgb = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def product_colour(value, *, colour=True, top=None):
    """The background of a cell of the product table holding ``value``.

    ``0`` is a P-position (the P colour) and ``1`` has no colour.  The other
    values fall into the ranges 2..3, 4..15, 16..255, ... (from one Fermat
    2-power to the next); each range has its own band of the viridis scale
    (paled, so black digits stay readable), or with ``colour=False`` its own
    grey.  ``top`` is the largest value of the table: the band of the last
    range is spread over its values up to ``top``.

    >>> product_colour(0) == P_COLOUR, product_colour(1)
    (True, None)
    >>> product_colour(5, colour=False), product_colour(200, colour=False)
    ('#e1e1e1', '#f3f3f3')
    >>> product_colour(2) != product_colour(3) != product_colour(4)
    True
    """
    value = check_int(value, "value")
    if value == 0:
        return P_COLOUR
    if value == 1:
        return None
    size = nim_field_size(value)
    if not colour:
        return _GREYS.get(size, _GREYS[256])
    low, high, t0, t1 = next((b for b in _BANDS if b[1] == size), _BANDS[-1])
    if top is not None:
        high = max(min(high, top + 1), value + 1)
    t = t0 + (t1 - t0) * (value - low) / max(high - 1 - low, 1)
    return _pale(viridis(min(t, 1.0)))


def _check_size(size, name, largest):
    return check_int(size, name, minimum=1, maximum=largest)


def _products(size):
    a = np.arange(size, dtype=np.uint64)
    return nim_mul_array(a[:, None], a[None, :]).astype(np.int64)


def _fermat_sizes(size):
    """The Fermat 2-powers F with ``2 < F <= size`` (the subfields shown whole)."""
    out, f = [], 4
    while f <= size:
        out.append(f)
        f *= f
    return out


def nim_product_table(size, *, colour=True, mark=None):
    """The nim multiplication table ``x ⊗ y`` for ``x, y`` below ``size``.

    Parameters
    ----------
    size : int
        1 to :data:`MAX_TABLE`.
    colour : bool
        Colour the cells by value (else one grey per range of values).
        Either way a product of numbers below a Fermat 2-power F is below F,
        so the subfields of 4 and 16 elements stand out as the top-left
        blocks; zeros are marked as P-positions (a single head at ``(x, y)``
        of Turning Corners, counted from 0, is worth ``x ⊗ y``).
    mark : int, optional
        Mark the cells holding this value (yellow; ``*`` in the text); 0 or
        ``None`` marks nothing (the zeros are marked as P-positions anyway).

    Returns
    -------
    gamelab.display.Table

    Examples
    --------
    >>> print(nim_product_table(4))
    nim products x ⊗ y for x, y < 4
    x\\y | 0 1 2 3
      0 | 0 0 0 0
      1 | 0 1 2 3
      2 | 0 2 3 1
      3 | 0 3 1 2
    the block x, y < 4 is the field of 4 elements: its products stay below 4
    >>> print(nim_product_table(4, mark=1).text.splitlines()[-1])
    marked: the 3 cells with x ⊗ y = 1; in the field of 4 each row x ≠ 0 holds 1 once (y = x⁻¹)
    """
    size = _check_size(size, "size", MAX_TABLE)
    colour = check_bool(colour, "colour")
    if mark is not None:
        mark = check_int(mark, "mark") or None
    table = _products(size).tolist()
    top = max(max(row) for row in table)

    def cell(v):
        if mark is not None and v == mark:
            return Cell(v, MARK_COLOUR, bold=True, text=f"{v}*")
        return Cell(v, product_colour(v, colour=colour, top=top), bold=v == 0)

    rows = [["x\\y", *range(size)]]
    rows += [[x, *(cell(v) for v in row)] for x, row in enumerate(table)]
    out = Table.from_rows(rows, title=_("nim products x ⊗ y for x, y < {size}").format(size=size))
    fields = _fermat_sizes(size)
    if fields:
        blocks = _(" and ").join(f"x, y < {f}" for f in fields)
        names = _(" and ").join(f"{f}" for f in fields)
        out += sentence(ngettext(
            "the block {blocks} is the field of {names} elements: its products stay below {names}",
            "the blocks {blocks} are the fields of {names} elements: their products stay below "
            "{names}", len(fields)).format(blocks=blocks, names=names))
    if mark is not None:
        count = sum(row.count(mark) for row in table)
        words = ngettext("marked: the {count} cell with x ⊗ y = {mark}",
                         "marked: the {count} cells with x ⊗ y = {mark}", count).format(
            count=count, mark=mark)
        field = next((f for f in reversed(fields) if mark < f), None)
        if field is not None and all(row[:field].count(mark) == 1 for row in table[1:field]):
            words += _("; in the field of {field} each row x ≠ 0 holds {mark} once (y = {y})").format(
                field=field, mark=mark, y="x⁻¹" if mark == 1 else f"{mark} ⊗ x⁻¹")
        out += sentence(words)
    return out


def nim_product_picture(size=256, *, cell_px=None):
    """The table of ``x ⊗ y`` for ``x, y`` below ``size`` as a picture, the blocks outlined.

    Each cell is one pixel of a PNG scaled up (``x`` down, ``y`` across,
    ``(0, 0)`` at the top left), coloured on the viridis scale from 0 (dark)
    to the largest product (yellow); the blocks ``x, y < 4``, ``x, y < 16``
    and ``x, y < 256`` (the subfields) are outlined in white and vermilion.
    ``cell_px`` is the side of a cell in pixels (default: the picture is
    about 768 pixels wide).

    Returns
    -------
    gamelab.display.Table
        The picture (``html``) and a sentence saying what it shows (``text``).

    Examples
    --------
    >>> print(nim_product_picture(64))
    picture: x ⊗ y for x, y < 64 (x down, y across), coloured by value from 0 (dark) to 255 (yellow); outlined: the subfields x, y < 4 and x, y < 16
    """
    size = _check_size(size, "size", MAX_PICTURE)
    if size < 2:
        raise ValueError(f"size must be >= 2, got {size}")
    px = min(64, max(1, 768 // size)) if cell_px is None else cell_px
    px = check_int(px, "cell_px", minimum=1, maximum=64)
    values = _products(size)
    top = int(values.max())
    shades = [viridis(k / 255) for k in range(256)]
    scaled = (values * 255 // max(top, 1)).tolist()
    rows = [[shades[v] for v in row] for row in scaled]
    side = size * px
    left, upper = 48, 52
    out = [svg_text(left + side / 2, 18, f"x ⊗ y for x, y < {size}", extra=";font-weight:bold"),
           f'<image x="{left}" y="{upper}" width="{side}" height="{side}" '
           f'preserveAspectRatio="none" style="image-rendering:pixelated" '
           f'href="data:image/png;base64,{png_base64(rows)}"/>']
    fields = [f for f in _fermat_sizes(size) if f < size] or []
    for f in fields:
        out.append(f'<rect x="{left}" y="{upper}" width="{f * px}" height="{f * px}" '
                   f'fill="none" stroke="white" stroke-width="3"/>'
                   f'<rect x="{left}" y="{upper}" width="{f * px}" height="{f * px}" '
                   f'fill="none" stroke="{ALERT_COLOUR}" stroke-width="1.5"/>')
    out.append(f'<rect x="{left}" y="{upper}" width="{side}" height="{side}" fill="none" '
               f'stroke="#888"/>')
    for t in nice_ticks(0, size - 1, count=5):
        c = (t + 0.5) * px
        out.append(svg_text(left + c, upper - 6, t))
        out.append(svg_text(left - 6, upper + c + FONT_PX * 0.35, t, "end"))
    out.append(svg_text(left + side / 2, 36, "y", extra=f";fill:{P_INK}"))
    out.append(svg_text(14, upper + side / 2, "x", extra=f";fill:{P_INK}"))
    blocks = _(" and ").join(f"x, y < {f}" for f in fields)
    text = (_("picture: x ⊗ y for x, y < {size} (x down, y across), coloured by value from 0 "
              "(dark) to {top} (yellow)").format(size=size, top=top)
            + (_("; outlined: the subfields {blocks}").format(blocks=blocks) if fields else ""))
    svg = svg_root(left + side + 16, upper + side + 16, "".join(out), text)
    return picture(svg, text)


def corner_words(position, option):
    """A move on a grid of coins in words, by the corners of the coins it turns.

    Four coins at the corners of a rectangle read ``corners (i, j), (r, c)``
    (the north-west and the south-east corner: the two coins a player clicks
    in :class:`gamelab.widgets.TartanPlayWidget`); two or one coins are
    listed.  Any other move gives ``None`` (the game's own words apply).

    Examples
    --------
    >>> corner_words(("TTH", "TTH"), ("HTT", "HTT"))
    'corners (1, 1), (2, 3)'
    >>> corner_words(("TH",), ("HT",)), corner_words(("TH",), ("TT",))
    ('coins (1, 1), (1, 2)', 'coin (1, 2)')
    >>> corner_words(("HHH",), ("TTT",)) is None
    True
    """
    if len(position) != len(option) or any(len(a) != len(b) for a, b in zip(position, option)):
        raise ValueError("option must be a grid of the same shape as position")
    turned = [(r, c) for r, (a, b) in enumerate(zip(position, option), 1)
              for c, (x, y) in enumerate(zip(a, b), 1) if x != y]
    if len(turned) == 1:
        return f"coin {turned[0]}"
    if len(turned) == 2:
        return f"coins {turned[0]}, {turned[1]}"
    rows, cols = sorted({r for r, _ in turned}), sorted({c for _, c in turned})
    if len(turned) == 4 and len(rows) == len(cols) == 2:
        return f"corners {(rows[0], cols[0])}, {(rows[1], cols[1])}"
    return None


def _coerce_game(game):
    if isinstance(game, str):
        return TartanGame.named(game)
    if not isinstance(game, (TartanGame, AcrosticTwins)):
        raise TypeError(f"game must be a TartanGame, AcrosticTwins or the name of a tartan game, "
                        f"got {type(game).__name__} {game!r}")
    return game


def tartan_table(game, position, *, max_moves=MAX_MOVES_SHOWN):
    """A grid of coins: the value of each head, their nim-sum and the winning moves.

    Parameters
    ----------
    game : TartanGame, AcrosticTwins or str
        The game, or the name of a tartan game (``"turning_corners"``, ...).
    position : tuple of str
        The rows of coins, ``H``/``T``, row 1 first.
    max_moves : int
        How many winning moves to list at most.

    Returns
    -------
    gamelab.display.Table

    Examples
    --------
    >>> pos = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")
    >>> print(tartan_table("turning_corners", pos))
    Turning Corners (Twins × Twins): the value of each head
          | 1 2 3 4 5
    row 1 | · · · · ·
    row 2 | · · · 3 ·
    row 3 | · · · · ·
    row 4 | · · 1 · ·
    row 5 | · · · · 6
    nim-sum of the head values = 3 ⊕ 1 ⊕ 6 = 4: an N-position; 1 winning move
      turn the 4 coins at rows 4, 5 × columns 4, 5
    """
    game = _coerce_game(game)
    position = game.validate(position)
    max_moves = check_int(max_moves, "max_moves")
    heads = [(r, c) for r, row in enumerate(position, 1) for c, x in enumerate(row, 1)
             if x == "H"]
    values = {rc: game.head_value(*rc) for rc in heads}
    total = 0
    for v in values.values():
        total ^= v
    width = len(position[0]) if position else 0
    rows = [["", *range(1, width + 1)]]
    for r, row in enumerate(position, 1):
        line = [_("row {r}").format(r=r)]
        for c, x in enumerate(row, 1):
            if x == "H":
                v = values[(r, c)]
                line.append(Cell(v, P_COLOUR if v == 0 else None, bold=True))
            else:
                line.append("·")
        rows.append(line)
    wins = game.winning_moves(position)
    if not heads:
        summed, verdict = _("0 (no heads)"), _("a P-position (no move at all)")
    else:
        summed = " ⊕ ".join(str(values[rc]) for rc in heads)
        summed = f"{summed} = {total}" if len(heads) > 1 else f"{total}"
        verdict = (_("a P-position (no move wins)") if total == 0 else ngettext(
            "an N-position; {count} winning move", "an N-position; {count} winning moves",
            len(wins)).format(count=len(wins)))
    shown = wins[:max_moves]
    words = _("nim-sum of the head values = {summed}: {verdict}").format(summed=summed,
                                                                         verdict=verdict)
    if len(wins) > len(shown):
        words += _(" (first {count} shown)").format(count=len(shown))
    out = Table.from_rows(rows, title=_("{game}: the value of each head").format(
        game=game.name)) + sentence(
        words, colour=P_COLOUR if total == 0 else None, bold=total == 0)
    if shown:
        out += bullets(game.move_label(position, o) for o in shown)
    return out
