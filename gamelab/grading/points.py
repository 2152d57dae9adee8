"""Points per exercise and the marks given by hand.

An exercise is worth its difficulty: ★ one point, ★★ two, ★★★ three, as
the heading of the teacher's notebook says (``### Exercise 1.3 ★★ — …``).
Every check under a heading is worth the heading's stars; an answer cell
(marked by hand) is worth them when its exercise has no check (a proof),
and nothing by default when it only explains a checked answer.  One
exception: a value exercise with an answer cell is marked on its reasoning
(the answer cell gets the stars) and its value is worth nothing, since a
value is one gamelab call away (the check's note says so to the student).  A
lecturer's CSV ``exercise,points`` overrides any of them
(:func:`read_points`), by check id (``hdu1846``) or by the printed number
of a hand-marked exercise (``1.5``).

The marks given by hand come back in ``by_hand.csv`` with a ``points``
column filled in (:func:`read_hand_marks`, :func:`merge_hand_marks`); an
empty cell is an answer not marked yet.

>>> number("1.5"), number("2")
(Decimal('1.5'), 2)
>>> show(number("2.50")), show(3)
('2.5', '3')
"""
from __future__ import annotations

import csv
import decimal
import pathlib
import re

import nbformat

from gamelab.exercises.check import exercise

__all__ = ["STAR", "number", "show", "exercise_points", "course_points", "read_points",
           "read_hand_marks", "merge_hand_marks"]

#: The star of a heading; an exercise is worth as many points as it has stars.
STAR = "★"
_HEADING = re.compile(r"^#{1,6}\s*(?:Exercise|练习)\s+(?P<label>\d+\.\d+)\s*(?P<stars>★*)")


def number(text):
    """A number of points from the text of a CSV cell: an int when whole, else a Decimal.

    Raises
    ------
    ValueError
        If ``text`` is not a finite number.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    try:
        value = decimal.Decimal(text.strip())
    except decimal.InvalidOperation:
        raise ValueError(f"{text!r} is not a number") from None
    if not value.is_finite():
        raise ValueError(f"{text!r} is not a finite number")
    return int(value) if value == value.to_integral_value() else value.normalize()


def show(points) -> str:
    """Points as a report writes them: ``2``, ``2.5``."""
    if isinstance(points, decimal.Decimal):
        if points == points.to_integral_value():
            return str(int(points))
        return format(points.normalize(), "f")
    return str(points)


def _headings(nb) -> list[tuple[int, str, int]]:
    """``[(cell index, exercise number, stars)]`` of every exercise heading."""
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.get("cell_type") != "markdown":
            continue
        for line in cell.get("source", "").splitlines():
            match = _HEADING.match(line.strip())
            if match:
                found.append((index, match["label"], len(match["stars"]) or 1))
    return found


def _is_value(exercise_id: str) -> bool:
    """Whether ``exercise_id`` is a registered value exercise."""
    try:
        return exercise(exercise_id).kind == "value"
    except ValueError:          # not registered: the lecture checks it, but it has no kind here
        return False


def exercise_points(lecture) -> dict[str, int]:
    """``{exercise: points}`` of one lecture (a :class:`~gamelab.grading.lectures.Lecture`):
    its checks by id, then its hand-marked exercises by number.

    A check before any exercise heading is worth 1.

    Raises
    ------
    ValueError
        If the lecture's notebook cannot be read.
    """
    try:
        nb = nbformat.read(lecture.path, as_version=4)
    except Exception as exc:  # nbformat raises many kinds for a broken file
        raise ValueError(f"notebooks: {lecture.path} is not a readable notebook ({exc})") from None
    headings = _headings(nb)
    stars = {label: n for _, label, n in headings}
    points, checked, facts = {}, set(), {}
    for ex in lecture.exercises:
        above = [(label, n) for index, label, n in headings if index < ex.cell]
        label, n = above[-1] if above else (None, 1)
        if _is_value(ex.id) and label in lecture.by_hand:
            facts[ex.id] = label
        else:
            checked.add(label)
        points[ex.id] = n
    for eid, label in facts.items():
        if label not in checked:
            points[eid] = 0
    for label in lecture.by_hand:
        points[label] = 0 if label in checked else stars.get(label, 1)
    return points


def course_points(lectures, overrides=None) -> dict[str, dict[str, int]]:
    """``{lecture: {exercise: points}}`` of a course (``{name: Lecture}``), with the
    lecturer's ``overrides`` (``{exercise: points}``, see :func:`read_points`)."""
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, dict):
        raise TypeError(f"overrides must be a dict, got {type(overrides).__name__}")
    out = {}
    for name, lecture in lectures.items():
        mine = exercise_points(lecture)
        out[name] = {eid: overrides.get(eid, p) for eid, p in mine.items()}
    return out


