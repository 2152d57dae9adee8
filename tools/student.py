"""The student edition of the course: the notebooks without their solutions.

Usage: python tools/student.py [--out build/student] [notebooks/*.ipynb ...]

The committed notebooks are the teacher's edition.  The student edition
(course-wide exercise format, see CONTRIBUTING.md):

* replaces every region from a ``### BEGIN SOLUTION`` line to the next
  ``### END SOLUTION`` line (both included) by a stub at the indentation of
  the BEGIN line: ``raise NotImplementedError("your code here")`` when it is
  indented (inside a function), ``# your code here`` at top level;
* clears the outputs (and execution count) of every cell that contained such
  a region, and of every check cell (``check(...)``), whose saved report
  belongs to the teacher's answer;
* drops the markdown cells tagged ``solution`` (the solution prose).

Everything else (statements, checks, lecture cells and their outputs) is
kept as it is.  Markers must come in balanced, unnested pairs inside code
cells; anything else is a :class:`SolutionMarkerError` naming the notebook
and the cell.  Output: ``<out>/notebooks/NN_*.ipynb`` and
``<out>/gamelab-student.zip`` (the same notebooks, to hand out).  The
notebooks need nothing but gamelab installed with its ``course`` extra
(``pip install "gamelab[course]"``): they read no file of the repository,
and the published sequences they check against ship with the package
(:func:`gamelab.reference_sequence`), so the handout runs in any folder.
"""
from __future__ import annotations

import argparse
import copy
import pathlib
import re
import sys
import zipfile

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[1]

BEGIN = re.compile(r"^(?P<indent>[ \t]*)### BEGIN SOLUTION[ \t]*$")
END = re.compile(r"^[ \t]*### END SOLUTION[ \t]*$")
#: A cell that runs a check (``check("hdu1846", solve)``).
CHECK = re.compile(r"^[ \t]*check\(", re.M)
SOLUTION_TAG = "solution"
INDENTED_STUB = 'raise NotImplementedError("your code here")'
TOP_LEVEL_STUB = "# your code here"
ZIP_NAME = "gamelab-student.zip"


class SolutionMarkerError(ValueError):
    """Unbalanced, nested or misplaced ``### BEGIN/END SOLUTION`` markers."""


def _where(notebook, cell_index):
    return f"{notebook}, cell {cell_index}"


def solution_regions(source, *, notebook="<notebook>", cell_index=0):
    """The solution regions of a cell's source, as ``(begin, end, indent)`` line numbers.

    ``begin`` and ``end`` are the 0-based lines of the BEGIN and END markers.

    >>> solution_regions("x = ...\\n### BEGIN SOLUTION\\nx = 7\\n### END SOLUTION")
    [(1, 3, '')]
    """
    regions = []
    opened = None
    for i, line in enumerate(source.splitlines()):
        m = BEGIN.match(line)
        if m:
            if opened is not None:
                raise SolutionMarkerError(
                    f"{_where(notebook, cell_index)}: nested '### BEGIN SOLUTION' on line {i + 1} "
                    f"(the one on line {opened[0] + 1} is still open)")
            opened = (i, m.group("indent"))
        elif END.match(line):
            if opened is None:
                raise SolutionMarkerError(
                    f"{_where(notebook, cell_index)}: '### END SOLUTION' on line {i + 1} "
                    "without a '### BEGIN SOLUTION' before it")
            regions.append((opened[0], i, opened[1]))
            opened = None
    if opened is not None:
        raise SolutionMarkerError(
            f"{_where(notebook, cell_index)}: '### BEGIN SOLUTION' on line {opened[0] + 1} "
            "is never closed by '### END SOLUTION'")
    return regions


def strip_source(source, *, notebook="<notebook>", cell_index=0):
    """``source`` with every solution region replaced by its stub.

    >>> print(strip_source("def solve(s):\\n    ### BEGIN SOLUTION\\n    return s\\n    ### END SOLUTION"))
    def solve(s):
        raise NotImplementedError("your code here")
    >>> print(strip_source("answer = ...\\n### BEGIN SOLUTION\\nanswer = 7\\n### END SOLUTION"))
    answer = ...
    # your code here
    """
    regions = solution_regions(source, notebook=notebook, cell_index=cell_index)
    if not regions:
        return source
    lines = source.splitlines()
    out = []
    last = 0
    for begin, end, indent in regions:
        out += lines[last:begin]
        out.append(indent + (INDENTED_STUB if indent else TOP_LEVEL_STUB))
        last = end + 1
    out += lines[last:]
    text = "\n".join(out)
    if source.endswith("\n"):
        text += "\n"
    return text


def is_solution_cell(cell):
    """A markdown cell tagged ``solution`` (solution prose)."""
    return cell.cell_type == "markdown" and SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def is_check_cell(cell):
    return cell.cell_type == "code" and bool(CHECK.search(cell.source))


def student_notebook(nb, *, notebook="<notebook>"):
    """The student edition of a teacher's notebook (a new notebook; ``nb`` is untouched)."""
    nb = copy.deepcopy(nb)
    cells = []
    for index, cell in enumerate(nb.cells):
        regions = solution_regions(cell.source, notebook=notebook, cell_index=index)
        if regions and cell.cell_type != "code":
            raise SolutionMarkerError(
                f"{_where(notebook, index)}: solution markers in a {cell.cell_type} cell; "
                "solution prose goes in a markdown cell tagged 'solution'")
        if is_solution_cell(cell):
            continue
        if cell.cell_type == "code" and (regions or is_check_cell(cell)):
            cell.source = strip_source(cell.source, notebook=notebook, cell_index=index)
            cell.outputs = []
            cell.execution_count = None
        cells.append(cell)
    nb.cells = cells
    return nb


def build(notebooks, out):
    """Write the student edition of ``notebooks`` to ``out``; returns the written paths."""
    out = pathlib.Path(out)
    target = out / "notebooks"
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.ipynb"):
        old.unlink()
    written = []
    for path in notebooks:
        path = pathlib.Path(path)
        nb = nbformat.read(path, as_version=4)
        student = student_notebook(nb, notebook=path.name)
        dest = target / path.name
        nbformat.write(student, dest)
        written.append(dest)
    with zipfile.ZipFile(out / ZIP_NAME, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for dest in written:
            zf.write(dest, f"gamelab-student/notebooks/{dest.name}")
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path,
                        help="teacher notebooks (default: notebooks/*.ipynb)")
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "student")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    try:
        written = build(notebooks, args.out)
    except SolutionMarkerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"student edition: {len(written)} notebooks in {args.out / 'notebooks'}, "
          f"handout {args.out / ZIP_NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
