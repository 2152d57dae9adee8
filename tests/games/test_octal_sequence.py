"""gamelab.games.octal_sequence: the fast numpy sequences of any octal code
against plain search, dtypes, proven periods and huge heaps."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl

from gamelab_testing import plain_heap_game


octal_digit = st.integers(0, 7)


@st.composite
def octal_codes(draw):
    d0 = draw(st.sampled_from(["", "0", "4"]))
    rest = draw(st.lists(octal_digit, min_size=0 if d0 else 1, max_size=4))
    return d0 + "." + "".join(map(str, rest))


@settings(max_examples=60, deadline=None)
@given(octal_codes())
def test_fast_sequence_of_any_code_agrees_with_plain_search(code):
    game = gl.TakeAndBreak(code)
    ref = plain_heap_game(game)
    seq = game.grundy_sequence(70).tolist()
    assert seq == [ref.grundy(n) for n in range(70)]
    for n in (0, 1, 5, 9):
        assert gl.search_grundy(game, n) == seq[n]


@settings(max_examples=25, deadline=None)
@given(octal_codes(), st.lists(st.integers(0, 30), min_size=1, max_size=4))
def test_values_of_collections_are_xors(code, heaps):
    game = gl.TakeAndBreak(code)
    position = game.heaps(*heaps)
    x = 0
    for h in heaps:
        x ^= game.grundy(h)
    assert gl.grundy(game, position) == x
    assert gl.grundy(gl.Sum(*[game] * len(heaps)), tuple(heaps)) == x
    assert gl.outcome(game, position) == ("P" if x == 0 else "N")


def test_values_above_127_switch_to_a_wider_dtype():
    code = "0." + "7" * 300      # a row of pins; knock down up to 300 adjacent ones
    game = gl.TakeAndBreak(code)
    seq = game.grundy_sequence(300)
    vals = [0]
    for n in range(1, 300):      # a separate, slow implementation of the same rules
        opts = set()
        for k in range(1, n + 1):
            for a in range(0, (n - k) // 2 + 1):
                opts.add(vals[a] ^ vals[n - k - a])
        m = 0
        while m in opts:
            m += 1
        vals.append(m)
    assert max(vals) > 255
    assert seq.tolist() == vals
    assert seq.dtype == np.uint16


def test_grundy_sequence_pieces_agree():
    k = gl.Kayles()
    long = k.grundy_sequence(3000)
    assert gl.Kayles().grundy_sequence(10).tolist() == long[:10].tolist()
    assert k.grundy_sequence(5).tolist() == long[:5].tolist()
    assert k.grundy_sequence(0).tolist() == []


# ---------------------------------------------------------------------------
# periods

def _check_periodic(seq, e, p):
    seq = np.asarray(seq)
    assert np.array_equal(seq[e + p:], seq[e:len(seq) - p])
    if e:
        assert seq[e - 1 + p] != seq[e - 1]


@pytest.mark.parametrize("make, expected", [
    (gl.Kayles, (71, 12)),
    (gl.DawsonsKayles, (53, 34)),
    (lambda: gl.TakeAndBreak("0.137"), (52, 34)),
    (lambda: gl.TakeAndBreak("0.4"), (54, 34)),
    (lambda: gl.TakeAndBreak("4.7"), (1, 2)),
    (lambda: gl.TakeAndBreak("0.3"), (0, 2)),
    (lambda: gl.TakeAndBreak("0.31"), (3, 2)),     # 0, 1, 2, then 0, 1, 0, 1, ...
])
def test_proven_periods(make, expected):
    game = make()
    assert game.period(5000) == expected
    e, p = expected
    _check_periodic(game.grundy_sequence(3000), e, p)
    # the least period: no proper divisor works from e on
    seq = game.grundy_sequence(3000)
    for d in range(1, p):
        if p % d == 0:
            assert not np.array_equal(seq[e + d:], seq[e:len(seq) - d])


def test_period_needs_the_guy_smith_window():
    from gamelab.periodicity import needed_length
    for make, (e, p) in [(gl.Kayles, (71, 12)), (gl.DawsonsKayles, (53, 34))]:
        need = needed_length(e, p, 2)
        assert make().period(need - 1) is None
        assert make().period(need) == (e, p)
        g = make()
        assert g.period(10_000) == (e, p)
        assert g.period(need - 1) is None     # the answer does not depend on history
        assert g.period(need) == (e, p)


def test_huge_heaps_use_the_proven_period():
    k = gl.Kayles()
    seq = k.grundy_sequence(71 + 12)
    for n in (10**6, 10**18 + 5, 3**100):
        assert k.grundy(n) == seq[71 + (n - 71) % 12]
    assert gl.outcome(k, 10**18) == "N"
    d = gl.DawsonsKayles()
    big = d.grundy_sequence(5000)
    assert d.grundy(10**9 + 4999 - 10**9) == big[4999]
    assert d.grundy(53 + 34 * 10**12) == big[53]
    tiled = d.grundy_sequence(10**6)
    assert tiled.shape == (10**6,) and tiled[: 5000].tolist() == big.tolist()
    _check_periodic(tiled, 53, 34)


def test_unproven_or_aperiodic_games_have_no_period():
    assert gl.GrundysGame().period(2000) is None
    assert gl.LaskersNim().period(2000) is None
    assert gl.TakeAndBreak("0.6").period(300) is None       # an open problem
    assert gl.TakeAndBreak("0.007").period(300) is None


def test_huge_heap_without_a_period_is_refused(monkeypatch):
    import gamelab.games.octal_sequence as sequences
    monkeypatch.setattr(gl.engine, "SEARCH_WORK", 500)
    sequences.clear_shared_sequences()   # values other tests computed would answer instead
    with pytest.raises(ValueError, match="heap 10000 is too large.*SEARCH_WORK"):
        gl.GrundysGame().grundy(10_000)
    with pytest.raises(ValueError, match="too large.*SEARCH_WORK"):
        gl.GrundysGame().grundy_sequence(10_000)
    assert gl.Kayles().grundy(10**20) == gl.Kayles().grundy(71 + (10**20 - 71) % 12)
