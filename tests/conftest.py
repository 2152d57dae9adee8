"""Fixtures of the whole suite (the helpers behind them are in ``gamelab_testing``)."""
from __future__ import annotations

import pytest

from gamelab_testing import judge_sample, reachable_positions, read_sequence
from gamelab_testing.static_site import CHROMIUM, NO_CHROMIUM, BrowserThread, GuardedPage


@pytest.fixture
def sample():
    """``sample(problem)``: ``(input_text, expected_output_text)`` of a judge problem's
    official sample."""
    return judge_sample


@pytest.fixture
def sequence():
    """``sequence(name)``: ``(offset, values)`` of a published sequence shipped with gamelab."""
    return read_sequence


@pytest.fixture
def small_positions():
    """``small_positions(game, *starts, limit=400)``: the shared generator of small
    positions (everything reachable from ``starts``, breadth first)."""
    return reachable_positions


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """A headless Chromium in its own thread (skips where Chromium is missing)."""
    if not CHROMIUM:
        pytest.skip(NO_CHROMIUM)
    browser = BrowserThread(tmp_path_factory.mktemp("chromium-static"))
    yield browser
    browser.close()


@pytest.fixture
def guarded(chromium):
    """``guarded(url, check)``: open ``url`` in a guarded page and run
    ``check(guarded_page)`` in the browser's thread; returns its result."""

    def visit(url, check):
        def job(context):
            gp = GuardedPage(context)
            try:
                gp.goto(url)
                return check(gp)
            finally:
                gp.close()
        return chromium.run(job)

    return visit
