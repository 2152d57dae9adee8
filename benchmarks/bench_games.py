"""Benchmark of the games people play: Chomp.

Figures (each the median of several repeats, every repeat on a fresh game so nothing
is remembered from the one before):

* Chomp, every P-position inside a bar of 3 × 40 squares (12,340 bars) and inside
  8 × 8 (12,869 bars): :func:`gamelab.parlour.chomp.chomp_p_positions`, one pass over
  the bars in order of size, against the generic search (``gl.outcome`` on every bar
  of a fresh ``gl.Chomp()``, whose memo is shared by the queries).  Both must find
  the same P-positions.

Run alone: ``.venv/bin/python benchmarks/bench_games.py``.
"""
from __future__ import annotations

import time

import gamelab as gl
from gamelab.parlour.chomp import chomp_p_positions
from timing import median_time

SIZES = ((3, 40), (8, 8))
QUICK_SIZES = ((3, 12), (4, 4))


def bars_inside(rows, columns):
    """Every bar inside rows × columns (row lengths, non-increasing, at least one)."""
    out, stack = [], [((), columns)]
    while stack:
        prefix, top = stack.pop()
        if prefix:
            out.append(prefix)
        if len(prefix) < rows:
            stack.extend((prefix + (x,), x) for x in range(1, top + 1))
    return out


def run(quick=False):
    rows = []
    repeats = 1 if quick else 3
    for r, c in (QUICK_SIZES if quick else SIZES):
        bars = bars_inside(r, c)

        def by_search():
            chomp = gl.Chomp()
            return sorted((b for b in bars if gl.outcome(chomp, b) == "P"),
                          key=lambda b: (sum(b), b))

        ours, found = median_time(lambda: chomp_p_positions(r, c), repeats, clock=time.process_time)
        base, expected = median_time(by_search, repeats, clock=time.process_time)
        if found != expected:
            raise AssertionError(f"Chomp {r} × {c}: the table and the search disagree")
        rows.append((f"Chomp: every P-position inside {r} × {c} ({len(bars):,} bars, "
                     f"{len(found)} P)", ours, base, None,
                     "baseline: gl.outcome on every bar of a fresh gl.Chomp() (the generic "
                     "search, its memo shared by the queries); CPU seconds"))
    return rows


if __name__ == "__main__":
    for row in run():
        print(row[0], f"{row[1]:.2f} s", f"{row[2]:.2f} s", f"{row[2] / row[1]:.1f}x")
