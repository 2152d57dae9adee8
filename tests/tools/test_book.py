"""The course as a static website (``make book``, tools/book/build.py).

The book is built once per test run into ``build/book``, and its student
edition into ``build/book-student`` (the committed notebooks are not
touched: the executed copies are those of the store, ``build/executed/en``,
tools/executed.py).  No solution of any notebook appears in the student book,
while the teacher's book shows them.
Then, in headless Chromium (Debian's ``chromium`` through Playwright's
``executable_path``), served from 127.0.0.1: every lecture page loads with no
request leaving the machine and no console error, shows its explorers as
snapshots (rendered widgets, not their text), each with the snapshot label
right before it, renders its formulas with the book's own MathJax, and the
search finds "Wythoff" and "威佐夫" with excerpts from the pages' text, served
and opened from disk (``file://``) alike.

The live site is built into ``<book>/live`` (the student site for the
student book) when its tools are installed (``.venv-lite``): every page of a
notebook has the "Run this lecture live" link under its title, and every
snapshot label, leading to ``live/lab/index.html?path=<notebook>``, and the
live site holds that notebook (the student edition in the student book).
Every page carries the "English / 中文" switch; that it leads to the
Chinese book's same page is checked in tests/tools/test_book_zh.py, which
shares the books built here (``built_book``: each book is built once per run,
whichever test, and whichever pytest-xdist worker, asks first).

The books, the static server, the guarded page and the tool loader are in
``gamelab_testing.static_site``; the ``chromium`` and ``guarded`` fixtures in
tests/conftest.py.
"""
from __future__ import annotations

import json
import re
import sys
import urllib.parse

import nbformat
import pytest

from gamelab_testing import ROOT, WIDGET_MIME, solutions
from gamelab_testing.static_site import (MATH, SCREENSHOTS, built_book, load_tool, screenshot_dir,
                                         serve)

#: One pytest-xdist worker builds the English book and its student edition (their executed
#: copies are the same); the Chinese book's tests (test_book_zh.py) build theirs on another.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("book")]

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d+_", p.name)]
STUDENT = load_tool("student_tool", ROOT / "tools" / "student.py")
EXECUTED = load_tool("executed_tool", ROOT / "tools" / "executed.py")


# -- the book ---------------------------------------------------------------------------

def executed_copy(nb_path):
    """The executed copy of a notebook the book is made from (the store's, in English)."""
    return EXECUTED.copy_path(nb_path, "en")


def need_live(book):
    if not (book / "live" / "lab" / "index.html").exists():
        pytest.skip("no live site: its build tools are missing (.venv-lite: make lite installs them) "
                    "or GAMELAB_BOOK_LIVE=0")


@pytest.fixture(scope="session")
def book():
    """The book, once per run, in build/book; returns its directory."""
    return built_book()


@pytest.fixture(scope="session")
def student_book():
    """The student edition of the book, once per run, in build/book-student."""
    return built_book(student=True)


@pytest.fixture(scope="session")
def book_url(book):
    with serve(book) as url:
        yield url


@pytest.fixture(scope="session")
def student_book_url(student_book):
    with serve(student_book) as url:
        yield url


# -- solutions, as words ----------------------------------------------------------------

_words = solutions.words


def _page_words(page):
    return solutions.html_words(page.read_text(encoding="utf-8"))


def _notebook_words(nb):
    parts = []
    for cell in nb.cells:
        parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            parts += [v for k, v in output.get("data", {}).items() if k.startswith("text/")]
    return _words("\n".join(p if isinstance(p, str) else "".join(p) for p in parts))


def student_words(notebooks):
    """The words of the student edition of every notebook (sources and outputs)."""
    return " ".join(_notebook_words(STUDENT.student_notebook(nbformat.read(p, as_version=4),
                                                             notebook=p.name))
                    for p in notebooks)


solution_lines = solutions.solution_lines


