"""The search engine: grundy/outcome/winning_moves, the iterative search, sums, heap games."""
from __future__ import annotations

import functools
import gc
import itertools
import random
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab import engine
from gamelab.misere import sj_condition, sj_values


# ---------------------------------------------------------------------------
# reference implementations: short, recursive, obviously right on small games

def ref_grundy(options, position, _memo=None):
    memo = {} if _memo is None else _memo
    if position not in memo:
        memo[position] = gl.mex({ref_grundy(options, o, memo) for o in options(position)})
    return memo[position]


def ref_misere_n(options, position, _memo=None):
    """True when the player to move wins under misère play."""
    memo = {} if _memo is None else _memo
    if position not in memo:
        opts = list(options(position))
        memo[position] = (not opts) or any(not ref_misere_n(options, o, memo) for o in opts)
    return memo[position]


def take(*moves):
    return lambda n: [n - s for s in moves if s <= n]


def random_dag(seed, size=40, fanout=4):
    """A random acyclic game on 0..size-1 (options are smaller numbers)."""
    rng = random.Random(seed)
    table = {n: sorted(rng.sample(range(n), min(n, rng.randint(0, fanout))), reverse=rng.random() < 0.5)
             for n in range(size)}
    return lambda n: table[n]


# ---------------------------------------------------------------------------
# grundy / outcome / winning_moves on callables and Game objects

def test_callable_game():
    g = take(1, 3, 4)
    assert [gl.grundy(g, n) for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2
    assert gl.outcome(g, 7) == "P" and gl.outcome(g, 8) == "N"
    assert gl.winning_moves(g, 10) == [9, 7]  # option order: take 1, take 3
    assert gl.winning_moves(g, 7) == []


def test_game_object_without_fast_paths():
    class Take123(gl.Game):
        def options(self, n):
            return [n - k for k in (1, 2, 3) if k <= n]

    g = Take123()
    assert [gl.grundy(g, n) for n in range(9)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert gl.outcome(g, 20) == "P"
    assert gl.winning_moves(g, 21) == [20]
    assert gl.outcome(g, 0, misere=True) == "N"
    assert gl.outcome(g, 1, misere=True) == "P"
    assert gl.winning_moves(g, 3, misere=True) == [1]


def test_fast_paths_are_used_and_search_ignores_them():
    class Liar(gl.Game):
        def options(self, n):
            return [n - 1] if n else []

        def grundy(self, n):
            return 42

    g = Liar()
    assert gl.grundy(g, 5) == 42
    assert gl.search_grundy(g, 5) == 1


def test_options_may_be_generators_tuples_sets_and_repeat():
    assert gl.grundy(lambda n: (n - k for k in (1, 2) if k <= n), 5) == 2
    assert gl.grundy(lambda n: tuple(n - k for k in (1, 2) if k <= n), 5) == 2
    assert gl.grundy(lambda n: {n - k for k in (1, 2) if k <= n}, 5) == 2
    doubled = lambda n: [n - 1, n - 1, n - 2, n - 1] if n >= 2 else [0] * n
    assert [gl.grundy(doubled, n) for n in range(6)] == [0, 1, 2, 0, 1, 2]
    assert gl.winning_moves(doubled, 4) == [3]  # duplicates removed, order kept
    assert gl.game_options(doubled, 4) == [3, 2]


def test_tuple_positions():
    def knight(p):
        x, y = p
        for dx, dy in ((-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)):
            if x + dx >= 0 and y + dy >= 0:
                yield (x + dx, y + dy)

    for x, y in itertools.product(range(12), repeat=2):
        assert gl.grundy(knight, (x, y)) == ref_grundy(lambda p: list(knight(p)), (x, y))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 60))
