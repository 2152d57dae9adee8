"""A class's time limit counts CPU time: this thread's where the system has that clock,
the process's where it has not (Python in the browser, Pyodide, has no thread_time)."""
from __future__ import annotations

import importlib
import time

from gamelab.census import classes

SOLVE = importlib.import_module("gamelab.census.solve")


def test_a_class_is_solved_and_timed_without_a_thread_clock(monkeypatch):
    dawson = next(c for c in classes(2) if "0.07" in c.members)    # Dawson's Kayles
    officers = next(c for c in classes(2) if "0.6" in c.members)   # no period known
    monkeypatch.delattr(time, "thread_time", raising=False)
    try:
        reloaded = importlib.reload(SOLVE)
        row = reloaded.solve(dawson, 2**12)
        assert row["period"] == 34 and row["seconds"] >= 0       # (preperiod 52: "trivial", < 1000)
        assert reloaded.solve(officers, 2**26, seconds=0.001)["status"] == "open"
    finally:
        monkeypatch.undo()
        importlib.reload(SOLVE)
