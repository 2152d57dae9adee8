"""gamelab.widgets.chomp: the Chomp explorer and play widget, driven headlessly."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import gamelab as gl  # noqa: E402
from gamelab.display.chomp import EXPLORER_POSITIONS, MAX_ROWS, chomp_view, explorer_columns  # noqa: E402
from gamelab.parlour.chomp import chomp_first_moves  # noqa: E402
from gamelab.widgets import ChompExplorer, chomp_play  # noqa: E402


def count_bars(rows, columns):
    """Bars inside rows × columns, counted by a plain recursion on the bottom row."""
    def count(r, top):
        return 1 if r == 0 else sum(count(r - 1, x) for x in range(top + 1))
    return count(rows, columns) - 1


def test_the_columns_follow_the_rows_and_every_view_at_the_ends_answers():
    e = ChompExplorer(2, 3)
    for rows in range(1, MAX_ROWS + 1):
        e.controls["rows"].value = rows
        top = e.controls["columns"].max
        assert top == explorer_columns(rows)
        assert count_bars(rows, top) <= EXPLORER_POSITIONS
        assert top == 40 or count_bars(rows, top + 1) > EXPLORER_POSITIONS
        e.controls["columns"].value = top
        assert e.result.text == chomp_view(rows, top).text
        assert e.controls["columns"].value <= top


def test_the_view_names_the_winning_moves():
    text = chomp_view(4, 4).text
    (move,) = chomp_first_moves(4, 4)
    assert f"row {move[0]}, column {move[1]}" in text
    with pytest.raises(ValueError, match="columns must be <="):
        chomp_view(6, 11)


def test_gamelab_never_loses_a_bar_it_starts():
    w = chomp_play((5, 5, 5), computer_first=True)
    while w.winner is None:
        w.play(w.legal_moves()[-1])
    assert w.winner == "gamelab"
    assert isinstance(w.game, gl.Chomp)
