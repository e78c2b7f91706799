"""scripts/editions.py: the pages' catalogues and the translated pages made from them.

The right values here follow from the definition of a message (the module's docstring): a
page written back with every message translated by itself must have exactly the same
messages, in the same order; a changed English message must not keep its old translation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import editions  # noqa: E402

PAGES = editions.pages()


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_a_page_written_back_unchanged_keeps_its_messages(page, tmp_path, monkeypatch):
    # every message "translated" by itself: the generated page must hold the same units
    monkeypatch.setattr(editions, "_translations",
                        lambda lang, path, stats: {u.msgid: u.msgid for u in editions.page_units(path)})
    text, _ = editions.translate_page(page, "de")
    copy = tmp_path / page.name
    copy.write_text(text, encoding="utf-8")
    assert [(u.kind, u.msgid) for u in editions.page_units(copy)] == \
        [(u.kind, u.msgid) for u in editions.page_units(page)]


SAMPLE = """\
# A title

First paragraph with {eval}`shown.n` cards,
wrapped over two lines.

- an item

```{code-cell} ipython3
shown.claim("c", "always more", True)
shown.set("k", "x")
```

:::{admonition} Quick check
A question?
:::
"""


def test_messages_of_a_sample_page(tmp_path):
    page = tmp_path / "sample.md"
    page.write_text(SAMPLE, encoding="utf-8")
    # by the rules in the docstring: heading, paragraph (lines joined), list item, the
    # claim's text (not "x": no space), the admonition's title and its body
    assert [u.msgid for u in editions.page_units(page)] == [
        "A title", "First paragraph with {eval}`shown.n` cards, wrapped over two lines.",
        "an item", "always more", "Quick check", "A question?"]


def test_translated_sample_page(tmp_path, monkeypatch):
    page = tmp_path / "sample.md"
    page.write_text(SAMPLE, encoding="utf-8")
    german = {"A title": "Ein Titel", "an item": "ein Punkt", "always more": "immer mehr",
              "Quick check": "Kurzer Check",
              "First paragraph with {eval}`shown.n` cards, wrapped over two lines.":
                  "Erster Absatz mit {eval}`shown.n` Karten."}
    monkeypatch.setattr(editions, "_translations", lambda lang, path, stats: german)
    text, _ = editions.translate_page(page, "de")
    assert text.split("\n")[:6] == ["# Ein Titel", "", "Erster Absatz mit {eval}`shown.n` Karten.",
                                    "", "- ein Punkt", ""]
    assert "shown.claim(\"c\", 'immer mehr', True)" in text
    assert 'shown.set("k", "x")' in text          # not prose: unchanged
    assert ":::{admonition} Kurzer Check" in text
    assert "A question?" in text                  # untranslated: stays English (and is counted)


def test_code_messages_after_letters_outside_ascii_are_cut_at_their_quotes(tmp_path, monkeypatch):
    # ast gives columns in UTF-8 bytes; σ (2 bytes), √ and − (3 each) before or inside a literal
    # must not move the cut: each literal, and only it, is replaced, its brackets kept
    page = tmp_path / "sample.md"
    page.write_text('```{code-cell} ipython3\n'
                    'ax.plot(x, y, label=tr("standard error σ/√N"))\n'
                    'd = {"σ": 1, tr("|a − b|"): tr("two words")}\n'
                    '```\n', encoding="utf-8")
    assert [u.msgid for u in editions.page_units(page)] == ["standard error σ/√N", "|a − b|", "two words"]
    german = {"standard error σ/√N": "Standardfehler σ/√N", "|a − b|": "|a − b| (Abstand)",
              "two words": "zwei Wörter"}
    monkeypatch.setattr(editions, "_translations", lambda lang, path, stats: german)
    text, _ = editions.translate_page(page, "de")
    assert "ax.plot(x, y, label=tr('Standardfehler σ/√N'))" in text
    assert "d = {\"σ\": 1, tr('|a − b| (Abstand)'): tr('zwei Wörter')}" in text


def test_a_changed_english_message_becomes_fuzzy(tmp_path):
    # Babel's update: a msgid that changed a little keeps its old translation only as fuzzy
    old = Catalog(locale="de")
    old.add("The banker pays even money.", "Der Bankhalter zahlt 1 zu 1.")
    new = Catalog()
    new.add("The banker pays even money on ties.")
    old.update(new)
    message = old.get("The banker pays even money on ties.")
    assert message.fuzzy and message.string == "Der Bankhalter zahlt 1 zu 1."


import build_editions  # noqa: E402

SHIPPED = [lang for lang in build_editions.shipped() if lang != "en"]


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_shipped_edition_has_every_message_translated(lang):
    # the build refuses such an edition too; this names every message at once, in seconds
    missing = [f"{s.page}: {'fuzzy' if m in s.fuzzy else 'untranslated'}: {m[:80]!r}"
               for s in editions.stats(lang) for m in s.untranslated + s.fuzzy]
    assert not missing, f"{len(missing)} messages:\n" + "\n".join(missing[:40])


@pytest.mark.parametrize("lang", SHIPPED)
def test_translations_keep_every_value_link_and_term(lang, capsys):
    assert editions.check(lang) == 0, capsys.readouterr().out[:4000]


def test_a_translation_that_drops_a_computed_value_is_named():
    english = "The banker wins {eval}`shown.p` of the deals; see [the rules](hoggenheimer.md#rules)."
    assert editions.problems(english, "Der Bankhalter gewinnt die meisten Runden; siehe "
                                      "[die Regeln](hoggenheimer.md#rules).") == \
        ["computed value differs: ['{eval}`shown.p`']"]
    assert editions.problems(english, "Der Bankhalter gewinnt {eval}`shown.p` der Runden; siehe "
                                      "[die Regeln](hoggenheimer.md#rules).") == []


def test_links_to_headings_follow_the_translated_heading():
    slugs = {"hoggenheimer": {"the-rules": "die-regeln"}, "summary": {"a-table": "eine-tabelle"}}
    assert editions.relink("[x](hoggenheimer.md#the-rules), [y](#a-table), [z](intro.md)", "summary", slugs) \
        == "[x](hoggenheimer.md#die-regeln), [y](#eine-tabelle), [z](intro.md)"
    # MyST's anchors: lower case, spaces to hyphens, punctuation dropped, unique on the page
    taken = set()
    assert [editions.heading_slug(t, taken) for t in ("Die Regeln", "Die `n` Regeln!", "Die Regeln")] \
        == ["die-regeln", "die-n-regeln", "die-regeln-1"]


def test_merge_takes_only_sound_translations_into_empty_or_fuzzy_messages(tmp_path, monkeypatch):
    monkeypatch.setattr(editions, "LOCALES", tmp_path / "locales")
    ours = Catalog(locale="de")
    ours.add("One {eval}`shown.n` card.")                       # untranslated: takes theirs
    ours.add("Two", "Zwei (unsere)")                              # translated: kept
    ours.add("Three", "Drei?", flags=["fuzzy"])                   # fuzzy: takes theirs
    ours.add("Four {eval}`shown.k`")                              # theirs drops the value: refused
    target = editions.catalogue_path("de", "page")
    target.parent.mkdir(parents=True)
    with target.open("wb") as f:
        write_po(f, ours)
    theirs = Catalog(locale="de")
    theirs.add("One {eval}`shown.n` card.", "Eine {eval}`shown.n` Karte.")
    theirs.add("Two", "Zwei (ihre)")
    theirs.add("Three", "Drei")
    theirs.add("Four {eval}`shown.k`", "Vier")
    other = tmp_path / "page.po"
    with other.open("wb") as f:
        write_po(f, theirs)
    assert editions.merge("de", other) == 2
    with target.open("rb") as f:
        merged = read_po(f)
    assert [(m.string, m.fuzzy) for m in merged if m.id] == [
        ("Eine {eval}`shown.n` Karte.", False), ("Zwei (unsere)", False), ("Drei", False), ("", False)]


# ------------------------------------------------------------ handouts, notebooks, read-me

import extras_i18n  # noqa: E402


@pytest.mark.parametrize("lang", editions.LANGUAGES)
def test_every_handout_notebook_and_readme_message_is_translated(lang):
    # every tr() text of the handout scripts, every Markdown message of the JupyterLite
    # notebooks and every block of the read-me, as extracted from the English sources now,
    # has a translation that keeps its values (a new English text not yet extracted is
    # named here too): the editions' files never fall back to English
    bad = extras_i18n.report(lang)
    assert not bad, f"{len(bad)} messages:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("lang", editions.LANGUAGES)
def test_an_editions_jupyterlite_notebook_is_its_notebook_translated(lang):
    import jupytext

    headings = {"de": "## Der Spieltisch", "ru": "## Игровой стол"}   # "## The dealing table"
    for src in sorted(extras_i18n.LITE.glob("*.py")):
        english = jupytext.read(src).cells
        ours = extras_i18n.translate_notebook(src, lang).cells     # strict: raises on an untranslated one
        assert [c.cell_type for c in ours] == [c.cell_type for c in english]
        code = [(a.source, b.source) for a, b in zip(english, ours) if a.cell_type == "code"]
        # the same code, and the first cell sets the package's language
        assert code[0][1] == code[0][0] + "\n" + editions.LANGUAGE_LINE.format(lang=lang)
        assert all(a == b for a, b in code[1:])
        text = "\n".join(c.source for c in ours if c.cell_type == "markdown")
        assert headings[lang] in text, src.name
        english_text = "\n".join(c.source for c in english if c.cell_type == "markdown")
        # what a translation must keep: the inline code and the maths of the English cells
        for kept in re_findall(r"`[^`]+`|\$[^$]+\$", english_text):
            assert kept in text, (src.name, kept)


def re_findall(pattern, text):
    import re
    return re.findall(pattern, text)


def test_a_read_me_translation_must_keep_file_names_and_commands():
    english = 'Double-click "Open the book (Windows).bat", or run: python3 open-book.py --class'
    assert extras_i18n.problems("readme", english,
                                'Doppelklick auf "Open the book (Windows).bat" oder: python3 open-book.py --class') == []
    assert extras_i18n.problems("readme", english, 'Doppelklick auf "Buch öffnen.bat" oder: python3 open-book.py') == \
        ["lost ['\"Open the book (Windows).bat\"']", "lost ['--class']"]
    # a handout text must keep its format fields
    assert extras_i18n.problems("handouts", "Pack: {n} cards.", "Paket: Karten.") == \
        ["format fields differ: ['{n}'] != []"]


@pytest.mark.parametrize("lang", editions.LANGUAGES)
def test_the_read_me_in_each_language(lang):
    name, text = extras_i18n.readme(lang, "9.9")
    title = {"de": "Drei Bankhalterspiele mit Karten, Version 9.9",
             "ru": "Три банковые карточные игры, версия 9.9"}[lang]
    lines = text.split("\n")
    assert lines[0] == title and lines[1] == "=" * len(title)
    assert name.endswith(".txt") and name != extras_i18n.README_NAME
    for kept in ('"Open the book (Windows).bat"', "python3 open-book.py --class --address 192.168.1.20",
                 "http://127.0.0.1:8642/", '"class-data"'):
        assert kept in text
