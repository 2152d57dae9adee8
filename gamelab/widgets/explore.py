"""Explore any one-heap game: SG table, plot, period, and a game against gamelab.

A student who invents a game writes its options in a few lines and calls
:func:`explore`::

    from math import isqrt
    def squares(n):                         # take a square number of stones
        return [n - k * k for k in range(1, isqrt(n) + 1)]
    gl_explore.explore(squares, n_max=60)

and gets the same explorer the lectures use for their own games: a slider for
the range of heaps, the table of Sprague–Grundy values with the P-positions
highlighted, a plot of the sequence, the period (proven when the game can
prove one, otherwise the period *seen* in the computed values, labelled as
such), and a "play against gamelab" panel.

Every computation is an ordinary method returning a value (:meth:`Explorer.values`,
:meth:`Explorer.table`, :meth:`Explorer.period_info`, ...), so the explorer
can be checked without a browser.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4
   (subtraction games and their periods).
.. [2] Course notes "博弈论 SG函数": computing SG values by table and by memoised search.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Shown, show_pressed

from .. import engine
from .._validate import check_int
from ..display.boards import move_words, pins_html
from ..display.plots import plot_sequence
from ..display.svg import scroll_box, sequence_svg
from ..display.tables import sequence_table
from ..periodicity import apparent_period
from .play import PlayWidget

__all__ = ["apparent_period", "Explorer", "explore", "SubtractionSetExplorer",
           "SubtractionExplorer"]


def _game_name(game, name):
    if name is not None:
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, got {name!r}")
        return name
    if isinstance(game, engine.Game):
        return repr(game)
    return getattr(game, "__name__", type(game).__name__)


def _heap_label(position, option):
    if isinstance(position, int) and isinstance(option, int):
        return f"take {position - option}"
    return f"{position} \u2192 {option}"


def _play_widget(game, start):
    """A play panel; a take-and-break game is played on its collection of heaps."""
    from ..heaps import HeapGame

    if isinstance(game, HeapGame):
        return PlayWidget(game.multiset_options, (start,),
                          label=lambda p, o: move_words(game, p, o),
                          render=pins_html)
    return PlayWidget(game, start, label=getattr(game, "move_label", None) or _heap_label)


class Explorer(Shown):
    """The explorer of a one-heap game (positions are the integers 0, 1, 2, ...).

    Parameters
    ----------
    game : game object or callable
        Anything :func:`gamelab.grundy` accepts whose positions are heap sizes.
    n_max : int
        The largest heap shown at first (the slider can move it).
    name : str, optional
        Shown above the table.
    period : "auto", tuple or None
        ``"auto"``: use the game's own proven period if it has a
        ``period(limit)`` method that finds one, otherwise look for an
        apparent period in the values shown.  A tuple ``(preperiod, period)``
        is shown as given; ``None`` shows no period.
    play_start : int, optional
        The starting heap of the "play against gamelab" panel (default
        ``min(n_max, 20)``).
    slider_max : int
        The right end of the heap-range slider.
    period_limit : int
        How far the game's own ``period`` method may look for a proof.

    Examples
    --------
    >>> import gamelab as gl
    >>> ex = Explorer(gl.Subtraction({1, 3, 4}), n_max=13)
    >>> print(ex.table(13))
    Subtraction({1, 3, 4})
       n | 0 1 2 3 4 5 6 7 8 9 10 11 12 13
    G(n) | 0 1 0 1 2 3 2 0 1 0  1  2  3  2
    >>> ex.period_info(13)
    ('proven', (0, 7))
    >>> ex.n_slider.value = 20
    >>> ex.values(ex.n_slider.value)[-1]
    2
    """

    fallback = (
        "a slider for the largest heap recomputes the Sprague–Grundy values of "
        "{self.name}, their period and their plot, with a panel to play against gamelab."
    )

    def __init__(self, game, n_max=40, *, name=None, period="auto", play_start=None,
                 slider_max=400, period_limit=2000, per_row=20):
        self.slider_max = check_int(slider_max, "slider_max", minimum=1)
        n_max = check_int(n_max, "n_max", minimum=0, maximum=self.slider_max)
        self.period_limit = check_int(period_limit, "period_limit", minimum=1)
        self.per_row = check_int(per_row, "per_row", minimum=1)
        if play_start is not None:
            play_start = check_int(play_start, "play_start")
        self._play_start = play_start
        self.n_slider = widgets.IntSlider(
            value=n_max, min=0, max=self.slider_max, step=1,
            description="heaps 0 to", continuous_update=False,
            style={"description_width": "initial"})
        self.title = widgets.HTML()
        self.period_html = widgets.HTML()
        self.table_html = widgets.HTML()
        self.plot_html = widgets.HTML()
        self.play_box = widgets.VBox()
        self.play_panel = widgets.Accordion(children=[self.play_box])
        self.play_panel.set_title(0, "Play against gamelab")
        self.play_panel.selected_index = None
        self.widget = widgets.VBox([self.title, self.n_slider, self.period_html,
                                    self.table_html, self.plot_html, self.play_panel])
        self.set_game(game, name=name, period=period)
        self.n_slider.observe(lambda change: self.refresh(), names="value")

    # -- the game ----------------------------------------------------------------
    def set_game(self, game, *, name=None, period="auto"):
        """Explore another game (keeps the heap range)."""
        self.game = engine.check_game(game)
        if not (period == "auto" or period is None or
                (isinstance(period, tuple) and len(period) == 2)):
            raise ValueError(f"period must be 'auto', None or a (preperiod, period) tuple, got {period!r}")
        if isinstance(period, tuple):
            period = (check_int(period[0], "period[0]"), check_int(period[1], "period[1]", minimum=1))
        self.period = period
        self.name = _game_name(self.game, name)
        start = self._play_start if self._play_start is not None else min(self.n_slider.value, 20)
        self.play = _play_widget(self.game, start)
        self.play_box.children = [self.play.widget]
        self.refresh()

    # -- computations (plain methods) -------------------------------------------------
    def values(self, n_max):
        """Sprague–Grundy values of heaps ``0 .. n_max``."""
        n_max = check_int(n_max, "n_max")
        return [engine.grundy(self.game, n) for n in range(n_max + 1)]

    def p_positions(self, n_max):
        """The heaps ``0 .. n_max`` of value 0."""
        return [n for n, v in enumerate(self.values(n_max)) if v == 0]

    def table(self, n_max):
        """The table of values, P-positions highlighted (a :class:`gamelab.display.Table`)."""
        return sequence_table(self.values(n_max), per_row=self.per_row, title=self.name)

    def figure(self, n_max):
        """A matplotlib figure of the sequence (not shown, not closed)."""
        ax = plot_sequence(self.values(n_max), title=self.name)
        return ax.figure

    def plot(self, n_max):
        """The plot as an inline ``<svg>`` (quick to redraw, text readable when projected)."""
        return sequence_svg(self.values(n_max), title=self.name)

    def period_info(self, n_max):
        """``(kind, (preperiod, period))`` with kind ``"proven"``, ``"given"`` or ``"seen"``.

        ``(None, None)`` when no period is known or seen.
        """
        n_max = check_int(n_max, "n_max")
        if self.period is None:
            return (None, None)
        if isinstance(self.period, tuple):
            return ("given", self.period)
        own = getattr(self.game, "period", None)
        if callable(own) and hasattr(self.game, "options"):
            proven = own(self.period_limit)
            if proven is not None:
                return ("proven", tuple(proven))
        seen = apparent_period(self.values(n_max))
        if seen is not None:
            return ("seen", seen)
        return (None, None)

    def period_text(self, n_max):
        """The period in words (plain text): proven, given, or only seen (not proven)."""
        kind, pe = self.period_info(n_max)
        if kind is None:
            return f"No period seen among heaps 0 to {n_max}."
        e, p = pe
        if kind == "proven":
            return (f"Period proven: G(n + {p}) = G(n) for every n \u2265 {e} "
                    f"(preperiod {e}, period {p}).")
        if kind == "given":
            return f"Period (from the theory): preperiod {e}, period {p}."
        return (f"Apparent period (seen, not proven): among heaps 0 to {n_max}, "
                f"G(n + {p}) = G(n) for n \u2265 {e} (preperiod {e}, period {p}).")

    def clear(self, message):
        """Show ``message`` instead of the table, period, plot and game (no stale output)."""
        self.title.value = message
        for out in (self.period_html, self.table_html, self.plot_html):
            out.value = ""
        self.play_panel.layout.display = "none"

    def refresh(self):
        """Recompute everything for the current slider value."""
        self.play_panel.layout.display = None
        n = self.n_slider.value
        self.title.value = f"<b>{html.escape(self.name)}</b>"
        self.period_html.value = html.escape(self.period_text(n))
        self.table_html.value = scroll_box(self.table(n).html, max_height=320)
        self.plot_html.value = scroll_box(self.plot(n))


def explore(game, n_max=40, **options):
    """Explore a one-heap game: one call, the whole explorer.

    Parameters
    ----------
    game : game object or callable
        E.g. ``gl.Subtraction({1, 3, 4})`` or a function ``n -> options``.
    n_max : int
        The largest heap shown at first.
    **options
        Passed to :class:`Explorer` (``name``, ``period``, ``play_start``, ...).

    Returns
    -------
    Explorer
        With ``.widget`` (display it), ``.n_slider`` and the methods
        ``values``, ``table``, ``plot``, ``period_info``.

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
    return Explorer(game, n_max, **options)


