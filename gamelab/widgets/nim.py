"""Nim explorers: the binary column table, Bouton's winning moves, Moore's Nim-k.

:func:`binary_table` writes the heaps in binary, one row per heap and one
column per bit, with the nim-sum (or, for Moore's Nim-k, the count of ones
modulo k + 1) beneath.  A winning move is highlighted: the heap it changes
and the bits of that heap that flip.

References
----------
.. [1] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901–1902).
.. [2] E. H. Moore, "A generalization of the game called Nim",
   Annals of Mathematics 11 (1910).
"""
from __future__ import annotations

import ipywidgets as widgets

from ._kit import HeapSliders
from ._style import Shown

from .._validate import check_int, check_int_tuple
from ..display.tables import MARK_COLOUR, P_COLOUR, P_INK, Table, table_cell
from ..games.nim import MooreNim, Nim, moore_bit_counts

__all__ = ["binary_table", "NimExplorer", "MooreNimExplorer", "describe_moves"]

#: Okabe–Ito yellow: the bits a winning move flips.
FLIP_COLOUR = MARK_COLOUR

_NIM = Nim()


def binary_table(position, *, move=None, k=None):
    """Heaps in binary with the nim-sum (or Moore's bit counts) beneath.

    Parameters
    ----------
    position : tuple of int
        Heap sizes.
    move : tuple of int or "auto" or None
        An option of ``position`` to highlight: its heap's row and the bits
        that flip are marked (``*`` in the text).  ``"auto"`` highlights the
        first winning move, if there is one.
    k : int, optional
        Moore's Nim-k: the bottom row counts the ones of each bit modulo
        ``k + 1`` instead of XOR-ing them.

    Returns
    -------
    Table

    Examples
    --------
    >>> print(binary_table((3, 4, 5), move="auto"))
    heap    | 4  2  1
    3 -> 1  | 0  1* 1
    4       | 1  0  0
    5       | 1  0  1
    XOR = 2 | 0  1  0
    """
    pos = check_int_tuple(position, "position")
    if k is not None:
        k = check_int(k, "k", minimum=1)
    game = _NIM if k is None else MooreNim(k)
    if move == "auto":
        wins = game.winning_moves(pos)
        move = wins[0] if wins else None
    if move is not None:
        move = check_int_tuple(move, "move", length=len(pos))
        changed = [i for i, (m, h) in enumerate(zip(move, pos)) if m != h]
        if not (1 <= len(changed) <= (k or 1) and all(move[i] < pos[i] for i in changed)):
            raise ValueError(f"move {move!r} is not a move from {pos!r}")
    width = max([h.bit_length() for h in pos] + [1])
    bits = list(range(width - 1, -1, -1))
    if k is None:
        x = 0
        for h in pos:
            x ^= h
        foot_label = f"XOR = {x}"
        foot = [(x >> b) & 1 for b in bits]
    else:
        counts = moore_bit_counts(pos, k) + [0] * width
        foot_label = f"mod {k + 1}"
        foot = [counts[b] for b in bits]
    rows_text = []
    label_w = max([len("heap")] + [len(str(h)) * 2 + 4 for h in pos] + [len(foot_label)]) + 1
    head = ["heap"] + [str(1 << b) for b in bits]
    html_rows = ["<tr>" + "".join(table_cell(c, head=True) for c in head) + "</tr>"]
    col_w = [max(len(str(1 << b)), 2) for b in bits]
    rows_text.append(f"{'heap':<{label_w}}| " + " ".join(f"{c:<{w}}" for c, w in zip(head[1:], col_w)).rstrip())
    for i, h in enumerate(pos):
        changed = move is not None and move[i] != h
        cells = []
        texts = []
        for b in bits:
            bit = (h >> b) & 1
            flips = changed and ((move[i] >> b) & 1) != bit
            cells.append(table_cell(bit, FLIP_COLOUR if flips else None, bold=flips))
            texts.append(f"{bit}*" if flips else f"{bit}")
        texts = [f"{t:<{w}}" for t, w in zip(texts, col_w)]
        label = f"{h} \u2192 {move[i]}" if changed else str(h)
        label_cell = table_cell(label, FLIP_COLOUR if changed else None, bold=changed, head=True)
        html_rows.append("<tr>" + label_cell + "".join(cells) + "</tr>")
        text_label = f"{h} -> {move[i]}" if changed else str(h)
        rows_text.append(f"{text_label:<{label_w}}| " + " ".join(texts).rstrip())
    zero = all(v == 0 for v in foot)
    html_rows.append("<tr>" + table_cell(foot_label, head=True)
                     + "".join(table_cell(v, P_COLOUR if zero else None, bold=True) for v in foot) + "</tr>")
    rows_text.append(f"{foot_label:<{label_w}}| "
                     + " ".join(f"{v:<{w}}" for v, w in zip(foot, col_w)).rstrip())
    html_text = ('<table class="gamelab-table" style="border-collapse:collapse;'
                 'font-family:monospace;font-size:14px">' + "".join(html_rows) + "</table>")
    return Table(html_text, "\n".join(rows_text))


def describe_moves(position, moves):
    """The moves in words, one per line: ``take 2 from heap 1 (3 → 1)``."""
    pos = check_int_tuple(position, "position")
    out = []
    for m in moves:
        parts = [f"take {h - v} from heap {i + 1} ({h} \u2192 {v})"
                 for i, (h, v) in enumerate(zip(pos, m)) if h != v]
        out.append(", ".join(parts))
    return out


