"""Checks for the course's exercises: what is wrong, without giving the answer away.

Every exercise in the lectures is registered under an id (a judge problem's
id such as ``"hdu1846"``, or a lecture exercise such as ``"ex-02-1"``)
together with gamelab's reference solution and a generator of further cases
(:mod:`gamelab.exercises.registry`; its names are at hand here too).  In a
notebook the student writes an answer and runs::

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
and salted digests of the answers, from which every check of a judge or
function exercise gives the very report of the teacher's edition.  A value
exercise's key holds only the type of its answer: there the check says
whether the answer has that type, and that whether it is right is not
checked (``○``, with the exercise's note on how it is marked; ``ok`` is
true: nothing wrong was found).  There
``exercise(id).reference`` raises
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
from collections.abc import Callable
from typing import Any

from ..i18n import gettext as _, ngettext
from .guard import SHOWN, Failed, NotAnswered, NotPlain, call_answer, plain, shown
from .keyformat import canonical, canonical_set, digest, output_lines
from .registry import (EDITION, KEYS_FILE, Exercise, NoReferenceError, exercise, exercises,
                       official_sample, register, sealed_keys)
from .runner import run_source

__all__ = ["Exercise", "register", "exercise", "exercises", "check", "verify", "verify_calls",
           "run_program", "official_sample", "sealed_keys", "NoReferenceError", "EDITION",
           "KEYS_FILE", "SHOWN"]


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


def _quiet(problem: str, k: int, n: int) -> str:
    """A report on hidden case ``k`` of ``n`` that shows neither its input nor the
    answer's output (the gradebook's, in English, when the cases come from a secret)."""
    return problem.format(where=f"hidden case {k} of {n}") + " (hidden inputs are not shown)"


def _judge(ex: Exercise, answer: Any, cases: list, start: int, hidden: bool,
           call: Callable = call_answer, quiet: bool = False) -> str | None:
    quiet = quiet and hidden
    for k, text in enumerate(cases, 1):
        where = (_('hidden case {k} of {n} (input: "{input}")') if hidden else _(
            'case {k} of {n} (input: "{input}")')).format(k=k, n=len(cases), input=shown(text))
        try:
            got = call(answer, (text,))
        except Failed as exc:   # the student's code failed: say how, and where
            if quiet:
                return _quiet("on {where} your function failed", k, len(cases))
            return _("on {where} your function {failure}").format(where=where, failure=exc.args[0])
        if not isinstance(got, str):
            if quiet:
                return _quiet("on {where} your function did not return the output text (a str)", k,
                              len(cases))
            return _("on {where} your function returned {type} {value}; it must return the "
                     "output text (a str)").format(where=where, type=type(got).__name__,
                                                   value=shown(got))
        count, matches = _expected_lines(ex, start + k - 1, text)
        mine = output_lines(got)
        if len(mine) == count and all(matches(j, line) for j, line in enumerate(mine)):
            continue
        if quiet:
            return _quiet("wrong on {where}: your output is not right", k, len(cases))
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


def _function(ex: Exercise, answer: Any, cases: list, start: int, hidden: bool,
              call: Callable = call_answer, quiet: bool = False) -> str | None:
    quiet = quiet and hidden
    for k, args in enumerate(cases, 1):
        shown_args = ", ".join(shown(a) for a in args)
        where = (_("hidden case {k} of {n} (arguments: {arguments})") if hidden else _(
            "case {k} of {n} (arguments: {arguments})")).format(k=k, n=len(cases),
                                                               arguments=shown_args)
        try:
            got = call(answer, args)
        except Failed as exc:
            if quiet:
                return _quiet("on {where} your function failed", k, len(cases))
            return _("on {where} your function {failure}").format(where=where, failure=exc.args[0])
        index = start + k - 1
        if ex.key is None or index >= len(ex.key.expected):
            wrong = got != _reference(ex, args)
        else:
            wrong = _sealed_digest(ex.id, str(index), canonical, got) != ex.key.expected[index]
        if wrong and quiet:
            return _quiet("wrong on {where}: your function returned a wrong value", k, len(cases))
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


#: What :func:`_value` returns for a value answer of the right form that the student
#: edition cannot judge (its key holds no digest of the value).
_AT_MARKING = object()


def _value(ex: Exercise, answer: Any) -> Any:
    """What is wrong with a value answer (a message), ``None`` when it is right, or
    ``_AT_MARKING`` when its form is right and its value is judged when marked."""
    if answer is Ellipsis:
        raise NotAnswered
    if ex.key is None:
        want = ex.reference()
        want_type = type(want).__name__

        def right(mine: Any, as_set: bool = False) -> Any:
            return canonical_set(mine) == canonical(want) if as_set else not mine != want
    else:
        want_type = ex.key.type_name

        def right(mine: Any, as_set: bool = False) -> Any:
            canonical_set(mine) if as_set else canonical(mine)      # its form, nothing more
            return _AT_MARKING
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
        return ok if ok is _AT_MARKING else None if ok else wrong
    if type(mine).__name__ != want_type:
        return _("the answer should be of type {want}, got {got} {value}").format(
            want=want_type, got=type(answer).__name__, value=shown(mine))
    ok = right(mine)
    return ok if ok is _AT_MARKING else None if ok else wrong


def _verify(ex: Exercise, answer: Any, hidden: bool, call: Callable = call_answer,
            more: list | None = None) -> tuple[bool, str]:
    if not isinstance(hidden, bool):
        raise TypeError(f"hidden must be a bool, got {type(hidden).__name__}")
    if hidden and ex.sealed:
        ex.hidden_cases()                   # raises: the student edition has none
    quiet = more is not None
    if more is None:
        more = ex.hidden_cases() if hidden and ex.kind != "value" else []
    elif ex.kind == "value":
        more = []
    try:
        if ex.kind == "value":
            problem = _value(ex, answer)
            if problem is _AT_MARKING:
                said = _("○ {id}: {value} is an answer of the right type ({type}); whether it is "
                         "right is not checked here: a check here would give away any answer "
                         "with few possible values").format(
                    id=ex.id, value=shown(plain(answer)), type=ex.key.type_name)
                return True, said + (_(" — {note}").format(note=_(ex.note)) if ex.note else "") + "."
            done = _("right") + (_(" — {note}").format(note=_(ex.note)) if ex.note else "")
        else:
            if answer is Ellipsis:
                raise NotAnswered
            if not callable(answer):
                return False, _("✗ {id}: the answer must be a function, got {type}.").format(
                    id=ex.id, type=type(answer).__name__)
            cases = ex.all_cases()
            run = _judge if ex.kind == "judge" else _function
            problem = run(ex, answer, cases, 0, False, call)
            if problem is None and more:
                problem = run(ex, answer, more, len(cases), True, call, quiet)
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


def verify(exercise_id: str | Exercise, answer: Any, *, hidden: bool = False) -> tuple[bool, str]:
    """Check ``answer`` against the registered exercise; return ``(ok, report)``.

    The same check as :func:`check`, returning the report instead of
    printing it (for tests and marking).  A wrong answer is not an error:
    only a bad argument raises, and a keyboard interrupt from the user goes
    on up.  Whatever the answer's code raises is reported.

    Parameters
    ----------
    exercise_id : str or Exercise
        A registered exercise's id, or an :class:`Exercise` itself (one
        built from a sealed key with :meth:`Exercise.from_key`, say).
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
    ex = exercise_id if isinstance(exercise_id, Exercise) else exercise(exercise_id)
    return _verify(ex, answer, hidden)


