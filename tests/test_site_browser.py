"""The built website in a real browser (Debian's Chromium driven by Playwright).

Every page is served from 127.0.0.1 and opened in a fresh browser context.
Each request to any other host is recorded and aborted; the test fails on
any such request, any console error, any uncaught page error, any failed
request and any HTTP status >= 400. It then checks that the math was
typeset by the site's own MathJax, that chapter pages show cards, and that
pages with ipywidgets state render the widgets. On each game's chapter page
it steps through every deal replay (``DealReplay``, class ``bg-replay``:
Play and a slider jslinked to a Stack of frames) with no kernel: the slider
moved by keyboard, the Play button clicked, and the last frame compared with
the first, all without a request to another host or a console error.

Needs /usr/bin/chromium (Debian package ``chromium``; .ci/run installs it).
Without it these tests are skipped on a developer machine and fail in CI.
Never run ``playwright install``: it downloads a browser, which fails here.
"""

from __future__ import annotations

import re

import pytest

from banking_games import registry
from conftest import need_module, new_context, require_chromium, toc_pages, watch

GAMES = set(registry.SLUGS)
PAGES = toc_pages()
EXTRA_PAGES = ["index", "genindex", "search"]

require_chromium("browser tests")

sync_api = need_module("playwright.sync_api")


def open_page(browser, url: str):
    """Open url in a fresh context (other hosts blocked, problems recorded, see
    conftest.new_context and conftest.watch); return (context, page, problems)."""
    context, problems = new_context(browser, service_workers="block")
    page = watch(context.new_page(), problems)
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    return context, page, problems


MATH_STATE_JS = """
async () => {
  const math = document.querySelectorAll('article .math');
  if (!math.length) return {math: 0};
  if (!window.MathJax || !MathJax.startup) return {math: math.length, mathjax: false};
  await MathJax.startup.promise;
  const untypeset = [...math].filter(m => !m.querySelector('mjx-container') && m.tagName !== 'MJX-CONTAINER');
  return {
    math: math.length,
    mathjax: true,
    containers: document.querySelectorAll('article mjx-container').length,
    untypeset: untypeset.slice(0, 5).map(m => m.textContent.slice(0, 80)),
    merror: [...document.querySelectorAll('mjx-merror')].slice(0, 5).map(m => m.textContent),
  };
}
"""


def check_page(browser, url: str, page_name: str, *, expect_cards: bool) -> list[str]:
    context, page, problems = open_page(browser, url)
    errors: list[str] = []
    try:
        # math: typeset by the site's MathJax, no TeX errors
        state = page.evaluate(MATH_STATE_JS)
        if state["math"]:
            if not state.get("mathjax"):
                errors.append("page has math but MathJax did not load")
            else:
                if state["containers"] == 0 or state["untypeset"]:
                    errors.append(f"math not typeset: {state}")
                if state["merror"]:
                    errors.append(f"MathJax errors: {state['merror']}")
        # cards
        if expect_cards:
            cards = page.locator("article .bg-card")
            if cards.count() == 0:
                errors.append("no cards (.bg-card) on a chapter page")
            elif not any(cards.nth(i).is_visible() for i in range(min(cards.count(), 40))):
                errors.append("cards are in the page but none is visible")
        # widgets: every saved view is rendered by the offline widget manager
        views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
        if page.locator('script[type="application/vnd.jupyter.widget-state+json"]').count():
            try:
                page.wait_for_selector(".jupyter-widgets", timeout=20_000)
            except sync_api.TimeoutError:
                errors.append("widget state present but no widget rendered")
            page.wait_for_load_state("networkidle")
            rendered = page.locator(".widget-container, .jupyter-widgets.widget-inline-hbox, "
                                    ".jupyter-widgets.widget-inline-vbox, .jupyter-widgets").count()
            if views and rendered == 0:
                errors.append(f"{views} widget views, none rendered")
            if "Error displaying widget" in page.content():
                errors.append("a widget failed to display")
        errors += problems.report()
    finally:
        context.close()
    return [f"{page_name}: {e}" for e in errors]


@pytest.mark.parametrize("page", PAGES)
def test_page_in_browser(browser, site_url, page):
    errors = check_page(browser, f"{site_url}/{page}.html", page, expect_cards=page in GAMES)
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("page", EXTRA_PAGES)
def test_generated_page_in_browser(browser, site_url, page):
    errors = check_page(browser, f"{site_url}/{page}.html", page, expect_cards=False)
    assert not errors, "\n".join(errors)


def test_search_works_offline(browser, site_url):
    context, page, problems = open_page(browser, f"{site_url}/search.html?q=banker")
    try:
        page.wait_for_selector("#search-results li, ul.search li", timeout=15_000)
        assert page.locator("ul.search li").count() > 0
        assert not problems.report(), problems.report()
    finally:
        context.close()


