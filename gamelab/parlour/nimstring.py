"""Nimstring: Strings-and-Coins played so that the player who cannot move loses.

**Strings-and-Coins** is the dual of Dots-and-Boxes: each box is a coin, each
undrawn line a string, tied to the two boxes it separates, or to one box and
the *ground* when it lies on the edge of the board.  A move cuts one string;
a player who detaches a coin (cuts its last string) takes it and must move
again.  **Nimstring** keeps these moves and changes only the end: the player
who cannot move when it is their turn, a turn given by a capture included,
**loses**.  So whoever takes the last coin loses, and the game is impartial
[1]_ [2]_.

A *position* is the tuple of its strings, each a pair ``(a, b)`` with
``a < b``: coins are integers ``>= 0``, the ground is :data:`GROUND` (``-1``),
and a pair may be repeated (a corner coin hangs from the ground by two
strings).  The tuple is sorted; a coin without strings has been taken and
does not appear.  :func:`gamelab.parlour.dots_and_boxes_strings` builds the
position of a Dots-and-Boxes board.

**A move is a whole turn** in :class:`Nimstring`: cuts that each take a coin,
then one cut that takes none, which passes the turn.  A turn that takes the
last coin leaves its player to move with nothing to cut: by the rules they
have lost on the spot.  No position can record "the same player moves again
and cannot", so such a line is *not* an option; choosing it could never be
better than any other choice, and when every line of play is of that kind
the position has no options and its player loses, which is the rule.

**Values** (:func:`nimstring_value`) are Berlekamp's Nimstring values [2]_
[3]_: a nimber ``n`` (an ``int``), meaning that the position added to a Nim
heap of ``n`` is a loss for the player to move, or :data:`LOONY` (☾): the
player to move wins the position *plus anything*, because they can decide
who moves next in the rest.  They are computed by two rules:

* **Capturable coins.**  A coin with one string can be taken.  If that string
  goes to a coin ``d`` with exactly two strings, and cutting the other string
  of ``d`` takes no coin, the player to move may take the coin (and go on) or
  leave the two coins as a *domino* to the opponent: the position is loony.
  Otherwise taking the coin is free, and the position has the value of the
  position after the capture (a domino is taken whole).
* **The mex rule.**  When no coin can be taken (the position is *settled*),
  every cut passes the turn, and the value is the mex of the values of the
  cuts, **loony options left out**: moving to a loony position lets the
  opponent win.

The *long chain rule* (:func:`gamelab.parlour.dots_and_boxes_chains`) is the
parity behind the endgame of Dots-and-Boxes.

A Nimstring sum is the union of the strings (a turn may take coins in one
part and end in another), not a :class:`gamelab.Sum` of whole-turn games.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
   Mathematical Plays*, 2nd ed., vol. 2, A K Peters (2003), ch. 16,
   "Dots-and-Boxes" (Strings-and-Coins, Nimstring, loony moves).
.. [2] E. R. Berlekamp, *The Dots and Boxes Game: Sophisticated Child's
   Play*, A K Peters (2000): Nimstring, the loony value, the Long Chain Rule.
.. [3] T. S. Ferguson, *Game Theory*, "Dots and Boxes" (UCLA web notes): the
   Long Chain Rule for an ``m`` × ``n`` board of boxes, loops not counted.
"""
from __future__ import annotations

from collections import Counter

from .._validate import as_tuple, check_int
from ..engine import Game, mex_of_set, search_dag

__all__ = ["Nimstring", "nimstring_value", "nimstring_outcome", "LOONY", "GROUND",
           "MAX_STRINGS"]

#: The ground, as an end of a string.
GROUND = -1
#: The loony value ☾ of a position whose player to move wins it plus any other
#: position (and the value no good move goes to).
LOONY = "☾"
#: Most strings of a position :class:`Nimstring` and :func:`nimstring_value`
#: take: 2^18 sets of strings at most, some seconds of search; a 2 × 2 board
#: has 12 strings, a 3 × 3 board 24 (draw six lines first).
MAX_STRINGS = 18
#: Values remembered by :func:`nimstring_value` before its memo is emptied.
_MEMO_SIZE = 500_000
_VALUES: dict = {}


