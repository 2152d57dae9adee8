"""The coin-turning explorer (a row of clickable coins) and the play widget on coins.

The explorer's view is :func:`gamelab.display.coin_table`: the value of every
head on its own, their XOR, and the winning moves with the coins each turns.
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from ..display.coins import coin_table
from ..games.coins import RULES, CoinTurning
from ._kit import CoinRow, Explorer
from .play import PlayWidget

__all__ = ["CoinExplorer", "coin_play", "MAX_COINS"]

#: The most coins the explorer's slider offers.
MAX_COINS = 24


class CoinExplorer(Explorer):
    """A row of clickable coins for a named coin-turning rule.

    Controls ``rule`` (a drop-down of the named rules) and ``position`` (the
    coins: a slider for their number, and one toggle button per coin,
    pressed = heads).

    Examples
    --------
    >>> e = CoinExplorer("one_or_two", "HTT")
    >>> e.controls["position"].coins[2].value = True          # turn coin 3 to heads
    >>> e.kwargs["position"], "1 ^ 3 = 2" in e.output.value
    ('HTH', True)
    """

    fallback = N_("click the coins of a row to turn them; the table shows the position's value "
                "and its winning moves.")

    def __init__(self, rule="one_or_two", position="HTHHTTHT"):
        game = CoinTurning(rule)
        if not isinstance(game.rule, str):
            raise ValueError("the explorer offers the named rules only; got a callable rule")
        row = CoinRow(game.validate(position) or "T", MAX_COINS)
        rules = widgets.Dropdown(options=list(RULES), value=rule, description=_("Rule:"))
        super().__init__({"rule": rules, "position": row},
                         lambda rule, position: coin_table(rule, position),
                         layout=[widgets.HBox([rules, row.count]), row])


def coin_play(rule, position, **kwargs):
    """A :class:`PlayWidget` on a row of coins (buttons say which coins a move turns)."""
    return PlayWidget(CoinTurning(rule), position, **kwargs)
