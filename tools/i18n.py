"""Translations of the course: gettext catalogues beside the English source.

English is the source.  Every markdown cell of every notebook is one message
of the catalogue ``locales/<lang>/LC_MESSAGES/<notebook>.po`` (the layout
Sphinx and ``sphinx-intl`` use), and so is every string literal of a code cell
that the reader sees (``tools/i18n_code.py``): a sentence, title, caption or label
passed to ``print``, ``title=``, ``caption=``, ``row_label=`` ..., with a word in
it.  Its message is the literal as written (``f"checked on {n} positions"``), its
translation a literal of the same kind with the same placeholders; every other
literal (keys, names, file names, option strings like ``"misere"``, judge
answers, format specs) is code and stays English.  Its entry says ``code cell <id>``.

Usage::

    python tools/i18n.py update [--lang zh_CN]   # after an English change
    python tools/i18n.py stats  [--lang zh_CN]   # coverage per notebook
    python tools/i18n.py check  [--lang zh_CN]   # code, formulas, links and terms kept
    python tools/i18n.py notebooks [--lang zh_CN] [--out build/zh/notebooks] [--no-execute]
                                   [notebooks/NN_x.ipynb ...]   # the course in that language

``update`` re-reads the notebooks and merges the catalogues the gettext way
(Babel's ``Catalog.update``, the merge ``msgmerge`` and ``sphinx-intl`` do):
a cell whose English changed keeps its old translation marked ``fuzzy``, to
be revised and the flag removed; a new cell gets an empty translation; a
cell that is gone moves to the obsolete entries (``#~``).  A fuzzy or empty
entry never reaches a reader: the translated notebooks refuse to build
until it is done.  The previous English of a fuzzy entry is not written
(``#|`` lines, which babel wraps badly); ``git diff`` shows it.

``check`` holds each translation to its English: markdown keeps its code (a
diagram its lines), formulas (but for ``\\text{...}``), link targets, tags, table
shapes and the glossary's terms; a code cell, translated, has the English cell's
syntax tree once the text of its string literals is masked, each f-string
keeps its placeholders, and no literal that is code differs.

``notebooks`` writes the translated notebooks (:func:`translate_notebook`:
the markdown from the catalogue, the code unchanged but for its messages
and ``gl.set_language(...)`` after ``import gamelab as gl``) under the same
file names, the templates in ``templates/``, so the links between them
hold, executed from a fresh kernel: each is taken from the store of executed
copies (``tools/executed.py``, ``build/executed/<lang>``), which executes it
once while it and gamelab are unchanged, and written as a committed notebook
is (``tools/run_notebooks.py``: no widget state, no timings).

:data:`HEADINGS`, :data:`MARKERS` and :data:`LABELS` are the course's
fixed words in each language: the headings and markers the tools
(``tools/slides.py``, ``tools/handouts.py``, ``tools/student.py``) look
for, and the words they write themselves.  ``gamelab/grading/lectures.py``,
package code that cannot import ``tools/``, keeps its own table of the answer
placeholders (``PLACEHOLDERS``); tests/tools/test_i18n_notebooks.py checks
that the two agree.
"""
from __future__ import annotations

import argparse
import copy
import csv
import importlib.util
import pathlib
import re
import shutil
import sys

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LOCALES = ROOT / "locales"
LANGUAGES = ("zh_CN",)
#: Where ``python tools/i18n.py notebooks --lang <lang>`` writes by default.
BUILD = {"zh_CN": ROOT / "build" / "zh"}

_spec = importlib.util.spec_from_file_location("gamelab_run_notebooks_tool", ROOT / "tools" / "run_notebooks.py")
run_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_notebooks)
_spec = importlib.util.spec_from_file_location("gamelab_executed_tool", ROOT / "tools" / "executed.py")
executed = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(executed)
_spec = importlib.util.spec_from_file_location("gamelab_i18n_code_tool", ROOT / "tools" / "i18n_code.py")
i18n_code = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(i18n_code)

