"""Coin-turning games: the single-head theorem and each rule's closed form against plain search."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Coins
from gamelab.games.coins import RULES, odious, ruler

NAMED = sorted(RULES)


def all_rows(max_len):
    for n in range(max_len + 1):
        for t in itertools.product("HT", repeat=n):
            yield "".join(t)


def single_head(i):
    return "T" * (i - 1) + "H"


# ---------------------------------------------------------------------------
# the theorem: value = XOR of the single-head values, every row up to 12 coins

@pytest.mark.parametrize("rule", NAMED)
def test_xor_of_heads_equals_search_every_row_up_to_12(rule):
    g = gl.CoinTurning(rule)
    checked = 0
    for row in all_rows(12):
        assert g.grundy(row) == gl.search_grundy(g, row), row
        checked += 1
    assert checked == 2**13 - 1


@pytest.mark.parametrize("rule", NAMED)
def test_closed_form_single_heads_against_search(rule):
    g = gl.CoinTurning(rule)
    for i in range(1, 15):
        assert g.head_value(i) == gl.search_grundy(g, single_head(i)), i


def test_closed_forms_match_published_sequences():
    # OEIS A000069 (odious numbers) and A006519 (highest power of 2 dividing n)
    a000069 = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
               41, 42, 44, 47, 49, 50, 52, 55, 56, 59, 61, 62]
    a006519 = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8,
               1, 2, 1, 4, 1, 2, 1, 32]
    assert gl.CoinTurning("mock_turtles").head_values(32) == a000069
    assert gl.CoinTurning("ruler").head_values(32) == a006519
    assert gl.CoinTurning("one_or_two").head_values(32) == list(range(1, 33))
    assert [odious(i) for i in range(1, 33)] == a000069
    assert [ruler(i) for i in range(1, 33)] == a006519
    assert all(bin(v).count("1") % 2 == 1 for v in gl.CoinTurning("mock_turtles").head_values(500))


@pytest.mark.parametrize("rule", NAMED)
def test_winning_moves_against_search(rule):
    g = gl.CoinTurning(rule)
    for row in all_rows(9):
        assert gl.winning_moves(g, row) == gl.search_winning_moves(g, row), row
        assert gl.outcome(g, row) == gl.search_outcome(g, row)


@pytest.mark.parametrize("rule", NAMED)
def test_misere_against_search(rule):
    g = gl.CoinTurning(rule)
    for row in all_rows(7):
        fresh = gl.CoinTurning(rule)
        assert gl.outcome(g, row, misere=True) == gl.search_outcome(fresh, row, misere=True)
        assert gl.winning_moves(g, row, misere=True) == gl.search_winning_moves(fresh, row, misere=True)


# ---------------------------------------------------------------------------
# moves

def test_options_rightmost_coin_goes_heads_to_tails():
    for rule in NAMED:
        g = gl.CoinTurning(rule)
        for row in all_rows(7):
            for o in gl.game_options(g, row):
                turned = [k for k, (a, b) in enumerate(zip(row, o)) if a != b]
                assert turned and row[turned[-1]] == "H" and o[turned[-1]] == "T"
                # the binary number read with heads as 1s (coin i worth 2**i) goes down
                assert int(o[::-1].replace("H", "1").replace("T", "0"), 2) < \
                    int(row[::-1].replace("H", "1").replace("T", "0"), 2)


def test_number_of_options():
    # a lone head at coin 5: 1 + 4 moves (one or two), 1 + 4 + 6 (mock turtles), 5 runs (ruler)
    assert len(gl.game_options(gl.CoinTurning("one_or_two"), "TTTTH")) == 5
    assert len(gl.game_options(gl.CoinTurning("mock_turtles"), "TTTTH")) == 11
    assert len(gl.game_options(gl.CoinTurning("ruler"), "TTTTH")) == 5
    assert gl.game_options(gl.CoinTurning("ruler"), "THTH") == [
        "TTTH", "HTTH", "THTT", "THHT", "TTHT", "HTHT"]


def test_empty_and_all_tails_rows_are_p_positions():
    for rule in NAMED:
        g = gl.CoinTurning(rule)
        assert gl.outcome(g, "") == "P"
        assert gl.outcome(g, "TTTTTT") == "P"
        assert gl.winning_moves(g, "TTT") == []


def test_large_rows_use_the_closed_form():
    g = gl.CoinTurning("one_or_two")
    row = "H" * 10_000
    x = 0
    for i in range(1, 10_001):
        x ^= i
    assert gl.grundy(g, row) == x
    m = gl.CoinTurning("mock_turtles")
    assert gl.grundy(m, "T" * 999 + "H") == odious(1000)


def test_move_label_and_board():
    g = gl.CoinTurning("mock_turtles")
    assert g.move_label("THHTH", "THTTT") == "turn coins 3, 5"
    assert g.move_label("TTH", "TTT") == "turn coin 3"
    assert g.board("HT") == Coins("HT") and g.name == "Mock Turtles" and g.always_ends
    assert gl.CoinTurning("ruler").name == "Ruler"
    assert gl.CoinTurning(lambda i: [()]).name == "coin-turning game"
    with pytest.raises(ValueError, match="position"):
        g.board("HX")


# ---------------------------------------------------------------------------
# user-supplied rules: single-head values from search on single-head positions

def test_callable_rule_ruler_equivalent():
    run = gl.CoinTurning(lambda i: [tuple(range(j, i)) for j in range(i, 0, -1)])
    named = gl.CoinTurning("ruler")
    assert run.head_values(20) == named.head_values(20)


def test_callable_rule_without_turning_alone():
    # a head must be turned together with exactly one lower coin: coin 1 can never move
    g = gl.CoinTurning(lambda i: [(j,) for j in range(1, i)])
    assert g.head_value(1) == 0
    for row in all_rows(8):
        assert g.grundy(row) == gl.search_grundy(g, row), row


@st.composite
def rules(draw):
    size = 9
    table = {}
    for i in range(1, size + 1):
        lower = list(range(1, i))
        subsets = draw(st.lists(st.lists(st.sampled_from(lower), unique=True, max_size=3)
                                if lower else st.just([]), max_size=5))
        table[i] = [tuple(s) for s in subsets]
    return table


@settings(max_examples=40, deadline=None)
@given(rules(), st.data())
def test_callable_rules_against_search(table, data):
    g = gl.CoinTurning(lambda i: table[i])
    for i in range(1, 10):
        assert g.head_value(i) == gl.search_grundy(g, single_head(i))
    rows = data.draw(st.lists(st.text("HT", max_size=9), min_size=1, max_size=20))
    for row in rows:
        assert gl.grundy(g, row) == gl.search_grundy(g, row)
        assert gl.winning_moves(g, row) == gl.search_winning_moves(g, row)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMED), st.text("HT", max_size=14))
def test_named_rules_hypothesis(rule, row):
    g = gl.CoinTurning(rule)
    assert gl.grundy(g, row) == gl.search_grundy(g, row)


# ---------------------------------------------------------------------------
# bad input

@pytest.mark.parametrize("rule, exc, word", [
    ("turtles", ValueError, "unknown coin rule"),
    ("", ValueError, "unknown coin rule"),
    ("One_or_two", ValueError, "unknown coin rule"),
    (None, TypeError, "rule"),
    (3, TypeError, "rule"),
    (["ruler"], TypeError, "rule"),
    (True, TypeError, "rule"),
])
def test_bad_rule(rule, exc, word):
    with pytest.raises(exc, match=word):
        gl.CoinTurning(rule)


@pytest.mark.parametrize("position, exc", [
    ("HTX", ValueError),
    ("htH", ValueError),
    ("H T", ValueError),
    ("HT1", ValueError),
    (None, TypeError),
    (5, TypeError),
    (True, TypeError),
    (["H", "T"], TypeError),
    (("H", "T"), TypeError),
    (b"HT", TypeError),
])
@pytest.mark.parametrize("call", ["grundy", "outcome", "winning_moves", "options", "search"])
def test_bad_position(position, exc, call):
    g = gl.CoinTurning("ruler")
    fn = {"grundy": lambda: gl.grundy(g, position),
          "outcome": lambda: gl.outcome(g, position),
          "winning_moves": lambda: gl.winning_moves(g, position),
          "options": lambda: g.options(position),
          "search": lambda: gl.search_grundy(g, position)}[call]
    with pytest.raises(exc, match="position"):
        fn()


@pytest.mark.parametrize("misere", [None, 0, 1, "yes"])
def test_bad_misere(misere):
    g = gl.CoinTurning("one_or_two")
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(g, "HT", misere=misere)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(g, "HT", misere=misere)


@pytest.mark.parametrize("result, exc", [
    (None, TypeError),
    ("12", TypeError),
    ([5], TypeError),            # a set that is not a collection
    ([(0,)], ValueError),        # position 0 does not exist
    ([(3,)], ValueError),        # not a lower coin (head at 3)
    ([(1, 1)], ValueError),      # the same coin twice
    ([(1.5,)], TypeError),
    ([(True,)], TypeError),
])
def test_bad_callable_rule_results(result, exc):
    g = gl.CoinTurning(lambda i: result)
    with pytest.raises(exc, match="rule"):
        gl.grundy(g, "TTH")


@pytest.mark.parametrize("i, exc", [(0, ValueError), (-1, ValueError), (1.0, TypeError),
                                    (None, TypeError), (True, TypeError)])
def test_bad_head_index(i, exc):
    with pytest.raises(exc, match="i"):
        gl.CoinTurning("ruler").head_value(i)


@pytest.mark.parametrize("n, exc", [(-1, ValueError), ("3", TypeError), (None, TypeError)])
def test_bad_head_values_n(n, exc):
    with pytest.raises(exc, match="n"):
        gl.CoinTurning("ruler").head_values(n)


# -- long rows: counted before they are listed ---------------------------------------

@pytest.mark.parametrize("rule", sorted(RULES))
def test_set_counts_are_those_of_the_move_sets(rule):
    g = gl.CoinTurning(rule)
    assert all(g._set_count(i) == len(g.move_sets(i)) for i in range(1, 30))


def test_rows_too_long_to_list_are_refused_at_once():
    for rule, row in (("ruler", "H" * 10**5), ("mock_turtles", "H" * 5000),
                      ("one_or_two", "T" * 10**4 + "H" * 2000)):
        g = gl.CoinTurning(rule)
        with pytest.raises(ValueError, match="too many to list"):
            g.options(row)
        with pytest.raises(ValueError, match="too big for a plain search"):
            gl.search_outcome(g, row, misere=True)
        assert gl.grundy(g, row) >= 0           # the values of the heads answer
    with pytest.raises(ValueError, match="too many to list"):
        gl.CoinTurning("ruler").move_sets(10**5)


def test_callable_rules_with_endless_sets_are_refused():
    endless = gl.CoinTurning(lambda i: ((j,) for j in itertools.cycle(range(1, i))))
    with pytest.raises(ValueError, match="too many to list, or endless"):
        endless.head_value(5)
