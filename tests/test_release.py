"""The release a teacher can unzip, and the public address (issue 21).

* ``scripts/release.py`` makes ``banking-games-book-<version>.zip`` (version of
  pyproject.toml) with one folder: the site, the launcher ``open-book.py``, the
  double-click wrappers (the macOS ones executable, the Windows ones with CRLF
  line ends), ``READ ME FIRST.txt`` naming the version and its German and Russian
  translations, and segno with its licence under ``_launcher/``.
* The launcher, started from the unzipped release of a tiny site with Python's
  standard library only (``-I -S``: no site-packages), serves each file with the
  media type the web's standards give its suffix, refuses every path that leads
  out of the site folder or to a folder listing, and stops cleanly on Ctrl+C.
* ``--class`` serves the local network: it prints this machine's own
  non-loopback IPv4 address (read here from the network interfaces, another way
  than the launcher's) and the book answers there, or it says none was found;
  the QR code it prints is a well-formed QR code (finder, timing and format
  patterns of ISO/IEC 18004, read back from the terminal text) of the class's
  join address (the address, /join/ and the class code).
* .github/workflows/*.yml pass actionlint (pinned in requirements.txt), and the
  Pages workflow builds with the README's command and publishes book/_build/html
  with the official actions. (That the site works under a sub-path is checked in
  the browser by test_live_site.test_deal_live_on_sub_path and
  test_jupyterlite, which serve it under /book/.)
* One browser test: the launcher serving the built site, Deal live plays a deal.
"""

from __future__ import annotations

import importlib.util
import os
import queue
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import tomllib
import zipfile
from http.client import HTTPConnection
from pathlib import Path

import pytest
import yaml

from conftest import IN_CI, ROOT, need_module

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
TOP = f"banking-games-book-{VERSION}"

