"""gamelab.widgets._kit: the one explorer shape (controls, a pure view, ``update()``,
``result``, ``output``) and the shared controls."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402
import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
import gamelab.widgets  # noqa: E402
from gamelab.display import Table, scroll_box, sentence  # noqa: E402
from gamelab.widgets import Explorer, PlayWidget  # noqa: E402
from gamelab.widgets._kit import (CoinRow, HeapSliders, MoveToggles, PlayPanel,  # noqa: E402
                                  fit, int_slider)

#: Arguments for the explorers whose constructor needs some.
ARGS = {"GameExplorer": ((gl.Subtraction({1, 3, 4}),), {"n_max": 13})}


def explorer_classes():
    found = {}
    for info in pkgutil.iter_modules(gamelab.widgets.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"gamelab.widgets.{info.name}")
        for name, cls in vars(module).items():
            if inspect.isclass(cls) and cls.__module__ == module.__name__ and issubclass(cls, Explorer):
                found[name] = cls
    return found


EXPLORERS = explorer_classes()


def make(name):
    args, kwargs = ARGS.get(name, ((), {}))
    return EXPLORERS[name](*args, **kwargs)


def test_every_lecture_explorer_is_found():
    assert set(EXPLORERS) == {
        "GameExplorer", "SubtractionSetExplorer", "PNExplorer", "BashExplorer", "NimExplorer",
        "MooreNimExplorer", "SumExplorer", "WythoffExplorer", "FibonacciExplorer",
        "StaircaseExplorer", "MisereNimExplorer", "CoinExplorer", "OctalExplorer",
        "HackenbushExplorer", "DigraphExplorer", "TokenSumExplorer", "NimProductExplorer",
        "QuotientExplorer", "ChompExplorer", "DotsAndBoxesExplorer"}


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_every_explorer_has_the_one_shape(name):
    e = make(name)
    assert isinstance(e.controls, dict) and e.controls
    assert set(e.kwargs) == set(e.controls)
    assert isinstance(e.output, widgets.HTML) and isinstance(e.widget, widgets.VBox)
    assert e.output in e.widget.children
    assert isinstance(e.result, Table)
    # the view is a pure function of the controls' values
    assert e.view(**e.kwargs) == e.result
    assert e.update() == e.result and e.output.value == fit(scroll_box(e.result.html))
    for attr in ("html", "table_html", "refresh", "_update", "report", "position", "sliders"):
        assert not hasattr(e, attr), f"{name}.{attr}: one name for each part"


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_moving_a_control_recomputes(name):
    e = make(name)
    seen = []
    for control in e.controls.values():
        if isinstance(control, widgets.IntSlider) and control.value > control.min:
            control.value = control.min
            seen.append(control)
            assert e.result == e.view(**e.kwargs)
    if not seen:
        pytest.skip("no slider off its minimum")


def test_an_explorer_from_a_dict_and_a_function():
    calls = []

    def view(a, b):
        calls.append((a, b))
        return sentence(f"{a} + {b} = {a + b}")

    a, b = widgets.IntSlider(1), widgets.IntSlider(2)
    e = Explorer({"a": a, "b": b}, view)
    assert calls == [(1, 2)] and e.result.text == "1 + 2 = 3"
    b.value = 5
    assert calls[-1] == (1, 5) and "1 + 5 = 6" in e.output.value
    assert e.widget.children == (a, b, e.output)
    assert e.fallback_text().startswith("Run the notebook")


def test_layout_and_footer():
    a = widgets.IntSlider(1)
    note, foot = widgets.HTML("above"), widgets.HTML("below")
    e = Explorer({"a": a}, lambda a: "<b>x</b>", layout=[note, a], footer=[foot])
    assert e.widget.children == (note, a, e.output, foot)
    assert e.output.value == fit("<b>x</b>")


def test_what_the_output_shows():
    import matplotlib.pyplot as plt

    slider = widgets.IntSlider(1)
    assert Explorer({"a": slider}, lambda a: None).output.value == ""
    fig, _ax = plt.subplots()
    shown = Explorer({"a": slider}, lambda a: fig).output.value
    assert shown.startswith('<div class="gamelab-fit"') and '<img class="gamelab-plot"' in shown
    with pytest.raises(TypeError, match="view must return"):
        Explorer({"a": slider}, lambda a: 42)


@pytest.mark.parametrize("controls, view, word", [
    ([widgets.IntSlider()], lambda: None, "controls"),
    ({1: widgets.IntSlider()}, lambda **k: None, "controls"),
    ({"a": widgets.IntSlider()}, "view", "view"),
])
def test_explorer_bad_input(controls, view, word):
    with pytest.raises(TypeError, match=word):
        Explorer(controls, view)


# -- the shared controls ----------------------------------------------------------------------

def test_int_slider_bounds_are_the_check():
    s = int_slider("n", 5, 1, 9, "heap n")
    assert (s.value, s.min, s.max, s.description) == (5, 1, 9, "heap n")
    with pytest.raises(ValueError, match=r"n must be <= 9"):
        int_slider("n", 10, 1, 9, "heap n")
    with pytest.raises(ValueError, match=r"n must be >= 1"):
        int_slider("n", 0, 1, 9, "heap n")
    with pytest.raises(ValueError, match=r"heaps\[0\] must be <= max_heap=9"):
        int_slider("heaps[0]", 10, 0, 9, "heap 1", maximum_name="max_heap")
    with pytest.raises(TypeError, match="n must be an integer"):
        int_slider("n", 2.5, 1, 9, "heap n")


def test_heap_sliders_one_value():
    h = HeapSliders((3, 4), 7, 1, 4)
    changes = []
    h.observe(lambda c: changes.append(c["new"]), names="value")
    h.sliders[0].value = 5
    h.count.value = 1
    assert changes == [(5, 4), (5,)]
    assert [s.layout.display for s in h.sliders] == [None, "none", "none", "none"]
    fixed = HeapSliders((1, 2), 3, 1, 6, counted=False, label="coins on step {i}")
    assert fixed.children == tuple(fixed.sliders) and len(fixed.sliders) == 2
    assert fixed.sliders[1].description == "coins on step 2"


@pytest.mark.parametrize("args, exc, word", [
    (((1, 9), 7, 1, 4), ValueError, "max_heap"), (({1, 2}, 7, 1, 4), TypeError, "heaps"),
    (((1, 2, 3, 4, 5), 7, 1, 4), ValueError, "heaps"), (((1,), 0, 1, 4), ValueError, "max_heap"),
])
def test_heap_sliders_bad_input(args, exc, word):
    with pytest.raises(exc, match=word):
        HeapSliders(*args)


def test_move_toggles_and_coin_row():
    t = MoveToggles((2,), 3, text="take {s}", title="moves:")
    assert t.value == (2,) and t.children[0].value == "moves:"
    t.toggles[0].value = True
    t.toggles[1].value = False
    assert t.value == (1,)
    assert t.toggles[0].button_style == "success"
    with pytest.raises(ValueError, match="max_move=3"):
        MoveToggles((4,), 3)
    row = CoinRow("HT", 5)
    row.count.value = 4
    assert row.value == "HTTT" and len(row.coins) == 4
    row.coins[3].value = True
    assert row.value == "HTTH" and row.coins[3].description == "H"
    row.count.value = 1
    assert row.value == "H"
    with pytest.raises(ValueError, match="at most 5"):
        CoinRow("H" * 6, 5)


def test_play_panel_keeps_a_game_in_progress():
    panel = PlayPanel()
    panel.show(gl.Bash(3), 10, key=(1, 2, 3))
    first = panel.play
    assert isinstance(first, PlayWidget) and panel.box.children == (first.widget,)
    panel.show(gl.Bash(3), 12, key=(1, 2, 3))
    assert panel.play is first
    panel.show(gl.Bash(2), 12, key=(1, 2))
    assert panel.play is not first and panel.play.position == 12
    panel.hide()
    assert panel.widget.layout.display == "none"
    panel.show(gl.Bash(2), 12, key=(1, 2))
    assert panel.widget.layout.display is None


def test_a_lecture_needs_only_gl_widgets_and_gl_display():
    import gamelab.display as display

    for name in gamelab.widgets.__all__:
        assert getattr(gamelab.widgets, name) is not None
    for name in display.__all__:
        assert getattr(display, name) is not None
    assert len(set(display.__all__)) == len(display.__all__)
    assert not set(display.__all__) & set(gamelab.widgets.__all__)
