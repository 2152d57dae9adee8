"""Loopy games: γ, outcomes with draws, sums, winning and drawing moves.

Everything is checked against a plain retrograde analysis of its own
(``gamelab_testing.plain_outcomes``: P/N/D labelling by counting options),
never against gamelab.loopy.
"""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.loopy import (Digraph, Infinity, loopy_values, random_digraph, retrograde,
                           value_outcome)
from gamelab_testing import option_graph, plain_outcomes, product_graph


# -- the independent reference (plain_outcomes, product_graph: gamelab_testing) ---------

def random_graph(rng, n=None):
    """A random digraph as a dict of lists: loops, 2-cycles, long cycles and sinks."""
    n = n or rng.randint(1, 12)
    p = rng.choice([0.05, 0.1, 0.2, 0.3, 0.5])
    adj = {u: [v for v in range(n) if rng.random() < (p / 3 if u == v else p)]
           for u in range(n)}
    if rng.random() < 0.3 and n > 2:  # a long cycle through every node
        for u in range(n):
            if (u + 1) % n not in adj[u]:
                adj[u].append((u + 1) % n)
    if rng.random() < 0.3:
        adj[rng.randrange(n)] = []  # a sink
    return adj


def nim_heap(n):
    return list(range(n))


GRAPHS = [random_graph(random.Random(seed)) for seed in range(400)]


# -- outcomes --------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(0, 400, 40))
def test_outcome_matches_retrograde_on_random_digraphs(seed):
    checked = draws = 0
    for adj in GRAPHS[seed:seed + 40]:
        game = adj.__getitem__  # a plain callable, a fresh memo per graph
        want = plain_outcomes(adj)
        for u in adj:
            assert gl.loopy_outcome(game, u) == want[u], (adj, u)
            checked += 1
            draws += want[u] == "D"
    assert checked > 100 and draws > 10  # the sample really has draws


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9).flatmap(
    lambda n: st.lists(st.lists(st.integers(0, n - 1), max_size=4), min_size=n, max_size=n)))
def test_outcome_matches_retrograde_hypothesis(lists):
    adj = dict(enumerate(lists))
    game = Digraph(adj)
    want = plain_outcomes({u: list(dict.fromkeys(v)) for u, v in adj.items()})
    assert {u: gl.loopy_outcome(game, u) for u in adj} == want


def test_gamma_decides_sums_with_every_nim_heap():
    """γ(u) = k exactly when u + *k is a P-position; ∞_K + *k is N iff k ∈ K.

    This pins down γ completely (finite values and the sets K), by retrograde
    analysis of the product graph.
    """
    checked = 0
    for adj in GRAPHS[:150]:
        game = adj.__getitem__
        for u in adj:
            g = gl.loopy_grundy(game, u)
            for k in range(5):
                want = plain_outcomes(product_graph([game, nim_heap], (u, k)))[(u, k)]
                if isinstance(g, Infinity):
                    expect = "N" if k in g.finite_options else "D"
                else:
                    expect = "P" if g == k else "N"
                assert want == expect, (adj, u, k, g)
                checked += 1
    assert checked > 3000


@pytest.mark.parametrize("parts", [2, 3])
def test_sums_of_random_components_match_the_product_graph(parts):
    rng = random.Random(parts)
    checked, seen = 0, set()
    for _ in range(80 if parts == 2 else 30):
        adjs = [random_graph(rng, rng.randint(1, 5)) for _ in range(parts)]
        games = [a.__getitem__ for a in adjs]
        s = gl.Sum(*games)
        for start in itertools.product(*(range(len(a)) for a in adjs)):
            want = plain_outcomes(product_graph(games, start))
            assert gl.loopy_outcome(s, start) == want[start], (adjs, start)
            checked += 1
            seen.add(want[start])
    assert checked > 500 and seen == {"P", "N", "D"}


