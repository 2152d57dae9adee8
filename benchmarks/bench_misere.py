"""Benchmark of misère quotients against plain misère search of the same sums.

For Dawson's Kayles (0.07) and Kayles (0.77): gamelab builds the quotient of
every sum of heaps up to a bound (proved for all such sums) and then answers
the outcome of each sum of heaps up to that bound whose sizes add up to at
most ``TOTAL`` by one product and one membership test; the baseline is a
plain memoised misère search over sorted tuples of heaps, answering the same
sums.  Both are timed in the same run and their answers compared.

Run alone: ``.venv/bin/python benchmarks/bench_misere.py``.
"""
from __future__ import annotations

import pathlib
import sys
import time

import gamelab as gl

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))
from gamelab_testing import plain_misere_p, sums_of_heaps  # noqa: E402  the plain references

CASES = [("0.07", "Dawson's Kayles", 24, 40), ("0.77", "Kayles", 20, 30)]
QUICK = [("0.07", "Dawson's Kayles", 14, 24)]


def run(quick=False):
    rows = []
    sys.setrecursionlimit(100_000)   # the plain search recurses once per move
    for code, name, max_heap, total in (QUICK if quick else CASES):
        game = gl.TakeAndBreak(code)
        todo = sums_of_heaps(max_heap, total)
        t = time.process_time()
        q = gl.misere_quotient(game, max_heap, seconds=600)
        ours = [q.outcome(s) == "P" for s in todo]
        mine = time.process_time() - t
        is_p = plain_misere_p(lambda h: [tuple(m) for m in game.moves(h)])
        t = time.process_time()
        theirs = [is_p(s) for s in todo]
        base = time.process_time() - t
        if ours != theirs:
            raise AssertionError(f"{code}: the quotient and plain search disagree")
        rows.append((f"{name} ({code}): quotient to heap {max_heap} (|Q| = {q.order}) and the "
                     f"outcomes of all {len(todo):,} sums of total ≤ {total}, vs plain misère search",
                     mine, base, None, "baseline: memoised misère search over sorted tuples"))
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(f"{row[0]}: gamelab {row[1]:.2f} s, plain {row[2]:.2f} s, ratio {row[2] / row[1]:.1f}x")
