"""The explorer and the play widget of Wythoff's game (威佐夫博弈).

:class:`WythoffExplorer` redraws the P/N grid and the value map when its
grid-size slider moves (the view is :func:`gamelab.display.wythoff_view`).
"""
from __future__ import annotations

from ..i18n import gettext as _, gettext_noop as N_
from ..display.wythoff import MAX_SIZE, MIN_SIZE, wythoff_view
from ..games.wythoff import Wythoff
from ._kit import Explorer, int_slider
from .play import PlayWidget

__all__ = ["WythoffExplorer", "wythoff_play"]


class WythoffExplorer(Explorer):
    """A slider ``n`` for the grid size (heaps ``0 .. n-1``, 4 to 80).

    Examples
    --------
    >>> e = WythoffExplorer(8)
    >>> e.result.text.splitlines()[2]
    'a_k | 0 1 3 4'
    """

    fallback = N_(
        "a slider for the grid size redraws the grid of P- and N-positions, the table of "
        "P-positions and the map of values."
    )

    def __init__(self, n=30):
        size = int_slider("n", n, MIN_SIZE, MAX_SIZE, _("heaps below"), continuous_update=False,
                          tooltip=_("draw every position (a, b) with a and b below this number"))
        super().__init__({"n": size}, wythoff_view)


def wythoff_play(position=(6, 9), *, computer_first=False):
    """A :class:`~gamelab.widgets.PlayWidget` for Wythoff's game from ``position``."""
    return PlayWidget(Wythoff(), Wythoff().validate(position), computer_first=computer_first)