def test_search_agrees_with_recursive_reference(seed, size):
    g = random_dag(seed, size)
    ref, ref_mis = {}, {}
    for n in range(size):
        assert gl.search_grundy(g, n) == ref_grundy(g, n, ref)
        assert gl.search_outcome(g, n, misere=True) == ("N" if ref_misere_n(g, n, ref_mis) else "P")
        assert gl.search_winning_moves(g, n) == [o for o in dict.fromkeys(g(n)) if ref[o] == 0]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 60))
def test_misere_winning_moves_by_search(seed, size):
    g = random_dag(seed, size)
    ref = {}
    for n in range(size):
        expected = [o for o in dict.fromkeys(g(n)) if not ref_misere_n(g, o, ref)]
        assert gl.search_winning_moves(g, n, misere=True) == expected
        assert gl.winning_moves(g, n, misere=True) == expected


@pytest.mark.parametrize("root", [0, 7, 39])
def test_search_from_any_root_order_is_irrelevant(root):
    g = random_dag(12345, 40)
    expected = {n: ref_grundy(g, n) for n in range(40)}
    h = random_dag(12345, 40)  # a fresh callable with its own memo
    assert gl.search_grundy(h, root) == expected[root]
    assert all(gl.search_grundy(h, n) == expected[n] for n in range(40))


# ---------------------------------------------------------------------------
# the iterative search: deep chains, memo reuse, cycles, limits

def test_chain_of_a_million_positions():
    chain = lambda n: [n - 1] if n else []
    assert gl.search_grundy(chain, 10**6) == 0
    assert gl.grundy(chain, 10**6 - 1) == 1


def test_deep_chain_object_and_misere():
    class Chain(gl.Game):
        def options(self, n):
            return [n - 1] if n else []

    assert gl.grundy(Chain(), 3 * 10**5 + 1) == 1
    # misère: the player facing 0 wins, so odd heaps lose for the mover
    assert gl.outcome(Chain(), 3 * 10**5 + 1, misere=True) == "P"
    assert gl.outcome(Chain(), 3 * 10**5, misere=True) == "N"


def test_memo_is_reused_across_calls():
    calls = []

    def game(n):
        calls.append(n)
        return [n - s for s in (1, 2, 5) if s <= n]

    gl.grundy(game, 300)
    assert len(calls) == 301  # each position listed once
    for n in range(301):
        gl.grundy(game, n)
        gl.outcome(game, n)
        gl.search_grundy(game, n)
    assert len(calls) == 301
    gl.grundy(game, 310)
    assert len(calls) == 311


def test_memo_is_reused_on_game_objects():
    class Counting(gl.Game):
        calls = 0

        def options(self, n):
            Counting.calls += 1
            return [n - 1, n - 2] if n >= 2 else [n - 1] * n

    g = Counting()
    values = [gl.search_grundy(g, n) for n in range(200)]
    assert values == [n % 3 for n in range(200)]
    assert Counting.calls == 200
    [gl.search_grundy(g, n) for n in range(200)]
    assert Counting.calls == 200
    assert gl.search_grundy(Counting(), 5) == 2  # a new object: a new memo
    assert Counting.calls == 206


def test_memo_dies_with_the_game():
    game = lambda n: [n - 1] if n else []  # noqa: E731
    gl.grundy(game, 1232)
    adapter = engine.as_game(game)
    assert len(engine.game_memo(game, "grundy")) == 1233
    assert adapter.__dict__["_gamelab_memo"]["grundy"] is engine.game_memo(game, "grundy")
    gone = weakref.ref(adapter)
    del game, adapter
    gc.collect()
    assert gone() is None            # the adapter, and with it the memo, died with the game


def test_garbage_collector_state_is_restored():
    assert gc.isenabled()
    gl.search_grundy(lambda n: [n - 1] if n else [], 1000)
    assert gc.isenabled()
    with pytest.raises(gl.LoopyGameError):
        gl.search_grundy(lambda n: [(n + 1) % 5], 0)
    assert gc.isenabled()
    gc.disable()
    try:
        gl.search_grundy(lambda n: [n - 1] if n else [], 1000)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_three_cycle():
    with pytest.raises(gl.LoopyGameError) as info:
        gl.grundy(lambda n: [(n + 1) % 3], 0)
    assert isinstance(info.value, ValueError)
    assert info.value.cycle == [0, 1, 2, 0]
    assert "0 -> 1 -> 2 -> 0" in str(info.value)


