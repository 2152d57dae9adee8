"""Build the course as a static website (jupyter-book 1.x): ``build/book/index.html``.

Usage: python tools/book/build.py [--student] [--lang zh_CN] [--no-live] [--out DIR]
                                  [--quiet] [--keep-executed]

1. Takes every notebook executed from a fresh kernel with its widget state
   stored, so that every explorer appears in the book as a snapshot of its
   first view, from the store of executed copies (``tools/executed.py``:
   ``build/executed/en``; the committed notebooks are never touched or
   re-executed).  A copy is executed again only when its notebook or the
   ``gamelab`` package changed.  With ``--lang zh_CN`` the copies are of the
   translated notebooks (``translate_notebook`` of tools/i18n.py: the
   markdown from ``locales/zh_CN``, gamelab speaking Chinese), in
   ``build/executed/zh_CN``.
2. Writes the book's pages to ``build/book_pages/``: the executed notebooks
   (with ``--student``, their student edition from ``tools/student.py``:
   solutions stubbed, solution prose dropped, check outputs cleared; the
   lecture outputs kept), a label above every widget snapshot saying that
   its controls do not recompute there and linking to the lecture's live
   page, the home page, the glossary, the API reference (``API.md``) and
   "run it live" (``book_pages.py``: their words, and the catalogue
   ``locales/<lang>/LC_MESSAGES/book.po`` of their translations); the
   ``_config.yml`` and ``_toc.yml``; and the browser assets from
   ``tools/web/node_modules`` (``npm ci`` there first if needed): MathJax 3,
   the ipywidgets embedder and its fonts, require.js.  Nothing is loaded
   from outside the book when it is built or read.
3. Runs ``jupyter-book build`` (its chatter filtered out) and copies the HTML
   to ``build/book`` (``build/book-student`` with ``--student``,
   ``build/book-zh`` and ``build/book-zh-student`` in Chinese).  Every
   lecture page links to the same lecture in the live site and every page to
   the same page in the other language (``gamelab_links.py``).
4. Puts the live site (``tools/lite/build.py``: JupyterLab in the browser,
   Python in the page; the student site for the student book) into
   ``<book>/live/``, unless ``--no-live``: the book's folder is then the
   whole static site to publish.  A site already built from the same inputs
   is copied (hard links), not built again."""
from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
BUILD = ROOT / "build"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(HERE))
from web_assets import npm_assets  # noqa: E402

import book_pages  # noqa: E402
import gamelab_links  # noqa: E402


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


student_tool = _load("gamelab_student_tool", ROOT / "tools" / "student.py")
i18n_tool = _load("gamelab_i18n_tool", ROOT / "tools" / "i18n.py")
lite_tool = _load("gamelab_lite_tool", ROOT / "tools" / "lite" / "build.py")
executed_tool = _load("gamelab_executed_tool", ROOT / "tools" / "executed.py")

NUMBERED = re.compile(r"^\d+_")
#: Notebooks executed at the same time (each in its own kernel).
JOBS = int(os.environ.get("GAMELAB_BOOK_JOBS", min(2, os.cpu_count() or 1)))
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: The class of the label above every widget snapshot (styled in gamelab.css).
SNAPSHOT_CLASS = "gamelab-snapshot-note"
#: The folder of the live site inside the book.
LIVE_DIR = "live"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: Lines of jupyter-book's and the kernels' output that say nothing useful here.
NOISE = re.compile(
    r"Kernel is running over TCP without encryption|"
    r"^\s*(=+|Running Jupyter-Book v\S+|(Source Folder|Config Path|Output Path): .*|"
    r"Finished generating HTML for book\.|Your book's HTML pages are here:|"
    r"You can look at your book by opening this file in a browser:|"
    r"Or paste this line directly into your browser bar:|The HTML pages are in \S+|"
    r"\S*_build/html/?|\S*_build/html/index\.html|file://\S*)\s*$")


# -- browser assets -------------------------------------------------------------

def copy_assets(src):
    nm = npm_assets()
    web = src / "web"        # -> _static/ (not named _static: see _config.yml)
    extra = src / "extra"    # -> the site's root, verbatim
    for d in (web, extra):
        if d.exists():
            shutil.rmtree(d)
    shutil.copytree(nm / "mathjax" / "es5", web / "mathjax")
    shutil.copy2(nm / "requirejs" / "require.js", web / "require.js")
    manager = nm / "@jupyter-widgets" / "html-manager" / "dist"
    shutil.copy2(manager / "embed-amd.js", web / "embed-amd.js")
    # The embedder loads its icon fonts relative to the page:
    # <page dir>/@jupyter-widgets/ and <page dir>/@jupyter-widgets/html-manager/dist/.
    for fonts in (extra / "@jupyter-widgets", extra / "@jupyter-widgets" / "html-manager" / "dist"):
        fonts.mkdir(parents=True, exist_ok=True)
        for f in manager.iterdir():
            if f.suffix in {".woff", ".woff2", ".ttf", ".eot", ".svg"}:
                shutil.copy2(f, fonts / f.name)
    for name in ("gamelab.css", "mathjax2-shim.js", "gamelab_search_excerpts.js"):
        shutil.copy2(HERE / name, web / name)


