"""Exercises of the loopy-games lecture (13).

The references compute with gamelab's loopy labelling (:func:`gamelab.loopy_outcome`,
:func:`gamelab.loopy_grundy`), which the tests check against plain
retrograde analysis and against product graphs.  All are registered with
:func:`gamelab.exercises.check.register`.

* ``ex-13-1`` — every D-position of a random directed graph.
* ``ex-13-2`` — retrograde analysis as code: P, N or D for every node.
* ``ex-13-3`` — the sum rule as code: the outcome of a sum from γ values.

References
----------
.. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966).
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 2, ch. 12.
"""
from __future__ import annotations

from ... import loopy
from ..check import register
from ...i18n import gettext_noop as N_

__all__ = ["GRAPH1", "draw_positions", "outcomes", "sum_outcome"]

#: Exercise 13-1: the random graph whose draws are asked for.
GRAPH1 = loopy.random_digraph(9, 30, seed=16)


def draw_positions():
    """Exercise 13-1: the D-positions of :data:`GRAPH1`, sorted.

    >>> draw_positions()
    [1, 4, 5]
    """
    return sorted(u for u in GRAPH1.nodes if loopy.loopy_outcome(GRAPH1, u) == "D")


def outcomes(adjacency):
    """Exercise 13-2: ``{node: "P"/"N"/"D"}`` for a dict ``node -> list of nodes``.

    >>> outcomes({0: [], 1: [0, 2], 2: [2]})
    {0: 'P', 1: 'N', 2: 'D'}
    """
    game = loopy.Digraph(adjacency)
    return {u: loopy.loopy_outcome(game, u) for u in adjacency}


def sum_outcome(values):
    """Exercise 13-3: the outcome of a sum whose components have γ ``values``.

    >>> import gamelab as gl
    >>> sum_outcome([2, gl.Infinity({1, 2})]), sum_outcome([3, gl.Infinity({1, 2})])
    ('N', 'D')
    >>> sum_outcome([gl.Infinity({0})] * 2)
    'D'
    """
    total = 0
    for v in values:
        total = total ^ v
    return loopy.value_outcome(total)


def _graph_cases(rng):
    cases = [({0: []},), ({0: [0]},), ({0: [1], 1: [0]},), ({0: [1], 1: [0, 2], 2: []},)]
    for _ in range(16):
        n = rng.randint(1, 9)
        g = loopy.random_digraph(n, rng.choice([15, 25, 40]), seed=rng.randrange(10**6))
        cases.append(({u: list(g.options(u)) for u in g.nodes},))
    return cases


def _value(rng, infinite):
    if infinite:
        return loopy.Infinity(k for k in range(5) if rng.random() < 0.4)
    return rng.randrange(8)


def _sum_cases(rng):
    cases = [([0],), ([5],), ([3, 3],), ([loopy.Infinity()],), ([loopy.Infinity({0})],),
             ([loopy.Infinity({2}), 2],), ([loopy.Infinity({2}), 3],),
             ([loopy.Infinity({0}), loopy.Infinity({0})],)]
    for _ in range(22):
        k = rng.randint(1, 4)
        n_inf = rng.choice([0, 0, 1, 1, 1, 2])
        vals = [_value(rng, i < n_inf) for i in range(max(k, n_inf))]
        rng.shuffle(vals)
        cases.append((vals,))
    return cases


register("ex-13-1", kind="value", reference=draw_positions,
         hint=N_("label backwards from the sinks; whatever is never labelled P or N is a draw"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("ex-13-2", kind="function", reference=outcomes, cases=_graph_cases)
register("ex-13-3", kind="function", reference=sum_outcome, cases=_sum_cases)
