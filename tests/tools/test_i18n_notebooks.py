"""The Chinese notebooks (``python tools/i18n.py notebooks``) and what is made of them.

The translation of a notebook: its markdown from the catalogue, refused when
an entry is missing or fuzzy (on a temporary catalogue), its code cells the
same but for the strings they show (tools/i18n_code.py; tests/tools/test_i18n_code.py)
and ``gl.set_language("zh_CN")`` right after ``import gamelab as gl``.
Coverage: every markdown cell and every shown string of every notebook has a
finished translation and ``tools/i18n.py check`` finds no problem.  Then two lectures
built into a temporary folder, executed (their copies in the store of executed
notebooks, tools/executed.py, which the Chinese book shares) and run under
nbval; the student edition and the slides of a Chinese lecture (its decks
measured in Chromium like the English ones: every slide within 1280×720).
"""
from __future__ import annotations

import re
import subprocess
import sys
import zipfile

import nbformat
import pytest
from babel.messages.catalog import Catalog
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

import gamelab as gl
from gamelab.grading.lectures import PLACEHOLDERS, is_placeholder
from gamelab_testing import ROOT
from gamelab_testing.static_site import load_tool, need_tools, serve

i18n = load_tool("i18n_tool", ROOT / "tools" / "i18n.py")
slides = load_tool("slides_tool", ROOT / "tools" / "slides.py")
student = slides.student
LANG = "zh_CN"
NOTEBOOKS = i18n.notebook_paths()
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d\d_", p.name)]
#: The two lectures built, executed and checked end to end (short to run, both with proofs and programs).
BUILT = ("01_bash", "05_wythoff")
NEEDS_SET_LANGUAGE = "gamelab has no set_language yet (gamelab/i18n.py, exported as gl.set_language)"
CJK = re.compile(r"[\u4e00-\u9fff]")
i18n_code = i18n.i18n_code
KEPT, WORD = i18n_code.KEPT, i18n_code.WORD


def _demo():
    nb = new_notebook(cells=[
        new_markdown_cell("# 99 · A demo\n\nSome `code` and $x$."),
        new_code_cell("import math\n\nimport gamelab as gl\nfrom gamelab.exercises.check import check\nx = 1"),
        new_markdown_cell(i18n.HEADINGS["en"]["answer"], metadata={"tags": ["answer"]}),
        new_markdown_cell(""),
        new_code_cell("print(gl.__name__)")])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return nb


def _catalogue(tmp_path, drop=None, fuzzy=None):
    """A temporary ``.po`` file translating the demo notebook (``drop``: leave a
    message out; ``fuzzy``: flag one)."""
    catalog = Catalog(locale=LANG, domain="demo", charset="utf-8")
    texts = {"# 99 · A demo\n\nSome `code` and $x$.": "# 99 · 演示\n\n一些 `code` 和 $x$。",
             i18n.HEADINGS["en"]["answer"]: i18n.HEADINGS[LANG]["answer"]}
    for k, (english, chinese) in enumerate(texts.items()):
        if k != drop:
            catalog.add(english, chinese, flags=["fuzzy"] if k == fuzzy else [])
    path = tmp_path / f"demo-{drop}-{fuzzy}.po"
    i18n.write(catalog, path)
    return path


def test_translation_of_a_notebook(tmp_path):
    nb = _demo()
    before = nbformat.writes(nb)
    out = i18n.translate_notebook(nb, LANG, _catalogue(tmp_path), notebook="99_demo.ipynb")
    assert nbformat.writes(nb) == before, "the English notebook must not change"
    assert [c.source for c in out.cells if c.cell_type == "markdown"] == [
        "# 99 · 演示\n\n一些 `code` 和 $x$。", "*在此作答。*", ""]
    assert out.metadata["language"] == LANG and out.metadata["kernelspec"] == nb.metadata["kernelspec"]
    assert out.cells[1].source.splitlines()[2:4] == ["import gamelab as gl", 'gl.set_language("zh_CN")']
    assert out.cells[1].source.replace('gl.set_language("zh_CN")\n', "", 1) == nb.cells[1].source
    assert out.cells[4] == nb.cells[4] and out.cells[2].metadata == nb.cells[2].metadata
    nbformat.validate(out)


@pytest.mark.parametrize("drop, fuzzy, words", [(0, None, "cell 0: no translation"),
                                                (None, 1, "cell 2: the translation of '*Your answer here.*' is fuzzy")])
