"""Nimstring: values, the whole-turn game and boards read as strings, against a plain search
written here on sets of numbered strings (none of gamelab's code: no settling, no mex of
Nimstring values, just "who moves next and can they win")."""
from __future__ import annotations

import functools
import itertools
import random

import pytest

import gamelab as gl
from gamelab.parlour.dots_and_boxes import (MAX_SIDE, dots_and_boxes_chains,
                                            dots_and_boxes_edge, dots_and_boxes_strings)
from gamelab.parlour.nimstring import (GROUND, LOONY, MAX_STRINGS, Nimstring,
                                       nimstring_outcome, nimstring_value)

G = -1                                  # the ground, as the tests spell it


def board_edges(rows, columns):
    """Every line of a board by name: ("h", r, c) above box (r, c), ("v", r, c) left of it."""
    return ([("h", r, c) for r in range(rows + 1) for c in range(columns)]
            + [("v", r, c) for r in range(rows) for c in range(columns + 1)])


def board(rows, columns, drawn=()):
    """The strings of a board with the named lines drawn."""
    mask = sum(1 << dots_and_boxes_edge(rows, columns, *line) for line in drawn)
    return dots_and_boxes_strings(rows, columns, mask)


# ---------------------------------------------------------------------------
# the plain search: a position is (ends, alive) with ends[i] the two ends of string i


def cut(ends, alive, i):
    """``alive`` without string ``i``, and whether that cut took a coin."""
    rest = alive - {i}
    took = any(x != G and not any(x in ends[j] for j in rest) for x in ends[i])
    return rest, took


@functools.lru_cache(maxsize=None)
def mover_wins(ends, alive, heap=0):
    """Whether the player about to cut (at the start of a turn or after a capture) wins
    the strings ``alive`` plus a Nim heap of ``heap``: whoever cannot move loses."""
    for i in alive:
        rest, took = cut(ends, alive, i)
        if took and mover_wins(ends, rest, heap):       # took a coin: cut again
            return True
        if not took and not mover_wins(ends, rest, heap):
            return True
    return any(not mover_wins(ends, alive, k) for k in range(heap))


def search(position, heap=0):
    ends = tuple(position)
    return mover_wins(ends, frozenset(range(len(ends))), heap)


def loony_by_search(position, heaps=6):
    """The player to move wins with every heap added: they choose who moves next."""
    return all(search(position, k) for k in range(heaps))


def chain(n, left=True, right=True):
    """n coins in a row, tied to the ground at the ends asked for."""
    strings = [(i, i + 1) for i in range(n - 1)]
    if left:
        strings.append((G, 0))
    if right:
        strings.append((G, n - 1))
    return tuple(strings)


def cycle(n):
    return tuple((i, (i + 1) % n) for i in range(n)) if n > 2 else ((0, 1),) * 2


def shift(position, by):
    return tuple((a if a == G else a + by, b if b == G else b + by) for a, b in position)


POSITIONS = (
    [chain(n, l, r) for n in range(1, 7) for l, r in ((True, True), (True, False))]
    + [chain(n, False, False) for n in range(2, 6)]
    + [cycle(n) for n in range(2, 7)]
    + [cycle(4) + ((G, 0),), cycle(3) + ((G, 0), (G, 1)), ((G, 0), (G, 0), (0, 1), (G, 1))]
    + [((G, 0), (0, 1), (0, 2), (0, 3)), ((G, 0), (0, 1), (0, 2), (G, 2), (2, 3), (G, 3)),
       ((G, 0), (G, 0), (0, 1), (1, 2), (1, 3), (G, 3), (3, 4)),
       ((0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4))]
)


def check_value_against_search(position):
    value = nimstring_value(position)
    if value == LOONY:
        assert loony_by_search(position), position
    else:
        assert isinstance(value, int) and value >= 0
        for k in range(value + 3):
            assert search(position, k) == (k != value), (position, value, k)
    return value


@pytest.mark.parametrize("position", POSITIONS)
def test_chains_cycles_and_trees_have_the_searchs_values(position):
    check_value_against_search(position)


