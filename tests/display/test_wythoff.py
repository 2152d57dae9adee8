"""gamelab.display.wythoff: the P-position table and the pictures of Wythoff's game against
search, and bad sizes."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import (  # noqa: E402
    p_position_table, plot_wythoff_grundy, plot_wythoff_outcomes, wythoff_view,
)


def test_wythoff_p_position_table_matches_search():
    for n in (4, 10, 33):
        game = gl.Wythoff()
        found = sorted((a, b) for a in range(n) for b in range(a, n)
                       if gl.search_outcome(game, (a, b)) == "P")
        text = str(p_position_table(n)).splitlines()
        a_row = [int(x) for x in text[2].split("|")[1].split()]
        b_row = [int(x) for x in text[3].split("|")[1].split()]
        assert list(zip(a_row, b_row)) == found


def test_wythoff_pictures_show_search_results():
    ax = plot_wythoff_outcomes(12)
    image = ax.get_images()[0].get_array()
    # image[b][a] is 1 exactly at P-positions
    ps = sorted((a, b) for b in range(12) for a in range(12) if image[b][a] == 1)
    assert ps == gl.Wythoff().p_positions(12)
    assert [line.get_label() for line in ax.get_lines()] == ["b = φ·a", "b = a/φ"]
    plt.close(ax.figure)
    ax = plot_wythoff_grundy(9)
    values = ax.get_images()[0].get_array()
    table = gl.Wythoff().grundy_table(9)
    assert all(values[b][a] == table[a][b] for a in range(9) for b in range(9))
    plt.close(ax.figure)


@pytest.mark.parametrize("bad, exc", [(3, ValueError), (81, ValueError), (2.5, TypeError),
                                      (None, TypeError), (True, TypeError)])
def test_wythoff_bad_sizes(bad, exc):
    for call in (wythoff_view, plot_wythoff_outcomes, plot_wythoff_grundy):
        with pytest.raises(exc, match=r"\bn\b"):
            call(bad)
