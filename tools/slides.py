"""Two reveal.js decks per lecture, made for a 1280×720 projector.

Usage: python tools/slides.py [--out build/slides] [--lecturer-only | --share-only]
                              [--no-measure] [--lang zh_CN] [notebooks/NN_*.ipynb ...]

``<out>/NN_*.slides.html`` is the lecturer's deck, the solutions in its
speaker notes (press S); ``<out>/share/NN_*.slides.html`` the students' deck,
built from the student edition (tools/student.py): no notes, no solution code.
The structure is assigned on copies (the committed notebooks are not touched):

* the title cell and every ``## `` section start a slide, also inside a cell
  (Learning objectives, Prerequisites and Time each get one; Time joins a
  short Prerequisites); a proof (**Proof**, or a ``### `` heading) and every
  exercise or sub-section start a sub-slide (reveal's "down");
* skipped: verification cells (code that checks a claim over a range and says
  how much it checked) and setup cells (only imports and magics) — but a
  verification that a lead-in introduces (a paragraph ending in ":", "We
  check the correspondence by search:") shows its report, without its code;
  hidden: the outputs of check cells and every ``✓``/``✗`` line (the
  teacher's report);
* solutions (``### BEGIN SOLUTION`` code, markdown tagged ``solution``) go to
  the lecturer's speaker notes; explorers show their sentence ("Run the
  notebook to use this explorer: ...") in a box — lecture with live sliders
  from JupyterLab (README: Teach it).

Every slide fits 1280×720.  Markdown is cut into blocks (paragraphs, list
items, code blocks, display formulas), code and text outputs into pieces of at
most ``MAX_LINES`` lines; CSS caps pictures (``max-height``).  Each lecturer's
deck is then *measured* in headless Chromium at 1280×720
(``tools/slides_measure.py``): a block taller than a slide is cut finer, a
slide taller than 720 px is split at block boundaries into continuation
sub-slides ("<heading> (cont.)"), never after a heading or a lead-in (a
paragraph ending in ":" goes on with what it introduces, where the two fit on
one slide), and the deck is measured again until all fit —
measured, not estimated, because the heights of formulas, wrapped prose,
tables and pictures are what the browser makes of them
(tests/tools/test_slides.py checks the finished decks of both kinds the same
way). Without Chromium, or with ``--no-measure``, only the content-based cuts
are made, with a warning.

The Chinese decks (``--lang zh_CN``) are made the same way from the translated
notebooks, ``build/zh/notebooks`` (``python tools/i18n.py notebooks``), into
``build/zh/slides``; the headings they look for and the words they add
("（续）") are those of ``tools/i18n.py``, chosen by each notebook's
``language`` metadata, and the deck's fonts include a CJK one.

Nothing is loaded from outside the machine: reveal.js 4, MathJax 3, require.js
and jQuery come from ``tools/web/node_modules`` (``npm ci`` there first if
needed) into ``<out>/web/`` and ``<out>/share/web/``.
"""
from __future__ import annotations

import argparse
import copy
import importlib.util
import pathlib
import re
import shutil
import sys
from html.parser import HTMLParser

import nbformat

try:  # the build says so when one is missing
    from nbconvert import SlidesExporter
except ImportError:
    SlidesExporter = None

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from slides_measure import HEIGHT, WIDTH, can_measure, measure  # noqa: E402
from web_assets import npm_assets  # noqa: E402

_spec = importlib.util.spec_from_file_location("gamelab_student_tool", ROOT / "tools" / "student.py")
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)
i18n = student.i18n

TEMPLATES = ROOT / "tools" / "slides_template"
LECTURE = re.compile(r"^\d+_.*\.ipynb$")
SHARE = "share"

#: The room left for content on a slide of HEIGHT (a safety margin for rounding).
BUDGET = HEIGHT - 12
#: Code and text outputs are cut into pieces of at most this many lines before measuring.
MAX_LINES = 22

