"""gamelab.exercises.runner: standalone programs, run by ``run_program`` and ``run_source``;
their output, CPU time and wall-clock time are capped, and what stops them is reported."""
from __future__ import annotations

import sys

import pytest

from gamelab.exercises import check as ck
from gamelab.exercises import runner
from gamelab_testing import lecture_programs


def run(program, exercise_id="hdu1846", further=0, capsys=None):
    ok = ck.run_program(program, exercise_id, further=further)
    return ok, capsys.readouterr().out


def test_a_program_that_floods_its_output_is_stopped(capsys):
    ok, out = run("while True:\n    print('first' * 1000)\n", capsys=capsys)
    assert not ok
    assert f"✗ the program printed more than {runner.OUTPUT_LIMIT} bytes; it was stopped" in out
    assert "more lines)" in out and len(out) < 400_000     # what is shown is cut short too
    ok, out = run("import sys\nwhile True:\n    sys.stderr.write('x' * 4096)\n", capsys=capsys)
    assert not ok and "printed more than" in out


def test_a_program_that_never_ends_is_stopped(capsys, monkeypatch):
    monkeypatch.setattr(runner, "CPU_LIMIT", 1)
    ok, out = run("while True:\n    pass\n", capsys=capsys)
    assert not ok and "the program used more than 1 s of CPU time; it was stopped" in out
    monkeypatch.setattr(runner, "TIMEOUT", 1)
    ok, out = run("import time\ntime.sleep(60)\n", capsys=capsys)
    assert not ok and "the program ran longer than 1 s; it was stopped" in out


def test_a_program_that_exits_with_a_status_fails(capsys):
    ok, out = run("import sys\nsys.exit(3)\n", capsys=capsys)
    assert not ok and "the program exited with status 3" in out
    ok, out = run("print(1 / 0)\n", capsys=capsys)
    assert not ok and "✗ the program failed: ZeroDivisionError: division by zero" in out


def test_the_first_generated_case_that_fails_is_reported(capsys):
    sample_in, sample_out = ck.official_sample("hdu1846")
    program = (f"import sys\nif sys.stdin.read() == {sample_in!r}:\n"
               f"    print({sample_out!r}, end='')\nelse:\n"
               "    while True:\n        print('x' * 1000)\n")
    ok, out = run(program, further=3, capsys=capsys)
    assert not ok
    assert "✓ matches the official output." in out
    assert "✗ on generated case 1 of 3 (input: " in out and "printed more than" in out


def test_run_source_arguments():
    with pytest.raises(TypeError, match="source"):
        runner.run_source(b"print(1)", "")
    with pytest.raises(TypeError, match="stdin"):
        runner.run_source("print(1)", None)
    with pytest.raises(ValueError, match="timeout"):
        runner.run_source("print(1)", "", timeout=0)
    with pytest.raises(ValueError, match="output_limit"):
        runner.run_source("print(1)", "", output_limit=True)
    done = runner.run_source("print(input()[::-1])", "olleh\n", output_limit=3)
    assert done.failure.startswith("the program printed more than 3 bytes")
    assert done.output == "hel"
    assert runner.run_source("print(input()[::-1])", "olleh\n") == runner.ProgramRun("hello\n", "")


@pytest.mark.parametrize("program", ["", "\n  \n"])
def test_an_empty_program_is_not_answered_yet(program, capsys):
    ok, out = run(program, further=5, capsys=capsys)
    assert not ok
    assert out == "✗ hdu1846: not answered yet.\n"


# In the browser (Pyodide) no process can start: the same programs run in this interpreter.
def _no_process(*args, **kwargs):
    raise OSError("no process can be started here")


@pytest.fixture
def in_process(monkeypatch):
    monkeypatch.setattr(runner, "IN_PROCESS", True)
    monkeypatch.setattr(runner.subprocess, "Popen", _no_process)


@pytest.mark.parametrize("source, stdin", [
    ("print(int(input()) * 2)", "21\n"),
    ("import sys\nfor line in sys.stdin:\n    print(line.strip()[::-1])\n", "abc\nxyz\n"),
    ("import sys\nprint('out')\nsys.exit(0)\nprint('never')\n", ""),
    ("import sys\nsys.exit(3)\n", ""),
    ("print(1 / 0)\n", ""),
    ("def f(:\n", ""),
    ("print(input())\n", ""),
    ("if __name__ == '__main__':\n    print('main', end='')\n", ""),
])
def test_in_process_runs_match_a_child_process(source, stdin, monkeypatch):
    child = runner.run_source(source, stdin)
    monkeypatch.setattr(runner, "IN_PROCESS", True)
    monkeypatch.setattr(runner.subprocess, "Popen", _no_process)
    here = runner.run_source(source, stdin)
    assert here.output == child.output
    assert here.failure.split(":")[0] == child.failure.split(":")[0]
    assert here.failure.splitlines()[-1:] == child.failure.splitlines()[-1:] or "SyntaxError" in child.failure


