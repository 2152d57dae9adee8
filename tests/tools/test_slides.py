"""The reveal.js decks (``make slides``, tools/slides.py).

Slide structure from the cells' content (unit tests on synthetic cells and
on the lectures), then every deck of both kinds (the lecturer's, with the
solutions in the speaker notes, and the shared one, without notes) in
headless Chromium at 1280×720, served from 127.0.0.1: every slide,
horizontal and vertical, fits the 1280×720 slide without scrolling, no text
is smaller than the readable minimum, no check report (``✓``/``✗``) is
shown, the shared decks have no speaker notes, reveal.js starts, formulas
render with the deck's own MathJax, no request leaves the machine and no
console error is logged.  The decks are built once per test run into
build/slides (whichever pytest-xdist worker asks first); the static server and
the tool loader are in ``gamelab_testing.static_site``.
"""
from __future__ import annotations

import copy
import os
import pathlib
import re

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_output

from gamelab_testing import ROOT
from gamelab_testing.once import once_per_run
from gamelab_testing.static_site import (MATH, SCREENSHOTS, load_tool, need_tools, screenshot_dir,
                                         serve)

pytestmark = pytest.mark.slow

slides = load_tool("slides_tool", ROOT / "tools" / "slides.py")
LECTURES = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if slides.LECTURE.match(p.name))
#: The readable minimum on a projector: body text and code, in CSS pixels of the 1280×720 slide.
MIN_BODY_PX, MIN_CODE_PX = 14, 12
KINDS = ("lecturer", "share")


def _types(*cells):
    return [slides.slide_type(i, c) for i, c in enumerate(cells)]


