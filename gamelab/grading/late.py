"""Submissions handed in after the deadline.

nbgrader writes the time of a submission to ``timestamp.txt`` next to the
submitted notebooks (``submitted/<student>/<assignment>/timestamp.txt``), as
``2026-12-01 10:00:00.123456 UTC``.  :func:`submitted_at` finds and reads
it, :func:`parse_time` reads it or the lecturer's deadline, :func:`lateness`
and :func:`describe` say how late.  A missing or garbled timestamp is no
error: its :class:`Stamp` says why there is no time.

nbgrader set to another zone writes its abbreviation (``CST``), which names
several zones and is not read; its ``timestamp_format`` with ``%z`` instead
of ``%Z`` writes an offset (``+0800``), which is.
"""
from __future__ import annotations

import dataclasses
import datetime
import math
import os
import pathlib
import re
import zoneinfo

__all__ = ["TIMESTAMP", "Stamp", "parse_time", "submitted_at", "lateness", "describe"]

#: The file nbgrader writes the time of a submission to.
TIMESTAMP = "timestamp.txt"
#: The most of a timestamp file read (a time is a few dozen characters).
_MOST = 4096

_TIME = re.compile(r"""
    (?P<date>\d{4}-\d{2}-\d{2}) [T\ ] (?P<h>\d{2}):(?P<m>\d{2}) (?::(?P<s>\d{2}) (?:[.,](?P<f>\d+))?)?
    \s* (?: (?P<offset>Z | [+-]\d{2}(?::?\d{2})?) | \s(?P<zone>[A-Za-z][A-Za-z0-9_+\-/]*) )?
    """, re.X)
_UTC_NAMES = {"UTC", "GMT", "Z", "ETC/UTC"}


@dataclasses.dataclass(frozen=True)
class Stamp:
    """When a submission was handed in (``None`` if not known), the timestamp file
    read (``None`` if none was found), and a note saying why there is no time."""

    when: datetime.datetime | None
    path: pathlib.Path | None = None
    note: str = ""


def _zone(match: re.Match) -> datetime.tzinfo:
    offset, name = match.group("offset"), match.group("zone")
    if offset == "Z" or (offset is None and (name is None or name.upper() in _UTC_NAMES)):
        return datetime.timezone.utc
    if offset is not None:
        digits = offset[1:].replace(":", "")
        if int(digits[2:] or 0) >= 60:
            raise ValueError(f"the offset {offset} has more than 59 minutes")
        minutes = int(digits[:2]) * 60 + int(digits[2:] or 0)
        return datetime.timezone((-1 if offset[0] == "-" else 1) * datetime.timedelta(minutes=minutes))
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(f"unknown time zone {name!r}: give an offset such as +08:00 "
                         "or a zone such as Asia/Shanghai") from None


def parse_time(text: str, *, argument: str = "deadline") -> datetime.datetime:
    """The time ``text`` names, with its zone: ISO 8601, or nbgrader's form with
    the zone's name last.  A time without a zone is UTC.

    Parameters
    ----------
    text : str
        ``2026-12-10T23:59``, ``2026-12-10 23:59:00+08:00``,
        ``2026-12-01 10:00:00.123456 UTC``, ``2026-12-01 18:00 Asia/Shanghai``.
    argument : str
        What the text is, for the message of a time that cannot be read.

    Examples
    --------
    >>> parse_time("2026-12-10T23:59")
    datetime.datetime(2026, 12, 10, 23, 59, tzinfo=datetime.timezone.utc)
    >>> parse_time("2026-12-10 23:59:00+08:00").isoformat()
    '2026-12-10T23:59:00+08:00'
    >>> parse_time("2026-12-01 10:00:00.123456 UTC").isoformat()
    '2026-12-01T10:00:00.123456+00:00'

    Raises
    ------
    ValueError
        If ``text`` is not such a time (a date alone is not: it needs its hour),
        naming ``argument`` and the text.
    """
    if not isinstance(text, str):
        raise TypeError(f"{argument} must be a str, got {type(text).__name__}")
    match = _TIME.fullmatch(text.strip())
    try:
        if match is None:
            raise ValueError("expected a date and time such as 2026-12-10T23:59 or "
                             "2026-12-10 23:59:00+08:00")
        fraction = (match.group("f") or "0")[:6].ljust(6, "0")
        naive = datetime.datetime.fromisoformat(f"{match.group('date')}T{match.group('h')}:"
                                                f"{match.group('m')}:{match.group('s') or '00'}")
        return naive.replace(microsecond=int(fraction), tzinfo=_zone(match))
    except ValueError as exc:
        raise ValueError(f"{argument}: {text.strip()[:80]!r} is not a time ({exc})") from None


