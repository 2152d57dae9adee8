"""Benchmark of ``Subtraction(S).grundy_sequence(10**7)`` against the classic loop.

For each subtraction set S, in the same run:

* gamelab: ``Subtraction(S).grundy_sequence(10**7)`` on a fresh object (so the
  period is found again each time), median of several repeats;
* the classic table loop ``g[n] = mex {g[n - s] : s in S}`` in plain Python,
  timed on 10**6 heaps and scaled by 10 (the note says so);
* the same loop in C++ (``benchmarks/baseline_subtraction.cpp``, compiled with
  ``g++ -O2`` into ``benchmarks/_build/``; the loop alone is timed inside the
  program), skipped with a note where g++ is missing.

gamelab wins because it stops as soon as a window of max(S) values repeats —
that proves the period — and then tiles the period with numpy.  The sets
include one with a long preperiod ({9, 14, 25, 30, 37, 39}: preperiod 3269,
period 69) and one with a long period ({1, 8, 31, 38, 39}: preperiod 57,
period 11757), both found by a search over random sets.  Every table is
checked against the baselines' (a checksum for C++, the first 10**6 values
for Python).

Run alone: ``.venv/bin/python benchmarks/bench_subtraction.py``.
"""
from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys
import time

import numpy as np

import gamelab as gl
from cpp import compile_baseline

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE / "baseline_subtraction.cpp"
BUILD = HERE / "_build"
BINARY = BUILD / "baseline_subtraction"

N = 10**7
PYTHON_N = 10**6

SETS = [
    (1, 3, 4),
    (2, 5, 6),
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    (4, 9, 11),
    (9, 14, 25, 30, 37, 39),  # long preperiod
    (1, 8, 31, 38, 39),  # long period
]


def checksum(values):
    """sum of g[n] * (n % 1000 + 1), the same number the C++ baseline prints."""
    n = len(values)
    weights = np.arange(n, dtype=np.int64) % 1000 + 1
    return int((np.asarray(values, dtype=np.int64) * weights).sum())


def python_loop(subtraction_set, count):
    """The classic loop in plain Python."""
    moves = sorted(subtraction_set)
    g = [0] * count
    for n in range(count):
        seen = {g[n - s] for s in moves if s <= n}
        m = 0
        while m in seen:
            m += 1
        g[n] = m
    return g


def build_baseline():
    """Compile the C++ baseline if needed; return ``(path, note)``."""
    return compile_baseline(SOURCE, BINARY)


def cpp_loop(binary, subtraction_set, count, repeats):
    """Median loop time of the C++ baseline and its checksum."""
    out = subprocess.run([str(binary), str(count), str(repeats), *map(str, subtraction_set)],
                         capture_output=True, text=True, check=True).stdout.split()
    times = [float(t) for t in out[0::2]]
    sums = {int(c) for c in out[1::2]}
    assert len(sums) == 1
    return statistics.median(times), sums.pop()


def gamelab_sequence(subtraction_set, count, repeats):
    times, seq = [], None
    for _ in range(repeats):
        game = gl.Subtraction(subtraction_set)
        start = time.perf_counter()
        seq = game.grundy_sequence(count)
        times.append(time.perf_counter() - start)
    return statistics.median(times), seq, game.period()


def run(*, repeats=5, python_repeats=3, quick=False):
    """Rows ``(figure, gamelab seconds, baseline seconds, ratio, note)``.

    ``ratio`` is baseline / gamelab: above 1, gamelab is faster.
    """
    count, python_count = (N, PYTHON_N) if not quick else (N // 10, PYTHON_N // 10)
    scale = count // python_count
    binary, cpp_note = build_baseline()
    rows = []
    for subtraction_set in SETS:
        label = "{" + ", ".join(map(str, subtraction_set)) + "}"
        g_time, seq, (e, p) = gamelab_sequence(subtraction_set, count, repeats)
        note = f"preperiod {e}, period {p}"

        py_times, py_values = [], None
        for _ in range(python_repeats):
            start = time.perf_counter()
            py_values = python_loop(subtraction_set, python_count)
            py_times.append(time.perf_counter() - start)
        assert seq[:python_count].tolist() == py_values, f"{label}: values disagree"
        py_time = statistics.median(py_times) * scale
        rows.append((f"S={label} grundy_sequence({count:.0e}) vs Python loop",
                     g_time, py_time, py_time / g_time,
                     f"{note}; Python loop timed on {python_count:.0e} heaps, x{scale}"))

        if binary is None:
            rows.append((f"S={label} grundy_sequence({count:.0e}) vs C++ -O2 loop",
                          g_time, None, None, cpp_note))
            continue
        cpp_time, cpp_sum = cpp_loop(binary, subtraction_set, count, repeats)
        assert cpp_sum == checksum(seq), f"{label}: C++ checksum disagrees"
        rows.append((f"S={label} grundy_sequence({count:.0e}) vs C++ -O2 loop",
                     g_time, cpp_time, cpp_time / g_time,
                     f"{note}; C++ loop timed inside the program, checksum equal"))
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        base = "-" if row[2] is None else f"{row[2]:9.4f} s"
        ratio = "-" if row[3] is None else f"x{row[3]:.1f}"
        print(f"{row[0]:62s} {row[1]:9.4f} s {base:>11s} {ratio:>8s}  {row[4]}")
