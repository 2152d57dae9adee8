"""gamelab: impartial combinatorial games, exactly and fast.

The public names of the course's API are importable from here::

    >>> import gamelab as gl
    >>> gl.mex([0, 1, 3]), gl.nim_sum([3, 4, 5])
    (2, 2)
    >>> gl.outcome(gl.Bash(3), 21)
    'N'

The mathematics imports nothing from Jupyter; tables and plots live in
:mod:`gamelab.display`, sliders and the play widget in :mod:`gamelab.widgets`.
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
from .heaps import HeapGame, Sum
from .games.subtraction import Bash, Subtraction
from .games.nim import MooreNim, Nim
from .games.wythoff import Wythoff, wythoff_pair
from .games.fibonacci import FibonacciNim, zeckendorf
from .games.staircase import StaircaseNim
from .games.octal import DawsonsKayles, Kayles, TakeAndBreak
from .games.lasker import LaskersNim
from .games.grundys import GrundysGame
from .games.coins import CoinTurning
from .games.hackenbush import GreenHackenbush
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
from .loopy import (
    Infinity,
    loopy_drawing_moves,
    loopy_grundy,
    loopy_outcome,
    loopy_winning_moves,
)

__version__ = "0.1.0"

#: Submodules reached as ``gl.display``, ``gl.widgets`` and ``gl.exercises``
#: without an import of their own.  They are loaded on first use: they need the
#: optional ``course`` dependencies (matplotlib, ipywidgets), which the
#: mathematics above never imports.
_SUBMODULES = ("display", "widgets", "exercises")


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
    "Subtraction", "Bash", "Nim", "MooreNim", "Wythoff", "wythoff_pair",
    "FibonacciNim", "zeckendorf", "StaircaseNim", "TakeAndBreak", "Kayles",
    "DawsonsKayles", "LaskersNim", "GrundysGame", "CoinTurning", "GreenHackenbush",
    "loopy_outcome", "loopy_grundy", "Infinity", "loopy_winning_moves", "loopy_drawing_moves",
    "nim_mul", "nim_pow", "nim_inv", "nim_sqrt", "nim_square", "nim_mul_array",
    "nim_field_size", "Nimber", "TartanGame", "AcrosticTwins", "tartan_value",
    "reference_sequence", "ReferenceSequence",
]
