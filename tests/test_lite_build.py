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
* the Pyodide core is the version jupyterlite-pyodide-kernel expects;
* each other edition has its own entry, ``notebooks-<lang>/``: the Notebook app's page, whose
  configuration is the app's plus the edition's locale as the default language (and without
  the trust badge), and that
  locale's translations are served (JupyterLab's language pack: the File menu is "Datei",
  "Файл");
* each notebook ends with the game's exercises (issue 20), numbered and titled as the
  built pages show them, each with a cell to complete and none with its solution; those
  cells run in a Python without numpy, pandas and matplotlib.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
from pathlib import Path

from banking_games import registry
import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = {g.slug: g.table for g in registry.GAMES}


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
    # through the site's own wrapper (it installs the preloaded packages from one file), which
    # imports and re-exports the core that Deal live serves
    wrapper = (lite / "notebooks" / kernel["pyodideUrl"]).resolve()
    assert wrapper == (lite / "kernel-pyodide.mjs").resolve() and wrapper.is_file()
    imports = re.findall(r'^(?:import|export) .* from "([^"]+)";$', wrapper.read_text(), re.M)
    assert imports and {(wrapper.parent / i).resolve() for i in imports} == {(lite.parent / "live" / "pyodide.mjs").resolve()}
    assert (lite.parent / "live" / "pyodide.mjs").is_file()
    # and reads the preloaded packages' file in a worker whose script is served beside it
    workers = re.findall(r'new Worker\(new URL\("([^"]+)", import\.meta\.url\)', wrapper.read_text())
    assert workers and all((wrapper.parent / w).is_file() for w in workers), workers
    lock = (lite / kernel["loadPyodideOptions"]["lockFileURL"]).resolve()
    assert lock == (lite / "pyodide" / "pyodide-lock.json").resolve() and lock.is_file()
    assert kernel["disablePyPIFallback"] is True
    assert "://" not in json.dumps(kernel)
    pyodide = json.loads((lite.parent / "live" / "package.json").read_text())["version"]
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    assert pyodide == PYODIDE_VERSION


# an edition -> its JupyterLab locale and the File menu's word in that locale's language pack
# (jupyterlab-language-pack-de-DE / -ru-RU, jupyterlab.json, context "menu")
EDITION_LOCALES = {"de": ("de_DE", "Datei"), "ru": ("ru_RU", "Файл")}


