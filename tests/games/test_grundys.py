"""gamelab.games.grundys: Grundy's game against its published sequence."""
from __future__ import annotations

import gamelab as gl


def test_grundys_game_is_a002188(sequence):
    offset, values = sequence("grundys_game_A002188.txt")
    assert gl.GrundysGame().grundy_sequence(len(values)).tolist() == values
