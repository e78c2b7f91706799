"""Every chapter can be downloaded from the website as an executed notebook.

book/_ext/banking_book/notebook_downloads.py copies each page's executed notebook into the
site as ``_sources/<page>.ipynb`` and adds ``.ipynb`` to the page's download
menu. Checked here, on the built site:

* which pages have one: exactly the pages that are notebooks, i.e. whose
  front matter names a ``kernelspec`` (read from book/*.md here, not from the
  extension), and each of those pages links to its notebook in the menu;
* each notebook is valid nbformat 4 and carries its outputs: it has as many
  code cells as the page has ``{code-cell}`` blocks (counted in the Markdown
  source), every code cell that the build runs has an execution count, a page
  that shows cell outputs on the website has outputs in its notebook, and
  cells tagged ``skip-execution`` in the source keep that tag;
* nothing of the build is left that a reader's copy would depend on: no
  Jupytext metadata, and each notebook runs top to bottom with nbclient in an
  empty folder (not book/, so a cell that reads a file of the book's folder or
  its build folder fails), with this venv's Python kernel; cells tagged
  ``skip-execution`` are skipped, as nbclient does by default.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from banking_games import registry
from conftest import BOOK, need_module, toc_pages

nbformat = need_module("nbformat")
nbclient = need_module("nbclient")

CODE_CELL = re.compile(r"^```\{code-cell\}", re.MULTILINE)
SKIP_TAG = "skip-execution"


def _front_matter(page: str) -> dict:
    text = (BOOK / f"{page}.md").read_text()
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4:text.index("\n---", 4)]) or {}


NOTEBOOK_PAGES = [p for p in toc_pages() if "kernelspec" in _front_matter(p)]


def _skip_tagged_in_source(page: str) -> int:
    """Code cells of the page whose options carry the skip-execution tag (Markdown source)."""
    blocks = CODE_CELL.split((BOOK / f"{page}.md").read_text())[1:]
    return sum(1 for b in blocks if SKIP_TAG in b.split("```", 1)[0].split("\n\n", 1)[0])


def test_notebook_pages_exist():
    # each game's chapter at least is a notebook (it holds the dealing table)
    assert set(registry.SLUGS) <= set(NOTEBOOK_PAGES)


def test_exactly_the_notebook_pages_have_a_download(built_site):
    offered = {str(p.relative_to(built_site / "_sources").with_suffix(""))
               for p in (built_site / "_sources").rglob("*.ipynb")}
    assert offered == set(NOTEBOOK_PAGES)


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_download_menu_links_the_notebook(built_site, page):
    html = (built_site / f"{page}.html").read_text()
    links = re.findall(r'href="([^"]*\.ipynb)"', html)
    assert f"_sources/{page}.ipynb" in links, f"{page}.html links no notebook download: {links}"
    # the menu entry is labelled .ipynb, beside the .md source
    assert re.search(r'download-notebook-button[\s\S]{0,600}?\.ipynb', html)
    assert f"_sources/{page}.md" in html


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_notebook_is_valid_and_executed(built_site, page):
    nb = nbformat.read(built_site / "_sources" / f"{page}.ipynb", as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert "jupytext" not in nb.metadata, "the build's Jupytext metadata is left in the download"
    assert "source_map" not in nb.metadata, "myst-nb's source map is left in the download"
    assert nb.metadata.kernelspec.name == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == len(CODE_CELL.findall((BOOK / f"{page}.md").read_text()))
    skipped = [c for c in code if SKIP_TAG in c.metadata.get("tags", [])]
    assert len(skipped) == _skip_tagged_in_source(page)
    ran = [c for c in code if c not in skipped]
    assert all(c.execution_count for c in ran), "a code cell the build runs has no execution count"
    # a page that shows cell outputs on the website has them in its notebook too
    # (glue-only cells have none: myst-nb takes the glued values out of the outputs)
    if 'class="cell_output' in (built_site / f"{page}.html").read_text():
        assert any(c.outputs for c in ran), "the notebook carries no outputs"


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_notebook_runs_top_to_bottom(built_site, page, tmp_path):
    """As a reader's download: alone in an empty folder, run by a fresh kernel."""
    copy = tmp_path / f"{page}.ipynb"
    shutil.copy2(built_site / "_sources" / f"{page}.ipynb", copy)
    nb = nbformat.read(copy, as_version=4)
    for cell in nb.cells:           # outputs of the build must not hide a failure
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=False,
                                     skip_cells_with_tag=SKIP_TAG,
                                     resources={"metadata": {"path": str(tmp_path)}})
    started = time.monotonic()
    client.execute()       # raises CellExecutionError on the first failing cell
    print(f"\n[notebook download] {page}: ran in {time.monotonic() - started:.1f} s")
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr")]
    assert not errors, f"{page}: error or stderr output: {errors[:2]}"
    assert sorted(p.name for p in tmp_path.iterdir()) == [copy.name], "the notebook wrote files"


