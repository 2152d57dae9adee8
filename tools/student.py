"""The student edition of the course: the notebooks without their solutions, as a handout.

Usage: python tools/student.py [--out build/student] [--wheel WHEEL | --exercises FILE ...]
                               [--lang zh_CN] [notebooks/*.ipynb ...]

The committed notebooks are the teacher's edition.  The student edition
(course-wide exercise format, see CONTRIBUTING.md) applies these rules, cell
by cell:

* **A value to fill.**  A solution region (``### BEGIN SOLUTION`` to the next
  ``### END SOLUTION``, both lines included) right after a visible
  placeholder line such as ``answer = ...  # your answer here`` is removed,
  and nothing is added: the placeholder is the statement.
* **A function body.**  An indented region (inside a function) becomes
  ``raise NotImplementedError("...")`` at the indentation of the BEGIN line,
  with a sentence saying what to write (:data:`INDENTED_STUB`).
* **A standalone program.**  A code cell that is one solution region from
  top to bottom and runs ``run_program(PROGRAM, "<id>")`` becomes the task
  a contest programmer expects::

      PROGRAM = \"\"\"
      \"\"\"  # write a complete program: read the judge input from stdin, print the judge output
      run_program(PROGRAM, "<id>")

  (its statement is the markdown cell before it, which is not a solution).
* **A demonstration.**  Any other cell that is a solution from top to bottom
  (a table, a picture or a check of the model solution) is dropped: the
  exercise does not ask for it.
* **Other code.**  A top-level region that follows no placeholder becomes
  ``# your code here``.
* Markdown cells tagged ``solution`` (the solution prose) are dropped;
  markdown cells tagged ``answer`` (``*Your answer here.*``, metadata
  ``{"gamelab": {"exercise": "0.1"}}``) stay, for the student's explanation or
  proof, which is marked by hand.
* The outputs (and execution count) of every cell that held a solution, and
  of every check cell (``check(...)``), are cleared: they belong to the
  teacher's answer.

Everything else (statements, checks, lecture cells and their outputs) is
kept as it is.  Markers must come in balanced, unnested pairs inside code
cells; anything else is a :class:`SolutionMarkerError` naming the notebook
and the cell.

Output: ``<out>/notebooks/NN_*.ipynb`` and ``<out>/gamelab-student.zip``, the
handout.  It unpacks into one folder of its own, ``gamelab-student/``, so it
overwrites nothing where it is unpacked: ``START.md`` (what this is and how to
install it, on Linux, macOS and Windows), a small ``Makefile`` (``make lab``),
the student wheel of gamelab (sealed answer keys, no reference solutions:
``tools/student_package.py``) and ``notebooks/*.ipynb``.  The notebooks read
no file of the repository (the published sequences they check against ship
with the package, :func:`gamelab.reference_sequence`), so the handout runs
wherever that wheel is installed.

``--lang zh_CN`` makes the student edition of the translated notebooks
(``build/zh/notebooks``, written by ``python tools/i18n.py notebooks``) into
``build/zh/student``, with a Chinese ``START.md``; without ``--lang`` the
language is the notebooks' own (their ``language`` metadata).  The stubs'
sentences stay English, like the rest of the code.
"""
from __future__ import annotations

import argparse
import copy
import importlib.util
import pathlib
import re
import sys
import zipfile

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[1]

_spec = importlib.util.spec_from_file_location("gamelab_i18n_tool", ROOT / "tools" / "i18n.py")
i18n = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(i18n)

BEGIN = re.compile(r"^(?P<indent>[ \t]*)### BEGIN SOLUTION[ \t]*$")
END = re.compile(r"^[ \t]*### END SOLUTION[ \t]*$")
#: A cell that runs a check (``check("hdu1846", solve)``).
CHECK = re.compile(r"^[ \t]*check\(", re.M)
#: A visible placeholder: a name set to ``...``, with or without a comment.
PLACEHOLDER = re.compile(r"^[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*\.\.\.[ \t]*(#.*)?$")
#: The line that runs a standalone program on a judge problem.
RUN_PROGRAM = re.compile(
    r"^[ \t]*(?:assert[ \t]+)?run_program\([ \t]*PROGRAM[ \t]*,[ \t]*(['\"])(?P<id>[^'\"]+)\1[ \t]*\)", re.M)
