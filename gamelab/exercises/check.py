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
    The answer is a value, compared with ``reference()``.  When the answer
    is a set, a list or tuple of the same elements, each once, is right too.

Two editions.  The teacher's holds the reference solutions
(:mod:`gamelab.exercises.references`, which registers every exercise).  The
student edition (:data:`EDITION` ``== "student"``) has only sealed answer
keys (:data:`KEYS_FILE`, :mod:`gamelab.exercises.keyformat`): the same cases
and salted digests of the answers, from which every check gives the very
report of the teacher's edition; there ``exercise(id).reference`` raises
:class:`NoReferenceError`, and hidden cases (``verify(..., hidden=True)``)
are refused.

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
code of the student's runs in the comparison; anything else is reported
(:mod:`gamelab.exercises.guard`).

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
import difflib
import importlib
import importlib.resources
import importlib.util
import pkgutil
import random
from collections.abc import Callable
from typing import Any

from ..i18n import gettext as _, ngettext
from .guard import SHOWN, Failed, NotAnswered, NotPlain, call_answer, plain, shown
from .keyformat import AnswerKey, canonical, canonical_set, digest, output_lines, read_keys
from .runner import run_source

__all__ = ["Exercise", "register", "exercise", "exercises", "check", "verify",
           "run_program", "official_sample", "sealed_keys", "NoReferenceError", "EDITION",
           "KEYS_FILE", "SHOWN"]

#: The subpackage of reference solutions (the teacher's edition only).
REFERENCES = f"{__package__}.references"
#: ``"teacher"`` when the reference solutions are installed, else ``"student"``.
EDITION = "teacher" if importlib.util.find_spec(REFERENCES) is not None else "student"
#: The sealed answer keys of the student edition, a file of this package.
KEYS_FILE = "answer_keys.json"


class NoReferenceError(RuntimeError):
    """The student edition has no reference solutions: its answer keys are sealed."""


