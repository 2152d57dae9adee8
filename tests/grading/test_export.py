"""The marks in points, the feedback files and the LMS exports
(gamelab.grading.export), and the command line that writes them, on a small
made-up run: no notebook is executed."""
from __future__ import annotations

import csv
import shutil

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamelab.grading import cli
from gamelab.grading.batch import Graded
from gamelab.grading.export import (Marked, canvas_rows, feedback_markdown, feedback_name, mark,
                                    moodle_rows, write_marking)
from gamelab.grading.lectures import course_lectures
from gamelab.grading.points import read_hand_marks
from gamelab.grading.report import HandRow, Row, SubmissionSummary, write_reports


def _answer(label):
    cell = new_markdown_cell("*Your answer here.*")
    cell.metadata.update({"tags": ["answer"], "gamelab": {"exercise": label}})
    return cell


def _answer_text(label, text):
    cell = _answer(label)
    cell.source = text
    return cell


def _course(tmp_path):
    """A course of two lectures: 01_a (★ and ★★★ checks, a ★★ proof) and 02_b (one ★★ check)."""
    course = tmp_path / "course"
    course.mkdir()
    nbformat.write(new_notebook(cells=[
        new_markdown_cell("### Exercise 1.1 ★ — easy"), new_code_cell('check("one", f)'),
        new_markdown_cell("### Exercise 1.2 ★★★ — hard"), new_code_cell('check("three", g)'),
        new_markdown_cell("### Exercise 1.3 ★★ — Prove it"), _answer("1.3")]),
        course / "01_a.ipynb")
    nbformat.write(new_notebook(cells=[
        new_markdown_cell("### Exercise 2.1 ★★ — middle"), new_code_cell('check("two", h)')]),
        course / "02_b.ipynb")
    return course_lectures(course)


WRITTEN = "the written proof 918273"
ROWS = (Row("ann", "01_a", "one", "right", "✓ one: right."),
        Row("ann", "01_a", "three", "wrong", "✗ three: wrong on case 2 of 9 (input: \"4\")."),
        Row("ann", "02_b", "two", "not attempted", "no submission of 02_b.ipynb"),
        Row("bob", "01_a", "one", "wrong", "✗ one: wrong on a hidden case."),
        Row("bob", "01_a", "three", "right", "✓ three: right."),
        Row("bob", "02_b", "two", "right", "✓ two: right."))
SUMMARIES = (SubmissionSummary("ann", "01_a", 1, 2, "graded"),
             SubmissionSummary("ann", "02_b", 0, 1, "missing", "no submission of 02_b.ipynb"),
             SubmissionSummary("bob", "01_a", 1, 2, "graded"),
             SubmissionSummary("bob", "02_b", 1, 1, "graded"))
HANDS = (HandRow("ann", "01_a", "1.3", "answered", "A proof. " + WRITTEN),
         HandRow("bob", "01_a", "1.3", "unanswered", ""))


def _marks(tmp_path, rows):
    f = tmp_path / "marks.csv"
    f.write_text("student,lecture,exercise,status,text,points\n" + "".join(
        f"{r},answered,x,{p}\n" for r, p in rows), encoding="utf-8")
    return read_hand_marks(f)


def test_the_summaries_become_points_with_the_hand_marks(tmp_path):
    lectures = _course(tmp_path)
    marked = mark(ROWS, SUMMARIES, HANDS, lectures, marks=_marks(tmp_path, [("ann,01_a,1.3", 2)]))
    assert [(r.student, r.exercise, r.points, r.max_points) for r in marked.rows] == [
        ("ann", "one", 1, 1), ("ann", "three", 0, 3), ("ann", "two", 0, 2),
        ("bob", "one", 0, 1), ("bob", "three", 3, 3), ("bob", "two", 2, 2)]
    # 01_a is worth 1 + 3 + 2 (the proof): ann 1 + 2 by hand, bob 3 and his proof not marked
    assert [(s.student, s.lecture, s.score, s.max_score) for s in marked.summaries] == [
        ("ann", "01_a", 3, 6), ("ann", "02_b", 0, 2), ("bob", "01_a", 3, 6), ("bob", "02_b", 2, 2)]
    assert marked.hand == {("ann", "01_a", "1.3"): (2, 2), ("bob", "01_a", "1.3"): (None, 2)}


