"""Heavy things made once per test run, shared by every worker of a parallel run.

``pytest -n 2`` (pytest-xdist) runs the suite in two worker processes, each with
its own session fixtures; a site or an executed notebook that both need must
still be made once.  :func:`once_per_run` does that with a lock file under
``build/.locks`` and a stamp naming the run: the first worker to ask makes the
thing, the others wait on the lock and then reuse it.  A run is named by
pytest-xdist's ``PYTEST_XDIST_TESTRUNUID`` (the same in every worker of one run);
a run without workers gets a name of its own.
"""
from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import uuid

from gamelab_testing import ROOT

# The executed-notebook store's tool (tools/executed.py), whose file lock the tests share.
_spec = importlib.util.spec_from_file_location("executed_tool_lock", ROOT / "tools" / "executed.py")
EXECUTED = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(EXECUTED)

LOCKS = ROOT / "build" / ".locks"
#: The name of this test run: the same in every xdist worker of one run.
RUN_ID = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex


def exclusive(name):
    """Hold the lock ``name`` (a file under ``build/.locks``) across processes."""
    return EXECUTED.exclusive(LOCKS / f"{name}.lock")


def once_per_run(name, make):
    """``make()`` once in this test run, whichever worker asks first; its result (a path,
    a string, a number or a JSON-able list or dict) for every worker that asks.

    A failure is not remembered: the next worker to ask tries again and fails the same
    way, so each test that needs the thing reports the failure.
    """
    stamp = LOCKS / f"{name}.json"
    with exclusive(name):
        if stamp.exists():
            saved = json.loads(stamp.read_text())
            if saved.get("run") == RUN_ID:
                return _load(saved["result"])
        result = make()
        stamp.write_text(json.dumps({"run": RUN_ID, "result": _dump(result)}))
        return result


def _dump(value):
    if isinstance(value, pathlib.PurePath):
        return {"path": str(value)}
    return {"value": value}


def _load(saved):
    return pathlib.Path(saved["path"]) if "path" in saved else saved["value"]
