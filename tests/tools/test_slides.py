"""The reveal.js decks (``make slides``, tools/slides.py).

Slide structure from the cells' content (unit tests on synthetic cells and
on the lectures), then every deck in headless Chromium, served from
127.0.0.1: reveal.js starts, formulas render with the deck's own MathJax, no
request leaves the machine and no console error is logged.  The decks are
built once per session into build/slides; the static server and the tool
loader are in ``gamelab_testing.static_site``.
"""
from __future__ import annotations

import os
import re

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_output

from gamelab_testing import ROOT
from gamelab_testing.static_site import (MATH, SCREENSHOTS, load_tool, need_tools, screenshot_dir,
                                         serve)

pytestmark = pytest.mark.slow

slides = load_tool("slides_tool", ROOT / "tools" / "slides.py")
LECTURES = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if slides.LECTURE.match(p.name))


def _types(*cells):
    return [slides.slide_type(i, c) for i, c in enumerate(cells)]


def test_sections_proofs_and_verifications():
    title = new_markdown_cell("# 01 · The Bash game")
    section = new_markdown_cell("## Rules\n\nTake 1 to m stones.")
    prose = new_markdown_cell("We compute the table.")
    code = new_code_cell("print(table)", outputs=[new_output("stream", name="stdout", text="0 1 2\n")])
    proof = new_markdown_cell("**Proof.** We check the three rules.")
    verify = new_code_cell("checked = 0\nfor n in range(100):\n    checked += 1\nprint(f'claim agrees with search on {checked} positions')",
                           outputs=[new_output("stream", name="stdout",
                                               text="claim agrees with search on 100 positions\n")])
    exercise = new_markdown_cell("### Exercise 1.1 ★ — HDU 1846")
    answer = new_code_cell("def solve(s):\n    ### BEGIN SOLUTION\n    return s\n    ### END SOLUTION")
    prose_solution = new_markdown_cell("The answer is ...")
    prose_solution.metadata["tags"] = ["solution"]
    assert _types(title, section, prose, code, proof, verify, exercise, answer, prose_solution) == [
        "slide", "slide", "-", "-", "subslide", "skip", "subslide", "notes", "notes"]


def test_a_picture_or_a_plain_loop_is_not_a_verification():
    loop = new_code_cell("for n in range(5):\n    print(n)",
                         outputs=[new_output("stream", name="stdout", text="0\n1\n")])
    plot = new_code_cell("for g in games:\n    plot(g)\nprint('checked on 5 games')",
                         outputs=[new_output("display_data", data={"image/png": "iVBOR", "text/plain": "<Figure>"}),
                                  new_output("stream", name="stdout", text="checked on 5 games\n")])
    assert not slides.is_verification(loop) and not slides.is_verification(plot)


def test_committed_notebooks_are_not_touched(tmp_path):
    path = LECTURES[0]
    before = path.read_bytes()
    nb = slides.with_slides(nbformat.read(path, as_version=4))
    assert path.read_bytes() == before
    assert all("slideshow" in c.metadata for c in nb.cells)


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_every_lecture_has_sections(path):
    nb = slides.with_slides(nbformat.read(path, as_version=4))
    kinds = [c.metadata["slideshow"]["slide_type"] for c in nb.cells]
    sections = sum(1 for c in nb.cells if c.cell_type == "markdown" and re.match(r"## ", c.source))
    assert kinds[0] == "slide"
    assert kinds.count("slide") == 1 + sections - (1 if re.match("## ", nb.cells[0].source) else 0)
    # Verification cells are skipped but a lecture keeps its other code.
    assert kinds.count("-") > 0


@pytest.fixture(scope="session")
def decks():
    need_tools("nbconvert")
    out = ROOT / "build" / "slides"
    written = slides.build(out)
    assert sorted(p.name for p in written) == [f"{p.stem}.slides.html" for p in LECTURES]
    return out


@pytest.fixture(scope="session")
def decks_url(decks):
    with serve(decks) as url:
        yield url


def test_decks_load_nothing_from_outside(decks):
    loads = re.compile(r"""<(?:script|img|link|iframe)\b[^>]*?\b(?:src|href)=["'](?:https?:)?//""", re.I)
    for deck in decks.glob("*.slides.html"):
        text = deck.read_text(encoding="utf-8")
        assert not loads.findall(text), deck.name
        assert "import mermaid" not in text and "cdnjs" not in text and "unpkg" not in text, deck.name
    for css in (decks / "web" / "reveal.js" / "dist").rglob("*.css"):
        body = re.sub(r"/\*.*?\*/", "", css.read_text(encoding="utf-8", errors="replace"), flags=re.S)
        if css.parent.name == "theme" and css.name != "white.css":
            continue  # themes we do not use
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", body), css


@pytest.mark.browser
@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_deck_in_chromium(path, decks, decks_url, guarded):
    nb = nbformat.read(path, as_version=4)
    has_math = any(c.cell_type == "markdown" and MATH.search(c.source) for c in nb.cells)

    def check(gp):
        page = gp.page
        page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        sections = page.locator(".reveal .slides > section").count()
        math = 0
        if has_math:
            page.wait_for_selector("mjx-container", state="attached", timeout=30_000)
            math = page.locator("mjx-container").count()
        # Move through a few slides: reveal.js answers the keyboard.
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(300)
        return sections, math, page.url, list(gp.outside), list(gp.errors)

    text = (decks / f"{path.stem}.slides.html").read_text(encoding="utf-8")
    # Explorers read as a sentence on a slide, never as their raw repr.
    assert "VBox(children=" not in text and "HBox(children=" not in text, path.stem
    if "application/vnd.jupyter.widget-view+json" in path.read_text(encoding="utf-8"):
        assert "Run the notebook to" in text, path.stem
    sections, math, url, outside, errors = guarded(f"{decks_url}/{path.stem}.slides.html", check)
    assert sections >= 2, f"{path.stem}: {sections} slides"
    assert math > 0 or not has_math, f"{path.stem}: formulas not rendered"
    assert re.search(r"#/\d+", url), url
    assert outside == [], f"{path.stem}: requests outside the machine: {outside[:5]}"
    assert errors == [], f"{path.stem}: {errors[:5]}"


@pytest.mark.browser
def test_screenshot_slide(request):
    if not SCREENSHOTS:
        pytest.skip("screenshots are written by `make screenshots` (GAMELAB_SCREENSHOTS=docs)")
    decks_url = request.getfixturevalue("decks_url")
    target = screenshot_dir() / "slides_05_wythoff.png"
    slide = os.environ.get("GAMELAB_SLIDE", "2")

    def shoot(gp):
        page = gp.page
        page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        page.evaluate(f"() => {{ location.hash = '#/{slide}'; }}")
        page.wait_for_timeout(1500)
        page.screenshot(path=str(target))
        return list(gp.outside), list(gp.errors)

    assert request.getfixturevalue("guarded")(f"{decks_url}/05_wythoff.slides.html", shoot) == ([], [])
