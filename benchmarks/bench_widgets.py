"""Recompute latency of every slider explorer, at the widest slider range.

For each module ``gamelab/widgets/*.py`` (the play widget aside), every class
with a ``widget`` and ``_ipython_display_`` is built headlessly with its
default arguments, every slider in its widget tree is pushed to its maximum,
and then one recompute is timed: the first slider is moved one step down
(untimed) and back up to its maximum (timed — ``observe`` runs the callback
synchronously).  Median of several repeats.  A module or class that fails is
reported as a row with the error, not as a crash.

Run alone: ``.venv/bin/python benchmarks/bench_widgets.py``.
"""
from __future__ import annotations

import importlib
import inspect
import pathlib
import statistics
import sys
import time

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402

import gamelab as gl  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
WIDGETS = HERE.parent / "gamelab" / "widgets"

SKIP_MODULES = {"__init__", "play"}
#: constructor arguments for explorers that have no defaults
ARGUMENTS = {
    "GameExplorer": lambda: ((gl.Subtraction((1, 3, 4)),), {}),
}
SLIDER_TYPES = (widgets.IntSlider, widgets.FloatSlider, widgets.BoundedIntText,
                widgets.BoundedFloatText, widgets.IntRangeSlider, widgets.FloatRangeSlider)


def _walk(widget, seen=None):
    """Every widget in the tree under ``widget``, in display order."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child, seen)


def sliders(explorer):
    return [w for w in _walk(explorer.widget) if isinstance(w, SLIDER_TYPES)]


def _set_max(slider):
    if isinstance(slider, (widgets.IntRangeSlider, widgets.FloatRangeSlider)):
        slider.value = (slider.min, slider.max)
    else:
        slider.value = slider.max


def _below_max(slider):
    step = getattr(slider, "step", 1) or 1
    if isinstance(slider, (widgets.IntRangeSlider, widgets.FloatRangeSlider)):
        return (slider.min, max(slider.min, slider.max - step))
    return max(slider.min, slider.max - step)


def explorer_classes(module):
    for name, cls in inspect.getmembers(module, inspect.isclass):
        if cls.__module__ != module.__name__ or name.startswith("_"):
            continue
        if hasattr(cls, "_ipython_display_") and name != "PlayWidget":
            yield name, cls


def time_explorer(cls, name, repeats):
    """``(seconds, note)`` of one recompute at the widest range.

    Each repeat builds a fresh explorer, pushes every slider to its maximum
    but the first one step below, then times moving the first one up.
    """
    args, kwargs = ARGUMENTS[name]() if name in ARGUMENTS else ((), {})
    times = []
    for _ in range(repeats):
        explorer = cls(*args, **kwargs)
        if not sliders(explorer):
            return None, "no slider found"
        for _ in range(2):  # moving one slider may add others (e.g. a heap count)
            for s in sliders(explorer):
                _set_max(s)
        first = sliders(explorer)[0]
        widest = first.value
        first.value = _below_max(first)
        start = time.perf_counter()
        first.value = widest
        times.append(time.perf_counter() - start)
    label = first.description or type(first).__name__
    return statistics.median(times), (
        f"{len(sliders(explorer))} sliders at max; timed slider '{label}' -> {widest}; "
        f"first repeat {times[0] * 1000:.1f} ms (later ones may hit caches)")


def run(*, repeats=5, quick=False):
    """Rows ``(figure, gamelab seconds, None, None, note)``: there is no baseline."""
    if quick:
        repeats = 1
    rows = []
    for path in sorted(WIDGETS.glob("*.py")):
        if path.stem in SKIP_MODULES or path.stem.startswith("_"):
            continue
        modname = f"gamelab.widgets.{path.stem}"
        try:
            module = importlib.import_module(modname)
        except Exception as exc:  # another module's bug is reported, not fatal
            rows.append((f"explorer {path.stem}: import failed", None, None, None,
                         f"{type(exc).__name__}: {exc}"[:120]))
            continue
        classes = list(explorer_classes(module))
        if not classes:
            rows.append((f"explorer {path.stem}: no explorer class", None, None, None, ""))
        for name, cls in classes:
            figure = f"explorer {path.stem}.{name} recompute, widest sliders"
            try:
                seconds, note = time_explorer(cls, name, repeats)
            except Exception as exc:
                rows.append((figure, None, None, None,
                             f"failed: {type(exc).__name__}: {exc}"[:120]))
                continue
            rows.append((figure, seconds, None, None, note))
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        t = "-" if row[1] is None else f"{row[1] * 1000:9.1f} ms"
        print(f"{row[0]:60s} {t:>12s}  {row[4]}")
