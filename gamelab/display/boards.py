"""Boards for the play widget: a picture of a position and a move in words.

:func:`board_html` draws a position of a game gamelab knows — stones for
heaps (Bash, subtraction games, a one-heap game given as a function), one
labelled row per component for a sum, numbered rows of pins for Kayles and
the other take-and-break games, a numbered drawing for Green Hackenbush — and
returns ``None`` for a game it does not know (the play widget then uses the
game's own picture).  :func:`move_words` says what a move does, in the same
terms as the board ("row 2: take 1 pin, leaving rows of 1 and 3").

Everything here returns HTML strings; nothing imports Jupyter.
"""
from __future__ import annotations

import html
from collections import Counter

from .._validate import check_int, check_int_tuple
from .tables import P_COLOUR, P_INK

__all__ = ["board_html", "move_words", "stones_html", "pins_html", "rows_html", "heaps_html",
           "coins_html", "staircase_html", "strip_html", "fibonacci_html", "game_name",
           "STONE_COLOUR", "HEADS_COLOUR", "COIN_COLOUR", "EVEN_STEP_COLOUR"]

#: Stones and pins: Okabe–Ito blue on the board.
STONE_COLOUR = P_INK
#: A coin showing heads (Okabe–Ito orange), a coin showing tails (light grey).
HEADS_COLOUR = "#E69F00"
TAILS_COLOUR = "#eeeeee"
#: Coins on a staircase (Okabe–Ito vermilion); the even steps, which do not count.
COIN_COLOUR = "#D55E00"
EVEN_STEP_COLOUR = "#dddddd"
#: The most stones drawn one by one; a larger heap is drawn as a number.
MAX_DRAWN = 120
_ROW = "font-size:16px;line-height:1.5;margin:2px 0"
_LABEL = "font-size:16px;color:#444;white-space:nowrap"


def stones_html(count, *, glyph="●"):
    """``count`` stones in groups of five (easy to count from the back row).

    >>> stones_html(7)
    '<span style="color:#0072B2;letter-spacing:1px">●●●●● ●●</span>'
    >>> stones_html(0)
    '<span style="color:#777">(empty)</span>'
    """
    count = check_int(count, "count")
    if count == 0:
        return '<span style="color:#777">(empty)</span>'
    if count > MAX_DRAWN:
        return (f'<span style="color:{STONE_COLOUR}">{glyph * 5} … {glyph * 5}</span>'
                f" ({count} in all)")
    groups = [glyph * min(5, count - k) for k in range(0, count, 5)]
    return f'<span style="color:{STONE_COLOUR};letter-spacing:1px">{" ".join(groups)}</span>'


def rows_html(rows):
    """Rows ``(label, content_html)`` one under another, labels in one aligned column."""
    cells = "".join(f'<span style="{_LABEL}">{html.escape(label)}</span>'
                    f'<span style="{_ROW}">{content}</span>' for label, content in rows)
    if not cells:
        return "<div>(nothing left)</div>"
    return ('<div class="gamelab-board" style="display:grid;grid-template-columns:'
            f'max-content auto;column-gap:12px;align-items:center">{cells}</div>')


def pins_html(heaps, *, word="row", unit="pin"):
    """Numbered rows of pins (take-and-break games): ``row 1 (5 pins): ●●●●●``."""
    heaps = tuple(heaps)
    if not heaps:
        return f"<div style='{_ROW}'>(no {unit}s left)</div>"
    return rows_html((f"{word} {i} ({h} {unit}{'' if h == 1 else 's'}):",
                      stones_html(h, glyph="♟" if unit == "pin" else "●"))
                     for i, h in enumerate(heaps, 1))


def heaps_html(heaps):
    """Numbered heaps of stones (Nim, Moore's Nim, Wythoff): ``heap 2 (7): ●●●●● ●●``.

    >>> "heap 2 (3 stones)" in heaps_html((1, 3))
    True
    """
    heaps = check_int_tuple(tuple(heaps) if isinstance(heaps, list) else heaps, "heaps")
    if not heaps:
        return "<div>(no heaps)</div>"
    return rows_html((f"heap {i} ({h} stone{'' if h == 1 else 's'}):", stones_html(h))
                     for i, h in enumerate(heaps, 1))