def _no_reference(exercise_id: str) -> Callable:
    def reference(*args: Any, **kwargs: Any) -> Any:
        raise NoReferenceError(
            f"exercise {exercise_id!r}: the student edition of gamelab has no reference "
            f"solutions (its answer keys are sealed); check an answer with "
            f"check({exercise_id!r}, answer)")
    reference.__qualname__ = reference.__name__ = "sealed_reference"
    return reference


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One registered exercise (see :func:`register`).

    A sealed exercise (the student edition) has a ``key`` instead of a
    reference: its ``reference`` raises :class:`NoReferenceError`.
    """

    id: str
    kind: str
    reference: Callable
    cases: Callable[[random.Random], list] | None = None
    hint: str | None = None
    key: AnswerKey | None = None
    note: str | None = None

    @classmethod
    def from_key(cls, exercise_id: str, key: AnswerKey) -> Exercise:
        """The sealed exercise ``exercise_id`` checked against its answer ``key``."""
        if not isinstance(key, AnswerKey):
            raise TypeError(f"key must be an AnswerKey, got {type(key).__name__}")
        return cls(exercise_id, key.kind, _no_reference(exercise_id), None, key.hint, key, key.note)

    @property
    def sealed(self) -> bool:
        """Whether the exercise is checked against a sealed key (no reference at hand)."""
        return self.key is not None

    def official_sample(self) -> tuple[str, str] | None:
        """The official sample ``(input, output)`` of a judge problem, if one is known."""
        return official_sample(self.id)

    def has_sample(self) -> bool:
        """Whether the first of :meth:`all_cases` is the official sample."""
        if self.key is not None:
            return self.key.sample
        return self.kind == "judge" and self.official_sample() is not None

    def _generated(self, seed: str) -> list:
        generated = list(self.cases(random.Random(seed)))
        if self.kind == "function":
            generated = [c if isinstance(c, tuple) else (c,) for c in generated]
        return generated

    def all_cases(self) -> list:
        """The cases an answer is tried on: the official sample first, then generated ones."""
        if self.key is not None:
            return copy.deepcopy(list(self.key.cases))
        out = []
        if self.kind == "judge":
            sample = self.official_sample()
            if sample is not None:
                out.append(sample[0])
        if self.cases is not None:
            out.extend(self._generated(f"gamelab:{self.id}"))
        return out

    def hidden_cases(self) -> list:
        """Further cases for marking, from the generator with another seed (teacher's edition).

        Those that are among :meth:`all_cases` already are left out.

        Raises
        ------
        ValueError
            For a sealed exercise: hidden cases need the teacher's package.
        """
        if self.key is not None:
            raise ValueError(f"hidden cases of {self.id!r} need the teacher's package (gamelab "
                             "with its reference solutions); the student edition has only the "
                             "sealed answer keys")
        if self.cases is None:
            return []
        usual = self.all_cases()
        return [c for c in self._generated(f"gamelab-hidden:{self.id}") if c not in usual]

    def verify(self, answer: Any, *, hidden: bool = False) -> tuple[bool, str]:
        """Check ``answer`` against this exercise; see :func:`verify`."""
        return _verify(self, answer, hidden)


_REGISTRY: dict[str, Exercise] = {}
_KINDS = ("judge", "function", "value")
_loaded = False


def register(exercise_id: str, *, kind: str, reference: Callable,
             cases: Callable[[random.Random], list] | None = None,
             hint: str | None = None, replace: bool = False, note: str | None = None) -> None:
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
    note : str, optional
        A sentence shown after a right value, e.g. that the reasoning is what is marked.
    replace : bool
        Allow registering an id again.  (An id known only from a sealed
        answer key may always be registered with a reference.)

    Raises
    ------
    TypeError, ValueError
        For an empty id, an unknown kind, a reference that is not callable,
        a hint or note that is not text, or an id registered twice.
    """
    if not isinstance(exercise_id, str) or not exercise_id:
        raise TypeError(f"exercise_id must be a non-empty str, got {exercise_id!r}")
    if kind not in _KINDS:
        raise ValueError(f"kind must be one of {_KINDS}, got {kind!r}")
    if not callable(reference):
        raise TypeError(f"reference must be callable, got {type(reference).__name__}")
    if cases is not None and not callable(cases):
        raise TypeError(f"cases must be callable (rng -> list), got {type(cases).__name__}")
    for name, text in (("hint", hint), ("note", note)):
        if text is not None and not isinstance(text, str):
            raise TypeError(f"{name} must be a str or None, got {type(text).__name__}")
    if kind == "function" and cases is None:
        raise ValueError("a function exercise needs cases")
    if kind == "judge" and cases is None and official_sample(exercise_id) is None:
        raise ValueError(f"judge problem {exercise_id!r} has no official sample: it needs cases")
    old = _REGISTRY.get(exercise_id)
    same = old is not None and (old.sealed or (
        getattr(old.reference, "__module__", None), getattr(old.reference, "__qualname__", None)
    ) == (getattr(reference, "__module__", None), getattr(reference, "__qualname__", None)))
    if old is not None and not (replace or same):  # a module imported twice may register again
        raise ValueError(f"exercise_id {exercise_id!r} is registered twice")
    _REGISTRY[exercise_id] = Exercise(exercise_id, kind, reference, cases, hint, None, note)


def sealed_keys() -> dict[str, AnswerKey]:
    """The sealed answer keys shipped in this package (none in the teacher's edition, usually)."""
    path = importlib.resources.files(__package__) / KEYS_FILE
    if not path.is_file():
        return {}
    return read_keys(path.read_text(encoding="utf-8"))


def _load_all() -> None:
    """Register every exercise: import the references, or read the sealed keys."""
    global _loaded
    if _loaded:
        return
    if EDITION == "teacher":
        package = importlib.import_module(REFERENCES)
        for info in pkgutil.iter_modules(package.__path__):
            if not info.name.startswith("_"):
                importlib.import_module(f"{REFERENCES}.{info.name}")
    else:
        for exercise_id, key in sealed_keys().items():
            _REGISTRY.setdefault(exercise_id, Exercise.from_key(exercise_id, key))
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
    folder = importlib.resources.files(__package__) / "samples"
    src, out = folder / f"{exercise_id}.in", folder / f"{exercise_id}.out"
    if not (src.is_file() and out.is_file()):
        return None
    return src.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# checking

def _reference(ex: Exercise, args: tuple) -> Any:
    """gamelab's answer, on its own fresh copy of ``args``."""
    return ex.reference(*copy.deepcopy(args))


def _sealed_digest(exercise_id: str, case: str, encode: Callable, value: Any) -> str | None:
    try:
        return digest(exercise_id, case, encode(value))
    except RecursionError:           # deeper than any expected answer: not it
        return None


def _expected_lines(ex: Exercise, index: int, text: str) -> tuple[int, Callable[[int, str], bool]]:
    """``(count, matches)``: the expected output's line count, and ``matches(j, line)``."""
    if ex.key is None or index >= len(ex.key.expected):
        want = output_lines(_reference(ex, (text,)))
        return len(want), lambda j, line: line == want[j]
    case = ex.key.expected[index]
    return case.count, lambda j, line: digest(ex.id, f"{index}.{j}", line) == case.digests[j]


def _judge(ex: Exercise, answer: Any, cases: list, start: int, hidden: bool) -> str | None:
    for k, text in enumerate(cases, 1):
        where = (_('hidden case {k} of {n} (input: "{input}")') if hidden else _(
            'case {k} of {n} (input: "{input}")')).format(k=k, n=len(cases), input=shown(text))
        try:
            got = call_answer(answer, (text,))
        except Failed as exc:   # the student's code failed: say how, and where
            return _("on {where} your function {failure}").format(where=where, failure=exc.args[0])
        if not isinstance(got, str):
            return _("on {where} your function returned {type} {value}; it must return the "
                     "output text (a str)").format(where=where, type=type(got).__name__,
                                                   value=shown(got))
        count, matches = _expected_lines(ex, start + k - 1, text)
        mine = output_lines(got)
        if len(mine) == count and all(matches(j, line) for j, line in enumerate(mine)):
            continue
        for j, line in enumerate(mine[:count]):
            if not matches(j, line):
                return _("wrong on {where}: line {line_number} of your output, {line}, is not "
                         "right").format(where=where, line_number=j + 1, line=repr(line))
        if len(mine) < count:
            return _("wrong on {where}: your output has {lines} lines, it needs {count}").format(
                where=where, lines=len(mine), count=count)
        return _("wrong on {where}: your output has {lines} lines, more than it needs").format(
            where=where, lines=len(mine))
    return None


def _function(ex: Exercise, answer: Any, cases: list, start: int, hidden: bool) -> str | None:
    for k, args in enumerate(cases, 1):
        shown_args = ", ".join(shown(a) for a in args)
        where = (_("hidden case {k} of {n} (arguments: {arguments})") if hidden else _(
            "case {k} of {n} (arguments: {arguments})")).format(k=k, n=len(cases),
                                                               arguments=shown_args)
        try:
            got = call_answer(answer, args)
        except Failed as exc:
            return _("on {where} your function {failure}").format(where=where, failure=exc.args[0])
        index = start + k - 1
        if ex.key is None or index >= len(ex.key.expected):
            wrong = got != _reference(ex, args)
        else:
            wrong = _sealed_digest(ex.id, str(index), canonical, got) != ex.key.expected[index]
        if wrong:
            return _("wrong on {where}: your function returned {value}").format(
                where=where, value=shown(got))
    return None


def _repeated(items: Any) -> Any:
    """The first element of the list or tuple ``items`` that occurs in it again, else ``...``."""
    seen = set()
    for x in items:
        text = canonical(x)
        if text in seen:
            return x
        seen.add(text)
    return ...


def _value(ex: Exercise, answer: Any) -> str | None:
    if answer is Ellipsis:
        raise NotAnswered
    if ex.key is None:
        want = ex.reference()
        want_type = type(want).__name__

        def right(mine: Any, as_set: bool = False) -> bool:
            return canonical_set(mine) == canonical(want) if as_set else not mine != want
    else:
        want_type = ex.key.type_name

        def right(mine: Any, as_set: bool = False) -> bool:
            encode = canonical_set if as_set else canonical
            return _sealed_digest(ex.id, "value", encode, mine) == ex.key.value
    try:
        mine = plain(answer)
    except (NotPlain, RecursionError):
        return _("the answer should be of type {want}, got {got}").format(
            want=want_type, got=type(answer).__name__)
    wrong = _("{value} is not right").format(value=shown(mine)) + (
        _(" — hint: {hint}").format(hint=_(ex.hint)) if ex.hint else "")
    if want_type == "set" and type(mine) in (list, tuple):
        try:
            again = _repeated(mine)
            ok = again is ... and right(mine, as_set=True)
        except RecursionError:
            return wrong
        if again is not ...:
            return _("{value} occurs more than once in your {type}; the answer is a set, each "
                     "element once").format(value=shown(again), type=type(mine).__name__)
        return None if ok else wrong
    if type(mine).__name__ != want_type:
        return _("the answer should be of type {want}, got {got} {value}").format(
            want=want_type, got=type(answer).__name__, value=shown(mine))
    return None if right(mine) else wrong


def _verify(ex: Exercise, answer: Any, hidden: bool) -> tuple[bool, str]:
    if not isinstance(hidden, bool):
        raise TypeError(f"hidden must be a bool, got {type(hidden).__name__}")
    if hidden and ex.sealed:
        ex.hidden_cases()                   # raises: the student edition has none
    more = ex.hidden_cases() if hidden and ex.kind != "value" else []
    try:
        if ex.kind == "value":
            problem = _value(ex, answer)
            done = _("right") + (_(" — {note}").format(note=_(ex.note)) if ex.note else "")
        else:
            if answer is Ellipsis:
                raise NotAnswered
            if not callable(answer):
                return False, _("✗ {id}: the answer must be a function, got {type}.").format(
                    id=ex.id, type=type(answer).__name__)
            cases = ex.all_cases()
            run = _judge if ex.kind == "judge" else _function
            problem = run(ex, answer, cases, 0, False)
            if problem is None and more:
                problem = run(ex, answer, more, len(cases), True)
            sample = ex.has_sample()
            generated = len(cases) - sample
            further = (ngettext("{n} further case", "{n} further cases", generated) if sample
                       else ngettext("{n} generated case", "{n} generated cases", generated))
            parts = ([_("the official sample")] if sample else []) + (
                [further.format(n=generated)] if generated else []) + ([ngettext(
                    "{n} hidden case", "{n} hidden cases", len(more)).format(n=len(more))]
                    if more else [])
            done = _("right on {cases}").format(cases=_(" and on ").join(parts))
    except NotAnswered:
        return False, _("✗ {id}: not answered yet.").format(id=ex.id)
    if problem is None:
        return True, _("✓ {id}: {report}.").format(id=ex.id, report=done)
    return False, _("✗ {id}: {report}.").format(id=ex.id, report=problem)


def verify(exercise_id: str, answer: Any, *, hidden: bool = False) -> tuple[bool, str]:
    """Check ``answer`` against the registered exercise; return ``(ok, report)``.

    The same check as :func:`check`, returning the report instead of
    printing it (for tests and marking).  A wrong answer is not an error:
    only a bad argument raises, and a keyboard interrupt from the user goes
    on up.  Whatever the answer's code raises is reported.

    Parameters
    ----------
    exercise_id : str
    answer : callable or value
    hidden : bool
        After the usual cases, try the answer on hidden cases too: more
        cases from the exercise's generator, drawn with another seed
        (``random.Random(f"gamelab-hidden:{exercise_id}")``), reported as
        "hidden case k of n".  Teacher's edition only.

    Raises
    ------
    ValueError
        If ``exercise_id`` names no exercise, or ``hidden`` is asked of the
        student edition (hidden cases need the teacher's package).
    TypeError
        If ``hidden`` is not a bool.
    """
    return exercise(exercise_id).verify(answer, hidden=hidden)


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
    print("\n".join(lines[:SHOWN_LINES]) if lines else _("(nothing)"))
    if len(lines) > SHOWN_LINES:
        print(_("… ({n} more lines)").format(n=len(lines) - SHOWN_LINES))


def run_program(source: str, exercise_id: str, *, further: int = 5) -> bool:
    """Run a standalone stdin → stdout program on a judge problem's official sample.

    Prints the program's output on the official sample and whether it
    matches the official output, then tries ``further`` generated cases
    against gamelab's reference (in the student edition, against the sealed
    answer key).  Returns ``True`` when everything agrees.

    Each run is a fresh interpreter under the limits of
    :mod:`gamelab.exercises.runner` (``TIMEOUT`` seconds of wall-clock time,
    ``CPU_LIMIT`` seconds of CPU time, ``OUTPUT_LIMIT`` bytes of output): a
    program that goes past one is stopped, and the report says which ("the
    program printed more than 1000000 bytes; it was stopped").  The first run
    that fails or is stopped ends the check.  An empty program is "not
    answered yet", as in :func:`check`.

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
    if not source.strip():
        print(_("✗ {id}: not answered yet.").format(id=ex.id))
        return False
    sample = ex.official_sample()
    ok = True
    if sample is not None:
        run = run_source(source, sample[0])
        print(_("Output on the official sample:"))
        _show_output(run.output)
        if run.failure:
            print(f"✗ {run.failure}")
            return False
        ok = output_lines(run.output) == output_lines(sample[1])
        print(_("✓ matches the official output.") if ok else _("✗ differs from the official output."))
    start = int(ex.has_sample())
    tried = ex.all_cases()[start:start + further]
    bad = 0
    for k, text in enumerate(tried, 1):
        run = run_source(source, text)
        if run.failure:
            print(_('✗ on generated case {k} of {n} (input: "{input}"): {failure}').format(
                k=k, n=len(tried), input=shown(text), failure=run.failure))
            return False
        count, matches = _expected_lines(ex, start + k - 1, text)
        mine = output_lines(run.output)
        if not (len(mine) == count and all(matches(j, line) for j, line in enumerate(mine))):
            bad += 1
    if tried:
        print(ngettext("{mark} agrees with gamelab on {good} of {n} generated case.",
                       "{mark} agrees with gamelab on {good} of {n} generated cases.",
                       len(tried)).format(mark="✗" if bad else "✓", good=len(tried) - bad,
                                          n=len(tried)))
    return ok and not bad
