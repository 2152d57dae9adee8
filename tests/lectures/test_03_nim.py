"""Lecture 03 (Nim): Bouton's theorem, POJ 1740's paired positions, Moore's Nim, Poker-Nim
and Northcott's game, each checked by plain search."""
from __future__ import annotations

import json

import pytest

import gamelab as gl

from gamelab_testing import NOTEBOOKS


# -- Bouton's theorem ----------------------------------------------------------------------

def test_bouton_by_search():
    nim = gl.Nim()
    checked = 0
    for a in range(8):
        for b in range(8):
            for c in range(8):
                assert gl.search_grundy(nim, (a, b, c)) == a ^ b ^ c
                checked += 1
    assert checked == 512


def test_seed_example_13_12_8():
    assert gl.nim_sum([13, 12, 8]) == 9
    assert gl.winning_moves(gl.Nim(), (13, 12, 8)) == [(4, 12, 8), (13, 5, 8), (13, 12, 1)]
    assert gl.search_winning_moves(gl.Nim(), (13, 12, 8)) == [(4, 12, 8), (13, 5, 8), (13, 12, 1)]


# -- POJ 1740's paired positions -----------------------------------------------------------

def test_new_stone_moves_from_paired_leave_an_odd_level():
    import itertools
    from collections import Counter

    from gamelab.exercises.helpers import new_stone_options

    def paired(piles):
        return all(c % 2 == 0 for c in Counter(piles).values())

    def odd_level(piles):
        return any(sum(h >= v for h in piles) % 2 for v in range(1, max(piles, default=0) + 1))

    for n in range(0, 7, 2):
        for p in itertools.combinations_with_replacement(range(1, 6), n):
            assert paired(p) == (not odd_level(p))
            if paired(p):
                for q in new_stone_options(p):
                    assert odd_level(q), (p, q)
    # the move the copy argument misses: stones moved onto the partner pile
    assert (3,) in new_stone_options((2, 2))
    assert gl.search_outcome(new_stone_options, (3,)) == "N"


# -- Moore's values, reversible moves ------------------------------------------------------

def test_moore_nim_with_at_most_k_heaps_is_worth_the_total():
    import itertools
    for k in (1, 2, 3):
        game = gl.MooreNim(k)
        for size in range(1, k + 1):
            for p in itertools.product(range(5), repeat=size):
                assert gl.search_grundy(game, p) == sum(p)


def _poker_budget(position):
    heaps, budget = position
    options = []
    for i, h in enumerate(heaps):
        options += [(heaps[:i] + (new,) + heaps[i + 1:], budget) for new in range(h)]
        if budget:
            options += [(heaps[:i] + (new,) + heaps[i + 1:], budget - 1)
                        for new in range(h + 1, h + 4)]
    return options


def _poker_nim(position):
    heaps, mine, theirs = position
    return [(heaps[:i] + (new,) + heaps[i + 1:], theirs, mine + h - new)
            for i, h in enumerate(heaps) for new in range(h + mine + 1) if new != h]


def test_poker_nim_is_won_like_nim():
    import itertools
    for heaps in itertools.product(range(4), repeat=3):
        for budget in range(3):
            assert gl.search_grundy(_poker_budget, (heaps, budget)) == gl.nim_sum(heaps)
    for heaps in itertools.product(range(4), repeat=2):
        for mine, theirs in itertools.product(range(4), repeat=2):
            expected = "N" if gl.nim_sum(heaps) else "P"
            assert gl.loopy_outcome(_poker_nim, (heaps, mine, theirs)) == expected


def test_reversal_is_a_winning_answer_in_poker_nim():
    """The reply that takes back an addition restores a P-position."""
    import itertools
    for heaps in itertools.product(range(4), repeat=2):
        if gl.nim_sum(heaps):
            continue
        position = (heaps, 2, 2)
        for heaps2, mover, chips in _poker_nim(position):
            added = [i for i in range(2) if heaps2[i] > heaps[i]]
            if added:
                i = added[0]
                back = (heaps, chips, mover + heaps2[i] - heaps[i])
                assert back in _poker_nim((heaps2, mover, chips))
                assert gl.loopy_outcome(_poker_nim, back) == "P"


def _northcott(width):
    def options(position):
        rows, mover = position
        other = "black" if mover == "white" else "white"
        out = []
        for i, (w, b) in enumerate(rows):
            cols = ([(c, b) for c in range(b) if c != w] if mover == "white"
                    else [(w, c) for c in range(w + 1, width) if c != b])
            out += [(rows[:i] + (row,) + rows[i + 1:], other) for row in cols]
        return out
    return options


def test_northcott_is_nim_on_the_gaps():
    import itertools
    width = 6
    game = _northcott(width)
    pairs = [(w, b) for w in range(width) for b in range(w + 1, width)]
    for rows in itertools.product(pairs, repeat=2):
        gaps = [b - w - 1 for w, b in rows]
        for mover in ("white", "black"):
            expected = "N" if gl.nim_sum(gaps) else "P"
            assert gl.loopy_outcome(game, (rows, mover)) == expected


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("03_nim.ipynb", ["Jenkyns", "Poker-Nim", "Northcott", "reversible", "loopy_outcome",
                      "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
