"""The sparse-space kernel (gamelab/games/octal_kernel.py, octal_space.py) and the
period proofs (octal_proof.py), both backends, against
plain computations: every option of every heap, no sparse space, no shortcut.

The compiled backend ("numba", the ``fast`` extra) and the numpy backend are
tested alike; where numba is not installed its tests are skipped with the reason.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.games import octal_kernel as K
from gamelab.games import octal_proof as P
from gamelab.games import octal_space as S
from gamelab.games.octal_rules import Rules
from gamelab.periodicity import guy_smith_period, needed_length
from conftest import read_sequence

BACKENDS = [pytest.param("numpy"),
            pytest.param("numba", marks=pytest.mark.skipif(
                "numba" not in K.BACKENDS, reason="numba not installed (pip install 'gamelab[fast]')"))]


def plain_values(digits, n, unequal_split=False):
    """Values of heaps 0..n-1 by a plain loop over every option of every heap.

    ``digits`` are octal digits (d0, d1, ...); with ``unequal_split`` the game is
    Grundy's game instead (split a heap into two unequal heaps).
    """
    g = np.zeros(n, dtype=np.int64)
    for m in range(1, n):
        seen = set()
        if unequal_split:
            h = (m - 1) // 2
            seen.update((g[1:h + 1] ^ g[m - h:m][::-1]).tolist())
        for k, d in enumerate(digits):
            r = m - k
            if k > 0 and d & 1 and r == 0:
                seen.add(0)
            if k > 0 and d & 2 and r >= 1:
                seen.add(int(g[r]))
            if d & 4 and r >= 2:
                h = r // 2
                seen.update((g[1:h + 1] ^ g[r - h:r][::-1]).tolist())
        v = 0
        while v in seen:
            v += 1
        g[m] = v
    return g


def digits_of(code):
    return Rules.from_code(code).digits


CODES = ["0.77", "0.07", "0.137", "0.007", "4.7", "4.37", "0.6", "0.51", "0.4", "0.16", "0.56",
         "0.376", "0.354", "0.104", "0.1077", "0.054", "0.056", "0.1777", "0.106", "0.127",
         "0.156", "0.644", "0.165", "0.356", "0.3", "0.15", "0.72"]


# -- rules and bad input --------------------------------------------------------

def test_the_kernel_reads_the_rules_of_octal_codes():
    kayles = Rules.from_code("0.77")
    assert (kayles.take_all, kayles.take_one, kayles.splits, kayles.t) == \
        ((1, 2), (1, 2), ((1, False), (2, False)), 2)
    assert Rules.from_code(".376") == Rules((0, 3, 7, 6)) == Rules.from_code("0.3760")
    assert Rules.from_code("4.7").splits == ((0, False), (1, False))
    assert Rules.grundys_game().splits == ((0, True),) and Rules.grundys_game().t is None
    take_all, take_one, split_k, split_un = Rules.from_code("4.376").arrays()
    assert (take_all.tolist(), take_one.tolist(), split_k.tolist(), split_un.tolist()) == \
        ([1, 2], [1, 2, 3], [0, 2, 3], [False, False, False])
    assert take_all.dtype == split_k.dtype == np.int64 and split_un.dtype == np.bool_


KAYLES = Rules.from_code("0.77")


@pytest.mark.parametrize("call, error, name", [
    (lambda: Rules.from_code(77), TypeError, "code"),
    (lambda: Rules.from_code("0.8"), ValueError, "code"),
    (lambda: Rules.from_code("1.7"), ValueError, "code"),
    (lambda: K.compute_values(KAYLES, -1), ValueError, "n"),
    (lambda: K.compute_values("0.77", 5), TypeError, "rules"),
    (lambda: K.compute_values(KAYLES, 5, backend="cuda"), ValueError, "backend"),
    (lambda: K.extend(KAYLES, [], 5), TypeError, "state"),
    (lambda: K.extend(KAYLES, K.SequenceState(), 5, progress=3), TypeError, "progress"),
    (lambda: K.extend(KAYLES, K.SequenceState(), 5, chunk=0), ValueError, "chunk"),
    (lambda: P.find_period([0, 1, 0, 1], 1), TypeError, "values"),
    (lambda: P.find_period(np.zeros(5, dtype=np.int64), 1, length=6), ValueError, "length"),
    (lambda: P.prove_period(Rules.grundys_game(), 100), ValueError, "rules"),
    (lambda: P.prove_period(KAYLES, 1.5), TypeError, "limit"),
    (lambda: P.prove_period("0.77", 100), TypeError, "rules"),
])
def test_bad_input_is_refused_naming_the_argument(call, error, name):
    with pytest.raises(error, match=name):
        call()


# -- values against plain computations ------------------------------------------

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
def test_the_state_keeps_exactly_the_rare_heaps(backend):
    rules = Rules.from_code("0.376")
    state = K.SequenceState()
    K.extend(rules, state, 5000, backend=backend)
    assert state.space is not None
    mask, alpha, beta = state.space
    g = state.values[:state.length].astype(np.int64)
    heaps = np.arange(1, state.length)
    parity = np.array([bin(v & mask).count("1") & 1 for v in g[1:]])
    assert state.rare[:state.nrare].tolist() == heaps[parity != (alpha * heaps + beta) % 2].tolist()
    assert state.nrare * 8 <= state.length          # the space is sparse


def test_scan_order_lists_each_heap_once_distinct_values_first():
    g = K.compute_values(Rules.from_code("0.376"), 3000)
    order = S.scan_order(g, 3000)
    assert sorted(order.tolist()) == list(range(1, 3000))
    first = order[:len(set(g[1:].tolist()))]
    assert len(set(g[first].tolist())) == len(first)


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


# -- periods ----------------------------------------------------------------------

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


def test_the_games_use_the_numpy_kernel_where_numba_is_missing(monkeypatch):
    monkeypatch.setattr(K, "default_backend", lambda: "numpy")
    for code in ("0.16", "0.376"):
        g = gl.TakeAndBreak(code)
        assert g.grundy_sequence(2600, tile=False).tolist() == plain_values(digits_of(code), 2600).tolist()
    assert gl.TakeAndBreak("0.137").period(1000) == (52, 34)
    assert gl.GrundysGame().grundy_sequence(2000).tolist() == plain_values((0,), 2000, True).tolist()
