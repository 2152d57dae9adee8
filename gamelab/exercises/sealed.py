"""Sealing answer keys: from a registered exercise, what the student edition may know of it.

In the teacher's edition, :func:`seal` runs an exercise's reference on every
case the check tries and keeps only what the check needs to give the same
report without the answer (see :mod:`gamelab.exercises.keyformat`): the
kind, the hint, the cases, and salted SHA-256 digests of the expected
answers (of a value exercise, only the type of its answer).  :func:`write_keys` writes the keys of every registered exercise
(and of a lecturer's own exercise modules) into a key file, which the
student edition of the package reads instead of the references
(``tools/student_package.py`` builds that edition)::

    python -m gamelab.exercises.sealed answer_keys.json --exercises my_exercises.py

>>> from gamelab.exercises.check import register
>>> register("doc-sealed", kind="value", reference=lambda: {1, 2}, replace=True)
>>> key = seal("doc-sealed")
>>> key.type_name, key.to_json()
('set', {'kind': 'value', 'hint': None, 'type': 'set'})
"""
from __future__ import annotations

import argparse
import copy
import importlib.util
import pathlib
import sys
from collections.abc import Iterable

from ..i18n import ngettext
from .registry import EDITION, Exercise, exercise, exercises
from .guard import NotPlain, plain
from .keyformat import AnswerKey, JudgeCase, canonical, case_text, digest, keys_text
from .keyformat import output_lines, read_case

__all__ = ["seal", "seal_all", "load_exercise_module", "write_keys", "main"]


def _plain_answer(ex: Exercise, value, where: str):
    try:
        return plain(value)
    except (NotPlain, RecursionError):
        raise ValueError(f"exercise {ex.id!r}: the reference returned a {type(value).__name__} "
                         f"on {where}, not a plain value; it cannot be sealed") from None


def _checked_case(ex: Exercise, index: int, case):
    text = case_text(case)
    back = read_case(text)
    if back != case or repr(back) != repr(case):
        raise ValueError(f"exercise {ex.id!r}: case {index + 1} does not read back from its "
                         "text; it cannot be sealed")
    return back


def seal(exercise_id: str) -> AnswerKey:
    """The sealed answer key of a registered exercise (teacher's edition).

    Raises
    ------
    ValueError
        If ``exercise_id`` names no exercise, or one without its reference
        (already sealed), or a case or answer that is not a plain value.
    """
    ex = exercise(exercise_id)
    if ex.sealed:
        raise ValueError(f"exercise_id {exercise_id!r} is sealed already: it has no reference "
                         "to seal")
    if ex.kind == "value":
        want = ex.reference()
        _plain_answer(ex, want, "no arguments")
        return AnswerKey("value", ex.hint, type_name=type(want).__name__, note=ex.note)
    cases = [_checked_case(ex, i, c) for i, c in enumerate(ex.all_cases())]
    expected = []
    for i, case in enumerate(cases):
        if ex.kind == "judge":
            want = output_lines(ex.reference(copy.deepcopy(case)))
            expected.append(JudgeCase(len(want), tuple(
                digest(ex.id, f"{i}.{j}", line) for j, line in enumerate(want))))
        else:
            want = _plain_answer(ex, ex.reference(*copy.deepcopy(case)), f"case {i + 1}")
            expected.append(digest(ex.id, str(i), canonical(want)))
    return AnswerKey(ex.kind, ex.hint, ex.has_sample(), tuple(cases), tuple(expected),
                     note=ex.note)


def load_exercise_module(path: str | pathlib.Path) -> None:
    """Run a lecturer's exercise module (a ``.py`` file that calls ``register(...)``).

    Raises
    ------
    TypeError, ValueError
        If ``path`` is not a path to an existing ``.py`` file.
    """
    if not isinstance(path, (str, pathlib.Path)):
        raise TypeError(f"path must be a str or pathlib.Path, got {type(path).__name__}")
    path = pathlib.Path(path).resolve()
    if path.suffix != ".py" or not path.is_file():
        raise ValueError(f"path must name an existing .py file, got {str(path)!r}")
    name = f"gamelab_exercise_module_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def seal_all(exercise_ids: Iterable[str] | None = None, *,
             modules: Iterable[str | pathlib.Path] = ()) -> dict[str, AnswerKey]:
    """The keys of ``exercise_ids`` (default: every registered exercise), by id.

    ``modules`` are a lecturer's exercise modules, run first (see
    :func:`load_exercise_module`), so that their exercises are sealed too.
    """
    if EDITION != "teacher":
        raise ValueError("sealing needs the teacher's edition of gamelab (with "
                         "gamelab.exercises.references)")
    for path in modules:
        load_exercise_module(path)
    ids = exercises() if exercise_ids is None else list(exercise_ids)
    return {exercise_id: seal(exercise_id) for exercise_id in ids}


def write_keys(path: str | pathlib.Path, exercise_ids: Iterable[str] | None = None, *,
               modules: Iterable[str | pathlib.Path] = ()) -> pathlib.Path:
    """Write the key file of :func:`seal_all` to ``path``; return the path."""
    if not isinstance(path, (str, pathlib.Path)):
        raise TypeError(f"path must be a str or pathlib.Path, got {type(path).__name__}")
    path = pathlib.Path(path)
    path.write_text(keys_text(seal_all(exercise_ids, modules=modules)), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m gamelab.exercises.sealed OUT [--exercises FILE ...]``."""
    parser = argparse.ArgumentParser(prog="python -m gamelab.exercises.sealed",
                                     description="Write the sealed answer keys of every exercise.")
    parser.add_argument("out", type=pathlib.Path, help="the key file to write")
    parser.add_argument("--exercises", nargs="*", default=[], type=pathlib.Path,
                        help="a lecturer's exercise modules to seal as well")
    args = parser.parse_args(argv)
    path = write_keys(args.out, modules=args.exercises)
    count = len(exercises())
    print(ngettext("sealed {count} exercise into {path}", "sealed {count} exercises into {path}",
                   count).format(count=count, path=path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
