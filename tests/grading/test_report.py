"""The reports (gamelab.grading.report) on a small made-up run: pass rates over the
students who handed a lecture in, points that are not one per exercise."""
from __future__ import annotations

import csv
import decimal
import re

from gamelab.grading.report import HandRow, Row, SubmissionSummary, summary_markdown, write_reports

ROWS = [Row("ann", "01_a", "one", "right", "✓"), Row("bob", "01_a", "one", "wrong", "✗"),
        Row("cy", "01_a", "one", "not attempted", "no submission of 01_a.ipynb"),
        Row("dee", "01_a", "one", "not attempted", "no submission of 01_a.ipynb")]
SUMMARIES = [SubmissionSummary("ann", "01_a", 1, 1, "graded"),
             SubmissionSummary("bob", "01_a", 0, 1, "graded"),
             SubmissionSummary("cy", "01_a", 0, 1, "missing", "no submission of 01_a.ipynb"),
             SubmissionSummary("dee", "01_a", 0, 1, "missing", "no submission of 01_a.ipynb")]


def test_a_pass_rate_counts_only_those_who_handed_in():
    md = summary_markdown(ROWS, SUMMARIES, [])
    assert "| one | 1 | 1 | 0 | 0 | 0 | 50 % |" in md      # not 25 %: cy and dee handed in nothing
    assert "Pass rates over the 2 students who handed 01_a in (2 handed in nothing)." in md


def test_a_student_who_handed_in_and_did_not_try_still_counts():
    rows = ROWS[:2] + [Row("cy", "01_a", "one", "not attempted", "no check cell")]
    sums = SUMMARIES[:2] + [SubmissionSummary("cy", "01_a", 0, 1, "graded")]
    md = summary_markdown(rows, sums, [])
    assert "| one | 1 | 1 | 0 | 1 | 0 | 33 % |" in md
    assert "Pass rates over the 3 students who handed 01_a in." in md


def test_nobody_handed_in():
    md = summary_markdown(ROWS[2:], SUMMARIES[2:], [])
    assert "| one | 0 | 0 | 0 | 0 | 0 | – |" in md


def test_rows_worth_their_points(tmp_path):
    rows = [Row("ann", "01_a", "one", "right", "✓", max_points=3),
            Row("ann", "01_a", "two", "wrong", "✗", max_points=decimal.Decimal("1.5"))]
    assert [r.points for r in rows] == [3, 0]
    sums = [SubmissionSummary("ann", "01_a", 3, decimal.Decimal("4.5"), "graded")]
    paths = write_reports(tmp_path, rows, sums, [HandRow("ann", "01_a", "1.3", "answered", "x")])
    with open(paths["gradebook.csv"], newline="", encoding="utf-8") as f:
        got = [(r["exercise"], r["points"], r["max_points"]) for r in csv.DictReader(f)]
    assert got == [("one", "3", "3"), ("two", "0", "1.5")]
    assert paths["summary.csv"].read_text(encoding="utf-8").splitlines()[1] == "ann,01_a,3,4.5,graded"
    assert re.search(r"^\| ann \| 3 / 4\.5 \| 3 / 4\.5 \|$", paths["summary.md"].read_text(
        encoding="utf-8"), re.M)
    # the grader's own by_hand.csv keeps its five columns
    assert paths["by_hand.csv"].read_text(encoding="utf-8").splitlines()[0] == (
        "student,lecture,exercise,status,text")


def test_a_deadline_adds_a_late_column_and_a_section(tmp_path):
    sums = [SubmissionSummary("ann", "01_a", 1, 1, "graded", late="on time"),
            SubmissionSummary("bob", "01_a", 0, 1, "graded", late="late by 2 h 1 min"),
            SubmissionSummary("cy", "01_a", 0, 1, "graded", late="no timestamp (no timestamp.txt)"),
            SubmissionSummary("dee", "01_a", 0, 1, "missing", "no submission of 01_a.ipynb")]
    paths = write_reports(tmp_path, ROWS, sums, [])
    with open(paths["summary.csv"], newline="", encoding="utf-8") as f:
        got = [(r["student_id"], r["late"]) for r in csv.DictReader(f)]
    assert got == [("ann", "on time"), ("bob", "late by 2 h 1 min"),
                   ("cy", "no timestamp (no timestamp.txt)"), ("dee", "")]
    md = paths["summary.md"].read_text(encoding="utf-8")
    section = md.split("## Against the deadline\n\n")[1].split("\n\n")[0].splitlines()
    assert section == ["- bob, 01_a: late by 2 h 1 min", "- cy, 01_a: no timestamp (no timestamp.txt)"]
    # without a deadline, nbgrader's columns and the status only
    plain = write_reports(tmp_path / "plain", ROWS, SUMMARIES, [])
    assert plain["summary.csv"].read_text(encoding="utf-8").splitlines()[0] == (
        "student_id,assignment,score,max_score,status")
    assert "deadline" not in plain["summary.md"].read_text(encoding="utf-8")
