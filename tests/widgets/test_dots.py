"""gamelab.widgets.dots: the Dots-and-Boxes explorer and board, driven headlessly, and
checked against a plain minimax of the scores written here."""
from __future__ import annotations

import functools
import random

import pytest

pytest.importorskip("ipywidgets")

from gamelab.display.dots import EXPLORER_EDGES, dots_and_boxes_view, random_drawn  # noqa: E402
from gamelab.parlour import dots_and_boxes_box_edges, dots_and_boxes_edge_count  # noqa: E402
from gamelab.widgets import DotsAndBoxesExplorer, DotsAndBoxesPlay  # noqa: E402


def boxes_of(rows, columns):
    return [dots_and_boxes_box_edges(rows, columns, r, c) for r in range(rows)
            for c in range(columns)]


@functools.lru_cache(maxsize=None)
def net(rows, columns, drawn):
    """The best net score of the player to move, by plain minimax over the edges."""
    best = None
    for e in range(dots_and_boxes_edge_count(rows, columns)):
        if drawn >> e & 1:
            continue
        after = drawn | 1 << e
        gained = sum(e in four and all(after >> x & 1 for x in four)
                     for four in boxes_of(rows, columns))
        score = gained + net(rows, columns, after) if gained else -net(rows, columns, after)
        best = score if best is None else max(best, score)
    return best or 0


def test_the_sliders_keep_the_board_small_and_every_end_view_answers():
    e = DotsAndBoxesExplorer(2, 2, lines=3)
    for rows in (1, 2, 3, 1):
        e.controls["rows"].value = rows
        for columns in (1, e.controls["columns"].max):
            e.controls["columns"].value = columns
            edges = dots_and_boxes_edge_count(rows, columns)
            assert edges <= EXPLORER_EDGES and e.controls["lines"].max == edges
            for lines in (0, edges):
                e.controls["lines"].value = lines
                assert e.result.text == dots_and_boxes_view(rows, columns, lines, 0).text
    top = e.controls["columns"].max
    assert dots_and_boxes_edge_count(1, top + 1) > EXPLORER_EDGES


def test_the_views_value_is_the_minimax():
    for seed in range(6):
        drawn = random_drawn(2, 2, 5, seed)
        first = dots_and_boxes_view(2, 2, 5, seed).text.splitlines()[0]
        assert f"ends {net(2, 2, drawn):+d} on the boxes" in first


def test_the_board_plays_to_the_end_with_the_scores_adding_up():
    rng = random.Random(5)
    for rows, columns, first in [(1, 1, False), (1, 2, True), (2, 2, False), (2, 2, True)]:
        w = DotsAndBoxesPlay(rows, columns, computer_first=first)
        value = net(rows, columns, 0)
        while w.winner is None:
            w.play(rng.choice(w.legal_moves()))
        assert sum(w.score.values()) == rows * columns == len(w.owners)
        assert w.drawn == (1 << dots_and_boxes_edge_count(rows, columns)) - 1
        # gamelab keeps at least its value against any play
        lead = w.score["gamelab"] - w.score["you"]
        assert lead >= (value if first else -value), (rows, columns, first, w.score)


def test_the_hint_colours_the_best_edges_and_bad_moves_are_refused():
    w = DotsAndBoxesPlay(2, 2)
    w.hint.value = True
    best = {e for e, _ in w.best_moves()}
    coloured = {e for e, b in w.buttons.items() if b.style.button_color not in ("#e4e4e4",)}
    assert coloured == best and len(best) == 8          # the outer edges of 2 × 2
    w.play(0)
    with pytest.raises(ValueError, match="already drawn"):
        w.play(0)
    with pytest.raises(ValueError, match="edge must be <= 11"):
        w.play(12)
    with pytest.raises(ValueError, match="MAX_EDGES"):
        DotsAndBoxesPlay(3, 4)
    w.new_game.click()
    assert w.drawn == 0 and w.history == []
