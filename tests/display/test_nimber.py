"""gamelab.display.nimber: the nim product table, its picture and the values of a grid of coins."""
from __future__ import annotations

import functools
import html.parser
import re

import pytest

import gamelab as gl
from gamelab.display import (MARK_COLOUR, P_COLOUR, corner_words, nim_product_picture,
                             nim_product_table, product_colour, tartan_table)
from gamelab.display.nimber import MAX_PICTURE, MAX_TABLE

FERGUSON = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")


@functools.lru_cache(maxsize=None)
def mex_product(x, y):
    """The definition: the value of a single head of Turning Corners, from 0."""
    return gl.mex({mex_product(a, y) ^ mex_product(x, b) ^ mex_product(a, b)
                   for a in range(x) for b in range(y)})


class _Cells(html.parser.HTMLParser):
    """``[(text, style)]`` of every ``td`` of an HTML table, row by row."""

    def __init__(self):
        super().__init__()
        self.rows, self._style, self._text = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag == "td":
            self._style, self._text = dict(attrs).get("style", ""), ""

    def handle_endtag(self, tag):
        if tag == "td":
            self.rows[-1].append((self._text, self._style))
            self._style = self._text = None

    def handle_data(self, data):
        if self._text is not None:
            self._text += data


def cells(table):
    parser = _Cells()
    parser.feed(table.html)
    return [row for row in parser.rows if row]


def background(style):
    found = re.search(r"background:(#[0-9a-fA-F]{6})", style)
    return found.group(1).lower() if found else None


# -- the table ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", [1, 2, 4, 5, 16, 17, 40])
def test_table_holds_the_nim_products(size):
    rows = cells(nim_product_table(size))
    assert len(rows) == size
    for x, row in enumerate(rows):
        assert [int(text) for text, _ in row] == [gl.nim_mul(x, y) for y in range(size)]
        assert all(int(text) == mex_product(x, y) for y, (text, _) in enumerate(row))


def test_text_is_the_grid_of_products():
    lines = nim_product_table(8).text.splitlines()
    assert lines[0] == "nim products x ⊗ y for x, y < 8"
    assert lines[1].split("|")[1].split() == [str(y) for y in range(8)]
    for x in range(8):
        label, values = lines[2 + x].split("|")
        assert int(label) == x
        assert values.split() == [str(gl.nim_mul(x, y)) for y in range(8)]


@pytest.mark.parametrize("colour", [True, False])
def test_zeros_are_the_p_positions_and_only_they_are_bold_in_p_colour(colour):
    for x, row in enumerate(cells(nim_product_table(20, colour=colour))):
        for y, (text, style) in enumerate(row):
            lit = background(style) == P_COLOUR.lower() and "font-weight:bold" in style
            assert lit == (int(text) == 0) == (x == 0 or y == 0)


def test_colour_by_value_one_colour_per_value_and_bands_per_subfield():
    colours = {}
    for row in cells(nim_product_table(64)):
        for text, style in row:
            colours.setdefault(int(text), set()).add(background(style))
    assert all(len(c) == 1 for c in colours.values())          # a value has one colour
    shade = {v: c.pop() for v, c in colours.items()}
    assert shade[1] is None and shade[0] == P_COLOUR.lower()
    used = [shade[v] for v in range(2, 256)]
    assert len(set(used)) > 60                                  # by value, not one per band
    assert MARK_COLOUR.lower() not in used and P_COLOUR.lower() not in used
    bands = [{shade[v] for v in range(lo, hi)} for lo, hi in ((2, 4), (4, 16), (16, 256))]
    assert len(bands[0]) == 2 and len(bands[1]) == 12
    assert all(bands[i].isdisjoint(bands[j]) for i in range(3) for j in range(i))


