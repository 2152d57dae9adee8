"""One call in a fresh interpreter under CPU-time and memory limits (the robustness harness),
and the check that a test runs at gamelab's default budget.

``run_limited(code, budget="")`` runs ``code`` (defining ``call()`` and optionally
``expected()``) with ``RLIMIT_CPU`` and ``RLIMIT_AS`` set, after the lines ``budget``
(which may set gamelab.engine's budget, as :data:`TENTH` does), and returns its JSON
result: ``answer``/``right``, ``refused`` (TypeError/ValueError) with its ``message``, or
``escaped`` (any other exception), with the call's ``cpu`` seconds and the process's own
``peak_mb`` (its resident high-water mark); or a string saying why there is no result (out of time, a crash).
:func:`lower_to_a_tenth` sets the same tenth of every budget inside the test run, for one test.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

CPU_LIMIT = 30            # seconds of CPU time per case, interpreter start-up and imports included
WALL_LIMIT = 300          # seconds of wall-clock time: only a backstop (a case waiting forever)
MEMORY_LIMIT = 2 * 2**30  # bytes of address space per case

HARNESS = """
import json, resource, sys, time

def peak_mb():
    # this process's own high-water mark: ru_maxrss would report the parent's, inherited
    # through fork and exec, whenever the parent (the test run) had grown larger
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")

resource.setrlimit(resource.RLIMIT_AS, ({mem}, {mem}))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu} + 5))
import gamelab as gl
{budget}
{code}

start = time.process_time()
try:
    got = call()
except (TypeError, ValueError) as exc:
    result = {{"refused": type(exc).__name__, "message": str(exc)[:4000]}}
except BaseException as exc:
    result = {{"escaped": type(exc).__name__, "message": str(exc)[:2000]}}
else:
    want = expected() if "expected" in globals() else got
    result = {{"answer": repr(got)[:2000], "right": got == want, "want": repr(want)[:2000]}}
result["cpu"] = time.process_time() - start
result["peak_mb"] = peak_mb()
print()
print(json.dumps(result))
"""

#: Every budget of gamelab.engine at a tenth of its default: a refusal takes the same path
#: whatever the budget, so the refusal tests run here (each default is tested once, in
#: tests/test_engine.py and tests/test_budget_determinism.py).
TENTH = """
from gamelab import _internal, engine
engine.SEARCH_LIMIT = _internal.DEFAULT_SEARCH_LIMIT // 10
engine.OPTION_LIMIT = _internal.DEFAULT_OPTION_LIMIT // 10
engine.SEARCH_WORK = _internal.DEFAULT_SEARCH_WORK // 10
engine.SEARCH_SECONDS = _internal.DEFAULT_SEARCH_SECONDS / 10
"""


def lower_to_a_tenth(monkeypatch):
    """Lower every budget of gamelab.engine to a tenth of its default for one test (the
    in-process form of :data:`TENTH`; ``monkeypatch`` puts them back afterwards)."""
    from gamelab import _internal, engine
    monkeypatch.setattr(engine, "SEARCH_LIMIT", _internal.DEFAULT_SEARCH_LIMIT // 10)
    monkeypatch.setattr(engine, "OPTION_LIMIT", _internal.DEFAULT_OPTION_LIMIT // 10)
    monkeypatch.setattr(engine, "SEARCH_WORK", _internal.DEFAULT_SEARCH_WORK // 10)
    monkeypatch.setattr(engine, "SEARCH_SECONDS", _internal.DEFAULT_SEARCH_SECONDS / 10)


def run_limited(code, budget=""):
    """Run one case in a fresh interpreter: its JSON result, or a failure message (a string)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    prog = HARNESS.format(mem=MEMORY_LIMIT, cpu=CPU_LIMIT, budget=budget,
                          code=textwrap.dedent(code))
    try:
        done = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True,
                              timeout=WALL_LIMIT, env=env)
    except subprocess.TimeoutExpired:
        return f"no answer and no refusal within {WALL_LIMIT} s of wall-clock time"
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return f"no answer and no refusal within {CPU_LIMIT} s of CPU time"
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-4:])
        return f"the call failed badly (exit {done.returncode}):\n{tail}"
    lines = done.stdout.strip().splitlines()
    return json.loads(lines[-1]) if lines else "the case printed no result"


def assert_default_budget():
    """Fail unless gamelab.engine's budget is at its defaults (nothing raised or lowered)."""
    from gamelab import _internal, engine
    assert engine.SEARCH_WORK == _internal.DEFAULT_SEARCH_WORK
    assert engine.SEARCH_LIMIT == _internal.DEFAULT_SEARCH_LIMIT
    assert engine.OPTION_LIMIT == _internal.DEFAULT_OPTION_LIMIT
    assert engine.SEARCH_SECONDS == _internal.DEFAULT_SEARCH_SECONDS
