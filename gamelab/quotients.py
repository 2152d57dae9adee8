"""Misère quotients of heap games: the bipartite monoid that plays every sum of heaps.

In misère play (the player who cannot move *wins*) the Sprague–Grundy value
of a sum is not the ⊕ of its parts, and the SJ theorem covers only games
whose misère play is "Nim-like".  Plambeck's idea [1]_ is to stop asking
which positions are equal in every context and ask only which are equal in
the sums that can actually occur.  For a heap game and a bound N, let A be
the set of all sums of heaps of sizes 1..N.  Two sums G, H in A are
*indistinguishable*, G ≡ H, if G + X and H + X have the same misère outcome
for every X in A.  The classes form a finite or infinite commutative monoid
Q (add sums), the *misère quotient*; the classes of misère P-positions are
its *P-portion* P, and Φ(n), the class of one heap of n, is the *pretending
function*.  Once (Q, P, Φ) is known, the outcome of any sum of heaps is one
product in Q and one membership test, whatever the number of heaps.

**How it is computed here.**  Q is the smallest automaton reading a sum
heap by heap and accepting exactly the misère P-positions (two sums are
equivalent precisely when every continuation gives the same outcome, which
is the Myhill–Nerode equivalence of that automaton).  It is built heap by
heap, N = 1, 2, ...: the first candidate is the quotient at N − 1 with the
new heap as a counter; where that is refuted (classes of smaller heaps can
split once heap N joins), a *cover* proposes the next — the candidate with
the heaps of the refuting sum given counters of their own, its P-portion
worked out inside it (Plambeck and Siegel's recalibration [2]_,
:mod:`gamelab.quotient_cover`) — and, should no cover fit, a table of exact
outcomes of sums (a learning scheme in the manner of Angluin).  Each
candidate is then *proved* for every sum of heaps ≤ N:

    a candidate (Q, P, Φ) gives the right outcome to every sum X exactly
    when, for every X, Φ(X) ∈ P  ⇔  X has a move and no option X' of X
    has Φ(X') ∈ P

(by induction on X).  Whether X has an option in P depends only on the set
of classes of X's options, and that set after adding a heap h is determined
by the set before, Φ(X) and h: so the condition needs checking only on the
finitely many pairs (class, option classes) that sums reach, found by a
search by size.  The first sum that fails is a real counterexample, with an
exact outcome read from its (correct) options; it refines the candidate.
So every quotient this module returns has been verified for all sums of
heaps up to ``max_heap`` — of any number of heaps — not only checked on
samples.

A new element appears only when no existing one behaves like the new heap
in every sum; the classes of smaller heaps may split when a larger heap is
added (two sums that no sum of small heaps tells apart can differ next to a
big heap), which the construction allows.

**Periodicity.**  For an octal game whose moves remove at most t tokens,
if Φ computed at N = 2n₀ + 2p + t satisfies Φ(n + p) = Φ(n) for every
n₀ ≤ n ≤ N − p, then the quotient at N is the quotient of the whole game
and Φ(n + p) = Φ(n) for every n ≥ n₀ (the misère periodicity theorem,
Plambeck [1]_; proof in Siegel's notes [3]_, the analogue of the Guy–Smith
theorem).  :attr:`MisereQuotient.period` reports (n₀, p) only when the
bound computed reaches that N.

References
----------
.. [1] T. E. Plambeck, "Taming the wild in impartial combinatorial games",
   INTEGERS 5 (2005), G5.
.. [2] T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial
   games", J. Combin. Theory Ser. A 115 (2008), 593–622 (the even-order
   theorem; the quotient of Dawson's Kayles to heap 30 has order 360).
.. [3] A. N. Siegel, "Misère games and misère quotients", lecture notes,
   arXiv:math/0612616 (2006).
.. [4] D. Angluin, "Learning regular sets from queries and
   counterexamples", Information and Computation 75 (1987), 87–106.
"""
from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from . import engine
from ._internal import clock as enter_clock
from ._internal import short_repr
from ._validate import check_int
from .engine import Game, as_game
from .games.octal import RuleHeapGame
from .heaps import HeapGame, heaps_of
from .i18n import Word, gettext_noop as N_
from .quotient_search import (COSTS, QUOTIENT_ORDER_LIMIT, Automaton, BudgetClock, HeapMoves,
                              OutOfTime, Outcomes, Table, TooLarge)
from .quotient_cover import learn

__all__ = ["misere_quotient", "MisereQuotient", "QuotientPlay"]

def _generator_names(count: int) -> list[str]:
    letters = string.ascii_lowercase
    return [letters[i] if i < 26 else f"x{i}" for i in range(count)]


