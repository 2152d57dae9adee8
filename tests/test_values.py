"""gamelab.values: mex and nim-sum, checked and unchecked."""
from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamelab as gl
from gamelab.values import mex_of_set, xor_values


# ---------------------------------------------------------------------------
# mex and nim_sum

@pytest.mark.parametrize("values, expected", [
    ([], 0), ([0], 1), ([1], 0), ([0, 1, 3], 2), ({2, 0, 0, 1}, 3),
    (iter([5, 0, 1, 2, 3, 4]), 6), (range(100), 100), ((x for x in [1, 2]), 0),
])
def test_mex(values, expected):
    assert gl.mex(values) == expected


@given(st.lists(st.integers(min_value=0, max_value=20)))
def test_mex_definition(values):
    m = gl.mex(values)
    assert m not in values
    assert all(v in values for v in range(m))


@pytest.mark.parametrize("values, expected", [
    ([], 0), ([7], 7), ([3, 4, 5], 2), ([1, 1], 0), ([2**100, 1], 2**100 + 1),
])
def test_nim_sum(values, expected):
    assert gl.nim_sum(values) == expected


@given(st.lists(st.integers(min_value=0, max_value=2**70)))
def test_nim_sum_is_xor(values):
    assert gl.nim_sum(values) == functools.reduce(lambda a, b: a ^ b, values, 0)


@given(st.lists(st.integers(min_value=0, max_value=2**70)))
def test_unchecked_twins_agree_with_the_checked_ones(values):
    assert xor_values(values) == gl.nim_sum(values)
    assert mex_of_set(set(values)) == gl.mex(values)
    assert xor_values(iter(values)) == xor_values(values)
