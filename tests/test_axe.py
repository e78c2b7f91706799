"""Accessibility: axe-core finds no serious or critical violation on any built page.

axe-core is the npm package pinned in package.json (installed by ``npm ci``
into node_modules) and injected into each page by Playwright from that file:
nothing is fetched from another host. The theme's own controls (search
button, colour-mode switch, side-bar toggles) are audited with the rest.
Pages are audited in light and dark mode at desktop width, and after the
widgets have rendered (the replay's buttons and slider included).

One page load serves the audits of a page (issue 22: a load per page and
audit took three quarters of this module's time). The page loads with the
reader's system in light mode and is audited; the system is switched to dark
(the theme, in its default "auto" mode, follows it at once, and the test
checks that the page turned dark) and the page audited again; on the game
pages the system is switched back to light, every fold opened, and the page
audited a third time. A page with ipywidgets (the game chapters) is loaded a
second time with the system in dark mode for its dark audit: the widget
manager adds its own defaults (font sizes, heights, colours) only when the
page loads in light mode, so such a page loaded dark is not the page loaded
light and switched (its widgets' text is 16 px, not 13 px). Measured element
by element on every page (computed colours, display, visibility, opacity,
font size and weight, background image of every visible element): a page
without widgets switched to dark shows what it shows loaded dark, and one
switched to dark and back what it showed loaded light; a test below checks
the colours on the game chapters on every run.

The fixture ``audits`` collects what each audit found; a small test per audit
reports it, naming the page, the mode and the rule.
"""

from __future__ import annotations

import re

import pytest

from banking_games import registry
from conftest import need_module, new_context, require_chromium
from site_audit import AXE, AXE_RUN, DESKTOP, PHONE, site_pages, wait_ready

require_chromium("axe-core audit")
sync_api = need_module("playwright.sync_api")


@pytest.fixture(scope="module")
def site(browser, site_url, built_site):
    """(the session's browser, the site's URL, every page) with axe-core at hand."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (scripts/test.sh does)", pytrace=False)
    return browser, site_url, site_pages(built_site)


GAME_STEMS = registry.SLUGS

# Open every folded block the way a reader does: click each toggle button (solutions,
# hidden code) and open each <details> (dropdowns, quick-check answers).
OPEN_ALL_JS = """() => {
  document.querySelectorAll('button.toggle-button[aria-expanded="false"]').forEach(b => b.click());
  document.querySelectorAll('details:not([open])').forEach(d => { d.open = true; });
  return document.querySelectorAll('.toggle-hidden, details:not([open])').length;
}"""

# What the page shows of its colour mode: the theme's data-theme and data-mode on <html>,
# the body's computed background, and how many of the theme's dropdown menus are displayed
# (the theme marks them dark only when the page loads: the audits need none shown).
THEME_JS = """() => ({
  theme: document.documentElement.dataset.theme, mode: document.documentElement.dataset.mode,
  background: getComputedStyle(document.body).backgroundColor,
  menus: [...document.querySelectorAll('.dropdown-menu')].filter(m => m.getClientRects().length).length,
})"""

# The page shows the mode asked for and no colour transition runs on anything rendered
# (the theme fades some colours over .15 s, the copy buttons' over .3 s; axe must see the
# final ones). Transitions start when styles are next computed, so the layout is read
# first; one inside a closed fold does not run until the fold opens.
SETTLED_JS = """(scheme) => {
  if (document.documentElement.dataset.theme !== scheme) return false;
  void document.body.offsetHeight;
  return document.getAnimations().every(a => !(a instanceof CSSTransition) || a.playState !== 'running'
    || !(a.effect && a.effect.target && a.effect.target.checkVisibility()));
}"""

# The page has ipywidgets (their views are placed by <script> tags of this type).
WIDGETS_JS = "() => document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]').length"

# The colours of every visible element, in page order.
COLOURS_JS = """() => [...document.querySelectorAll('body *')].filter(e => e.checkVisibility()).map(e => {
  const s = getComputedStyle(e);
  return [e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + String(e.className).trim().split(/\\s+/).slice(0, 2).join('.'),
          [s.color, s.backgroundColor, s.borderTopColor, s.outlineColor, s.opacity, s.fontSize,
           s.backgroundImage.slice(0, 120)].join(' | ')];
})"""


def switch(page, scheme: str) -> None:
    """Put the reader's system in ``scheme`` mode and wait until the page shows it."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function(SETTLED_JS, arg=scheme, timeout=10_000)


