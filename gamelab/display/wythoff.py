"""Pictures of Wythoff's game (威佐夫博弈): the P/N grid, the value map, the P-positions.

:func:`plot_wythoff_outcomes` draws the P/N grid with the two lines
``b = phi * a`` and ``b = a / phi`` along which the P-positions lie;
:func:`plot_wythoff_grundy` draws the whole Sprague–Grundy table as a heat
map.  :func:`wythoff_view` is what the explorer shows (the same pictures as
inline SVG, and the table of P-positions).

References
----------
.. [1] W. A. Wythoff, "A modification of the game of Nim" (1907).
.. [2] A. Dress, A. Flammenkamp, N. Pink, "Additive periodicity of the
   Sprague-Grundy function of certain Nim games", Adv. Appl. Math. 22 (1999)
   (on the structure of Wythoff's Sprague–Grundy values).
"""
from __future__ import annotations

import functools

from .._validate import check_int
from ..games.wythoff import Wythoff, wythoff_pair
from ..i18n import gettext as _, gettext_noop as N_
from ..fonts import plot_text
from .svg import grid_svg, viridis
from .tables import ALERT_COLOUR, N_PALE, P_COLOUR, P_INK, Table, picture

__all__ = ["plot_wythoff_outcomes", "plot_wythoff_grundy", "p_position_table",
           "wythoff_pictures", "wythoff_view"]

#: Golden ratio, for drawing the two lines only (answers never use it).
_PHI_FOR_DRAWING = (1 + 5 ** 0.5) / 2
MIN_SIZE, MAX_SIZE = 4, 80
#: N-positions in the P/N grid: a pale orange.
_WYTHOFF = Wythoff()


def _check_size(n):
    return check_int(n, "n", minimum=MIN_SIZE, maximum=MAX_SIZE)


def plot_wythoff_outcomes(n, *, ax=None):
    """The P/N grid of Wythoff's game for heaps ``0 .. n-1``, with the lines
    ``b = phi a`` and ``b = a / phi``.

    P-positions are computed by search (the zeros of the Sprague–Grundy
    table) and drawn as blue squares; N-positions are pale orange.
    Returns the matplotlib ``Axes``.
    """
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use
    from matplotlib.colors import ListedColormap

    n = _check_size(n)
    table = Wythoff().grundy_table(n)
    if ax is None:
        _fig, ax = plt.subplots(figsize=(5, 5))
    image = [[1 if table[a][b] == 0 else 0 for a in range(n)] for b in range(n)]
    ax.imshow(image, origin="lower", cmap=ListedColormap([N_PALE, P_COLOUR]),
              extent=(-0.5, n - 0.5, -0.5, n - 0.5), interpolation="nearest")
    xs = [0, n - 0.5]
    phi = _PHI_FOR_DRAWING
    ax.plot(xs, [x * phi for x in xs], color=P_INK, lw=1, alpha=0.7, label="b = φ·a")
    ax.plot(xs, [x / phi for x in xs], color=ALERT_COLOUR, lw=1, alpha=0.8, ls="--", label="b = a/φ")
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(-0.5, n - 0.5)
    title = plot_text(N_("P-positions (blue) of Wythoff's game, heaps < {n}")).format(n=n)
    return _finish_grid(ax, title)


def _finish_grid(ax, title):
    """Axis labels, whole-number ticks, the title, and the legend below the grid."""
    ax.set_xlabel(plot_text(N_("a (heap 1)")))
    ax.set_ylabel(plot_text(N_("b (heap 2)")))
    _integer_ticks(ax)
    ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, fontsize=10,
              frameon=False)
    return ax


