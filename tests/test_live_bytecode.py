"""Issue 22: the Python the site serves carries bytecode made at build time.

Pyodide never writes bytecode, and the npm package's ``python_stdlib.zip``
holds sources only, so a reader's browser compiled every module Python's
start, *Deal live* and the JupyterLite kernel import, on every start
(Pyodide's own start took 3.0-3.7 s under Node.js here, 1.0-1.1 s from
bytecode). scripts/compile_wheels.mjs runs the served Pyodide under Node.js
at build time and writes the bytecode (scripts/live_site.py, lite_site.py).
That the browser really imports these files is checked in
test_live_site.test_deal_live_on_sub_path (``fractions`` comes from
``fractions.pyc`` in the page).

Derivations used below, by hand:

* PEP 552: a pyc's second 4-byte word holds flags; 0b01 is "hash-based,
  unchecked", used without comparing file times or reading the source.
* zipimport (the standard library is imported from a zip) looks for
  ``mod.pyc`` beside ``mod.py``; a pyc without its source is imported by
  the path finder only from the module's own place (``pkg/mod.pyc``), never
  from ``__pycache__``.
* ``fractions`` is imported by the tables (src/banking_games/classroom/teaching.py and
  display/banker_broker.py: ``from fractions import Fraction``), so *Deal
  live* loads it. ``tomllib`` is imported by nothing the tables or the
  notebooks run (nothing reads TOML), so it keeps its source, uncompiled.
* The engine of Hoggenheimer (the package banking_games/games/hoggenheimer/)
  is imported by its table, so its modules' bytecode is served in their place.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zipfile


def _flags(pyc: bytes) -> int:
    return struct.unpack("<I", pyc[4:8])[0]


def test_deal_live_standard_library_has_bytecode_in_place_of_loaded_sources(built_site):
    live = built_site / "_static" / "live"
    with zipfile.ZipFile(live / "python_stdlib.zip") as z:
        names = set(z.namelist())
        assert "fractions.pyc" in names and "fractions.py" not in names
        assert _flags(z.read("fractions.pyc")) == 0b01, "not an unchecked hash-based pyc"
        assert "tomllib/__init__.py" in names and "tomllib/__init__.pyc" not in names
        magic = {z.read(n)[:4] for n in names if n.endswith(".pyc")}
    assert len(magic) == 1, f"bytecode of several Python versions: {magic}"
    manifest = json.loads((live / "wheels.json").read_text())
    # the snapshot's key names this file (live-tables.js snapshotKey): its sha256 is the file's
    assert manifest["stdlib"]["sha256"] == hashlib.sha256((live / "python_stdlib.zip").read_bytes()).hexdigest()
    own = next(w["file"] for w in manifest["wheels"] if w["file"].startswith("banking_games-"))
    with zipfile.ZipFile(live / own) as z:
        names = set(z.namelist())
        record = z.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        for leaf in ("__init__", "rules", "deal", "session"):   # the engine is a package of four modules
            path = f"banking_games/games/hoggenheimer/{leaf}"
            assert f"{path}.pyc" in names
            assert f"{path}.py" not in names
            pyc = z.read(f"{path}.pyc")
            assert _flags(pyc) == 0b01 and pyc[:4] in magic, "not the served Python's unchecked pyc"
            assert f"{path}.pyc,sha256=" in record
            assert f"{path}.py," not in record


def test_jupyterlite_kernel_loads_its_own_standard_library_with_sources_kept(built_site):
    """The kernel is told where its copy is (jupyter-lite.json, option stdLibURL, resolved against
    JupyterLite's base URL, as lockFileURL is); bytecode sits beside the source, which stays, so a
    student's traceback still shows the lines."""
    lite = built_site / "_static" / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text())
    options = (config["jupyter-config-data"]["litePluginSettings"]
               ["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"])
    assert options["stdLibURL"] == "./pyodide/python_stdlib.zip"
    with zipfile.ZipFile(lite / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
        assert {"fractions.pyc", "fractions.py"} <= names
        assert _flags(z.read("fractions.pyc")) == 0b01
        assert "tomllib/__init__.py" in names and "tomllib/__init__.pyc" not in names
