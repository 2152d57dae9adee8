"""Explorer for octal games: type a code, see its digits, values, period and picture."""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Shown

from .._validate import check_bool, check_int
from ..display.svg import scroll_box, sequence_svg
from ..display.tables import ALERT_COLOUR, sequence_table
from ..display.octal import octal_table
from ..games.takebreak import TakeAndBreak

__all__ = ["OctalExplorer", "octal_sequence_table", "octal_report"]

#: How many heaps the explorer uses to look for a proven period.
PERIOD_LIMIT = 3000


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
    return sequence_table(values, title=f"Grundy values of octal game {game.code}")


def period_sentence(code, limit=PERIOD_LIMIT):
    """One sentence saying what the Guy–Smith theorem proves for ``code``.

    >>> period_sentence("0.77")
    'Proven (Guy–Smith): G(n + 12) = G(n) for every n >= 71; least preperiod 71, least period 12.'
    """
    game = TakeAndBreak(code)
    found = game.period(check_int(limit, "limit"))
    if found is None:
        return (f"No period is proven from the first {limit} values "
                "(the game may be periodic later, or never).")
    e, p = found
    return (f"Proven (Guy–Smith): G(n + {p}) = G(n) for every n >= {e}; "
            f"least preperiod {e}, least period {p}.")


def octal_report(code, n, *, plot=True):
    """HTML for the explorer: the digits, the values, the period and (optionally) the scatter plot.

    A malformed code gives an error message instead of raising, so typing in
    the text box never breaks the widget.
    """
    try:
        game = TakeAndBreak(code)
    except (TypeError, ValueError) as err:
        return (f'<p style="color:{ALERT_COLOUR}"><b>Not an octal code:</b> '
                f'{html.escape(str(err))}</p>')
    parts = [scroll_box(octal_table(game.code).html),
             scroll_box(octal_sequence_table(game.code, min(n, 100)).html, max_height=320),
             f"<p>{html.escape(period_sentence(game.code))}</p>"]
    if plot:
        parts.append(scroll_box(sequence_svg(game.grundy_sequence(n).tolist(),
                                             title=f"octal game {game.code}: G(n) against n")))
    return "".join(parts)


class OctalExplorer(Shown):
    """Type an octal code and move the slider: digits, values, period and plot recompute.

    Parameters
    ----------
    code : str
        The starting code.
    n : int
        How many heaps to compute and plot.

    Examples
    --------
    >>> e = OctalExplorer("0.77", 40, plot=False)
    >>> e.code.value = "0.07"
    >>> "0.07" in e.output.value
    True
    """

    fallback = "type an octal code and move the slider, and the code's digits, the values, their period and their plot are recomputed."

    def __init__(self, code="0.77", n=120, *, plot=True):
        if not isinstance(code, str):
            raise TypeError(f"code must be a str such as '0.77', got {type(code).__name__} {code!r}")
        n = check_int(n, "n", minimum=10, maximum=1000)
        self.plot = check_bool(plot, "plot")
        self.code = widgets.Text(value=code, description="octal code",
                                 placeholder="e.g. 0.77, 0.07, 0.137, 4.7",
                                 continuous_update=False,
                                 style={"description_width": "initial"})
        self.heaps = widgets.IntSlider(value=n, min=10, max=1000, step=10,
                                       description="heaps 0 .. n-1, n =",
                                       continuous_update=False,
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="420px"))
        self.named = widgets.Dropdown(
            options=[("pick a classic", ""), ("Kayles 0.77", "0.77"),
                     ("Dawson's Kayles 0.07", "0.07"), ("Dawson's Chess 0.137", "0.137"),
                     ("Treblecross 0.007", "0.007"), ("split or take one 4.7", "4.7"),
                     ("0.6 (open problem)", "0.6")],
            value="", description="or")
        self.output = widgets.HTML()
        self.code.observe(self._update, names="value")
        self.heaps.observe(self._update, names="value")
        self.named.observe(self._pick, names="value")
        self.widget = widgets.VBox([widgets.HBox([self.code, self.named]), self.heaps, self.output])
        self._update()

    def report(self):
        """The HTML shown for the current code and slider."""
        return octal_report(self.code.value, self.heaps.value, plot=self.plot)

    def table(self):
        """The value table for the current code and slider (a :class:`Table`), or ``None``
        if the code is malformed."""
        try:
            return octal_sequence_table(self.code.value, min(self.heaps.value, 100))
        except (TypeError, ValueError):
            return None

    def _pick(self, change=None):
        if self.named.value:
            self.code.value = self.named.value

    def _update(self, change=None):
        picked = self.named.value
        if picked and picked != self.code.value.strip():
            self.named.value = ""      # the typed code is no longer the one picked
        self.output.value = self.report()
