"""Issue 37, fuzz round 3: each call answers promptly or is refused clearly (naming the argument).

The hang and memory cases run in a subprocess under a CPU-time limit and a 2 GiB
address-space cap (:func:`gamelab_testing.limits.run_limited`); none asserts on time.
"""
from __future__ import annotations

import itertools

import pytest

import gamelab as gl
from gamelab_testing import plain_misere_p, sums_of_heaps
from gamelab_testing.limits import run_limited


def answered(result):
    assert isinstance(result, dict), result
    assert "answer" in result, result
    assert result["right"], result


def answered_or_refused(result, naming):
    assert isinstance(result, dict), result
    if "answer" in result:
        assert result["right"], result
    else:
        assert "refused" in result, result
        assert naming in result["message"], result


# -- misère quotients: heaps whose options fall in the classes of a lighter heap's add nothing

@pytest.mark.parametrize("code", [
    """
    def call(): return gl.misere_quotient(gl.Subtraction([1, 2]), 2000).order
    def expected(): return gl.misere_quotient(gl.Subtraction([1, 2]), 40).order
    """,
    """
    def call():
        q = gl.misere_quotient(gl.TakeAndBreak("0.7"), 2000)
        return q.order, [q.outcome([h]) for h in range(1995, 2001)]
    def expected():
        q = gl.misere_quotient(gl.TakeAndBreak("0.7"), 60)
        return q.order, [q.outcome([h % 4 + 4 * 10]) for h in range(1995, 2001)]
    """,
], ids=["subtraction-12-2000", "octal-07-2000"])
@pytest.mark.slow
def test_misere_quotient_of_many_heaps_answers(code):
    answered(run_limited(code))


@pytest.mark.slow
@pytest.mark.parametrize("game,n", [("gl.Subtraction([1, 2])", 10**6),
                                    ("gl.TakeAndBreak('0.7')", 10**5)])
def test_misere_quotient_of_huge_heaps_answers_or_refuses(game, n):
    answered_or_refused(run_limited(f"""
        def call(): return gl.misere_quotient({game}, {n}).order
        def expected(): return gl.misere_quotient({game}, 60).order
        """), "max_heap")


