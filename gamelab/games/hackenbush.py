"""Green Hackenbush: cutting edges of trees and graphs (树上删边, 无向图删边).

A picture is a graph drawn on the ground: one vertex, ``ground``, stands on
the ground line.  A move removes one edge, and every edge no longer
connected to the ground falls away.  The player who cannot move (nothing is
left standing) loses.

Three principles give the value of any picture without searching:

* **Stalks.**  A path of n edges hanging from the ground is a Nim heap of n:
  cutting its k-th edge leaves a path of k - 1.
* **Colon principle (trees).**  Branches meeting at a vertex can be replaced
  by one stalk whose length is the XOR of the branches' values.  So for a
  tree the value of a vertex v is the XOR over its children c of
  ``1 + value(c)`` (a leaf is worth 0), and the tree is worth its root's value.
* **Fusion principle (graphs).**  The vertices of any cycle may be fused into
  one vertex without changing the value; the cycle's edges become loops, and
  a loop is worth 1 (a stalk of one edge).  An odd cycle thus becomes one
  loop, an even cycle nothing.

The evaluator used by :meth:`GreenHackenbush.grundy` combines them: find the
bridges; contract each 2-edge-connected component to one vertex (every
non-bridge edge lies on a cycle, and contracting keeps that so, so the whole
component fuses); the component keeps its non-bridge edges as loops, worth
their number mod 2; the bridges form a tree rooted at the ground's component,
evaluated by the colon principle.  The tests check it against plain search on
random graphs with loops and parallel edges.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 7 ("Hackenbush"), A K Peters (2001).
.. [2] T. S. Ferguson, *Game Theory*, part I, §5.4 ("Green Hackenbush"),
   https://www.math.ucla.edu/~tom/Game_Theory/comb.pdf
"""
from __future__ import annotations

import random

from .._validate import check_bool, check_hashable, check_int
from ..engine import Game, xor_values

__all__ = ["GreenHackenbush", "random_tree", "random_graph", "stalk"]


def _vertex_key(v):
    return (0, type(v).__name__, v) if isinstance(v, (int, str)) and not isinstance(v, bool) \
        else (1, type(v).__name__, repr(v))


def _edge_key(e):
    return (_vertex_key(e[0]), _vertex_key(e[1]))


def _sorted_vertices(u, v):
    return (u, v) if _vertex_key(u) <= _vertex_key(v) else (v, u)


class GreenHackenbush(Game):
    """Green Hackenbush on a graph with one ground vertex.

    Parameters
    ----------
    ground : hashable, default 0
        The vertex standing on the ground.

    Positions are tuples of edges ``(u, v)``; loops ``(u, u)`` and parallel
    edges are allowed.  The canonical form (what :meth:`validate` and
    :meth:`options` return) writes each edge with its smaller end first,
    drops the edges not connected to ``ground`` (they have already fallen)
    and sorts the edges, so equal pictures compare equal.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.GreenHackenbush()
    >>> g.validate(((2, 1), (0, 1), (5, 6)))      # (5, 6) is not connected: it has fallen
    ((0, 1), (1, 2))
    >>> gl.grundy(g, ((0, 1), (1, 2), (2, 3)))    # a stalk of 3 edges is a Nim heap of 3
    3
    >>> gl.grundy(g, ((0, 1), (1, 2), (1, 3)))    # colon principle: 1 + (1 ^ 1) = 1
    1
    >>> triangle = ((0, 1), (1, 2), (2, 0))
    >>> gl.grundy(g, triangle), gl.search_grundy(g, triangle)   # odd cycle: one loop
    (1, 1)
    >>> gl.winning_moves(g, ((0, 1), (1, 2), (0, 3)))         # stalks 2 and 1: cut the top of 2
    [((0, 1), (0, 3))]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 7.
    .. [2] Ferguson, *Game Theory*, part I, §5.4.
    """

    name = "Green Hackenbush"

    def __init__(self, ground=0):
        self.ground = check_hashable(ground, "ground")

    def __repr__(self):
        return f"GreenHackenbush(ground={self.ground!r})"

    # -- positions ----------------------------------------------------------------
    def _check_edges(self, position, name="position"):
        if not isinstance(position, tuple):
            raise TypeError(
                f"{name} must be a tuple of edges (u, v), got {type(position).__name__} "
                f"{position!r}")
        edges = []
        for k, e in enumerate(position):
            if not isinstance(e, tuple):
                raise TypeError(
                    f"{name}[{k}] must be an edge given as a tuple (u, v), got "
                    f"{type(e).__name__} {e!r}")
            if len(e) != 2:
                raise ValueError(
                    f"{name}[{k}] must be a pair (u, v) of vertices, got {len(e)} entries: {e!r}")
            u, v = e
            for end in (u, v):
                try:
                    hash(end)
                except TypeError:
                    raise TypeError(
                        f"{name}[{k}] has an unhashable vertex {end!r} "
                        "(use numbers, strings or tuples)") from None
            edges.append(_sorted_vertices(u, v))
        return edges

    def _standing(self, edges):
        """The edges connected to the ground, canonical and sorted."""
        return _standing_of(edges, self.ground)

    def validate(self, position):
        return self._standing(self._check_edges(position))

    def options(self, position):
        """Positions after cutting each edge (in canonical edge order; parallel edges give one option)."""
        edges = self.validate(position)
        out = []
        seen = set()
        for k in range(len(edges)):
            if k and edges[k] == edges[k - 1]:
                continue
            o = self._standing(edges[:k] + edges[k + 1:])
            if o not in seen:
                seen.add(o)
                out.append(o)
        return out

    def move_label(self, position, option):
        """Which edge a move cuts, in words (for the play widget)."""
        edges = self.validate(position)
        for e, o in self.cuts(edges):
            if o == option:
                fallen = len(edges) - len(option) - 1
                return f"cut {e[0]}–{e[1]}" + (f" ({fallen} more fall)" if fallen > 0 else "")
        return f"move to {option!r}"

    def cuts(self, position):
        """Pairs ``(edge, option)``: each distinct edge and the position after cutting it."""
        edges = self.validate(position)
        out = []
        for k in range(len(edges)):
            if k and edges[k] == edges[k - 1]:
                continue
            out.append((edges[k], self._standing(edges[:k] + edges[k + 1:])))
        return out

    # -- values ---------------------------------------------------------------------
    def grundy(self, position):
        """Value by the fusion and colon principles (bridges, components, tree)."""
        return _evaluate(self.validate(position), self.ground)

    def edge_values(self, position):
        """For each distinct edge, the value of the position after cutting it.

        A winning cut is one whose value is 0.

        >>> GreenHackenbush().edge_values(((0, 1), (1, 2), (0, 3)))
        [((0, 1), 1), ((0, 3), 2), ((1, 2), 0)]
        """
        return [(e, _evaluate(o, self.ground)) for e, o in self.cuts(position)]

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return super().winning_moves(position, misere=True)
        if _evaluate(position, self.ground) == 0:
            return []
        wins, out, seen = _winning_edges(position, self.ground), [], set()
        for k in sorted(wins):
            if k and position[k] == position[k - 1] and k - 1 in wins:
                continue
            o = self._standing(position[:k] + position[k + 1:])
            if o not in seen:
                seen.add(o)
                out.append(o)
        return out


