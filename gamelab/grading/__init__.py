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
(:mod:`~gamelab.grading.lectures`).  Each submission runs in a fresh kernel
with its own folder as working directory, in a child process under limits:
wall time per cell and per notebook, CPU time (``setrlimit``, where the
platform has it).  A cell that raises does not stop the run, as in
nbgrader's autograde.  Right after the student's check cell of an exercise
the grader evaluates the teacher's expression in the student's namespace and
calls ``verify(id, value, hidden=True)`` there (:mod:`~gamelab.grading.probe`),
so that an exercise is graded on the answer its check saw even when later
exercises reuse the name ``answer`` or ``solve``.  An exercise whose check
cell the student deleted is "not attempted"; a submission that hangs, kills
its kernel, is not a notebook or is missing gets its rows with that status
and a message, and the others run on (:mod:`~gamelab.grading.worker`).

The answers run in the student's kernel: the limits protect the grading from
accidents (a loop that never ends, a crash), not from a notebook written to
deceive the checks, which a teacher reads in any case.

Output (:mod:`~gamelab.grading.report`): ``gradebook.csv``, ``summary.csv``
(nbgrader's columns ``student_id, assignment, score, max_score``),
``summary.md`` and ``by_hand.csv`` (the answer cells, for the exercises
marked by hand).

>>> from gamelab.grading import classify
>>> classify(True, "✓ ex-00-1: right.")
'right'
"""
from __future__ import annotations

from .batch import Graded, classify, grade
from .cli import main
from .execute import Limits
from .lectures import Exercise, Lecture, course_lectures, read_lecture
from .report import STATUSES, HandRow, Row, SubmissionSummary
from .submissions import Submission, find_submissions

__all__ = ["grade", "main", "Limits", "Graded", "classify", "Exercise", "Lecture",
           "read_lecture", "course_lectures", "Submission", "find_submissions", "STATUSES",
           "Row", "HandRow", "SubmissionSummary"]