def coins_html(position):
    """A row of coins, ``H`` orange and ``T`` grey, numbered 1, 2, ... beneath.

    >>> coins_html("HT").count('title="coin')
    2
    """
    if not position:
        return "<div>(no coins)</div>"
    cells, numbers = [], []
    for k, c in enumerate(position, 1):
        bg, fg = (HEADS_COLOUR, "#000") if c == "H" else (TAILS_COLOUR, "#555")
        cells.append(f'<span title="coin {k}" style="display:inline-block;width:30px;'
                     f"height:30px;line-height:30px;border-radius:50%;margin:2px;"
                     f"text-align:center;background:{bg};color:{fg};font-weight:bold;"
                     f'font-size:15px;border:1px solid #999">{c}</span>')
        numbers.append(f'<span style="display:inline-block;width:32px;margin:0 2px;'
                       f'text-align:center;font-size:13px;color:#444">{k}</span>')
    return (f'<div class="gamelab-coins" style="white-space:nowrap">{"".join(cells)}<br>'
            f'{"".join(numbers)}</div>')


def staircase_html(position, *, highlight_odd=True):
    """A staircase Nim position: step ``i`` a column ``i`` units high, its coins on top.

    Odd steps are shaded in the P colour: they are the Nim heaps that count.

    >>> "step 3" in staircase_html((0, 0, 3))
    True
    """
    position = check_int_tuple(position, "position")
    cells = []
    unit = 14
    for step, c in enumerate(position, 1):
        colour = P_COLOUR if (step % 2 and highlight_odd) else EVEN_STEP_COLOUR
        coins = "●" * c if c <= 12 else f"●×{c}"
        cells.append(
            "<div style='display:inline-block;vertical-align:bottom;margin:0 1px;"
            "text-align:center;width:52px;font-family:monospace;font-size:13px'>"
            f"<div style='color:{COIN_COLOUR};font-size:14px;word-wrap:break-word'>{coins}</div>"
            f"<div style='background:{colour};height:{unit * step}px;border:1px solid #888'>"
            f"</div><div>step {step}<br>{c}</div></div>")
    floor = ("<div style='display:inline-block;vertical-align:bottom;width:44px;"
             "text-align:center;font-family:monospace;font-size:13px'>"
             "<div style='border-top:3px solid #444'></div>floor</div>")
    return ("<div class='gamelab-staircase' style='white-space:nowrap'>" + floor
            + "".join(cells) + "</div>")


def strip_html(position):
    """Pieces on a strip: a row of cells, pieces as dots, cells numbered beneath."""
    width = max(position, default=0)
    if not position:
        return "<div>(empty strip)</div>"
    occupied = set(position)
    cells = "".join("<td style='border:1px solid #888;width:22px;height:22px;text-align:center;"
                    f"color:{STONE_COLOUR}'>" + ("●" if c in occupied else "") + "</td>"
                    for c in range(1, width + 1))
    labels = "".join(f"<td style='font-size:13px;text-align:center;color:#444'>{c}</td>"
                     for c in range(1, width + 1))
    return ("<table class='gamelab-strip' style='border-collapse:collapse;"
            f"font-family:monospace;font-size:14px'><tr>{cells}</tr><tr>{labels}</tr></table>")


def fibonacci_html(position):
    """Fibonacci Nim: the heap as stones and how many the next move may take."""
    heap, limit = position
    return rows_html([(f"heap ({heap} stones):", stones_html(heap))]) + (
        f"<div style='{_ROW}'>the next move may take 1 to {min(heap, limit)} "
        f"stone{'' if min(heap, limit) == 1 else 's'}</div>")


def game_name(game):
    """A short name of a one-heap game, for the rows of a sum.

    >>> import gamelab as gl
    >>> game_name(gl.Bash(3)), game_name(gl.Subtraction({1, 3, 4}))
    ('Bash, take 1..3', 'take 1, 3 or 4')
    """
    from ..games.nim import NimHeap
    from ..games.subtraction import Bash, Subtraction

    if isinstance(game, Bash):
        return f"Bash, take 1..{max(game.subtraction_set)}"
    if isinstance(game, NimHeap):
        return "Nim heap"
    if isinstance(game, Subtraction):
        s = sorted(game.subtraction_set)
        if len(s) > 6:
            return "take one of {" + ", ".join(map(str, s[:5])) + ", …}"
        return "take " + (", ".join(map(str, s[:-1])) + " or " if len(s) > 1 else "") + str(s[-1])
    return getattr(game, "__name__", None) or repr(game)


def _is_heap(x):
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _one_heap(game, position):
    """Whether ``position`` is a heap size of a one-heap game (a stone board fits)."""
    from ..games.nim import NimHeap
    from ..games.subtraction import Subtraction
    from ..heaps import HeapGame

    if not _is_heap(position) or isinstance(game, HeapGame):
        return False
    return isinstance(game, (Subtraction, NimHeap)) or (
        callable(game) and not hasattr(game, "options") and not hasattr(game, "render_html"))