def test_the_lecturers_points_and_a_bad_hand_mark(tmp_path):
    lectures = _course(tmp_path)
    marked = mark(ROWS, SUMMARIES, HANDS, lectures, overrides={"three": 10, "1.3": 4})
    assert [s.max_score for s in marked.summaries] == [15, 2, 15, 2]
    with pytest.raises(ValueError, match=r"by_hand: line 2 \(ann, 01_a, 1.3\): 3 points, more"):
        mark(ROWS, SUMMARIES, HANDS, lectures, marks=_marks(tmp_path, [("ann,01_a,1.3", 3)]))
    with pytest.raises(ValueError, match=r"line 2 \(cy, 01_a, 1.3\): unknown student"):
        mark(ROWS, SUMMARIES, HANDS, lectures, marks=_marks(tmp_path, [("cy,01_a,1.3", 1)]))


def test_a_feedback_file_per_student(tmp_path):
    marked = mark(ROWS, SUMMARIES, HANDS, _course(tmp_path),
                  marks=_marks(tmp_path, [("ann,01_a,1.3", 1)]))
    ann = feedback_markdown("ann", marked)
    assert ann.startswith("# Marks of ann\n\nTotal: 2 / 8 points.")
    assert "## 01_a: 2 / 6 points" in ann and "## 02_b: 0 / 2 points" in ann
    assert "- **one** — right, 1 / 1: ✓ one: right." in ann
    assert ("- **three** — wrong, 0 / 3: ✗ three: wrong on case 2 of 9 (input: \"4\")."
            in ann)
    assert "- **Exercise 1.3** (marked by hand) — 1 / 2" in ann
    assert "Nothing handed in for this lecture." in ann
    assert WRITTEN not in ann and "bob" not in ann    # neither the answer text nor a classmate
    bob = feedback_markdown("bob", marked)
    assert "- **Exercise 1.3** (marked by hand) — not marked yet" in bob
    assert "✓ two: right." in bob and "ann" not in bob


def test_feedback_names_stay_in_their_folder():
    assert feedback_name("ann") == "ann.md"
    assert feedback_name("a/b\\c") == "a_b_c.md" and feedback_name("..") == "_...md"
    with pytest.raises(TypeError, match="student must be a str"):
        feedback_name(3)


def test_the_lms_exports(tmp_path):
    marked = mark(ROWS, SUMMARIES, HANDS, _course(tmp_path),
                  marks=_marks(tmp_path, [("ann,01_a,1.3", 1.5)]))
    assert moodle_rows(marked) == [["student", "01_a", "02_b"],
                                   ["ann", "2.5", ""],      # nothing handed in: empty
                                   ["bob", "3", "2"]]
    assert canvas_rows(marked) == [
        ["Student", "ID", "SIS User ID", "Section", "01_a", "02_b"],
        ["Points Possible", "", "", "", "6", "2"],
        ["ann", "", "ann", "", "2.5", ""],
        ["bob", "", "bob", "", "3", "2"]]


