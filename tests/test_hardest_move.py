"""gamelab.strategy: remoteness and the hardest move, against a plain brute force.

The brute force here is written from the definitions alone: its own rules for
each game (positions as plain tuples), a recursive search for who wins, the
number of winning replies after a move, and the game length under best play
(the winner hurries, the loser delays).  gamelab's choice must be optimal by
that definition and the first optimal move in the game's move order."""
from __future__ import annotations

import functools
import itertools

import pytest

import gamelab as gl


# -- the games, with rules of our own and a map from gamelab's positions to ours ----------

def nim_moves(p):
    return [p[:i] + (k,) + p[i + 1:] for i, h in enumerate(p) for k in range(h)]


def subtraction_moves(p):
    (n,) = p
    return [(n - s,) for s in (1, 3, 4) if s <= n]


def wythoff_moves(p):
    a, b = p
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])


def kayles_moves(rows):
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(n - take + 1):
                right = n - take - left
                out.add(tuple(sorted(r for r in rest + (left, right) if r)))
    return sorted(out)


def as_rows(position):
    heaps = position if isinstance(position, tuple) else (position,)
    return tuple(sorted(h for h in heaps if h))


CASES = {
    # name: (gamelab game, its positions, our rules, gamelab position -> ours)
    "Nim, 2 heaps": (gl.Nim(), list(itertools.product(range(6), repeat=2)), nim_moves, tuple),
    "Nim, 3 heaps": (gl.Nim(), list(itertools.product(range(6), repeat=3)), nim_moves, tuple),
    "subtraction 1, 3, 4": (gl.Subtraction({1, 3, 4}), list(range(25)), subtraction_moves,
                            lambda n: (n,)),
    "Kayles": (gl.Kayles(), list(range(9)) + [gl.Kayles().heaps(a, b) for a in range(1, 5)
                                              for b in range(a, 5)], kayles_moves, as_rows),
    "Wythoff": (gl.Wythoff(), list(itertools.product(range(7), repeat=2)), wythoff_moves,
                tuple),
}


class BruteForce:
    """Who wins, how many winning replies, how long under best play — by recursion."""

    def __init__(self, moves, misere):
        self.moves, self.misere = moves, misere
        self.wins = functools.cache(self._wins)
        self.length = functools.cache(self._length)

    def _wins(self, p):
        kids = self.moves(p)
        if not kids:
            return self.misere                  # no move: lose, or in misère play win
        return any(not self.wins(k) for k in kids)

    def _length(self, p):
        kids = self.moves(p)
        if not kids:
            return 0
        if self.wins(p):
            return 1 + min(self.length(k) for k in kids if not self.wins(k))
        return 1 + max(self.length(k) for k in kids)

    def replies(self, p):
        return sum(not self.wins(k) for k in self.moves(p))

    def difficulty(self, option):
        """Smaller is harder for the opponent: game over at once last, then fewest
        winning replies, then the longest game."""
        return (not self.moves(option), self.replies(option), -self.length(option))


def _check_choice(game, position, plain, ours, misere):
    moves = gl.game_options(game, position)
    chosen = gl.hardest_move(game, position, misere=misere)
    p = ours(position)
    assert gl.remoteness(game, position, misere=misere) == plain.length(p)
    if not moves:
        assert chosen is None
        return
    assert chosen in moves
    if plain.wins(p):
        # a winning move, and the fastest: least length among the moves to P-positions
        wins = [o for o in moves if not plain.wins(ours(o))]
        best = min(plain.length(ours(o)) for o in wins)
        first = next(o for o in wins if plain.length(ours(o)) == best)
        assert chosen == first, (position, chosen, first)
        return
    scores = [plain.difficulty(ours(o)) for o in moves]
    best = min(scores)
    assert plain.difficulty(ours(chosen)) == best, (position, chosen, scores)
    assert chosen == moves[scores.index(best)], "not the first of the hardest moves"


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misère"])
def test_the_hardest_move_is_optimal_by_plain_search(name, misere):
    game, positions, moves, ours = CASES[name]
    plain = BruteForce(moves, misere)
    losing = 0
    for position in positions:
        _check_choice(game, position, plain, ours, misere)
        losing += bool(gl.game_options(game, position)) and not plain.wins(ours(position))
    assert losing >= 3, f"{name}: too few losing positions with moves to test"


