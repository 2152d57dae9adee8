"""Lecture 05 (Wythoff's game): its claims, the POJ 1067 exercise and the floating-point
pitfall of the classic solutions, as tests."""
from __future__ import annotations

import json
import math
import random
from decimal import Decimal, getcontext

import pytest

import gamelab as gl
from gamelab.exercises import check as ck
from gamelab.exercises.references import wythoff as ex_wyt
from gamelab.exercises.references.wythoff import poj1067
from gamelab.games.fibonacci import fibonacci_numbers

from gamelab_testing import NOTEBOOKS, judge_sample, same_tokens


WYTHOFF = gl.Wythoff()


def float_lower(k):
    """The floating-point formula of the classic solutions (IEEE double precision)."""
    return math.floor((math.sqrt(5.0) + 1) / 2 * k)


# -- POJ 1067 ------------------------------------------------------------------------------

def test_poj1067_official_sample():
    text, expected = judge_sample("poj1067")
    assert same_tokens(poj1067(text), expected)


def test_poj1067_against_search():
    rng = random.Random(1067)
    pairs = [(rng.randrange(40), rng.randrange(40)) for _ in range(300)] + [(0, 0), (0, 5), (5, 0)]
    text = "\n".join(f"{a} {b}" for a, b in pairs)
    expected = ["0" if gl.search_outcome(WYTHOFF, p) == "P" else "1" for p in pairs]
    assert poj1067(text).split() == expected


def test_poj1067_large_inputs_near_a_billion():
    cases = {
        (165580140, 267914295): "0",  # k = 102334155 = F_40: the float formula says 1
        (267914295, 165580140): "0",
        (165580141, 267914296): "1",  # the float formula says 0
        (433494436, 701408732): "0",  # k = 267914296 = F_42
        (433494437, 701408733): "1",
        (1000000000, 1000000000): "1",
        (0, 1000000000): "1",
        (618033988, 1000000000): "0" if gl.outcome(WYTHOFF, (618033988, 1000000000)) == "P" else "1",
    }
    text = "".join(f"{a} {b}\n" for a, b in cases)
    assert poj1067(text).split() == list(cases.values())
    # the P-positions with a, b <= 10**9 near the top end
    k = 381966011
    a, b = gl.wythoff_pair(k)
    assert b <= 10**9 and poj1067(f"{a} {b}\n{b} {a}\n{a} {b - 1}") == "0\n0\n1\n"


def test_poj1067_bad_input():
    with pytest.raises(TypeError, match="text"):
        poj1067(None)
    with pytest.raises(TypeError, match="text"):
        poj1067(b"1 2")
    with pytest.raises(ValueError, match="pairs"):
        poj1067("1 2 3")
    with pytest.raises(ValueError, match="integer"):
        poj1067("1 x")
    with pytest.raises(ValueError, match=">= 0"):
        poj1067("1 -2")
    assert poj1067("") == ""


# -- the floating-point pitfall ------------------------------------------------------------

def test_float_formula_fails_at_a_fibonacci_number():
    k = 102334155
    assert k in fibonacci_numbers(k)
    assert gl.wythoff_pair(k) == (165580140, 267914295)
    assert float_lower(k) == 165580141  # one too many
    assert gl.outcome(WYTHOFF, (165580140, 267914295)) == "P"


def test_float_failures_below_a_billion_are_fibonacci():
    """Scanning the Fibonacci k (the dangerous ones) up to a billion: the float
    formula is wrong exactly at F_40, F_42 and F_44, and right at every other."""
    fibs = fibonacci_numbers(10**9)
    wrong = [k for k in fibs if float_lower(k) != gl.wythoff_pair(k)[0]]
    assert wrong == [102334155, 267914296, 701408733]


def test_float_formula_is_right_for_small_k():
    assert all(float_lower(k) == gl.wythoff_pair(k)[0] for k in range(200_000))


