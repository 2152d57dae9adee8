"""The student edition (tools/student.py): no solution leaks, the checks stay.

Unit tests of the stripping rules on small synthetic notebooks, then the
course's own notebooks: no line of a solution leaks into the student edition,
every student notebook runs from a fresh kernel with each check saying "not
answered yet" — outside the repository, with only the installed package, as
the handout is used — and the teacher's edition (the committed notebooks)
passes every check.
"""
from __future__ import annotations

import importlib.util
import pathlib
import re
import zipfile

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from gamelab_testing import ROOT

_spec = importlib.util.spec_from_file_location("student", ROOT / "tools" / "student.py")
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NOT_ANSWERED = re.compile(r"^✗ (\S+): not answered yet\.$")


def _nb(*cells):
    nb = new_notebook(cells=list(cells))
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return nb


def _text_of_outputs(cell):
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        for value in out.get("data", {}).values():
            parts.append(value if isinstance(value, str) else str(value))
    return "".join(parts)


# -- the stripping rules ---------------------------------------------------------

FUNCTION_ANSWER = '''def solve(input_text):
    """Read the judge input, return the judge output."""
    ### BEGIN SOLUTION
    n, m = map(int, input_text.split())
    return "first" if n % (m + 1) else "second"
    ### END SOLUTION
'''

VALUE_ANSWER = """answer = ...  # your answer here
### BEGIN SOLUTION
answer = 7 * 6
### END SOLUTION
"""


def test_function_answer_gets_an_indented_raise():
    assert student.strip_source(FUNCTION_ANSWER) == (
        'def solve(input_text):\n'
        '    """Read the judge input, return the judge output."""\n'
        '    raise NotImplementedError("your code here")\n')


def test_value_answer_gets_a_top_level_comment():
    assert student.strip_source(VALUE_ANSWER) == "answer = ...  # your answer here\n# your code here\n"


def test_several_regions_and_deeper_indentation():
    src = ("class A:\n"
           "    def f(self):\n"
           "        ### BEGIN SOLUTION\n"
           "        return 1\n"
           "        ### END SOLUTION\n"
           "\n"
           "x = 0\n"
           "### BEGIN SOLUTION\n"
           "x = 2\n"
           "### END SOLUTION\n"
           "print(x)")
    assert student.strip_source(src) == (
        "class A:\n"
        "    def f(self):\n"
        '        raise NotImplementedError("your code here")\n'
        "\n"
        "x = 0\n"
        "# your code here\n"
        "print(x)")


def test_source_without_markers_is_unchanged():
    src = "x = 1  # ### BEGIN SOLUTION is only a marker on a line of its own\nprint(x)"
    assert student.strip_source(src) == src


@pytest.mark.parametrize("source, words", [
    ("### BEGIN SOLUTION\nx = 1\n", "never closed"),
    ("x = 1\n### END SOLUTION\n", "without a '### BEGIN SOLUTION'"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION\n### END SOLUTION\n", "nested"),
    ("def f():\n    ### BEGIN SOLUTION\n    return 1\n", "never closed"),
])
def test_unbalanced_or_nested_markers_name_the_notebook_and_cell(source, words):
    nb = _nb(new_markdown_cell("# Title"), new_code_cell("import math"), new_code_cell(source))
    with pytest.raises(student.SolutionMarkerError, match=re.escape(words)) as info:
        student.student_notebook(nb, notebook="07_demo.ipynb")
    assert "07_demo.ipynb, cell 2" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_markers_in_markdown_are_an_error():
    nb = _nb(new_markdown_cell("### BEGIN SOLUTION\nThe answer is 7.\n### END SOLUTION"))
    with pytest.raises(student.SolutionMarkerError, match=r"x\.ipynb, cell 0: solution markers in a markdown cell"):
        student.student_notebook(nb, notebook="x.ipynb")


def _synthetic_teacher_notebook():
    statement = new_markdown_cell("### Exercise 9.1 ★ — a value\n\nHow much is six times seven?")
    answer = new_code_cell(VALUE_ANSWER, outputs=[new_output("stream", name="stdout", text="42\n")])
    check = new_code_cell('check("demo-value", answer)',
                          outputs=[new_output("stream", name="stdout",
                                              text="✓ demo-value: right.\n")])
    prose = new_markdown_cell("Six sevens are forty-two, by the times table.")
    prose.metadata["tags"] = ["solution"]
    lecture = new_code_cell("print(2 + 2)", outputs=[new_output("stream", name="stdout", text="4\n")])
    other_md = new_markdown_cell("A lecture paragraph.")
    other_md.metadata["tags"] = ["remove-input"]
    return _nb(statement, answer, check, prose, lecture, other_md)


def test_student_notebook_rules():
    teacher = _synthetic_teacher_notebook()
    before = nbformat.writes(teacher)
    nb = student.student_notebook(teacher, notebook="demo.ipynb")
    assert nbformat.writes(teacher) == before, "the teacher's notebook must not change"
    sources = [c.source for c in nb.cells]
    # the solution prose is gone, every other cell stays in order
    assert sources == [teacher.cells[0].source, "answer = ...  # your answer here\n# your code here\n",
                       'check("demo-value", answer)', "print(2 + 2)", "A lecture paragraph."]
    answer, check, lecture = nb.cells[1], nb.cells[2], nb.cells[3]
    # the answer's and the check's saved outputs are cleared, the lecture's kept
    assert answer.outputs == [] and answer.execution_count is None
    assert check.outputs == []
    assert lecture.outputs == teacher.cells[4].outputs
    nbformat.validate(nb)


def test_build_writes_notebooks_and_a_zip(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    nbformat.write(_synthetic_teacher_notebook(), src / "09_demo.ipynb")
    written = student.build([src / "09_demo.ipynb"], tmp_path / "out")
    assert [p.name for p in written] == ["09_demo.ipynb"]
    nb = nbformat.read(tmp_path / "out" / "notebooks" / "09_demo.ipynb", as_version=4)
    assert "answer = 7 * 6" not in nbformat.writes(nb)
    with zipfile.ZipFile(tmp_path / "out" / student.ZIP_NAME) as zf:
        assert zf.namelist() == ["gamelab-student/notebooks/09_demo.ipynb"]
        assert zf.read("gamelab-student/notebooks/09_demo.ipynb").decode() == (
            tmp_path / "out" / "notebooks" / "09_demo.ipynb").read_text()


def test_build_refuses_bad_markers(tmp_path, capsys):
    nbformat.write(_nb(new_code_cell("### BEGIN SOLUTION\nx = 1")), tmp_path / "bad.ipynb")
    assert student.main([str(tmp_path / "bad.ipynb"), "--out", str(tmp_path / "out")]) == 1
    assert "bad.ipynb, cell 0" in capsys.readouterr().err


# -- a real exercise, run in a kernel ----------------------------------------------

def _executed(nb, path):
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path)}}).execute()
    return nb


