""""Try it in JupyterLite": each game's notebook runs in the site's own JupyterLite.

For each game chapter (issue 8), on the site served from a sub-path
(``/book/``) with every request to another host blocked:

* the chapter's header has a launch link named "Try it in JupyterLite", and
  the *Deal it yourself* section a sentence saying what JupyterLite is, both
  pointing to a page of this site;
* following it opens the game's notebook in JupyterLite (Notebook UI);
  *Run → Run All Cells* runs every cell with the Pyodide kernel: the
  ``%pip install`` of this book's package and sympy from the site's own
  wheels, the chapter's dealing table (found by its CSS class, the same one
  the JupyterLab and Deal-live tests use), and the sympy derivation, whose
  printed expected values must equal the values derived below;
* the launch sentence and the notebook's top cell say that edits stay in this
  browser (also on a shared computer) and how to get the book's original back;
* for one notebook (``AGAIN``), four more *Restart Kernel and Run All* give the
  same outputs as the first run; an edit, saved, survives loading the page
  again; deleting the notebook in JupyterLite's file list brings the
  original back (issue 21);
* every kernel start installed the preloaded packages from the site's one
  file (``preloaded-packages.gz``, issue 22) and fetched no wheel; with that
  file refused, the kernel installs the wheels and the notebook gives the
  same values (``test_kernel_starts_without_its_bundle``);
* no error output, no console error, no page error, no HTTP error and no
  request to another host.

Expected values, derived here without the package:

* Hoggenheimer: a bet on c cards wins when all c are turned before the Joker,
  i.e. when the Joker comes last of those c + 1 cards; by symmetry of a
  shuffled pack that is 1 order in c + 1. Paid c to 1 (1, 2, 4, 4, 8 to 1 for
  1, 2, 4, 4, 8 cards: source, via the chapter), the expected value is
  c/(c+1) - c/(c+1) = 0 for every bet; P(win) of the 8-card suit bet is 1/9;
  the fair payout odds m of a bet on c cards are m = c (symbols of the book's
  Notation page).
* Banker and Broker: the section's bottom card is one of the 51 cards other
  than the banker's; 3 of them share its rank (a tie, which the bank wins by
  default), 24 are higher and 24 lower. Even money: 24/51 - 24/51 - 3/51 =
  -1/17.
* Landsknecht: a bet wins if a card of the banker's rank comes before one of
  the players' card's rank; 3 of each are unseen, so 3/6 = 1/2; paid 1 to 1,
  the expected value is 0.

Needs /usr/bin/chromium: skipped without it on a developer machine, a failure
in CI. About 30-60 s per notebook on 2 cores (JupyterLite, Pyodide and sympy
start in the reader's browser).
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest

from banking_games import registry
from conftest import need_module, new_context, require_chromium, watch

require_chromium("JupyterLite browser tests")

sync_api = need_module("playwright.sync_api")


# printed lines of each notebook's derivation that must appear (values derived above)
EXPECTED = {
    "hoggenheimer": [
        *(f"covers {c} card{'s' * (c > 1)}, paid {c} to 1, P(win) = 1/{c + 1}, expected value = 0"
          for c in (1, 2, 4, 4, 8)),
        "fair odds: m = c",
    ],
    "banker-and-broker": [
        "expected value per unit staked = -1/17",
        "with r = 13, s = 4, t = 1: expected value = -1/17",
    ],
    "landsknecht": [
        "P(win) = 1/2, paid 1 to 1: expected value = 0",
    ],
}


def table_class_name(chapter: str) -> str:
    """The Python class of the chapter's dealing table."""
    return registry.game(chapter).table


def _table_classes() -> dict[str, str]:
    from test_jupyterlab import SCENARIOS

    return {chapter: cls for chapter, (cls, _) in SCENARIOS.items()}


