"""Every claim of lecture 11 (periodicity) as a test: the Guy–Smith theorem, its e = 0 corner."""
from __future__ import annotations

import itertools

import pytest

import gamelab as gl
from gamelab.census.solve import TRIVIAL
from gamelab.games.tb_saltus import saltus_proof
from gamelab.periodicity import guy_smith_period, guy_smith_window, needed_length


def test_kayles_exceptions_of_period_12_as_published():
    # OEIS A002186: periodic with period 12 from 71 on; only exceptions
    # n = 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70
    seq = gl.Kayles().grundy_sequence(2000)
    periodic = lambda n: seq[71 + (n - 71) % 12]
    assert [n for n in range(71) if seq[n] != periodic(n)] == [
        0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]
    bad = [n for n in range(288) if seq[n + 12] != seq[n]]
    assert bad == [0, 3, 10, 11, 15, 16, 18, 21, 27, 28, 34, 39, 45, 57, 58, 70]


def test_dawsons_chess_exceptions_as_published():
    # OEIS A002187: period 34 with the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51
    seq = gl.TakeAndBreak("0.137").grundy_sequence(2000)
    periodic = lambda n: seq[52 + (n - 52) % 34]
    assert [n for n in range(52) if seq[n] != periodic(n)] == [0, 14, 16, 17, 31, 34, 51]


def test_periods_and_windows_of_the_lecture():
    from gamelab.periodicity import guy_smith_window, needed_length
    assert gl.Kayles().period(1000) == (71, 12)
    assert gl.DawsonsKayles().period(1000) == (53, 34)
    assert guy_smith_window(71, 12, 2) == range(71, 156) and needed_length(71, 12, 2) == 168
    assert guy_smith_window(53, 34, 2) == range(53, 142) and needed_length(53, 34, 2) == 176
    assert gl.Kayles().period(167) is None and gl.DawsonsKayles().period(175) is None
    assert gl.grundy(gl.Kayles(), 10**100) == 1
    assert gl.outcome(gl.DawsonsKayles(), 10**18 + 1) == "N"


def test_grundys_game_has_no_proven_period():
    assert gl.GrundysGame().period(10_000) is None


# ---------------------------------------------------------------------------
# the e = 0 corner of the Guy–Smith theorem: 0.04

def test_004_breaks_the_theorem_stated_with_e_zero():
    g = gl.TakeAndBreak("0.04")
    v = g.without_shortcuts()
    values = [v.grundy(n) for n in range(12)]
    assert values[:4] == [0, 0, 0, 0] and values[4] == 1
    e, p, t = 0, 1, g.t
    assert t == 2
    assert all(values[n + p] == values[n] for n in range(2 * e + p + t))    # the misstated window
    assert not all(values[n + p] == values[n] for n in guy_smith_window(e, p, t))
    assert guy_smith_window(0, 1, 2) == range(0, 5)


@pytest.mark.parametrize("length", [5, 6, 8, 12, 20, 50, 200, 2000])
def test_004_has_no_proven_period(length):
    g = gl.TakeAndBreak("0.04")
    assert g.period(length) is None
    assert guy_smith_period(g.grundy_sequence(length, tile=False), g.t) is None


def test_004_is_treblecross_shifted():
    a = gl.TakeAndBreak("0.04").grundy_sequence(1500).tolist()
    b = gl.TakeAndBreak("0.007").grundy_sequence(1500).tolist()
    assert all(a[n] == b[n - 1] for n in range(1, 1500))


def naive_period_from_zero(values, p):
    return all(values[n + p] == values[n] for n in range(len(values) - p))


def test_periods_from_zero_are_found_with_the_corrected_window():
    # codes whose values are periodic from heap 0: period() must find them (e = 0) ...
    found = {c: gl.TakeAndBreak(c).period(300) for c in ("0.3", "0.03", "0.7", "0.33", "0.333")}
    for c, (e, p) in found.items():
        seq = gl.TakeAndBreak(c).grundy_sequence(2000, tile=False).tolist()
        assert e == 0 and naive_period_from_zero(seq, p), c
        assert not any(naive_period_from_zero(seq, q) for q in range(1, p)), c


def test_every_small_code_period_is_right_and_the_misstated_window_fails_only_on_04_and_4():
    codes = [f"{d0}." + "".join(map(str, ds)) for d0 in (0, 4) for length in (1, 2)
             for ds in itertools.product(range(8), repeat=length) if ds[-1]]
    N, misstated = 1200, []
    for c in codes:
        game = gl.TakeAndBreak(c)
        s = game.grundy_sequence(N, tile=False).tolist()
        holds = lambda p, stop: all(s[n + p] == s[n] for n in range(stop))
        if any(holds(p, p + game.t) and not holds(p, N - p) for p in range(1, 30)):
            misstated.append(c)
        found = game.period(500)
        if found:
            e, p = found
            assert all(s[n + p] == s[n] for n in range(e, N - p)), c
            assert e == 0 or s[e - 1 + p] != s[e - 1], c
    assert misstated == ["0.4", "0.04"]