SECTION = re.compile(r"^## ", re.M)
SUBSECTION = re.compile(r"^### ")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
PROOF = re.compile(rf"^\s*(?:{i18n.any_marker('proof')})")
#: The front-matter sections that share a slide when short (in every language of the course).
PREREQUISITES = re.compile(rf"^## (?:{i18n.any_heading('prerequisites')})(?!\w)")
TIME = re.compile(rf"^## (?:{i18n.any_heading('time')})(?!\w)")
SOLUTION_MARK = re.compile(r"^[ \t]*### BEGIN SOLUTION[ \t]*$", re.M)
#: What a verification cell prints: "... checked on 1808 positions", "agree with search on 3600 ...".
VERIFIED = re.compile(
    r"\b(checked|agrees?|matches|hold|holds|verified)\b[^\n]*?\b(on|for|at)\s+(all\s+)?\d[\d,]*\b", re.I)
#: A line of a setup cell: an import (also a parenthesised one), a magic, a comment, the
#: language of a translated notebook (``gl.set_language("zh_CN")``).
SETUP_LINE = re.compile(r"^\s*(import\s|from\s+\S+\s+import\s|[%!]|#|$|[\w\s,]*\)\s*$|[\w\s,]+,\s*$"
                        r"|gl\.set_language\([^()]*\)\s*$)")
#: The report line of a check: "✓ ex-05-1: right." / "✗ ...".
CHECK_LINE = re.compile(r"^\s*[✓✗].*$\n?", re.M)
WIDGET = "application/vnd.jupyter.widget-view+json"
FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^([-*+]|\d+[.)])\s+")
#: A lead-in: a paragraph (or list item) that ends in a colon, introducing what follows it.
LEAD_IN = re.compile(r"[:：]\s*$")
#: Prerequisites and Time share a slide when both are this short (characters).
SHORT = 500


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


def is_setup(cell):
    """Code that only imports and sets up (imports, ``%matplotlib inline``, comments)."""
    return (cell.cell_type == "code" and bool(cell.source.strip())
            and all(SETUP_LINE.match(line) for line in cell.source.splitlines()))


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
    if is_verification(cell) or is_setup(cell):
        return "skip"
    return "-"


def is_lead_in(cell):
    """A markdown cell (or block) that ends in a colon: it introduces what follows."""
    return (cell.cell_type == "markdown" and not HEADING.match(cell.source.strip().split("\n")[-1])
            and bool(LEAD_IN.search(cell.source)))


def with_slides(nb):
    """A copy of ``nb`` with ``metadata.slideshow.slide_type`` on every cell
    (and ``metadata.gl_src``, the cell's index, which names its blocks); a
    verification that a lead-in introduces is shown by its report alone
    (``metadata.gl_output_only``)."""
    nb = copy.deepcopy(nb)
    for index, cell in enumerate(nb.cells):
        cell.metadata["slideshow"] = {"slide_type": slide_type(index, cell)}
        cell.metadata["gl_src"] = index
        before = nb.cells[index - 1] if index else None
        if (before is not None and is_verification(cell) and is_lead_in(before)
                and before.metadata["slideshow"]["slide_type"] != "notes"):
            cell.metadata["slideshow"]["slide_type"] = "-"
            cell.metadata["gl_output_only"] = True
    return nb


def share_edition(nb, *, notebook="<notebook>"):
    """The students' version of a notebook typed by :func:`with_slides`: the
    student edition, with nothing left for the speaker notes."""
    nb = student.student_notebook(nb, notebook=notebook)
    for cell in nb.cells:
        if cell.metadata["slideshow"]["slide_type"] == "notes":
            cell.metadata["slideshow"]["slide_type"] = "skip"
    return nb


# -- blocks: the pieces a slide is made of ---------------------------------------------

