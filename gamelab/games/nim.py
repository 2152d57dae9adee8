"""Nim (尼姆博弈), Moore's Nim-k, and a single Nim heap.

In Nim a position is a tuple of heap sizes and a move takes any positive
number of stones from one heap.  Bouton's theorem: the value of a position is
the nim-sum (XOR) of its heaps, so the P-positions are those with nim-sum 0.
In misère Nim (the player who takes the last stone loses) the same strategy
works until it would leave only heaps of size at most 1.

In Moore's Nim-k a move takes stones from between 1 and k heaps (any positive
number from each).  Write the heaps in binary: a position is P exactly when,
for every bit, the number of heaps having that bit set is divisible by k + 1.

References
----------
.. [1] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901–1902), 35–39.
.. [2] E. H. Moore, "A generalization of the game called Nim",
   Annals of Mathematics 11 (1910), 93–94.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1,
   ch. 2 and vol. 2, ch. 13 (misère Nim).
"""
from __future__ import annotations

import itertools
from math import comb, prod

from .._internal import short_repr
from .._validate import check_bool, check_int, check_int_tuple
from ..board import Stones
from ..engine import Game, option_limit, search_grundy, too_many_options
from ..i18n import gettext as _
from ..misere import sj_outcome
from ..values import xor_values

__all__ = ["Nim", "MooreNim", "NimHeap", "moore_bit_counts"]


def _heap_move_words(position, option):
    changed = [i for i, (a, b) in enumerate(zip(position, option)) if a != b]
    return ", ".join(_("take {count} from heap {i}").format(count=position[i] - option[i], i=i + 1)
                     for i in changed)


class Nim(Game):
    """Nim (尼姆博弈): take any positive number of stones from one heap.

    Positions are tuples of heap sizes.  The value of a position is the
    nim-sum of its heaps (Bouton's theorem), so the winning moves are found
    without search: with ``x`` the nim-sum, heap ``h`` can be reduced to
    ``h ^ x`` exactly when ``h ^ x < h``.

    Misère play (the player who takes the last stone loses) also has a closed
    form: the first player wins exactly when some heap is larger than 1 and
    the nim-sum is not 0, or every heap is at most 1 and the nim-sum is 0.

    Examples
    --------
    >>> import gamelab as gl
    >>> nim = gl.Nim()
    >>> gl.grundy(nim, (3, 4, 5))
    2
    >>> gl.winning_moves(nim, (3, 4, 5))
    [(1, 4, 5)]
    >>> gl.outcome(nim, (1, 1, 1), misere=True), gl.outcome(nim, (2, 2), misere=True)
    ('P', 'P')
    >>> gl.winning_moves(nim, (1, 1, 5), misere=True)
    [(1, 1, 1)]

    References
    ----------
    .. [1] C. L. Bouton, "Nim, a game with a complete mathematical theory",
       Annals of Mathematics 3 (1901–1902), 35–39.
    .. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 2,
       ch. 13 (misère Nim).
    """

    name = "Nim"
    always_ends = True

    def validate(self, position):
        return check_int_tuple(position, "position", lists=True)

    def position_hint(self, position):
        """A position is a tuple of heap sizes; a single heap ``n`` is ``(n,)``.

        >>> Nim().position_hint(5)
        'a position of Nim is a tuple of heap sizes, such as (3, 4, 5); one heap of 5 is (5,)'
        """
        return _heaps_hint(self.name, position)

    def board(self, position):
        """Numbered heaps of stones."""
        return Stones(self.validate(position))

    def options(self, position):
        """Every heap ``i`` reduced to every smaller size, heap by heap, smaller sizes first
        (refused when they are more than ``gamelab.engine.OPTION_LIMIT``)."""
        pos = self.validate(position)
        _check_count(sum(pos), pos)
        return (pos[:i] + (v,) + pos[i + 1:] for i, h in enumerate(pos) for v in range(h))

    def move_label(self, position, option):
        """How a move reads in words, e.g. ``'take 2 from heap 1'``."""
        return _heap_move_words(position, option)

    def grundy(self, position):
        return xor_values(self.validate(position))

    def options_of_value(self, position, value):
        """The options of value ``value``: one heap ``h`` becomes ``h ^ x ^ value`` if smaller."""
        pos = self.validate(position)
        change = xor_values(pos) ^ check_int(value, "value")
        return [pos[:i] + (h ^ change,) + pos[i + 1:] for i, h in enumerate(pos) if h ^ change < h]

    def sj_values(self, position):
        """The SJ theorem's values of a Nim position: its heaps (a sum of Nim heaps)."""
        return list(self.validate(position))

    def outcome(self, position, *, misere=False):
        if check_bool(misere, "misere"):
            return sj_outcome(self.validate(position))     # misère Nim: the SJ rule
        return super().outcome(position)

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        pos = self.validate(position)
        x = xor_values(pos)
        moves = []
        if not misere:
            if x == 0:
                return moves
            for i, h in enumerate(pos):
                t = h ^ x
                if t < h:
                    moves.append(pos[:i] + (t,) + pos[i + 1:])
            return moves
        big_count = sum(1 for h in pos if h > 1)
        for i, h in enumerate(pos):
            rest = x ^ h
            rest_big = big_count - (1 if h > 1 else 0) > 0
            targets = set()
            # after the move the heap is v < h; P (misère) iff
            #   some heap > 1 and nim-sum 0, or all heaps <= 1 and nim-sum 1
            if rest < h and (rest_big or rest > 1):
                targets.add(rest)
            if not rest_big:
                for v in (0, 1):
                    if v < h and rest ^ v == 1:
                        targets.add(v)
            for v in sorted(targets):
                moves.append(pos[:i] + (v,) + pos[i + 1:])
        return moves

    def __repr__(self):
        return "Nim()"


