"""gamelab.display.svg: inline SVG pictures, sequences, grids, the tiny PNG behind a grid,
the colour scale."""
from __future__ import annotations

import base64
import re
import struct
import zlib

import pytest

from gamelab.display import P_COLOUR, grid_svg, sequence_svg
from gamelab.display.svg import FONT_PX, nice_ticks, png_base64, svg_root, svg_text, viridis


def test_sequence_svg_marks_p_positions_as_squares():
    values = [0, 1, 2, 0, 3, 0]
    svg = sequence_svg(values, title="t")
    assert svg.startswith('<svg class="gamelab-svg"') and 'aria-label="t"' in svg
    squares = re.search(rf'<g fill="{P_COLOUR}"[^>]*>(.*?)</g>', svg).group(1)
    circles = re.search(r'<g fill="#E69F00">(.*?)</g>', svg).group(1)
    assert squares.count("<rect") == values.count(0)
    assert circles.count("<circle") == len(values) - values.count(0)
    assert min(float(x) for x in re.findall(r"font-size:([0-9.]+)px", svg)) >= 13


def test_sequence_svg_edge_cases():
    assert sequence_svg([]).startswith("<p>")
    svg = sequence_svg([0], start=7)
    assert ">7</text>" in svg
    assert sequence_svg([0, 1], label="G(n) <x>").count("&lt;x&gt;") == 1


def test_nice_ticks():
    assert nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert nice_ticks(0, 0) == [0]
    assert nice_ticks(3, 9) == [3, 4, 5, 6, 7, 8, 9]
    ticks = nice_ticks(0, 1000, count=6)
    assert ticks[0] == 0 and ticks[-1] == 1000 and len(ticks) <= 7


def _png_size(data):
    raw = base64.b64decode(data)
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", raw[16:24])
    return width, height, raw


def test_png_base64_is_a_png_of_the_cells():
    rows = [["#ff0000", "#00ff00", "#0000ff"], ["#000000", "#ffffff", "#ff0000"]]
    width, height, raw = _png_size(png_base64(rows))
    assert (width, height) == (3, 2)
    start = raw.index(b"IDAT") + 4
    length = struct.unpack(">I", raw[start - 8:start - 4])[0]
    pixels = zlib.decompress(raw[start:start + length])
    assert pixels[:1 + 9] == b"\x00" + bytes.fromhex("ff000000ff000000ff")


def test_grid_svg_draws_cells_outlines_lines_and_a_colour_bar():
    svg = grid_svg(lambda a, b: P_COLOUR if a == b else "#ffffff", 5, title="diagonal",
                   lines=[(1.0, "#0072B2", False), (0.5, "#D55E00", True)],
                   outline=lambda a, b: a == b, legend=[("square", P_COLOUR, "P")],
                   colourbar=(4, "G"))
    width, height, _raw = _png_size(re.search(r"base64,([^\"]+)", svg).group(1))
    assert (width, height) == (5, 5)
    frames = re.search(r'<g fill="none" stroke="white"[^>]*>(.*?)</g>', svg).group(1)
    assert frames.count("<rect") == 5
    assert svg.count('stroke-dasharray="6 4"') == 1
    assert ">G</text>" in svg and "diagonal" in svg


def test_svg_root_and_text_escape():
    root = svg_root(10, 20, svg_text(1, 2, "a & b"), 'say "hi"')
    assert 'width="10" height="20"' in root and "a &amp; b" in root
    assert 'aria-label="say &quot;hi&quot;"' in root
    assert f"font-size:{FONT_PX}px" in root


@pytest.mark.parametrize("t, inside", [(-1, 0), (0, 0), (0.5, 128), (1, 255), (7, 255)])
def test_viridis_is_clamped(t, inside):
    colour = viridis(t)
    assert re.fullmatch(r"#[0-9a-f]{6}", colour)
    assert colour == viridis(inside / 255)
