"""banking_book: the glossary written as a MyST definition list.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers). book/glossary.md
writes its ``{glossary}`` in the form MyST's own glossary directive reads (a
definition list: the term on its line, the definition after ``: ``, later
lines indented by two spaces), which jupyterlab-myst renders as a definition
list in JupyterLab:

.. code-block:: md

    ```{glossary}
    banker
    : The player who holds the bank ...
      ... the winning ones.
    ```

Sphinx's ``glossary`` directive reads another form (the definition indented
under the term), and would take ``: The player ...`` for a second term. This
extension replaces the directive with a subclass that first rewrites each
definition's ``: `` into the two-space indent Sphinx expects, then runs
Sphinx's own directive unchanged: the website's glossary (its ``term-``
anchors, ``{term}`` links and index entries) is the one Sphinx makes.
A glossary already in Sphinx's form passes through as it is.
"""

from __future__ import annotations

from docutils.statemachine import StringList
from sphinx.domains.std import Glossary


def sphinx_form(lines: list[str]) -> list[str]:
    """Lines of a MyST definition-list glossary in Sphinx's glossary form.

    A line starting with ``": "`` (or a lone ``":"``) that follows a term
    line or a definition becomes the same text indented by two spaces;
    every other line is kept. Input and output are lists of str."""
    out = []
    for line in lines:
        if line == ":" or line.startswith(": "):
            out.append("  " + line[2:])
        else:
            out.append(line)
    return out


class DefinitionListGlossary(Glossary):
    """Sphinx's glossary directive, reading MyST's definition-list form too."""

    def run(self):
        items = list(self.content.items)
        self.content = StringList(sphinx_form(list(self.content)), items=items)
        return super().run()


def setup(app):
    # "glossary" is a directive of the std domain, which Sphinx looks up before the global ones
    app.add_directive_to_domain("std", "glossary", DefinitionListGlossary, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
