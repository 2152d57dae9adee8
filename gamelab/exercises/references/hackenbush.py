"""Exercises of the Green Hackenbush lecture (12).

The references compute by plain search (:func:`gamelab.search_outcome`,
:func:`gamelab.search_grundy`), not with the colon and fusion principles the
lecture teaches, so a check never assumes what the student is proving.
All are registered with :func:`gamelab.exercises.check.register`.

* ``ex-12-1`` — who wins a rooted tree, and the one winning cut.
* ``ex-12-2`` — the value of three pictures with cycles on one vertex.
* ``ex-12-3`` — every winning cut of the explorer's random graph.
* ``ex-12-4`` — the colon principle as code: the value of a rooted tree.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 7.
"""
from __future__ import annotations

from ... import engine
from ...games.hackenbush import GreenHackenbush, random_graph, random_tree
from ..check import register
from ...i18n import gettext_noop as N_

__all__ = ["TREE1", "PICTURE2", "GRAPH3", "winner_and_cut", "picture_value",
           "winning_cuts", "tree_value"]

#: Exercise 12-1: a tree on vertices 1..7, rooted at 1.
TREE1 = ((1, 2), (1, 3), (2, 4), (2, 5), (3, 6), (6, 7))
#: Exercise 12-2: a triangle, a square and a loop, each on an edge from vertex 1.
PICTURE2 = ((1, 2), (2, 3), (3, 4), (4, 2), (1, 5), (5, 6), (6, 7), (7, 8), (8, 5),
            (1, 9), (9, 9))
#: Exercise 12-3: the explorer's random graph with 10 edges, seed 4 (ground 0).
GRAPH3 = random_graph(10, 4)


def winning_cuts(edges, ground=0):
    """The distinct edges whose cut leaves a P-position, by plain search, sorted.

    >>> winning_cuts(((0, 1), (1, 2), (0, 3)))
    [(1, 2)]
    """
    game = GreenHackenbush(ground)
    edges = game.validate(edges)
    out = []
    for e in sorted(set(edges), key=repr):
        rest = list(edges)
        rest.remove(e)
        if engine.search_outcome(game, game.validate(tuple(rest))) == "P":
            out.append(e)
    return out


def winner_and_cut():
    """Exercise 12-1: ``(winner, edge)`` for :data:`TREE1`, Alice moving first.

    >>> winner_and_cut()
    ('Alice', (3, 6))
    """
    game = GreenHackenbush(ground=1)
    winner = "Alice" if engine.search_outcome(game, TREE1) == "N" else "Bob"
    cuts = winning_cuts(TREE1, ground=1)
    if len(cuts) != 1:           # the statement asks for "the" winning cut
        raise AssertionError(f"exercise 12-1 expects one winning cut, search finds {cuts}")
    return winner, cuts[0]


def picture_value():
    """Exercise 12-2: the value of :data:`PICTURE2` standing on vertex 1.

    >>> picture_value()
    1
    """
    return engine.search_grundy(GreenHackenbush(ground=1), PICTURE2)


def graph_cuts():
    """Exercise 12-3: every winning cut of :data:`GRAPH3`, sorted.

    >>> graph_cuts()
    [(1, 6)]
    """
    return winning_cuts(GRAPH3)


def tree_value(edges, root):
    """Exercise 12-4: the value of a tree (a tuple of edges) standing on ``root``.

    >>> tree_value(((0, 1), (1, 2), (1, 3)), 0)
    1
    """
    return engine.search_grundy(GreenHackenbush(ground=root), edges)


def _tree_cases(rng):
    cases = [((), 0), (((0, 1),), 0), (((5, 3),), 3), (TREE1, 1)]
    for n in range(1, 11):
        t = random_tree(n, rng.randrange(10**6))
        if rng.random() < 0.5:                   # renumber, and stand it on another vertex
            names = list(range(n + 1))
            rng.shuffle(names)
            t = tuple((names[u], names[v]) if rng.random() < 0.5 else (names[v], names[u])
                      for u, v in t)
            cases.append((t, names[0]))
        else:
            cases.append((t, 0))
    return cases


register("ex-12-1", kind="value", reference=winner_and_cut,
         hint=N_("work up from the leaves: a vertex is worth the XOR of 1 + "
                 "(each branch above it)"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("ex-12-2", kind="value", reference=picture_value,
         hint=N_("fuse each cycle into one vertex: its edges become loops, worth 1 each"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("ex-12-3", kind="value", reference=graph_cuts,
         hint=N_("a winning cut leaves value 0; the picture's labels say what each cut leaves"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("ex-12-4", kind="function", reference=tree_value, cases=_tree_cases)
