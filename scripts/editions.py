"""The book's editions in other languages: MyST pages <-> gettext catalogues.

English pages (``book/*.md``) are the source of truth. This module

* **extracts** the translatable messages of each page into a catalogue
  ``book/locales/<lang>/LC_MESSAGES/<page>.po`` (one per page and language,
  the gettext format Poedit, Weblate and similar tools read);
* **generates** a translated copy of each page from the English page and the
  catalogue: the same front matter, the same code cells, the same maths,
  labels and comments, with each message replaced by its translation.

The generated pages are built like the English ones (their code cells run and
their ``{eval}`` roles read the same computed values), and they are real
notebooks for JupyterLab.

What is a message (one per unit, its MyST source as the msgid, with the lines
of a paragraph joined by spaces; a hard line break, a line ending in ``\\``,
is kept as a newline):

* the text of each paragraph, heading, list item's paragraph, table cell,
  definition-list term and definition, also inside directives (the body of
  an exercise, solution, note, admonition, dropdown, figure caption, proof
  directive, glossary), parsed with MyST's own parser (myst-parser's
  markdown-it configuration, so the units are what Sphinx reads);
* a directive's title (``{exercise}``, ``{admonition}``, ``{dropdown}``,
  ``{prf:...}``), but not an argument that is a label or a path
  (``{solution}``, ``{figure}``);
* in code cells, the prose a page keeps in code: the text of
  ``shown.claim(name, "text", ...)`` and of ``shown.set``/``shown.put(name, "text")`` when
  it is a plain string literal with a space in it, and the argument of
  ``tr("text")`` (an identity marker, ``banking_games.inline.tr``).

Never messages: front matter, code (other than the above), maths blocks,
MyST comments (``% ...``), targets, directive options.

Catalogues are written and read with Babel; an English change updates the
catalogues with Babel's ``Catalog.update`` so a changed message becomes
*fuzzy* (its old translation kept as a suggestion) and a new one
untranslated. Neither is ever shipped: :func:`generate` reports them and
``--check`` fails on them.

Usage::

    python scripts/editions.py extract [--lang de --lang ru]   # write/update catalogues
    python scripts/editions.py stats                           # untranslated/fuzzy per page
    python scripts/editions.py dump --lang de --page intro     # numbered messages to translate
    python scripts/editions.py fill --lang de FILE             # set translations from such blocks
    python scripts/editions.py merge --lang de OTHER/intro.po  # take translations from another copy
    python scripts/editions.py check [--lang de] [--page intro] # translations keep values, links
    python scripts/editions.py generate --lang de OUT_DIR      # translated pages
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

sys.path.insert(0, str(Path(__file__).resolve().parent))
import catalogues  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
LOCALES = BOOK / "locales"
LANGUAGES = ("de", "ru")
PROJECT = "Three Banking Card Games"
AUTHORS = "The banking-games authors"
HEADER = ("# {lang} translation of a page of Three Banking Card Games.\n"
          "# Written and updated by scripts/editions.py from the English page (book/);\n"
          "# translate the msgstr lines only (docs/i18n/{lang}.md: style and terms).\n"
          "# Text: CC BY 4.0, as the English book.")

# myst_enable_extensions of book/_config.yml (read from it, so the units are Sphinx's)
_EXTENSIONS_RE = re.compile(r"myst_enable_extensions:\s*\n((?:\s+- .*\n)+)")

# directives whose body is not prose
SKIP_DIRECTIVES = {"code-cell", "math", "code", "code-block", "raw", "eval-rst"}
# directives whose argument is a title to translate (others: a label or a path)
TITLE_DIRECTIVES = {"exercise", "admonition", "dropdown", "prf:theorem", "prf:definition",
                    "prf:proof", "prf:lemma", "note", "tip", "warning", "important"}
_DIRECTIVE_RE = re.compile(r"^\{([a-zA-Z0-9:_-]+)\}\s*(.*)$")
_OPTION_RE = re.compile(r"^:[a-zA-Z0-9_-]+:")


def _extensions() -> set[str]:
    match = _EXTENSIONS_RE.search((BOOK / "_config.yml").read_text(encoding="utf-8"))
    if not match:
        raise RuntimeError("book/_config.yml: no myst_enable_extensions list found")
    return {line.strip()[2:].strip() for line in match.group(1).splitlines() if line.strip()}


_PARSER = None


def _parser():
    global _PARSER
    if _PARSER is None:
        _PARSER = create_md_parser(MdParserConfig(enable_extensions=_extensions()), RendererHTML)
    return _PARSER


@dataclass
class Unit:
    """One translatable unit of a page.

    ``line`` is the 0-based line of the page where the unit starts; ``kind``
    is ``"text"`` (a block of lines, ``lines`` long, whose first line holds
    ``prefix`` before the text), ``"cell"`` (text inside one line, replaced
    where it stands), ``"title"`` (a directive's argument, inside one line)
    or ``"code"`` (a Python string literal from ``col`` of ``line`` to
    ``end_col`` of ``end_line``).
    """

    msgid: str
    kind: str
    line: int
    lines: int = 1
    source: str = ""          # the exact text as it stands in the page (cell, title)
    col: int = 0
    end_line: int = 0
    end_col: int = 0
    level: int = 0            # a heading's level (1 for #), 0 for any other unit
    note: str = ""            # for the translator: where a code unit's text appears
    head: str = ""            # a "text" unit's first line as it stands in the page, without prefix


def _msgid(content: str) -> str:
    """A paragraph's content (lines joined by newlines) as a message: lines joined
    by spaces, except after a hard break (a line ending in a backslash)."""
    out = []
    lines = content.split("\n")
    for i, line in enumerate(lines):
        line = line.strip()
        out.append(line)
        if i < len(lines) - 1:
            out.append("\n" if line.endswith("\\") else " ")
    return "".join(out).strip()


def _units_of_markdown(text: str, offset: int, units: list[Unit]) -> None:
    """Add the units of MyST ``text`` whose first line is line ``offset`` of the page."""
    tokens = _parser().parse(text)
    lines = text.split("\n")
    row_line = None
    for i, tok in enumerate(tokens):
        if tok.type == "tr_open" and tok.map:
            row_line = tok.map[0]
        if tok.type == "inline":
            content = tok.content
            if not content.strip():
                continue
            parent = tokens[i - 1].type if i else ""
            if parent in ("th_open", "td_open"):
                units.append(Unit(_msgid(content), "cell", offset + row_line, source=content))
                continue
            if tok.map is None:
                continue
            start, end = tok.map
            level = int(tokens[i - 1].tag[1]) if parent == "heading_open" else 0
            units.append(Unit(_msgid(content), "text", offset + start, max(1, end - start),
                              head=content.split("\n")[0].strip(), level=level))
        elif tok.type in ("fence", "colon_fence") and tok.map:
            match = _DIRECTIVE_RE.match(tok.info.strip())
            if not match:
                continue                      # a plain code block
            name, argument = match.group(1), match.group(2).strip()
            if name in SKIP_DIRECTIVES:
                continue
            start = tok.map[0]
            if argument and name in TITLE_DIRECTIVES:
                units.append(Unit(argument, "title", offset + start, source=argument))
            body = tok.content.split("\n")
            skip = 0
            if body and body[0].strip() == "---":           # a YAML option block
                close = next((k for k in range(1, len(body)) if body[k].strip() == "---"), None)
                skip = (close + 1) if close is not None else 0
            else:
                while skip < len(body) and _OPTION_RE.match(body[skip].strip()):
                    skip += 1
            rest = "\n".join(body[skip:])
            if rest.strip():
                _units_of_markdown(rest, offset + start + 1 + skip, units)
    del lines


def _is_prose(value: str) -> bool:
    return " " in value.strip() and any(c.isalpha() for c in value)


def _units_of_code(text: str, offset: int, units: list[Unit]) -> None:
    """Add the prose string literals of a code cell whose first line is ``offset``."""
    # the cell's own YAML header (--- ... ---) is not Python
    lines = text.split("\n")
    skip = 0
    if lines and lines[0].strip() == "---":
        close = next((k for k in range(1, len(lines)) if lines[k].strip() == "---"), None)
        skip = (close + 1) if close is not None else 0
    code = "\n".join(lines[skip:])
    try:
        # an IPython magic line (%matplotlib inline) is no Python: parsed as an empty line, so
        # that the cell's other lines (and their tr() texts) keep their numbers and are taken
        tree = ast.parse(re.sub(r"(?m)^[ \t]*[%!].*$", "", code))
    except SyntaxError:
        return                                 # not Python at all: nothing to take
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        literal = None
        if name in ("claim", "set", "put") and isinstance(func, ast.Attribute) and len(node.args) >= 2:
            literal = node.args[1]
        elif name == "tr" and node.args:
            literal = node.args[0]
        if not (isinstance(literal, ast.Constant) and isinstance(literal.value, str)):
            continue
        if name in ("set", "put") and not _is_prose(literal.value):
            continue
        key = node.args[0].value if name != "tr" and isinstance(node.args[0], ast.Constant) else ""
        code_lines = code.split("\n")
        line = code_lines[literal.lineno - 1].strip()
        note = (f"a fragment the prose shows with {{eval}}`shown.{key}`: translate it to fit there"
                if key else f"a text the page's code shows: {line[:110]}")
        units.append(Unit(literal.value, "code", offset + skip + literal.lineno - 1, note=note,
                          col=_char_col(code_lines[literal.lineno - 1], literal.col_offset),
                          end_line=offset + skip + literal.end_lineno - 1,
                          end_col=_char_col(code_lines[literal.end_lineno - 1], literal.end_col_offset)))


def _char_col(line: str, byte_col: int) -> int:
    """The character column of ``byte_col``, an offset in ``line``'s UTF-8 bytes (what
    :mod:`ast` gives), so that a line with σ, √ or − before or in a literal is cut right."""
    return len(line.encode("utf-8")[:byte_col].decode("utf-8"))


def units_of_markdown(text: str, offset: int, units: list[Unit]) -> None:
    """Add to ``units`` the messages of the Markdown ``text`` (no code cells), whose first line
    is line ``offset`` of its file: as a page's prose (used for the notebooks' Markdown cells,
    scripts/extras_i18n.py)."""
    _units_of_markdown(text, offset, units)
    units.sort(key=lambda u: (u.line, u.col))


def page_units(path: Path) -> list[Unit]:
    """The translatable units of one MyST page, in page order (see the module docstring)."""
    text = path.read_text(encoding="utf-8")
    units: list[Unit] = []
    _units_of_markdown(text, 0, units)
    for tok in _parser().parse(text):
        if tok.type == "fence" and tok.map and tok.info.strip().startswith("{code-cell}"):
            _units_of_code(tok.content, tok.map[0] + 1, units)
    units.sort(key=lambda u: (u.line, u.col))
    return units


def pages() -> list[Path]:
    """The book's pages (book/*.md), sorted."""
    return sorted(p for p in BOOK.glob("*.md") if p.name != "README.md")


