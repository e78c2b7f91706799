"""Accessibility: axe-core finds no serious or critical violation on any built page.

axe-core is the npm package pinned in package.json (installed by ``npm ci``
into node_modules) and injected into each page by Playwright from that file:
nothing is fetched from another host. The theme's own controls (search
button, colour-mode switch, side-bar toggles) are audited with the rest.
Pages are audited in light and dark mode at desktop width, and after the
widgets have rendered (the replay's buttons and slider included).
"""

from __future__ import annotations

import pytest

from conftest import need_module, new_context, require_chromium
from site_audit import AXE, DESKTOP, PHONE, axe_violations, site_pages, wait_ready

require_chromium("axe-core audit")
sync_api = need_module("playwright.sync_api")


@pytest.fixture(scope="module")
def site(browser, site_url, built_site):
    """(the session's browser, the site's URL, every page) with axe-core at hand."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (scripts/test.sh does)", pytrace=False)
    return browser, site_url, site_pages(built_site)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violation_on_any_page(site, scheme):
    browser, url, pages = site
    assert len(pages) >= 12, pages
    found = []
    for name in pages:
        ctx, problems = new_context(browser, viewport=DESKTOP, color_scheme=scheme, service_workers="block")
        page = ctx.new_page()
        page.goto(f"{url}/{name}", wait_until="load")
        wait_ready(page)
        for v in axe_violations(page):
            found.append(f"{name} [{scheme}]: {v['impact']} {v['id']} x{v['count']}: " + " | ".join(v["nodes"]))
        found += [f"{name} [{scheme}]: request to another host: {u}" for u in problems.external]
        ctx.close()
    assert not found, "\n".join(found)


# Open every folded block the way a reader does: click each toggle button (solutions,
# hidden code) and open each <details> (dropdowns, quick-check answers).
OPEN_ALL_JS = """() => {
  document.querySelectorAll('button.toggle-button[aria-expanded="false"]').forEach(b => b.click());
  document.querySelectorAll('details:not([open])').forEach(d => { d.open = true; });
  return document.querySelectorAll('.toggle-hidden, details:not([open])').length;
}"""


def test_no_serious_axe_violation_with_every_fold_opened(site):
    """What a reader sees after opening the solutions and dropdowns of the game pages
    (the audit above sees them folded): e.g. a wide code block inside a solution must
    be reachable from the keyboard once the solution is open (bg-site.js)."""
    browser, url, pages = site
    games = [p for p in pages if p.startswith(("hoggenheimer", "banker-and-broker", "landsknecht"))]
    assert len(games) == 9, games
    found, opened = [], 0
    for name in games:
        ctx, _ = new_context(browser, viewport=DESKTOP, service_workers="block")
        page = ctx.new_page()
        page.goto(f"{url}/{name}", wait_until="load")
        wait_ready(page)
        still_folded = page.evaluate(OPEN_ALL_JS)
        page.wait_for_timeout(500)   # bg-site.js fixes the opened blocks on the next frame
        opened += page.evaluate("() => document.querySelectorAll('.solution:not(.toggle-hidden)').length")
        assert still_folded == 0, f"{name}: {still_folded} blocks still folded"
        for v in axe_violations(page):
            found.append(f"{name}: {v['impact']} {v['id']} x{v['count']}: " + " | ".join(v["nodes"]))
        ctx.close()
    assert opened >= len(games), f"only {opened} solutions opened on {len(games)} pages"
    assert not found, "\n".join(found)


def test_replay_buttons_have_visible_names_matching_their_accessible_names(site):
    """The chapters tell the reader to press Play: a button must show that word."""
    browser, url, _ = site
    ctx, _ = new_context(browser, viewport=DESKTOP, service_workers="block")
    page = ctx.new_page()
    page.goto(f"{url}/hoggenheimer.html", wait_until="load")
    wait_ready(page)
    page.wait_for_selector(".bg-replay .widget-play button .bg-btn-text", timeout=20_000)
    names = page.evaluate("""() => [...document.querySelector('.bg-replay .widget-play')
        .querySelectorAll('button')].filter(b => b.offsetParent)
        .map(b => [b.innerText.trim(), b.getAttribute('aria-label')])""")
    ctx.close()
    assert names[:2] == [["Play", "Play"], ["Stop", "Stop"]], names


def test_page_titles_are_unique_and_name_the_game(built_site):
    """Three pages were all "The value of every bet": each title must be its own,
    and a game's pages must name the game (the file name says which game)."""
    import re

    titles = {}
    for name in site_pages(built_site):
        text = (built_site / name).read_text(encoding="utf-8")
        m = re.search(r"<title>(.*?)</title>", text, re.S)
        if m and "http-equiv=\"refresh\"" not in text:
            titles[name] = " ".join(m.group(1).split())
    dupes = {t for t in titles.values() if list(titles.values()).count(t) > 1}
    assert not dupes, dupes
    games = {"hoggenheimer": "Hoggenheimer", "banker-and-broker": "Banker and Broker", "landsknecht": "Landsknecht"}
    for name, title in titles.items():
        for stem, game in games.items():
            if name.startswith(stem):
                assert game in title, (name, title)


