"""The course map's schedules agree with the lectures' own *Time* lines.

Every lecture says how long it takes (``90 minutes: 55 lecture, 35
exercises``); the map's two schedules state the minutes they book for each
lecture. Both are parsed here: the camp's days and the module's sessions use
exactly the lectures' minutes and fit their limits, and the module's exercise
columns list each week's exercises, in one format (``8.1``), the proofs
(marked by hand) as homework.
"""
from __future__ import annotations

import json
import re

import pytest

from gamelab_testing import NOTEBOOKS

MAP = NOTEBOOKS / "course_map.ipynb"
LECTURES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
EXERCISE = re.compile(r"^#{2,4} Exercise (\d+)\.(\d+)\b(.*)$", re.M)
HEADING = re.compile(r"^#{1,4} ")
#: An exercise number as the map writes it: no leading zero (8.1, 10.2).
NUMBER = r"(?:0|[1-9]\d*)\.[1-9]\d*"


def _markdown(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [("".join(c["source"]), c.get("metadata", {}).get("tags", [])) for c in nb["cells"]
            if c["cell_type"] == "markdown"]


def lecture_time(path):
    """(total, lecture, exercises) minutes from a lecture's Time section."""
    text = "\n".join(source for source, _ in _markdown(path))
    section = re.search(r"^#{1,4} Time[ \t]*\n(.*?)(?=^#{1,4} |\Z)", text, re.M | re.S)
    assert section, f"{path.name}: no Time section"
    m = re.search(r"(\d+)\s+minutes:\s*(\d+)\s+lecture\b.*?(\d+)\s+exercises", section.group(1), re.S)
    assert m, f"{path.name}: the Time line does not read 'N minutes: L lecture, E exercises'"
    return tuple(int(g) for g in m.groups())


def lecture_exercises(path):
    """{number: is it a proof marked by hand}, numbers written as in the map (8.1)."""
    found, current = {}, None
    for source, tags in _markdown(path):
        if "solution" in tags:
            continue
        m = EXERCISE.match(source)
        if m:
            current = f"{int(m.group(1))}.{int(m.group(2))}"
            found[current] = bool(re.match(r"\s*\S*\s*(?:—|-|:)\s*Prove that", m.group(3)))
        elif HEADING.match(source):
            current = None
        if current and re.search(r"marked\s+by\s+hand", source, re.I):
            found[current] = True
    return found


LECTURE = {p.name[:2]: p for p in LECTURES}
TIMES = {n: lecture_time(p) for n, p in LECTURE.items()}


def schedule_rows(heading):
    """The rows of the table under a map heading, as lists of cells."""
    text = next(source for source, _ in _markdown(MAP) if source.startswith(heading))
    rows = [line.strip().strip("|").split("|") for line in text.splitlines()
            if line.startswith("|") and not re.match(r"\|\s*-", line)]
    return text, [[cell.strip() for cell in row] for row in rows[1:]]


def expand(column):
    """The exercise numbers of a column such as ``0.1–0.3, 1.5``."""
    numbers = []
    for part in filter(None, (p.strip() for p in column.split(","))):
        m = re.fullmatch(rf"({NUMBER})(?:–({NUMBER}))?", part)
        assert m, f"not an exercise number or range in the map's format (8.1, 8.1–8.3): {part!r}"
        first, last = m.group(1), m.group(2) or m.group(1)
        (a, i), (b, j) = (map(int, first.split(".")), map(int, last.split(".")))
        assert a == b and i <= j, part
        numbers += [f"{a}.{k}" for k in range(i, j + 1)]
    return numbers


@pytest.mark.parametrize("number", sorted(TIMES))
def test_lecture_time_adds_up(number):
    total, lecture, exercises = TIMES[number]
    assert lecture + exercises == total, (number, TIMES[number])


def test_camp_days_book_the_lectures_own_times():
    text, rows = schedule_rows("## Schedule 1")
    days = [row for row in rows if re.fullmatch(r"\d+", row[0])]
    assert len(days) == 5, rows
    limit = 60 * {"four": 4, "five": 5, "six": 6}[re.search(r"at most (\w+) hours", text).group(1)]
    for day, lectures, minutes, _ in days:
        numbers = re.findall(r"\b\d\d\b", lectures)
        m = re.fullmatch(r"(\d+(?: \+ \d+)*) = (\d+)", minutes)
        assert numbers and m, (day, lectures, minutes)
        booked = [int(x) for x in m.group(1).split(" + ")]
        assert booked == [TIMES[n][0] for n in numbers], (day, numbers, booked)
        assert int(m.group(2)) == sum(booked) <= limit, (day, minutes)


def test_module_weeks_book_the_lectures_own_times():
    text, rows = schedule_rows("## Schedule 2")
    session = int(re.search(r"sessions of up to (\d+) minutes", text).group(1))
    assert [int(row[0]) for row in rows] == list(range(1, len(rows) + 1))
    for week, lectures, minutes, _, _ in rows:
        numbers = re.findall(r"\b(\d\d) ", lectures)
        booked = [tuple(map(int, t)) for t in re.findall(r"(\d+) \+ (\d+) = (\d+)", minutes)]
        assert numbers and len(booked) == len(numbers), (week, lectures, minutes)
        for n, (lecture, exercises, total) in zip(numbers, booked):
            assert (total, lecture, exercises) == TIMES[n], (week, n, booked, TIMES[n])
            assert total <= session, (week, n, total, session)


def test_module_exercise_columns_list_each_weeks_exercises():
    _, rows = schedule_rows("## Schedule 2")
    for week, lectures, _, in_class, homework in rows:
        numbers = re.findall(r"\b(\d\d) ", lectures)
        exercises = {}
        for n in numbers:
            exercises.update(lecture_exercises(LECTURE[n]))
        listed_class, listed_home = expand(in_class), expand(homework)
        assert not set(listed_class) & set(listed_home), week
        assert sorted(listed_class + listed_home) == sorted(exercises), (week, in_class, homework)
        assert sorted(listed_home) == sorted(k for k, proof in exercises.items() if proof), \
            (week, homework)


def test_every_lecture_is_scheduled_or_named():
    _, camp = schedule_rows("## Schedule 1")
    _, module = schedule_rows("## Schedule 2")
    scheduled = {n for row in camp + module for n in re.findall(r"\b(\d\d)\b", row[1])}
    text = "\n".join(source for source, _ in _markdown(MAP))
    for n in LECTURE:
        assert n in scheduled or re.search(rf"\b[Ll]ectures? (?:\d\d \S+ and )?{n}\b", text), n