def template(path: Path) -> Catalog:
    """The message template of one page (msgids in page order, each with its line)."""
    catalog = Catalog(project=PROJECT, charset="utf-8", fuzzy=False)
    rel = path.relative_to(ROOT).as_posix()
    for unit in page_units(path):
        flags = ("python-brace-format",) if "{" in unit.msgid else ()
        existing = catalog.get(unit.msgid)
        if existing is not None:
            existing.locations.append((rel, unit.line + 1))
            continue
        catalog.add(unit.msgid, locations=[(rel, unit.line + 1)], flags=flags,
                    auto_comments=[unit.note] if unit.note else [])
    return catalog


def catalogue_path(lang: str, page: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{page}.po"


def extract(languages=LANGUAGES) -> dict[str, int]:
    """Write or update every page's catalogue for ``languages``; returns messages per page."""
    counts = {}
    for path in pages():
        tmpl = template(path)
        counts[path.stem] = len(tmpl)
        for lang in languages:
            catalogues.update(catalogue_path(lang, path.stem), tmpl, lang, lambda: Catalog(
                locale=lang, project=PROJECT, copyright_holder=AUTHORS, charset="utf-8", fuzzy=False,
                header_comment=HEADER.format(lang=lang)))
    return counts


@dataclass
class PageStats:
    page: str
    messages: int = 0
    translated: int = 0
    words: int = 0
    untranslated: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)


