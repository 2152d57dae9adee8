"""Wythoff's game (威佐夫博弈): two heaps, take from one or the same from both.

A position is a pair ``(a, b)`` of heap sizes.  A move takes any positive
number of stones from one heap, or the same positive number from both heaps.
The P-positions are ``(0, 0)`` and the pairs ``(a_k, b_k)``, ``(b_k, a_k)``
with

    a_k = floor(k * phi),   b_k = a_k + k = floor(k * phi**2),   phi = (1 + sqrt 5) / 2,

and every positive integer is exactly one ``a_k`` or one ``b_k`` (Beatty's
theorem, since ``1/phi + 1/phi**2 == 1``).

Everything here is exact integer arithmetic: ``floor(k * phi) ==
(k + isqrt(5 * k * k)) // 2``, so ``wythoff_pair(10**100)`` is exact, and so
are :meth:`Wythoff.outcome` and :meth:`Wythoff.winning_moves` for positions of
any size.  A floating-point golden ratio is *not* exact: in IEEE double
precision ``floor((sqrt(5) + 1) / 2 * 267914296)`` is 433494437, one too many,
because ``267914296 * phi`` lies within ``phi**-42`` (about 2e-9) below the
integer 433494437 (the Fibonacci numbers are the worst cases).

The Sprague–Grundy values of Wythoff's game have no known simple formula;
:meth:`Wythoff.grundy` searches, and :meth:`Wythoff.grundy_table` computes a
whole table row by row.

References
----------
.. [1] W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief voor
   Wiskunde 7 (1907), 199–202.
.. [2] S. Beatty, Problem 3173, Amer. Math. Monthly 33 (1926), 159; solutions
   34 (1927), 159.
.. [3] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 3
   ("Wyt Queens").
.. [4] OEIS A000201 (lower Wythoff sequence) and A001950 (upper Wythoff sequence).
"""
from __future__ import annotations

from math import isqrt

from .._validate import check_bool, check_int, check_int_tuple
from ..board import Stones
from ..engine import Game, game_memo
from ..i18n import gettext as _

__all__ = ["Wythoff", "wythoff_pair", "wythoff_lower", "wythoff_partner",
           "is_wythoff_p_position"]

#: ``Wythoff.grundy`` searches at most this many positions ``(a + 1) * (b + 1)``.
GRUNDY_SEARCH_CELLS = 100_000

#: Misère play changes only the smallest P-positions: (0, 0), (1, 2), (2, 1)
#: become (0, 1), (1, 0), (2, 2).
_MISERE_PARTNER = {0: 1, 1: 0, 2: 2}
_MISERE_DIAGONAL = {0: (2, 2), 1: (0, 1), -1: (1, 0)}


def wythoff_lower(k):
    """``floor(k * phi)``, the lower Wythoff number, computed exactly.

    Since ``k * phi = (k + k * sqrt 5) / 2`` and ``k`` is an integer, the floor
    only needs ``floor(k * sqrt 5) == isqrt(5 * k * k)``.

    Parameters
    ----------
    k : int
        ``k >= 0``.

    Returns
    -------
    int

    Examples
    --------
    >>> [wythoff_lower(k) for k in range(8)]
    [0, 1, 3, 4, 6, 8, 9, 11]
    >>> wythoff_lower(267914296)
    433494436

    References
    ----------
    .. [1] OEIS A000201.
    """
    k = check_int(k, "k")
    return (k + isqrt(5 * k * k)) // 2


def wythoff_pair(k):
    """The k-th P-position ``(a_k, b_k)`` of Wythoff's game, exactly.

    ``a_k = floor(k * phi)`` and ``b_k = a_k + k``, with integer arithmetic
    only, so any ``k`` works.

    Parameters
    ----------
    k : int
        ``k >= 0``; ``wythoff_pair(0) == (0, 0)``.

    Returns
    -------
    tuple of int
        ``(a_k, b_k)`` with ``a_k <= b_k``.

    Examples
    --------
    >>> [wythoff_pair(k) for k in range(6)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    >>> a, b = wythoff_pair(10**30)
    >>> a, b - a
    (1618033988749894848204586834365, 1000000000000000000000000000000)

    References
    ----------
    .. [1] W. A. Wythoff, "A modification of the game of Nim" (1907).
    """
    k = check_int(k, "k")
    a = (k + isqrt(5 * k * k)) // 2
    return (a, a + k)


def _index_lower(n):
    """k with a_k == n, or None (n >= 1)."""
    # a_k = n  <=>  n < k*phi < n + 1  <=>  k = floor((n + 1) / phi) and k*phi > n
    m = n + 1
    k = (isqrt(5 * m * m) - m) // 2  # floor(m * (sqrt5 - 1) / 2) = floor(m / phi)
    return k if wythoff_lower(k) == n else None


def _index_upper(n):
    """k with b_k == n, or None (n >= 1)."""
    m = n + 1
    # floor(m / phi**2) = floor((3m - m*sqrt5) / 2) = (3m - isqrt(5m^2) - 1) // 2
    k = (3 * m - isqrt(5 * m * m) - 1) // 2
    return k if k >= 1 and wythoff_lower(k) + k == n else None


