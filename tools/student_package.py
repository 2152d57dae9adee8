"""The student edition of the gamelab package: a wheel whose checks work but hold no answer.

Usage: python tools/student_package.py [--out build/student] [--exercises my_exercises.py ...]

The package in the repository is the teacher's edition: its reference
solutions live in ``gamelab/exercises/references/``.  The student edition is
the same package without that folder, and with the sealed answer keys of
every exercise (``gamelab/exercises/answer_keys.json``, made by
:mod:`gamelab.exercises.sealed`) in its place: ``check``, ``verify`` and
``run_program`` give the very reports of the teacher's edition, and no
answer can be read from the installed files.

``--exercises`` names a lecturer's own exercise modules (files that call
``register(...)``, e.g. ``notebooks/templates/my_exercises.py``): their
exercises are sealed into the same key file, so they ship to students
without their references.

The wheel is built by ``pip wheel`` (with build isolation: the build needs
a recent setuptools) from a staging copy of ``pyproject.toml``, ``README.md``
and ``gamelab/``; the repository itself is not touched.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from gamelab.grading import edition  # noqa: E402 - the repository's own package, staged the same way

#: Inside the staged package: what the student edition leaves out (the grader's sandboxes
#: stage the same edition, gamelab.grading.edition).
LEFT_OUT = tuple(f"gamelab/{name}" for name in edition.LEFT_OUT)
#: Where the sealed keys go in the staged package.
KEYS = f"gamelab/{edition.KEYS}"


def _stage(staging: pathlib.Path) -> None:
    staging.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, staging / name)
    edition.stage_package(staging / "gamelab", ROOT / "gamelab")


def _seal(keys: pathlib.Path, extra_modules: list[pathlib.Path]) -> None:
    """Write the keys in a fresh interpreter running the repository's own (teacher's) gamelab."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + (
        [env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    command = [sys.executable, "-m", "gamelab.exercises.sealed", str(keys)]
    if extra_modules:
        command += ["--exercises", *map(str, extra_modules)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"sealing the answer keys failed:\n{done.stderr.strip()}")


def build_wheel(out_dir: pathlib.Path, *, extra_modules: Iterable[str | pathlib.Path] = ()
                ) -> pathlib.Path:
    """Build the student wheel into ``out_dir``; return the wheel's path.

    Parameters
    ----------
    out_dir : pathlib.Path
        The folder the wheel is written to (made if missing).
    extra_modules : iterable of paths
        A lecturer's exercise modules, sealed into the same key file.

    Raises
    ------
    TypeError, ValueError
        For an ``out_dir`` that is not a path, or an extra module that is not
        an existing ``.py`` file.
    RuntimeError
        If sealing or ``pip wheel`` fails (the message holds its errors).
    """
    if not isinstance(out_dir, (str, pathlib.Path)):
        raise TypeError(f"out_dir must be a pathlib.Path, got {type(out_dir).__name__}")
    if isinstance(extra_modules, (str, pathlib.Path)):
        raise TypeError("extra_modules must be an iterable of paths, not a single path")
    modules = [pathlib.Path(m).resolve() for m in extra_modules]
    for m in modules:
        if m.suffix != ".py" or not m.is_file():
            raise ValueError(f"extra_modules: {str(m)!r} is not an existing .py file")
    out_dir = pathlib.Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gamelab-student-") as tmp:
        staging = pathlib.Path(tmp) / "gamelab"
        _stage(staging)
        _seal(staging / KEYS, modules)
        built = pathlib.Path(tmp) / "wheel"
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                               "-w", str(built), str(staging)],
                              capture_output=True, text=True)
        wheels = sorted(built.glob("*.whl"))
        if done.returncode != 0 or len(wheels) != 1:
            raise RuntimeError(f"pip wheel failed:\n{done.stderr.strip() or done.stdout.strip()}")
        target = out_dir / wheels[0].name
        shutil.move(str(wheels[0]), target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "student",
                        help="folder for the wheel (default: build/student)")
    parser.add_argument("--exercises", nargs="*", default=[], type=pathlib.Path,
                        help="a lecturer's exercise modules to seal into the package")
    args = parser.parse_args(argv)
    wheel = build_wheel(args.out, extra_modules=args.exercises)
    print(f"wrote {wheel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