def _standing_of(edges, ground):
        """The edges connected to the ground, canonical and sorted."""
        adj = {}
        for k, (u, v) in enumerate(edges):
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
        if ground not in adj:
            return ()
        seen = {ground}
        stack = [ground]
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        keep = [e for e in edges if e[0] in seen]
        keep.sort(key=_edge_key)
        return tuple(keep)


def _evaluate(edges, ground):
    """Value of canonical standing ``edges`` by bridges + fusion + colon principle."""
    if not edges:
        return 0
    value, root = _analyse(edges, ground)[:2]
    return value[root]


def _analyse(edges, ground):
    """``(value, root, comp, bridge, parent, loops)``: the bridge tree of ``edges``
    (components named by a vertex, ``bridge`` the ids of the bridges, ``parent``
    towards the ground's component ``root``) and each component's value."""
    # adjacency with edge ids (loops are never bridges and are left out of the DFS)
    adj = {}
    loops_at = {}
    for k, (u, v) in enumerate(edges):
        if u == v:
            loops_at[u] = loops_at.get(u, 0) + 1
            adj.setdefault(u, [])
            continue
        adj.setdefault(u, []).append((v, k))
        adj.setdefault(v, []).append((u, k))
    # bridges by an iterative DFS (low-link over edge ids, so parallel edges are no bridges)
    disc = {}
    low = {}
    bridge = set()
    timer = 0
    disc[ground] = low[ground] = timer
    stack = [(ground, -1, iter(adj[ground]))]
    while stack:
        x, via, it = stack[-1]
        advanced = False
        for y, k in it:
            if k == via:
                continue
            if y in disc:
                if disc[y] < low[x]:
                    low[x] = disc[y]
            else:
                timer += 1
                disc[y] = low[y] = timer
                stack.append((y, k, iter(adj[y])))
                advanced = True
                break
        if not advanced:
            stack.pop()
            if stack:
                p = stack[-1][0]
                if low[x] < low[p]:
                    low[p] = low[x]
                if low[x] > disc[p]:
                    bridge.add(via)
    # 2-edge-connected components: connected through non-bridge edges
    comp = {}
    for s in adj:
        if s in comp:
            continue
        comp[s] = s
        todo = [s]
        while todo:
            x = todo.pop()
            for y, k in adj[x]:
                if k not in bridge and y not in comp:
                    comp[y] = s
                    todo.append(y)
    # loops of each component: its non-bridge edges (cycle edges and real loops)
    loops = {}
    for k, (u, v) in enumerate(edges):
        if k not in bridge:
            c = comp[u]
            loops[c] = loops.get(c, 0) ^ 1
    # the bridge tree, rooted at the ground's component; colon principle bottom-up
    tree = {}
    for k in bridge:
        a, b = comp[edges[k][0]], comp[edges[k][1]]
        tree.setdefault(a, []).append(b)
        tree.setdefault(b, []).append(a)
    root = comp[ground]
    order = [root]
    parent = {root: _evaluate}  # a marker no vertex equals (a vertex may be None)
    for x in order:
        for y in tree.get(x, ()):
            if y not in parent:
                parent[y] = x
                order.append(y)
    value = {}
    for x in reversed(order):
        children = (y for y in tree.get(x, ()) if parent[y] is not _evaluate and parent[y] == x)
        value[x] = xor_values([loops.get(x, 0)] + [1 + value[y] for y in children])  # colon principle
    return value, root, comp, bridge, parent, order


