"""A word before a long computation, where it is long: in the browser.

The live site (``make lite``) runs Python in the page, without numba and a few
times slower than JupyterLab; a research-scale cell that takes seconds on a
laptop takes minutes there.  :func:`browser_note` at the top of such a cell
says so in the browser, before the wait, and prints nothing elsewhere, so the
notebook's outputs are the same in JupyterLab.
"""
from __future__ import annotations

import sys

from ..i18n import gettext as _

__all__ = ["IN_BROWSER", "browser_note"]

#: True in Python in the browser (Pyodide), where the live site runs the lectures.
IN_BROWSER = sys.platform == "emscripten"


def browser_note(seconds: int) -> str:
    """In the browser, print (and return) that the cell takes about ``seconds`` there;
    elsewhere return ``""`` and print nothing.

    >>> browser_note(120) if not IN_BROWSER else ""
    ''
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise TypeError(f"seconds must be an int, got {type(seconds).__name__}")
    if seconds < 1:
        raise ValueError(f"seconds must be >= 1, got {seconds}")
    if not IN_BROWSER:
        return ""
    if seconds < 90:
        wait = _("about {n} seconds").format(n=seconds)
    else:
        wait = _("about {n} minutes").format(n=round(seconds / 60))
    note = _("In the browser this cell takes {wait}; in JupyterLab (make lab) it takes "
             "seconds.").format(wait=wait)
    print(note, flush=True)
    return note
