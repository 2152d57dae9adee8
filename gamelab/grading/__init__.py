"""Marking many students' notebooks with one command: ``gamelab-grade SUBMISSIONS``.

gamelab grades with its own small package rather than with otter-grader
because otter wants each assignment written in its own notebook format
(Otter Assign's question and test cells) with its tests in its own test
files, while every exercise of the course already has its check, and the
further cases a teacher keeps back, in :mod:`gamelab.exercises.check`.
Otter would also be a heavy dependency, with its own grading image and
Docker containers recommended for local grading, for what here is a few
modules on top of nbclient, which the course already uses.

How a submission is marked
--------------------------
The exercises of a lecture, and the expression each is checked on, are the
``check("<id>", <expression>)`` calls of the teacher's notebook
(:mod:`~gamelab.grading.lectures`).  Each submission runs in a sandbox of
its own (:mod:`~gamelab.grading.sandbox`: bubblewrap, a throwaway copy of
the student's folder, no network, the student edition of gamelab only, a
PID namespace that dies with the run, limits on memory, processes, file
size, CPU and wall time), in a fresh kernel.  A cell that raises does not
stop the run, as in nbgrader's autograde.  Right after the student's check
cell of an exercise the grader evaluates the teacher's expression in the
student's namespace and calls the answer on the exercise's cases, the usual
ones and hidden ones drawn from the lecturer's secret
(:mod:`~gamelab.grading.hidden`), writing down what it returned as plain
data (:mod:`~gamelab.grading.probe`); the kernel holds no reference and
decides nothing.  The grader, in its own process, with the teacher's
references, judges those records (:mod:`~gamelab.grading.verdict`), so
nothing a submission does to its own interpreter can change a verdict.  An
exercise whose check cell the student deleted is "not attempted"; a
submission that hangs, kills its kernel, is not a notebook or is missing
gets its rows with that status and a message, and the others run on
(:mod:`~gamelab.grading.worker`).  Without bubblewrap the grader refuses,
unless told ``sandboxed=False`` (``--unsandboxed``: trusted submissions
only, which the reports then say).

Output (:mod:`~gamelab.grading.report`): ``gradebook.csv``, ``summary.csv``
(nbgrader's columns ``student_id, assignment, score, max_score``),
``summary.md`` and ``by_hand.csv`` (the answer cells, for the exercises
marked by hand), in points: each exercise is worth its stars, or what
``--points`` says, and the hand marks of a filled-in ``by_hand.csv``
(``--by-hand``) are added (:mod:`~gamelab.grading.points`); then a feedback
file per student and ``moodle.csv`` / ``canvas.csv`` for a learning
platform's gradebook (:mod:`~gamelab.grading.export`).

>>> from gamelab.grading import classify
>>> classify(True, "✓ ex-00-1: right.")
'right'
"""
from __future__ import annotations

from .batch import Graded, classify, grade
from .cli import main
from .execute import Limits
from .sandbox import NoSandbox
from .lectures import Exercise, Lecture, course_lectures, read_lecture
from .report import STATUSES, HandRow, Row, SubmissionSummary
from .submissions import Submission, find_submissions

__all__ = ["grade", "main", "Limits", "NoSandbox", "Graded", "classify", "Exercise", "Lecture",
           "read_lecture", "course_lectures", "Submission", "find_submissions", "STATUSES",
           "Row", "HandRow", "SubmissionSummary"]
