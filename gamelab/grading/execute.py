"""Running one submission in a child process, with a last-resort wall limit.

:func:`run_submission` writes the submission (as read) and a request to a
temporary folder, starts ``python -m gamelab.grading.worker`` in its own
process group and waits.  The worker keeps the per-cell and per-notebook
limits itself; should it not come back within the notebook's limit and
:data:`GRACE` seconds more, the worker and the kernel it started are killed
and the submission is "timed out".  A worker that dies, or writes no result,
makes the submission an "error" with the last line it printed.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile

import nbformat

__all__ = ["Limits", "run_submission", "GRACE"]

#: Seconds the worker has, beyond the notebook's limit, to start and stop its kernel.
GRACE = 90


@dataclasses.dataclass(frozen=True)
class Limits:
    """Wall time per cell and per notebook, CPU time of the kernel (seconds)."""

    cell: float = 60
    notebook: float = 600
    cpu: float | None = None

    def __post_init__(self):
        for name in ("cell", "notebook", "cpu"):
            value = getattr(self, name)
            if name == "cpu" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"{name} limit must be a number of seconds > 0, got {value!r}")

    @property
    def cpu_seconds(self) -> float:
        """The kernel's CPU limit: ``cpu``, or the notebook's wall limit."""
        return self.cpu if self.cpu is not None else self.notebook


def _kill_group(pid: int) -> None:
    if not hasattr(os, "killpg"):
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"


def run_submission(nb, cwd, exercises, limits: Limits) -> dict:
    """Run the notebook ``nb`` with ``cwd`` as working folder and check ``exercises``.

    ``exercises`` is ``[(id, expression, after)]``: the exercise, the
    expression checked, and the index of the submission's cell after which
    it is checked.  Returns the worker's result (see
    :mod:`gamelab.grading.worker`).
    """
    with tempfile.TemporaryDirectory(prefix="gamelab-grade-") as tmp:
        tmp = pathlib.Path(tmp)
        notebook = tmp / "submission.ipynb"
        nbformat.write(nb, notebook)
        request = {
            "notebook": str(notebook), "cwd": str(pathlib.Path(cwd).resolve()),
            "exercises": [{"id": eid, "expression": expression, "after": after,
                           "path": str(tmp / f"answer-{k}.json")}
                          for k, (eid, expression, after) in enumerate(exercises)],
            "cell_timeout": limits.cell, "notebook_timeout": limits.notebook,
            "cpu_limit": limits.cpu_seconds, "pidfile": str(tmp / "kernel.pid"),
            "result": str(tmp / "result.json"),
        }
        (tmp / "request.json").write_text(json.dumps(request), encoding="utf-8")
        log = tmp / "worker.log"
        with open(log, "wb") as out:
            worker = subprocess.Popen(
                [sys.executable, "-m", "gamelab.grading.worker", str(tmp / "request.json")],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                cwd=tmp, start_new_session=hasattr(os, "killpg"))
            try:
                worker.wait(timeout=limits.notebook + GRACE)
            except subprocess.TimeoutExpired:
                _kill_group(worker.pid)
                pidfile = tmp / "kernel.pid"
                if pidfile.is_file():
                    _kill_group(int(pidfile.read_text()))
                worker.kill()
                worker.wait()
                return {"status": "timed out", "results": {}, "cell_errors": [],
                        "message": f"the notebook ran longer than {limits.notebook:g} s "
                                   "and was stopped"}
        result = tmp / "result.json"
        if worker.returncode == 0 and result.is_file():
            return json.loads(result.read_text(encoding="utf-8"))
        said = _last_line(log.read_text(encoding="utf-8", errors="replace"))
        return {"status": "error", "results": {}, "cell_errors": [],
                "message": f"the grader could not run this notebook "
                           f"(exit status {worker.returncode}): {said}"}