def _integer_ticks(ax):
    """Heaps are whole numbers: no ticks at 2.5 or 7.5."""
    from matplotlib.ticker import MaxNLocator  # optional dependency: loaded on use

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def plot_wythoff_grundy(n, *, ax=None):
    """Heat map of the Sprague–Grundy values ``G(a, b)`` for heaps ``0 .. n-1``.

    The zeros (P-positions) are outlined, to contrast the simple P-positions
    with the far less regular values around them.  Returns the ``Axes``.
    """
    import matplotlib.pyplot as plt  # optional dependency (the course extra): loaded on use

    n = _check_size(n)
    table = Wythoff().grundy_table(n)
    if ax is None:
        _fig, ax = plt.subplots(figsize=(5.6, 5))
    image = [[table[a][b] for a in range(n)] for b in range(n)]
    im = ax.imshow(image, origin="lower", cmap="viridis", interpolation="nearest",
                   extent=(-0.5, n - 0.5, -0.5, n - 0.5))
    zeros = [(a, b) for a in range(n) for b in range(n) if table[a][b] == 0]
    ax.scatter([a for a, _ in zeros], [b for _, b in zeros], marker="s",
               s=(200 / n) ** 2, facecolors="none", edgecolors="white",
               linewidths=1.0, label="G = 0 (P)")
    ax.figure.colorbar(im, ax=ax, shrink=0.85, label="G(a, b)")
    return _finish_grid(ax, plot_text(N_("Sprague–Grundy values, heaps < {n}")).format(n=n))


def p_position_table(n):
    """The P-positions ``(a_k, b_k)`` with both heaps below ``n``, as a table.

    Their mirror images ``(b_k, a_k)`` are P-positions too.

    >>> print(p_position_table(8))
    P-positions (a_k, b_k) with both heaps below 8 (and their mirrors)
      k | 0 1 2 3
    a_k | 0 1 3 4
    b_k | 0 2 5 7
    """
    n = _check_size(n)
    pairs = []
    k = 0
    while True:
        a, b = wythoff_pair(k)
        if b >= n:
            break
        pairs.append((str(k), str(a), str(b)))
        k += 1
    title = _("P-positions (a_k, b_k) with both heaps below {n} (and their mirrors)").format(n=n)
    rows = [["k", *(p[0] for p in pairs)], ["a_k", *(p[1] for p in pairs)],
            ["b_k", *(p[2] for p in pairs)]]
    return Table.from_rows(rows, title=title)


@functools.lru_cache(maxsize=1)
def _widest_table():
    return _WYTHOFF.grundy_table(MAX_SIZE)


def _grundy_table(n):
    """``G(a, b)`` for heaps below ``n``: a corner of one table computed once, by search."""
    return [row[:n] for row in _widest_table()[:n]]


def wythoff_pictures(n):
    """The P/N grid (with the lines ``b = phi a`` and ``b = a / phi``) and the
    value heat map for heaps below ``n``, as two inline ``<svg>`` pictures.

    Both are computed from one Sprague–Grundy table (by search); legends and
    the colour bar stand outside the grids, text is 14 px.
    """
    n = _check_size(n)
    table = _grundy_table(n)
    vmax = max(max(row) for row in table)
    shade = [viridis(v / max(vmax, 1)) for v in range(vmax + 1)]
    phi = _PHI_FOR_DRAWING
    outcomes = grid_svg(
        lambda a, b: P_COLOUR if table[a][b] == 0 else N_PALE, n,
        title=_("P-positions (blue), heaps < {n}").format(n=n), xlabel=_("a (heap 1)"),
        ylabel=_("b (heap 2)"),
        lines=[(phi, P_INK, False), (1 / phi, ALERT_COLOUR, True)],
        legend=[("square", P_COLOUR, "P"), ("line", P_INK, "b = φ·a"),
                ("line", ALERT_COLOUR, "b = a/φ")])
    values = grid_svg(
        lambda a, b: shade[table[a][b]], n,
        title=_("values G(a, b), heaps < {n}").format(n=n), xlabel=_("a (heap 1)"),
        ylabel=_("b (heap 2)"),
        outline=lambda a, b: table[a][b] == 0,
        legend=[("square", viridis(0), N_("framed: G = 0"))],
        colourbar=(vmax, "G(a, b)"))
    return (f"<div style='display:flex;flex-wrap:wrap;gap:12px'>"
            f"<div>{outcomes}</div><div>{values}</div></div>")


def wythoff_view(n):
    """The P-position table and both pictures for heaps below ``n``.

    The table and the pictures scroll inside their own boxes when wider than
    the page, so the slider above them stays in view.
    """
    n = _check_size(n)
    return p_position_table(n).scrolled() + picture(wythoff_pictures(n))
