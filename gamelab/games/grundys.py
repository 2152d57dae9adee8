"""Grundy's game: split a heap into two heaps of different sizes.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4; OEIS A002188.
"""
from __future__ import annotations

from .octal import RuleHeapGame
from .octal_rules import Rules

__all__ = ["GrundysGame"]


class GrundysGame(RuleHeapGame):
    """Grundy's game: split a heap into two heaps of different sizes.

    Heaps of 1 and 2 cannot be split; no period of its values has ever been
    found (millions of values have been computed), and none can be proven by
    the Guy–Smith theorem, which needs a finite octal game.  ``period``
    returns ``None``.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.GrundysGame()
    >>> g.grundy_sequence(12).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    >>> gl.winning_moves(g, 8)
    [(1, 7)]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4; OEIS A002188.
    """

    name = "Grundy's game"
    heap_word, token_word = "heap", "stone"

    def __init__(self):
        super().__init__(Rules.grundys_game(), name="Grundy's game")

    def __repr__(self):
        return "GrundysGame()"

    def period(self, limit: int | None = None) -> tuple[int, int] | None:
        """``None``: Grundy's game is not a finite octal game (splitting into
        *unequal* heaps has no octal digit), so no theorem proves a period,
        and none has ever been observed."""
        return super().period(limit)