class SubtractionSetExplorer(Shown):
    """Subtraction games with a set the student edits by toggling moves ``1 .. max_move``.

    Parameters
    ----------
    subtraction_set : iterable of int
        The moves switched on at first.
    n_max : int
        The largest heap shown at first.
    max_move : int
        Buttons for the moves ``1 .. max_move``.

    Examples
    --------
    >>> ex = SubtractionSetExplorer({1, 3, 4}, n_max=14)
    >>> ex.subtraction_set()
    (1, 3, 4)
    >>> ex.toggles[1].value = True        # switch on "take 2"
    >>> ex.subtraction_set(), ex.explorer.period_info(14)
    ((1, 2, 3, 4), ('proven', (0, 5)))
    """

    fallback = (
        "toggle the moves of a subtraction set and move the heap slider, and its "
        "Sprague–Grundy values and their period are recomputed."
    )

    def __init__(self, subtraction_set=(1, 3, 4), n_max=40, *, max_move=12):
        from ..games.subtraction import Subtraction, check_subtraction_set as _check_subtraction_set

        self.max_move = check_int(max_move, "max_move", minimum=1, maximum=40)
        chosen = _check_subtraction_set(subtraction_set)
        if chosen[-1] > self.max_move:
            raise ValueError(f"subtraction_set elements must be <= max_move={self.max_move}, got {chosen[-1]}")
        self._Subtraction = Subtraction
        self.toggles = [show_pressed(widgets.ToggleButton(value=s in chosen, description=str(s),
                                                          tooltip=f"allow taking {s}",
                                                          layout=widgets.Layout(width="3em")))
                        for s in range(1, self.max_move + 1)]
        self.message = widgets.HTML()
        self.explorer = Explorer(Subtraction(chosen), n_max, name=self._name(chosen))
        self.widget = widgets.VBox([
            widgets.HTML("Moves allowed (click to switch a move on or off):"),
            widgets.HBox(self.toggles, layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.explorer.widget])
        for t in self.toggles:
            t.observe(lambda change: self.update(), names="value")

    @staticmethod
    def _name(S):
        return "subtraction set {" + ", ".join(map(str, S)) + "}"

    def subtraction_set(self):
        """The moves switched on, as a sorted tuple."""
        return tuple(s for s, t in zip(range(1, self.max_move + 1), self.toggles) if t.value)

    def update(self):
        """Rebuild the explorer for the moves switched on; returns the message shown."""
        S = self.subtraction_set()
        if not S:
            self.message.value = ("<b>Switch on at least one move.</b> With no move "
                                  "allowed nobody can ever move: every heap is a P-position, "
                                  "and there is no table, period or game to show.")
            self.explorer.clear("")
            return self.message.value
        self.message.value = ""
        self.explorer.set_game(self._Subtraction(S), name=self._name(S))
        return self.message.value


#: The name lecture 02 uses (:class:`SubtractionSetExplorer`; not the P/N explorer
#: :class:`gamelab.widgets.bash.PNExplorer` of lecture 00).
SubtractionExplorer = SubtractionSetExplorer
