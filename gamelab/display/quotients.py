"""The misère quotient of an octal game as a table: (Q, P, Φ) for a code and a heap bound.

:func:`quotient_table` shows the order of the misère quotient of the sums of
heaps up to a bound, its P-portion, the pretending function Φ and the
multiplication table of the quotient, the elements of P in blue
(:class:`gamelab.widgets.QuotientExplorer` shows it under a drop-down and a
slider).  The codes offered are a few octal games whose quotients
:func:`gamelab.misere_quotient` finds within a second or two up to a heap
bound that depends on the code.
"""
from __future__ import annotations

import functools

from .._validate import check_int
from ..games.octal import TakeAndBreak
from ..i18n import gettext as _, gettext_noop as N_
from ..quotients import misere_quotient
from .tables import P_COLOUR, Cell, Table, sentence

__all__ = ["quotient_table", "check_code", "CODES", "SAFE_MAX_HEAP"]

#: The codes the misère quotient's explorer offers, with their names.
CODES = {"0.07": "Dawson's Kayles", "0.77": "Kayles", "0.137": "Dawson's chess",
         "0.6": "Officers", "0.3333": N_("take 1 to 4, leaving one heap or none")}
#: The largest heap the slider offers for each code (answers within a second or two).
SAFE_MAX_HEAP = {"0.07": 20, "0.77": 8, "0.137": 16, "0.6": 12, "0.3333": 10}


def check_code(code):
    """``code`` if it is one of :data:`CODES`; a clear ``TypeError``/``ValueError`` if not.

    >>> check_code("0.6")
    '0.6'
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str, got {type(code).__name__}")
    if code not in SAFE_MAX_HEAP:
        raise ValueError(f"code must be one of {sorted(SAFE_MAX_HEAP)}, got {code!r}")
    return code


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
    code = check_code(code)
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
