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
  frame (no sideways jump).
"""

from __future__ import annotations

import pytest

from conftest import need_module, new_context, require_chromium
from site_audit import PHONE, overflow_problems, site_pages, wait_ready

require_chromium("phone layout test")
sync_api = need_module("playwright.sync_api")

GAMES = ["hoggenheimer.html", "banker-and-broker.html", "landsknecht.html"]

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


def _open(browser, url):
    ctx, _ = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    page = ctx.new_page()
    page.goto(url, wait_until="load")
    wait_ready(page)
    return ctx, page


def test_nothing_cut_off_on_any_page(phone):
    browser, url, pages = phone
    found = []
    for name in pages:
        ctx, page = _open(browser, f"{url}/{name}")
        found += [f"{name}: {p}" for p in overflow_problems(page)]
        found += [f"{name}: scrolls with no cue: {p}" for p in page.evaluate(SCROLL_CUE_JS)]
        found += [f"{name}: plot scaled by {s:.2f} < 0.65 (text under 9 px): {src}"
                  for src, s in page.evaluate(PLOT_SCALE_JS) if s < 0.65]
        ctx.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", GAMES)
def test_every_replay_frame_fits_a_phone(phone, name):
    browser, url, _ = phone
    ctx, page = _open(browser, f"{url}/{name}")
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
    ctx.close()
    assert not found, "\n".join(found[:40])