#: The fixed headings of a lecture and the fixed texts of its cells, in English and as the
#: translations write them (``## 学习目标`` for ``## Learning objectives``): the tools find a
#: lecture's parts by them.  ``exercise`` starts ``### Exercise N.k ★ — title``, ``proof``
#: the bold ``**Proof.**``; ``answer`` is the text of an answer cell not yet written in.
HEADINGS = {
    "en": {"objectives": "Learning objectives", "prerequisites": "Prerequisites", "time": "Time",
           "summary": "Summary", "further reading": "Further reading", "exercises": "Exercises",
           "exercise": "Exercise", "proof": "Proof", "answer": "*Your answer here.*"},
    "zh_CN": {"objectives": "学习目标", "prerequisites": "预备知识", "time": "时间",
              "summary": "小结", "further reading": "延伸阅读", "exercises": "练习",
              "exercise": "练习", "proof": "证明", "answer": "*在此作答。*"},
}
#: Regular expressions for what the tools recognise by its wording: the start of an
#: exercise heading's text (after ``### ``), the start of a proof cell, an exercise
#: marked by hand and the sentence that asks for a proof, and a standalone program's
#: statement.
MARKERS = {
    "en": {"exercise": r"Exercise\b", "proof": r"(\*\*|__)?(Proof|Proof sketch)\b",
           "by hand": r"(?i:marked\s+by\s+hand)", "your proof": r"(?i:your proof)",
           "program": r"standalone program"},
    "zh_CN": {"exercise": r"练习[ \t]*\d", "proof": r"(\*\*|__)([^*\n]{0,24}的)?证明",
              "by hand": r"[人手]工批改", "your proof": r"证明写在|写出你的证明",
              "program": r"独立程序"},
}
#: The words the tools write themselves: a continued slide, the exercise sheet's header,
#: what an exercise hands in on paper and its answer box, and the ``lang`` of the pages
#: they make (ISO 639-1, as nbconvert requires).
LABELS = {
    "en": {"continued": " (cont.)", "course": "gamelab · impartial combinatorial games",
           "sheet": "lecture {number} · exercise sheet", "name": "Name:", "date": "Date:",
           "your answer": "Your answer", "exercises of": "{title} · exercises", "html": "en",
           "hand in": "Hand in on paper:", "the function": "the Python function {signature}",
           "the program": "the complete program", "the answer": "your answer",
           "the answer of kind": "your answer, {kind}", "your reasoning": "your reasoning",
           "your proof": "your proof", "marked by hand": "*Marked by hand.*"},
    "zh_CN": {"continued": "（续）", "course": "gamelab · 公平组合游戏",
              "sheet": "第 {number} 讲 · 练习单", "name": "姓名：", "date": "日期：",
              "your answer": "在此作答", "exercises of": "{title} · 练习", "html": "zh",
              "hand in": "在纸上交：", "the function": "Python 函数 {signature}",
              "the program": "完整的程序", "the answer": "你的答案",
              "the answer of kind": "你的答案", "your reasoning": "你的推理",
              "your proof": "你的证明", "marked by hand": "*人工批改。*"},
}
#: Every language of the course, English (the source) first.
COURSE_LANGUAGES = tuple(HEADINGS)


def course_language(lang, name="lang"):
    """``lang`` when the course speaks it (``"en"`` or one of :data:`LANGUAGES`)."""
    if not isinstance(lang, str):
        raise TypeError(f"{name} must be a str (one of {', '.join(COURSE_LANGUAGES)}), "
                        f"got {type(lang).__name__}")
    if lang not in HEADINGS:
        raise ValueError(f"{name} must be one of {', '.join(COURSE_LANGUAGES)}, got {lang!r}")
    return lang


def notebook_language(nb) -> str:
    """The language of a notebook: its metadata ``language`` (a translated notebook's), else English."""
    return course_language(nb.get("metadata", {}).get("language", "en"), "the notebook's metadata language")


