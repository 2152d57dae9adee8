"""gamelab.display.octal: the table that explains each digit of an octal code, and bad
codes."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display.octal import octal_table


def test_octal_table_explains_each_digit():
    t = octal_table("4.137")
    lines = t.text.splitlines()
    assert lines[0] == "octal code 4.137"
    rows = [[c.strip() for c in line.split("|")] for line in lines[2:]]
    assert rows == [["0", "4", "-", "-", "yes"], ["1", "1", "yes", "-", "-"],
                    ["2", "3", "yes", "yes", "-"], ["3", "7", "yes", "yes", "yes"]]
    assert 'class="gamelab-table"' in t.html and "font-weight:bold" in t.html
    assert octal_table(gl.Kayles().code) == octal_table("0.77") == octal_table(gl.Kayles().rules)


@pytest.mark.parametrize("code, exc", [("0.8", ValueError), (None, TypeError), (0.77, TypeError)])
def test_octal_table_bad_code(code, exc):
    with pytest.raises(exc, match="code"):
        octal_table(code)
