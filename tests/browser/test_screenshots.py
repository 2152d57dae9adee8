"""``make screenshots``: one 1280×720 PNG of every lecture's main explorer.

Runs only when ``GAMELAB_SCREENSHOTS`` names the output folder (``make
screenshots`` sets it to ``docs``); otherwise these tests are skipped, so the
ordinary browser run does not rewrite the pictures.  Each notebook is run in
JupyterLab exactly as in ``test_lectures.py``, the main explorer (the first
one of the notebook's spec) is set as its spec says, checked against
gamelab, scrolled to the top of the window, and photographed with the file
browser folded away.  Where the lecture has a play widget, its board after
one move of ours and gamelab's reply is photographed too (``NN_play.png``).
"""
from __future__ import annotations

import os
import pathlib
import time

import pytest

from .conftest import ROOT
from .test_lectures import NOTEBOOKS, _play_box, _status, check_table, move, run_lecture

OUT = os.environ.get("GAMELAB_SCREENSHOTS")


def screenshot_path(notebook, suffix=""):
    out = pathlib.Path(OUT)
    if not out.is_absolute():
        out = ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    return out / f"{notebook.stem}{suffix}.png"


def photograph_board(page, spec, notebook):
    """The first play widget after one small move of ours (the last one offered) and
    gamelab's answer, with the hint switched on."""
    root = _play_box(page, page.widget_root(spec.cell))
    status = _status(root)
    root.locator("button[title^='move to ']").last.click()
    deadline = time.monotonic() + 30
    while _status(root) == status and time.monotonic() < deadline:
        time.sleep(0.1)
    page.page.wait_for_timeout(500)      # the new move buttons follow the status
    hint = root.locator("button.widget-toggle-button").filter(has_text="Hint")
    if hint.count():
        hint.first.click()
        page.page.wait_for_timeout(800)
    page.page.mouse.move(0, 0)
    root.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.page.wait_for_timeout(300)
    path = screenshot_path(notebook, "_play")
    root.screenshot(path=str(path))
    assert path.stat().st_size > 3_000, f"{path} looks empty"


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
    if spec.plays:
        photograph_board(page, spec.plays[0], notebook)
