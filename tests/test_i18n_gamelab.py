"""gamelab's own text in Chinese (``gamelab.i18n``, ``tools/i18n_gamelab.py``).

The catalogue: every message marked in gamelab's code has a finished
translation with the same ``{fields}`` and the course's terms (the
glossary of the notebooks' translation), the catalogue holds exactly the
marked messages, and the committed ``.mo`` is what compiling the ``.po``
gives.  The switch: ``set_language`` and its errors, ``GAMELAB_LANGUAGE``.
The effect: widgets, boards and checks built after ``set_language("zh_CN")``
speak Chinese and after ``set_language("en")`` English again; nothing is
translated when a module is imported.
"""
from __future__ import annotations

import gettext
import os
import re
import string
import subprocess
import sys

import pytest

import gamelab as gl
from gamelab import i18n
from gamelab.exercises import check as ck
from gamelab.exercises import guard, runner
from gamelab_testing import ROOT
from gamelab_testing.static_site import load_tool

tool = load_tool("i18n_gamelab_tool", ROOT / "tools" / "i18n_gamelab.py")
notebooks_tool = load_tool("i18n_notebooks_tool", ROOT / "tools" / "i18n.py")
LANG = "zh_CN"
CJK = re.compile(r"[\u4e00-\u9fff]")
CATALOG = tool.read(LANG)
TEMPLATE = tool.template()
MARKED = [m for m in TEMPLATE if m.id]


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test leaves gamelab speaking the language it found (English for the others)."""
    before = gl.language()
    yield
    gl.set_language(before)


def fields(text):
    """The replacement fields of a ``str.format`` template, sorted."""
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def translation(message_id):
    """The catalogue's translation of ``message_id`` (the one form of a plural)."""
    found = CATALOG.get(message_id)
    assert found is not None, f"{message_id!r} is not in the catalogue"
    return found.string[0] if isinstance(found.string, tuple) else found.string


def key(message):
    return message.id if isinstance(message.id, str) else message.id[0]


# -- the catalogue ----------------------------------------------------------------------

def test_there_are_marked_messages_in_every_kind_of_module():
    where = {loc.split("/")[1] for m in MARKED for loc, _ in m.locations}
    assert {"widgets", "display", "exercises"} <= where
    assert len(MARKED) > 200


def unfinished(message, found):
    """What is wrong with ``found``, the catalogue's translation of one marked message
    ([] when it is finished): missing, fuzzy, empty, replacement fields other than the
    English ones, or English words left in it."""
    if found is None:
        return ["missing: run `python tools/i18n_gamelab.py update` and translate"]
    problems = ["a fuzzy translation: revise it and remove the flag"] if found.fuzzy else []
    strings = found.string if isinstance(found.string, tuple) else (found.string,)
    if not (strings and all(strings)):
        problems.append("an empty translation")
    english = message.id if isinstance(message.id, tuple) else (message.id,)
    for text in strings:
        problems += [f"the fields of {text!r} are not those of {source!r}"
                     for source in english if fields(text) != fields(source)]
        words = re.sub(r"<[^>]*>|{[^{}]*}", "", text)
        if not (CJK.search(text) or not re.search(r"[A-Za-z]{3,}", words)):
            problems.append(f"not translated: {text!r}")
    return problems


def test_every_marked_message_has_a_finished_translation():
    """Every marked message, each checked on its own; the failure lists every unfinished one."""
    bad = {key(m): problems for m in MARKED if (problems := unfinished(m, CATALOG.get(m.id)))}
    assert bad == {}


def test_an_unfinished_translation_is_seen():
    """The check above, on made-up translations: each kind of unfinished one is named."""
    from babel.messages.catalog import Message

    good = next(m for m in MARKED if isinstance(m.id, str) and fields(m.id))
    plural = next(m for m in MARKED if isinstance(m.id, tuple))
    assert unfinished(good, CATALOG.get(good.id)) == []
    assert unfinished(plural, CATALOG.get(plural.id)) == []
    assert unfinished(good, None) == [
        "missing: run `python tools/i18n_gamelab.py update` and translate"]
    text = translation(good.id)
    for string, flags, words in [
            ("", (), "an empty translation"),
            (text, ("fuzzy",), "a fuzzy translation"),
            ("没有字段", (), "the fields of '没有字段' are not"),
            (re.sub(r"[\u4e00-\u9fff]+", " words ", text), (), "not translated")]:
        found = unfinished(good, Message(good.id, string, flags=flags))
        assert any(p.startswith(words) for p in found), (string, words, found)
    wrong_plural = Message(plural.id, (translation(plural.id), ""))
    assert unfinished(plural, wrong_plural)[0] == "an empty translation"


