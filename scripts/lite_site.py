"""Build the site's own JupyterLite ("Try it in JupyterLite") into book/_vendor/lite/.

Each game chapter's header has a button *Try it in JupyterLite*
(book/_ext/banking_book/jupyterlite_launch.py) that opens one notebook per game in a
JupyterLite served by the site itself, with the Python kernel of
jupyterlite-pyodide-kernel running Pyodide in the reader's browser. Nothing
is loaded from another host:

* JupyterLite itself: ``jupyter lite build`` (jupyterlite-core and
  jupyterlite-pyodide-kernel, pinned in requirements.txt), with the
  federated extensions of this venv (the ipywidgets manager, the kernel);
* the Pyodide core: the one of "Deal live" (``_static/live/``, from the npm
  package ``pyodide`` pinned in package-lock.json; the kernel 0.8.6 expects
  Pyodide 314.0.6, checked below), except its standard library: the kernel
  loads its own copy (``pyodide/python_stdlib.zip``, option ``stdLibURL``),
  the npm package's with bytecode beside the sources of the modules the
  kernel and the notebooks load (Deal live's copy has bytecode for the
  tables' modules only, in place of their sources);
* the Python packages the kernel and the notebooks load: pure-Python wheels
  from PyPI (``pip download``) at the versions pinned in requirements.txt,
  plus the few that only the browser needs, pinned in
  book/_lite/browser-wheels.txt (micropip); this book's package as a wheel
  built from ``src/`` (scripts/live_site.py). They are listed in the site's own
  ``pyodide-lock.json`` (``_static/lite/pyodide/``), written here from the npm
  package's lock file: same platform header, one entry per served wheel with
  its real file name and sha256, and no entry for anything not served, so a
  package the site lacks fails with a clear error instead of a request to
  another host. The served wheels carry bytecode for the modules the kernel
  and the notebooks load, made by the site's own Pyodide under Node.js
  (scripts/compile_wheels.mjs; Pyodide never writes bytecode, so the reader's
  browser would compile them on every start), and leave out DROP's files;
* the kernel's preloaded packages (PRELOAD, with their dependencies) also as
  one file, ``pyodide/preloaded-packages.gz``: the files Pyodide's own
  installer makes from those wheels (scripts/preload_bundle.mjs, Node.js),
  which book/_lite/kernel-pyodide.mjs (the kernel's ``pyodideUrl``: the site's
  Pyodide core with this one change) writes into Python's file system while
  the kernel starts, instead of letting Pyodide unpack 25 wheels file by file
  (2 s of each start in the reader's browser); the wheels stay served for the
  fallback and for ``%pip``;
* the notebooks: book/_lite/<game>.py (jupytext percent format) converted
  to ``.ipynb`` without outputs, and each edition's ``<lang>/<game>.ipynb``
  (its Markdown cells translated from book/locales/<lang>/LC_MESSAGES/lite.po,
  its first cell setting the package's language; scripts/extras_i18n.py). Each game's exercises are added to the
  site's copy after the book is built (scripts/exercise_sheets.py: their
  text holds numbers the pages compute).

JupyterLite's own words (menus, dialogs, the kernel's status) are JupyterLab's
language packs, pinned in requirements.txt (``jupyterlab-language-pack-de-DE``,
``-ru-RU``): ``jupyter lite build`` writes the installed ones into
``api/translations/<locale>.json``. Each edition opens its notebook in its own
entry, ``notebooks-<lang>/`` (:func:`edition_entries`): the Notebook app's page,
with a ``jupyter-lite.json`` whose ``settingsOverrides`` make the edition's
locale (:data:`LOCALES`) the default of JupyterLab's language setting; the
English entry, ``notebooks/``, stays English. A reader's own choice (Settings ->
Language) is kept in the browser and wins over both.

JupyterLite's leftovers (``.jupyterlite.doit.db``, ``_contents/``) live only in
the scratch folder book/_vendor/.lite-work, which is deleted before each
build, so a stale database cannot drop a setting. A stamp skips the work
when no input changed.

Usage: python scripts/lite_site.py
Exit status 1 (with a message) on a missing input, wheel or language pack, or a
wheel whose dependency the site does not serve.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import live_site  # noqa: E402  (same folder: the wheel builder and pins)

LITE_SRC = ROOT / "book" / "_lite"
WORK = ROOT / "book" / "_vendor" / ".lite-work"
DEST = ROOT / "book" / "_vendor" / "lite"
STAMP = ROOT / "book" / "_vendor" / ".lite-stamp"
CACHE = ROOT / "book" / "_vendor" / ".wheel-cache"
NODE_LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
NODE_PKG = ROOT / "node_modules" / "pyodide" / "package.json"
KERNEL_PYODIDE = "314.0.6"  # jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION of 0.8.6

# What the kernel (pyodide-kernel 0.8.6 installs ipykernel, comm, pyodide-kernel,
# jedi, ipython) and the notebooks (ipywidgets, sympy, this book) import, with
# their dependencies; versions from requirements.txt or browser-wheels.txt.
PACKAGES = (
    "micropip", "packaging",
    "comm", "ipython", "ipython-pygments-lexers", "jedi", "parso", "traitlets", "pygments",
    "prompt-toolkit", "wcwidth", "stack-data", "executing", "asttokens", "pure-eval",
    "matplotlib-inline",
    "ipywidgets", "jupyterlab-widgets", "sympy", "mpmath", "segno",
)
# the kernel's own wheels (jupyterlite-pyodide-kernel's labextension, static/pypi/): its Python
# side and stand-ins for ipykernel and widgetsnbextension; served in the lock like the others
KERNEL_WHEELS = ("piplite-*.whl", "pyodide_kernel-*.whl", "ipykernel-*.whl", "widgetsnbextension-4.*.whl")
KERNEL_PYPI = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
               / "pyodide-kernel-extension" / "static" / "pypi")
# loaded by loadPyodide() while Python starts, in parallel, instead of one by one by the kernel's
# piplite afterwards (the kernel skips installing what is listed here): the kernel's packages and
# what every notebook imports
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "ipywidgets", "sympy", "segno", "banking-games")
KERNEL_PROVIDES: set[str] = set()
# Left out of the served wheels (regular expressions on a wheel's member names): the test suites of
# sympy and mpmath (a third of sympy's files), and jedi's typeshed stubs for third-party packages
# the site does not serve and Django's stubs (4,800 of jedi's 5,600 files; jedi keeps the standard
# library's). Pyodide unpacks every file of a preloaded wheel on each kernel start.
DROP = {"sympy": r"(^|/)tests/", "mpmath": r"(^|/)tests/",
        "jedi": r"^jedi/third_party/(typeshed/stubs|django-stubs)/"}
# compiled whole (the kernel's package manager, used at its start and by each `%pip install` cell)
COMPILE_ALL = ("micropip", "packaging", "piplite")
# the kernel's own copy of Pyodide's standard library, with bytecode beside the sources of every
# module the kernel's start and the notebooks load (in _static/lite/pyodide/, named by stdLibURL)
STDLIB = "python_stdlib.zip"
# PRELOAD as Pyodide's own installer lays it out, in one gzip file (scripts/preload_bundle.mjs),
# which KERNEL_JS (from book/_lite/, served as _static/lite/KERNEL_JS and named by the kernel's
# pyodideUrl) writes into Pyodide's file system while the kernel starts; Pyodide's unpacking of
# the 25 wheels took 2.0-2.2 s of each kernel start in the reader's browser
BUNDLE = "preloaded-packages.gz"
KERNEL_JS = "kernel-pyodide.mjs"
BUNDLE_WORKER_JS = "kernel-bundle-worker.mjs"   # KERNEL_JS reads BUNDLE in this worker
BUNDLE_JS = Path(__file__).resolve().parent / "preload_bundle.mjs"
# each edition's JupyterLab locale (the language pack's, pinned in requirements.txt), the default
# language of its entry notebooks-<lang>/ (edition_entries)
LOCALES = {"de": "de_DE", "ru": "ru_RU"}
APP = "notebooks"   # the Notebook app, which "Try it in JupyterLite" opens (jupyterlite_launch.py)
# the Notebook app's files an edition's entry needs beside its own jupyter-lite.json: its page and
# the two files config-utils.js reads from the page's folder (a missing one is a 404 on each load)
APP_FILES = ("index.html", "jupyter-lite.ipynb", "favicon.ico")
TRANSLATION_PLUGIN = "@jupyterlab/translation-extension:plugin"
# left out of an edition's entry: the Notebook app's "Not Trusted" badge, which shares the menu
# bar's row; on a 390 px phone it covered the translated menus from the fourth (Russian:
# "Выполнить", the Run menu each notebook's first cell names) on. File -> Trust Notebook stays.
EDITION_DISABLED = ["@jupyter-notebook/notebook-extension:trusted"]
# the platform the wheels' markers are evaluated for (Pyodide 314: CPython 3.14, emscripten)
MARKER_ENV = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
              "python_version": "3.14", "python_full_version": "3.14.2",
              "implementation_name": "cpython", "platform_python_implementation": "CPython",
              "platform_machine": "wasm32", "extra": ""}


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    out = {norm(k): v for k, v in live_site._pins().items()}
    for line in (LITE_SRC / "browser-wheels.txt").read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)", line.strip())
        if m:
            out[norm(m.group(1))] = m.group(2)
    return out


def stamp_value() -> str:
    h = hashlib.sha256()
    files = [ROOT / "package-lock.json", ROOT / "requirements.txt", ROOT / "pyproject.toml",
             Path(__file__).resolve(), Path(live_site.__file__).resolve(), live_site.COMPILE_JS, BUNDLE_JS,
             *sorted(p for p in LITE_SRC.rglob("*") if p.is_file()), *live_site._src_files(),
             Path(__file__).resolve().parent / "extras_i18n.py",
             *sorted((ROOT / "book" / "locales").glob("*/LC_MESSAGES/lite.po"))]
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def download(pinned: dict[str, str]) -> list[Path]:
    """Every wheel of PACKAGES at its pin, from pip's index into the shared wheel cache."""
    CACHE.mkdir(parents=True, exist_ok=True)

    def cached(pkg: str, ver: str) -> list[Path]:
        stem = re.sub(r"[-.]+", "_", pkg)
        return [p for p in CACHE.glob("*-none-any.whl")
                if norm(p.name.split("-")[0]) == norm(stem) and p.name.split("-")[1] == ver]

    missing = []
    for pkg in PACKAGES:
        if pkg not in pinned:
            sys.exit(f"lite_site: {pkg} is pinned neither in requirements.txt nor in "
                     f"book/_lite/browser-wheels.txt")
        if not cached(pkg, pinned[pkg]):
            missing.append(f"{pkg}=={pinned[pkg]}")
    if missing:
        cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
               "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
               "--abi", "none", "--platform", "any", "-d", str(CACHE), *missing]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"lite_site: pip download {' '.join(missing)} failed:\n{run.stderr}")
    out = []
    for pkg in PACKAGES:
        hits = cached(pkg, pinned[pkg])
        if not hits:
            sys.exit(f"lite_site: no wheel for {pkg}=={pinned[pkg]} after pip download")
        hits = [h for h in hits if h.name.endswith("-none-any.whl")]
        if not hits:
            sys.exit(f"lite_site: {pkg}=={pinned[pkg]} has no pure-Python wheel; Pyodide cannot use it")
        out.append(hits[0])
    return out


