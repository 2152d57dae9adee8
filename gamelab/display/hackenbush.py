"""Pictures of Green Hackenbush positions: the graph standing on its ground line.

Each edge may be labelled with the value of the position left after cutting
it; the winning cuts (value 0) are drawn thick, dashed and in Okabe–Ito blue
with bold labels, the other edges in bluish green, so the two kinds differ
by colour, width and dash for every reader.  :func:`hackenbush_view` (a random
picture and its :func:`cut_table`) is what the Hackenbush explorer shows.
"""
from __future__ import annotations

import html
from collections import defaultdict

import numpy as np

from .._validate import check_hashable, check_int
from ..games.hackenbush import GreenHackenbush, random_graph, random_tree
from ..i18n import gettext as _, gettext_noop as N_
from .svg import FONT_PX, svg_root, svg_text
from .tables import P_COLOUR, P_INK, Cell, Table, picture, value_colour

__all__ = ["draw_hackenbush", "hackenbush_layout", "hackenbush_svg", "hackenbush_position",
           "cut_table", "hackenbush_view", "EDGE_COLOUR", "WIN_COLOUR", "KINDS"]

#: Okabe–Ito bluish green for ordinary edges, blue for winning cuts.
EDGE_COLOUR = "#009E73"
WIN_COLOUR = P_INK
GROUND_COLOUR = "#8c6d46"


def hackenbush_layout(edges, ground=0):
    """Coordinates ``{vertex: (x, y)}``: height = distance from the ground, leaves spread out.

    A breadth-first spanning tree from the ground gives each vertex its
    level; within it, leaves are placed left to right and each vertex sits
    above the middle of its children.  Edges that have fallen (not
    connected to ``ground``) are ignored.
    """
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



def _prepare(position, ground, labels):
    """The checked edges, each edge's value (when labels are asked for) and the layout."""
    check_hashable(ground, "ground")
    if labels not in ("values", "winning", None):
        raise ValueError(f"labels must be 'values', 'winning' or None, got {labels!r}")
    game = GreenHackenbush(ground)
    edges = game.validate(position)
    values = dict(game.edge_values(edges)) if labels else {}
    return edges, values, hackenbush_layout(edges, ground)

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
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use

    edges, values, pos = _prepare(position, ground, labels)
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


def hackenbush_svg(position, *, ground=0, labels="values", title=None, scale=70):
    """A Green Hackenbush position as an inline ``<svg>``, vertices numbered.

    The vertex numbers are those of the position's edges, so a move named
    ``cut 1–6`` can be found in the picture.  With ``labels="values"`` each
    edge carries the value left after cutting it; labels are moved along
    their edges until no two overlap (and none covers a vertex).  Winning
    cuts are blue, thick and dashed.  Text is 14 px.

    Examples
    --------
    >>> svg = hackenbush_svg(((0, 1), (1, 2), (1, 2)))
    >>> svg.count('class="vertex"'), svg.count('class="cut-label"')
    (3, 3)
    """
    edges, values, pos = _prepare(position, ground, labels)
    xs = [x for x, _ in pos.values()]
    top = max((y for _, y in pos.values()), default=0)
    lo, hi = min(xs) - 0.8, max(xs) + 0.8
    head = 34 if title else 10
    width = int((hi - lo) * scale) + 20
    height = int((top + 0.9) * scale) + head + 24

    def sx(x):
        return 10 + (x - lo) * scale

    def sy(y):
        return head + (top + 0.6 - y) * scale

    out = []
    if title:
        out.append(svg_text(width / 2, 20, title, extra=";font-weight:bold"))
    gy = sy(0)
    out.append(f'<rect x="{sx(lo):.1f}" y="{gy:.1f}" width="{(hi - lo) * scale:.1f}" height="14" '
               f'fill="{GROUND_COLOUR}" opacity="0.35"/>')
    out.append(f'<line x1="{sx(lo):.1f}" y1="{gy:.1f}" x2="{sx(hi):.1f}" y2="{gy:.1f}" '
               f'stroke="{GROUND_COLOUR}" stroke-width="5"/>')
    copies = defaultdict(int)
    for e in edges:
        copies[e] += 1
    seen = defaultdict(int)
    wanted = []   # (path points, value, winning) for each drawn edge
    for e in edges:
        u, v = e
        k = seen[e]
        seen[e] += 1
        val = values.get(e)
        win = val == 0
        colour = WIN_COLOUR if win else EDGE_COLOUR
        if u == v:
            x, y = pos[u]
            r = 0.18 + 0.1 * k
            t = np.linspace(0, 2 * np.pi, 40)
            pts = np.column_stack([x + 0.8 * r * np.sin(t), y + r - r * np.cos(t)])
        else:
            n = copies[e]
            rad = 0.0 if n == 1 else (k - (n - 1) / 2) * 0.35
            pts, _mid = _curve(pos[u], pos[v], rad)
        d = " ".join(f"{sx(px):.1f},{sy(py):.1f}" for px, py in pts)
        dash = ' stroke-dasharray="9 3"' if win else ""
        out.append(f'<polyline points="{d}" fill="none" stroke="{colour}" '
                   f'stroke-width="{5 if win else 3}"{dash}/>')
        if labels == "values" and val is not None:
            wanted.append((pts, val, win, colour))
    # vertices (drawn over the edges), numbered beside the dot
    taken = []
    for vtx, (x, y) in pos.items():
        cx, cy = sx(x), sy(y)
        taken.append((cx, cy, 9, 9))
        if vtx == ground:
            out.append(f'<rect class="vertex" x="{cx - 6:.1f}" y="{cy - 6:.1f}" width="12" '
                       f'height="12" fill="{GROUND_COLOUR}"/>')
        else:
            out.append(f'<circle class="vertex" cx="{cx:.1f}" cy="{cy:.1f}" r="6" fill="#333"/>')
        tx, ty = cx + 9, cy - 9
        label = html.escape(str(vtx))
        tw = 0.6 * FONT_PX * len(label)
        taken.append((tx + tw / 2, ty - FONT_PX * 0.35, tw / 2 + 1, FONT_PX / 2))
        out.append(f'<text class="vertex-label" x="{tx:.1f}" y="{ty:.1f}" '
                   f'style="font-family:sans-serif;font-size:{FONT_PX}px;fill:#333;'
                   f'paint-order:stroke;stroke:white;stroke-width:3px">{label}</text>')
    # value labels: the first place along the edge that overlaps nothing placed yet
    for pts, val, win, colour in wanted:
        text = str(val)
        hw, hh = 0.32 * FONT_PX * len(text) + 5, FONT_PX / 2 + 3
        best = None
        for off in (0, 16, -16, 30, -30, 46, -46):
            for frac in (0.5, 0.35, 0.65, 0.22, 0.78, 0.42, 0.58):
                k = int(frac * (len(pts) - 1))
                (px, py), (qx, qy) = pts[max(k - 1, 0)], pts[min(k + 1, len(pts) - 1)]
                dx, dy = sx(qx) - sx(px), sy(qy) - sy(py)
                norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
                cx = sx(pts[k][0]) - dy / norm * off
                cy = sy(pts[k][1]) + dx / norm * off
                clash = sum(1 for (ox, oy, ow, oh) in taken
                            if abs(cx - ox) < hw + ow and abs(cy - oy) < hh + oh)
                if best is None or clash < best[0]:
                    best = (clash, cx, cy)
                if clash == 0:
                    break
            if best[0] == 0:
                break
        _clash, cx, cy = best
        taken.append((cx, cy, hw, hh))
        fill = P_COLOUR if win else "white"
        weight = "bold" if win else "normal"
        out.append(f'<g class="cut-label"><rect x="{cx - hw:.1f}" y="{cy - hh:.1f}" '
                   f'width="{2 * hw:.1f}" height="{2 * hh:.1f}" rx="5" fill="{fill}" '
                   f'stroke="{colour}"/>'
                   f'<text x="{cx:.1f}" y="{cy + FONT_PX * 0.35:.1f}" text-anchor="middle" '
                   f'style="font-family:sans-serif;font-size:{FONT_PX}px;font-weight:{weight}">'
                   f'{html.escape(text)}</text></g>')
    return svg_root(width, height, "".join(out), title or _("Green Hackenbush position"))