def test_translation_refuses_a_missing_or_fuzzy_entry(tmp_path, drop, fuzzy, words):
    po = _catalogue(tmp_path, drop=drop, fuzzy=fuzzy)
    with pytest.raises(i18n.TranslationError, match=re.escape(words)) as info:
        i18n.translate_notebook(_demo(), LANG, po, notebook="99_demo.ipynb")
    assert "99_demo.ipynb, cell" in str(info.value) and po.name in str(info.value)
    assert isinstance(info.value, ValueError)


def test_translation_refuses_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="lang"):
        i18n.translate_notebook(_demo(), "fr", _catalogue(tmp_path))
    with pytest.raises(ValueError, match="catalog: no catalogue"):
        i18n.translate_notebook(_demo(), LANG)
    with pytest.raises(TypeError, match="nb"):
        i18n.translate_notebook(42, LANG, _catalogue(tmp_path))
    with pytest.raises(TypeError, match="catalog"):
        i18n.translate_notebook(_demo(), LANG, 3)


def _untranslated(path, catalog):
    """The markdown cells of the notebook at ``path`` without a finished translation in ``catalog``."""
    nb = nbformat.read(path, as_version=4)
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and cell.source.strip():
            message = catalog.get(cell.source)
            if message is None or not message.string or message.fuzzy:
                found.append(f"{path.name}, cell {index}")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=i18n.domain)
def test_coverage_every_markdown_cell_is_translated(path):
    catalog = i18n.read(i18n.catalogue_path(path, LANG), LANG)
    assert _untranslated(path, catalog) == []


def test_coverage_finds_a_missing_or_fuzzy_entry():
    path = LECTURES[0]
    catalog = i18n.read(i18n.catalogue_path(path, LANG), LANG)
    cells = [i for i, c in enumerate(nbformat.read(path, as_version=4).cells)
             if c.cell_type == "markdown" and c.source.strip()]
    first, last = (catalog.get(nbformat.read(path, as_version=4).cells[i].source) for i in (cells[0], cells[-1]))
    del catalog[first.id]
    last.flags.add("fuzzy")
    assert _untranslated(path, catalog) == [f"{path.name}, cell {cells[0]}", f"{path.name}, cell {cells[-1]}"]


def test_check_finds_no_problem(capsys):
    assert i18n.check(LANG) == 0, capsys.readouterr().out


def test_a_notebook_node_finds_its_catalogue():
    path = LECTURES[3]
    nb = nbformat.read(path, as_version=4)
    assert i18n.catalogue_of(nb, LANG) == (i18n.catalogue_path(path, LANG), path.name)
    assert i18n.translate_notebook(nb, LANG) == i18n.translate_notebook(path, LANG)
    nb.cells[0].source += " (changed)"
    with pytest.raises(i18n.TranslationError, match=re.escape(f"{path.name}, cell 0: no translation")):
        i18n.translate_notebook(nb, LANG)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=i18n.domain)
def test_translated_notebook_keeps_its_code(path):
    english = nbformat.read(path, as_version=4)
    chinese = i18n.translate_notebook(path, LANG)
    assert [c.cell_type for c in chinese.cells] == [c.cell_type for c in english.cells]
    assert [c.get("id") for c in chinese.cells] == [c.get("id") for c in english.cells]
    line = 'gl.set_language("zh_CN")'
    code = [i for i, c in enumerate(english.cells) if c.cell_type == "code"]
    imports = [i for i in code if re.search(r"^import gamelab as gl\b", english.cells[i].source, re.M)]
    said = [i for i in code if i18n_code.messages(english.cells[i].source)]
    changed = [i for i in code if chinese.cells[i] != english.cells[i]]
    assert set(imports[:1]) <= set(changed) <= set(imports[:1] + said)
    for i in code:
        source = chinese.cells[i].source.replace(line + "\n", "", 1) if i in imports[:1] else chinese.cells[i].source
        assert i18n_code.cell_problems(english.cells[i].source, source) == [], (path.name, i)
        assert chinese.cells[i].metadata == english.cells[i].metadata and chinese.cells[i].outputs == english.cells[i].outputs
        # every message is translated: a Chinese literal where the English one has words
        shown = [source[a:b] for a, b, message in i18n_code.spans(source) if message]
        assert [t for t in shown if not CJK.search(t) and WORD.search(KEPT.sub("", i18n_code.words(t)))] == [], (path.name, i)
    if imports:
        cell = chinese.cells[imports[0]].source.splitlines()
        at = cell.index(line)
        assert re.match(r"^import gamelab as gl\b", cell[at - 1])
        if imports[0] not in said:
            assert "\n".join(cell[:at] + cell[at + 1:]) == english.cells[imports[0]].source.rstrip("\n")
        uses = [i for i in code if "gl." in english.cells[i].source]
        assert imports[0] <= min(uses), "gamelab is used before its language is set"
    assert sum(c.source.count(line) for c in chinese.cells) == len(imports[:1])
    for i, cell in enumerate(chinese.cells):
        if cell.cell_type == "markdown" and cell.source.strip():
            assert CJK.search(cell.source) or cell.source == english.cells[i].source, (path.name, i)
    assert chinese.metadata["language"] == LANG
    assert chinese.metadata["kernelspec"] == english.metadata["kernelspec"]
    nbformat.validate(chinese)


