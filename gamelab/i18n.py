"""The language of gamelab's own text: widget labels, board captions, verdicts, checks.

gamelab speaks English unless told otherwise.  Its text goes through
Python's :mod:`gettext` with the domain ``gamelab``; the catalogues are
``gamelab/locale/<lang>/LC_MESSAGES/gamelab.po`` and the compiled
``gamelab.mo`` beside each (``python tools/i18n_gamelab.py update`` and
``compile`` keep them).  The language is chosen with :func:`set_language`,
or at start-up by the environment variable ``GAMELAB_LANGUAGE`` (an unknown
language there: English, with a warning)::

    >>> import gamelab as gl
    >>> gl.set_language("zh_CN"); gl.language()
    'zh_CN'
    >>> gl.set_language("en"); gl.language()
    'en'

Text is translated when it is shown, never when a module is imported: a
widget built after ``set_language("zh_CN")`` speaks Chinese, and a check
prints its verdict in the language of the moment.  In gamelab's modules a
message is marked as ``_("...")`` (``from ..i18n import gettext as _``),
a message kept for later as ``N_("...")`` (:func:`gettext_noop`), and a
message with a count as ``ngettext(singular, plural, n)``.  Error messages
(``TypeError``, ``ValueError``) stay English.
"""
from __future__ import annotations

import gettext as _gettext_module
import os
import pathlib
import warnings

__all__ = ["set_language", "language", "gettext", "gettext_noop", "ngettext", "Word",
           "follow_language", "LANGUAGES",
           "DOMAIN", "LOCALE_DIR", "ENVIRONMENT_VARIABLE"]

#: The gettext domain of gamelab's messages.
DOMAIN = "gamelab"
#: Where the catalogues live: ``LOCALE_DIR / lang / "LC_MESSAGES" / "gamelab.mo"``.
LOCALE_DIR = pathlib.Path(__file__).resolve().parent / "locale"
#: The languages gamelab speaks (English is the source).
LANGUAGES = ("en", "zh_CN")
#: The environment variable that sets the language gamelab starts in.
ENVIRONMENT_VARIABLE = "GAMELAB_LANGUAGE"
#: Other spellings accepted by :func:`set_language`.
ALIASES = {"zh": "zh_CN", "zh-CN": "zh_CN", "zh_cn": "zh_CN", "zh-cn": "zh_CN",
           "en_US": "en", "en-US": "en", "en_GB": "en", "en-GB": "en"}

_state = {"language": "en", "translations": _gettext_module.NullTranslations()}


def _short(text):
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def _normalised(lang, name):
    if not isinstance(lang, str):
        raise TypeError(f"{name} must be a str (one of {', '.join(LANGUAGES)}), "
                        f"got {type(lang).__name__}")
    # matched without regard to case, "-" and "_" alike: "EN", "zh-cn", "ZH_CN"
    key = lang.strip().replace("-", "_").casefold()
    spellings = {c.casefold(): c for c in LANGUAGES}
    spellings.update({a.replace("-", "_").casefold(): c for a, c in ALIASES.items()})
    code = spellings.get(key)
    if code not in LANGUAGES:
        raise ValueError(f"{name} must be one of {', '.join(LANGUAGES)} (or zh, zh-CN), "
                         f"got {_short(lang)}")
    return code


def _load(code):
    if code == "en":
        return _gettext_module.NullTranslations()
    with open(LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        return _gettext_module.GNUTranslations(f)


def set_language(lang):
    """Make gamelab speak ``lang``: ``"en"`` or ``"zh_CN"`` (also ``"zh"``, ``"zh-CN"``).

    What is shown from then on — widgets built, boards redrawn, checks run —
    is in that language; what was shown before stays as it was.

    Raises
    ------
    TypeError, ValueError
        Naming ``lang``, when it is not one of :data:`LANGUAGES`.
    """
    code = _normalised(lang, "lang")
    _state["translations"] = _load(code)
    _state["language"] = code
    for follow in _followers:
        follow(code)


#: What :func:`set_language` tells of a new language (:func:`follow_language`).
_followers = []


def follow_language(callback):
    """Call ``callback(lang)`` whenever :func:`set_language` switches the language.

    :mod:`gamelab.fonts` uses it to give matplotlib a font for the language's
    script at once, so that every figure drawn from then on (gamelab's and a
    notebook's own) can draw its text.

    Raises
    ------
    TypeError
        Naming ``callback``, when it is not callable.
    """
    if not callable(callback):
        raise TypeError(f"callback must be callable, got {type(callback).__name__}")
    if callback not in _followers:
        _followers.append(callback)


def language():
    """The language gamelab speaks now: ``"en"`` or ``"zh_CN"``."""
    return _state["language"]


def gettext(message):
    """``message`` in the current language (itself when there is no translation)."""
    return _state["translations"].gettext(message)


def gettext_noop(message):
    """``message`` unchanged: marks a text to be translated later, where it is shown."""
    return message


def ngettext(singular, plural, n):
    """The form of a message for the count ``n``, in the current language."""
    return _state["translations"].ngettext(singular, plural, n)


#: The conventional short name of :func:`gettext`.
_ = gettext


class Word(str):
    """A text a result holds as data and a reader sees: who moved, who won, a game's name.

    It *is* the English text, so code compares it as such (a play widget's
    ``winner == "you"`` in every language), and it is *shown* in the
    language of the moment: printed, formatted or in a ``repr`` it is the
    translation of its message (marked where it is made, ``Word(N_("you"))``),
    with its ``fields`` filled in as :meth:`str.format` does::

        >>> you = Word("you")
        >>> print(you, you == "you", f"[{you:>5}]", [you])
        you True [  you] ['you']
        >>> set_language("zh_CN"); print(you, you == "you", f"[{you:>3}]", [you])
        你 True [  你] ['你']
        >>> set_language("en")
    """

    def __new__(cls, message, **fields):
        if not isinstance(message, str):
            raise TypeError(f"message must be a str, got {type(message).__name__}")
        self = super().__new__(cls, message.format(**fields) if fields else message)
        self.message, self.fields = str(message), fields
        return self

    def __reduce__(self):
        return _word, (self.message, self.fields)

    def __str__(self):
        text = gettext(self.message)
        return text.format(**self.fields) if self.fields else text

    def __format__(self, spec):
        return format(str(self), spec)

    def __repr__(self):
        return repr(str(self))


def _word(message, fields):
    """The :class:`Word` of ``message`` and ``fields`` (how a pickled one is made again)."""
    return Word(message, **fields)


def _start_language():
    """The language of ``GAMELAB_LANGUAGE`` (English, with a warning, for one not known)."""
    start = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
    if not start:
        return
    try:
        set_language(_normalised(start, ENVIRONMENT_VARIABLE))
    except ValueError as err:
        warnings.warn(f"{err}; gamelab speaks English", RuntimeWarning, stacklevel=2)


_start_language()