def _rows(path, argument: str, needed: tuple[str, ...]):
    """``(line number, row)`` of a CSV file whose header has the columns ``needed``."""
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise ValueError(f"{argument}: cannot read {str(path)!r} ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{argument}: {str(path)!r} is not UTF-8 text") from None
    reader = csv.DictReader(text.splitlines())
    missing = [c for c in needed if c not in (reader.fieldnames or [])]
    if missing:
        raise ValueError(f"{argument}: {str(path)!r} has no column {', '.join(missing)} "
                         f"(its header must name {', '.join(needed)})")
    return [(reader.line_num, row) for row in reader]


def read_points(path, lectures) -> dict:
    """``{exercise: points}`` from the lecturer's CSV ``exercise,points``.

    Raises
    ------
    ValueError
        Naming the file and the row: an exercise no lecture has, one given
        twice, points that are not a number or are negative.
    """
    known = set()
    for lecture in lectures.values():
        known |= {e.id for e in lecture.exercises} | set(lecture.by_hand)
    out = {}
    for line, row in _rows(path, "points", ("exercise", "points")):
        eid, where = (row["exercise"] or "").strip(), f"points: {path}, line {line}"
        if eid not in known:
            raise ValueError(f"{where}: {eid!r} is no exercise of the course")
        if eid in out:
            raise ValueError(f"{where}: {eid!r} is given points twice")
        try:
            value = number(row["points"] or "")
        except ValueError as exc:
            raise ValueError(f"{where} ({eid}): {exc}") from None
        if value < 0:
            raise ValueError(f"{where} ({eid}): points must be >= 0, got {row['points']!r}")
        out[eid] = value
    return out


def read_hand_marks(path) -> list[tuple[int, str, str, str, object]]:
    """``[(line, student, lecture, exercise, points)]`` of a filled-in ``by_hand.csv``:
    its rows with a ``points`` cell (an empty one is not marked yet).

    Raises
    ------
    ValueError
        Naming the file and the row: a missing column, points that are not a
        number or are negative.
    """
    out = []
    for line, row in _rows(path, "by_hand", ("student", "lecture", "exercise", "points")):
        text = (row["points"] or "").strip()
        if not text:
            continue
        key = (row["student"] or "", row["lecture"] or "", row["exercise"] or "")
        where = f"by_hand: {path}, line {line} ({', '.join(key)})"
        try:
            value = number(text)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if value < 0:
            raise ValueError(f"{where}: points must be >= 0, got {text!r}")
        out.append((line, *key, value))
    return out


def merge_hand_marks(marks, hand_rows, points) -> dict[tuple[str, str, str], object]:
    """``{(student, lecture, exercise): points}``: the hand ``marks``
    (:func:`read_hand_marks`) checked against this run's answer cells
    (``hand_rows``) and each exercise's points (``{lecture: {exercise: points}}``).

    Raises
    ------
    ValueError
        Naming the row: a student, lecture or exercise this run has no answer
        cell for, a row given twice, or more points than the exercise is worth.
    """
    known = {(r.student, r.lecture, r.exercise) for r in hand_rows}
    out = {}
    for line, student, lecture, eid, value in marks:
        key = (student, lecture, eid)
        where = f"by_hand: line {line} ({student}, {lecture}, {eid})"
        if key not in known:
            what = ("student" if not any(r.student == student for r in hand_rows) else
                    "lecture" if not any(r[:2] == (student, lecture) for r in known) else
                    "exercise")
            raise ValueError(f"{where}: unknown {what}: this run has no answer cell "
                             f"{eid!r} of {student!r} in {lecture!r}")
        if key in out:
            raise ValueError(f"{where}: marked twice")
        most = points.get(lecture, {}).get(eid, 0)
        if value > most:
            raise ValueError(f"{where}: {show(value)} points, more than the {show(most)} "
                             f"{eid} is worth (give it more with --points)")
        out[key] = value
    return out
