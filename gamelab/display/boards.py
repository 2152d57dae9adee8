"""Boards: a picture of a position, and a move in words, drawn from a description.

A game says what a position looks like with ``game.board(position)``, one
of the descriptions of :mod:`gamelab.board` (stones, coins, a staircase, a
strip, edges, text, the components of a sum).  :func:`draw_board` turns a
description into HTML, one drawing per kind (a
:func:`functools.singledispatch` function: a new kind of picture registers
its own drawing, and a new family of games that reuses a kind needs nothing
here).  :func:`describe_move` compares the boards before and after a move
to say what it did ("row 1: take pin 2, leaving rows of 1 and 2").

:func:`board_html` and :func:`move_words` are what the play widget calls:
the game's board and the game's own words for a move, else words derived
from the two boards.  A plain callable on an int position (a one-heap game
written as a function) is drawn as one heap of stones.

Everything here returns HTML strings; nothing imports Jupyter.
"""
from __future__ import annotations

import functools
import html
from collections import Counter

from .._validate import check_int, check_int_tuple
from ..board import Bar, Coins, Components, Edges, Steps, Stones, Strip, Text
from ..engine import Game
from ..i18n import gettext as _, gettext_noop as N_
from .hackenbush import hackenbush_svg
from .tables import P_COLOUR, P_INK, scroll_box

__all__ = ["board_html", "move_words", "draw_board", "describe_move", "game_board",
           "stones_html", "rows_html", "STONE_COLOUR", "HEADS_COLOUR", "TAILS_COLOUR",
           "COIN_COLOUR", "EVEN_STEP_COLOUR", "BAR_COLOUR", "MAX_BAR", "MAX_DRAWN", "IN_A_LINE",
           "TICK"]

#: Stones and pins: Okabe–Ito blue on the board.
STONE_COLOUR = P_INK
#: A coin showing heads (Okabe–Ito orange), a coin showing tails (light grey).
HEADS_COLOUR = "#E69F00"
TAILS_COLOUR = "#eeeeee"
#: Coins on a staircase (Okabe–Ito vermilion); the even steps, which do not count.
COIN_COLOUR = "#D55E00"
EVEN_STEP_COLOUR = "#dddddd"
#: A square of chocolate (Chomp), and the most rows or columns drawn square by square.
BAR_COLOUR = "#7b4a2d"
MAX_BAR = 40
#: The most stones drawn one by one; a larger heap is drawn as a number.
MAX_DRAWN = 120
#: How a unit is drawn (anything else is a stone).
GLYPHS = {"pin": "♟"}
#: Heaps whose units stand in a line, so that a gap would read as a split (Kayles' rows,
#: the stretches of a strip): their fives are marked by a tick, not a gap.
IN_A_LINE = {"row", "stretch"}
#: The thin tick after every fifth unit in a line (no wider than the spacing of the units).
TICK = ('<span class="gamelab-tick" title="5" style="display:inline-block;width:1px;'
        'height:0.8em;margin:0 1px 0 0;vertical-align:-0.05em;background:#888"></span>')
_ROW = "font-size:16px;line-height:1.5;margin:2px 0"
_LABEL = "font-size:16px;color:#444;white-space:nowrap"


#: The words the boards of gamelab's games use (a board's ``word`` and ``unit``), one →
#: many; they are translated where they are shown.
NOUNS = {N_("heap"): N_("heaps"), N_("stone"): N_("stones"), N_("row"): N_("rows"),
         N_("pin"): N_("pins"), N_("stretch"): N_("stretches"), N_("safe cell"): N_("safe cells"),
         N_("coin"): N_("coins")}


def _noun(word, count=1):
    """``word`` (or its plural, with ``count != 1``) in the current language."""
    return _(word) if count == 1 else _(NOUNS.get(word, f"{word}s"))


def _plural(count, unit):
    return _("{count} {unit}").format(count=count, unit=_noun(unit, count))


