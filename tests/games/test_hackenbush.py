"""gamelab.games.hackenbush: Green Hackenbush, stalks, the colon and fusion principles,
and the evaluator against plain search."""
from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.board import Edges
from gamelab.games.hackenbush import random_graph, random_tree, stalk

G = gl.GreenHackenbush()


def check(game, position):
    assert gl.grundy(game, position) == gl.search_grundy(game, position), position


# ---------------------------------------------------------------------------
# canonical positions

def test_canonical_form_drops_fallen_edges_and_sorts():
    assert G.validate(((2, 1), (0, 1), (5, 6), (6, 6))) == ((0, 1), (1, 2))
    assert G.validate(((1, 0), (0, 1))) == ((0, 1), (0, 1))
    assert G.validate(((1, 1), (0, 1))) == ((0, 1), (1, 1))
    assert G.validate(()) == ()
    assert G.validate(((1, 2),)) == ()              # nothing touches the ground
    assert G.validate(((0, 0),)) == ((0, 0),)       # a loop at the ground stands


def test_equal_pictures_compare_equal():
    a = ((0, 1), (1, 2), (2, 0), (9, 8))
    b = ((2, 1), (0, 2), (1, 0))
    assert G.validate(a) == G.validate(b)


def test_options_remove_one_edge_and_what_falls():
    pos = ((0, 1), (1, 2), (2, 3), (1, 4))
    # canonical edge order (0,1), (1,2), (1,4), (2,3); cutting (0,1) drops everything
    assert G.options(pos) == [(), ((0, 1), (1, 4)), ((0, 1), (1, 2), (2, 3)),
                              ((0, 1), (1, 2), (1, 4))]
    # parallel edges: cutting either copy gives the same option
    assert G.options(((0, 1), (0, 1))) == [((0, 1),)]
    assert G.options(((0, 0),)) == [()]


def test_other_ground_and_vertex_types():
    g = gl.GreenHackenbush(ground="floor")
    pos = (("floor", "a"), ("a", "b"), ("b", "floor"), ("a", (1, 2)), ((1, 2), (1, 2)))
    check(g, pos)
    assert g.validate((("a", "b"),)) == ()
    mixed = gl.GreenHackenbush(ground=0)
    check(mixed, ((0, "x"), ("x", 1), (1, 0), (1, (2, 3))))


# ---------------------------------------------------------------------------
# the principles

@pytest.mark.parametrize("n", range(0, 9))
def test_stalk_is_a_nim_heap(n):
    assert gl.search_grundy(G, stalk(n)) == n
    assert gl.grundy(G, stalk(n)) == n


def test_long_stalk_fast():
    assert gl.grundy(G, stalk(100_000)) == 100_000


def test_colon_principle_on_trees():
    # a vertex's value is the XOR over its branches of 1 + the value above
    tree = ((0, 1), (1, 2), (1, 3), (3, 4), (0, 5))
    # vertex 1: branches 2 (leaf, 0) and 3 (stalk 1 above it): (1+0) ^ (1+1) = 3; root: (1+3) ^ (1+0)
    assert gl.search_grundy(G, tree) == (1 + 3) ^ 1 == gl.grundy(G, tree)


@pytest.mark.parametrize("n", range(1, 13))
@pytest.mark.parametrize("seed", range(6))
def test_random_trees_against_search(n, seed):
    check(G, random_tree(n, seed))


def test_fusion_principle_cycles():
    for n in range(1, 9):
        cycle = tuple((k, (k + 1) % n) for k in range(n))       # n = 1: a loop; 2: a double edge
        assert gl.search_grundy(G, cycle) == n % 2, n
        assert gl.grundy(G, cycle) == n % 2
        # a cycle hanging from a stalk of 2: the cycle fuses to loops at the top
        lifted = ((0, "a"), ("a", "b")) + tuple(
            ("b" if k == 0 else k, "b" if (k + 1) % n == 0 else (k + 1) % n) for k in range(n))
        check(G, lifted)
        assert gl.grundy(G, lifted) == 1 + (1 + n % 2)


def test_loops_are_stalks_of_one():
    assert gl.search_grundy(G, ((0, 0),)) == 1
    assert gl.search_grundy(G, ((0, 0), (0, 0))) == 0
    assert gl.search_grundy(G, ((0, 1), (1, 1), (1, 1), (1, 1))) == 1 + 1   # 1 + (1^1^1)
    check(G, ((0, 1), (1, 1), (1, 1), (1, 1)))


