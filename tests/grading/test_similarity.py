"""Alike answer code between students (gamelab.grading.similarity): what counts as the
same code, what is never compared, the pairs' order, and the answers read from a
submission of a real lecture."""
from __future__ import annotations

import copy
import csv
import importlib.util
import random

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamelab.grading.batch import check_cells
from gamelab.grading.lectures import read_lecture
from gamelab.grading.similarity import (HEADER, Pair, answer_sources, normalise, similar_pairs,
                                        similarity_csv)
from gamelab_testing import NOTEBOOKS, ROOT

LECTURE = "00_impartial_games"

#: The mex of a list, twice: the same algorithm under other names and comments, and another one.
MEX = '''def mex(values):
    """The least natural number not among values."""
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n
'''
MEX_RENAMED = '''def smallest_missing(xs):
    # a set makes the look-ups fast

    present = set(xs)      # every value once
    k = 0
    while k in present:    # walk up to the first gap
        k += 1
    return k
'''
MEX_SORTED = '''def mex(values):
    expected = 0
    for v in sorted(set(values)):
        if v != expected:
            break
        expected = expected + 1
    return expected
'''
#: MEX with one step changed: near-identical.
MEX_STEP = MEX.replace("n += 1", "n += 1\n        print(n)")


def _pairs(pairs):
    return [(p.exercise, p.student_a, p.student_b, p.kind) for p in pairs]


# -- normalise -----------------------------------------------------------------------

def test_normalise_drops_comments_layout_and_docstrings_and_numbers_the_names():
    assert normalise(MEX) == normalise(MEX_RENAMED)
    assert normalise(MEX) != normalise(MEX_SORTED)
    got = normalise(MEX)
    assert got[:6] == ("def", "v1", "(", "v2", ")", ":")
    assert "set" in got and "while" in got and "return" in got       # builtins and keywords kept
    assert not any("least natural" in t for t in got)                  # the docstring is gone
    assert not any(t.startswith("#") for t in normalise(MEX_RENAMED))


def test_normalise_keeps_the_literals():
    assert normalise("x = 1") == ("v1", "=", "1")
    assert normalise("x = 1") != normalise("y = 2")
    assert normalise("print('P')") != normalise("print('N')")
    # a string that is a statement's value is no docstring
    assert normalise("label = 'P'") == ("v1", "=", "'P'")


def test_normalise_falls_back_to_words_for_code_that_does_not_tokenize():
    broken = "x = '''never closed\n  y  = 2"
    assert normalise(broken) == tuple(broken.split())
    with pytest.raises(TypeError, match="source must be a str"):
        normalise(None)


# -- similar_pairs -------------------------------------------------------------------

def test_renamed_variables_and_other_comments_are_identical():
    got = similar_pairs({"ann": {"ex-1": MEX}, "bob": {"ex-1": MEX_RENAMED}}, lecture="L")
    assert got == [Pair("L", "*", "ann", "bob", 1.0, "identical"),
                   Pair("L", "ex-1", "ann", "bob", 1.0, "identical")]


def test_another_algorithm_is_not_flagged():
    assert similar_pairs({"ann": {"ex-1": MEX}, "bob": {"ex-1": MEX_SORTED}}, lecture="L") == []


def test_a_small_change_is_near_identical():
    got = similar_pairs({"ann": {"ex-1": MEX}, "bob": {"ex-1": MEX_STEP}}, lecture="L")
    assert _pairs(got) == [("*", "ann", "bob", "near-identical"),
                           ("ex-1", "ann", "bob", "near-identical")]
    assert all(0.9 <= p.similarity < 1 and p.similarity == round(p.similarity, 2) for p in got)
    # the threshold decides
    assert similar_pairs({"ann": {"ex-1": MEX}, "bob": {"ex-1": MEX_STEP}}, lecture="L",
                         threshold=0.99) == []


def test_the_template_is_never_flagged():
    given = {"ex-1": MEX}
    # handed in as handed out (renamed or not): never compared
    answers = {"ann": {"ex-1": MEX}, "bob": {"ex-1": MEX_RENAMED}, "cy": {"ex-1": MEX}}
    assert similar_pairs(answers, lecture="L", template=given, least_tokens=0) == []
    assert len(similar_pairs(answers, lecture="L")) == 6
    # the template's lines are taken out of an answer: what is left is compared
    own = "\nresult = [mex([a, b]) for a in range(9) for b in range(9) if a != b]\nprint(result)\n"
    other = "\ntable = {}\nfor n in range(30):\n    table[n] = mex(table.get(n - k, 0) for k in (1, 2))\n"
    answers = {"ann": {"ex-1": MEX + own}, "bob": {"ex-1": MEX + other}}
    assert _pairs(similar_pairs(answers, lecture="L", threshold=0.6)) == [
        ("*", "ann", "bob", "near-identical"), ("ex-1", "ann", "bob", "near-identical")]
    assert similar_pairs(answers, lecture="L", template=given, threshold=0.6) == []
    answers["dee"] = {"ex-1": MEX + own.replace("result", "pairs")}
    assert _pairs(similar_pairs(answers, lecture="L", template=given)) == [
        ("*", "ann", "dee", "identical"), ("ex-1", "ann", "dee", "identical")]


