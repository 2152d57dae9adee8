"""Sphinx extension: full-text search that finds Chinese words inside longer ones.

Sphinx's English splitter keeps a run of Chinese characters as one word
(威佐夫博弈), and its Chinese splitter indexes Chinese only with jieba.  The
course's pages are English with Chinese names, so we keep the English
language (stemming, stop words) and also index every substring of two or
more characters of each run of CJK characters: searching 威佐夫 or 博弈 then
finds 威佐夫博弈 exactly.  Runs are short (names of games), so the index
stays small.
"""
from __future__ import annotations

import re

from sphinx.search import languages
from sphinx.search.en import SearchEnglish

CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")
#: Longest substring indexed (a run longer than this is indexed whole as well).
MAX_PIECE = 8


def cjk_pieces(text):
    """Every substring of 2..MAX_PIECE characters of each CJK run, and each run.

    >>> sorted(cjk_pieces("Wythoff's game (威佐夫博弈)"))[:4]
    ['佐夫', '佐夫博', '佐夫博弈', '博弈']
    """
    pieces = set()
    for run in CJK_RUN.findall(text):
        pieces.add(run)
        for i in range(len(run)):
            for j in range(i + 2, min(len(run), i + MAX_PIECE) + 1):
                pieces.add(run[i:j])
    return pieces


class SearchEnglishCJK(SearchEnglish):
    """English search that also indexes the pieces of Chinese words."""

    def split(self, input):
        words = super().split(input)
        return words + sorted(cjk_pieces(input))


def setup(app):
    languages["en"] = SearchEnglishCJK
    return {"parallel_read_safe": True, "parallel_write_safe": True}
