"""Every lecture's headline computation answers with the default budget.

The big figures the lectures publish (their "How far this goes" paragraphs, the
research-scale table of lecture 11, the Summary cells) are computed here again as a
reader would compute them: no ``seconds=`` argument, ``gamelab.engine.SEARCH_WORK``,
``SEARCH_LIMIT``, ``OPTION_LIMIT`` and ``SEARCH_SECONDS`` at their defaults.  A figure
the default budget refuses is tested as the lecture states it: refused at the
default, answered with the budget the lecture names.  No timing is asserted; the
tests of more than a few seconds are marked ``slow``.
"""
from __future__ import annotations

import os

import numpy as np
import pytest

import gamelab as gl
from gamelab.games.octal_proof import find_period
from gamelab_testing import (DAWSON_GROUP, RESEARCH_GROUP, RESEARCH_LIMIT,
                             dawsons_kayles_quotient, research_proof)
from gamelab_testing.limits import assert_default_budget

SLOW = pytest.mark.slow


@pytest.fixture(autouse=True)
def default_budget():
    assert_default_budget()
    yield


# ---------------------------------------------------------------------------
# lecture 10: Kayles to 10**5 (cell "big = gl.Kayles().grundy_sequence(10**5)")

def test_lecture10_kayles_to_ten_to_the_five():
    big = gl.Kayles().grundy_sequence(10**5)
    assert big.shape == (100000,) and big.max() == 8
    assert big[-12:].tolist() == [1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8]


# ---------------------------------------------------------------------------
# lecture 11: the periods (Summary; "Optional: research scale", its table)

def test_lecture11_kayles_and_dawsons_kayles_periods():
    assert gl.Kayles().period(1000) == (71, 12)
    assert gl.DawsonsKayles().period(1000) == (53, 34)
    assert gl.needed_length(71, 12, 2) == 168 and gl.needed_length(53, 34, 2) == 176
    assert gl.grundy(gl.Kayles(), 10**100) == 1


def test_lecture11_three_digit_census_summary():
    table = gl.census.table(3)
    counts = {status: sum(r.status == status for r in table) for status in gl.census.STATUSES}
    assert len(table) == 323
    assert counts == {"trivial": 216, "solved": 13, "open": 94}


@SLOW
@RESEARCH_GROUP
@pytest.mark.parametrize("code, found, values", [
    ("0.376", (2268248, 4), 4_536_507),
    ("0.354", (10061916, 1180), 20_126_195),
])
def test_lecture11_research_scale_periods(code, found, values):
    # gl.prove_period(rules, 10**8) at the default budget, made once for these tests and
    # those of the proofs (tests/games/test_octal_research.py)
    rules = gl.TakeAndBreak(code).rules
    proven, state = research_proof(code)
    assert proven == found and RESEARCH_LIMIT == 10**8
    assert gl.needed_length(*found, rules.t) == values == state.length


# The five periods of about 4 x 10**8 values: the lecture proved them with
# benchmarks/moonshot_octal.py.  gl.prove_period is bounded by its limit, not by
# SEARCH_WORK, so one of them shows in every run that the call answers at the default
# budget; the five, a minute or two of CPU and 1 GiB each, are proven again with
# GAMELAB_RESEARCH=1 (CONTRIBUTING.md, "Tiers").  Each proof is checked on its values:
# the period holds on every value computed, fails one heap earlier, and one value
# fewer proves nothing.
MOONSHOTS = [
    ("0.104", (197769598, 11770282)),
    ("0.1077", (193235615, 10015179)),
    ("0.054", (193235616, 10015179)),
    ("0.056", (193235616, 10015179)),
    ("0.1777", (160949018, 60620715)),
]
EVERY_RUN = "0.104"
RESEARCH = pytest.mark.skipif(os.environ.get("GAMELAB_RESEARCH") != "1",
                              reason="about 420 million values (1-2 minutes of CPU, 1 GiB): "
                                     "set GAMELAB_RESEARCH=1")


@SLOW
@pytest.mark.parametrize("code, found", [
    pytest.param(code, found, marks=() if code == EVERY_RUN else RESEARCH)
    for code, found in MOONSHOTS])
