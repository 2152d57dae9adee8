"""gamelab.games.coins2d: two-dimensional coin turning, the Tartan theorem and every
named game against plain search."""
from __future__ import annotations

import itertools
import random

import pytest

import gamelab as gl
from gamelab.board import Coins
from gamelab.games.coins import CoinTurning
from gamelab.games.coins2d import (FACTORS, MAX_OPTIONS, TARTANS, AcrosticTwins, TartanGame,
                                   tartan_value, twins)
from gamelab.nimber import nim_mul

NAMED = sorted(TARTANS)
SHAPES = [(m, n) for m in range(1, 5) for n in range(1, 5) if m * n <= 12]


def boards(m, n):
    for faces in itertools.product("HT", repeat=m * n):
        s = "".join(faces)
        yield tuple(s[i * n:(i + 1) * n] for i in range(m))


def one_head(m, n, r=None, c=None):
    r, c = r or m, c or n
    return tuple("".join("H" if (i, j) == (r, c) else "T" for j in range(1, n + 1))
                 for i in range(1, m + 1))


def every_game():
    return [TartanGame.named(name) for name in NAMED] + [AcrosticTwins()]


# ---------------------------------------------------------------------------
# values against plain search

@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_every_board_up_to_3x4_and_4x3_against_search(game):
    checked = 0
    for m, n in SHAPES:
        for pos in boards(m, n):
            assert game.grundy(pos) == gl.search_grundy(game, pos), pos
            checked += 1
    assert checked == sum(2 ** (m * n) for m, n in SHAPES)


@pytest.mark.parametrize("name, shape", [
    ("turning_corners", (3, 8)), ("turning_corners", (8, 3)), ("turning_corners", (2, 12)),
    ("turning_turtles_squared", (3, 5)), ("turning_turtles_squared", (2, 8)),
    ("mock_turtles_squared", (2, 6)), ("mock_turtles_squared", (6, 2)),
    ("rugs", (2, 6)), ("rugs", (6, 2))])
def test_single_heads_on_larger_boards_against_search(name, shape):
    game = TartanGame.named(name)
    pos = one_head(*shape)
    assert gl.search_grundy(game, pos) == game.grundy(pos) == game.head_value(*shape)


@pytest.mark.parametrize("r, c", [(6, 8), (8, 5), (7, 7), (1, 9)])
def test_acrostic_single_heads_against_search(r, c):
    game, pos = AcrosticTwins(), one_head(r, c)
    assert gl.search_grundy(game, pos) == game.grundy(pos) == (r - 1) ^ (c - 1)


def test_the_tartan_theorem_on_head_values():
    for name in NAMED:
        rows, cols, _ = TARTANS[name]
        game = TartanGame.named(name)
        g1 = TartanGame(rows, cols).factors[0]
        table = game.head_values(9, 11)
        for r in range(1, 10):
            for c in range(1, 12):
                v1 = r - 1 if rows == "twins" else g1.head_value(r)
                v2 = c - 1 if cols == "twins" else g1.head_value(c)
                assert table[r - 1][c - 1] == nim_mul(v1, v2) == game.head_value(r, c)


@pytest.mark.parametrize("rows, columns", [
    ("mock_turtles", "ruler"), ("twins", "one_or_two"), ("ruler", "twins"),
    (CoinTurning(lambda i: [(), *[(j,) for j in range(max(1, i - 2), i)]]), "mock_turtles"),
    (lambda i: [(j,) for j in range(1, i) if (i - j) in (1, 3)], "ruler")])
def test_mixed_and_custom_factors_against_search(rows, columns):
    game = TartanGame(rows, columns)
    for m, n in [(2, 4), (3, 3), (4, 2), (3, 4)]:
        for pos in boards(m, n):
            assert game.grundy(pos) == gl.search_grundy(game, pos), pos


