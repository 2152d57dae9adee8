"""Judge exercises of lectures 02-04: official samples, and closed forms against search."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.exercises import nim as ex_nim
from gamelab.exercises import subtraction as ex_sub
from gamelab.exercises import sums as ex_sums
from conftest import judge_sample, same_tokens

SOLVERS = {
    "hdu1536": ex_sub.hdu1536,
    "hdu1944": ex_sub.hdu1944,
    "hdu1848": ex_sub.hdu1848,
    "hdu1850": ex_nim.hdu1850,
    "hiho1163": ex_nim.hiho1163,
    "poj2234": ex_nim.poj2234,
    "poj1740": ex_nim.poj1740,
    "lightoj1315": ex_sums.lightoj1315,
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


def test_hdu1850_counts_winning_moves_by_search():
    rng = random.Random(1850)
    nim = gl.Nim()
    blocks = [tuple(rng.randint(1, 7) for _ in range(rng.randint(2, 4))) for _ in range(40)]
    text = "".join(f"{len(b)}\n{' '.join(map(str, b))}\n" for b in blocks) + "0\n"
    got = ex_nim.hdu1850(text).split()
    assert got == [str(len(gl.search_winning_moves(nim, b))) for b in blocks]


def test_nim_winners_against_search():
    nim = gl.Nim()
    rng = random.Random(2234)
    for _ in range(30):
        heaps = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 4)))
        first_wins = gl.search_outcome(nim, heaps) == "N"
        line = " ".join(map(str, heaps))
        assert ex_nim.poj2234(f"{len(heaps)} {line}\n").split() == ["Yes" if first_wins else "No"]
        assert ex_nim.hiho1163(f"{len(heaps)}\n{line}\n").split() == ["Alice" if first_wins else "Bob"]


def test_new_stone_game_pairing_against_search():
    checked = 0
    for n in range(1, 5):
        for piles in itertools.combinations_with_replacement(range(1, 5), n):
            by_search = gl.search_outcome(ex_nim.new_stone_options, piles)
            assert (by_search == "P") == ex_nim.new_stone_is_p(piles), piles
            text = f"{n}\n{' '.join(map(str, piles))}\n0\n"
            assert ex_nim.poj1740(text).split() == ["0" if by_search == "P" else "1"]
            checked += 1
    assert checked == 69


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
        ex_sub.hdu1536("2 2 5\n3\n2 5\n")
    with pytest.raises(ValueError, match="input_text"):
        ex_sums.lightoj1315("1\n\n1\n600 0\n")


@pytest.mark.parametrize("call,error,word", [
    (lambda: ex_sub.fibonacci_moves(0), ValueError, "limit"),
    (lambda: ex_sub.sg_table([1, 2], -1), ValueError, "n"),
    (lambda: ex_sub.sg_memo([1, 2], 1.5), TypeError, "n"),
    (lambda: ex_sub.sg_memo([0, 2], 5), ValueError, "subtraction_set"),
    (lambda: ex_sub.sg_table([], 5), ValueError, "subtraction_set"),
    (lambda: ex_sub.sg_table(None, 5), TypeError, "subtraction_set"),
    (lambda: ex_sub.sg_memo([1, -3], 5), ValueError, "subtraction_set"),
    (lambda: ex_nim.new_stone_options([1, 2]), TypeError, "piles"),
    (lambda: ex_nim.new_stone_options((1, -2)), ValueError, "piles"),
    (lambda: ex_nim.new_stone_is_p((True,)), TypeError, "piles"),
    (lambda: ex_sums.hyper_knight_options((1, 2, 3)), ValueError, "square"),
    (lambda: ex_sums.hyper_knight_options((1, -2)), ValueError, "square"),
    (lambda: ex_sums.hyper_knight_options([1, 2]), TypeError, "square"),
    (lambda: ex_sums.hyper_knight_table(0), ValueError, "size"),
    (lambda: ex_sums.hyper_knight_table(True), TypeError, "size"),
])
def test_helpers_bad_input(call, error, word):
    with pytest.raises(error, match=word):
        call()


# -- registered checks of lectures 02 and 03 --------------------------------------------

from gamelab.exercises.check import exercise, verify  # noqa: E402

_MINE = {
    "hdu1536": ex_sub.hdu1536, "hdu1944": ex_sub.hdu1944, "hdu1848": ex_sub.hdu1848,
    "ex-02-2": ex_sub.grundy_2_3, "poj2234": ex_nim.poj2234, "hiho1163": ex_nim.hiho1163,
    "hdu1850": ex_nim.hdu1850, "poj1740": ex_nim.poj1740,
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


def test_generated_poj1740_cases_against_search():
    # small piles of every generated case, answered by a search of the game itself
    for text in exercise("poj1740").all_cases():
        nums = [int(t) for t in text.split()]
        i = 0
        answers = ex_nim.poj1740(text).split()
        k = 0
        while nums[i]:
            piles = tuple(sorted(nums[i + 1:i + 1 + nums[i]]))
            i += 1 + nums[i]
            if sum(piles) <= 8:
                first_wins = gl.search_outcome(ex_nim.new_stone_options, piles) == "N"
                assert answers[k] == ("1" if first_wins else "0"), piles
            k += 1


@pytest.mark.parametrize("exercise_id, wrong", [
    ("poj2234", lambda t: ex_nim.poj2234(t).replace("No", "Yes")),
    ("hiho1163", lambda t: "Alice\n"),
    ("hdu1850", lambda t: ex_nim.hdu1850(t).replace("0", "1")),
    ("poj1740", lambda t: "".join("1\n" for _ in ex_nim.poj1740(t).split())),
    ("hdu1536", lambda t: ex_sub.hdu1536(t).replace("L", "W")),
    ("hdu1848", lambda t: ex_sub.hdu1848(t).replace("Nacci", "Fibo")),
    ("ex-02-2", lambda n: n % 3),
])
def test_wrong_answers_are_reported(exercise_id, wrong):
    ok, report = verify(exercise_id, wrong)
    assert not ok and report.startswith("✗ ") and "not answered" not in report
