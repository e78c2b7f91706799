"""How many deals a second the Repeat panel deals (issue 20), in CPython and in the browser.

Bets, as in each game's lesson (its classroom module, ``banking_games.classroom.<package>``):
one unit on each of the lesson's bets, placed in the first deal of the game's table
(:data:`banking_games.registry.GAMES`) by ``_table_bets_<package>`` and, in the browser,
through the page by ``_page_bets_<package>``.

* CPython: :meth:`RepeatPanel.run` (the panel's own path) under each
  table, best of ``--repeats`` runs of ``--deals`` deals; for Hoggenheimer
  also with every deal's bets placed and settled by the engine
  (``settle_each_deal=True``), the path the panel's faster one is tested
  against.
* ``--browser``: the built site (``--site``, default ``book/_build/html``)
  served under ``/book/`` on 127.0.0.1 with every other host blocked, in
  headless Chromium: each chapter's *Deal live* table, the bets placed
  through the page, the Repeat panel run through the page. Printed: the
  panel's own figure (deals over the time Python spent dealing) and the
  reader's (deals over the time from the click on *Repeat* to the tally
  shown, which adds the page's drawing of the progress between chunks).

Target (issue 20): 1,000 Hoggenheimer deals per second in the browser.
Usage: .venv/bin/python benchmarks/repeat_speed.py [--deals N] [--repeats R] [--browser [--site PATH]]
Figures vary with the machine's load (other processes sharing its cores): take the best of several runs.
"""

from __future__ import annotations

import argparse
import functools
import re
import statistics
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from _common import best_of

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from banking_games import registry  # noqa: E402
from banking_games.classroom import hoggenheimer as hog_lesson  # noqa: E402
from banking_games.widgets import repeat as R  # noqa: E402

TARGET = 1000
SEED = 2026
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
CHAPTERS = {g.title: (g.slug, f"bg-{g.package.replace('_', '-')}-table") for g in registry.GAMES}
"""Each game's chapter page and the CSS class of its table (DealingTable.CSS_CLASS)."""


# ---------------------------------------------------------------- CPython

def _table_bets_hoggenheimer(table) -> None:
    punter = next(p for p in table.players if p != table.deal.banker)
    for _, spec, _ in hog_lesson.BETS:
        table.deal.place_bet(punter, spec, 1)


def _table_bets_banker_broker(table) -> None:
    for p in table.deal.punters:
        table.deal.bet(p, 1)


def _table_bets_landsknecht(table) -> None:
    deal = table.deal
    deal.place_bet(next(p for p in deal.players if p != deal.banker), deal.players_cards[0], 1)


def _per_game(prefix: str, info):
    """This benchmark's function ``<prefix>_<package>`` for the game ``info``."""
    try:
        return globals()[f"{prefix}_{info.package}"]
    except KeyError:
        raise SystemExit(f"repeat_speed: no {prefix}_{info.package} for {info.title}") from None


def tables() -> dict:
    """Each game's table with the benchmark's bets placed in its first deal (through the engine)."""
    out = {}
    for info in registry.GAMES:
        table = info.table_class()(seed=SEED)
        _per_game("_table_bets", info)(table)
        out[info.title] = table
    return out


def cpython(deals: int, repeats: int) -> dict[str, float]:
    rates = {}
    for game, table in tables().items():
        seconds, _ = best_of(lambda: table.repeat.run(deals, SEED), repeats)
        rates[game] = deals / seconds
        if isinstance(table.deal, hog_lesson.Plan.DEAL):   # the plan with a faster path, tested against this one
            def every_deal():
                job = R._Run(R.repeat_plan(table.deal, settle_each_deal=True), deals, SEED)
                job.step()
            seconds, _ = best_of(every_deal, repeats)
            rates[f"{game}, bets placed and settled every deal"] = deals / seconds
    return rates


# ---------------------------------------------------------------- the browser

class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


