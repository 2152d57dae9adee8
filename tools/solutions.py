"""The solutions of chosen lectures, to release to a class: ``build/solutions/``.

Usage: python tools/solutions.py [--lectures 05 06_fibonacci_nim ...] [--out build/solutions]
                                 [--notebooks notebooks]

The committed notebooks are the teacher's edition: every solution is in them,
between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` lines and in markdown
cells tagged ``solution``.  A release is, for each chosen lecture (all of them
without ``--lectures``; a lecture is named by its number, ``05`` or ``5``, or
by its name, ``05_wythoff``):

* ``NN_name.ipynb``: the teacher's notebook, as committed;
* ``NN_name.html``: the same notebook as a page to read, rendered by
  nbconvert from its executed copy (``tools/executed.py``: the copies the book
  is made from, executed again only when the notebook or gamelab changed).  A
  banner at its top says which lectures the release holds the solutions of;
  each solution (code or prose) is marked by a bar in the margin; each explorer
  shows its sentence ("Run the notebook to use this explorer: ...") in a box,
  as the slides do, not a snapshot whose controls do nothing;
* ``index.html``: the lectures of the release, each linking to its page and
  its notebook.

The release folder holds only the chosen lectures: the pages and notebooks of
lectures written there before are removed first.  Nothing is loaded from
outside the folder: MathJax 3 comes from ``tools/web/node_modules`` (``npm
ci`` there first if needed) into ``<out>/web/``; the pages need no other
script.
"""
from __future__ import annotations

import argparse
import copy
import html
import importlib.util
import pathlib
import re
import shutil
import sys

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from web_assets import npm_assets  # noqa: E402


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


student_tool = _load("gamelab_student_tool", ROOT / "tools" / "student.py")
executed_tool = _load("gamelab_executed_tool", ROOT / "tools" / "executed.py")

NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "build" / "solutions"
LECTURE = re.compile(r"^(?P<number>\d+)_\w+$")
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: The tag a page's copy gives every code cell holding a solution (its CSS class
#: ``celltag_gamelab-solution``); markdown solutions carry ``celltag_solution``.
SOLUTION_CODE_TAG = "gamelab-solution"
BANNER_CLASS = "gamelab-solutions"
EXPLORER_CLASS = "gamelab-explorer"

CSS = f"""
.{BANNER_CLASS} {{ margin: 0 0 1.5em; padding: 0.7em 1em; border: 1px solid #c9a227;
  border-radius: 4px; background: #fff8e1; font-family: var(--jp-ui-font-family, sans-serif); }}
.{BANNER_CLASS} a {{ margin-left: 0.5em; }}
.celltag_solution, .celltag_{SOLUTION_CODE_TAG} {{ border-left: 4px solid #c9a227; padding-left: 6px; }}
.{EXPLORER_CLASS} {{ margin: 0.3em 0; padding: 0.5em 0.8em; border: 1px dashed #888;
  border-radius: 4px; font-style: italic; }}
"""

#: nbconvert's ``lab`` page with nothing loaded from elsewhere: MathJax 3 from the
#: release's own ``web/``, no require.js (no widget state is kept), no mermaid; the
#: release's banner at the top of the page.
TEMPLATE = """\
{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mermaidjs -%}
<link rel="icon" href="data:,">
{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_js_mathjax -%}
<script>
window.MathJax = {
  tex: {
    inlineMath: [['$', '$'], ['\\\\(', '\\\\)']],
    displayMath: [['$$', '$$'], ['\\\\[', '\\\\]']],
    processEscapes: true,
    processEnvironments: true
  },
  options: { ignoreHtmlClass: 'jp-CodeCell|highlight|jp-OutputArea-output' }
};
</script>
<script defer src="{{ resources.mathjax_url }}"></script>
{%- endblock html_head_js_mathjax -%}
{%- block html_head_css -%}
<style type="text/css">{{ resources.gamelab_css }}</style>
{%- endblock html_head_css -%}
{%- block body_header -%}
{{ super() }}
{{ resources.gamelab_banner }}
{%- endblock body_header -%}
"""


def lectures(notebooks=NOTEBOOKS):
    """The lectures of the folder ``notebooks``: its ``NN_name.ipynb``, in order."""
    return sorted(p for p in pathlib.Path(notebooks).glob("*.ipynb") if LECTURE.match(p.stem))


def select(wanted, notebooks=NOTEBOOKS):
    """The lectures named in ``wanted`` (numbers, ``05`` or ``5``, or names, ``05_wythoff``,
    ``05_wythoff.ipynb``), in the course's order; all of them when ``wanted`` is empty.
    A name that is no lecture of ``notebooks`` is a ``ValueError`` naming it."""
    found = lectures(notebooks)
    if not found:
        raise ValueError(f"--notebooks: no lecture (NN_name.ipynb) in {notebooks}")
    if not wanted:
        return found
    chosen, unknown = set(), []
    for name in (n for item in wanted for n in str(item).replace(",", " ").split()):
        name = name.removesuffix(".ipynb")
        hits = [p for p in found if p.stem == name
                or (name.isdigit() and int(LECTURE.match(p.stem)["number"]) == int(name))]
        if not hits:
            unknown.append(name)
        chosen.update(hits)
    if unknown:
        raise ValueError(f"--lectures: no lecture {', '.join(map(repr, unknown))} in {notebooks} "
                         f"(name a lecture by its number, {LECTURE.match(found[-1].stem)['number']}, "
                         f"or its name, {found[-1].stem}; the lectures are {found[0].stem} to "
                         f"{found[-1].stem})")
    return [p for p in found if p in chosen]


