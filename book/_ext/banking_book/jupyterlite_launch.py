"""banking_book: "Try it in JupyterLite" on each game chapter.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers). On the pages
named in :data:`NOTEBOOKS` it

* adds a launch menu (the rocket of sphinx-book-theme's header buttons) with
  one link, **Try it in JupyterLite**, that opens the game's notebook in the
  JupyterLite the site serves itself (``_static/lite/``, built by
  scripts/lite_site.py from book/_lite/<game>.py); the link is relative, so
  it works from any host and under any sub-path such as ``/book/``. An
  edition's link opens its own entry, ``notebooks-<lang>/``, where JupyterLite's
  menus and dialogs are in the edition's language, and its translated notebook,
  ``<lang>/<game>.ipynb`` (:func:`entry`);
* adds, after the page's Deal live box (*Deal it yourself*; book/_ext/banking_book/live_tables.py), one
  sentence telling the reader what JupyterLite is, with the same link, and that edits made
  there stay in this browser and how to get the book's original notebook back (:data:`SAVED`).

The build warns (an error under ``-W``) when scripts/lite_site.py has not
built JupyterLite into book/_vendor/lite/, or a notebook or the edition's entry is missing.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from docutils import nodes
from sphinx.util import logging

from banking_games import registry

from .texts import N_, text

logger = logging.getLogger(__name__)

NOTEBOOKS = {g.slug: g.notebook for g in registry.GAMES}
"""Page (docname) -> notebook in JupyterLite's files (book/_lite/<name>.py)."""

APP = "lite/notebooks/index.html"
"""The English edition's entry: JupyterLite's Notebook app, in JupyterLab's default language."""


def entry(edition: str) -> str:
    """The JupyterLite page (under ``_static/``) that the edition ``edition`` (``"en"``,
    ``"de"``, ``"ru"``) opens: :data:`APP` for English, ``lite/notebooks-<edition>/index.html``
    for another, whose default language is the edition's (scripts/lite_site.py
    ``edition_entries``)."""
    return APP if edition == "en" else APP.replace("/notebooks/", f"/notebooks-{edition}/")

LABEL = N_("Try it in JupyterLite")
TOOLTIP = N_("Open this game's notebook in JupyterLite: Jupyter running inside your browser "
             "from this site's own files, with no server; once loaded it works offline.")
LAUNCH = N_("Launch interactive content")
"""The launch menu's tooltip (sphinx-book-theme's rocket)."""
SENTENCE = N_("Prefer a notebook? {link}: Jupyter running inside your browser from this site's own files, "
              "with no server and, once loaded, no network. Its notebook has this table and the sympy "
              "derivation of each bet's expected value, for you to change and run again.")
"""The sentence after the Deal live box; ``{link}`` is the link :data:`LABEL` (:func:`sentence`)."""
LINK = '<a class="bg-lite-link" href="{url}" target="_blank" rel="noopener">{label}</a>'
SAVED = N_("Your changes there are saved in this browser only (on a shared computer, the next person "
           "using the same browser account sees them); to get the book's original notebook back, "
           "delete the notebook in JupyterLite's file list (right-click it, Delete).")
"""What JupyterLite does with a reader's edits (browser storage) and how to undo them: said in
the launch sentence and at the top of each notebook (book/_lite/<game>.py)."""


def sentence(lang, url: str) -> str:
    """The launch sentence's HTML (:data:`SENTENCE` and :data:`SAVED`) in the language
    ``lang`` (a code or the Sphinx application; texts.py), its link to ``url``."""
    link = LINK.format(url=html.escape(url), label=html.escape(text(lang, LABEL), quote=False))
    return (text(lang, SENTENCE).replace("{link}", link) + " " + text(lang, SAVED))


def _url(app, docname: str) -> str:
    rel = app.builder.get_target_uri(docname)
    depth = rel.count("/")
    # an edition's notebook is in files/<lang>/, its entry notebooks-<lang>/ (scripts/lite_site.py)
    edition = getattr(app.config, "bg_edition", "en")
    folder = "" if edition == "en" else f"{edition}/"
    return "../" * depth + f"_static/{entry(edition)}?path={folder}{NOTEBOOKS[docname]}"


def _check(app) -> None:
    if app.builder.format != "html":
        return
    for d in app.config.html_static_path:
        base = Path(app.confdir) / d / "lite"
        if (base / "notebooks" / "index.html").is_file():
            listing = base / "api" / "contents" / "all.json"
            have = {c["name"] for c in json.loads(listing.read_text())["content"]} if listing.is_file() else set()
            for nb in NOTEBOOKS.values():
                if nb not in have:
                    logger.warning("jupyterlite_launch: %s is not in JupyterLite's files; "
                                   "run scripts/build.sh (scripts/lite_site.py)", nb)
            page = entry(getattr(app.config, "bg_edition", "en"))
            if not (base.parent / page).is_file():
                logger.warning("jupyterlite_launch: JupyterLite has no %s for this edition; "
                               "run scripts/build.sh (scripts/lite_site.py)", page)
            return
    logger.warning("jupyterlite_launch: JupyterLite is missing from _static/lite; "
                   "run scripts/build.sh (scripts/lite_site.py)")


def _doctree(app, doctree, docname) -> None:
    if docname not in NOTEBOOKS or app.builder.format != "html":
        return
    for raw in list(doctree.findall(nodes.raw)):
        if 'class="bg-live"' in raw.astext():
            note = nodes.raw("", f'<p class="bg-lite-note">{sentence(app, _url(app, docname))}</p>',
                             format="html")
            raw.parent.insert(raw.parent.index(raw) + 1, note)
            return
    logger.warning("jupyterlite_launch: %s has no Deal live box (a code cell marked live-table); "
                   "the JupyterLite sentence is not shown",
                   docname, location=docname)


def _page(app, pagename, templatename, context, doctree) -> None:
    if pagename not in NOTEBOOKS or "header_buttons" not in context:
        return
    context["header_buttons"].insert(0, {
        "type": "group",
        "tooltip": text(app, LAUNCH),
        "icon": "fas fa-rocket",
        "label": "launch-buttons",
        "buttons": [{
            "type": "link",
            "text": text(app, LABEL),
            "tooltip": text(app, TOOLTIP),
            "icon": "fas fa-flask",
            "label": "jupyterlite-button",
            "url": _url(app, pagename),
        }],
    })


def setup(app):
    app.connect("builder-inited", _check)
    app.connect("doctree-resolved", _doctree)
    # after sphinx-book-theme's own header buttons (priority 501)
    app.connect("html-page-context", _page, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