def test_fibonacci_multiples_of_phi_are_nearly_integers():
    """|F_n phi - F_{n+1}| = phi**-n (F_1 = F_2 = 1), checked with 80 digits."""
    getcontext().prec = 80
    phi = (1 + Decimal(5).sqrt()) / 2
    f = [0, 1, 1]
    while len(f) < 60:
        f.append(f[-1] + f[-2])
    for n in range(1, 58):
        assert abs(abs(f[n] * phi - f[n + 1]) - phi ** -n) < Decimal(10) ** -60
    assert abs(f[40] * phi - f[41]) < Decimal("5e-9")
    assert f[40] == 102334155 and f[41] == 165580141


POJ_FLOAT_FAILURES = [102334155, 141422324, 180510493, 204668310, 219598662, 243756479,
                      267914296, 282844648, 307002465, 321932817, 336863169, 346090634,
                      361020986, 370248451]


def test_largest_k_within_poj_limits():
    k = 381966011
    assert gl.wythoff_pair(k)[1] <= 10**9 < gl.wythoff_pair(k + 1)[1]


def test_float_failures_have_only_large_zeckendorf_terms():
    """k phi is within phi**-n of an integer for each Zeckendorf term F_n of k,
    so k with only large terms are the dangerous ones."""
    fib_index = {f: i + 2 for i, f in enumerate(fibonacci_numbers(10**9))}  # F_2 = 1
    for k in POJ_FLOAT_FAILURES:
        assert float_lower(k) == gl.wythoff_pair(k)[0] + 1
        assert min(fib_index[t] for t in gl.zeckendorf(k)) >= 34


@pytest.mark.slow
def test_every_float_failure_within_poj_limits():
    """A full scan of k <= 381966011 (every P-position with heaps <= 10**9)."""
    np = pytest.importorskip("numpy")
    phi = (math.sqrt(5.0) + 1) / 2
    top = 381966011
    failures = []
    step = 2_000_000
    for lo in range(1, top + 1, step):
        k = np.arange(lo, min(lo + step, top + 1), dtype=np.uint64)
        a = np.floor(phi * k.astype(np.float64)).astype(np.uint64)
        low, high, five = 2 * a - k, 2 * a + 2 - k, 5 * k * k  # exact: all below 2**63
        exact = (low * low < five) & (five < high * high)
        failures.extend(int(x) for x in k[~exact])
    assert failures == POJ_FLOAT_FAILURES


# -- claims of the lecture -----------------------------------------------------------------

def test_the_two_to_one_conjecture_is_refuted():
    """'Losing positions are those with one heap twice the other' is false."""
    doubles = [(n, 2 * n) for n in range(1, 30)]
    refuted = [p for p in doubles if gl.search_outcome(WYTHOFF, p) == "N"]
    assert refuted[0] == (2, 4)
    assert (2, 1) in gl.search_winning_moves(WYTHOFF, (2, 4))  # take 3: 2:1 again, the other way
    assert gl.search_outcome(WYTHOFF, (3, 5)) == "P"  # and a P-position that is not 2:1


def test_difference_grows_by_one():
    pairs = [gl.wythoff_pair(k) for k in range(200)]
    assert [b - a for a, b in pairs] == list(range(200))


def test_misere_wythoff_changes_only_the_smallest_p_positions():
    """Lecture 05, exercise 3."""
    w = gl.Wythoff()
    normal = {(a, b) for a in range(40) for b in range(40) if gl.search_outcome(w, (a, b)) == "P"}
    misere = {(a, b) for a in range(40) for b in range(40)
              if gl.search_outcome(w, (a, b), misere=True) == "P"}
    assert normal - misere == {(0, 0), (1, 2), (2, 1)}
    assert misere - normal == {(0, 1), (1, 0), (2, 2)}


def test_lecture_examples():
    w = gl.Wythoff()
    assert gl.winning_moves(w, (10, 15)) == [(9, 15), (10, 6), (8, 13)]


# -- the correction: half an ulp -----------------------------------------------------------

def _tried_k():
    """Sums of non-consecutive Fibonacci numbers F_30..F_42 with both heaps at most 10**9."""
    fib = [0, 1]
    while len(fib) < 45:
        fib.append(fib[-1] + fib[-2])

    def sums(i):
        if i < 30:
            return [0]
        return sums(i - 1) + [s + fib[i] for s in sums(i - 2)]
    return [k for k in sums(42) if k and gl.wythoff_pair(k)[1] <= 10**9]


