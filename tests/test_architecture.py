"""The shape of the package: no import cycle, no borrowed private names, no
module too long to read.  Imports are read with ``ast`` (nothing is run), lazy
imports inside functions included."""
from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "gamelab"
#: "No module over about 600 lines" (a few lines of slack, no more).
MAX_LINES = 610

def module_name(path):
    parts = ["gamelab", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_package(name):
    return MODULES.get(name, pathlib.Path()).name == "__init__.py"


def resolve(importer, node):
    """The gamelab module a ``from ... import`` statement reads from (or None)."""
    if node.level == 0:
        base = node.module or ""
    else:
        package = importer if is_package(importer) else importer.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    return base if base in MODULES else None


def imports(name):
    """``[(module, imported name or None, line)]`` for every import of a gamelab module."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names if a.name in MODULES]
        elif isinstance(node, ast.ImportFrom):
            base = resolve(name, node)
            if base is None:
                continue
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.append((sub, None, node.lineno) if sub in MODULES else (base, a.name, node.lineno))
    return out


def graph():
    edges = {}
    for name in MODULES:
        targets = {m for m, _, _ in imports(name)}
        # a package's __init__ gathers its modules; a module importing the
        # package it belongs to (or the top level) is not a design dependency
        edges[name] = {m for m in targets if m != name and not name.startswith(m + ".")}
    return edges


def find_cycle(edges):
    state, stack = {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_import_reader_sees_the_package():
    edges = graph()
    assert "gamelab.engine" in edges["gamelab.heaps"]
    assert "gamelab.heaps" in edges["gamelab.games.octal"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle():
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_misere_sits_below_the_games():
    below = graph()["gamelab.misere"]
    assert not any(m == "gamelab.heaps" or m.startswith("gamelab.games") for m in below)


def borrowed_names(name):
    """Underscore names of another gamelab module that ``name`` uses."""
    found = []
    for module, imported, line in imports(name):
        if imported and imported.startswith("_") and module != name:
            found.append(f"{name} imports {module}.{imported}")
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and resolve(name, node):
            base = resolve(name, node)
            for a in node.names:
                if f"{base}.{a.name}" in MODULES:
                    aliases[a.asname or a.name] = f"{base}.{a.name}"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES:
                    aliases[a.asname or a.name.partition(".")[0]] = a.name
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            found.append(f"{name} uses {aliases[node.value.id]}.{node.attr}")
    return sorted(set(found))


def test_the_private_name_reader_sees_borrowing(tmp_path, monkeypatch):
    tree = ast.parse("from .engine import _memo\n")
    assert resolve("gamelab.heaps", tree.body[0]) == "gamelab.engine"
    fake = tmp_path / "fake.py"
    fake.write_text("from .engine import _memo\nfrom . import loopy\nloopy._hidden()\n")
    monkeypatch.setitem(MODULES, "gamelab.fake", fake)
    assert borrowed_names("gamelab.fake") == ["gamelab.fake imports gamelab.engine._memo",
                                              "gamelab.fake uses gamelab.loopy._hidden"]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_borrows_private_names(name):
    assert borrowed_names(name) == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_too_long(name):
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines (split it by idea)"


#: the presentation layers: nothing else may import them
PRESENTATION = ("gamelab.display", "gamelab.widgets")


def test_no_game_module_imports_the_presentation():
    offenders = [f"{name} imports {m} (line {line})"
                 for name in MODULES if name.startswith("gamelab.games")
                 for m, _, line in imports(name) if m.startswith(PRESENTATION)]
    assert offenders == [], "\n".join(offenders)


def test_the_mathematics_imports_no_presentation():
    core = [name for name in MODULES
            if not name.startswith(PRESENTATION + ("gamelab.exercises",)) and name != "gamelab"]
    offenders = [f"{name} imports {m}" for name in core
                 for m, _, _ in imports(name) if m.startswith(PRESENTATION)]
    assert offenders == [], "\n".join(offenders)


def local_imports(name):
    """``[(line, module)]``: imports of gamelab modules inside a function of ``name``
    without a ``lazy:`` comment on their line saying why they must wait."""
    source = MODULES[name].read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom):
                base = resolve(name, node)
                targets = [base and next((f"{base}.{a.name}" for a in node.names
                                          if f"{base}.{a.name}" in MODULES), base)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name in MODULES]
            else:
                continue
            if any(targets) and "lazy:" not in lines[node.lineno - 1]:
                found.append((node.lineno, targets[0]))
    return sorted(set(found))


def test_the_local_import_reader_sees_them(tmp_path, monkeypatch):
    fake = tmp_path / "fake.py"
    fake.write_text("def f():\n    from .engine import grundy\n"
                    "def g():\n    from . import loopy  # lazy: only the optional part needs it\n"
                    "def h():\n    import numpy\n    from .games import nim\n")
    monkeypatch.setitem(MODULES, "gamelab.fake", fake)
    assert local_imports("gamelab.fake") == [(2, "gamelab.engine"), (7, "gamelab.games.nim")]


def test_no_function_local_import_of_another_gamelab_module():
    offenders = [f"{name}:{line} imports {module} inside a function"
                 for name in MODULES for line, module in local_imports(name)]
    assert offenders == [], "\n".join(offenders)


def test_internal_helpers_are_a_leaf():
    assert graph()["gamelab._internal"] == set()
    assert "gamelab._internal" in graph()["gamelab.engine"]
    assert "gamelab._internal" in graph()["gamelab.loopy"]