def read_catalogue(lang: str, page: str) -> Catalog | None:
    return catalogues.read(catalogue_path(lang, page), lang)


def _translations(lang: str, path: Path, stats: PageStats) -> dict[str, str]:
    catalog = read_catalogue(lang, path.stem)
    found, seen = {}, set()
    for unit in page_units(path):
        if unit.msgid in seen:
            continue
        seen.add(unit.msgid)
        stats.messages += 1
        stats.words += len(unit.msgid.split())
        message = catalog.get(unit.msgid) if catalog is not None else None
        if message is None or not message.string:
            stats.untranslated.append(unit.msgid)
        elif message.fuzzy:
            stats.fuzzy.append(unit.msgid)
        else:
            stats.translated += 1
            found[unit.msgid] = message.string
    return found


def heading_slug(text: str, taken: set[str]) -> str:
    """The anchor MyST gives a heading with this MyST ``text`` (myst-parser's
    ``compute_unique_slug``: the text and inline code of the heading, slugified,
    made unique on the page with ``-1``, ``-2`` ...); adds it to ``taken``."""
    from myst_parser.mdit_to_docutils.base import default_slugify
    inline = next(t for t in _parser().parse(text) if t.type == "inline")
    title = "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline"))
    slug = base = default_slugify(title)
    i = 1
    while slug in taken:
        slug = f"{base}-{i}"
        i += 1
    taken.add(slug)
    return slug


