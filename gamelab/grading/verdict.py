"""The grader's side: what an answer did in its sandbox, judged in the grader's own process.

The probe (:mod:`gamelab.grading.probe`) wrote, inside the sandbox, what
the answer is and what it returned on each case; here those lines are read
as plain data (:mod:`gamelab.grading.plaindata`) and handed, case by case,
to the course's own check (:func:`gamelab.exercises.check.verify_calls`),
which compares them with the references of the teacher's edition.  Nothing
of the submission's runs here, and nothing it wrote can do more than claim
what its answer returned.
"""
from __future__ import annotations

from typing import Any

from gamelab.exercises.check import exercise, verify_calls
from gamelab.exercises.guard import Failed, NotAnswered

from .plaindata import NotData, decode

__all__ = ["judge_result", "Stopped"]

#: Longest failure text taken from the sandbox.
FAILURE_TEXT = 300


class Stopped(Exception):
    """The answer's record ends before the case asked about (it was stopped)."""


class _Replay:
    """``call(answer, args)`` for :func:`verify_calls`: the recorded outcomes in order."""

    def __init__(self, outcomes: list):
        self.outcomes, self.next = outcomes, 0

    def __call__(self, answer, args):
        if self.next >= len(self.outcomes):
            raise Stopped
        got = self.outcomes[self.next]
        self.next += 1
        if not isinstance(got, dict) or len(got) != 1:
            raise NotData("a case's record is not one tagged item")
        (tag, body), = got.items()
        if tag == "r":
            return decode(body)
        if tag == "f" and isinstance(body, str):
            raise Failed(" ".join(body.split())[:FAILURE_TEXT])
        if tag == "n":
            raise NotAnswered
        raise NotData(f"unknown record {tag[:20]!r}")


def _named(name: Any) -> object:
    """An object whose type is called ``name`` (what the answer was, by name only)."""
    text = name if isinstance(name, str) else "object"
    text = "".join(c for c in text if c.isalnum() or c == "_")[:60] or "object"
    return type(text, (), {})()


def _stub(*args, **kwargs):
    raise AssertionError("the grader replays recorded outcomes; it never calls an answer")


def _answer(kind: str, head: dict) -> Any:
    what = head.get("answer")
    if what == "ellipsis":
        return ...
    if kind == "value":
        if what == "value":
            return decode(head.get("value"))
        if what == "not plain":
            return _named(head.get("type"))
    elif what == "function":
        return _stub
    elif what == "other":
        return _named(head.get("type"))
    raise NotData("the answer's record does not say what the answer is")


def judge_result(exercise_id: str, kind: str, result: dict, hidden_cases: list) -> dict:
    """The gradebook's result of one exercise from the sandbox's ``result``.

    ``result`` is the worker's (``{"lines": [...], "stopped": ..., "message":
    ...}``, or ``{"status": ..., "message": ...}``); returns ``{"ok": bool,
    "message": str}``, ``{"status": ..., "message": ...}`` or ``{"error": str}``.
    """
    if not isinstance(result, dict):
        return {"status": "error", "message": "the sandbox sent no result for this exercise"}
    if "lines" not in result:
        status, message = result.get("status"), result.get("message")
        if status in ("timed out", "error", "crashed") and isinstance(message, str):
            return {"status": status, "message": message[:500]}
        return {"status": "error", "message": "the sandbox sent a result the grader cannot read"}
    lines = result["lines"]
    try:
        if not isinstance(lines, list) or not lines or not isinstance(lines[0], dict):
            raise NotData("no record of the answer")
        head = lines[0]
        if "error" in head:
            return {"error": str(head["error"])[:500]}
        answer = _answer(kind, head)
        ok, message = verify_calls(exercise(exercise_id), answer, _Replay(lines[1:]),
                                   hidden_cases=hidden_cases)
    except Stopped:
        if result.get("stopped"):
            message = result.get("message")
            return {"status": "timed out", "message": message[:500] if isinstance(
                message, str) and message else "checking the answer was stopped"}
        return {"status": "error", "message": "the answer's record ends before its last case"}
    except (NotData, RecursionError, ValueError, TypeError) as exc:
        return {"status": "error", "message": f"the sandbox sent a record the grader cannot "
                                              f"read ({str(exc)[:100]})"}
    return {"ok": bool(ok), "message": message}
