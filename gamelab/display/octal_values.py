"""The values of an octal (or any take-and-break) game: the table, the proven period,
the explorer's view.

:func:`octal_report` is what the octal-game explorer shows for a code typed
in its text box: the digits explained (:func:`gamelab.display.octal_table`),
the values, the period the Guy–Smith theorem proves, and their plot.
"""
from __future__ import annotations

from .._validate import check_bool, check_int
from ..games.octal import TakeAndBreak
from ..i18n import gettext as _
from .octal import octal_table
from .one_heap import PROOF_HEAPS
from .svg import sequence_svg
from .tables import ALERT_COLOUR, picture, sentence, sequence_table

__all__ = ["octal_sequence_table", "period_sentence", "octal_report", "TABLE_HEAPS"]

#: The most heaps the explorer's table shows (the plot shows them all).
TABLE_HEAPS = 100


def octal_sequence_table(code, n):
    """The Grundy values of heaps ``0 .. n-1`` of an octal game, P-positions highlighted.

    Parameters
    ----------
    code : str
        An octal code such as ``"0.77"``.
    n : int
        How many heaps.

    Returns
    -------
    gamelab.display.Table

    Examples
    --------
    >>> print(octal_sequence_table("0.07", 10))
    Grundy values of octal game 0.07
       n | 0 1 2 3 4 5 6 7 8 9
    G(n) | 0 0 1 1 2 0 3 1 1 0
    """
    game = TakeAndBreak(code)
    values = game.grundy_sequence(n).tolist()
    title = {"octal": _("Grundy values of octal game {code}"),
             "hexadecimal": _("Grundy values of hexadecimal game {code}")}.get(
        game.rules.family, _("Grundy values of take-and-break game {code}"))
    return sequence_table(values, title=title.format(code=game.code))


def period_sentence(code, limit=PROOF_HEAPS):
    """One sentence saying what a periodicity theorem proves for ``code``, and which.

    >>> period_sentence("0.77")
    'Proven (Guy–Smith): G(n + 12) = G(n) for every n >= 71; least preperiod 71, least period 12.'
    >>> period_sentence("0.8")
    'Proven (three heaps): G(n + 3) = G(n) + 1 for every n >= 1; least preperiod 1, least period 3, saltus 1.'
    """
    game = TakeAndBreak(code)
    found = game.period(check_int(limit, "limit"))
    if found is None:
        return _("No period is proven from the first {limit} values "
                 "(the game may be periodic later, or never).").format(limit=limit)
    e, p = found
    if found.saltus:
        by = (_("Proven (three heaps): G(n + {p}) = G(n) + {s} for every n >= {e}; "
                "least preperiod {e}, least period {p}, saltus {s}.")
              if found.theorem == "three heaps" else
              _("Proven (relative state): G(n + {p}) = G(n) + {s} for every n >= {e}; "
                "least preperiod {e}, least period {p}, saltus {s}."))
        return by.format(p=p, e=e, s=found.saltus)
    return _("Proven (Guy–Smith): G(n + {p}) = G(n) for every n >= {e}; "
             "least preperiod {e}, least period {p}.").format(p=p, e=e)


def octal_report(code, n, plot=True):
    """The digits, the values (at most :data:`TABLE_HEAPS`), the period and the plot.

    A malformed code gives a sentence saying what is wrong instead of
    raising, so typing in the explorer's text box never breaks it.

    Examples
    --------
    >>> octal_report("0.Z", 10).text.split(":")[0]
    'Not an octal code'
    """
    plot = check_bool(plot, "plot")
    n = check_int(n, "n")
    try:
        game = TakeAndBreak(code)
    except (TypeError, ValueError) as err:
        return sentence(_("Not an octal code: {error}").format(error=err), bold=True, ink=ALERT_COLOUR)
    family = game.rules.family
    view = (octal_table(game.code).scrolled() if family != "take-and-break"
            else sentence(_("take-and-break code {code}").format(code=game.code)))
    view += (octal_sequence_table(game.code, min(n, TABLE_HEAPS)).scrolled(max_height=320)
             + sentence(period_sentence(game.code)))
    if plot:
        title = {"octal": _("octal game {code}: G(n) against n"),
                 "hexadecimal": _("hexadecimal game {code}: G(n) against n")}.get(
            family, _("take-and-break game {code}: G(n) against n"))
        view += picture(sequence_svg(game.grundy_sequence(n).tolist(),
                                     title=title.format(code=game.code)))
    return view
