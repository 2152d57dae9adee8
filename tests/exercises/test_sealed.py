"""gamelab.exercises.sealed and keyformat: a sealed answer key gives the very report of the
reference, for right answers and every kind of wrong one, and holds no answer."""
from __future__ import annotations

import copy
import decimal
import itertools
import json
import re
import math
import sys
from fractions import Fraction

import numpy as np
import pytest

import gamelab as gl
from gamelab.exercises import check as ck
from gamelab.exercises import keyformat as kf
from gamelab.exercises import sealed
from gamelab_testing import course_exercises

REAL = list(course_exercises())


@pytest.fixture(scope="module")
def keys():
    """Every exercise's key, written to a key file's text and read back."""
    return kf.read_keys(kf.keys_text(sealed.seal_all(REAL)))


def editions(keys, exercise_id):
    return ck.exercise(exercise_id), ck.Exercise.from_key(exercise_id, keys[exercise_id])


# ---------------------------------------------------------------------------
# answers derived from the reference

def changed(value):
    """A value near ``value`` that is not equal to it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float, Fraction)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, (tuple, list)):
        return type(value)(list(value)[:-1]) if value else type(value)([0])
    if isinstance(value, (set, frozenset)):
        return type(value)(set(value) | {("not", "an", "element")})
    if isinstance(value, dict):
        return dict(list(value.items())[1:]) if value else {0: 0}
    return ("changed", value)


def equal_variants(value):
    """Values ``==`` to ``value`` but built differently: the check must accept each."""
    out = []
    if type(value) is int:
        out += [float(value), Fraction(value), decimal.Decimal(value), np.int64(value)
                if abs(value) < 2**62 else value]
    if type(value) is bool:
        out += [int(value)]
    if isinstance(value, list):
        out += [[equal_variants(x)[0] if equal_variants(x) else x for x in value]]
    if isinstance(value, tuple):
        out += [tuple(equal_variants(x)[0] if equal_variants(x) else x for x in value)]
    if isinstance(value, set):
        out += [frozenset(value)]
    if isinstance(value, dict):
        out += [dict(reversed(list(value.items())))]
    return out


def other_types(value):
    """The same content under another type: the check decides what is wrong."""
    out = [str(value), None, object()]
    if isinstance(value, (set, frozenset)):
        items = sorted(value, key=repr)
        out += [items, tuple(items), items + items[:1], frozenset(value), dict.fromkeys(items)]
    if isinstance(value, (list, tuple)):
        out += [tuple(value) if isinstance(value, list) else list(value), set(map(repr, value))]
    if type(value) is int:
        out += [float(value) + 0.5, complex(value, 1), bool(value)]
    return out


def remembered(reference):
    """``reference``, computing each case once (the derived answers call it often)."""
    seen = {}

    def answer(*args):
        key = kf.case_text(args)
        if key not in seen:
            seen[key] = reference(*copy.deepcopy(args))
        return copy.deepcopy(seen[key])
    return answer


def judge_answers(ex):
    ref = remembered(ex.reference)
    cases = ex.all_cases()
    chosen = sorted({0, len(cases) // 2, len(cases) - 1})

    def on(k, mutate):
        def answer(text):
            out = ref(text)
            return mutate(out) if text == cases[k] else out
        return answer

    def line_changed(out):
        lines = out.splitlines() or [""]
        lines[len(lines) // 2] += " x"
        return "\n".join(lines) + "\n"

    answers = [ref, lambda t: "   ".join(ref(t).split(" ")).replace("\n", " \n") + "\n\n",
               ..., 42, lambda t: 5, lambda t: ref(t).splitlines(), lambda t: "0\n",
               lambda t: ref(t).upper(), lambda t: ""]
    for k in chosen:
        answers += [on(k, line_changed), on(k, lambda out: "\n".join(out.splitlines()[:-1])),
                    on(k, lambda out: out + "0\n"), on(k, lambda out: out.encode()),
                    on(k, lambda out: "\n".join(reversed(out.splitlines()))), on(k, lambda out: 1 / 0)]
    return answers


def function_answers(ex):
    ref = remembered(ex.reference)
    cases = ex.all_cases()
    chosen = sorted({0, len(cases) // 2, len(cases) - 1})

    def on(k, mutate):
        def answer(*args):
            out = ref(*copy.deepcopy(args))
            return mutate(out) if args == cases[k] else out
        return answer

    def raises(*args):
        raise NotImplementedError

    answers = [ref, ..., raises, 42, lambda *a: object(), lambda *a: sys.exit(3),
               lambda *a: changed(ref(*a))]
    for k in chosen:
        answers += [on(k, changed), on(k, lambda out: 1 / 0)]
        answers += [on(k, lambda out, v=v: v) for v in equal_variants(ref(*copy.deepcopy(cases[k])))]
        answers += [on(k, lambda out, v=v: v) for v in other_types(ref(*copy.deepcopy(cases[k])))]
    return answers


def value_answers(ex):
    value = ex.reference()
    return [value, ..., changed(value), *equal_variants(value), *other_types(value),
            lambda: value, [object()], {"k": value}]


@pytest.mark.parametrize("exercise_id", REAL)
def test_the_sealed_key_gives_the_references_report(keys, exercise_id):
    teacher, student = editions(keys, exercise_id)
    answers = {"judge": judge_answers, "function": function_answers,
               "value": value_answers}[teacher.kind](teacher)
    reports = []
    for answer in answers:
        expected = ck.verify(teacher, answer)
        got = ck.verify(student, answer)
        if teacher.kind == "value" and got[1].startswith("○"):
            # the student edition judges a value's form only: an answer the teacher's
            # edition finds right or "not right" (and nothing else) is "checked when marked"
            assert got[0] and f"({type(teacher.reference()).__name__})" in got[1]
            assert expected[1].startswith("✓") or "is not right" in expected[1], (answer, expected)
        else:
            assert got == expected, (answer, expected)
        reports.append(expected)
    assert reports[0][0] and reports[0][1].startswith("✓")
    assert sum(not ok for ok, _ in reports) >= 5      # the wrong answers are told apart
    assert len({r for _, r in reports}) >= 4


@pytest.mark.parametrize("exercise_id", REAL)
def test_the_key_holds_the_checks_cases_and_no_answer(keys, exercise_id):
    teacher, student = editions(keys, exercise_id)
    assert student.all_cases() == teacher.all_cases()
    assert [repr(c) for c in student.all_cases()] == [repr(c) for c in teacher.all_cases()]
    assert student.has_sample() == teacher.has_sample() and student.hint == teacher.hint
    assert student.note == teacher.note
    data = keys[exercise_id].to_json()
    assert data.get("note") == teacher.note      # the sentence a right answer adds, if any
    text = json.dumps(data, ensure_ascii=False)
    if teacher.kind == "value":           # the type's name, nothing of the value
        assert set(data) - {"note"} == {"kind", "hint", "type"}
        assert data["type"] == type(teacher.reference()).__name__
        assert not re.search(r"\b[0-9a-f]{64}\b", text)      # no digest
    elif teacher.kind == "judge":
        outputs = ["\n".join(kf.output_lines(teacher.reference(c))) for c in teacher.all_cases()]
        assert not any(json.dumps(o)[1:-1] in text for o in outputs if len(o) > 8)
    with pytest.raises(ck.NoReferenceError, match="student edition"):
        student.reference()
    with pytest.raises(ValueError, match="teacher's package"):
        ck.verify(student, ..., hidden=True)


def test_a_key_is_salted_by_exercise_case_and_line():
    ck.register("test-twice-same", kind="judge", reference=lambda t: "a\na\n",
                cases=lambda rng: ["1\n", "2\n"], replace=True)
    key = sealed.seal("test-twice-same")
    digests = [d for case in key.expected for d in case.digests]
    assert len(set(digests)) == 4 and all(case.count == 2 for case in key.expected)
    ck.register("test-twice-other", kind="judge", reference=lambda t: "a\na\n",
                cases=lambda rng: ["1\n", "2\n"], replace=True)
    other = sealed.seal("test-twice-other")
    assert not set(digests) & {d for case in other.expected for d in case.digests}


# ---------------------------------------------------------------------------
# the canonical encoding

POOL = [0, 1, 2, True, False, 1.0, -0.0, 0.0, 0.5, 0.1, Fraction(1), Fraction(1, 2), Fraction(1, 10),
        decimal.Decimal(1), decimal.Decimal("0.5"), decimal.Decimal("0.1"), decimal.Decimal("-0"),
        complex(1, 0), complex(1, 2), complex(1.0, 2.0), 2**53, float(2**53), 2**53 + 1, 10**30,
        float("inf"), -float("inf"), decimal.Decimal("Infinity"), "1", "", b"1", b"", None,
        (), [], (1,), [1], (1.0,), [True], (1, 2), (2, 1), [1, [2]], [1, (2,)],
        set(), frozenset(), {1}, frozenset({1}), {1.0}, {1, 2}, {2, 1}, {(1, 2)}, {(1.0, 2)},
        {}, {1: 2}, {1.0: 2.0}, {True: 2}, {2: 1}, {1: 2, 3: 4}, {3: 4, 1: 2}, {1: [2]}, {1: (2,)},
        [{1}], [frozenset({1.0})], {"a": {1, 2}}, {"a": frozenset({2.0, 1})}, ("s", b"s")]


def test_canonical_text_agrees_with_equality_on_every_pair():
    for x, y in itertools.product(POOL, repeat=2):
        assert (kf.canonical(x) == kf.canonical(y)) == (x == y), (x, y)


def test_a_nan_equals_nothing_as_with_equality():
    for nan in (float("nan"), decimal.Decimal("NaN"), complex(float("nan"), 0)):
        assert kf.canonical(nan) != kf.canonical(nan)
        assert kf.canonical([nan]) != kf.canonical([copy.copy(nan)])
    assert kf.canonical(math.inf) == kf.canonical(decimal.Decimal("Infinity"))


def test_canonical_refuses_what_is_not_plain():
    with pytest.raises(TypeError, match="value must be a plain value"):
        kf.canonical([object()])
    assert kf.canonical_set([3, (1, 2)]) == kf.canonical({(1, 2), 3})


def test_cases_read_back_from_their_text():
    for case in [({0: [1, 2], 1: []},), ([gl.Infinity({0, 2}), 3, gl.Infinity()],),
                 ("5\n1 2\n",), ((), 0), (((0, 1), (1, 2)), 1), ([(1, 2)],), {1, 2}, -3, 2.5]:
        text = kf.case_text(case)
        back = kf.read_case(text)
        assert back == case and repr(back) == repr(case) and type(back) is type(case)
    with pytest.raises(ValueError, match="case"):
        kf.case_text(object())
    with pytest.raises(ValueError, match="case"):
        kf.case_text(float("nan"))
    with pytest.raises(ValueError, match="text"):
        kf.read_case("__import__('os')")
    with pytest.raises(TypeError, match="text"):
        kf.read_case(3)


def test_a_key_file_is_checked_when_read():
    with pytest.raises(ValueError, match="format"):
        kf.read_keys(json.dumps({"format": 99, "exercises": {}}))
    with pytest.raises(ValueError, match="not an answer key"):
        kf.read_keys(json.dumps({"format": kf.FORMAT, "exercises": {"x": {"kind": "value"}}}))
    with pytest.raises(TypeError, match="key"):
        ck.Exercise.from_key("x", {"kind": "value"})


def test_sealing_refuses_what_it_cannot_seal():
    ck.register("test-unplain", kind="value", reference=lambda: object(), replace=True)
    with pytest.raises(ValueError, match="not a plain value"):
        sealed.seal("test-unplain")
    ck.register("test-unplain-case", kind="function", reference=lambda x: 0,
                cases=lambda rng: [(object(),)], replace=True)
    with pytest.raises(ValueError, match="case"):
        sealed.seal("test-unplain-case")
    with pytest.raises(ValueError, match="not a known exercise"):
        sealed.seal("nope-nope")
    with pytest.raises(TypeError, match="path"):
        sealed.load_exercise_module(3)
    with pytest.raises(ValueError, match="path"):
        sealed.load_exercise_module("no_such_module.py")


# ---------------------------------------------------------------------------
# hidden cases (teacher's edition)

def test_hidden_cases_are_further_cases_for_marking():
    ex = ck.exercise("ex-14-2")
    usual = ex.all_cases()
    hidden = ex.hidden_cases()
    assert hidden and hidden == ex.hidden_cases() and not any(c in usual for c in hidden)

    def only_the_usual(*args):           # right on every case the student can see
        out = ex.reference(*args)
        return out if args in usual else out + 1

    assert ck.verify("ex-14-2", only_the_usual)[0]
    ok, report = ck.verify("ex-14-2", only_the_usual, hidden=True)
    assert not ok and report.startswith(f"✗ ex-14-2: wrong on hidden case 1 of {len(hidden)}")
    ok, report = ck.verify("ex-14-2", ex.reference, hidden=True)
    assert ok and report.endswith(f"and on {len(hidden)} hidden cases.")
    assert ck.verify("hdu1846", ck.exercise("hdu1846").reference, hidden=True)[1].startswith(
        "✓ hdu1846: right on the official sample and on ")
    value = ck.exercise("ex-05-1").reference()
    assert ck.verify("ex-05-1", value, hidden=True) == ck.verify("ex-05-1", value)
    with pytest.raises(TypeError, match="hidden"):
        ck.verify("ex-14-2", ex.reference, hidden="yes")
