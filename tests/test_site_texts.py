"""The website's own words (book/_ext/banking_book/texts.py, its catalogues in
book/_ext/banking_book/locales/): every message translated, every field kept, the
template in step with the code, English unchanged.

The right values: a message's translation in the catalogue as written by its translator
(docs/i18n/<lang>.md), German and Russian numbers as CLDR writes them (1.234,5 and
1 234,5 with a no-break space), and the English text of each message as the code holds it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "book" / "_ext"))
sys.path.insert(0, str(ROOT / "scripts"))
import site_texts  # noqa: E402
from banking_book import jupyterlite_launch, live_tables, texts  # noqa: E402

LANGS = site_texts.LANGUAGES
FIELD = re.compile(r"\{(\w*)\}")


def messages(path: Path, lang: str | None = None) -> list:
    with path.open("rb") as f:
        return [m for m in read_po(f, locale=lang) if m.id]


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    wanted = {(m.context, m.id) for m in messages(site_texts.POT)}
    have = {(m.context, m.id): m for m in messages(site_texts.po_path(lang), lang)}
    missing = sorted(str(k) for k in wanted - set(have))
    untranslated = [m.id for m in have.values() if not m.string]
    fuzzy = [m.id for m in have.values() if m.string and m.fuzzy]
    assert not missing, f"{lang}: not in the catalogue (scripts/site_texts.py update): {missing}"
    assert not untranslated, f"{lang}: untranslated: {untranslated}"
    assert not fuzzy, f"{lang}: fuzzy (check and remove the flag): {fuzzy}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_every_field(lang):
    lost = [(m.id, m.string) for m in messages(site_texts.po_path(lang), lang)
            if sorted(FIELD.findall(m.id)) != sorted(FIELD.findall(m.string))]
    assert not lost, lost


def test_the_template_holds_every_message_of_the_code(tmp_path, monkeypatch):
    # extracted afresh from the extension and the scripts: the same messages as the
    # committed template (a new T("...") or text(app, "...") must be extracted)
    monkeypatch.setattr(site_texts, "POT", tmp_path / "fresh.pot")
    fresh = {(m.context, m.id) for m in site_texts.extract() if m.id}
    committed = {(m.context, m.id) for m in messages(texts.POT)}
    assert fresh == committed, (sorted(map(str, fresh - committed)), sorted(map(str, committed - fresh)))
    # among them the texts that a reader meets first
    for english in ("Deal live", "Try it in JupyterLite", "Loading Python (Pyodide) from this site",
                    "Scan a code", "Sending...", "{step} ({got} of {total} MB)..."):
        assert (None, english) in fresh


def test_english_is_the_english_literal():
    assert texts.text("en", "Deal live") == "Deal live"
    assert texts.text("en", "Not sent: {why}.", why="403") == "Not sent: 403."
    assert texts.text("en", "Plot. {caption}") == "Plot. {caption}"   # no fields: left as it is
    assert texts.script_texts("en", texts.SCRIPTS) == {} and texts.texts_script("en", texts.SCRIPTS) == ""


def test_the_editions_words_from_the_catalogues():
    assert texts.text("de", "Deal live") == "Live geben"
    assert texts.text("ru", "Deal live") == "Сдать вживую"
    assert texts.text("de", "Not sent: {why}.", why="x") == "Nicht gesendet: x."
    assert texts.ptext("ru", "solution title", "Exercise {number}", number=3) == "упражнения 3"
    assert texts.text("ru", texts.SOLUTION_TO, exercise="упражнения 3") == "Решение упражнения 3"
    assert texts.text("de", texts.SOLUTION_TO, exercise="Aufgabe 3") == "Lösung zu Aufgabe 3"


def test_numbers_as_each_language_writes_them():
    assert texts.number("en", 1234.5) == "1,234.5"
    assert texts.number("de", 1234.5) == "1.234,5"
    assert texts.number("ru", 1234.5) == "1\u00a0234,5"
    assert texts.number("de", 14.0, 1) == "14,0" and texts.number("en", 14) == "14"


def test_a_missing_translation_shows_the_english_and_warns(caplog):
    import logging
    with caplog.at_level(logging.WARNING):
        assert texts.text("de", "A sentence no catalogue has") == "A sentence no catalogue has"
    assert "no de translation of 'A sentence no catalogue has'" in caplog.text


def test_a_page_gets_the_translations_of_the_scripts_it_loads():
    site = texts.script_texts("de", ["bg-site.js"])
    both = texts.script_texts("de", ["bg-site.js", "live-tables.js"])
    assert site["Play"] == "Abspielen" and "Scan a code" not in site
    assert both["Scan a code"] == "Code scannen" and both["Play"] == "Abspielen"
    tag = texts.texts_script("ru", ["live-tables.js"])
    assert tag.startswith('<script type="application/json" id="bg-texts">') and "Сканировать код" in tag


def test_the_deal_live_box_in_each_language():
    en = live_tables.live_box("t = 1", "fig", 13_795_000)
    assert ">Deal live</button>" in en and 'aria-label="Loading Python"' in en
    assert "(about 14 MB the first time; nothing is fetched before you press), and runs the table below" in en
    de = live_tables.live_box("t = 1", "fig", 13_795_000, lang="de")
    assert ">Live geben</button>" in de and "etwa 14 MB" in de and 'aria-label="Python wird geladen"' in de
    ru = live_tables.live_box("t = 1", "fig", 13_795_000, button="Open the class board",
                              what="class results board", lang="ru")
    assert ">Открыть доску класса</button>" in ru and "доску класса ниже" in ru
    assert 'data-what="class results board"' in ru   # the script's key stays English


def test_the_jupyterlite_sentence_in_each_language():
    url = "_static/lite/notebooks/index.html?path=hoggenheimer.ipynb"
    en = jupyterlite_launch.sentence("en", url)
    assert en.startswith('Prefer a notebook? <a class="bg-lite-link" href="' + url + '" target="_blank" '
                         'rel="noopener">Try it in JupyterLite</a>: Jupyter running inside your browser')
    assert en.endswith("run again. " + jupyterlite_launch.SAVED)
    de = jupyterlite_launch.sentence("de", url)
    assert ">In JupyterLite ausprobieren</a>" in de and "nur in diesem Browser gespeichert" in de


@pytest.mark.parametrize("lang, words", [
    ("ru", ["Решение ", "упражнения 3", ""]), ("de", ["Lösung zu ", "Aufgabe 3", ""]),
    ("en", ["Solution to", " Exercise 3", ""])])
def test_a_solution_title_in_the_editions_grammar(lang, words):
    # sphinx-exercise's title: its "Solution to" (ru "Решение к") + a link " Exercise 3"
    # ("Упражнение 3"); an edition rewrites it (English is left as sphinx-exercise made it)
    from docutils import nodes
    from sphinx_exercise.nodes import solution_node

    given = {"ru": ("Решение к", " Упражнение 3"), "de": ("Lösung zu", " Übung 3"),
             "en": ("Solution to", " Exercise 3")}[lang]
    title = nodes.title("", "", nodes.Text(given[0]), nodes.reference("", "", nodes.Text(given[1]), refuri="#x"))
    node = solution_node("", title)
    texts.retitle(node, lang)
    shown = node.children[0]
    assert [shown[0].astext(), shown[1].astext(), "".join(c.astext() for c in shown[2:])] == words
    assert isinstance(shown[1], nodes.reference) and shown[1]["refuri"] == "#x"
