"""Benchmark: gamelab beside the field's best octal solver, in the same run.

The peer is the analyzer of *Solving octal games* (github.com/tczajka/octal-games,
its ``old/src`` folder, C++): the sparse-space method with the rare values
found by a Hadamard transform, periods checked by the Guy–Smith bound each
time the number of values reaches a power of two.  gamelab does not ship
it: clone the repository and point ``GAMELAB_PEER_OCTAL`` at the clone (or
clone it into ``benchmarks/_build/octal-games``); this script compiles its
analyzer with ``g++ -O2`` and runs it as an outside program.  Without the
clone or g++ every row says that the peer was not built, and why.

Rows (CPU seconds, median of the repeats, ratio = peer ÷ gamelab):

* proving the periods of 0.354, 0.56 and 0.16: both sides stop when the
  period is proven, and the two periods found must agree;
* Grundy's game to 2**23 heaps: the peer prints its statistics when the
  count of values reaches a power of two, and is stopped there; gamelab
  computes the same heaps, and the two must agree on the largest value and
  where it first appears.

Usage::

    GAMELAB_PEER_OCTAL=/path/to/octal-games python benchmarks/bench_peer.py [--quick]
"""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

from gamelab.games import octal_kernel
from gamelab.games.octal_proof import prove_period
from gamelab.games.octal_rules import Rules

HERE = pathlib.Path(__file__).resolve().parent
BUILD = HERE / "_build"
BINARY = BUILD / "peer_analyze"
REPOSITORY = "https://github.com/tczajka/octal-games"

PROOFS = ["0.354", "0.56", "0.16"]
GRUNDY_BITS = 23


def peer_source():
    """The clone's ``old/src`` folder, or ``None`` and why there is none."""
    root = os.environ.get("GAMELAB_PEER_OCTAL")
    root = pathlib.Path(root) if root else BUILD / "octal-games"
    src = root / "old" / "src"
    if not (src / "analyze_exec.cc").is_file():
        return None, (f"peer not built: no {src / 'analyze_exec.cc'} (clone {REPOSITORY} "
                      f"and set GAMELAB_PEER_OCTAL to the clone)")
    return src, None


def build_peer():
    """Compile the peer's analyzer with ``g++ -O2``; return ``(path, note)``."""
    src, note = peer_source()
    if src is None:
        return None, note
    compiler = shutil.which("g++")
    if compiler is None:
        return None, "peer not built: g++ not found"
    # the analyzer and the library files it links with: no tests, no other program
    sources = sorted(p for p in src.glob("*.cc")
                     if not p.stem.endswith("_test")
                     and (not p.stem.endswith("_exec") or p.stem == "analyze_exec"))
    newest = max(p.stat().st_mtime for p in [*sources, *src.glob("*.h")])
    if BINARY.exists() and BINARY.stat().st_mtime >= newest:
        return BINARY, None
    BUILD.mkdir(exist_ok=True)
    proc = subprocess.run([compiler, "-O2", "-std=c++11", "-pthread", f"-I{src}",
                           *map(str, sources), "-o", str(BINARY)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return None, f"peer not built: g++ failed: {proc.stderr.strip()[:300]}"
    return BINARY, None


def peer_run(binary, game, stop_bits=None):
    """Run the peer on ``game``; return ``(CPU seconds, last statistics line, period)``.

    With ``stop_bits`` the peer is stopped once it reports ``n=2^stop_bits``
    (its CPU time then is that of the values up to there)."""
    proc = subprocess.Popen([str(binary), game], stdout=subprocess.PIPE, text=True)
    stats, period = None, None
    for line in proc.stdout:
        if line.startswith("n=2^"):
            stats = line.strip()
            if stop_bits is not None and peer_count(line) >= 1 << stop_bits:
                proc.kill()
                break
        found = re.match(r"Found period start=(\d+) period=(\d+)", line)
        if found:
            period = (int(found[1]), int(found[2]))
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = status
    if stop_bits is None and period is None:
        raise RuntimeError(f"the peer found no period of {game} (last: {stats})")
    return usage.ru_utime + usage.ru_stime, stats, period


def peer_count(stats):
    """The number of values of the peer's statistics line ``n=2^k ...``."""
    return 1 << int(stats[4:].split()[0])


def gamelab_proof(code):
    """CPU seconds, period and number of values of gamelab's proof of ``code``."""
    state = octal_kernel.SequenceState()
    c = time.process_time()
    found = prove_period(Rules.from_code(code), 10**8, state=state)
    return time.process_time() - c, found, state.length


def gamelab_grundy(count):
    """CPU seconds and values of Grundy's game, heaps ``0..count - 1``."""
    c = time.process_time()
    seq = octal_kernel.compute_values(Rules.grundys_game(), count)
    return time.process_time() - c, np.asarray(seq)


def run(quick=False):
    """Rows ``(name, gamelab s, peer s, peer / gamelab, note)`` (CPU seconds)."""
    binary, note = build_peer()
    repeats = 1 if quick else 3
    octal_kernel.compute_values(Rules.from_code("0.16"), 5000)  # load the compiled kernel first
    rows = []
    proofs = PROOFS[-1:] if quick else PROOFS
    for code in proofs:
        runs = [gamelab_proof(code) for _ in range(repeats)]
        ours = statistics.median(r[0] for r in runs)
        found, length = runs[0][1], runs[0][2]
        figure = f"prove the period of {code} {found}: gamelab vs the peer"
        if binary is None:
            rows.append((figure, ours, None, None, note))
            continue
        peer = [peer_run(binary, code) for _ in range(repeats)]
        theirs = statistics.median(r[0] for r in peer)
        assert all(r[2] == found for r in peer), f"{code}: the peer found {peer[0][2]}"
        rows.append((figure, ours, theirs, theirs / ours,
                     f"CPU seconds, median of {repeats}; the same period found by both; gamelab "
                     f"computed {length:,} values, the peer {peer_count(peer[0][1]):,}"))
    bits = 16 if quick else GRUNDY_BITS
    count = 1 << bits
    runs = [gamelab_grundy(count) for _ in range(repeats)]
    ours, values = statistics.median(r[0] for r in runs), runs[0][1]
    top = int(values.argmax())
    figure = f"Grundy's game heaps 0..{count - 1:,}: gamelab vs the peer"
    if binary is None:
        rows.append((figure, ours, None, None, note))
        return rows
    peer = [peer_run(binary, "grundy", stop_bits=bits) for _ in range(repeats)]
    theirs = statistics.median(r[0] for r in peer)
    largest = re.search(r"largest G\[(\d+)\]=(\d+)", peer[0][1])
    assert (int(largest[1]), int(largest[2])) == (top, int(values[top])), (
        f"Grundy's game: the peer says {largest[0]}, gamelab G[{top}]={values[top]}")
    rows.append((figure, ours, theirs, theirs / ours,
                 f"CPU seconds, median of {repeats}; both agree that the largest value is "
                 f"G[{top:,}] = {values[top]}"))
    return rows


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    for name, ours, theirs, ratio, note in run(quick=quick):
        shown = f"{theirs:.2f} s, peer / gamelab {ratio:.2f}" if theirs else note
        print(f"{name}: gamelab {ours:.2f} s; {shown}")
        if theirs:
            print(f"    {note}")
