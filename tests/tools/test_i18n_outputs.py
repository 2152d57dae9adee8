"""What the Chinese notebooks print: how much of it is still English prose.

The outputs are those of the executed Chinese notebooks of the store
(``build/executed/zh_CN``, tools/executed.py), the copies the Chinese book and
the translated notebooks are made from: a notebook is executed once per run for
every test that needs it, and not again when neither it nor gamelab changed.

Read: every code cell's printed text (stdout) and the plain-text form of what it
shows (``text/plain``), except widgets'.  A line is English prose when it holds two
English words or more once the names the translation keeps in English
(``KEPT`` of tools/i18n_code.py: Kayles, Nim, gamelab, ...), the judges' answers,
the API's error messages (English in every edition), Python's values and code are
set aside.  The English lines come from the lectures' own strings (each a
message of the notebook's catalogue, translated) and from gamelab's (translated in
``gamelab/locale``); the lines still English are reported by notebook and cell, and
their number may not grow past :data:`CEILING`.
"""
from __future__ import annotations

import re

import nbformat
import pytest

from gamelab_testing import ROOT, WIDGET_MIME
from gamelab_testing.once import once_per_run
from gamelab_testing.static_site import load_tool

EXECUTED = load_tool("executed_tool", ROOT / "tools" / "executed.py")
I18N = load_tool("i18n_tool", ROOT / "tools" / "i18n.py")
KEPT = I18N.i18n_code.KEPT
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: What a judge problem's program must print, in English whatever the edition (the judges' answers).
JUDGE = re.compile(r"What a pity!|Wonderful!|\b(?:Grass|Rabbit|First win|Second win|Georgia will win|Bob will win"
                   r"|Alice|Bob|John|Brother|Yes|No|WIN|LOSE|Fibo|Nacci|first|second|none)\b"
                   r"|Have a try, lxhgww\.|Don't waste your time\.")
#: An English word, and the tokens that are code or values, not words.
WORD = re.compile(r"\b[A-Za-z][A-Za-z'’-]*[A-Za-z]\b")
CODE = re.compile(r"\b(?:True|False|None|dtype|int\d+|uint\d+|float\d+|array|alpha|beta)\b"
                  r"|\b[a-g]{2,4}\b|\b[HT]{3,}\b|\bruler\b"    # a quotient's elements (ab, b²c), rows of coins
                  r"|\b\w+Error\b.*|<Figure [^>]*>|\b\w+=|\b[\w.]+\(|\b\w+\.\w+\b|\b[A-Z]\w*[0-9]\w*\b|\b[A-Za-z]+_\w+\b|\b0x[0-9a-f]+\b|'[^']*'")
#: The most code cells whose outputs may still hold English prose, and the most such lines;
#: lower them as the English goes (they may not grow).
CEILING = {"cells": 2, "lines": 7}


def english_lines(text):
    """The lines of ``text`` that are English prose (two English words or more, names and code aside)."""
    found = []
    for line in text.splitlines():
        rest = CODE.sub(" ", JUDGE.sub(" ", KEPT.sub(" ", line)))
        if len(WORD.findall(rest)) >= 2:
            found.append(line.strip())
    return found


def _texts(cell):
    for output in cell.get("outputs", []):
        if output.output_type == "stream" and output.name == "stdout":
            yield output.text
        elif output.output_type in ("execute_result", "display_data"):
            data = output.get("data", {})
            if WIDGET_MIME not in data and "text/plain" in data and not any(k.startswith("image/") for k in data):
                yield data["text/plain"]


def test_english_lines_finds_prose_not_names_or_code():
    assert english_lines("checked on 12 positions\n已核对 12 个局面") == ["checked on 12 positions"]
    assert english_lines("Dawson's Kayles：[0, 0, 1, 1]") == []
    assert english_lines("没有数同时属于两者： True") == []
    assert english_lines("gl.Subtraction(S).period() = (0, 7)") == []
    assert english_lines("已证明： Period(preperiod=0, period=18, saltus=6)") == []
    assert english_lines("从第 1 堆取走 1 -> (0, 2), then [(0, 0)]") == []
    assert english_lines("winning: 删去 0–1 and more") == ["winning: 删去 0–1 and more"]


@pytest.fixture(scope="module")
def chinese_outputs():
    """``{(notebook, cell index): (outputs' text, English lines)}`` of every code cell with output."""
    copies = once_per_run("executed-zh_CN", lambda: {
        str(path): str(copy) for path, copy in EXECUTED.execute_all(NOTEBOOKS, "zh_CN").items()})
    found = {}
    for path in NOTEBOOKS:
        nb = nbformat.read(copies[str(path)], as_version=4)
        for index, cell in enumerate(nb.cells):
            texts = list(_texts(cell)) if cell.cell_type == "code" else []
            if texts:
                text = "\n".join(texts)
                found[path.stem, index] = text, english_lines(text)
    return found


@pytest.mark.slow
@pytest.mark.xdist_group("book-zh")
def test_chinese_outputs_hold_little_english_prose(chinese_outputs):
    english = {key: lines for key, (_, lines) in chinese_outputs.items() if lines}
    count = sum(len(lines) for lines in english.values())
    report = "\n".join(f"{stem}, cell {index}: {line[:100]}"
                       for (stem, index), lines in sorted(english.items()) for line in lines)
    print(f"\n{len(english)} of {len(chinese_outputs)} code cells with output hold English prose "
          f"({count} lines):\n{report}")
    assert len(chinese_outputs) > 300
    assert len(english) <= CEILING["cells"] and count <= CEILING["lines"], report
