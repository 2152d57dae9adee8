"""Benchmark: Grundy sequences and proven periods of octal games.

Rows (name, gamelab seconds, baseline seconds, ratio = baseline / gamelab):

* Kayles to 10**4: gamelab's numpy sequence (every value computed, no period
  shortcut) against a plain Python double loop over the options;
* Kayles and Dawson's Kayles to 10**5 (every value computed), and the time to
  prove their periods (Guy–Smith) from a fresh game;
* Kayles for heaps 0..40 beside pycgt, which builds every position as a
  canonical game; the values are checked to agree.

With ``--hard`` it also proves the periods of 0.127, 0.165, 0.156, 0.356 and
0.644 (slow).

Usage::

    python benchmarks/bench_octal.py [--hard] [--quick]

A top-level runner imports :func:`run` and prints its rows.
"""
from __future__ import annotations

import sys
import time

import gamelab as gl

HARD = [("0.127", (46578, 4)), ("0.165", (5181, 1550)), ("0.156", (3479, 349)),
        ("0.356", (7315, 142)), ("0.644", (3256, 442))]


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


def run(hard=False, quick=False):
    """Run the benchmark; return rows ``(name, gamelab_s, baseline_s, ratio, note)``.

    ``baseline_s`` and ``ratio`` are ``None`` where there is no baseline;
    ``quick`` uses smaller sizes (a smoke test).
    """
    rows = []
    small, large, cgt = (10**3, 10**4, 16) if quick else (10**4, 10**5, 41)

    t_gl, fast = _timed(lambda: gl.Kayles().grundy_sequence(small, tile=False))
    t_py, slow = _timed(python_kayles, small)
    assert fast.tolist() == slow, "gamelab and the Python loop disagree"
    rows.append((f"Kayles heaps 0..{small - 1}, every value computed", t_gl, t_py, t_py / t_gl,
                 "baseline: plain Python double loop over the options (same values checked)"))

    for name, make in [("Kayles", gl.Kayles), ("Dawson's Kayles", gl.DawsonsKayles)]:
        t, seq = _timed(lambda: make().grundy_sequence(large, tile=False))
        assert len(seq) == large
        rows.append((f"{name} heaps 0..{large - 1}, every value computed", t, None, None, ""))
    for name, make, expected in [("Kayles", gl.Kayles, (71, 12)),
                                 ("Dawson's Kayles", gl.DawsonsKayles, (53, 34))]:
        t, found = _timed(lambda: make().period(10**5))
        assert found == expected, (name, found)
        rows.append((f"prove the period of {name} {found} (Guy-Smith)", t, None, None, ""))

    t_gl, fast = _timed(lambda: gl.Kayles().without_shortcuts().grundy_sequence(cgt))
    t_gl_fast, fast2 = _timed(lambda: gl.Kayles().grundy_sequence(cgt, tile=False))
    t_cgt, ref = _timed(pycgt_kayles, cgt)
    assert fast.tolist() == ref == fast2.tolist(), "gamelab and pycgt disagree on Kayles"
    note = ("baseline: pycgt builds each Kayles position as a canonical game and finds its "
            "nimber; values agree")
    rows.append((f"Kayles heaps 0..{cgt - 1}: gamelab search vs pycgt", t_gl, t_cgt, t_cgt / t_gl, note))
    rows.append((f"Kayles heaps 0..{cgt - 1}: gamelab numpy vs pycgt", t_gl_fast, t_cgt,
                 t_cgt / t_gl_fast, note))

    if hard:
        for code, expected in HARD:
            t, found = _timed(lambda: gl.TakeAndBreak(code).period(200_000))
            assert found == expected, (code, found, expected)
            rows.append((f"prove the period of {code} {found} (Guy-Smith)", t, None, None, ""))
    return rows


def format_rows(rows):
    head = ("benchmark", "gamelab s", "baseline s", "ratio")
    lines = [f"{head[0]:<62} {head[1]:>10} {head[2]:>11} {head[3]:>9}"]
    for name, t, b, r, _note in rows:
        bs = f"{b:11.4f}" if b is not None else f"{'-':>11}"
        rs = f"{r:8.1f}x" if r is not None else f"{'-':>9}"
        lines.append(f"{name:<62} {t:10.4f} {bs} {rs}")
    return "\n".join(lines)


if __name__ == "__main__":
    args = sys.argv[1:]
    print(format_rows(run(hard="--hard" in args, quick="--quick" in args)))
