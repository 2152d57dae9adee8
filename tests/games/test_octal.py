"""gamelab.games.octal: every take-and-break game (octal games, and the games built on the
same heap classes: Lasker's Nim, Grundy's game, Treblecross) against plain search, winning
moves and misère play, several heaps as one position, the game protocol, bad input, and
Kayles and Dawson's Kayles against their published sequences."""
from __future__ import annotations

import numpy as np
import pytest

import gamelab as gl
from gamelab.board import Stones
from gamelab.games.strips import Treblecross
from gamelab.heaps import Heaps

from gamelab_testing import plain_heap_game


# -- fast sequences against plain search -------------------------------------------------

NAMED = [gl.Kayles, gl.DawsonsKayles, gl.GrundysGame, gl.LaskersNim, Treblecross]


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_agree_with_plain_heap_search(make):
    game = make()
    ref = plain_heap_game(game)
    seq = game.grundy_sequence(90)
    assert isinstance(seq, np.ndarray) and seq.ndim == 1
    assert np.issubdtype(seq.dtype, np.integer)
    assert seq.tolist() == [ref.grundy(n) for n in range(90)]
    assert [game.grundy(n) for n in range(90)] == seq.tolist()


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_agree_with_engine_search_over_collections(make):
    game = make()
    for n in range(13):
        assert gl.search_grundy(game, n) == gl.grundy(game, n)
        assert gl.search_winning_moves(game, n) == gl.winning_moves(game, n)
        assert gl.search_outcome(game, n, misere=True) == gl.outcome(game, n, misere=True)


def test_octal_moves_follow_the_digits():
    g = gl.TakeAndBreak("0.137")
    assert g.moves(1) == [()]
    assert g.moves(2) == [()]
    assert g.moves(3) == [(1,), ()]
    assert g.moves(5) == [(3,), (2,), (1, 1)]
    assert gl.Kayles().moves(4) == [(3,), (1, 2), (2,), (1, 1)]
    assert gl.TakeAndBreak("4.0").moves(5) == [(1, 4), (2, 3)]
    assert gl.TakeAndBreak("0.").moves(7) == []


# -- misère play and winning moves of the fast games -------------------------------------

@pytest.mark.parametrize("make", [gl.Kayles, gl.DawsonsKayles, gl.GrundysGame],
                         ids=lambda m: m.__name__)
def test_winning_moves_and_misere_agree_with_search(make):
    game = make()
    ref = plain_heap_game(game)
    for n in range(25):
        assert gl.winning_moves(game, n) == ref.winning_moves(n)
    for n in range(14):
        assert gl.outcome(game, n, misere=True) == gl.search_outcome(ref, n, misere=True)
        assert gl.winning_moves(game, n, misere=True) == gl.search_winning_moves(ref, n, misere=True)


def test_huge_heaps_have_too_many_moves_to_list():
    with pytest.raises(ValueError, match="too many to list"):
        gl.winning_moves(gl.Kayles(), 10**30)
    assert gl.winning_moves(gl.TakeAndBreak("0.3"), 10**30 + 1) == [(10**30,)]   # G(n) = n % 2


# -- several heaps as one position -------------------------------------------------------

def test_collections_are_canonical_and_searchable():
    k = gl.Kayles()
    assert k.validate(k.heaps(4, 1, 3)) == (1, 3, 4)
    assert gl.game_options(k, k.heaps(2, 1)) == gl.game_options(k, k.heaps(1, 2))
    assert gl.search_grundy(k, k.heaps(3, 5, 6)) == k.grundy(3) ^ k.grundy(5) ^ k.grundy(6)
    assert gl.search_grundy(k, k.heaps()) == 0
    assert gl.grundy(k.without_shortcuts(), k.heaps(3, 5)) == k.grundy(3) ^ k.grundy(5)
    assert gl.grundy(k, k.heaps(10**30, 5)) == k.grundy(10**30) ^ k.grundy(5)


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_a_plain_tuple_is_not_several_heaps(make):
    game = make()
    with pytest.raises((TypeError, ValueError), match=r"heaps\(3, 4\)"):
        gl.grundy(game, (3, 4))


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_override_only_the_value_of_one_heap(make):
    game = make()
    own = {n for c in type(game).__mro__ if c.__module__.startswith("gamelab.games.")
           for n in c.__dict__}
    assert "heap_grundy" in own
    assert not own & {"grundy", "outcome", "winning_moves", "validate", "options"}
    assert [game.heap_grundy(n) for n in range(40)] == [gl.grundy(game, n) for n in range(40)]
    x = game.heap_grundy(7) ^ game.heap_grundy(9) ^ game.heap_grundy(12)
    assert gl.grundy(game, game.heaps(7, 9, 12)) == x


