"""Sums of games: pick up to four one-heap games and their heaps, see the values add by XOR.

The explorer shows each component's Sprague–Grundy value, the value of the
sum (their XOR, by the Sprague–Grundy theorem) and every winning move of the
sum, in words.

References
----------
.. [1] R. Sprague, "Über mathematische Kampfspiele", Tôhoku Math. J. 41 (1935);
   P. M. Grundy, "Mathematics and games", Eureka 2 (1939).
.. [2] Course notes "博弈论 SG函数" (sums of games; the Bash sum (9, 10, 14)).
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Shown

from .. import engine
from .._validate import check_int
from ..display.tables import P_INK, grid_table
from ..games.nim import NimHeap
from ..games.subtraction import Bash, Subtraction
from ..heaps import Sum

__all__ = ["MENU", "sum_table", "describe_sum_moves", "SumExplorer"]

#: The games offered in the menu of each component.
MENU = {
    "Nim heap (take any number)": NimHeap(),
    "Bash m=2 (take 1-2)": Bash(2),
    "Bash m=3 (take 1-3)": Bash(3),
    "Bash m=5 (take 1-5)": Bash(5),
    "Bash m=7 (take 1-7)": Bash(7),
    "take 1, 3 or 4": Subtraction({1, 3, 4}),
    "take an odd number": Subtraction(range(1, 100, 2)),
    "take a Fibonacci number": Subtraction({1, 2, 3, 5, 8, 13, 21, 34, 55, 89}),
}
NONE = "(no game)"


def _check_components(names, heaps):
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise TypeError(f"names must be a list of menu names, got {names!r}")
    if isinstance(heaps, str) or not isinstance(heaps, (list, tuple)):
        raise TypeError(f"heaps must be a list of heap sizes, got {heaps!r}")
    if len(names) != len(heaps):
        raise ValueError(f"names and heaps must have the same length, got {len(names)} and {len(heaps)}")
    if not names:
        raise ValueError("names must name at least one game")
    for n in names:
        if n not in MENU:
            raise ValueError(f"names: unknown game {n!r}; choose from {list(MENU)}")
    return list(names), [check_int(h, f"heaps[{i}]") for i, h in enumerate(heaps)]


def sum_table(names, heaps):
    """One row per component: its game, heap and value; the XOR beneath.

    Examples
    --------
    >>> print(sum_table(["Bash m=3 (take 1-3)", "Bash m=5 (take 1-5)", "Bash m=7 (take 1-7)"],
    ...                 [9, 10, 14]))
                |                game heap value
    component 1 | Bash m=3 (take 1-3)    9     1
    component 2 | Bash m=5 (take 1-5)   10     4
    component 3 | Bash m=7 (take 1-7)   14     6
      sum (XOR) |                              3
    """
    names, heaps = _check_components(names, heaps)
    games = [MENU[n] for n in names]
    values = [engine.grundy(g, h) for g, h in zip(games, heaps)]
    total = 0
    for v in values:
        total ^= v
    rows = [f"component {i + 1}" for i in range(len(names))] + ["sum (XOR)"]
    data = {r: (n, str(h), v) for r, n, h, v in zip(rows, names, heaps, values)}
    data["sum (XOR)"] = ("", "", total)
    cols = ["game", "heap", "value"]
    return grid_table(lambda r, c: data[r][cols.index(c)], rows, cols, row_label="", col_label="")


def describe_sum_moves(names, heaps):
    """Every winning move of the sum, in words (empty at a P-position).

    Examples
    --------
    >>> for line in describe_sum_moves(["Bash m=3 (take 1-3)", "Bash m=5 (take 1-5)",
    ...                                 "Bash m=7 (take 1-7)"], [9, 10, 14]):
    ...     print(line)
    component 1 (Bash m=3 (take 1-3)): take 3, heap 9 → 6, value 1 → 2
    component 3 (Bash m=7 (take 1-7)): take 1, heap 14 → 13, value 6 → 5
    """
    names, heaps = _check_components(names, heaps)
    games = [MENU[n] for n in names]
    game = Sum(*games)
    pos = tuple(heaps)
    out = []
    for move in engine.winning_moves(game, pos):
        i = next(j for j in range(len(pos)) if move[j] != pos[j])
        g = games[i]
        before, after = engine.grundy(g, pos[i]), engine.grundy(g, move[i])
        out.append(f"component {i + 1} ({names[i]}): take {pos[i] - move[i]}, "
                   f"heap {pos[i]} \u2192 {move[i]}, value {before} \u2192 {after}")
    return out


class SumExplorer(Shown):
    """Up to four components, each a game from :data:`MENU` and a heap slider.

    Examples
    --------
    >>> ex = SumExplorer()
    >>> ex.chosen()
    (['Bash m=3 (take 1-3)', 'Bash m=5 (take 1-5)', 'Bash m=7 (take 1-7)'], [9, 10, 14])
    >>> ex.total()
    3
    >>> ex.heap_sliders[2].value = 13      # a winning move: 1 ^ 4 ^ 5 = 0
    >>> ex.total()
    0
    >>> ex.menus[3].value = "Nim heap (take any number)"
    >>> ex.heap_sliders[3].value = 2
    >>> ex.total()
    2
    """

    fallback = "pick up to four games and their heaps, and the table shows each component's value, the nim-sum and the winning moves."

    def __init__(self, names=("Bash m=3 (take 1-3)", "Bash m=5 (take 1-5)", "Bash m=7 (take 1-7)"),
                 heaps=(9, 10, 14), *, slots=4, max_heap=30):
        self.slots = check_int(slots, "slots", minimum=1, maximum=8)
        self.max_heap = check_int(max_heap, "max_heap", minimum=1, maximum=99)
        names, heaps = _check_components(list(names), list(heaps))
        if len(names) > self.slots:
            raise ValueError(f"names: at most {self.slots} components, got {len(names)}")
        for i, h in enumerate(heaps):
            if h > self.max_heap:
                raise ValueError(f"heaps[{i}] must be <= max_heap={self.max_heap}, got {h}")
        names = names + [NONE] * (self.slots - len(names))
        heaps = heaps + [0] * (self.slots - len(heaps))
        self.menus = [widgets.Dropdown(options=[NONE] + list(MENU), value=n,
                                       description=f"game {i + 1}")
                      for i, n in enumerate(names)]
        self.heap_sliders = [widgets.IntSlider(value=h, min=0, max=self.max_heap,
                                               description=f"heap {i + 1}")
                             for i, h in enumerate(heaps)]
        self.output = widgets.HTML()
        rows = [widgets.HBox([m, s]) for m, s in zip(self.menus, self.heap_sliders)]
        self.widget = widgets.VBox(rows + [self.output])
        for w in self.menus + self.heap_sliders:
            w.observe(lambda _change: self.update(), names="value")
        self.update()

    def chosen(self):
        """The components switched on: ``(names, heaps)``."""
        names, heaps = [], []
        for m, s in zip(self.menus, self.heap_sliders):
            if m.value != NONE:
                names.append(m.value)
                heaps.append(s.value)
        return names, heaps

    def total(self):
        """The value of the sum: the XOR of the components' values."""
        names, heaps = self.chosen()
        x = 0
        for n, h in zip(names, heaps):
            x ^= engine.grundy(MENU[n], h)
        return x

    def report(self):
        """HTML: the table of values and the winning moves."""
        names, heaps = self.chosen()
        if not names:
            return "<p>Choose at least one game.</p>"
        table = sum_table(names, heaps)
        moves = describe_sum_moves(names, heaps)
        if moves:
            items = "".join(f"<li>{html.escape(m)}</li>" for m in moves)
            verdict = (f"Value {self.total()}: an N-position. Winning moves "
                       f"(each leaves value 0):<ul>{items}</ul>")
        else:
            verdict = (f"Value 0: a <b style='color:{P_INK}'>P-position</b> — "
                       "whatever we do, the opponent can restore value 0.")
        return table.html + f"<p>{verdict}</p>"

    def update(self):
        """Recompute for the current menus and sliders; returns the HTML shown."""
        self.output.value = self.report()
        return self.output.value