def test_the_textbook_values_of_chains_and_loops():
    """Winning Ways ch. 16 and Berlekamp's book: a short chain (one or two coins) tied
    to the ground at both ends is *1, a long chain (three or more) and a loop 0, and a
    long chain or loop once opened (a coin offered with two more behind it) is loony."""
    assert [nimstring_value(chain(n)) for n in range(1, 8)] == [1, 1, 0, 0, 0, 0, 0]
    assert [nimstring_value(cycle(n)) for n in range(4, 9)] == [0] * 5
    for n in range(3, 8):
        assert nimstring_value(chain(n, True, False)) == LOONY      # opened at one end
        assert nimstring_value(chain(n + 1, False, False)) == LOONY  # an opened loop
    # loops of two or three coins (not on a Dots-and-Boxes board) are short: once cut,
    # every coin can be taken, so they are *1 like a short chain
    assert nimstring_value(cycle(2)) == nimstring_value(cycle(3)) == 1
    assert nimstring_value(chain(3, False, False)) == 0
    # the 2-chain: cutting its middle (hard-hearted handout) leaves 0, its end
    # (half-hearted handout) loony
    assert nimstring_value(((G, 0), (G, 1))) == 0
    assert nimstring_value(((G, 1), (0, 1))) == LOONY
    assert nimstring_value(((0, 1),)) == 0 and nimstring_value(()) == 0


def test_a_sum_is_the_union_its_value_the_nim_sum_loony_absorbing():
    rng = random.Random(7)
    for _ in range(60):
        a, b = rng.sample(POSITIONS[:30], 2)
        union = a + shift(b, 10)
        va, vb, v = nimstring_value(a), nimstring_value(b), nimstring_value(union)
        assert v == (LOONY if LOONY in (va, vb) else va ^ vb), (a, b)
        assert search(union) == (v != 0), (a, b)


def test_random_multigraphs_have_the_searchs_values():
    """Junctions of three and more strings, repeated strings, coins tied to the ground
    many times: shapes no chain or board above has."""
    rng = random.Random(11)
    seen = set()
    for _ in range(250):
        coins = rng.randint(1, 5)
        ends = [G] + list(range(coins))
        position = tuple(tuple(rng.sample(ends, 2)) for _ in range(rng.randint(1, 9)))
        seen.add(check_value_against_search(position))
    assert {0, 1, 2, LOONY} <= seen


@pytest.mark.parametrize("rows, columns, drawn", [
    (1, 1, ()), (1, 2, ()), (1, 2, (("v", 0, 1),)), (2, 2, ()), (2, 2, (("h", 1, 0),)),
    (2, 2, (("h", 1, 0), ("h", 1, 1))), (2, 2, (("h", 0, 0), ("v", 1, 2), ("h", 1, 1))),
])
def test_small_boards_against_the_search(rows, columns, drawn):
    check_value_against_search(board(rows, columns, drawn))


def test_every_1x2_board_and_the_2x2_boards_with_three_lines_drawn():
    count = 0
    for rows, columns, drawn in itertools.chain(
            [(1, 2, d) for k in range(8) for d in itertools.combinations(board_edges(1, 2), k)],
            [(2, 2, d) for d in itertools.combinations(board_edges(2, 2), 3)][::7]):
        position = board(rows, columns, drawn)
        assert nimstring_outcome(position) == ("N" if search(position) else "P"), drawn
        count += 1
    assert count > 150


@pytest.mark.slow
def test_every_2x2_board_with_up_to_seven_lines_left_against_the_search():
    for k in range(8):
        for drawn in itertools.combinations(board_edges(2, 2), 12 - k):
            check_value_against_search(board(2, 2, drawn))


def test_the_whole_turn_game_is_the_search():
    game = Nimstring()
    for position in POSITIONS[:24] + [dots_and_boxes_strings(1, 2),
                                      board(2, 2, (("h", 1, 0), ("v", 0, 1)))]:
        expected = "N" if search(position) else "P"
        assert gl.outcome(game, position) == expected
        assert gl.engine.search_outcome(game, position) == expected
        # each option is a whole turn: it passes the move, and it wins exactly when
        # the plain search says the opponent loses from it
        for option in game.options(position):
            assert gl.outcome(game, option) == ("N" if search(option) else "P")
        assert gl.winning_moves(game, position) == gl.engine.search_winning_moves(game, position)


def test_a_turn_that_takes_the_last_coin_is_no_option():
    game = Nimstring()
    assert game.options(((G, 0),)) == []            # must take it, then cannot move
    assert game.options(((0, 1),)) == []            # a domino
    # the opened 3-chain: take coin 2, then decline coin 1 by cutting the ground string
    # of coin 0, leaving the domino (0, 1); or take coins 2 and 1 and stop there
    assert game.options(chain(3, True, False)) == [((G, 0), (1, 2)), ((0, 1), (1, 2)),
                                                   ((0, 1),)]
    assert all(option for option in game.options(chain(3, True, False)))
    assert gl.outcome(game, ((G, 0),)) == "P"
    assert game.move_label(chain(2), ((G, 0), (G, 1))) == "cut coin 0–coin 1"


