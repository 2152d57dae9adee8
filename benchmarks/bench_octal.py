"""Benchmark: Grundy sequences and proven periods of octal games.

Rows (name, gamelab seconds, baseline seconds, ratio = baseline / gamelab):

* Kayles to 10**4: gamelab's sequence (every value computed, no period
  shortcut) against a plain Python double loop over the options;
* Kayles and Dawson's Kayles at heap 10**5, both sides on the same heaps:
  the baseline loop is O(n^2), so both compute the last block of heaps
  99000..99999 given all earlier values (the same values checked);
* Kayles and Dawson's Kayles to 10**5 with every value computed, and with the
  proven period extended (the period is proven from a few hundred values,
  then tiled), and the time to prove their periods (Guy–Smith);
* Grundy's game to 10**4 and 10**5 (no known period, every value computed;
  the prefix shipped in gamelab/data is checked against OEIS A002188);
* Kayles for heaps 0..40 beside pycgt, which builds every position as a
  canonical game; the values are checked to agree;
* proven periods of hard octal games: 0.127, 0.165, 0.156, 0.356, 0.644, and
  0.16 and 0.56 (Gangolli and Plambeck, 1989), about half a million and
  650,000 values (skipped with ``--quick``);
* the sparse-space kernel (``gamelab.games.octal_kernel``) beside the same
  algorithm in C++ (``benchmarks/baseline_octal.cpp``, compiled with
  ``g++ -O2`` into ``benchmarks/_build/``; skipped with a note where g++ is
  missing): 0.376 for its first 3,000,000 heaps and Grundy's game to 10**6,
  values checked equal (checksums);
* hexadecimal and all-but games (the general engine, not the octal kernel):
  0.F8 (a move may leave three heaps) against a plain Python loop over every
  split into three heaps, values checked equal; the all-but game {2, 3, 5, 9}
  against a plain loop, and its arithmetic period proven (relative state);
* research scale: the periods of 0.376 (2268248, 4) and 0.354 (10061916,
  1180) proven from about 4.5 and 20 million values, and Grundy's game to
  10**7 (skipped with ``--quick``).

Usage::

    python benchmarks/bench_octal.py [--quick]

A top-level runner imports :func:`run` and prints its rows.
"""
from __future__ import annotations

import pathlib
import resource
import statistics
import subprocess
import sys
import time

import numpy as np

import gamelab as gl
from cpp import compile_baseline
from gamelab.data import reference_sequence
from gamelab.games import octal_kernel
from gamelab.games.octal_proof import prove_period
from gamelab.games.octal_rules import Rules
from gamelab.periodicity import needed_length

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "benchmarks" / "baseline_octal.cpp"
BUILD = ROOT / "benchmarks" / "_build"
BINARY = BUILD / "baseline_octal"

HARD = [("0.127", (46578, 4)), ("0.165", (5181, 1550)), ("0.156", (3479, 349)),
        ("0.356", (7315, 142)), ("0.644", (3256, 442))]
#: the games solved by Gangolli and Plambeck (1989)
MOONSHOTS = [("0.16", (105351, 149459)), ("0.56", (326640, 144))]


def _timed(f, *args):
    t0 = time.perf_counter()
    out = f(*args)
    return time.perf_counter() - t0, out


