"""Nimbers: nim multiplication and the field of the non-negative integers.

With nim addition ``a ⊕ b`` (XOR) and nim multiplication

    a ⊗ b = mex{ (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) : a′ < a, b′ < b }

the non-negative integers form a field of characteristic 2 (Conway).  Its
finite subfields are the sets ``{0, ..., F - 1}`` for the *Fermat 2-powers*
``F = 2**(2**n)`` (2, 4, 16, 256, 65536, ...), of size F.  Two rules, with the
field laws, give every product (Ferguson, §5.3):

(i) a Fermat 2-power times a smaller number is their ordinary product;
(ii) a Fermat 2-power times itself is 3/2 of it: ``F ⊗ F = F ⊕ F/2``.

So with ``a = a1·F + a0`` and ``b = b1·F + b0`` (``a0, a1, b0, b1 < F``)

    a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ a0b0 ⊕ a1b1 ⊗ (F/2),

products on the right being nim products of numbers below F.  Here the
middle term is found Karatsuba's way, from ``(a1 ⊕ a0) ⊗ (b1 ⊕ b0)``, so a
product of two 2k-bit numbers costs three products of k-bit numbers and one
multiplication by the constant F/2.  Below 2**16 a product is one look-up in
the log and exp tables of the field of size 65536 (built on first use from
a primitive element); a 64-bit product costs a few microseconds, and
:func:`nim_mul_array` does the same for numpy arrays of ``uint64``.

The inverse uses the norm of the quadratic extension (``F`` is a root of
``x² + x + F/2`` over the field below F): ``a⁻¹ = (a1·F ⊕ a1 ⊕ a0) ⊗ N⁻¹``
with ``N = a0 ⊗ (a0 ⊕ a1) ⊕ a1² ⊗ F/2``; the square root is linear (the
Frobenius map is) and ``√F = F ⊕ √(F/2)``.

Examples
--------
>>> nim_mul(2, 2), nim_mul(4, 4), nim_mul(8, 8), nim_mul(16, 16)
(3, 6, 13, 24)
>>> nim_inv(2), nim_sqrt(8), nim_pow(2, 3)
(3, 14, 1)
>>> Nimber(5) * Nimber(3) + Nimber(1)
*14

References
----------
.. [1] J. H. Conway, *On Numbers and Games*, Academic Press (1976), ch. 6
   ("The curious field On2").
.. [2] H. W. Lenstra, "Nim multiplication", Séminaire de Théorie des Nombres
   de Bordeaux (1977–1978), exposé 11.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 2, ch. 14, A K Peters (2003).
.. [4] T. S. Ferguson, *Game Theory*, part I, §5.3 ("Nim multiplication"),
   https://www.math.ucla.edu/~tom/Game_Theory/comb.pdf
"""
from __future__ import annotations

import numpy as np

from ._internal import HAVE_NUMBA, compiled, short_repr
from ._validate import check_int

__all__ = ["nim_mul", "nim_pow", "nim_inv", "nim_sqrt", "nim_square", "nim_mul_array",
           "nim_field_size", "Nimber", "MAX_BITS", "MAX_POW_BITS", "GENERATOR"]

#: Operands of :func:`nim_mul`, :func:`nim_inv`, :func:`nim_sqrt` and
#: :func:`nim_square` must be below ``2**MAX_BITS`` (the field of size
#: ``2**(2**16)``): a product of two such numbers takes about a second.
#: Larger operands are refused at once with a ``ValueError``.
MAX_BITS = 1 << 16

#: The base of :func:`nim_pow` must be below ``2**MAX_POW_BITS``: a power in
#: the field of size ``2**1024`` takes up to about two thousand products.
MAX_POW_BITS = 1 << 10

#: The least primitive element of the field below 2**16 (a generator of its
#: multiplicative group, of order 65535): every smaller number lies in the
#: subfield of size 256 or is of order 21845.
GENERATOR = 258

_ORDER = 65535              # order of the multiplicative group of the field below 2**16
_ZERO_LOG = 2 * _ORDER      # log of 0: sums of logs at or above it index zeros in _EXP
_LOG = _EXP = _HALF = None  # Python lists, built on first use by _tables()
_FAST = 1 << 64             # plain ints below it take nim_mul's short route
_NP = None                  # the same tables as numpy arrays, for nim_mul_array


