"""gamelab.widgets._style: every explorer and play widget reads as a sentence
where no kernel is attached.

A notebook saved with its outputs keeps each widget's ``text/plain`` repr,
which JupyterLab (before the notebook runs), GitHub's viewer and a static
book without a snapshot show instead of the widget.  ipywidgets' own repr is
``VBox(children=(IntSlider(value=3, ...``; gamelab's is a sentence saying what
the widget is for (``gamelab.widgets._style.Shown``).
"""
from __future__ import annotations

import importlib
import inspect
import itertools
import pkgutil
import re

import pytest

pytest.importorskip("ipywidgets")
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402
from IPython.utils.capture import capture_output  # noqa: E402

import gamelab as gl  # noqa: E402
import gamelab.widgets  # noqa: E402
from gamelab.widgets import Explorer, LoopyPlayWidget, PlayWidget  # noqa: E402
from gamelab.widgets._style import Shown  # noqa: E402
from gamelab.widgets.loopy import DRAW_MARK  # noqa: E402
from gamelab.widgets.play import WIN_MARK  # noqa: E402

from gamelab_testing import NOTEBOOKS, WIDGET_MIME  # noqa: E402

#: Arguments for the classes whose constructor needs some.
ARGS = {
    "GameExplorer": lambda: ((gl.Subtraction({1, 3, 4}),), {"n_max": 13}),
    "PlayWidget": lambda: ((gl.Bash(3), 10), {}),
}


def _modules():
    for info in pkgutil.iter_modules(gamelab.widgets.__path__):
        if not info.name.startswith("_"):  # _kit, _style: the pieces widgets are built from
            yield importlib.import_module(f"gamelab.widgets.{info.name}")


def _widget_classes():
    """Every class of gamelab.widgets that shows an ipywidgets ``widget``."""
    found = {}
    for module in _modules():
        for name, cls in vars(module).items():
            if (inspect.isclass(cls) and cls.__module__ == module.__name__
                    and not name.startswith("_") and cls is not Shown):
                found[f"{module.__name__.rsplit('.', 1)[1]}.{name}"] = cls
    return found


CLASSES = _widget_classes()


def _make(cls):
    args, kwargs = ARGS[cls.__name__]() if cls.__name__ in ARGS else ((), {})
    return cls(*args, **kwargs)


def _is_sentence(text):
    return (text.startswith("Run the notebook to ") and text.endswith(".")
            and "\n" not in text and "(children=" not in text
            and not re.search(r"\b(VBox|HBox|IntSlider|Accordion)\(", text)
            and "{" not in text.split(": ", 1)[0] and " at 0x" not in text)


@pytest.fixture(scope="module")
def shell():
    return InteractiveShell.instance()


def test_every_explorer_and_play_widget_is_found():
    # The explorers of every lecture and the play widget; a new class that
    # shows a widget without the fallback fails the next test.
    names = set(CLASSES)
    for expected in ("explore.GameExplorer", "play.PlayWidget", "bash.BashExplorer",
                     "nim.NimExplorer", "wythoff.WythoffExplorer", "octal.OctalExplorer",
                     "hackenbush.HackenbushExplorer"):
        assert expected in names
    for name in gamelab.widgets.__all__:
        obj = getattr(gamelab.widgets, name)
        if inspect.isclass(obj):
            assert issubclass(obj, Shown), name


def test_every_explorer_is_an_explorer_and_is_exported_once():
    # one shape: every widget class that is not a play widget is an Explorer,
    # and each class has one name, in gamelab.widgets; the play widgets are the
    # PlayWidgets of normal and misère play and the one board of a scoring game
    exported = {name: getattr(gamelab.widgets, name) for name in gamelab.widgets.__all__}
    for name, cls in CLASSES.items():
        if not issubclass(cls, (PlayWidget, gamelab.widgets.DotsAndBoxesPlay)):
            assert issubclass(cls, Explorer), f"{name} is not an Explorer"
        assert exported.get(cls.__name__) is cls, f"{name} is not exported as gamelab.widgets.{cls.__name__}"
    classes = [obj for obj in exported.values() if inspect.isclass(obj)]
    assert len(classes) == len(set(classes)), "a class exported under two names"
    assert len({c.__name__ for c in CLASSES.values()}) == len(CLASSES), "two classes, one name"
    assert LoopyPlayWidget in classes and Explorer in classes


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_displayed_widget_has_a_sentence_as_text_fallback(name, shell):
    cls = CLASSES[name]
    obj = _make(cls)
    assert hasattr(obj, "widget"), f"{name} shows no widget"
    assert isinstance(obj, Shown), f"{name} does not use the Shown mixin"
    with capture_output() as captured:
        from IPython.display import display
        display(obj)
    assert len(captured.outputs) == 1, name
    data = captured.outputs[0].data
    # The live widget is still there for a kernel-backed frontend ...
    assert data[WIDGET_MIME]["model_id"] == obj.widget.model_id
    # ... and the plain text says what it is, in a sentence.
    text = data["text/plain"]
    assert _is_sentence(text), f"{name}: {text!r}"
    assert text == obj.fallback_text()
    assert len(text.split()) >= 10, f"{name}: too short to say what it does: {text!r}"


