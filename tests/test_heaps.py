"""gamelab.heaps: heap games whose heaps are any hashable value, several heaps
as one position, and errors raised inside ``moves`` said to come from there."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.games.strips import CuttingGame, cutting_moves
from gamelab.board import Stones
from gamelab.heaps import Heaps, check_heap


def cut_moves(r):
    """Cut a w x h rectangle along a grid line: the game of the API's example."""
    return ([((a, r[1]), (r[0] - a, r[1])) for a in range(1, r[0])]
            + [((r[0], b), (r[0], r[1] - b)) for b in range(1, r[1])])


def rectangles(size):
    return [(w, h) for w in range(1, size + 1) for h in range(1, size + 1)]


def test_rectangles_are_heaps_without_validate_heap():
    cut = gl.HeapGame(cut_moves)
    assert gl.grundy(cut, (2, 1)) == 1          # one cut leaves two 1 x 1 squares
    assert gl.grundy(cut, (1, 1)) == 0
    assert gl.winning_moves(cut, (2, 1)) == [((1, 1), (1, 1))]


def test_rectangle_values_agree_with_plain_search_over_collections():
    cut = gl.HeapGame(cut_moves)
    plain = gl.HeapGame(cut_moves)              # a second game: its own memo
    checked = 0
    for r in rectangles(4):
        # the plain search walks collections of rectangles, never XOR-ing values
        assert gl.grundy(cut, r) == gl.search_grundy(plain, plain.heaps(r)), r
        checked += 1
    for r, s in itertools.combinations(rectangles(3), 2):
        assert gl.search_grundy(plain, plain.heaps(r, s)) == gl.grundy(cut, r) ^ gl.grundy(cut, s)
        checked += 1
    assert checked == 16 + 36


def test_poj2311_cutting_game_as_a_plain_heap_game():
    plain = gl.HeapGame(cutting_moves)          # POJ 2311's cuts, no validate_heap
    table = CuttingGame().grundy_table(9)
    for w in range(2, 10):
        for h in range(2, 10):
            assert gl.grundy(plain, (w, h)) == table[w, h], (w, h)
    for r in [(2, 2), (3, 4), (4, 5)]:
        assert gl.search_grundy(plain, plain.heaps(r)) == table[r]


def test_several_heaps_are_spelled_explicitly():
    k = gl.Kayles()
    position = k.heaps(4, 1, 3)
    assert isinstance(position, Heaps) and position == (1, 3, 4)
    assert gl.grundy(k, position) == k.grundy(1) ^ k.grundy(3) ^ k.grundy(4)
    assert gl.search_grundy(k.without_shortcuts(), position) == gl.grundy(k, position)
    assert gl.winning_moves(k, position) == gl.search_winning_moves(k, position)
    assert all(isinstance(o, Heaps) for o in gl.game_options(k, 7))


def test_a_plain_tuple_is_never_several_heaps():
    k = gl.Kayles()                             # heaps are ints: (4, 4) is refused, never guessed
    for call in (lambda: gl.grundy(k, (4, 4)), lambda: gl.outcome(k, (3, 4), misere=True),
                 lambda: gl.winning_moves(k, (3, 4)), lambda: gl.game_options(k, (3, 4))):
        with pytest.raises(TypeError, match=r"game\.heaps\("):
            call()
    with pytest.raises(TypeError, match=r"game\.heaps\(4, 4\)"):
        k.validate((4, 4))
    with pytest.raises(TypeError, match="heap") as info:
        k.validate((4, -1))                     # not heaps either: no suggestion
    assert "game.heaps" not in str(info.value)
    assert gl.grundy(k, k.heaps(4, 4)) == 0
    assert gl.outcome(k, k.heaps(3, 4), misere=True) == gl.search_outcome(
        k.without_shortcuts(), k.heaps(3, 4), misere=True)
    cut = gl.HeapGame(cut_moves)                # a tuple is one heap where heaps may be tuples
    assert cut.validate((2, 3)) == (2, 3) and not isinstance(cut.validate((2, 3)), Heaps)


def test_subclasses_answer_for_one_heap_only():
    seen = []

    class Doubled(gl.HeapGame):                 # heaps of Nim: value is the size
        def __init__(self):
            super().__init__(lambda n: [(m,) if m else () for m in range(n)])

        def heap_grundy(self, heap):
            seen.append(heap)
            return heap

    g = Doubled()
    assert gl.grundy(g, g.heaps(1, 2, 4)) == 7 and sorted(seen) == [1, 2, 4]
    assert not any(isinstance(h, Heaps) for h in seen)
    assert gl.outcome(g, g.heaps(3, 3)) == "P" and g.value_of((5, 1)) == 4
    assert gl.winning_moves(g, g.heaps(1, 2)) == gl.search_winning_moves(g.without_shortcuts(),
                                                                        g.heaps(1, 2))
    assert g.grundy_sequence(5).tolist() == [0, 1, 2, 3, 4]
    assert not any(isinstance(h, Heaps) for h in seen)
    assert gl.HeapGame(kayles_like).heap_grundy(4) == 1      # the default searches one heap


def kayles_like(n):
    for k in (1, 2):
        for a in range(n - k + 1):
            yield tuple(x for x in (a, n - k - a) if x)


