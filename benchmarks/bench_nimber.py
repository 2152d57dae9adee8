"""Benchmark of nim multiplication: 10**6 products of random 64-bit pairs.

In the same run, on the same seeded pairs:

* gamelab's scalar route, ``gl.nimber.nim_mul`` in a Python loop: after its
  first ``SCALAR_COMPILED_AFTER`` long products (done before the timing) it
  takes the compiled loop where numba is installed; and the Python route it
  takes before that, and without numba (log/exp tables of the field below
  2**16, Karatsuba on the Fermat 2-powers above);
* gamelab's array route, ``nim_mul_array`` on the two uint64 arrays (a loop
  compiled with numba where it is installed, numpy's look-ups otherwise; the
  compilation, once per machine and cached on disk, is not timed);
* the plain recursion in Python (below): ``a = a1·F + a0``, four products of
  halves and ``a1b1 ⊗ F/2``, down to single bits, no tables — timed on 10**4
  pairs and scaled (the note says so);
* the same method as gamelab in C++ (tables below 2**16, Karatsuba above),
  written to ``benchmarks/_build/baseline_nimber.cpp`` and compiled with
  ``g++ -O2`` by :func:`cpp.compile_baseline`; the products alone are timed
  inside the program, which writes them back so they are checked against
  gamelab's, all 10**6 of them.

Run alone: ``.venv/bin/python benchmarks/bench_nimber.py``.
"""
from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from gamelab.nimber import COMPILED_FROM, arrays, field, nim_mul, nim_mul_array
from cpp import compile_baseline
from timing import median_time

HERE = pathlib.Path(__file__).resolve().parent
BUILD = HERE / "_build"
SOURCE = BUILD / "baseline_nimber.cpp"
BINARY = BUILD / "baseline_nimber"

N = 10**6
PLAIN_N = 10**4
SEED = 20

CPP = r"""// Nim products of 64-bit pairs, the method of gamelab.nimber: log/exp tables of
// the field below 2^16 (generator 258), Karatsuba on the Fermat 2-powers above.
// usage: baseline_nimber IN OUT REPEATS; IN holds N values a then N values b
// (uint64, native order); OUT gets the N products; prints one time per repeat.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
typedef uint64_t u64; typedef uint32_t u32;
static u32 LOG[1 << 16], EXP[4 * 65535 + 4], HALF[1 << 16];
static u64 plain(u64 a, u64 b, int k) {  // a, b < 2^(2k): the rules, no tables
    if (a < 2 || b < 2) return a * b;
    u64 m = (1ULL << k) - 1, a1 = a >> k, a0 = a & m, b1 = b >> k, b0 = b & m;
    u64 c = plain(a1, b1, k / 2);
    return ((c ^ plain(a1, b0, k / 2) ^ plain(a0, b1, k / 2)) << k)
           ^ plain(a0, b0, k / 2) ^ plain(c, 1ULL << (k - 1), k / 2);
}
static void tables() {
    u32 col[16];
    for (int i = 0; i < 16; ++i) col[i] = (u32)plain(258, 1ULL << i, 8);
    u32 x = 1;
    for (u32 k = 0; k < 65535; ++k) {
        EXP[k] = EXP[k + 65535] = x; LOG[x] = k;
        u32 y = 0;
        for (int i = 0; i < 16; ++i) if (x >> i & 1) y ^= col[i];
        x = y;
    }
    LOG[0] = 2 * 65535;
    for (u32 k = 2 * 65535; k < 4 * 65535 + 4; ++k) EXP[k] = 0;
    for (u32 v = 0; v < (1u << 16); ++v) HALF[v] = EXP[LOG[v] + LOG[1u << 15]];
}
static inline u32 mul32(u32 a, u32 b) {
    u32 a1 = a >> 16, a0 = a & 0xFFFF, b1 = b >> 16, b0 = b & 0xFFFF;
    u32 p00 = EXP[LOG[a0] + LOG[b0]], p11 = EXP[LOG[a1] + LOG[b1]];
    u32 pm = EXP[LOG[a1 ^ a0] + LOG[b1 ^ b0]];
    return ((pm ^ p00) << 16) | (p00 ^ HALF[p11]);
}
static inline u64 mul64(u64 a, u64 b) {
    u32 a1 = a >> 32, a0 = (u32)a, b1 = b >> 32, b0 = (u32)b;
    u32 p00 = mul32(a0, b0), p11 = mul32(a1, b1), pm = mul32(a1 ^ a0, b1 ^ b0);
    u32 y1 = HALF[p11 >> 16], half = ((y1 ^ HALF[p11 & 0xFFFF]) << 16) | HALF[y1];
    return ((u64)(pm ^ p00) << 32) | (p00 ^ half);
}
int main(int argc, char **argv) {
    if (argc < 4) { std::fprintf(stderr, "usage: %s IN OUT REPEATS\n", argv[0]); return 2; }
    FILE *f = std::fopen(argv[1], "rb");
    std::vector<u64> v;
    u64 x;
    while (std::fread(&x, 8, 1, f) == 1) v.push_back(x);
    std::fclose(f);
    size_t n = v.size() / 2;
    std::vector<u64> out(n);
    tables();
    for (int r = 0; r < std::atoi(argv[3]); ++r) {
        auto start = std::chrono::steady_clock::now();
        for (size_t i = 0; i < n; ++i) out[i] = mul64(v[i], v[n + i]);
        auto stop = std::chrono::steady_clock::now();
        std::printf("%.6f\n", std::chrono::duration<double>(stop - start).count());
    }
    f = std::fopen(argv[2], "wb");
    std::fwrite(out.data(), 8, n, f);
    std::fclose(f);
    return 0;
}
"""


