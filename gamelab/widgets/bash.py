"""Explorers of lectures 00 and 01: P/N positions of subtraction games, and the Bash game.

Each is an :class:`~gamelab.widgets.Explorer`: its controls and a view from
:mod:`gamelab.display.bash` (:func:`~gamelab.display.pn_view`,
:func:`~gamelab.display.bash_view`), computed by plain search.
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from .._validate import check_bool
from ..display.bash import bash_view, pn_view, subtraction_rule
from ._kit import Explorer, MoveToggles, int_slider

__all__ = ["PNExplorer", "BashExplorer"]

_WIDTH = widgets.Layout(width="420px")


class PNExplorer(Explorer):
    """Lecture 00: a heap slider and one toggle per move 1..6; the P/N table and game graph.

    Controls ``moves`` (the moves switched on), ``size`` (the heap) and
    ``graph`` (draw the game graph); the view is :func:`gamelab.display.pn_view`.

    Examples
    --------
    >>> e = PNExplorer(moves=(1, 2), size=6, graph=False)
    >>> e.controls["moves"].toggles[2].value = True        # allow taking 3 as well
    >>> print(e.result.text)
    take one of {1, 2, 3}
      n | 0 1 2 3 4 5 6
    P/N | P N N N P N N
    """

    fallback = N_(
        "toggle the allowed moves and move the heap slider, and the table of P- and "
        "N-positions and the game graph are recomputed."
    )

    MAX_MOVE = 6

    def __init__(self, moves=(1, 2, 3), size=12, *, graph=True):
        moves = subtraction_rule(moves).moves
        toggles = MoveToggles(moves, self.MAX_MOVE, text=N_("take {s}"),
                              tooltip=N_("allow taking {s} stones"), width="70px",
                              title=N_("allowed moves:"))
        size = int_slider("size", size, 0, 60, _("heap size"), continuous_update=False)
        graph = widgets.Checkbox(value=check_bool(graph, "graph"),
                                 description=_("draw the game graph"))
        super().__init__({"moves": toggles, "size": size, "graph": graph}, pn_view,
                         layout=[toggles, widgets.HBox([size, graph])])


class BashExplorer(Explorer):
    """Lecture 01: sliders for ``m`` (the most one may take) and ``n`` (the heap).

    Shows who wins a heap of n with the winning move, the values of heaps
    0 .. n computed by search, and their plot (:func:`gamelab.display.bash_view`).

    Examples
    --------
    >>> e = BashExplorer(m=3, n=9, plot=False)
    >>> e.controls["m"].value = 4
    >>> print(e.result.text.splitlines()[0])
    A heap of 9 (take 1..4) is an N-position: take 4, leaving 5, a multiple of 5.
    """

    fallback = N_(
        "sliders for m (the most one may take) and n (the heap) recompute the table of "
        "values, its plot and who wins."
    )

    def __init__(self, m=3, n=21, *, plot=True):
        controls = {
            "m": int_slider("m", m, 1, 20, _("most stones per move m"), continuous_update=False,
                            layout=_WIDTH),
            "n": int_slider("n", n, 0, 200, _("heap size n"), continuous_update=False,
                            layout=_WIDTH),
            "plot": widgets.Checkbox(value=check_bool(plot, "plot"),
                                     description=_("plot the values")),
        }
        super().__init__(controls, bash_view)
