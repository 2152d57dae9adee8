"""The grader's side of a submission's kernel: one exercise checked, its result saved.

The grader runs :func:`record` in the student's kernel right after the
student's own check cell, so that the expression is read as the check saw it
(several exercises of a lecture may name their answer ``answer`` or
``solve``)::

    __import__("gamelab.grading.probe", fromlist=["record"]).record(
        globals(), "ex-00-1", "answer", "/tmp/…/1.json")

which binds no name in the student's namespace.  The result file holds
``{"ok": bool, "message": str}`` (the check's own report), or
``{"error": str}`` when the expression itself could not be evaluated.
"""
from __future__ import annotations

import inspect
import json
import pathlib
from typing import Any

from gamelab.exercises.check import verify
from gamelab.i18n import language, set_language

__all__ = ["record", "verify_hidden", "grading_source", "limit_source"]

#: CPU seconds a kernel past its soft limit (told by ``SIGXCPU``) has before it is killed.
HARD_MARGIN = 5


def _takes_hidden(fn) -> bool:
    try:
        return "hidden" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def verify_hidden(exercise_id: str, answer: Any) -> tuple[bool, str]:
    """``verify(exercise_id, answer, hidden=True)``: the check with the cases
    the student edition never sees; plain ``verify`` where ``hidden`` is unknown."""
    if _takes_hidden(verify):
        return verify(exercise_id, answer, hidden=True)
    return verify(exercise_id, answer)


def _write(path: str, result: dict) -> None:
    pathlib.Path(path).write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


def record(namespace: dict, exercise_id: str, expression: str, path: str) -> None:
    """Evaluate ``expression`` in ``namespace``, check it, write the result to ``path``.

    The check reports in English, the gradebook's language, also in a Chinese
    notebook (``gl.set_language("zh_CN")``); the notebook's language is restored.

    A keyboard interrupt (the grader stopping a check that ran too long)
    goes on up; anything else the evaluation raises is the result.
    """
    try:
        value = eval(compile(expression, "<grader>", "eval"), namespace)  # noqa: S307
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: B036 - the student's namespace may raise anything
        _write(path, {"error": f"`{expression}` could not be evaluated: "
                               f"{type(exc).__name__}: {exc}"})
        return
    previous = language()
    set_language("en")       # the gradebook is in one language, whatever the notebook's
    try:
        ok, message = verify_hidden(exercise_id, value)
    finally:
        set_language(previous)
    _write(path, {"ok": bool(ok), "message": str(message)})


def grading_source(exercise_id: str, expression: str, path: str) -> str:
    """The code of the grading cell that runs :func:`record` in the student's kernel.

    >>> print(grading_source("ex-00-1", "answer", "/tmp/1.json"))
    __import__('gamelab.grading.probe', fromlist=['record']).record(globals(), 'ex-00-1', 'answer', '/tmp/1.json')
    """
    return (f"__import__({__name__!r}, fromlist=['record']).record("
            f"globals(), {exercise_id!r}, {expression!r}, {str(path)!r})")



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
