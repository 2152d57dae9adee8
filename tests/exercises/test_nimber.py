"""gamelab.exercises.references.nimber: the nimber exercises, official sample, references against
search of the games, programs."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.exercises.references import nimber as ex
from gamelab.exercises.check import exercise as find_exercise
from gamelab.exercises.check import exercises, run_program, verify
from gamelab.games.coins import CoinTurning
from gamelab.games.coins2d import TartanGame, twins
from gamelab.nimber import nim_mul

JUDGE = ["lc_nim_product_64", "hdu3404", "poj3533"]


def test_registered():
    assert {"ex-14-2", *JUDGE} <= set(exercises())


def test_library_checker_sample(sample):
    src, out = sample("lc_nim_product_64")
    assert ex.lc_nim_product_64(src) == out
    assert verify("lc_nim_product_64", ex.lc_nim_product_64) == (
        True, "✓ lc_nim_product_64: right on the official sample and on 4 further cases.")


def test_nim_product_exercise():
    assert verify("ex-14-2", ex.nim_product)[0]
    ok, report = verify("ex-14-2", lambda a, b: a * b)
    assert not ok and "wrong on case" in report
    ok, report = verify("ex-14-2", lambda a, b: a ^ b)
    assert not ok
    assert verify("ex-14-2", ...) == (False, "✗ ex-14-2: not answered yet.")


def board_of(lights, m, n, shift):
    """A grid with the lights (each switched once per listing) as heads, coordinates + shift."""
    on = set()
    for light in lights:
        on ^= {light}
    return tuple("".join("H" if (r - shift, c - shift) in on else "T" for c in range(1, n + 1))
                 for r in range(1, m + 1))


def random_tests(rng, tops, low):
    tests = []
    for _ in range(rng.randint(1, 4)):
        tests.append([tuple(rng.randrange(low, t) for t in tops)
                      for _ in range(rng.randint(1, 5))])
    return tests


def test_hdu3404_against_search_of_turning_corners_and_turtles_squared():
    """Lights from 0 in Turning Corners, or from 1 in Turning Turtles squared: same answers."""
    corners, turtles = TartanGame("twins"), TartanGame("one_or_two")
    rng = random.Random(3404)
    for _ in range(150):
        low = rng.choice((0, 1))
        tests = random_tests(rng, (3, 4), low)
        text = f"{len(tests)}\n" + "".join(
            f"{len(t)}\n" + "".join(f"{x} {y}\n" for x, y in t) for t in tests)
        want = []
        for t in tests:
            game, shift = (corners, 1) if low == 0 else (turtles, 0)
            win = gl.search_outcome(game, board_of(t, 3 + shift, 4 + shift, shift)) == "N"
            want.append("Have a try, lxhgww." if win else "Don't waste your time.")
        assert ex.hdu3404(text).splitlines() == want, text


def cube_options(heads):
    """Twins x Twins x Twins (the eight corners of a box) on frozensets of heads, from 1."""
    line = CoinTurning(twins)
    out = []
    for head in sorted(heads):
        parts = [[(*s, x) for s in line.move_sets(x)] for x in head]
        for xs, ys, zs in itertools.product(*parts):
            out.append(heads ^ frozenset(itertools.product(xs, ys, zs)))
    return out


def test_poj3533_against_search_of_the_cube():
    rng = random.Random(3533)
    for _ in range(150):
        tests = random_tests(rng, (2, 3, 3), 0)
        text = "".join(f"{len(t)}\n" + "".join(f"{x} {y} {z}\n" for x, y, z in t)
                       for t in tests)
        want = []
        for t in tests:
            heads = frozenset()
            for x, y, z in t:
                heads ^= {(x + 1, y + 1, z + 1)}
            want.append("Yes" if gl.search_outcome(cube_options, heads) == "P" else "No")
        assert ex.poj3533(text).splitlines() == want, text


@pytest.mark.parametrize("problem", ["hdu3404", "poj3533"])
def test_generated_cases_hold_both_outcomes(problem):
    exercise = find_exercise(problem)
    answers = "".join(exercise.reference(c) for c in exercise.all_cases()).split("\n")
    kinds = {"hdu3404": ("Have a try, lxhgww.", "Don't waste your time."), "poj3533": ("Yes", "No")}
    assert all(answers.count(word) >= 3 for word in kinds[problem])


def test_wrong_answers_are_caught():
    assert not verify("hdu3404", lambda text: ex.hdu3404(text.replace("\n0 ", "\n1 ")))[0]

    def xor_not_product(text):  # Acrostic Twins' values instead of Turning Corners'
        nums = list(map(int, text.split()))
        out, pos = [], 1
        for _ in range(nums[0]):
            n, total = nums[pos], 0
            for i in range(n):
                total ^= nums[pos + 1 + 2 * i] ^ nums[pos + 2 + 2 * i]
            pos += 1 + 2 * n
            out.append("Have a try, lxhgww." if total else "Don't waste your time.")
        return "\n".join(out)
    ok, report = verify("hdu3404", xor_not_product)
    assert not ok and "wrong on case" in report
    assert not verify("lc_nim_product_64", lambda text: text)[0]
    assert not verify("poj3533", lambda text: "Yes\n")[0]


@pytest.mark.parametrize("problem", JUDGE)
def test_standalone_programs(problem, capsys):
    assert run_program(ex.PROGRAMS[problem], problem)
    printed = capsys.readouterr().out
    assert "✗" not in printed and "✓" in printed


def test_the_programs_product_is_the_nim_product():
    space = {}
    exec(ex.PROGRAMS["lc_nim_product_64"].split("\n\ndata =")[0], space)
    rng = random.Random(64)
    for _ in range(300):
        a, b = rng.getrandbits(64), rng.getrandbits(rng.choice((8, 16, 64)))
        assert space["nim_mul"](a, b) == nim_mul(a, b)


@pytest.mark.parametrize("solver, text", [
    (ex.lc_nim_product_64, "2\n1 2\n"), (ex.lc_nim_product_64, f"1\n{2**64} 1\n"),
    (ex.lc_nim_product_64, "1\n-1 1\n"), (ex.hdu3404, "1\n1\n-1 2\n"), (ex.hdu3404, "1\n2\n1 1\n"),
    (ex.poj3533, "1\n1 2\n"), (ex.poj3533, "1\n1 -2 3\n"), (ex.hdu3404, "x")])
def test_bad_judge_input(solver, text):
    with pytest.raises(ValueError, match="input_text"):
        solver(text)
    with pytest.raises(TypeError, match="input_text"):
        solver(None)
