"""The package speaks English, German and Russian (issue 35): catalogues, plurals, numbers, widgets.

* every message of the German and Russian catalogues is translated and none is fuzzy (the failure
  names the message); every ``{placeholder}`` and ``%`` format of a message is kept in its translation;
* the catalogues hold every message the source marks (the template extracted now equals the one kept);
* Russian plural forms follow the catalogue's Plural-Forms: 1 сдача, 2 сдачи, 5 сдач, 21 сдача;
* numbers in three languages, written out by hand; the number table agrees with Babel's CLDR data;
* a table built in German shows German words; English tables are unchanged; a group code does not
  depend on the language;
* the class board's refusals (real-cards counts that cannot be, malformed codes) and a Banker and
  Broker table's option refusals are shown in German and Russian; English word for word as before.
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
from conftest import expected

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



def test_loaded_catalogues_are_used_with_no_file(monkeypatch, tmp_path):
    # Deal live's snapshot of Python (bridge.import_tables) holds memory, not files: a later
    # chapter of an edition, restored from it, sets its language before the package's files are
    # unpacked again. After load_catalogues, set_language and the messages read no file: here the
    # catalogues' folder is an empty one. ("Place bet" is the live table's button; de and ru as in
    # src/banking_games/locales/*/LC_MESSAGES/banking_games.po.)
    monkeypatch.setattr(i18n, "_catalogues", {})
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    with pytest.raises(FileNotFoundError):    # nothing loaded: the file is looked for, and missing
        i18n.set_language("de")
    assert i18n.language() == "en"            # and the language is left as it was
    monkeypatch.undo()
    monkeypatch.setattr(i18n, "_catalogues", {})
    i18n.load_catalogues()
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    for lang, word in (("de", "Setzen"), ("ru", "Сделать ставку")):
        i18n.set_language(lang)
        assert i18n._("Place bet") == word


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


# ---- the package's words outside the live tables (issue 35): cards, bets, tables, plots, board -----
# The right words: docs/i18n/de.md and docs/i18n/ru.md (card names as card players say them:
# German "Pik-Ass", "Herz-Zehn"; Russian "туз пик", "десятка червей"); English as before.

def test_card_and_bet_names_in_three_languages():
    from banking_games.cards import JOKER, parse_card
    from banking_games.games.hoggenheimer import BetKind, kind_name, make_bet
    cards = [parse_card(c) for c in ("AS", "10H", "JD", "QC", "7S")]
    bets = [make_bet(s) for s in ("JH", "7S 7H", "9H 8H 9D 8D", "10", "diamonds")]
    want = {
        "en": (["ace of spades", "ten of hearts", "jack of diamonds", "queen of clubs", "seven of spades"], "Joker",
               ["jack of hearts", "7S-7H", "square 9H 8H 9D 8D", "all the 10s", "all the diamonds"],
               "7♠ and 7♥", "square", "suit"),
        "de": (["Pik-Ass", "Herz-Zehn", "Karo-Bube", "Kreuz-Dame", "Pik-Sieben"], "Joker",
               ["Herz-Bube", "7S-7H", "Carré 9H 8H 9D 8D", "alle Zehnen", "alle Karo"],
               "7♠ und 7♥", "Carré", "Farbe"),
        "ru": (["туз пик", "десятка червей", "валет бубен", "дама треф", "семёрка пик"], "джокер",
               ["валет червей", "7S-7H", "квадрат 9H 8H 9D 8D", "все десятки", "все бубны"],
               "7♠ и 7♥", "квадрат", "масть"),
    }
    for lang, (names, joker, bet_names, pair_label, square, suit) in want.items():
        i18n.set_language(lang)
        assert [c.long_name for c in cards] == names
        assert JOKER.long_name == joker
        assert [b.name for b in bets] == bet_names
        assert bets[1].label == pair_label
        assert (kind_name(BetKind.SQUARE), kind_name(BetKind.SUIT)) == (square, suit)


def test_drawings_name_their_cards_in_the_language():
    """The spoken names of a drawing (aria-labels) and its captions: the layout's empty
    cells, a pile, the side card, the turned cards' caption."""
    from banking_games.display.hoggenheimer import layout_html, turn_order_html
    from banking_games.games.hoggenheimer import HoggenheimerConfig, HoggenheimerDeal
    deal = HoggenheimerDeal(HoggenheimerConfig("english"), rng=0)
    english = layout_html(deal) + turn_order_html(deal)
    assert 'aria-label="empty cell of the ace of spades"' not in english   # the English deal's layout is face down
    assert "33rd card" in english and "no card turned yet" in english
    i18n.set_language("de")
    german = layout_html(deal) + turn_order_html(deal)
    assert "33. Karte" in german and "noch keine Karte aufgedeckt" in german and "no card" not in german
    german_deal = HoggenheimerDeal(HoggenheimerConfig("german"), rng=0)
    assert 'aria-label="leeres Feld für Pik-Ass"' in layout_html(german_deal)
    i18n.set_language("ru")
    assert 'aria-label="пустая клетка: туз пик"' in layout_html(german_deal)