def _heaps_hint(name, position):
    """The hint of a game whose positions are tuples of heap sizes (Nim, Moore's Nim)."""
    one = f"; one heap of {position} is ({position},)" if type(position) is int and position >= 0 else ""
    return f"a position of {name} is a tuple of heap sizes, such as (3, 4, 5){one}"


def _check_count(count, position):
    """Refuse to list more than ``OPTION_LIMIT`` options (the closed forms answer instead)."""
    if count > option_limit():
        err = too_many_options(position, option_limit(), one=True)
        err.add_note("grundy, outcome and winning_moves answer at any size from the closed form")
        raise err


def moore_bit_counts(position, k):
    """For each bit (least significant first), the number of heaps with it set, mod ``k + 1``.

    Parameters
    ----------
    position : tuple of int
        Heap sizes.
    k : int
        At most ``k`` heaps may be changed in one move (``k >= 1``).

    Returns
    -------
    list of int
        All zero exactly at the P-positions of Moore's Nim-k.

    Examples
    --------
    >>> moore_bit_counts((1, 2, 3), 2)
    [2, 2]
    >>> moore_bit_counts((3, 3, 3), 2)
    [0, 0]
    """
    k = check_int(k, "k", minimum=1)
    pos = check_int_tuple(position, "position")
    width = max((h.bit_length() for h in pos), default=0)
    return [sum((h >> b) & 1 for h in pos) % (k + 1) for b in range(width)]