def test_raw_widget_repr_is_what_is_replaced():
    # What the fallback replaces: ipywidgets' own text/plain repr.
    ex = _make(CLASSES["bash.BashExplorer"])
    raw = ex.widget._repr_mimebundle_()["text/plain"]
    assert raw.startswith("VBox(children=(") and not _is_sentence(raw)


def test_explorer_sentence_names_its_game():
    ex = _make(CLASSES["explore.GameExplorer"])
    assert ex.name in ex.fallback_text()
    assert "Sprague–Grundy values of take 1, 3 or 4" in ex.fallback_text()
    assert ex.name == gl.Subtraction({1, 3, 4}).name


def test_play_widget_says_play():
    pw = _make(CLASSES["play.PlayWidget"])
    assert pw.fallback_text().startswith("Run the notebook to play against gamelab: ")


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_saved_widget_outputs_read_as_sentences(path):
    # What GitHub's viewer and JupyterLab show before the notebook runs.
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for index, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = out.get("data", {})
            if WIDGET_MIME in data:
                text = data.get("text/plain", "")
                assert _is_sentence(text), f"{path.name}, cell {index}: {text[:80]!r}"


# -- the marks of the play widgets: readable in any colour vision and on a projector --------

def _luminance(colour):
    """WCAG 2 relative luminance of ``#RRGGBB``."""
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


#: ipywidgets' plain button (the unmarked moves) and its text.
PLAIN_BUTTON, PLAIN_INK = "#EEEEEE", "#000000"


def test_contrast_ratio_is_the_wcag_one():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert contrast("#56B4E9", "#56B4E9") == 1


def test_the_marks_read_in_any_colour_vision_and_on_a_projector():
    """Text on every mark passes WCAG AA (4.5:1), and the plain button, a winning move and a
    move that keeps the draw differ in lightness (at least 1.9:1 between any two), not in
    hue alone: a colour-blind student, or a washed-out projector, still tells them apart."""
    backgrounds = {"plain": PLAIN_BUTTON, "wins": WIN_MARK.colour, "draw": DRAW_MARK.colour}
    for mark in (WIN_MARK, DRAW_MARK):
        assert contrast(mark.colour, mark.ink) >= 4.5, mark
    assert contrast(PLAIN_BUTTON, PLAIN_INK) >= 4.5
    for (a, x), (b, y) in itertools.combinations(backgrounds.items(), 2):
        assert contrast(x, y) >= 1.9, f"{a} {x} and {b} {y}: {contrast(x, y):.2f}:1"


def test_the_legend_names_each_colour_on_that_colour():
    w = LoopyPlayWidget(gl.GALLERY, "k")
    w.hint.value = True
    swatches = re.findall(r"background:(#[0-9A-Fa-f]{6});color:(#[0-9A-Fa-f]{6})[^>]*>(\w+)<",
                          w.legend.value)
    assert [name for _bg, _ink, name in swatches] == ["blue", "grey"]
    buttons = {b.description: (b.style.button_color, b.style.text_color)
               for b in w.moves_box.children}
    assert buttons["k"] == swatches[1][:2]                 # the draw's button, as in the legend
    w.reset("m")
    w.hint.value = False
    w.hint.value = True
    buttons = {b.description: (b.style.button_color, b.style.text_color)
               for b in w.moves_box.children}
    assert buttons["z"] == swatches[0][:2]                 # the winning move's
