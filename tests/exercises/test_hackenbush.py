"""gamelab.exercises.references.hackenbush: the registered exercises of lecture 12 (Green
Hackenbush): references by search, checks."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.exercises.references import hackenbush as ex
from gamelab.exercises.check import verify
from gamelab.games.hackenbush import random_tree


def test_winner_and_cut():
    T = gl.GreenHackenbush(ground=1)
    assert gl.search_outcome(T, ex.TREE1) == "N"
    winner, cut = ex.winner_and_cut()
    rest = T.validate(tuple(e for e in ex.TREE1 if e != cut))
    assert winner == "Alice" and gl.search_outcome(T, rest) == "P"
    assert verify("ex-12-1", (winner, cut))[0]
    assert not verify("ex-12-1", ("Bob", cut))[0]
    assert not verify("ex-12-1", (winner, (1, 2)))[0]
    assert verify("ex-12-1", ...) == (False, "✗ ex-12-1: not answered yet.")


def test_picture_value_and_cuts():
    assert ex.picture_value() == gl.grundy(gl.GreenHackenbush(ground=1), ex.PICTURE2)
    assert verify("ex-12-2", ex.picture_value())[0]
    assert not verify("ex-12-2", ex.picture_value() + 1)[0]
    G = gl.GreenHackenbush()
    assert ex.graph_cuts() == [e for e, v in G.edge_values(ex.GRAPH3) if v == 0]
    assert verify("ex-12-3", ex.graph_cuts())[0]
    assert not verify("ex-12-3", [])[0]


def colon(edges, root):
    adj = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)

    def value(x, parent):
        out = 0
        for y in adj.get(x, ()):
            if y != parent:
                out ^= 1 + value(y, x)
        return out

    return value(root, None)


def test_tree_value_exercise():
    for n in range(9):
        for seed in range(5):
            t = random_tree(n, seed)
            assert ex.tree_value(t, 0) == colon(t, 0)
    assert verify("ex-12-4", colon)[0]
    ok, report = verify("ex-12-4", lambda edges, root: len(edges))
    assert not ok and "wrong on case" in report


@pytest.mark.parametrize("bad", [None, 3])
def test_winning_cuts_bad_input(bad):
    with pytest.raises((TypeError, ValueError)):
        ex.winning_cuts(bad)
