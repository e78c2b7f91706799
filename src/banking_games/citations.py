"""Citations in the book's prose that read right on the website and in JupyterLab.

The prose cites a source with ``{eval}`cite("diagram1979")``` (several keys:
``cite("diagram1979,dewiki-hoggenheimer")``). The page's first code cell
imports :func:`cite`. The value is a :class:`Citation`, whose output is a
MIME bundle with three forms of one citation:

- ``text/markdown``: the MyST role ``{cite}`diagram1979``` itself. The website
  (myst-nb, with ``nb_render_markdown_format: myst`` and ``text/markdown``
  ranked above ``text/html`` in ``book/_config.yml``) parses it, so
  sphinxcontrib-bibtex makes the citation, its link to the bibliography entry
  and its check that the key exists, exactly as a ``{cite}`` role in the prose;
- ``text/html``: "[Author, Year]" with each label a link to the book's
  bibliography (``sources.md#bibliography``), which JupyterLab (rendermime
  ranks HTML before Markdown) shows and opens as a notebook;
- ``text/plain``: "[Author, Year]", for any other front end.

jupyterlab-myst reads no ``.bib`` file and shows a ``{cite}`` role as its key
with a warning icon (its ``addCiteChildrenTransform``), which is why the
citation is computed here rather than written as a role.

The labels are derived from ``book/references.bib`` with pybtex (installed with
sphinxcontrib-bibtex), in the book's author-year style: the last names of the
authors (or, when there are none, the editors), two joined by "and", more than
two shortened to the first and "et al.", then a comma and the year, e.g.
"Diagram Visual Information Ltd, 1979". The website's bibliography labels use
:func:`author_year` too (``book/_ext/banking_book/offline_site.py``).

No rule of any game lives here.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import GameError

__all__ = ["CitationError", "Citation", "Bibliography", "cite", "bibliography", "author_year",
           "bibliography_path", "BIBLIOGRAPHY_LINK"]

#: Where a citation links in JupyterLab: the book's page *Sources*, section *Bibliography*.
BIBLIOGRAPHY_LINK = "sources.md#bibliography"

_KEY = re.compile(r"[A-Za-z0-9_:.\-]+")


class CitationError(GameError, KeyError):
    """A citation key that is malformed or not in ``references.bib``, or no bib file found."""

    def __str__(self) -> str:   # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


def bibliography_path() -> Path:
    """The book's ``references.bib``: ``Path``.

    Looked for in the working directory first (the website build and JupyterLab
    run each page in ``book/``), then in ``book/`` of the source tree this
    package is installed from (an editable install). Raises
    :class:`CitationError` if neither exists.
    """
    here = Path.cwd() / "references.bib"
    tree = Path(__file__).resolve().parents[2] / "book" / "references.bib"
    for path in (here, tree):
        if path.is_file():
            return path
    raise CitationError(
        f"no bibliography found: looked for {here} and {tree}; "
        "run the page from the book's folder (book/), where references.bib is")


@lru_cache(maxsize=4)
def _entries(path: str, mtime: float) -> dict:
    from pybtex.database import parse_file
    return dict(parse_file(path).entries)


def _bib(path: Path | None = None) -> dict:
    path = Path(path) if path is not None else bibliography_path()
    if not path.is_file():
        raise CitationError(f"no bibliography file at {path}: give the path of a .bib file")
    return _entries(str(path), path.stat().st_mtime)


def _plain(text: str) -> str:
    """BibTeX field text without its braces."""
    return text.replace("{", "").replace("}", "")


def author_year(entry: Any) -> str:
    """The author-year label of one pybtex ``Entry``: ``str``, e.g. "Arnold, 2002".

    People: the authors, or the editors when there are no authors; each by
    last name (a corporate author in braces is its whole name); two joined by
    "and"; more than two: the first and "et al.". With no person, the title
    stands for the name. The year is the entry's ``year`` field, or "n.d."
    when it has none.
    """
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = " and ".join(" ".join(p.last_names) or str(p) for p in people[:2])
    if len(people) > 2:
        names += " et al."
    label = f"{names or entry.fields.get('title', '')}, {entry.fields.get('year', 'n.d.')}"
    return _plain(label)


def _describe(entry: Any) -> str:
    """A one-line description for a link's tooltip: people. Title. Year."""
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    who = _plain(", ".join(" ".join(p.first_names + p.middle_names + p.prelast_names + p.last_names)
                           for p in people))
    if "author" not in entry.persons and people:
        who += " (ed.)"
    parts = [who, _plain(entry.fields.get("title", "")), entry.fields.get("year", "n.d.")]
    return ". ".join(p.rstrip(".") for p in parts if p) + "."


