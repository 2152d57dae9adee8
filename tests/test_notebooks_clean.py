"""Every notebook is committed clean, so nbval's comparison means something."""
from __future__ import annotations

import json

import pytest

from conftest import NOTEBOOKS

NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def test_there_are_notebooks():
    assert len(NOTEBOOK_FILES) >= 2, "the course has no notebooks"


@pytest.fixture(params=NOTEBOOK_FILES, ids=lambda p: p.name)
def notebook(request):
    return request.param.name, json.loads(request.param.read_text())


def code_cells(nb):
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def test_execution_counts_in_order(notebook):
    name, nb = notebook
    counts = [c["execution_count"] for c in code_cells(nb) if "".join(c["source"]).strip()]
    assert counts == list(range(1, len(counts) + 1)), f"{name}: re-run `make notebooks`"


def test_no_error_outputs(notebook):
    name, nb = notebook
    for c in code_cells(nb):
        for out in c.get("outputs", []):
            assert out["output_type"] != "error", f"{name}: error output in {''.join(c['source'])[:80]!r}"
            assert out.get("name") != "stderr", f"{name}: stderr output in {''.join(c['source'])[:80]!r}"


def test_no_widget_state_no_timings(notebook):
    name, nb = notebook
    assert "widgets" not in nb["metadata"], f"{name}: saved widget state"
    for c in code_cells(nb):
        assert "execution" not in c["metadata"], f"{name}: timing metadata"


def test_kernelspec(notebook):
    name, nb = notebook
    assert nb["metadata"]["kernelspec"]["name"] == "python3", name


def test_widget_cells_ignore_output(notebook):
    name, nb = notebook
    for c in code_cells(nb):
        shows_widget = any(WIDGET_MIME in out.get("data", {}) for out in c.get("outputs", []))
        if shows_widget:
            assert "nbval-ignore-output" in c["metadata"].get("tags", []), (
                f"{name}: widget cell not tagged nbval-ignore-output: {''.join(c['source'])[:80]!r}")


def test_imports_gamelab_and_no_addresses(notebook):
    name, nb = notebook
    source = "\n".join("".join(c["source"]) for c in code_cells(nb))
    assert "import gamelab" in source, f"{name} does not import gamelab"
    for c in code_cells(nb):
        for out in c.get("outputs", []):
            text = json.dumps(out.get("data", {}).get("text/plain", "")) + "".join(out.get("text", ""))
            assert " at 0x" not in text, f"{name}: an output shows a memory address"
