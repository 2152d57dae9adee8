"""One bad-input matrix over the package's public functions: the engine, values,
sums, heap games, periodicity, the sequence engine and the game families.

Each wrong argument must raise TypeError or ValueError whose message names the
argument — never a hang, a RecursionError or a wrong answer.
"""
from __future__ import annotations

import functools
import operator
import os
import subprocess
import sys
import time
import traceback
from decimal import Decimal

import numpy as np
import pytest

import gamelab as gl
from gamelab import engine
from gamelab.engine import as_game
from gamelab.games import octal_kernel, octal_sequence
from gamelab.games.octal import check_heap_size
from gamelab.games.octal_kernel import BACKENDS, compute_values
from gamelab.games.octal_rules import Rules
from gamelab.games.octal_sequence import (MAX_SEQUENCE, OctalSequence, clear_shared_sequences,
                                          shared_sequence)
from gamelab.heaps import check_heap
from gamelab.misere import sj_condition, sj_outcome
from gamelab.periodicity import PeriodicSequence, apparent_period, guy_smith_period, guy_smith_window

take134 = lambda n: [n - s for s in (1, 3, 4) if s <= n]  # noqa: E731


class Weird:
    """Hashable, but neither a game nor a number."""


CASES = [
    # --- mex and nim_sum
    ("mex(int)", lambda: gl.mex(5), TypeError, "values"),
    ("mex(None)", lambda: gl.mex(None), TypeError, "values"),
    ("mex(str)", lambda: gl.mex("012"), TypeError, "values"),
    ("mex negative", lambda: gl.mex([0, -1]), ValueError, "values"),
    ("mex bool", lambda: gl.mex([0, True]), TypeError, "values"),
    ("mex float", lambda: gl.mex([0, 1.5]), TypeError, "values"),
    ("mex None item", lambda: gl.mex([None]), TypeError, "values"),
    ("nim_sum(None)", lambda: gl.nim_sum(None), TypeError, "values"),
    ("nim_sum negative", lambda: gl.nim_sum([3, -4]), ValueError, "values"),
    ("nim_sum bool", lambda: gl.nim_sum([False]), TypeError, "values"),
    ("nim_sum float", lambda: gl.nim_sum([2.0]), TypeError, "values"),
    # --- a game that is not a game
    ("grundy(None, .)", lambda: gl.grundy(None, 3), TypeError, "game"),
    ("grundy(int, .)", lambda: gl.grundy(5, 3), TypeError, "game"),
    ("grundy(str, .)", lambda: gl.grundy("nim", 3), TypeError, "game"),
    ("grundy(list, .)", lambda: gl.grundy([1, 2], 3), TypeError, "game"),
    ("grundy(object, .)", lambda: gl.grundy(Weird(), 3), TypeError, "game"),
    ("outcome(None, .)", lambda: gl.outcome(None, 3), TypeError, "game"),
    ("winning_moves(dict, .)", lambda: gl.winning_moves({}, 3), TypeError, "game"),
    ("search_grundy(tuple, .)", lambda: gl.search_grundy((1,), 3), TypeError, "game"),
    ("search_outcome(float, .)", lambda: gl.search_outcome(1.5, 3, misere=True), TypeError, "game"),
    ("search_winning_moves(None, .)", lambda: gl.search_winning_moves(None, 3), TypeError, "game"),
    ("game_options(None, .)", lambda: gl.game_options(None, 3), TypeError, "game"),
    ("Sum(int)", lambda: gl.Sum(gl.Bash(2), 3), TypeError, "game"),
    ("Sum()", lambda: gl.Sum(), ValueError, "Sum"),
    ("as_game(None)", lambda: as_game(None), TypeError, "game"),
    ("as_game(object)", lambda: as_game(Weird()), TypeError, "game"),
    ("Game period float", lambda: gl.Nim().period(2.5), TypeError, "limit"),
    ("Game board bad position", lambda: gl.Nim().board((1, -1)), ValueError, "position"),
    # --- positions that cannot be remembered
    ("grundy list position", lambda: gl.grundy(take134, [1, 2]), TypeError, "position"),
    ("grundy set position", lambda: gl.grundy(take134, {1}), TypeError, "position"),
    ("search_grundy dict position", lambda: gl.search_grundy(take134, {}), TypeError, "position"),
    ("misere list position", lambda: gl.outcome(take134, [3], misere=True), TypeError, "position"),
    ("winning_moves list position", lambda: gl.winning_moves(take134, [3]), TypeError, "position"),
    ("game_options list position", lambda: gl.game_options(take134, [3]), TypeError, "position"),
    # --- positions that can never be found again: not equal to themselves
    ("grundy nan position", lambda: gl.grundy(take134, float("nan")), ValueError, "position"),
    ("search_grundy Decimal nan", lambda: gl.search_grundy(take134, Decimal("nan")), ValueError,
     "position"),
    ("outcome misere Decimal nan", lambda: gl.outcome(take134, Decimal("nan"), misere=True),
     ValueError, "position"),
    ("winning_moves complex nan", lambda: gl.winning_moves(take134, complex("nan")), ValueError,
     "position"),
    ("game_options nan", lambda: gl.game_options(take134, float("nan")), ValueError, "position"),
    ("option nan", lambda: gl.grundy(lambda n: [float("nan")], 0), ValueError, "option"),
    ("Sum nan component", lambda: gl.grundy(gl.Sum(take134, gl.Bash(3)), (float("nan"), 2)),
     ValueError, "position"),
    ("HeapGame nan heap", lambda: gl.HeapGame(lambda h: []).grundy(float("nan")), TypeError, "heap"),
    ("loopy nan position", lambda: gl.loopy_outcome(lambda n: [], float("nan")), ValueError,
     "position"),
    # --- more options than can be listed
    ("game_options of a huge range", lambda: gl.game_options(lambda n: range(10**30), 0),
     ValueError, "OPTION_LIMIT"),
    ("HeapGame sequence huge", lambda: gl.HeapGame(lambda h: []).grundy_sequence(10**12),
     ValueError, "n"),
    ("LaskersNim sequence huge", lambda: gl.LaskersNim().grundy_sequence(10**12), ValueError, "n"),
    # --- heaps of the built-in games
    ("Bash negative heap", lambda: gl.grundy(gl.Bash(3), -1), ValueError, "heap"),
    ("Bash float heap", lambda: gl.grundy(gl.Bash(3), 2.5), TypeError, "heap"),
    ("Bash integral float heap", lambda: gl.grundy(gl.Bash(3), 2.0), TypeError, "heap"),
    ("Bash bool heap", lambda: gl.grundy(gl.Bash(3), True), TypeError, "heap"),
    ("Bash None heap", lambda: gl.grundy(gl.Bash(3), None), TypeError, "heap"),
    ("Bash str heap", lambda: gl.grundy(gl.Bash(3), "7"), TypeError, "heap"),
    ("Bash tuple heap", lambda: gl.grundy(gl.Bash(3), (7,)), TypeError, "heap"),
    ("Bash list heap", lambda: gl.grundy(gl.Bash(3), [7]), TypeError, "heap"),
    ("Bash outcome negative", lambda: gl.outcome(gl.Bash(3), -5), ValueError, "heap"),
    ("Bash misere negative", lambda: gl.outcome(gl.Bash(3), -5, misere=True), ValueError, "heap"),
    ("Bash winning_moves negative", lambda: gl.winning_moves(gl.Bash(3), -5), ValueError, "heap"),
    ("Bash misere moves bool", lambda: gl.winning_moves(gl.Bash(3), False, misere=True), TypeError, "heap"),
    ("Subtraction negative heap", lambda: gl.grundy(gl.Subtraction({1, 3, 4}), -2), ValueError, "heap"),
    ("Subtraction float heap", lambda: gl.grundy(gl.Subtraction({1, 3, 4}), 0.5), TypeError, "heap"),
    ("Subtraction options negative", lambda: gl.Subtraction({1}).options(-1), ValueError, "heap"),
    ("Subtraction search negative", lambda: gl.search_grundy(gl.Subtraction({1}), -1), ValueError, "heap"),
    ("Subtraction winning float", lambda: gl.winning_moves(gl.Subtraction({1}), 1.0), TypeError, "heap"),
    ("game_options negative heap", lambda: gl.game_options(gl.Bash(2), -3), ValueError, "heap"),
    # --- Bash parameter
    ("Bash(0)", lambda: gl.Bash(0), ValueError, "m"),
    ("Bash(-2)", lambda: gl.Bash(-2), ValueError, "m"),
    ("Bash(True)", lambda: gl.Bash(True), TypeError, "m"),
    ("Bash(None)", lambda: gl.Bash(None), TypeError, "m"),
    ("Bash(2.5)", lambda: gl.Bash(2.5), TypeError, "m"),
    ("Bash('3')", lambda: gl.Bash("3"), TypeError, "m"),
    # --- subtraction sets
    ("empty set", lambda: gl.Subtraction(set()), ValueError, "subtraction_set"),
    ("empty list", lambda: gl.Subtraction([]), ValueError, "subtraction_set"),
    ("zero in set", lambda: gl.Subtraction({0, 1}), ValueError, "subtraction_set"),
    ("negative in set", lambda: gl.Subtraction({-3, 2}), ValueError, "subtraction_set"),
    ("bool in set", lambda: gl.Subtraction({True, 2}), TypeError, "subtraction_set"),
    ("float in set", lambda: gl.Subtraction([1.5]), TypeError, "subtraction_set"),
    ("None in set", lambda: gl.Subtraction([None]), TypeError, "subtraction_set"),
    ("str in set", lambda: gl.Subtraction(["1"]), TypeError, "subtraction_set"),
    ("set is an int", lambda: gl.Subtraction(5), TypeError, "subtraction_set"),
    ("set is None", lambda: gl.Subtraction(None), TypeError, "subtraction_set"),
    ("set is a str", lambda: gl.Subtraction("134"), TypeError, "subtraction_set"),
    ("set is a dict", lambda: gl.Subtraction({1: 2}), TypeError, "subtraction_set"),
    ("set of tuples", lambda: gl.Subtraction([(1, 2)]), TypeError, "subtraction_set"),
    ("grundy_sequence negative", lambda: gl.Subtraction({1, 2}).grundy_sequence(-1), ValueError, "n"),
    ("grundy_sequence float", lambda: gl.Subtraction({1, 2}).grundy_sequence(3.0), TypeError, "n"),
    ("grundy_sequence None", lambda: gl.Subtraction({1, 2}).grundy_sequence(None), TypeError, "n"),
    ("Bash grundy_sequence bool", lambda: gl.Bash(2).grundy_sequence(True), TypeError, "n"),
    ("period limit 0", lambda: gl.Subtraction({1, 2}).period(0), ValueError, "limit"),
    ("period limit float", lambda: gl.Subtraction({1, 2}).period(10.0), TypeError, "limit"),
    ("Bash period limit str", lambda: gl.Bash(2).period("9"), TypeError, "limit"),
    # --- misere must be a bool
    ("outcome misere=1", lambda: gl.outcome(take134, 3, misere=1), TypeError, "misere"),
    ("outcome misere=None", lambda: gl.outcome(gl.Bash(3), 3, misere=None), TypeError, "misere"),
    ("outcome misere='yes'", lambda: gl.outcome(gl.Bash(3), 3, misere="yes"), TypeError, "misere"),
    ("winning_moves misere=0", lambda: gl.winning_moves(take134, 3, misere=0), TypeError, "misere"),
    ("winning_moves Bash misere=0", lambda: gl.winning_moves(gl.Bash(3), 3, misere=0), TypeError, "misere"),
    ("search_outcome misere=1", lambda: gl.search_outcome(take134, 3, misere=1), TypeError, "misere"),
    ("search_winning_moves misere='P'", lambda: gl.search_winning_moves(take134, 3, misere="P"),
     TypeError, "misere"),
    ("Sum winning_moves misere=1", lambda: gl.winning_moves(gl.Sum(gl.Bash(2)), (3,), misere=1),
     TypeError, "misere"),
    ("HeapGame outcome misere=None", lambda: gl.HeapGame(lambda h: []).outcome(3, misere=None),
     TypeError, "misere"),
    # --- options functions that misbehave
    ("options return None", lambda: gl.grundy(lambda n: None, 3), TypeError, "options"),
    ("options return int", lambda: gl.grundy(lambda n: 5, 3), TypeError, "options"),
    ("options return str", lambda: gl.grundy(lambda n: "21", 3), TypeError, "options"),
    ("options return None deep", lambda: gl.grundy(lambda n: [n - 1] if n else None, 50), TypeError,
     "options"),
    ("options unhashable", lambda: gl.grundy(lambda n: [[n - 1]], 3), TypeError, "options"),
    ("options unhashable generator", lambda: gl.grundy(lambda n: ([n - 1] for _ in (1,)), 3), TypeError,
     "options"),
    ("options unhashable deep", lambda: gl.grundy(lambda n: [n - 1] if n > 1 else [{0}], 40), TypeError,
     "options"),
    ("misere options None", lambda: gl.outcome(lambda n: None, 3, misere=True), TypeError, "options"),
    ("misere options unhashable", lambda: gl.outcome(lambda n: [[1]], 3, misere=True), TypeError,
     "options"),
    ("winning_moves options None", lambda: gl.winning_moves(lambda n: None, 3), TypeError, "options"),
    ("game_options None", lambda: gl.game_options(lambda n: None, 3), TypeError, "options"),
    ("game_options unhashable", lambda: gl.game_options(lambda n: [[1]], 3), TypeError, "options"),
    ("Game options None", lambda: gl.search_grundy(type("G", (gl.Game,), {"options": lambda s, p: None})(), 1),
     TypeError, "options"),
    # --- sums
    ("Sum position an int", lambda: gl.grundy(gl.Sum(gl.Bash(2), gl.Bash(3)), 3), TypeError, "position"),
    ("Sum wrong length", lambda: gl.grundy(gl.Sum(gl.Bash(2), gl.Bash(3)), (1,)), ValueError, "position"),
    ("Sum negative component", lambda: gl.grundy(gl.Sum(gl.Bash(2), gl.Bash(3)), (1, -2)), ValueError,
     "heap"),
    ("Sum unhashable component", lambda: gl.grundy(gl.Sum(take134, gl.Bash(3)), ([1], 2)), TypeError,
     "position"),
    ("Sum winning_moves wrong length", lambda: gl.winning_moves(gl.Sum(gl.Bash(2)), (1, 2)), ValueError,
     "position"),
    # --- heap games
    ("HeapGame(int)", lambda: gl.HeapGame(5), TypeError, "moves"),
    ("HeapGame(None)", lambda: gl.HeapGame(None), TypeError, "moves"),
    ("HeapGame name", lambda: gl.HeapGame(lambda h: [], name=3), TypeError, "name"),
    ("HeapGame negative heap", lambda: gl.HeapGame(lambda h: []).grundy(-1), ValueError, "heap"),
    ("HeapGame bool heap", lambda: gl.HeapGame(lambda h: []).grundy(True), TypeError, "heap"),
    ("HeapGame moves not tuples", lambda: gl.HeapGame(lambda h: [h - 1] if h else []).grundy(3), TypeError,
     "moves"),
    ("HeapGame moves None", lambda: gl.HeapGame(lambda h: None).grundy(3), TypeError, "options"),
    ("HeapGame value_of list", lambda: gl.HeapGame(lambda h: []).value_of([1, 2]), TypeError, "heaps"),
    ("HeapGame outcome_of list", lambda: gl.HeapGame(lambda h: []).outcome_of([1]), TypeError, "heaps"),
    ("HeapGame sequence negative", lambda: gl.HeapGame(lambda h: []).grundy_sequence(-1), ValueError, "n"),
    ("HeapGame period float", lambda: gl.HeapGame(lambda h: []).period(1.5), TypeError, "limit"),
    ("HeapGame validate_heap int", lambda: gl.HeapGame(lambda h: [], validate_heap=3), TypeError,
     "validate_heap"),
    ("HeapGame float heap", lambda: gl.HeapGame(lambda h: []).grundy(2.5), TypeError, "heap"),
    ("HeapGame list heap", lambda: gl.HeapGame(lambda h: []).grundy([2]), TypeError, "heap"),
    ("HeapGame heaps negative", lambda: gl.Kayles().heaps(3, -1), ValueError, "heap"),
    ("HeapGame heaps rectangle", lambda: gl.Kayles().heaps((2, 3)), TypeError, "heap"),
    ("HeapGame plain tuple of heaps", lambda: gl.grundy(gl.Kayles(), (2, 3)), TypeError,
     "gl.Kayles().heaps(2, 3)"),
    ("HeapGame list of heaps", lambda: gl.grundy(gl.Kayles(), [2, 3]), TypeError,
     "gl.Kayles().heaps(2, 3)"),
    ("plain HeapGame tuple of heaps", lambda: gl.grundy(
        gl.HeapGame(lambda h: [], validate_heap=check_heap_size), (2, 3)), TypeError,
     "made by game.heaps(2, 3)"),
    ("HeapGame board negative", lambda: gl.HeapGame(lambda h: []).board(-1), ValueError, "heap"),
    ("MooreNim grundy out of reach", lambda: gl.grundy(gl.MooreNim(2), (10**30, 1, 1)), ValueError,
     "position"),
    ("HeapGame moves fail on a heap", lambda: gl.HeapGame(lambda h: [(h - 1,)]).grundy("x"), TypeError,
     "moves('x')"),
    ("check_heap negative", lambda: check_heap(-3), ValueError, "heap"),
    ("check_heap float", lambda: check_heap(0.5), TypeError, "heap"),
    # --- periodicity
    ("PeriodicSequence too few values", lambda: PeriodicSequence([0, 1], 1, 2, proven=True), ValueError,
     "values"),
    ("PeriodicSequence period 0", lambda: PeriodicSequence([0, 1], 0, 0, proven=True), ValueError, "period"),
    ("PeriodicSequence proven 1", lambda: PeriodicSequence([0, 1], 0, 2, proven=1), TypeError, "proven"),
    ("PeriodicSequence index negative", lambda: PeriodicSequence([0, 1], 0, 2, proven=True)[-1],
     ValueError, "n"),
    ("PeriodicSequence tile float", lambda: PeriodicSequence([0, 1], 0, 2, proven=True).tile(2.0),
     TypeError, "n"),
    ("PeriodicSequence saltus negative", lambda: PeriodicSequence([0, 1], 0, 2, proven=True, saltus=-1),
     ValueError, "saltus"),
    ("PeriodicSequence tile dtype too small",
     lambda: PeriodicSequence([0, 1], 0, 2, proven=True, saltus=200).tile(6, dtype=np.uint8),
     ValueError, "dtype"),
    ("apparent_period str", lambda: apparent_period("0101"), TypeError, "values"),
    ("apparent_period min_repeats 0", lambda: apparent_period([0, 1], min_repeats=0), ValueError,
     "min_repeats"),
    ("guy_smith_period negative t", lambda: guy_smith_period([0, 1, 1], -1), ValueError, "t"),
    ("guy_smith_window period 0", lambda: guy_smith_window(0, 0, 2), ValueError, "period"),
    # --- the octal sequence engine
    ("OctalSequence of a code", lambda: OctalSequence("0.77"), TypeError, "rules"),
    ("OctalSequence values negative", lambda: OctalSequence(Rules.from_code("0.2")).values(-1),
     ValueError, "n"),
    ("OctalSequence period str", lambda: OctalSequence(Rules.from_code("0.2")).period("9"),
     TypeError, "limit"),
    # --- misère helpers
    ("sj_outcome str", lambda: sj_outcome("12"), TypeError, "values"),
    ("sj_condition bad game", lambda: sj_condition(3, 0), TypeError, "game"),
    # --- every game family's period(limit)
    ("Kayles period negative", lambda: gl.Kayles().period(-1), ValueError, "limit"),
    ("GrundysGame period float", lambda: gl.GrundysGame().period(2.5), TypeError, "limit"),
    ("LaskersNim period bool", lambda: gl.LaskersNim().period(True), TypeError, "limit"),
]


