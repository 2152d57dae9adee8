"""Loopy game graphs and tables: P, N and D (draw) positions with their γ values.

A loopy game graph may have cycles, so it cannot be drawn in layers as
:mod:`gamelab.display.graph` does.  Here the positions sit on a circle
(``layout="circle"``, good for random directed graphs) or in a row
(``layout="line"``, good for heaps: moves down arc above the row, moves up
arc below it).  P-positions are blue with bold labels, N-positions orange,
D-positions grey; each node shows its position and its generalised
Sprague–Grundy value γ (a number or ∞ with the finite values of its options).

References
----------
.. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966).
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 2, ch. 12.
"""
from __future__ import annotations

import math
from collections import deque

from .. import loopy
from .._validate import check_bool, check_int
from ..engine import game_options
from ..sums import Sum
from ..i18n import gettext as _, gettext_noop as N_
from ..fonts import plot_text
from .svg import FONT_PX, svg_root, svg_text
from .tables import N_COLOUR, P_COLOUR, Cell, Table, sentence
from .tables import picture as framed

__all__ = ["D_COLOUR", "DRAW_MOVE_COLOUR", "DRAW_MOVE_INK", "LoopyGraph", "loopy_graph",
           "draw_loopy_graph", "loopy_graph_svg", "loopy_table", "outcome_colour",
           "DEFAULT_MAX_NODES", "digraph_view", "token_sum_table", "sum_rule_words",
           "token_sum_view", "check_tokens"]

#: Grey for D-positions (draws): neither blue (P) nor orange (N).
D_COLOUR = "#C8C8C8"
#: Dark grey, with white text, for a move that keeps the draw on a play widget's button:
#: far darker than a plain button (#EEEEEE) and than the blue of a winning move, so the
#: three differ in lightness, not in hue alone (colour-blind students, projectors).
DRAW_MOVE_COLOUR = "#595959"
DRAW_MOVE_INK = "#FFFFFF"
#: Largest number of positions drawn unless ``max_nodes`` says otherwise.
DEFAULT_MAX_NODES = 60
WINNING_EDGE_COLOUR = "#0072B2"
OTHER_EDGE_COLOUR = "#999999"


def outcome_colour(outcome):
    """Background colour of a P, N or D position."""
    return {"P": P_COLOUR, "N": N_COLOUR, "D": D_COLOUR}[outcome]


class LoopyGraph:
    """Positions reachable from some starts, their moves, γ values and outcomes.

    Attributes
    ----------
    nodes : list
        Positions in the order a breadth-first search from the starts meets them.
    edges : list of (position, position)
    gamma : dict
        ``gamma[p]``: an int or a :class:`gamelab.Infinity`.
    outcome : dict
        ``outcome[p]``: ``"P"``, ``"N"`` or ``"D"``.
    """

    def __init__(self, nodes, edges, gamma, outcome):
        self.nodes, self.edges, self.gamma, self.outcome = nodes, edges, gamma, outcome

    def __len__(self):
        return len(self.nodes)

    def count(self, outcome):
        """How many positions have this outcome."""
        return sum(1 for p in self.nodes if self.outcome[p] == outcome)

    def __repr__(self):
        return (f"LoopyGraph({len(self.nodes)} positions, {len(self.edges)} moves, "
                f"{self.count('P')} P, {self.count('N')} N, {self.count('D')} D)")


def _starts(game, starts):
    if starts is None:
        if isinstance(game, loopy.Digraph):
            return game.nodes
        raise TypeError("starts must be given (a position or a list of positions) "
                        "unless the game is a Digraph")
    if isinstance(starts, list):
        if not starts:
            raise ValueError("starts must name at least one position")
        return starts
    return [starts]