# -- pages ------------------------------------------------------------------------

def label_snapshots(nb, note):
    """Put the snapshot label (HTML ``note``) right before every output showing a widget;
    returns the count."""
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for output in cell.outputs:
            if WIDGET_MIME in output.get("data", {}):
                outputs.append(nbformat.v4.new_output(
                    "display_data", data={"text/html": note, "text/plain": "Snapshot"}))
                count += 1
            outputs.append(output)
        cell.outputs = outputs
    return count


def page_notebook(executed, *, student=False, name="<notebook>", words=None):
    """The notebook a page is made from: the executed copy (its student edition
    with ``student``), each widget snapshot labelled (in ``words``' language)."""
    nb = student_tool.student_notebook(executed, notebook=name) if student else copy.deepcopy(executed)
    stem = pathlib.PurePath(name).stem
    note = book_pages.snapshot_note(words or book_pages.Words("en"), gamelab_links.live_href(stem),
                                    SNAPSHOT_CLASS)
    label_snapshots(nb, note)
    return nb


def default_out(*, student=False, lang="en"):
    """Where the book of ``lang`` (its student edition with ``student``) is built by default."""
    name = "book" + ("" if lang == "en" else "-" + lang.split("_")[0])
    return BUILD / (name + ("-student" if student else ""))


def language_switch(out, *, student=False, lang="en"):
    """The ``gamelab_switch`` setting: the other language's book, relative to ``out``."""
    other = next(x for x in book_pages.LANGUAGES if x != lang)
    href = os.path.relpath(default_out(student=student, lang=other), pathlib.Path(out).resolve())
    return {"href": pathlib.PurePath(href).as_posix() + "/", "label": book_pages.LANGUAGE_NAMES[other],
            "here": book_pages.LANGUAGE_NAMES[lang], "lang": book_pages.LANGUAGE_TAGS[other]}


#: The banner at the top of every page saying which edition the book is, by language.
EDITIONS = {
    "en": {"teacher": "<strong>Teacher's edition:</strong> every solution is filled in, here and "
                      "in the live lectures. For a class, publish the student edition "
                      "(<code>make book STUDENT=1</code>), whose exercises are left to the students.",
           "student": "<strong>Student edition:</strong> every exercise with its check; "
                      "the solutions are yours to write."},
    "zh_CN": {"teacher": "<strong>教师版：</strong>所有解答都已填好，本书和在线讲义中都是如此。"
                         "给学生使用时，请发布学生版（<code>make book STUDENT=1</code>），"
                         "其中的练习留给学生完成。",
              "student": "<strong>学生版：</strong>每道练习都附有检查，解答留给你来写。"},
}
#: The class of the edition banner.
EDITION_CLASS = "gamelab-edition"


def edition_banner(lang="en", *, student=False):
    """The HTML of the banner at the top of every page: which edition this book is."""
    text = EDITIONS.get(lang, EDITIONS["en"])["student" if student else "teacher"]
    return f'<span class="{EDITION_CLASS}">{text}</span>'


