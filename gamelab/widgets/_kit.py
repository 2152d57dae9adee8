"""The widget kit: the one :class:`Explorer` shape, and the controls explorers share.

An explorer is a dict of controls and a pure view function, like
``ipywidgets.interactive``: whenever a control's ``value`` changes, the view
is called with every control's value as a keyword argument, its return (a
:class:`gamelab.display.Table`, an HTML string or a matplotlib figure) is
kept as ``result`` and shown in ``output``.  A control is any widget with a
``value``; the compound controls here (:class:`HeapSliders`,
:class:`MoveToggles`, :class:`CoinRow`) are several widgets with one value.

Bounds are typed once: :func:`int_slider` checks the starting value
against the slider's own ``min`` and ``max``.
"""
from __future__ import annotations

import ipywidgets as widgets
import traitlets

from .._validate import check_int, check_int_tuple
from ..display.plots import figure_html
from ..i18n import gettext as _, gettext_noop as N_
from ..display.tables import Table, scroll_box
from ._style import Shown, show_pressed
from .play import PlayWidget

__all__ = ["Explorer", "int_slider", "HeapSliders", "MoveToggles", "CoinRow", "PlayPanel",
           "as_html", "fit", "FIT"]

_WIDE = {"description_width": "initial"}


#: The box every output stands in.  ipywidgets lays an ``HTML`` widget out as a flex
#: row whose content may not shrink below its widest line, so a wide table would widen
#: the whole explorer and the page would scroll, slider and all.  Containing the box's
#: inline size makes it exactly as wide as the output: what is wider scrolls inside
#: its own ``gamelab-scroll`` box and the controls stay in view.
FIT = "contain:inline-size;min-width:0;max-width:100%"


def fit(content):
    """``content`` in a box exactly as wide as the output (see :data:`FIT`)."""
    return f'<div class="gamelab-fit" style="{FIT}">{content}</div>' if content else ""


def as_html(result):
    """What ``output`` shows for a view's result: a table (scrolling), HTML, a figure —
    in a box as wide as the output, so that what is wider scrolls by itself."""
    if result is None:
        return ""
    if isinstance(result, Table):
        return fit(scroll_box(result.html))
    if isinstance(result, str):
        return fit(result)
    if hasattr(result, "savefig"):  # a matplotlib figure
        return fit(figure_html(result))
    raise TypeError(f"a view must return a Table, an HTML str or a figure, got "
                    f"{type(result).__name__}")


class Explorer(Shown):
    """Controls, a view of their values, and the output that shows it.

    Parameters
    ----------
    controls : dict of str to widget
        Each control has a ``value``; the view is called as
        ``view(**{name: control.value})``.
    view : callable
        A pure function of the controls' values returning a
        :class:`gamelab.display.Table`, an HTML string or a figure.
    layout : list of widgets, optional
        What stands above the output (default: the controls, in order).
    footer : list of widgets
        What stands below the output.

    Attributes
    ----------
    controls : dict
    output : ipywidgets.HTML
        The last result, as HTML.
    result
        The last return of ``view``.
    widget : ipywidgets.VBox
        What a notebook displays.

    Examples
    --------
    >>> import ipywidgets as widgets
    >>> from gamelab.display import bash_table
    >>> e = Explorer({"m": widgets.IntSlider(3, min=1, max=9), "n": widgets.IntSlider(8)},
    ...              bash_table)
    >>> e.controls["m"].value = 2
    >>> print(e.result)
    Bash game, take 1..2
       n | 0 1 2 3 4 5 6 7 8
    G(n) | 0 1 2 0 1 2 0 1 2
    """

    fallback = N_("controls that recompute the view.")

    def __init__(self, controls, view, *, layout=None, footer=()):
        if not isinstance(controls, dict) or not all(isinstance(k, str) for k in controls):
            raise TypeError(f"controls must be a dict of names to widgets, got {controls!r}")
        if not callable(view):
            raise TypeError(f"view must be a callable, got {view!r}")
        self.controls = dict(controls)
        self.view = view
        self.result = None
        self.output = widgets.HTML()
        above = list(self.controls.values()) if layout is None else list(layout)
        self.widget = widgets.VBox([*above, self.output, *footer])
        for control in self.controls.values():
            control.observe(self._changed, names="value")
        self.update()

    @property
    def kwargs(self):
        """The controls' current values, by name (what the view is called with)."""
        return {name: control.value for name, control in self.controls.items()}

    def update(self):
        """Call the view with the controls' values, keep and show its result; return it."""
        self.result = self.view(**self.kwargs)
        self.output.value = as_html(self.result)
        return self.result

    def _changed(self, _change):
        self.update()


