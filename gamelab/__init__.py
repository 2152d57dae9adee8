"""gamelab: impartial combinatorial games, exactly and fast.

The public names of the course's API are importable from here::

    >>> import gamelab as gl
    >>> gl.mex([0, 1, 3]), gl.nim_sum([3, 4, 5])
    (2, 2)
    >>> gl.outcome(gl.Bash(3), 21)
    'N'

The mathematics imports nothing from Jupyter; tables and plots live in
:mod:`gamelab.display`, sliders and the play widget in :mod:`gamelab.widgets`,
the exercises' helpers in :mod:`gamelab.exercises` — all three reached as
``gl.display``, ``gl.widgets`` and ``gl.exercises``, so a lecture needs no
other import of gamelab than this one and its exercise checks::

    >>> gl.sj_outcome([1, 1]), gl.guy_smith_window(71, 12, 2)
    ('N', range(71, 156))
    >>> gl.reference_sequence("A002186")[5]
    4
"""
import importlib

from .engine import (
    SEARCH_LIMIT,
    Game,
    LoopyGameError,
    game_options,
    grundy,
    mex,
    nim_sum,
    outcome,
    search_grundy,
    search_outcome,
    search_winning_moves,
    winning_moves,
)
from .heaps import HeapGame
from .sums import Sum
from .strategy import hardest_move, move_difficulty, remoteness
from .misere import sj_applies, sj_condition, sj_outcome, sj_values, sj_violation
from .genera import Genus, first_wild_heap, genus, genus_sequence, misere_grundy
from .quotients import MisereQuotient, misere_quotient
from .periodicity import apparent_period, guy_smith_window, needed_length
from .games.subtraction import Bash, Subtraction
from .games.nim import MooreNim, Nim, NimHeap, moore_bit_counts
from .games.wythoff import Wythoff, wythoff_pair
from .parlour.chomp import Chomp
from .games.fibonacci import FibonacciNim, fibonacci_numbers, is_fibonacci, zeckendorf
from .games.staircase import PiecesOnStrip, StaircaseNim, odd_step_xor
from .games.octal import AllBut, DawsonsKayles, Kayles, TakeAndBreak
from .games.lasker import LaskersNim
from .games.grundys import GrundysGame
from .games.strips import CuttingGame, Treblecross, placement_game
from .games.octal_kernel import SequenceState, compute_values, extend
from .games.octal_space import choose_space
from .games.octal_proof import prove_period
from .games.coins import CoinTurning
from .games.hackenbush import GreenHackenbush, random_graph, random_tree, stalk
from .games.coins2d import AcrosticTwins, TartanGame, tartan_value
from .nimber import (
    Nimber,
    nim_field_size,
    nim_inv,
    nim_mul,
    nim_mul_array,
    nim_pow,
    nim_sqrt,
    nim_square,
)
from .data import ReferenceSequence, reference_sequence
from .i18n import language, set_language
from . import fonts as _fonts  # noqa: F401  (set_language gives matplotlib a font for the language)
from .loopy import (
    GALLERY,
    Digraph,
    Infinity,
    loopy_drawing_moves,
    loopy_grundy,
    loopy_outcome,
    loopy_winning_moves,
    random_digraph,
)

__version__ = "0.4.0"

#: Submodules reached as ``gl.display``, ``gl.widgets``, ``gl.exercises``, ``gl.census``
#: and ``gl.parlour`` (the games people play) without an import of their own, each
#: loaded on first use: the first three need the optional ``course`` dependencies
#: (matplotlib, ipywidgets), which the mathematics above never imports.
_SUBMODULES = ("display", "widgets", "exercises", "census", "parlour")


def __getattr__(name):
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_SUBMODULES))

__all__ = [
    "mex", "nim_sum", "grundy", "outcome", "winning_moves", "LoopyGameError",
    "Sum", "HeapGame", "Game", "game_options", "search_grundy", "search_outcome",
    "search_winning_moves", "SEARCH_LIMIT",
    "hardest_move", "remoteness", "move_difficulty",
    "Subtraction", "Bash", "Nim", "MooreNim", "Wythoff", "wythoff_pair",
    "FibonacciNim", "zeckendorf", "StaircaseNim", "TakeAndBreak", "AllBut", "Kayles",
    "DawsonsKayles", "LaskersNim", "GrundysGame", "CoinTurning", "GreenHackenbush",
    "loopy_outcome", "loopy_grundy", "Infinity", "loopy_winning_moves", "loopy_drawing_moves",
    "nim_mul", "nim_pow", "nim_inv", "nim_sqrt", "nim_square", "nim_mul_array",
    "nim_field_size", "Nimber", "TartanGame", "AcrosticTwins", "tartan_value",
    "reference_sequence", "ReferenceSequence", "Chomp",
    # the lectures' further mathematics
    "NimHeap", "moore_bit_counts", "fibonacci_numbers", "is_fibonacci", "PiecesOnStrip",
    "odd_step_xor", "sj_outcome", "sj_condition", "sj_violation", "sj_values", "sj_applies",
    "CuttingGame", "Treblecross", "placement_game", "apparent_period", "guy_smith_window",
    "needed_length", "prove_period", "compute_values", "extend", "SequenceState",
    "choose_space", "random_tree", "random_graph", "stalk", "Digraph", "random_digraph",
    "GALLERY",
    # misère play beyond the SJ theorem
    "misere_grundy", "genus", "genus_sequence", "Genus", "first_wild_heap",
    "misere_quotient", "MisereQuotient",
    # the language of gamelab's own text (widgets, boards, checks)
    "set_language", "language",
]
