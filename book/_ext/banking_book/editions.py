"""The book's editions: a language switcher on every page, ``hreflang`` links, shared assets.

The English edition is the site's root; each other edition is a copy of the site
in a folder named by its language code (``de/``, ``ru/``), built from the
generated pages (scripts/editions.py, scripts/build_editions.py). Config values
(set in the generated ``_config.yml`` of an edition; the English build keeps the
defaults):

``bg_edition``
    this build's language code (``"en"`` for the English site at the root).
``bg_editions``
    the codes of every edition that is shipped, English first. Only these are
    linked, so a switcher never leads to a missing page.

Every page gets, at the top of its article (above the title, where it fits on a
phone; the theme's header row has no room for it at 390 px), a ``<nav>`` with one
link per edition,
the current one marked ``aria-current="page"``, each link leading to *the same
page* in that edition by a relative address (so it works offline, from the
release zip and under any sub-path), and one ``<link rel="alternate"
hreflang>`` per edition in the head. Names of the languages are written in
their own language (Deutsch, English, Русский), as switchers do.
"""

from __future__ import annotations

import html

from sphinx.application import Sphinx

# each language's name in that language (what a reader looks for)
NAMES = {"en": "English", "de": "Deutsch", "ru": "Русский"}
# the switcher's accessible name, in the page's language
LABELS = {"en": "Language", "de": "Sprache", "ru": "Язык"}


def edition_root(current: str, target: str) -> str:
    """The relative address from a page of edition ``current`` to the folder of edition
    ``target`` (pages are flat: every page sits at its edition's top level)."""
    if current == target:
        return ""
    up = "" if current == "en" else "../"
    return up if target == "en" else f"{up}{target}/"


def switcher(links: list[dict], label: str) -> str:
    """The switcher's HTML: a ``<nav>`` named ``label`` with one link per edition."""
    items = []
    for link in links:
        current = ' aria-current="page"' if link["current"] else ""
        items.append(f'<a class="bg-edition{" current" if link["current"] else ""}" href="{link["href"]}" '
                     f'lang="{link["code"]}" hreflang="{link["code"]}"{current}>{html.escape(link["name"])}</a>')
    return f'<nav class="bg-editions" aria-label="{html.escape(label)}">{"".join(items)}</nav>\n'


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    current = app.config.bg_edition
    editions = list(app.config.bg_editions)
    if len(editions) < 2 or current not in editions:
        return
    target = pagename + ".html"
    links = []
    for code in editions:
        links.append({"code": code, "name": NAMES.get(code, code),
                      "href": edition_root(current, code) + target, "current": code == current})
    if "body" in context:        # every page but the generated index and search pages
        context["body"] = switcher(links, LABELS.get(current, "Language")) + context["body"]
    alternates = "".join(
        f'<link rel="alternate" hreflang="{link["code"]}" href="{link["href"]}" />\n' for link in links)
    context["metatags"] = context.get("metatags", "") + alternates


def setup(app: Sphinx) -> dict:
    app.add_config_value("bg_edition", "en", "html")
    app.add_config_value("bg_editions", ["en"], "html")
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
