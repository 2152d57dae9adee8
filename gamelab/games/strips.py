"""Strip games that are take-and-break games in disguise.

Placing pieces on a strip (POI 2000 "PAS"), Treblecross (POJ 3537) and the
cutting game of POJ 2311, whose heaps are rectangles.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 (Treblecross).
"""
from __future__ import annotations

import numpy as np

from .._validate import check_int
from ..board import Stones
from ..heaps import HeapGame
from .octal import TakeAndBreak, check_heap_size
from .subtraction import check_subtraction_set

__all__ = ["placement_game", "Treblecross", "CuttingGame", "check_rectangle", "cutting_moves",
           "treblecross_moves"]


def placement_game(lengths):
    """The strip game of placing pieces of the given lengths, as an octal game.

    Players take turns laying a piece of one of the ``lengths`` (as many of
    each as they like) on free cells of a 1 x n strip, without overlap; the
    player who cannot place a piece loses.  Placing a piece of length L in a
    free stretch of s cells removes L cells and leaves zero, one or two free
    stretches — so it is the octal game with the digit 7 at each length L
    (the "PAS" problem of POI 2000 is lengths ``{c, z, n}``).

    Parameters
    ----------
    lengths : iterable of int
        Positive piece lengths, not empty.

    Returns
    -------
    TakeAndBreak

    Examples
    --------
    >>> g = placement_game([1, 5])
    >>> g.code
    '0.70007'
    >>> [g.grundy(n) for n in (1, 5, 6)]
    [1, 1, 0]
    """
    try:
        ls = check_subtraction_set(lengths)
    except (TypeError, ValueError) as err:
        raise type(err)(str(err).replace("subtraction_set", "lengths")) from None
    digits = ["0"] * (max(ls) + 1)
    for L in ls:
        digits[L] = "7"
    return TakeAndBreak("0." + "".join(digits[1:]))


def treblecross_moves(n):
    """The moves of :class:`Treblecross` from a stretch of ``n`` safe cells."""
    for i in range(1, n + 1):  # an X on cell i spoils cells i-2 .. i+2
        yield tuple(h for h in (max(i - 3, 0), max(n - i - 2, 0)) if h)


class Treblecross(HeapGame):
    """Treblecross (one-dimensional tic-tac-toe): the safe-cell model.

    Players write an X in an empty cell of a 1 x n strip; whoever completes
    three X in a row wins.  Nobody sensible writes an X within two cells of
    another (the opponent would complete the row), so an X on cell i of a
    stretch of n safe cells leaves two stretches of ``max(i - 3, 0)`` and
    ``max(n - i - 2, 0)`` safe cells, and the player who has no safe cell
    left loses.  This is the octal game 0.007 with every heap shifted by
    two: ``Treblecross().grundy(n) == TakeAndBreak("0.007").grundy(n + 2)``.

    Examples
    --------
    >>> import gamelab as gl
    >>> t = Treblecross()
    >>> [t.grundy(n) for n in range(1, 11)]
    [1, 1, 1, 2, 2, 0, 3, 3, 1, 1]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4 (Treblecross);
       POJ 3537 "Crosses and Crosses".
    """

    name = "Treblecross"
    always_ends = True

    def __init__(self):
        super().__init__(treblecross_moves, name="Treblecross", validate_heap=check_heap_size)
        self._octal = TakeAndBreak("0.007")

    def __repr__(self):
        return "Treblecross()"

    def heap_grundy(self, heap):
        """Value of a stretch of ``heap`` safe cells: that of 0.007 on ``heap + 2``."""
        return self._octal.heap_grundy(heap + 2) if heap else 0

    def board(self, position):
        """The stretches of safe cells, as :class:`gamelab.board.Stones`."""
        position = self.validate(position)
        heaps = (position,) if isinstance(position, int) else tuple(position)
        return Stones(heaps, word="stretch", unit="safe cell")

    def grundy_sequence(self, n):
        n = check_int(n, "n")
        seq = self._octal.grundy_sequence(n + 2)[2:].copy()
        if n:
            seq[0] = 0
        return seq


