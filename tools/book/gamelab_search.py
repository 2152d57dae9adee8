"""Sphinx extension: the book's search, for English and Chinese, from a web
server or from the folder on disk.

Chinese words inside longer ones.  Sphinx's English splitter keeps a run of
Chinese characters as one word (威佐夫博弈), and its Chinese splitter indexes
Chinese only with jieba.  The course's pages are English with Chinese names,
so we keep the English language (stemming, stop words) and also index every
substring of two or more characters of each run of CJK characters: searching
威佐夫 or 博弈 then finds 威佐夫博弈 exactly.  On the English pages the runs
are short (names of games).  On the Chinese pages a run is a whole clause:
there, a run longer than ``MAX_PIECE`` gives its substrings of 2 to
``LONG_RUN_PIECE`` characters and itself whole, which halves the number of
terms of the Chinese book; a longer query still finds it, through the search's
partial matches (a query word of three or more characters that is not a term
matches every term that contains it).

Excerpts.  Sphinx makes each result's excerpt by fetching the page, which a
browser refuses for a page opened from disk (``file://``), and takes the
text of the whole main block, the page's list of contents first.  Here the
text of every page's body (its prose, code and outputs; no scripts, no
contents list) is written at build time to ``_static/gamelab_page_text.js``,
which the search page alone loads, and ``gamelab_search_excerpts.js`` makes
the excerpts from it (``html_show_search_summary`` is off, so Sphinx fetches
nothing).
"""
from __future__ import annotations

import html.parser
import json
import pathlib
import re

from sphinx.search import languages
from sphinx.search.en import SearchEnglish

CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")
#: Longest substring indexed of a short run (a run is always indexed whole as well).
MAX_PIECE = 8
#: Longest substring indexed of a run longer than MAX_PIECE.
LONG_RUN_PIECE = 4
#: The page text the excerpts are made from, written next to the other static files.
PAGE_TEXT_JS = "gamelab_page_text.js"
EXCERPTS_JS = "gamelab_search_excerpts.js"
#: Elements whose text is not part of a page's text.
SKIPPED_TAGS = {"script", "style", "template", "nav"}
SKIPPED_CLASSES = {"headerlink", "gamelab-snapshot-note", "gamelab-live-link", "gamelab-lang-switch",
                   "toctree-wrapper", "contents"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
             "source", "track", "wbr"}


def cjk_pieces(text):
    """Every substring of 2..MAX_PIECE characters of each CJK run (2..LONG_RUN_PIECE
    of a longer run), and each run.

    >>> sorted(cjk_pieces("Wythoff's game (威佐夫博弈)"))[:4]
    ['佐夫', '佐夫博', '佐夫博弈', '博弈']
    >>> sorted({len(p) for p in cjk_pieces("两堆石子的威佐夫博弈")})
    [2, 3, 4, 10]
    """
    pieces = set()
    for run in CJK_RUN.findall(text):
        pieces.add(run)
        longest = MAX_PIECE if len(run) <= MAX_PIECE else LONG_RUN_PIECE
        for i in range(len(run)):
            for j in range(i + 2, min(len(run), i + longest) + 1):
                pieces.add(run[i:j])
    return pieces


class SearchEnglishCJK(SearchEnglish):
    """English search that also indexes the pieces of Chinese words."""

    def split(self, input):
        words = super().split(input)
        return words + sorted(cjk_pieces(input))


class _TextOf(html.parser.HTMLParser):
    """The readable text of an HTML fragment, without scripts and link marks."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self._stack = []     # for each open element: is its text skipped?

    def handle_starttag(self, tag, attrs):
        if tag in VOID_TAGS:
            return
        classes = set((dict(attrs).get("class") or "").split())
        skipped = bool(self._stack and self._stack[-1]) or tag in SKIPPED_TAGS \
            or bool(classes & SKIPPED_CLASSES)
        self._stack.append(skipped)

    def handle_endtag(self, tag):
        if tag not in VOID_TAGS and self._stack:
            self._stack.pop()

    def handle_data(self, data):
        if not (self._stack and self._stack[-1]):
            self.parts.append(data)

    def text(self):
        return re.sub(r"\s+", " ", " ".join(self.parts)).strip()


def page_text(body):
    """The text of a page body (HTML) that search excerpts are made from.

    >>> page_text('<h1>Nim<a class="headerlink" href="#nim">#</a></h1><script>x = 1</script><p>a <b>b</b></p>')
    'Nim a b'
    """
    parser = _TextOf()
    parser.feed(body)
    parser.close()
    return parser.text()


def collect_text(app, pagename, templatename, context, doctree):
    if pagename == "search":
        app.add_js_file(PAGE_TEXT_JS)
        app.add_js_file(EXCERPTS_JS)
    elif doctree is not None and context.get("body"):
        app.gamelab_page_text[pagename] = page_text(context["body"])


def write_text(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    static = pathlib.Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    data = json.dumps(app.gamelab_page_text, ensure_ascii=False, sort_keys=True)
    (static / PAGE_TEXT_JS).write_text(f"window.GAMELAB_PAGE_TEXT = {data};\n", encoding="utf-8")


def setup(app):
    languages["en"] = SearchEnglishCJK
    app.gamelab_page_text = {}
    app.connect("html-page-context", collect_text)
    app.connect("build-finished", write_text)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
