"""The grader (gamelab.grading): reading the lectures and the submissions, and
marking a folder of made-up submissions of a real lecture end to end.

The whole-notebook tests (marked ``slow``) build one folder from lecture 00,
the fastest lecture with both a value check and function and judge checks:
the teacher's notebook itself (right), one answer changed (wrong), the
student edition (not answered), a cell that never ends, a cell that kills
the kernel, a file that is not JSON, a deleted check cell and a student who
handed in nothing; then they read back every row of the gradebook.
"""
from __future__ import annotations

import copy
import csv
import importlib.util
import json
import re
import shutil

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamelab import i18n
from gamelab.exercises.check import exercise
from gamelab.grading import Limits, STATUSES, grade, main
from gamelab.grading import probe
from gamelab.grading.batch import Outcome, classify, grade_rows, hand_rows
from gamelab.grading.lectures import (PLACEHOLDER, check_calls, checked_ids, find_lecture, is_placeholder,
                                      read_lecture)
from gamelab.grading.submissions import Unreadable, find_submissions, read_submission
from gamelab_testing import NOTEBOOKS, ROOT

_spec = importlib.util.spec_from_file_location("student", ROOT / "tools" / "student.py")
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)

#: The whole-notebook tests run each submission in bubblewrap (installed by .ci/run).
needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None,
                                 reason="bubblewrap (bwrap) is not installed: no sandbox to grade in")

LECTURE = "00_impartial_games"
TEACHER = NOTEBOOKS / f"{LECTURE}.ipynb"
#: A check call as the lectures write it (read here without the grader's parser).
CHECK = re.compile(r"""^check\(["']([^"']+)["'],\s*(\w+)\)\s*$""", re.M)
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}


def _nb(*cells):
    nb = new_notebook(cells=list(cells))
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    return nb


def _answer_cell(label, text=PLACEHOLDER):
    cell = new_markdown_cell(text)
    cell.metadata.update({"tags": ["answer"], "gamelab": {"exercise": label}})
    return cell


