"""Running a standalone stdin → stdout program under limits, as a judge does.

:func:`run_source` runs a Python program in a fresh interpreter on one input
and returns what it printed, or why it was stopped: it ran longer than
:data:`TIMEOUT` seconds, used more than :data:`CPU_LIMIT` seconds of CPU time,
printed more than :data:`OUTPUT_LIMIT` bytes (it is stopped at once, so a
program that prints forever costs no memory), or failed (the last line of its
error).  Limits of CPU time and memory are set with :mod:`resource` where
the system has it.

In the browser (Pyodide, ``sys.platform == "emscripten"``) no process can be
started, so the program runs in the kernel's own interpreter instead, with
the same behaviour on standard input and output: ``input()`` and
``sys.stdin`` read ``stdin``, what it prints is captured under the same
output limit (``sys.stdin.buffer`` and ``sys.stdout.buffer`` too), ``sys.exit``
ends it, and it is stopped once it has run for :data:`TIMEOUT` seconds (there
is no separate CPU clock there).  The clock is read from every loop body,
function body, lambda and comprehension step of the program, put there when
it is compiled, which costs a program far less than a trace function would.

Examples
--------
>>> run_source("print(int(input()) * 2)", "21\\n")
ProgramRun(output='42\\n', failure='')
>>> run_source("while True: print('spam')", "").failure
'the program printed more than 1000000 bytes; it was stopped'
"""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import io
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

from ..i18n import gettext as _, gettext_noop as N_

__all__ = ["ProgramRun", "run_source", "TIMEOUT", "CPU_LIMIT", "OUTPUT_LIMIT", "MEMORY_LIMIT",
           "IN_PROCESS"]

#: Seconds of wall-clock time a program may take on one input (it may be waiting).
TIMEOUT = 20
#: Seconds of CPU time a program may use on one input.
CPU_LIMIT = 10
#: Bytes a program may print (standard output and standard error each).
OUTPUT_LIMIT = 1_000_000
#: Bytes of address space a program may use.
MEMORY_LIMIT = 2 * 2**30

#: True where programs run in this interpreter rather than a child process (the browser).
IN_PROCESS = sys.platform == "emscripten"

_CHUNK = 1 << 16
#: The in-process clock is read once per this many loop turns and function calls.
_TICK_STRIDE = 4096
#: The name, in an in-process program's globals, of what counts its loop turns and calls.
_TICK = "__gamelab_tick__"
_POSIX = hasattr(os, "killpg")
#: The failures a check reports (English here, in the language of the moment when reported).
_PRINTED_TOO_MUCH = N_("the program printed more than {limit} bytes; it was stopped")
_RAN_TOO_LONG = N_("the program ran longer than {timeout} s; it was stopped")
_FAILED = N_("the program failed: {error}")
_EXITED = N_("the program exited with status {status}")

# Sets the limits, then runs the program as ``python solution.py`` would.
_LAUNCHER = """\
import runpy, sys
try:
    import resource
except ImportError:  # no resource module on this system: no CPU or memory limit
    resource = None
if resource is not None:
    for which, value in ((resource.RLIMIT_CPU, int(sys.argv[1])),
                         (resource.RLIMIT_AS, int(sys.argv[2]))):
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        if soft == resource.RLIM_INFINITY or value < soft:
            resource.setrlimit(which, (value, hard))
path = sys.argv[3]
sys.argv = [path]
runpy.run_path(path, run_name="__main__")
"""


@dataclasses.dataclass(frozen=True, repr=False)
class ProgramRun:
    """What a program did on one input: its standard output, and ``failure``
    (``""`` when it ended normally, else why it failed or was stopped)."""

    output: str
    failure: str

    def __repr__(self):
        shown = self.output if len(self.output) <= 70 else self.output[:69] + "…"
        return f"ProgramRun(output={shown!r}, failure={self.failure!r})"


def _check_int(value, name):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    return value


