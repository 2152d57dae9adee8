"""gamelab.display.staircase: the Staircase Nim report against search, its picture, and
bad input."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import Table, plot_staircase, staircase_report

from gamelab_testing import row_value


@pytest.mark.parametrize("pos", [(0,), (2, 3, 1, 4), (5, 0, 5), (1, 0, 2, 1, 1, 0, 1, 1)])
def test_staircase_report_winning_moves_agree_with_search(pos):
    t = staircase_report(pos)
    assert isinstance(t, Table)
    g = gl.StaircaseNim()
    labels = [g.move_label(pos, m) for m in gl.search_winning_moves(g, pos)]
    assert row_value(t, "winning moves") == ("; ".join(labels) if labels else "none")


def test_plot_staircase_draws():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ax = plot_staircase((2, 0, 3))
    assert "nim-sum 1" in ax.get_title()
    plt.close(ax.figure)


@pytest.mark.parametrize("make, exc, word", [
    (lambda: staircase_report((1, None)), TypeError, "position"),
    (lambda: plot_staircase("12"), TypeError, "position"),
])
def test_bad_input(make, exc, word):
    with pytest.raises(exc, match=word):
        make()
