"""Coin-turning games (翻硬币游戏).

Coins lie in a row, numbered 1, 2, 3, ... from the left; each shows heads
(``H``) or tails (``T``).  A move turns over a set of coins allowed by the
game's *rule*, and the rightmost coin turned must go from heads to tails.
The player who cannot move loses.

Because the rightmost coin turned always goes from heads to tails, the
number written in binary by reading heads as 1s (coin i worth ``2**i``)
strictly decreases, so every play ends.

The theorem that makes these games easy: *the value of a position is the XOR
of the values of its heads, each taken alone*.  Proof sketch: replace every
head by a separate copy of the row with only that coin showing heads.  A move
in the sum turns the head at i (in one copy) and some lower coins; in the
single row the same coins are turned.  A coin that the move turns from T to H
adds a new single-head copy; a coin turned from H to T removes one — but in
the sum it would *add* a second copy of that head, and two equal games cancel
(``G + G = 0``).  So the single row and the sum of its heads have the same
options up to equivalence, and by induction the same value.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 3, ch. 14 ("Turn and Turn About"), A K Peters (2003).
.. [2] T. S. Ferguson, *Game Theory*, part I, §5.3 ("Coin-turning games"),
   https://www.math.ucla.edu/~tom/Game_Theory/comb.pdf
"""
from __future__ import annotations

from collections.abc import Iterable

from .._internal import callable_name, running_clock
from .._validate import check_bool, check_int
from ..board import Coins
from ..engine import Game, option_limit, too_many_options
from ..i18n import gettext as _, gettext_noop as N_
from ..values import mex_of_set, xor_values

__all__ = ["CoinTurning", "RULES", "odious", "ruler"]

#: The named rules and what a move may turn, in words (English; shown through ``_()``).
RULES = {
    "one_or_two": N_("turn one coin, or two coins (Turning Turtles)"),
    "mock_turtles": N_("turn one, two or three coins (Mock Turtles)"),
    "ruler": N_("turn any run of consecutive coins ending at the chosen head (Ruler)"),
}


def odious(i):
    """The ``i``-th odious number (1-based): 1, 2, 4, 7, 8, 11, 13, 14, ...

    An odious number has an odd number of 1s in binary.  The i-th one is
    ``2(i - 1)`` plus 1 when ``i - 1`` has an even number of 1s.

    >>> [odious(i) for i in range(1, 9)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    """
    i = check_int(i, "i", minimum=1)
    m = i - 1
    return 2 * m + (1 - bin(m).count("1") % 2)


def ruler(i):
    """The largest power of 2 dividing ``i`` (the ruler function).

    >>> [ruler(i) for i in range(1, 13)]
    [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
    """
    i = check_int(i, "i", minimum=1)
    return i & -i


#: The most heads ``head_values(n)`` lists, and the most characters of
#: positions ``options`` and ``winning_moves`` return in all.
MAX_HEADS = 1_000_000
MAX_LISTED = 50_000_000

_RULE_NAMES = {"one_or_two": "Turning Turtles", "mock_turtles": "Mock Turtles", "ruler": "Ruler"}

_CLOSED_FORMS = {
    "one_or_two": lambda i: i,
    "mock_turtles": odious,
    "ruler": ruler,
}


