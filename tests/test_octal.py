"""gamelab.games.octal: the octal-code parser, the digit table, the moves the
digits allow, and Kayles and Dawson's Kayles against their published sequences."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display.octal import octal_table
from gamelab.games.octal import parse_octal


# ---------------------------------------------------------------------------
# octal codes

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
def test_parse_octal(code, digits, canonical):
    assert parse_octal(code) == digits
    assert gl.TakeAndBreak(code).code == canonical
    assert gl.TakeAndBreak(code).digits == digits


@pytest.mark.parametrize("code", ["0.8", "", "0.x7", "1.2.3", ".", "077", "0,77", "0.7 7",
                                  "1.7", "2.7", "3.0", "7.7", "-0.7", "0.7e1", "٠.٧"])
def test_malformed_codes_raise_value_error_naming_code(code):
    with pytest.raises(ValueError, match="code"):
        gl.TakeAndBreak(code)
    with pytest.raises(ValueError, match="code"):
        parse_octal(code)


@pytest.mark.parametrize("code", [None, 0.77, 77, b"0.77", ["0.77"], True])
def test_non_string_codes_raise_type_error_naming_code(code):
    with pytest.raises(TypeError, match="code"):
        gl.TakeAndBreak(code)


def test_octal_table_explains_each_digit():
    t = octal_table("4.137")
    lines = t.text.splitlines()
    assert lines[0] == "octal code 4.137"
    rows = [[c.strip() for c in line.split("|")] for line in lines[2:]]
    assert rows == [["0", "4", "-", "-", "yes"], ["1", "1", "yes", "-", "-"],
                    ["2", "3", "yes", "yes", "-"], ["3", "7", "yes", "yes", "yes"]]
    assert 'class="gamelab-table"' in t.html and "font-weight:bold" in t.html
    assert octal_table(gl.Kayles().code) == octal_table("0.77")


def test_octal_moves_follow_the_digits():
    g = gl.TakeAndBreak("0.137")
    assert g.moves(1) == [()]
    assert g.moves(2) == [()]
    assert g.moves(3) == [(1,), ()]
    assert g.moves(5) == [(3,), (2,), (1, 1)]
    assert gl.Kayles().moves(4) == [(3,), (1, 2), (2,), (1, 1)]
    assert gl.TakeAndBreak("4.0").moves(5) == [(1, 4), (2, 3)]
    assert gl.TakeAndBreak("0.").moves(7) == []


# ---------------------------------------------------------------------------
# published sequences (OEIS)

def test_kayles_is_a002186(sequence):
    offset, values = sequence("kayles_A002186.txt")
    assert offset == 0
    assert gl.Kayles().grundy_sequence(len(values)).tolist() == values
    assert [gl.grundy(gl.Kayles(), n) for n in range(len(values))] == values


def test_dawsons_kayles_is_a002187_shifted(sequence):
    offset, values = sequence("dawsons_chess_A002187.txt")
    seq = gl.DawsonsKayles().grundy_sequence(len(values) + 1).tolist()
    assert seq[0] == 0
    assert seq[1:] == values  # G_0.07(n) = A002187(n - 1)
    assert gl.TakeAndBreak("0.137").grundy_sequence(len(values)).tolist() == values


