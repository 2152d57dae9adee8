"""The take-and-break notation read as CGSuite reads it.

Every normal form and every move order in CGSuite's own test of its ``TBCode``
class (``lib/core/src/test/scala/org/cgsuite/core/impartial/TBCodeTest.scala``
in the aaron-siegel/cgsuite repository) and every code in the examples of its
``TakeAndBreak`` documentation, read by :meth:`Rules.from_code`.
"""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.games.octal_rules import Rules, parts
from gamelab.games.tb_code import Digit, code_text, read_code

#: CGSuite's normalisations: the code as typed, and as CGSuite writes it back.
NORMAL_FORMS = {
    "04.30": "4.3", "04.00[30]": "4.00[30]", "04.00[00]": "4.0", "00.00[00]": "0.0",
    "0.{1,2!}": "0.6!", "0.{0!,2!,3!}": "0.D!", "0.{0!,2!,3}": "0.{0,2!,3}",
    "0.{0!,2!,3!+}": "0.{0,2+}!", "0.{0!,2,3!+}": "0.{0,2,3!+}", "0.{0!,3+}": "0.{0,3+}",
    "0.{0,2!,4!+}": "0.{0,2,4+}!", "0.{0!,2!,4+}": "0.{0,2!,4+}",
    "0.{0!,2!,4?+}": "0.{0,2!,4?+}", "0.{0!,2?,4?+}": "0.{0,2,4+}?",
    "0.{0!,2=,4?+}": "0.{0,2=,4?+}", "0.{0!,2=,3?,4?+}": "0.{0,2=,3?+}",
    "0.{0!,2?,3?,4?+}": "0.{0,2+}?", "0.{0,1!,2,3,4+}": "0.*", "0.{0,1,2!,3!,4!+}": "0.*!",
}

#: CGSuite's move orders: (code, heap) -> the options, "-" for none left, two spaces apart.
MOVE_ORDERS = {
    ("0.3", 9): "8",
    ("0.7", 9): "8  1,7  2,6  3,5  4,4",
    ("0.77", 9): "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4",
    ("4.0", 8): "1,7  2,6  3,5  4,4",
    ("4!.0", 8): "1,7  2,6  3,5",
    ("0.3F", 9): "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3",
    ("0.3F?", 9): "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3",
    ("0.3F!", 9): "8  7  1,6  2,5  3,4  1,2,4",
    ("0.3f", 11): "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3",
    ("0.3f?", 11): "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4",
    ("0.3f!", 11): "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4",
    ("0.*3", 7): "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  "
                 "1,1,1,1,1,1  5",
    ("0.*?3", 7): "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5",
    ("0.*!3", 7): "6  1,5  2,4  1,2,3  5",
    ("0.[3]", 7): "6  5  4  3  2  1  -",
    ("0.[2]", 7): "6  5  4  3  2  1",
    ("0.3[1]", 7): "6  -",
    ("0.7[03]", 7): "6  1,5  2,4  3,3  4  2  -",
    ("80.0", 7): "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3",
    ("0.*=", 11): "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1",
    ("{2+}=.0", 10): "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1",
    ("0.{0,1,3+}", 1): "-",
    ("0.{0,1,3+}", 2): "1",
    ("0.{0,1,3+}", 7): "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1",
    ("0.{1,3+}", 1): "",
    ("0.{2,3?+}", 7): "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2",
}

#: The codes of CGSuite's TakeAndBreak documentation that end (20.017 adds a token and
#: leaves one heap: a game that may never end, refused here).
DOCUMENTED = ["0.[3]", "0.77", "4!.0", "0.[37]", "8!.0", "8?.0", "0.{1,2,3,4,5,6}{6}",
              "{2+}.0", "{2+}!.0", "0.[{0+}=]", "0.C", "0.{2,3}", "0.{2+}"]


def _shown(moves):
    return "  ".join(",".join(map(str, m)) if m else "-" for m in moves)


@pytest.mark.parametrize("typed, normal", NORMAL_FORMS.items(), ids=list(NORMAL_FORMS))
def test_normal_forms_are_cgsuites(typed, normal):
    assert code_text(*read_code(typed)) == normal
    assert Rules.from_code(typed).code == normal
    assert Rules.from_code(normal) == Rules.from_code(typed)


