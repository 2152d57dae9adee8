"""The page's words in the reader's language, for specs written in English.

The browser specs (``test_lectures.SPECS``) name what a reader sees in English: a
slider's description, a toggle's text, a drop-down's option, a play widget's
buttons.  On the Chinese live site the same widgets speak Chinese, so a test there
says each English word as the page does (:meth:`Speech.say`) and hears each word the
page shows back in English (:meth:`Speech.hear`), through the catalogues that
translated them: gamelab's own (``gamelab/locale``) and the lecture's code messages
(``locales/<lang>/LC_MESSAGES/<lecture>.po``).  A message with fields
(``"heap {i}"``) is matched as a pattern, its fields said or heard in turn; a word no
catalogue holds (a number, a position) is the same in both.

>>> speech = Speech("zh_CN")
>>> speech.say("heap size n"), speech.hear(speech.say("heap 3"))
('堆大小 n', 'heap 3')
>>> Speech("en").say("heap 3")
'heap 3'
"""
from __future__ import annotations

import ast
import contextlib
import functools
import pathlib
import re

from babel.messages.pofile import read_po

import gamelab as gl

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMELAB_CATALOGUE = ROOT / "gamelab" / "locale" / "{lang}" / "LC_MESSAGES" / "gamelab.po"
LECTURE_CATALOGUE = ROOT / "locales" / "{lang}" / "LC_MESSAGES" / "{lecture}.po"

#: Text in Chinese script (already in the page's language).
NATIVE = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
#: A field of a message: ``{name}``, ``{name!r}``, ``{name:+d}``.
FIELD = re.compile(r"\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")


def _pattern(template):
    """A regular expression matching ``template``'s text with any fields filled in, and
    the template with plain fields (``str.format`` of the matched strings)."""
    parts, seen, last = [], set(), 0
    for m in FIELD.finditer(template):
        parts.append(re.escape(template[last:m.start()]))
        name = m.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = m.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.S), FIELD.sub(r"{\1}", template)


def _code_text(msgid):
    """The text a code message (a literal's source) shows, or None if not a plain one."""
    source = msgid.strip()
    if source[:1] in "fF" and source[1:2] in "\"'":
        return source[1:]
    try:
        text = ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return None
    return text if isinstance(text, str) else None


@functools.lru_cache(maxsize=None)
def _pairs(lang, lecture):
    """``(English, translation)`` of every translated message of the two catalogues."""
    out = []
    paths = [(GAMELAB_CATALOGUE, False)]
    if lecture:
        paths.append((LECTURE_CATALOGUE, True))
    for template, code in paths:
        path = pathlib.Path(str(template).format(lang=lang, lecture=lecture))
        if not path.exists():
            continue
        with open(path, "rb") as f:
            catalogue = read_po(f, locale=lang)
        for message in catalogue:
            if not message.id or not message.string or message.fuzzy:
                continue
            english, translated = message.id, message.string
            if isinstance(english, tuple):
                english, translated = english[0], translated[0]
            if code:
                english, translated = _code_text(english), _code_text(translated)
                if english is None or translated is None:
                    continue
                if english.startswith(("'", '"')):   # an f-string: its text between quotes
                    english, translated = english[1:-1], translated[1:-1]
            out.append((english, translated))
    return tuple(out)


class Speech:
    """English words said and heard in ``lang`` (English: unchanged)."""

    def __init__(self, lang="en", lecture=None):
        self.lang = lang
        self._say, self._hear = {}, {}
        patterns_say, patterns_hear = [], []
        if lang != "en":
            # Chinese has one word where English has two (heap, heaps): the shorter
            # English is heard (a slider's "heap 3", not "heaps 3")
            for english, translated in sorted(_pairs(lang, lecture), key=lambda p: len(p[0])):
                if FIELD.search(english):
                    if not re.search(r"[A-Za-z]{2}", FIELD.sub("", english)):
                        continue    # only fields ("{count} {noun}"): it would match any text
                    patterns_say.append((_pattern(english), FIELD.sub(r"{\1}", translated)))
                    patterns_hear.append((_pattern(translated), FIELD.sub(r"{\1}", english)))
                else:
                    self._say.setdefault(english, translated)
                    self._hear.setdefault(translated, english)
        # the most specific first: the longest text outside the fields
        key = lambda item: (-len(FIELD.sub("", item[0][1])), len(item[1]))
        self._patterns_say = sorted(patterns_say, key=key)
        self._patterns_hear = sorted(patterns_hear, key=key)

    @staticmethod
    def _turn(text, words, patterns, again):
        if text in words:
            return words[text]
        for (regex, _plain), target in patterns:
            m = regex.fullmatch(text)
            if m:
                return target.format(**{k: again(v) for k, v in m.groupdict().items()})
        return text

    def say(self, text):
        """``text`` (English) as the page shows it (a text in the page's script already,
        such as one gamelab made while :meth:`speaking`, is left as it is)."""
        if self.lang == "en" or not isinstance(text, str) or NATIVE.search(text):
            return text
        return self._turn(text, self._say, self._patterns_say, self.say)

    def hear(self, text):
        """``text`` shown by the page, in English."""
        if self.lang == "en" or not isinstance(text, str):
            return text
        return self._turn(text, self._hear, self._patterns_hear, self.hear)

    def prefix(self, message):
        """What the page shows before the first field of the message ``message``."""
        template = message if self.lang == "en" else self.say_template(message)
        return template[:FIELD.search(template).start()]

    def say_template(self, message):
        """The translation of the message ``message`` itself (its fields unfilled)."""
        for english, translated in _pairs(self.lang, None):
            if english == message:
                return translated
        return message

    def shown(self, message):
        """A regular expression for the message ``message`` (English) as the page shows
        it: in the page's language, its HTML tags left out, any text in its fields."""
        template = message if self.lang == "en" else self.say_template(message)
        return _pattern(re.sub(r"<[^>]+>", "", template))[0]

    def controls(self, shown):
        """``shown`` (``{label: value}`` as the page shows them) looked up by English
        labels: :class:`Controls`."""
        return Controls(shown, self)

    @contextlib.contextmanager
    def speaking(self):
        """gamelab speaks ``lang`` inside (what the page's gamelab says, computed here)."""
        before = gl.language()
        gl.set_language(self.lang)
        try:
            yield
        finally:
            gl.set_language(before)


class Controls(dict):
    """A page's ``{label: value}``, looked up by the English label (said in the page's
    language): hearing the label instead would be ambiguous where one Chinese word
    stands for two English ones ("rows" and "row")."""

    def __init__(self, shown, speech):
        super().__init__(shown)
        self.speech = speech

    def __getitem__(self, key):
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return dict.__getitem__(self, self.speech.say(key))

    def __contains__(self, key):
        return dict.__contains__(self, key) or dict.__contains__(self, self.speech.say(key))

    def get(self, key, default=None):
        return self[key] if key in self else default