def wheel_entry(path: Path, served: set[str]) -> dict:
    """A pyodide-lock.json package entry for one pure-Python wheel."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = zf.read(meta_name).decode()
        top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    imports = sorted(t[:-3] if t.endswith(".py") else t for t in top
                     if t.isidentifier() or (t.endswith(".py") and t[:-3].isidentifier()))
    name = re.search(r"^Name: (.+)$", meta, re.M).group(1).strip()
    version = re.search(r"^Version: (.+)$", meta, re.M).group(1).strip()
    depends = []
    for line in re.findall(r"^Requires-Dist: (.+)$", meta, re.M):
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate(MARKER_ENV):
            continue
        dep = norm(req.name)
        if dep in KERNEL_PROVIDES:
            continue
        if dep not in served:
            sys.exit(f"lite_site: {path.name} needs {req}, which the site does not serve; "
                     f"add it to PACKAGES (and pin it)")
        depends.append(dep)
    return {"name": norm(name), "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": sorted(set(depends)), "unvendored_tests": False,
            "shared_library": False}


def notebook_code() -> dict[str, list[str]]:
    """Each notebook's (book/_lite/*.py) code cells, without their IPython magics (``%pip``)."""
    import jupytext

    return {src.stem: ["\n".join(line for line in cell.source.splitlines()
                                 if not line.lstrip().startswith(("%", "!")))
                       for cell in jupytext.read(src).cells if cell.cell_type == "code"]
            for src in sorted(LITE_SRC.glob("*.py"))}


