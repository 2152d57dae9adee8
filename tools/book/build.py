"""Build the course as a static website (jupyter-book 1.x): ``build/book/index.html``.

Usage: python tools/book/build.py [--out build/book]

1. Executes a *copy* of every notebook in ``build/book_src/`` from a fresh
   kernel with its widget state stored (the committed notebooks are never
   touched or re-executed), so every explorer appears in the book as a
   snapshot of its first view.  A copy is reused while its notebook and the
   ``gamelab`` package are unchanged.
2. Writes the book's other pages (home, glossary, "run it live"), its
   ``_config.yml`` and ``_toc.yml``, and copies the browser assets from
   ``tools/web/node_modules`` (``npm ci`` there first if needed): MathJax 3,
   the ipywidgets embedder and its fonts, require.js.  Nothing is loaded
   from outside the book when it is built or read.
3. Runs ``jupyter-book build`` and copies the HTML to ``build/book``.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
BUILD = ROOT / "build"
SRC = BUILD / "book_src"
WORK = BUILD / "book_work"
sys.path.insert(0, str(ROOT / "tools"))
from web_assets import npm_assets  # noqa: E402

NUMBERED = re.compile(r"^\d+_")
#: Notebooks executed at the same time (each in its own kernel).
JOBS = int(os.environ.get("GAMELAB_BOOK_JOBS", min(2, os.cpu_count() or 1)))


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
    for name in ("gamelab.css", "mathjax2-shim.js"):
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
    from nbclient import NotebookClient

    if keep and dest.exists():
        return False
    text = notebook.read_bytes()
    key = hashlib.sha256(text + package_hash.encode()).hexdigest()
    if dest.exists():
        old = nbformat.read(dest, as_version=4)
        if old.metadata.get("gamelab_book", {}).get("source") == key:
            return False
    nb = nbformat.reads(text.decode("utf-8"), as_version=4)
    client = NotebookClient(nb, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(notebook.parent)}},
                            record_timing=False, store_widget_state=True)
    client.execute()
    nb.metadata["gamelab_book"] = {"source": key}
    nbformat.write(nb, dest)
    return True


# -- pages ------------------------------------------------------------------------

def _title(nb, fallback):
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def _readme_section(heading):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1).strip() if m else ""


def write_pages(src, course, lectures, titles):
    intro = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    intro = re.sub(r"^# gamelab\n", "", intro).strip()
    intro = re.sub(r"\n*!\[[^\]]*\]\([^)]*\)\n*", "\n\n", intro).strip()
    rows = "\n".join(f"| [{titles[p.stem]}]({p.stem}.ipynb) |" for p in course + lectures)
    (src / "index.md").write_text(f"""# gamelab: impartial combinatorial games

{intro}

This is the course as a book: every lecture with its tables, pictures and the
first view of each explorer, read in a browser without installing anything.
To move the sliders and play against gamelab, [run it live](run_live.md).

| Contents |
|---|
{rows}
| [Glossary (English – 中文)](glossary.md) |
| [Run it live](run_live.md) |
""", encoding="utf-8")
    (src / "glossary.md").write_text(f"""# Glossary (English – 中文)

The course's terms with their Chinese names, as the classic Chinese
write-ups on these games use them.

{_readme_section("Glossary")}
""", encoding="utf-8")
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
    toc += ["      - file: run_live"]
    (src / "_toc.yml").write_text("\n".join(toc) + "\n", encoding="utf-8")
    shutil.copy2(HERE / "_config.yml", src / "_config.yml")
    shutil.copy2(HERE / "gamelab_search.py", src / "gamelab_search.py")


# -- the build ----------------------------------------------------------------------

def build(out, *, notebooks=None, quiet=False, keep_executed=False):
    notebooks = sorted(notebooks or (ROOT / "notebooks").glob("*.ipynb"))
    lectures = [p for p in notebooks if NUMBERED.match(p.name)]
    course = [p for p in notebooks if not NUMBERED.match(p.name)]
    glossary_notebook = any("glossary" in p.stem.lower() for p in course)
    SRC.mkdir(parents=True, exist_ok=True)
    wanted = {p.name for p in notebooks}
    for old in SRC.glob("*.ipynb"):
        if old.name not in wanted:
            old.unlink()
    package_hash = _package_hash()
    jobs = max(1, min(JOBS, len(notebooks)))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = {p: pool.submit(execute_copy, p, SRC / p.name, package_hash, keep=keep_executed)
                for p in notebooks}
        for p, run in runs.items():
            ran = run.result()
            if not quiet:
                print(f"{'executed' if ran else 'up to date'}: {p.name}", flush=True)
    titles = {p.stem: _title(nbformat.read(SRC / p.name, as_version=4), p.stem) for p in notebooks}
    write_pages(SRC, course, lectures, titles)
    write_config(SRC, course, lectures, glossary_notebook)
    copy_assets(SRC)
    if WORK.exists():
        shutil.rmtree(WORK)
    jb = pathlib.Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jb), "build", str(SRC), "--path-output", str(WORK), "--builder", "html", "--all"]
    if quiet:
        cmd.append("--quiet")
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1")
    subprocess.run(cmd, check=True, env=env)
    out = pathlib.Path(out)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(WORK / "_build" / "html", out)
    (out / ".nojekyll").touch()
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=BUILD / "book")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--keep-executed", action="store_true",
                        help="reuse the executed copies in build/book_src even if stale (quick rebuilds)")
    args = parser.parse_args(argv)
    out = build(args.out, quiet=args.quiet, keep_executed=args.keep_executed)
    print(f"book: {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
