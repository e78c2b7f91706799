"""banking_book: the "Deal live" button of each game chapter.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers). The chapter's
Jupyter code cell that opens the dealing table carries, in its metadata, the
``name`` of the replay figure it stands in for (one source for JupyterLab and
the website: the code is written once, and JupyterLab shows no directive):

.. code-block:: md

    ```{code-cell} ipython3
    :live-table: hog-replay
    :tags: [remove-output, skip-execution]

    from banking_games.widgets.hoggenheimer import HoggenheimerTable

    HoggenheimerTable(["Anna", "Ben", "Cleo", "Dora"], seed=2026)
    ```

In JupyterLab this is an ordinary code cell: run it and the table opens. On
the website, after myst-nb has turned the cell into a ``cell_code`` container
(whose ``cell_metadata`` keeps the key), the transform below puts, right
after that cell, a box with a "Deal live" button (hidden until the page's
script has checked that WebAssembly and the widget manager are there), a
progress bar and the cell's own code (its last expression must be the widget
to show). The page then loads ``_static/live/live-tables.js`` (see
book/_ext/banking_book/live_static/live-tables.js, copied by scripts/live_site.py), which
starts Pyodide from the site's own files when the reader presses the button
(or, for a reader who has used Deal live on this site before, when the
section scrolls into view, and, if their browser keeps this build's Python
snapshot and the device has memory to spare, once the page has loaded,
making the table before the press); until then the replay named by the
key (a figure's ``name``) stays as it is.

The build warns (an error under ``-W``) when the key names no figure of the
page, when the cell has no code, and when scripts/live_site.py has not put
Pyodide into book/_vendor/live/.
"""

from __future__ import annotations

import html
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.transforms import SphinxTransform

