"""The play widget on a board: every game of the course, played to its end.

Each game starts from the position a lecture uses; we always take the first
move offered until the game is over, and check what a lecture hall sees:
a board (never the raw position), every move in the history, the verdict,
moves in words, the misère rule stated, a hint toggle that shows pressed.
"""
from __future__ import annotations

import re

import pytest

import gamelab as gl
from gamelab.board import Coins, Steps, Stones
from gamelab.display import board_html, draw_board, move_words
from gamelab.games.hackenbush import random_tree
from gamelab.games.nim import NimHeap
from gamelab.games.staircase import PiecesOnStrip
from gamelab.widgets import PlayWidget

GAMES = {
    "Bash": (gl.Bash(3), 21),
    "subtraction": (gl.Subtraction({1, 3, 4}), 20),
    "sum of Bash games": (gl.Sum(gl.Bash(3), gl.Bash(5), gl.Bash(7)), (9, 10, 14)),
    "Nim": (gl.Nim(), (3, 4, 5)),
    "Moore's Nim": (gl.MooreNim(2), (1, 2, 3)),
    "Wythoff": (gl.Wythoff(), (6, 9)),
    "Fibonacci Nim": (gl.FibonacciNim(), (20, 19)),
    "Staircase Nim": (gl.StaircaseNim(), (2, 3, 1, 4)),
    "strip": (PiecesOnStrip(), (2, 5, 9)),
    "coins": (gl.CoinTurning("one_or_two"), "THHTHTTH"),
    "Kayles": (gl.Kayles(), 9),
    "Kayles, two rows": (gl.Kayles(), gl.Kayles().heaps(3, 4)),
    "Dawson's Kayles": (gl.DawsonsKayles(), 8),
    "Lasker's Nim": (gl.LaskersNim(), 6),
    "Grundy's game": (gl.GrundysGame(), 9),
    "Green Hackenbush": (gl.GreenHackenbush(0), random_tree(8, seed=4)),
}


def _lines(widget):
    text = re.sub(r"<[^>]+>", "\n", widget.status.value)
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("misere", [False, True])
def test_a_whole_game_on_a_board(name, misere):
    game, start = GAMES[name]
    w = PlayWidget(game, start, misere=misere)
    assert board_html(game, start) is not None, f"{name}: no board"
    moves = 0
    while w.winner is None:
        assert "<code>" not in w.board.value, f"{name}: the board shows the raw position"
        option = w.legal_moves()[0]
        label = w._label(w.position, option)
        assert label and label != repr(option) and not label.startswith(("(", "→")), (
            f"{name}: the move reads {label!r}")
        w.play(option)
        moves += 1
        assert moves < 500
    lines = _lines(w)
    played = [ln for ln in lines if ln.startswith(("you: ", "gamelab: "))]
    assert len(played) == len(w.history), f"{name}: the history lists {len(played)} of " \
                                           f"{len(w.history)} moves"
    assert any(("You win!" in ln) or ("gamelab wins." in ln) for ln in lines)
    assert ("Misère play" in w.board.value) == misere
    # the verdict agrees with the rule: in normal play the last mover wins
    last = w.history[-1][2]
    assert w.winner == (last if not misere else ("you" if last == "gamelab" else "gamelab"))


def test_the_history_keeps_every_move():
    w = PlayWidget(gl.Bash(1), 30)
    while w.winner is None:
        w.play(w.legal_moves()[0])
    assert len(w.history) == 30
    assert sum(ln.startswith("you: ") for ln in _lines(w)) == 15
    assert "overflow-y:auto" in w.status.value       # a long game scrolls in its box


def test_hint_toggle_fits_and_shows_pressed():
    w = PlayWidget(gl.Nim(), (3, 4, 5))
    assert w.hint.layout.width == "auto" and "winning moves" in w.hint.description
    assert w.hint.button_style == ""
    w.hint.value = True
    assert w.hint.button_style == "success"
    marked = [b for b in w.moves_box.children if b.style.font_weight == "bold"]
    assert [b.tooltip for b in marked] == [f"move to {m!r}" for m in gl.winning_moves(gl.Nim(), (3, 4, 5))]


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


@pytest.mark.parametrize("bad, exc", [((1, -1), ValueError), ([1, 2], TypeError),
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


def test_play_accepts_a_move_written_as_a_plain_tuple():
    w = PlayWidget(gl.Kayles(), 7)
    w.play((3, 3))                          # the option as the notebook types it
    assert w.history[0][1] in gl.Kayles().options(7)
    assert type(w.history[0][1]) is type(gl.Kayles().options(7)[0])