def test_self_loop():
    with pytest.raises(gl.LoopyGameError) as info:
        gl.grundy(lambda n: [n], 5)
    assert info.value.cycle == [5, 5]
    with pytest.raises(gl.LoopyGameError):
        gl.outcome(lambda n: [n], 5, misere=True)


def test_cycle_reachable_only_deep_down():
    depth = 200_000

    def game(n):
        if n > 0:
            return [n - 1]
        return [-1]  # 0 -> -1 -> -2 -> -3 -> -1

    def loop(n):
        return game(n) if n >= 0 else [-((-n) % 3) - 1]

    with pytest.raises(gl.LoopyGameError) as info:
        gl.grundy(loop, depth)
    assert info.value.cycle == [-1, -2, -3, -1]
    assert "-1 -> -2 -> -3 -> -1" in str(info.value)
    with pytest.raises(gl.LoopyGameError):
        gl.search_outcome(loop, depth, misere=True)


def test_long_cycle_message_is_shortened():
    with pytest.raises(gl.LoopyGameError) as info:
        gl.grundy(lambda n: [(n + 1) % 1000], 0)
    assert len(info.value.cycle) == 1001
    assert "..." in str(info.value) and len(str(info.value)) < 200


def test_cycle_beside_a_finite_part_does_not_poison_the_memo():
    def game(n):
        if n >= 10:
            return [10 + (n - 9) % 3]  # 10 -> 11 -> 12 -> 10
        return [n - 1] if n else []

    for _ in range(2):
        with pytest.raises(gl.LoopyGameError):
            gl.grundy(game, 11)
    assert gl.grundy(game, 9) == 1
    with pytest.raises(gl.LoopyGameError):
        gl.grundy(game, 12)


def test_error_in_options_leaves_the_engine_usable():
    calls = {"boom": True}

    def game(n):
        if n == 3 and calls["boom"]:
            raise RuntimeError("boom")
        return [n - 1] if n else []

    with pytest.raises(RuntimeError):
        gl.grundy(game, 10)
    calls["boom"] = False
    assert gl.grundy(game, 10) == 0
    assert gc.isenabled()


def test_search_limit(monkeypatch):
    monkeypatch.setattr(engine, "SEARCH_LIMIT", 1000)
    with pytest.raises(ValueError, match="visited more than 1000 positions"):
        gl.grundy(lambda n: [n + 1], 0)
    with pytest.raises(ValueError, match="visited more than 1000 positions"):
        gl.outcome(lambda n: [n + 1], 0, misere=True)
    assert gl.grundy(lambda n: [n - 1] if n else [], 999) == 1


class ManySmallSearches(gl.Game):
    """Each search is small; together they are endless: one budget for the whole call."""

    def options(self, n):
        return []

    def grundy(self, n):
        for k in itertools.count():
            gl.search_grundy(lambda m, k=k: [m - 1] if m else [], 50)


def test_the_budget_is_read_at_call_time(monkeypatch):
    assert engine.search_budget() == (engine.SEARCH_LIMIT, engine.OPTION_LIMIT,
                                      engine.SEARCH_SECONDS, engine.SEARCH_WORK)
    monkeypatch.setattr(engine, "SEARCH_LIMIT", 10)
    monkeypatch.setattr(engine, "OPTION_LIMIT", 20)
    monkeypatch.setattr(engine, "SEARCH_SECONDS", 1)
    monkeypatch.setattr(engine, "SEARCH_WORK", 30)
    assert engine.search_budget() == (10, 20, 1.0, 30)