def any_marker(kind: str) -> str:
    """A regular expression matching the marker ``kind`` of :data:`MARKERS` in any language."""
    return "|".join(f"(?:{MARKERS[lang][kind]})" for lang in COURSE_LANGUAGES)


def any_heading(kind: str) -> str:
    """A regular expression matching the heading ``kind`` of :data:`HEADINGS` in any language."""
    return "|".join(re.escape(HEADINGS[lang][kind]) for lang in COURSE_LANGUAGES)


def notebook_paths() -> list[pathlib.Path]:
    """Every notebook a reader opens: the lectures, the course map and the templates."""
    return sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "templates").glob("*.ipynb"))


def domain(path: pathlib.Path) -> str:
    """The catalogue name of a notebook: its stem (templates get a ``templates.`` prefix)."""
    rel = path.relative_to(NOTEBOOKS).with_suffix("")
    return ".".join(rel.parts)


def catalogue_path(path: pathlib.Path, lang: str) -> pathlib.Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{domain(path)}.po"


def messages(nb) -> list[tuple[int, str, str]]:
    """``(index, cell id, source)`` of every non-empty markdown cell."""
    return [(i, cell.get("id", ""), cell.source) for i, cell in enumerate(nb.cells)
            if cell.cell_type == "markdown" and cell.source.strip()]


def code_messages(nb) -> list[tuple[int, str, str]]:
    """``(index, cell id, message)`` of every message of the code cells (``tools/i18n_code.py``)."""
    return [(i, cell.get("id", ""), message) for i, cell in enumerate(nb.cells)
            if cell.cell_type == "code" for message in i18n_code.messages(cell.source)]


def template(path: pathlib.Path) -> Catalog:
    """The notebook's messages as a gettext template (what ``.pot`` files hold): its
    markdown cells, then the messages of its code cells."""
    nb = nbformat.read(path, as_version=4)
    rel = path.relative_to(ROOT).as_posix()
    pot = Catalog(project="gamelab", domain=domain(path), charset="utf-8")
    for kind, found in (("cell", messages(nb)), ("code cell", code_messages(nb))):
        for index, cell_id, source in found:
            pot.add(source, locations=[(rel, index + 1)], auto_comments=[f"{kind} {cell_id}"] if cell_id else [])
    return pot


#: What a translation must carry over unchanged: fenced code, inline code, formulas, link
#: targets, HTML tags and the solution/answer markers.
FENCED = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.M | re.S)
INLINE_CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
MATH = re.compile(r"(?<![\\$])(\$\$.+?\$\$|\$[^$\n]+?\$)", re.S)
#: A diagram: a fenced block without a language, drawn with box lines; its words are translated.
DIAGRAM = re.compile(r"```\n[^`]*[\u2500-\u257f]")
#: The words in a formula (``\text{ of the options}``): a translation translates them, may move them.
TEXT = re.compile(r"\\text\{[^{}]*\}")
LINK_TARGET = re.compile(r"\]\(([^)\s]+)[^)]*\)")
URL = re.compile(r"(?<![(<\w])https?://[^\s)>\]]+")
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*\b")
TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)
GLOSSARY = LOCALES / "{lang}" / "glossary.tsv"


def invariants(text: str) -> dict[str, list[str]]:
    """The parts of a message a translation must keep, by kind (sorted lists)."""
    fenced = [m.group(0).strip() for m in FENCED.finditer(text)]
    fenced = [re.sub(r"[^\u2500-\u257f\d\n]", "", f) if DIAGRAM.match(f) else f for f in fenced]
    rest = FENCED.sub("", text)
    return {
        "fenced code": sorted(fenced),
        "inline code": sorted(m.group(2).strip() for m in INLINE_CODE.finditer(rest)),
        "formula": sorted(re.sub(r"\s+", "", TEXT.sub("", f)) for f in MATH.findall(INLINE_CODE.sub("", rest))),
        "link target": sorted(LINK_TARGET.findall(rest) + URL.findall(rest)),
        "HTML tag": sorted(TAG.findall(rest)),
        "table rows": [str(len(TABLE_ROW.findall(rest)))],
    }


