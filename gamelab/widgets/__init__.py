"""Slider explorers and the "play against gamelab" widget (ipywidgets).

This package is the only part of gamelab that imports ipywidgets.  Every
explorer keeps its computation in a plain function that returns a
:class:`gamelab.display.Table` (or a figure), so tests can set a slider's
``value`` and check the result without a browser or a kernel.
"""
from .explore import Explorer, explore
from .play import PlayWidget
from .loopy import DigraphExplorer, LoopyPlayWidget, TokenSumExplorer

__all__ = ["PlayWidget", "Explorer", "explore", "DigraphExplorer", "TokenSumExplorer",
           "LoopyPlayWidget"]