def markdown_blocks(source):
    """``source`` cut at block boundaries: headings, paragraphs, top-level list
    items, code blocks, tables and display formulas, in order."""
    blocks, cur = [], []
    fence = math = blank = False
    kind = None  # of the current block: "list", "code", "para"

    def flush():
        nonlocal cur, kind
        while cur and not cur[-1].strip():
            cur.pop()
        if cur:
            blocks.append("\n".join(cur))
        cur, kind = [], None

    for line in source.splitlines():
        if fence or math:
            cur.append(line)
            if fence and FENCE.match(line):
                fence = False
            elif math and "$$" in line:
                math = False
            continue
        if not line.strip():
            blank = True
            if cur:
                cur.append(line)
            continue
        indented = line[:1] in (" ", "\t")
        if HEADING.match(line):
            flush()
            blocks.append(line)
        elif LIST_ITEM.match(line) or (not indented and (blank or FENCE.match(line) or line.startswith("$$"))):
            flush()
            cur, kind = [line], "list" if LIST_ITEM.match(line) else "para"
        elif indented and blank and kind not in ("list", "code"):
            flush()
            cur, kind = [line], "code"
        else:
            cur.append(line)
            kind = kind or "para"
        fence = bool(FENCE.match(line)) and (line.count("```") + line.count("~~~")) % 2 == 1
        math = line.lstrip().startswith("$$") and line.count("$$") % 2 == 1
        blank = False
    flush()
    return blocks


def _unit(cell, unit, k, kind):
    """``unit``, the ``k``-th piece of ``cell``, named after it and typed ``kind``."""
    unit.metadata.update(copy.deepcopy(cell.metadata))
    unit.metadata["slideshow"] = {"slide_type": kind if k == 0 else "-"}
    unit.id = f"u{cell.metadata['gl_src']}-{k}"
    return unit


def _markdown_units(cell):
    kind = cell.metadata["slideshow"]["slide_type"]
    blocks = markdown_blocks(cell.source) if kind != "notes" else [cell.source]
    units = []
    prerequisites = None  # the length of the Prerequisites section so far, while in it
    for k, text in enumerate(blocks):
        unit = _unit(cell, nbformat.v4.new_markdown_cell(text), k, kind)
        if k and SECTION.match(text):
            joins = bool(TIME.match(text)) and prerequisites is not None and prerequisites < SHORT
            unit.metadata["slideshow"]["slide_type"] = "-" if joins else "slide"
        if SECTION.match(text):
            prerequisites = 0 if PREREQUISITES.match(text) else None
        elif prerequisites is not None:
            prerequisites += len(text)
        units.append(unit)
    return units


def _explorer(out):
    """An explorer's output as its sentence, in a box (not preformatted text)."""
    text = out.get("data", {}).get("text/plain", "")
    html = '<div class="gl-explorer">' + text.replace("&", "&amp;").replace("<", "&lt;") + "</div>"
    return nbformat.v4.new_output("display_data", data={"text/html": html})


def _text_of(out):
    if out.output_type == "stream":
        return out.text
    if set(out.get("data", {})) == {"text/plain"}:
        return out.data["text/plain"]
    return None


def _with_text(out, text):
    out = copy.deepcopy(out)
    if out.output_type == "stream":
        out.text = text
    else:
        out.data["text/plain"] = text
    return out


