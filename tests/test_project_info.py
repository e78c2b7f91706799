"""Where the book's code lives, how to install it, how to cite it (issue 21,
"The student notebook and the code" and "For the people who carry it on").

The address of the code is set in ONE value, ``repository: url:`` of
book/_config.yml. The intro, every lesson page and every student notebook
show it with the one-command install, and no other file of the repository
writes it by hand. CITATION.cff is valid CFF 1.2.0 and names the version and
title of pyproject.toml.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import BOOK, ROOT, need_module

yaml = need_module("yaml")

sys.path.insert(0, str(ROOT / "scripts"))

from banking_games.project import ProjectInfoError, book_code, install_command, repository_url  # noqa: E402

CONFIG = BOOK / "_config.yml"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LESSONS = sorted(BOOK.glob("lesson-*.md"))
SKIP = {".git", ".venv", "node_modules", "_build", "_vendor", "_handouts", "__pycache__", ".ipynb_checkpoints"}


def the_url() -> str:
    """The value as the YAML file states it, read here without the package."""
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))["repository"]["url"]


def expected_command(url: str) -> str:
    # pip installs a project from a git URL by building its pyproject.toml at the
    # repository's root (setuptools finds the package in src/, [tool.setuptools.packages.find]);
    # the pages need the optional dependencies "book"; a direct reference with extras
    # is written "<name>[<extra>] @ git+<url>" (PEP 508)
    name = PYPROJECT["project"]["name"]
    assert "book" in PYPROJECT["project"]["optional-dependencies"]
    assert PYPROJECT["tool"]["setuptools"]["packages"]["find"]["where"] == ["src"]
    return f'pip install "{name}[book] @ git+{url}"'


def test_the_address_is_one_http_value_in_the_book_config():
    url = the_url()
    assert re.fullmatch(r"https://[\w.-]+/[\w./-]+", url), url
    assert repository_url(CONFIG) == url
    assert install_command(url) == expected_command(url)


def test_a_config_without_an_address_is_refused(tmp_path):
    for text in ("title: x\n", "repository:\n  url: \"\"\n", "repository:\n  url: some/where\n"):
        (tmp_path / "_config.yml").write_text(text)
        with pytest.raises(ProjectInfoError, match="repository.url"):
            repository_url(tmp_path / "_config.yml")


def test_the_shown_texts_carry_the_address_and_the_command():
    url = the_url()
    code = book_code(CONFIG)
    assert code.url._repr_mimebundle_() == {
        "text/plain": url, "text/html": f'<a href="{url}">{url}</a>', "text/markdown": f"<{url}>"}
    bundle = code.install._repr_mimebundle_()
    assert bundle["text/plain"] == expected_command(url)
    assert bundle["text/markdown"] == f"`{expected_command(url)}`"


@pytest.mark.parametrize("page", [BOOK / "intro.md", *LESSONS], ids=lambda p: p.name)
def test_the_intro_and_each_lesson_page_show_the_address_and_the_install(page):
    text = page.read_text(encoding="utf-8")
    assert "from banking_games.project import book_code" in text and "code = book_code()" in text
    assert "{eval}`shown.code_url`" in text and "{eval}`shown.code_install`" in text


@pytest.mark.parametrize("page", LESSONS, ids=lambda p: p.name)
def test_the_lesson_pages_say_it_in_their_last_section(page):
    # one appended block (other helpers edit these pages too): the last "## " section
    last = page.read_text(encoding="utf-8").rsplit("\n## ", 1)[1]
    assert last.startswith("The book's code\n") and "{eval}`shown.code_install`" in last


def test_the_student_notebooks_show_the_address_and_the_install(tmp_path):
    nbformat = need_module("nbformat")
    need_module("jupytext")
    import make_handouts

    made = make_handouts.make_notebooks(tmp_path)
    assert sorted(made) == sorted(make_handouts.GAMES)
    for path in made.values():
        first = nbformat.read(str(path), as_version=4).cells[0]
        assert first.cell_type == "markdown"
        assert f"<{the_url()}>" in first.source
        assert f"```bash\n{expected_command(the_url())}\n```" in first.source


def _text_files():
    """Every text file of the repository, less what is generated or installed (pruned, not listed)."""
    import os

    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP and not d.endswith(".egg-info")]
        for name in files:
            p = Path(folder) / name
            try:
                yield p.relative_to(ROOT), p.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue


def test_the_address_is_written_nowhere_else_by_hand():
    url = the_url()
    # the host and path without the scheme, so "git+https://..." or a bare "github.com/..." count too
    bare = url.split("://", 1)[1].rstrip("/")
    found = sorted(str(rel) for rel, text in _text_files() if bare in text)
    assert found == ["book/_config.yml"], f"the code's address written by hand in {found}"


# ------------------------------------------------------------------ licences and citation

def test_the_code_has_a_licence_file_that_matches_pyproject():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert PYPROJECT["project"]["license"] == "MIT"
    # the MIT licence's title and its grant and warranty clauses
    assert text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text


def test_citation_cff_is_valid_and_matches_pyproject():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    # required keys of CFF 1.2.0 (schema.json "required"): cff-version, message, title, authors
    for key in ("cff-version", "message", "title", "authors"):
        assert cff.get(key), f"CITATION.cff lacks {key}"
    assert cff["cff-version"] == "1.2.0"
    assert isinstance(cff["authors"], list) and all(
        isinstance(a, dict) and (a.get("name") or a.get("family-names")) for a in cff["authors"])
    assert cff["version"] == PYPROJECT["project"]["version"]
    # the book's title is the site's; the package's description is the abstract
    assert cff["title"] == yaml.safe_load(CONFIG.read_text(encoding="utf-8"))["title"]
    assert cff["license"] == PYPROJECT["project"]["license"]
    assert cff["type"] == "software"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(cff["date-released"]))


def test_the_website_states_the_licences():
    # the intro's last section and the footer of every page (sphinx-book-theme's extra_footer,
    # set in the html_theme_options that book/_config.yml hands to Sphinx)
    intro = (BOOK / "intro.md").read_text(encoding="utf-8").rsplit("\n## ", 1)[1]
    assert intro.startswith("The code, the licence and how to cite")
    for words in ("MIT licence", "CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/", "CC BY-SA",
                  "[Sources](sources.md)", "CITATION.cff"):
        assert words in intro, words
    footer = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))["sphinx"]["config"]["html_theme_options"][
        "extra_footer"]
    for words in ("CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/", "MIT", 'href="sources.html"'):
        assert words in footer, words
