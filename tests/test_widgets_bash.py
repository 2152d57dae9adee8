"""The explorers of lectures 00–01, driven headlessly by setting slider values."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import (  # noqa: E402
    Table, bash_advice, bash_plot, bash_plot_html, bash_table, bash_view, pn_graph_html, pn_table,
    pn_view, subtraction_rule,
)
from gamelab.display.bash import GRAPH_MAX_HEAP  # noqa: E402
from gamelab.widgets import BashExplorer, PNExplorer  # noqa: E402


def pn_row(table):
    return table.text.splitlines()[-1].split("|")[1].split()


# -- lecture 00 -------------------------------------------------------------------------

def test_pn_table_take_123():
    t = pn_table({1, 2, 3}, 21)
    assert isinstance(t, Table)
    labels = "".join(pn_row(pn_table({1, 2, 3}, 21, per_row=22)))
    assert labels == "".join("P" if n % 4 == 0 else "N" for n in range(22))
    assert 'class="gamelab-table"' in t.html and "font-weight:bold" in t.html


def test_pn_table_agrees_with_search_for_every_toggle_setting():
    for mask in range(64):
        moves = [s for s in range(1, 7) if mask >> (s - 1) & 1]
        t = pn_table(moves, 30, per_row=31)
        game = gl.Subtraction(moves) if moves else (lambda n: [])
        assert pn_row(t) == [gl.search_outcome(game, n) for n in range(31)], moves


def test_subtraction_rule_allows_no_moves():
    rule = subtraction_rule([])
    assert rule(5) == []
    assert pn_row(pn_table([], 5)) == ["P"] * 6


def test_pn_explorer_toggles_and_slider():
    e = PNExplorer(moves=(1, 2), size=8, graph=False)
    assert e.kwargs == {"moves": (1, 2), "size": 8, "graph": False}
    assert pn_row(e.result) == list("PNNPNNPNN")
    e.controls["moves"].toggles[2].value = True
    assert e.kwargs["moves"] == (1, 2, 3)
    assert pn_row(e.result) == list("PNNNPNNNP")
    assert pn_table((1, 2, 3), 8).html in e.output.value
    e.controls["size"].value = 12
    assert len(pn_row(e.result)) == 13
    assert e.result == pn_view((1, 2, 3), 12, graph=False)
    assert pn_table((1, 2, 3), 12).html in e.output.value
    assert "<img" not in e.output.value
    for t in e.controls["moves"].toggles:
        t.value = False
    assert "No move is allowed" in e.output.value
    assert set(pn_row(e.result)) == {"P"}


def test_pn_explorer_graph():
    e = PNExplorer(moves=(1, 3), size=6, graph=True)
    assert '<img class="gamelab-plot"' in e.output.value
    e.controls["size"].value = GRAPH_MAX_HEAP + 1
    assert "drawn for heaps up to" in e.output.value
    e.controls["graph"].value = False
    assert "<img" not in e.output.value and "drawn for heaps" not in e.output.value
    assert hasattr(e, "widget") and hasattr(e, "_ipython_display_")
    assert e.controls["size"].max == 60 and e.controls["size"].description == "heap size"


def test_pn_graph_html():
    assert pn_graph_html({1, 2}, 5).startswith('<img class="gamelab-plot"')
    assert "<img" not in pn_graph_html({1, 2}, GRAPH_MAX_HEAP + 1)
    assert pn_graph_html([], 3).startswith("<img")


# -- lecture 01 ---------------------------------------------------------------------------

def test_bash_table_by_search():
    t = bash_table(4, 30, per_row=31)
    assert [int(v) for v in pn_row(t)] == [n % 5 for n in range(31)]
    assert "take 1..4" in t.text


def test_bash_explorer_sliders():
    e = BashExplorer(m=3, n=21, plot=False)
    assert "take 1, leaving 20" in e.result.text
    assert bash_table(3, 21).html in e.output.value
    e.controls["m"].value = 5
    assert [int(v) for v in pn_row(bash_table(5, 21, per_row=22))] == [n % 6 for n in range(22)]
    assert e.result == bash_view(5, 21, plot=False)
    assert bash_table(5, 21).html in e.output.value
    assert "take 3, leaving 18" in e.output.value
    e.controls["n"].value = 18
    assert e.result.text.splitlines()[0] == bash_advice(5, 18)
    assert "P-position" in bash_advice(5, 18) and "multiple of 6" in bash_advice(5, 18)
    e.controls["plot"].value = True
    assert '<svg class="gamelab-svg"' in e.output.value
    assert bash_plot_html(5, 18) in e.output.value


def test_bash_advice_matches_search():
    for m in range(1, 7):
        for n in range(40):
            moves = gl.search_winning_moves(gl.Bash(m), n)
            advice = bash_advice(m, n)
            if moves:
                assert f"take {n - moves[0]}," in advice
            else:
                assert "P-position" in advice


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


# -- bad input ------------------------------------------------------------------------------

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


@pytest.mark.parametrize("kwargs, exc, name", [
    (dict(moves=(1, 7)), ValueError, "moves"), (dict(moves=(0,)), ValueError, "moves"),
    (dict(moves=None), TypeError, "moves"), (dict(size=-1), ValueError, "size"),
    (dict(size=61), ValueError, "size"), (dict(size=True), TypeError, "size"),
    (dict(graph=1), TypeError, "graph"), (dict(graph=None), TypeError, "graph"),
])
def test_pn_explorer_bad_input(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        PNExplorer(**kwargs)


@pytest.mark.parametrize("kwargs, exc, name", [
    (dict(m=0), ValueError, "m"), (dict(m=21), ValueError, "m"), (dict(m=True), TypeError, "m"),
    (dict(m=None), TypeError, "m"), (dict(n=-1), ValueError, "n"), (dict(n=201), ValueError, "n"),
    (dict(n=2.5), TypeError, "n"), (dict(plot="yes"), TypeError, "plot"),
])
def test_bash_explorer_bad_input(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        BashExplorer(**kwargs)