def notebook_imports() -> list[str]:
    """The modules the notebooks import, in the order they appear."""
    import ast

    found: list[str] = []
    for cells in notebook_code().values():
        for code in cells:
            for node in ast.walk(ast.parse(code)):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                         else [])
                found += [n for n in names if n not in found]
    return found


def warm_code() -> str:
    """What compile_wheels runs to find the modules worth compiling: the kernel's imports and the
    notebooks' (an error here stops the build), then each notebook's cells, as far as they run
    outside a kernel (sympy imports more of itself while it computes, e.g. sympy.combinatorics
    for combsimp; a cell that fails here only leaves its modules uncompiled)."""
    # IPython.core.logger: imported by the kernel when it runs its first cell
    lines = ["import piplite.piplite", "import pyodide_kernel", "import IPython.core.logger",
             *(f"import {m}" for m in notebook_imports())]
    cells = json.dumps(notebook_code())
    lines += ["import contextlib, io, json",
              f"for _cells in json.loads({cells!r}).values():",
              "    _ns = {}",
              "    for _code in _cells:",
              "        try:",
              "            with contextlib.redirect_stdout(io.StringIO()):",
              "                exec(_code, _ns)",
              "        except Exception:",
              "            pass"]
    return "\n".join(lines) + "\n"


def compile_wheels(wheels: list[Path], dest: Path) -> list[Path]:
    """The wheels, rewritten into ``dest`` by scripts/compile_wheels.mjs with the Pyodide the site
    serves: bytecode added for every module the kernel's start and the notebooks' imports load
    (Pyodide never writes bytecode, so the reader's browser would compile them on every start),
    DROP's files left out, sources kept. Also writes ``dest``/STDLIB: Pyodide's standard library
    with bytecode beside the sources of the modules that loaded."""
    spec = {"wheels": [{"wheel": str(w.resolve()), "out": str((dest / w.name).resolve()),
                        "drop": DROP.get(norm(w.name.split("-")[0])),
                        "all": norm(w.name.split("-")[0]) in COMPILE_ALL} for w in wheels],
            "warm": warm_code(),
            # the standard library's modules that loaded, with their sources kept (a student's
            # traceback in a notebook shows their lines)
            "stdlib": {"out": str((dest / STDLIB).resolve()), "keep_source": True}}
    report = live_site.run_compile_wheels(spec, WORK / "compile-spec.json", "lite_site")
    return [Path(r["out"]) for r in report[:-1]]


