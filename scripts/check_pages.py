"""Run every page's code and its ``{eval}`` expressions without Sphinx; list what fails.

A false claim (``shown.claim(...)`` whose comparison the numbers refute raises
``banking_games.inline.FalseClaimError``), a failing cell or an ``{eval}`` role
that cannot be read shows here for every page at once, in the time the cells
take to run, instead of one page per strict build (60-125 s). Each page runs in
a process of its own (IPython's shell, so magics and ``display`` work as in a
kernel), two at a time, from ``book/`` (as the build runs them). A cell that
fails does not stop its page: the later cells run, so a page shows all its
false claims (a later cell that needs the failed one's names fails too, and is
listed).

Usage:
    .venv/bin/python scripts/check_pages.py            # every page of book/_toc.yml
    .venv/bin/python scripts/check_pages.py summary    # some pages (names without .md)
    .venv/bin/python scripts/check_pages.py --book other/folder

Prints one line per problem (page, cell number and its first line, the error's
last line) and a summary; exit status 1 if anything failed, 0 otherwise.
"""

from __future__ import annotations

import contextlib
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
    for number, cell in enumerate((c for c in nb.cells if c.cell_type == "code"), 1):
        first = next((line for line in cell.source.splitlines() if line.strip() and not line.startswith("#")), "")
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            result = shell.run_cell(cell.source, store_history=False, silent=True)
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            problems.append(f"{page.name}, code cell {number} ({first.strip()[:60]}): "
                            f"{type(error).__name__}: {str(error).strip().splitlines()[-1][:300] if str(error).strip() else ''}")
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
