"""Build the course as a static website (jupyter-book 1.x): ``build/book/index.html``.

Usage: python tools/book/build.py [--student] [--out DIR] [--quiet] [--keep-executed]

1. Executes a *copy* of every notebook in ``build/book_src/`` from a fresh
   kernel with its widget state stored (the committed notebooks are never
   touched or re-executed), so every explorer appears in the book as a
   snapshot of its first view.  A copy is reused while its notebook and the
   ``gamelab`` package are unchanged.
2. Writes the book's pages to ``build/book_pages/``: the executed notebooks
   (with ``--student``, their student edition from ``tools/student.py``:
   solutions stubbed, solution prose dropped, check outputs cleared; the
   lecture outputs kept), a label above every widget snapshot saying that
   its controls do not recompute there, the home page, the glossary, the
   API reference (``API.md``) and "run it live"; the ``_config.yml`` and
   ``_toc.yml``; and the browser assets from ``tools/web/node_modules``
   (``npm ci`` there first if needed): MathJax 3, the ipywidgets embedder
   and its fonts, require.js.  Nothing is loaded from outside the book when
   it is built or read.
3. Runs ``jupyter-book build`` (its chatter filtered out) and copies the HTML
   to ``build/book`` (``build/book-student`` with ``--student``).
"""
from __future__ import annotations

import argparse
import concurrent.futures
import copy
import hashlib
import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
BUILD = ROOT / "build"
SRC = BUILD / "book_src"
sys.path.insert(0, str(ROOT / "tools"))
from web_assets import npm_assets  # noqa: E402

_spec = importlib.util.spec_from_file_location("gamelab_student_tool", ROOT / "tools" / "student.py")
student_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student_tool)

NUMBERED = re.compile(r"^\d+_")
#: Notebooks executed at the same time (each in its own kernel).
JOBS = int(os.environ.get("GAMELAB_BOOK_JOBS", min(2, os.cpu_count() or 1)))
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: The class of the label above every widget snapshot (styled in gamelab.css).
SNAPSHOT_CLASS = "gamelab-snapshot-note"
SNAPSHOT_NOTE = (
    f'<div class="{SNAPSHOT_CLASS}" role="note"><strong>Snapshot:</strong> the controls '
    "do not recompute here. Run this lecture in JupyterLab (<code>make lab</code>) "
    "to use it.</div>")
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


# -- executed copies ------------------------------------------------------------

def _package_hash():
    h = hashlib.sha256()
    for p in sorted((ROOT / "gamelab").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(ROOT)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def execute_copy(notebook, dest, package_hash, *, keep=False):
    """Execute a copy of ``notebook`` into ``dest`` with its widget state (cached).

    ``keep``: reuse an executed copy even if the notebook or gamelab changed.
    """
    if keep and dest.exists():
        return False
    text = notebook.read_bytes()
    key = hashlib.sha256(text + package_hash.encode()).hexdigest()
    if dest.exists():
        old = nbformat.read(dest, as_version=4)
        if old.metadata.get("gamelab_book", {}).get("source") == key:
            return False
    nb = nbformat.reads(text.decode("utf-8"), as_version=4)
    # The kernel's warnings (a local kernel over TCP) are not the reader's business.
    client = NotebookClient(nb, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(notebook.parent)}},
                            record_timing=False, store_widget_state=True,
                            extra_arguments=["--IPKernelApp.log_level=ERROR"])
    client.execute()
    nb.metadata["gamelab_book"] = {"source": key}
    nbformat.write(nb, dest)
    return True


# -- pages ------------------------------------------------------------------------

def label_snapshots(nb):
    """Put the snapshot label right before every output showing a widget; returns the count."""
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for output in cell.outputs:
            if WIDGET_MIME in output.get("data", {}):
                outputs.append(nbformat.v4.new_output(
                    "display_data", data={"text/html": SNAPSHOT_NOTE, "text/plain": "Snapshot"}))
                count += 1
            outputs.append(output)
        cell.outputs = outputs
    return count


def page_notebook(executed, *, student=False, name="<notebook>"):
    """The notebook a page is made from: the executed copy (its student edition
    with ``student``), each widget snapshot labelled."""
    nb = student_tool.student_notebook(executed, notebook=name) if student else copy.deepcopy(executed)
    label_snapshots(nb)
    return nb


def _readme_section(heading):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1).strip() if m else ""


