"""A reveal.js deck per lecture: ``build/slides/NN_*.slides.html``.

Usage: python tools/slides.py [--out build/slides] [notebooks/NN_*.ipynb ...]

The slide structure is assigned here, from the cells' content, on copies
(the committed notebooks are not touched):

* the title cell and every section (a ``## `` heading) start a slide;
* a proof (a cell starting with **Proof** or a ``### `` heading) and every
  exercise or sub-section start a sub-slide (reveal's "down");
* verification cells (code that checks a claim against search and prints how
  many positions agreed) are skipped: the lecture states the fact, the
  notebook proves it by computation;
* solutions (cells with ``### BEGIN SOLUTION`` and markdown tagged
  ``solution``) go to the speaker notes (press S);
* everything else continues the current slide, which scrolls when long.

The decks are written with nbconvert's reveal template (tools/slides_template)
and need nothing from outside the machine: reveal.js 4, MathJax 3,
require.js and jQuery are copied from ``tools/web/node_modules`` (``npm ci``
there first if needed) into ``<out>/web/``.  Explorers show their sentence
("Run the notebook to use this explorer: ...") — lecture with live sliders
from JupyterLab (README: Teach it).
"""
from __future__ import annotations

import argparse
import copy
import pathlib
import re
import shutil
import sys

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from web_assets import npm_assets  # noqa: E402

TEMPLATES = ROOT / "tools" / "slides_template"
LECTURE = re.compile(r"^\d+_.*\.ipynb$")

SECTION = re.compile(r"^## ", re.M)
SUBSECTION = re.compile(r"^### ")
PROOF = re.compile(r"^\s*(\*\*|__)?(Proof|Proof sketch)\b")
SOLUTION_MARK = re.compile(r"^[ \t]*### BEGIN SOLUTION[ \t]*$", re.M)
#: What a verification cell prints: "... checked on 1808 positions", "agree with search on 3600 ...".
VERIFIED = re.compile(
    r"\b(checked|agrees?|matches|hold|holds|verified)\b[^\n]*?\b(on|for|at)\s+(all\s+)?\d[\d,]*\b", re.I)


def _output_text(cell):
    parts = []
    for out in cell.get("outputs", []):
        parts.append(out.get("text", ""))
        parts.append(out.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def _shows_picture(cell):
    return any(k.startswith("image/") or k == "text/html"
               for out in cell.get("outputs", []) for k in out.get("data", {}))


def is_verification(cell):
    """Code that checks a claim over a range and prints how much it checked."""
    if cell.cell_type != "code" or SOLUTION_MARK.search(cell.source) or _shows_picture(cell):
        return False
    return bool(re.search(r"\b(for|all|any)\b", cell.source)) and bool(VERIFIED.search(_output_text(cell)))


def slide_type(index, cell):
    """The reveal slide type of a cell (see the module docstring)."""
    tags = cell.get("metadata", {}).get("tags", [])
    if index == 0:
        return "slide"
    if "solution" in tags or (cell.cell_type == "code" and SOLUTION_MARK.search(cell.source)):
        return "notes"
    if cell.cell_type == "markdown":
        if SECTION.match(cell.source):
            return "slide"
        if SUBSECTION.match(cell.source) or PROOF.match(cell.source):
            return "subslide"
        return "-"
    if is_verification(cell):
        return "skip"
    return "-"


def with_slides(nb):
    """A copy of ``nb`` with ``metadata.slideshow.slide_type`` on every cell."""
    nb = copy.deepcopy(nb)
    for index, cell in enumerate(nb.cells):
        cell.metadata["slideshow"] = {"slide_type": slide_type(index, cell)}
    return nb


# -- assets and export ----------------------------------------------------------------

def copy_assets(out):
    nm = npm_assets()
    web = out / "web"
    if web.exists():
        shutil.rmtree(web)
    web.mkdir(parents=True)
    reveal = web / "reveal.js"
    for sub in ("dist", "plugin"):
        shutil.copytree(nm / "reveal.js" / sub, reveal / sub)
    shutil.copytree(nm / "mathjax" / "es5", web / "mathjax")
    shutil.copy2(nm / "requirejs" / "require.js", web / "require.js")
    shutil.copy2(nm / "jquery" / "dist" / "jquery.min.js", web / "jquery.min.js")


def exporter():
    from nbconvert import SlidesExporter

    ex = SlidesExporter(
        template_name="gamelab_reveal",
        extra_template_basedirs=[str(TEMPLATES)],
        reveal_url_prefix="web/reveal.js",
        reveal_theme="white",  # "simple" imports Google fonts,
        reveal_scroll=True,
        reveal_number="c/t",
        mathjax_url="web/mathjax/tex-chtml.js",
        require_js_url="web/require.js",
        jquery_url="web/jquery.min.js",
        mermaid_js_url="",
        jupyter_widgets_base_url="web/",
        widget_renderer_url="",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )
    return ex


def build(out, notebooks=None):
    out = pathlib.Path(out)
    notebooks = sorted(notebooks or [p for p in (ROOT / "notebooks").glob("*.ipynb") if LECTURE.match(p.name)])
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.slides.html"):
        old.unlink()
    copy_assets(out)
    ex = exporter()
    written = []
    for path in notebooks:
        nb = with_slides(nbformat.read(path, as_version=4))
        body, _ = ex.from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
        dest = out / f"{path.stem}.slides.html"
        dest.write_text(body, encoding="utf-8")
        written.append(dest)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "slides")
    args = parser.parse_args(argv)
    written = build(args.out, args.notebooks)
    print(f"slides: {len(written)} decks in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
