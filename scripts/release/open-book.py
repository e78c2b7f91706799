#!/usr/bin/env python3
"""Open the book in your web browser (needs only Python 3.8 or newer).

    python3 open-book.py            this computer only: serves the book at
                                    http://127.0.0.1:<port>/ and opens it
    python3 open-book.py --class    the whole class: also serves the book to the
                                    local network (school Wi-Fi), runs a class session,
                                    prints its class code and join address and shows
                                    the address as a QR code for phones to scan

Press Ctrl+C (or close the window) to stop. Other options: --port N (0: any free
port), --no-browser, --address A (with --class: this computer's address on the
class's network, when the one found is not the one the class can reach),
--data DIR (with --class: where the class session keeps its files, default the
folder class-data beside this file), --new-class (a new class code),
--timeout S (seconds a browser has to send a request's head, default 15).

The class session (--class), with no internet and no accounts:

* a short class code (6 symbols, no 0/O or 1/I to mistake) and the join address
  http://<class address>:<port>/join/<code> (printed, and drawn as the QR code);
  opening it sets a class cookie on the group's device and leads to the book
  (/join/<code>?to=hoggenheimer.html leads to that chapter);
* the teacher's browser is opened at http://127.0.0.1:<port>/teacher/<key>, a
  random key (printed too: keep it to yourself), which sets the teacher's cookie
  (HttpOnly, SameSite=Strict) and leads to "Teach with this book";
* a group's dealing table then shows "Send to the class board" under its code;
  it posts the code's text to /class/groups. The class board of a lesson page in
  the teacher's browser asks /class/groups for new codes every second and adds
  each with its own Add, exactly as a typed code: the launcher stores text and
  holds no rule of any game. Typed codes and the board's camera scan still work
  where devices cannot reach this computer;
* only the teacher's cookie reads the list and removes a code, clears the board
  or sets whether the exact values are revealed (/class/remove, /class/clear,
  /class/reveal: 403 without it); a joined device can only add its code (403
  without the class cookie, or with another class's). The list the board reads
  carries the stored Reveal setting (null until one is set), so that a board
  opened again, or after a restart, shows or hides the exact values as left;
* everything is written in the data folder, nowhere else: class.json (the class
  code and the teacher's key, so that a restart keeps both) and <code>.jsonl,
  one line per code received, removal, clearing or reveal, appended, flushed
  and synced to the disk before the answer; a launcher started again with the
  same folder serves the same list, and the board comes back with nothing lost;
* refused, and the launcher goes on serving: a body over 2048 bytes (413), a body
  that is not one group code's text (400), a POST without a length (411), a
  wrong class code or teacher's key (403), a page of another site posting (its
  Origin: 403), more than 20 requests that change the board (or try a class
  code) from one address at once, then more than one every 2 s (429 with
  Retry-After), methods other than those of each address (405 with Allow),
  unknown addresses (404), over 500 codes listed (409 until cleared);
* GET /class/status says whether a session runs, and whether the asking browser
  has joined or is the teacher's; the launcher marks every file it serves with
  the header X-Class-Session, so that the pages ask for it only here.

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
  64 KiB, 405 for a method other than GET and HEAD (POST too on the class
  session's addresses), 400 for a GET or HEAD with a body, and 404 for any path
  with a part that starts with a dot (/.buildinfo).

Tests: tests/test_launcher.py (the limits), tests/test_release.py (the release,
media types, --class's address and QR code), tests/test_class_endpoints.py (the
class session over HTTP) and tests/test_class_session.py (a whole class in browsers).
"""

from __future__ import annotations

import argparse
import gzip
import hmac
import io
import ipaddress
import json
import os
import re
import secrets
import selectors
import socket
import sys
import threading
import time
import webbrowser
from functools import partial
from http.cookies import CookieError, SimpleCookie
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