def test_value_table_headings_cells_and_decimals():
    from banking_games.exact import banker_broker as bb, hoggenheimer as hog
    from banking_games.exact import table_in_language, value_table
    english = value_table(hog.bet_values()[:1] + [bb.section_bet_value()])
    assert list(english.columns) == ["game", "bet", "option", "payout", "P(win)", "P(tie)", "EV", "SD",
                                     "fair odds", "house edge"]
    assert english.iloc[0].tolist() == ["Hoggenheimer", "one card", "English or German deal (same value)",
                                        "1 to 1", "1/2 (0.5000)", "0", "0", "1", "1 to 1", "0"]
    assert list(table_in_language(english).columns) == list(english.columns)
    assert english.iloc[1]["option"] == "ties: bank wins" and english.iloc[1]["house edge"] == "1/17 (0.0588)"
    i18n.set_language("de")
    german = value_table(hog.bet_values()[:1] + [bb.section_bet_value()])
    assert list(table_in_language(german).columns) == ["Spiel", "Wette", "Option", "Gewinnquote", "P(win)",
                                                       "P(tie)", "EV", "SD", "faire Quote", "Bankvorteil"]
    assert german.iloc[0].tolist()[1:5] == ["eine Karte", "englisches oder deutsches Verfahren (gleicher Wert)",
                                            "1 zu 1", "1/2 (0,5000)"]
    assert (german.iloc[1]["option"], german.iloc[1]["house edge"]) == ("Gleichstand: Bank gewinnt", "1/17 (0,0588)")
    i18n.set_language("ru")
    russian = value_table([bb.section_bet_value(tie_share=Fraction(1, 2))])
    assert russian.iloc[0]["option"] == "ничья: банк берёт 1/2 ставки"
    assert russian.iloc[0]["game"] == "«Банкир и маклер»"
    assert "преимущество банка" in list(table_in_language(russian).columns)


def test_pooled_table_words_and_numbers():
    """summary_rows keeps its English keys and yes/no (pages test them); the numbers inside
    its cells and summary_table's headings and words are in the language in use."""
    from banking_games.classroom import teaching as T
    args = ({"A": T.Count(32, 80)}, {"A": Fraction(1, 2)}, {"A": "F: stake at the start"})
    rows = T.summary_rows(*args)
    assert rows == [{"count": "F: stake at the start", "exact": "1/2", "class": "32 of 80", "class fraction": "0.400",
                     "band (±2 SE)": "0.388 to 0.612", "inside?": "yes"}]
    assert list(T.summary_table(rows).columns) == list(rows[0])
    i18n.set_language("de")
    rows = T.summary_rows(*args)
    assert rows[0]["inside?"] == "yes" and rows[0]["class"] == "32 von 80"
    assert (rows[0]["class fraction"], rows[0]["band (±2 SE)"]) == ("0,400", "0,388 bis 0,612")
    table = T.summary_table(rows)
    assert list(table.columns) == ["Zählung", "exakt", "Klasse", "Anteil der Klasse", "Band (±2 SF)", "innerhalb?"]
    assert table.iloc[0]["innerhalb?"] == "ja" and T.event_label("L: stake after 5 turns") == "L: Einsatz nach 5 Zügen"
    i18n.set_language("ru")
    table = T.summary_table(T.summary_rows(*args))
    assert table.iloc[0].tolist()[1:] == ["1/2", "32 из 80", "0,400", "от 0,388 до 0,612", "да"]
    assert T.event_label("F: stake at the start") == "F: ставка в начале"


def test_plot_words_and_ticks_in_the_language():
    import numpy as np
    from banking_games import plots
    results = np.resize([1.0, -1.0], 200)
    fig = plots.running_mean_figure(results, Fraction(0), 1, title="t", seed=7)
    ax = fig.axes[0]
    fig.canvas.draw()
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("number of deals", "average net per unit staked")
    assert [t.get_text() for t in fig.legends[0].get_texts()] == [
        "exact value ± 2 standard errors", "exact expected value 0", "simulated running average (seed 7)"]
    assert any("." in t.get_text() for t in ax.get_yticklabels())
    i18n.set_language("de")
    fig = plots.running_mean_figure(results, Fraction(0), 1, title="t", seed=7)
    ax = fig.axes[0]
    fig.canvas.draw()
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Anzahl der Runden", "mittleres Nettoergebnis je Einheit Einsatz")
    assert [t.get_text() for t in fig.legends[0].get_texts()] == [
        "exakter Wert ± 2 Standardfehler", "exakter Erwartungswert 0", "simulierter laufender Mittelwert (Startwert 7)"]
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert any("," in t for t in ticks) and not any("." in t for t in ticks), ticks
    i18n.set_language("ru")
    fig = plots.distribution_figure(np.array([0, 1, 1, 2] * 300), {0: Fraction(1, 4), 1: Fraction(1, 2),
                                                                   2: Fraction(1, 4)}, title="t", xlabel="x", seed=3)
    assert fig.axes[0].get_ylabel() == "вероятность"
    assert sorted(t.get_text() for t in fig.legends[0].get_texts()) == [
        "моделирование, серий: 1\u00a0200 (начальное значение 3)", "точная вероятность"]