def _errors(nb):
    return [(i, o.get("ename"), o.get("evalue")) for i, c in enumerate(nb.cells) if c.cell_type == "code"
            for o in c.outputs if o.output_type == "error" or o.get("name") == "stderr"]


def _check_outputs(nb):
    """``(cell index, number of check calls, printed lines)`` of every check cell."""
    found = []
    for i, cell in enumerate(nb.cells):
        if student.is_check_cell(cell):
            lines = [line for line in _text_of_outputs(cell).splitlines() if line.strip()]
            found.append((i, len(student.CHECK.findall(cell.source)), lines))
    return found


@pytest.mark.slow
def test_synthetic_exercise_teacher_passes_student_not_answered(tmp_path):
    setup = new_code_cell(
        "from gamelab.exercises.check import check, register\n"
        "register('demo-fn', kind='function', reference=lambda n: n % 4,\n"
        "         cases=lambda rng: [(rng.randrange(50),) for _ in range(9)], replace=True)\n"
        "register('demo-val', kind='value', reference=lambda: 42, replace=True)")
    fn = new_code_cell("def f(n):\n    ### BEGIN SOLUTION\n    return n % 4\n    ### END SOLUTION")
    val = new_code_cell(VALUE_ANSWER)
    teacher = _nb(setup, fn, new_code_cell('check("demo-fn", f)'), val,
                  new_code_cell('check("demo-val", answer)'))
    done = _executed(nbformat.from_dict(nbformat.reads(nbformat.writes(teacher), 4)), tmp_path)
    assert _errors(done) == []
    for _, calls, lines in _check_outputs(done):
        assert calls == len(lines) == 1 and lines[0].startswith("✓"), lines
    pupil = _executed(student.student_notebook(teacher, notebook="demo.ipynb"), tmp_path)
    assert _errors(pupil) == []
    reports = [lines for _, _, lines in _check_outputs(pupil)]
    assert reports == [["✗ demo-fn: not answered yet."], ["✗ demo-val: not answered yet."]]


# -- the course's notebooks --------------------------------------------------------

def _solution_text(nb):
    """Lines, outputs and prose that belong to solutions only, and everything else."""
    secret, public = [], []
    for index, cell in enumerate(nb.cells):
        if student.is_solution_cell(cell):
            secret += cell.source.splitlines()
            continue
        lines = cell.source.splitlines()
        inside = set()
        for begin, end, _ in student.solution_regions(cell.source, notebook="", cell_index=index):
            inside |= set(range(begin + 1, end))
        secret += [lines[i] for i in sorted(inside)]
        public += [line for i, line in enumerate(lines) if i not in inside]
        if inside:
            secret += _text_of_outputs(cell).splitlines()
        elif not student.is_check_cell(cell):
            public += _text_of_outputs(cell).splitlines()
    return secret, public


