"""gamelab.display.sums: the table of a sum of menu games, its winning moves against search,
and bad input."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import MENU, describe_sum_moves, sum_table


BASH3 = ["Bash m=3 (take 1-3)", "Bash m=5 (take 1-5)", "Bash m=7 (take 1-7)"]


def test_winning_moves_agree_with_search_on_the_sum():
    for names, heaps in [(BASH3, [9, 10, 14]),
                         (["take 1, 3 or 4", "take an odd number", "Nim heap (take any number)"], [6, 7, 5]),
                         (["take a Fibonacci number", "Bash m=2 (take 1-2)"], [11, 4])]:
        game = gl.Sum(*(MENU[n] for n in names))
        expected = gl.search_winning_moves(game, tuple(heaps))
        assert len(describe_sum_moves(names, heaps)) == len(expected)
        assert gl.winning_moves(game, tuple(heaps)) == expected


def test_sum_table_rows():
    t = sum_table(BASH3, [9, 10, 14])
    assert t.text.splitlines()[-1].split() == ["sum", "(XOR)", "|", "3"]


@pytest.mark.parametrize("args,error,word", [
    ((["no such game"], [3]), ValueError, "names"),
    ((BASH3, [1, 2]), ValueError, "same length"),
    ((BASH3, [1, -2, 3]), ValueError, "heaps"),
    ((BASH3, [1, 2.5, 3]), TypeError, "heaps"),
    (("Bash", [1]), TypeError, "names"),
    (([], []), ValueError, "names"),
])
def test_bad_input(args, error, word):
    with pytest.raises(error, match=word):
        sum_table(*args)
    with pytest.raises(error, match=word):
        describe_sum_moves(*args)