def test_the_board_help_and_verdicts_in_german_and_russian():
    """The class board's help texts, its groups' lines and the pooled table's headings and
    verdicts: German and Russian words; English as before."""
    from banking_games.classroom import group_codes as G
    from banking_games.widgets.board import ClassBoard, MemoryStore
    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    t = HoggenheimerTable(seed=101)
    t.deal_to_end()
    t.more.selected_index = 2
    code = G.encode(t.lesson_code.code)
    english = ClassBoard("hoggenheimer", store=MemoryStore())
    english.add(code)
    assert english.children[1] is english.class_line   # then the board's help (children[2])
    text = english.children[2].value + english.groups_box.children[1].children[0].value + english.table.value
    assert "Type or paste the groups' codes, one per line, and press Add." in text
    assert "(checked: the seed gives these counts)" in text and ">inside?<" in text and "Pooled: 1 group" in text
    i18n.set_language("de")
    german = ClassBoard("hoggenheimer", store=MemoryStore())
    german.add(code)
    text = german.children[2].value + german.groups_box.children[1].children[0].value + german.table.value
    assert "Geben Sie die Codes der Gruppen ein" in text and "(geprüft: Der Startwert ergibt diese Zählungen)" in text
    assert ">innerhalb?<" in text and ">Anteil der Klasse<" in text and "Zusammengelegt: 1 Gruppe" in text
    assert "A: Herz-Bube" in text and "Mittleres Nettoergebnis je Einheit Einsatz" in text
    assert "1 Gruppe hinzugefügt." in german.message.value
    german.set_revealed(False)
    assert "verborgen bis zum Aufdecken" in german.table.value and "hidden until" not in german.table.value
    i18n.set_language("ru")
    russian = ClassBoard("hoggenheimer", store=MemoryStore())
    russian.add(code)
    text = russian.children[2].value + russian.table.value + russian.plot.value
    assert "Введите или вставьте коды групп" in text and ">внутри?<" in text and "A: валет червей" in text
    assert "Каждая метка — группа" in text


def test_banker_and_broker_rules_line_in_three_languages():
    """The rules line of a Banker and Broker table: in English exactly the config's
    describe() for every combination of options; German and Russian words otherwise."""
    import itertools
    from banking_games.games.banker_broker import (BankChange, BankerBrokerConfig, BetTiming, BottomCard,
                                                   Sectioning, TieRule)
    configs = [BankerBrokerConfig(bottom_card=b, bet_timing=t, sectioning=s, tie_rule=r, bank_change=c,
                                  deals_per_bank=1 if c is BankChange.ACE_PASSES else d)
               for b, t, s, r, c, d in itertools.product(BottomCard, BetTiming, Sectioning, TieRule, BankChange,
                                                         (1, 3))]
    configs.append(BankerBrokerConfig(ranks=8))
    assert all(c.describe_in_language() == c.describe() for c in configs)
    i18n.set_language("de")
    assert BankerBrokerConfig().describe_in_language() == (
        "unterste Karte beiseitegelegt; Einsätze vor dem Abheben; Päckchen nach Option (a) (höchstens 7 Päckchen); "
        "Gleichstand: Bank gewinnt; die Bank geht nach jeder Runde nach links")
    i18n.set_language("ru")
    assert BankerBrokerConfig(ranks=8).describe_in_language().endswith(
        "карт в колоде: 32 (достоинств: 8, мастей: 4)")


def test_a_finished_deal_and_the_bank_change_speak_the_language():
    """What a table says when a finished deal is pressed on, and why the bank moved:
    German and Russian words; English as the engines write it."""
    from banking_games.errors import DealOverError
    from banking_games.games.banker_broker.session import BankChangeResult
    from banking_games.games.hoggenheimer import HoggenheimerConfig, HoggenheimerDeal
    deal = HoggenheimerDeal(HoggenheimerConfig("german"), rng=0)
    while not deal.is_over:
        deal.turn()
    with pytest.raises(DealOverError) as caught:
        deal.turn()
    assert str(caught.value) == "the deal is over: the Joker has shown, no card is left to turn"
    moved = BankChangeResult(1, "Anna", "Ben", "the bank moves on to the next player on the left")
    kept = BankChangeResult(1, "Anna", "Anna", "Anna keeps the bank (1 of 3 deals)")
    assert (moved.reason_in_language(), kept.reason_in_language()) == (moved.reason, kept.reason)
    i18n.set_language("de")
    assert i18n.error_text(caught.value) == ("die Runde ist beendet: Der Joker ist erschienen, es ist keine Karte "
                                             "mehr aufzudecken")
    assert kept.reason_in_language() == "Anna behält die Bank (1 von 3 Runden)"
    i18n.set_language("ru")
    assert moved.reason_in_language() == "банк переходит к следующему игроку слева"


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_each_tables_fields_have_distinct_names_in_every_language(lang):
    """A field's name (its description: what a screen reader says and what the page shows
    beside it) tells it from every other field of the same table. Russian once called both
    the bet (Ставка) and its size (Ставка) the same; the stake is «Размер ставки» there
    (docs/i18n/ru.md: stake = размер ставки), as the German stake is «Einsatz», not «Wette»."""
    import ipywidgets as widgets
    from banking_games import registry
    i18n.set_language(lang)
    try:
        for game in registry.GAMES:
            table = game.table_class()(seed=1)
            seen = {}
            stack = [table]
            while stack:
                w = stack.pop()
                stack += list(getattr(w, "children", ()) or ())
                if isinstance(w, (widgets.Dropdown, widgets.Text, widgets.IntText, widgets.Checkbox,
                                  widgets.BoundedIntText, widgets.Select)) and w.description:
                    seen.setdefault(w.description.strip(), []).append(type(w).__name__)
            doubles = {name: kinds for name, kinds in seen.items() if len(kinds) > 1}
            assert not doubles, f"{game.slug} [{lang}]: one name for several fields: {doubles}"
    finally:
        i18n.set_language("en")


