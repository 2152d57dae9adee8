"""Every lecture as a lecture hall sees it: opened, run, every slider to both ends, every game played out.

For each lecture (its notebook opened once in JupyterLab in headless Chromium
at 1280 × 720, the page shared with the checks of ``test_lectures.py``: the
``lecture`` fixture of ``conftest.py``) we

* :func:`test_notebook_opens_unmodified`: check that the freshly opened
  notebook is not marked modified once its kernel's info has arrived
  (JupyterLab would ask to save it on closing) — as recorded at opening,
  before anything ran;
* :func:`test_lecture_hall`, after the explorers have been checked (the
  sliders are where those checks left them; each is read where it is):
  push every slider of every explorer of :data:`~tests.browser.test_lectures.SPECS`
  to its right end and to its left end, and after each change check that
  nothing overflows: the output area does not scroll sideways, every control
  lies inside it (wide tables and pictures scroll inside their own boxes);
  check that every text of the explorers and play widgets, in tables,
  pictures (SVG) and controls, is at least 13 px at 100 % zoom; switch off
  every move of an explorer whose moves are toggle buttons and check that no
  table of the old move set stays on screen; play every play widget to the
  end of a new game (always the first move offered), with a board shown and
  the whole history listed.

The time from a slider change to the new output is printed (not asserted:
speed is measured by ``make bench``).  Run one lecture at a time on a small
machine: ``pytest tests/browser/test_lecture_hall.py -k 05_``.
"""
from __future__ import annotations

import re
import statistics
import time

import pytest

from .conftest import UI_BACKSTOP
from .test_lectures import TABLE_TIMEOUT, _play_box, _status, spec_of

#: The smallest text size allowed in explorers and play widgets, in CSS px.
MIN_FONT_PX = 13
#: The longest game we play out (a guard against a game that never ends).
MAX_MOVES = 150

#: JavaScript: what overflows the output area of ``root`` (empty: nothing).
_OVERFLOW_JS = """(root) => {
  const area = root.closest('.jp-OutputArea-output') || root.parentElement;
  const box = area.getBoundingClientRect();
  const out = [];
  if (area.scrollWidth > area.clientWidth + 1)
    out.push(`the output area scrolls sideways (${area.scrollWidth} > ${area.clientWidth} px)`);
  const controls = root.querySelectorAll(
    '.widget-slider, .widget-dropdown, .widget-text, .widget-toggle-buttons, button');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!r.width || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('.gamelab-scroll')) continue;
    if (r.right > box.right + 1 || r.left < box.left - 1) {
      const what = (el.textContent || el.className).trim().replace(/\\s+/g, ' ').slice(0, 40);
      out.push(`control "${what}" spans ${Math.round(r.left)}..${Math.round(r.right)} px, ` +
               `the output area ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
  }
  return out;
}"""

#: JavaScript: texts under ``root`` smaller than ``min`` px, as "size px: text".
_SMALL_TEXT_JS = """([root, min]) => {
  const out = [];
  const all = root.querySelectorAll('*');
  for (const el of all) {
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3 && n.textContent.trim());
    if (!own.length) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;           // not shown (a folded panel, a hidden row)
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < min - 0.01)
      out.push(`${size} px: ${own.map(n => n.textContent.trim()).join(' ').slice(0, 40)}`);
  }
  return out;
}"""

#: JavaScript: the HTML outputs of ``root`` joined (what a recompute changes).
_OUTPUTS_JS = """(root) => Array.from(root.querySelectorAll('.widget-html-content'))
  .map(e => e.innerHTML).join('\\n')"""

#: Toggle buttons that switch a move on and off ("3", "take 3").
_MOVE_TOGGLE = re.compile(r"^(take )?\d+$")

TIMINGS = []


def _overflow(root):
    return root.evaluate(_OVERFLOW_JS)


def _small_text(page, root):
    return page.page.evaluate(_SMALL_TEXT_JS, [root.element_handle(), MIN_FONT_PX])


