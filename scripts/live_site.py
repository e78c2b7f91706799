"""Put Python for the reader's browser into book/_vendor/live/ ("Deal live").

The website's *Deal live* buttons (book/_ext/banking_book/live_tables.py) run this book's
real dealing tables in the page with Pyodide. Everything they load is served
by the site itself, from ``_static/live/``:

* the Pyodide core (``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``,
  ``python_stdlib.zip``, ``pyodide-lock.json``) from the npm package
  ``pyodide`` pinned in package-lock.json (installed by ``npm ci``);
* the pure-Python wheels the tables import (ipywidgets, comm, traitlets, and
  segno for the group codes' QR codes),
  at the exact versions pinned in requirements.txt, from PyPI with
  ``pip download`` (pip's cache makes later runs offline);
* this book's own package ``banking_games`` as a wheel, built here from
  ``src/`` with the standard library (a wheel is a zip with a ``.dist-info``
  folder; pyproject's setuptools pin is newer than some venvs have);
* ``bridge.py`` and ``live-tables.js`` from book/_ext/banking_book/live_static/: the
  widget bridge between Python's ``comm`` package and the page's
  ipywidgets HTML manager;
* ``wheels.json``: the wheels' file names, sizes and sha256, and the standard
  library's sha256, read by the page.

Bytecode (issue 22): Pyodide never writes bytecode, and its
``python_stdlib.zip`` holds sources only, so the reader's browser compiled
every module Python's start and the tables import, on every start.
scripts/compile_wheels.mjs runs the served Pyodide under Node.js at build
time, runs ``bridge.py`` and each chapter's *Deal live* cell (WARM), and
writes bytecode into the served wheels and into the served
``python_stdlib.zip``, in place of the sources of the modules that loaded
(the others keep their sources; no page shows a traceback of these modules,
and the fetch for the first *Deal live* stays under issue 22's 8 MB).
Pyodide's start under Node.js went from 3.0-3.7 s to 1.0-1.1 s here.

book/_config.yml serves book/_vendor/ as ``_static/``, so the files end up in
``_build/html/_static/live/``. A stamp skips the work when nothing changed.

Usage: python scripts/live_site.py
Exit status 1 (with a message) when node_modules or a wheel is missing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules" / "pyodide"
STATIC = ROOT / "book" / "_ext" / "banking_book" / "live_static"
BOOK = ROOT / "book"
COMPILE_JS = Path(__file__).resolve().parent / "compile_wheels.mjs"
DEST = ROOT / "book" / "_vendor" / "live"
STAMP = ROOT / "book" / "_vendor" / ".live-stamp"
CACHE = ROOT / "book" / "_vendor" / ".wheel-cache"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
# the pure-Python packages the dealing tables import in the browser
WHEELS = ("ipywidgets", "comm", "traitlets", "segno")


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)", line.strip())
        if m:
            pins[m.group(1).lower().replace("_", "-")] = m.group(2)
    return pins


def _src_files() -> list[Path]:
    """The package's sources: its modules and its message catalogues (``.po``; the wheel
    carries their compiled ``.mo``, see :func:`_package_files`)."""
    pkg = ROOT / "src" / "banking_games"
    return sorted([*pkg.rglob("*.py"), *pkg.glob("locales/*/LC_MESSAGES/*.po")])


def _package_files() -> list[Path]:
    """What the wheel of the package holds: its modules and the compiled catalogues
    (``locales/<lang>/LC_MESSAGES/banking_games.mo``, compiled here from the ``.po`` when
    missing or older, so that the tables in the browser speak German and Russian without
    Babel, which is too heavy for Pyodide)."""
    sys.path.insert(0, str(ROOT / "src"))
    from banking_games import i18n
    i18n.compile_catalogues()
    pkg = ROOT / "src" / "banking_games"
    mos = sorted(pkg.glob(f"locales/*/LC_MESSAGES/{i18n.DOMAIN}.mo"))
    if len(mos) != len(i18n.LANGUAGES) - 1:
        sys.exit(f"live_site: {len(mos)} compiled catalogues in {pkg / 'locales'}, "
                 f"{len(i18n.LANGUAGES) - 1} expected")
    return sorted([*pkg.rglob("*.py"), *mos])


_LIVE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n((?::[^\n]*\n)*)\n(.*?)^```", re.M | re.S)


def live_cells() -> list[str]:
    """The code of every chapter cell marked ``live-table`` (what *Deal live* runs), in page order."""
    cells = []
    for page in sorted(BOOK.glob("*.md")):
        for m in _LIVE_CELL.finditer(page.read_text()):
            if re.search(r"^:live-table:", m.group(1), re.M):
                cells.append(m.group(2))
    return cells


def warm_code() -> str:
    """What compile_wheels.mjs runs to find the modules worth compiling: bridge.py and its
    import_tables() (as snapshot-worker.mjs runs them) and each chapter's Deal live cell, as the
    page runs them."""
    cells = live_cells()
    if not cells:
        sys.exit(f"live_site: no cell marked live-table in {BOOK}/*.md")
    return "\n".join([(STATIC / "bridge.py").read_text(), "import_tables()", "_cells = " + repr(cells),
                      "for _code in _cells:", "    exec(_code, {})"]) + "\n"


def stamp_value() -> str:
    h = hashlib.sha256()
    for p in [ROOT / "package-lock.json", ROOT / "requirements.txt", ROOT / "pyproject.toml",
              Path(__file__).resolve(), COMPILE_JS, *sorted(STATIC.iterdir()), *_src_files()]:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes())
    h.update("\0".join(live_cells()).encode())
    return h.hexdigest()


def _version() -> str:
    m = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    return m.group(1) if m else "0"


def build_own_wheel(dest: Path) -> Path:
    """Write ``banking_games-<version>-py3-none-any.whl`` (PEP 427) into ``dest``."""
    version = _version()
    name = f"banking_games-{version}-py3-none-any.whl"
    info = f"banking_games-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    src = ROOT / "src"
    for p in _package_files():
        files.append((p.relative_to(src).as_posix(), p.read_bytes()))
    files.append((f"{info}/METADATA", (
        f"Metadata-Version: 2.1\nName: banking-games\nVersion: {version}\n"
        "Summary: Rules engines and dealing tables for three banking card games\n").encode()))
    files.append((f"{info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: scripts/live_site.py\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n").encode()))
    record = []
    for arc, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    out = dest / name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in files:
            zi = zipfile.ZipInfo(arc, date_time=(2026, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    return out


def download_wheels(dest: Path) -> list[Path]:
    """The pinned pure-Python wheels, from pip's index (cached in book/_vendor/.wheel-cache)."""
    pins = _pins()
    wanted = []
    for pkg in WHEELS:
        if pkg not in pins:
            sys.exit(f"live_site: {pkg} is not pinned in requirements.txt")
        wanted.append(f"{pkg}=={pins[pkg]}")
    CACHE.mkdir(parents=True, exist_ok=True)
    found = []
    missing = []
    for req in wanted:
        pkg, ver = req.split("==")
        hits = list(CACHE.glob(f"{pkg.replace('-', '_')}-{ver}-*.whl"))
        (found.extend(hits) if hits else missing.append(req))
    if missing:
        cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
               "--only-binary=:all:", "-d", str(CACHE), *missing]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"live_site: pip download {' '.join(missing)} failed:\n{run.stderr}")
        for req in missing:
            pkg, ver = req.split("==")
            hits = list(CACHE.glob(f"{pkg.replace('-', '_')}-{ver}-*.whl"))
            if not hits:
                sys.exit(f"live_site: no wheel for {req} after pip download")
            found.extend(hits)
    out = []
    for p in found:
        if not p.name.endswith("-py3-none-any.whl"):
            sys.exit(f"live_site: {p.name} is not a pure-Python wheel; Pyodide cannot use it")
        shutil.copy2(p, dest / p.name)
        out.append(dest / p.name)
    return out


