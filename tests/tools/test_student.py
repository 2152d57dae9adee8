"""The student edition (tools/student.py): no solution leaks, every task is stated, the handout runs.

Unit tests of the stripping rules on small synthetic notebooks; then the
course's own notebooks: no line of a solution leaks into the student edition,
every stub says what belongs there, every exercise that asks for an
explanation or a proof has its answer cell, and the teacher's edition (the
committed notebooks) passes every check.  Last, end to end: the handout zip
is unpacked outside the repository, its wheel installed into a folder of its
own, and every student notebook runs there from a fresh kernel that imports
that package, each check saying "not answered yet".
"""
from __future__ import annotations

import concurrent.futures
import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import zipfile

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from gamelab.exercises.check import exercise
from gamelab_testing import ROOT

_spec = importlib.util.spec_from_file_location("student", ROOT / "tools" / "student.py")
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d\d_", p.name)]
NOT_ANSWERED = re.compile(r"^✗ (\S+): not answered yet\.$")
HEADING = re.compile(r"^### Exercise (\d+)\.(\d+) ")
#: What an exercise asks for when it wants prose, marked by hand.
PROSE_WORDS = re.compile(r"\b(explain|prove|why|show|describe)\b", re.I)


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


def _fake_wheel(folder):
    """A file named like a wheel, for the tests that do not install it."""
    path = pathlib.Path(folder) / "gamelab-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("gamelab/__init__.py", "")
    return path


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

PROGRAM_ANSWER = """### BEGIN SOLUTION
PROGRAM = r'''
import sys
print(sum(map(int, sys.stdin.read().split())))
'''
assert run_program(PROGRAM, "demo-judge")
### END SOLUTION
"""

DEMO_CELL = """### BEGIN SOLUTION
print([n % 3 for n in range(10)])
### END SOLUTION
"""


def test_function_answer_gets_an_indented_raise_with_a_sentence():
    assert student.strip_source(FUNCTION_ANSWER) == (
        'def solve(input_text):\n'
        '    """Read the judge input, return the judge output."""\n'
        f'    {student.INDENTED_STUB}\n')
    assert re.fullmatch(r'raise NotImplementedError\("[A-Z]?[a-z].* .*"\)', student.INDENTED_STUB)


@pytest.mark.parametrize("placeholder", ["answer = ...  # your answer here", "answer = ...  # an int",
                                         "answer = ...", "  pairs = ...  # a set of pairs (i, j)"])
def test_a_region_after_a_placeholder_leaves_only_the_placeholder(placeholder):
    src = f"{placeholder}\n### BEGIN SOLUTION\nanswer = 7 * 6\n### END SOLUTION\nprint(answer)\n"
    assert student.strip_source(src) == f"{placeholder}\nprint(answer)\n"


def test_a_region_after_ordinary_code_gets_a_comment():
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
        f"        {student.INDENTED_STUB}\n"
        "\n"
        "x = 0\n"
        "# your code here\n"
        "print(x)")


def test_source_without_markers_is_unchanged():
    src = "x = 1  # ### BEGIN SOLUTION is only a marker on a line of its own\nprint(x)"
    assert student.strip_source(src) == src


def test_whole_solution_and_program_id():
    assert student.whole_solution(PROGRAM_ANSWER) and student.whole_solution("\n" + DEMO_CELL + "\n\n")
    assert not student.whole_solution(VALUE_ANSWER) and not student.whole_solution(FUNCTION_ANSWER)
    assert not student.whole_solution("print(1)")
    assert student.program_id(PROGRAM_ANSWER) == "demo-judge"
    assert student.program_id("run_program(PROGRAM, 'poj1067')") == "poj1067"
    assert student.program_id(DEMO_CELL) is None


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
    statement = new_markdown_cell("### Exercise 9.1 ★ — a value\n\nHow much is six times seven? Explain.")
    answer_md = new_markdown_cell(student.ANSWER_TEXT,
                                  metadata={"tags": ["answer"], "gamelab": {"exercise": "9.1"}})
    answer = new_code_cell(VALUE_ANSWER, outputs=[new_output("stream", name="stdout", text="42\n")])
    check = new_code_cell('check("demo-value", answer)',
                          outputs=[new_output("stream", name="stdout",
                                              text="✓ demo-value: right.\n")])
    prose = new_markdown_cell("Six sevens are forty-two, by the times table.")
    prose.metadata["tags"] = ["solution"]
    demo = new_code_cell(DEMO_CELL, outputs=[new_output("stream", name="stdout", text="[0, 1, 2]\n")])
    task = new_markdown_cell("**Exercise 9.1, the standalone program ★.** Write it as a program.")
    program = new_code_cell(PROGRAM_ANSWER, outputs=[new_output("stream", name="stdout", text="✓\n")])
    lecture = new_code_cell("print(2 + 2)", outputs=[new_output("stream", name="stdout", text="4\n")])
    other_md = new_markdown_cell("A lecture paragraph.")
    other_md.metadata["tags"] = ["remove-input"]
    return _nb(statement, answer_md, answer, check, prose, demo, task, program, lecture, other_md)


