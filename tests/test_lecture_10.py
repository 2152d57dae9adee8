"""Every claim of lecture 10 (take-and-break games) as a test."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.games.takebreak import CuttingGame, Treblecross


def lasker_claim(n):
    if n == 0:
        return 0
    return {1: n, 2: n, 3: n + 1, 0: n - 1}[n % 4]


def test_lasker_pattern_against_search():
    plain = gl.LaskersNim().without_shortcuts()
    assert [plain.grundy(n) for n in range(200)] == [lasker_claim(n) for n in range(200)]


def test_lasker_small_position_and_wrong_guess():
    g = gl.LaskersNim().without_shortcuts()
    assert g.moves(3) == [(2,), (1,), (), (1, 2)]
    assert g.grundy(3) == 4
    wrong = lambda n: n if n < 3 else (n + 1 if n % 2 else n - 1)
    assert next(n for n in range(1, 100) if wrong(n) != g.grundy(n)) == 5


def test_lasker_three_heaps_from_the_seed():
    g = gl.LaskersNim()
    assert [g.grundy(n) for n in (2, 5, 7)] == [2, 5, 8]
    assert gl.winning_moves(gl.Sum(g, g, g), (2, 5, 7)) == [(2, 5, (1, 6)), (2, 5, (2, 5)), (2, 5, (3, 4))]


def test_lasker_residue_table_of_the_proof():
    # the last two bits of f(a) ^ f(b) for a + b = n, as the proof's table says
    never = {1: 1, 2: 2, 3: 0, 0: 3}     # n mod 4 -> residue no split reaches
    for n in range(2, 400):
        for a in range(1, n // 2 + 1):
            assert (lasker_claim(a) ^ lasker_claim(n - a)) % 4 != never[n % 4]


def test_kayles_first_player_wins_by_symmetry():
    k = gl.Kayles()
    for n in range(1, 3000):
        half = (n - 1) // 2 if n % 2 else (n - 2) // 2
        middle = (half, half) if half else ()
        assert gl.outcome(k, n) == "N"
        assert k.value_of(middle) == 0 and middle in k.moves(n)


def test_dawsons_kayles_p_positions():
    assert [n for n in range(100) if gl.outcome(gl.DawsonsKayles(), n) == "P"] == [
        0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63, 73, 77, 89, 93, 97]


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


def test_treblecross_losing_strips():
    # Winning Ways: the first player loses 1 x n Treblecross exactly for these n below 60
    assert [n for n in range(3, 60) if gl.outcome(Treblecross(), n) == "P"] == [6, 12, 22, 30, 32, 44, 54]


def test_cutting_game_small_values():
    c = CuttingGame()
    assert [c.grundy((2, h)) for h in range(2, 13)] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    assert [c.grundy((w, 4)) for w in range(2, 13)] == [1] * 11


def test_cutting_game_thin_rectangles_are_dawsons_kayles():
    # a cut of a 2 x h (or 3 x h) rectangle can only be across it: G(2, h) = G_0.07(h - 2)
    c = CuttingGame()
    d = gl.DawsonsKayles()
    for h in range(2, 201):
        assert c.grundy((2, h)) == c.grundy((3, h)) == c.grundy((h, 2)) == d.grundy(h - 2)