def _heap_sliders(heaps, max_heap, min_heaps, max_heaps, continuous_update=True):
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, (tuple, list)):
        raise TypeError(f"heaps must be a tuple of heap sizes, got {heaps!r}")
    return HeapSliders(tuple(heaps), max_heap, min_heaps, max_heaps,
                       continuous_update=continuous_update)


class NimExplorer(Shown):
    """Sliders for 3 to 5 Nim heaps; shows the binary table, the outcome and every winning move.

    Examples
    --------
    >>> ex = NimExplorer((3, 4, 5))
    >>> ex.sliders[2].value = 6            # heaps (3, 4, 6), nim-sum 1
    >>> ex.position(), ex.winning_moves()
    ((3, 4, 6), [(2, 4, 6)])
    """

    fallback = (
        "sliders for 3 to 5 Nim heaps show the heaps in binary, their nim-sum, who wins "
        "and every winning move."
    )

    def __init__(self, heaps=(3, 4, 5), *, max_heap=31, min_heaps=3, max_heaps=5):
        self._heaps = _heap_sliders(heaps, max_heap, min_heaps, max_heaps)
        self.count = self._heaps.count
        self.sliders = self._heaps.sliders
        self.output = widgets.HTML()
        self.widget = widgets.VBox([self.count] + self.sliders + [self.output])
        self._heaps.observe(self.update)
        self.update()

    def position(self):
        """The heaps set on the sliders."""
        return self._heaps.position()

    def winning_moves(self, position=None):
        """All winning moves (Bouton), in heap order."""
        return _NIM.winning_moves(self.position() if position is None else position)

    def report(self, position=None):
        """HTML: the binary table, the outcome and every winning move."""
        pos = self.position() if position is None else check_int_tuple(position, "position")
        wins = _NIM.winning_moves(pos)
        table = binary_table(pos, move=wins[0] if wins else None)
        x = _NIM.grundy(pos)
        if not wins:
            verdict = (f"Nim-sum 0: a <b style='color:{P_INK}'>P-position</b> — "
                       "every move loses for the player who makes it.")
        else:
            items = "".join(f"<li>{m}</li>" for m in describe_moves(pos, wins))
            verdict = (f"Nim-sum {x}: an N-position with {len(wins)} winning "
                       f"move{'s' if len(wins) != 1 else ''} (the first is highlighted):"
                       f"<ul>{items}</ul>")
        return table.html + f"<p>{verdict}</p>"

    def update(self):
        """Recompute the output for the sliders' values; returns the HTML shown."""
        self.output.value = self.report()
        return self.output.value


class MooreNimExplorer(Shown):
    """Moore's Nim-k: a slider for k and for each heap; shows the bit counts modulo k + 1.

    Examples
    --------
    >>> ex = MooreNimExplorer((1, 2, 3), k=2)
    >>> ex.outcome()
    'N'
    >>> ex.k_slider.value = 1              # ordinary Nim: 1 ^ 2 ^ 3 = 0
    >>> ex.outcome()
    'P'
    """

    fallback = "sliders for k and for every heap show the bit counts modulo k + 1 and who wins."

    def __init__(self, heaps=(1, 2, 3, 4), k=2, *, max_heap=7, max_k=4, min_heaps=2, max_heaps=5):
        k = check_int(k, "k", minimum=1, maximum=max_k)
        # many heaps and a large k mean thousands of options: recompute on release
        self._heaps = _heap_sliders(heaps, max_heap, min_heaps, max_heaps, continuous_update=False)
        self.count = self._heaps.count
        self.sliders = self._heaps.sliders
        self.k_slider = widgets.IntSlider(value=k, min=1, max=max_k, continuous_update=False,
                                          description="k (heaps per move)",
                                          style={"description_width": "initial"})
        self.output = widgets.HTML()
        self.widget = widgets.VBox([self.k_slider, self.count] + self.sliders + [self.output])
        self._heaps.observe(self.update)
        self.k_slider.observe(lambda _change: self.update(), names="value")
        self.update()

    def position(self):
        return self._heaps.position()

    def game(self):
        return MooreNim(self.k_slider.value)

    def outcome(self):
        return self.game().outcome(self.position())

    def winning_moves(self):
        return self.game().winning_moves(self.position())

    def report(self, position=None, k=None, *, show=8):
        """HTML: the bit counts modulo k + 1, the outcome and the winning moves."""
        pos = self.position() if position is None else check_int_tuple(position, "position")
        k = self.k_slider.value if k is None else check_int(k, "k", minimum=1)
        game = MooreNim(k)
        wins = game.winning_moves(pos)
        table = binary_table(pos, move=wins[0] if wins else None, k=k)
        if not wins:
            verdict = (f"Every bit's count is divisible by {k + 1}: a "
                       "<b style='color:{P_INK}'>P-position</b>.")
        else:
            shown = describe_moves(pos, wins[:show])
            more = f"<li>... and {len(wins) - show} more</li>" if len(wins) > show else ""
            items = "".join(f"<li>{m}</li>" for m in shown)
            verdict = (f"An N-position with {len(wins)} winning move"
                       f"{'s' if len(wins) != 1 else ''}:<ul>{items}{more}</ul>")
        return table.html + f"<p>{verdict}</p>"

    def update(self):
        self.output.value = self.report()
        return self.output.value