@dataclass(frozen=True, eq=False)
class MisereQuotient:
    """The misère quotient (Q, P, Φ) of a heap game's sums of heaps ≤ ``max_heap``.

    Elements of Q are the integers ``0 .. order - 1``; 0 is the identity (the
    empty sum).  Build one with :func:`misere_quotient`.

    Attributes
    ----------
    game : Game
        The heap game.
    max_heap : int
        Every sum of heaps of at most this size is covered (proved, not sampled).
    order : int
        |Q|, the number of classes.
    p_portion : tuple of int
        The elements of P, the classes of misère P-positions, in order.
    """

    game: Game
    max_heap: int
    _auto: Automaton
    _phi: tuple
    _t: int | None

    # -- the monoid ---------------------------------------------------------------
    @property
    def order(self) -> int:
        return self._auto.m

    @property
    def p_portion(self) -> tuple:
        return tuple(int(x) for x in np.nonzero(self._auto.accept)[0])

    @property
    def elements(self) -> range:
        return range(self._auto.m)

    def _element(self, x, name="x") -> int:
        x = check_int(x, name)
        if x >= self.order:
            raise ValueError(f"{name} must be an element 0..{self.order - 1} of the quotient, "
                             f"got {x}")
        return x

    def multiply(self, x: int, y: int) -> int:
        """The product x·y in Q (the class of the sum of the two classes' sums)."""
        return int(self._auto.mul[self._element(x, "x"), self._element(y, "y")])

    def table(self) -> np.ndarray:
        """The multiplication table: ``table()[x, y] == multiply(x, y)`` (a fresh array)."""
        return self._auto.mul.copy()

    def in_p(self, x: int) -> bool:
        """Whether the element x is in the P-portion."""
        return bool(self._auto.accept[self._element(x)])

    # -- heaps and sums ------------------------------------------------------------
    def phi(self, n: int) -> int:
        """Φ(n): the element a heap of n pretends to be (Φ(0) is the identity 0)."""
        n = check_int(n, "n")
        if n > self.max_heap:
            raise ValueError(f"n = {n} is above max_heap = {self.max_heap}: this quotient "
                             "knows heaps up to max_heap only")
        return self._phi[n]

    def _heaps(self, heaps) -> list[int]:
        if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Iterable):
            raise TypeError(f"heaps must be an iterable of heap sizes, got {heaps!r}")
        return [self.phi(h) for h in heaps]

    def value(self, heaps) -> int:
        """The element of a sum of heaps: the product of their Φ's."""
        x = 0
        mul = self._auto.mul
        for y in self._heaps(heaps):
            x = int(mul[x, y])
        return x

    def outcome(self, heaps) -> str:
        """``"P"`` or ``"N"``: the misère outcome of a sum of heaps ≤ ``max_heap``, by
        multiplying their Φ's and testing membership in P (no search)."""
        return "P" if self._auto.accept[self.value(heaps)] else "N"

    def winning_moves(self, heaps) -> list[tuple]:
        """Every move of the sum (as the sorted heaps left) to a misère P-position."""
        heaps = sorted(check_int(h, "heaps") for h in heaps)
        self._heaps(heaps)
        wins, seen = [], set()
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1:]
            for option in HeapMoves(self.game).raw_moves(h):
                left = tuple(sorted(rest + [k for k in option if k]))
                if left not in seen and self.outcome(left) == "P":
                    seen.add(left)
                    wins.append(left)
        return wins

    def play_game(self) -> QuotientPlay:
        """The heap game, its misère outcomes and winning moves read off this quotient
        (for :class:`gamelab.widgets.PlayWidget` with ``misere=True``)."""
        return QuotientPlay(self)

    # -- structure -----------------------------------------------------------------
    def generators(self) -> list[tuple[str, int, int]]:
        """``(name, element, first heap)`` for each heap whose Φ is not a product of
        the Φ's of smaller heaps, named a, b, c, ... in order of the heap."""
        gens, reached = [], {0}
        mul = self._auto.mul
        for n in range(1, self.max_heap + 1):
            x = self._phi[n]
            if x in reached:
                continue
            gens.append(x)
            frontier = list(reached)
            while frontier:       # the submonoid generated so far
                nxt = []
                for y in frontier:
                    z = int(mul[y, x])
                    if z not in reached:
                        reached.add(z)
                        nxt.append(z)
                frontier = nxt
                for g in gens[:-1]:
                    for y in list(reached):
                        z = int(mul[y, g])
                        if z not in reached:
                            reached.add(z)
                            nxt.append(z)
        names = _generator_names(len(gens))
        first = {}
        for n in range(1, self.max_heap + 1):
            first.setdefault(self._phi[n], n)
        return [(names[i], g, first[g]) for i, g in enumerate(gens)]

    def _normal_forms(self):
        """Each element as a word in the generators (exponent tuples), and the
        relations: the least words that are not normal forms, with their values."""
        gens = self.generators()
        k = len(gens)
        mul = self._auto.mul
        normal: dict[int, tuple] = {0: (0,) * k}
        relations = []
        frontier = [((0,) * k, 0)]
        while frontier:
            nxt = []
            for exps, x in frontier:
                for i, (_, g, _) in enumerate(gens):
                    e = list(exps)
                    e[i] += 1
                    e = tuple(e)
                    # only words whose every divisor one step down is normal
                    if any(e[j] and tuple(e[:j]) + (e[j] - 1,) + e[j + 1:] not in _words(normal)
                           for j in range(k)):
                        continue
                    y = int(mul[x, g])
                    if y in normal:
                        if normal[y] != e and e not in {r[0] for r in relations}:
                            relations.append((e, normal[y]))
                    elif e not in _words(normal):
                        normal[y] = e
                        nxt.append((e, y))
            frontier = nxt
        return gens, normal, relations

    def presentation(self) -> str:
        """Generators and relations, as Plambeck and Siegel print a quotient."""
        gens, normal, relations = self._normal_forms()
        names = [g[0] for g in gens]

        def word(e):
            parts = [n + ("" if p == 1 else _superscript(p)) for n, p in zip(names, e) if p]
            return "".join(parts) or "1"

        rels = ", ".join(f"{word(a)} = {word(b)}" for a, b in sorted(
            relations, key=lambda r: (sum(r[0]), [-p for p in r[0]])))
        gen_text = ", ".join(names) if names else ""
        body = f"⟨{gen_text} | {rels}⟩" if rels else f"⟨{gen_text}⟩"
        p = ", ".join(word(normal[x]) for x in self.p_portion)
        return f"Q = {body}, |Q| = {self.order}; P = {{{p}}}"

    def name(self, x: int) -> str:
        """The element x as a word in the generators (``"ab²"``; ``"1"`` for the identity)."""
        x = self._element(x)
        gens, normal, _ = self._normal_forms()
        names = [g[0] for g in gens]
        e = normal[x]
        return "".join(n + ("" if p == 1 else _superscript(p))
                       for n, p in zip(names, e) if p) or "1"

    @property
    def period(self) -> tuple[int, int] | None:
        """``(n0, p)`` when Φ(n + p) = Φ(n) for all n ≥ n0 is *proved* by the misère
        periodicity theorem at this ``max_heap`` (octal games only); else None."""
        t = self._t
        if t is None:
            return None
        phi, top = self._phi, self.max_heap
        for p in range(1, top + 1):
            for n0 in range(0, top + 1):
                if 2 * n0 + 2 * p + t > top:
                    break
                if all(phi[n + p] == phi[n] for n in range(n0, top - p + 1)):
                    return (n0, p)
        return None

    def __repr__(self) -> str:
        return (f"MisereQuotient({self.game!r}, max_heap={self.max_heap}, order={self.order}, "
                f"|P|={len(self.p_portion)})")


