"""One JupyterLab server, one headless Chromium, and one page per lecture.

The server serves *temporary copies* of the notebooks (the committed outputs
are never touched), binds to 127.0.0.1 on a free port, needs no token, and
reads its settings from a temporary directory in which Jupyter news and
update checks are off and notebook windowing is off (so every cell of a
notebook is in the page, also those scrolled out of view).

Every check of a lecture shares one page (one kernel, one *Run All*): the
session fixture :func:`lecture`, whose parameter is the lecture, opens it once,
records whether it is marked modified as soon as its kernel's info has
arrived, and runs its cells when a check first needs them.  The tests of one
lecture run together, in the order of :data:`LECTURE_STEPS` (each sees the state
it needs), on one worker under ``pytest -n 2 --dist loadgroup`` (they are in
the group ``lab-<lecture>``); the page and its kernel are closed as soon as the
lecture's last test is done.  Each worker has its own server and Chromium.

Chromium is Debian's ``chromium`` package driven by Playwright through
``executable_path`` (Playwright's own browser download is not needed).  Where
it is missing every test that needs it is skipped with the reason.
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from gamelab_testing.once import exclusive

from .speech import Speech

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
CHROMIUM = shutil.which("chromium")
NO_CHROMIUM = "Chromium not installed: apt-get install chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 720}
SERVER_START_TIMEOUT = 180
#: Ports tried before giving up (a port found free may be taken before the server binds it).
PORT_ATTEMPTS = 3
#: What the server logs when its port was taken.
PORT_TAKEN = re.compile(r"port \d+ is not available|Address already in use")

#: Settings for the temporary user-settings directory.
LAB_SETTINGS = {
    # No Jupyter news, no update check: nothing is fetched from outside.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    # Every cell in the DOM (no virtual scrolling), so every explorer is rendered.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings":
        {"windowingMode": "none"},
}


#: Talks to the local server directly, whatever proxy the environment names.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: Seconds a page may take to show what a key press or a click changed: only a backstop
#: (the waits end as soon as the change shows), generous for two shared, busy cores.
UI_BACKSTOP = 30.0


def start_lab(notebooks, workdir):
    """Start JupyterLab on copies of ``notebooks`` under ``workdir`` (in ``repo/notebooks``).

    Returns ``(process, base_url, log_path)``.
    """
    workdir = pathlib.Path(workdir)
    served = workdir / "repo" / "notebooks"
    served.mkdir(parents=True)
    for nb in notebooks:
        shutil.copy2(nb, served / pathlib.Path(nb).name)
    # The notebooks read data by relative paths such as ../tests/data: the
    # copies sit in a mirror of the repository whose other entries link back.
    for entry in ROOT.iterdir():
        if entry.name != "notebooks" and not entry.name.startswith("."):
            (workdir / "repo" / entry.name).symlink_to(entry)
    settings = workdir / "settings"
    for rel, value in LAB_SETTINGS.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    for sub in ("workspaces", "runtime", "config", "data", "ipython"):
        (workdir / sub).mkdir()
    env = dict(os.environ)
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(workdir / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(workdir / "runtime"),
        # No user-level Jupyter config or extensions leak into the test server.
        JUPYTER_CONFIG_DIR=str(workdir / "config"),
        JUPYTER_DATA_DIR=str(workdir / "data"),
        IPYTHONDIR=str(workdir / "ipython"),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )
    log_path = workdir / "jupyterlab.log"
    # A free port may be taken by another process (another test worker) before the
    # server binds it: then the server says so and exits, and we try another port.
    for attempt in range(PORT_ATTEMPTS):
        port = _free_port()
        cmd = [
            sys.executable, "-m", "jupyterlab",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--ServerApp.open_browser=False", "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={served}",
            f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={workdir / 'workspaces'}",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            # Exposes ``window.jupyterapp``: lets the tests ask for the kernel status.
            "--LabApp.expose_app_in_browser=True",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        log = open(log_path, "wb")
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                env=env, cwd=str(served))
        log.close()
        base = f"http://127.0.0.1:{port}"
        # the server writes its pid and port here once it listens: the server that
        # answers on the port is this one, not one that took the port meanwhile
        info = workdir / "runtime" / f"jpserver-{proc.pid}.json"
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                text = log_path.read_text(errors="replace")
                if PORT_TAKEN.search(text) and attempt + 1 < PORT_ATTEMPTS:
                    break
                raise RuntimeError(f"JupyterLab exited ({proc.returncode}):\n{text[-3000:]}")
            try:
                if json.loads(info.read_text()).get("port") == port:
                    with _DIRECT.open(base + "/api/status", timeout=2) as r:
                        if r.status == 200:
                            return proc, base, log_path
            except (urllib.error.URLError, OSError, ValueError):
                pass                     # not listening yet, or its file half written
            if time.monotonic() > deadline:
                stop_process(proc)
                raise RuntimeError(f"JupyterLab did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.3)
    raise AssertionError("unreachable")  # pragma: no cover - the last attempt returns or raises


def stop_process(proc):
    """Terminate ``proc`` (and kill it if it does not stop)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)


