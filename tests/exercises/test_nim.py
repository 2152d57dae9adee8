"""gamelab.exercises.references.nim: the judge exercises of lecture 03 (Nim, the new stone game),
official samples, closed forms against search, and the registered checks."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.exercises.references import nim as ex_nim
from gamelab.exercises.check import exercise, verify

from gamelab_testing import judge_sample, same_tokens


SOLVERS = {
    "hdu1850": ex_nim.hdu1850,
    "hiho1163": ex_nim.hiho1163,
    "poj2234": ex_nim.poj2234,
    "poj1740": ex_nim.poj1740,
}


@pytest.mark.parametrize("problem", sorted(SOLVERS))
def test_official_sample(problem):
    given, expected = judge_sample(problem)
    assert same_tokens(SOLVERS[problem](given), expected)


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


@pytest.mark.parametrize("solver", sorted(SOLVERS))
@pytest.mark.parametrize("text,error", [(None, TypeError), (b"3\n", TypeError), (5, TypeError),
                                        ("x y z\n", ValueError)])
def test_solvers_bad_input(solver, text, error):
    with pytest.raises(error, match="input_text"):
        SOLVERS[solver](text)


@pytest.mark.parametrize("call,error,word", [
    (lambda: ex_nim.new_stone_options([1, 2]), TypeError, "piles"),
    (lambda: ex_nim.new_stone_options((1, -2)), ValueError, "piles"),
    (lambda: ex_nim.new_stone_is_p((True,)), TypeError, "piles"),
])
def test_helpers_bad_input(call, error, word):
    with pytest.raises(error, match=word):
        call()


# -- registered checks -------------------------------------------------------------------

_MINE = {
    "poj2234": ex_nim.poj2234, "hiho1163": ex_nim.hiho1163, "hdu1850": ex_nim.hdu1850,
    "poj1740": ex_nim.poj1740,
}


@pytest.mark.parametrize("exercise_id", sorted(_MINE))
def test_reference_passes_its_own_check(exercise_id):
    ok, report = verify(exercise_id, _MINE[exercise_id])
    assert ok, report


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
])
def test_wrong_answers_are_reported(exercise_id, wrong):
    ok, report = verify(exercise_id, wrong)
    assert not ok and report.startswith("✗ ") and "not answered" not in report
