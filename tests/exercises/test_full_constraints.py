"""Every judge problem of the course at its full official constraints, at the default budget.

For each registered judge problem a generator writes one worst-case input at the
constraints of ``gamelab/exercises/samples/PROBLEMS.md``: the largest sizes, the most
test cases, the adversarial shapes the format allows (seeded, so the same input every
run).  The reference solver must answer it with the default budget in force
(``gamelab.engine.SEARCH_WORK``, ``SEARCH_LIMIT``, ``OPTION_LIMIT`` untouched), with an
output of the right shape; where it is cheap, lines are compared with a plain
computation written here (a closed form, a small table, or ``gl.search_grundy``).

Where the format bounds no count (input read to end of file, or a count with no stated
bound), the generator takes a generous number (the docstring of each generator says
which).  No timing is asserted (``make bench`` measures speed); the tests that take
more than a few seconds are marked ``slow``.

Also POJ 2311 ("Cutting Game") written the plain way a student writes it,
``gl.HeapGame(cutting_moves)``, on boards up to 200 x 200.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pytest

import gamelab as gl
from gamelab_testing.limits import assert_default_budget
from gamelab.exercises.check import exercise, exercises
from gamelab.games.strips import CuttingGame, cutting_moves

SLOW = pytest.mark.slow


@pytest.fixture(autouse=True)
def default_budget():
    """Every test here runs at the default budget: nothing raised or lowered."""
    assert_default_budget()
    yield


# ---------------------------------------------------------------------------
# plain computations, independent of gamelab

def mex(values):
    values = set(values)
    g = 0
    while g in values:
        g += 1
    return g


def xor_all(values):
    x = 0
    for v in values:
        x ^= v
    return x


def plain_subtraction_values(moves, top):
    """G(0..top) of the subtraction game with these moves, by the mex rule."""
    moves = sorted(set(moves))
    g = [0] * (top + 1)
    for n in range(1, top + 1):
        seen = set()
        for s in moves:
            if s > n:
                break
            seen.add(g[n - s])
        g[n] = mex(seen)
    return g


def misere_nim_first_wins(heaps):
    if all(h == 1 for h in heaps):
        return len(heaps) % 2 == 0
    return xor_all(heaps) != 0


def lasker(n):
    return {0: n - 1, 1: n, 2: n, 3: n + 1}[n % 4] if n else 0


def wythoff_p(a, b):
    a, b = sorted((a, b))
    k = b - a
    return a == (k + math.isqrt(5 * k * k)) // 2


def staircase_xor(pieces):
    p = sorted(pieces)
    if len(p) % 2:
        p = [0] + p
    return xor_all(p[i + 1] - p[i] - 1 for i in range(0, len(p), 2))


def monks_xor(monks):
    return xor_all(monks[i + 1] - monks[i] - 1 for i in range(0, len(monks) - 1, 2))


def nim_mul_plain(a, b, half=32):
    """The nim product of a, b < 2**(2*half): split at F = 2**half, F ⊗ F = F ⊕ F/2."""
    if a < 2 or b < 2:
        return a * b
    f = 1 << half
    mask = f - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    c11 = nim_mul_plain(a1, b1, half // 2)
    c10 = nim_mul_plain(a1, b0, half // 2)
    c01 = nim_mul_plain(a0, b1, half // 2)
    c00 = nim_mul_plain(a0, b0, half // 2)
    return ((c11 ^ c10 ^ c01) << half) ^ c00 ^ nim_mul_plain(c11, f >> 1, half // 2)


def test_the_plain_nim_product_is_right():
    assert [nim_mul_plain(2, 2), nim_mul_plain(8, 8), nim_mul_plain(16, 16),
            nim_mul_plain(3141, 5926)] == [3, 13, 24, 14994]
    assert nim_mul_plain(2**63, 2) == 13835058055282163712
    assert all(nim_mul_plain(x, y) == gl.nim_mul(x, y) for x in range(40) for y in range(40))


@lru_cache(maxsize=None)
def hyper_knight_table():
    """G(x, y) of LightOJ 1315's knight for x, y < 500, in order of x + y.

    The board is unbounded up and to the right (only x, y >= 0): a knight from x, y < 500
    climbs at most 250 in either direction, so a 750 x 750 table is exact there."""
    size = 750
    moves = ((-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2))
    g = [[0] * size for _ in range(size)]
    for s in range(2 * size - 1):
        for x in range(max(0, s - size + 1), min(s, size - 1) + 1):
            y = s - x
            g[x][y] = mex(g[x + a][y + b] for a, b in moves
                          if 0 <= x + a < size and 0 <= y + b < size)
    return g


def lines_of(output):
    return output.splitlines()


# ---------------------------------------------------------------------------
# the generators: each returns (input_text, check), check(output_lines) asserting
# the shape and, where cheap, some lines against a plain computation

def gen_hdu1846(rng):
    """C = 100 tests, n and m up to 1000: the corners, multiples of m + 1 and their neighbours."""
    tests = [(1000, 1000), (1000, 1), (999, 1), (1, 1000), (1, 1)]
    while len(tests) < 100:
        m = rng.randint(1, 1000)
        n = min(1000, max(1, (m + 1) * rng.randint(0, 1000 // (m + 1)) + rng.choice((-1, 0, 1))))
        tests.append((n, m))
    text = f"{len(tests)}\n" + "".join(f"{n} {m}\n" for n, m in tests)

    def check(out):
        assert out == ["second" if n % (m + 1) == 0 else "first" for n, m in tests]
    return text, check


def gen_hdu2188(rng):
    """C = 1000 tests (no bound stated), n < 10000, 1 <= m <= 10, many multiples of m + 1."""
    tests = [(9999, 10), (9999, 1), (1, 1), (9998, 1), (9999, 9)]
    while len(tests) < 1000:
        m = rng.randint(1, 10)
        n = min(9999, max(1, (m + 1) * rng.randint(1, 9999 // (m + 1)) + rng.choice((-1, 0, 0, 1))))
        tests.append((n, m))
    text = f"{len(tests)}\n" + "".join(f"{n} {m}\n" for n, m in tests)

    def check(out):
        assert out == ["Rabbit" if n % (m + 1) == 0 else "Grass" for n, m in tests]
    return text, check


def gen_hdu2149(rng):
    """1000 lines "M N" (EOF-terminated, no count bound) with M, N < 1100: half of them M <= N,
    the longest answer lines (M = 1, N = 1099: 1099 bids), the rest M > N."""
    tests = [(1, 1099), (1099, 1099), (1099, 1), (1098, 1), (1099, 1098)]
    while len(tests) < 1000:
        n = rng.randint(1, 1099)
        tests.append((rng.randint(1, n), n) if rng.random() < 0.5 else (rng.randint(n, 1099), n))
    text = "".join(f"{m} {n}\n" for m, n in tests)

    def want(m, n):
        if m <= n:
            return " ".join(map(str, range(m, n + 1)))
        return str(m % (n + 1)) if m % (n + 1) else "none"

    def check(out):
        assert [" ".join(line.split()) for line in out] == [want(m, n) for m, n in tests]
    return text, check


def gen_hdu2147(rng):
    """10000 boards (no count bound; ended by "0 0"), n, m up to 2000, the largest among them."""
    tests = [(2000, 2000), (1999, 1999), (1, 2000), (2000, 1), (1, 1)]
    tests += [(rng.randint(1, 2000), rng.randint(1, 2000)) for _ in range(10000 - len(tests))]
    text = "".join(f"{n} {m}\n" for n, m in tests) + "0 0\n"

    def check(out):
        assert out == ["What a pity!" if n % 2 == m % 2 == 1 else "Wonderful!" for n, m in tests]
    return text, check


def _s_nim(rng):
    """10 test cases (no count bound), each with k = 100 distinct moves up to 10000 (10000
    among them, unsorted, the 1, 2, 3 that make long mex runs in some), m = 100 positions of
    l = 100 heaps up to 10000 (zeros and 10000 among them); the first case also holds
    positions of small heaps only, checked by plain search."""
    cases = []
    for c in range(10):
        moves = rng.sample(range(1, 10000), 96) + [10000]
        moves += [s for s in (1, 2, 3) if s not in moves] if c % 2 else []
        moves = list(dict.fromkeys(moves))
        while len(moves) < 100:
            s = rng.randint(1, 10000)
            if s not in moves:
                moves.append(s)
        rng.shuffle(moves)
        positions = [[10000] * 100, [0] * 100]
        if c == 0:
            positions += [[rng.randint(0, 40) for _ in range(100)] for _ in range(10)]
        while len(positions) < 100:
            positions.append([rng.choice((0, 10000, rng.randint(0, 10000))) for _ in range(100)])
        cases.append((moves, positions))
    lines = []
    for moves, positions in cases:
        lines.append(" ".join(map(str, [len(moves), *moves])))
        lines.append(str(len(positions)))
        lines.extend(" ".join(map(str, [len(p), *p])) for p in positions)
    text = "\n".join(lines + ["0"]) + "\n"

    def check(out):
        assert len(out) == len(cases)
        assert all(len(line) == 100 and set(line) <= {"W", "L"} for line in out)
        moves, positions = cases[0]
        g = plain_subtraction_values(moves, 10000)
        assert out[0] == "".join("W" if xor_all(g[h] for h in p) else "L" for p in positions)
        options = lambda n: [n - s for s in moves if s <= n]     # noqa: E731
        for i in range(2, 12):                                   # small heaps: plain search
            x = xor_all(gl.search_grundy(options, h) for h in positions[i])
            assert out[0][i] == ("W" if x else "L")
    return text, check


gen_hdu1536 = gen_hdu1944 = _s_nim


def gen_hdu1848(rng):
    """10000 lines (no count bound; ended by "0 0 0") of three heaps up to 1000."""
    tests = [(1000, 1000, 1000), (1, 1, 1), (1000, 999, 1)]
    tests += [tuple(rng.randint(1, 1000) for _ in range(3)) for _ in range(10000 - len(tests))]
    text = "".join(f"{m} {n} {p}\n" for m, n, p in tests) + "0 0 0\n"

    def check(out):
        fib = [1, 2]
        while fib[-1] + fib[-2] <= 1000:
            fib.append(fib[-1] + fib[-2])
        g = plain_subtraction_values(fib, 1000)
        assert out == ["Fibo" if g[m] ^ g[n] ^ g[p] else "Nacci" for m, n, p in tests]
    return text, check


def gen_hdu1850(rng):
    """100 blocks (no count bound; ended by 0) of M = 100 heaps up to 1,000,000."""
    blocks = [[1_000_000] * 100, [1_000_000] * 99 + [1]]
    while len(blocks) < 100:
        heaps = [rng.randint(1, 1_000_000) for _ in range(99)]
        last = xor_all(heaps)              # about half the blocks lost for the mover
        lost = 1 <= last <= 1_000_000 and rng.random() < 0.5
        heaps.append(last if lost else rng.randint(1, 1_000_000))
        blocks.append(heaps)
    text = "".join(f"{len(b)}\n{' '.join(map(str, b))}\n" for b in blocks) + "0\n"

    def check(out):
        want = []
        for b in blocks:
            x = xor_all(b)
            want.append(str(sum((x ^ a) < a for a in b)))
        assert out == want
    return text, check


def gen_hiho1163(rng):
    """N = 100 heaps up to 10000."""
    heaps = [10000] + [rng.randint(1, 10000) for _ in range(99)]
    text = f"100\n{' '.join(map(str, heaps))}\n"

    def check(out):
        assert out == ["Alice" if xor_all(heaps) else "Bob"]
    return text, check


def gen_poj2234(rng):
    """1000 lines (EOF-terminated, no count bound) of M = 20 heaps up to 10,000,000."""
    tests = [[10_000_000] * 20, [10_000_000] * 19 + [1]]
    while len(tests) < 1000:
        heaps = [rng.randint(0, 10_000_000) for _ in range(19)]
        last = xor_all(heaps)
        heaps.append(last if last <= 10_000_000 and rng.random() < 0.5
                     else rng.randint(0, 10_000_000))
        tests.append(heaps)
    text = "".join(f"{len(t)} {' '.join(map(str, t))}\n" for t in tests)

    def check(out):
        assert out == ["Yes" if xor_all(t) else "No" for t in tests]
    return text, check


def gen_poj1740(rng):
    """1000 tests (no count bound; ended by 0) of n = 10 piles up to 100, half of them paired."""
    tests = [[100] * 10, [100] * 9 + [99]]
    while len(tests) < 1000:
        if rng.random() < 0.5:
            half = [rng.randint(1, 100) for _ in range(5)]
            piles = half + half
            rng.shuffle(piles)
        else:
            piles = [rng.randint(1, 100) for _ in range(10)]
        tests.append(piles)
    text = "".join(f"{len(t)}\n{' '.join(map(str, t))}\n" for t in tests) + "0\n"

    def check(out):
        paired = lambda t: all(t.count(v) % 2 == 0 for v in set(t))   # noqa: E731
        assert out == ["0" if paired(t) else "1" for t in tests]
    return text, check


def gen_lightoj1315(rng):
    """T = 200 tests of n = 1000 knights each on the 500 x 500 board (far corners, shared
    cells, the origin), each test after a blank line."""
    tests = [[(499, 499)] * 1000, [(0, 0)] * 999 + [(499, 0)]]
    while len(tests) < 200:
        tests.append([(rng.randrange(500), rng.randrange(500)) if rng.random() < 0.9
                      else (499, 499) for _ in range(1000)])
    text = f"{len(tests)}\n" + "".join(
        "\n" + f"{len(t)}\n" + "".join(f"{x} {y}\n" for x, y in t) for t in tests)

    def check(out):
        g = hyper_knight_table()
        assert out == [f"Case {i}: {'Alice' if xor_all(g[x][y] for x, y in t) else 'Bob'}"
                       for i, t in enumerate(tests, 1)]
    return text, check


def gen_poj1067(rng):
    """10000 lines (EOF-terminated, no count bound) "a b" up to 10**9: P-positions near 10**9
    (where a float golden ratio goes wrong), their neighbours, both orders, zeros."""
    def pair(k):
        a = (k + math.isqrt(5 * k * k)) // 2
        return a, a + k

    top_k = 381_966_012                      # the largest k with a + k <= 10**9
    while pair(top_k)[1] > 10**9:
        top_k -= 1
    tests = [(0, 0), (0, 10**9), (10**9, 10**9), (10**9, 0)]
    while len(tests) < 10000:
        a, b = pair(rng.randint(top_k - 10**6, top_k - 1) if rng.random() < 0.7
                    else rng.randint(0, top_k - 1))
        a, b = a + rng.choice((0, 0, -1, 1)), b + rng.choice((0, 0, -1, 1))
        a, b = max(0, min(a, 10**9)), max(0, min(b, 10**9))
        tests.append((a, b) if rng.random() < 0.5 else (b, a))
    text = "".join(f"{a} {b}\n" for a, b in tests)

    def check(out):
        assert out == ["0" if wythoff_p(a, b) else "1" for a, b in tests]
    return text, check


def gen_poj1704(rng):
    """T = 20 tests of N = 1000 distinct pieces in 1..10000, unsorted (odd and even N: 999
    in one, the pieces packed at the left edge in another)."""
    tests = [list(range(1, 1001)), rng.sample(range(1, 10001), 999)]
    while len(tests) < 20:
        tests.append(rng.sample(range(1, 10001), 1000))
    for t in tests:
        rng.shuffle(t)
    text = f"{len(tests)}\n" + "".join(f"{len(t)}\n{' '.join(map(str, t))}\n" for t in tests)

    def check(out):
        assert out == ["Georgia will win" if staircase_xor(t) else "Bob will win" for t in tests]
    return text, check


def gen_lanqiao_gaoseng(rng):
    """One line of 99 monks on steps below 1000 (Luogu P8606: fewer than 100 monks, under
    1000 steps; the bounds are not in PROBLEMS.md), the top monk on step 999."""
    monks = sorted(rng.sample(range(1, 999), 98)) + [999]
    text = " ".join(map(str, monks)) + "\n"

    def check(out):
        assert len(out) == 1
        winning = []
        for i, a in enumerate(monks[:-1]):          # every move, smallest A first
            for b in range(a + 1, monks[i + 1]):
                moved = monks[:i] + [b] + monks[i + 1:]
                if monks_xor(moved) == 0:
                    winning.append((a, b))
        if not winning:
            assert out == ["-1"]
        else:
            a, b = map(int, out[0].split())
            assert (a, b) in winning and a == min(w[0] for w in winning)
    return text, check


def gen_hdu1907(rng):
    """T = 474 tests of N = 47 heaps up to 4747 (all ones, odd and even, among them)."""
    tests = [[1] * 47, [1] * 46, [4747] * 47, [4747] * 46 + [1]]
    while len(tests) < 474:
        tests.append([rng.randint(1, 4747) if rng.random() < 0.8 else 1 for _ in range(47)])
    text = f"{len(tests)}\n" + "".join(f"{len(t)}\n{' '.join(map(str, t))}\n" for t in tests)

    def check(out):
        assert out == ["John" if misere_nim_first_wins(t) else "Brother" for t in tests]
    return text, check


def gen_hdu2509(rng):
    """100 tests (EOF-terminated, no count bound) of n = 100 rows up to 100, blank lines between."""
    tests = [[1] * 100, [1] * 99, [100] * 100]
    while len(tests) < 100:
        tests.append([rng.randint(1, 100) if rng.random() < 0.8 else 1 for _ in range(100)])
    text = "\n".join(f"{len(t)}\n{' '.join(map(str, t))}\n" for t in tests)

    def check(out):
        assert out == ["Yes" if misere_nim_first_wins(t) else "No" for t in tests]
    return text, check


def gen_hiho1172(rng):
    """N = 10000 coins, H and T at random, the last a head."""
    coins = "".join(rng.choice("HT") for _ in range(9999)) + "H"
    text = f"10000\n{coins}\n"

    def check(out):
        assert out == ["Alice" if xor_all(i for i, c in enumerate(coins, 1) if c == "H") else "Bob"]
    return text, check


def gen_hiho1173(rng):
    """N = 100 heaps up to 20000 (the inferred bound)."""
    heaps = [20000, 19999] + [rng.randint(1, 20000) for _ in range(98)]
    text = f"100\n{' '.join(map(str, heaps))}\n"

    def check(out):
        assert out == ["Alice" if xor_all(lasker(h) for h in heaps) else "Bob"]
    return text, check


def gen_poi2000_pas(rng):
    """Stripes 1, 2, 3 (the most placements), m = 1000 boards up to 1000 (1000 among them)."""
    lengths = (1, 2, 3)
    boards = [1000, 999] + [rng.randint(1, 1000) for _ in range(998)]
    text = f"{' '.join(map(str, lengths))}\n{len(boards)}\n" + "".join(f"{p}\n" for p in boards)

    def check(out):
        g = [0] * 1001
        for s in range(1, 1001):
            g[s] = mex(g[i] ^ g[s - L - i] for L in lengths for i in range(s - L + 1))
        assert out == ["1" if g[p] else "2" for p in boards]
    return text, check


def gen_poj2311(rng):
    """Every board W x H with 2 <= W, H <= 200 (39601 lines, EOF-terminated), shuffled."""
    pairs = [(w, h) for w in range(2, 201) for h in range(2, 201)]
    rng.shuffle(pairs)
    text = "".join(f"{w} {h}\n" for w, h in pairs)

    def check(out):
        assert len(out) == len(pairs) and set(out) <= {"WIN", "LOSE"}
        top = 40
        g = [[0] * (top + 1) for _ in range(top + 1)]
        for w in range(2, top + 1):
            for h in range(2, top + 1):
                g[w][h] = mex([g[i][h] ^ g[w - i][h] for i in range(2, w - 1)]
                              + [g[w][j] ^ g[w][h - j] for j in range(2, h - 1)])
        for (w, h), line in zip(pairs, out):
            if w <= top and h <= top:
                assert line == ("WIN" if g[w][h] else "LOSE"), (w, h)
    return text, check


def gen_poj3537(rng):
    """The one integer n = 2000."""
    n = 2000

    def check(out):
        g = [0] * (n + 1)
        for m in range(1, n + 1):
            g[m] = mex(g[max(i - 3, 0)] ^ g[max(m - i - 2, 0)] for i in range(1, m + 1))
        assert out == ["1" if g[n] else "2"]
    return f"{n}\n", check


def _word(rng):
    kind = rng.randrange(4)
    if kind == 0:
        return (1 << 64) - 1 - rng.randrange(1 << 16)
    if kind == 1:
        return 1 << rng.randrange(64)
    return rng.getrandbits(64)


def gen_lc_nim_product_64(rng):
    """T = 1,000,000 products (Library Checker's T_MAX; the bound is not in PROBLEMS.md) of
    words below 2**64: near 2**64 - 1 (as the problem's own large test), powers of 2, random."""
    t = 1_000_000
    pairs = [(_word(rng), _word(rng)) for _ in range(t)]
    text = f"{t}\n" + "".join(f"{a} {b}\n" for a, b in pairs)

    def check(out):
        assert len(out) == t
        picks = list(range(200)) + [rng.randrange(t) for _ in range(200)]
        assert [int(out[i]) for i in picks] == [nim_mul_plain(*pairs[i]) for i in picks]
    return text, check


def _lights(rng, tests, count, dims, top):
    out = []
    for _ in range(tests):
        lights = [tuple(rng.randrange(top) for _ in range(dims)) for _ in range(count - 1)]
        total = 0
        for light in lights:
            v = 1
            for x in light:
                v = gl.nim_mul(v, x)       # only to shape the input; checks use the plain one
            total ^= v
        # about half the tests lost for the mover: a last light (1, ..., 1, total) cancels
        last = total if total < top and rng.random() < 0.5 else rng.randrange(top)
        out.append(lights + [(1,) * (dims - 1) + (last,)])
    return out


def _light_value(light):
    v = 1
    for x in light:
        v = nim_mul_plain(v, x)
    return v


def gen_hdu3404(rng):
    """T = 100 tests of n = 1000 lights with coordinates below 10000 (no verified bounds:
    a generous guess)."""
    tests = _lights(rng, 100, 1000, 2, 10000)
    text = f"{len(tests)}\n" + "".join(
        f"{len(t)}\n" + "".join(f"{x} {y}\n" for x, y in t) for t in tests)

    def check(out):
        assert len(out) == len(tests)
        assert set(out) <= {"Have a try, lxhgww.", "Don't waste your time."}
        assert out[:10] == ["Have a try, lxhgww." if xor_all(map(_light_value, t))
                            else "Don't waste your time." for t in tests[:10]]
    return text, check


def gen_poj3533(rng):
    """100 tests (EOF-terminated) of n = 1000 lights with coordinates below 10000 (no
    verified bounds: a generous guess)."""
    tests = _lights(rng, 100, 1000, 3, 10000)
    text = "".join(f"{len(t)}\n" + "".join(f"{x} {y} {z}\n" for x, y, z in t) for t in tests)

    def check(out):
        assert len(out) == len(tests) and set(out) <= {"Yes", "No"}
        assert out[:10] == ["No" if xor_all(map(_light_value, t)) else "Yes" for t in tests[:10]]
    return text, check


def gen_hdu2516(rng):
    """10000 heaps (no count bound; ended by 0), 2 <= n < 2**31: Fibonacci numbers, their
    neighbours, 2**31 - 1."""
    fib = [1, 2]
    while fib[-1] + fib[-2] < 2**31:
        fib.append(fib[-1] + fib[-2])
    heaps = [2, 3, 2**31 - 1, fib[-1], fib[-1] + 1]
    while len(heaps) < 10000:
        if rng.random() < 0.5:
            heaps.append(min(2**31 - 1, max(2, rng.choice(fib[1:]) + rng.choice((-1, 0, 0, 1)))))
        else:
            heaps.append(rng.randint(2, 2**31 - 1))
    text = "".join(f"{n}\n" for n in heaps) + "0\n"

    def check(out):
        fibs = set(fib)
        assert out == ["Second win" if n in fibs else "First win" for n in heaps]
    return text, check


#: judge id -> generator of its worst-case input; the slow ones are marked.
GENERATORS = {name[4:]: fn for name, fn in list(globals().items()) if name.startswith("gen_")}
SLOW_IDS = {"lc_nim_product_64", "hdu3404", "hdu2149", "poj3533", "lightoj1315", "hdu1536", "hdu1944"}


def judge_ids():
    """The course's judge problems: those registered by gamelab's own references (other
    tests may register exercises of their own in the same process)."""
    return sorted(i for i in exercises() if exercise(i).kind == "judge" and getattr(
        exercise(i).reference, "__module__", "").startswith("gamelab.exercises.references"))


def test_every_judge_problem_has_a_worst_case_generator():
    assert set(GENERATORS) == set(judge_ids())


@pytest.mark.parametrize("problem", [
    pytest.param(p, marks=SLOW) if p in SLOW_IDS else p for p in sorted(GENERATORS)])
def test_the_reference_answers_the_worst_case_at_the_default_budget(problem):
    text, check = GENERATORS[problem](random.Random(f"full-constraints:{problem}"))
    output = exercise(problem).reference(text)
    assert isinstance(output, str)
    check(lines_of(output))


# ---------------------------------------------------------------------------
# POJ 2311 the plain way: a HeapGame of the cuts, boards up to 200 x 200

@SLOW
def test_poj2311_written_plainly_answers_200_by_200_at_the_default_budget():
    game = gl.HeapGame(cutting_moves)          # the cuts of both directions; no table
    table = CuttingGame().grundy_table(200)
    assert gl.grundy(game, (200, 200)) == table[200, 200]
    wrong = [(w, h) for w in range(2, 201) for h in range(2, 201)
             if gl.grundy(game, (w, h)) != table[w, h]]
    assert wrong == []
