"""Citations in the prose (banking_games.citations): one source for the website and JupyterLab.

Expected labels are written out here by hand from book/references.bib (read
by a person, not computed): the book's author-year style is the last names
of the authors (editors when there is no author), then the year, or "n.d."
when the copy used states none.

- diagram1979: author {Diagram Visual Information Ltd} (a corporate name in
  braces: the whole name), year 1979 -> "Diagram Visual Information Ltd, 1979"
- diagram-ru: same author, year n.d. -> "Diagram Visual Information Ltd, n.d."
- dewiki-hoggenheimer: author {Wikipedia contributors}, year n.d.
  -> "Wikipedia contributors, n.d."
- arnold2002: no author, editor Peter Arnold, year 2002 -> "Arnold, 2002"

The website's sphinxcontrib-bibtex prints the same labels (author_year
style): tests/test_jupyterlab.py compares the two on every page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import need_module

need_module("pybtex.database")

from banking_games.citations import (BIBLIOGRAPHY_LINK, Citation, CitationError,  # noqa: E402
                                     bibliography, cite)
from banking_games.errors import GameError  # noqa: E402

BOOK = Path(__file__).resolve().parent.parent / "book"
BIB = BOOK / "references.bib"

EXPECTED = {
    "diagram1979": "Diagram Visual Information Ltd, 1979",
    "diagram-ru": "Diagram Visual Information Ltd, n.d.",
    "dewiki-hoggenheimer": "Wikipedia contributors, n.d.",
    "arnold2002": "Arnold, 2002",
}


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_label_of_each_entry(key):
    c = cite(key, bib=BIB)
    assert c.labels == (EXPECTED[key],)
    assert str(c) == f"[{EXPECTED[key]}]"


def test_several_keys_keep_their_order_and_the_role():
    c = cite("diagram1979, dewiki-hoggenheimer", bib=BIB)
    assert str(c) == "[Diagram Visual Information Ltd, 1979, Wikipedia contributors, n.d.]"
    bundle = c._repr_mimebundle_()
    # the website parses this role: sphinxcontrib-bibtex makes the citation
    assert bundle["text/markdown"] == "{cite}`diagram1979,dewiki-hoggenheimer`"
    assert bundle["text/plain"] == str(c)


def test_html_links_each_label_to_the_bibliography():
    c = cite("diagram1979,arnold2002", bib=BIB)
    html = c._repr_mimebundle_()["text/html"]
    links = re.findall(r'<a href="([^"]+)" title="([^"]+)">([^<]+)</a>', html)
    assert [(href, text) for href, _, text in links] == [
        (BIBLIOGRAPHY_LINK, "Diagram Visual Information Ltd, 1979"), (BIBLIOGRAPHY_LINK, "Arnold, 2002")]
    # the tooltip names the work (title from the bib) and, for arnold2002, its editor
    assert "The Official World Encyclopedia of Sports and Games" in links[0][1]
    assert "Peter Arnold (ed.)" in links[1][1]
    # the link leads to the page whose bibliography lists every entry
    assert BIBLIOGRAPHY_LINK == "sources.md#bibliography"
    sources = (BOOK / "sources.md").read_text()
    # (the cell's options as ":tags:" lines or as a YAML block, e.g. with JupyterLab's folding)
    assert re.search(r"^## Bibliography\n\n```\{code-cell\} ipython3\n(:tags:.*\n\n|---\n(.*\n)*?---\n)?"
                     r"bibliography\(\)", sources, re.M)


def test_finds_the_book_bib_from_the_book_folder(monkeypatch):
    monkeypatch.chdir(BOOK)
    assert isinstance(cite("arnold2002"), Citation)


@pytest.mark.parametrize("keys, says", [
    ("nosuchkey", "not in the bibliography; it holds: arnold2002, dewiki-hoggenheimer, diagram-ru, diagram1979"),
    ("diagram1979,nosuch", "'nosuch'"),
    ("", "malformed"),
    ("diagram1979,,arnold2002", "malformed"),
    ("diagram 1979", "malformed"),
    ("arnold2002,arnold2002", "twice"),
])
def test_bad_keys_refused_with_what_is_allowed(keys, says):
    with pytest.raises(CitationError) as err:
        cite(keys, bib=BIB)
    assert says in str(err.value)
    assert isinstance(err.value, GameError)


def test_keys_must_be_a_string():
    with pytest.raises(CitationError, match="must be a string"):
        cite(["diagram1979"], bib=BIB)


def test_missing_bib_file_is_named(tmp_path):
    with pytest.raises(CitationError):
        cite("arnold2002", bib=tmp_path / "none.bib")


def test_prose_cites_only_with_eval_and_known_keys():
    """Every page cites with {eval}`cite("...")` (a {cite} role would show as a key
    with a warning icon in JupyterLab) and every key is in references.bib."""
    from pybtex.database import parse_file
    keys = set(parse_file(str(BIB)).entries)
    used = set()
    for page in sorted(BOOK.glob("*.md")):
        text = page.read_text()
        assert not re.search(r"\{cite(:\w+)?\}`", text), f"{page.name}: a {{cite}} role in the prose"
        for m in re.finditer(r'\{eval\}`cite\("([^"]+)"\)`', text):
            used |= {k.strip() for k in m.group(1).split(",")}
        if "{eval}`cite(" in text:
            assert re.search(r"^from banking_games\.citations import .*\bcite\b", text, re.M), \
                f"{page.name}: cite is not imported"
    assert used and used <= keys, used - keys
    assert used == keys, f"entries never cited: {keys - used}"


def test_bibliography_lists_every_entry_sorted_as_the_website():
    """Sorted by author, then year, then title (pybtex's author_year_title, as the
    website's style): Arnold < Diagram ... 1979 < Diagram ... n.d. < Wikipedia."""
    b = bibliography(bib=BIB)
    assert [(k, lab) for k, lab, _ in b.entries] == [
        ("arnold2002", "Arnold, 2002"),
        ("diagram1979", "Diagram Visual Information Ltd, 1979"),
        ("diagram-ru", "Diagram Visual Information Ltd, n.d."),
        ("dewiki-hoggenheimer", "Wikipedia contributors, n.d."),
    ]
    text = dict((k, t) for k, _, t in b.entries)
    assert text["arnold2002"].startswith("Peter Arnold, editor. The Complete Book of Card Games. Chancellor Press")
    assert "https://de.wikipedia.org/wiki/Hoggenheimer" in text["dewiki-hoggenheimer"]
    bundle = b._repr_mimebundle_()
    assert bundle["text/markdown"] == "```{bibliography}\n```"   # the website's list (sphinxcontrib-bibtex)
    assert bundle["text/html"].count("<dt") == 4