def _serve(site: Path):
    root = Path(tempfile.mkdtemp(prefix="repeat-bench-"))
    (root / "book").symlink_to(site.resolve(), target_is_directory=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/book"


# In the page: click Repeat, note when the click was made and when the panel's message says it is done.
RUN_JS = r"""
async (root) => {
  const msg = root.querySelector('.bg-message');
  const button = [...root.querySelectorAll('button')].find(b => b.textContent.trim() === 'Repeat');
  const done = new Promise(resolve => new MutationObserver((_, obs) => {
      if (/deals dealt|⚠/.test(msg.textContent)) { obs.disconnect(); resolve(performance.now()); }
    }).observe(msg, {subtree: true, childList: true, characterData: true}));
  const t0 = performance.now();
  button.click();
  const t1 = await done;
  return [t1 - t0, msg.textContent];
}
"""


def _button(scope, label: str):
    return scope.locator("button", has_text=re.compile(r"^\s*" + re.escape(label) + r"\s*$")).first


def _page_bets_hoggenheimer(page, table) -> None:
    for _, spec, _ in hog_lesson.BETS:
        field = table.get_by_role("textbox", name="or type")
        field.fill(spec)
        field.press("Enter")
        page.wait_for_timeout(200)
        _button(table, "Place bet").click()
        page.wait_for_timeout(200)


def _page_bets_banker_broker(page, table) -> None:
    punter = table.get_by_role("combobox", name="Punter")
    for i in range(punter.locator("option").count()):
        punter.select_option(index=i)
        page.wait_for_timeout(200)
        _button(table, "Place bet").click()
        page.wait_for_timeout(200)


def _page_bets_landsknecht(page, table) -> None:
    _button(table, "Place bet").click()
    page.wait_for_timeout(200)


def browser(site: Path, deals: int, repeats: int) -> dict[str, tuple[float, float]]:
    from playwright.sync_api import sync_playwright

    server, base = _serve(site)
    out = {}
    try:
        with sync_playwright() as pw:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            context = chromium.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", lambda r: r.continue_() if urlsplit(r.request.url).hostname == "127.0.0.1"
                          or r.request.url.startswith(("data:", "blob:")) else r.abort())
            page = context.new_page()
            for game, (chapter, css) in CHAPTERS.items():
                page.goto(f"{base}/{chapter}.html", wait_until="load")
                live = page.get_by_role("button", name="Deal live", exact=True)
                live.scroll_into_view_if_needed()
                live.click()
                table = page.locator(f".bg-live-table .{css}")
                table.wait_for(timeout=180_000)
                _per_game("_page_bets", registry.game(chapter))(page, table)
                panel = table.locator(".bg-repeat-panel")
                panel.get_by_text(R.RepeatPanel.TITLE).click()
                for name, value in (("Deals", deals), ("Seed", SEED)):
                    field = panel.get_by_role("textbox", name=name)
                    field.fill(str(value))
                    field.press("Enter")
                page.wait_for_timeout(300)
                python, reader = [], []
                for _ in range(repeats):
                    ms, text = page.evaluate(RUN_JS, panel.element_handle())
                    m = re.search(r"([\d,]+) deals dealt in [\d.]+ s \(([\d,]+) deals/s\)", text)
                    if not m:
                        raise RuntimeError(f"{game}: the panel said {text!r}")
                    python.append(float(m.group(2).replace(",", "")))
                    reader.append(int(m.group(1).replace(",", "")) / (ms / 1000))
                    page.wait_for_timeout(300)
                out[game] = (max(python), max(reader), statistics.median(reader))
            context.close()
            chromium.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "_build" / "html")
    args = parser.parse_args()
    print(f"Repeat panel, {args.deals:,} deals a run, seed {SEED}, best of {args.repeats} runs")
    print("CPython (panel.run):")
    for game, rate in cpython(args.deals, args.repeats).items():
        print(f"  {game:<50} {rate:>8,.0f} deals/s")
    if args.browser:
        if not (args.site / "hoggenheimer.html").is_file():
            sys.exit(f"no built site at {args.site}: build it (bash scripts/build.sh) or give --site")
        print("Browser (headless Chromium, Pyodide, the page's Deal live table and Repeat panel):")
        print(f"  {'':<22} {'dealing (panel)':>16} {'click to tally, best':>22} {'median':>8}")
        rates = browser(args.site, args.deals, args.repeats)
        for game, (python, best, median) in rates.items():
            print(f"  {game:<22} {python:>10,.0f} deals/s {best:>14,.0f} deals/s {median:>8,.0f}")
        hog = rates["Hoggenheimer"][1]
        print(f"Target: {TARGET:,} Hoggenheimer deals/s in the browser (click to tally): "
              f"{'met' if hog >= TARGET else 'NOT met'} ({hog:,.0f}).")
    else:
        print(f"(Add --browser to measure in the page; target {TARGET:,} Hoggenheimer deals/s there.)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