# -- the explorer's view ------------------------------------------------------------------

#: The kinds of random picture.
KINDS = (N_("tree"), N_("graph"))


def hackenbush_position(kind, n_edges, seed):
    """The random picture the explorer shows: ``random_tree`` or ``random_graph``."""
    if kind not in KINDS:
        raise ValueError(f"kind must be 'tree' or 'graph', got {kind!r}")
    n_edges = check_int(n_edges, "n_edges")
    seed = check_int(seed, "seed", minimum=None)
    return random_tree(n_edges, seed) if kind == "tree" else random_graph(n_edges, seed)


def cut_table(position, ground=0, *, title=None):
    """Table: each distinct edge and the value of the position after cutting it.

    Zeros (winning cuts) are highlighted as P-positions.

    >>> print(cut_table(((0, 1), (1, 2), (0, 3))))
    value 3 (N-position); winning cuts: 1–2
               edge | 0–1 0–3 1–2
    value after cut |   1   2   0

    Copies of one edge share a column (cutting either leaves the same
    picture), and the caption says so:

    >>> print(cut_table(((0, 1), (1, 2), (1, 2))).text.splitlines()[0])
    value 1 (N-position); winning cuts: 0–1; 3 edges in 2 columns: 1–2 is a double edge
    """
    game = GreenHackenbush(ground)
    edges = game.validate(position)
    ev = game.edge_values(edges)
    total = game.grundy(edges)
    names = [f"{u}–{v}" for (u, v), _value in ev]
    vals = [x for _edge, x in ev]
    wins = [nm for nm, x in zip(names, vals) if x == 0]
    head = (_("value {total} ({outcome}-position)").format(
        total=total, outcome="P" if total == 0 else "N")
            + (_("; nothing is standing") if not edges else
               _("; winning cuts: {cuts}").format(cuts=", ".join(wins)) if wins
               else _("; no winning cut")))
    copies = {}
    for e in edges:
        copies[e] = copies.get(e, 0) + 1
    multiple = [f"{u}–{v}" + (_(" is a double edge") if k == 2 else _(" has {k} copies").format(
        k=k)) for (u, v), k in copies.items() if k > 1]
    if multiple:
        head += _("; {edges} edges in {columns} columns: {which}").format(
            edges=len(edges), columns=len(names), which=", ".join(multiple))
    if title:
        head = f"{title}: {head}"
    return Table.from_rows(
        [[_("edge"), *names],
         [_("value after cut"), *(Cell(v, value_colour(v), bold=v == 0) for v in vals)]],
        title=head)


def hackenbush_view(kind, n_edges, seed, *, labels="values"):
    """Picture and cut table of a random tree or graph, as one :class:`Table`.

    ``html`` holds the drawing (an inline SVG with numbered vertices)
    followed by the table, each scrolling in its own box; ``text`` is the
    table's text.
    """
    position = hackenbush_position(kind, n_edges, seed)
    table = cut_table(position, title=_("{kind} with {edges} edges, seed {seed}").format(
        kind=_(kind), edges=n_edges, seed=seed))
    return picture(hackenbush_svg(position, labels=labels)) + table.scrolled()