def _answer_kernel_dialog(lite, chapter: str) -> None:
    """Under load JupyterLite may open a modal dialog about the kernel while it starts (a CI
    run on 2 cores once saw the Run menu blocked by one for 30 s; with two test workers, a
    "Select Kernel" dialog). A dialog about the kernel is answered as a reader would: the
    notebook's own kernel, Python (Pyodide), chosen in its list, then its default button,
    again if it is still open after 30 s (at most three times); any other dialog fails the
    test with its text."""
    for _ in range(3):
        dialog = lite.locator(".jp-Dialog")
        if not dialog.count() or not dialog.first.is_visible():
            return
        text = " ".join(dialog.first.inner_text().split())
        print(f"\n[jupyterlite] {chapter}: dialog before Run All: {text[:200]!r}")
        assert "kernel" in text.lower(), f"{chapter}: JupyterLite shows a dialog: {text[:300]}"
        assert "error" not in text.lower() and "fail" not in text.lower(), f"{chapter}: {text[:300]}"
        choice = dialog.first.locator("select")
        if choice.count():
            labels = choice.first.locator("option").all_inner_texts()
            pyodide = next((label for label in labels if "Pyodide" in label), None)
            if pyodide:
                choice.first.select_option(label=pyodide)
        dialog.first.locator(".jp-mod-accept").first.click()
        try:   # a hang guard, not a timing check
            dialog.first.wait_for(state="hidden", timeout=30_000)
            return
        except sync_api.TimeoutError:
            continue
    pytest.fail(f"{chapter}: JupyterLite's kernel dialog stayed open after three answers")


NO_KERNEL = "Session has no kernel."
"""JupyterLab's own error when a cell is sent to run while the notebook's session has no
kernel attached (OutputArea.execute). Under load a Run All pressed while JupyterLite was
still attaching its kernel raised it once per cell (17 page errors in a suite run of
2026-12-04) and started nothing; the second Run All then ran every cell as it should."""


def _open_and_run_all(lite, url: str, chapter: str, code_cells: int, problems=None) -> None:
    """Open the notebook at ``url``, wait for its kernel, press Run -> Run All Cells and wait
    until every one of its ``code_cells`` cells has run.

    ``problems`` (conftest.watch's record): a Run All that started no cell is printed with the
    page errors it raised."""
    lite.goto(url, wait_until="load")
    lite.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
    # the kernel is ready when the toolbar's kernel status says Idle
    lite.wait_for_function(
        "() => [...document.querySelectorAll('.jp-Notebook-ExecutionIndicator, .jp-KernelStatus')]"
        ".some(e => /idle/i.test(e.getAttribute('data-status') || e.getAttribute('title') || e.textContent))",
        timeout=120_000)
    # Run -> Run All Cells; clicked once more if no cell started (a menu click can be lost while
    # the app is still laying out); the second try is reported if it also starts nothing
    for attempt in range(2):
        _answer_kernel_dialog(lite, chapter)
        before = len(problems.page_errors) if problems is not None else 0
        lite.get_by_role("menuitem", name="Run", exact=True).click()
        lite.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).first.click()
        try:
            lite.wait_for_function(
                "() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
                ".some(e => /\\[(\\*|\\d+)\\]/.test(e.textContent))", timeout=20_000)
            break
        except sync_api.TimeoutError:
            assert attempt == 0, f"{chapter}: Run All Cells started no cell"
            if problems is not None:
                lost = problems.page_errors[before:]
                print(f"\n[jupyterlite] {chapter}: the first Run All started no cell "
                      f"(page errors meanwhile: {len(lost)} x {sorted(set(lost))}); pressed again")
    # the notebook lays its cells out over a few frames (JupyterLab's deferred
    # windowing); under load a count taken at once saw 2 of them
    try:
        lite.wait_for_function("() => document.querySelectorAll('.jp-Notebook .jp-CodeCell').length >= 3",
                               timeout=30_000)
    except sync_api.TimeoutError:
        pass
    try:   # every cell, the exercises' too, laid out (the notebook is long now)
        lite.wait_for_function(f"() => document.querySelectorAll('.jp-Notebook .jp-CodeCell').length >= "
                               f"{code_cells}", timeout=30_000)
    except sync_api.TimeoutError:
        pass
    n = lite.locator(".jp-Notebook .jp-CodeCell").count()
    assert n == code_cells, f"{chapter}: {n} code cells shown, the notebook has {code_cells}"
    lite.wait_for_function(DONE_JS, timeout=180_000)