SOLUTION_TAG = "solution"
ANSWER_TAG = "answer"
ANSWER_TEXT = i18n.HEADINGS["en"]["answer"]
INDENTED_STUB = 'raise NotImplementedError("write the body of this function: your solution replaces this line")'
TOP_LEVEL_STUB = "# your code here"
PROGRAM_STUB = ('PROGRAM = """\n"""  # write a complete program: read the judge input from stdin, '
                'print the judge output\nrun_program(PROGRAM, "{id}")')
ZIP_NAME = "gamelab-student.zip"
TOP = "gamelab-student"

MAKEFILE = """\
# The gamelab course, student edition.  `make lab` installs gamelab into .venv
# (once) and opens the notebooks in JupyterLab.  Needs Python 3.10 or newer.
PYTHON ?= python3
VENV   ?= .venv
WHEEL  := $(firstword $(wildcard gamelab-*.whl))

.PHONY: lab

lab: $(VENV)/.installed
\t$(VENV)/bin/jupyter lab notebooks

$(VENV)/.installed: $(WHEEL)
\ttest -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
\t$(VENV)/bin/python -m pip install "$(WHEEL)[course]"
\ttouch $@
"""

START = """\
# gamelab: impartial games, student edition

The lectures of the course as Jupyter notebooks (`notebooks/`), with the
exercises left for you: an answer cell to fill, then a check cell that runs
your answer on the official sample and on further cases and says what is
wrong without giving the answer away ("not answered yet" until you answer).
Explanations and proofs go in the cells that read *Your answer here.*

## Install (once)

You need Python 3.10 or newer. In this folder:

**Windows** (PowerShell or cmd; Windows has no `make`):

    py -m venv .venv
    .venv\\Scripts\\python -m pip install "{wheel}[course]"
    .venv\\Scripts\\jupyter lab notebooks

**macOS and Linux:**

    python3 -m venv .venv
    .venv/bin/python -m pip install "{wheel}[course]"
    .venv/bin/jupyter lab notebooks

or simply `make lab`, which does the same.

## Next time

Start JupyterLab again with the last line above (`.venv\\Scripts\\jupyter lab
notebooks` on Windows, `.venv/bin/jupyter lab notebooks` or `make lab`
elsewhere). Begin with `notebooks/00_impartial_games.ipynb`.
"""

START_ZH = """\
# gamelab：公平组合游戏（学生版）

本课程的各讲都是 Jupyter 笔记本（`notebooks/`），练习留给你来完成：先在答案单元格中填写，
再运行其后的检查单元格。检查会用官方样例和更多测试数据运行你的答案，指出哪里不对，
但不会泄露答案（在你作答之前，它会提示尚未作答）。解释和证明写在显示 *在此作答。* 的单元格里。

## 安装（只需一次）

需要 Python 3.10 或更高版本。在本文件夹中运行：

**Windows**（PowerShell 或 cmd；Windows 没有 `make`）：

    py -m venv .venv
    .venv\\Scripts\\python -m pip install "{wheel}[course]"
    .venv\\Scripts\\jupyter lab notebooks

**macOS 和 Linux：**

    python3 -m venv .venv
    .venv/bin/python -m pip install "{wheel}[course]"
    .venv/bin/jupyter lab notebooks

或者直接运行 `make lab`，效果相同。

## 以后再用

用上面最后一行命令再次启动 JupyterLab（Windows 上是 `.venv\\Scripts\\jupyter lab
notebooks`，其他系统上是 `.venv/bin/jupyter lab notebooks` 或 `make lab`）。
从 `notebooks/00_impartial_games.ipynb` 开始。
"""
#: ``START.md`` in each language of the course.
STARTS = {"en": START, "zh_CN": START_ZH}


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


def whole_solution(source, *, notebook="<notebook>", cell_index=0):
    """True when the cell is one solution region from its first line to its last.

    >>> whole_solution("### BEGIN SOLUTION\\nprint(7)\\n### END SOLUTION\\n")
    True
    >>> whole_solution("x = ...\\n### BEGIN SOLUTION\\nx = 7\\n### END SOLUTION")
    False
    """
    regions = solution_regions(source, notebook=notebook, cell_index=cell_index)
    lines = source.splitlines()
    used = [i for i, line in enumerate(lines) if line.strip()]
    return len(regions) == 1 and regions[0][0] == used[0] and regions[0][1] == used[-1]