def _write(nb, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# -- reading the teacher's notebooks -----------------------------------------------

def test_check_calls_reads_every_spelling():
    src = ("%matplotlib inline\nx = 1\ncheck('hdu1536', solve); check(\"hdu1944\", solve)\n"
           "if True:\n    check('ex-02-2', g23)\n")
    assert check_calls(src) == [("hdu1536", "solve"), ("hdu1944", "solve"), ("ex-02-2", "g23")]
    assert check_calls("check(name, solve)\nx.check('a', b)\ncheck('a')\nprint('check(\"z\", y)')") == []
    assert check_calls("check('ex-05-1', answer[0] + 1)") == [("ex-05-1", "answer[0] + 1")]


def test_a_cell_that_is_not_python_still_shows_its_checks():
    broken = 'def solve(s:\n    return s\ncheck("hdu2147", solve)\n'
    assert check_calls(broken) == []
    assert checked_ids(broken) == ["hdu2147"]
    assert checked_ids("check('ex-00-1', answer)") == ["ex-00-1"]


def test_read_lecture_of_a_small_notebook(tmp_path):
    nb = _nb(new_code_cell("from gamelab.exercises.check import check"),
             new_code_cell("answer = ..."), new_code_cell('check("ex-a", answer)'),
             _answer_cell("1.2"), new_markdown_cell("check('not-code', x)"),
             new_code_cell('check("ex-b", solve)\ncheck("ex-a", other)'), _answer_cell("1.3"),
             _answer_cell("1.2", "more"))
    lec = read_lecture(_write(nb, tmp_path / "07_demo.ipynb"))
    assert lec.name == "07_demo" and lec.filename == "07_demo.ipynb"
    assert [(e.id, e.expression, e.cell) for e in lec.exercises] == [
        ("ex-a", "answer", 2), ("ex-b", "solve", 5)]
    assert lec.by_hand == ("1.2", "1.3")


def test_read_lecture_finds_every_check_of_the_real_lecture():
    nb = nbformat.read(TEACHER, as_version=4)
    expected = [(m.group(1), m.group(2)) for cell in nb.cells if cell.cell_type == "code"
                for m in CHECK.finditer(cell.source)]
    lec = read_lecture(TEACHER)
    assert expected and [(e.id, e.expression) for e in lec.exercises] == expected
    kinds = {exercise(e.id).kind for e in lec.exercises}
    # the lecture the whole-notebook tests use has a value check and a function or judge check
    assert "value" in kinds and kinds & {"function", "judge"}


def test_find_lecture_by_name_file_or_number():
    names = ["00_impartial_games", "05_wythoff", "course_map"]
    assert find_lecture("05_wythoff", names) == "05_wythoff"
    assert find_lecture("05_wythoff.ipynb", names) == "05_wythoff"
    assert find_lecture("5", names) == find_lecture("05", names) == "05_wythoff"
    with pytest.raises(ValueError, match=r"lecture: '07' is not a lecture.*00_impartial_games"):
        find_lecture("07", names)
    with pytest.raises(ValueError, match="lecture must name a lecture"):
        find_lecture(" ", names)
    with pytest.raises(TypeError, match="lecture must be a str"):
        find_lecture(5, names)


# -- finding and reading the submissions ---------------------------------------------

def test_find_submissions_in_both_layouts(tmp_path):
    nb = nbformat.writes(_nb())
    for rel in ["alice/00_impartial_games.ipynb", "alice/week2/05_wythoff.ipynb",
                "alice/.ipynb_checkpoints/05_wythoff-checkpoint.ipynb", "alice/notes.ipynb",
                "bob/00_impartial_games.ipynb", "bob/again/00_impartial_games.ipynb",
                "carol__05_wythoff.ipynb", "dave.ipynb", ".hidden/00_impartial_games.ipynb"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(nb)
    (tmp_path / "erin").mkdir()
    lectures = ["00_impartial_games", "05_wythoff"]
    found = find_submissions(tmp_path, lectures)
    got = [(s.student, s.lecture, [str(p.relative_to(tmp_path)) for p in s.paths])
           for s in found.submissions]
    assert got == [
        ("alice", "00_impartial_games", ["alice/00_impartial_games.ipynb"]),
        ("alice", "05_wythoff", ["alice/week2/05_wythoff.ipynb"]),
        ("bob", "00_impartial_games", ["bob/00_impartial_games.ipynb",
                                       "bob/again/00_impartial_games.ipynb"]),
        ("bob", "05_wythoff", []),
        ("carol", "00_impartial_games", []),
        ("carol", "05_wythoff", ["carol__05_wythoff.ipynb"]),
        ("erin", "00_impartial_games", []),
        ("erin", "05_wythoff", []),
    ]
    assert [n.split(":")[0] for n in found.skipped] == [str(tmp_path / "alice/notes.ipynb"),
                                                        str(tmp_path / "dave.ipynb")]
    only = find_submissions(tmp_path, lectures, lecture="05_wythoff")
    assert [(s.student, len(s.paths)) for s in only.submissions] == [
        ("alice", 1), ("bob", 0), ("carol", 1), ("dave", 1), ("erin", 0)]
    assert only.submissions[3].path == tmp_path / "dave.ipynb"
    ignoring = find_submissions(tmp_path, lectures, ignore=[tmp_path / "erin"])
    assert "erin" not in ignoring.students and "alice" in ignoring.students


def test_find_submissions_refuses_a_missing_folder_or_lecture(tmp_path):
    with pytest.raises(ValueError, match="submissions: .* is not a folder"):
        find_submissions(tmp_path / "nowhere", ["00_impartial_games"])
    with pytest.raises(ValueError, match="lecture: '05_wythoff'"):
        find_submissions(tmp_path, ["00_impartial_games"], lecture="05_wythoff")


def test_read_submission_tells_a_notebook_from_anything_else(tmp_path):
    good = _write(_nb(new_code_cell("x = 1")), tmp_path / "good.ipynb")
    assert read_submission(good).cells[0].source == "x = 1"
    for text, words in [("not json {", "is not valid JSON"), ("[1, 2]", "not a notebook"),
                        ('{"cells": [], "metadata": {}}', "not a notebook"),
                        (json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                                     "cells": [{"cell_type": "code"}]}), "not a notebook")]:
        (tmp_path / "bad.ipynb").write_text(text)
        with pytest.raises(Unreadable, match=words):
            read_submission(tmp_path / "bad.ipynb")


# -- rows from outcomes ----------------------------------------------------------------

def _lecture(tmp_path):
    nb = _nb(new_code_cell('check("ex-a", answer)'), new_code_cell('check("ex-b", solve)'),
             new_code_cell('check("ex-c", f)'), _answer_cell("9.1"), _answer_cell("9.2"))
    return read_lecture(_write(nb, tmp_path / "09_demo.ipynb"))


