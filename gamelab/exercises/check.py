"""Checks for the course's exercises: what is wrong, without giving the answer away.

Every exercise in the lectures is *registered* here under an id (a judge
problem's id such as ``"hdu1846"``, or a lecture exercise such as
``"ex-02-1"``) together with gamelab's reference solution and a generator of
further cases.  In a notebook the student writes an answer and runs::

    check("hdu1846", solve)

which tries the answer on the official sample and on cases generated from
the reference, and prints one line: ``✓`` when everything agrees, otherwise
``✗`` and the first case that went wrong, the input and what the student's
answer did — never the expected answer.  An answer that is still ``...``, or
a function that raises ``NotImplementedError``, is "not answered yet".

Three kinds of exercise:

``"judge"``
    The answer is ``solve(input_text) -> output_text``; outputs are compared
    line by line (runs of spaces and trailing blank lines do not matter).
``"function"``
    The answer is a function; each case is a tuple of arguments and the
    answer must return what the reference returns.
``"value"``
    The answer is a value, compared with ``reference()``.

The check trusts nothing in the answer.  Every call, of the student's
function and of the reference alike, gets its own deep copy of the case, so a
function that changes its arguments changes nothing the reference sees.
Whatever the student's code raises is reported as its failure — the last
line of the traceback and the line of the student's code — ``SystemExit``
(``sys.exit()``), ``GeneratorExit`` and every other ``BaseException``
included.  The one exception that goes on up is a keyboard interrupt from the
user: a ``KeyboardInterrupt`` is the student's only when it stopped at a
``raise`` statement in the student's own code (not while another interrupt
was handled); one that arrives as a signal, anywhere, stops the check.  What
the answer returns is rebuilt from Python's own types (a subclass becomes
its base type, a numpy value a Python value) before it is compared, so no
code of the student's runs in the comparison; anything else is reported.

Examples
--------
>>> from gamelab.exercises.check import register, verify
>>> register("doc-square", kind="function", reference=lambda n: n * n,
...          cases=lambda rng: [(rng.randrange(100),) for _ in range(5)],
...          replace=True)
>>> verify("doc-square", lambda n: n * n)
(True, '✓ doc-square: right on 5 generated cases.')
>>> verify("doc-square", lambda n: n + n)[1]
'✗ doc-square: wrong on case 1 of 5 (arguments: 77): your function returned 154.'
>>> def unanswered(n):
...     raise NotImplementedError("your code here")
>>> verify("doc-square", unanswered)
(False, '✗ doc-square: not answered yet.')
>>> import sys
>>> verify("doc-square", lambda n: sys.exit(0))[1]
'✗ doc-square: on case 1 of 5 (arguments: 77) your function raised SystemExit: 0 (line 1, in <lambda>).'
"""
from __future__ import annotations

import copy
import dataclasses
import decimal
import difflib
import dis
import fractions
import importlib
import importlib.resources
import os
import pkgutil
import random
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .runner import run_source

__all__ = ["Exercise", "register", "exercise", "exercises", "check", "verify",
           "run_program", "official_sample"]

#: Longest input or output shown in a report before it is cut short.
SHOWN = 70



@dataclasses.dataclass(frozen=True)
class Exercise:
    """One registered exercise (see :func:`register`)."""

    id: str
    kind: str
    reference: Callable
    cases: Callable[[random.Random], list] | None = None
    hint: str | None = None

    def official_sample(self) -> tuple[str, str] | None:
        """The official sample ``(input, output)`` of a judge problem, if one is known."""
        return official_sample(self.id)

    def all_cases(self) -> list:
        """The cases an answer is tried on: the official sample first, then generated ones."""
        out = []
        if self.kind == "judge":
            sample = self.official_sample()
            if sample is not None:
                out.append(sample[0])
        if self.cases is not None:
            generated = list(self.cases(random.Random(f"gamelab:{self.id}")))
            if self.kind == "function":
                generated = [c if isinstance(c, tuple) else (c,) for c in generated]
            out.extend(generated)
        return out


