"""The search behind :func:`gamelab.misere_quotient`: learning the quotient and proving it.

The quotient of the sums of heaps 1..N is the smallest automaton that reads a
sum heap by heap and accepts exactly its misère P-positions.  :func:`next_quotient`
finds it once heap N joins: first the previous quotient with the new heap as
a counter (:func:`extension`, right unless classes split); when
:func:`verify` refutes that, an observation table of exact outcomes in the
manner of Angluin [1]_ with Rivest and Schapire's use of counterexamples [2]_.
:func:`verify` is the proof: it visits every pair (class of a sum, classes of
its options) that a sum of heaps ≤ N reaches and checks the recursion
"P exactly when there is a move and no option is in P" on each (see
:mod:`gamelab.quotients`).

References
----------
.. [1] D. Angluin, "Learning regular sets from queries and counterexamples",
   Information and Computation 75 (1987), 87–106.
.. [2] R. L. Rivest and R. E. Schapire, "Inference of finite automata using
   homing sequences", Information and Computation 103 (1993), 299–347.
"""
from __future__ import annotations

import contextvars
import heapq

import numpy as np

from ._internal import CHECK_EVERY
from .engine import Game, list_options
from .heaps import HeapGame

__all__ = ["Automaton", "HeapMoves", "Outcomes", "Table", "TooLarge", "OutOfTime",
           "BudgetClock", "next_quotient", "verify", "QUOTIENT_ORDER_LIMIT", "MOVES_LIMIT"]

#: The largest quotient :func:`misere_quotient` builds before it refuses.
QUOTIENT_ORDER_LIMIT = 4096
#: The most (class, option classes) pairs one verification may visit.
_STATE_LIMIT = 400_000
#: The most moves :class:`HeapMoves` reads, over all heaps (some 100 bytes each, kept).
MOVES_LIMIT = 4_000_000
#: The most positions one exact outcome search may visit.
_EXACT_LIMIT = 2_000_000
#: The exact outcomes kept from one heap to the next.
_MEMO_LIMIT = 4_000_000



#: The weight of each heap in the quotient under way (see :func:`_weight`), per context.
COSTS: contextvars.ContextVar[dict] = contextvars.ContextVar("quotient_costs")


def _cost(h: int) -> int:
    costs = COSTS.get(None)
    return 2 * h - 1 if costs is None else costs[h]


def _weight(word) -> int:
    """A size that every move lowers: a heap of h counts c(h), the sum of the heaps' c.

    c(h) = max(2h - 1, 1 + the largest weight of an option of h).  For take-and-break
    games c(h) = 2h - 1: removing tokens lowers the sum of the sizes; splitting a heap
    of h into heaps a + b = h without removing any (the codes 4.xx) keeps the sum but
    2a - 1 + 2b - 1 < 2h - 1.  A game whose moves leave several heaps just below h
    (h -> (h-1, h-1)) gets larger weights, and every move still lowers the weight.
    """
    costs = COSTS.get(None)
    if costs is None:
        return 2 * sum(word) - len(word)
    return sum(costs[h] for h in word)


def _merge(a: tuple, b: tuple) -> tuple:
    return tuple(sorted(a + b))