def test_smoke_page_math_cards_widgets(browser, smoke_url):
    """The offline machinery itself: local MathJax, SymPy as math, widgets, Play button."""
    errors = check_page(browser, f"{smoke_url}/smoke.html", "smoke", expect_cards=True)
    assert not errors, "\n".join(errors)
    context, page, problems = open_page(browser, f"{smoke_url}/smoke.html")
    try:
        page.wait_for_selector(".widget-slider", timeout=20_000)
        # SymPy's output typeset from text/latex
        assert page.locator(".cell_output mjx-container").count() >= 1
        # a widget label in LaTeX, typeset by MathJax 3 through the Hub.Queue bridge
        page.wait_for_selector(".widget-slider .widget-label mjx-container", timeout=10_000)
        # the Play widget's icons are <i> elements, not swapped for SVG by the theme's Font Awesome
        play = page.locator(".widget-play button").first
        assert play.locator("i").count() == 1
        play.click()                                # jslink: Play -> slider -> text, no kernel needed
        page.wait_for_function(
            "() => Number(document.querySelector('.widget-text input').value) > 0", timeout=10_000)
        page.wait_for_load_state("networkidle")    # icon fonts load from the site itself
        assert not problems.report(), problems.report()
    finally:
        context.close()


# The frame a DealReplay shows: ipywidgets' Stack view renders only its selected
# child, so the cards inside the replay's second box are the visible frame.
REPLAY_STATE_JS = """
(replay) => {
  const handle = replay.querySelector('.widget-slider .noUi-handle');
  // the shown frame: the stack's child, or (a merged replay, compact=True) the drawing
  // whose pieces not in this frame are hidden (so only its visible text counts)
  const frame = replay.querySelector('.bg-frames');
  const visible = el => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)
                        && getComputedStyle(el).visibility !== 'hidden';
  const cards = frame ? [...frame.querySelectorAll('.bg-card')].filter(visible) : [];
  return {
    value: handle ? Number(handle.getAttribute('aria-valuenow')) : null,
    max: handle ? Number(handle.getAttribute('aria-valuemax')) : null,
    html: frame ? frame.innerText + '|' + cards.map(c => c.getAttribute('aria-label')).join(',') : '',
    cards: cards.map(c => c.getAttribute('aria-label')),
    faces: cards.filter(c => c.classList.contains('bg-face')).map(c => c.getAttribute('aria-label')),
  };
}
"""


def _replay_state(replay) -> dict:
    return replay.evaluate(REPLAY_STATE_JS)


def _wait_replay(page, replay, condition: str, prev: str = "", timeout: int = 10_000) -> dict:
    """Wait until ``condition`` holds: a JS expression over ``s`` (the replay's state,
    see REPLAY_STATE_JS) and ``prev`` (an earlier frame's HTML). Returns the state."""
    page.wait_for_function(
        f"([r, f, prev]) => {{ const s = (eval(f))(r); return {condition}; }}",
        arg=[replay.element_handle(), REPLAY_STATE_JS, prev], timeout=timeout)
    return _replay_state(replay)


def check_replays(page) -> list[str]:
    """Step through every deal replay on the page; return what went wrong."""
    errors: list[str] = []
    try:
        page.wait_for_selector(".bg-replay .bg-card", timeout=20_000)
    except sync_api.TimeoutError:
        return ["no deal replay (.bg-replay) with cards rendered"]
    replays = page.locator(".bg-replay")
    for i in range(replays.count()):
        replay = replays.nth(i)
        name = f"replay {i + 1}"
        replay.scroll_into_view_if_needed()
        first = _replay_state(replay)
        if first["value"] is None:
            errors.append(f"{name}: no slider")
            continue
        if not first["cards"]:
            errors.append(f"{name}: no visible card in the shown frame")
            continue
        if first["max"] < 1:
            errors.append(f"{name}: only one frame, nothing to step through")
            continue
        if first["value"] != 0:
            errors.append(f"{name}: starts at frame {first['value']}, not 0")
        slider = replay.locator(".widget-slider .noUi-handle")
        # one step by keyboard: slider -> (jslink) Stack shows the next frame
        slider.focus()
        slider.press("ArrowRight")
        try:
            second = _wait_replay(page, replay, "s.value === 1 && s.html !== prev", first["html"])
        except sync_api.TimeoutError:
            now = _replay_state(replay)
            errors.append(f"{name}: ArrowRight on the slider: slider at {now['value']} (wanted 1), "
                          f"shown frame {'unchanged' if now['html'] == first['html'] else 'changed'}")
            continue
        if not second["cards"]:
            errors.append(f"{name}: frame 1 shows no visible card")
        # the last frame: a different set of cards from the first
        slider.press("End")
        try:
            last = _wait_replay(page, replay, f"s.value === {first['max']} && (s.value === 1 || s.html !== prev)",
                                second["html"])
        except sync_api.TimeoutError:
            errors.append(f"{name}: End on the slider did not reach the last frame {first['max']}")
            continue
        if not last["cards"]:
            errors.append(f"{name}: the last frame shows no visible card")
        if sorted(last["faces"]) == sorted(first["faces"]):
            errors.append(f"{name}: the last frame shows the same face-up cards as the first: {first['faces']}")
        # back to the start, then the Play button (its timer is jslinked too)
        slider.press("Home")
        try:
            _wait_replay(page, replay, "s.value === 0")
        except sync_api.TimeoutError:
            errors.append(f"{name}: Home on the slider did not return to frame 0")
            continue
        buttons = replay.locator(".widget-play button")
        buttons.first.click()
        try:
            _wait_replay(page, replay, "s.value >= 1 && s.html !== prev", first["html"])
        except sync_api.TimeoutError:
            now = _replay_state(replay)
            errors.append(f"{name}: after clicking Play: slider at {now['value']}, shown frame "
                          f"{'unchanged' if now['html'] == first['html'] else 'changed'}")
            continue
        buttons.nth(1).click()  # stop
    return errors


