"""Lecture 09 (coin turning): the hihoCoder 1172 exercise, the lecture's exercises and the
facts its proofs use, as tests."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.exercises.references.coins import hiho1172

from gamelab_testing import judge_sample, same_tokens


# -- hihoCoder 1172 ------------------------------------------------------------------------

def test_hiho1172_official_sample():
    text, expected = judge_sample("hiho1172")
    assert same_tokens(hiho1172(text), expected)


def test_hiho1172_against_search():
    g = gl.CoinTurning("one_or_two")
    rng = random.Random(1172)
    for _ in range(500):
        row = "".join(rng.choice("HT") for _ in range(rng.randint(1, 11)))
        expected = "Alice" if gl.search_outcome(g, row) == "N" else "Bob"
        assert hiho1172(f"{len(row)}\n{row}\n") == expected, row


def test_hiho1172_largest_input():
    row = "H" * 10_000
    x = 0
    for i in range(1, 10_001):
        x ^= i
    assert hiho1172(f"10000\n{row}\n") == ("Alice" if x else "Bob")


@pytest.mark.parametrize("text, exc", [
    (None, TypeError), (b"1\nH", TypeError), ("", ValueError), ("3", ValueError),
    ("x\nHHT", ValueError), ("3\nHH", ValueError), ("3\nHXT", ValueError)])
def test_hiho1172_bad_input(text, exc):
    with pytest.raises(exc):
        hiho1172(text)


# -- the lecture's exercises and proofs ----------------------------------------------------

def test_lecture09_exercises():
    mock = gl.CoinTurning("mock_turtles")
    assert gl.search_outcome(mock, "HTTHHTHTH") == "N"
    assert gl.grundy(mock, "HTTHHTHTH") == 19
    assert "THTHHTHTT" in gl.search_winning_moves(mock, "HTTHHTHTH")
    assert len(gl.search_winning_moves(mock, "HTTHHTHTH")) == 4
    ruler = gl.CoinTurning("ruler")
    pairs = [(i, j) for i in range(1, 9) for j in range(i + 1, 9)
             if gl.search_outcome(ruler, "".join("H" if k in (i, j) else "T"
                                                 for k in range(1, 9))) == "P"]
    assert pairs == [(1, 3), (1, 5), (1, 7), (2, 6), (3, 5), (3, 7), (5, 7)]
    turtles = gl.CoinTurning("one_or_two")
    assert gl.search_winning_moves(turtles, "THHTHTTH") == ["THHHHTTT"]


def test_facts_used_in_the_proofs():
    # the XOR of ruler values 1..m is the Gray code of m
    x = 0
    for m in range(1, 2000):
        x ^= m & -m
        assert x == m ^ (m >> 1)
    # XOR of two distinct odious numbers is evil and not 0
    odious = gl.CoinTurning("mock_turtles").head_values(64)
    assert all(bin(a ^ b).count("1") % 2 == 0 and a != b
               for k, a in enumerate(odious) for b in odious[k + 1:])


def test_coin_turning_induction_step():
    """The proof's step: the options of a row R and of the sum S of its single heads
    have the same set of values (with the hypothesis applied to the turned rows)."""
    def near_rule(i):
        return [()] + [(j,) for j in range(max(1, i - 2), i)]
    for rule in ("one_or_two", "mock_turtles", "ruler", near_rule):
        g = gl.CoinTurning(rule)
        single = {i: "T" * (i - 1) + "H" for i in range(1, 9)}
        h = {i: gl.search_grundy(g, single[i]) for i in single}

        def values(row):
            return {gl.search_grundy(g, o) for o in gl.game_options(g, row)}
        for n in range(9):
            for t in itertools.product("HT", repeat=n):
                heads = [i for i, c in enumerate(t, 1) if c == "H"]
                x = gl.nim_sum(h[i] for i in heads)
                assert values("".join(t)) == {x ^ h[i] ^ w for i in heads
                                              for w in values(single[i])}


def test_ruler_block_formula():
    """Gray code on a block starting at c * 2**k: a constant XOR g(low bits); the constant
    reaches into the low k bits exactly for odd c; within the last block below i the
    options' values g(i - 1) ^ g(x) are exactly 0 .. r(i) - 1, and r(i) is never one."""
    def gray(m):
        return m ^ (m >> 1)
    for k in range(1, 8):
        for c in range(64):
            const = gray(c << k)
            assert all(gray((c << k) + y) == const ^ gray(y) for y in range(1 << k))
            assert (const % (1 << k) != 0) == (c % 2 == 1)
    assert gray(1 << 2) % 4 == 2          # c = 1, k = 2: g(4) = 6 is not "high"
    ruler = gl.CoinTurning("ruler")
    for i in range(1, 1 << 10):
        r = i & -i
        assert r not in {gray(i - 1) ^ gray(x) for x in range(i)}
        assert {gray(i - 1) ^ gray(x) for x in range(i - r, i)} == set(range(r))
        if i < 13:
            assert ruler.head_value(i) == r == gl.search_grundy(ruler, "T" * (i - 1) + "H")


def test_lecture09_registered_checks():
    from gamelab.exercises import check as ck
    from gamelab.exercises.references.coins import mock_turtles_winning_moves, ruler_p_pairs
    mock = gl.CoinTurning("mock_turtles")
    assert mock_turtles_winning_moves() == set(gl.search_winning_moves(mock, "HTTHHTHTH"))
    assert ruler_p_pairs() == {(1, 3), (1, 5), (1, 7), (2, 6), (3, 5), (3, 7), (5, 7)}
    assert ruler_p_pairs() == {(i, j) for i in range(1, 9) for j in range(i + 1, 9)
                               if (i & -i) == (j & -j)}
    assert ck.verify("ex-09-2", mock_turtles_winning_moves())[0]
    assert ck.verify("ex-09-3", ruler_p_pairs())[0]
    assert ck.verify("ex-09-2", ...)[1] == "✗ ex-09-2: not answered yet."
    ok, report = ck.verify("ex-09-3", ruler_p_pairs() - {(2, 6)})
    assert not ok and "(2, 6)" not in report
    # a list of the set's elements is read as the set; another type is named
    assert ck.verify("ex-09-2", list(mock_turtles_winning_moves()))[0]
    ok, report = ck.verify("ex-09-2", frozenset(mock_turtles_winning_moves()))
    assert not ok and "type" in report
    turtles = gl.CoinTurning("one_or_two")
    cases = ck.exercise("hiho1172").all_cases()
    assert cases[0] == judge_sample("hiho1172")[0]
    short = 0
    for text in cases:
        n, row = text.split()
        if int(n) <= 12:
            expected = "Alice" if gl.search_outcome(turtles, row) == "N" else "Bob"
            assert hiho1172(text) == expected
            short += 1
    assert short >= 10 and ck.verify("hiho1172", hiho1172)[0]
    assert not ck.verify("hiho1172", lambda text: "Alice")[0]


def test_exercise_09_4_mock_turtles_parity_of_heads():
    mock = gl.CoinTurning("mock_turtles")
    for n in range(1, 10):
        for t in itertools.product("HT", repeat=n):
            row, heads = "".join(t), t.count("H")
            moves = gl.winning_moves(mock, row)
            if heads % 2:
                assert moves, row
            turned = {sum(a != b for a, b in zip(row, o)) for o in moves}
            assert turned <= ({1, 3} if heads % 2 else {2}), row