def test_grey_bands_show_the_subfields():
    def grey(v):
        return product_colour(v, colour=False)
    assert grey(2) == grey(3) != grey(4) == grey(15) != grey(16) == grey(255)
    rows = cells(nim_product_table(32, colour=False))
    for F in (4, 16):
        inside = {background(s) for row in rows[1:F] for _, s in row[1:F]}
        outside = {background(s) for row in rows[1:F] for _, s in row[F:32]}
        assert inside.isdisjoint(outside - {None})               # the block stands out


def test_products_of_a_block_stay_in_it():
    for F in (4, 16):
        assert all(int(t) < F for row in cells(nim_product_table(F)) for t, _ in row)
    assert max(int(t) for row in cells(nim_product_table(8)) for t, _ in row) >= 8


@pytest.mark.parametrize("size, sentence", [
    (3, None),
    (4, "the block x, y < 4 is the field of 4 elements: its products stay below 4"),
    (16, "the blocks x, y < 4 and x, y < 16 are the fields of 4 and 16 elements: "
         "their products stay below 4 and 16"),
])
def test_subfield_sentence(size, sentence):
    text = nim_product_table(size).text
    if sentence is None:
        assert "field" not in text
    else:
        assert text.splitlines()[-1] == sentence


def test_mark_shows_each_value_once_per_row_of_a_field():
    table = nim_product_table(16, mark=1)
    rows = cells(table)
    marked = [(x, y) for x, row in enumerate(rows) for y, (_, s) in enumerate(row)
              if background(s) == MARK_COLOUR.lower()]
    assert marked == [(x, gl.nim_inv(x)) for x in range(1, 16)]
    assert table.text.splitlines()[-1] == (
        "marked: the 15 cells with x ⊗ y = 1; in the field of 16 each row x ≠ 0 holds 1 once "
        "(y = x⁻¹)")
    assert "1*" in table.text
    five = nim_product_table(16, mark=5).text.splitlines()[-1]
    assert five.endswith("holds 5 once (y = 5 ⊗ x⁻¹)")
    assert nim_product_table(16, mark=0) == nim_product_table(16)
    assert nim_product_table(16, mark=None) == nim_product_table(16)
    assert nim_product_table(6, mark=100).text.splitlines()[-1] == (
        "marked: the 0 cells with x ⊗ y = 100")


@pytest.mark.parametrize("kwargs, error, word", [
    ({"size": 0}, ValueError, "size"), ({"size": MAX_TABLE + 1}, ValueError, "size"),
    ({"size": 2.0}, TypeError, "size"), ({"size": True}, TypeError, "size"),
    ({"size": 4, "colour": 1}, TypeError, "colour"),
    ({"size": 4, "mark": -1}, ValueError, "mark"), ({"size": 4, "mark": "1"}, TypeError, "mark"),
])
def test_table_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        nim_product_table(**kwargs)


def test_product_colour_bad_input():
    with pytest.raises(ValueError, match="value"):
        product_colour(-1)
    with pytest.raises(TypeError, match="value"):
        product_colour(1.5)


# -- the picture ---------------------------------------------------------------------------

def test_picture_text_and_outlines():
    pic = nim_product_picture(256)
    assert pic.text == ("picture: x ⊗ y for x, y < 256 (x down, y across), coloured by value "
                        "from 0 (dark) to 255 (yellow); outlined: the subfields x, y < 4 and "
                        "x, y < 16")
    assert pic.html.count("<svg") == 1 and "data:image/png;base64," in pic.html
    assert pic.html.count('stroke="white"') == 2                 # the blocks of 4 and 16
    assert nim_product_picture(300).html.count('stroke="white"') == 3
    assert 'stroke="white"' not in nim_product_picture(3).html
    assert "outlined" not in nim_product_picture(3).text
    assert 'width="256"' in nim_product_picture(64, cell_px=4).html


@pytest.mark.parametrize("kwargs, error, word", [
    ({"size": 1}, ValueError, "size"), ({"size": MAX_PICTURE + 1}, ValueError, "size"),
    ({"size": "8"}, TypeError, "size"), ({"size": 8, "cell_px": 0}, ValueError, "cell_px"),
    ({"size": 8, "cell_px": 65}, ValueError, "cell_px"),
])
def test_picture_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        nim_product_picture(**kwargs)