def test_sparse_space_of_016():
    s = gl.TakeAndBreak("0.16").grundy_sequence(20_000, tile=False).tolist()
    odd = lambda v: bin(v & 30).count("1") % 2 == 1
    rare = [n for n in range(1, len(s)) if not odd(s[n])]
    assert 0 < len(rare) < 100


def test_sparse_space_settles_the_odd_candidates_of_016():
    # the lecture's claim: the least odd value missed by the one-heap move and the splits
    # with a rare heap is missed by every option (two common heaps only make even values)
    s = gl.TakeAndBreak("0.16").grundy_sequence(3000, tile=False).tolist()
    odd = lambda v: bin(v & 30).count("1") % 2 == 1
    rare = [n for n in range(1, len(s)) if not odd(s[n])]
    agree = 0
    for n in range(3, 800):
        m = n - 2
        few = {s[m]} | {s[r] ^ s[m - r] for r in rare if r < m}
        v = next(v for v in range(64) if odd(v) and v not in few)
        every = {s[m]} | {s[a] ^ s[m - a] for a in range(1, m)}
        assert v not in every
        agree += s[n] == v
    assert agree > 700


# ---------------------------------------------------------------------------
# periods from heap 0: the window 0 <= n <= p + t, on every code of up to three digits

def test_window_from_zero_is_p_plus_t_on_every_three_digit_code():
    codes = [f"{d0}." + "".join(map(str, ds)) for d0 in (0, 4) for length in (1, 2, 3)
             for ds in itertools.product(range(8), repeat=length) if ds[-1]]
    assert len(codes) == 1022
    N, short_false, window_false, right = 1200, set(), set(), 0
    for c in codes:
        game = gl.TakeAndBreak(c)
        t = len(c) - 2
        assert t == game.t
        s = game.grundy_sequence(N, tile=False).tolist()
        for p in range(1, 120):
            first = next((n for n in range(N - p) if s[n + p] != s[n]), N)
            if p + t <= first < N - p:
                short_false.add(c)
            if p + t + 1 <= first < N - p:
                window_false.add(c)
            right += first >= N - p
    assert sorted(short_false) == ["0.004", "0.04", "0.4"]
    assert not window_false
    assert right == 2164


