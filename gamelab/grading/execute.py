"""Running one submission in its sandbox, with a last-resort wall limit.

A :class:`Runner` serves one marking run: it stages the student edition of
gamelab once (:mod:`gamelab.grading.edition`) and finds bubblewrap
(:mod:`gamelab.grading.sandbox`; with ``sandboxed=False`` none is used, for
trusted submissions only).  :meth:`Runner.run` writes the notebook (as
read), the request and the cases of each exercise into a fresh folder,
copies the student's folder, and starts the worker script
(:mod:`gamelab.grading.worker`) in the sandbox, with the grading cells'
code; the worker keeps the per-cell and per-notebook limits
itself.  Should the sandbox not end within the notebook's limit and
:data:`GRACE` seconds more, it is killed, and with it everything it started,
and the submission is "timed out".  A sandbox that ends without a readable
result makes the submission an "error" with the last line it printed.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

import nbformat

from . import sandbox
from .edition import PACKAGE, stage_edition
from .plaindata import NotData, loads
from .probe import grading_source, limit_source
from .worker import SCRIPT

__all__ = ["Limits", "Runner", "GRACE", "OUTPUT_LIMIT", "COPY_LIMIT", "COPY_TOTAL"]

#: Seconds the worker has, beyond the notebook's limit, to start and stop its kernel.
GRACE = 90
#: Bytes of the sandbox's standard output (its result) and error read.
OUTPUT_LIMIT = 64 * 2**20
#: Bytes of one file of the student's folder copied into the sandbox (larger ones are left
#: out), and of all of them (the rest are left out).
COPY_LIMIT = 32 * 2**20
COPY_TOTAL = 256 * 2**20


@dataclasses.dataclass(frozen=True)
class Limits:
    """Wall time per cell and per notebook, CPU time of the kernel (seconds); and,
    in the sandbox, bytes of address space per process, processes, bytes per file."""

    cell: float = 60
    notebook: float = 600
    cpu: float | None = None
    memory: int = 4 * 2**30
    processes: int = 256
    file_size: int = 256 * 2**20

    def __post_init__(self):
        for name in ("cell", "notebook", "cpu"):
            value = getattr(self, name)
            if name == "cpu" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 \
                    or value == float("inf"):
                raise ValueError(f"{name} limit must be a number of seconds > 0, got {value!r}")
        for name, least in (("memory", 2**28), ("processes", 16), ("file_size", 2**20)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} limit must be an int, got {type(value).__name__}")
            if value < least:
                raise ValueError(f"{name} limit must be at least {least}, got {value}")

    @property
    def cpu_seconds(self) -> float:
        """The kernel's CPU limit: ``cpu``, or the notebook's wall limit."""
        return self.cpu if self.cpu is not None else self.notebook


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "no output"


def _read(stream, keep: bytearray, tail: bool) -> None:
    """Read ``stream`` to its end, keeping at most :data:`OUTPUT_LIMIT` bytes (the last
    ones when ``tail``)."""
    while True:
        chunk = stream.read(1 << 16)
        if not chunk:
            return
        keep.extend(chunk)
        if len(keep) > OUTPUT_LIMIT:
            if tail:
                del keep[:len(keep) - OUTPUT_LIMIT]
            else:
                del keep[OUTPUT_LIMIT:]


def _copy_folder(source: pathlib.Path | None, target: pathlib.Path) -> None:
    """The student's own folder, copied without following a link and without huge files."""
    if source is None:
        target.mkdir()
        return

    total = 0

    def ignore(folder, names):
        nonlocal total
        skip = []
        for name in names:
            path = pathlib.Path(folder) / name
            size = path.lstat().st_size if path.is_file() and not path.is_symlink() else 0
            if name == ".ipynb_checkpoints" or size > COPY_LIMIT or total + size > COPY_TOTAL:
                skip.append(name)
            else:
                total += size
        return skip
    shutil.copytree(source, target, symlinks=True, ignore=ignore)


def _own(path: pathlib.Path, uid: int | None) -> None:
    for p in [path, *path.rglob("*")]:
        if uid is not None:
            os.lchown(p, uid, uid)
        if not p.is_symlink():
            p.chmod(0o755 if p.is_dir() else 0o644)


