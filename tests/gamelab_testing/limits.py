"""One call in a fresh interpreter under CPU-time and memory limits (the robustness harness).

``run_limited(code)`` runs ``code`` (defining ``call()`` and optionally ``expected()``)
with ``RLIMIT_CPU`` and ``RLIMIT_AS`` set, and returns its JSON result: ``answer``/``right``,
``refused`` (TypeError/ValueError) with its ``message``, or ``escaped`` (any other
exception); or a string saying why there is no result (out of time, a crash).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

CPU_LIMIT = 30            # seconds of CPU time per case: a backstop, never asserted on
WALL_LIMIT = 300
MEMORY_LIMIT = 2 * 2**30  # bytes of address space

HARNESS = """
import json, resource
resource.setrlimit(resource.RLIMIT_AS, ({mem}, {mem}))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu} + 5))
import gamelab as gl

{code}

try:
    got = call()
except (TypeError, ValueError) as exc:
    result = {{"refused": type(exc).__name__, "message": str(exc)}}
except BaseException as exc:
    result = {{"escaped": type(exc).__name__, "message": str(exc)[:2000]}}
else:
    want = expected() if "expected" in globals() else got
    result = {{"answer": repr(got)[:2000], "right": got == want, "want": repr(want)[:2000]}}
print()
print(json.dumps(result))
"""


def run_limited(code):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    prog = HARNESS.format(mem=MEMORY_LIMIT, cpu=CPU_LIMIT, code=textwrap.dedent(code))
    try:
        done = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True,
                              timeout=WALL_LIMIT, env=env)
    except subprocess.TimeoutExpired:
        return f"no answer and no refusal within {WALL_LIMIT} s of wall-clock time"
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return f"no answer and no refusal within {CPU_LIMIT} s of CPU time"
    if done.returncode != 0:
        return f"the call failed badly (exit {done.returncode}): {done.stderr[-800:]}"
    lines = done.stdout.strip().splitlines()
    return json.loads(lines[-1]) if lines else "the case printed no result"
