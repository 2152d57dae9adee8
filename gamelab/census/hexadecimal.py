"""The census of hexadecimal codes: every code ``0.d₁`` and ``0.d₁d₂`` with a digit
8-F (a move may leave three heaps), each computed until a theorem proves its
period -- ordinary, or arithmetic with a saltus -- or a limit of values is reached.

The octal census (:mod:`gamelab.census.runner`) groups codes into classes of first
cousins and runs on a cluster; these 192 codes take about half a minute on one
core, so :func:`hex_census` computes them in turn and :func:`hex_table` reads the
table shipped with gamelab.  A row's status is

* ``periodic`` -- ``G(n + p) = G(n)`` for n >= e, proven (the Guy–Smith theorem
  with three heaps);
* ``arithmetic`` -- ``G(n + p) = G(n) + s`` with s > 0, proven (the theorem with
  three heaps of :mod:`gamelab.games.tb_saltus`);
* ``seen`` -- no period proven, but the second half of the computed values
  repeats one, at least :data:`SEEN_REPEATS` times (the columns ``preperiod``,
  ``period`` and ``saltus`` then say what was seen, not what is known);
* ``open`` -- nothing proven or seen.

>>> from gamelab import census
>>> rows = census.hex_table()
>>> len(rows), sum(r.status == "arithmetic" for r in rows) >= 40
(192, True)
>>> next(r for r in rows if r.code == "0.8")[1:6]
('arithmetic', 1, 3, 1, 'three heaps')

References
----------
.. [1] S. Howse and R. J. Nowakowski, "Periodicity and arithmetic-periodicity
   in hexadecimal games", Theoret. Comput. Sci. 313 (2004), 463–472 (the one-
   and two-digit hexadecimal games).
"""
from __future__ import annotations

import csv
import io
from importlib import resources
from typing import NamedTuple

from .._validate import check_int
from ..games.octal_rules import Rules
from ..games.octal_sequence import MAX_GENERAL, OctalSequence
from ..games.tb_saltus import least_preperiod

__all__ = ["HexRow", "HEX_COLUMNS", "HEX_STATUSES", "SEEN_REPEATS", "hex_codes", "hex_solve",
           "hex_census", "hex_table", "hex_markdown", "hex_export", "read_hex_table"]

#: The four outcomes of a code.
HEX_STATUSES = ("periodic", "arithmetic", "seen", "open")
#: A period is "seen" when the last values repeat it at least this many times.
SEEN_REPEATS = 4
_HEX = "0123456789ABCDEF"


class HexRow(NamedTuple):
    """One code of the hexadecimal census.

    ``preperiod``, ``period`` and ``saltus`` are proven for ``periodic`` and
    ``arithmetic``, seen for ``seen`` and ``None`` for ``open``; ``theorem`` names
    the proof (``None`` unless proven) and ``read`` the values it compared;
    ``computed`` is how many values were computed and ``largest`` the largest.
    """

    code: str
    status: str
    preperiod: int | None
    period: int | None
    saltus: int | None
    theorem: str | None
    read: int | None
    computed: int
    largest: int


HEX_COLUMNS = HexRow._fields


def hex_codes(digits: int = 2) -> list[str]:
    """The hexadecimal codes ``0.d₁…d_k`` with k <= ``digits`` (1 or 2), the last digit
    not 0 and some digit 8-F, fewest digits first, then in order.

    >>> hex_codes(1)
    ['0.8', '0.9', '0.A', '0.B', '0.C', '0.D', '0.E', '0.F']
    >>> len(hex_codes(2)), hex_codes(2)[8:11]
    (192, ['0.08', '0.09', '0.0A'])
    """
    digits = check_int(digits, "digits", minimum=1, maximum=2)
    out = [f"0.{d}" for d in _HEX[8:]]
    if digits == 2:
        out += [f"0.{a}{b}" for a in _HEX for b in _HEX[1:] if a >= "8" or b >= "8"]
    return out


