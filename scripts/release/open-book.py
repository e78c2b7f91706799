#!/usr/bin/env python3
"""Open the book in your web browser (needs only Python 3.8 or newer).

    python3 open-book.py            this computer only: serves the book at
                                    http://127.0.0.1:<port>/ and opens it
    python3 open-book.py --class    the whole class: also serves the book to the
                                    local network (school Wi-Fi), prints the address
                                    and shows it as a QR code for phones to scan

Press Ctrl+C (or close the window) to stop. Other options: --port N (0: any free
port), --no-browser, --address A (with --class: this computer's address on the
class's network, when the one found is not the one the class can reach),
--timeout S (seconds a browser has to send a request's head, default 15).

Why not just open index.html? A browser refuses to start the book's live parts
(Deal live, JupyterLite) from files; served from this small web server they work.
The server uses Python's standard library only. It serves the folder ``site``
beside this file and nothing else: no folder listings, no path that leads out of
it, and each file with the media type the browser insists on (JavaScript modules
as text/javascript, WebAssembly as application/wasm), whatever the computer's own
settings say, gzip-compressed where the browser accepts it (all do) and it helps. The QR code is drawn by segno (BSD licence), which is included in
the folder ``_launcher``; without it the address is printed only.

What the server listens on and what it refuses (so that a class, or anyone on
the network, cannot stall or misuse it):

* it listens on 127.0.0.1 only, and with --class also on the one class address
  it prints (never on every network interface, 0.0.0.0); an --address that is
  no address of this computer, 0.0.0.0 or a loopback address is refused with a
  message and exit status 2;
* a connection has --timeout seconds (15) to send its request's head, else it
  gets 408 and is closed (closed silently when it sent nothing); a reply that
  makes no progress for 60 s is given up;
* at most 200 connections at once (more: 503 with Retry-After) and 24 from one
  client address (more: 429 with Retry-After); these refusals are written by the
  accepting thread itself and closed by one shared closer thread, so a flood of
  connections starts no thread;
* 414 for a request line longer than 8192 bytes, 431 for a head longer than
  64 KiB, 405 for a method other than GET and HEAD, 400 for a GET or HEAD with a
  body, and 404 for any path with a part that starts with a dot (/.buildinfo).
"""

from __future__ import annotations

import argparse
import gzip
import io
import ipaddress
import os
import selectors
import socket
import sys
import threading
import time
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

HEAD_TIMEOUT = 15.0        # seconds to send a request's head (--timeout); then 408
SEND_TIMEOUT = 60.0        # seconds a reply may make no progress before it is given up
MAX_CONNECTIONS = 200      # at once, all clients together; more get 503
MAX_PER_CLIENT = 24        # at once from one address; more get 429
MAX_REQUEST_LINE = 8192    # bytes, line end included; longer: 414
MAX_HEAD = 64 * 1024       # bytes of header lines after the request line; more: 431
RETRY_AFTER = 5            # seconds, sent with 503 and 429
LINGER = 2.0               # seconds a refused connection may take to finish sending

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


def plain_reply(code: int, reason: str, text: str, headers: tuple = ()) -> bytes:
    """A whole HTTP/1.0 reply with a short plain-text body; the connection closes after it."""
    body = f"{code} {reason}: {text}\n".encode()
    lines = [f"HTTP/1.0 {code} {reason}", *(f"{k}: {v}" for k, v in headers),
             "Content-Type: text/plain; charset=utf-8", f"Content-Length: {len(body)}",
             "Cache-Control: no-cache", "Connection: close", "", ""]
    return "\r\n".join(lines).encode() + body


BUSY = plain_reply(503, "Service Unavailable", f"{MAX_CONNECTIONS} connections are open; try again shortly",
                   (("Retry-After", str(RETRY_AFTER)),))
TOO_MANY = plain_reply(429, "Too Many Requests",
                       f"{MAX_PER_CLIENT} connections from your address are open; try again shortly",
                       (("Retry-After", str(RETRY_AFTER)),))


