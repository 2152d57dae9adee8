"""Arithmetic periods proven by the theorem with three heaps (gamelab.games.tb_saltus).

Every period it proves is checked against values computed here by brute force from
the digit rules alone, well past the values its proof read, and at huge heaps through
``gl.grundy``; the least period and preperiod are checked on the same values.  The
hypotheses are refused one by one (two heaps only, a saltus not a power of two, a
first block not below it, a block starting at heap 0, a window with a wrong value),
and the sentence of a proven period names its theorem.
"""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.games.octal_rules import Rules
from gamelab.games.tb_saltus import THEOREMS, Period, prove_saltus, saltus_proof
from gamelab.games.tb_sequence import GeneralState, extend

HEX = "0123456789ABCDEF"
#: Hexadecimal codes of one and two digits (a digit 8-F somewhere).
SHORT_HEX = [f"0.{a}" for a in HEX[8:]] + [f"0.{a}{b}" for a in HEX for b in HEX[1:]
                                          if a >= "8" or b >= "8"]
#: Codes whose saltus the theorem proves, of several shapes (periods 1-4, saltus 1-2).
SAMPLE = ["0.8", "0.C", "0.08", "0.0C", "0.48", "0.84", "0.A8", "0.AA", "0.C6", "0.E8",
          "0.EF", "0.8E"]
HUGE = (10**6 + 3, 10**18 + 7)


