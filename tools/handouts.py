"""A printable exercise sheet per lecture: ``build/handouts/NN_*.pdf``.

Usage: python tools/handouts.py [--out build/handouts] [--lang zh_CN] [notebooks/NN_*.ipynb ...]

Each sheet is made from the lecture's student edition (``tools/student.py``:
no solution code, no solution prose, no check reports): the lecture's title,
its learning objectives, and every exercise stated for paper: its statement
(without the sentences about cells and checks that only a notebook needs),
the code it hands out and the position that code makes (a Green Hackenbush
picture drawn, vertices numbered and no value shown; a directed graph as the
options of each node), what to hand in (the Python function ``solve(input_text)``,
the complete program, your answer, your reasoning or your proof, from the
exercise's answer cells) and one box to answer in.  No code stub and no
answer cell of the notebook is printed.
The sheet is written as an HTML file next to the PDF (``NN_*.html``) and
printed to PDF by headless Chromium (``chromium --headless --print-to-pdf``);
formulas are typeset by the course's own MathJax (``tools/web``) when it is
installed, and long code lines wrap instead of running off the page.

A translated lecture (``language`` metadata, ``python tools/i18n.py
notebooks``) gets its sheet in its language: the headings looked for and
the sheet's own words are those of ``tools/i18n.py``; ``--lang zh_CN`` makes
the sheets of ``build/zh/notebooks`` into ``build/zh/handouts``.
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import html
import io
import importlib.util
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import nbformat
from markdown_it import MarkdownIt

ROOT = pathlib.Path(__file__).resolve().parents[1]
MATHJAX = ROOT / "tools" / "web" / "node_modules" / "mathjax" / "es5" / "tex-svg.js"

_spec = importlib.util.spec_from_file_location("gamelab_student_tool", ROOT / "tools" / "student.py")
student_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student_tool)
i18n = student_tool.i18n

NUMBERED = re.compile(r"^\d+_")
EXERCISE = re.compile(rf"^#{{2,4}} (?:{i18n.any_marker('exercise')})")
HEADING = re.compile(r"^#{1,4} ")
OBJECTIVES = re.compile(rf"^#{{2,4}} (?:{i18n.any_heading('objectives')})[ \t]*\n(.*?)(?=^#{{1,4}} |\Z)",
                        re.M | re.S)
#: An exercise marked by hand, and the sentence asking for a proof: a taller box.
BY_HAND = re.compile(i18n.any_marker("by hand"))
YOUR_PROOF = re.compile(i18n.any_marker("your proof"))
#: ``$$...$$`` and ``$...$`` (not ``\\$``), kept away from the Markdown parser.
MATH = re.compile(r"(?<![\\$])(\$\$.+?\$\$|\$[^$\n]+?\$)", re.S)
#: A code cell that runs a judge program (its program is a solution).
RUNS_PROGRAM = re.compile(r"^[ \t]*(assert[ \t]+)?run_program\(", re.M)
#: The sentences of a statement that only a notebook needs (a cell, a check, the
#: teacher's edition) and the phrases a sheet says otherwise, in every language of
#: the course.  A sentence ends at ``.``/``!``/``?`` and a space (not ``e.g.``) or at
#: ``。``/``！``/``？``, with the closing ``)``, ``）`` or ``*`` that follow it.
SENTENCE = re.compile(r".*?(?:(?<!\be\.g)(?<!\bi\.e)[.!?][*)]*(?=\s|$)|[。！？][*)）]*|$)", re.S)
NOTEBOOK_ONLY = re.compile(r"\b[Tt]he\s+check\b|\bcheck\s+cell\b|teacher's\s+edition|\bcell\s+below\s+runs\b"
                           r"|fresh Python|检查|教师版|单元格会|全新的 Python")
PAPER_WORDS = [
    (re.compile(r"\b([Ii])n\s+the\s+cell\s+below,\s+(\w)"), lambda m: m.group(2).upper()),
    (re.compile(r"\b([Ss])et\s+`answer`\s+to\b"), lambda m: "Give" if m.group(1) == "S" else "give"),
    (re.compile(r"请在下面的单元格[中里]"), lambda m: "请"),
    (re.compile(r"把\s*`answer`\s*设为"), lambda m: "写出"),
]
MARKED_BY_HAND = re.compile(rf"^\*?(?:{i18n.any_marker('by hand')})")
#: A function the student writes: its ``def`` line(s) up to the stub that replaces its body.
STUB_FUNCTION = re.compile(rf"^def[ \t]+(?P<signature>\w+\(.*?\))[^\n]*?:[ \t]*\n(?:.*\n)*?[ \t]+"
                           rf"{re.escape(student_tool.INDENTED_STUB)}[ \t]*(?:\n|$)", re.M)
#: The comment of a placeholder that names no kind of value.
NO_KIND = re.compile(r"^\s*#\s*(?:your answer here)?[:\s]*")
#: Handed-out code that makes a position a sheet shows (a Green Hackenbush picture, a
#: directed graph): the code is run with gamelab to draw or list it.
MAKES_POSITION = re.compile(r"hackenbush|digraph", re.I)
GROUND = re.compile(r"\bground\s*=\s*(-?\d+)")
#: Chromium waits this long (virtual time, ms) for MathJax before printing.
PRINT_BUDGET_MS = 20_000

CSS = """
@page { size: A4; margin: 16mm 15mm 18mm; }
body { font-family: "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", "WenQuanYi Zen Hei",
       sans-serif; font-size: 10.5pt; line-height: 1.4; color: #111; }
header { border-bottom: 2px solid #333; margin-bottom: 10pt; }
header .course { font-size: 9pt; color: #555; }
header .who { display: flex; gap: 24pt; font-size: 9.5pt; margin: 6pt 0 4pt; }
header .who span { flex: 1; border-bottom: 1px solid #999; padding-bottom: 2pt; }
h1 { font-size: 17pt; margin: 4pt 0 6pt; }
h2 { font-size: 13pt; margin: 12pt 0 4pt; }
.exercise { margin-top: 12pt; }
.exercise h3 { font-size: 12pt; margin: 0 0 4pt; break-after: avoid; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-word;
      background: #f4f4f4; border: 1px solid #ddd; padding: 4pt 6pt; margin: 4pt 0; }
table { border-collapse: collapse; margin: 4pt 0; }
td, th { border: 1px solid #bbb; padding: 2pt 5pt; }
.answer { border: 1px solid #777; border-radius: 3pt; margin: 6pt 0 4pt; padding: 3pt 6pt;
          min-height: 5.5cm; break-inside: avoid; color: #777; font-size: 8.5pt; }
.answer.proof { min-height: 11cm; }
.answer.code { min-height: 9cm; }
.hand-in { break-inside: avoid; }
.hand-in p { margin: 6pt 0 0; break-after: avoid; }
"""


def _markdown():
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def markdown_html(text, md=None):
    """Markdown to HTML, with ``$...$`` and ``$$...$$`` left for MathJax.

    >>> markdown_html("The value $G(x_1)$ is *small*.")
    '<p>The value \\\\(G(x_1)\\\\) is <em>small</em>.</p>\\n'
    """
    md = md or _markdown()
    formulas = []

    def keep(m):
        formulas.append(m.group(0))
        return f"MATHPLACEHOLDER{len(formulas) - 1}X"

    out = md.render(MATH.sub(keep, text))

    def restore(m):
        tex = formulas[int(m.group(1))]
        inner = html.escape(tex.strip("$"), quote=False)
        return f"\\[{inner}\\]" if tex.startswith("$$") else f"\\({inner}\\)"

    return re.sub(r"MATHPLACEHOLDER(\d+)X", restore, out)


def _first_line(cell):
    return cell.source.lstrip().split("\n", 1)[0]


lecture_title = student_tool.lecture_title


def objectives(nb):
    """The Markdown of a lecture's learning objectives ('' when it has none)."""
    text = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    m = OBJECTIVES.search(text)
    return m.group(1).strip() if m else ""


def paper_text(text):
    """A statement's Markdown for paper: a "marked by hand" paragraph is those
    words alone, sentences only a notebook needs are left out (a check, a cell
    that runs something, the teacher's edition), and "in the cell below" or
    "set `answer` to" are said for paper.

    >>> paper_text("Prove it. In the cell below, show it.\\n\\nThe check runs it on 5 cases.")
    ['Prove it. Show it.']
    """
    paragraphs = []
    for para in re.split(r"\n[ \t]*\n", text.strip()):
        if MARKED_BY_HAND.match(para.strip()):
            paragraphs.append(None)  # the sheet's own words, in the notebook's language
            continue
        if para.lstrip().startswith(("```", "~~~", "    ", "|", "$$")):
            paragraphs.append(para)
            continue
        kept = [s for s in SENTENCE.findall(para) if s.strip() and not NOTEBOOK_ONLY.search(s)]
        para = "".join(kept).strip()
        for pattern, words in PAPER_WORDS:
            para = pattern.sub(words, para)
        if para and not re.fullmatch(r"[\s>*_()（）]*", para):
            paragraphs.append(para)
    return paragraphs


def handed_in(cell):
    """What a code cell of an exercise asks for and what it hands out:
    ``(items, code)``, ``items`` a list of ``("function", signature)``,
    ``("answer", kind or "")`` and ``("program", "")``, ``code`` the rest of
    the cell (given data, helpers) or ``""``.  A check's cell gives nothing."""
    if student_tool.is_check_cell(cell):
        return [], ""
    if RUNS_PROGRAM.search(cell.source):
        return [("program", "")], ""
    items, source = [], cell.source
    for m in STUB_FUNCTION.finditer(source):
        items.append(("function", re.sub(r"\s+", " ", m.group("signature"))))
    source = STUB_FUNCTION.sub("", source)
    rest = []
    for line in source.splitlines():
        if student_tool.PLACEHOLDER.match(line):
            comment = line.split("#", 1)[1] if "#" in line else ""
            items.append(("answer", NO_KIND.sub("", "#" + comment).strip() if comment else ""))
        elif line.strip() == student_tool.TOP_LEVEL_STUB:
            items.append(("code", ""))
        else:
            rest.append(line)
    code = "\n".join(rest).strip("\n")
    if not any(line.strip() and not line.strip().startswith("#") for line in code.splitlines()):
        code = ""
    return items, code


def _assigned(code):
    """The names the top level of ``code`` assigns, in order ([] when it does not parse)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    names = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else [])
        names += [t.id for t in targets if isinstance(t, ast.Name) and t.id not in names]
    return names


def _compact(text):
    return re.sub(r"\s+", "", text)


def positions_html(code, lang="en"):
    """The positions the handed-out ``code`` makes, stated for paper in ``lang``: a
    Green Hackenbush picture drawn (vertices numbered, no value on an edge) and its
    edges when the code does not list them; a directed graph (``gl.random_digraph``,
    ``gl.loopy.Digraph``) as a table of each node's options.  ``[]`` for other code,
    or code that does not run on its own.

    >>> positions_html("g = gl.loopy.Digraph({'a': 'b', 'b': ''})")[0].count("<tr>")
    3
    """
    if not MAKES_POSITION.search(code):
        return []
    if "matplotlib.pyplot" not in sys.modules:   # the code may draw: never on a screen
        import matplotlib
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import gamelab as gl
    from gamelab.games.hackenbush import GreenHackenbush
    from gamelab.loopy import Digraph

    space = {"gl": gl, "plt": plt}
    before = gl.language()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, "<handed-out code>", "exec"), space)  # the lecture's own code
    except Exception:  # noqa: BLE001 - code that needs the notebook's earlier cells: no picture
        return []
    finally:
        plt.close("all")
    ground = int(m.group(1)) if (m := GROUND.search(code)) else 0
    out = []
    try:
        gl.set_language(lang)
        for name in _assigned(code):
            value = space.get(name)
            if isinstance(value, Digraph):
                rows = "".join(f"<tr><td>{html.escape(repr(u))}</td><td>"
                               f"{html.escape(', '.join(map(repr, ks)) or '—')}</td></tr>"
                               for u, ks in value.adjacency.items())
                out.append(f"<p><code>{html.escape(name)}</code></p>\n<table><tr><th>"
                           f"{html.escape(gl.i18n.gettext('position'))}</th><th>"
                           f"{html.escape(gl.i18n.gettext('options'))}</th></tr>{rows}</table>")
            elif isinstance(value, tuple) and value and "hackenbush" in code.lower():
                try:
                    edges = GreenHackenbush(ground).validate(value)
                except (TypeError, ValueError):
                    continue
                listed = "" if _compact(repr(value)) in _compact(code) else \
                    f"<pre>{html.escape(f'{name} = {edges!r}')}</pre>\n"
                picture = gl.display.hackenbush_svg(edges, ground=ground, labels=None)
                out.append(f"{listed}<p><code>{html.escape(name)}</code></p>\n{picture}")
    finally:
        gl.set_language(before)
    return out


def exercises(nb):
    """The exercises of a (student) notebook: a list of lists of cells, each
    from its ``### Exercise`` heading to the next heading."""
    found = []
    current = None
    for cell in nb.cells:
        if cell.cell_type == "markdown" and HEADING.match(_first_line(cell)):
            current = [cell] if EXERCISE.match(_first_line(cell)) else None
            if current is not None:
                found.append(current)
        elif current is not None:
            current.append(cell)
    return found


def _hand_in(items, labels):
    """What to hand in, as its lead and its Markdown: ``("Hand in on paper:",
    "the Python function `solve(input_text)`; your reasoning.")``."""
    words = []
    order = ("function", "answer", "code", "program", "reasoning", "proof")
    for kind, what in sorted(items, key=lambda item: order.index(item[0])):
        if kind == "function":
            text = labels["the function"].format(signature=f"`{what}`")
        elif kind == "answer":
            text = labels["the answer of kind"].format(kind=what) if what else labels["the answer"]
        elif kind == "code":
            text = labels["the answer"]
        else:
            text = labels[{"program": "the program", "reasoning": "your reasoning",
                           "proof": "your proof"}[kind]]
        if text not in words:
            words.append(text)
    chinese = labels["html"] == "zh"
    return labels["hand in"], ("；" if chinese else "; ").join(words) + ("。" if chinese else ".")


def _exercise_html(cells, md, labels, lang="en"):
    heading, rest = cells[0].source.lstrip().split("\n", 1) if "\n" in cells[0].source.strip() \
        else (cells[0].source.strip(), "")
    parts = [f"<h3>{markdown_html(heading.lstrip('#').strip(), md)[3:-5]}</h3>"]
    proof = bool(BY_HAND.search(cells[0].source))
    items = []

    def statement(text):
        for para in paper_text(text):
            parts.append(markdown_html(labels["marked by hand"] if para is None else para, md))

    statement(rest)
    for cell in cells[1:]:
        if student_tool.is_answer_cell(cell):
            items.append(("reasoning", ""))
        elif cell.cell_type == "markdown":
            proof = proof or bool(YOUR_PROOF.search(cell.source))
            statement(cell.source)
        elif cell.cell_type == "code":
            asked, code = handed_in(cell)
            if code:
                parts.append(f"<pre>{html.escape(code)}</pre>")
                parts += positions_html(code, lang)
            items += asked
    if proof:
        items = [("proof", "") if kind == "reasoning" else (kind, what) for kind, what in items] or [("proof", "")]
    items = items or [("answer", "")]
    box = "answer proof" if proof else "answer code" if any(k in ("function", "program") for k, _ in items) \
        else "answer"
    lead, what = _hand_in(items, labels)
    space = "" if labels["html"] == "zh" else " "
    parts.append(f'<div class="hand-in"><p><strong>{html.escape(lead)}</strong>{space}'
                 f'{markdown_html(what, md).strip()[3:-4]}</p>'
                 f'<div class="{box}">{html.escape(labels["your answer"])}</div></div>')
    return '<section class="exercise">\n' + "\n".join(parts) + "\n</section>"


def handout_html(nb, *, name, mathjax=None):
    """The exercise sheet of a student notebook, as a complete HTML page, in the
    notebook's language (its ``language`` metadata; English without one)."""
    md = _markdown()
    lang = i18n.notebook_language(nb)
    labels, headings = i18n.LABELS[lang], i18n.HEADINGS[lang]
    title = lecture_title(nb, name)
    number = name.split("_", 1)[0]
    goals = objectives(nb)
    sheet = labels["sheet"].format(number=number)
    body = [f'<header><div class="course">{html.escape(labels["course"])} · {html.escape(sheet)}</div>',
            f"<h1>{html.escape(title)}</h1>",
            f'<div class="who"><span>{html.escape(labels["name"])}</span>'
            f'<span>{html.escape(labels["date"])}</span></div></header>']
    if goals:
        body += [f"<h2>{html.escape(headings['objectives'])}</h2>", markdown_html(goals, md)]
    body.append(f"<h2>{html.escape(headings['exercises'])}</h2>")
    body += [_exercise_html(cells, md, labels, lang) for cells in exercises(nb)]
    script = ""
    if mathjax is not None:
        script = ("<script>window.MathJax = {tex: {inlineMath: [['\\\\(', '\\\\)']], "
                  "displayMath: [['\\\\[', '\\\\]']]}, svg: {fontCache: 'global'}};</script>\n"
                  f'<script src="{pathlib.Path(mathjax).resolve().as_uri()}"></script>')
    page_title = html.escape(labels["exercises of"].format(title=title))
    return (f'<!DOCTYPE html>\n<html lang="{labels["html"]}"><head><meta charset="utf-8">\n'
            f"<title>{page_title}</title>\n<style>{CSS}</style>\n{script}\n"
            f"</head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def chromium():
    """The Chromium executable, or a ``SystemExit`` saying how to install it."""
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        raise SystemExit("Chromium not found: apt-get install chromium")
    return found


def print_pdf(html_path, pdf_path, *, browser=None):
    """Print a local HTML file to PDF with headless Chromium."""
    browser = browser or chromium()
    with tempfile.TemporaryDirectory(prefix="gamelab-handout-") as profile:
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile}", "--no-pdf-header-footer",
               f"--virtual-time-budget={PRINT_BUDGET_MS}",
               f"--print-to-pdf={pathlib.Path(pdf_path).resolve()}",
               pathlib.Path(html_path).resolve().as_uri()]
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=300)
    if done.returncode != 0 or not pathlib.Path(pdf_path).exists():
        raise RuntimeError(f"Chromium could not print {html_path}:\n{done.stdout[-2000:]}")
    return pdf_path


def build(notebooks, out, *, browser=None):
    """Write ``out/NN_*.html`` and ``out/NN_*.pdf`` for every lecture in
    ``notebooks``; returns the PDFs' paths."""
    out = pathlib.Path(out)
    lectures = [pathlib.Path(p) for p in notebooks if NUMBERED.match(pathlib.Path(p).name)]
    if not lectures:
        raise ValueError("notebooks: no lecture (NN_*.ipynb) among them")
    out.mkdir(parents=True, exist_ok=True)
    mathjax = MATHJAX if MATHJAX.exists() else None
    browser = browser or chromium()
    written = []
    for path in lectures:
        student = student_tool.student_notebook(nbformat.read(path, as_version=4), notebook=path.name)
        page = out / f"{path.stem}.html"
        page.write_text(handout_html(student, name=path.stem, mathjax=mathjax), encoding="utf-8")
        written.append(print_pdf(page, out / f"{path.stem}.pdf", browser=browser))
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path,
                        help="lectures (default: notebooks/NN_*.ipynb)")
    parser.add_argument("--out", type=pathlib.Path, default=None,
                        help="default: build/handouts, build/zh/handouts for --lang zh_CN")
    parser.add_argument("--lang", default="en", choices=i18n.COURSE_LANGUAGES,
                        help="the sheets of the lectures in this language (zh_CN: build/zh/notebooks)")
    args = parser.parse_args(argv)
    out = args.out or (ROOT / "build" / "handouts" if args.lang == "en" else i18n.BUILD[args.lang] / "handouts")
    try:
        notebooks = args.notebooks or student_tool.source_notebooks(args.lang)
        written = build(notebooks, out)
    except ValueError as exc:  # SolutionMarkerError too
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"handouts: {len(written)} exercise sheets in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
