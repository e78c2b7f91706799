"""Shared fixtures: the built website (built once per test session).

``built_site``  builds book/ exactly as ``scripts/build.sh`` does
                (``jupyter-book build book -W -n --keep-going`` after removing
                stale output) and fails, with the build log, on any warning or
                error. Set BG_REUSE_BUILD=1 to reuse an existing
                book/_build/html while working on the tests themselves.
``smoke_build`` builds tests/smoke_book/ (one page with math, SymPy output, a
                card and ipywidgets) once per session with the book's own
                configuration, to check the offline machinery whatever the
                chapters contain yet; ``smoke_site`` is its built site.
``book_pages``  the page names of book/_toc.yml, in order.

Dealing tables driven headlessly (shared by tests/test_widgets_*.py):
:func:`table_snapshot` what a reader and the engine see of a table;
:func:`refuses_typed_number` types a value in a whole-number field (a seed,
a number of sections) and checks that it is refused and changes nothing;
:data:`UNREADABLE_NUMBERS` the values every such field must refuse.

Browser tests (issue 11: one Chromium for the whole suite):

``browser``     Debian's Chromium driven by Playwright, launched once per
                session, lazily (the first test that asks for it), with
                CHROMIUM_ARGS, closed at the session's end. Each test opens
                its own context (:func:`new_context`), so cookies and storage
                never leak from one test to the next.
``site_url``    the built website served at http://127.0.0.1:<port> (once).
``sub_path_url`` the built website served under ``/book/`` (a project
                page's sub-path; once).
``smoke_url``   the smoke book served at the root (once).
:func:`serve`   the one static server; :func:`new_context` the one "block
                every other host" rule (a request to any host but 127.0.0.1
                is recorded in ``problems.external`` and aborted);
                :func:`watch` records a page's console errors, page errors,
                HTTP errors and failed requests in the same ``PageProblems``.
"""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import os
import shutil
import tempfile
import threading
from collections.abc import Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

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


# ---------------------------------------------------------------- order and grouping of the suite

SITE_FIXTURES = frozenset({"built_site", "site_url", "sub_path_url", "smoke_build", "smoke_site", "smoke_url", "cache_mode_build",
                           "browser", "lab_url"})
"""A test that asks for one of these needs the built book, a browser or JupyterLab: it is marked
``site``. ``scripts/test.sh`` runs the tests without the mark first (a minute or two: the engines,
the exact values, the classroom code), then builds the book and runs the ``site`` tests."""

SMOKE_FILES = frozenset({"test_book", "test_build_script", "test_notebook_downloads", "test_site_browser"})
"""The files that use the smoke book (built once per worker: they all run on the kernels' worker)."""

KERNEL_FILES = frozenset({"test_jupyterlab", "test_jupyterlite", "test_notebook_downloads"})
"""The files whose tests start Jupyter kernels (JupyterLab's, nbclient's, and the smoke book's
builds) or JupyterLite's: one worker runs them all, one after another, with the smoke book's files
(SMOKE_FILES, built once). Two workers starting kernels at once collided on a TCP port
("ZMQError: Address already in use", then "Kernel didn't respond in 60 seconds")."""

SLOW_FIRST = (KERNEL_FILES | SMOKE_FILES, "test_editions_site", "test_axe", "test_live_site", "test_live_fields",
              "test_phone_layout", "test_live_network", "test_class_session", "test_board_site", "test_print",
              "test_teaching", "test_layout_grid", "test_exercise_answers", "test_release", "test_launcher")
"""The files that take longest, slowest first (``--durations``, summed per file), started first so
that two workers end together: each worker takes a new group when it has two tests or fewer
left (pytest-xdist), so the groups handed out last must be short. Measured on 2 shared cores
(seconds per file, one suite run, 2026-12-04): the kernels' worker group 500 (JupyterLab 280,
JupyterLite 90, the notebook downloads 60, the smoke book's browser tests 60), each edition's axe
audit 115, the English axe audit 130, Deal live 90, the typed fields 90, the phone layout 85, Deal
live's network cases 70, the class session 65, the class board 50, printing 35, the teaching
pages 30, the layout grid 20; every other file under 10."""

SPLIT_GROUPS = frozenset({"test_editions_site::test_every_edition_page_passes_axe_offline",
                          "test_editions_site::test_nothing_cut_off_on_a_phone_in_any_edition"})
"""Tests (``file::function``) whose first parameter (an edition's language) names a worker group
of its own: each edition's page loads (one module fixture per language serving its axe audits
and its phone checks, 60 s and more) may then run on either worker, beside the English audit or
the other edition's."""


def _rank(stem: str) -> int:
    for i, entry in enumerate(SLOW_FIRST):
        if stem == entry or (isinstance(entry, frozenset) and stem in entry):
            return i
    return len(SLOW_FIRST)


