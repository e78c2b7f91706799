"""The editions' words outside the pages: handouts, exercise sheets, notebooks, read-me.

English is the source, as for the pages (scripts/editions.py). Three catalogues per
language, ``book/locales/<lang>/LC_MESSAGES/<domain>.po`` (gettext, read and written with
Babel), hold the translations of what the build writes besides the pages:

* ``handouts``: the fixed words of scripts/make_handouts.py (the lesson handouts and the
  student notebooks' first cell) and of scripts/exercise_sheets.py (the exercise and answer
  sheets, the exercises' cells in JupyterLite). Each is marked in the script by
  ``tr("...")`` (a :class:`Translator`), extracted with Babel's Python extractor; a text
  with values is written ``tr("{n} cards").format(n=...)``, so the translation keeps the
  format fields and places them where its language needs them;
* ``lite``: the Markdown cells of the JupyterLite notebooks (book/_lite/<game>.py, jupytext
  percent format), cut into messages as the pages are (each paragraph, heading and list
  item; ``editions.units_of_markdown``); the code cells are not messages;
* ``readme``: the release zip's "read me first" (scripts/release/READ ME FIRST.txt), one
  message per block of lines between blank lines (a title's ``====`` underline is made
  again to the translation's length), and the file's own name.

A message that is untranslated or fuzzy is never written silently in English into a shipped
edition: :class:`Translator` in strict use, :func:`translate_notebook` and
:func:`readme` raise :class:`Untranslated` naming the messages, and ``check`` lists them.

Usage::

    python scripts/extras_i18n.py extract [--lang de]   # write/update the three catalogues
    python scripts/extras_i18n.py check [--lang de]     # untranslated, fuzzy, lost values
    python scripts/extras_i18n.py dump --lang de --domain lite   # numbered blocks to translate
    python scripts/extras_i18n.py fill --lang de FILE            # read such blocks back
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file

sys.path.insert(0, str(Path(__file__).resolve().parent))
import catalogues  # noqa: E402
import editions  # noqa: E402

ROOT = editions.ROOT
LOCALES = editions.LOCALES
LANGUAGES = editions.LANGUAGES
SCRIPTS = ROOT / "scripts"
LITE = ROOT / "book" / "_lite"
README = SCRIPTS / "release" / "READ ME FIRST.txt"
HANDOUT_SCRIPTS = (SCRIPTS / "make_handouts.py", SCRIPTS / "exercise_sheets.py")
DOMAINS = ("handouts", "lite", "readme")
README_NAME = "READ ME FIRST.txt"
HEADER = ("# {lang} translation of the {domain} messages of Three Banking Card Games.\n"
          "# Written and updated by scripts/extras_i18n.py from the English sources;\n"
          "# translate the msgstr lines only (docs/i18n/{lang}.md: style and terms).\n"
          "# Text: CC BY 4.0, as the English book.")


class Untranslated(Exception):
    """Messages an edition needs are untranslated or fuzzy; ``args[0]`` names them."""


def catalogue_path(domain: str, lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"


# ---------------------------------------------------------------- the messages of each domain

def _handout_messages() -> list[tuple[str, str, int, list[str]]]:
    found = []
    for path in HANDOUT_SCRIPTS:
        for line, message, comments, _ctx in extract_from_file(
                "python", path, keywords={"tr": None}, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            found.append((message, path.relative_to(ROOT).as_posix(), line, comments))
    return found + _package_texts()


def _package_texts() -> list[tuple[str, str, int, list[str]]]:
    """The English texts the handouts take from the package's lesson data and translate with
    ``tr(text)``: the bets of the Hoggenheimer lesson (``classroom.hoggenheimer.BETS``), the
    five options of the Banker and Broker lesson (``classroom.banker_broker.options()``) and
    the games' names (``registry.GAMES``)."""
    from banking_games.classroom import banker_broker, hoggenheimer

    found = [(words, "src/banking_games/classroom/hoggenheimer.py", 0, ["a bet of the lesson (BETS)"])
             for _, _, words in hoggenheimer.BETS]
    for option, words in banker_broker.options():
        found += [(text, "src/banking_games/classroom/banker_broker.py", 0, ["an option of the lesson (options())"])
                  for text in (option, words)]
    from banking_games import registry
    found += [(info.title, "src/banking_games/registry.py", 0, ["a game's name (registry.GAMES)"])
              for info in registry.GAMES]
    return found


def lite_cells(path: Path) -> list:
    """The notebook ``path`` (book/_lite/<game>.py) read by jupytext."""
    import jupytext
    return jupytext.read(path).cells


def markdown_units(text: str) -> list:
    """The messages of a Markdown text, as the pages' (scripts/editions.py)."""
    units: list = []
    editions.units_of_markdown(text, 0, units)
    return units


