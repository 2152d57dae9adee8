"""The student wheel (tools/student_package.py): its checks work, and no installed file holds
an answer.

The wheel is built once, installed with ``pip install --target`` into a folder of
its own, and used from fresh interpreters whose ``PYTHONPATH`` is that folder
only.  What the teacher's edition (this process) knows is compared with what the
installed student edition says and holds.
"""
from __future__ import annotations

import contextlib
import copy
import importlib.util
import inspect
import io
import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from gamelab.exercises import check as ck
from gamelab.exercises import keyformat as kf
from gamelab.exercises.helpers import new_stone_options
from gamelab.exercises.references import nimber as ex_nimber
from gamelab_testing import ROOT, course_exercises

_spec = importlib.util.spec_from_file_location("student_package", ROOT / "tools" / "student_package.py")
student_package = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student_package)

#: The tests of this file share one installed wheel: they run on one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("student-package")

REAL = list(course_exercises())
MY_EXERCISES = ROOT / "notebooks" / "templates" / "my_exercises.py"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The student wheel, with the template's exercise module sealed in, installed into a folder."""
    wheel = student_package.build_wheel(tmp_path_factory.mktemp("wheel"),
                                        extra_modules=[MY_EXERCISES])
    assert wheel.is_file() and wheel.suffix == ".whl"
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet",
                    "--target", str(target), str(wheel)], check=True)
    return target


def run(target, code, data=None):
    """Run ``code`` in a fresh interpreter that sees only the installed student package.

    ``data`` (JSON-able) is there as ``DATA``; the code's last act is to print a JSON
    value, which is returned.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    given = target.parent / "data.json"
    given.write_text(json.dumps(data), encoding="utf-8")
    prelude = "import json, sys\nDATA = json.loads(open(sys.argv[1], encoding='utf-8').read())\n"
    done = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code), str(given)],
                          cwd=target.parent, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_student_edition_is_installed_without_references(installed):
    info = run(installed, """
        import importlib.util, gamelab
        from gamelab.exercises import check as ck
        print(json.dumps([gamelab.__file__, ck.EDITION, ck.exercises(),
                          importlib.util.find_spec("gamelab.exercises.references") is None,
                          gamelab.exercises.new_stone_options((1, 2))]))
    """)
    path, edition, ids, no_references, options = info
    assert pathlib.Path(path).resolve().is_relative_to(installed.resolve())
    assert edition == "student" and no_references
    assert ids == sorted(REAL + ["my-1", "my-2"])
    assert options == [list(o) for o in new_stone_options((1, 2))]
    assert not (installed / "gamelab" / "exercises" / "references").exists()
    assert (installed / "gamelab" / "exercises" / ck.KEYS_FILE).is_file()


def library_text():
    """The text of every file of the teacher's package outside the references."""
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "gamelab").rglob("*")
                     if p.is_file() and p.suffix in (".py", ".md", ".txt", ".in", ".out")
                     and "references" not in p.parts)


def needles():
    """What no installed file may hold, each with its exercise: each reference's own source
    lines and its ``def``, each value exercise's answer, each judge's expected outputs."""
    samples = [p.read_text(encoding="utf-8")
               for p in (ROOT / "gamelab" / "exercises" / "samples").glob("*.out")]
    library = library_text()
    found = {}
    for exercise_id in REAL:
        ex = ck.exercise(exercise_id)
        source = inspect.getsource(ex.reference)
        found[f"def {ex.reference.__name__}("] = exercise_id
        found.update({line.strip(): exercise_id for line in source.splitlines()
                      if len(line.strip()) >= 24 and line.strip() not in library})
        if ex.kind == "value":
            value = ex.reference()
            texts = [repr(value)] + ([repr(sorted(value, key=repr))]
                                     if isinstance(value, (set, frozenset)) else [])
            found.update({t: exercise_id for t in texts if len(t) >= 8})
        elif ex.kind == "judge":
            for case in ex.all_cases()[int(ex.has_sample()):]:
                out = "\n".join(kf.output_lines(ex.reference(case)))
                if len(out) >= 12 and not any(out in s for s in samples):   # samples are public
                    found[out] = exercise_id
    found.update({"def grundy_256(": "my-1", "def p_positions_256(": "my-2"})
    return found


