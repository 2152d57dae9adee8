"""One bad-input matrix over the package's public functions: the engine, values,
sums, heap games, periodicity, the sequence engine and the game families.

Each wrong argument must raise TypeError or ValueError whose message names the
argument — never a hang, a RecursionError or a wrong answer.
"""
from __future__ import annotations

from decimal import Decimal

import pytest

import gamelab as gl
from gamelab.engine import as_game
from gamelab.games.octal_rules import Rules
from gamelab.games.octal_sequence import OctalSequence
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
    ("Sum position a list", lambda: gl.grundy(gl.Sum(gl.Bash(2), gl.Bash(3)), [1, 2]), TypeError,
     "position"),
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
     "game.heaps(2, 3)"),
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