@pytest.mark.parametrize("page_name", sorted(GAMES))
def test_chapter_replay_steps_through_deal(browser, site_url, page_name):
    """Each chapter's seeded deal can be stepped through on the static page."""
    context, page, problems = open_page(browser, f"{site_url}/{page_name}.html")
    try:
        errors = check_replays(page)
        page.wait_for_load_state("networkidle")
        errors += problems.report()
    finally:
        context.close()
    assert not errors, "\n".join(f"{page_name}: {e}" for e in errors)


# ---------------------------------------------------------------- the known seed's deal, as shown



RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine", "8": "eight",
              "7": "seven"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _shows(label: str, name: str) -> bool:
    """Whether a card whose accessible name (``aria-label``) is ``label`` is the
    card ``name`` ('QD'; 'Joker'). A screen reader must hear the card's name,
    'queen of diamonds', not the letters drawn on it ('Q ♦ ♦'); the page's
    script must not replace it (bg-site.js renames only controls)."""
    if name == "Joker":
        return label == "Joker"
    return label == f"{RANK_WORDS[name[:-1]]} of {SUIT_WORDS[name[-1]]}"


def _hoggenheimer_replay_deal():
    """The replay's deal, dealt from the seed and bets that book/hoggenheimer.md
    gives its replay (read from the page's code cell, so the test follows the
    page), by the engine (tested against hand-derived deals elsewhere)."""
    import ast

    from conftest import BOOK
    from banking_games.games.hoggenheimer import HoggenheimerConfig, HoggenheimerDeal

    source = (BOOK / "hoggenheimer.md").read_text()
    seed = int(re.search(r"^REPLAY_SEED = (\d+)$", source, re.M).group(1))
    bets = ast.literal_eval(re.search(r"^replay_bets = (\[.*?\])$", source, re.M | re.S).group(1))
    banker = re.search(r'HoggenheimerConfig\("english"\), rng=REPLAY_SEED, banker="(\w+)"\)', source).group(1)
    deal = HoggenheimerDeal(HoggenheimerConfig("english"), rng=seed, banker=banker)
    for player, bet, stake in bets:
        deal.place_bet(player, bet, stake)
    deal.play()
    return deal, deal.settle()


def test_hoggenheimer_replay_shows_the_seeded_deal(browser, site_url):
    """Not only that the frames change: the replay on the page shows the
    seeded deal. Frames: one before any card is turned, then one per card
    turned up to and including the Joker, so the slider runs from 0 to
    (cards turned + 1). At the last frame the row of turned cards lists them
    in the order turned, the Joker last, and the bets' table gives each bet's
    result and net amount (a win pays stake x odds, a loss costs the stake)."""
    deal, settlement = _hoggenheimer_replay_deal()
    turned = [c.name for c in deal.turned] + ["Joker"]
    context, page, problems = open_page(browser, f"{site_url}/hoggenheimer.html")
    try:
        page.wait_for_selector(".bg-replay .bg-card", timeout=20_000)
        replay = page.locator(".bg-replay").first
        replay.scroll_into_view_if_needed()
        first = _replay_state(replay)
        assert first["max"] == len(turned), f"slider runs to {first['max']}, the deal turns {len(turned)} cards"
        assert first["faces"] == [], f"frame 0 shows face-up cards: {first['faces']}"
        handle = replay.locator(".widget-slider .noUi-handle")
        handle.focus()
        handle.press("End")
        last = _wait_replay(page, replay, f"s.value === {len(turned)}")
        row = last["faces"][-len(turned):]
        assert len(row) == len(turned) and all(map(_shows, row, turned)), \
            f"turned row {row}, the deal turned {turned}"
        text = last["html"].rsplit("|", 1)[0]   # the frame's text (REPLAY_STATE_JS adds "|" and the labels)
        for i, result in enumerate(settlement.results, 1):
            net = ("+" if result.net > 0 else "") + str(result.net)
            word = {"win": "won", "lose": "lost"}[result.outcome]
            assert re.search(rf"(^|\n){i}\t{result.player}\t.*\t{word}\t{re.escape(net)}(\n|$)", text), \
                f"bet {i} ({result.player}, {word} {net}) not in the last frame:\n{text[-800:]}"
        assert not problems.report(), problems.report()
    finally:
        context.close()
