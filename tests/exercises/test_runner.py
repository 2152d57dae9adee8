"""gamelab.exercises.runner: standalone programs, run by ``run_program`` and ``run_source``;
their output, CPU time and wall-clock time are capped, and what stops them is reported."""
from __future__ import annotations

import pytest

from gamelab.exercises import check as ck
from gamelab.exercises import runner


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
