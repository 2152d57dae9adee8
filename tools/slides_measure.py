"""Measuring reveal.js decks in headless Chromium, for ``tools/slides.py``.

Each deck is opened at 1280×720 from the disk (no server: the browser's
requests are answered from the folder, and anything else is refused), and
``slides_template/gamelab_reveal/measure.js`` reads the height of every
slide.  Playwright runs in a thread of its own, so that a caller's own
Playwright (a test session's) is not disturbed.
"""
from __future__ import annotations

import concurrent.futures
import pathlib
import shutil
import urllib.parse

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sync_playwright = None

TEMPLATES = pathlib.Path(__file__).resolve().parent / "slides_template"
#: The logical slide.
WIDTH, HEIGHT = 1280, 720
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

#: Reads the layout of a deck (see the file).
MEASURE_JS = (TEMPLATES / "gamelab_reveal" / "measure.js").read_text(encoding="utf-8")
#: The decks are measured as if served from here; the answers come from the disk.
ORIGIN = "http://127.0.0.1:9"


def _measure_in_thread(directory, names):
    def answer(route):
        url = urllib.parse.urlsplit(route.request.url)
        path = directory / urllib.parse.unquote(url.path).lstrip("/")
        if route.request.url.startswith(ORIGIN + "/") and path.is_file():
            route.fulfill(path=str(path))
        else:  # nothing leaves the machine
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), headless=True,
                                     args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
            page.route("**/*", answer)
            result = {}
            for name in names:
                page.goto(f"{ORIGIN}/{name}", wait_until="load", timeout=90_000)
                page.wait_for_selector(".reveal.ready", state="attached", timeout=30_000)
                result[name] = page.evaluate(MEASURE_JS)
            return result
        finally:
            browser.close()


def can_measure():
    return sync_playwright is not None and shutil.which("chromium") is not None


def measure(directory, names):
    """``{name: sections}`` for the decks ``names`` in ``directory`` (see
    :data:`MEASURE_JS`); Playwright runs in a thread of its own, so that a
    caller's own Playwright (a test session's) is not disturbed."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(_measure_in_thread, directory, names).result()