def board_html(game, position):
    """The board of ``position``, or ``None`` if gamelab has no board for ``game``.

    Examples
    --------
    >>> import gamelab as gl
    >>> "heap (7 stones)" in board_html(gl.Bash(3), 7)
    True
    >>> b = board_html(gl.Sum(gl.Bash(3), gl.Bash(5)), (2, 4))
    >>> "game 1 · Bash, take 1..3" in b and "game 2 · Bash, take 1..5" in b
    True
    >>> "row 2 (3 pins)" in board_html(gl.Kayles(), (1, 3))
    True
    >>> "heap 2 (2 stones)" in board_html(gl.Nim(), (1, 2))
    True
    >>> board_html(lambda p: [], "x") is None       # a game gamelab has no board for
    True
    """
    from ..games.coins import CoinTurning
    from ..games.fibonacci import FibonacciNim
    from ..games.hackenbush import GreenHackenbush
    from ..games.nim import MooreNim, Nim
    from ..games.staircase import PiecesOnStrip, StaircaseNim
    from ..games.wythoff import Wythoff
    from ..heaps import HeapGame, Sum

    if isinstance(game, (Nim, MooreNim, Wythoff)):
        return heaps_html(game.validate(position))
    if isinstance(game, CoinTurning):
        return coins_html(game.validate(position))
    if isinstance(game, StaircaseNim):
        return staircase_html(game.validate(position))
    if isinstance(game, PiecesOnStrip):
        return strip_html(game.validate(position))
    if isinstance(game, FibonacciNim):
        return fibonacci_html(game.validate(position))

    if isinstance(game, Sum):
        rows = []
        for i, (g, p) in enumerate(zip(game.games, position), 1):
            inner = board_html(g, p)
            if inner is None or not _is_heap(p):
                inner = f"<code>{html.escape(repr(p))}</code>"
            else:
                inner = f"heap {p}: " + stones_html(p)
            rows.append((f"game {i} · {game_name(g)}", inner))
        return rows_html(rows)
    if isinstance(game, HeapGame):
        heaps = (position,) if _is_heap(position) else tuple(position)
        return pins_html(heaps)
    if isinstance(game, GreenHackenbush):
        from .hackenbush import hackenbush_svg
        from .svg import scroll_box

        return scroll_box(hackenbush_svg(position, ground=game.ground, labels=None))
    if _one_heap(game, position):
        return rows_html([(f"heap ({position} stone{'' if position == 1 else 's'}):",
                           stones_html(position))])
    return None


def _heap_move(before, after, unit="pin"):
    """The words for a take-and-break move from the heaps ``before`` to ``after``."""
    before = (before,) if _is_heap(before) else tuple(before)
    after = (after,) if _is_heap(after) else tuple(after)
    gone = Counter(before) - Counter(after)
    new = Counter(after) - Counter(before)
    if sum(gone.values()) != 1:
        return None
    (h,) = gone.elements()
    parts = sorted(new.elements())
    row = before.index(h) + 1
    taken = h - sum(parts)
    plural = "" if taken == 1 else "s"
    if not parts:
        return f"row {row}: take all {h} {unit}{'' if h == 1 else 's'}"
    if not taken:
        return f"row {row}: split it into rows of " + " and ".join(map(str, parts))
    if len(parts) == 1:
        return f"row {row}: take {taken} {unit}{plural} from the end, leaving {parts[0]}"
    if len(parts) == 2:
        first = parts[0] + 1
        which = f"{unit} {first}" if taken == 1 else f"{unit}s {first}–{first + taken - 1}"
        return f"row {row}: take {which}, leaving rows of {parts[0]} and {parts[1]}"
    return (f"row {row}: take {taken} {unit}{plural}, leaving rows of "
            + ", ".join(map(str, parts)))


def move_words(game, position, option):
    """What a move does, in words, or ``None`` where the game says it itself.

    Examples
    --------
    >>> import gamelab as gl
    >>> move_words(gl.Kayles(), (4, 4), (1, 2, 4))
    'row 1: take pin 2, leaving rows of 1 and 2'
    >>> move_words(gl.Kayles(), 9, (7,))
    'row 1: take 2 pins from the end, leaving 7'
    >>> move_words(gl.Sum(gl.Bash(3), gl.Bash(5)), (2, 4), (2, 1))
    'game 2: take 3'
    """
    from ..heaps import HeapGame, Sum

    if isinstance(game, Sum):
        changed = [i for i, (a, b) in enumerate(zip(position, option)) if a != b]
        if len(changed) == 1:
            i = changed[0]
            g = game.games[i]
            inner = move_words(g, position[i], option[i])
            if inner is None:
                label = getattr(g, "move_label", None)
                inner = label(position[i], option[i]) if label else (
                    f"{position[i]} → {option[i]}")
            return f"game {i + 1}: {inner}"
        return None
    if isinstance(game, HeapGame):
        return _heap_move(position, option)
    if _one_heap(game, position) and _is_heap(option):
        if not hasattr(game, "move_label"):
            return f"take {position - option}"
    return None
