"""gamelab.genera: misère Grundy values and genera, against plain misère search.

The references below know nothing of the genus rule: a misère Grundy value is
1 at a position without moves and the mex of the options' values elsewhere,
and ``γk`` is that value for the position beside ``k`` nim-heaps of size 2,
searched as one game.
"""
from __future__ import annotations

import functools
import itertools
import random
import time

import pytest

import gamelab as gl
from gamelab import engine
from gamelab.games.strips import CuttingGame


def plain_misere(options):
    """The misère Grundy value by plain recursive search over ``options``."""
    @functools.lru_cache(maxsize=None)
    def value(pos):
        kids = set(options(pos))
        if not kids:
            return 1
        seen = {value(k) for k in kids}
        m = 0
        while m in seen:
            m += 1
        return m
    return value


def options_of(game):
    return lambda pos: gl.game_options(game, pos)


# -- the rules of the heap games, written out again (a heap is an int) ----------------

def kayles(n):                      # 0.77: knock down one pin or two adjacent ones
    return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]


def dawsons_kayles(n):              # 0.07: knock down two adjacent pins
    return [(a, n - 2 - a) for a in range(n - 1)]


def grundys_game(n):                # split into two unequal non-empty heaps
    return [(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a]


def subtraction_237(n):
    return [(n - s,) for s in (2, 3, 7) if s <= n]


def with_twos(heap_moves):
    """Heaps beside ``twos`` nim-heaps *2 and ``ones`` nim-heaps *1, as one plain game:
    a position is ``(sorted heaps, twos, ones)``; empty heaps are left out."""
    def options(pos):
        heaps, twos, ones = pos
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for move in heap_moves(h):
                yield (tuple(sorted(rest + tuple(x for x in move if x))), twos, ones)
        if twos:
            yield (heaps, twos - 1, ones + 1)    # *2 -> *1
            yield (heaps, twos - 1, ones)        # *2 -> 0
        if ones:
            yield (heaps, twos, ones - 1)
    return options


HEAP_GAMES = [
    pytest.param(gl.Kayles, kayles, id="Kayles"),
    pytest.param(gl.DawsonsKayles, dawsons_kayles, id="Dawson's Kayles"),
    pytest.param(gl.GrundysGame, grundys_game, id="Grundy's game"),
    pytest.param(lambda: gl.Subtraction({2, 3, 7}), subtraction_237, id="Subtraction {2,3,7}"),
]


# -- misère Grundy values ---------------------------------------------------------------

def test_misere_grundy_of_nim_positions_against_plain_search():
    nim = gl.Nim()
    plain = plain_misere(options_of(nim))
    for k in range(4):
        for pos in itertools.product(range(5), repeat=k):
            assert gl.misere_grundy(nim, pos) == plain(pos), pos


@pytest.mark.parametrize("make, moves", HEAP_GAMES[:3])
def test_misere_grundy_of_sums_of_heaps_against_plain_search(make, moves):
    game, plain = make(), plain_misere(with_twos(moves))
    for heaps in itertools.combinations_with_replacement(range(9), 3):
        expected = plain((tuple(sorted(h for h in heaps if h)), 0, 0))
        assert gl.misere_grundy(game, game.heaps(*heaps)) == expected, heaps


@pytest.mark.parametrize("game, positions", [
    (lambda n: [n - s for s in (1, 3, 4) if s <= n], range(30)),
    (gl.Sum(gl.Bash(3), gl.NimHeap()), list(itertools.product(range(6), range(5)))),
    (gl.Wythoff(), list(itertools.product(range(6), repeat=2))),
    (gl.StaircaseNim(), [(2, 0, 2), (1, 2, 3), (0, 3, 1, 2)]),
], ids=["callable", "Sum", "Wythoff", "StaircaseNim"])
def test_misere_grundy_of_other_games_against_plain_search(game, positions):
    plain = plain_misere(options_of(game))
    for pos in positions:
        assert gl.misere_grundy(game, pos) == plain(pos), pos
        assert (gl.misere_grundy(game, pos) == 0) == (gl.outcome(game, pos, misere=True) == "P")


def test_misere_grundy_needs_no_recursion_and_is_kept_per_game():
    chain = lambda n: [n - 1] if n else []  # noqa: E731
    assert gl.misere_grundy(chain, 50_000) == 1
    assert gl.misere_grundy(chain, 49_999) == 0
    assert gl.genus(chain, 50_000) == gl.Genus.parse("0^120")
    kayles = gl.Kayles()
    assert gl.genus(kayles, 30) is gl.genus(kayles, 30)          # remembered for the game
    assert gl.genus(kayles, kayles.heaps(30)) is gl.genus(kayles, 30)
    assert gl.genus(kayles, kayles.heaps(0, 1, 0)) == gl.genus(kayles, 1)  # empty heaps drop


# -- genera against plain search of heap + k·*2 -------------------------------------------

@pytest.mark.parametrize("make, moves", HEAP_GAMES)
def test_genus_of_heaps_up_to_20_against_plain_search(make, moves):
    game, plain = make(), plain_misere(with_twos(moves))
    genera = gl.genus_sequence(game, 20)
    assert len(genera) == 21
    for n, found in enumerate(genera):
        assert found.normal == gl.grundy(game, n), n
        heaps = (n,) if n else ()
        for k in range(len(found.digits) + 3):   # the written digits and three more
            assert found.gamma(k) == plain((heaps, k, 0)), (n, k, str(found))
        assert gl.genus(game, n) == found
        assert gl.misere_grundy(game, n) == found.misere


@pytest.mark.parametrize("make, moves", HEAP_GAMES[:3])
def test_genus_of_sums_of_heaps_against_plain_search(make, moves):
    game, plain = make(), plain_misere(with_twos(moves))
    for heaps in [(3, 5), (2, 2), (5, 5), (4, 6, 1), (7, 3, 3), (9, 2)]:
        found = gl.genus(game, game.heaps(*heaps))
        start = tuple(sorted(h for h in heaps if h))
        for k in range(len(found.digits) + 3):
            assert found.gamma(k) == plain((start, k, 0)), (heaps, k, str(found))


def random_dag(seed, size=150, most=12):
    """A random game on ``0 .. size-1``: position i moves to a few smaller positions."""
    rng = random.Random(seed)
    kids = [tuple(sorted(set(rng.sample(range(i), rng.randint(0, min(i, most)))))) for i in range(size)]
    return lambda i: kids[i]


@pytest.mark.parametrize("seed", range(12))
def test_genus_of_random_games_against_plain_search(seed):
    game = random_dag(seed)
    beside_twos = lambda pos: (  # noqa: E731 - the game beside twos *2 and ones *1
        [(o, pos[1], pos[2]) for o in game(pos[0])]
        + ([(pos[0], pos[1] - 1, pos[2] + 1), (pos[0], pos[1] - 1, pos[2])] if pos[1] else [])
        + ([(pos[0], pos[1], pos[2] - 1)] if pos[2] else []))
    plain = plain_misere(beside_twos)
    for i in range(150):
        found = gl.genus(game, i)
        assert found.normal == gl.grundy(game, i)
        for k in range(len(found.digits) + 4):
            assert found.gamma(k) == plain((i, k, 0)), (seed, i, k, str(found))


def test_genus_of_nim_positions_against_plain_search():
    nim = gl.Nim()
    plain = plain_misere(options_of(nim))
    for size in range(4):
        for pos in itertools.combinations_with_replacement(range(6), size):
            found = gl.genus(nim, pos)
            assert found.normal == gl.grundy(nim, pos)
            for k in range(len(found.digits) + 3):   # k nim-heaps of size 2 beside pos
                assert found.gamma(k) == plain(pos + (2,) * k), (pos, k)
            assert found.tame, pos                   # misère Nim positions are tame


def test_genera_of_nim_heaps():
    heap = gl.NimHeap()
    for n in range(25):
        found = gl.genus(heap, n)
        assert found == gl.Genus.nim(n), n
        assert found.nim_heap == n and found.tame, n
    assert [str(gl.genus(heap, n)) for n in range(5)] == ["0^120", "1^031", "2^20", "3^31", "4^46"]


# -- the Genus value ------------------------------------------------------------------------

def test_the_notation():
    nim = gl.Nim()
    assert str(gl.genus(nim, ())) == "0^120"
    assert str(gl.genus(nim, (1,))) == "1^031"
    assert str(gl.genus(nim, (2,))) == "2^20"
    assert str(gl.genus(nim, (2, 2))) == "0^02"
    assert str(gl.genus(nim, (1, 2, 2))) == "1^13"
    big = gl.genus(gl.NimHeap(), 12)             # a digit >= 10: parentheses and commas
    assert str(big) == "12^(12,14)" and big.digits == (12, 14)
    assert str(gl.genus(gl.NimHeap(), 9)) == "9^(9,11)"
    assert str(gl.Genus(10, (1, 2, 0))) == "10^120"


@pytest.mark.parametrize("text", ["0^120", "1^031", "2^20", "0^02", "4^146", "3^1431",
                                  "2^0520", "12^(12,14)", "6^(1,9,10,8)"])
def test_parse_round_trips(text):
    found = gl.Genus.parse(text)
    assert str(found) == text
    assert eval(repr(found), {"Genus": gl.Genus}) == found
    assert hash(found) == hash(gl.Genus.parse(text))


def test_the_digits_are_kept_in_their_shortest_form():
    assert gl.Genus.parse("0^12020202") == gl.Genus.parse("0^120")
    assert gl.Genus(3, [3, 1, 3, 1]).digits == (3, 1)
    assert gl.Genus.parse(" 6 ^ ( 1, 9 ,10,8) ").digits == (1, 9, 10, 8)
    x = gl.Genus.parse("4^146")
    assert [x.gamma(k) for k in range(8)] == [1, 4, 6, 4, 6, 4, 6, 4]
    assert x.gamma(10**30) == 6 and x.gamma(10**30 + 1) == 4


def test_tame_and_nim_heap():
    tame = ["0^120", "1^031", "0^02", "1^13", "2^20", "3^31", "5^57", "12^(12,14)"]
    heaps = [0, 1, None, None, 2, 3, 5, 12]
    for text, n in zip(tame, heaps):
        x = gl.Genus.parse(text)
        assert x.tame, text
        assert x.nim_heap == n, text
    for text in ["4^146", "3^1431", "2^0520", "0^12", "1^03", "2^02", "0^20"]:
        x = gl.Genus.parse(text)
        assert not x.tame and x.nim_heap is None, text
    kayles5 = gl.genus(gl.Kayles(), 5)
    assert str(kayles5) == "4^146" and not kayles5.tame and kayles5.nim_heap is None


# -- the first wild heap ------------------------------------------------------------------

@pytest.mark.parametrize("make, first, genus", [
    (gl.Kayles, 5, "4^146"),
    (gl.DawsonsKayles, 10, "3^1431"),
    (gl.GrundysGame, 13, "3^1431"),
])
def test_first_wild_heap(make, first, genus):
    game = make()
    assert gl.first_wild_heap(game, 30) == first
    assert gl.first_wild_heap(game, first) == first
    assert gl.first_wild_heap(game, first - 1) is None
    genera = gl.genus_sequence(game, first)
    assert all(x.tame for x in genera[:first]) and str(genera[first]) == genus


def test_games_without_wild_heaps():
    assert gl.first_wild_heap(gl.Subtraction({2, 3, 7}), 60) is None
    assert gl.first_wild_heap(gl.NimHeap(), 40) is None
    assert gl.first_wild_heap(gl.LaskersNim(), 0) is None


# -- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, words", [
    (lambda: gl.genus_sequence(gl.Kayles(), 2.0), TypeError, "n must be an integer"),
    (lambda: gl.genus_sequence(gl.Kayles(), True), TypeError, "n must be an integer"),
    (lambda: gl.genus_sequence(gl.Kayles(), "5"), TypeError, "n must be an integer"),
    (lambda: gl.genus_sequence(gl.Kayles(), -1), ValueError, "n must be >= 0"),
    (lambda: gl.first_wild_heap(gl.Kayles(), None), TypeError, "limit must be an integer"),
    (lambda: gl.first_wild_heap(gl.Kayles(), -3), ValueError, "limit must be >= 0"),
    (lambda: gl.genus_sequence(gl.Wythoff(), 3), TypeError, "game must be a heap game"),
    (lambda: gl.genus_sequence(gl.Nim(), 3), TypeError, "game must be a heap game"),
    (lambda: gl.genus_sequence(CuttingGame(), 3), TypeError, "game must be a heap game"),
    (lambda: gl.first_wild_heap(gl.Wythoff(), 3), TypeError, "game must be a heap game"),
    (lambda: gl.genus_sequence("Kayles", 3), TypeError, "game must be"),
    (lambda: gl.genus(None, 3), TypeError, "game must be"),
    (lambda: gl.misere_grundy(42, 3), TypeError, "game must be"),
    (lambda: gl.genus(gl.Kayles(), -1), ValueError, "heap must be >= 0"),
    (lambda: gl.misere_grundy(gl.Kayles(), 2.5), TypeError, "heap must be an integer"),
    (lambda: gl.genus(gl.Kayles(), (3, 4)), TypeError, "game.heaps"),
    (lambda: gl.misere_grundy(gl.Nim(), {1, 2}), TypeError, "position"),
    (lambda: gl.genus(lambda n: [n], 0), ValueError, "loopy"),
    (lambda: gl.misere_grundy(lambda n: [(n + 1) % 3], 0), ValueError, "loopy"),
    (lambda: gl.genus_sequence(gl.HeapGame(lambda n: [(n,)]), 2), ValueError, "loopy"),
    (lambda: gl.Genus.parse("4^"), ValueError, "text must be a genus"),
    (lambda: gl.Genus.parse("4^1"), ValueError, "at least"),
    (lambda: gl.Genus.parse("x^12"), ValueError, "text must be a genus"),
    (lambda: gl.Genus.parse(412), TypeError, "text must be a str"),
    (lambda: gl.Genus(-1, (1, 2)), ValueError, "normal must be >= 0"),
    (lambda: gl.Genus(0, "120"), TypeError, "digits must be a tuple"),
    (lambda: gl.Genus(0, (1, -2)), ValueError, "digits"),
    (lambda: gl.Genus.parse("0^120").gamma(-1), ValueError, "k must be >= 0"),
    (lambda: gl.Genus.parse("0^120").gamma(1.0), TypeError, "k must be an integer"),
    (lambda: gl.Genus.nim(-2), ValueError, "n must be >= 0"),
])
def test_bad_input_is_refused_naming_the_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_genus_is_frozen():
    x = gl.Genus.parse("0^120")
    with pytest.raises(AttributeError):
        x.normal = 1


