"""Loopy impartial games: positions may repeat, and best play may draw.

In a game whose positions can come back, a play may go on for ever.  Such a
play is a *draw*: neither player wins.  Every position of a finite game graph
is then a P-position (the previous player can force a win), an N-position
(the next player can force a win) or a D-position (neither player can force a
win, and both can avoid losing).

C. A. B. Smith's *generalised Sprague–Grundy function* γ gives each position
either a finite value m or ∞ annotated with the set K of finite values among
its options (written ∞_K, here ``Infinity(K)``).  It extends the ordinary
Sprague–Grundy function (on a game without cycles the two agree) and it adds
over sums:

* 0 → P; finite non-zero → N; ∞_K → N when 0 ∈ K, else D;
* a sum of finite values is their XOR; one ∞_K among finite values XOR-ing
  to a gives ∞_{K ⊕ a}; two or more ∞ give ∞ with K empty (a draw).

γ is computed by the labelling of Smith and Fraenkel–Yesha on the positions
reachable from the query, iteratively (no recursion), in time about
(number of moves) × (number of distinct values).  Round m = 0, 1, 2, ...:

1. while some unlabelled position u has no option labelled m, and every
   option of u that is unlabelled or labelled ∞ has an option labelled m,
   label u with m;
2. label ∞ every unlabelled position without an option labelled m.

Values are remembered per game object, so a sweep over the positions of one
game costs one labelling.

References
----------
.. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81.
.. [2] A. S. Fraenkel and Y. Yesha, on the generalised Sprague–Grundy
   function, Discrete Appl. Math. 15 (1986); the labelling algorithm for γ.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., A K Peters (2001), vol. 2, ch. 12.
.. [4] A. N. Siegel, *Combinatorial Game Theory*, AMS (2013), ch. IV.
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping

from ._internal import CHECK_EVERY, too_many
from ._validate import SELF_EQUAL_TYPES, check_hashable, check_int, check_self_equal
from .engine import (
    Game,
    as_game,
    checked_position,
    game_memo,
    game_options,
    option_limit,
    search_clock,
    search_limit,
    too_many_options,
)
from .values import xor_values

__all__ = [
    "Infinity",
    "loopy_grundy",
    "loopy_outcome",
    "loopy_winning_moves",
    "loopy_drawing_moves",
    "loopy_values",
    "value_outcome",
    "retrograde",
    "Digraph",
    "random_digraph",
    "GALLERY",
]


class Infinity:
    """The generalised Sprague–Grundy value ∞_K.

    Parameters
    ----------
    finite_options : iterable of int
        K, the finite values among the position's options.

    Two ``Infinity`` values are equal when their sets K are equal.  The
    position is an N-position when 0 is in K, a draw otherwise.

    Examples
    --------
    >>> Infinity({2, 0})
    ∞{0, 2}
    >>> Infinity([0, 2]) == Infinity({2, 0}), Infinity() == Infinity({0})
    (True, False)
    >>> Infinity({1, 3}).outcome, Infinity({0, 3}).outcome
    ('D', 'N')
    """

    __slots__ = ("finite_options",)

    def __init__(self, finite_options=()):
        if isinstance(finite_options, (str, bytes)) or not isinstance(finite_options, Iterable):
            raise TypeError("finite_options must be an iterable of non-negative integers, "
                            f"got {type(finite_options).__name__} {finite_options!r}")
        values = frozenset(check_int(v, "finite_options[...]") for v in finite_options)
        object.__setattr__(self, "finite_options", values)

    def __setattr__(self, name, value):
        raise AttributeError("Infinity is immutable")

    @property
    def outcome(self):
        """``"N"`` when 0 is among the finite options, else ``"D"``."""
        return "N" if 0 in self.finite_options else "D"

    def __xor__(self, other):
        if isinstance(other, Infinity):
            return Infinity()
        if isinstance(other, int) and not isinstance(other, bool) and other >= 0:
            return Infinity(k ^ other for k in self.finite_options)
        return NotImplemented

    __rxor__ = __xor__

    def __eq__(self, other):
        if isinstance(other, Infinity):
            return self.finite_options == other.finite_options
        return NotImplemented

    def __hash__(self):
        return hash(("gamelab.Infinity", self.finite_options))

    def __repr__(self):
        return "∞{" + ", ".join(map(str, sorted(self.finite_options))) + "}"

    __str__ = __repr__

    def __reduce__(self):
        return (Infinity, (tuple(sorted(self.finite_options)),))


def value_outcome(value):
    """The outcome a generalised Sprague–Grundy value stands for.

    0 → ``"P"``; a finite non-zero value → ``"N"``; ∞ with 0 among its finite
    options → ``"N"``; any other ∞ → ``"D"``.

    >>> value_outcome(0), value_outcome(3), value_outcome(Infinity({0})), value_outcome(Infinity())
    ('P', 'N', 'N', 'D')
    """
    if isinstance(value, Infinity):
        return value.outcome
    return "P" if check_int(value, "value") == 0 else "N"


# ---------------------------------------------------------------------------
# the labelling

def _label(game, root, memo):
    """Give γ to every position reachable from ``root`` that ``memo`` lacks.

    A position in ``memo`` has all the positions it reaches in ``memo`` too,
    so the labelling of the new positions only needs the known values of the
    old ones (see the comments below for how they enter each round).  Only
    acyclic objects are made: the cyclic collector is paused meanwhile.  The
    positions, the moves held (every move is held at once here) and the CPU
    time are within the budget of :mod:`gamelab.engine`.
    """
    if root in memo:
        return
    with search_clock() as timer:
        _label_new(game, root, memo, timer)


def _label_new(game, root, memo, timer):
    limit, room, edges = search_limit(), option_limit(), 0
    index = {root: 0}
    order = [root]
    kids = []      # kids[i]: indices of the new positions among the options of i
    known = []     # known[i]: values of the options of i that memo already has
    queue = deque([root])
    while queue:
        pos = queue.popleft()
        mine, old = [], []
        if not len(kids) % CHECK_EVERY:  # one entry of kids per position listed
            timer.check(root)
        found = game_options(game, pos)
        edges += len(found)
        if edges > room:
            raise too_many_options(root, room)
        for o in found:
            j = index.get(o)
            if j is not None:
                mine.append(j)
            elif o in memo:
                old.append(memo[o])
            else:
                if type(o) not in SELF_EQUAL_TYPES:
                    check_self_equal(o, "an option")
                j = index[o] = len(order)
                order.append(o)
                if len(order) > limit:
                    raise too_many(root, limit)
                queue.append(o)
                mine.append(j)
        kids.append(mine)
        known.append(old)
    n = len(order)
    preds = [[] for _ in range(n)]
    for i, ks in enumerate(kids):
        for j in ks:
            preds[j].append(i)

    UNLABELLED, INF = -1, -2
    label = [UNLABELLED] * n
    with_known = [i for i in range(n) if known[i]]
    m = 0
    waiting = list(range(n))
    while True:
        waiting = [i for i in waiting if label[i] == UNLABELLED]
        if not waiting:
            break
        timer.check(root, work=len(waiting))  # a round looks at every position left
        # Known options enter round m as in a labelling of the whole graph: a
        # known m is labelled m; a known finite k > m is still unlabelled but
        # has an option labelled m (its options take every value below k); a
        # known ∞_K is unlabelled-or-∞ and has an option labelled m iff m ∈ K.
        has_m = [False] * n     # has an option labelled m
        for i in with_known:
            if label[i] < 0:
                has_m[i] = any(v == m for v in known[i] if not isinstance(v, Infinity))
        bad = [0] * n           # options unlabelled-or-∞ without an option labelled m
        for i in waiting:
            b = 0
            if known[i]:
                b = sum(1 for v in known[i]
                        if isinstance(v, Infinity) and m not in v.finite_options)
            for j in kids[i]:
                if label[j] < 0 and not has_m[j]:
                    b += 1
            bad[i] = b
        ready = [i for i in waiting if not has_m[i] and bad[i] == 0]
        while ready:
            x = ready.pop()
            if label[x] != UNLABELLED or has_m[x] or bad[x]:
                continue
            label[x] = m
            for p in preds[x]:
                if label[p] == UNLABELLED:
                    bad[p] -= 1          # x is labelled now, no longer counted
                if not has_m[p]:
                    has_m[p] = True
                    if label[p] < 0:     # p can now be reversed through m
                        for q in preds[p]:
                            if label[q] == UNLABELLED:
                                bad[q] -= 1
                                if bad[q] == 0 and not has_m[q]:
                                    ready.append(q)
        for i in waiting:
            if label[i] == UNLABELLED and not has_m[i]:
                label[i] = INF
        m += 1

    for i, pos in enumerate(order):
        if label[i] >= 0:
            memo[pos] = label[i]
    for i, pos in enumerate(order):
        if label[i] == INF:
            finite = {label[j] for j in kids[i] if label[j] >= 0}
            finite.update(v for v in known[i] if not isinstance(v, Infinity))
            memo[pos] = Infinity(finite)


# ---------------------------------------------------------------------------
# the public functions

def loopy_grundy(game, position):
    """Smith's generalised Sprague–Grundy value γ of ``position``.

    Parameters
    ----------
    game : object with ``options(position)``, or callable
        A game whose positions may repeat; the positions reachable from
        ``position`` must be finitely many (at most ``gamelab.SEARCH_LIMIT``).
        For a :class:`gamelab.Sum` the components are labelled one by one and
        combined by the sum rule (the product graph is never built).
    position : hashable

    Returns
    -------
    int or Infinity
        A finite value (equal to :func:`gamelab.grundy` on a game without
        cycles) or ``Infinity(K)``, K the finite values among the options.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = {"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get
    >>> [gl.loopy_grundy(g, p) for p in "abcd"]
    [∞{}, ∞{0}, 0, ∞{}]
    >>> gl.loopy_grundy(g, "b").finite_options
    frozenset({0})
    >>> cycle = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": []}.get
    >>> [gl.loopy_grundy(cycle, p) for p in "abcd"]
    [1, 0, 2, 0]
    >>> s = gl.Sum(g, cycle)
    >>> gl.loopy_grundy(s, ("b", "a")), gl.loopy_grundy(s, ("a", "b"))
    (∞{1}, ∞{})
    >>> gl.loopy_grundy(lambda n: [n - s for s in (1, 3, 4) if s <= n], 10)
    1
    """
    game = as_game(game)
    position = checked_position(game, position)
    components = game.components(position)
    if components is not None:  # the sum rule
        return xor_values(loopy_grundy(g, p) for g, p in components)
    if game.always_ends:  # every play ends: γ is the Sprague–Grundy value
        return game.grundy(position)
    game_options(game, position)  # checks the options
    memo = game_memo(game, "loopy")
    if position not in memo:
        _label(game, position, memo)
    return memo[position]


def loopy_outcome(game, position):
    """``"P"``, ``"N"`` or ``"D"`` (a draw) with best play, cycles allowed.

    P: the previous player can force a win; N: the next player can; D:
    neither can, and both can avoid losing.  Agrees with
    :func:`gamelab.outcome` on games without cycles.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = {"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get
    >>> [gl.loopy_outcome(g, p) for p in "abcd"]
    ['D', 'N', 'P', 'D']
    >>> gl.loopy_outcome(gl.Bash(3), 8)
    'P'
    """
    game = as_game(game)
    if game.always_ends:  # every play ends: no draw, and the game's own outcome is exact
        return game.outcome(position)
    return value_outcome(loopy_grundy(game, position))


def loopy_winning_moves(game, position):
    """The options of ``position`` that are P-positions (empty if none), in option order.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = {"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get
    >>> gl.loopy_winning_moves(g, "b"), gl.loopy_winning_moves(g, "a")
    (['c'], [])
    """
    loopy_grundy(game, position)  # checks, and labels the whole graph at once
    return [o for o in game_options(game, position) if loopy_outcome(game, o) == "P"]


def loopy_drawing_moves(game, position):
    """From a D-position, the options that keep the draw (D-positions), in option order.

    Empty unless ``position`` is a D-position (from an N-position a move to a
    draw would throw the win away; a P-position has only N-options).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = {"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get
    >>> gl.loopy_outcome(g, "a"), gl.loopy_drawing_moves(g, "a")
    ('D', ['d'])
    """
    if loopy_outcome(game, position) != "D":
        return []
    return [o for o in game_options(game, position) if loopy_outcome(game, o) == "D"]


def loopy_values(game, position):
    """``{p: γ(p)}`` for every position ``p`` reachable from ``position``.

    Examples
    --------
    >>> loopy_values({"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get, "a")
    {'a': ∞{}, 'b': ∞{0}, 'd': ∞{}, 'c': 0}
    """
    loopy_grundy(game, position)
    seen = {position: None}
    queue = deque([position])
    while queue:
        for o in game_options(game, queue.popleft()):
            if o not in seen:
                seen[o] = None
                queue.append(o)
    return {p: loopy_grundy(game, p) for p in seen}


def retrograde(game, position):
    """Plain retrograde analysis: outcome and remoteness of every reachable position.

    Sinks are P-positions at remoteness 0; a position with a P-option of
    remoteness r (the least) is N at r + 1; a position all of whose options
    are N, the slowest at remoteness r, is P at r + 1; every other position
    is a draw (remoteness ``None``).  The winner moves to a P-option of least
    remoteness, so a won game ends within the remoteness of its start.

    Returns
    -------
    (dict, dict)
        ``{p: "P"/"N"/"D"}`` and ``{p: remoteness or None}``.

    Examples
    --------
    >>> out, far = retrograde({"a": ["b", "d"], "b": ["a", "c"], "c": [], "d": ["d"]}.get, "a")
    >>> out
    {'c': 'P', 'b': 'N', 'a': 'D', 'd': 'D'}
    >>> far
    {'c': 0, 'b': 1, 'a': None, 'd': None}
    """
    game = as_game(game)
    position = checked_position(game, position)
    game_options(game, position)  # checks the options
    with search_clock() as timer:
        return _retrograde(game, position, timer)


def _retrograde(game, position, timer):
    limit, room, edges, listed = search_limit(), option_limit(), 0, 0
    children = {}
    queue = deque([position])
    children[position] = None
    while queue:
        p = queue.popleft()
        listed += 1
        if not listed % CHECK_EVERY:
            timer.check(position)
        children[p] = game_options(game, p)
        edges += len(children[p])
        if edges > room:
            raise too_many_options(position, room)
        for o in children[p]:
            if o not in children:
                if type(o) not in SELF_EQUAL_TYPES:
                    check_self_equal(o, "an option")
                children[o] = None
                if len(children) > limit:
                    raise too_many(position, limit)
                queue.append(o)
    preds = {p: [] for p in children}
    for p, kids in children.items():
        for o in kids:
            preds[o].append(p)
    outcome, far = {}, {}
    left = {p: len(kids) for p, kids in children.items()}
    queue = deque(p for p, kids in children.items() if not kids)
    for p in queue:
        outcome[p], far[p] = "P", 0
    while queue:
        v = queue.popleft()
        for u in preds[v]:
            if u in outcome:
                continue
            if outcome[v] == "P":
                outcome[u], far[u] = "N", far[v] + 1
                queue.append(u)
            else:
                left[u] -= 1
                if left[u] == 0:
                    outcome[u], far[u] = "P", far[v] + 1
                    queue.append(u)
    for p in children:
        if p not in outcome:
            outcome[p], far[p] = "D", None
    return outcome, far


# ---------------------------------------------------------------------------
# a token on a directed graph

class Digraph(Game):
    """A token on a finite directed graph; a move slides it along one arrow.

    Parameters
    ----------
    adjacency : mapping
        ``{node: iterable of nodes}``; every node named as a target must be
        a key too.  Loops and cycles are welcome.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"})
    >>> g.options("b"), gl.loopy_outcome(g, "a")
    (('a', 'c'), 'D')
    """

    name = "digraph"

    def __init__(self, adjacency):
        if not isinstance(adjacency, Mapping):
            raise TypeError(f"adjacency must be a mapping node -> nodes, got "
                            f"{type(adjacency).__name__}")
        adj = {}
        for node, targets in adjacency.items():
            check_hashable(node, "adjacency key")
            if not isinstance(targets, Iterable):
                raise TypeError(f"adjacency[{node!r}] must be an iterable of nodes, "
                                f"got {targets!r}")
            adj[node] = tuple(dict.fromkeys(targets))
        for node, targets in adj.items():
            for t in targets:
                if t not in adj:
                    raise ValueError(f"adjacency[{node!r}] names {t!r}, which is not a node")
        self.adjacency = adj

    @property
    def nodes(self):
        """The nodes, in the order given."""
        return list(self.adjacency)

    @property
    def edges(self):
        """Every arrow ``(u, v)``."""
        return [(u, v) for u, ts in self.adjacency.items() for v in ts]

    def validate(self, position):
        check_hashable(position)
        if position not in self.adjacency:
            raise ValueError(f"position {position!r} is not a node of the graph")
        return position

    def options(self, position):
        return self.adjacency[self.validate(position)]

    def __repr__(self):
        return f"Digraph({self.adjacency!r})"


def random_digraph(n, density, seed=0):
    """A random directed graph on nodes ``0 .. n-1``.

    A fifth of the nodes, at random, are sinks (a game needs positions where
    it can end); from every other node each arrow ``u -> v`` with ``u != v``
    is present with probability ``density / 100``, each loop ``u -> u`` with
    a tenth of that.

    Parameters
    ----------
    n : int
        Number of nodes, 1 to 200.
    density : int
        Percent, 0 to 100.
    seed : int

    Examples
    --------
    >>> random_digraph(4, 40, seed=1).adjacency
    {0: (), 1: (2, 3), 2: (2,), 3: (0, 3)}
    """
    n = check_int(n, "n", minimum=1, maximum=200)
    density = check_int(density, "density", minimum=0, maximum=100)
    seed = check_int(seed, "seed", minimum=None)
    rng = random.Random(seed)
    p = density / 100
    adj = {}
    for u in range(n):
        sink = rng.random() < 0.2
        adj[u] = tuple(v for v in range(n) if rng.random() < (p / 10 if u == v else p)
                       and not sink)
    return Digraph(adj)


#: A small hand-built graph with one position of each kind: a sink ``z`` (0),
#: ``y`` and ``x`` above it (1 and 2), a 3-cycle ``a -> b -> c -> a`` with an
#: exit ``c -> z`` whose values are finite all the same, a loop ``l`` (∞{},
#: a draw), a loop with an exit to the sink ``m`` (∞{0}, an N-position) and a
#: loop with an exit to ``y`` ``k`` (∞{1}, a draw that ``*1`` turns into a win).
GALLERY = Digraph({
    "z": "", "y": "z", "x": "yz",
    "a": "b", "b": "c", "c": "az",
    "l": "l", "m": "mz", "k": "ky",
})