def int_slider(name, value, minimum, maximum, description, *, maximum_name=None, **options):
    """An ``IntSlider`` from ``minimum`` to ``maximum`` starting at ``value``, checked.

    ``name`` is the argument's name in the message when ``value`` is not an
    int in the slider's range (``maximum_name``: the argument the maximum
    comes from): the slider's bounds are the check.
    """
    value = check_int(value, name, minimum=minimum)
    if value > maximum:
        bound = f"{maximum_name}={maximum}" if maximum_name else maximum
        raise ValueError(f"{name} must be <= {bound}, got {value}")
    options.setdefault("style", _WIDE)
    return widgets.IntSlider(value=value, min=minimum, max=maximum, description=description,
                             **options)


class HeapSliders(widgets.VBox):
    """One slider per heap (and, with ``counted``, a slider for how many are shown).

    ``value`` is the tuple of the heaps shown.

    Parameters
    ----------
    heaps : tuple of int
        The starting heaps.
    max_heap : int
        The right end of every heap slider.
    min_heaps, max_heaps : int
        How many heaps there may be; with ``counted=True`` a "number of
        heaps" slider shows and hides the heap sliders beyond the count.
    label : str
        The description of slider ``i`` (``label.format(i=1)``...).
    what, max_name : str
        The arguments' names in error messages.

    Examples
    --------
    >>> h = HeapSliders((3, 4), 7, 1, 3)
    >>> h.sliders[1].value = 5
    >>> h.count.value = 3
    >>> h.value
    (3, 5, 1)
    """

    value = traitlets.Tuple(help="the heaps shown")

    def __init__(self, heaps, max_heap, min_heaps, max_heaps, *, counted=True,
                 continuous_update=True, label=N_("heap {i}"), what="heaps", max_name="max_heap",
                 max_limit=1000):
        heaps = check_int_tuple(heaps, what)
        max_heap = check_int(max_heap, max_name, minimum=1, maximum=max_limit)
        if not min_heaps <= len(heaps) <= max_heaps:
            raise ValueError(f"{what} must have between {min_heaps} and {max_heaps} entries, "
                             f"got {len(heaps)}")
        for i, h in enumerate(heaps):
            if h > max_heap:
                raise ValueError(f"{what}[{i}] must be <= {max_name}={max_heap}, got {h}")
        self.count = widgets.IntSlider(value=len(heaps), min=min_heaps, max=max_heaps,
                                       description=_("number of heaps"), style=_WIDE)
        padded = list(heaps) + [1] * ((max_heaps if counted else len(heaps)) - len(heaps))
        self.sliders = [widgets.IntSlider(value=h, min=0, max=max_heap,
                                          description=_(label).format(i=i + 1),
                                          continuous_update=continuous_update, style=_WIDE)
                        for i, h in enumerate(padded)]
        super().__init__(([self.count] if counted else []) + self.sliders)
        self._sync()
        for s in [self.count, *self.sliders]:
            s.observe(self._sync, names="value")

    def _sync(self, _change=None):
        for i, s in enumerate(self.sliders):
            s.layout.display = None if i < self.count.value else "none"
        self.value = tuple(s.value for s in self.sliders[:self.count.value])


