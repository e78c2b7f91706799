"""Tables are numbered as tables, figures as figures (issue 10).

A captioned HTML table (a ``{glue:figure}`` of a DataFrame, a code cell's
``mystnb: figure:`` around a table) must read "Table N" in its caption, and
only pictures (plots, card layouts, the replay widget) "Fig. N"; numbers
start at 1 on each page, per kind. The rule for what is a table is stated
here, independently of book/_ext/banking_book/offline_site.py: the figure holds an HTML
``<table>`` and no ``<img>``, no drawn card (``bg-card``) and no widget.
"""

from __future__ import annotations

import re

FIGURE = re.compile(r"<figure\b[^>]*>(.*?)</figure>", re.S)
NUMBER = re.compile(r'<span class="caption-number">(Fig\.|Table) (\d+) </span>')


def _is_table(body: str) -> bool:
    return ("<table" in body and "<img" not in body and "bg-card" not in body
            and "widget-view+json" not in body)


def test_tables_read_table_and_pictures_read_fig(built_site):
    pages = sorted(p for p in built_site.glob("*.html") if not p.name.startswith(("genindex", "search")))
    problems, tables, figures = [], 0, 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        seen = {"Fig.": [], "Table": []}
        for m in FIGURE.finditer(text):
            body = m.group(1)
            num = NUMBER.search(body)
            if not num:
                continue  # an uncaptioned figure has no number
            kind, n = num.group(1), int(num.group(2))
            seen[kind].append(n)
            want = "Table" if _is_table(body) else "Fig."
            tables += want == "Table"
            figures += want == "Fig."
            if kind != want:
                problems.append(f"{page.name}: '{kind} {n}' is {'a table' if want == 'Table' else 'a picture'}")
        for kind, ns in seen.items():
            if ns and sorted(ns) != list(range(1, len(ns) + 1)):
                problems.append(f"{page.name}: {kind} numbers {sorted(ns)} are not 1..{len(ns)}")
    assert not problems, "\n".join(problems)
    # the book has both kinds (22 glued tables were numbered as figures before)
    assert tables >= 20 and figures >= 20, (tables, figures)