def _search_index(book):
    text = (book / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def test_every_notebook_has_a_page_and_a_link_from_the_home_page(book):
    index = (book / "index.html").read_text(encoding="utf-8")
    for nb in NOTEBOOKS:
        assert (book / f"{nb.stem}.html").exists(), nb.name
        assert f'href="{nb.stem}.html"' in index, nb.name
    for page in ("glossary", "api", "run_live", "search"):
        assert (book / f"{page}.html").exists()
    run_live = re.sub(r"<[^>]+>", "", (book / "run_live.html").read_text(encoding="utf-8"))
    assert "make lab" in run_live and "Binder" in run_live
    assert "威佐夫博弈" in (book / "glossary.html").read_text(encoding="utf-8")


#: The "Run this lecture live" link under a page's title, and the snapshot labels' links.
LIVE_LINK = re.compile(r'<p class="gamelab-live-link"><a href="([^"]+)">(.*?)</a></p>', re.S)
SNAPSHOT_LINK = re.compile(r'<div class="gamelab-snapshot-note"[^>]*>.*?<a href="([^"]+)">', re.S)
SWITCH = re.compile(r'<nav class="gamelab-lang-switch"[^>]*>.*?<a href="([^"]+)"', re.S)


def live_target(book, href):
    """The file of the book an href leads to, and the notebook its ``path=`` opens."""
    url = urllib.parse.urlsplit(href)
    return book / urllib.parse.unquote(url.path), urllib.parse.parse_qs(url.query).get("path", [""])[0]


def check_live_links(book, notebooks):
    """Every notebook's page has the live link right under its title, the snapshot labels
    link to the same address, and it leads to the live site holding that notebook; returns
    the links' texts, by page."""
    texts = {}
    for nb in notebooks:
        page = (book / f"{nb.stem}.html").read_text(encoding="utf-8")
        links = LIVE_LINK.findall(page)
        assert len(links) == 1, f"{nb.stem}: {len(links)} live links"
        href, text = links[0]
        texts[nb.stem] = text
        assert href == f"live/lab/index.html?path={nb.stem}.ipynb", (nb.stem, href)
        assert re.search(r'</h1>\s*<p class="gamelab-live-link">', page), f"{nb.stem}: not under the title"
        assert all(link == href for link in SNAPSHOT_LINK.findall(page)), nb.stem
        target, opened = live_target(book, href)
        assert target.is_file(), target
        assert (book / "live" / "files" / opened).is_file(), (nb.stem, opened)
    return texts


def test_every_page_has_the_live_link(book):
    need_live(book)
    texts = check_live_links(book, NOTEBOOKS)
    assert texts and all(("Run the course map live" if stem == "course_map" else
                          "Run this lecture live") in t for stem, t in texts.items()), texts
    # the live site holds the teacher's notebooks, as the book does
    live = nbformat.read(book / "live" / "files" / "05_wythoff.ipynb", as_version=4)
    assert [c.source for c in live.cells] == [c.source for c in nbformat.read(
        ROOT / "notebooks" / "05_wythoff.ipynb", as_version=4).cells]


def test_student_book_links_the_student_site(student_book):
    need_live(student_book)
    check_live_links(student_book, NOTEBOOKS)
    for nb_path in LECTURES:
        live = nbformat.read(student_book / "live" / "files" / nb_path.name, as_version=4)
        want = STUDENT.student_notebook(nbformat.read(nb_path, as_version=4), notebook=nb_path.name)
        assert [c.source for c in live.cells] == [c.source for c in want.cells], nb_path.name


def _main_html(page):
    """The page's article (no navigation, no contents list)."""
    text = page.read_text(encoding="utf-8")
    return text[text.index("<article"):text.index("</article>")]


def test_home_page_and_run_live_lead_with_the_browser(book):
    for name in ("index", "run_live"):
        main = re.sub(r'<a [^>]*href="live/lab/index\.html\?path=course_map\.ipynb"', " LIVE-LINK <a",
                      _main_html(book / f"{name}.html"))
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", main))
        live = text.find("LIVE-LINK")
        assert live > -1, name
        assert -1 < live < text.find("make lab") and live < text.find("Binder"), name
    run_live = re.sub(r"<[^>]+>", "", _main_html(book / "run_live.html"))
    assert "30–60" in run_live and "offline" in run_live
    assert "build/book" in run_live and "static host" in run_live


def test_every_page_has_the_language_switch(book):
    pages = sorted(p for p in book.glob("*.html") if p.stem not in ("search", "genindex"))
    assert len(pages) > len(NOTEBOOKS)
    for page in pages:
        links = SWITCH.findall(page.read_text(encoding="utf-8"))
        assert links == [f"../book-zh/{page.name}"], (page.name, links)


def test_home_page_links_the_api_reference(book):
    index = (book / "index.html").read_text(encoding="utf-8")
    assert 'href="api.html"' in index
    api = _page_words(book / "api.html")
    heading = re.search(r"^# (.+)$", (ROOT / "API.md").read_text(encoding="utf-8"), re.M).group(1)
    assert _words(heading) in api
    names = re.findall(r"^\| `(\w+)\(", (ROOT / "API.md").read_text(encoding="utf-8"), re.M)
    assert names and all(name.lower() in api.split() for name in names)


def test_student_book_has_no_solution(book, student_book):
    student = student_words(executed_copy(nb) for nb in NOTEBOOKS)
    solutions = {nb.stem: solution_lines(nb, student) for nb in NOTEBOOKS}
    assert sum(map(len, solutions.values())) > 100, "too few solution lines to check"
    student_pages = " ".join(_page_words(p) for p in student_book.rglob("*.html"))
    teacher_pages = {nb.stem: _page_words(book / f"{nb.stem}.html") for nb in NOTEBOOKS}
    for stem, lines in solutions.items():
        leaked = [w for w in lines if f" {w} " in f" {student_pages} "]
        assert leaked == [], f"{stem}: solution text in the student book: {leaked[:3]}"
        # The same lines are found in the teacher's book, so the search for them works.
        shown = [w for w in lines if f" {w} " in f" {teacher_pages[stem]} "]
        assert len(shown) >= 0.8 * len(lines), (stem, len(shown), len(lines))
    for nb in NOTEBOOKS:
        assert (student_book / f"{nb.stem}.html").exists(), nb.name


def test_student_book_keeps_the_lecture_outputs(student_book):
    # Every lecture's last output that is not in an exercise is on its student page.
    for nb_path in LECTURES:
        teacher = nbformat.read(executed_copy(nb_path), as_version=4)
        student = STUDENT.student_notebook(teacher, notebook=nb_path.name)
        kept = [o["text"] for c in student.cells if c.cell_type == "code" for o in c.outputs
                if o.get("output_type") == "stream" and len(_words(o["text"]).split()) >= 3]
        assert kept, nb_path.name
        assert _words(kept[0]) in _page_words(student_book / f"{nb_path.stem}.html"), nb_path.name


def test_build_output_is_filtered(capsys):
    # What jupyter-book and the kernels print around a build, and one real warning.
    tool = load_tool("book_build", ROOT / "tools" / "book" / "build.py")
    chatter = ["Running Jupyter-Book v1.0.4", "Output Path: build/book_work/_build/html",
               "\x1b[92m=====\x1b[0m", "Finished generating HTML for book.",
               "Your book's HTML pages are here:", "    build/book_work/_build/html/",
               "[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All ...",
               "WARNING: a real problem on page 05"]
    script = "import sys\nfor line in sys.argv[1:]: print(line)"
    tool.run_filtered([sys.executable, "-c", script, *chatter])
    assert capsys.readouterr().out.splitlines() == ["WARNING: a real problem on page 05"]


#: Dot-files a published book holds on purpose (GitHub Pages then serves the folder as it is).
PUBLISHED_DOTFILES = {".nojekyll"}
#: Build artefacts, wherever they are (a dot-folder or dot-file is one too).
ARTEFACT = re.compile(r"\.(doit\.db|buildinfo|pyc|pickle|doctree)$|(^|/)(__pycache__|_build|book_work)(/|$)")


def leftovers(folder):
    """What a published folder holds that its site does not serve: build artefacts, and
    files naming the build machine's own folders (the repository's absolute path)."""
    found = []
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if (any(part.startswith(".") for part in path.relative_to(folder).parts)
                and rel not in PUBLISHED_DOTFILES) or ARTEFACT.search(rel):
            found.append(rel)
        elif path.is_file() and str(ROOT).encode() in path.read_bytes():
            found.append(f"{rel} (holds {ROOT})")
    return found


def test_the_published_books_hold_only_what_they_serve(book, student_book):
    """``make book`` publishes its folder: no build folder (the live site's sources, its
    Pyodide wheels, JupyterLite's database of absolute paths), no build artefact and no
    absolute path of the build machine is in it, live site included."""
    for folder in (book, student_book):
        found = leftovers(folder)
        assert not found, f"{folder.name}: {len(found)} build leftovers, the first: {found[:5]}"


def test_leftovers_are_found(tmp_path):
    (tmp_path / ".nojekyll").touch()
    (tmp_path / "index.html").write_text("<p>the course</p>")
    assert leftovers(tmp_path) == []
    (tmp_path / ".live-src").mkdir()
    (tmp_path / ".live-src" / ".jupyterlite.doit.db").write_text("x")
    (tmp_path / "live").mkdir()
    (tmp_path / "live" / "api.json").write_text(f'{{"path": "{ROOT}/build/book/live"}}')
    (tmp_path / ".buildinfo").write_text("config: 1")
    assert leftovers(tmp_path) == [".buildinfo", ".live-src", ".live-src/.jupyterlite.doit.db",
                                   f"live/api.json (holds {ROOT})"]


def test_every_page_says_which_edition_it_is(book, student_book):
    """Every page of the teacher's book says that its solutions are filled in and that a
    class gets the student edition; every page of the student's says it is that one."""
    build = load_tool("book_build", ROOT / "tools" / "book" / "build.py")
    for folder, student in ((book, False), (student_book, True)):
        pages = sorted(folder.glob("*.html"))
        assert len(pages) > len(NOTEBOOKS)
        for page in pages:
            html = page.read_text(encoding="utf-8")
            assert f'class="{build.EDITION_CLASS}"' in html, page.name
            assert ("make book STUDENT=1" in html) != student, page.name
            assert ("Student edition" in html) == student, page.name


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
    for nb_path in LECTURES:
        nb = nbformat.read(executed_copy(nb_path), as_version=4)
        shows_widget = any(WIDGET_MIME in o.get("data", {}) for c in nb.cells if c.cell_type == "code"
                           for o in c.outputs)
        if shows_widget:
            state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
            assert state, nb_path.name


def _has_math(nb_path):
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


#: For each widget view on a page: is the element right before it (the rendered
#: widget aside) the snapshot label, is the label visible above the widget and
#: readable (font size in px, inside the 1280-pixel-wide window)?
LABELS_JS = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].map(view => {
  let widget = view.previousElementSibling;
  let before = widget;
  if (widget && widget.classList.contains('widget-subarea')) before = widget.previousElementSibling;
  const label = before && (before.matches('.gamelab-snapshot-note') ? before
                           : before.querySelector(':scope > .gamelab-snapshot-note'));
  if (!label) return {labelled: false};
  const box = label.getBoundingClientRect();
  const top = widget && widget !== before ? widget.getBoundingClientRect().top : box.bottom;
  return {labelled: true, text: label.innerText, above: box.bottom <= top + 1,
          height: box.height, left: box.left, right: box.right,
          font: parseFloat(getComputedStyle(label).fontSize)};
})"""


@pytest.mark.browser
@pytest.mark.parametrize("nb_path", LECTURES, ids=lambda p: p.stem)
def test_every_widget_snapshot_is_labelled(nb_path, book_url, guarded):
    def check(gp):
        gp.page.wait_for_selector(".widget-subarea", state="attached", timeout=30_000)
        gp.page.wait_for_timeout(300)
        return gp.page.evaluate(LABELS_JS), list(gp.errors)

    views, errors = guarded(f"{book_url}/{nb_path.stem}.html", check)
    assert views, f"{nb_path.stem}: no widget view"
    for i, view in enumerate(views):
        assert view["labelled"], f"{nb_path.stem}: widget view {i} has no snapshot label before it"
        assert "Snapshot" in view["text"] and "make lab" in view["text"], view
        assert view["above"] and view["height"] > 0, (nb_path.stem, i, view)
        assert view["font"] >= 14 and 0 <= view["left"] < view["right"] <= 1280, (nb_path.stem, i, view)
    assert errors == [], errors


def _search(url, guarded):
    """The search page's result links and their excerpts, and what went wrong."""
    def check(gp):
        page = gp.page
        page.wait_for_selector("#search-results .search-summary", timeout=30_000)
        page.wait_for_function(
            "() => !document.querySelector('#search-results .search-summary').innerText.includes('Preparing')",
            timeout=30_000)
        page.wait_for_timeout(500)
        found = page.eval_on_selector_all(
            "#search-results ul.search li",
            "lis => lis.map(li => [li.querySelector('a').href, "
            "(li.querySelector('p.context') || {innerText: ''}).innerText])")
        return found, list(gp.outside), list(gp.errors)

    return guarded(url, check)