def slug_map(path: Path, found: dict[str, str]) -> dict[str, str]:
    """English heading anchor -> the translated heading's anchor, for one page (headings
    down to level 3, as ``myst_heading_anchors: 3``)."""
    english, translated, mapping = set(), set(), {}
    for unit in page_units(path):
        if 1 <= unit.level <= 3:
            a = heading_slug(unit.msgid, english)
            b = heading_slug(found.get(unit.msgid, unit.msgid), translated)
            mapping[a] = b
    return mapping


_LINK = re.compile(r"\]\((?P<page>[A-Za-z0-9_.-]*?)(?P<md>\.md)?#(?P<slug>[^)\s]+)\)")


def relink(text: str, page: str, slugs: dict[str, dict[str, str]]) -> str:
    """``text`` with each link to a heading anchor (``[..](page.md#slug)``, ``[..](#slug)``)
    pointed at the translated heading's anchor; other links unchanged."""
    def sub(m):
        target = m["page"] if m["page"] else page
        new = slugs.get(target, {}).get(m["slug"], m["slug"])
        return f"]({m['page']}{m['md'] or ''}#{new})"
    return _LINK.sub(sub, text)


def translate_page(path: Path, lang: str, slugs: dict[str, dict[str, str]] | None = None
                   ) -> tuple[str, PageStats]:
    """The page at ``path`` in ``lang``: each unit with a translation (not fuzzy) replaced.

    Untranslated and fuzzy units keep their English text and are listed in the stats.
    """
    stats = PageStats(path.stem)
    found = _translations(lang, path, stats)
    if slugs:
        found = {k: relink(v, path.stem, slugs) for k, v in found.items()}
    lines = path.read_text(encoding="utf-8").split("\n")
    lines = replace_units(lines, page_units(path), found, path.name).split("\n")
    _set_language(lines, lang)
    return "\n".join(lines), stats


