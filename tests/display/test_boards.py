"""gamelab.display.boards: boards drawn from descriptions, every kind, bad descriptions,
moves in words, a new kind registered."""
from __future__ import annotations

import ast
import dataclasses
import re

import pytest

import gamelab as gl
from gamelab.board import Coins, Components, Edges, Steps, Stones, Strip, Text
from gamelab.display import board_html, describe_move, draw_board, game_board, move_words
from gamelab.display.boards import MAX_DRAWN, TICK, stones_html
from gamelab.games.hackenbush import random_tree
from gamelab.games.nim import NimHeap
from gamelab.widgets import PlayWidget

from gamelab_testing import ROOT

DISPLAY = ROOT / "gamelab" / "display"


class Described(gl.Game):
    """A game that only describes its positions (a tuple of heaps) as stones."""

    name = "described"

    def options(self, position):
        return [position[:i] + (v,) + position[i + 1:]
                for i, h in enumerate(position) for v in range(h)]

    def board(self, position):
        return Stones(position, word="pile", unit="bean")


class Worded(Described):
    def move_label(self, position, option):
        return "its own words"


# -- drawing every kind -----------------------------------------------------------------

def _units(html_text):
    """The units of a one-row board as text, each tick written ``|``."""
    inner = re.search(r'letter-spacing:1px[^"]*">(.*?)</span></span>', html_text).group(1)
    return re.sub(r"<span[^>]*></span>", "|", inner)


def test_a_row_of_pins_is_grouped_by_ticks_never_by_a_gap():
    row = draw_board(Stones((9,), word="row", unit="pin"))
    units = _units(row)
    assert units == "♟♟♟♟♟|♟♟♟♟"                  # five, a tick, four
    assert " " not in units and TICK in row and "nowrap" in row
    two = draw_board(Stones((12, 3), word="row", unit="pin"))
    assert two.count(TICK) == 2 and "♟♟♟♟♟ " not in two
    strip = draw_board(Stones((6,), word="stretch", unit="safe cell"))
    assert TICK in strip and "● " not in strip
    heap = draw_board(Stones((9,)))                # a heap has no order: a gap is fine
    assert _units(heap) == "●●●●● ●●●●" and TICK not in heap
    assert TICK not in stones_html(5, tick=True)   # no tick after the last five

def test_stones():
    one = draw_board(Stones((7,)))
    assert "heap (7 stones):" in one and stones_html(7) in one and "heap 1" not in one
    many = draw_board(Stones((1, 3), word="row", unit="pin"))
    assert "row 1 (1 pin):" in many and "row 2 (3 pins):" in many and many.count("♟") == 4
    assert "(no stones left)" in draw_board(Stones(()))
    assert "the next move may take 1 to 2 stones" in draw_board(
        Stones((5,), note="the next move may take 1 to 2 stones"))
    assert f"({MAX_DRAWN + 1} in all)" in draw_board(Stones((MAX_DRAWN + 1,)))
    assert "(empty)" in draw_board(Stones((0,)))


def test_coins_in_a_row_and_in_a_grid():
    row = draw_board(Coins("HTH"))
    assert re.findall(r'title="coin (\d+)"', row) == ["1", "2", "3"]
    assert row.count(">H</span>") == 2
    grid = draw_board(Coins(("HT", "TT", "TH")))
    assert grid.count('title="coin') == 6
    assert 'title="coin 2 of row 3"' in grid and "row 3" in grid
    assert draw_board(Coins("")) == "<div>(no coins)</div>"


def test_steps_strip_edges_text():
    steps = draw_board(Steps((2, 0, 3)))
    assert "gamelab-staircase" in steps and "step 3<br>3" in steps
    assert steps.count("#56B4E9") == 2             # the odd steps are shaded
    strip = draw_board(Strip((2, 4), width=5))
    assert "gamelab-strip" in strip and strip.count("●") == 2 and strip.count("<td") == 10
    assert draw_board(Strip((), width=3)) == "<div>(empty strip)</div>"
    edges = draw_board(Edges(((0, 1), (1, 2)), ground=0))
    assert "gamelab-scroll" in edges and edges.count('class="vertex"') == 3
    assert "<code>(1, &#x27;a&#x27;)</code>" in draw_board(Text("(1, 'a')"))


def test_components_one_row_each():
    board = Components((("game 1 · Bash", Stones((6,)), 6), ("game 2 · coins", Coins("HT"), "HT"),
                        ("game 3 · a digraph", None, "k")))
    html_text = draw_board(board)
    assert "game 1 · Bash" in html_text and "heap 6: " + stones_html(6) in html_text
    assert 'title="coin 2"' in html_text and "<code>&#x27;k&#x27;</code>" in html_text


def test_an_unknown_kind_says_how_to_register_one():
    with pytest.raises(TypeError, match="draw_board.register"):
        draw_board((3, 4))


