"""The suite's own set-up: pytest-xdist hands each worker whole files.

``scripts/test.sh`` runs pytest with two workers (``-n 2 --dist loadgroup``) and
``tests/conftest.py`` groups the tests (:func:`conftest.worker_group`): a file's tests
run on one worker, so that a module fixture (the axe audits of every page, a phone
load of every page, JupyterLab) is computed once, and every file that starts Jupyter
kernels shares one worker (two kernels started at once collided on a port). With
pytest 9 the ``xdist_group`` mark of pytest-xdist 3.8 grouped nothing, silently: this
test runs a small suite with the repository's scheduler in a subprocess and reads
which worker ran what.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import KERNEL_FILES, SMOKE_FILES

TESTS = Path(__file__).resolve().parent

CONFTEST = textwrap.dedent(f"""
    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("repo_conftest", {str(TESTS / 'conftest.py')!r})
    repo = importlib.util.module_from_spec(spec)
    sys.path.insert(0, {str(TESTS)!r})
    spec.loader.exec_module(repo)
    pytest_xdist_make_scheduler = repo.pytest_xdist_make_scheduler
    pytest_collection_modifyitems = repo.pytest_collection_modifyitems
""")

# Each file: a module fixture that records its worker once per computation, and tests
# (some parametrised) that record the worker that ran them.
MODULE = textwrap.dedent("""
    import os, pytest
    from pathlib import Path
    LOG = Path(__file__).parent / "ran.log"
    def note(what):
        with LOG.open("a") as f:
            f.write(f"{os.environ['PYTEST_XDIST_WORKER']} {Path(__file__).stem} {what}\\n")
    @pytest.fixture(scope="module")
    def shared():
        note("fixture")
    @pytest.mark.parametrize("scheme", ["light", "dark"])
    def test_param(shared, scheme):
        note("test")
    def test_plain(shared):
        note("test")
""")


def test_each_file_runs_on_one_worker_and_kernel_files_share_one(tmp_path):
    kernel_a, kernel_b = sorted(KERNEL_FILES | SMOKE_FILES)[:2]
    names = [kernel_a, kernel_b, "test_axe", "test_phone_layout", "test_other"]
    (tmp_path / "conftest.py").write_text(CONFTEST)
    for name in names:
        (tmp_path / f"{name}.py").write_text(MODULE)
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q",
                           "-p", "no:cacheprovider", "-p", "no:randomly", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    rows = [line.split() for line in (tmp_path / "ran.log").read_text().splitlines()]
    # 5 files x 3 tests ran, and each file's fixture was computed once (not once per worker)
    assert sum(1 for _, _, what in rows if what == "test") == 15, rows
    for name in names:
        fixtures = [w for w, stem, what in rows if stem == name and what == "fixture"]
        assert len(fixtures) == 1, f"{name}: its module fixture was computed on {fixtures}"
        assert {w for w, stem, _ in rows if stem == name} == set(fixtures), f"{name}: split across workers: {rows}"
    assert {w for w, stem, _ in rows if stem == kernel_a} == {w for w, stem, _ in rows if stem == kernel_b}, \
        f"{kernel_a} and {kernel_b} start kernels: they must share a worker: {rows}"


@pytest.mark.parametrize("nodeid, group", [
    ("tests/test_axe.py::test_no_serious_axe_violation_on_any_page[light]", "test_axe"),
    ("tests/test_jupyterlab.py::test_page_reads_like_the_book[intro]", "kernels"),
    ("tests/test_book.py::test_x", "kernels"),
    ("tests/test_layers.py::test_no_cycle", "test_layers"),
    # each edition's axe audit is a group of its own; the file's other tests stay together
    ("tests/test_editions_site.py::test_every_edition_page_passes_axe_offline[de-light]", "test_editions_site[de]"),
    ("tests/test_editions_site.py::test_every_edition_page_passes_axe_offline[de-dark]", "test_editions_site[de]"),
    ("tests/test_editions_site.py::test_every_edition_page_passes_axe_offline[ru-dark]", "test_editions_site[ru]"),
    ("tests/test_editions_site.py::test_nothing_cut_off_on_a_phone_in_any_edition[ru]", "test_editions_site[ru]"),
    ("tests/test_editions_site.py::test_every_english_page_exists_in_the_edition[de]", "test_editions_site"),
])
def test_worker_group(nodeid, group):
    from conftest import worker_group
    assert worker_group(nodeid) == group
