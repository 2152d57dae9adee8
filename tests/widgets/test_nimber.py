"""gamelab.widgets.nimber: the nim product explorer and Turning Corners played by clicking,
driven headlessly (no browser, no kernel)."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import gamelab as gl  # noqa: E402
from gamelab.display import MARK_COLOUR, P_COLOUR, nim_product_table  # noqa: E402
from gamelab.display.boards import HEADS_COLOUR  # noqa: E402
from gamelab.widgets import Explorer, NimProductExplorer, PlayWidget  # noqa: E402
from gamelab.widgets import TartanPlayWidget, tartan_play  # noqa: E402
from gamelab.widgets.nimber import FERGUSON, MAX_SIZE  # noqa: E402
from gamelab.widgets.play import MAX_BUTTONS  # noqa: E402


# -- the explorer ------------------------------------------------------------------------

def test_explorer_is_an_explorer_of_the_table():
    e = NimProductExplorer()
    assert isinstance(e, Explorer) and set(e.controls) == {"size", "colour", "mark"}
    assert e.kwargs == {"size": 16, "colour": True, "mark": 0}
    assert e.result == nim_product_table(16)
    assert e.result.html in e.output.value


def test_explorer_follows_its_controls():
    e = NimProductExplorer(4)
    e.controls["size"].value = 17
    assert e.result == nim_product_table(17)
    e.controls["colour"].value = False
    assert e.result == nim_product_table(17, colour=False)
    assert e.controls["colour"].button_style == ""           # not pressed: not green
    e.controls["mark"].value = 1
    assert e.result == nim_product_table(17, colour=False, mark=1)
    assert "holds 1 once" in e.result.text
    e.controls["size"].value = MAX_SIZE
    assert len(e.result.text.splitlines()) == MAX_SIZE + 2 + 2     # title, header, 2 sentences


def test_explorer_slider_bounds_are_the_check():
    e = NimProductExplorer()
    size = e.controls["size"]
    assert (size.min, size.max) == (2, MAX_SIZE)
    assert (e.controls["mark"].min, e.controls["mark"].max) == (0, 255)
    with pytest.raises(ValueError, match="size"):
        NimProductExplorer(1)
    with pytest.raises(ValueError, match="size"):
        NimProductExplorer(MAX_SIZE + 1)
    with pytest.raises(TypeError, match="size"):
        NimProductExplorer(4.0)
    with pytest.raises(ValueError, match="mark"):
        NimProductExplorer(4, mark=256)


def test_explorer_fallback_sentence():
    text = NimProductExplorer().fallback_text()
    assert text.startswith("Run the notebook to use this explorer: ") and "x ⊗ y" in text


# -- the play widget -------------------------------------------------------------------------

def faces(w):
    return tuple("".join(b.description for b in row) for row in w.coins)


def test_play_widget_is_a_play_widget_with_a_grid_first():
    w = TartanPlayWidget()
    assert isinstance(w, PlayWidget) and w.position == FERGUSON
    assert w.game.name == "Turning Corners (Twins × Twins)"
    kids = w.widget.children
    # the browser reads the first two HTML outputs as the board and the status
    assert kids[0] is w.grid and kids[1] is w.board and kids[2] is w.status
    assert faces(w) == FERGUSON
    assert w.coins[1][3].style.button_color == HEADS_COLOUR
    assert [b.tooltip for b in w.coins[4]] == [f"coin (5, {c})" for c in range(1, 6)]
    assert "Click a head" in w.board.value
    assert len(w.legal_moves()) <= MAX_BUTTONS                   # buttons, not a drop-down
    labels = [b.description for b in w.moves_box.children]
    assert labels[0] == "corners (1, 1), (2, 4)" and len(labels) == len(set(labels)) == 25
    assert w.moves_box.layout.overflow == "auto"                 # the list scrolls


def test_two_clicks_make_the_move_and_gamelab_answers():
    w = tartan_play("turning_corners", FERGUSON)
    w.click(5, 5)
    assert w.corner == (5, 5) and "Corner (5, 5) chosen" in w.board.value
    assert w.coins[4][4].style.button_color == MARK_COLOUR
    framed = {(r, c) for r in range(1, 6) for c in range(1, 6)
              if "dashed" in (w.coins[r - 1][c - 1].layout.border or "")}
    assert framed == {(r, c) for r in range(1, 5) for c in range(1, 5)}
    assert len(w.moves_from((5, 5))) == 16
    w.click(4, 4)
    (before, mine, who), reply = w.history[0], w.history[1]
    assert who == "you" and mine == ("TTTTT", "TTTHT", "TTTTT", "TTHHH", "TTTHT")
    assert gl.grundy(w.game, mine) == 0 and reply[2] == "gamelab"
    assert w.corner is None and faces(w) == w.position


def test_clicks_that_do_not_move():
    w = TartanPlayWidget()
    w.click(1, 1)
    assert w.corner is None and "shows tails" in w.message
    w.click(4, 3)
    assert w.corner == (4, 3)
    w.click(4, 3)                                   # the chosen head again: let it go
    assert w.corner is None and "no longer chosen" in w.message
    w.click(4, 3)
    w.click(2, 4)                                   # another head: it is chosen instead
    assert w.corner == (2, 4) and not w.history
    w.click(5, 1)                                   # a tail outside the frame: nothing
    assert w.corner == (2, 4) and "no opposite corner of (2, 4)" in w.message
    w.click(2, 4)
    w.click(5, 1)
    assert w.corner is None and "shows tails" in w.message
    head_on_edge = TartanPlayWidget(position=("TTH", "TTT", "HTH"))
    head_on_edge.click(1, 3)
    assert head_on_edge.corner is None and "has no move" in head_on_edge.message
    for r, c, error in [(0, 1, ValueError), (6, 1, ValueError), (1, 6, ValueError),
                        (1.0, 1, TypeError)]:
        with pytest.raises(error):
            w.click(r, c)


def test_a_game_played_by_clicks_to_its_end():
    w = TartanPlayWidget()
    while w.winner is None:
        option = (w.winning() or w.legal_moves())[0]
        rows = [r for r, (a, b) in enumerate(zip(w.position, option), 1) if a != b]
        cols = [c for c in range(1, 6) if any(w.position[r - 1][c - 1] != option[r - 1][c - 1]
                                              for r in rows)]
        w.click(max(rows), max(cols))
        w.click(min(rows), min(cols))
        assert w.history[-2][1] == option or w.winner == "you"
    assert w.winner == "you"                       # we always played a winning move
    assert all(b.disabled for row in w.coins for b in row)
    w.click(1, 1)
    assert "game is over" in w.message
    w.reset()
    assert w.position == FERGUSON and w.winner is None and not w.history
    assert not any(b.disabled for row in w.coins for b in row)


def test_the_move_list_still_plays_and_clears_the_corner():
    w = TartanPlayWidget()
    w.click(5, 5)
    option = w.legal_moves()[0]
    w.play(option)
    assert w.corner is None and w.history[0][1] == option


def test_hint_marks_the_heads_and_corners_that_win():
    w = TartanPlayWidget()
    w.hint.value = True
    winners = [(r, c) for r in range(1, 6) for c in range(1, 6)
               if P_COLOUR in (w.coins[r - 1][c - 1].layout.border or "")]
    assert winners == [(5, 5)]
    w.click(5, 5)
    blue = [(r, c) for r in range(1, 6) for c in range(1, 6)
            if w.coins[r - 1][c - 1].style.button_color == P_COLOUR]
    assert blue == [(4, 4)]


def test_other_tartan_games_by_clicks():
    # Turning Turtles squared: the chosen head clicked again turns it alone
    w = TartanPlayWidget("turning_turtles_squared", ("TT", "TH"))
    w.click(2, 2)
    w.click(2, 2)
    assert w.history[0][1] == ("TT", "TT") and w.winner == "you"
    # Acrostic Twins: a second coin in the row of the head
    w = TartanPlayWidget(gl.AcrosticTwins(), ("TTT", "TTH"))
    w.click(2, 3)
    w.click(2, 1)
    assert w.history[0][1] == ("TTT", "HTT")
    # Mock Turtles squared: several moves share their corners, the list offers them
    w = TartanPlayWidget("mock_turtles_squared", ("TTT", "TTT", "TTH"))
    w.click(3, 3)
    w.click(1, 1)
    assert len(w._choices) > 1 and "choose one" in w.message
    choices = list(w._choices)
    assert all(gl.game_options(w.game, w.position).count(o) == 1 for o in choices)
    offered = [b.tooltip for b in w.moves_box.children]
    assert offered == [f"move to {o!r}" for o in choices]
    w.moves_box.children[1].click()
    assert w.history[0][1] == choices[1] and not w._choices


def test_computer_first_and_misere():
    w = TartanPlayWidget(computer_first=True)
    assert w.history[0][2] == "gamelab" and gl.grundy(w.game, w.position) == 0
    m = TartanPlayWidget("rugs", ("HT", "TH"), misere=True)
    assert m.misere and "Misère" in m.board.value


@pytest.mark.parametrize("args, error, word", [
    ((gl.Nim(), (3,)), TypeError, "game"), (("chess", FERGUSON), ValueError, "name"),
    (("rugs", "HT"), TypeError, "position"), (("rugs", ()), ValueError, "position"),
    (("rugs", ("",)), ValueError, "position"),
])
def test_play_widget_bad_input(args, error, word):
    with pytest.raises(error, match=word):
        TartanPlayWidget(*args)


def test_play_widget_fallback_sentence():
    text = TartanPlayWidget().fallback_text()
    assert text.startswith("Run the notebook to play against gamelab: ")
    assert "opposite corner" in text
