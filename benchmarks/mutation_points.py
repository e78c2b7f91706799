"""Mutation points of the classroom code, chosen at random rather than by hand.

A hand-written mutant says as much about its writer as about the tests. This
module finds every place of a standard mutation operator (as mutmut and
cosmic-ray use them) in the code added for the class, and draws a sample of
them with a fixed seed, so that a sample is one nobody picked:

- a comparison flipped at its boundary or negated (``<`` / ``<=``, ``>`` / ``>=``,
  ``==`` / ``!=``, ``in`` / ``not in``, ``is`` / ``is not``);
- an arithmetic operator swapped (``+`` / ``-``, ``*`` -> ``/``, ``//`` -> ``/``,
  ``%`` -> ``//``);
- ``and`` / ``or`` swapped; a ``not`` dropped;
- a whole-number literal made one larger (not inside an f-string: a text is not
  a number the class uses).

Each point is returned as ``(name, file, old, new)`` where ``old`` is the whole
source line and ``new`` the line changed, so :func:`benchmarks.mutation_sample.run`
applies it as it applies a hand-written mutant. Lines of docstrings, of
``__repr__``/``_repr_html_``/``*_svg``/``*_html`` rendering and of error messages
(a ``raise`` statement's text) are not mutated: they draw no number a class uses.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "banking_games"

# The code added for the class (issue 32: group codes, pooling, Repeat, the board, the typed-number
# parsers, stakes), by file and, where a file also holds other things, by function.
CLASSROOM = {
    **{f"classroom/{p.name}": None for p in sorted((SRC / "classroom").glob("*.py")) if p.name != "__init__.py"},
    "money.py": None,
    "widgets/repeat.py": None,
    "widgets/board.py": None,
    "widgets/board_store.py": None,
    "widgets/funnel.py": None,
    "checks.py": {"typed_whole_number", "parse_seed"},
    "widgets/controls.py": {"parse_players", "check_seed", "check_players_arg",
                            "plural"},
}

_SKIP_FUNCS = re.compile(r"(^__repr__$|^_repr_html_$|_svg$|_html$|^_render)")
_CMP = {ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"),
        ast.Eq: ("==", "!="), ast.NotEq: ("!=", "=="), ast.In: ("in", "not in"), ast.NotIn: ("not in", "in"),
        ast.Is: ("is", "is not"), ast.IsNot: ("is not", "is")}
_BIN = {ast.Add: (r"(?<![+=])\+(?![+=])", "-"), ast.Sub: (r"(?<![-=])-(?![-=>])", "+"),
        ast.Mult: (r"(?<!\*)\*(?![*=])", "/"), ast.FloorDiv: (r"//(?!=)", "/"), ast.Mod: (r"%(?!=)", "//")}


def _word(op: str) -> str:
    return r"(?<![\w])" + op.replace(" ", r"\s+") + r"(?![\w])" if op[0].isalpha() else re.escape(op) + r"(?![=<>])"


def _in_fstring_or_docstring(tree: ast.AST) -> set[int]:
    """Line numbers covered by f-strings and docstrings (no mutation there)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            lines.update(range(node.lineno, node.end_lineno + 1))
    return lines


def points(rel: str, only: set[str] | None = None) -> list[tuple[str, str, str, str]]:
    """Every mutation point of ``src/banking_games/<rel>``: ``(name, rel, old line, new line)``.

    ``only``: names of top-level functions or methods to look in (None: the whole file).
    A point whose changed line is found more than once in the file is left out (it
    could not be applied to one place).
    """
    text = (SRC / rel).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    skip = _in_fstring_or_docstring(tree)
    found: list[tuple[str, str, str, str]] = []
    scopes: list[tuple[str, ast.AST]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scopes.append((node.name, node))
    if only is None:
        roots = [("module", tree)]
    else:
        roots = [(n, f) for n, f in scopes if n in only]
    for fname, root in roots:
        bad = set()
        for n, f in scopes:
            if _SKIP_FUNCS.search(n):
                bad.update(range(f.lineno, f.end_lineno + 1))
        for node in ast.walk(root):
            if isinstance(node, ast.Raise):
                bad.update(range(node.lineno, node.end_lineno + 1))
        for node in ast.walk(root):
            for (line_no, col0, col1, pattern, new, what) in _edits(node):
                if line_no in skip or line_no in bad:
                    continue
                raw = lines[line_no - 1].encode("utf-8")
                gap = raw[col0:col1].decode("utf-8")
                hits = list(re.finditer(pattern, gap))
                if len(hits) != 1:
                    continue
                h = hits[0]
                new_gap = gap[:h.start()] + new + gap[h.end():]
                old_line = lines[line_no - 1]
                new_line = (raw[:col0].decode("utf-8") + new_gap + raw[col1:].decode("utf-8"))
                if text.count(old_line) != 1 or new_line == old_line:
                    continue
                found.append((f"{rel}:{line_no} {what}", rel, old_line, new_line))
    uniq = {p[0] + p[3]: p for p in found}
    return sorted(uniq.values(), key=lambda p: (p[1], int(p[0].split(":")[1].split()[0]), p[3]))


def _edits(node: ast.AST):
    """(line, start col, end col (bytes), regex of the token, replacement, description) for ``node``."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, right = node.left, node.comparators[0]
        if left.end_lineno == right.lineno:
            old, new = _CMP[type(node.ops[0])]
            yield (left.end_lineno, left.end_col_offset, right.col_offset, _word(old), new, f"{old} -> {new}")
    elif isinstance(node, ast.BinOp) and type(node.op) in _BIN:
        left, right = node.left, node.right
        if left.end_lineno == right.lineno and not (isinstance(left, ast.Constant) and isinstance(left.value, str)):
            pattern, new = _BIN[type(node.op)]
            yield (left.end_lineno, left.end_col_offset, right.col_offset, pattern, new,
                   f"{type(node.op).__name__} -> {new}")
    elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
        a, b = node.values
        if a.end_lineno == b.lineno:
            old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            yield (a.end_lineno, a.end_col_offset, b.col_offset, _word(old), new, f"{old} -> {new}")
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and node.lineno == node.operand.lineno:
        yield (node.lineno, node.col_offset, node.operand.col_offset, r"not\s+", "", "not dropped")
    elif (isinstance(node, ast.Constant) and type(node.value) is int and node.lineno == node.end_lineno):
        yield (node.lineno, node.col_offset, node.end_col_offset, r"^[0-9][0-9_]*$", str(node.value + 1),
               f"{node.value} -> {node.value + 1}")


def all_points() -> list[tuple[str, str, str, str]]:
    """Every mutation point of the classroom code (:data:`CLASSROOM`)."""
    return [p for rel, only in CLASSROOM.items() for p in points(rel, only)]


def sample(seed: int, n: int) -> list[tuple[str, str, str, str]]:
    """``n`` points drawn without replacement from :func:`all_points` with ``random.Random(seed)``."""
    pool = all_points()
    return random.Random(seed).sample(pool, min(n, len(pool)))


if __name__ == "__main__":
    pool = all_points()
    by_file: dict[str, int] = {}
    for p in pool:
        by_file[p[1]] = by_file.get(p[1], 0) + 1
    print(f"{len(pool)} mutation points: {by_file}")
    for p in sample(4, 25):
        print(p[0], "|", p[2].strip(), "=>", p[3].strip())
