"""Dots-and-Boxes and its Strings-and-Coins twin, in pictures and words.

* :func:`dots_and_boxes_svg` — the board: dots, drawn edges, the boxes taken
  (with their owners' letters when given), the undrawn edges numbered, some of
  them marked (the best moves);
* :func:`strings_and_coins_svg` — the same position as coins and strings: a
  coin for each box not yet taken, a string for each undrawn edge, tied to the
  ground (the frame) on the border of the board;
* :func:`dots_and_boxes_view` — a position with ``lines`` edges drawn at random
  (seeded), its exact value, its best moves and its chains, beside both
  pictures (the view of :class:`gamelab.widgets.DotsAndBoxesExplorer`);
* :func:`chain_words` — the chains and cycles of a position in a sentence.
"""
from __future__ import annotations

import random

from .._validate import check_int
from ..i18n import gettext as _, ngettext
from ..parlour.dots_and_boxes import (dots_and_boxes_box_edges, dots_and_boxes_chains,
                                      dots_and_boxes_edge_boxes, dots_and_boxes_edge_count,
                                      dots_and_boxes_edge_name, dots_and_boxes_moves,
                                      dots_and_boxes_value)
from .svg import svg_root, svg_text
from .tables import ALERT_COLOUR, P_COLOUR, P_INK, picture, sentence

__all__ = ["dots_and_boxes_svg", "strings_and_coins_svg", "dots_and_boxes_view", "chain_words",
           "random_drawn", "explorer_columns", "EXPLORER_EDGES", "BOX_PX"]

#: The side of a box in the pictures, in CSS pixels.
BOX_PX = 56
_MARGIN = 26
#: The most edges of a board the explorer solves (2 × 3, 3 × 2 and 1 × 6 fit; the first
#: view of 2 × 3 takes some hundredths of a second, of 3 × 3 seconds).
EXPLORER_EDGES = 20
_INK = "#333333"
_FAINT = "#bbbbbb"
_COIN = "#d4a017"
_GROUND = "#8c6d46"
#: The fills of the boxes taken by the first and the second owner's letter.
OWNER_FILLS = ("#cfe8f7", "#fbe3cc")


def _dot(rows, columns, r, c):
    return _MARGIN + c * BOX_PX, _MARGIN + r * BOX_PX


def _ends(rows, columns, edge):
    """The two dots of ``edge`` (the numbering of :mod:`gamelab.parlour.dots_and_boxes`)."""
    h = (rows + 1) * columns
    if edge < h:
        r, c = divmod(edge, columns)
        return (r, c), (r, c + 1)
    r, c = divmod(edge - h, columns + 1)
    return (r, c), (r + 1, c)


def _size(rows, columns):
    return 2 * _MARGIN + columns * BOX_PX, 2 * _MARGIN + rows * BOX_PX


def _taken(rows, columns, drawn):
    """The boxes ``(row, column)`` whose four edges are drawn."""
    return [(r, c) for r in range(rows) for c in range(columns)
            if all(drawn >> e & 1 for e in dots_and_boxes_box_edges(rows, columns, r, c))]