def luminance(css: str) -> float:
    """WCAG 2's relative luminance of a CSS ``rgb(...)``/``rgba(...)`` colour."""
    r, g, b = (int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3])
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _report(v: dict) -> str:
    return f"{v['impact']} {v['id']} x{v['count']}: " + " | ".join(v["nodes"])


@pytest.fixture(scope="module")
def audits(site):
    """:func:`audit_pages` of every English page (tests/test_editions_site.py audits the other
    editions' pages the same way, on the other worker)."""
    return audit_pages(*site)


def audit_pages(browser, url, pages):
    """Every page loaded once (desktop width, the system in light mode), then axe in
    light mode; the system switched to dark, axe in dark mode (a page with widgets:
    loaded again in dark mode for this audit); on a game page, back to light, every
    fold opened, axe again. Returns ``found``: what each audit found, as lines naming
    the page and mode (keys "light", "dark", "folds", "switch": colours of a page
    with widgets switched to dark that differ from the same page loaded dark, and
    "switch_light": those of a page loaded dark and switched to light that differ from
    the same page loaded light);
    ``themes``: per page and mode, :data:`THEME_JS` when axe ran; ``dark_loaded``: the
    pages loaded in dark mode; ``still_folded``: per game page, the blocks left folded;
    ``opened``: solutions shown, all game pages."""
    found = {"light": [], "dark": [], "folds": [], "switch": [], "switch_light": []}
    themes, dark_loaded, still_folded, opened = {}, [], {}, 0

    def load(name, scheme):
        ctx, problems = new_context(browser, viewport=DESKTOP, color_scheme=scheme, service_workers="block")
        page = ctx.new_page()
        page.goto(f"{url}/{name}", wait_until="load")
        wait_ready(page)
        page.wait_for_function(SETTLED_JS, arg=scheme, timeout=10_000)
        page.add_script_tag(path=str(AXE))
        return ctx, problems, page

    def audit(name, page, problems, key, label, seen):
        """axe on the page as it is, and the requests to other hosts since ``seen``."""
        found[key] += [f"{name} [{label}]: " + _report(v) for v in page.evaluate(AXE_RUN)]
        found[key] += [f"{name} [{label}]: request to another host: {u}" for u in problems.external[seen:]]
        return len(problems.external)

    for name in pages:
        themes[name] = {}
        ctx, problems, page = load(name, "light")
        try:
            themes[name]["light"] = page.evaluate(THEME_JS)
            seen = audit(name, page, problems, "light", "light", 0)
            widgets = page.evaluate(WIDGETS_JS)
            light_loaded = page.evaluate(COLOURS_JS) if widgets else None
            switch(page, "dark")
            if widgets:
                switched = page.evaluate(COLOURS_JS)
            else:
                themes[name]["dark"] = page.evaluate(THEME_JS)
                seen = audit(name, page, problems, "dark", "dark", seen)
            if name.startswith(GAME_STEMS):
                # what a reader sees after opening the solutions and dropdowns (light mode)
                switch(page, "light")
                still_folded[name] = page.evaluate(OPEN_ALL_JS)
                page.wait_for_timeout(500)   # bg-site.js fixes the opened blocks on the next frame
                page.wait_for_function(SETTLED_JS, arg="light", timeout=10_000)   # their fades done
                opened += page.evaluate("() => document.querySelectorAll('.solution:not(.toggle-hidden)').length")
                audit(name, page, problems, "folds", "light, every fold opened", seen)
        finally:
            ctx.close()
        if widgets:
            dark_loaded.append(name)
            ctx, problems, page = load(name, "dark")
            try:
                themes[name]["dark"] = page.evaluate(THEME_JS)
                audit(name, page, problems, "dark", "dark", 0)
                loaded = page.evaluate(COLOURS_JS)
                switch(page, "light")
                light_switched = page.evaluate(COLOURS_JS)
            finally:
                ctx.close()
            for key, mode, a_list, b_list in (("switch", "dark", loaded, switched),
                                              ("switch_light", "light", light_loaded, light_switched)):
                diff = [f"{a[0]}: loaded {mode} {a[1]}, switched {b[1]}" for a, b in zip(a_list, b_list) if a != b]
                if len(a_list) != len(b_list) or diff:
                    found[key].append(f"{name}: {len(a_list)} visible elements loaded {mode}, {len(b_list)} "
                                      f"switched to {mode}; {len(diff)} differ: " + "; ".join(diff[:5]))
    return {"found": found, "themes": themes, "dark_loaded": dark_loaded,
            "still_folded": still_folded, "opened": opened}