def _check_smoke_download(html: Path) -> None:
    """tests/smoke_book's download in a built site: valid, its three code cells
    (each ending in a value) each with an execute_result, linked from the page."""
    from conftest import SMOKE
    nb = nbformat.read(html / "_sources" / "smoke.ipynb", as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == len(CODE_CELL.findall((SMOKE / "smoke.md").read_text())) == 3
    assert all(any(o.output_type == "execute_result" for o in c.outputs) for c in code)
    assert 'href="_sources/smoke.ipynb"' in (html / "smoke.html").read_text()


def test_download_in_the_books_inline_mode(smoke_site):
    """myst-nb's execute_notebooks "inline" (the book's mode, needed by {eval}
    roles) gives the download, with outputs: the session's smoke build
    (conftest ``smoke_build``: tests/smoke_book built with book/_config.yml)."""
    assert "execute_notebooks: inline" in (smoke_site.parent.parent / "_config.yml").read_text()
    _check_smoke_download(smoke_site)


@pytest.fixture(scope="module")
def cache_mode_build(tmp_path_factory):
    """tests/smoke_book built with book/_config.yml in myst-nb's "cache" mode.

    The one build of the suite that is not the book's own mode, and the only
    one built twice: with an empty cache a build executes the page as inline
    mode does; only the second build takes the page from the cache, and then
    myst-nb writes its executed notebook without outputs, which
    book/_ext/banking_book/notebook_downloads.py must merge back. That second build is
    what this fixture is for. Returns ``(html folder, last build's log)``."""
    from conftest import SMOKE
    src = tmp_path_factory.mktemp("cache_mode") / "book"
    shutil.copytree(SMOKE, src)
    config = (BOOK / "_config.yml").read_text()
    assert "execute_notebooks: inline" in config   # the book's own mode (the {eval} roles need it)
    (src / "_config.yml").write_text(config.replace("execute_notebooks: inline", "execute_notebooks: cache"))
    shutil.copy2(BOOK / "references.bib", src / "references.bib")
    for folder in ("_ext", "_assets", "_vendor"):
        if not (BOOK / folder).is_dir():
            pytest.fail(f"book/{folder} is missing: run scripts/test.sh", pytrace=False)
        shutil.copytree(BOOK / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    exe = Path(sys.executable).with_name("jupyter-book")
    for _ in range(2):   # the first fills the cache, the second reads it (see above)
        for stale in ("html", ".doctrees", "jupyter_execute"):   # as scripts/build_book.py does
            shutil.rmtree(src / "_build" / stale, ignore_errors=True)
        proc = subprocess.run([str(exe), "build", str(src), "-W", "-n", "--keep-going"], cwd=src,
                              capture_output=True, text=True, env=dict(os.environ, NO_COLOR="1"))
        assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return src / "_build" / "html", proc.stdout + proc.stderr


def test_download_in_cache_mode(cache_mode_build):
    """myst-nb's "cache" mode gives the same download, also when the page comes from the cache."""
    html, log = cache_mode_build
    assert "Using cached notebook" in log
    _check_smoke_download(html)


# Pages whose notebook still imports myst-nb (for glue): it runs with requirements.txt
# installed, but not with only the package and its "book" extra (pyproject.toml).
# Strict xfail: empty this list when the pages converted for JupyterLab are merged.
STILL_NEEDS_MYST_NB: list[str] = []
BUILD_ONLY_MODULES = re.compile(r"^\s*(?:from|import)\s+(myst_nb|sphinx|jupyter_book)\b", re.MULTILINE)


@pytest.mark.parametrize("page", [
    pytest.param(p, marks=pytest.mark.xfail(reason="glue: the page imports myst_nb", strict=True))
    if p in STILL_NEEDS_MYST_NB else p for p in NOTEBOOK_PAGES])
def test_notebook_needs_no_build_tool(built_site, page):
    """A reader's notebook needs the package and its "book" extra only, not the
    book's build tools (myst-nb, Sphinx, Jupyter Book)."""
    nb = nbformat.read(built_site / "_sources" / f"{page}.ipynb", as_version=4)
    found = sorted({m.group(1) for c in nb.cells if c.cell_type == "code"
                    for m in BUILD_ONLY_MODULES.finditer(c.source)})
    assert not found, f"{page}: the downloaded notebook imports {found}"