def test_the_catalogue_holds_exactly_the_marked_messages():
    live = {m.id for m in CATALOG if m.id}
    assert live == {m.id for m in MARKED}
    assert not CATALOG.obsolete


def test_the_translations_use_the_course_terms():
    terms = notebooks_tool.glossary(LANG)
    bad = []
    for message in MARKED:
        english = re.sub(r"{[^{}]*}", " ", message.id if isinstance(message.id, str)
                         else message.id[1])     # the words, not the fields
        for pattern, required, _ in terms:
            if pattern.search(english) and not required.search(translation(message.id)):
                bad.append(f"{english!r}: {pattern.pattern} is {required.pattern}")
    assert bad == []


def test_the_glossary_check_sees_a_wrong_term():
    terms = notebooks_tool.glossary(LANG)
    pattern, required, _ = next(t for t in terms if t[0].search("a P-position"))
    assert not required.search("必胜态") and required.search("必败态")


def test_the_committed_mo_is_the_compiled_po():
    committed = tool.catalogue_path(LANG, ".mo").read_bytes()
    assert committed == tool.mo_bytes(CATALOG), "run `python tools/i18n_gamelab.py compile`"


def test_the_mo_gives_the_po_translations():
    with open(tool.catalogue_path(LANG, ".mo"), "rb") as f:
        compiled = gettext.GNUTranslations(f)
    for message in MARKED:
        if isinstance(message.id, str):
            assert compiled.gettext(message.id) == translation(message.id)
        else:
            assert compiled.ngettext(*message.id, 2) == translation(message.id)


# -- the switch -------------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["zh_CN", "zh", "zh-CN"])
def test_set_language_accepts_the_spellings_of_chinese(spelling):
    gl.set_language(spelling)
    assert gl.language() == "zh_CN"
    gl.set_language("en")
    assert gl.language() == "en"


@pytest.mark.parametrize("bad", ["fr", "", "chinese", "zh_TW"])
def test_set_language_refuses_other_languages(bad):
    with pytest.raises(ValueError, match=r"lang must be one of en, zh_CN") as err:
        gl.set_language(bad)
    assert repr(bad) in str(err.value)
    assert gl.language() == "en"


def test_set_language_refuses_a_non_string():
    with pytest.raises(TypeError, match="lang must be a str"):
        gl.set_language(None)


def test_english_is_the_source():
    gl.set_language("en")
    assert i18n.gettext("New game") == "New game"
    assert i18n.ngettext("{n} hidden case", "{n} hidden cases", 2) == "{n} hidden cases"


def test_api_exports_the_switch():
    assert {"set_language", "language"} <= set(gl.__all__)
    assert "set_language" in (ROOT / "API.md").read_text(encoding="utf-8")


def run_python(code, language=None):
    env = {k: v for k, v in os.environ.items() if k != i18n.ENVIRONMENT_VARIABLE}
    if language is not None:
        env[i18n.ENVIRONMENT_VARIABLE] = language
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines(), done.stderr


IMPORT_EVERYTHING = ("import gamelab as gl, gamelab.widgets, gamelab.display, "
                     "gamelab.exercises.check, gamelab.exercises.sealed\n")


