"""gamelab.widgets.loopy: the loopy-game explorers and play widget, driven without a browser.

Outcomes are checked against a plain retrograde analysis (gamelab_testing)."""
from __future__ import annotations

import itertools
import random
import re

import pytest

import gamelab as gl
from gamelab.loopy import GALLERY, Digraph, Infinity, random_digraph
from gamelab.display import digraph_view, token_sum_table, token_sum_view
from gamelab.widgets import DigraphExplorer, LoopyPlayWidget, PlayWidget, TokenSumExplorer
from gamelab.widgets.loopy import DRAW_MARK, NO_TOKEN
from gamelab.widgets.play import WIN_MARK

from gamelab_testing import loopy_rows, plain_outcomes, product_graph


def test_digraph_explorer_follows_its_sliders():
    e = DigraphExplorer(n=8, density=20, seed=3)
    seen = set()
    for n, density, seed in [(8, 20, 3), (12, 30, 7), (5, 0, 1), (16, 45, 99), (1, 60, 0)]:
        for name, v in (("n", n), ("density", density), ("seed", seed)):
            e.controls[name].value = v
        assert "<svg" in e.output.value and "gamelab-table" in e.output.value
        game = random_digraph(n, density, seed)
        want = plain_outcomes({u: list(game.options(u)) for u in game.nodes})
        rows = loopy_rows(e.result)
        assert [r[0] for r in rows] == [str(u) for u in game.nodes]
        for (node, _options, gamma, outcome), u in zip(rows, game.nodes):
            assert outcome == want[u], (n, density, seed, u)
            assert gamma == str(gl.loopy_grundy(game, u))
            seen.add(outcome)
        assert e.result.text == digraph_view(n, density, seed, picture=False).text
        assert e.result == digraph_view(n, density, seed)
    assert seen == {"P", "N", "D"}


def test_token_sum_explorer_matches_the_product_graph():
    e = TokenSumExplorer()
    menus = [e.controls[f"token{i}"] for i in (1, 2, 3)]
    names = [NO_TOKEN] + [str(u) for u in GALLERY.nodes]
    checked, outcomes = 0, set()
    for a, b, c in itertools.product(names, repeat=3):
        if (a, b, c) == (NO_TOKEN,) * 3:
            continue
        for menu, v in zip(menus, (a, b, c)):
            menu.value = v
        tokens = [x for x in (a, b, c) if x != NO_TOKEN]
        assert e.result == token_sum_view(tokens)
        games = [GALLERY.options] * len(tokens)
        want = plain_outcomes(product_graph(games, tuple(tokens)))[tuple(tokens)]
        total = gl.loopy_grundy(gl.Sum(*[GALLERY] * len(tokens)), tuple(tokens))
        assert gl.loopy_outcome(gl.Sum(*[GALLERY] * len(tokens)), tuple(tokens)) == want
        last = token_sum_table(tokens).text.splitlines()[-1].split()
        assert last[-2:] == [str(total), want]
        assert token_sum_table(tokens).html in e.output.value
        if sum(isinstance(gl.loopy_grundy(GALLERY, t), Infinity) for t in tokens) >= 2:
            assert want == "D" and "∞{}" in e.output.value
        checked += 1
        outcomes.add(want)
    assert checked == 10 ** 3 - 1 and outcomes == {"P", "N", "D"}
    for m in menus:
        m.value = NO_TOKEN
    assert "at least one token" in e.output.value


# -- the play widget ---------------------------------------------------------------------

def play_out(game, start, rng, *, computer_first=False, max_moves=60):
    """Play a random opponent against the widget; check gamelab's promises on the way."""
    w = LoopyPlayWidget(game, start, computer_first=computer_first, max_moves=max_moves)
    adj = {u: list(game.options(u)) for u in game.nodes}
    want = plain_outcomes(adj)
    steps = 0
    while w.winner is None:
        steps += 1
        assert steps <= max_moves
        w.play(rng.choice(w.legal_moves()))
        if w.history[-1][2] == "gamelab":
            mover_from = w.history[-1][0]  # where gamelab had to move
            if want[mover_from] == "N":
                assert want[w.position] == "P" and w.plan == "win"
            elif want[mover_from] == "D":
                assert want[w.position] == "D" and w.plan == "draw"
            else:                          # lost: the fewest winning replies it can leave
                assert w.plan == "lose"
                replies = {o: sum(want[k] == "P" for k in adj[o]) for o in adj[mover_from]}
                assert replies[w.position] == min(replies.values()), (mover_from, replies)
    return w, want