def write_config(src, course, lectures, glossary_notebook, *, words=None, switch=None, student=False):
    """``_toc.yml`` and ``_config.yml`` (in ``words``' language, with the language
    ``switch`` of ``language_switch``, and the edition's banner on every page) and the
    book's Sphinx extensions."""
    words = words or book_pages.Words("en")
    course_caption, lectures_caption, reference_caption = (json.dumps(words(c), ensure_ascii=False)
                                                           for c in book_pages.CAPTIONS)
    files = [p.stem for p in course]
    toc = ["format: jb-book", "root: index", "parts:"]
    if files:
        toc += [f"  - caption: {course_caption}", "    chapters:"] + [f"      - file: {f}" for f in files]
    toc += [f"  - caption: {lectures_caption}", "    chapters:"] + [f"      - file: {p.stem}" for p in lectures]
    toc += [f"  - caption: {reference_caption}", "    chapters:"]
    if not glossary_notebook:
        toc += ["      - file: glossary"]
    toc += ["      - file: api", "      - file: run_live"]
    (src / "_toc.yml").write_text("\n".join(toc) + "\n", encoding="utf-8")
    config = yaml.safe_load((HERE / "_config.yml").read_text(encoding="utf-8"))
    config["title"] = words(book_pages.TITLE)
    config["html"]["extra_footer"] = words(book_pages.FOOTER)
    sphinx = config["sphinx"]["config"]
    sphinx["language"] = words.lang
    sphinx["gamelab_live_pages"] = [p.stem for p in course + lectures]
    sphinx["gamelab_live_text"] = words(book_pages.LIVE_LINK)
    sphinx["gamelab_live_texts"] = {p.stem: words(book_pages.LIVE_COURSE_LINK) for p in course}
    sphinx["gamelab_switch"] = switch or {}
    sphinx["html_theme_options"]["announcement"] = edition_banner(words.lang, student=student)
    (src / "_config.yml").write_text(
        "# Written by tools/book/build.py from tools/book/_config.yml.\n"
        + yaml.safe_dump(config, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")
    for name in ("gamelab_search.py", "gamelab_links.py"):
        shutil.copy2(HERE / name, src / name)


# -- the build ----------------------------------------------------------------------

def run_filtered(cmd, *, env=None):
    """Run ``cmd``, passing its output through but for the lines of ``NOISE``."""
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, encoding="utf-8", errors="replace")
    for line in proc.stdout:
        plain = ANSI.sub("", line)
        if plain.strip() and not NOISE.search(plain):
            sys.stdout.write(line)
            sys.stdout.flush()
    if proc.wait():
        raise subprocess.CalledProcessError(proc.returncode, cmd)


def build(out, *, notebooks=None, quiet=False, keep_executed=False, student=False, lang="en",
          live=True):
    """Build the book of ``lang`` into ``out`` (the student edition with ``student``; its
    live site in ``out/live`` unless not ``live``); returns ``out``."""
    if lang not in book_pages.LANGUAGES:
        raise ValueError(f"lang must be one of {book_pages.LANGUAGES}, got {lang!r}")
    words = book_pages.Words(lang)          # every message translated, or stop here
    notebooks = sorted(notebooks or (ROOT / "notebooks").glob("*.ipynb"))
    lectures = [p for p in notebooks if NUMBERED.match(p.name)]
    course = [p for p in notebooks if not NUMBERED.match(p.name)]
    glossary_notebook = any("glossary" in p.stem.lower() for p in course)
    # A notebook that fails to run stops the build (a RuntimeError naming it).
    copies = executed_tool.execute_all(notebooks, lang, jobs=JOBS, keep=keep_executed,
                                       report=None if quiet else lambda p: print(f"executed: {p.name}",
                                                                                 flush=True))
    suffix = ("_student" if student else "") + ("" if lang == "en" else f"_{lang}")
    pages, work = BUILD / f"book_pages{suffix}", BUILD / f"book_work{suffix}"
    if pages.exists():
        shutil.rmtree(pages)
    pages.mkdir(parents=True)
    titles = {}
    for p in notebooks:
        nb = page_notebook(nbformat.read(copies[p], as_version=4), student=student, name=p.name,
                           words=words)
        titles[p.stem] = student_tool.lecture_title(nb, p.stem)
        nbformat.write(nb, pages / p.name)
    book_pages.write_pages(pages, course, lectures, titles, words, student=student)
    out = pathlib.Path(out)
    write_config(pages, course, lectures, glossary_notebook, words=words,
                 switch=language_switch(out, student=student, lang=lang), student=student)
    copy_assets(pages)
    if work.exists():
        shutil.rmtree(work)
    jb = pathlib.Path(sys.executable).with_name("jupyter-book")
    # Sphinx's progress lines are left out; its warnings and errors are kept.
    cmd = [str(jb), "build", str(pages), "--path-output", str(work), "--builder", "html", "--all",
           "--quiet"]
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1")
    run_filtered(cmd, env=env)
    if out.exists():
        shutil.rmtree(out)
    # what the site serves: not Sphinx's record of its build
    shutil.copytree(work / "_build" / "html", out, ignore=shutil.ignore_patterns(".buildinfo"))
    (out / ".nojekyll").touch()
    if live:
        build_live(out / LIVE_DIR, student=student, lang=lang, quiet=quiet)
    return out


def build_live(out, *, student=False, lang="en", quiet=False):
    """The live site (tools/lite/build.py) into ``out``: the student site with ``student``."""
    try:
        report = lite_tool.build(out, student=student, lang=lang)
    except lite_tool.BuildError as exc:
        raise RuntimeError(f"the live site: {exc} (or build the book with --no-live)") from exc
    if not quiet:
        print(f"live site: {out} ({len(report['notebooks'])} notebooks, "
              f"{report['bytes'] / 2**20:.0f} MiB)", flush=True)
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--student", action="store_true",
                        help="the student edition: no solutions (default --out build/book-student)")
    parser.add_argument("--lang", default="en", choices=book_pages.LANGUAGES,
                        help="the book's language (zh_CN: default --out build/book-zh)")
    parser.add_argument("--no-live", action="store_true",
                        help="skip the live site (<book>/live), for quick builds")
    parser.add_argument("--out", type=pathlib.Path, default=None)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--keep-executed", action="store_true",
                        help="take the executed copies in build/executed even if stale (quick rebuilds)")
    args = parser.parse_args(argv)
    out = args.out or default_out(student=args.student, lang=args.lang)
    try:
        build(out, quiet=args.quiet, keep_executed=args.keep_executed, student=args.student,
              lang=args.lang, live=not args.no_live)
    except (ValueError, RuntimeError) as exc:   # a missing translation, a failing notebook, the live site
        print(f"error: {exc}", file=sys.stderr)
        return 1
    edition = " (student edition)" if args.student else ""
    print(f"book{edition}: {out / 'index.html'}")
    if not args.no_live:
        print(f"serve it (the live lectures need a web server): python -m http.server -d {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
