"""book/_ext/banking_book/cell_captions.py: a figure directive without an image is the caption
of the code cell's figure right above it (issue 12: one source for the website
and JupyterLab, where jupyterlab-myst numbers such a directive and resolves
``{numref}`` to it).

Two tiny books built with the strict path (conftest
``build_tiny_notebook_book``), each one notebook with stored outputs and no
execution (a few seconds, no kernel):

* a good page: a table cell captioned with ``:kind: table`` and a figure cell
  captioned without a kind. Expected, from how Sphinx writes a numbered
  figure: the table's caption reads "Table 1" then the caption text, the
  figure's "Fig. 1" then its text (each kind is counted from 1 on a page,
  book/_ext/banking_book/offline_site.py), and a ``{numref}`` to each reads the same;
* a bad page with one mistake per caption; the strict build must fail and
  the log must name each mistake: the wrong kind (the cell shows a table,
  the caption says figure), a label no cell has, a caption that does not
  come right after its cell, and a caption of two paragraphs.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import BOOK, build_tiny_notebook_book, markdown_cell as _md, need_module

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_book  # noqa: E402  (problem_lines: the log lines that fail a build)

bs4 = need_module("bs4")

TABLE_HTML = "<table><tr><th>a</th></tr><tr><td>1</td></tr></table>"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'


def _code(name: str, html: str) -> dict:
    return {"cell_type": "code", "execution_count": 1, "id": name,
            "metadata": {"mystnb": {"figure": {"name": name}}}, "source": f"show('{name}')",
            "outputs": [{"output_type": "display_data", "metadata": {}, "data": {"text/html": html}}]}


def _figure(label: str, body: str, kind: str = "") -> str:
    return "```{figure}\n:label: " + label + "\n" + (f":kind: {kind}\n" if kind else "") + body + "\n```\n"


def _book(tmp: Path, cells: list[dict]) -> tuple[Path, bool, str]:
    # offline_site numbers a table as a table; it checks that its scripts are in html_static_path
    return build_tiny_notebook_book(tmp, cells,
                                    local_extensions=["banking_book.offline_site", "banking_book.cell_captions"],
                                    static_path=[BOOK / "_vendor"])


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    return _book(tmp_path_factory.mktemp("captions-good"), [
        _md("# Captions\n\nSee {numref}`t-one` and {numref}`f-one`.", "m0"),
        _code("t-one", TABLE_HTML),
        _md(_figure("t-one", "The first table, in words.", kind="table"), "m1"),
        _code("f-one", SVG),
        _md(_figure("f-one", "The first picture, in words."), "m2"),
    ])


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    return _book(tmp_path_factory.mktemp("captions-bad"), [
        _md("# Captions", "m0"),
        _code("t-wrong-kind", TABLE_HTML),
        _md(_figure("t-wrong-kind", "A table captioned as a figure."), "m1"),
        _code("f-far", SVG),
        _md("A paragraph between the cell and its caption.\n\n" + _figure("f-far", "Too far down."), "m2"),
        _code("f-two", SVG),
        _md(_figure("f-two", "First paragraph.\n\nSecond paragraph."), "m3"),
        _md(_figure("no-such-cell", "A caption for nothing."), "m4"),
    ])[1:]


def test_a_caption_under_its_cell_is_the_numbered_caption(good):
    book, ok, log = good
    assert ok, log[-3000:]
    soup = bs4.BeautifulSoup((book / "_build" / "html" / "page.html").read_text(), "html.parser")
    captions = {}
    for fig in soup.select("figure[id]"):
        cap = fig.select_one("figcaption")
        captions[fig["id"]] = " ".join(cap.get_text().split()).replace("#", "").strip()
    assert captions == {"t-one": "Table 1 The first table, in words.",
                        "f-one": "Fig. 1 The first picture, in words."}
    refs = [" ".join(a.get_text().split()) for a in soup.select("main a.reference.internal[href^='#']")
            if a["href"] in ("#t-one", "#f-one") and not a.find_parent("figcaption")]
    assert refs == ["Table 1", "Fig. 1"]
    # the caption left the text: it shows once, in the figure
    assert soup.get_text().count("The first table, in words.") == 1


def test_each_misplaced_or_wrong_caption_fails_the_strict_build(bad):
    ok, log = bad
    assert not ok
    problems = "\n".join(build_book.problem_lines(log))
    expected = {
        "t-wrong-kind": r"'t-wrong-kind' says ':kind: figure' but the cell shows a table",
        "f-far": r"'f-far' must come right after the cell",
        "f-two": r"'f-two' must be one paragraph",
        "no-such-cell": r"'no-such-cell' names no figure of this page",
    }
    missing = {k: v for k, v in expected.items() if not re.search(v, problems)}
    assert not missing, f"not reported: {sorted(missing)}\n{problems[-3000:]}"
