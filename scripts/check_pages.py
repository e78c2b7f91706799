"""Run every page's code and its ``{eval}`` expressions without Sphinx; list what fails.

A false claim (``shown.claim(...)`` whose comparison the numbers refute raises
``banking_games.inline.FalseClaimError``), a failing cell or an ``{eval}`` role
that cannot be read shows here for every page at once, in the time the cells
take to run, instead of one page per strict build (60-125 s). Each page runs in
a process of its own (IPython's shell, so magics and ``display`` work as in a
kernel), two at a time, from ``book/`` (as the build runs them). A cell that
fails does not stop its page: the later cells run, so a page shows all its
false claims (a later cell that needs the failed one's names fails too, and is
listed). A page with none of these is then checked for prose that repeats a number
the output cell beside it shows (the rule is below, at ``TRIVIAL_BELOW``, and in
docs/authoring.md, "Numbers in the prose").

Usage:
    .venv/bin/python scripts/check_pages.py            # every page of book/_toc.yml
    .venv/bin/python scripts/check_pages.py summary    # some pages (names without .md)
    .venv/bin/python scripts/check_pages.py --book other/folder

Prints one line per problem (page, cell number and its first line, the error's
last line; for a repeat the page's line, the role, the number and the cell) and a
summary; exit status 1 if anything failed, 0 otherwise.
"""

from __future__ import annotations

import contextlib
import html
import io
import multiprocessing
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
EVAL = re.compile(r"\{eval\}`([^`]+)`")


def toc_pages(book: Path = BOOK) -> list[str]:
    """The pages of ``book/_toc.yml``, in its order (names without ``.md``)."""
    import yaml

    toc = yaml.safe_load((book / "_toc.yml").read_text(encoding="utf-8"))
    out = [toc["root"]]

    def walk(entries):
        for e in entries or []:
            if "file" in e:
                out.append(e["file"])
            walk(e.get("sections"))
            walk(e.get("chapters"))

    walk(toc.get("chapters"))
    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    return out


# ---- prose that repeats a number the output beside it shows ---------------------------------------
#
# A paragraph is *beside* an output when nothing but hidden cells (no output on the website) lies
# between them and no heading does: the paragraphs of a section that come right after an output
# cell and those right before the next one. A repeat is an {eval} role reading ``shown`` whose
# rendered text holds a number that the output's rendered text also holds, written the same way
# (signs and thousands commas aside: ``-3/34`` repeats ``−3/34``, ``400,000`` repeats ``400000``;
# ``1/17`` does not repeat ``0.0588``). Whole numbers below ``TRIVIAL_BELOW`` are not repeats: they
# count what the sentence is about (2 cards, 3 rows, 13 ranks, 6 bets), and a table's index and
# small counts write them too. docs/authoring.md, "Numbers in the prose", states the rule.

TRIVIAL_BELOW = 100
_IMAGES = ("image/png", "image/svg+xml", "image/jpeg", "application/pdf")
_WIDGET = "application/vnd.jupyter.widget-view+json"
# the order in which myst-nb picks the one output it renders for the website
_RENDER_ORDER = (_WIDGET, "application/javascript", "text/html", *_IMAGES, "text/markdown", "text/latex",
                 "text/plain")
_NUMBER = re.compile(r"(?<![\w.])[-+\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:/\d+)?(?![\w/])")
_TEX_FRAC = re.compile(r"\\[dt]?frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}")
_TAG = re.compile(r"<[^>]*>")
_HEADING = re.compile(r"^#{1,6}\s")


def number_tokens(text: str) -> set[str]:
    """The numbers a rendered text shows, each as written, without its sign and thousands commas
    (``"P = -3/34 (-0.0882), 400,000 deals"`` -> ``{"3/34", "0.0882", "400000"}``); LaTeX's
    ``\frac{3}{34}`` counts as ``3/34``. Whole numbers below :data:`TRIVIAL_BELOW` are left out."""
    text = _TEX_FRAC.sub(r"\1/\2", text)
    found = set()
    for match in _NUMBER.finditer(text):
        token = match.group().lstrip("+-\u2212").replace(",", "")
        if token.isdigit() and int(token) < TRIVIAL_BELOW:
            continue
        found.add(token)
    return found