def loopy_graph(game, starts=None, *, max_nodes=DEFAULT_MAX_NODES):
    """Every position reachable from ``starts`` with its moves, γ and outcome.

    Parameters
    ----------
    game : game object or callable
    starts : position or list of positions, optional
        Default for a :class:`gamelab.loopy.Digraph`: every node.
    max_nodes : int, keyword-only
        Refuse (``ValueError``) graphs with more positions than this.

    Examples
    --------
    >>> from gamelab.loopy import Digraph
    >>> g = loopy_graph(Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"}))
    >>> g
    LoopyGraph(4 positions, 5 moves, 1 P, 1 N, 2 D)
    >>> g.gamma
    {'a': ∞{}, 'b': ∞{0}, 'c': 0, 'd': ∞{}}
    """
    max_nodes = check_int(max_nodes, "max_nodes", minimum=1)
    starts = _starts(game, starts)
    options = (lambda p: list(dict.fromkeys(game.options(p)))) if isinstance(game, Sum) \
        else (lambda p: game_options(game, p))
    order, seen, children = [], set(), {}
    queue = deque()
    for s in starts:
        if s not in seen:
            seen.add(s)
            order.append(s)
            queue.append(s)
    while queue:
        p = queue.popleft()
        children[p] = options(p)
        for c in children[p]:
            if c not in seen:
                seen.add(c)
                order.append(c)
                if len(order) > max_nodes:
                    raise ValueError(f"max_nodes: more than {max_nodes} positions are "
                                     "reachable; raise max_nodes or start smaller")
                queue.append(c)
    gamma = {p: loopy.loopy_grundy(game, p) for p in order}
    outcome = {p: loopy.value_outcome(gamma[p]) for p in order}
    edges = [(p, c) for p in order for c in children[p]]
    return LoopyGraph(order, edges, gamma, outcome)


def _node_xy(nodes, layout):
    n = len(nodes)
    if layout == "line":
        return {p: (float(i), 0.0) for i, p in enumerate(nodes)}
    if n == 1:
        return {nodes[0]: (0.0, 0.0)}
    radius = max(1.0, n / (2 * math.pi) * 1.1)
    return {p: (radius * math.sin(2 * math.pi * i / n), radius * math.cos(2 * math.pi * i / n))
            for i, p in enumerate(nodes)}


def loopy_graph_svg(game, starts=None, *, max_nodes=DEFAULT_MAX_NODES, size=420):
    """A loopy game graph as inline SVG: positions on a circle, P/N/D colours, γ beside each.

    The quick picture of the explorers (a few milliseconds, text in the
    course's font size); :func:`draw_loopy_graph` draws the same with
    matplotlib for the lectures' figures.  Moves into P-positions are drawn in
    dark blue, a move to itself as a small loop outside the circle.

    Examples
    --------
    >>> from gamelab.loopy import Digraph
    >>> svg = loopy_graph_svg(Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"}))
    >>> svg.startswith("<svg") and svg.count("<circle") == 4 + 1
    True
    """
    size = check_int(size, "size", minimum=160)
    graph = loopy_graph(game, starts, max_nodes=max_nodes)
    nodes = list(graph.nodes)
    n = len(nodes)
    centre, node_r = size / 2, 15.0
    ring = 0.0 if n == 1 else centre - node_r - 2.6 * FONT_PX
    angle = {p: 2 * math.pi * i / n for i, p in enumerate(nodes)}
    xy = {p: (centre + ring * math.sin(angle[p]), centre - ring * math.cos(angle[p]))
          for p in nodes}
    body = ['<defs>'] + [
        f'<marker id="gl-arrow-{k}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
        f'fill="{colour}"/></marker>'
        for k, colour in (("win", WINNING_EDGE_COLOUR), ("other", OTHER_EDGE_COLOUR))] + ['</defs>']
    for u, v in graph.edges:
        kind = "win" if graph.outcome[v] == "P" else "other"
        colour = WINNING_EDGE_COLOUR if kind == "win" else OTHER_EDGE_COLOUR
        (x1, y1), (x2, y2) = xy[u], xy[v]
        if u == v:
            ox, oy = math.sin(angle[u]), -math.cos(angle[u])
            cx, cy = x1 + ox * (node_r + 7), y1 + oy * (node_r + 7)
            body.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="none" '
                        f'stroke="{colour}" stroke-width="1.6"/>')
            continue
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        dx, dy = (x2 - x1) / d, (y2 - y1) / d
        bend = 0.12 * d  # both directions of a 2-cycle stay apart
        mx, my = (x1 + x2) / 2 - dy * bend, (y1 + y2) / 2 + dx * bend
        sx, sy = x1 + dx * node_r, y1 + dy * node_r
        ex, ey = x2 - dx * (node_r + 1), y2 - dy * (node_r + 1)
        body.append(f'<path d="M{sx:.1f},{sy:.1f} Q{mx:.1f},{my:.1f} {ex:.1f},{ey:.1f}" '
                    f'fill="none" stroke="{colour}" stroke-width="1.6" '
                    f'marker-end="url(#gl-arrow-{kind})"/>')
    for p in nodes:
        x, y = xy[p]
        out = graph.outcome[p]
        weight = ";font-weight:bold" if out == "P" else ""
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{node_r}" '
                    f'fill="{outcome_colour(out)}" stroke="#333"/>')
        body.append(svg_text(x, y + FONT_PX * 0.35, p, extra=weight))
        ox, oy = (math.sin(angle[p]), -math.cos(angle[p])) if n > 1 else (0.0, 1.0)
        tx, ty = x + ox * (node_r + 1.5 * FONT_PX), y + oy * (node_r + 1.2 * FONT_PX)
        body.append(svg_text(tx, ty + FONT_PX * 0.35, graph.gamma[p]))
    label = _("loopy game graph: {n} positions, {p} P, {n_} N, {d} D").format(
        n=len(nodes), p=graph.count("P"), n_=graph.count("N"), d=graph.count("D"))
    return svg_root(size, size, "".join(body), label)


