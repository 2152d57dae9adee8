"""Late submissions (gamelab.grading.late): the times read, the timestamp files found
next to a submitted notebook, and how late in words."""
from __future__ import annotations

import datetime

import pytest

from gamelab.grading import late
from gamelab.grading.late import TIMESTAMP, Stamp, describe, lateness, parse_time, submitted_at

UTC = datetime.timezone.utc
EIGHT = datetime.timezone(datetime.timedelta(hours=8))


# -- parse_time ----------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("2026-12-01 10:00:00.123456 UTC", datetime.datetime(2026, 12, 1, 10, 0, 0, 123456, UTC)),
    ("2026-12-01 10:00:00 utc\n", datetime.datetime(2026, 12, 1, 10, tzinfo=UTC)),
    ("2026-12-10T23:59", datetime.datetime(2026, 12, 10, 23, 59, tzinfo=UTC)),
    ("2026-12-10 23:59:00", datetime.datetime(2026, 12, 10, 23, 59, tzinfo=UTC)),
    ("2026-12-10T23:59:00Z", datetime.datetime(2026, 12, 10, 23, 59, tzinfo=UTC)),
    ("2026-12-10 23:59:00+08:00", datetime.datetime(2026, 12, 10, 23, 59, tzinfo=EIGHT)),
    ("2026-12-10 23:59:00.5 +0800", datetime.datetime(2026, 12, 10, 23, 59, 0, 500000, EIGHT)),
    ("2026-12-10 23:59 Asia/Shanghai", datetime.datetime(2026, 12, 10, 23, 59, tzinfo=EIGHT)),
])
def test_parse_time_reads_iso_and_nbgrader_times(text, expected):
    got = parse_time(text)
    assert got == expected and got.utcoffset() == expected.utcoffset()


def test_parse_time_compares_across_zones():
    assert parse_time("2026-12-10 23:59:00+08:00") == parse_time("2026-12-10 15:59 UTC")
    assert parse_time("2026-12-10 23:59") > parse_time("2026-12-10 23:59+08:00")


@pytest.mark.parametrize("text", ["", "tomorrow", "2026-12-10", "2026-13-01 10:00",
                                  "2026-02-30 10:00", "2026-12-10 24:00",
                                  "2026-12-10 10:00 CST", "2026-12-10 10:00 Asia",
                                  "2026-12-10 10:00 +25:00", "2026-12-10 10:00 +08:75",
                                  "2026-12-10 10:00 UTC later"])
def test_parse_time_refuses_what_is_not_a_time(text):
    with pytest.raises(ValueError, match=r"^deadline: .* is not a time"):
        parse_time(text)
    with pytest.raises(ValueError, match=r"^--since: "):
        parse_time(text, argument="--since")


def test_parse_time_names_the_text():
    with pytest.raises(ValueError, match=r"deadline: '2026-12-10' is not a time"):
        parse_time("2026-12-10")
    with pytest.raises(TypeError, match="deadline must be a str"):
        parse_time(datetime.datetime(2026, 12, 10))


# -- submitted_at --------------------------------------------------------------------

@pytest.fixture
def submitted(tmp_path):
    """``tmp/course/submitted/alice/week1/05_wythoff.ipynb``; returns (root, notebook)."""
    root = tmp_path / "course" / "submitted"
    notebook = root / "alice" / "week1" / "05_wythoff.ipynb"
    notebook.parent.mkdir(parents=True)
    notebook.write_text("{}")
    return root, notebook


def test_the_timestamp_next_to_the_notebook(submitted):
    root, notebook = submitted
    (notebook.parent / TIMESTAMP).write_text("2026-12-01 10:00:00.123456 UTC\n")
    stamp = submitted_at(notebook, root)
    assert stamp == Stamp(datetime.datetime(2026, 12, 1, 10, 0, 0, 123456, UTC),
                          notebook.parent / TIMESTAMP, "")


def test_the_timestamp_of_a_parent_folder_and_the_nearest_first(submitted):
    root, notebook = submitted
    (root / "alice" / TIMESTAMP).write_text("2026-12-02 08:30:00+08:00")
    stamp = submitted_at(notebook, root)
    assert stamp.when == datetime.datetime(2026, 12, 2, 0, 30, tzinfo=UTC)
    assert stamp.path == root / "alice" / TIMESTAMP
    (notebook.parent / TIMESTAMP).write_text("2026-12-03 09:00:00")
    assert submitted_at(notebook, root).when == datetime.datetime(2026, 12, 3, 9, tzinfo=UTC)


