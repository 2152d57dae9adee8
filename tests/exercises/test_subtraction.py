"""gamelab.exercises.references.subtraction: the judge exercises of lecture 02 (S-Nim, the Fibonacci
game), official samples, closed forms against search, and the registered checks."""
from __future__ import annotations

import random

import pytest

import gamelab as gl
from gamelab.exercises.references import subtraction as ex_sub
from gamelab.exercises.check import verify

from gamelab_testing import judge_sample, same_tokens


SOLVERS = {
    "hdu1536": ex_sub.hdu1536,
    "hdu1944": ex_sub.hdu1944,
    "hdu1848": ex_sub.hdu1848,
}


@pytest.mark.parametrize("problem", sorted(SOLVERS))
def test_official_sample(problem):
    given, expected = judge_sample(problem)
    assert same_tokens(SOLVERS[problem](given), expected)


def test_s_nim_against_search():
    rng = random.Random(1536)
    for _ in range(30):
        S = rng.sample(range(1, 12), rng.randint(1, 4))
        positions = [[rng.randint(0, 15) for _ in range(rng.randint(1, 3))] for _ in range(4)]
        text = f"{len(S)} {' '.join(map(str, S))}\n{len(positions)}\n" + "".join(
            f"{len(p)} {' '.join(map(str, p))}\n" for p in positions) + "0\n"
        options = (lambda S: lambda n: [n - s for s in S if s <= n])(S)
        game = gl.Sum(*([options] * 3))
        expected = ""
        for p in positions:
            padded = tuple(p) + (0,) * (3 - len(p))
            expected += "W" if gl.search_outcome(game, padded) == "N" else "L"
        assert ex_sub.hdu1536(text).split() == [expected]


def test_fibonacci_game_against_search():
    fib = ex_sub.fibonacci_moves(1000)
    assert fib[:8] == [1, 2, 3, 5, 8, 13, 21, 34] and fib[-1] == 987
    options = lambda n: [n - f for f in fib if f <= n]  # noqa: E731
    rng = random.Random(1848)
    tests = [tuple(rng.randint(1, 22) for _ in range(3)) for _ in range(40)]
    text = "".join(f"{m} {n} {p}\n" for m, n, p in tests) + "0 0 0\n"
    got = ex_sub.hdu1848(text).split()
    game = gl.Sum(options, options, options)
    assert got == ["Fibo" if gl.search_outcome(game, t) == "N" else "Nacci" for t in tests]


def test_table_and_memo_methods_agree():
    for S in ([1, 3, 4], [2, 5, 7], [1, 2, 3, 5, 8, 13]):
        assert ex_sub.sg_table(S, 300) == ex_sub.sg_memo(S, 300) == \
            gl.Subtraction(S).grundy_sequence(301).tolist()


@pytest.mark.parametrize("solver", sorted(SOLVERS))
@pytest.mark.parametrize("text,error", [(None, TypeError), (b"3\n", TypeError), (5, TypeError),
                                        ("x y z\n", ValueError)])
def test_solvers_bad_input(solver, text, error):
    with pytest.raises(error, match="input_text"):
        SOLVERS[solver](text)


def test_truncated_input_is_reported():
    with pytest.raises(ValueError, match="input_text"):
        ex_sub.hdu1536("2 2 5\n3\n2 5\n")


@pytest.mark.parametrize("call,error,word", [
    (lambda: ex_sub.fibonacci_moves(0), ValueError, "limit"),
    (lambda: ex_sub.sg_table([1, 2], -1), ValueError, "n"),
    (lambda: ex_sub.sg_memo([1, 2], 1.5), TypeError, "n"),
    (lambda: ex_sub.sg_memo([0, 2], 5), ValueError, "subtraction_set"),
    (lambda: ex_sub.sg_table([], 5), ValueError, "subtraction_set"),
    (lambda: ex_sub.sg_table(None, 5), TypeError, "subtraction_set"),
    (lambda: ex_sub.sg_memo([1, -3], 5), ValueError, "subtraction_set"),
])
def test_helpers_bad_input(call, error, word):
    with pytest.raises(error, match=word):
        call()


# -- registered checks -------------------------------------------------------------------

_MINE = {
    "hdu1536": ex_sub.hdu1536, "hdu1944": ex_sub.hdu1944, "hdu1848": ex_sub.hdu1848,
    "ex-02-2": ex_sub.grundy_2_3,
}


@pytest.mark.parametrize("exercise_id", sorted(_MINE))
def test_reference_passes_its_own_check(exercise_id):
    ok, report = verify(exercise_id, _MINE[exercise_id])
    assert ok, report


def test_value_exercise_02_1_by_search():
    take14 = lambda n: [n - s for s in (1, 4) if s <= n]
    assert ex_sub.grundy_1_4() == [gl.search_grundy(take14, n) for n in range(12)]
    assert verify("ex-02-1", ex_sub.grundy_1_4())[0]
    assert not verify("ex-02-1", [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2])[0]


def test_grundy_2_3_against_search():
    take23 = lambda n: [n - s for s in (2, 3) if s <= n]
    assert all(ex_sub.grundy_2_3(n) == gl.search_grundy(take23, n) for n in range(500))


@pytest.mark.parametrize("exercise_id, wrong", [
    ("hdu1536", lambda t: ex_sub.hdu1536(t).replace("L", "W")),
    ("hdu1848", lambda t: ex_sub.hdu1848(t).replace("Nacci", "Fibo")),
    ("ex-02-2", lambda n: n % 3),
])
def test_wrong_answers_are_reported(exercise_id, wrong):
    ok, report = verify(exercise_id, wrong)
    assert not ok and report.startswith("✗ ") and "not answered" not in report
