"""The printable exercise sheets (``tools/handouts.py``): one PDF per lecture,
made from the student edition, with every exercise and no solution.

The sheets are printed once per session by headless Chromium; the check for
solutions reads the HTML that was printed (and the PDF's text too where
``pdftotext`` is installed).
"""
from __future__ import annotations

import re
import shutil
import subprocess

import nbformat
import pytest

from gamelab_testing import ROOT, solutions
from gamelab_testing.static_site import CHROMIUM, NO_CHROMIUM, load_tool

TOOL = load_tool("handouts_tool", ROOT / "tools" / "handouts.py")
i18n = TOOL.i18n
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d+_", p.name)]


_words = solutions.words
_html_words = solutions.html_words
_student = solutions.student_edition


@pytest.fixture(scope="module")
def student_words():
    """The words of every notebook's student edition (a line of a lecture may
    recur in a solution; such a line is not solution text)."""
    return " ".join(_words("\n".join(c.source for c in _student(p).cells)) for p in NOTEBOOKS)


solution_lines = solutions.solution_lines


@pytest.fixture(scope="module")
def handouts(tmp_path_factory):
    if not CHROMIUM:
        pytest.skip(NO_CHROMIUM)
    out = tmp_path_factory.mktemp("handouts")
    return TOOL.build(NOTEBOOKS, out)


@pytest.mark.parametrize("nb_path", LECTURES, ids=lambda p: p.stem)
def test_sheet_has_title_objectives_and_every_exercise(nb_path):
    student = _student(nb_path)
    sheet = TOOL.handout_html(student, name=nb_path.stem)
    words = _html_words(sheet)
    title = next(line[2:] for c in student.cells if c.cell_type == "markdown"
                 for line in c.source.splitlines() if line.startswith("# "))
    assert _words(title) in words
    goals = [line.lstrip("-* ").strip() for line in TOOL.objectives(student).splitlines()
             if line.lstrip().startswith(("-", "*"))]
    assert goals, f"{nb_path.stem}: no learning objectives found"
    assert all(_words(goal) in words for goal in goals if "$" not in goal), nb_path.stem
    numbers = re.findall(r"^#{2,4} Exercise (\d+\.\d+)", "\n".join(
        c.source for c in student.cells if c.cell_type == "markdown"), re.M)
    assert numbers, f"{nb_path.stem}: no exercise found"
    shown = re.findall(r"<h3>Exercise (\d+\.\d+)", sheet)
    assert shown == numbers, (nb_path.stem, shown, numbers)
    assert sheet.count('class="answer') == len(numbers) == sheet.count('class="hand-in"')
    assert "check(" not in sheet
    assert NOTEBOOK_WORDS.findall(_html_words(sheet)) == [], nb_path.stem


#: What a notebook says and a sheet must not: code stubs, placeholders, the answer cell's
#: text, cells, checks and the teacher's edition (in English and in Chinese).
NOTEBOOK_WORDS = re.compile(
    r"notimplementederror|your code here|your answer here|answer = \.\.\.|program = |\bcells? below\b"
    r"|\bthe cell\b|\bthe check\b|check cell|teacher's edition|fresh python|在此作答。|单元格|检查|教师版")


@pytest.mark.parametrize("nb_path", LECTURES, ids=lambda p: p.stem)
def test_chinese_sheet_states_every_exercise_for_paper(nb_path):
    chinese = _student_of(i18n.translate_notebook(nb_path, "zh_CN"), nb_path)
    sheet = TOOL.handout_html(chinese, name=nb_path.stem)
    numbers = [c[0].source.split("\n", 1)[0].split()[2] for c in TOOL.exercises(chinese)]
    assert numbers and re.findall(r"<h3>练习 (\d+\.\d+)", sheet) == numbers
    assert sheet.count('class="answer') == len(numbers) == sheet.count("<strong>在纸上交：</strong>")
    words = _html_words(sheet)
    assert NOTEBOOK_WORDS.findall(words) == [], (nb_path.stem, NOTEBOOK_WORDS.findall(words)[:3])
    assert "hand in" not in words and "your answer" not in words


def _student_of(nb, path):
    return TOOL.student_tool.student_notebook(nb, notebook=path.name)


def _exercise_sheet(*cells):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 01 · A lecture\n\n## Learning objectives\n\n- to write on paper"),
        *cells])
    return TOOL.handout_html(TOOL.student_tool.student_notebook(nb), name="01_paper")