def theme_not_shown(themes: dict, scheme: str) -> list[str]:
    """Pages whose audit in ``scheme`` did not see that mode: the theme's data-theme is
    another, a dropdown menu was displayed, or (dark mode) the body's background is not
    darker than in the page's light audit (the switch did not re-render the page)."""
    bad = []
    for name, seen in themes.items():
        state, dark, light = seen[scheme], seen["dark"], seen["light"]
        if state["theme"] != scheme or state["mode"] != "auto":
            bad.append(f"{name} [{scheme}]: audited with data-theme={state['theme']!r}, data-mode={state['mode']!r}")
        if scheme == "dark" and not luminance(dark["background"]) < luminance(light["background"]):
            bad.append(f"{name} [{scheme}]: the body's background is {dark['background']} in dark mode, "
                       f"{light['background']} in light mode: the page did not turn dark")
        if state["menus"]:
            bad.append(f"{name} [{scheme}]: {state['menus']} dropdown menus shown while audited")
    return bad


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violation_on_any_page(site, audits, scheme):
    _, _, pages = site
    assert len(pages) >= 12, pages
    assert sorted(audits["themes"]) == sorted(pages), "not every page was audited"
    found = theme_not_shown(audits["themes"], scheme) + audits["found"][scheme]
    assert not found, "\n".join(found)


def test_switching_to_dark_shows_the_colours_of_a_dark_load(audits):
    """The premise of the dark audit of pages without widgets (audited switched to dark,
    not loaded dark), checked on the pages loaded both ways, the game chapters: every
    visible element has the same colours, opacity and background image."""
    assert len(audits["dark_loaded"]) >= 3, audits["dark_loaded"]
    found = audits["found"]["switch"]
    assert not found, "\n".join(found)


def test_switching_to_light_shows_the_colours_of_a_light_load(audits):
    """A page with widgets loaded while the reader's system was dark, then switched to
    light, looks as when loaded light: every visible element has the same colours,
    opacity, font size and background image. (ipywidgets' page manager adds JupyterLab's
    light variables only if the page sets none when its controls load; loaded dark, the
    page's dark --jp-layout-color0 kept them out, and switched to light the table's
    buttons had no fill and its text was 16 px, not 13.)"""
    assert len(audits["dark_loaded"]) >= 3, audits["dark_loaded"]
    found = audits["found"]["switch_light"]
    assert not found, "\n".join(found)


def test_no_serious_axe_violation_with_every_fold_opened(site, audits):
    """What a reader sees after opening the solutions and dropdowns of the game pages
    (the audit above sees them folded): e.g. a wide code block inside a solution must
    be reachable from the keyboard once the solution is open (bg-site.js)."""
    _, _, pages = site
    games = [p for p in pages if p.startswith(GAME_STEMS)]
    assert len(games) == 9, games
    assert sorted(audits["still_folded"]) == sorted(games), audits["still_folded"]
    for name in games:
        still_folded = audits["still_folded"][name]
        assert still_folded == 0, f"{name}: {still_folded} blocks still folded"
    opened = audits["opened"]
    assert opened >= len(games), f"only {opened} solutions opened on {len(games)} pages"
    found = audits["found"]["folds"]
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
    games = {g.slug: g.title for g in registry.GAMES}
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
