"""Explore any one-heap game: SG table, plot, period, and a game against gamelab.

A student who invents a game writes its options in a few lines and calls
:func:`explore`::

    from math import isqrt
    def squares(n):                         # take a square number of stones
        return [n - k * k for k in range(1, isqrt(n) + 1)]
    gl.widgets.explore(squares, n_max=60)

and gets the same explorer the lectures use for their own games: a slider for
the range of heaps, the table of Sprague–Grundy values with the P-positions
highlighted, a plot of the sequence, the period (proven when the game can
prove one, otherwise the period *seen* in the computed values, labelled as
such), and a "play against gamelab" panel.  The view is
:func:`gamelab.display.one_heap_view`.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4
   (subtraction games and their periods).
"""
from __future__ import annotations

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from .. import engine
from .._validate import check_int
from ..display.one_heap import (PROOF_HEAPS, check_period, game_title, grundy_values,
                                one_heap_view, period_info, period_text, subtraction_set_view)
from ..display.plots import plot_sequence
from ..display.svg import sequence_svg
from ..display.tables import sequence_table
from ..games.subtraction import Subtraction, check_subtraction_set
from ._kit import Explorer, MoveToggles, PlayPanel, int_slider

__all__ = ["GameExplorer", "explore", "SubtractionSetExplorer"]


def _heap_slider(n_max, slider_max):
    return int_slider("n_max", n_max, 0, slider_max, _("heaps 0 to"), continuous_update=False)


class GameExplorer(Explorer):
    """The explorer of a one-heap game (positions are the integers 0, 1, 2, ...).

    Parameters
    ----------
    game : game object or callable
        Anything :func:`gamelab.grundy` accepts whose positions are heap sizes.
    n_max : int
        The largest heap shown at first (the control ``n_max`` moves it).
    name : str, optional
        Shown above the table.
    period : "auto", tuple or None
        ``"auto"``: the game's own proven period (its ``period`` hook), else
        the apparent period of the values shown.  A tuple ``(preperiod,
        period)`` is shown as given; ``None`` shows no period.
    play_start : int, optional
        The starting heap of the "play against gamelab" panel (default
        ``min(n_max, 20)``).
    slider_max : int
        The right end of the heap-range slider.
    period_limit : int
        How far the game's own ``period`` hook may look for a proof.

    The methods :meth:`values`, :meth:`table`, :meth:`plot`,
    :meth:`period_info` and :meth:`period_text` compute for any ``n_max``.

    Examples
    --------
    >>> import gamelab as gl
    >>> ex = GameExplorer(gl.Subtraction({1, 3, 4}), n_max=13)
    >>> print(ex.table(13))
    take 1, 3 or 4
       n | 0 1 2 3 4 5 6 7 8 9 10 11 12 13
    G(n) | 0 1 0 1 2 3 2 0 1 0  1  2  3  2
    >>> ex.period_info(13)
    ('proven', (0, 7))
    >>> ex.controls["n_max"].value = 20
    >>> ex.values(ex.kwargs["n_max"])[-1]
    2
    """

    fallback = N_(
        "a slider for the largest heap recomputes the Sprague–Grundy values of "
        "{self.name}, their period and their plot, with a panel to play against gamelab."
    )

    def __init__(self, game, n_max=40, *, name=None, period="auto", play_start=None,
                 slider_max=400, period_limit=PROOF_HEAPS, per_row=20):
        slider_max = check_int(slider_max, "slider_max", minimum=1)
        slider = _heap_slider(n_max, slider_max)
        self.period_limit = check_int(period_limit, "period_limit", minimum=1)
        self.per_row = check_int(per_row, "per_row", minimum=1)
        self._play_start = None if play_start is None else check_int(play_start, "play_start")
        self.play_panel = PlayPanel()
        self._set(game, name, period)
        super().__init__({"n_max": slider}, self._view, footer=[self.play_panel.widget])
        self._show_play()

    def _set(self, game, name, period):
        self.game = engine.check_game(game)
        self.period = check_period(period)
        self.name = game_title(self.game, name)

    def _show_play(self):
        start = self._play_start if self._play_start is not None else min(
            self.kwargs["n_max"], 20)
        self.play_panel.show(self.game, start)

    def _view(self, n_max):
        return one_heap_view(self.game, n_max, name=self.name, period=self.period,
                             limit=self.period_limit, per_row=self.per_row)

    def set_game(self, game, *, name=None, period="auto"):
        """Explore another game (keeps the heap range); a new game in the play panel."""
        self._set(game, name, period)
        self.update()
        self._show_play()

    # -- computations for any range of heaps --------------------------------------
    def values(self, n_max):
        """Sprague–Grundy values of heaps ``0 .. n_max``."""
        return grundy_values(self.game, n_max)

    def p_positions(self, n_max):
        """The heaps ``0 .. n_max`` of value 0."""
        return [n for n, v in enumerate(self.values(n_max)) if v == 0]

    def table(self, n_max):
        """The table of values, P-positions highlighted (a :class:`gamelab.display.Table`)."""
        return sequence_table(self.values(n_max), per_row=self.per_row, title=self.name)

    def figure(self, n_max):
        """A matplotlib figure of the sequence (not shown, not closed)."""
        return plot_sequence(self.values(n_max), title=self.name).figure

    def plot(self, n_max):
        """The plot as an inline ``<svg>`` (quick to redraw, text readable when projected)."""
        return sequence_svg(self.values(n_max), title=self.name)

    def period_info(self, n_max):
        """``(kind, (preperiod, period))``: see :func:`gamelab.display.period_info`."""
        return period_info(self.game, n_max, period=self.period, limit=self.period_limit)

    def period_text(self, n_max):
        """The period in words: proven, given, or only seen (not proven)."""
        return period_text(self.game, n_max, period=self.period, limit=self.period_limit)