def worker_group(nodeid: str) -> str:
    """The group of tests one pytest-xdist worker runs together: the test file's name, or
    "kernels" for every file that starts Jupyter kernels or uses the smoke book, or, for a test
    of SPLIT_GROUPS, the file's name with the test's first parameter ("test_editions_site[de]")."""
    path, _, name = nodeid.partition("::")
    stem = Path(path).stem
    function, _, params = name.partition("[")
    if f"{stem}::{function}" in SPLIT_GROUPS and params:
        return f"{stem}[{params.rstrip(']').split('-')[0]}]"
    return "kernels" if stem in KERNEL_FILES | SMOKE_FILES else stem


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark the ``site`` tests and put the slowest files first (see :func:`pytest_xdist_make_scheduler`)."""
    for item in items:
        if SITE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.site)
    items.sort(key=lambda item: _rank(item.path.stem))   # stable: a file's tests keep their order


def pytest_xdist_make_scheduler(config, log):
    """With ``-n 2 --dist loadgroup`` (as scripts/test.sh runs both steps): each worker takes whole
    groups (:func:`worker_group`), so that a file's module fixtures (the axe audits, JupyterLab)
    run once, and every file that starts Jupyter kernels runs on the same worker; the groups are
    handed out in the order of the collection (the slowest files first, :data:`SLOW_FIRST`).

    Why not pytest-xdist's own ``xdist_group`` mark: with pytest 9 it groups nothing. xdist
    writes the group into ``item._nodeid``, which pytest 9 no longer reads (a node's id is
    ``item._id``), so each test went to a worker of its own and a module fixture shared by a
    file's tests was computed once per worker (the axe audits of every page twice: 2 x 200 s).
    ``tests/test_suite_setup.py`` checks that a file's tests run on one worker."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FileGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return worker_group(nodeid)

    config.option.loadscopereorder = False   # keep SLOW_FIRST's order, not the largest group first
    return FileGroups(config, log)


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


def markdown_cell(text: str, cell_id: str) -> dict:
    """An nbformat 4 Markdown cell (a plain dict) for :func:`build_tiny_notebook_book`."""
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def build_tiny_notebook_book(tmp: Path, cells: list[dict], *, local_extensions: Sequence[str],
                             extra_extensions: Sequence[str] = (),
                             static_path: Sequence[Path] = ()) -> tuple[Path, bool, str]:
    """Build a one-page Jupyter Book whose page is a notebook of ``cells``
    (outputs stored, no execution, so no kernel starts: a few seconds) with the
    named extensions of book/_ext (pieces of the book's extension:
    ``banking_book.solution_cells``; or ``banking_book``, the whole), through ``build_book.strict_build`` (any
    warning fails it). Returns ``(book folder, ok, build log)``; the page is
    ``<book>/_build/html/page.html``."""
    import json

    config = {
        "title": "Tiny notebook book", "author": "tests",
        "execute": {"execute_notebooks": "off"},
        "parse": {"myst_enable_extensions": ["colon_fence", "dollarmath"]},
        "sphinx": {"extra_extensions": list(extra_extensions),
                   "local_extensions": {name: str(BOOK / "_ext") for name in local_extensions},
                   "config": {"html_static_path": [str(p) for p in static_path],
                              "html_theme_options": {"use_download_button": False}}},
    }
    book = tmp / "book"
    book.mkdir()
    (book / "_config.yml").write_text(yaml.safe_dump(config))
    (book / "_toc.yml").write_text("format: jb-book\nroot: page\n")
    nb = {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
    (book / "page.ipynb").write_text(json.dumps(nb))
    ok, log, _ = _load_build_book().strict_build(book, cwd=book.parent, echo=False)
    return book, ok, log


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
def smoke_build(tmp_path_factory) -> tuple[Path, bool, str, int]:
    """Build tests/smoke_book once per session, with book/_config.yml (the
    book's own execution mode, inline), book/_ext, book/_assets, book/_vendor
    and book/references.bib, through ``scripts/build_book.py``'s
    ``strict_build`` (the strict path every build of the book takes).

    Returns ``(book folder, ok, build log, jupyter-book's exit status)``; the
    site is in ``<book folder>/_build/html``. Shared by ``smoke_site``, the
    download test (inline mode) and the build-script test (a clean book
    passes the strict build), so the smoke book is built once."""
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
    ok, log, code = _load_build_book().strict_build(src, cwd=src, echo=False)
    return src, ok, log, code


@pytest.fixture(scope="session")
def smoke_site(smoke_build) -> Path:
    """The smoke book's built site (``smoke_build``); fails with the log if the build failed."""
    src, ok, log, _ = smoke_build
    if not ok:
        pytest.fail(_failure("building tests/smoke_book failed", log), pytrace=False)
    return src / "_build" / "html"


# ---------------------------------------------------------------- browser tests: one Chromium, one server

class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - keep the test output clean
        pass


def serve(directory: Path, sub_path: str | None = None):
    """Serve ``directory`` on 127.0.0.1 (under ``/<sub_path>/`` when given) in a
    daemon thread. Returns ``(server, base URL)`` with no trailing slash; call
    ``server.shutdown()`` and ``server.server_close()`` when done."""
    root = Path(directory)
    host = None
    if sub_path:   # a folder holding only a link named sub_path to the site
        host = root = Path(tempfile.mkdtemp(prefix="bg-host-"))
        (root / sub_path).symlink_to(Path(directory).resolve(), target_is_directory=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root)))
    server.bg_host = host
    server.handle_error = lambda request, address: None  # a browser closing early is no error here
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    return server, f"{url}/{sub_path}" if sub_path else url


