"""gamelab.exercises.references.coins: the cases the check of hihoCoder 1172 tries keep to the
problem's statement (2 <= N <= 10000 coins, a row of N letters H/T), as the lecture states it."""
from __future__ import annotations

import json
import re

from gamelab.exercises.check import exercise
from gamelab.exercises.references.coins import hiho1172

from gamelab_testing import NOTEBOOKS

#: hihoCoder 1172's own bounds on N, the number of coins.
FEWEST, MOST = 2, 10_000


def lecture_bounds():
    """The bounds on N in the statement lecture 09 poses: the ``(a ≤ N ≤ b)`` of Exercise 9.1."""
    cells = json.loads((NOTEBOOKS / "09_coin_turning.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
                     and "hihoCoder 1172" in "".join(c["source"]))
    found = re.search(r"\((\d+) ≤ N ≤ (\d+)\)", text)
    assert found, "lecture 09 states the bounds on N of hihoCoder 1172"
    return int(found.group(1)), int(found.group(2))


def generated():
    """Every generated case of the check (the official sample left out), as (N, row)."""
    cases = exercise("hiho1172").all_cases()[1:]
    assert len(cases) > 20
    return [(int(n), row) for n, row in (text.split() for text in cases)]


def test_every_generated_row_has_at_least_two_and_at_most_10000_coins():
    sizes = [n for n, _ in generated()]
    assert min(sizes) == FEWEST and max(sizes) == MOST


def test_every_generated_case_keeps_to_the_statement_of_the_lecture():
    low, high = lecture_bounds()
    for n, row in generated():
        assert low <= n <= high and FEWEST <= n
        assert len(row) == n and set(row) <= {"H", "T"}
        assert hiho1172(f"{n}\n{row}\n") in ("Alice", "Bob")
