"""Every claim of lecture 15 (genus, tame and wild, misère quotients) as a test."""
from __future__ import annotations

import functools
import itertools
import json

import pytest

import gamelab as gl
from gamelab.exercises.references import quotients as ex
from gamelab.exercises.check import verify
from gamelab_testing import NOTEBOOKS

NOTEBOOK = NOTEBOOKS / "15_misere_quotients.ipynb"
KAYLES, DAWSON = gl.Kayles(), gl.DawsonsKayles()


def row_moves(rows, sizes=(2,)):
    """The options of a sum of rows of pins, knocking down ``k`` adjacent pins, k in sizes."""
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for k in sizes:
            for a in range(n - k + 1):
                out.add(tuple(sorted(rest + tuple(x for x in (a, n - k - a) if x))))
    return out


@functools.lru_cache(maxsize=None)
def misere_p(rows, sizes=(2,)):
    options = row_moves(rows, sizes)
    return bool(options) and not any(misere_p(o, sizes) for o in options)


def partitions(total, largest):
    if total == 0:
        yield ()
        return
    for first in range(min(total, largest), 0, -1):
        for rest in partitions(total - first, first):
            yield (first,) + rest


# -- the rules ---------------------------------------------------------------------------------

def test_the_games_are_the_octal_codes_of_the_lecture():
    for game, code, sizes in [(KAYLES, "0.77", (1, 2)), (DAWSON, "0.07", (2,))]:
        octal = gl.TakeAndBreak(code)
        for n in range(12):
            want = sorted(row_moves((n,) if n else (), sizes))
            assert sorted(tuple(sorted(o)) for o in gl.game_options(game, n)) == want
            assert gl.grundy(octal, n) == gl.grundy(game, n)
    assert gl.misere_grundy(DAWSON, DAWSON.heaps(2)) == 0
    assert gl.misere_grundy(DAWSON, DAWSON.heaps(2, 2)) == 1


# -- genus -------------------------------------------------------------------------------------

def test_genus_by_the_options_rule_and_by_definition():
    two = gl.NimHeap()
    for game in (KAYLES, DAWSON):
        for n in range(9):
            g = gl.genus(game, n)
            opts = [gl.genus(game, o) for o in gl.game_options(game, n)]
            if opts:
                digits = [gl.mex({o.gamma(0) for o in opts})]
                for k in range(1, 6):
                    digits.append(gl.mex({o.gamma(k) for o in opts}
                                         | {digits[-1], digits[-1] ^ 1}))
                assert digits == [g.gamma(k) for k in range(6)]
            assert g.normal == gl.grundy(game, n)
    # γk is the misère value beside k heaps of 2, by plain search (Kayles, small rows)
    for n in range(6):
        for k in range(3):
            rows = tuple(sorted(((n,) if n else ()) + (2,) * k))
            m = _m(rows)
            assert gl.genus(KAYLES, n).gamma(k) == m
    assert str(gl.genus(two, 2)) == "2^20"


@functools.lru_cache(maxsize=None)
def _m(rows):
    options = row_moves(rows, (1, 2))
    return gl.mex({_m(o) for o in options}) if options else 1


def test_the_genus_table_and_first_wild_rows():
    assert [str(g) for g in gl.genus_sequence(KAYLES, 6)][2:6] == ["2^20", "3^31", "1^031",
                                                                   "4^146"]
    assert str(gl.genus(DAWSON, 10)) == "3^1431"
    assert [gl.first_wild_heap(g, 30) for g in (KAYLES, DAWSON, gl.GrundysGame())] == [5, 10, 13]


# -- quotients ---------------------------------------------------------------------------------

def test_tame_dawson_has_misere_nims_quotient():
    nim3 = gl.misere_quotient(gl.TakeAndBreak("0.3333"), 3)
    tame = gl.misere_quotient(DAWSON, 9)
    assert nim3.order == tame.order == 6 and nim3.p_portion == tame.p_portion
    assert (nim3.table() == tame.table()).all()
    heaps = [gl.genus(DAWSON, n).nim_heap for n in range(10)]
    assert [tame.phi(n) for n in range(10)] == [nim3.phi(h) for h in heaps]


def test_the_wild_quotient_of_the_lecture():
    q = gl.misere_quotient(DAWSON, 20)
    assert (q.order, len(q.p_portion)) == (24, 5)
    assert [q.name(x) for x in q.p_portion] == ["a", "ac", "ad", "b²", "acd"]
    assert [(name, n) for name, _, n in q.generators()] == [("a", 2), ("b", 4), ("c", 10),
                                                          ("d", 14)]


def test_quotient_outcomes_against_plain_search():
    q = gl.misere_quotient(DAWSON, 20)
    count = 0
    for total in range(25):
        for rows in partitions(total, 20):
            assert q.outcome(rows) == ("P" if misere_p(rows) else "N"), rows
            count += 1
    assert count > 2714


