"""Every bibliography entry is complete, in one style (issue 10).

Rule (book/references.bib's header): each entry names an author or an
editor, a title and a year. A year is four digits, or "n.d." when the copy
used states none, and then the entry's note must say so ("states no ...
year" or "undated"), so that a reader knows the gap is in the source, not
in the book. What the copies used state (each source's own imprint): the English texts carry "(c) Diagram Visual Information Ltd 1979"; the
Russian text and the German article's source carry no date.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import need_module

pybtex = need_module("pybtex.database")

BIB = Path(__file__).resolve().parent.parent / "book" / "references.bib"


def _entries():
    return pybtex.parse_file(str(BIB)).entries


def test_every_entry_has_author_title_year():
    entries = _entries()
    assert len(entries) >= 4
    for key, entry in entries.items():
        people = entry.persons.get("author", []) + entry.persons.get("editor", [])
        assert people, f"{key}: no author or editor"
        assert entry.fields.get("title", "").strip(), f"{key}: no title"
        year = entry.fields.get("year", "").strip()
        assert re.fullmatch(r"\d{4}|n\.d\.", year), f"{key}: year {year!r} is not four digits or n.d."
        if year == "n.d.":
            note = " ".join(entry.fields.get("note", "").split()).lower()
            assert "undated" in note or re.search(r"states no\b.*\byear", note), \
                f"{key}: n.d. without a note that the copy states no year"


def test_years_as_the_sources_state_them():
    entries = _entries()
    # diagram1979 (the Hoggenheimer and the Banker and Broker entries) states its 1979 copyright
    assert entries["diagram1979"].fields["year"] == "1979"
    # dewiki-hoggenheimer's literature list: Chancellor Press, London 2002
    assert entries["arnold2002"].fields["year"] == "2002"
    assert entries["arnold2002"].fields["publisher"] == "Chancellor Press"
    # diagram-ru has no imprint: no year may be invented for it
    assert entries["diagram-ru"].fields["year"] == "n.d."