def rendered_text(data: dict) -> str:
    """The text of the one representation myst-nb renders on the website out of a display's
    ``{mime type: data}``: HTML without its tags, LaTeX, Markdown or plain text; ``""`` for an
    image, a widget or an object's bare ``<repr>``."""
    for mime in _RENDER_ORDER:
        if mime in data:
            value = data[mime]
            if mime in (_WIDGET, "application/javascript", *_IMAGES) or not isinstance(value, str):
                return ""
            if mime == "text/html":
                return html.unescape(_TAG.sub(" ", value))
            if mime == "text/plain" and value.strip().startswith("<") and value.strip().endswith(">"):
                return ""
            return value
    return ""


class _OutputRecorder:
    """Keeps what each cell displays (``display(...)`` and the value of its last line), as the
    ``{mime: data}`` dicts a kernel would send, without drawing images (a figure shows no number)."""

    def __init__(self, shell) -> None:
        self.shell = shell
        self.data: list[dict] = []
        self._publisher = shell.display_pub
        hook = shell.displayhook
        hook.compute_format_data = self.format
        hook.write_format_data = lambda format_dict, md_dict=None: self.data.append(format_dict)
        hook.write_output_prompt = lambda: None
        hook.finish_displayhook = lambda: None

    def format(self, obj):
        formatter = self.shell.display_formatter
        for mime in _IMAGES:
            printer = formatter.formatters.get(mime)
            if printer is not None and printer.enabled:
                try:
                    printer.lookup(obj)
                    return {mime: None}, {}
                except KeyError:
                    pass
        return formatter.format(obj, exclude=_IMAGES)

    def start(self) -> None:
        self.data = []
        self.shell.display_pub = self

    def stop(self) -> None:
        self.shell.display_pub = self._publisher

    def publish(self, data, metadata=None, source=None, *, transient=None, update=False, **kwargs) -> None:
        self.data.append(data)

    def clear_output(self, wait: bool = False) -> None:
        self.data.clear()

    def __getattr__(self, name):   # the rest of a display publisher (``is_publishing``, …)
        return getattr(self._publisher, name)

    def texts(self) -> list[str]:
        return [rendered_text(d) for d in self.data]


def _first_line(source: str) -> str:
    return next((line for line in source.splitlines() if line.strip() and not line.startswith("#")), "")


def _output_shown(cell) -> bool:
    """Does the website show this code cell's output?"""
    tags = set(cell.metadata.get("tags", []))
    return not tags & {"remove-output", "remove-cell", "skip-execution"}


def repeats(nb, shown_outputs: dict[int, list[str]], namespace: dict, text: str) -> list[str]:
    """Every ``{eval}`shown...``` role of a paragraph beside an output (see the rule above) that
    shows a number the output shows too, one line each: ``line N: {eval}`shown.x` shows 1/17, as
    does the output of code cell K (its first line)``."""
    items: list[tuple] = []       # ("out", number, first line, numbers) | ("heading",) | ("para", text)
    number = 0
    for cell in nb.cells:
        if cell.cell_type == "code":
            number += 1
            tags = set(cell.metadata.get("tags", []))
            if shown_outputs.get(number) or not tags & {"remove-input", "remove-cell"}:
                found = set().union(*(number_tokens(t) for t in shown_outputs.get(number, [])))
                items.append(("out", number, _first_line(cell.source).strip()[:50], found))
        elif cell.cell_type == "markdown":
            for block in re.split(r"\n\s*\n", cell.source):
                if not block.strip():
                    continue
                if any(_HEADING.match(line) for line in block.splitlines()):
                    items.append(("heading",))
                items.append(("para", block))
    found_lines = []
    cursor = 0
    for i, item in enumerate(items):
        if item[0] != "para":
            continue
        start = text.find(item[1], cursor)
        if start >= 0:
            cursor = start + len(item[1])
        beside = []
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(items) and items[j][0] == "para":
                j += step
            if 0 <= j < len(items) and items[j][0] == "out":
                beside.append(items[j])
        for role in EVAL.finditer(item[1]):
            expr = role.group(1)
            if not expr.startswith("shown."):
                continue
            try:
                prose = number_tokens(str(eval(expr, namespace)))  # noqa: S307 - the page's own role
            except Exception:  # noqa: BLE001 - an unreadable role is listed by check_page
                continue
            for _, cell_number, first, output in beside:
                same = sorted(prose & output)
                if same:
                    line = text.count("\n", 0, start + role.start()) + 1 if start >= 0 else "?"
                    found_lines.append(f"line {line}: {{eval}}`{expr}` shows {', '.join(same)}, as does the "
                                       f"output of code cell {cell_number} ({first}) beside it")
    return found_lines


