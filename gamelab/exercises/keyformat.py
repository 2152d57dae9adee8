"""Sealed answer keys: what the student edition knows of an answer, and how it is read.

A sealed key (made by :mod:`gamelab.exercises.sealed` in the teacher's
edition) holds an exercise's kind, hint and cases, and for each case only
salted SHA-256 digests of the expected answer, never the answer:

* a judge case: the number of lines of the expected output and the digest
  of each line (after :func:`output_lines`, the check's own normalisation);
* a function case: the digest of :func:`canonical` of the returned value;
* a value exercise: the name of the expected type, and nothing of the
  value.  A check that says right or wrong to one value is a key to it —
  an answer with few possible values is found by trying them, against the
  check or its digest — so the student edition checks a value answer's form
  only, and the value is checked when the work is marked, by the teacher's
  edition (:mod:`gamelab.grading`).

Each digest is salted with the exercise id, the case and the line
(:func:`digest`), so equal answers of two cases, or two equal lines, look
unrelated.  A key file is JSON: ``{"format": 2, "exercises": {id: key}}``.

:func:`canonical` names two plain values (see :func:`gamelab.exercises.guard.plain`)
by the same text exactly when ``==`` says they are equal: numbers by their
exact value (``True``, ``1``, ``1.0``, ``Fraction(1)`` and ``Decimal(1)`` are
one number; ``0.1`` and ``Decimal("0.1")`` are not), ``set`` and
``frozenset`` alike, sets and dicts in sorted order of their canonical
items, lists and tuples kept apart; a NaN equals nothing.

>>> canonical([1, 2.0]) == canonical([True, 2]), canonical((1,)) == canonical([1])
(True, False)
>>> read_case(case_text(({0: [1]}, "x")))
({0: [1]}, 'x')
"""
from __future__ import annotations

import ast
import dataclasses
import decimal
import fractions
import hashlib
import itertools
import json
import math
from typing import Any

from ..loopy import Infinity

__all__ = ["FORMAT", "output_lines", "canonical", "canonical_set", "digest", "case_text",
           "read_case", "JudgeCase", "AnswerKey", "read_keys", "keys_text"]

#: The version of the key file's layout (2: a value exercise's key has no digest).
FORMAT = 2

_NAN = itertools.count()


