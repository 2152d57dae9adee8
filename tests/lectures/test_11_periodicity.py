"""Every claim of lecture 11 (periodicity) as a test: the Guy–Smith theorem, its e = 0 corner."""
from __future__ import annotations

import itertools

import pytest

import gamelab as gl
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
