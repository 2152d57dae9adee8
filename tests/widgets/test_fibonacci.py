"""gamelab.widgets.fibonacci: the Fibonacci Nim explorer and play widget, driven headlessly
through its slider."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from gamelab.display import Table, fibonacci_summary  # noqa: E402
from gamelab.widgets import FibonacciExplorer, fibonacci_play  # noqa: E402


def test_fibonacci_explorer_recomputes_on_slider_move():
    e = FibonacciExplorer(20)
    assert isinstance(e.result, Table)
    assert "13 + 5 + 2" in e.output.value
    e.controls["n"].value = 21
    assert e.result == fibonacci_summary(21) and e.result.html in e.output.value
    assert "Fibonacci number" in e.output.value and "font-weight:bold" in e.output.value
    e.controls["n"].value = 100
    assert "take 3, take 11" in e.output.value


def test_fibonacci_play_widget():
    w = fibonacci_play(8)
    assert w.position == (8, 7)
    w.play((5, 6))  # take 3: gamelab must now win by taking the remaining five
    assert w.position == (0, 10) and w.winner == "gamelab"
    w = fibonacci_play(10, computer_first=True)
    assert w.history[0][1] == (8, 4)  # gamelab takes z(10) = 2


@pytest.mark.parametrize("bad, exc", [(0, ValueError), (301, ValueError), (2.5, TypeError),
                                      (None, TypeError), (True, TypeError)])
def test_fibonacci_bad_heaps(bad, exc):
    for call in (FibonacciExplorer, fibonacci_play):
        with pytest.raises(exc, match=r"\bn\b"):
            call(bad)
