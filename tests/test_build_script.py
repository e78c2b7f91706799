"""scripts/build_book.py: the strict build fails on a warning, and the
execution cache is emptied when the package source changes (issue 11,
"Nothing shows the strict build fails on a warning, or that the execution
cache is emptied when src/ changes").

The strict-build tests build a tiny temporary book (one Markdown page, no
code cells, so no kernel starts; a few seconds) through ``strict_build``,
the function ``build()`` runs on book/: once clean (it must pass, so the
failing case fails for the warning and not for the set-up), once with a
reference to a label that does not exist (Sphinx warns "undefined label";
with -W the build must fail and jupyter-book must exit non-zero).

The cache tests call ``refresh_cache`` on a temporary project tree. They test
build_book.py's own rule, so they stay meaningful if book/_config.yml stops
using jupyter-cache (e.g. ``nb_execution_mode: inline``, issue 12): the rule
then only empties a folder nothing reads.
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
def clean_build(tmp_path_factory):
    book = _book(tmp_path_factory.mktemp("clean"), "tiny-label")
    return build_book.strict_build(book, cwd=book.parent, echo=False)


@pytest.fixture(scope="module")
def broken_build(tmp_path_factory):
    book = _book(tmp_path_factory.mktemp("broken"), "no-such-label")
    return build_book.strict_build(book, cwd=book.parent, echo=False)


def test_a_clean_tiny_book_passes_the_strict_build(clean_build):
    ok, log, code = clean_build
    assert ok and code == 0, log[-3000:]


def test_a_warning_fails_the_strict_build(broken_build):
    ok, log, code = broken_build
    assert not ok
    assert code != 0, "jupyter-book must exit non-zero on a warning under -W"
    assert any("undefined label" in ln or "no-such-label" in ln for ln in build_book.problem_lines(log)), log[-3000:]


# ---------------------------------------------------------------- the execution cache

@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project tree with the files the cache key reads, and a filled cache."""
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "rules.py").write_text("PAYOUT = 1\n")
    (tmp_path / "requirements.txt").write_text("sympy==1.13\n")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "_config.yml").write_text("title: t\n")
    (tmp_path / "book" / "page.md").write_text("# page\n")
    build_book.refresh_cache(tmp_path)  # first build: stamps the key
    _fill_cache(tmp_path)
    return tmp_path


def _fill_cache(root: Path) -> Path:
    entry = root / "book" / "_build" / ".jupyter_cache" / "executed" / "page.ipynb"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text("{}")
    return entry


def _cached(root: Path) -> bool:
    return (root / "book" / "_build" / ".jupyter_cache" / "executed" / "page.ipynb").is_file()


def test_first_build_without_stamp_empties_the_cache(tmp_path):
    _fill_cache(tmp_path)
    (tmp_path / "src").mkdir()
    assert build_book.refresh_cache(tmp_path) is True and not _cached(tmp_path)


def test_cache_kept_when_nothing_changed(project):
    assert build_book.refresh_cache(project) is False and _cached(project)


def test_cache_kept_when_only_a_page_changed(project):
    # jupyter-cache itself notices a page's changed code; the stamp need not
    (project / "book" / "page.md").write_text("# page, changed\n")
    assert build_book.refresh_cache(project) is False and _cached(project)


@pytest.mark.parametrize("changed", ["src/pkg/rules.py", "src/pkg/new_module.py", "requirements.txt",
                                     "pyproject.toml", "book/_config.yml"])
def test_cache_emptied_when_source_or_settings_change(project, changed):
    path = project / changed
    path.write_text((path.read_text() if path.exists() else "") + "# changed\n")
    assert build_book.refresh_cache(project) is True and not _cached(project)
    # the new key is stamped: the next build keeps what this one caches
    _fill_cache(project)
    assert build_book.refresh_cache(project) is False and _cached(project)


def test_no_cache_flag_always_empties(project):
    assert build_book.refresh_cache(project, no_cache=True) is True and not _cached(project)