def test_classify_reads_the_checks_report():
    assert classify(True, "✓ ex-a: right on 5 generated cases.") == "right"
    assert classify(False, "✗ ex-a: not answered yet.") == "not answered"
    assert classify(False, "✗ ex-a: wrong on case 1 of 5 (arguments: 7): your function "
                           "returned 1.") == "wrong"


def test_rows_of_a_run_that_stopped_keep_what_was_checked(tmp_path):
    lec = _lecture(tmp_path)
    outcome = Outcome("timed out", "cell 4 (`while True:`) ran longer than 9 s and was stopped",
                      {"ex-a": {"ok": True, "message": "✓ ex-a: right."}})
    rows = grade_rows("ann", lec, outcome, {"ex-a", "ex-c"})
    assert [(r.exercise, r.status, r.points, r.message) for r in rows] == [
        ("ex-a", "right", 1, "✓ ex-a: right."),
        ("ex-b", "not attempted", 0, "the submission has no check cell for ex-b"),
        ("ex-c", "timed out", 0, outcome.message)]
    crashed = grade_rows("ann", lec, Outcome("crashed", "the kernel died", {
        "ex-a": {"error": "`answer` could not be evaluated: NameError: x"},
        "ex-b": {"ok": False, "message": "✗ ex-b: not answered yet."}}, ("cell 2: ValueError",)),
        {"ex-a", "ex-b", "ex-c"})
    assert [(r.status, r.message) for r in crashed] == [
        ("error", "`answer` could not be evaluated: NameError: x "
                  "(the notebook's first error: cell 2: ValueError)"),
        ("not answered", "✗ ex-b: not answered yet."), ("crashed", "the kernel died")]
    for status in ("unreadable", "missing"):
        rows = grade_rows("ann", lec, Outcome(status, "why"), set())
        assert {(r.status, r.message) for r in rows} == {
            ("unreadable" if status == "unreadable" else "not attempted", "why")}


def test_hand_rows_read_every_answer_cell(tmp_path):
    lec = _lecture(tmp_path)
    nb = _nb(_answer_cell("9.1", "  Because the move is **reversible**.  "),
             _answer_cell("9.1"), _answer_cell("9.7", "An extra answer."))
    rows = hand_rows("ann", lec, nb)
    assert [(r.exercise, r.status, r.text) for r in rows] == [
        ("9.1", "answered", "Because the move is **reversible**."), ("9.2", "missing", ""),
        ("9.7", "answered", "An extra answer.")]
    untouched = hand_rows("ann", lec, _nb(_answer_cell("9.1"), _answer_cell("9.2", "  ")))
    assert [(r.status, r.text) for r in untouched] == [("unanswered", "")] * 2
    assert [r.status for r in hand_rows("ann", lec, None, "unreadable")] == ["unreadable"] * 2


# -- bad arguments -------------------------------------------------------------------------

def test_grade_refuses_bad_arguments(tmp_path):
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    with pytest.raises(ValueError, match="submissions: .* is not a folder"):
        grade(tmp_path / "nowhere", notebooks=tmp_path / "none", out=tmp_path / "out", echo=None)
    with pytest.raises(ValueError, match="lecture: '99' is not a lecture of the course"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, lecture="99", out=tmp_path / "out")
    with pytest.raises(ValueError, match="notebooks: .* is not a folder"):
        grade(tmp_path / "subs", notebooks=tmp_path / "none", out=tmp_path / "out")
    with pytest.raises(ValueError, match="no submission found"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, out=tmp_path / "out", echo=None)
    with pytest.raises(ValueError, match="jobs must be >= 1"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, jobs=0)
    with pytest.raises(TypeError, match="jobs must be an int"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, jobs="2")
    with pytest.raises(ValueError, match="cell limit must be a number of seconds > 0"):
        Limits(cell=0)
    assert not (tmp_path / "out").exists()


def test_grade_refuses_a_bad_sandbox_choice_or_secret(tmp_path):
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    with pytest.raises(TypeError, match="sandboxed must be a bool"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, sandboxed="no")
    with pytest.raises(ValueError, match="vary must be one of"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, vary="class")
    with pytest.raises(ValueError, match="secret: .* is inside .*subs"):
        grade(tmp_path / "subs", notebooks=NOTEBOOKS, secret=tmp_path / "subs" / "key")
    with pytest.raises(TypeError, match="memory limit must be an int"):
        Limits(memory=1.5e9)
    with pytest.raises(ValueError, match="processes limit must be at least 16"):
        Limits(processes=2)


