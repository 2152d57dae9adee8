"""Benchmark of Sprouts: the outcome of the game of n spots, normal and misère play.

Figures: CPU seconds of ``Sprouts().outcome(start(n))`` on a fresh game for each n (so
nothing is remembered from a smaller n), normal play (lands searched one by one, with
nimbers) and misère play (whole positions), with the number of positions remembered.
Each answer is checked against the published one: normal play, Applegate, Jacobson and
Sleator (1991), the first player loses exactly when n mod 6 is 0, 1 or 2; misère play,
OEIS A164950 (Lemoine and Viennot, 2009).  Past the default budget the work allowed is
raised (``gamelab.engine.SEARCH_WORK``), so a large n runs to the end: n = 6 takes some
ten minutes and 2 GB in each play.

Run alone: ``.venv/bin/python benchmarks/bench_sprouts.py [normal top n] [misère top n]``
(default 5 and 5).
"""
from __future__ import annotations

import sys
import time

import gamelab.engine
from gamelab.parlour.sprouts import Sprouts
from timing import median_time

NORMAL = dict(enumerate("PPNNNPPPNNN", start=1))
MISERE = dict(enumerate("NPPPNNPPPNNN", start=1))
TOP, QUICK_TOP = 5, 4


def remembered(game):
    """Positions (or pairs land, heap) in the memos of ``game``."""
    memos = game.__dict__.get("_gamelab_memo", {})
    return sum(len(m) for kind, m in memos.items() if kind != "sprouts-options")


def run(quick=False, top=None, misere_top=None):
    top = top or (QUICK_TOP if quick else TOP)
    misere_top = misere_top or top
    rows = []
    saved = gamelab.engine.SEARCH_WORK
    gamelab.engine.SEARCH_WORK = 10**12
    try:
        for misere, last, table in ((False, top, NORMAL), (True, misere_top, MISERE)):
            for n in range(1, last + 1):
                game = Sprouts()
                seconds, found = median_time(
                    lambda: game.outcome(game.start(n), misere=misere), 1,
                    clock=time.process_time)
                if found != table[n]:
                    raise AssertionError(f"Sprouts {n} spots, misere={misere}: {found}, "
                                         f"published {table[n]}")
                play = "misère" if misere else "normal"
                rows.append((f"Sprouts, {n} spots, {play} play: {found} "
                             f"({remembered(game):,} positions remembered)", seconds, None,
                             None, "CPU seconds on a fresh game"))
    finally:
        gamelab.engine.SEARCH_WORK = saved
    return rows


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    for row in run(top=args[0] if args else None, misere_top=args[1] if len(args) > 1 else None):
        print(row[0], f"{row[1]:.2f} s", flush=True)
