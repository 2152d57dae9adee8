"""Coin-turning games: the value of every head, their XOR and the winning moves.

:func:`coin_table` is what the coin-row explorer shows.
"""
from __future__ import annotations

from ..games.coins import RULES, CoinTurning
from ..i18n import gettext as _, ngettext
from .tables import MARK_COLOUR, P_COLOUR, Cell, Table, sentence

__all__ = ["coin_table", "MAX_MOVES_SHOWN"]

#: At most this many winning moves are listed in a table.
MAX_MOVES_SHOWN = 8


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
          coin | 1 2 3 4
          face | H T H H
    head value | 1 · 3 4
        move 1 | . * . * → HHHT
    XOR of the head values = 1 ^ 3 ^ 4 = 6: an N-position; 1 winning move
    """
    if not isinstance(game, CoinTurning):
        game = CoinTurning(game)
    position = game.validate(position)
    n = len(position)
    heads = [i for i, c in enumerate(position, 1) if c == "H"]
    vals = {i: game.head_value(i) for i in heads}
    total = game.grundy(position)
    wins = game.winning_moves(position)
    shown = wins[:max_moves]

    rule = game.rule if isinstance(game.rule, str) else "custom"
    title = (_("rule {rule}: {text}").format(rule=rule, text=_(RULES[rule])) if rule in RULES
             else _("rule: a custom rule"))
    if heads:
        xor_text = (" ^ ".join(str(vals[i]) for i in heads) + f" = {total}") if len(heads) > 1 \
            else f"{total}"
    else:
        xor_text = _("0 (no heads)")
    verdict = (_("a P-position (no move at all)") if not heads else
               _("a P-position (no move wins)")) if total == 0 else ngettext(
        "an N-position; {count} winning move", "an N-position; {count} winning moves",
        len(wins)).format(count=len(wins))
    summary = _("XOR of the head values = {xor}: {verdict}").format(xor=xor_text, verdict=verdict)
    if len(wins) > len(shown):
        summary += _(" (first {count} shown)").format(count=len(shown))

    rows = [[_("coin"), *range(1, n + 1)],
            [_("face"), *(Cell(c, bold=c == "H") for c in position)],
            [_("head value"), *(vals.get(i, "·") for i in range(1, n + 1))]]
    for k, o in enumerate(shown, 1):
        turned = [a != b for a, b in zip(position, o)]
        rows.append([_("move {k}").format(k=k),
                     *(Cell(_("turn") if t else "", MARK_COLOUR if t else None, bold=t,
                            text="*" if t else ".") for t in turned),
                     f"→ {o}"])
    return Table.from_rows(rows, title=title) + sentence(
        summary, colour=P_COLOUR if total == 0 else None, bold=total == 0)
