"""gamelab.display.tables: the one table builder, HTML and text written from the same rows."""
from __future__ import annotations

import html
import random
import re

import pytest

from gamelab.display import (
    N_COLOUR, P_COLOUR, Cell, Table, bullets, grid_table, key_value_table, picture, scroll_box,
    sentence, sequence_table, table_cell,
)


def html_rows(table):
    """The cells of every ``<tr>`` of a table's HTML: ``[[(tag, text, style)]]``."""
    return [[(tag, html.unescape(text), style)
             for tag, style, text in re.findall(r'<(t[dh]) style="([^"]*)">(.*?)</t[dh]>', row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table.html)]


def text_rows(table):
    """The cells of every line of a table's text: ``[[label, cell, ...]]``."""
    out = []
    for line in table.text.splitlines():
        label, _, rest = line.partition(" | ")
        out.append([label.strip(), *rest.split()])
    return out


def test_html_and_text_come_from_the_same_rows():
    rng = random.Random(1)
    for _ in range(30):
        n_rows, n_cols = rng.randint(1, 6), rng.randint(1, 8)
        values = [[rng.choice([0, 1, 7, 12, 305, "P", "N"]) for _ in range(n_cols)]
                  for _ in range(n_rows)]
        t = grid_table(lambda r, c: values[r][c], range(n_rows), range(n_cols),
                       row_label="r", col_label="c")
        cells = html_rows(t)
        assert [[text for _tag, text, _s in row] for row in cells] == text_rows(t)
        for r in range(n_rows):
            for c in range(n_cols):
                tag, text, style = cells[r + 1][c + 1]
                assert tag == "td" and text == str(values[r][c])
                assert ("font-weight:bold" in style) == (values[r][c] == 0)
        assert all(tag == "th" for tag, _t, _s in cells[0])
        assert all(row[0][0] == "th" for row in cells)


def test_today_s_html_of_a_sequence_table():
    # the notebooks and the browser tests read this structure
    t = sequence_table([0, 1], per_row=2, title="S")
    head = table_cell("n", head=True) + table_cell(0, head=True) + table_cell(1, head=True)
    values = table_cell("G(n)", head=True) + table_cell(0, P_COLOUR, bold=True) + table_cell(1)
    assert t.html == ('<table class="gamelab-table" style="border-collapse:collapse;'
                      'font-family:monospace;font-size:14px"><caption style=\'caption-side:top;'
                      "text-align:left;white-space:nowrap'>S</caption>"
                      f"<tr>{head}</tr><tr>{values}</tr></table>")
    assert t.text == "S\n   n | 0 1\nG(n) | 0 1"


def test_long_sequences_wrap_in_blocks_each_with_its_own_widths():
    t = sequence_table(list(range(12)), per_row=10)
    lines = t.text.splitlines()
    assert lines[0] == "   n | 0 1 2 3 4 5 6 7 8 9"
    assert lines[2] == "   n | 10 11"
    assert len(html_rows(t)) == 4 and len(html_rows(t)[2]) == 3


def test_cells_print_as_their_text_and_show_their_value():
    t = Table.from_rows([["bits", Cell(1, text="1*", colour="#F0E442", bold=True), 0]],
                        head_rows=(), align="left", min_width=2)
    assert t.text == "bits | 1* 0"
    (row,) = html_rows(t)
    assert row[1] == ("td", "1", row[1][2]) and "background:#F0E442" in row[1][2]
    assert Table.from_rows([["a", 1], ["bb", 22]], align="right").text == " a |  1\nbb | 22"
    assert Table.from_rows([["a", 1], ["bb", 22]], align="left", head_rows=()).text == (
        "a  | 1\nbb | 22")


def test_rows_of_different_lengths_and_an_escaped_title():
    t = Table.from_rows([["x", 1, 2], ["y", 3, 4, "→ z"]], title="a < b")
    assert "<caption" in t.html and "a &lt; b" in t.html
    assert t.text.splitlines() == ["a < b", "x | 1 2", "y | 3 4 → z"]


def test_tables_add_up():
    a, b = sentence("first"), key_value_table([("heap", 5)])
    both = a + b
    assert both.html == a.html + b.html and both.text == "first\nheap | 5"
    assert (Table("", "") + a).text == "first"
    with pytest.raises(TypeError):
        a + "text"


def test_scrolled_and_picture_keep_the_text():
    t = key_value_table([("heap", 5)])
    s = t.scrolled(max_height=320)
    assert s.text == t.text and s.html == scroll_box(t.html, max_height=320)
    assert "max-height:320px" in s.html
    p = picture("<svg></svg>", "a picture")
    assert p.html == scroll_box("<svg></svg>") and p.text == "a picture"
    assert picture("").html == ""


def test_sentences_and_lists():
    s = sentence("A <P>-position", colour=P_COLOUR, bold=True)
    assert "&lt;P&gt;" in s.html and f"background:{P_COLOUR}" in s.html
    assert "font-weight:bold" in s.html and s.text == "A <P>-position"
    assert sentence("plain").html == '<p style="margin:4px 0">plain</p>'
    assert "color:#D55E00" in sentence("bad", ink="#D55E00").html
    b = bullets(["take 1", "take 2"])
    assert b.html.count("<li>") == 2 and b.text == "  take 1\n  take 2"
    assert bullets([]).html == "" and bullets([]).text == ""


def test_key_value_table_highlights_as_p():
    t = key_value_table([("heap", 5), ("outcome", "P")], highlight={"outcome"})
    rows = html_rows(t)
    assert [tag for tag, _t, _s in rows[0]] == ["th", "td"]
    assert f"background:{P_COLOUR}" in rows[1][1][2] and "font-weight:bold" in rows[1][1][2]
    assert "background" not in rows[0][1][2]


def test_a_table_shows_as_html_and_prints_as_text():
    t = grid_table(lambda a, b: "N", range(1), range(1), colour=lambda v: N_COLOUR)
    assert t._repr_html_() == t.html and repr(t) == str(t) == t.text
    assert t == grid_table(lambda a, b: "N", range(1), range(1), colour=lambda v: N_COLOUR)
    with pytest.raises(TypeError):
        hash(t)


def test_bad_alignment():
    with pytest.raises(ValueError, match="align"):
        Table.from_rows([["a", 1]], align="centre")