def test_a_games_name_is_the_editions():
    """A game's name in the package's texts is the one its edition's pages use as the chapter's
    title (book/locales/<lang>/LC_MESSAGES/<game>.po, first heading): the Russian board says
    «Результаты класса: Хоггенхаймер», not the English «Hoggenheimer»."""
    from banking_games import registry
    from banking_games.widgets.board import ClassBoard, MemoryStore
    titles = {g.slug: expected(g.slug, "TITLES") for g in registry.GAMES}   # each game's, per language
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            assert [g.name for g in registry.GAMES] == [titles[g.slug][lang] for g in registry.GAMES]
            assert [g.title for g in registry.GAMES] == [titles[g.slug]["en"] for g in registry.GAMES]
        board = ClassBoard("hoggenheimer", store=MemoryStore())
        assert "Результаты класса: Хоггенхаймер" in board.children[0].value
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- the engines' event texts (issue 35)

ENGLISH_EVENT_WORDS = re.compile(r"\b(turned|turn|gets|bets|wins|loses|banker's|section|sections|pairs|cuts|stakes|"
                                 r"setup|layout|players'|nothing changes|the deal ends|face up|cell|cut|no bets)\b")
"""Words of the engines' English event texts that a German or Russian transcript must not show."""


def _bb_deal():
    """Banker and Broker, default rules (bottom card discarded, stakes before the cut, one section per
    punter): sections of 1, 1 and 49 cards cut from a deck whose 1st card is AC, 2nd 2H and 51st 4D
    (the banker's section's bottom card; the 52nd is discarded). Anna stakes 1 on her section 1,
    Ben 1/2 on his section 2."""
    from banking_games.cards import full_pack, parse_cards
    from banking_games.games.banker_broker import BankerBrokerConfig, BankerBrokerDeal
    chosen = parse_cards(["AC", "2H", "4D"])
    rest = [c for c in full_pack() if c not in chosen]
    deal = BankerBrokerDeal(BankerBrokerConfig(), ["Anna", "Ben"], deck=chosen[:2] + rest[:48] + chosen[2:] + rest[48:],
                            banker="Dora")
    deal.bet("Anna", 1)
    deal.bet("Ben", "1/2")
    deal.cut([1, 1, 49])
    deal.play_out()
    return deal


def _lk_deal(bets=1):
    """Landsknecht from a deck whose top is 5H 9C (layout), KD (banker's card), 7S (players' card),
    2C (a new players' card), 7C (pairs 7S), KS (pairs the banker's card); ``bets`` stakes of 2 on 7S
    by Anna (the bank wins them at the 2nd card turned)."""
    from banking_games.games.landsknecht import LandsknechtDeal, deck_with_top
    deal = LandsknechtDeal(deck=deck_with_top(["5H", "9C", "KD", "7S", "2C", "7C", "KS"]), banker="Dora")
    for _ in range(bets):
        deal.place_bet("Anna", "7S", 2)
    deal.play_out()
    return deal


def _hog_deal():
    """Hoggenheimer, German procedure (cards turned in deck order): 7S, 7H, then the Joker; Anna's
    stake of 1 on the pair 7S-7H wins 2 to 1."""
    from banking_games.cards import hoggenheimer_pack, parse_cards
    from banking_games.games.hoggenheimer import HoggenheimerConfig, HoggenheimerDeal
    top = parse_cards(["7S", "7H", "Joker"])
    deal = HoggenheimerDeal(HoggenheimerConfig("german"), deck=top + [c for c in hoggenheimer_pack() if c not in top],
                            banker="Dora")
    deal.place_bet("Anna", "7S 7H", 1)
    deal.play()
    return deal


