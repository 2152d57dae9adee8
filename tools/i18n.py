"""Translations of the course: gettext catalogues beside the English source.

English is the source.  Every markdown cell of every notebook is one message
of the catalogue ``locales/<lang>/LC_MESSAGES/<notebook>.po`` (the layout
Sphinx and ``sphinx-intl`` use); code cells are not translated.

Usage::

    python tools/i18n.py update [--lang zh_CN]   # after an English change
    python tools/i18n.py stats  [--lang zh_CN]   # coverage per notebook
    python tools/i18n.py check  [--lang zh_CN]   # code, formulas, links and terms kept

``update`` re-reads the notebooks and merges the catalogues the gettext way
(Babel's ``Catalog.update``, the merge ``msgmerge`` and ``sphinx-intl`` do):
a cell whose English changed keeps its old translation marked ``fuzzy``, to
be revised and the flag removed; a new cell gets an empty translation; a
cell that is gone moves to the obsolete entries (``#~``).  A fuzzy or empty
entry never reaches a reader: the translated notebooks refuse to build
until it is done.
"""
from __future__ import annotations

import argparse
import csv
import pathlib
import re
import sys

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LOCALES = ROOT / "locales"
LANGUAGES = ("zh_CN",)


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


def template(path: pathlib.Path) -> Catalog:
    """The notebook's messages as a gettext template (what ``.pot`` files hold)."""
    nb = nbformat.read(path, as_version=4)
    rel = path.relative_to(ROOT).as_posix()
    pot = Catalog(project="gamelab", domain=domain(path), charset="utf-8")
    for index, cell_id, source in messages(nb):
        pot.add(source, locations=[(rel, index + 1)], auto_comments=[f"cell {cell_id}"] if cell_id else [])
    return pot


#: What a translation must carry over unchanged: fenced code, inline code, formulas, link
#: targets, HTML tags and the solution/answer markers.
FENCED = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.M | re.S)
INLINE_CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
MATH = re.compile(r"(?<![\\$])(\$\$.+?\$\$|\$[^$\n]+?\$)", re.S)
LINK_TARGET = re.compile(r"\]\(([^)\s]+)[^)]*\)")
URL = re.compile(r"(?<![(<\w])https?://[^\s)>\]]+")
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*\b")
TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.M)
GLOSSARY = LOCALES / "{lang}" / "glossary.tsv"


def invariants(text: str) -> dict[str, list[str]]:
    """The parts of a message a translation must keep, by kind (sorted lists)."""
    fenced = [m.group(0).strip() for m in FENCED.finditer(text)]
    rest = FENCED.sub("", text)
    return {
        "fenced code": sorted(fenced),
        "inline code": sorted(m.group(2).strip() for m in INLINE_CODE.finditer(rest)),
        "formula": sorted(MATH.findall(INLINE_CODE.sub("", rest))),
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
        write_po(f, catalog, width=0, omit_header=False, include_previous=True,
                 sort_output=False)


def update(lang: str) -> None:
    for path in notebook_paths():
        pot = template(path)
        po_path = catalogue_path(path, lang)
        if po_path.exists():
            catalog = read(po_path, lang)
            catalog.update(pot, update_header_comment=False)
        else:
            catalog = Catalog(locale=lang, domain=pot.domain, charset="utf-8")
            catalog.update(pot)
        catalog.project, catalog.version = "gamelab", ""
        catalog.copyright_holder = "the gamelab authors"
        catalog.msgid_bugs_address = ""
        catalog.last_translator = "the gamelab authors"
        catalog.language_team = f"gamelab {lang}"
        catalog.header_comment = (f"# {lang} translation of gamelab's notebook {pot.domain}.\n"
                                  "# Update with `python tools/i18n.py update`; see CONTRIBUTING.md.")
        for message in catalog:
            message.flags.discard("python-format")
            message.flags.discard("python-brace-format")
        write(catalog, po_path)
        print(f"{po_path.relative_to(ROOT)}: {coverage_line(catalog)}")


def state(catalog: Catalog) -> tuple[int, int, int]:
    """``(translated, fuzzy, empty)`` counts of a catalogue's live messages."""
    done = fuzzy = empty = 0
    for message in catalog:
        if not message.id:
            continue
        if not message.string:
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


def check(lang: str) -> int:
    """Print every translated message that breaks an invariant or the glossary."""
    terms = glossary(lang)
    bad = 0
    for path in notebook_paths():
        po_path = catalogue_path(path, lang)
        if not po_path.exists():
            continue
        for message in read(po_path, lang):
            if not message.id or not message.string:
                continue
            for problem in problems(message.id, message.string, terms):
                bad += 1
                where = message.locations[0] if message.locations else ("?", 0)
                print(f"{where[0]}:{where[1]}: {problem}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "stats", "check"))
    parser.add_argument("--lang", default="zh_CN", choices=LANGUAGES)
    args = parser.parse_args(argv)
    if args.command == "update":
        update(args.lang)
        return 0
    if args.command == "check":
        return check(args.lang)
    return stats(args.lang)


if __name__ == "__main__":
    sys.exit(main())
