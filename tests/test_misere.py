"""Misère play: misère Nim, the SJ theorem for sums, and where it does not apply."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.games.nim import NimHeap
from gamelab.misere import sj_applies, sj_condition, sj_outcome, sj_values, sj_violation


def nim_positions(heaps, top):
    for k in range(heaps + 1):
        yield from itertools.product(range(top + 1), repeat=k)


# -- misère Nim ------------------------------------------------------------------

def test_misere_nim_rule_against_search():
    nim = gl.Nim()
    count = 0
    for pos in nim_positions(4, 4):
        expected = gl.search_outcome(nim, pos, misere=True)
        assert sj_outcome(pos) == expected, pos
        assert gl.outcome(nim, pos, misere=True) == expected, pos
        count += 1
    assert count == sum(5 ** k for k in range(5))


def test_misere_nim_winning_moves_against_search():
    nim = gl.Nim()
    for pos in nim_positions(3, 5):
        assert gl.winning_moves(nim, pos, misere=True) == gl.search_winning_moves(nim, pos, misere=True), pos


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=4).map(tuple))
def test_hypothesis_misere_nim(pos):
    nim = gl.Nim()
    assert gl.outcome(nim, pos, misere=True) == gl.search_outcome(nim, pos, misere=True)
    assert gl.winning_moves(nim, pos, misere=True) == gl.search_winning_moves(nim, pos, misere=True)


def test_misere_nim_strategy_leaves_odd_number_of_ones():
    # the winning move from (1, 1, 5) is to leave three single coins, not two
    assert gl.winning_moves(gl.Nim(), (1, 1, 5), misere=True) == [(1, 1, 1)]
    assert gl.winning_moves(gl.Nim(), (1, 1, 5)) == [(1, 1, 0)]


def test_terminal_positions_are_n_in_misere_play():
    assert gl.outcome(gl.Nim(), (), misere=True) == "N"
    assert gl.outcome(gl.Sum(gl.Bash(3), gl.StaircaseNim()), (0, (0, 0)), misere=True) == "N"
    assert sj_outcome([]) == "N"


# -- the SJ theorem ---------------------------------------------------------------

def components():
    """Small games with positions, and whether they meet the SJ condition there."""
    return [
        (gl.Bash(2), [0, 1, 2, 3, 5]),
        (gl.Subtraction({1, 3, 4}), [0, 2, 4, 6]),
        (gl.Subtraction({2, 3}), [1, 4, 5]),
        (NimHeap(), [0, 1, 2, 3]),
        (gl.Nim(), [(), (1, 1), (2, 2), (3, 1)]),
        (gl.StaircaseNim(), [(1,), (0, 2), (1, 1), (2, 0, 2)]),
    ]


def random_sums(count, seed):
    rng = random.Random(seed)
    pool = components()
    for _ in range(count):
        k = rng.randint(1, 3)
        picks = [rng.choice(pool) for _ in range(k)]
        games = [g for g, _ in picks]
        pos = tuple(rng.choice(ps) for _, ps in picks)
        yield gl.Sum(*games), pos


def test_sj_theorem_on_random_sums_that_meet_the_condition():
    checked = 0
    for s, pos in random_sums(150, seed=7):
        values = sj_values(s, pos)
        if values is None:
            continue
        assert sj_outcome(values) == gl.search_outcome(s, pos, misere=True), (s, pos)
        assert gl.outcome(s, pos, misere=True) == gl.search_outcome(s, pos, misere=True)
        checked += 1
    assert checked > 80


def test_sum_misere_is_right_even_where_the_theorem_does_not_apply():
    skipped = 0
    for s, pos in random_sums(120, seed=11):
        assert gl.outcome(s, pos, misere=True) == gl.search_outcome(s, pos, misere=True), (s, pos)
        if not sj_applies(s, pos):
            skipped += 1
    assert skipped > 5


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.tuples(st.integers(0, 5), st.integers(0, 5)), st.integers(0, 3))
def test_sum_misere_winning_moves_match_search(seed, heaps, bash):
    rng = random.Random(seed)
    sub = gl.Subtraction(rng.sample(range(1, 6), rng.randint(1, 3)))
    s = gl.Sum(gl.Nim(), gl.Bash(2), sub)
    pos = (heaps, bash, rng.randint(0, 7))
    assert gl.winning_moves(s, pos, misere=True) == gl.search_winning_moves(s, pos, misere=True)
    assert gl.outcome(s, pos, misere=True) == gl.search_outcome(s, pos, misere=True)


def test_violating_sum_where_the_rule_fails():
    st_ = gl.StaircaseNim()
    s = gl.Sum(st_, gl.Bash(2))
    pos = ((2, 0, 2), 0)
    assert not sj_applies(s, pos)
    assert sj_violation(st_, (2, 0, 2)) == (2, 0, 2)
    naive = sj_outcome([gl.grundy(g, p) for g, p in zip(s.games, pos)])
    assert naive == "N"
    assert gl.search_outcome(s, pos, misere=True) == "P"
    assert gl.outcome(s, pos, misere=True) == "P"     # the sum falls back to search


def test_sj_condition_examples():
    assert sj_condition(gl.Bash(3), 10**9)              # decided through the period
    assert sj_condition(gl.Subtraction({1, 3, 4}), 10**12)
    assert sj_condition(NimHeap(), 50)
    assert not sj_condition(gl.Nim(), (2, 2))
    assert sj_condition(gl.Nim(), (5, 1))
    assert sj_violation(gl.Nim(), (3, 2)) == (2, 2)
    assert sj_violation(gl.Bash(3), 30) is None
    chain = lambda n: [n - 1] if n else []          # noqa: E731  (values 0 1 0 1 ...)
    assert sj_condition(chain, 10)
    # value 0 with options of values 2 and 3 only
    graph = {"a": ["b", "c"], "b": ["d", "e"], "c": ["d", "e", "f"], "d": ["e"], "e": [], "f": ["b", "d", "e"]}
    assert gl.grundy(lambda p: graph[p], "a") == 0
    assert not sj_condition(lambda p: graph[p], "a")


def test_sj_values_flatten_nim_and_nested_sums():
    inner = gl.Sum(gl.Nim(), NimHeap())
    s = gl.Sum(inner, gl.Bash(3))
    assert sj_values(s, (((2, 3), 4), 6)) == [2, 3, 4, 2]
    assert gl.outcome(s, (((2, 3), 4), 6), misere=True) == gl.search_outcome(s, (((2, 3), 4), 6), misere=True)


def test_misere_values_do_not_add():
    # P + P can be N: one coin each
    heap = NimHeap()
    assert gl.outcome(heap, 1, misere=True) == "P"
    assert gl.outcome(gl.Sum(heap, heap), (1, 1), misere=True) == "N"
    # N + N can be N or P
    assert gl.outcome(heap, 2, misere=True) == gl.outcome(heap, 0, misere=True) == "N"
    assert gl.outcome(gl.Sum(heap, heap), (2, 2), misere=True) == "P"
    assert gl.outcome(gl.Sum(heap, heap), (0, 0), misere=True) == "N"
    # same value and same misère outcome, but different in a sum:
    # G = {*1, {*3}} looks like *2 (value 2, misère N), yet G + *1 is P and *2 + *1 is N
    def g_opts(p):
        if p == "G":
            return [(1,), "H"]
        if p == "H":
            return [(3,)]
        return list(gl.Nim().options(p))
    assert gl.grundy(g_opts, "G") == gl.grundy(gl.Nim(), (2,)) == 2
    assert gl.search_outcome(g_opts, "G", misere=True) == gl.outcome(gl.Nim(), (2,), misere=True) == "N"
    assert gl.search_outcome(gl.Sum(g_opts, heap), ("G", 1), misere=True) == "P"
    assert gl.outcome(gl.Nim(), (2, 1), misere=True) == "N"
    assert not sj_condition(g_opts, "G")
    assert sj_violation(g_opts, "G") == "H"


# -- bad input --------------------------------------------------------------------

@pytest.mark.parametrize("bad, exc", [
    (None, TypeError), ("12", TypeError), (5, TypeError), ([1, -1], ValueError),
    ([True], TypeError), ([1.5], TypeError), ([None], TypeError),
])
def test_sj_outcome_bad_values(bad, exc):
    with pytest.raises(exc, match="values"):
        sj_outcome(bad)


@pytest.mark.parametrize("call, exc, word", [
    (lambda: sj_condition(None, 3), TypeError, "game"),
    (lambda: sj_condition(gl.Bash(2), -1), ValueError, "heap"),
    (lambda: sj_condition(gl.Bash(2), True), TypeError, "heap"),
    (lambda: sj_condition(gl.Nim(), {1, 2}), TypeError, "position"),
    (lambda: sj_violation(gl.StaircaseNim(), (1, -2)), ValueError, "position"),
    (lambda: sj_values(gl.Nim(), (1, 2)), TypeError, "sum_game"),
    (lambda: sj_values(gl.Sum(gl.Nim()), ((1, 2), 3)), ValueError, "components"),
    (lambda: sj_applies(gl.Sum(gl.Bash(2)), {1}), TypeError, "position"),
])
def test_misere_helpers_bad_input(call, exc, word):
    with pytest.raises(exc, match=word):
        call()


def test_endless_game_is_reported(monkeypatch):
    import gamelab.engine
    monkeypatch.setattr(gamelab.engine, "SEARCH_LIMIT", 1000)
    with pytest.raises(ValueError, match="finite"):
        sj_condition(lambda n: [n + 1], 0)


def test_loopy_game_is_reported():
    with pytest.raises(gl.LoopyGameError):
        sj_condition(lambda n: [(n + 1) % 3], 0)


GAMES = [
    (gl.Nim(), (1, 2)),
    (gl.Sum(gl.Bash(2), gl.Nim()), (3, (1, 1))),
    (gl.Bash(3), 5),
    (gl.StaircaseNim(), (1, 2)),
    (gl.Subtraction({1, 3}), 4),
    (NimHeap(), 3),
]


@pytest.mark.parametrize("flag", [1, 0, None, "yes", 1.0])
@pytest.mark.parametrize("game, pos", GAMES, ids=lambda x: repr(x))
def test_misere_flag_must_be_bool(game, pos, flag):
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(game, pos, misere=flag)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(game, pos, misere=flag)


@pytest.mark.parametrize("flag", [1, None, "yes"])
def test_misere_flag_on_callables(flag):
    game = lambda n: [n - 1] if n else []          # noqa: E731
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(game, 3, misere=flag)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(game, 3, misere=flag)


def test_sum_with_heap_game_components_matches_search():
    from gamelab.exercises.references.misere import row_game

    def kayles(n):
        for k in (1, 2):
            for a in range(n - k + 1):
                yield tuple(x for x in (a, n - k - a) if x)

    s = gl.Sum(row_game(), gl.HeapGame(kayles, name="Kayles"), gl.Bash(2))
    covered = 0
    for pos in itertools.product(range(5), range(7), range(3)):
        assert gl.outcome(s, pos, misere=True) == gl.search_outcome(s, pos, misere=True), pos
        covered += sj_applies(s, pos)
    assert 0 < covered < 5 * 7 * 3


def test_the_sj_hooks_are_asked_and_none_means_search():
    class Chain(gl.Game):                       # values 0 1 0 1 ...: the condition holds
        def options(self, n):
            return [n - 1] if n else []

    class Refuses(Chain):
        def sj_condition(self, position):
            return False                        # a proof that it fails is taken as said

    class Heaps(Chain):
        def sj_values(self, position):
            return [position % 2]

    assert sj_condition(Chain(), 9) and not sj_condition(Refuses(), 9)
    s = gl.Sum(Refuses(), gl.Bash(2))
    assert sj_values(s, (3, 2)) is None and not sj_applies(s, (3, 2))
    assert gl.outcome(s, (3, 2), misere=True) == gl.search_outcome(s, (3, 2), misere=True)
    assert sj_values(gl.Sum(Heaps(), gl.Bash(2)), (3, 2)) == [1, 2]
    assert sj_values(gl.Sum(lambda n: [n - 1] if n else [], NimHeap()), (4, 3)) == [0, 3]