def test_without_bubblewrap_marking_is_refused_unless_unsandboxed(tmp_path, capsys, monkeypatch):
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    _write(_nb(new_code_cell("x = 1")), tmp_path / "subs" / "ann" / f"{LECTURE}.ipynb")
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    out = tmp_path / "out"
    assert main([str(tmp_path / "subs"), "--notebooks", str(NOTEBOOKS), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gamelab-grade: refused: bubblewrap (bwrap) is not installed")
    assert "--unsandboxed" in err and not out.exists()


def test_the_command_line_takes_the_new_options():
    from gamelab.grading.cli import parser
    args = parser().parse_args(["subs", "--secret", "~/k", "--vary", "run", "--unsandboxed",
                                "--memory-limit", "2G"])
    assert (args.secret, args.vary, args.unsandboxed, args.memory_limit) == (
        "~/k", "run", True, 2 * 2**30)
    assert parser().parse_args(["subs"]).unsandboxed is False
    with pytest.raises(SystemExit):
        parser().parse_args(["subs", "--memory-limit", "12K"])


def test_the_command_line_says_what_is_wrong(tmp_path, capsys):
    assert main([str(tmp_path / "nowhere"), "--notebooks", str(NOTEBOOKS)]) == 2
    assert "gamelab-grade: error: submissions:" in capsys.readouterr().err
    assert main([str(tmp_path), "--notebooks", str(NOTEBOOKS), "--lecture", "wythoff"]) == 2
    assert "lecture: 'wythoff' is not a lecture" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main([str(tmp_path), "--jobs", "0"])
    assert info.value.code == 2 and "--jobs" in capsys.readouterr().err


# -- a folder of made-up submissions of lecture 00 ------------------------------------------

HANG = "while True:\n    pass"
CRASH = "import os\nos._exit(1)"
WRITTEN = "Eating (1, 1) leaves two equal arms; copy every move on the other arm."
CELL_LIMIT = 20


def _check_cell(nb, eid):
    return next(i for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and any(m.group(1) == eid for m in CHECK.finditer(c.source)))


def _inserted(nb, index, source):
    nb = copy.deepcopy(nb)
    nb.cells.insert(index, new_code_cell(source))
    return nb


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    """The lecture's exercises, where the submissions changed it, and the grader's run."""
    teacher = nbformat.read(TEACHER, as_version=4)
    ids = [m.group(1) for c in teacher.cells if c.cell_type == "code" for m in CHECK.finditer(c.source)]
    assert len(ids) >= 3
    value = next(i for i in ids if exercise(i).kind == "value")
    function = next(i for i in reversed(ids) if exercise(i).kind in ("function", "judge"))
    subs = tmp_path_factory.mktemp("submitted")
    where = {}

    def hand_in(name, nb):
        return _write(nb, subs / name / "assignment-0" / f"{LECTURE}.ipynb")

    hand_in("right", teacher)
    at = _check_cell(teacher, value)
    expr = CHECK.search(teacher.cells[at].source).group(2)
    wrong = _inserted(teacher, at, f"{expr} = {expr}[1:]   # one too few")
    labels = [c.metadata["gamelab"]["exercise"] for c in teacher.cells
              if c.cell_type == "markdown" and "answer" in c.metadata.get("tags", [])]
    if labels:
        next(c for c in wrong.cells if c.cell_type == "markdown"
             and c.metadata.get("gamelab", {}).get("exercise") == labels[0]).source = WRITTEN
    else:
        labels = ["0.9"]
        wrong.cells.append(_answer_cell("0.9", WRITTEN))
    hand_in("wrong", wrong)
    hand_in("not_answered", student.student_notebook(teacher, notebook=TEACHER.name))
    where["hang"] = _check_cell(teacher, ids[0]) + 1
    hand_in("hanging", _inserted(teacher, where["hang"], HANG))
    where["crash"] = _check_cell(teacher, ids[1]) + 1
    hand_in("crashing", _inserted(teacher, where["crash"], CRASH))
    (subs / "unreadable").mkdir()
    (subs / "unreadable" / f"{LECTURE}.ipynb").write_text("{ this is not a notebook")
    deleted = copy.deepcopy(teacher)
    del deleted.cells[_check_cell(teacher, function)]
    hand_in("deleted_check", deleted)
    (subs / "absent").mkdir()
    lines = []
    out = tmp_path_factory.mktemp("grades")
    graded = grade(subs, notebooks=NOTEBOOKS, out=out, jobs=2, echo=lines.append,
                   limits=Limits(cell=CELL_LIMIT, notebook=600))
    return {"ids": ids, "value": value, "function": function, "where": where, "labels": labels,
            "graded": graded, "out": out, "lines": lines, "teacher": teacher}


def _expected(m):
    """``{student: [(status, message test)]}``, each row of the lecture in order."""
    ids, where = m["ids"], m["where"]
    right = [("right", lambda msg, i=i: msg.startswith(f"✓ {i}: right")) for i in ids]

    def wrong(i):
        return ("wrong", lambda msg: msg.startswith(f"✗ {i}: ") and "is not right" in msg)

    crash = f"the kernel died (exit status 1) in cell {where['crash'] + 1} (`import os`)"
    return {
        "absent": [("not attempted", lambda msg: msg == f"no submission of {LECTURE}.ipynb")] * len(ids),
        "crashing": right[:2] + [("crashed", lambda msg: msg == crash)] * (len(ids) - 2),
        # an answered exercise whose check cell is gone is checked after the cell defining it
        "deleted_check": right,
        # a cell that never ends is interrupted: every exercise is judged on its own
        "hanging": right,
        "not_answered": [("not answered", lambda msg, i=i: msg == f"✗ {i}: not answered yet.")
                         for i in ids],
        "right": right,
        "unreadable": [("unreadable", lambda msg: msg.startswith(
            f"{LECTURE}.ipynb is not valid JSON"))] * len(ids),
        "wrong": [wrong(i) if i == m["value"] else right[k] for k, i in enumerate(ids)],
    }


@pytest.mark.slow
@needs_bwrap
def test_every_row_of_the_gradebook(marked):
    rows = _read_csv(marked["out"] / "gradebook.csv")
    expected = _expected(marked)
    want = [(s, LECTURE, eid) for s in sorted(expected) for eid in marked["ids"]]
    assert [(r["student"], r["lecture"], r["exercise"]) for r in rows] == want
    for r in rows:
        status, message_ok = expected[r["student"]][marked["ids"].index(r["exercise"])]
        assert (r["student"], r["exercise"], r["status"]) == (r["student"], r["exercise"], status)
        assert message_ok(r["message"]), (r["student"], r["exercise"], r["message"])
        assert r["status"] in STATUSES
        assert (r["points"], r["max_points"]) == ("1" if status == "right" else "0", "1")


@pytest.mark.slow
@needs_bwrap
def test_the_summaries_and_the_lines_printed(marked):
    expected = _expected(marked)
    run = {"absent": "missing", "crashing": "crashed", "unreadable": "unreadable"}
    score = {s: sum(st == "right" for st, _ in rows) for s, rows in expected.items()}
    n = len(marked["ids"])
    assert [tuple(r.values()) for r in _read_csv(marked["out"] / "summary.csv")] == [
        (s, LECTURE, str(score[s]), str(n), run.get(s, "graded")) for s in sorted(expected)]
    lines = marked["lines"]
    assert lines[-5:] == [f"{name}: {marked['out'] / name}" for name in
                          ("gradebook.csv", "summary.csv", "summary.md", "by_hand.csv",
                           "similarity.csv")]
    per_submission = sorted(lines[:-5])
    assert [line.split()[:3] for line in per_submission] == [
        [s, LECTURE, f"{score[s]}/{n}"] for s in sorted(expected)]
    md = (marked["out"] / "summary.md").read_text(encoding="utf-8")
    for k, eid in enumerate(marked["ids"]):
        statuses = [expected[s][k][0] for s in expected]
        handed_in = [expected[s][k][0] for s in expected if s != "absent"]
        rate = round(100 * handed_in.count("right") / len(handed_in))
        assert re.search(rf"^\| {re.escape(eid)} \| {statuses.count('right')} \| "
                         rf"{statuses.count('wrong')} \| .* \| {rate} % \|$", md, re.M), eid
    hang = (f"cell {marked['where']['hang'] + 1} (`while True:`) ran longer than {CELL_LIMIT} s "
            "and was interrupted")
    assert [s.message for s in marked["graded"].summaries if s.student == "hanging"] == [
        f"1 cell raised an error (first: {hang})"]


@pytest.mark.slow
@needs_bwrap
def test_the_answers_to_mark_by_hand(marked):
    rows = _read_csv(marked["out"] / "by_hand.csv")
    labels = marked["labels"]
    status = {"absent": "no submission", "unreadable": "unreadable"}
    want = []
    for s in sorted(_expected(marked)):
        for k, label in enumerate(labels):
            if s == "wrong" and k == 0:
                want.append((s, LECTURE, label, "answered", WRITTEN))
            else:
                want.append((s, LECTURE, label, status.get(s, "unanswered"), ""))
    if labels == ["0.9"]:       # the lecture has no answer cell: only the one added
        want = [w for w in want if w[0] == "wrong"]
    assert [tuple(r.values()) for r in rows] == want


# -- the limits, on small notebooks --------------------------------------------------------

REGISTER = ("from gamelab.exercises.check import check, register\n"
            "register('test-grading-fn', kind='function', reference=lambda n: n % 4,\n"
            "         cases=lambda rng: [(rng.randrange(50),) for _ in range(6)], replace=True)\n"
            "register('test-grading-val', kind='value', reference=lambda: 42, replace=True)")
# the grader judges in its own process: the exercises are registered here, where the
# teacher's references are (the notebooks' own registering reaches only their sandbox)
exec(REGISTER)
UNDER_THE_GRADER = '''import sys
import time

def f(n):
    """Right, except when the grader calls it: then it never returns."""
    frame = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "record" and frame.f_code.co_filename.endswith("probe.py"):
            while True:
                time.sleep(0.05)
        frame = frame.f_back
    return n % 4'''


def _demo_course(tmp_path, *cells):
    """A course of one lecture, ``09_demo``, and a folder with one submission of it."""
    teacher = _nb(new_code_cell(REGISTER), new_code_cell("def f(n):\n    return n % 4"),
                  new_code_cell('check("test-grading-fn", f)'), new_code_cell("answer = 42"),
                  new_code_cell('check("test-grading-val", answer)'))
    _write(teacher, tmp_path / "course" / "09_demo.ipynb")
    _write(_nb(*cells), tmp_path / "subs" / "ann" / "09_demo.ipynb")
    return tmp_path / "course", tmp_path / "subs"


@pytest.mark.slow
@needs_bwrap
def test_a_check_that_never_returns_is_stopped_and_the_run_goes_on(tmp_path):
    course, subs = _demo_course(tmp_path, new_code_cell(REGISTER), new_code_cell(UNDER_THE_GRADER),
                                new_code_cell('check("test-grading-fn", f)'),
                                new_code_cell("answer = 6 * 7"),
                                new_code_cell('check("test-grading-val", answer)'))
    graded = grade(subs, notebooks=course, out=tmp_path / "out", echo=None,
                   limits=Limits(cell=15, notebook=300))
    assert [(r.exercise, r.status, r.message) for r in graded.rows] == [
        ("test-grading-fn", "timed out", "checking the answer ran longer than 15 s and was stopped"),
        ("test-grading-val", "right", "✓ test-grading-val: right.")]


@pytest.mark.slow
@needs_bwrap
def test_the_cpu_limit_stops_a_kernel_that_spins(tmp_path):
    course, subs = _demo_course(tmp_path, new_code_cell(REGISTER), new_code_cell(HANG),
                                new_code_cell('check("test-grading-val", 42)'))
    graded = grade(subs, notebooks=course, out=tmp_path / "out", echo=None,
                   limits=Limits(cell=600, notebook=600, cpu=4))
    assert [(r.exercise, r.status) for r in graded.rows] == [
        ("test-grading-fn", "not attempted"), ("test-grading-val", "timed out")]
    assert graded.rows[1].message == "the kernel used more than 4 s of CPU time in cell 2 (`while True:`)"
    assert graded.summaries[0].status == "timed out"


def test_a_chinese_notebook_is_graded_in_english_and_keeps_its_language(tmp_path):
    """The gradebook speaks one language: the probe records in English inside a notebook
    that switched gamelab to Chinese, then switches back."""
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"kind": "function", "cases": ["(1,)", "(2,)"]}))

    def solve(n):
        return 1 // (n - 2)

    i18n.set_language("zh_CN")
    try:
        out = tmp_path / "r.jsonl"
        probe.record({"solve": solve}, "solve", str(cases), str(out))
        lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        assert lines[:2] == [{"answer": "function"}, {"r": -1}]
        assert lines[2]["f"].startswith("raised ZeroDivisionError: integer division or modulo "
                                        "by zero (line ")
        assert i18n.language() == "zh_CN"
    finally:
        i18n.set_language("en")


