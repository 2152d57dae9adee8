"""The census database: one SQLite table, one row per class, keyed by its standard form.

Rows are written by the census client only, one transaction per result, so a
census stopped at any moment leaves every finished class on disk and nothing
half-written; a rerun reads what is there and computes the rest.  The same
rows are read back as :class:`CensusRow` named tuples, from a database or
from the three-digit table shipped with gamelab (:func:`table`).

Columns (a class of octal codes under first cousins, see
:mod:`gamelab.census.equivalence`):

=====================  ==============================================================
``standard_form``      primary key: the code with d₁ odd that the class leads to
``code``               the class's name: its member with the fewest digits
``members``            every code of the class counted by the census (space-separated)
``status``             ``trivial``, ``solved`` or ``open``
``preperiod``          least preperiod of ``code`` (``NULL`` when open)
``period``             least period (``NULL`` when open)
``standard_preperiod`` least preperiod of ``standard_form``
``shift``              first-cousin steps from ``code`` to ``standard_form``
``computed``           values computed (of ``standard_form``)
``value_limit``        the most values the census allowed
``time_limit``         the CPU seconds per class it allowed (``NULL``: none)
``largest``            the largest value computed, at heap ``largest_heap``
``rare_mask``          the sparse space at the end: mask, ``rare_alpha``, and its
``rare_count``         number of rare heaps, the last of them ``last_rare``
``seconds``            CPU seconds of the task; ``version`` of gamelab
=====================  ==============================================================
"""
from __future__ import annotations

import csv
import io
import os
import sqlite3
from importlib import resources
from typing import NamedTuple

from .equivalence import MAX_DIGITS, name_key
from .solve import STATUSES

__all__ = ["CensusRow", "COLUMNS", "connect", "write", "read", "needs_work", "table",
           "export", "read_table", "check_db"]


class CensusRow(NamedTuple):
    """One class of the census (the columns of :mod:`gamelab.census.store`)."""

    standard_form: str
    code: str
    members: tuple[str, ...]
    status: str
    preperiod: int | None
    period: int | None
    standard_preperiod: int | None
    shift: int
    computed: int
    value_limit: int
    time_limit: float | None
    largest: int
    largest_heap: int
    rare_mask: int | None
    rare_alpha: int | None
    rare_count: int | None
    last_rare: int | None
    seconds: float | None
    version: str


COLUMNS = CensusRow._fields
_TYPES = dict.fromkeys(COLUMNS, "INTEGER")
_TYPES.update(standard_form="TEXT PRIMARY KEY", code="TEXT NOT NULL", members="TEXT NOT NULL",
              status=f"TEXT NOT NULL CHECK (status IN {STATUSES!r})", time_limit="REAL",
              seconds="REAL", version="TEXT NOT NULL", shift="INTEGER NOT NULL",
              computed="INTEGER NOT NULL", value_limit="INTEGER NOT NULL")
_SCHEMA = ("CREATE TABLE IF NOT EXISTS census ("
           + ", ".join(f"{c} {_TYPES[c]}" for c in COLUMNS) + ")")


def check_db(db, name="db"):
    """``db`` as a path string (a ``str`` or ``os.PathLike``)."""
    if isinstance(db, (str, os.PathLike)) and str(db).strip():
        return os.fspath(db)
    raise TypeError(f"{name} must be a path to an SQLite file (str or os.PathLike), got "
                    f"{type(db).__name__} {db!r}")


def connect(db, *, create=True):
    """An open connection to the census database ``db`` (created when missing)."""
    path = check_db(db)
    if not create and not os.path.exists(path):
        raise ValueError(f"db: no census database at {path!r}")
    try:
        conn = sqlite3.connect(path, timeout=30)
        conn.execute(_SCHEMA)
        conn.commit()
        found = [r[1] for r in conn.execute("PRAGMA table_info(census)")]
    except sqlite3.DatabaseError as err:
        raise ValueError(f"db: {path!r} is not a census database ({err})") from None
    if found != list(COLUMNS):
        conn.close()
        raise ValueError(f"db: {path!r} has a table named census that is not a census's "
                         f"(its columns are {', '.join(found[:12])}); use another file")
    return conn


