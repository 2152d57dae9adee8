"""The Nim and Moore's Nim-k explorers, driven headlessly."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.widgets.nim import MooreNimExplorer, NimExplorer, binary_table, describe_moves


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


def test_nim_explorer_sliders():
    ex = NimExplorer((3, 4, 5))
    assert ex.position() == (3, 4, 5)
    assert "1 winning move" in ex.output.value
    ex.sliders[2].value = 6
    assert ex.position() == (3, 4, 6)
    assert ex.winning_moves() == [(2, 4, 6)]
    ex.sliders[2].value = 7
    assert "P-position" in ex.output.value
    ex.count.value = 4
    assert ex.position() == (3, 4, 7, 1)
    assert ex.sliders[3].layout.display is None and ex.sliders[4].layout.display == "none"
    assert ex.winning_moves() == gl.search_winning_moves(gl.Nim(), (3, 4, 7, 1))
    assert "take 1 from heap 4" in ex.output.value


def test_nim_explorer_all_winning_moves_listed():
    ex = NimExplorer((7, 7, 7))
    moves = gl.winning_moves(gl.Nim(), (7, 7, 7))
    assert len(moves) == 3
    assert "3 winning moves" in ex.output.value
    for line in describe_moves((7, 7, 7), moves):
        assert line in ex.output.value


def test_moore_explorer_k_slider():
    ex = MooreNimExplorer((1, 2, 3), k=2)
    assert ex.outcome() == "N"
    assert ex.winning_moves() == gl.search_winning_moves(gl.MooreNim(2), (1, 2, 3))
    ex.k_slider.value = 1
    assert ex.outcome() == "P"
    assert "P-position" in ex.output.value
    ex.sliders[0].value = 3
    ex.sliders[1].value = 3
    ex.k_slider.value = 2
    assert ex.position() == (3, 3, 3)
    assert ex.outcome() == "P"
    assert "divisible by 3" in ex.output.value


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(heaps=(1, 2)), ValueError, "heaps"),
    (dict(heaps=(1, 2, 3, 4, 5, 6)), ValueError, "heaps"),
    (dict(heaps=(1, -2, 3)), ValueError, "heaps"),
    (dict(heaps=(1, 2.5, 3)), TypeError, "heaps"),
    (dict(heaps=(1, 99, 3)), ValueError, "max_heap"),
    (dict(heaps=5), TypeError, "heaps"),
    (dict(max_heap=0), ValueError, "max_heap"),
])
def test_nim_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        NimExplorer(**kwargs)


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(k=0), ValueError, "k"),
    (dict(k=9), ValueError, "k"),
    (dict(k=True), TypeError, "k"),
    (dict(heaps=(1,)), ValueError, "heaps"),
])
def test_moore_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        MooreNimExplorer(**kwargs)


@pytest.mark.parametrize("args,kwargs,error,word", [
    (([3, 4],), {}, TypeError, "position"),
    (((3, -4),), {}, ValueError, "position"),
    (((3, 4),), dict(move=(3, 5)), ValueError, "move"),
    (((3, 4),), dict(move=(1, 1)), ValueError, "move"),
    (((3, 4),), dict(move=(3,)), ValueError, "move"),
    (((3, 4),), dict(k=0), ValueError, "k"),
])
def test_binary_table_bad_input(args, kwargs, error, word):
    with pytest.raises(error, match=word):
        binary_table(*args, **kwargs)


@pytest.mark.parametrize("args,error", [(([3, 4], [(1, 4)]), TypeError), (((3, -1), []), ValueError)])
def test_describe_moves_bad_input(args, error):
    with pytest.raises(error, match="position"):
        describe_moves(*args)
