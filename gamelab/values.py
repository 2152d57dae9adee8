"""Values of impartial games: the mex and the nim-sum.

:func:`mex` and :func:`nim_sum` check their arguments (the public API);
:func:`mex_of_set` and :func:`xor_values` are their unchecked twins for the
inner loops of extenders.  Every XOR of Sprague–Grundy values inside gamelab
goes through :func:`xor_values`.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), chapters 3–4.
"""
from __future__ import annotations

from collections.abc import Iterable

from ._validate import check_int

__all__ = ["mex", "nim_sum", "mex_of_set", "xor_values"]


def mex(values: Iterable[int]) -> int:
    """Minimum excludant: the least non-negative integer not in ``values``.

    Parameters
    ----------
    values : iterable of int
        Non-negative integers (duplicates allowed, any order).

    Returns
    -------
    int

    Examples
    --------
    >>> mex([])
    0
    >>> mex([0, 1, 3])
    2
    >>> mex({2, 0, 0, 1})
    3
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"values must be an iterable of integers, got {type(values).__name__}")
    seen = set()
    for v in values:
        seen.add(check_int(v, "values[...]"))
    return mex_of_set(seen)


def mex_of_set(seen: set[int] | frozenset[int]) -> int:
    """The mex of a set of non-negative ints, unchecked (for extenders' inner loops).

    See Also
    --------
    mex : the checked version for any iterable.
    """
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int | Iterable[int]) -> int:
    """XOR of non-negative integers (the nim-sum): of one iterable, or of the integers
    given one by one, as :func:`max` takes them.

    >>> nim_sum([])
    0
    >>> nim_sum([3, 4, 5])
    2
    >>> nim_sum(3, 4), nim_sum(3, 4, 5), nim_sum(range(8))
    (7, 2, 0)
    >>> nim_sum(5)
    Traceback (most recent call last):
    ...
    TypeError: values must be an iterable of integers, or two or more integers, got int 5: write nim_sum([5]), or nim_sum(5, 3) for several
    """
    if len(values) != 1:  # nim_sum(3, 4): the integers themselves
        return xor_values(check_int(v, "values[...]") for v in values)
    (values,) = values
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        fix = f": write nim_sum([{values!r}]), or nim_sum({values!r}, 3) for several" if (
            isinstance(values, int) and not isinstance(values, bool)) else ""
        raise TypeError("values must be an iterable of integers, or two or more integers, got "
                        f"{type(values).__name__} {values!r}{fix}")
    return xor_values(check_int(v, "values[...]") for v in values)


def xor_values(values: Iterable[int]) -> int:
    """XOR of an iterable of ints, unchecked: the one place values are XOR-ed.

    Every nim-sum inside gamelab (sums of games, heaps left by a move, closed
    forms) goes through this function; :func:`nim_sum` is its checked,
    public twin.

    >>> xor_values([3, 4, 5]), xor_values([])
    (2, 0)
    """
    x = 0
    for v in values:
        x ^= v
    return x