def _served(directory: Path, sub_path: str | None = None):
    server, url = serve(directory, sub_path)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()
        if server.bg_host is not None:
            shutil.rmtree(server.bg_host, ignore_errors=True)


@pytest.fixture(scope="session")
def site_url(built_site):
    """The built website at http://127.0.0.1:<port> (one server for the session)."""
    yield from _served(built_site)


@pytest.fixture(scope="session")
def sub_path_url(built_site):
    """The built website at http://127.0.0.1:<port>/book (a project page's sub-path)."""
    yield from _served(built_site, "book")


@pytest.fixture(scope="session")
def smoke_url(smoke_site):
    """The smoke book's site at http://127.0.0.1:<port>."""
    yield from _served(smoke_site)


class PageProblems:
    """Everything pages did wrong while loading and being looked at."""

    def __init__(self):
        self.external: list[str] = []
        self.console: list[str] = []
        self.page_errors: list[str] = []
        self.bad_status: list[str] = []
        self.failed: list[str] = []

    def report(self) -> list[str]:
        out = []
        for name in ("external", "console", "page_errors", "bad_status", "failed"):
            out += [f"{name}: {item}" for item in getattr(self, name)]
        return out


def _local(url: str) -> bool:
    return url.startswith(("data:", "blob:", "file:")) or urlsplit(url).hostname == "127.0.0.1"


def new_context(browser, keep_cache=False, **options):
    """A fresh browser context in which every request to a host other than
    127.0.0.1 (``data:`` and ``blob:`` URLs aside) is recorded and aborted.
    ``options`` go to ``browser.new_context`` (default viewport 1280 x 900).
    ``keep_cache``: such requests are recorded but not routed (Playwright's
    routing turns the browser's HTTP cache off, and a page may behave
    differently with a warm cache: live-tables.js restores Python before
    the press only then); the machine has no other host to reach anyway.
    Returns ``(context, problems)``; close the context when done."""
    options.setdefault("viewport", {"width": 1280, "height": 900})
    context = browser.new_context(**options)
    problems = PageProblems()
    if keep_cache:
        context.on("request", lambda r: _local(r.url) or problems.external.append(r.url))
        return context, problems

    def route(r):
        if _local(r.request.url):
            r.continue_()
        else:
            problems.external.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return context, problems


def watch(page, problems: PageProblems):
    """Record ``page``'s console errors, uncaught errors, HTTP statuses >= 400
    and failed local requests in ``problems``; returns the page."""
    page.on("console", lambda m: m.type == "error" and problems.console.append(
        f"{m.text[:300]} @ {m.location.get('url')}:{m.location.get('lineNumber')}"))
    page.on("pageerror", lambda e: problems.page_errors.append(str(e)))
    page.on("response", lambda r: r.status >= 400 and problems.bad_status.append(f"{r.status} {r.url}"))
    page.on("requestfailed", lambda r: urlsplit(r.url).hostname == "127.0.0.1"
            and problems.failed.append(f"{r.url}: {r.failure}"))
    return page


