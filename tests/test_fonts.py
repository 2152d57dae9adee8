"""Text that matplotlib draws: Chinese only where a font can draw it (``gamelab.fonts``)."""
from __future__ import annotations

import io
import re
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab import i18n  # noqa: E402
from gamelab import fonts  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")


pytestmark = pytest.mark.usefixtures("matplotlib_fonts_restored")


@pytest.fixture
def chinese_font():
    family = fonts.font_for("zh_CN")
    if family is None:
        pytest.skip("no font for Chinese is installed for matplotlib")
    return family


@pytest.fixture
def no_font(monkeypatch):
    monkeypatch.setattr(fonts, "installed_families", lambda: frozenset({"DejaVu Sans"}))
    fonts.font_for.cache_clear()


def drawn_warnings(fig):
    """The "missing from font" warnings of drawing ``fig``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig.savefig(io.BytesIO(), format="png")
    return [str(w.message) for w in caught if "missing from" in str(w.message)]


def texts(ax):
    """Every text matplotlib draws on ``ax``: title, axis labels, legend, tick labels."""
    legend = ax.get_legend()
    return ([ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
            + ([t.get_text() for t in legend.get_texts()] if legend else [])
            + [t.get_text() for t in ax.get_xticklabels()])


def bash():
    return gl.display.bash_plot(3, 12)


def wythoff():
    return gl.display.plot_wythoff_outcomes(8)


def graph():
    return gl.display.draw_game_graph(gl.Bash(2), 4)


def loopy():
    return gl.display.draw_loopy_graph(gl.loopy.Digraph({"a": "bd", "b": "ac", "c": "", "d": "d"}))


def staircase():
    return gl.display.plot_staircase((1, 2))


def chomp():
    return gl.display.plot_three_row_chomp(8)


#: A figure of each module, and English texts it must show (in Chinese: translated).
FIGURES = {
    "bash": (bash, ["Bash game, take 1..{m}: P-positions every {period}", "N-position (G > 0)",
                    "P-position (G = 0)"]),
    "wythoff": (wythoff, ["P-positions (blue) of Wythoff's game, heaps < {n}", "a (heap 1)",
                          "b (heap 2)"]),
    "graph": (graph, ["P-position", "N-position", "winning move"]),
    "loopy": (loopy, ["D (draw)", "winning move"]),
    "staircase": (staircase, ["floor", "odd steps (blue): nim-sum {x}", "step {i}"]),
    # its axis says "a − b": a minus sign that the Chinese families cannot draw
    "chomp": (chomp, ["b (second row)", "P-positions (a, b, c) of three-row Chomp"]),
}


def shows(ax, message):
    """Whether one of the texts of ``ax`` is ``message`` with its fields filled in."""
    pattern = re.escape(message)
    pattern = re.sub(r"\\{\w+\\}", r".+", pattern)
    return any(re.search(pattern, t) for t in texts(ax))


@pytest.mark.parametrize("name", FIGURES)
def test_in_chinese_with_a_font_the_figure_speaks_chinese_and_every_glyph_is_drawn(
        name, chinese_font):
    draw, messages = FIGURES[name]
    gl.set_language("zh_CN")
    ax = draw()
    for message in messages:
        chinese = i18n.gettext(message)
        assert CJK.search(chinese) and shows(ax, chinese), (message, texts(ax))
        assert not shows(ax, message)
    assert matplotlib.rcParams["font.sans-serif"][0] == chinese_font
    assert drawn_warnings(ax.figure) == []


@pytest.mark.parametrize("name", FIGURES)
def test_in_chinese_without_a_font_the_figure_stays_english_and_draws(name, no_font):
    assert fonts.font_for("zh_CN") is None
    before = list(matplotlib.rcParams["font.sans-serif"])
    draw, messages = FIGURES[name]
    gl.set_language("zh_CN")
    ax = draw()
    assert all(shows(ax, message) for message in messages), texts(ax)
    assert not any(CJK.search(t) for t in texts(ax))
    assert matplotlib.rcParams["font.sans-serif"] == before
    assert drawn_warnings(ax.figure) == []


@pytest.mark.parametrize("name", FIGURES)
def test_in_english_the_figure_is_english_and_the_fonts_untouched(name):
    before = list(matplotlib.rcParams["font.sans-serif"])
    gl.set_language("en")
    draw, messages = FIGURES[name]
    ax = draw()
    assert all(shows(ax, message) for message in messages), texts(ax)
    assert not any(CJK.search(t) for t in texts(ax))
    assert matplotlib.rcParams["font.sans-serif"] == before
    assert drawn_warnings(ax.figure) == []


def test_the_warning_check_sees_a_glyph_the_font_lacks():
    matplotlib.rcParams["font.sans-serif"] = ["DejaVu Sans"]
    fig, ax = plt.subplots()
    ax.set_title("必败态")
    assert len(drawn_warnings(fig)) >= 1


def negative_ticks():
    """A figure whose tick labels hold negative numbers, titled in the language of the moment."""
    fig, ax = plt.subplots()
    ax.plot([-3, 3], [-2, 2])
    ax.set_title(fonts.plot_text("winning move"))
    return fig


def test_in_chinese_negative_ticks_draw_a_minus_without_a_missing_glyph(chinese_font):
    matplotlib.rcParams["axes.unicode_minus"] = True
    gl.set_language("zh_CN")
    fig = negative_ticks()
    assert matplotlib.rcParams["font.sans-serif"][0] == chinese_font
    assert matplotlib.rcParams["axes.unicode_minus"] is False
    fig.canvas.draw()
    ticks = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert "-2" in ticks and "\N{MINUS SIGN}2" not in ticks
    assert drawn_warnings(fig) == []


def test_english_draws_the_minus_sign_again(chinese_font):
    matplotlib.rcParams["axes.unicode_minus"] = True
    gl.set_language("zh_CN")
    fonts.plot_text("winning move")
    gl.set_language("en")
    fig = negative_ticks()
    assert matplotlib.rcParams["axes.unicode_minus"] is True
    fig.canvas.draw()
    assert "\N{MINUS SIGN}2" in [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert drawn_warnings(fig) == []


def test_the_font_is_put_first_once_keeping_the_others_and_english_puts_it_back(chinese_font):
    before = [f for f in matplotlib.rcParams["font.sans-serif"] if f != chinese_font]
    matplotlib.rcParams["font.sans-serif"] = before
    gl.set_language("zh_CN")
    assert fonts.plot_text("winning move") == i18n.gettext("winning move") != "winning move"
    fonts.plot_text("floor")
    assert matplotlib.rcParams["font.sans-serif"] == [chinese_font, *before]
    gl.set_language("en")
    assert fonts.plot_text("winning move") == "winning move"
    assert matplotlib.rcParams["font.sans-serif"] == before


def test_the_font_is_looked_up_once(monkeypatch):
    calls = []
    monkeypatch.setattr(fonts, "installed_families",
                        lambda: calls.append(1) or frozenset({"DejaVu Sans", "SimHei"}))
    fonts.font_for.cache_clear()
    assert fonts.font_for("zh_CN") == fonts.font_for("zh_CN") == "SimHei"
    assert calls == [1]


def test_the_best_installed_family_is_chosen(monkeypatch):
    installed = frozenset({"Arial Unicode MS", "WenQuanYi Micro Hei", "DejaVu Sans"})
    monkeypatch.setattr(fonts, "installed_families", lambda: installed)
    assert fonts.font_for("zh_CN") == "WenQuanYi Micro Hei"


def test_english_needs_no_font():
    assert fonts.font_for("en") is None
    gl.set_language("en")
    assert fonts.plot_text("floor") == "floor"


def test_bad_input_is_refused_naming_the_argument():
    with pytest.raises(TypeError, match="message must be a str"):
        fonts.plot_text(None)
    with pytest.raises(TypeError, match="lang must be a str"):
        fonts.font_for(1)


def test_the_installed_families_include_matplotlibs_own():
    assert "DejaVu Sans" in fonts.installed_families()


def test_choosing_chinese_gives_matplotlib_its_font_at_once_and_english_takes_it_back(chinese_font):
    """A notebook's own Chinese text (a title it sets itself) is drawn, with no glyph missing."""
    before = list(matplotlib.rcParams["font.sans-serif"])
    matplotlib.rcParams["axes.unicode_minus"] = True
    gl.set_language("zh_CN")
    assert matplotlib.rcParams["font.sans-serif"][0] == chinese_font
    assert matplotlib.rcParams["axes.unicode_minus"] is False
    fig, ax = plt.subplots()
    ax.plot([-3, 3], [-2, 2])
    ax.set_title("单个正面的值（唯一的正面）")
    assert drawn_warnings(fig) == []
    gl.set_language("en")
    assert matplotlib.rcParams["font.sans-serif"] == before
    assert matplotlib.rcParams["axes.unicode_minus"] is True


def test_without_a_font_choosing_chinese_leaves_the_fonts_alone(no_font):
    before = list(matplotlib.rcParams["font.sans-serif"])
    gl.set_language("zh_CN")
    assert matplotlib.rcParams["font.sans-serif"] == before
