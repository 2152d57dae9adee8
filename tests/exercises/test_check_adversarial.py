"""gamelab.exercises.check against hostile answers: they report, they never stop, they
never accept.

Every registered exercise is checked with student functions that change
their arguments, call ``sys.exit()``, raise ``KeyboardInterrupt``,
``GeneratorExit`` or another ``BaseException``, or return objects that lie
about equality.  Each must be reported as ✗ with a message, never raised and
never accepted — except a real keyboard interrupt (a signal), which stops the
check."""
from __future__ import annotations

import _thread
import copy
import signal
import sys
import threading

import pytest

from gamelab.exercises import check as ck
from gamelab.exercises.guard import raised_by_student


REAL = [e for e in ck.exercises() if not e.startswith(("test-", "x-", "doc-"))]


CALLED = [e for e in REAL if ck.exercise(e).kind != "value"]   # the answer is a function


def cases_of(exercise_id):
    return ck.exercise(exercise_id).all_cases()


def empty(value):
    """Empty every list, dict and set inside ``value`` (in place); say whether anything changed."""
    changed = False
    if isinstance(value, (list, dict, set)):
        items = list(value.values()) if isinstance(value, dict) else list(value)
        changed = bool(value)
        value.clear()
        for item in items:
            changed |= empty(item)
    elif isinstance(value, tuple):
        for item in value:
            changed |= empty(item)
    return changed


def reported(exercise_id, answer):
    """``verify``'s report, which must be a ✗ with a message (never raised, never accepted)."""
    ok, report = ck.verify(exercise_id, answer)
    assert not ok, report
    assert report.startswith(f"✗ {exercise_id}: ") and len(report) > len(exercise_id) + 6
    return report


# ---------------------------------------------------------------------------
# every call gets its own copy of the case

@pytest.mark.parametrize("exercise_id", CALLED)
def test_a_function_that_empties_its_arguments_is_judged_on_the_real_case(exercise_id):
    ex = ck.exercise(exercise_id)

    def wrong(*args):            # empties its arguments, then answers for what is left
        empty(args)
        return ex.reference(*args)

    def right(*args):            # answers first, then empties its arguments
        answer = ex.reference(*copy.deepcopy(args))
        empty(args)
        return answer

    # the wrong one is right exactly when emptying changes no case's answer
    same = all(ex.reference(*copy.deepcopy(c)) == ex.reference(*_emptied(c)) for c in
               ([(c,) for c in cases_of(exercise_id)] if ex.kind == "judge"
                else cases_of(exercise_id)))
    assert ck.verify(exercise_id, wrong)[0] == same
    assert ck.verify(exercise_id, right)[0], ck.verify(exercise_id, right)[1]
    assert ck.verify(exercise_id, ex.reference)[0]        # nothing left changed for later checks


def _emptied(case):
    case = copy.deepcopy(case)
    empty(case)
    return case


@pytest.mark.parametrize("exercise_id", ["ex-11-3", "ex-13-2", "ex-13-3"])
def test_the_known_cases_of_mutation(exercise_id):
    ex = ck.exercise(exercise_id)

    def wrong(arg, *rest):
        arg.clear()
        return ex.reference(arg, *rest)

    def right(arg, *rest):
        answer = ex.reference(copy.deepcopy(arg), *rest)
        arg.clear()
        return answer

    assert not ck.verify(exercise_id, wrong)[0]
    assert ck.verify(exercise_id, right)[0]


def test_the_reference_gets_its_own_copy_and_the_report_shows_the_case_as_given():
    seen = []

    def reference(xs):
        total = sum(xs)
        xs.append(99)            # a careless reference: the student must not see this
        return total

    ck.register("test-own-copy", kind="function", reference=reference,
                cases=lambda rng: [([1, 2, 3],), ([4],)], replace=True)

    def student(xs):
        seen.append(list(xs))
        xs.clear()
        return -1

    report = reported("test-own-copy", student)
    assert seen == [[1, 2, 3]]
    assert "arguments: [1, 2, 3]" in report
    assert ck.verify("test-own-copy", lambda xs: sum(xs))[0]


# ---------------------------------------------------------------------------
# whatever the student's code raises is reported

class Custom(BaseException):
    pass


class LoudError(Exception):
    def __str__(self):
        sys.exit("no message for you")


def exits_0(*args):
    sys.exit(0)


def exits_1(*args):
    sys.exit(1)


def exits_text(*args):
    sys.exit("bye")


def raises_keyboard_interrupt(*args):
    raise KeyboardInterrupt


def raises_generator_exit(*args):
    raise GeneratorExit("closed")


def raises_custom(*args):
    raise Custom("mine")


def raises_loud(*args):
    raise LoudError


def helper_interrupts():
    raise KeyboardInterrupt("from a helper")


def calls_helper(*args):
    helper_interrupts()


