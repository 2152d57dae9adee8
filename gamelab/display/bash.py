"""Tables and plots of lectures 00 and 01: P/N positions of subtraction games, the Bash game.

Every table is computed by plain search over the game's options (backward
induction), not by a closed form: the closed form is what the lecture then
discovers.  :func:`pn_view` and :func:`bash_view` are what the explorers of
:mod:`gamelab.widgets` show.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), vol. 1, ch. 2 and 4.
.. [2] T. S. Ferguson, *Game Theory*, Part I: Impartial Combinatorial Games,
   UCLA lecture notes, §1 (take-away games, P- and N-positions).
"""
from __future__ import annotations

from collections.abc import Iterable

from .. import engine
from .._validate import check_bool, check_int
from ..games.subtraction import Bash
from ..i18n import gettext as _, gettext_noop as N_
from ..fonts import plot_text
from .graph import draw_game_graph
from .plots import LEGEND_PT, figure_html, plot_sequence
from .svg import sequence_svg
from .tables import P_COLOUR, Table, picture, sentence, sequence_table

__all__ = ["subtraction_rule", "pn_table", "pn_graph_html", "pn_view", "bash_table", "bash_plot",
           "bash_plot_html", "bash_advice", "bash_view", "GRAPH_MAX_HEAP"]

#: Largest heap whose game graph is drawn (bigger graphs are unreadable).
GRAPH_MAX_HEAP = 24


def _check_moves(moves):
    if isinstance(moves, (str, bytes, dict)) or not isinstance(moves, Iterable):
        raise TypeError(f"moves must be an iterable of positive integers, got {moves!r}")
    out = set()
    for s in moves:
        s = check_int(s, "moves element")
        if s == 0:
            raise ValueError("moves must contain positive integers only, got 0 "
                             "(taking nothing would let a position repeat forever)")
        out.add(s)
    return tuple(sorted(out))


class _Rule:
    """Options of a heap when the allowed takes are ``moves`` (possibly none)."""

    def __init__(self, moves):
        self.moves = moves

    def __call__(self, n):
        return [n - s for s in self.moves if s <= n]

    def __repr__(self):
        return f"subtraction_rule({set(self.moves) or '{}'})"


def subtraction_rule(moves):
    """The subtraction game with the allowed takes ``moves``, as a plain callable.

    Unlike :class:`gamelab.Subtraction` it allows an empty set of moves (then
    no move is ever possible and every heap is a P-position), so an explorer
    can switch every move off.

    Examples
    --------
    >>> rule = subtraction_rule({1, 3})
    >>> rule(4), rule(0)
    ([3, 1], [])
    """
    return _Rule(_check_moves(moves))


def _moves_text(moves):
    return "{" + ", ".join(map(str, moves)) + "}"


def pn_table(moves, size, *, per_row=20):
    """P/N label of every heap ``0 .. size`` of a subtraction game, by plain search.

    Parameters
    ----------
    moves : iterable of int
        The numbers of stones a player may take (may be empty).
    size : int
        The largest heap in the table.
    per_row : int
        Cells per row.

    Returns
    -------
    gamelab.display.Table
        P-positions highlighted.

    Examples
    --------
    >>> print(pn_table({1, 2, 3}, 9))
    take one of {1, 2, 3}
      n | 0 1 2 3 4 5 6 7 8 9
    P/N | P N N N P N N N P N

    References
    ----------
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §1.3.
    """
    rule = subtraction_rule(moves)
    size = check_int(size, "size")
    per_row = check_int(per_row, "per_row", minimum=1)
    labels = [engine.search_outcome(rule, n) for n in range(size + 1)]
    return sequence_table(labels, per_row=per_row, value_label="P/N",
                          title=_("take one of {moves}").format(moves=_moves_text(rule.moves)),
                          colour=lambda v: P_COLOUR if v == "P" else None)


def pn_graph_html(moves, size):
    """The game graph of a heap of ``size`` as an ``<img>`` tag (or a note if too big)."""
    rule = subtraction_rule(moves)
    size = check_int(size, "size")
    if size > GRAPH_MAX_HEAP:
        return ("<p><i>" + _("The game graph is drawn for heaps up to {limit}; move the heap "
                             "slider down to see it.").format(limit=GRAPH_MAX_HEAP) + "</i></p>")
    ax = draw_game_graph(rule, size, max_nodes=GRAPH_MAX_HEAP + 1,
                         title=plot_text(N_("game graph of a heap of {size}, take one of "
                                            "{moves}")).format(size=size,
                                                               moves=_moves_text(rule.moves)))
    return figure_html(ax.figure)