@pytest.mark.parametrize("n_edges", range(1, 14))
@pytest.mark.parametrize("seed", range(5))
def test_random_graphs_against_search(n_edges, seed):
    check(G, random_graph(n_edges, seed))


def test_many_random_multigraphs_against_search():
    rng = random.Random(2024)
    checked = 0
    for _ in range(1500):
        v = rng.randrange(1, 7)
        edges = tuple((rng.randrange(v), rng.randrange(v)) for _ in range(rng.randrange(11)))
        check(G, edges)
        checked += 1
    assert checked == 1500


@st.composite
def graphs(draw):
    v = draw(st.integers(1, 7))
    vertex = st.integers(0, v - 1)
    return tuple(draw(st.lists(st.tuples(vertex, vertex), max_size=10)))


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_evaluator_against_search_hypothesis(edges):
    g = gl.GreenHackenbush()
    assert gl.grundy(g, edges) == gl.search_grundy(g, edges)
    assert gl.winning_moves(g, edges) == gl.search_winning_moves(g, edges)


@settings(max_examples=30, deadline=None)
@given(graphs())
def test_misere_against_search(edges):
    g = gl.GreenHackenbush()
    fresh = gl.GreenHackenbush()
    assert gl.outcome(g, edges, misere=True) == gl.search_outcome(fresh, edges, misere=True)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_edge_values_are_values_of_options(edges):
    vals = G.edge_values(edges)
    assert [gl.search_grundy(G, o) for _, o in G.cuts(edges)] == [x for _, x in vals]
    assert gl.grundy(G, edges) == gl.mex(x for _, x in vals)


def test_sum_of_pictures_is_a_picture():
    # two pictures on one ground are a disjunctive sum: the values XOR
    a = random_graph(6, 1)
    b = tuple((u if u == 0 else u + 100, v if v == 0 else v + 100) for u, v in random_graph(5, 2))
    assert gl.search_grundy(G, a + b) == gl.grundy(G, a) ^ gl.grundy(G, b)


def test_move_label():
    assert G.move_label(((0, 1), (1, 2)), ()) == "cut 0–1 (1 more fall)"
    assert G.move_label(((0, 1), (1, 2)), ((0, 1),)) == "cut 1–2"


def test_random_pictures_are_deterministic():
    assert random_tree(7, 3) == random_tree(7, 3)
    assert random_graph(9, 4) == random_graph(9, 4)
    assert len(random_graph(9, 4)) == 9
    assert G.validate(random_graph(9, 4)) == random_graph(9, 4)     # connected to the ground
    assert all(u != v for u, v in random_graph(12, 5, loops=False))


# ---------------------------------------------------------------------------
# bad input

BAD_POSITIONS = [
    ({(0, 1)}, TypeError, "position"),            # a set, not a tuple
    ({(0, 1)}, TypeError, "position"),
    (None, TypeError, "position"),
    ("01", TypeError, "position"),
    (((0, 1), {1, 2}), TypeError, r"position\[1\]"),   # an edge that is a set
    (((0, 1), 5), TypeError, r"position\[1\]"),
    (((0, 1, 2),), ValueError, r"position\[0\]"),      # not a pair
    (((0,),), ValueError, r"position\[0\]"),
    (((),), ValueError, r"position\[0\]"),
    ((([0], 1),), TypeError, r"position\[0\]"),        # unhashable vertex
    (((0, {1: 2}),), TypeError, r"position\[0\]"),
]


@pytest.mark.parametrize("position, exc, word", BAD_POSITIONS)
@pytest.mark.parametrize("call", ["grundy", "outcome", "winning_moves", "options", "search",
                                  "edge_values"])
def test_bad_positions(position, exc, word, call):
    g = gl.GreenHackenbush()
    fn = {"grundy": lambda: gl.grundy(g, position),
          "outcome": lambda: gl.outcome(g, position),
          "winning_moves": lambda: gl.winning_moves(g, position),
          "options": lambda: g.options(position),
          "search": lambda: gl.search_grundy(g, position),
          "edge_values": lambda: g.edge_values(position)}[call]
    with pytest.raises(exc, match=word):
        fn()


