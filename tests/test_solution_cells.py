"""book/_ext/banking_book/solution_cells.py: a worked solution's code cells, written right
before its ``{solution}`` directive (``solution: <exercise>`` in their
metadata), are shown inside the solution on the website, where its body says
``% solution code`` (issue 12: in JupyterLab the whole solution is then one
Markdown cell, which folds).

Two tiny books built with the strict path (conftest
``build_tiny_notebook_book``), one notebook each with stored outputs and no
execution (a few seconds):

* a good page: an exercise, two marked cells (code shown, and a second one),
  then the solution with text, the mark and more text. Expected: the
  solution holds, in this order, the first text, the two cells, the last
  text; no cell is left between the exercise and the solution; the comment
  is gone;
* a bad page with one mistake each: a marked cell for an exercise with no
  solution mark, a mark in a solution with no marked cell, a marked cell that
  is not right before its solution, and a mark outside any solution. The
  strict build must fail and the log must name each.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import build_tiny_notebook_book, markdown_cell as _md, need_module

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_book  # noqa: E402  (problem_lines: the log lines that fail a build)

bs4 = need_module("bs4")


def _code(cell_id: str, source: str, printed: str, solution: str | None) -> dict:
    meta = {"solution": solution} if solution else {}
    return {"cell_type": "code", "execution_count": 1, "id": cell_id, "metadata": meta, "source": source,
            "outputs": [{"output_type": "stream", "name": "stdout", "text": printed}]}


def _exercise(label: str) -> str:
    return f"```{{exercise}} Ex {label}\n:label: {label}\nSolve {label}.\n```\n"


def _solution(label: str, body: str) -> str:
    return f"````{{solution}} {label}\n:class: dropdown\n\n{body}\n````\n"


def _book(tmp: Path, cells: list[dict]) -> tuple[Path, bool, str]:
    return build_tiny_notebook_book(tmp, cells, local_extensions=["banking_book.solution_cells"],
                                    extra_extensions=["sphinx_exercise"])


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    return _book(tmp_path_factory.mktemp("solutions-good"), [
        _md("# Solutions\n\n" + _exercise("ex-a"), "m0"),
        _code("c1", "first_step = 1", "FIRST-OUT\n", "ex-a"),
        _code("c2", "second_step = 2", "SECOND-OUT\n", "ex-a"),
        _md(_solution("ex-a", "Text before the code.\n\n% solution code\n\nText after the code."), "m1"),
        _md("After the solution.", "m2"),
    ])


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    return _book(tmp_path_factory.mktemp("solutions-bad"), [
        _md("# Solutions\n\n" + _exercise("ex-nomark"), "m0"),
        _code("c1", "x = 1", "", "ex-nomark"),
        _md(_solution("ex-nomark", "No mark here."), "m1"),
        _md(_exercise("ex-nocell"), "m2"),
        _md(_solution("ex-nocell", "% solution code\n\nA mark with no cell."), "m3"),
        _md(_exercise("ex-far"), "m4"),
        _code("c2", "y = 2", "", "ex-far"),
        _md("A paragraph between the cell and the solution.", "m5"),
        _md(_solution("ex-far", "% solution code\n\nToo far."), "m6"),
        _md("% solution code\n\nA mark outside any solution.", "m7"),
    ])[1:]


def test_marked_cells_show_inside_their_solution_at_the_mark(good):
    book, ok, log = good
    assert ok, log[-3000:]
    soup = bs4.BeautifulSoup((book / "_build" / "html" / "page.html").read_text(), "html.parser")
    main = soup.select_one("main")
    solution = main.select_one("div.solution")
    text = " ".join(solution.get_text().split())
    order = [text.find(s) for s in ("Text before the code.", "first_step = 1", "FIRST-OUT",
                                    "second_step = 2", "SECOND-OUT", "Text after the code.")]
    assert -1 not in order and order == sorted(order), (order, text[:400])
    # nothing of the cells is left outside the solution, and the mark is gone
    outside = " ".join(main.get_text().split()).replace(text, "")
    assert "first_step" not in outside and "SECOND-OUT" not in outside
    assert "solution code" not in main.get_text()


def test_each_misplaced_mark_or_cell_fails_the_strict_build(bad):
    ok, log = bad
    assert not ok
    problems = "\n".join(build_book.problem_lines(log))
    expected = {
        "no mark": r"marked 'solution: ex-nomark' but no solution to ex-nomark on this page has",
        "no cell": r"the solution to ex-nocell marks '% solution code' but no code cell has",
        "too far": r"marked 'solution: ex-far' must come right before that solution",
        "outside": r"'% solution code' is outside a solution",
    }
    missing = {k: v for k, v in expected.items() if not re.search(re.escape(v).replace(r"\ ", " "), problems)}
    assert not missing, f"not reported: {sorted(missing)}\n{problems[-3000:]}"