def test_lecture11_moonshot_periods(code, found):
    rules = gl.TakeAndBreak(code).rules
    state = gl.SequenceState()
    limit = 5 * 10**8
    assert gl.prove_period(rules, limit, state=state) == found
    e, p = found
    assert state.length == gl.needed_length(e, p, rules.t) <= limit
    g = state.values
    assert g[e - 1 + p] != g[e - 1]
    assert np.array_equal(g[e + p:state.length], g[e:state.length - p])
    assert find_period(g, rules.t, length=state.length - 1) is None


@SLOW
def test_lecture11_grundys_game_ten_million_values_needs_a_raised_budget():
    # the lecture's table measures the kernel (gl.extend), which has no budget; the public
    # grundy_sequence keeps to SEARCH_WORK: 10**7 values are some 214 million units, so the
    # default refuses (the same way every time), keeping what it computed
    with pytest.raises(ValueError, match=r"up to heap 9999999 needs more than 30,000,000 "
                                         r"units of work; the \d+ values computed so far are "
                                         r"kept.*SEARCH_WORK"):
        gl.GrundysGame().grundy_sequence(10**7)
    assert gl.GrundysGame().sequence.known >= 10**6


# ---------------------------------------------------------------------------
# lecture 12: a random picture of 3000 edges, a stalk of 10**5 edges

@SLOW
def test_lecture12_big_pictures():
    G = gl.GreenHackenbush()
    assert gl.grundy(G, gl.random_graph(3000, seed=11)) == 4
    assert gl.grundy(G, gl.stalk(10**5)) == 100000


# ---------------------------------------------------------------------------
# lecture 14: a single head of Turning Corners at the far corner of a 5 x 5 board, by
# plain search (the lecture says 6 x 6 "does not finish within gamelab's search budget";
# it is refused, but only after minutes, so it is not tested here)

def single_head(r, c, rows, cols):
    return tuple("".join("H" if (i, j) == (r, c) else "T" for j in range(1, cols + 1))
                 for i in range(1, rows + 1))


@SLOW
def test_lecture14_turning_corners_five_by_five_by_search():
    corners = gl.TartanGame.named("turning_corners")
    assert gl.search_grundy(corners, single_head(5, 5, 5, 5)) == gl.nim_mul(4, 4) == 6


# ---------------------------------------------------------------------------
# lecture 15: misère quotients (Summary; "How far this goes")

def test_lecture15_dawsons_kayles_to_row_20():
    q = gl.misere_quotient(gl.DawsonsKayles(), 20)
    assert (q.order, len(q.p_portion)) == (24, 5)


def test_lecture15_the_table_of_orders():
    for code, n, order in [("0.3333", 3, 6), ("0.07", 9, 6), ("0.07", 12, 12), ("0.07", 20, 24),
                           ("0.77", 8, 12), ("0.137", 16, 24), ("0.6", 12, 48)]:
        assert gl.misere_quotient(gl.TakeAndBreak(code), n).order == order, (code, n)


def test_lecture15_dawsons_kayles_still_24_at_row_24():
    assert gl.misere_quotient(gl.DawsonsKayles(), 24).order == 24


@SLOW
@DAWSON_GROUP
@pytest.mark.parametrize("row, order", [(30, 360), (31, 520)])
def test_lecture15_dawsons_kayles_research_rows(row, order):
    # gl.misere_quotient(gl.DawsonsKayles(), row) at the default budget, made once for this
    # test and the check of its outcomes by plain search (tests/test_misere_quotient.py)
    assert dawsons_kayles_quotient(row).order == order


@SLOW
def test_lecture15_dawsons_kayles_row_33_with_the_raised_budget(monkeypatch):
    # the lecture says so: row 33 needs more than the default 30,000,000 units of work
    with pytest.raises(ValueError, match="did more than 30,000,000 units of work"):
        gl.misere_quotient(gl.DawsonsKayles(), 33)
    monkeypatch.setattr(gl.engine, "SEARCH_WORK", 200_000_000)   # some 107 million needed
    assert gl.misere_quotient(gl.DawsonsKayles(), 33).order == 638
