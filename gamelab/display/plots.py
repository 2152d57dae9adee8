"""matplotlib pictures shared by the lectures, and a way to show a figure inside a widget."""
from __future__ import annotations

import base64
import io

from ..i18n import gettext_noop as N_
from ..fonts import plot_text
from .tables import N_COLOUR, P_COLOUR, P_INK

__all__ = ["plot_sequence", "figure_html", "LEGEND_PT", "MIN_TEXT_PX"]

#: Legend text, in points: 13.9 px at the 100 dpi of notebook figures.
LEGEND_PT = 10
#: No text in a picture is smaller than this many pixels at 100 % zoom.
MIN_TEXT_PX = 12


def plot_sequence(values, *, ax=None, start=0, title=None, label="G(n)", marker_size=None):
    """Scatter plot of a Grundy sequence, P-positions (value 0) in blue.

    Returns the matplotlib ``Axes``.  The figure is not shown: a notebook
    cell calls ``plt.show()``.
    """
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use
    from matplotlib.ticker import MaxNLocator

    values = [int(v) for v in values]
    if ax is None:
        _fig, ax = plt.subplots(figsize=(9, 3.2))
    xs = list(range(start, start + len(values)))
    size = marker_size or (30 if len(values) <= 100 else 8 if len(values) <= 1000 else 2)
    px = [x for x, v in zip(xs, values) if v == 0]
    nx = [x for x, v in zip(xs, values) if v != 0]
    nv = [v for v in values if v != 0]
    ax.scatter(nx, nv, s=size, color=N_COLOUR, marker="o",
               label=plot_text(N_("N-position (G > 0)")))
    ax.scatter(px, [0] * len(px), s=size * 1.6, color=P_COLOUR, marker="s",
               edgecolors=P_INK, label=plot_text(N_("P-position (G = 0)")))
    ax.set_xlabel("n")
    ax.set_ylabel(label)
    if title:
        ax.set_title(title)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=LEGEND_PT, frameon=False)
    ax.grid(alpha=0.3)
    return ax


def figure_html(fig, *, dpi=100):
    """A matplotlib figure as an ``<img>`` tag (PNG, base64), and close it.

    Lets an ``ipywidgets.HTML`` show a plot that is recomputed on every
    slider move, without an ``Output`` capture.
    """
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return (f'<img class="gamelab-plot" style="max-width:none" '
            f'src="data:image/png;base64,{data}"/>')