class BookHandler(SimpleHTTPRequestHandler):
    """Serves files of the site folder only: no listings, nothing outside it,
    nothing whose path has a part starting with a dot. One request per
    connection; the head has ``server.head_timeout`` seconds to arrive."""

    server_version = "open-book"
    sys_version = ""

    def guess_type(self, path):
        return MEDIA_TYPES.get(os.path.splitext(str(path))[1].lower(), DEFAULT_TYPE)

    def setup(self):
        super().setup()
        # The head is read from the socket directly, with a deadline for the whole
        # head (a per-read timeout lets a client that sends a byte now and then
        # keep the connection for ever), so the buffered reader is not used.
        self.rfile.close()
        self.rfile = io.BytesIO()

    def handle(self):
        self.close_connection = True
        self.handle_one_request()

    def handle_one_request(self):
        self.close_connection = True
        self.command, self.request_version, self.requestline = "", "HTTP/1.0", ""
        head = self._read_head()
        if head is None:
            return
        self.rfile = io.BytesIO(head)
        self.raw_requestline = self.rfile.readline(MAX_REQUEST_LINE + 1)
        if not self.parse_request():      # 400, 431 (over 100 headers), 505: answered by parse_request
            return
        self.close_connection = True
        if self.command not in ("GET", "HEAD"):
            self._refuse(405, "Method Not Allowed", "only GET and HEAD are served", (("Allow", "GET, HEAD"),))
            return
        if self.headers.get("Transfer-Encoding") is not None or \
                self.headers.get("Content-Length", "0").strip() not in ("", "0"):
            self._refuse(400, "Bad Request", f"a {self.command} request has no body")
            return
        self.connection.settimeout(getattr(self.server, "send_timeout", SEND_TIMEOUT))
        getattr(self, "do_" + self.command)()
        self.wfile.flush()

    def _read_head(self):
        """The request's head (request line and header lines up to the blank
        line), or None when the connection ended or was refused: 414 for a
        request line over MAX_REQUEST_LINE bytes, 431 for header lines over
        MAX_HEAD bytes, 408 when the head is not complete within the time
        (a connection that sent nothing is closed without a word)."""
        sock = self.connection
        deadline = time.monotonic() + getattr(self.server, "head_timeout", HEAD_TIMEOUT)
        data = b""
        line_end = -1
        scan = 0                   # where to look for the blank line from (bytes before it were looked at)
        while True:
            if line_end < 0:
                line_end = data.find(b"\n")
                if line_end < 0 and len(data) >= MAX_REQUEST_LINE or line_end + 1 > MAX_REQUEST_LINE:
                    self._refuse(414, "URI Too Long", f"a request line has at most {MAX_REQUEST_LINE} bytes")
                    return None
                scan = max(line_end, 0)
            if line_end >= 0:
                ends = [(at, len(e)) for e in (b"\n\r\n", b"\n\n") for at in [data.find(e, scan)] if at >= 0]
                if ends:                 # the first blank line ends the head
                    at, size = min(ends)
                    if at - line_end <= MAX_HEAD:      # the header lines, each with its line end
                        return data[:at + size]
                if ends or len(data) - line_end - 1 > MAX_HEAD:
                    self._refuse(431, "Request Header Fields Too Large",
                                 f"the header lines have at most {MAX_HEAD} bytes")
                    return None
                scan = max(line_end, len(data) - 2)
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise socket.timeout
                sock.settimeout(remaining)
                chunk = sock.recv(65536)
            except socket.timeout:
                if data:
                    sock.settimeout(1.0)
                    self._refuse(408, "Request Timeout", "the request was not complete in time")
                return None
            except OSError:
                return None
            if not chunk:
                return None
            data += chunk

    def _refuse(self, code: int, reason: str, text: str, headers: tuple = ()) -> None:
        """Answer with ``code`` and a one-line explanation, then close."""
        self.close_connection = True
        reply = plain_reply(code, reason, text, headers)
        if self.command == "HEAD":
            reply = reply[:reply.index(b"\r\n\r\n") + 4]
        try:
            self.wfile.write(reply)
        except OSError:
            pass

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
        if "\\" in path or "\x00" in path or any(part.startswith(".") for part in path.split("/")):
            return None        # "..", and hidden files such as Sphinx's /.buildinfo
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


