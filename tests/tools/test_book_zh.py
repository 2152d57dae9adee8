"""The Chinese book (``make book LANG=zh_CN``: tools/book/build.py --lang zh_CN).

The Chinese book is built once per test run into ``build/book-zh``: the
notebooks translated by ``translate_notebook`` (tools/i18n.py) and executed
like the English book's copies (the store's, ``build/executed/zh_CN``,
tools/executed.py), the book's own words from
``locales/zh_CN/LC_MESSAGES/book.po``, and its live site in
``build/book-zh/live``.  The English book (``build/book``) is built once per
run too, shared with tests/tools/test_book.py (``built_book`` of
``gamelab_testing.static_site``: no test file imports another).

Checked: the catalogue translates every message of the book, keeping its
placeholders, links, tags and the glossary's terms; every page is there in
Chinese, what its code prints too, with its "run this lecture live" link leading to the Chinese live
site; the "English / 中文" switch of every page of each book leads to the
same page of the other; the search index stays small and finds 威佐夫 and
阶梯博弈 on their lectures; and in headless Chromium, as for the English
book: no request leaves the machine, no console error, the formulas and the
explorers render, each snapshot is labelled, the search finds the lectures
and the switch links open.
"""
from __future__ import annotations

import html
import json
import re
import urllib.parse

import nbformat
import pytest

from gamelab_testing import ROOT, WIDGET_MIME
from gamelab_testing.static_site import MATH, built_book, load_tool, serve

#: One pytest-xdist worker builds the Chinese book (the English book is built once per run
#: by whichever worker asks first: tests/tools/test_book.py's, as a rule).
pytestmark = pytest.mark.xdist_group("book-zh")

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d+_", p.name)]
PAGES = load_tool("book_pages", ROOT / "tools" / "book" / "book_pages.py")
I18N = load_tool("i18n_tool", ROOT / "tools" / "i18n.py")
EXECUTED = load_tool("executed_tool", ROOT / "tools" / "executed.py")
CJK = re.compile(r"[\u4e00-\u9fff]")
LIVE_LINK = re.compile(r'<p class="gamelab-live-link"><a href="([^"]+)">(.*?)</a></p>', re.S)
SNAPSHOT_LINK = re.compile(r'<div class="gamelab-snapshot-note"[^>]*>.*?<a href="([^"]+)">', re.S)
SWITCH = re.compile(r'<nav class="gamelab-lang-switch"[^>]*>.*?<a href="([^"]+)"', re.S)
#: Searches and the lecture each must find first.
SEARCHES = {"威佐夫": "05_wythoff", "阶梯博弈": "07_staircase_nim"}


# -- the catalogue of the book's words (fast) -----------------------------------------------

def _kept(text):
    """What a translation of the book's words keeps: placeholders, link targets, tags, formulas."""
    parts = I18N.invariants(text)
    return {"placeholders": sorted(re.findall(r"\{\w+\}", text)), "links": parts["link target"],
            "tags": parts["HTML tag"], "formulas": parts["formula"]}


def test_the_catalogue_translates_every_message():
    words = PAGES.Words("zh_CN")   # raises, naming the first message without a translation
    terms = I18N.glossary("zh_CN")
    messages = PAGES.messages()
    assert len(messages) > 20
    for message in messages:
        zh = words(message)
        assert CJK.search(zh) and zh != message, f"not translated: {message[:60]!r}"
        assert _kept(zh) == _kept(message), (message[:60], _kept(zh), _kept(message))
        english = I18N.prose(message)
        for pattern, required, _ in terms:
            if pattern.search(english):
                assert required.search(I18N.prose(zh)), (message[:60], required.pattern)


def test_a_message_without_translation_stops_the_book(monkeypatch):
    new = "A sentence the catalogue has never seen."
    monkeypatch.setattr(PAGES, "messages", lambda: [*PAGES.WORDS, new])
    with pytest.raises(PAGES.MissingTranslation, match="never seen"):
        PAGES.Words("zh_CN")
    assert PAGES.Words("en")(new) == new


def test_markdown_translation_keeps_the_code_blocks():
    text = (ROOT / "tools" / "book" / "run_live.md").read_text(encoding="utf-8")
    zh = PAGES.Words("zh_CN").markdown(text)
    code = [b for translatable, b in PAGES.blocks(text) if not translatable]
    assert len(code) >= 2 and all(b in zh for b in code)
    assert [b for t, b in PAGES.blocks(zh) if not t] == code


# -- the books ---------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def zh_book():
    return built_book(lang="zh_CN")


@pytest.fixture(scope="session")
def en_book():
    return built_book()


@pytest.fixture(scope="session")
def site_url(zh_book, en_book):
    """Both books served side by side, as they are published: ``<url>/book``, ``<url>/book-zh``."""
    assert zh_book.parent == en_book.parent
    with serve(zh_book.parent) as url:
        yield url