def test_student_notebook_rules():
    teacher = _synthetic_teacher_notebook()
    before = nbformat.writes(teacher)
    nb = student.student_notebook(teacher, notebook="demo.ipynb")
    assert nbformat.writes(teacher) == before, "the teacher's notebook must not change"
    sources = [c.source for c in nb.cells]
    # the solution prose and the demonstration are gone, the program is a task
    assert sources == [teacher.cells[0].source, student.ANSWER_TEXT, "answer = ...  # your answer here\n",
                       'check("demo-value", answer)', teacher.cells[6].source,
                       student.program_stub("demo-judge"), "print(2 + 2)", "A lecture paragraph."]
    assert student.program_stub("demo-judge").splitlines() == [
        'PROGRAM = """',
        '"""  # write a complete program: read the judge input from stdin, print the judge output',
        'run_program(PROGRAM, "demo-judge")']
    answer_md, answer, check, program, lecture = nb.cells[1], nb.cells[2], nb.cells[3], nb.cells[5], nb.cells[6]
    assert student.is_answer_cell(answer_md) and student.answer_exercise(answer_md) == "9.1"
    # the answer's, the check's and the program's saved outputs are cleared, the lecture's kept
    assert answer.outputs == [] and answer.execution_count is None
    assert check.outputs == [] and program.outputs == []
    assert lecture.outputs == teacher.cells[8].outputs
    nbformat.validate(nb)


def test_build_writes_notebooks_and_a_self_contained_zip(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    nbformat.write(_synthetic_teacher_notebook(), src / "09_demo.ipynb")
    wheel = _fake_wheel(tmp_path)
    written = student.build([src / "09_demo.ipynb"], tmp_path / "out", wheel=wheel)
    assert [p.name for p in written] == ["09_demo.ipynb"]
    nb = nbformat.read(tmp_path / "out" / "notebooks" / "09_demo.ipynb", as_version=4)
    assert "answer = 7 * 6" not in nbformat.writes(nb)
    with zipfile.ZipFile(tmp_path / "out" / student.ZIP_NAME) as zf:
        names = zf.namelist()
        assert sorted(names) == sorted([
            "gamelab-student/START.md", "gamelab-student/Makefile", f"gamelab-student/{wheel.name}",
            "gamelab-student/notebooks/09_demo.ipynb"])
        assert zf.read("gamelab-student/notebooks/09_demo.ipynb").decode() == (
            tmp_path / "out" / "notebooks" / "09_demo.ipynb").read_text()
        assert zf.read(f"gamelab-student/{wheel.name}") == wheel.read_bytes()
        start = zf.read("gamelab-student/START.md").decode()
        makefile = zf.read("gamelab-student/Makefile").decode()
    for line in ["py -m venv .venv", f'.venv\\Scripts\\python -m pip install "{wheel.name}[course]"',
                 ".venv\\Scripts\\jupyter lab notebooks", "python3 -m venv .venv",
                 f'.venv/bin/python -m pip install "{wheel.name}[course]"',
                 ".venv/bin/jupyter lab notebooks", "make lab", "3.10"]:
        assert line in start, line
    assert re.search(r"^lab:", makefile, re.M) and "\t$(VENV)/bin/jupyter lab notebooks" in makefile
    assert '[course]' in makefile and "gamelab-*.whl" in makefile


def test_build_refuses_a_missing_wheel(tmp_path):
    nbformat.write(_synthetic_teacher_notebook(), tmp_path / "09_demo.ipynb")
    with pytest.raises(ValueError, match="wheel"):
        student.build([tmp_path / "09_demo.ipynb"], tmp_path / "out", wheel=tmp_path / "none.whl")
    with pytest.raises(ValueError, match="wheel_name"):
        student.start_text("gamelab.tar.gz")


def test_build_refuses_bad_markers(tmp_path, capsys):
    nbformat.write(_nb(new_code_cell("### BEGIN SOLUTION\nx = 1")), tmp_path / "bad.ipynb")
    wheel = _fake_wheel(tmp_path)
    assert student.main([str(tmp_path / "bad.ipynb"), "--out", str(tmp_path / "out"),
                         "--wheel", str(wheel)]) == 1
    assert "bad.ipynb, cell 0" in capsys.readouterr().err


# -- a real exercise, run in a kernel ----------------------------------------------

def _executed(nb, path, env=None):
    kwargs = {} if env is None else {"env": env}
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path)}}).execute(**kwargs)
    return nb


