"""gamelab.games.strips: placement games, Treblecross and the cutting game
against plain search, and their bad input."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.games.strips import CuttingGame, Treblecross, placement_game

from gamelab_testing import plain_heap_game


def test_placement_game_is_the_octal_game_with_sevens():
    g = placement_game([5, 1, 1])
    assert g.code == "0.70007"
    assert placement_game(range(1, 4)).code == "0.777"


def test_cutting_game_table_agrees_with_search():
    c = CuttingGame()
    ref = plain_heap_game(c)
    for w in range(1, 22):
        for h in range(1, 22):
            assert c.grundy((w, h)) == ref.grundy((w, h)), (w, h)
    t = c.grundy_table(30)
    assert t.shape == (31, 31)
    assert (t[1:, 1:] == t[1:, 1:].T).all()


def test_treblecross_is_shifted_0007():
    t = Treblecross()
    ref = plain_heap_game(t)
    o = gl.TakeAndBreak("0.007")
    for n in range(60):
        assert t.grundy(n) == ref.grundy(n)
        if n:
            assert t.grundy(n) == o.grundy(n + 2)
    assert t.grundy_sequence(60).tolist() == [ref.grundy(n) for n in range(60)]


@pytest.mark.parametrize("heap, exc", [((1,), TypeError), ((0, 3), ValueError), ([2, 3], TypeError),
                                       ((2, 3, 4), TypeError), ((2, -3), ValueError),
                                       ((2.5, 3), TypeError), (5, TypeError), (None, TypeError)])
def test_cutting_game_bad_rectangles(heap, exc):
    with pytest.raises(exc, match="heap"):
        CuttingGame().grundy(heap)


@pytest.mark.parametrize("size, exc", [(0, ValueError), (10**6, ValueError), (2.0, TypeError),
                                       (None, TypeError)])
def test_cutting_game_bad_table_size(size, exc):
    with pytest.raises(exc, match="size"):
        CuttingGame().grundy_table(size)


@pytest.mark.parametrize("lengths, exc", [([], ValueError), ([0], ValueError), ([-2], ValueError),
                                          ("15", TypeError), (None, TypeError), ([1.5], TypeError),
                                          ([True], TypeError), (5, TypeError)])
def test_placement_game_bad_lengths(lengths, exc):
    with pytest.raises(exc, match="lengths"):
        placement_game(lengths)


def test_cuts_are_counted_and_huge_rectangles_refused_at_once():
    from gamelab.games.strips import CuttingGame, cutting_moves
    c = CuttingGame()
    assert all(c.heap_move_count((w, h)) == len(list(cutting_moves((w, h))))
               for w in range(1, 25) for h in range(1, 25))
    with pytest.raises(ValueError, match="too many to list"):
        c.grundy((10**21, 5))
