"""gamelab.census.figure in the language of the moment: English as it always was, Chinese
(the lecture's 前周期, 稀有堆, 未解决) where matplotlib has a font for it, with no glyph missing."""
from __future__ import annotations

import io
import re
import warnings

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

import gamelab as gl  # noqa: E402
from gamelab import fonts  # noqa: E402
from gamelab.census import figure, table  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")


pytestmark = pytest.mark.usefixtures("matplotlib_fonts_restored")


def words(fig):
    left, right = fig.axes[:2]
    return ([left.get_title(), left.get_xlabel(), left.get_ylabel(), right.get_title(),
             right.get_xlabel(), right.get_ylabel()]
            + [t.get_text() for t in left.get_legend().get_texts()])


def missing_glyphs(fig):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig.savefig(io.BytesIO(), format="png")
    return [str(w.message) for w in caught if "missing from" in str(w.message)]


def test_in_english_the_census_figure_reads_as_before():
    gl.set_language("en")
    assert words(figure(table(3))) == [
        "Proven periods", "preperiod + 1", "period",
        "Open: 58 with a sparse space, 36 without\n(colour: the largest value)",
        "last rare heap", "rare heaps", "trivial (216)", "solved (13)"]


def test_in_chinese_the_census_figure_speaks_chinese():
    if fonts.font_for("zh_CN") is None:
        pytest.skip("no font for Chinese is installed for matplotlib")
    gl.set_language("zh_CN")
    fig = figure(table(3))
    assert words(fig) == ["已证明的周期", "前周期 + 1", "周期",
                          "未解决：58 个有稀疏空间，36 个没有\n（颜色：最大的值）",
                          "最后一个稀有堆", "稀有堆的个数", "平凡（216）", "已解决（13）"]
    assert missing_glyphs(fig) == []
