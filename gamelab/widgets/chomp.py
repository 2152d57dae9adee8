"""The explorer and the play widget of Chomp.

:class:`ChompExplorer` shows :func:`gamelab.display.chomp_view` for a bar of
``rows`` × ``columns`` squares: its winning first moves and the P-positions
inside it.  :func:`chomp_play` plays a bar against gamelab.
"""
from __future__ import annotations

from ..i18n import gettext as _, gettext_noop as N_
from ..display.chomp import MAX_ROWS, chomp_view, explorer_columns
from ..parlour.chomp import Chomp
from ._kit import Explorer, int_slider
from .play import PlayWidget

__all__ = ["ChompExplorer", "chomp_play"]


class ChompExplorer(Explorer):
    """Sliders ``rows`` (1 to 6) and ``columns`` (its right end follows the rows, so
    that one view walks through at most 12,000 bars).

    Examples
    --------
    >>> e = ChompExplorer(2, 3)
    >>> e.result.text.splitlines()[0]
    'To win: eat the square in row 2, column 3 → (3, 2) (a P-position).'
    >>> e.controls["rows"].value = 6
    >>> e.controls["columns"].max, e.controls["columns"].value
    (10, 3)
    """

    fallback = N_("a slider for the rows and one for the columns of a chocolate bar; the "
                  "explorer draws the bar, says which squares win when eaten first and lists "
                  "the P-positions inside it.")

    def __init__(self, rows=3, columns=5):
        row_slider = int_slider("rows", rows, 1, MAX_ROWS, _("rows"), continuous_update=False)
        column_slider = int_slider("columns", columns, 1, explorer_columns(row_slider.value),
                                   _("columns"), maximum_name=f"explorer_columns({rows})",
                                   continuous_update=False)
        self._columns = column_slider
        row_slider.observe(self._bound, names="value")      # runs before the view's observer
        super().__init__({"rows": row_slider, "columns": column_slider}, chomp_view)

    def _bound(self, change):
        # a lower right end pulls the value down with it, so the view is only ever asked
        # for a bar it allows
        self._columns.max = explorer_columns(change["new"])


def chomp_play(position=(4, 4, 4), *, computer_first=False):
    """A :class:`~gamelab.widgets.PlayWidget` for Chomp from the bar ``position``."""
    return PlayWidget(Chomp(), Chomp().validate(position), computer_first=computer_first)