def _lite_messages() -> list[tuple[str, str, int, list[str]]]:
    found = []
    for path in sorted(LITE.glob("*.py")):
        for n, cell in enumerate(lite_cells(path), 1):
            if cell.cell_type == "markdown":
                for unit in markdown_units(cell.source):
                    found.append((unit.msgid, path.relative_to(ROOT).as_posix(), n, []))
    return found


_UNDERLINE = re.compile(r"^=+$")


def readme_blocks(text: str) -> list[str]:
    """The read-me's blocks: runs of lines between blank lines (a title without its underline)."""
    blocks = []
    for block in re.split(r"\n[ \t]*\n", text.strip("\n")):
        lines = block.rstrip().split("\n")
        if len(lines) == 2 and _UNDERLINE.match(lines[1]):
            lines = lines[:1]
        blocks.append("\n".join(lines))
    return blocks


def _readme_messages() -> list[tuple[str, str, int, list[str]]]:
    rel = README.relative_to(ROOT).as_posix()
    found = [(README_NAME, rel, 0, ["the file's name in the zip (a plain file name, .txt)"])]
    found += [(b, rel, i + 1, []) for i, b in enumerate(readme_blocks(README.read_text(encoding="utf-8")))]
    return found


MESSAGES = {"handouts": _handout_messages, "lite": _lite_messages, "readme": _readme_messages}


def template(domain: str) -> Catalog:
    catalog = Catalog(project=editions.PROJECT, charset="utf-8", fuzzy=False)
    for msgid, where, line, comments in MESSAGES[domain]():
        existing = catalog.get(msgid)
        if existing is not None:
            existing.locations.append((where, line))
            continue
        flags = ("python-brace-format",) if domain == "handouts" and "{" in msgid else ()
        catalog.add(msgid, locations=[(where, line)], flags=flags, auto_comments=comments)
    return catalog


def read_catalogue(domain: str, lang: str) -> Catalog | None:
    return catalogues.read(catalogue_path(domain, lang), lang)


def write_catalogue(domain: str, lang: str, catalog: Catalog) -> None:
    catalogues.write(catalogue_path(domain, lang), catalog)


def extract(languages=LANGUAGES, domains=DOMAINS) -> dict[str, int]:
    """Write or update each domain's catalogue in ``languages`` (a changed English message
    becomes fuzzy, a new one untranslated: Babel's ``Catalog.update``); returns the number
    of messages per domain."""
    counts = {}
    for domain in domains:
        tmpl = template(domain)
        counts[domain] = len(tmpl)
        for lang in languages:
            catalogues.update(catalogue_path(domain, lang), tmpl, lang, lambda: Catalog(
                locale=lang, project=editions.PROJECT, copyright_holder=editions.AUTHORS, charset="utf-8",
                fuzzy=False, header_comment=HEADER.format(lang=lang, domain=domain)))
    return counts


def translations(domain: str, lang: str) -> dict[str, str]:
    """msgid -> translation of the domain's catalogue in ``lang`` (translated, not fuzzy)."""
    catalog = read_catalogue(domain, lang)
    if catalog is None:
        return {}
    return {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}


# ---------------------------------------------------------------- using the translations

class Translator:
    """``tr("text")``: the text in the language set with :meth:`use` (English, the text
    itself, until then). Also the marker Babel extracts the ``handouts`` messages by.

    In strict use (the default for a language other than English) a text without a
    translation raises :class:`Untranslated`; otherwise the English text is returned and
    the text is kept in :attr:`missing`."""

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self.lang = "en"
        self.strict = False
        self.table: dict[str, str] = {}
        self.missing: set[str] = set()

    def use(self, lang: str, strict: bool = True) -> None:
        self.lang = lang
        self.strict = strict and lang != "en"
        self.table = {} if lang == "en" else translations(self.domain, lang)
        self.missing = set()

    def __call__(self, text: str) -> str:
        if self.lang == "en":
            return text
        found = self.table.get(text)
        if found is None:
            if self.strict:
                raise Untranslated(f"{self.domain}.po ({self.lang}): not translated: {text!r}")
            self.missing.add(text)
            return text
        return found


def translate_markdown(text: str, table: dict[str, str], missing: list[str]) -> str:
    """A Markdown text with each message replaced by its translation from ``table``; a
    message without one stays English and is appended to ``missing``."""
    units = markdown_units(text)
    missing += [u.msgid for u in units if u.msgid not in table]
    return editions.replace_units(text.split("\n"), units, table, "markdown cell")


def translate_notebook(path: Path, lang: str, strict: bool = True):
    """The notebook book/_lite/<game>.py (jupytext) in ``lang``: its Markdown cells translated
    from the ``lite`` catalogue, and its first code cell ending with the line that sets the
    package's language (``banking_games.i18n.set_language``), so that its tables speak the
    edition's language. Raises :class:`Untranslated` (strict) naming every message without
    a translation; otherwise those stay English. Returns the jupytext notebook."""
    import jupytext
    nb = jupytext.read(path)
    table = translations("lite", lang)
    missing: list[str] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = translate_markdown(cell.source, table, missing)
    first = next(c for c in nb.cells if c.cell_type == "code")
    first.source = first.source.rstrip("\n") + "\n" + editions.LANGUAGE_LINE.format(lang=lang)
    if missing and strict:
        raise Untranslated(f"lite.po ({lang}): {path.name}: not translated: "
                           + "; ".join(repr(m[:80]) for m in missing))
    return nb


