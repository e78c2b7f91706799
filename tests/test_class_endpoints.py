"""The launcher's class session (``open-book.py --class``, issue 34) over HTTP, without a browser.

Each test starts the launcher as the teacher does (a subprocess, standard library only,
``-I -S``) beside a tiny site, on 127.0.0.1 (the class address here: ``--class`` also
serves 127.0.0.1), and talks to it with http.client or raw sockets. The statuses are
the launcher's docstring's rules (RFC 9110's meanings: 400 malformed, 403 forbidden,
404 not found, 405 method not allowed with Allow, 409 conflict, 411 length required,
413 content too large; RFC 6585's 429 with Retry-After). Values from the launcher's
constants: a body has at most MAX_BODY = 2048 bytes (a group code has at most
group_codes.MAX_LENGTH = 400 symbols, 500 characters with its hyphens); one address may
send POST_BURST = 20 requests that change the board at once.
"""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from test_launcher import ask
from test_release import Launcher

LAUNCHER = ROOT / "scripts" / "release" / "open-book.py"
INDEX = b"<!doctype html><title>Tiny</title><p>tiny book</p>"
LINUX = sys.platform == "linux"
# two codes as the tables write them (their text only matters here: the launcher reads none)
CODE_1 = "GAHL-7V2C-N9QK-3B"
CODE_2 = "GAHL-7V2D-N9QK-4C"


@pytest.fixture
def folder(tmp_path) -> Path:
    shutil.copy2(LAUNCHER, tmp_path / "open-book.py")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_bytes(INDEX)
    (tmp_path / "site" / "hoggenheimer.html").write_bytes(INDEX)
    return tmp_path


def start(folder: Path, *args: str) -> Launcher:
    return Launcher(folder, "--class", "--data", str(folder / "data"), *args)


def printed(run: Launcher) -> tuple[str, str]:
    code = re.search(r"Class code: ([2-9A-Y]{6})", run.text).group(1)
    key = re.search(r"http://127\.0\.0\.1:\d+/teacher/([A-Za-z0-9_-]+)", run.text).group(1)
    return code, key


@pytest.fixture
def session(folder):
    run = start(folder)
    code, key = printed(run)
    yield run, code, key
    run.stop()


def call(port: int, method: str, path: str, body: bytes | str | None = None, cookie: str = "",
         headers: dict | None = None):
    """(status, headers as a dict of lists, body) of one request."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        h = dict(headers or {})
        if cookie:
            h["Cookie"] = cookie
        conn.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=h)
        r = conn.getresponse()
        got = {}
        for k, v in r.getheaders():
            got.setdefault(k.lower(), []).append(v)
        return r.status, got, r.read()
    finally:
        conn.close()


def raw(port: int, data: bytes, source: str = "127.0.0.1") -> int:
    """Send ``data`` as it is from ``source``; the reply's status."""
    return ask(port, data, source)[0]


def listing(port: int, key: str) -> dict:
    status, _, body = call(port, "GET", "/class/groups", cookie=f"bg-teacher={key}")
    assert status == 200
    return json.loads(body)


# ------------------------------------------------------------------ joining, the teacher's way in

def test_join_and_teacher_addresses_set_their_cookies(session):
    run, code, key = session
    status, h, _ = call(run.port, "GET", f"/join/{code.lower()}?to=hoggenheimer.html")
    assert status == 303 and h["location"] == ["/hoggenheimer.html"]
    assert h["set-cookie"] == [f"bg-class={code}; Path=/; HttpOnly; SameSite=Lax"]
    # a landing outside the site is not followed: the book's first page instead
    for to in ("//evil.example/x", "../secret", "/etc/passwd", "https://evil.example/"):
        assert call(run.port, "GET", f"/join/{code}?to={to}")[1]["location"] == ["/index.html"], to
    status, h, _ = call(run.port, "GET", f"/teacher/{key}")
    assert status == 303 and h["location"] == ["/index.html"]     # (no teach.html in this site)
    assert f"bg-teacher={key}; Path=/; HttpOnly; SameSite=Strict" in h["set-cookie"]
    assert call(run.port, "GET", f"/teacher/{key[:-1]}x")[0] == 403
    assert call(run.port, "GET", "/join/ABCDEF" if code != "ABCDEF" else "/join/ABCDEG")[0] == 403


def test_status_says_who_asks(session):
    run, code, key = session
    assert json.loads(call(run.port, "GET", "/class/status")[2]) == {"session": True, "joined": False,
                                                                     "teacher": False}
    assert json.loads(call(run.port, "GET", "/class/status", cookie=f"bg-class={code}")[2]) == {
        "session": True, "joined": True, "teacher": False}
    about = json.loads(call(run.port, "GET", "/class/status", cookie=f"bg-teacher={key}")[2])
    assert about["teacher"] and about["class_code"] == code and about["groups"] == 0
    assert f"http://127.0.0.1:{run.port}/join/{code}" in about["join"]
    # every file of the site tells the pages that a class session runs here
    status, h, _ = call(run.port, "GET", "/index.html")
    assert status == 200 and h["x-class-session"] == ["class/status"]