# Every typeset formula of the page: is its drawing (mjx-math) wider than the
# narrowest box it sits in (the formula's own mjx-container and the span.math or
# div.math around it)? And every Tab stop that is a formula's box or lies inside one.
FORMULA_STOPS_JS = """() => {
  const vis = el => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const formulas = [...document.querySelectorAll('article.bd-article mjx-container')].filter(vis);
  const wider = formulas.filter(c => {
    const drawn = c.querySelector(':scope > mjx-math');
    const boxes = [c, c.parentElement].filter(b => b === c || b.matches('.math'));
    return drawn && drawn.getBoundingClientRect().width > Math.min(...boxes.map(b => b.clientWidth || Infinity)) + 2;
  });
  const stops = [...document.querySelectorAll('article.bd-article [tabindex]')]
    .filter(el => el.tabIndex >= 0 && vis(el) && (el.matches('mjx-container, .math') || el.closest('mjx-container, .math')));
  const inline = [...document.querySelectorAll('article.bd-article span.math')].filter(vis);
  return {formulas: formulas.length, wider: wider.length, stops: stops.length,
          stopsOfWider: stops.filter(s => wider.some(c => s === c || s.contains(c))).length,
          shadowed: inline.filter(s => !wider.some(c => s.contains(c))
                                      && getComputedStyle(s).backgroundImage.includes('gradient')).length};
}"""


def test_formulas_that_fit_are_no_tab_stops(site):
    """Issue 19: each inline formula of the values pages was a Tab stop twice over (a
    "wide content" region around it and MathJax's own tabindex), and a scroll shadow
    lay over its last glyph. A formula's box may be a Tab stop (to scroll it by
    keyboard) only when the formula is wider than the box: so the page has exactly
    one stop per formula that is wider than its box, none for the others, and no
    shadow behind an inline formula that fits. Checked at desktop and phone width."""
    browser, url, _ = site
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        ctx, _ = new_context(browser, viewport=viewport, service_workers="block")
        page = ctx.new_page()
        page.goto(f"{url}/hoggenheimer-values.html", wait_until="load")
        wait_ready(page)
        found = page.evaluate(FORMULA_STOPS_JS)
        ctx.close()
        assert found["formulas"] >= 50, f"{label}: only {found['formulas']} formulas typeset: {found}"
        assert found["stops"] == found["stopsOfWider"] == found["wider"], f"{label}: {found}"
        assert found["wider"] < found["formulas"] / 10, f"{label}: more than a tenth of the formulas are wider than their box: {found}"
        assert found["shadowed"] == 0, f"{label}: a scroll shadow behind formulas that fit: {found}"
