"""What the live site adds to the JupyterLite it is built with (``tools/lite/build.py``).

* **Interrupt on any static host.**  Pyodide stops a running cell through memory
  shared between the page and Python's web worker, which a browser allows only
  in a cross-origin isolated page: one served with the headers
  ``Cross-Origin-Opener-Policy`` and ``Cross-Origin-Embedder-Policy``, which
  ``python -m http.server`` and GitHub Pages do not send.  The site's service
  worker (``service-worker.js``, put in place of JupyterLite's own, whose work
  it also does) adds them to every response, and ``gamelab-live.js``, in every
  page before JupyterLab starts, registers it and loads the page once more
  through it.  JupyterLite 0.6 does nothing on *Kernel → Interrupt*, and its
  Pyodide kernel gives Pyodide no interrupt buffer: ``gamelab-live.js`` hands
  the kernel's worker a shared buffer, ``kernel-worker-interrupt.js`` (put at
  the top of the worker) gives it to Pyodide, and the kernel manager's
  ``interrupt`` writes SIGINT into it while the kernel is busy
  (:data:`APP_PATCHES`, each found exactly once in the pinned JupyterLite, or
  the build stops).
* **A start says what it is doing.**  While Python starts, a note at the top of
  the page says so and how long it takes (:data:`LOADING`); it goes when the
  kernel first answers.
* **A restart says what to run.**  After *Kernel → Restart* every widget on
  the page is dead; ``gamelab-live.css`` writes, where each was shown, that
  the cells must run again (in the site's language, :data:`RESTARTED`).
"""
from __future__ import annotations

import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent

#: The note shown where a widget was, once Python has been restarted.
RESTARTED = {
    "en": "Python was restarted, so this widget no longer answers. "
          "To bring it back, choose Run \u2192 Run All Cells.",
    "zh_CN": "Python \u5df2\u91cd\u65b0\u542f\u52a8\uff0c\u8fd9\u4e2a\u63a7\u4ef6\u4e0d\u518d\u54cd\u5e94\u3002"
             "\u8981\u8ba9\u5b83\u91cd\u65b0\u5de5\u4f5c\uff0c\u8bf7\u9009\u62e9 Run \u2192 Run All Cells\u3002",
}

#: The note shown while Python starts (in a page of the site's language).
LOADING = {
    "en": "Python is starting in your browser: 20\u201360 s on a first visit. "
          "The status bar at the bottom says \u201cIdle\u201d when it is ready.",
    "zh_CN": "Python \u6b63\u5728\u6d4f\u89c8\u5668\u4e2d\u542f\u52a8\uff1a"
             "\u9996\u6b21\u8bbf\u95ee\u9700\u8981 20\u201360 \u79d2\u3002"
             "\u5e95\u90e8\u72b6\u6001\u680f\u663e\u793a\u201cIdle\u201d\u65f6\u5373\u53ef\u4f7f\u7528\u3002",
}

#: The page script and style sheet, in the site's root.
PAGE_FILES = ("gamelab-live.js", "gamelab-live.css")

#: JupyterLite's app (``build/*.js``): the kernel manager's empty ``interrupt``, and the
#: kernel's message handler, which counts the messages it is answering (busy) and
#: drops an interrupt it did not use when it is done.
APP_PATCHES = (
    ("async interrupt(e){}",
     "async interrupt(e){const k=this._kernels.get(e);self.gamelabInterrupt&&self.gamelabInterrupt(k)}"),
    ("async handleMessage(e){switch(this._busy(e),",
     "async handleMessage(e){this.gamelabBusy=(this.gamelabBusy||0)+1;try{switch(this._busy(e),"),
    ("this._idle(e)}stream(e,s=void 0){",
     "this._idle(e)}finally{this.gamelabBusy--,self.gamelabSettled&&self.gamelabSettled(this)}}"
     "stream(e,s=void 0){"),
)

#: coincident (the kernel's calls between the page and an isolated worker) waits for an
#: answer with ``Atomics.waitAsync``, which answers at once, with no promise, when the
#: worker was quicker: the page then throws "….value.then is not a function" and the call
#: is lost.  Each such wait in the kernel's chunks takes the quick answer as a promise too.
WAIT_ASYNC = re.compile(r"=\((\w),(\w)\)=>\1\?(\w+)\(\2,0\):\(")
QUICK_ANSWER = "(r=>r.async?r:{{value:Promise.resolve(r.value)}})({wait}({buffer},0))"

#: coincident answers a call in two steps through shared memory: the answer's length
#: (then the flag ``[0] = 1``), and, in a second buffer, the answer's UTF-16 text, whose
#: first characters are also the flag the caller waits on.  Copied from the first
#: character on, the text looks complete to a caller that looks in the middle of the
#: copy (a busy machine descheduled it between asking and waiting): it reads the zeros
#: not yet written, JSON.parse fails ("Bad control character …") and Pyodide stops
#: with a fatal error.  Each answer's text is copied from its end, and its first two
#: characters stored last in one atomic write; each flag is stored atomically.
ANSWER_COPY = re.compile(r"for\((let|const) (\w+)=new \w+\((\w+)\.buffer\),(\w+)=0;"
                         r"\4<(\w+)\.length;\4\+\+\)\2\[\4\]=\5\.charCodeAt\(\4\)\}")