# -- the game protocol -------------------------------------------------------------------

@pytest.mark.parametrize("make, name, word, unit", [
    (gl.Kayles, "Kayles", "row", "pin"), (gl.DawsonsKayles, "Dawson's Kayles", "row", "pin"),
    (gl.GrundysGame, "Grundy's game", "heap", "stone"),
    (gl.LaskersNim, "Lasker's Nim", "heap", "stone"),
    (Treblecross, "Treblecross", "stretch", "safe cell")], ids=lambda x: str(x))
def test_named_games_describe_themselves(make, name, word, unit):
    game = make()
    assert game.always_ends is True and game.name == name
    assert game.board(6) == Stones((6,), word=word, unit=unit)
    assert game.board(game.heaps(6, 2)) == Stones((2, 6), word=word, unit=unit)


@pytest.mark.parametrize("make, name", [(gl.Kayles, "Kayles"), (gl.DawsonsKayles, "Dawson's Kayles"),
                                        (lambda: gl.TakeAndBreak("0.137"), "octal game 0.137")])
def test_octal_games_describe_themselves(make, name):
    game = make()
    assert game.always_ends is True and game.name == name
    assert game.board(5) == Stones((5,), word="row", unit="pin")
    assert game.board(game.heaps(4, 1)) == Stones((1, 4), word="row", unit="pin")
    assert game.move_label(7, (3, 3)) == "take 1 → 3 + 3"
    assert game.move_label(2, ()) == "take 2, nothing left"


# -- bad input ---------------------------------------------------------------------------

BAD_HEAPS = [(-1, ValueError), (1.5, TypeError), (True, TypeError), (None, TypeError),
             ("3", TypeError), ([3], TypeError), ({3}, TypeError)]


@pytest.mark.parametrize("make", NAMED + [lambda: gl.TakeAndBreak("0.137")],
                         ids=["Kayles", "Dawson", "Grundy", "Lasker", "Treble", "0.137"])
@pytest.mark.parametrize("heap, exc", BAD_HEAPS)
def test_bad_heaps(make, heap, exc):
    game = make()
    with pytest.raises(exc, match="heap"):
        game.grundy(heap)
    with pytest.raises(exc, match="heap"):
        gl.grundy(game, heap)
    with pytest.raises(exc, match="heap"):
        gl.winning_moves(game, heap)


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
@pytest.mark.parametrize("value, exc", [(-1, ValueError), (2.0, TypeError), (False, TypeError),
                                        (None, TypeError), ("10", TypeError)])
def test_bad_sequence_length_and_limit(make, value, exc):
    game = make()
    with pytest.raises(exc, match="n"):
        game.grundy_sequence(value)
    if value is None:              # period(limit=None): the game's default limit
        assert game.period(None) == game.period()
    else:
        with pytest.raises(exc, match="limit"):
            game.period(value)


@pytest.mark.parametrize("misere", [1, 0, None, "yes"])
def test_misere_must_be_bool(misere):
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(gl.Kayles(), 4, misere=misere)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(gl.Kayles(), 4, misere=misere)


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_take_no_arguments(make):
    with pytest.raises(TypeError):
        make("0.77")


@pytest.mark.parametrize("tile", [1, None, "no"])
def test_tile_must_be_bool(tile):
    with pytest.raises(TypeError, match="tile"):
        gl.Kayles().grundy_sequence(10, tile=tile)


