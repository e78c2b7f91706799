"""The live parts on the networks and the ways in that schools really have (issue 21).

Each case ends either with the live table running or with ONE sentence in the
Deal live box saying what happened and how to open the book so that it works
(the launcher ``python open-book.py``), and the build-time replay still shown;
never an empty box or a button that does nothing.

* From the files (``file://``, a USB stick): every page of the book reads as
  it does served (math typeset, saved widgets drawn, no console error, no
  request that fails); on a game chapter the Deal live box fetches nothing and
  says that the browser does not let Python start from files, and the
  JupyterLite sentence and header link say the same for JupyterLite.
* A server that sends ``.mjs`` as ``text/plain``: the box names the file and
  the type.
* A server that sends ``.wasm`` as ``application/octet-stream`` (Python's
  http.server on some systems): the pinned Pyodide's own loader would wait
  forever (it only logs "wasm instantiation failed!"); the page compiles the
  bytes itself and the table runs.
* A school filter on ``.whl`` files: a 403 names the refused file; an HTML
  "blocked" page sent with status 200 in a wheel's place is named as a web
  page in place of that file; a zip that is not the listed wheel is refused by
  its sha256 (listed in wheels.json). Pressing Deal live again once the
  filter lets the files through runs the table, without loading Python again.
* A redeploy with a changed engine under the same version and file name, on a
  host that lets browsers cache for 10 minutes (GitHub Pages sends
  ``Cache-Control: max-age=600``): when the reader comes back to the chapter
  in the same browser the page runs the new engine, with no integrity message.
* The site from a LAN address over plain http (not a secure context: no
  service workers, no ``crypto.subtle``): Deal live runs, and JupyterLite's
  kernel starts and runs a whole notebook. Skipped (with the
  reason) where the machine has no non-loopback IPv4 address.

One Chromium (conftest's ``browser``); each case its own context, so no cache
is shared between cases; the faults are made by a small server in this file
that serves the built site. About 4 min on 2 cores.
"""

from __future__ import annotations

import functools
import io
import json
import socket
import threading
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import PageProblems, new_context, require_chromium, need_module, toc_pages, watch

require_chromium("live network browser tests")
sync_api = need_module("playwright.sync_api")

from test_site_browser import GAMES, check_page  # noqa: E402  (one page check, served or from files)

CHAPTER = "hoggenheimer"
LITE = "landsknecht"   # the quickest notebook to run
TABLE = ".bg-live-table .bg-hoggenheimer-table"   # the class test_jupyterlab.SCENARIOS names
LAUNCHER = "python open-book.py"
BLOCKED_PAGE = b"<!doctype html><html><body><h1>Blocked</h1><p>This download is blocked.</p></body></html>"


class FaultyHandler(SimpleHTTPRequestHandler):
    """Serves the built site the way a given server or network does: ``faults`` (shared by
    the server) may set the type sent for ``.mjs`` and ``.wasm``, what a ``.whl`` request
    gets (``403``, ``html``: the blocked page with status 200, ``other-zip``: a zip that is
    not the listed wheel), and files served in place of the site's (``files``: URL path ->
    bytes). Every response may be cached by the browser for 10 minutes, as GitHub Pages
    allows."""

    faults: dict = {}

    def log_message(self, format, *args):  # noqa: A002
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def guess_type(self, path):
        path = str(path)
        for ext in (".mjs", ".wasm"):
            if path.endswith(ext) and ext in self.faults:
                return self.faults[ext]
        return super().guess_type(path)

    def _send(self, status: int, body: bytes, ctype: str):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_head(self):
        path = self.path.split("?", 1)[0]
        whl = self.faults.get(".whl")
        if path.endswith(".whl") and whl == "403":
            return self._send(403, b"<html><body>Forbidden</body></html>", "text/html")
        if path.endswith(".whl") and whl == "html":
            return self._send(200, BLOCKED_PAGE, "text/html; charset=utf-8")
        if path.endswith(".whl") and whl == "other-zip":
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w") as zf:
                zf.writestr("other.txt", "not the listed wheel")
            return self._send(200, buf.getvalue(), "application/octet-stream")
        if path in self.faults.get("files", {}):
            return self._send(200, self.faults["files"][path], "application/octet-stream")
        return super().send_head()


def faulty_server(site: Path, host: str = "127.0.0.1"):
    handler = type("Handler", (FaultyHandler,), {"faults": {}})
    server = ThreadingHTTPServer((host, 0), functools.partial(handler, directory=str(site)))
    server.handle_error = lambda request, address: None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, handler.faults, f"http://{host}:{server.server_address[1]}"


@pytest.fixture
def faulty(built_site):
    server, faults, url = faulty_server(built_site)
    try:
        yield faults, url
    finally:
        server.shutdown()
        server.server_close()