class Runner:
    """How the submissions of one marking run are run: staged once, then :meth:`run`.

    Raises
    ------
    NoSandbox
        If ``sandboxed`` and bubblewrap cannot make a sandbox here.
    """

    def __init__(self, limits: Limits, *, sandboxed: bool = True, jobs: int = 1):
        self.limits = limits
        self.bwrap = sandbox.find_bwrap() if sandboxed else None
        self._tmp = tempfile.TemporaryDirectory(prefix="gamelab-grade-")
        self.root = pathlib.Path(self._tmp.name)
        self.root.chmod(0o755)
        self.edition = stage_edition(self.root / "edition")
        self.python, self.mask = sandbox.python_paths(PACKAGE)
        self.slots: queue.Queue[int] = queue.Queue()
        for slot in range(max(1, jobs)):
            self.slots.put(slot)
        self.count = 0
        self.lock = threading.Lock()

    @property
    def sandboxed(self) -> bool:
        return self.bwrap is not None

    def close(self) -> None:
        self._tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _uid(self, slot: int) -> int | None:
        if os.getuid() != 0:
            return None
        return sandbox.UID_BASE + (os.getpid() * 64 + slot) % 1_000_000_000

    def run(self, nb, folder, cwd: str, exercises) -> dict:
        """Run the notebook ``nb`` in a sandbox holding a copy of ``folder`` (the
        student's own, or ``None``), from its subfolder ``cwd``, and record ``exercises``.

        ``exercises`` is ``[(id, expression, after, kind, cases)]``: the exercise,
        the expression, the index of the submission's cell after which it is
        recorded, its kind and the cases (as text) its answer is called on.
        Returns the worker's result (see :mod:`gamelab.grading.worker`).
        """
        with self.lock:
            self.count += 1
            where = self.root / f"run-{self.count}"
        where.mkdir()
        slot = self.slots.get()
        try:
            return self._run(where, nb, folder, cwd, exercises, self._uid(slot))
        finally:
            self.slots.put(slot)
            shutil.rmtree(where, ignore_errors=True)

    def _request(self, grader: pathlib.Path, inside: str, work: str, exercises) -> dict:
        items = []
        for k, (eid, expression, after, kind, cases) in enumerate(exercises):
            (grader / f"cases-{k}.json").write_text(json.dumps({"kind": kind, "cases": cases}),
                                                    encoding="utf-8")
            out = (f"/tmp/gamelab-grader/answer-{k}.jsonl" if self.sandboxed
                   else str(grader / f"answer-{k}.jsonl"))
            items.append({"id": eid, "after": after, "out": out,
                          "source": grading_source(expression, f"{inside}/cases-{k}.json", out)})
        return {"notebook": f"{inside}/submission.ipynb", "cwd": work, "exercises": items,
                "cell_timeout": self.limits.cell, "notebook_timeout": self.limits.notebook,
                "cpu_limit": self.limits.cpu_seconds,
                "limit_source": limit_source(self.limits.cpu_seconds),
                "make": ["/tmp/gamelab-grader"] if self.sandboxed else []}

    def _run(self, where: pathlib.Path, nb, folder, cwd: str, exercises, uid) -> dict:
        grader, copy = where / "grader", where / "copy"
        grader.mkdir()
        _copy_folder(None if folder is None else pathlib.Path(folder), copy)
        nbformat.write(nb, grader / "submission.ipynb")
        if self.sandboxed:
            work = str(pathlib.PurePosixPath(sandbox.WORK) / cwd)
            request = self._request(grader, sandbox.GRADER, work, exercises)
            sandbox.write_etc(grader, uid)
            allowance = self.limits.processes + (
                0 if uid is not None else sandbox.processes_of(os.getuid()))
            config = sandbox.Config(memory=self.limits.memory, processes=allowance,
                                    file_size=self.limits.file_size,
                                    cpu=int(self.limits.cpu_seconds) + 60, uid=uid)
            script = f"{sandbox.EDITION}/gamelab/grading/{SCRIPT.name}"
            argv = sandbox.launcher_argv(config, cwd, ["-I", script,
                                                       f"{sandbox.GRADER}/request.json"])
            mounts = sandbox.Mounts(self.python, str(self.edition), str(grader), str(copy),
                                    self.mask)
            command = sandbox.command(mounts, config, argv, bwrap=self.bwrap)
            env, run_in = {}, str(where)
        else:
            request = self._request(grader, str(grader), str(copy / cwd), exercises)
            command = [sys.executable, "-I", str(self.edition / "gamelab" / "grading" / SCRIPT.name),
                       str(grader / "request.json")]
            env = dict(os.environ, PYTHONPATH=str(self.edition), GAMELAB_LANGUAGE="en")
            run_in = str(copy / cwd)
        (grader / "request.json").write_text(json.dumps(request), encoding="utf-8")
        _own(grader, None)
        _own(copy, uid)
        return self._supervise(command, env, run_in)

    def _supervise(self, command, env, cwd) -> dict:
        out, err = bytearray(), bytearray()
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, cwd=cwd, env=env or None,
                                start_new_session=True)
        readers = [threading.Thread(target=_read, args=(proc.stdout, out, False), daemon=True),
                   threading.Thread(target=_read, args=(proc.stderr, err, True), daemon=True)]
        for r in readers:
            r.start()
        try:
            proc.wait(timeout=self.limits.notebook + GRACE)
        except subprocess.TimeoutExpired:
            _kill(proc)
            return {"status": "timed out", "results": {}, "cell_errors": [],
                    "message": f"the notebook ran longer than {self.limits.notebook:g} s "
                               "and was stopped"}
        except BaseException:
            _kill(proc)
            raise
        finally:
            if not self.sandboxed:
                _kill(proc)                 # whatever it left running in its group
            for r in readers:
                r.join(timeout=10)
            for stream in (proc.stdout, proc.stderr):
                if not any(r.is_alive() for r in readers):
                    stream.close()
        said = _last_line(err.decode("utf-8", "replace"))
        try:
            result = loads(out.decode("utf-8", "replace"))
        except NotData:
            result = None
        if proc.returncode == 0 and isinstance(result, dict) and isinstance(
                result.get("results"), dict) and isinstance(result.get("status"), str):
            return result
        return {"status": "error", "results": {}, "cell_errors": [],
                "message": f"the grader could not run this notebook "
                           f"(exit status {proc.returncode}): {said}"}


def _kill(proc) -> None:
    """Stop the process and its group (the sandbox, and so all it started)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except ProcessLookupError:
        pass
    proc.wait()