def test_short_answers_are_not_flagged():
    answers = {"ann": {"ex-1": "answer = [0, 3, 6]"}, "bob": {"ex-1": "answer = [0, 3, 6]"}}
    assert len(normalise("answer = [0, 3, 6]")) < 20
    assert similar_pairs(answers, lecture="L") == []
    assert _pairs(similar_pairs(answers, lecture="L", least_tokens=3)) == [
        ("*", "ann", "bob", "identical"), ("ex-1", "ann", "bob", "identical")]
    assert similar_pairs({"ann": {"ex-1": ""}, "bob": {"ex-1": ""}}, lecture="L",
                         least_tokens=0) == []


def test_the_whole_submission_catches_a_copy_spread_over_short_answers():
    parts = ["a = [n for n in range(9)]", "b = {k: k * k for k in a}",
             "c = sorted(b.values())[::-1]", "d = sum(c) - len(a)"]
    mine = {f"ex-{i}": line for i, line in enumerate(parts)}
    theirs = {f"ex-{i}": line.replace("k", "j") for i, line in enumerate(parts)}
    got = similar_pairs({"ann": mine, "bob": theirs}, lecture="L")
    assert _pairs(got) == [("*", "ann", "bob", "identical")]
    # a "*" of their own is used as it is
    assert similar_pairs({"ann": {**mine, "*": MEX}, "bob": {**theirs, "*": MEX_SORTED}},
                         lecture="L") == []


def test_the_order_is_deterministic():
    students = ["zoe", "ann", "mo", "bob", "cy"]
    codes = [MEX, MEX_RENAMED, MEX_STEP, MEX_SORTED, MEX]
    answers = {s: {"ex-2": c, "ex-1": codes[(i + 1) % 5]} for i, (s, c) in
               enumerate(zip(students, codes))}
    got = similar_pairs(answers, lecture="L")
    assert got == sorted(got) and all(p.student_a < p.student_b for p in got)
    shuffled = dict(reversed([(s, dict(reversed(list(a.items())))) for s, a in answers.items()]))
    assert similar_pairs(shuffled, lecture="L") == got
    assert ("ex-2", "ann", "zoe", "identical") in _pairs(got)


def test_a_class_of_120_with_six_exercises_runs_and_finds_the_planted_copies():
    rng = random.Random(2026)
    steps = ["{a} = [{b} for {b} in range({n}) if {b} % {m} == {k}]",
             "for {b} in range({n}):\n    {a}.append({b} * {m} + {k})",
             "while len({a}) > {n}:\n    {a}.pop({k})",
             "if {n} in {a}:\n    print({a}.index({n}), {m})",
             "{c} = {{{b}: {b} ** {m} for {b} in {a}}}",
             "def {c}({b}):\n    return ({b} + {k}) % {m}",
             "{a} = sorted({a}, key=lambda {b}: -{b})[:{n}]",
             "{c} = sum({b} for {b} in {a} if {b} > {k})"]

    def answer(names):
        return "\n".join(rng.choice(steps).format(
            a=names[0], b=names[1], c=names[2], n=rng.randrange(5, 60), m=rng.randrange(2, 9),
            k=rng.randrange(4)) for _ in range(rng.randrange(4, 9)))

    answers = {f"s{i:03d}": {f"ex-{e}": answer(["acc", "item", "step_fn"]) for e in range(6)}
               for i in range(120)}
    for original, copier in [("s010", "s077"), ("s042", "s043")]:
        answers[copier] = {e: code.replace("acc", "values").replace("item", "x")
                           .replace("step_fn", "g") + "  # mine"
                           for e, code in answers[original].items()}
    got = similar_pairs(answers, lecture="L")
    for a, b in [("s010", "s077"), ("s042", "s043")]:
        for e in [f"ex-{i}" for i in range(6)] + ["*"]:
            assert Pair("L", e, a, b, 1.0, "identical") in got
    assert got == sorted(got)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"answers": ["ann"]}, TypeError, "answers must be a dict"),
    ({"answers": {"ann": "code"}}, TypeError, r"answers\['ann'\] must be a dict"),
    ({"answers": {"ann": {"ex-1": 3}}}, TypeError, r"answers\['ann'\]\['ex-1'\] must be a str"),
    ({"answers": {1: {}}}, TypeError, "answers: every key must be a str"),
    ({"template": "code"}, TypeError, "template must be a dict"),
    ({"template": {"ex-1": None}}, TypeError, r"template\['ex-1'\] must be a str"),
    ({"lecture": None}, TypeError, "lecture must be a str"),
    ({"threshold": 0}, ValueError, r"threshold must be in \(0, 1\], got 0"),
    ({"threshold": 1.5}, ValueError, "threshold must be in"),
    ({"threshold": float("nan")}, ValueError, "threshold must be in"),
    ({"threshold": True}, TypeError, "threshold must be a number"),
    ({"threshold": "0.9"}, TypeError, "threshold must be a number"),
    ({"least_tokens": -1}, ValueError, "least_tokens must be >= 0"),
    ({"least_tokens": 2.5}, TypeError, "least_tokens must be an int"),
    ({"least_tokens": True}, TypeError, "least_tokens must be an int"),
])
def test_bad_arguments_are_refused_by_name(kwargs, error, words):
    call = {"answers": {"ann": {"ex-1": MEX}}, "lecture": "L", **kwargs}
    with pytest.raises(error, match=words):
        similar_pairs(call.pop("answers"), **call)


