"""gamelab.games.octal_rules: the one reader of octal codes, the digit table, the moves
the digits allow, and every consumer taking the same Rules value."""
from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import pathlib
import re

import numpy as np
import pytest

import gamelab as gl
from gamelab.display.octal import octal_table
from gamelab.games import octal, octal_kernel, octal_proof, octal_sequence
from gamelab.games.octal_kernel import SequenceState, compute_values, extend
from gamelab.games.octal_proof import prove_period
from gamelab.games.octal_rules import Rules
from gamelab.games.octal_sequence import OctalSequence

PACKAGE = pathlib.Path(gl.__file__).parent


@pytest.mark.parametrize("code, digits, canonical", [
    ("0.77", (0, 7, 7), "0.77"),
    ("0.07", (0, 0, 7), "0.07"),
    ("0.137", (0, 1, 3, 7), "0.137"),
    (".137", (0, 1, 3, 7), "0.137"),
    ("4.7", (4, 7), "4.7"),
    ("0.70007", (0, 7, 0, 0, 0, 7), "0.70007"),
    ("0.0700", (0, 0, 7), "0.07"),
    (" 0.6 ", (0, 6), "0.6"),
    ("4.", (4,), "4.0"),
    ("0.", (0,), "0.0"),
])
def test_from_code(code, digits, canonical):
    rules = Rules.from_code(code)
    assert rules.digits == digits and rules.code == canonical
    assert rules.t == len(digits) - 1
    game = gl.TakeAndBreak(code)
    assert game.rules == rules and game.code == canonical and game.t == rules.t


BAD_CODES = ["0.Z", "", "0.x7", "1.2.3", ".", "077", "0,77", "0.7 7",
             "1.7", "2.7", "3.0", "7.7", "-0.7", "0.7e1.", "٠.٧"]


NOT_CODES = [None, 0.77, 77, b"0.77", ["0.77"], True]


def _message(call):
    try:
        call()
    except (TypeError, ValueError) as err:
        return type(err), str(err)
    raise AssertionError("no error")


@pytest.mark.parametrize("code", BAD_CODES + NOT_CODES)
def test_one_parser_one_set_of_errors(code):
    """Every consumer of a code reads it with Rules.from_code: the same error, word for word."""
    error, message = _message(lambda: Rules.from_code(code))
    assert error is (ValueError if isinstance(code, str) else TypeError)
    assert "code" in message
    assert _message(lambda: gl.TakeAndBreak(code)) == (error, message)
    assert _message(lambda: octal_table(code)) == (error, message)


@pytest.mark.parametrize("call", [
    lambda r: OctalSequence(r),
    lambda r: compute_values(r, 5),
    lambda r: extend(r, SequenceState(), 5),
    lambda r: prove_period(r, 100),
], ids=["OctalSequence", "compute_values", "extend", "prove_period"])
def test_the_engines_take_rules_only_with_one_message(call):
    want = _message(lambda: OctalSequence("0.77"))
    assert want[0] is TypeError and "rules" in want[1] and "Rules.from_code" in want[1]
    assert _message(lambda: call("0.77")) == want


def codes(max_digits=3):
    """Every octal code with 1 to ``max_digits`` digits after the point."""
    for d0 in "04":
        for size in range(1, max_digits + 1):
            for rest in itertools.product("01234567", repeat=size):
                yield d0 + "." + "".join(rest)


def plain_moves(code, n):
    """The options of a heap of n by the definition of the digits, read from the string.

    Digit k is the sum of 1 (removing k tokens may leave no heap), 2 (one
    heap) and 4 (two non-empty heaps); the digit before the point is k = 0.
    """
    before, _, after = code.partition(".")
    out = set()
    for k, ch in enumerate((before or "0") + after):
        digit, rest = int(ch), n - k
        if rest < 0:
            continue
        if digit & 1 and rest == 0:
            out.add(())
        if digit & 2 and rest > 0:
            out.add((rest,))
        if digit & 4:
            out.update(tuple(sorted((a, rest - a))) for a in range(1, rest))
    return out


def test_moves_of_every_short_code_follow_the_definition():
    count = 0
    for code in codes():
        rules = Rules.from_code(code)
        for n in range(12):
            listed = [tuple(sorted(m)) for m in rules.moves(n)]
            assert len(listed) == len(set(listed)), (code, n)
            assert set(listed) == plain_moves(code, n), (code, n)
            count += 1
    assert count == 2 * (8 + 64 + 512) * 12


