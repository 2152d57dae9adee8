"""Lecture 01 (the Bash game): the closed form, the answering strategy, the game in
disguise and two Bash heaps, as tests."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl

from gamelab_testing import NOTEBOOKS


def bash_rule(m):
    return lambda n: [n - k for k in range(1, m + 1) if k <= n]


# -- the closed form and the strategy ------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.integers(1, 40), st.integers(0, 400))
def test_bash_closed_form_against_search(m, n):
    rule = bash_rule(m)
    assert gl.grundy(gl.Bash(m), n) == gl.search_grundy(rule, n) == n % (m + 1)
    assert gl.outcome(gl.Bash(m), n) == gl.search_outcome(rule, n)
    assert gl.winning_moves(gl.Bash(m), n) == gl.search_winning_moves(rule, n)
    assert gl.winning_moves(gl.Bash(m), n) == ([n - n % (m + 1)] if n % (m + 1) else [])


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 12), st.integers(0, 200))
def test_bash_answer_strategy_restores_multiples(m, n):
    # from a multiple of m + 1, any take k is answered by m + 1 - k
    n = n - n % (m + 1)
    for k in range(1, min(m, n) + 1):
        assert (n - k - (m + 1 - k)) % (m + 1) == 0
        assert gl.search_outcome(bash_rule(m), n - k) == "N"
        assert n - k - (m + 1 - k) in gl.search_winning_moves(bash_rule(m), n - k)


@pytest.mark.parametrize("m", range(1, 8))
def test_counting_to_n_is_the_bash_game(m):
    for target in range(0, 60):
        count = lambda t: [t + k for k in range(1, m + 1) if t + k <= target]
        for total in range(target + 1):
            assert gl.search_outcome(count, total) == gl.outcome(gl.Bash(m), target - total)


def test_play_widget_on_bash_always_wins_from_an_n_position():
    from gamelab.widgets import PlayWidget

    w = PlayWidget(gl.Bash(3), 21, computer_first=True)
    assert w.position == 20
    while w.winner is None:
        w.play(w.legal_moves()[-1])
    assert w.winner == "gamelab"


# -- exercise 1.5: two Bash heaps ----------------------------------------------------------

@pytest.mark.parametrize("m", range(1, 6))
def test_two_bash_heaps_are_p_exactly_when_congruent(m):
    rule = bash_rule(m)
    two = lambda p: [(a, p[1]) for a in rule(p[0])] + [(p[0], b) for b in rule(p[1])]  # noqa: E731
    for a in range(22):
        for b in range(22):
            assert (gl.search_outcome(two, (a, b)) == "P") == (a % (m + 1) == b % (m + 1))
            if a % (m + 1) > b % (m + 1):
                assert (a - (a % (m + 1) - b % (m + 1)), b) in gl.search_winning_moves(two, (a, b))


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("01_bash.ipynb", ["巴什博弈", "hdu1846", "hdu2188", "hdu2149", "PlayWidget", "BashExplorer",
                       "S = {1, …, m}", "§1.1–1.4", "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