def stones_html(count, *, glyph="●", tick=False):
    """``count`` stones in groups of five (easy to count from the back row).

    A heap's stones are grouped by a gap.  With ``tick`` (a row of pins, whose
    order matters: in Kayles a gap would read as two rows) the units stand
    unbroken and a thin tick marks every fifth instead.

    >>> stones_html(7)
    '<span style="color:#0072B2;letter-spacing:1px">●●●●● ●●</span>'
    >>> stones_html(0)
    '<span style="color:#777">(empty)</span>'
    >>> stones_html(7, glyph="♟", tick=True).count(TICK), TICK in stones_html(5, tick=True)
    (1, False)
    """
    count = check_int(count, "count")
    if count == 0:
        return '<span style="color:#777">' + _("(empty)") + "</span>"
    if count > MAX_DRAWN:
        return (f'<span style="color:{STONE_COLOUR}">{glyph * 5} … {glyph * 5}</span>'
                + _(" ({count} in all)").format(count=count))
    groups = [glyph * min(5, count - k) for k in range(0, count, 5)]
    style = f"color:{STONE_COLOUR};letter-spacing:1px"
    if tick:  # a row must not wrap either: two lines would read as two rows
        style += ";white-space:nowrap"
    return f'<span style="{style}">{(TICK if tick else " ").join(groups)}</span>'


def rows_html(rows):
    """Rows ``(label, content_html)`` one under another, labels in one aligned column."""
    cells = "".join(f'<span style="{_LABEL}">{html.escape(label)}</span>'
                    f'<span style="{_ROW}">{content}</span>' for label, content in rows)
    if not cells:
        return "<div>" + _("(nothing left)") + "</div>"
    return ('<div class="gamelab-board" style="display:grid;grid-template-columns:'
            f'max-content auto;column-gap:12px;align-items:center">{cells}</div>')


# -- drawing a description ------------------------------------------------------------

@functools.singledispatch
def draw_board(board):
    """The HTML picture of a board description (see :mod:`gamelab.board`).

    A new kind of description registers its drawing with
    ``@draw_board.register``.

    Examples
    --------
    >>> from gamelab.board import Stones, Coins
    >>> "heap 2 (3 stones)" in draw_board(Stones((1, 3)))
    True
    >>> draw_board(Coins("HT")).count('title="coin')
    2
    """
    raise TypeError(f"board must be a board description from gamelab.board, got "
                    f"{type(board).__name__} {board!r} (a new kind registers its drawing "
                    "with gamelab.display.draw_board.register)")


def _in_a_line(board):
    return board.word in IN_A_LINE or board.unit == "pin"


@draw_board.register
def _draw_stones(board: Stones):
    heaps = check_int_tuple(board.heaps, "heaps")
    glyph = GLYPHS.get(board.unit, "●")
    tick = _in_a_line(board)
    if not heaps:
        out = f"<div style='{_ROW}'>" + _("(no {units} left)").format(
            units=_noun(board.unit, 0)) + "</div>"
    elif len(heaps) == 1:
        out = rows_html([(_("{word} ({count}):").format(word=_noun(board.word),
                                                        count=_plural(heaps[0], board.unit)),
                          stones_html(heaps[0], glyph=glyph, tick=tick))])
    else:
        out = rows_html((_("{word} {i} ({count}):").format(word=_noun(board.word), i=i,
                                                           count=_plural(h, board.unit)),
                         stones_html(h, glyph=glyph, tick=tick)) for i, h in enumerate(heaps, 1))
    if board.note:
        out += f"<div style='{_ROW}'>{html.escape(board.note)}</div>"
    return out


def _check_faces(faces):
    rows = (faces,) if isinstance(faces, str) else faces
    if not isinstance(rows, tuple) or not all(isinstance(r, str) for r in rows):
        raise TypeError(f"faces must be a str of H and T or a tuple of such rows, got {faces!r}")
    if any(set(r) - {"H", "T"} for r in rows):
        raise ValueError(f"faces must hold only H and T, got {faces!r}")
    if len({len(r) for r in rows}) > 1:
        raise ValueError(f"faces: the rows of a grid must have equal lengths, got {faces!r}")
    return rows


def _coin(title, face):
    bg, fg = (HEADS_COLOUR, "#000") if face == "H" else (TAILS_COLOUR, "#555")
    return (f'<span title="{title}" style="display:inline-block;width:30px;'
            f"height:30px;line-height:30px;border-radius:50%;margin:2px;"
            f"text-align:center;background:{bg};color:{fg};font-weight:bold;"
            f'font-size:15px;border:1px solid #999">{face}</span>')