def test_english_transcripts_as_the_rules_give_them():
    """Each line follows from the deck and the rules (source, Play 1-4; Landsknecht's setup and turns;
    Hoggenheimer's German procedure), written as the engines have always written them."""
    assert _bb_deal().transcript().splitlines() == [
        "Anna bets 1 on section 1", "Ben bets 1/2 on section 2", "the banker discards the bottom card face down",
        "the banker cuts 3 sections of 1, 1, 49 cards; section 3 is the banker's", "section 3 (banker's) turned: 4D",
        "section 1 (Anna's) turned: AC, higher than 4D: Anna wins 1",
        "section 2 (Ben's) turned: 2H, lower than 4D: Ben loses 1/2"]
    assert _lk_deal().transcript().splitlines() == [
        "setup: 5H is layout card 1", "setup: 9C is layout card 2", "setup: KD is the banker's card",
        "setup: 7S is the players' card", "bet: Anna stakes 2 on 7S",
        "turn 1: 2C pairs nothing and becomes players' card 2",
        "turn 2: 7C pairs players' card 7S; the bank wins 1 bet on it totalling 2; rank 7 is out of play",
        "turn 3: KS pairs the banker's card KD; the deal ends and the bank pays nothing: no live bets"]
    assert _hog_deal().transcript().splitlines() == [
        "Hoggenheimer, german procedure, banker Dora", "bet 1: Anna stakes 1 on 7S-7H (2 to 1)",
        "turn 1: 7S (from the pack) face up on its cell", "turn 2: 7H (from the pack) face up on its cell",
        "turn 3: Joker (from the pack): the deal ends", "bet 1 (Anna, 7S-7H) wins: +2", "banker Dora: -2"]


def test_transcripts_in_german_and_russian():
    """The same deals in German and Russian: no English event word, the edition's words (term lists:
    Päckchen, Bankhalter, Tableaukarte, Karte der Pointeure / пачка, банкомёт, карта игроков), the
    Russian plural of the bets the bank wins (1 ставку, 2 ставки, 5 ставок)."""
    i18n.set_language("de")
    bb, lk, hog = _bb_deal().transcript(), _lk_deal().transcript(), _hog_deal().transcript()
    for text in (bb, lk, hog):
        assert not ENGLISH_EVENT_WORDS.search(text), text
    assert "Päckchen 1 (von Anna) umgedreht: AC, höher als 4D: Anna gewinnt 1" in bb.splitlines()
    assert "der Bankhalter legt die unterste Karte verdeckt ab" in bb
    assert "Auslegen: 9C ist Tableaukarte 2" in lk and "Wette: Anna setzt 2 auf 7S" in lk
    assert ("Aufdecken 2: 7C bildet ein Paar mit der Karte der Pointeure 7S; die Bank gewinnt 1 Wette darauf über "
            "insgesamt 2; Rang 7 ist aus dem Spiel") in lk.splitlines()
    assert "Wette 1 (Anna, 7S-7H) gewinnt: +2" in hog and "Bankhalter Dora: -2" in hog
    i18n.set_language("ru")
    bb, hog = _bb_deal().transcript(), _hog_deal().transcript()
    lk = {n: _lk_deal(n).transcript() for n in (1, 2, 5)}
    for text in (bb, hog, *lk.values()):
        assert not ENGLISH_EVENT_WORDS.search(text), text
    assert "пачка 2 (Ben) открыта: 2H, младше, чем 4D: Ben проигрывает 1/2" in bb.splitlines()
    assert "банкомёт делит колоду на 3 пачки (карт в пачках: 1, 1, 49); пачка 3 — банкомёта" in bb
    assert "банк выигрывает 1 ставку на неё на сумму 2" in lk[1]
    assert "банк выигрывает 2 ставки на неё на сумму 4" in lk[2]
    assert "банк выигрывает 5 ставок на неё на сумму 10" in lk[5]
    assert "ход 3: джокер (из колоды): сдача окончена" in hog


