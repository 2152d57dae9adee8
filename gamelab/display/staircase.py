"""Staircase Nim (阶梯博弈): the odd-step nim-sum, the winning moves, a picture.

:func:`staircase_report` is what the explorer shows; :func:`plot_staircase`
draws a staircase with matplotlib for the lecture's figures.
"""
from __future__ import annotations

from .._validate import check_int_tuple
from ..board import Steps
from ..games.staircase import StaircaseNim, odd_step_xor
from ..i18n import gettext as _, gettext_noop as N_
from ..fonts import plot_text
from .boards import draw_board
from .tables import P_COLOUR, key_value_table, picture

__all__ = ["staircase_report", "plot_staircase"]

_GAME = StaircaseNim()


def staircase_report(position):
    """The odd-step nim-sum, the outcome and the winning moves of a staircase.

    Parameters
    ----------
    position : tuple of int
        Coins on steps 1, 2, ...

    Returns
    -------
    Table
        ``.html`` has a picture of the staircase above the table.

    Examples
    --------
    >>> print(staircase_report((3, 1, 4, 1, 5)))
    coins on steps 1..5 | 3 1 4 1 5
    odd steps 1, 3, 5   | 3 ^ 4 ^ 5 = 2
    outcome             | N-position: the player to move wins
    winning moves       | move 2 coins from step 1 to the floor
    >>> print(staircase_report((0, 7)).text.splitlines()[-2:])
    ['outcome             | P-position: the player to move loses', 'winning moves       | none']
    """
    pos = check_int_tuple(position, "position")
    odd = list(range(1, len(pos) + 1, 2))
    x = odd_step_xor(pos)
    labels = [_GAME.move_label(pos, m) for m in _GAME.winning_moves(pos)]
    verdict = (_("P-position: the player to move loses") if x == 0
               else _("N-position: the player to move wins"))
    sum_text = (" ^ ".join(str(pos[i - 1]) for i in odd) or "0") + f" = {x}"
    table = key_value_table([
        (_("coins on steps 1..{count}").format(count=len(pos)),
         " ".join(map(str, pos)) or _("(no steps)")),
        (_("odd steps {steps}").format(steps=", ".join(map(str, odd)) or _("(none)")), sum_text),
        (_("outcome"), verdict),
        (_("winning moves"), "; ".join(labels) or _("none")),
    ], highlight={_("outcome")} if x == 0 else ())
    return picture(draw_board(Steps(pos))) + table


def plot_staircase(position, *, ax=None, title=None):
    """A matplotlib picture of a staircase Nim position; returns the ``Axes``.

    Odd steps are drawn in blue (they count), even steps in grey; each coin is
    a dot on its step.  The figure is not shown: a notebook cell calls
    ``plt.show()``.
    """
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use
    from matplotlib.patches import Rectangle

    pos = check_int_tuple(position, "position")
    if ax is None:
        _fig, ax = plt.subplots(figsize=(1.2 + 0.9 * max(len(pos), 1), 3.2))
    for i, c in enumerate(pos):
        step = i + 1
        colour = P_COLOUR if step % 2 else "#cccccc"
        ax.add_patch(Rectangle((step - 0.5, 0), 1, step, facecolor=colour, edgecolor="#555"))
        for j in range(c):
            ax.plot(step - 0.3 + 0.2 * (j % 4), step + 0.25 + 0.3 * (j // 4), "o",
                    color="#D55E00", markersize=7)
    ax.axhline(0, color="#333", lw=2)
    top = max([i + 1 + 0.3 * (c // 4 + 2) for i, c in enumerate(pos)] + [1])
    ax.set_xlim(-0.5, len(pos) + 0.7)
    ax.set_ylim(0, top + 0.3)
    ax.set_xticks(range(0, len(pos) + 1))
    step, coins = plot_text(N_("step {i}")), (plot_text(N_("{count} coin")),
                                              plot_text(N_("{count} coins")))
    ax.set_xticklabels([plot_text(N_("floor"))] + [
        step.format(i=i) + "\n" + coins[c != 1].format(count=c)
        for i, c in enumerate(pos, start=1)], fontsize=10)
    ax.set_yticks([])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_title(title or plot_text(N_("odd steps (blue): nim-sum {x}")).format(
        x=odd_step_xor(pos)))
    return ax