def _read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def test_write_marking_keeps_the_notes_and_writes_every_file(tmp_path):
    out = tmp_path / "out"
    write_reports(out, ROWS, SUMMARIES, HANDS, ["Sandbox: bubblewrap."])
    marked = mark(ROWS, SUMMARIES, HANDS, _course(tmp_path),
                  marks=_marks(tmp_path, [("ann,01_a,1.3", 2)]))
    paths = write_marking(out, marked, ["Points: stars."])
    assert _read(paths["summary.csv"])[1:] == [["ann", "01_a", "3", "6", "graded"],
                                               ["ann", "02_b", "0", "2", "missing"],
                                               ["bob", "01_a", "3", "6", "graded"],
                                               ["bob", "02_b", "2", "2", "graded"]]
    assert _read(paths["gradebook.csv"])[2][4:6] == ["0", "3"]
    assert _read(paths["by_hand.csv"]) == [
        ["student", "lecture", "exercise", "status", "text", "max_points", "points"],
        ["ann", "01_a", "1.3", "answered", "A proof. " + WRITTEN, "2", "2"],
        ["bob", "01_a", "1.3", "unanswered", "", "2", ""]]
    md = paths["summary.md"].read_text(encoding="utf-8")
    assert "- Sandbox: bubblewrap.\n- Points: stars.\n" in md
    assert "| ann | 3 / 6 | 0 / 2 | 3 / 8 |" in md
    assert sorted(p.name for p in paths["feedback"].iterdir()) == ["ann.md", "bob.md"]
    assert _read(paths["moodle.csv"])[0] == ["student", "01_a", "02_b"]
    assert _read(paths["canvas.csv"])[1][0] == "Points Possible"
    with pytest.raises(TypeError, match="marked must be a Marked"):
        write_marking(out, ROWS)
    assert isinstance(marked, Marked)


# -- the command line, with the marking itself replaced by a made-up run -----------------

def _fake_grade(tmp_path):
    def grade(submissions, *, notebooks, out, **kwargs):
        write_reports(out, ROWS, SUMMARIES, HANDS, ["Hidden cases: drawn from a secret."])
        return Graded(ROWS, SUMMARIES, HANDS, (), {})
    return grade


def test_the_command_line_writes_points_feedback_and_exports(tmp_path, monkeypatch, capsys):
    lectures = _course(tmp_path)
    course = next(iter(lectures.values())).path.parent
    monkeypatch.setattr(cli, "grade", _fake_grade(tmp_path))
    (tmp_path / "points.csv").write_text("exercise,points\nthree,4\n", encoding="utf-8")
    marks = tmp_path / "marks.csv"
    marks.write_text("student,lecture,exercise,status,text,points\nann,01_a,1.3,answered,x,2\n",
                     encoding="utf-8")
    out = tmp_path / "out"
    assert cli.main([str(tmp_path), "--notebooks", str(course), "--out", str(out),
                     "--points", str(tmp_path / "points.csv"), "--by-hand", str(marks)]) == 0
    printed = capsys.readouterr().out
    assert f"moodle.csv: {out / 'moodle.csv'}" in printed
    assert _read(out / "summary.csv")[1] == ["ann", "01_a", "3", "7", "graded"]
    assert (out / "feedback" / "ann.md").is_file()
    md = (out / "summary.md").read_text(encoding="utf-8")
    assert "- Hidden cases: drawn from a secret." in md and "except those of" in md


