"""Phones: at 390 px nothing on any page is cut off (issue 10).

On every built page, at a 390 x 844 viewport:

* the page does not scroll sideways as a whole, and no element of the
  article sticks out of the viewport unless it is inside a box that scrolls
  sideways (tests/site_audit.py, ``overflow_problems``);
* every box whose content is wider than the box and scrolls shows that it
  scrolls (a scroll shadow: a background image on the box);
* every plot is scaled by at least 0.65: the plots' smallest text is 10 pt,
  13.9 px at the figures' 100 dpi, and 0.65 x 13.9 = 9.0 px
  (tests/test_plots_readable.py checks the 10 pt);
* on the game chapters, at every frame of every deal replay, the same holds,
  the Play button is at least 44 px tall (a thumb's target), the slider at
  least 200 px wide, and the frame's left edge does not move from frame to
  frame (no sideways jump);
* on the game chapters, after *Deal live*, a bet and *Deal to the end*
  (issue 19): the settlement's *result* and *net* of the bet lie on the
  screen (their right edge at most 390 px) with nothing covering them,
  nothing in the live table sticks out of it or scrolls sideways (so no
  field, dropdown, table or chart is cut), the floating "Back to top" button
  is not shown over the table (it is shown again further down the page),
  and every control of the table shows a focus ring when Tab reaches it;
  then, in the site's light and dark mode, axe-core finds nothing serious
  or critical in the live table and every visible text in it has a
  contrast of at least 4.5:1 (3:1 for large text) (same page load);
* on *Comparing the three games*, the comparison table's *house edge*
  column (its heading and every value) lies on the screen.
"""

from __future__ import annotations

import pytest

from banking_games import registry
from conftest import need_module, new_context, require_chromium
from site_audit import PHONE, audit_themes, overflow_problems, site_pages, wait_ready
from test_book_numbers import SUMMARY
from test_jupyterlab import SCENARIOS

require_chromium("phone layout test")
sync_api = need_module("playwright.sync_api")

GAMES = [f"{slug}.html" for slug in registry.SLUGS]

SCROLL_CUE_JS = """() => [...document.querySelectorAll('article.bd-article *')].filter(el => {
    const s = getComputedStyle(el);
    return ['auto', 'scroll'].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 1
      && el.clientHeight > 0 && !(s.backgroundImage || '').includes('gradient')
      && !el.closest('mjx-container');
  }).map(el => el.tagName.toLowerCase() + '.' + String(el.className).split(' ').slice(0, 2).join('.')
       + ': ' + el.textContent.trim().slice(0, 40))"""

PLOT_SCALE_JS = """() => [...document.querySelectorAll('article figure img')].filter(i => i.naturalWidth)
    .map(i => [i.getAttribute('src'), i.getBoundingClientRect().width / i.naturalWidth])"""

REPLAY_JS = """(i) => {
  const r = document.querySelectorAll('.bg-replay')[i];
  const frame = r.querySelector('.bg-frames > *');
  const table = frame && frame.querySelector('table, .bg-grid, div');
  const play = r.querySelector('.widget-play button');
  const slider = r.querySelector('.widget-slider');
  const handle = r.querySelector('.noUi-handle');
  return {
    left: table ? Math.round(table.getBoundingClientRect().left) : null,
    play: play ? play.getBoundingClientRect().height : 0,
    slider: slider ? slider.getBoundingClientRect().width : 0,
    value: handle ? Number(handle.getAttribute('aria-valuenow')) : null,
    max: handle ? Number(handle.getAttribute('aria-valuemax')) : null,
  };
}"""


@pytest.fixture(scope="module")
def phone(browser, site_url, built_site):
    return browser, site_url, site_pages(built_site)


def _open(browser, url, *, system: str = "light"):
    """A phone's page at ``url``, its system in ``system`` mode (light or dark) when it loads."""
    ctx, _ = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block",
                         color_scheme=system)
    page = ctx.new_page()
    page.goto(url, wait_until="load")
    wait_ready(page)
    return ctx, page


