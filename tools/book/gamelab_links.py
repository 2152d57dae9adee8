"""Sphinx extension: the links every page of the book carries at its top.

* **Run this lecture live.**  Each page named in ``gamelab_live_pages`` gets,
  right after its title, a link to the same notebook in the book's live site
  (``live/lab/index.html?path=<page>.ipynb``: JupyterLab in the browser,
  Python running in the page), its text ``gamelab_live_text`` (HTML), or the
  page's own in ``gamelab_live_texts`` (``{page: text}``: the course map is
  not a lecture).
* **The other language.**  With ``gamelab_switch`` set (``{"href": root of the
  other language's book, relative to this one, "label": its name, "here":
  this book's language name, "lang": the other's language tag}``), every page
  starts with a small "English / 中文" switch linking to the same page of the
  other book.

Both are added to the rendered body only: they are not part of the page's
text for the search (see ``gamelab_search.SKIPPED_CLASSES``).
"""
from __future__ import annotations

import html
import posixpath

LIVE_CLASS = "gamelab-live-link"
SWITCH_CLASS = "gamelab-lang-switch"
#: Where a lecture opens in the live site, relative to the book's root.
LIVE_PATH = "live/lab/index.html?path={page}.ipynb"


def live_href(page, depth=0):
    """The live site's address of notebook ``page`` from a page ``depth`` folders down.

    >>> live_href("05_wythoff")
    'live/lab/index.html?path=05_wythoff.ipynb'
    """
    return "../" * depth + LIVE_PATH.format(page=page)


def live_link(page, text, depth=0):
    """The "Run this lecture live" paragraph of ``page`` (``text`` is HTML)."""
    return (f'<p class="{LIVE_CLASS}"><a href="{html.escape(live_href(page, depth))}">'
            f"{text}</a></p>")


def switch_html(pagename, switch):
    """The language switch of ``pagename``: this language, then a link to the other's page."""
    depth = pagename.count("/")
    href = "../" * depth + posixpath.join(switch["href"], f"{pagename}.html")
    return (f'<nav class="{SWITCH_CLASS}" aria-label="language"><span aria-current="page">'
            f'{html.escape(switch["here"])}</span> / <a href="{html.escape(href)}" '
            f'hreflang="{html.escape(switch["lang"])}" lang="{html.escape(switch["lang"])}">'
            f'{html.escape(switch["label"])}</a></nav>')


def _after_title(body, piece):
    end = body.find("</h1>")
    if end < 0:
        return piece + body
    end += len("</h1>")
    return body[:end] + piece + body[end:]


def add_links(app, pagename, templatename, context, doctree):
    if doctree is None or not context.get("body"):
        return
    body = context["body"]
    config = app.config
    if pagename in config.gamelab_live_pages:
        text = config.gamelab_live_texts.get(pagename, config.gamelab_live_text)
        body = _after_title(body, live_link(pagename, text, depth=pagename.count("/")))
    if config.gamelab_switch:
        body = switch_html(pagename, config.gamelab_switch) + body
    context["body"] = body


def setup(app):
    app.add_config_value("gamelab_live_pages", [], "html")
    app.add_config_value("gamelab_live_text", "Run this lecture live", "html")
    app.add_config_value("gamelab_live_texts", {}, "html")
    app.add_config_value("gamelab_switch", {}, "html")
    # Before gamelab_search reads the body for the search excerpts (priority 500).
    app.connect("html-page-context", add_links, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
