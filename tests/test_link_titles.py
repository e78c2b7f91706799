"""Links to other pages keep their targets' titles (issue 12 follow-up).

Pages link each other with Markdown links, ``[text](page.md)`` or
``[text](page.md#heading-slug)``, so that the website and JupyterLab
(jupyterlab-myst) both show them. Their texts are typed; this test keeps the
ones that name a page or a heading in step with it.

The rule, for every such link in the prose of ``book/*.md`` (code cells are
not prose; images and links to files other than ``.md`` are not checked):

* A link whose text begins with a capital letter (its first letter, after
  any markup such as ``*``) is a **title link**. Without an anchor its text
  is exactly the target page's title, the first ``# `` heading of that page.
  With an anchor its text is exactly the heading the anchor names, or the
  target page's title (a list of chapters that all link to the same section,
  e.g. ``[Landsknecht](landsknecht.md#deal-it-yourself)``).
* Any other link (its first letter is lower case, e.g. ``[the
  chapter](hoggenheimer.md)``, ``[45-minute lesson](lesson-landsknecht.md)``)
  is a **prose link** and may say anything. A prose link that starts a
  sentence keeps its capital outside the link: ``The [next
  section](hoggenheimer-values.md)``.

Texts are compared after collapsing runs of white space, character for
character (case included). Whether an anchor exists is not checked here:
the strict build (``-W -n``, ``myst_heading_anchors: 3``) already fails on
a slug that is not a heading of level 1 to 3 of the target page (MyST's
warning ``myst.xref_missing``, "local id not found"); a title link whose
anchor is missing is reported here only as that.

``test_titles_are_the_built_titles`` checks, on the built site, that "the
first ``# `` heading" read here is the page's title as the website shows it
(its ``<h1>``).
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parents[1] / "book"

LINK = re.compile(r"(?<!!)\[([^\[\]]+)\]\(([A-Za-z0-9_.\-/]+\.md)(?:#([^)\s]*))?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
# the website's typography (smartquotes) turns straight quotes into curly ones
SMART_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _squash(text: str) -> str:
    return " ".join(text.split())


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of a page outside its front matter and code (numbered from 1).

    Directives written as fences (```{exercise}, ```{glossary} ...) hold
    prose and are kept; code cells and plain code fences are dropped."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out: list[tuple[int, str]] = []
    start = 0
    if lines and lines[0].strip() == "---":
        start = next(i for i in range(1, len(lines)) if lines[i].strip() == "---") + 1
    stack: list[tuple[str, bool]] = []  # (fence, is_code)
    for i in range(start, len(lines)):
        line = lines[i]
        m = FENCE.match(line.strip())
        if m:
            fence, info = m.group(1), m.group(2).strip()
            if stack and info == "" and fence[0] == stack[-1][0][0] and len(fence) >= len(stack[-1][0]):
                stack.pop()
                continue
            if not (stack and stack[-1][1]):
                is_code = not info.startswith("{") or info.startswith("{code-cell}")
                stack.append((fence, is_code))
                continue
        if stack and stack[-1][1]:
            continue
        out.append((i + 1, line))
    return out


def slugify(text: str) -> str:
    """MyST's heading slug (myst_parser's default_slugify, GitHub's rule)."""
    from myst_parser.mdit_to_docutils.base import default_slugify
    return default_slugify(text)


def page_headings(path: Path) -> tuple[str, dict[str, str]]:
    """A page's title and its headings of level <= 3 by slug (first wins)."""
    title = None
    by_slug: dict[str, str] = {}
    for _, line in prose_lines(path):
        m = HEADING.match(line)
        if not m:
            continue
        level, text = len(m.group(1)), _squash(m.group(2))
        if level == 1 and title is None:
            title = text
        if level <= 3:
            by_slug.setdefault(slugify(text), text)
    assert title, f"{path.name}: no '# ' heading"
    return title, by_slug


def page_links(path: Path) -> list[tuple[int, str, str, str | None]]:
    """(line, text, target page, anchor) of each Markdown link to a .md page."""
    numbered = prose_lines(path)
    text = "\n".join(line for _, line in numbered)
    starts, pos = [], 0
    for _, line in numbered:
        starts.append(pos)
        pos += len(line) + 1
    out = []
    for m in LINK.finditer(text):
        row = max(i for i, s in enumerate(starts) if s <= m.start())
        out.append((numbered[row][0], _squash(m.group(1)), m.group(2), m.group(3)))
    return out