_REGISTRY: dict[str, Exercise] = {}
_KINDS = ("judge", "function", "value")
_loaded = False


def register(exercise_id: str, *, kind: str, reference: Callable,
             cases: Callable[[random.Random], list] | None = None,
             hint: str | None = None, replace: bool = False) -> None:
    """Register an exercise so that :func:`check` knows it.

    Parameters
    ----------
    exercise_id : str
        The id the notebook uses, e.g. ``"hdu1846"`` (then the official
        sample ``samples/hdu1846.in``/``.out`` is used when it exists) or
        ``"ex-02-1"``.
    kind : {"judge", "function", "value"}
    reference : callable
        gamelab's solution: ``input_text -> output_text`` for a judge
        problem, the function itself for ``"function"``, and a function of
        no arguments returning the value for ``"value"``.
    cases : callable, optional
        ``cases(rng) -> list`` of further cases (input texts, or argument
        tuples) drawn with the seeded ``random.Random`` given.
    hint : str, optional
        A sentence shown when the answer is wrong (for value exercises).
    replace : bool
        Allow registering an id again.

    Raises
    ------
    TypeError, ValueError
        For an empty id, an unknown kind, a reference that is not callable,
        or an id registered twice.
    """
    if not isinstance(exercise_id, str) or not exercise_id:
        raise TypeError(f"exercise_id must be a non-empty str, got {exercise_id!r}")
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {_KINDS}, got {kind!r}")
    if not callable(reference):
        raise TypeError(f"reference must be callable, got {type(reference).__name__}")
    if cases is not None and not callable(cases):
        raise TypeError(f"cases must be callable (rng -> list), got {type(cases).__name__}")
    if kind == "function" and cases is None:
        raise ValueError("a function exercise needs cases")
    if kind == "judge" and cases is None and official_sample(exercise_id) is None:
        raise ValueError(f"judge problem {exercise_id!r} has no official sample: it needs cases")
    old = _REGISTRY.get(exercise_id)
    same = old is not None and (getattr(old.reference, "__module__", None),
                                getattr(old.reference, "__qualname__", None)) == (
        getattr(reference, "__module__", None), getattr(reference, "__qualname__", None))
    if old is not None and not (replace or same):  # a module imported twice may register again
        raise ValueError(f"exercise_id {exercise_id!r} is registered twice")
    _REGISTRY[exercise_id] = Exercise(exercise_id, kind, reference, cases, hint)


def _load_all() -> None:
    """Import every module of :mod:`gamelab.exercises`, so that all exercises are registered."""
    global _loaded
    if _loaded:
        return
    package = importlib.import_module("gamelab.exercises")
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_") and info.name != "check":
            importlib.import_module(f"gamelab.exercises.{info.name}")
    _loaded = True


def exercises() -> list[str]:
    """The ids of every registered exercise, sorted."""
    _load_all()
    return sorted(_REGISTRY)


def exercise(exercise_id: str) -> Exercise:
    """The registered exercise ``exercise_id``.

    Raises
    ------
    ValueError
        If no exercise has that id (the message suggests close ids).
    """
    if not isinstance(exercise_id, str):
        raise TypeError(f"exercise_id must be a str, got {type(exercise_id).__name__}")
    if exercise_id not in _REGISTRY:
        _load_all()
    try:
        return _REGISTRY[exercise_id]
    except KeyError:
        close = difflib.get_close_matches(exercise_id, list(_REGISTRY), n=3)
        extra = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        raise ValueError(f"exercise_id {exercise_id!r} is not a known exercise{extra}") from None


def official_sample(exercise_id: str) -> tuple[str, str] | None:
    """The official sample ``(input, output)`` shipped for a judge problem, or ``None``.

    >>> official_sample("hdu1846")[1]
    'first\\nsecond\\n'
    """
    folder = importlib.resources.files("gamelab.exercises") / "samples"
    src, out = folder / f"{exercise_id}.in", folder / f"{exercise_id}.out"
    if not (src.is_file() and out.is_file()):
        return None
    return src.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# checking