def test_one_row_is_the_one_dimensional_game():
    for rule in ("one_or_two", "mock_turtles", "ruler"):
        game, line = TartanGame("one_or_two", rule), CoinTurning(rule)
        rng = random.Random(rule)
        for _ in range(50):
            row = "".join(rng.choice("HT") for _ in range(rng.randint(1, 40)))
            assert game.grundy((row,)) == line.grundy(row)
            assert game.winning_moves((row,)) == [(o,) for o in line.winning_moves(row)]


# ---------------------------------------------------------------------------
# winning moves and options of a value

@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.name)
def test_winning_moves_against_search(game):
    positions = [p for m, n in [(1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)]
                 for p in boards(m, n)]
    rng = random.Random(game.name)
    wide, tall = list(boards(3, 4)), list(boards(4, 3))
    positions += [rng.choice(wide if rng.random() < 0.5 else tall) for _ in range(60)]
    for pos in positions:
        assert game.winning_moves(pos) == gl.search_winning_moves(game, pos), pos


@pytest.mark.parametrize("name", NAMED)
def test_options_of_value_against_the_options(name):
    game = TartanGame.named(name)
    rng = random.Random(name)
    squares = list(boards(3, 3))
    for pos in list(boards(2, 3)) + [rng.choice(squares) for _ in range(60)]:
        for value in range(9):
            want = [o for o in gl.game_options(game, pos) if gl.search_grundy(game, o) == value]
            assert game.options_of_value(pos, value) == want


@pytest.mark.parametrize("name", NAMED + ["mock_by_ruler"])
def test_winning_moves_on_larger_boards(name):
    """Every move listed wins, and no winning move is missed (brute force over the moves)."""
    game = TartanGame("mock_turtles", "ruler") if name == "mock_by_ruler" else TartanGame.named(name)
    rng = random.Random(name)
    for size in range(3, 8 if "mock" in name else 10):
        pos = tuple("".join(rng.choice("HTT") for _ in range(size + 1)) for _ in range(size))
        found = game.winning_moves(pos)
        brute = [o for o in game.options(pos) if game.grundy(o) == 0]
        assert found == brute
        assert (game.grundy(pos) == 0) == (found == [])


@pytest.mark.parametrize("name, size", [("turning_corners", 60), ("rugs", 40),
                                        ("mock_turtles_squared", 25)])
def test_winning_moves_on_big_boards_all_win(name, size):
    game = TartanGame.named(name)
    rng = random.Random(size)
    pos = tuple("".join(rng.choice("H" + "T" * 30) for _ in range(size + 3))
                for _ in range(size))
    found = game.winning_moves(pos)
    assert found and game.grundy(pos) != 0
    assert all(game.grundy(o) == 0 for o in found[:100])


def test_misere_play_by_search():
    game = TartanGame.named("turning_corners")
    for pos in boards(2, 3):
        assert game.winning_moves(pos, misere=True) == gl.search_winning_moves(
            game, pos, misere=True)
        assert game.outcome(pos, misere=True) == gl.search_outcome(game, pos, misere=True)


# ---------------------------------------------------------------------------
# Ferguson's worked examples and tables (Game Theory, part I, §5.2-5.4)

DISPLAY_5 = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")


def test_fergusons_display_5():
    corners = TartanGame.named("turning_corners")
    assert corners.grundy(DISPLAY_5) == 3 ^ 1 ^ 6 == 4
    assert corners.winning_moves(DISPLAY_5) == [("TTTTT", "TTTHT", "TTTTT", "TTHHH", "TTTHT")]
    turtles = TartanGame.named("turning_turtles_squared")
    assert turtles.grundy(DISPLAY_5) == 8 ^ 12 ^ 7 == 3
    assert ("TTTTT", "TTHHH", "TTTTT", "TTHTT", "TTHTT") in turtles.winning_moves(DISPLAY_5)
    rugs = TartanGame.named("rugs")
    assert rugs.grundy(DISPLAY_5) == 8 ^ 4 ^ 1 == 13
    assert ("HHHHT", "HHHTT", "TTTTT", "TTHTT", "TTTTH") in rugs.winning_moves(DISPLAY_5)
    acrostic = AcrosticTwins()
    assert acrostic.grundy(DISPLAY_5) == 2 ^ 1 ^ 0 == 3
    assert ("TTTTT", "HTTTT", "TTTTT", "TTHTT", "TTTTH") in acrostic.winning_moves(DISPLAY_5)