class Limits:
    """How many connections are being served, in all and per client address."""

    def __init__(self, total: int = MAX_CONNECTIONS, per_client: int = MAX_PER_CLIENT):
        self.max_total, self.max_per_client = total, per_client
        self.total = 0
        self.by_client: dict = {}
        self.lock = threading.Lock()

    def take(self, client: str):
        """Count a new connection from ``client``: None when it may be served,
        else the refusal to send (BUSY: too many in all; TOO_MANY: from it)."""
        with self.lock:
            if self.total >= self.max_total:
                return BUSY
            if self.by_client.get(client, 0) >= self.max_per_client:
                return TOO_MANY
            self.total += 1
            self.by_client[client] = self.by_client.get(client, 0) + 1
            return None

    def give_back(self, client: str) -> None:
        with self.lock:
            self.total -= 1
            left = self.by_client.pop(client) - 1
            if left:
                self.by_client[client] = left


class Closer(threading.Thread):
    """One thread for all refused connections: after the refusal is written it
    reads and drops what the client still sends, until the client closes or
    LINGER seconds pass, then closes the socket. (Closing at once, with a request
    not yet read, would reset the connection, and the client might lose the
    refusal.) It holds at most ``most`` sockets; more are closed at once."""

    def __init__(self, most: int = 256):
        super().__init__(name="open-book closer", daemon=True)
        self.most = most
        self.selector = selectors.DefaultSelector()
        self.incoming: list = []
        self.lock = threading.Lock()
        self.held = 0

    def refuse(self, sock: socket.socket, reply: bytes) -> None:
        """Write ``reply`` without waiting (it fits in the socket's buffer) and
        hand the socket over to be closed."""
        try:
            sock.setblocking(False)
            sock.send(reply)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        with self.lock:
            if self.held >= self.most:
                sock.close()
                return
            self.held += 1
            self.incoming.append((sock, time.monotonic() + LINGER))

    def run(self) -> None:
        deadlines: dict = {}
        while True:
            with self.lock:
                new, self.incoming = self.incoming, []
            for sock, deadline in new:
                deadlines[sock] = deadline
                self.selector.register(sock, selectors.EVENT_READ)
            events = self.selector.select(0.1) if deadlines else (time.sleep(0.1) or [])
            now = time.monotonic()
            done = [key.fileobj for key, _ in events if not self._drain(key.fileobj)]
            done += [sock for sock, deadline in deadlines.items() if deadline <= now and sock not in done]
            for sock in done:
                self.selector.unregister(sock)
                del deadlines[sock]
                sock.close()
            with self.lock:
                self.held -= len(done)

    @staticmethod
    def _drain(sock: socket.socket) -> bool:
        """Read what has come; False when the client has closed (or failed)."""
        try:
            return bool(sock.recv(65536))
        except BlockingIOError:
            return True
        except OSError:
            return False


class BookServer(ThreadingHTTPServer):
    """The web server on one address: a thread for each connection it serves,
    none for one it refuses (see Limits and Closer)."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 128

    def __init__(self, address, handler, limits: Limits, closer: Closer,
                 head_timeout: float = HEAD_TIMEOUT, send_timeout: float = SEND_TIMEOUT):
        self.limits, self.closer = limits, closer
        self.head_timeout, self.send_timeout = head_timeout, send_timeout
        super().__init__(address, handler)

    def process_request(self, request, client_address):
        refusal = self.limits.take(client_address[0])
        if refusal is not None:
            self.closer.refuse(request, refusal)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.limits.give_back(client_address[0])
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.limits.give_back(client_address[0])


def address_problem(address: str):
    """Why ``address`` cannot be the class address (a message), or None when it
    is an IPv4 address of one of this computer's network interfaces."""
    allowed = ("Give this computer's IPv4 address on the class's network, such as 192.168.1.20 "
               "(or leave --address out to use the one found).")
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return f"--address {address!r} is not an IP address. {allowed}"
    if ip.version != 4:
        return f"--address {address}: only IPv4 addresses are served. {allowed}"
    if ip.is_unspecified:
        return (f"--address {address} would serve every network this computer is on, not only the "
                f"class's: refused. {allowed}")
    if ip.is_loopback or ip.is_multicast or ip == ipaddress.ip_address("255.255.255.255"):
        return f"--address {address} cannot be reached by the class. {allowed}"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((str(ip), 0))
        except OSError:
            return f"--address {address} is not an address of this computer. {allowed}"
    return None