def replace_units(lines: list[str], units: list[Unit], found: dict[str, str], where: str) -> str:
    """The text ``lines`` with each unit that has a translation in ``found`` replaced by it
    (``where`` names the text in an error: a unit that cannot be placed)."""
    # replace from the bottom up so earlier line numbers stay valid
    lines = list(lines)
    for unit in sorted(units, key=lambda u: (u.line, u.col), reverse=True):
        new = found.get(unit.msgid)
        if new is None:
            continue
        if unit.kind == "text":
            first = lines[unit.line]
            at = first.find(unit.head)
            if at < 0:
                raise RuntimeError(f"{where}:{unit.line + 1}: cannot place the message {unit.msgid[:40]!r}")
            prefix = first[:at]
            indent = " " * len(prefix) if prefix.strip() else prefix
            new_lines = new.split("\n")
            lines[unit.line:unit.line + unit.lines] = (
                [prefix + new_lines[0]] + [indent + rest for rest in new_lines[1:]])
        elif unit.kind in ("cell", "title"):
            line = lines[unit.line]
            if unit.source not in line:
                raise RuntimeError(f"{where}:{unit.line + 1}: cannot place {unit.source[:40]!r}")
            lines[unit.line] = line.replace(unit.source, new.replace("\n", " "), 1)
        elif unit.kind == "code":
            before = lines[unit.line][:unit.col]
            after = lines[unit.end_line][unit.end_col:]
            lines[unit.line:unit.end_line + 1] = [before + repr(new) + after]
    return "\n".join(lines)


LANGUAGE_LINE = "from banking_games.i18n import set_language; set_language({lang!r})  # this edition's language"


def _set_language(lines: list[str], lang: str) -> None:
    """Make the page's first code cell set the package's language (its tables, plots and live
    tables speak the edition's language also where the page runs as a notebook)."""
    for i, line in enumerate(lines):
        if line.strip().startswith("```{code-cell}"):
            at = i + 1
            if at < len(lines) and lines[at].strip() == "---":
                at = next(k for k in range(at + 1, len(lines)) if lines[k].strip() == "---") + 1
            lines.insert(at, LANGUAGE_LINE.format(lang=lang))
            return


def generate(lang: str, out: Path) -> list[PageStats]:
    """Write every page of the book in ``lang`` into ``out``; return each page's stats."""
    out.mkdir(parents=True, exist_ok=True)
    result = []
    slugs = {}
    for path in pages():
        found = _translations(lang, path, PageStats(path.stem))
        slugs[path.stem] = slug_map(path, found)
    for path in pages():
        text, stats = translate_page(path, lang, slugs)
        (out / path.name).write_text(text, encoding="utf-8")
        result.append(stats)
    return result


def stats(lang: str) -> list[PageStats]:
    """Each page's counts of messages, translated, untranslated and fuzzy in ``lang``."""
    result = []
    for path in pages():
        s = PageStats(path.stem)
        _translations(lang, path, s)
        result.append(s)
    return result


# what a translation must keep exactly as the English message has it
_KEEP = (
    ("computed value", re.compile(r"\{eval\}`[^`]*`")),
    ("maths", re.compile(r"\{math\}`[^`]*`|\$\$.*?\$\$|\$[^$\n]+\$")),
    # a reference's target (its text before <target>, if any, is translated)
    ("reference", re.compile(r"\{(?:ref|numref|eq|doc|download|cite|prf:ref)\}`(?:[^`<]*<)?([^`<>]*)>?`")),
    ("link target", re.compile(r"\]\(([^)\s]*)\)")),
)
_ROLE = re.compile(r"\{[a-zA-Z:_-]+\}`[^`]*`")
_CODE = re.compile(r"`[^`]+`")
# a str.format field of a text from code: tr("{n} cards").format(n=...)
_FIELD = re.compile(r"(?<![{\\])\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}(?!`)")
_TERM = re.compile(r"\{term\}`")
_TEXT = re.compile(r"\\text\{[^{}]*\}")


