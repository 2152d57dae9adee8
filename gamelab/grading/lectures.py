"""What a lecture asks: its check calls and its answer cells, read from the teacher's notebook.

Nothing here runs a notebook.  Code cells are read with :mod:`ast` (after
IPython's own translation of ``%magic`` lines into Python), so a check is
found wherever it sits in a cell and however it is spelled::

    check("ex-00-1", answer)

gives the exercise ``"ex-00-1"``, checked on the expression ``answer``.  The
markdown cells tagged ``answer`` with metadata
``{"gamelab": {"exercise": "0.4"}}`` are the answers marked by hand; until
the student writes in one it holds :data:`PLACEHOLDER` (in a translated
notebook, the translation's placeholder: :data:`PLACEHOLDERS`, see
:func:`is_placeholder`).

>>> check_calls('x = 1\\ncheck("ex-00-1", answer)\\ncheck("hdu2147", solve)')
[('ex-00-1', 'answer'), ('hdu2147', 'solve')]
>>> check_calls("%matplotlib inline\\ncheck('ex-00-3', kiki_loses)")
[('ex-00-3', 'kiki_loses')]
"""
from __future__ import annotations

import ast
import dataclasses
import pathlib
import re

import nbformat
from IPython.core.inputtransformer2 import TransformerManager

__all__ = ["PLACEHOLDER", "PLACEHOLDERS", "is_placeholder", "ANSWER_TAG",
           "Exercise", "Lecture", "check_calls", "checked_ids", "bound_names", "gamelab_names",
           "answer_cells", "read_lecture", "course_lectures", "find_lecture"]

#: The text of an answer cell the student has not written in yet, in each language of
#: the course (the translated notebooks' own, ``locales/``).
PLACEHOLDERS = {"en": "*Your answer here.*", "zh_CN": "*在此作答。*"}
#: The English one.
PLACEHOLDER = PLACEHOLDERS["en"]
#: The tag of a markdown answer cell (an exercise marked by hand).
ANSWER_TAG = "answer"

_TRANSLATE = TransformerManager()
#: A check call in a cell that is not valid Python (the fallback of :func:`checked_ids`).
_CHECK_TEXT = re.compile(r"""\bcheck\(\s*(?P<q>["'])(?P<id>[^"'\n]+)(?P=q)""")


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One checked exercise of a lecture: its id, the expression checked, the cell."""

    id: str
    expression: str
    cell: int


@dataclasses.dataclass(frozen=True)
class Lecture:
    """A teacher's notebook: its name (the file's stem), path, checks and answer cells."""

    name: str
    path: pathlib.Path
    exercises: tuple[Exercise, ...]
    by_hand: tuple[str, ...]

    @property
    def filename(self) -> str:
        return self.path.name


def _python(source: str) -> ast.Module | None:
    """A code cell as a Python syntax tree, or ``None`` when it is not Python."""
    try:
        return ast.parse(_TRANSLATE.transform_cell(source))
    except (SyntaxError, ValueError):
        return None


def check_calls(source: str) -> list[tuple[str, str]]:
    """``[(exercise id, expression)]`` of every ``check(id, expression)`` in a cell, in order.

    Only calls of the name ``check`` with a string literal and one more
    argument count; a cell that is not valid Python has none.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    tree = _python(source)
    if tree is None:
        return []
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "check" and len(node.args) == 2 and not node.keywords
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.append((node.lineno, node.col_offset, node.args[0].value,
                          ast.unparse(node.args[1])))
    return [(eid, expr) for _, _, eid, expr in sorted(found)]


def checked_ids(source: str) -> list[str]:
    """The exercise ids a cell checks: those of :func:`check_calls`, or, in a
    cell that is not valid Python, every ``check("<id>"`` in its text."""
    if _python(source) is None:
        return [m.group("id") for m in _CHECK_TEXT.finditer(source)]
    return [eid for eid, _ in check_calls(source)]


def _targets(node) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [name for item in node.elts for name in _targets(item)]
    if isinstance(node, ast.Starred):
        return _targets(node.value)
    return []