def _strings(position, name="position", bounded=True):
    """``position`` checked: its strings as a sorted tuple of pairs ``(a, b)``, ``a < b``."""
    position = as_tuple(position, 2)
    if not isinstance(position, tuple):
        raise TypeError(f"{name} must be a tuple of strings (pairs of ends), got "
                        f"{type(position).__name__} {position!r:.60}")
    if bounded and len(position) > MAX_STRINGS:
        raise ValueError(f"{name} has {len(position)} strings, more than MAX_STRINGS = "
                         f"{MAX_STRINGS}; draw some lines first")
    out = []
    for i, pair in enumerate(position):
        if not isinstance(pair, tuple):
            raise TypeError(f"{name}[{i}] must be a pair (a, b) of ends, got "
                            f"{type(pair).__name__} {pair!r:.40}")
        if len(pair) != 2:
            raise ValueError(f"{name}[{i}] must be a pair (a, b) of ends, got {len(pair)} items")
        a, b = (check_int(x, f"{name}[{i}]", minimum=GROUND) for x in pair)
        if a == b:
            what = "the ground to itself" if a == GROUND else f"coin {a} to itself"
            raise ValueError(f"{name}[{i}] ties {what}: a string joins two different ends")
        out.append((a, b) if a < b else (b, a))
    return tuple(sorted(out))


def _degrees(strings):
    """How many strings each coin has (the ground not counted)."""
    degree = Counter()
    for a, b in strings:
        degree[a] += 1
        degree[b] += 1
    del degree[GROUND]
    return degree


def _remove(strings, pair):
    """``strings`` without one copy of ``pair``."""
    i = strings.index(pair)
    return strings[:i] + strings[i + 1:]


def _takes(strings, pair):
    """Whether cutting ``pair`` out of ``strings`` takes a coin (one of its ends had only it)."""
    degree = _degrees(strings)
    return any(x != GROUND and degree[x] == 1 for x in pair)


def _settle(strings):
    """Take every coin that is free to take: the settled position, or :data:`LOONY`."""
    while True:
        degree = _degrees(strings)
        coin = next((c for c in sorted(degree) if degree[c] == 1), None)
        if coin is None:
            return strings
        pair = next(p for p in strings if coin in p)
        d = pair[0] if pair[1] == coin else pair[1]
        if d != GROUND and degree[d] == 2:
            other = next(p for p in _remove(strings, pair) if d in p)
            e = other[0] if other[1] == d else other[1]
            if e == GROUND or degree[e] >= 2:
                return LOONY                        # take it, or leave a domino
        strings = _remove(strings, pair)           # free: a lone coin or a domino


def _expand(strings):
    settled = _settle(strings)
    if settled is LOONY:
        return (), LOONY
    if settled != strings:
        return (settled,), ("=", settled)
    cuts = list(dict.fromkeys(_remove(strings, p) for p in strings))
    return cuts, ("mex", cuts)


def _finish(strings, data):
    if data is LOONY:
        return LOONY
    kind, kids = data
    if kind == "=":
        return _VALUES[kids]
    return mex_of_set({_VALUES[k] for k in kids} - {LOONY})