def test_the_proof_for_e_zero_leaves_two_nonempty_heaps():
    # a move from n + p (n >= p + t + 1) leaving a <= b has b - p >= 1
    for p in range(1, 12):
        for t in range(0, 5):
            for n in range(p + t + 1, p + t + 30):
                for k in range(t + 1):
                    m = n + p - k
                    assert all(m - a - p >= 1 for a in range(1, m // 2 + 1))


def test_004_fails_the_window_at_n_equal_p_plus_t():
    v = gl.TakeAndBreak("0.04").grundy_sequence(12).tolist()
    p, t = 1, 2
    assert all(v[n + p] == v[n] for n in range(p + t))
    assert v[p + t + p] != v[p + t]


def test_least_preperiod_is_the_same_for_every_period():
    seq = gl.Kayles().grundy_sequence(3000, tile=False).tolist()

    def least_preperiod(p):
        e = len(seq) - p
        while e > 0 and seq[e - 1 + p] == seq[e - 1]:
            e -= 1
        return e

    assert {least_preperiod(p) for p in range(12, 241, 12)} == {71}


def test_plain_pair_count_of_0376_is_about_n_per_heap():
    # lecture 11: two splitting digits (k = 2, 3), so about n pairs at heap n;
    # averaged over the first 400,000 heaps about 200,000, not 100,000
    N = 400_000
    plain = sum((n - 2) // 2 + (n - 3) // 2 for n in range(3, N))
    assert 199_000 < plain / N < 201_000
    assert 125 < plain / N / (933.6 + 575) < 140


# ---------------------------------------------------------------------------
# the census of octal games: first cousins, classes, a live census, the shipped table

def test_first_cousins_of_the_lecture():
    from gamelab.census import cousin_steps, first_cousin, standard_form
    assert [first_cousin(c) for c in ("0.4", "0.07", "0.137", "4.0", "0.26", "0.27")] == [
        "0.07", "0.137", None, "0.7", "0.337", "0.337"]
    assert [(standard_form(c), cousin_steps(c)) for c in ("0.4", "0.07")] == [
        ("0.137", 2), ("0.137", 1)]
    ref = gl.TakeAndBreak("0.137").grundy_sequence(2000).tolist()
    for c, s in (("0.4", 2), ("0.07", 1)):
        assert gl.TakeAndBreak(c).grundy_sequence(2000 + s).tolist()[s:] == ref
    v = {c: gl.TakeAndBreak(c).grundy_sequence(60).tolist() for c in ("0.26", "0.27", "0.06")}
    assert v["0.27"] == v["0.26"] != v["0.06"]


def test_codes_and_classes_of_the_lecture():
    from gamelab.census import classes, codes
    assert [(len(codes(d)), len(classes(d))) for d in (1, 2, 3, 4)] == [
        (8, 6), (71, 45), (575, 323), (4607, 2435)]
    dawson = next(c for c in classes(3) if c.standard_form == "0.137")
    assert dawson.code == "0.4" and dawson.members[:2] == ("0.4", "0.07")


def test_the_proof_of_0_45_needs_more_than_a_trivial_game():
    """0.45 (preperiod 498, period 20, moves of at most t = 2 tokens) is 'solved', not
    trivial: the Guy–Smith proof reads 2·498 + 2·20 + 2 = 1,038 values, more than 1,000."""
    t = gl.TakeAndBreak("0.45").rules.t
    assert t == 2
    assert gl.prove_period(gl.TakeAndBreak("0.45").rules, 2000) == (498, 20)
    assert needed_length(498, 20, t) == 2 * 498 + 2 * 20 + t == 1038 > TRIVIAL


def test_the_live_two_digit_census_of_the_lecture(tmp_path):
    from gamelab.census import read, run
    db = tmp_path / "census2.sqlite"
    rows = run(2, limit=2**14, db=db, scheduler="synchronous", progress=False)
    by = {r.code: r for r in rows}
    assert len(rows) == 45
    assert (by["0.45"].status, by["0.45"].preperiod, by["0.45"].period,
            by["0.45"].computed) == ("solved", 498, 20, 1041)
    assert by["0.16"].status == by["0.56"].status == by["0.6"].status == "open"
    again = run(codes=["0.16", "0.56"], limit=2**20, db=db, scheduler="synchronous",
                progress=False)
    assert [(r.code, r.status, r.preperiod, r.period, r.computed) for r in again] == [
        ("0.16", "solved", 105351, 149459, 512796), ("0.56", "solved", 326640, 144, 653570)]
    assert len(read(db)) == 45


def test_the_three_digit_census_of_the_lecture():
    # (its grouping into T. Czajka's classes is tested in tests/census/test_store.py)
    from gamelab.census import summary, table
    rows = table(3)
    assert summary(rows).startswith("323 classes: 216 trivial, 13 solved, 94 open")
    solved = [r.code for r in rows if r.status == "solved"]
    assert solved == ["0.16", "0.45", "0.56", "0.127", "0.156", "0.165", "0.354", "0.356",
                      "0.376", "0.561", "0.562", "0.563", "0.644"]
    # 0.561, 0.562, 0.563: the values of 0.56 (the same period from the same heap, and
    # the same values before it and through one period)
    assert {(r.preperiod, r.period) for r in rows
            if r.code in ("0.56", "0.561", "0.562", "0.563")} == {
        (326640, 144)}
    n = 326640 + 144
    ref = gl.compute_values(gl.TakeAndBreak("0.56").rules, n).tolist()
    assert all(gl.compute_values(gl.TakeAndBreak(c).rules, n).tolist() == ref
               for c in ("0.561", "0.562", "0.563"))
    officers = next(r for r in rows if r.code == "0.6")
    assert officers.status == "open" and officers.rare_count
    assert {r.value_limit for r in rows} == {2**25} and {r.time_limit for r in rows} == {20.0}


def test_the_three_heap_theorem_numbers_for_0_8():
    """Lecture 11: drops 1 to 3, K = 1, B* = 4, window 1 <= n < 16, 19 values read."""
    game = gl.TakeAndBreak("0.8")
    found = game.period()
    proof = saltus_proof(game.rules, game.grundy_sequence(found.read).tolist(), 1, 3, 1)
    assert found.proof == proof
    assert (proof.drops, proof.bits, proof.first_block) == ((1, 3), 1, 4)
    assert proof.read == found.read == 19 and proof.read - proof.period == 16
    assert found.theorem == "three heaps"


def test_what_the_three_heap_theorem_proves_and_what_not():
    """Lecture 11: 42 of the 192 short codes; 0.A8 (4, 2); 0.F8 (7, 6, 4) seen, its first
    block holding 4 and 5; 0.3F saltus 3; 0.FF is G(n) = n; 0.9 and 0.E unproven."""
    rows = {r.code: r for r in gl.census.hex_table()}
    assert len(rows) == 192
    assert sum(r.status == "arithmetic" for r in rows.values()) == 42
    a8 = gl.TakeAndBreak("0.A8").period()
    assert (a8.period, a8.saltus) == (4, 2)
    f8 = gl.TakeAndBreak("0.F8")
    assert f8.period() is None
    assert (rows["0.F8"].preperiod, rows["0.F8"].period, rows["0.F8"].saltus) == (7, 6, 4)
    values = f8.grundy_sequence(13, tile=False).tolist()
    assert sorted(set(values[7:13]) & {4, 5}) == [4, 5] and max(values[7:13]) == 5
    assert (rows["0.3F"].status, rows["0.3F"].period, rows["0.3F"].saltus) == ("seen", 6, 3)
    assert gl.TakeAndBreak("0.FF").grundy_sequence(200, tile=False).tolist() == list(range(200))
    assert gl.TakeAndBreak("0.9").period() is None and gl.TakeAndBreak("0.E").period() is None
    assert gl.TakeAndBreak("0.C").period().saltus == 1