def verify_calls(exercise_id: str | Exercise, answer: Any, call: Callable, *,
                 hidden_cases: list | tuple = ()) -> tuple[bool, str]:
    """The check of an answer that ran somewhere else: ``(ok, report)``.

    The marker's side of a sandboxed submission (:mod:`gamelab.grading`):
    the answer ran in the student's process, and here only what it did is
    judged, against the references of this process.  ``call(answer, args)``
    gives what the answer returned on ``args`` (a plain value), or raises
    :class:`~gamelab.exercises.guard.Failed` (it failed: the text says how)
    or :class:`~gamelab.exercises.guard.NotAnswered`; it is asked about the
    usual cases, in order, then about ``hidden_cases``.  ``answer`` stands
    for the answer: ``...``, a callable, anything else (its type is named),
    or, for a value exercise, the value itself (plain data).  A report on a
    hidden case shows neither its input nor what the answer gave.

    Raises
    ------
    TypeError, ValueError
        If ``call`` is not callable, ``hidden_cases`` not a list or tuple,
        or ``exercise_id`` names no exercise.
    """
    if not callable(call):
        raise TypeError(f"call must be callable, got {type(call).__name__}")
    if not isinstance(hidden_cases, (list, tuple)):
        raise TypeError(f"hidden_cases must be a list or tuple, got {type(hidden_cases).__name__}")
    ex = exercise_id if isinstance(exercise_id, Exercise) else exercise(exercise_id)
    return _verify(ex, answer, False, call, list(hidden_cases))


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