# -- the headings of the translations -------------------------------------------------

@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_translated_lectures_use_the_chinese_headings(path):
    chinese = i18n.translate_notebook(path, LANG)
    text = "\n".join(c.source for c in chinese.cells if c.cell_type == "markdown")
    heads = i18n.HEADINGS[LANG]
    for kind in ("objectives", "prerequisites", "time", "summary", "further reading", "exercises"):
        assert re.search(rf"^## {heads[kind]}\s*$", text, re.M), f"{path.name}: no ## {heads[kind]}"
    english = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    numbers = re.findall(r"^### Exercise (\d+\.\d+) ", english, re.M)
    assert re.findall(r"^### 练习 (\d+\.\d+) ★+ — \S", text, re.M) == numbers
    # the proofs start slides and the exercises are found, as in English
    proofs = [i for i, c in enumerate(nbformat.read(path, as_version=4).cells) if c.cell_type == "markdown"
              and re.match(r"^\s*(\*\*|__)?(Proof|Proof sketch)\b", c.source)]
    assert [i for i in proofs if not slides.PROOF.match(chinese.cells[i].source)] == []
    sheet = load_tool("handouts_tool", ROOT / "tools" / "handouts.py")
    assert [c[0].source.split("\n", 1)[0].split()[2] for c in sheet.exercises(chinese)] == numbers
    items = lambda text: len(re.findall(r"^[-*] ", text, re.M))  # noqa: E731
    assert items(sheet.objectives(chinese)) == items(sheet.objectives(nbformat.read(path, as_version=4))) > 0


def test_both_placeholders_are_placeholders():
    assert PLACEHOLDERS == {lang: i18n.HEADINGS[lang]["answer"] for lang in i18n.COURSE_LANGUAGES}
    assert all(is_placeholder(text) for text in PLACEHOLDERS.values())
    assert not is_placeholder("*在此作答。* 因为 3 整除 n。")


# -- two lectures built, executed and run under nbval -----------------------------------

