"""Slider explorers and the "play against gamelab" widgets (ipywidgets).

This package is the only part of gamelab that imports ipywidgets.  Every
explorer is an :class:`Explorer`: a dict of ``controls`` and a pure view of
their values (a function of :mod:`gamelab.display` returning a
:class:`gamelab.display.Table`), with one ``update()``, the last ``result``,
the ``output`` that shows it and the ``widget`` to display — so tests set a
control's ``value`` and check ``result`` without a browser or a kernel.
"""
from ._kit import Explorer
from .play import PlayWidget
from .explore import GameExplorer, SubtractionSetExplorer, explore
from .bash import BashExplorer, PNExplorer
from .nim import MooreNimExplorer, NimExplorer
from .sums import SumExplorer
from .wythoff import WythoffExplorer, wythoff_play
from .fibonacci import FibonacciExplorer, fibonacci_play
from .staircase import StaircaseExplorer
from .misere import MisereNimExplorer
from .coins import CoinExplorer, coin_play
from .octal import OctalExplorer
from .hackenbush import HackenbushExplorer, hackenbush_play
from .loopy import DigraphExplorer, LoopyPlayWidget, TokenSumExplorer

__all__ = ["Explorer", "PlayWidget", "LoopyPlayWidget", "explore", "GameExplorer",
           "SubtractionSetExplorer", "PNExplorer", "BashExplorer", "NimExplorer",
           "MooreNimExplorer", "SumExplorer", "WythoffExplorer", "FibonacciExplorer",
           "StaircaseExplorer", "MisereNimExplorer", "CoinExplorer", "OctalExplorer",
           "HackenbushExplorer", "DigraphExplorer", "TokenSumExplorer", "wythoff_play",
           "fibonacci_play", "coin_play", "hackenbush_play"]
from .nimber import NimProductExplorer, TartanPlayWidget, tartan_play

__all__ += ["NimProductExplorer", "TartanPlayWidget", "tartan_play"]
from .quotients import QuotientExplorer  # noqa: E402

__all__ += ["QuotientExplorer"]
from .chomp import ChompExplorer, chomp_play  # noqa: E402
from .dots import DotsAndBoxesExplorer, DotsAndBoxesPlay  # noqa: E402

__all__ += ["ChompExplorer", "chomp_play", "DotsAndBoxesExplorer", "DotsAndBoxesPlay"]