def output_lines(text: str) -> list[str]:
    """A judge output as the check compares it: runs of spaces as one, no trailing blank lines.

    >>> output_lines("first  second \\n\\n\\n")
    ['first second']
    """
    lines = [" ".join(line.split()) for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _number(value: Any) -> tuple:
    if isinstance(value, complex):
        if value.imag != 0 or math.isnan(value.imag):
            return ("c", _number(value.real), _number(value.imag))
        value = value.real
    if isinstance(value, decimal.Decimal):
        if value.is_nan():
            return ("nan", next(_NAN))
        if value.is_infinite():
            return ("inf", -1 if value < 0 else 1)
    elif isinstance(value, float):
        if math.isnan(value):
            return ("nan", next(_NAN))
        if math.isinf(value):
            return ("inf", -1 if value < 0 else 1)
    q = fractions.Fraction(value)
    return ("n", q.numerator, q.denominator)


_NUMBERS = (bool, int, float, complex, fractions.Fraction, decimal.Decimal)


def _canon(value: Any) -> tuple:
    t = type(value)
    if t in _NUMBERS:
        return _number(value)
    if t is str:
        return ("s", value)
    if t is bytes:
        return ("b", value)
    if value is None:
        return ("none",)
    if t is tuple or t is list:
        return ("t" if t is tuple else "l", *(_canon(x) for x in value))
    if t is set or t is frozenset:
        return ("S", *sorted((_canon(x) for x in value), key=repr))
    if t is dict:
        return ("d", *sorted(((_canon(k), _canon(v)) for k, v in value.items()), key=repr))
    raise TypeError(f"value must be a plain value (number, str, bytes, None, tuple, list, set "
                    f"or dict), got {t.__name__}")


def canonical(value: Any) -> str:
    """The canonical text of a plain value: equal for two values exactly when ``==`` holds.

    Raises
    ------
    TypeError
        If ``value`` holds anything but numbers, str, bytes, ``None``,
        tuples, lists, sets, frozensets and dicts.
    """
    return repr(_canon(value))


def canonical_set(items: Any) -> str:
    """The canonical text of the set of ``items`` (a list or tuple without repeats).

    >>> canonical_set([2, 1]) == canonical({1, 2})
    True
    """
    return repr(("S", *sorted((_canon(x) for x in items), key=repr)))


def digest(exercise_id: str, case: str, text: str) -> str:
    """The salted SHA-256 (hex) of ``text``, as part ``case`` (``"3"``, ``"3.0"``, ``"value"``)."""
    salt = f"gamelab answer key\0{exercise_id}\0{case}\0"
    return hashlib.sha256((salt + text).encode("utf-8", "surrogatepass")).hexdigest()


# ---------------------------------------------------------------------------
# cases as text: repr, read back with ast.literal_eval (and gamelab's Infinity)

def case_text(case: Any) -> str:
    """``case`` as text that :func:`read_case` reads back to an equal value with the same repr.

    Raises
    ------
    ValueError
        If ``case`` holds anything but plain values and :class:`gamelab.Infinity`.
    """
    t = type(case)
    if t is Infinity:
        return f"Infinity({sorted(case.finite_options)!r})"
    if t is tuple:
        inner = ", ".join(case_text(x) for x in case)
        return f"({inner},)" if len(case) == 1 else f"({inner})"
    if t is list:
        return "[" + ", ".join(case_text(x) for x in case) + "]"
    if t is dict:
        return "{" + ", ".join(f"{case_text(k)}: {case_text(v)}" for k, v in case.items()) + "}"
    if t in (set, frozenset) and not any(type(x) is Infinity for x in case):
        text = repr(case)
    elif t in (type(None), bool, int, str, bytes) or (t is float and math.isfinite(case)):
        text = repr(case)
    else:
        raise ValueError(f"case: {t.__name__} {case!r} cannot be written to an answer key")
    if ast.literal_eval(text) != case:
        raise ValueError(f"case: {case!r} does not read back from its repr")
    return text


def _read(node: ast.AST) -> Any:
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Infinity" and len(node.args) == 1 and not node.keywords):
        return Infinity(ast.literal_eval(node.args[0]))
    if isinstance(node, ast.Tuple):
        return tuple(_read(x) for x in node.elts)
    if isinstance(node, ast.List):
        return [_read(x) for x in node.elts]
    if isinstance(node, ast.Dict):
        return {_read(k): _read(v) for k, v in zip(node.keys, node.values)}
    return ast.literal_eval(node)


def read_case(text: str) -> Any:
    """The case written by :func:`case_text` (Python literals, and ``Infinity([...])``).

    Raises
    ------
    TypeError, ValueError
        If ``text`` is not a str holding such a literal.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    try:
        return _read(ast.parse(text, mode="eval").body)
    except (SyntaxError, ValueError, TypeError) as exc:
        raise ValueError(f"text: not a case of an answer key ({exc})") from None


# ---------------------------------------------------------------------------
# the keys

@dataclasses.dataclass(frozen=True)
class JudgeCase:
    """What a sealed key knows of a judge case's expected output: its line count and digests."""

    count: int
    digests: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class AnswerKey:
    """A sealed answer key (see the module's notes).

    ``cases`` are the cases as the check tries them (for a judge problem
    with an official sample, the sample first: then ``sample`` is true);
    ``expected`` holds one :class:`JudgeCase` per judge case, or one digest
    per function case; a value exercise has no cases, and only its
    ``type_name`` instead.
    """

    kind: str
    hint: str | None = None
    sample: bool = False
    cases: tuple = ()
    expected: tuple = ()
    type_name: str | None = None
    note: str | None = None

    def to_json(self) -> dict:
        """The key as a JSON-able dict (cases as text, see :func:`case_text`)."""
        data: dict[str, Any] = {"kind": self.kind, "hint": self.hint}
        if self.note:
            data["note"] = self.note
        if self.kind == "value":
            data.update(type=self.type_name)
            return data
        data["sample"] = self.sample
        if self.kind == "judge":
            data["cases"] = [{"input": case_text(c), "lines": e.count, "digests": list(e.digests)}
                             for c, e in zip(self.cases, self.expected)]
        else:
            data["cases"] = [{"arguments": case_text(c), "digest": e}
                             for c, e in zip(self.cases, self.expected)]
        return data

    @classmethod
    def from_json(cls, data: Any) -> AnswerKey:
        """The key written by :meth:`to_json`.

        Raises
        ------
        ValueError
            If ``data`` is not such a key.
        """
        try:
            kind, hint, note = data["kind"], data["hint"], data.get("note")
            if kind == "value":
                return cls(kind, hint, type_name=str(data["type"]), note=note)
            if kind == "judge":
                cases = tuple(read_case(c["input"]) for c in data["cases"])
                expected = tuple(JudgeCase(int(c["lines"]), tuple(map(str, c["digests"])))
                                 for c in data["cases"])
            elif kind == "function":
                cases = tuple(read_case(c["arguments"]) for c in data["cases"])
                expected = tuple(str(c["digest"]) for c in data["cases"])
            else:
                raise ValueError(f"unknown kind {kind!r}")
            return cls(kind, hint, bool(data["sample"]), cases, expected, note=note)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"data: not an answer key ({type(exc).__name__}: {exc})") from None


def read_keys(text: str) -> dict[str, AnswerKey]:
    """The keys of a key file's text, by exercise id.

    Raises
    ------
    ValueError
        If ``text`` is not a key file of this :data:`FORMAT`.
    """
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"text: not an answer-key file of format {FORMAT}")
    return {str(k): AnswerKey.from_json(v) for k, v in data["exercises"].items()}


def keys_text(keys: dict[str, AnswerKey]) -> str:
    """The text of a key file holding ``keys`` (by exercise id), sorted by id."""
    data = {"format": FORMAT, "exercises": {k: keys[k].to_json() for k in sorted(keys)}}
    return json.dumps(data, ensure_ascii=False, indent=0, sort_keys=False) + "\n"