def _typed(*cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    return slides.with_slides(nb)


def _kinds(cells):
    return [c.metadata["slideshow"]["slide_type"] for c in cells]


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
    setup = new_code_cell("import math\nfrom fractions import (\n    Fraction,\n)\n\nimport gamelab as gl\n%matplotlib inline")
    assert _types(title, section, prose, code, proof, verify, exercise, answer, prose_solution, setup) == [
        "slide", "slide", "-", "-", "subslide", "skip", "subslide", "notes", "notes", "skip"]


def test_a_picture_or_a_plain_loop_is_not_a_verification():
    loop = new_code_cell("for n in range(5):\n    print(n)",
                         outputs=[new_output("stream", name="stdout", text="0\n1\n")])
    plot = new_code_cell("for g in games:\n    plot(g)\nprint('checked on 5 games')",
                         outputs=[new_output("display_data", data={"image/png": "iVBOR", "text/plain": "<Figure>"}),
                                  new_output("stream", name="stdout", text="checked on 5 games\n")])
    assert not slides.is_verification(loop) and not slides.is_verification(plot)
    # Code that imports and then computes is lecture code, not setup.
    assert not slides.is_setup(new_code_cell("import math\nprint(math.isqrt(10))"))


def test_markdown_blocks():
    source = ("Some text\nover two lines.\n\n- one\n  more of one\n- two\n\n    still two\n\nSo\n\n    indented = code\n\n"
              "```python\nx = 1\n\ny = 2\n```\n\n$$\na\n\nb\n$$\n\n### A heading\nLast.")
    assert slides.markdown_blocks(source) == [
        "Some text\nover two lines.", "- one\n  more of one", "- two\n\n    still two", "So", "    indented = code",
        "```python\nx = 1\n\ny = 2\n```", "$$\na\n\nb\n$$", "### A heading", "Last."]
    # Nothing is lost: the blocks are the source, cut at blank lines or list items.
    assert re.sub(r"\s+", "", "".join(slides.markdown_blocks(source))) == re.sub(r"\s+", "", source)


def test_front_matter_gets_slides_of_its_own():
    front = new_markdown_cell("## Learning objectives\n\n- one\n- two\n\n## Prerequisites\n\nLecture 00.\n\n"
                              "## Time\n\n90 minutes.")
    cells = slides.deck_cells(_typed(new_markdown_cell("# 05 · A game"), front))
    starts = [c.source.splitlines()[0] for c in cells if c.metadata["slideshow"]["slide_type"] == "slide"]
    assert starts == ["# 05 · A game", "## Learning objectives", "## Prerequisites"]  # Time joins the short prerequisites
    long = new_markdown_cell("## Prerequisites\n\n" + "Lecture 00, and more. " * 40 + "\n\n## Time\n\n90 minutes.")
    cells = slides.deck_cells(_typed(new_markdown_cell("# 05 · A game"), long))
    assert [c.source for c in cells if c.metadata["slideshow"]["slide_type"] == "slide"][-1] == "## Time"


def test_checks_and_explorers_on_slides():
    check = new_code_cell('check("ex-05-1", answer)',
                          outputs=[new_output("stream", name="stdout", text="✓ ex-05-1: right.\n")])
    mixed = new_code_cell("report()", outputs=[new_output("stream", name="stdout",
                                                          text="table ready\n✗ ex-05-2: wrong.\n")])
    sentence = "Run the notebook to use this explorer: a slider redraws the grid."
    explorer = new_code_cell("gl.widgets.WythoffExplorer(30)", outputs=[new_output(
        "display_data", data={slides.WIDGET: {"model_id": "x"}, "text/plain": sentence})])
    cells = slides.deck_cells(_typed(new_markdown_cell("# T"), check, mixed, explorer))
    assert cells[1].outputs == []
    assert cells[2].outputs[0].text == "table ready\n"
    html = cells[3].outputs[0].data["text/html"]
    assert 'class="gl-explorer"' in html and sentence in html and "<pre" not in html


def test_long_code_is_cut_into_pieces():
    source = "\n".join(f"x{i} = {i}" for i in range(50))
    output = "".join(f"line {i}\n" for i in range(70))
    cell = new_code_cell(source, outputs=[new_output("stream", name="stdout", text=output)])
    cells = slides.deck_cells(_typed(new_markdown_cell("# T"), cell))[1:]
    assert len(cells) > 1 and _kinds(cells) == ["-"] * len(cells)
    for piece in cells:
        lines = len(piece.source.splitlines()) + sum(len(o.text.splitlines()) for o in piece.outputs)
        assert lines <= slides.MAX_LINES
    assert "\n".join(c.source for c in cells if c.source) == source
    assert "".join(o.text for c in cells for o in c.outputs) == output
    assert [c.metadata["gl_no_input"] for c in cells] == [not c.source for c in cells]


def test_breaks_keep_every_slide_within_the_budget():
    cells = slides.deck_cells(_typed(new_markdown_cell("# T\n\n" + "\n\n".join(f"Paragraph {i}." for i in range(9)))))
    ids = [c.id for c in cells]
    heights = [60] + [150] * 9
    tops, top = {}, 20
    for uid, h in zip(ids, heights):
        tops[uid] = [top, h]
        top += h
    section = {"height": top + 28, "pad_top": 20, "pad_bottom": 28, "units": tops}
    breaks = slides.plan_breaks(cells, [section])
    assert breaks and ids[0] not in breaks
    broken = slides.with_breaks(cells, breaks)
    assert sum(c.source.endswith("(cont.)") for c in broken) == len(breaks)
    height = {**{uid: h for uid, h in zip(ids, heights)}, **{f"{b}-cont": 60 for b in breaks}}
    for group in slides.slide_groups(broken):
        assert 48 + sum(height[uid] for uid in group) <= slides.BUDGET, group


def _measured(cells, heights, pad_top=20, pad_bottom=28):
    """A measured slide of ``cells`` stacked with ``heights``, as tools/slides_measure.py reports it."""
    tops, top = {}, pad_top
    for cell, height in zip(cells, heights):
        tops[cell.id] = [top, height]
        top += height
    return {"height": top + pad_bottom, "pad_top": pad_top, "pad_bottom": pad_bottom, "units": tops}


def test_a_lead_in_goes_on_with_what_it_introduces():
    text = "# T\n\n" + "\n\n".join(f"Paragraph {i}." for i in range(4)) + "\n\nThe values, by search:"
    cells = slides.deck_cells(_typed(new_markdown_cell(text), new_code_cell("print(values)", outputs=[
        new_output("stream", name="stdout", text="0 1 2\n")])))
    lead = next(c for c in cells if c.source.endswith(":"))
    assert slides.is_lead_in(lead) and not slides.is_lead_in(cells[1])
    # The code would overflow the slide: the break comes before the lead-in, not after it.
    section = _measured(cells, [60, 150, 150, 150, 100, 60, 150])
    breaks = slides.plan_breaks(cells, [section])
    assert breaks == {lead.id}
    broken = slides.with_breaks(cells, breaks)
    assert [slides.is_lead_in(next(c for c in broken if c.id == group[-1]))
            for group in slides.slide_groups(broken)] == [False, False]
    # A lead-in and its object taller than a slide together: the break stays where it was.
    tall = _measured(cells, [60, 150, 150, 150, 50, 60, 560])
    assert slides.plan_breaks(cells, [tall]) == {cells[-1].id}
    # ... and the code below the lead-in is cut finer, so that the two fit on the next round.
    code = new_code_cell("\n".join(f"x{i} = {i}" for i in range(20)))
    cells = slides.deck_cells(_typed(new_markdown_cell("# T\n\nThe table:"), code))
    cuts = slides.too_tall(cells, [_measured(cells, [60, 200, 440])])
    assert list(cuts) == [1] and cuts[1] < 20
    assert slides.too_tall(cells, [_measured(cells, [60, 40, 440])]) == {}


def test_a_verification_that_a_lead_in_introduces_shows_its_report():
    verify = new_code_cell("for n in range(100):\n    assert claim(n)\nprint('claim checked on 100 heaps')",
                           outputs=[new_output("stream", name="stdout", text="claim checked on 100 heaps\n")])
    cells = slides.deck_cells(_typed(new_markdown_cell("# T"), new_markdown_cell("We check it by search:"),
                                     verify, new_markdown_cell("We check it again."), copy.deepcopy(verify)))
    shown = [c for c in cells if c.cell_type == "code"]
    assert len(shown) == 1 and shown[0].source == "" and shown[0].metadata["gl_no_input"]
    assert shown[0].outputs[0].text == "claim checked on 100 heaps\n"
    assert _kinds(cells) == ["slide", "-", "-", "-"]


def test_lead_ins_at_the_end_of_a_slide_are_found():
    deck = ('<div class="slides"><section><section><p>Intro.</p><p>The table:</p></section>'
            '<section><pre>0 1 2</pre><p>So the values repeat:</p><aside class="notes"><p>Not shown:</p></aside>'
            '</section></section><section><section><p>Last words.</p></section></section></div>')
    assert slides.ending_lead_ins(deck) == ["The table:", "So the values repeat:"]


def test_the_shared_edition_has_no_notes_and_no_solutions():
    nb = nbformat.read(LECTURES[1], as_version=4)
    typed = slides.with_slides(nb)
    lecturer = slides.deck_cells(typed)
    shared = slides.deck_cells(slides.share_edition(typed, notebook=LECTURES[1].name))
    assert "notes" in _kinds(lecturer) and "notes" not in _kinds(shared)
    assert not any("BEGIN SOLUTION" in c.source for c in shared)
    # The same slides otherwise: the visible cells are the same.
    assert [c.id for c in lecturer if c.metadata["slideshow"]["slide_type"] != "notes"] == [c.id for c in shared]


def test_committed_notebooks_are_not_touched(tmp_path):
    path = LECTURES[0]
    before = path.read_bytes()
    nb = slides.with_slides(nbformat.read(path, as_version=4))
    slides.deck_cells(slides.share_edition(nb, notebook=path.name))
    assert path.read_bytes() == before
    assert all("slideshow" in c.metadata for c in nb.cells)


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_every_lecture_has_sections(path):
    nb = nbformat.read(path, as_version=4)
    cells = slides.deck_cells(slides.with_slides(nb))
    kinds = _kinds(cells)
    headings = [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()
                if line.startswith("## ")]
    assert kinds[0] == "slide"
    # Every section of the notebook is on a slide, and every slide but the title starts with one.
    assert [c.source for c in cells if c.source.startswith("## ")] == headings
    assert all(c.source.startswith("## ") for c, k in zip(cells[1:], kinds[1:]) if k == "slide")
    assert "## Learning objectives" in [c.source for c, k in zip(cells, kinds) if k == "slide"]
    # Verification and setup cells are skipped but a lecture keeps its other code.
    assert "-" in kinds and any(c.cell_type == "code" for c in cells)
    assert not any(slides.is_setup(c) for c in cells)


@pytest.fixture(scope="session")
def decks():
    need_tools("nbconvert")
    out = ROOT / "build" / "slides"
    written = [pathlib.Path(p) for p in once_per_run("slides", lambda: [str(p) for p in slides.build(out)])]
    names = [f"{p.stem}.slides.html" for p in LECTURES]
    assert [p.name for p in written if p.parent == out] == names
    assert [p.name for p in written if p.parent == out / slides.SHARE] == names
    return out


@pytest.fixture(scope="session")
def decks_url(decks):
    with serve(decks) as url:
        yield url


def _deck(decks, kind, path):
    return (decks if kind == "lecturer" else decks / slides.SHARE) / f"{path.stem}.slides.html"


def test_decks_load_nothing_from_outside(decks):
    loads = re.compile(r"""<(?:script|img|link|iframe)\b[^>]*?\b(?:src|href)=["'](?:https?:)?//""", re.I)
    for deck in [*decks.glob("*.slides.html"), *(decks / slides.SHARE).glob("*.slides.html")]:
        text = deck.read_text(encoding="utf-8")
        assert not loads.findall(text), deck.name
        assert "import mermaid" not in text and "cdnjs" not in text and "unpkg" not in text, deck.name
    for css in [*(decks / "web" / "reveal.js" / "dist").rglob("*.css"),
                *(decks / slides.SHARE / "web" / "reveal.js" / "dist").rglob("*.css")]:
        body = re.sub(r"/\*.*?\*/", "", css.read_text(encoding="utf-8", errors="replace"), flags=re.S)
        if css.parent.name == "theme" and css.name != "white.css":
            continue  # themes we do not use
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", body), css


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_shared_decks_carry_no_solutions(path, decks):
    nb = nbformat.read(path, as_version=4)
    lecturer = _deck(decks, "lecturer", path).read_text(encoding="utf-8")
    shared = _deck(decks, "share", path).read_text(encoding="utf-8")
    assert '<aside class="notes">' not in shared
    assert "BEGIN SOLUTION" not in shared and "END SOLUTION" not in shared
    if any(slides.slide_type(i, c) == "notes" for i, c in enumerate(nb.cells)):
        assert '<aside class="notes">' in lecturer  # the lecturer keeps them (press S)


def test_no_slide_ends_in_a_lead_in(decks):
    """A paragraph ending in ":" is on the slide of what it introduces (83 slides of
    the lecturer's decks ended in one before the splitter kept them together)."""
    found = {}
    for deck in [*decks.glob("*.slides.html"), *(decks / slides.SHARE).glob("*.slides.html")]:
        ends = slides.ending_lead_ins(deck.read_text(encoding="utf-8"))
        if ends:
            found[deck.relative_to(decks).as_posix()] = ends
    assert found == {}, found


#: Every slide of a deck, horizontal and vertical, laid out by reveal.js in turn:
#: its content height, the smallest font of its text and of its code, any check line.
MEASURE_JS = """async () => {
  if (window.MathJax && MathJax.startup) { await MathJax.startup.promise; }
  await document.fonts.ready;
  const slides = [];
  const stacks = Reveal.getHorizontalSlides();
  for (let h = 0; h < stacks.length; h++) {
    const n = [...stacks[h].children].filter(e => e.tagName === 'SECTION').length || 1;
    for (let v = 0; v < n; v++) {
      Reveal.slide(h, v);
      const s = Reveal.getCurrentSlide();
      let body = Infinity, code = Infinity;
      const checks = [], walker = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const text = walker.currentNode, el = text.parentElement;
        if (!text.data.trim() || el.closest('aside.notes, mjx-container, svg')) continue;
        if (!el.getClientRects().length) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (el.closest('pre, code')) { code = Math.min(code, size); } else { body = Math.min(body, size); }
        for (const line of text.data.split('\\n')) { if (/^\\s*[\\u2713\\u2717]/.test(line)) checks.push(line.trim()); }
      }
      const heading = s.querySelector('h1, h2, h3, h4');
      slides.push({h, v, height: s.scrollHeight, width: s.offsetWidth, body, code, checks,
                   title: heading ? heading.textContent.replace('\\u00b6', '').trim() : ''});
    }
  }
  const config = Reveal.getConfig();
  return {slides, notes: document.querySelectorAll('aside.notes').length,
          size: [config.width, config.height], scale: Reveal.getScale()};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_deck_in_chromium(path, kind, decks, decks_url, guarded):
    nb = nbformat.read(path, as_version=4)
    has_math = any(c.cell_type == "markdown" and MATH.search(c.source) for c in nb.cells)

    def check(gp):
        page = gp.page
        page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
        math = 0
        if has_math:
            page.wait_for_selector("mjx-container", state="attached", timeout=30_000)
            math = page.locator("mjx-container").count()
        measured = page.evaluate(MEASURE_JS)
        # Move through a few slides from the start: reveal.js answers the keyboard.
        page.evaluate("() => Reveal.slide(0, 0)")
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(300)
        return measured, math, page.url, list(gp.outside), list(gp.errors)

    deck = _deck(decks, kind, path)
    text = deck.read_text(encoding="utf-8")
    # Explorers read as a sentence on a slide, never as their raw repr.
    assert "VBox(children=" not in text and "HBox(children=" not in text, path.stem
    if "application/vnd.jupyter.widget-view+json" in path.read_text(encoding="utf-8"):
        assert 'class="gl-explorer">Run the notebook to' in text, path.stem
    url = f"{decks_url}/{deck.relative_to(decks).as_posix()}"
    measured, math, url, outside, errors = guarded(url, check)
    shown = measured["slides"]
    assert len(shown) >= 2, f"{path.stem}: {len(shown)} slides"
    assert measured["size"] == [slides.WIDTH, slides.HEIGHT] and measured["scale"] == 1, measured["size"]
    where = lambda s: f"{kind} {path.stem} #/{s['h']}/{s['v']} {s['title']!r}"  # noqa: E731
    tall = [f"{where(s)}: {s['height']}px" for s in shown if s["height"] > slides.HEIGHT]
    assert tall == [], tall
    assert all(s["width"] == slides.WIDTH for s in shown), {s["width"] for s in shown}
    small = [f"{where(s)}: body {s['body']}px, code {s['code']}px" for s in shown
             if s["body"] < MIN_BODY_PX or s["code"] < MIN_CODE_PX]
    assert small == [], small
    checks = [f"{where(s)}: {s['checks'][:2]}" for s in shown if s["checks"]]
    assert checks == [], checks
    if kind == "share":
        assert measured["notes"] == 0, f"{path.stem}: speaker notes in the shared deck"
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
