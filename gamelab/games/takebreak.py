"""Take-and-break games, gathered in one namespace.

The games live in their own modules: :mod:`gamelab.games.octal` (octal codes,
:class:`TakeAndBreak`, Kayles, Dawson's Kayles), :mod:`gamelab.games.octal_sequence`
(the numpy engine behind their Grundy sequences), :mod:`gamelab.games.lasker`,
:mod:`gamelab.games.grundys` and :mod:`gamelab.games.strips` (placement
games, Treblecross, the cutting game).  This module re-exports them, so that
``from gamelab.games.takebreak import ...`` keeps working.
"""
from __future__ import annotations

from .grundys import GrundysGame
from .lasker import LaskersNim
from ..display.octal import octal_table  # the table lives with the other tables
from .octal import DawsonsKayles, Kayles, TakeAndBreak, code_string, parse_octal
from .octal_sequence import MAX_SEQUENCE, MoveRules, OctalSequence
from .strips import CuttingGame, Treblecross, check_rectangle, cutting_moves, placement_game

__all__ = [
    "parse_octal",
    "code_string",
    "octal_table",
    "TakeAndBreak",
    "Kayles",
    "DawsonsKayles",
    "LaskersNim",
    "GrundysGame",
    "placement_game",
    "Treblecross",
    "CuttingGame",
    "MoveRules",
    "OctalSequence",
    "MAX_SEQUENCE",
]

# earlier private spellings, still used by the exercises' tests
_cutting_moves = cutting_moves
_check_rectangle = check_rectangle