def problems(msgid: str, msgstr: str) -> list[str]:
    """What a translation ``msgstr`` of ``msgid`` lost or changed: every computed value,
    piece of maths, reference, link target and inline code of the English message,
    exactly (in any order; only the words in a formula's ``\\text{...}`` may change), the same
    number of glossary terms and of hard line breaks."""
    found = []
    for what, pattern in _KEEP:
        a, b = sorted(pattern.findall(msgid)), sorted(pattern.findall(msgstr))
        if what == "maths":      # words in \text{...} are translated, the formula is not
            a, b = sorted(_TEXT.sub(r"\\text{}", x) for x in a), sorted(_TEXT.sub(r"\\text{}", x) for x in b)
        if a != b:
            missing = [x for x in a if x not in b] or [x for x in b if x not in a]
            found.append(f"{what} differs: {missing[:3]}")
    a = sorted(_CODE.findall(_ROLE.sub("", msgid)))
    b = sorted(_CODE.findall(_ROLE.sub("", msgstr)))
    if a != b:
        found.append(f"inline code differs: {[x for x in a if x not in b][:3] or b[:3]}")
    fields_a = sorted(_FIELD.findall(_ROLE.sub("", msgid)))
    fields_b = sorted(_FIELD.findall(_ROLE.sub("", msgstr)))
    if fields_a != fields_b:
        found.append(f"format fields differ: {fields_a} != {fields_b}")
    if len(_TERM.findall(msgid)) != len(_TERM.findall(msgstr)):
        found.append("a different number of {term} roles")
    if msgid.count("\n") != msgstr.count("\n"):
        found.append("a different number of hard line breaks")
    return found


def check(lang: str, only: list[str] | None = None) -> int:
    """Print every translated message of ``lang`` that fails :func:`problems`; return their count."""
    bad = 0
    for path in pages():
        if only and path.stem not in only:
            continue
        catalog = read_catalogue(lang, path.stem)
        if catalog is None:
            continue
        for message in catalog:
            if not message.id or not message.string:
                continue
            for problem in problems(message.id, message.string):
                bad += 1
                print(f"{lang}/{path.stem}.po: {problem}\n  msgid: {message.id[:90]!r}")
    return bad


def write_catalogue(lang: str, page: str, catalog: Catalog) -> None:
    catalogues.write(catalogue_path(lang, page), catalog)


def dump(lang: str, page: str, everything: bool = False) -> str:
    """The page's messages still to translate (untranslated or fuzzy; all with
    ``everything``) as numbered blocks ``### <page> <n>`` + its lines + the English text
    (scripts/catalogues.py), the format :func:`fill` reads back with the translations in
    place of the English."""
    return catalogues.dump_blocks(page, read_catalogue(lang, page), everything, where=True)


def fill(lang: str, text: str) -> int:
    """Set translations from numbered blocks (see :func:`dump`): each block's text becomes
    the msgstr of message ``n`` of the page's catalogue (no longer fuzzy), with the English
    message's own leading and trailing spaces. A translation that fails :func:`problems` is
    refused (printed, not set). Returns the number of messages set."""
    def page_catalogue(page):
        catalog = read_catalogue(lang, page)
        if catalog is None:
            raise SystemExit(f"no catalogue {catalogue_path(lang, page)}")
        return catalog, lambda c: write_catalogue(lang, page, c)

    def outer_spaces(msgid, string):
        string = string.strip()
        return msgid[:len(msgid) - len(msgid.lstrip())] + string + msgid[len(msgid.rstrip()):]

    return catalogues.fill_blocks(text, page_catalogue, lambda page, msgid, string: problems(msgid, string),
                                  outer_spaces)


