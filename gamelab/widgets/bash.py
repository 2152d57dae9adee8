"""Explorers of lectures 00 and 01: P/N positions of subtraction games, and the Bash game.

Each explorer holds its sliders, an ``ipywidgets.HTML`` output and the
wiring; the computation is a plain function (:func:`pn_table`,
:func:`bash_table`, :func:`bash_plot_html`, ...) returning a
:class:`gamelab.display.Table` or an HTML string, so the tests move a slider
and check the result without a browser.  Every table is computed by plain
search over the game's options (backward induction), not by a closed form:
the closed form is what the lecture then discovers.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), vol. 1, ch. 2 and 4.
.. [2] T. S. Ferguson, *Game Theory*, Part I: Impartial Combinatorial Games,
   UCLA lecture notes, §1 (take-away games, P- and N-positions).
"""
from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as widgets

from ._kit import ViewExplorer
from ._style import show_pressed

from .. import engine
from .._validate import check_int
from ..display.graph import draw_game_graph
from ..display.plots import LEGEND_PT, figure_html, plot_sequence
from ..display.svg import scroll_box, sequence_svg
from ..display.tables import P_COLOUR, sequence_table
from ..games.subtraction import Bash

__all__ = [
    "subtraction_rule", "pn_table", "pn_graph_html", "PNExplorer", "SubtractionExplorer",
    "bash_table", "bash_plot", "bash_plot_html", "bash_advice", "BashExplorer",
]

#: Largest heap whose game graph the explorer draws (bigger graphs are unreadable).
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
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §1.2.
    """
    rule = subtraction_rule(moves)
    size = check_int(size, "size")
    per_row = check_int(per_row, "per_row", minimum=1)
    labels = [engine.search_outcome(rule, n) for n in range(size + 1)]
    return sequence_table(labels, per_row=per_row, value_label="P/N",
                          title=f"take one of {_moves_text(rule.moves)}",
                          colour=lambda v: P_COLOUR if v == "P" else None)


def pn_graph_html(moves, size):
    """The game graph of a heap of ``size`` as an ``<img>`` tag (or a note if too big)."""
    rule = subtraction_rule(moves)
    size = check_int(size, "size")
    if size > GRAPH_MAX_HEAP:
        return (f"<p><i>The game graph is drawn for heaps up to {GRAPH_MAX_HEAP}; "
                f"move the heap slider down to see it.</i></p>")
    ax = draw_game_graph(rule, size, max_nodes=GRAPH_MAX_HEAP + 1,
                         title=f"game graph of a heap of {size}, take one of {_moves_text(rule.moves)}")
    return figure_html(ax.figure)


class PNExplorer(ViewExplorer):
    """Lecture 00: a heap slider and one toggle per move 1..6; P/N table and game graph.

    Parameters
    ----------
    moves : iterable of int
        The moves switched on at first (a subset of 1..6).
    size : int
        The heap at first.
    graph : bool
        Whether the game graph is drawn too.

    Examples
    --------
    >>> e = PNExplorer(moves=(1, 2), size=6, graph=False)
    >>> e.toggles[2].value = True        # allow taking 3 as well
    >>> print(e.table())
    take one of {1, 2, 3}
      n | 0 1 2 3 4 5 6
    P/N | P N N N P N N
    """

    fallback = (
        "toggle the allowed moves and move the heap slider, and the table of P- and "
        "N-positions and the game graph are recomputed."
    )

    MAX_MOVE = 6

    def __init__(self, moves=(1, 2, 3), size=12, *, graph=True):
        moves = _check_moves(moves)
        if any(s > self.MAX_MOVE for s in moves):
            raise ValueError(f"moves must lie in 1..{self.MAX_MOVE}, got {set(moves)}")
        size = check_int(size, "size", maximum=60)
        if not isinstance(graph, bool):
            raise TypeError(f"graph must be a bool, got {graph!r}")
        self.size = widgets.IntSlider(value=size, min=0, max=60, description="heap size",
                                      continuous_update=False,
                                      style={"description_width": "initial"})
        self.toggles = [show_pressed(widgets.ToggleButton(value=s in moves, description=f"take {s}",
                                                          tooltip=f"allow taking {s} stones",
                                                          layout=widgets.Layout(width="70px")))
                        for s in range(1, self.MAX_MOVE + 1)]
        self.show_graph = widgets.Checkbox(value=graph, description="draw the game graph")
        self.show(widgets.HBox([widgets.Label("allowed moves:"), *self.toggles],
                               layout=widgets.Layout(flex_flow="row wrap")),
                  widgets.HBox([self.size, self.show_graph]),
                  observe=[self.size, self.show_graph, *self.toggles])

    @property
    def moves(self):
        """The moves switched on."""
        return tuple(s for s, t in zip(range(1, self.MAX_MOVE + 1), self.toggles) if t.value)

    def table(self):
        """The P/N table of heaps 0 .. heap size for the moves switched on."""
        return pn_table(self.moves, self.size.value)

    def graph_html(self):
        """The game graph of the current heap, as HTML ("" if switched off)."""
        if not self.show_graph.value:
            return ""
        return pn_graph_html(self.moves, self.size.value)

    def view(self):
        """The P/N table and the game graph for the moves switched on, as HTML."""
        note = ("" if self.moves else
                "<p><i>No move is allowed: nobody can ever move, so every heap is a "
                "P-position.</i></p>")
        return note + scroll_box(self.table().html) + scroll_box(self.graph_html())


#: The name lecture 00 uses (:class:`PNExplorer`; not the Sprague–Grundy explorer
#: :class:`gamelab.widgets.explore.SubtractionSetExplorer` of lecture 02).
SubtractionExplorer = PNExplorer


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
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §1.2.
    """
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    per_row = check_int(per_row, "per_row", minimum=1)
    return sequence_table(_bash_values(m, n + 1), per_row=per_row,
                          title=f"Bash game, take 1..{m}")


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
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
    from matplotlib.ticker import MaxNLocator

    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
    if ax is None:
        _fig, ax = plt.subplots(figsize=(8, 2.8))
    plot_sequence(_bash_values(m, n + 1), ax=ax,
                  title=f"Bash game, take 1..{m}: P-positions every {m + 1}")
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
                        title=f"Bash game, take 1..{m}: P-positions every {m + 1}")


