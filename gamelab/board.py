"""Board descriptions: what a position looks like, said in data, drawn elsewhere.

A game describes a position with :meth:`gamelab.Game.board`, returning one
of the small frozen values below (or ``None``: no board of its own).  The
mathematics stops there: :func:`gamelab.display.board_html` draws a
description, and :func:`gamelab.display.move_words` compares two of them
to say what a move did.  A new game family reuses these kinds and needs no
change to the display layer; a kind of picture that is really new registers
its drawing with ``gamelab.display.draw_board.register``.

Nothing here imports numpy, matplotlib or Jupyter.

Examples
--------
>>> import gamelab as gl
>>> Stones((3, 1))
Stones(heaps=(3, 1), word='heap', unit='stone', note=None)
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Optional, Union

__all__ = ["Board", "Stones", "Coins", "Steps", "Strip", "Edges", "Bar", "Components", "Text"]


@dataclass(frozen=True)
class Stones:
    """Heaps of stones (or rows of pins), numbered ``word 1``, ``word 2`` ... .

    ``heaps`` are non-negative ints; ``word`` names one heap ("heap", "row"),
    ``unit`` one stone ("stone", "pin"); ``note`` is one more line under the
    heaps (Fibonacci Nim: how many the next move may take).  One heap is
    drawn without a number.
    """

    heaps: tuple[int, ...]
    word: str = "heap"
    unit: str = "stone"
    note: Optional[str] = None


@dataclass(frozen=True)
class Coins:
    """Coins, each ``"H"`` (heads) or ``"T"`` (tails).

    ``faces`` is one row (a ``str``, coin 1 on the left) or a grid (a tuple of
    equal-length ``str`` rows, row 1 on top): two-dimensional coin turning.
    """

    faces: Union[str, tuple[str, ...]]


@dataclass(frozen=True)
class Steps:
    """A staircase: ``counts[i]`` coins on step ``i + 1``; the odd steps are shaded."""

    counts: tuple[int, ...]


@dataclass(frozen=True)
class Strip:
    """Pieces on a strip of cells ``1 .. width``: the occupied cells."""

    cells: tuple[int, ...]
    width: int


@dataclass(frozen=True)
class Edges:
    """A picture of edges ``(u, v)`` standing on the vertex ``ground`` (Hackenbush)."""

    edges: tuple[tuple[Hashable, Hashable], ...]
    ground: Hashable = 0


@dataclass(frozen=True)
class Bar:
    """A chocolate bar (Chomp): ``rows[i]`` squares in row ``i + 1``, row 1 at the
    bottom, the first square of row 1 poisoned."""

    rows: tuple[int, ...]


@dataclass(frozen=True)
class Text:
    """A position shown as text (a game with no picture: its ``repr``)."""

    text: str


@dataclass(frozen=True)
class Components:
    """A sum: one labelled row per component, each a board (or ``None``: shown as text).

    ``rows`` holds ``(label, board, position)`` triples.
    """

    rows: tuple[tuple[str, Optional["Board"], Hashable], ...]


#: Any board description.
Board = Union[Stones, Coins, Steps, Strip, Edges, Bar, Text, Components]