class Citation:
    """One citation of one or more bibliography keys, shown as "[Author, Year, ...]".

    Attributes: ``keys`` (tuple of str), ``labels`` (tuple of str, one
    author-year label per key). Its IPython output is a MIME bundle (see the
    module's docstring); ``str()`` is the plain text.
    """

    def __init__(self, keys: tuple[str, ...], labels: tuple[str, ...], descriptions: tuple[str, ...]):
        self.keys = keys
        self.labels = labels
        self._descriptions = descriptions

    def __str__(self) -> str:
        return "[" + ", ".join(self.labels) + "]"

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def markdown(self) -> str:
        """The MyST role the website parses: ``{cite}`key1,key2```."""
        return "{cite}`" + ",".join(self.keys) + "`"

    def html(self) -> str:
        """"[Author, Year]" with each label a link to the bibliography (for JupyterLab)."""
        links = ", ".join(
            f'<a href="{BIBLIOGRAPHY_LINK}" title="{html.escape(d)}">{html.escape(lab)}</a>'
            for lab, d in zip(self.labels, self._descriptions))
        return f'<span class="bg-citation">[{links}]</span>'

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        return {"text/plain": str(self), "text/html": self.html(), "text/markdown": self.markdown()}


def cite(keys: str, bib: str | Path | None = None) -> Citation:
    """A citation of ``keys`` for the prose: ``{eval}`cite("diagram1979")```.

    Inputs: ``keys``, one bibliography key or several separated by commas
    (spaces allowed), as in a ``{cite}`` role; ``bib``, the ``.bib`` file
    (default: :func:`bibliography_path`). Output: :class:`Citation`.

    Raises :class:`CitationError` if ``keys`` is not a string, is empty, names
    a key twice, or names a key that ``references.bib`` does not hold (the
    message lists the keys it holds), or if no bib file is found.
    """
    if not isinstance(keys, str):
        raise CitationError(f"keys must be a string such as 'diagram1979' or 'a,b', not {type(keys).__name__}")
    wanted = tuple(k.strip() for k in keys.split(","))
    if not keys.strip() or any(not _KEY.fullmatch(k) for k in wanted):
        raise CitationError(
            f"citation keys {keys!r} are malformed: give one key or several separated by commas, "
            "each of letters, digits, '-', '_', ':' or '.'")
    if len(set(wanted)) != len(wanted):
        raise CitationError(f"citation keys {keys!r} name a key twice")
    entries = _bib(bib)
    unknown = [k for k in wanted if k not in entries]
    if unknown:
        raise CitationError(
            f"citation key(s) {', '.join(map(repr, unknown))} not in the bibliography; "
            f"it holds: {', '.join(sorted(entries))}")
    return Citation(wanted, tuple(author_year(entries[k]) for k in wanted),
                    tuple(_describe(entries[k]) for k in wanted))


class Bibliography:
    """Every entry of the bib file, as the book's bibliography (page *Sources*).

    Its IPython output is a MIME bundle: ``text/markdown`` is the MyST
    ``{bibliography}`` directive, which the website parses (sphinxcontrib-bibtex
    lists the entries and the citations link to them); ``text/html`` is the
    list formatted by pybtex (its ``unsrt`` style, sorted and labelled as on
    the website: :func:`author_year`), for JupyterLab; ``text/plain`` the same
    as plain text. ``entries``: list of ``(key, label, text)``.
    """

    def __init__(self, entries: list[tuple[str, str, str, str]]):
        self._entries = entries
        self.entries = [(k, lab, txt) for k, lab, txt, _ in entries]

    def __str__(self) -> str:
        return "\n".join(f"[{lab}] {txt}" for _, lab, txt in self.entries)

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        rows = "".join(f'<dt id="bib-{html.escape(k)}">[{html.escape(lab)}]</dt><dd>{h}</dd>'
                       for k, lab, _, h in self._entries)
        return {"text/plain": str(self),
                "text/html": f'<dl class="bg-bibliography">{rows}</dl>',
                "text/markdown": "```{bibliography}\n```"}


def bibliography(bib: str | Path | None = None) -> Bibliography:
    """The bibliography of ``bib`` (default: :func:`bibliography_path`): :class:`Bibliography`.

    Entries sorted by author, year and title (pybtex's ``author_year_title``,
    as the website's style ``authoryear``), each formatted by pybtex's
    ``unsrt`` style. Raises :class:`CitationError` if no bib file is found.
    """
    from pybtex.database import BibliographyData
    from pybtex.style.formatting.unsrt import Style as UnsrtStyle
    from pybtex.plugin import find_plugin

    entries = _bib(bib)
    data = BibliographyData(entries=entries)
    ordered = find_plugin("pybtex.style.sorting", "author_year_title")().sort(list(data.entries.values()))
    style = UnsrtStyle()
    out = []
    for entry in ordered:
        formatted = style.format_entry(author_year(entry), entry)
        out.append((entry.key, author_year(entry), formatted.text.render_as("text"),
                    formatted.text.render_as("html")))
    return Bibliography(out)