def _nontrivial(line):
    s = line.strip()
    return len(s) >= 8 and not s.startswith("#") and s not in {"### BEGIN SOLUTION", "### END SOLUTION"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_solution_leaks(path):
    teacher = nbformat.read(path, as_version=4)
    pupil = student.student_notebook(teacher, notebook=path.name)
    secret, public = _solution_text(teacher)
    public_lines = {line.strip() for line in public}
    # Only what the teacher's edition shows nowhere but in a solution is secret.
    secret = {line.strip() for line in secret if _nontrivial(line)} - public_lines
    text = "\n".join([c.source for c in pupil.cells] + [_text_of_outputs(c) for c in pupil.cells])
    pupil_lines = {line.strip() for line in text.splitlines()}
    assert not (secret & pupil_lines), f"{path.name}: solution lines in the student edition"
    assert "### BEGIN SOLUTION" not in text and "### END SOLUTION" not in text
    assert not any(student.is_solution_cell(c) for c in pupil.cells)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_teacher_edition_passes_every_check(path):
    nb = nbformat.read(path, as_version=4)
    for index, calls, lines in _check_outputs(nb):
        assert len(lines) == calls, f"{path.name}, cell {index}: {calls} checks, {len(lines)} reports"
        for line in lines:
            assert line.startswith("✓"), f"{path.name}, cell {index}: {line}"


def _student_editions():
    """``{name: (teacher, student)}`` for every committed notebook."""
    editions = {}
    for path in NOTEBOOKS:
        teacher = nbformat.read(path, as_version=4)
        editions[path.name] = (teacher, student.student_notebook(teacher, notebook=path.name))
    return editions


def _outside_the_clone(folder):
    """``folder``, after checking that it is not inside the repository."""
    folder = pathlib.Path(folder).resolve()
    assert ROOT not in folder.parents and folder != ROOT, f"{folder} is inside the clone"
    return folder


@pytest.fixture(scope="session")
def executed_student_editions(tmp_path_factory):
    """Every student notebook that differs from its teacher's edition, executed
    from a fresh kernel (two at a time) in a folder outside the repository, as
    a student who unpacked the handout runs it; ``{name: notebook or exception}``."""
    import concurrent.futures

    folder = _outside_the_clone(tmp_path_factory.mktemp("student-notebooks"))

    def run(name, nb):
        try:
            return _executed(nb, folder)
        except Exception as exc:  # reported by the test of that notebook
            return exc

    todo = {name: pupil for name, (teacher, pupil) in _student_editions().items()
            if nbformat.writes(pupil) != nbformat.writes(teacher)}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(run, name, nb) for name, nb in todo.items()}
        return {name: f.result() for name, f in futures.items()}


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_student_notebook_runs_and_every_check_says_not_answered(path, executed_student_editions):
    teacher = nbformat.read(path, as_version=4)
    pupil = student.student_notebook(teacher, notebook=path.name)
    if path.name not in executed_student_editions:
        # No exercise in this lecture: the student edition *is* the teacher's,
        # which nbval executes; nothing more to run here.
        assert not _check_outputs(pupil)
        return
    done = executed_student_editions[path.name]
    if isinstance(done, Exception):
        raise AssertionError(f"{path.name}: the student edition fails:\n{done}")
    assert _errors(done) == [], f"{path.name}: the student edition fails"
    for index, calls, lines in _check_outputs(done):
        assert len(lines) == calls, f"{path.name}, cell {index}: {lines}"
        for line in lines:
            assert NOT_ANSWERED.match(line), f"{path.name}, cell {index}: {line}"


@pytest.mark.slow
def test_the_handout_runs_outside_a_clone(tmp_path_factory):
    """The zip a student gets, unpacked outside the repository: a lecture that
    checks published sequences runs there, each check saying "not answered yet"."""
    name = "05_wythoff.ipynb"          # reads OEIS A000201 and A001950, has exercises
    build = tmp_path_factory.mktemp("student-build")
    student.build([ROOT / "notebooks" / name], build)
    unpacked = _outside_the_clone(tmp_path_factory.mktemp("handout"))
    with zipfile.ZipFile(build / student.ZIP_NAME) as zf:
        zf.extractall(unpacked)
    path = unpacked / "gamelab-student" / "notebooks" / name
    nb = nbformat.read(path, as_version=4)
    assert "tests/data" not in nbformat.writes(nb)
    done = _executed(nb, path.parent)
    assert _errors(done) == [], f"{name}: the handout fails outside a clone"
    reports = [line for _, _, lines in _check_outputs(done) for line in lines]
    assert reports and all(NOT_ANSWERED.match(line) for line in reports), reports
    assert set(unpacked.rglob("*")) == {unpacked / "gamelab-student",
                                        unpacked / "gamelab-student" / "notebooks", path}