def test_the_nim_rule_is_right_below_10_and_first_wrong_at_10_2():
    q = gl.misere_quotient(DAWSON, 20)

    def rule(rows):
        return gl.sj_outcome([gl.grundy(DAWSON, n) for n in rows])

    assert all(rule(r) == q.outcome(r) for t in range(19) for r in partitions(t, 9))
    first = next(r for t in range(21) for r in partitions(t, 10) if rule(r) != q.outcome(r))
    assert first == (10, 2) and rule(first) == "N" and q.outcome(first) == "P"


@pytest.mark.parametrize("code, n, order", [("0.3333", 3, 6), ("0.07", 9, 6), ("0.07", 12, 12),
                                            ("0.07", 20, 24), ("0.77", 8, 12),
                                            ("0.137", 16, 24), ("0.6", 12, 48)])
def test_even_orders_printed(code, n, order):
    assert gl.misere_quotient(gl.TakeAndBreak(code), n).order == order


def test_dawson_keeps_its_24_elements_up_to_row_24():
    assert [gl.misere_quotient(DAWSON, n).order for n in (20, 24)] == [24, 24]


@pytest.mark.slow
def test_dawson_to_30_is_refused_past_a_small_work_budget(monkeypatch):
    monkeypatch.setattr(gl.engine, "SEARCH_WORK", 2_000_000)
    for _ in range(2):   # the same refusal every time: work is counted, not timed
        with pytest.raises(ValueError, match=r"did more than 2,000,000 units of work.*"
                                             r"while adding heap 25; .* up to heap 24 has order 24"):
            gl.misere_quotient(DAWSON, 30)


def test_the_play_position_and_its_winning_moves():
    q = gl.misere_quotient(DAWSON, 20)
    start = (4, 6, 10)
    assert q.name(q.value(start)) == "b³" and q.outcome(start) == "N"
    assert q.winning_moves(start) == [(4, 6, 8), (1, 4, 6, 7), (3, 4, 5, 6)]
    assert sorted(q.winning_moves(start)) == sorted(o for o in row_moves(start) if misere_p(o))
    play = q.play_game()
    assert "quotient" in play.name


# -- exercises ---------------------------------------------------------------------------------

def test_exercise_references_against_search():
    for n in range(21):
        assert ex.dawson_misere_value(n) == _m2((n,) if n else ())
    for rows in itertools.chain.from_iterable(partitions(t, 20) for t in range(16)):
        assert ex.dawson_outcome(rows) == ("P" if misere_p(rows) else "N")
        assert ex.dawson_winning_moves(rows) == sorted(o for o in row_moves(rows)
                                                       if misere_p(o))
    assert ex.dawson_winning_moves((10, 6)) == [(1, 3, 10)]


@functools.lru_cache(maxsize=None)
def _m2(rows):
    options = row_moves(rows)
    return gl.mex({_m2(o) for o in options}) if options else 1


def test_checks_reject_tempting_wrong_answers():
    assert not verify("ex-15-1", lambda n: gl.grundy(DAWSON, n))[0]
    nim_rule = lambda rows: gl.sj_outcome([gl.grundy(DAWSON, n) for n in rows])  # noqa: E731
    assert not verify("ex-15-2", nim_rule)[0]
    ok, report = verify("ex-15-3", lambda rows: [])
    assert not ok and "[(" not in report            # the check never prints the answer


def test_the_lecture_solves_its_exercises():
    text = json.dumps(json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"])
    for i in ("ex-15-1", "ex-15-2", "ex-15-3"):
        assert f'check(\\"{i}\\"' in text


@pytest.mark.slow
def test_misere_kayles_is_solved_with_order_40_and_nine_p_elements():
    # the lecture's culmination: the quotient of misère Kayles, proven periodic
    q = gl.misere_quotient(gl.Kayles(), 168)
    assert (q.order, len(q.p_portion), q.period) == (40, 9, (71, 12))
    assert [n for _, _, n in q.generators()] == [1, 2, 5, 9, 12, 25, 27]
    for x, y in itertools.combinations(q.elements, 2):
        assert any(q.in_p(q.multiply(x, z)) != q.in_p(q.multiply(y, z)) for z in q.elements)
    for total in range(15):
        for rows in partitions(total, 14):
            assert q.outcome(rows) == ("P" if misere_p(rows, (1, 2)) else "N"), rows


def test_kayles_row_8_is_not_the_heap_of_its_g():
    # W1: genus 1^13 counts as a big heap; misère Nim on the heaps g is wrong
    kayles = gl.Kayles()
    assert str(gl.genus(kayles, 8)) == "1^13"
    assert gl.misere_grundy(kayles, 8) != 0                      # N, while *1 is P
    assert gl.misere_grundy(kayles, kayles.heaps(8, 1)) == 0     # P, while *1 + *1 is N
    assert gl.sj_outcome([1]) == "P" and gl.sj_outcome([1, 1]) == "N"


def test_the_trivial_quotient_has_order_one():
    assert gl.misere_quotient(DAWSON, 1).order == 1