def test_a_pair_has_a_known_kind():
    with pytest.raises(ValueError, match="kind must be one of"):
        Pair("L", "ex-1", "ann", "bob", 0.5, "alike")
    assert similar_pairs({"ann": {"ex-1": MEX}}, lecture="L", threshold=1) == []


# -- similarity.csv ------------------------------------------------------------------

def test_similarity_csv(tmp_path):
    pairs = [Pair("00_x", "ex-1", "ann", "bob", 1.0, "identical"),
             Pair("00_x", "*", "ann", "b\u202eob", 0.93, "near-identical")]
    similarity_csv(tmp_path / "similarity.csv", pairs)
    with open(tmp_path / "similarity.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert tuple(rows[0]) == HEADER == ("lecture", "exercise", "student_a", "student_b",
                                        "similarity", "kind")
    assert rows[1:] == [["00_x", "ex-1", "ann", "bob", "1.00", "identical"],
                        ["00_x", "*", "ann", "b\\u202eob", "0.93", "near-identical"]]
    with pytest.raises(TypeError, match="pairs must hold Pair"):
        similarity_csv(tmp_path / "other.csv", [("00_x", "ex-1")])


# -- answer_sources ------------------------------------------------------------------

@pytest.fixture(scope="module")
def lecture():
    return read_lecture(NOTEBOOKS / f"{LECTURE}.ipynb")


def _small_submission():
    return new_notebook(cells=[
        new_code_cell("import gamelab as gl"),
        new_markdown_cell("Exercise 0.1"),
        new_code_cell("answer = [0, 3, 6]"),
        new_code_cell('check("ex-00-1", answer)'),
        new_code_cell("def solve(text):\n    return text"),
        new_code_cell('check("hdu2147", solve)'),
        new_code_cell('check("hdu2147", solve)  # once more'),
        new_code_cell("def kiki_loses(n, m):\n    return (n + m) % 2 == 0"),
        new_code_cell('print("checking")\ncheck("ex-00-3", kiki_loses)'),
    ])


def test_answer_sources_cuts_the_notebook_at_the_check_cells(lecture):
    assert [e.id for e in lecture.exercises] == ["ex-00-1", "hdu2147", "ex-00-3"]
    nb = _small_submission()
    got = answer_sources(nb, lecture)
    assert got == {
        "ex-00-1": "import gamelab as gl\n\nanswer = [0, 3, 6]",
        "hdu2147": "def solve(text):\n    return text",
        "ex-00-3": "def kiki_loses(n, m):\n    return (n + m) % 2 == 0\n\n"
                   'print("checking")\ncheck("ex-00-3", kiki_loses)',
        "*": "\n\n".join(c.source for c in nb.cells if c.cell_type == "code"),
    }
    assert answer_sources(nb, lecture, cells=check_cells(nb, lecture)) == got


def test_answer_sources_of_an_exercise_whose_check_is_gone(lecture):
    nb = _small_submission()
    del nb.cells[5:7]                     # both checks of hdu2147
    got = answer_sources(nb, lecture)
    assert "hdu2147" not in got
    assert got["ex-00-3"].startswith("def solve(text):")
    # the grader's cells: hdu2147 is checked after the cell that binds solve
    cells = check_cells(nb, lecture)
    assert cells["hdu2147"] == 4
    got = answer_sources(nb, lecture, cells=cells)
    assert got["hdu2147"] == "def solve(text):\n    return text"
    assert got["ex-00-3"].startswith("def kiki_loses(n, m):")
    with pytest.raises(TypeError, match="lecture must be a Lecture"):
        answer_sources(nb, LECTURE)
    with pytest.raises(TypeError, match="cells must be a dict"):
        answer_sources(nb, lecture, cells={"hdu2147": "4"})