@pytest.mark.browser
@pytest.mark.parametrize("where", ["http", "file"])
@pytest.mark.parametrize("query", ["Wythoff", "威佐夫"])
def test_search_finds(query, where, book, book_url, guarded):
    base = book_url if where == "http" else book.resolve().as_uri()
    found, outside, errors = _search(f"{base}/search.html?q={urllib.parse.quote(query)}", guarded)
    assert any("05_wythoff.html" in link for link, _ in found), (query, found)
    assert outside == [] and errors == [], (outside, errors)
    for link, excerpt in found:
        # An excerpt from the page's text around the word, not its contents list.
        assert query.lower() in excerpt.lower(), (link, excerpt)
        assert not excerpt.startswith("Contents"), (link, excerpt)


@pytest.mark.browser
def test_student_book_pages_and_search(student_book_url, guarded):
    for name in ("index", "05_wythoff"):
        outside, errors = guarded(f"{student_book_url}/{name}.html",
                                  lambda gp: (list(gp.outside), list(gp.errors)))
        assert outside == [] and errors == [], (name, outside, errors)
    found, outside, errors = _search(f"{student_book_url}/search.html?q=Wythoff", guarded)
    assert any("05_wythoff.html" in link for link, _ in found), found
    assert all("wythoff" in excerpt.lower() for _, excerpt in found), found
    assert outside == [] and errors == [], (outside, errors)


