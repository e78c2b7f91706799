"""The package's message catalogues (German, Russian): extract, update, compile, count.

    .venv/bin/python scripts/package_i18n.py extract   # src/ -> locales/banking_games.pot
    .venv/bin/python scripts/package_i18n.py update    # the .pot merged into each <lang>/.../banking_games.po
    .venv/bin/python scripts/package_i18n.py compile   # each .po -> .mo (only where the .po is newer; --force: all)
    .venv/bin/python scripts/package_i18n.py stats     # messages, untranslated and fuzzy per language

``extract`` reads every ``.py`` of ``src/banking_games`` with Babel's Python
extractor (keywords below: ``_``, ``N_``, ``ngettext``, ``pgettext``,
``npgettext``, ``.of`` of a package error and ``Phrase.counted``, a plural); ``update`` keeps every
translation whose English is unchanged, marks one whose English changed as
fuzzy (a translator checks it; the catalogue test fails until then) and adds
new messages untranslated. Both are Babel's own operations (``pybabel extract``
and ``pybabel update`` do the same). ``compile`` is
:func:`banking_games.i18n.compile_catalogues`. Exit status 1 from ``stats``
when a message is untranslated or fuzzy.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "banking_games"
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

import catalogues  # noqa: E402

from banking_games import i18n  # noqa: E402

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "of": None, "counted": (1, 2)}
"""Babel's keyword spec: the functions whose string arguments are messages."""

POT = i18n.LOCALES / f"{i18n.DOMAIN}.pot"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]


def extract() -> Catalog:
    """Every marked message of the package, as a template written to ``POT``."""
    catalog = Catalog(project="banking-games", domain=i18n.DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="The banking-games authors")
    for path, lineno, message, comments, context in extract_from_dir(
            PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        catalog.add(message, None, [(f"src/banking_games/{path}", lineno)], auto_comments=comments, context=context)
    for path, lineno, message, context in _in_fstrings():
        if message not in catalog or (context and catalog.get(message, context) is None):
            catalog.add(message, None, [(path, lineno)], context=context)
    with POT.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False, omit_header=False)
    return catalog


def _in_fstrings():
    """The marked messages inside f-strings' expressions (``f"<b>{_('Settlement')}</b>"``), which
    Babel's Python extractor does not read: ``(path, line, message, context)`` from the source's AST."""
    import ast
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = f"src/banking_games/{path.relative_to(PACKAGE).as_posix()}"
        for js in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(js, ast.JoinedStr):
                continue
            for call in ast.walk(js):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id in KEYWORDS and call.args):
                    continue
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in call.args]
                if call.func.id in ("_", "N_") and args[0]:
                    yield rel, call.lineno, args[0], None
                elif call.func.id == "ngettext" and len(args) > 1 and args[0] and args[1]:
                    yield rel, call.lineno, (args[0], args[1]), None
                elif call.func.id == "pgettext" and len(args) > 1 and args[0] and args[1]:
                    yield rel, call.lineno, args[1], args[0]


def po_path(lang: str) -> Path:
    return i18n.LOCALES / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def update() -> None:
    """Merge ``POT`` into each language's ``.po`` (made if missing; scripts/catalogues.py)."""
    with POT.open("rb") as f:
        template = read_po(f)
    for lang in TRANSLATED:
        catalogues.update(po_path(lang), template, lang, lambda: Catalog(
            locale=lang, domain=i18n.DOMAIN, project="banking-games", charset="utf-8"))


def stats() -> int:
    """Print, per language, the messages and how many are untranslated or fuzzy; 1 if any is."""
    bad = sum(catalogues.print_counts(lang, catalogues.read(po_path(lang), lang)) for lang in TRANSLATED)
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"extract", "update", "compile", "stats"}:
        print(__doc__)
        return 2
    if argv[0] == "extract":
        print(f"{len(extract())} messages in {POT.relative_to(ROOT)}")
    elif argv[0] == "update":
        update()
    elif argv[0] == "compile":
        for mo in i18n.compile_catalogues(force="--force" in argv):
            print(f"compiled {mo.relative_to(ROOT)}")
    else:
        return stats()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
