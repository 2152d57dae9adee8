"""Game graphs: every position reachable from a start, P/N coloured, arrows for moves.

A game graph has one node per position and one arrow per move.  Every arrow
points from a position to one of its options, so in a game that always ends
the graph has no cycle and we can lay it out in layers from left to right:
the start on the left, each position one layer to the right of the furthest
position that can move to it.  P-positions are drawn in the Okabe–Ito blue of
:mod:`gamelab.display.tables`, N-positions in orange, and each P-position's
label is bold, so the picture reads without colour too.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), vol. 1, ch. 2.
.. [2] T. S. Ferguson, *Game Theory*, Part I: Impartial Combinatorial Games,
   UCLA lecture notes, §1.3 (P- and N-positions) and §3.1 (games played on directed graphs).
"""
from __future__ import annotations

from collections import deque

from .. import engine
from .._validate import check_bool, check_int
from ..i18n import gettext as _, gettext_noop as N_
from ..fonts import plot_text
from .tables import N_COLOUR, P_COLOUR, P_INK

__all__ = ["GameGraph", "game_graph", "draw_game_graph", "DEFAULT_MAX_NODES"]

#: Largest number of positions drawn unless ``max_nodes`` says otherwise.
DEFAULT_MAX_NODES = 60

#: Colour of the arrows that are winning moves (N-position to P-position).
WINNING_EDGE_COLOUR = P_INK
#: Colour of every other arrow.
OTHER_EDGE_COLOUR = "#999999"


class GameGraph:
    """The positions reachable from a start, their moves, layers and outcomes.

    Attributes
    ----------
    start : hashable
        The start position.
    nodes : list
        Every reachable position, ordered by layer, then in the order a
        breadth-first search from ``start`` first meets them.
    edges : list of (position, position)
        Every move ``(position, option)``, in the same order.
    layer : dict
        ``layer[p]`` is the length of the longest play from ``start`` to ``p``.
    outcome : dict
        ``outcome[p]`` is ``"P"`` or ``"N"``.
    """

    def __init__(self, start, nodes, edges, layer, outcome, misere):
        self.start = start
        self.nodes = nodes
        self.edges = edges
        self.layer = layer
        self.outcome = outcome
        self.misere = misere

    def __len__(self):
        return len(self.nodes)

    @property
    def p_positions(self):
        """The P-positions, in node order."""
        return [p for p in self.nodes if self.outcome[p] == "P"]

    @property
    def winning_edges(self):
        """The moves that leave a P-position, in edge order."""
        return [(u, v) for (u, v) in self.edges if self.outcome[v] == "P"]

    def __repr__(self):
        counts = _("{nodes} positions, {edges} moves, {p} P-positions").format(
            nodes=len(self.nodes), edges=len(self.edges), p=len(self.p_positions))
        return f"GameGraph(start={self.start!r}, {counts})"


def game_graph(game, start, *, max_nodes=DEFAULT_MAX_NODES, misere=False):
    """Every position reachable from ``start``, with moves, layers and outcomes.

    Parameters
    ----------
    game : game object or callable
        Anything gamelab can search: an object with ``options(position)`` or
        a callable ``position -> options``.
    start : hashable
        The position the graph starts from.
    max_nodes : int, keyword-only
        Refuse (``ValueError``) graphs with more positions than this.
    misere : bool, keyword-only
        Colour by misère outcomes (the player who cannot move wins).

    Returns
    -------
    GameGraph

    Raises
    ------
    LoopyGameError
        If a position can be reached from itself.
    ValueError
        If more than ``max_nodes`` positions are reachable.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = game_graph(gl.Bash(2), 4)
    >>> g
    GameGraph(start=4, 5 positions, 7 moves, 2 P-positions)
    >>> g.nodes, g.p_positions
    ([4, 3, 2, 1, 0], [3, 0])
    >>> g.winning_edges
    [(4, 3), (2, 0), (1, 0)]

    References
    ----------
    .. [1] T. S. Ferguson, *Game Theory*, Part I, §3.1.
    """
    game = engine.check_game(game)
    max_nodes = check_int(max_nodes, "max_nodes", minimum=1)
    check_bool(misere, "misere")
    start_options = engine.game_options(game, start)  # validates start
    if isinstance(game, engine.Game):
        start = game.validate(start)

    # breadth-first collection of the reachable positions
    order = [start]
    seen = {start}
    children = {start: start_options}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        if pos not in children:
            children[pos] = engine.game_options(game, pos)
        for c in children[pos]:
            if c in seen:
                continue
            seen.add(c)
            order.append(c)
            if len(order) > max_nodes:
                raise ValueError(
                    f"max_nodes: more than {max_nodes} positions are reachable from "
                    f"{start!r}; raise max_nodes or start from a smaller position"
                )
            queue.append(c)

    # longest-path layers (Kahn's algorithm); a leftover node means a cycle
    indegree = {p: 0 for p in order}
    for p in order:
        for c in children[p]:
            indegree[c] += 1
    layer = {p: 0 for p in order}
    ready = deque(p for p in order if indegree[p] == 0)
    done = 0
    while ready:
        p = ready.popleft()
        done += 1
        for c in children[p]:
            layer[c] = max(layer[c], layer[p] + 1)
            indegree[c] -= 1
            if indegree[c] == 0:
                ready.append(c)
    if done < len(order):
        engine.search_grundy(game, start)  # raises LoopyGameError naming the cycle
        raise engine.LoopyGameError([start, start])  # pragma: no cover - defensive

    rank = {p: i for i, p in enumerate(order)}
    nodes = sorted(order, key=lambda p: (layer[p], rank[p]))
    edges = [(p, c) for p in nodes for c in children[p]]
    outcome = {p: engine.outcome(game, p, misere=misere) for p in nodes}
    return GameGraph(start, nodes, edges, layer, outcome, misere)