@pytest.mark.parametrize("game,moves", [
    (gl.Subtraction([1, 2]), lambda h: [(h - s,) for s in (1, 2) if s <= h]),
    (gl.TakeAndBreak("0.7"), lambda h: [(a, h - 1 - a) for a in range((h - 1) // 2 + 1)]
     if h else []),
    (gl.TakeAndBreak("0.07"), lambda h: [(a, h - 2 - a) for a in range((h - 2) // 2 + 1)]
     if h >= 2 else []),
])
def test_misere_quotient_with_twin_heaps_agrees_with_search(game, moves):
    q = gl.misere_quotient(game, 14)
    is_p = plain_misere_p(moves)
    for heaps in sums_of_heaps(14, 22):
        assert q.outcome(list(heaps)) == ("P" if is_p(heaps) else "N"), heaps


def test_misere_quotient_says_a_heap_game_is_needed():
    with pytest.raises(TypeError, match="game must be a heap game"):
        gl.misere_quotient(gl.Nim(), 5)


@pytest.mark.parametrize("seconds,kind", [("5", TypeError), (float("nan"), ValueError),
                                          (0, ValueError), (float("inf"), ValueError)])
def test_misere_quotient_seconds(seconds, kind):
    with pytest.raises(kind, match="seconds"):
        gl.misere_quotient(gl.Subtraction([1]), 5, seconds=seconds)


# -- nim_mul_array: exact Python ints, clear refusals, a size limit before allocating

def test_nim_mul_array_reads_python_ints_exactly():
    got = gl.nim_mul_array([2**63, 5, 2**64 - 1], [1, 3, 2**64 - 1]).tolist()
    assert got == [2**63, gl.nim_mul(5, 3), gl.nim_mul(2**64 - 1, 2**64 - 1)]
    assert gl.nim_mul_array([[2, 3], [4, 5]], [2, 2]).tolist() == [
        [gl.nim_mul(x, 2) for x in row] for row in [[2, 3], [4, 5]]]


@pytest.mark.parametrize("a,b,kind,naming", [
    ([2**64, 5], [1, 1], ValueError, "a must hold integers below 2**64"),
    ([1], [-1], ValueError, "b must hold non-negative"),
    ([[1, 2], [3]], [1], ValueError, "a must be a rectangular array"),
    ([1, 2], [1, 2, 3], ValueError, "a and b must broadcast"),
    ("masked", [1, 1], TypeError, "a must not be a masked array"),
])
def test_nim_mul_array_refuses_clearly(a, b, kind, naming):
    import numpy as np
    if a == "masked":
        a = np.ma.array([2, 3], mask=[0, 1])
    with pytest.raises(kind) as info:
        gl.nim_mul_array(a, b)
    assert naming in str(info.value)


def test_nim_mul_array_refuses_a_huge_broadcast_before_allocating():
    result = run_limited("""
        import numpy as np
        def call():
            return gl.nim_mul_array(np.ones(10**5, dtype=np.uint64),
                                    np.ones((10**5, 1), dtype=np.uint64))
        """)
    assert isinstance(result, dict) and result.get("refused") == "ValueError", result
    assert "ARRAY_SIZE_LIMIT" in result["message"]


# -- huge integers in messages and reprs

@pytest.mark.parametrize("call,naming", [
    (lambda: gl.nim_mul(-10**5000, 1), "a must be >= 0"),
    (lambda: gl.grundy(gl.Nim(), (-10**5000,)), "position[0] must be >= 0"),
    (lambda: gl.Subtraction([-10**5000]), "subtraction_set must contain positive integers"),
])
def test_messages_shorten_huge_integers(call, naming):
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert naming in message and "(5001 digits)" in message and len(message) < 400


def test_repr_of_a_huge_nimber():
    text = repr(gl.Nimber(10**5000))
    assert text == "*100000000000000000000...00000000000000000000 (5001 digits)"
    assert repr(gl.Nimber(2**64)) == "*18446744073709551616"


# -- Genus.parse: ASCII digits, and only genera a game can have

@pytest.mark.parametrize("text", ["0^00", "0^11", "0^01", "3^3214", "０^120", "0^１20"])
def test_genus_parse_refuses_impossible_or_non_ascii(text):
    with pytest.raises(ValueError, match="text"):
        gl.Genus.parse(text)


def test_genus_parse_accepts_every_computed_genus():
    seen = set()
    for game in [gl.Kayles(), gl.TakeAndBreak("0.07"), gl.TakeAndBreak("0.6"),
                 gl.TakeAndBreak("0.137"), gl.Subtraction([2, 3])]:
        seen.update(gl.genus_sequence(game, 30))
    seen.update(gl.genus(gl.Nim(), p) for p in itertools.product(range(4), repeat=3))
    for x in seen:
        assert gl.Genus.parse(str(x)) == x
        # the rule refused above holds for each: neighbours never share a pair {2j, 2j+1}
        assert all(a >> 1 != b >> 1 for a, b in zip(x.digits, x.digits[1:]))


# -- set_language: case and "-"/"_" do not matter

@pytest.mark.parametrize("lang,code", [("EN", "en"), ("en", "en"), ("zh_cn", "zh_CN"),
                                       ("ZH-CN", "zh_CN"), ("Zh", "zh_CN"), ("EN-us", "en")])
def test_set_language_is_case_insensitive(lang, code):
    try:
        gl.set_language(lang)
        assert gl.language() == code
    finally:
        gl.set_language("en")


def test_set_language_refuses_unknown_naming_lang():
    with pytest.raises(ValueError, match="lang must be one of"):
        gl.set_language("fr")


# -- sums of many heaps: the genera of tame components add up like misère Nim

@pytest.mark.parametrize("code", [
    """
    def call(): return gl.misere_grundy(gl.Nim(), (1,) * 3000), gl.misere_grundy(gl.Nim(), (1,) * 3001)
    def expected(): return 1, 0    # an even number of *1 is a misère N-position, an odd one P
    """,
    """
    def call(): return str(gl.genus(gl.Nim(), (1,) * 3000)), str(gl.genus(gl.Nim(), (1,) * 3000 + (2,)))
    def expected(): return "0^120", "2^20"
    """,
    """
    def call(): return gl.misere_grundy(gl.Kayles(), gl.Kayles().heaps(*[1] * 10**5))
    def expected(): return 1
    """,
    """
    def call(): return gl.first_wild_heap(gl.NimHeap(), 10**6)
    def expected(): return None
    """,
], ids=["nim-ones", "nim-genus-ones", "kayles-ones", "first-wild-nim-heap"])
def test_sums_of_many_heaps_answer(code):
    answered(run_limited(code))


@pytest.mark.slow
def test_tame_sums_agree_with_plain_search(monkeypatch):
    import random
    from gamelab import genera
    rng = random.Random(37)
    cases = []
    for _ in range(25):
        cases.append((gl.Nim(), tuple(rng.randrange(4) for _ in range(rng.randint(9, 10)))))
        heaps = [rng.choice([1, 2, 3, 4, 1, 1]) for _ in range(rng.randint(9, 14))]
        cases.append((gl.Kayles(), gl.Kayles().heaps(*heaps)))
    fast = [(gl.genus(g, p), gl.misere_grundy(g, p)) for g, p in cases]
    monkeypatch.setattr(genera, "_FEW", 10**9)     # plain search of the whole sum
    # one fresh object of each game for every plain search: it remembers only what plain
    # search found (the searches of the sums share the positions they meet)
    plain = {gl.Nim: gl.Nim(), gl.Kayles: gl.Kayles()}
    for (game, pos), (x, m) in zip(cases, fast):
        fresh = plain[type(game)]
        pos = fresh.heaps(*pos) if isinstance(game, gl.HeapGame) else pos
        assert gl.genus(fresh, pos) == x, pos
        assert gl.misere_grundy(fresh, pos) == m, pos


def test_a_wild_sum_is_searched():
    from gamelab import genera
    assert genera.tame_sum([gl.genus(gl.Kayles(), 5)] * 9) is None
    pos = gl.Kayles().heaps(5, 1, 1, 1, 1, 1, 1, 1, 1)
    assert gl.misere_grundy(gl.Kayles(), pos) == gl.misere_grundy(
        gl.Kayles().without_shortcuts(), pos)


# -- programs with lone surrogates, census codes, grading's --cell-timeout

def test_run_source_refuses_a_lone_surrogate_naming_source():
    from gamelab.exercises.runner import run_source
    with pytest.raises(ValueError, match="source must be text that UTF-8 can hold"):
        run_source("print('\udcff')", "1\n")
    with pytest.raises(ValueError, match="stdin must be text"):
        run_source("print(1)", "\udcff")


def test_run_source_reports_a_lone_surrogate_printed():
    from gamelab.exercises.runner import run_source
    run = run_source("print(chr(0xdcff))", "")
    assert run.failure.startswith("the program failed: UnicodeEncodeError")


@pytest.mark.parametrize("code", ["0.7777777", "4.777777"])
def test_census_run_refuses_codes_that_codes_refuses(code):
    from gamelab import census
    from gamelab.census.equivalence import MAX_DIGITS, codes
    assert code not in codes(MAX_DIGITS)
    with pytest.raises(ValueError, match=r"codes\[0\] must have at most 6 digits"):
        census.run(codes=[code])


def test_census_codes_of_the_most_digits_are_accepted():
    from gamelab.census.equivalence import MAX_DIGITS, codes
    from gamelab.census.runner import _check_codes
    everything = codes(MAX_DIGITS)
    assert _check_codes([everything[-1], "0.777777"])


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "0"])
def test_grading_refuses_a_non_finite_cell_timeout(value, capsys):
    from gamelab.grading import cli
    with pytest.raises(SystemExit) as info:
        cli.main(["somewhere", "--cell-timeout", value])
    assert info.value.code == 2
    assert "--cell-timeout" in capsys.readouterr().err


def test_census_refuses_a_foreign_census_table(tmp_path):
    import sqlite3
    from gamelab import census
    db = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE census (a INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(ValueError, match="db: .* has a table named census that is not"):
        census.run(1, db=db, scheduler="synchronous", progress=False, limit=64)


def test_census_write_failure_is_a_value_error_naming_db(tmp_path):
    import sqlite3
    from gamelab.census import store
    conn = store.connect(tmp_path / "c.sqlite")
    conn.execute("CREATE TRIGGER no_writes BEFORE INSERT ON census "
                 "BEGIN SELECT RAISE(ABORT, 'read-only here'); END")
    row = dict(zip(store.COLUMNS, [None] * len(store.COLUMNS)), members=("0.7",))
    with pytest.raises(ValueError, match="db: cannot write"):
        store.write(conn, row)
    conn.close()


def test_grade_out_in_an_unwritable_place_exits_2(tmp_path, capsys):
    from gamelab.grading import cli
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "01_bash.ipynb").write_text("{}")     # graded as unreadable
    assert cli.main([str(tmp_path), "--out", "/proc/nope/grades.csv"]) == 2
    printed = capsys.readouterr()
    assert "gamelab-grade: error: cannot write /proc/nope" in printed.err
    assert "alice" not in printed.out          # refused before any submission is graded


# -- gamelab-grade: dangling symlinks, nbformat 3, control characters in the CSV

def test_a_dangling_symlink_is_handed_in_and_unreadable(tmp_path):
    from gamelab.grading.submissions import Unreadable, find_submissions, read_submission
    (tmp_path / "bob").mkdir()
    link = tmp_path / "bob" / "01_bash.ipynb"
    link.symlink_to(tmp_path / "missing.ipynb")
    found = find_submissions(tmp_path, ["01_bash"])
    assert [s.student for s in found.submissions] == ["bob"]
    assert found.submissions[0].path == link
    with pytest.raises(Unreadable, match="cannot be read"):
        read_submission(link)


def test_an_nbformat_3_notebook_is_read(tmp_path):
    import json
    import nbformat
    from gamelab.grading.submissions import read_submission
    cell = {"cell_type": "code", "input": "x = 1", "language": "python", "metadata": {},
            "outputs": [], "collapsed": False, "prompt_number": 1}
    path = tmp_path / "old.ipynb"
    path.write_text(json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {"name": ""},
                                "worksheets": [{"cells": [cell], "metadata": {}}]}))
    got = read_submission(path)
    assert got.nbformat == 4 and [c.source for c in got.cells] == ["x = 1"]
    assert nbformat.validate(got) is None


