"""Fibonacci Nim (斐波那契博弈) and Zeckendorf's theorem.

One heap of ``n`` stones.  The first player may take any number of stones
except all of them; afterwards a player may take at least one and at most
twice as many as the previous player took.  Whoever takes the last stone wins.

A position is a pair ``(heap, limit)``: the mover may take ``1 .. min(limit,
heap)`` stones, and after taking ``x`` the position is ``(heap - x, 2 * x)``.
A game on a heap of ``n`` starts at ``(n, n - 1)``.

Zeckendorf's theorem: every positive integer is, in exactly one way, a sum of
non-consecutive Fibonacci numbers from 1, 2, 3, 5, 8, ...  The smallest term
``z(n)`` of that sum decides the game: ``(heap, limit)`` is an N-position
exactly when ``heap > 0`` and ``z(heap) <= limit``, and taking ``z(heap)`` is a
winning move.  So the first player loses exactly when ``n`` is a Fibonacci
number (then ``z(n) = n > n - 1``).

Everything is exact integer arithmetic and works for heaps of any size
(``zeckendorf(10**100)`` has a few dozen terms).

References
----------
.. [1] E. Zeckendorf, "Représentation des nombres naturels par une somme de
   nombres de Fibonacci ou de nombres de Lucas", Bull. Soc. Roy. Sci. Liège 41
   (1972), 179–182.
.. [2] M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963), 9–13.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 2, ch. 15.
"""
from __future__ import annotations

from math import isqrt

from .._validate import check_bool, check_int, check_int_tuple
from ..board import Stones
from ..engine import Game, search_grundy, search_outcome
from ..i18n import gettext as _, ngettext

__all__ = ["FibonacciNim", "zeckendorf", "fibonacci_numbers", "is_fibonacci"]

#: Plain search (Sprague–Grundy values, misère play) is refused above this heap.
SEARCH_HEAP_LIMIT = 300


def fibonacci_numbers(limit):
    """The Fibonacci numbers ``1, 2, 3, 5, 8, ...`` that are ``<= limit``.

    (Zeckendorf sums use each Fibonacci value once, so the two 1s of
    ``F_1 = F_2 = 1`` appear once.)

    >>> fibonacci_numbers(20)
    [1, 2, 3, 5, 8, 13]
    >>> len(fibonacci_numbers(10**100))
    479
    """
    limit = check_int(limit, "limit")
    out = []
    a, b = 1, 2
    while a <= limit:
        out.append(a)
        a, b = b, a + b
    return out


def is_fibonacci(n):
    """Whether ``n >= 1`` is a Fibonacci number (``5 n**2 + 4`` or ``5 n**2 - 4`` a square).

    >>> [n for n in range(1, 30) if is_fibonacci(n)]
    [1, 2, 3, 5, 8, 13, 21]
    """
    n = check_int(n, "n")
    if n == 0:
        return False
    for m in (5 * n * n + 4, 5 * n * n - 4):
        r = isqrt(m)
        if r * r == m:
            return True
    return False


def zeckendorf(n):
    """The Zeckendorf representation of ``n``: non-consecutive Fibonacci numbers.

    The greedy choice (largest Fibonacci number ``<= n``, then repeat on the
    rest) never takes two consecutive Fibonacci numbers: if ``F_i <= n <
    F_{i+1}`` then ``n - F_i < F_{i-1}``.

    Parameters
    ----------
    n : int
        ``n >= 0``; ``zeckendorf(0) == []``.

    Returns
    -------
    list of int
        Decreasing, summing to ``n``, no two consecutive Fibonacci numbers.

    Examples
    --------
    >>> zeckendorf(100)
    [89, 8, 3]
    >>> zeckendorf(13), zeckendorf(0)
    ([13], [])
    >>> sum(zeckendorf(10**100)) == 10**100
    True

    References
    ----------
    .. [1] E. Zeckendorf, Bull. Soc. Roy. Sci. Liège 41 (1972), 179–182.
    """
    n = check_int(n, "n")
    fibs = fibonacci_numbers(n)
    terms = []
    for f in reversed(fibs):
        if f <= n:
            terms.append(f)
            n -= f
            if n == 0:
                break
    return terms


