"""Local Sphinx extension: the "Deal live" button of each game chapter.

Loaded from book/_config.yml (``sphinx.local_extensions``). The directive

.. code-block:: md

    ```{live-table}
    :replaces: hog-replay

    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    HoggenheimerTable(["Anna", "Ben", "Cleo", "Dora"], seed=2026)
    ```

writes a box with a "Deal live" button (hidden until the page's script has
checked that WebAssembly and the widget manager are there), a progress bar
and the Python code (its last expression must be the widget to show). The
page then loads ``_static/live/live-tables.js`` (see
book/_ext/live_static/live-tables.js, copied by scripts/live_site.py), which
starts Pyodide from the site's own files only when the reader scrolls the
section into view or presses the button; until then the replay named by
``:replaces:`` (a figure's ``name``) stays as it is.

The build warns (an error under ``-W``) when scripts/live_site.py has not
put Pyodide into book/_vendor/live/.
"""

from __future__ import annotations

import html
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

SCRIPT = "live/live-tables.js"
NEEDED = ("live/live-tables.js", "live/pyodide.mjs", "live/pyodide.asm.wasm", "live/wheels.json",
          "live/bridge.py")

CSS = """
.bg-live{border:1px solid var(--pst-color-border,#ccc);border-radius:6px;padding:.6rem .8rem;margin:1rem 0}
.bg-live button{font:inherit;font-weight:600;padding:.35rem 1rem;border-radius:4px;cursor:pointer;
 border:1px solid #1a5fb4;background:#1a5fb4;color:#fff}
.bg-live button:disabled{opacity:.7;cursor:progress}
.bg-live progress{width:min(100%,20rem);display:block;margin:.4rem 0}
.bg-live-status{margin:.3rem 0 0}
.bg-live-table{overflow-x:auto;margin:1rem 0}
"""


class LiveTableDirective(SphinxDirective):
    has_content = True
    option_spec = {"replaces": directives.unchanged}

    def run(self):
        code = "\n".join(self.content)
        replaces = self.options.get("replaces", "")
        body = (
            f"<style>{CSS}</style>"
            f'<div class="bg-live" data-replaces="{html.escape(replaces)}">'
            '<button type="button" hidden>Deal live</button>'
            '<p class="bg-live-note" hidden>Python starts in this page, from this site\'s own '
            'files (about 12 MB the first time), and runs the table below with the same code as '
            'in Jupyter.</p>'
            '<progress max="1" value="0" hidden aria-label="Loading Python"></progress>'
            '<p class="bg-live-status" role="status" aria-live="polite"></p>'
            f'<script type="text/x-python">{html.escape(code, quote=False)}</script>'
            "</div>"
        )
        self.env.metadata[self.env.docname]["bg_live"] = True
        return [nodes.raw("", body, format="html")]


def _check(app) -> None:
    if app.builder.format != "html":
        return
    for rel in NEEDED:
        if not any((Path(app.confdir) / d / rel).is_file() for d in app.config.html_static_path):
            logger.warning("live_tables: %s is missing; run scripts/build.sh (scripts/live_site.py)", rel)


def _page(app, pagename, templatename, context, doctree) -> None:
    if doctree is None or not app.env.metadata.get(pagename, {}).get("bg_live"):
        return
    # a plain path: rendered as <script src="..._static/live/live-tables.js">, after
    # require.js and the widget manager that myst-nb put on the page
    context["script_files"] = [*context.get("script_files", []), "_static/" + SCRIPT]


def setup(app):
    app.add_directive("live-table", LiveTableDirective)
    app.connect("builder-inited", _check)
    app.connect("html-page-context", _page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