def test_ace_claims_and_the_session_in_the_language():
    """Two Ace claimants are listed with the language's "and" (one helper, ``i18n.joined``), also for a
    bank change recorded in English; the session's lines are in the language."""
    from banking_games.games.banker_broker import BankChange, BankerBrokerConfig, BankerBrokerSession
    from banking_games.games.banker_broker.session import BankChangeResult
    claim = BankChangeResult(2, "Anna", "Ben", "Anna and Ben have Ace claims and cut for the bank", ("Anna", "Ben"))
    assert claim.reason_in_language() == claim.reason
    assert i18n.joined(["Anna", "Ben", "Carl"]) == "Anna, Ben and Carl"
    i18n.set_language("de")
    assert claim.reason_in_language() == "Anna und Ben haben Anspruch wegen eines Asses und heben um die Bank ab"
    assert i18n.joined(["Anna", "Ben", "Carl"]) == "Anna, Ben und Carl"
    session = BankerBrokerSession(BankerBrokerConfig(bank_change=BankChange.ROTATE_LEFT), ["Anna", "Ben", "Dora"], "Dora")
    session.new_deal(rng=3).play_out()
    session.end_deal()
    assert session.transcript() == ("nach Runde 1: die Bank geht an den nächsten Spieler zur Linken; "
                                    "Bankhalter Dora -> Anna")
    i18n.set_language("ru")
    assert claim.reason_in_language().startswith("у игроков Anna и Ben есть право по тузу")


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_live_tables_show_no_english_event_text(lang):
    """A seeded deal at each live table, pressed through in German and Russian: every message and the
    event log are free of the engines' English event words (the widgets word turned sections and cards
    from the events' fields, not by rewriting English). Each game's presses: its
    ``press_through_a_deal`` in tests/game_data."""
    from banking_games import registry
    i18n.set_language(lang)
    seen = []
    for game in registry.GAMES:
        seen += expected(game.slug, "press_through_a_deal")(game.table_class()(seed=1))
    text = "\n".join(seen).replace("&#x27;", "'")
    assert not ENGLISH_EVENT_WORDS.search(text), ENGLISH_EVENT_WORDS.search(text)
    words = {"de": ["Päckchen 1 (von Anna): A♣, höher als 4♦: Anna gewinnt 1.", "Tableaukarte", "Aufdecken"],
             "ru": ["Пачка 1 (Anna): A♣, старше, чем 4♦: Anna выигрывает 1.", "карта расклада", "ход "]}[lang]
    assert all(w in text for w in words), [w for w in words if w not in text]


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_refusals_at_a_table_in_the_language(lang):
    """What a reader meets when a table refuses: a stake of 0, a bet after the cut, typed section sizes
    that do not fit, a typed bet that is not a legal shape; ``str()`` stays English for the Python API."""
    from banking_games import registry
    from banking_games.errors import BetError, GameError
    from banking_games.games.hoggenheimer import make_bet

    def table(slug):
        return registry.game(slug).table_class()(seed=1)

    i18n.set_language(lang)
    lk = table("landsknecht")
    lk.stake.value = "0"
    lk.place_bet()
    bb = table("banker-and-broker")
    bb.cut()
    bb.place_bet()
    late = bb.message.text
    bb = table("banker-and-broker")
    bb.sizes.value = "10, 10"
    bb.cut()
    hog = table("hoggenheimer")
    hog.select_bet("7S 9H")
    expected = {"de": ["ein Einsatz muss positiv sein (mehr als 0); angegeben: '0'",
                       "an diesem Tisch wird vor dem Abheben gesetzt, bevor ein Päckchen umgedreht ist; das Paket ist "
                       "schon abgehoben",
                       "angegeben: 10, 10 (Anzahl: 2)", "7♠ 9♥ ist keine erlaubte Wette auf zwei Karten"],
                "ru": ["ставка должна быть положительной (больше 0); получено: '0'",
                       "за этим столом ставки делают до снятия колоды", "получено: 10, 10 (их 2)",
                       "7♠ 9♥ — недопустимая ставка на две карты"]}[lang]
    shown = [lk.message.text, late, bb.message.text, hog.message.text]
    assert all(e in s for e, s in zip(expected, shown)), shown
    with pytest.raises(BetError) as caught:
        make_bet("7S 9H")
    assert str(caught.value).startswith("7♠ 9♥ is not a legal two-card bet: they are not next to each other; the "
                                        "legal bets are: one card")
    assert isinstance(caught.value, GameError) and "{what}" in caught.value.template


# ---------------------------------------------------------------- the class board's refusals (issue 35)

def _real_cards_refusals(lang: str) -> list[tuple[str, str, str]]:
    """What the class board shows, in ``lang``, for each game's real-cards counts that it refuses
    (``REAL_CARDS_REFUSALS`` in tests/game_data: a group number that is not a number, more wins
    than trials, too many deals, fewer sections than deals ...): ``(slug, shown, expected)``
    for each, ``expected`` the English message or a part of the edition's. Every game gives at
    least one."""
    from banking_games import registry
    from banking_games.widgets.board import ClassBoard, MemoryStore
    i18n.set_language(lang)
    out = []
    for game in registry.GAMES:
        cases = expected(game.slug, "REAL_CARDS_REFUSALS")
        assert cases, f"tests/game_data/{game.package}.py: REAL_CARDS_REFUSALS is empty"
        for fields, messages in cases:
            board = ClassBoard(game.slug, store=MemoryStore())
            for name, value in fields.items():
                board.cards_fields[name].value = value
            board._cards_pressed()
            assert board.message.is_error and not board.entries
            out.append((game.slug, board.message.text, messages[lang]))
    return out