class FibonacciNim(Game):
    """Fibonacci Nim (斐波那契博弈).

    Positions are pairs ``(heap, limit)`` of non-negative integers: the mover
    takes ``x`` stones with ``1 <= x <= min(limit, heap)`` and leaves
    ``(heap - x, 2 * x)``.  ``options`` lists the moves for ``x = 1, 2, ...``.
    A heap of ``n`` starts at :meth:`start` ``(n) == (n, n - 1)``.

    ``outcome`` and ``winning_moves`` (normal play) are exact closed forms for
    heaps of any size; ``grundy`` and misère play search (heaps up to
    ``SEARCH_HEAP_LIMIT``).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.FibonacciNim()
    >>> [n for n in range(1, 40) if gl.outcome(g, g.start(n)) == "P"]
    [1, 2, 3, 5, 8, 13, 21, 34]
    >>> gl.winning_moves(g, g.start(100))
    [(97, 6), (89, 22)]
    >>> gl.winning_moves(g, (12, 12))
    [(11, 2), (0, 24)]
    >>> gl.outcome(g, g.start(10**100))
    'N'

    References
    ----------
    .. [1] M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963).
    """

    name = "Fibonacci Nim"
    always_ends = True

    @staticmethod
    def start(n):
        """The starting position ``(n, n - 1)`` of a heap of ``n >= 1`` stones."""
        n = check_int(n, "n", minimum=1)
        return (n, n - 1)

    def validate(self, position):
        return check_int_tuple(position, "position", length=2, lists=True)

    def position_hint(self, position):
        """A position is ``(heap, limit)``; a heap of ``n`` starts at :meth:`start` ``(n)``.

        >>> FibonacciNim().position_hint((7,))[-36:]
        'starts at gl.FibonacciNim().start(n)'
        """
        n = position if type(position) is int and position >= 1 else None
        start = ("a heap of n starts at gl.FibonacciNim().start(n)" if n is None else
                 f"a heap of {n} starts at gl.FibonacciNim().start({n}), which is {(n, n - 1)}")
        return (f"a position of {self.name} is a pair (heap, limit): the stones left and the "
                f"most the next move may take; {start}")

    def options(self, position):
        heap, limit = self.validate(position)
        top = min(heap, limit)
        if top > SEARCH_HEAP_LIMIT * 100:
            raise ValueError(
                f"position {(heap, limit)!r} has {top} options, too many to list; "
                "use outcome() or winning_moves(), which are exact for any size"
            )
        return [(heap - x, 2 * x) for x in range(1, top + 1)]

    def move_label(self, position, option):
        """How a move reads in words, for tables and the play widget."""
        return _("take {count}").format(count=position[0] - option[0])

    def board(self, position):
        """The heap, and how many stones the next move may take.

        >>> FibonacciNim().board((10, 9)).note
        'the next move may take 1 to 9 stones'
        """
        heap, limit = self.validate(position)
        top = min(heap, limit)
        note = ngettext("the next move may take 1 to {top} stone",
                        "the next move may take 1 to {top} stones", top).format(top=top)
        return Stones((heap,), note=note)

    # -- exact closed forms ------------------------------------------------------
    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"``: N exactly when ``heap > 0`` and ``z(heap) <= limit``."""
        check_bool(misere, "misere")
        heap, limit = self.validate(position)
        if misere:
            self._check_search_size(heap, limit)
            return search_outcome(self, (heap, limit), misere=True)
        if heap == 0:
            return "P"
        return "N" if zeckendorf(heap)[-1] <= limit else "P"

    def winning_moves(self, position, *, misere=False):
        """All moves to P-positions, in the order of :meth:`options`.

        Taking ``x`` wins when ``x == heap`` or ``z(heap - x) > 2 x``.  In the
        second case ``x < z(heap - x) / 2`` makes the Zeckendorf sums of
        ``heap - x`` and of ``x`` fit together into the Zeckendorf sum of
        ``heap``, so ``x`` is a sum of the smallest terms of ``heap``'s
        representation; only those few candidates need checking.
        """
        check_bool(misere, "misere")
        heap, limit = self.validate(position)
        if misere:
            self._check_search_size(heap, limit)
            return super().winning_moves((heap, limit), misere=True)
        terms = zeckendorf(heap)
        moves = []
        x = 0
        for j in range(len(terms) - 1, -1, -1):
            x += terms[j]
            if x > limit:
                break
            if j == 0 or terms[j - 1] > 2 * x:
                moves.append((heap - x, 2 * x))
        return moves

    # -- plain search -------------------------------------------------------------
    def _check_search_size(self, heap, limit):
        if heap > SEARCH_HEAP_LIMIT:
            raise ValueError(
                f"heap {heap}: Sprague–Grundy values and misère play of Fibonacci Nim are "
                f"computed by search, for heaps up to {SEARCH_HEAP_LIMIT}; outcome() and "
                "winning_moves() in normal play are exact for any size"
            )

    def grundy(self, position):
        """Sprague–Grundy value by plain search (heaps up to ``SEARCH_HEAP_LIMIT``)."""
        heap, limit = self.validate(position)
        self._check_search_size(heap, limit)
        return search_grundy(self, (heap, limit))

    def __repr__(self):
        return "FibonacciNim()"