def check_rectangle(heap):
    """Return ``heap`` as a ``(w, h)`` rectangle of positive ints, or raise.

    Raises
    ------
    TypeError
        If ``heap`` is not a pair of integers.
    ValueError
        If a side is below 1.
    """
    if not isinstance(heap, tuple) or len(heap) != 2:
        raise TypeError(f"heap must be a rectangle (w, h) of two positive integers, got {heap!r}")
    w = check_int(heap[0], "heap width", minimum=1)
    h = check_int(heap[1], "heap height", minimum=1)
    return (w, h)


def cutting_moves(heap):
    """The cuts of :class:`CuttingGame` from a ``(w, h)`` rectangle (both pieces at least 2 wide)."""
    w, h = heap
    for i in range(2, w // 2 + 1):
        if w - i >= 2:
            yield ((i, h), (w - i, h))
    for j in range(2, h // 2 + 1):
        if h - j >= 2:
            yield ((w, j), (w, h - j))


class CuttingGame(HeapGame):
    """The cutting game of POJ 2311, where a heap is a ``(w, h)`` rectangle.

    A move cuts one rectangle of a grid along a grid line into two; whoever
    cuts off a 1 x 1 piece wins.  A cut leaving a strip one cell wide lets the
    opponent cut off a 1 x 1 square and win, so good players only make cuts
    leaving both pieces at least 2 x 2; with those moves only, the player
    who cannot cut loses — a take-and-break game whose heaps are rectangles.

    Examples
    --------
    >>> import gamelab as gl
    >>> c = CuttingGame()
    >>> [c.grundy((w, 2)) for w in range(2, 8)]
    [0, 0, 1, 1, 2, 0]
    >>> gl.winning_moves(c, (4, 2))
    [((2, 2), (2, 2))]

    References
    ----------
    .. [1] POJ 2311 "Cutting Game".
    """

    name = "cutting game"
    always_ends = True
    #: largest side for the numpy table (bigger rectangles fall back to search)
    MAX_SIDE = 600

    def __init__(self):
        super().__init__(cutting_moves, name="cutting game", validate_heap=check_rectangle)
        self._table = np.zeros((1, 1), dtype=np.int64)

    def __repr__(self):
        return "CuttingGame()"

    def grundy_table(self, size):
        """Values of every rectangle with sides ``<= size`` (index ``[w, h]``; row and column 0 unused)."""
        size = check_int(size, "size", minimum=1, maximum=self.MAX_SIDE)
        if self._table.shape[0] > size:
            return self._table[:size + 1, :size + 1].copy()
        N = size + 1
        T = np.zeros((N, N), dtype=np.int64)
        mark = np.zeros(4 * N + 2, dtype=bool)
        for s in range(2, 2 * N - 1):  # cells in order of w + h
            for w in range(max(1, s - N + 1), min(N - 1, s - 1) + 1):
                h = s - w
                if h < w:
                    T[w, h] = T[h, w]
                    continue
                parts = []
                if w >= 4:
                    i = np.arange(2, w // 2 + 1)
                    parts.append(T[i, h] ^ T[w - i, h])
                if h >= 4:
                    j = np.arange(2, h // 2 + 1)
                    parts.append(T[w, j] ^ T[w, h - j])
                if not parts:
                    continue
                vals = np.concatenate(parts)
                mark[vals] = True
                T[w, h] = int(np.argmin(mark))
                mark[vals] = False
        self._table = T
        return T.copy()

    def heap_move_count(self, heap):
        """The cuts of a ``(w, h)`` rectangle: ``w // 2 - 1`` across, ``h // 2 - 1`` along."""
        w, h = heap
        return max(w // 2 - 1, 0) + max(h // 2 - 1, 0)

    def heap_grundy(self, heap):
        """Value of one rectangle: from the table, by search beyond ``MAX_SIDE``."""
        w, h = heap
        if max(w, h) > self.MAX_SIDE:
            return super().heap_grundy(heap)
        if max(w, h) >= self._table.shape[0]:
            self.grundy_table(max(w, h, 2 * (self._table.shape[0] - 1), 16))
        return int(self._table[w, h])

