"""Local Sphinx extension: keep every page of the book working offline.

Loaded from book/_config.yml (``sphinx.local_extensions``). It

* sets ``window.FontAwesomeConfig`` before the theme's Font Awesome script
  runs, so Font Awesome neither swaps the ``<i>`` icons inside ipywidgets
  for SVGs nor watches the DOM (the swap makes the Play widget throw);
* removes sphinx-thebe's scripts: the book has no "live code" button, and
  Jupyter Book adds thebe's inline script twice, which logs a console
  error ("Identifier 'THEBE_JS_URL' has already been declared") on every page;
* warns (an error under ``-W``) when the vendored JavaScript that
  ``nb_ipywidgets_js`` and ``mathjax_path`` point at is missing, instead of
  building pages that silently lack math and widgets.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

FONTAWESOME_CONFIG = (
    "window.FontAwesomeConfig = {autoReplaceSvg: 'nest', observeMutations: false};"
)

VENDOR_FILES = (
    "vendor/requirejs/require.js",
    "vendor/widgets-setup.js",
    "vendor/html-manager/embed-amd.js",
)


def _check_vendor(app) -> None:
    if app.builder.format != "html":
        return
    wanted = list(VENDOR_FILES)
    mathjax = app.config.mathjax_path
    if mathjax and "://" not in mathjax:
        wanted.append(mathjax)
    for rel in wanted:
        if not any((Path(app.confdir) / d / rel).is_file() for d in app.config.html_static_path):
            logger.warning(
                "offline_site: %s is not in html_static_path (%s); run scripts/build.sh, "
                "which installs it with npm ci and scripts/vendor_js.py",
                rel,
                ", ".join(app.config.html_static_path),
            )


def _is_thebe(script) -> bool:
    filename = getattr(script, "filename", None) or ""
    body = (getattr(script, "attributes", None) or {}).get("body", "")
    return filename.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body


def _page_context(app, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if scripts is not None:
        context["script_files"] = [s for s in scripts if not _is_thebe(s)]
    css = context.get("css_files")
    if css is not None:
        context["css_files"] = [
            c for c in css if not (getattr(c, "filename", "") or "").endswith("sphinx-thebe.css")
        ]


def setup(app):
    app.add_js_file(None, body=FONTAWESOME_CONFIG, priority=1)
    app.connect("builder-inited", _check_vendor)
    # run after sphinx-book-theme / myst-nb have filled the page's script list
    app.connect("html-page-context", _page_context, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
