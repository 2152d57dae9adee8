"""Small styling helpers shared by the explorers and the play widgets.

The play widgets (:class:`gamelab.widgets.PlayWidget` and the loopy one that
builds on it) share one look through these: moves marked by a background
colour named in an inline legend (:func:`mark_button`, :func:`legend_html`)
and a move log in a box that scrolls with the newest move in view
(:func:`history_box`).
"""
from __future__ import annotations

import html

from ..i18n import gettext as _, gettext_noop as N_

__all__ = ["show_pressed", "Shown", "Mark", "mark_button", "legend_html", "history_box"]


class Mark:
    """How a kind of move is marked: a background, the ink on it, the colour's name, what it
    means, and the symbol that marks it where colours cannot be shown (a drop-down).

    >>> Mark("#56B4E9", "#000000", "blue", "wins", "★")
    Mark('#56B4E9', '#000000', 'blue', 'wins', '★')
    """

    __slots__ = ("colour", "ink", "name", "meaning", "symbol")

    def __init__(self, colour, ink, name, meaning, symbol):
        self.colour, self.ink, self.name, self.meaning = colour, ink, name, meaning
        self.symbol = symbol

    def __repr__(self):
        return (f"Mark({self.colour!r}, {self.ink!r}, {self.name!r}, {self.meaning!r}, "
                f"{self.symbol!r})")


def mark_button(button, mark):
    """Colour a move's ``Button`` with ``mark`` (its text bold); returns the button."""
    button.style.button_color = mark.colour
    button.style.text_color = mark.ink
    button.style.font_weight = "bold"
    return button


def _swatch(mark):
    return (f"<span style='background:{mark.colour};color:{mark.ink};font-weight:bold;"
            f"padding:1px 6px;border-radius:3px'>{html.escape(_(mark.name))}</span>")


def legend_html(marks):
    """The inline legend of some marks: "blue: wins · grey: keeps the draw", each colour
    name on its own colour.

    >>> print(legend_html([Mark("#56B4E9", "#000000", "blue", "wins", "★")]))
    <span class='gamelab-legend' style='font-size:15px;margin-left:8px'><span style='background:#56B4E9;color:#000000;font-weight:bold;padding:1px 6px;border-radius:3px'>blue</span>: wins</span>
    """
    parts = [f"{_swatch(m)}: {html.escape(_(m.meaning))}" for m in marks]
    return ("<span class='gamelab-legend' style='font-size:15px;margin-left:8px'>"
            + " · ".join(parts) + "</span>")


def history_box(lines, notes=None):
    """Lines of text in a box that scrolls, oldest first, the newest in view ("" if none);
    ``notes[i]``, when given, follows line ``i`` in italics (what gamelab said then)."""
    if not lines:
        return ""
    notes = notes or {}
    shown = []
    for i, line in enumerate(lines):
        shown.append(f"<div>{html.escape(line)}</div>")
        if i in notes:
            shown.append(f"<div style='color:#444'><i>{html.escape(notes[i])}</i></div>")
    return ("<div class='gamelab-history' style='max-height:9em;overflow-y:auto;"
            "display:flex;flex-direction:column-reverse;border-left:3px solid #ddd;"
            f"padding-left:6px;margin:4px 0'><div>{''.join(shown)}</div></div>")


def show_pressed(button, style="success"):
    """Colour a ``ToggleButton`` while it is pressed, so "on" reads at a glance.

    Green (``"success"``) is used because blue marks P-positions and orange
    N-positions everywhere in the course.  Returns the button.
    """
    def sync(_change=None):
        button.button_style = style if button.value else ""

    button.observe(sync, names="value")
    sync()
    return button


class Shown:
    """Mixin for the explorers and the play widget: display ``self.widget``.

    The widget's own plain-text repr (``VBox(children=(IntSlider(...``) is what
    every frontend without a kernel shows: JupyterLab before the notebook
    runs, GitHub's viewer, a static book without a snapshot.  This mixin
    replaces it by a sentence saying what the widget is for: the class
    attribute ``fallback`` (formatted with ``self``), after ``fallback_prefix``.
    """

    fallback_prefix = N_("Run the notebook to use this explorer: ")
    fallback = N_("sliders that recompute the table.")

    def fallback_text(self):
        """The sentence shown wherever no kernel is attached."""
        return _(self.fallback_prefix) + _(self.fallback).format(self=self)

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = dict(self.widget._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/plain"] = self.fallback_text()
        return bundle

    def _ipython_display_(self):
        from IPython.display import display
        display(self._repr_mimebundle_(), raw=True)
