"""What every gettext catalogue of the book shares: reading, writing, updating, counting, and
the numbered blocks translators fill in.

The book keeps four kinds of catalogue, each made by its own script from its own sources
(what counts as a message differs), all read and written here with Babel:

==========================  ==============================================  =========================
script                      catalogues                                      messages
==========================  ==============================================  =========================
scripts/editions.py         book/locales/<lang>/LC_MESSAGES/<page>.po       the pages' prose
scripts/extras_i18n.py      book/locales/<lang>/LC_MESSAGES/handouts.po,    handouts, sheets,
                            lite.po, readme.po                              notebooks, read-me
scripts/package_i18n.py     src/banking_games/locales/<lang>/...            the package's texts
scripts/site_texts.py       book/_ext/banking_book/locales/<lang>/...       the site's frame and JS
==========================  ==============================================  =========================

Every catalogue is written the same way (:func:`write`: lines up to 100 characters, messages in
the order of their source, a fuzzy message keeping its previous English as ``#| msgid``, a
message no longer used kept at the end as obsolete ``#~``, as msgmerge keeps it) and
updated the same way (:func:`update`: Babel's ``Catalog.update``, so a changed English message
becomes fuzzy and a new one untranslated; the header's creation date is kept, so an update that
changes nothing changes no file). A translator's round trip is :func:`dump_blocks` (the messages
still to translate as ``### <key> <n>`` blocks) and :func:`fill_blocks` (the same blocks with
the translations in place of the English).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Iterable

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

BLOCK = re.compile(r"^### (\S+) (\d+)\s*$", re.M)
"""The head of a numbered block: ``### <key> <n>`` (key: a page or a domain; n from 1)."""


def read(path: Path, lang: str) -> Catalog | None:
    """The catalogue at ``path`` read with ``lang``'s plural rules, or None when there is none."""
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` to ``path`` (its folder made if missing), in the book's one form."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False, include_previous=True, ignore_obsolete=False)


def update(path: Path, template: Catalog, lang: str, new: Callable[[], Catalog]) -> Catalog:
    """Bring the catalogue at ``path`` up to ``template`` (Babel's ``Catalog.update``: a changed
    English message becomes fuzzy with its previous English kept, a new one untranslated, one
    no longer in the template obsolete); ``new()`` makes the catalogue when there is none yet.
    Writes it and returns it."""
    catalog = read(path, lang)
    if catalog is None:
        catalog = new()
    else:
        template.creation_date = catalog.creation_date     # no header churn on every run
    catalog.update(template, update_header_comment=False)
    write(path, catalog)
    return catalog


def messages(catalog: Catalog) -> list[Message]:
    """The catalogue's messages (the header left out), in order: ``n`` of a block is an index here + 1."""
    return [m for m in catalog if m.id]


def translated(message: Message) -> bool:
    """True when the message has a translation (every plural form of a plural message)."""
    return all(message.string) if isinstance(message.string, (tuple, list)) else bool(message.string)


def counts(catalog: Catalog) -> tuple[int, list[Message], list[Message]]:
    """``(messages, untranslated ones, fuzzy translated ones)`` of a catalogue."""
    msgs = messages(catalog)
    return (len(msgs), [m for m in msgs if not translated(m)],
            [m for m in msgs if translated(m) and m.fuzzy])


def set_translation(message: Message, string) -> None:
    """Make ``string`` the message's translation: no longer fuzzy, its previous English dropped."""
    message.string = string
    message.flags.discard("fuzzy")
    message.previous_id = ()
    # Babel's read_po keeps a fuzzy message's "#| msgid" lines as translator comments ("| msgid ..."):
    # they are the previous English too
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]


def dump_blocks(key: str, catalog: Catalog, everything: bool = False,
                where: bool = False) -> str:
    """The catalogue's messages still to translate (untranslated or fuzzy; all with
    ``everything``), each as a block: ``### <key> <n>``, its translators' notes and (``where``)
    its source lines as ``#.`` lines, then the English. :func:`fill_blocks` reads it back."""
    out = []
    for n, message in enumerate(messages(catalog), 1):
        if everything or not translated(message) or message.fuzzy:
            lines = [f"### {key} {n}"]
            if where:
                lines.append("#. " + ", ".join(f"{f}:{l}" for f, l in message.locations))
            lines += [f"#. {c}" for c in message.auto_comments]
            out.append("\n".join(lines) + f"\n{message.id}\n")
    return "\n".join(out)


def parse_blocks(text: str) -> dict[str, list[tuple[int, str]]]:
    """The blocks of ``text`` (see :func:`dump_blocks`) by key: ``[(n, translation), ...]``, each
    translation without its ``#.`` lines and without the blank lines around it."""
    parts = BLOCK.split(text)
    found: dict[str, list[tuple[int, str]]] = {}
    for k in range(1, len(parts), 3):
        body = "\n".join(line for line in parts[k + 2].split("\n") if not line.startswith("#. "))
        found.setdefault(parts[k], []).append((int(parts[k + 1]), body.strip("\n").rstrip()))
    return found


def fill_blocks(text: str, catalogues: Callable[[str], tuple[Catalog, Callable[[Catalog], None]]],
                problems: Callable[[str, str, str], Iterable[str]],
                shape: Callable[[str, str], str] = lambda msgid, string: string) -> int:
    """Set the translations of ``text``'s blocks. ``catalogues(key)`` gives the key's catalogue
    and the function that saves it; ``shape(msgid, translation)`` may adjust a translation
    (keep the English's outer spaces, say); a translation for which ``problems(key, msgid,
    translation)`` says anything, or a block number the catalogue does not have, is refused
    (printed, not set). Returns the number of messages set."""
    done = 0
    for key, items in parse_blocks(text).items():
        catalog, save = catalogues(key)
        msgs = messages(catalog)
        for n, string in items:
            if not 1 <= n <= len(msgs):
                print(f"{key} {n}: no such message (1..{len(msgs)})")
                continue
            message = msgs[n - 1]
            string = shape(message.id, string)
            trouble = list(problems(key, message.id, string))
            if trouble:
                print(f"{key} {n}: refused: {'; '.join(trouble)}")
                continue
            set_translation(message, string)
            done += 1
        save(catalog)
    return done


def print_counts(lang: str, catalog: Catalog, show: int = 0) -> int:
    """Print ``lang: N messages, U untranslated, F fuzzy`` (and the first ``show`` of those
    messages); returns U + F."""
    total, untranslated, fuzzy = counts(catalog)
    print(f"{lang}: {total} messages, {len(untranslated)} untranslated, {len(fuzzy)} fuzzy")
    for m in (untranslated + fuzzy)[:show]:
        print(f"  {str(m.id)[:90]!r}")
    return len(untranslated) + len(fuzzy)
