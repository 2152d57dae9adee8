"""Every claim of lecture 16 (the games people play) as a test, against searches
written here from the rules alone."""
from __future__ import annotations

import functools
import itertools

import gamelab as gl
from gamelab.display.chomp import first_move_table


def eat(rows, r, c):
    """The Chomp bar left when the square in row ``r``, column ``c`` (from 0) is eaten."""
    return tuple(x for x in (rows[:r] + tuple(min(x, c) for x in rows[r:])) if x)


@functools.lru_cache(maxsize=None)
def chomp_p(rows):
    return not any(chomp_p(eat(rows, r, c)) for r, n in enumerate(rows) for c in range(n)
                   if r or c)


# -- Chomp -------------------------------------------------------------------------------------

def test_two_rows_are_balanced_exactly_at_the_p_positions():
    for a in range(1, 61):
        for b in range(a + 1):
            assert chomp_p((a, b) if b else (a,)) == (b == a - 1), (a, b)


def test_every_rectangle_to_7_by_7_has_one_winning_first_move_and_the_table_names_it():
    lines = first_move_table(7).text.splitlines()[2:]
    for r, c in itertools.product(range(1, 8), repeat=2):
        bar = (c,) * r
        wins = [(i + 1, j + 1) for i in range(r) for j in range(c)
                if (i or j) and chomp_p(eat(bar, i, j))]
        assert len(wins) == (0 if (r, c) == (1, 1) else 1), (r, c)
        assert gl.parlour.chomp_first_moves(r, c) == wins
        shown = lines[r - 1].split("|")[1].replace(", ", ",").split()[c - 1]
        assert shown == ("—" if not wins else "({},{})".format(*wins[0])), (r, c, shown)
    # the two proved patterns: two rows eat the top right square, squares eat (2, 2)
    assert all(gl.parlour.chomp_first_moves(2, n) == [(2, n)] for n in range(2, 8))
    assert all(gl.parlour.chomp_first_moves(n, n) == [(2, 2)] for n in range(2, 8))


def test_three_rows_have_at_most_one_bottom_row_per_top():
    for b in range(13):
        for c in range(b + 1):
            found = [a for a in range(max(b, 1), 41) if chomp_p(tuple(x for x in (a, b, c) if x))]
            assert len(found) <= 1, (b, c, found)
            if not found:                   # none at all: blocked by a (b', b', c) on the left
                assert any(chomp_p(tuple(x for x in (k, k, c) if x)) for k in range(max(c, 1), b))


# -- Dots-and-Boxes and Nimstring ----------------------------------------------------------------

BOXES_2X2 = [gl.parlour.dots_and_boxes_box_edges(2, 2, r, c) for r in range(2) for c in range(2)]


def completed(drawn, edge):
    after = drawn | 1 << edge
    return sum(edge in box and all(after >> x & 1 for x in box) for box in BOXES_2X2)


@functools.lru_cache(maxsize=None)
def margin(drawn):
    """The best net score of the player to move on 2 × 2, by plain minimax."""
    scores = [completed(drawn, e) + margin(drawn | 1 << e) if completed(drawn, e)
              else -margin(drawn | 1 << e) for e in range(12) if not drawn >> e & 1]
    return max(scores, default=0)


@functools.lru_cache(maxsize=None)
def nimstring_loses(drawn):
    """Nimstring on 2 × 2 by the rules: a capture moves again, who cannot move loses."""
    for e in range(12):
        if drawn >> e & 1:
            continue
        after = drawn | 1 << e
        if completed(drawn, e):
            if after != 4095 and not nimstring_loses(after):    # moves again, and wins
                return False
        elif nimstring_loses(after):
            return False
    return True


def test_the_2x2_board_is_won_3_to_1_by_an_outer_edge_only():
    assert margin(0) == 2 == gl.parlour.dots_and_boxes_value(2, 2)
    outer = {e for e in range(12) if len(gl.parlour.dots_and_boxes_edge_boxes(2, 2, e)) == 1}
    assert len(outer) == 8
    for e in range(12):
        assert -margin(1 << e) == (2 if e in outer else 0), e


def test_the_empty_2x2_board_loses_nimstring_and_a_long_chain_is_worth_0():
    assert nimstring_loses(0)
    assert gl.parlour.nimstring_value(gl.parlour.dots_and_boxes_strings(2, 2)) == 0
    chain = ((-1, 0), (-1, 2), (0, 1), (1, 2))                 # three coins in a row
    assert gl.parlour.nimstring_value(chain) == 0


# -- Sprouts ---------------------------------------------------------------------------------------

def test_the_lands_of_the_lecture_add_by_nim_sum_as_the_whole_search_says():
    sprouts = gl.parlour.Sprouts()
    position = "0.0.0.}]1a1a.}]!"
    values = [gl.grundy(sprouts, land) for land in gl.parlour.sprouts_lands(position)]
    assert values == [1, 2]
    assert gl.search_grundy(sprouts, position) == 1 ^ 2 == gl.grundy(sprouts, position)