def test_codes_round_trip():
    for code in codes():
        rules = Rules.from_code(code)
        assert Rules.from_code(rules.code) == rules
        assert Rules.from_code(rules.code).code == rules.code
        assert eval(repr(rules), {"Rules": Rules}) == rules
        before, _, after = code.partition(".")
        assert rules.code == before + "." + (after.rstrip("0") or "0")
        assert hash(rules) == hash(Rules.from_code(" " + code + "00 "))


def test_rules_are_one_frozen_value():
    rules = Rules.from_code("0.77")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.digits = (0, 7)
    assert rules == Rules((0, 7, 7)) and {rules: 1}[Rules.from_code(".770")] == 1
    assert rules.take_all == (1, 2) and rules.take_one == (1, 2)
    assert rules.splits == ((1, False), (2, False))
    assert [rules.leaves(k) for k in range(4)] == [(False, False, False), (True, True, True),
                                                  (True, True, True), (False, False, False)]
    assert Rules.from_code("4.7").splits == ((0, False), (1, False))
    arrays = rules.arrays()
    assert arrays.take_all.tolist() == [1, 2] and arrays.split_un.tolist() == [False, False]
    grundy = Rules.grundys_game()
    assert grundy.code == "4!.0" and grundy.t is None and grundy.splits == ((0, True),)
    assert repr(grundy) == "Rules.grundys_game()"
    assert list(grundy.moves(6)) == [(1, 5), (2, 4)]


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


@pytest.mark.parametrize("call, error, name", [
    (lambda: Rules((0, -1)), TypeError, "digits"),
    (lambda: Rules([0, 7]), TypeError, "digits"),
    (lambda: Rules(()), TypeError, "digits"),
    (lambda: Rules((1, 7)), ValueError, "digits"),
    (lambda: Rules((0, 7, 0)), ValueError, "digits"),
    (lambda: Rules((0, 7), unequal=1), TypeError, "unequal"),
    (lambda: Rules.from_code("0.7").leaves(-1), ValueError, "k"),
    (lambda: list(Rules.from_code("0.7").moves(2.5)), TypeError, "n"),
    (lambda: gl.TakeAndBreak("1.7"), ValueError, "code"),
    (lambda: octal_table(Rules.grundys_game()), ValueError, "code"),
    (lambda: prove_period(Rules.grundys_game(), 100), ValueError, "rules"),
])
def test_bad_rules(call, error, name):
    with pytest.raises(error, match=name):
        call()


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.7", "0.6", "0.51", "0.007"])
def test_every_consumer_takes_the_same_rules_and_they_agree(code):
    rules = Rules.from_code(code)
    game = gl.TakeAndBreak(rules)
    assert game.rules is rules and game.code == rules.code
    assert gl.TakeAndBreak(code).rules == rules
    want = compute_values(rules, 600).tolist()
    assert OctalSequence(rules).values(600, tile=False).tolist() == want
    assert game.grundy_sequence(600, tile=False).tolist() == want
    assert [gl.search_grundy(game, n) for n in range(14)] == want[:14]
    state = SequenceState()
    assert prove_period(rules, 2000, state=state) == game.period(2000) \
        == OctalSequence(rules).period(2000)
    known = min(state.length, len(want))
    assert state.values[:known].tolist() == want[:known]
    assert octal_table(rules) == octal_table(rules.code) == octal_table(game.rules)
    assert game.moves(9) == gl.HeapGame(rules.moves).moves(9)


def test_one_reader_of_codes_in_the_package():
    """Only tb_code reads the text of a code (through Rules.from_code); the old readers are
    gone."""
    readers = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
               if re.search(r"re\.compile\(.*0-7|def read_code\b|BASE32\.find",
                            p.read_text(encoding="utf-8"))]
    assert readers == ["games/tb_code.py"]
    assert not hasattr(octal, "parse_octal") and not hasattr(octal, "code_string")
    assert not hasattr(octal_sequence, "MoveRules")
    assert not hasattr(octal_kernel, "Rules") or octal_kernel.Rules is Rules
    assert not hasattr(octal_kernel, "octal_rules")
    assert not hasattr(octal_kernel, "grundys_game_rules")
    assert octal_proof.Rules is Rules
    assert importlib.util.find_spec("gamelab.games.takebreak") is None