def _code_refusals(lang: str) -> list[str]:
    """What the Hoggenheimer class board shows, in ``lang``, for: a code with a mistyped symbol
    (check symbol), a code with the letter O, a Landsknecht code, a code already on the board,
    and 13 bad lines (10 named, then 3 counted)."""
    from banking_games.classroom import group_codes as G
    from banking_games.classroom import hoggenheimer as HC
    from banking_games.classroom import landsknecht as LC
    from banking_games.classroom.teaching import lesson_seeds
    from banking_games.widgets.board import ClassBoard, MemoryStore
    i18n.set_language(lang)
    hog_code = G.encode(G.GroupCode.from_group_counts("hoggenheimer", "lesson",
                                                      HC.group(lesson_seeds("hoggenheimer")[0], 5)))
    lk_code = G.encode(G.GroupCode.from_group_counts("landsknecht", "lesson",
                                                     LC.group(lesson_seeds("landsknecht")[0], 5)))
    last = hog_code[-2]
    typo = hog_code[:-2] + ("A" if last != "A" else "B") + hog_code[-1]
    shown = []
    for text in (typo, "GAHO-2345", lk_code, hog_code + "\n" + hog_code, "\n".join(f"bad{i}" for i in range(13))):
        board = ClassBoard("hoggenheimer", store=MemoryStore())
        board.add(text)
        assert board.message.is_error
        shown.append(board.message.text)
    return shown


def test_board_refusals_in_english_as_before():
    """The English board's refusals, word for word as before the catalogues had them (the Python
    API's ``str()`` too)."""
    from banking_games.errors import BoardError
    from banking_games.widgets.board import ClassBoard, MemoryStore
    cards = _real_cards_refusals("en")   # each game's, word for word (tests/game_data)
    assert [(slug, shown) for slug, shown, _ in cards] == [(slug, want) for slug, _, want in cards]
    shown = _code_refusals("en")
    assert shown[0].startswith("Nothing added. Refused line 1 ('GAHL-") and shown[0].endswith(
        "): the check symbol does not fit: there is a typo in the code (a symbol mistyped, two swapped, or one "
        "missing or extra); read it again from the group's table")
    assert shown[1] == ("Nothing added. Refused line 1 ('GAHO-2345'): 'O' (symbol 4) is not used in group codes "
                        "(codes never use 0, O, 1, I or Z, so that none can be mistaken for another); the symbols "
                        "are the digits 2-9 and the letters A-Y without I and O")
    assert shown[2].endswith("this is a Landsknecht code; this board is for Hoggenheimer: enter it on the "
                             "Landsknecht lesson's board")
    assert shown[3].startswith("Added 1 group. Refused line 2 ('GAHL-") and shown[3].endswith(
        "a group with seed 101 and 5 deals is already on the board (the same seed deals the same cards, so it would "
        "be counted twice; pasted twice, or written another way?)")
    assert shown[4].count("Refused line") == 10 and shown[4].endswith(
        "And 3 more refused lines (left in the field).")
    board = ClassBoard("hoggenheimer", store=MemoryStore())
    with pytest.raises(BoardError) as caught:
        board.add_cards("1", "20000", A="1", B="1", C="1", D="1")
    assert str(caught.value) == "Deals: from 1 to 10,000, got 20,000" == i18n.error_text(caught.value)
    i18n.set_language("de")
    with pytest.raises(BoardError) as caught:
        board.add_cards("1", "20000", A="1", B="1", C="1", D="1")
    assert str(caught.value) == "Deals: from 1 to 10,000, got 20,000"       # str() stays English
    assert i18n.error_text(caught.value) == "Runden: 1 bis 10.000; angegeben: 20.000"


BOARD_ENGLISH = re.compile(r"\b(got|type|successes|trials|cannot|sections|deals|placed|times|Refused|line|lines|"
                           r"symbol|symbols|check|typo|board|group|code|already|more|field|digits|letters)\b")