def dots_and_boxes_svg(rows, columns, drawn=0, *, owners=None, marked=()):
    """The board as SVG: ``drawn`` (a mask) in dark lines, the undrawn edges faint and
    numbered, the ``marked`` edges in blue, the boxes taken shaded, with the letter of
    ``owners[(row, column)]`` when given (the first letter met is shaded blue, the second
    orange).

    >>> svg = dots_and_boxes_svg(1, 1, 0b0111, owners={})
    >>> svg.count("<circle"), svg.count('stroke-dasharray'), ">3<" in svg
    (4, 1, True)
    """
    edges = dots_and_boxes_edge_count(rows, columns)
    drawn = check_int(drawn, "drawn", minimum=0, maximum=(1 << edges) - 1)
    owners = dict(owners or {})
    marked = set(marked)
    letters = list(dict.fromkeys(owners[b] for b in sorted(owners)))
    body = []
    for r, c in _taken(rows, columns, drawn):
        x, y = _dot(rows, columns, r, c)
        who = owners.get((r, c))
        fill = OWNER_FILLS[letters.index(who) % 2] if who in letters else "#e6e6e6"
        body.append(f'<rect x="{x}" y="{y}" width="{BOX_PX}" height="{BOX_PX}" fill="{fill}"/>')
        if who is not None:
            body.append(svg_text(x + BOX_PX / 2, y + BOX_PX / 2 + 6, who, extra=";font-weight:bold"))
    for e in range(edges):
        (r1, c1), (r2, c2) = _ends(rows, columns, e)
        (x1, y1), (x2, y2) = _dot(rows, columns, r1, c1), _dot(rows, columns, r2, c2)
        name = dots_and_boxes_edge_name(rows, columns, e)
        if drawn >> e & 1:
            style = f'stroke="{_INK}" stroke-width="4"'
        elif e in marked:
            style = f'stroke="{P_INK}" stroke-width="4" stroke-dasharray="7 4"'
        else:
            style = f'stroke="{_FAINT}" stroke-width="2" stroke-dasharray="3 4"'
        body.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style} '
                    f'stroke-linecap="round"><title>{e}: {name}</title></line>')
        if not drawn >> e & 1:
            dx, dy = (0, -6) if y1 == y2 else (-9, 5)
            ink = P_INK if e in marked else "#777777"
            body.append(svg_text((x1 + x2) / 2 + dx, (y1 + y2) / 2 + dy, e,
                                 extra=f";font-size:11px;fill:{ink}"))
    for r in range(rows + 1):
        for c in range(columns + 1):
            x, y = _dot(rows, columns, r, c)
            body.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{_INK}"/>')
    width, height = _size(rows, columns)
    return svg_root(width, height, "".join(body), _("a Dots-and-Boxes board of {rows} × "
                                                    "{columns} boxes").format(rows=rows,
                                                                              columns=columns))


def strings_and_coins_svg(rows, columns, drawn=0):
    """The same position as Strings-and-Coins: a coin at the centre of each box not
    taken, a string for each undrawn edge, to the next coin or out to the ground (the
    brown frame).

    >>> svg = strings_and_coins_svg(1, 2)
    >>> svg.count("<circle"), svg.count("<line")
    (2, 7)
    """
    edges = dots_and_boxes_edge_count(rows, columns)
    drawn = check_int(drawn, "drawn", minimum=0, maximum=(1 << edges) - 1)
    width, height = _size(rows, columns)
    pad = _MARGIN / 2

    def centre(box):
        r, c = divmod(box, columns)
        x, y = _dot(rows, columns, r, c)
        return x + BOX_PX / 2, y + BOX_PX / 2

    body = [f'<rect x="{pad}" y="{pad}" width="{width - 2 * pad}" height="{height - 2 * pad}" '
            f'fill="none" stroke="{_GROUND}" stroke-width="5"/>']
    alive = set()
    for e in range(edges):
        if drawn >> e & 1:
            continue
        boxes = dots_and_boxes_edge_boxes(rows, columns, e)
        alive.update(boxes)
        x1, y1 = centre(boxes[0])
        if len(boxes) == 2:
            x2, y2 = centre(boxes[1])
        else:                            # out through the edge's middle to the frame
            (r1, c1), (r2, c2) = _ends(rows, columns, e)
            (ax, ay), (bx, by) = _dot(rows, columns, r1, c1), _dot(rows, columns, r2, c2)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            if ay == by:                 # a horizontal edge: up or down to the frame
                x2, y2 = mx, (pad if my == _MARGIN else height - pad)
            else:                        # a vertical one: left or right
                x2, y2 = (pad if mx == _MARGIN else width - pad), my
        body.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{_INK}" '
                    f'stroke-width="2"><title>{e}</title></line>')
    for box in sorted(alive):
        x, y = centre(box)
        body.append(f'<circle cx="{x}" cy="{y}" r="11" fill="{_COIN}" stroke="{_INK}"/>')
    return svg_root(width, height, "".join(body), _("the same position as Strings-and-Coins"))