class HeapMoves:
    """The moves of single heaps 1..N as sorted tuples of heaps that have moves.

    Heaps without a move are the game 0 and are left out of every sum.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.options: dict[int, list[tuple]] = {}
        self.zero: set[int] = set()
        self.read = 0                     # moves read so far

    def refuse_early(self, max_heap: int) -> None:
        """Refuse at once, before any heap is read, when the game counts its moves without
        listing them (``heap_move_count``) and the heaps up to ``max_heap`` have too many."""
        if not isinstance(self.game, HeapGame):
            return
        total = 0
        for n in range(1, max_heap + 1):
            moves = self.game.heap_move_count(n)
            if moves is None:
                return
            total += moves
            if total > MOVES_LIMIT:
                raise self._too_many(n)

    def _too_many(self, n: int) -> ValueError:
        return ValueError(
            f"misere_quotient reads every move of every heap up to max_heap, and the heaps "
            f"up to {n} of {self.game!r} have more than {MOVES_LIMIT:,} moves "
            f"(gamelab.quotient_search.MOVES_LIMIT); ask for a smaller max_heap")

    def add(self, n: int) -> bool:
        """Read the moves of heap n; False when the heap has none (it is 0)."""
        raw = self.raw_moves(n)
        self.read += len(raw)
        if self.read > MOVES_LIMIT:
            raise self._too_many(n)
        opts = set()
        for option in raw:
            for h in option:
                if type(h) is not int or not 0 <= h < n:
                    raise ValueError(
                        f"misere_quotient needs a game whose moves from a heap of n leave "
                        f"heaps smaller than n; {self.game!r} moves from {n} to {option!r}")
            opts.add(tuple(sorted(h for h in option if h and h not in self.zero)))
        costs = COSTS.get(None)
        if costs is not None:       # every move lowers the weight (the heaps' weights add)
            costs[n] = max([2 * n - 1] + [1 + _weight(o) for o in opts])
        if not raw:
            self.zero.add(n)
            return False
        self.options[n] = sorted(opts)
        return True

    def kind(self, auto: "Automaton", h: int) -> tuple:
        """The classes, by ``auto``, of the options of the heap h (sorted)."""
        return tuple(sorted({auto.run(o) for o in self.options[h]}))

    def raw_moves(self, n):
        game = self.game
        if isinstance(game, HeapGame):
            return [tuple(m) for m in game.moves(n)]
        try:
            return [(o,) for o in list_options(game.options, n)]
        except (TypeError, ValueError) as err:
            if n != 1:
                raise
            raise TypeError(
                f"game must be a heap game (a HeapGame, an octal game, or a game whose positions "
                f"are heap sizes with single-heap options), but {self.game!r} refuses the heap "
                f"1 as a position: {err}") from None


class Automaton:
    """A commutative automaton over heaps, that is a finite monoid with a P-set.

    ``act[h][x]`` is x times the class of a heap of h; ``accept[x]`` says x is
    in P; ``reps[x]`` is a lightest sum in the class; ``mul`` the full table.
    """

    def __init__(self, act: dict, accept: np.ndarray) -> None:
        self.act = act
        self.accept = accept
        self.m = len(accept)
        self.reps = self._lightest()
        self.mul = self._table()

    def _lightest(self):
        """For each state, a lightest word reaching it (in the order read)."""
        paths: list = [None] * self.m
        queue = [(0, (), 0)]
        while queue:
            w, word, x = heapq.heappop(queue)
            if paths[x] is not None:
                continue
            paths[x] = word
            for h, a in self.act.items():
                y = int(a[x])
                if paths[y] is None:
                    heapq.heappush(queue, (w + _cost(h), word + (h,), y))
        self.paths = paths
        return [tuple(sorted(p)) for p in paths]

    def _table(self):
        m = self.m
        mul = np.empty((m, m), dtype=np.int32)
        col0 = np.arange(m)
        for y, word in enumerate(self.reps):
            col = col0
            for h in word:
                col = self.act[h][col]
            mul[:, y] = col
        return mul

    def run(self, word, x: int = 0) -> int:
        lists = self.__dict__.get("_lists")
        if lists is None:
            lists = self._lists = {h: a.tolist() for h, a in self.act.items()}
            self._accept = self.accept.tolist()
        for h in word:
            a = lists.get(h)
            if a is not None:
                x = a[x]
        return x

    def alias(self, h: int, twin: int) -> None:
        """Let the heap h act as the lighter heap ``twin`` does (same class, same monoid)."""
        self.act[h] = self.act[twin]
        lists = self.__dict__.get("_lists")
        if lists is not None:
            lists[h] = lists[twin]

    def claims_p(self, word) -> bool:
        """Whether the sum ``word`` is in the P-portion, by this automaton."""
        x = self.run(word)
        return self._accept[x]


def minimise(act: dict, accept: np.ndarray) -> tuple[dict, np.ndarray]:
    """Moore's partition refinement, state 0 staying the start (identity)."""
    letters = sorted(act)
    block = accept.astype(np.int64)
    count = len(np.unique(block))
    while True:
        cols = [block] + [block[act[h]] for h in letters]
        _, new = np.unique(np.stack(cols, axis=1), axis=0, return_inverse=True)
        new = new.ravel()
        k = int(new.max()) + 1
        block = new
        if k == count:
            break
        count = k
    # relabel blocks in order of first appearance from state 0 by BFS
    order = {int(block[0]): 0}
    frontier = [0]
    first = {int(block[0]): 0}
    while frontier:
        nxt = []
        for s in frontier:
            for h in letters:
                t = int(act[h][s])
                b = int(block[t])
                if b not in order:
                    order[b] = len(order)
                    first[b] = t
                    nxt.append(t)
        frontier = nxt
    m = len(order)
    rep_state = [0] * m
    for b, i in order.items():
        rep_state[i] = first[b]
    new_act = {h: np.array([order[int(block[act[h][rep_state[i]]])] for i in range(m)],
                           dtype=np.int64) for h in letters}
    new_accept = np.array([bool(accept[rep_state[i]]) for i in range(m)])
    return new_act, new_accept