def test_gamelab_wins_when_it_can_and_never_loses_a_draw():
    rng = random.Random(5)
    results = set()
    for seed in range(25):
        game = random_digraph(rng.randint(2, 9), rng.choice([15, 25, 35]), seed)
        for start in game.nodes:
            for computer_first in (False, True):
                w, want = play_out(game, start, rng, computer_first=computer_first)
                first_to_move = "gamelab" if computer_first else "you"
                # gamelab's side of the start decides what it must achieve
                if computer_first and want[start] == "N":
                    assert w.winner == "gamelab"
                if computer_first and want[start] == "D":
                    assert w.winner in ("gamelab", "draw")
                if not computer_first and want[start] == "P":
                    assert w.winner == "gamelab"
                if not computer_first and want[start] == "D":
                    assert w.winner in ("gamelab", "draw")
                assert w.reason in ("no move", "repetition", "move cap"), first_to_move
                results.add(w.winner)
    assert results == {"you", "gamelab", "draw"}


def test_a_drawn_game_ends_by_repetition():
    w = LoopyPlayWidget(GALLERY, "k")
    assert w.outcome() == "D" and w.drawing() == ["k"] and w.winning() == []
    w.play("k")
    assert w.winner == "draw" and w.reason == "repetition"
    assert "came back" in w.status.value and "holds the draw" in w.status.value
    assert w.moves_box.children == ()
    with pytest.raises(ValueError, match="over"):
        w.play("k")
    w.reset()
    assert w.winner is None and w.history == [] and len(w.moves_box.children) == 2


def test_the_move_cap_ends_a_long_game():
    # a ring of 30 positions with a dead end at each: every position is a draw
    ring = Digraph({**{i: ((i + 1) % 30, f"x{i}") for i in range(30)},
                    **{f"x{i}": (f"y{i}",) for i in range(30)},
                    **{f"y{i}": () for i in range(30)}})
    assert gl.loopy_outcome(ring, 0) == "D"
    w = LoopyPlayWidget(ring, 0, max_moves=10)
    while w.winner is None:
        w.play((w.position + 1) % 30)
    assert w.winner == "draw" and w.reason == "move cap" and len(w.history) == 10
    assert "10 moves" in w.status.value


def test_hint_colours_winning_and_drawing_moves():
    w = LoopyPlayWidget(GALLERY, "m")
    assert w.hint.description == "Hint: winning and drawing moves"
    assert w.legend.value == ""                      # no legend while the hint is off
    w.hint.value = True
    styles = {b.description: b.style.button_color for b in w.moves_box.children}
    assert styles["z"] == WIN_MARK.colour == gl.display.P_COLOUR and not styles["m"]
    w.reset("k")
    styles = {b.description: b.style.button_color for b in w.moves_box.children}
    assert styles["k"] == DRAW_MARK.colour and not styles["y"]
    # the draw's grey is not the plain button's, nor the grey of a D-position in a table
    assert DRAW_MARK.colour.upper() not in ("#EEEEEE", gl.display.D_COLOUR.upper())
    text = re.sub(r"<[^>]+>", "", w.legend.value)
    assert text == "blue: wins · grey: keeps the draw"


def test_the_loopy_widget_has_the_play_widget_layout():
    plain = PlayWidget(gl.Bash(3), 7)
    loopy = LoopyPlayWidget(GALLERY, "k")
    shape = [type(c).__name__ for c in plain.widget.children]
    assert [type(c).__name__ for c in loopy.widget.children] == shape
    controls = loopy.widget.children[-1].children
    assert controls == (loopy.hint, loopy.new_game, loopy.legend)
    loopy.play("y")                        # a mistake; gamelab wins
    plain.play(4)
    for w in (plain, loopy):
        assert "gamelab-history" in w.status.value and "overflow-y:auto" in w.status.value
    assert "gamelab can force a win" in loopy.status.value


