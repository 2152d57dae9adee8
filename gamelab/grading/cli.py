"""The command line: ``gamelab-grade SUBMISSIONS`` (or ``python -m gamelab.grading``).

Usage::

    gamelab-grade SUBMISSIONS [--notebooks notebooks] [--out build/grades]
                  [--lecture 05_wythoff] [--jobs 2]
                  [--cell-timeout 60] [--notebook-timeout 600] [--cpu-limit 600]
                  [--memory-limit 4G] [--secret FILE] [--vary student|run]
                  [--unsandboxed] [--points FILE] [--by-hand FILE]

Besides the reports it writes the marks in points (each exercise worth its
stars, or what ``--points`` gives it; the hand marks of ``--by-hand``
added), ``feedback/<student>.md``, ``moodle.csv`` and ``canvas.csv``
(:mod:`gamelab.grading.export`).

Exit status 0 when the reports are written (whatever the grades), 2 for a
bad argument (a folder that does not exist, an unknown lecture, a bad row
of ``--points`` or ``--by-hand``) or when no
sandbox can be made here (bubblewrap missing) and ``--unsandboxed`` was not
given, with the reason on standard error.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

from .batch import grade
from .execute import Limits
from .export import mark, write_marking
from .late import parse_time
from .lectures import course_lectures
from .points import read_hand_marks, read_points
from .sandbox import NoSandbox

__all__ = ["main", "parser"]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: give a finite number of seconds > 0")
    return value


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 1")
    return value


def _bytes(text: str) -> int:
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    number, unit = (text[:-1], units[text[-1].upper()]) if text[-1:].upper() in units else (
        text, 1)
    try:
        value = int(float(number) * unit)
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size (e.g. 4G, 512M)") from None
    if value < 2**28:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 256M")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gamelab-grade",
        description="Mark a folder of students' notebooks with the course's checks.")
    p.add_argument("submissions", help="the folder of submissions: <student>/<lecture>.ipynb "
                   "(nbgrader's submitted/ layout), <student>__<lecture>.ipynb, or "
                   "<student>.ipynb with --lecture")
    p.add_argument("--notebooks", default="notebooks",
                   help="the folder of the teacher's notebooks (default: notebooks)")
    p.add_argument("--out", default="build/grades",
                   help="where the reports go (default: build/grades)")
    p.add_argument("--lecture", help="grade this lecture only, e.g. 05_wythoff or 05")
    p.add_argument("--jobs", type=_jobs, default=1,
                   help="submissions run at the same time (default: 1)")
    p.add_argument("--cell-timeout", type=_seconds, default=60,
                   help="wall-clock seconds a cell may run (default: 60)")
    p.add_argument("--notebook-timeout", type=_seconds, default=600,
                   help="wall-clock seconds a whole notebook may run (default: 600)")
    p.add_argument("--cpu-limit", type=_seconds, default=None,
                   help="CPU seconds the kernel may use (default: the notebook timeout)")
    p.add_argument("--memory-limit", type=_bytes, default=4 * 2**30,
                   help="address space each process of a sandbox may use (default: 4G)")
    p.add_argument("--secret", default=None,
                   help="the file of your secret, from which the hidden cases are drawn "
                   "(made on first use; keep it out of the repository and the handout); "
                   "default: a secret for this run only")
    p.add_argument("--vary", choices=["student", "run"], default="student",
                   help="hidden cases per student (the same on every run; default) "
                   "or per run (the same for the class in one run)")
    p.add_argument("--deadline", default=None,
                   help="flag work handed in after this time (ISO 8601, e.g. "
                   "'2026-12-10 23:59+08:00'; without a zone, UTC), read from nbgrader's "
                   "timestamp.txt in each student's folder")
    p.add_argument("--unsandboxed", action="store_true",
                   help="run the notebooks without a sandbox, with your own rights: for "
                   "trusted submissions only (the reports say so)")
    p.add_argument("--points", default=None,
                   help="a CSV 'exercise,points' giving exercises other points than their "
                   "stars (by check id, e.g. hdu1846, or the number of one marked by hand, 1.5)")
    p.add_argument("--by-hand", default=None,
                   help="a by_hand.csv of an earlier run with its 'points' column filled in: "
                   "those marks are added to the totals (keep it outside --out)")
    return p


def _marking_inputs(args):
    """The ``--points`` overrides and the ``--by-hand`` marks, read before marking."""
    lectures = course_lectures(args.notebooks)
    overrides = read_points(args.points, lectures) if args.points else {}
    marks = []
    if args.by_hand:
        if pathlib.Path(args.by_hand).resolve() == (pathlib.Path(args.out) / "by_hand.csv").resolve():
            raise ValueError(f"by_hand: {args.by_hand!r} is the by_hand.csv this run writes; "
                             "copy it out of --out and give the copy")
        marks = read_hand_marks(args.by_hand)
    return lectures, overrides, marks


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        limits = Limits(args.cell_timeout, args.notebook_timeout, args.cpu_limit,
                        memory=args.memory_limit)
        lectures, overrides, marks = _marking_inputs(args)
        graded = grade(args.submissions, notebooks=args.notebooks, out=args.out,
                       lecture=args.lecture, jobs=args.jobs, limits=limits,
                       echo=lambda line: print(line, flush=True),
                       sandboxed=not args.unsandboxed, secret=args.secret, vary=args.vary,
                       deadline=None if args.deadline is None else parse_time(args.deadline))
        marked = mark(graded.rows, graded.summaries, graded.hand_rows, lectures, overrides, marks)
        notes = ["Points: each exercise is worth its stars"
                 + (f", except those of {args.points}" if args.points else "")
                 + (f"; the hand marks of {args.by_hand} are added." if args.by_hand else ".")]
        paths = write_marking(args.out, marked, notes)
        for label in ("moodle.csv", "canvas.csv", "feedback"):
            print(f"{label}: {paths[label]}", flush=True)
    except NoSandbox as exc:
        print(f"gamelab-grade: refused: {exc}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as exc:
        print(f"gamelab-grade: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:                    # --out in a folder that cannot be written
        where = f" {exc.filename}" if exc.filename else ""
        print(f"gamelab-grade: error: cannot write{where}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    return 0
