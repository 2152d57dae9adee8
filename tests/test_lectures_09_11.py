"""Lectures 09 (coin turning), 12 (Green Hackenbush) and 13 (loopy games): judge samples,
exercises, stated facts."""
from __future__ import annotations

import itertools
import random

import pytest
from gamelab_testing import judge_sample, same_tokens
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.exercises.coins import hiho1172
from gamelab.games.hackenbush import random_tree

# ---------------------------------------------------------------------------
# lecture 09: hihoCoder 1172


def test_hiho1172_official_sample():
    text, expected = judge_sample("hiho1172")
    assert same_tokens(hiho1172(text), expected)


def test_hiho1172_against_search():
    g = gl.CoinTurning("one_or_two")
    rng = random.Random(1172)
    for _ in range(500):
        row = "".join(rng.choice("HT") for _ in range(rng.randint(1, 11)))
        expected = "Alice" if gl.search_outcome(g, row) == "N" else "Bob"
        assert hiho1172(f"{len(row)}\n{row}\n") == expected, row


def test_hiho1172_largest_input():
    row = "H" * 10_000
    x = 0
    for i in range(1, 10_001):
        x ^= i
    assert hiho1172(f"10000\n{row}\n") == ("Alice" if x else "Bob")


@pytest.mark.parametrize("text, exc", [
    (None, TypeError), (b"1\nH", TypeError), ("", ValueError), ("3", ValueError),
    ("x\nHHT", ValueError), ("3\nHH", ValueError), ("3\nHXT", ValueError)])
def test_hiho1172_bad_input(text, exc):
    with pytest.raises(exc):
        hiho1172(text)


def test_lecture09_exercises():
    mock = gl.CoinTurning("mock_turtles")
    assert gl.search_outcome(mock, "HTTHHTHTH") == "N"
    assert gl.grundy(mock, "HTTHHTHTH") == 19
    assert "THTHHTHTT" in gl.search_winning_moves(mock, "HTTHHTHTH")
    assert len(gl.search_winning_moves(mock, "HTTHHTHTH")) == 4
    ruler = gl.CoinTurning("ruler")
    pairs = [(i, j) for i in range(1, 9) for j in range(i + 1, 9)
             if gl.search_outcome(ruler, "".join("H" if k in (i, j) else "T"
                                                 for k in range(1, 9))) == "P"]
    assert pairs == [(1, 3), (1, 5), (1, 7), (2, 6), (3, 5), (3, 7), (5, 7)]
    turtles = gl.CoinTurning("one_or_two")
    assert gl.search_winning_moves(turtles, "THHTHTTH") == ["THHHHTTT"]


def test_facts_used_in_the_proofs():
    # the XOR of ruler values 1..m is the Gray code of m
    x = 0
    for m in range(1, 2000):
        x ^= m & -m
        assert x == m ^ (m >> 1)
    # XOR of two distinct odious numbers is evil and not 0
    odious = gl.CoinTurning("mock_turtles").head_values(64)
    assert all(bin(a ^ b).count("1") % 2 == 0 and a != b
               for k, a in enumerate(odious) for b in odious[k + 1:])


def test_coin_turning_induction_step():
    """The proof's step: the options of a row R and of the sum S of its single heads
    have the same set of values (with the hypothesis applied to the turned rows)."""
    def near_rule(i):
        return [()] + [(j,) for j in range(max(1, i - 2), i)]
    for rule in ("one_or_two", "mock_turtles", "ruler", near_rule):
        g = gl.CoinTurning(rule)
        single = {i: "T" * (i - 1) + "H" for i in range(1, 9)}
        h = {i: gl.search_grundy(g, single[i]) for i in single}

        def values(row):
            return {gl.search_grundy(g, o) for o in gl.game_options(g, row)}
        for n in range(9):
            for t in itertools.product("HT", repeat=n):
                heads = [i for i, c in enumerate(t, 1) if c == "H"]
                x = gl.nim_sum(h[i] for i in heads)
                assert values("".join(t)) == {x ^ h[i] ^ w for i in heads
                                              for w in values(single[i])}


def test_ruler_block_formula():
    """Gray code on a block starting at c * 2**k: a constant XOR g(low bits); the constant
    reaches into the low k bits exactly for odd c; within the last block below i the
    options' values g(i - 1) ^ g(x) are exactly 0 .. r(i) - 1, and r(i) is never one."""
    def gray(m):
        return m ^ (m >> 1)
    for k in range(1, 8):
        for c in range(64):
            const = gray(c << k)
            assert all(gray((c << k) + y) == const ^ gray(y) for y in range(1 << k))
            assert (const % (1 << k) != 0) == (c % 2 == 1)
    assert gray(1 << 2) % 4 == 2          # c = 1, k = 2: g(4) = 6 is not "high"
    ruler = gl.CoinTurning("ruler")
    for i in range(1, 1 << 10):
        r = i & -i
        assert r not in {gray(i - 1) ^ gray(x) for x in range(i)}
        assert {gray(i - 1) ^ gray(x) for x in range(i - r, i)} == set(range(r))
        if i < 13:
            assert ruler.head_value(i) == r == gl.search_grundy(ruler, "T" * (i - 1) + "H")