def draw_loopy_graph(game, starts=None, *, layout="circle", order=None,
                     max_nodes=DEFAULT_MAX_NODES, ax=None, label=None, title=None,
                     show_gamma=True, highlight_winning=True):
    """Draw a loopy game graph: P/N/D coloured nodes with γ, arrows for moves.

    Parameters
    ----------
    game : game object or callable
    starts : position or list of positions, optional
        Default for a :class:`gamelab.loopy.Digraph`: every node.
    layout : ``"circle"`` or ``"line"``
        Positions on a circle, or in a row (moves to the right arc above the
        row, moves to the left below it).
    order : callable, optional
        Sort key for the positions (default: the order of a breadth-first
        search from the starts; for heaps pass ``order=int``).
    label : callable, optional
        ``label(position) -> str``.
    show_gamma : bool
        Write γ under each label.
    highlight_winning : bool
        Draw winning moves (into P-positions) in dark blue.

    Returns
    -------
    matplotlib.axes.Axes
        The nodes are its first collection (face colours by outcome).

    Examples
    --------
    >>> from gamelab.loopy import Digraph
    >>> ax = draw_loopy_graph(Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"}))
    >>> len(ax.collections[0].get_offsets())
    4
    >>> import matplotlib.pyplot as plt; plt.close(ax.figure)
    """
    if layout not in ("circle", "line"):
        raise ValueError(f"layout must be 'circle' or 'line', got {layout!r}")
    if order is not None and not callable(order):
        raise TypeError(f"order must be a callable sort key or None, got {order!r}")
    if label is not None and not callable(label):
        raise TypeError(f"label must be a callable position -> str or None, got {label!r}")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, got {type(title).__name__} {title!r}")
    check_bool(show_gamma, "show_gamma")
    check_bool(highlight_winning, "highlight_winning")
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D
    from matplotlib.patches import Arc, Patch

    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
    graph = loopy_graph(game, starts, max_nodes=max_nodes)
    nodes = sorted(graph.nodes, key=order) if order else list(graph.nodes)
    label = label or str
    xy = _node_xy(nodes, layout)
    xs = [x for x, _ in xy.values()]
    ys = [y for _, y in xy.values()]
    if ax is None:
        if layout == "line":
            size = (min(16.0, max(4.0, 0.75 * len(nodes) + 1.0)), 3.0)
        else:
            side = min(8.0, max(3.5, 0.45 * len(nodes) + 2.0))
            size = (side, side + 0.4)
        _fig, ax = plt.subplots(figsize=size)
    diameter = 30.0 if show_gamma else 24.0
    font = 8.0
    colours = [outcome_colour(graph.outcome[p]) for p in nodes]
    ax.scatter([xy[p][0] for p in nodes], [xy[p][1] for p in nodes], s=diameter ** 2,
               c=colours, edgecolors="#333333", linewidths=0.8, zorder=3, gid="gamelab-nodes")
    for p in nodes:
        text = label(p) + (f"\n{graph.gamma[p]}" if show_gamma else "")
        ax.text(xy[p][0], xy[p][1], text, ha="center", va="center", fontsize=font,
                fontweight="bold" if graph.outcome[p] == "P" else "normal", zorder=4,
                linespacing=1.0)
    shrink = diameter / 2 + 1
    cx = sum(xs) / len(xs)
    cy = sum(ys) / len(ys)
    pairs = set(graph.edges)
    for u, v in graph.edges:
        winning = highlight_winning and graph.outcome[v] == "P" and graph.outcome[u] == "N"
        colour = WINNING_EDGE_COLOUR if winning else OTHER_EDGE_COLOUR
        width = 1.6 if winning else 0.9
        if u == v:  # a loop: a small circle on the outside of the node
            x, y = xy[u]
            dx, dy = (0.0, 1.0) if layout == "line" else (x - cx, y - cy)
            norm = math.hypot(dx, dy) or 1.0
            r = 0.22
            ax.add_patch(Arc((x + dx / norm * 0.3, y + dy / norm * 0.3), 2 * r, 2 * r,
                             color=colour, lw=width, zorder=2))
            continue
        if layout == "line":
            # one sign for every arc: moves to the right bend to one side of the
            # row, moves to the left to the other; a one-way step to a neighbour
            # is straight
            i, j = nodes.index(u), nodes.index(v)
            rad = 0.0 if abs(i - j) == 1 and (v, u) not in pairs else -0.45
        else:
            rad = 0.18 if (v, u) in pairs else 0.08
        ax.annotate("", xy=xy[v], xytext=xy[u], zorder=2,
                    arrowprops=dict(arrowstyle="-|>", shrinkA=shrink, shrinkB=shrink,
                                    connectionstyle=f"arc3,rad={rad}", color=colour, lw=width,
                                    mutation_scale=10))
    pad = 0.8
    if layout == "line":
        span = max([abs(xy[u][0] - xy[v][0]) for u, v in graph.edges if u != v] + [1.0])
        lift = 0.45 * span / 2 + 0.6
        ax.set_ylim(-lift, lift)
    else:
        ax.set_ylim(min(ys) - pad, max(ys) + pad)
        ax.set_aspect("equal")
    ax.set_xlim(min(xs) - pad, max(xs) + pad)
    ax.set_axis_off()
    handles = [Patch(facecolor=P_COLOUR, edgecolor="#333333", label="P"),
               Patch(facecolor=N_COLOUR, edgecolor="#333333", label="N"),
               Patch(facecolor=D_COLOUR, edgecolor="#333333", label=plot_text(N_("D (draw)")))]
    if highlight_winning:
        handles.append(Line2D([], [], color=WINNING_EDGE_COLOUR, lw=1.6,
                              label=plot_text(N_("winning move"))))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.02),
              ncol=len(handles), frameon=False, fontsize="small")
    if title:
        ax.set_title(title)
    return ax


