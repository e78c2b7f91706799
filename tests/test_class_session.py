"""A whole class through the launcher's class session (issue 34, "Done when"), in browsers.

The launcher (scripts/release/open-book.py, copied beside nothing but its data folder)
serves the built site in class mode on 127.0.0.1 (the class address of this test), with
a fixed port so that a restart serves the same address. Then:

* the teacher's browser opens the teacher's address the launcher prints (its key sets
  the teacher's cookie) and the Hoggenheimer lesson page's class board;
* eight groups, four on each of two devices (browser contexts, one after the other): the
  device opens the join address (the class code sets the class cookie) and the chapter's
  Deal live table; on it each group in turn sets its lesson seed (``teaching.lesson_seeds``),
  starts a new session, deals LESSON_DEALS deals, opens the lesson code and presses *Send to
  the class board* (the status says "Sent:"); the seconds from the press to the group's row
  on the teacher's board are printed;
* after four groups the launcher is stopped and started again (same --data): the
  teacher's board keeps its groups and receives the other four, from a device that joins
  after the restart;
* the board's pooled table is ``teaching.pool`` of the eight groups, computed here in
  Python (``test_board_site.board_cases``), and so is the board of a second teacher's
  browser with nothing stored (the launcher's list, read back from its file after the
  restart);
* a student's browser asking the launcher to clear the board gets 403 and nothing changes;
* 200 bad requests (each refusal kind of the launcher's docstring, from other loopback
  addresses) get their statuses, and the launcher still serves the site and the list;
* the teacher's board, projected at 1280 x 720 in both themes, passes test_board_site's
  projector checks (BG_SCREENSHOTS=<folder> keeps the screenshots).

Needs /usr/bin/chromium and the built site. About 1-2 minutes on 2 cores (each device's
browser starts Python; a Python start per group doubled the time, issue 33).
"""

from __future__ import annotations

import http.client
import re
import shutil
import socket
import time

import pytest

from conftest import ROOT, need_module, new_context, require_chromium, watch
from test_board_site import _open_board, _pooled, _seeds, board_cases, check_projector_view, deal_lesson_session
from test_launcher import ask as launcher_ask
from test_release import Launcher

require_chromium("class session browser test")
need_module("playwright.sync_api")

LAUNCHER = ROOT / "scripts" / "release" / "open-book.py"
LESSON = "lesson-hoggenheimer.html"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(folder, site, port: int) -> Launcher:
    return Launcher(folder, "--class", "--site", str(site), "--data", str(folder / "data"), "--port", str(port),
                    "--timeout", "30")


def printed(run: Launcher) -> tuple[str, str]:
    """The class code and the teacher's key the launcher printed."""
    code = re.search(r"Class code: ([2-9A-Y]{6})", run.text).group(1)
    key = re.search(r"http://127\.0\.0\.1:\d+/teacher/([A-Za-z0-9_-]+)", run.text).group(1)
    return code, key


def board_count(board) -> int:
    return int(re.search(r"Groups on the board: (\d+)", board.inner_text()).group(1))


def join(browser, base: str, class_code: str):
    """A group's device: a new browser context opens the join address (the class code sets the
    class cookie) and lands on the Hoggenheimer chapter. Returns ``(context, problems, page)``."""
    context, problems = new_context(browser, service_workers="block")
    page = watch(context.new_page(), problems)
    try:
        page.goto(f"{base}/join/{class_code}?to=hoggenheimer.html", wait_until="load")
        assert page.url == f"{base}/hoggenheimer.html", page.url
    except BaseException:
        context.close()
        raise
    return context, problems, page


def deal_and_send(page, problems, seed: int, teacher_page, board, before: int, *, again: bool) -> float:
    """One group on a joined device's chapter page: deal the lesson's session of ``seed`` on the
    chapter's live table (``again``: the table has dealt another group's session already), send
    its lesson code. Returns the seconds from the press of Send to the group's row on ``board``."""
    table = deal_lesson_session(page, seed, again=again)
    send = table.get_by_role("button", name="Send to the class board")
    send.wait_for(timeout=30_000)
    status = table.locator(".bg-send-status").first
    assert status.text_content() == "", f"group of seed {seed}: the Send status says {status.text_content()!r}"
    start_at = time.monotonic()
    send.click()
    teacher_page.wait_for_function(
        "([b, n]) => (b.innerText.match(/Groups on the board: (\\d+)/) || [0, -1])[1] == n",
        arg=[board.element_handle(), before + 1], timeout=30_000, polling=50)
    seconds = time.monotonic() - start_at
    page.wait_for_function("(s) => s.textContent.startsWith('Sent:')", arg=status.element_handle(),
                           timeout=10_000)
    assert not problems.page_errors and not problems.external, problems.report()
    return seconds


