"""gamelab.exercises.check: the exercise checks accept the reference, catch wrong answers,
never give answers away."""
from __future__ import annotations

import pytest

from gamelab.exercises import check as ck
from gamelab.exercises.keyformat import output_lines


@pytest.fixture
def square():
    ck.register("test-square", kind="function", reference=lambda n: n * n,
                cases=lambda rng: [(rng.randrange(50),) for _ in range(20)], replace=True)
    return "test-square"


@pytest.fixture
def parity_judge():
    def reference(text):
        nums = [int(t) for t in text.split()][1:]
        return "".join(f"{'even' if n % 2 == 0 else 'odd'}\n" for n in nums)

    def cases(rng):
        return [f"{k}\n" + "\n".join(str(rng.randrange(10**6)) for _ in range(k)) + "\n"
                for k in range(1, 8)]

    ck.register("test-parity", kind="judge", reference=reference, cases=cases, replace=True)
    return "test-parity"


def unanswered(*args):
    raise NotImplementedError("your code here")


def test_function_exercise_right_and_wrong(square):
    assert ck.verify(square, lambda n: n ** 2) == (True, "✓ test-square: right on 20 generated cases.")
    ok, report = ck.verify(square, lambda n: n * n if n < 30 else 0)
    assert not ok and report.startswith("✗ test-square: wrong on case")
    assert "your function returned 0" in report


def test_unanswered_is_not_a_traceback(square, parity_judge, capsys):
    assert ck.verify(square, unanswered) == (False, "✗ test-square: not answered yet.")
    assert ck.verify(parity_judge, unanswered) == (False, "✗ test-parity: not answered yet.")
    assert ck.verify(square, ...) == (False, "✗ test-square: not answered yet.")
    ck.check(square, unanswered)
    assert capsys.readouterr().out == "✗ test-square: not answered yet.\n"


def test_judge_reports_the_line_without_the_answer(parity_judge):
    def off_by_one(text):
        nums = [int(t) for t in text.split()][1:]
        return "\n".join("odd" if n % 2 == 0 or n > 900_000 else "even" for n in nums)

    ok, report = ck.verify(parity_judge, off_by_one)
    assert not ok and "line" in report
    assert ck.verify(parity_judge, lambda t: ck.exercise(parity_judge).reference(t).replace("\n", " \n"))[0]


def test_judge_failures_are_described(parity_judge):
    ok, report = ck.verify(parity_judge, lambda t: 1 / 0)
    assert not ok and "ZeroDivisionError" in report
    ok, report = ck.verify(parity_judge, lambda t: 5)
    assert not ok and "must return the output text" in report
    ok, report = ck.verify(parity_judge, lambda t: "")
    assert not ok and "lines" in report
    ok, report = ck.verify(parity_judge, 42)
    assert not ok and "must be a function" in report


def test_value_exercise():
    ck.register("test-value", kind="value", reference=lambda: 12, hint="count the P-positions",
                replace=True)
    assert ck.verify("test-value", 12) == (True, "✓ test-value: right.")
    assert ck.verify("test-value", ...) == (False, "✗ test-value: not answered yet.")
    ok, report = ck.verify("test-value", 11)
    assert not ok and "hint: count the P-positions" in report and "12" not in report
    ok, report = ck.verify("test-value", "12")
    assert not ok and "type int" in report
    assert not ck.verify("test-value", True)[0]


def test_a_note_follows_a_right_value_only():
    ck.register("test-note", kind="value", reference=lambda: 7, hint="look again",
                note="the reasoning is what is marked", replace=True)
    assert ck.verify("test-note", 7) == (
        True, "✓ test-note: right — the reasoning is what is marked.")
    assert ck.verify("test-note", 6) == (False, "✗ test-note: 6 is not right — hint: look again.")
    assert ck.verify("test-note", ...) == (False, "✗ test-note: not answered yet.")


@pytest.mark.parametrize("exercise_id", ["ex-09-2", "ex-11-2", "ex-12-1", "ex-12-2", "ex-12-3",
                                         "ex-13-1"])
def test_a_value_one_call_away_says_it_is_not_the_answer_marked(exercise_id):
    ok, report = ck.verify(exercise_id, ck.exercise(exercise_id).reference())
    assert ok and "one gamelab call away" in report and "reasoning" in report


