"""gamelab.display.octal_values: the value table and period sentence of an octal game,
and their bad input."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import octal_sequence_table, period_sentence


def test_sequence_table_matches_the_game():
    t = octal_sequence_table("0.77", 24)
    assert t.text.splitlines()[0] == "Grundy values of octal game 0.77"
    values = gl.Kayles().grundy_sequence(24).tolist()
    row = t.text.splitlines()[2].split("|")[1].split()
    assert [int(v) for v in row] == values[:20]
    assert 'class="gamelab-table"' in t.html


def test_period_sentence_for_an_unproven_game():
    assert period_sentence("0.6", limit=500).startswith("No period is proven from the first 500")


@pytest.mark.parametrize("call, exc, word", [
    (lambda: octal_sequence_table("0.Z", 10), ValueError, "code"),
    (lambda: octal_sequence_table(None, 10), TypeError, "code"),
    (lambda: octal_sequence_table("0.77", -1), ValueError, "n"),
    (lambda: octal_sequence_table("0.77", 2.5), TypeError, "n"),
    (lambda: period_sentence("1.2.3"), ValueError, "code"),
    (lambda: period_sentence("0.77", limit=None), TypeError, "limit"),
])
def test_bad_input(call, exc, word):
    with pytest.raises(exc, match=word):
        call()
