"""The course as a static website (``make book``, tools/book/build.py).

The book is built once per test session into ``build/book`` (the committed
notebooks are not touched: executed copies live in ``build/book_src``).
Then, in headless Chromium (Debian's ``chromium`` through Playwright's
``executable_path``), served from 127.0.0.1: every lecture page loads with no
request leaving the machine and no console error, shows its explorers as
snapshots (rendered widgets, not their text), renders its formulas with the
book's own MathJax, and the search finds "Wythoff" and "威佐夫".

The static server, the guarded page and the tool loader are in
``gamelab_testing.static_site``; the ``chromium`` and ``guarded`` fixtures in
tests/conftest.py.
"""
from __future__ import annotations

import json
import os
import re
import urllib.parse

import pytest

from gamelab_testing import ROOT, WIDGET_MIME
from gamelab_testing.static_site import (MATH, SCREENSHOTS, load_tool, need_tools, screenshot_dir,
                                         serve)

pytestmark = pytest.mark.slow

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d+_", p.name)]


# -- the book ---------------------------------------------------------------------------

@pytest.fixture(scope="session")
def book():
    """Build the book once per session into build/book; returns its directory."""
    need_tools("jupyter_book", "nbclient")
    tool = load_tool("book_build", ROOT / "tools" / "book" / "build.py")
    # GAMELAB_BOOK_REUSE=1 reuses the executed copies even if stale (quick reruns).
    reuse = os.environ.get("GAMELAB_BOOK_REUSE") == "1"
    return tool.build(ROOT / "build" / "book", quiet=True, keep_executed=reuse)


@pytest.fixture(scope="session")
def book_url(book):
    with serve(book) as url:
        yield url


