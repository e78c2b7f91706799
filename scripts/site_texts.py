"""The website's own words (the book's Sphinx extension and the site's scripts): extract, update, count.

    .venv/bin/python scripts/site_texts.py extract   # book/_ext/banking_book -> locales/banking_book.pot
    .venv/bin/python scripts/site_texts.py update    # the .pot merged into each <lang>/LC_MESSAGES/banking_book.po
    .venv/bin/python scripts/site_texts.py stats     # messages, untranslated and fuzzy per language

``extract`` reads the extension's ``.py`` files with Babel's Python extractor
(keywords ``N_``, ``text`` (its second argument), ``ptext`` (context, then
message)) and the site's scripts (``static/bg-site.js``,
``live_static/live-tables.js``) with Babel's JavaScript extractor (keyword
``T``; strings joined with ``+`` are one message). A comment starting with
``TRANSLATORS:`` right before a message goes with it. ``update`` keeps every
translation whose English is unchanged, marks one whose English changed as
fuzzy and adds new messages untranslated (Babel's ``update``, as ``pybabel
update`` does). The ``.po`` files are read at build time by
book/_ext/banking_book/texts.py (no ``.mo``). Exit status 1 from ``stats`` when
a message is untranslated or fuzzy.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import catalogues  # noqa: E402

EXT = ROOT / "book" / "_ext" / "banking_book"
LOCALES = EXT / "locales"
DOMAIN = "banking_book"
POT = LOCALES / f"{DOMAIN}.pot"
LANGUAGES = ("de", "ru")
"""The editions whose catalogues are kept (English is the source)."""

PY_KEYWORDS = {"N_": None, "text": (2,), "ptext": ((2, "c"), 3)}
JS_KEYWORDS = {"T": None}


def sources() -> list[tuple[Path, str, dict]]:
    """The files read for messages: (path, Babel method, keywords)."""
    files = [(p, "python", PY_KEYWORDS) for p in sorted(EXT.glob("*.py"))]
    files += [(EXT / "static" / "bg-site.js", "javascript", JS_KEYWORDS),
              (EXT / "live_static" / "live-tables.js", "javascript", JS_KEYWORDS)]
    return files


def extract() -> Catalog:
    """Every marked message of the extension and the scripts, as a template written to ``POT``."""
    catalog = Catalog(project="banking-games website", domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="The banking-games authors")
    for path, method, keywords in sources():
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                method, str(path), keywords=keywords, comment_tags=("TRANSLATORS:",),
                options={"jsx": False} if method == "javascript" else None):
            if isinstance(message, tuple):
                message = message[0]
            if not message:
                continue
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    POT.parent.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False, omit_header=False)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(template: Catalog | None = None) -> None:
    """Merge the template into each language's ``.po`` (made with the language's plural rules
    when it is missing; scripts/catalogues.py)."""
    if template is None:
        with POT.open("rb") as f:
            template = read_po(f)
    for lang in LANGUAGES:
        catalogues.update(po_path(lang), template, lang, lambda: Catalog(
            locale=lang, domain=DOMAIN, project="banking-games website", charset="utf-8",
            msgid_bugs_address="", copyright_holder="The banking-games authors"))


def problems(lang: str) -> tuple[list[str], list[str]]:
    """(untranslated, fuzzy) messages of ``lang``'s catalogue."""
    _, untranslated, fuzzy = catalogues.counts(catalogues.read(po_path(lang), lang))
    return [m.id for m in untranslated], [m.id for m in fuzzy]


def stats() -> int:
    """Print, per language, the messages and the untranslated or fuzzy ones; 1 if any is."""
    bad = sum(catalogues.print_counts(lang, catalogues.read(po_path(lang), lang), show=1000) for lang in LANGUAGES)
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        cat = extract()
        print(f"{POT.relative_to(ROOT)}: {sum(1 for m in cat if m.id)} messages")
        return 0
    if command == "update":
        update()
        return stats() and 0
    if command == "stats":
        return stats()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