class MooreNim(Game):
    """Moore's Nim-k: take stones from between 1 and ``k`` heaps in one move.

    Parameters
    ----------
    k : int
        The largest number of heaps a move may change (``k >= 1``);
        ``MooreNim(1)`` is ordinary Nim.

    A position (a tuple of heap sizes) is a P-position exactly when, in
    binary, every bit is set in a multiple of ``k + 1`` of the heaps.  In
    misère play the same holds while some heap has two stones or more; when
    every heap has at most one, the position is P exactly when the number of
    ones is ``1`` modulo ``k + 1`` (Moore, 1910).  :meth:`outcome` and
    :meth:`winning_moves` use these rules, for heaps of any size.

    The Sprague–Grundy values have a rule only in two cases: ``k == 1`` (Nim,
    the nim-sum), and at most ``k`` non-empty heaps, where every smaller
    position is an option and the value is the total number of stones.
    Otherwise :meth:`grundy` searches, for positions with at most
    ``MOORE_SEARCH_WORK`` positions times options below them.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.MooreNim(2)
    >>> gl.outcome(g, (1, 2, 3)), gl.outcome(g, (3, 3, 3))
    ('N', 'P')
    >>> gl.winning_moves(g, (1, 1, 1, 2))
    [(1, 1, 1, 0), (0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1)]
    >>> gl.grundy(g, (1, 1)), gl.grundy(g, (10**30, 1)), gl.grundy(g, (1, 1, 1))
    (2, 1000000000000000000000000000001, 0)
    >>> gl.outcome(g, (10**30, 1), misere=True), gl.outcome(g, (1, 1, 1, 1), misere=True)
    ('N', 'P')

    References
    ----------
    .. [1] E. H. Moore, "A generalization of the game called Nim",
       Annals of Mathematics 11 (1910), 93–94.
    """

    always_ends = True

    def __init__(self, k):
        self.k = check_int(k, "k", minimum=1)
        self.name = f"Moore's Nim-{self.k}"

    def __repr__(self):
        return f"MooreNim({self.k})"

    def validate(self, position):
        return check_int_tuple(position, "position", lists=True)

    def position_hint(self, position):
        """A position is a tuple of heap sizes, as in Nim."""
        return _heaps_hint(self.name, position)

    def board(self, position):
        """Numbered heaps of stones."""
        return Stones(self.validate(position))

    def options(self, position):
        """Options in a fixed order: first the moves on one heap, then on two, ..., up to ``k``.

        Within a size, the heaps chosen follow ``itertools.combinations``
        order, and their new sizes follow ``itertools.product`` order.
        """
        pos = self.validate(position)
        live = [i for i, h in enumerate(pos) if h > 0]
        _check_count(_moore_move_count([pos[i] for i in live], self.k), pos)
        return self._options(pos, live)

    def _options(self, pos, live):
        for size in range(1, min(self.k, len(live)) + 1):
            for chosen in itertools.combinations(live, size):
                for new in itertools.product(*(range(pos[i]) for i in chosen)):
                    out = list(pos)
                    for i, v in zip(chosen, new):
                        out[i] = v
                    yield tuple(out)

    def move_label(self, position, option):
        """How a move reads in words."""
        return _heap_move_words(position, option)

    def _is_p(self, pos):
        m = self.k + 1
        width = max((h.bit_length() for h in pos), default=0)
        return all(sum((h >> b) & 1 for h in pos) % m == 0 for b in range(width))

    def _is_misere_p(self, pos):
        if all(h <= 1 for h in pos):
            return sum(pos) % (self.k + 1) == 1
        return self._is_p(pos)

    def grundy(self, position):
        """The nim-sum when ``k == 1``, the number of stones when at most ``k`` heaps are
        non-empty, else by search (small positions only: no rule is known)."""
        pos = self.validate(position)
        live = [h for h in pos if h]
        if self.k == 1:
            return xor_values(pos)
        if len(live) <= self.k:
            return sum(live)
        below = prod(h + 1 for h in live)
        moves = _moore_move_count(live, self.k)
        if below * moves > MOORE_SEARCH_WORK:
            raise ValueError(
                f"position {pos!r}: the Sprague–Grundy values of Moore's Nim-{self.k} with more "
                f"than {self.k} non-empty heaps have no known rule, and a search would visit "
                f"{below} positions of up to {moves} options each (more than "
                f"{MOORE_SEARCH_WORK} in all); ask about smaller heaps, or use outcome() and "
                "winning_moves(), which are exact for any size")
        return search_grundy(self, pos)

    def outcome(self, position, *, misere=False):
        check_bool(misere, "misere")
        pos = self.validate(position)
        return "P" if (self._is_misere_p(pos) if misere else self._is_p(pos)) else "N"

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        pos = self.validate(position)
        if misere:
            if self._is_misere_p(pos):
                return []
            moves = _moore_small_moves(pos, self.k)
            if max(pos, default=0) > 1:  # then misère P is normal P with a heap above 1
                moves += [m for m in _moore_winning_moves(pos, self.k) if max(m) > 1]
            return sorted(moves, key=lambda m: _option_key(pos, m))
        if self._is_p(pos):
            return []
        return _moore_winning_moves(pos, self.k)


