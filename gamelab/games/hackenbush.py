"""Green Hackenbush: cutting edges of trees and graphs (树上删边, 无向图删边).

A picture is a graph drawn on the ground: one vertex, ``ground``, stands on
the ground line.  A move removes one edge, and every edge no longer
connected to the ground falls away.  The player who cannot move (nothing is
left standing) loses.

Three principles give the value of any picture without searching:

* **Stalks.**  A path of n edges hanging from the ground is a Nim heap of n:
  cutting its k-th edge leaves a path of k - 1.
* **Colon principle (trees).**  Branches that meet the rest of the picture
  only at one vertex (and touch the ground nowhere else) can be replaced by
  one stalk whose length is the XOR of the branches' values.  So for a
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
.. [2] T. S. Ferguson, *Game Theory*, part I, ch. 6 ("Green Hackenbush"),
   https://www.math.ucla.edu/~tom/Game_Theory/comb.pdf
"""
from __future__ import annotations

import decimal
import numbers
import random

from ..board import Edges
from .._validate import as_tuple, check_bool, check_int
from ..engine import Game, xor_values
from ..i18n import gettext as _

__all__ = ["GreenHackenbush", "random_tree", "random_graph", "stalk"]


def _safe_repr(v):
    """``repr(v)``, or a stand-in when ``repr`` itself fails (in messages and sort keys)."""
    try:
        return repr(v)
    except Exception:
        return f"<{type(v).__name__} object>"


def _check_vertex(v, name):
    """Return ``v`` as a vertex: hashable, and equal to itself with ``==`` saying ``True``.

    Vertices are dictionary keys, and a key that is not equal to itself
    (``float("nan")``) is found only through its identity, so a picture drawn
    with it would mean different things to different parts of the program.
    A numpy number is read as the Python number it holds (numpy's ``==``
    against a tuple answers with an array, not ``True`` or ``False``).

    >>> _check_vertex("a", "ground")
    'a'
    >>> _check_vertex(float("nan"), "ground")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: ground has a vertex nan that is not equal to itself (v == v is false, ...
    """
    try:
        hash(v)
    except Exception:
        raise TypeError(f"{name} has an unhashable vertex {_safe_repr(v)} "
                        "(use numbers, strings or tuples)") from None
    v = _python_number(v)
    try:
        same = v == v
        if type(same) is not bool:
            raise TypeError(f"v == v gave {type(same).__name__}, not True or False")
    except Exception as exc:
        raise TypeError(f"{name} has a vertex {_safe_repr(v)} that cannot be compared with "
                        f"itself ({type(exc).__name__}: {exc}); use numbers, strings or "
                        "tuples") from None
    if not same:
        raise ValueError(f"{name} has a vertex {_safe_repr(v)} that is not equal to itself "
                         "(v == v is false, as for float('nan')); use numbers, strings or tuples")
    return v


def _python_number(v):
    """A numpy number as the Python number it holds; any other vertex as it is."""
    if type(v).__module__ == "numpy" and hasattr(v, "item"):
        try:
            return v.item()
        except Exception:
            return v
    return v


def _vertex(v):
    """The vertex ``v`` stands for, or ``None`` when :func:`_check_vertex` would refuse it."""
    try:
        hash(v)
        v = _python_number(v)
        return (v,) if (v == v) is True else None
    except Exception:
        return None


def _vertex_key(v):
    """Sort key of a vertex, the same for vertices that are equal.

    Numbers (``0``, ``0.0``, ``False``, ``Fraction(1, 2)``, ``Decimal("0.5")``)
    sort by value, before strings, ``None``, bytes, frozensets (by their sorted members) and
    tuples (entry by entry); anything else sorts after them, by type name,
    ``repr`` and hash.  Equal vertices of those other types get one key only
    when they have one type and one ``repr``.
    """
    try:
        return _key(v)
    except RecursionError:          # a vertex nested deeper than the key can follow
        return (9, type(v).__name__, _safe_repr(v), hash(v))