@pytest.mark.parametrize("chapter", sorted(EXPECTED))
def test_notebook_runs_in_jupyterlite(browser, built_site, sub_path_url, chapter):
    """Its own context (conftest.new_context): JupyterLite keeps notebooks and
    settings in the browser's storage, which no other test may see.

    The same Run All runs the game's exercise cells at the notebook's end (issue 20,
    made by scripts/exercise_sheets.py): every code cell must show an execution count,
    with no error, and each exercise dealt with the Repeat panel shows its own table."""
    import json

    table_class = _table_classes()[chapter]
    served = json.loads((built_site / "_static" / "lite" / "files" / f"{chapter}.ipynb").read_text())
    code_cells = [c for c in served["cells"] if c["cell_type"] == "code"]
    exercise_cells = [c for c in code_cells if "".join(c["source"]).startswith("# Exercise ")]
    tables = 1 + sum(f"{table_class_name(chapter)}(" in "".join(c["source"]) for c in exercise_cells)
    assert len(exercise_cells) >= 8, f"{chapter}: the notebook has no exercise cells"
    context, problems = new_context(browser)
    context.on("page", lambda page: watch(page, problems))
    stdlibs = []   # the standard library the kernel's Pyodide fetched (issue 22: its own copy)
    context.on("request", lambda r: stdlibs.append(r.url) if "python_stdlib" in r.url else None)
    packages = []   # the preloaded packages' bundle and any wheel (issue 22: the bundle only)
    context.on("request", lambda r: packages.append(r.url.split("?")[0].rsplit("/", 1)[-1])
               if r.url.split("?")[0].endswith((".whl", BUNDLE)) else None)
    try:
        page = context.new_page()
        page.goto(f"{sub_path_url}/{chapter}.html", wait_until="load")
        header = page.locator(".article-header-buttons a.btn-jupyterlite-button")
        assert header.count() == 1, f"{chapter}: expected one 'Try it in JupyterLite' header link"
        assert header.text_content().strip() == "Try it in JupyterLite"
        tip = header.get_attribute("title") or header.get_attribute("data-bs-original-title") or ""
        assert "offline" in tip, f"{chapter}: the tooltip does not say offline"  # Bootstrap moves title
        note = page.locator(".bg-lite-note")
        assert note.count() == 1 and "inside your browser" in note.inner_text(), \
            f"{chapter}: no sentence on JupyterLite in 'Deal it yourself'"
        for words in SAVED_WORDS:   # where edits stay, and how to get the original back
            assert words in note.inner_text().replace("\u2019", "'"), f"{chapter}: the JupyterLite sentence does not say {words!r}"
        href = header.get_attribute("href")
        assert href == note.locator("a").get_attribute("href")
        url = urljoin(page.url, href)
        assert url.startswith(f"{sub_path_url}/_static/lite/"), url

        lite = context.new_page()
        _open_and_run_all(lite, url, chapter, len(code_cells), problems)
        table = lite.locator(f".jp-OutputArea-output .{table_class}")
        table.first.wait_for(timeout=30_000)
        assert table.first.is_visible(), f"{chapter}: the dealing table is not shown"
        # the chapter's table and one per exercise dealt with Repeat, each with its Repeat panel
        assert table.count() == tables, f"{chapter}: {table.count()} tables shown, {tables} expected"
        assert lite.locator(".jp-OutputArea-output .bg-repeat-panel").count() == tables
        # textContent, not innerText: the notebook is long, and the browser skips the rendering (and so
        # the innerText) of cells scrolled out of view
        outputs = lite.locator(".jp-Notebook .jp-OutputArea").all_text_contents()
        text = "\n".join(outputs)
        for line in EXPECTED[chapter]:
            assert line in text, f"{chapter}: {line!r} not in the notebook's output:\n{text[-3000:]}"
        errors = lite.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
                              ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
        assert errors.count() == 0, f"{chapter}: error output: {errors.all_inner_texts()}"
        assert "Traceback" not in text, f"{chapter}: a traceback in the output"
        # textContent: the first cell is scrolled out of view after Run All (see above)
        first_cell = lite.locator(".jp-Notebook .jp-Cell").first.text_content()
        for words in SAVED_WORDS:
            assert words in " ".join(first_cell.replace("\u2019", "'").split()), f"{chapter}: the notebook's top does not say {words!r}"
        if chapter == AGAIN:
            _again_and_edits(lite, chapter, outputs, url)
            # JupyterLite's file list page (tree/) makes Chromium ask the host's root for
            # /favicon.ico, outside the site (this test's host serves only /book/)
            problems.console = [c for c in problems.console if "/favicon.ico" not in c]
        # the kernel's copy, with bytecode beside the sources (test_live_bytecode), not Deal live's
        assert stdlibs and all(u.split("?")[0].endswith("/_static/lite/pyodide/python_stdlib.zip")
                               for u in stdlibs), f"{chapter}: the kernel's standard library came from {stdlibs}"
        # each kernel start (six for AGAIN: Run All, five restarts, the reload) installed the
        # preloaded packages from the bundle: no wheel was fetched, not even by the %pip cell
        assert BUNDLE in packages and not [p for p in packages if p.endswith(".whl")], \
            f"{chapter}: the kernel fetched {packages}"
        assert not problems.external, f"{chapter}: requests to other hosts: {problems.external}"
        # every cell's output was checked above: JupyterLab's NO_KERNEL errors of a Run All
        # pressed while the kernel was still being attached are printed, not failed on
        no_kernel = [e for e in problems.page_errors if e == NO_KERNEL]
        if no_kernel:
            print(f"\n[jupyterlite] {chapter}: {len(no_kernel)} x {NO_KERNEL!r} (then every cell ran)")
        page_errors = [e for e in problems.page_errors if e != NO_KERNEL]
        assert not page_errors, f"{chapter}: page errors: {page_errors}"
        assert not problems.bad_status, f"{chapter}: HTTP errors: {problems.bad_status}"
        assert not problems.console, f"{chapter}: console errors: {problems.console}"
    finally:
        context.close()


