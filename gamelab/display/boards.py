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

__all__ = ["board_html", "move_words", "stones_html", "pins_html", "rows_html",
           "game_name", "STONE_COLOUR"]

#: Stones and pins: Okabe–Ito blue on the board.
STONE_COLOUR = "#0072B2"
#: The most stones drawn one by one; a larger heap is drawn as a number.
MAX_DRAWN = 120
_ROW = "font-size:16px;line-height:1.5;margin:2px 0"
_LABEL = "display:inline-block;min-width:9em;color:#444"


def stones_html(count, *, glyph="●"):
    """``count`` stones in groups of five (easy to count from the back row).

    >>> stones_html(7)
    '<span style="color:#0072B2;letter-spacing:1px">●●●●● ●●</span>'
    >>> stones_html(0)
    '<span style="color:#777">(empty)</span>'
    """
    if count <= 0:
        return '<span style="color:#777">(empty)</span>'
    if count > MAX_DRAWN:
        return (f'<span style="color:{STONE_COLOUR}">{glyph * 5} … {glyph * 5}</span>'
                f" ({count} in all)")
    groups = [glyph * min(5, count - k) for k in range(0, count, 5)]
    return f'<span style="color:{STONE_COLOUR};letter-spacing:1px">{" ".join(groups)}</span>'


def rows_html(rows):
    """Rows ``(label, content_html)`` one under another, labels aligned."""
    return "".join(f'<div style="{_ROW}"><span style="{_LABEL}">{html.escape(label)}</span> '
                   f"{content}</div>" for label, content in rows) or "<div>(nothing left)</div>"


def pins_html(heaps, *, word="row", unit="pin"):
    """Numbered rows of pins (take-and-break games): ``row 1 (5 pins): ●●●●●``."""
    heaps = tuple(heaps)
    if not heaps:
        return f"<div style='{_ROW}'>(no {unit}s left)</div>"
    return rows_html((f"{word} {i} ({h} {unit}{'' if h == 1 else 's'}):",
                      stones_html(h, glyph="♟" if unit == "pin" else "●"))
                     for i, h in enumerate(heaps, 1))


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
    >>> board_html(gl.Nim(), (1, 2)) is None        # Nim draws its own heaps
    True
    """
    from ..games.hackenbush import GreenHackenbush
    from ..heaps import HeapGame, Sum

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
    'game 2 (Bash, take 1..5): take 3'
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
            return f"game {i + 1} ({game_name(g)}): {inner}"
        return None
    if isinstance(game, HeapGame):
        return _heap_move(position, option)
    if _one_heap(game, position) and _is_heap(option):
        if not hasattr(game, "move_label"):
            return f"take {position - option}"
    return None
