"""gamelab.widgets.bash: the explorers of lectures 00–01, driven headlessly by setting
control values."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from gamelab.display import (  # noqa: E402
    bash_advice, bash_plot_html, bash_table, bash_view, pn_table, pn_view,
)
from gamelab.display.bash import GRAPH_MAX_HEAP  # noqa: E402
from gamelab.widgets import BashExplorer, PNExplorer  # noqa: E402

from gamelab_testing import last_row  # noqa: E402


def test_pn_explorer_toggles_and_slider():
    e = PNExplorer(moves=(1, 2), size=8, graph=False)
    assert e.kwargs == {"moves": (1, 2), "size": 8, "graph": False}
    assert last_row(e.result) == list("PNNPNNPNN")
    e.controls["moves"].toggles[2].value = True
    assert e.kwargs["moves"] == (1, 2, 3)
    assert last_row(e.result) == list("PNNNPNNNP")
    assert pn_table((1, 2, 3), 8).html in e.output.value
    e.controls["size"].value = 12
    assert len(last_row(e.result)) == 13
    assert e.result == pn_view((1, 2, 3), 12, graph=False)
    assert pn_table((1, 2, 3), 12).html in e.output.value
    assert "<img" not in e.output.value
    for t in e.controls["moves"].toggles:
        t.value = False
    assert "No move is allowed" in e.output.value
    assert set(last_row(e.result)) == {"P"}


def test_pn_explorer_graph():
    e = PNExplorer(moves=(1, 3), size=6, graph=True)
    assert '<img class="gamelab-plot"' in e.output.value
    e.controls["size"].value = GRAPH_MAX_HEAP + 1
    assert "drawn for heaps up to" in e.output.value
    e.controls["graph"].value = False
    assert "<img" not in e.output.value and "drawn for heaps" not in e.output.value
    assert hasattr(e, "widget") and hasattr(e, "_ipython_display_")
    assert e.controls["size"].max == 60 and e.controls["size"].description == "heap size"


def test_bash_explorer_sliders():
    e = BashExplorer(m=3, n=21, plot=False)
    assert "take 1, leaving 20" in e.result.text
    assert bash_table(3, 21).html in e.output.value
    e.controls["m"].value = 5
    assert [int(v) for v in last_row(bash_table(5, 21, per_row=22))] == [n % 6 for n in range(22)]
    assert e.result == bash_view(5, 21, plot=False)
    assert bash_table(5, 21).html in e.output.value
    assert "take 3, leaving 18" in e.output.value
    e.controls["n"].value = 18
    assert e.result.text.splitlines()[0] == bash_advice(5, 18)
    assert "P-position" in bash_advice(5, 18) and "multiple of 6" in bash_advice(5, 18)
    e.controls["plot"].value = True
    assert '<svg class="gamelab-svg"' in e.output.value
    assert bash_plot_html(5, 18) in e.output.value


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, exc, name", [
    (dict(moves=(1, 7)), ValueError, "moves"), (dict(moves=(0,)), ValueError, "moves"),
    (dict(moves=None), TypeError, "moves"), (dict(size=-1), ValueError, "size"),
    (dict(size=61), ValueError, "size"), (dict(size=True), TypeError, "size"),
    (dict(graph=1), TypeError, "graph"), (dict(graph=None), TypeError, "graph"),
])
def test_pn_explorer_bad_input(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        PNExplorer(**kwargs)


@pytest.mark.parametrize("kwargs, exc, name", [
    (dict(m=0), ValueError, "m"), (dict(m=21), ValueError, "m"), (dict(m=True), TypeError, "m"),
    (dict(m=None), TypeError, "m"), (dict(n=-1), ValueError, "n"), (dict(n=201), ValueError, "n"),
    (dict(n=2.5), TypeError, "n"), (dict(plot="yes"), TypeError, "plot"),
])
def test_bash_explorer_bad_input(kwargs, exc, name):
    with pytest.raises(exc, match=name):
        BashExplorer(**kwargs)