@pytest.mark.parametrize("which, body, says", [
    ("--points", "exercise,points\nnowhere,1\n", "'nowhere' is no exercise of the course"),
    ("--by-hand", "student,lecture,exercise,points\nann,01_a,1.3,lots\n", "'lots' is not a number"),
    ("--by-hand", "student,lecture,exercise,points\nann,01_a,1.3,9\n", "more than the 2"),
])
def test_the_command_line_refuses_a_bad_file(tmp_path, monkeypatch, capsys, which, body, says):
    course = next(iter(_course(tmp_path).values())).path.parent
    monkeypatch.setattr(cli, "grade", _fake_grade(tmp_path))
    f = tmp_path / "given.csv"
    f.write_text(body, encoding="utf-8")
    assert cli.main([str(tmp_path), "--notebooks", str(course), "--out", str(tmp_path / "out"),
                     which, str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gamelab-grade: error: ") and says in err and "line 2" in err


def test_the_marks_file_may_not_be_the_one_the_run_writes(tmp_path, monkeypatch, capsys):
    course = next(iter(_course(tmp_path).values())).path.parent
    calls = []
    monkeypatch.setattr(cli, "grade", lambda *a, **k: calls.append(a))
    out = tmp_path / "out"
    out.mkdir()
    (out / "by_hand.csv").write_text("student,lecture,exercise,points\n", encoding="utf-8")
    assert cli.main([str(tmp_path), "--notebooks", str(course), "--out", str(out),
                     "--by-hand", str(out / "by_hand.csv")]) == 2
    assert "is the by_hand.csv this run writes" in capsys.readouterr().err and not calls


# -- one real run of the command line: a tiny lecture, two students ---------------------

REGISTER = ("from gamelab.exercises.check import check, register\n"
            "register('test-points-fn', kind='function', reference=lambda n: n % 4,\n"
            "         cases=lambda rng: [(rng.randrange(50),) for _ in range(6)], replace=True)\n"
            "register('test-points-val', kind='value', reference=lambda: 42, replace=True)")
exec(REGISTER)     # the grader judges here, in its own process, with the references


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap (bwrap) is not installed")
def test_gamelab_grade_marks_in_points_and_takes_the_hand_marks_back(tmp_path, capsys):
    def lecture(f_body, answer, proof):
        return new_notebook(metadata={"kernelspec": {"display_name": "Python 3",
                                                     "language": "python", "name": "python3"}},
                            cells=[new_code_cell(REGISTER),
                                   new_markdown_cell("### Exercise 9.1 ★★ — f"),
                                   new_code_cell(f"def f(n):\n    return {f_body}"),
                                   new_code_cell('check("test-points-fn", f)'),
                                   new_markdown_cell("### Exercise 9.2 ★ — the answer"),
                                   new_code_cell(f"answer = {answer}"),
                                   new_code_cell('check("test-points-val", answer)'),
                                   new_markdown_cell("### Exercise 9.3 ★★★ — Prove it"),
                                   _answer("9.3") if proof is None else
                                   _answer_text("9.3", proof)])
    course, subs = tmp_path / "course", tmp_path / "subs"
    course.mkdir()
    nbformat.write(lecture("n % 4", 42, None), course / "09_demo.ipynb")
    (subs / "ann").mkdir(parents=True)
    nbformat.write(lecture("n % 4", 41, "Because."), subs / "ann" / "09_demo.ipynb")
    (subs / "bob").mkdir()
    out = tmp_path / "out"
    argv = [str(subs), "--notebooks", str(course), "--out", str(out), "--cell-timeout", "30"]
    assert cli.main(argv) == 0
    assert _read(out / "summary.csv")[1:] == [["ann", "09_demo", "2", "6", "graded"],
                                              ["bob", "09_demo", "0", "6", "missing"]]
    feedback = (out / "feedback" / "ann.md").read_text(encoding="utf-8")
    gradebook = _read(out / "gradebook.csv")
    wrong = next(r for r in gradebook if r[2] == "test-points-val")
    assert (wrong[3:6], gradebook[0][6]) == (["wrong", "0", "1"], "message")
    assert f"- **test-points-val** — wrong, 0 / 1: {wrong[6]}" in feedback
    assert "- **Exercise 9.3** (marked by hand) — not marked yet" in feedback
    assert _read(out / "moodle.csv") == [["student", "09_demo"], ["ann", "2"], ["bob", ""]]
    rows = _read(out / "by_hand.csv")
    assert rows[0][-2:] == ["max_points", "points"] and rows[1][:4] == [
        "ann", "09_demo", "9.3", "answered"]
    rows[1][-1] = "2.5"
    marks = tmp_path / "marks.csv"
    with open(marks, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    assert cli.main(argv + ["--by-hand", str(marks)]) == 0
    assert _read(out / "summary.csv")[1][2:4] == ["4.5", "6"]
    assert "9.3** (marked by hand) — 2.5 / 3" in (out / "feedback" / "ann.md").read_text(
        encoding="utf-8")
    assert _read(out / "canvas.csv")[2] == ["ann", "", "ann", "", "4.5"]
    capsys.readouterr()
