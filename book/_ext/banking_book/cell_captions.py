"""banking_book: figure and table captions written as Markdown under the cell.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers). A code cell whose
output is a figure or a table carries only the figure's ``name`` in its
metadata (``mystnb: figure: name:``); its caption is a ``figure`` directive
*without an image*, right after the cell, whose ``:label:`` is that name and
whose body is the caption:

.. code-block:: md

    ```{code-cell} ipython3
    ---
    mystnb:
      figure:
        name: hog-empty
    ---
    layout_html(deal)
    ```

    ```{figure}
    :label: hog-empty
    The empty Hoggenheimer layout. Each cell shows ...
    ```

A table's caption says ``:kind: table``. One source for both renderers:

* in JupyterLab, jupyterlab-myst (mystmd's parser) renders a figure directive
  without an image as a numbered caption ("Figure 2: The empty ...", "Table
  1: ...") with its ``{eval}`` numbers, and resolves ``{numref}`hog-empty```
  anywhere in the notebook to "Figure 2"; a caption in cell metadata would
  show nowhere there;
* on the website, :class:`CellCaption` (Sphinx's ``figure`` directive, which
  still takes an image as usual) turns the directive without an image into a
  pending caption, and :class:`CellCaptions` moves its paragraph into the
  cell's figure as the caption, exactly as myst-nb makes a caption from
  ``mystnb: figure: caption:`` (a ``caption`` node holding the paragraph's
  inline nodes), before Sphinx records labels and numbers, so every
  ``{numref}`` gets its "Fig. N" or "Table N" (book/_ext/banking_book/offline_site.py
  numbers a figure holding a table as a table, from 1 on each page, as
  jupyterlab-myst numbers a notebook) and its title.

Errors: the build warns (an error under ``-W``) when a caption names no
figure of the page, when the named figure already has a caption, when the
body is not one paragraph, when the caption does not come right after the
figure's cell (a caption must sit under what it describes), or when its
``:kind:`` is not what the website numbers it as (a table must say ``:kind:
table``, a figure must not), since JupyterLab numbers by ``:kind:``.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.directives.images import Figure
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from .offline_site import _table_html

logger = logging.getLogger(__name__)

KINDS = ("figure", "table")


class cell_caption(nodes.General, nodes.Element):  # noqa: N801 - docutils names node classes in lower case
    """A caption waiting for its cell's figure (``label``, ``kind``; children: the parsed body)."""


class CellCaption(Figure):
    """Sphinx's ``figure`` directive, which also takes no image: then it is a
    caption for the figure or table of the code cell right above it.

    With an image argument it is the usual figure. Without one, ``:label:``
    (required) names the cell's figure (``mystnb: figure: name:``), ``:kind:``
    is ``figure`` (the default) or ``table``, and the body is the caption, one
    paragraph. Returns a :class:`cell_caption` node for :class:`CellCaptions`."""

    required_arguments = 0
    optional_arguments = 1
    option_spec = dict(Figure.option_spec, label=directives.unchanged,
                       kind=lambda arg: directives.choice(arg, KINDS))

    def run(self):
        if self.arguments:
            if "label" in self.options or "kind" in self.options:
                raise self.error("figure: ':label:' and ':kind:' are for a caption without an image; "
                                 "an image figure takes ':name:'")
            return super().run()
        label = (self.options.get("label") or "").strip()
        if not label:
            raise self.error("figure without an image is a cell's caption: give ':label: <the cell's "
                             "figure name>' (and ':kind: table' for a table)")
        node = cell_caption(label=label, kind=self.options.get("kind", "figure"))
        node.source, node.line = self.state_machine.get_source_and_line(self.lineno)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


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


def _shows_a_table(figure: nodes.figure) -> bool:
    """Whether the website numbers ``figure`` as a table (book/_ext/banking_book/offline_site.py)."""
    return _table_html(figure)


class CellCaptions(SphinxTransform):
    """Each figure directive without an image becomes the caption of the cell's figure it labels."""

    default_priority = 500   # after parsing (myst-nb made the figures); before SphinxDomains (850)

    def _caption(self, pending: cell_caption) -> str | None:
        """Attach ``pending``'s paragraph to its figure; the problem as a sentence, or None."""
        name, kind = pending["label"], pending["kind"]
        body = [c for c in pending.children if not isinstance(c, nodes.comment)]
        if len(body) != 1 or not isinstance(body[0], nodes.paragraph):
            return f"the caption '{name}' must be one paragraph"
        node_id = self.document.nameids.get(name)
        figure = self.document.ids.get(node_id) if node_id else None
        if not isinstance(figure, nodes.figure):
            return f"the caption '{name}' names no figure of this page (mystnb: figure: name: in a cell)"
        if any(isinstance(c, nodes.caption) for c in figure.children):
            return f"figure {name} has a caption already (in its cell's metadata?)"
        cell = _cell_of(figure)
        if cell is None or _previous_element(pending) is not cell:
            return f"the caption '{name}' must come right after the cell that shows the figure"
        shown = "table" if _shows_a_table(figure) else "figure"
        if kind != shown:
            return (f"the caption '{name}' says ':kind: {kind}' but the cell shows a {shown} "
                    f"(JupyterLab numbers by :kind:; write ':kind: table' for a table, nothing for a figure)")
        para = body[0]
        caption = nodes.caption(para.rawsource, "", *para.children)
        caption.source, caption.line = para.source, para.line
        figure.append(caption)
        return None

    def apply(self, **kwargs) -> None:
        for pending in list(self.document.findall(cell_caption)):
            problem = self._caption(pending)
            if problem:
                logger.warning("cell_captions: %s", problem, location=pending)
            pending.parent.remove(pending)


def setup(app):
    app.add_node(cell_caption)
    app.add_directive("figure", CellCaption, override=True)
    app.add_transform(CellCaptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
