"""Fibonacci Nim (斐波那契博弈): a heap's Zeckendorf sum, outcome and winning moves.

:func:`fibonacci_summary` (what the explorer shows) gives, for a heap of
``n``, the Zeckendorf representation of ``n``, the outcome of the starting
position ``(n, n - 1)`` and every winning first move.
:func:`fibonacci_outcome_table` is the grid of outcomes over
``(heap, limit)``, computed by plain search.

References
----------
.. [1] M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963), 9–13.
.. [2] E. Zeckendorf, Bull. Soc. Roy. Sci. Liège 41 (1972), 179–182.
"""
from __future__ import annotations

from .. import engine
from .._validate import check_int
from ..games.fibonacci import FibonacciNim, zeckendorf
from ..i18n import gettext as _
from .tables import grid_table, key_value_table, outcome_colour

__all__ = ["fibonacci_summary", "fibonacci_outcome_table", "MAX_HEAP"]

#: The largest heap of the outcome table (and of the explorer's slider).
MAX_HEAP = 300


def fibonacci_summary(n):
    """Zeckendorf sum, outcome and winning first moves for a heap of ``n``.

    Parameters
    ----------
    n : int
        The heap, ``n >= 1``; the game starts at ``(n, n - 1)``.

    Returns
    -------
    Table
        Prints as plain text; shows as HTML with a P-position in blue and bold.

    Examples
    --------
    >>> print(fibonacci_summary(100))
    heap n              | 100
    Zeckendorf sum      | 89 + 8 + 3
    smallest term z(n)  | 3
    first move may take | 1 to 99
    outcome             | N: the first player wins
    winning first moves | take 3, take 11
    >>> print(fibonacci_summary(89).text.splitlines()[4])
    outcome             | P: the second player wins (89 is a Fibonacci number)
    """
    game = FibonacciNim()
    start = game.start(n)
    n = start[0]
    terms = zeckendorf(n)
    result = engine.outcome(game, start)
    moves = engine.winning_moves(game, start)
    if result == "P":
        verdict = _("P: the second player wins ({n} is a Fibonacci number)").format(n=n)
    else:
        verdict = _("N: the first player wins")
    rows = [
        (_("heap n"), str(n)),
        (_("Zeckendorf sum"), " + ".join(str(t) for t in terms)),
        (_("smallest term z(n)"), str(terms[-1])),
        (_("first move may take"), _("1 to {top}").format(top=n - 1) if n > 1
         else _("nothing (no move)")),
        (_("outcome"), verdict),
        (_("winning first moves"), ", ".join(_("take {count}").format(count=n - h)
                                             for h, _limit in moves) or _("none")),
    ]
    return key_value_table(rows, highlight={_("outcome")} if result == "P" else ())


def fibonacci_outcome_table(max_heap, max_limit=None):
    """Outcomes of ``(heap, limit)`` by plain search, P-positions highlighted.

    Rows are heaps ``1 .. max_heap``, columns limits ``1 .. max_limit``
    (default ``max_heap``).

    >>> print(fibonacci_outcome_table(5))
    heap\\limit | 1 2 3 4 5
             1 | N N N N N
             2 | P N N N N
             3 | P P N N N
             4 | N N N N N
             5 | P P P P N
    """
    max_heap = check_int(max_heap, "max_heap", minimum=1, maximum=MAX_HEAP)
    max_limit = max_heap if max_limit is None else check_int(
        max_limit, "max_limit", minimum=1, maximum=MAX_HEAP)
    game = FibonacciNim()
    return grid_table(lambda h, lim: engine.search_outcome(game, (h, lim)),
                      range(1, max_heap + 1), range(1, max_limit + 1),
                      row_label=_("heap"), col_label=_("limit"),
                      colour=lambda v: outcome_colour(v) if v == "P" else None)