def _work_of(call):
    """The units of work ``call()`` counts: the clock's count when it returns."""
    from gamelab._internal import running_clock
    seen = []

    class Spy(gl.Game):             # one outer clock, read at the end of the call
        def options(self, n):
            return []

        def grundy(self, n):
            call()
            seen.append(running_clock().work + running_clock().steps)
            return 0

    gl.grundy(Spy(), 0)
    return seen[0]


def test_search_work_bounds_one_call_the_same_way_every_time(monkeypatch):
    # the budget counts work, not time: the same call is refused at the same count,
    # whatever the machine is doing, and the work a call does is a fixed number
    def knight():                  # a new game each time: nothing remembered
        return lambda p: [(p[0] - a, p[1] - b) for a, b in ((2, 1), (1, 2))
                          if p[0] >= a and p[1] >= b]

    counts = {_work_of(lambda: gl.search_grundy(knight(), (300, 300))) for _ in range(3)}
    assert len(counts) == 1 and counts.pop() > 40_000
    monkeypatch.setattr(engine, "SEARCH_WORK", 20_000)
    for _ in range(2):
        with pytest.raises(ValueError, match="did more than 20,000 units of work.*SEARCH_WORK"):
            gl.search_grundy(knight(), (300, 300))
    knight = knight()
    assert gc.isenabled()
    assert gl.grundy(knight, (20, 20)) == gl.search_grundy(knight, (20, 20))  # small: answered

    with pytest.raises(ValueError, match="units of work.*SEARCH_WORK"):
        gl.grundy(ManySmallSearches(), 0)
    assert gc.isenabled()


def test_option_limit_bounds_the_options_held(monkeypatch):
    monkeypatch.setattr(engine, "OPTION_LIMIT", 100)
    largest_first = lambda n: list(range(n - 1, -1, -1))  # noqa: E731 - n(n+1)/2 held
    assert gl.grundy(largest_first, 13) == 13                          # 91 held
    with pytest.raises(ValueError, match="held more than 100 options.*OPTION_LIMIT"):
        gl.grundy(lambda n: list(range(n - 1, -1, -1)), 14)           # 105 held
    assert gl.grundy(lambda n: list(range(n)), 50) == 50      # smallest first: 50 + 49 held
    with pytest.raises(ValueError, match="too many to list"):
        gl.game_options(lambda n: range(200), 0)
    with pytest.raises(ValueError, match="too many to list"):
        gl.winning_moves(lambda n: itertools.count(n + 1), 0)
    with pytest.raises(ValueError, match="OPTION_LIMIT"):
        gl.search_winning_moves(lambda n: (m for m in range(n - 1, -1, -1)), 150)
    assert gc.isenabled()


def test_option_limit_counts_an_endless_generator_no_further():
    seen = []

    def endless(n):
        for k in itertools.count(n + 1):
            seen.append(k)
            yield k

    with pytest.raises(ValueError, match="held more than"):
        gl.grundy(endless, 0)
    assert len(seen) <= engine.OPTION_LIMIT + 1


def test_search_seconds_are_a_safety_net_for_slow_options(monkeypatch):
    monkeypatch.setattr(engine, "SEARCH_SECONDS", 0.2)
    slow = lambda n: [n + 1 + 0 * sum(range(500))]  # noqa: E731 - endless, and slow
    with pytest.raises(ValueError, match="more than 0.2 s of CPU time.*SEARCH_SECONDS"):
        gl.grundy(slow, 0)
    assert gc.isenabled()
    assert gl.grundy(lambda n: [n - 1] if n else [], 3000) == 0   # the next call has its own

    with pytest.raises(ValueError, match="SEARCH_SECONDS"):
        gl.grundy(ManySmallSearches(), 0)
    assert gc.isenabled()


def test_nested_calls_share_the_outer_clock():
    from gamelab._internal import running_clock
    assert running_clock() is None
    with engine.search_clock() as outer:
        with engine.search_clock() as inner:
            assert inner is outer and outer.depth == 2 and not gc.isenabled()
        assert running_clock() is outer
    assert running_clock() is None and gc.isenabled()


