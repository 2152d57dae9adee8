"""Two-dimensional coin turning (二维翻硬币): tartan games and the Tartan theorem.

Coins lie in a rectangular grid, each showing heads (``H``) or tails
(``T``).  A position is a tuple of equal-length strings, one per row, row 1
on top and column 1 on the left; the coin in row r, column c is ``(r, c)``.
A move turns a set of coins whose *southeast* coin — the one in the largest
row and the largest column of the set — goes from heads to tails; every other
coin turned lies in its row or above, and in its column or to the left.

Given two one-dimensional coin-turning games A and B (:class:`CoinTurning`
rules), the *tartan game* A × B allows every move that is a product: if
turning coins ``x1 < ... < xm = r`` is a move of A and turning
``y1 < ... < yn = c`` is a move of B, then turning the m·n coins
``(xi, yj)`` is a move of A × B, provided the head ``(r, c)`` goes from
heads to tails.

**Tartan theorem.**  A single head at ``(r, c)`` has value
``G_A(r) ⊗ G_B(c)``, the nim product of the values of a single head at r in
A and at c in B; as in one dimension, a position is worth the nim-sum of its
heads.  So a move from a head of value
``v1 ⊗ v2`` turns coins worth ``(v1 ⊕ u1) ⊗ (v2 ⊕ u2)`` in all, where
``u1`` and ``u2`` are the values of the lower coins the two 1-D moves turn:
the winning moves are found coordinate by coordinate, never by listing the
product moves.

Coordinates here start at 1 in both directions, as in :class:`CoinTurning`.
Ferguson numbers the coins of Twins and Mock Turtles from 0, so his ``(x, y)``
(x the row) is ``(x + 1, y + 1)`` here; for Ruler and Turning Turtles he
starts at 1 as we do.

References
----------
.. [1] T. S. Ferguson, *Game Theory*, part I, §5.2–5.4 ("Two-dimensional coin
   turning games", "Nim multiplication", "Tartan games"),
   https://www.math.ucla.edu/~tom/Game_Theory/comb.pdf
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 3, ch. 14 ("Turn and Turn About"), A K Peters (2003).
"""
from __future__ import annotations

from .. import engine
from .._validate import check_bool, check_int
from ..board import Coins
from ..engine import Game, xor_values
from ..i18n import gettext as _, ngettext
from ..nimber import nim_inv, nim_mul
from .coins import CoinTurning

__all__ = ["TartanGame", "AcrosticTwins", "TARTANS", "FACTORS", "twins", "tartan_value"]

#: The one-dimensional rules a coordinate of a tartan game may follow, by name.
FACTORS = {
    "twins": "turn exactly two coins, the head and one coin left of it (Twins); "
             "a head at i is worth i - 1",
    "one_or_two": "turn the head and at most one coin left of it (Turning Turtles); "
                  "a head at i is worth i",
    "mock_turtles": "turn the head and at most two coins left of it (Mock Turtles); "
                    "a head at i is worth the i-th odious number",
    "ruler": "turn a run of consecutive coins ending at the head (Ruler); "
             "a head at i is worth the largest power of 2 dividing i",
}

#: The named tartan games: name -> (row rule, column rule, what Ferguson calls it).
TARTANS = {
    "turning_corners": ("twins", "twins", "Turning Corners"),
    "turning_turtles_squared": ("one_or_two", "one_or_two", "Turning Turtles squared"),
    "mock_turtles_squared": ("mock_turtles", "mock_turtles", "Mock Turtles squared"),
    "rugs": ("ruler", "ruler", "Rugs"),
}

_TITLES = {"twins": "Twins", "one_or_two": "Turning Turtles", "mock_turtles": "Mock Turtles",
           "ruler": "Ruler"}

#: The most options :meth:`TartanGame.options` lists for one position, and
#: the most characters of positions a list of winning moves may hold.
MAX_OPTIONS = 200_000
MAX_LISTED = 50_000_000


def twins(i):
    """The rule of Twins for :class:`CoinTurning`: the head at ``i`` and one coin left of it.

    >>> [list(twins(i)) for i in (1, 2, 3)]
    [[], [(1,)], [(1,), (2,)]]
    >>> CoinTurning(twins).head_values(6)
    [0, 1, 2, 3, 4, 5]
    """
    return [(j,) for j in range(1, i)]


