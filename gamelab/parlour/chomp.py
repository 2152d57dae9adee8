"""Chomp: eat a square of a chocolate bar and every square above it and to its right;
the square in the corner is poisoned.

A position is the tuple of the bar's row lengths, bottom row first, non-increasing,
**the poisoned square included** (it is the first square of the bottom row).  A move
picks a square ``(row, column)`` other than the poisoned one and eats it with every
square in its row or a higher one and in its column or a later one.  The player left
with only the poisoned square, ``(1,)``, cannot move and loses (normal play).

The first player wins every rectangle other than ``(1,)`` (strategy stealing: if
eating the top right square lost, the reply that wins from there was available
at the start, since every move eats the top right square too, so the position
that reply leaves could have been reached in one move), but the argument names
no move; :func:`chomp_first_moves` finds
them.  Two rows have a closed form: ``(a, b)`` is a P-position exactly when
``b == a - 1`` (:func:`two_row_chomp_outcome`).  Three rows and more have no
general closed form (for three rows with a short third row see [2], for
periodicity [3]); :func:`chomp_p_positions` computes them inside a rectangle.
The tuples are those of [1] and [2], whose pictures are drawn upside down (the
poisoned square at the top left).

References
----------
.. [1] D. Gale, "A curious Nim-type game", *Amer. Math. Monthly* 81 (1974), 876–879.
.. [2] D. Zeilberger, "Three-rowed CHOMP", *Adv. Appl. Math.* 26 (2001), 168–179.
.. [3] S. Byrnes, "Poset game periodicity", *Integers* 3 (2003), #G03.
"""
from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from math import comb

from .._validate import check_bool, check_int, check_int_tuple
from ..board import Bar
from ..engine import Game

__all__ = ["Chomp", "chomp_eat", "two_row_chomp_outcome", "chomp_p_positions",
           "chomp_first_moves", "TABLE_POSITIONS"]

#: The most positions :func:`chomp_p_positions` walks through (every bar inside the
#: rectangle): 8 × 10 (43,757 bars, a rectangle with two winning first moves) answers
#: in two or three seconds; 3 rows of 64 squares or 4 rows of 30 fit too.
TABLE_POSITIONS = 50_000


def _bar(position, name="position"):
    """``position`` checked: a non-empty tuple of non-increasing row lengths >= 1."""
    rows = check_int_tuple(position, name, minimum=1, lists=True)
    if not rows:
        raise ValueError(f"{name} must have at least one row (the poisoned square), got ()")
    for i in range(1, len(rows)):
        if rows[i] > rows[i - 1]:
            raise ValueError(f"{name} must have non-increasing row lengths (bottom row first), "
                             f"got {rows!r}: row {i + 1} is longer than row {i}")
    return rows


def _eat(rows, r, c):
    """The bar left when the square in row ``r``, column ``c`` (from 0) is eaten."""
    return tuple(x for x in rows[:r] + tuple(min(x, c) for x in rows[r:]) if x)


def chomp_eat(position, row, column):
    """The bar left when the square in ``row``, ``column`` (from 1; the poisoned square
    is ``(1, 1)``) is eaten from ``position``, with every square above and right of it.

    >>> chomp_eat((4, 4, 4), 2, 3)
    (4, 2, 2)
    """
    rows = _bar(position)
    row = check_int(row, "row", minimum=1, maximum=len(rows))
    column = check_int(column, "column", minimum=1, maximum=rows[row - 1])
    if (row, column) == (1, 1):
        raise ValueError("the poisoned square (1, 1) cannot be eaten: it is what is left to "
                         "the player who loses")
    return _eat(rows, row - 1, column - 1)


def two_row_chomp_outcome(a, b=0):
    """The outcome of the bar with ``a`` squares in the bottom row and ``b`` above them.

    ``b = 0`` means one row: ``(a, 0)`` is the position ``(a,)``.

    ``(a, b)`` is a P-position exactly when ``b == a - 1``.  From such a bar, a
    move in the top row leaves ``(a, c)`` with ``c < a - 1``, and eating the bottom
    row from column ``c + 2`` on answers it with ``(c + 1, c)``; a move in the
    bottom row leaves ``1 <= c < a`` squares in each row (the poisoned square
    stays), ``(c, c)``, and eating the top row's last square answers it with
    ``(c, c - 1)``.  So every move from the pattern is answered back into it, and
    the pattern holds ``(1, 0)``, the position ``(1,)``: the poisoned square alone.
    From any other bar one move reaches the pattern: ``(a, a)`` → ``(a, a - 1)``,
    and ``(a, b)`` with ``b < a - 1`` → ``(b + 1, b)``.

    >>> [two_row_chomp_outcome(a, b) for a, b in [(1, 0), (2, 1), (3, 1), (4, 4), (7, 6)]]
    ['P', 'P', 'N', 'N', 'P']
    """
    a = check_int(a, "a", minimum=1)
    b = check_int(b, "b", minimum=0, maximum=a)
    return "P" if b == a - 1 else "N"


