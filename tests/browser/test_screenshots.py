"""``make screenshots``: one 1280×720 PNG of every lecture's main explorer.

Runs only when ``GAMELAB_SCREENSHOTS`` names the output folder (``make
screenshots`` sets it to ``docs``); otherwise these tests are skipped, so the
ordinary browser run does not rewrite the pictures.  Each lecture is the one
page the other checks share (the ``lecture`` fixture of ``conftest.py``), as
*Run All* left it: the screenshot is the lecture's last check, and where an
earlier check has moved anything the lecture is opened and run again first.
The main explorer (the first one of the notebook's spec) is set as its spec
says, checked against gamelab, scrolled to the top of the window, and
photographed with the file browser folded away.  Where the lecture has a play
widget, its board after one move of ours and gamelab's reply is photographed
too (``NN_play.png``).
"""
from __future__ import annotations

import os
import pathlib

import pytest

from .conftest import ROOT
from .test_lecture_hall import _make_move, _mark_moves, _wait_new_moves
from .test_lectures import _play_box, _status, check_table, move, spec_of

OUT = os.environ.get("GAMELAB_SCREENSHOTS")


def screenshot_path(stem, suffix=""):
    out = pathlib.Path(OUT)
    if not out.is_absolute():
        out = ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    return out / f"{stem}{suffix}.png"


def photograph_board(page, spec, stem):
    """The first play widget after one small move of ours (the last one offered) and
    gamelab's answer, with the hint switched on."""
    root = _play_box(page, page.widget_root(spec.cell))
    status = _status(root)
    _mark_moves(root)
    last = root.locator("button[title^='move to ']").last
    _make_move(page, root, status, button=last)
    _wait_new_moves(page, root, "after our move")     # the new move buttons follow the status
    hint = root.locator("button.widget-toggle-button").filter(has_text="Hint")
    if hint.count():
        _mark_moves(root)
        hint.first.click()
        _wait_new_moves(page, root, "after Hint")      # the moves are drawn again, marked
    page.page.mouse.move(0, 0)
    root.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.wait_still(root)
    path = screenshot_path(stem, "_play")
    root.screenshot(path=str(path))
    assert path.stat().st_size > 3_000, f"{path} looks empty"


@pytest.mark.browser
@pytest.mark.skipif(not OUT, reason="screenshots are written by `make screenshots` (GAMELAB_SCREENSHOTS=docs)")
def test_screenshot(lecture):
    spec = spec_of(lecture)
    page = lecture.fresh()
    main = spec.explorers[0]
    root = page.widget_root(main.cell)
    for description, key in main.screenshot:
        move(page, root, description, key)
    check_table(page, root, main, "for the screenshot")
    page.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.page.evaluate("() => window.jupyterapp.shell.collapseRight()")
    page.page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed"
                                " && window.jupyterapp.shell.rightCollapsed")
    page.page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.page.mouse.move(0, 0)  # no hover effects in the picture
    cell = page.cell(main.cell)
    cell.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_still(cell)       # the layout has settled after folding the side bar
    path = screenshot_path(lecture.stem)
    page.page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, f"{path} looks empty"
    if spec.plays:
        photograph_board(page, spec.plays[0], lecture.stem)