@pytest.mark.parametrize("bad", [float("nan"), complex("nan")], ids=["float", "complex"])
def test_positions_not_equal_to_themselves_are_refused(bad):
    from decimal import Decimal
    chain = lambda n: [n - 1] if n > 0 else []  # noqa: E731
    for position in (bad, Decimal("nan")):
        for call in (lambda: gl.grundy(chain, position), lambda: gl.search_grundy(chain, position),
                     lambda: gl.outcome(chain, position, misere=True),
                     lambda: gl.winning_moves(chain, position),
                     lambda: gl.game_options(chain, position)):
            with pytest.raises(ValueError, match="equal to itself"):
                call()
    with pytest.raises(ValueError, match="an option must be equal to itself"):
        gl.grundy(lambda n: [n - 1] if n > 1 else [bad] if n else [], 20)
    with pytest.raises(ValueError, match="equal to itself"):
        gl.loopy_outcome(lambda n: [bad], 0)


def test_positions_whose_comparison_fails_are_refused():
    class No:
        def __eq__(self, other):
            return False

        def __hash__(self):
            return 1

    class Raises(No):
        def __eq__(self, other):
            raise RuntimeError("no")

        __hash__ = No.__hash__

    for position in (No(), Raises()):
        with pytest.raises(ValueError, match="equal to itself"):
            gl.grundy(lambda p: [], position)
    with pytest.raises(ValueError, match="equal to itself"):
        gl.grundy(lambda n: [Raises()] if n == 0 else [], 0)
    # floats equal to themselves are positions like any other
    assert gl.grundy(lambda x: [x - 0.5] if x > 0 else [], 3.0) == 0


# ---------------------------------------------------------------------------
# Sum: the Sprague–Grundy theorem against plain search

def _component(kind, param):
    if kind == "bash":
        return gl.Bash(param)
    if kind == "sub":
        return gl.Subtraction({1, param + 1, 2 * param + 1})
    moves = (1, param + 1)
    return lambda n: [n - s for s in moves if s <= n]


components = st.lists(
    st.tuples(st.sampled_from(["bash", "sub", "callable"]), st.integers(1, 4), st.integers(0, 9)),
    min_size=1, max_size=3,
)


@settings(max_examples=60, deadline=None)
@given(components)
def test_sum_agrees_with_search(parts):
    games = [_component(kind, param) for kind, param, _ in parts]
    position = tuple(heap for _, _, heap in parts)
    s = gl.Sum(*games)
    assert gl.grundy(s, position) == gl.search_grundy(s, position)
    assert gl.outcome(s, position) == gl.search_outcome(s, position)
    assert gl.winning_moves(s, position) == gl.search_winning_moves(s, position)
    assert gl.outcome(s, position, misere=True) == gl.search_outcome(s, position, misere=True)
    assert (gl.winning_moves(s, position, misere=True)
            == gl.search_winning_moves(s, position, misere=True))


def test_sum_example():
    s = gl.Sum(gl.Bash(3), gl.Bash(5), gl.Bash(7))
    assert gl.grundy(s, (9, 10, 14)) == 1 ^ 4 ^ 6
    assert gl.winning_moves(s, (9, 10, 14)) == [(6, 10, 14), (9, 10, 13)]
    assert all(gl.grundy(s, m) == 0 for m in gl.winning_moves(s, (9, 10, 14)))


def test_sum_winning_move_that_raises_a_component():
    # component values can go up: a winning move may increase one component's value
    up = lambda n: {0: [], 1: [0], 2: [1, 0], 3: [0]}[n]  # values 0 1 2 1
    s = gl.Sum(up, gl.Bash(5))
    assert gl.grundy(s, (3, 2)) == 1 ^ 2
    assert gl.winning_moves(s, (3, 2)) == gl.search_winning_moves(s, (3, 2))