def test_the_environment_variable_sets_the_start_language_and_nothing_is_frozen_at_import():
    # imported in Chinese, then switched to English: a text translated at import would stay
    # Chinese; and imported in English, then switched to Chinese: it would stay English
    show = ("w = gl.widgets.PlayWidget(gl.Bash(3), 10)\n"
            "print(gl.language(), w.new_game.description, w.hint.description,"
            " gl.widgets.NimExplorer().fallback_text())\n")
    (zh,), _ = run_python(IMPORT_EVERYTHING + show, language="zh-CN")
    (en,), _ = run_python(IMPORT_EVERYTHING + "gl.set_language('zh_CN')\n" + show)
    (back,), _ = run_python(IMPORT_EVERYTHING + "gl.set_language('en')\n" + show, language="zh")
    assert zh == en and zh.startswith("zh_CN ") and CJK.search(zh)
    assert back.startswith("en New game Hint: winning moves Run the notebook")
    assert not CJK.search(back)


def test_an_unknown_environment_language_warns_and_speaks_english():
    (line,), err = run_python("import gamelab as gl; print(gl.language())", language="klingon")
    assert line == "en"
    assert "GAMELAB_LANGUAGE must be one of en, zh_CN" in err and "RuntimeWarning" in err


# -- what a student sees ----------------------------------------------------------------

def test_a_play_widget_speaks_the_language_it_was_built_in():
    gl.set_language("zh_CN")
    w = gl.widgets.PlayWidget(gl.Bash(3), 10)
    assert w.new_game.description == translation("New game")
    assert w.hint.description == translation("Hint: winning moves")
    assert w.hint.tooltip == translation("Colour the moves that win: they leave a P-position")
    assert translation("Your move.") in w.status.value
    w.hint.value = True
    assert translation("wins") in w.legend.value and translation("blue") in w.legend.value
    w.play(8)
    assert translation(gl.widgets.PlayWidget.plans["lose"]) in w.status.value
    gl.set_language("en")
    w2 = gl.widgets.PlayWidget(gl.Bash(3), 10)
    assert w2.new_game.description == "New game"
    assert "Your move." in w2.status.value and not CJK.search(w2.status.value)


def test_an_explorer_built_after_set_language_shows_chinese_labels():
    gl.set_language("zh_CN")
    e = gl.widgets.BashExplorer(m=3, n=9, plot=False)
    assert e.controls["m"].description == translation("most stones per move m")
    assert e.controls["plot"].description == translation("plot the values")
    assert e.result.text.splitlines()[0] == translation(
        "A heap of {n} (take 1..{m}) is an N-position: take {take}, leaving {left}, a "
        "multiple of {period}.").format(n=9, m=3, take=1, left=8, period=4)
    nim = gl.widgets.NimExplorer()
    assert nim.controls["heaps"].sliders[0].description == translation("heap {i}").format(i=1)
    gl.set_language("en")
    assert gl.widgets.BashExplorer(m=3, n=9, plot=False).controls["m"].description == (
        "most stones per move m")


def test_a_board_and_a_table_speak_the_language_of_the_moment():
    gl.set_language("zh_CN")
    zh = gl.display.nim_report((1, 2, 3)).text.splitlines()[-1]
    gl.set_language("en")
    en = gl.display.nim_report((1, 2, 3)).text.splitlines()[-1]
    assert en == "Nim-sum 0: a P-position — every move loses for the player who makes it."
    assert zh == translation(en) and "必败态" in zh



def test_a_game_graph_counts_its_positions_in_the_language_of_the_moment():
    graph = gl.display.game_graph(gl.Bash(2), 4)
    assert repr(graph) == "GameGraph(start=4, 5 positions, 7 moves, 2 P-positions)"
    gl.set_language("zh_CN")
    assert repr(graph) == "GameGraph(start=4, 5 个局面，7 个着法，2 个必败态)"

@pytest.fixture
def square():
    ck.register("i18n-square", kind="function", reference=lambda n: n * n,
                cases=lambda rng: [(rng.randrange(100),) for _ in range(5)], replace=True)
    return "i18n-square"


