"""The grader's output: the gradebook, the summaries and the answers to mark by hand.

* ``gradebook.csv``: one row per student, lecture and exercise —
  ``student, lecture, exercise, status, points, max_points, message,
  sandbox`` (``bubblewrap``, or ``none (--unsandboxed)``), ``gamelab`` (what
  of gamelab the answer uses that the teacher's solution does not);
* ``summary.csv``: one row per student and lecture, in the columns of
  nbgrader's grade export — ``student_id, assignment, score, max_score`` —
  and the submission's status (and, with a deadline, ``late``);
* ``summary.md``: the pass rate of every exercise over the students who
  handed its lecture in, every student's points, and the submissions that
  did not run through;
* ``by_hand.csv``: the text of every answer cell (``student, lecture,
  exercise, status, text``), for the exercises marked by hand.

Rows come sorted by student and lecture, exercises in the lecture's order,
so two runs on the same submissions write the same files.
"""
from __future__ import annotations

import csv
import unicodedata
import dataclasses
import pathlib

from .points import show

__all__ = ["STATUSES", "Row", "HandRow", "SubmissionSummary", "write_reports",
           "gradebook_csv", "summary_csv", "by_hand_csv", "summary_markdown", "write_csv"]

#: Every status of a gradebook row.
STATUSES = ("right", "wrong", "not answered", "not attempted", "error", "timed out",
            "crashed", "unreadable")


@dataclasses.dataclass(frozen=True)
class Row:
    """One exercise of one student's submission."""

    student: str
    lecture: str
    exercise: str
    status: str
    message: str
    sandbox: str = "bubblewrap"
    #: What the exercise is worth (1, or its stars when marked with points).
    max_points: object = 1
    #: What of gamelab the answer's code uses that the teacher's solution does not
    #: (``"gl.outcome, gl.Bash"``): a lecturer may want to look at it.
    gamelab: str = ""

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")

    @property
    def points(self):
        return self.max_points if self.status == "right" else 0


@dataclasses.dataclass(frozen=True)
class HandRow:
    """One answer cell (an exercise marked by hand) of one student's submission."""

    student: str
    lecture: str
    exercise: str
    status: str       # answered | unanswered | missing | no submission | unreadable | error
    text: str


@dataclasses.dataclass(frozen=True)
class SubmissionSummary:
    """One student's lecture: points, the most, and how the run went."""

    student: str
    lecture: str
    score: int
    max_score: int
    status: str       # graded | timed out | crashed | unreadable | missing | error
    message: str = ""
    #: Against a deadline: "on time", "late by 2 h 5 min", "no timestamp (…)"; "" without one.
    late: str = ""


GRADEBOOK = ("student", "lecture", "exercise", "status", "points", "max_points", "message",
             "sandbox", "gamelab")
SUMMARY = ("student_id", "assignment", "score", "max_score", "status")
BY_HAND = ("student", "lecture", "exercise", "status", "text")


def _printable(value):
    """A CSV cell with control and format characters (a right-to-left override U+202E,
    a NUL, an escape) written as ``\\u202e``: a file name cannot reorder or hide text."""
    if not isinstance(value, str):
        return value
    return "".join(c if c in "\n\t" or unicodedata.category(c) not in ("Cc", "Cf", "Cs")
                   else f"\\u{ord(c):04x}" for c in value)