@pytest.mark.parametrize("ground", [[0], {0: 1}, {0}])
def test_bad_ground(ground):
    with pytest.raises(TypeError, match="ground"):
        gl.GreenHackenbush(ground)


@pytest.mark.parametrize("misere", [None, 0, 1, "no"])
def test_bad_misere(misere):
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(G, ((0, 1),), misere=misere)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(G, ((0, 1),), misere=misere)


@pytest.mark.parametrize("call, exc, word", [
    (lambda: stalk(-1), ValueError, "n"),
    (lambda: stalk(2.0), TypeError, "n"),
    (lambda: random_tree(None), TypeError, "n_edges"),
    (lambda: random_tree(-2), ValueError, "n_edges"),
    (lambda: random_graph(3, seed="x"), TypeError, "seed"),
    (lambda: random_graph(3, n_vertices=0), ValueError, "n_vertices"),
    (lambda: random_graph(3, loops=1), TypeError, "loops"),
])
def test_bad_generator_arguments(call, exc, word):
    with pytest.raises(exc, match=word):
        call()


# ---------------------------------------------------------------------------
# vertices of every hashable kind, None included, against plain search

VERTEX_KINDS = [0, 1, 2, -3, 10**30, "a", "", None, (), (1, None), frozenset({2}), 2.5, b"x",
                ("a", 1)]


@pytest.mark.parametrize("seed", range(6))
def test_random_pictures_with_every_kind_of_vertex_agree_with_search(seed):
    rng = random.Random(seed)
    for _ in range(60):
        verts = rng.sample(VERTEX_KINDS, rng.randint(2, 7))
        ground = rng.choice(verts)
        g = gl.GreenHackenbush(ground)
        pos = tuple((rng.choice(verts), rng.choice(verts)) for _ in range(rng.randint(1, 7)))
        assert gl.grundy(g, pos) == gl.search_grundy(g, pos), pos
        assert gl.outcome(g, pos) == gl.search_outcome(g, pos), pos
        assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos), pos
        for (edge, value), option in zip(g.edge_values(pos), [o for _, o in g.cuts(pos)]):
            assert value == gl.search_grundy(g, option), (pos, edge)


def test_a_vertex_named_none_is_a_vertex():
    g = gl.GreenHackenbush()
    for pos in [((0, None),), ((None, 0), (None, 1)), ((0, None), (None, None))]:
        assert gl.grundy(g, pos) == gl.search_grundy(g, pos) > 0
        assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos) != []
    s = gl.Sum(g, g)
    pos = (((0, None),), ((0, 1), (1, 2)))   # a stalk of 1 beside a stalk of 2: N
    assert gl.outcome(s, pos) == gl.search_outcome(s, pos) == "N"
    assert gl.winning_moves(s, pos) == gl.search_winning_moves(s, pos)


def test_winning_moves_of_long_pictures_agree_with_cutting_each_edge():
    # a tree with loops and a cycle: the fast winning moves against evaluating every option
    rng = random.Random(7)
    g = gl.GreenHackenbush()
    for _ in range(20):
        edges = list(random_tree(rng.randint(20, 60), seed=rng.randrange(10**6)))
        edges += [(v, v) for v in rng.sample(range(10), 3)] + [(3, 5), (5, 8)]
        pos = tuple(edges)
        want = [o for o in g.options(pos) if gl.grundy(g, o) == 0]
        assert gl.winning_moves(g, pos) == (want if gl.grundy(g, pos) else [])


# ---------------------------------------------------------------------------
# vertices are dictionary keys: equal vertices are one vertex; x != x is refused

class Unequal:
    """A hashable object that is not equal to itself (as float("nan") is not)."""

    def __eq__(self, other):
        return False

    def __hash__(self):
        return 7


class Name:
    """A vertex with its own (consistent) equality and hash."""

    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Name) and other.name == self.name

    def __hash__(self):
        return hash(("Name", self.name))

    def __repr__(self):
        return f"Name({self.name!r})"


NAN = float("nan")
SELF_UNEQUAL = [NAN, Unequal(), Decimal("NaN"), complex(NAN, 0), np.float64("nan")]