def _wait_for_change(root, before, timeout=TABLE_TIMEOUT):
    """Seconds until the explorer's outputs differ from ``before`` (None: they did not)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if root.evaluate(_OUTPUTS_JS) != before:
            return time.monotonic() - start
        time.sleep(0.01)
    return None


def _visible_sliders(root):
    boxes = root.locator(".widget-slider")
    return [boxes.nth(i) for i in range(boxes.count()) if boxes.nth(i).is_visible()]


def _push(root, slider, key):
    """Press ``key`` ("End" or "Home") on a slider; returns the seconds to the new output."""
    readout = slider.locator(".widget-readout")
    before_value = readout.inner_text().strip()
    before = root.evaluate(_OUTPUTS_JS)
    handle = slider.locator(".noUi-handle, [role=slider]").first
    handle.focus()
    handle.press(key)
    deadline = time.monotonic() + UI_BACKSTOP
    while readout.inner_text().strip() == before_value and time.monotonic() < deadline:
        time.sleep(0.02)
    if readout.inner_text().strip() == before_value:
        return None                          # already at that end
    return _wait_for_change(root, before)


def check_extremes(page, spec):
    """Every slider of the explorer to both ends: nothing overflows, text stays readable."""
    root = page.widget_root(spec.cell)
    problems = []
    for slider in _visible_sliders(root):
        name = slider.locator(".widget-label").first.inner_text().strip()
        for key in ("End", "Home", "End"):
            took = _push(root, slider, key)
            if took is not None:
                TIMINGS.append(took)
            for p in _overflow(root):
                problems.append(f"{name!r} at {key}: {p}")
    small = _small_text(page, root)
    assert not problems, f"{page.name}, {spec.cell!r}: " + "; ".join(problems[:5])
    assert not small, f"{page.name}, {spec.cell!r}: text below {MIN_FONT_PX} px: {small[:6]}"


def check_empty_move_set(page, spec):
    """Switch off every move toggle: the old move set's table must not stay on screen."""
    root = page.widget_root(spec.cell)
    toggles = root.locator("button.widget-toggle-button")
    moves = [toggles.nth(i) for i in range(toggles.count())
             if _MOVE_TOGGLE.match(toggles.nth(i).inner_text().strip())]
    if not moves:
        return False
    if not any(_pressed(b) for b in moves):
        # every move is off already (as an earlier check left it): one on, to switch off
        before = root.evaluate(_OUTPUTS_JS)
        moves[0].click()
        _wait_for_change(root, before)
    old = root.evaluate("r => Array.from(r.querySelectorAll('.gamelab-table'))"
                        ".map(t => t.innerText)")
    for button in moves:
        if _pressed(button):
            before = root.evaluate(_OUTPUTS_JS)
            button.click()
            _wait_for_change(root, before)
    deadline = time.monotonic() + TABLE_TIMEOUT
    while True:
        shown = root.evaluate("r => Array.from(r.querySelectorAll('.gamelab-table'))"
                              ".filter(t => t.getBoundingClientRect().height > 0)"
                              ".map(t => t.innerText)")
        stale = [t for t in shown if t in old]
        if not stale or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not stale, (f"{page.name}, {spec.cell!r}: with every move switched off the page "
                       f"still shows the old table {stale[0][:80]!r}")
    text = root.inner_text()
    assert "period" not in text.lower() or "no move" in text.lower(), (
        f"{page.name}: a period is still shown with no move allowed")
    return True


def _pressed(button):
    return "mod-active" in (button.get_attribute("class") or "")


#: JavaScript: the controls of a play widget that make a move: a button for each move,
#: or (many moves) a drop-down and a Play button.  Every new position gets new ones.
_MOVE_CONTROLS_JS = """(r) => Array.from(r.querySelectorAll("button[title^='move to '], select"))
  .concat(Array.from(r.querySelectorAll('button')).filter(b => b.textContent.trim() === 'Play'))"""


def _mark_moves(root):
    """Mark the move controls shown now."""
    root.evaluate(f"r => ({_MOVE_CONTROLS_JS})(r).forEach(e => e.dataset.gamelabOld = '1')")


def _game_over(status):
    return "New game" in status and "win" in status.lower()


def _wait_new_moves(page, root, what, *, new_game=False):
    """Wait until the marked move controls are gone and the new position's are shown
    (none when the game is over): the status and the buttons come in separate messages.
    ``new_game``: a game just begun, with moves to make and none of ours listed."""
    deadline = time.monotonic() + TABLE_TIMEOUT
    while True:
        controls = root.evaluate(f"r => ({_MOVE_CONTROLS_JS})(r).map(e => !!e.dataset.gamelabOld)")
        status = _status(root)
        if new_game:
            done = controls and not any(controls) and not any(
                ln.startswith("you: ") for ln in status.splitlines())
        else:
            done = not any(controls) and (controls or _game_over(status))
        if done:
            return
        assert time.monotonic() < deadline, (
            f"{page.name}: {what}, the play widget shows no new moves ({status[-200:]!r})")
        time.sleep(0.05)


