"""Nimbers: the product against its definition, published values, the field laws and facts."""
from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab import nimber
from gamelab.nimber import arrays, field, scalar
from gamelab.nimber import (GENERATOR, MAX_BITS, MAX_POW_BITS, Nimber, nim_field_size,
                            nim_inv, nim_mul, nim_mul_array, nim_pow, nim_sqrt, nim_square)

FERMAT = [1 << (1 << n) for n in range(16)]  # 2, 4, 16, 256, 65536, ..., 2**(2**15)


# ---------------------------------------------------------------------------
# the definition: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}

def definition_table(n):
    """The products below n, by the definition itself (mex over all a' < a, b' < b)."""
    t = np.zeros((n, n), dtype=np.int64)
    for a in range(1, n):
        for b in range(1, a + 1):
            seen = (t[:a, b][:, None] ^ t[a, :b][None, :] ^ t[:a, :b]).ravel()
            present = np.zeros(seen.size + 1, dtype=bool)
            present[seen[seen <= seen.size]] = True
            t[a, b] = t[b, a] = int(np.argmin(present))
    return t


def test_every_product_below_128_is_the_definition():
    table = definition_table(128)
    assert [[nim_mul(a, b) for b in range(128)] for a in range(128)] == table.tolist()


def test_the_definition_in_plain_python_below_32():
    t = {}
    for a in range(32):
        for b in range(32):
            seen = {t[x, b] ^ t[a, y] ^ t[x, y] for x in range(a) for y in range(b)}
            m = 0
            while m in seen:
                m += 1
            t[a, b] = m
            assert nim_mul(a, b) == m


def conway_product(a, b, memo={}):
    """Another route: Conway's rules on powers of 2, extended by distributivity.

    2**i is the ordinary product of the Fermat 2-powers 2**(2**k) for the bits k
    of i; distinct Fermat 2-powers multiply as ordinary numbers; F ⊗ F = F ⊕ F/2.
    """
    out = 0
    for i in range(a.bit_length()):
        if a >> i & 1:
            for j in range(b.bit_length()):
                if b >> j & 1:
                    out ^= power_product(i, j, memo)
    return out


def power_product(i, j, memo):
    """2**i ⊗ 2**j."""
    if (i, j) not in memo:
        common = i & j
        if common == 0:
            memo[i, j] = 1 << (i | j)
        else:
            k = common & -common  # one Fermat 2-power F = 2**(2**log2(k)) in both
            F = 1 << k
            # 2**i ⊗ 2**j = (2**(i-k) ⊗ 2**(j-k)) ⊗ (F ⊗ F), and F ⊗ F = F ⊕ F/2
            rest = power_product(i - k, j - k, memo)
            memo[i, j] = conway_product(rest, F ^ (F >> 1), memo)
    return memo[i, j]


def test_every_product_below_256_by_conways_rules():
    for a in range(256):
        assert [nim_mul(a, b) for b in range(256)] == [conway_product(a, b) for b in range(256)]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_64_bit_products_by_conways_rules(a, b):
    assert nim_mul(a, b) == conway_product(a, b)


# ---------------------------------------------------------------------------
# published values

