"""Copy the JavaScript the website serves itself into book/_vendor/vendor/.

The book must render with no network: require.js, the ipywidgets HTML
manager (@jupyter-widgets/html-manager 1.x, for ipywidgets 8) and MathJax 3
come from the npm packages pinned in package.json / package-lock.json
(installed with ``npm ci``) and are copied here. book/_config.yml adds
``_vendor`` to ``html_static_path``, so the build copies the files to
``_build/html/_static/vendor/`` (not book/_static/, whose .js/.css files
Jupyter Book would add to every page).

Only what the pages load is copied: the AMD bundle and its woff/woff2 icon
fonts (browsers that read neither are not supported), and MathJax's
``tex-mml-chtml`` component with the extensions, fonts, menu and
accessibility modules it loads on demand, and MathJax's speech data
(``es5/sre``, 3.9 MB: the speech rules of each language and Nemeth Braille
that the menu offers). The speech data is fetched only when a reader turns on
*Accessibility* in MathJax's menu, so no other reader's page weighs more;
without it that switch made every formula vanish (issue 23). And jsQR's
single-file build (``dist/jsQR.js``, Apache-2.0, with its LICENSE), the QR
decoder of the class results board's *Scan a code* button (issue 20), which
the page loads from this site only when the teacher presses that button.

Usage: python scripts/vendor_js.py [--check]
Exit status 1 (with a message) if node_modules is missing or out of date.
Idempotent: does nothing when the stamp matches package-lock.json and this
script.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
DEST = ROOT / "book" / "_vendor" / "vendor"
STAMP = ROOT / "book" / "_vendor" / ".stamp"
HERE = Path(__file__).resolve()
WIDGETS_SETUP = HERE.parent / "vendor" / "widgets-setup.js"

# (source inside node_modules, destination inside DEST, glob patterns or None for the file itself)
MATHJAX = NODE / "mathjax"
MATHJAX_FILES = [
    "es5/tex-mml-chtml.js",
    "es5/input/tex/extensions",
    "es5/input/mml/extensions",
    "es5/output/chtml/fonts/woff-v2",
    "es5/ui",
    "es5/a11y",
    "es5/adaptors",
    "es5/sre",
]
HTML_MANAGER = NODE / "@jupyter-widgets" / "html-manager"


def stamp_value() -> str:
    h = hashlib.sha256()
    for p in (ROOT / "package-lock.json", HERE, WIDGETS_SETUP):
        h.update(p.read_bytes())
    return h.hexdigest()


def copy(src: Path, dst: Path) -> None:
    if not src.exists():
        sys.exit(f"vendor_js: {src} is missing; run `npm ci` in {ROOT} first")
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.is_dir():
        shutil.copytree(src, dst)
    else:
        shutil.copy2(src, dst)


def main(argv: list[str]) -> int:
    want = stamp_value()
    if STAMP.exists() and STAMP.read_text().strip() == want and DEST.is_dir():
        return 0
    if "--check" in argv:
        print("vendor_js: book/_vendor is missing or stale; run scripts/build.sh", file=sys.stderr)
        return 1
    if DEST.exists():
        shutil.rmtree(DEST)
    STAMP.unlink(missing_ok=True)
    # require.js (MIT; licence in the file header)
    copy(NODE / "requirejs" / "require.js", DEST / "requirejs" / "require.js")
    copy(WIDGETS_SETUP, DEST / "widgets-setup.js")
    # ipywidgets HTML manager (BSD-3-Clause) and its Font Awesome webfonts (OFL)
    dist = HTML_MANAGER / "dist"
    copy(dist / "embed-amd.js", DEST / "html-manager" / "embed-amd.js")
    for font in sorted(dist.glob("*.woff*")):
        copy(font, DEST / "html-manager" / font.name)
    # MathJax 3 (Apache-2.0): keep its es5/ layout so it finds its own files
    for rel in MATHJAX_FILES:
        copy(MATHJAX / rel, DEST / "mathjax" / Path(rel).relative_to("es5"))
    copy(MATHJAX / "LICENSE", DEST / "mathjax" / "LICENSE")
    # jsQR (Apache-2.0): the board's "Scan a code" (book/_ext/live_static/live-tables.js)
    copy(NODE / "jsqr" / "dist" / "jsQR.js", DEST / "jsqr" / "jsQR.js")
    copy(NODE / "jsqr" / "LICENSE", DEST / "jsqr" / "LICENSE")
    STAMP.write_text(want + "\n")
    size = sum(p.stat().st_size for p in DEST.rglob("*") if p.is_file())
    print(f"vendor_js: copied {size / 1e6:.1f} MB into {DEST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
