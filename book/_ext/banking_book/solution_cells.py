"""banking_book: the code cells of an exercise's worked solution.

Part of the book's Sphinx extension ``banking_book`` (book/_ext/banking_book/,
loaded from book/_config.yml; docs/authoring.md lists what it offers). A worked solution
is one ``{solution}`` directive (sphinx-exercise) folded as a dropdown; the
code cells it runs come right before it, each with ``solution: <exercise
label>`` in its metadata, and the solution's body marks with a MyST comment
``% solution code`` where they belong:

.. code-block:: md

    ```{code-cell} ipython3
    ---
    solution: hog-ex-square
    ---
    p_square = ex.win_probability(len(square.cards))
    ```

    ````{solution} hog-ex-square
    :class: dropdown

    The bet wins when ...

    % solution code

    With $c$ = {eval}`shown.hogx_m` this is {eval}`shown.hogx_sq_p` ...
    ````

One source for both renderers:

* in JupyterLab the whole solution is one Markdown cell, which jupyterlab-myst
  folds as a dropdown, numbers included (the cells above it have run, so its
  ``{eval}`` values exist); the code cells show as folded bars
  (scripts/fold_code_cells.py) and print nothing, so nothing of the answer
  shows until the reader opens it. (A solution written as
  ``{solution-start}`` ... ``{solution-end}`` around code cells cannot fold in
  JupyterLab: each Markdown cell renders alone, and JupyterLab shows a cell's
  output once it has run.)
* on the website, :class:`SolutionCells` moves those cells, in order, into
  the solution at the comment, so the reader sees the code inside the folded
  solution, as before.

The build warns (an error under ``-W``) when a marked cell's solution is not
on the page, when it is not among the cells right before its solution, when a
solution with marked cells has no ``% solution code`` comment or has it
twice, and when a ``% solution code`` comment is outside a solution or its
solution has no marked cell.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

KEY = "solution"          # the code cell's metadata key: the exercise label
MARK = "solution code"    # the comment's text in the solution's body


def _is_solution(node: nodes.Node) -> bool:
    """A sphinx-exercise solution (its node class is ``solution_node``)."""
    return isinstance(node, nodes.Element) and type(node).__name__ == "solution_node"


def _solution_of(node: nodes.Node) -> nodes.Element | None:
    while node is not None and not _is_solution(node):
        node = node.parent
    return node


def _target(solution: nodes.Element) -> str:
    """The exercise label a solution node answers."""
    return str(solution.get("target_label") or solution.get("target", ""))


class SolutionCells(SphinxTransform):
    """Move each code cell marked ``solution: <label>`` into that solution, at ``% solution code``."""

    default_priority = 490   # after parsing (cells and solutions exist); before cell_captions (500)

    def apply(self, **kwargs) -> None:
        cells: dict[str, list[nodes.Element]] = {}
        for cell in self.document.findall(nodes.container):
            meta = cell.get("cell_metadata") or {}
            if cell.get("nb_element") == "cell_code" and KEY in meta:
                cells.setdefault(str(meta[KEY]), []).append(cell)
        marks: dict[str, list[nodes.comment]] = {}
        for comment in self.document.findall(nodes.comment):
            if comment.astext().strip() != MARK:
                continue
            solution = _solution_of(comment)
            if solution is None:
                logger.warning("solution_cells: '%% %s' is outside a solution", MARK, location=comment)
                comment.parent.remove(comment)
                continue
            marks.setdefault(_target(solution), []).append(comment)
        for label, comments in marks.items():
            if label not in cells:
                logger.warning("solution_cells: the solution to %s marks '%% %s' but no code cell has "
                               "'%s: %s'", label, MARK, KEY, label, location=comments[0])
            if len(comments) > 1:
                logger.warning("solution_cells: the solution to %s marks '%% %s' %d times (once, please)",
                               label, MARK, len(comments), location=comments[1])
        for label, group in cells.items():
            comments = marks.get(label)
            if not comments:
                logger.warning("solution_cells: code cells marked '%s: %s' but no solution to %s on this "
                               "page has a '%% %s' comment", KEY, label, label, MARK, location=group[0])
                continue
            solution = _solution_of(comments[0])
            # the cells must be the ones right before the solution (nothing else in between)
            parent = solution.parent
            before = [parent[i] for i in range(parent.index(solution) - len(group), parent.index(solution))] \
                if parent.index(solution) >= len(group) else []
            if before != group:
                logger.warning("solution_cells: the code cells marked '%s: %s' must come right before "
                               "that solution", KEY, label, location=group[0])
                continue
            for cell in group:
                parent.remove(cell)
            mark = comments[0]
            at = mark.parent.index(mark)
            for offset, cell in enumerate(group):
                mark.parent.insert(at + offset, cell)
            mark.parent.remove(mark)
            for extra in comments[1:]:
                extra.parent.remove(extra)


def setup(app):
    app.add_transform(SolutionCells)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
