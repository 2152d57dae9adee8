"""The course as a static website (``make book``, tools/book/build.py).

The book is built once per test session into ``build/book`` (the committed
notebooks are not touched: executed copies live in ``build/book_src``).
Then, in headless Chromium (Debian's ``chromium`` through Playwright's
``executable_path``), served from 127.0.0.1: every lecture page loads with no
request leaving the machine and no console error, shows its explorers as
snapshots (rendered widgets, not their text), renders its formulas with the
book's own MathJax, and the search finds "Wythoff" and "威佐夫".

The helpers here (a local static server and a guarded page) are shared with
tests/test_slides.py.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import pathlib
import re
import shutil
import threading
import urllib.parse

import pytest

from gamelab_testing import ROOT

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium")
NO_CHROMIUM = "Chromium not installed: apt-get install chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LECTURES = [p for p in NOTEBOOKS if re.match(r"\d+_", p.name)]
#: Markdown that MathJax turns into a formula: $...$, $$...$$, \(...\), \[...\].
MATH = re.compile(r"(?<![\\$])\$\$?[^$\n]+?\$\$?|\\\(.+?\\\)|\\\[.+?\\\]", re.S)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def load_tool(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def need_tools(*modules, npm=True):
    """Skip with the reason when a tool the build needs is missing."""
    for module in modules:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} not installed: pip install -e '.[book]' (make test installs it)")
    if npm and shutil.which("npm") is None:
        pytest.skip("npm not installed: apt-get install nodejs npm")


# -- a local static server and a guarded Chromium page --------------------------------

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory):
    """Serve ``directory`` on 127.0.0.1 at a free port; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class BrowserThread:
    """Headless Chromium driven from a thread of its own.

    Playwright's sync API allows one instance per thread, and the JupyterLab
    browser tests (tests/browser) keep theirs open for the whole session; so
    these tests talk to their own Chromium from a worker thread:
    ``browser.run(fn)`` calls ``fn(context)`` there and returns its result
    (or raises its exception, assertion errors included).
    """

    def __init__(self, profile_dir):
        import concurrent.futures

        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="chromium")
        self._pw = self._context = None
        self._pool.submit(self._start, profile_dir).result()

    def _start(self, profile_dir):
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        try:
            self._context = self._pw.chromium.launch_persistent_context(
                user_data_dir=str(profile_dir), executable_path=CHROMIUM, headless=True,
                args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 720},
                device_scale_factor=1, locale="en-US", timezone_id="UTC")
        except Exception:
            self._pw.stop()
            raise

    def run(self, fn, *args):
        return self._pool.submit(fn, self._context, *args).result()

    def _stop(self):
        try:
            self._context.close()
        finally:
            self._pw.stop()

    def close(self):
        try:
            self._pool.submit(self._stop).result()
        finally:
            self._pool.shutdown()


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """A headless Chromium in its own thread (skips where Chromium is missing)."""
    if not CHROMIUM:
        pytest.skip(NO_CHROMIUM)
    browser = BrowserThread(tmp_path_factory.mktemp("chromium-static"))
    yield browser
    browser.close()


class GuardedPage:
    """A page whose requests outside 127.0.0.1 are blocked and counted, and
    whose console errors and uncaught exceptions are recorded."""

    LOCAL_SCHEMES = {"data", "blob", "about", "file"}

    def __init__(self, context):
        self.page = context.new_page()
        self.outside = []
        self.errors = []
        self.page.route("**/*", self._route)
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"console: {m.text} ({m.location.get('url', '')})"))
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self._failed(r))

    def _route(self, route):
        url = urllib.parse.urlsplit(route.request.url)
        if url.scheme in self.LOCAL_SCHEMES or url.hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def _failed(self, request):
        url = urllib.parse.urlsplit(request.url)
        if url.hostname == "127.0.0.1":
            self.errors.append(f"request failed: {request.url} ({request.failure})")

    def goto(self, url):
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.page.goto(url, wait_until="load", timeout=90_000)
        try:
            # Late requests (fonts, lazy scripts) are made by now; on a busy
            # machine the page may not settle in time, and the checks that
            # follow wait for what they need.
            self.page.wait_for_load_state("networkidle", timeout=30_000)
        except PlaywrightTimeout:
            pass
        return self.page

    def close(self):
        self.page.close()


@pytest.fixture
def guarded(chromium):
    """``guarded(url, check)``: open ``url`` in a guarded page and run
    ``check(guarded_page)`` in the browser's thread; returns its result."""

    def visit(url, check):
        def job(context):
            gp = GuardedPage(context)
            try:
                gp.goto(url)
                return check(gp)
            finally:
                gp.close()
        return chromium.run(job)

    return visit


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


# -- pictures for the README (``make screenshots``) -----------------------------------

SCREENSHOTS = os.environ.get("GAMELAB_SCREENSHOTS")


def screenshot_dir():
    out = pathlib.Path(SCREENSHOTS)
    out = out if out.is_absolute() else ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    return out


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