def replay_problems(page) -> list[str]:
    """Step every deal replay of the open page through all its frames by keyboard and
    list what does not fit a phone (see the module's docstring)."""
    page.wait_for_selector(".bg-replay .noUi-handle", timeout=20_000)
    found = []
    n = page.locator(".bg-replay").count()
    assert n >= 1
    for i in range(n):
        handle = page.locator(".bg-replay").nth(i).locator(".noUi-handle")
        handle.scroll_into_view_if_needed()
        handle.focus()
        handle.press("Home")
        page.wait_for_timeout(50)
        start = page.evaluate(REPLAY_JS, i)
        if start["play"] < 44:
            found.append(f"replay {i + 1}: Play button {start['play']:.0f} px tall (< 44)")
        if start["slider"] < 200:
            found.append(f"replay {i + 1}: slider {start['slider']:.0f} px wide (< 200)")
        lefts = set()
        for f in range(int(start["max"]) + 1):
            state = page.evaluate(REPLAY_JS, i)
            assert state["value"] == f, (i, f, state)
            lefts.add(state["left"])
            found += [f"replay {i + 1} frame {f}: {p}" for p in overflow_problems(page)]
            found += [f"replay {i + 1} frame {f}: scrolls with no cue: {p}"
                      for p in page.evaluate(SCROLL_CUE_JS)]
            handle.press("ArrowRight")
            page.wait_for_timeout(20)
        if len(lefts) > 1:
            found.append(f"replay {i + 1}: the frame's left edge moves between {sorted(lefts)} px")
    return found


@pytest.fixture(scope="module")
def phone_loads(phone):
    """Every page loaded once at 390 px, the system in light mode (issue 22: one load per
    page serves the checks below). On each page: what is cut off, scrolls with no cue or
    is a plot scaled under 0.65 (``cut``, lines naming the page); then, on the game
    chapters, every replay stepped through (``replays``: the chapter's findings, or the
    error that stopped the walk, raised again by the chapter's own test); on
    summary.html, the house edge column's cells and the page's width (``summary``)."""
    browser, url, pages = phone
    cut, replays, summary = [], {}, None
    for name in pages:
        ctx, page = _open(browser, f"{url}/{name}")
        try:
            cut += [f"{name}: {p}" for p in overflow_problems(page)]
            cut += [f"{name}: scrolls with no cue: {p}" for p in page.evaluate(SCROLL_CUE_JS)]
            cut += [f"{name}: plot scaled by {s:.2f} < 0.65 (text under 9 px): {src}"
                    for src, s in page.evaluate(PLOT_SCALE_JS) if s < 0.65]
            if name == "summary.html":
                summary = (page.evaluate(SUMMARY_EDGE_JS), page.evaluate("document.documentElement.clientWidth"))
            if name in GAMES:
                try:
                    replays[name] = replay_problems(page)
                except Exception as error:   # noqa: BLE001 - the chapter's test raises it
                    replays[name] = error
        finally:
            ctx.close()
    return {"pages": pages, "cut": cut, "replays": replays, "summary": summary}


def test_nothing_cut_off_on_any_page(phone_loads):
    assert len(phone_loads["pages"]) >= 12, phone_loads["pages"]
    found = phone_loads["cut"]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", GAMES)
def test_every_replay_frame_fits_a_phone(phone_loads, name):
    assert name in phone_loads["replays"], f"{name} is not a page of the site"
    found = phone_loads["replays"][name]
    if isinstance(found, Exception):
        raise found
    assert not found, "\n".join(found[:40])


# The settlement's bets table (caption "Settlement of this deal"): the cells of the
# columns named "result" and "net" in its heading row, in its first bet's row,
# with what the reader's screen shows at their centre (the page scrolled down to them).
SETTLED_CELLS_JS = """() => {
  const t = [...document.querySelectorAll('.bg-live-table table')]
    .find(x => x.caption && x.caption.textContent.startsWith('Settlement of this deal'));
  if (!t) return null;
  const head = [...t.tHead.rows[0].cells].map(c => c.textContent.trim());
  const row = t.tBodies[0].rows[0];
  return ['result', 'net'].map(name => {
    const cell = row.cells[head.indexOf(name)];
    // the page scrolls down to it, never sideways (scrollIntoView would scroll a box sideways)
    window.scrollTo(0, cell.getBoundingClientRect().top + scrollY - innerHeight / 2);
    const r = cell.getBoundingClientRect();
    const at = document.elementFromPoint(Math.min(r.left + r.width / 2, innerWidth - 1), r.top + r.height / 2);
    return {name, text: cell.textContent.trim(), left: r.left, right: r.right,
            seen: !!at && (at === cell || cell.contains(at)), at: at ? at.tagName + '.' + at.className : null};
  });
}"""

# "Back to top" (pydata-sphinx-theme) appears when the reader scrolls up past the
# header: scroll up a little with a live table in the screen's lower part, then at
# the page's end (no table there).
BACK_TO_TOP_JS = """async () => {
  const bt = document.getElementById('pst-back-to-top');
  if (!bt) return null;
  const pause = ms => new Promise(r => setTimeout(r, ms));
  const upTo = async y => { window.scrollTo(0, y + 150); await pause(100); window.scrollTo(0, y); await pause(250);
                            return getComputedStyle(bt).display !== 'none'; };
  const t = document.querySelector('.bg-live-table');
  const overTable = await upTo(t.getBoundingClientRect().top + scrollY + 200);
  const pageEnd = await upTo(document.documentElement.scrollHeight - innerHeight - 10);
  return {overTable, pageEnd};
}"""