def test_a_new_kind_registers_its_drawing_and_its_words():
    @dataclasses.dataclass(frozen=True)
    class Dial:
        hour: int

    @draw_board.register(Dial)
    def _(board):
        return f"<div class='dial'>{board.hour} o'clock</div>"

    @describe_move.register(Dial)
    def _(before, after):
        return f"turn the dial from {before.hour} to {after.hour}"

    class Clock(gl.Game):
        def options(self, position):
            return [h for h in range(position)]

        def board(self, position):
            return Dial(position)

    assert board_html(Clock(), 3) == "<div class='dial'>3 o'clock</div>"
    assert move_words(Clock(), 3, 1) == "turn the dial from 3 to 1"
    w = PlayWidget(Clock(), 2)
    assert "dial" in w.board.value
    assert [b.description for b in w.moves_box.children] == ["turn the dial from 2 to 0",
                                                             "turn the dial from 2 to 1"]


# -- boards of games --------------------------------------------------------------------

def test_board_html_of_a_game_is_its_description_drawn():
    assert board_html(Described(), (2, 1)) == draw_board(Stones((2, 1), "pile", "bean"))
    assert "pile 2 (1 bean):" in board_html(Described(), (2, 1))


def test_the_one_fallback_is_stones_for_a_plain_callable():
    assert game_board(lambda n: [n - 1], 4) == Stones((4,))
    assert "heap (4 stones)" in board_html(lambda n: [n - 1], 4)
    assert board_html(lambda p: [], "x") is None               # not an int position
    assert board_html(lambda p: [], True) is None              # a bool is no heap

    class Duck:                                                 # not a Game, not callable
        def options(self, p):
            return []

    assert board_html(Duck(), 3) is None

    class Plain(gl.Game):                                       # a Game without a board
        def options(self, p):
            return []

    assert board_html(Plain(), 3) is None and move_words(Plain(), 3, 2) is None


def test_move_words_prefers_the_game_s_own():
    assert move_words(Worded(), (3,), (1,)) == "its own words"
    assert move_words(Described(), (3, 2), (3, 0)) == "pile 2: take all 2 beans"
    assert move_words(Described(), (3,), (1,)) == "take 2"


def test_a_sum_board_names_each_component():
    board = board_html(gl.Sum(gl.Bash(3), NimHeap(), gl.Subtraction({1, 3, 4})), (6, 2, 5))
    for text in ("game 1 · Bash, take 1..3", "game 2 · Nim heap", "game 3 · take 1, 3 or 4",
                 "heap 6", "heap 2", "heap 5"):
        assert text in board


def test_hackenbush_board_numbers_the_vertices_the_moves_name():
    position = random_tree(8, seed=4)
    game = gl.GreenHackenbush(0)
    board = board_html(game, position)
    shown = set(re.findall(r'class="vertex-label"[^>]*>([^<]+)<', board))
    for option in game.options(position):
        u, v = re.match(r"cut (\S+)–(\S+)", game.move_label(position, option)).groups()
        assert {u, v} <= shown


@pytest.mark.parametrize("bad, exc", [((1, -1), ValueError), ({1, 2}, TypeError),
                                      ("12", TypeError), (None, TypeError)])
def test_staircase_board_checks_its_input(bad, exc):
    with pytest.raises(exc, match="counts"):
        draw_board(Steps(bad))


@pytest.mark.parametrize("bad, exc", [((1, -1), ValueError), ("12", TypeError),
                                      ((1, 2.5), TypeError)])
def test_heap_board_checks_its_input(bad, exc):
    with pytest.raises(exc, match="heaps"):
        draw_board(Stones(bad))


@pytest.mark.parametrize("bad, exc", [("HX", ValueError), (("HT", "H"), ValueError),
                                      (["HT"], TypeError), (3, TypeError)])
def test_coin_board_checks_its_input(bad, exc):
    with pytest.raises(exc, match="faces"):
        draw_board(Coins(bad))


# -- moves in words from two boards ---------------------------------------------------------