sys.dont_write_bytecode = True      # nothing written beside the launcher (segno's __pycache__)

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
ACCEPT_WAIT = 0.5          # seconds the loop waits for a connection select() announced

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


REFUSALS = ("too-large", "timeout", "not-a-code", "too-many", "other-site", "not-joined", "board-full")
"""The reasons a group's *Send to the class board* can be refused for, sent as the
header ``X-Refusal: <reason> [<number>]`` beside the English text: the page's
script shows its own words for each (live-tables.js, the site texts catalogue),
so that a German or Russian page explains the refusal in its language."""


def refusal(reason: str, number: int | None = None) -> tuple:
    """The ``X-Refusal`` header of a refused request (a tuple of one header for
    :func:`plain_reply`): one of :data:`REFUSALS`, with the number its words need
    (the most bytes, characters or codes)."""
    if reason not in REFUSALS:
        raise ValueError(f"unknown refusal {reason!r}: one of {', '.join(REFUSALS)}")
    return (("X-Refusal", reason if number is None else f"{reason} {number}"),)


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


# ------------------------------------------------------------------ the class session (--class)

DATA = HERE / "class-data"  # where --class keeps its class code and the groups received (--data)
CLASS_CODE_SYMBOLS = "23456789ABCDEFGHJKLMNPQRSTUVWXY"   # as the group codes': no 0/O, 1/I/L-like, 2/Z pair
CLASS_CODE_LENGTH = 6      # 31**6: about 890 million codes, guessed at POST_RATE per second at most
MAX_BODY = 2048            # bytes of a POST's body; more: 413 (a group code has at most 400 symbols)
MAX_CODE_TEXT = 800        # characters of a posted code (its symbols with separators); more: 400
MAX_GROUPS = 500           # codes listed at once (a class sends a few dozen); more: 409 until cleared
POST_BURST = 20            # requests that may change the board (and join attempts) from one address at once,
POST_RATE = 0.5            # then this many a second; more: 429 with Retry-After (the teacher is not counted)
TEACHER_COOKIE, CLASS_COOKIE = "bg-teacher", "bg-class"
CODE_TEXT = re.compile(r"[A-Za-z0-9 ._-]+")       # what a group code is written with (letters, digits, separators)
CLASS_ROUTES = {           # path -> the methods it answers
    "/class/status": ("GET", "HEAD"),
    "/class/groups": ("GET", "HEAD", "POST"),
    "/class/remove": ("POST",),
    "/class/clear": ("POST",),
    "/class/reveal": ("POST",),
}


def canonical(text: str) -> str:
    """A code's text as compared: capitals, separators removed (two spellings of one code
    are one code). Text only: the launcher reads no code."""
    return re.sub(r"[ ._-]", "", text.upper())


