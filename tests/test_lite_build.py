"""The site's JupyterLite ("Try it in JupyterLite") as scripts/lite_site.py builds it.

Checked on the built site's ``_static/lite/`` without a browser (the browser
test is tests/test_jupyterlite.py):

* one notebook per game chapter, each with the dealing table of its chapter
  and the one-line note that numpy, pandas and matplotlib are missing here;
* the kernel's Pyodide is the site's own ("Deal live") core, the lock file is
  the site's own, and no setting names another host;
* every package of the site's pyodide-lock.json is served next to it with the
  sha256 the lock states (Pyodide refuses a wheel whose hash differs), every
  dependency it lists is itself in the lock, the versions are the pins of
  requirements.txt or book/_lite/browser-wheels.txt, and numpy, pandas and
  matplotlib are absent (there is no wheel of them for Pyodide on PyPI);
* the Pyodide core is the version jupyterlite-pyodide-kernel expects.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = {"hoggenheimer": "HoggenheimerTable", "banker-and-broker": "BankerBrokerTable",
            "landsknecht": "LandsknechtTable"}


@pytest.fixture(scope="module")
def lite(built_site) -> Path:
    return built_site / "_static" / "lite"


KERNEL_OWN = {"piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension"}
KERNEL_PYPI = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
               / "pyodide-kernel-extension" / "static" / "pypi")


def _pins() -> dict[str, str]:
    pins = {}
    for f in (ROOT / "requirements.txt", ROOT / "book" / "_lite" / "browser-wheels.txt"):
        for line in f.read_text().splitlines():
            m = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)", line.strip())
            if m:
                pins[re.sub(r"[-_.]+", "-", m.group(1)).lower()] = m.group(2)
    return pins


def test_one_notebook_per_game(lite):
    for chapter, table in CHAPTERS.items():
        nb = json.loads((lite / "files" / f"{chapter}.ipynb").read_text())
        code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert f"{table}(" in code, f"{chapter}: the chapter's table is not in the notebook"
        assert "import sympy" in code, f"{chapter}: no sympy derivation"
        assert "numpy, pandas and matplotlib are not available here" in text
        assert "local Jupyter" in text, f"{chapter}: does not point to local Jupyter for simulations"
        for banned in ("import numpy", "import pandas", "import matplotlib", "banking_games.simulate"):
            assert banned not in code, f"{chapter}: {banned} cannot run in the browser"
        assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")


def test_kernel_uses_the_sites_own_pyodide_and_lock(lite):
    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    # pyodideUrl is resolved against the app page, <lite>/notebooks/index.html
    core = (lite / "notebooks" / kernel["pyodideUrl"]).resolve()
    assert core == (lite.parent / "live" / "pyodide.mjs").resolve() and core.is_file()
    lock = (lite / kernel["loadPyodideOptions"]["lockFileURL"]).resolve()
    assert lock == (lite / "pyodide" / "pyodide-lock.json").resolve() and lock.is_file()
    assert kernel["disablePyPIFallback"] is True
    assert "://" not in json.dumps(kernel)
    pyodide = json.loads((lite.parent / "live" / "package.json").read_text())["version"]
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    assert pyodide == PYODIDE_VERSION


def test_lock_matches_the_served_wheels(lite):
    lock = json.loads((lite / "pyodide" / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    pins = _pins()
    assert {"micropip", "ipython", "ipywidgets", "sympy", "mpmath", "comm", "banking-games"} <= set(packages)
    for banned in ("numpy", "pandas", "matplotlib"):
        assert banned not in packages
    for name, entry in packages.items():
        wheel = lite / "pyodide" / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']} is not served"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{name}: sha256 differs"
        assert wheel.name.endswith("-none-any.whl"), f"{name}: not a pure-Python wheel"
        for dep in entry["depends"]:
            assert dep in packages, f"{name} depends on {dep}, which the lock does not list"
        if name in KERNEL_OWN:  # the kernel package's own wheels (stand-ins for ipykernel, widgetsnbextension)
            assert wheel.read_bytes() == (KERNEL_PYPI / wheel.name).read_bytes(), f"{name}: not the kernel's wheel"
        elif name != "banking-games":
            assert entry["version"] == pins[name], f"{name}: {entry['version']} is not the pin {pins[name]}"
    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    for name in kernel["loadPyodideOptions"]["packages"]:
        assert name in packages, f"{name} is preloaded but not in the lock"
