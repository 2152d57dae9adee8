"""Small styling helpers shared by the explorers."""
from __future__ import annotations

__all__ = ["show_pressed", "Shown"]


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

    fallback_prefix = "Run the notebook to use this explorer: "
    fallback = "sliders that recompute the table."

    def fallback_text(self):
        """The sentence shown wherever no kernel is attached."""
        return self.fallback_prefix + self.fallback.format(self=self)

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = dict(self.widget._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/plain"] = self.fallback_text()
        return bundle

    def _ipython_display_(self):
        from IPython.display import display
        display(self._repr_mimebundle_(), raw=True)
