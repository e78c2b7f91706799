"""Code the website does not show is folded in JupyterLab too (issue 12, part D).

JupyterLab ignores myst-nb's tags but folds a cell's input when its metadata
has ``jupyter: {source_hidden: true}`` (JupyterLab's own key, kept by
Jupytext; outputs are never folded: JupyterLab unfolds them on every run and
drops the key, which a save would write back). The rule
is stated here, independently of scripts/fold_code_cells.py, from what the
website does with each cell (myst-nb's tags and sphinx-exercise's gated
solutions):

* ``remove-input`` (no code on the website) and ``hide-input`` (code behind a
  toggle): input folded;
* a code cell of a worked solution, ``solution: <exercise label>`` in its
  metadata (book/_ext/banking_book/solution_cells.py moves it into the folded
  ``{solution}`` on the website): input folded;
* a code cell between ``{solution-start}`` and ``{solution-end}`` (the
  website folds the whole solution), or a code cell of a worked solution
  (``solution: <exercise label>`` in its metadata; the website shows it inside
  the folded ``{solution}``): input folded;
* any other code cell (its code is on the website), and every Markdown cell:
  nothing folded (JupyterLab opens a folded Markdown cell when Run All renders
  it, and drops the key, which a save would write back).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from banking_games import registry
from conftest import BOOK, ROOT, need_module, toc_pages

jupytext = need_module("jupytext")

PAGES = [f"{p}.md" for p in toc_pages()]


def _expected(cells) -> list[tuple[bool, bool]]:
    """(input folded, outputs folded) that each code cell must have, by the rule above."""
    want, inside = [], False
    for cell in cells:
        if cell.cell_type == "markdown":
            # the last marker in the cell decides (a cell may end one solution and start the next)
            marks = [(cell.source.rfind(m), m) for m in ("{solution-start}", "{solution-end}")]
            pos, mark = max(marks)
            if pos >= 0:
                inside = mark == "{solution-start}"
            continue
        tags = set(cell.metadata.get("tags", []))
        if inside or "solution" in cell.metadata:
            want.append((True, False))
        else:
            want.append((bool(tags & {"remove-input", "hide-input"}), False))
    return want


def _folded(cells) -> list[tuple[bool, bool]]:
    return [(bool(c.metadata.get("jupyter", {}).get("source_hidden")),
             bool(c.metadata.get("jupyter", {}).get("outputs_hidden")))
            for c in cells if c.cell_type == "code"]


@pytest.mark.parametrize("page", PAGES)
def test_hidden_code_is_folded_in_jupyterlab(page):
    nb = jupytext.read(BOOK / page)
    wrong = [(i, got, want) for i, (got, want) in enumerate(zip(_folded(nb.cells), _expected(nb.cells)), 1)
             if got != want]
    assert not wrong, (f"{page}: code cells (number, folded (input, outputs), wanted) {wrong[:5]}; "
                       "run .venv/bin/python scripts/fold_code_cells.py")


def test_every_remove_input_cell_is_folded():
    """The plain statement of the rule for the cells that only compute values."""
    count = 0
    for page in PAGES:
        for cell in jupytext.read(BOOK / page).cells:
            if cell.cell_type == "code" and "remove-input" in cell.metadata.get("tags", []):
                count += 1
                assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, (page, cell.source[:80])
    assert count > 100   # 148 when written: the value cells of every page


def test_solutions_are_folded():
    """Every page with a gated solution holding code folds that code (the pages' exercises)."""
    pages_with_code_in_solutions = 0
    for page in PAGES:
        nb = jupytext.read(BOOK / page)
        inside = [w for w, c in zip(_expected(nb.cells), [c for c in nb.cells if c.cell_type == "code"])
                  if w[0] and not {"remove-input", "hide-input"} & set(c.metadata.get("tags", []))]
        if inside:
            pages_with_code_in_solutions += 1
            assert _folded(nb.cells) == _expected(nb.cells), page
    assert pages_with_code_in_solutions >= 3 * len(registry.GAMES)   # each game's chapter, values and simulation pages


def test_the_script_finds_a_page_left_unfolded(tmp_path):
    """scripts/fold_code_cells.py --check fails on a page with a remove-input cell not folded,
    and folding it gives what the rule above asks."""
    page = tmp_path / "page.md"
    page.write_text("---\njupytext:\n  text_representation:\n    extension: .md\n    format_name: myst\n"
                    "kernelspec:\n  name: python3\n  display_name: Python 3\n  language: python\n---\n\n"
                    "# Page\n\n```{code-cell} ipython3\n:tags: [remove-input, remove-output]\n\nx = 1\n```\n\n"
                    "```{solution-start} ex\n:class: dropdown\n```\n\n```{code-cell} ipython3\nx + 1\n```\n\n"
                    "So it is 2.\n\n```{solution-end}\n```\n\nNext text.\n\n```{code-cell} ipython3\nx + 2\n```\n")
    script = [sys.executable, str(ROOT / "scripts" / "fold_code_cells.py")]
    check = subprocess.run([*script, "--check", str(page)], capture_output=True, text=True)
    assert check.returncode == 1, check.stdout + check.stderr
    subprocess.run([*script, str(page)], check=True, capture_output=True)
    nb = jupytext.read(page)
    assert _folded(nb.cells) == [(True, False), (True, False), (False, False)]
    assert not [c for c in nb.cells if c.cell_type == "markdown" and c.metadata.get("jupyter")]
    assert subprocess.run([*script, "--check", str(page)]).returncode == 0


# The pages with worked solutions: the three pages of each game.
QUIET_SOLUTION_PAGES = [f"{game}{part}.md" for game in registry.SLUGS
                        for part in ("", "-values", "-simulation")]


@pytest.mark.parametrize("page", QUIET_SOLUTION_PAGES)
def test_solution_code_shows_no_output(page):
    """A worked solution's visible code cell shows nothing when run: JupyterLab shows a cell's
    output under the cell, above the folded solution, so any output would give the answer
    away. This holds for the hidden value cells too (JupyterLab ignores the website's
    remove-output tag). No print() or display(), and the last statement is not a bare
    expression, except a call of ``shown.set``, ``shown.put`` or ``shown.claim`` (all return None:
    tests/test_inline.py, tests/test_formatting.py); the JupyterLab
    reading check (``_check_solutions_folded``) confirms after Run All that no solution
    cell has an output."""
    import ast

    def quiet_call(node) -> bool:
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            return False
        f = node.value.func
        return (isinstance(f, ast.Attribute) and f.attr in ("set", "put", "claim")
                and isinstance(f.value, ast.Name) and f.value.id == "shown")

    checked = 0
    for cell in jupytext.read(BOOK / page).cells:
        if cell.cell_type != "code" or "solution" not in cell.metadata:
            continue
        code = "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith("%"))
        tree = ast.parse(code)
        calls = {node.func.id for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        label = cell.metadata["solution"]
        assert not calls & {"print", "display"}, f"{page}: the solution to {label} prints"
        assert tree.body and (not isinstance(tree.body[-1], ast.Expr) or quiet_call(tree.body[-1])), \
            f"{page}: the solution to {label} ends in an expression, which JupyterLab shows"
        checked += 1
    assert checked >= 1, page
