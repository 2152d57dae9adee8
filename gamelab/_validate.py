"""Argument checks shared by every public function.

Each helper raises ``TypeError`` or ``ValueError`` whose message names the
argument, so that bad input never turns into a hang, a ``RecursionError`` or a
wrong answer further down.
"""
from __future__ import annotations

import numbers
import operator

from ._internal import short_repr

__all__ = ["check_int", "check_bool", "check_hashable", "check_self_equal", "check_position",
           "check_int_tuple", "as_tuple", "check_components", "SELF_EQUAL_TYPES"]


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
        raise TypeError(f"{name} must be an integer, got {short_repr(value)}")
    if not isinstance(value, numbers.Integral):
        try:
            value = operator.index(value)
        except TypeError:
            raise TypeError(
                f"{name} must be an integer, got {type(value).__name__} {short_repr(value)}"
            ) from None
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {short_repr(value)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {short_repr(value)}")
    return value


def check_bool(value, name):
    """Check that ``value`` is a real ``bool`` (not 0/1, not ``None``)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__} {short_repr(value)}")
    return value


def check_hashable(position, name="position"):
    """Check that a position can be remembered (positions are dictionary keys)."""
    try:
        hash(position)
    except TypeError:
        raise TypeError(
            f"{name} must be hashable (use a tuple, not a list or set), "
            f"got {type(position).__name__} {short_repr(position)}"
        ) from None
    return position


#: Types whose values are always equal to themselves (a tuple or frozenset compares its
#: items by identity first): :func:`check_self_equal` skips them at once.
SELF_EQUAL_TYPES = frozenset({int, str, tuple, bytes, frozenset, bool, type(None)})


def check_self_equal(position, name="position"):
    """Check that ``position == position`` is true (a NaN is not equal to itself).

    A position is remembered as a dictionary key and found again by ``==``: one that
    is not equal to itself (``float("nan")``, ``Decimal("nan")``, an object whose
    ``__eq__`` says no or raises) could never be found again.  Values of the types in
    :data:`SELF_EQUAL_TYPES` pass at once.

    >>> check_self_equal(3), check_self_equal((1.5, 2))
    (3, (1.5, 2))
    >>> check_self_equal(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: position must be equal to itself (a NaN is not), got float nan
    """
    if type(position) in SELF_EQUAL_TYPES:
        return position
    try:
        same = bool(position == position)
    except Exception as err:  # an __eq__ that raises cannot find the position again either
        raise ValueError(f"{name} must be equal to itself, but comparing it raised "
                         f"{type(err).__name__}: {err}") from None
    if not same:
        raise ValueError(f"{name} must be equal to itself (a NaN is not), got "
                         f"{type(position).__name__} {short_repr(position)}")
    return position


def check_position(position, name="position"):
    """Check that ``position`` can be remembered: hashable and equal to itself.

    >>> from decimal import Decimal
    >>> check_position(Decimal("nan"))
    Traceback (most recent call last):
    ...
    ValueError: position must be equal to itself (a NaN is not), got Decimal Decimal('NaN')
    """
    return check_self_equal(check_hashable(position, name), name)


def as_tuple(position, depth=2):
    """``position`` with a list turned into a tuple, and the lists inside it too, down to
    ``depth`` levels (a tuple of edges, each a pair: two).

    Where a game's positions are tuples, a list says the same thing and can never be a
    position of its own (it is not hashable, so it could not be remembered): the games
    read it as the tuple it spells.  Anything else is returned as it is, and so is what
    lies deeper than ``depth`` (a vertex that is a list stays one, and is refused).

    >>> as_tuple([3, 4, 5]), as_tuple([[0, 1], ([1, 2], 3)]), as_tuple("HT")
    ((3, 4, 5), ((0, 1), ([1, 2], 3)), 'HT')
    """
    if depth <= 0 or not isinstance(position, (list, tuple)):
        return position
    items = tuple(as_tuple(p, depth - 1) for p in position)
    if type(position) is not list and all(a is b for a, b in zip(items, position)):
        return position  # nothing changed: the same tuple (or tuple subclass)
    return items


def check_components(games, position):
    """The positions of a sum, each validated by its game (a :class:`gamelab.Game`); a
    refusal names the component and adds the game's ``position_hint``."""
    out = []
    for i, (game, p) in enumerate(zip(games, position)):
        try:
            out.append(game.validate(p))
        except (TypeError, ValueError) as err:
            hint = game.position_hint(p)
            hint = f"; {hint}" if hint and hint not in str(err) else ""
            raise type(err)(f"component {i + 1} ({game.name}) of the sum: {err}{hint}") from None
    return tuple(out)


def check_int_tuple(position, name="position", *, length=None, minimum=0, lists=False):
    """Check a tuple of non-negative integers (heaps, coins on steps, ...); with ``lists``
    (a game's :meth:`~gamelab.Game.validate`), a list is read as the tuple it spells.

    Returns a tuple of Python ints.

    >>> check_int_tuple([3, 4, 5], lists=True)
    (3, 4, 5)
    """
    if lists and isinstance(position, list):
        position = tuple(position)
    if isinstance(position, (str, bytes)) or not isinstance(position, tuple):
        raise TypeError(
            f"{name} must be a tuple of integers, got {type(position).__name__} {short_repr(position)}"
        )
    if length is not None and len(position) != length:
        raise ValueError(f"{name} must have {length} entries, got {len(position)}")
    return tuple(
        check_int(v, f"{name}[{i}]", minimum=minimum) for i, v in enumerate(position)
    )