def test_the_chinese_placeholder_counts_as_unanswered():
    assert is_placeholder("*在此作答。*") and is_placeholder(PLACEHOLDER)
    assert not is_placeholder("G(0) = 0 because 0 has no option.")


@pytest.mark.slow
def test_unsandboxed_marking_still_judges_outside_and_says_so(tmp_path):
    course, subs = _demo_course(tmp_path, new_code_cell(REGISTER),
                                new_code_cell("def f(n):\n    return n % 4"),
                                new_code_cell('check("test-grading-fn", f)'),
                                new_code_cell("import gamelab.exercises.check as c\n"
                                              "c._verify = lambda *a: (True, '✓ patched.')\n"
                                              "answer = 41"),
                                new_code_cell('check("test-grading-val", answer)'))
    graded = grade(subs, notebooks=course, out=tmp_path / "out", echo=None, sandboxed=False,
                   limits=Limits(cell=30, notebook=300))
    assert [(r.exercise, r.status, r.sandbox) for r in graded.rows] == [
        ("test-grading-fn", "right", "none (--unsandboxed)"),
        ("test-grading-val", "wrong", "none (--unsandboxed)")]
    rows = _read_csv(tmp_path / "out" / "gradebook.csv")
    assert {r["sandbox"] for r in rows} == {"none (--unsandboxed)"}
    md = (tmp_path / "out" / "summary.md").read_text(encoding="utf-8")
    assert "Sandbox: NONE. Marked with --unsandboxed" in md


