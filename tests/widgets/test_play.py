"""gamelab.widgets.play: the play widget on a board: every game of the course, played to
its end.

Each game starts from the position a lecture uses; we always take the first
move offered until the game is over, and check what a lecture hall sees:
a board (never the raw position), every move in the history, the verdict,
moves in words, the misère rule stated, a hint toggle that shows pressed."""
from __future__ import annotations

import re

import pytest

import gamelab as gl
from gamelab.display import board_html
from gamelab.games.hackenbush import random_tree
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
    "Chomp": (gl.Chomp(), (4, 4, 4)),
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


def test_play_accepts_a_move_written_as_a_plain_tuple():
    w = PlayWidget(gl.Kayles(), 7)
    w.play((3, 3))                          # the option as the notebook types it
    assert w.history[0][1] in gl.Kayles().options(7)
    assert type(w.history[0][1]) is type(gl.Kayles().options(7)[0])


def test_play_widget_on_kayles_uses_collections_of_heaps():
    w = PlayWidget(gl.Kayles(), 7)
    assert w.winning() == gl.winning_moves(gl.Kayles(), 7)
    w.play((3, 3))                       # the symmetric reply: gamelab cannot win now
    assert w.history[0] == (7, (3, 3), "you")
    assert w.position in gl.Kayles().options(w.history[0][1])   # the game's own positions
    while w.winner is None:              # keep copying gamelab's move in the other row
        before = w.position
        moves = w.legal_moves()
        good = gl.winning_moves(gl.Kayles(), before)
        assert good, before              # we always have a winning move
        w.play(good[0])
    assert w.winner == "you"


def test_play_widget_labels_and_pictures():
    k = gl.Kayles()
    assert k.move_label(7, (3, 3)) == "take 1 → 3 + 3"
    assert k.move_label(2, ()) == "take 2, nothing left"
    assert k.move_label(k.heaps(3, 4), k.heaps(1, 1, 4)) is None   # the boards say it
    assert (gl.display.move_words(k, k.heaps(3, 4), k.heaps(1, 1, 4))
            == "row 1: take pin 2, leaving rows of 1 and 1")
    assert gl.GrundysGame().move_label(7, (1, 6)) == "split → 1 + 6"
    assert board_html(k, k.heaps(2, 3)).count("♟") == 5
    assert "no pins" in board_html(k, k.heaps())


def test_play_widgets_of_the_lectures():
    w = PlayWidget(gl.StaircaseNim(), (2, 3, 1, 4))
    assert w.winning() == gl.search_winning_moves(gl.StaircaseNim(), (2, 3, 1, 4))
    w.play((1, 3, 1, 4))            # a winning move; gamelab answers
    assert w.history[0][2] == "you" and w.history[1][2] == "gamelab"
    m = PlayWidget(gl.Nim(), (1, 1, 2), misere=True)
    m.play((1, 1, 1))               # leave three single coins
    m.play(m.legal_moves()[0])
    assert m.winner == "you"


# -- how gamelab chooses, and what it says -------------------------------------------------

LOSING = "gamelab is losing: it plays the move that leaves you the fewest winning replies"


@pytest.mark.parametrize("name", ["Nim", "Wythoff", "Kayles", "subtraction", "coins"])
@pytest.mark.parametrize("misere", [False, True])
def test_gamelab_plays_the_hardest_move_and_says_so(name, misere):
    game, start = GAMES[name]
    # gamelab moves first from a P-position: so it is lost, and we play to keep it so
    w = PlayWidget(game, start, misere=misere,
                   computer_first=gl.outcome(game, start, misere=misere) == "P")
    lost = 0
    while w.winner is None:
        # our play: a winning move when there is one (gamelab is then lost), else the last
        option = (gl.winning_moves(game, w.position, misere=misere) or w.legal_moves()[-1:])[0]
        after = game.validate(option)
        w.play(option)
        if len(w.history) < 2 or w.history[-1][2] != "gamelab":
            continue
        if gl.outcome(game, after, misere=misere) == "P":
            assert w.history[-1][1] == gl.hardest_move(game, after, misere=misere)
            assert w.plan == "lose"
            lost += 1
        else:                                    # it wins: the game's first winning move
            assert w.history[-1][1] == gl.winning_moves(game, after, misere=misere)[0]
            assert w.plan == "win"
    assert lost and LOSING in w.status.value
    assert w.status.value.count(LOSING) == 1            # said once: the plan never changed


def test_a_losing_gamelab_no_longer_plays_the_first_move():
    w = PlayWidget(gl.Nim(), (3, 4))
    w.play((3, 3))                               # gamelab is lost at (3, 3)
    assert w.history[1] == ((3, 3), (2, 3), "gamelab")   # not (0, 3): the longest game
    assert w.plan == "lose" and LOSING in w.status.value


def test_too_big_a_game_is_played_quickly(monkeypatch):
    monkeypatch.setattr(gl.widgets.play, "PLAN_POSITIONS", 5)
    w = PlayWidget(gl.Nim(), (3, 4, 5))
    w.play((2, 4, 5))                            # gamelab wins: no search is needed
    assert w.plan == "win" and gl.outcome(gl.Nim(), w.position) == "P"
    w.reset()
    w.play((1, 4, 5))                            # gamelab is lost: too big to rank
    assert w.plan == "quick" and "too big to rank every move" in w.status.value
    assert w.history[-1][1] == gl.game_options(gl.Nim(), (1, 4, 5))[0]


def test_the_hint_legend_says_what_blue_means():
    w = PlayWidget(gl.Nim(), (3, 4, 5))
    assert w.legend.value == ""
    w.hint.value = True
    assert re.sub(r"<[^>]+>", "", w.legend.value) == "blue: wins"
    w.hint.value = False
    assert w.legend.value == ""


def test_the_widget_keeps_positions_in_the_game_s_own_form():
    w = PlayWidget(gl.Nim(), [3, 4])            # a list spells the tuple
    assert w.position == (3, 4) and w.winning() == [(3, 3)]


@pytest.fixture
def chinese():
    before = gl.language()
    gl.set_language("zh_CN")
    yield
    gl.set_language(before)


def test_the_record_compares_in_english_and_prints_in_the_language_of_the_moment(chinese):
    """who moved and who won: equal to "you" / "gamelab" for code, shown in Chinese."""
    w = PlayWidget(gl.Bash(3), 5)
    w.play(4)
    while w.winner is None:
        w.play(w.legal_moves()[0])
    before, after, who = w.history[0]
    assert who == "you" and w.winner in ("you", "gamelab") and w.history[1][2] == "gamelab"
    assert (str(who), f"{who:>2}", repr(who)) == ("你", " 你", "'你'")
    assert str(w.history[1][2]) == "gamelab"
    assert repr(w.history[0]) == "(5, 4, '你')"
    assert {str(w.winner)} <= {"你", "gamelab"} and "you" not in repr(w.history)
    gl.set_language("en")
    assert (str(who), f"{who:>4}", repr(w.history[0])) == ("you", " you", "(5, 4, 'you')")
    assert hash(who) == hash("you") and {who: 1}["you"] == 1
