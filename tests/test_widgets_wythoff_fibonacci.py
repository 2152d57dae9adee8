"""The Wythoff and Fibonacci Nim explorers, driven headlessly through their sliders."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import (  # noqa: E402
    Table, fibonacci_outcome_table, fibonacci_summary, p_position_table, plot_wythoff_grundy,
    plot_wythoff_outcomes, wythoff_view,
)
from gamelab.widgets import (  # noqa: E402
    FibonacciExplorer, WythoffExplorer, fibonacci_play, wythoff_play,
)


# -- Wythoff -----------------------------------------------------------------------------

def test_wythoff_explorer_recomputes_on_slider_move():
    e = WythoffExplorer(10)
    first = e.output.value
    assert '<table class="gamelab-table"' in first and e.result == wythoff_view(10)
    assert first.count('<svg class="gamelab-svg"') == 2
    size = e.controls["n"]
    assert size.continuous_update is False and "heaps" in size.description
    size.value = 14
    assert e.output.value != first
    assert e.result == wythoff_view(14) and e.result.html in e.output.value
    assert e.widget.children == (size, e.output)


def test_wythoff_p_position_table_matches_search():
    for n in (4, 10, 33):
        game = gl.Wythoff()
        found = sorted((a, b) for a in range(n) for b in range(a, n)
                       if gl.search_outcome(game, (a, b)) == "P")
        text = str(p_position_table(n)).splitlines()
        a_row = [int(x) for x in text[2].split("|")[1].split()]
        b_row = [int(x) for x in text[3].split("|")[1].split()]
        assert list(zip(a_row, b_row)) == found


def test_wythoff_pictures_show_search_results():
    ax = plot_wythoff_outcomes(12)
    image = ax.get_images()[0].get_array()
    # image[b][a] is 1 exactly at P-positions
    ps = sorted((a, b) for b in range(12) for a in range(12) if image[b][a] == 1)
    assert ps == gl.Wythoff().p_positions(12)
    assert [line.get_label() for line in ax.get_lines()] == ["b = φ·a", "b = a/φ"]
    plt.close(ax.figure)
    ax = plot_wythoff_grundy(9)
    values = ax.get_images()[0].get_array()
    table = gl.Wythoff().grundy_table(9)
    assert all(values[b][a] == table[a][b] for a in range(9) for b in range(9))
    plt.close(ax.figure)


@pytest.mark.parametrize("bad, exc", [(3, ValueError), (81, ValueError), (2.5, TypeError),
                                      (None, TypeError), (True, TypeError)])
def test_wythoff_bad_sizes(bad, exc):
    for call in (WythoffExplorer, wythoff_view, plot_wythoff_outcomes, plot_wythoff_grundy):
        with pytest.raises(exc, match=r"\bn\b"):
            call(bad)


def test_wythoff_play_widget_wins_from_n_positions():
    w = wythoff_play((4, 4), computer_first=True)
    assert w.history == [((4, 4), (0, 0), "gamelab")] and w.winner == "gamelab"
    w = wythoff_play((3, 5))
    w.play((3, 4))  # we leave an N-position: gamelab answers with a winning move
    assert gl.outcome(gl.Wythoff(), w.position) == "P"
    assert w.history[-1][2] == "gamelab"
    assert "take" in w.status.value
    with pytest.raises(TypeError, match="position"):
        wythoff_play([3, 5])


# -- Fibonacci Nim ------------------------------------------------------------------------------

def test_fibonacci_explorer_recomputes_on_slider_move():
    e = FibonacciExplorer(20)
    assert isinstance(e.result, Table)
    assert "13 + 5 + 2" in e.output.value
    e.controls["n"].value = 21
    assert e.result == fibonacci_summary(21) and e.result.html in e.output.value
    assert "Fibonacci number" in e.output.value and "font-weight:bold" in e.output.value
    e.controls["n"].value = 100
    assert "take 3, take 11" in e.output.value


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
    calls = (FibonacciExplorer, fibonacci_play) if bad == 301 else (
        FibonacciExplorer, fibonacci_summary, fibonacci_play)
    for call in calls:
        with pytest.raises(exc, match=r"\bn\b"):
            call(bad)
    with pytest.raises(exc, match="max_heap"):
        fibonacci_outcome_table(bad)
