"""Page weight of the built website: what each page makes the browser
download before the reader asks for anything (no click, no scroll).

For every page of book/_build/html it opens the page in headless Chromium
(served from 127.0.0.1), waits until the network is idle (MathJax typeset,
widgets rendered) and records every file fetched. It prints, per page, the
HTML size and the total of all files, raw and gzip-compressed (level 6, as
common static hosts serve text; images and fonts gain little), then the
files shipped in the site that no page needs (.map files, MathJax's speech
data).

Targets (issue 10): a chapter page's HTML at most 300 kB; everything a
chapter page loads at most 1.5 MB gzip-compressed.

Usage: .venv/bin/python benchmarks/page_weight.py [path/to/_build/html]
Needs /usr/bin/chromium and Playwright for Python (never `playwright install`).
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from site_audit import serve, site_pages, wait_ready  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from banking_games import registry  # noqa: E402

HTML_TARGET = 300_000
GZIP_TARGET = 1_500_000
CHAPTERS = registry.SLUGS


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6))


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    html = Path(argv[0]) if argv else ROOT / "book" / "_build" / "html"
    server, url = serve(html)
    rows, failed = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for name in site_pages(html):
            ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
            page = ctx.new_page()
            fetched: set[Path] = set()
            page.on("requestfinished", lambda r: urlsplit(r.url).hostname == "127.0.0.1"
                    and fetched.add(html / unquote(urlsplit(r.url).path).lstrip("/")))
            page.goto(f"{url}/{name}", wait_until="load")
            wait_ready(page)
            ctx.close()
            files = [p for p in fetched if p.is_file()]
            raw = sum(p.stat().st_size for p in files)
            zipped = sum(gz(p.read_bytes()) for p in files)
            size = (html / name).stat().st_size
            biggest = max(files, key=lambda p: p.stat().st_size)
            rows.append((name, size, raw, zipped, len(files), biggest))
        browser.close()
    server.shutdown()
    print(f"{'page':38} {'HTML kB':>8} {'all kB':>8} {'gzip kB':>8} {'files':>5}  largest file")
    for name, size, raw, zipped, n, biggest in rows:
        chapter = name.split("/")[-1].split(".")[0].startswith(CHAPTERS)
        flag = ""
        if chapter and (size > HTML_TARGET or zipped > GZIP_TARGET):
            flag = "  <-- over target"
            failed.append(name)
        print(f"{name:38} {size / 1e3:8.1f} {raw / 1e3:8.1f} {zipped / 1e3:8.1f} {n:5d}  "
              f"{biggest.relative_to(html)} ({biggest.stat().st_size / 1e3:.0f} kB){flag}")
    maps = list(html.rglob("*.map"))
    sre = html / "_static" / "vendor" / "mathjax" / "sre"
    sre_bytes = sum(p.stat().st_size for p in sre.rglob("*") if p.is_file()) if sre.exists() else 0
    site = sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
    print(f"\nwhole site: {site / 1e6:.2f} MB; .map files: {len(maps)} "
          f"({sum(p.stat().st_size for p in maps) / 1e6:.2f} MB); MathJax speech data: {sre_bytes / 1e6:.2f} MB")
    print(f"targets: chapter HTML <= {HTML_TARGET / 1e3:.0f} kB, chapter total <= "
          f"{GZIP_TARGET / 1e6:.1f} MB gzip; {'all met' if not failed else 'missed by: ' + ', '.join(failed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