class _Factor:
    """One coordinate of a tartan game: a 1-D rule, its values and its move sets by value."""

    def __init__(self, spec, name):
        if isinstance(spec, CoinTurning):
            named = isinstance(spec.rule, str)
            self.game, self.key = spec, spec.rule if named else None
            self.title = _TITLES[spec.rule] if named else getattr(spec.rule, "__name__", "rule")
        elif isinstance(spec, str):
            if spec not in FACTORS:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, FACTORS))} or a "
                                 f"CoinTurning game, got unknown coin rule {spec!r}")
            self.game = CoinTurning(twins if spec == "twins" else spec)
            self.key, self.title = spec, _TITLES[spec]
        elif callable(spec):
            self.game, self.key = CoinTurning(spec), None
            self.title = getattr(spec, "__name__", "rule")
        else:
            raise TypeError(f"{name} must be a rule name ({', '.join(map(repr, FACTORS))}), "
                            f"a CoinTurning game or a rule callable, got "
                            f"{type(spec).__name__} {spec!r}")
        self._by_value = {}

    def value(self, i):
        return i - 1 if self.key == "twins" else self.game.head_value(i)

    def move_sets(self, i):
        return self.game.move_sets(i)

    def by_value(self, i):
        """``{u: [indices of move_sets(i) whose lower coins are worth u]}``, in order."""
        found = self._by_value.get(i)
        if found is None:
            sets = self.move_sets(i)
            if len(sets) + sum(map(len, sets)) > engine.SEARCH_LIMIT:
                raise ValueError(
                    f"the {self.title} moves of a head at {i} hold more than "
                    f"{engine.SEARCH_LIMIT} coins: too many to sort by value (raise "
                    "gamelab.engine.SEARCH_LIMIT)")
            found = {}
            for k, s in enumerate(sets):
                found.setdefault(xor_values(self.value(j) for j in s), []).append(k)
            self._by_value[i] = found
        return found


def _check_grid(position):
    if isinstance(position, list):
        position = tuple(position)
    if isinstance(position, str) or not isinstance(position, tuple):
        raise TypeError(
            "position must be a tuple of equal-length strings of 'H' and 'T' (row 1 first), "
            f"got {type(position).__name__} {position!r}")
    width = None
    for r, row in enumerate(position, 1):
        if not isinstance(row, str):
            raise TypeError(f"position[{r - 1}] must be a string of 'H' and 'T', "
                            f"got {type(row).__name__} {row!r}")
        bad = set(row) - {"H", "T"}
        if bad:
            raise ValueError(f"position[{r - 1}] must contain only 'H' and 'T', "
                             f"got {''.join(sorted(bad))!r} in {row!r}")
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise ValueError(f"position must have rows of equal length: row 1 has {width} "
                             f"coins, row {r} has {len(row)}")
    return position


_GRID_HINT = ("a position of {} is a tuple of rows, each a string of 'H' and 'T' (row 1 "
              "first, coin 1 of a row on the left), all of one length, such as ('HT', 'TT')")


def _heads(position):
    return [(r, c) for r, row in enumerate(position, 1) for c, x in enumerate(row, 1) if x == "H"]


_FLIP = ord("H") ^ ord("T")


def _turn(position, rows, columns):
    """The grid after turning every coin of rows × columns (1-based)."""
    grid = list(position)
    for r in rows:
        line = bytearray(grid[r - 1], "ascii")
        for c in columns:
            line[c - 1] ^= _FLIP
        grid[r - 1] = line.decode("ascii")
    return tuple(grid)


def _grid_move_label(position, option):
    turned = [(r, c) for r, (a, b) in enumerate(zip(position, option), 1)
              for c, (x, y) in enumerate(zip(a, b), 1) if x != y]
    if len(turned) == 1:
        return _("turn coin {coins}").format(coins=turned[0])
    rows = sorted({r for r, _c in turned})
    cols = sorted({c for _r, c in turned})
    if len(turned) == len(rows) * len(cols):
        return _("turn the {count} coins at {rows} × {columns}").format(
            count=len(turned),
            rows=ngettext("row {list}", "rows {list}", len(rows)).format(
                list=", ".join(map(str, rows))),
            columns=ngettext("column {list}", "columns {list}", len(cols)).format(
                list=", ".join(map(str, cols))))
    return _("turn coins {coins}").format(coins=", ".join(map(str, turned)))


class TartanGame(Game):
    """The tartan game ``rows × columns`` of two one-dimensional coin-turning games.

    Parameters
    ----------
    rows : str, CoinTurning or callable
        The rule of the first coordinate (which rows a move turns): a name of
        :data:`FACTORS` (``"twins"``, ``"one_or_two"``, ``"mock_turtles"``,
        ``"ruler"``), a :class:`CoinTurning` game, or a rule callable as
        :class:`CoinTurning` takes.
    columns : same, optional
        The rule of the second coordinate; by default the same as ``rows``.

    Notes
    -----
    Named games (:meth:`named`, Ferguson §5.2–5.4): **Turning Corners** =
    Twins × Twins (turn the four corners of a rectangle; a head at ``(r, c)``
    is worth ``(r-1) ⊗ (c-1)``); **Turning Turtles squared** (the rectangle
    may be degenerate: also two coins in a row or a column, or one coin;
    ``r ⊗ c``); **Mock Turtles squared**; **Rugs** = Ruler × Ruler, also
    called Turnablock (turn every coin of a rectangular block).

    ``options`` lists every product move (heads in reading order, then the
    row rule's sets, then the column rule's sets; at most ``MAX_OPTIONS``);
    plain search over them is the reference.  ``grundy`` uses the Tartan
    theorem, and ``winning_moves`` finds, for each head, the row moves by
    the value ``A`` of the coins they turn, and the column moves of value
    ``B`` with ``A ⊗ B`` equal to the nim-sum: exact at any size, without
    listing the product moves.

    Examples
    --------
    >>> import gamelab as gl
    >>> corners = TartanGame.named("turning_corners")
    >>> corners.name
    'Turning Corners (Twins × Twins)'
    >>> pos = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")   # Ferguson's display (5)
    >>> corners.grundy(pos), [corners.head_value(r, c) for r, c in [(2, 4), (4, 3), (5, 5)]]
    (4, [3, 1, 6])
    >>> corners.winning_moves(pos)
    [('TTTTT', 'TTTHT', 'TTTTT', 'TTHHH', 'TTTHT')]
    >>> rugs = TartanGame("ruler")
    >>> rugs.name, rugs.grundy(pos)
    ('Rugs (Ruler × Ruler)', 13)
    >>> rugs.winning_moves(pos)[0]
    ('HHHHT', 'HHHTT', 'TTTTT', 'TTHTT', 'TTTTH')
    >>> TartanGame("mock_turtles").head_values(3, 4)
    [[1, 2, 4, 7], [2, 3, 8, 9], [4, 8, 6, 10]]
    >>> gl.grundy(corners, pos) == gl.search_grundy(corners, pos)
    True

    References
    ----------
    .. [1] Ferguson, *Game Theory*, part I, §5.4 (the Tartan theorem, Tables 5.3–5.4).
    .. [2] Berlekamp, Conway, Guy, *Winning Ways*, vol. 3, ch. 14.
    """

    always_ends = True

    def __init__(self, rows, columns=None):
        self._rows = _Factor(rows, "rows")
        self._cols = self._rows if columns is None else _Factor(columns, "columns")
        keys = (self._rows.key, self._cols.key)
        title = next((t for r, c, t in TARTANS.values() if (r, c) == keys), "Tartan game")
        self.name = f"{title} ({self._rows.title} × {self._cols.title})"

    @classmethod
    def named(cls, name):
        """One of the named tartan games of :data:`TARTANS` (``"rugs"``, ...)."""
        if name not in TARTANS:
            raise ValueError(f"name must be one of {', '.join(map(repr, TARTANS))}, got {name!r}")
        rows, columns, _ = TARTANS[name]
        return cls(rows, columns)

    def __repr__(self):
        return f"TartanGame(<{self.name}>)"

    @property
    def factors(self):
        """The two one-dimensional games, ``(rows, columns)``, as :class:`CoinTurning` games."""
        return self._rows.game, self._cols.game

    # -- positions ----------------------------------------------------------------
    def validate(self, position):
        return _check_grid(position)

    def position_hint(self, position):
        """A position is a tuple of rows, each a string of ``H`` and ``T``."""
        return _GRID_HINT.format(self.name)

    def board(self, position):
        return Coins(faces=self.validate(position))

    def move_label(self, position, option):
        return _grid_move_label(position, option)

    def moves(self, position):
        """The legal moves as ``(rows turned, columns turned)``, each increasing."""
        position = self.validate(position)
        out = []
        for r, c in _heads(position):
            cols = [(*s, c) for s in self._cols.move_sets(c)]
            for s in self._rows.move_sets(r):
                if len(out) + len(cols) > MAX_OPTIONS:
                    raise ValueError(f"position has more than {MAX_OPTIONS} moves, too many to "
                                     "list; grundy and winning_moves need no list of them")
                out.extend(((*s, r), cs) for cs in cols)
        return out

    def options(self, position):
        position = self.validate(position)
        return [_turn(position, rs, cs) for rs, cs in self.moves(position)]

    # -- values -------------------------------------------------------------------
    def head_value(self, r, c):
        """Value of a single head at ``(r, c)``: ``G_rows(r) ⊗ G_columns(c)`` (Tartan theorem)."""
        r, c = check_int(r, "r", minimum=1), check_int(c, "c", minimum=1)
        return nim_mul(self._rows.value(r), self._cols.value(c))

    def head_values(self, m, n):
        """The values of single heads on an ``m × n`` board (m, n <= 10000), as a list of rows."""
        m, n = check_int(m, "m", maximum=10_000), check_int(n, "n", maximum=10_000)
        cols = [self._cols.value(c) for c in range(1, n + 1)]
        return [[nim_mul(self._rows.value(r), v) for v in cols] for r in range(1, m + 1)]

    def grundy(self, position):
        """Nim-sum of the heads' values, one nim product per row (distributivity)."""
        position = self.validate(position)
        total = 0
        for r, row in enumerate(position, 1):
            across = xor_values(self._cols.value(c) for c, x in enumerate(row, 1) if x == "H")
            if across:
                total ^= nim_mul(self._rows.value(r), across)
        return total

    def _moves_changing_by(self, position, delta):
        """The moves ``(rows, columns)`` whose turned coins are worth ``delta`` in all."""
        found, width = [], max(1, len(position) * len(position[0])) if position else 1
        for r, c in _heads(position):
            v1, v2 = self._rows.value(r), self._cols.value(c)
            col_sets, by_value = self._cols.move_sets(c), self._cols.by_value(c)
            wanted = {}  # value A of the row part -> value of the column part's lower coins
            for s in self._rows.move_sets(r):
                a = v1 ^ xor_values(self._rows.value(j) for j in s)
                if a not in wanted:
                    wanted[a] = nim_mul(delta, nim_inv(a)) ^ v2
                for k in by_value.get(wanted[a], ()):
                    found.append(((*s, r), (*col_sets[k], c)))
                if len(found) * width > MAX_LISTED:
                    raise ValueError(f"position of {width} coins has too many such moves to "
                                     f"list (at most {MAX_LISTED} characters in all)")
        return found

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return super().winning_moves(position, misere=True)
        total = self.grundy(position)
        if total == 0:
            return []
        return [_turn(position, rs, cs) for rs, cs in self._moves_changing_by(position, total)]

    def options_of_value(self, position, value):
        """The options of SG value ``value``, found like the winning moves (any size)."""
        position = self.validate(position)
        value = check_int(value, "value")
        delta = self.grundy(position) ^ value
        if delta == 0:  # no move keeps the value: a head's moves all change it
            return []
        return [_turn(position, rs, cs) for rs, cs in self._moves_changing_by(position, delta)]