@pytest.mark.parametrize("code, heap", MOVE_ORDERS, ids=[f"{c}@{n}" for c, n in MOVE_ORDERS])
def test_moves_come_in_cgsuites_order(code, heap):
    assert _shown(Rules.from_code(code).moves(heap)) == MOVE_ORDERS[code, heap]


@pytest.mark.parametrize("code", DOCUMENTED)
def test_documented_codes_are_read_and_played(code):
    game = gl.TakeAndBreak(code)
    values = game.grundy_sequence(12, tile=False).tolist()
    # the values are the mex of the options' values, from the moves listed one by one
    for n in range(12):
        seen = set()
        for heaps in game.rules.moves(n):
            x = 0
            for h in heaps:
                x ^= values[h]
            seen.add(x)
        assert values[n] == min(set(range(len(seen) + 1)) - seen), (code, n)


def test_same_rules_however_written():
    assert Rules.from_code("0.{2,3}") == Rules.from_code("0.C")
    assert Rules.from_code("4!.0") == Rules.grundys_game()
    assert Rules.from_code(".137") == Rules.from_code("0.1370")
    assert Rules.from_code("0.3f") == Rules.from_code("0.3F")
    assert Rules.from_code("0.&8;") == Rules.from_code("0.8")
    assert gl.TakeAndBreak("0.[3]").grundy_sequence(20, tile=False).tolist() == list(range(20))


@pytest.mark.parametrize("code, word", [
    ("20.017", "never end"),        # add a token, leave one heap: a heap that grows forever
    ("1.0", "never end"),           # remove nothing and leave no heap
    ("2.7", "never end"),           # remove nothing and leave the heap unchanged
    ("30.0", "never end"),          # add one token and leave one heap
    ("0.[3", "]"),
    ("0.3]", "]"),
    ("[3].0", "["),
    ("0.{2", "}"),
    ("0.{x}", "counts"),
    ("0.{2!}!", "mark"),
    ("0.{64}", "63"),
    ("0.&x;", "&"),
    ("0.Z", "digit"),
    ("0..7", "points"),
])
def test_codes_that_cannot_be_read_or_would_never_end_are_refused(code, word):
    with pytest.raises(ValueError, match="code") as info:
        Rules.from_code(code)
    assert word in str(info.value)


def test_digits_and_parts():
    assert Digit.of(12).counts(10) == (2, 3) and Digit.of(1).counts(0) == (0,)
    assert Digit.of(4, "!").text == "4!" and Digit.of(40).text == "&40;"
    assert list(parts(7, 3, "!")) == [(1, 2, 4)]
    assert list(parts(6, 3, "?")) == [(1, 1, 4), (1, 2, 3)]
    assert list(parts(6, 3, "=")) == [(2, 2, 2)] and list(parts(7, 3, "=")) == []
    with pytest.raises(ValueError, match="number"):
        Digit.of(-1)


@pytest.mark.parametrize("code", ["0.8", "0.F8", "0.9C", "4.8", "C.F"])
def test_the_compiled_and_the_numpy_engines_agree(code, monkeypatch):
    """Codes of plain digits leaving up to three heaps go to a compiled loop where numba
    is installed; without it, the numpy engine computes the same values."""
    from gamelab.games import octal_kernel, tb_sequence
    rules = Rules.from_code(code)
    plain = tb_sequence.GeneralState()
    monkeypatch.setattr(tb_sequence, "default_backend", lambda: "numpy")
    tb_sequence.extend(rules, plain, 150)
    if octal_kernel.default_backend() == "numba":
        monkeypatch.setattr(tb_sequence, "default_backend", lambda: "numba")
        fast = tb_sequence.GeneralState()
        tb_sequence.extend(rules, fast, 150)
        assert fast.values == plain.values
    # and both are the mex of the moves listed one by one
    for n in range(150):
        seen = set()
        for heaps in rules.moves(n):
            x = 0
            for h in heaps:
                x ^= plain.values[h]
            seen.add(x)
        assert plain.values[n] == min(set(range(len(seen) + 1)) - seen), (code, n)