class CoinTurning(Game):
    """A coin-turning game: positions are strings of ``H`` and ``T``.

    Parameters
    ----------
    rule : str or callable
        ``"one_or_two"`` — a move turns one or two coins (the head at i, and
        optionally one coin j < i); a head at i is worth i: Nim in disguise.
        ``"mock_turtles"`` — one, two or three coins; a head at i is worth the
        i-th odious number 1, 2, 4, 7, 8, 11, ...
        ``"ruler"`` — a run of consecutive coins ``j, j+1, ..., i`` ending at
        the head i; a head at i is worth the largest power of 2 dividing i.
        A callable ``rule(i)`` returns, for a head at position i, an iterable
        of collections of lower positions (each in ``1 .. i-1``) that may be
        turned together with it; include the empty collection ``()`` if the
        head may be turned alone.

    Notes
    -----
    ``options(position)`` lists the strings after each legal move (heads from
    left to right, then the rule's sets in order); plain search over those
    strings is the reference.  ``grundy`` is the XOR of the single-head values
    (the theorem in the module docstring).  For a callable rule the value of
    a single head at i is the mex of the values of its options, each option
    being a row whose heads are the coins turned from T to H.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.CoinTurning("one_or_two")
    >>> g.head_values(6)
    [1, 2, 3, 4, 5, 6]
    >>> gl.grundy(g, "HHTHTTHT")          # heads at 1, 2, 4, 7: 1^2^4^7
    0
    >>> gl.winning_moves(g, "HTHTH")      # 1 ^ 3 ^ 5 = 7: turn coin 5 and coin 2
    ['HHHTT']
    >>> gl.CoinTurning("mock_turtles").head_values(8)
    [1, 2, 4, 7, 8, 11, 13, 14]
    >>> gl.CoinTurning("ruler").head_values(8)
    [1, 2, 1, 4, 1, 2, 1, 8]
    >>> tri = gl.CoinTurning(lambda i: [(), *[(j,) for j in range(max(1, i - 2), i)]])
    >>> tri.head_values(7)                # turn the head and at most one of the two coins left of it
    [1, 2, 3, 1, 2, 3, 1]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 3, ch. 14.
    .. [2] Ferguson, *Game Theory*, part I, §5.3.
    """

    name = "coin-turning game"
    always_ends = True

    def __init__(self, rule):
        if isinstance(rule, str):
            if rule not in RULES:
                raise ValueError(
                    f"rule must be one of {', '.join(map(repr, RULES))} or a callable, "
                    f"got unknown coin rule {rule!r}"
                )
            self.rule = rule
            self._closed = _CLOSED_FORMS[rule]
            self.name = _RULE_NAMES[rule]
        elif callable(rule):
            self.rule = rule
            self._closed = None
        else:
            raise TypeError(
                f"rule must be a rule name ({', '.join(map(repr, RULES))}) or a callable, "
                f"got {type(rule).__name__} {rule!r}"
            )
        self._sets = {}      # i -> tuple of sorted tuples of lower positions
        self._values = [0]   # _values[i] = value of a single head at i (index 0 unused)

    def __repr__(self):
        if isinstance(self.rule, str):
            return f"CoinTurning({self.rule!r})"
        return f"CoinTurning(<{callable_name(self.rule, 'rule')}>)"

    # -- positions ----------------------------------------------------------------
    def validate(self, position):
        if not isinstance(position, str):
            raise TypeError(
                "position must be a string of 'H' and 'T' (coin 1 on the left), "
                f"got {type(position).__name__} {position!r}"
            )
        bad = set(position) - {"H", "T"}
        if bad:
            raise ValueError(
                "position must contain only 'H' (heads) and 'T' (tails), "
                f"got {''.join(sorted(bad))!r} in {position!r}"
            )
        return position

    def position_hint(self, position):
        """A position is a string of ``H`` and ``T``, coin 1 on the left."""
        spelled = ""
        if isinstance(position, (list, tuple)) and all(c in ("H", "T") for c in position):
            spelled = f"; write {''.join(position)!r}"
        return (f"a position of {self.name} is a string of 'H' (heads) and 'T' (tails), coin 1 "
                f"on the left, such as 'THHT'{spelled}")

    def move_sets(self, i):
        """The sets of lower coins that may be turned with a head at ``i``.

        Returned as a tuple of increasing tuples, duplicates removed, in the
        rule's order; ``()`` means the head alone.

        >>> CoinTurning("ruler").move_sets(3)
        ((), (2,), (1, 2))
        """
        i = check_int(i, "i", minimum=1)
        sets = self._sets.get(i)
        if sets is not None:
            return sets
        rule = self.rule
        if isinstance(rule, str):
            count = self._set_count(i)
            held = count + {"one_or_two": i - 1, "mock_turtles": count - i,
                            "ruler": i * (i - 1) // 2}[rule]
            if held > option_limit():
                raise ValueError(
                    f"move_sets({i}): the {count} sets of coins a head at {i} may turn with it "
                    f"hold {held} coins, more than gamelab.engine.OPTION_LIMIT = "
                    f"{option_limit()}: too many to list; grundy and winning_moves answer "
                    "from the values of the heads")
        if rule == "one_or_two":
            sets = ((),) + tuple((j,) for j in range(1, i))
        elif rule == "mock_turtles":
            sets = (((),) + tuple((j,) for j in range(1, i))
                    + tuple((j, k) for k in range(1, i) for j in range(1, k)))
        elif rule == "ruler":
            sets = tuple(tuple(range(j, i)) for j in range(i, 0, -1))
        else:
            sets = self._callable_sets(i)
        self._sets[i] = sets
        return sets

    def _set_count(self, i):
        """How many sets of lower coins a named rule turns with a head at ``i``."""
        if self.rule == "mock_turtles":
            return 1 + (i - 1) + (i - 1) * (i - 2) // 2
        if self.rule in ("one_or_two", "ruler"):
            return i
        return len(self.move_sets(i))

    def _callable_sets(self, i):
        result = self.rule(i)
        if result is None or isinstance(result, (str, bytes)) or not isinstance(result, Iterable):
            raise TypeError(f"rule({i}) must return an iterable of collections of "
                            f"positions, got {result!r}")
        out = []
        seen = set()
        held, room = 0, option_limit()
        for s in result:
            held += 1
            if held > room:
                raise ValueError(f"rule({i}) gave more than {room} sets and coins "
                                 "(gamelab.engine.OPTION_LIMIT): too many to list, or endless")
            if isinstance(s, (str, bytes)) or not isinstance(s, Iterable):
                raise TypeError(f"rule({i}) must return collections of positions, got {s!r}")
            members = set()
            for j in s:
                if isinstance(j, bool) or not isinstance(j, int):
                    raise TypeError(f"rule({i}) gave a set with a non-integer position {j!r}")
                if not 1 <= j < i:
                    raise ValueError(
                        f"rule({i}) may only turn lower coins 1..{i - 1} with the head at "
                        f"{i}, got {j}")
                if j in members:
                    raise ValueError(f"rule({i}) gave a set that turns coin {j} twice: {s!r}")
                members.add(j)
                held += 1
            key = tuple(sorted(members))
            if key not in seen:
                seen.add(key)
                out.append(key)
        return tuple(out)

    def moves(self, position):
        """The legal moves as ``(i, lower)``: the head turned and the other coins turned.

        Refused when there are more than ``gamelab.engine.OPTION_LIMIT``, or when the
        positions they lead to hold more than :data:`MAX_LISTED` coins in all.
        """
        position = self.validate(position)
        count, n = 0, len(position)
        for i, c in enumerate(position, 1):
            if c == "H":
                count += self._set_count(i)
                if count > option_limit():
                    raise too_many_options(position, option_limit(), one=True)
                if count * n > MAX_LISTED:
                    raise ValueError(
                        f"position of {n} coins: its {count} moves or more lead to rows of {n} "
                        f"coins, more than {MAX_LISTED} coins in all, too many to list: the "
                        "position is too big for a plain search; grundy and winning_moves "
                        "answer from the values of the heads")
        out = []
        for i, c in enumerate(position, 1):
            if c == "H":
                for s in self.move_sets(i):
                    out.append((i, s))
        return out

    @staticmethod
    def _turn(position, i, lower):
        coins = list(position)
        for j in (*lower, i):
            coins[j - 1] = "T" if coins[j - 1] == "H" else "H"
        return "".join(coins)

    def options(self, position):
        position = self.validate(position)
        return [self._turn(position, i, s) for i, s in self.moves(position)]

    def board(self, position):
        """The row of coins."""
        return Coins(self.validate(position))

    def move_label(self, position, option):
        """The coins a move turns, in words (for the play widget)."""
        turned = [str(k) for k, (a, b) in enumerate(zip(position, option), 1) if a != b]
        coins = ", ".join(turned)
        return (_("turn coin {coins}") if len(turned) == 1
                else _("turn coins {coins}")).format(coins=coins)

    # -- values ---------------------------------------------------------------------
    def head_value(self, i):
        """Value of the row whose only head is coin ``i``."""
        i = check_int(i, "i", minimum=1)
        if self._closed is not None:
            return self._closed(i)
        vals, work, charged, clock = self._values, 0, 0, running_clock()
        while len(vals) <= i:
            k = len(vals)
            if clock is not None and not k % 1024:  # within the work of the call: a unit a
                clock.check(i, "the values of the heads up to {}",  # coin and a set entry
                            work=1024 + work - charged)
                charged = work
            sets = self.move_sets(k)
            work += len(sets) + sum(map(len, sets))
            if work > option_limit():
                raise ValueError(
                    f"head_value({i}): the rule's move sets up to coin {k} already hold more "
                    f"than {option_limit()} coins; ask about a lower coin (or raise "
                    "gamelab.engine.OPTION_LIMIT)")
            seen = {xor_values(vals[j] for j in s) for s in sets}
            vals.append(mex_of_set(seen))
        return vals[i]

    def head_values(self, n):
        """Values of a single head at 1, 2, ..., n (at most ``MAX_HEADS``), as a list."""
        n = check_int(n, "n", maximum=MAX_HEADS)
        return [self.head_value(i) for i in range(1, n + 1)]

    def grundy(self, position):
        """XOR of the values of the heads of ``position``."""
        position = self.validate(position)
        return xor_values(self.head_value(i) for i, c in enumerate(position, 1) if c == "H")

    def winning_moves(self, position, *, misere=False):
        check_bool(misere, "misere")
        position = self.validate(position)
        if misere:
            return super().winning_moves(position, misere=True)
        total = self.grundy(position)
        if total == 0:
            return []
        if self._closed is not None:  # the winning sets found from the values, never listed
            return [self._turn(position, i, s) for i, s in self._winning_sets(position, total)]
        out = []
        seen = set()
        for i, s in self.moves(position):
            if xor_values(self.head_value(j) for j in (i, *s)) == total:
                o = self._turn(position, i, s)
                if o not in seen:
                    seen.add(o)
                    out.append(o)
        return out

    def _winning_sets(self, position, total):
        """The winning moves ``(i, lower)`` of a named rule, in the order of :meth:`moves`.

        A move wins when the values of the coins it turns XOR to ``total``.
        ``one_or_two``: the head alone, or with coin ``i ^ total``; ``mock_turtles``:
        for each ``k`` at most one ``j`` (odious numbers are distinct);
        ``ruler``: runs ``j .. i`` whose prefix XORs match.
        """
        n = len(position)
        value = self._closed
        found, budget = [], MAX_LISTED // max(n, 1)
        if self.rule == "ruler":
            prefix, at = [0], {0: [0]}
            for k in range(1, n + 1):
                prefix.append(prefix[-1] ^ value(k))
                at.setdefault(prefix[-1], []).append(k)
        elif self.rule == "mock_turtles":
            index = {value(k): k for k in range(1, n + 1)}
        for i, c in enumerate(position, 1):
            if c != "H":
                continue
            r = total ^ value(i)  # what the other coins turned must XOR to
            if self.rule == "one_or_two":
                sets = [()] if r == 0 else [(r,)] if r < i else []
            elif self.rule == "mock_turtles":
                sets = [()] if r == 0 else []
                if 0 < r and index.get(r, i) < i:
                    sets.append((index[r],))
                sets += [(index[value(k) ^ r], k) for k in range(1, i)
                         if index.get(value(k) ^ r, k) < k]
            else:  # runs j .. i - 1 with the head: prefix[j - 1] == prefix[i] ^ total
                ks = [k for k in at.get(prefix[i] ^ total, ()) if k < i]
                sets = [tuple(range(k + 1, i)) for k in reversed(ks)]
            found += ((i, s) for s in sets)
            if len(found) > budget:
                raise ValueError(
                    f"position of {n} coins has more than {budget} winning moves, too many "
                    f"to list (at most {MAX_LISTED} characters in all)")
        return found