#: :meth:`MooreNim.grundy` searches only below this many positions times options.
MOORE_SEARCH_WORK = 2_000_000


def _moore_move_count(heaps, k):
    """How many options a position has: the sums of products of at most ``k`` heap sizes."""
    e = [1] + [0] * k  # elementary symmetric sums e_0 .. e_k of the heap sizes
    for h in heaps:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * h
    return sum(e[1:])


def _option_key(pos, option):
    """Where ``option`` comes in :meth:`MooreNim.options`: heaps changed, which, new sizes."""
    chosen = tuple(i for i, (a, b) in enumerate(zip(pos, option)) if a != b)
    return (len(chosen), chosen, tuple(option[i] for i in chosen))


def _moore_small_moves(pos, k):
    """The moves to positions of heaps of at most 1 whose number of ones is 1 mod ``k + 1``
    (the misère P-positions of that kind), in no particular order."""
    big = [i for i, h in enumerate(pos) if h > 1]
    ones = [i for i, h in enumerate(pos) if h == 1]
    if len(big) > k:  # every heap above 1 must change, and at most k may
        return []
    pairs = [(a, d) for a in range(len(big) + 1) for d in range(min(len(ones), k - len(big)) + 1)
             if len(big) + d >= 1 and (a + len(ones) - d) % (k + 1) == 1]
    if sum(comb(len(big), a) * comb(len(ones), d) for a, d in pairs) > MAX_MOORE_MOVES:
        raise ValueError(f"position {pos!r} has more than {MAX_MOORE_MOVES} winning "
                         "moves, too many to list")
    out = []
    for a, d in pairs:
        for left in itertools.combinations(big, a):      # the big heaps left with one stone
            for gone in itertools.combinations(ones, d):  # the ones taken
                move = list(pos)
                for i in big:
                    move[i] = 1 if i in left else 0
                for i in gone:
                    move[i] = 0
                out.append(tuple(move))
    return out


#: The most winning moves :meth:`MooreNim.winning_moves` lists.
MAX_MOORE_MOVES = 1_000_000