def test_the_tie_breaks_are_reached():
    """The cases above do meet both tie-breaks: equal replies with different lengths, and a
    move that ends a misère game at once while fewer-reply moves exist elsewhere."""
    plain = BruteForce(nim_moves, False)
    by_length = [p for p in itertools.product(range(5), repeat=3) if not plain.wins(p) and any(
        len({plain.length(o) for o in nim_moves(p) if plain.replies(o) == r}) > 1
        for r in {plain.replies(o) for o in nim_moves(p)})]
    assert by_length
    misere = BruteForce(subtraction_moves, True)
    # misère, heap 3 of take 1, 3 or 4 is lost: taking 3 leaves no reply at all, but it
    # ends the game and hands the opponent the win; taking 1 leaves one winning reply
    assert not misere.wins((3,)) and misere.replies((0,)) == 0 and misere.replies((2,)) == 1
    assert gl.hardest_move(gl.Subtraction({1, 3, 4}), 3, misere=True) == 2


def test_a_losing_player_picks_the_longest_of_equally_hard_moves():
    # heaps 3 and 3: every move leaves one winning reply; taking one stone lasts longest
    assert gl.move_difficulty(gl.Nim(), (3, 3))[:3] == [((0, 3), 1, 1), ((1, 3), 1, 3),
                                                       ((2, 3), 1, 5)]
    assert gl.hardest_move(gl.Nim(), (3, 3)) == (2, 3)


def test_a_position_without_moves_has_no_move():
    assert gl.hardest_move(gl.Nim(), (0, 0)) is None
    assert gl.hardest_move(gl.Nim(), (0, 0), misere=True) is None
    assert gl.remoteness(gl.Kayles(), 0) == 0


def test_huge_positions_are_refused_not_searched():
    with pytest.raises(ValueError, match="too big to rank its moves.*max_positions=1000"):
        gl.hardest_move(gl.Nim(), (300, 300, 300), max_positions=1000)
    old = gl.engine.SEARCH_LIMIT
    gl.engine.SEARCH_LIMIT = 2000                 # the engine's budget bounds it too
    try:
        with pytest.raises(ValueError, match="too big to rank its moves"):
            gl.hardest_move(gl.Nim(), (40, 40, 40))
        with pytest.raises(ValueError, match="too big"):
            gl.remoteness(gl.Wythoff(), (500, 700))
    finally:
        gl.engine.SEARCH_LIMIT = old


def test_a_loopy_game_is_refused():
    with pytest.raises(gl.LoopyGameError):
        gl.hardest_move(lambda n: [(n + 1) % 3], 0)


@pytest.mark.parametrize("call, error, word", [
    (lambda: gl.hardest_move(None, 3), TypeError, "game"),
    (lambda: gl.hardest_move(gl.Nim(), (1, -1)), ValueError, "position"),
    (lambda: gl.hardest_move(gl.Nim(), (1, 2), misere=1), TypeError, "misere"),
    (lambda: gl.hardest_move(gl.Nim(), (1, 2), max_positions=0), ValueError, "max_positions"),
    (lambda: gl.hardest_move(gl.Nim(), (1, 2), max_positions=2.0), TypeError, "max_positions"),
    (lambda: gl.remoteness(gl.Bash(3), -1), ValueError, "heap"),
    (lambda: gl.move_difficulty(gl.Bash(3), 4, misere="no"), TypeError, "misere"),
])
def test_bad_input(call, error, word):
    with pytest.raises(error, match=word):
        call()