def prose(text: str) -> str:
    """A message with its code, formulas and link targets removed (where terms are looked for)."""
    text = FENCED.sub(" ", text)
    text = INLINE_CODE.sub(" ", text)
    text = MATH.sub(" ", text)
    return LINK_TARGET.sub("]", text)


def glossary(lang: str) -> list[tuple[re.Pattern, re.Pattern, str]]:
    """``(English pattern, required translation pattern, note)`` of the language's glossary."""
    path = pathlib.Path(str(GLOSSARY).format(lang=lang))
    rows = [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)
    return [(re.compile(row["english"], re.M | re.I), re.compile(row["chinese"], re.M), row["note"] or "")
            for row in reader]


def problems(source: str, translation: str, terms=()) -> list[str]:
    """What is wrong with one translation: lost or changed invariants, glossary terms not used."""
    found = []
    want, got = invariants(source), invariants(translation)
    for kind, items in want.items():
        if items != got[kind]:
            lost = sorted(set(items) - set(got[kind]))
            extra = sorted(set(got[kind]) - set(items))
            detail = "; ".join(part for part in (
                f"missing {lost!r}" if lost else "", f"not in the English {extra!r}" if extra else "")
                if part) or f"{items!r} became {got[kind]!r}"
            found.append(f"{kind}: {detail}")
    english = prose(source)
    for pattern, required, _ in terms:
        if pattern.search(english) and not required.search(prose(translation)):
            found.append(f"glossary: {pattern.pattern!r} is translated {required.pattern!r}")
    return found


def read(po_path: pathlib.Path, lang: str) -> Catalog:
    with open(po_path, "rb") as f:
        return read_po(f, locale=lang)


def write(catalog: Catalog, po_path: pathlib.Path) -> None:
    po_path.parent.mkdir(parents=True, exist_ok=True)
    with open(po_path, "wb") as f:
        write_po(f, catalog, width=0, omit_header=False, include_previous=False, sort_output=False)


def merge(pot: Catalog, po_path: pathlib.Path, lang: str, header: str) -> Catalog:
    """Merge the template ``pot`` into the catalogue at ``po_path`` the gettext way (new
    messages empty, changed ones fuzzy, gone ones obsolete), with the project's header
    (``header``: its comment lines), and write it; returns the merged catalogue.  The
    header's date changes only when the messages do."""
    if po_path.exists():
        catalog = read(po_path, lang)
        pot.creation_date = catalog.creation_date
        catalog.update(pot, update_header_comment=False)
    else:
        catalog = Catalog(locale=lang, domain=pot.domain, charset="utf-8")
        catalog.update(pot)
    catalog.project, catalog.version = "gamelab", ""
    catalog.copyright_holder = catalog.last_translator = "the gamelab authors"
    catalog.msgid_bugs_address = ""
    catalog.language_team = f"gamelab {lang}"
    catalog.fuzzy = False
    catalog.header_comment = header
    for message in [*catalog, *catalog.obsolete.values()]:
        message.flags.discard("python-format")
        message.flags.discard("python-brace-format")
        message.previous_id = ()
        # what an older update left of previous ids it wrote wrapped (``# | msgid ...``)
        marks = [i for i, c in enumerate(message.user_comments) if c.startswith("| msgid")]
        del message.user_comments[marks[0] if marks else len(message.user_comments):]
    write(catalog, po_path)
    return catalog


def update(lang: str) -> None:
    for path in notebook_paths():
        po_path = catalogue_path(path, lang)
        header = (f"# {lang} translation of gamelab's notebook {domain(path)}.\n"
                  "# Update with `python tools/i18n.py update`; see CONTRIBUTING.md.")
        catalog = merge(template(path), po_path, lang, header)
        print(f"{po_path.relative_to(ROOT)}: {coverage_line(catalog)}")