def _text(page):
    """A page's text, its quotes as typed (Sphinx makes them typographic)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))
    return re.sub(r"\s+", " ", text.translate({0x2019: "'", 0x2018: "'", 0x201c: '"', 0x201d: '"'}))


def _search_index(book):
    text = (book / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


@pytest.mark.slow
def test_every_page_is_in_chinese(zh_book):
    words = PAGES.Words("zh_CN")
    for nb_path in NOTEBOOKS:
        page = zh_book / f"{nb_path.stem}.html"
        assert '<html lang="zh-CN"' in page.read_text(encoding="utf-8"), nb_path.name
        nb = nbformat.read(EXECUTED.copy_path(nb_path, "zh_CN"), as_version=4)
        assert nb.metadata.get("language") == "zh_CN", nb_path.name
        first = next(c.source for c in nb.cells if c.cell_type == "markdown")
        title = re.search(r"^# (.+)$", first, re.M).group(1).strip()
        assert CJK.search(title) and title in _text(page), (nb_path.name, title)
    index = _text(zh_book / "index.html")
    for message in (PAGES.HOME_BOOK, PAGES.CONTENTS, PAGES.GLOSSARY_LINK, PAGES.TITLE):
        assert words(message) in index, message
    run_live = zh_book / "run_live.html"
    assert "make lab" in _text(run_live) and "Binder" in _text(run_live)
    assert words("# Run it live")[2:] in _text(run_live)
    assert "威佐夫博弈" in _text(zh_book / "glossary.html")


@pytest.mark.slow
def test_the_pages_show_what_the_code_prints_in_chinese(zh_book):
    # a sentence a code cell prints (a message of 03_nim.po), and a table's title (of 02_subtraction_games.po)
    nim = _text(zh_book / "03_nim.html")
    assert re.search(r"全部 \d+ 个必胜态都有奇数个必胜着法", nim) and "an odd number of winning moves" not in nim
    assert "朴素搜索得到的 G(n)" in _text(zh_book / "02_subtraction_games.html")


@pytest.mark.slow
def test_every_page_has_the_chinese_live_link(zh_book):
    if not (zh_book / "live" / "lab" / "index.html").exists():
        pytest.skip("no live site: its build tools are missing (.venv-lite: make lite installs them) "
                    "or GAMELAB_BOOK_LIVE=0")
    words = PAGES.Words("zh_CN")
    for nb_path in NOTEBOOKS:
        text = words(PAGES.LIVE_COURSE_LINK if nb_path.stem == "course_map" else PAGES.LIVE_LINK)
        page = (zh_book / f"{nb_path.stem}.html").read_text(encoding="utf-8")
        assert LIVE_LINK.findall(page) == [(f"live/lab/index.html?path={nb_path.stem}.ipynb", text)], nb_path
        assert re.search(r'</h1>\s*<p class="gamelab-live-link">', page), nb_path.stem
        assert set(SNAPSHOT_LINK.findall(page)) <= {f"live/lab/index.html?path={nb_path.stem}.ipynb"}
        # The live site opens the Chinese notebook: the markdown of its translation.
        live = nbformat.read(zh_book / "live" / "files" / nb_path.name, as_version=4)
        markdown = [c.source for c in I18N.translate_notebook(nb_path, "zh_CN").cells
                    if c.cell_type == "markdown"]
        assert [c.source for c in live.cells if c.cell_type == "markdown"] == markdown, nb_path.name


@pytest.mark.slow
def test_the_language_switches_lead_to_the_same_page(zh_book, en_book):
    for here, there in ((zh_book, en_book), (en_book, zh_book)):
        pages = sorted(p for p in here.glob("*.html") if p.stem not in ("search", "genindex"))
        assert len(pages) > len(NOTEBOOKS)
        for page in pages:
            links = SWITCH.findall(page.read_text(encoding="utf-8"))
            assert len(links) == 1, (page, links)
            target = (page.parent / urllib.parse.unquote(links[0])).resolve()
            assert target == (there / page.name).resolve() and target.is_file(), (page, links)


@pytest.mark.slow
def test_search_index_is_small_and_finds_the_lectures(zh_book, en_book):
    size = (zh_book / "searchindex.js").stat().st_size
    english = (en_book / "searchindex.js").stat().st_size
    chinese_chars = sum(len(CJK.findall(_text(zh_book / f"{p.stem}.html"))) for p in NOTEBOOKS)
    # Each Chinese character of the pages costs a few index terms, not dozens.
    assert size < english + 40 * chinese_chars, (size, english, chinese_chars)
    index = _search_index(zh_book)
    docs = index["docnames"]
    for word, stem in SEARCHES.items():
        hits = set()
        for key in ("terms", "titleterms"):
            hit = index[key].get(word, [])
            hits |= set(hit if isinstance(hit, list) else [hit])
        assert docs.index(stem) in hits, (word, stem, [docs[h] for h in hits])


@pytest.mark.slow
def test_no_chinese_page_loads_anything_from_outside(zh_book):
    loads = re.compile(r"""<(?:script|img|link|iframe)\b[^>]*?\b(?:src|href)=["'](?:https?:)?//""", re.I)
    for page in zh_book.rglob("*.html"):
        bad = [m.group(0) for m in loads.finditer(page.read_text(encoding="utf-8"))
               if 'rel="canonical"' not in m.group(0)]
        assert not bad, f"{page.relative_to(zh_book)}: {bad[:3]}"


