"""Explorer for staircase Nim (阶梯博弈): sliders for the coins on each step.

The computation lives in :func:`staircase_report`, which returns a
:class:`gamelab.display.Table`; :class:`StaircaseExplorer` only wires sliders
to it, so tests set ``slider.value`` and read ``explorer.html.value``.
"""
from __future__ import annotations

import html

from ._kit import HeapReportExplorer

from .._validate import check_int_tuple
from ..display.tables import N_COLOUR, P_COLOUR, Table
from ..display.boards import staircase_html
from ..games.staircase import StaircaseNim, odd_step_xor

__all__ = ["StaircaseExplorer", "staircase_report", "plot_staircase"]

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
        ``.html`` has a picture of the staircase; ``.text`` reads::

            coins on steps 1..5: 3 1 4 1 5
            odd steps 1, 3, 5: 3 ^ 4 ^ 5 = 2
            N-position: the player to move wins
            winning moves: move 2 coins from step 1 to the floor

    Examples
    --------
    >>> print(staircase_report((0, 7)))
    coins on steps 1..2: 0 7
    odd steps 1: 0 = 0
    P-position: the player to move loses
    winning moves: none
    """
    pos = check_int_tuple(position, "position")
    odd = list(range(1, len(pos) + 1, 2))
    x = odd_step_xor(pos)
    moves = _GAME.winning_moves(pos)
    labels = [_GAME.move_label(pos, m) for m in moves]
    verdict = ("P-position: the player to move loses" if x == 0
               else "N-position: the player to move wins")
    sum_text = (" ^ ".join(str(pos[i - 1]) for i in odd) or "0") + f" = {x}"
    lines = [
        f"coins on steps 1..{len(pos)}: " + (" ".join(map(str, pos)) or "(no steps)"),
        f"odd steps {', '.join(map(str, odd)) or '(none)'}: {sum_text}",
        verdict,
        "winning moves: " + ("; ".join(labels) if labels else "none"),
    ]
    colour = P_COLOUR if x == 0 else N_COLOUR
    html_text = (
        staircase_html(pos)
        + "<div class='gamelab-table' style='font-family:monospace;margin-top:6px'>"
        + f"<div>{html.escape(lines[1])}</div>"
        + f"<div style='background:{colour};display:inline-block;padding:1px 6px;"
        + ("font-weight:bold" if x == 0 else "") + f"'>{html.escape(verdict)}</div>"
        + "<div>winning moves:</div><ul style='margin:0'>"
        + ("".join(f"<li>{html.escape(s)}</li>" for s in labels) or "<li>none</li>")
        + "</ul></div>"
    )
    return Table(html_text, "\n".join(lines))


def plot_staircase(position, *, ax=None, title=None):
    """A matplotlib picture of a staircase Nim position; returns the ``Axes``.

    Odd steps are drawn in blue (they count), even steps in grey; each coin is
    a dot on its step.  The figure is not shown: a notebook cell calls
    ``plt.show()``.
    """
    import matplotlib.pyplot as plt
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
    ax.set_xticklabels(["floor"] + [f"step {i}\n{c} coin" + ("" if c == 1 else "s")
                                    for i, c in enumerate(pos, start=1)], fontsize=10)
    ax.set_yticks([])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_title(title or f"odd steps (blue): nim-sum {odd_step_xor(pos)}")
    return ax


class StaircaseExplorer(HeapReportExplorer):
    """Sliders for the coins on each step; shows the odd-step nim-sum and winning moves.

    Parameters
    ----------
    position : tuple of int
        The starting coins on steps 1, 2, ... (1 to 8 steps).
    max_coins : int
        The largest number of coins a slider offers.

    Examples
    --------
    >>> e = StaircaseExplorer((3, 1, 4), max_coins=6)
    >>> e.sliders[2].value = 3
    >>> e.position
    (3, 1, 3)
    >>> print(e.result.text.splitlines()[2])
    P-position: the player to move loses
    """

    fallback = (
        "sliders for the coins on each step show the nim-sum of the odd steps and the "
        "winning moves."
    )
    report = staircase_report
    slider_label = "coins on step {i}"
    what = "position"
    max_name = "max_coins"
    max_entries = 8
    max_limit = 50

    def __init__(self, position=(3, 1, 4, 1, 5), *, max_coins=9):
        super().__init__(position, max_coins)

    position = HeapReportExplorer.shown
