"""Exercises on nim multiplication and coin turning in two and three dimensions.

* ``ex-14-2`` — write the nim product of two numbers below ``2**64``.
* :func:`lc_nim_product_64` — Library Checker "Nim Product (F_{2^64})": T
  products; official sample in ``samples/lc_nim_product_64.in``/``.out``
  (``number_theory/nim_product_64/gen/example_00.in`` of
  yosupo06/library-checker-problems; the output is the one whose SHA-256,
  ``d33863ab…d55eb``, that repository's ``hash.json`` gives for
  ``example_00.out``).
* :func:`hdu3404` — HDU 3404 "Switch lights": Turning Corners in two
  dimensions.  No verified statement or sample: the cases are checked
  against plain search of the game.
* :func:`poj3533` — POJ 3533 "Light Switching Game": the same in three
  dimensions.  No verified statement or sample either.

Each judge problem has its reference solver (``input_text -> output text``)
and a standalone program (stdin → stdout, plain Python), run with
:func:`gamelab.exercises.run_program` on the official sample where there is one.

References
----------
.. [1] T. S. Ferguson, *Game Theory*, part I, §5.2–5.4.
.. [2] Library Checker, problem ``nim_product_64``,
   https://judge.yosupo.jp/problem/nim_product_64
.. [3] HDU Online Judge, problem 3404; POJ, problem 3533.
"""
from __future__ import annotations

from ...nimber import nim_mul
from ..check import register
from ..judge_input import JudgeInput

__all__ = ["nim_product", "lc_nim_product_64", "hdu3404", "poj3533", "PROGRAMS"]


def nim_product(a, b):
    """Exercise 14-1: the nim product ``a ⊗ b`` of two numbers below ``2**64``.

    >>> nim_product(8, 8), nim_product(2**63, 2)
    (13, 13835058055282163712)
    """
    return nim_mul(a, b)


def lc_nim_product_64(input_text: str) -> str:
    """Library Checker ``nim_product_64``: T lines ``A B`` (below 2**64); print each ``A ⊗ B``.

    Examples
    --------
    >>> print(lc_nim_product_64("3\\n2 2\\n16 16\\n3141 5926\\n"), end="")
    3
    24
    14994
    """
    reader = JudgeInput(input_text)
    t = reader.int("T, the number of products")
    out = []
    for _ in range(t):
        a, b = reader.int("A"), reader.int("B")
        if not (0 <= a < 1 << 64 and 0 <= b < 1 << 64):
            raise ValueError(f"input_text: A and B must lie in [0, 2**64), got {a} {b}")
        out.append(f"{nim_mul(a, b)}\n")
    return "".join(out)


def _lights(reader, count, dims):
    total = 0
    for _ in range(count):
        coords = reader.ints(dims, "a coordinate")
        if min(coords) < 0:
            raise ValueError(f"input_text: coordinates must be >= 0, got {coords}")
        value = 1
        for x in coords:
            value = nim_mul(value, x)
        total ^= value
    return total


def hdu3404(input_text: str) -> str:
    """HDU 3404 "Switch lights": does lxhgww, moving first, win?

    Lights stand at grid points ``(x, y)``; a move switches the four corners
    of a rectangle whose lower-right corner is a light that is on.  This is
    Turning Corners (Twins × Twins) with coordinates from 0, so a light at
    ``(x, y)`` is worth ``x ⊗ y`` and the first player wins exactly when the
    nim-sum is not 0.  Reading the coordinates from 1 and letting rectangles
    be degenerate (Turning Turtles squared) gives the same values, ``x ⊗ y``.

    Input: T, then per test n and n lines ``x y`` (the lights that are on).
    Output per test: ``Have a try, lxhgww.`` or ``Don't waste your time.``.

    Examples
    --------
    >>> print(hdu3404("2\\n2\\n1 1\\n2 2\\n2\\n2 3\\n1 1\\n"), end="")
    Have a try, lxhgww.
    Don't waste your time.
    """
    reader = JudgeInput(input_text)
    out = []
    for _ in range(reader.int("T, the number of tests")):
        total = _lights(reader, reader.int("n, the number of lights"), 2)
        out.append("Have a try, lxhgww.\n" if total else "Don't waste your time.\n")
    return "".join(out)


def poj3533(input_text: str) -> str:
    """POJ 3533 "Light Switching Game": lights in a cube; is the position lost for the mover?

    A move switches the eight corners of a box whose far corner is a light
    that is on: Twins × Twins × Twins, so a light at ``(x, y, z)`` (from 0)
    is worth ``x ⊗ y ⊗ z``.  Tests run to the end of the input: n, then n
    lines ``x y z``.  Output per test: ``Yes`` when the nim-sum is 0 (the
    first player loses), ``No`` otherwise — as accepted solutions print it;
    the wording of the question was not verified.

    Examples
    --------
    >>> print(poj3533("1\\n1 1 2\\n2\\n1 2 3\\n2 3 1\\n"), end="")
    No
    Yes
    """
    reader = JudgeInput(input_text)
    out = []
    while reader.more():
        total = _lights(reader, reader.int("n, the number of lights"), 3)
        out.append("Yes\n" if total == 0 else "No\n")
    return "".join(out)


# ---------------------------------------------------------------------------
# the standalone programs (stdin -> stdout), as a judge runs them