def readme(lang: str, version: str) -> tuple[str, str]:
    """The read-me's file name and text in ``lang`` (``{version}`` filled in). Raises
    :class:`Untranslated` naming every block without a translation."""
    english = README.read_text(encoding="utf-8")
    if lang == "en":
        return README_NAME, english.replace("{version}", version)
    table = translations("readme", lang)
    blocks = readme_blocks(english)
    missing = [b for b in [README_NAME, *blocks] if b not in table]
    if missing:
        raise Untranslated(f"readme.po ({lang}): not translated: " + "; ".join(repr(m[:60]) for m in missing))
    out = []
    for i, block in enumerate(blocks):
        text = table[block]
        if i == 0:              # the title, underlined to its own length
            text = text + "\n" + "=" * len(text.replace("{version}", version))
        out.append(text)
    return table[README_NAME], "\n\n".join(out).replace("{version}", version) + "\n"


# ---------------------------------------------------------------- checks

# a quoted file or folder name: no space, or a file name with its extension (the quoted labels of
# buttons, which have spaces, are translated as the edition's buttons say them)
_QUOTED = re.compile(r'"(?:[^"\s]+|[^"\n]+\.(?:bat|command|py|txt|html))"')
_COMMAND = re.compile(r"(?:python3 \S+|--[a-z-]+(?: [A-Z]+)?|https?://[^\s<]+|Ctrl\+C|\{version\})")


def problems(domain: str, msgid: str, msgstr: str) -> list[str]:
    """What a translation lost: for ``handouts`` and ``lite`` the checks of the pages
    (scripts/editions.py: format fields, maths, inline code, link targets ...); for
    ``readme`` every quoted file or folder name, option, command and address, exactly."""
    if domain != "readme":
        return editions.problems(msgid, msgstr)
    found = []
    for pattern in (_QUOTED, _COMMAND):
        lost = [x for x in pattern.findall(msgid) if x not in msgstr]
        if lost:
            found.append(f"lost {lost[:3]}")
    return found


def report(lang: str, domains=DOMAINS) -> list[str]:
    """Every message of ``domains`` in ``lang`` that is untranslated, fuzzy, missing from the
    catalogue or fails :func:`problems`, one line each naming the domain and the message."""
    lines = []
    for domain in domains:
        catalog = read_catalogue(domain, lang)
        for msgid, where, line, _ in MESSAGES[domain]():
            message = catalog.get(msgid) if catalog is not None else None
            if message is None or not message.string:
                lines.append(f"{lang}/{domain}.po: untranslated ({where}:{line}): {msgid[:90]!r}")
            elif message.fuzzy:
                lines.append(f"{lang}/{domain}.po: fuzzy ({where}:{line}): {msgid[:90]!r}")
            else:
                lines += [f"{lang}/{domain}.po: {p}: {msgid[:90]!r}"
                          for p in problems(domain, msgid, message.string)]
    return list(dict.fromkeys(lines))


def dump(domain: str, lang: str, everything: bool = False) -> str:
    """The domain's messages still to translate as numbered blocks (scripts/catalogues.py)."""
    return catalogues.dump_blocks(domain, read_catalogue(domain, lang), everything)


def fill(lang: str, text: str) -> int:
    """Set translations from numbered blocks (see :func:`dump`); a block that fails
    :func:`problems` is refused (printed). Returns the number set."""
    def domain_catalogue(domain):
        return read_catalogue(domain, lang), lambda c: write_catalogue(domain, lang, c)
    return catalogues.fill_blocks(text, domain_catalogue, problems)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("extract", "check"):
        p = sub.add_parser(name)
        p.add_argument("--lang", action="append", choices=LANGUAGES)
    p = sub.add_parser("dump")
    p.add_argument("--lang", required=True, choices=LANGUAGES)
    p.add_argument("--domain", required=True, choices=DOMAINS)
    p.add_argument("--all", action="store_true")
    p = sub.add_parser("fill")
    p.add_argument("--lang", required=True, choices=LANGUAGES)
    p.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "extract":
        counts = extract(tuple(args.lang or LANGUAGES))
        print(", ".join(f"{d}: {n} messages" for d, n in counts.items()))
        return 0
    if args.command == "dump":
        print(dump(args.domain, args.lang, args.all))
        return 0
    if args.command == "fill":
        print(f"{fill(args.lang, args.file.read_text(encoding='utf-8'))} messages set")
        return 0
    bad = [line for lang in args.lang or LANGUAGES for line in report(lang)]
    print("\n".join(bad) or "every message translated")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