class ClassSession:
    """The groups a class sends to the teacher's board, kept on this computer.

    The launcher stores text and reads none of it: the board (in the teacher's
    browser) checks each code as it checks a typed one. Everything is written in
    ``folder`` (and nothing elsewhere): ``class.json`` (the class code and the
    teacher's key, kept so that a restart keeps both; written to a temporary file
    then renamed) and ``<class code>.jsonl``, one line per change (a code added,
    removed, the board cleared, the exact values revealed or hidden), appended,
    flushed and synced to the disk before the request is answered. A restart
    reads the lines again (a last line cut short by a crash is left out).
    """

    def __init__(self, folder: Path, new_class: bool = False):
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        state_file = folder / "class.json"
        state = {}
        if state_file.is_file() and not new_class:
            try:
                state = json.loads(state_file.read_text(encoding="utf-8"))
            except ValueError:
                state = {}
        code, key = state.get("class_code"), state.get("teacher_key")
        if not (isinstance(code, str) and len(code) == CLASS_CODE_LENGTH and set(code) <= set(CLASS_CODE_SYMBOLS)
                and isinstance(key, str) and len(key) >= 32):
            code = "".join(secrets.choice(CLASS_CODE_SYMBOLS) for _ in range(CLASS_CODE_LENGTH))
            key = secrets.token_urlsafe(32)
            temp = folder / "class.json.tmp"
            with open(temp, "w", encoding="utf-8") as f:
                json.dump({"class_code": code, "teacher_key": key}, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temp, state_file)
        self.code, self.key = code, key
        self.journal = folder / f"{code}.jsonl"
        self.lock = threading.Lock()
        self.groups: list = []          # [{"n": number, "code": text}] in the order received
        self.next_n = 1
        self.revealed = None            # the board's Reveal setting: None until the teacher sets one
        self.join_urls: list = []       # set once the port is known
        self._replay()
        self._file = open(self.journal, "ab")
        if self._file.tell() and not self.journal.read_bytes().endswith(b"\n"):
            self._file.write(b"\n")     # a line cut short: the next starts on its own line

    def _replay(self) -> None:
        if not self.journal.is_file():
            return
        for line in self.journal.read_bytes().splitlines():
            try:
                record = json.loads(line.decode("utf-8"))
                self._apply(record)
            except (ValueError, KeyError, TypeError, AttributeError):
                continue                 # a line cut short by a crash: left out

    def _apply(self, record: dict) -> None:
        op = record["op"]
        if op == "add":
            self.groups.append({"n": int(record["n"]), "code": str(record["code"])})
            self.next_n = max(self.next_n, int(record["n"]) + 1)
        elif op == "remove":
            gone = canonical(str(record["code"]))
            self.groups = [g for g in self.groups if canonical(g["code"]) != gone]
        elif op == "clear":
            self.groups = []
        elif op == "reveal":
            self.revealed = bool(record["on"])

    def _write(self, record: dict) -> None:
        record["at"] = round(time.time(), 3)
        self._file.write(json.dumps(record, sort_keys=True).encode("utf-8") + b"\n")
        self._file.flush()
        os.fsync(self._file.fileno())
        self._apply(record)

    def add(self, text: str):
        """Keep ``text`` (a group's code): ``(its number, True)``, or ``(number, False)`` when the
        same code is listed already, or ``(None, False)`` when MAX_GROUPS are listed."""
        with self.lock:
            same = canonical(text)
            for g in self.groups:
                if canonical(g["code"]) == same:
                    return g["n"], False
            if len(self.groups) >= MAX_GROUPS:
                return None, False
            n = self.next_n
            self._write({"op": "add", "n": n, "code": text})
            return n, True

    def remove(self, text: str) -> int:
        """Take the code ``text`` off the list (however spelled); how many entries went."""
        with self.lock:
            before = len(self.groups)
            self._write({"op": "remove", "code": text})
            return before - len(self.groups)

    def clear(self) -> int:
        with self.lock:
            n = len(self.groups)
            self._write({"op": "clear"})
            return n

    def reveal(self, on: bool) -> None:
        with self.lock:
            self._write({"op": "reveal", "on": bool(on)})

    def listing(self, after: int = 0) -> dict:
        """The groups numbered after ``after`` and what the board needs to know: how many are
        listed, the last number given, and the teacher's Reveal setting (true: the exact values
        shown, false: hidden, null: never set), which a board reads when it is loaded."""
        with self.lock:
            return {"groups": [dict(g) for g in self.groups if g["n"] > after], "count": len(self.groups),
                    "last": self.next_n - 1, "revealed": self.revealed}

    def close(self) -> None:
        with self.lock:
            self._file.close()


