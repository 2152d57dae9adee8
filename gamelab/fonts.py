"""Text that matplotlib draws, in the language of the moment when a font can draw it.

gamelab's messages go through :mod:`gamelab.i18n`.  Text in HTML and SVG is
drawn by the browser, which finds a font for every script; text in a
matplotlib figure (titles, axis labels, legends, labels on the axes) is
drawn by matplotlib with its own fonts, and its default fonts have no
Chinese characters: a Chinese title would come out as empty boxes, with a
"missing from font" warning.  So such text is marked ``plot_text(...)``:

* in English, :func:`plot_text` returns the message;
* in another language it returns the translation when matplotlib has a font
  for that language's script (:func:`font_for`: a well-known family that is
  actually installed, looked up once), and puts that family first in
  ``rcParams["font.sans-serif"]`` so that the characters are drawn;
* with no such font (a browser-only notebook has none), it returns the
  English message: the figure stays English, and readable.

When the language changes (``gl.set_language``) and matplotlib is already
imported, the language's family is put first at once (English puts the
fonts back), so that text a notebook draws itself in that language — a
title passed to a gamelab drawing or set with ``ax.set_title`` — is drawn
too.

The Chinese families have no MINUS SIGN (U+2212), which matplotlib puts in
the tick labels of negative numbers; while such a family is first,
``rcParams["axes.unicode_minus"]`` is ``False``, so a minus is drawn as the
hyphen-minus of the family and no glyph is missing; a minus sign in a
translated message (:func:`plot_text`) is drawn as a hyphen-minus too.
English puts both settings back.

A message marked for later (``N_("...")``) goes through :func:`plot_text`
where it is drawn, as it would go through ``_`` in HTML.
"""
from __future__ import annotations

import functools
import logging
import sys

from .i18n import follow_language, gettext, language

__all__ = ["plot_text", "font_for", "installed_families", "FAMILIES"]

#: Font families that draw simplified Chinese, best first: the families of
#: Linux distributions, of macOS and of Windows.
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN",
                "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Microsoft YaHei", "SimHei",
                "PingFang SC", "Hiragino Sans GB", "Heiti SC", "STHeiti", "Droid Sans Fallback",
                "Arial Unicode MS")
#: The MINUS SIGN (U+2212), which the Chinese families cannot draw.
MINUS = "\u2212"
#: For each language other than English: the families that can draw its text.
FAMILIES = {"zh_CN": CJK_FAMILIES}

#: What :func:`plot_text` changed in ``rcParams["font.sans-serif"]``: the list it
#: found and the list it left, so that English puts the first back; and the
#: ``axes.unicode_minus`` it found, when it turned that off.
_changed = {"before": None, "after": None, "minus": None}


def installed_families():
    """The names of the font families matplotlib can use (``fontManager.ttflist``).

    A font installed after matplotlib built its font cache is not in that
    list; the font files of the system that matplotlib does not know yet are
    added to it first (once: :func:`font_for` keeps its answer).
    """
    from matplotlib import font_manager  # optional dependency (the course extra): loaded on use

    manager = font_manager.fontManager
    if sys.platform != "emscripten":       # in the browser there are no system fonts to add
        known = {entry.fname for entry in manager.ttflist}
        for path in font_manager.findSystemFonts():
            if path not in known:
                try:
                    manager.addfont(path)
                except (OSError, RuntimeError, ValueError):   # a file FreeType cannot read
                    continue
    return frozenset(entry.name for entry in manager.ttflist)


@functools.lru_cache(maxsize=None)
def font_for(lang):
    """The installed font family that draws the text of ``lang`` (``None``: none is).

    English needs none of :data:`FAMILIES` (``None``).  Looked up once per
    language; ``font_for.cache_clear()`` looks again.
    """
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str, got {type(lang).__name__}")
    families = FAMILIES.get(lang, ())
    if not families:
        return None
    installed = installed_families()
    return next((family for family in families if family in installed), None)


class _OtherWeight(logging.Filter):
    """Drop matplotlib's note that ``family`` is drawn in another weight.

    A font with one weight only (WenQuanYi Zen Hei is "medium") makes
    matplotlib log "Failed to find font weight normal ..." for every new
    text size; the text is drawn all the same, so the note only clutters a
    notebook's output.
    """

    def __init__(self, family):
        super().__init__()
        self.family = family

    def filter(self, record):
        return not (str(record.msg).startswith("findfont: Failed to find font weight")
                    and self.family in map(str, record.args or ()))


_quiet = set()


def _use_family(family):
    """Put ``family`` first in ``rcParams["font.sans-serif"]``, keeping the others."""
    from matplotlib import rcParams  # optional dependency (the course extra): loaded on use

    if family not in _quiet:
        logging.getLogger("matplotlib.font_manager").addFilter(_OtherWeight(family))
        _quiet.add(family)
    if rcParams["axes.unicode_minus"]:     # the family has no U+2212: draw "-" instead
        rcParams["axes.unicode_minus"] = False
        _changed["minus"] = True
    now = list(rcParams["font.sans-serif"])
    if now and now[0] == family:
        return
    rcParams["font.sans-serif"] = [family, *(f for f in now if f != family)]
    _changed["before"], _changed["after"] = now, list(rcParams["font.sans-serif"])


def _restore_family():
    """Undo :func:`_use_family`, unless the list (or the minus) was changed since."""
    if _changed["after"] is None and _changed["minus"] is None:
        return
    from matplotlib import rcParams  # optional dependency (the course extra): loaded on use

    if _changed["minus"] is not None and rcParams["axes.unicode_minus"] is False:
        rcParams["axes.unicode_minus"] = _changed["minus"]
    if _changed["after"] is not None and list(rcParams["font.sans-serif"]) == _changed["after"]:
        rcParams["font.sans-serif"] = _changed["before"]
    _changed["before"] = _changed["after"] = _changed["minus"] = None


def plot_text(message):
    """``message`` as matplotlib should draw it: translated when a font can draw the translation.

    In English: ``message``.  In another language: its translation if
    :func:`font_for` finds a font for the language (that family is then put
    first in ``rcParams["font.sans-serif"]``, and a minus sign of the
    translation becomes the family's hyphen-minus), else ``message`` in English.

    Examples
    --------
    >>> import gamelab as gl
    >>> gl.set_language("en"); plot_text("winning move")
    'winning move'

    Raises
    ------
    TypeError
        Naming ``message``, when it is not a ``str``.
    """
    if not isinstance(message, str):
        raise TypeError(f"message must be a str, got {type(message).__name__}")
    lang = language()
    family = font_for(lang)
    if family is None:
        if lang == "en":
            _restore_family()
        return message
    _use_family(family)
    # the family has no MINUS SIGN (see the module's notes): a translation's minus is
    # drawn as its hyphen-minus, as the tick labels' are
    return gettext(message).replace(MINUS, "-")


def _follow(lang):
    """The fonts for ``lang`` as soon as it is chosen, when matplotlib is in use already."""
    if "matplotlib" not in sys.modules:     # nothing drawn yet: plot_text chooses when it draws
        return
    family = font_for(lang)
    if family is not None:
        _use_family(family)
    elif lang == "en":
        _restore_family()


follow_language(_follow)
