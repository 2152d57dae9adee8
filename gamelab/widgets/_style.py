"""Small styling helpers shared by the explorers."""
from __future__ import annotations

__all__ = ["show_pressed"]


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
