"""gamelab.census.summary in the language of the moment: the English line as it always was,
the Chinese one in the lecture's words (平凡, 已解决, 未解决)."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.census import summary, table


@pytest.fixture
def language():
    before = gl.language()
    yield gl.set_language
    gl.set_language(before)


def test_the_summary_of_the_shipped_table_in_both_languages(language):
    rows = table(3)
    language("en")
    assert summary(rows) == "323 classes: 216 trivial, 13 solved, 94 open; 569,708,726 values computed"
    language("zh_CN")
    assert summary(rows) == "323 个类：平凡 216 个，已解决 13 个，未解决 94 个；共计算 569,708,726 个值"


def test_the_cpu_seconds_are_said_in_both_languages(language):
    rows = [r._replace(seconds=10.0) for r in table(3)[:150]]
    language("en")
    english = summary(rows)
    assert english.startswith("150 classes: ") and english.endswith(" in 1,500 CPU seconds")
    language("zh_CN")
    chinese = summary(rows)
    assert chinese.startswith("150 个类：平凡 ") and chinese.endswith("，用时 1,500 CPU 秒")
    assert summary([]) == "0 个类：平凡 0 个，已解决 0 个，未解决 0 个；共计算 0 个值"