def state(catalog: Catalog) -> tuple[int, int, int]:
    """``(translated, fuzzy, empty)`` counts of a catalogue's live messages."""
    done = fuzzy = empty = 0
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            empty += 1
        elif message.fuzzy:
            fuzzy += 1
        else:
            done += 1
    return done, fuzzy, empty


def coverage_line(catalog: Catalog) -> str:
    done, fuzzy, empty = state(catalog)
    total = done + fuzzy + empty
    return f"{done}/{total} translated, {fuzzy} fuzzy, {empty} untranslated"


def stats(lang: str) -> int:
    missing = 0
    for path in notebook_paths():
        po_path = catalogue_path(path, lang)
        if not po_path.exists():
            print(f"{domain(path)}: no catalogue (run `python tools/i18n.py update`)")
            missing += 1
            continue
        catalog = read(po_path, lang)
        _, fuzzy, empty = state(catalog)
        missing += fuzzy + empty
        print(f"{domain(path)}: {coverage_line(catalog)}")
    return 1 if missing else 0


def code_problems(message: str, translation: str, terms=()) -> list[str]:
    """What is wrong with the translation of a code cell's message: not a literal of the
    same kind with the same placeholders (``tools/i18n_code.py``), glossary terms not used."""
    found = i18n_code.literal_problems(message, translation)
    if not found:
        english, chinese = (i18n_code.words(t) for t in (message, translation))
        found = [p for p in problems(english, chinese, terms) if p.startswith("glossary")]
    return found


def check(lang: str) -> int:
    """Print every translated message that breaks an invariant or the glossary, and every
    translated code cell whose code differs from the English beyond its messages."""
    terms = glossary(lang)
    bad = 0
    for path in notebook_paths():
        po_path = catalogue_path(path, lang)
        if not po_path.exists():
            continue
        catalog = read(po_path, lang)
        nb = nbformat.read(path, as_version=4)
        code = {message for _, _, message in code_messages(nb)}
        for message in catalog:
            if not message.id or not message.string:
                continue
            judge = code_problems if message.id in code else problems
            for problem in judge(message.id, message.string, terms):
                bad += 1
                where = message.locations[0] if message.locations else ("?", 0)
                print(f"{where[0]}:{where[1]}: {problem}")
        for index, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
            translated = i18n_code.substitute(cell.source, lambda m: i18n_code.finished(catalog, m))
            for problem in i18n_code.cell_problems(cell.source, translated):
                bad += 1
                print(f"{path.relative_to(ROOT).as_posix()}: code cell {cell.get('id', index)}: {problem}")
    return 1 if bad else 0

# -- the translated notebooks ------------------------------------------------------------

#: The import after which a translated notebook sets gamelab's language.
IMPORT_GAMELAB = re.compile(r"^import gamelab as gl[ \t]*(#.*)?$")
SET_LANGUAGE = 'gl.set_language("{lang}")'


class TranslationError(ValueError):
    """A markdown cell or code message whose translation is missing or fuzzy (not yet revised)."""


def _catalogue(catalog, lang: str) -> tuple[Catalog, str]:
    """``(catalogue, where it is)`` from a :class:`Catalog` or the path of a ``.po`` file."""
    if isinstance(catalog, Catalog):
        return catalog, "the catalogue"
    if isinstance(catalog, (str, pathlib.Path)):
        path = pathlib.Path(catalog)
        if not path.is_file():
            raise ValueError(f"catalog: no catalogue at {path} (run `python tools/i18n.py update --lang {lang}`)")
        shown = path.resolve()
        shown = shown.relative_to(ROOT) if shown.is_relative_to(ROOT) else path
        return read(path, lang), str(shown)
    raise TypeError(f"catalog must be a babel Catalog or the path of a .po file, got {type(catalog).__name__}")