def test_each_edition_has_its_own_entry_in_its_language(lite):
    app = lite / "notebooks"
    base = json.loads((app / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert "settingsOverrides" not in base   # the English entry keeps JupyterLab's default, English
    listed = json.loads((lite / "api" / "translations" / "all.json").read_text())["data"]
    for lang, (locale, file_menu) in EDITION_LOCALES.items():
        entry = lite / f"notebooks-{lang}"
        for name in ("index.html", "jupyter-lite.ipynb", "favicon.ico"):
            assert (entry / name).read_bytes() == (app / name).read_bytes(), f"{lang}: {name}"
        config = json.loads((entry / "jupyter-lite.json").read_text())["jupyter-config-data"]
        overrides = config.pop("settingsOverrides")
        # the trust badge left out: on a phone it covered the menus (test_editions_site)
        assert config.pop("disabledExtensions") == ["@jupyter-notebook/notebook-extension:trusted"]
        assert config == base, lang
        assert overrides == {"@jupyterlab/translation-extension:plugin": {"locale": locale}}
        assert locale in listed
        pack = json.loads((lite / "api" / "translations" / f"{locale}.json").read_text())["data"]
        assert pack["jupyterlab"]["menu\u0004File"] == [file_menu], lang


def _bundle(path: Path) -> tuple[dict, dict[str, bytes]]:
    """The header and files of scripts/preload_bundle.mjs's file (its format: gzip of a 4-byte
    little-endian header length, the JSON header, then each file's bytes in the header's order)."""
    import gzip
    import struct

    raw = gzip.decompress(path.read_bytes())
    (length,) = struct.unpack("<I", raw[:4])
    header = json.loads(raw[4:4 + length])
    files, at = {}, 4 + length
    for name, size in header["files"]:
        files[name] = raw[at:at + size]
        at += size
    assert at == len(raw), "bytes left over after the last file"
    return header, files


def test_preloaded_packages_bundle_is_what_pyodide_installs(lite):
    """Issue 22: the kernel's preloaded packages come from one file (preloaded-packages.gz) that
    kernel-pyodide.mjs writes into Python's file system, instead of Pyodide unpacking 25 wheels.

    Derived from Pyodide 314.0.6's installer (pyodide/_package_loader.py, unpack_buffer): a wheel
    is unpacked whole into site-packages (/lib/python3.14/site-packages for CPython 3.14), its
    .dist-info gets INSTALLER = "pyodide.loadPackage" and PYODIDE_SOURCE = "pyodide" (a package
    of the lock), and the files under <name>.data/data/ are copied under sys.prefix ("/"). The
    packages are the kernel's `packages` option and, through the lock's `depends`, all they need.
    The browser checks the file against the config's sha256 (subresource integrity)."""
    import zipfile

    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    bundle = (lite / options["bgPreloadURL"]).resolve()
    assert bundle == (lite / "pyodide" / "preloaded-packages.gz").resolve()
    digest = base64.b64encode(hashlib.sha256(bundle.read_bytes()).digest()).decode()
    assert options["bgPreloadIntegrity"] == f"sha256-{digest}"

    lock = json.loads((lite / "pyodide" / "pyodide-lock.json").read_text())
    wanted, todo = set(), list(options["packages"])
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += lock["packages"][name]["depends"]
    site = "/lib/python3.14/site-packages/"
    expected: dict[str, bytes] = {}
    for name in sorted(wanted):
        with zipfile.ZipFile(lite / "pyodide" / lock["packages"][name]["file_name"]) as z:
            members = [m for m in z.namelist() if not m.endswith("/")]
            dist_info = next(m.split("/")[0] for m in members if m.split("/")[0].endswith(".dist-info"))
            for m in members:
                expected[site + m] = z.read(m)
                top, _, rest = m.partition("/")
                if top.endswith(".data") and rest.startswith("data/"):
                    expected["/" + rest[len("data/"):]] = z.read(m)
        expected[f"{site}{dist_info}/INSTALLER"] = b"pyodide.loadPackage"
        expected[f"{site}{dist_info}/PYODIDE_SOURCE"] = b"pyodide"
    header, files = _bundle(bundle)
    assert header["python"] == lock["info"]["python"]
    assert header["packages"] == {name: "default channel" for name in wanted}
    assert sorted(files) == sorted(expected), (
        f"files only in the bundle: {sorted(set(files) - set(expected))[:5]}; "
        f"only in the wheels: {sorted(set(expected) - set(files))[:5]}")
    differ = [name for name in files if files[name] != expected[name]]
    assert not differ, f"files whose bytes differ from the wheels': {differ[:5]}"
    # every file's folder is made first, but site-packages, which Pyodide makes at its start
    assert {name.rsplit("/", 1)[0] for name in files} - set(header["dirs"]) == {site.rstrip("/")}


def _members(wheel: Path) -> dict[str, bytes]:
    """A wheel's files but the bytecode that scripts/compile_wheels.mjs adds and RECORD, which it
    writes again."""
    import zipfile

    with zipfile.ZipFile(wheel) as z:
        return {n: z.read(n) for n in z.namelist()
                if "/__pycache__/" not in f"/{n}" and not n.endswith(".dist-info/RECORD") and not n.endswith("/")}


def test_served_wheels_carry_bytecode_for_the_reader_pyodide(lite):
    """Issue 22: the kernel's start and `import sympy` run from bytecode made at build time.

    Derived by hand: Pyodide 314 is CPython 3.14 (the lock's info says python 3.14.x), whose cache
    tag is "cpython-314"; `import sympy` imports sympy.core.basic (sympy/__init__.py imports
    .core, whose __init__ imports .basic), so its bytecode must be there, as an unchecked
    hash-based pyc (PEP 552: flags word 0b01, so the browser never compares file times), next to
    the source, which stays. sympy's tests are not served (nothing imports them)."""
    import struct
    import zipfile

    lock = json.loads((lite / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14.")
    entry = lock["packages"]["sympy"]
    with zipfile.ZipFile(lite / "pyodide" / entry["file_name"]) as z:
        names = set(z.namelist())
        assert "sympy/core/basic.py" in names
        pyc = z.read("sympy/core/__pycache__/basic.cpython-314.pyc")
        assert struct.unpack("<I", pyc[4:8])[0] == 0b01, "not an unchecked hash-based pyc"
        assert not [n for n in names if "/tests/" in n], "sympy's tests are served"
        record = z.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        assert "sympy/core/__pycache__/basic.cpython-314.pyc,sha256=" in record
    with zipfile.ZipFile(lite / "pyodide" / lock["packages"]["pyodide-kernel"]["file_name"]) as z:
        assert "pyodide_kernel/__pycache__/__init__.cpython-314.pyc" in z.namelist()


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
            assert _members(wheel) == _members(KERNEL_PYPI / wheel.name), f"{name}: not the kernel's wheel"
        elif name != "banking-games":
            assert entry["version"] == pins[name], f"{name}: {entry['version']} is not the pin {pins[name]}"
    config = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    for name in kernel["loadPyodideOptions"]["packages"]:
        assert name in packages, f"{name} is preloaded but not in the lock"


def test_each_game_notebook_carries_its_exercises_without_solutions(built_site, lite):
    """Issue 20: after the notebook's own cells, every exercise of the game's three pages,
    numbered and titled as the built pages show them (read here from the HTML, not through
    scripts/exercise_sheets.py), each followed by a code cell to complete; the solutions' text
    is not there; an exercise the reader deals with the Repeat panel gets the chapter's table."""
    from test_teaching import site_exercises, solution_windows

    for chapter, table in CHAPTERS.items():
        heads, exercises, solutions = site_exercises(built_site, chapter)
        nb = json.loads((lite / "files" / f"{chapter}.ipynb").read_text())
        cells = [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]
        shown = [(i, re.match(r"#### (Exercise \d+ \(.+\))\n", src)) for i, (kind, src) in enumerate(cells)
                 if kind == "markdown"]
        shown = [(i, m.group(1)) for i, m in shown if m]
        assert [h for _, h in shown] == heads, chapter
        start = next(i for i, (kind, src) in enumerate(cells) if src.startswith("## Exercises"))
        text = " ".join(src for _, src in cells[start:])   # the notebook's own cells explain the game in its words
        for (i, head), body in zip(shown, exercises):
            kind, code = cells[i + 1]
            assert kind == "code", f"{chapter}: no cell to work in under {head}"
            assert code.startswith(f"# {head}"), code[:80]
            if "Repeat seed" in body:   # dealt with the panel: the chapter's table, whose panel is at its foot
                assert f"{table}(" in code, (chapter, head)
        flat = " ".join(text.replace("*", "").split())
        leaked = [run for run in solution_windows(solutions, exercises) if run in flat]
        assert not leaked, f"{chapter}: solution text in the notebook: {leaked[:3]}"
        assert "Solution" not in text


def test_exercise_cells_run_without_numpy_pandas_matplotlib(lite, tmp_path):
    """The exercise cells of each game's notebook, run one after another in a plain Python
    with numpy, pandas and matplotlib made unimportable (the browser's Python has none of
    them): none raises. The browser run is tests/test_jupyterlite.py."""
    import subprocess

    cells = []
    for chapter in CHAPTERS:
        nb = json.loads((lite / "files" / f"{chapter}.ipynb").read_text())
        start = next(i for i, c in enumerate(nb["cells"]) if "".join(c["source"]).startswith("## Exercises"))
        cells += ["".join(c["source"]) for c in nb["cells"][start:] if c["cell_type"] == "code"]
    assert len(cells) >= 3 * 8
    script = tmp_path / "cells.py"
    script.write_text("import sys\nfor name in ('numpy', 'pandas', 'matplotlib'):\n    sys.modules[name] = None\n"
                      + "".join(f"exec(compile({src!r}, 'cell {i}', 'exec'))\n" for i, src in enumerate(cells))
                      + "print('ran', %d)\n" % len(cells))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == f"ran {len(cells)}"
