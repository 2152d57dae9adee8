"""The register of the course's exercises: what each one is, and where its answers come from.

An exercise is *registered* under an id (a judge problem's id such as
``"hdu1846"``, or a lecture exercise such as ``"ex-02-1"``) with its kind,
gamelab's reference solution and a generator of further cases; a judge
problem's official sample, when one is shipped (``samples/<id>.in`` and
``.out``), is its first case.  The teacher's edition registers every
exercise by importing :mod:`gamelab.exercises.references`; the student
edition has no references and builds each :class:`Exercise` from its sealed
answer key (:data:`KEYS_FILE`) instead.  How an answer is checked against an
exercise is :mod:`gamelab.exercises.check`.

>>> from gamelab.exercises.registry import exercise
>>> ex = exercise("hdu1846")
>>> ex.kind, ex.has_sample()
('judge', True)
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

from .keyformat import AnswerKey, read_keys

__all__ = ["Exercise", "register", "exercise", "exercises", "official_sample", "sealed_keys",
           "NoReferenceError", "EDITION", "KEYS_FILE", "REFERENCES"]

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

    def hidden_cases(self, seed: str | None = None) -> list:
        """Further cases for marking, from the generator with another seed (teacher's edition).

        ``seed`` (a str) is that seed: by default ``f"gamelab-hidden:{id}"``,
        the same for everyone; the grader draws one from the lecturer's secret
        (:mod:`gamelab.grading.hidden`).  Those that are among
        :meth:`all_cases` already are left out.

        Raises
        ------
        TypeError
            If ``seed`` is not a str or None.
        ValueError
            For a sealed exercise: hidden cases need the teacher's package.
        """
        if seed is not None and not isinstance(seed, str):
            raise TypeError(f"seed must be a str or None, got {type(seed).__name__}")
        if self.key is not None:
            raise ValueError(f"hidden cases of {self.id!r} need the teacher's package (gamelab "
                             "with its reference solutions); the student edition has only the "
                             "sealed answer keys")
        if self.cases is None:
            return []
        usual = self.all_cases()
        seed = f"gamelab-hidden:{self.id}" if seed is None else seed
        return [c for c in self._generated(seed) if c not in usual]


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