def _markdown_sources(nb) -> list[str]:
    return [cell.source for cell in nb.cells if cell.cell_type == "markdown" and cell.source.strip()]


def catalogue_of(nb, lang: str) -> tuple[pathlib.Path, str]:
    """``(catalogue path, notebook file name)`` of the course's notebook whose text ``nb``
    is: the catalogue in ``locales/<lang>`` that holds the most of its markdown cells.

    Raises
    ------
    ValueError
        If no catalogue holds more than half of them.
    """
    sources = _markdown_sources(nb)
    best, found = None, 0
    for path in notebook_paths():
        po_path = catalogue_path(path, lang)
        if po_path.exists():
            catalog = read(po_path, lang)
            held = sum(catalog.get(source) is not None for source in sources)
            if held > found:
                best, found = (po_path, path.name), held
    if best is None or 2 * found <= len(sources):
        raise ValueError(f"catalog: no catalogue in {LOCALES / lang} holds this notebook's markdown; "
                         "pass the catalogue (or the notebook's path)")
    return best


def set_language_line(nb, lang: str):
    """``nb`` (changed in place) with ``gl.set_language(lang)`` right after the first
    ``import gamelab as gl`` of its code cells; returns the index of that cell, or None."""
    line = SET_LANGUAGE.format(lang=lang)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        lines = cell.source.split("\n")
        for k, text in enumerate(lines):
            if IMPORT_GAMELAB.match(text):
                if k + 1 >= len(lines) or lines[k + 1].strip() != line:
                    lines.insert(k + 1, line)
                    cell.source = "\n".join(lines)
                return index
    return None


def translate_notebook(nb, lang: str, catalog=None, *, notebook: str | None = None):
    """The notebook ``nb`` in ``lang``: a new notebook whose markdown cells are the
    catalogue's translations, with metadata ``language: lang`` and
    ``gl.set_language(lang)`` after its ``import gamelab as gl``; the code cells are the
    same but for their messages (``tools/i18n_code.py``), and so is the rest of the metadata.

    ``nb`` is the path of a notebook of the course (its catalogue is then found
    by :func:`catalogue_path`) or a notebook node (its catalogue: the one that
    holds its text, :func:`catalogue_of`); ``catalog``, a babel :class:`Catalog`
    or the path of a ``.po`` file, overrides either; ``notebook`` names it in errors.

    Raises
    ------
    TranslationError
        (a ``ValueError``) naming the notebook and every markdown cell or code
        message whose translation is missing or fuzzy.
    TypeError, ValueError
        For an ``nb``, ``lang`` or ``catalog`` that is not one of the above.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    if isinstance(nb, (str, pathlib.Path)):
        path = pathlib.Path(nb)
        notebook = notebook or path.name
        if catalog is None:
            catalog = catalogue_path(path.resolve(), lang)
        nb = nbformat.read(path, as_version=4)
    elif isinstance(nb, nbformat.NotebookNode):
        if catalog is None:
            catalog, name = catalogue_of(nb, lang)
            notebook = notebook or name
        nb = copy.deepcopy(nb)
    else:
        raise TypeError(f"nb must be a notebook node or the path of a notebook, got {type(nb).__name__}")
    notebook = notebook or "<notebook>"
    catalog, where = _catalogue(catalog, lang)
    bad = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            for message in i18n_code.messages(cell.source):
                if i18n_code.finished(catalog, message) is None:
                    state = "fuzzy" if getattr(catalog.get(message), "string", "") else "missing"
                    bad.append(f"{notebook}, code cell {index}: the translation of {message[:60]!r} is {state}")
            cell.source = i18n_code.substitute(cell.source, lambda m: i18n_code.finished(catalog, m))
        if cell.cell_type != "markdown" or not cell.source.strip():
            continue
        message = catalog.get(cell.source)
        first = cell.source.strip().split("\n", 1)[0][:60]
        if message is None or not message.string:
            bad.append(f"{notebook}, cell {index}: no translation of {first!r}")
        elif message.fuzzy:
            bad.append(f"{notebook}, cell {index}: the translation of {first!r} is fuzzy "
                       "(the English changed: revise it and remove the flag)")
        else:
            cell.source = message.string
    if bad:
        raise TranslationError(f"{notebook}: {len(bad)} cell(s) or message(s) not ready in {where} "
                               f"(run `python tools/i18n.py update --lang {lang}` and translate them):\n"
                               + "\n".join(bad))
    nb.metadata["language"] = lang
    set_language_line(nb, lang)
    return nb


def _copy_companions(folder: pathlib.Path, target: pathlib.Path) -> None:
    """The files beside a folder's notebooks (``my_exercises.py``, ``sanitize.cfg``)."""
    for item in folder.iterdir():
        if item.is_file() and item.suffix != ".ipynb":
            shutil.copy2(item, target / item.name)