def _make_move(page, root, status, button=None):
    """Play ``button`` (default: the first move offered); wait until the status answers it.

    The click is repeated only when it reached no widget (a click on a button being
    replaced is lost): the kernel has had nothing to do for a second, the status the same.
    """
    deadline = time.monotonic() + TABLE_TIMEOUT
    while _status(root) == status and time.monotonic() < deadline:
        buttons = root.locator("button[title^='move to ']")
        if button is not None:
            button.click()
        elif buttons.count():
            buttons.first.click()
        else:                                # many moves: a drop-down and a Play button
            root.locator("button", has_text="Play").first.click()
        quiet_since = None
        while _status(root) == status and time.monotonic() < deadline:
            if not page.kernel_quiet():
                quiet_since = None
            elif quiet_since is None:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since > 1.0:
                break                         # lost: nothing reached the kernel
            time.sleep(0.05)
    assert _status(root) != status, f"{page.name}: the play widget did not answer a move"


def play_to_the_end(page, spec):
    """Play the first move offered until the game ends; check the board and the history."""
    root = _play_box(page, page.widget_root(spec.cell))
    _mark_moves(root)
    root.locator("button", has_text="New game").first.click()  # a fresh game, whatever was played
    _wait_new_moves(page, root, f"{spec.cell!r}: after New game", new_game=True)
    made = 0
    for _ in range(MAX_MOVES):
        status = _status(root)
        if _game_over(status):
            break
        _mark_moves(root)
        _make_move(page, root, status)
        made += 1
        _wait_new_moves(page, root, f"after move {made}")
    status = _status(root)
    assert _game_over(status), (
        f"{page.name}, {spec.cell!r}: the game did not end after {made} moves ({status[-200:]!r})")
    lines = [ln for ln in status.splitlines() if ln.startswith(("you: ", "gamelab: "))]
    ours = [ln for ln in lines if ln.startswith("you: ")]
    # every move stays listed (a click on a button being replaced may add one more)
    assert len(ours) >= made, (f"{page.name}: we made {made} moves, the history lists "
                               f"{len(ours)} of them")
    board = root.locator(".widget-html-content").first
    box = board.bounding_box()
    assert box and box["height"] >= 16 and board.inner_text().strip() or board.locator(
        "svg, img").count(), f"{page.name}, {spec.cell!r}: no board is shown"
    hint = root.locator("button.widget-toggle-button").filter(has_text="Hint")
    if hint.count():
        label = hint.first.inner_text().strip()
        width = hint.first.evaluate("b => [b.scrollWidth, b.clientWidth]")
        assert width[0] <= width[1] + 1, f"{page.name}: the hint button is cut off ({label!r})"
    small = _small_text(page, root)
    assert not small, f"{page.name}, {spec.cell!r}: text below {MIN_FONT_PX} px: {small[:6]}"


@pytest.mark.browser
def test_notebook_opens_unmodified(lecture):
    """As recorded when the lecture was opened, before anything ran."""
    assert lecture.info_settled, (f"{lecture.name}: the kernel's info did not reach the notebook "
                                  f"in {UI_BACKSTOP:.0f} s (kernel {lecture.kernel_at_open!r})")
    assert not lecture.dirty_at_open, (f"{lecture.name} is marked modified as soon as it opens "
                                       f"(kernel {lecture.kernel_at_open!r})")


@pytest.mark.browser
def test_lecture_hall(lecture):
    """Every slider to both ends, every move switched off, every game played to its end."""
    spec = spec_of(lecture)
    page = lecture.run()
    TIMINGS.clear()
    for explorer in spec.explorers:
        check_extremes(page, explorer)
        check_empty_move_set(page, explorer)
    for play in spec.plays:
        play_to_the_end(page, play)
    if TIMINGS:
        ordered = sorted(TIMINGS)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"\n{lecture.stem}: {len(TIMINGS)} slider changes, median "
              f"{statistics.median(TIMINGS) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms")
