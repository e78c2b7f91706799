"""Browser audits of the built website, shared by tests/test_axe.py,
tests/test_phone_layout.py and tests/test_print.py (and usable by hand:
``python tests/site_audit.py [book/_build/html]`` prints the counts).

* :func:`axe_violations` injects axe-core (npm package ``axe-core``, pinned
  in package.json, read from node_modules, never from a CDN) into a page and
  returns its serious and critical violations (WCAG 2 A/AA rules and axe's
  best practices).
* :data:`AXE_ON` runs axe-core on one element (a live table) and lists its
  serious and critical findings; :func:`text_contrast` measures the
  contrast of every visible text in an element.
* :func:`keyboard_walk` presses every control of a live table by keyboard
  alone and checks that results and refusals reach its live region (the
  website and JupyterLab, issue 19).
* :func:`overflow_problems` lists what sticks out at the current viewport
  width: elements wider than the page that are not inside a box that
  scrolls sideways, a page that scrolls sideways as a whole, and text in
  figures smaller than 9 px once the image is scaled to fit; given an
  element (``inside``, e.g. a live dealing table), also whatever sticks out
  of it or scrolls sideways within it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def site_pages(html: Path) -> list[str]:
    """Every built HTML page of the English edition (relative paths: the site's root), excluding
    Sphinx's generated sources; the other editions' pages are :func:`edition_pages`."""
    return sorted(p.name for p in html.glob("*.html"))


def edition_pages(html: Path, lang: str) -> list[str]:
    """Every built HTML page of the edition ``lang`` (``de/intro.html`` …), built by
    scripts/build_editions.py into the folder named by its language code; not its index.html,
    Jupyter Book's redirect to intro.html)."""
    return sorted(f"{lang}/{p.name}" for p in (html / lang).glob("*.html") if p.name != "index.html")


def wait_ready(page) -> None:
    """Wait until MathJax has typeset and the widgets have rendered."""
    page.wait_for_load_state("networkidle")
    page.evaluate("""async () => {
      if (window.MathJax && MathJax.startup && MathJax.startup.promise) await MathJax.startup.promise;
      const want = document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length;
      for (let i = 0; i < 100 && want && document.querySelectorAll('.widget-box, .jupyter-widgets').length === 0; i++)
        await new Promise(r => setTimeout(r, 100));
    }""")
    page.wait_for_timeout(300)


AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
    id: v.id, impact: v.impact, count: v.nodes.length,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 160)),
  }));
}"""


def axe_violations(page) -> list[dict]:
    """Serious and critical axe-core violations of the open page."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN)


