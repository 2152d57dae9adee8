"""Dots-and-Boxes: the solved values against a plain search written here on sets of
lines between dots (not on gamelab's edge masks), the published values of the empty
boards, the moves, the chains and the refusals."""
from __future__ import annotations

import functools
import random

import pytest

from gamelab.parlour.dots_and_boxes import (MAX_EDGES, dots_and_boxes_best_move,
                                          dots_and_boxes_box_edges, dots_and_boxes_chains,
                                          dots_and_boxes_edge, dots_and_boxes_edge_count,
                                          dots_and_boxes_edge_name, dots_and_boxes_moves,
                                          dots_and_boxes_play, dots_and_boxes_value)


def lines(rows, columns):
    """The lines of the board as pairs of dots ``((r, c), (r', c'))``, in the order of
    the documented numbering: horizontal ones row of dots by row, then vertical ones."""
    horizontal = [((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(columns)]
    vertical = [((r, c), (r + 1, c)) for r in range(rows) for c in range(columns + 1)]
    return horizontal + vertical


def box_lines(r, c):
    """The four lines around the box whose top left dot is ``(r, c)``."""
    return frozenset({((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                      ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))})


def as_lines(rows, columns, mask):
    every = lines(rows, columns)
    return frozenset(every[e] for e in range(len(every)) if mask >> e & 1)


@functools.lru_cache(maxsize=None)
def net(rows, columns, drawn):
    """The net score for the player to move, by the rules: drawing a line that closes
    boxes scores them and plays again, any other line hands the turn over."""
    boxes = [box_lines(r, c) for r in range(rows) for c in range(columns)]
    best = None
    for line in lines(rows, columns):
        if line in drawn:
            continue
        after = drawn | {line}
        closed = sum(1 for b in boxes if line in b and b <= after)
        score = closed + net(rows, columns, after) if closed else -net(rows, columns, after)
        best = score if best is None else max(best, score)
    return 0 if best is None else best


@pytest.mark.parametrize("rows, columns", [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2)])
def test_every_position_of_the_small_boards_is_the_searchs(rows, columns):
    n = dots_and_boxes_edge_count(rows, columns)
    assert n == len(lines(rows, columns))
    for mask in range(1 << n):
        assert dots_and_boxes_value(rows, columns, mask) == net(rows, columns,
                                                               as_lines(rows, columns, mask)), mask


def test_positions_of_2_by_3_and_1_by_5_late_in_the_game_are_the_searchs():
    rng = random.Random(2000)
    for rows, columns, undrawn in [(2, 3, 9), (1, 5, 9)]:
        n = dots_and_boxes_edge_count(rows, columns)
        for _ in range(150):
            left = rng.sample(range(n), rng.randint(0, undrawn))
            mask = (1 << n) - 1 - sum(1 << e for e in left)
            assert dots_and_boxes_value(rows, columns, mask) == net(
                rows, columns, as_lines(rows, columns, mask)), (rows, columns, mask)


def test_the_empty_small_boards():
    # 1 × 1: the second player draws the fourth line; 1 × 2: 1 box each
    assert dots_and_boxes_value(1, 1) == -1
    assert dots_and_boxes_value(1, 2) == dots_and_boxes_value(2, 1) == 0
    # 2 × 2: a first-player win (Winning Ways ch. 16; "Optimal play for 2 by 2 Dots and
    # Boxes", Puzzling Stack Exchange: an outer first line wins, an inner one lets the
    # opponent split the board and copy, a draw), 3 boxes to 1
    assert dots_and_boxes_value(2, 2) == 2
    outer = {e for e in range(12) if len([b for b in range(4) if e in
                                          dots_and_boxes_box_edges(2, 2, *divmod(b, 2))]) == 1}
    assert dots_and_boxes_moves(2, 2) == [(e, 2) for e in sorted(outer)]
    assert [v for e, v in dots_and_boxes_moves(2, 2, every=True) if e not in outer] == [0] * 4
    assert dots_and_boxes_value(2, 3) == dots_and_boxes_value(3, 2) == -2


@pytest.mark.slow
def test_the_empty_3_by_3_board_is_the_published_second_player_win_by_3():
    """D. Wilson, "Dots-and-Boxes Analysis Results": every opening line of the 3 × 3
    game scores −3 for the first player (6 boxes to 3; Berlekamp's book, p. 9, shows a
    second-player win by 1)."""
    assert dots_and_boxes_value(3, 3) == -3
    assert dots_and_boxes_moves(3, 3, every=True) == [(e, -3) for e in range(24)]
    assert dots_and_boxes_chains(3, 3).wanted == "even"      # 16 dots


def test_the_best_moves_achieve_the_value():
    boxes = [box_lines(r, c) for r in range(2) for c in range(2)]
    every = lines(2, 2)
    for mask in range(1 << 12):
        drawn = as_lines(2, 2, mask)
        value = net(2, 2, drawn)
        listed = dots_and_boxes_moves(2, 2, mask, every=True)
        assert [e for e, _ in listed] == [e for e in range(12) if not mask >> e & 1]
        for e, v in listed:
            after = drawn | {every[e]}
            closed = sum(1 for b in boxes if every[e] in b and b <= after)
            assert v == (closed + net(2, 2, after) if closed else -net(2, 2, after)), (mask, e)
            assert dots_and_boxes_play(2, 2, mask, e) == (mask | 1 << e, closed)
        best = dots_and_boxes_moves(2, 2, mask)
        assert best == [(e, v) for e, v in listed if v == value]
        if best:
            assert dots_and_boxes_best_move(2, 2, mask) == best[0][0]


@pytest.mark.parametrize("rows, columns", [(2, 2), (2, 3), (1, 4)])
def test_best_play_from_the_empty_board_scores_the_value(rows, columns):
    mask, mover, score = 0, 0, [0, 0]
    full = (1 << dots_and_boxes_edge_count(rows, columns)) - 1
    while mask != full:
        mask, closed = dots_and_boxes_play(rows, columns, mask,
                                           dots_and_boxes_best_move(rows, columns, mask))
        score[mover] += closed
        mover ^= not closed
    assert score[0] - score[1] == dots_and_boxes_value(rows, columns)
    assert sum(score) == rows * columns


def test_the_numbering_and_the_names():
    every = lines(2, 3)
    for r in range(3):
        for c in range(3):
            assert every[dots_and_boxes_edge(2, 3, "h", r, c)] == ((r, c), (r, c + 1))
    for r in range(2):
        for c in range(4):
            assert every[dots_and_boxes_edge(2, 3, "v", r, c)] == ((r, c), (r + 1, c))
    for r in range(2):
        for c in range(3):
            assert frozenset(every[e] for e in dots_and_boxes_box_edges(2, 3, r, c)) == \
                box_lines(r, c)
    assert dots_and_boxes_edge_name(2, 3, 0) == "the top edge of box (0, 0)"
    assert dots_and_boxes_edge_name(2, 3, 4) == "the top edge of box (1, 1), shared with box (0, 1)"
    assert dots_and_boxes_edge_name(2, 3, 8) == "the bottom edge of box (1, 2)"
    assert dots_and_boxes_edge_name(2, 3, 9) == "the left edge of box (0, 0)"
    assert (dots_and_boxes_edge_name(2, 3, 14)
            == "the left edge of box (1, 1), shared with box (1, 0)")
    assert dots_and_boxes_edge_name(2, 3, 16) == "the right edge of box (1, 2)"


def chain_mask(rows, columns, undrawn):
    """Every line drawn but those given as dot pairs."""
    every = lines(rows, columns)
    return sum(1 << e for e, line in enumerate(every) if line not in undrawn)


def test_the_chains_and_cycles_of_built_positions():
    # 2 × 3 board: a cycle of 4 on the left 2 × 2, and a chain of 2 down the right column
    ring = {((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1))}
    column = {((0, 2), (0, 3)), ((1, 2), (1, 3)), ((2, 2), (2, 3))}
    c = dots_and_boxes_chains(2, 3, chain_mask(2, 3, ring | column))
    assert (c.chains, c.cycles, c.long_chains, c.settled) == ((2,), (4,), 0, True)
    # 1 × 5 strip: a chain of 2 leaving by the bottom of box 1, a chain of 3 by the top
    # of box 2; the player to move gives the 2 away in the middle (no double-dealing
    # possible), and the opponent must then open the 3: -2 + 3
    strip = {((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 1), (1, 2)),
             ((0, 2), (0, 3)), ((0, 3), (1, 3)), ((0, 4), (1, 4)), ((0, 5), (1, 5))}
    c = dots_and_boxes_chains(1, 5, chain_mask(1, 5, strip))
    assert (c.chains, c.long_chains, c.settled, c.wanted) == ((3, 2), 1, True, "odd")
    assert c.has_wanted_parity
    assert dots_and_boxes_value(1, 5, chain_mask(1, 5, strip)) == 1
    assert dots_and_boxes_moves(1, 5, chain_mask(1, 5, strip)) == [(dots_and_boxes_edge(
        1, 5, "v", 0, 1), 1)]
    # one box left with three sides drawn: not settled
    c = dots_and_boxes_chains(1, 1, 0b0111)
    assert (c.chains, c.settled) == ((), False)
    assert dots_and_boxes_chains(1, 1, 0b1111) == dots_and_boxes_chains(2, 2, (1 << 12) - 1)


def test_the_long_chain_rule_from_the_empty_board():
    """The first player wants the number of dots plus the number of long chains even."""
    for m in range(1, 7):
        for n in range(1, 7):
            dots = (m + 1) * (n + 1)
            assert dots_and_boxes_chains(m, n).wanted == ("odd" if dots % 2 else "even")


@pytest.mark.parametrize("rows, columns", [(2, 2), (1, 4), (1, 3)])
def test_settled_positions_of_long_chains_leave_the_mover_behind(rows, columns):
    """Long chains and cycles only, settled: every move gives boxes away, the player to
    move never has the parity wanted and takes no more than the opponent."""
    seen = 0
    for mask in range(1 << dots_and_boxes_edge_count(rows, columns)):
        c = dots_and_boxes_chains(rows, columns, mask)
        if not c.settled or not (c.chains or c.cycles) or min(c.chains, default=3) < 3:
            continue
        seen += 1
        value = dots_and_boxes_value(rows, columns, mask)
        assert value <= 0, mask
        if c.chains:
            assert not c.has_wanted_parity, mask
            assert value < 0, mask
    assert seen > 0


@pytest.mark.parametrize("call, error, words", [
    (lambda: dots_and_boxes_value(2.0, 2), TypeError, "rows"),
    (lambda: dots_and_boxes_value(True, 2), TypeError, "rows"),
    (lambda: dots_and_boxes_value(2, "3"), TypeError, "columns"),
    (lambda: dots_and_boxes_value(0, 2), ValueError, "rows must be >= 1"),
    (lambda: dots_and_boxes_value(2, -1), ValueError, "columns must be >= 1"),
    (lambda: dots_and_boxes_value(3, 4), ValueError, "MAX_EDGES"),
    (lambda: dots_and_boxes_value(10**9, 10**9), ValueError, "rows"),
    (lambda: dots_and_boxes_value(2, 2, 1 << 12), ValueError, "drawn has bits beyond"),
    (lambda: dots_and_boxes_value(2, 2, -1), ValueError, "drawn must be >= 0"),
    (lambda: dots_and_boxes_value(2, 2, True), TypeError, "drawn"),
    (lambda: dots_and_boxes_value(2, 2, 1.0), TypeError, "drawn"),
    (lambda: dots_and_boxes_moves(2, 2, 0, every=1), TypeError, "every"),
    (lambda: dots_and_boxes_best_move(1, 1, 0b1111), ValueError, "drawn"),
    (lambda: dots_and_boxes_play(1, 1, 0b0001, 0), ValueError, "already drawn"),
    (lambda: dots_and_boxes_play(1, 1, 0, 4), ValueError, "edge must be <= 3"),
    (lambda: dots_and_boxes_edge(2, 2, "d", 0, 0), ValueError, "kind"),
    (lambda: dots_and_boxes_edge(2, 2, "h", 0, 2), ValueError, "column must be <= 1"),
    (lambda: dots_and_boxes_box_edges(2, 2, 2, 0), ValueError, "row must be <= 1"),
    (lambda: dots_and_boxes_edge_name(2, 2, None), TypeError, "edge"),
    (lambda: dots_and_boxes_chains(2, 2, 1 << 40), ValueError, "drawn"),
])
def test_bad_input_is_refused_by_name(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_the_limit_fits_3_by_3_and_no_more():
    assert MAX_EDGES == dots_and_boxes_edge_count(3, 3) == 24
    assert dots_and_boxes_edge_count(2, 4) <= MAX_EDGES < dots_and_boxes_edge_count(2, 5)
    assert dots_and_boxes_edge_count(1, 7) <= MAX_EDGES < dots_and_boxes_edge_count(1, 8)