class Outcomes:
    """Exact misère outcomes of sums of heaps (True = P-position).

    Known exactly: sums of heaps below the current heap (the previous,
    verified quotient), sums lighter than ``bound`` (a candidate verified
    that far), and everything computed so far; other sums are searched.
    """

    def __init__(self, heaps: HeapMoves, clock) -> None:
        self.heaps = heaps
        self.clock = clock
        self.memo: dict[tuple, bool] = {}
        self.prev: Automaton | None = None
        self.prev_top = 0
        self.best: Automaton | None = None
        self.bound = -1

    def new_heap(self, prev: Automaton | None, top: int) -> None:
        self.prev, self.prev_top = prev, top
        self.best, self.bound = None, -1
        if len(self.memo) > _MEMO_LIMIT:      # exact facts, kept while they fit
            self.memo.clear()

    def trust(self, automaton, bound: int) -> None:
        if bound > self.bound:
            self.best, self.bound = automaton, bound

    def _known(self, z: tuple):
        if not z:
            return False
        if z[-1] <= self.prev_top:
            return self.prev.claims_p(z)
        if self.bound >= 0 and _weight(z) <= self.bound:
            return self.best.claims_p(z)
        return self.memo.get(z)

    def options(self, z: tuple):
        out = []
        for i, h in enumerate(z):
            if i and z[i - 1] == h:
                continue
            rest = z[:i] + z[i + 1:]
            for o in self.heaps.options[h]:
                out.append(_merge(rest, o))
        return out

    def get(self, z: tuple, exact: bool = False) -> tuple[bool, bool]:
        """(outcome, whether it is exact)."""
        v = self._known(z)
        if v is not None:
            return v, True
        if self.best is not None and _weight(z) == self.bound + 1:
            v = not any(self._known(o) for o in self.options(z))
            self.memo[z] = v
            return v, True
        return self._search(z), True

    def _search(self, z: tuple, limit: int | None = None):
        """The exact outcome by search; None if ``limit`` positions were not enough."""
        memo, stack, seen = self.memo, [z], 0
        while stack:
            x = stack[-1]
            if self._known(x) is not None:
                stack.pop()
                continue
            opts = self.options(x)
            known = self._known
            pending = [o for o in opts if known(o) is None]
            if pending:
                stack.extend(pending)
                seen += 1
                if limit is not None and seen > limit:
                    return None
                if seen > _EXACT_LIMIT:
                    raise ValueError("misere_quotient: an exact outcome needed more than "
                                     f"{_EXACT_LIMIT:,} positions")
                if seen & 1023 == 0:
                    self.clock.check(4 * 1024)    # the positions and their options
                continue
            memo[x] = bool(opts) and not any(self._known(o) for o in opts)
            stack.pop()
        return memo[z] if z in memo else bool(self._known(z))


class Table:
    """Angluin's observation table: access sums S (each with the word that built it),
    experiments E, and the exact outcome of every s + e (rows of S are distinct)."""

    def __init__(self, outcomes: Outcomes) -> None:
        self.out = outcomes
        self.S: list[tuple] = [()]
        self.paths: list[tuple] = [()]
        self.E: list[tuple] = [()]
        self.cells: dict[tuple, list] = {}

    def restart(self, experiments: list[tuple]) -> None:
        """Start again from the empty sum, with these experiments (facts are kept)."""
        self.S, self.paths, self.cells = [()], [()], {}
        self.E = list(dict.fromkeys(experiments))

    def row(self, w: tuple) -> tuple:
        vals = self.cells.get(w)
        if vals is None:
            vals = self.cells[w] = []
        for e in self.E[len(vals):]:
            vals.append(self.out.get(_merge(w, e))[0])
        return tuple(vals)

    def hypothesis(self, letters: list[int]) -> Automaton:
        """Close the table and read the automaton off it (state i is the row of S[i])."""
        owner = {self.row(w): i for i, w in enumerate(self.S)}
        i = 0
        while i < len(self.S):
            for h in letters:
                w = _merge(self.S[i], (h,))
                r = self.row(w)
                if r not in owner:
                    owner[r] = len(self.S)
                    self.S.append(w)
                    self.paths.append(self.paths[i] + (h,))
                    if len(self.S) > QUOTIENT_ORDER_LIMIT:
                        raise TooLarge(len(self.S))
            i += 1
        act = {h: np.array([owner[self.row(_merge(w, (h,)))] for w in self.S], dtype=np.int64)
               for h in letters}
        accept = np.array([self.row(w)[0] for w in self.S])
        auto = Automaton(act, accept)
        auto.paths = list(self.paths)     # δ*(paths[i]) = i, by construction
        auto.reps = list(self.S)
        auto.rows = [self.row(w) for w in self.S]
        auto.experiments = list(self.E)
        return auto

    def split(self, auto: Automaton, seq: tuple) -> None:
        """Add the experiment a counterexample ``seq`` yields (Rivest and Schapire)."""
        out = self.out
        truth = out.get(tuple(sorted(seq)))[0]
        if bool(auto.accept[auto.run(seq)]) == truth:
            raise AssertionError("not a counterexample")

        def beta(i):
            return out.get(_merge(self.S[auto.run(seq[:i])], tuple(seq[i:])))[0]

        lo, hi = 0, len(seq)          # beta(lo) == truth != beta(hi)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if beta(mid) == truth:
                lo = mid
            else:
                hi = mid
        e = tuple(sorted(seq[hi:]))
        if e in self.E:
            raise AssertionError("a counterexample gave a known experiment")
        self.E.append(e)


