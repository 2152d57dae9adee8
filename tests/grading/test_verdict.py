"""gamelab.grading.verdict: the records a sandbox sends, judged in the grader's process by
the course's own check (``verify_calls``), against the teacher's references."""
from __future__ import annotations

import pytest

from gamelab.exercises.check import exercise, register, verify, verify_calls
from gamelab.exercises.guard import NotAnswered
from gamelab.grading.plaindata import encode
from gamelab.grading.verdict import judge_result

register("test-verdict-fn", kind="function", reference=lambda n: n % 4,
         cases=lambda rng: [(rng.randrange(10**6),) for _ in range(6)], replace=True)
register("test-verdict-judge", kind="judge", reference=lambda s: f"{2 * int(s)}\n",
         cases=lambda rng: [f"{rng.randrange(10**6)}\n" for _ in range(5)], replace=True)
register("test-verdict-val", kind="value", reference=lambda: {1, 2, 3}, replace=True)

FN = exercise("test-verdict-fn")
JUDGE = exercise("test-verdict-judge")
HIDDEN = FN.hidden_cases("a seed of the lecturer's")
HIDDEN_JUDGE = JUDGE.hidden_cases("a seed of the lecturer's")


def _fn_result(answer, cases, *, stop_after=None):
    lines = [{"answer": "function"}]
    for args in cases[:stop_after]:
        lines.append({"r": encode(answer(*args))})
    return {"lines": lines, "stopped": "timed out" if stop_after is not None else None,
            "message": "checking the answer ran longer than 9 s and was stopped"}


def test_right_on_the_usual_and_the_hidden_cases():
    got = judge_result(FN.id, "function", _fn_result(lambda n: n % 4, FN.all_cases() + HIDDEN),
                       HIDDEN)
    assert got == {"ok": True, "message": f"✓ test-verdict-fn: right on 6 generated cases and "
                                          f"on {len(HIDDEN)} hidden cases."}


def test_a_visible_case_is_reported_as_the_student_check_reports_it():
    wrong = lambda n: n % 5                                     # noqa: E731
    got = judge_result(FN.id, "function", _fn_result(wrong, FN.all_cases() + HIDDEN), HIDDEN)
    assert got == {"ok": False, "message": verify(FN.id, wrong)[1]}


def test_a_hidden_case_is_reported_without_its_input_or_the_output():
    cases = FN.all_cases() + HIDDEN
    k, (n,) = next((k, c) for k, c in enumerate(HIDDEN, 1) if c[0] % 4 != 0)
    got = judge_result(FN.id, "function", _fn_result(lambda m: 0 if m == n else m % 4, cases),
                       HIDDEN)
    assert got == {"ok": False, "message": f"✗ test-verdict-fn: wrong on hidden case {k} of "
                                           f"{len(HIDDEN)}: your function returned a wrong value "
                                           "(hidden inputs are not shown)."}
    assert str(n) not in got["message"]
    judge = {"lines": [{"answer": "function"}] + [{"r": f"{2 * int(t)}\n"} for t in
                                                 JUDGE.all_cases()] + [{"r": "0\n"}],
             "stopped": None}
    got = judge_result(JUDGE.id, "judge", judge, HIDDEN_JUDGE)
    assert got["message"] == ("✗ test-verdict-judge: wrong on hidden case 1 of "
                              f"{len(HIDDEN_JUDGE)}: your output is not right (hidden inputs are "
                              "not shown).")
    assert HIDDEN_JUDGE[0].strip() not in got["message"]


def test_failures_unanswered_and_what_the_answer_is():
    failed = {"lines": [{"answer": "function"}, {"f": "raised ValueError: no (line 2, in f)"}]}
    assert judge_result(FN.id, "function", failed, HIDDEN)["message"] == (
        f"✗ test-verdict-fn: on case 1 of 6 (arguments: {FN.all_cases()[0][0]}) your function "
        "raised ValueError: no (line 2, in f).")
    for lines in ([{"answer": "function"}, {"n": 1}], [{"answer": "ellipsis"}]):
        assert judge_result(FN.id, "function", {"lines": lines}, HIDDEN) == {
            "ok": False, "message": "✗ test-verdict-fn: not answered yet."}
    other = judge_result(FN.id, "function", {"lines": [{"answer": "other", "type": "int"}]}, [])
    assert other["message"] == "✗ test-verdict-fn: the answer must be a function, got int."
    assert judge_result("test-verdict-val", "value", {"lines": [
        {"answer": "value", "value": encode([3, 2, 1])}]}, []) == {
        "ok": True, "message": "✓ test-verdict-val: right."}
    assert judge_result("test-verdict-val", "value", {"lines": [
        {"answer": "not plain", "type": "Widget"}]}, [])["message"] == (
        "✗ test-verdict-val: the answer should be of type set, got Widget.")
    assert judge_result(FN.id, "function", {"lines": [{"error": "`f` could not be evaluated: "
                                                                "NameError: f"}]}, []) == {
        "error": "`f` could not be evaluated: NameError: f"}


def test_a_check_stopped_half_way_is_timed_out_after_the_cases_it_passed():
    cases = FN.all_cases() + HIDDEN
    got = judge_result(FN.id, "function", _fn_result(lambda n: n % 4, cases, stop_after=8), HIDDEN)
    assert got == {"status": "timed out",
                   "message": "checking the answer ran longer than 9 s and was stopped"}
    wrong_first = _fn_result(lambda n: 9, cases, stop_after=3)
    assert judge_result(FN.id, "function", wrong_first, HIDDEN)["ok"] is False


@pytest.mark.parametrize("result", [
    None, {"ok": True, "message": "✓ test-verdict-fn: right."}, {"lines": []},
    {"lines": [{"answer": "function"}]},                         # ends before its cases
    {"lines": [{"answer": "function"}, {"r": {"evil": 1}}]},
    {"lines": [{"answer": "function"}, {"r": 1, "f": "x"}]},
    {"lines": [{"answer": "value", "value": 3}]},                # a function's answer
    {"status": "right", "message": "✓ trust me"},
])
def test_a_forged_or_broken_record_gets_no_credit(result):
    got = judge_result(FN.id, "function", result, HIDDEN)
    assert got.get("ok") is not True
    assert got.get("status") in ("error", None) and "✓" not in str(got)


def test_verify_calls_refuses_bad_arguments():
    with pytest.raises(TypeError, match="call must be callable"):
        verify_calls(FN.id, ..., None)
    with pytest.raises(TypeError, match="hidden_cases must be a list or tuple"):
        verify_calls(FN.id, ..., lambda a, b: 1, hidden_cases={1})

    def unanswered(answer, args):
        raise NotAnswered

    assert verify_calls(FN.id, print, unanswered) == (False, "✗ test-verdict-fn: not answered yet.")