def program_id(source):
    """The judge id of a cell's ``run_program(PROGRAM, "<id>")`` line, or None.

    >>> program_id('PROGRAM = "..."\\nassert run_program(PROGRAM, "hdu1846")')
    'hdu1846'
    """
    m = RUN_PROGRAM.search(source)
    return m.group("id") if m else None


def program_stub(exercise_id):
    """The student's cell for a standalone program on judge problem ``exercise_id``."""
    return PROGRAM_STUB.format(id=exercise_id)


def strip_source(source, *, notebook="<notebook>", cell_index=0):
    """``source`` with every solution region replaced by its stub.

    >>> print(strip_source("def solve(s):\\n    ### BEGIN SOLUTION\\n    return s\\n    ### END SOLUTION"))
    def solve(s):
        raise NotImplementedError("write the body of this function: your solution replaces this line")
    >>> print(strip_source("answer = ...  # your answer here\\n### BEGIN SOLUTION\\nanswer = 7\\n### END SOLUTION"))
    answer = ...  # your answer here
    """
    regions = solution_regions(source, notebook=notebook, cell_index=cell_index)
    if not regions:
        return source
    lines = source.splitlines()
    out = []
    last = 0
    for begin, end, indent in regions:
        out += lines[last:begin]
        after_placeholder = bool(out) and PLACEHOLDER.match(out[-1]) is not None
        if indent:
            out.append(indent + INDENTED_STUB)
        elif not after_placeholder:
            out.append(TOP_LEVEL_STUB)
        last = end + 1
    out += lines[last:]
    text = "\n".join(out)
    if source.endswith("\n") and text:
        text += "\n"
    return text


def _tags(cell):
    return cell.get("metadata", {}).get("tags", [])


def is_solution_cell(cell):
    """A markdown cell tagged ``solution`` (solution prose)."""
    return cell.cell_type == "markdown" and SOLUTION_TAG in _tags(cell)


def is_answer_cell(cell):
    """A markdown cell tagged ``answer``: the student's explanation or proof."""
    return cell.cell_type == "markdown" and ANSWER_TAG in _tags(cell)


def answer_exercise(cell):
    """The printed exercise number (``"0.1"``) of an answer cell's metadata, or None."""
    meta = cell.get("metadata", {}).get("gamelab", {})
    return meta.get("exercise") if isinstance(meta, dict) else None


def is_check_cell(cell):
    return cell.cell_type == "code" and bool(CHECK.search(cell.source))


def is_program_cell(cell):
    """A code cell that runs a standalone program (``run_program(PROGRAM, ...)``)."""
    return cell.cell_type == "code" and program_id(cell.source) is not None


def _student_cell(cell, regions, *, notebook, index):
    """The student's version of a code cell with solution regions, or None to drop it."""
    if whole_solution(cell.source, notebook=notebook, cell_index=index):
        exercise_id = program_id(cell.source)
        if exercise_id is None:
            return None
        cell.source = program_stub(exercise_id)
    else:
        cell.source = strip_source(cell.source, notebook=notebook, cell_index=index)
    return cell


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
            if regions:
                cell = _student_cell(cell, regions, notebook=notebook, index=index)
                if cell is None:
                    continue
            cell.outputs = []
            cell.execution_count = None
        cells.append(cell)
    nb.cells = cells
    return nb


