"""Maths a screen reader can speak (issue 23).

MathJax's menu offers *Accessibility → Activate*, which loads the speech rule
engine's data (``_static/vendor/mathjax/sre/mathmaps/``). The data used to be
left out of the site to make pages lighter, so turning the switch on made every
formula disappear and filled the console with 404s and "Unable to load locale"
on every later page (the setting is kept in the browser). Now the data is
served by the site and fetched only after a reader turns the switch on:

* a reader who never touches the menu fetches nothing of it;
* after *Activate* and a reload, every formula on the values page is still
  drawn, most carry spoken text (MathJax's ``aria-label``, e.g. "n factorial"
  for $n!$), and nothing fails: no HTTP error, no console error, no request to
  another host;
* every speech language and the Braille code the menu offers has its data
  file in the site (MathJax's *Language* and *Braille* choices load
  ``<locale>.json`` and ``nemeth.json``).

Needs /usr/bin/chromium: skipped without it on a developer machine, a failure
in CI. One page load before and one after the switch (about 10 s).
"""

from __future__ import annotations

from conftest import need_module, new_context, require_chromium, watch

require_chromium("MathJax speech test")
need_module("playwright.sync_api")

PAGE = "hoggenheimer-values.html"
SPEECH_DATA = "/_static/vendor/mathjax/sre/mathmaps/"
FORMULAS = """() => [...document.querySelectorAll('mjx-container')].map(e => ({
  drawn: e.getBoundingClientRect().width > 0 && e.querySelector('mjx-math') !== null,
  speech: e.getAttribute('aria-label') || ''}))"""


def _typeset(page) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate("async () => { await MathJax.startup.promise; }")
    page.wait_for_timeout(500)


def test_speech_data_loads_only_when_asked_and_formulas_stay(browser, site_url):
    context, problems = new_context(browser)
    requested: list[str] = []
    page = watch(context.new_page(), problems)
    page.on("request", lambda r: requested.append(r.url))
    try:
        page.goto(f"{site_url}/{PAGE}")
        _typeset(page)
        before = page.evaluate(FORMULAS)
        assert len(before) > 50, f"{PAGE}: only {len(before)} formulas"
        assert not [u for u in requested if SPEECH_DATA in u], "speech data fetched without the switch"

        # the reader's way: right-click a formula, Accessibility, Activate
        page.locator("mjx-container").first.click(button="right")
        page.locator(".CtxtMenu_MenuItem", has_text="Accessibility").first.hover()
        page.locator(".CtxtMenu_MenuItem", has_text="Activate").first.click()
        page.wait_for_timeout(1500)
        assert '"explorer":true' in (page.evaluate("localStorage.getItem('MathJax-Menu-Settings')") or "")

        page.reload()
        _typeset(page)
        page.wait_for_function(
            "() => [...document.querySelectorAll('mjx-container')].some(e => e.getAttribute('aria-label'))",
            timeout=30_000)
        page.wait_for_timeout(1500)
        after = page.evaluate(FORMULAS)
        assert len(after) == len(before), f"{len(before)} formulas before the switch, {len(after)} after"
        assert all(f["drawn"] for f in after), "some formulas are not drawn with speech on"
        spoken = [f["speech"] for f in after if f["speech"]]
        assert len(spoken) >= 0.9 * len(after), f"only {len(spoken)} of {len(after)} formulas have speech"
        assert "n factorial" in spoken, f"no formula spoken as 'n factorial' (n!): {spoken[:8]}"
        assert [u for u in requested if SPEECH_DATA + "en.json" in u], "English speech rules not fetched"
        assert not problems.bad_status, problems.bad_status
        assert not problems.console, problems.console[:5]
        assert not problems.external, problems.external
    finally:
        context.close()


def test_every_speech_language_of_the_menu_is_served(built_site):
    """MathJax 3's speech rule engine offers the locales whose rules ship in
    ``sre/mathmaps`` (its *Language* submenu) and Nemeth Braille: each needs
    its file, plus ``base.json`` that every locale loads first."""
    maps = built_site / "_static" / "vendor" / "mathjax" / "sre" / "mathmaps"
    # the files of MathJax 3.2's npm package, read from its es5/sre/mathmaps folder
    expected = {"base", "ca", "da", "de", "en", "es", "fr", "hi", "it", "nb", "nemeth", "nn", "sv"}
    assert {p.stem for p in maps.glob("*.json")} >= expected
