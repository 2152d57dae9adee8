"""The widget kit: heap sliders shared by the explorers, and a base for the
explorers that show one report of a row of heaps.

An explorer built on :class:`HeapReportExplorer` is a short description:
which report function turns the sliders' position into a
:class:`gamelab.display.Table`, how a slider is labelled and what the
position may hold.  The kit builds the sliders, observes them, shows the
report (scrolling in its own box when wide) and keeps ``result``.
"""
from __future__ import annotations

import ipywidgets as widgets

from ._style import Shown

from .._validate import check_int, check_int_tuple
from ..display.svg import scroll_box

__all__ = ["HeapSliders", "HeapReportExplorer", "ViewExplorer"]


class HeapSliders:
    """One slider per heap, with an optional slider for how many heaps are shown.

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
    what : str
        The argument's name in error messages.
    """

    def __init__(self, heaps, max_heap, min_heaps, max_heaps, *, counted=True,
                 continuous_update=True, label="heap {i}", what="heaps",
                 max_name="max_heap", max_limit=1000):
        heaps = check_int_tuple(heaps, what)
        self.max_heap = check_int(max_heap, max_name, minimum=1, maximum=max_limit)
        if not min_heaps <= len(heaps) <= max_heaps:
            raise ValueError(f"{what} must have between {min_heaps} and {max_heaps} entries, "
                             f"got {len(heaps)}")
        for i, h in enumerate(heaps):
            if h > self.max_heap:
                raise ValueError(f"{what}[{i}] must be <= {max_name}={self.max_heap}, got {h}")
        self.counted = counted
        self.count = widgets.IntSlider(value=len(heaps), min=min_heaps, max=max_heaps,
                                       description="number of heaps",
                                       style={"description_width": "initial"})
        padded = list(heaps) + [1] * ((max_heaps if counted else len(heaps)) - len(heaps))
        self.sliders = [widgets.IntSlider(value=h, min=0, max=self.max_heap,
                                          description=label.format(i=i + 1),
                                          continuous_update=continuous_update,
                                          style={"description_width": "initial"})
                        for i, h in enumerate(padded)]
        self._show()

    def _show(self):
        for i, s in enumerate(self.sliders):
            s.layout.display = None if i < self.count.value else "none"

    def controls(self):
        """The widgets to lay out: the count slider (if any), then the heap sliders."""
        return ([self.count] if self.counted else []) + self.sliders

    def position(self):
        """The heaps shown, as a tuple."""
        return tuple(s.value for s in self.sliders[:self.count.value])

    def observe(self, callback):
        """Call ``callback()`` whenever the count or a heap changes."""
        def on_count(_change):
            self._show()
            callback()
        self.count.observe(on_count, names="value")
        for s in self.sliders:
            s.observe(lambda _change: callback(), names="value")


class ViewExplorer(Shown):
    """Base of an explorer whose controls recompute one view.

    A subclass builds its controls, calls :meth:`show` with them and
    defines ``view()`` (a :class:`gamelab.display.Table` or an HTML string);
    the kit lays the controls out above an ``ipywidgets.HTML`` output
    (``self.output``) and refreshes it whenever a control changes.
    """

    def show(self, *rows, observe=None):
        """Lay out ``rows`` above the output, observe the controls, show the first view.

        ``observe`` lists the controls whose changes recompute the view
        (default: the rows themselves, when they are controls).
        """
        self.output = widgets.HTML()
        for c in rows if observe is None else observe:
            c.observe(self._update, names="value")
        self.widget = widgets.VBox([*rows, self.output])
        self._update()

    def view(self):  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _update(self, change=None):
        shown = self.view()
        self.output.value = getattr(shown, "html", shown)


class HeapReportExplorer(Shown):
    """Base of an explorer that shows ``report(position)`` for a row of heap sliders.

    A subclass sets :attr:`report` (a function ``position -> Table``),
    :attr:`slider_label`, :attr:`what` and :attr:`max_name` (the arguments'
    names in messages), :attr:`max_entries` and :attr:`max_limit`, and a
    ``fallback`` sentence.

    Attributes
    ----------
    sliders : list of ipywidgets.IntSlider
    html : ipywidgets.HTML
        The report shown.
    result : gamelab.display.Table
        The last report.
    """

    report = None
    slider_label = "heap {i}"
    what = "heaps"
    max_name = "max_heap"
    max_entries = 6
    max_limit = 100

    def __init__(self, position, max_value):
        self._heaps = HeapSliders(position, max_value, 1, self.max_entries, counted=False,
                                  label=self.slider_label, what=self.what,
                                  max_name=self.max_name, max_limit=self.max_limit)
        self.sliders = self._heaps.sliders
        self.html = widgets.HTML()
        self.widget = widgets.VBox([widgets.VBox(self.sliders), self.html])
        self.result = None
        self._heaps.observe(self._update)
        self._update()

    def _position(self):
        return self._heaps.position()

    #: The heaps the sliders show (subclasses name it after their game).
    shown = property(_position)

    def _update(self, change=None):
        self.result = type(self).report(self._position())
        self.html.value = scroll_box(self.result.html)
