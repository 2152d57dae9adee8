"""gamelab.display.graph: drawing game graphs, nodes, P/N colours, layers, arrows, the
cap, loopy games, bad input."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display.graph import GameGraph, draw_game_graph, game_graph  # noqa: E402
from gamelab.display.tables import N_COLOUR, P_COLOUR  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def kiki(p):
    a, b = p
    return [q for q in [(a, b - 1), (a - 1, b), (a - 1, b - 1)] if min(q) >= 0]


def test_bash_graph_structure():
    g = game_graph(gl.Bash(3), 9)
    assert isinstance(g, GameGraph)
    assert g.nodes == list(range(9, -1, -1))
    assert len(g) == 10
    assert len(g.edges) == 3 * 10 - 6  # heaps 3..9 have 3 moves, 2 has 2, 1 has 1
    assert g.p_positions == [8, 4, 0]
    assert g.layer == {n: 9 - n for n in range(10)}
    assert all(g.outcome[n] == ("P" if n % 4 == 0 else "N") for n in range(10))
    assert g.winning_edges == [(9, 8), (7, 4), (6, 4), (5, 4), (3, 0), (2, 0), (1, 0)]


def test_layers_are_longest_paths_and_edges_go_right():
    g = game_graph(kiki, (3, 3))
    assert len(g) == 16
    assert g.layer[(3, 3)] == 0 and g.layer[(0, 0)] == 6
    for u, v in g.edges:
        assert g.layer[v] > g.layer[u]
    assert set(g.p_positions) == {(a, b) for a in range(4) for b in range(4)
                                  if a % 2 == 0 and b % 2 == 0}


def test_outcomes_agree_with_plain_search_misere_too():
    rule = lambda n: [n - s for s in (1, 3, 4) if s <= n]
    for misere in (False, True):
        g = game_graph(rule, 15, misere=misere)
        for p in g.nodes:
            assert g.outcome[p] == gl.search_outcome(rule, p, misere=misere)


def test_deterministic():
    assert game_graph(kiki, (2, 3)).nodes == game_graph(kiki, (2, 3)).nodes
    a = draw_game_graph(kiki, (2, 3))
    b = draw_game_graph(kiki, (2, 3))
    assert (a.collections[0].get_offsets() == b.collections[0].get_offsets()).all()


def test_draw_returns_axes_with_nodes_and_colours():
    ax = draw_game_graph(gl.Bash(3), 9)
    assert isinstance(ax, matplotlib.axes.Axes)
    nodes = ax.collections[0]
    assert len(nodes.get_offsets()) == 10
    colours = [tuple(c) for c in nodes.get_facecolors()]
    assert colours.count(to_rgba(P_COLOUR)) == 3
    assert colours.count(to_rgba(N_COLOUR)) == 7
    # nodes laid out left to right: heap 9 on the left, 0 on the right, one row
    xs = [x for x, _y in nodes.get_offsets()]
    assert xs == sorted(xs)
    texts = [t for t in ax.texts if not isinstance(t, matplotlib.text.Annotation)]
    assert [t.get_text() for t in texts] == [str(n) for n in range(9, -1, -1)]
    bold = [t.get_text() for t in texts if t.get_fontweight() == "bold"]
    assert bold == ["8", "4", "0"]
    # one arrow per move
    assert len([c for c in ax.get_children() if isinstance(c, matplotlib.text.Annotation)]) == 24


def test_draw_on_given_axes_with_labels_and_title():
    _fig, ax = plt.subplots()
    out = draw_game_graph(kiki, (1, 2), ax=ax, label=lambda p: f"{p[0]}|{p[1]}", title="kiki")
    assert out is ax
    assert ax.get_title() == "kiki"
    assert "1|2" in [t.get_text() for t in ax.texts]
    assert len(ax.collections[0].get_offsets()) == 6


def test_single_terminal_position():
    ax = draw_game_graph(gl.Bash(2), 0)
    assert len(ax.collections[0].get_offsets()) == 1
    assert [tuple(c) for c in ax.collections[0].get_facecolors()] == [to_rgba(P_COLOUR)]


def test_cap_on_nodes():
    with pytest.raises(ValueError, match="max_nodes"):
        game_graph(gl.Bash(2), 100)
    assert len(game_graph(gl.Bash(2), 100, max_nodes=101)) == 101
    with pytest.raises(ValueError, match="max_nodes"):
        draw_game_graph(gl.Bash(2), 10, max_nodes=10)


def test_loopy_game_raises_with_cycle():
    rule = lambda n: [n - s for s in (0, 1) if s <= n]
    with pytest.raises(gl.LoopyGameError, match="3 -> 3"):
        game_graph(rule, 3)
    with pytest.raises(gl.LoopyGameError):
        draw_game_graph(lambda n: [(n + 1) % 3], 0)


@pytest.mark.parametrize("kwargs, exc, name", [
    (dict(game=None, start=3), TypeError, "game"),
    (dict(game=5, start=3), TypeError, "game"),
    (dict(game=gl.Bash(2), start=-1), ValueError, "heap"),
    (dict(game=gl.Bash(2), start=2.5), TypeError, "heap"),
    (dict(game=gl.Bash(2), start=True), TypeError, "heap"),
    (dict(game=gl.Bash(2), start=None), TypeError, "heap"),
    (dict(game=kiki, start=[1, 2]), TypeError, "position"),
    (dict(game=gl.Bash(2), start=3, max_nodes=0), ValueError, "max_nodes"),
    (dict(game=gl.Bash(2), start=3, max_nodes=True), TypeError, "max_nodes"),
    (dict(game=gl.Bash(2), start=3, max_nodes=None), TypeError, "max_nodes"),
    (dict(game=gl.Bash(2), start=3, max_nodes=2.0), TypeError, "max_nodes"),
    (dict(game=gl.Bash(2), start=3, misere=1), TypeError, "misere"),
    (dict(game=gl.Bash(2), start=3, misere=None), TypeError, "misere"),
])
@pytest.mark.parametrize("function", [game_graph, draw_game_graph])
def test_bad_input(function, kwargs, exc, name):
    kwargs = dict(kwargs)
    with pytest.raises(exc, match=name):
        function(kwargs.pop("game"), kwargs.pop("start"), **kwargs)


@pytest.mark.parametrize("kwargs, exc, name", [
    (dict(ax="axes"), TypeError, "ax"),
    (dict(label="n"), TypeError, "label"),
    (dict(title=3), TypeError, "title"),
    (dict(highlight_winning=None), TypeError, "highlight_winning"),
    (dict(colour="red"), TypeError, "colour"),
])
def test_draw_bad_options(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        draw_game_graph(gl.Bash(2), 3, **kwargs)


def test_unhashable_option_is_reported():
    with pytest.raises(TypeError, match="hashable"):
        game_graph(lambda n: [[n - 1]] if n else [], 2)