def bound_names(source: str) -> set[str]:
    """The names a cell binds at its top level: ``def``, ``class``, assignments, imports.

    >>> sorted(bound_names("def solve(t):\\n    x = 1\\na, (b, *c) = f()\\nimport numpy as np"))
    ['a', 'b', 'c', 'np', 'solve']
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    tree = _python(source)
    names: set[str] = set()
    for node in tree.body if tree is not None else []:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(n for t in node.targets for n in _targets(t))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            names.update(_targets(node.target))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def gamelab_names(source: str, context: str = "") -> set[str]:
    """What of gamelab a cell's code uses: ``gl.outcome``, ``gl.Bash``, ``grundy`` …

    A name counts when it is an attribute of a name bound to gamelab or one of its
    modules (``import gamelab as gl``, ``from gamelab import games``), or a name
    imported from gamelab, by ``source`` itself or by ``context`` (the notebook's
    other code, where the imports usually are).

    >>> sorted(gamelab_names("def f(n):\\n    return gl.outcome(gl.Bash(3), n)",
    ...                      "import gamelab as gl\\nfrom gamelab import grundy"))
    ['gl.Bash', 'gl.outcome']
    >>> sorted(gamelab_names("x = grundy(g, 5) + len(y)", "from gamelab import grundy"))
    ['grundy']
    """
    modules, names = set(), set()
    for tree in (_python(context), _python(source)):
        for node in ast.walk(tree) if tree is not None else []:
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == "gamelab" or a.name.startswith("gamelab."):
                        modules.add(a.asname or a.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                    node.module == "gamelab" or node.module.startswith("gamelab.")):
                names.update(a.asname or a.name for a in node.names)
    tree = _python(source)
    used = set()
    for node in ast.walk(tree) if tree is not None else []:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in modules | names:
            used.add(f"{node.value.id}.{node.attr}")
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in names:
            used.add(node.id)
    return used


def _exercise_label(cell, index: int) -> str:
    meta = cell.get("metadata", {}).get("gamelab", {})
    label = meta.get("exercise") if isinstance(meta, dict) else None
    return str(label) if label not in (None, "") else f"cell {index + 1}"


def is_placeholder(text: str) -> bool:
    """Whether an answer cell's text is still the placeholder (in any language of the course).

    >>> is_placeholder("*Your answer here.*"), is_placeholder(" *在此作答。* "), is_placeholder("x")
    (True, True, False)
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return text.strip() in PLACEHOLDERS.values()


def answer_cells(nb) -> list[tuple[str, str]]:
    """``[(exercise, text)]`` of the notebook's markdown cells tagged ``answer``, in order.

    The exercise is the cell's ``gamelab.exercise`` metadata (``"0.4"``), or
    ``"cell N"`` for an answer cell that names none.
    """
    found = []
    for index, cell in enumerate(nb.cells):
        tags = cell.get("metadata", {}).get("tags", [])
        if cell.get("cell_type") == "markdown" and isinstance(tags, list) and ANSWER_TAG in tags:
            found.append((_exercise_label(cell, index), cell.get("source", "")))
    return found


def read_lecture(path) -> Lecture:
    """The checks and by-hand answers of the teacher's notebook at ``path``.

    An exercise checked twice counts once (its first check).

    Raises
    ------
    ValueError
        If ``path`` is not a readable notebook.
    """
    path = pathlib.Path(path)
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as exc:  # nbformat raises many kinds for a broken file
        raise ValueError(f"notebooks: {path} is not a readable notebook ({exc})") from None
    exercises, seen = [], set()
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for eid, expression in check_calls(cell.source):
            if eid not in seen:
                seen.add(eid)
                exercises.append(Exercise(eid, expression, index))
    by_hand = list(dict.fromkeys(label for label, _ in answer_cells(nb)))
    return Lecture(path.stem, path, tuple(exercises), tuple(by_hand))


def course_lectures(folder) -> dict[str, Lecture]:
    """``{name: Lecture}`` of every teacher's notebook in ``folder``, sorted by name.

    Raises
    ------
    ValueError
        If ``folder`` is not a folder or holds no notebook.
    """
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise ValueError(f"notebooks: {str(folder)!r} is not a folder "
                         "(give the folder of the teacher's notebooks)")
    paths = sorted(folder.glob("*.ipynb"))
    if not paths:
        raise ValueError(f"notebooks: {str(folder)!r} holds no notebook (*.ipynb)")
    return {p.stem: read_lecture(p) for p in paths}


def find_lecture(name: str, lectures) -> str:
    """The lecture ``name`` means: its full name (``"05_wythoff"``), file name
    (``"05_wythoff.ipynb"``) or number (``"05"``, ``"5"``).

    >>> find_lecture("5", ["00_impartial_games", "05_wythoff"])
    '05_wythoff'

    Raises
    ------
    TypeError, ValueError
        If ``name`` is not a str, or no lecture, or more than one, has that name.
    """
    if not isinstance(name, str):
        raise TypeError(f"lecture must be a str, got {type(name).__name__}")
    if not name.strip():
        raise ValueError("lecture must name a lecture, got an empty string")
    names = sorted(lectures)
    wanted = name.strip().removesuffix(".ipynb")
    if wanted in names:
        return wanted
    if wanted.isdigit():
        matches = [n for n in names if n.split("_", 1)[0].isdigit()
                   and int(n.split("_", 1)[0]) == int(wanted)]
        if len(matches) == 1:
            return matches[0]
    raise ValueError(f"lecture: {name!r} is not a lecture of the course; "
                     f"the lectures are {', '.join(names)}")