def _box(page) -> dict:
    return page.evaluate("""() => { const b = document.querySelector('.bg-live');
      return {status: b.querySelector('.bg-live-status').textContent, failed: b.classList.contains('bg-live-failed'),
              button: !b.querySelector('button').hidden,
              replay: !!document.querySelector('figure:has(.bg-replay)') &&
                      document.querySelector('figure:has(.bg-replay)').checkVisibility()}; }""")


def _deal_live(page, timeout: int = 120_000) -> dict:
    """Press Deal live; wait for the table or a failure sentence; return the box's state."""
    page.evaluate("document.querySelector('.bg-live').classList.remove('bg-live-failed')")
    button = page.get_by_role("button", name="Deal live", exact=True)
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_function(
        f"() => document.querySelector('{TABLE}') || document.querySelector('.bg-live.bg-live-failed')",
        timeout=timeout)
    page.wait_for_timeout(200)
    state = _box(page)
    state["table"] = page.locator(TABLE).count() > 0
    return state


def _one_sentence_failure(state: dict, where: str) -> str:
    """The box's failure message: one sentence (then the note that the replay works), the
    launcher named, the replay still shown; returns the first sentence."""
    assert state["failed"] and not state["table"], f"{where}: expected a failure, got {state}"
    text = state["status"]
    assert text.endswith(" The replay above still works."), f"{where}: {text!r}"
    first = text[: -len(" The replay above still works.")]
    assert first.endswith(".") and first.count(". ") == 0, f"{where}: not one sentence: {first!r}"
    assert state["replay"], f"{where}: the replay is not shown"
    return first


def test_from_files(browser, built_site):
    """file://: every page as served; the live parts say why they cannot start and how."""
    errors = []
    for name in toc_pages():
        url = (built_site / f"{name}.html").resolve().as_uri()
        errors += check_page(browser, url, name, expect_cards=name in GAMES)
    assert not errors, "\n".join(errors)

    context, problems = new_context(browser)
    requested = []
    failed = []
    page = watch(context.new_page(), problems)
    page.on("request", lambda r: requested.append(r.url))
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    try:
        page.goto((built_site / f"{CHAPTER}.html").resolve().as_uri(), wait_until="load")
        page.locator(".bg-live").scroll_into_view_if_needed()
        page.wait_for_timeout(1000)
        state = _box(page)
        assert not state["button"], "from file:// the Deal live button is offered"
        state["table"] = False
        first = _one_sentence_failure(state, "file://")
        assert "file://" in first and "does not let Python start" in first and LAUNCHER in first, first
        heavy = [u for u in requested if "/_static/live/" in u and not u.endswith("/live-tables.js")]
        assert not heavy, f"from file:// Python's files were requested: {heavy}"
        note = page.locator(".bg-lite-note").inner_text()
        assert "JupyterLite" in note and "file://" in note and LAUNCHER in note, note
        header = page.locator(".article-header-buttons a.btn-jupyterlite-button")
        assert header.get_attribute("href") == "#" + page.locator(".bg-lite-note").get_attribute("id")
        assert LAUNCHER in (header.get_attribute("data-bs-original-title") or header.get_attribute("title"))
        assert not failed, f"requests failed from file://: {failed}"
        assert not problems.console and not problems.page_errors, problems.report()
    finally:
        context.close()


def test_mjs_as_text_plain(browser, faulty):
    faults, url = faulty
    faults[".mjs"] = "text/plain"
    context, problems = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{url}/{CHAPTER}.html", wait_until="load")
        first = _one_sentence_failure(_deal_live(page), ".mjs as text/plain")
        assert 'sends pyodide.mjs as "text/plain"' in first and LAUNCHER in first, first
    finally:
        context.close()


def _wheel_b(built_site: Path) -> tuple[str, bytes, bytes]:
    """The book's wheel with one more module, ``banking_games/_deploy.py`` (``BUILD = "B"``),
    under the same file name, and wheels.json listing it (its size and sha256)."""
    import hashlib
    live = built_site / "_static" / "live"
    manifest = json.loads((live / "wheels.json").read_text())
    entry = next(w for w in manifest["wheels"] if w["file"].startswith("banking_games-"))
    buf = io.BytesIO((live / entry["file"]).read_bytes())
    with zipfile.ZipFile(buf, "a") as zf:
        zf.writestr("banking_games/_deploy.py", 'BUILD = "B"\n')
    wheel = buf.getvalue()
    entry.update(size=len(wheel), sha256=hashlib.sha256(wheel).hexdigest())
    return entry["file"], wheel, (json.dumps(manifest) + "\n").encode()


# which engine the page's Python runs: "B" when the redeployed wheel's extra module is there
BUILD_JS = """() => bgLivePython.runPython(
  'try:\\n    from banking_games._deploy import BUILD\\nexcept ImportError:\\n    BUILD = "A"\\nBUILD')"""


