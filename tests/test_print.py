"""Print: a chapter printed shows each replay's last frame without buttons,
and solutions open (issue 10; the print stylesheet is book/_ext/banking_book/static/bg-site.css).

Expected values: the last frame of a replay is the deal's end, where the
slider stands at its maximum; its HTML is the last child of the replay's
Stack in the page's widget state (what ``DealReplay`` was given last).

Paper: a chapter printed on A4 (solutions open, code that the page shows
included) takes at most its game's ``PRINT_MAX_PAGES`` pages
(tests/game_data/<game>.py, with each measure). Measured with the print
stylesheet of issue 10 (10 pt type, full page width, no print-only table
of contents, long tables may break between rows), before and after, counted
the same way. The bound is the measure plus one page, so a
regression (say the theme's 12 pt type or its keep-tables-whole rule coming
back) fails while a new paragraph does not.
"""

from __future__ import annotations

import re

import pytest

from banking_games import registry
from conftest import expected, need_module, new_context, require_chromium
from site_audit import DESKTOP, wait_ready

require_chromium("print test")
sync_api = need_module("playwright.sync_api")


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF as Chromium writes it: one ``/Type /Page`` object each."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("slug", registry.SLUGS, ids=[f"{slug}.html" for slug in registry.SLUGS])
def test_chapter_prints_last_frame_no_buttons_solutions_open(browser, site_url, slug):
    name, max_pages = f"{slug}.html", expected(slug, "PRINT_MAX_PAGES")
    context, problems = new_context(browser, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{name}", wait_until="load")
        wait_ready(page)
        page.wait_for_selector(".bg-replay .noUi-handle", timeout=20_000)
        # the last frame as the slider shows it, for comparison
        handle = page.locator(".bg-replay .noUi-handle").first
        handle.focus()
        handle.press("End")
        page.wait_for_timeout(200)
        last = page.evaluate("() => document.querySelector('.bg-replay .bg-frames').innerText.trim()")
        handle.press("Home")
        page.wait_for_timeout(200)
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        page.emulate_media(media="print")
        state = page.evaluate("""() => {
          const r = document.querySelector('.bg-replay');
          const frame = r.querySelector('.bg-print-frame');
          const visible = el => !!el && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
          return {
            printed: frame && visible(frame) ? frame.innerText.trim() : null,
            buttons: [...document.querySelectorAll('.bg-replay button, .bg-replay .widget-slider')].filter(visible).length,
            closed: [...document.querySelectorAll('article details:not(.above-input)')].filter(d =>
               [...d.children].some(c => c.tagName !== 'SUMMARY' && !visible(c))).length,
            details: document.querySelectorAll('article details').length,
          };
        }""")
        pdf = page.pdf(format="A4")
    finally:
        context.close()
    assert not problems.external, f"{name}: requests to other hosts: {problems.external}"
    assert state["printed"] == last, "the printed replay is not its last frame"
    assert state["buttons"] == 0, f"{state['buttons']} replay controls would print"
    assert state["closed"] == 0, f"{state['closed']} of {state['details']} folded blocks print closed"
    assert pdf[:4] == b"%PDF"
    pages = pdf_pages(pdf)
    assert 1 <= pages <= max_pages, f"{name} prints on {pages} A4 pages (at most {max_pages})"


@pytest.mark.parametrize("name", [f"{slug}-values.html" for slug in registry.SLUGS])
def test_solutions_print_open(browser, site_url, name):
    context, problems = new_context(browser, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{name}", wait_until="load")
        wait_ready(page)
        count = page.evaluate("() => document.querySelectorAll('.solution').length")
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        page.emulate_media(media="print")
        hidden = page.evaluate("""() => [...document.querySelectorAll('.solution')].filter(s => {
            const body = s.querySelector('section, .solution-content, p:not(.admonition-title)');
            return !body || body.getClientRects().length === 0 || getComputedStyle(body).visibility === 'hidden';
          }).length""")
    finally:
        context.close()
    assert not problems.external, f"{name}: requests to other hosts: {problems.external}"
    assert count >= 1, f"{name}: no solution found"
    assert hidden == 0, f"{name}: {hidden} of {count} solutions print folded"


# ---------------------------------------------------------------- dark mode prints dark ink on white

# issue 23: with the system in dark mode, printing kept light-grey text and code on
# white paper (Table 1 of hoggenheimer-values printed at about 2.3:1). Measured on
# the PDF's pages as images (pypdfium2 renders them, 144 dpi, grey levels 0-255):
# the paper is white (the page's most common grey is 255), and the ink is dark:
# among the pixels darker than 230 (glyph strokes and their anti-aliased edges),
# the darkest tenth reaches grey 118 or darker. Grey 118 has relative luminance
# ((118/255 + .055)/1.055)^2.4 = 0.181, and (1 + .05)/(0.181 + .05) = 4.5: text
# whose strokes stay paler than that is under 4.5:1 on white. Pale text of 2.3:1
# (grey about 165) fails; black or dark-grey text passes.
INK_GREY = 118


def ink_problems(pdf: bytes) -> list[str]:
    import io

    import numpy as np
    pdfium = need_module("pypdfium2")
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    problems = []
    for i in range(len(doc)):
        grey = np.asarray(doc[i].render(scale=2).to_pil().convert("L"))
        paper = np.bincount(grey.ravel(), minlength=256).argmax()
        if paper != 255:
            problems.append(f"page {i + 1}: the paper is grey {paper}, not white")
        ink = grey[grey < 230]
        if ink.size > 2000 and np.percentile(ink, 10) > INK_GREY:
            problems.append(f"page {i + 1}: the darkest tenth of the ink is grey "
                            f"{np.percentile(ink, 10):.0f} (> {INK_GREY}: under 4.5:1 on white)")
    return problems


@pytest.mark.parametrize("name", ["hoggenheimer-values.html", "hoggenheimer.html"])
def test_dark_mode_prints_dark_ink_on_white(browser, site_url, name):
    context, problems = new_context(browser, viewport=DESKTOP, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{name}", wait_until="load")
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")   # as a browser does
        page.emulate_media(media="print")
        pdf = page.pdf(format="A4")
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        page.emulate_media(media="screen")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark", "dark mode not restored"
    finally:
        context.close()
    bad = ink_problems(pdf)
    assert not bad, f"{name} printed from dark mode: {bad}"


def test_the_ink_check_fails_pale_text():
    """The measure itself, on two one-page PDFs drawn here: black text passes,
    text in grey #a5a5a5 (2.5:1 on white) fails."""
    fpdf = need_module("fpdf")
    out = {}
    for grey in (0, 165):
        doc = fpdf.FPDF()
        doc.add_page()
        doc.set_font("helvetica", size=11)
        doc.set_text_color(grey, grey, grey)
        for _ in range(30):
            doc.cell(0, 6, "Every deck order of a 2 x 3 layout plus the Joker dealt by the engine.", new_x="LMARGIN", new_y="NEXT")
        out[grey] = ink_problems(bytes(doc.output()))
    assert out[0] == []
    assert out[165] and "darkest tenth" in out[165][0]