def write_pages(src, course, lectures, titles, *, student=False):
    intro = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    intro = re.sub(r"^# gamelab\n", "", intro).strip()
    intro = re.sub(r"\n*!\[[^\]]*\]\([^)]*\)\n*", "\n\n", intro).strip()
    rows = "\n".join(f"| [{titles[p.stem]}]({p.stem}.ipynb) |" for p in course + lectures)
    edition = ("This is the student edition: every exercise is there with its check, "
               "and the solutions are left for you to write.\n\n" if student else "")
    (src / "index.md").write_text(f"""# gamelab: impartial combinatorial games

{intro}

{edition}This is the course as a book: every lecture with its tables, pictures and the
first view of each explorer, read in a browser without installing anything.
The explorers are snapshots, labelled as such: to move the sliders and play
against gamelab, [run it live](run_live.md). The search works from the folder
on disk as well as from a web server.

| Contents |
|---|
{rows}
| [Glossary (English – 中文)](glossary.md) |
| [API reference: the public names of gamelab](api.md) |
| [Run it live](run_live.md) |
""", encoding="utf-8")
    (src / "glossary.md").write_text(f"""# Glossary (English – 中文)

The course's terms with their Chinese names, as the classic Chinese
write-ups on these games use them.

{_readme_section("Glossary")}
""", encoding="utf-8")
    shutil.copy2(ROOT / "API.md", src / "api.md")
    shutil.copy2(HERE / "run_live.md", src / "run_live.md")


def write_config(src, course, lectures, glossary_notebook):
    files = [p.stem for p in course]
    toc = ["format: jb-book", "root: index", "parts:"]
    if files:
        toc += ["  - caption: The course", "    chapters:"] + [f"      - file: {f}" for f in files]
    toc += ["  - caption: Lectures", "    chapters:"] + [f"      - file: {p.stem}" for p in lectures]
    toc += ["  - caption: Reference", "    chapters:"]
    if not glossary_notebook:
        toc += ["      - file: glossary"]
    toc += ["      - file: api", "      - file: run_live"]
    (src / "_toc.yml").write_text("\n".join(toc) + "\n", encoding="utf-8")
    shutil.copy2(HERE / "_config.yml", src / "_config.yml")
    shutil.copy2(HERE / "gamelab_search.py", src / "gamelab_search.py")


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


def build(out, *, notebooks=None, quiet=False, keep_executed=False, student=False):
    """Build the book into ``out`` (the student edition with ``student``); returns ``out``."""
    notebooks = sorted(notebooks or (ROOT / "notebooks").glob("*.ipynb"))
    lectures = [p for p in notebooks if NUMBERED.match(p.name)]
    course = [p for p in notebooks if not NUMBERED.match(p.name)]
    glossary_notebook = any("glossary" in p.stem.lower() for p in course)
    SRC.mkdir(parents=True, exist_ok=True)
    wanted = {p.name for p in notebooks}
    for old in SRC.iterdir():       # only the executed copies live here
        if old.is_dir():
            shutil.rmtree(old)
        elif old.name not in wanted:
            old.unlink()
    package_hash = _package_hash()
    jobs = max(1, min(JOBS, len(notebooks)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = {p: pool.submit(execute_copy, p, SRC / p.name, package_hash, keep=keep_executed)
                for p in notebooks}
        for p, run in runs.items():
            ran = run.result()
            if ran and not quiet:
                print(f"executed: {p.name}", flush=True)
    suffix = "_student" if student else ""
    pages, work = BUILD / f"book_pages{suffix}", BUILD / f"book_work{suffix}"
    if pages.exists():
        shutil.rmtree(pages)
    pages.mkdir(parents=True)
    titles = {}
    for p in notebooks:
        nb = page_notebook(nbformat.read(SRC / p.name, as_version=4), student=student, name=p.name)
        titles[p.stem] = student_tool.lecture_title(nb, p.stem)
        nbformat.write(nb, pages / p.name)
    write_pages(pages, course, lectures, titles, student=student)
    write_config(pages, course, lectures, glossary_notebook)
    copy_assets(pages)
    if work.exists():
        shutil.rmtree(work)
    jb = pathlib.Path(sys.executable).with_name("jupyter-book")
    # Sphinx's progress lines are left out; its warnings and errors are kept.
    cmd = [str(jb), "build", str(pages), "--path-output", str(work), "--builder", "html", "--all",
           "--quiet"]
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1")
    run_filtered(cmd, env=env)
    out = pathlib.Path(out)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(work / "_build" / "html", out)
    (out / ".nojekyll").touch()
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--student", action="store_true",
                        help="the student edition: no solutions (default --out build/book-student)")
    parser.add_argument("--out", type=pathlib.Path, default=None)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--keep-executed", action="store_true",
                        help="reuse the executed copies in build/book_src even if stale (quick rebuilds)")
    args = parser.parse_args(argv)
    default = BUILD / ("book-student" if args.student else "book")
    out = build(args.out or default, quiet=args.quiet, keep_executed=args.keep_executed,
                student=args.student)
    print(f"book{' (student edition)' if args.student else ''}: {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
