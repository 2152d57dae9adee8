"""The misère Nim (反尼姆博弈) explorer: normal and misère play side by side.

The view is :func:`gamelab.display.compare_table`.
"""
from __future__ import annotations

from ..i18n import gettext as _, gettext_noop as N_
from ..display.misere import compare_table
from ._kit import Explorer, HeapSliders

__all__ = ["MisereNimExplorer"]


class MisereNimExplorer(Explorer):
    """Heap sliders (1 to 6 heaps); normal and misère outcomes and winning moves side by side.

    Examples
    --------
    >>> e = MisereNimExplorer((1, 1, 2), max_heap=7)
    >>> e.controls["heaps"].sliders[2].value = 1
    >>> e.kwargs["heaps"], e.result.text.splitlines()[1].split()
    ((1, 1, 1), ['outcome', '|', 'N', 'P'])
    """

    fallback = N_(
        "heap sliders show the normal and the misère outcome and their winning moves side"
        " by side."
    )

    def __init__(self, heaps=(1, 2, 3), *, max_heap=7):
        sliders = HeapSliders(heaps, max_heap, 1, 6, counted=False, max_limit=100)
        super().__init__({"heaps": sliders}, compare_table)