def test_heap_game_board_and_protocol():
    g = gl.HeapGame(kayles_like, name="rows")
    assert g.name == "rows" and g.always_ends is False
    assert g.board(5) == Stones((5,), word="row", unit="pin")
    assert g.board(g.heaps(3, 1)) == Stones((1, 3), word="row", unit="pin")
    assert gl.HeapGame(cut_moves).board((2, 3)) is None       # rectangles: no stones
    assert g.move_label(5, (1, 3)) is None and g.components(5) is None


def test_error_inside_moves_names_moves_and_the_heap():
    def lasker(n):
        for k in range(1, n + 1):
            yield (n - k,) if k < n else ()

    g = gl.HeapGame(lasker)
    with pytest.raises(TypeError, match=r"moves\('x'\) raised TypeError"):
        gl.grundy(g, "x")
    with pytest.raises(TypeError, match=r"moves\(\(2, 5\)\)"):
        gl.grundy(g, (2, 5))                    # one heap, and lasker cannot read it


def test_other_errors_inside_moves_keep_their_type_with_a_note():
    def broken(n):
        return [(n - 1,)] if n < 3 else [()][5]

    with pytest.raises(IndexError) as info:
        gl.grundy(gl.HeapGame(broken), 4)
    assert any("moves(4)" in note for note in info.value.__notes__)


@pytest.mark.parametrize("heap, exc", [(-1, ValueError), (True, TypeError), (2.5, TypeError),
                                       ([1, 2], TypeError), ({1}, TypeError)])
def test_default_heap_check(heap, exc):
    with pytest.raises(exc, match="heap"):
        check_heap(heap)
    with pytest.raises(exc, match="heap"):
        gl.grundy(gl.HeapGame(lambda h: []), heap)


def test_validate_heap_must_be_callable():
    with pytest.raises(TypeError, match="validate_heap"):
        gl.HeapGame(lambda h: [], validate_heap=5)


def test_collections_of_rectangles_agree_with_search(small_positions):
    cut, plain = gl.HeapGame(cut_moves), gl.HeapGame(cut_moves)
    positions = small_positions(cut, cut.heaps((3, 2), (2, 2)), limit=60)
    assert all(isinstance(p, Heaps) for p in positions)
    for pos in positions:
        assert gl.grundy(cut, pos) == gl.search_grundy(plain, pos), pos
        assert gl.outcome(cut, pos, misere=True) == gl.search_outcome(plain, pos, misere=True), pos


# ---------------------------------------------------------------------------
# the budget: the moves of one heap are listed no further than OPTION_LIMIT allows

def test_moves_of_one_heap_are_bounded(monkeypatch):
    from gamelab import engine
    monkeypatch.setattr(engine, "OPTION_LIMIT", 1000)
    many = gl.HeapGame(lambda n: [(k,) for k in range(n)])   # a move counts 3 + 1 here
    assert len(many.options(250)) == 250
    with pytest.raises(ValueError, match="too many to list.*OPTION_LIMIT"):
        many.options(251)
    endless = gl.HeapGame(lambda n: ((k,) for k in itertools.count()))
    with pytest.raises(ValueError, match="too many to list"):
        endless.grundy(1)
    largest_first = gl.HeapGame(lambda n: [(k,) for k in range(n - 1, -1, -1)])
    with pytest.raises(ValueError, match="held more than 1000 options"):
        largest_first.grundy(60)   # a frame holds the k heaps of its moves and 2k of code


def test_a_heap_with_too_many_moves_is_refused_before_they_are_listed():
    class Huge(gl.HeapGame):
        def heap_move_count(self, heap):
            return 10**30

    def never(n):
        raise AssertionError("moves listed")

    with pytest.raises(ValueError, match="too many to list"):
        Huge(never).grundy(5)


def random_heap_game(seed):
    """A heap game with random moves (to smaller heaps, one or two per move), repeats too."""
    def moves(n):
        rng = random.Random(seed * 1000 + n)
        out = [()] if n and rng.random() < 0.3 else []
        for _ in range(rng.randrange(0, 6) if n else 0):
            a = rng.randrange(n)
            out.append((a,) if rng.random() < 0.5 else (a, rng.randrange(n)))
        return out + out[:1]
    return moves


@pytest.mark.parametrize("seed", range(6))
def test_values_of_held_moves_agree_with_the_search_over_collections(seed):
    g, plain = gl.HeapGame(random_heap_game(seed)), gl.HeapGame(random_heap_game(seed))
    for n in range(12):
        assert g.grundy(n) == gl.search_grundy(plain, plain.heaps(n)), (seed, n)
        assert gl.winning_moves(g, n) == [o for o in gl.game_options(plain, n)
                                          if gl.search_grundy(plain, o) == 0]


def test_options_of_value_of_a_plain_heap_game_are_not_known():
    g = gl.HeapGame(cut_moves)
    assert g.options_of_value((3, 2), 0) is None and g.heap_options_of_value((3, 2), 0) is None
    assert gl.Kayles().options_of_value(gl.Kayles().heaps(3, 4), 1) is None
    assert gl.Kayles().options_of_value(7, 0) is None          # small: listed and compared
