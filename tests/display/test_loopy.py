"""gamelab.display.loopy: the digraph view and the token-sum table, and their bad input.

Outcomes are checked against a plain retrograde analysis (gamelab_testing)."""
from __future__ import annotations

import re

import pytest

from gamelab.display import digraph_view, token_sum_table

from gamelab_testing import loopy_rows


def test_digraph_explorer_highlights_exactly_the_p_positions():
    t = digraph_view(10, 25, 4, picture=False)
    cells = re.findall(r"<tr>(.*?)</tr>", t.html)[1:]
    for row, (_node, _opts, _gamma, outcome) in zip(cells, loopy_rows(t)):
        assert ("font-weight:bold" in row) == (outcome == "P")


@pytest.mark.parametrize("call, error, word", [
    (lambda: token_sum_table([]), ValueError, "tokens"),
    (lambda: digraph_view(0, 10, 0), ValueError, "n"),
])
def test_bad_input(call, error, word):
    with pytest.raises(error) as info:
        call()
    assert word in str(info.value)