def _chunks(lines, n):
    """``lines`` in runs of at most ``n``, cut at a blank line where one is near."""
    out = []
    while len(lines) > n:
        cut = n
        for i in range(n, n // 2, -1):
            if not lines[i - 1].strip():
                cut = i
                break
        out.append(lines[:cut])
        lines = lines[cut:]
    return out + [lines] if lines else out


def _shown(cell):
    """The outputs of a cell on a slide: a check's report and ✓/✗ lines hidden, explorers boxed."""
    outputs = []
    for out in [] if student.is_check_cell(cell) else cell.outputs:
        text = _text_of(out)
        if WIDGET in out.get("data", {}):
            outputs.append(_explorer(out))
        elif text is None or CHECK_LINE.sub("", text).strip():
            outputs.append(out if text is None else _with_text(out, CHECK_LINE.sub("", text)))
    return outputs


def _code_units(cell, max_lines):
    kind = cell.metadata["slideshow"]["slide_type"]
    cell = copy.deepcopy(cell)
    if kind != "notes":
        cell.outputs = _shown(cell)
    if cell.metadata.get("gl_output_only"):
        cell.source = ""
    if kind == "notes" or max_lines is None:
        pieces = [(cell.source, cell.outputs)]
    else:
        # Items of at most max_lines lines: source runs, then output runs; packed greedily.
        items = [("in", "\n".join(run), len(run)) for run in _chunks(cell.source.splitlines(), max_lines)]
        for out in cell.outputs:
            text = _text_of(out)
            if text is None:
                items.append(("out", out, 1))  # measured as a whole
            else:
                for run in _chunks(text.splitlines(), max_lines):
                    items.append(("out", _with_text(out, "\n".join(run) + "\n"), len(run)))
        # A picture or a table starts a piece of its own, but for the first output
        # of a piece of code; when the layout cut this cell, it stands alone.
        alone = max_lines < MAX_LINES
        pieces, size = [], max_lines + 1
        for what, item, lines in items:
            atomic = what == "out" and _text_of(item) is None
            if (size + lines > max_lines or (what == "in" and pieces and pieces[-1][1])
                    or (atomic and alone and pieces and pieces[-1][1])):
                pieces.append(["", []])
                size = 0
            if what == "in":
                pieces[-1][0] = item
            else:
                pieces[-1][1].append(item)
            size += max_lines if atomic and alone else lines
    units = [_unit(cell, nbformat.v4.new_code_cell(source, outputs=outputs), k, kind)
             for k, (source, outputs) in enumerate(pieces)]
    for unit in units:
        unit.metadata["gl_no_input"] = not unit.source.strip()
    return units


def deck_cells(nb, cuts=None):
    """The cells of a deck from a notebook typed by :func:`with_slides`: skipped
    cells dropped, markdown cut into blocks, code cut into pieces of at most
    ``MAX_LINES`` lines (``cuts[gl_src]`` lines where the layout asked for fewer)."""
    cuts = cuts or {}
    cells = []
    for cell in nb.cells:
        if cell.metadata["slideshow"]["slide_type"] == "skip":
            continue
        if cell.cell_type == "markdown":
            cells += _markdown_units(cell)
        elif cell.cell_type == "code":
            cells += _code_units(cell, cuts.get(cell.metadata["gl_src"], MAX_LINES))
    return cells


def _heading(cell, lang="en"):
    """``(level, text)`` of the heading a markdown cell starts with (a proof's is "Proof",
    in the language ``lang``)."""
    if cell.cell_type != "markdown":
        return None
    m = HEADING.match(cell.source.split("\n", 1)[0])
    if m:
        return m.group(1), m.group(2)
    return ("###", i18n.HEADINGS[lang]["proof"]) if PROOF.match(cell.source) else None


def _heading_line(cell):
    """Whether a block is a Markdown heading (one line; a proof's paragraph is not)."""
    return cell.cell_type == "markdown" and bool(HEADING.match(cell.source.strip()))


def with_breaks(cells, breaks, lang="en"):
    """``cells`` with a continuation sub-slide before every cell id in ``breaks``
    (its heading: the slide's, and "(cont.)" in the language ``lang``)."""
    more = i18n.LABELS[i18n.course_language(lang)]["continued"]
    out, heading = [], ("###", "")
    for cell in cells:
        kind = cell.metadata["slideshow"]["slide_type"]
        found = _heading(cell, lang) if kind != "notes" else None
        if kind in ("slide", "subslide") and found:
            heading = found
        if cell.id in breaks:
            level, text = heading
            cont = nbformat.v4.new_markdown_cell(f"{level} {text.removesuffix(more)}{more}")
            cont.metadata["slideshow"] = {"slide_type": "subslide"}
            cont.id = f"{cell.id}-cont"
            out.append(cont)
        out.append(cell)
    return out


# -- layout: measured heights into slides ------------------------------------------------

def slide_groups(cells):
    """The cells as (sub-)slides: lists of cell ids, notes left out."""
    groups = []
    for cell in cells:
        kind = cell.metadata["slideshow"]["slide_type"]
        if kind in ("slide", "subslide") or not groups:
            groups.append([])
        if kind != "notes":
            groups[-1].append(cell.id)
    return groups


def plan_breaks(cells, sections, budget=BUDGET):
    """Where continuation sub-slides start, from the measured ``sections``
    (each ``{"height", "pad_top", "pad_bottom", "units": {id: [top, height]}}``).

    A (sub-)slide that fits is left alone; one that does not is filled block
    by block, a new sub-slide (with a "(cont.)" heading as tall as the
    slide's first block) starting where the next block would overflow.  A
    heading is never left at the bottom of a slide, nor is a lead-in (a
    paragraph ending in ":") when it fits on the next slide with what it
    introduces.
    """
    by_id = {cell.id: cell for cell in cells}
    breaks = set()
    for group, section in zip(slide_groups(cells), sections):
        units = section["units"]
        ids = [i for i in group if i in units]
        if section["height"] <= budget or len(ids) < 2:
            continue
        tops = [units[i][0] for i in ids] + [section["height"] - section["pad_bottom"]]
        steps = [max(tops[k + 1] - tops[k], units[i][1]) for k, i in enumerate(ids)]
        head = steps[0] if _heading_line(by_id[ids[0]]) else 60  # a proof's "(cont.)" is one line
        pad = section["pad_top"] + section["pad_bottom"]
        used, first = pad + steps[0], 0
        for k in range(1, len(ids)):
            if used + steps[k] > budget:
                start = k
                if start > 1 and _heading(by_id[ids[start - 1]]):
                    start -= 1
                elif is_lead_in(by_id[ids[start - 1]]):
                    # the lead-in (and a heading right above it) goes on with what it introduces
                    for back in (start - 2, start - 1):
                        title = back == start - 1 or _heading_line(by_id[ids[back]])
                        if back > first and title and pad + head + sum(steps[back:k + 1]) <= budget:
                            start = back
                            break
                breaks.add(ids[start])
                first = start
                used = pad + head + sum(steps[start:k])
            used += steps[k]
    return breaks


def too_tall(cells, sections, budget=BUDGET):
    """Code cells (by ``gl_src``) with a piece taller than a slide (than what a
    lead-in above it leaves of a slide), and how many lines a piece may have
    instead (a cut cell also puts each picture or table on a piece of its own)."""
    by_id = {cell.id: cell for cell in cells}
    cuts = {}
    for section in sections:
        line = section.get("code_line") or 20
        room = budget - section["pad_top"] - section["pad_bottom"] - 80
        before = None  # the unit above, whose height a lead-in takes from the room
        for uid, (top, height) in sorted(section["units"].items(), key=lambda item: item[1][0]):
            cell = by_id.get(uid)
            lead = before[1] if before is not None and is_lead_in(by_id[before[0]]) else 0
            before = (uid, height) if cell is not None else None
            if cell is None or cell.cell_type != "code" or height + lead <= room:
                continue
            texts = [_text_of(o) for o in cell.outputs]
            lines = len(cell.source.splitlines()) + sum(len(t.splitlines()) for t in texts if t is not None)
            if lines + sum(t is None for t in texts) < 2:
                continue  # one line or one picture: nothing to cut
            n = max(1, min(MAX_LINES - 1, int((room - lead) / max(line, height / max(lines, 1)))))
            src = cell.metadata["gl_src"]
            cuts[src] = min(cuts.get(src, MAX_LINES), n)
    return cuts


class _LastBlocks(HTMLParser):
    """The last text block (paragraph, list item, code, table, picture, ...) of
    every slide of a deck's HTML, speaker notes left out."""

    BLOCKS = ("p", "li", "pre", "table", "img", "svg", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.slides, self.open, self.hidden, self.started = [], [], 0, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and attrs.get("class") == "slides":
            self.started = True
        if not self.started:
            return
        if tag == "section":
            self.open.append([])
        elif self.hidden or tag in ("script", "style") or (tag == "aside" and "notes" in (attrs.get("class") or "")):
            self.hidden += tag in ("script", "style", "aside")
        elif self.open and tag in self.BLOCKS:
            self.open[-1].append([tag, ""])

    def handle_endtag(self, tag):
        if tag == "section" and self.open:
            blocks = self.open.pop()
            if blocks:  # a vertical stack's own section holds no block
                self.slides.append(blocks[-1])
        elif self.hidden and tag in ("script", "style", "aside"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and self.open and self.open[-1]:
            self.open[-1][-1][1] += data


def ending_lead_ins(deck_html):
    """The slides of a deck (its HTML) that end in a lead-in, a paragraph or list
    item ending in ":" whose object is on the next slide: their last words."""
    parser = _LastBlocks()
    parser.feed(deck_html)
    return [" ".join(text.split())[-80:] for tag, text in parser.slides
            if tag in ("p", "li", "blockquote") and LEAD_IN.search(text.strip())]


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


def exporter(lang="en"):
    """The deck exporter; ``lang`` is the decks' language (their ``<html lang>``)."""
    if SlidesExporter is None:
        raise SystemExit("nbconvert not installed: pip install -e '.[book]'")
    return SlidesExporter(
        language_code=i18n.LABELS[i18n.course_language(lang)]["html"],
        template_name="gamelab_reveal",
        extra_template_basedirs=[str(TEMPLATES)],
        reveal_url_prefix="web/reveal.js",
        reveal_theme="white",  # "simple" imports Google fonts,
        reveal_scroll=False,
        reveal_number="c/t",
        reveal_width=str(WIDTH),
        reveal_height=str(HEIGHT),
        mathjax_url="web/mathjax/tex-chtml.js",
        require_js_url="web/require.js",
        jquery_url="web/jquery.min.js",
        mermaid_js_url="",
        jupyter_widgets_base_url="web/",
        widget_renderer_url="",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )


def _write(ex, nb, cells, dest, name):
    deck = nbformat.v4.new_notebook(metadata=copy.deepcopy(nb.metadata), cells=cells)
    body, _ = ex.from_notebook_node(deck, resources={"metadata": {"name": name}})
    dest.write_text(body, encoding="utf-8")
    return dest


def layout(ex, typed, out, measured=True):
    """``({path: (cuts, breaks)}, {path: deck})``: the cuts and the continuation
    sub-slides of each lecture, from its lecturer's deck laid out in Chromium
    (cut what is too tall until every block fits or cannot be cut, then split
    the slides that are too tall, and measure again until none is), and the
    lecturer's decks so laid out and measured (``out/.measure-NN*.html``)."""
    plans = {path: ({}, set()) for path in typed}
    pending, settled = (set(typed) if measured else set()), {}
    for _ in range(8):
        if not pending:
            break
        decks = {}
        for path in sorted(pending):
            lang = i18n.notebook_language(typed[path])
            cells = with_breaks(deck_cells(typed[path], plans[path][0]), plans[path][1], lang)
            decks[path] = (_write(ex[lang], typed[path], cells, out / f".measure-{path.stem}.slides.html",
                                  path.stem), cells)
        sizes = measure(out, [deck.name for deck, _ in decks.values()])
        pending = set()
        for path, (deck, cells) in decks.items():
            cuts, breaks = plans[path]
            fresh = {k: v for k, v in too_tall(cells, sizes[deck.name]).items() if v < cuts.get(k, MAX_LINES)}
            more = set() if fresh else plan_breaks(cells, sizes[deck.name]) - breaks
            if fresh:  # the pieces change, and so do the places to break
                cuts.update(fresh)
                breaks.clear()
            breaks |= more
            if fresh or more:
                pending.add(path)
                deck.unlink()
            else:
                settled[path] = deck
    for path in sorted(pending):
        print(f"slides: {path.stem}: the layout did not settle", file=sys.stderr)
        (out / f".measure-{path.stem}.slides.html").unlink()
    return plans, settled


def source_folder(lang="en"):
    """Where the lectures in ``lang`` are: ``notebooks/``, or the translated ones."""
    if i18n.course_language(lang) == "en":
        return ROOT / "notebooks"
    folder = i18n.BUILD[lang] / "notebooks"
    if not any(folder.glob("*.ipynb")):
        raise SystemExit(f"no {lang} notebooks in {folder}: "
                         f"run `python tools/i18n.py notebooks --lang {lang}` first")
    return folder


def build(out, notebooks=None, *, lecturer=True, share=True, measured=None, lang="en"):
    """Write the decks of ``notebooks`` (default: the lectures in ``lang``, see
    :func:`source_folder`); returns the written paths (lecturer's first, then
    the shared ones)."""
    out = pathlib.Path(out)
    notebooks = sorted(notebooks or [p for p in source_folder(lang).glob("*.ipynb") if LECTURE.match(p.name)])
    notebooks = [pathlib.Path(p) for p in notebooks]
    measured = can_measure() if measured is None else measured
    if measured and not can_measure():
        raise SystemExit("measuring the slides needs Chromium and Playwright (or pass --no-measure)")
    if not measured:
        print("slides: the decks were not measured (--no-measure, or no Chromium/Playwright)", file=sys.stderr)
    targets = ([out] if lecturer else []) + ([out / SHARE] if share else [])
    for target in [out, *targets]:
        target.mkdir(parents=True, exist_ok=True)
        for old in [*target.glob("*.slides.html"), *target.glob(".measure-*.slides.html")]:
            old.unlink()
    copy_assets(out)
    if share:
        copy_assets(out / SHARE)
    typed = {path: with_slides(nbformat.read(path, as_version=4)) for path in notebooks}
    ex = {code: exporter(code) for code in {i18n.notebook_language(nb) for nb in typed.values()}}
    plans, settled = layout(ex, typed, out, measured)
    written = []
    for target in targets:
        for path, nb in typed.items():
            dest = target / f"{path.stem}.slides.html"
            if target == out and path in settled:  # the deck just measured is the lecturer's
                written.append(settled.pop(path).replace(dest))
                continue
            if target != out:
                nb = share_edition(nb, notebook=path.name)
            cuts, breaks = plans[path]
            cells = with_breaks(deck_cells(nb, cuts), breaks, i18n.notebook_language(nb))
            written.append(_write(ex[i18n.notebook_language(nb)], nb, cells, dest, path.stem))
    for deck in settled.values():
        deck.unlink()
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=None,
                        help="default: build/slides, build/zh/slides for --lang zh_CN")
    parser.add_argument("--lang", default="en", choices=i18n.COURSE_LANGUAGES,
                        help="the decks of the lectures in this language (zh_CN: build/zh/notebooks)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--lecturer-only", action="store_true", help="only the decks with speaker notes")
    which.add_argument("--share-only", action="store_true", help="only the decks for students")
    parser.add_argument("--no-measure", action="store_true", help="do not lay the decks out in Chromium")
    args = parser.parse_args(argv)
    out = args.out or (ROOT / "build" / "slides" if args.lang == "en" else i18n.BUILD[args.lang] / "slides")
    written = build(out, args.notebooks, lecturer=not args.share_only, share=not args.lecturer_only,
                    measured=False if args.no_measure else None, lang=args.lang)
    print(f"slides: {len(written)} decks in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