@pytest.mark.parametrize("bad", SELF_UNEQUAL, ids=lambda b: type(b).__name__)
@pytest.mark.parametrize("call", ["grundy", "outcome", "winning_moves", "options", "search",
                                  "edge_values", "cuts", "board", "validate", "misere"])
def test_a_vertex_not_equal_to_itself_is_refused(bad, call):
    g = gl.GreenHackenbush()
    pos = ((0, 1), (1, bad), (bad, bad))
    fn = {"grundy": lambda: gl.grundy(g, pos), "outcome": lambda: gl.outcome(g, pos),
          "winning_moves": lambda: gl.winning_moves(g, pos), "options": lambda: g.options(pos),
          "search": lambda: gl.search_grundy(g, pos), "edge_values": lambda: g.edge_values(pos),
          "cuts": lambda: g.cuts(pos), "board": lambda: g.board(pos),
          "validate": lambda: g.validate(pos),
          "misere": lambda: gl.outcome(g, pos, misere=True)}[call]
    with pytest.raises(ValueError, match=r"position\[1\] = \(1, .*not equal to itself"):
        fn()


@pytest.mark.parametrize("bad", SELF_UNEQUAL, ids=lambda b: type(b).__name__)
def test_a_ground_not_equal_to_itself_is_refused(bad):
    with pytest.raises(ValueError, match="ground .*not equal to itself"):
        gl.GreenHackenbush(ground=bad)
    with pytest.raises(ValueError, match="ground .*not equal to itself"):
        stalk(3, ground=bad)


def test_a_vertex_that_cannot_be_compared_or_hashed_is_refused():
    class NoEq:
        def __eq__(self, other):
            raise RuntimeError("no comparing")

        def __hash__(self):
            return 1

    class NoHash:
        def __hash__(self):
            raise RuntimeError("no hashing")

    with pytest.raises(TypeError, match=r"position\[0\] = .*cannot be compared"):
        G.validate(((0, NoEq()),))
    with pytest.raises(TypeError, match=r"position\[0\] = .*unhashable"):
        G.validate(((0, NoHash()),))
    with pytest.raises(TypeError, match="ground"):
        gl.GreenHackenbush(NoEq())


def test_the_first_example_of_a_nan_picture_is_refused_not_answered():
    nan = float("nan")
    pos = ((0, nan), (1, nan), (nan, nan))
    for call in (lambda: gl.grundy(G, pos), lambda: G.edge_values(pos),
                 lambda: gl.search_grundy(G, pos)):
        with pytest.raises(ValueError, match=r"position\[0\] = \(0, nan\)"):
            call()


# classes of equal vertices (each list: members that compare equal and hash alike)
EQUAL_CLASSES = [
    [0, 0.0, False, Fraction(0), Decimal(0), complex(0, 0), np.int64(0)],
    [1, True, 1.0, Fraction(1), np.float64(1.0)],
    [Fraction(1, 2), 0.5, Decimal("0.5")],
    [2**100, float(2**100)],
    [10**30 + 1],
    [-7, -7.0],
    ["a"], [""], [None], [b"x"], [()],
    [(1, None), (1.0, None), (True, None)],
    [(0, "a"), (0.0, "a"), (False, "a")],
    [frozenset({2}), frozenset({2.0})],
    [frozenset({1, 2}), frozenset({True, 2.0})],
    [Name("p")], [Name("q")],
    [("a", 1), ("a", 1.0)],
]


def _picture(rng):
    classes = rng.sample(range(len(EQUAL_CLASSES)), rng.randint(1, 6))
    ground_class = rng.choice(classes)
    shape = [(rng.choice(classes), rng.choice(classes)) for _ in range(rng.randint(0, 7))]
    return classes, ground_class, shape


def _draw(rng, shape, ground_class=None):
    """The picture with each end written as a random member of its class, edges shuffled."""
    edges = [(rng.choice(EQUAL_CLASSES[a]), rng.choice(EQUAL_CLASSES[b])) for a, b in shape]
    edges = [e if rng.random() < 0.5 else e[::-1] for e in edges]
    rng.shuffle(edges)
    return tuple(edges)


