"""The book's own pages (home, glossary, run it live, API) and its words, in every language.

English is the source.  Every piece of text the book adds to the notebooks
is a message: the home page's paragraphs (the README's introduction too),
the glossary's introduction, each paragraph of ``run_live.md``, the label
above every widget snapshot, the "Run this lecture live" link, the captions
of the contents and the book's title.  A translation lives in the gettext
catalogue ``locales/<lang>/LC_MESSAGES/book.po``; a message without its
translation (empty or fuzzy) stops the build of that language, naming it.

Usage::

    python tools/book/book_pages.py update [--lang zh_CN]   # after an English change
    python tools/book/book_pages.py stats  [--lang zh_CN]

``update`` merges the catalogue the gettext way (Babel's ``Catalog.update``):
a changed message keeps its old translation marked fuzzy, a new one comes
empty, a message that is gone becomes obsolete.
"""
from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402  (tools/i18n.py: the catalogue merge shared by every catalogue)
LOCALES = ROOT / "locales"
LANGUAGES = ("en", "zh_CN")
#: The name of each language in the language switch.
LANGUAGE_NAMES = {"en": "English", "zh_CN": "中文"}
#: The language tag of each language (HTML ``lang``).
LANGUAGE_TAGS = {"en": "en", "zh_CN": "zh-CN"}

TITLE = "gamelab: impartial combinatorial games"
#: The label above every widget snapshot; ``{href}`` is the lecture's live address.
SNAPSHOT = ("<strong>Snapshot:</strong> the controls do not recompute here — "
            '<a href="{href}">run this lecture live</a> (in your browser), '
            "or in JupyterLab with <code>make lab</code>.")
LIVE_LINK = "▶ Run this lecture live (in your browser, nothing to install)"
#: The same link on the course map's page, which is not a lecture.
LIVE_COURSE_LINK = "▶ Run the course map live (in your browser, nothing to install)"
EDITION = ("This is the student edition: every exercise is there with its check, "
           "and the solutions are left for you to write.")
HOME_LIVE = (
    '**Run it live, now:** <a href="live/lab/index.html?path=course_map.ipynb">open the course '
    "in your browser</a>, or follow the \"Run this lecture live\" link at the top of any "
    "lecture. It is JupyterLab with Python running in the page: nothing to install. The first "
    "start takes 30–60 seconds while Python loads; everything is served by this book itself, "
    "so it works offline. For full speed (numba, the biggest computations), run the course "
    "on your machine with `make lab`; Binder and the other ways are in "
    "[Run it live](run_live.md).")
HOME_BOOK = (
    "This is the course as a book: every lecture with its tables, pictures and the first "
    "view of each explorer, read in a browser without installing anything. The explorers "
    "are snapshots, labelled as such. The search works from the folder on disk as well as "
    "from a web server.")
CONTENTS = "Contents"
GLOSSARY_LINK = "Glossary (English – 中文)"
API_LINK = "API reference: the public names of gamelab"
RUN_LIVE_LINK = "Run it live"
GLOSSARY_INTRO = ("The course's terms with their Chinese names, as the classic Chinese "
                  "write-ups on these games use them.")
CAPTIONS = ("The course", "Lectures", "Reference")
#: The footer of every page (all pages are at the book's top level).
FOOTER = 'Run it live: <a href="run_live.html">in your browser, or with <code>make lab</code></a>.'
#: The messages that are not paragraphs of a page's markdown.
WORDS = (TITLE, SNAPSHOT, LIVE_LINK, LIVE_COURSE_LINK, EDITION, HOME_LIVE, HOME_BOOK, CONTENTS, GLOSSARY_LINK,
         API_LINK, RUN_LIVE_LINK, GLOSSARY_INTRO, *CAPTIONS, FOOTER)

FENCE = re.compile(r"^[ \t]*(```|~~~)")


def blocks(text):
    """The blocks of a markdown text: ``(translatable, block)``, paragraphs split at blank
    lines; a fenced code block is one block, never translated.

    >>> blocks("# A\\n\\nSome\\ntext.\\n\\n```sh\\nmake\\n\\nlab\\n```\\n")
    [(True, '# A'), (True, 'Some\\ntext.'), (False, '```sh\\nmake\\n\\nlab\\n```')]
    """
    found, current, fence = [], [], None
    for line in text.strip("\n").splitlines():
        if fence:
            current.append(line)
            if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                found.append((False, "\n".join(current)))
                current, fence = [], None
            continue
        m = FENCE.match(line)
        if m:
            if current:
                found.append((True, "\n".join(current)))
            current, fence = [line], m.group(1)
        elif line.strip():
            current.append(line)
        elif current:
            found.append((True, "\n".join(current)))
            current = []
    if current:
        found.append((fence is None, "\n".join(current)))
    return found


