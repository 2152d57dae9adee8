"""gamelab.widgets.sums: the sums explorer, driven headlessly."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import sum_table, sum_view
from gamelab.widgets import SumExplorer
from gamelab.widgets.sums import NO_GAME


BASH3 = ["Bash m=3 (take 1-3)", "Bash m=5 (take 1-5)", "Bash m=7 (take 1-7)"]


def total(ex):
    """The value of the sum the explorer shows (the last line of its table)."""
    return int(ex.result.text.splitlines()[len(sum_table(*chosen(ex)).text.splitlines()) - 1]
               .split()[-1])


def chosen(ex):
    names = [ex.kwargs[f"game{i}"] for i in range(1, 5)]
    heaps = [ex.kwargs[f"heap{i}"] for i in range(1, 5)]
    return [n for n in names if n != NO_GAME], [h for n, h in zip(names, heaps) if n != NO_GAME]


def test_default_is_the_bash_sum():
    ex = SumExplorer()
    assert chosen(ex) == (BASH3, [9, 10, 14])
    assert ex.result == sum_view(BASH3, [9, 10, 14])
    assert total(ex) == 3
    assert "heap 9 → 6" in ex.output.value and "heap 14 → 13" in ex.output.value


def test_menus_and_sliders_recompute():
    ex = SumExplorer()
    ex.controls["heap3"].value = 13
    assert total(ex) == 0 and "P-position" in ex.output.value
    ex.controls["game4"].value = "take 1, 3 or 4"
    ex.controls["heap4"].value = 5
    assert chosen(ex) == (BASH3 + ["take 1, 3 or 4"], [9, 10, 13, 5])
    assert total(ex) == gl.Subtraction({1, 3, 4}).grundy(5) == 3
    for i in range(1, 5):
        ex.controls[f"game{i}"].value = NO_GAME
    assert "at least one" in ex.output.value


@pytest.mark.parametrize("kwargs,error,word", [
    (dict(names=BASH3, heaps=[9, 10, 99]), ValueError, "max_heap"),
    (dict(names=BASH3 + BASH3, heaps=[1] * 6), ValueError, "at most"),
    (dict(slots=0), ValueError, "slots"),
    (dict(names=["x"], heaps=[1]), ValueError, "names"),
])
def test_explorer_bad_input(kwargs, error, word):
    with pytest.raises(error, match=word):
        SumExplorer(**kwargs)