def _errors(nb):
    return [(i, o.get("ename"), o.get("evalue") or o.get("text", "")[:300])
            for i, c in enumerate(nb.cells) if c.cell_type == "code"
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
    """A line worth keeping secret (the ``run_program`` line is part of the task)."""
    s = line.strip()
    return (len(s) >= 8 and not s.startswith("#") and not student.RUN_PROGRAM.match(s)
            and s not in {"### BEGIN SOLUTION", "### END SOLUTION"})


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


def _exercises(nb):
    """``(number, first cell, end)`` of each exercise: from its heading to the next
    exercise heading or section heading."""
    heads = [i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and HEADING.match(c.source)]
    stops = set(heads) | {len(nb.cells)} | {i for i, c in enumerate(nb.cells)
                                             if c.cell_type == "markdown" and re.match(r"^##? ", c.source)}
    out = []
    for i in heads:
        m = HEADING.match(nb.cells[i].source)
        out.append((f"{m.group(1)}.{m.group(2)}", i, min(j for j in stops if j > i)))
    return out


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_exercise_numbers_are_the_lecture_number_without_a_zero(path):
    nb = nbformat.read(path, as_version=4)
    lecture = int(path.name[:2])
    text = "\n".join(c.source for c in nb.cells)
    assert not re.search(r"\b[Ee]xercises? 0\d\.\d", text), f"{path.name}: a number like 08.1"
    for number, _, _ in _exercises(nb):
        assert number.split(".")[0] == str(lecture), f"{path.name}: Exercise {number}"


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_every_explanation_or_proof_has_an_answer_cell(path):
    nb = nbformat.read(path, as_version=4)
    asked = 0
    for number, start, end in _exercises(nb):
        cells = nb.cells[start:end]
        answers = [c for c in cells if student.is_answer_cell(c)]
        if not PROSE_WORDS.search(cells[0].source):
            assert not answers, f"{path.name}: Exercise {number} asks for no prose but has an answer cell"
            continue
        asked += 1
        right_after = cells[1] if len(cells) > 1 else None
        assert right_after is not None and student.is_answer_cell(right_after), \
            f"{path.name}: Exercise {number} asks to explain or prove: an answer cell must follow it"
        assert right_after.source == student.ANSWER_TEXT
        assert right_after.metadata["gamelab"] == {"exercise": number}
        assert any(student.is_solution_cell(c) for c in cells[2:]), \
            f"{path.name}: Exercise {number}: the model answer goes in a 'solution' cell after the answer cell"
    pupil = student.student_notebook(nb, notebook=path.name)
    kept = [student.answer_exercise(c) for c in pupil.cells if student.is_answer_cell(c)]
    assert len(kept) == asked


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_every_stub_says_what_belongs_there(path):
    teacher = nbformat.read(path, as_version=4)
    pupil = student.student_notebook(teacher, notebook=path.name)
    for i, cell in enumerate(pupil.cells):
        if cell.cell_type != "code":
            continue
        lines = [line for line in cell.source.splitlines() if line.strip()]
        assert lines and lines != [student.TOP_LEVEL_STUB], f"{path.name}, cell {i}: a bare stub"
        for a, b in zip(lines, lines[1:]):
            assert not (student.PLACEHOLDER.match(a) and b.strip() == student.TOP_LEVEL_STUB), \
                f"{path.name}, cell {i}: a stub after a placeholder"
        if student.is_program_cell(cell):
            assert cell.source == student.program_stub(student.program_id(cell.source))
            statement = pupil.cells[i - 1]
            assert statement.cell_type == "markdown" and "standalone program" in statement.source, \
                f"{path.name}, cell {i}: a program to write needs its statement just before it"
    # every standalone program of the teacher's edition is a task of the student's
    programs = [student.program_id(c.source) for c in teacher.cells if student.is_program_cell(c)]
    assert programs == [student.program_id(c.source) for c in pupil.cells if student.is_program_cell(c)]


def _value_forms(value):
    """The ways a lecture could print an int or a pair of ints that is an answer."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
        return [re.compile(rf"(?<![\d,]){value}(?![\d,])")]
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        a, b = value
        return [re.compile(rf"\({a}, {b}\)"), re.compile(rf"preperiod {a}\b.{{0,30}}period {b}\b")]
    return []


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_no_value_answer_is_printed_in_the_lecture(path):
    """A value exercise whose answer is a large number or a (preperiod, period)
    pair: the student edition shows that answer nowhere, in prose or output."""
    pupil = student.student_notebook(nbformat.read(path, as_version=4), notebook=path.name)
    text = "\n".join([c.source for c in pupil.cells] + [_text_of_outputs(c) for c in pupil.cells])
    ids = {m.group(1) for c in pupil.cells if student.is_check_cell(c)
           for m in re.finditer(r"check\(\s*[\"']([^\"']+)", c.source)}
    for exercise_id in sorted(ids):
        ex = exercise(exercise_id)
        if ex.kind != "value":
            continue
        for form in _value_forms(ex.reference()):
            assert not form.search(text), f"{path.name}: the answer of {exercise_id} is in the lecture"


# -- the handout, end to end -------------------------------------------------------

#: The tests of the handout run on one pytest-xdist worker, so that it is built, installed
#: and executed once per run: its notebooks run against the installed student wheel, an
#: edition of the package of their own (no other test executes them).
HANDOUT = pytest.mark.xdist_group("student-handout")

def _outside_the_clone(folder):
    """``folder``, after checking that it is not inside the repository."""
    folder = pathlib.Path(folder).resolve()
    assert ROOT not in folder.parents and folder != ROOT, f"{folder} is inside the clone"
    return folder


@pytest.fixture(scope="session")
def handout(tmp_path_factory):
    """The handout built from every notebook, unpacked outside the repository,
    with its wheel installed into a folder of its own: ``(top folder, site)``."""
    build = tmp_path_factory.mktemp("student-build")
    student.build(NOTEBOOKS, build)
    unpacked = _outside_the_clone(tmp_path_factory.mktemp("handout"))
    with zipfile.ZipFile(build / student.ZIP_NAME) as zf:
        zf.extractall(unpacked)
    top = unpacked / student.TOP
    wheels = sorted(top.glob("gamelab-*.whl"))
    assert len(wheels) == 1, wheels
    site = unpacked / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(site), str(wheels[0])], check=True)
    return top, site


@pytest.mark.slow   # builds, zips and installs the whole handout
@HANDOUT
def test_handout_layout(handout):
    top, site = handout
    names = {p.relative_to(top).as_posix() for p in top.rglob("*")}
    expected = {"START.md", "Makefile", "notebooks", *(f"notebooks/{p.name}" for p in NOTEBOOKS)}
    wheels = {n for n in names if re.fullmatch(r"gamelab-[^/]+\.whl", n)}
    assert names == expected | wheels and len(wheels) == 1
    # one folder of its own (and the folder the test installed the wheel into)
    assert {p.name for p in top.parent.iterdir()} == {student.TOP, site.name}
    assert (site / "gamelab" / "__init__.py").is_file()


@pytest.fixture(scope="session")
def executed_handout(handout):
    """Every notebook of the unpacked handout, executed from a fresh kernel (two
    at a time) that imports the handout's package, with the working directory
    the handout's ``notebooks/``; ``{name: (notebook or exception, gamelab.__file__)}``."""
    top, site = handout
    env = dict(os.environ, PYTHONPATH=str(site))
    folder = top / "notebooks"
    probe = "import gamelab\nprint('GAMELAB_FILE', gamelab.__file__)"

    def run(path):
        nb = nbformat.read(path, as_version=4)
        nb.cells.insert(0, new_code_cell(probe))
        try:
            done = _executed(nb, folder, env=env)
        except Exception as exc:  # reported by the test of that notebook
            return exc, None
        where = _text_of_outputs(done.cells.pop(0)).split("GAMELAB_FILE", 1)[-1].strip()
        return done, where

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = {p.name: pool.submit(run, p) for p in sorted(folder.glob("*.ipynb"))}
        return {name: f.result() for name, f in futures.items()}


@HANDOUT
@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_handout_notebook_runs_and_every_check_says_not_answered(path, handout, executed_handout):
    top, site = handout
    done, where = executed_handout[path.name]
    if isinstance(done, Exception):
        raise AssertionError(f"{path.name}: the student edition fails:\n{done}")
    assert pathlib.Path(where).resolve().is_relative_to(site.resolve()), \
        f"{path.name}: the kernel imported {where}, not the handout's package"
    assert _errors(done) == [], f"{path.name}: the student edition fails"
    assert "tests/data" not in nbformat.writes(done)
    for index, calls, lines in _check_outputs(done):
        assert len(lines) == calls, f"{path.name}, cell {index}: {lines}"
        for line in lines:
            assert NOT_ANSWERED.match(line), f"{path.name}, cell {index}: {line}"
    for index, cell in enumerate(done.cells):
        if student.is_program_cell(cell):
            report = _text_of_outputs(cell)
            assert "✗" in report and "✓" not in report, f"{path.name}, cell {index}: {report}"