def run_compile_wheels(spec: dict, spec_path: Path, who: str) -> list[dict]:
    """Run scripts/compile_wheels.mjs with the site's own Pyodide (NODE) on ``spec``, written to
    ``spec_path`` and removed after. Returns its report: one ``{"out", "compiled", "dropped"}`` per
    wheel, then the standard library's. Exits, naming ``who``, when Node.js is missing or fails,
    or when no module of the wheels or fewer than 50 of the standard library were compiled."""
    node = shutil.which("node")
    if node is None:
        sys.exit(f"{who}: node (Node.js, which npm needs too) is not on PATH")
    spec_path.write_text(json.dumps(spec))
    try:
        run = subprocess.run([node, str(COMPILE_JS), str(NODE), str(spec_path)], capture_output=True, text=True)
    finally:
        os.unlink(spec_path)
    if run.returncode != 0:
        sys.exit(f"{who}: compiling bytecode failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}")
    report = json.loads(run.stdout.strip().splitlines()[-1])
    if sum(r["compiled"] for r in report[:-1]) == 0 or report[-1]["compiled"] < 50:
        sys.exit(f"{who}: too little was compiled to bytecode: {report}")
    return report


def compile_bytecode(wheels: list[Path]) -> dict:
    """Rewrite ``wheels`` in place, and write DEST's python_stdlib.zip, with bytecode in place of
    the sources of the modules WARM loads (compile_wheels.mjs). Returns the stdlib's report."""
    spec = {"wheels": [{"wheel": str(w), "out": str(w), "drop": None, "all": False, "keep_source": False}
                       for w in wheels],
            "warm": warm_code(),
            "stdlib": {"out": str(DEST / "python_stdlib.zip"), "keep_source": False}}
    return run_compile_wheels(spec, DEST / ".compile-spec.json", "live_site")[-1]


