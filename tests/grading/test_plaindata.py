"""gamelab.grading.plaindata: what crosses the sandbox's wall is data, read back strictly."""
from __future__ import annotations

import decimal
import json
import math
from fractions import Fraction

import pytest

from gamelab.grading.plaindata import MAX_DEPTH, NotData, decode, encode, loads

VALUES = [None, True, 0, -7, 10**40, 2.5, "x\ny", [], (), [1, (2, 3)], {1, 2}, frozenset({"a"}),
          {(1, 2): [3], "k": {4}}, Fraction(3, 4), decimal.Decimal("1.25"), complex(1, -2),
          b"\x00\xff", {"s": [1]}, ((),)]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_plain_values_come_back_equal_and_of_the_same_type(value):
    back = decode(json.loads(json.dumps(encode(value))))
    assert back == value and type(back) is type(value)
    if isinstance(value, dict):
        assert [type(k) for k in back] == [type(k) for k in value]


def test_floats_json_cannot_write_come_back():
    back = decode(json.loads(json.dumps(encode([math.inf, -math.inf, math.nan]))))
    assert back[:2] == [math.inf, -math.inf] and math.isnan(back[2])


@pytest.mark.parametrize("value", [object(), print, type, [1, object()], {1: range(3)}])
def test_only_plain_values_are_written(value):
    with pytest.raises(TypeError, match="value must be plain data"):
        encode(value)


@pytest.mark.parametrize("data", [{"zz": 1}, {"t": 1, "s": []}, {"s": [[1]]}, {"d": [[1]]},
                                  {"q": [1, 0]}, {"q": ["1", 2]}, {"m": "abc"}, {"b": "xyz"},
                                  {"x": "1e9"}, {"c": ["a", 1]}, {"d": [[[1], 2]]}, {}])
def test_anything_else_is_not_data(data):
    with pytest.raises(NotData):
        decode(data)


def test_too_deep_or_too_long_is_not_data():
    deep = 0
    for _ in range(MAX_DEPTH + 5):
        deep = [deep]
    with pytest.raises(NotData, match="nested too deeply"):
        decode(deep)
    with pytest.raises(NotData):
        loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(NotData):
        loads("{not json")
    assert loads('{"a": [1]}') == {"a": [1]}