def pn_view(moves, size, graph=True):
    """The P/N table of heaps ``0 .. size`` and (with ``graph``) the game graph of ``size``.

    Examples
    --------
    >>> print(pn_view((), 3, graph=False))
    No move is allowed: nobody can ever move, so every heap is a P-position.
    take one of {}
      n | 0 1 2 3
    P/N | P P P P
    """
    graph = check_bool(graph, "graph")
    table = pn_table(moves, size)
    note = Table("", "") if subtraction_rule(moves).moves else sentence(
        _("No move is allowed: nobody can ever move, so every heap is a P-position."))
    view = note + table.scrolled()
    return view + picture(pn_graph_html(moves, size)) if graph else view


# ---------------------------------------------------------------------------
# Lecture 01: the Bash game

def _bash_values(m, count):
    game = Bash(check_int(m, "m", minimum=1))
    return [engine.search_grundy(game, n) for n in range(count)]


def bash_table(m, n, *, per_row=20):
    """Sprague–Grundy values of heaps ``0 .. n`` in the Bash game with at most ``m``, by search.

    Examples
    --------
    >>> print(bash_table(3, 9))
    Bash game, take 1..3
       n | 0 1 2 3 4 5 6 7 8 9
    G(n) | 0 1 2 3 0 1 2 3 0 1

    References
    ----------
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §1.3.
    """
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    per_row = check_int(per_row, "per_row", minimum=1)
    return sequence_table(_bash_values(m, n + 1), per_row=per_row,
                          title=_("Bash game, take 1..{m}").format(m=m))


def bash_plot(m, n, *, ax=None):
    """Plot the values of heaps ``0 .. n`` (by search), P-positions as blue squares.

    Returns the matplotlib ``Axes``; a notebook cell then calls ``plt.show()``.

    Examples
    --------
    >>> ax = bash_plot(3, 12)
    >>> len(ax.collections[1].get_offsets())    # the P-positions 0, 4, 8, 12
    4
    >>> import matplotlib.pyplot as plt; plt.close(ax.figure)
    """
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use
    from matplotlib.axes import Axes
    from matplotlib.ticker import MaxNLocator

    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
    if ax is None:
        _fig, ax = plt.subplots(figsize=(8, 2.8))
    plot_sequence(_bash_values(m, n + 1), ax=ax,
                  title=plot_text(N_("Bash game, take 1..{m}: P-positions every {period}")).format(
                      m=m, period=m + 1))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(-0.6, m + 0.6)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, frameon=False,
              fontsize=LEGEND_PT)
    return ax


def bash_plot_html(m, n):
    """The picture of :func:`bash_plot` as an inline ``<svg>``, for a widget."""
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    return sequence_svg(_bash_values(m, n + 1),
                        title=_("Bash game, take 1..{m}: P-positions every {period}").format(
                            m=m, period=m + 1))


def bash_advice(m, n):
    """Who wins a heap of ``n`` with at most ``m`` per move, and the winning move.

    Examples
    --------
    >>> bash_advice(3, 21)
    'A heap of 21 (take 1..3) is an N-position: take 1, leaving 20, a multiple of 4.'
    >>> bash_advice(3, 20)
    'A heap of 20 (take 1..3) is a P-position: whatever the mover takes, the other player restores a multiple of 4.'
    >>> bash_advice(1, 0)
    'A heap of 0 (take 1..1) is a P-position: there is nothing to take, so the mover has no move and loses.'

    References
    ----------
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §1.3.
    """
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    game = Bash(m)
    moves = engine.search_winning_moves(game, n)
    if n == 0:
        return _("A heap of 0 (take 1..{m}) is a P-position: there is nothing to take, so the "
                 "mover has no move and loses.").format(m=m)
    if not moves:
        return _("A heap of {n} (take 1..{m}) is a P-position: whatever the mover takes, "
                 "the other player restores a multiple of {period}.").format(n=n, m=m, period=m + 1)
    return _("A heap of {n} (take 1..{m}) is an N-position: take {take}, leaving {left}, a "
             "multiple of {period}.").format(n=n, m=m, take=n - moves[0], left=moves[0],
                                             period=m + 1)


def bash_view(m, n, plot=True):
    """Who wins a heap of ``n``, the values of heaps ``0 .. n`` and (with ``plot``) their plot.

    Examples
    --------
    >>> print(bash_view(4, 9, plot=False))
    A heap of 9 (take 1..4) is an N-position: take 4, leaving 5, a multiple of 5.
    Bash game, take 1..4
       n | 0 1 2 3 4 5 6 7 8 9
    G(n) | 0 1 2 3 4 0 1 2 3 4
    """
    plot = check_bool(plot, "plot")
    view = sentence(bash_advice(m, n)) + bash_table(m, n).scrolled(max_height=320)
    return view + picture(bash_plot_html(m, n)) if plot else view
