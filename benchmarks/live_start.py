"""How fast "Deal live" starts and answers, in headless Chromium (issues 8 and 22).

Serves book/_build/html under /book/ on 127.0.0.1 (build it first:
``bash scripts/build.sh``), blocks every other host, and measures:

* cold start: a fresh browser profile (kept on disk, as a reader's browser
  keeps its HTTP cache) opens a chapter and, a second after its load event,
  scrolls to the button and presses "Deal live"; seconds from the press (the click event's
  time) until the first frame drawn with the live table, measured in the page
  (Playwright's own wait polls every 0.1 to 0.5 s; its wall clock is printed too);
* warm start: the same reader (same profile, so the HTTP cache is warm and
  IndexedDB holds the Python snapshot made in a worker after the first Deal
  live showed its table; the benchmark waits until it is saved) then opens
  another chapter and presses "Deal live" TO_SECTION_S after the page's load
  event (a reader going straight to the section; Python is restored from the
  snapshot once the page is idle, before the press: live-tables.js); whether
  Python was restored, and whether the restore began before the press, is
  printed; the same pressed at the load event (no head start); a third
  chapter in a page without IndexedDB (so Python starts normally: the figure
  before the snapshot), and Hoggenheimer's table (the largest: about 260
  widgets) restored again;
* start after reading: a returning reader (one who has used Deal live on
  this site before, so Python starts loading when *Deal it yourself* comes
  into view) with an empty HTTP cache scrolls there, reads for READ_S
  seconds, then presses "Deal live";
* bytes of Python fetched before the press (also with the section in view)
  and by the first press, as served here (no compression) and as a host that
  gzips each file would send them;
* click: median milliseconds from a click on a table button until the page
  shows the new state (the table's text changed), over CLICKS clicks
  ("Place bet" / "Turn a card" / "New deal" in Hoggenheimer);
* bytes fetched by a chapter page before the reader scrolls to *Deal it
  yourself*, and how many of them are Pyodide or wheels (_static/live/).

Then (``--lite``: only this) it measures "Try it in JupyterLite": a fresh
profile opens the Hoggenheimer notebook in the site's JupyterLite; seconds
until the kernel is idle (JupyterLite, Pyodide and the kernel's packages
loaded), then from *Run All Cells* until every cell has run (``%pip``
install of the book's package and sympy, the table, the sympy derivation);
then the same reader opens the Landsknecht notebook (warm HTTP cache).

Usage: .venv/bin/python benchmarks/live_start.py [--runs N] [--live | --lite]
(both parts by default: every figure of issue 22; --live: Deal live only, --lite: JupyterLite only)
Prints each figure with its target (issue 22's) and whether it was met, and the
machine's load average beside it.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "book" / "_build" / "html"
sys.path.insert(0, str(ROOT / "src"))

from banking_games import registry  # noqa: E402
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"]
# issue 22's targets: first Deal live on a fresh profile <= 3 s, a later chapter in the same
# browser <= 1.0 s (pressed TO_SECTION_S after its load event, and printed pressed at it), a click
# <= 50 ms, <= 8 MB fetched for the first Deal live
# (as a static host sends it), 0 bytes of Python where the reader never presses, JupyterLite
# link -> every cell run <= 20 s first visit, <= 10 s second
TARGETS = {"cold": 3.0, "warm": 1.0, "click_ms": 50.0, "live_bytes": 0, "first_mb": 8.0,
           "lite_first": 20.0, "lite_second": 10.0}
USED_KEY = "banking-games:deal-live-used"   # live-tables.js: this reader has used Deal live before
READ_S = 8
# a later chapter is pressed this long after its load event: a reader who goes straight from the
# page's top to Deal it yourself (several screens down) in a second, without reading there
TO_SECTION_S = 1.0
CLICKS = 15
TABLES = {g.slug: f"bg-{g.package.replace('_', '-')}-table" for g in registry.GAMES}
"""Each chapter's page and the CSS class of its table (DealingTable.CSS_CLASS)."""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


def load() -> str:
    """The machine's 1-minute load average, printed beside each figure (2 cores here)."""
    try:
        return f"load {os.getloadavg()[0]:.1f}"
    except OSError:
        return "load n/a"


def gzip_size(path: Path) -> int:
    """Bytes of ``path`` gzip-compressed at level 6 (what a host that compresses sends)."""
    return len(gzip.compress(path.read_bytes(), 6))