class PostBudget:
    """How many requests that may change the board (or try a class code) each client
    address may still send: POST_BURST at once, then POST_RATE a second."""

    def __init__(self, burst: float = POST_BURST, rate: float = POST_RATE):
        self.burst, self.rate = burst, rate
        self.left: dict = {}            # address -> (requests left, when counted)
        self.lock = threading.Lock()

    def take(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            if len(self.left) > 10000:  # forget the addresses that have their whole budget back
                full = now - self.burst / self.rate
                self.left = {a: v for a, v in self.left.items() if v[1] > full}
            left, at = self.left.get(client, (self.burst, now))
            left = min(self.burst, left + (now - at) * self.rate)
            if left < 1:
                self.left[client] = (left, now)
                return False
            self.left[client] = (left - 1, now)
            return True


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
        self._leftover = b""
        self.command, self.request_version, self.requestline = "", "HTTP/1.0", ""
        head = self._read_head()
        if head is None:
            return
        self.rfile = io.BytesIO(head)
        self.raw_requestline = self.rfile.readline(MAX_REQUEST_LINE + 1)
        if not self.parse_request():      # 400, 431 (over 100 headers), 505: answered by parse_request
            return
        self.close_connection = True
        session = getattr(self.server, "session", None)
        class_path = self._class_path() if session is not None else None
        if class_path is not None:
            self._class_request(session, class_path)
            return
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
                        self._leftover = data[at + size:]     # the start of a body (a POST's)
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

    # ------------------------------------------------------------ the class session (--class)

    def _class_path(self):
        """The request's path when it is one of the class session's (``/class/...``,
        ``/join/<class code>``, ``/teacher/<key>``), else None."""
        path = unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        first = path.split("/")[1] if path.startswith("/") and path.count("/") >= 1 else ""
        return path if first in ("class", "join", "teacher") else None

    def _cookie(self, name: str) -> str:
        try:
            jar = SimpleCookie(self.headers.get("Cookie", ""))
        except CookieError:
            return ""
        return jar[name].value if name in jar else ""

    def _is_teacher(self, session) -> bool:
        return hmac.compare_digest(self._cookie(TEACHER_COOKIE).encode(), session.key.encode())

    def _joined(self, session) -> bool:
        return hmac.compare_digest(canonical(self._cookie(CLASS_COOKIE)).encode(), session.code.encode())

    def _reply(self, code: int, reason: str, payload=None, headers: tuple = ()) -> None:
        """A whole reply: ``payload`` as JSON (or no body), then the connection closes."""
        body = b"" if payload is None else json.dumps(payload).encode("utf-8")
        lines = [f"HTTP/1.0 {code} {reason}", *(f"{k}: {v}" for k, v in headers),
                 "Cache-Control: no-store", "X-Content-Type-Options: nosniff", "Connection: close"]
        if payload is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        reply = "\r\n".join(lines + ["", ""]).encode("latin-1")
        try:
            self.wfile.write(reply if self.command == "HEAD" else reply + body)
        except OSError:
            pass

    def _refuse_and_drain(self, code: int, reason: str, text: str, headers: tuple = ()) -> None:
        """Refuse, then read and drop what the client still sends (at most 1 s, 1 MB), so that
        closing does not reset the connection before the client has read the refusal."""
        self._refuse(code, reason, text, headers)
        sock = self.connection
        try:
            sock.shutdown(socket.SHUT_WR)
            end, got = time.monotonic() + 1.0, 0
            while got < 1 << 20 and time.monotonic() < end:
                sock.settimeout(max(0.01, end - time.monotonic()))
                chunk = sock.recv(65536)
                if not chunk:
                    break
                got += len(chunk)
        except OSError:
            pass

    def _read_body(self):
        """A POST's body (at most MAX_BODY bytes), or None when it was refused: 411 without a
        length, 400 with a length that is no number or a chunked body, 413 over MAX_BODY,
        408 when it does not arrive within the time a head has."""
        if self.headers.get("Transfer-Encoding") is not None:
            self._refuse_and_drain(400, "Bad Request", "send the body with a Content-Length, not in chunks")
            return None
        length = self.headers.get("Content-Length")
        if length is None:
            self._refuse(411, "Length Required", "a POST here has a Content-Length")
            return None
        if not length.strip().isdigit():
            self._refuse_and_drain(400, "Bad Request", f"Content-Length {length.strip()[:20]!r} is not a number")
            return None
        size = int(length)
        if size > MAX_BODY:
            self._refuse_and_drain(413, "Content Too Large",
                                   f"a body here has at most {MAX_BODY} bytes (a group code is a few hundred)",
                                   refusal("too-large", MAX_BODY))
            return None
        body = self._leftover[:size]
        deadline = time.monotonic() + getattr(self.server, "head_timeout", HEAD_TIMEOUT)
        try:
            while len(body) < size:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise socket.timeout
                self.connection.settimeout(remaining)
                chunk = self.connection.recv(size - len(body))
                if not chunk:
                    return None
                body += chunk
        except socket.timeout:
            self._refuse(408, "Request Timeout", "the request's body was not complete in time", refusal("timeout"))
            return None
        except OSError:
            return None
        return body

    def _code_text(self, body: bytes):
        """The code text of a body, or None (refused with 400) when it is not one line of a
        group code's characters (letters, digits, spaces, dots, hyphens, underscores)."""
        try:
            text = body.decode("utf-8").strip()
        except UnicodeDecodeError:
            text = None
        if not text or len(text) > MAX_CODE_TEXT or not CODE_TEXT.fullmatch(text):
            self._refuse(400, "Bad Request", "the body is one group code as text (letters, digits, hyphens; "
                                             f"at most {MAX_CODE_TEXT} characters), such as GAHL-...",
                         refusal("not-a-code", MAX_CODE_TEXT))
            return None
        return text

    def _class_request(self, session, path: str) -> None:
        """Answer a request of the class session (see the module's docstring for each path)."""
        method = self.command
        parts = path.split("/")
        if parts[1] in ("join", "teacher"):
            allowed = ("GET", "HEAD") if len(parts) == 3 else None
        else:
            allowed = CLASS_ROUTES.get(path)
        if allowed is None:
            self._refuse(404, "Not Found", "no such address")
            return
        if method not in allowed:
            self._refuse_and_drain(405, "Method Not Allowed", f"{path} answers {', '.join(allowed)} only",
                                   (("Allow", ", ".join(allowed)),))
            return
        teacher = self._is_teacher(session)
        changes = method == "POST" or parts[1] in ("join", "teacher")
        if changes and not teacher and not self.server.budget.take(self.client_address[0]):
            self._refuse_and_drain(429, "Too Many Requests",
                                   "too many requests from this device; wait a few seconds and try again",
                                   (("Retry-After", str(RETRY_AFTER)),) + refusal("too-many"))
            return
        if method != "POST":
            if self.headers.get("Transfer-Encoding") is not None or \
                    self.headers.get("Content-Length", "0").strip() not in ("", "0"):
                self._refuse_and_drain(400, "Bad Request", f"a {method} request has no body")
                return
        else:
            origin = self.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc != self.headers.get("Host", ""):
                self._refuse_and_drain(403, "Forbidden", "a page of another site cannot send here",
                                       refusal("other-site"))
                return
            body = self._read_body()
            if body is None:
                return
        if parts[1] == "join":
            if not hmac.compare_digest(canonical(parts[2]).encode(), session.code.encode()):
                self._refuse(403, "Forbidden", "that is not this class's code: open the address your teacher "
                                               "shows (it ends with /join/ and the class code)")
                return
            cookie = f"{CLASS_COOKIE}={session.code}; Path=/; HttpOnly; SameSite=Lax"
            self._reply(303, "See Other", None, (("Location", self._landing("index.html")), ("Set-Cookie", cookie)))
            return
        if parts[1] == "teacher":
            if not hmac.compare_digest(parts[2].encode(), session.key.encode()):
                self._refuse(403, "Forbidden", "that is not the teacher's key of this class session")
                return
            site = Path(self.directory)
            self._reply(303, "See Other", None, (
                ("Location", self._landing("teach.html" if (site / "teach.html").is_file() else "index.html")),
                ("Set-Cookie", f"{TEACHER_COOKIE}={session.key}; Path=/; HttpOnly; SameSite=Strict"),
                ("Set-Cookie", f"{CLASS_COOKIE}={session.code}; Path=/; HttpOnly; SameSite=Lax")))
            return
        if path == "/class/status":
            about = {"session": True, "joined": teacher or self._joined(session), "teacher": teacher}
            if teacher:
                about.update({"class_code": session.code, "join": session.join_urls,
                              "groups": session.listing()["count"]})
            self._reply(200, "OK", about)
            return
        if path == "/class/groups" and method == "POST":
            if not (teacher or self._joined(session)):
                self._refuse(403, "Forbidden", "this device has not joined the class: open the address your "
                                               "teacher shows (it ends with /join/ and the class code), then send",
                             refusal("not-joined"))
                return
            text = self._code_text(body)
            if text is None:
                return
            n, new = session.add(text)
            if n is None:
                self._refuse(409, "Conflict", f"the board holds {MAX_GROUPS} codes, the most it keeps; "
                                              "ask your teacher to clear it", refusal("board-full", MAX_GROUPS))
                return
            self._reply(201 if new else 200, "Created" if new else "OK", {"n": n, "new": new})
            return
        if not teacher:
            self._refuse(403, "Forbidden", "only the teacher's browser can read, clear or change the board")
            return
        if method in ("GET", "HEAD"):               # /class/groups: the board's poll
            after = parse_qs(urlsplit(self.path).query).get("after", ["0"])[0]
            self._reply(200, "OK", session.listing(int(after) if after.isdigit() else 0))
        elif path == "/class/remove":
            text = self._code_text(body)
            if text is not None:
                self._reply(200, "OK", {"removed": session.remove(text)})
        elif path == "/class/clear":
            self._reply(200, "OK", {"removed": session.clear()})
        else:                                       # /class/reveal: "on" or "off"
            word = body.decode("latin-1").strip().lower()
            if word not in ("on", "off"):
                self._refuse(400, "Bad Request", "the body is on (show the exact values) or off (hide them)")
                return
            session.reveal(word == "on")
            self._reply(200, "OK", {"revealed": word == "on"})

    def _landing(self, default: str) -> str:
        """Where a join or the teacher's address leads: ``?to=<page>`` (a page of the site,
        such as hoggenheimer.html), else ``default``."""
        to = parse_qs(urlsplit(self.path).query).get("to", [default])[0]
        if not re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9_./-]*", to) or ".." in to or "//" in to:
            to = default
        return "/" + to

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
        if getattr(self.server, "session", None) is not None:
            # tells the site's pages that a class session runs here (live-tables.js reads it on a
            # file it fetches anyway), so that no page elsewhere asks for /class/status and gets 404
            self.send_header("X-Class-Session", "class/status")
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
                 head_timeout: float = HEAD_TIMEOUT, send_timeout: float = SEND_TIMEOUT,
                 session: ClassSession | None = None, budget: PostBudget | None = None):
        self.limits, self.closer = limits, closer
        self.session, self.budget = session, budget
        self.head_timeout, self.send_timeout = head_timeout, send_timeout
        super().__init__(address, handler)
        # The serving loop accepts a connection once select() says one is waiting. A client
        # that resets its connection in between (a browser tab closed while it preconnects)
        # leaves nothing to accept, and a blocking accept() would then wait for the next
        # client: the loop could not see a stop request (Ctrl+C would hang). With a timeout
        # the accept gives up after ACCEPT_WAIT seconds, and socketserver drops the OSError.
        # (socket.accept gives the accepted connection no timeout of its own: the handler
        # sets its own.)
        self.socket.settimeout(ACCEPT_WAIT)

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