class QuotientPlay(HeapGame):
    """A heap game whose misère play is decided by its quotient: one product in Q and a
    membership test per option, for sums of heaps up to the quotient's ``max_heap``.

    Normal play, the moves and the board are the underlying game's.

    >>> import gamelab as gl
    >>> q = gl.misere_quotient(gl.TakeAndBreak("0.07"), 12)
    >>> game = q.play_game()
    >>> game.outcome(game.heaps(5, 4), misere=True), game.winning_moves(game.heaps(5, 4), misere=True)
    ('N', [(2, 5)])
    """

    def __init__(self, quotient: MisereQuotient) -> None:
        if not isinstance(quotient, MisereQuotient):
            raise TypeError(f"quotient must be a MisereQuotient, got {quotient!r}")
        inner = quotient.game
        if isinstance(inner, HeapGame):
            moves = inner.moves
        else:
            def moves(n):
                return [(o,) for o in inner.options(n)]
        super().__init__(moves, name=Word(N_("{game}, misère by its quotient"), game=repr(inner)))
        self.quotient, self.inner = quotient, inner

    def _sizes(self, position) -> list:
        position = self.validate(position)
        return list(heaps_of(position))

    def outcome(self, heap, *, misere=False):
        if not misere:
            return super().outcome(heap)
        return self.quotient.outcome(self._sizes(heap))

    def winning_moves(self, heap, *, misere=False):
        if not misere:
            return super().winning_moves(heap)
        return [m for m in self.options(heap)
                if self.quotient.outcome(self._sizes(m)) == "P"]

    def board(self, heap):
        return self.inner.board(heap) if isinstance(self.inner, HeapGame) else super().board(heap)