def launch_chromium(playwright, profile_dir):
    """A persistent Chromium context with a fresh profile directory."""
    return playwright.chromium.launch_persistent_context(
        user_data_dir=str(profile_dir),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=VIEWPORT,
        device_scale_factor=1,
        locale="en-US",
        timezone_id="UTC",
    )


@pytest.fixture(scope="session")
def chromium_context(tmp_path_factory):
    """Headless Chromium (skips the test where Chromium or Playwright is missing)."""
    if not CHROMIUM:
        pytest.skip(NO_CHROMIUM)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is a test dependency
        pytest.skip("Playwright not installed: pip install playwright")
    pw = sync_playwright().start()
    try:
        context = launch_chromium(pw, tmp_path_factory.mktemp("chromium-profile"))
    except Exception:
        pw.stop()
        raise
    yield context
    try:
        context.close()
    finally:
        pw.stop()


#: Where the browser tests record how long a reader waits (merged across runs).
TIMINGS = ROOT / "build" / "browser-timings.json"


class Timings(dict):
    """Seconds a reader waits, by test; every entry is merged into :data:`TIMINGS` as
    soon as it is recorded (a run stopped half-way keeps what it measured).

    The test workers of a parallel run share the file: each merge holds a lock
    across processes (``build/.locks/browser-timings.lock``), and the file is
    replaced whole, so a reader never sees it half written."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        TIMINGS.parent.mkdir(parents=True, exist_ok=True)
        with exclusive("browser-timings"):
            try:
                old = json.loads(TIMINGS.read_text())
            except FileNotFoundError:
                old = {}
            except ValueError:             # not JSON (written by hand?): start afresh
                old = {}
            old[key] = value
            tmp = TIMINGS.with_name(f".{TIMINGS.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(old, indent=1, sort_keys=True))
            os.replace(tmp, TIMINGS)


@pytest.fixture(scope="session")
def timings():
    """Where the browser tests record how long a reader waits (:class:`Timings`)."""
    return Timings()


@pytest.fixture(scope="session")
def lab_server(chromium_context, tmp_path_factory):
    """JupyterLab serving temporary copies of notebooks/*.ipynb; yields its base URL."""
    notebooks = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
    proc, base, log = start_lab(notebooks, tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield base
    finally:
        stop_process(proc)


# -- driving one notebook in the page ------------------------------------------------

#: JavaScript: is the notebook ``path`` open, its kernel started and idle?
_KERNEL_IDLE_JS = """(path) => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.context.isReady) return false;
  const s = w.sessionContext;
  const k = s && s.session && s.session.kernel;
  if (!k || k.status !== 'idle' || k.connectionStatus !== 'connected' || s.isRestarting) return false;
  // the widget manager listens for the kernel's widgets: a widget made before it does
  // gets no model in the page, and its view fails with "widget model not found"
  return !!(k._targetRegistry && k._targetRegistry['jupyter.widget']);
}"""

#: JavaScript: has every non-empty code cell been executed, and is the kernel idle?
_ALL_RUN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  for (const cell of w.content.widgets) {
    const m = cell.model;
    if (m.type !== 'code' || !m.sharedModel.getSource().trim()) continue;
    if (m.executionCount === null || m.executionState === 'running') return false;
  }
  // and every widget view has its model: none is still "Loading widget..."
  return !Array.from(w.node.querySelectorAll('.jp-OutputArea-output')).some(
    n => n.textContent.trim() === 'Loading widget...');
}"""

#: JavaScript: the source and execution count of every cell, in order.
_CELLS_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map(c => ({
  type: c.model.type, source: c.model.sharedModel.getSource(),
  count: c.model.type === 'code' ? c.model.executionCount : null}))"""

#: JavaScript: wait (at most ``backstop`` ms) until the kernel's info and spec have reached
#: the open notebook's metadata, where JupyterLab writes them once the kernel connects;
#: then whether they did, whether the notebook is marked modified, and the kernel's name.
_KERNEL_INFO_JS = """async (backstop) => {
  const w = window.jupyterapp.shell.currentWidget, s = w.sessionContext, k = s.session.kernel;
  const end = Date.now() + backstop;
  const within = (p) => Promise.race(
    [p, new Promise(r => setTimeout(() => r(null), Math.max(0, end - Date.now())))]);
  const info = await within(k.info), spec = await within(k.spec);
  const norm = (v) => JSON.stringify(v, (key, x) => x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.entries(x).sort()) : x);
  const settled = () => {
    if (!info || !spec || k.status !== 'idle') return false;
    const m = w.context.model, ks = m.getMetadata('kernelspec') || {};
    return norm(m.getMetadata('language_info')) === norm(info.language_info)
      && ks.name === k.name && ks.display_name === spec.display_name
      && s.kernelDisplayName === spec.display_name;
  };
  while (!settled() && Date.now() < end) await new Promise(r => setTimeout(r, 50));
  return {settled: settled(), dirty: w.context.model.dirty, kernel: s.kernelDisplayName};
}"""

#: JavaScript: has the kernel nothing to do: idle, and no message of the page (a cell to
#: run, a widget's click) waiting for its answer?
_KERNEL_QUIET_JS = """() => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && !(k._futures && k._futures.size);
}"""

#: JavaScript: wait (at most ``backstop`` ms) until an element has kept its place and size
#: for ``frames`` frames in a row (the layout has settled); true if it did.
_STILL_JS = """async ([el, frames, backstop]) => {
  const end = Date.now() + backstop;
  const where = () => { const r = el.getBoundingClientRect();
                        return [r.x, r.y, r.width, r.height, window.scrollY].join(); };
  let last = where(), same = 0;
  while (same < frames && Date.now() < end) {
    await new Promise(r => requestAnimationFrame(() => r()));
    const now = where();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return same >= frames;
}"""


#: JavaScript: every ``.gamelab-table`` under an element, as rows of cells.
_TABLES_JS = """(root) => Array.from(root.querySelectorAll('table.gamelab-table')).map(t =>
  Array.from(t.rows).map(r => Array.from(r.cells).map(c => {
    const st = getComputedStyle(c);
    return {head: c.tagName === 'TH', text: c.textContent.replace(/\\s+/g, ' ').trim(),
            bg: st.backgroundColor, bold: parseInt(st.fontWeight, 10) >= 600};
  })))"""

#: JavaScript: the text lines of every ``.gamelab-table`` (of any element) under an
#: element, and the texts of its parts highlighted as P (given colour, bold).
_TEXTS_JS = """([root, blue]) => Array.from(root.querySelectorAll('.gamelab-table')).map(t => ({
  lines: t.innerText.split('\\n').map(s => s.replace(/\\s+/g, ' ').trim()).filter(s => s),
  lit: Array.from(t.querySelectorAll('*')).filter(e => {
      const st = getComputedStyle(e);
      return st.backgroundColor === blue && parseInt(st.fontWeight, 10) >= 600;
    }).map(e => e.innerText.replace(/\\s+/g, ' ').trim())}))"""

#: JavaScript: the value of every labelled control under an element, by description
#: (the first of each description), and in page order: ``_sliders`` and
#: ``_dropdowns`` as ``[description, value]``, ``_toggles`` (every stand-alone
#: toggle button) as ``[text, pressed]``.
_CONTROLS_JS = """(root) => {
  const out = {}, toggles = [];
  const put = (k, v) => { if (k && !(k in out)) out[k] = v; };
  const label = (el) => { const l = el.querySelector(':scope > .widget-label');
                          return l ? l.textContent.trim() : ''; };
  const sliders = [], dropdowns = [];
  for (const el of root.querySelectorAll('.widget-slider')) {
    const r = el.querySelector('.widget-readout');
    if (r) { put(label(el), r.textContent.trim()); sliders.push([label(el), r.textContent.trim()]); }
  }
  for (const el of root.querySelectorAll('.widget-dropdown')) {
    const s = el.querySelector('select');
    const v = s && s.selectedIndex >= 0 ? s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ') : null;
    put(label(el), v);
    dropdowns.push([label(el), v]);
  }
  for (const el of root.querySelectorAll('.widget-toggle-buttons')) {
    const b = el.querySelector('button.mod-active');
    put(label(el), b ? b.textContent.trim() : null);
  }
  for (const el of root.querySelectorAll('.widget-checkbox')) {
    const s = el.querySelector('.widget-label-basic span'), i = el.querySelector('input');
    if (s && i) put(s.textContent.trim(), i.checked);
  }
  for (const el of root.querySelectorAll('.widget-text, .widget-textarea')) {
    const i = el.querySelector('input, textarea');
    if (i) put(label(el), i.value);
  }
  for (const b of root.querySelectorAll('button.widget-toggle-button')) {
    if (b.closest('.widget-toggle-buttons')) continue;
    toggles.push([b.textContent.trim(), b.classList.contains('mod-active')]);
    put(b.textContent.trim(), b.classList.contains('mod-active'));
  }
  out._toggles = toggles;
  out._sliders = sliders;
  out._dropdowns = dropdowns;
  return out;
}"""


def rgb(hex_colour):
    """``"#56B4E9"`` -> ``"rgb(86, 180, 233)"`` (as getComputedStyle reports it)."""
    h = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))


def parse_value(text):
    """A cell or readout text as an int when it is one, else the text."""
    try:
        return int(text)
    except ValueError:
        return text


class LabPage:
    """One JupyterLab page with one notebook open.

    Records every request URL, web socket and console error of the page so a
    test can assert on them.
    """

    def __init__(self, context, base_url):
        self.base = base_url
        self.page = context.new_page()
        self.requests = []
        self.console_errors = []
        self.page_errors = []
        self.name = None
        #: the page's words in English (the specs'): on a translated site, a Speech of its language
        self.speech = Speech()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("websocket", lambda ws: self.requests.append(ws.url))
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))

    def _on_console(self, msg):
        if msg.type == "error":
            loc = msg.location or {}
            self.console_errors.append(f"{msg.text} ({loc.get('url', '')})")

    # -- notebook ------------------------------------------------------------------
    def open(self, name, timeout=180_000):
        """Open notebook ``name`` in a fresh workspace and wait for an idle kernel."""
        self.name = name
        self.opened_at = time.monotonic()
        url = f"{self.base}/lab/tree/{urllib.parse.quote(name)}?reset"
        self.page.goto(url, wait_until="domcontentloaded", timeout=timeout)
        self.page.wait_for_function(_KERNEL_IDLE_JS, arg=name, timeout=timeout, polling=200)
        self.kernel_ready_s = time.monotonic() - self.opened_at

    def run_all(self, timeout=600_000):
        """Clear the outputs, then Run ▸ Run All Cells, and wait until every cell ran."""
        self.run_started = time.monotonic()
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
        self.page.wait_for_function(
            "() => window.jupyterapp.shell.currentWidget.content.widgets.every("
            "c => c.model.type !== 'code' || c.model.executionCount === null)",
            timeout=UI_BACKSTOP * 1000)
        self.page.locator(".lm-MenuBar-item", has_text="Run").first.click()
        self.page.locator(".lm-Menu-item:visible .lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        clicked = time.monotonic()
        try:
            self.page.wait_for_selector(".jp-Notebook .jp-OutputArea-output", state="attached",
                                        timeout=timeout)
            self.first_output_s = time.monotonic() - clicked
            self.page.wait_for_function(_ALL_RUN_JS, timeout=timeout, polling=250)
        except PlaywrightTimeout:
            pending = [c["source"][:120] for c in self.cells()
                       if c["type"] == "code" and c["source"].strip() and c["count"] is None]
            raise AssertionError(f"{self.name}: Run All Cells did not finish in {timeout / 1000:.0f} s; "
                                 f"{len(pending)} cells not run, the first: {pending[:1]}") from None

    def kernel_info(self, timeout=UI_BACKSTOP):
        """Wait until the kernel's info and spec are in the notebook's metadata (JupyterLab
        writes them there once the kernel connects, which may mark the notebook modified).

        Returns ``{"settled": whether they arrived within timeout, "dirty": whether the
        notebook is marked modified, "kernel": the kernel's display name}``.
        """
        return self.page.evaluate(_KERNEL_INFO_JS, timeout * 1000)

    def kernel_quiet(self):
        """Is the kernel idle with no message of the page waiting for its answer?"""
        return self.page.evaluate(_KERNEL_QUIET_JS)

    def wait_still(self, locator, frames=10, timeout=UI_BACKSTOP):
        """Wait until ``locator``'s element keeps its place and size for ``frames`` frames."""
        return self.page.evaluate(_STILL_JS, [locator.element_handle(), frames, timeout * 1000])

    def cells(self):
        return self.page.evaluate(_CELLS_JS)

    def cell_indices(self, needle):
        """Indices of the code cells whose source contains ``needle``."""
        found = [i for i, c in enumerate(self.cells()) if c["type"] == "code" and needle in c["source"]]
        assert found, f"{self.name}: no code cell contains {needle!r}"
        return found

    def cell(self, needle):
        """The first cell (a Playwright locator) whose source contains ``needle``."""
        return self.page.locator(".jp-Notebook .jp-Cell").nth(self.cell_indices(needle)[0])

    def error_outputs(self):
        """Texts of error / stderr outputs in the page."""
        return self.page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()

    # -- widgets ---------------------------------------------------------------------
    def widget_root(self, needle, timeout=30.0):
        """The rendered ipywidget of the first cell containing ``needle`` that shows one.

        Also scrolls the cell into view (as a reader would) and returns the locator.
        """
        cells = [self.page.locator(".jp-Notebook .jp-Cell").nth(i) for i in self.cell_indices(needle)]
        deadline = time.monotonic() + timeout
        while True:
            for cell in cells:
                root = cell.locator(".jp-OutputArea-output .jupyter-widgets").first
                if root.count():
                    root.scroll_into_view_if_needed()
                    root.wait_for(state="visible", timeout=UI_BACKSTOP * 1000)
                    self.widget_cell = cell
                    return root
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no widget is shown by a cell containing {needle!r}")
            time.sleep(0.2)

    def slider(self, root, description):
        """The slider labelled ``description`` under ``root`` (``"heap#3"``: the third "heap")."""
        name, _, nth = description.partition("#")
        exact = re.compile("^" + re.escape(self.speech.say(name)) + "$")
        box = root.locator(".widget-slider").filter(
            has=self.page.locator(".widget-label", has_text=exact))
        index = int(nth) - 1 if nth else 0
        if box.count() <= index:
            labels = root.locator(".widget-slider .widget-label").all_inner_texts()
            raise AssertionError(f"{self.name}: no slider {description!r}; sliders: {labels}")
        return box.nth(index)

    def select(self, root, description, option):
        """Choose ``option`` in the drop-down labelled ``description``; returns ``(before, after)``."""
        exact = re.compile("^" + re.escape(self.speech.say(description)) + "$")
        option = self.speech.say(option)
        select = root.locator(".widget-dropdown").filter(
            has=self.page.locator(".widget-label", has_text=exact)).first.locator("select")
        texts = select.evaluate("s => Array.from(s.options).map(o => o.text.replace(/\\u00a0/g, ' '))")
        assert option in texts, f"{self.name}: drop-down {description!r} offers {texts}, not {option!r}"
        before = texts[select.evaluate("s => s.selectedIndex")]
        select.select_option(index=texts.index(option))
        return before, texts[select.evaluate("s => s.selectedIndex")]

    def controls(self, root):
        """``{description: value}`` of the labelled controls under ``root`` (see ``_CONTROLS_JS``)."""
        values = root.evaluate(_CONTROLS_JS)
        hear = self.speech.hear
        out = {k: parse_value(hear(v)) if isinstance(v, str) else v for k, v in values.items()}
        for key in ("_sliders", "_dropdowns"):
            out[key] = [(hear(d), parse_value(hear(v)) if isinstance(v, str) else v)
                        for d, v in values[key]]
        out["_toggles"] = [(hear(t), pressed) for t, pressed in values["_toggles"]]
        return self.speech.controls(out)

    def press_slider(self, root, description, key):
        """Focus a slider's handle and press ``key``; returns its new value (the readout)."""
        box = self.slider(root, description)
        before = box.locator(".widget-readout").inner_text().strip()
        handle = box.locator(".noUi-handle, [role=slider]").first
        handle.focus()
        handle.press(key)
        readout = box.locator(".widget-readout")
        deadline = time.monotonic() + UI_BACKSTOP
        while readout.inner_text().strip() == before and time.monotonic() < deadline:
            time.sleep(0.05)
        return parse_value(readout.inner_text().strip()), parse_value(before)

    def type_slider(self, root, description, value):
        """Type ``value`` into a slider's readout and press Enter."""
        box = self.slider(root, description)
        readout = box.locator(".widget-readout")
        readout.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(str(value))
        self.page.keyboard.press("Enter")
        return parse_value(readout.inner_text().strip())

    def type_text(self, root, description, text):
        """Type ``text`` into the text box labelled ``description`` and press Enter.

        Returns ``(before, after)``: the box's value before and after.
        """
        exact = re.compile("^" + re.escape(self.speech.say(description)) + "$")
        box = root.locator(".widget-text").filter(
            has=self.page.locator(".widget-label", has_text=exact)).first.locator("input")
        before = box.input_value()
        box.fill(text)
        box.press("Enter")
        return before, box.input_value()

    def click_toggle(self, root, text):
        """Click the toggle button showing ``text`` (or with tooltip ``text``).

        Returns ``(before, after)``: whether it was pressed before and after.
        """
        text = self.speech.say(text)
        buttons = root.locator("button.widget-toggle-button")
        button = buttons.filter(has_text=re.compile("^" + re.escape(text) + "$"))
        if not button.count():
            button = root.locator(f"button.widget-toggle-button[title={json.dumps(text)}]")
        assert button.count(), f"{self.name}: no toggle button {text!r}"
        button = button.first
        before = "mod-active" in (button.get_attribute("class") or "")
        button.click()
        deadline = time.monotonic() + UI_BACKSTOP
        after = before
        while after == before and time.monotonic() < deadline:
            time.sleep(0.05)
            after = "mod-active" in (button.get_attribute("class") or "")
        return before, after

    def tables(self, root):
        """Every ``table.gamelab-table`` under ``root`` as rows of ``{head, text, bg, bold}``."""
        return root.evaluate(_TABLES_JS)

    def texts(self, root, blue):
        """Every ``.gamelab-table`` under ``root`` as ``{lines, lit}`` (see ``_TEXTS_JS``)."""
        return self.page.evaluate(_TEXTS_JS, [root.element_handle(), blue])

    def close(self):
        """Shut down the page's kernels and close the page."""
        try:
            self.page.evaluate("() => window.jupyterapp && window.jupyterapp.serviceManager.sessions.shutdownAll()")
        finally:
            self.page.close()


# -- one page per lecture ----------------------------------------------------------

#: Every lecture (``course_map.ipynb`` is an overview with no explorer or play widget).
LECTURES = sorted(p.stem for p in NOTEBOOK_DIR.glob("*.ipynb") if p.stem != "course_map")

#: The checks of a lecture, by test name, in the order they run on its shared page:
#: the state at opening is recorded before anything runs; the explorers are checked
#: from the state *Run All* leaves (their specs' moves start there); then the loopy
#: game is played (its widget no other check touches); then every slider is pushed to
#: its ends and every move switched off (from whatever state the sliders are in);
#: then the page's record of errors and requests, covering all of the above; last the
#: screenshot, which reopens the lecture if an earlier check has moved anything.
#: A test not named here runs after these.
LECTURE_STEPS = (
    "test_notebook_opens_unmodified",
    "test_explorers_and_plays_match_gamelab",
    "test_13_loopy_games_play_to_a_draw_and_lose",
    "test_lecture_hall",
    "test_lecture_hygiene",
    "test_screenshot",
)


class OpenLecture:
    """One lecture open in one JupyterLab page with one kernel, shared by its checks.

    Opening waits for an idle kernel and for the kernel's info to reach the notebook
    model, and records then, before anything runs, whether the notebook is marked
    modified (:attr:`dirty_at_open`), the kernel's name (:attr:`kernel_at_open`) and
    whether the info arrived at all (:attr:`info_settled`).  :meth:`run` runs every
    cell once (*Run All*) for the first check that needs it; a failed run is reported
    by every later check without running again.
    """

    def __init__(self, context, base_url, stem):
        self.context, self.base, self.stem = context, base_url, stem
        self.name = f"{stem}.ipynb"
        self.page = None
        self.open()

    def open(self):
        page = LabPage(self.context, self.base)
        try:
            page.open(self.name)
            info = page.kernel_info()
        except BaseException:
            page.close()
            raise
        self.page, self.has_run, self.moved, self.run_failure = page, False, False, None
        self.info_settled, self.dirty_at_open, self.kernel_at_open = (
            info["settled"], info["dirty"], info["kernel"])

    @property
    def is_open(self):
        return self.page is not None

    def run(self, *, moves=True):
        """The page after *Run All* (run now if no check has run it yet).

        ``moves``: the caller may change the page's widgets (see :meth:`fresh`).
        """
        if not self.is_open:               # closed early, and needed again
            self.open()
        if self.run_failure is not None:
            pytest.fail(f"{self.name}: Run All failed in an earlier check: {self.run_failure}")
        if not self.has_run:
            try:
                self.page.run_all()
                self.run_all_s = time.monotonic() - self.page.run_started
                counts = [c["count"] for c in self.page.cells()
                          if c["type"] == "code" and c["source"].strip()]
                assert counts == list(range(1, len(counts) + 1)), (
                    f"{self.name}: cells ran out of order: {counts}")
            except Exception as error:
                self.run_failure = str(error).splitlines()[0][:300] if str(error) else repr(error)
                raise
            self.has_run = True
        self.moved = self.moved or moves
        return self.page

    def fresh(self):
        """The page exactly as *Run All* left it: if a check has moved anything since,
        the lecture is closed, opened again and run."""
        if self.moved:
            self.close()
            self.open()
        return self.run(moves=True)

    def close(self):
        """Shut the kernel down and close the page (if open)."""
        page, self.page = self.page, None
        if page is not None:
            page.close()


def lecture_param(stem):
    """The ``lecture`` parameter ``stem``: in the group ``lab-<stem>``, so that under
    ``pytest -n 2 --dist loadgroup`` every test of the lecture runs on one worker."""
    return pytest.param(stem, id=stem, marks=pytest.mark.xdist_group(f"lab-{stem}"))


#: The lectures open in this process, by stem (one at a time, as the tests run).
_OPEN_LECTURES = {}


@pytest.fixture(scope="session", params=[lecture_param(stem) for stem in LECTURES])
def lecture(request, chromium_context, lab_server):
    """The lecture ``request.param`` open in one JupyterLab page (:class:`OpenLecture`),
    shared by every test of that lecture; closed when its last test is done."""
    opened = OpenLecture(chromium_context, lab_server, request.param)
    _OPEN_LECTURES[request.param] = opened
    try:
        yield opened
    finally:
        _OPEN_LECTURES.pop(request.param, None)
        opened.close()


def _lecture_of(item):
    """The ``lecture`` parameter of a test (None: it has none)."""
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("lecture") if callspec is not None else None


def pytest_configure(config):
    # pytest-xdist registers it; without xdist the mark is only a label
    config.addinivalue_line("markers", "xdist_group(name): tests that run on one worker, in order")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The tests of one lecture together, at the place of its first test, in the order
    of :data:`LECTURE_STEPS` (pytest-xdist keeps this order within a group)."""
    steps = {name: i for i, name in enumerate(LECTURE_STEPS)}
    groups = {}
    for item in items:
        stem = _lecture_of(item)
        if stem is not None:
            groups.setdefault(stem, []).append(item)
    if not groups:
        return
    ordered = []
    for item in items:
        stem = _lecture_of(item)
        if stem is None:
            ordered.append(item)
        elif stem in groups:
            ordered.extend(sorted(groups.pop(stem),
                                  key=lambda it: steps.get(it.originalname, len(steps))))
    items[:] = ordered


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Close a lecture's page as soon as its last test is done (not at the end of the
    session: one kernel at a time per worker)."""
    try:
        return (yield)
    finally:
        following = _lecture_of(nextitem) if nextitem is not None else None
        for stem, opened in list(_OPEN_LECTURES.items()):
            if stem != following:
                opened.close()
