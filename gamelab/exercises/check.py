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
"""
from __future__ import annotations

import dataclasses
import difflib
import importlib
import importlib.resources
import pkgutil
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["Exercise", "register", "exercise", "exercises", "check", "verify",
           "run_program", "official_sample"]

#: Longest input or output shown in a report before it is cut short.
SHOWN = 70

#: Seconds a standalone program may run on one input in :func:`run_program`.
PROGRAM_TIMEOUT = 20


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


def _call(answer: Callable, args: tuple) -> Any:
    try:
        result = answer(*args)
    except NotImplementedError:
        raise _NotAnswered from None
    if result is Ellipsis:
        raise _NotAnswered
    return result


def _judge(ex: Exercise, answer: Any, cases: list) -> str | None:
    for k, text in enumerate(cases, 1):
        where = f'case {k} of {len(cases)} (input: "{_short(text)}")'
        try:
            got = _call(answer, (text,))
        except _NotAnswered:
            raise
        except Exception as exc:  # the student's code failed: say how, and where
            return f"on {where} your function raised {type(exc).__name__}: {_short(str(exc))}"
        if not isinstance(got, str):
            return (f"on {where} your function returned {type(got).__name__} "
                    f"{_short(got)}; it must return the output text (a str)")
        want = _lines(ex.reference(text))
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
        except _NotAnswered:
            raise
        except Exception as exc:
            return f"on {where} your function raised {type(exc).__name__}: {_short(str(exc))}"
        if got != ex.reference(*args):
            return f"wrong on {where}: your function returned {_short(got)}"
    return None


def _value(ex: Exercise, answer: Any) -> str | None:
    if answer is Ellipsis:
        raise _NotAnswered
    want = ex.reference()
    if type(want) is not type(answer) and not (isinstance(want, int) and isinstance(answer, int)
                                               and not isinstance(answer, bool)):
        return (f"the answer should be of type {type(want).__name__}, "
                f"got {type(answer).__name__} {_short(answer)}")
    if answer != want:
        return f"{_short(answer)} is not right" + (f" — hint: {ex.hint}" if ex.hint else "")
    return None


def verify(exercise_id: str, answer: Any) -> tuple[bool, str]:
    """Check ``answer`` against the registered exercise; return ``(ok, report)``.

    The same check as :func:`check`, returning the report instead of
    printing it (for tests).  A wrong answer is not an error: only a bad
    ``exercise_id`` raises.
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
                               f"got {type(answer).__name__} {_short(answer)}.")
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
        reported, never raised.

    See Also
    --------
    verify : the same check, returning ``(ok, report)``.
    """
    print(verify(exercise_id, answer)[1])


# ---------------------------------------------------------------------------
# standalone programs

def _run(source: str, stdin: str) -> tuple[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "solution.py"
        path.write_text(source, encoding="utf-8")
        try:
            done = subprocess.run([sys.executable, str(path)], input=stdin, text=True,
                                  capture_output=True, timeout=PROGRAM_TIMEOUT, cwd=tmp)
        except subprocess.TimeoutExpired:
            return "", f"the program ran longer than {PROGRAM_TIMEOUT} s"
    return done.stdout, (done.stderr.strip().splitlines() or [""])[-1] if done.returncode else ""


def run_program(source: str, exercise_id: str, *, further: int = 5) -> bool:
    """Run a standalone stdin → stdout program on a judge problem's official sample.

    Prints the program's output on the official sample and whether it
    matches the official output, then tries ``further`` generated cases
    against gamelab's reference.  Returns ``True`` when everything agrees.

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
        out, err = _run(source, sample[0])
        print("Output on the official sample:")
        print(out.rstrip("\n") or "(nothing)")
        if err:
            print(f"✗ the program failed: {err}")
            return False
        ok = _lines(out) == _lines(sample[1])
        print("✓ matches the official output." if ok else "✗ differs from the official output.")
    generated = [] if ex.cases is None else list(ex.cases(random.Random(f"gamelab:{ex.id}")))
    bad = 0
    for text in generated[:further]:
        out, err = _run(source, text)
        if err or _lines(out) != _lines(ex.reference(text)):
            bad += 1
    tried = len(generated[:further])
    if tried:
        print(f"{'✓' if not bad else '✗'} agrees with gamelab on {tried - bad} of "
              f"{tried} generated case{'s' * (tried != 1)}.")
    return ok and not bad
