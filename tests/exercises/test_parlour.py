"""gamelab.exercises.references.parlour: the exercises of lecture 16, references against
plain search of Chomp written here on row lengths by the rules alone."""
from __future__ import annotations

import functools

from gamelab.exercises.check import exercise, verify
from gamelab.exercises.references import parlour as ex


def eat(rows, r, c):
    """The bar left when the square in row ``r``, column ``c`` (from 0) is eaten."""
    return tuple(x for x in (rows[:r] + tuple(min(x, c) for x in rows[r:])) if x)


def options(rows):
    return {eat(rows, r, c) for r, n in enumerate(rows) for c in range(n) if r or c}


@functools.lru_cache(maxsize=None)
def p_position(rows):
    return not any(p_position(o) for o in options(rows))


def test_the_exercises_are_registered_as_functions():
    for i in ("ex-16-1", "ex-16-2"):
        assert exercise(i).kind == "function"


def test_the_two_row_move_is_the_searchs_one_winning_move():
    for (a, b) in exercise("ex-16-1").all_cases():
        if a > 60:
            continue
        bar = (a, b) if b else (a,)
        wins = [o for o in options(bar) if p_position(o)]
        assert len(wins) <= 1
        assert ex.two_row_winning_move(a, b) == (wins[0] if wins else None), (a, b)


def test_the_three_row_bottom_is_the_searchs():
    for (b, c) in exercise("ex-16-2").all_cases():
        found = [a for a in range(max(b, 1), 41) if p_position(tuple(x for x in (a, b, c) if x))]
        assert len(found) <= 1
        assert ex.three_row_bottom(b, c) == (found[0] if found else None), (b, c)


def test_the_checks_accept_the_references_and_refuse_a_wrong_answer():
    assert verify("ex-16-1", ex.two_row_winning_move)[0]
    assert verify("ex-16-2", ex.three_row_bottom)[0]
    ok, report = verify("ex-16-1", lambda a, b: None)
    assert not ok and "(5, 4)" not in report
    assert not verify("ex-16-2", lambda b, c: b + 1)[0]


@functools.lru_cache(maxsize=None)
def mover_loses(strings):
    """Nimstring by the rules alone: cut a string; a cut that frees a coin (it had no
    other string) takes it and the same player cuts again; who cannot cut loses."""
    for i, (a, b) in enumerate(strings):
        rest = strings[:i] + strings[i + 1:]
        took = any(x != -1 and not any(x in s for s in rest) for x in (a, b))
        if took and not mover_loses(rest):                  # moves again, and wins
            return False
        if not took and mover_loses(rest):
            return False
    return True


def test_the_nimstring_reference_is_the_search_of_the_rules():
    cases = [strings for (strings,) in exercise("ex-16-3").all_cases()]
    assert len(cases) >= 60 and any(len(s) >= 8 for s in cases)
    for strings in cases:
        assert ex.nimstring_loses(strings) == mover_loses(tuple(sorted(strings))), strings
    assert verify("ex-16-3", ex.nimstring_loses)[0]
    assert not verify("ex-16-3", lambda strings: len(strings) % 2 == 0)[0]