def nimstring_value(position):
    """The Nimstring value of ``position``: a nimber (``int``) or :data:`LOONY`.

    Berlekamp's rules [2]_ (ch. 16 of [1]_): a coin that is free to take is
    taken first; a coin offered so that the player to move can take it or
    leave a domino makes the position loony; a settled position is worth the
    mex of its options, loony options left out.

    Parameters
    ----------
    position : tuple of pairs
        The strings, ends coins ``>= 0`` or :data:`GROUND`; at most
        :data:`MAX_STRINGS` of them.

    Returns
    -------
    int or str
        ``0`` exactly when the player to move loses; :data:`LOONY` when the
        player to move wins this position added to any other.

    Raises
    ------
    TypeError, ValueError
        Naming ``position`` and the fault.

    Examples
    --------
    A chain of *n* coins tied to the ground at both ends: one or two coins
    are worth ``*1`` (cut the middle of the two: the hard-hearted handout),
    a long chain ``0``, and a chain once opened is loony:

    >>> def chain(n):
    ...     return ((GROUND, 0), (GROUND, n - 1)) + tuple((i, i + 1) for i in range(n - 1))
    >>> [nimstring_value(chain(n)) for n in range(1, 6)]
    [1, 1, 0, 0, 0]
    >>> nimstring_value(((-1, 0), (0, 1), (1, 2)))    # a 3-chain, opened
    '☾'
    >>> nimstring_value(((0, 1), (0, 1)))             # two coins tied twice
    1
    """
    strings = _strings(position)
    if len(_VALUES) > _MEMO_SIZE:
        _VALUES.clear()
    return search_dag(_VALUES, strings, _expand, _finish)


def nimstring_outcome(position):
    """``"P"`` when the player to move loses Nimstring from ``position``, else ``"N"``.

    >>> nimstring_outcome(((-1, 0),)), nimstring_outcome(((-1, 0), (-1, 0)))
    ('P', 'N')
    """
    return "P" if nimstring_value(position) == 0 else "N"


def _turns(strings):
    """The positions that one whole turn can leave, fewest cuts first."""
    ends, seen, todo = {}, {strings}, [strings]
    while todo:
        now = todo.pop()
        for pair in dict.fromkeys(now):
            rest = _remove(now, pair)
            if not _takes(now, pair):
                ends[rest] = None
            elif rest and rest not in seen:         # took a coin: cut again
                seen.add(rest)
                todo.append(rest)
    return sorted(ends, key=lambda p: (-len(p), p))


class Nimstring(Game):
    """Nimstring on a position of strings; a move is a whole turn (see the module).

    ``outcome`` (normal play) answers by :func:`nimstring_value`.  ``grundy`` is
    the Grundy value of the whole-turn game as a game of its own, by search: it
    is not the Nimstring value, which adds positions by uniting their strings.

    Examples
    --------
    >>> import gamelab as gl
    >>> game = Nimstring()
    >>> two = ((-1, 0), (-1, 1), (0, 1))          # a 2-chain tied to the ground
    >>> game.options(two)
    [((-1, 0), (-1, 1)), ((-1, 0), (0, 1)), ((-1, 1), (0, 1))]
    >>> gl.outcome(game, two), gl.winning_moves(game, two)
    ('N', [((-1, 0), (-1, 1))])
    >>> game.options(((-1, 0), (-1, 1)))          # must take both coins: no whole turn
    []
    """

    name = "Nimstring"
    always_ends = True

    def validate(self, position):
        return _strings(position)

    def position_hint(self, position):
        """A position is the sorted tuple of its strings."""
        return ("a position of Nimstring is a tuple of strings (a, b), a < b, each end a "
                "coin >= 0 or the ground -1, such as ((-1, 0), (0, 1), (-1, 1)); "
                "gl.parlour.dots_and_boxes_strings(rows, columns, drawn) makes one from a "
                "board")

    def options(self, position):
        return _turns(self.validate(position))

    def outcome(self, position, *, misere=False):
        """``"P"`` or ``"N"``; normal play by :func:`nimstring_value`."""
        if misere is False:
            return nimstring_outcome(position)
        return super().outcome(position, misere=misere)

    def move_label(self, position, option):
        """The strings a turn cuts, in words."""
        before, after = Counter(self.validate(position)), Counter(self.validate(option))
        cut = sorted((before - after).elements())
        if not cut or after - before:
            return None
        return "cut " + ", ".join(f"{_end(a)}–{_end(b)}" for a, b in cut)


def _end(x):
    return "ground" if x == GROUND else f"coin {x}"