def bad_requests(port: int, class_code: str) -> dict[int, int]:
    """200 requests the launcher must refuse, from loopback addresses other than 127.0.0.1
    (so that the flood's 429s do not fall on the groups' own address); the statuses counted."""
    def ask(raw: bytes, source: str) -> int:
        return launcher_ask(port, raw, source)[0]

    joined = f"Cookie: bg-class={class_code}\r\n"
    kinds = [   # (request, status); each from its own source address (the flood: the same one)
        (f"POST /class/groups HTTP/1.1\r\nHost: x\r\n{joined}Content-Length: 5000\r\n\r\n" + "A" * 5000, 413),
        (f"POST /class/groups HTTP/1.1\r\nHost: x\r\n{joined}Content-Length: 9\r\n\r\nGAHL<x>!!", 400),
        (f"POST /class/groups HTTP/1.1\r\nHost: x\r\n{joined}Content-Length: 2\r\n\r\n\xff\xfe", 400),
        (f"POST /class/groups HTTP/1.1\r\nHost: x\r\n{joined}Content-Length: nine\r\n\r\n", 400),
        ("POST /class/groups HTTP/1.1\r\nHost: x\r\nCookie: bg-class=WRONG2\r\nContent-Length: 4\r\n\r\nGAHL", 403),
        ("GET /join/WRONG2 HTTP/1.1\r\nHost: x\r\n\r\n", 403),
        (f"POST /class/clear HTTP/1.1\r\nHost: x\r\n{joined}Content-Length: 0\r\n\r\n", 403),
        (f"GET /class/groups HTTP/1.1\r\nHost: x\r\n{joined}\r\n", 403),
        ("PUT /class/groups HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
        ("DELETE /class/clear HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        ("POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
        ("GET /class/secret HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("GET /.buildinfo HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    ]
    seen: dict[int, int] = {}
    sent = 0
    for i in range(150):
        raw, want = kinds[i % len(kinds)]
        got = ask(raw.encode("latin-1"), f"127.0.3.{1 + i % 200}")
        assert got == want, (raw[:60], got, want)
        seen[got] = seen.get(got, 0) + 1
        sent += 1
    # a flood from one device: 50 posts of a wrong class code from one address; the first
    # POST_BURST (20) are answered 403, the rest 429
    flood = []
    for i in range(50):
        got = ask(b"POST /class/groups HTTP/1.1\r\nHost: x\r\nCookie: bg-class=WRONG2\r\nContent-Length: 4\r\n\r\nGAHL",
                  "127.0.4.1")
        flood.append(got)
        seen[got] = seen.get(got, 0) + 1
        sent += 1
    # (one more 403 for each 2 s the flood took: the budget grows back at POST_RATE, 0.5 a second)
    assert flood[:20] == [403] * 20 and set(flood) == {403, 429} and flood.count(429) >= 20, flood
    assert sent == 200
    return seen


def test_a_class_sends_its_codes_to_the_teachers_board(browser, built_site, tmp_path):
    case = board_cases()
    seeds = _seeds()
    assert len(seeds) == 8
    folder = tmp_path / "release"
    folder.mkdir()
    shutil.copy2(LAUNCHER, folder / "open-book.py")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    run = start(folder, built_site, port)
    teacher, problems = new_context(browser, service_workers="block")
    try:
        class_code, key = printed(run)
        page = watch(teacher.new_page(), problems)
        page.goto(f"{base}/teacher/{key}?to={LESSON}", wait_until="load")
        assert page.url == f"{base}/{LESSON}"
        board = _open_board(page)
        line = page.locator(".bg-live-table .bg-class-status")
        line.wait_for(timeout=30_000)
        assert class_code in line.inner_text() and f"/join/{class_code}" in line.inner_text()
        # the board itself shows the class code and the join address (its projector view keeps them)
        page.wait_for_function("([el, c]) => el.innerText.includes(c) && el.innerText.includes('/join/' + c)",
                               arg=[board.locator(".bg-class-join").element_handle(), class_code], timeout=30_000)

        seconds = []
        device = None
        try:
            for i, seed in enumerate(seeds):
                if i == 4:   # mid-lesson: the launcher stops and starts again on the same data
                    device[0].close()
                    device = None
                    assert run.stop() == 0
                    run = start(folder, built_site, port)
                    assert printed(run) == (class_code, key), "a restart keeps the class code and the teacher's key"
                if device is None:   # groups 1-4 on one device, 5-8 on another that joins after the restart
                    device = join(browser, base, class_code)
                seconds.append(deal_and_send(device[2], device[1], seed, page, board, i, again=i % 4 > 0))
        finally:
            if device is not None:
                device[0].close()
        print(f"\n[class session] seconds from Send to the group's row on the board: "
              f"{', '.join(f'{s:.2f}' for s in seconds)} (max {max(seconds):.2f})")
        assert max(seconds) < 5, seconds     # the board asks every second
        board.locator("caption", has_text="Pooled: 8 groups").wait_for(timeout=30_000)
        assert _pooled(board) == case["expected"], "the board's pool is not teaching.pool of the 8 groups"
        assert not board.locator("[role=note]").count(), "a code sent by a group's table was flagged"

        # a student's browser cannot clear the board (nor read the list)
        student, student_problems = new_context(browser, service_workers="block")
        try:
            spage = student.new_page()
            spage.goto(f"{base}/join/{class_code}?to=hoggenheimer.html", wait_until="load")
            got = spage.evaluate("""async () => [
                (await fetch('class/clear', {method: 'POST', body: ''})).status,
                (await fetch('class/remove', {method: 'POST', body: 'GAHL'})).status,
                (await fetch('class/groups')).status]""")
            assert got == [403, 403, 403], got
        finally:
            student.close()

        seen = bad_requests(port, class_code)
        print(f"[class session] 200 bad requests answered: {dict(sorted(seen.items()))}")
        assert set(seen) == {400, 403, 404, 405, 413, 429}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/index.html")
        assert conn.getresponse().status == 200, "the launcher no longer serves the site"
        conn.close()

        # the teacher hides the exact values; the launcher keeps the setting (class/reveal "off")
        board.get_by_role("button", name="Hide exact values").click()
        board.get_by_role("button", name="Reveal exact values").wait_for(timeout=30_000)
        page.wait_for_timeout(1_000)   # (the page tells the launcher after Python's change)
        # a second teacher's browser, nothing stored: the board reads the launcher's whole list, and
        # its Reveal setting: the exact values hidden, as the teacher left them
        other, other_problems = new_context(browser, service_workers="block")
        try:
            opage = watch(other.new_page(), other_problems)
            opage.goto(f"{base}/teacher/{key}?to={LESSON}", wait_until="load")
            oboard = _open_board(opage)
            oboard.locator("caption", has_text="Pooled: 8 groups").wait_for(timeout=30_000)
            assert _pooled(oboard) == case["expected"]
            oboard.get_by_role("button", name="Reveal exact values").wait_for(timeout=30_000)
            assert "hidden until Reveal" in oboard.locator(".bg-pooled").inner_text()
            assert not other_problems.report(), other_problems.report()
        finally:
            other.close()
        assert board_count(board) == 8 and _pooled(board) == case["expected"]
        board.get_by_role("button", name="Reveal exact values").click()
        board.get_by_role("button", name="Hide exact values").wait_for(timeout=30_000)
        # the class's board projected at 1280 x 720, light and dark (test_board_site's checks: figures
        # at 24 px or more, axe and contrast; screenshots kept when BG_SCREENSHOTS names a folder)
        check_projector_view(page, board, class_code=class_code)
        # the teacher's page: nothing wrong but the launcher's absence while it restarted
        left = [p for p in problems.report() if "class/groups" not in p]
        assert not left, left
    finally:
        teacher.close()
        run.stop()
