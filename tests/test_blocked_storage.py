"""A reader who blocks all site data (issue 32): the browser then refuses ``localStorage`` and
``sessionStorage`` with a SecurityError, and the theme's first script, which reads them, threw on
every page, so its later scripts did not run and the colour-mode button did nothing.

Here the refusal is made as Chromium makes it (reading either property throws a DOMException
named SecurityError, set before any script of the page runs). On the book's first page and a
game chapter: no uncaught error, the colour-mode button changes the mode (light, dark, auto:
pydata-sphinx-theme's cycle), and the book's stand-in (offline_site.STORAGE_STAND_IN) is used
only there: with storage allowed the page uses the browser's own.
"""

from __future__ import annotations

from conftest import need_module, new_context, require_chromium, watch

require_chromium("blocked storage test")
need_module("playwright.sync_api")

REFUSE = """for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(window, name, {configurable: true, get() {
    throw new DOMException("Failed to read the '" + name + "' property from 'Window': Access is denied for this document.",
                           'SecurityError'); }});
}"""


def test_pages_work_with_site_data_blocked(browser, site_url):
    context, problems = new_context(browser)
    context.add_init_script(REFUSE)
    page = watch(context.new_page(), problems)
    try:
        for name in ("intro", "landsknecht"):
            page.goto(f"{site_url}/{name}.html", wait_until="load")
            page.wait_for_timeout(300)
            assert page.evaluate("window.bgStorageBlocked === true"), f"{name}: the stand-in was not used"
            before = page.evaluate("document.documentElement.dataset.mode")
            page.locator("button.theme-switch-button").first.click()
            page.wait_for_timeout(200)
            after = page.evaluate("document.documentElement.dataset.mode")
            assert after != before, f"{name}: the colour-mode button did nothing ({before!r})"
        assert not problems.page_errors, problems.report()
        # storage allowed: the browser's own, no stand-in
        plain = context.browser.new_context()
        try:
            p2 = plain.new_page()
            p2.goto(f"{site_url}/intro.html", wait_until="load")
            assert p2.evaluate("window.bgStorageBlocked === undefined && localStorage instanceof Storage")
        finally:
            plain.close()
    finally:
        context.close()