def test_too_big_a_search_is_refused_within_seconds(monkeypatch):
    monkeypatch.setattr(engine, "SEARCH_LIMIT", 2_000)
    start = time.process_time()
    with pytest.raises(ValueError, match=r"genus_sequence\(game, n=60\) stopped at heap \d+: .*"
                                         "more than 2000 positions"):
        gl.genus_sequence(gl.Kayles(), 60)
    with pytest.raises(ValueError, match=r"first_wild_heap\(game, limit=80\) stopped at heap"):
        gl.first_wild_heap(gl.HeapGame(lambda n: [(a, b) for a in range(n) for b in range(n - a)]),
                           80)
    with pytest.raises(ValueError, match="more than 2000 positions"):
        gl.misere_grundy(lambda n: [n + 1], 0)        # never ends
    with pytest.raises(ValueError, match="more than 2000 positions"):
        gl.genus(gl.Kayles(), gl.Kayles().heaps(*range(1, 25)))
    assert time.process_time() - start < 10


def test_the_time_budget_stops_a_long_sequence(monkeypatch):
    monkeypatch.setattr(engine, "SEARCH_SECONDS", 0.5)
    start = time.process_time()
    with pytest.raises(ValueError, match=r"n=200.*SEARCH_SECONDS"):
        gl.genus_sequence(gl.Kayles(), 200)
    assert time.process_time() - start < 5


def test_the_tame_sum_shortcut_needs_every_follower_tame(monkeypatch):
    """The genera of a sum of many heaps are added as misère Nim's only under the
    tame-sum theorem's hypothesis: every heap tame with all its followers.  Kayles
    row 8 has the tame genus 1^13 but the wild row 5 among its followers."""
    from gamelab import genera
    used = []
    real = genera.tame_sum
    monkeypatch.setattr(genera, "tame_sum", lambda gs: used.append(1) or real(gs))
    k = gl.Kayles()
    assert str(gl.genus(k, k.heaps(8))) == "1^13" and not gl.genus(k, k.heaps(5)).tame
    ones = [1] * 8
    assert gl.misere_grundy(k, k.heaps(4, 3, *ones)) == gl.misere_grundy(
        k.without_shortcuts(), k.without_shortcuts().heaps(4, 3, *ones))
    assert used, "a sum of rows below the first wild row is added up from its genera"
    used.clear()
    wild_follower = k.heaps(8, *ones)
    assert gl.misere_grundy(k, wild_follower) == gl.misere_grundy(
        k.without_shortcuts(), k.without_shortcuts().heaps(8, *ones))
    assert not used, "row 8 is not tame (its follower row 5 is wild): the sum is searched"
