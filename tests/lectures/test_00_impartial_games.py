"""Lecture 00 (impartial games: P- and N-positions, game graphs, draws, Chomp and strategy
stealing): its statements as tests."""
from __future__ import annotations

import json

import pytest

import gamelab as gl
from gamelab.exercises.references.bash import kiki_options

from gamelab_testing import NOTEBOOKS


def bash_rule(m):
    return lambda n: [n - k for k in range(1, m + 1) if k <= n]


def take123(n):
    return [n - k for k in (1, 2, 3) if k <= n]


# -- P and N by backward induction, the 21-stone game, Kiki --------------------------------

@pytest.mark.parametrize("game", [take123, bash_rule(5), lambda n: [n - s for s in (2, 5, 6) if s <= n],
                                  kiki_options])
def test_backward_induction_characterises_p_and_n(game):
    positions = range(40) if game is not kiki_options else [(a, b) for a in range(8) for b in range(8)]
    for p in positions:
        kids = gl.game_options(game, p)
        expected = "P" if all(gl.search_outcome(game, k) == "N" for k in kids) else "N"
        assert gl.search_outcome(game, p) == expected
        # N exactly when some option is P; terminal positions are P (normal play)
        if not kids:
            assert expected == "P"


def test_twenty_one_stones():
    assert gl.outcome(take123, 21) == "N"
    assert gl.winning_moves(take123, 21) == [20]
    assert [n for n in range(22) if gl.search_outcome(take123, n) == "P"] == list(range(0, 22, 4))


def test_loopy_rule_is_refused_with_its_cycle():
    loopy = lambda n: [n - s for s in (0, 1, 2) if s <= n]
    with pytest.raises(gl.LoopyGameError) as info:
        gl.outcome(loopy, 5)
    assert "5 -> 5" in str(info.value)
    assert info.value.cycle == [5, 5]
    with pytest.raises(ValueError, match="subtraction_set"):
        gl.Subtraction({0, 1, 2})


def test_kiki_p_positions_are_both_even():
    for a in range(12):
        for b in range(12):
            assert (gl.search_outcome(kiki_options, (a, b)) == "P") == (a % 2 == 0 and b % 2 == 0)


# -- draws, Zermelo's hypothesis, strategy stealing ----------------------------------------

def test_with_a_pass_every_position_is_a_draw():
    """P and N keep their meaning in loopy games; with a pass everywhere nobody can force a win."""
    take012 = lambda n: [n - s for s in (0, 1, 2) if s <= n]  # noqa: E731
    rooms = lambda r: [(r + 1) % 4]  # noqa: E731
    assert [gl.loopy_outcome(take012, n) for n in range(10)] == ["D"] * 10
    assert [gl.loopy_outcome(rooms, r) for r in range(4)] == ["D"] * 4
    # without the pass the same labels as plain search
    assert [gl.loopy_outcome(take123, n) for n in range(12)] == [
        gl.search_outcome(take123, n) for n in range(12)]


def chomp(rows):
    """Chomp: row lengths bottom first; (0, 0) is the poison, never eaten."""
    options = []
    for r, length in enumerate(rows):
        for c in range(length):
            if (r, c) != (0, 0):
                cut = [min(h, c) if i >= r else h for i, h in enumerate(rows)]
                options.append(tuple(h for h in cut if h))
    return options


def test_chomp_first_player_wins_every_bar_but_one_by_one():
    for m in range(1, 7):
        for n in range(1, 7):
            assert (gl.search_outcome(chomp, (n,) * m) == "N") == (m * n > 1), (m, n)


def test_chomp_strategy_stealing_steps():
    """Either the corner bite wins, or each winning answer to it is itself a first move."""
    for m in range(1, 7):
        for n in range(1, 7):
            if m * n == 1:
                continue
            bar = (n,) * m
            corner = tuple(h for h in bar[:-1] + (n - 1,) if h)
            assert corner in chomp(bar)
            if gl.search_outcome(chomp, corner) == "N":
                replies = gl.search_winning_moves(chomp, corner)
                assert replies and all(r in chomp(bar) for r in replies)


def test_chomp_square_bar_eat_one_one_then_mirror():
    """Exercise 0.4: an L with equal arms is P; eating (1, 1) from an n x n bar wins."""
    ell = lambda up, right: (right + 1,) + (1,) * up  # noqa: E731
    for a in range(9):
        for b in range(9):
            assert (gl.search_outcome(chomp, ell(a, b)) == "P") == (a == b)
    for n in range(2, 8):
        assert ell(n - 1, n - 1) in gl.search_winning_moves(chomp, (n,) * n)


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("00_impartial_games.ipynb", ["LoopyGameError", "draw_game_graph", "hdu2147",
                                  "PNExplorer", "PlayWidget(kiki", "必败态", "奇异局势", "SG 函数",
                                  "mex", "anti-SG", "SJ 定理", "Nim-k", "Zermelo",
                                  "loopy_outcome", "Chomp", "strategy stealing",
                                  "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