def build_notebooks(lang: str, out, paths=None, *, execute: bool = True) -> list[pathlib.Path]:
    """Write the notebooks ``paths`` (default: every one) translated into ``lang``
    under ``out`` (the templates in ``out/templates``), with the files beside
    them, executed from a fresh kernel (their copies in the store of executed
    notebooks, ``tools/executed.py``); returns the written paths.

    Every notebook is translated before any is written, so a missing or fuzzy
    translation stops the build (:class:`TranslationError`); a notebook that
    fails to run is written unexecuted, and raises ``RuntimeError`` after the
    others have run.
    """
    out = pathlib.Path(out)
    paths = notebook_paths() if paths is None else [pathlib.Path(p).resolve() for p in paths]
    translated = {path: translate_notebook(path, lang) for path in paths}
    written, failure = [], None
    for folder in sorted({path.parent for path in paths}):
        target = out / folder.relative_to(NOTEBOOKS)
        target.mkdir(parents=True, exist_ok=True)
        for old in target.glob("*.ipynb"):
            old.unlink()
        _copy_companions(folder, target)
    copies = {}
    if execute:
        texts = {path: nbformat.writes(nb).encode("utf-8") for path, nb in translated.items()}
        report = lambda path: print(f"executed {path.relative_to(NOTEBOOKS)}", flush=True)  # noqa: E731
        try:
            copies = executed.execute_all(paths, lang, texts=texts, report=report)
        except executed.ExecutionFailed as exc:
            copies, failure = exc.copies, exc
    for path, nb in translated.items():
        dest = out / path.relative_to(NOTEBOOKS)
        if path in copies:
            nb = run_notebooks.clean(nbformat.read(copies[path], as_version=4))
        nbformat.write(nb, dest)
        written.append(dest)
    if failure is not None:
        raise RuntimeError(str(failure))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "stats", "check", "notebooks"))
    parser.add_argument("--lang", default="zh_CN", choices=LANGUAGES)
    parser.add_argument("--out", type=pathlib.Path, default=None,
                        help="notebooks: where to write them (default: build/zh/notebooks for zh_CN)")
    parser.add_argument("--no-execute", action="store_true", help="notebooks: write them, do not run them")
    parser.add_argument("paths", nargs="*", type=pathlib.Path,
                        help="notebooks: only these notebooks of notebooks/ (default: every one)")
    args = parser.parse_intermixed_args(argv)
    if args.paths and args.command != "notebooks":
        parser.error(f"only the notebooks command takes notebooks, not {args.command}")
    if args.command == "notebooks":
        out = args.out or BUILD[args.lang] / "notebooks"
        try:
            written = build_notebooks(args.lang, out, args.paths or None, execute=not args.no_execute)
        except (ValueError, RuntimeError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(f"{len(written)} notebooks in {args.lang} in {out}")
        return 0
    if args.command == "update":
        update(args.lang)
        return 0
    if args.command == "check":
        return check(args.lang)
    return stats(args.lang)


if __name__ == "__main__":
    sys.exit(main())
