"""Misère play beyond the SJ theorem: misère Grundy values and the genus.

The *misère Grundy value* ``m(G)`` of a position is 1 when it has no move and
otherwise the mex of its options' misère values; the position is a misère
P-position exactly when ``m(G) == 0``.  Unlike normal-play values these do not
add up, and a sum is not decided by its components' misère values alone.

Conway's *genus* keeps enough of a game to decide many sums.  The genus of G is
``g^{γ0 γ1 γ2 ...}``: ``g`` is its normal-play Sprague–Grundy value and ``γk`` is
the misère Grundy value of ``G + k·*2`` (G beside k nim-heaps of size 2).  It
is computed from the options' genera alone:

* ``g`` is the mex of the options' ``g``; a position without options has the
  genus ``0^{120}`` (γ0 = 1);
* otherwise ``γ0`` is the mex of the options' ``γ0``, and for ``k >= 1``
  ``γk = mex({γk of the options} ∪ {γ(k-1), γ(k-1) ⊕ 1})``: the moves inside one
  ``*2`` go to ``*1`` and to ``0``.

That rule rests on ``m(H + *1) = m(H) ⊕ 1`` for every game H.  *Proof*, by
induction on H: the options of ``H + *1`` are H and the ``H' + *1``, whose
values are ``m(H)`` and (induction) ``m(H') ⊕ 1``; the mex of ``{m(H') ⊕ 1} ∪
{m(H)}`` is ``m(H) ⊕ 1``, since ``x ↦ x ⊕ 1`` permutes each pair ``{2j, 2j+1}``
and the only value of the pair of ``m(H)`` present is ``m(H)`` itself.

The γ sequence is eventually periodic with period 2: once every option's
sequence alternates, ``γk`` depends only on ``γ(k-1)`` and the parity of k,
and it settles within a few steps (the search detects the repeat).  A
:class:`Genus` writes the digits ``γ0 ... γm`` until the rest alternates, as
*Winning Ways* does: ``0^120`` for 0, ``1^031`` for ``*1``, ``2^20`` for ``*2``,
``0^02`` for ``*2 + *2``; when a digit is 10 or more they are written in
parentheses, separated by commas, as CGSuite prints them: ``12^(12,14)``.

A genus is *tame* when it is the genus of a misère Nim position: ``0^120``,
``1^031`` or ``a^{a, a⊕2}`` (``0^02`` and ``1^13`` included); a game is tame
when it and every follower have tame genera.  The tame-sum theorem (Conway,
*On Numbers and Games*, ch. 12): a sum of tame games is tame, and its genus is
that of the misère Nim position made of Nim positions with the components'
genera (:func:`tame_sum`) — not that of the Nim heaps with the components'
values g.  A heap game whose heaps below n all have tame genera has only tame
followers from heap n, so :func:`first_wild_heap` needs the genera of single
heaps only.

>>> import gamelab as gl
>>> [str(genus(gl.NimHeap(), n)) for n in range(4)]
['0^120', '1^031', '2^20', '3^31']
>>> misere_grundy(gl.Nim(), (1, 1)), misere_grundy(gl.Nim(), (2, 2))
(1, 0)
>>> [str(x) for x in genus_sequence(gl.Kayles(), 5)]
['0^120', '1^031', '2^20', '3^31', '1^031', '4^146']
>>> first_wild_heap(gl.NimHeap(), 50) is None
True

References
----------
.. [1] J. H. Conway, *On Numbers and Games*, 2nd ed., A K Peters (2001), ch. 12
   ("How to lose when you must"): misère play and the genus.
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 2, A K Peters (2003), ch. 13 ("Survival in the lost
   world"): genera, tame and wild games, misère octal games.
.. [3] A. N. Siegel, CGSuite (Combinatorial Game Suite), https://www.cgsuite.org: the
   printed form of a genus (digits above 9 in parentheses).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ._internal import short_repr
from ._validate import check_int
from .engine import (
    GameLike,
    LoopyGameError,
    as_game,
    check_game,
    checked_position,
    game_memo,
    list_options,
    mex_of_set,
    options_function,
    search_clock,
    search_dag,
    search_limit,
)
from .games.nim import Nim, NimHeap     # their heaps are nim-heaps: tame genera
from .heaps import HeapGame, Heaps, heaps_of

__all__ = ["Genus", "genus_of_options", "tame_sum", "misere_grundy", "genus", "genus_sequence",
           "first_wild_heap"]


def _trim(gammas: tuple[int, ...]) -> tuple[int, ...]:
    """The shortest prefix ``γ0 ... γm`` (m >= 1) after which ``gammas`` alternates."""
    m = len(gammas) - 1
    while m > 1 and gammas[m] == gammas[m - 2]:
        m -= 1
    return tuple(gammas[:m + 1])


@dataclass(frozen=True)
class Genus:
    """The genus ``g^{γ0 γ1 ...}`` of a position (see the module's notes).

    Parameters
    ----------
    normal : int
        ``g``, the normal-play Sprague–Grundy value.
    digits : tuple of int
        ``γ0, γ1, ..., γm`` with ``m >= 1``; the sequence goes on alternating
        (``γ(k+2) = γk`` for ``k >= m - 1``).  Stored in its shortest form, so
        equal genera compare equal.

    Examples
    --------
    >>> x = Genus.parse("0^1202")
    >>> x, str(x), x.gamma(10), x.tame, x.nim_heap
    (Genus(normal=0, digits=(1, 2, 0)), '0^120', 0, True, 0)
    >>> str(Genus.nim(12)), Genus.parse("12^(12,14)") == Genus.nim(12)
    ('12^(12,14)', True)
    >>> Genus.parse("0^02").tame, Genus.parse("0^02").nim_heap, Genus.parse("1^031").misere
    (True, None, 0)
    """

    normal: int
    digits: tuple[int, ...]

    def __post_init__(self) -> None:
        check_int(self.normal, "normal")
        if isinstance(self.digits, (str, bytes)) or not isinstance(self.digits, (tuple, list)):
            raise TypeError(f"digits must be a tuple of integers, got {type(self.digits).__name__} "
                            f"{self.digits!r}")
        digits = tuple(check_int(d, "digits[...]") for d in self.digits)
        if len(digits) < 2:
            raise ValueError(f"digits must hold at least γ0 and γ1, got {self.digits!r}")
        # γk = mex(... ∪ {γ(k-1), γ(k-1) ⊕ 1}): no two neighbours share a pair {2j, 2j+1}
        for k in range(1, len(digits)):
            if digits[k] >> 1 == digits[k - 1] >> 1:
                raise ValueError(
                    f"digits cannot be a genus: γ{k} = {digits[k]} and γ{k - 1} = "
                    f"{digits[k - 1]} (γk is never γ(k-1) or γ(k-1) ⊕ 1), got {self.digits!r}")
        object.__setattr__(self, "normal", int(self.normal))
        object.__setattr__(self, "digits", _trim(digits))

    @classmethod
    def parse(cls, text: str) -> Genus:
        """The genus written ``"4^146"`` or ``"6^(1,9,10,8)"`` (spaces allowed, any prefix
        after which the sequence alternates).

        Raises
        ------
        TypeError
            If ``text`` is not a str.
        ValueError
            If it is not a genus so written.
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str such as '0^120', got {type(text).__name__} {text!r}")
        found = re.fullmatch(r"\s*(\d+)\s*\^\s*(?:(\d+)|\(\s*(\d+(?:\s*,\s*\d+)*)\s*\))\s*", text,
                             re.ASCII)         # ASCII digits only: no full-width ones
        if found is None:
            raise ValueError(f"text must be a genus such as '0^120' or '6^(1,9,10,8)', got "
                             f"{short_repr(text)}")
        base, plain, listed = found.groups()
        digits = tuple(map(int, plain)) if plain else tuple(int(d) for d in listed.split(","))
        try:
            return cls(int(base), digits)
        except ValueError as err:
            raise ValueError(f"text {short_repr(text)} is not a genus any game has: "
                             f"{str(err).split(' (')[0]}") from None

    @classmethod
    def nim(cls, n: int) -> Genus:
        """The genus of the nim-heap ``*n``: ``0^120``, ``1^031``, ``n^{n, n⊕2}`` for n >= 2.

        >>> [str(Genus.nim(n)) for n in (0, 1, 2, 5)]
        ['0^120', '1^031', '2^20', '5^57']
        """
        n = check_int(n, "n")
        return cls(n, (1, 2, 0) if n == 0 else (0, 3, 1) if n == 1 else (n, n ^ 2))

    def gamma(self, k: int) -> int:
        """``γk``: the misère Grundy value of the position plus ``k`` copies of ``*2``."""
        k = check_int(k, "k")
        m = len(self.digits) - 1
        return self.digits[k] if k <= m else self.digits[m - ((k - m) & 1)]

    @property
    def misere(self) -> int:
        """``γ0``: the misère Grundy value of the position itself."""
        return self.digits[0]

    @property
    def nim_heap(self) -> int | None:
        """The ``n`` whose nim-heap ``*n`` has this genus, else ``None``."""
        g = self.normal
        return g if self == Genus.nim(g) else None

    @property
    def tame(self) -> bool:
        """Whether this is the genus of a misère Nim position: ``0^120``, ``1^031`` or
        ``a^{a, a⊕2}``."""
        g = self.normal
        return self.digits == (g, g ^ 2) or (g <= 1 and self == Genus.nim(g))

    def __str__(self) -> str:
        if max(self.digits) < 10:
            return f"{self.normal}^{''.join(map(str, self.digits))}"
        return f"{self.normal}^({','.join(map(str, self.digits))})"


#: The genus of a position without options (of 0).
_ZERO = Genus(0, (1, 2, 0))


def _gamma_at(digits: tuple[int, ...], k: int) -> int:
    """``γk`` of stored digits (unchecked :meth:`Genus.gamma`)."""
    m = len(digits) - 1
    return digits[k] if k <= m else digits[m - ((k - m) & 1)]


def genus_of_options(options: list[Genus]) -> Genus:
    """The genus of a position from its options' genera, by the genus rule.

    From ``k = K`` on, ``K`` the first index past every option's written digits,
    the set ``S`` of the options' γk depends on the parity of k only, and γk is
    ``a = mex S``, or ``a' = mex(S ∪ {a, a⊕1})`` when γ(k-1) lies in the pair
    ``{a, a⊕1}``.  After ``a`` the next value lies outside that pair (it is ``b`` of
    the other parity, or ``b'``, which avoids ``b``'s pair), so two steps on come
    back to ``a``: ``γ(k+4) = γ(k+2)`` for ``k >= K``, and the search stops at the
    first ``γk = γ(k-2)`` with ``k - 1 >= K``, by ``k = K + 4``.

    >>> str(genus_of_options([])), str(genus_of_options([Genus.nim(0), Genus.nim(1)]))
    ('0^120', '2^20')
    """
    if not options:
        return _ZERO
    rows = {o.digits for o in options}  # options of one genus count once
    start = max(1, max(len(d) for d in rows) - 2)  # S_k = S_(k+2) for every k >= start
    gammas = [mex_of_set({d[0] for d in rows})]
    for k in range(1, start + 5):
        before = gammas[-1]
        seen = {_gamma_at(d, k) for d in rows}
        seen.add(before)
        seen.add(before ^ 1)
        gammas.append(mex_of_set(seen))
        if k > start and gammas[k] == gammas[k - 2]:
            break
    else:  # pragma: no cover - excluded by the argument above
        raise AssertionError(f"the genus rule did not settle by k = {start + 4}")
    found = object.__new__(Genus)  # checked by construction: skip __post_init__
    object.__setattr__(found, "normal", mex_of_set({o.normal for o in options}))
    object.__setattr__(found, "digits", _trim(gammas))
    return found


# ---------------------------------------------------------------------------
# the searches: positions of any game, or sums of heaps of a heap game

class _Sums:
    """The sums of heaps of a :class:`HeapGame` as positions: a sum is the sorted tuple
    of its heaps, heaps without a move dropped (they never matter again)."""

    def __init__(self, game: HeapGame) -> None:
        self.game, self.moves, self.live, self.ints = game, {}, {}, True

    def heap_moves(self, heap: Hashable) -> list:
        """The moves of one heap, as the game lists them."""
        found = self.moves.get(heap)
        if found is None:
            found = self.moves[heap] = self.game.moves(heap)
        return found

    def sort(self, heaps) -> tuple:
        if self.ints:
            return tuple(sorted(heaps))
        return tuple(self.game.heaps(*heaps))

    def live_moves(self, heap: Hashable) -> list:
        """The moves of one heap, each as the sorted heaps it leaves that have a move."""
        found = self.live.get(heap)
        if found is None:
            moves = self.heap_moves(heap)
            if self.ints and not all(type(h) is int for m in moves for h in m):
                self.ints = False
            found = self.live[heap] = [self.sort([h for h in m if self.heap_moves(h)])
                                       for m in moves]
        return found

    def key(self, heaps) -> tuple:
        """The canonical sum of ``heaps`` (validated heaps)."""
        if not all(type(h) is int for h in heaps):
            self.ints = False
        return self.sort([h for h in heaps if self.heap_moves(h)])

    def options(self, key: tuple) -> list:
        out, seen, sort = [], set(), self.sort
        for i, h in enumerate(key):
            if i and key[i - 1] == h:
                continue
            rest = key[:i] + key[i + 1:]
            for move in self.live_moves(h):
                option = sort(rest + move) if move else rest
                if option not in seen:
                    seen.add(option)
                    out.append(option)
        return out


def _searcher(game: GameLike, kind: str):
    """``(game, memo, root_of, options)``: what a search of ``kind`` over ``game`` needs.

    A heap game is searched over its sums of heaps (memo ``kind + " of sums"``);
    any other game over its own positions, through ``options``.
    """
    check_game(game)
    game = as_game(game)
    if isinstance(game, HeapGame):
        sums = _Sums(game)

        def root_of(position):
            position = checked_position(game, position)
            return sums.key(heaps_of(position))

        return game, game_memo(game, kind + " of sums"), root_of, sums.options
    moves = options_function(game)
    return (game, game_memo(game, kind), lambda position: checked_position(game, position),
            lambda p: list_options(moves, p))


def _walk(memo: dict, root: Hashable, options, rule: Callable[[list], Any]) -> Any:
    """The value of ``root``: ``rule`` of its options' values, searched iteratively."""
    def expand(pos):
        kids = options(pos)
        return kids, kids

    def finish(pos, kids):
        return rule([memo[k] for k in kids])

    return search_dag(memo, root, expand, finish)


def _misere_rule(values: list) -> int:
    return mex_of_set(set(values)) if values else 1


def tame_sum(genera) -> Genus | None:
    """The genus of a sum whose components have these genera, when all are tame; else None.

    A tame genus is that of a misère Nim position, and a sum of tame games (each
    with every follower of tame genus: only genera are read here, so the caller
    must know that) is tame with the genus of the sum of those Nim positions
    (the tame-sum theorem, *On Numbers and Games*, ch. 12):
    ``g`` is the nim-sum of the components' ``g``; when every component is
    ``0^120`` or ``1^031`` the sum is ``0^120`` or ``1^031`` by that parity,
    otherwise it is ``g^{g, g⊕2}`` (misère Nim: a heap of 2 or more decides as in
    normal play).  Equal components are read once (only their count's parity
    and whether there are any matter).

    >>> str(tame_sum([Genus.nim(1)] * 3001)), str(tame_sum([Genus.nim(2), Genus.nim(3)]))
    ('1^031', '1^13')
    >>> tame_sum([Genus.parse("4^146")]) is None
    True
    """
    g, big = 0, False
    for x, count in _counted(genera):
        if not x.tame:
            return None
        if count & 1:
            g ^= x.normal
        big = big or x.digits == (x.normal, x.normal ^ 2)
    return Genus(g, (g, g ^ 2)) if big else Genus.nim(g)


def _counted(items):
    counts: dict = {}
    for x in items:
        counts[x] = counts.get(x, 0) + 1
    return counts.items()


def _tame_heaps(game: HeapGame, heaps, genus_of: Callable[[Hashable], Genus]) -> bool:
    """Whether every heap of ``heaps`` or of one of their followers has a tame genus.

    Then every one of those heaps is tame, by induction on the follower relation
    (every play ends): a heap's options are sums of earlier heaps of the set, tame
    by the tame-sum theorem (applied repeatedly), and its own genus is tame.  By
    the theorem again, so are ``heaps`` and every sum of them.
    """
    seen, todo = set(), list(heaps)
    while todo:
        heap = todo.pop()
        if heap in seen:
            continue
        seen.add(heap)
        if not genus_of(heap).tame:
            return False
        todo.extend(h for move in game.moves(heap) for h in move)
    return True


def _sum_shortcut(game, position, kind: str) -> Genus | None:
    """The genus of a sum of many heaps from its heaps' genera, when all are tame.

    For a heap game's sum of heaps (or a Nim position) of more than a few heaps:
    the distinct heaps' genera are computed (Nim's are those of nim-heaps), and
    :func:`tame_sum` combines them when every heap is tame (it and all its
    followers have tame genera, :func:`_tame_heaps`): the tame-sum theorem's
    hypothesis.  None when some heap is not, or this is no such sum.
    """
    base = as_game(game)
    if type(base) is Nim and isinstance(position, tuple) and len(position) > _FEW:
        heaps = checked_position(base, position)
        return tame_sum(Genus.nim(h) for h in heaps)
    if isinstance(base, HeapGame) and isinstance(position, Heaps) and len(position) > _FEW:
        base, memo, root_of, options = _searcher(base, "genus")
        counts = _counted(tuple(checked_position(base, position)))
        def genus_of(heap):
            return _walk(memo, root_of(heap), options, genus_of_options)

        with search_clock():
            genera = {h: genus_of(h) for h, _ in counts}
            if not _tame_heaps(base, genera, genus_of):
                return None
        return tame_sum(x for h, c in counts for x in [genera[h]] * (2 if c % 2 == 0 else 1))
    return None


#: Sums of at most this many heaps are searched as they are.
_FEW = 8


def misere_grundy(game: GameLike, position: Any) -> int:
    """The misère Grundy value of ``position``: 1 without moves, else the mex of the
    options' misère values (0 exactly at misère P-positions).

    Searched iteratively, memoised per game (a heap game's sums of heaps as
    multisets), within the search budget (``gamelab.engine.SEARCH_LIMIT``,
    ``OPTION_LIMIT``, ``SEARCH_SECONDS``): past it a ``ValueError`` says which.

    Examples
    --------
    >>> import gamelab as gl
    >>> [misere_grundy(gl.NimHeap(), n) for n in range(5)]
    [1, 0, 2, 3, 4]
    >>> misere_grundy(gl.Kayles(), gl.Kayles().heaps(1, 1, 1))
    0
    >>> misere_grundy(lambda n: [n - 1] if n else [], 10**5)
    1
    """
    shortcut = _sum_shortcut(game, position, "misere grundy")
    if shortcut is not None:
        return shortcut.misere
    game, memo, root_of, options = _searcher(game, "misere grundy")
    root = root_of(position)
    with search_clock():
        return _walk(memo, root, options, _misere_rule)


def genus(game: GameLike, position: Any) -> Genus:
    """The genus ``g^{γ0 γ1 ...}`` of ``position`` (a :class:`Genus`).

    Computed by the genus rule from the genera of every position reached
    (:func:`genus_of_options`), iteratively, memoised per game, within the
    search budget.

    Examples
    --------
    >>> import gamelab as gl
    >>> str(genus(gl.Nim(), (2, 2))), str(genus(gl.Nim(), (2, 3)))
    ('0^02', '1^13')
    >>> x = genus(gl.Kayles(), 5)
    >>> str(x), x.normal, x.misere, [x.gamma(k) for k in range(6)], x.tame
    ('4^146', 4, 1, [1, 4, 6, 4, 6, 4], False)
    """
    shortcut = _sum_shortcut(game, position, "genus")
    if shortcut is not None:
        return shortcut
    game, memo, root_of, options = _searcher(game, "genus")
    root = root_of(position)
    with search_clock():
        return _walk(memo, root, options, genus_of_options)


def _heap_genera(game: GameLike, n: int, who: str,
                 stop: Callable[[Genus], bool] | None = None) -> list[Genus]:
    """The genera of the heaps ``0, 1, ..., n`` of ``game`` (up to the first for which
    ``stop`` is true), within one call's budget; a refusal names ``who`` (the call)
    and the heap it stopped at."""
    check_game(game)
    game = as_game(game)
    check = game.validate_heap if isinstance(game, HeapGame) else game.validate
    try:
        check(0)
    except (TypeError, ValueError) as err:
        raise TypeError(f"game must be a heap game whose heaps are the ints 0, 1, 2, ... "
                        f"({who} asks for heaps 0..{n}); {game.name} refused heap 0: {err}") from None
    game, memo, root_of, options = _searcher(game, "genus")
    first, out = len(memo), []
    with search_clock():
        for h in range(n + 1):
            try:
                out.append(_walk(memo, root_of(h), options, genus_of_options))
                if len(memo) - first > search_limit():
                    raise ValueError(f"the sums of heaps reached are more than {search_limit()} "
                                     "positions; raise gamelab.engine.SEARCH_LIMIT")
            except LoopyGameError:
                raise
            except ValueError as err:
                raise ValueError(f"{who} stopped at heap {h}: {err}") from err
            if stop is not None and stop(out[-1]):
                break
    return out


def genus_sequence(game: GameLike, n: int) -> list[Genus]:
    """The genera of the single heaps ``0, 1, ..., n`` of a heap game.

    The positions reached are sums of heaps; the genus of every sum reached is
    computed by the genus rule, memoised by the sorted multiset of its heaps
    (heaps without a move dropped), iteratively and within the search budget:
    a refusal names ``n`` and says why.  Games whose positions are heap sizes
    (``gl.Subtraction``, ``gl.NimHeap``, a callable on ints) are searched over
    their own positions.

    Raises
    ------
    TypeError
        If ``n`` is not an int, or ``game`` is not a game whose heaps are ints.
    ValueError
        If ``n < 0``, or the search would go past the budget.

    Examples
    --------
    >>> import gamelab as gl
    >>> [str(x) for x in genus_sequence(gl.DawsonsKayles(), 6)]
    ['0^120', '0^120', '1^031', '1^031', '2^20', '0^120', '3^31']
    >>> [str(x) for x in genus_sequence(gl.Subtraction({2, 3, 7}), 4)]
    ['0^120', '0^120', '1^031', '1^031', '2^20']
    """
    n = check_int(n, "n")
    return _heap_genera(game, n, f"genus_sequence(game, n={n})")


def first_wild_heap(game: GameLike, limit: int) -> int | None:
    """The first heap ``n <= limit`` whose genus is not tame, or ``None`` if every heap up
    to ``limit`` is tame.

    While the heaps below n are tame, so is every sum of them (*Winning Ways*,
    ch. 13), hence every follower of heap n: the first wild heap is the first
    heap that the theory of tame games (misère Nim) does not cover.

    Raises
    ------
    TypeError, ValueError
        As :func:`genus_sequence`, for ``limit``.

    Examples
    --------
    >>> import gamelab as gl
    >>> n = first_wild_heap(gl.Kayles(), 20)
    >>> n, str(genus(gl.Kayles(), n))
    (5, '4^146')
    >>> first_wild_heap(gl.DawsonsKayles(), 20), first_wild_heap(gl.GrundysGame(), 20)
    (10, 13)
    """
    limit = check_int(limit, "limit")
    if type(as_game(game)) is NimHeap:
        return None
    found = _heap_genera(game, limit, f"first_wild_heap(game, limit={limit})",
                         lambda x: not x.tame)
    return len(found) - 1 if not found[-1].tame else None
