"""A new game family, defined in this file alone, gets everything gamelab offers.

"Frog jumps" is a subtraction-like game on a strip: one frog sits on cell n
and jumps 1, 3 or 4 cells towards cell 0; a frog that cannot jump loses.  Its
values have period 7 (0, 1, 0, 1, 2, 3, 2), which the class states as its
closed form, and it says that the SJ condition holds at every cell (every
non-terminal P-cell can jump to a cell of value 1).  Nothing in gamelab is
edited: the engine, the sums, the misère theorem, the board, the play widget
and the explorer base reach it through the :class:`gamelab.Game` protocol.
"""
from __future__ import annotations

import ipywidgets as widgets
import pytest

import gamelab as gl
from gamelab import misere
from gamelab.board import Strip

PATTERN = (0, 1, 0, 1, 2, 3, 2)


class FrogJumps(gl.Game):
    """A frog on cell n of a strip jumps 1, 3 or 4 cells towards cell 0."""

    name = "frog jumps 1, 3 or 4"
    always_ends = True
    jumps = (1, 3, 4)

    def __init__(self, width=12):
        self.width = width

    def validate(self, cell):
        if type(cell) is not int or cell < 0:
            raise ValueError(f"cell must be an int >= 0, got {cell!r}")
        return cell

    def options(self, cell):
        cell = self.validate(cell)
        return [cell - j for j in self.jumps if j <= cell]

    def grundy(self, cell):
        return PATTERN[self.validate(cell) % 7]

    def sj_condition(self, cell):
        self.validate(cell)
        return True

    def period(self, limit=None):
        return (0, 7)

    def board(self, cell):
        cell = self.validate(cell)
        return Strip(cells=(cell,) if cell else (), width=max(self.width, cell))

    def move_label(self, cell, option):
        return f"jump {cell - option} cell{'' if cell - option == 1 else 's'}"


@pytest.fixture
def frog():
    return FrogJumps()


def test_values_come_from_the_closed_form_and_agree_with_plain_search(frog):
    assert [gl.grundy(frog, n) for n in range(200)] == [gl.search_grundy(frog, n)
                                                       for n in range(200)]
    assert gl.grundy(frog, 10**30) == PATTERN[10**30 % 7]   # no search could reach it
    assert gl.outcome(frog, 7) == "P" and gl.winning_moves(frog, 8) == [7]


def test_sums_take_the_xor_and_find_winning_moves_at_any_size(frog):
    s = gl.Sum(frog, gl.Bash(3))
    for a in range(15):
        for b in range(9):
            assert gl.grundy(s, (a, b)) == gl.search_grundy(s, (a, b))
            assert gl.winning_moves(s, (a, b)) == gl.search_winning_moves(s, (a, b))
    big = (10**20 + 3, 10**20)
    assert all(gl.grundy(s, m) == 0 for m in gl.winning_moves(s, big))


def test_misere_answers_come_through_the_protocol(frog):
    s = gl.Sum(frog, frog, gl.Nim())
    position = (9, 5, (2, 1))
    assert misere.sj_values(s, position) is not None     # the SJ theorem applies
    for a in range(10):
        for b in range(8):
            for heaps in [(), (1,), (2, 1), (3, 3)]:
                pos = (a, b, heaps)
                assert gl.outcome(s, pos, misere=True) == gl.search_outcome(
                    s, pos, misere=True), pos


def test_it_has_a_board_and_move_words(frog):
    html = gl.display.board_html(frog, 5)
    assert "gamelab-strip" in html and html.count("●") == 1
    assert gl.display.move_words(frog, 5, 2) == "jump 3 cells"
    rows = gl.display.board_html(gl.Sum(frog, gl.Bash(2)), (5, 2))
    assert "game 1 · frog jumps 1, 3 or 4" in rows and "game 2 · Bash, take 1..2" in rows


def test_it_plays_in_the_play_widget_to_the_end(frog):
    w = gl.widgets.PlayWidget(frog, 10)
    assert "gamelab-strip" in w.board.value
    labels = [b.description for b in w.moves_box.children]
    assert labels == ["jump 1 cell", "jump 3 cells", "jump 4 cells"]
    while w.winner is None:
        w.play(w.legal_moves()[0])
    assert w.winner == "gamelab"     # 10 is an N-cell and gamelab never errs
    assert all("jump" in frog.move_label(a, b) for a, b, _ in w.history)


def test_an_explorer_is_controls_plus_a_view(frog):
    def view(width):
        return gl.display.sequence_table([gl.grundy(frog, n) for n in range(width)],
                                         title=frog.name)

    e = gl.widgets.Explorer({"width": widgets.IntSlider(8, min=1, max=40)}, view)
    assert e.result.html == view(8).html
    e.controls["width"].value = 21
    assert e.result.html == view(21).html and str(e.result).count("\n") >= 2
    assert e.output.value and "frog jumps" in e.output.value
