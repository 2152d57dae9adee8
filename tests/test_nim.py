"""Nim, misère Nim, Moore's Nim-k and the single Nim heap against plain search."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Stones
from gamelab.games.nim import NimHeap, moore_bit_counts


def small_positions(max_heaps=3, max_heap=5):
    for n in range(max_heaps + 1):
        yield from itertools.product(range(max_heap + 1), repeat=n)


NIM = gl.Nim()


@pytest.mark.parametrize("misere", [False, True])
def test_nim_closed_forms_agree_with_search(misere):
    for pos in small_positions(3, 6):
        assert gl.outcome(NIM, pos, misere=misere) == gl.search_outcome(NIM, pos, misere=misere), pos
        assert gl.winning_moves(NIM, pos, misere=misere) == gl.search_winning_moves(
            NIM, pos, misere=misere), pos


def test_nim_grundy_is_nim_sum_by_search():
    for pos in small_positions(3, 5):
        assert gl.grundy(NIM, pos) == gl.search_grundy(NIM, pos) == gl.nim_sum(pos)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=0, max_size=4), st.booleans())
def test_nim_hypothesis(heaps, misere):
    pos = tuple(heaps)
    assert gl.outcome(NIM, pos, misere=misere) == gl.search_outcome(NIM, pos, misere=misere)
    assert gl.winning_moves(NIM, pos, misere=misere) == gl.search_winning_moves(NIM, pos, misere=misere)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 10**12), min_size=1, max_size=8))
def test_nim_winning_moves_large_heaps(heaps):
    """Each winning move leaves nim-sum 0, changes one heap, and there is one per heap
    whose size has the top bit of the nim-sum set."""
    pos = tuple(heaps)
    x = gl.nim_sum(pos)
    moves = gl.winning_moves(NIM, pos)
    assert len(moves) == sum(1 for h in pos if h ^ x < h)
    for m in moves:
        assert gl.nim_sum(m) == 0
        assert sum(a != b for a, b in zip(m, pos)) == 1
        assert all(a <= b for a, b in zip(m, pos))
    if x:
        assert len(moves) % 2 == 1


def test_number_of_winning_moves_is_odd_by_search():
    checked = 0
    for pos in small_positions(4, 5):
        moves = gl.search_winning_moves(NIM, pos)
        if gl.search_outcome(NIM, pos) == "N":
            assert len(moves) % 2 == 1, pos
            checked += 1
    assert checked > 1000


def test_nim_options_order_and_labels():
    assert list(NIM.options((2, 1))) == [(0, 1), (1, 1), (2, 0)]
    assert NIM.move_label((3, 4, 5), (1, 4, 5)) == "take 2 from heap 1"
    assert NIM.board((1, 2)) == Stones((1, 2)) and NIM.name == "Nim" and NIM.always_ends
    assert gl.outcome(NIM, ()) == "P" and gl.outcome(NIM, (), misere=True) == "N"


def test_misere_nim_examples():
    assert gl.outcome(NIM, (1, 1, 1), misere=True) == "P"
    assert gl.outcome(NIM, (1, 1), misere=True) == "N"
    assert gl.winning_moves(NIM, (1, 1, 5), misere=True) == [(1, 1, 1)]
    assert gl.winning_moves(NIM, (2, 2, 5), misere=True) == [(2, 2, 0)]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_nim_against_search(k):
    g = gl.MooreNim(k)
    for pos in small_positions(4, 3):
        assert gl.outcome(g, pos) == gl.search_outcome(g, pos), (k, pos)
        assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos), (k, pos)
        assert (gl.outcome(g, pos) == "P") == (not any(moore_bit_counts(pos, k))), (k, pos)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_moore_nim_hypothesis(k, heaps):
    g = gl.MooreNim(k)
    pos = tuple(heaps)
    assert gl.outcome(g, pos) == gl.search_outcome(g, pos)
    assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos)


def test_moore_nim_1_is_nim():
    g = gl.MooreNim(1)
    for pos in small_positions(3, 4):
        assert list(g.options(pos)) == list(NIM.options(pos))
        assert gl.grundy(g, pos) == gl.nim_sum(pos)
        assert gl.winning_moves(g, pos) == gl.winning_moves(NIM, pos)


def test_moore_nim_misere_and_grundy_search():
    g = gl.MooreNim(2)
    assert gl.grundy(g, (1, 1)) == 2
    assert gl.outcome(g, (1, 1), misere=True) == gl.search_outcome(g, (1, 1), misere=True)
    assert gl.winning_moves(g, (1, 1, 2), misere=True) == gl.search_winning_moves(g, (1, 1, 2), misere=True)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_nim_misere_and_values_against_search(k):
    g = gl.MooreNim(k)
    checked = 0
    for pos in small_positions(4, 3):
        assert gl.outcome(g, pos, misere=True) == gl.search_outcome(g, pos, misere=True), (k, pos)
        assert (gl.winning_moves(g, pos, misere=True)
                == gl.search_winning_moves(g, pos, misere=True)), (k, pos)
        assert gl.grundy(g, pos) == gl.search_grundy(g, pos), (k, pos)
        checked += 1
    assert checked == sum(4 ** n for n in range(5))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.lists(st.integers(0, 5), min_size=1, max_size=4))
def test_moore_nim_misere_hypothesis(k, heaps):
    g = gl.MooreNim(k)
    pos = tuple(heaps)
    assert gl.outcome(g, pos, misere=True) == gl.search_outcome(g, pos, misere=True)
    assert gl.winning_moves(g, pos, misere=True) == gl.search_winning_moves(g, pos, misere=True)


def test_moore_nim_at_any_size():
    g = gl.MooreNim(2)
    huge = 10**30
    assert gl.grundy(g, (huge, 1)) == huge + 1            # at most k heaps: every smaller one is an option
    assert gl.outcome(g, (huge, 1)) == "N" and gl.outcome(g, (huge, 1), misere=True) == "N"
    assert gl.outcome(g, (huge, huge, huge)) == "P" == gl.outcome(g, (huge, huge, huge), misere=True)
    assert gl.winning_moves(g, (huge, huge, huge), misere=True) == []
    for move in gl.winning_moves(g, (huge, 1), misere=True) + gl.winning_moves(g, (huge, 1, 1, 1)):
        assert gl.outcome(g, move, misere=True if len(move) == 2 else False) == "P"
    assert gl.winning_moves(g, (huge, 1), misere=True) == [(0, 1), (1, 0)]   # leave one stone
    assert gl.outcome(g, (1,) * 10**5, misere=True) == ("P" if 10**5 % 3 == 1 else "N")
    assert gl.grundy(gl.MooreNim(1), (huge, 3, 5)) == huge ^ 6
    with pytest.raises(ValueError, match=r"\(1000000000000000000000000000000, 1, 1\).*no known rule"):
        gl.grundy(g, (huge, 1, 1))
    with pytest.raises(ValueError, match="outcome"):
        gl.grundy(gl.MooreNim(3), (30, 30, 30, 30))
    assert g.name == "Moore's Nim-2" and g.board((3, 0)) == Stones((3, 0)) and g.always_ends


def test_nim_heap():
    h = NimHeap()
    assert h.board(4) == Stones((4,)) and h.name == "Nim heap" and h.always_ends
    for n in range(12):
        assert gl.grundy(h, n) == gl.search_grundy(h, n) == n
        for misere in (False, True):
            assert gl.winning_moves(h, n, misere=misere) == gl.search_winning_moves(h, n, misere=misere)


BAD_POSITIONS = [
    (5, TypeError), ({1, 2}, TypeError), ((1, -2), ValueError), ((1, 2.5), TypeError),
    ((True, 1), TypeError), (None, TypeError), ("12", TypeError), ((1, None), TypeError),
]


@pytest.mark.parametrize("game", [gl.Nim(), gl.MooreNim(2)], ids=["Nim", "MooreNim"])
@pytest.mark.parametrize("position,error", BAD_POSITIONS)
def test_bad_positions(game, position, error):
    for call in (lambda: gl.grundy(game, position), lambda: gl.outcome(game, position),
                 lambda: gl.winning_moves(game, position),
                 lambda: gl.outcome(game, position, misere=True),
                 lambda: gl.winning_moves(game, position, misere=True),
                 lambda: list(game.options(position))):
        with pytest.raises(error, match="position"):
            call()


@pytest.mark.parametrize("k,error", [(0, ValueError), (-1, ValueError), (1.5, TypeError),
                                     (True, TypeError), (None, TypeError), ("2", TypeError)])
def test_bad_k(k, error):
    with pytest.raises(error, match="k"):
        gl.MooreNim(k)
    with pytest.raises(error, match="k"):
        moore_bit_counts((1, 2), k)


@pytest.mark.parametrize("misere", [1, None, "yes"])
def test_bad_misere(misere):
    for g, pos in ((gl.Nim(), (1, 2)), (gl.MooreNim(2), (1, 2)), (NimHeap(), 3)):
        with pytest.raises(TypeError, match="misere"):
            g.outcome(pos, misere=misere)
        with pytest.raises(TypeError, match="misere"):
            g.winning_moves(pos, misere=misere)


@pytest.mark.parametrize("heap,error", [(-1, ValueError), (2.0, TypeError), (True, TypeError),
                                        (None, TypeError), ((1,), TypeError)])
def test_bad_nim_heap(heap, error):
    with pytest.raises(error, match="heap"):
        gl.grundy(NimHeap(), heap)
    with pytest.raises(error, match="heap"):
        NimHeap().options(heap)


# -- at any size: the options of a value, and no listing past the budget ---------------

def test_nim_heap_options_of_value_agree_with_search():
    h, plain = NimHeap(), NimHeap()
    for n in range(12):
        for v in range(14):
            assert h.options_of_value(n, v) == [o for o in gl.game_options(plain, n)
                                                if gl.search_grundy(plain, o) == v]
    assert h.options_of_value(10**30, 7) == [7] and h.options_of_value(5, 10**30) == []


def test_huge_nim_positions_are_not_listed(monkeypatch):
    from gamelab import engine
    for game, pos in ((NimHeap(), 10**21), (gl.Nim(), (10**21, 1)),
                      (gl.MooreNim(2), (10**21, 3, 3)), (gl.Nim(), (2**63,))):
        with pytest.raises(ValueError, match="too many to list"):
            gl.game_options(game, pos)
        with pytest.raises(ValueError, match="too big for a plain search"):
            gl.search_grundy(game, pos)
    monkeypatch.setattr(engine, "OPTION_LIMIT", 10)
    assert len(gl.game_options(gl.Nim(), (4, 6))) == 10
    with pytest.raises(ValueError, match="OPTION_LIMIT"):
        gl.game_options(gl.Nim(), (5, 6))
    assert len(gl.game_options(gl.MooreNim(2), (1, 2, 1))) == 9     # 4 on one heap, 5 on two
    assert gl.winning_moves(gl.Nim(), (10**21, 10**21 + 1)) == [(10**21, 10**21)]


def test_sums_of_huge_nim_heaps_answer():
    pos = (706791989784868008839, 963835822154964852629, 1136714759652938077264)
    x = pos[0] ^ pos[1] ^ pos[2]
    want = [pos[:i] + (h ^ x,) + pos[i + 1:] for i, h in enumerate(pos) if h ^ x < h]
    assert gl.winning_moves(gl.Sum(NimHeap(), NimHeap(), NimHeap()), pos) == want
    nested = gl.Sum(gl.Sum(NimHeap(), NimHeap()), NimHeap())
    assert gl.winning_moves(nested, ((pos[0], pos[1]), pos[2])) == [
        ((m[0], m[1]), m[2]) for m in want]


def test_moore_winning_moves_of_too_many_sets_of_heaps_are_refused():
    with pytest.raises(ValueError, match="fewer heaps or a smaller k"):
        gl.MooreNim(12).winning_moves(tuple(range(1, 40)))
