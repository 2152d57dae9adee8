"""The shape every lecture keeps, so that lecturers, tools and the student edition can rely on it.

* the teacher's layer: ``Learning objectives``, ``Prerequisites`` and ``Time``
  at the top, ``Summary`` and ``Further reading`` at the end;
* exercises: a heading ``### Exercise N.k ★`` (one to three stars), an answer
  cell, and a check cell calling ``check("<id>", ...)`` with a registered id;
* proof exercises: every lecture has at least one, headed
  ``### Exercise N.k ★★ — Prove that …``; it is marked by hand, so instead of a
  check cell its statement says "marked by hand", and a model proof follows in
  a markdown cell tagged ``solution``;
* solutions between balanced ``### BEGIN SOLUTION`` / ``### END SOLUTION``
  lines; no answer printed next to a statement;
* pacing: no markdown cell over 200 words; code lines at most 88 characters.
"""
from __future__ import annotations

import json
import re

import pytest

from gamelab.exercises import check as ck

from gamelab_testing import NOTEBOOKS

LECTURES = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
MAX_WORDS = 200
MAX_LINE = 88
EXERCISE = re.compile(r"^#{2,4} Exercise (\d+)\.(\d+) (★{1,3})(?!★)\s*(?:—|-|:)\s*\S")
CHECK = re.compile(r"""\bcheck\(\s*["']([^"']+)["']""")
PROOF = re.compile(r"^#{2,4} Exercise \d+\.\d+ ★{1,3}\s*(?:—|-|:)\s*Prove that\b", re.I)
MARKED_BY_HAND = re.compile(r"marked by hand", re.I)


def cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"]), c.get("metadata", {})) for c in nb["cells"]]


def headings(path):
    out = []
    for kind, src, _ in cells(path):
        if kind == "markdown":
            out += [m.group(1).strip() for m in re.finditer(r"^#{1,4}\s+(.+?)\s*$", src, re.M)]
            out += [m.group(1).strip() for m in re.finditer(r"^\*\*(.+?)[:.]?\*\*", src, re.M)]
    return out


def words(markdown):
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)   # code shown in prose is not prose
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)     # display formulas neither
    text = re.sub(r"<[^>]+>", " ", text)
    return len(text.split())


def ids(path):
    return path.stem


@pytest.fixture(params=LECTURES, ids=ids)
def lecture(request):
    return request.param


def test_there_are_lectures():
    assert len(LECTURES) >= 12


def test_teachers_layer(lecture):
    heads = headings(lecture)
    for name in ("Learning objectives", "Prerequisites", "Time", "Summary", "Further reading"):
        assert any(h.rstrip(":").lower() == name.lower() for h in heads), \
            f"{lecture.name}: no heading or bold label {name!r}"
    top = [h.lower() for h in heads[:12]]
    assert "learning objectives" in [h.rstrip(":") for h in top], \
        f"{lecture.name}: 'Learning objectives' must come at the top"
    tail = [h.rstrip(":").lower() for h in heads[-6:]]
    assert "summary" in tail and "further reading" in tail, \
        f"{lecture.name}: 'Summary' and 'Further reading' must close the lecture"


def test_objectives_are_three_to_five(lecture):
    for kind, src, _ in cells(lecture):
        m = re.search(r"(?:^#{1,4}\s+|\*\*)Learning objectives\W*\n(.*?)(?=\n#|\n\*\*|\Z)", src, re.S)
        if kind == "markdown" and m:
            bullets = re.findall(r"^\s*(?:[-*]|\d+\.)\s+\S", m.group(1), re.M)
            assert 3 <= len(bullets) <= 5, f"{lecture.name}: {len(bullets)} learning objectives"
            return
    pytest.fail(f"{lecture.name}: no list of learning objectives")


def test_further_reading_cites_published_sources(lecture):
    found = False
    for kind, src, _ in cells(lecture):
        if kind == "markdown" and re.search(r"Further reading", src):
            found = True
            years = re.findall(r"\b(1[89]\d\d|20\d\d)\b", src)
            assert years, f"{lecture.name}: 'Further reading' cites no dated publication"
    assert found


