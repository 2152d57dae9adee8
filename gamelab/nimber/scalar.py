"""The nimbers as Python ints: the products, squares, roots, inverses and powers
that :mod:`gamelab.nimber` exports, each validating its operands, and the value
type :class:`Nimber`."""
from __future__ import annotations

from .._internal import short_repr
from .._validate import check_int
from . import arrays, field

__all__ = ["nim_mul", "nim_pow", "nim_inv", "nim_sqrt", "nim_square", "nim_field_size",
           "Nimber", "MAX_BITS", "MAX_POW_BITS"]

#: Operands of :func:`nim_mul`, :func:`nim_inv`, :func:`nim_sqrt` and
#: :func:`nim_square` must be below ``2**MAX_BITS`` (the field of size
#: ``2**(2**16)``): a product of two such numbers takes about a second.
#: Larger operands are refused at once with a ``ValueError``.
MAX_BITS = 1 << 16

#: The base of :func:`nim_pow` must be below ``2**MAX_POW_BITS``: a power in
#: the field of size ``2**1024`` takes up to about two thousand products.
MAX_POW_BITS = 1 << 10

_long = 0          # products of plain ints above 2**32 so far, until the compiled route
_product = None    # the compiled route (arrays.compiled_product), once taken


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
    global _long, _product
    # the common case, plain ints below 2**64, at once; a long run of products above
    # 2**32 moves to the compiled loop (numba installed: arrays.SCALAR_COMPILED_AFTER)
    if type(a) is int and type(b) is int and 0 <= a < field.FAST and 0 <= b < field.FAST:
        if a >> 32 or b >> 32:
            if _product is not None:
                return _product(a, b)
            _long += 1
            if _long >= arrays.SCALAR_COMPILED_AFTER:
                _product = arrays.compiled_product()
        return field.mul64(a, b)
    a, b = _operand(a, "a"), _operand(b, "b")
    field.tables()
    return field.mul(a, b)


def nim_square(a):
    """``a ⊗ a`` (faster than :func:`nim_mul`: squaring is additive in characteristic 2).

    >>> [nim_square(a) for a in range(8)]
    [0, 1, 3, 2, 6, 7, 5, 4]
    """
    a = _operand(a, "a")
    field.tables()
    return field.square(a)


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
    field.tables()
    return field.inv(a)


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
    field.tables()
    return field.sqrt(a)


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
    field.tables()
    return field.power(a, k % (nim_field_size(a) - 1))


def nim_field_size(a):
    """The size ``2**(2**n)`` of the smallest subfield of the nimbers that contains ``a``.

    The subfields are exactly ``{0, ..., F - 1}`` for the Fermat 2-powers F.

    >>> [nim_field_size(a) for a in (0, 1, 2, 3, 4, 15, 16, 255, 256)]
    [2, 2, 4, 4, 16, 16, 256, 256, 65536]
    """
    a = check_int(a, "a")
    return 1 << (1 << field.level(a))


# ---------------------------------------------------------------------------
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