def chain_words(chains):
    """A :class:`gamelab.parlour.DotsAndBoxesChains` in a sentence.

    >>> from gamelab.parlour import dots_and_boxes_chains
    >>> chain_words(dots_and_boxes_chains(1, 3, 0b0000111111))
    'Long chains: 1 (3 boxes); short chains: 0; cycles: 0. The player to move wants an even number of long chains.'
    """
    long = [x for x in chains.chains if x >= 3]
    sizes = (" (" + ngettext("{sizes} box", "{sizes} boxes", long[-1]).format(
        sizes=", ".join(map(str, long))) + ")") if long else ""
    counts = _("Long chains: {long}{sizes}; short chains: {short}; cycles: {cycles}.").format(
        long=len(long), sizes=sizes, short=len(chains.chains) - len(long),
        cycles=len(chains.cycles))
    wanted = (_("The player to move wants an even number of long chains.")
              if chains.wanted == "even" else
              _("The player to move wants an odd number of long chains."))
    return counts + " " + wanted


def random_drawn(rows, columns, lines, seed=0):
    """A position of ``lines`` edges drawn at random (``random.Random(seed)``), as a mask.

    >>> bin(random_drawn(1, 1, 2, seed=3)).count("1")
    2
    """
    edges = dots_and_boxes_edge_count(rows, columns)
    lines = check_int(lines, "lines", minimum=0, maximum=edges)
    seed = check_int(seed, "seed")
    return sum(1 << e for e in random.Random(seed).sample(range(edges), lines))


def explorer_columns(rows):
    """The most columns the explorer offers with ``rows`` rows: at most
    :data:`EXPLORER_EDGES` edges."""
    rows = check_int(rows, "rows", minimum=1, maximum=3)
    columns = 1
    while 2 * rows * (columns + 1) + rows + columns + 1 <= EXPLORER_EDGES:
        columns += 1
    return columns


def dots_and_boxes_view(rows=2, columns=2, lines=4, seed=0):
    """A board of ``rows`` × ``columns`` boxes with ``lines`` edges drawn at random: its
    value, its best moves, its chains, and the board beside its Strings-and-Coins twin.

    >>> print(dots_and_boxes_view(1, 2, 5, seed=1).text.splitlines()[0])
    With best play on both sides, the player to move ends -1 on the boxes still to take (theirs minus the opponent's).
    """
    rows = check_int(rows, "rows", minimum=1, maximum=3)
    columns = check_int(columns, "columns", minimum=1, maximum=explorer_columns(rows))
    drawn = random_drawn(rows, columns, lines, seed)
    if lines == dots_and_boxes_edge_count(rows, columns):
        head = sentence(_("Every edge is drawn: the game is over."), bold=True)
        best = []
    else:
        value = dots_and_boxes_value(rows, columns, drawn)
        head = sentence(_("With best play on both sides, the player to move ends {value:+d} "
                          "on the boxes still to take (theirs minus the opponent's).").format(
                              value=value), bold=True, colour=P_COLOUR if value > 0 else None)
        best = [e for e, _v in dots_and_boxes_moves(rows, columns, drawn)]
        head += sentence(_("Best moves: {moves}.").format(moves="; ".join(
            f"{e} ({dots_and_boxes_edge_name(rows, columns, e)})" for e in best)))
    chains = dots_and_boxes_chains(rows, columns, drawn)
    words = chain_words(chains)
    if not chains.settled:
        words += " " + _("(Not settled yet: some move still gives nothing away.)")
    pictures = (f'<div style="display:flex;gap:24px;flex-wrap:wrap">'
                f"{dots_and_boxes_svg(rows, columns, drawn, marked=best)}"
                f"{strings_and_coins_svg(rows, columns, drawn)}</div>")
    return head + sentence(words, ink=ALERT_COLOUR if chains.settled else None) + \
        picture(pictures)