OVERFLOW_JS = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > vw + 1)
    out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px wide at ${vw}px`);
  const scrolls = el => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['auto', 'scroll'].includes(s.overflowX) && a.clientWidth < vw + 1) return true;
    }
    return false;
  };
  const hidden = el => { for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.display === 'none' || s.visibility === 'hidden') return true; } return false; };
  const seen = new Set();
  for (const el of document.querySelectorAll('article.bd-article *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if ((r.right > vw + 1 || r.left < -1) && !scrolls(el) && !hidden(el)) {
      // report the outermost culprit only
      let top = el; for (let a = el.parentElement; a && a.tagName !== 'ARTICLE'; a = a.parentElement) {
        const q = a.getBoundingClientRect(); if (q.right > vw + 1 || q.left < -1) top = a; }
      if (seen.has(top)) continue; seen.add(top);
      const t = top.tagName.toLowerCase() + (top.id ? '#' + top.id : '') + (top.className && typeof top.className === 'string' ? '.' + top.className.trim().split(/\\s+/).slice(0, 2).join('.') : '');
      out.push(`cut off: ${t} spans ${Math.round(r.left)}..${Math.round(r.right)}px at ${vw}px: ${(top.textContent || '').trim().slice(0, 50)}`);
    }
  }
  for (const img of document.querySelectorAll('article img[data-text-px]')) {
    const scale = img.getBoundingClientRect().width / img.naturalWidth;
    const px = parseFloat(img.dataset.textPx) * scale;
    if (px < 9) out.push(`figure text ${px.toFixed(1)}px tall: ${img.getAttribute('src')}`);
  }
  return out;
}"""


# Inside one element (a live dealing table): every visible descendant that sticks
# out of it, and every box in it that scrolls sideways; a box that scrolls counts
# here (unlike OVERFLOW_JS), since what it hides is off the reader's screen.
INSIDE_JS = """(selector) => {
  const root = document.querySelector(selector);
  if (!root) return [`no element ${selector}`];
  const box = root.getBoundingClientRect(), out = [];
  const name = el => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
  const shown = el => { for (let a = el; a && a !== root; a = a.parentElement) {
      const s = getComputedStyle(a); if (s.display === 'none' || s.visibility === 'hidden') return false; }
    return true; };
  const seen = new Set();
  for (const el of root.querySelectorAll('*')) {
    if (!shown(el) || el.closest('mjx-assistive-mml')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > box.right + 1 || r.left < box.left - 1) {
      let top = el;   // the outermost element that sticks out
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
        const q = a.getBoundingClientRect(); if (q.right > box.right + 1 || q.left < box.left - 1) top = a; }
      if (seen.has(top)) continue; seen.add(top);
      out.push(`cut off: ${name(top)} spans ${Math.round(r.left)}..${Math.round(r.right)}px, ` +
               `the table ${Math.round(box.left)}..${Math.round(box.right)}px: ${(top.textContent || '').trim().slice(0, 50)}`);
    }
    const s = getComputedStyle(el);
    if (['auto', 'scroll'].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 2 && el.clientWidth > 0)
      out.push(`scrolls sideways: ${name(el)} shows ${el.clientWidth} of ${el.scrollWidth}px: ${(el.textContent || '').trim().slice(0, 50)}`);
  }
  return out;
}"""


def overflow_problems(page, inside: str | None = None) -> list[str]:
    """What is cut off (or too small to read) at the page's current width; with
    ``inside`` (a CSS selector) also what sticks out of that element or scrolls
    sideways within it."""
    found = page.evaluate(OVERFLOW_JS)
    if inside:
        found += page.evaluate(INSIDE_JS, inside)
    return found


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright
    from conftest import CHROMIUM, CHROMIUM_ARGS, new_context, serve

    html = Path(argv[0]) if argv else ROOT / "book" / "_build" / "html"
    server, url = serve(html)
    total = {}
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for name in site_pages(html):
            for label, vp in (("desktop", DESKTOP), ("phone", PHONE)):
                ctx, _ = new_context(b, viewport=vp, service_workers="block")
                page = ctx.new_page()
                page.goto(f"{url}/{name}", wait_until="load")
                wait_ready(page)
                if label == "desktop":
                    v = axe_violations(page)
                    for item in v:
                        total[(item["impact"], item["id"])] = total.get((item["impact"], item["id"]), 0) + item["count"]
                    print(f"{name}: axe {sum(x['count'] for x in v)} serious/critical "
                          "(" + ", ".join(str(x["id"]) + "x" + str(x["count"]) for x in v) + ")")
                else:
                    probs = overflow_problems(page)
                    print(f"{name}: phone {len(probs)} overflow problems")
                    for p in probs[:8]:
                        print("   ", p)
                ctx.close()
        b.close()
    server.shutdown()
    print("axe totals:", {f"{k[0]}:{k[1]}": n for k, n in sorted(total.items())})
    print("critical:", sum(n for k, n in total.items() if k[0] == "critical"),
          "serious:", sum(n for k, n in total.items() if k[0] == "serious"))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main(sys.argv[1:]))


# The contrast of every visible text in an element, measured in the page (issue 19): for each
# text node, its colour (blended over the background when it is semi-transparent) against the
# first background behind it that is at least half opaque (the page's if none). WCAG 2's
# relative luminance and ratio (L1 + .05) / (L2 + .05); large text (24 px, or 18.66 px bold)
# needs 3:1, other text 4.5:1. Text in disabled controls (WCAG exempts it), in SVG (drawn with
# fill, not color) and boxes under 2 px (screen-reader-only copies) are left out.
TEXT_CONTRAST_JS = """(root) => {
  const nums = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const bgOf = el => {
    for (let e = el; e; e = e.parentElement) {
      const n = nums(getComputedStyle(e).backgroundColor);
      if (n.length >= 3 && (n.length < 4 || n[3] > 0.5)) return n.slice(0, 3);
    }
    const n = nums(getComputedStyle(document.body).backgroundColor);
    return n.length >= 3 && (n.length < 4 || n[3] > 0.5) ? n.slice(0, 3) : [255, 255, 255];
  };
  const low = [];
  let checked = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest('svg, [disabled], [aria-hidden=true]')) continue;
    const cs = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (cs.visibility === 'hidden' || box.width < 2 || box.height < 2) continue;
    const fg = nums(cs.color), bg = bgOf(el);
    const a = fg.length > 3 ? fg[3] : 1;
    const mixed = [0, 1, 2].map(i => a * fg[i] + (1 - a) * bg[i]);
    const [hi, lo] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    checked += 1;
    if (ratio < need - 0.005)
      low.push(`${node.textContent.trim().slice(0, 30)} ${ratio.toFixed(2)}:1 (${cs.color} on rgb(${bg}))`);
  }
  return {checked: checked, low: low};
}"""


def text_contrast(page, selector: str) -> dict:
    """``{"checked": texts measured, "low": [text, ratio, colours]}`` for the element
    ``selector`` (see :data:`TEXT_CONTRAST_JS`)."""
    return page.evaluate(f"(s) => ({TEXT_CONTRAST_JS})(document.querySelector(s))", selector)


# axe-core on one element (serious and critical findings only)
AXE_ON = """async (selector) => {
  const r = await axe.run(document.querySelector(selector), {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v =>
    v.id + ' x' + v.nodes.length + ': ' + v.nodes.slice(0, 2).map(n =>
      n.target.join(' ').slice(-80) + ' :: ' + (n.failureSummary || '').slice(0, 160)).join(' | '));
}"""


def audit_themes(page, selector: str, where: str, *, min_texts: int = 20) -> dict:
    """Run axe-core (serious and critical findings) and :func:`text_contrast` on the element
    ``selector`` in the site's light and then dark mode (``data-theme`` on <html>), print one
    line of counts per mode, and fail naming ``where`` on any finding, on any text under 4.5:1
    (3:1 large), or when fewer than ``min_texts`` texts were measured. Returns
    ``{theme: (axe findings, contrast)}``. The page must already hold the element."""
    page.add_script_tag(path=str(AXE))
    measured = {}
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.wait_for_timeout(200)
        measured[theme] = (page.evaluate(AXE_ON, selector), text_contrast(page, selector))
    print(f"\n[audit] {where}: " + "; ".join(
        f"{theme}: axe {sum(int(f.split(' x')[1].split(':')[0]) for f in axe)} serious/critical nodes, "
        f"{len(c['low'])} of {c['checked']} texts under 4.5:1" for theme, (axe, c) in measured.items()))
    for theme, (axe, contrast) in measured.items():
        assert not axe, f"{where}, {theme} mode: axe finds in {selector}: {axe}"
        assert contrast["checked"] > min_texts, f"{where}, {theme}: only {contrast['checked']} texts measured"
        assert not contrast["low"], f"{where}, {theme} mode: text under 4.5:1 (3:1 large): {contrast['low'][:8]}"
    return measured


# ---------------------------------------------------------------- keyboard alone (issue 19)

# The focused element, described: its tag, its accessible name (aria-label, aria-labelledby, a
# <label for>, an enclosing <label>, its own text or title, in the order a browser uses them), whether
# it is one of the table's own buttons (not the replay's Play/Stop), a panel's title (the tables'
# Disclosure buttons, or an ipywidgets Accordion header) and whether its panel is open (aria-expanded,
# which the website's script sets; in JupyterLab the pressed look, mod-active), a checkbox, and
# whether it lies inside the live table.
FOCUSED_JS = """(scope) => {
  const e = document.activeElement;
  const byId = id => { const x = document.getElementById(id); return x ? x.textContent : ''; };
  const label = (e.id && document.querySelector('label[for="' + CSS.escape(e.id) + '"]')) || e.closest('label');
  const name = (e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(' ').map(byId).join(' ')
                || (label ? label.textContent : '') || (e.tagName === 'INPUT' ? '' : e.textContent) || e.title || '').trim();
  return {tag: e.tagName, name: name.replace(/\\s+/g, ' ').slice(0, 60), inTable: !!e.closest(scope),
          header: e.classList.contains('jupyter-widget-Collapse-header') || e.classList.contains('bg-disclosure-header'),
          expanded: e.getAttribute('aria-expanded') || (e.classList.contains('bg-disclosure-header')
                                                         ? String(e.classList.contains('mod-active')) : null),
          button: e.tagName === 'BUTTON' && !e.closest('.bg-replay') && !e.classList.contains('bg-copy-code'),
          checkbox: e.type === 'checkbox',
          checked: !!e.checked};
}"""

# The message bar nearest the focused control: the table's own, or the Repeat panel's for
# the panel's controls (the first .bg-message inside the closest box that holds one)
NEAR_BAR_JS = """() => {
  let c = document.activeElement;
  while (c && !(c.querySelector && c.querySelector('.bg-message'))) c = c.parentElement;
  return c ? c.querySelector('.bg-message') : null;
}"""

# The table's message bar and its live region. On the website the bar's own element, which lives
# as long as the table, is the region (role=status, aria-live=polite: live-tables.js); where no
# script of the book runs (JupyterLab) the message inside the bar carries it (role=status with
# aria-live=polite for news, role=alert for a refusal: MessageBar). ``html`` changes with every
# message, even a repeated one.
REGION_JS = """(el) => {
  const bar = el.classList.contains('bg-message') ? el : el.querySelector('.bg-message');
  const inner = bar.querySelector('[role=status], [role=alert]');
  const region = bar.getAttribute('role') === 'status' ? bar : inner;
  const role = region ? region.getAttribute('role') : null;
  return {role: role, live: region ? (region.getAttribute('aria-live') || (role === 'alert' ? 'assertive' : null)) : null,
          html: bar.innerHTML, text: bar.innerText.trim(), alert: !!bar.querySelector('[role=alert]'),
          own: bar.getAttribute('role') === 'status'};
}"""


WALK_HEADERS = ("Step through this deal", "Event log", "Group code for the lesson",
                "Repeat: many deals with the same bets")
"""The accordion headers of a live table, in page order."""


def keyboard_walk(page, table, chapter, *, scope: str = ".bg-live-table",
                  headers: Sequence[str] | None = WALK_HEADERS,
                  unnamed_in: str | None = None) -> tuple[list[tuple[str, bool, str]], list[str], list[dict]]:
    """Press every control of the live table by keyboard alone and read the live region after
    each press. The deal in play is over (settled), so the first 'Turn ...' button pressed is
    refused; then, Tab by Tab through the table in page order, each of the table's buttons is
    pressed (Enter and Space in turn) and must change the live region's message, each
    accordion header ('Step through this deal', 'Event log') must be a Tab stop that Enter
    opens, the checkbox must toggle with Space, and every Tab stop must have a name.

    ``table`` is the table's locator, ``scope`` the selector of the box around it whose Tab stops
    are walked (the website's ``.bg-live-table``; in JupyterLab the table's own class), and
    ``headers`` the accordion headers the walk must reach and open, in page order (``None``: the
    caller checks them). A Tab stop without a name fails the walk, unless it lies inside an
    element matching ``unnamed_in``: then it is returned for the caller to report. Shared by
    tests/test_live_site.py and tests/test_jupyterlab.py (issue 19); returns the buttons pressed,
    as (name, refused, message), the headers reached, and the unnamed stops let through."""
    sync_api = importlib.import_module("playwright.sync_api")

    def start():
        # focus the table's first control, then back out and in again: focus from the keyboard
        first = table.locator("input, select, button, [tabindex]").first
        first.focus()
        page.keyboard.press("Shift+Tab")

    start()

    def tab():
        page.keyboard.press("Tab")
        return page.evaluate(FOCUSED_JS, scope)

    def press(key, before_html, where=None):
        where = where or table.element_handle()
        page.keyboard.press(key)
        try:
            page.wait_for_function(f"([t, h]) => ({REGION_JS})(t).html !== h",
                                   arg=[where, before_html], timeout=10_000)
        except sync_api.TimeoutError:
            pass  # the assertion below says what is missing
        page.wait_for_timeout(50)
        return where.evaluate(REGION_JS)

    # 1. a refusal, by keyboard: 'Turn a card' / 'Turn a section' after the deal is over
    for _ in range(40):
        focused = tab()
        if focused["button"] and focused["name"].startswith("Turn a"):
            break
    else:
        raise AssertionError(f"{chapter}: Tab never reaches the 'Turn ...' button: last stop {focused}")
    before = table.evaluate(REGION_JS)
    region = press("Space", before["html"])
    assert region["role"] in ("status", "alert") and region["live"], f"{chapter}: the message bar is no live region"
    assert region["html"] != before["html"] and region["alert"], f"{chapter}: no refusal reached the live region"
    assert "over" in region["text"], f"{chapter}: the refusal does not say the deal is over: {region['text']}"

    # 2. every Tab stop of the table, from its first: each button pressed, headers opened
    start()
    stops, pressed, reached, unnamed, keys = [], [], [], [], ["Enter", "Space"]
    for _ in range(80):
        focused = tab()
        if not focused["inTable"]:
            break
        stops.append(focused)
        if not focused["name"] and unnamed_in and page.evaluate("s => !!document.activeElement.closest(s)", unnamed_in):
            unnamed.append(focused)
            continue
        assert focused["name"], f"{chapter}: a Tab stop without a name: {focused}"
        if focused["header"]:
            page.keyboard.press("Enter")
            page.wait_for_timeout(300)
            opened = page.evaluate(FOCUSED_JS, scope)
            assert opened["expanded"] == "true", f"{chapter}: Enter does not open {focused['name']!r}: {opened}"
            reached.append(focused["name"])
        elif focused["checkbox"]:
            page.keyboard.press("Space")
            page.wait_for_timeout(200)
            assert page.evaluate(FOCUSED_JS, scope)["checked"] != focused["checked"], f"{chapter}: Space does not toggle"
        elif focused["button"]:
            key = keys[len(pressed) % 2]
            bar = page.evaluate_handle(NEAR_BAR_JS).as_element()
            assert bar is not None, f"{chapter}: no message bar near {focused['name']!r}"
            before = bar.evaluate(REGION_JS)
            region = press(key, before["html"], bar)
            assert region["html"] != before["html"] and region["text"], \
                f"{chapter}: {key} on {focused['name']!r} did not reach the message bar"
            assert region["role"] == ("alert" if region["alert"] and not region["own"] else "status") \
                and region["live"], f"{chapter}: {key} on {focused['name']!r}: the message is in no live region: {region}"
            assert "Unexpected" not in region["text"], f"{chapter}: {focused['name']!r}: {region['text']}"
            pressed.append((focused["name"], region["alert"], region["text"]))
    else:
        raise AssertionError(f"{chapter}: Tab stays in the table after 80 presses: {stops[-5:]}")
    if headers is not None:
        assert reached == list(headers), f"{chapter}: accordion headers reached: {reached}"
    names = [n for n, _, _ in pressed]
    for wanted in ("New session", "Place bet", "Deal to the end", "New deal"):
        assert wanted in names, f"{chapter}: {wanted!r} was not reached and pressed by keyboard: {names}"
    results = [(n, t) for n, alert, t in pressed if not alert]
    assert any(n == "Deal to the end" and "Deal settled" in t for n, t in results), \
        f"{chapter}: no settled deal reached the live region: {pressed}"
    return pressed, reached, unnamed