def write_lock(wheels: list[Path], dest: Path) -> dict:
    node = json.loads(NODE_LOCK.read_text())
    served = {norm(w.name.split("-")[0]) for w in wheels}
    packages = {}
    for w in wheels:
        if w.resolve() != (dest / w.name).resolve():
            shutil.copy2(w, dest / w.name)
        entry = wheel_entry(dest / w.name, served)
        packages[entry["name"]] = entry
    lock = {"info": node["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return lock


def preload_bundle(pyo: Path) -> None:
    """Write ``pyo``/BUNDLE: the files Pyodide's own loadPackage() installs for PRELOAD from the
    site's lock and wheels (scripts/preload_bundle.mjs, under Node.js), and put its subresource
    integrity (sha256) into the built site's jupyter-lite.json, which the kernel passes to
    KERNEL_JS; a changed or stale bundle is then refused by the browser, and the kernel unpacks
    the wheels itself."""
    node = shutil.which("node")
    if node is None:
        sys.exit("lite_site: node (Node.js, which npm needs too) is not on PATH")
    run = subprocess.run([node, str(BUNDLE_JS), str(live_site.NODE), str(pyo), str(pyo / BUNDLE),
                          ",".join(PRELOAD)], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"lite_site: the preloaded packages' bundle failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}")
    report = json.loads(run.stdout.strip().splitlines()[-1])
    digest = base64.b64encode(hashlib.sha256((pyo / BUNDLE).read_bytes()).digest()).decode()
    config_path = DEST / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    kernel["loadPyodideOptions"]["bgPreloadIntegrity"] = f"sha256-{digest}"
    config_path.write_text(json.dumps(config, indent=2) + "\n")
    print(f"lite_site: {report['packages']} preloaded packages, {report['files']} files, "
          f"{report['gzip_bytes'] / 1e6:.1f} MB in {BUNDLE}")


def notebooks(dest: Path) -> list[Path]:
    """Write each notebook (book/_lite/<game>.py) as ``dest/<game>.ipynb`` and, for each other
    language of the book (scripts/editions.py ``LANGUAGES``), ``dest/<lang>/<game>.ipynb``: its
    Markdown cells from the catalogue book/locales/<lang>/LC_MESSAGES/lite.po and its first code
    cell setting the package's language (scripts/extras_i18n.py). A message not yet translated
    stays English and is counted here; scripts/build_editions.py refuses to ship such an edition."""
    import jupytext
    import extras_i18n

    out = []
    for src in sorted(LITE_SRC.glob("*.py")):
        versions = [("", jupytext.read(src))]
        for lang in extras_i18n.LANGUAGES:
            versions.append((lang, extras_i18n.translate_notebook(src, lang, strict=False)))
        for folder, nb in versions:
            nb.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                         "language": "python"}
            nb.metadata["language_info"] = {"name": "python"}
            nb.metadata.pop("jupytext", None)
            target = dest / folder / (src.stem + ".ipynb")
            target.parent.mkdir(parents=True, exist_ok=True)
            jupytext.write(nb, target, fmt="ipynb")
            out.append(target)
    for lang in extras_i18n.LANGUAGES:
        left = [line for line in extras_i18n.report(lang, ("lite",)) if ": untranslated" in line or ": fuzzy" in line]
        if left:
            print(f"lite_site: {lang}: {len(left)} notebook messages not translated (English in {lang}/; "
                  "python scripts/extras_i18n.py check)")
    if not out:
        sys.exit(f"lite_site: no notebook source (*.py) in {LITE_SRC}")
    return out


def edition_entries(dest: Path) -> list[Path]:
    """For each other language of the book (scripts/editions.py ``LANGUAGES``), write the
    folder ``dest/notebooks-<lang>/``: the Notebook app's page and files (:data:`APP_FILES`,
    copied from ``dest/notebooks/``) and its ``jupyter-lite.json`` plus ``settingsOverrides``
    setting JupyterLab's ``locale`` to the edition's (:data:`LOCALES`) and, in
    ``disabledExtensions``, :data:`EDITION_DISABLED`. JupyterLite merges that
    file over its root's when the page loads (config-utils.js), and the language setting's
    default becomes the edition's; JupyterLite's router opens ``?path=`` there as in
    ``notebooks/`` (its pattern ``/notebooks`` also matches ``/notebooks-<lang>``).

    Returns the folders written. Exits with a message when a language has no locale in
    LOCALES, or its language pack was not installed (no ``api/translations/<locale>.json``:
    ``pip install -r requirements.txt``)."""
    import extras_i18n

    app = dest / APP
    base = json.loads((app / "jupyter-lite.json").read_text())
    out = []
    for lang in extras_i18n.LANGUAGES:
        locale = LOCALES.get(lang)
        if locale is None:
            sys.exit(f"lite_site: no JupyterLab locale for the language {lang!r}; add it to LOCALES "
                     "and pin its language pack in requirements.txt")
        if not (dest / "api" / "translations" / f"{locale}.json").is_file():
            sys.exit(f"lite_site: JupyterLab's language pack for {locale} is not installed "
                     f"(jupyterlab-language-pack-{locale.replace('_', '-')} in requirements.txt; "
                     "pip install -r requirements.txt)")
        entry = dest / f"{APP}-{lang}"
        entry.mkdir()
        for name in APP_FILES:
            shutil.copy2(app / name, entry / name)
        config = json.loads(json.dumps(base))
        config["jupyter-config-data"]["settingsOverrides"] = {TRANSLATION_PLUGIN: {"locale": locale}}
        config["jupyter-config-data"]["disabledExtensions"] = EDITION_DISABLED
        (entry / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        out.append(entry)
    return out


def lite_config() -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Three Banking Card Games (JupyterLite)",
            # jupytext's lab extension needs a Jupyter server; JupyterLite has none
            "disabledExtensions": ["jupyterlab-jupytext"],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    # resolved against the app page (_static/lite/<app>/index.html): the
                    # Pyodide core that "Deal live" serves, through KERNEL_JS (which installs
                    # PRELOAD from BUNDLE instead of unpacking its wheels)
                    "pyodideUrl": f"../{KERNEL_JS}",
                    # keys ending in URL are resolved against JupyterLite's base URL;
                    # bgPreloadIntegrity is added once BUNDLE is made (main)
                    "loadPyodideOptions": {"lockFileURL": "./pyodide/pyodide-lock.json",
                                           "stdLibURL": f"./pyodide/{STDLIB}",
                                           "packages": list(PRELOAD),
                                           "bgPreloadURL": f"./pyodide/{BUNDLE}"},
                    "disablePyPIFallback": True,
                }
            },
        },
    }


