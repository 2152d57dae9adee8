"""A census of octal games: every class of codes with up to d digits, each
computed until the Guy–Smith theorem proves its period or a limit is reached,
on a Dask cluster (a ``LocalCluster`` of this machine by default), into a
resumable SQLite database.

>>> from gamelab import census
>>> census.standard_form("0.07"), census.first_cousin("0.4"), len(census.classes(3))
('0.137', '0.07', 323)
>>> rows = census.table(3)                  # the three-digit census shipped with gamelab
>>> [(r.code, r.status, r.preperiod, r.period) for r in rows if r.code == "0.16"]
[('0.16', 'solved', 105351, 149459)]

From the command line (``pip install 'gamelab[census]'``)::

    python -m gamelab.census --digits 3 --limit 2**20 --db census.sqlite
    python -m gamelab.census --digits 4 --scheduler tcp://host:8786 --db census4.sqlite

The hexadecimal codes of one and two digits have a census of their own, with
arithmetic periods (:mod:`~gamelab.census.hexadecimal`, :func:`hex_table`).

Modules: :mod:`~gamelab.census.equivalence` (first cousins, standard forms,
classes), :mod:`~gamelab.census.solve` (one task), :mod:`~gamelab.census.store`
(the database and the shipped table), :mod:`~gamelab.census.runner` (the Dask
census), :mod:`~gamelab.census.report` (Markdown and the plot).  Only
:func:`run` with a cluster needs dask, and only :func:`report` and
:func:`figure` need matplotlib.
"""
from .equivalence import (
    MAX_DIGITS,
    CodeClass,
    classes,
    code_digits,
    codes,
    cousin_steps,
    first_cousin,
    name_key,
    standard_form,
)
from .hexadecimal import (
    HEX_COLUMNS,
    HEX_STATUSES,
    HexRow,
    hex_census,
    hex_codes,
    hex_export,
    hex_markdown,
    hex_solve,
    hex_table,
    read_hex_table,
)
from .report import figure, markdown, report
from .runner import MAX_LIMIT, SYNCHRONOUS, run, summary
from .solve import STATUSES, TRIVIAL, member_period, solve
from .store import COLUMNS, CensusRow, export, read, table

__all__ = [
    "first_cousin", "standard_form", "cousin_steps", "code_digits", "name_key", "codes",
    "classes", "CodeClass", "MAX_DIGITS",
    "run", "summary", "solve", "member_period", "MAX_LIMIT", "SYNCHRONOUS", "TRIVIAL", "STATUSES",
    "CensusRow", "COLUMNS", "read", "table", "export",
    "report", "markdown", "figure",
    "hex_codes", "hex_solve", "hex_census", "hex_table", "hex_markdown", "hex_export",
    "read_hex_table", "HexRow",
    "HEX_COLUMNS", "HEX_STATUSES",
]
