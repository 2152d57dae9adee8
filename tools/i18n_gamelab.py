"""Translations of gamelab's own text: the widgets, the boards, the checks.

English is the source: every message marked in gamelab's code as
``_("...")``, ``N_("...")`` or ``ngettext("...", "...", n)`` (see
:mod:`gamelab.i18n`) is one entry of the catalogue
``gamelab/locale/<lang>/LC_MESSAGES/gamelab.po``; the compiled
``gamelab.mo`` beside it is what gamelab reads.

Usage::

    python tools/i18n_gamelab.py update  [--lang zh_CN]   # after an English change
    python tools/i18n_gamelab.py compile [--lang zh_CN]   # after a translation change
    python tools/i18n_gamelab.py stats   [--lang zh_CN]   # coverage

``update`` extracts the marked messages with Babel and merges them into the
catalogue the gettext way (``Catalog.update``, as ``tools/i18n.py`` does for
the notebooks): a message whose English changed keeps its old translation
marked ``fuzzy``, to be revised and the flag removed; a new message gets an
empty translation; a message that is gone moves to the obsolete entries.
``compile`` writes the ``.mo`` (fuzzy entries are left out, so English shows
until they are revised); both files are committed, and
``tests/test_i18n_gamelab.py`` checks that the ``.mo`` is what compiling the
``.po`` gives.
"""
from __future__ import annotations

import argparse
import io
import pathlib
import sys

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402  (tools/i18n.py: the catalogue merge shared by every catalogue)
PACKAGE = ROOT / "gamelab"
LOCALE = PACKAGE / "locale"
DOMAIN = "gamelab"
LANGUAGES = ("zh_CN",)
#: The modules whose messages a student reads (a module with nothing marked adds nothing).
SOURCES = ("widgets/*.py", "display/*.py", "strategy.py", "board.py", "sums.py", "games/*.py",
           "parlour/*.py",
           "exercises/*.py", "exercises/references/*.py", "census/*.py", "quotients.py")
#: The marking functions: ``_``, ``gettext``, ``N_`` and ``ngettext`` among them.
KEYWORDS = dict(DEFAULT_KEYWORDS)


def source_paths() -> list[pathlib.Path]:
    return sorted({p for pattern in SOURCES for p in PACKAGE.glob(pattern)})


def catalogue_path(lang: str, suffix: str = ".po") -> pathlib.Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def template() -> Catalog:
    """Every marked message of :data:`SOURCES` as a gettext template."""
    pot = Catalog(project="gamelab", domain=DOMAIN, charset="utf-8")
    for path in source_paths():
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            pot.add(message, locations=[(rel, lineno)], auto_comments=comments,
                    context=context)
    return pot


def read(lang: str) -> Catalog:
    with open(catalogue_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, include_previous=True,
             sort_output=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalogue (what ``compile`` writes; fuzzy entries left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update(lang: str) -> Catalog:
    path = catalogue_path(lang)
    header = (f"# {lang} translation of gamelab's own text (widgets, boards, checks).\n"
              "# Update with `python tools/i18n_gamelab.py update`, translate, then "
              "`python tools/i18n_gamelab.py compile`.")
    catalog = i18n.merge(template(), path, lang, header)
    print(f"{path.relative_to(ROOT)}: {coverage_line(catalog)}")
    return catalog


def compile_catalogue(lang: str) -> pathlib.Path:
    path = catalogue_path(lang, ".mo")
    path.write_bytes(mo_bytes(read(lang)))
    print(f"{path.relative_to(ROOT)} written")
    return path


state, coverage_line = i18n.state, i18n.coverage_line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "compile", "stats"))
    parser.add_argument("--lang", default="zh_CN", choices=LANGUAGES)
    args = parser.parse_args(argv)
    if args.command == "update":
        update(args.lang)
    elif args.command == "compile":
        compile_catalogue(args.lang)
    else:
        catalog = read(args.lang)
        print(coverage_line(catalog))
        _, fuzzy, empty = state(catalog)
        return 1 if fuzzy or empty else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
