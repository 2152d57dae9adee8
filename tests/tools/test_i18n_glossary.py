"""One term per idea in the Chinese edition.

``locales/zh_CN/glossary.tsv`` gives each term of the course its one Chinese
rendering and, in its ``rejected`` column, the renderings the course does not
use for that idea (exact strings, separated by `` ; ``).  No translation of
any Chinese catalogue (the lectures, the course map, the book and gamelab's
own widgets and checks) may contain a rejected rendering.  A rejected string
inside an accepted term (where a glossary term's own pattern matches) is not
counted, nor is one the English itself quotes (a title kept in Chinese).
"""
from __future__ import annotations

import csv
import re

import pytest
from babel.messages.pofile import read_po

from gamelab_testing import ROOT

LANG = "zh_CN"
GLOSSARY = ROOT / "locales" / LANG / "glossary.tsv"
CATALOGUES = sorted((ROOT / "locales" / LANG / "LC_MESSAGES").glob("*.po")) + [
    ROOT / "gamelab" / "locale" / LANG / "LC_MESSAGES" / "gamelab.po"]


def rows():
    lines = [line for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def rejected():
    """``{rejected rendering: the glossary's term}`` for every term with known variants."""
    found = {}
    for row in rows():
        for variant in (row.get("rejected") or "").split(" ; "):
            if variant.strip():
                found[variant.strip()] = row["chinese"]
    return found


ACCEPTED = [re.compile(row["chinese"], re.M) for row in rows()]
REJECTED = rejected()


def variants_in(translation, english=""):
    """The rejected renderings ``translation`` uses (outside accepted terms and quotations)."""
    covered = set()
    for accepted in ACCEPTED:
        for match in accepted.finditer(translation):
            covered.update(range(match.start(), match.end()))
    used = []
    for variant, term in REJECTED.items():
        if variant in english:
            continue                      # the English quotes it: a title, a name
        for match in re.finditer(re.escape(variant), translation):
            if not set(range(match.start(), match.end())) <= covered:
                used.append(f"{variant} (the course says {term})")
                break
    return used


def test_the_glossary_lists_rejected_renderings():
    assert len(REJECTED) >= 15
    for variant, term in REJECTED.items():
        assert not re.fullmatch(term, variant), f"{variant!r} is the term itself"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_every_translation_uses_the_one_term(path):
    with open(path, "rb") as f:
        catalog = read_po(f, locale=LANG)
    bad = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else " ".join(message.id)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for text in strings:
            for used in variants_in(text or "", english):
                bad.append(f"{english[:60]!r}: {used}")
    assert bad == []


def test_the_check_sees_a_variant_but_not_a_term_containing_it():
    assert variants_in("画出游戏图") and not variants_in("画出博弈图")
    assert variants_in("用逆向归纳求必败态")
    assert variants_in("反尼姆博弈的法则")
    assert not variants_in("反常 Nim 的法则")
    assert not variants_in("（反尼姆博弈，Anti-SG）", english="Anti-Nim (反尼姆博弈, anti-SG)")