class TooLarge(Exception):
    pass


def commutativity_counterexample(auto: Automaton, letters, out: Outcomes):
    """A word on which a candidate that does not commute is wrong, or None if it commutes.

    If s·a·b and s·b·a are different states t1, t2, some experiment e tells
    their rows apart; then the candidate is wrong on one of path(s)·a·b·e,
    path(s)·b·a·e, path(t1)·e, path(t2)·e (all four right would make the two
    rows agree on e).
    """
    act = auto.act
    for i, a in enumerate(letters):
        for b in letters[i + 1:]:
            ab, ba = act[b][act[a]], act[a][act[b]]
            bad = np.nonzero(ab != ba)[0]
            if not len(bad):
                continue
            s = int(bad[0])
            t1, t2 = int(ab[s]), int(ba[s])
            r1, r2 = auto.rows[t1], auto.rows[t2]
            e = auto.experiments[next(k for k in range(len(r1)) if r1[k] != r2[k])]
            p = auto.paths
            for seq in (p[s] + (a, b) + e, p[s] + (b, a) + e, p[t1] + e, p[t2] + e):
                if bool(auto.accept[auto.run(seq)]) != out.get(tuple(sorted(seq)))[0]:
                    return seq
            raise AssertionError("a non-commuting candidate has a counterexample")
    return None


def distinguish(auto: Automaton, letters, s: int, t: int) -> tuple:
    """A shortest word telling states s and t of a minimal automaton apart."""
    seen = {(s, t): ()}
    frontier = [(s, t)]
    while frontier:
        nxt = []
        for x, y in frontier:
            word = seen[(x, y)]
            if auto.accept[x] != auto.accept[y]:
                return word
            for h in letters:
                p = (int(auto.act[h][x]), int(auto.act[h][y]))
                if p not in seen:
                    seen[p] = word + (h,)
                    nxt.append(p)
        frontier = nxt
    raise AssertionError("states of a minimal automaton are distinguishable")


