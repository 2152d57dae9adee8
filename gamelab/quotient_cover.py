"""Covers: guessing a misère quotient from a larger monoid, with no outcome search.

When the previous quotient with the new heap as a counter is refuted (some
class of smaller heaps splits once the new heap joins), a new candidate is
read off a *cover*: a commutative monoid that is "free enough" — the current
candidate, with the heaps of the refuting sum taken out of it and given
counters of their own — whose P-portion is worked out inside the cover
itself.  Its states are visited in order of weight from the identity; each
state gets the outcome of the lightest sum reaching it, computed from the
states of that sum's options (P exactly when there is a move and no option
is in P).  The cover, reduced, is the next candidate, and
:func:`gamelab.quotient_search.verify` proves it or returns the lightest sum
it gets wrong, which the next cover must get right.  Every answer is still
the verified one: a cover only proposes.

This is the recalibration of Plambeck and Siegel's MisereSolver [1]_: the
cyclic counters of the heaps that refute a candidate grow with the
exponents of the refuting sum.

References
----------
.. [1] T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial
   games", Journal of Combinatorial Theory, Series A 115 (2008), 593–622.
"""
from __future__ import annotations

import heapq
import itertools

import numpy as np

from .quotient_search import (QUOTIENT_ORDER_LIMIT, Automaton, HeapMoves, Outcomes, Table, TooLarge,
                              extension, minimise, next_quotient, verify)

__all__ = ["Cover", "CoverFailed", "recalibrate", "learn"]

#: The most states of one cover.
COVER_LIMIT = 300_000


class CoverFailed(Exception):
    """No cover of the allowed shapes gets the refuting sum right."""


def counter(index: int, period: int) -> np.ndarray:
    """The successor map of the cyclic monoid x^0 .. x^(index+period-1), x^(index+period) = x^index."""
    size = index + period
    succ = np.arange(1, size + 1)
    succ[-1] = index
    return succ


def powers(act: np.ndarray) -> tuple[int, int]:
    """(index, period) of the element a heap acts as: the first repeat among 1, g, g², ..."""
    seen = {0: 0}
    x, k = 0, 0
    while True:
        x, k = int(act[x]), k + 1
        if x in seen:
            return seen[x], k - seen[x]
        seen[x] = k