def bash_advice(m, n):
    """Who wins a heap of ``n`` with at most ``m`` per move, and the winning move.

    Examples
    --------
    >>> bash_advice(3, 21)
    'A heap of 21 (take 1..3) is an N-position: take 1, leaving 20, a multiple of 4.'
    >>> bash_advice(3, 20)
    'A heap of 20 (take 1..3) is a P-position: whatever the mover takes, the other player restores a multiple of 4.'

    References
    ----------
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §1.2.
    """
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n")
    game = Bash(m)
    moves = engine.search_winning_moves(game, n)
    if not moves:
        return (f"A heap of {n} (take 1..{m}) is a P-position: whatever the mover takes, "
                f"the other player restores a multiple of {m + 1}.")
    return (f"A heap of {n} (take 1..{m}) is an N-position: take {n - moves[0]}, "
            f"leaving {moves[0]}, a multiple of {m + 1}.")


class BashExplorer(ViewExplorer):
    """Lecture 01: sliders for ``m`` (the most one may take) and ``n`` (the heap).

    Shows the values of heaps 0 .. n computed by search, their plot, and who
    wins a heap of n with the winning move.

    Examples
    --------
    >>> e = BashExplorer(m=3, n=9, plot=False)
    >>> e.m.value = 4
    >>> print(e.table())
    Bash game, take 1..4
       n | 0 1 2 3 4 5 6 7 8 9
    G(n) | 0 1 2 3 4 0 1 2 3 4
    >>> e.advice()
    'A heap of 9 (take 1..4) is an N-position: take 4, leaving 5, a multiple of 5.'
    """

    fallback = (
        "sliders for m (the most one may take) and n (the heap) recompute the table of "
        "values, its plot and who wins."
    )

    def __init__(self, m=3, n=21, *, plot=True):
        m = check_int(m, "m", minimum=1, maximum=20)
        n = check_int(n, "n", maximum=200)
        if not isinstance(plot, bool):
            raise TypeError(f"plot must be a bool, got {plot!r}")
        style = {"description_width": "initial"}
        self.m = widgets.IntSlider(value=m, min=1, max=20, description="most stones per move m",
                                   continuous_update=False, style=style,
                                   layout=widgets.Layout(width="420px"))
        self.n = widgets.IntSlider(value=n, min=0, max=200, description="heap size n",
                                   continuous_update=False, style=style,
                                   layout=widgets.Layout(width="420px"))
        self.show_plot = widgets.Checkbox(value=plot, description="plot the values")
        self.show(self.m, self.n, self.show_plot)

    def table(self):
        """Values of heaps 0 .. n, by search."""
        return bash_table(self.m.value, self.n.value)

    def advice(self):
        """Who wins a heap of n, and how."""
        return bash_advice(self.m.value, self.n.value)

    def plot_html(self):
        """The plot as an ``<img>`` tag ("" if switched off)."""
        return bash_plot_html(self.m.value, self.n.value) if self.show_plot.value else ""

    def view(self):
        """Who wins, the table and the plot, as HTML."""
        return (f"<p>{html.escape(self.advice())}</p>"
                + scroll_box(self.table().html, max_height=320)
                + scroll_box(self.plot_html()))
