"""The built website: every page is there and renders cleanly.

The book is built once per session by the ``built_site`` fixture
(tests/conftest.py) with ``-W -n --keep-going``: a warning, a failing cell
or an {eval} role that cannot be evaluated already fails that fixture, with the build log.
These tests then read the HTML it wrote.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from banking_games import registry
from conftest import toc_pages

GAMES = list(registry.SLUGS)
REQUIRED = ["intro", *GAMES, "sources"]
PAGES = toc_pages()

# LaTeX that should have been typeset: display delimiters, \( \[ and common commands
RAW_LATEX = re.compile(
    r"\$\$|\\\(|\\\[|\\(?:frac|dfrac|tfrac|binom|begin|end|sum|prod|cdot|times|mathbb|mathrm|"
    r"left|right|sqrt|le|ge|neq|infty)(?![a-zA-Z])"
)
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def soup(site: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")


def prose_text(doc: BeautifulSoup) -> str:
    """Visible text of the article outside math, code and scripts."""
    article = doc.select_one("article") or doc
    article = BeautifulSoup(str(article), "html.parser")
    for tag in article.select("script, style, pre, code, .math, .highlight, mjx-container"):
        tag.decompose()
    return article.get_text(" ")


def test_toc_has_the_required_pages():
    # the book's outline: an introduction, one chapter per game, the sources appendix
    for page in REQUIRED:
        assert page in PAGES, f"{page} missing from book/_toc.yml"
    assert PAGES[0] == "intro" and PAGES[-1] == "sources"


@pytest.mark.parametrize("page", PAGES)
def test_page_built_with_title(built_site, page):
    path = built_site / f"{page}.html"
    assert path.is_file(), f"{path} was not built"
    doc = soup(built_site, page)
    h1 = doc.select("article h1")
    assert len(h1) == 1, f"{page}: expected one <h1> title, found {len(h1)}"
    assert h1[0].get_text(strip=True), f"{page}: empty title"


def test_index_opens_the_introduction(built_site):
    index = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'url=intro.html' in index
    intro = soup(built_site, "intro")
    assert intro.select_one("article h1").get_text(strip=True).startswith("Three Banking Card Games")
    nav = intro.select_one("nav.bd-links") or intro
    nav_links = {a.get("href", "").split("#")[0] for a in nav.select("a")}
    for page in REQUIRED[1:]:
        assert f"{page}.html" in nav_links, f"{page} not in the navigation"


@pytest.mark.parametrize("page", PAGES)
def test_no_error_output(built_site, page):
    doc = soup(built_site, page)
    html = str(doc)
    assert "Traceback (most recent call last)" not in html, f"{page}: a traceback is shown"
    errors = doc.select(".output.traceback, .output.error, .output.stderr")
    assert not errors, f"{page}: error/stderr output cells: {[e.get_text()[:200] for e in errors]}"
    # an ipython error rendered as text: "NameError: ..." with ANSI colours stripped
    assert not re.search(r"\b[A-Z][A-Za-z]*Error\b[^<]{0,40}Traceback", html)


@pytest.mark.parametrize("page", PAGES)
def test_no_unrendered_latex(built_site, page):
    doc = soup(built_site, page)
    text = prose_text(doc)
    found = sorted(set(RAW_LATEX.findall(text)))
    assert not found, f"{page}: LaTeX outside math elements: {found}"
    # and every math element is handed to the local MathJax
    if doc.select(".math"):
        srcs = [s.get("src", "") for s in doc.select("script[src]")]
        assert any(s.startswith("_static/vendor/mathjax/tex-mml-chtml.js") for s in srcs), srcs


@pytest.mark.parametrize("page", GAMES)
def test_chapter_shows_cards(built_site, page):
    doc = soup(built_site, page)
    cards = doc.select("article .bg-card")
    assert cards, f"{page}: no card drawings (class bg-card from banking_games.render)"
    faces = [c for c in cards if "bg-face" in (c.get("class") or [])]
    assert faces, f"{page}: only card backs or empty places, no face-up card"


@pytest.mark.parametrize("page", PAGES)
def test_no_external_resources(built_site, page):
    # the site must work offline: scripts, styles, images, fonts, iframes are local
    doc = soup(built_site, page)
    external = []
    for tag in doc.select("script[src], img[src], iframe[src], source[src], audio[src], video[src]"):
        if re.match(r"^(https?:)?//", tag["src"]):
            external.append(tag["src"])
    for tag in doc.select("link[href]"):
        rel = " ".join(tag.get("rel") or [])
        if rel in {"stylesheet", "preload", "icon", "shortcut icon", "modulepreload", "prefetch"}:
            if re.match(r"^(https?:)?//", tag["href"]):
                external.append(tag["href"])
    assert not external, f"{page} loads from other hosts: {external}"


@pytest.mark.parametrize("page", PAGES)
def test_widget_scripts_only_where_needed(built_site, page):
    doc = soup(built_site, page)
    srcs = [s.get("src", "").split("?")[0] for s in doc.select("script[src]")]
    vendor = [s for s in srcs if "vendor/requirejs" in s or "vendor/html-manager" in s or "widgets-setup" in s]
    # saved widgets, or a live box (Deal live, the lesson pages' class board) whose widgets the
    # page's widget manager shows once Python runs
    if doc.find("script", attrs={"type": WIDGET_STATE}) or doc.select_one("div.bg-live"):
        assert vendor == [
            "_static/vendor/requirejs/require.js",
            "_static/vendor/widgets-setup.js",
            "_static/vendor/html-manager/embed-amd.js",
        ], vendor
    else:
        assert vendor == [], f"{page} loads the widget manager without widgets"
    assert not any("thebe" in s for s in srcs), f"{page}: sphinx-thebe scripts {srcs}"


def test_vendored_javascript_in_site(built_site):
    static = built_site / "_static" / "vendor"
    for rel in ("requirejs/require.js", "widgets-setup.js", "html-manager/embed-amd.js",
                "mathjax/tex-mml-chtml.js", "mathjax/output/chtml/fonts/woff-v2/MathJax_Main-Regular.woff",
                "mathjax/input/tex/extensions/ams.js"):
        assert (static / rel).is_file(), rel
    # Jupyter Book adds every .js/.css of book/_static/ to every page: keep bundles out of it
    book_static = built_site.parent.parent / "_static"
    assert not list(book_static.glob("**/*.js")), "move scripts out of book/_static/"


def test_sources_appendix(built_site):
    doc = soup(built_site, "sources")
    text = doc.get_text(" ")
    bib = doc.select_one("article .bibliography, article div.citation, article dl.citation")
    assert bib is not None, "no bibliography list on the sources page"
    # the four source texts (keys in book/references.bib)
    for name in ("Official World Encyclopedia of Sports and Games", "Russian edition",
                 "Wikipedia", "Complete Book of Card Games"):
        assert name in text, name
    # CC BY-SA attribution for the German Wikipedia article
    assert "CC BY-SA" in text and "de.wikipedia.org/wiki/Hoggenheimer" in text


def test_smoke_page_typesets_sympy_as_math(smoke_site):
    doc = soup(smoke_site, "smoke")
    latex_out = doc.select(".cell_output .math")
    assert latex_out, "SymPy output was not rendered as a math element (text/latex priority)"
    assert "\\frac" in latex_out[0].get_text() and "\\sqrt" in latex_out[0].get_text()
    assert doc.find("script", attrs={"type": WIDGET_STATE}) is not None
