"""The explorer and the play widget of Fibonacci Nim (斐波那契博弈).

The explorer's view is :func:`gamelab.display.fibonacci_summary`.

References
----------
.. [1] M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963), 9–13.
"""
from __future__ import annotations

from ..i18n import gettext as _, gettext_noop as N_
from .._validate import check_int
from ..display.fibonacci import MAX_HEAP, fibonacci_summary
from ..games.fibonacci import FibonacciNim
from ._kit import Explorer, int_slider
from .play import PlayWidget

__all__ = ["FibonacciExplorer", "fibonacci_play"]


class FibonacciExplorer(Explorer):
    """A slider ``n`` for the heap: its Zeckendorf sum, outcome and winning moves.

    Examples
    --------
    >>> e = FibonacciExplorer(20)
    >>> e.controls["n"].value = 21
    >>> e.result.text.splitlines()[4]
    'outcome             | P: the second player wins (21 is a Fibonacci number)'
    """

    fallback = N_("a slider for the heap n shows its Zeckendorf sum, who wins and the winning moves.")

    def __init__(self, n=20):
        heap = int_slider("n", n, 1, MAX_HEAP, _("heap n"), tooltip=_("number of stones at the start"))
        super().__init__({"n": heap}, fibonacci_summary)


def fibonacci_play(n=20, *, computer_first=False):
    """A :class:`~gamelab.widgets.PlayWidget` for Fibonacci Nim on a heap of ``n``."""
    n = check_int(n, "n", minimum=1, maximum=MAX_HEAP)
    return PlayWidget(FibonacciNim(), FibonacciNim.start(n), computer_first=computer_first)