@pytest.mark.parametrize("before, after, words", [
    (Stones((4, 4), "row", "pin"), Stones((1, 2, 4), "row", "pin"),
     "row 1: take pin 2, leaving rows of 1 and 2"),
    (Stones((9, 2), "row", "pin"), Stones((2, 2, 4), "row", "pin"),
     "row 1: take pins 3–5, leaving rows of 2 and 4"),
    (Stones((5,), "row", "pin"), Stones((2, 3), "row", "pin"), "split it into rows of 2 and 3"),
    (Stones((5,), "row", "pin"), Stones((), "row", "pin"), "take all 5 pins"),
    (Stones((1, 3), "row", "pin"), Stones((3,), "row", "pin"), "row 1: take the only pin"),
    (Stones((1,)), Stones(()), "take the only stone"),
    (Stones((7, 3)), Stones((7, 1)), "heap 2: take 2 stones, leaving 1"),
    (Stones((6,)), Stones((1, 1, 2)), "take 2 stones, leaving heaps of 1, 1, 2"),
    (Stones((5,)), Stones((4,)), "take 1"),
    (Stones((3, 3)), Stones((2, 2)), None),                     # two heaps changed
    (Stones((3,)), Stones((4,)), None),                         # a heap grew
    (Coins("HTH"), Coins("TTH"), "turn coin 1"),
    (Coins(("HT", "TH")), Coins(("TT", "TT")), "turn coins (1, 1), (2, 2)"),
    (Steps((2, 3)), Steps((2, 1)), "move 2 coins from step 2 to the floor"),
    (Steps((2, 3)), Steps((4, 1)), "move 2 coins from step 2 to step 1"),
    (Steps((2, 3)), Steps((1, 3)), "move 1 coin from step 1 to the floor"),
    (Strip((2, 5), 6), Strip((2, 3), 6), "move the piece on cell 5 to cell 3"),
    (Strip((2, 5), 6), Strip((5,), 6), "take the piece off cell 2"),
    (Edges(((0, 1), (1, 2))), Edges(((0, 1),)), "cut 1–2"),
    (Edges(((0, 1), (1, 2))), Edges(()), None),                 # two edges gone
    (Text("a"), Text("b"), None),
    (Stones((3,)), Coins("H"), None),
    (Components((("a", Stones((4,)), 4), ("b", Stones((5,)), 5))),
     Components((("a", Stones((4,)), 4), ("b", Stones((2,)), 2))), "game 2: take 3"),
    (Components((("a", None, "k"), ("b", None, "y"))),
     Components((("a", None, "z"), ("b", None, "y"))), "game 1: k → z"),
])
def test_describe_move(before, after, words):
    assert describe_move(before, after) == words


def test_a_sum_s_rows_are_named_by_its_games():
    game = gl.Sum(gl.Bash(3), gl.Subtraction({1, 3, 4}))
    board = board_html(game, (6, 5))
    for name in (gl.Bash(3).name, gl.Subtraction({1, 3, 4}).name):
        assert name in board
    assert move_words(game, (6, 5), (6, 4)).startswith("game 2: ")


class Rows(gl.Game):
    """Rows of pins with no words of its own: the words come from the boards."""

    def options(self, position):
        return []

    def board(self, position):
        return Stones(position, word="row", unit="pin")


def test_moves_in_words():
    rows = Rows()
    assert move_words(rows, (4, 4), (1, 2, 4)) == "row 1: take pin 2, leaving rows of 1 and 2"
    assert move_words(rows, (3, 5), (3,)) == "row 2: take all 5 pins"
    assert move_words(rows, (5,), (2, 3)) == "split it into rows of 2 and 3"
    assert move_words(rows, (9,), (7,)) == "take 2"
    assert move_words(gl.Sum(gl.Bash(3), gl.Bash(5)), (2, 4), (1, 4)) == "game 1: take 1"
    assert move_words(lambda n: [n - 1], 5, 4) == "take 1"
    nim = gl.Nim()
    assert move_words(nim, (1, 2), (0, 2)) == nim.move_label((1, 2), (0, 2))   # its own words


# -- the display layer's shape ------------------------------------------------------------

def _functions(tree):
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


@pytest.mark.parametrize("path", sorted(DISPLAY.glob("*.py")), ids=lambda p: p.name)
def test_no_gamelab_import_inside_a_function(path):
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for fn in _functions(ast.parse(source)):
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom):
                assert node.level == 0 and not (node.module or "").startswith("gamelab"), (
                    f"{path.name}:{node.lineno} imports a gamelab module inside {fn.name}")
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module] if isinstance(node, ast.ImportFrom) else [
                    a.name for a in node.names]
                assert all(n.startswith("matplotlib") for n in names), (
                    f"{path.name}:{node.lineno}: only the optional matplotlib loads lazily")
                block = [ln for ln in lines[fn.lineno - 1:node.lineno] if "import matplotlib" in ln]
                assert not block or "optional" in " ".join(lines[fn.lineno - 1:node.end_lineno]), (
                    f"{path.name}:{node.lineno}: say why the import is lazy")


def test_boards_choose_no_drawing_by_game_class():
    tree = ast.parse((DISPLAY / "boards.py").read_text(encoding="utf-8"))
    games = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and "games" in (node.module or ""):
            games.update(a.asname or a.name for a in node.names)
    assert not games, f"boards.py imports game classes: {games}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
            kinds = node.args[1]
            names = {n.id for n in ast.walk(kinds) if isinstance(n, ast.Name)}
            assert names <= {"Game", "Stones", "Coins", "Steps", "Strip", "Edges", "Components",
                             "str", "int", "bool", "tuple"}, names


@pytest.mark.parametrize("word, unit, many", [
    ("stretch", "safe cell", "stretches"), ("row", "pin", "rows"), ("heap", "stone", "heaps")])
def test_the_words_of_a_split_are_english_plurals(word, unit, many):
    said = describe_move(Stones((7, 4), word, unit), Stones((3, 4, 4), word, unit))
    assert said == f"{word} 1: split it into {many} of 3 and 4"
