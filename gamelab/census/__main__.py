"""``python -m gamelab.census``: run or resume a census of octal games from the shell.

::

    python -m gamelab.census --digits 3 --limit 2**20 --db census.sqlite
    python -m gamelab.census --digits 4 --limit 2**20 --seconds 5 --workers 2 --report
    python -m gamelab.census --codes 0.6 0.16 --scheduler tcp://host:8786

The table goes to the database (``--db``); ``--report`` also writes its
Markdown and plot beside it.  The last line printed is the summary.
"""
from __future__ import annotations

import argparse
import re
import sys

from .report import report
from .runner import run, summary

_POWER = re.compile(r"\s*(\d+)\s*(?:\*\*|\^)\s*(\d+)\s*")


def parse_count(text: str) -> int:
    """An integer written as ``1048576``, ``2**20`` or ``2^20`` (never evaluated as code).

    >>> parse_count("2**20"), parse_count("1000"), parse_count("10^6")
    (1048576, 1000, 1000000)
    """
    m = _POWER.fullmatch(text)
    if m:
        base, exponent = int(m.group(1)), int(m.group(2))
        if exponent > 64:
            raise argparse.ArgumentTypeError(f"{text!r}: the exponent is at most 64")
        return base ** exponent
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a count such as 1048576 or 2**20"
                                         ) from None


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    p = argparse.ArgumentParser(prog="python -m gamelab.census",
                                description="A census of octal games on Dask.")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--digits", type=int, help="every code with up to this many digits")
    which.add_argument("--codes", nargs="+", metavar="CODE", help="the classes of these codes")
    p.add_argument("--limit", type=parse_count, default=2**20,
                   help="the most values per class (default 2**20)")
    p.add_argument("--db", default="census.sqlite", help="the SQLite database (resumed)")
    p.add_argument("--scheduler", default=None,
                   help="tcp://host:port of a Dask scheduler, 'local' or 'synchronous' "
                        "(default: $DASK_SCHEDULER_ADDRESS, else a LocalCluster)")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes of the LocalCluster (default: one per core)")
    p.add_argument("--seconds", type=float, default=None, help="CPU seconds per class")
    p.add_argument("--timeout", type=float, default=5,
                   help="seconds to wait for an existing scheduler (default 5)")
    p.add_argument("--report", action="store_true",
                   help="also write the Markdown table and the plot beside the database")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv=None) -> int:
    """Run the command line; the exit status (0, or 2 for bad arguments)."""
    args = parser().parse_args(argv)
    try:
        rows = run(args.digits, codes=args.codes, limit=args.limit, db=args.db,
                   scheduler=args.scheduler, workers=args.workers, seconds=args.seconds,
                   progress=not args.quiet, timeout=args.timeout)
    except (TypeError, ValueError) as err:
        print(f"python -m gamelab.census: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stopped: the classes finished so far are in the database; run the same "
              "command again to resume", file=sys.stderr)
        return 130
    if args.report:
        report(args.db)
    print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
