"""The package speaks English, German and Russian (issue 35): catalogues, plurals, numbers, widgets.

* every message of the German and Russian catalogues is translated and none is fuzzy (the failure
  names the message); every ``{placeholder}`` and ``%`` format of a message is kept in its translation;
* the catalogues hold every message the source marks (the template extracted now equals the one kept);
* Russian plural forms follow the catalogue's Plural-Forms: 1 сдача, 2 сдачи, 5 сдач, 21 сдача;
* numbers in three languages, written out by hand; the number table agrees with Babel's CLDR data;
* a table built in German shows German words; English tables are unchanged; a group code does not
  depend on the language.
"""

from __future__ import annotations

import re
import string
from fractions import Fraction

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol, get_group_symbol

from banking_games import i18n
from banking_games.errors import ConfigError
from banking_games.formatting import decimal, latex_number, listed, near_one, number, odds, percent, units, with_decimal

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def english_after():
    """Each test starts and ends in the language of the environment (English here)."""
    i18n.set_language(None)
    yield
    i18n.set_language(None)


def _catalogue(lang: str):
    with (i18n.LOCALES / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=lang)


def _fields(text: str) -> set[str]:
    """The ``{name}`` fields of a brace format and the ``%s``-style formats of ``text``."""
    names = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return names | set(re.findall(r"%(?:\([^)]*\))?[sdfr]", text))


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    bad = []
    for m in _catalogue(lang):
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(forms):
            bad.append(("fuzzy: " if m.fuzzy else "untranslated: ") + repr(m.id))
    assert not bad, f"{lang}: " + "; ".join(bad)


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_every_translation_keeps_the_placeholders(lang):
    bad = []
    for m in _catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        want = _fields(ids[-1])
        for form in forms:
            if _fields(form) != want:
                bad.append(f"{m.id!r} -> {form!r}: {sorted(_fields(form))} instead of {sorted(want)}")
    assert not bad, "\n".join(bad)