#: The tests of the two lectures built run on one pytest-xdist worker, which builds them once.
BUILT_GROUP = pytest.mark.xdist_group("zh-notebooks")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The Chinese notebooks of :data:`BUILT`, written and executed into a temporary folder."""
    if not hasattr(gl, "set_language"):
        pytest.skip(NEEDS_SET_LANGUAGE)
    out = tmp_path_factory.mktemp("zh-notebooks")
    written = i18n.build_notebooks(LANG, out, [ROOT / "notebooks" / f"{name}.ipynb" for name in BUILT])
    assert [p.name for p in written] == [f"{name}.ipynb" for name in BUILT]
    return out


@BUILT_GROUP
@pytest.mark.slow
def test_built_notebooks_have_outputs_and_pass_nbval(built):
    for name in BUILT:
        nb = nbformat.read(built / f"{name}.ipynb", as_version=4)
        assert nb.metadata["language"] == LANG
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert all(c.execution_count for c in code), name
        assert any(c.outputs for c in code), name
        errors = [o for c in code for o in c.outputs if o.output_type == "error"]
        assert errors == [], name
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(ROOT / "notebooks" / "sanitize.cfg"),
         *[f"{name}.ipynb" for name in BUILT]],
        cwd=built, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"\b\d+ passed\b", done.stdout), done.stdout[-500:]


# -- the student edition of a Chinese lecture --------------------------------------------

def _fake_wheel(folder):
    path = folder / "gamelab-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("gamelab/__init__.py", "")
    return path


@pytest.mark.parametrize("name", BUILT)
def test_student_edition_of_a_chinese_lecture(name):
    teacher = i18n.translate_notebook(ROOT / "notebooks" / f"{name}.ipynb", LANG)
    pupil = student.student_notebook(teacher, notebook=f"{name}.ipynb")
    text = "\n".join(c.source for c in pupil.cells)
    assert "BEGIN SOLUTION" not in text and not any(student.is_solution_cell(c) for c in pupil.cells)
    for cell in teacher.cells:
        if student.is_solution_cell(cell):
            assert cell.source.strip() not in text
    answers = [c for c in pupil.cells if student.is_answer_cell(c)]
    assert answers and all(c.source == i18n.HEADINGS[LANG]["answer"] and is_placeholder(c.source)
                           for c in answers)
    assert len(answers) == sum(student.is_answer_cell(c) for c in teacher.cells)
    program = re.compile(i18n.MARKERS[LANG]["program"])
    for i, cell in enumerate(pupil.cells):
        if student.is_program_cell(cell):
            assert cell.source == student.program_stub(student.program_id(cell.source))
            assert program.search(pupil.cells[i - 1].source), f"{name}, cell {i}: no statement before it"
    assert pupil.metadata["language"] == LANG
    assert 'gl.set_language("zh_CN")' in text


def test_student_build_of_chinese_notebooks_writes_a_chinese_start(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    nbformat.write(i18n.translate_notebook(ROOT / "notebooks" / f"{BUILT[0]}.ipynb", LANG), src / f"{BUILT[0]}.ipynb")
    wheel = _fake_wheel(tmp_path)
    assert student.edition_language([src / f"{BUILT[0]}.ipynb"]) == LANG
    student.build([src / f"{BUILT[0]}.ipynb"], tmp_path / "out", wheel=wheel)
    with zipfile.ZipFile(tmp_path / "out" / student.ZIP_NAME) as zf:
        start = zf.read(f"{student.TOP}/START.md").decode()
        assert f"{student.TOP}/notebooks/{BUILT[0]}.ipynb" in zf.namelist()
    assert start == student.start_text(wheel.name, LANG) and start != student.start_text(wheel.name)
    assert CJK.search(start) and "在此作答" in start
    for line in ["py -m venv .venv", f'.venv\\Scripts\\python -m pip install "{wheel.name}[course]"',
                 ".venv/bin/jupyter lab notebooks", "make lab", "3.10"]:
        assert line in start, line
    with pytest.raises(ValueError, match="more than one language"):
        student.edition_language([src / f"{BUILT[0]}.ipynb", ROOT / "notebooks" / f"{BUILT[1]}.ipynb"])


# -- the slides of a Chinese lecture -------------------------------------------------------

@pytest.mark.parametrize("name", BUILT)
def test_chinese_deck_structure(name):
    nb = slides.with_slides(i18n.translate_notebook(ROOT / "notebooks" / f"{name}.ipynb", LANG))
    cells = slides.deck_cells(nb)
    kinds = [c.metadata["slideshow"]["slide_type"] for c in cells]
    starts = [c.source.splitlines()[0] for c, k in zip(cells, kinds) if k == "slide"]
    heads = i18n.HEADINGS[LANG]
    assert starts[0].startswith("# ") and all(s.startswith("## ") for s in starts[1:])
    for kind in ("objectives", "prerequisites", "summary", "further reading", "exercises"):
        assert f"## {heads[kind]}" in starts, kind
    assert not any(slides.is_setup(c) for c in cells), "the setup cell (with set_language) is on a slide"
    # cell by cell, the slides, sub-slides (proofs, exercises), notes and skipped cells of the English deck
    english = slides.with_slides(nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4))
    assert [c.metadata["slideshow"] for c in nb.cells] == [c.metadata["slideshow"] for c in english.cells]


def test_continued_slides_say_so_in_chinese():
    nb = nbformat.v4.new_notebook(cells=[new_markdown_cell("# T\n\n" + "\n\n".join(f"段落 {i}。" for i in range(4)))])
    cells = slides.deck_cells(slides.with_slides(nb))
    broken = slides.with_breaks(cells, {cells[2].id}, LANG)
    assert [c.source for c in broken if c.id.endswith("-cont")] == ["# T（续）"]
    again = slides.with_breaks(broken, {broken[-1].id}, LANG)
    assert [c.source for c in again if c.id.endswith("-cont")][-1] == "# T（续）"


@pytest.fixture(scope="module")
def chinese_decks(built, tmp_path_factory):
    need_tools("nbconvert")
    if not slides.can_measure():
        pytest.skip("measuring the decks needs Chromium and Playwright")
    out = tmp_path_factory.mktemp("zh-slides")
    written = slides.build(out, [built / f"{BUILT[0]}.ipynb"], lang=LANG)
    assert sorted(p.relative_to(out).as_posix() for p in written) == [
        f"{BUILT[0]}.slides.html", f"{slides.SHARE}/{BUILT[0]}.slides.html"]
    return out


#: Every slide in turn: its height, and the font the browser gave its first Chinese paragraph.
SLIDES_JS = """async () => {
  if (window.MathJax && MathJax.startup) { await MathJax.startup.promise; }
  await document.fonts.ready;
  const out = [];
  const stacks = Reveal.getHorizontalSlides();
  for (let h = 0; h < stacks.length; h++) {
    const n = [...stacks[h].children].filter(e => e.tagName === 'SECTION').length || 1;
    for (let v = 0; v < n; v++) {
      Reveal.slide(h, v);
      const s = Reveal.getCurrentSlide();
      const p = [...s.querySelectorAll('p, li, h1, h2, h3')].find(e => /[\\u4e00-\\u9fff]/.test(e.textContent));
      out.push({h, v, height: s.scrollHeight, font: p ? getComputedStyle(p).fontFamily : null});
    }
  }
  return {slides: out, lang: document.documentElement.lang};
}"""


@BUILT_GROUP
@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["lecturer", "share"])
def test_chinese_deck_fits_in_chromium(kind, chinese_decks, guarded):
    deck = (chinese_decks if kind == "lecturer" else chinese_decks / slides.SHARE) / f"{BUILT[0]}.slides.html"
    text = deck.read_text(encoding="utf-8")
    assert "WenQuanYi Zen Hei" in text and "学习目标" in text

    def check(gp):
        gp.page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        return gp.page.evaluate(SLIDES_JS), list(gp.outside), list(gp.errors)

    with serve(chinese_decks) as url:
        measured, outside, errors = guarded(f"{url}/{deck.relative_to(chinese_decks).as_posix()}", check)
    shown = measured["slides"]
    assert len(shown) > 10 and measured["lang"] == "zh"
    tall = [(s["h"], s["v"], s["height"]) for s in shown if s["height"] > slides.HEIGHT]
    assert tall == [], tall
    fonts = {s["font"] for s in shown if s["font"]}
    assert fonts and all("WenQuanYi Zen Hei" in f for f in fonts), fonts
    assert outside == [] and errors == [], (outside[:3], errors[:3])


@BUILT_GROUP
@pytest.mark.slow
def test_no_chinese_slide_ends_in_a_lead_in(chinese_decks):
    for deck in (chinese_decks / f"{BUILT[0]}.slides.html", chinese_decks / slides.SHARE / f"{BUILT[0]}.slides.html"):
        assert slides.ending_lead_ins(deck.read_text(encoding="utf-8")) == [], deck.name


# -- the exercise sheet of a Chinese lecture -----------------------------------------------

@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_chinese_exercise_sheet_has_the_english_sheets_boxes(path):
    sheet = load_tool("handouts_tool", ROOT / "tools" / "handouts.py")
    english = student.student_notebook(nbformat.read(path, as_version=4), notebook=path.name)
    chinese = student.student_notebook(i18n.translate_notebook(path, LANG), notebook=path.name)
    pages = {lang: sheet.handout_html(nb, name=path.stem) for lang, nb in (("en", english), (LANG, chinese))}
    for box in ('class="answer"', 'class="answer proof"'):
        assert pages[LANG].count(box) == pages["en"].count(box), box
    labels, heads = i18n.LABELS[LANG], i18n.HEADINGS[LANG]
    assert f'<html lang="{labels["html"]}">' in pages[LANG]
    assert f"<h2>{heads['objectives']}</h2>" in pages[LANG] and f"<h2>{heads['exercises']}</h2>" in pages[LANG]
    assert labels["your answer"] in pages[LANG] and "Your answer" not in pages[LANG]
    assert re.findall(r"<h3>练习 (\d+\.\d+)", pages[LANG]) == re.findall(r"<h3>Exercise (\d+\.\d+)", pages["en"])
