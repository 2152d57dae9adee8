"""Sums of games: pick up to four one-heap games and their heaps, see the values add by XOR.

The view is :func:`gamelab.display.sum_view` (each component's value, their
XOR and every winning move of the sum, in words).

References
----------
.. [1] R. Sprague, "Über mathematische Kampfspiele", Tôhoku Math. J. 41 (1935);
   P. M. Grundy, "Mathematics and games", Eureka 2 (1939).
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from .._validate import check_int
from ..display.sums import MENU, sum_view
from ._kit import Explorer, int_slider

__all__ = ["SumExplorer", "NO_GAME"]

NO_GAME = N_("(no game)")


def _chosen(values):
    """``(names, heaps)`` of the components switched on, from ``game1, heap1, ...``."""
    names, heaps = [], []
    for i in range(1, len(values) // 2 + 1):
        if values[f"game{i}"] != NO_GAME:
            names.append(values[f"game{i}"])
            heaps.append(values[f"heap{i}"])
    return names, heaps


def _view(**values):
    return sum_view(*_chosen(values))


class SumExplorer(Explorer):
    """Up to four components, each a game from :data:`gamelab.display.MENU` and a heap.

    The controls are ``game1``, ``heap1``, ``game2``, ``heap2``, ...

    Examples
    --------
    >>> ex = SumExplorer()
    >>> print(ex.result.text.splitlines()[4])
      sum (XOR) |                              3
    >>> ex.controls["heap3"].value = 13      # a winning move: 1 ^ 4 ^ 5 = 0
    >>> ex.result.text.splitlines()[-1]
    'Value 0: a P-position — whatever we do, the opponent can restore value 0.'
    """

    fallback = N_("pick up to four games and their heaps, and the table shows each component's "
                "value, the nim-sum and the winning moves.")

    def __init__(self, names=("Bash m=3 (take 1-3)", "Bash m=5 (take 1-5)", "Bash m=7 (take 1-7)"),
                 heaps=(9, 10, 14), *, slots=4, max_heap=30):
        slots = check_int(slots, "slots", minimum=1, maximum=8)
        max_heap = check_int(max_heap, "max_heap", minimum=1, maximum=99)
        names, heaps = list(names), list(heaps)
        if len(names) != len(heaps):
            raise ValueError(f"names and heaps must have the same length, got {len(names)} "
                             f"and {len(heaps)}")
        if len(names) > slots:
            raise ValueError(f"names: at most {slots} components, got {len(names)}")
        for n in names:
            if n not in MENU:
                raise ValueError(f"names: unknown game {n!r}; choose from {list(MENU)}")
        names += [NO_GAME] * (slots - len(names))
        heaps += [0] * (slots - len(heaps))
        controls, rows = {}, []
        for i, (name, heap) in enumerate(zip(names, heaps), 1):
            controls[f"game{i}"] = widgets.Dropdown(options=[(_(g), g) for g in (NO_GAME, *MENU)],
                                                    value=name,
                                                    description=_("game {i}").format(i=i))
            controls[f"heap{i}"] = int_slider(f"heaps[{i - 1}]", heap, 0, max_heap,
                                              _("heap {i}").format(i=i), maximum_name="max_heap")
            rows.append(widgets.HBox([controls[f"game{i}"], controls[f"heap{i}"]]))
        super().__init__(controls, _view, layout=rows)