"""Words of the board's English refusals that a German or Russian board must not show."""


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_board_refusals_in_the_language(lang):
    """Bad real-cards counts and malformed codes: the board says why in the edition's language, with
    its numbers (German 10.000, Russian 10 000) and plurals; no English word of the English message."""
    cards = _real_cards_refusals(lang)   # each game's, a part of the message (tests/game_data)
    lost = [(slug, want, shown) for slug, shown, want in cards if want not in shown]
    assert not lost, lost
    shown = _code_refusals(lang)
    want = {
        "de": ["das Prüfzeichen passt nicht: Der Code enthält einen Tippfehler",
               "Zeile 1 abgelehnt ('GAHO-2345'): 'O' (Zeichen 4) kommt in Gruppencodes nicht vor",
               "das ist ein Code für Landsknecht; diese Tafel ist für Hoggenheimer",
               "eine Gruppe mit Startwert 101 und 5 Runden ist schon auf der Tafel",
               "Und 3 weitere abgelehnte Zeilen (bleiben im Feld)."],
        "ru": ["контрольный символ не сходится: в коде опечатка",
               "Строка 1 отклонена ('GAHO-2345'): 'O' (символ 4) в кодах групп не используется",
               "это код игры «Ландскнехт», а эта доска для игры «Хоггенхаймер»",
               "группа с начальным значением 101 (5 сдач) уже на доске",
               "И ещё 3 отклонённые строки (остались в поле)."]}[lang]
    assert len(shown) == len(want)
    assert all(e in s for e, s in zip(want, shown)), [(e, s) for e, s in zip(want, shown) if e not in s]
    for text in [text for _, text, _ in cards] + shown:   # the lines echoed back ('GAHO-2345', 'x') and
        assert not BOARD_ENGLISH.search(text), (BOARD_ENGLISH.search(text), text)   # the codes hold no English word


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_table_option_refusals_in_the_language(lang):
    """A Banker and Broker table's options that cannot be (3 sections at most for 3 punters; the Ace
    rule with a bank kept 3 deals), a bet with no punter chosen, and Hoggenheimer's bet after a card
    is turned: the edition's words; ``str()`` of the engine's errors stays English."""
    from banking_games.errors import ConfigError, RuleError
    from banking_games.games.banker_broker import BankChange, BankerBrokerConfig, section_count
    from banking_games.widgets.banker_broker import BankerBrokerTable
    from banking_games.widgets.hoggenheimer import HoggenheimerTable
    i18n.set_language(lang)
    shown = []
    bb = BankerBrokerTable(seed=1)
    bb.option_fields["section_limit"].value = "3"
    bb.new_session()
    shown.append(bb.message.text)
    bb = BankerBrokerTable(seed=1)
    bb.option_fields["bank_change"].value = BankChange.ACE_PASSES
    bb.option_fields["deals_per_bank"].value = "3"
    bb.new_session()
    shown.append(bb.message.text)
    bb = BankerBrokerTable(seed=1)
    bb.punter.value = None
    bb.place_bet()
    shown.append(bb.message.text)
    hog = HoggenheimerTable(seed=1)
    hog.turn()
    hog.turn()
    hog.select_bet("JH")
    hog.place_bet()
    shown.append(hog.message.text)
    expected = {"de": ["Option 3(a) erlaubt höchstens 3 Päckchen insgesamt", "also höchstens 2 Pointeure; angegeben: "
                       "3 Pointeure", "muss der Wert 1 sein; angegeben: 3", "wählen Sie zuerst den Pointeur, der setzt",
                       "vor dem Aufdecken der ersten Karte gemacht werden; 2 Karten sind schon aufgedeckt"],
                "ru": ["по варианту 3(a) всего пачек не больше 3", "получено игроков: 3", "значение должно быть 1; "
                       "получено: 3", "сначала выберите игрока, который ставит",
                       "ставки делают до того, как открыта первая карта; уже открыты 2 карты"]}[lang]
    assert [e in s for e, s in zip(expected, [shown[0], shown[0], shown[1], shown[2], shown[3]])] == [True] * 5, shown
    with pytest.raises(ConfigError) as caught:
        section_count(BankerBrokerConfig(section_limit=3), 3)
    assert str(caught.value) == ("option 3(a) allows at most 3 sections in all (one per punter and the banker's), "
                                 "so at most 2 punters; got 3 punters")
    with pytest.raises(RuleError) as caught:
        hog.deal.place_bet(hog.punter.value, "JH", 1)
    assert str(caught.value) == "bets must be placed before the first card is turned; 2 cards are already turned"


def test_counted_and_number_phrases_and_a_wrapped_error():
    """``Phrase.counted``: English "1 deal", "1,000 deals" in ``str()``; Russian one / few / many
    forms (1 сдача, 3 сдачи, 5 сдач, 21 сдача) with its own number symbols where shown.
    ``Phrase.number``: 12,345 in English, 12.345 in German. ``BoardError.like`` keeps a group code
    error's template, so the board still shows it translated."""
    from banking_games.errors import BoardError, GroupCodeError, Phrase
    from banking_games.i18n import N_
    made = {n: BoardError.of(N_("Deals: from 1 to {most}, got {deals}"), most=Phrase.number(10_000),
                             deals=Phrase.counted("{n} deal", "{n} deals", n)) for n in (1, 3, 5, 21, 1000)}
    assert [str(e).split("got ")[1] for e in made.values()] == ["1 deal", "3 deals", "5 deals", "21 deals",
                                                                "1,000 deals"]
    assert str(made[1]) == "Deals: from 1 to 10,000, got 1 deal"
    assert str(made[1000]) == "Deals: from 1 to 10,000, got 1,000 deals"
    i18n.set_language("ru")
    assert [i18n.error_text(e).split("получено: ")[1] for e in made.values()] == [
        "1 сдача", "3 сдачи", "5 сдач", "21 сдача", "1\u00a0000 сдач"]
    i18n.set_language("de")
    assert i18n.error_text(made[5]) == "Runden: 1 bis 10.000; angegeben: 5 Runden"
    with pytest.raises(GroupCodeError) as caught:
        from banking_games.classroom.group_codes import decode
        decode("GAHL")
    wrapped = BoardError.like(caught.value)
    assert str(wrapped) == str(caught.value) == ("the code is cut short (truncated): 4 symbols, a group code has at "
                                                 "least 8; copy the whole code, every group of four")
    assert i18n.error_text(wrapped) == ("der Code ist abgeschnitten: 4 Zeichen, ein Gruppencode hat mindestens 8; "
                                        "kopieren Sie den ganzen Code, jede Vierergruppe")
    assert str(BoardError.like(ValueError("plain"))) == "plain" and not BoardError.like(ValueError("x")).template