def _coin_numbers(n, lead=""):
    return lead + "".join(f'<span style="display:inline-block;width:32px;margin:0 2px;'
                          f'text-align:center;font-size:13px;color:#444">{k}</span>'
                          for k in range(1, n + 1))


@draw_board.register
def _draw_coins(board: Coins):
    rows = _check_faces(board.faces)
    if not rows or not rows[0]:
        return "<div>" + _("(no coins)") + "</div>"
    if isinstance(board.faces, str):
        cells = "".join(_coin(_("coin {k}").format(k=k), c) for k, c in enumerate(board.faces, 1))
        return (f'<div class="gamelab-coins" style="white-space:nowrap">{cells}<br>'
                f"{_coin_numbers(len(board.faces))}</div>")
    lead = '<span style="display:inline-block;width:48px;font-size:13px;color:#444">{}</span>'
    lines = [lead.format(_("row {r}").format(r=r)) + "".join(_coin(
        _("coin {k} of row {r}").format(k=k, r=r), c)
                                               for k, c in enumerate(row, 1))
             for r, row in enumerate(rows, 1)]
    return (f'<div class="gamelab-coins" style="white-space:nowrap">{"<br>".join(lines)}<br>'
            f"{_coin_numbers(len(rows[0]), lead.format(''))}</div>")


@draw_board.register
def _draw_steps(board: Steps):
    counts = check_int_tuple(board.counts, "counts")
    cells = []
    unit = 14
    for step, c in enumerate(counts, 1):
        colour = P_COLOUR if step % 2 else EVEN_STEP_COLOUR
        coins = "●" * c if c <= 12 else f"●×{c}"
        cells.append(
            "<div style='display:inline-block;vertical-align:bottom;margin:0 1px;"
            "text-align:center;width:52px;font-family:monospace;font-size:13px'>"
            f"<div style='color:{COIN_COLOUR};font-size:14px;word-wrap:break-word'>{coins}</div>"
            f"<div style='background:{colour};height:{unit * step}px;border:1px solid #888'>"
            "</div><div>" + _("step {step}").format(step=step) + f"<br>{c}</div></div>")
    floor = ("<div style='display:inline-block;vertical-align:bottom;width:44px;"
             "text-align:center;font-family:monospace;font-size:13px'>"
             "<div style='border-top:3px solid #444'></div>" + _("floor") + "</div>")
    return ("<div class='gamelab-staircase' style='white-space:nowrap'>" + floor
            + "".join(cells) + "</div>")


@draw_board.register
def _draw_strip(board: Strip):
    cells_at = check_int_tuple(board.cells, "cells")
    width = check_int(board.width, "width")
    if not cells_at:
        return "<div>" + _("(empty strip)") + "</div>"
    occupied = set(cells_at)
    cells = "".join("<td style='border:1px solid #888;width:22px;height:22px;text-align:center;"
                    f"color:{STONE_COLOUR}'>" + ("●" if c in occupied else "") + "</td>"
                    for c in range(1, width + 1))
    labels = "".join(f"<td style='font-size:13px;text-align:center;color:#444'>{c}</td>"
                     for c in range(1, width + 1))
    return ("<table class='gamelab-strip' style='border-collapse:collapse;"
            f"font-family:monospace;font-size:14px'><tr>{cells}</tr><tr>{labels}</tr></table>")


@draw_board.register
def _draw_edges(board: Edges):
    return scroll_box(hackenbush_svg(board.edges, ground=board.ground, labels=None))