def test_wasm_type_filtered_wheels_and_redeploy(browser, built_site, faulty):
    """.wasm as application/octet-stream runs; a filter's 403, its HTML page and a wrong zip
    in a wheel's place are each named; once the files come through the table runs; then a
    redeploy of a changed engine under the same name is what the reloaded page runs."""
    faults, url = faulty
    faults[".wasm"] = "application/octet-stream"
    wheels = [w["file"] for w in json.loads((built_site / "_static/live/wheels.json").read_text())["wheels"]]
    # no request routing here: Playwright's routing turns the browser's HTTP cache off, and the
    # cache is what this test is about; requests to other hosts are recorded instead
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    problems = PageProblems()
    try:
        page = watch(context.new_page(), problems)
        page.on("request", lambda r: r.url.startswith((url, "data:", "blob:")) or problems.external.append(r.url))
        page.goto(f"{url}/{CHAPTER}.html", wait_until="load")
        said = {}
        for fault in ("403", "html", "other-zip"):
            faults[".whl"] = fault
            first = _one_sentence_failure(_deal_live(page), f"wheels: {fault}")
            named = [w for w in wheels if w in first]
            assert len(named) == 1, f"{fault}: the sentence names no single wheel: {first!r}"
            assert LAUNCHER in first, first
            said[fault] = first
        assert "refused the file" in said["403"] and "HTTP 403" in said["403"], said["403"]
        assert "sent a web page" in said["html"] and "blocked" in said["html"], said["html"]
        assert "sha256 differs" in said["other-zip"], said["other-zip"]
        faults.pop(".whl")
        state = _deal_live(page)
        assert state["table"], f"after the filter let the wheels through: {state}"
        assert page.evaluate("window.bgLiveTimings.wasmType") == "application/octet-stream"
        assert page.evaluate("window.bgLiveTimings.pythonLoads") == 1, "Python was loaded again"
        assert page.evaluate(BUILD_JS) == "A"

        # the redeploy: the same wheel name, a changed engine, a new wheels.json; the reader reloads
        name, wheel, manifest = _wheel_b(built_site)
        faults["files"] = {f"/_static/live/{name}": wheel, "/_static/live/wheels.json": manifest}
        # the reader comes back to the chapter (a link, not the reload button, which makes
        # Chromium revalidate every file and would hide a stale cache)
        page.goto(f"{url}/intro.html", wait_until="load")
        page.goto(f"{url}/{CHAPTER}.html", wait_until="load")
        state = _deal_live(page)
        assert state["table"], f"after the redeploy: {state}"
        assert page.evaluate(BUILD_JS) == "B", "the page runs the old engine from the HTTP cache"
        assert "sha256" not in state["status"]
        assert not problems.page_errors and not problems.external, problems.report()
    finally:
        context.close()


def _lan_address() -> str | None:
    """This machine's non-loopback IPv4 address (the one a route to the outside would use)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("203.0.113.1", 9))   # a documentation address; a UDP connect sends no packet
        ip = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if ip.startswith("127.") else ip


def test_lan_address_plain_http(browser, built_site):
    ip = _lan_address()
    if ip is None:
        pytest.skip("this machine has no non-loopback IPv4 address to serve the site on")
    server, faults, url = faulty_server(built_site, host=ip)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    problems = PageProblems()
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith((url, "data:", "blob:"))
                  else (problems.external.append(r.request.url), r.abort()))
    try:
        page = watch(context.new_page(), problems)
        page.goto(f"{url}/{CHAPTER}.html", wait_until="load")
        insecure = page.evaluate("({secure: window.isSecureContext, sw: 'serviceWorker' in navigator,"
                                 " subtle: !!(window.crypto && crypto.subtle)})")
        assert insecure == {"secure": False, "sw": False, "subtle": False}, insecure
        state = _deal_live(page)
        assert state["table"], f"on {url} (plain http, not a secure context): {state}"

        # JupyterLite without a service worker: its kernel starts and Run All Cells runs the
        # notebook, the %pip install from the site's wheels included (the notebooks read no
        # file of JupyterLite's file list, the one thing that needs the service worker)
        # (opened and run as test_jupyterlite does: Run All is pressed once more if the first press,
        # made while the app still lays itself out, started no cell)
        import json
        from test_jupyterlite import EXPECTED, NO_KERNEL, _open_and_run_all
        served = json.loads((built_site / "_static" / "lite" / "files" / f"{LITE}.ipynb").read_text(encoding="utf-8"))
        code_cells = sum(c["cell_type"] == "code" for c in served["cells"])
        lite = watch(context.new_page(), problems)
        _open_and_run_all(lite, f"{url}/_static/lite/notebooks/index.html?path={LITE}.ipynb", LITE, code_cells, problems)
        problems.page_errors = [e for e in problems.page_errors if e != NO_KERNEL]   # (as test_jupyterlite)
        text = "\n".join(lite.locator(".jp-Notebook .jp-OutputArea").all_text_contents())
        for line in EXPECTED[LITE]:
            assert line in text, f"JupyterLite on {url}: {line!r} not in the output:\n{text[-2000:]}"
        assert "Traceback" not in text and "Error" not in text, text[-2000:]
        assert not problems.external and not problems.page_errors, problems.report()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