def wythoff_partner(n, *, misere=False):
    """The heap size ``p`` with ``(n, p)`` a P-position of Wythoff's game.

    By Beatty's theorem every ``n >= 1`` is exactly one ``a_k`` or one
    ``b_k``, so the partner is unique: ``b_k`` or ``a_k``; the partner of 0
    is 0.  In misère play the partners of 0, 1, 2 are 1, 0, 2.

    Parameters
    ----------
    n : int
        A heap size, ``n >= 0``.
    misere : bool, keyword-only

    Returns
    -------
    int

    Examples
    --------
    >>> [wythoff_partner(n) for n in range(8)]
    [0, 2, 1, 5, 7, 3, 10, 4]
    >>> wythoff_partner(0, misere=True)
    1

    References
    ----------
    .. [1] S. Beatty, Amer. Math. Monthly 33 (1926) and 34 (1927).
    """
    n = check_int(n, "n")
    check_bool(misere, "misere")
    if misere and n in _MISERE_PARTNER:
        return _MISERE_PARTNER[n]
    if n == 0:
        return 0
    k = _index_lower(n)
    if k is not None:
        return n + k
    k = _index_upper(n)
    if k is None:  # pragma: no cover - Beatty's theorem says this cannot happen
        raise AssertionError(f"{n} is neither a lower nor an upper Wythoff number")
    return n - k


def is_wythoff_p_position(position, *, misere=False):
    """Whether ``(a, b)`` is a P-position of Wythoff's game, exactly, for any size.

    With ``k = |b - a|`` the position is P exactly when ``min(a, b) == a_k``.

    Examples
    --------
    >>> is_wythoff_p_position((3, 5)), is_wythoff_p_position((5, 3)), is_wythoff_p_position((2, 4))
    (True, True, False)
    >>> is_wythoff_p_position((165580140, 267914295))
    True
    """
    a, b = check_int_tuple(position, "position", length=2)
    check_bool(misere, "misere")
    return _is_p(a, b, misere)


def _is_p(a, b, misere=False):
    if misere and min(a, b) <= 2:
        return (a, b) in ((0, 1), (1, 0), (2, 2))
    lo, d = min(a, b), abs(b - a)
    return lo == (d + isqrt(5 * d * d)) // 2


def _diagonal_p(d, misere=False):
    """The P-position ``(x, x + d)`` on the diagonal of signed difference ``d``."""
    if misere and d in _MISERE_DIAGONAL:
        return _MISERE_DIAGONAL[d]
    a, b = wythoff_pair(abs(d))
    return (a, b) if d >= 0 else (b, a)