def serve() -> tuple[ThreadingHTTPServer, str]:
    root = Path(tempfile.mkdtemp(prefix="live-bench-"))
    (root / "book").symlink_to(HTML, target_is_directory=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/book"


def _block_others(context) -> None:
    def route(r):
        if urlsplit(r.request.url).hostname == "127.0.0.1" or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            r.abort()
    context.route("**/*", route)


# A reader's browser: a profile on disk, so its HTTP cache keeps the site's files between pages
# as a reader's browser does (a context with request routing has no HTTP cache at all, and an
# in-memory profile's cache does not keep the 9.6 MB wasm). Every host but 127.0.0.1 is
# unreachable (the resolver's rules), so no routing is needed.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def net_bytes(page) -> dict[str, int]:
    """Bytes the page has had over the network, by address (its resource timing's
    ``transferSize``: body and headers, 0 for what came from the HTTP cache)."""
    return page.evaluate("Object.fromEntries(performance.getEntriesByType('resource')"
                         ".map(e => [e.name, e.transferSize]))")


@contextlib.contextmanager
def reader_browser(pw):
    """A fresh Chromium profile on disk (deleted afterwards): a persistent context."""
    with tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS + [OFFLINE],
            viewport={"width": 1280, "height": 900})
        context.add_init_script("performance.setResourceTimingBufferSize(5000)")   # (net_bytes)
        try:
            yield context
        finally:
            context.close()


# seconds from the press (the click event's time stamp) until the live table has been drawn
# (the first frame with it in the page, and the task after that frame): measured in the page,
# since Playwright's own waiting polls the page every 0.1 to 0.5 s (its wall clock is printed too)
WATCH_JS = """(selector) => {
  window.bgBenchShown = new Promise(resolve => {
    const seen = () => {
      if (!document.querySelector(selector)) return false;
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
      return true;
    };
    if (seen()) return;
    const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
    watch.observe(document.body, {childList: true, subtree: true});
  });
  document.addEventListener('click', e => { window.bgBenchPressed = e.timeStamp; }, {capture: true, once: true});
}"""


def press_and_wait(page, chapter: str, wall: list[float] | None = None) -> float:
    """Press Deal live; seconds from the press until the live table is drawn (in the page).
    Appends the same as Playwright's wall clock sees it to ``wall``."""
    button = page.get_by_role("button", name="Deal live", exact=True)
    button.scroll_into_view_if_needed()
    selector = f".bg-live-table .{TABLES[chapter]}"
    page.evaluate(WATCH_JS, selector)
    t0 = time.perf_counter()
    button.click()
    page.locator(selector).wait_for(timeout=120_000)
    if wall is not None:
        wall.append(time.perf_counter() - t0)
    return (page.evaluate("window.bgBenchShown") - page.evaluate("window.bgBenchPressed")) / 1000


def open_chapter(page, base: str, chapter: str, after_load_s: float = 1.0) -> None:
    """Open ``chapter`` and wait ``after_load_s`` seconds after its load event (0: none)."""
    page.goto(f"{base}/{chapter}.html", wait_until="load")
    if after_load_s > 0:
        page.wait_for_timeout(after_load_s * 1000)


CLICK_JS = """
async ([root, label]) => {
  const button = [...root.querySelectorAll('button')].find(b => b.textContent.trim() === label);
  const before = root.innerText;
  const t0 = performance.now();
  button.click();
  return await new Promise(resolve => {
    const check = () => {
      if (root.innerText !== before) resolve(performance.now() - t0);
      else requestAnimationFrame(check);
    };
    check();
    setTimeout(() => resolve(-1), 5000);
  });
}
"""


LITE_IDLE_JS = ("() => [...document.querySelectorAll('.jp-Notebook-ExecutionIndicator')]"
                ".some(e => e.getAttribute('data-status') === 'idle')")
LITE_DONE_JS = ("() => { const p = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
                ".map(e => e.textContent.trim()); return p.length && p.every(t => /^\\[\\d+\\]:$/.test(t)); }")


LITE_STARTED_JS = ("() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
                   ".some(e => /\\[(\\*|\\d+)\\]/.test(e.textContent))")


