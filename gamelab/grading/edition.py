"""The student edition of gamelab, staged for the sandboxes of one marking run.

A submission's kernel must not see the teacher's references, so the grader
stages the package as the handout ships it (``tools/student_package.py``
builds the same thing into a wheel): this package's files without
:data:`LEFT_OUT`, with the sealed answer keys written by the teacher's
edition, so that the student's own ``check`` cells print what they print at
home.  The sandbox mounts the folder read-only at ``/opt/gamelab``.
"""
from __future__ import annotations

import compileall
import os
import pathlib
import shutil
import subprocess
import sys

__all__ = ["LEFT_OUT", "KEYS", "MPL_CACHE", "PACKAGE", "stage_package", "stage_edition"]

#: The teacher's gamelab package (this one's folder).
PACKAGE = pathlib.Path(__file__).resolve().parents[1]
#: Inside the package: what the student edition leaves out.
LEFT_OUT = ("exercises/references", "exercises/samples/PROBLEMS.md")
#: Where the sealed keys go in the package.
KEYS = "exercises/answer_keys.json"
#: Beside the package: matplotlib's cache (its font list), made once for every sandbox.
MPL_CACHE = "mplcache"


def stage_package(target: str | os.PathLike, source: str | os.PathLike = PACKAGE) -> pathlib.Path:
    """Copy the package folder ``source`` to ``target`` without :data:`LEFT_OUT`
    (nor caches, nor stale keys); return ``target``."""
    target = pathlib.Path(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(
        "__pycache__", "*.egg-info", "*.pyc"))
    for name in LEFT_OUT + (KEYS,):
        path = target / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    return target


def stage_edition(folder: str | os.PathLike) -> pathlib.Path:
    """Stage the student edition as ``folder/gamelab`` with its sealed keys; return ``folder``.

    Raises
    ------
    RuntimeError
        If sealing the keys fails (the message holds its errors).
    """
    folder = pathlib.Path(folder)
    package = stage_package(folder / "gamelab")
    done = subprocess.run([sys.executable, "-m", "gamelab.exercises.sealed", str(package / KEYS)],
                          cwd=PACKAGE.parent, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"sealing the answer keys failed:\n{done.stderr.strip()}")
    # compiled once here, as the sandbox mounts it (read-only): no kernel compiles it again
    compileall.compile_dir(str(package), quiet=2, ddir="/opt/gamelab/gamelab")
    # matplotlib's font list, made once (each sandbox copies it into its private /tmp)
    subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"],
                   env=dict(os.environ, MPLCONFIGDIR=str(folder / MPL_CACHE)),
                   capture_output=True, timeout=300)
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return folder