@draw_board.register
def _draw_bar(board: Bar):
    rows = check_int_tuple(board.rows, "rows", minimum=1)
    if not rows:
        return "<div>" + _("(nothing left)") + "</div>"
    if len(rows) > MAX_BAR or rows[0] > MAX_BAR:
        return f"<div style='{_ROW}'>" + _("a bar of rows {rows} (bottom row first)").format(
            rows=", ".join(map(str, rows))) + "</div>"
    square = "display:inline-block;width:22px;height:22px;margin:1px;border-radius:3px;"
    lines = []
    for r in range(len(rows), 0, -1):                      # the top row first
        cells = "".join(
            f"<span title='{html.escape(_('row {r}, column {c}').format(r=r, c=c))}' "
            f"style='{square}background:{BAR_COLOUR};color:#fff;text-align:center;"
            "font-size:14px;line-height:22px'>" + ("☠" if (r, c) == (1, 1) else "") + "</span>"
            for c in range(1, rows[r - 1] + 1))
        lines.append(f"<div style='white-space:nowrap'><span style='{_LABEL};display:"
                     f"inline-block;width:24px'>{r}</span>{cells}</div>")
    numbers = "".join(f"<span style='display:inline-block;width:24px;text-align:center;"
                      f"font-size:13px;color:#444'>{c}</span>" for c in range(1, rows[0] + 1))
    return ("<div class='gamelab-bar'>" + "".join(lines)
            + f"<div style='white-space:nowrap;padding-left:24px'>{numbers}</div></div>")


@draw_board.register
def _draw_text(board: Text):
    return f"<div style='{_ROW}'><code>{html.escape(str(board.text))}</code></div>"


def _inner_html(board, position):
    """A component's board inside a sum's row: a lone heap reads ``heap 6: ●●●●● ●``."""
    if board is None:
        return f"<code>{html.escape(repr(position))}</code>"
    if isinstance(board, Stones) and len(board.heaps) == 1 and not board.note:
        return f"{_noun(board.word)} {board.heaps[0]}: " + stones_html(
            board.heaps[0], glyph=GLYPHS.get(board.unit, "●"), tick=_in_a_line(board))
    return draw_board(board)


@draw_board.register
def _draw_components(board: Components):
    return rows_html((label, _inner_html(inner, position)) for label, inner, position in board.rows)


# -- a move in words, from the boards before and after --------------------------------

@functools.singledispatch
def _words(before, after):
    return None


def describe_move(before, after):
    """What a move did, in words, from the boards before and after it (or ``None``).

    One function per kind of board (``@describe_move.register``, dispatched
    on the board before the move; it is called only when the board after
    is of the same kind); a kind without words gives ``None``.

    Examples
    --------
    >>> from gamelab.board import Stones, Coins
    >>> describe_move(Stones((4, 4), "row", "pin"), Stones((1, 2, 4), "row", "pin"))
    'row 1: take pin 2, leaving rows of 1 and 2'
    >>> describe_move(Coins("HTH"), Coins("TTT"))
    'turn coins 1, 3'
    """
    if type(before) is not type(after):
        return None
    return _words(before, after)


describe_move.register = _words.register


@describe_move.register
def _stones_move(before: Stones, after):
    gone = Counter(before.heaps) - Counter(after.heaps)
    new = Counter(after.heaps) - Counter(before.heaps)
    if sum(gone.values()) != 1:
        return None
    (h,) = gone.elements()
    taken = h - sum(new.elements())
    if taken < 0:
        return None
    alone = len(before.heaps) == 1
    if alone and len(after.heaps) == 1:      # one heap, made smaller
        return _("take {count}").format(count=taken)
    parts = sorted(p for p in new.elements() if p)
    word, unit = before.word, before.unit
    where = "" if alone else f"{_noun(word)} {before.heaps.index(h) + 1}: "
    words = {"word": _noun(word), "words": _noun(word, 2), "unit": _noun(unit),
             "units": _noun(unit, 2)}
    if not parts:
        return where + (_("take the only {unit}").format(**words) if h == 1 else
                        _("take all {count} {units}").format(count=h, **words))
    if not taken:
        return where + _("split it into {words} of {sizes}").format(
            sizes=_(" and ").join(map(str, parts)), **words)
    if len(parts) == 1:
        return where + _("take {count}, leaving {left}").format(count=_plural(taken, unit),
                                                               left=parts[0])
    if len(parts) == 2:
        first = parts[0] + 1
        which = f"{words['unit']} {first}" if taken == 1 else (
            f"{words['units']} {first}–{first + taken - 1}")
        return where + _("take {which}, leaving {words} of {a} and {b}").format(
            which=which, a=parts[0], b=parts[1], **words)
    return where + _("take {count}, leaving {words} of {sizes}").format(
        count=_plural(taken, unit), sizes=", ".join(map(str, parts)), **words)


