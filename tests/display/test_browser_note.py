"""gl.display.browser_note: a word before a long computation, in the browser only."""
from __future__ import annotations

import pytest

from gamelab import i18n
from gamelab.display import browser as note_module
from gamelab.display import browser_note


def test_elsewhere_it_prints_nothing(capsys):
    assert browser_note(200) == ""
    assert capsys.readouterr().out == ""


def test_in_the_browser_it_says_how_long(monkeypatch, capsys):
    monkeypatch.setattr(note_module, "IN_BROWSER", True)
    assert "about 50 seconds" in browser_note(50)
    assert "about 3 minutes" in browser_note(190)
    out = capsys.readouterr().out
    assert out.count("In the browser this cell takes") == 2 and "make lab" in out
    i18n.set_language("zh_CN")
    try:
        assert "约 3 分钟" in browser_note(190)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("bad, error", [(True, TypeError), (1.5, TypeError), ("60", TypeError),
                                        (0, ValueError), (-5, ValueError)])
def test_bad_seconds_are_refused(bad, error):
    with pytest.raises(error, match="seconds"):
        browser_note(bad)
