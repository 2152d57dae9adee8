"""gamelab.widgets.wythoff: the Wythoff explorer and play widget, driven headlessly through
its slider."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import wythoff_view  # noqa: E402
from gamelab.widgets import WythoffExplorer, wythoff_play  # noqa: E402


def test_wythoff_explorer_recomputes_on_slider_move():
    e = WythoffExplorer(10)
    first = e.output.value
    assert '<table class="gamelab-table"' in first and e.result == wythoff_view(10)
    assert first.count('<svg class="gamelab-svg"') == 2
    size = e.controls["n"]
    assert size.continuous_update is False and "heaps" in size.description
    size.value = 14
    assert e.output.value != first
    assert e.result == wythoff_view(14) and e.result.html in e.output.value
    assert e.widget.children == (size, e.output)


@pytest.mark.parametrize("bad, exc", [(3, ValueError), (81, ValueError), (2.5, TypeError),
                                      (None, TypeError), (True, TypeError)])
def test_wythoff_bad_sizes(bad, exc):
    with pytest.raises(exc, match=r"\bn\b"):
        WythoffExplorer(bad)


def test_wythoff_play_widget_wins_from_n_positions():
    w = wythoff_play((4, 4), computer_first=True)
    assert w.history == [((4, 4), (0, 0), "gamelab")] and w.winner == "gamelab"
    w = wythoff_play((3, 5))
    w.play((3, 4))  # we leave an N-position: gamelab answers with a winning move
    assert gl.outcome(gl.Wythoff(), w.position) == "P"
    assert w.history[-1][2] == "gamelab"
    assert "take" in w.status.value
    with pytest.raises(TypeError, match="position"):
        wythoff_play({3, 5})
    assert wythoff_play([3, 5]).position == (3, 5)      # a list spells the tuple