def test_an_old_notebook_format_is_named(tmp_path):
    import json
    from gamelab.grading.submissions import Unreadable, read_submission
    path = tmp_path / "older.ipynb"
    path.write_text(json.dumps({"nbformat": 2, "cells": []}))
    with pytest.raises(Unreadable, match="nbformat 2 notebook"):
        read_submission(path)


def test_csv_cells_escape_control_and_bidi_characters(tmp_path):
    import csv
    from gamelab.grading import report
    path = tmp_path / "x.csv"
    report.write_csv(path, ["name", "n"], [["evil\u202egpj.ipynb\x1b[2J", 3], ["two\nlines", 4]])
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[1] == ["evil\\u202egpj.ipynb\\u001b[2J", "3"]
    assert rows[2] == ["two\nlines", "4"]


# -- census helpers name the argument

def test_census_helpers_name_their_argument(tmp_path):
    from gamelab import census
    from gamelab.census.solve import member_period, solve
    from gamelab.census.store import export
    with pytest.raises(TypeError, match="cls must be a class"):
        solve(None, 10)
    with pytest.raises(TypeError, match="row must be a census row"):
        member_period(None, "0.7")
    with pytest.raises(TypeError, match="directory must be a path"):
        census.report(tmp_path / "c.sqlite", directory=5)
    with pytest.raises(ValueError, match="path: cannot write"):
        export([], path=tmp_path / "missing" / "x.tsv")
    assert member_period(solve(("0.137", "0.4", ("0.4", "0.07")), 1000), "0.4") == (54, 34)


def test_misere_quotient_accepts_a_heap_game_splitting_into_big_heaps():
    moves = lambda h: [(h - 1, h - 1)] if h else []     # noqa: E731
    q = gl.misere_quotient(gl.HeapGame(moves), 8)
    is_p = plain_misere_p(moves)
    for heaps in sums_of_heaps(6, 12):
        assert q.outcome(list(heaps)) == ("P" if is_p(heaps) else "N"), heaps
