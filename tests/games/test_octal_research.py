"""gamelab.games.octal_proof: octal games at research scale, periods that need millions
of values, proven by the sparse-space kernel and the Guy-Smith theorem, and long prefixes
checked against the plain computation (every option of every heap).

0.376 and 0.354 are in Flammenkamp's table of octal games with these
periods.  The proofs of 0.104, 0.1077, 0.054, 0.056 and 0.1777 (about 420
million values each) are lecture 11's research-scale table: they are tested
with it, in tests/test_headline_budgets.py.
"""
from __future__ import annotations

import numpy as np
import pytest

from gamelab.games import octal_kernel as K
from gamelab.games.octal_rules import Rules
from gamelab.periodicity import guy_smith_period, needed_length
from gamelab_testing import RESEARCH_GROUP, digits_of, plain_values, research_proof


@pytest.mark.slow
@RESEARCH_GROUP
def test_0_376_is_proven():
    # preperiod 2268248, period 4: about 4.5 million values, proven within 10**7 heaps
    rules = Rules.from_code("0.376")
    found, state = research_proof("0.376")
    assert found == (2268248, 4)
    need = needed_length(2268248, 4, rules.t)
    assert state.length == need <= 10**7
    g = state.values[:need]
    assert g.dtype == np.uint8
    assert np.array_equal(g[2268248 + 4:], g[2268248:need - 4])
    assert g[2268247 + 4] != g[2268247]
    assert guy_smith_period(g, rules.t) == (2268248, 4)


@pytest.mark.slow
@RESEARCH_GROUP
def test_0_354_is_proven():
    # preperiod 10061916, period 1180: about 20 million values, proven within 3 * 10**7 heaps
    rules = Rules.from_code("0.354")
    found, state = research_proof("0.354")
    assert found == (10061916, 1180)
    assert state.length == needed_length(10061916, 1180, rules.t) <= 3 * 10**7


@pytest.mark.slow
@pytest.mark.parametrize("code", ["0.376", "0.354"])
def test_a_long_prefix_agrees_with_the_plain_computation(code):
    n = 50_000
    fast = K.compute_values(Rules.from_code(code), n)
    assert fast.tolist() == plain_values(digits_of(code), n).tolist()


@pytest.mark.slow
def test_grundys_game_long_prefix_agrees_with_the_plain_computation():
    n = 50_000
    fast = K.compute_values(Rules.grundys_game(), n)
    assert fast.tolist() == plain_values((0,), n, unequal_split=True).tolist()


@pytest.mark.slow
def test_0_376_through_the_game():
    import gamelab as gl

    game = gl.TakeAndBreak("0.376")
    assert game.period() is None                 # the default limit asks for too few heaps
    assert game.period(10**7) == (2268248, 4)
    values = game.grundy_sequence(2268248 + 12)
    n = 10**30
    assert game.grundy(n) == values[2268248 + (n - 2268248) % 4]
