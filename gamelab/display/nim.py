"""Nim in binary: the column table, Bouton's winning moves, Moore's Nim-k.

:func:`binary_table` writes the heaps in binary, one row per heap and one
column per bit, with the nim-sum (or, for Moore's Nim-k, the count of ones
modulo k + 1) beneath.  A winning move is highlighted: the heap it changes
and the bits of that heap that flip.  :func:`nim_report` and
:func:`moore_report` add the verdict and every winning move in words (what
the explorers show).

References
----------
.. [1] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901–1902).
.. [2] E. H. Moore, "A generalization of the game called Nim",
   Annals of Mathematics 11 (1910).
"""
from __future__ import annotations

from .._validate import check_int, check_int_tuple
from ..games.nim import MooreNim, Nim, moore_bit_counts
from ..i18n import gettext as _, ngettext
from .tables import MARK_COLOUR, P_COLOUR, Cell, Table, bullets, sentence

__all__ = ["binary_table", "describe_moves", "nim_report", "moore_report", "FLIP_COLOUR"]

#: Okabe–Ito yellow: the bits a winning move flips.
FLIP_COLOUR = MARK_COLOUR

_NIM = Nim()


def binary_table(position, *, move=None, k=None):
    """Heaps in binary with the nim-sum (or Moore's bit counts) beneath.

    Parameters
    ----------
    position : tuple of int
        Heap sizes.
    move : tuple of int or "auto" or None
        An option of ``position`` to highlight: its heap's row and the bits
        that flip are marked (``*`` in the text).  ``"auto"`` highlights the
        first winning move, if there is one.
    k : int, optional
        Moore's Nim-k: the bottom row counts the ones of each bit modulo
        ``k + 1`` instead of XOR-ing them.

    Returns
    -------
    Table

    Examples
    --------
    >>> print(binary_table((3, 4, 5), move="auto"))
    heap    | 4  2  1
    3 -> 1  | 0  1* 1
    4       | 1  0  0
    5       | 1  0  1
    XOR = 2 | 0  1  0
    """
    pos = check_int_tuple(position, "position")
    if k is not None:
        k = check_int(k, "k", minimum=1)
    game = _NIM if k is None else MooreNim(k)
    if move == "auto":
        wins = game.winning_moves(pos)
        move = wins[0] if wins else None
    if move is not None:
        move = check_int_tuple(move, "move", length=len(pos))
        changed = [i for i, (m, h) in enumerate(zip(move, pos)) if m != h]
        if not (1 <= len(changed) <= (k or 1) and all(move[i] < pos[i] for i in changed)):
            raise ValueError(f"move {move!r} is not a move from {pos!r}")
    width = max([h.bit_length() for h in pos] + [1])
    bits = list(range(width - 1, -1, -1))
    if k is None:
        x = 0
        for h in pos:
            x ^= h
        foot_label = f"XOR = {x}"
        foot = [(x >> b) & 1 for b in bits]
    else:
        counts = moore_bit_counts(pos, k) + [0] * width
        foot_label = f"mod {k + 1}"
        foot = [counts[b] for b in bits]
    rows = [[_("heap"), *(1 << b for b in bits)]]
    for i, h in enumerate(pos):
        changed = move is not None and move[i] != h
        cells = []
        for b in bits:
            bit = (h >> b) & 1
            flips = changed and ((move[i] >> b) & 1) != bit
            cells.append(Cell(bit, FLIP_COLOUR if flips else None, bold=flips,
                              text=f"{bit}*" if flips else None))
        label = (Cell(f"{h} \u2192 {move[i]}", FLIP_COLOUR, bold=True, head=True,
                      text=f"{h} -> {move[i]}") if changed else h)
        rows.append([label, *cells])
    zero = all(v == 0 for v in foot)
    rows.append([foot_label, *(Cell(v, P_COLOUR if zero else None, bold=True) for v in foot)])
    return Table.from_rows(rows, align="left", min_width=2)


def describe_moves(position, moves):
    """The moves in words, one per line: ``take 2 from heap 1 (3 → 1)``."""
    pos = check_int_tuple(position, "position")
    out = []
    for m in moves:
        parts = [_("take {take} from heap {i} ({heap} \u2192 {left})").format(
                     take=h - v, i=i + 1, heap=h, left=v)
                 for i, (h, v) in enumerate(zip(pos, m)) if h != v]
        out.append(", ".join(parts))
    return out


def nim_report(heaps):
    """The binary table, the outcome and every winning move of a Nim position.

    Examples
    --------
    >>> print(nim_report((1, 2, 3)).text.splitlines()[-1])
    Nim-sum 0: a P-position — every move loses for the player who makes it.
    >>> print(nim_report((3, 4, 6)).text.splitlines()[-1])
      take 1 from heap 1 (3 → 2)
    """
    pos = check_int_tuple(heaps, "heaps")
    wins = _NIM.winning_moves(pos)
    table = binary_table(pos, move=wins[0] if wins else None)
    if not wins:
        return table + sentence(_("Nim-sum 0: a P-position — every move loses for the player "
                                  "who makes it."), colour=P_COLOUR, bold=True)
    return (table + sentence(ngettext(
        "Nim-sum {x}: an N-position with {count} winning move (the first is highlighted):",
        "Nim-sum {x}: an N-position with {count} winning moves (the first is highlighted):",
        len(wins)).format(x=_NIM.grundy(pos), count=len(wins)))
            + bullets(describe_moves(pos, wins)))


def moore_report(heaps, k, *, show=8):
    """Moore's Nim-k: the bit counts modulo ``k + 1``, the outcome and the winning moves.

    At most ``show`` winning moves are listed.

    Examples
    --------
    >>> print(moore_report((3, 3, 3), 2).text.splitlines()[-1])
    Every bit's count is divisible by 3: a P-position.
    """
    pos = check_int_tuple(heaps, "heaps")
    k = check_int(k, "k", minimum=1)
    show = check_int(show, "show", minimum=1)
    wins = MooreNim(k).winning_moves(pos)
    table = binary_table(pos, move=wins[0] if wins else None, k=k)
    if not wins:
        return table + sentence(_("Every bit's count is divisible by {d}: a P-position.").format(
            d=k + 1), colour=P_COLOUR, bold=True)
    more = [_("... and {count} more").format(count=len(wins) - show)] if len(wins) > show else []
    return (table + sentence(ngettext("An N-position with {count} winning move:",
                                      "An N-position with {count} winning moves:",
                                      len(wins)).format(count=len(wins)))
            + bullets(describe_moves(pos, wins[:show]) + more))
