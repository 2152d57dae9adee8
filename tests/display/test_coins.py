"""gamelab.display.coins: the coin-row table (head values, their XOR, the winning moves)."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import coin_table


def test_coin_table_text_and_html():
    t = coin_table("one_or_two", "HHTHTTHT")
    assert "1 ^ 2 ^ 4 ^ 7 = 0" in t.text
    assert "P-position" in t.text
    assert 'class="gamelab-table"' in t.html
    assert "move 1" not in t.text           # a P-position has no winning move
    t = coin_table(gl.CoinTurning("ruler"), "TTHH")
    assert "1 ^ 4 = 5" in t.text and "N-position" in t.text


def test_coin_table_lists_the_winning_moves():
    g = gl.CoinTurning("mock_turtles")
    row = "THHTTHTHTTTT"
    t = coin_table(g, row)
    for k, o in enumerate(gl.winning_moves(g, row), 1):
        assert f"move {k}" in t.text and o in t.text
    assert t.html.count("turn</td>") == sum(
        sum(a != b for a, b in zip(row, o)) for o in gl.winning_moves(g, row))


def test_coin_table_caps_the_list():
    row = "H" * 19
    t = coin_table("mock_turtles", row, max_moves=3)
    assert "move 3" in t.text and "move 4" not in t.text and "first 3 shown" in t.text


def test_coin_table_custom_rule():
    t = coin_table(lambda i: [()], "HHH")
    assert "custom rule" in t.text
    assert "1 ^ 1 ^ 1 = 1" in t.text


@pytest.mark.parametrize("call, exc", [
    (lambda: coin_table("nope", "HT"), ValueError),
    (lambda: coin_table("ruler", "HTA"), ValueError),
    (lambda: coin_table("ruler", ["H"]), TypeError),
])
def test_bad_arguments_raise(call, exc):
    with pytest.raises(exc):
        call()
