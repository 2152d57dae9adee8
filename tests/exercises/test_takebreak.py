"""gamelab.exercises.references.takebreak: the judge exercises of the take-and-break lecture, official
samples, and the problems without a verified sample checked against plain search of the
original games."""
from __future__ import annotations

import random

import pytest

import gamelab as gl
from gamelab.exercises.references.takebreak import hiho1173, poi2000_pas, poj2311, poj3537
from gamelab.games.strips import check_rectangle, cutting_moves
from gamelab_testing import judge_sample, same_tokens


def lasker_moves(n):
    for k in range(1, n + 1):
        yield (n - k,) if k < n else ()
    for a in range(1, n // 2 + 1):
        yield (a, n - a)


# ---------------------------------------------------------------------------
# official samples

def test_poi2000_pas_sample():
    text, expected = judge_sample("poi2000_pas")
    assert same_tokens(poi2000_pas(text), expected)


def test_poj2311_sample():
    text, expected = judge_sample("poj2311")
    assert same_tokens(poj2311(text), expected)


# ---------------------------------------------------------------------------
# hihoCoder 1173 (no verified sample): own cases against plain search

def test_hiho1173_against_search():
    game = gl.HeapGame(lasker_moves)          # plain search, no closed form
    rng = random.Random(1173)
    for _ in range(200):
        heaps = [rng.randint(1, 60) for _ in range(rng.randint(1, 5))]
        text = f"{len(heaps)}\n{' '.join(map(str, heaps))}\n"
        x = 0
        for h in heaps:
            x ^= game.grundy(h)
        assert same_tokens(hiho1173(text), "Alice" if x else "Bob"), heaps


def test_hiho1173_against_search_of_whole_positions():
    game = gl.HeapGame(lasker_moves)          # search over collections of heaps, no XOR rule
    rng = random.Random(3)
    for _ in range(60):
        heaps = [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]
        expected = "Alice" if gl.search_outcome(game, game.heaps(*heaps)) == "N" else "Bob"
        assert same_tokens(hiho1173(f"{len(heaps)}\n{' '.join(map(str, heaps))}\n"), expected)


def test_hiho1173_large_heaps():
    assert same_tokens(hiho1173("3\n20000 19999 3\n"), "Alice")   # 19999 ^ 20000 ^ 4 != 0
    assert same_tokens(hiho1173("2\n19999 19999\n"), "Bob")


# ---------------------------------------------------------------------------
# POI 2000 PAS and POJ 2311 against plain search of the original games

def strip_moves(lengths):
    def moves(s):
        for L in sorted(set(lengths)):
            for i in range(0, s - L + 1):
                yield tuple(x for x in (i, s - L - i) if x)
    return moves


def test_poi2000_pas_against_search():
    rng = random.Random(2000)
    for _ in range(20):
        lengths = [rng.randint(1, 7) for _ in range(3)]
        boards = [rng.randint(1, 60) for _ in range(8)]
        text = f"{' '.join(map(str, lengths))}\n{len(boards)}\n" + "".join(f"{p}\n" for p in boards)
        game = gl.HeapGame(strip_moves(lengths))   # plain search of the placement rules
        expected = ["1" if game.outcome(p) == "N" else "2" for p in boards]
        assert same_tokens(poi2000_pas(text), " ".join(expected)), (lengths, boards)
        small = [p for p in boards if p <= 14]
        assert [gl.search_outcome(game, p) for p in small] == [game.outcome(p) for p in small]


WON = "cut off a 1 x 1 piece"


def cutting_original(position):
    """The cutting game as stated: any cut; cutting off a 1 x 1 square wins at once."""
    if position == WON:
        return []
    out = []
    for idx, (w, h) in enumerate(position):
        rest = position[:idx] + position[idx + 1:]
        cuts = [((i, h), (w - i, h)) for i in range(1, w)] + [((w, j), (w, h - j)) for j in range(1, h)]
        for a, b in cuts:
            if a == (1, 1) or b == (1, 1):
                out.append(WON)
            else:
                out.append(tuple(sorted(rest + (a, b))))
    return out


def test_poj2311_against_the_original_game():
    for w in range(2, 7):
        for h in range(2, 6):
            expected = "WIN" if gl.search_outcome(cutting_original, ((w, h),)) == "N" else "LOSE"
            assert same_tokens(poj2311(f"{w} {h}\n"), expected), (w, h)


def test_poj2311_many_lines_and_large():
    text = "".join(f"{w} {h}\n" for w in range(2, 40, 3) for h in range(2, 40, 5)) + "200 200\n"
    out = poj2311(text).split()
    assert len(out) == len(text.split()) // 2 and set(out) <= {"WIN", "LOSE"}
    game = gl.HeapGame(cutting_moves, validate_heap=check_rectangle)
    pairs = [(w, h) for w in range(2, 40, 3) for h in range(2, 40, 5)]
    assert out[:-1] == ["WIN" if game.outcome(p) == "N" else "LOSE" for p in pairs]


# ---------------------------------------------------------------------------
# POJ 3537 (no verified sample): Treblecross against the original game

def treblecross_original(position):
    if position == WON:
        return []
    out = []
    for i, c in enumerate(position):
        if not c:
            after = position[:i] + (1,) + position[i + 1:]
            if any(after[j] and after[j + 1] and after[j + 2] for j in range(len(after) - 2)):
                out.append(WON)
            else:
                out.append(after)
    return out


@pytest.mark.parametrize("n", range(3, 15))
def test_poj3537_against_the_original_game(n):
    expected = "1" if gl.search_outcome(treblecross_original, (0,) * n) == "N" else "2"
    assert same_tokens(poj3537(f"{n}\n"), expected)


def test_poj3537_largest_input():
    assert poj3537("2000\n") in ("1\n", "2\n")


# ---------------------------------------------------------------------------
# bad input

SOLVERS = [hiho1173, poi2000_pas, poj2311, poj3537]


@pytest.mark.parametrize("solver", SOLVERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("text", [None, 5, b"1 2", ["1"]])
def test_non_text_input(solver, text):
    with pytest.raises(TypeError, match="text"):
        solver(text)


@pytest.mark.parametrize("solver, text", [
    (hiho1173, ""), (hiho1173, "3\n1 2\n"), (hiho1173, "2\n1 x\n"), (hiho1173, "1\n-4\n"),
    (poi2000_pas, "1 2\n"), (poi2000_pas, "1 0 3\n1\n4\n"), (poi2000_pas, "1 2 3\n2\n4\n"),
    (poj2311, "2 2\n3\n"), (poj2311, "2 0\n"), (poj2311, "2 two\n"),
    (poj3537, ""), (poj3537, "3 4\n"), (poj3537, "0\n"), (poj3537, "-5\n"),
])
def test_malformed_input(solver, text):
    with pytest.raises(ValueError):
        solver(text)


# ---------------------------------------------------------------------------
# the registered checks of lectures 10 and 11

from gamelab.exercises.references import takebreak as tb_exercises  # noqa: E402
from gamelab.exercises.check import verify  # noqa: E402


@pytest.mark.parametrize("exercise_id, reference", [
    ("hiho1173", hiho1173), ("poi2000_pas", poi2000_pas), ("poj2311", poj2311),
    ("poj3537", poj3537)])
def test_judge_checks_accept_the_reference_and_reject_a_wrong_answer(exercise_id, reference):
    ok, report = verify(exercise_id, reference)
    assert ok, report
    flipped = {"Alice": "Bob", "Bob": "Alice", "1": "2", "2": "1", "WIN": "LOSE", "LOSE": "WIN"}

    def wrong(text):        # right except on the last line of the output
        lines = reference(text).splitlines()
        lines[-1] = flipped[lines[-1]]
        return "\n".join(lines) + "\n"

    ok, report = verify(exercise_id, wrong)
    assert not ok and "wrong on case" in report

    def unanswered(text):
        raise NotImplementedError("your code here")

    assert verify(exercise_id, unanswered) == (False, f"✗ {exercise_id}: not answered yet.")


def test_judge_checks_cover_both_outcomes():
    # generated cases must contain winning and losing inputs, or a constant answer would pass
    for exercise_id, reference, answers in [
            ("hiho1173", hiho1173, {"Alice", "Bob"}), ("poj3537", poj3537, {"1", "2"}),
            ("poi2000_pas", poi2000_pas, {"1", "2"}), ("poj2311", poj2311, {"WIN", "LOSE"})]:
        from gamelab.exercises.check import exercise
        outs = {line for case in exercise(exercise_id).all_cases()
                for line in reference(case).split()}
        assert outs == answers, exercise_id


def test_dawson_exercise_against_search_and_period():
    plain = gl.DawsonsKayles().without_shortcuts()
    for n in range(120):
        assert tb_exercises.dawson_first_player_loses(n) == (plain.grundy(n) == 0)
    assert verify("ex-11-1", tb_exercises.dawson_first_player_loses)[0]
    assert not verify("ex-11-1", lambda n: n % 34 in (1, 5))[0]


def test_dawsons_chess_period_exercise():
    seq = gl.TakeAndBreak("0.137").grundy_sequence(3000).tolist()
    e, p = tb_exercises.dawsons_chess_period()
    assert all(seq[n + p] == seq[n] for n in range(e, 3000 - p)) and seq[e - 1 + p] != seq[e - 1]
    assert verify("ex-11-2", (e, p))[0] and not verify("ex-11-2", (53, 34))[0]
    assert verify("ex-11-2", ...) == (False, "✗ ex-11-2: not answered yet.")


def naive_proven_period(values, t):
    """The Guy–Smith theorem with gamelab's window e <= n < 2·max(e, 1) + p + t, written out plainly."""
    L = len(values)
    for p in range(1, L):
        e = L - p
        while e > 0 and values[e - 1 + p] == values[e - 1]:
            e -= 1
        if 2 * max(e, 1) + 2 * p + t <= L:
            return e, p
    return None


def test_proven_period_exercise():
    assert verify("ex-11-3", naive_proven_period)[0]

    def window_from_e(values, t):   # the theorem misstated at e = 0
        L = len(values)
        for p in range(1, L):
            e = L - p
            while e > 0 and values[e - 1 + p] == values[e - 1]:
                e -= 1
            if 2 * e + 2 * p + t <= L:
                return e, p
        return None

    ok, report = verify("ex-11-3", window_from_e)
    assert not ok and "wrong on case" in report


def test_all_but_one_exercise():
    plain = [0]
    for n in range(1, 300):                     # plain search: every removal but one token
        seen = {plain[n - k] for k in range(2, n + 1)}
        plain.append(min(set(range(len(seen) + 1)) - seen))
    assert [tb_exercises.all_but_one_value(n) for n in range(300)] == plain
    assert verify("ex-11-5", tb_exercises.all_but_one_value)[0]
    assert verify("ex-11-5", lambda n: n // 2)[0]
    assert not verify("ex-11-5", lambda n: n // 2 if n < 1000 else 0)[0]
    assert not verify("ex-11-5", lambda n: (n + 1) // 2)[0]


def test_hexadecimal_0b_exercise_is_the_outcome_of_plain_search():
    plain = [0]
    for n in range(1, 120):            # remove one token: leave no heap, one heap or three
        rest = n - 1
        seen = {0} if rest == 0 else {plain[rest]}
        for a in range(1, rest + 1):
            for b in range(a, rest + 1):
                c = rest - a - b
                if c >= b:
                    seen.add(plain[a] ^ plain[b] ^ plain[c])
        plain.append(min(set(range(len(seen) + 1)) - seen))
    assert [tb_exercises.hexadecimal_0b_loses(n) for n in range(120)] == [v == 0 for v in plain]
    assert verify("ex-11-6", lambda n: n % 2 == 0)[0]
    assert not verify("ex-11-6", lambda n: n % 2 == 0 and n < 10**6)[0]
    assert not verify("ex-11-6", lambda n: n % 2 == 1)[0]
