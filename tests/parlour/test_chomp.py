"""Chomp: the game, its closed form for two rows, its tables, against a plain search
written here on sets of squares (not on row lengths, as gamelab's code is)."""
from __future__ import annotations

import functools
import itertools

import pytest

import gamelab as gl
from gamelab.board import Bar
from gamelab.display import draw_board, move_words
from gamelab.display.chomp import (MAX_FIRST_MOVE_SIDE, THREE_ROW_COLUMNS, first_move_table,
                                   three_row_table)
from gamelab.parlour.chomp import (TABLE_POSITIONS, chomp_eat, chomp_first_moves,
                                 chomp_p_positions, two_row_chomp_outcome)

POISON = (0, 0)


def squares(rows):
    """The bar of row lengths ``rows`` as the set of its squares ``(row, column)``."""
    return frozenset((r, c) for r, length in enumerate(rows) for c in range(length))


@functools.lru_cache(maxsize=None)
def wins(bar):
    """Whether the player to move wins ``bar`` (a frozenset of squares): some square
    other than the poison, eaten with every square up and right of it, leaves a loss."""
    return any(not wins(frozenset(s for s in bar if not (s[0] >= r and s[1] >= c)))
               for r, c in bar if (r, c) != POISON)


def bars_inside(rows, columns):
    """Every bar of at most ``rows`` rows and ``columns`` columns, as row lengths."""
    for lengths in itertools.product(range(columns + 1), repeat=rows):
        if lengths[0] and all(x >= y for x, y in zip(lengths, lengths[1:])):
            yield tuple(x for x in lengths if x)


def test_the_p_positions_up_to_6_by_6_are_the_searchs():
    chomp = gl.Chomp()
    expected = sorted((b for b in bars_inside(6, 6) if not wins(squares(b))),
                      key=lambda b: (sum(b), b))
    assert chomp_p_positions(6, 6) == expected
    assert len(expected) > 40
    for bar in bars_inside(4, 5):
        assert gl.outcome(chomp, bar) == ("N" if wins(squares(bar)) else "P"), bar


def test_the_two_row_closed_form_holds_to_200():
    @functools.lru_cache(maxsize=None)
    def p(a, b):        # by the rules on two rows, bottom a, top b, none of gamelab's code
        options = [(a, c) for c in range(b)] + [(c, min(b, c)) for c in range(1, a)]
        return not any(p(*o) for o in options)

    for a in range(1, 201):
        for b in range(a + 1):
            expected = "P" if p(a, b) else "N"
            assert two_row_chomp_outcome(a, b) == expected, (a, b)
    assert gl.outcome(gl.Chomp(), (200, 199)) == "P"
    assert gl.outcome(gl.Chomp(), (200, 200)) == "N"


def test_every_rectangle_but_the_poison_has_a_winning_first_move():
    """Strategy stealing says so without naming the move; each one named wins."""
    for r in range(1, 7):
        for c in range(1, 7):
            moves = chomp_first_moves(r, c)
            assert bool(moves) == ((r, c) != (1, 1))
            bar = (c,) * r
            assert all(not wins(squares(chomp_eat(bar, *m))) for m in moves), (r, c)
            expected = [(i + 1, j + 1) for i in range(r) for j in range(c) if (i, j) != POISON
                        and not wins(frozenset(s for s in squares(bar)
                                               if not (s[0] >= i and s[1] >= j)))]
            assert moves == expected


def test_square_bars_are_won_by_the_l_shape():
    """n × n: eat (2, 2), leaving an L of two equal arms, then copy the opponent."""
    for n in range(2, MAX_FIRST_MOVE_SIDE + 1):
        assert chomp_first_moves(n, n) == [(2, 2)]


def test_the_first_move_table_lists_the_searchs_moves():
    lines = first_move_table(4).text.splitlines()
    for r in range(1, 5):
        row = lines[1 + r].split("|")[1]
        shown = [", ".join(f"({i}, {j})" for i, j in chomp_first_moves(r, c)) or "—"
                 for c in range(1, 5)]
        assert row.split() == " ".join(shown).split(), (r, row)


def test_the_three_row_table_is_right_where_it_speaks_and_where_it_says_none():
    n = 9
    lines = three_row_table(n).text.splitlines()[2:]
    for c, line in enumerate(lines):
        cells = line.split("|")[1].split()
        for b, cell in zip(range(c, n), cells):
            if cell == "—":
                assert all(wins(squares(tuple(x for x in (a, b, c) if x)))
                           for a in range(b, THREE_ROW_COLUMNS + 1)), (b, c)
                # and none at all: a P-position (b', b', c) further left blocks the row
                assert any(cells[k - c] == str(k) for k in range(c, b)), (b, c, cells)
            else:
                a = int(cell)
                assert not wins(squares(tuple(x for x in (a, b, c) if x))), (a, b, c)
                assert all(wins(squares(tuple(x for x in (k, b, c) if x)))
                           for k in range(max(b, 1), a)), (a, b, c)


def test_the_board_and_the_words_of_a_move():
    html = draw_board(Bar((3, 2)))
    assert html.count("☠") == 1 and html.count("title='row") == 5
    assert move_words(gl.Chomp(), (4, 4, 4), (4, 2, 2)) == "eat the square in row 2, column 3"
    assert gl.Chomp().board([3, 1]) == Bar((3, 1))
    big = draw_board(Bar((100,)))
    assert "100" in big and "☠" not in big


@pytest.mark.parametrize("bad, error, words", [
    ((), ValueError, "at least one row"),
    ((2, 3), ValueError, "non-increasing"),
    ((2, 0), ValueError, r"position\[1\]"),
    ((1.5,), TypeError, r"position\[0\]"),
    ("abc", TypeError, "tuple"),
    ((True,), TypeError, r"position\[0\]"),
])
def test_a_bad_bar_is_refused_by_name(bad, error, words):
    with pytest.raises(error, match=words):
        gl.Chomp().validate(bad)
    with pytest.raises(error, match=words):
        gl.outcome(gl.Chomp(), bad)


def test_bad_calls_are_refused_promptly():
    with pytest.raises(ValueError, match="TABLE_POSITIONS"):
        chomp_p_positions(10, 10)
    with pytest.raises(ValueError, match="TABLE_POSITIONS"):
        chomp_p_positions(10**9, 10**9)             # refused before counting
    with pytest.raises(ValueError, match="rows must be >= 1"):
        chomp_p_positions(0, 3)
    with pytest.raises(ValueError, match="poisoned"):
        chomp_eat((3, 3), 1, 1)
    with pytest.raises(ValueError, match="column"):
        chomp_eat((3, 1), 2, 2)
    with pytest.raises(ValueError, match="b must be <= 3"):
        two_row_chomp_outcome(3, 4)
    assert TABLE_POSITIONS >= 12_869                # 8 × 8 fits


def test_every_none_of_the_widest_three_row_table_is_blocked_from_the_left():
    """So "—" means none at all, not none found: (b', b', c) is P with b' < b."""
    for c, line in enumerate(three_row_table(THREE_ROW_COLUMNS // 2).text.splitlines()[2:]):
        cells = line.split("|")[1].split()
        for b, cell in zip(range(c, THREE_ROW_COLUMNS // 2), cells):
            if cell == "—":
                assert any(cells[k - c] == str(k) for k in range(c, b)), (b, c, cells)
