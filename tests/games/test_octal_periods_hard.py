"""gamelab.games.octal: octal games whose periods need long computations, and the fast
sequences behind them checked value by value against plain computations.

The periods are those of Flammenkamp's table of octal games; 0.16 is the game
that Gangolli and Plambeck (1989) solved with preperiod 105351 and period
149459.  Each proof is the Guy-Smith theorem applied to exact values, so the
values themselves are checked here against a straightforward O(n^2) loop
(and, on a short prefix, against the plain search of a bare HeapGame).
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.periodicity import needed_length
from gamelab_testing import digits_of, plain_values


HARD = [("0.156", (3479, 349)), ("0.644", (3256, 442)), ("0.165", (5181, 1550)),
        ("0.356", (7315, 142)), ("0.127", (46578, 4))]


@pytest.mark.parametrize("code, expected", HARD, ids=[c for c, _ in HARD])
def test_hard_octal_periods_are_proven(code, expected):
    g = gl.TakeAndBreak(code)
    e, p = expected
    need = needed_length(e, p, g.t)
    assert g.period(200_000) == expected
    assert g.period(need) == expected
    assert g.period(need - 1) is None
    seq = g.grundy_sequence(need, tile=False)
    # the period really holds on the computed values, and from e on, not e - 1
    assert np.array_equal(seq[e + p:], seq[e:need - p])
    assert seq[e - 1 + p] != seq[e - 1]
    # far beyond: tiled values agree with the period
    assert g.grundy(e + 10**15 * p + 3) == seq[e + 3]


@pytest.mark.parametrize("code", [c for c, _ in HARD] + ["0.16", "0.56", "0.77", "0.07", "0.6",
                                  "0.137", "0.007", "4.7", "4.37", "0.51", "0.7", "0.4"])
def test_sequences_agree_with_a_plain_loop(code):
    n = 3000                     # past the point where the sparse-space method takes over
    fast = gl.TakeAndBreak(code).grundy_sequence(n, tile=False)
    assert fast.tolist() == plain_values(digits_of(code), n).tolist()


@st.composite
def octal_codes(draw):
    d0 = draw(st.sampled_from(["0", "4"]))
    rest = draw(st.lists(st.integers(0, 7), min_size=1, max_size=4))
    return d0 + "." + "".join(map(str, rest))


@settings(max_examples=20, deadline=None)
@given(octal_codes())
def test_long_sequences_of_any_code_agree_with_a_plain_loop(code):
    n = 2100                     # the faster method is chosen after 1024 heaps
    g = gl.TakeAndBreak(code)
    assert g.grundy_sequence(n, tile=False).tolist() == plain_values(digits_of(code), n).tolist()


@pytest.mark.parametrize("code", ["0.16", "0.56", "0.127", "0.644"])
def test_sequences_agree_with_plain_heap_search(code):
    game = gl.TakeAndBreak(code)
    ref = game.without_shortcuts()
    assert game.grundy_sequence(150, tile=False).tolist() == [ref.grundy(n) for n in range(150)]


def test_grundys_game_agrees_with_a_plain_loop_and_oeis(sequence):
    n = 4000
    seq = gl.GrundysGame().grundy_sequence(n)
    assert seq.tolist() == plain_values((0,), n, unequal_split=True).tolist()
    _, values = sequence("grundys_game_A002188.txt")
    assert seq[:len(values)].tolist() == values
    assert gl.GrundysGame().period(n) is None


def test_pieces_of_a_long_sequence_agree():
    # values computed in several calls equal those computed in one
    whole = gl.TakeAndBreak("0.16").grundy_sequence(6000, tile=False)
    g = gl.TakeAndBreak("0.16")
    parts = [g.grundy_sequence(n, tile=False) for n in (700, 1100, 2500, 6000)]
    assert parts[-1].tolist() == whole.tolist()
    assert all(p.tolist() == whole[:len(p)].tolist() for p in parts)


@pytest.mark.slow
def test_gangolli_plambeck_0_16():
    # preperiod 105351, period 149459: about half a million values
    g = gl.TakeAndBreak("0.16")
    e, p = 105351, 149459
    need = needed_length(e, p, g.t)
    assert g.period(need - 1) is None
    assert g.period(need) == (e, p)
    assert g.grundy(10**20) == g.grundy(e + (10**20 - e) % p)


@pytest.mark.slow
def test_gangolli_plambeck_0_56():
    # preperiod 326640, period 144: about 650,000 values
    g = gl.TakeAndBreak("0.56")
    e, p = 326640, 144
    need = needed_length(e, p, g.t)
    assert g.period(need) == (e, p)
    seq = g.grundy_sequence(need)
    assert seq[e - 1 + p] != seq[e - 1]
    assert np.array_equal(seq[e + p:], seq[e:need - p])