def test_fergusons_mock_turtles_squared_example():
    game = TartanGame.named("mock_turtles_squared")
    pos = ("THTTTT", "TTTTTT", "TTTTTT", "TTTTTT", "TTTTTH")
    assert game.grundy(pos) == 2 ^ 9 == 11
    # his move: the 9 coins at rows {1, 2, 5} x columns {2, 5, 6} (here he counts from 1)
    after = ("TTTTHH", "THTTHH", "TTTTTT", "TTTTTT", "THTTHT")
    assert after in game.winning_moves(pos) and game.grundy(after) == 0


def test_fergusons_exercise_8_mock_turtles_by_ruler():
    game = TartanGame("mock_turtles", "ruler")
    assert game.grundy(("THTTTTTT", "TTTTTTTT", "TTTTTTTT", "TTTTTTTT", "TTTTTTTH")) == 15


def test_fergusons_tables():
    corners = TartanGame.named("turning_corners").head_values(16, 16)
    assert [row[1:6] for row in corners[1:6]] == [
        [1, 2, 3, 4, 5], [2, 3, 1, 8, 10], [3, 1, 2, 12, 15], [4, 8, 12, 6, 2],
        [5, 10, 15, 2, 7]]
    assert TartanGame.named("rugs").head_values(8, 8)[3] == [4, 8, 4, 6, 4, 8, 4, 11]
    assert TartanGame.named("rugs").head_values(8, 8)[7] == [8, 12, 8, 11, 8, 12, 8, 13]
    assert TartanGame.named("mock_turtles_squared").head_values(5, 6) == [
        [1, 2, 4, 7, 8, 11], [2, 3, 8, 9, 12, 13], [4, 8, 6, 10, 11, 7],
        [7, 9, 10, 4, 15, 1], [8, 12, 11, 15, 13, 9]]
    assert AcrosticTwins().head_value(10, 9) == 9 ^ 8 == 1


# ---------------------------------------------------------------------------
# three dimensions: a product of three rules, searched on small boxes

def cube_game(factors):
    """The product of three 1-D rules on positions = frozensets of heads (x, y, z)."""
    lines = [CoinTurning(twins if f == "twins" else f) for f in factors]

    def options(heads):
        out = []
        for head in sorted(heads):
            parts = [[(*s, x) for s in line.move_sets(x)] for line, x in zip(lines, head)]
            for xs, ys, zs in itertools.product(*parts):
                out.append(heads ^ frozenset(itertools.product(xs, ys, zs)))
        return out
    return options


@pytest.mark.parametrize("factors", [("twins",) * 3, ("one_or_two",) * 3,
                                     ("mock_turtles", "ruler", "one_or_two")])
def test_three_dimensions_against_search(factors):
    options = cube_game(factors)
    cells = list(itertools.product(range(1, 3), range(1, 3), range(1, 4)))
    for bits in range(1 << len(cells)):
        heads = frozenset(c for k, c in enumerate(cells) if bits >> k & 1)
        want = 0
        for cell in heads:
            want ^= tartan_value(factors, cell)
        assert gl.search_grundy(options, heads) == want


def test_three_dimensions_single_heads():
    options = cube_game(("twins",) * 3)
    for cell in [(2, 3, 3), (3, 3, 2), (2, 2, 5), (2, 4, 3)]:
        assert gl.search_grundy(options, frozenset([cell])) == tartan_value(["twins"] * 3, cell)
    assert tartan_value(["twins"] * 3, (4, 5, 6)) == nim_mul(nim_mul(3, 4), 5)


