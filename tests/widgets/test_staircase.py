"""gamelab.widgets.staircase: the Staircase Nim explorer (lecture 07), driven headlessly
through its sliders."""
from __future__ import annotations

import pytest

from gamelab.display import staircase_report
from gamelab.widgets import StaircaseExplorer

from gamelab_testing import row_value


def test_staircase_explorer_follows_the_sliders():
    e = StaircaseExplorer((3, 1, 4, 1, 5))
    sliders = e.controls["position"].sliders
    assert e.kwargs["position"] == (3, 1, 4, 1, 5)
    assert row_value(e.result, "odd steps") == "3 ^ 4 ^ 5 = 2"
    assert row_value(e.result, "winning moves") == "move 2 coins from step 1 to the floor"
    sliders[0].value = 1
    assert e.kwargs["position"] == (1, 1, 4, 1, 5)
    assert row_value(e.result, "odd steps") == "1 ^ 4 ^ 5 = 0"
    assert row_value(e.result, "outcome").startswith("P-position")
    assert e.result == staircase_report((1, 1, 4, 1, 5))
    assert e.result.html in e.output.value
    assert "gamelab-staircase" in e.output.value
    sliders[3].value = 7          # even steps do not change the verdict
    assert row_value(e.result, "outcome").startswith("P-position")


def test_staircase_explorer_sliders_are_described():
    e = StaircaseExplorer((0, 2), max_coins=5)
    sliders = e.controls["position"].sliders
    assert [s.description for s in sliders] == ["coins on step 1", "coins on step 2"]
    assert all(s.max == 5 for s in sliders)
    assert e.widget is not None


@pytest.mark.parametrize("make, exc, word", [
    (lambda: StaircaseExplorer((), max_coins=3), ValueError, "position"),
    (lambda: StaircaseExplorer((1,) * 9), ValueError, "position"),
    (lambda: StaircaseExplorer((4,), max_coins=3), ValueError, "max_coins"),
    (lambda: StaircaseExplorer((1, -1)), ValueError, "position"),
    (lambda: StaircaseExplorer({1, 2}), TypeError, "position"),
    (lambda: StaircaseExplorer((1,), max_coins=True), TypeError, "max_coins"),
])
def test_explorers_bad_input(make, exc, word):
    with pytest.raises(exc, match=word):
        make()
