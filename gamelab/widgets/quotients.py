"""The misère quotient explorer: an octal code and a heap bound in, (Q, P, Φ) out.

:class:`QuotientExplorer` shows :func:`gamelab.display.quotient_table` under a
drop-down of codes and a heap slider whose right end follows the code.
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from ..display.quotients import CODES, SAFE_MAX_HEAP, check_code, quotient_table
from ._kit import Explorer, int_slider

__all__ = ["QuotientExplorer"]


class QuotientExplorer(Explorer):
    """The misère quotient of an octal game, for a code and a heap bound chosen by hand.

    Controls ``code`` (a drop-down of :data:`CODES`) and ``max_heap`` (a
    slider whose right end is ``SAFE_MAX_HEAP[code]``, so every answer comes
    within a second or two); the view is :func:`gamelab.display.quotient_table`.

    Examples
    --------
    >>> e = QuotientExplorer("0.07", 12)
    >>> e.result.text.splitlines()[1]
    '|Q| = 12, |P| = 3: P = {a, ac, b²}'
    >>> e.controls["code"].value = "0.77"
    >>> e.controls["max_heap"].max, e.controls["max_heap"].value
    (8, 8)
    """

    fallback = N_("a drop-down chooses an octal game and a slider the largest heap; the explorer "
                "shows the order of the misère quotient, its P-portion, the pretending "
                "function Φ and the multiplication table.")

    def __init__(self, code="0.07", max_heap=12):
        code = check_code(code)
        dropdown = widgets.Dropdown(options=[(f"{c} {_(n)}", c) for c, n in CODES.items()],
                                    value=code, description=_("code"))
        slider = int_slider("max_heap", max_heap, 1, SAFE_MAX_HEAP[code], _("heaps up to"),
                            maximum_name=f"SAFE_MAX_HEAP[{code!r}]", continuous_update=False)
        self._slider = slider
        dropdown.observe(self._bound, names="value")       # runs before the view's observer
        super().__init__({"code": dropdown, "max_heap": slider}, quotient_table)

    def _bound(self, change):
        # a lower right end pulls the value down with it: the view is then asked for the
        # new code at a bound it allows (the quotient is cached for the code's own update)
        self._slider.max = SAFE_MAX_HEAP[change["new"]]
