"""The one timer of the benchmarks: the median of several repeats of a call."""
from __future__ import annotations

import statistics
import time


def median_time(fn, repeats, *, clock=time.perf_counter):
    """``(median seconds, last result)`` of ``repeats`` calls of ``fn()``, timed by
    ``clock`` (wall time by default; ``time.process_time`` for CPU time)."""
    times, result = [], None
    for _ in range(repeats):
        start = clock()
        result = fn()
        times.append(clock() - start)
    return statistics.median(times), result
