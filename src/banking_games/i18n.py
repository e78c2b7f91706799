"""The language the package writes in: English, German or Russian (issue 35).

Everything a reader meets that the package writes (the live tables' labels,
buttons, tooltips and messages, the Repeat panel, the class board, the
tables and plots the pages show, generated counts) passes through this
module. It uses the standard library's :mod:`gettext` with the domain
``banking_games``; the catalogues are the sources
``locales/<lang>/LC_MESSAGES/banking_games.po`` inside the package, compiled
to ``.mo`` files beside them (see :func:`compile_catalogues`; the ``.mo``
files are not kept in git, they are made at set-up, by the book's build and
by the wheel that *Deal live* installs, and again when a process first loads a
catalogue whose ``.po`` is newer).
Babel extracts and compiles (``scripts/package_i18n.py``); it is never needed
at run time, so the package in the browser (Pyodide) reads the ``.mo`` files
with :mod:`gettext` alone.

The language is the one given to :func:`set_language`, else the environment
variable ``BANKING_GAMES_LANG``, else English. Group codes, seeds and every
other payload never depend on it: only words and the way numbers are
written do.

=========================  ==================================================
name                       does
=========================  ==================================================
:func:`set_language`       choose the language (``"en"``, ``"de"``, ``"ru"``)
:func:`language`           the language in use
:func:`_`                  a message in the language in use
:func:`N_`                 mark a message for the catalogue, translate later
:func:`ngettext`           a message with a count (one / few / many forms)
:func:`pgettext`           a message with a context (same English, two uses)
:func:`error_text`         a package error's message, as a reader sees it
:func:`phrase_text`        a piece of an error's message, as a reader sees it
:func:`joined`             names joined as the language lists them: ``a, b and c``
:data:`NUMBER_SYMBOLS`     decimal sign, group sign, percent pattern per language
:func:`localize_number`    English-written number text as the language writes it
=========================  ==================================================

Sources: CLDR (through Babel 2.19) for the number symbols and plural rules;
the term lists ``docs/i18n/de.md`` and ``docs/i18n/ru.md`` for the words.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import warnings
from pathlib import Path

from .errors import ConfigError, GameError, Phrase

__all__ = ["DOMAIN", "LANGUAGES", "LOCALES", "NUMBER_SYMBOLS", "N_", "_", "compile_catalogues", "error_text", "load_catalogues", "phrase_text",
           "joined", "language", "localize_number", "ngettext", "npgettext", "pgettext", "set_language"]

DOMAIN = "banking_games"
"""The gettext domain: the catalogues' file name without ``.po``/``.mo``."""

LOCALES = Path(__file__).resolve().parent / "locales"
"""Where the catalogues live: ``LOCALES/<lang>/LC_MESSAGES/banking_games.po`` (and ``.mo``)."""

LANGUAGES = ("en", "de", "ru")
"""The languages the package writes: English (the source) and the two translations."""

ENV = "BANKING_GAMES_LANG"
"""The environment variable read when :func:`set_language` was not called."""

NUMBER_SYMBOLS = {
    "en": {"decimal": ".", "group": ",", "percent": "{}%"},
    "de": {"decimal": ",", "group": ".", "percent": "{}\u00a0%"},
    "ru": {"decimal": ",", "group": "\u00a0", "percent": "{}\u00a0%"},
}
"""How each language writes numbers, taken from CLDR (Babel 2.19:
``babel.numbers.get_decimal_symbol``, ``get_group_symbol`` and the locale's
percent pattern ``#,##0%`` / ``#,##0\u00a0%``), so that the package needs no
Babel at run time; ``tests/test_i18n.py`` checks the table against Babel.
German 1.234,5 and 25 %; Russian 1 234,5 (a no-break space) and 25 %."""

_chosen: str | None = None
_catalogues: dict[str, _gettext.NullTranslations] = {}