def _answer_cell(number):
    cell = nbformat.v4.new_markdown_cell("*Your answer here.*")
    cell.metadata.update({"tags": ["answer"], "gamelab": {"exercise": number}})
    return cell


def test_a_code_exercise_says_what_to_hand_in_on_paper():
    sheet = _exercise_sheet(
        nbformat.v4.new_markdown_cell("### Exercise 1.1 ★ — Brave Game (HDU 1846)\n\n**Input:** lines `n m`. "
                                      "**Output:** `first` or `second`.\n\nWe have no verified official sample: "
                                      "the check runs your answer on cases of our own."),
        nbformat.v4.new_code_cell('def solve(input_text):\n    """Read the judge input."""\n'
                                  "    ### BEGIN SOLUTION\n    return input_text\n    ### END SOLUTION"),
        nbformat.v4.new_code_cell('check("hdu1846", solve)'),
        nbformat.v4.new_markdown_cell("**Exercise 1.1, the standalone program ★.** A judge runs a complete program. "
                                      "The cell\nbelow runs it in a fresh Python, on the official sample."),
        nbformat.v4.new_code_cell('### BEGIN SOLUTION\nPROGRAM = r"""print(1)"""\n### END SOLUTION\n'
                                  'assert run_program(PROGRAM, "hdu1846")'))
    words = _html_words(sheet)
    assert NOTEBOOK_WORDS.findall(words) == [] and "<pre>" not in sheet
    assert "**Input:**" not in sheet and "<strong>Input:</strong>" in sheet
    assert "A judge runs a complete program." in sheet and "no verified official sample" not in sheet
    assert ("<strong>Hand in on paper:</strong> the Python function <code>solve(input_text)</code>; "
            "the complete program.") in sheet
    assert sheet.count('class="answer') == 1 and 'class="answer code"' in sheet


def test_a_value_exercise_and_a_proof_get_one_box_each():
    sheet = _exercise_sheet(
        nbformat.v4.new_markdown_cell("### Exercise 1.2 ★ — moves {1, 2, 4}\n\nWhich heaps up to 21 are "
                                      "P-positions? Set `answer` to their list. In the cell below, explain why."),
        _answer_cell("1.2"),
        nbformat.v4.new_code_cell("table = [0, 1]\nanswer = ...  # a list of heaps\n"
                                  "### BEGIN SOLUTION\nanswer = [0, 3]\n### END SOLUTION"),
        nbformat.v4.new_code_cell('check("ex-01-2", answer)'),
        nbformat.v4.new_markdown_cell("### Exercise 1.3 ★★ — a proof\n\nProve it.\n\n*Marked by hand:* this "
                                      "exercise has no check cell. Write your proof in the cell below; the model "
                                      "proof follows it in the teacher's edition."),
        _answer_cell("1.3"))
    words = _html_words(sheet)
    assert NOTEBOOK_WORDS.findall(words) == [], NOTEBOOK_WORDS.findall(words)
    assert "Give their list. Explain why." in sheet
    assert "<pre>table = [0, 1]</pre>" in sheet  # what the exercise hands out stays
    assert "<strong>Hand in on paper:</strong> your answer, a list of heaps; your reasoning." in sheet
    assert "<p><em>Marked by hand.</em></p>" in sheet
    assert "<strong>Hand in on paper:</strong> your proof." in sheet
    assert sheet.count('class="answer"') == 1 and sheet.count('class="answer proof"') == 1


def test_no_lecture_is_refused():
    with pytest.raises(ValueError, match="notebooks"):
        TOOL.build([ROOT / "notebooks" / "course_map.ipynb"], ROOT / "build" / "unused")


@pytest.mark.browser
@pytest.mark.slow
def test_every_lecture_gets_a_pdf_without_solutions(handouts, student_words):
    pdfs = {p.stem: p for p in handouts}
    assert sorted(pdfs) == [p.stem for p in LECTURES]
    total = 0
    for nb_path in LECTURES:
        pdf = pdfs[nb_path.stem]
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF"), pdf
        assert len(re.findall(rb"/Type\s*/Page(?!s)", data)) >= 1, f"{pdf.name}: no page"
        printed = f" {_html_words(pdf.with_suffix('.html').read_text(encoding='utf-8'))} "
        texts = [printed]
        if shutil.which("pdftotext"):
            out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                                 check=True).stdout
            texts.append(f" {_words(out)} ")
        lines = solution_lines(nb_path, student_words)
        total += len(lines)
        for text in texts:
            leaked = [w for w in lines if f" {w} " in text]
            assert leaked == [], f"{nb_path.stem}: solution text on the sheet: {leaked[:3]}"
    assert total > 100, "too few solution lines to check"


