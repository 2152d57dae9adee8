"""The marks with points, the students' feedback and the exports an LMS imports.

:func:`mark` turns what :func:`~gamelab.grading.batch.grade` found into
points (each exercise worth its stars, :mod:`gamelab.grading.points`) with
the marks given by hand added; :func:`write_marking` writes, beside the
reports:

* ``gradebook.csv``, ``summary.csv`` (``score``, ``max_score`` in points),
  ``summary.md`` and ``by_hand.csv`` (with ``max_points`` and ``points``:
  the column to fill in and give back with ``--by-hand``) again, in points;
* ``feedback/<student>.md``: each exercise's verdict and message (the
  student-facing one of the gradebook, which never shows a hidden input)
  and the student's points;
* ``moodle.csv``: ``student`` and one column of points per lecture (map
  ``student`` to the user field the folders are named by);
* ``canvas.csv``: ``Student, ID, SIS User ID, Section``, then one column
  per lecture, with Canvas's ``Points Possible`` row (the folder names in
  ``Student`` and ``SIS User ID``).

A cell of an export is empty for a lecture the student handed nothing in for.
"""
from __future__ import annotations

import dataclasses
import pathlib

from .points import course_points, merge_hand_marks, show
from .report import (HandRow, Row, SubmissionSummary, by_hand_csv, gradebook_csv, write_csv,
                     summary_csv, summary_markdown)

__all__ = ["Marked", "mark", "feedback_markdown", "feedback_name", "moodle_rows", "canvas_rows",
           "write_marking"]


@dataclasses.dataclass(frozen=True)
class Marked:
    """A run in points: the rows with their worth, the summaries with the hand
    marks added, the answer cells and ``{(student, lecture, exercise): (points
    or None, max_points)}`` of the hand-marked exercises."""

    rows: tuple[Row, ...]
    summaries: tuple[SubmissionSummary, ...]
    hand_rows: tuple[HandRow, ...]
    hand: dict


def mark(rows, summaries, hand_rows, lectures, overrides=None, marks=()) -> Marked:
    """The run in points: ``lectures`` (``{name: Lecture}``) give each exercise's
    stars, ``overrides`` (``{exercise: points}``) replace some, and ``marks``
    (from :func:`~gamelab.grading.points.read_hand_marks`) are the hand marks.

    Raises
    ------
    ValueError
        For a hand mark that names no answer cell of this run or is above
        its exercise's points.
    """
    wanted = {s.lecture for s in summaries}
    points = course_points({n: lec for n, lec in lectures.items() if n in wanted}, overrides)
    given = merge_hand_marks(marks, hand_rows, points)
    rows = tuple(dataclasses.replace(r, max_points=points.get(r.lecture, {}).get(r.exercise, 1))
                 for r in rows)
    hand = {}
    for h in hand_rows:
        key = (h.student, h.lecture, h.exercise)
        hand[key] = (given.get(key), points.get(h.lecture, {}).get(h.exercise, 0))
    teacher = {name: set(lec.by_hand) for name, lec in lectures.items()}
    out = []
    for s in summaries:
        auto = [r for r in rows if (r.student, r.lecture) == (s.student, s.lecture)]
        mine = [(key, value) for key, value in hand.items() if key[:2] == (s.student, s.lecture)]
        score = sum(r.points for r in auto) + sum(got or 0 for _, (got, _) in mine)
        most = sum(r.max_points for r in auto) + sum(
            points[s.lecture].get(label, 0) for label in teacher.get(s.lecture, ()))
        out.append(dataclasses.replace(s, score=score, max_score=most))
    return Marked(rows, tuple(out), tuple(hand_rows), hand)


def feedback_name(student: str) -> str:
    """The file name of a student's feedback: ``<student>.md``, any character that
    could leave the folder replaced by ``_``.

    >>> feedback_name("ann"), feedback_name("../x")
    ('ann.md', '.._x.md')
    """
    if not isinstance(student, str):
        raise TypeError(f"student must be a str, got {type(student).__name__}")
    name = "".join("_" if c in '/\\\0:' or ord(c) < 32 else c for c in student)
    return (name if name.strip(".") else "_" + name) + ".md"


def _line(text: str) -> str:
    return " ".join(str(text).split())


