"""The package's layers: no import circle, no import back up a layer, no hidden import.

Issue 33 asks for a house a newcomer can change: the rules engines at the
bottom, the exact and simulated values on them, the classroom arithmetic
(the registry of games and the classroom package: teaching, group codes,
repeat plans, the board's checks) above those, the widgets on
top, and imports that run only downwards. Read from the source with ``ast``
(no module is imported), so the test sees every import, also one placed
inside a function:

* the graph of the package's top-level imports has no cycle
  (:class:`graphlib.TopologicalSorter` raises ``CycleError`` on one);
* a module imports no module of a layer above its own (:data:`LAYERS`);
* an import inside a function is of an optional or heavy third-party module
  only, each listed in :data:`LAZY` with the reason it is imported late; a
  module of the package or of the standard library is imported at the top.
"""

from __future__ import annotations

import ast
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "banking_games"

LAYERS = [
    # 0: shared vocabulary (cards, errors, money, rendering, the book's inline values)
    {"banking_games", "banking_games.cards", "banking_games.errors", "banking_games.checks", "banking_games.money",
     "banking_games.render", "banking_games.inline", "banking_games.citations", "banking_games.project"},
    # 1: the rules engines
    {"banking_games.games"},
    # 2: exact values and simulation, on the engines
    {"banking_games.exact", "banking_games.simulate", "banking_games.display", "banking_games.plots"},
    # 3: the registry of games and the classroom (lessons' arithmetic, group codes, repeat plans, the
    # board's checks, each game's classroom module): no widget
    {"banking_games.registry", "banking_games.classroom"},
    # 4: the widgets (dealing tables, Repeat, the class board)
    {"banking_games.widgets"},
]
"""Each module's layer is that of the longest prefix of its name listed here."""

LAZY = {
    "sympy": "about 1.5 s to import; the engines and the live tables never need it (exact formulas only)",
    "pandas": "heavy; only the tables of results need it, not a deal",
    "pybtex": "the bibliography, read when a page cites a source (the build), never in a live table",
    "segno": "the QR code of a group code, drawn only when a teacher asks for it",
    "IPython": "present only inside Jupyter; the package also runs without it",
    "numpy": "optional in inline values (a numpy bool is accepted when numpy is there)",
    "yaml": "reads book/_config.yml only when a page asks for the project's address",
    "tqdm": "a progress bar, only when a long simulation asks for one",
    "babel": "compiles the message catalogues (.po to .mo) at build time only; Pyodide reads the .mo without it",
    "pyodide": "exists only in the browser (Deal live); imported where the page's storage is used",
}
"""Third-party modules a function may import late, each with its reason."""


def _modules() -> dict[str, Path]:
    out = {}
    for p in PACKAGE.rglob("*.py"):
        parts = list(p.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _target(module: str, path: Path, node: ast.ImportFrom) -> str:
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = ".".join(base[:len(base) - (node.level - 1)])
    return f"{base}.{node.module}" if node.module else base


def imports(module: str) -> list[tuple[str, int, bool]]:
    """``(imported module, line, at top level?)`` for each import in ``module``
    (for ``from X import y``: ``X.y`` when that is a module of the package)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    for n in tree.body:   # an import inside a top-level try/if (an optional dependency) counts as top level
        if isinstance(n, (ast.Try, ast.If)):
            top.update(id(x) for x in ast.walk(n) if isinstance(x, (ast.Import, ast.ImportFrom)))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            t = _target(module, path, node)
            names = [f"{t}.{a.name}" if f"{t}.{a.name}" in MODULES else t for a in node.names]
        else:
            continue
        found += [(name, node.lineno, id(node) in top) for name in names]
    return found


def layer(module: str) -> int:
    best, level = -1, None
    for i, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > best:
                best, level = len(name), i
    assert level is not None, f"{module} is in no layer: add it to LAYERS in tests/test_layers.py"
    return level


def own(name: str) -> bool:
    return name == "banking_games" or name.startswith("banking_games.")


def test_the_top_level_imports_have_no_cycle():
    graph = {m: {n for n, _, top in imports(m) if top and own(n) and n != m} for m in MODULES}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as e:
        pytest.fail(f"import cycle (each imports the next): {' -> '.join(reversed(e.args[1]))}")
    assert set(order) >= set(MODULES)


def test_the_finder_sees_a_cycle():
    # a -> b -> a must be reported (the check above cannot pass vacuously)
    with pytest.raises(CycleError):
        list(TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())


def test_no_import_runs_up_a_layer():
    up = [f"{m} (layer {layer(m)}) imports {n} (layer {layer(n)}) at line {line}"
          for m in MODULES for n, line, _ in imports(m)
          if own(n) and n != "banking_games" and layer(n) > layer(m)]
    assert not up, "\n".join(up)


def test_an_import_inside_a_function_is_a_listed_optional_module():
    stdlib = set(sys.stdlib_module_names)
    bad = []
    for m in MODULES:
        for n, line, top in imports(m):
            if top:
                continue
            root = n.split(".")[0]
            if own(n) or root in stdlib or root not in LAZY:
                bad.append(f"{MODULES[m].relative_to(SRC.parent)}:{line} imports {n} inside a function")
    assert not bad, ("import these at the top of the module (or, for an optional heavy dependency, "
                     "list it in LAZY with the reason):\n" + "\n".join(bad))


def test_the_layers_are_those_of_the_package():
    # every module falls in a layer, and the engines' layer is below the widgets'
    assert all(layer(m) >= 0 for m in MODULES)
    assert layer("banking_games.games.hoggenheimer.rules") < layer("banking_games.classroom.teaching") \
        < layer("banking_games.widgets.board")


def test_every_mutant_of_the_mutation_sample_still_applies():
    """benchmarks/mutation_sample.py measures how often a change to the engines or the classroom
    code is caught (issue 33: "a mutation ... is caught at least as often as before"). A mutant
    whose text a refactoring moved or changed would no longer be tried and would silently leave
    the sample smaller: each mutant's original text must be found exactly once in its file."""
    import importlib.util
    path = SRC.parent / "benchmarks" / "mutation_sample.py"
    spec = importlib.util.spec_from_file_location("mutation_sample", path)
    sample = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sample)
    every = sample.MUTANTS + sample.MUTANTS_B + sample.MUTANTS_C + sample.MUTANTS_ISSUE
    assert len(every) >= 77
    assert sample.check(every) == []


MAX_MODULE_LINES = 800
"""Issue 33, item 5: no module of the package over 800 lines (a module that grows past it is
split by what it does, as the board was into board, board_view, funnel and board_store)."""


def test_no_module_of_the_package_is_over_800_lines():
    long = {str(p.relative_to(SRC)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert not long, f"split these modules (over {MAX_MODULE_LINES} lines): {long}"