def _seen(values):
    """The least (e, p, s) that ``values`` repeat from e <= half their length on, at
    least SEEN_REPEATS times, or None."""
    size = len(values)
    for p in range(1, size // (SEEN_REPEATS + 1) + 1):
        e, s = least_preperiod(values, p, 0, size - p)
        if s >= 0 and e <= size // 2 and size - e >= (SEEN_REPEATS + 1) * p:
            return e, p, s
    return None


def hex_solve(code: str, limit: int = MAX_GENERAL) -> HexRow:
    """One row of the census: the period of ``code`` proven from its first ``limit``
    values, or what those values show.

    >>> hex_solve("0.8")
    HexRow(code='0.8', status='arithmetic', preperiod=1, period=3, saltus=1, theorem='three heaps', read=19, computed=64, largest=20)
    >>> hex_solve("0.F8", 200)[:5]
    ('0.F8', 'seen', 7, 6, 4)
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a hexadecimal code such as '0.8', got "
                        f"{type(code).__name__} {code!r}")
    limit = check_int(limit, "limit", minimum=16, maximum=MAX_GENERAL)
    rules = Rules.from_code(code)
    if rules.family != "hexadecimal":
        raise ValueError(f"code: {code!r} is a {rules.family} code; this census is of "
                         "hexadecimal codes (a digit 8-F)")
    # a sequence of its own, not the one games share: a row must not depend on what
    # else this process computed before (how many values, the largest)
    sequence = OctalSequence(rules, name=rules.code)
    found = sequence.period(limit)
    computed = sequence.known
    values = sequence.values(computed, tile=False).tolist()
    if found is not None:
        status = "arithmetic" if found.saltus else "periodic"
        return HexRow(rules.code, status, found.preperiod, found.period, found.saltus,
                      found.theorem, found.read, computed, max(values))
    seen = _seen(values)
    if seen is not None:
        return HexRow(rules.code, "seen", *seen, None, None, computed, max(values))
    return HexRow(rules.code, "open", None, None, None, None, None, computed, max(values))


def hex_census(digits: int = 2, limit: int = MAX_GENERAL) -> list[HexRow]:
    """:func:`hex_solve` for every code of :func:`hex_codes` (about 30 s for 2 digits)."""
    return [hex_solve(code, limit) for code in hex_codes(digits)]


def hex_export(rows) -> str:
    """The rows as the tab-separated text :func:`read_hex_table` reads (empty: ``None``)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    writer.writerow(HEX_COLUMNS)
    for row in rows:
        writer.writerow(["" if x is None else x for x in row])
    return out.getvalue()


def read_hex_table(text: str) -> list[HexRow]:
    """The rows of a table written by :func:`hex_export`."""
    if not isinstance(text, str):
        raise TypeError(f"text must be the str written by hex_export, got "
                        f"{type(text).__name__}")
    reader = csv.reader(io.StringIO(text), delimiter="\t")
    if next(reader, None) != list(HEX_COLUMNS):
        raise ValueError("text: not a hexadecimal census table (its header is not that of "
                         "hex_export)")
    rows = []
    for record in reader:
        code, status, *numbers = record
        e, p, s, theorem, read, computed, largest = numbers
        if status not in HEX_STATUSES:
            raise ValueError(f"text: unknown status {status!r} for {code}")
        rows.append(HexRow(code, status, *(int(x) if x else None for x in (e, p, s)),
                           theorem or None, int(read) if read else None, int(computed),
                           int(largest)))
    return rows


def hex_table() -> list[HexRow]:
    """The census of the 192 hexadecimal codes of one and two digits, as shipped with
    gamelab (computed by ``hex_census(2)``)."""
    return read_hex_table(resources.files(__package__).joinpath("data", "hex2.tsv")
                          .read_text("utf-8"))


def hex_markdown(rows, status: str = "arithmetic") -> str:
    """A Markdown table of the rows of one status, and a line counting every status.

    >>> print(hex_markdown([hex_solve("0.8"), hex_solve("0.B")]))
    | code | preperiod | period | saltus | values read |
    |---|---:|---:|---:|---:|
    | 0.8 | 1 | 3 | 1 | 19 |
    <BLANKLINE>
    2 codes: 1 periodic, 1 arithmetic, 0 seen, 0 open.
    """
    if status not in HEX_STATUSES:
        raise ValueError(f"status must be one of {HEX_STATUSES}, got {status!r}")
    rows = list(rows)
    last = "values read" if status in ("periodic", "arithmetic") else "values computed"
    lines = ["| code | preperiod | period | saltus | " + last + " |",
             "|---|---:|---:|---:|---:|"]
    for r in rows:
        if r.status == status:
            lines.append(f"| {r.code} | {r.preperiod} | {r.period} | {r.saltus} | "
                         f"{r.read if r.read is not None else r.computed} |")
    counts = ", ".join(f"{sum(r.status == s for r in rows)} {s}" for s in HEX_STATUSES)
    return "\n".join(lines) + f"\n\n{len(rows)} codes: {counts}."