FERGUSON_TABLE_5_2 = [  # T. S. Ferguson, Game Theory, part I, Table 5.2 (Turning Corners)
    [0] * 16,
    list(range(16)),
    [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
    [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
    [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
    [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
    [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
    [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
    [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
    [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
    [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
    [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
    [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
    [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
    [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
    [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
]


def test_published_values():
    assert [[nim_mul(a, b) for b in range(16)] for a in range(16)] == FERGUSON_TABLE_5_2
    assert (nim_mul(2, 2), nim_mul(4, 4), nim_mul(16, 16), nim_mul(8, 8)) == (3, 6, 24, 13)
    # Ferguson §5.3: 2 ⊗ 16 = 32, 24 ⊗ 17 = 128, 3 ⊗ (5 ⊗ 6) = 3 ⊗ 8 = 4 = 15 ⊗ 6,
    # 1 ⊘ 2 = 3, 1 ⊘ 7 = 11, 6 ⊘ 5 = 9; his online calculator: 16 ⊗ 255 = 2
    assert nim_mul(2, 16) == 32 and nim_mul(24, 17) == 128
    assert nim_mul(5, 6) == 8 and nim_mul(3, 8) == 4 and nim_mul(3, 5) == 15 and nim_mul(15, 6) == 4
    assert (nim_inv(2), nim_inv(7), nim_mul(6, nim_inv(5))) == (3, 11, 9)
    assert nim_mul(16, 255) == 2


def test_library_checker_official_sample(sample):
    src, out = sample("lc_nim_product_64")
    nums = list(map(int, src.split()))
    got = [nim_mul(nums[1 + 2 * i], nums[2 + 2 * i]) for i in range(nums[0])]
    assert got == list(map(int, out.split()))
    assert got[-2:] == [14994, 11290409524105353207]


# ---------------------------------------------------------------------------
# the field laws, on 64-bit and larger numbers

words = st.integers(0, 2**64 - 1)
big = st.integers(0, 2**256 - 1) | st.integers(0, 2**1024 - 1)
numbers = words | big


@settings(max_examples=200, deadline=None)
@given(numbers, numbers, numbers)
def test_commutative_associative_distributive(a, b, c):
    assert nim_mul(a, b) == nim_mul(b, a)
    assert nim_mul(a, nim_mul(b, c)) == nim_mul(nim_mul(a, b), c)
    assert nim_mul(a, b ^ c) == nim_mul(a, b) ^ nim_mul(a, c)
    assert nim_mul(a, 1) == a and nim_mul(a, 0) == 0


@settings(max_examples=200, deadline=None)
@given(numbers)
def test_inverse_square_and_root(a):
    assert nim_square(a) == nim_mul(a, a)
    r = nim_sqrt(a)
    assert nim_mul(r, r) == a and nim_sqrt(nim_square(a)) == a
    if a:
        assert nim_mul(a, nim_inv(a)) == 1
        assert nim_inv(nim_inv(a)) == a
    else:
        with pytest.raises(ValueError, match="a must be non-zero"):
            nim_inv(a)


@settings(max_examples=100, deadline=None)
@given(words | st.integers(0, 2**256 - 1), st.integers(-40, 40))
def test_powers(a, k):
    if a == 0 and k < 0:
        with pytest.raises(ValueError):
            nim_pow(a, k)
        return
    want = 1
    base = a if k >= 0 else nim_inv(a)
    for _ in range(abs(k)):
        want = nim_mul(want, base)
    assert nim_pow(a, k) == want


@pytest.mark.parametrize("n", range(0, 9))
def test_frobenius_fixes_the_subfield(n):
    """x ** (2 ** (2 ** n)) = x exactly on the field of size 2 ** (2 ** n)."""
    F = 1 << (1 << n)
    rng = random.Random(n)
    for x in [0, 1, F - 1, F >> 1] + [rng.randrange(F) for _ in range(20)]:
        assert nim_pow(x, F) == x
        y = x
        for _ in range(1 << n):
            y = nim_square(y)
        assert y == x
    for x in [F, F + 1] + [rng.randrange(F, F * F) for _ in range(10)]:  # just outside
        assert nim_pow(x, F) != x


# ---------------------------------------------------------------------------
# the field facts

@pytest.mark.parametrize("n", range(15))
def test_fermat_powers(n):
    F = FERMAT[n]
    assert nim_mul(F, F) == 3 * F // 2 == F ^ (F >> 1)
    rng = random.Random(n)
    for x in [0, 1, F - 1] + [rng.randrange(F) for _ in range(10)]:
        assert nim_mul(F, x) == F * x  # a Fermat 2-power times a smaller number
    assert nim_field_size(F - 1) == F and nim_field_size(F) == F * F


def test_small_subfields_are_closed():
    for F in (2, 4, 16, 256):
        for a in range(F):
            assert all(nim_mul(a, b) < F for b in range(F))
            if a:
                assert nim_inv(a) < F and nim_sqrt(a) < F
                assert nim_pow(a, F - 1) == 1  # the multiplicative group has F - 1 elements


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(FERMAT[:9]), st.data())
def test_subfields_are_closed(F, data):
    a, b = data.draw(st.integers(0, F - 1)), data.draw(st.integers(0, F - 1))
    assert nim_mul(a, b) < F and nim_sqrt(a) < F
    if a:
        assert nim_inv(a) < F and nim_pow(a, F - 1) == 1


def test_the_generator_is_primitive():
    order = 65535  # = 3 * 5 * 17 * 257
    assert nim_pow(GENERATOR, order) == 1
    assert all(nim_pow(GENERATOR, order // p) != 1 for p in (3, 5, 17, 257))
    assert all(nim_pow(g, order // 3) == 1 or nim_pow(g, order // 5) == 1 or
               nim_pow(g, order // 17) == 1 or nim_pow(g, order // 257) == 1
               for g in range(2, GENERATOR))


def test_field_sizes():
    assert [nim_field_size(a) for a in range(18)] == [2, 2] + [4] * 2 + [16] * 12 + [256] * 2
    assert nim_field_size(2**64 - 1) == 2**64 and nim_field_size(2**64) == 2**128


@pytest.mark.slow
def test_a_large_product_stays_exact():
    a, b = (1 << (MAX_BITS - 1)) | 12345, (1 << (MAX_BITS - 1)) | 678
    p = nim_mul(a, b)
    assert p.bit_length() <= MAX_BITS
    assert nim_mul(p, nim_inv(b)) == a


# ---------------------------------------------------------------------------
# numpy

def test_arrays_agree_with_scalars():
    rng = np.random.default_rng(7)
    a = rng.integers(0, 2**64, size=3000, dtype=np.uint64)
    b = rng.integers(0, 2**64, size=3000, dtype=np.uint64)
    a[:10], b[:10] = 0, 2**64 - 1
    got = nim_mul_array(a, b)
    assert got.dtype == np.uint64 and got.shape == (3000,)
    assert got.tolist() == [nim_mul(int(x), int(y)) for x, y in zip(a, b)]


def test_arrays_broadcast_and_take_python_ints():
    assert nim_mul_array([[2], [4]], [2, 3, 4]).tolist() == [[3, 1, 8], [8, 12, 6]]
    assert nim_mul_array([2**64 - 1], 2**63).tolist() == [nim_mul(2**64 - 1, 2**63)]
    assert nim_mul_array([], []).shape == (0,)
    assert int(nim_mul_array(16, 16)) == 24


@pytest.mark.parametrize("numba", [False, pytest.param(True, marks=pytest.mark.skipif(
    not arrays.HAVE_NUMBA, reason="numba not installed (pip install 'gamelab[fast]')"))],
    ids=["numpy", "compiled"])
def test_long_arrays_agree_with_scalars_by_either_route(numba, monkeypatch):
    # long enough for the compiled loop where numba is installed; a broadcast (strided)
    # pair of operands, and the extremes of every 16- and 32-bit half
    monkeypatch.setattr(arrays, "HAVE_NUMBA", numba)
    rng = np.random.default_rng(11)
    edges = [0, 1, 2**16 - 1, 2**16, 2**32 - 1, 2**32, 2**48, 2**63, 2**64 - 1]
    a = np.concatenate([np.array(edges, dtype=np.uint64),
                        rng.integers(0, 2**64, size=291, dtype=np.uint64)])
    b = np.concatenate([rng.integers(0, 2**64, size=291, dtype=np.uint64),
                        np.array(edges, dtype=np.uint64)])
    got = nim_mul_array(a[:, None], b[None, :])
    assert got.shape == (300, 300) and got.size >= nimber.COMPILED_FROM
    picks = rng.integers(0, 300, size=(2000, 2))
    picks[:81] = [(i, 291 + j) for i in range(9) for j in range(9)]    # edges by edges
    assert [int(got[i, j]) for i, j in picks] == [nim_mul(int(a[i]), int(b[j])) for i, j in picks]


@pytest.mark.parametrize("bad, error", [
    ([1.5], TypeError), ([True], TypeError), ([-1], ValueError), ([2**64], ValueError),
    (["3"], TypeError)])
def test_arrays_bad_input(bad, error):
    with pytest.raises(error, match="a"):
        nim_mul_array(bad, [1])
    with pytest.raises(error, match="b"):
        nim_mul_array([1], bad)


# ---------------------------------------------------------------------------
# the value type

def test_nimber_arithmetic():
    x, y, z = Nimber(6), Nimber(21), Nimber(0)
    assert x + y == Nimber(6 ^ 21) == x - y and -x == x and +x == x
    assert x * y == Nimber(nim_mul(6, 21)) and (x * y) / y == x and y / y == Nimber(1)
    assert x ** 2 == x * x and x ** -1 == Nimber(nim_inv(6)) and x ** 0 == Nimber(1)
    assert z ** 0 == Nimber(1) and z ** 3 == z
    assert Nimber(8).sqrt() == Nimber(14) and Nimber(7).inverse() == Nimber(11)
    assert repr(Nimber(5)) == str(Nimber(5)) == "*5" and repr(z) == "*0"
    assert int(Nimber(9)) == Nimber(9).value == 9 and not z and Nimber(1)
    assert Nimber(Nimber(3)) == Nimber(3)


def test_nimber_equality_hash_and_immutability():
    assert Nimber(2) != 2 and 2 != Nimber(2) and Nimber(2) != Nimber(3)
    assert len({Nimber(1), Nimber(1), Nimber(2)}) == 2 and hash(Nimber(4)) == hash(Nimber(4))
    with pytest.raises(AttributeError):
        Nimber(2).value = 3
    with pytest.raises(AttributeError):
        Nimber(2)._value = 3


@pytest.mark.parametrize("op", [lambda n: n + 1, lambda n: 1 + n, lambda n: n * 2,
                                lambda n: 2 * n, lambda n: n / 2, lambda n: 2 / n,
                                lambda n: n - 1.0, lambda n: n ** Nimber(2)])
def test_nimber_refuses_mixed_arithmetic(op):
    with pytest.raises(TypeError):
        op(Nimber(3))


def test_nimber_division_by_zero():
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / Nimber(0)
    with pytest.raises(ZeroDivisionError):
        Nimber(0) ** -1
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()


# ---------------------------------------------------------------------------
# bad input: every public function names its argument

@pytest.mark.parametrize("func", [nim_mul, lambda a, b: nim_mul(b, a)])
@pytest.mark.parametrize("bad, error", [(True, TypeError), (-1, ValueError), (2.0, TypeError),
                                        ("3", TypeError), (None, TypeError)])
def test_bad_operands(func, bad, error):
    with pytest.raises(error, match=r"\b[ab] must"):
        func(bad, 3)


@pytest.mark.parametrize("func", [nim_inv, nim_sqrt, nim_square, nim_field_size, Nimber])
@pytest.mark.parametrize("bad, error", [(False, TypeError), (-5, ValueError), (1.0, TypeError)])
def test_bad_single_operand(func, bad, error):
    with pytest.raises(error, match="must"):
        func(bad)


def test_bad_exponent():
    for bad in (True, 1.0, "2", None):
        with pytest.raises(TypeError, match="k must"):
            nim_pow(3, bad)


def test_the_caps_refuse_at_once():
    with pytest.raises(ValueError, match=r"a must be below 2\*\*65536"):
        nim_mul(1 << MAX_BITS, 3)
    with pytest.raises(ValueError, match=r"b must be below"):
        nim_mul(3, 1 << 10**6)
    for func in (nim_inv, nim_sqrt, nim_square, Nimber):
        with pytest.raises(ValueError, match="below"):
            func(1 << MAX_BITS)
    with pytest.raises(ValueError, match=r"a must be below 2\*\*1024"):
        nim_pow(1 << MAX_POW_BITS, 2)


@pytest.mark.skipif(not arrays.HAVE_NUMBA, reason="numba not installed")
def test_long_runs_of_scalar_products_take_the_compiled_loop_and_agree(monkeypatch):
    monkeypatch.setattr(scalar, "_long", 0)
    monkeypatch.setattr(scalar, "_product", None)
    monkeypatch.setattr(arrays, "SCALAR_COMPILED_AFTER", 3)
    rng = random.Random(5)
    edges = [0, 1, 2**16 - 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1]
    pairs = [(a, b) for a in edges for b in edges]
    pairs += [(rng.getrandbits(64), rng.getrandbits(rng.randrange(1, 65))) for _ in range(500)]
    got = [nim_mul(a, b) for a, b in pairs]
    assert scalar._product is not None                      # the route was taken
    assert got == [field.mul64(a, b) for a, b in pairs]
    assert all(type(x) is int for x in got)


@pytest.mark.skipif(not arrays.HAVE_NUMBA, reason="numba not installed")
def test_the_compiled_scalar_route_is_safe_across_threads():
    product = arrays.compiled_product()
    rng = random.Random(9)
    pairs = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(4000)]

    def chunk(part):
        return [product(a, b) for a, b in part]

    with ThreadPoolExecutor(4) as pool:
        parts = list(pool.map(chunk, [pairs[i::4] for i in range(4)]))
    assert parts == [[field.mul64(a, b) for a, b in pairs[i::4]] for i in range(4)]
