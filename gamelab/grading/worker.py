"""The child process that runs one submission: a fresh kernel, the limits, the grading cells.

Run inside the sandbox (:mod:`gamelab.grading.sandbox`) as a script, ``python
-I .../gamelab/grading/worker.py REQUEST.json`` (:data:`SCRIPT`; isolated, so
that its own folder is not on the path); the request
names the notebook, the exercises to record (each after the cell that checks
it in the submission, with the grading cell's code, written by the grader
with :mod:`gamelab.grading.probe`) and the limits, with the code of the cell
that sets the CPU limit.  Every cell runs, whatever the cells before it
raised.  The script imports nothing of gamelab (a submission's kernel does):
it starts in a fraction of a second, which counts when a class is marked.

* A cell that runs longer than the per-cell limit is interrupted and the
  run goes on, so that each exercise is judged on its own: a student's cell
  ends with the interruption noted among the cell errors, a grading cell
  keeps what it recorded so far.  A kernel that an interruption does not
  stop (it still does not answer :data:`RESPONSIVE` seconds later), or a run
  past the notebook's limit, stops the run: the kernel is killed and the
  exercises not yet recorded are "timed out".
* The kernel's CPU time is limited with ``setrlimit``, in the kernel
  itself before the first cell; a kernel stopped by that limit is "timed
  out" too.
* A kernel that dies (``os._exit(1)``, a segfault) leaves the exercises not
  yet recorded "crashed".

The result goes to standard output as one JSON object, and nothing else
does (the kernel's own output goes to standard error): ``{"status": "done" |
"timed out" | "crashed" | "error", "message": str, "cell_errors": [str],
"results": {id: {...}}}`` with, for each exercise recorded, ``{"lines":
[the probe's lines], "stopped": null | "timed out", "message": str}`` (see
:mod:`gamelab.grading.probe`) or ``{"status": ..., "message": ...}`` for one
that could not be.  Nothing here is trusted: the grader reads the result as
data and judges it in its own process.
"""
from __future__ import annotations

import json
import os
import pathlib
import signal
import sys
import time

if __name__ == "__main__":
    # nbformat's schema needs no IRI checker, and jsonschema's optional one takes
    # seconds to import (it compiles a grammar): left out of this process alone
    sys.modules.setdefault("rfc3987_syntax", None)

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402
from nbclient.exceptions import DeadKernelError  # noqa: E402
from nbformat.v4 import new_code_cell, new_notebook  # noqa: E402

try:
    import resource
except ImportError:  # not on Windows
    resource = None

__all__ = ["run_request", "main", "KERNEL", "SCRIPT", "first_line"]

#: This script's file, which the grader runs.
SCRIPT = pathlib.Path(__file__).resolve()

#: The kernel every submission runs in (the course's).
KERNEL = "python3"
#: Seconds a kernel may take to start.
STARTUP = 60
#: The error a cell ends with when the grader interrupted it.
INTERRUPTED = "GraderInterrupt"
#: Seconds an interrupted kernel has to answer again before the run is stopped.
RESPONSIVE = 10


def first_line(source: str, width: int = 60) -> str:
    """The first non-blank line of a cell, cut to ``width`` characters.

    >>> first_line("\\n  while True:\\n      pass")
    'while True:'
    """
    for line in source.splitlines():
        if line.strip():
            line = line.strip()
            return line if len(line) <= width else line[: width - 1] + "…"
    return ""


def _plan(nb, exercises, limit):
    """The cells to run: the CPU limit's (``limit``, its code, if any), then the
    submission's, each check cell followed by a grading cell per exercise it checks
    (its request item holds the code), as ``[(cell, what)]`` where ``what`` is the
    submission's cell index, the exercise (its request item) of a grading cell, or
    ``"limit"``."""
    after: dict[int, list] = {}
    for item in exercises:
        after.setdefault(item["after"], []).append(item)
    plan = [(new_code_cell(limit), "limit")] if limit else []
    for index, cell in enumerate(nb.cells):
        plan.append((cell, index))
        for item in after.get(index, []):
            plan.append((new_code_cell(item["source"]), item))
    return plan