def _winning_edges(edges, ground):
    """Ids of the edges whose cut leaves value 0, in linear time where it can.

    Top down, ``need[x]`` is the value the subtree of component ``x`` must
    take for the whole to be 0 (``None``: impossible).  Cutting the bridge
    above ``c`` leaves its parent ``rest``; cutting a loop flips its
    component's value by 1; cutting an edge of a cycle is evaluated directly.
    """
    value, root, comp, bridge, parent, order = _analyse(edges, ground)
    need = {root: 0}
    for x in order[1:]:
        p = parent[x]
        rest = value[p] ^ (1 + value[x])
        need[x] = None if need[p] is None or rest == need[p] else (rest ^ need[p]) - 1
    wins = set()
    for k, (u, v) in enumerate(edges):
        if k in bridge:
            a, b = comp[u], comp[v]
            x = b if parent[b] is not _evaluate and parent[b] == a else a
            p = parent[x]
            if need[p] is not None and value[p] ^ (1 + value[x]) == need[p]:
                wins.add(k)
        elif need[comp[u]] is None:
            continue
        elif u == v:
            if value[comp[u]] ^ 1 == need[comp[u]]:
                wins.add(k)
        elif _evaluate(_standing_of(edges[:k] + edges[k + 1:], ground), ground) == 0:
            wins.add(k)
    return wins


# ---------------------------------------------------------------------------
# pictures to play on

def stalk(n, ground=0):
    """A path of ``n`` edges standing on ``ground``: ``((ground, 1), (1, 2), ...)``.

    >>> stalk(3)
    ((0, 1), (1, 2), (2, 3))
    """
    n = check_int(n, "n")
    check_hashable(ground, "ground")
    verts = [ground] + list(range(1, n + 1))
    if ground in verts[1:]:
        verts = [ground] + [f"v{k}" for k in range(1, n + 1)]
    return tuple((verts[k], verts[k + 1]) for k in range(n))


def random_tree(n_edges, seed=0):
    """A random tree with ``n_edges`` edges on vertices ``0 .. n_edges``, rooted at 0.

    Vertex k (k >= 1) hangs from a vertex chosen at random among ``0 .. k-1``.
    Deterministic for a given ``seed``.

    >>> random_tree(4, seed=1)
    ((0, 1), (0, 2), (1, 3), (0, 4))
    """
    n_edges = check_int(n_edges, "n_edges")
    seed = check_int(seed, "seed", minimum=None)
    rng = random.Random(seed)
    return tuple((rng.randrange(k), k) for k in range(1, n_edges + 1))


def random_graph(n_edges, seed=0, *, n_vertices=None, loops=True):
    """A random connected picture with ``n_edges`` edges, standing on vertex 0.

    It starts as a random tree on ``n_vertices`` vertices (default: about two
    thirds of the edges) and adds the remaining edges at random between
    vertices already placed — which makes cycles, parallel edges and (if
    ``loops``) loops.  Deterministic for a given ``seed``.

    >>> random_graph(5, seed=2)
    ((0, 1), (0, 2), (0, 3), (1, 2), (2, 2))
    """
    n_edges = check_int(n_edges, "n_edges")
    seed = check_int(seed, "seed", minimum=None)
    check_bool(loops, "loops")
    if n_vertices is None:
        n_vertices = max(1 if loops else 2, (2 * n_edges + 2) // 3)
    n_vertices = check_int(n_vertices, "n_vertices", minimum=1)
    if n_edges == 0:
        return ()
    if n_vertices == 1 and not loops:
        raise ValueError("n_vertices must be >= 2 for a picture with edges and no loops")
    n_vertices = min(n_vertices, n_edges + 1)
    rng = random.Random(seed)
    edges = [(rng.randrange(k), k) for k in range(1, n_vertices)]
    while len(edges) < n_edges:
        u = rng.randrange(n_vertices)
        v = rng.randrange(n_vertices)
        if u == v and not loops:
            continue
        edges.append((u, v))
    return tuple(sorted(_sorted_vertices(u, v) for u, v in edges))
