"""gamelab.exercises.references.misere: the judge exercises of lecture 08 (HDU 1907, HDU 2509),
official samples, against misère search, and the registered checks."""
from __future__ import annotations

import itertools

import pytest

import gamelab as gl
from gamelab.exercises.references.misere import hdu1907, hdu2509, row_game
from gamelab.misere import sj_outcome

from gamelab_testing import judge_sample, same_tokens


@pytest.mark.parametrize("problem, solver", [
    ("hdu1907", hdu1907),
    ("hdu2509", hdu2509),
])
def test_official_samples(problem, solver):
    given, expected = judge_sample(problem)
    assert same_tokens(solver(given), expected)


# -- HDU 1907 and HDU 2509 against misère search -----------------------------------

def test_hdu1907_against_misere_search():
    nim = gl.Nim()
    tests = [p for k in range(1, 4) for p in itertools.product(range(1, 5), repeat=k)]
    text = [str(len(tests))] + [f"{len(p)}\n{' '.join(map(str, p))}" for p in tests]
    expected = ["John" if gl.search_outcome(nim, p, misere=True) == "N" else "Brother" for p in tests]
    assert hdu1907("\n".join(text)).split() == expected


def test_hdu2509_against_misere_search_of_the_rows():
    rows = row_game()
    assert [rows.grundy(n) for n in range(12)] == list(range(12))
    tests = [p for k in range(1, 4) for p in itertools.product(range(1, 5), repeat=k)]
    text = "\n\n".join(f"{len(p)}\n{' '.join(map(str, p))}" for p in tests)
    expected = ["Yes" if rows.outcome_of(p, misere=True) == "N" else "No" for p in tests]
    assert hdu2509(text).split() == expected


def apple_options(rows):
    """HDU 2509 from the statement: remove a block of consecutive apples from one row."""
    out = set()
    for k, n in enumerate(rows):
        rest = rows[:k] + rows[k + 1:]
        for a in range(n):
            for b in range(n - a):
                out.add(tuple(sorted(rest + tuple(x for x in (a, b) if x))))
    return sorted(out)


def apple_positions(total, top=None):
    top = total if top is None else top
    if total == 0:
        yield ()
    for first in range(min(total, top), 0, -1):
        for rest in apple_positions(total - first, first):
            yield rest + (first,)


def test_hdu2509_rows_break_the_sj_condition_from_5_on():
    """The SJ theorem does not cover a row: (2, 2) has value 0, moves, no option of value 1."""
    from gamelab.misere import sj_condition, sj_violation
    rows = row_game()
    assert [sj_condition(rows, n) for n in range(1, 8)] == [True] * 4 + [False] * 3
    assert sj_violation(rows, 5) == (2, 2)
    assert sj_violation(apple_options, (5,)) == (2, 2)
    assert gl.search_grundy(apple_options, (2, 2)) == 0
    assert sorted(gl.search_grundy(apple_options, o) for o in apple_options((2, 2))) == [2, 3]


def test_hdu2509_rule_on_every_position_of_up_to_16_apples():
    """The rule (misère Nim on the row lengths) holds past rows of 4, by the direct proof."""
    checked = 0
    for total in range(17):
        for rows in apple_positions(total):
            first = gl.search_outcome(apple_options, rows, misere=True) == "N"
            got = hdu2509(f"{len(rows)}\n{' '.join(map(str, rows))}\n") if rows else None
            if rows:
                assert got == ("Yes\n" if first else "No\n"), rows
            assert sj_outcome(rows) == ("N" if first else "P"), rows
            checked += 1
    assert checked > 900


def test_hdu2509_direct_proof_facts():
    """The three facts the proof uses: every shorter single row, a ^ b != n, rows of 1 vanish."""
    for n in range(1, 40):
        opts = apple_options((n,))
        assert {o for o in opts if len(o) <= 1} == {(m,) if m else () for m in range(n)}
        assert all(gl.nim_sum(o) != n for o in opts)
    assert apple_options((1,)) == [()]


# -- registered checks of lecture 08 -----------------------------------------------------

def test_lecture_08_checks_agree_with_misere_search():
    from gamelab.exercises import check as ck
    nim = gl.Nim()
    for text in ck.exercise("hdu1907").all_cases():
        nums = list(map(int, text.split()))
        i, want = 1, []
        for _ in range(nums[0]):
            heaps = tuple(nums[i + 1:i + 1 + nums[i]])
            i += 1 + nums[i]
            if sum(heaps) <= 12:
                first = gl.search_outcome(nim, heaps, misere=True) == "N"
            else:
                first = sj_outcome(heaps) == "N"   # misère Nim's rule, tested above by search
            want.append("John" if first else "Brother")
        assert hdu1907(text).split() == want
    small = 0
    for text in ck.exercise("hdu2509").all_cases():
        nums = list(map(int, text.split()))
        i, want = 0, []
        while i < len(nums):
            rows = tuple(sorted(nums[i + 1:i + 1 + nums[i]]))
            i += 1 + nums[i]
            if sum(rows) <= 12:
                first = gl.search_outcome(apple_options, rows, misere=True) == "N"
                small += any(r >= 5 for r in rows)
            else:
                first = sj_outcome(rows) == "N"
            want.append("Yes" if first else "No")
        assert hdu2509(text).split() == want
    assert small > 10      # the generated cases reach rows of 5 and more, where SJ fails


def test_lecture_08_checks_report_without_the_answer():
    from gamelab.exercises import check as ck
    assert ck.verify("hdu1907", hdu1907)[0] and ck.verify("hdu2509", hdu2509)[0]

    def unanswered(text):
        raise NotImplementedError("your code here")
    assert ck.verify("hdu2509", unanswered)[1] == "✗ hdu2509: not answered yet."

    def normal_nim(text):            # the tempting wrong answer: normal-play Nim
        nums = list(map(int, text.split()))
        i, out = 0, []
        while i < len(nums):
            out.append("Yes" if gl.nim_sum(nums[i + 1:i + 1 + nums[i]]) else "No")
            i += 1 + nums[i]
        return "\n".join(out)
    ok, report = ck.verify("hdu2509", normal_nim)
    assert not ok and report.startswith("✗ hdu2509: wrong on case ")
    ok, report = ck.verify("hdu1907", lambda text: "John\n")
    assert not ok and "Brother" not in report


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("solver", [hdu1907, hdu2509])
@pytest.mark.parametrize("bad, exc", [(None, TypeError), (b"1 2", TypeError), (12, TypeError),
                                      ("1 x", ValueError)])
def test_solvers_bad_input(solver, bad, exc):
    with pytest.raises(exc, match="input_text"):
        solver(bad)


@pytest.mark.parametrize("solver, text", [
    (hdu1907, ""), (hdu1907, "1\n3\n1 2\n"), (hdu1907, "1\n2\n1 -2\n"),
    (hdu2509, "3\n1 2\n"),
])
def test_solvers_malformed_input(solver, text):
    with pytest.raises(ValueError):
        solver(text)
