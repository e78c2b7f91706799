"""Markdown links to files the book offers for download, such as a student notebook.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers).

The pages link their handouts with plain Markdown, ``[student notebook](_handouts/x-student.ipynb)``,
because JupyterLab (jupyterlab-myst) shows such a link as its text and opens
the file, while it shows a ``{download}`` role's path beside the text.
myst-parser turns a link to a local file into a download (the file is copied
into ``_downloads/``), except when the file has a source suffix that Sphinx
reads as a page (``.ipynb``, through myst-nb): then it makes a link to a
*document* of that name, which does not exist because ``_handouts`` is
excluded from the book, and the strict build fails with "Unknown source
document".

This transform, run while each page is read, turns such a link back into a
download when the linked file exists and is not one of the book's pages, as
``{download}`` did. A link to a file that does not exist is left as it is, so
the strict build still reports it.

Input: the page's doctree (``pending_xref`` nodes of myst-parser with
``refdomain="doc"``). Output: ``download_reference`` nodes in their place. No
rule of any game lives here.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform


class NotebookDownloads(SphinxTransform):
    """Links to an existing ``.ipynb`` outside the book's pages become downloads."""

    default_priority = 400

    def apply(self, **kwargs) -> None:
        srcdir = Path(self.env.srcdir)
        for ref in list(self.document.findall(addnodes.pending_xref)):
            if ref.get("refdomain") != "doc" or ref.get("reftype") != "myst":
                continue
            docname = ref.get("reftarget", "")
            if docname in self.env.found_docs:
                continue
            base = (srcdir / self.env.doc2path(self.env.docname, False)).parent
            path = (base / f"{docname}.ipynb").resolve()
            if not path.is_file():
                continue
            target = "/" + path.relative_to(srcdir.resolve()).as_posix()
            new = addnodes.download_reference(
                "", "", *ref.children, refdomain=None, reftype="myst", reftarget=target,
                refdoc=self.env.docname, refexplicit=ref.get("refexplicit", True))
            new["classes"] = list(ref.get("classes", [])) + ["download"]
            ref.replace_self(new)


def setup(app):
    app.add_transform(NotebookDownloads)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