def _positions(rows, columns):
    """Every bar inside ``rows`` × ``columns``, each after every bar it can move to."""
    # non-increasing row lengths from columns down to 0; the empty rows dropped
    bars = [tuple(x for x in lengths if x)
            for lengths in combinations_with_replacement(range(columns, -1, -1), rows)]
    bars = [bar for bar in bars if bar]
    bars.sort(key=sum)                   # a move always eats at least one square
    return bars


def chomp_p_positions(rows, columns):
    """Every P-position of Chomp inside a bar of ``rows`` × ``columns`` squares, by
    number of squares then by row lengths, found by one pass over every bar inside
    it (a bar is P when none of its moves leads to a P-position; the last few
    rectangles asked for are remembered).

    Raises ``ValueError`` when the rectangle holds more than :data:`TABLE_POSITIONS`
    bars.

    >>> chomp_p_positions(2, 4)
    [(1,), (2, 1), (3, 2), (4, 3)]
    >>> [p for p in chomp_p_positions(3, 5) if len(p) == 3]
    [(2, 2, 1), (3, 1, 1), (4, 2, 2), (5, 3, 2), (5, 5, 3)]
    """
    rows = check_int(rows, "rows", minimum=1)
    columns = check_int(columns, "columns", minimum=1)
    count = comb(rows + columns, rows) - 1 if max(rows, columns) <= TABLE_POSITIONS else None
    if count is None or count > TABLE_POSITIONS:
        count = "more than" if count is None else f"{count:,}"
        raise ValueError(f"a bar of {rows} × {columns} holds {count} bars, more than "
                         f"TABLE_POSITIONS = {TABLE_POSITIONS:,}; take fewer rows or columns")
    return sorted(_p_table(rows, columns), key=lambda p: (sum(p), p))


@functools.lru_cache(maxsize=16)
def _p_table(rows, columns):
    """The P-positions inside a checked rectangle, as a frozenset."""
    p_positions = set()
    for bar in _positions(rows, columns):
        if not any(_eat(bar, r, c) in p_positions for r, length in enumerate(bar)
                   for c in range(length) if r or c):
            p_positions.add(bar)
    return frozenset(p_positions)


def chomp_first_moves(rows, columns):
    """The winning first moves of the ``rows`` × ``columns`` bar, as the squares
    ``(row, column)`` to eat (from 1, the poisoned square is ``(1, 1)``).

    >>> chomp_first_moves(2, 5), chomp_first_moves(4, 4), chomp_first_moves(3, 4)
    ([(2, 5)], [(2, 2)], [(2, 3)])
    """
    chomp_p_positions(rows, columns)                 # checks the rectangle
    p_positions = _p_table(rows, columns)
    bar = (columns,) * rows
    return [(r + 1, c + 1) for r in range(rows) for c in range(columns)
            if (r or c) and _eat(bar, r, c) in p_positions]


class Chomp(Game):
    """Chomp on a bar of row lengths (bottom row first, the poisoned square included).

    Examples
    --------
    >>> import gamelab as gl
    >>> chomp = gl.Chomp()
    >>> chomp.options((2, 2))
    [(1, 1), (2,), (2, 1)]
    >>> gl.outcome(chomp, (1,)), gl.outcome(chomp, (3, 3, 3))
    ('P', 'N')
    >>> gl.winning_moves(chomp, (3, 3, 3))
    [(3, 1, 1)]
    >>> gl.display.move_words(chomp, (3, 3, 3), (3, 1, 1))
    'eat the square in row 2, column 2'
    """

    name = "Chomp"
    always_ends = True

    def validate(self, position):
        return _bar(position)

    def position_hint(self, position):
        """A position is the tuple of row lengths, bottom row first, poison included."""
        return ("a position of Chomp is the tuple of its row lengths, bottom row first, "
                "non-increasing, the poisoned square included: (4, 4, 4) is a 3 × 4 bar, "
                "(1,) the poisoned square alone")

    def board(self, position):
        """The bar, its poisoned square marked."""
        return Bar(self.validate(position))

    def options(self, position):
        rows = self.validate(position)
        return [_eat(rows, r, c) for r, length in enumerate(rows) for c in range(length)
                if r or c]

    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"``; a bar of one or two rows by its closed form."""
        check_bool(misere, "misere")
        rows = self.validate(position)
        if len(rows) <= 2 and not misere:
            return two_row_chomp_outcome(*rows)
        return super().outcome(rows, misere=misere)
