"""Local Sphinx extension: figure and table captions written as Markdown under the cell.

Loaded from book/_config.yml (``sphinx.local_extensions``). A code cell whose
output is a figure or a table carries only the figure's ``name`` in its
metadata (``mystnb: figure: name:``); its caption is the paragraph that
follows a MyST comment ``% caption: <name>`` in the Markdown right after the
cell:

.. code-block:: md

    ```{code-cell} ipython3
    ---
    mystnb:
      figure:
        name: hog-empty
    ---
    layout_html(deal)
    ```

    % caption: hog-empty
    The empty Hoggenheimer layout. Each cell shows ...

One source for both renderers: in JupyterLab (jupyterlab-myst) the comment is
invisible and the caption reads as a paragraph under the figure or table,
with its ``{eval}`` numbers; a caption in cell metadata is shown nowhere
there. On the website the transform below moves that paragraph into the
figure as its caption, exactly as myst-nb makes a caption from
``mystnb: figure: caption:`` (a ``caption`` node holding the paragraph's
inline nodes), before Sphinx records labels and numbers, so every
``{numref}`` gets its "Fig. N" or "Table N" (book/_ext/offline_site.py
numbers a figure holding a table as a table) and its title.

Errors: the build warns (an error under ``-W``) when a ``% caption:`` names no
figure of the page, when the named figure already has a caption, when no
paragraph follows the comment, or when the comment does not come right after
the figure's cell (a caption must sit under what it describes).
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

# the comment's text (myst-parser keeps "% ..." lines as comment nodes)
MARK = re.compile(r"^\s*caption:\s*(\S+)\s*$")


def _cell_of(node: nodes.Node) -> nodes.Element | None:
    """The myst-nb code cell container that holds ``node``, if any."""
    while node is not None:
        if isinstance(node, nodes.container) and node.get("nb_element") == "cell_code":
            return node
        node = node.parent
    return None


def _previous_element(node: nodes.Element) -> nodes.Node | None:
    """The element before ``node`` in its parent, skipping comments and targets."""
    parent = node.parent
    i = parent.index(node) - 1
    while i >= 0 and isinstance(parent[i], (nodes.comment, nodes.target)):
        i -= 1
    return parent[i] if i >= 0 else None


class CellCaptions(SphinxTransform):
    """Each ``% caption: <name>`` comment's next paragraph becomes the caption of figure ``<name>``."""

    default_priority = 500   # after parsing (myst-nb made the figures); before SphinxDomains (850)

    def apply(self, **kwargs) -> None:
        for comment in list(self.document.findall(nodes.comment)):
            m = MARK.match(comment.astext())
            if not m:
                continue
            name = m.group(1)
            parent = comment.parent
            i = parent.index(comment)
            para = parent[i + 1] if i + 1 < len(parent) else None
            if not isinstance(para, nodes.paragraph):
                logger.warning("cell_captions: no paragraph follows '%% caption: %s'", name,
                               location=comment)
                continue
            node_id = self.document.nameids.get(name)
            figure = self.document.ids.get(node_id) if node_id else None
            if not isinstance(figure, nodes.figure):
                logger.warning("cell_captions: '%% caption: %s' names no figure of this page", name,
                               location=comment)
                continue
            if any(isinstance(c, nodes.caption) for c in figure.children):
                logger.warning("cell_captions: figure %s has a caption already (in its cell's "
                               "metadata?)", name, location=comment)
                continue
            cell = _cell_of(figure)
            if cell is None or _previous_element(comment) is not cell:
                logger.warning("cell_captions: '%% caption: %s' must come right after the cell "
                               "that shows the figure", name, location=comment)
                continue
            caption = nodes.caption(para.rawsource, "", *para.children)
            caption.source, caption.line = para.source, para.line
            figure.append(caption)
            parent.remove(para)
            parent.remove(comment)


def setup(app):
    app.add_transform(CellCaptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
