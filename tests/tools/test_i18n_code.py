"""The words of code cells (tools/i18n_code.py): which string literals are messages, how a
translation replaces them, and what ``python tools/i18n.py check`` refuses in a translated
code cell; the words it lets a translation change elsewhere (``\\text{}`` in a formula, a
diagram's words), and ``update``, which writes no previous ids."""
from __future__ import annotations

import nbformat
import pytest
from babel.messages.catalog import Catalog
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamelab_testing import ROOT
from gamelab_testing.static_site import load_tool

i18n = load_tool("i18n_tool", ROOT / "tools" / "i18n.py")
code = i18n.i18n_code
LANG = "zh_CN"

CELL = '''%matplotlib inline
names = {"first": 1, "misere": 2}
game = gl.Subtraction({1, 3, 4}, kind="misere")
print(f"checked on {n:>3} positions", "ok", "the" if won else "a word", sep=": ")
gl.display.grid_table(t, row_label="a", col_label="row", title="G(a, b) by plain search")
plt.title("value of a single head")
ax.set_xlabel("coin i")


def solve(text):
    """Read the judge input, return the judge output."""
    print("never a judge answer" if False else "")
    return "first" if text else "second"


print("winner: {}".format(w), 'x' + " and more words", f"{'in' if x else 'not in'} the set")
PROGRAM = r\'\'\'
print("Yes")
\'\'\'
print(f"products below {n} reach "
      f"{max(row)}")
'''


def test_the_messages_are_the_shown_literals_with_words():
    assert code.messages(CELL) == [
        'f"checked on {n:>3} positions"', '"ok"', '"the"', '"a word"', '"row"', '"G(a, b) by plain search"',
        '"value of a single head"', '"coin i"', '"never a judge answer"', '"winner: {}"',
        '" and more words"', '''f"{'in' if x else 'not in'} the set"''',
        'f"products below {n} reach "\n      f"{max(row)}"']


@pytest.mark.parametrize("source", ["%%bash\necho 'hello world'", "print('not python'", ""])
def test_a_cell_that_is_not_python_has_no_message(source):
    assert code.messages(source) == [] and code.substitute(source, lambda m: "x") == source


def test_substitution_changes_only_the_messages():
    chinese = {'"G(a, b) by plain search"': '"朴素搜索得到的 G(a, b)"',
               'f"checked on {n:>3} positions"': 'f"在 {n:>3} 个局面上核对"',
               'f"products below {n} reach "\n      f"{max(row)}"': 'f"{n} 以下的积可达 {max(row)}"'}
    out = code.substitute(CELL, chinese.get)
    assert 'title="朴素搜索得到的 G(a, b)"' in out and 'f"在 {n:>3} 个局面上核对"' in out
    assert out.endswith('print(f"{n} 以下的积可达 {max(row)}")\n')
    assert out.replace('"朴素搜索得到的 G(a, b)"', '"G(a, b) by plain search"') != CELL
    assert code.cell_problems(CELL, out) == []
    assert '"misere"' in out and 'return "first" if text else "second"' in out


@pytest.mark.parametrize("change, words", [
    (('kind="misere"', 'kind="反常"'), '"misere" is code'),
    (('{"first": 1', '{"先手": 1'), '"first" is code'),
    (('return "first"', 'return "先手"'), '"first" is code'),
    (('print("Yes")', 'print("是")'), "is code"),
    (("{n:>3} positions", "{n} positions"), "the cell's code changed"),
    (('sep=": "', 'sep="："'), '": " is code'),
    (("plt.title(", "plt.suptitle("), "the cell's code changed"),
])
def test_check_refuses_a_cell_changed_beyond_its_messages(change, words):
    changed = CELL.replace(*change)
    assert changed != CELL
    assert any(words in problem for problem in code.cell_problems(CELL, changed)), code.cell_problems(CELL, changed)


@pytest.mark.parametrize("english, chinese, words", [
    ('f"checked on {n:>3} positions"', 'f"在 {n} 个局面上核对"', "placeholders"),
    ('f"checked on {n:>3} positions"', '"在若干个局面上核对"', "f-string must stay"),
    ('"value"', 'f"值"', "f-string must stay"),
    ('"value"', "值", "not a string literal"),
    ('"value"', '"值', "not a Python literal"),
    ('"value"', "42", "not a string literal"),
    ('"value"', '"值" + x', "not a string literal"),
])
def test_a_translated_message_keeps_its_kind_and_placeholders(english, chinese, words):
    assert any(words in p for p in code.literal_problems(english, chinese))


def test_placeholders_may_move():
    assert code.literal_problems('f"{a} of {b:>2} heaps"', 'f"{b:>2} 个堆中的 {a}"') == []
    assert code.literal_problems('f"x {a}"\n   f" y {b}"', 'f"{b} 与 {a}"') == []


def _notebook():
    nb = new_notebook(cells=[new_markdown_cell("# 99 · A demo"),
                             new_code_cell('import gamelab as gl\nprint("checked on 3 positions", n)')])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return nb


def _po(tmp_path, translation, fuzzy=False):
    catalog = Catalog(locale=LANG, domain="demo", charset="utf-8")
    catalog.add("# 99 · A demo", "# 99 · 演示")
    catalog.add('"checked on 3 positions"', translation, flags=["fuzzy"] if fuzzy else [])
    path = tmp_path / "demo.po"
    i18n.write(catalog, path)
    return path


def test_translate_notebook_translates_the_messages_of_code(tmp_path):
    out = i18n.translate_notebook(_notebook(), LANG, _po(tmp_path, '"已在 3 个局面上核对"'))
    assert out.cells[1].source == 'import gamelab as gl\ngl.set_language("zh_CN")\nprint("已在 3 个局面上核对", n)'