# -- in Chromium --------------------------------------------------------------------------------

def _has_math(nb_path):
    nb = nbformat.read(nb_path, as_version=4)
    return any(c.cell_type == "markdown" and MATH.search(c.source) for c in nb.cells)


LABELS_JS = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].map(view => {
  let before = view.previousElementSibling;
  if (before && before.classList.contains('widget-subarea')) before = before.previousElementSibling;
  const label = before && (before.matches('.gamelab-snapshot-note') ? before
                           : before.querySelector(':scope > .gamelab-snapshot-note'));
  return label ? label.innerText : null;
})"""


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("nb_path", LECTURES, ids=lambda p: p.stem)
def test_chinese_lecture_page_in_chromium(nb_path, site_url, guarded):
    executed = EXECUTED.copy_path(nb_path, "zh_CN")
    has_math = _has_math(executed)
    assert WIDGET_MIME in executed.read_text(encoding="utf-8"), f"{nb_path.stem}: no explorer"

    def check(gp):
        page = gp.page
        page.wait_for_selector(".jupyter-widgets", state="attached", timeout=30_000)
        found = {"widgets": page.locator(".jupyter-widgets").count(),
                 "sliders": page.locator(".widget-slider, .widget-hslider").count(),
                 "raw_repr": "VBox(children=" in page.inner_text("main"), "math": 0}
        if has_math:
            page.wait_for_selector("mjx-container", state="attached", timeout=30_000)
            found["math"] = page.locator("mjx-container").count()
        page.wait_for_timeout(300)
        found["labels"] = page.evaluate(LABELS_JS)
        return found, list(gp.outside), list(gp.errors)

    found, outside, errors = guarded(f"{site_url}/book-zh/{nb_path.stem}.html", check)
    assert found["widgets"] > 0 and found["sliders"] > 0, (nb_path.stem, found)
    assert not found["raw_repr"], f"{nb_path.stem}: a widget shows its raw repr"
    if has_math:
        assert found["math"] > 0, f"{nb_path.stem}: formulas not rendered"
    assert found["labels"] and all(t and "快照" in t and "make lab" in t for t in found["labels"]), found
    assert outside == [], f"{nb_path.stem}: requests outside the machine: {outside[:5]}"
    assert errors == [], f"{nb_path.stem}: {errors[:5]}"


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("name", ["index", "glossary", "api", "run_live"])
def test_chinese_other_pages_in_chromium(name, site_url, guarded):
    outside, errors = guarded(f"{site_url}/book-zh/{name}.html",
                              lambda gp: (list(gp.outside), list(gp.errors)))
    assert outside == [] and errors == [], (name, outside, errors)


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("where", ["http", "file"])
@pytest.mark.parametrize("query", sorted(SEARCHES))
def test_chinese_search_finds(query, where, zh_book, site_url, guarded):
    base = f"{site_url}/book-zh" if where == "http" else zh_book.resolve().as_uri()

    def check(gp):
        page = gp.page
        # Sphinx's "Search finished, ..." in Chinese, once every result is listed.
        page.wait_for_function(
            "() => (document.getElementById('search-results') || {innerText: ''}).innerText"
            ".includes('搜索完成')", timeout=30_000)
        page.wait_for_timeout(300)
        found = page.eval_on_selector_all(
            "#search-results ul.search li",
            "lis => lis.map(li => [li.querySelector('a').href, "
            "(li.querySelector('p.context') || {innerText: ''}).innerText])")
        return found, list(gp.outside), list(gp.errors)

    found, outside, errors = guarded(f"{base}/search.html?q={urllib.parse.quote(query)}", check)
    assert found and f"/{SEARCHES[query]}.html" in found[0][0], (query, found[:3])
    assert outside == [] and errors == [], (outside, errors)
    for link, excerpt in found:
        assert query in excerpt, (link, excerpt)


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("start, lang", [("book-zh", "en"), ("book", "zh-CN")])
def test_the_language_switch_opens_the_other_book(start, lang, site_url, guarded):
    def check(gp):
        page = gp.page
        page.click("nav.gamelab-lang-switch a")
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        return page.url, page.evaluate("document.documentElement.lang"), list(gp.outside), list(gp.errors)

    url, got_lang, outside, errors = guarded(f"{site_url}/{start}/05_wythoff.html", check)
    other = "book" if start == "book-zh" else "book-zh"
    assert url == f"{site_url}/{other}/05_wythoff.html" and got_lang == lang, (url, got_lang)
    assert outside == [] and errors == [], (outside, errors)