HOSTILE = [(exits_0, "SystemExit"), (exits_1, "SystemExit: 1"), (exits_text, "SystemExit: bye"),
           (raises_keyboard_interrupt, "KeyboardInterrupt"),
           (raises_generator_exit, "GeneratorExit: closed"), (raises_custom, "Custom: mine"),
           (raises_loud, "LoudError"), (calls_helper, "KeyboardInterrupt: from a helper")]


def test_every_check_reports_a_student_that_exits_or_raises():
    """Every exercise answered by every hostile function: each report is a ✗ naming what
    was raised and where; the failure lists every pair that went wrong."""
    bad = []
    for exercise_id in CALLED:
        for student, says in HOSTILE:
            report = reported(exercise_id, student)
            if not (f"your function raised {says}" in report
                    and (f"in {student.__name__}" in report or "in helper_interrupts" in report)):
                bad.append((exercise_id, student.__name__, report))
    assert bad == []


@pytest.mark.parametrize("exercise_id", [e for e in CALLED if len(cases_of(e)) > 1])
def test_a_student_that_exits_after_a_right_answer_is_reported(exercise_id):
    ex = ck.exercise(exercise_id)
    calls = []

    def student(*args):
        calls.append(1)
        if len(calls) > 1:
            sys.exit(0)
        return ex.reference(*args)

    report = reported(exercise_id, student)
    assert "case 2 of" in report and "SystemExit" in report


class Liar:
    """Equal to everything, and every other method stops the interpreter."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        sys.exit("hash")

    def __repr__(self):
        sys.exit("repr")

    __str__ = __repr__

    def __bool__(self):
        sys.exit("bool")

    def __len__(self):
        sys.exit("len")

    def __iter__(self):
        sys.exit("iter")


class LyingInt(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class LyingStr(str):
    def splitlines(self, *args):
        sys.exit("splitlines")

    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


@pytest.mark.parametrize("exercise_id", REAL)
def test_an_answer_that_lies_about_equality_is_never_accepted(exercise_id):
    ex = ck.exercise(exercise_id)
    if ex.kind == "value":
        for answer in (Liar(), LyingInt(-12345), exits_0, [Liar()], {"k": Liar()}):
            reported(exercise_id, answer)
    else:
        for answer in (Liar(), LyingInt(-12345), LyingStr("?"), [Liar()], (LyingInt(-1),)):
            reported(exercise_id, lambda *args, a=answer: a)


def test_a_plain_subclass_is_read_as_its_base_type():
    ck.register("test-halve", kind="function", reference=lambda n: (n // 2, [n]),
                cases=lambda rng: [(k,) for k in range(6)], replace=True)

    class MyInt(int):
        pass

    class MyList(list):
        def __iter__(self):
            sys.exit("iterated through the subclass")

    assert ck.verify("test-halve", lambda n: (MyInt(n // 2), MyList([n])))[0]
    np = pytest.importorskip("numpy")
    assert ck.verify("test-halve", lambda n: (np.int64(n // 2), np.array([n])))[0]
    cyclic = []
    cyclic.append(cyclic)
    assert "nested too deeply" in reported("test-halve", lambda n: cyclic)


def test_value_answers_are_compared_as_plain_values():
    ck.register("test-set", kind="value", reference=lambda: {(1, 2), (3, 4)}, replace=True)
    assert ck.verify("test-set", {(1, 2), (3, 4)})[0]
    assert ck.verify("test-set", frozenset({(1, 2), (3, 4)})) == (
        False, "✗ test-set: the answer should be of type set, got frozenset "
               "frozenset({(1, 2), (3, 4)}).")
    report = reported("test-set", Liar())
    assert report == "✗ test-set: the answer should be of type set, got Liar."


# ---------------------------------------------------------------------------
# a real keyboard interrupt stops the check

def test_an_interrupt_from_the_user_goes_up():
    ck.register("test-square-2", kind="function", reference=lambda n: n * n,
                cases=lambda rng: [(k,) for k in range(5)], replace=True)
    # Python's own SIGINT handler, whatever an earlier test or the test runner set: with
    # SIGINT ignored, interrupt_main() does nothing and the loop below would never end
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def spins(n):
        threading.Timer(0.2, _thread.interrupt_main).start()
        for _ in range(10**8):    # an interrupt ends it long before the end (seconds)
            pass
        raise AssertionError("the interrupt never came")

    def signalled(n):
        signal.raise_signal(signal.SIGINT)
        return n * n

    def raised_while_interrupted(n):
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:
            raise KeyboardInterrupt("caught and raised again") from None

    try:
        for student in (spins, signalled, raised_while_interrupted):
            with pytest.raises(KeyboardInterrupt):
                ck.verify("test-square-2", student)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_interrupt_rule():
    def own():
        raise KeyboardInterrupt

    try:
        own()
    except KeyboardInterrupt as exc:
        assert raised_by_student(exc)
    try:
        signal.raise_signal(signal.SIGINT)
    except KeyboardInterrupt as exc:
        assert not raised_by_student(exc)
    exc = KeyboardInterrupt()            # never raised: no traceback, so not the student's
    assert not raised_by_student(exc)
