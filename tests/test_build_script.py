"""scripts/build_book.py: the strict build fails on a warning, and the
every build starts from nothing, so no page keeps an older result (issue 11,
"Nothing shows the strict build fails on a warning, or that the execution
cache is emptied when src/ changes").

The strict-build tests go through ``strict_build``, the function
``build()`` runs on book/: a clean book passes it (the session's smoke book,
conftest ``smoke_build``, built once and shared with the browser and
download tests), and a tiny temporary book (one Markdown page, no code
cells, so no kernel starts; a few seconds; the one extra build here, as a
book with a warning cannot be the shared clean one) with a reference to a
label that does not exist fails it: Sphinx warns "undefined label", with -W
jupyter-book must exit non-zero, and the problem line must name the label,
so the build fails for the warning and not for the set-up.

Since issue 12 the pages run with myst-nb's inline execution, which keeps
no cache; the last tests check that every build starts from nothing, so no
page can show what an older engine computed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import build_book  # noqa: E402

CONFIG = """\
title: Tiny strict book
author: tests
execute:
  execute_notebooks: "off"
sphinx:
  config:
    html_theme_options:
      use_download_button: false
"""
TOC = "format: jb-book\nroot: index\n"
PAGE = "# Tiny page\n\n(tiny-label)=\n## A section\n\nSee {ref}`%s`.\n"


def _book(tmp_path: Path, label: str) -> Path:
    book = tmp_path / "book"
    book.mkdir()
    (book / "_config.yml").write_text(CONFIG)
    (book / "_toc.yml").write_text(TOC)
    (book / "index.md").write_text(PAGE % label)
    return book


@pytest.fixture(scope="module")
def broken_build(tmp_path_factory):
    book = _book(tmp_path_factory.mktemp("broken"), "no-such-label")
    return build_book.strict_build(book, cwd=book.parent, echo=False)


def test_a_clean_book_passes_the_strict_build(smoke_build):
    _, ok, log, code = smoke_build
    assert ok and code == 0, log[-3000:]


def test_a_warning_fails_the_strict_build(broken_build):
    ok, log, code = broken_build
    assert not ok
    assert code != 0, "jupyter-book must exit non-zero on a warning under -W"
    assert any("undefined label" in ln or "no-such-label" in ln for ln in build_book.problem_lines(log)), log[-3000:]


# ---------------------------------------------------------------- the execution cache

# The pages run with myst-nb's inline execution, which keeps no cache. What
# keeps a page from showing what an older engine computed is that every build
# starts from nothing: clean() removes the HTML, Sphinx's saved doctrees (which
# would let Sphinx skip re-reading, and so re-running, an unchanged page), the
# executed notebooks and the jupyter-cache folder of older builds.
def test_clean_removes_every_saved_result(tmp_path, monkeypatch):
    book = tmp_path / "book"
    build = book / "_build"
    stale = [build / "html", build / ".doctrees", build / "jupyter_execute", book / "_contents",
             build / ".jupyter_cache"]
    for d in stale:
        d.mkdir(parents=True)
        (d / "old.txt").write_text("computed by an older engine")
    stamp = build / ".jupyter_cache.stamp"
    stamp.write_text("old key")
    monkeypatch.setattr(build_book, "ROOT", tmp_path)
    monkeypatch.setattr(build_book, "BOOK", book)
    monkeypatch.setattr(build_book, "BUILD", build)
    monkeypatch.setattr(build_book, "HTML", build / "html")
    monkeypatch.setattr(build_book, "OLD_CACHE", (build / ".jupyter_cache", stamp))
    build_book.clean()
    assert [d for d in stale if d.exists()] == []
    assert not stamp.exists()
    assert build.is_dir()  # the log is written there next


def test_pages_run_inline_with_no_cache():
    """inline execution re-runs every page on every build (myst-nb keeps no cache in this mode)."""
    text = (Path(__file__).resolve().parents[1] / "book" / "_config.yml").read_text()
    assert "execute_notebooks: inline" in text


# ---------------------------------------------------------------- asserted claims

# issue 18: a sentence whose comparison the page's numbers refute fails the strict
# build. One executed page (a kernel starts: about 10 s), as the book's pages run
# (myst-nb inline execution, {eval} roles), built twice: with the claim true it
# passes and the prose shows the claim's words; with the numbers changed so that
# the claim is false, the cell raises FalseClaimError and the build fails.
CLAIM_CONFIG = """\
title: Tiny claims book
author: tests
execute:
  execute_notebooks: inline
parse:
  myst_enable_extensions: [colon_fence, dollarmath]
sphinx:
  config:
    nb_eval_name_regex: '^[a-zA-Z_][a-zA-Z0-9_]*(\\.[a-zA-Z_][a-zA-Z0-9_]*)*$'
    html_theme_options:
      use_download_button: false
"""
CLAIM_PAGE = """\
---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
# Tiny claims page

```{code-cell} ipython3
from banking_games.inline import Shown
shown = Shown()
share = %s          # the share of runs that ended below zero
shown.set("share", share)
shown.claim("half", "about half of them", abs(share - 0.5) < 0.1, because=f"share {share}")
```

Of the runs, {eval}`shown.share` ended below zero: {eval}`shown.half`.
"""


@pytest.mark.parametrize("share, passes", [("0.52", True), ("0.93", False)])
def test_a_false_claim_fails_the_strict_build(tmp_path, share, passes):
    book = tmp_path / "book"
    book.mkdir()
    (book / "_config.yml").write_text(CLAIM_CONFIG)
    (book / "_toc.yml").write_text(TOC)
    (book / "index.md").write_text(CLAIM_PAGE % share)
    ok, log, code = build_book.strict_build(book, cwd=book.parent, echo=False)
    if passes:
        assert ok and code == 0, log[-3000:]
        text = (book / "_build" / "html" / "index.html").read_text()
        assert "about half of them" in text and "0.52" in text
    else:
        assert not ok and code != 0
        assert "Executing notebook failed: CellExecutionError" in log, log[-3000:]
        report = (book / "_build" / "html" / "reports" / "index.err.log").read_text()
        assert "FalseClaimError" in report and "share 0.93" in report, report[-2000:]
