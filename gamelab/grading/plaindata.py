"""Plain values across the sandbox's wall: JSON with a tag for what JSON lacks.

What a student's answer returned crosses from the sandbox to the grader as
data, never as objects: ``None``, bools, ints, finite floats and strs are
JSON's own; a list is a JSON array; everything else is an object with one
tag — ``{"t": [...]}`` a tuple, ``{"s": [...]}`` a set, ``{"fs": [...]}`` a
frozenset, ``{"d": [[key, value], ...]}`` a dict, ``{"x": "nan"}`` a float
that JSON cannot write, ``{"q": [num, den]}`` a Fraction, ``{"m": "1.5"}`` a
Decimal, ``{"c": [re, im]}`` a complex, ``{"b": "hex"}`` bytes.  The grader
reads it back with :func:`decode`, which builds only Python's own types and
refuses anything else, too deep or too large (:class:`NotData`).

>>> decode(encode({(1, 2): {3}, "x": [None, True, 2.5]}))
{(1, 2): {3}, 'x': [None, True, 2.5]}
"""
from __future__ import annotations

import decimal
import fractions
import json
import math
from typing import Any

__all__ = ["encode", "decode", "loads", "NotData", "MAX_DEPTH", "MAX_TEXT"]

#: Deepest nesting read back.
MAX_DEPTH = 200
#: Longest text :func:`loads` reads (characters).
MAX_TEXT = 32 * 2**20


class NotData(ValueError):
    """What came back is not plain data written by :func:`encode`."""


def _float(value: float) -> Any:
    return value if math.isfinite(value) else {"x": repr(value)}


def encode(value: Any) -> Any:
    """``value`` (built from Python's plain types only) as JSON-able data.

    Raises
    ------
    TypeError
        For anything but None, bool, int, float, complex, str, bytes,
        Fraction, Decimal, list, tuple, set, frozenset and dict.
    """
    t = type(value)
    if value is None or t in (bool, int, str):
        return value
    if t is float:
        return _float(value)
    if t is list:
        return [encode(x) for x in value]
    if t is tuple:
        return {"t": [encode(x) for x in value]}
    if t is set or t is frozenset:
        return {"s" if t is set else "fs": [encode(x) for x in value]}
    if t is dict:
        return {"d": [[encode(k), encode(v)] for k, v in value.items()]}
    if t is fractions.Fraction:
        return {"q": [value.numerator, value.denominator]}
    if t is decimal.Decimal:
        return {"m": str(value)}
    if t is complex:
        return {"c": [_float(value.real), _float(value.imag)]}
    if t is bytes:
        return {"b": value.hex()}
    raise TypeError(f"value must be plain data, got {t.__name__}")


def _number(data: Any) -> float:
    if type(data) in (int, float):
        return data
    if type(data) is dict and list(data) == ["x"] and data["x"] in ("nan", "inf", "-inf"):
        return float(data["x"])
    raise NotData(f"not a number: {str(data)[:40]}")


def _items(data: Any, depth: int) -> list:
    if type(data) is not list:
        raise NotData("a tag holds no list")
    return [_decode(x, depth + 1) for x in data]


def _tagged(tag: str, body: Any, depth: int) -> Any:
    if tag == "t":
        return tuple(_items(body, depth))
    if tag in ("s", "fs"):
        return (set if tag == "s" else frozenset)(_items(body, depth))
    if tag == "d":
        if type(body) is not list or not all(type(p) is list and len(p) == 2 for p in body):
            raise NotData("a dict is not a list of pairs")
        return {_decode(k, depth + 1): _decode(v, depth + 1) for k, v in body}
    if tag == "x":
        return _number({"x": body})
    if tag == "q":
        if type(body) is not list or len(body) != 2 or not all(type(n) is int for n in body) \
                or body[1] <= 0:
            raise NotData("a fraction is not [numerator, denominator > 0]")
        return fractions.Fraction(body[0], body[1])
    if tag == "m" and type(body) is str and len(body) < 10_000:
        try:
            return decimal.Decimal(body)
        except decimal.InvalidOperation:
            raise NotData("not a decimal") from None
    if tag == "c" and type(body) is list and len(body) == 2:
        return complex(_number(body[0]), _number(body[1]))
    if tag == "b" and type(body) is str:
        try:
            return bytes.fromhex(body)
        except ValueError:
            raise NotData("bytes that are not hex") from None
    raise NotData(f"unknown tag {tag[:20]!r}")


def _decode(data: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise NotData("nested too deeply")
    t = type(data)
    if data is None or t in (bool, int, str, float):
        return data
    if t is list:
        return [_decode(x, depth + 1) for x in data]
    if t is dict and len(data) == 1:
        (tag, body), = data.items()
        try:
            return _tagged(tag, body, depth)
        except TypeError:                   # an unhashable element of a set or key
            raise NotData("a set element or dict key that cannot be hashed") from None
    raise NotData(f"not plain data: {t.__name__}")


def decode(data: Any) -> Any:
    """The value :func:`encode` wrote, from JSON data; :class:`NotData` for anything else."""
    return _decode(data, 0)


def loads(text: str) -> Any:
    """JSON text as Python data, within :data:`MAX_TEXT` characters and :data:`MAX_DEPTH`
    levels; :class:`NotData` for anything else (not JSON, too large, too deep)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise NotData("not text, or longer than the grader reads")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise NotData(f"not JSON ({type(exc).__name__})") from None