def run_source(source: str, stdin: str, *, timeout: int | None = None,
               cpu_limit: int | None = None, output_limit: int | None = None) -> ProgramRun:
    """Run the Python program ``source`` with ``stdin`` as its standard input.

    Parameters
    ----------
    source : str
        The program's source.
    stdin : str
        Its whole standard input.
    timeout, cpu_limit, output_limit : int, optional
        Seconds of wall-clock time, seconds of CPU time and bytes of output
        allowed (default :data:`TIMEOUT`, :data:`CPU_LIMIT`, :data:`OUTPUT_LIMIT`).

    Returns
    -------
    ProgramRun
        The output (at most ``output_limit`` bytes, decoded as UTF-8) and
        the failure: ``""``, or a sentence such as ``"the program ran longer
        than 20 s; it was stopped"``, ``"the program printed more than 1000000
        bytes; it was stopped"`` or ``"the program failed: "`` and the last
        line of its traceback.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    if not isinstance(stdin, str):
        raise TypeError(f"stdin must be a str, got {type(stdin).__name__}")
    for name, text in (("source", source), ("stdin", stdin)):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as err:
            raise ValueError(f"{name} must be text that UTF-8 can hold: it has a lone surrogate "
                             f"U+{ord(text[err.start]):04X} at position {err.start}") from None
    timeout = _check_int(TIMEOUT if timeout is None else timeout, "timeout")
    cpu_limit = _check_int(CPU_LIMIT if cpu_limit is None else cpu_limit, "cpu_limit")
    output_limit = _check_int(OUTPUT_LIMIT if output_limit is None else output_limit,
                              "output_limit")
    if IN_PROCESS:
        return _run_here(source, stdin, timeout, output_limit)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "solution.py"
        path.write_text(source, encoding="utf-8")
        env = dict(os.environ, PYTHONIOENCODING="utf-8")
        proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCHER, str(cpu_limit), str(MEMORY_LIMIT), str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=tmp, env=env, start_new_session=_POSIX)
        return _supervise(proc, stdin.encode("utf-8"), timeout, cpu_limit, output_limit)


def _kill(proc):
    """Stop the program and whatever it started (its own process group, on POSIX)."""
    try:
        if _POSIX:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


def _supervise(proc, data, timeout, cpu_limit, output_limit):
    flooded = threading.Event()
    out, err = bytearray(), bytearray()

    def feed():
        try:
            proc.stdin.write(data)
        except OSError:          # the program ended without reading all of its input
            pass
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass

    def drain(stream, keep, tail):
        total = 0
        while True:
            chunk = stream.read1(_CHUNK) if hasattr(stream, "read1") else stream.read(_CHUNK)
            if not chunk:
                return
            total += len(chunk)
            if tail:             # standard error: keep the end, where the error is
                keep.extend(chunk)
                del keep[:max(0, len(keep) - output_limit)]
            else:
                keep.extend(chunk[:max(0, output_limit - len(keep))])
            if total > output_limit:
                flooded.set()
                _kill(proc)
                return

    threads = [threading.Thread(target=feed, daemon=True),
               threading.Thread(target=drain, args=(proc.stdout, out, False), daemon=True),
               threading.Thread(target=drain, args=(proc.stderr, err, True), daemon=True)]
    for t in threads:
        t.start()
    timed_out = False
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill(proc)
        proc.wait()
    except BaseException:        # an interrupt from the user: stop the program too
        _kill(proc)
        proc.wait()
        raise
    if _POSIX:
        _kill(proc)              # anything the program left running in its group
    for t in threads:
        t.join(timeout=5)        # a process the program started may hold the pipes open
    for stream in (proc.stdout, proc.stderr):
        try:
            stream.close()
        except OSError:
            pass
    output = out.decode("utf-8", "replace")
    if flooded.is_set():
        return ProgramRun(output, _(_PRINTED_TOO_MUCH).format(limit=output_limit))
    if timed_out:
        return ProgramRun(output, _(_RAN_TOO_LONG).format(timeout=timeout))
    code = proc.returncode
    if code == 0:
        return ProgramRun(output, "")
    if code < 0:
        sig = -code
        if sig == getattr(signal, "SIGXCPU", None):
            why = _("the program used more than {limit} s of CPU time; "
                    "it was stopped").format(limit=cpu_limit)
        else:
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = _("signal {number}").format(number=sig)
            why = _("the program was stopped by {signal}").format(signal=name)
        return ProgramRun(output, why)
    lines = [line for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
    return ProgramRun(output, _(_FAILED).format(error=lines[-1].strip()) if lines
                      else _(_EXITED).format(status=code))


class _Stopped(BaseException):
    """Raised inside an in-process program to stop it (not an ``Exception``, so its own
    ``except Exception`` cannot catch it)."""


class _LimitedBytes(io.BufferedIOBase):
    """Where an in-process program's output goes: keeps ``limit`` bytes, then stops it."""

    def __init__(self, limit):
        super().__init__()
        self.limit, self.size, self.parts = limit, 0, []

    def writable(self):
        return True

    def write(self, data):
        try:
            data = bytes(memoryview(data))
        except TypeError:  # as a real stream words it
            raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'") from None
        room = self.limit - self.size
        self.parts.append(data[:max(0, room)])
        self.size += len(data)
        if self.size > self.limit:
            raise _Stopped(_(_PRINTED_TOO_MUCH).format(limit=self.limit))
        return len(data)

    def value(self):
        return b"".join(self.parts).decode("utf-8", "replace")