def _student_tool():
    spec = importlib.util.spec_from_file_location("student", ROOT / "tools" / "student.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _handed_in(handout, lecture, code: dict[str, str]):
    """The handout with a cell of the student's own code just before each check cell."""
    nb = copy.deepcopy(handout)
    for eid, at in sorted(check_cells(nb, lecture).items(), key=lambda kv: -kv[1]):
        nb.cells.insert(at, new_code_cell(code[eid]))
    return nb


ANN = {"ex-00-1": ("answer = list(range(0, 22, 3))\n"
                   "assert all(n % 3 == 0 for n in answer), answer\nprint('P:', answer)"),
       "hdu2147": ("def solve(input_text):\n    numbers = [int(t) for t in input_text.split()]\n"
                   "    out = []\n    for n, m in zip(numbers[::2], numbers[1::2]):\n"
                   "        if n == m == 0:\n            break\n"
                   "        out.append('What a pity!' if n % 2 and m % 2 else 'Wonderful!')\n"
                   "    return '\\n'.join(out)"),
       "ex-00-3": ("def kiki_loses(n, m):\n    lost = gl.outcome(kiki, (n - 1, m - 1)) == 'P'\n"
                   "    assert lost == (n % 2 == 1 and m % 2 == 1)\n    return lost")}
BOB = {"ex-00-1": "answer = []\nfor k in range(0, 22, 3):\n    answer.append(k)\nanswer",
       "hdu2147": ("import io\n\ndef solve(input_text):\n    lines = []\n"
                   "    for row in io.StringIO(input_text):\n        a, b = map(int, row.split())\n"
                   "        if (a, b) == (0, 0):\n            return '\\n'.join(lines)\n"
                   "        lines.append(['Wonderful!', 'What a pity!'][a * b % 2])\n"
                   "    return '\\n'.join(lines)"),
       "ex-00-3": "def kiki_loses(n, m):\n    return n % 2 == 1 and m % 2 == 1  # from the table"}
#: ANN's code, renamed and with other comments.
CY = {eid: code.replace("numbers", "nums").replace("out", "res").replace("lost", "verdict")
      + "  # done" for eid, code in ANN.items()}


def test_a_real_lecture_flags_the_copy_only(lecture):
    teacher = nbformat.read(lecture.path, as_version=4)
    handout = _student_tool().student_notebook(teacher, notebook=lecture.filename)
    answers = {name: answer_sources(_handed_in(handout, lecture, code), lecture)
               for name, code in [("ann", ANN), ("bob", BOB), ("cy", CY)]}
    answers["dee"] = answer_sources(handout, lecture)           # handed in untouched
    answers["eve"] = answer_sources(handout, lecture)
    given = [answer_sources(teacher, lecture), answer_sources(handout, lecture)]
    template = {eid: "\n\n".join(g.get(eid, "") for g in given) for eid in given[0]}
    got = similar_pairs(answers, lecture=lecture.name, template=template)
    assert _pairs(got) == [(e, "ann", "cy", "identical")
                           for e in ["*", "ex-00-1", "ex-00-3", "hdu2147"]]
    # the teacher's lines are in the template: a student who writes the model answer's
    # line has nothing of their own left to compare
    model = dict(ANN, **{"ex-00-1": "answer = [n for n in range(22) if n % 3 == 0]\nanswer"})
    answers["fay"] = answers["gus"] = answer_sources(_handed_in(handout, lecture, model), lecture)
    got = similar_pairs(answers, lecture=lecture.name, template=template)
    assert ("ex-00-1", "fay", "gus", "identical") not in _pairs(got)
    assert ("ex-00-3", "fay", "gus", "identical") in _pairs(got)
    del answers["fay"], answers["gus"]
    # without the template the lecture's own code makes every submission alike
    everyone = similar_pairs({s: {"*": a["*"]} for s, a in answers.items()}, lecture=lecture.name)
    assert len(everyone) == 10


def test_a_copy_that_renames_the_function_handed_out_is_still_flagged():
    template = {"x": "def f(n):\n    raise NotImplementedError"}
    mine = ("def f(n):\n    remainder = n\n    steps = 0\n    while remainder >= 4:\n"
            "        remainder = remainder - 4\n        steps = steps + 1\n"
            "    assert steps * 4 + remainder == n\n    return remainder")
    theirs = mine.replace("def f(n)", "def g(n)").replace("remainder", "left")
    pairs = similar_pairs({"ann": {"x": mine}, "ben": {"x": theirs}}, lecture="L",
                          template=template)
    assert [(p.exercise, p.kind) for p in pairs] == [("*", "near-identical"),
                                                    ("x", "near-identical")]
    assert all(0.9 <= p.similarity < 1 for p in pairs)