def _search_index(book):
    text = (book / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def test_every_notebook_has_a_page_and_a_link_from_the_home_page(book):
    index = (book / "index.html").read_text(encoding="utf-8")
    for nb in NOTEBOOKS:
        assert (book / f"{nb.stem}.html").exists(), nb.name
        assert f'href="{nb.stem}.html"' in index, nb.name
    for page in ("glossary", "run_live", "search"):
        assert (book / f"{page}.html").exists()
    run_live = re.sub(r"<[^>]+>", "", (book / "run_live.html").read_text(encoding="utf-8"))
    assert "make lab" in run_live and "Binder" in run_live
    assert "威佐夫博弈" in (book / "glossary.html").read_text(encoding="utf-8")


def test_no_page_loads_anything_from_outside(book):
    # Scripts, styles, images and fonts all come from the book itself.
    loads = re.compile(r"""<(?:script|img|link|iframe)\b[^>]*?\b(?:src|href)=["'](?:https?:)?//""", re.I)
    for page in book.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        bad = [m.group(0) for m in loads.finditer(text) if "rel=\"canonical\"" not in m.group(0)]
        assert not bad, f"{page.relative_to(book)}: {bad[:3]}"
    for css in book.rglob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", css.read_text(encoding="utf-8", errors="replace")), css


def test_search_index_has_english_and_chinese_words(book):
    index = _search_index(book)
    docs = index["docnames"]
    wythoff = docs.index("05_wythoff") if "05_wythoff" in docs else None

    def pages(word):
        found = set()
        for key in ("terms", "titleterms"):
            hit = index[key].get(word, [])
            found |= set(hit if isinstance(hit, list) else [hit])
        return found

    assert pages("wythoff"), "Wythoff is not in the search index"
    assert pages("威佐夫"), "威佐夫 is not in the search index"
    if wythoff is not None:
        assert wythoff in pages("wythoff") and wythoff in pages("威佐夫")


def test_executed_copies_have_widget_state(book):
    src = ROOT / "build" / "book_src"
    import nbformat

    for nb_path in LECTURES:
        nb = nbformat.read(src / nb_path.name, as_version=4)
        shows_widget = any(WIDGET_MIME in o.get("data", {}) for c in nb.cells if c.cell_type == "code"
                           for o in c.outputs)
        if shows_widget:
            state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
            assert state, nb_path.name


def _has_math(nb_path):
    import nbformat

    nb = nbformat.read(nb_path, as_version=4)
    return any(c.cell_type == "markdown" and MATH.search(c.source) for c in nb.cells)


def _has_widget(nb_path):
    text = nb_path.read_text(encoding="utf-8")
    return WIDGET_MIME in text


@pytest.mark.browser
@pytest.mark.parametrize("nb_path", LECTURES, ids=lambda p: p.stem)
def test_lecture_page_in_chromium(nb_path, book_url, guarded):
    has_widget, has_math = _has_widget(nb_path), _has_math(nb_path)

    def check(gp):
        page = gp.page
        found = {"widgets": 0, "sliders": 0, "math": 0, "raw_repr": False}
        if has_widget:
            # The embedder replaces each widget-view script by the rendered widget.
            page.wait_for_selector(".jupyter-widgets", state="attached", timeout=30_000)
            found["widgets"] = page.locator(".jupyter-widgets").count()
            found["sliders"] = page.locator(".widget-slider, .widget-hslider").count()
            found["raw_repr"] = "VBox(children=" in page.inner_text("main")
        if has_math:
            page.wait_for_selector("mjx-container", state="attached", timeout=30_000)
            found["math"] = page.locator("mjx-container").count()
        page.wait_for_timeout(300)
        return found, list(gp.outside), list(gp.errors)

    assert has_widget, f"{nb_path.stem}: a lecture without an explorer"
    found, outside, errors = guarded(f"{book_url}/{nb_path.stem}.html", check)
    if has_widget:
        assert found["widgets"] > 0, f"{nb_path.stem}: no explorer snapshot"
        assert found["sliders"] > 0, f"{nb_path.stem}: no slider in the explorer snapshots"
        assert not found["raw_repr"], f"{nb_path.stem}: a widget shows its raw repr"
    if has_math:
        assert found["math"] > 0, f"{nb_path.stem}: formulas not rendered"
    assert outside == [], f"{nb_path.stem}: requests outside the machine: {outside[:5]}"
    assert errors == [], f"{nb_path.stem}: {errors[:5]}"


@pytest.mark.browser
@pytest.mark.parametrize("query", ["Wythoff", "威佐夫"])
def test_search_finds(query, book_url, guarded):
    def check(gp):
        page = gp.page
        page.wait_for_selector("#search-results .search-summary", timeout=30_000)
        page.wait_for_function(
            "() => !document.querySelector('#search-results .search-summary').innerText.includes('Preparing')",
            timeout=30_000)
        links = page.eval_on_selector_all("#search-results ul.search li a", "as => as.map(a => a.href)")
        return links, list(gp.outside), list(gp.errors)

    links, outside, errors = guarded(f"{book_url}/search.html?q={urllib.parse.quote(query)}", check)
    assert any("05_wythoff.html" in link for link in links), (query, links)
    assert outside == [] and errors == [], (outside, errors)


@pytest.mark.browser
@pytest.mark.parametrize("name", ["index", "glossary", "run_live"])
def test_other_pages_in_chromium(name, book_url, guarded):
    outside, errors = guarded(f"{book_url}/{name}.html", lambda gp: (list(gp.outside), list(gp.errors)))
    assert outside == [] and errors == [], (name, outside, errors)


@pytest.mark.browser
def test_screenshot_book_page(request):
    if not SCREENSHOTS:
        pytest.skip("screenshots are written by `make screenshots` (GAMELAB_SCREENSHOTS=docs)")
    book_url = request.getfixturevalue("book_url")
    target = screenshot_dir() / "book_01_bash.png"

    def shoot(gp):
        page = gp.page
        widget = page.locator(".jupyter-widgets.widget-vbox").first
        widget.wait_for(state="visible", timeout=30_000)
        page.evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 160)",
                      widget.element_handle())
        page.wait_for_timeout(500)
        page.screenshot(path=str(target))
        return list(gp.outside), list(gp.errors)

    assert request.getfixturevalue("guarded")(f"{book_url}/01_bash.html", shoot) == ([], [])
