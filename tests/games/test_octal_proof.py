"""gamelab.games.octal_proof: periods found and proven by the Guy-Smith theorem, both
backends, against gamelab.periodicity and the games' own periods."""
from __future__ import annotations

import numpy as np
import pytest

import gamelab as gl
from gamelab.games import octal_kernel as K
from gamelab.games import octal_proof as P
from gamelab.games.octal_rules import Rules
from gamelab.periodicity import guy_smith_period, needed_length

from gamelab_testing import KERNEL_BACKENDS as BACKENDS


KAYLES = Rules.from_code("0.77")


@pytest.mark.parametrize("call, error, name", [
    (lambda: P.find_period([0, 1, 0, 1], 1), TypeError, "values"),
    (lambda: P.find_period(np.zeros(5, dtype=np.int64), 1, length=6), ValueError, "length"),
    (lambda: P.prove_period(Rules.grundys_game(), 100), ValueError, "rules"),
    (lambda: P.prove_period(KAYLES, 1.5), TypeError, "limit"),
    (lambda: P.prove_period("0.77", 100), TypeError, "rules"),
])
def test_bad_input_is_refused_naming_the_argument(call, error, name):
    with pytest.raises(error, match=name):
        call()


def _sequences():
    rng = np.random.default_rng(2024)
    out = []
    for code in ("0.77", "0.07", "0.137", "0.16", "0.376", "0.6", "4.7"):
        g = K.compute_values(Rules.from_code(code), 800)
        t = gl.TakeAndBreak(code).t
        for L in (5, 40, 150, 167, 168, 300, 800):
            out.append((g[:L].copy(), t))
    for _ in range(60):                      # a random start, then a random period
        e, p, t = (int(x) for x in rng.integers(0, 40, 3))
        p += 1
        block = rng.integers(0, 3, p)
        head = rng.integers(0, 3, e)
        L = int(rng.integers(1, 4 * (e + p) + 10))
        seq = np.concatenate([head, np.resize(block, max(L - e, 0))])[:L].astype(np.int64)
        out.append((seq, t))
    return out


@pytest.mark.parametrize("backend", BACKENDS)
def test_find_period_agrees_with_guy_smith_period(backend):
    for seq, t in _sequences():
        assert P.find_period(seq, t, backend=backend) == guy_smith_period(seq, t), (seq.tolist(), t)


@pytest.mark.parametrize("backend", BACKENDS)
def test_find_period_hint_says_how_many_values_the_proof_needs(backend):
    g = K.compute_values(Rules.from_code("0.77"), 160)
    found, (p, x) = P.find_period(g, 2, backend=backend, hint=True)
    assert found is None
    assert (p, x + 1) == (12, 71) and 2 * (x + 1) + 2 * p + 2 == needed_length(71, 12, 2)


#: The backends, the numpy search of half a million values marked slow.
SLOW_NUMPY = [pytest.param(*b.values, marks=(*b.marks, pytest.mark.slow) if b.values == ("numpy",)
                           else b.marks) for b in BACKENDS]


@pytest.mark.parametrize("backend", SLOW_NUMPY)
def test_the_hint_is_the_nearest_failure_however_many_failed(backend):
    # 0.16 at 482,632 values: more than 64 small candidates fit the last values and fail
    # near the end; the true period, 149,459, fails far back, at heap 105,350, and is the
    # nearest to a proof (2 * 105,351 + 2 * 149,459 + 2 = 509,622 values)
    # (the values by the default kernel: the backend under test is the search's)
    rules = Rules.from_code("0.16")
    g = K.compute_values(rules, 509_622)
    found, (p, x) = P.find_period(g, rules.t, length=482_632, backend=backend, hint=True)
    want = guy_smith_period(g, rules.t)
    assert found is None and want == (x + 1, p) == (105_351, 149_459)
    if backend == K.default_backend():
        state = K.SequenceState()
        assert P.prove_period(rules, 10**7, state=state) == want
        need = needed_length(*want, rules.t)
        assert need <= state.length <= need + need // 16     # the window, not twice it


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("code, expected", [("0.77", (71, 12)), ("0.07", (53, 34)),
                                            ("0.137", (52, 34)), ("0.156", (3479, 349)),
                                            ("0.644", (3256, 442))])
def test_prove_period_needs_exactly_the_guy_smith_window(code, expected, backend):
    rules = Rules.from_code(code)
    need = needed_length(*expected, rules.t)
    assert P.prove_period(rules, need, backend=backend) == expected
    assert P.prove_period(rules, need - 1, backend=backend) is None
    state = K.SequenceState()
    assert P.prove_period(rules, 10**9, state=state, backend=backend) == expected
    assert state.length <= 2 * need                # aimed at the window, not doubled past it
    assert guy_smith_period(state.values[:state.length], rules.t) == expected


def test_prove_period_agrees_with_take_and_break():
    for code in ("0.77", "0.07", "0.137", "0.007", "0.6", "4.7", "0.51"):
        assert P.prove_period(Rules.from_code(code), 5000) == gl.TakeAndBreak(code).period(5000)