COPY_FROM_THE_END = ("for(let {view}=new Uint16Array({buffer}.buffer),{i}={text}.length-1;{i}>1;{i}--)"
                     "{view}[{i}]={text}.charCodeAt({i});Atomics.store({buffer},0,new Int32Array("
                     "new Uint16Array([{text}.charCodeAt(0),{text}.length>1?{text}.charCodeAt(1):0])"
                     ".buffer)[0])}}")
ANSWER_FLAG = re.compile(r"(\w+)\[0\]=1\}else\{(let|const) (\w+)=(\w+)\.get\(")

#: The Pyodide kernel's main chunk names the chunk of its worker for an isolated page.
ISOLATED_WORKER = re.compile(r"crossOriginIsolated\?new Worker\(new URL\(\w\.p\+\w\.u\((\d+)\)")
KERNEL_EXTENSION = pathlib.PurePosixPath("extensions/@jupyterlite/pyodide-kernel-extension/static")
#: What starts JupyterLab in an app's ``index.html``; it waits for ``gamelabReady``.
START = "await import("


class PatchError(RuntimeError):
    """The JupyterLite being built is not the one these additions were written for."""


def _patch_once(path: pathlib.Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise PatchError(f"{path.name}: expected {old!r} once, found it {text.count(old)} times")
    path.write_text(text.replace(old, new), encoding="utf-8")


def add_live_parts(site: pathlib.Path, lang: str = "en") -> None:
    """Add interrupt, isolation and the restart note to the JupyterLite site ``site``."""
    site = pathlib.Path(site)
    (site / "service-worker.js").write_text((HERE / "service-worker.js").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    script = (HERE / "gamelab-live.js").read_text(encoding="utf-8")
    loading = LOADING.get(lang, LOADING["en"]).replace("\\", "\\\\").replace('"', '\\"')
    (site / "gamelab-live.js").write_text(script.replace("__LOADING__", loading), encoding="utf-8")
    note = RESTARTED.get(lang, RESTARTED["en"]).replace("\\", "\\\\").replace('"', '\\"')
    css = (HERE / "gamelab-live.css").read_text(encoding="utf-8").replace("__RESTARTED__", note)
    (site / "gamelab-live.css").write_text(css, encoding="utf-8")
    apps = [p for p in site.glob("*/**/index.html") if "config-utils.js" in p.read_text(encoding="utf-8")]
    if not apps:
        raise PatchError(f"{site}: no JupyterLite page (an index.html loading config-utils.js)")
    for page in apps:
        root = pathlib.PurePosixPath(*[".."] * (len(page.relative_to(site).parts) - 1))
        _patch_once(page, START, "if (await window.gamelabReady) " + START)
        text = page.read_text(encoding="utf-8")
        at = text.rindex("<script>", 0, text.index(START))   # the script that starts JupyterLab
        ours = (f'<link rel="stylesheet" href="{root}/gamelab-live.css" />\n'
                f'    <script src="{root}/gamelab-live.js"></script>\n    ')
        page.write_text(text[:at] + ours + text[at:], encoding="utf-8")
    for old, new in APP_PATCHES:
        found = [p for p in (site / "build").glob("*.js") if old in p.read_text(encoding="utf-8")]
        if len(found) != 1:
            raise PatchError(f"JupyterLite's app: {old!r} is in {len(found)} files, not 1")
        _patch_once(found[0], old, new)
    static = site / KERNEL_EXTENSION
    waits = 0
    for chunk in static.glob("*.js"):
        text = chunk.read_text(encoding="utf-8")
        text, n = WAIT_ASYNC.subn(lambda m: f"=({m[1]},{m[2]})=>{m[1]}?"
                                  + QUICK_ANSWER.format(wait=m[3], buffer=m[2]) + ":(", text)
        if not n:
            continue
        text, copies = ANSWER_COPY.subn(lambda m: COPY_FROM_THE_END.format(
            view=m[2], buffer=m[3], i=m[4], text=m[5]), text)
        text, flags = ANSWER_FLAG.subn(
            lambda m: f"Atomics.store({m[1]},0,1)}}else{{{m[2]} {m[3]}={m[4]}.get(", text)
        if (copies, flags) != (n, n):
            raise PatchError(f"{chunk.name}: {n} waits of coincident's, but {copies} answer "
                             f"copies and {flags} answer flags")
        chunk.write_text(text, encoding="utf-8")
        waits += n
    if not waits:
        raise PatchError(f"{static}: no wait of coincident's (Atomics.waitAsync) found")
    ids = {m.group(1) for p in static.glob("*.js") for m in ISOLATED_WORKER.finditer(p.read_text(encoding="utf-8"))}
    workers = [p for i in ids for p in static.glob(f"{i}.*.js") if not p.name.endswith(".LICENSE.txt")]
    if len(workers) != 1:
        raise PatchError(f"{static}: found {len(workers)} kernel workers for an isolated page, not 1")
    prefix = (HERE / "kernel-worker-interrupt.js").read_text(encoding="utf-8")
    workers[0].write_text(prefix + workers[0].read_text(encoding="utf-8"), encoding="utf-8")
