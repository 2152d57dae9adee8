"""Helpers of the static-site tests (the book and the slide decks): the build
tools loaded from ``tools/``, the books built once per test run, a local static
server, and headless Chromium driven from a thread of its own with a guarded page.

The fixtures built on them (``chromium``, ``guarded``) are in
``tests/conftest.py``.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import os
import pathlib
import re
import shutil
import threading
import urllib.parse

import pytest

from gamelab_testing import ROOT
from gamelab_testing.once import once_per_run

CHROMIUM = shutil.which("chromium")
NO_CHROMIUM = "Chromium not installed: apt-get install chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
#: Markdown that MathJax turns into a formula: $...$, $$...$$, \(...\), \[...\].
MATH = re.compile(r"(?<![\\$])\$\$?[^$\n]+?\$\$?|\\\(.+?\\\)|\\\[.+?\\\]", re.S)


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


@functools.lru_cache(maxsize=None)
def tool(name, path):
    """``load_tool(name, path)``, once per process."""
    return load_tool(name, path)


def built_book(*, student=False, lang="en"):
    """The book of ``lang`` (its student edition with ``student``), built into its default
    folder once per test run, whichever test (and whichever pytest-xdist worker) asks
    first, with its live site when the live site's tools are installed; returns its folder.

    ``GAMELAB_BOOK_REUSE=1`` takes the executed copies even if stale, and
    ``GAMELAB_BOOK_LIVE=0`` leaves the live site out (quick reruns; its tests skip).
    """
    need_tools("jupyter_book", "nbclient")
    build = tool("book_build", ROOT / "tools" / "book" / "build.py")

    def make():
        reuse = os.environ.get("GAMELAB_BOOK_REUSE") == "1"
        live = (build.lite_tool.LITE_VENV / "bin" / "jupyter").exists() \
            and os.environ.get("GAMELAB_BOOK_LIVE") != "0"
        return build.build(build.default_out(student=student, lang=lang), quiet=True,
                           keep_executed=reuse, student=student, lang=lang, live=live)

    return once_per_run(f"book-{lang}" + ("-student" if student else ""), make)


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


# -- pictures for the README (``make screenshots``) -----------------------------------

SCREENSHOTS = os.environ.get("GAMELAB_SCREENSHOTS")


def screenshot_dir():
    out = pathlib.Path(SCREENSHOTS)
    out = out if out.is_absolute() else ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    return out
