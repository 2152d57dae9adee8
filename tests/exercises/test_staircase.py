"""gamelab.exercises.references.staircase: the judge exercises of lecture 07 (POJ 1704, the monks'
duel), official samples, against plain search, and the registered checks."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.exercises.references.staircase import (
    lanqiao_gaoseng, monk_options, monk_winning_move, monks_to_staircase, poj1704)
from gamelab.games.staircase import PiecesOnStrip

from gamelab_testing import judge_sample, same_tokens


@pytest.mark.parametrize("problem, solver", [
    ("poj1704", poj1704),
    ("lanqiao_gaoseng_1", lanqiao_gaoseng),
    ("lanqiao_gaoseng_2", lanqiao_gaoseng),
])
def test_official_samples(problem, solver):
    given, expected = judge_sample(problem)
    assert same_tokens(solver(given), expected)


# -- POJ 1704 against plain search on the pieces themselves -----------------------

def strip_options(cells):
    """The original game, written from the statement: slide one piece left."""
    cells = tuple(sorted(cells))
    out = []
    for j, p in enumerate(cells):
        lo = cells[j - 1] if j else 0
        for q in range(lo + 1, p):
            out.append(tuple(sorted(cells[:j] + (q,) + cells[j + 1:])))
    return out


def test_poj1704_against_search_on_small_boards():
    rng = random.Random(1704)
    boards = [c for k in range(1, 5) for c in itertools.combinations(range(1, 10), k)]
    text = [str(len(boards))]
    expected = []
    for cells in boards:
        shuffled = list(cells)
        rng.shuffle(shuffled)
        text += [str(len(cells)), " ".join(map(str, shuffled))]
        first = gl.search_outcome(strip_options, cells) == "N"
        expected.append("Georgia will win" if first else "Bob will win")
    assert len(boards) > 200
    assert poj1704("\n".join(text)).split("\n")[:-1] == expected


def test_strip_game_class_agrees_with_statement_options():
    g = PiecesOnStrip()
    for cells in itertools.combinations(range(1, 9), 3):
        assert sorted(g.options(cells)) == sorted(strip_options(cells))


# -- monks' duel against plain search ----------------------------------------------

def monk_boards(top, count):
    for k in range(1, count + 1):
        for lower in itertools.combinations(range(1, top), k - 1):
            yield lower + (top,)


def test_gaoseng_against_search_on_small_staircases():
    checked = 0
    for top in range(1, 10):
        for monks in monk_boards(top, 4):
            wins = gl.search_winning_moves(monk_options, monks)
            got = lanqiao_gaoseng(" ".join(map(str, monks))).split()
            if not wins:
                assert got == ["-1"], monks
            else:
                # smallest A, and for it the (unique) B
                moves = [(next(a for a, b in zip(monks, w) if a != b),
                          next(b for a, b in zip(monks, w) if a != b)) for w in wins]
                a_min = min(a for a, _ in moves)
                bs = [b for a, b in moves if a == a_min]
                assert len(bs) == 1
                assert got == [str(a_min), str(bs[0])], monks
            checked += 1
    assert checked > 200


def test_monks_reduce_to_staircase():
    for top in range(1, 9):
        for monks in monk_boards(top, 4):
            assert gl.search_grundy(monk_options, monks) == gl.grundy(
                gl.StaircaseNim(), monks_to_staircase(monks))


def test_gaoseng_large_input_is_fast():
    monks = tuple(range(1, 1000, 11)) + (999,)
    monks = tuple(sorted(set(monks)))
    move = monk_winning_move(monks)
    assert move is None or monks[0] <= move[0] < move[1] < 999


# -- registered checks of lecture 07 -----------------------------------------------------

@pytest.mark.slow
def test_lecture_07_checks_use_search_backed_references():
    from gamelab.exercises import check as ck
    from gamelab.exercises.references.staircase import staircase_winning_moves
    for text in ck.exercise("poj1704").all_cases():
        nums = list(map(int, text.split()))
        i, want = 1, []
        for _ in range(nums[0]):
            cells = tuple(sorted(nums[i + 1:i + 1 + nums[i]]))
            i += 1 + nums[i]
            if cells[-1] <= 12:
                first = gl.search_outcome(strip_options, cells) == "N"
                want.append("Georgia will win" if first else "Bob will win")
            else:
                want.append(poj1704(f"1\n{len(cells)}\n{' '.join(map(str, cells))}").strip())
        assert poj1704(text).strip().split("\n") == want
    cases = ck.exercise("lanqiao_gaoseng").all_cases()
    for i in (1, 2):
        given, expected = judge_sample(f"lanqiao_gaoseng_{i}")
        assert cases[i - 1] == given and same_tokens(lanqiao_gaoseng(given), expected)
    assert ck.verify("poj1704", poj1704)[0] and ck.verify("lanqiao_gaoseng", lanqiao_gaoseng)[0]
    ok, report = ck.verify("lanqiao_gaoseng", lambda text: "-1\n")
    assert not ok and "wrong on case 1" in report
    assert staircase_winning_moves() == set(gl.search_winning_moves(gl.StaircaseNim(), (5, 9, 3, 9, 6)))
    assert ck.verify("ex-07-1", set())[0]
    assert ck.verify("ex-07-1", [])[0]            # a list of the set's elements is read as the set
    assert ck.verify("ex-07-1", {}) == (False, "✗ ex-07-1: the answer should be of type set, "
                                                "got dict {}.")
    assert ck.verify("ex-07-1", ...)[1] == "✗ ex-07-1: not answered yet."


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("solver", [poj1704, lanqiao_gaoseng])
@pytest.mark.parametrize("bad, exc", [(None, TypeError), (b"1 2", TypeError), (12, TypeError),
                                      ("1 x", ValueError)])
def test_solvers_bad_input(solver, bad, exc):
    with pytest.raises(exc, match="input_text"):
        solver(bad)


@pytest.mark.parametrize("solver, text", [
    (poj1704, ""), (poj1704, "2\n3\n1 2 3\n"), (poj1704, "1\n2\n3 3\n"), (poj1704, "1\n2\n0 3\n"),
    (poj1704, "-1\n"),
    (lanqiao_gaoseng, ""), (lanqiao_gaoseng, "5 3 9"), (lanqiao_gaoseng, "0 4"),
])
def test_solvers_malformed_input(solver, text):
    with pytest.raises(ValueError):
        solver(text)


@pytest.mark.parametrize("bad, exc", [([1, 2], TypeError), ((2, 1), ValueError), ((), ValueError),
                                      ((0, 3), ValueError), ((1, True), TypeError), (None, TypeError)])
@pytest.mark.parametrize("fn", [monk_options, monks_to_staircase, monk_winning_move])
def test_monk_helpers_bad_input(fn, bad, exc):
    with pytest.raises(exc, match="monks"):
        fn(bad)