def loopy_table(game, positions, *, label=None, title=None):
    """One row per position: its options, γ and outcome; P-positions highlighted.

    The value column is headed γ, the lecture's name for Smith's generalised
    Sprague–Grundy function (G is kept for the Sprague–Grundy value of a game
    whose every play ends).

    The γ and outcome cells are coloured by outcome (blue and bold for P,
    orange for N, grey for D).

    Examples
    --------
    >>> from gamelab.loopy import Digraph
    >>> g = Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"})
    >>> print(loopy_table(g, g.nodes))
    position | options    γ outcome
           a |    b, d  ∞{}       D
           b |    a, c ∞{0}       N
           c |       —    0       P
           d |       d  ∞{}       D
    """
    if isinstance(positions, (str, bytes)) or not hasattr(positions, "__iter__"):
        raise TypeError(f"positions must be a list of positions, got {positions!r}")
    if label is not None and not callable(label):
        raise TypeError(f"label must be a callable position -> str or None, got {label!r}")
    label = label or str
    rows = [[_("position"), _("options"), "γ", _("outcome")]]
    for p in positions:
        g = loopy.loopy_grundy(game, p)
        out = loopy.value_outcome(g)
        colour, bold = outcome_colour(out), out == "P"
        rows.append([label(p), ", ".join(label(o) for o in game_options(game, p)) or "—",
                     Cell(g, colour, bold), Cell(out, colour, bold)])
    return Table.from_rows(rows, title=title)


# -- the explorers' views ------------------------------------------------------------------

