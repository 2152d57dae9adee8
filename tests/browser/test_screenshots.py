"""``make screenshots``: one 1280×720 PNG of every lecture's main explorer.

Runs only when ``GAMELAB_SCREENSHOTS`` names the output folder (``make
screenshots`` sets it to ``docs``); otherwise these tests are skipped, so the
ordinary browser run does not rewrite the pictures.  Each notebook is run in
JupyterLab exactly as in ``test_lectures.py``, the main explorer (the first
one of the notebook's spec) is set as its spec says, checked against
gamelab, scrolled to the top of the window, and photographed with the file
browser folded away.
"""
from __future__ import annotations

import os
import pathlib

import pytest

from .conftest import ROOT
from .test_lectures import NOTEBOOKS, check_table, move, run_lecture

OUT = os.environ.get("GAMELAB_SCREENSHOTS")


def screenshot_path(notebook):
    out = pathlib.Path(OUT)
    if not out.is_absolute():
        out = ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    return out / f"{notebook.stem}.png"


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_screenshot(request, notebook):
    if not OUT:
        pytest.skip("screenshots are written by `make screenshots` (GAMELAB_SCREENSHOTS=docs)")
    lab = request.getfixturevalue("lab")
    page, spec = run_lecture(lab, notebook)
    main = spec.explorers[0]
    root = page.widget_root(main.cell)
    for description, key in main.screenshot:
        move(page, root, description, key)
    check_table(page, root, main, "for the screenshot")
    page.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.page.evaluate("() => window.jupyterapp.shell.collapseRight()")
    page.page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.page.mouse.move(0, 0)  # no hover effects in the picture
    cell = page.cell(main.cell)
    cell.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.page.wait_for_timeout(500)  # let the layout settle after folding the side bar
    path = screenshot_path(notebook)
    page.page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, f"{path} looks empty"