def run_all(page) -> None:
    """Run → Run All Cells; clicked again if no cell has started 20 s later (a menu click can be lost)."""
    for attempt in range(3):
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells").first.click()
        try:
            page.wait_for_function(LITE_STARTED_JS, timeout=20_000)
            return
        except Exception:
            print(f"  (Run All Cells started nothing in 20 s; clicking again, attempt {attempt + 2})")
    raise RuntimeError("Run All Cells started no cell")


LITE_FIRST_JS = ("() => { const p = document.querySelector('.jp-Notebook .jp-CodeCell .jp-InputPrompt');"
                 " return p && /^\\[\\d+\\]:$/.test(p.textContent.trim()); }")


def lite_notebook(page, base: str, chapter: str) -> tuple[float, float, float]:
    """Open ``chapter``'s notebook in the site's JupyterLite and run all its cells at once.

    Returns seconds from opening the page until (the notebook is shown with its kernel status,
    the first cell (``%pip install``, which waits for the kernel to start) has run, every cell
    has run and the table is shown)."""
    t0 = time.perf_counter()
    page.goto(f"{base}/_static/lite/notebooks/index.html?path={chapter}.ipynb", wait_until="load")
    page.wait_for_function(LITE_IDLE_JS, timeout=180_000)
    shown = time.perf_counter() - t0
    run_all(page)
    page.wait_for_function(LITE_FIRST_JS, timeout=300_000)
    first = time.perf_counter() - t0
    page.wait_for_function(LITE_DONE_JS, timeout=300_000)
    page.locator(f".jp-OutputArea-output .{TABLES[chapter]}").first.wait_for(timeout=60_000)
    return shown, first, time.perf_counter() - t0


def main_lite(runs: int) -> int:
    server, base = serve()
    rows = {k: [] for k in ("shown", "first", "done", "w_shown", "w_first", "w_done")}
    with sync_playwright() as pw:
        for _ in range(runs):
            with reader_browser(pw) as context:   # its HTTP cache kept on disk, as a reader's
                for prefix, chapter in (("", "hoggenheimer"), ("w_", "landsknecht")):
                    for key, value in zip(("shown", "first", "done"), lite_notebook(context.new_page(), base, chapter)):
                        rows[prefix + key].append(value)
    server.shutdown()
    print(f"Try it in JupyterLite, headless Chromium, {runs} runs, site under /book/ on 127.0.0.1;")
    print("seconds from opening the notebook's page, Run All Cells pressed as soon as it is shown")
    names = {"shown": "Hoggenheimer, fresh profile: notebook shown", "first": "  kernel started, %pip cell run",
             "done": "  all cells run (table, sympy derivation)",
             "w_shown": "Landsknecht, same profile: notebook shown", "w_first": "  kernel started, %pip cell run",
             "w_done": "  all cells run"}
    for key, values in rows.items():
        med = statistics.median(values)
        target = {"done": TARGETS["lite_first"], "w_done": TARGETS["lite_second"]}.get(key)
        verdict = f"; target <= {target} s: {'met' if med <= target else 'NOT met'}" if target else ""
        print(f"{names[key]:<48} median {med:.1f} s (runs: {', '.join(f'{v:.1f}' for v in values)}){verdict}")
    print(f"({load()} at the end; the second notebook is opened in the same browser, its HTTP cache warm)")
    return 0


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 2
    if not (HTML / "hoggenheimer.html").is_file():
        sys.exit("build the site first: bash scripts/build.sh")
    if "--lite" in argv:
        return main_lite(runs)
    main_live(runs)
    if "--live" not in argv:   # every figure of issue 22: Deal live's, then JupyterLite's
        print()
        main_lite(runs)
    return 0