def numbers_text(paths):
    """``"lecture 05"``, ``"lectures 05 and 06"``, ``"lectures 05, 06 and 07"``."""
    numbers = [LECTURE.match(pathlib.Path(p).stem)["number"] for p in paths]
    if len(numbers) == 1:
        return f"lecture {numbers[0]}"
    return f"lectures {', '.join(numbers[:-1])} and {numbers[-1]}"


def banner_html(paths, *, index=True):
    """The banner at the top of every page: the solutions of which lectures."""
    link = ' <a href="index.html">All the lectures of this release</a>' if index else ""
    return (f'<div class="{BANNER_CLASS}" role="note"><strong>Solutions</strong> of '
            f"{html.escape(numbers_text(paths))}: the teacher's edition, every exercise "
            f"with its solution.{link}</div>")


def page_notebook(executed):
    """The notebook a page is made from: a copy of the executed one, its widget state left
    out and each explorer shown as its sentence in a box, each code cell holding a solution
    tagged ``gamelab-solution``."""
    nb = copy.deepcopy(executed)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if student_tool.solution_regions(cell.source):
            tags = cell.metadata.setdefault("tags", [])
            if SOLUTION_CODE_TAG not in tags:
                tags.append(SOLUTION_CODE_TAG)
        for k, output in enumerate(cell.outputs):
            if WIDGET_MIME in output.get("data", {}):
                sentence = html.escape(output.data.get("text/plain", ""))
                cell.outputs[k] = nbformat.v4.new_output(
                    "display_data", data={"text/html": f'<div class="{EXPLORER_CLASS}">{sentence}</div>',
                                          "text/plain": output.data.get("text/plain", "")})
    return nb


def exporter():
    """nbconvert's HTML exporter with :data:`TEMPLATE` (MathJax from ``web/mathjax``)."""
    try:
        import jinja2
        from nbconvert import HTMLExporter
    except ImportError as exc:
        raise SystemExit("nbconvert not installed: pip install -e '.[book]'") from exc
    return HTMLExporter(template_name="lab", template_file="gamelab_solutions.html.j2",
                        extra_loaders=[jinja2.DictLoader({"gamelab_solutions.html.j2": TEMPLATE})],
                        mathjax_url="web/mathjax/tex-chtml.js", require_js_url="", mermaid_js_url="",
                        exclude_input_prompt=True, exclude_output_prompt=True)


def page_html(ex, executed, name, paths):
    """The page of lecture ``name`` (its executed notebook ``executed``) in a release of ``paths``."""
    nb = page_notebook(executed)
    nb.metadata["title"] = f"{student_tool.lecture_title(nb, name)} (solutions)"
    body, _ = ex.from_notebook_node(nb, resources={"metadata": {"name": name},
                                                   "gamelab_banner": banner_html(paths),
                                                   "gamelab_css": CSS})
    return body


def index_html(paths, titles):
    """The release's home: its lectures, each linking to its page and its notebook."""
    rows = "\n".join(f'<li><a href="{p.stem}.html">{html.escape(titles[p.stem])}</a> '
                     f'(<a href="{p.name}" download>notebook</a>)</li>' for p in paths)
    title = f"Solutions of {numbers_text(paths)}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="icon" href="data:,">
<title>{html.escape(title)}</title>
<style>body {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
  line-height: 1.5; }}{CSS}</style>
</head><body>
{banner_html(paths, index=False)}
<h1>{html.escape(title)}</h1>
<p>Each lecture as a page to read, with every solution marked in the margin, and as the
notebook to run in JupyterLab.</p>
<ul>
{rows}
</ul>
</body></html>
"""


def clear(out):
    """Remove what an earlier release wrote to ``out`` (its pages, notebooks and ``web/``)."""
    for old in [out / "index.html", *out.glob("*.html"), *out.glob("*.ipynb")]:
        if old.name == "index.html" or LECTURE.match(old.stem):
            old.unlink(missing_ok=True)
    if (out / "web").exists():
        shutil.rmtree(out / "web")


def build(paths, out=OUT, *, jobs=executed_tool.JOBS, report=None):
    """Write the release of the lectures ``paths`` into ``out``; returns the written
    pages (``index.html`` last).  A lecture that fails to run stops the build
    (a ``RuntimeError`` naming it), before anything is written."""
    paths = [pathlib.Path(p) for p in paths]
    out = pathlib.Path(out)
    copies = executed_tool.execute_all(paths, "en", jobs=jobs, report=report)
    ex = exporter()
    assets = npm_assets()
    out.mkdir(parents=True, exist_ok=True)
    clear(out)
    shutil.copytree(assets / "mathjax" / "es5", out / "web" / "mathjax")
    written, titles = [], {}
    for p in paths:
        executed = nbformat.read(copies[p], as_version=4)
        titles[p.stem] = student_tool.lecture_title(executed, p.stem)
        page = out / f"{p.stem}.html"
        page.write_text(page_html(ex, executed, p.stem, paths), encoding="utf-8")
        shutil.copy2(p, out / p.name)
        written.append(page)
    (out / "index.html").write_text(index_html(paths, titles), encoding="utf-8")
    return [*written, out / "index.html"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lectures", nargs="+", default=[], metavar="LECTURE",
                        help="numbers (05) or names (05_wythoff); default: every lecture")
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="default: build/solutions")
    parser.add_argument("--notebooks", type=pathlib.Path, default=NOTEBOOKS,
                        help="the folder of the teacher's notebooks (default: notebooks)")
    args = parser.parse_args(argv)
    try:
        paths = select(args.lectures, args.notebooks)
        build(paths, args.out, report=lambda p: print(f"executed: {p.name}", flush=True))
    except (ValueError, RuntimeError) as exc:   # an unknown lecture, a lecture that fails to run
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"solutions of {numbers_text(paths)}: {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