_PLAYWRIGHT = None
"""The session's running Playwright (set by the ``browser`` fixture)."""


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, launched once per session with CHROMIUM_ARGS.

    Skipped where Chromium or Playwright is missing on a developer machine, a
    failure in CI (see :func:`require_chromium`, :func:`need_module`)."""
    global _PLAYWRIGHT
    require_chromium("browser tests")
    sync_api = need_module("playwright.sync_api")
    pw = sync_api.sync_playwright().start()
    _PLAYWRIGHT = pw
    b = None
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
    finally:
        if b is not None:
            b.close()
        pw.stop()
        _PLAYWRIGHT = None


@pytest.fixture(autouse=True)
def _no_playwright_loop_in_other_tests(request):
    """Playwright's sync API marks its asyncio loop as running between calls
    (playwright/_impl/_greenlets.py, wait_for_future), so with one browser for
    the session, a later test that calls ``asyncio.run`` (nbclient, Jupyter)
    would fail with "cannot be called from a running event loop". Tests that
    do not use the browser run with that mark cleared; it is put back after."""
    if _PLAYWRIGHT is None or "browser" in request.fixturenames:
        yield
        return
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


# ---------------------------------------------------------------- each game's expected values

def expected(slug: str, name: str):
    """What the generic tests expect of the game ``slug``: the value ``name`` in
    ``tests/game_data/<package>.py`` (the game's ``package`` in the registry), where
    each value sits beside its derivation or measurement.

    A test that iterates the registry asks here for what differs between games, so a
    new game is told what to add: with no such file or no such value the asking test
    FAILS (``pytest.fail``, never a skip), naming the file and the value.

    Raises:
        UnknownGameError: ``slug`` is no registered game.
    """
    import importlib

    from banking_games import registry
    package = registry.game(slug).package
    try:
        data = importlib.import_module(f"game_data.{package}")
    except ModuleNotFoundError as err:
        if err.name not in ("game_data", f"game_data.{package}"):
            raise
        pytest.fail(f"tests/game_data/{package}.py is missing: give {registry.game(slug).title}'s {name} there",
                    pytrace=False)
    if not hasattr(data, name):
        pytest.fail(f"tests/game_data/{package}.py has no {name}: give {registry.game(slug).title}'s there",
                    pytrace=False)
    return getattr(data, name)


# ---------------------------------------------------------------- dealing tables, headless

def new_table(slug: str, *args, **kwargs):
    """A new dealing table of the game ``slug`` (its class from the registry,
    :meth:`banking_games.registry.GameInfo.table_class`), made with ``args`` and
    ``kwargs``; an unknown slug raises the registry's ``UnknownGameError``."""
    from banking_games import registry
    return registry.game(slug).table_class()(*args, **kwargs)


def widget_parts(w) -> list:
    """Every widget inside ``w`` (``w`` first), through boxes, accordions and stacks."""
    out = [w]
    for child in getattr(w, "children", ()) or ():
        out.extend(widget_parts(child))
    return out


def table_snapshot(t) -> tuple:
    """What the reader sees (every HTML view but the message bar, the
    choices and value of each dropdown the table fills from the engine:
    punter, bet, section or card) and what the engine holds (the deal's
    transcript, the deal number, the running bankroll, the settlement and the
    session's banker, the seed and rules in play)."""
    import ipywidgets as widgets
    filled = [getattr(t, name) for name in ("punter", "kind", "bet", "section", "card") if hasattr(t, name)]
    seen = tuple(w.value for w in widget_parts(t) if w is not t.message and isinstance(w, widgets.HTML))
    seen += tuple((tuple(w.options), w.value) for w in filled)
    session = getattr(t, "session", None)
    engine = (t.deal.transcript(), t.deal_number, repr(t.history), repr(t.bankers), repr(t.settlement),
              repr(getattr(session, "banker", None)), t.seed, repr(getattr(session, "config", None)))
    return seen, engine


UNREADABLE_NUMBERS = {"1.5": "whole number in digits only", "abc": "whole number in digits only",
                      "": "the field is empty", "-3": None, "1e3": "whole number in digits only"}
"""What a reader may type in a table's whole-number field (a seed, a number
of sections) that the table must refuse, with words its refusal must
contain (``None``: the field's own range check, given by the test). The
browser's number field read "1.5" as 15 and put the old value back for
"abc" (issue 19); "1e3" is refused too, though it names a whole number, so
that a seed is always typed as the digits shown in the table's header.
Spaces around a number are not in this list: " 7 " is read as 7 (a pasted
number often carries them, and nothing else could be meant)."""


def refuses_typed_number(t, field, typed: str, words: str, *, press=None) -> None:
    """Type ``typed`` in ``field`` (a Text widget of table ``t``), then, if
    given, click ``press`` (the button that reads the field: 'New session',
    'New deal'), and check the refusal each time: the message bar shows an
    error containing ``words`` and naming no bug, the field still holds what
    was typed (for the reader to fix), and :func:`table_snapshot` is as
    before (no session or deal begun, nothing the engine holds changed)."""
    import html
    import re
    before = table_snapshot(t)

    def said() -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", t.message.value))

    t.message.clear()
    field.value = typed
    assert t.message.is_error, f"{field.description} {typed!r} as typed: {said()}"
    assert words in said() and "Unexpected" not in said(), said()
    assert table_snapshot(t) == before
    if press is not None:
        t.message.clear()
        press.click()
        assert t.message.is_error, f"{field.description} {typed!r}, {press.description}: {said()}"
        assert words in said() and "Unexpected" not in said(), said()
        assert table_snapshot(t) == before
    assert field.value == typed