def plain_nim_mul(a, b, k=32):
    """The recursion as written: a, b < 2**(2k) split at F = 2**k, no tables, no memo."""
    if a < 2 or b < 2:
        return a * b
    m = (1 << k) - 1
    a1, a0, b1, b0 = a >> k, a & m, b >> k, b & m
    c = plain_nim_mul(a1, b1, k >> 1)
    high = c ^ plain_nim_mul(a1, b0, k >> 1) ^ plain_nim_mul(a0, b1, k >> 1)
    return (high << k) ^ plain_nim_mul(a0, b0, k >> 1) ^ plain_nim_mul(c, 1 << (k - 1), k >> 1)


def pairs(count):
    rng = np.random.default_rng(SEED)
    return (rng.integers(0, 2**64, size=count, dtype=np.uint64),
            rng.integers(0, 2**64, size=count, dtype=np.uint64))


def build_baseline():
    """Write the C++ source (when it changed) and compile it; ``(binary or None, note)``."""
    BUILD.mkdir(exist_ok=True)
    if not SOURCE.exists() or SOURCE.read_text() != CPP:
        SOURCE.write_text(CPP)
    return compile_baseline(SOURCE, BINARY)


def cpp_products(binary, a, b, repeats):
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = pathlib.Path(tmp) / "in.bin", pathlib.Path(tmp) / "out.bin"
        np.concatenate([a, b]).astype("=u8").tofile(src)
        out = subprocess.run([str(binary), str(src), str(dst), str(repeats)],
                             capture_output=True, text=True, check=True).stdout.split()
        return statistics.median(map(float, out)), np.fromfile(dst, dtype="=u8")


def run(*, repeats=3, quick=False):
    """Rows ``(figure, gamelab seconds, baseline seconds, ratio, note)``; ratio = baseline/gamelab."""
    count, plain_count = (N, PLAIN_N) if not quick else (N // 10, PLAIN_N // 10)
    a, b = pairs(count)
    la, lb = a.tolist(), b.tolist()
    nim_mul(2, 3)  # the tables, built on first use, are not part of the figures
    nim_mul_array(a[:COMPILED_FROM], b[:COMPILED_FROM])     # nor is the loop's compilation
    warm = arrays.SCALAR_COMPILED_AFTER                     # nor nim_mul's move to the loop
    assert [nim_mul(x, y) for x, y in zip(la[:warm], lb[:warm])] == [
        field.mul64(x, y) for x, y in zip(la[:warm], lb[:warm])]

    t_scalar, scalar = median_time(lambda: [nim_mul(x, y) for x, y in zip(la, lb)], 1 if not quick else repeats)
    t_python, python = median_time(lambda: [field.mul64(x, y) for x, y in zip(la, lb)], 1)
    assert python == scalar, "nim_mul's two routes disagree"
    t_array, array = median_time(lambda: nim_mul_array(a, b), repeats)
    assert array.tolist() == scalar, "nim_mul_array disagrees with nim_mul"
    t_plain, plain = median_time(lambda: [plain_nim_mul(x, y) for x, y in zip(la[:plain_count],
                                                                       lb[:plain_count])], 1)
    assert plain == scalar[:plain_count], "the plain recursion disagrees"
    scale = count // plain_count
    t_plain *= scale
    label = f"{count:.0e} nim products of random 64-bit pairs"
    plain_note = f"plain Python recursion timed on {plain_count:.0e} pairs, x{scale}"
    route = "compiled loop" if arrays.HAVE_NUMBA else "Python route, no numba"
    rows = [
        (f"{label}: nim_mul loop ({route}) vs plain Python recursion", t_scalar, t_plain,
         t_plain / t_scalar, plain_note),
        (f"{label}: nim_mul's Python route vs plain Python recursion", t_python, t_plain,
         t_plain / t_python, plain_note + "; the route of a process's first "
         f"{arrays.SCALAR_COMPILED_AFTER:,} long products"),
        (f"{label}: nim_mul_array vs plain Python recursion", t_array, t_plain,
         t_plain / t_array, plain_note),
    ]
    binary, note = build_baseline()
    if binary is None:
        rows.append((f"{label}: nim_mul_array vs C++ -O2", t_array, None, None, note))
        return rows
    t_cpp, cpp = cpp_products(binary, a, b, repeats)
    assert np.array_equal(cpp, array), "the C++ products disagree"
    cpp_note = ("same method in C++, products timed inside the program, all products equal; "
                + ("gamelab's loop compiled with numba" if arrays.HAVE_NUMBA else "gamelab on numpy"))
    rows.append((f"{label}: nim_mul_array vs C++ -O2", t_array, t_cpp, t_cpp / t_array, cpp_note))
    rows.append((f"{label}: nim_mul loop ({route}) vs C++ -O2", t_scalar, t_cpp, t_cpp / t_scalar,
                 cpp_note))
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        base = "-" if row[2] is None else f"{row[2]:9.4f} s"
        ratio = "-" if row[3] is None else f"x{row[3]:.3g}"
        print(f"{row[0]:78s} {row[1]:9.4f} s {base:>11s} {ratio:>9s}  {row[4]}")