def _check(code: object, where: str) -> str:
    if not isinstance(code, str) or code.strip().lower() not in LANGUAGES:
        raise ConfigError(f"unknown language {code!r} ({where}): allowed are "
                          + ", ".join(repr(c) for c in LANGUAGES))
    return code.strip().lower()


def set_language(code: str | None) -> None:
    """Write in the language ``code`` from now on: ``"en"``, ``"de"`` or ``"ru"``
    (case and surrounding spaces ignored); ``None`` goes back to the
    environment variable ``BANKING_GAMES_LANG`` (or English).

    A widget takes its words when it is built or redrawn: set the language
    before building a table.

    Raises:
        ConfigError: an unknown code; the message lists the allowed ones.
        OSError: the language's catalogue (``.mo``) cannot be read and was not
            loaded before (:func:`load_catalogues`); the language stays as it was.
    """
    global _chosen
    chosen = None if code is None else _check(code, "set_language")
    if chosen is not None:
        _catalogue(chosen)   # a missing catalogue shows now, not at the first message
    _chosen = chosen         # (only once the catalogue is there: a failure changes nothing)


def load_catalogues() -> None:
    """Load every language's catalogue now; each stays loaded in this process.

    Deal live calls it before Python's memory snapshot is made
    (``book/_ext/banking_book/live_static/bridge.py``, ``import_tables``): a
    snapshot holds Python's memory, not its files, and a later chapter restored
    from it runs the edition's :func:`set_language` before the package's files
    are unpacked again, so the catalogue must already be in memory.

    Raises:
        ConfigError: a catalogue's ``.mo`` is missing and cannot be compiled
            (no Babel), as :func:`set_language` would raise.
    """
    for code in LANGUAGES:
        _catalogue(code)


def language() -> str:
    """The language in use: the one given to :func:`set_language`, else the
    environment variable ``BANKING_GAMES_LANG`` (empty counts as unset),
    else ``"en"``.

    Raises:
        ConfigError: ``BANKING_GAMES_LANG`` names an unknown language.
    """
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV, "").strip()
    return _check(env, f"environment variable {ENV}") if env else "en"


def _stale(po: Path, mo: Path) -> bool:
    return po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime)


def compile_catalogues(force: bool = False) -> list[Path]:
    """Compile every ``locales/<lang>/LC_MESSAGES/banking_games.po`` whose ``.mo``
    is missing or older (all of them with ``force``), with Babel's ``.mo``
    writer; fuzzy messages are left out, as ``msgfmt`` does. Returns the
    ``.mo`` files written.

    Called by ``scripts/setup.sh`` (through ``scripts/package_i18n.py
    compile``), by ``scripts/build_book.py`` before the pages run, by
    ``scripts/live_site.py`` before it packs the wheel for *Deal live*, and by
    this module when it loads a catalogue whose ``.po`` is newer than its
    ``.mo``. Needs Babel (a build-time tool, pinned in requirements.txt).
    """
    from babel.messages.mofile import write_mo   # build time only: Pyodide reads the .mo with gettext
    from babel.messages.pofile import read_po
    written = []
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if force or _stale(po, mo):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name, domain=DOMAIN)
            tmp = mo.with_suffix(".mo.tmp")
            with tmp.open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
            tmp.replace(mo)
            written.append(mo)
    return written


_ENGLISH = _gettext.NullTranslations()


def _catalogue(code: str) -> _gettext.NullTranslations:
    # called for every message the package writes (an engine's event texts: thousands a second in
    # a simulation), so a catalogue once loaded is used as it is; a .po made newer than its .mo
    # is compiled when the catalogue is first loaded in a process
    if code == "en":
        return _ENGLISH
    cached = _catalogues.get(code)
    if cached is not None:
        return cached
    po = LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if _stale(po, mo):
        try:
            compile_catalogues()
        except ImportError:  # no Babel (the browser): use the .mo there is
            if not mo.exists():
                raise ConfigError(f"the {code!r} catalogue is not compiled ({mo} is missing) and Babel, which "
                                  "compiles it, is not installed: run scripts/package_i18n.py compile") from None
            warnings.warn(f"{po} is newer than its .mo and Babel is missing: using the old .mo", stacklevel=3)
    with mo.open("rb") as f:
        _catalogues[code] = _gettext.GNUTranslations(f)
    return _catalogues[code]


