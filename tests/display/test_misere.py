"""gamelab.display.misere: the normal-against-misère table of Nim against search, and bad
input."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import compare_table

from gamelab_testing import row_cells


@pytest.mark.parametrize("heaps", [(0,), (1, 1), (2, 2), (1, 2, 3), (1, 1, 5), (4, 4, 1, 1)])
def test_compare_table_against_search(heaps):
    nim = gl.Nim()
    outcomes = row_cells(compare_table(heaps), "outcome")
    assert outcomes == [gl.search_outcome(nim, heaps, misere=m) for m in (False, True)]


def test_bad_input():
    with pytest.raises(TypeError, match="heaps"):
        compare_table({1, 2})