def make_servers(hosts: list, port: int, site: Path = SITE, head_timeout: float = HEAD_TIMEOUT) -> list:
    """One BookServer on each of ``hosts``, all on the same port: ``port``, or
    (when it is 0 or in use) a free one. They share one Limits and one Closer."""
    handler = partial(BookHandler, directory=str(site))
    limits, closer = Limits(), Closer()
    first_error = None
    for p in ([port] if port else []) + [0] * 5:
        servers: list = []
        try:
            for host in hosts:
                servers.append(BookServer((host, p or (servers[0].server_address[1] if servers else 0)),
                                          handler, limits, closer, head_timeout))
        except OSError as e:
            for server in servers:
                server.server_close()
            if p:
                say(f"Port {p} is in use; taking another. (Work saved in the browser on the usual "
                    f"port is not seen on this one: close the other copy and start again to see it.)")
            first_error = first_error or e
            continue
        closer.start()
        return servers
    raise first_error


def serve(servers: list, running: list) -> None:
    """Serve on every server, each in a thread of its own (added to ``running``
    before it starts), until Ctrl+C (KeyboardInterrupt) or a server fails."""
    for s in servers:
        running.append((s, threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.5},
                                             daemon=True, name=f"open-book {s.server_address[0]}")))
    for _, t in running:
        t.start()
    while all(t.is_alive() for _, t in running):
        time.sleep(0.5)     # Ctrl+C arrives here (a sleep can be interrupted on every system)


def stop(running: list) -> None:
    """Stop the servers of ``running`` whose thread started, and close every socket.
    (A server is closed only once its loop has ended: closing it under a running
    loop makes that thread fail.)"""
    for s, t in running:
        if t.ident is not None:     # started: its loop runs, has run or will see the request at once
            s.shutdown()


def say(text: str = "") -> None:
    print(text, flush=True)


def announce(port: int, args, class_address) -> None:
    """Say where the book is (and, with --class, show the address as a QR code)."""
    here_url = f"http://127.0.0.1:{port}/"
    say(f"Serving the book at {here_url}")
    if args.for_class:
        address = class_address
        if address is None:
            say("No local network address found: this computer is on no network but itself, and the "
                "book is served to it only. Join the class's Wi-Fi and start again (or give --address).")
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
    parser.add_argument("--address", help="with --class: this computer's IPv4 address on the class's "
                                          "network, to serve on and show as a QR code (default: the one found)")
    parser.add_argument("--timeout", type=float, default=HEAD_TIMEOUT,
                        help=f"seconds a browser has to send a request (default {HEAD_TIMEOUT:g}; 1 to 600)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--site", type=Path, default=SITE,
                        help="the built site to serve (default: the site folder beside this file; "
                             "in the repository: book/_build/html)")
    args = parser.parse_args(argv)
    if not 1 <= args.timeout <= 600:
        parser.error(f"--timeout {args.timeout:g}: give a number of seconds from 1 to 600")

    site = args.site.resolve()
    if not (site / "index.html").is_file():
        say(f"The book is not here: {site / 'index.html'} is missing. Unzip the whole release "
            f"and start this file from the unzipped folder.")
        return 2
    hosts = ["127.0.0.1"]          # this computer; with --class also the class address, never 0.0.0.0
    class_address = None
    if args.for_class:
        if args.address is not None:
            problem = address_problem(args.address)
            if problem:
                say(problem)
                return 2
            class_address = str(ipaddress.ip_address(args.address.strip()))
        else:
            class_address = local_network_address()
        if class_address is not None:
            hosts.append(class_address)
    try:
        servers = make_servers(hosts, args.port, site, args.timeout)
    except OSError as e:
        say(f"Could not start the web server: {e}")
        return 2
    port = servers[0].server_address[1]
    running: list = []
    try:   # Ctrl+C at any moment from here on stops cleanly
        announce(port, args, class_address)
        url = f"http://127.0.0.1:{port}/"
        if not args.no_browser and not webbrowser.open(url):   # the request waits for the server
            say(f"No browser could be opened from here: open {url} in yours.")
        serve(servers, running)
    except KeyboardInterrupt:
        say("Stopping the book's web server.")
    finally:
        stop(running)
        for server in servers:
            server.server_close()
    say("Stopped.")
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Leave without the interpreter's shutdown, which could abort (SIGABRT) while a
    # daemon thread (a connection still lingering) holds the output's lock.
    os._exit(code)