def test_without_class_there_is_no_session(folder):
    run = Launcher(folder)
    try:
        assert call(run.port, "GET", "/class/status")[0] == 404
        status, h, _ = call(run.port, "GET", "/index.html")
        assert status == 200 and "x-class-session" not in h
        assert call(run.port, "POST", "/class/groups", CODE_1)[0] == 405
        assert not (folder / "class-data").exists() and not (folder / "data").exists()
    finally:
        run.stop()


# ------------------------------------------------------------------ sending, and who may change the board

def test_a_group_adds_its_code_once(session):
    run, code, key = session
    joined = f"bg-class={code}"
    status, _, body = call(run.port, "POST", "/class/groups", CODE_1, cookie=joined)
    assert status == 201 and json.loads(body) == {"n": 1, "new": True}
    # the same code again, however spelled: kept once (a group pressing Send twice)
    status, _, body = call(run.port, "POST", "/class/groups", CODE_1.lower().replace("-", "."), cookie=joined)
    assert status == 200 and json.loads(body) == {"n": 1, "new": False}
    assert call(run.port, "POST", "/class/groups", CODE_2, cookie=joined)[0] == 201
    got = listing(run.port, key)
    assert [g["code"] for g in got["groups"]] == [CODE_1, CODE_2] and got["last"] == 2
    assert [g["code"] for g in json.loads(call(run.port, "GET", "/class/groups?after=1",
                                                cookie=f"bg-teacher={key}")[2])["groups"]] == [CODE_2]


def test_teacher_only_actions_are_refused_without_the_key(session):
    run, code, key = session
    assert call(run.port, "POST", "/class/groups", CODE_1, cookie=f"bg-class={code}")[0] == 201
    for cookie in ("", f"bg-class={code}", f"bg-teacher={key[:-2]}", "bg-teacher=", f"bg-class={code}; bg-teacher=x"):
        assert call(run.port, "GET", "/class/groups", cookie=cookie)[0] == 403, cookie
        assert call(run.port, "POST", "/class/clear", "", cookie=cookie)[0] == 403, cookie
        assert call(run.port, "POST", "/class/remove", CODE_1, cookie=cookie)[0] == 403, cookie
        assert call(run.port, "POST", "/class/reveal", "on", cookie=cookie)[0] == 403, cookie
    assert [g["code"] for g in listing(run.port, key)["groups"]] == [CODE_1], "a refused request changed the list"
    teacher = f"bg-teacher={key}"
    assert listing(run.port, key)["revealed"] is None, "no Reveal setting until the teacher sets one"
    assert call(run.port, "POST", "/class/reveal", "off", cookie=teacher)[0] == 200
    assert listing(run.port, key)["revealed"] is False
    assert call(run.port, "POST", "/class/reveal", "on", cookie=teacher)[0] == 200
    assert listing(run.port, key)["revealed"] is True
    assert json.loads(call(run.port, "POST", "/class/remove", CODE_1.lower(), cookie=teacher)[2]) == {"removed": 1}
    assert call(run.port, "POST", "/class/groups", CODE_2, cookie=f"bg-class={code}")[0] == 201
    assert json.loads(call(run.port, "POST", "/class/clear", "", cookie=teacher)[2]) == {"removed": 1}
    assert listing(run.port, key)["groups"] == []
    # a page of another site cannot use the teacher's cookie (its Origin is not this host)
    assert call(run.port, "POST", "/class/clear", "", cookie=teacher,
                headers={"Origin": "http://evil.example"})[0] == 403


# ------------------------------------------------------------------ refusals

