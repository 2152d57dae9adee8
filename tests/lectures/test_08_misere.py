"""Lecture 08 (misère play): misère Nim, the SJ theorem and where its condition fails,
checked by plain search, and the shape of the notebook."""
from __future__ import annotations

import itertools
import json

import pytest

import gamelab as gl
from gamelab.games.nim import NimHeap
from gamelab.misere import sj_applies, sj_outcome, sj_values

from gamelab_testing import NOTEBOOKS


NIM = gl.Nim()


# -- misère Nim and the SJ theorem ---------------------------------------------------------

def test_misere_differs_from_normal_only_on_heaps_of_zero_and_one():
    for k in range(5):
        for pos in itertools.combinations_with_replacement(range(5), k):
            differs = gl.search_outcome(NIM, pos) != gl.search_outcome(NIM, pos, misere=True)
            assert differs == all(h <= 1 for h in pos), pos


def test_misere_nim_theorem():
    for k in range(5):
        for pos in itertools.product(range(5), repeat=k):
            big = any(h > 1 for h in pos)
            x = gl.nim_sum(pos)
            first_wins = (big and x != 0) or (not big and x == 0)
            assert gl.search_outcome(NIM, pos, misere=True) == ("N" if first_wins else "P")


def test_misere_strategy_is_normal_nim_until_the_last_big_heap():
    for k in range(1, 5):
        for pos in itertools.product(range(5), repeat=k):
            normal = set(gl.search_winning_moves(NIM, pos))
            misere = set(gl.search_winning_moves(NIM, pos, misere=True))
            if normal != misere and any(h > 1 for h in pos):
                # they part only where the normal move leaves heaps of 0 and 1 alone
                for m in normal ^ misere:
                    assert all(h <= 1 for h in m)


def test_value_and_misere_outcome_do_not_decide_a_sum():
    def g(p):
        return {"G": [(1,), "H"], "H": [(3,)]}[p] if isinstance(p, str) else list(NIM.options(p))
    assert gl.grundy(g, "G") == 2 and gl.search_outcome(g, "G", misere=True) == "N"
    assert gl.search_outcome(gl.Sum(g, NimHeap()), ("G", 1), misere=True) == "P"
    assert gl.search_outcome(NIM, (2, 1), misere=True) == "N"


def test_sj_theorem_on_all_small_sums_of_subtraction_games():
    games = [gl.Bash(2), gl.Subtraction({1, 3, 4}), gl.Subtraction({2, 3})]
    checked = 0
    for g1, g2 in itertools.combinations_with_replacement(games, 2):
        s = gl.Sum(g1, g2)
        for pos in itertools.product(range(7), repeat=2):
            values = sj_values(s, pos)
            assert values is not None
            assert sj_outcome(values) == gl.search_outcome(s, pos, misere=True)
            checked += 1
    assert checked == 6 * 49


def test_the_rule_fails_where_the_condition_fails():
    s = gl.Sum(gl.StaircaseNim(), gl.Bash(2))
    assert not sj_applies(s, ((2, 0, 2), 0))
    assert sj_outcome([0, 0]) == "N" != gl.search_outcome(s, ((2, 0, 2), 0), misere=True)


def test_lecture_08_teaches_misere_nim_and_credits_the_sj_rule():
    """Misère Nim is taught in full in 08 (theorem, proof, check against search); the SJ
    condition is presented as a reformulation of Jia Zhihao's rule; the SJ rule is written
    in the notebook and compared with sj_outcome."""
    cells = json.loads((NOTEBOOKS / "08_misere.ipynb").read_text())["cells"]
    md = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "Theorem (Bouton, 1901–1902)" in md and "Proof, part 1" in md and "Proof, part 2" in md
    assert "reformulation of 贾志豪's rule" in md
    assert "def misere_rule(" in code and "misere_rule(v) == gl.sj_outcome(v)" in code
    assert "search_outcome(nim, pos, misere=True)" in code
    assert "sj_violation(row_options, (n,))" in code     # HDU 2509: a row of 5 breaks SJ


def test_rows_of_apples_need_the_direct_proof():
    """HDU 2509's rows: from 5 apples on a row reaches (2, 2), value 0, no option of value 1."""
    from gamelab.exercises.references.misere import row_game
    from gamelab.misere import sj_condition, sj_violation
    rows = row_game()
    assert sj_condition(rows, 4) and not sj_condition(rows, 5)
    assert sj_violation(rows, 5) == (2, 2)
    assert rows.value_of((2, 2)) == 0 and rows.outcome_of((2, 2), misere=True) == "P"
    assert sj_outcome([2, 2]) == "P"


# -- the proof exercises -------------------------------------------------------------------

def sj_part1_move(values):
    """The move of part 1 of the SJ proof, on the values."""
    v, s = list(values), gl.nim_sum(values)
    big = [i for i, h in enumerate(v) if h > 1]
    if len(big) == 1:
        v[big[0]] = 1 - sum(h == 1 for h in v) % 2
        return 1, v
    if big:
        i = next(i for i, h in enumerate(v) if h ^ s < h)
        v[i] ^= s
        return 2, v
    i = v.index(1) if 1 in v else 0
    v[i] = 1 - v[i]
    return 3, v


def test_sj_proof_part_1_lands_where_the_lecture_says():
    landed = {}
    for k in range(1, 6):
        for values in itertools.product(range(7), repeat=k):
            if sj_outcome(values) == "N":
                case, after = sj_part1_move(values)
                assert sj_outcome(after) == "P"
                big, s = any(h > 1 for h in after), gl.nim_sum(after)
                landed.setdefault(case, set()).add((big, s != 0))
    # cases 1 and 3: all values <= 1 and S != 0; case 2: S = 0 with a value above 1
    assert landed == {1: {(False, True)}, 2: {(True, False)}, 3: {(False, True)}}


def test_exercise_08_3_normal_and_misere_nim_share_winning_moves_with_two_big_heaps():
    for k in range(1, 5):
        for pos in itertools.product(range(6), repeat=k):
            normal = set(gl.winning_moves(NIM, pos))
            misere = set(gl.winning_moves(NIM, pos, misere=True))
            assert misere == set(gl.search_winning_moves(NIM, pos, misere=True))
            if sum(h > 1 for h in pos) >= 2:
                assert normal == misere, pos
            else:
                assert not normal & misere, pos


# -- the notebook --------------------------------------------------------------------------

@pytest.fixture(params=["08_misere.ipynb"])
def notebook(request):
    return json.loads((NOTEBOOKS / request.param).read_text())


def test_notebook_shape(notebook):
    cells = notebook["cells"]
    title = "".join(cells[0]["source"])
    assert title.startswith("# 08") and "反常 Nim" in title
    first_code = next(c for c in cells if c["cell_type"] == "code")
    src = "".join(first_code["source"])
    assert "import gamelab as gl" in src and "%matplotlib inline" in src
    text = "\n".join("".join(c["source"]) for c in cells)
    for word in ("## Compute", "## Explore", "## Verify", "## Play", "## Summary"):
        assert word in text

