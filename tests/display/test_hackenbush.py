"""gamelab.display.hackenbush: the cut table, the view, the drawing and its layout, and
their bad input."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab.display import (  # noqa: E402
    cut_table, draw_hackenbush, hackenbush_layout, hackenbush_position, hackenbush_view,
)


def test_cut_table_and_view():
    t = cut_table(((0, 1), (1, 2), (0, 3)))
    assert "winning cuts: 1–2" in t.text
    v = hackenbush_view("tree", 5, 0)
    assert '<svg class="gamelab-svg"' in v.html
    assert v.text.startswith("tree with 5 edges, seed 0")
    assert cut_table(()).text.startswith("value 0 (P-position); nothing is standing")


def test_draw_and_layout():
    pos = ((0, 1), (1, 2), (1, 2), (2, 2), (0, 3), (3, 0))
    xy = hackenbush_layout(gl.GreenHackenbush().validate(pos))
    assert xy[0][1] == 0.0 and xy[2][1] == 2.0
    ax = draw_hackenbush(pos, labels="values", title="t")
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == len(pos)
    ax2 = draw_hackenbush(pos, labels="winning")
    assert ax2.texts == [] or len(ax2.texts) == 0
    import matplotlib.pyplot as plt
    plt.close("all")


@pytest.mark.parametrize("kind, edges, seed, exc", [
    ("forest", 3, 0, ValueError), ("tree", -1, 0, ValueError), ("tree", 2.5, 0, TypeError),
    ("graph", 3, None, TypeError)])
def test_hackenbush_position_bad_arguments(kind, edges, seed, exc):
    with pytest.raises(exc):
        hackenbush_position(kind, edges, seed)


@pytest.mark.parametrize("labels", ["all", 1, True])
def test_draw_bad_labels(labels):
    with pytest.raises(ValueError, match="labels"):
        draw_hackenbush(((0, 1),), labels=labels)


@pytest.mark.parametrize("call, exc", [
    (lambda: cut_table({(0, 1)}), TypeError),
    (lambda: cut_table(((0, 1, 2),)), ValueError),
    (lambda: cut_table(((0, 1),), ground={0}), TypeError),
    (lambda: draw_hackenbush(((0, {1}),)), TypeError),
    (lambda: hackenbush_layout({(0, 1)}), TypeError),
])
def test_bad_arguments_raise(call, exc):
    with pytest.raises(exc):
        call()