def test_in_process_limits(in_process, monkeypatch, capsys):
    done = runner.run_source("while True:\n    print('x' * 100)\n", "", output_limit=1000)
    assert done.failure == "the program printed more than 1000 bytes; it was stopped"
    assert len(done.output) == 1000
    done = runner.run_source("try:\n    while True:\n        pass\nexcept Exception:\n    print('caught')\n",
                             "", timeout=1)
    assert done == runner.ProgramRun("", "the program ran longer than 1 s; it was stopped")
    ok, out = run("n = int(input())\n", capsys=capsys)
    assert not ok and "✗" in out
    sample_in, sample_out = ck.official_sample("hdu1846")
    ok, out = run(f"import sys\nsys.stdin.read()\nprint({sample_out!r}, end='')\n", capsys=capsys)
    assert ok and "✓ matches the official output." in out


def test_in_process_leaves_the_interpreter_as_it_was(in_process):
    before = (sys.stdin, sys.stdout, sys.argv, sys.gettrace())
    runner.run_source("import sys\nsys.argv.append('x')\nprint(sys.argv)\n", "")
    runner.run_source("raise KeyboardInterrupt if False else ValueError('v')\n", "")
    assert (sys.stdin, sys.stdout, sys.argv, sys.gettrace()) == before


@pytest.mark.parametrize("source, stdin", [
    # contest programs read and write bytes
    ("import sys\ndata = sys.stdin.buffer.read().split()\n"
     "sys.stdout.write(str(sum(map(int, data))) + '\\n')\n", "1 2\n3\n"),
    ("import sys\nprint('text', end=' ')\nsys.stdout.buffer.write(b'bytes ')\n"
     "sys.stdout.write('text again\\n')\nsys.stdout.buffer.write('\u6570\\n'.encode())\n", ""),
    ("import sys\nsys.stdout.buffer.write('no bytes')\n", ""),
    ("import sys\nsys.stdout.buffer.write(5)\n", ""),
    ("import sys\nprint(sys.stdin.readline().strip(), repr(sys.stdin.read()))\n", "a\r\nb\r\n"),
    ("import sys\nprint('to stderr', file=sys.stderr)\nsys.stderr.buffer.write(b'x')\nprint('out')\n", ""),
    ('def f():\n    "its docstring"\n    return 1\nprint(f.__doc__, f())\n', ""),
    ("class A:\n    def __init__(self):\n        self.__x = 2\n    def get(self):\n"
     "        for _ in range(3):\n            pass\n        return self.__x\nprint(A().get())\n", ""),
])
def test_in_process_streams_match_a_child_process(source, stdin, monkeypatch):
    child = runner.run_source(source, stdin)
    monkeypatch.setattr(runner, "IN_PROCESS", True)
    monkeypatch.setattr(runner.subprocess, "Popen", _no_process)
    here = runner.run_source(source, stdin)
    assert here == child


@pytest.mark.parametrize("source", [
    "import itertools\nfor i in itertools.count():\n    pass\n",                   # a for loop
    "def f(n):\n    return 1 if n == 0 else f(n - 1) + f(n - 1)\nprint(f(80))\n",  # calls alone
    "while True:\n    try:\n        while True:\n            pass\n"                # a program that
    "    except BaseException:\n        pass\n",                                     # catches the stop
    "def g():\n    while True:\n        yield 1\nprint(sum(g()))\n",                 # a generator
    "f = lambda n: 1 if n == 0 else f(n - 1) + f(n - 1)\nprint(f(80))\n",         # a lambda
    "print(sum(1 for _ in iter(int, 1)))\n",                                      # a comprehension
    "print(len({x: [y for y in iter(int, 1)] for x in range(3)}))\n",
])
def test_in_process_programs_that_never_end_are_stopped(source, in_process):
    assert runner.run_source(source, "", timeout=1) == runner.ProgramRun(
        "", "the program ran longer than 1 s; it was stopped")


PROGRAMS = lecture_programs()


def test_every_lecture_with_a_judge_problem_has_its_programs_here():
    assert len({lecture for lecture, _, _ in PROGRAMS}) >= 10 and len(PROGRAMS) >= 20


@pytest.mark.parametrize("lecture, problem, source", PROGRAMS,
                         ids=[f"{lecture[:2]}-{problem}" for lecture, problem, _ in PROGRAMS])
def test_every_lecture_program_passes_its_check_in_the_browser_path(lecture, problem, source,
                                                                      in_process, capsys):
    ok, out = run(source, problem, further=1, capsys=capsys)
    assert ok, out