def main_live(runs: int) -> int:
    server, base = serve()
    cold, warm, after_read, clicks, page_bytes, live_bytes = [], [], [], [], [], []
    warm_plain, in_page, restored = [], {"cold": [], "warm": [], "warm_plain": []}, []
    warm_large, warm_at_load, before_press, early_bytes = [], [], [], []
    seen_bytes, first_bytes = [], []
    loads = {"cold": [], "warm": [], "warm_plain": [], "read": [], "click": []}
    walls = {"cold": [], "warm": [], "warm_plain": [], "read": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for _ in range(runs):
            # cold, then warm (second chapter, same profile, kept on disk)
            with reader_browser(pw) as context:
                page = context.new_page()
                open_chapter(page, base, "hoggenheimer")
                page.wait_for_timeout(500)
                sizes = net_bytes(page)
                page_bytes.append(sum(sizes.values()))
                live_bytes.append(sum(v for k, v in sizes.items() if "/_static/live/" in k
                                      and not k.split("?")[0].endswith("live-tables.js")))
                # scrolled to the section, not pressed: still nothing of Python
                page.evaluate("document.querySelector('.bg-live').scrollIntoView({block: 'center'})")
                page.wait_for_timeout(1000)
                sizes = net_bytes(page)
                seen_bytes.append(sum(v for k, v in sizes.items() if "/_static/live/" in k
                                      and not k.split("?")[0].endswith("live-tables.js")))
                before = set(sizes)
                cold.append(press_and_wait(page, "hoggenheimer", walls["cold"]))
                in_page["cold"].append(page.evaluate("window.bgLiveTimings.table") / 1000)
                sizes = net_bytes(page)
                first_bytes.append(sum(v for k, v in sizes.items() if k not in before and "/_static/live/" in k))
                loads["cold"].append(load())
                table = page.locator(".bg-live-table .bg-hoggenheimer-table")
                for i in range(CLICKS):
                    label = ["Place bet", "Turn a card", "New deal"][i % 3]
                    ms = page.evaluate(CLICK_JS, [table.element_handle(), label])
                    if ms >= 0:
                        clicks.append(ms)
                    page.wait_for_timeout(150)
                loads["click"].append(load())
                # the snapshot is made in a worker once the first table is shown (the clicks above
                # ran meanwhile); a reader who opens the next chapter before it is saved starts normally
                saved = page.evaluate("window.bgLiveSnapshotSaved")
                made = page.evaluate("window.bgLiveTimings.snapshotMade || null")
                print(f"  (snapshot saved: {saved}; made in the worker in "
                      f"{made[0] / 1000 if made else float('nan'):.2f} s, {made[1] if made else 0:,} bytes)")
                page2 = context.new_page()
                open_chapter(page2, base, "landsknecht", after_load_s=TO_SECTION_S)
                early_bytes.append(sum(v for k, v in net_bytes(page2).items() if "/_static/live/" in k
                                       and not k.split("?")[0].endswith("live-tables.js")))
                warm.append(press_and_wait(page2, "landsknecht", walls["warm"]))
                loads["warm"].append(load())
                timings = page2.evaluate("window.bgLiveTimings")
                in_page["warm"].append(timings["table"] / 1000)
                restored.append(bool(timings.get("restored")))
                before_press.append(bool(timings.get("startedBeforePress")))
                page2.close()
                # the same reader pressing the moment the page's load event fires: no time to restore first
                page5 = context.new_page()
                open_chapter(page5, base, "landsknecht", after_load_s=0)
                warm_at_load.append(press_and_wait(page5, "landsknecht"))
                restored.append(bool(page5.evaluate("window.bgLiveTimings.restored")))
                page5.close()
                # the same, in a page without IndexedDB: no snapshot, Python starts as before issue 22
                page3 = context.new_page()
                page3.add_init_script("Object.defineProperty(window, 'indexedDB', {value: undefined})")
                open_chapter(page3, base, "banker-and-broker")
                warm_plain.append(press_and_wait(page3, "banker-and-broker", walls["warm_plain"]))
                loads["warm_plain"].append(load())
                in_page["warm_plain"].append(page3.evaluate("window.bgLiveTimings.table") / 1000)
                page3.close()
                # the largest table (Hoggenheimer's), restored from the snapshot in a later page
                page4 = context.new_page()
                open_chapter(page4, base, "hoggenheimer", after_load_s=TO_SECTION_S)
                warm_large.append(press_and_wait(page4, "hoggenheimer"))
                restored.append(bool(page4.evaluate("window.bgLiveTimings.restored")))
                before_press.append(bool(page4.evaluate("window.bgLiveTimings.startedBeforePress")))
            # start after reading the section for READ_S seconds: a reader who used Deal live
            # before (so Python starts when the section shows) with an empty HTTP cache
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(f"localStorage.setItem('{USED_KEY}', '1')")
            _block_others(context)
            page = context.new_page()
            open_chapter(page, base, "banker-and-broker")
            page.locator("#deal-it-yourself").scroll_into_view_if_needed()
            page.wait_for_timeout(READ_S * 1000)
            after_read.append(press_and_wait(page, "banker-and-broker", walls["read"]))
            loads["read"].append(load())
            context.close()
        browser.close()
    server.shutdown()

    def line(name, values, target, unit, fmt="{:.2f}", where=()):
        med = statistics.median(values)
        ok = "met" if med <= target else "NOT met"
        vals = ", ".join(fmt.format(v) for v in values)
        print(f"{name:<48} median {fmt.format(med)} {unit} (runs: {vals}); target <= {target} {unit}: {ok}"
              + (f" [{', '.join(where)}]" if where else ""))

    live = HTML / "_static" / "live"
    manifest = json.loads((live / "wheels.json").read_text())
    files = [live / f for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                                "pyodide-lock.json", "wheels.json", "bridge.py")] + \
            [live / w["file"] for w in manifest["wheels"]]
    files = [f for f in files if f.is_file()]
    raw = sum(f.stat().st_size for f in files) / 1e6
    gz = sum(gzip_size(f) for f in files) / 1e6
    print(f"Deal live, headless Chromium, {runs} runs, site under /book/ on 127.0.0.1 "
          f"(Python's http.server: no compression), 2 cores")
    print("(press -> table: from the click event to the first frame drawn with the live table, measured in")
    print(" the page; 'wall clock' is the same as Playwright sees it, polling the page every 0.1 to 0.5 s)")
    line("first visit (fresh profile), press -> table", cold, TARGETS["cold"], "s", where=loads["cold"])
    line("  (wall clock)", walls["cold"], TARGETS["cold"], "s")
    line("  (in the page: click event -> table shown)", in_page["cold"], TARGETS["cold"], "s")
    line(f"later chapter, same browser, pressed {TO_SECTION_S:g} s after load", warm, TARGETS["warm"], "s",
         where=loads["warm"])
    line("  (wall clock)", walls["warm"], TARGETS["warm"], "s")
    line("  (in the page: click event -> table shown)", in_page["warm"], TARGETS["warm"], "s")
    line("  the same, Hoggenheimer (the largest table)", warm_large, TARGETS["warm"], "s")
    line("  the same, pressed at the load event", warm_at_load, TARGETS["warm"], "s")
    print(f"{'  Python restored from the snapshot':<48} {sum(restored)} of {len(restored)} pages; "
          f"restore started before the press on {sum(before_press)} of {len(before_press)} pages "
          f"pressed {TO_SECTION_S:g} s after load")
    print(f"{'  bytes fetched for it before the press':<48} median {statistics.median(early_bytes):.0f} B "
          f"(runs: {', '.join(f'{b:.0f}' for b in early_bytes)}; the rest came from the HTTP cache)")
    line("later chapter, no IndexedDB (normal start)", warm_plain, TARGETS["warm"], "s",
         where=loads["warm_plain"])
    line("  (wall clock)", walls["warm_plain"], TARGETS["warm"], "s")
    line("  (in the page: click event -> table shown)", in_page["warm_plain"], TARGETS["warm"], "s")
    line(f"returning reader, press after {READ_S} s in section", after_read, TARGETS["warm"], "s",
         where=loads["read"])
    line("  (wall clock)", walls["read"], TARGETS["warm"], "s")
    line("click -> new state shown", clicks, TARGETS["click_ms"], "ms", "{:.0f}", where=loads["click"])
    line("bytes of Python before scrolling", live_bytes, TARGETS["live_bytes"], "B", "{:.0f}")
    line("bytes of Python, section in view, not pressed", seen_bytes, TARGETS["live_bytes"], "B", "{:.0f}")
    line("first Deal live, MB fetched (served uncompressed)", [b / 1e6 for b in first_bytes], TARGETS["first_mb"], "MB")
    print(f"{'first Deal live, MB a gzip host would send':<48} {gz:.1f} MB of {raw:.1f} MB "
          f"(gzip -6 of each file; target <= {TARGETS['first_mb']} MB: {'met' if gz <= TARGETS['first_mb'] else 'NOT met'})")
    print(f"{'bytes a chapter page fetches before scrolling':<48} {statistics.median(page_bytes) / 1e6:.2f} MB "
          f"(hoggenheimer.html and everything it loads; no target here)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
