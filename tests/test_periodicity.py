"""The Guy–Smith periodicity check."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab import periodicity
from gamelab._internal import dtype_for
from gamelab.periodicity import guy_smith_period, guy_smith_window, needed_length


def test_window_and_needed_length():
    assert guy_smith_window(71, 12, 2) == range(71, 156)
    assert guy_smith_window(53, 34, 2) == range(53, 142)
    assert guy_smith_window(0, 5, 3) == range(0, 10)     # max(e, 1): see the module notes
    assert needed_length(71, 12, 2) == 168
    assert needed_length(53, 34, 2) == 176


def test_known_periods_from_prefixes():
    kayles = gl.Kayles().grundy_sequence(400)
    dawson = gl.DawsonsKayles().grundy_sequence(400)
    assert guy_smith_period(kayles, 2) == (71, 12)
    assert guy_smith_period(kayles.tolist(), 2) == (71, 12)
    assert guy_smith_period(kayles[:167], 2) is None
    assert guy_smith_period(kayles[:168], 2) == (71, 12)
    assert guy_smith_period(dawson[:175], 2) is None
    assert guy_smith_period(dawson[:176], 2) == (53, 34)


def test_purely_periodic_and_short_sequences():
    assert guy_smith_period([0, 1] * 10, 1) == (0, 2)
    assert guy_smith_period([0] * 10, 0) == (0, 1)
    assert guy_smith_period([], 1) is None
    assert guy_smith_period([0, 1, 2], 1) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=0, max_size=12),
       st.lists(st.integers(0, 3), min_size=1, max_size=6),
       st.integers(0, 4), st.integers(0, 80))
def test_result_is_a_real_least_period_of_the_data(pre, block, t, extra):
    seq = pre + block * (2 + (2 * len(pre) + t + extra) // len(block) + 2)
    found = guy_smith_period(seq, t)
    if found is None:
        return
    e, p = found
    arr = np.array(seq)
    L = len(arr)
    # the data really is periodic from e, not from e - 1, and the window fits
    assert np.array_equal(arr[e + p:], arr[e:L - p])
    if e:
        assert arr[e - 1 + p] != arr[e - 1]
    assert L >= needed_length(e, p, t)
    for d in range(1, p):
        if np.array_equal(arr[e + d:], arr[e:L - d]) and L >= needed_length(e, d, t):
            pytest.fail(f"period {d} < {p} also proven")


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3).flatmap(lambda t: st.tuples(
    st.just(t), st.lists(st.integers(0, 7), min_size=t, max_size=t).filter(lambda ds: ds[-1]))))
def test_proven_periods_hold_far_beyond_the_window(args):
    t, digits = args
    code = "0." + "".join(map(str, digits))
    g = gl.TakeAndBreak(code)
    found = g.period(3000)
    if found is None:
        return
    e, p = found
    seq = gl.TakeAndBreak(code).grundy_sequence(6000)   # computed, not tiled
    assert np.array_equal(seq[e + p:], seq[e:len(seq) - p])


@pytest.mark.parametrize("values, t, exc, word", [
    ("0101", 1, TypeError, "values"),
    (None, 1, TypeError, "values"),
    ({0, 1}, 1, TypeError, "values"),
    ([0, -1, 0], 1, ValueError, "values"),
    ([0, 1.5], 1, TypeError, "values"),
    ([0, 1], -1, ValueError, "t"),
    ([0, 1], None, TypeError, "t"),
    ([0, 1], True, TypeError, "t"),
    (np.zeros((2, 2), dtype=int), 1, TypeError, "values"),
    (np.zeros(4), 1, TypeError, "values"),
])
def test_bad_input(values, t, exc, word):
    with pytest.raises(exc, match=word):
        guy_smith_period(values, t)


@pytest.mark.parametrize("args, exc, word", [
    ((-1, 2, 1), ValueError, "preperiod"), ((0, 0, 1), ValueError, "period"),
    ((0, 2, -1), ValueError, "t"), ((1.0, 2, 1), TypeError, "preperiod"),
    ((0, None, 1), TypeError, "period"),
])
def test_window_bad_input(args, exc, word):
    with pytest.raises(exc, match=word):
        guy_smith_window(*args)
    with pytest.raises(exc, match=word):
        needed_length(*args)


@pytest.mark.parametrize("code, expected", [
    ("0.156", (3479, 349)), ("0.644", (3256, 442)), ("0.165", (5181, 1550)),
    ("0.356", (7315, 142)), ("0.127", (46578, 4)),
])
def test_harder_octal_games(code, expected):
    # Flammenkamp's table of octal games: periods found by long computations
    g = gl.TakeAndBreak(code)
    assert g.period(200_000) == expected
    e, p = expected
    assert g.period(needed_length(e, p, g.t) - 1) is None


def test_one_dtype_rule_for_every_sequence():
    assert "dtype_for" not in periodicity.__all__
    assert [dtype_for(t) for t in (0, 255, 256, 2**16)] == [np.uint8, np.uint8, np.uint16, np.int64]
    assert periodicity.PeriodicSequence([0, 300], 0, 2, proven=True).values.dtype == np.uint16
    assert gl.Subtraction({1, 2}).grundy_sequence(5).dtype == np.uint8


@pytest.mark.parametrize("head, e, p, s", [
    ([0, 1, 1], 1, 2, 1),                  # ⌊(n + 1)/2⌋
    ([5, 0, 2, 1], 1, 3, 4),               # a preperiod, then blocks that climb by 4
    ([0, 250, 3], 0, 3, 251),              # past uint8 after one period, past uint16 later
])
def test_a_saltus_climbs_the_same_in_lookups_and_tiles(head, e, p, s):
    seq = periodicity.PeriodicSequence(head, e, p, proven=True, saltus=s)
    expected = list(head[:e + p])
    while len(expected) < 400:                  # the definition, value by value
        expected.append(expected[-p] + s)
    tiled = seq.tile(400)
    assert tiled.tolist() == expected == [seq[n] for n in range(400)]
    assert tiled.dtype == dtype_for(max(expected))
    assert seq[10**30] == seq[e + (10**30 - e) % p] + (10**30 - e) // p * s
    assert "saltus" in repr(seq) and "saltus" not in repr(
        periodicity.PeriodicSequence(head, e, p, proven=True))