@pytest.mark.parametrize("heaps, exc", [((1, -2), ValueError), ((1, 2.5), TypeError),
                                        ((1, (2,)), TypeError), ((1, None), TypeError),
                                        ((1, [2]), TypeError)])
def test_bad_collections_of_heaps(heaps, exc):
    for game in (gl.Kayles(), gl.LaskersNim(), gl.Kayles().without_shortcuts()):
        with pytest.raises(exc, match="heap"):
            game.heaps(*heaps)
        with pytest.raises(exc, match="heap"):
            gl.grundy(game, Heaps(heaps))
        with pytest.raises(exc, match="heap"):
            gl.search_grundy(game, Heaps(heaps))


# -- published sequences (OEIS) ----------------------------------------------------------

def test_kayles_is_a002186(sequence):
    offset, values = sequence("kayles_A002186.txt")
    assert offset == 0
    assert gl.Kayles().grundy_sequence(len(values)).tolist() == values
    assert [gl.grundy(gl.Kayles(), n) for n in range(len(values))] == values


def test_dawsons_kayles_is_a002187_shifted(sequence):
    offset, values = sequence("dawsons_chess_A002187.txt")
    seq = gl.DawsonsKayles().grundy_sequence(len(values) + 1).tolist()
    assert seq[0] == 0
    assert seq[1:] == values  # G_0.07(n) = A002187(n - 1)
    assert gl.TakeAndBreak("0.137").grundy_sequence(len(values)).tolist() == values


# -- heaps too big to list: counted moves, and the moves of a value from the period ----------

@pytest.mark.parametrize("make", [gl.Kayles, gl.DawsonsKayles, gl.GrundysGame, gl.LaskersNim,
                                  lambda: gl.TakeAndBreak("0.137"), lambda: gl.TakeAndBreak("4.7"),
                                  lambda: gl.TakeAndBreak("0.3")])
def test_move_counts_are_those_of_the_listed_moves(make):
    g = make()
    for n in range(40):
        assert g.heap_move_count(n) == len(list(g.options(n))), n


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.73", "0.26", "0.34", "0.51"])
def test_options_of_a_value_from_the_period_agree_with_the_listed_moves(code, monkeypatch):
    from gamelab.games import octal
    g = gl.TakeAndBreak(code)
    e, p = g.period()
    low = 4 * (e + p + len(g.rules.digits))   # the smallest heap the rule is used for
    heaps = list(range(low, low + 3 * p + 3)) + [low + 1000]
    want = {(n, v): [m for m in g.options(n) if g.grundy(m) == v] for n in heaps for v in range(9)}
    monkeypatch.setattr(octal, "MAX_SEQUENCE", 0)    # the period's rule for every heap
    for (n, v), moves in want.items():
        assert g.options_of_value(n, v) == moves, (code, n, v)


def test_kayles_at_any_size_through_the_period():
    k = gl.Kayles()
    n = 10**30
    with pytest.raises(ValueError, match="too many to list"):
        k.options_of_value(n, 0)
    answered = 0
    for v in range(20):
        try:
            moves = k.options_of_value(n + 1, v)
        except ValueError as err:
            assert "too many to list" in str(err)
            continue
        answered += 1
        assert all(k.grundy(m) == v for m in moves) and len(moves) < 200
    assert answered >= 4                   # at least the values no option has: 16 .. 19
    with pytest.raises(ValueError, match="too many to list"):
        gl.game_options(k, n)


def test_sums_with_huge_kayles_rows_answer_or_refuse_promptly():
    from gamelab.games.nim import NimHeap
    n = 10**21 + 5
    assert gl.winning_moves(gl.Sum(gl.Kayles(), NimHeap()), (n, 2**70)) == [(n, gl.Kayles().grundy(n))]
    for pos in [(n, n + 1), (n, n + 3), (n + 1, n + 2)]:
        try:
            moves = gl.winning_moves(gl.Sum(gl.Kayles(), gl.Kayles()), pos)
        except ValueError as err:
            assert "too many to list" in str(err)
        else:
            assert all(gl.grundy(gl.Sum(gl.Kayles(), gl.Kayles()), m) == 0 for m in moves)