def test_sum_rule_by_hand():
    g = {"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get
    cycle = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": []}.get
    s = gl.Sum(g, cycle, gl.Nim())
    # g's b = ∞{0}; cycle's a = 1, b = 0, c = 2; the Nim heap (1,) = 1
    assert gl.loopy_grundy(s, ("b", "a", (1,))) == Infinity({0})   # 1 ^ 1 = 0: K ⊕ 0
    assert gl.loopy_grundy(s, ("b", "c", (1,))) == Infinity({3})   # 2 ^ 1 = 3
    assert gl.loopy_outcome(s, ("b", "a", (1,))) == "N"
    assert gl.loopy_outcome(s, ("b", "c", (1,))) == "D"
    assert gl.loopy_grundy(s, ("b", "b", (1,))) == Infinity({1})   # 0 ^ 1 = 1: K ⊕ 1
    assert gl.loopy_grundy(gl.Sum(g, g), ("b", "b")) == Infinity()  # two ∞: a draw
    assert gl.loopy_outcome(gl.Sum(g, g), ("b", "b")) == "D"
    assert gl.loopy_grundy(s, ("c", "c", (2,))) == 0
    assert gl.loopy_outcome(s, ("c", "c", (2,))) == "P"


# -- finite games: γ is the Sprague–Grundy function ------------------------------------

@pytest.mark.parametrize("subtraction", [(1, 2), (1, 3, 4), (2, 5, 7), (1, 4, 9, 16)])
def test_finite_subtraction_games(subtraction):
    game = lambda n: [n - s for s in subtraction if s <= n]  # noqa: E731
    for n in range(120):
        assert gl.loopy_grundy(game, n) == gl.search_grundy(game, n)
        assert gl.loopy_outcome(game, n) == gl.outcome(game, n)


def test_nim_positions():
    def nim(position):
        for i, h in enumerate(position):
            for k in range(h):
                yield tuple(sorted(position[:i] + (k,) + position[i + 1:]))
    for pos in itertools.combinations_with_replacement(range(6), 3):
        x = pos[0] ^ pos[1] ^ pos[2]
        assert gl.loopy_grundy(nim, pos) == x
        assert gl.loopy_grundy(gl.Nim(), pos) == x


def test_random_dags():
    rng = random.Random(7)
    checked = 0
    for _ in range(150):
        n = rng.randint(1, 25)
        adj = {u: [v for v in range(u) if rng.random() < 0.3] for u in range(n)}
        for u in adj:
            assert gl.loopy_grundy(adj.__getitem__, u) == gl.search_grundy(adj.__getitem__, u)
            checked += 1
    assert checked > 1000


# -- small examples worked by hand -----------------------------------------------------

def test_hand_checked_examples():
    # A token on a 2-cycle a <-> b and nothing else: play never ends, γ = ∞{}.
    two = Digraph({"a": "b", "b": "a"})
    assert gl.loopy_grundy(two, "a") == Infinity() and gl.loopy_outcome(two, "a") == "D"
    # A single loop: the mover can always pass back to the same position.
    assert gl.loopy_grundy(Digraph({"x": "x"}), "x") == Infinity()
    # A loop with an exit to a sink: moving to the sink wins, γ = ∞{0} (an N-position
    # that is not a nim-heap: with *1 added the loop lets us wait, so it draws).
    exit_ = Digraph({"x": "xz", "z": ""})
    assert gl.loopy_grundy(exit_, "x") == Infinity({0})
    # A 3-cycle a -> b -> c -> a with c -> d, d a sink.  Round 0: d = 0; b's only
    # option c can be reversed to d, so b = 0.  Round 1: a's options are {b = 0}, a = 1.
    # Round 2: c's options are a = 1 and d = 0, c = 2.  The cycle does not matter.
    cycle = Digraph({"a": "b", "b": "c", "c": "ad", "d": ""})
    assert loopy_values(cycle, "a") == {"a": 1, "b": 0, "c": 2, "d": 0}
    # b -> a and b -> c, a -> b and a -> d, d -> d, c a sink.  b moves to c and wins
    # (N), a can only go to b (losing) or to the loop d (a draw): a and d are D.
    # b is ∞{0}, not 1: b + *1 is a draw (b -> a keeps a route to the loop d).
    g = Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"})
    assert loopy_values(g, "a") == {"a": Infinity(), "b": Infinity({0}), "d": Infinity(),
                                    "c": 0}
    # Winning Ways ch. 12, the simplest loopy position "on" (a move to itself) is a draw
    # when alone, and stays a draw whatever finite game is added.
    on = Digraph({"on": ["on"]})
    assert gl.loopy_outcome(gl.Sum(on, gl.Bash(3)), ("on", 4)) == "D"


def test_every_value_obeys_smiths_conditions():
    """The defining properties: a finite value m is the mex of the finite option
    values, no option has value m, every larger or infinite option can be
    reversed to m; an ∞ has an ∞ option that cannot be reversed to mex(K)."""
    for adj in GRAPHS[:200]:
        game = adj.__getitem__
        gamma = {u: gl.loopy_grundy(game, u) for u in adj}
        for u, g in gamma.items():
            finite = {gamma[v] for v in adj[u] if not isinstance(gamma[v], Infinity)}
            m = gl.mex(finite)
            if isinstance(g, Infinity):
                assert g.finite_options == finite
                assert any(isinstance(gamma[v], Infinity) and all(gamma[w] != m for w in adj[v])
                           for v in adj[u]), (adj, u)
            else:
                assert g == m, (adj, u)
                for v in adj[u]:
                    if isinstance(gamma[v], Infinity) or gamma[v] > m:
                        assert any(gamma[w] == m for w in adj[v]), (adj, u, v)


def test_memo_order_does_not_matter():
    for adj in GRAPHS[200:260]:
        fresh = {}
        for u in adj:
            fresh[u] = gl.loopy_grundy(dict(adj).__getitem__, u)  # a new game each time
        game = Digraph(adj)
        for u in reversed(list(adj)):
            assert gl.loopy_grundy(game, u) == fresh[u]


def test_long_chains_and_cycles_need_no_recursion():
    n = 100_000
    chain = lambda k: [k - 1] if k else []  # noqa: E731
    assert gl.loopy_grundy(chain, n) == 0 and gl.loopy_outcome(chain, n - 1) == "N"
    ring = lambda k: [(k + 1) % n]  # noqa: E731
    assert gl.loopy_outcome(ring, 0) == "D"


# -- moves -----------------------------------------------------------------------------

def test_winning_and_drawing_moves_are_complete_and_correct():
    checked = 0
    for adj in GRAPHS[:200]:
        game = adj.__getitem__
        want = plain_outcomes(adj)
        for u in adj:
            wins = gl.loopy_winning_moves(game, u)
            assert wins == [v for v in adj[u] if want[v] == "P"]
            assert bool(wins) == (want[u] == "N")
            draws = gl.loopy_drawing_moves(game, u)
            if want[u] == "D":
                assert draws and draws == [v for v in adj[u] if want[v] == "D"]
            else:
                assert draws == []
            checked += 1
    assert checked > 1000


def test_winning_moves_of_sums_are_sum_positions():
    g = {"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get
    s = gl.Sum(g, gl.Bash(2))
    want = plain_outcomes(product_graph([g, gl.Bash(2).options], ("b", 4)))
    for pos in want:
        assert gl.loopy_winning_moves(s, pos) == [o for o in s.options(pos) if want[o] == "P"]
        if want[pos] == "D":
            assert gl.loopy_drawing_moves(s, pos) == [o for o in s.options(pos) if want[o] == "D"]


def test_retrograde_remoteness_ends_won_games():
    """The winner moving to a P-option of least remoteness wins within that many moves."""
    for adj in GRAPHS[:100]:
        game = adj.__getitem__
        for u in adj:
            out, far = retrograde(game, u)
            assert out == {p: plain_outcomes(adj)[p] for p in out}
            if out[u] == "N":
                assert far[u] % 2 == 1
                assert any(out[v] == "P" and far[v] == far[u] - 1 for v in adj[u])
            elif out[u] == "P":
                assert far[u] % 2 == 0
                assert all(far[v] is not None and far[v] < far[u] for v in adj[u])


# -- the Infinity value ----------------------------------------------------------------

def test_infinity_prints_compares_and_hashes():
    a, b = Infinity({2, 0}), Infinity([0, 2, 2])
    assert str(a) == repr(a) == "∞{0, 2}" and str(Infinity()) == "∞{}"
    assert a == b and hash(a) == hash(b) and len({a, b, Infinity({1})}) == 2
    assert a != 0 and a != Infinity({0}) and a.finite_options == frozenset({0, 2})
    assert a ^ 1 == Infinity({1, 3}) and 1 ^ a == Infinity({1, 3}) and a ^ a == Infinity()
    assert gl.Infinity is Infinity
    with pytest.raises(AttributeError):
        a.finite_options = frozenset()


# -- bad input and the search limit ----------------------------------------------------

@pytest.mark.parametrize("call, error, word", [
    (lambda: gl.loopy_outcome(None, 0), TypeError, "game"),
    (lambda: gl.loopy_grundy(5, 0), TypeError, "game"),
    (lambda: gl.loopy_winning_moves("nim", 0), TypeError, "game"),
    (lambda: gl.loopy_drawing_moves([1], 0), TypeError, "game"),
    (lambda: gl.loopy_outcome(lambda n: [n], [1]), TypeError, "position"),
    (lambda: gl.loopy_grundy(gl.Bash(3), -1), ValueError, "heap"),
    (lambda: gl.loopy_grundy(gl.Bash(3), True), TypeError, "heap"),
    (lambda: gl.loopy_outcome(gl.Sum(gl.Bash(3)), 3), TypeError, "position"),
    (lambda: gl.loopy_outcome(gl.Sum(gl.Bash(3)), (1, 2)), ValueError, "position"),
    (lambda: gl.loopy_outcome(Digraph({"a": "a"}), "b"), ValueError, "position"),
    (lambda: gl.loopy_outcome(lambda n: 5, 0), TypeError, "options"),
    (lambda: gl.loopy_outcome(lambda n: [[n]], 0), TypeError, "options"),
    (lambda: gl.loopy_outcome(lambda n: [n], 0, misere=True), TypeError, "misere"),
    (lambda: Infinity(3), TypeError, "finite_options"),
    (lambda: Infinity([-1]), ValueError, "finite_options"),
    (lambda: Infinity([True]), TypeError, "finite_options"),
    (lambda: Digraph([("a", "b")]), TypeError, "adjacency"),
    (lambda: Digraph({"a": "b"}), ValueError, "adjacency"),
    (lambda: Digraph({"a": 3}), TypeError, "adjacency"),
    (lambda: random_digraph(0, 10), ValueError, "n"),
    (lambda: random_digraph(5, 101), ValueError, "density"),
    (lambda: random_digraph(5, 10, seed=1.5), TypeError, "seed"),
    (lambda: value_outcome(-1), ValueError, "value"),
    (lambda: value_outcome("0"), TypeError, "value"),
])
def test_bad_input_names_the_argument(call, error, word):
    with pytest.raises(error) as info:
        call()
    assert word in str(info.value)


def test_search_limit(monkeypatch):
    from gamelab import engine
    monkeypatch.setattr(engine, "SEARCH_LIMIT", 1000)
    with pytest.raises(ValueError, match="finite"):
        gl.loopy_outcome(lambda n: [n + 1, max(n - 1, 0)], 0)
    with pytest.raises(ValueError, match="finite"):
        retrograde(lambda n: [n + 1], 0)
    assert gl.loopy_outcome(lambda n: [(n + 1) % 900], 0) == "D"  # below the limit


# -- the lecture's exercises and pictures ----------------------------------------------

def test_exercise_references_agree_with_retrograde_analysis():
    import random as _random

    from gamelab.exercises.references import loopy as ex
    from gamelab.exercises.check import verify

    g = ex.GRAPH1
    want = plain_outcomes({u: list(g.options(u)) for u in g.nodes})
    assert ex.draw_positions() == sorted(u for u in g.nodes if want[u] == "D")
    assert ex.draw_positions()  # the exercise has draws to find
    for (adj,) in ex._graph_cases(_random.Random(3)):
        assert ex.outcomes(adj) == plain_outcomes({u: list(dict.fromkeys(v))
                                                    for u, v in adj.items()})
    assert verify("ex-13-2", lambda adj: plain_outcomes(
        {u: list(dict.fromkeys(v)) for u, v in adj.items()}))[0]
    assert not verify("ex-13-2", lambda adj: {u: "P" for u in adj})[0]
    assert not verify("ex-13-1", ex.draw_positions()[:-1])[0]


def test_sum_outcome_exercise_against_product_graphs():
    from gamelab.exercises.references.loopy import sum_outcome

    rng = random.Random(13)
    for _ in range(60):
        adjs = [random_graph(rng, rng.randint(1, 4)) for _ in range(rng.randint(1, 3))]
        games = [a.__getitem__ for a in adjs]
        start = tuple(rng.randrange(len(a)) for a in adjs)
        values = [gl.loopy_grundy(g, p) for g, p in zip(games, start)]
        assert sum_outcome(values) == plain_outcomes(product_graph(games, start))[start]


def test_pictures_colour_positions_by_outcome():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from gamelab.display.loopy import D_COLOUR, draw_loopy_graph, loopy_graph
    from gamelab.display.tables import N_COLOUR, P_COLOUR

    colour = {"P": P_COLOUR, "N": N_COLOUR, "D": D_COLOUR}
    for seed in range(6):
        g = random_digraph(9, 25, seed)
        want = plain_outcomes({u: list(g.options(u)) for u in g.nodes})
        graph = loopy_graph(g)
        assert graph.outcome == want and len(graph.edges) == len(g.edges)
        ax = draw_loopy_graph(g)
        faces = [to_hex(c).upper() for c in ax.collections[0].get_facecolors()]
        assert faces == [colour[want[u]].upper() for u in graph.nodes]
        plt.close(ax.figure)
    with pytest.raises(ValueError, match="max_nodes"):
        loopy_graph(lambda n: [n + 1], 0, max_nodes=30)
    with pytest.raises(ValueError, match="layout"):
        draw_loopy_graph(g, layout="tree")
    with pytest.raises(TypeError, match="starts"):
        loopy_graph(lambda n: [], None)


# -- always_ends: which games loopy trusts ------------------------------------------

class _Cycle(gl.Game):
    """0 -> 1 -> 2 -> 0 and 2 -> 3 (a sink): a user's game with a cycle."""

    def options(self, n):
        return {0: [1], 1: [2], 2: [0, 3], 3: []}[n]


def test_a_users_loopy_game_is_labelled_not_trusted():
    g = _Cycle()
    assert g.always_ends is False
    with pytest.raises(gl.LoopyGameError):
        gl.grundy(g, 0)
    assert [gl.loopy_grundy(g, n) for n in range(4)] == [1, 0, 2, 0]   # Smith's labelling
    want = plain_outcomes(option_graph(g.options, 0))
    assert {n: gl.loopy_outcome(g, n) for n in range(4)} == want


def test_always_ends_is_trusted():
    class Claims(_Cycle):
        always_ends = True

        def grundy(self, n):
            return 5                          # loopy asks grundy and nothing else

    assert gl.loopy_grundy(Claims(), 0) == 5
    # gamelab's own families end: γ is their closed form, even far beyond any labelling
    assert gl.Bash(3).always_ends and gl.loopy_grundy(gl.Bash(3), 10**30) == 10**30 % 4
    assert gl.loopy_outcome(gl.Wythoff(), (10**20, 10**20)) == "N"
    assert not gl.Sum(gl.Bash(3), Digraph({"on": ["on"]})).always_ends
    assert gl.loopy_grundy(gl.Sum(gl.Bash(3), Digraph({"on": ["on"]})), (10**30, "on")) == Infinity()