def main(argv: list[str]) -> int:
    want = stamp_value()
    if STAMP.exists() and STAMP.read_text().strip() == want and DEST.is_dir():
        return 0
    for f in PYODIDE_FILES:
        if not (NODE / f).is_file():
            sys.exit(f"live_site: {NODE / f} is missing; run `npm ci` in {ROOT} first")
    if DEST.exists():
        shutil.rmtree(DEST)
    DEST.mkdir(parents=True)
    for f in PYODIDE_FILES:
        shutil.copy2(NODE / f, DEST / f)
    (DEST / "LICENSE-pyodide.txt").write_text(
        "Pyodide (https://pyodide.org) is under the Mozilla Public License 2.0; "
        "these files are copied from the npm package pyodide. python_stdlib.zip (Python's "
        "standard library, under the PSF License) has bytecode in place of the source of "
        "the modules the tables load, made by scripts/compile_wheels.mjs.\n")
    wheels = download_wheels(DEST) + [build_own_wheel(DEST)]
    for f in STATIC.iterdir():
        shutil.copy2(f, DEST / f.name)
    stdlib = compile_bytecode(wheels)
    manifest = {
        "pyodide": json.loads((NODE / "package.json").read_text())["version"],
        "stdlib": {"file": "python_stdlib.zip", "compiled": stdlib["compiled"],
                   "sha256": hashlib.sha256((DEST / "python_stdlib.zip").read_bytes()).hexdigest()},
        "wheels": [{"file": w.name, "size": w.stat().st_size,
                    "sha256": hashlib.sha256(w.read_bytes()).hexdigest()} for w in sorted(wheels)],
    }
    (DEST / "wheels.json").write_text(json.dumps(manifest, indent=1) + "\n")
    STAMP.write_text(want + "\n")
    size = sum(p.stat().st_size for p in DEST.rglob("*") if p.is_file())
    print(f"live_site: {size / 1e6:.1f} MB of Pyodide and wheels in {DEST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