def test_solution_markers_are_balanced(lecture):
    for n, (kind, src, _) in enumerate(cells(lecture)):
        if kind != "code":
            assert BEGIN not in src and END not in src, f"{lecture.name} cell {n}: markers in markdown"
            continue
        depth = 0
        for line in src.splitlines():
            if line.strip() == BEGIN:
                assert depth == 0, f"{lecture.name} cell {n}: nested {BEGIN}"
                depth = 1
            elif line.strip() == END:
                assert depth == 1, f"{lecture.name} cell {n}: {END} without {BEGIN}"
                depth = 0
        assert depth == 0, f"{lecture.name} cell {n}: {BEGIN} never ended"


def exercise_starts(cs):
    return [i for i, (k, s, _) in enumerate(cs) if k == "markdown"
            and re.match(r"^#{2,4} Exercise\b", s)]


def is_proof_exercise(src):
    return bool(PROOF.match(src.splitlines()[0]))


def test_every_lecture_has_a_proof_exercise(lecture):
    cs = cells(lecture)
    heads = [cs[i][1].splitlines()[0] for i in exercise_starts(cs)]
    assert any(PROOF.match(h) for h in heads), \
        f"{lecture.name}: no proof exercise ('### Exercise N.k ★★ — Prove that …')"


def test_proof_exercises_are_marked_by_hand_with_a_model_proof(lecture):
    cs = cells(lecture)
    exercises = exercise_starts(cs)
    for start in exercises:
        kind, src, _ = cs[start]
        if not is_proof_exercise(src):
            continue
        head = src.splitlines()[0]
        assert MARKED_BY_HAND.search(src), \
            f"{lecture.name}: {head!r} must say that it is marked by hand"
        nxt = next((i for i in exercises if i > start), len(cs))
        block = cs[start + 1:nxt]
        model = [s for k, s, m in block if k == "markdown" and "solution" in m.get("tags", [])]
        assert model, f"{lecture.name}: {head!r} has no model proof in a cell tagged 'solution'"


def test_every_exercise_has_difficulty_answer_and_check(lecture):
    cs = cells(lecture)
    exercises = exercise_starts(cs)
    assert exercises, f"{lecture.name}: no exercises"
    registered = set(ck.exercises())
    for start in exercises:
        head = cs[start][1].splitlines()[0]
        assert EXERCISE.match(head), \
            f"{lecture.name}: exercise heading {head!r} needs the form '### Exercise N.k ★ — title'"
        if is_proof_exercise(cs[start][1]):
            continue            # marked by hand: see the test above
        nxt = next((i for i in exercises if i > start), len(cs))
        code = [s for k, s, m in cs[start + 1:nxt] if k == "code"]
        assert any(BEGIN in s for s in code), f"{lecture.name}: {head!r} has no answer cell with a solution"
        checks = [c for s in code for c in CHECK.findall(s)]
        assert checks, f"{lecture.name}: {head!r} has no check cell"
        for cid in checks:
            assert cid in registered, f"{lecture.name}: {head!r} checks unknown exercise {cid!r}"
        answer = next(s for s in code if BEGIN in s)
        before = answer.split(BEGIN)[0]
        assert "..." in before or re.search(r"^\s*def \w+\(", before, re.M), \
            f"{lecture.name}: {head!r}: the answer cell must start as '...' or a function to fill"


def test_solution_prose_is_tagged(lecture):
    for n, (kind, src, meta) in enumerate(cells(lecture)):
        if kind == "markdown" and re.match(r"^\s*(?:#{2,5}\s*|\*\*)Solution\b", src):
            assert "solution" in meta.get("tags", []), \
                f"{lecture.name} cell {n}: a solution in prose must be tagged 'solution'"


def test_one_idea_per_markdown_cell(lecture):
    for n, (kind, src, _) in enumerate(cells(lecture)):
        if kind == "markdown":
            assert words(src) <= MAX_WORDS, \
                f"{lecture.name} cell {n}: {words(src)} words (at most {MAX_WORDS}): {src[:60]!r}"


def test_code_lines_fit(lecture):
    for n, (kind, src, _) in enumerate(cells(lecture)):
        if kind == "code":
            for line in src.splitlines():
                assert len(line) <= MAX_LINE, f"{lecture.name} cell {n}: {len(line)} chars: {line!r}"


def test_no_details_folding_of_solutions(lecture):
    """Solutions are marked for the student edition, not folded where a student can open them."""
    for n, (kind, src, _) in enumerate(cells(lecture)):
        if kind == "markdown":
            assert "<details" not in src, f"{lecture.name} cell {n}: a folded <details> solution"
