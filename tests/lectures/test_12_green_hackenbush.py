"""Lecture 12 (Green Hackenbush): the seeds' rules for trees and graphs, the lecture's
exercises and stated values, the colon and fusion principles, as tests."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.games.hackenbush import random_tree


# -- the seeds' rules for trees and graphs -------------------------------------------------

def colon_value(edges, root):
    """The seeds' tree rule: a vertex is worth the XOR of (child's value + 1)."""
    children = {}
    for u, v in edges:
        children.setdefault(u, []).append(v)
        children.setdefault(v, []).append(u)
    order, parent = [root], {root: None}
    for x in order:
        for y in children.get(x, ()):
            if y not in parent:
                parent[y] = x
                order.append(y)
    value = {}
    for x in reversed(order):
        value[x] = 0
        for y in children.get(x, ()):
            if parent.get(y) == x:
                value[x] ^= value[y] + 1
    return value[root]


@pytest.mark.parametrize("seed", range(40))
def test_seed_tree_rule(seed):
    g = gl.GreenHackenbush()
    t = random_tree(random.Random(seed).randint(0, 12), seed)
    assert colon_value(t, 0) == gl.search_grundy(g, t) == gl.grundy(g, t)


def cactus(rng, size):
    """A tree rooted at 0 in which some vertices carry a simple cycle (vertex-disjoint cycles)."""
    edges, reduced, nxt, tree_vertices = [], [], 1, [0]
    for _ in range(size):
        parent = rng.choice(tree_vertices)     # cycles hang from tree vertices only
        v = nxt
        nxt += 1
        tree_vertices.append(v)
        edges.append((parent, v))
        reduced.append((parent, v))
        if rng.random() < 0.4:
            length = rng.randint(1, 5)        # a cycle through v of `length` edges
            ring = [v] + list(range(nxt, nxt + length - 1))
            nxt += length - 1
            edges += [(ring[k], ring[(k + 1) % len(ring)]) for k in range(len(ring))] \
                if length > 1 else [(v, v)]
            if length % 2:                    # the seeds: an odd cycle becomes one new edge
                reduced.append((v, f"leaf{v}"))
    return tuple(edges), tuple(reduced)


@pytest.mark.parametrize("seed", range(40))
def test_seed_graph_rule(seed):
    rng = random.Random(seed)
    edges, reduced = cactus(rng, rng.randint(1, 5))
    g = gl.GreenHackenbush()
    if len(edges) <= 12:
        assert gl.search_grundy(g, edges) == colon_value(reduced, 0)
    assert gl.grundy(g, edges) == colon_value(reduced, 0)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4))
def test_seed_graph_rule_hypothesis(seed, size):
    edges, reduced = cactus(random.Random(seed), size)
    g = gl.GreenHackenbush()
    assert gl.grundy(g, edges) == colon_value(reduced, 0)
    if len(edges) <= 11:
        assert gl.search_grundy(g, edges) == gl.grundy(g, edges)


def test_lecture12_exercises():
    T = gl.GreenHackenbush(ground=1)
    tree1 = ((1, 2), (1, 3), (2, 4), (2, 5), (3, 6), (6, 7))
    assert gl.search_grundy(T, tree1) == 2
    assert [e for e, v in T.edge_values(tree1) if v == 0] == [(3, 6)]
    assert gl.search_winning_moves(T, tree1) == [((1, 2), (1, 3), (2, 4), (2, 5))]
    picture2 = ((1, 2), (2, 3), (3, 4), (4, 2), (1, 5), (5, 6), (6, 7), (7, 8), (8, 5),
                (1, 9), (9, 9))
    assert gl.search_grundy(T, picture2) == 1
    after = T.validate(tuple(e for e in picture2 if e != (1, 5)))
    assert gl.search_outcome(T, after) == "P"


def test_lecture12_stated_values():
    G = gl.GreenHackenbush()
    for n in range(1, 10):
        cyc = tuple((k, (k + 1) % n) for k in range(n))
        assert gl.search_grundy(G, cyc) == n % 2

    def branch(base, n, name):
        verts = [base] + [f"{name}{k}" for k in range(1, n + 1)]
        return tuple(zip(verts, verts[1:]))

    for r in range(5):
        for c in range(5):
            fork = ((0, "t"),) + branch("t", r, "a") + branch("t", c, "b")
            assert gl.search_grundy(G, fork) == 1 + (r ^ c)


def test_lecture12_fusion_of_one_edge_on_a_cycle():
    # the one-edge step of the fusion principle, on every multigraph on 0..3 with <= 5 edges
    import itertools
    G = gl.GreenHackenbush()
    slots = [(u, v) for u in range(4) for v in range(u, 4)]

    def on_a_cycle(edges, i):
        x, y = edges[i]
        rest = edges[:i] + edges[i + 1:]
        seen, todo = {x}, [x]
        while todo:
            a = todo.pop()
            for u, v in rest:
                for p, q in ((u, v), (v, u)):
                    if p == a and q not in seen:
                        seen.add(q)
                        todo.append(q)
        return x != y and y in seen

    fusions = 0
    for size in range(1, 6):
        for edges in itertools.combinations_with_replacement(slots, size):
            for i, (x, y) in enumerate(edges):
                if on_a_cycle(edges, i):
                    fused = tuple((x if u == y else u, x if v == y else v) for u, v in edges)
                    assert gl.search_grundy(G, edges) == gl.search_grundy(G, fused), edges
                    fusions += 1
    assert fusions > 4000


# -- the colon principle's hypothesis, one cycle on a vertex, trees ------------------------

def increasing_trees(m):
    for parents in itertools.product(*(range(i) for i in range(1, m + 1))):
        yield tuple((p, i) for i, p in enumerate(parents, 1))


def test_colon_principle_needs_a_branch_that_meets_the_rest_at_one_vertex():
    G, on_1 = gl.GreenHackenbush(), gl.GreenHackenbush(ground=1)
    assert gl.search_grundy(on_1, ((1, 2),)) == gl.search_grundy(on_1, ((1, 1),)) == 1
    assert gl.search_grundy(G, ((0, 1), (1, 2), (0, 2))) == 1
    assert gl.search_grundy(G, ((0, 1), (1, 1), (0, 2))) == 3


def test_fusion_of_one_cycle_hung_at_a_vertex():
    G = gl.GreenHackenbush()
    for m in range(4):
        for tree in increasing_trees(m):
            for v in range(m + 1):
                for n in range(1, 7):
                    ring = [v] + [f"c{j}" for j in range(1, n)]
                    cycle = tree + tuple((ring[j], ring[(j + 1) % n]) for j in range(n))
                    loops = tree + ((v, v),) * n
                    one = tree + ((v, v),) * (n % 2)
                    assert gl.search_grundy(G, cycle) == gl.search_grundy(G, loops) \
                        == gl.search_grundy(G, one) == gl.grundy(G, cycle)


def test_exercise_12_5_tree_value_at_most_edges_with_their_parity():
    G = gl.GreenHackenbush()
    for m in range(7):
        for tree in increasing_trees(m):
            value = gl.grundy(G, tree)
            assert value <= m and value % 2 == m % 2
            if m <= 5:
                assert gl.search_grundy(G, tree) == value
