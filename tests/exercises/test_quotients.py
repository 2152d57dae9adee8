"""gamelab.exercises.references.quotients: the exercises of lecture 15, references against plain search."""
from __future__ import annotations

import functools

import gamelab as gl
from gamelab.exercises.references import quotients as ex
from gamelab.exercises.check import exercise, verify


def moves(rows):
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for a in range(n - 1):
            out.add(tuple(sorted(rest + tuple(k for k in (a, n - 2 - a) if k))))
    return out


@functools.lru_cache(maxsize=None)
def m(rows):
    options = moves(rows)
    return gl.mex({m(o) for o in options}) if options else 1


def test_the_exercises_are_registered_as_functions():
    for i in ("ex-15-1", "ex-15-2", "ex-15-3"):
        assert exercise(i).kind == "function"


def test_references_against_search_on_every_case():
    for (n,) in exercise("ex-15-1").all_cases():
        assert ex.dawson_misere_value(n) == m((n,) if n else ())
    for name in ("ex-15-2", "ex-15-3"):                 # the cases small enough to search
        for (rows,) in exercise(name).all_cases():
            key = tuple(sorted(r for r in rows if r))
            if sum(key) > 24:
                continue
            if name == "ex-15-2":
                assert ex.dawson_outcome(rows) == ("P" if m(key) == 0 else "N"), rows
            else:
                wins = sorted(o for o in moves(key) if m(o) == 0)
                assert ex.dawson_winning_moves(rows) == wins, rows


def test_the_cases_reach_the_wild_rows():
    cases = [rows for (rows,) in exercise("ex-15-3").all_cases()]
    assert sum(any(r >= 10 for r in rows) for rows in cases) >= 20
    assert all(max(rows, default=0) <= ex.MAX_ROW for rows in cases)


def test_references_pass_their_checks_and_wrong_answers_fail():
    assert verify("ex-15-1", ex.dawson_misere_value)[0]
    assert verify("ex-15-2", ex.dawson_outcome)[0]
    assert verify("ex-15-3", ex.dawson_winning_moves)[0]
    ok, report = verify("ex-15-2", lambda rows: "N")
    assert not ok and "returned" in report
    assert not verify("ex-15-3", lambda rows: ex.dawson_winning_moves(rows)[:1])[0]
