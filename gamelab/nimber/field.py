"""The arithmetic of the nimbers on Python ints, unchecked: callers validate.

Below ``2**16`` a product is one look-up in the log and exp tables of the
field of size 65536, built on first use from the primitive element
:data:`GENERATOR`; larger products recurse on halves, Karatsuba's way (the
package's docstring gives the rules).  Every function here takes
non-negative ints already checked by :mod:`gamelab.nimber`'s public
functions, and :func:`tables` must have been called once before any of them
but :func:`plain_mul` and :func:`mul64`.
"""
from __future__ import annotations

import numpy as np

#: The least primitive element of the field below 2**16 (a generator of its
#: multiplicative group, of order 65535): every smaller number lies in the
#: subfield of size 256 or is of order 21845.
GENERATOR = 258

#: The order of the multiplicative group of the field below 2**16.
ORDER = 65535
#: Plain ints below it take :func:`mul64`, the short route of a product.
FAST = 1 << 64

_ZERO_LOG = 2 * ORDER       # log of 0: sums of logs at or above it index zeros in _EXP
_LOG = _EXP = _HALF = None  # Python lists, built on first use by tables()
_NP = None                  # the same tables as numpy arrays


def plain_mul(a, b):
    """Nim product by rules (i) and (ii) alone, no tables (builds the tables)."""
    if a < 2 or b < 2:
        return a * b
    half = 1 << ((max(a, b).bit_length() - 1).bit_length() - 1)
    F, mask = 1 << half, (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    hi = plain_mul(a1, b1)
    mid = plain_mul(a1, b0) ^ plain_mul(a0, b1)
    return ((hi ^ mid) * F) ^ plain_mul(a0, b0) ^ plain_mul(hi, F >> 1)


def tables():
    """The log, exp and half tables of the field below 2**16 as numpy arrays
    ``(log: intp, exp: uint32, half: uint32)``, built once, on first use.

    ``exp[log[a] + log[b]]`` is ``a ⊗ b`` (zero when either is zero) and
    ``half[x]`` is ``x ⊗ 2**15``.
    """
    global _LOG, _EXP, _HALF, _NP
    if _NP is not None:
        return _NP
    xs = np.arange(1 << 16, dtype=np.uint32)
    times_g = np.zeros(1 << 16, dtype=np.uint32)  # x ⊗ g, linear in the bits of x
    for i in range(16):
        times_g ^= ((xs >> i) & 1) * np.uint32(plain_mul(GENERATOR, 1 << i))
    step = times_g.tolist()
    exp, x = [0] * ORDER, 1
    for k in range(ORDER):
        exp[k] = x
        x = step[x]
    log = [_ZERO_LOG] * (1 << 16)
    for k, x in enumerate(exp):
        log[x] = k
    ext = exp + exp + [0] * (_ZERO_LOG + 1)  # ext[k] = g**k below 2*ORDER, else 0
    half = [ext[lg + log[1 << 15]] for lg in log]  # x ⊗ 2**15
    _LOG, _EXP, _HALF = log, ext, half
    _NP = (np.array(log, dtype=np.intp), np.array(ext, dtype=np.uint32),
           np.array(half, dtype=np.uint32))
    return _NP


def level(x):
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


def mul64(a, b):
    """a ⊗ b for ints below 2**64 (builds the tables if need be): one look-up below
    2**16, three below 2**32, and above it Karatsuba on the 32-bit halves, each
    32-bit product from three 16-bit ones (written out: this is the hot path)."""
    if _LOG is None:
        tables()
    L, E, H = _LOG, _EXP, _HALF
    if a < 65536 and b < 65536:
        return E[L[a] + L[b]]
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


def mul(a, b):
    """a ⊗ b."""
    n = level(max(a, b))
    if n <= 6:
        return mul64(a, b)
    k = 1 << (n - 1)
    mask = (1 << k) - 1
    a1, a0, b1, b0 = a >> k, a & mask, b >> k, b & mask
    if not a1:  # a below F: rule (i), no F/2 term
        return (mul(a0, b1) << k) | mul(a0, b0)
    if not b1:
        return (mul(a1, b0) << k) | mul(a0, b0)
    p00 = mul(a0, b0)
    pm = mul(a1 ^ a0, b1 ^ b0)
    return ((pm ^ p00) << k) | (p00 ^ _half(mul(a1, b1), n - 1))


def square(a):
    """a ⊗ a (additive in characteristic 2: no cross terms)."""
    n = level(a)
    if n <= 4:
        return _EXP[2 * _LOG[a]]
    k = 1 << (n - 1)
    s1, s0 = square(a >> k), square(a & ((1 << k) - 1))
    return (s1 << k) | (_half(s1, n - 1) ^ s0)


_ROOTS = {}  # n -> √(2**(2**n - 1)), the square root of F/2 for F = 2**(2**n)


def sqrt(a):
    """The x with x ⊗ x = a (linear, as the Frobenius map is)."""
    n = level(a)
    if n <= 4:
        return _EXP[(_LOG[a] << 15) % ORDER] if a else 0
    k = 1 << (n - 1)
    r1, r0 = sqrt(a >> k), sqrt(a & ((1 << k) - 1))
    if n - 1 not in _ROOTS:
        _ROOTS[n - 1] = sqrt(1 << (k - 1))
    return (r1 << k) ^ mul(r1, _ROOTS[n - 1]) ^ r0


def inv(a):
    """The x with a ⊗ x = 1, a > 0 (by the norm of the quadratic extension)."""
    n = level(a)
    if n <= 4:
        return _EXP[ORDER - _LOG[a]]
    k = 1 << (n - 1)
    a1, a0 = a >> k, a & ((1 << k) - 1)
    if not a1:
        return inv(a0)
    norm = mul(a0, a0 ^ a1) ^ _half(square(a1), n - 1)
    ni = inv(norm)
    return (mul(a1, ni) << k) | mul(a1 ^ a0, ni)


def power(a, k):
    """a ⊗ ... ⊗ a (k factors, k >= 0), by repeated squaring."""
    result = 1
    while k:
        if k & 1:
            result = mul(result, a)
        k >>= 1
        if k:
            a = square(a)
    return result
