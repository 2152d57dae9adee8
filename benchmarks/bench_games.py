"""Benchmark of the games people play: Chomp and Dots-and-Boxes.

Figures (each the median of several repeats, every repeat on a fresh game so nothing
is remembered from the one before):

* Chomp, every P-position inside a bar of 3 × 40 squares (12,340 bars) and inside
  8 × 8 (12,869 bars): :func:`gamelab.parlour.chomp.chomp_p_positions`, one pass over
  the bars in order of size, against the generic search (``gl.outcome`` on every bar
  of a fresh ``gl.Chomp()``, whose memo is shared by the queries).  Both must find
  the same P-positions.

* Dots-and-Boxes, the value of every position of a board of 2 × 3 boxes (17 edges,
  131,072 edge sets) and 1 × 6 (19 edges): :func:`gamelab.parlour.dots_and_boxes_value`
  on a board not solved before (one retrograde pass, numpy), against a memoised
  minimax in plain Python over the same edge sets.  Both must give the same values.

Run alone: ``.venv/bin/python benchmarks/bench_games.py``.
"""
from __future__ import annotations

import time

import functools

import gamelab as gl
from gamelab.parlour import dots_and_boxes, dots_and_boxes_box_edges, dots_and_boxes_edge_count
from gamelab.parlour import chomp
from gamelab.parlour.chomp import chomp_p_positions
from timing import median_time

SIZES = ((3, 40), (8, 8))
QUICK_SIZES = ((3, 12), (4, 4))
BOARDS = ((2, 3), (1, 6))
QUICK_BOARDS = ((2, 2),)


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

        def table():
            chomp._p_table.cache_clear()                 # a rectangle not asked for before
            return chomp_p_positions(r, c)

        ours, found = median_time(table, repeats, clock=time.process_time)
        base, expected = median_time(by_search, repeats, clock=time.process_time)
        if found != expected:
            raise AssertionError(f"Chomp {r} × {c}: the table and the search disagree")
        rows.append((f"Chomp: every P-position inside {r} × {c} ({len(bars):,} bars, "
                     f"{len(found)} P)", ours, base, None,
                     "baseline: gl.outcome on every bar of a fresh gl.Chomp() (the generic "
                     "search, its memo shared by the queries); CPU seconds"))
    for r, c in (QUICK_BOARDS if quick else BOARDS):
        edges = dots_and_boxes_edge_count(r, c)

        def solved():
            dots_and_boxes._table.cache_clear()          # a board not solved before
            return [dots_and_boxes.dots_and_boxes_value(r, c, d) for d in range(1 << edges)]

        ours, found = median_time(solved, repeats, clock=time.process_time)
        base, expected = median_time(lambda: plain_values(r, c), repeats,
                                     clock=time.process_time)
        if found != expected:
            raise AssertionError(f"Dots-and-Boxes {r} × {c}: the solver and minimax disagree")
        rows.append((f"Dots-and-Boxes: the value of every position of {r} × {c} "
                     f"({1 << edges:,} edge sets)", ours, base, None,
                     "baseline: a memoised minimax in plain Python over the same edge sets; "
                     "CPU seconds"))
    return rows


def plain_values(rows, columns):
    """The net score of every edge set by a memoised minimax (the baseline)."""
    edges = dots_and_boxes_edge_count(rows, columns)
    boxes = [dots_and_boxes_box_edges(rows, columns, r, c)
             for r in range(rows) for c in range(columns)]

    @functools.lru_cache(maxsize=None)
    def net(drawn):
        best = None
        for e in range(edges):
            if not drawn >> e & 1:
                after = drawn | 1 << e
                taken = sum(e in b and all(after >> x & 1 for x in b) for b in boxes)
                score = taken + net(after) if taken else -net(after)
                best = score if best is None else max(best, score)
        return best or 0

    return [net(d) for d in range(1 << edges)]


if __name__ == "__main__":
    for row in run():
        print(row[0], f"{row[1]:.2f} s", f"{row[2]:.2f} s", f"{row[2] / row[1]:.1f}x")