def _key(v):
    if isinstance(v, (numbers.Real, decimal.Decimal)):
        return (0, v)
    if isinstance(v, numbers.Complex) and v.imag == 0:
        return (0, v.real)
    if isinstance(v, str):
        return (1, v)
    if v is None:
        return (2,)
    if isinstance(v, bytes):
        return (3, v)
    if isinstance(v, frozenset):
        return (4, tuple(sorted(_key(x) for x in v)))
    if isinstance(v, tuple):
        return (5, tuple(_key(x) for x in v))
    return (9, type(v).__name__, _safe_repr(v), hash(v))


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
    edges are allowed.  A vertex is any hashable value that is equal to itself
    (``float("nan")`` is refused): vertices are dictionary keys, so vertices
    that compare equal are one vertex — ``0``, ``0.0`` and ``False`` are the
    same vertex, as they are the same key of a ``dict``.  A numpy number is
    read as the Python number it holds.

    The canonical form (what :meth:`validate` and :meth:`options` return)
    writes every vertex as one of the vertices equal to it (``ground`` itself
    for the ground, otherwise the first one given), writes each edge with its
    smaller end first, drops the edges not connected to ``ground`` (they have
    already fallen) and sorts the edges, so equal pictures compare equal.  Numbers sort by value, then strings, ``None``,
    bytes, frozensets and tuples; vertices of other types sort by type name
    and ``repr``, so two such vertices that are equal but differ in type or
    ``repr`` may leave two canonical forms of one picture (the same value).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.GreenHackenbush()
    >>> g.validate(((2, 1), (0, 1), (5, 6)))      # (5, 6) is not connected: it has fallen
    ((0, 1), (1, 2))
    >>> g.validate(((0.0, 1), (True, 2)))        # 0.0 is the ground 0; True is the vertex 1
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
    .. [2] Ferguson, *Game Theory*, part I, ch. 6.
    """

    #: every cut removes an edge: every play ends
    always_ends = True
    name = "Green Hackenbush"

    def __init__(self, ground=0):
        self.ground = _check_vertex(ground, "ground")
        if not (type(self.ground) is int and self.ground == 0):
            self.name = f"Green Hackenbush, ground {_safe_repr(self.ground)}"

    def __repr__(self):
        return f"GreenHackenbush(ground={_safe_repr(self.ground)})"

    # -- positions ----------------------------------------------------------------
    def _check_edges(self, position, name="position"):
        """The edges of ``position``, checked, each vertex its representative, ends sorted
        (lists read as the tuples they spell)."""
        position = as_tuple(position)
        if not isinstance(position, tuple):
            raise TypeError(
                f"{name} must be a tuple of edges (u, v), got {type(position).__name__} "
                f"{_safe_repr(position)}")
        rep = {}        # vertex -> the representative of the vertices equal to it
        for k, e in enumerate(position):
            if not isinstance(e, tuple):
                raise TypeError(
                    f"{name}[{k}] must be an edge given as a tuple (u, v), got "
                    f"{type(e).__name__} {_safe_repr(e)}")
            if len(e) != 2:
                raise ValueError(
                    f"{name}[{k}] must be a pair (u, v) of vertices, got {len(e)} entries: "
                    f"{_safe_repr(e)}")
            for end in e:
                checked = _vertex(end)
                if checked is None:
                    _check_vertex(end, f"{name}[{k}] = {_safe_repr(e)}")   # raises, saying why
                rep.setdefault(checked[0], checked[0])
        if self.ground in rep:
            rep[self.ground] = self.ground
        return [_sorted_vertices(rep[_python_number(u)], rep[_python_number(v)])
                for u, v in position]

    def _standing(self, edges):
        """The edges connected to the ground, canonical and sorted."""
        return _standing_of(edges, self.ground)

    def validate(self, position):
        return self._standing(self._check_edges(position))

    def position_hint(self, position):
        """A position is a tuple of edges; :func:`stalk` makes a stalk of ``n`` edges."""
        n = position if type(position) is int and position >= 0 else "n"
        return (f"a position of {self.name} is a tuple of edges (u, v), such as "
                f"((0, 1), (1, 2)) standing on the ground {_safe_repr(self.ground)}; "
                f"gl.stalk({n}) is a stalk of {n} edges")

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
        """Which edge a move cuts, in words; ``None`` if ``option`` is not an option."""
        edges = self.validate(position)
        try:
            option = self.validate(option)
        except (TypeError, ValueError):
            return None          # not a position of this game: no words for it
        for e, o in self.cuts(edges):
            if o == option:
                fallen = len(edges) - len(option) - 1
                if fallen > 0:
                    return _("cut {a}–{b} ({fallen} more fall)").format(a=e[0], b=e[1],
                                                                         fallen=fallen)
                return _("cut {a}–{b}").format(a=e[0], b=e[1])
        return None              # not a move from this position

    def board(self, position):
        """The picture: :class:`gamelab.board.Edges` of the standing edges on ``ground``.

        >>> GreenHackenbush().board(((1, 0), (5, 6)))
        Edges(edges=((0, 1),), ground=0)
        """
        return Edges(self.validate(position), self.ground)

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
    ground = _check_vertex(ground, "ground")
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