def installed_text(path):
    """A file's text; of the key file, all but the cases (public: every report shows them)."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    if path.name != ck.KEYS_FILE:
        return text
    data = json.loads(text)
    for key in data["exercises"].values():
        for case in key.get("cases", []):
            case.pop("input", None)
            case.pop("arguments", None)
    return json.dumps(data, ensure_ascii=False)


def test_no_installed_file_holds_an_answer(installed):
    wanted = needles()
    assert len(wanted) > 300                    # the search is not empty
    # The library's own documentation states no answer either.
    library = library_text()
    in_library = {w: e for w, e in wanted.items() if w in library}
    assert sorted(set(in_library.values())) == []
    files = [p for p in (installed / "gamelab").rglob("*") if p.is_file()]
    assert len(files) > 50
    leaks = []
    for path in files:
        text = installed_text(path)
        leaks += [(path.name, e, w[:60]) for w, e in wanted.items()
                  if w not in in_library and w in text]
    assert leaks == []
    assert not [p for p in files if p.name.endswith(".md") and "exercises" in p.parts]


def test_no_answer_can_be_read_from_the_check(installed):
    values = [repr(ck.exercise(e).reference()) for e in REAL if ck.exercise(e).kind == "value"]
    said = run(installed, """
        import inspect
        from gamelab.exercises import check as ck
        out = {}
        try:
            ck.exercise("ex-05-1").reference()
            out["raised"] = None
        except Exception as exc:
            out["raised"] = [type(exc).__name__, str(exc)]
        ex = ck.exercise("hdu1846")
        out["source"] = inspect.getsource(ck) + inspect.getsource(ex.reference)
        out["fields"] = repr(ex)[:2000] + repr(ck.exercise("ex-05-1"))
        try:
            ck.verify("hdu1846", lambda t: t, hidden=True)
            out["hidden"] = None
        except ValueError as exc:
            out["hidden"] = str(exc)
        print(json.dumps(out))
    """)
    assert said["raised"][0] == "NoReferenceError" and "no reference solutions" in said["raised"][1]
    assert "teacher's package" in said["hidden"]
    text = said["source"] + said["fields"]
    assert not [v for v in values if len(v) >= 8 and v in text]
    reference = inspect.getsource(ck.exercise("hdu1846").reference)
    assert "def hdu1846" not in text
    assert not [line for line in reference.splitlines() if len(line.strip()) >= 24
                and line.strip() in text and line.strip() not in inspect.getsource(ck)]


# ---------------------------------------------------------------------------
# the same reports as the teacher's edition

def table(ex):
    """Every case of ``ex`` with the teacher's answer, keyed by the case's text."""
    if ex.kind == "judge":
        return {kf.case_text((c,)): ex.reference(c) for c in ex.all_cases()}
    return {kf.case_text(c): kf.case_text(ex.reference(*copy.deepcopy(c)))
            for c in ex.all_cases()}


ANSWERS = r"""
from gamelab.exercises import keyformat as kf

def answers(kind, table, last):
    if kind == "judge":
        look = lambda t: table[kf.case_text((t,))]
        def line_off(t):
            out = look(t)
            if kf.case_text((t,)) != last:
                return out
            lines = out.splitlines() or [""]
            lines[-1] += "1"
            return "\n".join(lines)
        return [look, line_off, lambda t: "\n".join(look(t).splitlines()[:-1]),
                lambda t: look(t) + "extra\n", lambda t: 7, ...]
    look = lambda *a: kf.read_case(table[kf.case_text(a)])
    def one_off(*a):
        out = look(*a)
        return out if kf.case_text(a) != last else (out, "changed")
    return [look, one_off, lambda *a: [look(*a)], lambda *a: None, ...]