def is_title_link(text: str) -> bool:
    first = next((c for c in text if c.isalpha()), "")
    return first.isupper()


def _pages() -> list[Path]:
    return sorted(p for p in BOOK.glob("*.md") if p.name != "README.md")


def problems(pages: list[Path]) -> list[str]:
    titles = {p.name: page_headings(p) for p in pages}
    out = []
    for page in pages:
        for line, text, target, anchor in page_links(page):
            if not is_title_link(text):
                continue
            where = f"{page.name}:{line}: [{text}]({target}{'#' + anchor if anchor else ''})"
            if target not in titles:
                out.append(f"{where}: no page {target}")
                continue
            title, by_slug = titles[target]
            if anchor is None:
                if text != title:
                    out.append(f"{where}: the page's title is {title!r}")
            elif anchor not in by_slug:
                out.append(f"{where}: no heading with slug {anchor!r} (the strict build fails on this too)")
            elif text not in (by_slug[anchor], title):
                out.append(f"{where}: the heading is {by_slug[anchor]!r} (page title {title!r})")
    return out


def test_title_links_match_their_targets():
    found = problems(_pages())
    assert not found, "links whose text is not the target's title or heading:\n" + "\n".join(found)


def test_the_parser_sees_the_links():
    # Independent of the rule: counted by hand in the sources (grep '](' for
    # .md). intro.md has 18 links to pages (the 17th: Sources, in its section on the
    # code and the licence; the 18th: Teach with this book, under "Read it"), 3 of them
    # into the values pages' exercises;
    # hoggenheimer-values.md links its own chapter as prose.
    intro = page_links(BOOK / "intro.md")
    assert len(intro) == 18
    assert [a for _, _, t, a in intro if t == "hoggenheimer-values.md"] == ["exercises"]
    hog = {(text, target) for _, text, target, _ in page_links(BOOK / "hoggenheimer-values.md")}
    assert ("the chapter", "hoggenheimer.md") in hog
    assert not is_title_link("the chapter") and not is_title_link("45-minute lesson")
    assert is_title_link("*Deal it yourself*") and is_title_link("Sources")
    # a heading in a code cell ("# a comment") is not a heading of the page
    title, by_slug = page_headings(BOOK / "hoggenheimer-values.md")
    assert title == "Hoggenheimer: the value of every bet"
    assert by_slug["exercises"] == "Exercises"
    assert not any(h.startswith("the odds at which") for h in by_slug.values())


def test_a_renamed_heading_is_caught(tmp_path):
    # The rule on two throw-away pages: a stale title, a stale heading whose
    # slug did not change (the build cannot see it), a prose link left alone.
    (tmp_path / "a.md").write_text(
        "# Alpha page\n\n## Deal it yourself!\n\n```{code-cell} ipython3\n# Not a heading\n```\n")
    (tmp_path / "b.md").write_text(
        "# B\n\nSee [Alpha](a.md), [Deal it yourself](a.md#deal-it-yourself),\n"
        "[Alpha page](a.md#deal-it-yourself), [the alpha\npage](a.md) and\n"
        "[Alpha\npage](a.md).\n")
    found = problems([tmp_path / "a.md", tmp_path / "b.md"])
    assert len(found) == 2, found
    assert "[Alpha](a.md)" in found[0] and "'Alpha page'" in found[0]
    assert "[Deal it yourself](a.md#deal-it-yourself)" in found[1]
    assert "'Deal it yourself!'" in found[1]


def test_titles_are_the_built_titles(built_site, book_pages):
    for name in book_pages:
        page = (built_site / f"{name}.html").read_text(encoding="utf-8")
        h1 = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
        assert h1, name
        shown = re.sub(r"<a class=\"headerlink\".*?</a>", "", h1.group(1), flags=re.S)
        shown = _squash(html_lib.unescape(re.sub(r"<[^>]+>", "", shown))).translate(SMART_QUOTES)
        title, _ = page_headings(BOOK / f"{name}.md")
        assert shown == title, (name, shown, title)