def test_float_formula_fails_exactly_within_half_an_ulp():
    """The float floor is one too many exactly when the exact product k * phi_hat (phi_hat the
    double the formula uses) lies within half an ulp below the next integer, or beyond it;
    'closer than the spacing of doubles' (one ulp) also condemns k that the formula gets right."""
    from fractions import Fraction
    phi_hat = Fraction((math.sqrt(5.0) + 1) / 2)
    within_one_ulp_but_right = 0
    for k in _tried_k():
        n = gl.wythoff_pair(k)[0] + 1
        gap = n - k * phi_hat
        ulp = Fraction(math.ulp(float(n - 1)))
        wrong = float_lower(k) != n - 1
        assert wrong == (gap <= ulp / 2), k
        within_one_ulp_but_right += (gap <= ulp) and not wrong
    assert within_one_ulp_but_right > 0
    # at k = F_40 the error of phi_hat alone already carries k * phi_hat past F_41
    assert 102334155 * phi_hat > 165580141


# -- registered exercises ------------------------------------------------------------------

def test_poj1067_generated_cases_agree_with_the_definition():
    ex = ck.exercise("poj1067")
    for text in ex.all_cases():
        nums = list(map(int, text.split()))
        pairs = list(zip(nums[::2], nums[1::2]))
        want = []
        for a, b in pairs:
            lo, k = min(a, b), abs(a - b)
            if max(a, b) < 40:
                want.append("0" if gl.search_outcome(WYTHOFF, (a, b)) == "P" else "1")
            else:
                want.append("0" if gl.wythoff_pair(k)[0] == lo else "1")
        assert poj1067(text).split() == want
    assert ck.verify("poj1067", poj1067)[0]
    float_solve = lambda text: "".join(  # noqa: E731
        ("0" if min(a, b) == float_lower(abs(a - b)) else "1") + "\n"
        for a, b in zip(*[iter(map(int, text.split()))] * 2))
    ok, report = ck.verify("poj1067", float_solve)
    assert not ok and "wrong on case" in report


def test_wythoff_value_exercises():
    assert ck.verify("ex-05-1", {(9, 15), (10, 6), (8, 13)})[0]
    assert not ck.verify("ex-05-1", {(9, 15), (10, 6)})[0]
    assert ck.verify("ex-05-2", 102334155)[0]
    assert ck.verify("ex-05-2", ...)[1] == "✗ ex-05-2: not answered yet."
    normal = {(a, b) for a in range(12) for b in range(12) if gl.search_outcome(WYTHOFF, (a, b)) == "P"}
    misere = ex_wyt.misere_p_positions(12)
    assert misere ^ normal == {(0, 0), (1, 2), (2, 1), (0, 1), (1, 0), (2, 2)}
    assert ck.verify("ex-05-3", misere)[0] and not ck.verify("ex-05-3", normal)[0]


# -- the induction "least unused = floor(k phi)", misère Wythoff (exercise 5.5) ------------

def test_least_unused_number_is_floor_k_phi():
    used, least = {0}, 1
    for k in range(1, 20001):
        while least in used:
            least += 1
        a = (k + math.isqrt(5 * k * k)) // 2            # floor(k phi), exactly
        assert (least, least + k) == (a, a + k) == gl.wythoff_pair(k)
        used |= {least, least + k}


def test_misere_wythoff_p_positions_are_m_and_the_pairs_from_k_2():
    pairs = [gl.wythoff_pair(k) for k in range(2, 40)]
    claim = {(0, 1), (1, 0), (2, 2)} | set(pairs) | {(b, a) for a, b in pairs}
    found = {(a, b) for a in range(50) for b in range(50)
             if gl.search_outcome(WYTHOFF, (a, b), misere=True) == "P"}
    assert found == {(a, b) for a, b in claim if a < 50 and b < 50}


# -- the notebook teaches what it should ---------------------------------------------------

@pytest.mark.parametrize("name, needles", [
    ("05_wythoff.ipynb", ["Rayleigh", "Wyt Queens", "rules 1–3", "misère form", "Rule 3", "Prove that"]),
])
def test_notebook_covers_its_lecture(name, needles):
    nb = json.loads((NOTEBOOKS / name).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for needle in needles:
        assert needle in text, (name, needle)
