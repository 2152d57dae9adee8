"""gamelab.exercises.references.bash: the judge exercises of lectures 00–01, official samples, and
every solver against plain search."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.exercises.references.bash import (
    hdu1846, hdu2147, hdu2149, hdu2188, kiki_first_player_wins, kiki_options, public_sale_bids,
)

from gamelab_testing import judge_sample, same_tokens


def bash_rule(m):
    """The Bash game written out by hand, so only plain search is involved."""
    return lambda n: [n - k for k in range(1, m + 1) if k <= n]


def auction_rule(max_raise):
    """HDU 2149 with r still missing: a bid of k leaves max(r - k, 0) missing."""
    return lambda r: sorted({max(r - k, 0) for k in range(1, max_raise + 1)}) if r else []


# -- official samples ---------------------------------------------------------------

@pytest.mark.parametrize("problem, solver", [
    ("hdu1846", hdu1846), ("hdu2147", hdu2147), ("hdu2149", hdu2149)])
def test_official_sample(problem, solver):
    text, expected = judge_sample(problem)
    assert same_tokens(solver(text), expected)


def test_hdu2147_sample_line_by_line():
    text, expected = judge_sample("hdu2147")
    assert hdu2147(text).splitlines() == expected.splitlines()


def test_hdu2149_sample_line_by_line():
    text, expected = judge_sample("hdu2149")
    assert hdu2149(text).splitlines() == expected.splitlines()


# -- HDU 2188 has no verified sample: our own cases, checked by search ---------------

def test_hdu2188_own_cases():
    assert hdu2188("4\n8 10\n11 10\n12 5\n1 1\n") == "Grass\nRabbit\nRabbit\nGrass\n"


def test_hdu2188_counting_game_by_search():
    # the running total itself as the position: add 1..m, reaching n ends the game
    for n in range(1, 40):
        for m in range(1, 11):
            count = lambda t, n=n, m=m: [t + k for k in range(1, m + 1) if t + k <= n]
            expected = "Grass" if gl.search_outcome(count, 0) == "N" else "Rabbit"
            assert hdu2188(f"1\n{n} {m}\n").split() == [expected], (n, m)


# -- solvers against plain search ----------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 300), st.integers(1, 30)), min_size=1, max_size=8))
def test_hdu1846_against_search(cases):
    text = f"{len(cases)}\n" + "".join(f"{n} {m}\n" for n, m in cases)
    expected = ["first" if gl.search_outcome(bash_rule(m), n) == "N" else "second"
                for n, m in cases]
    assert hdu1846(text).split() == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.integers(1, 40))
def test_public_sale_bids_against_search(price, max_raise):
    rule = auction_rule(max_raise)
    expected = [k for k in range(1, max_raise + 1)
                if gl.search_outcome(rule, max(price - k, 0)) == "P"]
    assert public_sale_bids(price, max_raise) == expected
    # and the formula of PROBLEMS.md
    if price <= max_raise:
        assert expected == list(range(price, max_raise + 1))
    else:
        r = price % (max_raise + 1)
        assert expected == ([r] if r else [])


def test_hdu2149_large_values():
    # M <= N: every bid from M to N wins; M = N + 1 (a multiple of N + 1): none
    assert hdu2149("1099 1099\n1099 1\n1100 1099\n") == "1099\n1\nnone\n"
    assert hdu2149("5 1099\n").split() == [str(k) for k in range(5, 1100)]
    assert hdu2149("10 3\n") == "2\n"
    assert hdu2149("8 3\n") == "none\n"


def test_kiki_parity_by_search():
    for n in range(1, 16):
        for m in range(1, 16):
            by_search = gl.search_outcome(kiki_options, (n - 1, m - 1)) == "N"
            assert kiki_first_player_wins(n, m) == by_search, (n, m)


def test_hdu2147_against_search_random():
    rng = random.Random(2147)
    boards = [(rng.randint(1, 25), rng.randint(1, 25)) for _ in range(40)]
    text = "".join(f"{n} {m}\n" for n, m in boards) + "0 0\n"
    expected = []
    for n, m in boards:
        expected.append("Wonderful!" if gl.search_outcome(kiki_options, (n - 1, m - 1)) == "N"
                        else "What a pity!")
    assert hdu2147(text).splitlines() == expected


def test_hdu2147_ignores_lines_after_terminator():
    assert hdu2147("1 1\n0 0\n2 2\n") == "What a pity!\n"


def test_kiki_options():
    assert kiki_options((1, 1)) == [(1, 0), (0, 1), (0, 0)]
    assert kiki_options((0, 3)) == [(0, 2)]
    assert kiki_options((3, 0)) == [(2, 0)]


# -- bad input --------------------------------------------------------------------------

SOLVERS = [hdu1846, hdu2188, hdu2149, hdu2147]


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("bad", [None, 5, b"2\n1 1\n", ["2"], 3.5])
def test_solvers_reject_non_text(solver, bad):
    with pytest.raises(TypeError, match="input_text"):
        solver(bad)


@pytest.mark.parametrize("solver, text", [
    (hdu1846, ""), (hdu1846, "2\n1 1\n"), (hdu1846, "1\n0 3\n"), (hdu1846, "1\n3 0\n"),
    (hdu1846, "1\nx 3\n"), (hdu1846, "-1\n"), (hdu1846, "1\n2.5 3\n"),
    (hdu2188, ""), (hdu2188, "1\n5\n"), (hdu2188, "1\n-5 2\n"),
    (hdu2149, "4\n"), (hdu2149, "0 2\n"), (hdu2149, "4 -2\n"), (hdu2149, "four two\n"),
    (hdu2147, ""), (hdu2147, "5 3\n"), (hdu2147, "5 3\n0\n"), (hdu2147, "0 3\n0 0\n"),
    (hdu2147, "-1 3\n0 0\n"),
])
def test_solvers_reject_malformed_text(solver, text):
    with pytest.raises(ValueError, match="input_text"):
        solver(text)


@pytest.mark.parametrize("args, exc, name", [
    ((0, 3), ValueError, "price"), ((-4, 3), ValueError, "price"), ((4, 0), ValueError, "max_raise"),
    ((True, 3), TypeError, "price"), ((4, None), TypeError, "max_raise"),
    ((4.0, 3), TypeError, "price"), (("4", 3), TypeError, "price"), ((4, [3]), TypeError, "max_raise"),
])
def test_public_sale_bids_bad_input(args, exc, name):
    with pytest.raises(exc, match=name):
        public_sale_bids(*args)


@pytest.mark.parametrize("args, exc, name", [
    ((0, 3), ValueError, "n"), ((3, 0), ValueError, "m"), ((-1, 3), ValueError, "n"),
    ((True, 3), TypeError, "n"), ((3, None), TypeError, "m"), ((2.5, 3), TypeError, "n"),
    (({1}, 3), TypeError, "n"),
])
def test_kiki_first_player_wins_bad_input(args, exc, name):
    with pytest.raises(exc, match=name):
        kiki_first_player_wins(*args)


@pytest.mark.parametrize("bad, exc", [
    ([1, 2], TypeError), ((1,), ValueError), ((1, 2, 3), ValueError), ((-1, 2), ValueError),
    ((1, True), TypeError), ((1.5, 2), TypeError), (None, TypeError), ("12", TypeError),
    ((1, None), TypeError),
])
def test_kiki_options_bad_input(bad, exc):
    with pytest.raises(exc, match="position"):
        kiki_options(bad)


# -- lecture exercises and their registered checks ---------------------------------------

from gamelab.exercises.references.bash import (  # noqa: E402
    misere_bash_loses, rook_kiki_loses, rook_kiki_options, take124_p_positions,
)
from gamelab.exercises.check import exercise, verify  # noqa: E402


def test_take124_p_positions_are_the_multiples_of_3():
    take124 = lambda n: [n - k for k in (1, 2, 4) if k <= n]
    assert take124_p_positions(60) == [n for n in range(61) if gl.search_outcome(take124, n) == "P"]
    assert take124_p_positions(60) == list(range(0, 61, 3))


def test_rook_kiki_against_search():
    for n in range(1, 14):
        for m in range(1, 14):
            assert rook_kiki_loses(n, m) == (gl.search_outcome(rook_kiki_options, (n - 1, m - 1)) == "P")


def test_misere_bash_against_search():
    for m in range(1, 9):
        for n in range(60):
            assert misere_bash_loses(n, m) == (gl.search_outcome(bash_rule(m), n, misere=True) == "P")


@pytest.mark.parametrize("exercise_id, solver", [
    ("hdu1846", hdu1846), ("hdu2188", hdu2188), ("hdu2149", hdu2149), ("hdu2147", hdu2147),
    ("ex-00-3", rook_kiki_loses), ("ex-01-4", misere_bash_loses)])
def test_reference_passes_its_own_check(exercise_id, solver):
    ok, report = verify(exercise_id, solver)
    assert ok, report


def test_generated_judge_cases_agree_with_search():
    # every generated case of HDU 2188 and HDU 1846, answered by a search of the game
    for exercise_id in ("hdu1846", "hdu2188"):
        for text in exercise(exercise_id).all_cases():
            nums = [int(t) for t in text.split()]
            pairs = list(zip(nums[1::2], nums[2::2]))
            word = ("first", "second") if exercise_id == "hdu1846" else ("Grass", "Rabbit")
            expected = [word[gl.search_outcome(bash_rule(m), n) == "P"] for n, m in pairs[:3]]
            assert exercise(exercise_id).reference(text).split()[:3] == expected


@pytest.mark.parametrize("exercise_id, wrong", [
    ("hdu1846", lambda t: hdu1846(t).replace("second", "first")),
    ("hdu2188", lambda t: "Grass\n" * int(t.split()[0])),
    ("hdu2149", lambda t: hdu2149(t).replace("none", "0")),
    ("hdu2147", lambda t: hdu2147(t).replace("What a pity!", "Wonderful!")),
    ("ex-00-3", lambda n, m: n % 2 == m % 2 == 1),
    ("ex-01-4", lambda n, m: n % (m + 1) == 0),
    ("ex-00-1", list(range(0, 22, 4))),
])
def test_wrong_answers_are_caught_without_the_expected_answer(exercise_id, wrong):
    ok, report = verify(exercise_id, wrong)
    assert not ok and report.startswith("✗") and "not answered" not in report


def test_unanswered_is_reported():
    def solve(input_text):
        raise NotImplementedError("your code here")
    assert verify("hdu2147", solve) == (False, "✗ hdu2147: not answered yet.")
    assert verify("ex-00-1", ...) == (False, "✗ ex-00-1: not answered yet.")
