"""Fixtures of the whole suite (the helpers behind them are in ``gamelab_testing``)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from gamelab import engine, i18n
from gamelab.games import octal_kernel
from gamelab_testing import judge_sample, reachable_positions, read_sequence
from gamelab_testing.limits import lower_to_a_tenth
from gamelab_testing.static_site import CHROMIUM, NO_CHROMIUM, BrowserThread, GuardedPage

# Property tests are bounded by their number of examples, never by the clock: no deadline
# per example and no health check on the time spent making examples (a busy machine, or
# a parallel run on every core, would fail them).
settings.register_profile("gamelab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("gamelab")

#: What a test may change in gamelab's module state and must leave as it found it.
BUDGETS = ("SEARCH_LIMIT", "OPTION_LIMIT", "SEARCH_WORK", "SEARCH_SECONDS")


@pytest.fixture(autouse=True)
def gamelab_state_restored():
    """Each test leaves the engine's budget, the language and the octal kernel's backends as
    it found them, whatever it changed: no test depends on the tests run before it in the
    same process (in a parallel run, any of them)."""
    budget = {name: getattr(engine, name) for name in BUDGETS}
    language, backends = i18n.language(), octal_kernel.BACKENDS
    yield
    for name, value in budget.items():
        setattr(engine, name, value)
    if i18n.language() != language:
        i18n.set_language(language)
    octal_kernel.BACKENDS = backends


@pytest.fixture
def matplotlib_fonts_restored(monkeypatch):
    """A test that draws in another language leaves matplotlib's font list and minus sign
    as it found them, gamelab's choice of font looked up afresh and no figure open (the
    language itself is restored for every test, :func:`gamelab_state_restored`)."""
    import matplotlib
    import matplotlib.pyplot as plt
    from gamelab import fonts

    for key, value in (("font.sans-serif", list(matplotlib.rcParams["font.sans-serif"])),
                       ("axes.unicode_minus", matplotlib.rcParams["axes.unicode_minus"])):
        monkeypatch.setitem(matplotlib.rcParams, key, value)
    fonts.font_for.cache_clear()
    yield
    fonts.font_for.cache_clear()
    plt.close("all")


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


@pytest.fixture
def tenth_budget(monkeypatch):
    """Every budget of gamelab.engine at a tenth of its default for this test: a refusal
    takes the same path whatever the budget, and comes ten times sooner (each default is
    tested on its own, in tests/test_engine.py and tests/test_budget_determinism.py)."""
    lower_to_a_tenth(monkeypatch)


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


@pytest.hookimpl(tryfirst=True)   # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """In a parallel run (``-n 2 --dist loadgroup``) the tests of a module that share a
    fixture made once per module or class (a graded folder, a local cluster, a sealed
    key) run on one worker, which makes the fixture once; the other tests are spread
    one by one."""
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        shared = sorted(name for name, defs in (info.name2fixturedefs.items() if info else ())
                        if defs and defs[-1].scope in ("module", "class", "package"))
        if shared:
            item.add_marker(pytest.mark.xdist_group(f"{item.module.__name__}:{shared[0]}"))