def _words(normal):
    return set(normal.values())


_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _superscript(n: int) -> str:
    return str(n).translate(_SUP)


def misere_quotient(game, max_heap: int, *, seconds: float | None = None) -> MisereQuotient:
    """The misère quotient of a heap game: sums of heaps of sizes up to ``max_heap``.

    Parameters
    ----------
    game : HeapGame or Game
        A heap game (an octal game such as ``gl.TakeAndBreak("0.07")``,
        Grundy's game, any :class:`gamelab.HeapGame`), or a game whose
        positions are heap sizes with single-heap options (a subtraction game).
        Moves from a heap of n must leave heaps smaller than n.
    max_heap : int
        The largest heap the quotient covers.
    seconds : float, optional
        CPU seconds allowed, the safety net (default :data:`gamelab.SEARCH_SECONDS`);
        the budget is the work counted, :data:`gamelab.engine.SEARCH_WORK` units (the
        quotient's positions, states and covers), the same on every machine.

    Raises
    ------
    ValueError
        If the quotient grows past :data:`QUOTIENT_ORDER_LIMIT` elements or the
        time runs out: the message says the largest heap whose quotient was
        finished, and its order.

    Examples
    --------
    >>> import gamelab as gl
    >>> q = gl.misere_quotient(gl.TakeAndBreak("0.07"), 12)
    >>> q.order, len(q.p_portion), q.outcome([2, 2]), q.outcome([2])
    (12, 3, 'N', 'P')
    """
    game = as_game(game)
    max_heap = check_int(max_heap, "max_heap")
    budget = engine.search_seconds() if seconds is None else seconds
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise TypeError(f"seconds must be a positive number, got {type(seconds).__name__} "
                        f"{short_repr(seconds)}")
    if not budget > 0 or budget != budget or budget == float("inf"):
        raise ValueError(f"seconds must be a positive number, got {seconds!r}")
    heaps = HeapMoves(game)
    heaps.refuse_early(max_heap)
    costs_set = COSTS.set({})       # the heaps' weights, read as the heaps are added
    try:
        return _quotient(game, max_heap, budget, heaps)
    finally:
        COSTS.reset(costs_set)


def _quotient(game, max_heap, budget, heaps):
    with enter_clock(float(budget), engine.search_work()) as clk:
        checker = BudgetClock(clk, game)
        out = Outcomes(heaps, checker)
        table = Table(out)
        letters: list[int] = []
        auto = Automaton({}, np.array([False]))
        done = 0
        phi = [0]
        kinds: dict[tuple, int] = {}      # classes of a letter's options -> lightest letter
        kinds_of = None                   # the automaton ``kinds`` was read with
        try:
            for n in range(1, max_heap + 1):
                if n & 255 == 0:
                    checker.check()
                if heaps.add(n):
                    if kinds_of is not auto:
                        kinds = {}
                        for h in letters:
                            kinds.setdefault(heaps.kind(auto, h), h)
                        kinds_of = auto
                    kind = heaps.kind(auto, n)
                    twin = kinds.get(kind)
                    letters.append(n)
                    if twin is not None:
                        # the options of n and of the lighter heap twin fall in the same
                        # classes of the quotient Q of heaps < n: replacing every n by twin
                        # keeps each outcome (induction on the sum), so the quotient of
                        # heaps <= n is Q again, with n in the class of twin
                        auto.alias(n, twin)
                    else:
                        kinds[kind] = n
                        out.new_heap(auto, n - 1)
                        auto = learn(table, out, heaps, letters, checker)
                done = n
        except (TooLarge, OutOfTime) as exc:
            if isinstance(exc, TooLarge):
                why = f"grew past the limit of {QUOTIENT_ORDER_LIMIT} elements"
            elif "units of work" in str(exc):
                why = (f"did more than {clk.work_limit:,} units of work (raise "
                       "gamelab.engine.SEARCH_WORK for more)")
            else:
                why = f"ran out of its {budget:g} CPU seconds (pass seconds=... for more)"
            raise ValueError(
                f"misere_quotient({game!r}, {max_heap}) {why} while adding heap {done + 1}; "
                f"the quotient up to heap {done} has order {auto.m}") from None
        phi = [0] + [0 if n in heaps.zero else int(auto.act[n][0]) for n in range(1, max_heap + 1)]
    # the periodicity test needs the most tokens a move takes, which only rules give
    t = game.rules.t if isinstance(game, RuleHeapGame) and not game.rules.unequal else None
    return MisereQuotient(game, max_heap, auto, tuple(phi), t)


