"""Inside the sandbox: the student's answer run on the grader's cases, what it did written down.

The grader runs :func:`record` in the student's kernel right after the
student's own check cell, so that the expression is read as the check saw it
(several exercises of a lecture may name their answer ``answer`` or
``solve``)::

    __import__("gamelab.grading.probe", fromlist=["record"]).record(
        globals(), "answer", "/grader/cases-0.json", "/tmp/gamelab-grader/0.jsonl")

which binds no name in the student's namespace.  Nothing here decides
whether an answer is right: there is no expected answer in the sandbox.
The cases file holds the exercise's kind and the cases (the usual ones and
the hidden ones, as :func:`gamelab.exercises.keyformat.case_text` writes
them); the answer file gets one JSON line saying what the answer is, then,
for a function or judge answer, one line per case in order, each written at
once (so a check stopped half-way keeps what it did):

* ``{"answer": "function"}``, ``{"answer": "ellipsis"}``,
  ``{"answer": "other", "type": name}`` (not callable),
  ``{"answer": "value", "value": data}``, ``{"answer": "not plain", "type": name}``,
  or ``{"error": text}`` when the expression could not be evaluated;
* per case: ``{"r": data}`` (what it returned, :mod:`gamelab.grading.plaindata`),
  ``{"f": text}`` (it failed: what it raised, and where) or ``{"n": 1}``
  (not answered yet); the first failure ends the list, as it ends a check.

The grader (outside, in its own process) reads these lines as data and
compares them with its references (:mod:`gamelab.grading.verdict`): a
submission that rewrites this module, or the checks, changes only what it
claims its answer returned.
"""
from __future__ import annotations

import json
import pathlib
from typing import Any

from gamelab.exercises.guard import Failed, NotAnswered, NotPlain, call_answer, plain
from gamelab.exercises.keyformat import read_case
from gamelab.i18n import language, set_language

from .plaindata import encode

__all__ = ["record", "grading_source", "limit_source", "HARD_MARGIN"]

#: CPU seconds a kernel past its soft limit (told by ``SIGXCPU``) has before it is killed.
HARD_MARGIN = 5


def _line(out, data: dict) -> None:
    out.write(json.dumps(data, ensure_ascii=False) + "\n")
    out.flush()


def _value(value: Any) -> dict:
    if value is Ellipsis:
        return {"answer": "ellipsis"}
    try:
        return {"answer": "value", "value": encode(plain(value))}
    except (NotPlain, RecursionError, TypeError):
        return {"answer": "not plain", "type": type(value).__name__}


def _calls(out, answer, cases: list) -> None:
    for case in cases:
        args = (case,) if isinstance(case, str) else tuple(case)
        try:
            got = call_answer(answer, args)
            _line(out, {"r": encode(got)})
        except NotAnswered:
            _line(out, {"n": 1})
            return
        except Failed as exc:
            _line(out, {"f": str(exc.args[0])})
            return
        except (RecursionError, TypeError):
            _line(out, {"f": "returned a value nested too deeply (or one that contains itself)"})
            return


def record(namespace: dict, expression: str, cases_path: str, out_path: str) -> None:
    """Evaluate ``expression`` in ``namespace`` and write down what it is and does.

    Reports are written in English, the gradebook's language, also in a
    Chinese notebook; the notebook's language is restored.  A keyboard
    interrupt (the grader stopping a check that ran too long) goes on up.
    """
    request = json.loads(pathlib.Path(cases_path).read_text(encoding="utf-8"))
    with open(out_path, "w", encoding="utf-8") as out:
        try:
            value = eval(compile(expression, "<grader>", "eval"), namespace)  # noqa: S307
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: B036 - the student's namespace may raise anything
            _line(out, {"error": f"`{expression}` could not be evaluated: "
                                 f"{type(exc).__name__}: {exc}"[:500]})
            return
        if request["kind"] == "value":
            _line(out, _value(value))
            return
        if value is Ellipsis:
            _line(out, {"answer": "ellipsis"})
            return
        if not callable(value):
            _line(out, {"answer": "other", "type": type(value).__name__})
            return
        _line(out, {"answer": "function"})
        previous = language()
        set_language("en")       # the gradebook is in one language, whatever the notebook's
        try:
            _calls(out, value, [read_case(text) for text in request["cases"]])
        finally:
            set_language(previous)


def grading_source(expression: str, cases_path: str, out_path: str) -> str:
    """The code of the grading cell that runs :func:`record` in the student's kernel.

    >>> print(grading_source("answer", "/grader/c0.json", "/tmp/0.jsonl"))
    __import__('gamelab.grading.probe', fromlist=['record']).record(globals(), 'answer', '/grader/c0.json', '/tmp/0.jsonl')
    """
    return (f"__import__({__name__!r}, fromlist=['record']).record("
            f"globals(), {expression!r}, {str(cases_path)!r}, {str(out_path)!r})")


def limit_source(seconds: float) -> str:
    """The code of the first cell the grader runs in a kernel: the kernel's
    CPU time limited to ``seconds`` with ``setrlimit`` (``SIGXCPU`` then, and
    a kill :data:`HARD_MARGIN` seconds later), no core file.  Only the
    standard library, and no name bound; where the platform has no
    ``resource`` module the cell fails and the notebook runs without the limit.

    >>> print(limit_source(600))
    (lambda r: (r.setrlimit(r.RLIMIT_CPU, (600, 605)), r.setrlimit(r.RLIMIT_CORE, (0, 0))))(__import__('resource'))
    """
    soft = max(1, int(seconds))
    return (f"(lambda r: (r.setrlimit(r.RLIMIT_CPU, ({soft}, {soft + HARD_MARGIN})), "
            f"r.setrlimit(r.RLIMIT_CORE, (0, 0))))(__import__('resource'))")