@pytest.mark.browser
@pytest.mark.parametrize("name", ["index", "glossary", "api", "run_live"])
def test_other_pages_in_chromium(name, book_url, guarded):
    outside, errors = guarded(f"{book_url}/{name}.html", lambda gp: (list(gp.outside), list(gp.errors)))
    assert outside == [] and errors == [], (name, outside, errors)


@pytest.mark.browser
def test_live_link_opens_the_lecture_in_the_browser(book, book_url, guarded):
    # Following the link of a lecture page opens that notebook in the live JupyterLab.
    need_live(book)

    def check(gp):
        page = gp.page
        page.click("p.gamelab-live-link a")
        page.wait_for_selector(".jp-NotebookPanel", timeout=120_000)
        page.wait_for_selector(".jp-MarkdownCell", timeout=60_000)
        tab = page.locator(".lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel").first.inner_text()
        return page.url, tab, page.inner_text(".jp-NotebookPanel:not(.lm-mod-hidden)"), list(gp.outside)

    url, tab, text, outside = guarded(f"{book_url}/05_wythoff.html", check)
    assert url.startswith(f"{book_url}/live/lab/index.html"), url
    assert tab == "05_wythoff.ipynb" and "Wythoff" in text, (tab, text[:200])
    assert outside == [], outside


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
