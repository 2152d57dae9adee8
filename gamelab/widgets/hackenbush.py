"""Explorer for Green Hackenbush: random trees and graphs, every cut labelled.

Sliders choose the kind of picture (tree or graph), its number of edges and
the random seed; the picture is redrawn with each edge labelled by the value
left after cutting it (winning cuts, value 0, in blue), and a table lists the
same numbers.  The computation is the plain function :func:`hackenbush_view`.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._kit import ViewExplorer

from .._validate import check_int
from ..display.hackenbush import hackenbush_svg
from ..display.svg import scroll_box
from ..display.tables import Table, table_cell, value_colour
from ..games.hackenbush import GreenHackenbush, random_graph, random_tree
from .play import PlayWidget

__all__ = ["hackenbush_position", "cut_table", "hackenbush_view", "HackenbushExplorer",
           "hackenbush_play"]

KINDS = ("tree", "graph")


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
    names = [f"{u}–{v}" for (u, v), _ in ev]
    vals = [x for _, x in ev]
    wins = [nm for nm, x in zip(names, vals) if x == 0]
    head = (f"value {total} ({'P' if total == 0 else 'N'}-position)"
            + ("; nothing is standing" if not edges else
               "; winning cuts: " + ", ".join(wins) if wins else "; no winning cut"))
    copies = {}
    for e in edges:
        copies[e] = copies.get(e, 0) + 1
    multiple = [f"{u}–{v}" + (" is a double edge" if k == 2 else f" has {k} copies")
                for (u, v), k in copies.items() if k > 1]
    if multiple:
        head += (f"; {len(edges)} edges in {len(names)} columns: " + ", ".join(multiple))
    if title:
        head = f"{title}: {head}"
    label_e, label_v = "edge", "value after cut"
    w = len(label_v)
    cw = [max(len(a), len(str(b))) for a, b in zip(names, vals)]
    lines = [head,
             f"{label_e:>{w}} | " + " ".join(f"{a:>{c}}" for a, c in zip(names, cw)),
             f"{label_v:>{w}} | " + " ".join(f"{b:>{c}}" for b, c in zip(vals, cw))]
    rows = ("<tr>" + table_cell(label_e, head=True) + "".join(table_cell(a, head=True) for a in names) + "</tr>"
            + "<tr>" + table_cell(label_v, head=True)
            + "".join(table_cell(b, value_colour(b), bold=b == 0) for b in vals) + "</tr>")
    caption = f"<caption style='caption-side:top;text-align:left;white-space:nowrap'>{html.escape(head)}</caption>"
    html_text = ('<table class="gamelab-table" style="border-collapse:collapse;'
                 f'font-family:monospace;font-size:14px">{caption}{rows}</table>')
    return Table(html_text, "\n".join(lines))


def hackenbush_view(kind, n_edges, seed, *, labels="values"):
    """Picture and cut table of a random tree or graph, as one :class:`Table`.

    ``html`` holds the drawing (an inline SVG with numbered vertices)
    followed by the table, each scrolling in its own box; ``text`` is the
    table's text.
    """
    position = hackenbush_position(kind, n_edges, seed)
    table = cut_table(position, title=f"{kind} with {n_edges} edges, seed {seed}")
    picture = hackenbush_svg(position, labels=labels)
    return Table(scroll_box(picture) + scroll_box(table.html), table.text)


class HackenbushExplorer(ViewExplorer):
    """Sliders for a random Green Hackenbush picture; the drawing labels every cut.

    Attributes
    ----------
    kind : ipywidgets.ToggleButtons
        ``"tree"`` or ``"graph"``.
    edges, seed : ipywidgets.IntSlider
    labels : ipywidgets.Checkbox
        Label every edge with its value (else only highlight winning cuts).
    output : ipywidgets.HTML

    Examples
    --------
    >>> e = HackenbushExplorer(kind="tree", edges=5, seed=0)
    >>> e.edges.value = 3
    >>> print(e.view().text.splitlines()[0])
    tree with 3 edges, seed 0: value 3 (N-position); winning cuts: 1–2
    """

    fallback = (
        "sliders draw a random Green Hackenbush tree or graph and label every cut with "
        "the value it leaves."
    )

    def __init__(self, kind="tree", edges=8, seed=0):
        if kind not in KINDS:
            raise ValueError(f"kind must be 'tree' or 'graph', got {kind!r}")
        edges = check_int(edges, "edges", maximum=16)
        seed = check_int(seed, "seed", maximum=99)
        self.kind = widgets.ToggleButtons(options=list(KINDS), value=kind, description="Picture:")
        self.edges = widgets.IntSlider(value=edges, min=0, max=16, description="Edges:",
                                       continuous_update=False)
        self.seed = widgets.IntSlider(value=seed, min=0, max=99, description="Seed:",
                                      continuous_update=False)
        self.labels = widgets.Checkbox(value=True, description="label every cut with its value")
        self.show(self.kind, widgets.HBox([self.edges, self.seed]), self.labels,
                  observe=[self.kind, self.edges, self.seed, self.labels])

    @property
    def position(self):
        return hackenbush_position(self.kind.value, self.edges.value, self.seed.value)

    def view(self):
        return hackenbush_view(self.kind.value, self.edges.value, self.seed.value,
                               labels="values" if self.labels.value else "winning")

    def update(self):
        """Recompute the picture and the table; returns the :class:`Table` shown."""
        t = self.view()
        self.output.value = t.html
        return t


def _render(ground):
    def render(position):
        return scroll_box(hackenbush_svg(position, ground=ground, labels=None))
    return render


def hackenbush_play(position, ground=0, **kwargs):
    """A :class:`PlayWidget` on a Hackenbush picture, drawn after every move."""
    return PlayWidget(GreenHackenbush(ground), position, render=_render(ground), **kwargs)