"""


def reports_here(exercise_id, data):
    space = {}
    exec(ANSWERS, space)
    if data["kind"] == "value":
        answers = [kf.read_case(a) for a in data["values"]]
    else:
        answers = space["answers"](data["kind"], data["table"], data["last"])
    return [list(ck.verify(exercise_id, a)) for a in answers]


def test_a_right_answer_and_wrong_ones_get_the_teachers_reports(installed):
    data = {}
    for exercise_id in REAL:
        ex = ck.exercise(exercise_id)
        if ex.kind == "value":
            value = ex.reference()
            variants = [value, sorted(value) if isinstance(value, set) else [value], None,
                        str(value)]
            data[exercise_id] = {"kind": "value", "values": [kf.case_text(v) for v in variants]}
        else:
            cases = table(ex)
            data[exercise_id] = {"kind": ex.kind, "table": cases, "last": list(cases)[-1]}
    theirs = run(installed, ANSWERS + textwrap.dedent("""
        from gamelab.exercises import check as ck
        out = {}
        for exercise_id, d in DATA.items():
            if d["kind"] == "value":
                got = [kf.read_case(a) for a in d["values"]]
            else:
                got = answers(d["kind"], d["table"], d["last"])
            out[exercise_id] = [list(ck.verify(exercise_id, a)) for a in got]
        print(json.dumps(out))
    """), data)
    ours = {exercise_id: reports_here(exercise_id, d) for exercise_id, d in data.items()}
    assert theirs.keys() == ours.keys()
    for exercise_id, reports in ours.items():      # right; a set may come as a list; wrong
        ok = [r[0] for r in reports]
        if data[exercise_id]["kind"] == "value":
            assert ok == [True, isinstance(ck.exercise(exercise_id).reference(), set), False,
                          False], exercise_id
            # the handout holds nothing of a value: right, or of its type but wrong, it
            # is "checked when marked"; an answer of another type is told so, as here
            for (mine, said), (their_ok, theirs_said) in zip(reports, theirs[exercise_id]):
                if mine or "is not right" in said:
                    assert their_ok and theirs_said.startswith(f"○ {exercise_id}: "), theirs_said
                else:
                    assert [their_ok, theirs_said] == [mine, said]
        else:
            assert ok == [True] + [False] * (len(ok) - 1), (exercise_id, reports)
            assert theirs[exercise_id] == reports


def test_the_lecturers_exercise_ships_sealed(installed):
    said = run(installed, """
        from gamelab.exercises import check as ck
        print(json.dumps([ck.verify("my-1", lambda n: 0), ck.exercise("my-2").kind]))
    """)
    report, kind = said
    assert kind == "value" and report[0] is False
    assert report[1].startswith("✗ my-1: wrong on case ")


@pytest.mark.parametrize("program", ["right", "wrong"])
def test_run_program_agrees_with_the_teachers_edition(installed, program):
    source = ex_nimber.PROGRAMS["lc_nim_product_64"] if program == "right" else "print(3)\n"
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        ok = ck.run_program(source, "lc_nim_product_64", further=3)
    theirs = run(installed, """
        import contextlib, io
        from gamelab.exercises.check import run_program
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            ok = run_program(DATA, "lc_nim_product_64", further=3)
        print(json.dumps([ok, out.getvalue()]))
    """, source)
    assert theirs == [ok, here.getvalue()]
    assert ok == (program == "right")


def test_build_wheel_refuses_bad_arguments(tmp_path):
    with pytest.raises(TypeError, match="out_dir"):
        student_package.build_wheel(3)
    with pytest.raises(TypeError, match="extra_modules"):
        student_package.build_wheel(tmp_path, extra_modules=str(MY_EXERCISES))
    with pytest.raises(ValueError, match="extra_modules"):
        student_package.build_wheel(tmp_path, extra_modules=[tmp_path / "none.py"])