@pytest.mark.parametrize("seed", range(8))
def test_unusual_vertices_agree_with_search_and_with_relabelled_ints(seed):
    rng = random.Random(seed)
    for _ in range(40):
        classes, ground_class, shape = _picture(rng)
        g = gl.GreenHackenbush(rng.choice(EQUAL_CLASSES[ground_class]))
        pos = _draw(rng, shape)
        value = gl.grundy(g, pos)
        assert value == gl.search_grundy(g, pos), pos
        assert gl.outcome(g, pos) == gl.search_outcome(g, pos), pos
        assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos), pos
        for (edge, v), (_, option) in zip(g.edge_values(pos), g.cuts(pos)):
            assert v == gl.search_grundy(g, option), (pos, edge)
        # the same picture on plain ints: one int per class of equal vertices, the ground 0
        number = {c: k for k, c in enumerate([ground_class] + [c for c in classes
                                                               if c != ground_class])}
        ints = tuple((number[a], number[b]) for a, b in shape)
        assert value == gl.search_grundy(G, ints), (pos, ints)


@pytest.mark.parametrize("seed", range(6))
def test_one_picture_written_with_other_equal_vertices_has_one_canonical_form(seed):
    rng = random.Random(100 + seed)
    for _ in range(60):
        classes, ground_class, shape = _picture(rng)
        g = gl.GreenHackenbush(EQUAL_CLASSES[ground_class][0])
        a, b = g.validate(_draw(rng, shape)), g.validate(_draw(rng, shape))
        assert a == b and hash(a) == hash(b), (a, b)
        assert g.validate(a) == a                       # canonical is a fixed point
        assert len(g.options(a)) == len(set(g.options(a)))
        # in the canonical form every vertex is written one way, the ground as the game's
        written = {}
        for u, v in a:
            for x in (u, v):
                assert written.setdefault(x, x) is x
        if a:
            assert any(x is g.ground for e in a for x in e)


def test_equal_vertices_are_one_vertex():
    assert G.validate(((0.0, 1), (True, 2))) == ((0, 1), (1, 2))
    assert G.validate(((0, 1), (1.0, 0.0))) == ((0, 1), (0, 1))     # parallel edges
    assert G.options(((0, 1), (1.0, 0.0))) == [((0, 1),)]
    assert gl.grundy(G, ((0, 1), (1.0, 0.0))) == 0 == gl.search_grundy(G, ((0, 1), (1.0, 0.0)))
    assert G.validate(((False, False),)) == ((0, 0),)                 # a loop at the ground
    f = gl.GreenHackenbush(ground=0.0)
    assert f.validate(((0, 1),)) == ((0.0, 1),)                       # the ground as the game says


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sum(EQUAL_CLASSES[:8], [])),
                          st.sampled_from(sum(EQUAL_CLASSES[:8], []))), max_size=8))
def test_mixed_numeric_vertices_hypothesis(edges):
    pos = tuple(edges)
    assert gl.grundy(G, pos) == gl.search_grundy(G, pos)
    assert gl.winning_moves(G, pos) == gl.search_winning_moves(G, pos)


def test_a_deeply_nested_vertex():
    v = 0
    for _ in range(3000):
        v = (v,)
    pos = ((0, v), (v, 1), (v, 2))
    assert gl.grundy(G, pos) == gl.search_grundy(G, pos) == 1 + (1 ^ 1)


# ---------------------------------------------------------------------------
# the game protocol

def test_protocol_hooks():
    assert gl.GreenHackenbush.always_ends is True
    assert G.name == "Green Hackenbush"
    assert gl.GreenHackenbush("floor").name == "Green Hackenbush, ground 'floor'"
    assert G.board(((2, 1), (0, 1), (5, 6))) == Edges(((0, 1), (1, 2)), 0)
    assert gl.GreenHackenbush("g").board(()) == Edges((), "g")
    assert G.move_label(((0, 1), (1, 2)), ((1, 0),)) == "cut 1–2"     # any spelling of the option
    assert G.move_label(((0, 1),), [1]) is None                       # not a position: no words
    with pytest.raises(TypeError, match="position"):
        G.board({(0, 1)})


def test_the_game_module_draws_nothing_and_imports_at_the_top():
    import ast
    import inspect

    import gamelab.games.hackenbush as module

    tree = ast.parse(inspect.getsource(module))
    top = set(tree.body)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names]
            assert not any("display" in n or "widgets" in n for n in names), names
            assert node in top, f"import inside a function at line {node.lineno}"
