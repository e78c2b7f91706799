"""Each chapter downloadable as an executed Jupyter notebook (``.ipynb``).

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers).

myst-nb executes every page that is a notebook (a MyST Markdown page with a
``kernelspec`` in its front matter) and writes the executed notebook, outputs
included, to its output folder (``_build/jupyter_execute/<page>.ipynb``). It
does so in every execution mode: with ``execute_notebooks: cache`` the
outputs come from the jupyter-cache (``_build/.jupyter_cache``) and with
``inline`` they are filled in while the page is rendered; both end in the
same file (``myst_nb.sphinx_.Parser.parse``). This extension:

* copies that notebook into the site as ``_sources/<page>.ipynb``, next to the
  page's Markdown source ``_sources/<page>.md`` that the download menu already
  offers, after removing what only the build needed (Jupytext's
  ``text_representation`` and myst-nb's ``source_map`` metadata); cell tags such as ``skip-execution`` and
  the widget state are kept;
* adds an ``.ipynb`` entry to sphinx-book-theme's download menu, through the
  theme's own ``ipynb_source`` page context value (the theme then shows
  ``.ipynb`` above ``.md`` and ``.pdf``).

Pages that are not notebooks (no executed notebook) get no entry.

Inputs: Sphinx's ``html-page-context`` event. Output: files in the HTML
output folder. Raises ``ExtensionError`` if an executed notebook cannot be
read or is not valid nbformat 4 (the build stops: a broken download must not
be published).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

# Sphinx writes the page's source to _sources/<page><suffix>; the notebook goes beside it.
SOURCES = "_sources"


def executed_notebook_path(app, docname: str) -> Path:
    """Where myst-nb wrote the executed notebook of ``docname`` (it may not exist)."""
    folder = getattr(getattr(app.env, "mystnb_config", None), "output_folder", None)
    if not folder:  # myst-nb's default: <outdir>/../jupyter_execute
        folder = Path(app.outdir).parent / "jupyter_execute"
    return Path(folder).joinpath(*f"{docname}.ipynb".split("/"))


def downloadable_notebook(path: Path) -> nbformat.NotebookNode:
    """The executed notebook at ``path`` as readers get it: valid nbformat 4,
    outputs kept, the build's Jupytext metadata removed."""
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as err:  # noqa: BLE001 - any read error stops the build with its cause
        raise ExtensionError(f"notebook_downloads: cannot read {path}: {err}") from err
    nb.metadata.pop("jupytext", None)
    nb.metadata.pop("source_map", None)   # myst-nb's map of cells to lines of the .md page
    nb.metadata.setdefault("kernelspec", {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                          "language": "python"})
    try:
        nbformat.validate(nb)
    except nbformat.ValidationError as err:
        raise ExtensionError(f"notebook_downloads: {path} is not valid nbformat 4: {err}") from err
    return nb


def with_cached_outputs(app, nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """In ``cache`` mode, the outputs from the jupyter-cache.

    When a page's code is found in the cache, myst-nb renders the page from a
    merged copy of the notebook but writes the unmerged one (no outputs) to
    ``jupyter_execute/`` (myst-nb 1.4.0, ``NotebookClientCache.__enter__``
    replaces its notebook; ``Parser.parse`` writes the original). Merge the
    cached outputs here, as myst-nb does; a notebook with no cache entry is
    returned as it is."""
    config = getattr(app.env, "mystnb_config", None)
    if getattr(config, "execution_mode", None) != "cache":
        return nb
    from jupyter_cache import get_cache

    path = getattr(config, "execution_cache_path", "") or str(Path(app.outdir).parent / ".jupyter_cache")
    try:
        _, merged = get_cache(path).merge_match_into_notebook(nb)
    except KeyError:   # not in the cache: myst-nb executed it in this build, outputs included
        return nb
    return merged


def _page(app, pagename, templatename, context, doctree) -> None:
    if doctree is None or app.builder.format != "html":
        return
    source = executed_notebook_path(app, pagename)
    if not source.is_file():
        return
    target = Path(app.outdir, SOURCES).joinpath(*f"{pagename}.ipynb".split("/"))
    target.parent.mkdir(parents=True, exist_ok=True)
    nb = with_cached_outputs(app, downloadable_notebook(source))
    for key in ("jupytext", "source_map"):   # build-only metadata, in case the cache's copy has it
        nb.metadata.pop(key, None)
    nbformat.validate(nb)
    nbformat.write(nb, target)
    # sphinx-book-theme's download menu lists context["ipynb_source"] (relative to _sources/)
    context["ipynb_source"] = f"{pagename}.ipynb"


def setup(app):
    # before the theme's add_header_buttons (priority 501) builds the download menu
    app.connect("html-page-context", _page, priority=450)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