def _plain_mul(a, b):
    """Nim product by rules (i) and (ii) alone, no tables (builds the tables)."""
    if a < 2 or b < 2:
        return a * b
    half = 1 << ((max(a, b).bit_length() - 1).bit_length() - 1)
    F, mask = 1 << half, (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    hi = _plain_mul(a1, b1)
    mid = _plain_mul(a1, b0) ^ _plain_mul(a0, b1)
    return ((hi ^ mid) * F) ^ _plain_mul(a0, b0) ^ _plain_mul(hi, F >> 1)


def _tables():
    """Build the log/exp tables of the field below 2**16 (once, on first use)."""
    global _LOG, _EXP, _HALF, _NP
    if _LOG is not None:
        return
    xs = np.arange(1 << 16, dtype=np.uint32)
    times_g = np.zeros(1 << 16, dtype=np.uint32)  # x ⊗ g, linear in the bits of x
    for i in range(16):
        times_g ^= ((xs >> i) & 1) * np.uint32(_plain_mul(GENERATOR, 1 << i))
    step = times_g.tolist()
    exp, x = [0] * _ORDER, 1
    for k in range(_ORDER):
        exp[k] = x
        x = step[x]
    log = [_ZERO_LOG] * (1 << 16)
    for k, x in enumerate(exp):
        log[x] = k
    ext = exp + exp + [0] * (_ZERO_LOG + 1)  # ext[k] = g**k below 2*_ORDER, else 0
    half = [ext[lg + log[1 << 15]] for lg in log]  # x ⊗ 2**15
    _LOG, _EXP, _HALF = log, ext, half
    _NP = (np.array(log, dtype=np.intp), np.array(ext, dtype=np.uint32),
           np.array(half, dtype=np.uint32))


# ---------------------------------------------------------------------------
# the recursion on Python ints (unchecked: callers validate)

def _level(x):
    """The least n with x < 2**(2**n)."""
    return (x.bit_length() - 1).bit_length() if x > 1 else 0


def _mul32(a, b):
    L, E = _LOG, _EXP
    a1, a0, b1, b0 = a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF
    p00 = E[L[a0] + L[b0]]
    if not (a1 or b1):
        return p00
    p11 = E[L[a1] + L[b1]]
    pm = E[L[a1 ^ a0] + L[b1 ^ b0]]
    return ((pm ^ p00) << 16) | (p00 ^ _HALF[p11])


def _half32(x):
    """x ⊗ 2**31 for x < 2**32."""
    H = _HALF
    y1 = H[x >> 16]
    return ((y1 ^ H[x & 0xFFFF]) << 16) | H[y1]


def _mul64(a, b):
    """a ⊗ b below 2**64: Karatsuba on the 32-bit halves, each 32-bit product from three
    16-bit ones by the tables (written out: this is nim_mul's hot path)."""
    L, E, H = _LOG, _EXP, _HALF
    m = 0xFFFFFFFF
    a1, a0, b1, b0 = a >> 32, a & m, b >> 32, b & m
    if not (a1 or b1):
        return _mul32(a0, b0)
    x1, x0, y1, y0 = a0 >> 16, a0 & 0xFFFF, b0 >> 16, b0 & 0xFFFF      # p00 = a0 ⊗ b0
    q = E[L[x0] + L[y0]]
    p00 = ((E[L[x1 ^ x0] + L[y1 ^ y0]] ^ q) << 16) | (q ^ H[E[L[x1] + L[y1]]])
    x1, x0, y1, y0 = a1 >> 16, a1 & 0xFFFF, b1 >> 16, b1 & 0xFFFF      # p11 = a1 ⊗ b1
    q = E[L[x0] + L[y0]]
    p11 = ((E[L[x1 ^ x0] + L[y1 ^ y0]] ^ q) << 16) | (q ^ H[E[L[x1] + L[y1]]])
    u, v = a1 ^ a0, b1 ^ b0                                             # pm = (a1^a0) ⊗ (b1^b0)
    x1, x0, y1, y0 = u >> 16, u & 0xFFFF, v >> 16, v & 0xFFFF
    q = E[L[x0] + L[y0]]
    pm = ((E[L[x1 ^ x0] + L[y1 ^ y0]] ^ q) << 16) | (q ^ H[E[L[x1] + L[y1]]])
    h = H[p11 >> 16]                                                    # p11 ⊗ 2**31
    return ((pm ^ p00) << 32) | (p00 ^ (((h ^ H[p11 & 0xFFFF]) << 16) | H[h]))


def _half(x, n):
    """x ⊗ 2**(2**n - 1) for x < 2**(2**n), n >= 4 (the constant F/2)."""
    if n == 4:
        return _HALF[x]
    if n == 5:
        return _half32(x)
    k = 1 << (n - 1)
    y1 = _half(x >> k, n - 1)
    y0 = _half(x & ((1 << k) - 1), n - 1)
    return ((y1 ^ y0) << k) | _half(y1, n - 1)


def _mul(a, b):
    n = _level(max(a, b))
    if n <= 4:
        return _EXP[_LOG[a] + _LOG[b]]
    if n == 5:
        return _mul32(a, b)
    if n == 6:
        return _mul64(a, b)
    k = 1 << (n - 1)
    mask = (1 << k) - 1
    a1, a0, b1, b0 = a >> k, a & mask, b >> k, b & mask
    if not a1:  # a below F: rule (i), no F/2 term
        return (_mul(a0, b1) << k) | _mul(a0, b0)
    if not b1:
        return (_mul(a1, b0) << k) | _mul(a0, b0)
    p00 = _mul(a0, b0)
    pm = _mul(a1 ^ a0, b1 ^ b0)
    return ((pm ^ p00) << k) | (p00 ^ _half(_mul(a1, b1), n - 1))


def _square(a):
    n = _level(a)
    if n <= 4:
        return _EXP[2 * _LOG[a]]
    k = 1 << (n - 1)
    s1, s0 = _square(a >> k), _square(a & ((1 << k) - 1))
    return (s1 << k) | (_half(s1, n - 1) ^ s0)


_ROOTS = {}  # n -> √(2**(2**n - 1)), the square root of F/2 for F = 2**(2**n)


def _sqrt(a):
    n = _level(a)
    if n <= 4:
        return _EXP[(_LOG[a] << 15) % _ORDER] if a else 0
    k = 1 << (n - 1)
    r1, r0 = _sqrt(a >> k), _sqrt(a & ((1 << k) - 1))
    if n - 1 not in _ROOTS:
        _ROOTS[n - 1] = _sqrt(1 << (k - 1))
    return (r1 << k) ^ _mul(r1, _ROOTS[n - 1]) ^ r0


def _inv(a):
    n = _level(a)
    if n <= 4:
        return _EXP[_ORDER - _LOG[a]]
    k = 1 << (n - 1)
    a1, a0 = a >> k, a & ((1 << k) - 1)
    if not a1:
        return _inv(a0)
    norm = _mul(a0, a0 ^ a1) ^ _half(_square(a1), n - 1)
    ni = _inv(norm)
    return (_mul(a1, ni) << k) | _mul(a1 ^ a0, ni)


def _pow(a, k):
    result = 1
    while k:
        if k & 1:
            result = _mul(result, a)
        k >>= 1
        if k:
            a = _square(a)
    return result


# ---------------------------------------------------------------------------
# the public functions

def _operand(value, name, limit=MAX_BITS):
    value = check_int(value, name)
    if value.bit_length() > limit:
        raise ValueError(f"{name} must be below 2**{limit} (gamelab.nimber caps the field "
                         f"at 2**(2**{limit.bit_length() - 1})), got a number of "
                         f"{value.bit_length()} bits")
    return value


def nim_mul(a, b):
    """The nim product ``a ⊗ b`` of two non-negative integers.

    Parameters
    ----------
    a, b : int
        Non-negative integers below ``2**MAX_BITS`` (``bool`` and floats are refused).

    Returns
    -------
    int
        The product; below ``F`` whenever ``a`` and ``b`` are below a Fermat 2-power ``F``.

    Raises
    ------
    TypeError, ValueError
        Naming the argument that is not a non-negative integer, or too large.

    Examples
    --------
    >>> nim_mul(2, 3), nim_mul(24, 17), nim_mul(16, 255)
    (1, 128, 2)
    >>> nim_mul(2**32, 2**32) == 2**32 ^ 2**31
    True
    >>> [nim_mul(5, b) for b in range(8)]
    [0, 5, 10, 15, 2, 7, 8, 13]

    References
    ----------
    .. [1] Conway, *On Numbers and Games*, ch. 6.
    .. [2] Ferguson, *Game Theory*, part I, §5.3 (rules (i) and (ii), Table 5.2).
    """
    if type(a) is int and type(b) is int and 0 <= a < _FAST and 0 <= b < _FAST:
        if _LOG is None:              # the common case, plain ints below 2**64, at once
            _tables()
        if a < 65536 and b < 65536:
            return _EXP[_LOG[a] + _LOG[b]]
        return _mul32(a, b) if a < 2**32 and b < 2**32 else _mul64(a, b)
    a, b = _operand(a, "a"), _operand(b, "b")
    _tables()
    return _mul(a, b)


def nim_square(a):
    """``a ⊗ a`` (faster than :func:`nim_mul`: squaring is additive in characteristic 2).

    >>> [nim_square(a) for a in range(8)]
    [0, 1, 3, 2, 6, 7, 5, 4]
    """
    a = _operand(a, "a")
    _tables()
    return _square(a)


def nim_inv(a):
    """The nim reciprocal ``1 ⊘ a``: the ``x`` with ``a ⊗ x = 1``.

    Raises ``ValueError`` for ``a = 0``, which has no inverse.

    Examples
    --------
    >>> nim_inv(2), nim_inv(7), nim_mul(6, nim_inv(5))
    (3, 11, 9)
    >>> nim_inv(0)
    Traceback (most recent call last):
    ...
    ValueError: a must be non-zero: 0 has no nim inverse
    """
    a = _operand(a, "a")
    if a == 0:
        raise ValueError("a must be non-zero: 0 has no nim inverse")
    _tables()
    return _inv(a)


def nim_sqrt(a):
    """The nim square root: the unique ``x`` with ``x ⊗ x = a``.

    Every element of a field of characteristic 2 with finitely many elements
    has exactly one square root (squaring is a bijection there).

    >>> nim_sqrt(8), nim_mul(14, 14)
    (14, 8)
    >>> [nim_sqrt(a) for a in range(8)]
    [0, 1, 3, 2, 7, 6, 4, 5]
    """
    a = _operand(a, "a")
    _tables()
    return _sqrt(a)


def nim_pow(a, k):
    """``a ⊗ a ⊗ ... ⊗ a`` (k factors); negative ``k`` is a power of the inverse.

    ``k`` may be any int (it is reduced modulo ``F - 1``, F the size of the
    smallest field holding ``a``); ``nim_pow(a, 0) == 1``, also for ``a = 0``.
    The base must be below ``2**MAX_POW_BITS``.

    >>> nim_pow(2, 2), nim_pow(2, 3), nim_pow(2, -1)
    (3, 1, 3)
    >>> nim_pow(7, 10**100) == nim_pow(7, 10**100 % 15)
    True
    >>> nim_pow(0, -1)
    Traceback (most recent call last):
    ...
    ValueError: k must be >= 0 when a is 0 (0 has no inverse), got -1
    """
    a = _operand(a, "a", MAX_POW_BITS)
    k = check_int(k, "k", minimum=None)
    if a == 0:
        if k < 0:
            raise ValueError(f"k must be >= 0 when a is 0 (0 has no inverse), got {k}")
        return 1 if k == 0 else 0
    _tables()
    return _pow(a, k % (nim_field_size(a) - 1))


def nim_field_size(a):
    """The size ``2**(2**n)`` of the smallest subfield of the nimbers that contains ``a``.

    The subfields are exactly ``{0, ..., F - 1}`` for the Fermat 2-powers F.

    >>> [nim_field_size(a) for a in (0, 1, 2, 3, 4, 15, 16, 255, 256)]
    [2, 2, 4, 4, 16, 16, 256, 256, 65536]
    """
    a = check_int(a, "a")
    return 1 << (1 << _level(a))


# ---------------------------------------------------------------------------
# numpy: products of uint64 arrays

#: The most elements :func:`nim_mul_array` computes (the broadcast shape's size): the
#: result and its temporaries take some 64 bytes an element (2**25: about 2 GB).
ARRAY_SIZE_LIMIT = 2**25


def _as_uint64(values, name):
    if isinstance(values, np.ma.MaskedArray):
        raise TypeError(f"{name} must not be a masked array (nim_mul_array would ignore the "
                        f"mask): pass {name}.filled(0) or {name}.compressed()")
    if isinstance(values, (list, tuple)):
        try:            # Python ints exactly (numpy reads 2**63 in a list as a float)
            arr = np.array(values, dtype=object)
        except ValueError:
            arr = None
        if arr is None or (arr.size and any(isinstance(v, (list, tuple, np.ndarray))
                                            for v in arr.ravel().tolist())):
            raise ValueError(f"{name} must be a rectangular array of integers (every row of "
                             f"the same length), got ragged nested lists") from None
        if arr.size and all(type(v) is int for v in arr.ravel().tolist()):
            flat = arr.ravel().tolist()
            if min(flat) < 0:
                raise ValueError(f"{name} must hold non-negative integers, got "
                                 f"{short_repr(min(flat))}")
            if max(flat) >> 64:
                raise ValueError(f"{name} must hold integers below 2**64 (uint64), got "
                                 f"{short_repr(max(flat))}")
            return np.array(flat, dtype=np.uint64).reshape(arr.shape)
    try:
        arr = np.asarray(values)
    except ValueError:
        raise ValueError(f"{name} must be a rectangular array of integers (every row of "
                         f"the same length)") from None
    kind = arr.dtype.kind
    if arr.size == 0 and kind in "fiuO":  # np.asarray([]) is a float array
        return arr.astype(np.uint64)
    if kind == "b":
        raise TypeError(f"{name} must hold non-negative integers, got a bool array")
    if kind == "O":
        flat = [check_int(v, f"{name}[...]") for v in arr.ravel().tolist()]
        if any(v >> 64 for v in flat):
            raise ValueError(f"{name} must hold integers below 2**64 (uint64)")
        return np.array(flat, dtype=np.uint64).reshape(arr.shape)
    if kind not in "iu":
        raise TypeError(f"{name} must hold non-negative integers (uint64), "
                        f"got an array of dtype {arr.dtype}")
    if kind == "i" and arr.size and arr.min() < 0:
        raise ValueError(f"{name} must hold non-negative integers, got {arr.min()}")
    return arr.astype(np.uint64)


def _mul32_np(a, b):
    L, E, H = _NP
    a1, a0, b1, b0 = a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF
    p00 = E[L[a0] + L[b0]]
    p11 = E[L[a1] + L[b1]]
    pm = E[L[a1 ^ a0] + L[b1 ^ b0]]
    return ((pm ^ p00) << 16) | (p00 ^ H[p11])


def _mul64_np(a, b):
    H = _NP[2]
    m = np.uint64(0xFFFFFFFF)
    a1, a0 = (a >> np.uint64(32)).astype(np.uint32), (a & m).astype(np.uint32)
    b1, b0 = (b >> np.uint64(32)).astype(np.uint32), (b & m).astype(np.uint32)
    p00 = _mul32_np(a0, b0)
    p11 = _mul32_np(a1, b1)
    pm = _mul32_np(a1 ^ a0, b1 ^ b0)
    y1 = H[p11 >> 16]
    half = ((y1 ^ H[p11 & 0xFFFF]) << 16) | H[y1]  # p11 ⊗ 2**31
    return ((pm ^ p00).astype(np.uint64) << np.uint64(32)) | (p00 ^ half).astype(np.uint64)


def _mul64_loop(a, b, out, L, E, H):
    """``out[i] = a[i] ⊗ b[i]`` for uint64 arrays, the method of :func:`_mul64` (three
    32-bit products, each three table look-ups) one element at a time: compiled with
    numba (small tables: ``L`` int32, ``E`` and ``H`` uint16)."""
    mask, shift = np.uint64(0xFFFFFFFF), np.uint64(32)
    for i in range(a.shape[0]):
        x, y = a[i], b[i]
        x1, x0 = np.int64(x >> shift), np.int64(x & mask)
        y1, y0 = np.int64(y >> shift), np.int64(y & mask)
        # Karatsuba: x0⊗y0, x1⊗y1, (x1^x0)⊗(y1^y0), each from three 16-bit products
        u1, u0, v1, v0 = x0 >> 16, x0 & 0xFFFF, y0 >> 16, y0 & 0xFFFF
        q00, q11 = np.int64(E[L[u0] + L[v0]]), np.int64(E[L[u1] + L[v1]])
        qm = np.int64(E[L[u1 ^ u0] + L[v1 ^ v0]])
        p00 = ((qm ^ q00) << 16) | (q00 ^ H[q11])
        u1, u0, v1, v0 = x1 >> 16, x1 & 0xFFFF, y1 >> 16, y1 & 0xFFFF
        q00, q11 = np.int64(E[L[u0] + L[v0]]), np.int64(E[L[u1] + L[v1]])
        qm = np.int64(E[L[u1 ^ u0] + L[v1 ^ v0]])
        p11 = ((qm ^ q00) << 16) | (q00 ^ H[q11])
        u, v = x1 ^ x0, y1 ^ y0
        u1, u0, v1, v0 = u >> 16, u & 0xFFFF, v >> 16, v & 0xFFFF
        q00, q11 = np.int64(E[L[u0] + L[v0]]), np.int64(E[L[u1] + L[v1]])
        qm = np.int64(E[L[u1 ^ u0] + L[v1 ^ v0]])
        pm = ((qm ^ q00) << 16) | (q00 ^ H[q11])
        h1 = np.int64(H[p11 >> 16])
        half = ((h1 ^ H[p11 & 0xFFFF]) << 16) | H[h1]     # p11 ⊗ 2**31
        out[i] = (np.uint64(pm ^ p00) << shift) | np.uint64(p00 ^ half)


#: The shortest array multiplied by the compiled loop (numba installed); shorter ones
#: take numpy's route, whose cost is small next to the loop's first compilation.
COMPILED_FROM = 1 << 16

_NP_SMALL = None    # the tables in the smallest dtypes (L int32, E and H uint16), compiled loop


def _products(flat_a, flat_b, out):
    """``out = flat_a ⊗ flat_b`` (1-D uint64 arrays): the compiled loop for long arrays
    where numba is installed (compiled once per machine, cached on disk: a lecture's
    small tables never wait for it), numpy's vectorised look-ups otherwise."""
    global _NP_SMALL
    if HAVE_NUMBA and len(out) >= COMPILED_FROM:
        if _NP_SMALL is None:
            L, E, H = _NP
            _NP_SMALL = (L.astype(np.int32), E.astype(np.uint16), H.astype(np.uint16))
        compiled(_mul64_loop)(np.ascontiguousarray(flat_a), np.ascontiguousarray(flat_b),
                              out, *_NP_SMALL)
        return
    step = 1 << 15  # chunks small enough for the temporaries to stay in cache
    for i in range(0, len(flat_a), step):
        out[i:i + step] = _mul64_np(flat_a[i:i + step], flat_b[i:i + step])


def nim_mul_array(a, b):
    """Nim products of numpy arrays of 64-bit unsigned integers, elementwise.

    Parameters
    ----------
    a, b : array_like of int
        Non-negative integers below ``2**64``; broadcast against each other.

    Returns
    -------
    numpy.ndarray of uint64
        ``a ⊗ b`` elementwise (the nimbers below ``2**64`` are a field, so
        the products fit).

    Examples
    --------
    >>> nim_mul_array([2, 4, 8, 16], [2, 4, 8, 16]).tolist()
    [3, 6, 13, 24]
    >>> int(nim_mul_array(2**64 - 1, 2**64 - 1)) == nim_mul(2**64 - 1, 2**64 - 1)
    True
    """
    a, b = _as_uint64(a, "a"), _as_uint64(b, "b")
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise ValueError(f"a and b must broadcast against each other, got shapes {a.shape} "
                         f"and {b.shape}") from None
    size = int(np.prod(shape, dtype=object))
    if size > ARRAY_SIZE_LIMIT:
        raise ValueError(f"a and b broadcast to the shape {shape}, {size:,} elements, more than "
                         f"gamelab.nimber.ARRAY_SIZE_LIMIT ({ARRAY_SIZE_LIMIT:,}); multiply "
                         f"in smaller blocks")
    a, b = np.broadcast_arrays(a, b)
    _tables()
    flat_a, flat_b = a.ravel(), b.ravel()
    out = np.empty(flat_a.shape, dtype=np.uint64)
    _products(flat_a, flat_b, out)
    return out.reshape(a.shape)


# ---------------------------------------------------------------------------
# the value type

class Nimber:
    """A nimber ``*n``: a non-negative integer with nim addition and nim multiplication.

    Immutable and hashable.  ``+`` and ``-`` are both XOR (every nimber is
    its own negative), ``*`` is :func:`nim_mul`, ``/`` multiplies by
    :func:`nim_inv` (``ZeroDivisionError`` for ``*0``) and ``**`` takes an
    int exponent.  Arithmetic is between nimbers only: an int operand is a
    ``TypeError`` (is ``*2 * 3`` the nimber ``*3`` or the scalar 3?), and a
    nimber never equals an int (``Nimber(2) == 2`` is ``False``, since
    ``*2 + *2 = *0``); ``int(x)`` or ``x.value`` gives the number back.

    Examples
    --------
    >>> x, y = Nimber(2), Nimber(3)
    >>> x + y, x * y, x * x, x / y, x ** 3
    (*1, *1, *3, *3, *1)
    >>> Nimber(8).sqrt(), Nimber(7).inverse(), int(Nimber(5))
    (*14, *11, 5)
    >>> {Nimber(1), Nimber(1), Nimber(2)} == {Nimber(1), Nimber(2)}
    True
    >>> Nimber(2) * 3
    Traceback (most recent call last):
    ...
    TypeError: Nimber arithmetic needs two Nimbers, got Nimber and int: write Nimber(3)

    References
    ----------
    .. [1] Conway, *On Numbers and Games*, ch. 6 (the nimbers ``*n``).
    """

    __slots__ = ("_value",)

    def __init__(self, value=0):
        if isinstance(value, Nimber):
            value = value.value
        object.__setattr__(self, "_value", _operand(value, "value"))

    @property
    def value(self):
        """The nimber's number, as an int."""
        return self._value

    def __setattr__(self, name, value):
        raise AttributeError("Nimber is immutable")

    def __repr__(self):
        return f"*{short_repr(self._value)}"     # a huge nimber shows its digit count

    __str__ = __repr__

    def __int__(self):
        return self._value

    def __bool__(self):
        return self._value != 0

    def __hash__(self):
        return hash((Nimber, self._value))

    def __eq__(self, other):
        if isinstance(other, Nimber):
            return self._value == other._value
        return NotImplemented

    def _other(self, other):
        if not isinstance(other, Nimber):
            shown = f": write Nimber({other!r})" if isinstance(other, int) else ""
            raise TypeError(f"Nimber arithmetic needs two Nimbers, got Nimber and "
                            f"{type(other).__name__}{shown}")
        return other._value

    def __add__(self, other):
        return Nimber(self._value ^ self._other(other))

    __radd__ = __sub__ = __rsub__ = __add__

    def __neg__(self):
        return self

    def __pos__(self):
        return self

    def __mul__(self, other):
        return Nimber(nim_mul(self._value, self._other(other)))

    __rmul__ = __mul__

    def __truediv__(self, other):
        d = self._other(other)
        if d == 0:
            raise ZeroDivisionError("division by *0")
        return Nimber(nim_mul(self._value, nim_inv(d)))

    def __rtruediv__(self, other):
        return Nimber(self._other(other)) / self

    def __pow__(self, k):
        if isinstance(k, Nimber):
            raise TypeError("the exponent of a Nimber must be an int, got a Nimber")
        if self._value == 0 and not isinstance(k, bool) and isinstance(k, int) and k < 0:
            raise ZeroDivisionError("*0 has no inverse: negative power of *0")
        return Nimber(nim_pow(self._value, k))

    def inverse(self):
        """``1 / self`` (``ZeroDivisionError`` for ``*0``)."""
        return Nimber(1) / self

    def sqrt(self):
        """The unique nimber whose square is ``self``."""
        return Nimber(nim_sqrt(self._value))