# -- a grid of coins ---------------------------------------------------------------------------

def test_tartan_table_of_the_lecture():
    table = tartan_table("turning_corners", FERGUSON)
    lines = table.text.splitlines()
    assert lines[0] == "Turning Corners (Twins × Twins): the value of each head"
    assert lines[-2] == "nim-sum of the head values = 3 ⊕ 1 ⊕ 6 = 4: an N-position; 1 winning move"
    assert lines[-1].strip() == "turn the 4 coins at rows 4, 5 × columns 4, 5"
    rows = cells(table)                          # the data cells of rows 1 .. 5
    assert [t for t, _ in rows[1]] == ["·", "·", "·", "3", "·"]
    assert [t for t, _ in rows[4]] == ["·", "·", "·", "·", "6"]


def test_tartan_table_values_are_the_heads_values():
    for game in (gl.TartanGame("ruler"), gl.TartanGame("twins", "mock_turtles"),
                 gl.AcrosticTwins()):
        board = ("HTHH", "THHT", "HHTH")
        text = tartan_table(game, board).text
        body = [line.split("|")[1].split() for line in text.splitlines()[2:5]]
        for r, row in enumerate(board, 1):
            for c, face in enumerate(row, 1):
                want = str(game.head_value(r, c)) if face == "H" else "·"
                assert body[r - 1][c - 1] == want
        assert f" = {gl.search_grundy(game, board)}: " in text


def test_tartan_table_p_positions_and_no_heads():
    p = tartan_table("turning_corners", ("TTT", "TTT", "HTT"))       # a head worth 0, alone
    assert "nim-sum of the head values = 0: a P-position (no move wins)" in p.text
    assert P_COLOUR in p.html
    empty = tartan_table("rugs", ("TT", "TT"))
    assert "0 (no heads): a P-position (no move at all)" in empty.text


def test_tartan_table_lists_at_most_max_moves():
    board = ("HHH", "HHH", "HHT")
    wins = gl.winning_moves(gl.TartanGame("one_or_two"), board)
    assert len(wins) > 2
    text = tartan_table("turning_turtles_squared", board, max_moves=2).text
    assert f"{len(wins)} winning moves (first 2 shown)" in text
    assert len([line for line in text.splitlines() if line.startswith("  turn")]) == 2


@pytest.mark.parametrize("args, error, word", [
    ((3, FERGUSON), TypeError, "game"), (("chess", FERGUSON), ValueError, "name"),
    ((gl.Nim(), FERGUSON), TypeError, "game"), (("rugs", "HT"), TypeError, "position"),
    (("rugs", ("HT", "H")), ValueError, "position"),
])
def test_tartan_table_bad_input(args, error, word):
    with pytest.raises(error, match=word):
        tartan_table(*args)


def test_tartan_table_bad_max_moves():
    with pytest.raises(ValueError, match="max_moves"):
        tartan_table("rugs", FERGUSON, max_moves=-1)


# -- a move by its corners ---------------------------------------------------------------------

def test_corner_words_name_the_two_corners_to_click():
    game = gl.TartanGame.named("turning_corners")
    for option in gl.game_options(game, FERGUSON):
        words = corner_words(FERGUSON, option)
        (nw, se) = re.fullmatch(r"corners (\(\d, \d\)), (\(\d, \d\))", words).groups()
        assert se in {"(2, 4)", "(4, 3)", "(5, 5)"} and nw < se
    assert corner_words(("HH",), ("TT",)) == "coins (1, 1), (1, 2)"
    assert corner_words(("TH", "TH"), ("TH", "TT")) == "coin (2, 2)"
    rugs = gl.TartanGame.named("rugs")
    assert corner_words(("HHH",), rugs.options(("HHH",))[-1]) is None   # a block of 3 coins
    with pytest.raises(ValueError, match="shape"):
        corner_words(("HH",), ("HH", "TT"))