def _row(values):
    row = dict(zip(COLUMNS, values))
    row["members"] = tuple(row["members"].split())
    return CensusRow(**row)


def write(conn, result):
    """Write one result (a dict or :class:`CensusRow`) in its own transaction."""
    row = dict(result._asdict() if isinstance(result, CensusRow) else result)
    row["members"] = " ".join(row["members"])
    try:
        with conn:
            conn.execute(f"INSERT OR REPLACE INTO census ({', '.join(COLUMNS)}) VALUES "
                         f"({', '.join('?' * len(COLUMNS))})", [row[c] for c in COLUMNS])
    except sqlite3.DatabaseError as err:      # a read-only file, a full disk, ...
        raise ValueError(f"db: cannot write to the census database ({err})") from None
    return _row([row[c] for c in COLUMNS])


def read(db) -> list[CensusRow]:
    """Every row of a census database, in the order of the classes' names.

    Raises ``ValueError`` if there is no database at ``db`` or it is not one.
    """
    conn = connect(db, create=False)
    try:
        rows = [_row(r) for r in conn.execute(f"SELECT {', '.join(COLUMNS)} FROM census")]
    finally:
        conn.close()
    return sorted(rows, key=lambda row: name_key(row.code))





def needs_work(row, limit, seconds):
    """Whether a census with these limits would compute the class of ``row`` again:
    only an open class, when the limits now allow more than they did."""
    if row is None:
        return True
    if row.status != "open":
        return False
    if limit > row.value_limit:
        return True
    more_time = row.time_limit is not None and (seconds is None or seconds > row.time_limit)
    return row.computed < min(limit, row.value_limit) and more_time


# -- the shipped table ------------------------------------------------------------------

_INTS = {"preperiod", "period", "standard_preperiod", "shift", "computed", "value_limit",
         "largest", "largest_heap", "rare_mask", "rare_alpha", "rare_count", "last_rare"}


def export(rows, path=None):
    """The rows as tab-separated text (written to ``path`` too, if given), ``seconds`` left out."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    writer.writerow([c for c in COLUMNS if c != "seconds"])
    for row in rows:
        if not isinstance(row, CensusRow):
            raise TypeError(f"rows must hold CensusRow, got {type(row).__name__}")
        writer.writerow(["" if v is None else " ".join(v) if k == "members" else v
                         for k, v in row._asdict().items() if k != "seconds"])
    text = out.getvalue()
    if path is not None:
        target = check_db(path, "path")
        try:
            with open(target, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as err:
            raise ValueError(f"path: cannot write {target!r} ({err.strerror or err})") from None
    return text


def _parse(record):
    row = {}
    for key, value in record.items():
        if key == "members":
            row[key] = tuple(value.split())
        elif value == "":
            row[key] = None
        elif key in _INTS:
            row[key] = int(value)
        elif key == "time_limit":
            row[key] = float(value)
        else:
            row[key] = value
    return CensusRow(seconds=None, **row)


def read_table(text: str) -> list[CensusRow]:
    """The rows of a table written by :func:`export` (``seconds`` is ``None``)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be the str written by export, got {type(text).__name__}")
    reader = csv.DictReader(io.StringIO(text), delimiter="\t")
    if reader.fieldnames != [c for c in COLUMNS if c != "seconds"]:
        raise ValueError("text: not a census table (its header is not that of export)")
    return [_parse(r) for r in reader]


def table(digits: int = 3) -> list[CensusRow]:
    """The census of every octal code with up to three digits, as shipped with gamelab.

    ``seconds`` is ``None`` in these rows; the full database with timings is
    ``docs/census/census3.sqlite`` in the repository.

    >>> rows = table(3)
    >>> len(rows), rows[0].code
    (323, '0.1')
    """
    if digits != 3 or isinstance(digits, bool):
        if not isinstance(digits, int) or isinstance(digits, bool):
            raise TypeError(f"digits must be an int, got {type(digits).__name__} {digits!r}")
        raise ValueError(f"digits: gamelab ships the census of 3 digits (of 1..{MAX_DIGITS} "
                         f"that gamelab.census.run computes), got {digits}")
    return read_table(resources.files(__package__).joinpath("data", "census3.tsv")
                      .read_text("utf-8"))
