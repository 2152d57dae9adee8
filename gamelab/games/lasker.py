"""Lasker's Nim: take any number of tokens from a heap, or split it into two.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4.
.. [2] E. Lasker, *Brettspiele der Völker* (1931).
"""
from __future__ import annotations

import numpy as np

from .._validate import check_int
from .octal import TokenHeapGame

__all__ = ["LaskersNim", "lasker_moves", "lasker_value", "MAX_SEQUENCE_LENGTH"]

#: The longest array ``grundy_sequence(n)`` builds.
MAX_SEQUENCE_LENGTH = 10_000_000


def lasker_moves(n):
    """The moves of Lasker's Nim from a heap of ``n``: take any number, or split in two."""
    for k in range(1, n + 1):
        yield (n - k,) if k < n else ()
    for a in range(1, n // 2 + 1):
        yield (a, n - a)


def lasker_value(n):
    """The closed form: ``G(4k+1), G(4k+2), G(4k+3), G(4k+4) = 4k+1, 4k+2, 4k+4, 4k+3``.

    >>> [lasker_value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """
    r = n % 4
    return n + 1 if r == 3 else n - 1 if (r == 0 and n) else n


class LaskersNim(TokenHeapGame):
    """Lasker's Nim: take any number of tokens from a heap, or split it into two non-empty heaps.

    Not a finite octal game (a move may remove any number of tokens), but its
    values follow a simple pattern: for k >= 0,
    ``G(4k+1) = 4k+1``, ``G(4k+2) = 4k+2``, ``G(4k+3) = 4k+4``,
    ``G(4k+4) = 4k+3``.  gamelab uses it as a closed form (tested against
    search).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.LaskersNim()
    >>> [g.grundy(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> gl.grundy(gl.Sum(g, g, g), (2, 5, 7))
    15
    >>> gl.winning_moves(gl.Sum(g, g, g), (2, 5, 7))   # split the 7: 1 ^ 6 == 7
    [(2, 5, (1, 6)), (2, 5, (2, 5)), (2, 5, (3, 4))]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4.
    .. [2] hihoCoder 1173 "Nim III".
    """

    name = "Lasker's Nim"
    heap_word, token_word = "heap", "stone"

    def __init__(self):
        super().__init__(lasker_moves, name="Lasker's Nim")

    def __repr__(self):
        return "LaskersNim()"

    def heap_grundy(self, heap):
        """Value of one heap, from the closed form :func:`lasker_value`."""
        return lasker_value(heap)

    def heap_move_count(self, heap):
        """A heap of n has n takes and n // 2 splits (none is listed)."""
        return heap + heap // 2

    def grundy_sequence(self, n):
        """Values of heaps ``0 .. n-1`` (at most ``MAX_SEQUENCE_LENGTH``) from the closed
        form (a numpy int64 array)."""
        n = check_int(n, "n", maximum=MAX_SEQUENCE_LENGTH)
        a = np.arange(n, dtype=np.int64)
        r = a % 4
        out = a.copy()
        out[r == 3] += 1
        out[(r == 0) & (a > 0)] -= 1
        return out

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """``None``: the values grow with n, so there is no period to prove."""
        if limit is not None:
            check_int(limit, "limit")
        return None

