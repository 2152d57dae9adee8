"""Argument checks shared by every public function.

Each helper raises ``TypeError`` or ``ValueError`` whose message names the
argument, so that bad input never turns into a hang, a ``RecursionError`` or a
wrong answer further down.
"""
from __future__ import annotations

import numbers
import operator

__all__ = ["check_int", "check_bool", "check_hashable", "check_int_tuple"]


def check_int(value, name, *, minimum=0, maximum=None):
    """Return ``value`` as a Python ``int`` after checking it.

    ``bool`` is rejected (``True`` is not a heap size), and so is every
    non-integral number, including ``2.0``.

    >>> check_int(5, "heap")
    5
    >>> check_int(-1, "heap")
    Traceback (most recent call last):
    ...
    ValueError: heap must be >= 0, got -1
    """
    if isinstance(value, bool) or value is None:
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if not isinstance(value, numbers.Integral):
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(
                f"{name} must be an integer, got {type(value).__name__} {value!r}"
            ) from None
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return value


def check_bool(value, name):
    """Check that ``value`` is a real ``bool`` (not 0/1, not ``None``)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__} {value!r}")
    return value


def check_hashable(position, name="position"):
    """Check that a position can be remembered (positions are dictionary keys)."""
    try:
        hash(position)
    except TypeError:
        raise TypeError(
            f"{name} must be hashable (use a tuple, not a list or set), "
            f"got {type(position).__name__} {position!r}"
        ) from None
    return position


def check_int_tuple(position, name="position", *, length=None, minimum=0):
    """Check a tuple of non-negative integers (heaps, coins on steps, ...).

    Returns a tuple of Python ints.
    """
    if isinstance(position, (str, bytes)) or not isinstance(position, tuple):
        raise TypeError(
            f"{name} must be a tuple of integers, got {type(position).__name__} {position!r}"
        )
    if length is not None and len(position) != length:
        raise ValueError(f"{name} must have {length} entries, got {len(position)}")
    return tuple(
        check_int(v, f"{name}[{i}]", minimum=minimum) for i, v in enumerate(position)
    )