def _error(cell) -> tuple[str, str] | None:
    """``(name, text)`` of the first error a cell's outputs show, or ``None``."""
    for out in cell.get("outputs", []):
        if out.get("output_type") == "error":
            name = out.get("ename", "Error")
            return name, f"{name}: {out.get('evalue', '')}".rstrip(": ")
    return None


def _kernel_process(client):
    provisioner = getattr(client.km, "provisioner", None)
    return getattr(provisioner, "process", None)


def _death(client, cpu_limit, where: str) -> tuple[str, str]:
    """``(status, message)`` for a kernel that died while running ``where``."""
    process = _kernel_process(client)
    code = None
    if process is not None:
        try:
            code = process.wait(timeout=10)
        except Exception:  # noqa: BLE001 - already reaped, or not a Popen
            code = process.poll()
    used = None
    if resource is not None:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = usage.ru_utime + usage.ru_stime
    xcpu = getattr(signal, "SIGXCPU", None)
    by_signal = code is not None and xcpu is not None and code == -xcpu
    if cpu_limit and (by_signal or (used is not None and used >= cpu_limit - 1)):
        return "timed out", f"the kernel used more than {cpu_limit:g} s of CPU time in {where}"
    said = f"exit status {code}" if code is not None and code >= 0 else (
        f"signal {-code}" if code is not None else "no exit status")
    return "crashed", f"the kernel died ({said}) in {where}"


#: Bytes of a probe's file read back.
READ_LIMIT = 16 * 2**20


def _probe_lines(path: pathlib.Path) -> list:
    """The JSON lines the probe wrote (a last line cut short is left out)."""
    if not path.is_file():
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read(READ_LIMIT)
    lines = []
    for line in text.split("\n"):
        try:
            lines.append(json.loads(line))
        except ValueError:
            break
    return lines


def _checked(cell, item, interrupted: bool, too_long: str) -> dict:
    """The result of a grading cell: the probe's lines, or why there are none."""
    error = _error(cell)
    stopped = interrupted or (error is not None and error[0] == "KeyboardInterrupt")
    lines = _probe_lines(pathlib.Path(item["out"]))
    if lines:
        return {"lines": lines, "stopped": "timed out" if stopped else None,
                "message": too_long if stopped else ""}
    if stopped:
        return {"status": "timed out", "message": too_long}
    return {"status": "error", "message": f"the check raised {error[1] if error else 'an error'}"}