def _(message: str) -> str:
    """``message`` (English, as marked in the source) in the language in use;
    the English itself when the catalogue has no translation for it."""
    return _catalogue(language()).gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged: marks a text for the catalogue where it must be
    kept in English (a class attribute, a constant made at import) and
    translated with :func:`_` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``: English has two forms, German
    two, Russian three (one / few / many, from the catalogue's Plural-Forms:
    1 сдача, 2 сдачи, 5 сдач, 21 сдача). The message usually holds ``{n}``;
    fill it with ``.format(n=...)``."""
    return _catalogue(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, for the use ``context`` (the same
    English word can need two translations: "deal" the noun, "Deal" the button)."""
    return _catalogue(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _catalogue(language()).npgettext(context, singular, plural, n)


def error_text(exc: BaseException) -> str:
    """What a reader sees for ``exc`` in a widget's message area: a package
    error raised with a translatable template (``exc.template`` and
    ``exc.params``, see :meth:`banking_games.errors.GameError.of`) in the
    language in use (a :class:`~banking_games.errors.Phrase` among the params
    too); any other error as its (English) message."""
    template = getattr(exc, "template", None)
    if isinstance(exc, GameError) and template:
        try:
            return _(template).format(**{k: phrase_text(v) for k, v in exc.params.items()})
        except (KeyError, IndexError, ValueError):  # a broken translation must not hide the error
            return str(exc)
    return str(exc)


def phrase_text(value: object) -> object:
    """A :class:`~banking_games.errors.Phrase` (a piece of an error's message) in
    the language in use (a counted phrase in the catalogue's plural form, a number
    as the language writes it); any other value as it is."""
    if not isinstance(value, Phrase):
        return value
    if value.words is not None:
        return value.words()
    if value.grouped:
        return localize_number(str(value))
    params = {k: phrase_text(v) for k, v in value.params.items()}
    if value.plural is not None:
        return ngettext(value.template, value.plural, value.count).format(
            n=localize_number(f"{value.count:,}"), **params)
    return _(value.template).format(**params)


def joined(names) -> str:
    """``names`` (any values, written with ``str``) as the language in use lists
    them: ``"Anna"``, ``"Anna and Ben"``, ``"Anna, Ben and Carl"``; German
    "und", Russian "и" (the catalogue's ``"{first} and {last}"``). The one
    helper for such lists: the engines' transcripts and bank-change reasons and
    :func:`banking_games.formatting.listed` use it.

    Raises:
        ConfigError: no names (there is nothing to list).
    """
    words = [str(n) for n in names]
    if not words:
        raise ConfigError("joined() needs at least one name")
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


_NUMBER = re.compile(r"(?<![\w.])(-?\d{1,3}(?:,\d{3})+|-?\d+)(\.\d+)?(%?)")


def localize_number(text: str, lang: str | None = None) -> str:
    """Numbers written the English way in ``text`` (``1,234.5``, ``0.25``,
    ``25%``) rewritten as ``lang`` (default: the language in use) writes
    them (German ``1.234,5``, ``0,25``, ``25 %``; Russian ``1 234,5`` with a
    no-break space). A fraction such as ``8/17`` is left as it is; English
    text comes back unchanged."""
    lang = language() if lang is None else _check(lang, "localize_number")
    if lang == "en":
        return text
    sym = NUMBER_SYMBOLS[lang]

    def one(m: re.Match) -> str:
        whole = m.group(1).replace(",", sym["group"])
        num = whole + (sym["decimal"] + m.group(2)[1:] if m.group(2) else "")
        return sym["percent"].format(num) if m.group(3) else num

    return _NUMBER.sub(one, text)
