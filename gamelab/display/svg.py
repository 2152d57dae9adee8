"""Pictures as inline SVG: quick to build on every slider move, crisp when projected.

The explorers redraw their pictures on every change of a control; a
matplotlib PNG costs a few hundred milliseconds, an SVG string a few.  Text
in these pictures is set in CSS pixels (:data:`FONT_PX`, at least 13 px at
100 % zoom), legends stand outside the data, and every picture has a fixed
width that fits the output area (wider ones scroll inside their own box, see
:func:`gamelab.display.scroll_box`).

The static views of the lectures keep using matplotlib (``plot_sequence``,
``draw_hackenbush``, ...); these functions draw the same pictures for widgets.
"""
from __future__ import annotations

import base64
import html
import math
import struct
import zlib

from ..i18n import gettext as _
from .tables import N_COLOUR, P_COLOUR, P_INK

__all__ = ["FONT_PX", "sequence_svg", "grid_svg", "nice_ticks", "viridis", "png_base64",
           "svg_root", "svg_text"]

#: Size of every text in these pictures, in CSS pixels.
FONT_PX = 14
#: Outline of the P-position squares (Okabe–Ito blue).
P_EDGE = P_INK
_FONT = f"font-family:sans-serif;font-size:{FONT_PX}px"


def nice_ticks(lo, hi, count=8):
    """Integer tick positions covering ``lo .. hi``, about ``count`` of them.

    >>> nice_ticks(0, 100)
    [0, 20, 40, 60, 80, 100]
    >>> nice_ticks(0, 0)
    [0]
    """
    lo, hi = int(math.floor(lo)), int(math.ceil(hi))
    span = max(hi - lo, 1)
    raw = span / max(count - 1, 1)
    step = 1
    for m in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = m
        if m >= raw:
            break
    first = -(-lo // step) * step
    return list(range(first, hi + 1, step)) or [lo]


def svg_text(x, y, s, anchor="middle", extra=""):
    """An SVG ``<text>`` at ``(x, y)`` in the pictures' font (``extra``: more CSS)."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" style="{_FONT}{extra}">'
            f"{html.escape(str(s))}</text>")


def svg_root(width, height, body, label):
    """The ``<svg>`` element around ``body``, ``label`` read out by screen readers."""
    return (f'<svg class="gamelab-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{html.escape(label)}" style="max-width:none">{body}</svg>')


def _legend(x, y, items):
    """Legend entries ``(shape, colour, text)`` in one row starting at ``(x, y)``."""
    out = []
    for shape, colour, text in items:
        if shape == "square":
            out.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="11" height="11" '
                       f'fill="{colour}" stroke="{P_EDGE}"/>')
        elif shape == "line":
            out.append(f'<line x1="{x - 2:.1f}" y1="{y - 5:.1f}" x2="{x + 14:.1f}" '
                       f'y2="{y - 5:.1f}" stroke="{colour}" stroke-width="2"/>')
        else:
            out.append(f'<circle cx="{x + 5:.1f}" cy="{y - 5:.1f}" r="5" fill="{colour}"/>')
        out.append(svg_text(x + 18, y, text, "start"))
        x += 26 + 0.56 * FONT_PX * len(text) + 14
    return "".join(out)


def sequence_svg(values, *, start=0, title=None, label="G(n)", width=760, height=300):
    """A scatter plot of a value sequence: P-positions (value 0) as blue squares.

    Parameters
    ----------
    values : sequence of int
        ``values[i]`` is the value of position ``start + i``.
    title : str, optional
    label : str
        The name of the values (the vertical axis).

    Returns
    -------
    str
        An ``<svg>`` element.  With no value at all it says so instead of
        drawing empty axes; a single position still gets sensible axes.

    Examples
    --------
    >>> svg = sequence_svg([0, 1, 0, 1, 2])
    >>> svg.count("<rect"), svg.count("<circle")     # P squares (+ legend), N dots (+ legend)
    (4, 4)
    """
    values = [int(v) for v in values]
    if not values:
        return "<p><i>" + _("No positions to plot.") + "</i></p>"
    left, right, top, bottom = 56, 16, 48 if title else 30, 46
    pw, ph = width - left - right, height - top - bottom
    x0, x1 = start - 0.5, start + len(values) - 0.5
    vmax = max(max(values), 1)
    y0, y1 = -0.5, vmax + 0.5

    def sx(x):
        return left + (x - x0) / (x1 - x0) * pw

    def sy(y):
        return top + ph - (y - y0) / (y1 - y0) * ph

    out = []
    if title:
        out.append(svg_text(width / 2, 18, title, extra=";font-weight:bold"))
    out.append(_legend(left, top - 10, [("square", P_COLOUR, _("P-position (G = 0)")),
                                        ("dot", N_COLOUR, _("N-position (G > 0)"))]))
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>')
    for t in nice_ticks(start, start + len(values) - 1):
        x = sx(t)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + ph}" stroke="#eee"/>')
        out.append(svg_text(x, top + ph + FONT_PX + 4, t))
    for t in nice_ticks(0, vmax, count=6):
        y = sy(t)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + pw}" y2="{y:.1f}" stroke="#eee"/>')
        out.append(svg_text(left - 6, y + FONT_PX * 0.35, t, "end"))
    out.append(svg_text(left + pw / 2, height - 6, "n"))
    out.append(f'<text transform="translate(14,{top + ph / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle" style="{_FONT}">{html.escape(label)}</text>')
    r = max(1.2, min(4.0, pw / len(values) / 2.2))
    pts_p, pts_n = [], []
    for i, v in enumerate(values):
        x = sx(start + i)
        if v == 0:
            pts_p.append(f'<rect x="{x - r:.1f}" y="{sy(0) - r:.1f}" width="{2 * r:.1f}" '
                         f'height="{2 * r:.1f}"/>')
        else:
            pts_n.append(f'<circle cx="{x:.1f}" cy="{sy(v):.1f}" r="{r:.1f}"/>')
    out.append(f'<g fill="{N_COLOUR}">{"".join(pts_n)}</g>')
    out.append(f'<g fill="{P_COLOUR}" stroke="{P_EDGE}" stroke-width="0.8">{"".join(pts_p)}</g>')
    return svg_root(width, height, "".join(out), title or _("values"))


def png_base64(rows):
    """A tiny PNG (base64) whose pixel ``rows[y][x]`` has the colour ``"#rrggbb"``.

    Drawn by the browser, scaled up without smoothing, it is a grid of cells
    that costs a few kilobytes instead of one SVG element per cell.
    """
    height, width = len(rows), len(rows[0]) if rows else 0
    cache = {}
    raw = bytearray()
    for row in rows:
        raw.append(0)
        for c in row:
            px = cache.get(c)
            if px is None:
                px = cache[c] = bytes.fromhex(c.lstrip("#"))
            raw += px

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))
    return base64.b64encode(png).decode("ascii")


_VIRIDIS = None


def viridis(t):
    """The colour of ``0 <= t <= 1`` on the viridis scale, as ``#rrggbb``."""
    global _VIRIDIS
    if _VIRIDIS is None:
        from matplotlib import colormaps  # optional dependency (the course extra): loaded on use

        cmap = colormaps["viridis"]
        _VIRIDIS = ["#%02x%02x%02x" % tuple(int(255 * c) for c in cmap(k / 255)[:3])
                    for k in range(256)]
    return _VIRIDIS[max(0, min(255, int(round(255 * t))))]


def grid_svg(colour, n, *, title, size=360, lines=(), legend=(), outline=None,
             colourbar=None, xlabel="a (heap 1)", ylabel="b (heap 2)"):
    """An ``n`` by ``n`` grid of cells, ``(0, 0)`` at the bottom left.

    Parameters
    ----------
    colour : callable
        ``colour(a, b)``: the fill of cell ``(a, b)``.
    lines : iterable of (slope, colour, dashed)
        Lines ``b = slope * a`` through the origin.
    legend : iterable of (shape, colour, text)
        Shown above the grid, outside the data.
    outline : callable, optional
        ``outline(a, b)``: whether the cell gets a white frame.
    colourbar : (maximum, label), optional
        A viridis colour bar for the values ``0 .. maximum``, right of the grid.
    """
    left, top, bottom = 56, 58, 48
    right = 90 if colourbar else 16
    width, height = left + size + right, top + size + bottom
    cell = size / n
    out = [svg_text(left + size / 2, 18, title, extra=";font-weight:bold")]
    if legend:
        out.append(_legend(left, 42, [(shape, colour, _(text)) for shape, colour, text in legend]))
    rows = [[colour(a, b) for a in range(n)] for b in range(n - 1, -1, -1)]
    out.append(f'<image x="{left}" y="{top}" width="{size}" height="{size}" '
               f'preserveAspectRatio="none" style="image-rendering:pixelated" '
               f'href="data:image/png;base64,{png_base64(rows)}"/>')
    if outline is not None:
        frames = []
        for a in range(n):
            for b in range(n):
                if outline(a, b):
                    frames.append(f'<rect x="{left + a * cell + 0.8:.2f}" '
                                  f'y="{top + size - (b + 1) * cell + 0.8:.2f}" '
                                  f'width="{max(cell - 1.6, 0.5):.2f}" '
                                  f'height="{max(cell - 1.6, 0.5):.2f}"/>')
        out.append(f'<g fill="none" stroke="white" stroke-width="1.2">{"".join(frames)}</g>')
    for slope, col, dashed in lines:
        a_end = min(n - 0.5, (n - 0.5) / slope) if slope > 0 else n - 0.5
        x2 = left + (a_end + 0.5) * cell
        y2 = top + size - (slope * a_end + 0.5) * cell
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        out.append(f'<line x1="{left + 0.5 * cell:.1f}" y1="{top + size - 0.5 * cell:.1f}" '
                   f'x2="{x2:.1f}" y2="{y2:.1f}" stroke="{col}" stroke-width="2"{dash}/>')
    out.append(f'<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="none" '
               f'stroke="#888"/>')
    for t in nice_ticks(0, n - 1, count=6):
        c = (t + 0.5) * cell
        out.append(svg_text(left + c, top + size + FONT_PX + 4, t))
        out.append(svg_text(left - 6, top + size - c + FONT_PX * 0.35, t, "end"))
    out.append(svg_text(left + size / 2, height - 6, xlabel))
    out.append(f'<text transform="translate(14,{top + size / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle" style="{_FONT}">{html.escape(ylabel)}</text>')
    if colourbar:
        vmax, label = colourbar
        bx = left + size + 14
        steps = 64
        for k in range(steps):
            y = top + size - (k + 1) * size / steps
            out.append(f'<rect x="{bx}" y="{y:.2f}" width="16" height="{size / steps + 0.3:.2f}" '
                       f'fill="{viridis(k / (steps - 1))}"/>')
        for t in nice_ticks(0, vmax, count=6):
            y = top + size - (t / max(vmax, 1)) * size
            out.append(svg_text(bx + 20, y + FONT_PX * 0.35, t, "start"))
        out.append(svg_text(bx, top - 6, label, "start"))
    return svg_root(width, height, "".join(out), title)
