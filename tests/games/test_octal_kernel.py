"""gamelab.games.octal_kernel: the values of octal games and Grundy's game by the
sparse-space kernel, both backends, against plain computations: every option of every
heap, no sparse space, no shortcut.

The compiled backend ("numba", the ``fast`` extra) and the numpy backend are
tested alike; where numba is not installed its tests are skipped with the reason."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.games import octal_kernel as K
from gamelab.games.octal_rules import Rules

from gamelab_testing import KERNEL_BACKENDS as BACKENDS
from gamelab_testing import digits_of, plain_values, read_sequence


CODES = ["0.77", "0.07", "0.137", "0.007", "4.7", "4.37", "0.6", "0.51", "0.4", "0.16", "0.56",
         "0.376", "0.354", "0.104", "0.1077", "0.054", "0.056", "0.1777", "0.106", "0.127",
         "0.156", "0.644", "0.165", "0.356", "0.3", "0.15", "0.72"]


KAYLES = Rules.from_code("0.77")


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, name", [
    (lambda: Rules.from_code(77), TypeError, "code"),
    (lambda: Rules.from_code("0.Z"), ValueError, "code"),
    (lambda: Rules.from_code("1.7"), ValueError, "code"),
    (lambda: K.compute_values(KAYLES, -1), ValueError, "n"),
    (lambda: K.compute_values("0.77", 5), TypeError, "rules"),
    (lambda: K.compute_values(KAYLES, 5, backend="cuda"), ValueError, "backend"),
    (lambda: K.extend(KAYLES, [], 5), TypeError, "state"),
    (lambda: K.extend(KAYLES, K.SequenceState(), 5, progress=3), TypeError, "progress"),
    (lambda: K.extend(KAYLES, K.SequenceState(), 5, chunk=0), ValueError, "chunk"),
])
def test_bad_input_is_refused_naming_the_argument(call, error, name):
    with pytest.raises(error, match=name):
        call()


# -- values against plain computations ---------------------------------------------------

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("code", CODES)
def test_values_agree_with_a_plain_loop(code, backend):
    n = 2600                     # past the first choice of a sparse space (1024 heaps) and the next
    fast = K.compute_values(Rules.from_code(code), n, backend=backend)
    assert fast.dtype == np.uint8
    assert fast.tolist() == plain_values(digits_of(code), n).tolist()


@st.composite
def octal_codes(draw):
    d0 = draw(st.sampled_from("04"))
    rest = draw(st.lists(st.sampled_from("01234567"), min_size=1, max_size=5))
    return d0 + "." + "".join(rest)


@settings(max_examples=25, deadline=None)
@given(octal_codes(), st.integers(1, 2300))
def test_any_code_and_prefix_agrees_with_a_plain_loop(code, n):
    want = plain_values(digits_of(code), n).tolist()
    for backend in K.BACKENDS:
        assert K.compute_values(Rules.from_code(code), n, backend=backend).tolist() == want


@pytest.mark.parametrize("backend", BACKENDS)
def test_grundys_game_agrees_with_oeis_and_a_plain_loop(backend):
    n = 3000
    seq = K.compute_values(Rules.grundys_game(), n, backend=backend)
    assert seq.tolist() == plain_values((0,), n, unequal_split=True).tolist()
    _, oeis = read_sequence("grundys_game_A002188.txt")
    assert seq[:len(oeis)].tolist() == oeis
    assert seq.tolist() == gl.GrundysGame().grundy_sequence(n).tolist()


def test_backends_agree_on_a_longer_prefix():
    for rules in (Rules.from_code("0.376"), Rules.grundys_game()):
        ref = K.compute_values(rules, 8000, backend="numpy")
        for backend in K.BACKENDS:
            assert K.compute_values(rules, 8000, backend=backend).tolist() == ref.tolist()


@pytest.mark.parametrize("backend", BACKENDS)
def test_values_above_255_widen_the_dtype(backend):
    # take 1..300 tokens leaving one heap (or all of it): G(n) = n mod 301
    code = "0." + "3" * 300
    fast = K.compute_values(Rules.from_code(code), 700, backend=backend)
    assert fast.dtype == np.uint16
    assert fast.tolist() == [n % 301 for n in range(700)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_pieces_and_chunks_give_the_same_values(backend):
    rules = Rules.from_code("0.16")
    whole = K.compute_values(rules, 6000, backend=backend)
    state = K.SequenceState()
    seen = []
    for stop in (700, 1100, 2500, 6000):
        K.extend(rules, state, stop, backend=backend, chunk=97, progress=lambda n, s: seen.append((n, s)))
    assert state.values[:6000].tolist() == whole.tolist()
    assert seen[-1] == (6000, 6000) and all(n <= s for n, s in seen)
    assert all(a[0] < b[0] for a, b in zip(seen, seen[1:]))


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_interrupted_computation_leaves_the_state_consistent(backend):
    rules = Rules.from_code("0.376")
    want = K.compute_values(rules, 4000, backend=backend)
    state = K.SequenceState()
    calls = []

    def interrupt(n, stop):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        K.extend(rules, state, 4000, backend=backend, chunk=500, progress=interrupt)
    assert 0 < state.length < 4000
    assert state.values[:state.length].tolist() == want[:state.length].tolist()
    assert all(r < state.length for r in state.rare[:state.nrare])
    K.extend(rules, state, 4000, backend=backend)
    assert state.values[:4000].tolist() == want.tolist()


def test_the_games_use_the_numpy_kernel_where_numba_is_missing(monkeypatch):
    monkeypatch.setattr(K, "default_backend", lambda: "numpy")
    for code in ("0.16", "0.376"):
        g = gl.TakeAndBreak(code)
        assert g.grundy_sequence(2600, tile=False).tolist() == plain_values(digits_of(code), 2600).tolist()
    assert gl.TakeAndBreak("0.137").period(1000) == (52, 34)
    assert gl.GrundysGame().grundy_sequence(2000).tolist() == plain_values((0,), 2000, True).tolist()