@pytest.mark.parametrize("call, error, word", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_raises_naming_the_argument(call, error, word):
    with pytest.raises(error) as info:
        call()
    assert word in str(info.value)


@pytest.mark.parametrize("game", [lambda n: [n], lambda n: [(n + 1) % 4, n + 1]])
def test_loopy_games_raise_loopy_game_error(game):
    with pytest.raises(gl.LoopyGameError) as info:
        gl.grundy(game, 0)
    assert "loopy" in str(info.value)


def test_infinite_game_stops(monkeypatch):
    from gamelab import engine
    monkeypatch.setattr(engine, "SEARCH_LIMIT", 10_000)
    with pytest.raises(ValueError, match="finite"):
        gl.grundy(lambda n: [n + 1], 0)


# ---------------------------------------------------------------------------
# the mistakes every student makes: a list for a tuple, the wrong shape of a position,
# nim_sum(3, 4), a heap too large to compute — each answered, or refused at once with a
# message that says how to fix it and a traceback that ends at the call

GAMELAB_DIR = os.path.dirname(os.path.abspath(gl.__file__))


def frames_inside_gamelab(err):
    """How many frames of the traceback of ``err`` are inside the gamelab package."""
    return sum(os.path.abspath(f.filename).startswith(GAMELAB_DIR + os.sep)
               for f in traceback.extract_tb(err.__traceback__))


def as_lists(position):
    """``position`` with every tuple written as a list, as a student types it."""
    if isinstance(position, tuple):
        return [as_lists(p) for p in position]
    return position


nim, wythoff = gl.Nim(), gl.Wythoff()
TUPLE_GAMES = [
    ("Nim", nim, (3, 4, 5)),
    ("MooreNim", gl.MooreNim(2), (1, 2, 3)),
    ("Wythoff", wythoff, (3, 5)),
    ("FibonacciNim", gl.FibonacciNim(), (10, 9)),
    ("StaircaseNim", gl.StaircaseNim(), (0, 3, 1)),
    ("PiecesOnStrip", gl.PiecesOnStrip(), (2, 5, 6)),
    ("GreenHackenbush", gl.GreenHackenbush(), ((0, 1), (1, 2), (1, 3))),
    ("AcrosticTwins", gl.AcrosticTwins(), ("HT", "TH")),
    ("Sum of Nim and Wythoff", gl.Sum(nim, wythoff), ((3, 4), (1, 2))),
    ("Sum of Bash and Nim", gl.Sum(gl.Bash(3), nim), (5, (1, 2))),
]
PUBLIC_CALLS = [
    ("grundy", gl.grundy), ("outcome", gl.outcome), ("misere outcome",
     lambda g, p: gl.outcome(g, p, misere=True)), ("winning_moves", gl.winning_moves),
    ("options", gl.game_options), ("search_grundy", gl.search_grundy),
    ("search_outcome", gl.search_outcome), ("search_winning_moves", gl.search_winning_moves),
    ("misere_grundy", gl.misere_grundy), ("genus", lambda g, p: str(gl.genus(g, p))),
]


@pytest.mark.parametrize("call", [c[1] for c in PUBLIC_CALLS], ids=[c[0] for c in PUBLIC_CALLS])
@pytest.mark.parametrize("game, position", [g[1:] for g in TUPLE_GAMES],
                         ids=[g[0] for g in TUPLE_GAMES])
def test_a_list_is_read_as_the_tuple_it_spells(call, game, position):
    written = as_lists(position)
    assert isinstance(written, list)
    assert call(game, written) == call(game, position)


def test_nested_lists_in_a_sum_and_the_options_they_reach():
    s = gl.Sum(nim, wythoff, gl.GreenHackenbush())
    position = ((3, 4), (1, 2), ((0, 1), (1, 2)))
    assert s.validate(as_lists(position)) == position
    assert gl.winning_moves(s, as_lists(position)) == gl.winning_moves(s, position)
    assert gl.game_options(s, as_lists(position)) == gl.game_options(s, position)


def test_a_list_is_still_refused_where_no_tuple_is_meant():
    # a plain function says nothing of its positions: the list is refused, saying what to write
    with pytest.raises(TypeError, match=r"use a tuple, not a list"):
        gl.grundy(take134, [1, 2])
    # a list that holds what no position holds is refused as before, naming the entry
    with pytest.raises(ValueError, match=r"position\[1\] must be >= 0"):
        gl.grundy(nim, [3, -4])
    with pytest.raises(TypeError, match=r"position\[0\] must be an integer"):
        gl.grundy(nim, [True, 4])


WRONG_SHAPES = [
    ("FibonacciNim int", lambda: gl.outcome(gl.FibonacciNim(), 1000), TypeError,
     ["pair (heap, limit)", "gl.FibonacciNim().start(1000)", "(1000, 999)"]),
    ("FibonacciNim one entry", lambda: gl.grundy(gl.FibonacciNim(), (10,)), ValueError,
     ["pair (heap, limit)", "gl.FibonacciNim().start(n)"]),
    ("Wythoff int", lambda: gl.outcome(wythoff, 7), TypeError, ["pair (a, b)", "gl.wythoff_pair(k)"]),
    ("Wythoff triple", lambda: gl.winning_moves(wythoff, (1, 2, 3)), ValueError, ["pair (a, b)"]),
    ("Nim int", lambda: gl.grundy(nim, 5), TypeError, ["tuple of heap sizes", "(5,)"]),
    ("MooreNim int", lambda: gl.outcome(gl.MooreNim(2), 5), TypeError, ["tuple of heap sizes"]),
    ("NimHeap tuple", lambda: gl.grundy(gl.NimHeap(), (3, 4)), TypeError, ["gl.Nim()"]),
    ("StaircaseNim int", lambda: gl.grundy(gl.StaircaseNim(), 5), TypeError,
     ["coins on steps 1", "(5,)"]),
    ("PiecesOnStrip int", lambda: gl.grundy(gl.PiecesOnStrip(), 5), TypeError, ["cells"]),
    ("CoinTurning list", lambda: gl.grundy(gl.CoinTurning("ruler"), ["T", "H"]), TypeError,
     ["string of 'H'", "write 'TH'"]),
    ("CoinTurning int", lambda: gl.grundy(gl.CoinTurning("mock_turtles"), 5), TypeError,
     ["coin 1 on the left"]),
    ("Hackenbush int", lambda: gl.grundy(gl.GreenHackenbush(), 3), TypeError,
     ["tuple of edges", "gl.stalk(3)"]),
    ("Hackenbush flat pair", lambda: gl.grundy(gl.GreenHackenbush(), (0, 1)), TypeError,
     ["tuple of edges", "((0, 1), (1, 2))"]),
    ("TartanGame str", lambda: gl.grundy(gl.TartanGame("ruler"), "HT"), TypeError, ["tuple of rows"]),
    ("Kayles several heaps", lambda: gl.grundy(gl.Kayles(), [4, 1, 3]), TypeError,
     ["gl.Kayles().heaps(4, 1, 3)"]),
    ("GrundysGame several heaps", lambda: gl.outcome(gl.GrundysGame(), (4, 5)), TypeError,
     ["gl.GrundysGame().heaps(4, 5)"]),
    ("TakeAndBreak several heaps", lambda: gl.grundy(gl.TakeAndBreak("0.137"), (4, 5)), TypeError,
     ["gl.TakeAndBreak('0.137').heaps(4, 5)"]),
    ("Bash several heaps", lambda: gl.grundy(gl.Bash(3), (3, 4)), TypeError,
     ["one heap size", "gl.Sum(game, game, ...)"]),
    ("Sum int", lambda: gl.grundy(gl.Sum(nim, wythoff), 3), TypeError, ["a tuple of one position each"]),
    ("Sum component", lambda: gl.grundy(gl.Sum(nim, gl.FibonacciNim()), ((3,), 1000)), TypeError,
     ["component 2 (Fibonacci Nim)", "gl.FibonacciNim().start(1000)"]),
]


@pytest.mark.parametrize("call, error, words", [c[1:] for c in WRONG_SHAPES],
                         ids=[c[0] for c in WRONG_SHAPES])
def test_a_position_of_the_wrong_shape_says_what_a_position_is(call, error, words):
    with pytest.raises(error) as info:
        call()
    for w in words:
        assert w in str(info.value)
    assert frames_inside_gamelab(info.value) <= 2, traceback.format_tb(info.value.__traceback__)


@pytest.mark.parametrize("call", [c[1] for c in PUBLIC_CALLS if c[0] not in (
    "misere_grundy", "genus")], ids=[c[0] for c in PUBLIC_CALLS if c[0] not in (
        "misere_grundy", "genus")])
@pytest.mark.parametrize("game, position", [(gl.FibonacciNim(), 1000), (nim, [3, -4]),
                                            (wythoff, "ab"), (take134, [1]), (take134, {1})],
                         ids=["fibonacci int", "nim negative", "wythoff str", "plain list",
                              "plain set"])
def test_every_entry_point_refuses_with_a_short_traceback(call, game, position):
    with pytest.raises((TypeError, ValueError)) as info:
        call(game, position)
    assert "position" in str(info.value)
    assert frames_inside_gamelab(info.value) <= 2, traceback.format_tb(info.value.__traceback__)


def test_the_hook_is_part_of_the_protocol():
    class Pairs(gl.Game):
        def validate(self, position):
            if not isinstance(position, tuple) or len(position) != 2:
                raise TypeError(f"position must be a pair, got {position!r}")
            return position

        def position_hint(self, position):
            return "write (a, b)"

        def options(self, position):
            return []

    assert gl.Game().position_hint(3) is None
    with pytest.raises(TypeError, match=r"must be a pair, got 3; write \(a, b\)$"):
        gl.outcome(Pairs(), 3)
    assert gl.grundy(Pairs(), (1, 2)) == 0


@pytest.mark.parametrize("values", [(), (5,), (3, 4), (3, 4, 5), (1, 2, 3, 2**70)])
def test_nim_sum_of_integers_one_by_one_or_in_one_iterable(values):
    expected = functools.reduce(operator.xor, values, 0)
    assert gl.nim_sum(list(values)) == expected
    assert gl.nim_sum(iter(values)) == expected
    if len(values) != 1:
        assert gl.nim_sum(*values) == expected


def test_nim_sum_of_one_integer_says_how_to_write_it():
    with pytest.raises(TypeError, match=r"nim_sum\(\[5\]\)"):
        gl.nim_sum(5)
    with pytest.raises(ValueError, match="values"):
        gl.nim_sum(3, -4)
    with pytest.raises(TypeError, match="values"):
        gl.nim_sum(3, 4.0)


@pytest.fixture
def fresh_sequences():
    """Sequences computed in this test only (the shared ones are kept for other tests)."""
    clear_shared_sequences()
    yield
    clear_shared_sequences()


def test_the_computed_values_are_kept_across_game_objects(fresh_sequences):
    gl.grundy(gl.GrundysGame(), 300)
    later = gl.GrundysGame()
    assert later.sequence is gl.GrundysGame().sequence and later.sequence.known >= 301
    assert later.sequence is not gl.Kayles().sequence
    assert gl.Kayles().sequence is not gl.TakeAndBreak("0.77").sequence   # names differ
    assert gl.Kayles().sequence.rules == gl.TakeAndBreak("0.77").sequence.rules
    assert shared_sequence(Rules.grundys_game(), "Grundy's game") is later.sequence


def test_the_values_kept_for_games_no_longer_used_are_bounded(fresh_sequences, monkeypatch):
    monkeypatch.setattr(octal_sequence, "SHARED_VALUES", 1000)
    big = gl.TakeAndBreak("0.6")
    big.grundy_sequence(900, tile=False)
    small = gl.Kayles()
    assert small.sequence is gl.Kayles().sequence            # kept: 900 + 1 values in all
    gl.TakeAndBreak("0.16").grundy_sequence(300, tile=False)
    gl.Kayles()                                              # past 1000 values: 0.6 is let go
    assert gl.TakeAndBreak("0.6").sequence is not big.sequence
    assert big.sequence.known >= 900                         # the object keeps its own


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("call", [gl.grundy, gl.outcome], ids=["grundy", "outcome"])
def test_a_heap_without_a_period_to_prove_it_is_refused_at_once(call, backend, fresh_sequences,
                                                                monkeypatch):
    monkeypatch.setattr(octal_kernel, "BACKENDS", (backend,) + tuple(b for b in BACKENDS
                                                                     if b != backend))
    for _ in range(2):                     # a fresh game object each time, as a student writes
        start = time.process_time()
        with pytest.raises(ValueError) as info:
            call(gl.GrundysGame(), 10**12)  # a unit of work a heap at least: past the budget
        assert time.process_time() - start < 1.0     # a CPU-time limit: nothing is computed
        message = str(info.value)
        assert "no periodicity theorem" in message and "SEARCH_WORK" in message
        assert f"{engine.SEARCH_WORK:,} units of work" in message
        assert ("fast extra" in message) == (backend == "numpy")
        assert frames_inside_gamelab(info.value) <= 6
    assert gl.GrundysGame().sequence.known < 100    # no values were computed for it
    with pytest.raises(ValueError, match="too large.*SEARCH_WORK"):
        gl.GrundysGame().grundy_sequence(2 * engine.SEARCH_WORK)
    assert gl.GrundysGame().sequence.known < 100


#: ``(backend, heaps, work)``: a sequence of Grundy's game and a budget of more than a unit a
#: heap (so the computation begins) but less than the whole computation needs.  The numpy
#: kernel, some 15-25 times slower, is given a shorter sequence: the budget stops it after its
#: first chunks of 4096 heaps all the same.
WORK_BUDGET_CASES = [(backend, 150_000, 200_000) if backend == "numba"
                     else (backend, 30_000, 32_000) for backend in BACKENDS]


@pytest.mark.parametrize("backend, heaps, work", WORK_BUDGET_CASES, ids=BACKENDS)
def test_grundys_game_goes_as_far_as_the_work_budget(backend, heaps, work, fresh_sequences,
                                                     monkeypatch):
    # no MAX_SEQUENCE for a game with no periodicity theorem: one budget, SEARCH_WORK
    monkeypatch.setattr(octal_kernel, "BACKENDS", (backend,) + tuple(b for b in BACKENDS
                                                                     if b != backend))
    monkeypatch.setattr(engine, "SEARCH_WORK", work)   # more than a unit a heap: begun
    with pytest.raises(ValueError, match="units of work.*values computed so far are kept"):
        gl.GrundysGame().grundy_sequence(heaps)
    known = gl.GrundysGame().sequence.known
    assert 0 < known < heaps
    monkeypatch.setattr(engine, "SEARCH_WORK", 10_000_000)   # raised: answered
    values = gl.GrundysGame().grundy_sequence(heaps)
    assert len(values) == heaps and values[:known].tolist() == \
        gl.GrundysGame().sequence.values(known).tolist()
    plain = gl.HeapGame(lambda n: [(a, n - a) for a in range(1, (n + 1) // 2)])
    assert [gl.grundy(plain, n) for n in range(200)] == values[:200].tolist()


@pytest.mark.slow
def test_without_numba_a_long_computation_stops_within_the_calls_cpu_time(fresh_sequences,
                                                                          monkeypatch):
    monkeypatch.setattr(octal_kernel, "BACKENDS", ("numpy",))
    monkeypatch.setattr(engine, "SEARCH_SECONDS", 0.3)
    with pytest.raises(ValueError, match="CPU time") as info:
        gl.grundy(gl.TakeAndBreak("0.6"), 10**7)    # an open game: no period below the limit
    message = str(info.value)
    assert "fast extra" in message and "values computed so far are kept" in message
    known = gl.TakeAndBreak("0.6").sequence.known
    assert 0 < known < MAX_SEQUENCE
    with pytest.raises(ValueError, match="CPU time"):
        gl.grundy(gl.TakeAndBreak("0.6"), 10**7)    # goes on from there
    assert gl.TakeAndBreak("0.6").sequence.known > known
    # what was computed is right: the same values as a computation of its own
    n = gl.TakeAndBreak("0.6").sequence.known
    assert gl.TakeAndBreak("0.6").grundy_sequence(n).tolist() == compute_values(
        Rules.from_code("0.6"), n, backend="numpy").tolist()


def test_the_numpy_kernel_is_chosen_by_the_environment():
    code = ("import gamelab.games.octal_kernel as k, sys; "
            "sys.stdout.write(k.default_backend())")
    env = dict(os.environ, GAMELAB_NO_NUMBA="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out == "numpy"
