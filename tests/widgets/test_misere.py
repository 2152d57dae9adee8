"""gamelab.widgets.misere: the misère Nim explorer (lecture 08), driven headlessly through
its sliders."""
from __future__ import annotations

import pytest

from gamelab.display import compare_table
from gamelab.widgets import MisereNimExplorer

from gamelab_testing import row_cells


def test_misere_explorer_follows_the_sliders():
    e = MisereNimExplorer((1, 1, 2))
    sliders = e.controls["heaps"].sliders
    assert row_cells(e.result, "outcome") == ["N", "N"]              # normal, misère
    assert row_cells(e.result, "winning moves") == ["take 2 from heap 3", "take 1 from heap 3"]
    assert e.result.text.splitlines()[-1].startswith("the strategies part")
    sliders[2].value = 1
    assert e.kwargs["heaps"] == (1, 1, 1)
    assert row_cells(e.result, "outcome") == ["N", "P"]
    assert row_cells(e.result, "winning moves")[1] == "none"
    sliders[0].value = 3
    sliders[1].value = 5
    sliders[2].value = 7
    assert e.result.text.splitlines()[-1].startswith("the strategies agree")
    assert e.result == compare_table((3, 5, 7)) and e.result.html in e.output.value


@pytest.mark.parametrize("make, exc, word", [
    (lambda: MisereNimExplorer(()), ValueError, "heaps"),
    (lambda: MisereNimExplorer((9,), max_heap=7), ValueError, "max_heap"),
    (lambda: MisereNimExplorer((1, 2.5)), TypeError, "heaps"),
    (lambda: MisereNimExplorer(None), TypeError, "heaps"),
    (lambda: MisereNimExplorer((1,), max_heap=0), ValueError, "max_heap"),
])
def test_explorers_bad_input(make, exc, word):
    with pytest.raises(exc, match=word):
        make()
