"""Pictures of Green Hackenbush positions: the graph standing on its ground line.

Each edge may be labelled with the value of the position left after cutting
it; the winning cuts (value 0) are drawn thick, dashed and in Okabe–Ito blue
with bold labels, the other edges in bluish green, so the two kinds differ
by colour, width and dash for every reader.
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np

from .._validate import check_hashable
from .tables import P_COLOUR

__all__ = ["draw_hackenbush", "hackenbush_layout", "EDGE_COLOUR", "WIN_COLOUR"]

#: Okabe–Ito bluish green for ordinary edges, blue for winning cuts.
EDGE_COLOUR = "#009E73"
WIN_COLOUR = "#0072B2"
GROUND_COLOUR = "#8c6d46"


def hackenbush_layout(edges, ground=0):
    """Coordinates ``{vertex: (x, y)}``: height = distance from the ground, leaves spread out.

    A breadth-first spanning tree from the ground gives each vertex its
    level; within it, leaves are placed left to right and each vertex sits
    above the middle of its children.  Edges that have fallen (not
    connected to ``ground``) are ignored.
    """
    from ..games.hackenbush import GreenHackenbush

    edges = GreenHackenbush(ground).validate(edges)
    adj = defaultdict(list)
    for u, v in edges:
        if u != v:
            adj[u].append(v)
            adj[v].append(u)
    parent = {ground: None}
    order = [ground]
    for x in order:
        for y in adj[x]:
            if y not in parent:
                parent[y] = x
                order.append(y)
    children = defaultdict(list)
    for x in order[1:]:
        children[parent[x]].append(x)
    depth = {ground: 0}
    for x in order[1:]:
        depth[x] = depth[parent[x]] + 1
    xs = {}
    next_leaf = [0.0]
    # post-order without recursion
    stack = [(ground, False)]
    while stack:
        x, done = stack.pop()
        if done:
            kids = children[x]
            if kids:
                xs[x] = (xs[kids[0]] + xs[kids[-1]]) / 2
            else:
                xs[x] = next_leaf[0]
                next_leaf[0] += 1.0
            continue
        stack.append((x, True))
        for y in reversed(children[x]):
            stack.append((y, False))
    return {v: (xs[v], float(depth[v])) for v in order}


def _curve(p, q, rad, steps=30):
    """Points of a quadratic Bezier from p to q bent sideways by ``rad`` (0: straight)."""
    p = np.asarray(p, float)
    q = np.asarray(q, float)
    d = q - p
    c = (p + q) / 2 + rad * np.array([d[1], -d[0]])
    t = np.linspace(0, 1, steps)[:, None]
    pts = (1 - t) ** 2 * p + 2 * (1 - t) * t * c + t ** 2 * q
    mid = 0.25 * p + 0.5 * c + 0.25 * q
    return pts, mid


def draw_hackenbush(position, *, ground=0, ax=None, labels="values", title=None):
    """Draw a Green Hackenbush position standing on the ground line.

    Parameters
    ----------
    position : tuple of edges
        A position of :class:`gamelab.GreenHackenbush` (fallen edges are
        not drawn).
    ground : hashable
        The ground vertex.
    ax : matplotlib Axes, optional
    labels : {"values", "winning", None}
        ``"values"``: label each edge with the value left after cutting it;
        ``"winning"``: only highlight the winning cuts; ``None``: plain.
    title : str, optional

    Returns
    -------
    matplotlib Axes
        The figure is not shown; a notebook cell ends with ``plt.show()``.
    """
    import matplotlib.pyplot as plt

    from ..games.hackenbush import GreenHackenbush

    check_hashable(ground, "ground")
    if labels not in ("values", "winning", None):
        raise ValueError(f"labels must be 'values', 'winning' or None, got {labels!r}")
    game = GreenHackenbush(ground)
    edges = game.validate(position)
    values = dict(game.edge_values(edges)) if labels else {}
    pos = hackenbush_layout(edges, ground)
    if ax is None:
        width = max(3.0, 1.1 * (max((x for x, _ in pos.values()), default=0) + 1.5))
        height = max(2.4, 1.0 * (max((y for _, y in pos.values()), default=0) + 1.6))
        _fig, ax = plt.subplots(figsize=(min(width, 11), min(height, 7)))
    xs = [x for x, _ in pos.values()]
    lo, hi = min(xs) - 0.8, max(xs) + 0.8
    ax.plot([lo, hi], [0, 0], color=GROUND_COLOUR, linewidth=5, solid_capstyle="butt", zorder=1)
    ax.fill_between([lo, hi], [-0.25, -0.25], [0, 0], color=GROUND_COLOUR, alpha=0.25, zorder=0)

    copies = defaultdict(int)
    for e in edges:
        copies[e] += 1
    seen = defaultdict(int)
    for e in edges:
        u, v = e
        k = seen[e]
        seen[e] += 1
        val = values.get(e)
        win = val == 0
        colour = WIN_COLOUR if win else EDGE_COLOUR
        style = dict(color=colour, linewidth=4.0 if win else 2.5,
                     linestyle=(0, (4, 1.5)) if win else "-", zorder=2)
        if u == v:
            x, y = pos[u]
            r = 0.18 + 0.1 * k
            t = np.linspace(0, 2 * np.pi, 60)
            cx, cy = x, y + r
            ax.plot(cx + 0.8 * r * np.sin(t), cy - r * np.cos(t), **style)
            mid = (cx + 0.8 * r * 1.15, cy + r * 0.6)
        else:
            n = copies[e]
            rad = 0.0 if n == 1 else (k - (n - 1) / 2) * 0.35
            pts, mid = _curve(pos[u], pos[v], rad)
            ax.plot(pts[:, 0], pts[:, 1], **style)
        if labels == "values" and val is not None:
            ax.text(mid[0], mid[1], str(val), ha="center", va="center", zorder=4,
                    fontsize=10, fontweight="bold" if win else "normal",
                    bbox=dict(boxstyle="round,pad=0.15", fc=P_COLOUR if win else "white",
                              ec=colour, lw=0.8))
    for v, (x, y) in pos.items():
        if v == ground:
            ax.plot([x], [y], marker="s", markersize=9, color=GROUND_COLOUR, zorder=3)
        else:
            ax.plot([x], [y], marker="o", markersize=6, color="#333333", zorder=3)
    ax.set_xlim(lo, hi)
    top = max((y for _, y in pos.values()), default=0)
    ax.set_ylim(-0.3, top + 0.8)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax
