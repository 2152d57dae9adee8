"""Dots-and-Boxes solved exactly on small boards, with the score.

A board of ``rows`` × ``columns`` boxes has ``(rows + 1) × (columns + 1)`` dots.  The
players draw one undrawn edge in turn; a player who completes one or two boxes scores
them and must move again; the game ends when every edge is drawn, and the higher score
wins.  This is a scoring game, not a normal-play one: what matters is the margin.

**Edges.**  A board has ``2 * rows * columns + rows + columns`` edges, numbered

* horizontal edges first, row of dots by row of dots from the top: the edge under dot
  row ``r`` (``0 <= r <= rows``) and box column ``c`` (``0 <= c < columns``) is
  ``r * columns + c``;
* then vertical edges, box row by box row: the edge in box row ``r`` (``0 <= r < rows``)
  left of dot column ``c`` (``0 <= c <= columns``) is
  ``(rows + 1) * columns + r * (columns + 1) + c``.

Box ``(r, c)`` (row ``r`` from the top, column ``c`` from the left, both from 0) has
top edge ``r * columns + c``, bottom edge ``(r + 1) * columns + c`` and left and right
edges ``H + r * (columns + 1) + c`` and one more, with ``H = (rows + 1) * columns``.
A **position** is ``(rows, columns, drawn)``: ``drawn`` is an ``int`` whose bit ``e``
is set when edge ``e`` is drawn.  The boxes already taken are those with four sides
drawn; who owns them does not matter to what is still to be won, so the future net
score is a function of ``drawn`` alone.

**Value.**  :func:`dots_and_boxes_value` is the net score of the rest of the game for
the player to move (the boxes they will still take minus the boxes the opponent will
still take) with best play on both sides.  It is found by retrograde analysis over
every edge set of the board at once (numpy, one popcount level at a time from the full
board down, ``int8`` values), remembered for the last few boards.  Boards of more than
:data:`MAX_EDGES` edges are refused: 3 × 3 (24 edges, 16,777,216 edge sets) takes a few
seconds and about 150 MB; 2 × 4, 1 × 7 and everything smaller is quicker.

The empty 2 × 2 board is worth +2 to the first player (3 boxes to 1; only the eight
outer first moves keep that, an inner one lets the second player draw), and the empty
3 × 3 board −3 (the second player wins 6 to 3, whatever the first move: every first
move is worth −3 in [4]'s table; [1], p. 9, shows a win by 1 for the second player).

**Chains.**  :func:`dots_and_boxes_chains` reads a position as chains and cycles of
boxes with exactly two undrawn sides, and says which parity of the number of *long*
chains (three boxes or more) the player to move wants.  Counting the turns still to be
played (a turn ends with a move that completes no box, or with the last move),

    turns left = undrawn edges − boxes left + doublecrosses + 1,

where a doublecross is a move completing two boxes at once; from the empty board this
is Berlekamp's *dots + doublecrosses = turns* ([1], [2]).  In the endgame each long
chain but the last is given away with a doublecross by the player in control, and a
cycle costs an even number of them, so the player who plays the last turn (and takes the
last chain) is, in simple endgames, decided by the parity of the number of long chains:
the player to move wants it to have the parity of ``undrawn edges + boxes left + 1``.
From the empty board this is the **long chain rule** ([1], the chapter of that name;
[2], ch. 16): the first player should try to make *the number of dots plus the eventual
number of long chains* even, the second player odd; so on a board of ``m × n`` boxes
the first player wants an even number of long chains when ``m`` or ``n`` is odd (an
even number of dots) and an odd number when both are even.  Cycles do not count.

References
----------
.. [1] E. R. Berlekamp, *The Dots and Boxes Game: Sophisticated Child's Play*,
   A K Peters, 2000 (the long chain rule; the 3 × 3 game on p. 9).
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 3, A K Peters, 2003, ch. 16 ("Dots-and-Boxes").
.. [3] J. K. Barker, R. E. Korf, "Solving Dots-And-Boxes", *Proc. AAAI-12* (2012),
   414–419 (4 × 5 is a tie; the retrograde solver of [4] as comparison).
.. [4] D. Wilson, "Dots-and-Boxes Analysis Results",
   https://wilson.engr.wisc.edu/boxes/results.shtml (3 × 3: every opening line −3;
   3 × 5: −1; 4 × 4: 0).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .._validate import check_bool, check_int
from ..i18n import gettext as _
from .nimstring import GROUND

__all__ = ["MAX_EDGES", "MAX_SIDE", "DotsAndBoxesChains", "dots_and_boxes_edge_count",
           "dots_and_boxes_edge", "dots_and_boxes_box_edges", "dots_and_boxes_edge_name",
           "dots_and_boxes_edge_boxes", "dots_and_boxes_strings",
           "dots_and_boxes_play", "dots_and_boxes_value", "dots_and_boxes_moves",
           "dots_and_boxes_best_move", "dots_and_boxes_chains"]

#: The most edges :func:`dots_and_boxes_value` solves: ``2 ** MAX_EDGES`` edge sets, one
#: byte each (3 × 3, 2 × 4 and 1 × 7 fit; 3 × 4 has 31 edges and is refused).
MAX_EDGES = 24

#: The most boxes along a side for the helpers that only describe a position (naming
#: edges, playing a move, reading chains), which need no table.
MAX_SIDE = 64


def _board(rows, columns):
    """``(rows, columns)`` checked: integers from 1 to :data:`MAX_SIDE`."""
    return (check_int(rows, "rows", minimum=1, maximum=MAX_SIDE),
            check_int(columns, "columns", minimum=1, maximum=MAX_SIDE))


def _edges(rows, columns):
    return 2 * rows * columns + rows + columns


def _drawn(rows, columns, drawn):
    """``drawn`` checked: a non-negative int with no bit beyond the board's edges."""
    drawn = check_int(drawn, "drawn", minimum=0)
    n = _edges(rows, columns)
    if drawn >> n:
        raise ValueError(f"drawn has bits beyond the {n} edges of a {rows} × {columns} board "
                         f"(edges 0 to {n - 1}), got {drawn:#x}")
    return drawn


def _box_edges(rows, columns, r, c):
    h = (rows + 1) * columns
    left = h + r * (columns + 1) + c
    return (r * columns + c, (r + 1) * columns + c, left, left + 1)


@functools.lru_cache(maxsize=8)
def _geometry(rows, columns):
    """The four edges of every box, and for every edge the boxes it borders."""
    boxes = [_box_edges(rows, columns, r, c) for r in range(rows) for c in range(columns)]
    sides = [[b for b, four in enumerate(boxes) if e in four]
             for e in range(_edges(rows, columns))]
    return boxes, sides


def dots_and_boxes_edge_count(rows, columns):
    """The number of edges of a board of ``rows`` × ``columns`` boxes,
    ``2 * rows * columns + rows + columns``.

    >>> dots_and_boxes_edge_count(2, 2), dots_and_boxes_edge_count(3, 3)
    (12, 24)
    """
    return _edges(*_board(rows, columns))


def dots_and_boxes_edge(rows, columns, kind, row, column):
    """The number of an edge given by its place.

    Parameters
    ----------
    rows, columns : int
        The board, in boxes.
    kind : str
        ``"h"`` (horizontal) or ``"v"`` (vertical).
    row, column : int
        From 0.  A horizontal edge lies on dot row ``row`` (``0`` to ``rows``) above
        box column ``column``; a vertical one in box row ``row`` on dot column
        ``column`` (``0`` to ``columns``).

    Examples
    --------
    >>> dots_and_boxes_edge(2, 2, "h", 2, 1), dots_and_boxes_edge(2, 2, "v", 0, 2)
    (5, 8)
    """
    rows, columns = _board(rows, columns)
    if kind not in ("h", "v"):
        raise ValueError(f"kind must be 'h' or 'v', got {kind!r}")
    if kind == "h":
        row = check_int(row, "row", minimum=0, maximum=rows)
        column = check_int(column, "column", minimum=0, maximum=columns - 1)
        return row * columns + column
    row = check_int(row, "row", minimum=0, maximum=rows - 1)
    column = check_int(column, "column", minimum=0, maximum=columns)
    return (rows + 1) * columns + row * (columns + 1) + column


def dots_and_boxes_box_edges(rows, columns, row, column):
    """The edges ``(top, bottom, left, right)`` of box ``(row, column)`` (from 0).

    >>> dots_and_boxes_box_edges(2, 2, 1, 1)
    (3, 5, 10, 11)
    """
    rows, columns = _board(rows, columns)
    row = check_int(row, "row", minimum=0, maximum=rows - 1)
    column = check_int(column, "column", minimum=0, maximum=columns - 1)
    return _box_edges(rows, columns, row, column)


def dots_and_boxes_edge_name(rows, columns, edge):
    """Edge ``edge`` in words, named from the box below or right of it when there is one.

    >>> dots_and_boxes_edge_name(2, 2, 3)
    'the top edge of box (1, 1), shared with box (0, 1)'
    >>> dots_and_boxes_edge_name(2, 2, 11)
    'the right edge of box (1, 1)'
    """
    rows, columns = _board(rows, columns)
    edge = check_int(edge, "edge", minimum=0, maximum=_edges(rows, columns) - 1)
    h = (rows + 1) * columns
    if edge < h:
        r, c = divmod(edge, columns)
        if r == rows:
            return _("the bottom edge of box ({r}, {c})").format(r=r - 1, c=c)
        if r:
            return _("the top edge of box ({r}, {c}), shared with box ({r2}, {c2})").format(
                r=r, c=c, r2=r - 1, c2=c)
        return _("the top edge of box ({r}, {c})").format(r=r, c=c)
    r, c = divmod(edge - h, columns + 1)
    if c == columns:
        return _("the right edge of box ({r}, {c})").format(r=r, c=c - 1)
    if c:
        return _("the left edge of box ({r}, {c}), shared with box ({r2}, {c2})").format(
            r=r, c=c, r2=r, c2=c - 1)
    return _("the left edge of box ({r}, {c})").format(r=r, c=c)


def dots_and_boxes_edge_boxes(rows, columns, edge):
    """The boxes on the two sides of ``edge``, as box numbers ``row * columns + column``
    (one box for an edge on the border of the board).

    >>> dots_and_boxes_edge_boxes(2, 2, 3), dots_and_boxes_edge_boxes(2, 2, 0)
    ((1, 3), (0,))
    """
    rows, columns = _board(rows, columns)
    edge = check_int(edge, "edge", minimum=0, maximum=_edges(rows, columns) - 1)
    return tuple(_geometry(rows, columns)[1][edge])


def dots_and_boxes_strings(rows, columns, drawn=0):
    """The Strings-and-Coins position of a board (:class:`gamelab.parlour.Nimstring`):
    box ``(row, column)`` is coin ``row * columns + column``, and each undrawn edge is a
    string between the boxes on its two sides, or between its box and the ground
    (:data:`gamelab.parlour.GROUND`, ``-1``) on the border.  A completed box has no
    string left.

    >>> dots_and_boxes_strings(1, 2)
    ((-1, 0), (-1, 0), (-1, 0), (-1, 1), (-1, 1), (-1, 1), (0, 1))
    >>> top_and_bottom = 0b0011 | 0b1100     # edges 0, 1 (top) and 2, 3 (bottom)
    >>> dots_and_boxes_strings(1, 2, top_and_bottom)
    ((-1, 0), (-1, 1), (0, 1))
    """
    rows, columns = _board(rows, columns)
    drawn = _drawn(rows, columns, drawn)
    sides = _geometry(rows, columns)[1]
    return tuple(sorted((GROUND, *boxes) if len(boxes) == 1 else tuple(boxes)
                        for e, boxes in enumerate(sides) if not drawn >> e & 1))


def _completed(rows, columns, drawn, edge):
    """How many boxes drawing ``edge`` (undrawn) completes in ``drawn``."""
    boxes, sides = _geometry(rows, columns)
    after = drawn | 1 << edge
    return sum(all(after >> e & 1 for e in boxes[b]) for b in sides[edge])


def dots_and_boxes_play(rows, columns, drawn, edge):
    """Draw ``edge``: the new ``drawn`` mask and the number of boxes completed (0, 1 or 2;
    the player moves again when it is not 0).

    >>> dots_and_boxes_play(1, 1, 0b0111, 3)
    (15, 1)
    """
    rows, columns = _board(rows, columns)
    drawn = _drawn(rows, columns, drawn)
    edge = check_int(edge, "edge", minimum=0, maximum=_edges(rows, columns) - 1)
    if drawn >> edge & 1:
        raise ValueError(f"edge {edge} ({dots_and_boxes_edge_name(rows, columns, edge)}) "
                         "is already drawn")
    return drawn | 1 << edge, _completed(rows, columns, drawn, edge)


def _solvable(rows, columns):
    rows, columns = _board(rows, columns)
    n = _edges(rows, columns)
    if n > MAX_EDGES:
        raise ValueError(f"rows × columns = {rows} × {columns} has {n} edges, more than "
                         f"MAX_EDGES = {MAX_EDGES} (2 ** {n} edge sets would be solved)")
    return rows, columns


@functools.lru_cache(maxsize=3)
def _table(rows, columns):
    """The value of every edge set of the board, an ``int8`` array indexed by the mask.

    The full board is worth 0.  The edge sets with ``k`` edges drawn only move to sets
    with ``k + 1``, so the levels are solved from ``k = n - 1`` down to 0, every set of a
    level at once: for each edge, a drawn edge is no move, an edge completing ``g > 0``
    boxes is worth ``g + value(after)`` (the same player moves again) and any other
    ``-value(after)``; the value is the best of them.
    """
    boxes, sides = _geometry(rows, columns)
    n = _edges(rows, columns)
    value = np.zeros(1 << n, dtype=np.int8)
    popcount = np.zeros(1, dtype=np.uint8)
    for _ in range(n):                      # popcount of 0 .. 2**n - 1
        popcount = np.concatenate([popcount, popcount + 1])
    others = [[sum(1 << x for x in boxes[b] if x != e) for b in sides[e]] for e in range(n)]
    no_move = np.int8(-128)
    for k in range(n - 1, -1, -1):
        masks = np.flatnonzero(popcount == k)
        best = np.full(masks.size, no_move, dtype=np.int8)
        for e in range(n):
            bit = 1 << e
            after = value[masks | bit]
            gain = np.zeros(masks.size, dtype=np.int8)
            for other in others[e]:
                gain += (masks & other) == other
            score = np.where(gain > 0, gain + after, -after)
            np.maximum(best, np.where(masks & bit, no_move, score), out=best)
        value[masks] = best
    value.flags.writeable = False
    return value


def dots_and_boxes_value(rows, columns, drawn=0):
    """The exact net score of the rest of the game for the player to move.

    Parameters
    ----------
    rows, columns : int
        The board, in boxes; at most :data:`MAX_EDGES` edges.
    drawn : int, optional
        The drawn edges, as a mask (see the module's numbering); the empty board by
        default.

    Returns
    -------
    int
        The boxes the player to move will still take minus the boxes the opponent will
        still take, both playing perfectly.  Positive: the player to move gains.

    Raises
    ------
    TypeError, ValueError
        Naming the argument; ``ValueError`` for a board of more than :data:`MAX_EDGES`
        edges (refused before any work).

    Examples
    --------
    The second player takes the single box of 1 × 1; 2 × 2 is a first-player win by 3
    to 1, 3 × 3 a second-player win by 6 to 3:

    >>> [dots_and_boxes_value(r, c) for r, c in [(1, 1), (1, 2), (2, 2), (2, 3)]]
    [-1, 0, 2, -2]
    >>> dots_and_boxes_value(2, 2, 0b111111111111)
    0

    References
    ----------
    .. [1] D. Wilson, "Dots-and-Boxes Analysis Results" (3 × 3: −3).
    """
    rows, columns = _solvable(rows, columns)
    drawn = _drawn(rows, columns, drawn)
    return int(_table(rows, columns)[drawn])


def dots_and_boxes_moves(rows, columns, drawn=0, *, every=False):
    """The best moves of a position, as ``(edge, value)`` pairs by edge number.

    ``value`` is the net score for the player making the move, counting the boxes it
    completes: ``g + value(after)`` when it completes ``g > 0`` boxes (the same player
    moves again), ``-value(after)`` otherwise.  With ``every=True``, every undrawn edge
    is listed, not only the best ones.  A full board has no moves: ``[]``.

    >>> dots_and_boxes_moves(1, 1, 0b0011)
    [(2, -1), (3, -1)]
    >>> dots_and_boxes_moves(1, 1, 0b0111)
    [(3, 1)]
    >>> [v for _, v in dots_and_boxes_moves(2, 2, every=True)]
    [2, 2, 0, 0, 2, 2, 2, 0, 2, 2, 0, 2]
    """
    rows, columns = _solvable(rows, columns)
    drawn = _drawn(rows, columns, drawn)
    every = check_bool(every, "every")
    table = _table(rows, columns)
    moves = []
    for edge in range(_edges(rows, columns)):
        if not drawn >> edge & 1:
            gain = _completed(rows, columns, drawn, edge)
            after = int(table[drawn | 1 << edge])
            moves.append((edge, gain + after if gain else -after))
    if every or not moves:
        return moves
    best = max(v for _, v in moves)
    return [(e, v) for e, v in moves if v == best]


def dots_and_boxes_best_move(rows, columns, drawn=0):
    """One best move: the lowest-numbered edge among :func:`dots_and_boxes_moves`.

    Raises ``ValueError`` when every edge is drawn.

    >>> best = dots_and_boxes_best_move(2, 2)
    >>> best, dots_and_boxes_edge_name(2, 2, best)
    (0, 'the top edge of box (0, 0)')
    """
    moves = dots_and_boxes_moves(rows, columns, drawn)
    if not moves:
        raise ValueError("drawn has every edge drawn: the game is over, there is no move")
    return moves[0][0]


@dataclass(frozen=True)
class DotsAndBoxesChains:
    """The chains and cycles of a position (see :func:`dots_and_boxes_chains`).

    Attributes
    ----------
    chains : tuple of int
        The lengths of the chains (paths of boxes with exactly two undrawn sides), largest
        first; a chain's ends are the board's edge or boxes of other valences.
    cycles : tuple of int
        The lengths of the cycles (closed rings of such boxes), largest first.
    long_chains : int
        How many chains have three boxes or more.
    settled : bool
        Whether every box not yet taken has exactly two undrawn sides: the board is then
        chains and cycles only, and every move gives boxes away.
    wanted : str
        ``"odd"`` or ``"even"``: the parity of the number of long chains that the player
        to move wants (the parity of ``undrawn edges + boxes left + 1``).
    """

    chains: tuple
    cycles: tuple
    long_chains: int
    settled: bool
    wanted: str

    @property
    def has_wanted_parity(self):
        """Whether the number of long chains has the parity the player to move wants."""
        return ("odd" if self.long_chains % 2 else "even") == self.wanted


def dots_and_boxes_chains(rows, columns, drawn=0):
    """The chains and cycles of a position, and the long chain parity the player to move
    wants.

    A box with exactly two undrawn sides joins the boxes across those sides that also
    have exactly two; the groups are chains (paths) or cycles.  Counted at a settled
    position (:attr:`DotsAndBoxesChains.settled`), the number of long chains (three boxes
    or more) decides, in simple endgames, who takes the last chain: the player to move
    wants it to have the parity of ``undrawn edges + boxes left + 1`` (the long chain
    rule, see the module; from an empty ``m × n`` board, the parity of the number of
    dots).  A settled position made only of long chains never has the parity the player
    to move wants: every move there opens a chain for the opponent.

    Examples
    --------
    A 1 × 3 strip with its top and bottom drawn is one long chain; with only its four
    vertical edges drawn, three chains of one box; a 2 × 2 board with its outside drawn
    is a cycle of four:

    >>> c = dots_and_boxes_chains(1, 3, 0b0000111111)
    >>> c.chains, c.cycles, c.long_chains, c.settled, c.wanted, c.has_wanted_parity
    ((3,), (), 1, True, 'even', False)
    >>> dots_and_boxes_chains(1, 3, 0b1111000000).chains
    (1, 1, 1)
    >>> dots_and_boxes_chains(2, 2, 0b101101110011).cycles
    (4,)
    >>> dots_and_boxes_chains(3, 3).wanted, dots_and_boxes_chains(2, 2).wanted
    ('even', 'odd')
    """
    rows, columns = _board(rows, columns)
    drawn = _drawn(rows, columns, drawn)
    boxes, sides = _geometry(rows, columns)
    undrawn = [[e for e in four if not drawn >> e & 1] for four in boxes]
    left = [b for b in range(len(boxes)) if undrawn[b]]
    two = {b for b in left if len(undrawn[b]) == 2}

    def across(b, e):
        return next((x for x in sides[e] if x != b), None)

    chains, cycles, seen = [], [], set()
    for start in sorted(two):
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            b = stack.pop()
            for e in undrawn[b]:
                x = across(b, e)
                if x in two and x not in group:
                    group.add(x)
                    stack.append(x)
        seen |= group
        closed = all(across(b, e) in group for b in group for e in undrawn[b])
        (cycles if closed else chains).append(len(group))
    n_undrawn = _edges(rows, columns) - bin(drawn).count("1")
    return DotsAndBoxesChains(
        chains=tuple(sorted(chains, reverse=True)), cycles=tuple(sorted(cycles, reverse=True)),
        long_chains=sum(1 for x in chains if x >= 3), settled=len(two) == len(left),
        wanted="odd" if (n_undrawn + len(left) + 1) % 2 else "even")