class AcrosticTwins(Game):
    """Acrostic Twins: turn two coins in one row or one column, the southeast one a head.

    A move turns a head ``(r, c)`` and one coin left of it in its row or
    above it in its column.  It is not a tartan game (no move turns four
    coins): a head at ``(r, c)`` is worth ``(r-1) ⊕ (c-1)``, the least number
    not found left of it in its row or above it in its column (Ferguson
    §5.2, Table 5.1) — two-heap Nim, a head standing for heaps of ``r-1`` and
    ``c-1`` from which one move takes from one heap.

    Examples
    --------
    >>> g = AcrosticTwins()
    >>> pos = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")   # Ferguson's display (5)
    >>> g.grundy(pos), [g.head_value(r, c) for r, c in [(2, 4), (4, 3), (5, 5)]]
    (3, [2, 1, 0])
    >>> g.winning_moves(pos)[0]                 # Ferguson: turn (1,3) and (1,0), his labels
    ('TTTTT', 'HTTTT', 'TTTTT', 'TTHTT', 'TTTTH')

    References
    ----------
    .. [1] Ferguson, *Game Theory*, part I, §5.2, example 1 (Acrostic Twins).
    """

    always_ends = True
    name = "Acrostic Twins"

    def __repr__(self):
        return "AcrosticTwins()"

    def validate(self, position):
        return _check_grid(position)

    def position_hint(self, position):
        """A position is a tuple of rows, each a string of ``H`` and ``T``."""
        return _GRID_HINT.format(self.name)

    def board(self, position):
        return Coins(faces=self.validate(position))

    def move_label(self, position, option):
        return _grid_move_label(position, option)

    def options(self, position):
        position = self.validate(position)
        out = []
        for r, c in _heads(position):
            out += [_turn(position, (r,), (j, c)) for j in range(1, c)]
            out += [_turn(position, (i, r), (c,)) for i in range(1, r)]
        return out

    def head_value(self, r, c):
        """``(r - 1) ⊕ (c - 1)``."""
        r, c = check_int(r, "r", minimum=1), check_int(c, "c", minimum=1)
        return (r - 1) ^ (c - 1)

    def grundy(self, position):
        return xor_values((r - 1) ^ (c - 1) for r, c in _heads(self.validate(position)))

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return super().winning_moves(position, misere=True)
        total = self.grundy(position)
        out = []
        if total:
            for r, c in _heads(position):
                w = (r - 1) ^ (c - 1) ^ total  # the value the other coin turned must have
                if w ^ (r - 1) < c - 1:        # in the same row, left of the head
                    out.append(_turn(position, (r,), ((w ^ (r - 1)) + 1, c)))
                if w ^ (c - 1) < r - 1:        # in the same column, above it
                    out.append(_turn(position, ((w ^ (c - 1)) + 1, r), (c,)))
        return out