def explore(game, n_max=40, **options):
    """Explore a one-heap game: one call, the whole explorer.

    Parameters
    ----------
    game : game object or callable
        E.g. ``gl.Subtraction({1, 3, 4})`` or a function ``n -> options``.
    n_max : int
        The largest heap shown at first.
    **options
        Passed to :class:`GameExplorer` (``name``, ``period``, ``play_start``, ...).

    Returns
    -------
    GameExplorer

    Examples
    --------
    >>> from math import isqrt
    >>> def squares(n):
    ...     return [n - k * k for k in range(1, isqrt(n) + 1)]
    >>> ex = explore(squares, n_max=12, name="subtract a square")
    >>> ex.values(12)
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0]
    >>> ex.period_info(12)
    (None, None)
    """
    return GameExplorer(game, n_max, **options)


class SubtractionSetExplorer(Explorer):
    """Subtraction games with a set the student edits by toggling moves ``1 .. max_move``.

    Controls ``moves`` (the moves switched on) and ``n_max`` (the largest
    heap shown); the view is :func:`gamelab.display.subtraction_set_view`,
    and the play panel follows the moves.

    Examples
    --------
    >>> ex = SubtractionSetExplorer({1, 3, 4}, n_max=14)
    >>> ex.controls["moves"].toggles[1].value = True        # switch on "take 2"
    >>> ex.kwargs["moves"], ex.result.text.splitlines()[1]
    ((1, 2, 3, 4), 'Period proven: G(n + 5) = G(n) for every n ≥ 0 (preperiod 0, period 5).')
    """

    fallback = N_(
        "toggle the moves of a subtraction set and move the heap slider, and its "
        "Sprague–Grundy values and their period are recomputed."
    )

    def __init__(self, subtraction_set=(1, 3, 4), n_max=40, *, max_move=12):
        max_move = check_int(max_move, "max_move", minimum=1, maximum=40)
        chosen = check_subtraction_set(subtraction_set)
        toggles = MoveToggles(chosen, max_move, name="subtraction_set elements")
        slider = _heap_slider(n_max, 400)
        self.play_panel = PlayPanel()
        super().__init__({"moves": toggles, "n_max": slider}, subtraction_set_view,
                         layout=[widgets.HTML(_("Moves allowed (click to switch a move on or off):")),
                                 toggles, slider],
                         footer=[self.play_panel.widget])

    def update(self):
        """The view for the moves switched on, and a game of those moves in the play panel."""
        result = super().update()
        moves, n_max = self.kwargs["moves"], self.kwargs["n_max"]
        if moves:
            self.play_panel.show(Subtraction(moves), min(n_max, 20), key=moves)
        else:
            self.play_panel.hide()
        return result