def readme_intro():
    """The README's introduction (its text before the first section), without pictures."""
    intro = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    intro = re.sub(r"^# gamelab\n", "", intro).strip()
    return re.sub(r"\n*!\[[^\]]*\]\([^)]*\)\n*", "\n\n", intro).strip()


def readme_section(heading):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1).strip() if m else ""


def messages():
    """Every message of the book's own text, in order, each once."""
    found = list(WORDS)
    for text in (readme_intro(), (HERE / "run_live.md").read_text(encoding="utf-8")):
        found += [b for translatable, b in blocks(text) if translatable]
    return list(dict.fromkeys(found))


def catalogue_path(lang):
    return LOCALES / lang / "LC_MESSAGES" / "book.po"


def _check_lang(lang):
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {LANGUAGES}, got {lang!r}")


class MissingTranslation(ValueError):
    """Messages of the book without a finished translation."""


class Words:
    """The book's words in ``lang``: ``words(message)`` is its translation."""

    def __init__(self, lang="en"):
        _check_lang(lang)
        self.lang = lang
        self.table = {}
        if lang != "en":
            with open(catalogue_path(lang), "rb") as f:
                catalog = read_po(f, locale=lang)
            self.table = {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}
            missing = [m for m in messages() if m not in self.table]
            if missing:
                raise MissingTranslation(
                    f"{catalogue_path(lang).relative_to(ROOT)}: {len(missing)} message(s) without a "
                    f"translation, the first: {missing[0][:80]!r} (run `python tools/book/"
                    f"book_pages.py update --lang {lang}` and translate them)")

    def __call__(self, message):
        return message if self.lang == "en" else self.table[message]

    def markdown(self, text):
        """A markdown text with each of its paragraphs translated."""
        return "\n\n".join(self(b) if translatable else b for translatable, b in blocks(text)) + "\n"


def snapshot_note(words, href, css_class):
    """The HTML of the label above a widget snapshot whose lecture runs live at ``href``."""
    return f'<div class="{css_class}" role="note">{words(SNAPSHOT).format(href=href)}</div>'


def write_pages(src, course, lectures, titles, words, *, student=False):
    """The home page, the glossary, "run it live" and the API reference, in ``words``' language."""
    rows = "\n".join(f"| [{titles[p.stem]}]({p.stem}.ipynb) |" for p in course + lectures)
    edition = f"{words(EDITION)}\n\n" if student else ""
    (src / "index.md").write_text(f"""# {words(TITLE)}

{words.markdown(readme_intro()).strip()}

{words(HOME_LIVE)}

{edition}{words(HOME_BOOK)}

| {words(CONTENTS)} |
|---|
{rows}
| [{words(GLOSSARY_LINK)}](glossary.md) |
| [{words(API_LINK)}](api.md) |
| [{words(RUN_LIVE_LINK)}](run_live.md) |
""", encoding="utf-8")
    (src / "glossary.md").write_text(f"""# {words(GLOSSARY_LINK)}

{words(GLOSSARY_INTRO)}

{readme_section("Glossary")}
""", encoding="utf-8")
    shutil.copy2(ROOT / "API.md", src / "api.md")
    (src / "run_live.md").write_text(words.markdown((HERE / "run_live.md").read_text(encoding="utf-8")),
                                     encoding="utf-8")


# -- the catalogue --------------------------------------------------------------------

def update(lang):
    """Merge the catalogue of ``lang`` with the book's current messages; returns its path."""
    _check_lang(lang)
    if lang == "en":
        raise ValueError("lang: English is the source, it has no catalogue")
    pot = Catalog(project="gamelab", domain="book", charset="utf-8")
    for message in messages():
        pot.add(message)
    path = catalogue_path(lang)
    i18n.merge(pot, path, lang, f"# {lang} translation of the book's own pages (tools/book).\n"
               "# Update with `python tools/book/book_pages.py update`.")
    return path


def stats(lang):
    """``(translated, missing)`` message counts of ``lang``'s catalogue."""
    _check_lang(lang)
    with open(catalogue_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)
    done = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
    wanted = messages()
    return sum(m in done for m in wanted), sum(m not in done for m in wanted)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "stats"))
    parser.add_argument("--lang", default="zh_CN", choices=[x for x in LANGUAGES if x != "en"])
    args = parser.parse_args(argv)
    if args.command == "update":
        print(update(args.lang).relative_to(ROOT))
    done, missing = stats(args.lang)
    print(f"book ({args.lang}): {done}/{done + missing} translated")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