@pytest.mark.parametrize("translation, fuzzy, state", [("", False, "missing"), ('"已核对"', True, "fuzzy")])
def test_a_missing_or_fuzzy_code_message_stops_the_translation(tmp_path, translation, fuzzy, state):
    with pytest.raises(i18n.TranslationError, match=f"code cell 1: the translation of .* is {state}"):
        i18n.translate_notebook(_notebook(), LANG, _po(tmp_path, translation, fuzzy), notebook="99_demo.ipynb")


def test_the_template_holds_the_code_messages_after_the_markdown(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    path = tmp_path / "99_demo.ipynb"
    nb = _notebook()
    nb.cells[1]["id"] = "abc"
    nbformat.write(nb, path)
    pot = i18n.template(path)
    entries = [m for m in pot if m.id]
    assert [m.id for m in entries] == ["# 99 · A demo", '"checked on 3 positions"']
    assert entries[1].auto_comments == ["code cell abc"] and entries[1].locations == [("99_demo.ipynb", 2)]


def test_update_keeps_no_previous_ids_and_changes_nothing_twice(tmp_path):
    old = Catalog(locale=LANG, domain="demo", charset="utf-8")
    old.add("Old English.", "旧的中文。", user_comments=["| msgid \"Older English.\"", "wrapped"])
    old.add("Kept.", "保留。")
    path = tmp_path / "demo.po"
    i18n.write(old, path)
    pot = Catalog(domain="demo", charset="utf-8")
    pot.add("Old English, changed.")
    pot.add("Kept.")
    i18n.merge(pot, path, LANG, "# header")
    text = path.read_text(encoding="utf-8")
    assert "#|" not in text and "# |" not in text and "wrapped" not in text
    merged = i18n.read(path, LANG)
    assert merged.get("Old English, changed.").fuzzy and merged.get("Kept.").string == "保留。"
    i18n.merge(pot, path, LANG, "# header")
    assert path.read_text(encoding="utf-8") == text


def test_check_lets_the_words_of_a_formula_change():
    english = r"Here $G(x) = \mathrm{mex}\{ G(y) : y \text{ is an option of } x \}$."
    chinese = r"这里 $G(x) = \mathrm{mex}\{ G(y) : y \text{ 是 } x \text{ 的后继局面} \}$。"
    assert i18n.problems(english, chinese) == []
    assert i18n.problems(english, r"这里 $G(x) = \mathrm{mex}\{ G(y) : y \text{ 是 } z \}$。") != []


DIAGRAM = "```\n00 ─ 01 ─┬─ 07 Staircase Nim\n │       └─ 13 loopy games   (13 also uses 07)\n```"


def test_check_lets_the_words_of_a_diagram_change_not_its_lines():
    english = f"## What depends on what\n\n{DIAGRAM}\n"
    chinese = "## 依赖关系\n\n```\n00 ─ 01 ─┬─ 07 阶梯博弈\n │       └─ 13 有环博弈   （13 还用到 07）\n```\n"
    assert i18n.problems(english, chinese) == []
    assert i18n.problems(english, chinese.replace("└─ 13", "├─ 13")) != []
    assert i18n.problems(english, chinese.replace("07 阶梯", "08 阶梯")) != []
    code = "```python\nprint('hello world')  # ─\n```"
    assert i18n.problems(code, code.replace("hello world", "你好")) != []


def test_a_variable_the_cell_only_shows_carries_messages():
    cell = ('answer = reply[0] if reply else "with no winning move"\n'
            'print(f"gamelab answers {answer}")\n'
            'player = "second" if player == "first" else "first"\n'
            'print(f"{player:>6} takes {take}")\n'
            'verdict = "holds everywhere"\n'
            'print(verdict)\n'
            'kind = "misere play"\n'
            'game = gl.Nim(kind)\n'
            'print(kind)\n')
    assert code.messages(cell) == ['"with no winning move"', 'f"gamelab answers {answer}"',
                                   'f"{player:>6} takes {take}"', '"holds everywhere"']
    changed = cell.replace('"second" if', '"后手" if')
    assert any('"second" is code' in p for p in code.cell_problems(cell, changed))


def test_a_function_a_widget_shows_returns_messages():
    cell = ('def putback_label(n, o):\n'
            '    return f"put 1 back → {o}" if o > n else f"take {n - o} → {o}"\n\n'
            'def moves(n):\n'
            '    return "first move" if n else "second move"\n\n'
            'gl.widgets.LoopyPlayWidget(putback, 9, label=putback_label)\n'
            'gl.widgets.PlayWidget(game, 9, options=moves)\n')
    assert code.messages(cell) == ['f"put 1 back → {o}"', 'f"take {n - o} → {o}"']


@pytest.mark.parametrize("path", i18n.notebook_paths(), ids=i18n.domain)
def test_every_catalogue_is_as_update_writes_it(path, tmp_path):
    """``python tools/i18n.py update`` would change no catalogue: each holds every message of its
    notebook, code messages included, and merging again rewrites nothing."""
    po = i18n.catalogue_path(path, LANG)
    copy = tmp_path / po.name
    copy.write_bytes(po.read_bytes())
    header = (f"# {LANG} translation of gamelab's notebook {i18n.domain(path)}.\n"
              "# Update with `python tools/i18n.py update`; see CONTRIBUTING.md.")
    i18n.merge(i18n.template(path), copy, LANG, header)
    assert copy.read_text(encoding="utf-8") == po.read_text(encoding="utf-8")
