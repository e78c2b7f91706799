"""Fold in JupyterLab the code the website does not show.

Usage (from the repository root; run it after adding or retagging a code cell):

    .venv/bin/python scripts/fold_code_cells.py          # rewrite book/*.md where needed
    .venv/bin/python scripts/fold_code_cells.py --check  # exit 1 and list the cells to fix

The website hides code by myst-nb cell tags; JupyterLab ignores those tags but
honours Jupyter's own cell metadata ``jupyter: {source_hidden: true}`` (the
cell shows as a thin bar with its first line, which the reader can click to
open). Jupytext keeps that metadata in the MyST page, and a save from
JupyterLab writes it back as it was (tests/test_jupytext_roundtrip.py). The
rule, per cell:

* a code cell tagged ``remove-input``, ``hide-input``, ``remove-cell`` or
  ``hide-cell`` (the website shows no code, or folds it): its input is folded;
* a code cell of a worked solution (``solution: <exercise label>`` in its
  metadata; book/_ext/banking_book/solution_cells.py moves it into the folded solution on
  the website), or inside a gated solution (between a Markdown cell holding
  ``{solution-start}`` and the next holding ``{solution-end}``,
  sphinx-exercise): its input is folded.

Markdown cells are not folded: JupyterLab opens a folded Markdown cell when it
renders it (Run All does), and drops the key, so a save would change the page.

Outputs are not folded: JupyterLab unfolds a cell's outputs whenever it runs
the cell and then drops ``outputs_hidden`` from the metadata, so a reader who
ran a page and saved it would find changed lines in ``git status``.

Other cells get no ``source_hidden`` (a value the rule does not ask for is
removed, and so is any ``outputs_hidden``). Each page is read and written with
Jupytext and book/jupytext.toml, so nothing else on the page changes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import jupytext
from jupytext.config import load_jupytext_configuration_file

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"

FOLD_INPUT = {"remove-input", "hide-input", "remove-cell", "hide-cell"}


def wanted_folding(cells) -> list[dict | None]:
    """For each cell of a notebook (nbformat cells), the ``jupyter`` folding it must have:
    ``{"source_hidden": True}`` or None (Markdown cells, and code cells whose code the website shows)."""
    out, in_solution = [], False
    for cell in cells:
        if cell.cell_type == "markdown":
            start, end = cell.source.rfind("{solution-start}"), cell.source.rfind("{solution-end}")
            if start != end:   # one of them is there: the later one decides
                in_solution = start > end
            out.append(None)
            continue
        tags = set(cell.metadata.get("tags", []))
        if in_solution or "solution" in cell.metadata or tags & FOLD_INPUT:
            out.append({"source_hidden": True})
        else:
            out.append(None)
    return out


def fold(nb) -> list[int]:
    """Set each cell's ``jupyter`` folding by the rule; return the indices of the cells changed."""
    changed = []
    for i, (cell, want) in enumerate(zip(nb.cells, wanted_folding(nb.cells))):
        jup = dict(cell.metadata.get("jupyter", {}))
        for key in ("source_hidden", "outputs_hidden"):
            jup.pop(key, None)
        jup.update(want or {})
        if jup != cell.metadata.get("jupyter", {}):
            changed.append(i)
            if jup:
                cell.metadata["jupyter"] = jup
            else:
                cell.metadata.pop("jupyter", None)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a page needs folding")
    parser.add_argument("pages", nargs="*", type=Path, help="MyST pages (default: book/*.md)")
    args = parser.parse_args(argv)
    config = load_jupytext_configuration_file(str(BOOK / "jupytext.toml"))
    pages = args.pages or sorted(BOOK.glob("*.md"))
    todo = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if not text.startswith("---\njupytext:"):
            continue   # not a notebook page
        nb = jupytext.reads(text, fmt="md:myst")
        changed = fold(nb)
        if not changed:
            continue
        todo += len(changed)
        if args.check:
            print(f"{page}: cells {', '.join(str(i + 1) for i in changed)} need folding")
        else:
            page.write_text(jupytext.writes(nb, fmt="md:myst", config=config), encoding="utf-8")
            print(f"{page}: {len(changed)} cells folded")
    if args.check and todo:
        print("run: .venv/bin/python scripts/fold_code_cells.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
