"""The staircase Nim (阶梯博弈) explorer: sliders for the coins on each step.

The view is :func:`gamelab.display.staircase_report`.
"""
from __future__ import annotations

from ..i18n import gettext as _, gettext_noop as N_
from ..display.staircase import staircase_report
from ._kit import Explorer, HeapSliders

__all__ = ["StaircaseExplorer"]


class StaircaseExplorer(Explorer):
    """Sliders for the coins on each step (1 to 8 steps); the odd-step nim-sum and winning moves.

    Examples
    --------
    >>> e = StaircaseExplorer((3, 1, 4), max_coins=6)
    >>> e.controls["position"].sliders[2].value = 3
    >>> e.kwargs["position"], e.result.text.splitlines()[2]
    ((3, 1, 3), 'outcome             | P-position: the player to move loses')
    """

    fallback = N_(
        "sliders for the coins on each step show the nim-sum of the odd steps and the "
        "winning moves."
    )

    def __init__(self, position=(3, 1, 4, 1, 5), *, max_coins=9):
        sliders = HeapSliders(position, max_coins, 1, 8, counted=False, label=N_("coins on step {i}"),
                              what="position", max_name="max_coins", max_limit=50)
        super().__init__({"position": sliders}, staircase_report)
