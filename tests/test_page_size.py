"""What a chapter page weighs, read from the built files (issue 10).

Targets from the issue: every chapter page at most 300 kB of HTML with its
deal replay intact (the replay's frames are in the page, as widget state).
benchmarks/page_weight.py measures everything a browser fetches (raw and
gzip); this test only holds the parts that are properties of the files:

* each chapter's HTML is at most 300 kB (measured, the games in the book's
  order: 196, 153 and 144 kB; before: 456, 188, 209);
* only search.html loads the search index (the theme's search-as-you-type,
  which would need it on every page, is off): 64 kB raw on every page before;
* the replay's widget state is under 60 kB on each chapter (was 283 kB for
  Hoggenheimer): it holds one merged drawing, not one copy per frame.
"""

from __future__ import annotations

import json
import re

from banking_games import registry
import pytest

CHAPTERS = tuple(f"{slug}.html" for slug in registry.SLUGS)
STATE = re.compile(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)


@pytest.mark.parametrize("name", CHAPTERS)
def test_chapter_html_at_most_300_kB(built_site, name):
    page = built_site / name
    size = page.stat().st_size
    assert size <= 300_000, f"{name}: {size / 1e3:.0f} kB of HTML (target 300 kB)"
    text = page.read_text(encoding="utf-8")
    state = STATE.search(text)
    assert state, f"{name}: no widget state (the replay is missing)"
    models = json.loads(state.group(1))["state"]
    assert any(m["model_name"] == "StackModel" for m in models.values()), f"{name}: no replay stack"
    assert len(state.group(1)) < 60_000, f"{name}: widget state {len(state.group(1)) / 1e3:.0f} kB"


def test_only_the_search_page_loads_the_search_index(built_site):
    pages = [p for p in built_site.glob("*.html")]
    loading = sorted(p.name for p in pages if 'src="searchindex.js"' in p.read_text(encoding="utf-8"))
    assert loading == ["search.html"], loading
