"""gamelab.display, readable from the back row: no text in a picture below 12 px, legends
off the data.

Notebook figures are shown at matplotlib's 100 dpi (1 pt = 100/72 px) and
the widgets' PNGs are saved at the same dpi, so a text of ``s`` points is
``s * 100 / 72`` pixels on screen at 100 % zoom.  The explorers' SVG
pictures set their text in pixels directly.
"""
from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display.graph import draw_game_graph  # noqa: E402
from gamelab.display.hackenbush import draw_hackenbush, hackenbush_svg  # noqa: E402
from gamelab.display.plots import MIN_TEXT_PX, plot_sequence  # noqa: E402
from gamelab.display.svg import FONT_PX, sequence_svg  # noqa: E402
from gamelab.games.hackenbush import random_graph  # noqa: E402
from gamelab.display import (bash_plot, hackenbush_view, plot_staircase,  # noqa: E402
                             plot_wythoff_grundy, plot_wythoff_outcomes, subtraction_rule,
                             wythoff_view)

DPI = 100

FIGURES = {
    "plot_sequence": lambda: plot_sequence([n % 4 for n in range(400)], title="values"),
    "bash_plot": lambda: bash_plot(3, 200),
    "game graph, heap 24": lambda: draw_game_graph(subtraction_rule({1, 2, 3}), 24,
                                                   max_nodes=30, title="heap 24"),
    "Wythoff outcomes 80": lambda: plot_wythoff_outcomes(80),
    "Wythoff values 80": lambda: plot_wythoff_grundy(80),
    "staircase": lambda: plot_staircase((3, 1, 4, 1, 5, 9, 2, 6)),
    "Hackenbush": lambda: draw_hackenbush(random_graph(12, 3)),
}


def _texts(fig):
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("name", FIGURES)
def test_figure_text_is_at_least_12_px(name):
    ax = FIGURES[name]()
    fig = ax.figure
    fig.set_dpi(DPI)
    fig.canvas.draw()
    small = [(t.get_text(), round(t.get_fontsize() * DPI / 72, 1)) for t in _texts(fig)
             if t.get_fontsize() * DPI / 72 < MIN_TEXT_PX]
    plt.close(fig)
    assert not small, f"{name}: text below {MIN_TEXT_PX} px: {small[:5]}"


@pytest.mark.parametrize("name", ["plot_sequence", "bash_plot", "Wythoff outcomes 80",
                                  "Wythoff values 80"])
def test_legend_stands_outside_the_data(name):
    ax = FIGURES[name]()
    fig = ax.figure
    fig.canvas.draw()
    legend = ax.get_legend()
    assert legend is not None
    box = legend.get_window_extent()
    data = ax.get_window_extent()
    plt.close(fig)
    overlap = (min(box.x1, data.x1) - max(box.x0, data.x0)) > 1 and (
        min(box.y1, data.y1) - max(box.y0, data.y0)) > 1
    assert not overlap, f"{name}: the legend {box} covers the data area {data}"


def _svg_font_sizes(svg):
    return [float(x) for x in re.findall(r"font-size:\s*([0-9.]+)px", svg)]


@pytest.mark.parametrize("svg", [
    sequence_svg([n % 5 for n in range(1000)], title="1000 heaps"),
    sequence_svg([0], title="heaps 0 to 0"),
    wythoff_view(80).html,
    hackenbush_svg(random_graph(16, 99)),
    hackenbush_view("tree", 16, 5).html,
], ids=["sequence 1000", "sequence 1", "Wythoff 80", "Hackenbush graph", "Hackenbush view"])
def test_explorer_pictures_set_text_at_least_13_px(svg):
    sizes = _svg_font_sizes(svg)
    assert sizes, "no text found"
    assert min(sizes) >= 13 and FONT_PX >= 13


def test_a_single_heap_gets_sensible_axes():
    svg = sequence_svg([0])
    ticks = re.findall(r">(-?[0-9.]+)</text>", svg)
    assert ticks and all(float(t) == int(float(t)) for t in ticks)   # whole numbers only
    assert sequence_svg([]).startswith("<p>")                        # says why, draws nothing


def test_hackenbush_vertices_are_numbered_as_the_moves_name_them():
    position = random_graph(10, 4)
    svg = hackenbush_svg(position)
    game = gl.GreenHackenbush(0)
    shown = set(re.findall(r'class="vertex-label"[^>]*>([^<]+)<', svg))
    for edge, _option in game.cuts(position):
        label = game.move_label(position, _option)
        u, v = re.match(r"cut (\S+)–(\S+)", label).groups()
        assert {u, v} <= shown, f"{label}: vertices {u}, {v} are not numbered in the picture"


def test_hackenbush_value_labels_do_not_overlap():
    for seed in range(20):
        svg = hackenbush_svg(random_graph(12, seed))
        boxes = [tuple(float(x) for x in m) for m in re.findall(
            r'<g class="cut-label"><rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" '
            r'height="([0-9.]+)"', svg)]
        for i, (x, y, w, h) in enumerate(boxes):
            for (x2, y2, w2, h2) in boxes[:i]:
                apart = x + w <= x2 + 0.5 or x2 + w2 <= x + 0.5 or y + h <= y2 + 0.5 or (
                    y2 + h2 <= y + 0.5)
                if not apart:
                    # two labels may only touch when the edges have no room left at all
                    pytest.fail(f"seed {seed}: value labels overlap at ({x}, {y}) and ({x2}, {y2})")
