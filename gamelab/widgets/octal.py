"""The octal-game explorer: type a code, see its digits, values, period and picture.

The view is :func:`gamelab.display.octal_report`; a drop-down of classic
codes fills the text box.
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from .._validate import check_bool
from ..display.octal_values import octal_report
from ._kit import Explorer, int_slider

__all__ = ["OctalExplorer", "CLASSICS"]

#: The drop-down of classic codes: ``(label, code)``.
CLASSICS = [(N_("pick a classic"), ""), ("Kayles 0.77", "0.77"), ("Dawson's Kayles 0.07", "0.07"),
            ("Dawson's Chess 0.137", "0.137"), ("Treblecross 0.007", "0.007"),
            (N_("split or take one 4.7"), "4.7"), (N_("0.6 (open problem)"), "0.6")]


class OctalExplorer(Explorer):
    """Type an octal code and move the slider: digits, values, period and plot recompute.

    Controls ``code`` (a text box) and ``n`` (how many heaps to compute and
    plot, 10 to 1000); ``named`` is a drop-down of classic codes that fills
    the text box.

    Examples
    --------
    >>> e = OctalExplorer("0.77", 40, plot=False)
    >>> e.controls["code"].value = "0.07"
    >>> e.result.text.splitlines()[0]
    'octal code 0.07'
    """

    fallback = N_("type an octal code and move the slider, and the code's digits, the values, "
                "their period and their plot are recomputed.")

    def __init__(self, code="0.77", n=120, *, plot=True):
        if not isinstance(code, str):
            raise TypeError(f"code must be a str such as '0.77', got {type(code).__name__} {code!r}")
        plot = check_bool(plot, "plot")
        controls = {
            "code": widgets.Text(value=code, description=_("octal code"),
                                 placeholder=_("e.g. 0.77, 0.07, 0.137, 4.7"),
                                 continuous_update=False, style={"description_width": "initial"}),
            "n": int_slider("n", n, 10, 1000, _("heaps 0 .. n-1, n ="), step=10,
                            continuous_update=False, layout=widgets.Layout(width="420px")),
        }
        self.named = widgets.Dropdown(options=[(_(label), code) for label, code in CLASSICS], value="", description=_("or"))
        self.named.observe(self._pick, names="value")
        controls["code"].observe(self._typed, names="value")
        super().__init__(controls, lambda code, n: octal_report(code, n, plot=plot),
                         layout=[widgets.HBox([controls["code"], self.named]), controls["n"]])

    def _pick(self, _change=None):
        if self.named.value:
            self.controls["code"].value = self.named.value

    def _typed(self, _change=None):
        if self.named.value and self.named.value != self.controls["code"].value.strip():
            self.named.value = ""      # the typed code is no longer the one picked
