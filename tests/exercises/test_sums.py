"""gamelab.exercises.references.sums: the judge exercises of lecture 04 (sums of hyper knights, a mixed
sum), official samples, tables against search, and the registered checks."""
from __future__ import annotations

import random

import pytest

import gamelab as gl
from gamelab.exercises.references import sums as ex_sums

from gamelab_testing import judge_sample, same_tokens


SOLVERS = {
    "lightoj1315": ex_sums.lightoj1315,
}


@pytest.mark.parametrize("problem", sorted(SOLVERS))
def test_official_sample(problem):
    given, expected = judge_sample(problem)
    assert same_tokens(SOLVERS[problem](given), expected)


def test_hyper_knights_table_against_search():
    table = ex_sums.hyper_knight_table()
    assert table.shape == (500, 500)
    for x in range(30):
        for y in range(30):
            assert table[x, y] == gl.search_grundy(ex_sums.hyper_knight_options, (x, y))
    for x, y in [(0, 499), (3, 498), (40, 499), (499, 0), (90, 10)]:
        assert table[x, y] == gl.search_grundy(ex_sums.hyper_knight_options, (x, y))


def test_lightoj1315_sums_of_knights_against_search():
    rng = random.Random(1315)
    cases = [[(rng.randint(0, 6), rng.randint(0, 6)) for _ in range(rng.randint(1, 2))]
             for _ in range(12)]
    text = f"{len(cases)}\n" + "".join(
        "\n" + f"{len(c)}\n" + "".join(f"{x} {y}\n" for x, y in c) for c in cases)
    got = ex_sums.lightoj1315(text).splitlines()
    for i, c in enumerate(cases):
        game = gl.Sum(*([ex_sums.hyper_knight_options] * len(c)))
        winner = "Alice" if gl.search_outcome(game, tuple(c)) == "N" else "Bob"
        assert got[i] == f"Case {i + 1}: {winner}"


def test_lecture_04_exercises_are_registered_and_checked():
    from gamelab.exercises import check as ck
    assert ck.verify("lightoj1315", ex_sums.lightoj1315)[0]
    ok, report = ck.verify("lightoj1315", lambda text: "Case 1: Bob\nCase 2: Alice\n")
    assert not ok and "wrong on case 2" in report
    moves = set(gl.search_winning_moves(ex_sums.MIXED_SUM, ex_sums.MIXED_POSITION))
    assert ck.verify("ex-04-1", moves)[0]
    # a value-raising move is easy to miss: the answer without it is reported wrong
    lowered_only = {m for m in moves if all(
        gl.grundy(g, a) <= gl.grundy(g, b) for g, a, b in
        zip(ex_sums.MIXED_SUM.games, m, ex_sums.MIXED_POSITION))}
    assert lowered_only != moves and not ck.verify("ex-04-1", lowered_only)[0]
    assert ck.verify("ex-04-1", ...)[1] == "✗ ex-04-1: not answered yet."


@pytest.mark.parametrize("solver", sorted(SOLVERS))
@pytest.mark.parametrize("text,error", [(None, TypeError), (b"3\n", TypeError), (5, TypeError),
                                        ("x y z\n", ValueError)])
def test_solvers_bad_input(solver, text, error):
    with pytest.raises(error, match="input_text"):
        SOLVERS[solver](text)


def test_truncated_input_is_reported():
    with pytest.raises(ValueError, match="input_text"):
        ex_sums.lightoj1315("1\n\n1\n600 0\n")


@pytest.mark.parametrize("call,error,word", [
    (lambda: ex_sums.hyper_knight_options((1, 2, 3)), ValueError, "square"),
    (lambda: ex_sums.hyper_knight_options((1, -2)), ValueError, "square"),
    (lambda: ex_sums.hyper_knight_options([1, 2]), TypeError, "square"),
    (lambda: ex_sums.hyper_knight_table(0), ValueError, "size"),
    (lambda: ex_sums.hyper_knight_table(True), TypeError, "size"),
])
def test_helpers_bad_input(call, error, word):
    with pytest.raises(error, match=word):
        call()