def make_servers(hosts: list, port: int, site: Path = SITE, head_timeout: float = HEAD_TIMEOUT,
                 session: ClassSession | None = None) -> list:
    """One BookServer on each of ``hosts``, all on the same port: ``port``, or
    (when it is 0 or in use) a free one. They share one Limits, one Closer and,
    with ``session`` (--class), the class session and one PostBudget."""
    handler = partial(BookHandler, directory=str(site))
    limits, closer, budget = Limits(), Closer(), PostBudget()
    first_error = None
    for p in ([port] if port else []) + [0] * 5:
        servers: list = []
        try:
            for host in hosts:
                servers.append(BookServer((host, p or (servers[0].server_address[1] if servers else 0)),
                                          handler, limits, closer, head_timeout, session=session,
                                          budget=budget))
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


def announce(port: int, args, class_address, session: ClassSession | None = None) -> None:
    """Say where the book is (and, with --class, the class code, the join address as a QR
    code, and the teacher's own address)."""
    here_url = f"http://127.0.0.1:{port}/"
    say(f"Serving the book at {here_url}")
    if args.for_class:
        address = class_address
        if session is not None:
            say(f"Class code: {session.code}  (kept in {session.folder}; --new-class starts a new one)")
        if address is None:
            say("No local network address found: this computer is on no network but itself, and the "
                "book is served to it only. Join the class's Wi-Fi and start again (or give --address).")
        else:
            class_url = f"http://{address}:{port}/join/{session.code}" if session else f"http://{address}:{port}/"
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
        if session is not None:
            say("Each group's table then has a 'Send to the class board' button; the board on a lesson "
                "page, in your browser, shows each group as it arrives. Every code received is written to "
                f"{session.journal} at once.")
            say(f"Your board (this computer; keep this address to yourself): "
                f"http://127.0.0.1:{port}/teacher/{session.key}")
    say("Press Ctrl+C (or close this window) to stop.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Open the book in your web browser.")
    parser.add_argument("--class", dest="for_class", action="store_true",
                        help="also serve the book to the local network, show its join address as a QR "
                             "code, and run a class session (groups send their codes to your board)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port to serve on (default {DEFAULT_PORT}, or a free one; 0: any free port)")
    parser.add_argument("--address", help="with --class: this computer's IPv4 address on the class's "
                                          "network, to serve on and show as a QR code (default: the one found)")
    parser.add_argument("--data", type=Path, default=DATA,
                        help="with --class: the folder where the class code and the groups' codes are kept "
                             "(default: class-data beside this file)")
    parser.add_argument("--new-class", action="store_true",
                        help="with --class: start a new class code (the earlier class's codes stay in its file)")
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
    session = None
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
            session = ClassSession(args.data.resolve(), new_class=args.new_class)
        except OSError as e:
            say(f"The class session cannot keep its codes in {args.data}: {e}. Give a folder this "
                f"computer can write to with --data (for example --data ~/class-data).")
            return 2
    try:
        servers = make_servers(hosts, args.port, site, args.timeout, session=session)
    except OSError as e:
        say(f"Could not start the web server: {e}")
        return 2
    port = servers[0].server_address[1]
    if session is not None:
        session.join_urls = [f"http://{h}:{port}/join/{session.code}" for h in reversed(hosts)]
    running: list = []
    try:   # Ctrl+C at any moment from here on stops cleanly
        announce(port, args, class_address, session)
        url = f"http://127.0.0.1:{port}/" + (f"teacher/{session.key}" if session else "")
        if not args.no_browser and not webbrowser.open(url):   # the request waits for the server
            say(f"No browser could be opened from here: open {url} in yours.")
        serve(servers, running)
    except KeyboardInterrupt:
        say("Stopping the book's web server.")
    finally:
        stop(running)
        for server in servers:
            server.server_close()
        if session is not None:
            session.close()
    say("Stopped.")
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Leave without the interpreter's shutdown, which could abort (SIGABRT) while a
    # daemon thread (a connection still lingering) holds the output's lock.
    os._exit(code)
