"""Points per exercise (its stars, or the lecturer's file) and the marks given by hand
(gamelab.grading.points), on a small teacher's notebook; nothing is run."""
from __future__ import annotations

import decimal

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamelab.grading.lectures import course_lectures, read_lecture
from gamelab.grading.points import (course_points, exercise_points, merge_hand_marks, number,
                                    read_hand_marks, read_points, show)
from gamelab.grading.report import HandRow
from gamelab_testing import NOTEBOOKS


def _answer(label):
    cell = new_markdown_cell("*Your answer here.*")
    cell.metadata.update({"tags": ["answer"], "gamelab": {"exercise": label}})
    return cell


def _lecture(tmp_path, name="07_demo"):
    nb = new_notebook(cells=[
        new_code_cell('check("early", f)'),
        new_markdown_cell("## Exercises"),
        new_markdown_cell("### Exercise 7.1 ★ — one star"),
        _answer("7.1"),
        new_code_cell('check("ex-a", answer)'),
        new_markdown_cell("### Exercise 7.2 ★★★ — three stars, two checks"),
        new_code_cell('check("judge-1", solve)\ncheck("judge-2", solve)'),
        new_markdown_cell("**Exercise 7.2, the standalone program ★.** …"),
        new_code_cell('run_program(PROGRAM, "judge-1")'),
        new_markdown_cell("### Exercise 7.3 ★★ — Prove it"),
        _answer("7.3"),
    ])
    path = tmp_path / "course" / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return read_lecture(path)


def test_an_exercise_is_worth_its_stars(tmp_path):
    assert exercise_points(_lecture(tmp_path)) == {
        "early": 1, "ex-a": 1, "judge-1": 3, "judge-2": 3,
        "7.1": 0,      # explains a checked answer: its points are the check's
        "7.3": 2}      # a proof, marked by hand alone


def test_a_value_with_its_reasoning_is_marked_on_the_reasoning(tmp_path):
    nb = new_notebook(cells=[
        new_markdown_cell("### Exercise 6.1 ★★ — a value, and why"),
        _answer("6.1"),
        new_code_cell('check("ex-06-1", answer_6_1)'),
        new_markdown_cell("### Exercise 6.2 ★★★ — a value alone"),
        new_code_cell('check("ex-05-2", answer_6_2)'),
        new_markdown_cell("### Exercise 6.3 ★ — a function, and why"),
        _answer("6.3"),
        new_code_cell('check("ex-06-4", f)'),
    ])
    path = tmp_path / "course" / "06_demo.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(nb, path)
    assert exercise_points(read_lecture(path)) == {
        "ex-06-1": 0, "6.1": 2,       # the value is one gamelab call away: the reasoning is marked
        "ex-05-2": 3,                 # a value with nothing to explain is marked on its value
        "ex-06-4": 1, "6.3": 0}       # a function is marked by its check


def test_the_real_lectures_weigh_their_exercises():
    points = course_points(course_lectures(NOTEBOOKS))
    assert points["01_bash"]["hdu1846"] == 1 and points["01_bash"]["hdu2149"] == 2
    assert points["03_nim"]["poj1740"] == 3 and points["01_bash"]["1.5"] == 2
    assert points["06_fibonacci_nim"]["ex-06-1"] == 0 and points["06_fibonacci_nim"]["6.1"] == 1
    lectures = {n: p for n, p in points.items() if p}
    assert all(set(p.values()) <= {0, 1, 2, 3} for p in lectures.values())
    assert all(any(v > 0 for v in p.values()) for p in lectures.values())


def test_the_lecturers_points_replace_the_stars(tmp_path):
    lectures = {"07_demo": _lecture(tmp_path)}
    f = tmp_path / "points.csv"
    f.write_text("exercise,points\njudge-1,5\n7.1, 0.5\n", encoding="utf-8")
    overrides = read_points(f, lectures)
    assert overrides == {"judge-1": 5, "7.1": decimal.Decimal("0.5")}
    got = course_points(lectures, overrides)["07_demo"]
    assert (got["judge-1"], got["judge-2"], show(got["7.1"])) == (5, 3, "0.5")