def test_check_prints_chinese_for_right_wrong_and_unanswered(square, capsys):
    gl.set_language("zh_CN")

    def unanswered(n):
        raise NotImplementedError

    for answer in (lambda n: n * n, lambda n: n + n, unanswered, ...):
        ck.check(square, answer)
    right, wrong, blank, dots = capsys.readouterr().out.splitlines()
    cases = translation(("{n} generated case", "{n} generated cases")).format(n=5)
    assert right == translation("✓ {id}: {report}.").format(
        id=square, report=translation("right on {cases}").format(cases=cases))
    (first,) = ck.exercise(square).all_cases()[0]      # n + n is wrong on the first case
    where = translation("case {k} of {n} (arguments: {arguments})").format(
        k=1, n=5, arguments=first)
    assert wrong == translation("✗ {id}: {report}.").format(
        id=square, report=translation("wrong on {where}: your function returned {value}").format(
            where=where, value=first + first))
    assert blank == dots == translation("✗ {id}: not answered yet.").format(id=square)
    assert all(CJK.search(line) for line in (right, wrong, blank))
    gl.set_language("en")
    ck.check(square, ...)
    assert capsys.readouterr().out == f"✗ {square}: not answered yet.\n"


def test_the_report_is_the_same_in_both_languages_but_for_the_words(square):
    reports = {}
    for lang in ("en", "zh_CN"):
        gl.set_language(lang)
        reports[lang] = ck.verify(square, lambda n: n + 1)
    assert reports["en"][0] is reports["zh_CN"][0] is False
    assert re.findall(r"\d+", reports["en"][1]) == re.findall(r"\d+", reports["zh_CN"][1])


def test_a_bash_play_widget_logs_and_offers_its_moves_in_chinese():
    gl.set_language("zh_CN")
    w = gl.widgets.PlayWidget(gl.Bash(3), 10)
    w.play(8)
    (_mine, reply), now = w.history, w.position
    you = translation("{who}: {move}").format(
        who=translation("you"), move=translation("take {count}").format(count=2))
    gamelab = translation("{who}: {move}").format(
        who="gamelab", move=translation("take {count}").format(count=reply[0] - reply[1]))
    assert f"<div>{you}</div><div>{gamelab}</div>" in w.status.value
    assert [b.description for b in w.moves_box.children] == [
        translation("take {count}").format(count=now - o) for o in w.legal_moves()]
    gl.set_language("en")
    w.update()            # redrawn: the moves in English (the plan note stays as it was said)
    assert "<div>you: take 2</div>" in w.status.value and you not in w.status.value
    assert [b.description for b in w.moves_box.children] == [
        f"take {now - o}" for o in w.legal_moves()]


@pytest.mark.parametrize("game, position, words", [
    (gl.Nim(), (1, 2), lambda p, o: translation("take {count} from heap {i}").format(
        count=max(a - b for a, b in zip(p, o)), i=1 + [a != b for a, b in zip(p, o)].index(True))),
    (gl.StaircaseNim(), (0, 1, 2), lambda p, o: translation(
        ("move {count} coin from step {step} to {where}",
         "move {count} coins from step {step} to {where}")).format(
        count=max(a - b for a, b in zip(p, o)),
        step=1 + [b < a for a, b in zip(p, o)].index(True),
        where=translation("step {i}").format(i=[b < a for a, b in zip(p, o)].index(True)))),
], ids=["nim", "staircase"])
def test_the_move_buttons_of_other_games_speak_chinese(game, position, words):
    gl.set_language("zh_CN")
    w = gl.widgets.PlayWidget(game, position)
    labels = [b.description for b in w.moves_box.children]
    assert labels == [words(position, o) for o in w.legal_moves()]
    assert all(CJK.search(label) for label in labels)



def test_a_sum_names_its_games_in_chinese_on_the_board_and_the_move_buttons():
    game = gl.Sum(gl.Nim(), gl.Bash(3))
    position = ((1, 2), 4)
    english = [game.move_label(position, o) for o in game.options(position)]
    gl.set_language("zh_CN")
    labels = [b.description for b in gl.widgets.PlayWidget(game, position).moves_box.children]
    assert len(labels) == len(english) and all(CJK.search(label) for label in labels)
    for label, words in zip(labels, english):
        i, move = re.fullmatch(r"game (\d+): (.*)", words).groups()
        assert label.startswith(translation("game {i}: {move}").split("{move}")[0].format(i=i))
    rows = game.board(position).rows
    assert [row[0] for row in rows] == [
        f"{translation('game {i}').format(i=i)} · {g.name}"
        for i, (g, _) in enumerate(game.components(position), 1)]