def draw_game_graph(game, start, *, max_nodes=DEFAULT_MAX_NODES, misere=False, ax=None,
                    label=None, title=None, highlight_winning=True):
    """Draw the game graph from ``start``: P/N coloured nodes, arrows for moves.

    Layers run from left to right (the start on the left); positions of one
    layer are stacked top to bottom in the order a breadth-first search meets
    them, so the same game always gives the same picture.  A move that skips
    layers is drawn as an arc.

    Parameters
    ----------
    game : game object or callable
    start : hashable
    max_nodes : int, keyword-only
        Refuse graphs with more positions than this (``ValueError``).
    misere : bool, keyword-only
        Colour by misère outcomes.
    ax : matplotlib Axes, optional
        Where to draw; by default a new figure sized to the graph.
    label : callable, optional
        ``label(position) -> str`` for the node labels (default ``str``).
    title : str, optional
    highlight_winning : bool
        Draw winning moves (arrows into P-positions) in dark blue.

    Returns
    -------
    matplotlib.axes.Axes
        The nodes are its first collection (one scatter point per position,
        face colour ``P_COLOUR`` or ``N_COLOUR``).  The figure is not shown: a
        notebook cell calls ``plt.show()``.

    Examples
    --------
    >>> import gamelab as gl
    >>> ax = draw_game_graph(gl.Bash(3), 8)
    >>> len(ax.collections[0].get_offsets())
    9
    >>> import matplotlib.pyplot as plt; plt.close(ax.figure)

    References
    ----------
    .. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, vol. 1, ch. 2.
    """
    check_bool(highlight_winning, "highlight_winning")
    if label is not None and not callable(label):
        raise TypeError(f"label must be a callable position -> str or None, got {label!r}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, got {type(title).__name__} {title!r}")
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
    graph = game_graph(game, start, max_nodes=max_nodes, misere=misere)
    label = label or str

    layers = {}
    for p in graph.nodes:
        layers.setdefault(graph.layer[p], []).append(p)
    n_layers = len(layers)
    tallest = max(len(v) for v in layers.values())
    xy = {}
    for k, members in layers.items():
        for i, p in enumerate(members):
            xy[p] = (float(k), (len(members) - 1) / 2 - i)

    if ax is None:
        width = min(16.0, max(3.0, 0.7 * n_layers + 1.0))
        height = min(10.0, max(2.2, 0.8 * tallest + 1.6))
        _fig, ax = plt.subplots(figsize=(width, height))
    fig = ax.figure
    fig_w = fig.get_size_inches()[0] * ax.get_position().width
    per_layer = fig_w / max(n_layers, 1)  # inches per layer
    diameter = max(25.0, min(30.0, 72 * per_layer * 0.55))  # points
    font = max(9.0, min(11.0, diameter * 0.36))  # 12.5 px or more at 100 dpi

    colours = [P_COLOUR if graph.outcome[p] == "P" else N_COLOUR for p in graph.nodes]
    ax.scatter([xy[p][0] for p in graph.nodes], [xy[p][1] for p in graph.nodes],
               s=diameter ** 2, c=colours, edgecolors="#333333", linewidths=0.8, zorder=3,
               gid="gamelab-nodes")
    for p in graph.nodes:
        ax.text(xy[p][0], xy[p][1], label(p), ha="center", va="center", fontsize=font,
                fontweight="bold" if graph.outcome[p] == "P" else "normal", zorder=4)

    shrink = diameter / 2 + 1
    top = 0.0
    for u, v in graph.edges:
        span = graph.layer[v] - graph.layer[u]
        rad = 0.0 if span <= 1 else (-0.35 if span % 2 == 0 else 0.35)
        if span > 1:
            dx = xy[v][0] - xy[u][0]
            top = max(top, abs(rad) * dx / 2)
        winning = highlight_winning and graph.outcome[v] == "P"
        ax.annotate("", xy=xy[v], xytext=xy[u], zorder=2,
                    arrowprops=dict(arrowstyle="-|>", shrinkA=shrink, shrinkB=shrink,
                                    connectionstyle=f"arc3,rad={rad}",
                                    color=WINNING_EDGE_COLOUR if winning else OTHER_EDGE_COLOUR,
                                    lw=1.6 if winning else 0.9, mutation_scale=9))
    half = (tallest - 1) / 2
    ax.set_xlim(-0.6, n_layers - 0.4)
    ax.set_ylim(-half - 0.6 - top, half + 0.6 + top)
    ax.set_axis_off()
    handles = [Patch(facecolor=P_COLOUR, edgecolor="#333333", label=plot_text(N_("P-position"))),
               Patch(facecolor=N_COLOUR, edgecolor="#333333", label=plot_text(N_("N-position")))]
    if highlight_winning:
        handles.append(Line2D([], [], color=WINNING_EDGE_COLOUR, lw=1.6,
                              label=plot_text(N_("winning move"))))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
              ncol=len(handles), frameon=False, fontsize=10)
    if title:
        ax.set_title(title)
    return ax
