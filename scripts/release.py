"""Build the release a teacher can unzip: dist/banking-games-book-<version>.zip.

Usage:  bash scripts/release.sh            (installs what it needs, then this)
        python scripts/release.py [--site DIR] [--out DIR] [--no-build]

The version is the one in pyproject.toml. The zip holds one folder,
banking-games-book-<version>/, with

    site/                               the built website (book/_build/html)
    open-book.py                        the launcher: Python's standard library only
    Open the book (Windows).bat         double-click wrappers (the .command files
    Open the book (macOS).command       are executable in the zip)
    Share with the class (Windows).bat  the same with --class (local network, QR code)
    Share with the class (macOS).command
    READ ME FIRST.txt
    LIES MICH ZUERST.txt, ПРОЧТИТЕ СНАЧАЛА.txt
                                        the read-me in German and Russian (their names and
                                        texts from book/locales/<lang>/LC_MESSAGES/readme.po)
    _launcher/segno/, _launcher/segno-LICENSE.txt
                                        segno (BSD licence), pure Python, which draws
                                        the QR code; copied from this environment
    LICENSE*, CITATION.cff              the repository's, when it has them

The site is book/_build/html when it is current (its index.html newer than every
file of the book's sources and the package); otherwise `bash scripts/build.sh`
builds it first (or, with --no-build, the release stops and says so). Another
built site can be given with --site (it is taken as it is).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import extras_i18n  # noqa: E402  (the read-me's translations)

HTML = ROOT / "book" / "_build" / "html"
TEMPLATES = ROOT / "scripts" / "release"
NAME = "banking-games-book"
EXECUTABLE = {"open-book.py", "Open the book (macOS).command", "Share with the class (macOS).command"}
# segno's modules that segno.make and its matrix need (not its command line or helpers)
SEGNO_MODULES = ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py")
# already compressed: stored as they are (deflating them again costs time, saves nothing)
STORED = {".whl", ".zip", ".woff", ".woff2", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".pdf", ".gz"}
# where the book's sources are: a file newer than the built index.html makes the site stale
SOURCES = [ROOT / "book", ROOT / "src", ROOT / "scripts" / "build_book.py", ROOT / "pyproject.toml"]
NOT_SOURCES = {"_build", "_vendor", "__pycache__", ".ipynb_checkpoints", ".jupyter_cache", "_contents",
               "_handouts"}


class ReleaseError(Exception):
    """The release cannot be made (the message says why)."""


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def newest_source() -> tuple[float, Path | None]:
    newest, which = 0.0, None
    for base in SOURCES:
        files = [base] if base.is_file() else []
        if base.is_dir():
            for folder, dirs, names in os.walk(base):
                dirs[:] = [d for d in dirs if d not in NOT_SOURCES]
                files += [Path(folder) / n for n in names]
        for f in files:
            t = f.stat().st_mtime
            if t > newest:
                newest, which = t, f
    return newest, which


def site_is_current(html: Path = HTML) -> tuple[bool, str]:
    index = html / "index.html"
    if not index.is_file():
        return False, f"{index} does not exist"
    t, which = newest_source()
    if t > index.stat().st_mtime:
        return False, f"{which.relative_to(ROOT)} is newer than the built site"
    return True, "the built site is newer than every source file"


def segno_files() -> list[tuple[Path, str]]:
    """(file, name in _launcher/) for segno's modules and its licence."""
    try:
        import segno
    except ImportError:
        raise ReleaseError("segno is not installed here: run `bash scripts/release.sh` "
                           "(it installs requirements.txt) or `pip install -r requirements.txt`") from None
    from importlib import metadata
    package = Path(segno.__file__).parent
    out = [(package / m, f"segno/{m}") for m in SEGNO_MODULES]
    licences = [f for f in metadata.files("segno") or [] if f.name.upper().startswith(("LICENSE", "COPYING"))]
    if not licences:
        raise ReleaseError("segno's licence file was not found in its installed metadata")
    out.append((Path(licences[0].locate()), "segno-LICENSE.txt"))
    return out