def brute(code, n):
    """G(0 .. n-1) of a code ``d0.d1d2...`` (hex digits), every move listed: remove k
    tokens and leave c non-empty heaps of any sizes when bit 2**c of d_k is set."""
    lead, body = code.split(".")
    digits = [int(lead or "0", 16)] + [int(c, 16) for c in body]
    g = []
    for heap in range(n):
        seen = set()
        for k, d in enumerate(digits):
            rest = heap - k
            if rest < 0 or (heap == 0):
                break
            if d & 1 and rest == 0 and k > 0:
                seen.add(0)
            if d & 2 and rest >= 1 and k > 0:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
            if d & 8:
                for a in range(1, rest // 3 + 1):
                    ga = g[a]
                    seen.update(ga ^ g[b] ^ g[rest - a - b]
                                for b in range(a, (rest - a) // 2 + 1))
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def holds(values, e, p, s):
    return all(values[n + p] == values[n] + s for n in range(e, len(values) - p))


@pytest.mark.parametrize("code", SAMPLE)
def test_a_proven_saltus_holds_well_past_its_proof(code):
    game = gl.TakeAndBreak(code)
    per = game.period()
    assert per is not None and per.saltus > 0 and per.theorem == "three heaps", (code, per)
    e, p, s = per.preperiod, per.period, per.saltus
    assert s & (s - 1) == 0 and per.read is not None
    g = brute(code, max(3 * per.read, 150))
    assert holds(g, e, p, s), code
    # the least preperiod and the least period, seen on the same values
    assert e == 0 or g[e - 1 + p] - g[e - 1] != s
    assert not any(holds(g, e2, q, g[len(g) - 1] - g[len(g) - 1 - q])
                   for q in range(1, p) for e2 in range(0, 40))
    for h in HUGE:
        assert gl.grundy(game, h) == g[e + (h - e) % p] + s * ((h - e) // p)


def test_0_8_has_the_closed_form_of_the_lecture():
    per = gl.TakeAndBreak("0.8").period()
    assert (per.preperiod, per.period, per.saltus) == (1, 3, 1)
    assert all(gl.grundy(gl.TakeAndBreak("0.8"), n) == (n - 1) // 3
               for n in (1, 2, 3, 4, 100, 10**12, 10**18 + 1))


@pytest.mark.slow
def test_a_long_period_holds_past_its_proof():
    """0.28: period 53, saltus 16, proven from 319 values; checked to 700."""
    per = gl.TakeAndBreak("0.28").period()
    assert (per.period, per.saltus, per.theorem) == (53, 16, "three heaps")
    assert holds(brute("0.28", 700), per.preperiod, per.period, per.saltus)


@pytest.mark.slow
def test_every_short_hexadecimal_claim_is_true():
    """All 192 codes of one or two hex digits: every period claimed holds on 1200 values
    of the general engine (itself checked against brute force in test_hexadecimal)."""
    climbing = []
    for code in SHORT_HEX:
        per = gl.TakeAndBreak(code).period()
        if per is None:
            continue
        state = GeneralState()
        extend(Rules.from_code(code), state, 1200)
        assert holds(state.values, per.preperiod, per.period, per.saltus), code
        if per.saltus:
            climbing.append(code)
    assert len(SHORT_HEX) == 192 and len(climbing) >= 40


def test_two_heaps_never_prove_a_saltus():
    """Condition 1 needs three free heaps: octal rules are refused even on values that climb."""
    values = list(range(200))
    for code in ("0.77", "0.7", "0.4", "4.7"):
        assert saltus_proof(Rules.from_code(code), values, 1, 1, 1) is None, code
        assert prove_saltus(Rules.from_code(code), values) is None, code


def test_each_hypothesis_is_refused():
    rules = Rules.from_code("0.8")
    g = brute("0.8", 60)
    proof = saltus_proof(rules, g, 1, 3, 1)
    assert proof is not None and proof.read == 1 + 3 * (proof.first_block + 2 ** proof.bits)
    assert proof.read <= 60 and proof.drops[0] <= proof.drops[1]
    assert saltus_proof(rules, g, 0, 3, 1) is None               # a block from heap 0
    assert saltus_proof(rules, g, 1, 6, 2) is not None            # doubled: still proven
    assert saltus_proof(rules, [3 * x for x in g], 1, 3, 3) is None  # saltus 3
    assert saltus_proof(rules, [x + 1 for x in g], 1, 3, 1) is None  # first block not below s
    broken = list(g)
    broken[proof.read - 2] += 1                                   # a wrong value in the window
    assert saltus_proof(rules, broken, 1, 3, 1) is None
    assert saltus_proof(rules, g[:3], 1, 3, 1) is None             # the first block unread
    short = saltus_proof(rules, g[:proof.read - 1], 1, 3, 1)       # too few values
    assert short is not None and short.read > proof.read - 1
    assert prove_saltus(rules, g[:proof.read - 1]) is None


def test_a_plain_digit_rule_is_required():
    for code in ("4!.0", "0.[3]", "0.{3+}"):
        assert saltus_proof(Rules.from_code(code), list(range(50)), 1, 1, 1) is None, code


def test_the_sentence_names_the_theorem():
    assert "three heaps" in gl.display.period_sentence("0.8")
    assert "relative state" in gl.display.period_sentence("0.300303330[3]")
    assert "Guy–Smith" in gl.display.period_sentence("0.77")
    assert gl.TakeAndBreak("0.77").period().theorem == "Guy–Smith"
    assert gl.AllBut({2, 3, 5, 9}).period().theorem == "relative state"


def test_a_period_names_a_known_theorem():
    assert THEOREMS == ("Guy–Smith", "relative state", "three heaps")
    with pytest.raises(ValueError, match="theorem"):
        Period(1, 2, theorem="Sprague")
    assert Period(1, 2, 1, theorem="three heaps").theorem == "three heaps"


@pytest.mark.parametrize("code, limit", [("0.28", 11), ("0.83", 67), ("0.A2", 8), ("0.26", 12)])
def test_a_doubled_period_past_the_values_is_not_tried(code, limit):
    """A period doubled until the values before e are below its saltus may need more
    values than there are: it is left for a longer computation, not read past the end."""
    per = gl.TakeAndBreak(code).period(limit)
    assert per is None or per.read <= limit
    for size in range(4, 80):
        g = brute(code, size)
        found = prove_saltus(Rules.from_code(code), g)
        assert found is None or found.read <= size
