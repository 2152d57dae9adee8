"""Compiling the C++ baselines that the benchmarks run side by side with gamelab."""
from __future__ import annotations

import pathlib
import shutil
import subprocess


def compile_baseline(source: pathlib.Path, binary: pathlib.Path):
    """Compile ``source`` with ``g++ -O2`` into ``binary`` unless it is up to date.

    Returns ``(path, note)``: the binary, or ``None`` and why there is none
    (no g++, or it failed), so the benchmark reports the row instead of crashing.
    """
    compiler = shutil.which("g++")
    if compiler is None:
        return None, "g++ not found: C++ baseline skipped"
    if binary.exists() and binary.stat().st_mtime >= source.stat().st_mtime:
        return binary, None
    binary.parent.mkdir(exist_ok=True)
    proc = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return None, f"g++ failed: {proc.stderr.strip()[:200]}"
    return binary, None
