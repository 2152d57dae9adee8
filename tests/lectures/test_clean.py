"""Every notebook is committed clean, so nbval's comparison means something."""
from __future__ import annotations

import ast
import json
import sys

import pytest

from gamelab_testing import NOTEBOOKS

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


def test_every_widget_cell_has_a_static_twin(notebook):
    name, nb = notebook
    cells = nb["cells"]
    for i, c in enumerate(cells):
        if "nbval-ignore-output" in c["metadata"].get("tags", []):
            after = [d for d in cells[i + 1:i + 3] if d["cell_type"] == "code"]
            assert after and "nbval-ignore-output" not in after[0]["metadata"].get("tags", []), (
                f"{name}, cell {i}: a widget cell needs its static twin right after it")
            assert after[0]["outputs"], f"{name}, cell {i}: the static twin shows something"


def test_imports_gamelab_and_no_addresses(notebook):
    name, nb = notebook
    source = "\n".join("".join(c["source"]) for c in code_cells(nb))
    assert "import gamelab" in source, f"{name} does not import gamelab"
    for c in code_cells(nb):
        for out in c.get("outputs", []):
            text = json.dumps(out.get("data", {}).get("text/plain", "")) + "".join(out.get("text", ""))
            assert " at 0x" not in text, f"{name}: an output shows a memory address"


# -- what a lecture imports -----------------------------------------------------------

#: Every lecture (``NN_*.ipynb``; the course map is a tool, not a lecture).
LECTURE_FILES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
#: The gamelab imports a lecture may write: the package, then everything as
#: ``gl.<name>``, ``gl.widgets.<name>``, ``gl.display.<name>`` and
#: ``gl.exercises.<name>``, and the exercise checks.
GAMELAB_IMPORTS = {"import gamelab as gl", "from gamelab.exercises.check import check",
                   "from gamelab.exercises.check import check, run_program"}
#: Besides the standard library, a lecture imports only these.
THIRD_PARTY = {"numpy", "matplotlib", "ipywidgets"}


def _imports(nb):
    """``(cell index, import statement)`` for every import in the code cells."""
    found = []
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        lines = "".join(cell["source"]).split("\n")
        # magics (%matplotlib inline) and shell lines are not Python
        source = "\n".join("#" + line if line.lstrip().startswith(("%", "!")) else line
                           for line in lines)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append((index, node))
    return found


def _gamelab_paths(node):
    if isinstance(node, ast.ImportFrom):
        return [node.module] if (node.module or "").split(".")[0] == "gamelab" else []
    return [a.name for a in node.names if a.name.split(".")[0] == "gamelab"]


@pytest.mark.parametrize("path", LECTURE_FILES, ids=lambda p: p.name)
def test_a_lecture_imports_gamelab_as_gl_and_the_checks_only(path):
    nb = json.loads(path.read_text())
    for index, node in _imports(nb):
        statement = ast.unparse(node)
        if _gamelab_paths(node):
            assert statement in GAMELAB_IMPORTS, (
                f"{path.name}, cell {index}: {statement!r}; a lecture writes `import gamelab as gl` "
                "and reaches everything as gl.X, gl.widgets.X, gl.display.X, gl.exercises.X "
                "(the checks: `from gamelab.exercises.check import check, run_program`)")
            continue
        modules = ([node.module] if isinstance(node, ast.ImportFrom)
                   else [a.name for a in node.names])
        for module in modules:
            top = (module or "").split(".")[0]
            assert top in sys.stdlib_module_names or top in THIRD_PARTY, (
                f"{path.name}, cell {index}: {statement!r} imports {module!r}, which is neither "
                f"the standard library nor one of {sorted(THIRD_PARTY)}")


def test_the_lectures_use_at_most_two_gamelab_import_paths():
    paths = {p for path in LECTURE_FILES for _, node in _imports(json.loads(path.read_text()))
             for p in _gamelab_paths(node)}
    assert paths <= {"gamelab", "gamelab.exercises.check"}, sorted(paths)


@pytest.mark.parametrize("path", LECTURE_FILES, ids=lambda p: p.name)
def test_a_lecture_reads_no_file_of_the_repository(path):
    """The lectures run wherever gamelab is installed: the data they use ship with
    the package (``gl.reference_sequence``), never a path into a clone."""
    nb = json.loads(path.read_text())
    for index, cell in enumerate(code_cells(nb)):
        source = "".join(cell["source"])
        for needle in ("../", "..\\", "tests/data", "pathlib"):
            assert needle not in source, f"{path.name}, code cell {index}: {needle!r}"