def _add(zf: zipfile.ZipFile, source: Path | None, arcname: str, *, data: bytes | None = None,
         executable: bool = False) -> None:
    info = zipfile.ZipInfo(arcname)
    mtime = source.stat().st_mtime if source is not None else None
    stamp = time.localtime(mtime)
    info.date_time = max((1980, 1, 1, 0, 0, 0), tuple(stamp[:6]))
    info.create_system = 3     # Unix: the mode below is honoured by unzip and macOS
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    stored = Path(arcname).suffix.lower() in STORED
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    zf.writestr(info, data if data is not None else source.read_bytes())


README_TEMPLATE = TEMPLATES / "READ ME FIRST.txt"


def translated_readmes(site: Path, version: str) -> list[tuple[str, bytes]]:
    """The read-me in each other language of the book (scripts/extras_i18n.py ``readme``,
    from book/locales/<lang>/LC_MESSAGES/readme.po): its file name and its text, CRLF line
    ends and a UTF-8 byte order mark (so that an old Windows Notepad shows the umlauts and
    the Cyrillic). A language whose read-me is not fully translated is left out, unless the
    site holds that edition (``<lang>/index.html``): then the release stops (ReleaseError)."""
    out = []
    for lang in extras_i18n.LANGUAGES:
        try:
            name, text = extras_i18n.readme(lang, version)
        except extras_i18n.Untranslated as e:
            if (site / lang / "index.html").is_file():
                raise ReleaseError(f"the site has the {lang} edition but {e}") from None
            print(f"[release] no read-me in {lang}: {e}", flush=True)
            continue
        out.append((name, ("\ufeff" + text).replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")))
    return out


def make_release(site: Path, out: Path) -> Path:
    site = Path(site).resolve()
    if not (site / "index.html").is_file():
        raise ReleaseError(f"{site} holds no index.html: not a built site")
    v = version()
    top = f"{NAME}-{v}"
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{top}.zip"
    part = target.with_suffix(".zip.part")
    extras = segno_files()
    with zipfile.ZipFile(part, "w", compresslevel=6) as zf:
        for template in sorted(TEMPLATES.iterdir()):
            if template.is_file() and template.name != "__pycache__":
                data = template.read_bytes()
                if template.name == "READ ME FIRST.txt":
                    data = data.decode().replace("{version}", v).encode()
                if template.suffix in (".bat", ".txt"):   # CRLF for cmd.exe and old Notepad,
                    data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")   # whatever git did
                _add(zf, template, f"{top}/{template.name}", data=data,
                     executable=template.name in EXECUTABLE)
        for name, data in translated_readmes(site, v):
            _add(zf, README_TEMPLATE, f"{top}/{name}", data=data)
        for source, name in extras:
            _add(zf, source, f"{top}/_launcher/{name}")
        for extra in sorted(ROOT.glob("LICENSE*")) + sorted(ROOT.glob("CITATION.cff")):
            if extra.is_file():
                _add(zf, extra, f"{top}/{extra.name}")
        for folder, dirs, names in os.walk(site, followlinks=True):
            # dot files (Sphinx's .buildinfo, an editor's or the OS's) are no part of the site:
            # the launcher refuses to serve them (404), so the zip leaves them out
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            for n in sorted(n for n in names if not n.startswith(".")):
                f = Path(folder) / n
                _add(zf, f, f"{top}/site/{f.relative_to(site).as_posix()}")
    part.replace(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to release as it is (default: book/_build/html)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder for the zip (default: dist/)")
    parser.add_argument("--no-build", action="store_true", help="stop instead of building a stale site")
    args = parser.parse_args(argv)
    site = args.site
    try:
        if site is None:
            site = HTML
            current, why = site_is_current()
            if not current:
                if args.no_build:
                    raise ReleaseError(f"the built site is not current ({why}); run `bash scripts/build.sh`")
                print(f"[release] building the site first: {why}", flush=True)
                if subprocess.run(["bash", str(ROOT / "scripts" / "build.sh")], cwd=ROOT).returncode != 0:
                    raise ReleaseError("the build failed (see above)")
            else:
                print(f"[release] reusing book/_build/html: {why}", flush=True)
        target = make_release(site, args.out)
    except ReleaseError as e:
        print(f"[release] {e}", file=sys.stderr)
        return 1
    print(f"[release] {target} ({target.stat().st_size / 1e6:.1f} MB)")
    print(f"[release] unzip it anywhere and double-click 'Open the book' (or: python3 open-book.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