from .texts import N_, number, text

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
.bg-paste-note{color:var(--bg-alert,#b00020);font-weight:bold;margin:.3rem 2px}
.bg-scan-why{font-size:90%;margin:.3rem 2px}
"""


# the cell metadata key that marks the code cell opening a dealing table
KEY = "live-table"


# what "Deal live" fetches: Pyodide's core, its standard library and lock file,
# the bridge and the wheels listed in wheels.json (sizes read at build time)
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide-lock.json", "wheels.json", "bridge.py")


def fetched_bytes(live_dir: Path) -> int:
    """Bytes that pressing Deal live fetches from ``live_dir`` (the site's
    ``_static/live/``) on a first visit, read from the files themselves."""
    import json
    total = sum((live_dir / f).stat().st_size for f in CORE_FILES if (live_dir / f).is_file())
    manifest = live_dir / "wheels.json"
    if manifest.is_file():
        total += sum(w["size"] for w in json.loads(manifest.read_text())["wheels"])
    return total


# a cell may name its box's button and what it shows (the lesson pages' class results board):
# ``live-button: Open the class board`` and ``live-what: class results board``
BUTTON_KEY, WHAT_KEY = "live-button", "live-what"

BUTTON = N_("Deal live")
BUTTONS = (BUTTON, N_("Open the class board"))
"""The buttons' texts a page may name (``live-button``): each is a message of the catalogue."""
RUNS = {
    "table": N_("Python starts in this page, from this site's own files (about {megabytes} MB the first "
                "time; nothing is fetched before you press), and runs the table below with the same code "
                "as in Jupyter."),
    "class results board": N_("Python starts in this page, from this site's own files (about {megabytes} MB "
                              "the first time; nothing is fetched before you press), and runs the class "
                              "results board below with the same code as in Jupyter."),
}
"""The note's first sentence for each thing a box may show (``live-what``; live-tables.js has
the same kinds): one whole sentence each, so that each language words it as its grammar wants."""
KEPT = N_("After the first time, your browser keeps a copy of the started Python in this site's storage, "
          "where it allows, and later pages restore Python from it instead of setting it up again: on a "
          "computer with memory to spare, as soon as the page has loaded, so that the table is ready when "
          "you press (the page then holds Python in its memory even if you do not press). Clearing this "
          "site's data in the browser removes the copy.")
LOADING = N_("Loading Python")


def live_box(code: str, replaces: str, nbytes: int = 14_000_000, *, button: str = BUTTON,
             what: str = "table", lang="en") -> str:
    """The HTML of the Deal live box for ``code`` (Python, last expression the widget)
    standing in for the figure named ``replaces``; ``nbytes`` is what pressing the
    button fetches the first time (:func:`fetched_bytes`): the note says it in MB, and the
    page's progress line counts the bytes received against it (``data-bytes``).
    ``button`` is the button's English text (one of :data:`BUTTONS`), ``what`` names what
    the code shows (a key of :data:`RUNS`; another is said in English: the build warns); a
    board says so in ``data-what`` (its English name, read by the page's script, which
    then speaks of it). ``lang``: the edition (a code, or the Sphinx application) whose
    words the box shows (texts.py); English by default."""
    megabytes = round(nbytes / 1e6)
    kind = "" if what == "table" else f' data-what="{html.escape(what)}"'
    if what in RUNS:
        runs = text(lang, RUNS[what], megabytes=number(lang, megabytes))
    else:
        runs = RUNS["table"].replace("the table below", "the {what} below").format(
            megabytes=megabytes, what=what)
    return (
        f"<style>{CSS}</style>"
        f'<div class="bg-live" data-replaces="{html.escape(replaces)}" data-bytes="{int(nbytes)}"{kind}>'
        f'<button type="button" hidden>{html.escape(text(lang, button))}</button>'
        f'<p class="bg-live-note" hidden>{html.escape(runs, quote=False)} '
        f'{html.escape(text(lang, KEPT), quote=False)}</p>'
        f'<progress max="1" value="0" hidden aria-label="{html.escape(text(lang, LOADING))}"></progress>'
        '<p class="bg-live-status" role="status" aria-live="polite"></p>'
        f'<script type="text/x-python">{html.escape(code, quote=False)}</script>'
        "</div>"
    )


class LiveTableCells(SphinxTransform):
    """After each code cell whose metadata has ``live-table: <figure name>``, the Deal live box."""

    default_priority = 500

    def apply(self, **kwargs) -> None:
        for cell in list(self.document.findall(nodes.container)):
            meta = cell.get("cell_metadata") or {}
            if cell.get("nb_element") != "cell_code" or KEY not in meta:
                continue
            replaces = str(meta[KEY])
            blocks = list(cell.findall(nodes.literal_block))
            if not blocks:
                logger.warning("live_tables: the %s cell shows no code (is it remove-input?)", KEY,
                               location=cell)
                continue
            if replaces not in self.document.nameids:
                logger.warning("live_tables: %s: %r names no figure of this page", KEY, replaces,
                               location=cell)
            code = blocks[0].astext()
            lang = self.config.language or "en"
            if lang != "en":   # an edition: the table speaks its language (banking_games.i18n)
                code = f"from banking_games.i18n import set_language\nset_language({lang!r})\n" + code
            what = str(meta.get(WHAT_KEY, "table"))
            if what not in RUNS:
                logger.warning("live_tables: %s: %r is not one of %s (live_tables.RUNS: each has its "
                               "sentence in the catalogue)", WHAT_KEY, what, ", ".join(map(repr, RUNS)),
                               location=cell)
            cell.parent.insert(cell.parent.index(cell) + 1,
                               nodes.raw("", live_box(code, replaces, _fetched(self.app),
                                                         button=str(meta.get(BUTTON_KEY, BUTTON)),
                                                         what=what, lang=self.app),
                                         format="html"))
            self.env.metadata[self.env.docname]["bg_live"] = True


def _fetched(app) -> int:
    for d in app.config.html_static_path:
        live = Path(app.confdir) / d / "live"
        if (live / "wheels.json").is_file():
            return fetched_bytes(live)
    return 14_000_000   # the check below warns that the files are missing


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
    # require.js and the widget manager that myst-nb put on the page. A page with no
    # widget output of its own (a lesson page's class results board) gets them here,
    # the same files myst-nb loads (nb_ipywidgets_js), in the same order.
    files = list(context.get("script_files", []))
    if not any("requirejs/require.js" in str(f) for f in files):
        files += ["_static/" + path for path in getattr(app.config, "nb_ipywidgets_js", {}) or {}]
    context["script_files"] = [*files, "_static/" + SCRIPT]


def setup(app):
    app.add_transform(LiveTableCells)
    app.connect("builder-inited", _check)
    app.connect("html-page-context", _page, priority=900)   # after myst-nb's own scripts
    return {"parallel_read_safe": True, "parallel_write_safe": True}
