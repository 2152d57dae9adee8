"""Running the student's code safely, and reading what it returns as plain values.

The exercise checks (:mod:`gamelab.exercises.check`) call the student's code
only through :func:`guarded`, which turns whatever it raises into a value —
``SystemExit``, ``GeneratorExit`` and every other ``BaseException``
included — except a keyboard interrupt that the user sent
(:func:`raised_by_student`).  :func:`described` says in one line what was
raised and where in the student's code; :func:`plain` rebuilds what the code
returned from Python's own types, so that comparing it runs none of the
student's code; :func:`shown` cuts a value short for a report;
:func:`call_answer` does all of it for one call of the answer.
"""
from __future__ import annotations

import copy
import decimal
import dis
import fractions
import os
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import gettext as _

__all__ = ["SHOWN", "shown", "raised_by_student", "guarded", "described", "NotPlain", "plain",
           "plain_or_failed", "NotAnswered", "Failed", "call_answer"]

#: Longest input or output shown in a report before it is cut short.
SHOWN = 70


def shown(value: Any) -> str:
    """``value`` (a str as it is, anything else as its ``repr``) on one line, cut to :data:`SHOWN`."""
    text = value if isinstance(value, str) else repr(value)
    text = text.strip("\n").replace("\n", "\\n")
    if len(text) > SHOWN:
        text = text[: SHOWN - 1] + "…"
    return text


def _home(path: str) -> str:
    return os.path.normcase(os.path.abspath(path)).rstrip(os.sep) + os.sep


#: Code under these folders is gamelab's or Python's own, not the student's.
_NOT_STUDENTS = tuple(sorted({_home(str(Path(__file__).resolve().parents[1]))} | {
    _home(sysconfig.get_paths()[key]) for key in ("stdlib", "platstdlib", "purelib", "platlib")
    if sysconfig.get_paths().get(key)}))


def _students_file(filename: str) -> bool:
    if filename.startswith("<"):          # "<string>", "<stdin>": typed in by the student
        return not filename.startswith("<frozen")
    return not _home(filename).startswith(_NOT_STUDENTS)


def _last_frame(exc: BaseException):
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb


def raised_by_student(exc: KeyboardInterrupt) -> bool:
    """Whether the student's own ``raise`` made this ``KeyboardInterrupt``.

    A keyboard interrupt from the user arrives as a signal, at whatever
    instruction was running; one the student's code raised stops at a
    ``raise`` statement in the student's code (not in gamelab's or Python's),
    and not while another ``KeyboardInterrupt`` was being handled.
    """
    if isinstance(exc.__context__, KeyboardInterrupt):
        return False
    tb = _last_frame(exc)
    if tb is None:
        return False
    code = tb.tb_frame.f_code
    if not _students_file(code.co_filename):
        return False
    return any(ins.offset == tb.tb_lasti and ins.opname == "RAISE_VARARGS"
               for ins in dis.get_instructions(code))


def guarded(fn: Callable, *args: Any) -> tuple[bool, Any]:
    """Run the student's ``fn(*args)``: ``(True, result)`` or ``(False, exception)``.

    Every exception is the student's — ``SystemExit``, ``GeneratorExit`` and
    any other ``BaseException`` included — except a ``KeyboardInterrupt``
    that the user sent (see :func:`raised_by_student`), which goes on up.
    """
    try:
        return True, fn(*args)
    except KeyboardInterrupt as exc:
        if not raised_by_student(exc):
            raise
        return False, exc
    except BaseException as exc:  # noqa: B036 - the student's code may raise anything
        return False, exc


def described(exc: BaseException) -> str:
    """The last line of the exception's traceback, and where in the student's code it was raised."""
    name = type(exc).__name__
    ok, text = guarded(str, exc)          # a student's exception may fail to say what it is
    text = str.__str__(text) if ok and isinstance(text, str) else ""
    line = f"{name}: {text}" if text else name
    tb, where = exc.__traceback__, ""
    while tb is not None:
        code = tb.tb_frame.f_code
        if _students_file(code.co_filename):
            where = _(" (line {line}, in {function})").format(line=tb.tb_lineno,
                                                               function=code.co_name)
        tb = tb.tb_next
    return shown(line) + where


_SCALARS = frozenset({type(None), bool, int, float, complex, str, bytes,
                      fractions.Fraction, decimal.Decimal})
_BASES = ((int, int.__index__), (float, float.__float__),
          (complex, lambda v: complex(complex.real.__get__(v), complex.imag.__get__(v))),
          (str, str.__str__), (bytes, lambda v: bytes.__getitem__(v, slice(None))))


class NotPlain(Exception):
    """Raised by :func:`plain` for a value not built from Python's own types; ``args[0]`` names its type."""


def plain(value: Any) -> Any:
    """``value`` rebuilt from Python's own types: comparing it runs none of the student's code.

    Subclasses of ``int``, ``str``, ``tuple``, ``list``, ``dict``, ``set`` ...
    become the type itself (read through the type's own methods, never the
    subclass's); numpy values become Python values.  Anything else raises
    :class:`NotPlain`.
    """
    t = type(value)
    if t in _SCALARS:
        return value
    if t is tuple or t is list:
        return t(plain(x) for x in value)
    if t is dict:
        return {plain(k): plain(v) for k, v in value.items()}
    if t is set or t is frozenset:
        return t(plain(x) for x in value)
    if t.__module__ == "numpy" and hasattr(value, "tolist"):
        return plain(value.tolist())
    for base, read in _BASES:
        if issubclass(t, base):
            return read(value)
    for base in (tuple, list, set, frozenset):
        if issubclass(t, base):
            return base(plain(x) for x in base.__iter__(value))
    if issubclass(t, dict):
        return {plain(k): plain(v) for k, v in dict.items(value)}
    raise NotPlain(t.__name__)


class NotAnswered(Exception):
    """The answer is still ``...``, or raised ``NotImplementedError``."""


class Failed(Exception):
    """The student's code raised: ``args[0]`` says what, in one line."""


def call_answer(answer: Callable, args: tuple) -> Any:
    """The student's answer on a fresh copy of ``args``, as a plain value (see :func:`plain`).

    Raises :class:`NotAnswered` or :class:`Failed` (saying what the code did).
    """
    ok, result = guarded(answer, *copy.deepcopy(args))
    if not ok:
        if isinstance(result, NotImplementedError):
            raise NotAnswered from None
        raise Failed(_("raised {error}").format(error=described(result))) from None
    if result is Ellipsis:
        raise NotAnswered
    return plain_or_failed(result)


def plain_or_failed(value: Any) -> Any:
    """:func:`plain` of what the student's code returned; :class:`Failed` if it is not plain."""
    try:
        return plain(value)
    except NotPlain as exc:
        why = _("returned a {type}, not a plain value "
                "(a number, str, tuple, list, set or dict)").format(type=exc.args[0])
        raise Failed(why) from None
    except RecursionError:
        raise Failed(_("returned a value nested too deeply "
                       "(or one that contains itself)")) from None
