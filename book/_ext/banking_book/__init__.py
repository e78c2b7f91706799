"""The book's Sphinx extension: everything the website adds to Jupyter Book.

Loaded once, from book/_config.yml (``sphinx: local_extensions: banking_book:
_ext``). :func:`setup` sets up each piece below, in this order (pieces that
hook the same Sphinx event at the same priority run in this order). What an
author writes for each is listed, with an example, in docs/authoring.md.

========================  ==================================================
piece (submodule)         what it does
========================  ==================================================
``offline_site``          the site works offline: vendored scripts checked,
                          Font Awesome trimmed, thebe removed, the site's
                          own CSS/JS (``static/``), alt texts, figures and
                          tables numbered per page, "Author, Year" labels
``live_tables``           the *Deal live* box after the cell whose metadata
                          says ``live-table: <replay>`` (``live_static/``)
``cell_captions``         a ``figure`` directive without an image, right
                          under a code cell, is that cell's numbered caption
``solution_cells``        code cells with ``solution: <exercise>`` metadata
                          shown inside that exercise's folded solution
``glossary_deflist``      the ``glossary`` directive also reads MyST's
                          definition-list form
``jupyterlite_launch``    "Try it in JupyterLite" on each game chapter
``notebook_downloads``    each page's executed notebook as its ``.ipynb``
                          download
``download_links``        a Markdown link to an existing ``.ipynb`` outside
                          the book's pages is a download, not a page link
``editions``              the language switcher and ``hreflang`` links of
                          the English, German and Russian editions
``texts``                 the words above and the site's scripts' words in
                          the edition's language (``locales/``), and
                          sphinx-exercise's titles in its grammar
========================  ==================================================

Each submodule keeps its own ``setup(app)``, so a test can load one piece
alone (``banking_book.solution_cells`` as an extension name). No rule of any
game lives here: the pages compute everything from banking_games.
"""

from __future__ import annotations

from . import (cell_captions, download_links, editions, glossary_deflist, jupyterlite_launch,
               live_tables, notebook_downloads, offline_site, solution_cells, texts)

PIECES = (offline_site, live_tables, cell_captions, solution_cells, glossary_deflist,
          jupyterlite_launch, notebook_downloads, download_links, editions, texts)


def setup(app):
    """Set up every piece of :data:`PIECES` on the Sphinx ``app``.

    Returns Sphinx's extension metadata: safe for parallel reading and
    writing (every piece is). Raises whatever a piece's setup raises (for
    example sphinx.errors.ExtensionError from notebook_downloads)."""
    for piece in PIECES:
        piece.setup(app)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