def test_the_board_is_read_as_documented():
    assert board(1, 1) == ((G, 0),) * 4
    assert board(2, 1, [("h", 1, 0)]) == ((G, 0),) * 3 + ((G, 1),) * 3
    assert board(2, 1, [("h", 0, 0)]) == ((G, 0),) * 2 + ((G, 1),) * 3 + ((0, 1),)
    full = board(3, 4)
    assert len(full) == len(board_edges(3, 4)) == 2 * 12 + 3 + 4
    assert full.count((1, 5)) == 1 and full.count((4, 5)) == 1 and full.count((G, 0)) == 2
    assert board(1, 1, board_edges(1, 1)) == ()


def turns_of_a_random_game(rows, columns, rng):
    """Play lines at random to the end: (turns, doublecrosses)."""
    lines = board_edges(rows, columns)
    rng.shuffle(lines)
    boxes = {(r, c): 0 for r in range(rows) for c in range(columns)}
    turns, doublecrosses = 1, 0
    for i, (kind, r, c) in enumerate(lines):
        sides = [(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]
        done = 0
        for box in sides:
            if box in boxes:
                boxes[box] += 1
                done += boxes[box] == 4
        doublecrosses += done == 2
        if not done and i < len(lines) - 1:
            turns += 1
    return turns, doublecrosses


def test_a_game_lasts_dots_plus_doublecrosses_turns():
    """The count behind the Long Chain Rule, on every play tried."""
    rng = random.Random(3)
    for rows, columns in ((1, 1), (1, 3), (2, 2), (3, 3), (2, 5)):
        for _ in range(40):
            turns, doublecrosses = turns_of_a_random_game(rows, columns, rng)
            assert turns == (rows + 1) * (columns + 1) + doublecrosses


def test_a_settled_long_chain_is_worth_0_and_counted_by_the_board():
    ring = [("h", 0, c) for c in range(3)] + [("h", 1, c) for c in range(3)]
    # settled 1 x 3 with its chain: the player to move must open it and lose
    assert nimstring_value(board(1, 3, ring)) == 0 and not search(board(1, 3, ring))
    mask = sum(1 << dots_and_boxes_edge(1, 3, *line) for line in ring)
    assert dots_and_boxes_chains(1, 3, mask).long_chains == 1
    # a 2 x 2 board with its border drawn: its four boxes make a loop, value 0
    loop = ([("h", r, c) for r in (0, 2) for c in (0, 1)]
            + [("v", r, c) for r in (0, 1) for c in (0, 2)])
    mask = sum(1 << dots_and_boxes_edge(2, 2, *line) for line in loop)
    assert dots_and_boxes_chains(2, 2, mask).cycles == (4,)
    assert nimstring_value(board(2, 2, loop)) == 0


@pytest.mark.parametrize("call, error, words", [
    (lambda: nimstring_value(5), TypeError, "position must be a tuple"),
    (lambda: nimstring_value(((0, 0),)), ValueError, r"position\[0\] ties coin 0"),
    (lambda: nimstring_value(((G, G),)), ValueError, "ground to itself"),
    (lambda: nimstring_value(((0, 1, 2),)), ValueError, r"position\[0\]"),
    (lambda: nimstring_value(((0, 1.5),)), TypeError, r"position\[0\]"),
    (lambda: nimstring_value(((0, -2),)), ValueError, r"position\[0\] must be >= -1"),
    (lambda: nimstring_value(((0, 1),) * (MAX_STRINGS + 1)), ValueError, "MAX_STRINGS"),
    (lambda: gl.outcome(Nimstring(), "ab"), TypeError, "a position of Nimstring"),
    (lambda: dots_and_boxes_strings(0, 2), ValueError, "rows must be >= 1"),
    (lambda: dots_and_boxes_strings(2, MAX_SIDE + 1), ValueError, "columns"),
    (lambda: dots_and_boxes_strings(1, 1, "h00"), TypeError, "drawn"),
    (lambda: dots_and_boxes_strings(1, 1, 1 << 4), ValueError, "drawn has bits beyond"),
    (lambda: dots_and_boxes_strings(1.0, 2), TypeError, "rows"),
])
def test_bad_input_is_refused_by_name(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_lists_are_read_as_tuples_and_the_form_is_canonical():
    assert Nimstring().validate([[1, 0], [G, 1], (0, G)]) == ((G, 0), (G, 1), (0, 1))
    assert nimstring_value([[1, 0], [0, 1]]) == 1
    assert GROUND == G