def verify(auto: Automaton, heaps: HeapMoves, letters, clock):
    """The lightest sum whose outcome the candidate gets wrong (None: it is right for all).

    Searches pairs (class of X, the union over X's options X' of
    {z : Φ(X')z ∈ P}) in order of weight; X is claimed P exactly when it has
    a move and the identity is not in that union.  Adding a heap of h to X
    maps the union W to {z : Φ(h)z ∈ W} together with {z : Φ(X)Φ(o)z ∈ P} for
    the options o of the heap; all letters are done at once, as arrays.
    """
    m, mul, acc = auto.m, auto.mul, auto.accept
    residual = acc[mul]                       # residual[x, z] = (x z in P)
    # heaps with the same class and the same classes of options move alike here: only
    # the lightest of each kind is read (a lightest wrong sum uses no heavier twin)
    kinds: dict[tuple, int] = {}
    for h in sorted(letters):
        kinds.setdefault((int(auto.act[h][0]), heaps.kind(auto, h)), h)
    letters = sorted(kinds.values())
    gvec = np.array([int(auto.act[h][0]) for h in letters], dtype=np.int64)
    shift = mul[gvec]                         # shift[i, z] = Φ(h_i) z
    opt = [np.array(heaps.kind(auto, h), dtype=np.int64) for h in letters]
    cost = [_cost(h) for h in letters]
    own: dict[int, np.ndarray] = {}           # own[x][i] = ∪_o {z : x Φ(o) z ∈ P}, heap h_i

    def own_of(x):
        rows = own.get(x)
        if rows is None:
            rows = np.stack([residual[mul[x, o]].any(axis=0) if len(o) else np.zeros(m, bool)
                             for o in opt])
            own[x] = rows
        return rows

    # the unions are kept packed, eight classes to a byte
    settled = set()
    queue = [(0, 0, (), 0, np.packbits(np.zeros(m, dtype=bool)).tobytes(), False)]
    count = 0
    while queue:
        w, _, word, x, packed, moves = heapq.heappop(queue)
        key = (x, packed, moves)
        if key in settled:
            continue
        settled.add(key)
        if len(settled) > _STATE_LIMIT:
            raise TooLarge(m)
        if len(settled) & 255 == 0:     # a state: some 3 + m / 128 steps a letter
            clock.check(256 * len(letters) * (3 + m // 128))
        W = np.unpackbits(np.frombuffer(packed, dtype=np.uint8), count=m).view(bool)
        if bool(acc[x]) != (moves and not W[0]):
            return word, w
        rows = np.packbits(W[shift] | own_of(x), axis=1)
        x2s = mul[x, gvec].tolist()
        for i, x2 in enumerate(x2s):
            b = rows[i].tobytes()
            if (x2, b, True) not in settled:
                count += 1
                heapq.heappush(queue, (w + cost[i], count, word + (letters[i],), x2, b, True))
    return None, None


def extension(prev: Automaton, out: Outcomes, heaps: HeapMoves, n: int) -> Automaton:
    """A first candidate at heap n: the previous quotient with the new heap as a counter.

    The outcome of Y + k·(heap n) is worked out class by class of Y (from the
    lightest sum of each class), k = 0, 1, ... until the outcomes repeat, and
    the pairs (class, k) are merged where no sum tells them apart.  It is right
    whenever no class of the previous quotient splits at heap n; the
    verification decides.
    """
    m, mul, accept = prev.m, prev.mul, prev.accept
    order = sorted(range(m), key=lambda y: (_weight(prev.reps[y]), prev.reps[y]))
    opt_n = sorted({prev.run(o) for o in heaps.options[n]})
    below = [sorted({prev.run(o) for o in out.options(prev.reps[y])}) for y in range(m)]
    f = [accept.copy()]
    while True:
        last, fk = f[-1], np.zeros(m, dtype=bool)
        for y in order:
            fk[y] = not any(last[mul[y, o]] for o in opt_n) and not any(fk[u] for u in below[y])
        j = next((j for j, g in enumerate(f) if np.array_equal(g, fk)), None)
        if j is not None:
            break
        f.append(fk)
        if len(f) * m > 4 * QUOTIENT_ORDER_LIMIT:
            raise TooLarge(len(f) * m)
    k = len(f)
    ys, ks = np.repeat(np.arange(m), k), np.tile(np.arange(k), m)
    act = {h: a[ys] * k + ks for h, a in prev.act.items()}
    act[n] = ys * k + np.where(ks + 1 < k, ks + 1, j)
    acc = np.array([f[i][y] for y, i in zip(ys, ks)])
    return Automaton(*minimise(act, acc))


def next_quotient(table: Table, out: Outcomes, heaps: HeapMoves, letters, clock) -> Automaton:
    """The verified quotient once the newest heap is among the letters."""
    auto = extension(out.prev, out, heaps, letters[-1])
    seq, w = verify(auto, heaps, letters, clock)
    if seq is None:
        return auto
    out.trust(auto, w - 1)
    table.restart([()] + [r for r in auto.reps if r])
    while True:
        auto = table.hypothesis(letters)
        seq = commutativity_counterexample(auto, letters, out)
        if seq is None:
            auto = Automaton(*minimise(auto.act, auto.accept))
            seq, w = verify(auto, heaps, letters, clock)
            if seq is None:
                return auto
            out.trust(auto, w - 1)
            auto = table.hypothesis(letters)
        table.split(auto, seq)


class OutOfTime(Exception):
    pass


class BudgetClock:
    def __init__(self, clk, game):
        self.clk, self.game = clk, game

    def check(self, work=CHECK_EVERY):
        """Count ``work`` steps of the quotient's search in the call's budget."""
        try:
            self.clk.check(self.game, "the misère quotient of {}", work=work)
        except ValueError as err:
            raise OutOfTime(str(err)) from None
