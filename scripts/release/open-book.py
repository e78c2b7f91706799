#!/usr/bin/env python3
"""Open the book in your web browser (needs only Python 3.8 or newer).

    python3 open-book.py            this computer only: serves the book at
                                    http://127.0.0.1:<port>/ and opens it
    python3 open-book.py --class    the whole class: also serves the book to the
                                    local network (school Wi-Fi), prints the address
                                    and shows it as a QR code for phones to scan

Press Ctrl+C (or close the window) to stop. Other options: --port N (0: any free
port), --no-browser, --address A (the address to print and show in the QR code
with --class, when the one found is not the one the class can reach).

Why not just open index.html? A browser refuses to start the book's live parts
(Deal live, JupyterLite) from files; served from this small web server they work.
The server uses Python's standard library only. It serves the folder ``site``
beside this file and nothing else: no folder listings, no path that leads out of
it, and each file with the media type the browser insists on (JavaScript modules
as text/javascript, WebAssembly as application/wasm), whatever the computer's own
settings say, gzip-compressed where the browser accepts it (all do) and it helps. The QR code is drawn by segno (BSD licence), which is included in
the folder ``_launcher``; without it the address is printed only.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import socket
import sys
import webbrowser
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
SITE = HERE / "site"
LIBS = HERE / "_launcher"

# The same port every time, so that the browser keeps what is stored for the
# book's address (a student's JupyterLite edits, the theme): storage belongs to
# one address, port included. Another free port is taken when it is in use.
DEFAULT_PORT = 8642

# Fixed media types: a computer's own table (the Windows registry, /etc/mime.types)
# is sometimes wrong (.js as text/plain), and a browser refuses a module script or
# streams no WebAssembly whose type is wrong. Unknown suffixes are served as bytes.
MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".ipynb": "application/x-ipynb+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",   # Python wheels are zip files; Pyodide reads the bytes
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/vnd.microsoft.icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".eot": "application/vnd.ms-fontobject",
    ".pdf": "application/pdf",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".xml": "application/xml",
}
DEFAULT_TYPE = "application/octet-stream"

# Sent gzip-compressed to a browser that accepts it (every browser does): Python's
# WebAssembly (9.6 MB) goes as about 3 MB, the first "Deal live" as about 6.9 MB
# instead of 14 MB, which counts when a class of 30 shares one Wi-Fi. Wheels are
# zip files already compressed, so they go as they are.
COMPRESSED = {".wasm", ".zip", ".mjs", ".js", ".json", ".css", ".html", ".svg", ".py", ".txt", ".map"}
_GZIPPED = {}   # (path, size, mtime) -> the gzip bytes, made once per file


def gzipped(path: Path) -> bytes:
    """The file's bytes gzip-compressed (level 6, no time stamp), kept for later requests."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _GZIPPED:
        _GZIPPED[key] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
    return _GZIPPED[key]


class BookHandler(SimpleHTTPRequestHandler):
    """Serves files of the site folder only: no listings, nothing outside it."""

    server_version = "open-book"
    sys_version = ""

    def guess_type(self, path):
        return MEDIA_TYPES.get(os.path.splitext(str(path))[1].lower(), DEFAULT_TYPE)

    def send_head(self):
        target = self._inside_site()
        if target is None:
            self.send_error(404, "Not found")
            return None
        if target.is_dir() and not (target / "index.html").is_file():
            self.send_error(404, "Not found")   # never a folder listing
            return None
        if (target.is_file() and target.suffix.lower() in COMPRESSED
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            body = gzipped(target)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(target)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", self.date_time_string(int(target.stat().st_mtime)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def _inside_site(self):
        """The requested file, or None when the path leaves the site folder
        (``..``, an encoded ``%2e%2e``, a backslash, a link pointing out)."""
        path = unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if "\\" in path or "\x00" in path or any(part == ".." for part in path.split("/")):
            return None
        root = Path(self.directory).resolve()
        try:
            target = Path(self.translate_path(self.path)).resolve()
            target.relative_to(root)
        except (ValueError, OSError):
            return None
        return target

    def list_directory(self, path):  # a second guard: never list a folder
        self.send_error(404, "Not found")
        return None

    def end_headers(self):
        # A new release in the same folder is seen on the next load, never an old copy.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - keep the teacher's window calm
        pass


def local_network_address() -> str | None:
    """This computer's IPv4 address on the local network, or None when it has
    none but loopback. (A UDP socket "connected" to a private address makes the
    system pick the interface it would use; no packet is sent.)"""
    candidates = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255", "192.0.2.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                candidates.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    for address in candidates:
        if not address.startswith(("127.", "0.", "169.254.")):
            return address
    return None


def qr_lines(text: str) -> list[str] | None:
    """``text`` as a QR code drawn with half blocks in black and white (explicit
    colours, so it reads the same on a light or a dark terminal), or None when
    segno is not available."""
    sys.path.insert(0, str(LIBS))
    try:
        import segno
    except ImportError:
        return None
    finally:
        sys.path.remove(str(LIBS))
    matrix = [list(row) for row in segno.make(text, micro=False, error="m").matrix]
    border = 4                     # the quiet zone the QR standard asks for
    width = len(matrix[0]) + 2 * border
    rows = [[0] * width for _ in range(border)]
    rows += [[0] * border + row + [0] * border for row in matrix]
    rows += [[0] * width for _ in range(border + len(rows) % 2)]   # even number of rows
    colour = {1: (30, 40), 0: (97, 107)}   # dark module: black; light: bright white
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2]):
        cells = "".join("\033[%d;%dm\u2580" % (colour[t][0], colour[b][1]) for t, b in zip(top, bottom))
        lines.append(cells + "\033[0m")
    return lines