def test_the_coin_table_names_its_rule_in_chinese():
    gl.set_language("zh_CN")
    title = gl.display.coin_table("one_or_two", "THTH").text.splitlines()[0]
    rule = gl.games.coins.RULES["one_or_two"]
    assert rule == "turn one coin, or two coins (Turning Turtles)"     # the English stays
    assert title == translation("rule {rule}: {text}").format(rule="one_or_two",
                                                             text=translation(rule))
    gl.set_language("en")
    assert gl.display.coin_table("one_or_two", "THTH").text.splitlines()[0] == (
        f"rule one_or_two: {rule}")


@pytest.mark.parametrize("source, english", [
    ("raise SystemExit(3)", "the program exited with status 3"),
    ("1 / 0", "the program failed: ZeroDivisionError: division by zero"),
])
def test_a_program_failure_is_reported_in_the_language_of_the_moment(source, english):
    gl.set_language("zh_CN")
    zh = runner.run_source(source, "").failure
    gl.set_language("en")
    assert runner.run_source(source, "").failure == english
    status = translation("the program exited with status {status}").format(status=3)
    failed = translation("the program failed: {error}").format(
        error="ZeroDivisionError: division by zero")
    assert zh == (status if "SystemExit" in source else failed) and CJK.search(zh)


def test_a_raising_answer_is_reported_in_chinese_with_the_python_error_as_it_is():
    def answer(n):
        return 1 // n

    gl.set_language("zh_CN")
    with pytest.raises(guard.Failed) as zh:
        guard.call_answer(answer, (0,))
    gl.set_language("en")
    with pytest.raises(guard.Failed) as en:
        guard.call_answer(answer, (0,))
    error = "ZeroDivisionError: integer division or modulo by zero"
    assert en.value.args[0].startswith(f"raised {error} (line ")
    assert zh.value.args[0].startswith(translation("raised {error}").format(error=error))
    assert CJK.search(zh.value.args[0].removeprefix(translation("raised {error}").format(
        error=error)))                    # where it was raised: in Chinese too


def test_a_wrong_value_gets_its_hint_in_chinese():
    hint = ck.exercise("ex-00-1").hint
    assert hint == "a heap is P when every move from it leads to an N-position"
    gl.set_language("zh_CN")
    ok, report = ck.verify("ex-00-1", [-1])
    assert not ok and translation(hint) in report and "必胜态" in report
    gl.set_language("en")
    assert ck.verify("ex-00-1", [-1])[1].endswith(f"— hint: {hint}.")


def test_a_word_is_its_english_text_and_shows_its_translation():
    """i18n.Word: data that compares in English and reads in the language of the moment."""
    import pickle

    name = i18n.Word("{game}, misère by its quotient", game="DawsonsKayles()")
    assert name == "DawsonsKayles(), misère by its quotient" and isinstance(name, str)
    gl.set_language("zh_CN")
    assert str(name) == f"{name}" == "DawsonsKayles()，反常规则下按其反常商走"
    assert repr(name) == repr(str(name)) and str(i18n.Word("you")) == "你"
    again = pickle.loads(pickle.dumps(name))
    assert again == name and str(again) == str(name)
    gl.set_language("en")
    assert str(again) == "DawsonsKayles(), misère by its quotient"
    with pytest.raises(TypeError, match="message"):
        i18n.Word(3)


def test_the_game_a_misere_quotient_plays_is_named_in_the_language_of_the_moment():
    game = gl.misere_quotient(gl.DawsonsKayles(), 12).play_game()
    assert game.name == "DawsonsKayles(), misère by its quotient"
    gl.set_language("zh_CN")
    assert f"{game.name}" == "DawsonsKayles()，反常规则下按其反常商走"


def test_a_follower_hears_every_change_of_language():
    heard = []
    i18n.follow_language(heard.append)
    i18n.follow_language(heard.append)          # once only
    try:
        gl.set_language("zh")
        gl.set_language("en")
        assert heard == ["zh_CN", "en"]
    finally:
        i18n._followers.remove(heard.append)
    with pytest.raises(TypeError, match="callback"):
        i18n.follow_language("fonts")
