"""Explorer for coin-turning games: a row of clickable coins.

Each coin is a toggle button (pressed = heads).  Below the row a table shows
the value of every head on its own, their XOR, and the winning moves, with
the coins each winning move turns highlighted.  The computation is the plain
function :func:`coin_table`, which the explorer calls and tests call directly.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Shown, show_pressed

from ..display.svg import scroll_box
from ..display.tables import MARK_COLOUR, P_COLOUR, Table, table_cell
from ..games.coins import RULES, CoinTurning
from .play import PlayWidget

__all__ = ["coin_table", "CoinExplorer", "coin_play"]

#: At most this many winning moves are listed in a table.
MAX_MOVES_SHOWN = 8
#: The most coins the explorer's slider offers.
MAX_COINS = 24


def coin_table(game, position, *, max_moves=MAX_MOVES_SHOWN):
    """A table of a coin row: faces, the value of each head, the XOR, the winning moves.

    Parameters
    ----------
    game : CoinTurning or str
        The game, or the name of a rule.
    position : str
        The coins, ``H``/``T``, coin 1 on the left.

    Returns
    -------
    gamelab.display.Table

    Examples
    --------
    >>> print(coin_table("one_or_two", "HTHH"))
    rule one_or_two: turn one coin, or two coins (Turning Turtles)
          coin| 1 2 3 4
          face| H T H H
    head value| 1 · 3 4
    XOR of the head values = 1 ^ 3 ^ 4 = 6: an N-position; 1 winning move
        move 1| . * . *  -> HHHT
    """
    if isinstance(game, str) or callable(game) and not isinstance(game, CoinTurning):
        game = CoinTurning(game)
    position = game.validate(position)
    n = len(position)
    heads = [i for i, c in enumerate(position, 1) if c == "H"]
    vals = {i: game.head_value(i) for i in heads}
    total = game.grundy(position)
    wins = game.winning_moves(position)
    shown = wins[:max_moves]

    rule = game.rule if isinstance(game.rule, str) else "custom"
    title = f"rule {rule}: {RULES[rule]}" if rule in RULES else "rule: a custom rule"
    if heads:
        xor_text = (" ^ ".join(str(vals[i]) for i in heads) + f" = {total}") if len(heads) > 1 \
            else f"{total}"
    else:
        xor_text = "0 (no heads)"
    verdict = ("a P-position (no move at all)" if not heads else
               "a P-position (no move wins)") if total == 0 else (
        f"an N-position; {len(wins)} winning move" + ("s" if len(wins) != 1 else ""))
    summary = f"XOR of the head values = {xor_text}: {verdict}"
    if len(wins) > len(shown):
        summary += f" (first {len(shown)} shown)"

    labels = ["coin", "face", "head value"] + [f"move {k}" for k in range(1, len(shown) + 1)]
    w = max(len(s) for s in labels)
    cols = [max(len(str(i)), len(str(vals.get(i, "")))) for i in range(1, n + 1)]
    lines = [title,
             f"{'coin':>{w}}| " + " ".join(f"{i:>{c}}" for i, c in zip(range(1, n + 1), cols)),
             f"{'face':>{w}}| " + " ".join(f"{f:>{c}}" for f, c in zip(position, cols)),
             f"{'head value':>{w}}| " + " ".join(
                 f"{str(vals.get(i, '·')):>{c}}" for i, c in zip(range(1, n + 1), cols)),
             summary]
    html_rows = [
        "<tr>" + table_cell("coin", head=True) + "".join(table_cell(i, head=True) for i in range(1, n + 1)) + "</tr>",
        "<tr>" + table_cell("face", head=True) + "".join(
            table_cell(c, None, bold=c == "H") for c in position) + "</tr>",
        "<tr>" + table_cell("head value", head=True) + "".join(
            table_cell(vals.get(i, "·")) for i in range(1, n + 1)) + "</tr>",
    ]
    for k, o in enumerate(shown, 1):
        turned = [a != b for a, b in zip(position, o)]
        lines.append(f"{'move ' + str(k):>{w}}| "
                     + " ".join(f"{'*' if t else '.':>{c}}" for t, c in zip(turned, cols))
                     + f"  -> {o}")
        html_rows.append(
            "<tr>" + table_cell(f"move {k}", head=True)
            + "".join(table_cell(("turn" if t else ""), MARK_COLOUR if t else None, bold=t) for t in turned)
            + table_cell(f"→ {o}") + "</tr>")
    caption = (f"<caption style='caption-side:top;text-align:left'>{html.escape(title)}</caption>")
    foot_colour = P_COLOUR if total == 0 else "transparent"
    html_text = (
        '<table class="gamelab-table" style="border-collapse:collapse;font-family:monospace;'
        f'font-size:14px">{caption}{"".join(html_rows)}</table>'
        f'<div style="display:inline-block;margin-top:4px;padding:2px 4px;background:{foot_colour};'
        f'{"font-weight:bold" if total == 0 else ""}">{html.escape(summary)}</div>')
    return Table(html_text, "\n".join(lines))


class CoinExplorer(Shown):
    """A row of clickable coins for a coin-turning rule.

    Parameters
    ----------
    rule : str
        A named rule (``"one_or_two"``, ``"mock_turtles"``, ``"ruler"``).
    position : str
        The starting coins.

    Attributes
    ----------
    rule : ipywidgets.Dropdown
    n : ipywidgets.IntSlider
        The number of coins.
    coins : list of ipywidgets.ToggleButton
        Pressed means heads.
    output : ipywidgets.HTML
        Shows :func:`coin_table` of the current row.

    Examples
    --------
    >>> e = CoinExplorer("one_or_two", "HTT")
    >>> e.coins[2].value = True          # turn coin 3 to heads
    >>> e.position
    'HTH'
    >>> "1 ^ 3 = 2" in e.output.value
    True
    """

    fallback = "click the coins of a row to turn them; the table shows the position's value and its winning moves."

    def __init__(self, rule="one_or_two", position="HTHHTTHT"):
        game = CoinTurning(rule)
        if not isinstance(game.rule, str):
            raise ValueError("the explorer offers the named rules only; got a callable rule")
        position = game.validate(position) or "T"
        if len(position) > MAX_COINS:
            raise ValueError(f"position must have at most {MAX_COINS} coins, got {len(position)}")
        self.rule = widgets.Dropdown(options=list(RULES), value=rule, description="Rule:")
        self.n = widgets.IntSlider(value=len(position), min=1, max=MAX_COINS,
                                   description="Coins:", continuous_update=False)
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.output = widgets.HTML()
        self.coins = []
        self._set_coins(position)
        self.rule.observe(lambda change: self.update(), names="value")
        self.n.observe(self._resize, names="value")
        self.widget = widgets.VBox([widgets.HBox([self.rule, self.n]),
                                    widgets.HTML("<i>Click a coin to turn it over.</i>"),
                                    self.row, self.output])
        self.update()

    @property
    def game(self):
        return CoinTurning(self.rule.value)

    @property
    def position(self):
        """The current row as a string of ``H``/``T``."""
        return "".join("H" if b.value else "T" for b in self.coins)

    def _make_coin(self, k, heads):
        b = widgets.ToggleButton(value=heads, description="H" if heads else "T",
                                 tooltip=f"coin {k}", layout=widgets.Layout(width="2.6em"))
        b.observe(self._flip, names="value")
        return show_pressed(b)

    def _set_coins(self, position):
        for b in self.coins:
            b.unobserve(self._flip, names="value")
        self.coins = [self._make_coin(k, c == "H") for k, c in enumerate(position, 1)]
        self.row.children = self.coins

    def _flip(self, change):
        change["owner"].description = "H" if change["new"] else "T"
        self.update()

    def _resize(self, change):
        n = change["new"]
        pos = self.position[:n]
        self._set_coins(pos + "T" * (n - len(pos)))
        self.update()

    def table(self):
        """The table for the current rule and coins (what the output shows)."""
        return coin_table(self.game, self.position)

    def update(self):
        t = self.table()
        self.output.value = scroll_box(t.html)
        return t


def coin_play(rule, position, **kwargs):
    """A :class:`PlayWidget` on a row of coins (buttons say which coins a move turns)."""
    return PlayWidget(CoinTurning(rule), position, **kwargs)