BUNDLE = "preloaded-packages.gz"
"""The kernel's preloaded packages in one file (scripts/preload_bundle.mjs), which
_static/lite/kernel-pyodide.mjs writes into Python's file system (issue 22)."""


def test_kernel_starts_without_its_bundle(browser, built_site, sub_path_url):
    """Issue 22: a bundle the browser refuses (here: one byte changed, so its sha256 is not the
    config's; the same as a stale file in a cache) is not used; the kernel says so on the console
    and lets Pyodide install the preloaded packages from their wheels, and the notebook runs as
    before, with the same derived values."""
    import json

    chapter = "landsknecht"   # the quickest notebook
    served = json.loads((built_site / "_static" / "lite" / "files" / f"{chapter}.ipynb").read_text())
    code_cells = sum(c["cell_type"] == "code" for c in served["cells"])
    body = bytearray((built_site / "_static" / "lite" / "pyodide" / BUNDLE).read_bytes())
    body[len(body) // 2] ^= 0xFF
    context, problems = new_context(browser)
    context.route(f"**/{BUNDLE}", lambda r: r.fulfill(status=200, body=bytes(body),
                                                      content_type="application/gzip"))
    wheels, warnings = [], []
    context.on("request", lambda r: r.url.split("?")[0].endswith(".whl") and wheels.append(r.url))
    try:
        lite = watch(context.new_page(), problems)
        lite.on("console", lambda m: "kernel-pyodide" in m.text and warnings.append(m.text))
        _open_and_run_all(lite, f"{sub_path_url}/_static/lite/notebooks/index.html?path={chapter}.ipynb",
                          chapter, code_cells)
        text = "\n".join(lite.locator(".jp-Notebook .jp-OutputArea").all_text_contents())
        for line in EXPECTED[chapter]:
            assert line in text, f"{chapter}: {line!r} not in the notebook's output:\n{text[-3000:]}"
        assert "Traceback" not in text
        assert len(warnings) == 1 and "was not used" in warnings[0] and "Pyodide installs" in warnings[0], warnings
        assert any("sympy-" in w for w in wheels), f"the packages were not installed from their wheels: {wheels}"
        # no console error but the browser's own message about the refused file, if it logs one
        assert all("integrity" in c for c in problems.console), problems.console
        assert not problems.page_errors and not problems.bad_status and not problems.external
    finally:
        context.close()


# the words of book/_ext/banking_book/jupyterlite_launch.SAVED and of each notebook's top cell that matter
SAVED_WORDS = ("saved in this browser only", "shared computer", "the book's original notebook back",
               "delete", "file list")
AGAIN = "landsknecht"
"""The notebook (the quickest to run) that is also run again four times, edited, reloaded and
reset; each run takes 40-50 s on 2 cores (the kernel installs the wheels again)."""

DONE_JS = ("() => { const p = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
           ".map(e => e.textContent.trim()); return p.length && p.every(t => /^\\[\\d+\\]:$/.test(t)); }")
EDIT = "# a student's edit, kept by this browser"


def _again_and_edits(lite, chapter: str, first: list[str], url: str) -> None:
    """Issue 21. Five times in a row Kernel -> Restart Kernel and Run All Cells (after the first
    Run All: six runs of the whole notebook from a fresh kernel), each with the very same outputs (the
    table deals from seed 2026, the derivation is exact). Then a student's edit, saved, is
    still there after the page is loaded again (JupyterLite keeps it in the browser's
    storage), and deleting the notebook in JupyterLite's file list, as the notebook's top
    cell says, brings the book's original back."""
    for run in range(2, 7):
        _answer_kernel_dialog(lite, chapter)
        lite.get_by_role("menuitem", name="Kernel", exact=True).click()
        lite.get_by_role("menuitem", name=re.compile(r"^Restart Kernel and Run All")).first.click()
        dialog = lite.locator(".jp-Dialog").first
        dialog.wait_for(timeout=10_000)
        assert "Restart" in dialog.inner_text(), dialog.inner_text()
        dialog.locator(".jp-mod-accept").first.click()
        lite.wait_for_function("() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
                               ".some(e => /\\[\\*\\]/.test(e.textContent) || e.textContent.trim() === '[ ]:')",
                               timeout=30_000)
        lite.wait_for_function(DONE_JS, timeout=180_000)
        lite.wait_for_timeout(500)
        again = lite.locator(".jp-Notebook .jp-OutputArea").all_text_contents()   # as the first run's
        assert again == first, f"{chapter}: run {run} (Restart and Run All) gave other outputs:\n{again}\n{first}"

    editor = lite.locator(".jp-Notebook .jp-CodeCell .cm-content").first
    editor.click()
    lite.keyboard.press("Control+End")
    lite.keyboard.type("\n" + EDIT)
    lite.keyboard.press("Escape")
    lite.keyboard.press("Control+s")
    lite.wait_for_timeout(1500)
    lite.goto(url, wait_until="load")
    lite.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
    lite.wait_for_function(f"() => document.querySelector('.jp-Notebook').innerText.includes({EDIT!r})",
                           timeout=30_000)

    # the book's original back: right-click the notebook in JupyterLite's file list, Delete
    tree = url.split("/notebooks/")[0] + "/tree/index.html"
    lite.goto(tree, wait_until="load")
    row = lite.locator(".jp-DirListing-item", has_text=f"{chapter}.ipynb").first
    row.wait_for(timeout=60_000)
    row.click(button="right")
    lite.get_by_role("menuitem", name=re.compile("^Delete")).first.click()
    dialog = lite.locator(".jp-Dialog").first
    dialog.wait_for(timeout=10_000)
    dialog.locator(".jp-mod-accept").first.click()
    dialog.wait_for(state="hidden", timeout=10_000)
    lite.wait_for_timeout(1000)
    lite.goto(url, wait_until="load")
    lite.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=90_000)
    lite.wait_for_timeout(2000)
    text = lite.locator(".jp-Notebook").inner_text()
    assert EDIT not in text, f"{chapter}: after Delete in the file list the edited notebook still opens"
    assert "%pip install" in text, f"{chapter}: the book's original notebook does not open after Delete"