# ---------------------------------------------------------------------------
# HeapGame: options are XORs, misère over multisets

def kayles_moves(n):
    for take_ in (1, 2):
        for left in range(0, n - take_ + 1):
            right = n - take_ - left
            yield tuple(h for h in (left, right) if h)


def test_heap_game_values_are_xor_of_parts():
    g = gl.HeapGame(kayles_moves, name="Kayles")
    values = [g.grundy(n) for n in range(30)]
    for n in range(30):
        expected = gl.mex({functools.reduce(lambda a, b: a ^ b, (values[h] for h in m), 0)
                           for m in kayles_moves(n)})
        assert values[n] == expected
    # Kayles: period 12 from heap 71 on; the first values are well known
    assert values[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert g.grundy_sequence(12).tolist() == values[:12]
    assert all(g.value_of(m) == 0 for m in gl.winning_moves(g, 10))


def misere_multiset(moves, heaps, memo):
    """Hand-written misère search over sorted tuples of heaps."""
    heaps = tuple(sorted(heaps))
    if heaps not in memo:
        options = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for m in moves(h):
                options.append(rest + tuple(m))
        memo[heaps] = (not options) or any(not misere_multiset(moves, o, memo) for o in options)
    return memo[heaps]


@pytest.mark.parametrize("n", range(12))
def test_heap_game_misere_matches_hand_search(n):
    g = gl.HeapGame(kayles_moves, name="Kayles")
    memo = {}
    expected = "N" if misere_multiset(kayles_moves, (n,), memo) else "P"
    assert gl.outcome(g, n, misere=True) == expected
    wins = {tuple(sorted(m)) for m in kayles_moves(n) if not misere_multiset(kayles_moves, m, memo)}
    got = [tuple(sorted(m)) for m in gl.winning_moves(g, n, misere=True)]
    assert len(got) == len(set(got)) and set(got) == wins  # moves are multisets of heaps


def test_heap_game_deep_and_loopy():
    chain = gl.HeapGame(lambda h: [(h - 1,)] if h else [])
    assert chain.grundy(2 * 10**5 + 1) == 1
    loopy = gl.HeapGame(lambda h: [((h + 1) % 3,)])
    with pytest.raises(gl.LoopyGameError):
        loopy.grundy(0)


# ---------------------------------------------------------------------------
# corners of the fast paths

def test_function_with_an_options_attribute_is_a_game_object():
    def game(n):
        raise AssertionError("the options attribute must be used")

    game.options = lambda n: [n - 1] if n else []
    assert gl.grundy(game, 7) == 1
    assert gl.outcome(game, 7) == "N"
    assert gl.outcome(game, 7, misere=True) == "P"
    assert gl.winning_moves(game, 7) == [6]


def test_options_may_reuse_one_list():
    buffer = []

    def game(n):
        buffer.clear()
        buffer.extend(n - s for s in (1, 3, 4) if s <= n)
        return buffer

    assert [gl.grundy(game, n) for n in range(30, -1, -1)][::-1] == [0, 1, 0, 1, 2, 3, 2] * 4 + [0, 1, 0]


def test_options_returning_set_of_tuples_and_repeats():
    game = lambda p: {(p[0] - 1, p[1]), (p[0] - 1, p[1])} if p[0] else set()  # noqa: E731
    assert gl.grundy(game, (5, 0)) == 1
    assert gl.outcome(game, (4, 0), misere=True) == "N"


def test_unhashable_set_option_is_rejected():
    # ``{0} in some_set`` quietly looks up frozenset({0}); options must still be refused
    with pytest.raises(TypeError, match="options"):
        gl.grundy(lambda n: [n - 1] if n > 1 else [{0}], 30)
    with pytest.raises(TypeError, match="options"):
        gl.game_options(lambda n: [frozenset(), {0}], 3)


# ---------------------------------------------------------------------------
# memo per object: equal-comparing games with different rules keep apart


class _EqualRules:
    """Every instance compares and hashes equal; ``step`` changes the rules."""

    def __init__(self, step):
        self.step = step

    def __eq__(self, other):
        return isinstance(other, _EqualRules)

    def __hash__(self):
        return 0


class _EqualGame(_EqualRules):
    def options(self, n):
        return [n - s for s in range(1, self.step + 1) if s <= n]


class _EqualCallable(_EqualRules):
    def __call__(self, n):
        return [n - s for s in range(1, self.step + 1) if s <= n]


def _bash_by_recursion(step, n):
    # the take-1..step game by a plain recursion, independent of the engine
    @functools.lru_cache(maxsize=None)
    def g(k):
        seen = {g(k - s) for s in range(1, step + 1) if s <= k}
        return next(v for v in itertools.count() if v not in seen)
    return [g(k) for k in range(n)]


@pytest.mark.parametrize("kind", [_EqualGame, _EqualCallable])
def test_memo_is_per_object_not_per_equality(kind):
    games = [kind(step) for step in (1, 2, 3, 1)]
    assert games[0] == games[1] and hash(games[0]) == hash(games[1])
    for _ in range(2):  # a second sweep reads the memos
        for game in games:
            want = _bash_by_recursion(game.step, 30)
            assert [gl.grundy(game, n) for n in range(30)] == want
            assert [gl.search_grundy(game, n) for n in range(30)] == want
            assert [gl.outcome(game, n, misere=True) for n in range(30)] == [
                gl.search_outcome(game, n, misere=True) for n in range(30)]
            assert gl.winning_moves(game, 29) == [n for n in range(max(0, 29 - game.step), 29)
                                                  if want[n] == 0]


def test_memo_of_an_object_is_its_own_across_calls():
    a, b = _EqualCallable(2), _EqualCallable(4)
    gl.grundy(a, 20)
    assert engine.game_memo(a, "grundy") is engine.game_memo(a, "grundy")
    assert engine.game_memo(a, "grundy") is not engine.game_memo(b, "grundy")
    assert engine.game_memo(a, "grundy")[20] == 20 % 3 and 20 not in engine.game_memo(b, "grundy")


def test_search_memory_is_linear_when_the_biggest_options_come_first():
    # G(n) = n when the options of n are n-1, ..., 0; the path holds one frame per
    # position, so the options held stay within the budget even though n(n+1)/2 are read
    for options in (lambda n: range(n - 1, -1, -1), lambda n: iter(range(n - 1, -1, -1))):
        assert gl.grundy(options, 1500) == 1500
    # a list of every option, largest first: n (n + 1) / 2 held at the deepest, within
    # OPTION_LIMIT up to n = 3,000 (the documented size), refused past it
    assert engine.OPTION_LIMIT >= 3000 * 3001 // 2
    assert gl.search_grundy(lambda n: list(range(n - 1, -1, -1)), 3000) == 3000
    with pytest.raises(ValueError, match="held more than .*OPTION_LIMIT"):
        gl.search_grundy(lambda n: list(range(n - 1, -1, -1)), 3200)


# ---------------------------------------------------------------------------
# the game protocol: every hook's default, and games that are not Games

class _Bare(gl.Game):
    def options(self, n):
        return [n - 1] if n else []


def test_every_hook_of_a_bare_game_has_its_default():
    g = _Bare()
    assert g.name == "game" and g.always_ends is False and gl.Game.always_ends is False
    assert g.validate(3) == 3
    with pytest.raises(TypeError, match="position"):
        g.validate([3])
    assert g.grundy(5) == 1 == gl.search_grundy(g, 5)
    assert g.outcome(5) == "N" and g.outcome(4) == "P"
    assert g.outcome(5, misere=True) == gl.search_outcome(g, 5, misere=True) == "P"
    assert g.winning_moves(5) == [4] and g.winning_moves(4) == []
    assert g.winning_moves(4, misere=True) == [3]
    for hook in (g.components, g.sj_values, g.sj_condition, g.board):
        assert hook(5) is None, hook
    assert g.options_of_value(5, 0) is None and g.move_label(5, 4) is None
    assert g.period() is None and g.period(100) is None
    with pytest.raises(TypeError, match="limit"):
        g.period(1.5)
    with pytest.raises(NotImplementedError):
        gl.Game().options(0)


def test_consumers_fall_back_when_a_hook_does_not_know():
    g = _Bare()
    s = gl.Sum(g, gl.Bash(2))
    assert gl.winning_moves(s, (3, 1)) == gl.search_winning_moves(s, (3, 1))   # no options_of_value
    assert sj_condition(g, 6)                                 # decided by search
    assert sj_values(s, (3, 1)) == [1, 1]
    assert gl.loopy_grundy(g, 7) == 1                         # labelled: always_ends is False


def test_as_game_adapts_callables_and_keeps_their_memo():
    calls = []

    def game(n):
        calls.append(n)
        return [n - 1] if n else []

    adapter = engine.as_game(game)
    assert isinstance(adapter, gl.Game) and adapter.name == "game" and adapter.always_ends is False
    assert engine.as_game(game) is adapter                    # one adapter while it is in use
    assert engine.as_game(adapter) is adapter and engine.as_game(gl.Bash(2)).name == "Bash, take 1..2"
    assert adapter.grundy(50) == 0 and len(calls) == 51
    assert gl.grundy(game, 50) == 0 and gl.search_grundy(adapter, 49) == 1 and len(calls) == 51
    memo = engine.game_memo(game, "grundy")
    del adapter
    gc.collect()
    assert engine.as_game(game).grundy(50) == 0 and len(calls) == 51   # a new adapter, the same memo
    assert engine.game_memo(engine.as_game(game), "grundy") is memo
    assert engine.options_function(engine.as_game(game)) is game
    for hook in ("components", "sj_values", "sj_condition", "board"):
        assert getattr(engine.as_game(game), hook)(3) is None


def test_as_game_honours_a_duck_objects_own_answers_only():
    class Duck:
        def options(self, n):
            return [n - 1] if n else []

        def grundy(self, n):
            return 7 if n else 0

        def board(self, n):                                 # not a hook of a duck object
            raise AssertionError("only grundy, outcome and winning_moves are asked")

    duck = Duck()
    g = engine.as_game(duck)
    assert g.name == "Duck" and g.wrapped is duck
    assert gl.grundy(duck, 3) == 7 and gl.search_grundy(duck, 3) == 1
    assert gl.outcome(duck, 3) == "N" and g.board(3) is None
    with pytest.raises(TypeError, match="game"):
        engine.as_game(3)
    with pytest.raises(TypeError, match="game"):
        engine.as_game(object())


def test_sum_is_a_game_of_games():
    s = gl.Sum(gl.Bash(3), take(1, 2), gl.Nim())
    assert s.always_ends is False                             # a callable may not end
    assert gl.Sum(gl.Bash(3), gl.Nim()).always_ends is True
    assert s.name == "Bash, take 1..3 + <lambda> + Nim"
    parts = s.components((4, 2, (1, 1)))
    assert all(isinstance(g, gl.Game) for g, _ in parts) and [p for _, p in parts] == [4, 2, (1, 1)]
    board = s.board((4, 2, (1, 1)))
    assert [label for label, _, _ in board.rows] == [
        "game 1 · Bash, take 1..3", "game 2 · <lambda>", "game 3 · Nim"]
    assert board.rows[0][1] == gl.Bash(3).board(4) and board.rows[1][1] is None
    assert s.move_label((4, 2, (1, 1)), (4, 2, (0, 1))) == "game 3: take 1 from heap 1"
    assert s.move_label((4, 2, (1, 1)), (4, 1, (1, 1))) is None      # the callable has no words
