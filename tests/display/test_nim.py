"""gamelab.display.nim: binary tables of Nim and Moore's Nim-k, the reports, and their bad
input."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import binary_table, describe_moves, moore_report


def test_binary_table_text_and_html():
    t = binary_table((13, 12, 8), move="auto")
    lines = t.text.splitlines()
    assert lines[0].split("|")[1].split() == ["8", "4", "2", "1"]
    assert lines[1].startswith("13 -> 4")
    assert lines[1].split("|")[1].split() == ["1*", "1", "0", "1*"]
    assert lines[-1].startswith("XOR = 9")
    assert 'class="gamelab-table"' in t.html
    assert t.html.count("#F0E442") == 3  # the heap label and its two flipped bits


def test_binary_table_p_position_has_blue_xor_row():
    t = binary_table((1, 2, 3), move="auto")
    assert "*" not in t.text
    assert t.html.count("#56B4E9") == 2


def test_binary_table_moore():
    t = binary_table((1, 2, 3, 4), k=2)
    assert t.text.splitlines()[-1].split("|")[1].split() == ["1", "2", "2"]


def test_moore_report_lists_at_most_show_moves():
    pos = (7, 6, 5, 4, 3)
    wins = gl.MooreNim(2).winning_moves(pos)
    assert len(wins) > 3
    text = moore_report(pos, 2, show=3).text
    assert f"... and {len(wins) - 3} more" in text
    assert sum(line.startswith("  take") for line in text.splitlines()) == 3


@pytest.mark.parametrize("args,kwargs,error,word", [
    (({3, 4},), {}, TypeError, "position"),
    (((3, -4),), {}, ValueError, "position"),
    (((3, 4),), dict(move=(3, 5)), ValueError, "move"),
    (((3, 4),), dict(move=(1, 1)), ValueError, "move"),
    (((3, 4),), dict(move=(3,)), ValueError, "move"),
    (((3, 4),), dict(k=0), ValueError, "k"),
])
def test_binary_table_bad_input(args, kwargs, error, word):
    with pytest.raises(error, match=word):
        binary_table(*args, **kwargs)


@pytest.mark.parametrize("args,error", [(({3, 4}, [(1, 4)]), TypeError), (((3, -1), []), ValueError)])
def test_describe_moves_bad_input(args, error):
    with pytest.raises(error, match="position"):
        describe_moves(*args)