def test_lecture09_registered_checks():
    from gamelab.exercises import check as ck
    from gamelab.exercises.coins import mock_turtles_winning_moves, ruler_p_pairs
    mock = gl.CoinTurning("mock_turtles")
    assert mock_turtles_winning_moves() == set(gl.search_winning_moves(mock, "HTTHHTHTH"))
    assert ruler_p_pairs() == {(1, 3), (1, 5), (1, 7), (2, 6), (3, 5), (3, 7), (5, 7)}
    assert ruler_p_pairs() == {(i, j) for i in range(1, 9) for j in range(i + 1, 9)
                               if (i & -i) == (j & -j)}
    assert ck.verify("ex-09-2", mock_turtles_winning_moves())[0]
    assert ck.verify("ex-09-3", ruler_p_pairs())[0]
    assert ck.verify("ex-09-2", ...)[1] == "✗ ex-09-2: not answered yet."
    ok, report = ck.verify("ex-09-3", ruler_p_pairs() - {(2, 6)})
    assert not ok and "(2, 6)" not in report
    ok, report = ck.verify("ex-09-2", list(mock_turtles_winning_moves()))
    assert not ok and "type" in report
    turtles = gl.CoinTurning("one_or_two")
    cases = ck.exercise("hiho1172").all_cases()
    assert cases[0] == judge_sample("hiho1172")[0]
    short = 0
    for text in cases:
        n, row = text.split()
        if int(n) <= 12:
            expected = "Alice" if gl.search_outcome(turtles, row) == "N" else "Bob"
            assert hiho1172(text) == expected
            short += 1
    assert short >= 10 and ck.verify("hiho1172", hiho1172)[0]
    assert not ck.verify("hiho1172", lambda text: "Alice")[0]


# ---------------------------------------------------------------------------
# lecture 12: the seeds' rules for trees and graphs

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


def test_exercise_09_4_mock_turtles_parity_of_heads():
    mock = gl.CoinTurning("mock_turtles")
    for n in range(1, 10):
        for t in itertools.product("HT", repeat=n):
            row, heads = "".join(t), t.count("H")
            moves = gl.winning_moves(mock, row)
            if heads % 2:
                assert moves, row
            turned = {sum(a != b for a, b in zip(row, o)) for o in moves}
            assert turned <= ({1, 3} if heads % 2 else {2}), row


# ---------------------------------------------------------------------------
# lecture 12: the colon principle's hypothesis, one cycle on a vertex, trees

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


# ---------------------------------------------------------------------------
# lecture 13: the put-back games

def putback(n, cap):
    return [n - s for s in (1, 3, 4) if s <= n] + ([n + 1] if 1 <= n < cap else [])


def test_putback_subtraction_labels_for_every_cap_from_8():
    for cap in range(8, 41):
        labels = [gl.loopy_outcome(lambda n, cap=cap: putback(n, cap), n) for n in range(cap + 1)]
        assert "".join(labels[:7]) == "PNPNNNN" and set(labels[7:]) == {"D"}


def test_putback_subtraction_cap_7_and_the_takes_from_8_and_11():
    cap7 = [gl.loopy_outcome(lambda n: putback(n, 7), n) for n in range(8)]
    assert "".join(cap7) == "PNPNNNNP"
    label = lambda n: gl.loopy_outcome(lambda m: putback(m, 15), n)
    first_draw = next(n for n in range(7, 16) if any(label(n - s) == "D" for s in (1, 3, 4)))
    first_all = next(n for n in range(7, 16) if all(label(n - s) == "D" for s in (1, 3, 4)))
    assert (first_draw, first_all) == (8, 11)
    assert not any(label(n - s) == "P" for n in range(7, 16) for s in (1, 3, 4))


def test_exercise_13_4_putback_nim_two_nonempty_heaps_draw_from_cap_2():
    for cap in range(1, 6):
        heap = lambda n, cap=cap: list(range(n)) + ([n + 1] if 1 <= n < cap else [])

        def pair(p):
            a, b = p
            return [(x, b) for x in heap(a)] + [(a, y) for y in heap(b)]

        outcomes = {(a, b): gl.loopy_outcome(pair, (a, b))
                    for a in range(1, cap + 3) for b in range(1, cap + 3)}
        if cap == 1:
            assert all((o == "P") == (a == b) for (a, b), o in outcomes.items())
        else:
            assert set(outcomes.values()) == {"D"}