def _text_stream(binary):
    """A UTF-8 text stream over ``binary`` with a ``.buffer``, as ``sys.stdin`` and
    ``sys.stdout`` of a program have; what is written reaches ``binary`` at once."""
    return io.TextIOWrapper(binary, encoding="utf-8", newline="\n", write_through=True)


def _tick_call(where):
    return ast.copy_location(ast.Call(ast.Name(_TICK, ast.Load()), [], []), where)


class _Ticking(ast.NodeTransformer):
    """Puts a call of the in-process clock in every loop body and function body (after a
    docstring), every lambda and every comprehension's step, so that no loop or recursion
    of the program runs without reading it."""

    def _tick(self, node):
        self.generic_visit(node)
        at = 1 if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                   and ast.get_docstring(node, clean=False) is not None) else 0
        where = node.body[min(at, len(node.body) - 1)]
        node.body.insert(at, ast.copy_location(ast.Expr(_tick_call(where)), where))
        return node

    visit_For = visit_AsyncFor = visit_While = visit_FunctionDef = visit_AsyncFunctionDef = _tick

    def visit_Lambda(self, node):
        # lambda ...: tick() or body  (the clock returns None)
        self.generic_visit(node)
        node.body = ast.copy_location(ast.BoolOp(ast.Or(), [_tick_call(node.body), node.body]),
                                      node.body)
        return node

    def visit_comprehension(self, node):
        # for target in iter if not tick() if ...
        self.generic_visit(node)
        node.ifs.insert(0, ast.copy_location(ast.UnaryOp(ast.Not(), _tick_call(node.iter)),
                                             node.iter))
        return node


def _compile_ticking(source):
    """``source`` compiled as ``solution.py``, with the clock's calls put in."""
    tree = _Ticking().visit(ast.parse(source, "solution.py"))
    return compile(ast.fix_missing_locations(tree), "solution.py", "exec")


def _run_here(source, stdin, timeout, output_limit):
    """:func:`run_source` without a child process: the program runs in this interpreter."""
    out, err = _LimitedBytes(output_limit), _LimitedBytes(output_limit)
    deadline = time.monotonic() + timeout
    left = _TICK_STRIDE

    def tick():
        nonlocal left
        left -= 1
        if left <= 0:
            left = _TICK_STRIDE
            if time.monotonic() > deadline:
                left = 1  # and every later call stops it again, should it catch this one
                raise _Stopped(_(_RAN_TOO_LONG).format(timeout=timeout))

    namespace = {"__name__": "__main__", "__file__": "solution.py", "__builtins__": __builtins__,
                 _TICK: tick}
    saved_stdin, saved_argv = sys.stdin, sys.argv
    failure = ""
    try:
        code = _compile_ticking(source)
        sys.stdin, sys.argv = _text_stream(io.BytesIO(stdin.encode("utf-8"))), ["solution.py"]
        with contextlib.redirect_stdout(_text_stream(out)), \
                contextlib.redirect_stderr(_text_stream(err)):
            exec(code, namespace)
    except _Stopped as stop:
        failure = str(stop)
    except SystemExit as end:
        if end.code not in (None, 0):
            failure = (_(_EXITED).format(status=end.code) if isinstance(end.code, int)
                       else _(_FAILED).format(error=end.code))
    except Exception as error:  # the program's own error, reported as the judge would
        failure = _(_FAILED).format(error=traceback.format_exception_only(error)[-1].strip())
    finally:
        sys.stdin, sys.argv = saved_stdin, saved_argv
    return ProgramRun(out.value(), failure)