def test_a_set_answer_may_be_a_list_or_tuple_without_repeats():
    ck.register("test-set-list", kind="value", reference=lambda: {(1, 2), (3, 4)},
                hint="two pairs", replace=True)
    assert ck.verify("test-set-list", [(3, 4), (1, 2)]) == (True, "✓ test-set-list: right.")
    assert ck.verify("test-set-list", ((1, 2), (3, 4)))[0]
    assert ck.verify("test-set-list", [(1, 2), (3, 4), (1, 2)]) == (
        False, "✗ test-set-list: (1, 2) occurs more than once in your list; "
               "the answer is a set, each element once.")
    assert ck.verify("test-set-list", [(1, 2)]) == (
        False, "✗ test-set-list: [(1, 2)] is not right — hint: two pairs.")
    assert not ck.verify("test-set-list", [[1, 2], [3, 4]])[0]    # lists are not tuples
    assert ck.verify("test-set-list", {(1, 2): 0, (3, 4): 0})[1].endswith(
        "the answer should be of type set, got dict {(1, 2): 0, (3, 4): 0}.")
    answer = ck.exercise("ex-05-1").reference()
    assert ck.verify("ex-05-1", sorted(answer)) == (
        True, "✓ ex-05-1: right — but this value is one gamelab call away, and it is not the "
              "answer we mark: your reasoning in the answer cell above is.")
    assert ck.verify("ex-05-1", tuple(answer))[0]


def test_bad_arguments():
    with pytest.raises(ValueError, match="exercise_id 'nope-nope'"):
        ck.check("nope-nope", lambda t: t)
    with pytest.raises(TypeError, match="exercise_id"):
        ck.verify(3, lambda t: t)
    with pytest.raises(ValueError, match="kind"):
        ck.register("x-bad", kind="essay", reference=lambda: 1)
    with pytest.raises(TypeError, match="reference"):
        ck.register("x-bad", kind="value", reference=3)
    with pytest.raises(ValueError, match="needs cases"):
        ck.register("x-bad", kind="function", reference=abs)
    with pytest.raises(TypeError, match="hint must be a str"):
        ck.register("x-bad", kind="value", reference=lambda: 1, hint=3)
    with pytest.raises(TypeError, match="note must be a str"):
        ck.register("x-bad", kind="value", reference=lambda: 1, note=["marked by hand"])
    with pytest.raises(ValueError, match="no official sample"):
        ck.register("x-no-sample", kind="judge", reference=str)
    def one():
        return 1

    def two():
        return 2

    ck.register("x-twice", kind="value", reference=one, replace=True)
    ck.register("x-twice", kind="value", reference=one)  # a module imported again
    with pytest.raises(ValueError, match="registered twice"):
        ck.register("x-twice", kind="value", reference=two)


# -- every registered exercise -------------------------------------------------

def _judges():
    return [e for e in ck.exercises() if ck.exercise(e).kind == "judge"
            and not e.startswith(("test-", "x-", "doc-"))]


@pytest.mark.parametrize("exercise_id", [e for e in _judges() if ck.official_sample(e)])
def test_reference_reproduces_the_official_sample(exercise_id):
    src, out = ck.official_sample(exercise_id)
    assert output_lines(ck.exercise(exercise_id).reference(src)) == output_lines(out)


@pytest.mark.parametrize("exercise_id", [e for e in ck.exercises()
                                         if not e.startswith(("test-", "x-", "doc-"))])
def test_every_check_accepts_the_reference_and_catches_a_wrong_answer(exercise_id):
    ex = ck.exercise(exercise_id)
    if ex.kind == "value":
        assert ck.verify(exercise_id, ex.reference())[0]
        wrong = ex.reference()
        wrong = (wrong + 1) if isinstance(wrong, int) else None
        assert not ck.verify(exercise_id, wrong)[0]
    else:
        assert ck.verify(exercise_id, ex.reference)[0], ck.verify(exercise_id, ex.reference)[1]
        assert ck.verify(exercise_id, unanswered)[1].endswith("not answered yet.")
        if ex.kind == "judge":
            constant = lambda text: "0\n"  # noqa: E731 - a wrong answer
        else:
            constant = lambda *args: object()  # noqa: E731
        assert not ck.verify(exercise_id, constant)[0]
    report = ck.verify(exercise_id, ex.reference if ex.kind != "value" else ex.reference())[1]
    assert report.startswith("✓")


def test_run_program_on_an_official_sample(capsys):
    program = "import sys\nn = list(map(int, sys.stdin.read().split()))\n" \
              "for i in range(n[0]):\n" \
              "    a, b = n[1 + 2 * i], n[2 + 2 * i]\n" \
              "    print('second' if a % (b + 1) == 0 else 'first')\n"
    if "hdu1846" not in ck.exercises():
        pytest.skip("hdu1846 is not registered")
    assert ck.run_program(program, "hdu1846", further=2)
    out = capsys.readouterr().out
    assert "✓ matches the official output." in out
    assert not ck.run_program("print('first')", "hdu1846", further=0)
    with pytest.raises(TypeError, match="source"):
        ck.run_program(3, "hdu1846")