def test_the_catalogues_hold_every_marked_message():
    """The template kept in git is what the source marks now (run scripts/package_i18n.py
    extract and update after marking a message)."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "package_i18n", Path(__file__).resolve().parent.parent / "scripts" / "package_i18n.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    kept = {(m.context, m.id) for m in _catalogue("de") if m.id}
    marked = set()
    from babel.messages.extract import extract_from_dir
    for _path, _line, message, _comments, context in extract_from_dir(
            tool.PACKAGE, method_map=[("**.py", "python")], keywords=tool.KEYWORDS):
        marked.add((context, message))
    marked |= {(context, message) for _p, _l, message, context in tool._in_fstrings()}
    assert not marked - kept, f"marked but not in the catalogues: {sorted(map(repr, marked - kept))[:10]}"


def test_russian_plural_forms():
    """The Russian rule (CLDR; the catalogue's Plural-Forms): n % 10 == 1 and n % 100 != 11 takes
    the first form (1, 21 сдача); n % 10 in 2..4 and n % 100 not in 12..14 the second (2 сдачи);
    every other count the third (5, 11, 12 сдач)."""
    i18n.set_language("ru")
    deal = lambda n: i18n.ngettext("{n} deal", "{n} deals", n).format(n=n)  # noqa: E731
    assert [deal(n) for n in (1, 2, 5, 21, 11, 12, 22, 111)] == [
        "1 сдача", "2 сдачи", "5 сдач", "21 сдача", "11 сдач", "12 сдач", "22 сдачи", "111 сдач"]
    i18n.set_language("de")
    assert [deal(n) for n in (1, 2, 21)] == ["1 Runde", "2 Runden", "21 Runden"]
    i18n.set_language("en")
    assert [deal(n) for n in (1, 2)] == ["1 deal", "2 deals"]


def test_language_choice_and_errors(monkeypatch):
    monkeypatch.setenv(i18n.ENV, "ru")
    assert i18n.language() == "ru"
    i18n.set_language(" DE ")
    assert i18n.language() == "de"
    i18n.set_language(None)
    assert i18n.language() == "ru"
    monkeypatch.delenv(i18n.ENV)
    assert i18n.language() == "en"
    with pytest.raises(ConfigError, match=r"unknown language 'fr'.*'en', 'de', 'ru'"):
        i18n.set_language("fr")
    monkeypatch.setenv(i18n.ENV, "xx")
    with pytest.raises(ConfigError, match="BANKING_GAMES_LANG"):
        i18n.language()


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_number_symbols_agree_with_babel(lang):
    sym = i18n.NUMBER_SYMBOLS[lang]
    assert sym["decimal"] == get_decimal_symbol(lang)
    assert sym["group"] == get_group_symbol(lang)
    pattern = Locale.parse(lang).percent_formats[None].pattern   # "#,##0%" or "#,##0\xa0%"
    assert sym["percent"] == pattern.replace("#,##0", "{}")


def test_numbers_in_three_languages():
    cases = {
        "en": ["1,234", "1,234.5", "0.0588", "25%", "1/17 (0.0588)", "8/17", "3 to 1", "1 unit", "3 units",
               "1/2 units", "a, b and c", "0.99990", "0.25"],
        "de": ["1.234", "1.234,5", "0,0588", f"25{NBSP}%", "1/17 (0,0588)", "8/17", "3 zu 1", "1 Einheit",
               "3 Einheiten", "1/2 Einheiten", "a, b und c", "0,99990", "0{,}25"],
        "ru": [f"1{NBSP}234", f"1{NBSP}234,5", "0,0588", f"25{NBSP}%", "1/17 (0,0588)", "8/17", "3 к 1",
               "1 единица ставки", "3 единицы ставки", "1/2 единицы ставки", "a, b и c", "0,99990", "0{,}25"],
    }
    for lang, want in cases.items():
        i18n.set_language(lang)
        got = [number(1234), number(1234.5, 1), decimal(Fraction(1, 17)), percent(0.25),
               with_decimal(Fraction(1, 17)), str(Fraction(8, 17)), odds(3), units(1), units(3),
               units(Fraction(1, 2)), listed(["a", "b", "c"]), near_one(0.9999),
               latex_number(decimal(0.25, 2)) if lang != "en" else decimal(0.25, 2)]
        assert [str(x) for x in got] == want, lang
    i18n.set_language("ru")
    assert number(5) == "5" and i18n.localize_number("12,000 of 8/17") == f"12{NBSP}000 of 8/17"


def test_english_formatting_is_unchanged():
    """The English functions write what they wrote before the languages came."""
    assert [str(x) for x in (decimal(Fraction(1, 17)), with_decimal(Fraction(1, 17)), odds(Fraction(3, 2)),
                             units(Fraction(1, 2)), units(1), listed(["a", "b"]), near_one(0.999999))] == [
        "0.0588", "1/17 (0.0588)", "3/2 to 1", "1/2 units", "1 unit", "a and b", "> 0.99999"]


def test_an_english_table_is_unchanged():
    """The words of an English table, as they were before the languages came."""
    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    t = HoggenheimerTable()
    assert (t.bet_button.description, t.end_button.description, t.typed_bet.placeholder) == (
        "Place bet", "Deal to the end", "e.g. 7S 7H, tens, diamonds")
    t.deal_to_end()
    assert t.header.value == ("<b>Hoggenheimer</b> &middot; English procedure &middot; seed 2026 &middot; deal 1, "
                              "banker <b>Dora</b> &middot; over: the Joker has shown")
    assert "13 cards turned; the last, card 13: the Joker (taken up from the K♣ cell); the deal ends. Deal settled: " \
           "banker Dora 0. Click &#x27;New deal&#x27;: the bank passes to Anna." in t.message.value


def test_a_german_table_speaks_german():
    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    from banking_games.widgets.landsknecht import LandsknechtTable
    i18n.set_language("de")
    t = HoggenheimerTable(seed=2026)
    # the term list (docs/i18n/de.md): Setzen, Neue Runde, Bis zum Ende geben, Neue Sitzung, Einsatz, Startwert
    assert (t.bet_button.description, t.new_deal_button.description, t.end_button.description,
            t.new_session_button.description, t.stake.description, t.seed_field.description) == (
        "Setzen", "Neue Runde", "Bis zum Ende geben", "Neue Sitzung", "Einsatz", "Startwert")
    assert [h.description for h in t.more.headers] == [
        "Diese Runde Schritt für Schritt", "Protokoll", "Gruppencode für die Stunde"]
    assert t.repeat.headers[0].description == "Wiederholen: viele Runden mit denselben Wetten"
    t.new_deal()   # refused: the deal is not over; the reader's message is German
    assert "erst diese Runde beenden" in t.message.value and t.message.is_error
    t.deal_to_end()
    assert "Runde abgerechnet: Bankhalter" in t.message.value
    i18n.set_language("ru")
    lk = LandsknechtTable(seed=7)
    assert (lk.bet_button.description, lk.new_deal_button.description) == ("Сделать ставку", "Новая сдача")


def test_a_code_made_in_russian_pools_on_the_english_board():
    """A group code is a payload: the same seed and deals give the same code in every language,
    and a code made with the Russian table is taken by an English board."""
    from banking_games.widgets.board import ClassBoard
    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    codes = {}
    for lang in ("ru", "en"):
        i18n.set_language(lang)
        t = HoggenheimerTable(seed=3)
        t.deal_to_end()
        t.more.selected_index = 2
        codes[lang] = t.lesson_code.code
    assert codes["ru"] is not None and codes["ru"] == codes["en"]
    from banking_games.classroom import group_codes as G
    from banking_games.widgets.board import MemoryStore
    board = ClassBoard("hoggenheimer", store=MemoryStore())
    added = board.add(G.encode(codes["ru"]))
    assert len(added) == 1 and len(board.entries) == 1 and not board.message.is_error
