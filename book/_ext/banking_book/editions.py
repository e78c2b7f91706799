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

Every page gets, in the article header, a ``<nav>`` with one link per edition,
the current one marked ``aria-current="page"``, each link leading to *the same
page* in that edition by a relative address (so it works offline, from the
release zip and under any sub-path), and one ``<link rel="alternate"
hreflang>`` per edition in the head. Names of the languages are written in
their own language (Deutsch, English, Русский), as switchers do.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

HERE = Path(__file__).resolve().parent

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
    context["bg_editions"] = links
    context["bg_editions_label"] = LABELS.get(current, "Language")
    alternates = "".join(
        f'<link rel="alternate" hreflang="{link["code"]}" href="{link["href"]}" />\n' for link in links)
    context["metatags"] = context.get("metatags", "") + alternates


def _templates(app: Sphinx, config) -> None:
    config.templates_path.append(str(HERE / "templates"))
    if len(config.bg_editions) > 1:
        options = config.html_theme_options
        end = options.get("article_header_end") or ["article-header-buttons.html"]
        if isinstance(end, str):
            end = [end]
        options["article_header_end"] = ["bg-editions.html", *[e for e in end if e != "bg-editions.html"]]


def setup(app: Sphinx) -> dict:
    app.add_config_value("bg_edition", "en", "html")
    app.add_config_value("bg_editions", ["en"], "html")
    app.connect("config-inited", _templates)
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