def feedback_markdown(student: str, marked: Marked) -> str:
    """The feedback of one student: every lecture, each exercise's verdict,
    points and message, the hand marks, and the total."""
    mine = [s for s in marked.summaries if s.student == student]
    total = sum(s.score for s in mine)
    most = sum(s.max_score for s in mine)
    lines = [f"# Marks of {student}", "", f"Total: {show(total)} / {show(most)} points.", ""]
    for s in sorted(mine, key=lambda s: s.lecture):
        lines += [f"## {s.lecture}: {show(s.score)} / {show(s.max_score)} points", ""]
        if s.status == "missing":
            lines += ["Nothing handed in for this lecture.", ""]
            continue
        if s.status != "graded":
            lines += [f"The notebook did not run through ({s.status}).", ""]
        if s.late.startswith("late"):
            lines += [f"Handed in {s.late}.", ""]
        for r in marked.rows:
            if (r.student, r.lecture) == (student, s.lecture):
                lines.append(f"- **{r.exercise}** — {r.status}, {show(r.points)} / "
                             f"{show(r.max_points)}: {_line(r.message)}")
        for (who, lecture, label), (got, worth) in marked.hand.items():
            if (who, lecture) == (student, s.lecture) and (worth or got is not None):
                verdict = "not marked yet" if got is None else f"{show(got)} / {show(worth)}"
                lines.append(f"- **Exercise {label}** (marked by hand) — {verdict}")
        lines.append("")
    return "\n".join(lines)


def _lectures(marked: Marked) -> list[str]:
    return sorted({s.lecture for s in marked.summaries})


def _scores(marked: Marked, student: str, lectures) -> list[str]:
    got = {s.lecture: s for s in marked.summaries if s.student == student}
    return ["" if lec not in got or got[lec].status == "missing" else show(got[lec].score)
            for lec in lectures]


def moodle_rows(marked: Marked) -> list[list[str]]:
    """The rows of ``moodle.csv``: the header ``student, <lecture>…``, then one
    row per student (points per lecture; empty when nothing was handed in)."""
    lectures = _lectures(marked)
    students = sorted({s.student for s in marked.summaries})
    return [["student", *lectures]] + [[st, *_scores(marked, st, lectures)] for st in students]


def canvas_rows(marked: Marked) -> list[list[str]]:
    """The rows of ``canvas.csv``: ``Student, ID, SIS User ID, Section, <lecture>…``,
    Canvas's ``Points Possible`` row, then one row per student."""
    lectures = _lectures(marked)
    most = {s.lecture: s.max_score for s in marked.summaries}
    students = sorted({s.student for s in marked.summaries})
    return ([["Student", "ID", "SIS User ID", "Section", *lectures],
             ["Points Possible", "", "", "", *(show(most[lec]) for lec in lectures)]]
            + [[st, "", st, "", *_scores(marked, st, lectures)] for st in students])


def _notes(summary_md: pathlib.Path) -> list[str]:
    """The lines of the section "How it was marked" of a ``summary.md``."""
    if not summary_md.is_file():
        return []
    lines = summary_md.read_text(encoding="utf-8").splitlines()
    if "## How it was marked" not in lines:
        return []
    after = lines[lines.index("## How it was marked") + 1:]
    return [line[2:] for line in after if line.startswith("- ")]


def write_marking(out, marked: Marked, notes=()) -> dict[str, pathlib.Path]:
    """Write the reports in points, ``feedback/`` and the two exports to ``out``;
    ``{name: path}``.  ``notes`` are added to those ``summary.md`` already has."""
    if not isinstance(marked, Marked):
        raise TypeError(f"marked must be a Marked, got {type(marked).__name__}")
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = {name: out / name for name in ("gradebook.csv", "summary.csv", "summary.md",
                                           "by_hand.csv", "moodle.csv", "canvas.csv")}
    kept = _notes(paths["summary.md"])
    gradebook_csv(paths["gradebook.csv"], marked.rows)
    summary_csv(paths["summary.csv"], marked.summaries)
    paths["summary.md"].write_text(
        summary_markdown(marked.rows, marked.summaries, marked.hand_rows, kept + list(notes)),
        encoding="utf-8")
    by_hand_csv(paths["by_hand.csv"], marked.hand_rows, marked.hand)
    write_csv(paths["moodle.csv"], None, moodle_rows(marked))
    write_csv(paths["canvas.csv"], None, canvas_rows(marked))
    folder = out / "feedback"
    folder.mkdir(exist_ok=True)
    for student in sorted({s.student for s in marked.summaries}):
        (folder / feedback_name(student)).write_text(feedback_markdown(student, marked),
                                                     encoding="utf-8")
    paths["feedback"] = folder
    return paths
