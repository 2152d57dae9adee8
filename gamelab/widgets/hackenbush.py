"""The Green Hackenbush explorer (random trees and graphs, every cut labelled) and play widget.

The explorer's view is :func:`gamelab.display.hackenbush_view`.
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from ..display.hackenbush import KINDS, hackenbush_view
from ..games.hackenbush import GreenHackenbush
from ._kit import Explorer, int_slider
from .play import PlayWidget

__all__ = ["HackenbushExplorer", "hackenbush_play"]


def _view(kind, edges, seed, labels):
    return hackenbush_view(kind, edges, seed, labels="values" if labels else "winning")


class HackenbushExplorer(Explorer):
    """Sliders for a random Green Hackenbush picture; the drawing labels every cut.

    Controls ``kind`` (``"tree"`` or ``"graph"``), ``edges``, ``seed`` and
    ``labels`` (label every edge with its value, else only highlight the
    winning cuts).

    Examples
    --------
    >>> e = HackenbushExplorer(kind="tree", edges=5, seed=0)
    >>> e.controls["edges"].value = 3
    >>> print(e.result.text.splitlines()[0])
    tree with 3 edges, seed 0: value 3 (N-position); winning cuts: 1–2
    """

    fallback = N_(
        "sliders draw a random Green Hackenbush tree or graph and label every cut with "
        "the value it leaves."
    )

    def __init__(self, kind="tree", edges=8, seed=0):
        if kind not in KINDS:
            raise ValueError(f"kind must be 'tree' or 'graph', got {kind!r}")
        controls = {
            "kind": widgets.ToggleButtons(options=[(_(k), k) for k in KINDS], value=kind, description=_("Picture:")),
            "edges": int_slider("edges", edges, 0, 16, _("Edges:"), continuous_update=False,
                                style={}),
            "seed": int_slider("seed", seed, 0, 99, _("Seed:"), continuous_update=False, style={}),
            "labels": widgets.Checkbox(value=True, description=_("label every cut with its value")),
        }
        super().__init__(controls, _view, layout=[
            controls["kind"], widgets.HBox([controls["edges"], controls["seed"]]),
            controls["labels"]])


def hackenbush_play(position, ground=0, **kwargs):
    """A :class:`PlayWidget` on a Hackenbush picture, drawn after every move."""
    return PlayWidget(GreenHackenbush(ground), position, **kwargs)