def digraph_view(n, density, seed, *, picture=True):
    """Picture and table of ``random_digraph(n, density, seed)``, as one :class:`Table`.

    ``html`` holds the drawing (inline SVG, unless ``picture=False``) and
    the table of every position's options, γ and outcome; ``text`` is the
    table's text.

    Examples
    --------
    >>> print(digraph_view(4, 40, 1, picture=False))
    random graph: 4 positions, density 40%, seed 1 — 1 P, 1 N, 2 D
    position | options    γ outcome
           0 |       —    0       P
           1 |    2, 3  ∞{}       D
           2 |       2  ∞{}       D
           3 |    0, 3 ∞{0}       N
    """
    game = loopy.random_digraph(n, density, seed)
    outs = [loopy.loopy_outcome(game, u) for u in game.nodes]
    title = (_("random graph: {n} positions, density {density}%, seed {seed}").format(
        n=n, density=density, seed=seed) + " — " + ", ".join(f"{outs.count(o)} {o}" for o in "PND"))
    table = loopy_table(game, game.nodes, title=title)
    if not picture:
        return table
    return framed(loopy_graph_svg(game)) + table.scrolled()


def check_tokens(game, tokens):
    """The tokens, each a node of ``game`` (a non-empty list or tuple)."""
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, (list, tuple)):
        raise TypeError(f"tokens must be a list of nodes, got {tokens!r}")
    if not tokens:
        raise ValueError("tokens must name at least one node")
    return [game.validate(t) for t in tokens]


def token_sum_table(tokens, game=loopy.GALLERY):
    """One row per token (its node, γ and outcome) and a row for the sum.

    The sum's γ comes from the sum rule: the XOR of finite values; one ∞_K
    among finite values XOR-ing to a gives ∞_{K ⊕ a}; two ∞ give ∞{} (a draw).

    Examples
    --------
    >>> print(token_sum_table(["k", "y"]))
            | position    γ outcome
    token 1 |        k ∞{1}       D
    token 2 |        y    1       N
        sum |     k, y ∞{0}       N
    """
    tokens = check_tokens(game, tokens)
    values = [loopy.loopy_grundy(game, t) for t in tokens]
    total = loopy.loopy_grundy(Sum(*([game] * len(tokens))), tuple(tokens))

    def row(name, where, value):
        out = loopy.value_outcome(value)
        colour, bold = outcome_colour(out), out == "P"
        return [name, Cell(where), Cell(value, colour, bold), Cell(out, colour, bold)]

    rows = [["", _("position"), "γ", _("outcome")]]
    rows += [row(_("token {i}").format(i=i), t, v) for i, (t, v) in enumerate(zip(tokens, values), 1)]
    rows.append(row(_("sum"), ", ".join(map(str, tokens)), total))
    return Table.from_rows(rows)


def sum_rule_words(tokens, game=loopy.GALLERY):
    """The sum rule applied to the tokens' values, in one sentence."""
    tokens = check_tokens(game, tokens)
    values = [loopy.loopy_grundy(game, t) for t in tokens]
    infinite = [v for v in values if isinstance(v, loopy.Infinity)]
    a = 0
    for v in values:
        if not isinstance(v, loopy.Infinity):
            a ^= v
    if not infinite:
        return (_("Every value is finite: the sum's value is their XOR, {a}").format(a=a)
                + (_(" — a P-position.") if a == 0 else _(" — an N-position.")))
    if len(infinite) > 1:
        return _("Two or more tokens have value ∞: the sum is ∞{{}} — a draw. Whoever "
                 "settles one loopy token leaves the other to the opponent.").format()
    k = sorted(infinite[0].finite_options)
    shifted = sorted(x ^ a for x in k)
    verdict = (_("0 is among them: an N-position (move the loopy token to the option of "
                 "value {a}).").format(a=a) if a in k else _("0 is not among them: a draw."))
    return _("One token has value ∞ with finite options K = {k}; the others XOR to a = {a}, "
             "so the sum is ∞ with K ⊕ a = {shifted}: {verdict}").format(
        k="{" + ", ".join(map(str, k)) + "}", a=a,
        shifted="{" + ", ".join(map(str, shifted)) + "}", verdict=verdict)


def token_sum_view(tokens, game=loopy.GALLERY):
    """The token table and the sum rule in words; a request for a token when there is none."""
    if not tokens:
        return sentence(_("Put at least one token on the graph."))
    return token_sum_table(tokens, game) + sentence(sum_rule_words(tokens, game))