def merge(lang: str, other: Path) -> int:
    """Take the translations of another copy of a page's catalogue (a translator's file, or a
    branch's): each message of ``other`` that is translated and not fuzzy sets the same
    message of our catalogue of that page (named by ``other``'s file name) when ours is
    untranslated or fuzzy. A translation that fails :func:`problems` is skipped (printed).
    Returns the number of messages set."""
    with other.open("rb") as f:
        theirs = read_po(f, locale=lang)
    page = other.stem
    catalog = read_catalogue(lang, page)
    if catalog is None:
        raise SystemExit(f"no catalogue {catalogue_path(lang, page)}")
    done = 0
    for message in theirs:
        if not message.id or not message.string or message.fuzzy:
            continue
        ours = catalog.get(message.id)
        if ours is None or (ours.string and not ours.fuzzy):
            continue
        trouble = problems(message.id, message.string)
        if trouble:
            print(f"{page}: skipped: {'; '.join(trouble)}: {message.id[:60]!r}")
            continue
        catalogues.set_translation(ours, message.string)
        done += 1
    write_catalogue(lang, page, catalog)
    return done


def _print_stats(lang: str, rows: list[PageStats]) -> None:
    print(f"{lang}: page, messages, translated, untranslated, fuzzy, English words")
    for s in rows:
        print(f"  {s.page:32} {s.messages:5} {s.translated:5} {len(s.untranslated):5} {len(s.fuzzy):5} {s.words:6}")
    total = sum(s.messages for s in rows)
    done = sum(s.translated for s in rows)
    print(f"  {'all pages':32} {total:5} {done:5} {sum(len(s.untranslated) for s in rows):5} "
          f"{sum(len(s.fuzzy) for s in rows):5} {sum(s.words for s in rows):6}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_extract = sub.add_parser("extract", help="write or update the catalogues")
    p_extract.add_argument("--lang", action="append", choices=LANGUAGES)
    p_stats = sub.add_parser("stats", help="translated, untranslated and fuzzy per page")
    p_stats.add_argument("--lang", action="append", choices=LANGUAGES)
    p_check = sub.add_parser("check", help="translations that lost a value, maths, link or term")
    p_check.add_argument("--lang", action="append", choices=LANGUAGES)
    p_check.add_argument("--page", action="append")
    p_dump = sub.add_parser("dump", help="numbered messages still to translate")
    p_dump.add_argument("--lang", required=True, choices=LANGUAGES)
    p_dump.add_argument("--page", required=True)
    p_dump.add_argument("--all", action="store_true")
    p_fill = sub.add_parser("fill", help="set translations from numbered blocks (see dump)")
    p_fill.add_argument("--lang", required=True, choices=LANGUAGES)
    p_fill.add_argument("file", type=Path)
    p_merge = sub.add_parser("merge", help="take translations from other copies of page catalogues")
    p_merge.add_argument("--lang", required=True, choices=LANGUAGES)
    p_merge.add_argument("files", type=Path, nargs="+")
    p_gen = sub.add_parser("generate", help="write the translated pages")
    p_gen.add_argument("--lang", required=True, choices=LANGUAGES)
    p_gen.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "extract":
        counts = extract(tuple(args.lang or LANGUAGES))
        print(f"{sum(counts.values())} messages in {len(counts)} pages")
        return 0
    if args.command == "stats":
        for lang in args.lang or LANGUAGES:
            _print_stats(lang, stats(lang))
        return 0
    if args.command == "dump":
        print(dump(args.lang, args.page, args.all))
        return 0
    if args.command == "fill":
        print(f"{fill(args.lang, args.file.read_text(encoding='utf-8'))} messages set")
        return 0
    if args.command == "merge":
        print(f"{sum(merge(args.lang, f) for f in args.files)} messages set")
        return 0
    if args.command == "check":
        return 1 if sum(check(lang, args.page) for lang in args.lang or LANGUAGES) else 0
    rows = generate(args.lang, args.out)
    _print_stats(args.lang, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
