"""Shared fixtures: the built website (built once per test session).

``built_site``  builds book/ exactly as ``scripts/build.sh`` does
                (``jupyter-book build book -W -n --keep-going`` after removing
                stale output) and fails, with the build log, on any warning or
                error. Set BG_REUSE_BUILD=1 to reuse an existing
                book/_build/html while working on the tests themselves.
``smoke_site``  builds tests/smoke_book/ (one page with math, SymPy output, a
                card and ipywidgets) with the book's own configuration, to
                check the offline machinery whatever the chapters contain yet.
``book_pages``  the page names of book/_toc.yml, in order.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, settings

# Property tests run on a loaded two-core CI machine: no per-example time
# limit, and in CI the same examples every run (a failure is reproducible).
settings.register_profile("book", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("book"), derandomize=True)
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
"""The one rule for "in CI" used by every test (profile, skips that fail)."""
settings.load_profile("ci" if IN_CI else "book")

CHROMIUM = os.environ.get("BG_CHROMIUM", "/usr/bin/chromium")
# Debian's Chromium, headless, as root, on a machine whose only network is loopback.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
]


def need_module(name: str):
    """Import a test dependency: skip the calling module on a developer
    machine where it is missing, fail in CI (where a silent skip would hide
    every test of the module; issue 11)."""
    import importlib
    try:
        return importlib.import_module(name)
    except ImportError:
        if IN_CI:
            pytest.fail(f"test dependency {name!r} is missing in CI: install it from requirements",
                        pytrace=False)
        pytest.skip(f"{name} not installed; tests that need it skipped", allow_module_level=True)


def require_chromium(what: str) -> None:
    """Skip the calling test module when Chromium is missing on a developer
    machine; fail it in CI, where .ci/run must have installed Chromium."""
    if Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK):
        return
    if IN_CI:
        pytest.fail(f"{CHROMIUM} is missing in CI: .ci/run must `apt-get install -y chromium`",
                    pytrace=False)
    pytest.skip(f"{CHROMIUM} not installed (apt-get install -y chromium); {what} skipped",
                allow_module_level=True)


ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SMOKE = Path(__file__).resolve().parent / "smoke_book"


def _load_build_book():
    spec = importlib.util.spec_from_file_location("build_book", ROOT / "scripts" / "build_book.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def toc_pages() -> list[str]:
    """Page names in book/_toc.yml (root first), without file suffixes."""
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    pages = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                pages.append(str(Path(entry["file"]).with_suffix("")))
            walk(entry.get("sections"))
            walk(entry.get("chapters"))
            for part in entry.get("parts", []) or []:
                walk(part.get("chapters"))

    for part in toc.get("parts", []) or []:
        walk(part.get("chapters"))
    walk(toc.get("chapters"))
    return pages


def _failure(title: str, log: str, limit: int = 150) -> str:
    lines = log.splitlines()
    bad = [ln for ln in lines if "WARNING" in ln or "ERROR" in ln or "Error" in ln]
    bad = [ln for ln in bad if "Kernel is running over TCP" not in ln]
    return "\n".join(
        [title, "--- problem lines:", *bad[:60], f"--- last {limit} lines of the log:", *lines[-limit:]]
    )


@pytest.fixture(scope="session")
def book_pages() -> list[str]:
    return toc_pages()


@pytest.fixture(scope="session")
def built_site() -> Path:
    build_book = _load_build_book()
    html = build_book.HTML
    if os.environ.get("BG_REUSE_BUILD") == "1" and (html / "index.html").is_file():
        return html
    ok, log = build_book.build(echo=False)
    if not ok:
        pytest.fail(_failure("jupyter-book build book -W -n --keep-going failed", log), pytrace=False)
    return html


@pytest.fixture(scope="session")
def smoke_site(tmp_path_factory) -> Path:
    """Build tests/smoke_book with book/_config.yml and book/_ext, book/_vendor."""
    src = tmp_path_factory.mktemp("smoke_book")
    for item in SMOKE.iterdir():
        shutil.copy2(item, src / item.name)
    shutil.copy2(BOOK / "_config.yml", src / "_config.yml")
    shutil.copy2(BOOK / "references.bib", src / "references.bib")
    for folder in ("_ext", "_assets"):
        shutil.copytree(BOOK / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    if not (BOOK / "_vendor" / "vendor").is_dir():
        pytest.fail("book/_vendor is missing: run scripts/test.sh (it runs npm ci and scripts/vendor_js.py)",
                    pytrace=False)
    shutil.copytree(BOOK / "_vendor", src / "_vendor")
    exe = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(exe) if exe.exists() else "jupyter-book", "build", str(src), "-W", "-n", "--keep-going"]
    proc = subprocess.run(cmd, cwd=src, capture_output=True, text=True,
                          env=dict(os.environ, NO_COLOR="1", PYDEVD_DISABLE_FILE_VALIDATION="1"))
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        pytest.fail(_failure("building tests/smoke_book failed", log), pytrace=False)
    return src / "_build" / "html"