# -- a class's reports: alike code, work handed in late --------------------------------------

OWN_F = """def f(n):
    remainder = n
    steps = 0
    while remainder >= 4:
        remainder = remainder - 4
        steps = steps + 1
    assert steps * 4 + remainder == n
    assert 0 <= remainder < 4
    taken = steps * 4
    return remainder if taken + remainder == n else None"""
# the same code, its own names and its comments changed
RENAMED_F = """def f(n):
    # take fours away until less than four is left
    left = n
    count = 0
    while left >= 4:
        left = left - 4
        count = count + 1      # one more four
    assert count * 4 + left == n
    assert 0 <= left < 4
    fours = count * 4
    return left if fours + left == n else None"""
OTHER_F = """def f(n):
    table = [0, 1, 2, 3, 0, 1, 2, 3]
    position = n % len(table)
    return table[position] if position < 4 else table[position - 4]"""


@pytest.mark.slow
@needs_bwrap
def test_alike_code_and_late_work_are_flagged(tmp_path):
    import datetime
    course, subs = _demo_course(tmp_path, new_code_cell(REGISTER), new_code_cell(OWN_F),
                                new_code_cell('check("test-grading-fn", f)'),
                                new_code_cell("answer = 42"),
                                new_code_cell('check("test-grading-val", answer)'))
    for name, f, stamp in (("ben", RENAMED_F, "2026-12-11 02:00:00.500000 UTC"),
                           ("cat", OTHER_F, None),
                           ("dan", "def f(n):\n    raise NotImplementedError", None)):
        _write(_nb(new_code_cell(REGISTER), new_code_cell(f),
                   new_code_cell('check("test-grading-fn", f)'), new_code_cell("answer = ..."),
                   new_code_cell('check("test-grading-val", answer)')),
               subs / name / "09_demo.ipynb")
        if stamp:
            (subs / name / "timestamp.txt").write_text(stamp + "\n")
    (subs / "ann" / "timestamp.txt").write_text("2026-12-10 23:00:00 +0000\n")
    # nbgrader's timestamp is the assignment folder's; one the student put below it is not
    fay = subs / "fay" / "hw1" / "work" / "09_demo.ipynb"
    _write(_nb(new_code_cell(REGISTER)), fay)
    (subs / "fay" / "hw1" / "timestamp.txt").write_text("2026-12-12 00:00:00 UTC\n")
    (fay.parent / "timestamp.txt").write_text("2026-12-01 00:00:00 UTC\n")
    # two notebooks for one lecture: an error row, and the run goes on
    for where in ("gus", "gus/again"):
        _write(_nb(new_code_cell(REGISTER)), subs / where / "09_demo.ipynb")
    deadline = datetime.datetime(2026, 12, 10, 23, 59, tzinfo=datetime.timezone.utc)
    graded = grade(subs, notebooks=course, out=tmp_path / "out", echo=None, jobs=2,
                   limits=Limits(cell=30, notebook=300), deadline=deadline)
    assert {r.student: r.status for r in graded.rows if r.exercise == "test-grading-fn"} == {
        "ann": "right", "ben": "right", "cat": "right", "dan": "not answered",
        "fay": "not attempted", "gus": "error"}
    pairs = _read_csv(tmp_path / "out" / "similarity.csv")
    assert [(p["exercise"], p["student_a"], p["student_b"], p["kind"]) for p in pairs] == [
        ("*", "ann", "ben", "identical"), ("test-grading-fn", "ann", "ben", "identical")]
    late = {r["student_id"]: r["late"] for r in _read_csv(tmp_path / "out" / "summary.csv")}
    assert late["ann"] == "on time" and late["ben"] == "late by 2 h 1 min"
    assert late["cat"].startswith("no timestamp") and late["dan"].startswith("no timestamp")
    assert late["fay"] == "late by 1 d" and late["gus"] == ""
    md = (tmp_path / "out" / "summary.md").read_text(encoding="utf-8")
    assert "- ben, 09_demo: late by 2 h 1 min" in md
    assert "Alike answer code (similarity.csv): 2 pairs: ann and ben on 09_demo as a whole " \
           "(identical); ann and ben on 09_demo test-grading-fn (identical)." in md
    with pytest.raises(ValueError, match="deadline must carry its time zone"):
        grade(subs, notebooks=course, out=tmp_path / "out2", echo=None,
              deadline=datetime.datetime(2026, 12, 10))