class Wythoff(Game):
    """Wythoff's game (威佐夫博弈).

    Positions are pairs ``(a, b)`` of heap sizes.  A move takes ``x >= 1``
    stones from the first heap, from the second heap, or from both.
    ``options`` lists them in that order, ``x = 1, 2, ...`` within each kind.

    ``outcome`` and ``winning_moves`` are exact closed forms for positions of
    any size, in normal and in misère play; ``grundy`` searches (the values
    are not simple), for positions with at most
    ``GRUNDY_SEARCH_CELLS`` positions below them.

    Examples
    --------
    >>> import gamelab as gl
    >>> w = gl.Wythoff()
    >>> [gl.outcome(w, p) for p in [(0, 0), (1, 2), (2, 2), (3, 5)]]
    ['P', 'P', 'N', 'P']
    >>> gl.winning_moves(w, (5, 7))
    [(4, 7), (5, 3), (3, 5)]
    >>> gl.winning_moves(w, (10**20, 10**20 + 5))
    [(8, 13)]
    >>> gl.outcome(w, (161803398874989484820, 261803398874989484820))
    'P'
    >>> gl.grundy(w, (2, 3))
    5

    References
    ----------
    .. [1] W. A. Wythoff, "A modification of the game of Nim" (1907).
    .. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, vol. 1, ch. 3.
    """

    name = "Wythoff's game"
    always_ends = True

    def validate(self, position):
        return check_int_tuple(position, "position", length=2, lists=True)

    def position_hint(self, position):
        """A position is a pair of heap sizes; :func:`wythoff_pair` gives the P-positions."""
        return (f"a position of {self.name} is a pair (a, b) of heap sizes, such as (3, 5); "
                "gl.wythoff_pair(k) is the k-th P-position")

    def board(self, position):
        """Two numbered heaps of stones."""
        return Stones(self.validate(position))

    def options(self, position):
        a, b = self.validate(position)
        if a + b > GRUNDY_SEARCH_CELLS:
            raise ValueError(
                f"position {(a, b)!r} has {a + b + min(a, b)} options, too many to list; "
                "use outcome() or winning_moves(), which are exact for any size"
            )
        return ([(a - x, b) for x in range(1, a + 1)]
                + [(a, b - x) for x in range(1, b + 1)]
                + [(a - x, b - x) for x in range(1, min(a, b) + 1)])

    def move_label(self, position, option):
        """How a move reads in words, for tables and the play widget."""
        (a, b), (c, d) = position, option
        if a != c and b != d:
            return _("take {count} from both").format(count=a - c)
        if a != c:
            return _("take {count} from heap {i}").format(count=a - c, i=1)
        return _("take {count} from heap {i}").format(count=b - d, i=2)

    # -- exact closed forms ------------------------------------------------------
    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"``, exactly, for positions of any size.

        ``(a, b)`` is P exactly when ``min(a, b) == a_k`` with ``k = |b - a|``.
        """
        check_bool(misere, "misere")
        a, b = self.validate(position)
        return "P" if _is_p(a, b, misere) else "N"

    def winning_moves(self, position, *, misere=False):
        """All moves to P-positions, exactly, for positions of any size.

        There is at most one of each kind: the first heap must drop to the
        partner of the second heap, the second heap to the partner of the
        first, and a move from both keeps the difference ``b - a``, so it must
        reach the one P-position with that difference.  They are returned in
        the order of :meth:`options`.
        """
        check_bool(misere, "misere")
        a, b = self.validate(position)
        if _is_p(a, b, misere):
            return []
        moves = []
        p = wythoff_partner(b, misere=misere)
        if p < a:
            moves.append((p, b))
        p = wythoff_partner(a, misere=misere)
        if p < b:
            moves.append((a, p))
        c, d = _diagonal_p(b - a, misere)
        if c < a:
            moves.append((c, d))
        return moves

    # -- Sprague–Grundy values: no closed form -----------------------------------
    def grundy(self, position):
        """Sprague–Grundy value from the table up to ``position`` (there is no simple formula)."""
        a, b = self.validate(position)
        if (a + 1) * (b + 1) > GRUNDY_SEARCH_CELLS:
            raise ValueError(
                f"position {(a, b)!r}: Wythoff's Sprague–Grundy values have no known "
                f"closed form, and a search would visit {(a + 1) * (b + 1)} positions "
                f"(more than {GRUNDY_SEARCH_CELLS}); outcome() and winning_moves() are "
                "exact for any size"
            )
        a, b = min(a, b), max(a, b)  # G(a, b) = G(b, a)
        square = game_memo(self, "grundy_square")  # {"table": the largest square computed}
        table = square.get("table", ())
        if b < len(table):
            return table[a][b]
        if (b + 1) ** 2 > GRUNDY_SEARCH_CELLS:  # a thin rectangle: just the one needed
            return self.grundy_table(a + 1, b + 1)[a][b]
        side = min(max(b + 1, 2 * len(table), 32), isqrt(GRUNDY_SEARCH_CELLS))
        square["table"] = table = self.grundy_table(side)
        return table[a][b]

    def grundy_table(self, rows, cols=None):
        """Sprague–Grundy values ``G(a, b)`` for ``0 <= a < rows``, ``0 <= b < cols``.

        Computed row by row: ``G(a, b)`` is the mex of the values already
        seen in its row, its column and its diagonal, which are kept as sets,
        each with its own mex (the answer is at least the largest of the three).
        Returns a list of lists (``table[a][b]``).

        >>> Wythoff().grundy_table(3)
        [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
        """
        rows = check_int(rows, "rows")
        cols = rows if cols is None else check_int(cols, "cols")
        if max(rows, cols, rows * cols) > 4 * GRUNDY_SEARCH_CELLS:
            raise ValueError(f"rows, cols and rows * cols must be <= {4 * GRUNDY_SEARCH_CELLS}, "
                             f"got {rows} * {cols}")
        col_seen = [[set(), 0] for _ in range(cols)]  # each: the values seen, their mex
        diag_seen = {}
        table = []
        for a in range(rows):
            row_seen = [set(), 0]
            line = []
            for b in range(cols):
                cs = col_seen[b]
                ds = diag_seen.setdefault(b - a, [set(), 0])
                g = max(row_seen[1], cs[1], ds[1])  # every smaller value is seen in one of them
                while g in row_seen[0] or g in cs[0] or g in ds[0]:
                    g += 1
                line.append(g)
                for seen in (row_seen, cs, ds):
                    seen[0].add(g)
                    while seen[1] in seen[0]:
                        seen[1] += 1
            table.append(line)
        return table

    def p_positions(self, limit):
        """All P-positions ``(a, b)`` with ``a, b < limit``, sorted (exact).

        >>> Wythoff().p_positions(8)
        [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]
        """
        limit = check_int(limit, "limit", maximum=GRUNDY_SEARCH_CELLS * 10)
        out = []
        k = 0
        while True:
            a, b = wythoff_pair(k)
            if a >= limit:
                break
            out.append((a, b))
            if k:
                out.append((b, a))
            k += 1
        return sorted(p for p in out if p[0] < limit and p[1] < limit)

    def __repr__(self):
        return "Wythoff()"

