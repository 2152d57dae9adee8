"""Lecture 06 (Fibonacci Nim): its claims, the corrected lemma, the HDU 2516 exercise and
the lecture's exercises, as tests."""
from __future__ import annotations

import json
import random

import pytest

import gamelab as gl
from gamelab.exercises import check as ck
from gamelab.exercises.references import fibonacci as ex_fib
from gamelab.games.fibonacci import fibonacci_numbers

from gamelab_testing import NOTEBOOKS


# -- claims of the lecture -----------------------------------------------------------------

def test_fibonacci_nim_first_player_loses_on_fibonacci_numbers():
    g = gl.FibonacciNim()
    assert [n for n in range(1, 120) if gl.search_outcome(g, g.start(n)) == "P"] == fibonacci_numbers(120)


def test_non_consecutive_terms_more_than_double():
    """F_i > 2 F_{i-2}: the gap that makes the strategy work (for F_i >= 3)."""
    fibs = fibonacci_numbers(10**30)
    assert all(fibs[i] > 2 * fibs[i - 2] for i in range(2, len(fibs)))


def test_misere_fibonacci_nim_has_no_losing_start():
    """Lecture 06, exercise 4: take all but one stone, and the opponent must take the last."""
    g = gl.FibonacciNim()
    assert [n for n in range(1, 80) if gl.search_outcome(g, g.start(n), misere=True) == "P"] == []
    for n in range(2, 80):
        assert (1, 2 * (n - 1)) in gl.winning_moves(g, g.start(n), misere=True)


def test_lecture_examples():
    f = gl.FibonacciNim()
    assert [2026 - h for h, _ in gl.winning_moves(f, f.start(2026))] == [5, 52, 429]
    assert gl.winning_moves(f, f.start(1000)) == [(987, 26)]


# -- the correction: rows without P --------------------------------------------------------

def test_fibonacci_rows_are_p_then_n_and_some_have_no_p():
    """Each row (heap fixed) is P below z(heap) and N from z(heap) on; rows with z = 1 have no P."""
    g = gl.FibonacciNim()
    no_p = []
    for heap in range(1, 50):
        row = [gl.search_outcome(g, (heap, limit)) for limit in range(1, 2 * heap + 1)]
        z = gl.zeckendorf(heap)[-1]
        assert row == ["P"] * (z - 1) + ["N"] * (len(row) - z + 1)
        if "P" not in row:
            no_p.append(heap)
    assert no_p[:5] == [1, 4, 6, 9, 12]
    assert all(gl.zeckendorf(h)[-1] == 1 for h in no_p)


# -- registered exercises ------------------------------------------------------------------

def _hdu2516_by_search(text):
    g = gl.FibonacciNim()
    out = []
    for n in map(int, text.split()):
        if n == 0:
            break
        out.append("Second win" if gl.search_outcome(g, g.start(n)) == "P" else "First win")
    return out


def test_hdu2516_against_search_of_the_original_game():
    """No official sample: the solver is checked against plain search on the game itself."""
    rng = random.Random(2516)
    text = "".join(f"{rng.randint(2, 90)}\n" for _ in range(60)) + "0\n"
    assert ex_fib.hdu2516(text).split("\n")[:-1] == _hdu2516_by_search(text)
    for case in ck.exercise("hdu2516").all_cases():
        small = [n for n in map(int, case.split()) if n]
        if max(small) <= 90:
            assert ex_fib.hdu2516(case).split("\n")[:-1] == _hdu2516_by_search(case)
        else:
            assert ex_fib.hdu2516(case).split("\n")[:-1] == [
                "Second win" if n in fibonacci_numbers(2**31) else "First win" for n in small]
    assert ck.verify("hdu2516", ex_fib.hdu2516)[0]
    ok, report = ck.verify("hdu2516", lambda text: "First win\n")
    assert not ok and "wrong on case 1" in report


def test_hdu2516_bad_input():
    with pytest.raises(TypeError, match="input_text"):
        ex_fib.hdu2516(None)
    with pytest.raises(ValueError, match="at least 2"):
        ex_fib.hdu2516("1\n0\n")
    with pytest.raises(ValueError, match="end with"):
        ex_fib.hdu2516("5\n")


def test_fibonacci_value_and_function_exercises():
    assert ck.verify("ex-06-1", 13)[0] and not ck.verify("ex-06-1", 987)[0]
    # 2028 is too large for plain search; the rule "x wins when z(heap - x) > 2x" (tested
    # against search above) gives the takes one by one
    assert ex_fib.winning_takes_2028() == {x for x in range(1, 2028)
                                           if gl.zeckendorf(2028 - x)[-1] > 2 * x}
    assert ck.verify("ex-06-2", {2, 54, 431})[0]
    assert not ck.verify("ex-06-2", {2, 7, 20, 54, 431})[0]
    assert ck.verify("ex-06-4", lambda n: True)[0]
    assert not ck.verify("ex-06-4", lambda n: n not in fibonacci_numbers(100))[0]
    assert [ex_fib.misere_first_player_wins(n) for n in range(1, 40)] == [True] * 39


# -- the corrected lemma, the count below 2**31, winning takes -----------------------------

def _fib(n):
    f = [0, 1]
    while len(f) < n:
        f.append(f[-1] + f[-2])
    return f


def test_fact_b_bounded_from_the_top():
    """y < F_i with r Zeckendorf terms, smallest F_j: y <= F_i - F_{i-2r}, F_i - y >= F_{j-1} >= F_j/2."""
    f = _fib(30)
    index = {f[i]: i for i in range(2, 30)}
    for i in range(3, 19):
        for y in range(1, f[i]):
            ks = sorted(index[t] for t in gl.zeckendorf(y))
            j, r = ks[0], len(ks)
            assert all(ks[r - 1 - s] <= i - 1 - 2 * s for s in range(r))
            assert y <= f[i] - f[i - 2 * r]
            assert f[i] - y >= f[j - 1] >= f[j] / 2


def test_the_bottom_up_bound_is_false():
    """The old fact (b), y <= F_j + F_{j+2} + ... below F_i, fails 276 times for i <= 15."""
    f = _fib(20)
    index = {f[i]: i for i in range(2, 20)}
    failures = [(i, y) for i in range(3, 16) for y in range(1, f[i])
                if y > sum(f[m] for m in range(min(index[t] for t in gl.zeckendorf(y)), i, 2))]
    assert (6, 6) in failures and (7, 10) in failures
    assert len(failures) == 276


def test_fibonacci_numbers_below_two_to_the_31():
    f = _fib(60)
    indices = [i for i in range(1, 60) if f[i] < 2**31]
    assert indices == list(range(1, 47))                       # F_1 .. F_46
    assert len({f[i] for i in indices}) == 45                  # F_1 = F_2 = 1
    assert f[46] == 1836311903 and f[47] == 2971215073 > 2**31
    assert len(fibonacci_numbers(2**31)) == 45


def test_every_winning_take_is_a_sum_of_smallest_terms():
    g = gl.FibonacciNim()
    for heap in range(1, 80):
        terms = gl.zeckendorf(heap)[::-1]
        partial = {sum(terms[:t]) for t in range(1, len(terms) + 1)}
        for limit in range(1, heap + 1):
            takes = {heap - h for h, _ in gl.search_winning_moves(g, (heap, limit))}
            assert takes <= partial
            assert len(takes) <= len(terms)


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("06_fibonacci_nim.ipynb", ["Lekkerkerker", "from the\ntop", "45 Fibonacci numbers",
                                "F_i − F_{i−2r}", "Epp", "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