def enable_ansi_on_windows() -> None:
    """Let the Windows console draw the colours of the QR code (Windows 10+)."""
    if os.name != "nt":
        return
    try:
        import ctypes
        kernel32 = ctypes.windll.kernel32
        handle = kernel32.GetStdHandle(-11)
        mode = ctypes.c_uint32()
        if kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
            kernel32.SetConsoleMode(handle, mode.value | 0x0004)
    except Exception:  # noqa: BLE001 - no colours is no reason to stop
        pass


def make_server(host: str, port: int, site: Path = SITE) -> ThreadingHTTPServer:
    handler = partial(BookHandler, directory=str(site))
    for p in ([port, 0] if port else [0]):
        try:
            return ThreadingHTTPServer((host, p), handler)
        except OSError:
            if p == 0:
                raise
            say(f"Port {p} is in use; taking another. (Work saved in the browser on the usual "
                f"port is not seen on this one: close the other copy and start again to see it.)")
    raise AssertionError("unreachable")


def say(text: str = "") -> None:
    print(text, flush=True)


def announce(port: int, args) -> None:
    """Say where the book is (and, with --class, show the address as a QR code)."""
    here_url = f"http://127.0.0.1:{port}/"
    say(f"Serving the book at {here_url}")
    if args.for_class:
        address = args.address or local_network_address()
        if address is None:
            say("No local network address found: this computer is on no network but itself. "
                "Join the class's Wi-Fi and start again (or give --address).")
        else:
            class_url = f"http://{address}:{port}/"
            say(f"For the class (same Wi-Fi or network): {class_url}")
            enable_ansi_on_windows()
            lines = qr_lines(class_url)
            if lines is None:
                say("(No QR code: the folder _launcher with segno is missing; type the address.)")
            else:
                say("Scan to open it on a phone or tablet:")
                for line in lines:
                    say(line)
            say("The class sees the book as it is in this folder. A firewall may ask to let "
                "Python accept connections: allow it for private networks.")
    say("Press Ctrl+C (or close this window) to stop.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Open the book in your web browser.")
    parser.add_argument("--class", dest="for_class", action="store_true",
                        help="also serve the book to the local network and show its address as a QR code")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port to serve on (default {DEFAULT_PORT}, or a free one; 0: any free port)")
    parser.add_argument("--address", help="with --class: the address to print and show as a QR code")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--site", type=Path, default=SITE,
                        help="the built site to serve (default: the site folder beside this file; "
                             "in the repository: book/_build/html)")
    args = parser.parse_args(argv)

    site = args.site.resolve()
    if not (site / "index.html").is_file():
        say(f"The book is not here: {site / 'index.html'} is missing. Unzip the whole release "
            f"and start this file from the unzipped folder.")
        return 2
    try:
        server = make_server("0.0.0.0" if args.for_class else "127.0.0.1", args.port, site)
    except OSError as e:
        say(f"Could not start the web server: {e}")
        return 2
    try:   # Ctrl+C at any moment from here on stops cleanly
        announce(server.server_address[1], args)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        if not args.no_browser and not webbrowser.open(url):   # the request waits for the server
            say(f"No browser could be opened from here: open {url} in yours.")
        server.serve_forever()
    except KeyboardInterrupt:
        say("Stopping the book's web server.")
    finally:
        server.server_close()
    say("Stopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
