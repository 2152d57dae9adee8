"""``make bench``: run every benchmark and print one table.

Columns: the figure, gamelab's time, the baseline's time and the ratio
baseline / gamelab (above 1: gamelab is faster).  Every figure is the median
of several repeats, and gamelab and its baseline are measured side by side in
the same run; notes under the table say what each baseline is.

Options:
  --quick        smaller sizes and one repeat (a smoke test of the benchmarks)
  --only NAMES   comma-separated subset of: subtraction, engine, widgets, octal, peer, nimber,
                 misere, grading, games, sprouts
  --nbval        also time the notebook suite under nbval (slow)
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import pathlib
import platform
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

SUITES = ["subtraction", "engine", "widgets", "octal", "peer", "nimber", "misere", "grading",
          "games", "sprouts"]


def _fmt_time(seconds):
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _fmt_ratio(gamelab, baseline):
    if not gamelab or not baseline:
        return "-"
    ratio = baseline / gamelab
    return f"{ratio:,.1f}x" if ratio < 1000 else f"{ratio:,.0f}x"


def _suite_rows(name, quick):
    """Rows ``(figure, gamelab s, baseline s, note)`` of one benchmark module."""
    try:
        module = importlib.import_module(f"bench_{name}")
    except ImportError as exc:
        return [], f"bench_{name}.py not available ({exc}); skipped"
    kwargs = {}
    if "quick" in inspect.signature(module.run).parameters:
        kwargs["quick"] = quick
    try:
        raw = module.run(**kwargs)
    except Exception as exc:  # one broken benchmark must not hide the others
        return [(f"{name}: benchmark failed", None, None, f"{type(exc).__name__}: {exc}")], None
    rows = []
    for row in raw:
        figure, gamelab, baseline = row[0], row[1], row[2]
        note = row[4] if len(row) > 4 else ""
        rows.append((str(figure), gamelab, baseline, note))
    return rows, None


def time_nbval():
    """Wall time of the whole notebook suite under nbval."""
    cmd = [sys.executable, "-m", "pytest", "notebooks", "--nbval", "--nbval-current-env",
           "--nbval-sanitize-with", "notebooks/sanitize.cfg", "-q"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    last = (proc.stdout.strip().splitlines() or ["(no output)"])[-1]
    return ("notebooks under nbval (whole suite, wall time)", seconds, None,
            f"exit code {proc.returncode}: {last}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default=",".join(SUITES))
    parser.add_argument("--nbval", action="store_true")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SUITES]
    if unknown:
        parser.error(f"unknown benchmark(s) {unknown}; choose from {SUITES}")

    rows, skipped = [], []
    for name in chosen:
        print(f"running bench_{name} ...", file=sys.stderr, flush=True)
        suite_rows, note = _suite_rows(name, args.quick)
        rows.extend(suite_rows)
        if note:
            skipped.append(note)
    if args.nbval:
        print("running the notebooks under nbval ...", file=sys.stderr, flush=True)
        rows.append(time_nbval())

    headers = ("figure", "gamelab", "baseline", "baseline/gamelab")
    table = [(f"{figure} [{i}]" if note else figure, _fmt_time(g), _fmt_time(b), _fmt_ratio(g, b))
             for i, (figure, g, b, note) in enumerate(rows, 1)]
    widths = [max(len(h), *(len(r[c]) for r in table)) if table else len(h)
              for c, h in enumerate(headers)]

    def line(cells):
        return "| " + " | ".join(
            cell.ljust(w) if c == 0 else cell.rjust(w) for c, (cell, w) in enumerate(zip(cells, widths))
        ) + " |"

    print(f"gamelab benchmarks — Python {platform.python_version()}, {platform.machine()}"
          + (" (quick sizes)" if args.quick else ""))
    print(line(headers))
    print("|" + "|".join(("-" * (w + 2)) if c == 0 else ("-" * (w + 1) + ":")
                         for c, w in enumerate(widths)) + "|")
    for r in table:
        print(line(r))
    print()
    for i, (_, _, _, note) in enumerate(rows, 1):
        if note:
            print(f"[{i}] {note}")
    for note in skipped:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