class Cover:
    """A commutative monoid acting on its states: a base automaton (without some
    heaps) times one cyclic counter for each of those heaps."""

    def __init__(self, base: Automaton, letters: list[int], free: dict[int, tuple[int, int]]):
        kept = [h for h in letters if h not in free]
        # the states of the base reachable without the freed heaps
        order, frontier = {0: 0}, [0]
        while frontier:
            nxt = []
            for s in frontier:
                for h in kept:
                    t = int(base.act[h][s])
                    if t not in order:
                        order[t] = len(order)
                        nxt.append(t)
            frontier = nxt
        states = sorted(order, key=order.get)
        r = len(states)
        sizes = [sum(free[h]) for h in free]
        total = r * int(np.prod(sizes, dtype=np.int64)) if sizes else r
        if total > COVER_LIMIT:
            raise TooLarge(total)
        self.m = total
        index = np.array(states)
        relabel = np.full(base.m, -1, dtype=np.int64)
        relabel[index] = np.arange(r)
        # state = base * stride0 + c_1 * stride_1 + ... (mixed radix, counters last)
        strides, s = [], 1
        for size in reversed(sizes):
            strides.append(s)
            s *= size
        strides.reverse()
        block = s
        ids = np.arange(total)
        base_of = ids // block
        self.act: dict[int, np.ndarray] = {}
        for h in kept:
            self.act[h] = relabel[base.act[h][index[base_of]]] * block + ids % block
        for (h, (i, p)), stride, size in zip(free.items(), strides, sizes):
            digit = (ids // stride) % size
            self.act[h] = ids + (counter(i, p)[digit] - digit) * stride
        self.letters = sorted(self.act)

    def candidate(self, heaps: HeapMoves, clock) -> Automaton:
        """The cover's P-portion, from the lightest sum reaching each state; reduced."""
        letters = self.letters
        index = {h: i for i, h in enumerate(letters)}
        table = np.stack([self.act[h] for h in letters])          # table[i, s] = s·h_i
        # the options of each heap as words of letter indices, grouped by length
        groups = {}
        for h in letters:
            by_len: dict[int, list] = {}
            for o in heaps.options[h]:
                by_len.setdefault(len(o), []).append([index[g] for g in o])
            groups[h] = [np.array(words, dtype=np.int64).reshape(len(words), n)
                         for n, words in by_len.items()]
        empty = np.zeros(0, dtype=np.int32)
        best: dict[int, np.ndarray] = {}    # state -> the states of its lightest sum's options
        accept = np.zeros(self.m, dtype=bool)
        queue = [(0, 0, 0, -1, 0)]
        count = 0
        while queue:
            w, _, s, u, h = heapq.heappop(queue)
            if s in best:
                continue
            if u < 0:
                moves = empty
            else:
                parts = [self.act[h][best[u]]]
                for words in groups[h]:
                    x = np.full(len(words), u, dtype=np.int64)
                    for j in range(words.shape[1]):
                        x = table[words[:, j], x]
                    parts.append(x)
                moves = np.unique(np.concatenate(parts)).astype(np.int32)
            best[s] = moves
            accept[s] = len(moves) > 0 and not accept[moves].any()
            if len(best) & 1023 == 0:   # a state: some 3 steps a letter
                clock.check(1024 * 3 * len(letters))
            for i, t in enumerate(table[:, s].tolist()):
                if t not in best:
                    count += 1
                    heapq.heappush(queue, (w + 2 * letters[i] - 1, count, t, s, letters[i]))
        reach = np.array(sorted(best))
        relabel = np.full(self.m, -1, dtype=np.int64)
        relabel[reach] = np.arange(len(reach))
        act = {h: relabel[a[reach]] for h, a in self.act.items()}
        act, acc = minimise(act, accept[reach])
        if len(acc) > QUOTIENT_ORDER_LIMIT:     # larger than any quotient this builds
            raise TooLarge(len(acc))
        return Automaton(act, acc)


def recalibrate(auto: Automaton, heaps: HeapMoves, letters: list[int], word: tuple,
                truth: bool, clock) -> Automaton:
    """A candidate that gets ``word`` right (its outcome is ``truth``, True = P).

    Tries the heaps of ``word`` one at a time, then in pairs, and so on: those
    heaps leave the candidate and get counters long enough to count their
    copies in ``word``.
    """
    involved = sorted(set(word))
    for k in range(1, len(involved) + 1):
        for chosen in itertools.combinations(involved, k):
            free = {}
            for h in chosen:
                index, _ = powers(auto.act[h])
                index = max(index, word.count(h) - 1, 2)
                free[h] = (index, max(2, 2 * ((index - 4) // 2)))
            try:
                cand = Cover(auto, letters, free).candidate(heaps, clock)
            except TooLarge:
                continue
            if cand.claims_p(word) == truth:
                return cand
    raise CoverFailed(word)


def learn(table: Table, out: Outcomes, heaps: HeapMoves, letters: list[int], clock) -> Automaton:
    """The verified quotient once the newest heap is among ``letters``.

    The previous quotient with the new heap as a counter first; while the
    verification refutes the candidate, a cover that gets the refuting sum
    right; and if no cover does, the observation table of exact outcomes
    (:func:`gamelab.quotient_search.next_quotient`).
    """
    auto = extension(out.prev, out, heaps, letters[-1])
    word, _ = verify(auto, heaps, letters, clock)
    while word is not None:
        # the lightest sum the candidate gets wrong: its options it gets right
        try:
            auto = recalibrate(auto, heaps, letters, word, not auto.claims_p(word), clock)
        except CoverFailed:
            return next_quotient(table, out, heaps, letters, clock)
        word, _ = verify(auto, heaps, letters, clock)
    return auto
