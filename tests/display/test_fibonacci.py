"""gamelab.display.fibonacci: the summary of a Fibonacci Nim heap and the outcome table
against search, and bad heaps."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import fibonacci_outcome_table, fibonacci_summary  # noqa: E402


def test_fibonacci_summary_of_a_huge_heap():
    text = fibonacci_summary(10**30 + 1).text
    assert "N: the first player wins" in text and str(10**30 + 1) in text


def test_fibonacci_summary_matches_search():
    game = gl.FibonacciNim()
    for n in range(1, 60):
        text = fibonacci_summary(n).text
        result = gl.search_outcome(game, game.start(n))
        assert f"outcome             | {result}" in text
        moves = gl.search_winning_moves(game, game.start(n))
        listed = text.splitlines()[-1].split("| ")[1]
        assert listed == (", ".join(f"take {n - h}" for h, _ in moves) or "none")


def test_fibonacci_outcome_table_is_search():
    t = fibonacci_outcome_table(8, 10)
    game = gl.FibonacciNim()
    lines = t.text.splitlines()[1:]
    for h, line in enumerate(lines, 1):
        cells = line.split("| ")[1].split()
        assert cells == [gl.search_outcome(game, (h, lim)) for lim in range(1, 11)]
    assert 'class="gamelab-table"' in t.html


@pytest.mark.parametrize("bad, exc", [(0, ValueError), (2.5, TypeError), (None, TypeError),
                                      (True, TypeError)])
def test_fibonacci_summary_bad_heaps(bad, exc):
    with pytest.raises(exc, match=r"\bn\b"):
        fibonacci_summary(bad)


@pytest.mark.parametrize("bad, exc", [(0, ValueError), (301, ValueError), (2.5, TypeError),
                                      (None, TypeError), (True, TypeError)])
def test_fibonacci_outcome_table_bad_heaps(bad, exc):
    with pytest.raises(exc, match="max_heap"):
        fibonacci_outcome_table(bad)