class _Run:
    """One submission's cells in one kernel: results so far, and why it stopped."""

    def __init__(self, request: dict):
        self.cell_limit = float(request["cell_timeout"])
        self.notebook_limit = float(request["notebook_timeout"])
        self.cpu_limit = request.get("cpu_limit")
        nb = nbformat.read(request["notebook"], as_version=4)
        self.plan = _plan(nb, request["exercises"], request.get("limit_source"))
        self.deadline = None
        self.responsive = new_code_cell("pass")     # run after an interrupt: does it answer?
        self.client = NotebookClient(
            new_notebook(cells=[cell for cell, _ in self.plan] + [self.responsive],
                         metadata=nb.metadata),
            kernel_name=KERNEL, timeout_func=self.timeout_for, allow_errors=True,
            record_timing=False, store_widget_state=False, startup_timeout=STARTUP,
            shutdown_kernel="immediate", resources={"metadata": {"path": request["cwd"]}},
            # a cell that runs too long is interrupted, and ends at once with this error
            # (whether or not the interrupt stops it), so the run goes on
            interrupt_on_timeout=True,
            error_on_timeout={"ename": INTERRUPTED, "evalue": "the cell ran too long"},
            on_cell_error=self._on_error)
        self.last_error = None
        self.pidfile = request.get("pidfile")
        self.results: dict[str, dict] = {}
        self.cell_errors: list[str] = []
        self.status, self.message = "done", ""

    def _on_error(self, cell=None, cell_index=None, execute_reply=None, **_):
        content = (execute_reply or {}).get("content", {})
        self.last_error = content.get("ename")

    def timeout_for(self, cell) -> float:
        if self.plan and self.plan[0][1] == "limit" and cell is self.plan[0][0]:
            return max(self.cell_limit, STARTUP)    # the grader's own first cell
        if cell is self.responsive:
            return RESPONSIVE
        if self.deadline is None:
            return self.cell_limit
        return max(0.5, min(self.cell_limit, self.deadline - time.monotonic()))

    def _late(self) -> bool:
        return time.monotonic() >= self.deadline - 0.25

    def stop(self, status: str, message: str) -> None:
        self.status, self.message = status, message

    def cells(self) -> None:
        """Run every cell of the plan until one stops the run."""
        client = self.client
        process = _kernel_process(client)
        if process is not None and self.pidfile:
            pathlib.Path(self.pidfile).write_text(str(process.pid))
        self.deadline = time.monotonic() + self.notebook_limit
        for index, (cell, what) in enumerate(self.plan):
            grading = isinstance(what, dict)
            where = (f"the check of {what['id']}" if grading else
                     "the kernel's start" if what == "limit" else
                     f"cell {what + 1} (`{first_line(cell.source)}`)")
            if self._late():
                return self.stop("timed out", f"the notebook ran longer than "
                                 f"{self.notebook_limit:g} s and was stopped before {where}")
            self.last_error = None
            try:
                client.execute_cell(cell, index, store_history=not grading)
            except DeadKernelError:
                return self.stop(*_death(client, self.cpu_limit, where))
            interrupted = self.last_error == INTERRUPTED
            late = interrupted and self._late()
            if grading:
                too_long = (f"the notebook ran longer than {self.notebook_limit:g} s and was "
                            f"stopped in {where}" if late else
                            f"checking the answer ran longer than {self.cell_limit:g} s "
                            "and was stopped")
                # read at once: nothing the check writes after its interruption counts
                self.results[what["id"]] = _checked(cell, what, interrupted, too_long)
            elif what != "limit" and interrupted:
                self.cell_errors.append(f"{where} ran longer than {self.cell_limit:g} s and "
                                        "was interrupted")
            elif what != "limit" and _error(cell) is not None:
                self.cell_errors.append(f"cell {what + 1}: {_error(cell)[1]}")
            if late:
                return self.stop("timed out", f"the notebook ran longer than "
                                 f"{self.notebook_limit:g} s and was stopped in {where}")
            try:
                if interrupted and not self._answers():
                    return self.stop("timed out", f"{where} ran longer than "
                                     f"{self.cell_limit:g} s and did not stop when interrupted")
            except DeadKernelError:
                return self.stop(*_death(client, self.cpu_limit, where))
        return None

    def _answers(self) -> bool:
        """Whether the kernel, just interrupted, runs a cell again within :data:`RESPONSIVE` s."""
        self.last_error = None
        self.client.execute_cell(self.responsive, len(self.plan), store_history=False)
        return self.last_error != INTERRUPTED


def run_request(request: dict) -> dict:
    """Run the submission a request names; the result (see the module's notes)."""
    run = _Run(request)
    try:
        with run.client.setup_kernel():
            run.cells()
    except (DeadKernelError, RuntimeError, TimeoutError) as exc:
        if run.status == "done":
            run.stop("error", f"the kernel could not be run: {exc}")
    return {"status": run.status, "message": run.message, "cell_errors": run.cell_errors,
            "results": run.results}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(f"usage: python -I {SCRIPT} REQUEST.json", file=sys.stderr)
        return 2
    request = json.loads(pathlib.Path(argv[0]).read_text(encoding="utf-8"))
    result_fd = os.dup(1)               # the result's own way out; not inherited
    os.dup2(2, 1)                       # everything else printed goes to standard error
    for folder in request.get("make", []):
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
    result = run_request(request)
    with os.fdopen(result_fd, "w", encoding="utf-8") as out:
        out.write(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