def _moore_winning_moves(pos, k):
    """The moves of Moore's Nim-k to P-positions, in the order of ``options``, never
    listing the other options.

    For each set of heaps to lower (as ``options`` takes them), bit ``b`` must
    end set in exactly ``need[b]`` of them (the count that makes the column a
    multiple of ``k + 1``).  A table over the bits, low to high, counts for each
    set of heaps still equal to their old prefix ("tight") the ways to finish;
    the moves are then read off from the top bit down, through counted
    branches only.
    """
    m, width = k + 1, max((h.bit_length() for h in pos), default=0)
    live = [i for i, h in enumerate(pos) if h > 0]
    work = width * sum(comb(len(live), r) * 2**r * comb(r, r // 2)
                       for r in range(1, min(k, len(live)) + 1))
    if work > MOORE_SEARCH_WORK * 50:
        raise ValueError(f"position {short_repr(pos)}: finding the winning moves of Moore's "
                         f"Nim-{k} takes some {work} steps here (more than "
                         f"{MOORE_SEARCH_WORK * 50}); ask about fewer heaps or a smaller k")
    out = []
    for size in range(1, min(k, len(live)) + 1):
        for chosen in itertools.combinations(live, size):
            rest = [h for i, h in enumerate(pos) if i not in chosen]
            need = [-sum(h >> b & 1 for h in rest) % m for b in range(width)]
            if max(need, default=0) > size:
                continue
            subsets = [list(itertools.combinations(range(size), r)) for r in range(size + 1)]

            def step(mask, subset, b, chosen=chosen):
                """The tight set after bit ``b`` (or -1 if a tight heap would grow)."""
                for j, i in enumerate(chosen):
                    new, old = int(j in subset), pos[i] >> b & 1
                    if mask >> j & 1 and new != old:
                        if new > old:
                            return -1
                        mask &= ~(1 << j)
                return mask

            ways = [[int(mask == 0) for mask in range(1 << size)]]  # ways[b][mask]: bits below b
            for b in range(width):
                ways.append([min(MAX_MOORE_MOVES + 1, sum(
                    ways[b][s] for s in (step(mask, sub, b) for sub in subsets[need[b]]) if s >= 0))
                    for mask in range(1 << size)])
            full = (1 << size) - 1
            if len(out) + ways[width][full] > MAX_MOORE_MOVES:
                raise ValueError(f"position {pos!r} has more than {MAX_MOORE_MOVES} winning "
                                 "moves, too many to list")
            found, todo = [], [(width, full, (0,) * size)]
            while todo:
                b, mask, new = todo.pop()
                if b == 0:
                    found.append(new)
                    continue
                for sub in subsets[need[b - 1]]:
                    s = step(mask, sub, b - 1)
                    if s >= 0 and ways[b - 1][s]:
                        todo.append((b - 1, s, tuple(v | (j in sub) << (b - 1)
                                                     for j, v in enumerate(new))))
            for new in sorted(found):
                move = list(pos)
                for i, v in zip(chosen, new):
                    move[i] = v
                out.append(tuple(move))
    return out


class NimHeap(Game):
    """A single Nim heap: take any positive number of stones; its value is its size.

    Useful as a component of a :class:`gamelab.Sum` next to other one-heap
    games (positions are plain integers, not tuples).

    Examples
    --------
    >>> import gamelab as gl
    >>> gl.grundy(NimHeap(), 7), gl.winning_moves(NimHeap(), 7)
    (7, [0])

    References
    ----------
    .. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, vol. 1, ch. 2
       (a Nim heap of size n is the nimber *n).
    """

    name = "Nim heap"
    always_ends = True

    def validate(self, position):
        return check_int(position, "heap")

    def position_hint(self, position):
        """A position is one heap size; several heaps are a position of :class:`Nim`."""
        return ("a position of a Nim heap is one heap size n >= 0; several heaps are a "
                "position of gl.Nim(), a tuple such as (3, 4, 5)")

    def board(self, position):
        """One heap of stones."""
        return Stones((self.validate(position),))

    def options(self, position):
        """The smaller heaps, ``0 .. n - 1`` (refused past ``gamelab.engine.OPTION_LIMIT``)."""
        n = self.validate(position)
        _check_count(n, n)
        return list(range(n))

    def options_of_value(self, position, value):
        """The option of value ``value``: the heap of that size, if it is smaller (any size)."""
        n, value = self.validate(position), check_int(value, "value")
        return [value] if value < n else []

    def move_label(self, position, option):
        return _("take {count}").format(count=position - option)

    def grundy(self, position):
        return self.validate(position)

    def sj_condition(self, position):
        """Always ``True``: a heap of value 0 is empty, so it has no move."""
        self.validate(position)
        return True

    def sj_values(self, position):
        """The SJ theorem's values of this heap: its size (:mod:`gamelab.misere`)."""
        return [self.validate(position)]

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        n = self.validate(position)
        if misere:
            return [1] if n > 1 else []
        return [0] if n else []

    def __repr__(self):
        return "NimHeap()"