def _inside(path: pathlib.Path, root: pathlib.Path) -> bool:
    return path == root or root in path.parents


def submitted_at(notebook_path, root) -> Stamp:
    """When the notebook at ``notebook_path`` was handed in: the time in the
    ``timestamp.txt`` nearest to it, in its own folder or a folder above it up
    to ``root`` (the folder of all submissions; never above it).

    A missing, unreadable or garbled timestamp gives a :class:`Stamp` without
    a time whose note says why; the nearest timestamp file is the one that
    counts, even garbled.

    Raises
    ------
    ValueError
        If ``notebook_path`` is not inside ``root``.
    """
    notebook = pathlib.Path(os.path.abspath(notebook_path))
    top = pathlib.Path(os.path.abspath(root))
    if not _inside(notebook.parent, top):
        raise ValueError(f"notebook_path: {str(notebook_path)!r} is not inside {str(root)!r}")
    folder = notebook.parent
    while True:
        candidate = folder / TIMESTAMP
        if os.path.lexists(candidate):
            return _read_stamp(candidate)
        if folder == top:
            return Stamp(None, None, f"no {TIMESTAMP}")
        folder = folder.parent


def _read_stamp(path: pathlib.Path) -> Stamp:
    try:
        if path.is_symlink() or not path.is_file():
            return Stamp(None, path, f"{path} is not a file")
        with open(path, "rb") as f:
            text = f.read(_MOST).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Stamp(None, path, f"{path} cannot be read ({type(exc).__name__})")
    try:
        return Stamp(parse_time(text.strip(), argument=str(path)), path)
    except ValueError as exc:
        return Stamp(None, path, str(exc))


def lateness(when: datetime.datetime, deadline: datetime.datetime) -> datetime.timedelta | None:
    """How long after ``deadline`` the time ``when`` is; ``None`` when it is not after it.

    Raises
    ------
    TypeError
        If either is not a datetime with its zone.
    """
    for name, value in (("when", when), ("deadline", deadline)):
        if not isinstance(value, datetime.datetime):
            raise TypeError(f"{name} must be a datetime, got {type(value).__name__}")
        if value.utcoffset() is None:
            raise TypeError(f"{name} must carry its time zone (see parse_time), got {value}")
    return when - deadline if when > deadline else None


def describe(delta: datetime.timedelta | None) -> str:
    """How late, in words: the largest unit and the next one (seconds rounded up);
    ``"on time"`` for ``None`` (see :func:`lateness`) or no time at all.

    Examples
    --------
    >>> import datetime
    >>> describe(datetime.timedelta(hours=2, minutes=5, seconds=30))
    'late by 2 h 5 min'
    >>> describe(datetime.timedelta(days=3, hours=1, minutes=20))
    'late by 3 d 1 h'
    >>> describe(datetime.timedelta(seconds=40)), describe(None)
    ('late by 40 s', 'on time')
    """
    if delta is None:
        return "on time"
    if not isinstance(delta, datetime.timedelta):
        raise TypeError(f"delta must be a timedelta or None, got {type(delta).__name__}")
    seconds = math.ceil(delta.total_seconds())
    if seconds <= 0:
        return "on time"
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60), ("s", 1)):
        amount, seconds = divmod(seconds, size)
        if amount or parts:
            parts.append((amount, unit))
    shown = [f"{amount} {unit}" for amount, unit in parts[:2] if amount]
    return "late by " + " ".join(shown)
