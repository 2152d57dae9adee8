"""gamelab.widgets._kit in a browser: a wide table scrolls in its own box, the controls stay.

Each explorer with a wide view is set to its sliders' maxima, and its output
is laid out in headless Chromium inside the elements ipywidgets makes for an
``HTML`` widget in a ``VBox`` (the classes of ipywidgets 8, styled by the
stylesheet of the JupyterLab widget extension installed here), in an output
area 848 px wide, as JupyterLab gives a notebook at 1280 px.  Then:

* neither the output area nor the explorer's box nor the HTML widget is
  wider than the area or scrolls sideways (the slider and the pictures stay
  where they are: ipywidgets' boxes scroll by themselves, so a wide table once
  gave the whole explorer a scrollbar);
* every table and picture wider than the area stands in a box of its own no
  wider than the area that scrolls sideways (``overflow-x: auto``).
"""
from __future__ import annotations

import pathlib
import re
import sys

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from gamelab.widgets import CoinExplorer, HackenbushExplorer, WythoffExplorer  # noqa: E402

#: The output area of a notebook cell at 1280 px, in px.
AREA = 848


def _explorers():
    wythoff = WythoffExplorer(30)
    wythoff.controls["n"].value = wythoff.controls["n"].max
    coins = CoinExplorer("one_or_two", "HTHHTTHT")
    row = coins.controls["position"]
    row.count.value = row.count.max
    for b in row.coins:
        b.value = True                                # every coin heads: the most moves
    hackenbush = HackenbushExplorer("graph", 8, 0)
    hackenbush.controls["edges"].value = hackenbush.controls["edges"].max
    return {"Wythoff": wythoff, "coin turning": coins, "Hackenbush": hackenbush}


def _widget_stylesheet():
    """The controls' stylesheet of the installed JupyterLab widget extension, or None."""
    static = (pathlib.Path(sys.prefix) / "share" / "jupyter" / "labextensions"
              / "@jupyter-widgets" / "jupyterlab-manager" / "static")
    for path in sorted(static.glob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        at = text.find(".widget-html > .widget-html-content")
        if at < 0:
            continue
        start, end = text.rfind("`", 0, at), text.find("`", at)
        return re.sub(r"\$\{[^}]*\}", "", text[start + 1:end])
    return None


PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style>
<style>body {{ margin: 0; font-family: sans-serif; font-size: 14px; }}</style></head><body>
<div class="jp-OutputArea-output" id="area" style="width:{area}px;overflow-x:auto">
 <div class="lm-Widget jupyter-widgets widget-container widget-box widget-vbox
             jupyter-widget-box jupyter-widget-vbox">
  <div class="lm-Widget jupyter-widgets widget-inline-hbox widget-html jupyter-widget-html">
   <div class="widget-html-content jupyter-widget-html-content">{output}</div>
  </div>
 </div>
</div></body></html>"""

#: JavaScript: the area's overflow, and every wide table or picture with its scroll box.
MEASURE = """() => {
  const area = document.getElementById('area');
  const wide = [];
  for (const el of area.querySelectorAll('table, svg, img')) {
    if (el.getBoundingClientRect().width <= area.clientWidth) continue;
    let box = el.parentElement;
    while (box && box !== area && getComputedStyle(box).overflowX !== 'auto')
      box = box.parentElement;
    wide.push({what: el.tagName + '.' + (el.getAttribute('class') || ''),
               width: Math.round(el.getBoundingClientRect().width),
               box: box === area ? null : box.className,
               boxWidth: box ? box.getBoundingClientRect().width : null,
               scrolls: box ? box.scrollWidth > box.clientWidth : false});
  }
  const boxes = [area, ...area.querySelectorAll(
      '.widget-container, .widget-html, .widget-html-content')];
  const overflow = boxes.filter(b => b.scrollWidth > b.clientWidth + 1
                                     || b.getBoundingClientRect().width > area.clientWidth + 1)
    .map(b => `${b.className.split(' ').slice(-1)[0]}: ${b.scrollWidth} px in ${b.clientWidth} px`);
  return {overflow, wide};
}"""


def _layout(context, html_text):
    page = context.new_page()
    try:
        page.set_content(html_text)
        return page.evaluate(MEASURE)
    finally:
        page.close()


@pytest.fixture(scope="module")
def stylesheet():
    css = _widget_stylesheet()
    if css is None:
        pytest.skip("the JupyterLab widget extension's stylesheet is not installed here")
    return css


@pytest.mark.browser
@pytest.mark.parametrize("name", ["Wythoff", "coin turning", "Hackenbush"])
def test_a_wide_view_scrolls_in_its_own_box(name, chromium, stylesheet):
    explorer = _explorers()[name]
    html_text = PAGE.format(css=stylesheet, area=AREA, output=explorer.output.value)
    got = chromium.run(_layout, html_text)
    assert not got["overflow"], (
        f"{name}: the explorer scrolls sideways as a whole, taking the controls with it: "
        f"{got['overflow']}; wide: {got['wide']}")
    for item in got["wide"]:
        assert item["box"] is not None and "gamelab-scroll" in item["box"], (name, item)
        assert item["boxWidth"] <= AREA + 1 and item["scrolls"], (name, item)
    # at the maxima each table is wider than the page: the case the check is about
    assert any(i["what"].startswith("TABLE") for i in got["wide"]), got


@pytest.mark.browser
@pytest.mark.parametrize("name", ["Wythoff", "coin turning", "Hackenbush"])
def test_without_the_fit_the_whole_explorer_would_scroll(name, chromium, stylesheet):
    """The check can fail: the same output without the box that fits it to the output
    widens the whole explorer, as JupyterLab showed it (Wythoff: a 1136 px table in an
    848 px output, the explorer's box scrolling)."""
    explorer = _explorers()[name]
    bare = explorer.output.value.split(">", 1)[1].rsplit("</div>", 1)[0]
    assert "gamelab-fit" not in bare
    got = chromium.run(_layout, PAGE.format(css=stylesheet, area=AREA, output=bare))
    assert any("widget-vbox" in o for o in got["overflow"]), got
