"""Sums of one-heap games: each component's value, their XOR, the winning moves in words.

The components are named from :data:`MENU` (the games the sums explorer
offers); :func:`sum_view` is what the explorer shows.

References
----------
.. [1] R. Sprague, "Über mathematische Kampfspiele", Tôhoku Math. J. 41 (1935);
   P. M. Grundy, "Mathematics and games", Eureka 2 (1939).
.. [2] Course notes "博弈论 SG函数" (sums of games; the Bash sum (9, 10, 14)).
"""
from __future__ import annotations

from .. import engine
from .._validate import check_int
from ..games.nim import NimHeap
from ..games.subtraction import Bash, Subtraction
from ..sums import Sum
from ..i18n import gettext as _, gettext_noop as N_
from .tables import P_COLOUR, bullets, grid_table, sentence

__all__ = ["MENU", "sum_table", "describe_sum_moves", "sum_view"]

#: The games offered in the menu of each component.
MENU = {
    N_("Nim heap (take any number)"): NimHeap(),
    N_("Bash m=2 (take 1-2)"): Bash(2),
    N_("Bash m=3 (take 1-3)"): Bash(3),
    N_("Bash m=5 (take 1-5)"): Bash(5),
    N_("Bash m=7 (take 1-7)"): Bash(7),
    N_("take 1, 3 or 4"): Subtraction({1, 3, 4}),
    N_("take an odd number"): Subtraction(range(1, 100, 2)),
    N_("take a Fibonacci number"): Subtraction({1, 2, 3, 5, 8, 13, 21, 34, 55, 89}),
}


def _check_components(names, heaps, *, empty=False):
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise TypeError(f"names must be a list of menu names, got {names!r}")
    if isinstance(heaps, str) or not isinstance(heaps, (list, tuple)):
        raise TypeError(f"heaps must be a list of heap sizes, got {heaps!r}")
    if len(names) != len(heaps):
        raise ValueError(f"names and heaps must have the same length, got {len(names)} and {len(heaps)}")
    if not names and not empty:
        raise ValueError("names must name at least one game")
    for n in names:
        if n not in MENU:
            raise ValueError(f"names: unknown game {n!r}; choose from {list(MENU)}")
    return list(names), [check_int(h, f"heaps[{i}]") for i, h in enumerate(heaps)]


def _values(names, heaps):
    return [engine.grundy(MENU[n], h) for n, h in zip(names, heaps)]


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
    values = _values(names, heaps)
    total = 0
    for v in values:
        total ^= v
    rows = [_("component {i}").format(i=i + 1) for i in range(len(names))] + [_("sum (XOR)")]
    data = {r: (_(n), str(h), v) for r, n, h, v in zip(rows, names, heaps, values)}
    data[rows[-1]] = ("", "", total)
    cols = [_("game"), _("heap"), _("value")]
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
    pos = tuple(heaps)
    out = []
    for move in engine.winning_moves(Sum(*games), pos):
        i = next(j for j in range(len(pos)) if move[j] != pos[j])
        g = games[i]
        before, after = engine.grundy(g, pos[i]), engine.grundy(g, move[i])
        out.append(_("component {i} ({game}): take {take}, heap {heap} \u2192 {left}, value "
                     "{before} \u2192 {after}").format(i=i + 1, game=_(names[i]),
                                                   take=pos[i] - move[i], heap=pos[i],
                                                   left=move[i], before=before, after=after))
    return out


def sum_view(names, heaps):
    """The table of values and the winning moves of the sum (what the explorer shows).

    Examples
    --------
    >>> print(sum_view([], []))
    Choose at least one game.
    >>> print(sum_view(["Nim heap (take any number)"] * 2, [3, 3]).text.splitlines()[-1])
    Value 0: a P-position — whatever we do, the opponent can restore value 0.
    """
    names, heaps = _check_components(names, heaps, empty=True)
    if not names:
        return sentence(_("Choose at least one game."))
    moves = describe_sum_moves(names, heaps)
    total = 0
    for v in _values(names, heaps):
        total ^= v
    if not moves:
        return sum_table(names, heaps) + sentence(
            _("Value 0: a P-position — whatever we do, the opponent can restore value 0."),
            colour=P_COLOUR, bold=True)
    return (sum_table(names, heaps)
            + sentence(_("Value {total}: an N-position. Winning moves (each leaves value "
                         "0):").format(total=total))
            + bullets(moves))
