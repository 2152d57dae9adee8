"""gamelab.display.bash: P/N tables and the game graph of a subtraction rule (lecture 00),
Bash tables, advice and plots (lecture 01), and their bad input."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import (  # noqa: E402
    Table, bash_advice, bash_plot, bash_plot_html, bash_table, pn_graph_html, pn_table,
    subtraction_rule,
)
from gamelab.display.bash import GRAPH_MAX_HEAP  # noqa: E402

from gamelab_testing import last_row  # noqa: E402


def test_pn_table_take_123():
    t = pn_table({1, 2, 3}, 21)
    assert isinstance(t, Table)
    labels = "".join(last_row(pn_table({1, 2, 3}, 21, per_row=22)))
    assert labels == "".join("P" if n % 4 == 0 else "N" for n in range(22))
    assert 'class="gamelab-table"' in t.html and "font-weight:bold" in t.html


def test_pn_table_agrees_with_search_for_every_toggle_setting():
    for mask in range(64):
        moves = [s for s in range(1, 7) if mask >> (s - 1) & 1]
        t = pn_table(moves, 30, per_row=31)
        game = gl.Subtraction(moves) if moves else (lambda n: [])
        assert last_row(t) == [gl.search_outcome(game, n) for n in range(31)], moves


def test_subtraction_rule_allows_no_moves():
    rule = subtraction_rule([])
    assert rule(5) == []
    assert last_row(pn_table([], 5)) == ["P"] * 6


def test_pn_graph_html():
    assert pn_graph_html({1, 2}, 5).startswith('<img class="gamelab-plot"')
    assert "<img" not in pn_graph_html({1, 2}, GRAPH_MAX_HEAP + 1)
    assert pn_graph_html([], 3).startswith("<img")


def test_bash_table_by_search():
    t = bash_table(4, 30, per_row=31)
    assert [int(v) for v in last_row(t)] == [n % 5 for n in range(31)]
    assert "take 1..4" in t.text


def test_bash_advice_matches_search():
    for m in range(1, 7):
        for n in range(40):
            moves = gl.search_winning_moves(gl.Bash(m), n)
            advice = bash_advice(m, n)
            if moves:
                assert f"take {n - moves[0]}," in advice
            else:
                assert "P-position" in advice
            # a player restores a multiple only where there is something to take
            assert ("restores" in advice) == (n > 0 and not moves)
            assert ("no move and loses" in advice) == (n == 0)


def test_bash_plot_html():
    svg = bash_plot_html(2, 10)
    assert svg.startswith('<svg class="gamelab-svg"')
    assert svg.count("<rect") - 2 == 4        # P-positions 0, 3, 6, 9 (+ legend, frame)


def test_bash_plot_points_and_colours():
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba

    from gamelab.display import N_COLOUR, P_COLOUR

    ax = bash_plot(3, 20)
    n_points, p_points = ax.collections
    assert [int(x) for x, _ in p_points.get_offsets()] == [0, 4, 8, 12, 16, 20]
    assert len(n_points.get_offsets()) == 15
    assert tuple(p_points.get_facecolors()[0]) == to_rgba(P_COLOUR)
    assert tuple(n_points.get_facecolors()[0]) == to_rgba(N_COLOUR)
    _fig, given = plt.subplots()
    assert bash_plot(2, 5, ax=given) is given
    plt.close("all")


@pytest.mark.parametrize("bad", ["axes", 3, []])
def test_bash_plot_bad_ax(bad):
    with pytest.raises(TypeError, match="ax"):
        bash_plot(2, 5, ax=bad)


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("args, exc, name", [
    (({1, 2}, -1), ValueError, "size"), (({1, 2}, 2.5), TypeError, "size"),
    (({1, 2}, True), TypeError, "size"), (({1, 2}, None), TypeError, "size"),
    (({0, 2}, 3), ValueError, "moves"), (({-1, 2}, 3), ValueError, "moves"),
    ((3, 3), TypeError, "moves"), (("12", 3), TypeError, "moves"), ((None, 3), TypeError, "moves"),
    (([1.5], 3), TypeError, "moves"), (([True], 3), TypeError, "moves"),
    (({1: 2}, 3), TypeError, "moves"),
])
@pytest.mark.parametrize("function", [pn_table, pn_graph_html])
def test_pn_functions_bad_input(function, args, exc, name):
    with pytest.raises(exc, match=name):
        function(*args)


@pytest.mark.parametrize("bad, exc", [(0, ValueError), ("x", TypeError), (None, TypeError)])
def test_pn_table_bad_per_row(bad, exc):
    with pytest.raises(exc, match="per_row"):
        pn_table({1}, 3, per_row=bad)


@pytest.mark.parametrize("bad, exc", [
    (None, TypeError), (5, TypeError), ([0], ValueError), ([[1]], TypeError), ("1", TypeError)])
def test_subtraction_rule_bad_input(bad, exc):
    with pytest.raises(exc, match="moves"):
        subtraction_rule(bad)


@pytest.mark.parametrize("args, exc, name", [
    ((0, 5), ValueError, "m"), ((-2, 5), ValueError, "m"), ((True, 5), TypeError, "m"),
    ((2.0, 5), TypeError, "m"), ((None, 5), TypeError, "m"), (([2], 5), TypeError, "m"),
    ((2, -1), ValueError, "n"), ((2, False), TypeError, "n"), ((2, "5"), TypeError, "n"),
])
@pytest.mark.parametrize("function", [bash_table, bash_plot, bash_plot_html, bash_advice])
def test_bash_functions_bad_input(function, args, exc, name):
    with pytest.raises(exc, match=name):
        function(*args)