def python_kayles(n):
    """Kayles values of heaps 0..n-1 by a plain Python double loop (the baseline)."""
    g = [0] * n
    for m in range(1, n):
        seen = set()
        for k in (1, 2):
            r = m - k
            if r < 0:
                continue
            for a in range(0, r // 2 + 1):
                seen.add(g[a] ^ g[r - a])
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def python_block(code, known, stop):
    """Values of heaps ``len(known) .. stop-1`` of an octal game by the plain double
    loop, given the values of all earlier heaps (the baseline at large n)."""
    digits = Rules.from_code(code).digits
    g = list(known) + [0] * (stop - len(known))
    for m in range(len(known), stop):
        seen = set()
        for k, d in enumerate(digits):
            r = m - k
            if k == 0 or r < 0:
                continue
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r >= 1:
                seen.add(g[r])
            if d & 4:
                for a in range(1, r // 2 + 1):
                    seen.add(g[a] ^ g[r - a])
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g[len(known):]


def _read_oeis(anumber):
    """The values of a published sequence shipped with gamelab (``gamelab/data``)."""
    return list(reference_sequence(anumber).values)


def pycgt_kayles(n):
    """Kayles values of heaps 0..n-1 with pycgt: canonical forms, then the nimber each equals."""
    from pycgt import ZERO, add, game, nimber

    forms = [ZERO]
    for m in range(1, n):
        opts = []
        for k in (1, 2):
            r = m - k
            if r < 0:
                continue
            for a in range(0, r // 2 + 1):
                opts.append(add(forms[a], forms[r - a]))
        forms.append(game(opts, opts))
    values = []
    for f in forms:
        v = 0
        while f != nimber(v):
            v += 1
        values.append(v)
    return values


def build_baseline():
    """Compile the C++ baseline if needed; return ``(path, note)``."""
    return compile_baseline(SOURCE, BINARY)


def checksum(values):
    """Sum of ``G(n) * (n % 1000 + 1)``, as the C++ baseline prints it."""
    n = np.arange(len(values), dtype=np.int64)
    return int((values.astype(np.int64) * (n % 1000 + 1)).sum())


def cpp_run(binary, game, count, repeats):
    """Median wall and CPU seconds of the C++ baseline, and its checksum."""
    out = subprocess.run([str(binary), game, str(count), str(repeats)],
                         capture_output=True, text=True, check=True).stdout.split()
    walls, cpus = [float(x) for x in out[0::4]], [float(x) for x in out[1::4]]
    sums = {int(x) for x in out[2::4]}
    assert len(sums) == 1, "the C++ baseline is not deterministic"
    return statistics.median(walls), statistics.median(cpus), sums.pop()


def kernel_run(rules, count, repeats):
    """Median wall and CPU seconds of gamelab's kernel (a new computation each time)."""
    octal_kernel.compute_values(rules, 5000)          # load the compiled kernel first
    walls, cpus, seq = [], [], None
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        seq = octal_kernel.compute_values(rules, count)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), seq


def kernel_rows(quick):
    """gamelab's sparse-space kernel beside the same algorithm in C++."""
    rows = []
    binary, note = build_baseline()
    backend = octal_kernel.default_backend()
    cases = [("0.376", Rules.from_code("0.376"), 200_000 if quick else 3_000_000,
              "0.376, heaps 0..{last:,}"),
             ("grundy", Rules.grundys_game(), 100_000 if quick else 1_000_000,
              "Grundy's game, heaps 0..{last:,}")]
    for game, rules, count, label in cases:
        repeats = 1 if quick else 3
        g_wall, g_cpu, seq = kernel_run(rules, count, repeats)
        figure = f"sparse-space kernel ({backend}): " + label.format(last=count - 1) + " vs C++"
        if binary is None:
            rows.append((figure, g_wall, None, None, note))
            continue
        c_wall, c_cpu, c_sum = cpp_run(binary, game, count, repeats)
        assert c_sum == checksum(seq), f"{game}: the C++ values disagree"
        rows.append((figure, g_wall, c_wall, c_wall / g_wall,
                     f"the same algorithm in C++ (g++ -O2), values checked equal; gamelab / C++ = "
                     f"{g_wall / c_wall:.2f} in wall time, {g_cpu / c_cpu:.2f} in CPU time "
                     f"(gamelab {g_cpu:.2f} s CPU, C++ {c_cpu:.2f} s CPU; median of {repeats})"))
    return rows


def python_hexadecimal(digits, n):
    """G(0..n-1) of a hexadecimal code by a plain loop over every move."""
    g = [0] * n
    for heap in range(1, n):
        seen = set()
        for k in range(1, min(len(digits) - 1, heap) + 1):
            d, rest = digits[k], heap - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
            if d & 8:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        seen.add(g[a] ^ g[b] ^ g[rest - a - b])
        m = 0
        while m in seen:
            m += 1
        g[heap] = m
    return g


def python_all_but(excluded, n):
    """G(0..n-1) of an all-but game by a plain loop over the removals."""
    g = [0] * n
    for heap in range(1, n):
        seen = {g[heap - k] for k in range(1, heap + 1) if k not in excluded}
        m = 0
        while m in seen:
            m += 1
        g[heap] = m
    return g


def hexadecimal_rows(quick):
    """The general engine: a hexadecimal code and an all-but game beside plain loops."""
    rows = []
    n = 200 if quick else 600
    gl.TakeAndBreak("0.E8").grundy_sequence(64, tile=False)  # load the compiled loop first
    t_gl, fast = _timed(lambda: gl.TakeAndBreak("0.F8").grundy_sequence(n, tile=False))
    t_py, slow = _timed(python_hexadecimal, (0, 15, 8), n)
    assert fast.tolist() == slow, "0.F8: gamelab and the plain loop disagree"
    rows.append((f"hexadecimal 0.F8 heaps 0..{n - 1}, every value computed", t_gl, t_py,
                 t_py / t_gl, "general engine (every split listed, compiled with numba where it is "
                 "installed); baseline: plain Python loop over every split, values checked equal"))
    n = 2_000 if quick else 20_000
    t_gl, fast = _timed(lambda: gl.AllBut({2, 3, 5, 9}).grundy_sequence(n, tile=False))
    t_py, slow = _timed(python_all_but, {2, 3, 5, 9}, n)
    assert fast.tolist() == slow, "all-but: gamelab and the plain loop disagree"
    rows.append((f"all-but {{2, 3, 5, 9}} heaps 0..{n - 1}, every value computed", t_gl, t_py,
                 t_py / t_gl, "general engine (far values kept with their mex); baseline: plain "
                 "Python loop over every removal, values checked equal"))
    t, found = _timed(lambda: gl.AllBut({2, 3, 5, 9}).period())
    assert (tuple(found), found.saltus) == ((0, 18), 6), found
    rows.append((f"prove the arithmetic period of all-but {{2, 3, 5, 9}} {tuple(found)}, saltus "
                 f"{found.saltus}", t, None, None, "relative state repeated, least period found"))
    return rows


def research_rows():
    """Periods that need millions of values, and Grundy's game to 10**7."""
    rows = []
    for code, expected in [("0.376", (2268248, 4)), ("0.354", (10061916, 1180))]:
        rules = Rules.from_code(code)
        state = octal_kernel.SequenceState()
        w, c = time.perf_counter(), time.process_time()
        found = prove_period(rules, 10**8, state=state)
        wall, cpu = time.perf_counter() - w, time.process_time() - c
        assert found == expected, (code, found, expected)
        rows.append((f"prove the period of {code} {found} (sparse-space kernel, Guy-Smith)", wall,
                     None, None, f"{state.length:,} values computed ({state.values.dtype}, "
                     f"{state.nbytes / 2**20:.0f} MiB of arrays), exactly the Guy-Smith window; "
                     f"{cpu:.1f} s CPU"))
    rules = Rules.grundys_game()
    state = octal_kernel.SequenceState()
    w, c = time.perf_counter(), time.process_time()
    octal_kernel.extend(rules, state, 10**7)
    wall, cpu = time.perf_counter() - w, time.process_time() - c
    oeis = _read_oeis("A002188")
    assert state.values[:len(oeis)].tolist() == oeis, "Grundy's game disagrees with A002188"
    assert state.values[:20_000].tolist() == gl.GrundysGame().grundy_sequence(20_000).tolist()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10
    rows.append(("Grundy's game heaps 0..9,999,999 (sparse-space kernel)", wall, None, None,
                 f"{cpu:.1f} s CPU; {state.nrare} rare heaps; values in {state.values.dtype}; "
                 f"first {len(oeis)} equal OEIS A002188; peak memory of the benchmark process "
                 f"{peak:.0f} MiB"))
    return rows


def run(hard=True, quick=False):
    """Run the benchmark; return rows ``(name, gamelab_s, baseline_s, ratio, note)``.

    ``baseline_s`` and ``ratio`` are ``None`` where there is no baseline;
    ``quick`` uses smaller sizes (a smoke test) and skips the hard games.
    """
    rows = []
    small, large, cgt = (10**3, 10**4, 16) if quick else (10**4, 10**5, 41)
    # load the compiled kernel (numba, from its disk cache) before anything is timed
    for rules in (Rules.from_code("0.77"), Rules.grundys_game()):
        octal_kernel.compute_values(rules, 3000)
    block = large // 100

    t_gl, fast = _timed(lambda: gl.Kayles().grundy_sequence(small, tile=False))
    t_py, slow = _timed(python_kayles, small)
    assert fast.tolist() == slow, "gamelab and the Python loop disagree"
    rows.append((f"Kayles heaps 0..{small - 1}, every value computed", t_gl, t_py, t_py / t_gl,
                 "baseline: plain Python double loop over the options (same values checked)"))

    for name, make, code in [("Kayles", gl.Kayles, "0.77"), ("Dawson's Kayles", gl.DawsonsKayles, "0.07")]:
        g = make()
        known = g.grundy_sequence(large - block, tile=False).tolist()
        t_gl, fast = _timed(lambda: g.grundy_sequence(large, tile=False))
        t_py, slow = _timed(python_block, code, known, large)
        assert fast[large - block:].tolist() == slow, (name, "block values disagree")
        rows.append((f"{name} heaps {large - block}..{large - 1} given the rest, every value "
                     "computed", t_gl, t_py, t_py / t_gl,
                     f"same heaps on both sides: {name} values of the last {block} heaps below "
                     f"{large}, given all earlier values; baseline: plain Python double loop "
                     "(O(n) per heap here), values checked equal"))
    for name, make in [("Kayles", gl.Kayles), ("Dawson's Kayles", gl.DawsonsKayles)]:
        t, seq = _timed(lambda: make().grundy_sequence(large, tile=False))
        assert len(seq) == large
        rows.append((f"{name} heaps 0..{large - 1}, every value computed", t, None, None, ""))
        t2, tiled = _timed(lambda: make().grundy_sequence(large))
        assert tiled.tolist() == seq.tolist(), name
        rows.append((f"{name} heaps 0..{large - 1}, proven period extended", t2, None, None,
                     "the period is proven (Guy-Smith) from the first few hundred values, then "
                     "tiled; equal to the row above, value for value"))
    for name, make, expected in [("Kayles", gl.Kayles, (71, 12)),
                                 ("Dawson's Kayles", gl.DawsonsKayles, (53, 34))]:
        t, found = _timed(lambda: make().period(10**5))
        assert found == expected, (name, found)
        rows.append((f"prove the period of {name} {found} (Guy-Smith)", t, None, None, ""))

    oeis = _read_oeis("A002188")
    for n in (small, large):
        t, seq = _timed(lambda: gl.GrundysGame().grundy_sequence(n))
        assert seq[:len(oeis)].tolist() == oeis[:n], "Grundy's game disagrees with A002188"
        rows.append((f"Grundy's game heaps 0..{n - 1} (no period known)", t, None, None,
                     f"every value computed; the first {min(n, len(oeis))} equal OEIS A002188"))

    t_gl, fast = _timed(lambda: gl.Kayles().without_shortcuts().grundy_sequence(cgt))
    t_gl_fast, fast2 = _timed(lambda: gl.Kayles().grundy_sequence(cgt, tile=False))
    t_cgt, ref = _timed(pycgt_kayles, cgt)
    assert fast.tolist() == ref == fast2.tolist(), "gamelab and pycgt disagree on Kayles"
    note = ("baseline: pycgt builds each Kayles position as a canonical game and finds its "
            "nimber; values agree")
    rows.append((f"Kayles heaps 0..{cgt - 1}: gamelab search vs pycgt", t_gl, t_cgt, t_cgt / t_gl, note))
    rows.append((f"Kayles heaps 0..{cgt - 1}: gamelab numpy vs pycgt", t_gl_fast, t_cgt,
                 t_cgt / t_gl_fast, note))

    if hard and not quick:
        for code, expected in HARD:
            t, found = _timed(lambda: gl.TakeAndBreak(code).period(200_000))
            assert found == expected, (code, found, expected)
            rows.append((f"prove the period of {code} {found} (Guy-Smith)", t, None, None, ""))
        for code, expected in MOONSHOTS:
            need = needed_length(*expected, gl.TakeAndBreak(code).t)
            t, found = _timed(lambda: gl.TakeAndBreak(code).period(need))
            assert found == expected, (code, found, expected)
            rows.append((f"prove the period of {code} {found} (Guy-Smith)", t, None, None,
                         f"{need:,} values computed exactly (the Guy-Smith window), then the "
                         "period proven; first solved by Gangolli and Plambeck (1989)"))
    rows += hexadecimal_rows(quick)
    rows += kernel_rows(quick)
    if hard and not quick:
        rows += research_rows()
    return rows


def format_rows(rows):
    head = ("benchmark", "gamelab s", "baseline s", "ratio")
    lines = [f"{head[0]:<78} {head[1]:>10} {head[2]:>11} {head[3]:>9}"]
    for name, t, b, r, _note in rows:
        bs = f"{b:11.4f}" if b is not None else f"{'-':>11}"
        rs = f"{r:8.1f}x" if r is not None else f"{'-':>9}"
        lines.append(f"{name:<78} {t:10.4f} {bs} {rs}")
    return "\n".join(lines)


if __name__ == "__main__":
    args = sys.argv[1:]
    print(format_rows(run(quick="--quick" in args)))
