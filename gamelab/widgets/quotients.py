"""The misère quotient explorer: an octal code and a heap bound in, (Q, P, Φ) out.

:class:`QuotientExplorer` shows :func:`quotient_table`: the order of the
misère quotient of the sums of heaps up to a bound, its P-portion, the
pretending function Φ and the multiplication table of the quotient, the
elements of P in blue.  The codes offered are a few octal games whose
quotients :func:`gamelab.misere_quotient` finds within a second or two up to
the slider's right end, which depends on the code.
"""
from __future__ import annotations

import functools

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from .._validate import check_int
from ..display.tables import P_COLOUR, Cell, Table, sentence
from ..games.octal import TakeAndBreak
from ..quotients import misere_quotient
from ._kit import Explorer, int_slider

__all__ = ["QuotientExplorer", "quotient_table", "CODES", "SAFE_MAX_HEAP"]

#: The codes the explorer offers, with their names.
CODES = {"0.07": "Dawson's Kayles", "0.77": "Kayles", "0.137": "Dawson's chess",
         "0.6": "Officers", "0.3333": N_("take 1 to 4, leaving one heap or none")}
#: The largest heap the slider offers for each code (answers within a second or two).
SAFE_MAX_HEAP = {"0.07": 20, "0.77": 8, "0.137": 16, "0.6": 12, "0.3333": 10}


@functools.lru_cache(maxsize=64)
def _quotient(code, max_heap):
    return misere_quotient(TakeAndBreak(code), max_heap)


def quotient_table(code="0.07", max_heap=12):
    """(Q, P, Φ) of the octal game ``code`` for sums of heaps ≤ ``max_heap``, as a table.

    Parameters
    ----------
    code : str
        One of :data:`CODES`.
    max_heap : int
        At least 1 and at most ``SAFE_MAX_HEAP[code]``.

    Returns
    -------
    gamelab.display.Table
        A sentence with |Q| and P, the row Φ(0..max_heap) and the
        multiplication table of Q (elements of P in blue).

    Examples
    --------
    >>> t = quotient_table("0.07", 12)
    >>> print(t.text.splitlines()[1])
    |Q| = 12, |P| = 3: P = {a, ac, b²}
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str, got {type(code).__name__}")
    if code not in SAFE_MAX_HEAP:
        raise ValueError(f"code must be one of {sorted(SAFE_MAX_HEAP)}, got {code!r}")
    max_heap = check_int(max_heap, "max_heap", minimum=1, maximum=SAFE_MAX_HEAP[code])
    q = _quotient(code, max_heap)
    names = [q.name(x) for x in q.elements]

    def cell(x):
        return Cell(names[x], P_COLOUR, bold=True, text=names[x] + "*") if q.in_p(x) \
            else names[x]

    p_names = ", ".join(names[x] for x in q.p_portion)
    head = sentence(_("Misère quotient of {code} ({name}), sums of heaps ≤ {max_heap}").format(
        code=code, name=_(CODES[code]), max_heap=max_heap))
    head += sentence(f"|Q| = {q.order}, |P| = {len(q.p_portion)}: P = {{{p_names}}}")
    phi = Table.from_rows([["n", *range(max_heap + 1)],
                           ["Φ(n)", *(cell(q.phi(n)) for n in range(max_heap + 1))]],
                          title=_("the pretending function (* marks P)"))
    rows = [["·", *names]] + [[names[x], *(cell(q.multiply(x, y)) for y in q.elements)]
                             for x in q.elements]
    grid = Table.from_rows(rows, title=_("the multiplication table x · y"))
    return head + phi + grid


class QuotientExplorer(Explorer):
    """The misère quotient of an octal game, for a code and a heap bound chosen by hand.

    Controls ``code`` (a drop-down of :data:`CODES`) and ``max_heap`` (a
    slider whose right end is ``SAFE_MAX_HEAP[code]``, so every answer comes
    within a second or two); the view is :func:`quotient_table`.

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
        if not isinstance(code, str):
            raise TypeError(f"code must be a str, got {type(code).__name__}")
        if code not in SAFE_MAX_HEAP:
            raise ValueError(f"code must be one of {sorted(SAFE_MAX_HEAP)}, got {code!r}")
        dropdown = widgets.Dropdown(options=[(f"{c} {_(n)}", c) for c, n in CODES.items()],
                                    value=code, description=_("code"))
        slider = int_slider("max_heap", max_heap, 1, SAFE_MAX_HEAP[code], _("heaps up to"),
                            maximum_name=f"SAFE_MAX_HEAP[{code!r}]", continuous_update=False)
        self._slider = slider
        dropdown.observe(self._bound, names="value")       # runs before the view's observer
        super().__init__({"code": dropdown, "max_heap": slider}, quotient_table)

    def _bound(self, change):
        top = SAFE_MAX_HEAP[change["new"]]
        if self._slider.value > top:
            self._slider.unobserve(self._changed, names="value")
            self._slider.value = top
            self._slider.observe(self._changed, names="value")
        self._slider.max = top
