"""One source for the website and JupyterLab (issue 12, part D): captions, Deal live, glossary.

What the page's source says is the expected value, read here with Jupytext and
plain text search, independently of book/_ext/ (which makes the website):

* a figure's or table's caption is a ``figure`` directive without an image
  right under its code cell (``:label: <name>``, ``:kind: table`` for a table,
  the caption as its body); the website shows it as the numbered caption of
  the figure ``<name>`` ("Fig. N" for a figure, "Table N" for ``:kind: table``,
  as jupyterlab-myst numbers them), and no cell keeps a caption in its
  metadata (it would show on the website only);
* the Deal live box of each chapter comes from the code cell marked
  ``live-table: <replay name>``: the box names that replay and runs exactly the
  cell's code; no page writes a ``{live-table}`` directive (JupyterLab would
  show an "Unknown Directive" box);
* the glossary, written as a MyST definition list, is on the website Sphinx's
  glossary with the same terms in the same order (``term-`` anchors).
"""

from __future__ import annotations

import html
import re
import sys

import pytest

from banking_games import registry
from conftest import BOOK, expected, need_module, toc_pages

jupytext = need_module("jupytext")
bs4 = need_module("bs4")

PAGES = toc_pages()
# a caption: a figure directive without an image (book/_ext/banking_book/cell_captions.py)
MARK = re.compile(r"^```\{figure\}\n:label: (\S+)\n(:kind: table\n)?((?:(?!```).+\n)+)```$", re.M)
SMART_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _soup(built_site, page):
    return bs4.BeautifulSoup((built_site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")


def _plain_pieces(markdown: str) -> list[str]:
    """The caption's plain words, in order: the text between its roles
    (``{eval}`...``` and the like) and its math, without emphasis and code
    marks (those render differently); pieces of three characters or more."""
    pieces = re.split(r"\{[\w:-]+\}`[^`]*`|\$[^$]*\$", markdown)
    pieces = [" ".join(p.replace("*", "").replace("`", "").split()).strip(" ,.;:()") for p in pieces]
    return [p for p in pieces if len(p) >= 3]


@pytest.mark.parametrize("page", PAGES)
def test_captions_come_from_the_markdown_under_the_cell(built_site, page):
    text = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    marks = {name: (kind, para) for name, kind, para in MARK.findall(text)}
    assert text.count("```{figure}") == len(marks), f"{page}: a figure directive not in the caption form"
    assert "% caption:" not in text, f"{page}: the old caption marker is left"
    soup = _soup(built_site, page)
    figures = {}
    for fig in soup.select("main figure"):
        cap = fig.select_one("figcaption")
        if cap is not None and fig.get("id"):
            number = cap.select_one(".caption-number")
            number = number.get_text().strip() if number else ""
            for x in cap.select(".caption-number, a.headerlink"):
                x.decompose()
            figures[fig["id"]] = (number, " ".join(cap.get_text().split()))
    # every marked caption is a numbered caption of the figure it names, and every
    # captioned figure of the page has its caption from such a mark
    assert set(marks) == set(figures), f"{page}: marks {sorted(marks)} vs captioned figures {sorted(figures)}"
    for name, (kind, para) in marks.items():
        number, caption = figures[name]
        # JupyterLab numbers by :kind:, the website by what the cell shows: they must agree
        want = r"Table \d+" if kind else r"Fig\. \d+"
        assert re.fullmatch(want, number), f"{page}: {name} ({kind.strip() or 'figure'}) is numbered {number!r}"
        caption = caption.translate(SMART_QUOTES)   # the website's typography
        at = 0
        for piece in _plain_pieces(para):   # the whole caption, in order, not only its start
            found = caption.find(piece, at)
            assert found >= 0, f"{page}: {name}'s caption {caption!r} lacks {piece!r} (after position {at})"
            at = found + len(piece)
    for cell in jupytext.read(BOOK / f"{page}.md").cells:
        figure = (cell.metadata.get("mystnb") or {}).get("figure") or {}
        assert "caption" not in figure, f"{page}: a caption left in cell metadata ({figure.get('name')})"


@pytest.mark.parametrize("chapter", sorted(registry.SLUGS))
def test_deal_live_box_runs_the_marked_cell(built_site, chapter):
    replay = expected(chapter, "REPLAY")   # the chapter's replay, which its Deal live box replaces
    nb = jupytext.read(BOOK / f"{chapter}.md")
    marked = [c for c in nb.cells if c.cell_type == "code" and "live-table" in c.metadata]
    assert len(marked) == 1, f"{chapter}: {len(marked)} cells marked live-table"
    assert marked[0].metadata["live-table"] == replay
    soup = _soup(built_site, chapter)
    boxes = soup.select("div.bg-live")
    assert len(boxes) == 1, f"{chapter}: {len(boxes)} Deal live boxes"
    assert boxes[0]["data-replaces"] == replay
    assert soup.select_one(f"figure#{replay}") is not None, "the replay it replaces is on the page"
    code = boxes[0].select_one("script[type='text/x-python']").string
    assert html.unescape(code).strip() == marked[0].source.strip()
    # the live box follows the cell that shows the same code (written once, in the cell)
    cell = boxes[0].find_previous_sibling("div", class_="cell")
    assert cell is not None and " ".join(cell.get_text().split()) == " ".join(marked[0].source.split())


def test_no_page_writes_a_live_table_directive():
    for page in PAGES:
        assert "{live-table}" not in (BOOK / f"{page}.md").read_text(encoding="utf-8"), page


def test_glossary_is_a_definition_list_in_the_source_and_sphinx_glossary_on_the_site(built_site):
    text = (BOOK / "glossary.md").read_text(encoding="utf-8")
    body = re.search(r"```\{glossary\}\n(.*?)\n```", text, re.S).group(1)
    # MyST definition list: "term" then ": definition" (later lines indented by two spaces)
    terms = re.findall(r"^(\S[^\n]*)\n: ", body, re.M)
    assert len(terms) == 46   # counted by hand in book/glossary.md when written
    site = []
    for dt in _soup(built_site, "glossary").select("dl.glossary > dt"):
        assert dt.get("id", "").startswith("term-"), dt
        for x in dt.select("a.headerlink"):
            x.decompose()
        site.append(" ".join(dt.get_text().split()).translate(SMART_QUOTES))
    assert site == terms


def test_the_deal_live_box_states_what_pressing_fetches(tmp_path):
    """The box's "about N MB" is summed from the files Deal live fetches (issue 19: it
    said 12 while 14.0 MB were fetched). Files made here with sizes chosen by hand:
    core 9,600,000 + 2,500,000 + 1,250,000 + 18,000 + 114,000 bytes, wheels 170,000 +
    140,000 (their sizes as wheels.json lists them), bridge 3,000; the JSON file itself
    about 100 bytes: 13,795,100 bytes in all, "about 14 MB". A licence file beside them
    is not fetched and not counted."""
    import importlib
    import json
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        live_tables = importlib.import_module("banking_book.live_tables")
    finally:
        sys.path.remove(str(BOOK / "_ext"))
    sizes = {"pyodide.asm.wasm": 9_600_000, "python_stdlib.zip": 2_500_000, "pyodide.asm.mjs": 1_250_000,
             "pyodide.mjs": 18_000, "pyodide-lock.json": 114_000, "bridge.py": 3_000,
             "LICENSE-pyodide.txt": 5_000_000}
    for name, n in sizes.items():
        (tmp_path / name).write_bytes(b"x" * n)
    (tmp_path / "wheels.json").write_text(json.dumps(
        {"wheels": [{"file": "a.whl", "size": 170_000}, {"file": "b.whl", "size": 140_000}]}))
    # 9,600,000 + 2,500,000 + 1,250,000 + 18,000 + 114,000 + 3,000 + 310,000 = 13,795,000,
    # plus the JSON file's own bytes
    manifest = (tmp_path / "wheels.json").stat().st_size
    assert live_tables.fetched_bytes(tmp_path) == 13_795_000 + manifest
    box = live_tables.live_box("t = 1", "fig", 13_795_000 + manifest)
    assert "about 14 MB the first time" in box and f'data-bytes="{13_795_000 + manifest}"' in box