def test_each_refusal_has_its_status_and_the_launcher_keeps_serving(session):
    run, code, key = session
    joined = f"bg-class={code}"
    post = f"POST /class/groups HTTP/1.1\r\nHost: x\r\nCookie: {joined}\r\n"
    cases = [
        (post + "Content-Length: 2049\r\n\r\n" + "A" * 2049, 413),     # over MAX_BODY
        (post + "Content-Length: 100000\r\n\r\n", 413),
        (post + "Content-Length: 801\r\n\r\n" + "A" * 801, 400),       # over MAX_CODE_TEXT characters
        (post + "Content-Length: 0\r\n\r\n", 400),                     # empty
        (post + "Content-Length: 11\r\n\r\nGAHL\nGAHL-2", 400),        # two lines
        (post + "Content-Length: 8\r\n\r\n<script>", 400),
        (post + "Content-Length: 2\r\n\r\n\xff\xfe", 400),             # not UTF-8
        (post + "Content-Length: x\r\n\r\n", 400),
        (post + "Transfer-Encoding: chunked\r\n\r\n4\r\nGAHL\r\n0\r\n\r\n", 400),
        (post + "\r\n", 411),                                          # no length
        ("POST /class/groups HTTP/1.1\r\nHost: x\r\nCookie: bg-class=ZZZZZZ\r\nContent-Length: 4\r\n\r\nGAHL", 403),
        ("POST /class/groups HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nGAHL", 403),
        ("GET /join/AAAAAA HTTP/1.1\r\nHost: x\r\n\r\n", 403),
        ("GET /class/groups HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc", 400),   # a GET with a body
        ("PUT /class/groups HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
        ("GET /class/clear HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        ("POST /join/" + code + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
        ("POST /hoggenheimer.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
        ("GET /class/nothing HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("GET /class HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("GET /join/" + code + "/more HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("GET /../data/class.json HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("GET /%2e%2e/data/class.json HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    ]
    for i, (request, want) in enumerate(cases):
        got = raw(run.port, request.encode("latin-1"), source=f"127.0.5.{i + 1}" if LINUX else "127.0.0.1")
        assert got == want, (request[:70], got, want)
    status, h, _ = call(run.port, "PUT", "/class/groups", "")
    assert status == 405 and h["allow"] == ["GET, HEAD, POST"]
    assert listing(run.port, key)["groups"] == [], "a refused request was kept"
    assert call(run.port, "GET", "/index.html")[0] == 200
    assert call(run.port, "POST", "/class/groups", CODE_1, cookie=joined)[0] == 201


@pytest.mark.skipif(not LINUX, reason="uses 127.0.0.x source addresses")
def test_a_flood_from_one_device_gets_429_and_others_still_send(session):
    run, code, key = session
    request = f"POST /class/groups HTTP/1.1\r\nHost: x\r\nCookie: bg-class={code}\r\nContent-Length: 17\r\n\r\n{CODE_1}"
    got = [raw(run.port, request.encode(), source="127.0.6.1") for _ in range(40)]
    # 20 (POST_BURST) answered, the same code: created once, then "already there"; one more for
    # each 2 s the flood took (POST_RATE, 0.5 a second); the rest 429
    assert got[:20] == [201] + [200] * 19 and got.count(429) >= 15 and set(got) == {200, 201, 429}, got
    status, h, _ = raw_with_headers(run.port, request.encode(), "127.0.6.1")
    assert status == 429 and int(h["retry-after"]) > 0
    # another device sends at once; the teacher is never held back
    assert raw(run.port, request.replace(CODE_1, CODE_2).encode(), source="127.0.6.2") == 201
    for _ in range(30):
        assert call(run.port, "POST", "/class/reveal", "off", cookie=f"bg-teacher={key}")[0] == 200
    # wrong class codes tried from one address are held back the same way
    tries = [raw(run.port, b"GET /join/AAAAAA HTTP/1.1\r\nHost: x\r\n\r\n", source="127.0.6.3") for _ in range(30)]
    assert tries[:20] == [403] * 20 and tries.count(429) >= 5, tries


def raw_with_headers(port: int, data: bytes, source: str):
    with socket.socket() as s:
        s.bind((source, 0))
        s.settimeout(60)
        s.connect(("127.0.0.1", port))
        s.sendall(data)
        reply = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    return int(head[0].split()[1]), {k.lower(): v.strip() for k, v in (ln.split(":", 1) for ln in head[1:])}, reply


# ------------------------------------------------------------------ kept on the disk

def files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def test_groups_are_kept_across_a_restart_and_nothing_is_written_elsewhere(folder):
    before = files(folder)
    run = start(folder)
    try:
        code, key = printed(run)
        joined = f"bg-class={code}"
        for text in (CODE_1, CODE_2, "GAHL-8888-8888-88"):
            assert call(run.port, "POST", "/class/groups", text, cookie=joined)[0] == 201
        assert call(run.port, "POST", "/class/remove", CODE_2, cookie=f"bg-teacher={key}")[0] == 200
        assert call(run.port, "POST", "/class/reveal", "on", cookie=f"bg-teacher={key}")[0] == 200
        # each change is on the disk when its answer has come (appended and synced): read now
        lines = [json.loads(x) for x in (folder / "data" / f"{code}.jsonl").read_text().splitlines()]
        assert [x["op"] for x in lines] == ["add", "add", "add", "remove", "reveal"]
        kept = listing(run.port, key)
    finally:
        assert run.stop() == 0
    assert files(folder) - before == {"data", "data/class.json", f"data/{code}.jsonl"}, files(folder) - before
    # a crash cut the last line short: it is left out, and the next change starts a line of its own
    with open(folder / "data" / f"{code}.jsonl", "ab") as f:
        f.write(b'{"op": "add", "n": 9, "code": "GAHL-99')
    run = start(folder)
    try:
        assert printed(run) == (code, key), "a restart keeps the class code and the teacher's key"
        assert listing(run.port, key) == kept
        assert [g["code"] for g in kept["groups"]] == [CODE_1, "GAHL-8888-8888-88"] and kept["revealed"] is True
        status, _, body = call(run.port, "POST", "/class/groups", "GAHL-7777-77", cookie=f"bg-class={code}")
        assert status == 201 and json.loads(body)["n"] == 4, "a number is never given twice"
    finally:
        assert run.stop() == 0
    run = start(folder)
    try:
        assert [g["n"] for g in listing(run.port, key)["groups"]] == [1, 3, 4]
    finally:
        run.stop()
    run = start(folder, "--new-class")
    try:
        new_code, new_key = printed(run)
        assert new_code != code and new_key != key
        assert listing(run.port, new_key)["groups"] == [], "a new class starts with an empty board"
        assert call(run.port, "GET", "/class/groups", cookie=f"bg-teacher={key}")[0] == 403
    finally:
        run.stop()
    assert (folder / "data" / f"{code}.jsonl").is_file(), "the earlier class's codes are kept"


def test_a_data_folder_that_cannot_be_written_is_refused(folder):
    (folder / "blocked").write_text("a file, not a folder")
    r = subprocess.run([sys.executable, "-I", "-S", "open-book.py", "--no-browser", "--port", "0", "--class",
                        "--data", str(folder / "blocked" / "data")], cwd=folder, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "--data" in r.stdout and "Serving the book" not in r.stdout, r.stdout


def test_the_board_holds_at_most_max_groups(session):
    run, code, key = session
    teacher = f"bg-teacher={key}"      # (the teacher is not held back by the flood limit)
    for i in range(500):               # MAX_GROUPS
        assert call(run.port, "POST", "/class/groups", f"GAHL-{i:04d}".replace("0", "A").replace("1", "B"),
                    cookie=teacher)[0] == 201, i
    assert call(run.port, "POST", "/class/groups", "GAHL-CCCC-CCCC", cookie=teacher)[0] == 409
    assert call(run.port, "POST", "/class/clear", "", cookie=teacher)[0] == 200
    assert call(run.port, "POST", "/class/groups", "GAHL-CCCC-CCCC", cookie=teacher)[0] == 201


def test_a_refused_send_names_its_reason_for_the_page(session):
    """A group's Send that the launcher refuses carries ``X-Refusal: <reason> [<number>]``
    beside its English text, so that a German or Russian page says why in its own words
    (issue 35): not joined, not a code (at most MAX_CODE_TEXT = 800 characters), too large
    (MAX_BODY = 2048 bytes); the page's script has words for every reason the launcher
    names, and each is in the site texts' catalogue of each edition."""
    run, code, key = session
    assert call(run.port, "POST", "/class/groups", CODE_1)[1]["x-refusal"] == ["not-joined"]
    joined = f"bg-class={code}"
    assert call(run.port, "POST", "/class/groups", "<script>", cookie=joined)[1]["x-refusal"] == ["not-a-code 800"]
    assert call(run.port, "POST", "/class/groups", "A" * 2049, cookie=joined)[1]["x-refusal"] == ["too-large 2048"]
    assert "x-refusal" not in call(run.port, "POST", "/class/groups", CODE_1, cookie=joined)[1]
    source = LAUNCHER.read_text(encoding="utf-8")
    reasons = re.search(r"REFUSALS = \(([^)]*)\)", source).group(1)
    reasons = re.findall(r'"([a-z-]+)"', reasons)
    assert set(re.findall(r'refusal\("([a-z-]+)"', source)) == set(reasons)
    script = (ROOT / "book" / "_ext" / "banking_book" / "live_static" / "live-tables.js").read_text(encoding="utf-8")
    said = dict(re.findall(r'case "([a-z-]+)": return T\("([^"]+)"', script))
    assert set(said) == set(reasons)
    from babel.messages.pofile import read_po
    for lang in ("de", "ru"):
        po = ROOT / "book" / "_ext" / "banking_book" / "locales" / lang / "LC_MESSAGES" / "banking_book.po"
        with po.open("rb") as f:
            words = {m.id: m.string for m in read_po(f) if m.id}
        assert all(words.get(english) for english in said.values()), lang
    assert words["the board holds {most} codes, the most it keeps; ask your teacher to clear it"] == \
        "на доске уже {most} кодов, больше она не вмещает; попросите учителя её очистить"
