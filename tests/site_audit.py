"""Browser audits of the built website, shared by tests/test_axe.py,
tests/test_phone_layout.py and tests/test_print.py (and usable by hand:
``python tests/site_audit.py [book/_build/html]`` prints the counts).

* :func:`axe_violations` injects axe-core (npm package ``axe-core``, pinned
  in package.json, read from node_modules, never from a CDN) into a page and
  returns its serious and critical violations (WCAG 2 A/AA rules and axe's
  best practices).
* :func:`overflow_problems` lists what sticks out at the current viewport
  width: elements wider than the page that are not inside a box that
  scrolls sideways, a page that scrolls sideways as a whole, and text in
  figures smaller than 9 px once the image is scaled to fit; given an
  element (``inside``, e.g. a live dealing table), also whatever sticks out
  of it or scrolls sideways within it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def site_pages(html: Path) -> list[str]:
    """Every built HTML page (relative paths), excluding Sphinx's generated sources."""
    return sorted(str(p.relative_to(html)) for p in html.rglob("*.html")
                  if not any(part.startswith("_") for part in p.relative_to(html).parts))


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