def tartan_value(factors, coordinates):
    """Value of a single head at ``coordinates`` in a product of coin-turning games.

    The tartan product extends to any number of coordinates (a move picks
    a 1-D move in each and turns the coins of the product set): a head at
    ``(x1, ..., xd)`` is worth ``G_1(x1) ⊗ ... ⊗ G_d(xd)``, ``G_k(x)`` the value
    of a single head at x under the k-th rule.  Turning the eight
    corners of a box (Twins³) gives ``(x-1) ⊗ (y-1) ⊗ (z-1)``.

    Parameters
    ----------
    factors : sequence of rule names, CoinTurning games or rule callables
        One 1-D rule per coordinate (see :class:`TartanGame`).
    coordinates : sequence of int
        The head's coordinates, each >= 1, as many as ``factors``.

    Examples
    --------
    >>> tartan_value(["twins"] * 3, (3, 3, 3))       # 2 ⊗ 2 ⊗ 2 = 3 ⊗ 2
    1
    >>> tartan_value(["ruler", "ruler"], (4, 4))
    6

    References
    ----------
    .. [1] Ferguson, *Game Theory*, part I, §5.4 (tartan games G1 × G2).
    """
    if isinstance(factors, (str, bytes)) or not hasattr(factors, "__len__"):
        raise TypeError(f"factors must be a sequence of rules, got {type(factors).__name__}")
    if isinstance(coordinates, (str, bytes)) or not hasattr(coordinates, "__len__"):
        raise TypeError(f"coordinates must be a sequence of ints, got "
                        f"{type(coordinates).__name__}")
    if len(factors) != len(coordinates) or not factors:
        raise ValueError(f"coordinates must have one entry per factor ({len(factors)}), "
                         f"got {len(coordinates)}")
    value = 1
    for k, (spec, x) in enumerate(zip(factors, coordinates)):
        x = check_int(x, f"coordinates[{k}]", minimum=1)
        value = nim_mul(value, _Factor(spec, f"factors[{k}]").value(x))
    return value