# ---------------------------------------------------------------------------
# the game protocol and bad input

def test_protocol():
    game = TartanGame.named("rugs")
    assert game.always_ends and AcrosticTwins.always_ends
    assert game.board(DISPLAY_5) == Coins(faces=DISPLAY_5)
    assert AcrosticTwins().board(("HT",)) == Coins(faces=("HT",))
    assert game.name == "Rugs (Ruler × Ruler)" and AcrosticTwins().name == "Acrostic Twins"
    assert TartanGame("mock_turtles", "ruler").name == "Tartan game (Mock Turtles × Ruler)"
    assert TartanGame("twins").name == "Turning Corners (Twins × Twins)"
    assert TartanGame(CoinTurning("ruler")).name == "Rugs (Ruler × Ruler)"
    assert TartanGame(CoinTurning(twins)).name == "Tartan game (twins × twins)"
    assert repr(game) == "TartanGame(<Rugs (Ruler × Ruler)>)"
    assert set(FACTORS) == {"twins", "one_or_two", "mock_turtles", "ruler"}
    assert game.move_label(("HH", "HH"), ("TT", "TT")) == \
        "turn the 4 coins at rows 1, 2 × columns 1, 2"
    assert game.move_label(("TH",), ("TT",)) == "turn coin (1, 2)"
    assert AcrosticTwins().move_label(("TH", "TH"), ("TH", "HT")) == \
        "turn the 2 coins at row 2 × columns 1, 2"
    assert game.options(()) == [] and game.grundy(()) == 0 and game.grundy(("", "")) == 0
    assert game.moves(("TH",)) == [((1,), (2,)), ((1,), (1, 2))]


@pytest.mark.parametrize("bad, error", [
    ("HT", TypeError), ({"HT"}, TypeError), (("HT", 3), TypeError), (("HX",), ValueError),
    (("HT", "H"), ValueError)])
def test_bad_positions(bad, error):
    for game in (TartanGame("ruler"), AcrosticTwins()):
        with pytest.raises(error, match="position"):
            game.grundy(bad)
        with pytest.raises(error, match="position"):
            game.options(bad)


def test_bad_arguments():
    with pytest.raises(ValueError, match="rows must be one of"):
        TartanGame("turtles")
    with pytest.raises(TypeError, match="columns must be"):
        TartanGame("ruler", 3)
    with pytest.raises(ValueError, match="name must be one of"):
        TartanGame.named("corners")
    with pytest.raises(ValueError, match="r must be >= 1"):
        TartanGame("ruler").head_value(0, 1)
    with pytest.raises(TypeError, match="c must be an integer"):
        AcrosticTwins().head_value(1, 1.5)
    with pytest.raises(TypeError, match="misere must be a bool"):
        TartanGame("ruler").winning_moves(("H",), misere=1)
    with pytest.raises(ValueError, match="value must be >= 0"):
        TartanGame("ruler").options_of_value(("H",), -1)
    with pytest.raises(ValueError, match="coordinates must have one entry per factor"):
        tartan_value(["ruler"], (1, 2))
    with pytest.raises(ValueError, match=r"coordinates\[1\] must be >= 1"):
        tartan_value(["ruler", "twins"], (1, 0))
    with pytest.raises(TypeError, match="factors must be a sequence"):
        tartan_value("ruler", (1,))
    with pytest.raises(ValueError, match="factors\\[0\\] must be one of"):
        tartan_value(["rulers"], (1,))


def test_too_many_moves_to_list():
    game = TartanGame.named("mock_turtles_squared")
    full = tuple("H" * 30 for _ in range(30))
    with pytest.raises(ValueError, match=f"more than {MAX_OPTIONS} moves"):
        game.options(full)
    assert game.grundy(full) == gl.grundy(game, full)