@pytest.mark.parametrize("body, says", [
    ("exercise,points\nnope,2\n", "line 2: 'nope' is no exercise of the course"),
    ("exercise,points\nex-a,two\n", "line 2 (ex-a): 'two' is not a number"),
    ("exercise,points\nex-a,1\nex-a,2\n", "line 3: 'ex-a' is given points twice"),
    ("exercise,points\nex-a,-1\n", "points must be >= 0"),
    ("exercise,pts\nex-a,1\n", "has no column points"),
])
def test_a_bad_points_file_names_its_row(tmp_path, body, says):
    lectures = {"07_demo": _lecture(tmp_path)}
    f = tmp_path / "points.csv"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(ValueError, match="^points: ") as info:
        read_points(f, lectures)
    assert says in str(info.value)


def test_a_missing_points_file_is_named(tmp_path):
    with pytest.raises(ValueError, match="points: cannot read"):
        read_points(tmp_path / "none.csv", {})


def test_number_and_show():
    assert number(" 3 ") == 3 and isinstance(number("3.0"), int)
    assert show(number("0.25")) == "0.25"
    for bad in ("", "x", "nan", "inf"):
        with pytest.raises(ValueError):
            number(bad)
    with pytest.raises(TypeError, match="text must be a str"):
        number(3)


HAND = [HandRow("ann", "07_demo", "7.3", "answered", "proof"),
        HandRow("bob", "07_demo", "7.3", "unanswered", ""),
        HandRow("ann", "07_demo", "7.1", "answered", "because")]
POINTS = {"07_demo": {"7.3": 2, "7.1": 0}}


def _marks(tmp_path, body):
    f = tmp_path / "by_hand.csv"
    f.write_text(body, encoding="utf-8")
    return read_hand_marks(f)


def test_hand_marks_come_back(tmp_path):
    marks = _marks(tmp_path, "student,lecture,exercise,status,text,points\n"
                             "ann,07_demo,7.3,answered,\"a proof, long\",1.5\n"
                             "bob,07_demo,7.3,unanswered,,\n")
    assert merge_hand_marks(marks, HAND, POINTS) == {
        ("ann", "07_demo", "7.3"): decimal.Decimal("1.5")}


@pytest.mark.parametrize("row, says", [
    ("zed,07_demo,7.3,3 ", "line 2 (zed, 07_demo, 7.3): unknown student"),
    ("ann,01_bash,7.3,1", "unknown lecture"),
    ("ann,07_demo,7.9,1", "unknown exercise"),
    ("ann,07_demo,7.3,3", "3 points, more than the 2 7.3 is worth"),
    ("ann,07_demo,7.1,1", "more than the 0 7.1 is worth"),
])
def test_a_bad_hand_mark_names_its_row(tmp_path, row, says):
    marks = _marks(tmp_path, f"student,lecture,exercise,points\n{row.strip()}\n")
    with pytest.raises(ValueError, match="^by_hand: line 2 ") as info:
        merge_hand_marks(marks, HAND, POINTS)
    assert says in str(info.value)


def test_a_hand_mark_that_is_not_a_number_names_its_row(tmp_path):
    with pytest.raises(ValueError, match=r"line 3 \(bob, 07_demo, 7.3\): 'good' is not a number"):
        _marks(tmp_path, "student,lecture,exercise,points\nann,07_demo,7.3,1\n"
                         "bob,07_demo,7.3,good\n")
    with pytest.raises(ValueError, match="by_hand: .* has no column points"):
        _marks(tmp_path, "student,lecture,exercise,status,text\nann,07_demo,7.3,answered,x\n")


def test_a_row_marked_twice_is_refused(tmp_path):
    marks = _marks(tmp_path, "student,lecture,exercise,points\nann,07_demo,7.3,1\n"
                             "ann,07_demo,7.3,2\n")
    with pytest.raises(ValueError, match="line 3 .*marked twice"):
        merge_hand_marks(marks, HAND, POINTS)