@pytest.mark.browser
def test_long_code_lines_wrap(tmp_path, guarded):
    long_line = "answer = " + " + ".join(f"gl.grundy(game_{i}, position_{i})" for i in range(12))
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# A lecture\n\n## Learning objectives\n\n- to wrap"),
        nbformat.v4.new_markdown_cell("### Exercise 1.1 ★ — a long line\n\nAnswer it."),
        nbformat.v4.new_code_cell(long_line)])
    sheet = tmp_path / "sheet.html"
    sheet.write_text(TOOL.handout_html(nb, name="01_wrap"), encoding="utf-8")
    assert len(long_line) > 300

    def check(gp):
        gp.page.set_viewport_size({"width": 680, "height": 900})   # an A4 page's text width
        return gp.page.eval_on_selector_all(
            "pre", "ps => ps.map(p => [p.scrollWidth, p.clientWidth, p.getBoundingClientRect().height])")

    blocks = guarded(sheet.as_uri(), check)
    assert blocks, "no code block on the sheet"
    for scroll, client, height in blocks:
        assert scroll <= client + 1 and height > 40, (scroll, client, height)


def _section(sheet, number):
    """The HTML of exercise ``number`` on a sheet."""
    return next(s for s in re.findall(r'<section class="exercise">(.*?)</section>', sheet, re.S)
                if re.search(rf"<h3>(?:Exercise|练习) {re.escape(number)} ", s))


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_sheet_draws_the_hackenbush_picture_of_exercise_12_3_without_its_values(lang):
    path = ROOT / "notebooks" / "12_green_hackenbush.ipynb"
    nb = _student(path) if lang == "en" else _student_of(i18n.translate_notebook(path, lang), path)
    sheet = TOOL.handout_html(nb, name=path.stem)
    section = _section(sheet, "12.3")
    edges = ((0, 0), (0, 1), (0, 3), (0, 3), (1, 2), (1, 6), (2, 4), (3, 4), (3, 5), (6, 6))
    assert f"graph4 = {edges!r}" in section             # the edges, which the code does not list
    svg = re.search(r"<svg.*?</svg>", section, re.S).group(0)
    assert svg.count('class="vertex"') == 7              # vertices 0..6, numbered
    assert "cut-label" not in svg and "dasharray" not in svg   # no value, no winning cut shown
    for number in ("12.1", "12.2"):                      # pictures listed in the code: drawn too
        assert "<svg" in _section(sheet, number)


@pytest.mark.parametrize("lang, head", [("en", "<th>position</th><th>options</th>"),
                                        ("zh_CN", "<th>局面</th><th>后继局面</th>")])
def test_the_sheet_lists_the_options_of_each_node_of_exercise_13_1(lang, head):
    path = ROOT / "notebooks" / "13_loopy_games.ipynb"
    nb = _student(path) if lang == "en" else _student_of(i18n.translate_notebook(path, lang), path)
    section = _section(TOOL.handout_html(nb, name=path.stem), "13.1")
    assert head in section
    rows = re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td></tr>", section)
    assert rows == [("0", "5, 7"), ("1", "0, 5"), ("2", "—"), ("3", "1, 2, 7, 8"), ("4", "1, 4"),
                    ("5", "3, 4"), ("6", "7, 8"), ("7", "—"), ("8", "0, 1, 2, 5, 6")]
    assert "P" not in re.sub(r"<[^>]*>", "", section.split("<table>", 1)[1])  # no outcome shown


def test_code_that_makes_no_position_or_does_not_run_alone_adds_nothing():
    assert TOOL.positions_html("table = [0, 1]") == []
    assert TOOL.positions_html("g = gl.random_digraph(n, 30, seed=1)") == []   # n: an earlier cell
    assert TOOL.positions_html("picture = stalk_of_hackenbush(3)") == []
    drawn = TOOL.positions_html("p = ((0, 1), (1, 2))  # a hackenbush stalk")
    assert len(drawn) == 1 and drawn[0].count('class="vertex"') == 3 and "<pre>" not in drawn[0]