# Media types by suffix, from the standards (not from the launcher's table):
# .mjs/.js text/javascript (RFC 9239), .wasm application/wasm (WebAssembly JS API,
# needed by instantiateStreaming), .json application/json (RFC 8259), .svg
# image/svg+xml (SVG 1.1), .woff2 font/woff2 and .woff font/woff (RFC 8081),
# .css text/css, .html text/html, a wheel is a zip file (PEP 427): application/zip.
TINY_SITE = {
    "index.html": ("<!doctype html><title>Tiny</title><p>tiny book</p>", "text/html"),
    "sub/page.html": ("<!doctype html><title>Sub</title>", "text/html"),
    "_static/live/pyodide.mjs": ("export const x = 1;", "text/javascript"),
    "_static/app.js": ("var y = 2;", "text/javascript"),
    "_static/live/pyodide.asm.wasm": (b"\x00asm\x01\x00\x00\x00", "application/wasm"),
    "_static/live/wheels.json": ('{"wheels": []}', "application/json"),
    "_static/live/x-1.0-py3-none-any.whl": (b"PK\x05\x06" + bytes(18), "application/zip"),
    "_static/figure.svg": ('<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"),
    "_static/font.woff2": (b"wOF2\x00\x01", "font/woff2"),
    "_static/font.woff": (b"wOFF\x00\x01", "font/woff"),
    "_static/site.css": ("p { color: black }", "text/css"),
}
SECRET = b"outside the site: never served"


def _load_release():
    spec = importlib.util.spec_from_file_location("release", ROOT / "scripts" / "release.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write_site(folder: Path) -> None:
    for name, (body, _) in TINY_SITE.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body if isinstance(body, bytes) else body.encode())
    (folder / "_static" / "empty-folder").mkdir()


@pytest.fixture(scope="module")
def release_zip(tmp_path_factory) -> Path:
    need_module("segno")     # the release copies segno from this environment
    tmp = tmp_path_factory.mktemp("release")
    _write_site(tmp / "site")
    # dot files of a built site (Sphinx's .buildinfo, an editor's folder): never in the zip
    (tmp / "site" / ".buildinfo").write_text("# Sphinx build info\n", encoding="utf-8")
    (tmp / "site" / ".cache").mkdir()
    (tmp / "site" / ".cache" / "x.txt").write_text("x", encoding="utf-8")
    release = _load_release()
    assert release.main(["--site", str(tmp / "site"), "--out", str(tmp / "dist")]) == 0
    return tmp / "dist" / f"{TOP}.zip"


@pytest.fixture(scope="module")
def unzipped(release_zip, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(release_zip) as zf:
        zf.extractall(out)
    top = out / TOP
    (out / "secret.txt").write_bytes(SECRET)
    (top / "secret.txt").write_bytes(SECRET)              # beside site/, not in it
    (top / "site" / "link-out.txt").symlink_to(top / "secret.txt")   # a link leading out
    return top


# ------------------------------------------------------------------ the zip

def test_release_zip_contents(release_zip):
    assert release_zip.name == f"banking-games-book-{VERSION}.zip"
    with zipfile.ZipFile(release_zip) as zf:
        infos = {i.filename: i for i in zf.infolist()}
        assert {n.split("/")[0] for n in infos} == {TOP}, "the zip unpacks into one folder"
        dotted = [n for n in infos if any(part.startswith(".") for part in n.split("/"))]
        assert not dotted, f"dot files in the release: {dotted}"
        for name, (body, _) in TINY_SITE.items():
            data = body if isinstance(body, bytes) else body.encode()
            assert zf.read(f"{TOP}/site/{name}") == data, name
        mode = {n[len(TOP) + 1:]: (i.external_attr >> 16) & 0o777 for n, i in infos.items()}
        assert mode["open-book.py"] == 0o755
        for name in ("Open the book (macOS).command", "Share with the class (macOS).command"):
            assert mode[name] == 0o755, f"{name} must be executable to double-click it"
            text = zf.read(f"{TOP}/{name}").decode()
            assert text.startswith("#!/bin/sh\n") and "\r" not in text
            assert "open-book.py" in text
        for name in ("Open the book (Windows).bat", "Share with the class (Windows).bat"):
            assert mode[name] == 0o644
            text = zf.read(f"{TOP}/{name}").decode()
            assert "open-book.py" in text
            assert text.count("\r\n") == text.count("\n"), f"{name}: cmd.exe wants CRLF line ends"
        assert "--class" in zf.read(f"{TOP}/Share with the class (Windows).bat").decode()
        assert "--class" in zf.read(f"{TOP}/Share with the class (macOS).command").decode()
        readme = zf.read(f"{TOP}/READ ME FIRST.txt").decode()
        assert f"version {VERSION}" in readme and "open-book.py --class" in readme
        # beside it, the German and Russian read-me (book/locales/<lang>/LC_MESSAGES/readme.po),
        # with a byte order mark and CRLF for Windows' Notepad
        for name, title in (("LIES MICH ZUERST.txt", f"Drei Bankhalterspiele mit Karten, Version {VERSION}"),
                            ("ПРОЧТИТЕ СНАЧАЛА.txt", f"Три банковые карточные игры, версия {VERSION}")):
            data = zf.read(f"{TOP}/{name}")
            assert data.startswith(b"\xef\xbb\xbf"), name
            text = data.decode("utf-8-sig")
            assert text.startswith(title + "\r\n") and text.count("\r\n") == text.count("\n")
            assert "python3 open-book.py --class" in text
        assert f"{TOP}/_launcher/segno/__init__.py" in infos
        assert "BSD" in zf.read(f"{TOP}/_launcher/segno-LICENSE.txt").decode() or \
            "Redistribution and use" in zf.read(f"{TOP}/_launcher/segno-LICENSE.txt").decode()


def test_release_refuses_a_folder_without_a_site(tmp_path, capsys):
    need_module("segno")
    (tmp_path / "empty").mkdir()
    release = _load_release()
    assert release.main(["--site", str(tmp_path / "empty"), "--out", str(tmp_path / "dist")]) == 1
    assert "holds no index.html" in capsys.readouterr().err
    assert not (tmp_path / "dist").exists() or not any((tmp_path / "dist").iterdir())


def test_the_built_site_is_current_only_when_newer_than_every_source(tmp_path, monkeypatch):
    release = _load_release()
    src, html = tmp_path / "src", tmp_path / "html"
    (src / "_build").mkdir(parents=True)
    html.mkdir()
    (src / "page.md").write_text("a page")
    (src / "_build" / "later.txt").write_text("build output is no source")
    (html / "index.html").write_text("built")
    monkeypatch.setattr(release, "SOURCES", [src])
    monkeypatch.setattr(release, "ROOT", tmp_path)
    os.utime(src / "page.md", (1_000_000, 1_000_000))
    os.utime(src / "_build" / "later.txt", (3_000_000, 3_000_000))
    os.utime(html / "index.html", (2_000_000, 2_000_000))
    assert release.site_is_current(html)[0]              # page 1e6 < index 2e6; _build not a source
    os.utime(src / "page.md", (2_500_000, 2_500_000))
    current, why = release.site_is_current(html)
    assert not current and "page.md is newer" in why
    assert not release.site_is_current(tmp_path / "nowhere")[0]


# ------------------------------------------------------------------ the launcher

class Launcher:
    """open-book.py as a subprocess, with Python's standard library only."""

    def __init__(self, folder: Path, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-S", "open-book.py", "--no-browser", "--port", "0", *args],
            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8")
        self.lines: list[str] = []
        self._queue: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.wait_for("Press Ctrl+C")
        self.port = int(re.search(r"Serving the book at http://127\.0\.0\.1:(\d+)/", self.text).group(1))

    def _read(self):
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def wait_for(self, words: str) -> None:
        while not any(words in ln for ln in self.lines):
            line = self._queue.get(timeout=120)   # a hang guard only
            assert line is not None, f"the launcher ended before printing {words!r}:\n{self.text}"
            self.lines.append(line)

    def get(self, path: str, host: str = "127.0.0.1", method: str = "GET", gzip_ok: bool = False,
            with_encoding: bool = False):
        conn = HTTPConnection(host, self.port, timeout=60)
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            if gzip_ok:
                conn.putheader("Accept-Encoding", "gzip, deflate, br")   # as a browser asks
            conn.endheaders()
            r = conn.getresponse()
            out = (r.status, r.getheader("Content-Type") or "", r.read())
            return out + (r.getheader("Content-Encoding") or "",) if with_encoding else out
        finally:
            conn.close()

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)     # what Ctrl+C sends
        code = self.proc.wait(timeout=120)
        self.wait_for("Stopped.")
        return code


@pytest.fixture(scope="module")
def launcher(unzipped):
    run = Launcher(unzipped)
    yield run
    if run.proc.poll() is None:
        run.proc.kill()
        run.proc.wait()


def test_launcher_serves_each_media_type(launcher):
    for name, (body, media_type) in TINY_SITE.items():
        status, ctype, data = launcher.get("/" + name)
        assert status == 200, name
        assert ctype.split(";")[0].strip() == media_type, f"{name} served as {ctype}"
        assert data == (body if isinstance(body, bytes) else body.encode()), name
    status, ctype, data = launcher.get("/")
    assert status == 200 and data == TINY_SITE["index.html"][0].encode()


def test_launcher_sends_gzip_to_a_browser_that_accepts_it(launcher):
    # a browser says Accept-Encoding: gzip; the body then is the file gzip-compressed (gunzip gives it
    # back byte for byte) under the same media type; without the header the file goes as it is
    import gzip as gz
    for name, (body, media_type) in TINY_SITE.items():
        raw = body if isinstance(body, bytes) else body.encode()
        status, ctype, data, encoding = launcher.get("/" + name, gzip_ok=True, with_encoding=True)
        assert status == 200 and ctype.split(";")[0].strip() == media_type, name
        if name.endswith((".whl", ".woff", ".woff2")):   # compressed formats already
            assert encoding == "" and data == raw, f"{name}: compressed already, sent as it is"
        else:
            assert encoding == "gzip" and gz.decompress(data) == raw, f"{name}: sent as {encoding!r}"
        assert launcher.get("/" + name, with_encoding=True)[2:] == (raw, ""), f"{name} without gzip"


def test_launcher_serves_another_site_folder(unzipped, tmp_path):
    # --site: the repository's built site (the build's last line suggests it), not the zip's site/
    other = tmp_path / "built"
    other.mkdir()
    (other / "index.html").write_text("<p>another build</p>")
    run = Launcher(unzipped, "--site", str(other))
    try:
        assert run.get("/")[2] == b"<p>another build</p>"
        assert run.get("/sub/page.html")[0] == 404   # the zip's own site is not served
    finally:
        run.stop()
    empty = subprocess.run([sys.executable, "-I", "-S", "open-book.py", "--no-browser", "--site",
                            str(tmp_path / "nowhere")], cwd=unzipped, capture_output=True, text=True)
    assert empty.returncode == 2 and "index.html is missing" in empty.stdout + empty.stderr


@pytest.mark.parametrize("path", [
    "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/sub/../../secret.txt",
    "/..%5csecret.txt", "/..\\secret.txt", "/_static/../../secret.txt", "/../../secret.txt",
    "/link-out.txt", "//../secret.txt", "/%2e%2e/secret.txt?x=1",
])
def test_launcher_refuses_paths_out_of_the_site(launcher, path):
    status, _, data = launcher.get(path)
    assert status == 404, f"{path}: {status}"
    assert SECRET not in data


def test_launcher_lists_no_folder(launcher):
    for path in ("/_static/", "/_static/empty-folder/", "/sub/"):
        status, _, data = launcher.get(path)
        assert status == 404, path
        assert b"Directory listing" not in data and b"app.js" not in data


def test_a_port_in_use_is_replaced_by_a_free_one(unzipped):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = Launcher(unzipped, "--port", str(port))   # argparse: the later --port wins over Launcher's --port 0
        try:
            assert f"Port {port} is in use" in run.text
            assert run.port != port and run.get("/index.html")[0] == 200
        finally:
            assert run.stop() == 0


def test_ctrl_c_stops_cleanly(unzipped):
    run = Launcher(unzipped)
    assert run.get("/index.html")[0] == 200
    assert run.stop() == 0
    assert "Traceback" not in run.text, run.text


# ------------------------------------------------------------------ --class

def own_ipv4_addresses() -> set[str]:
    """This machine's IPv4 addresses on its network interfaces, loopback and
    link-local aside, read with the SIOCGIFADDR ioctl (Linux)."""
    import fcntl
    found = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue       # an interface without an IPv4 address
            address = socket.inet_ntoa(packed[20:24])
            if not address.startswith(("127.", "169.254.")):
                found.add(address)
    return found


def terminal_qr(lines: list[str]) -> list[list[int]]:
    """The modules (1 dark) of a QR code drawn with upper half blocks: the
    foreground colour (30 black, 97 white) is the upper module, the background
    (40 black, 107 white) the lower one."""
    rows = []
    for line in lines:
        cells = re.findall(r"\x1b\[(\d+);(\d+)m\u2580", line)
        if not cells:
            continue
        rows.append([1 if fg == "30" else 0 for fg, _ in cells])
        rows.append([1 if bg == "40" else 0 for _, bg in cells])
        assert {fg for fg, _ in cells} <= {"30", "97"} and {bg for _, bg in cells} <= {"40", "107"}
    return rows


def check_qr(rows: list[list[int]], text: str) -> None:
    """``rows`` is a QR code (ISO/IEC 18004) of ``text`` in byte mode, level M or better."""
    assert rows and len({len(r) for r in rows}) == 1
    dark = [(y, x) for y, r in enumerate(rows) for x, v in enumerate(r) if v]
    top, left = min(y for y, _ in dark), min(x for _, x in dark)
    bottom, right = max(y for y, _ in dark), max(x for _, x in dark)
    n = bottom - top + 1
    assert right - left + 1 == n, "the symbol is square"
    assert min(top, left, len(rows[0]) - 1 - right, len(rows) - 1 - bottom) >= 4, \
        "a quiet zone of 4 light modules"
    m = [row[left:right + 1] for row in rows[top:bottom + 1]]
    assert (n - 17) % 4 == 0, n
    version = (n - 17) // 4
    # byte-mode capacity at level M, versions 1-4 (ISO/IEC 18004, table 7)
    capacity_m = {1: 14, 2: 26, 3: 42, 4: 62}
    assert version == min(v for v, c in capacity_m.items() if c >= len(text.encode())), (version, text)
    finder = [[1] * 7, [1, 0, 0, 0, 0, 0, 1], *[[1, 0, 1, 1, 1, 0, 1]] * 3, [1, 0, 0, 0, 0, 0, 1], [1] * 7]
    for y0, x0 in ((0, 0), (0, n - 7), (n - 7, 0)):
        assert [r[x0:x0 + 7] for r in m[y0:y0 + 7]] == finder, (y0, x0)
    for i in range(8, n - 8):     # timing patterns: dark on even positions
        assert m[6][i] == (i + 1) % 2 and m[i][6] == (i + 1) % 2, i
    assert m[n - 8][8] == 1, "the dark module"
    # format information: both copies equal, a BCH(15,5) code word after unmasking
    first = [m[i][8] for i in range(6)] + [m[7][8], m[8][8], m[8][7]] + [m[8][14 - i] for i in range(9, 15)]
    second = [m[8][n - 1 - i] for i in range(8)] + [m[n - 15 + i][8] for i in range(8, 15)]
    assert first == second
    bits = sum(b << i for i, b in enumerate(first)) ^ 0b101010000010010
    rem = bits
    for shift in range(4, -1, -1):            # divide by the generator x^10+x^8+x^5+x^4+x^2+x+1
        if rem >> (shift + 10) & 1:
            rem ^= 0b10100110111 << shift
    assert rem == 0, f"format bits {bits:015b} are no BCH code word"
    level = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}[bits >> 13]
    assert level in "MQH", level


def test_class_serves_the_local_network_with_a_qr_code(unzipped):
    if not hasattr(socket, "if_nameindex") or sys.platform != "linux":
        pytest.skip("reads the interfaces' addresses the Linux way")
    own = own_ipv4_addresses()
    run = Launcher(unzipped, "--class")
    try:
        if not own:
            assert "No local network address found" in run.text
            return
        # the join address of the class session: the class address, the port, /join/ and the class code
        url = re.search(r"For the class \(same Wi-Fi or network\): (http://[\d.]+:\d+/join/[2-9A-Y]{6})$",
                        run.text, re.M).group(1)
        assert url.endswith("/join/" + re.search(r"Class code: ([2-9A-Y]{6})", run.text).group(1))
        host = url.split("//")[1].split(":")[0]
        assert host in own and host != "127.0.0.1", (host, own)
        status, _, data = run.get("/index.html", host=host)
        assert status == 200 and data == TINY_SITE["index.html"][0].encode()
        check_qr(terminal_qr(run.lines), url)
        segno = _vendored_segno(unzipped)
        qr = segno.make(url, micro=False, error="m")
        rows = terminal_qr(run.lines)
        assert [r[4:-4] for r in rows[4:4 + len(qr.matrix)]] == [list(r) for r in qr.matrix]
    finally:
        assert run.stop() == 0


def _vendored_segno(top: Path):
    spec = importlib.util.spec_from_file_location(
        "vendored_segno", top / "_launcher" / "segno" / "__init__.py",
        submodule_search_locations=[str(top / "_launcher" / "segno")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["vendored_segno"] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ the public address

def _actionlint() -> str:
    venv_bin = Path(sys.executable).parent
    found = shutil.which("actionlint", path=os.pathsep.join([str(venv_bin), os.environ.get("PATH", "")]))
    if found is None:
        if IN_CI:
            pytest.fail("actionlint is missing in CI: it is pinned in requirements.txt", pytrace=False)
        pytest.skip("actionlint not installed (pip install -r requirements.txt)")
    return found


def test_workflows_pass_actionlint():
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows, "no workflow in .github/workflows"
    r = subprocess.run([_actionlint(), "-no-color", *map(str, workflows)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr


def test_pages_workflow_builds_with_the_readme_command_and_publishes_the_site():
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    steps = [s for job in flow["jobs"].values() for s in job.get("steps", [])]
    assert "bash scripts/build.sh" in (ROOT / "README.md").read_text()
    assert any(s.get("run", "").strip() == "bash scripts/build.sh" for s in steps)
    uses = {s["uses"].split("@")[0]: s for s in steps if "uses" in s}
    for action in ("actions/upload-pages-artifact", "actions/deploy-pages"):
        assert re.fullmatch(r"v\d+", uses[action]["uses"].split("@")[1]), f"{action}: pin a major version"
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "book/_build/html"
    triggers = flow.get("on", flow.get(True))     # YAML 1.1 reads the key `on` as True
    assert triggers["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


# ------------------------------------------------------------------ in the browser

def test_deal_live_through_the_launcher(built_site, browser, tmp_path):
    """The launcher serving the built site: Deal live loads and plays a deal to its settlement."""
    from conftest import new_context, watch
    from test_jupyterlab import SCENARIOS, TABLE_STATE_JS, check_settled_as_in_python
    from test_live_site import _play

    folder = tmp_path / "release"
    folder.mkdir()
    shutil.copy2(ROOT / "scripts" / "release" / "open-book.py", folder / "open-book.py")
    (folder / "site").symlink_to(Path(built_site).resolve(), target_is_directory=True)
    run = Launcher(folder)
    context, problems = new_context(browser, service_workers="block")
    try:
        page = watch(context.new_page(), problems)
        chapter = "hoggenheimer"
        table_class, steps = SCENARIOS[chapter]
        page.goto(f"http://127.0.0.1:{run.port}/{chapter}.html", wait_until="load")
        button = page.get_by_role("button", name="Deal live", exact=True)
        button.scroll_into_view_if_needed()
        button.click()
        table = page.locator(f".bg-live-table .{table_class}")
        table.wait_for(timeout=90_000)
        assert table.evaluate(TABLE_STATE_JS)["cards"]
        states = _play(page, table, steps, chapter)
        check_settled_as_in_python(chapter, states[[e for _, e in steps].index("settle")])
        assert not problems.report(), problems.report()
    finally:
        context.close()
        assert run.stop() == 0
