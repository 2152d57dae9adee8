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
    rows = [line.split("|") for line in lines[1:]]
    assert [r[0].strip() for r in rows] == ["remove k", "digit", "leave no heap",
                                            "leave one heap", "leave two heaps"]
    assert [r[1].split() for r in rows] == [["0", "1", "2", "3"], ["4", "1", "3", "7"],
                                            ["-", "yes", "yes", "yes"], ["-", "-", "yes", "yes"],
                                            ["yes", "-", "-", "yes"]]
    assert 'class="gamelab-table"' in t.html and "font-weight:bold" in t.html
    assert octal_table(gl.Kayles().code) == octal_table("0.77") == octal_table(gl.Kayles().rules)


@pytest.mark.parametrize("code, exc", [("0.Z", ValueError), (None, TypeError), (0.77, TypeError)])
def test_octal_table_bad_code(code, exc):
    with pytest.raises(exc, match="code"):
        octal_table(code)