_NIM_PRODUCT = '''\
import sys
from functools import lru_cache


def nim_mul(a, b, k=32):
    """Nim product of a, b < 2**(2*k), k a power of 2: split at F = 2**k."""
    if a < 2 or b < 2:
        return a * b
    while k > 1 and (a | b) >> k == 0:   # both below the next smaller field
        k >>= 1
    if (a | b) < 256:
        return small(a, b, k)
    return split(a, b, k)


def split(a, b, k):
    # a = a1*F + a0, b = b1*F + b0; F*F = F + F/2 (3F/2 in the ordinary sense)
    m = (1 << k) - 1
    a1, a0, b1, b0 = a >> k, a & m, b >> k, b & m
    c = nim_mul(a1, b1, k >> 1)
    high = c ^ nim_mul(a1, b0, k >> 1) ^ nim_mul(a0, b1, k >> 1)
    return (high << k) ^ nim_mul(a0, b0, k >> 1) ^ nim_mul(c, 1 << (k - 1), k >> 1)


small = lru_cache(maxsize=None)(split)   # products below 256, remembered
'''

PROGRAMS = {
    "lc_nim_product_64": _NIM_PRODUCT + '''

data = sys.stdin.read().split()
t = int(data[0])
print("\\n".join(str(nim_mul(int(data[1 + 2 * i]), int(data[2 + 2 * i]))) for i in range(t)))
''',
    "hdu3404": _NIM_PRODUCT + '''

data = list(map(int, sys.stdin.read().split()))
pos, out = 1, []
for _ in range(data[0]):
    n, total = data[pos], 0
    for i in range(n):
        total ^= nim_mul(data[pos + 1 + 2 * i], data[pos + 2 + 2 * i])
    pos += 1 + 2 * n
    out.append("Have a try, lxhgww." if total else "Don't waste your time.")
print("\\n".join(out))
''',
    "poj3533": _NIM_PRODUCT + '''

data = list(map(int, sys.stdin.read().split()))
pos, out = 0, []
while pos < len(data):
    n, total = data[pos], 0
    for i in range(n):
        x, y, z = data[pos + 1 + 3 * i: pos + 4 + 3 * i]
        total ^= nim_mul(nim_mul(x, y), z)
    pos += 1 + 3 * n
    out.append("Yes" if total == 0 else "No")
print("\\n".join(out))
''',
}


# ---------------------------------------------------------------------------
# Registered exercises (see gamelab.exercises.check).

def _word(rng):
    """A test number below 2**64: small, a power of 2, all ones, or random of some size."""
    kind = rng.randrange(5)
    if kind == 0:
        return rng.randrange(256)
    if kind == 1:
        return 1 << rng.randrange(64)
    if kind == 2:
        return (1 << rng.choice((8, 16, 32, 64))) - 1
    return rng.getrandbits(rng.choice((16, 32, 48, 64)))


def _product_cases(rng):
    fixed = [(2, 2), (4, 4), (8, 8), (16, 16), (0, 7), (1, 2**64 - 1), (2**32, 2**32),
             (2**64 - 1, 2**64 - 1)]
    return fixed + [(_word(rng), _word(rng)) for _ in range(40)]


def _lc_cases(rng):
    out = []
    for size in (1, 5, 50, 500):
        pairs = [(_word(rng), _word(rng)) for _ in range(size)]
        out.append(f"{size}\n" + "".join(f"{a} {b}\n" for a, b in pairs))
    return out


def _light_tests(rng, dims, top):
    """Positions of lights, about half of them P: a last light at (1, ..., 1, v) is worth v."""
    tests = []
    for _ in range(rng.randint(2, 6)):
        lights = [tuple(rng.randrange(top) if rng.random() < 0.1 else rng.randrange(1, top)
                        for _ in range(dims)) for _ in range(rng.randint(1, 6))]
        if rng.random() < 0.5:
            total = 0
            for light in lights:
                value = 1
                for x in light:
                    value = nim_mul(value, x)
                total ^= value
            lights.append((1,) * (dims - 1) + (total,))
        tests.append(lights)
    return tests


def _hdu3404_cases(rng):
    out = []
    for top in (4, 4, 16, 1000, 10000):
        tests = _light_tests(rng, 2, top)
        out.append(f"{len(tests)}\n" + "".join(
            f"{len(t)}\n" + "".join(f"{x} {y}\n" for x, y in t) for t in tests))
    out.append("3\n1\n0 5\n1\n1 1\n2\n2 3\n3 2\n")
    return out


def _poj3533_cases(rng):
    out = []
    for top in (3, 4, 16, 1000):
        tests = _light_tests(rng, 3, top)
        out.append("".join(f"{len(t)}\n" + "".join(f"{x} {y} {z}\n" for x, y, z in t)
                           for t in tests))
    out.append("1\n1 1 1\n2\n1 2 3\n2 3 1\n")
    return out


register("ex-14-2", kind="function", reference=nim_product, cases=_product_cases)
register("lc_nim_product_64", kind="judge", reference=lc_nim_product_64, cases=_lc_cases)
register("hdu3404", kind="judge", reference=hdu3404, cases=_hdu3404_cases)
register("poj3533", kind="judge", reference=poj3533, cases=_poj3533_cases)