def main(argv: list[str]) -> int:
    want = stamp_value()
    if STAMP.exists() and STAMP.read_text().strip() == want and (DEST / "index.html").is_file():
        return 0
    t0 = time.monotonic()
    node_version = json.loads(NODE_PKG.read_text())["version"] if NODE_PKG.is_file() else None
    if node_version is None:
        sys.exit(f"lite_site: {NODE_PKG} is missing; run `npm ci` in {ROOT} first")
    if node_version != KERNEL_PYODIDE:
        sys.exit(f"lite_site: jupyterlite-pyodide-kernel expects Pyodide {KERNEL_PYODIDE}, "
                 f"package-lock.json has {node_version}")
    for d in (WORK, DEST):
        if d.exists():
            shutil.rmtree(d)
    (WORK / "files").mkdir(parents=True)
    notebooks(WORK / "files")
    (WORK / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1) + "\n")
    cmd = [str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--lite-dir", str(WORK),
           "--output-dir", str(DEST), "--contents", str(WORK / "files"), "--no-sourcemaps",
           "--apps", "lab", "--apps", "notebooks", "--apps", "tree", "--no-unused-shared-packages"]
    run = subprocess.run(cmd, capture_output=True, text=True, cwd=WORK)
    if run.returncode != 0:
        sys.exit(f"lite_site: jupyter lite build failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")
    edition_entries(DEST)
    pyo = DEST / "pyodide"
    pyo.mkdir()
    wheels = download(pins())
    wheels.append(live_site.build_own_wheel(WORK))
    for pattern in KERNEL_WHEELS:
        hits = sorted(KERNEL_PYPI.glob(pattern))
        if len(hits) != 1:
            sys.exit(f"lite_site: expected one {pattern} in {KERNEL_PYPI}, found {len(hits)}")
        wheels.append(hits[0])
    wheels = compile_wheels(wheels, pyo)
    lock = write_lock(wheels, pyo)
    missing = [p for p in PRELOAD if p not in lock["packages"]]
    if missing:
        sys.exit(f"lite_site: preloaded packages not in the lock: {missing}")
    preload_bundle(pyo)
    for name in (KERNEL_JS, BUNDLE_WORKER_JS):
        shutil.copy2(LITE_SRC / name, DEST / name)
    (pyo / "README.txt").write_text(
        "Wheels for the site's JupyterLite kernel, from PyPI (pip download) at the versions pinned in\n"
        "requirements.txt and book/_lite/browser-wheels.txt, plus this book's banking_games; each keeps\n"
        "its own licence (see its .dist-info). pyodide-lock.json is written by scripts/lite_site.py.\n")
    for p in DEST.rglob("*.map"):
        p.unlink()
    shutil.rmtree(WORK)
    STAMP.write_text(want + "\n")
    size = sum(p.stat().st_size for p in DEST.rglob("*") if p.is_file())
    print(f"lite_site: JupyterLite with {len(lock['packages'])} wheels, {size / 1e6:.1f} MB in "
          f"{DEST.relative_to(ROOT)} ({time.monotonic() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
