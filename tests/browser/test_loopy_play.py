"""Lecture 13 in a real browser: play the loopy game to a draw, and lose to gamelab.

The generic play check of ``test_lectures.py`` expects every game to end
with a winner; a loopy game may be drawn.  Here, on the lecture's shared page
(run once; the ``lecture`` fixture of ``conftest.py``) after its explorers
have been checked, we keep to drawn positions with the buttons of the loopy
play widget (which no other check touches) until the widget declares a draw
by repetition (within a bounded number of moves), then start a new game, make
a losing move and check that gamelab wins — every reply checked against a
plain retrograde analysis of the game.  The page's errors and requests are
checked after this, by ``test_lectures.py::test_lecture_hygiene``.
"""
from __future__ import annotations

import re
import time

import pytest

from . import test_lectures as lectures
from .conftest import lecture_param
from .test_lectures import _offered, _play_box, _pnd, _status, history_line, move_buttons

CAP = 15
START = 9
#: A drawn game must end after at most this many moves: every (position, mover)
#: pair can occur once before a repetition.
BOUND = 2 * (CAP + 1) + 1


def putback(n):
    """The lecture's game: take 1, 3 or 4, or put one stone back (heaps 1 .. 14)."""
    return [n - s for s in (1, 3, 4) if s <= n] + ([n + 1] if 1 <= n < CAP else [])


OUTCOME = _pnd(putback, [START])


#: What the widget says, as messages of gamelab's catalogue (found in the page's language).
HOLDS = "gamelab cannot force a win, but it holds the draw."
FORCES = "gamelab can force a win from here, and plays for it."
CAME_BACK = ("<b>Draw:</b> position {position} came back with the same player to move, so "
             "play could go round for ever.")
CAPPED = "<b>Draw:</b> {moves} moves and nobody has won."
WINS = "gamelab wins."


def _says(page, status, message):
    """Whether the widget's ``status`` says ``message`` (in the page's language)."""
    return page.speech.shown(message).search(status) is not None


def _click(page, root, option):
    """Press the button for ``option`` and wait for the status to change; returns it."""
    before = _status(root)
    offered = _offered(page, root)
    assert option in offered, f"{page.name}: {option!r} not offered, the buttons are {offered}"
    move_buttons(page, root).nth(offered.index(option)).click()
    deadline = time.monotonic() + lectures.TABLE_TIMEOUT
    while _status(root) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    status = _status(root)
    assert status != before, f"{page.name}: the play widget did not answer {option!r}"
    return status


def _reply(page, status):
    """The position gamelab moved to, from its last line ``gamelab: ... → n``."""
    lines = [ln for ln in status.splitlines() if ln.startswith(history_line(page, "gamelab"))]
    if not lines:
        return None
    return int(re.search(r"→\s*(\d+)\s*$", lines[-1]).group(1))


def _wait_buttons(page, root, position):
    """Wait until the buttons are those of ``position`` (they follow the status)."""
    deadline = time.monotonic() + lectures.TABLE_TIMEOUT
    while _offered(page, root) != putback(position) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _offered(page, root) == putback(position), (
        f"buttons {_offered(page, root)}, the options of {position} are {putback(position)}")


def play_to_a_draw_and_lose(page):
    """In lecture 13, run: a drawn game, then a lost one; returns gamelab's replies."""
    root = _play_box(page, page.widget_root("LoopyPlayWidget(putback, 9"))
    replies = 0
    assert OUTCOME[START] == "D"
    _wait_buttons(page, root, START)
    mine, its = history_line(page, "you"), history_line(page, "gamelab")

    # 1. Keep the draw; gamelab must keep it too, and the widget must stop.
    position, moves, reply = START, 0, None
    while True:
        ours = min(o for o in putback(position) if OUTCOME[o] == "D")
        status = _click(page, root, ours)
        moves += 1
        moved = [ln for ln in status.splitlines() if ln.startswith((mine, its))]
        if moved[-1].startswith(its):  # gamelab replied (unless our move drew)
            reply = _reply(page, status)
            assert reply in putback(ours) and OUTCOME[reply] == "D", (
                f"from {ours}, a draw, gamelab moved to {reply} ({OUTCOME.get(reply)})")
            assert _says(page, status, HOLDS), status
            moves += 1
            replies += 1
        if _says(page, status, CAME_BACK) or _says(page, status, CAPPED):
            break
        assert reply is not None, f"gamelab did not reply ({status!r})"
        assert moves <= BOUND, f"no draw declared after {moves} moves"
        position = reply
        _wait_buttons(page, root, position)
    assert _says(page, status, CAME_BACK) and moves <= BOUND, status
    assert _offered(page, root) == [], "moves are still offered after the draw"

    # 2. A new game, and a losing move: gamelab must win, quickly.
    root.locator("button", has_text=page.speech.say("New game")).click()
    _wait_buttons(page, root, START)
    position, moves = START, 0
    ours = next(o for o in putback(START) if OUTCOME[o] == "N")
    while True:
        status = _click(page, root, ours)
        moves += 1
        if _says(page, status, WINS):
            break
        reply = _reply(page, status)
        assert OUTCOME[ours] == "N" and OUTCOME[reply] == "P", (
            f"from {ours} gamelab moved to {reply}, not to a P-position")
        assert _says(page, status, FORCES), status
        moves += 1
        replies += 1
        assert moves <= BOUND, f"gamelab has not won after {moves} moves"
        _wait_buttons(page, root, reply)
        if not putback(reply):  # pragma: no cover - a P-position with no move is a loss for us
            break
        ours = putback(reply)[0]
    assert _says(page, _status(root), WINS)
    return replies


@pytest.mark.browser
@pytest.mark.parametrize("lecture", [lecture_param("13_loopy_games")], indirect=True)
def test_13_loopy_games_play_to_a_draw_and_lose(lecture):
    play_to_a_draw_and_lose(lecture.run())