def test_a_long_loopy_game_keeps_its_whole_history():
    w = LoopyPlayWidget(Digraph({i: ((i + 1) % 40, f"x{i}") for i in range(40)}
                                | {f"x{i}": (f"y{i}",) for i in range(40)}
                                | {f"y{i}": () for i in range(40)}), 0, max_moves=30)
    while w.winner is None:
        w.play((w.position + 1) % 40)
    moved = [ln for ln in re.sub(r"<[^>]+>", "\n", w.status.value).splitlines()
             if ln.startswith(("you: ", "gamelab: "))]
    assert len(moved) == len(w.history) == 30          # every move, not the last few


def test_a_lost_gamelab_delays_and_a_stuck_start_is_over():
    w = LoopyPlayWidget(GALLERY, "x", computer_first=True)  # x = 2: gamelab wins at once
    assert w.winner == "gamelab" and w.history == [("x", "z", "gamelab")]
    w = LoopyPlayWidget(GALLERY, "z")
    assert w.winner == "gamelab" and w.reason == "no move"
    w = LoopyPlayWidget(GALLERY, "b", computer_first=True)  # b = 0: gamelab is lost
    assert w.plan == "lose"
    assert "gamelab is losing: it plays the move that leaves you the fewest winning replies" \
        in w.status.value


def test_a_lost_gamelab_leaves_the_fewest_winning_replies_then_the_longest_loss():
    # from s gamelab is lost: a leaves two winning replies, b and c one each; c's loss
    # is the longer (c -> d -> e -> f, where b -> g ends at once)
    game = Digraph({"s": "abc", "a": "pq", "b": "g", "c": "d", "d": "e", "e": "f",
                    "f": "", "g": "", "p": "", "q": ""})
    want = plain_outcomes({u: list(game.options(u)) for u in game.nodes})
    assert want["s"] == "P"
    w = LoopyPlayWidget(game, "s", computer_first=True)
    assert w.history[0] == ("s", "c", "gamelab") and w.plan == "lose"
    assert [w.replies(o) for o in "abc"] == [2, 1, 1]


@pytest.mark.parametrize("call, error, word", [
    (lambda: LoopyPlayWidget(GALLERY, "q"), ValueError, "position"),
    (lambda: LoopyPlayWidget(GALLERY, "k", max_moves=1), ValueError, "max_moves"),
    (lambda: LoopyPlayWidget(GALLERY, "k", max_moves=2.5), TypeError, "max_moves"),
    (lambda: LoopyPlayWidget(GALLERY, "k", computer_first=1), TypeError, "computer_first"),
    (lambda: LoopyPlayWidget(None, "k"), TypeError, "game"),
    (lambda: DigraphExplorer(n=17), ValueError, "n"),
    (lambda: DigraphExplorer(density=-5), ValueError, "density"),
    (lambda: DigraphExplorer(seed="1"), TypeError, "seed"),
    (lambda: TokenSumExplorer(tokens=("k", "q")), ValueError, "position"),
    (lambda: TokenSumExplorer(tokens=("k", "y", "x", "a")), ValueError, "tokens"),
    (lambda: TokenSumExplorer(tokens="k"), TypeError, "tokens"),
])
def test_bad_input(call, error, word):
    with pytest.raises(error) as info:
        call()
    assert word in str(info.value)


def test_play_rejects_an_illegal_move():
    w = LoopyPlayWidget(GALLERY, "k")
    with pytest.raises(ValueError, match="not a legal move"):
        w.play("z")


def test_a_drawn_game_says_draw_and_why_in_the_language_of_the_moment():
    before = gl.language()
    try:
        gl.set_language("zh_CN")
        w = LoopyPlayWidget(GALLERY, "k")
        w.play("k")
        assert (w.winner, w.reason) == ("draw", "repetition")
        assert f"{w.winner} ({w.reason})" == "平局 (局面重复)"
        w.reset("m")
        w.play("m")
        assert (w.winner, w.reason) == ("gamelab", "no move")
        assert f"{w.winner} ({w.reason})" == "gamelab (无路可走)"
        assert [str(who) for _, _, who in w.history] == ["你", "gamelab"]
        w = LoopyPlayWidget(GALLERY, "k", max_moves=2)
        w.play("k")
        assert str(w.reason) == "局面重复"
        gl.set_language("en")
        assert f"{w.winner} ({w.reason})" == "draw (repetition)"
    finally:
        gl.set_language(before)
