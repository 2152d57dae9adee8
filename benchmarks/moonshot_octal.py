"""Prove the period of an octal game at research scale, with progress and a report.

Usage::

    nice -n 19 python benchmarks/moonshot_octal.py 0.104 [--limit 1000000000] [--every 30]
    nice -n 19 python benchmarks/moonshot_octal.py 4!.0 --values 1073741824

With ``--values N`` it computes the values of heaps ``0..N-1`` and proves
nothing (Grundy's game, ``4!.0``, has no known period), then reports the rare
heaps: how many, the last one, and the largest value and where it first
appears.

Computes the Grundy values with the sparse-space kernel
(:mod:`gamelab.games.octal_kernel`, :mod:`gamelab.games.octal_proof`), one line of progress every ``--every``
seconds, until the Guy–Smith theorem proves the period or ``--limit`` heaps
are computed; then prints the period, the wall and CPU time, the peak
memory of the process and the memory of the values.  Ctrl-C stops it
cleanly and reports how far it got.
"""
from __future__ import annotations

import argparse
import pathlib
import resource
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from gamelab.games import octal_kernel as K  # noqa: E402
from gamelab.games.octal_proof import prove_period  # noqa: E402
from gamelab.games.octal_rules import Rules  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code")
    parser.add_argument("--limit", type=float, default=1e9)
    parser.add_argument("--every", type=float, default=30.0)
    parser.add_argument("--values", type=float, default=None)
    args = parser.parse_args(argv)
    rules = Rules.from_code(args.code)
    limit = int(args.limit)
    state = K.SequenceState()
    start, cpu = time.perf_counter(), time.process_time()
    last = [start]

    def progress(length, target):
        now = time.perf_counter()
        if now - last[0] >= args.every or length == target:
            last[0] = now
            print(f"{args.code}: {length:>13,} values (aiming at {target:,}), rare heaps "
                  f"{state.nrare}, {now - start:8.1f} s wall, {time.process_time() - cpu:8.1f} s CPU",
                  flush=True)

    found = None
    try:
        if args.values is None:
            found = prove_period(rules, limit, state=state, progress=progress)
        else:
            K.extend(rules, state, int(args.values), progress=progress)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    if args.values is None:
        print(f"code {args.code}: (preperiod, period) = {found}")
    else:
        values = state.values[:state.length]
        top = int(values.argmax())
        last = int(state.rare[state.nrare - 1]) if state.nrare else None
        print(f"code {args.code}: heaps 0..{state.length - 1:,}; {state.nrare} rare heaps "
              f"(space {state.space}), the last {last:,}; the largest value G({top:,}) = "
              f"{values[top]}")
    print(f"values computed: {state.length:,} ({state.values.dtype}, space {state.space}, "
          f"{state.nrare} rare heaps)")
    print(f"wall {wall:.1f} s, CPU {used:.1f} s, peak memory {peak:.2f} GiB, "
          f"arrays {state.nbytes / 2**30:.2f} GiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