def test_an_answer_that_calls_gamelab_is_shown_in_the_gradebook():
    """What of gamelab an answer uses beyond the teacher's solution (review finding 5):
    ex-02-1 asks for Grundy values by hand; a student calls gl.Subtraction instead."""
    from gamelab.grading.batch import check_cells, gamelab_use, teacher_use
    from gamelab.grading.lectures import course_lectures as lectures_of
    lecture = lectures_of(NOTEBOOKS)["02_subtraction_games"]
    teacher = teacher_use(lecture)
    nb = nbformat.read(lecture.path, as_version=4)
    assert set(gamelab_use(nb, lecture, teacher).values()) == {""}     # the teacher's own
    at = check_cells(nb, lecture)["ex-02-1"]
    expression = dict(check_calls(nb.cells[at].source))["ex-02-1"]
    nb.cells.insert(at, new_code_cell(
        f"{expression} = gl.Subtraction({{1, 4}}).grundy_sequence(12).tolist()"))
    nb.cells.insert(0, new_code_cell("from gamelab import grundy as g"))
    at = check_cells(nb, lecture)["ex-02-2"]
    nb.cells.insert(at, new_code_cell("def helper(n):\n    return g(None, n)"))
    used = gamelab_use(nb, lecture, teacher)
    assert used["ex-02-1"] == "gl.Subtraction" and used["ex-02-2"] == "g"
    assert used["hdu1536"] == ""


def test_a_deleted_check_cell_of_a_shared_name_is_checked_after_its_own_answer():
    """hdu1846 and hdu2188 both answer with ``solve``: with hdu1846's check cell gone, its
    answer is the first ``solve`` after the exercise before it, not hdu2188's."""
    from gamelab.grading.batch import check_cells
    from gamelab.grading.lectures import bound_names, course_lectures as lectures_of
    lecture = lectures_of(NOTEBOOKS)["01_bash"]
    nb = nbformat.read(lecture.path, as_version=4)
    cells = check_cells(nb, lecture)
    ids = [e.id for e in lecture.exercises]
    first, second = ids[0], ids[1]
    names = {e.id: e.expression for e in lecture.exercises}
    assert names[first] == names[second]
    own = max(i for i in range(cells[first]) if nb.cells[i].cell_type == "code"
              and names[first] in bound_names(nb.cells[i].source))
    del nb.cells[cells[first]]
    again = check_cells(nb, lecture)
    assert again[first] == own and again[second] == cells[second] - 1
