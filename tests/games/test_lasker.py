"""gamelab.games.lasker: the closed form of Lasker's Nim against plain search."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl

from gamelab_testing import plain_heap_game


def test_lasker_closed_form_agrees_with_search():
    g = gl.LaskersNim()
    ref = plain_heap_game(g)
    for n in range(120):
        assert g.grundy(n) == ref.grundy(n)
    assert g.grundy_sequence(120).tolist() == [ref.grundy(n) for n in range(120)]
    for n in range(10):
        assert gl.search_grundy(g, n) == g.grundy(n)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=3))
def test_lasker_winning_moves_agree_with_search(heaps):
    g = gl.LaskersNim()
    ref = plain_heap_game(g)
    position = g.heaps(*heaps) if len(heaps) > 1 else heaps[0]
    assert g.winning_moves(position) == ref.winning_moves(position)
    assert gl.outcome(g, position) == ref.outcome(position)


def test_lasker_seed_example():
    g = gl.LaskersNim()
    assert [g.grundy(n) for n in (2, 5, 7)] == [2, 5, 8]
    moves = gl.winning_moves(gl.Sum(g, g, g), (2, 5, 7))
    assert (2, 5, (1, 6)) in moves
    assert g.grundy(10**30 + 3) == 10**30 + 4


def test_lasker_sums_agree_with_search_on_small_positions(small_positions):
    g = gl.LaskersNim()
    fast, slow = gl.Sum(g, g), gl.Sum(plain_heap_game(g), plain_heap_game(g))
    positions = small_positions(fast, (9, 7), limit=300)
    assert len(positions) == 300
    for pos in positions:
        assert gl.grundy(fast, pos) == gl.search_grundy(slow, pos), pos
        assert gl.winning_moves(fast, pos) == gl.search_winning_moves(slow, pos), pos


def test_huge_heaps_are_refused_before_their_moves_are_listed():
    import pytest

    from gamelab.games.lasker import MAX_SEQUENCE_LENGTH, lasker_moves
    g = gl.LaskersNim()
    assert all(g.heap_move_count(n) == len(list(lasker_moves(n))) for n in range(50))
    with pytest.raises(ValueError, match="too many to list"):
        g.options(10**21)
    with pytest.raises(ValueError, match="too many to list"):
        gl.winning_moves(gl.Sum(g, g), (10**21, 10**21 + 3))
    with pytest.raises(ValueError, match="n must be <="):
        g.grundy_sequence(MAX_SEQUENCE_LENGTH + 1)
    assert g.grundy(10**21 + 3) == 10**21 + 4