@describe_move.register
def _coins_move(before: Coins, after):
    rows_before = _check_faces(before.faces)
    rows_after = _check_faces(after.faces)
    if len(rows_before) != len(rows_after):
        return None
    grid = not isinstance(before.faces, str)
    turned = [f"({r}, {k})" if grid else str(k)
              for r, (a, b) in enumerate(zip(rows_before, rows_after), 1)
              for k, (x, y) in enumerate(zip(a, b), 1) if x != y]
    if not turned:
        return None
    return (_("turn coin {coins}") if len(turned) == 1 else _("turn coins {coins}")).format(
        coins=", ".join(turned))


@describe_move.register
def _steps_move(before: Steps, after):
    if len(before.counts) != len(after.counts):
        return None
    diff = [b - a for a, b in zip(before.counts, after.counts)]
    down = [i for i, d in enumerate(diff) if d < 0]
    up = [i for i, d in enumerate(diff) if d > 0]
    if len(down) != 1 or len(up) > 1:
        return None
    i, k = down[0], -diff[down[0]]
    coins = _plural(k, "coin")
    if not up:
        return _("move {coins} from step {step} to the floor").format(coins=coins, step=i + 1)
    if diff[up[0]] != k:
        return None
    return _("move {coins} from step {step} to step {to}").format(coins=coins, step=i + 1,
                                                                  to=up[0] + 1)


@describe_move.register
def _bar_move(before: Bar, after):
    for r, length in enumerate(before.rows):
        left = after.rows[r] if r < len(after.rows) else 0
        if left < length:
            return _("eat the square in row {r}, column {c}").format(r=r + 1, c=left + 1)
    return None


@describe_move.register
def _strip_move(before: Strip, after):
    gone = sorted(set(before.cells) - set(after.cells))
    new = sorted(set(after.cells) - set(before.cells))
    if len(gone) != 1 or len(new) > 1:
        return None
    if not new:
        return _("take the piece off cell {cell}").format(cell=gone[0])
    return _("move the piece on cell {cell} to cell {to}").format(cell=gone[0], to=new[0])


@describe_move.register
def _edges_move(before: Edges, after):
    gone = Counter(before.edges) - Counter(after.edges)
    if sum(gone.values()) != 1:
        return None
    ((u, v),) = gone.elements()
    return _("cut {edge}").format(edge=f"{u}–{v}")


@describe_move.register
def _components_move(before: Components, after):
    if len(before.rows) != len(after.rows):
        return None
    changed = [i for i, (a, b) in enumerate(zip(before.rows, after.rows)) if a[2] != b[2]]
    if len(changed) != 1:
        return None
    i = changed[0]
    (_label, inner_b, p), (_label2, inner_a, o) = before.rows[i], after.rows[i]
    return _("game {i}: {move}").format(i=i + 1, move=describe_move(inner_b, inner_a)
                                        or f"{p} → {o}")


# -- what the play widget calls --------------------------------------------------------

def _is_heap(x):
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def game_board(game, position):
    """The board description of ``position``: ``game.board(position)``, or ``None``.

    A plain callable (a one-heap game written as a function) on an int
    position is one heap of stones.

    >>> game_board(lambda n: [n - 1], 3)
    Stones(heaps=(3,), word='heap', unit='stone', note=None)
    """
    if isinstance(game, Game):
        return game.board(position)
    if callable(game) and _is_heap(position):
        return Stones((position,))
    return None


def board_html(game, position):
    """The board of ``position`` as HTML, or ``None`` if the game has no board.

    Examples
    --------
    >>> "heap (7 stones)" in board_html(lambda n: [n - 1], 7)
    True
    >>> board_html(lambda p: [], "x") is None       # no board for this position
    True
    """
    board = game_board(game, position)
    return None if board is None else draw_board(board)


def move_words(game, position, option):
    """A move in words: the game's own (``game.move_label``), else from the two boards.

    ``None`` when neither says anything.

    Examples
    --------
    >>> move_words(lambda n: [n - 1, n - 2], 5, 3)
    'take 2'
    >>> move_words(lambda p: [], "x", "y") is None
    True
    """
    if isinstance(game, Game):
        words = game.move_label(position, option)
        if words is not None:
            return words
    before, after = game_board(game, position), game_board(game, option)
    if before is None or after is None:
        return None
    return describe_move(before, after)