def _load_student_package():
    """``tools/student_package.py``, which builds the student wheel, loaded by path."""
    path = ROOT / "tools" / "student_package.py"
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: it builds the student wheel (pass --wheel instead)")
    spec = importlib.util.spec_from_file_location("student_package", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_student_wheel(out_dir, *, exercises=()):
    """The student wheel of gamelab (``tools/student_package.py``), built into ``out_dir``;
    ``exercises`` are a lecturer's own exercise modules, sealed into it too."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("gamelab-*.whl"):
        old.unlink()
    return pathlib.Path(_load_student_package().build_wheel(out_dir, extra_modules=tuple(exercises)))


def lecture_title(nb, fallback):
    """The notebook's title (its first ``# `` heading), or ``fallback``."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def start_text(wheel_name, lang="en"):
    """``START.md`` of the handout in ``lang``, for the wheel file ``wheel_name``."""
    if not isinstance(wheel_name, str) or not wheel_name.endswith(".whl"):
        raise ValueError(f"wheel_name must be the file name of a wheel, got {wheel_name!r}")
    return STARTS[i18n.course_language(lang)].format(wheel=wheel_name)


def edition_language(notebooks):
    """The language of the teacher's ``notebooks`` (their ``language`` metadata), which must agree."""
    found = {i18n.notebook_language(nbformat.read(pathlib.Path(p), as_version=4)) for p in notebooks}
    if len(found) > 1:
        raise ValueError(f"notebooks: in more than one language ({', '.join(sorted(found))}); "
                         "make the student edition of one language at a time")
    return found.pop() if found else "en"


def source_notebooks(lang):
    """The teacher's notebooks in ``lang``: ``notebooks/*.ipynb``, or the translated ones."""
    if i18n.course_language(lang) == "en":
        return sorted((ROOT / "notebooks").glob("*.ipynb"))
    folder = i18n.BUILD[lang] / "notebooks"
    found = sorted(folder.glob("*.ipynb"))
    if not found:
        raise ValueError(f"no {lang} notebooks in {folder}: "
                         f"run `python tools/i18n.py notebooks --lang {lang}` first")
    return found


def build(notebooks, out, *, wheel=None, exercises=(), lang=None):
    """Write the student edition of ``notebooks`` and the handout to ``out``.

    ``wheel`` is the student wheel to put in the handout; by default it is
    built with ``tools/student_package.py`` into ``<out>/wheel``, with the
    lecturer's own exercise modules ``exercises`` sealed into it.  ``START.md``
    is in ``lang``, by default the notebooks' own language.  Returns the
    written notebooks.
    """
    lang = edition_language(notebooks) if lang is None else i18n.course_language(lang)
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
    if wheel is None:
        wheel = build_student_wheel(out / "wheel", exercises=exercises)
    elif exercises:
        raise ValueError("exercises are sealed into a wheel this command builds: "
                         "pass --exercises or --wheel, not both")
    wheel = pathlib.Path(wheel)
    if wheel.suffix != ".whl" or not wheel.is_file():
        raise ValueError(f"wheel must be an existing .whl file, got {wheel}")
    with zipfile.ZipFile(out / ZIP_NAME, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(f"{TOP}/START.md", start_text(wheel.name, lang))
        zf.writestr(f"{TOP}/Makefile", MAKEFILE)
        zf.write(wheel, f"{TOP}/{wheel.name}")
        for dest in written:
            zf.write(dest, f"{TOP}/notebooks/{dest.name}")
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path,
                        help="teacher notebooks (default: notebooks/*.ipynb, not the templates)")
    parser.add_argument("--out", type=pathlib.Path, default=None,
                        help="default: build/student, build/zh/student for --lang zh_CN")
    parser.add_argument("--lang", default=None, choices=i18n.COURSE_LANGUAGES,
                        help="the edition in this language (zh_CN: of build/zh/notebooks); "
                             "default: the notebooks' own")
    parser.add_argument("--wheel", type=pathlib.Path, default=None,
                        help="the student wheel to ship (default: build it with tools/student_package.py)")
    parser.add_argument("--exercises", type=pathlib.Path, nargs="+", default=(),
                        help="a lecturer's own exercise modules (files that call register(...)), "
                             "sealed into the student wheel")
    args = parser.parse_args(argv)
    try:
        notebooks = args.notebooks or source_notebooks(args.lang or "en")
        lang = args.lang or edition_language(notebooks)
        out = args.out or (ROOT / "build" / "student" if lang == "en" else i18n.BUILD[lang] / "student")
        written = build(notebooks, out, wheel=args.wheel, exercises=args.exercises, lang=lang)
    except (ValueError, OSError, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"student edition: {len(written)} notebooks in {out / 'notebooks'}, "
          f"handout {out / ZIP_NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