def check_page(path: str) -> tuple[str, list[str], float]:
    """Run one page (a MyST notebook); returns (page, problems, seconds)."""
    import jupytext
    from IPython.core.interactiveshell import InteractiveShell

    page = Path(path)
    os.chdir(page.parent)
    os.environ.setdefault("MPLBACKEND", "Agg")
    start = time.perf_counter()
    problems: list[str] = []
    nb = jupytext.read(page)
    shell = InteractiveShell.instance()
    shell.enable_gui = lambda gui=None: None   # %matplotlib inline: no event loop here (figures stay in memory)
    outputs = _OutputRecorder(shell)
    shown_outputs: dict[int, list[str]] = {}     # code cell number -> the texts its output shows
    number = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        number += 1
        first = _first_line(cell.source)
        sink = io.StringIO()
        outputs.start()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            result = shell.run_cell(cell.source, store_history=False, silent=False)
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            problems.append(f"{page.name}, code cell {number} ({first.strip()[:60]}): "
                            f"{type(error).__name__}: {str(error).strip().splitlines()[-1][:300] if str(error).strip() else ''}")
        elif _output_shown(cell):
            shown_outputs[number] = outputs.texts() + ([sink.getvalue()] if sink.getvalue().strip() else [])
    outputs.stop()
    text = page.read_text(encoding="utf-8")
    unread = []
    for expr in EVAL.findall(text):
        try:
            str(eval(expr, shell.user_ns))  # noqa: S307 - the book's own page, as myst-nb evaluates it
        except Exception as exc:  # noqa: BLE001 - every failure is listed
            unread.append(f"{page.name}, {{eval}}`{expr}`: {type(exc).__name__}: {str(exc)[:300]}")
    if problems and unread:
        # after a failed cell, the roles that read its names fail too: count them, do not list them
        problems.append(f"{page.name}: and {len(unread)} {{eval}} roles that cannot be read after the failures above")
    else:
        problems += unread
    if not problems:
        problems += [f"{page.name}, {r}" for r in repeats(nb, shown_outputs, shell.user_ns, text)]
    return page.name, problems, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="*", help="page names (default: every page of the book's _toc.yml)")
    ap.add_argument("--book", type=Path, default=BOOK, help="the book's folder (default: book/)")
    args = ap.parse_args(argv)
    book = args.book.resolve()
    names = args.pages or toc_pages(book)
    paths = [str(book / f"{n.removesuffix('.md')}.md") for n in names]
    missing = [p for p in paths if not Path(p).is_file()]
    if missing:
        print("no such page: " + ", ".join(missing), file=sys.stderr)
        return 2
    start = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with context.Pool(processes=min(2, len(paths)), maxtasksperchild=1) as pool:
        results = pool.map(check_page, paths, chunksize=1)
    problems = [p for _, found, _ in results for p in found]
    for line in problems:
        print(line)
    slowest = max(results, key=lambda r: r[2])
    print(f"check_pages: {len(results)} pages in {time.perf_counter() - start:.1f} s (slowest {slowest[0]}, "
          f"{slowest[2]:.1f} s): {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