# Tab from the table's first control to its last: each control that gets focus,
# its outline (width, style, colour).
FOCUS_JS = """() => { const el = document.activeElement, s = getComputedStyle(el);
  return {inside: !!el.closest('.bg-live-table'), what: el.tagName + ' ' + (el.innerText || el.value || '').trim().slice(0, 20),
          width: parseFloat(s.outlineWidth), style: s.outlineStyle, colour: s.outlineColor}; }"""


@pytest.mark.parametrize("chapter", GAMES)
def test_live_table_outcome_on_a_phone(phone, chapter):
    browser, url, _ = phone
    table_class, steps = SCENARIOS[chapter.removesuffix(".html")]
    # the phone's system in dark mode from the page's load (the desktop tests keep it light): the
    # widgets' colours are settled when the page loads, and one of them went missing only then
    # (the "New deal" button's text took the page's colour: 4.3:1 in dark mode, 2.6:1 in light)
    ctx, page = _open(browser, f"{url}/{chapter}", system="dark")
    try:
        button = page.get_by_role("button", name="Deal live", exact=True)
        button.scroll_into_view_if_needed()
        button.click()
        table = page.locator(f".bg-live-table .{table_class}")
        table.wait_for(timeout=90_000)
        # a bet, then to the end of the deal (the scenario's first moves that are not refused)
        moves = [label for label, expect in steps if expect != "refused"]
        for label in moves[:moves.index("Deal to the end") + 1]:
            before = table.inner_text()
            table.locator("button", has_text=label).first.click()
            page.wait_for_function("([el, b]) => el.innerText !== b", arg=[table.element_handle(), before],
                                   timeout=10_000)
        page.locator(".bg-live-table caption", has_text="Settlement of this deal").wait_for(timeout=10_000)
        page.wait_for_timeout(300)   # bg-site.js fixes what changed on the next frame

        cells = page.evaluate(SETTLED_CELLS_JS)
        assert cells, f"{chapter}: no settlement table with a bet after 'Deal to the end'"
        width = page.evaluate("document.documentElement.clientWidth")
        for c in cells:
            assert c["left"] >= 0 and c["right"] <= width, \
                f"{chapter}: the settlement's {c['name']} ({c['text']!r}) spans {c['left']:.0f}..{c['right']:.0f} px"
            assert c["seen"], f"{chapter}: the settlement's {c['name']} is covered by {c['at']}"

        problems = overflow_problems(page, inside=".bg-live-table")
        assert not problems, f"{chapter}:\n" + "\n".join(problems[:20])

        shown = page.evaluate(BACK_TO_TOP_JS)
        assert shown == {"overTable": False, "pageEnd": True}, f"{chapter}: Back to top shown: {shown}"

        first = table.locator("input, select, button").first
        first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")   # focus from the keyboard: :focus-visible
        rings = []
        for _ in range(60):
            f = page.evaluate(FOCUS_JS)
            if not f["inside"]:
                break
            rings.append(f)
            page.keyboard.press("Tab")
        assert len(rings) >= 8, f"{chapter}: Tab reached only {len(rings)} controls of the table"
        faint = [f for f in rings if f["style"] in ("none", "hidden") or f["width"] < 2
                 or f["colour"] in ("transparent", "rgba(0, 0, 0, 0)")]
        assert not faint, f"{chapter}: controls without a 2 px focus ring: {faint}"

        # the played table at 390 px, in the site's light and dark mode (issue 19): no serious or
        # critical axe-core finding inside it, every visible text at least 4.5:1 (3:1 large)
        audit_themes(page, ".bg-live-table", f"{chapter}, 390 px")
    finally:
        ctx.close()


SUMMARY_EDGE_JS = """() => {
  const th = [...document.querySelectorAll('article table thead th')].find(h => h.textContent.trim() === 'house edge');
  if (!th) return null;
  const col = [...th.classList].find(c => /^col\\d+$/.test(c));
  const cells = [th, ...th.closest('table').querySelectorAll(`tbody td.${col}`)];
  return cells.map(c => { const r = c.getBoundingClientRect(); return [c.textContent.trim(), r.left, r.right]; });
}"""


def test_summary_house_edge_on_a_phone(phone_loads):
    assert phone_loads["summary"] is not None, "no page summary.html"
    cells, width = phone_loads["summary"]
    assert cells, "summary.html: no table with a 'house edge' column"
    # the heading and one value per bet of each game (test_book_numbers.SUMMARY)
    assert len(cells) == 1 + len(SUMMARY), cells
    off = [c for c in cells if c[1] < 0 or c[2] > width]
    assert not off, f"summary.html at {width} px: house edge cells off the screen: {off}"