def test_no_timestamp_above_the_root(submitted):
    root, notebook = submitted
    (root.parent / TIMESTAMP).write_text("2026-12-01 10:00:00 UTC")
    stamp = submitted_at(notebook, root)
    assert stamp.when is None and stamp.path is None and stamp.note == f"no {TIMESTAMP}"
    # the root itself is searched
    (root / TIMESTAMP).write_text("2026-12-04 10:00:00 UTC")
    assert submitted_at(notebook, root).when == datetime.datetime(2026, 12, 4, 10, tzinfo=UTC)
    # a notebook directly in the root
    flat = root / "bob__05_wythoff.ipynb"
    assert submitted_at(flat, root).path == root / TIMESTAMP


@pytest.mark.parametrize("content, words", [
    (b"last Tuesday", "is not a time"),
    (b"", "is not a time"),
    (b"2026-12-01 10:00:00 CST", "unknown time zone 'CST'"),
    (b"\xff\xfe2026", "cannot be read"),
])
def test_a_garbled_timestamp_gives_no_time_and_says_why(submitted, content, words):
    root, notebook = submitted
    (root / "alice" / TIMESTAMP).write_text("2026-12-01 10:00:00 UTC")
    (notebook.parent / TIMESTAMP).write_bytes(content)
    stamp = submitted_at(notebook, root)
    # the nearest file counts, garbled or not: no time from the folder above
    assert stamp.when is None and stamp.path == notebook.parent / TIMESTAMP
    assert words in stamp.note


def test_a_timestamp_that_is_no_file(submitted, tmp_path):
    root, notebook = submitted
    (notebook.parent / TIMESTAMP).mkdir()
    assert "is not a file" in submitted_at(notebook, root).note
    (notebook.parent / TIMESTAMP).rmdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("2026-12-01 10:00:00 UTC")
    (notebook.parent / TIMESTAMP).symlink_to(secret)
    stamp = submitted_at(notebook, root)
    assert stamp.when is None and "is not a file" in stamp.note


def test_a_notebook_outside_the_root(submitted, tmp_path):
    root, _ = submitted
    with pytest.raises(ValueError, match="notebook_path: .* is not inside"):
        submitted_at(tmp_path / "elsewhere" / "05_wythoff.ipynb", root)


# -- lateness and describe -----------------------------------------------------------

def test_lateness():
    deadline = parse_time("2026-12-10 23:59 UTC")
    assert lateness(parse_time("2026-12-10 23:00 UTC"), deadline) is None
    assert lateness(deadline, deadline) is None
    assert lateness(parse_time("2026-12-11 02:04:30 UTC"), deadline) == datetime.timedelta(
        hours=2, minutes=5, seconds=30)
    # 08:00 in +08:00 is midnight UTC: one minute late
    assert lateness(parse_time("2026-12-11 08:00+08:00"), deadline) == datetime.timedelta(minutes=1)


@pytest.mark.parametrize("when, deadline, words", [
    (datetime.datetime(2026, 12, 11), parse_time("2026-12-10 23:59"), "when must carry its time zone"),
    (parse_time("2026-12-10 23:59"), datetime.datetime(2026, 12, 11), "deadline must carry"),
    (None, parse_time("2026-12-10 23:59"), "when must be a datetime"),
    (parse_time("2026-12-10 23:59"), "2026-12-11", "deadline must be a datetime"),
])
def test_lateness_refuses_times_without_zone(when, deadline, words):
    with pytest.raises(TypeError, match=words):
        lateness(when, deadline)


@pytest.mark.parametrize("delta, words", [
    (datetime.timedelta(hours=2, minutes=5, seconds=59), "late by 2 h 5 min"),
    (datetime.timedelta(days=3, hours=1, minutes=20), "late by 3 d 1 h"),
    (datetime.timedelta(seconds=40), "late by 40 s"),
    (datetime.timedelta(minutes=1, seconds=5), "late by 1 min 5 s"),
    (datetime.timedelta(days=1, minutes=5), "late by 1 d"),
    (datetime.timedelta(hours=4), "late by 4 h"),
    (datetime.timedelta(milliseconds=200), "late by 1 s"),
    (datetime.timedelta(seconds=59, milliseconds=500), "late by 1 min"),
    (datetime.timedelta(days=400), "late by 400 d"),
    (None, "on time"),
    (datetime.timedelta(0), "on time"),
    (datetime.timedelta(seconds=-5), "on time"),
])
def test_describe(delta, words):
    assert describe(delta) == words


def test_describe_refuses_other_things():
    with pytest.raises(TypeError, match="delta must be a timedelta or None"):
        describe(90)



def test_a_timestamp_that_cannot_be_read(submitted, monkeypatch):
    root, notebook = submitted
    (notebook.parent / TIMESTAMP).write_text("2026-12-01 10:00:00 UTC")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(late, "open", refused, raising=False)
    stamp = submitted_at(notebook, root)
    assert stamp.when is None and "cannot be read (PermissionError)" in stamp.note
