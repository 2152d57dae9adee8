"""The solutions release (``make solutions``, tools/solutions.py): the chosen lectures'
teacher notebooks and their pages, every solution on them, nothing loaded from elsewhere.

The fast tests choose lectures and render a page from a committed notebook; the
slow one builds a release of one lecture from its executed copy.
"""
from __future__ import annotations

import re

import nbformat
import pytest

from gamelab_testing import NOTEBOOKS, ROOT
from gamelab_testing.solutions import html_words, words
from gamelab_testing.static_site import load_tool, need_tools

TOOL = load_tool("solutions_tool", ROOT / "tools" / "solutions.py")
LECTURES = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d+_", p.name))
#: The small lecture the slow test releases.
SMALL = NOTEBOOKS / "08_misere.ipynb"
#: A script, style, picture or frame loaded from another host.
LOADS_FROM_ELSEWHERE = re.compile(r"""<(?:script|img|link|iframe)\b[^>]*?\b(?:src|href)=["'](?:https?:)?//""",
                                  re.I)


def solution_code_lines(nb_path):
    """The lines between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` of the teacher's
    notebook (as words), of three words or more."""
    nb = nbformat.read(nb_path, as_version=4)
    lines = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            source = cell.source.splitlines()
            for begin, end, _ in TOOL.student_tool.solution_regions(cell.source):
                lines += [words(line) for line in source[begin + 1:end]]
    return [line for line in lines if len(line.split()) >= 3]


# -- choosing the lectures (fast) ------------------------------------------------------

def test_every_lecture_without_a_choice():
    assert TOOL.select([]) == LECTURES
    assert all(p.name != "course_map.ipynb" for p in TOOL.select([]))


@pytest.mark.parametrize("names", [["05", "06"], ["6", "5"], ["05_wythoff", "06_fibonacci_nim.ipynb"],
                                   ["05,06"], ["05", "05_wythoff", "06"]])
def test_lectures_by_number_or_name_in_the_course_order(names):
    assert [p.stem for p in TOOL.select(names)] == ["05_wythoff", "06_fibonacci_nim"]


@pytest.mark.parametrize("name", ["99", "05_wythof", "wythoff", "course_map"])
def test_an_unknown_lecture_is_refused_naming_it(name):
    with pytest.raises(ValueError, match=rf"--lectures: no lecture '{name}'"):
        TOOL.select(["05", name])


def test_the_command_refuses_an_unknown_lecture_before_building(tmp_path, capsys):
    assert TOOL.main(["--lectures", "05", "42", "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "--lectures" in err and "'42'" in err and "'05'" not in err
    assert not (tmp_path / "out").exists()


def test_a_folder_without_lectures_is_refused(tmp_path):
    with pytest.raises(ValueError, match="--notebooks: no lecture"):
        TOOL.select([], tmp_path)


def test_the_banner_names_the_lectures():
    chosen = TOOL.select(["05", "06", "07"])
    assert TOOL.numbers_text(chosen[:1]) == "lecture 05"
    assert TOOL.numbers_text(chosen) == "lectures 05, 06 and 07"
    assert "Solutions</strong> of lectures 05, 06 and 07" in TOOL.banner_html(chosen)


def test_an_earlier_release_is_cleared_but_nothing_else(tmp_path):
    for name in ("05_wythoff.html", "05_wythoff.ipynb", "index.html", "web/mathjax/x.js", "notes.txt",
                 "draft.html"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("old")
    TOOL.clear(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draft.html", "notes.txt"]


# -- a page (fast: from the committed notebook, its outputs as committed) ---------------

def test_a_page_shows_every_solution_and_loads_nothing_from_elsewhere():
    need_tools("nbconvert", npm=False)
    nb = nbformat.read(SMALL, as_version=4)
    page = TOOL.page_html(TOOL.exporter(), nb, SMALL.stem, [SMALL])
    text = html_words(page)
    lines = solution_code_lines(SMALL)
    assert lines, "the lecture has no solution code"
    assert [line for line in lines if line not in text] == []
    assert words("Solutions of lecture 08") in text
    assert not LOADS_FROM_ELSEWHERE.findall(page)
    assert "cdnjs" not in page and "unpkg" not in page and "require.js" not in page
    assert 'src="web/mathjax/tex-chtml.js"' in page
    # the explorers are their sentences, no widget to load
    assert "application/vnd.jupyter.widget" not in page
    assert f'class="{TOOL.EXPLORER_CLASS}"' in page


def test_the_page_notebook_marks_solutions_and_boxes_explorers():
    cell = nbformat.v4.new_code_cell("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION")
    explorer = {TOOL.WIDGET_MIME: {"model_id": "m"}, "text/plain": "Run the notebook <here>."}
    widget = nbformat.v4.new_code_cell("gl.widgets.X()",
                                       outputs=[nbformat.v4.new_output("display_data", data=explorer)])
    nb = nbformat.v4.new_notebook(cells=[cell, widget], metadata={"widgets": {"state": {}}})
    page = TOOL.page_notebook(nb)
    assert "widgets" not in page.metadata and "widgets" in nb.metadata
    assert page.cells[0].metadata["tags"] == [TOOL.SOLUTION_CODE_TAG]
    assert "tags" not in page.cells[1].metadata
    assert page.cells[1].outputs[0].data["text/html"] == \
        f'<div class="{TOOL.EXPLORER_CLASS}">Run the notebook &lt;here&gt;.</div>'


# -- a release (slow: the lecture's executed copy) -----------------------------------------

@pytest.mark.slow
def test_a_release_of_one_lecture(tmp_path):
    need_tools("nbconvert", "nbclient")
    out = tmp_path / "solutions"
    (out / "03_nim.html").parent.mkdir(parents=True)
    (out / "03_nim.html").write_text("an earlier release")
    written = TOOL.build(TOOL.select(["08"]), out)
    assert written == [out / "08_misere.html", out / "index.html"]
    assert sorted(p.name for p in out.iterdir()) == ["08_misere.html", "08_misere.ipynb", "index.html", "web"]
    assert (out / "08_misere.ipynb").read_bytes() == SMALL.read_bytes()

    page = (out / "08_misere.html").read_text(encoding="utf-8")
    text = html_words(page)
    line = solution_code_lines(SMALL)[0]
    assert line in text
    assert words("Solutions of lecture 08") in text
    assert not LOADS_FROM_ELSEWHERE.findall(page)
    for src in re.findall(r"""\bsrc=["']([^"':]+)["']""", page):
        assert (out / src).is_file(), src

    index = (out / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'href="(\d+_\w+)\.html"', index)) == {"08_misere"}
    assert set(re.findall(r'href="(\d+_\w+)\.ipynb"', index)) == {"08_misere"}
    assert words("Solutions of lecture 08") in html_words(index)
    assert not LOADS_FROM_ELSEWHERE.findall(index)
