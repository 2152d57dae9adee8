"""Nim products of numpy arrays of ``uint64``, elementwise: :func:`nim_mul_array`.

The method is that of :func:`gamelab.nimber.field.mul64` (three 32-bit
products, each from three look-ups in the tables of the field below
``2**16``), vectorised with numpy in cache-sized chunks, or, for long arrays
where numba is installed, compiled into one loop over the elements.
"""
from __future__ import annotations

import threading

import numpy as np

from .._internal import HAVE_NUMBA, compiled, short_repr
from .._validate import check_int
from . import field

__all__ = ["nim_mul_array", "compiled_product", "ARRAY_SIZE_LIMIT", "COMPILED_FROM",
           "SCALAR_COMPILED_AFTER"]

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
    L, E, H = field.tables()
    a1, a0, b1, b0 = a >> 16, a & 0xFFFF, b >> 16, b & 0xFFFF
    p00 = E[L[a0] + L[b0]]
    p11 = E[L[a1] + L[b1]]
    pm = E[L[a1 ^ a0] + L[b1 ^ b0]]
    return ((pm ^ p00) << 16) | (p00 ^ H[p11])


def _mul64_np(a, b):
    H = field.tables()[2]
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
    """``out[i] = a[i] ⊗ b[i]`` for uint64 arrays, the method of
    :func:`gamelab.nimber.field.mul64` (three 32-bit products, each three table
    look-ups) one element at a time: compiled with numba (small tables: ``L``
    int32, ``E`` and ``H`` uint16)."""
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

#: After this many products of plain ints above ``2**32`` in one process, :func:`nim_mul
#: <gamelab.nimber.nim_mul>` takes the compiled loop too (numba installed): by then the
#: products have taken about as long as loading the loop once (about a second), and each
#: product costs some 2 µs instead of 7.
SCALAR_COMPILED_AFTER = 1 << 17

_NP_SMALL = None    # the tables in the smallest dtypes (L int32, E and H uint16), compiled loop


def _small_tables():
    global _NP_SMALL
    if _NP_SMALL is None:
        L, E, H = field.tables()
        _NP_SMALL = (L.astype(np.int32), E.astype(np.uint16), H.astype(np.uint16))
    return _NP_SMALL


def _products(flat_a, flat_b, out):
    """``out = flat_a ⊗ flat_b`` (1-D uint64 arrays): the compiled loop for long arrays
    where numba is installed (compiled once per machine, cached on disk: a lecture's
    small tables never wait for it), numpy's vectorised look-ups otherwise."""
    if HAVE_NUMBA and len(out) >= COMPILED_FROM:
        compiled(_mul64_loop)(np.ascontiguousarray(flat_a), np.ascontiguousarray(flat_b),
                              out, *_small_tables())
        return
    step = 1 << 15  # chunks small enough for the temporaries to stay in cache
    for i in range(0, len(flat_a), step):
        out[i:i + step] = _mul64_np(flat_a[i:i + step], flat_b[i:i + step])


class _Operands(threading.local):
    """One-element arrays for :func:`compiled_product`, one set per thread (the compiled
    loop runs without the GIL)."""

    def __init__(self):
        self.a, self.b, self.out = (np.zeros(1, dtype=np.uint64) for _ in range(3))


def compiled_product():
    """``product(a, b) = a ⊗ b`` for ints below ``2**64`` by the compiled loop (numba
    installed; ``None`` otherwise): what :func:`nim_mul <gamelab.nimber.nim_mul>` uses
    after :data:`SCALAR_COMPILED_AFTER` long products.  The operands are not checked."""
    if not HAVE_NUMBA:
        return None
    loop, tables, operands = compiled(_mul64_loop), _small_tables(), _Operands()

    def product(a, b):
        x = operands
        x.a[0], x.b[0] = a, b
        loop(x.a, x.b, x.out, *tables)
        return int(x.out[0])

    return product


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
    >>> int(nim_mul_array(2**32, 2**32)) == 2**32 ^ 2**31      # F ⊗ F = F ⊕ F/2
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
    field.tables()
    flat_a, flat_b = a.ravel(), b.ravel()
    out = np.empty(flat_a.shape, dtype=np.uint64)
    _products(flat_a, flat_b, out)
    return out.reshape(a.shape)