def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    text = text.strip("\n").replace("\n", "\\n")
    if len(text) > SHOWN:
        text = text[: SHOWN - 1] + "…"
    return text


def _lines(text: str) -> list[str]:
    lines = [" ".join(line.split()) for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


class _NotAnswered(Exception):
    pass


class _Failed(Exception):
    """The student's code raised: ``args[0]`` says what, in one line."""


# ---------------------------------------------------------------------------
# the student's code: every call guarded, every argument a fresh copy

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


def _raised_by_student(exc: KeyboardInterrupt) -> bool:
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


def _guarded(fn: Callable, *args: Any) -> tuple[bool, Any]:
    """Run the student's ``fn(*args)``: ``(True, result)`` or ``(False, exception)``.

    Every exception is the student's — ``SystemExit``, ``GeneratorExit`` and
    any other ``BaseException`` included — except a ``KeyboardInterrupt``
    that the user sent (see :func:`_raised_by_student`), which goes on up.
    """
    try:
        return True, fn(*args)
    except KeyboardInterrupt as exc:
        if not _raised_by_student(exc):
            raise
        return False, exc
    except BaseException as exc:  # noqa: B036 - the student's code may raise anything
        return False, exc


def _described(exc: BaseException) -> str:
    """The last line of the exception's traceback, and where in the student's code it was raised."""
    name = type(exc).__name__
    ok, text = _guarded(str, exc)          # a student's exception may fail to say what it is
    text = str.__str__(text) if ok and isinstance(text, str) else ""
    line = f"{name}: {text}" if text else name
    tb, where = exc.__traceback__, ""
    while tb is not None:
        code = tb.tb_frame.f_code
        if _students_file(code.co_filename):
            where = f" (line {tb.tb_lineno}, in {code.co_name})"
        tb = tb.tb_next
    return _short(line) + where


def _call(answer: Callable, args: tuple) -> Any:
    """The student's answer on a fresh copy of ``args``, as a plain value (see :func:`_plain`)."""
    ok, result = _guarded(answer, *copy.deepcopy(args))
    if not ok:
        if isinstance(result, NotImplementedError):
            raise _NotAnswered from None
        raise _Failed(f"raised {_described(result)}") from None
    if result is Ellipsis:
        raise _NotAnswered
    return _plain_or_failed(result)


def _reference(ex: Exercise, args: tuple) -> Any:
    """gamelab's answer, on its own fresh copy of ``args``."""
    return ex.reference(*copy.deepcopy(args))


_SCALARS = frozenset({type(None), bool, int, float, complex, str, bytes,
                      fractions.Fraction, decimal.Decimal})
_BASES = ((int, int.__index__), (float, float.__float__),
          (complex, lambda v: complex(complex.real.__get__(v), complex.imag.__get__(v))),
          (str, str.__str__), (bytes, lambda v: bytes.__getitem__(v, slice(None))))


class _NotPlain(Exception):
    pass


def _plain(value: Any) -> Any:
    """``value`` rebuilt from Python's own types: comparing it runs none of the student's code.

    Subclasses of ``int``, ``str``, ``tuple``, ``list``, ``dict``, ``set`` ...
    become the type itself (read through the type's own methods, never the
    subclass's); numpy values become Python values.  Anything else raises
    :class:`_NotPlain`.
    """
    t = type(value)
    if t in _SCALARS:
        return value
    if t is tuple or t is list:
        return t(_plain(x) for x in value)
    if t is dict:
        return {_plain(k): _plain(v) for k, v in value.items()}
    if t is set or t is frozenset:
        return t(_plain(x) for x in value)
    if t.__module__ == "numpy" and hasattr(value, "tolist"):
        return _plain(value.tolist())
    for base, read in _BASES:
        if issubclass(t, base):
            return read(value)
    for base in (tuple, list, set, frozenset):
        if issubclass(t, base):
            return base(_plain(x) for x in base.__iter__(value))
    if issubclass(t, dict):
        return {_plain(k): _plain(v) for k, v in dict.items(value)}
    raise _NotPlain(t.__name__)


def _plain_or_failed(value: Any) -> Any:
    try:
        return _plain(value)
    except _NotPlain as exc:
        raise _Failed(f"returned a {exc.args[0]}, not a plain value "
                      "(a number, str, tuple, list, set or dict)") from None
    except RecursionError:
        raise _Failed("returned a value nested too deeply (or one that contains itself)") from None


def _judge(ex: Exercise, answer: Any, cases: list) -> str | None:
    for k, text in enumerate(cases, 1):
        where = f'case {k} of {len(cases)} (input: "{_short(text)}")'
        try:
            got = _call(answer, (text,))
        except _Failed as exc:   # the student's code failed: say how, and where
            return f"on {where} your function {exc.args[0]}"
        if not isinstance(got, str):
            return (f"on {where} your function returned {type(got).__name__} "
                    f"{_short(got)}; it must return the output text (a str)")
        want = _lines(_reference(ex, (text,)))
        mine = _lines(got)
        if mine == want:
            continue
        for line, (a, b) in enumerate(zip(mine, want), 1):
            if a != b:
                return f"wrong on {where}: line {line} of your output, {a!r}, is not right"
        if len(mine) < len(want):
            return f"wrong on {where}: your output has {len(mine)} lines, it needs {len(want)}"
        return f"wrong on {where}: your output has {len(mine)} lines, more than it needs"
    return None


def _function(ex: Exercise, answer: Any, cases: list) -> str | None:
    for k, args in enumerate(cases, 1):
        shown = ", ".join(_short(a) for a in args)
        where = f"case {k} of {len(cases)} (arguments: {shown})"
        try:
            got = _call(answer, args)
        except _Failed as exc:
            return f"on {where} your function {exc.args[0]}"
        if got != _reference(ex, args):
            return f"wrong on {where}: your function returned {_short(got)}"
    return None


def _value(ex: Exercise, answer: Any) -> str | None:
    if answer is Ellipsis:
        raise _NotAnswered
    want = ex.reference()
    try:
        mine = _plain(answer)
    except (_NotPlain, RecursionError):
        return (f"the answer should be of type {type(want).__name__}, "
                f"got {type(answer).__name__}")
    if type(want) is not type(mine):
        return (f"the answer should be of type {type(want).__name__}, "
                f"got {type(answer).__name__} {_short(mine)}")
    if mine != want:
        return f"{_short(mine)} is not right" + (f" — hint: {ex.hint}" if ex.hint else "")
    return None


def verify(exercise_id: str, answer: Any) -> tuple[bool, str]:
    """Check ``answer`` against the registered exercise; return ``(ok, report)``.

    The same check as :func:`check`, returning the report instead of
    printing it (for tests).  A wrong answer is not an error: only a bad
    ``exercise_id`` raises, and a keyboard interrupt from the user goes on
    up.  Whatever the answer's code raises — ``sys.exit()`` included — is
    reported (see the module's notes).
    """
    ex = exercise(exercise_id)
    try:
        if ex.kind == "value":
            problem = _value(ex, answer)
            done = "right"
        else:
            if answer is Ellipsis:
                raise _NotAnswered
            if not callable(answer):
                return False, (f"✗ {ex.id}: the answer must be a function, "
                               f"got {type(answer).__name__}.")
            cases = ex.all_cases()
            problem = (_judge if ex.kind == "judge" else _function)(ex, answer, cases)
            sample = ex.kind == "judge" and ex.official_sample() is not None
            generated = len(cases) - sample
            parts = (["the official sample"] if sample else []) + (
                [f"{generated} {'further' if sample else 'generated'} case{'s' * (generated != 1)}"]
                if generated else [])
            done = "right on " + " and on ".join(parts)
    except _NotAnswered:
        return False, f"✗ {ex.id}: not answered yet."
    if problem is None:
        return True, f"✓ {ex.id}: {done}."
    return False, f"✗ {ex.id}: {problem}."


def check(exercise_id: str, answer: Any) -> None:
    """Check a student's answer and print one line saying what (if anything) is wrong.

    Parameters
    ----------
    exercise_id : str
        The exercise, as named in the notebook (e.g. ``"hdu1846"``).
    answer : callable or value
        The student's ``solve`` function, function or value.

    Raises
    ------
    ValueError
        If ``exercise_id`` names no exercise.  A wrong or missing answer is
        reported, never raised; so is an answer that raises, ``SystemExit``
        and ``KeyboardInterrupt`` included, unless the interrupt came from
        the user.

    See Also
    --------
    verify : the same check, returning ``(ok, report)``.
    """
    print(verify(exercise_id, answer)[1])


# ---------------------------------------------------------------------------
# standalone programs

#: Lines of a program's output shown by :func:`run_program` (the rest is counted).
SHOWN_LINES = 50


def _show_output(out: str) -> None:
    lines = out.rstrip("\n").split("\n") if out.strip("\n") else []
    print("\n".join(lines[:SHOWN_LINES]) if lines else "(nothing)")
    if len(lines) > SHOWN_LINES:
        print(f"… ({len(lines) - SHOWN_LINES} more lines)")


def run_program(source: str, exercise_id: str, *, further: int = 5) -> bool:
    """Run a standalone stdin → stdout program on a judge problem's official sample.

    Prints the program's output on the official sample and whether it
    matches the official output, then tries ``further`` generated cases
    against gamelab's reference.  Returns ``True`` when everything agrees.

    Each run is a fresh interpreter under the limits of
    :mod:`gamelab.exercises.runner`: :data:`~gamelab.exercises.runner.TIMEOUT`
    seconds of wall-clock time, :data:`~gamelab.exercises.runner.CPU_LIMIT`
    seconds of CPU time, and :data:`~gamelab.exercises.runner.OUTPUT_LIMIT`
    bytes of output (1 000 000): a program that goes past one is stopped, and
    the report says which ("the program printed more than 1000000 bytes; it
    was stopped").  The first run that fails or is stopped ends the check.

    Parameters
    ----------
    source : str
        The program's Python source; it reads standard input and writes
        standard output, as a judge runs it.
    exercise_id : str
        A registered judge problem.
    further : int
        How many generated cases to try besides the sample.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    if isinstance(further, bool) or not isinstance(further, int) or further < 0:
        raise ValueError(f"further must be an int >= 0, got {further!r}")
    ex = exercise(exercise_id)
    if ex.kind != "judge":
        raise ValueError(f"exercise_id {exercise_id!r} is not a judge problem")
    sample = ex.official_sample()
    ok = True
    if sample is not None:
        run = run_source(source, sample[0])
        print("Output on the official sample:")
        _show_output(run.output)
        if run.failure:
            print(f"✗ {run.failure}")
            return False
        ok = _lines(run.output) == _lines(sample[1])
        print("✓ matches the official output." if ok else "✗ differs from the official output.")
    generated = [] if ex.cases is None else list(ex.cases(random.Random(f"gamelab:{ex.id}")))
    tried = generated[:further]
    bad = 0
    for k, text in enumerate(tried, 1):
        run = run_source(source, text)
        if run.failure:
            print(f'✗ on generated case {k} of {len(tried)} (input: "{_short(text)}"): '
                  f"{run.failure}")
            return False
        if _lines(run.output) != _lines(ex.reference(text)):
            bad += 1
    if tried:
        print(f"{'✓' if not bad else '✗'} agrees with gamelab on {len(tried) - bad} of "
              f"{len(tried)} generated case{'s' * (len(tried) != 1)}.")
    return ok and not bad