def write_csv(path: pathlib.Path, header, rows) -> None:
    """``rows`` (after ``header``, unless it is None) to the CSV file ``path``, every cell
    printable (control and format characters written as ``\\uXXXX``)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        if header is not None:
            out.writerow(header)
        out.writerows([_printable(v) for v in row] for row in rows)


def gradebook_csv(path, rows) -> None:
    write_csv(pathlib.Path(path), GRADEBOOK,
               [(r.student, r.lecture, r.exercise, r.status, show(r.points),
                 show(r.max_points), r.message, r.sandbox, r.gamelab) for r in rows])


def summary_csv(path, summaries) -> None:
    """``summary.csv``; with a column ``late`` when the run had a deadline."""
    late = any(s.late for s in summaries)
    write_csv(pathlib.Path(path), SUMMARY + (("late",) if late else ()),
              [(s.student, s.lecture, show(s.score), show(s.max_score), s.status)
               + ((s.late,) if late else ()) for s in summaries])


def by_hand_csv(path, rows, points=None) -> None:
    """``by_hand.csv``; with ``points`` (``{(student, lecture, exercise): (points or
    None, max_points)}``) two more columns, ``max_points`` and ``points``, the
    column a lecturer fills in."""
    if points is None:
        write_csv(pathlib.Path(path), BY_HAND,
                   [(r.student, r.lecture, r.exercise, r.status, r.text) for r in rows])
        return
    marked = []
    for r in rows:
        got, most = points.get((r.student, r.lecture, r.exercise), (None, 0))
        marked.append((r.student, r.lecture, r.exercise, r.status, r.text, show(most),
                       "" if got is None else show(got)))
    write_csv(pathlib.Path(path), BY_HAND + ("max_points", "points"), marked)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %" if whole else "–"


def summary_markdown(rows, summaries, hand_rows, notes=()) -> str:
    """The readable overview written to ``summary.md``.

    A pass rate counts the students who handed the lecture in: one who
    handed in nothing (a summary ``missing``) is not failing it.

    >>> rows = [Row("ann", "00_x", "ex-1", "right", "✓"), Row("bob", "00_x", "ex-1", "wrong", "✗")]
    >>> sums = [SubmissionSummary("ann", "00_x", 1, 1, "graded"),
    ...         SubmissionSummary("bob", "00_x", 0, 1, "graded")]
    >>> print(summary_markdown(rows, sums, []).splitlines()[8])
    | ex-1 | 1 | 1 | 0 | 0 | 0 | 50 % |
    """
    students = sorted({s.student for s in summaries})
    lectures = sorted({s.lecture for s in summaries})
    lines = ["# Grades", "",
             f"{len(students)} student{'s' * (len(students) != 1)}, "
             f"{len(lectures)} lecture{'s' * (len(lectures) != 1)}.", ""]
    for lecture in lectures:
        lines += [f"## {lecture}", "",
                  "| exercise | right | wrong | not answered | not attempted | other | pass rate |",
                  "|---|---|---|---|---|---|---|"]
        absent = {s.student for s in summaries if s.lecture == lecture and s.status == "missing"}
        mine = [r for r in rows if r.lecture == lecture and r.student not in absent]
        for exercise in dict.fromkeys(r.exercise for r in rows if r.lecture == lecture):
            got = [r.status for r in mine if r.exercise == exercise]
            counts = [got.count(s) for s in ("right", "wrong", "not answered", "not attempted")]
            lines.append(f"| {_cell(exercise)} | " + " | ".join(map(str, counts))
                         + f" | {len(got) - sum(counts)} | {_percent(counts[0], len(got))} |")
        if not any(r.lecture == lecture for r in rows):
            lines.append("| (no checked exercise) | | | | | | |")
        handed = len({s.student for s in summaries if s.lecture == lecture}) - len(absent)
        lines += ["", f"Pass rates over the {handed} student{'s' * (handed != 1)} who handed "
                  f"{lecture} in" + (f" ({len(absent)} handed in nothing)." if absent else ".")]
        hand = [r for r in hand_rows if r.lecture == lecture]
        counts = [f"{exercise} answered by "
                  f"{sum(r.status == 'answered' for r in hand if r.exercise == exercise)} "
                  f"of {sum(r.exercise == exercise for r in hand)}"
                  for exercise in dict.fromkeys(r.exercise for r in hand)]
        if counts:
            lines += ["", "To mark by hand (by_hand.csv): " + "; ".join(counts) + "."]
        lines.append("")
    lines += ["## Students", "", "| student | " + " | ".join(lectures) + " | total |",
              "|---|" + "---|" * (len(lectures) + 1)]
    for student in students:
        mine = {s.lecture: s for s in summaries if s.student == student}
        cells = [f"{show(mine[lec].score)} / {show(mine[lec].max_score)}" if lec in mine
                 else "–" for lec in lectures]
        score = sum(s.score for s in mine.values())
        most = sum(s.max_score for s in mine.values())
        lines.append(f"| {_cell(student)} | " + " | ".join(cells)
                     + f" | {show(score)} / {show(most)} |")
    if any(s.late for s in summaries):
        late = [s for s in summaries if s.late and s.late != "on time" and s.status != "missing"]
        lines += ["", "## Against the deadline", ""]
        lines += [f"- {s.student}, {s.lecture}: {_cell(s.late)}" for s in late] or ["None."]
    trouble = [s for s in summaries if s.status != "graded"]
    lines += ["", "## Submissions that did not run through", ""]
    lines += [f"- {s.student}, {s.lecture}: {s.status} — {_cell(s.message)}" for s in trouble] or [
        "None."]
    if notes:
        lines += ["", "## How it was marked", ""] + [f"- {note}" for note in notes]
    return "\n".join(lines) + "\n"


def write_reports(out, rows, summaries, hand_rows, notes=()) -> dict[str, pathlib.Path]:
    """Write the four files to the folder ``out`` (made if missing); ``{name: path}``.
    ``notes`` (lines of text) say in ``summary.md`` how the run was marked."""
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = {name: out / name for name in
             ("gradebook.csv", "summary.csv", "summary.md", "by_hand.csv")}
    gradebook_csv(paths["gradebook.csv"], rows)
    summary_csv(paths["summary.csv"], summaries)
    paths["summary.md"].write_text(summary_markdown(rows, summaries, hand_rows, notes),
                                   encoding="utf-8")
    by_hand_csv(paths["by_hand.csv"], hand_rows)
    return paths