class MoveToggles(widgets.HBox):
    """One toggle button per move ``1 .. max_move``; ``value`` is the moves switched on.

    Parameters
    ----------
    moves : tuple of int
        The moves switched on at first (checked already, each >= 1).
    max_move : int
        The buttons' last move.
    text, tooltip : str
        A button's text and tooltip (``text.format(s=3)``...).
    title : str, optional
        A label before the buttons.
    name : str
        The argument's name in error messages.

    Examples
    --------
    >>> t = MoveToggles((1, 3), 4)
    >>> t.toggles[1].value = True
    >>> t.value
    (1, 2, 3)
    """

    value = traitlets.Tuple(help="the moves switched on")

    def __init__(self, moves, max_move, *, text="{s}", tooltip=N_("allow taking {s}"),
                 width="3em", title=None, name="moves"):
        outside = [s for s in moves if s > max_move]
        if outside:
            raise ValueError(f"{name} must lie in 1..{max_move} (max_move={max_move}), "
                             f"got {max(outside)}")
        self.toggles = [show_pressed(widgets.ToggleButton(
            value=s in moves, description=_(text).format(s=s), tooltip=_(tooltip).format(s=s),
            layout=widgets.Layout(width=width))) for s in range(1, max_move + 1)]
        head = [widgets.Label(_(title))] if title else []
        super().__init__(head + self.toggles, layout=widgets.Layout(flex_flow="row wrap"))
        self._sync()
        for t in self.toggles:
            t.observe(self._sync, names="value")

    def _sync(self, _change=None):
        self.value = tuple(s for s, t in enumerate(self.toggles, 1) if t.value)


class CoinRow(widgets.VBox):
    """A slider for the number of coins and a row of coins to click; ``value`` is ``"HTTH..."``.

    Examples
    --------
    >>> row = CoinRow("HTT", 8)
    >>> row.coins[2].value = True
    >>> row.count.value = 4
    >>> row.value
    'HTHT'
    """

    value = traitlets.Unicode(help="the coins, H or T, coin 1 first")

    def __init__(self, position, max_coins):
        if len(position) > max_coins:
            raise ValueError(f"position must have at most {max_coins} coins, got {len(position)}")
        self.count = widgets.IntSlider(value=len(position), min=1, max=max_coins,
                                       description=_("Coins:"), continuous_update=False)
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.coins = []
        # the count slider is laid out by the explorer (beside the rule), not in this box
        super().__init__([widgets.HTML(_("<i>Click a coin to turn it over.</i>")), self.row])
        self._set_coins(position)
        self.count.observe(self._resize, names="value")

    def _make_coin(self, k, heads):
        b = widgets.ToggleButton(value=heads, description="H" if heads else "T",
                                 tooltip=_("coin {k}").format(k=k), layout=widgets.Layout(width="2.6em"))
        b.observe(self._flip, names="value")
        return show_pressed(b)

    def _set_coins(self, position):
        for b in self.coins:
            b.unobserve(self._flip, names="value")
        self.coins = [self._make_coin(k, c == "H") for k, c in enumerate(position, 1)]
        self.row.children = self.coins
        self.value = position

    def _flip(self, change):
        change["owner"].description = "H" if change["new"] else "T"
        self.value = "".join("H" if b.value else "T" for b in self.coins)

    def _resize(self, change):
        n = change["new"]
        kept = self.value[:n]
        self._set_coins(kept + "T" * (n - len(kept)))


class PlayPanel:
    """A folded "Play against gamelab" panel holding a :class:`PlayWidget`.

    :meth:`show` puts a new game in it (only when ``key`` changes, so a game
    in progress survives other changes); :meth:`hide` folds it away.
    """

    def __init__(self):
        self.box = widgets.VBox()
        self.widget = widgets.Accordion(children=[self.box])
        self.widget.set_title(0, _("Play against gamelab"))
        self.widget.selected_index = None
        self.play = None
        self._key = None

    def show(self, game, start, *, key=None):
        if self.play is None or key is None or key != self._key:
            self.play = PlayWidget(game, start)
            self.box.children = [self.play.widget]
            self._key = key
        self.widget.layout.display = None

    def hide(self):
        self.widget.layout.display = "none"
        self._key = None
