"""The printed exercise and answer sheets (issue 34, item 7: paper that works on paper).

scripts/exercise_sheets.py prints each game's exercises with ruled lines to write on, and the
teacher's answer sheet from the same built solutions. The fast tests here read the chapter pages'
directives (book/<game>*.md) and make sheets from a few made-up exercises; the ``built_site`` tests
read the sheets the build made.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from banking_games import registry
from conftest import expected

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
HANDOUTS = BOOK / "_handouts"
CHAPTER_PAGES = {game: [game, f"{game}-values", f"{game}-simulation"] for game in registry.SLUGS}

DIRECTIVE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{(?P<kind>exercise|solution)\}(?P<arg>[^\n]*)\n(?P<body>.*?)^(?P=fence)\s*$",
                       re.S | re.M)

ON_SCREEN_ONLY = [r"\babove\b(?! zero)", r"\bbelow\b(?! zero)", r"\bthis (page|section|chapter)\b",
                  r"\bwidgets?\b", r"\b(previous|next) section\b", r"\bpreceding\b", r"\bthe following\b",
                  r"\bearlier on\b", r"\bscroll", r"\bon the (left|right)\b", r"\bsee the solution\b"]
"""Phrases that point at where something sits on the web page, with nothing to point at on a printed
sheet (issue 34 item 7 names "above", "this page", "the table above", "the widget"). "above zero" and
"below zero" compare numbers, not places, and are allowed. "See the solution" points at the web page's
folded solution, which the student's sheet does not print (the answers are on the teacher's sheet)."""


def sheets_module():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module("exercise_sheets")
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def directives(page: str) -> list[tuple[str, str, str]]:
    """The page's ``{exercise}`` and ``{solution}`` directives as (kind, argument, body): for an
    exercise the argument is its title and the body holds ``:label:``; for a solution the argument
    is the label of the exercise it solves."""
    text = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    return [(m["kind"], m["arg"].strip(), m["body"]) for m in DIRECTIVE.finditer(text)]


def line_ops(pdf_path: Path) -> int:
    """The straight lines drawn on the PDF's pages (``x y m x y l S`` in the content streams, as
    fpdf2's ``line`` writes them): the ruled lines of a sheet."""
    from pypdf import PdfReader

    n = 0
    for page in PdfReader(str(pdf_path)).pages:
        data = page.get_contents().get_data().decode("latin-1")
        n += len(re.findall(r"[\d.]+ [\d.]+ m [\d.]+ [\d.]+ l S", data))
    return n


def pdf_text(pdf_path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(pg.extract_text() for pg in PdfReader(str(pdf_path)).pages).split())


# ------------------------------------------------------------ the pages' exercises read on paper

@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_exercises_name_what_they_refer_to(game):
    found = []
    for page in CHAPTER_PAGES[game]:
        for kind, arg, body in directives(page):
            if kind != "exercise":
                continue
            for pattern in ON_SCREEN_ONLY:
                for m in re.finditer(pattern, arg + "\n" + body, re.I):
                    found.append(f"{page}: {arg!r}: ...{' '.join(body[max(0, m.start() - 60):m.end() + 30].split())}...")
    assert not found, ("an exercise points at the web page's layout, which a printed sheet does not have; "
                       "name what it refers to (a section, a table's name): " + "\n".join(found))


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_every_exercise_has_one_solution_in_the_directives(game):
    # the answer sheet pairs each exercise with its solution: the pages' directives must pair up one to one
    for page in CHAPTER_PAGES[game]:
        found = directives(page)
        labels = [re.search(r"^:label:\s*(\S+)", body, re.M).group(1) for kind, _, body in found if kind == "exercise"]
        solved = [arg for kind, arg, _ in found if kind == "solution"]
        assert len(labels) >= 1, page
        assert sorted(labels) == sorted(solved), (page, labels, solved)


# ------------------------------------------------------------ the sheets, made from made-up exercises

def made_up(sheets):
    """Two exercises on one page: a plain one and one in three numbered parts; their solutions."""
    E = sheets.Exercise
    plain_one = E("demo", "Demo page", 1, "demo-ex-1", "A plain one", [("p", [("", "Find "), ("math", "p"), ("", ".")])])
    parts = E("demo", "Demo page", 2, "demo-ex-2", "In three parts",
              [("p", [("", "Answer each part.")]), ("ol", [[("", "one")], [("", "two")], [("", "three")]])])
    sol1 = E("demo", "Demo page", 1, "demo-ex-1", "A plain one",
             [("p", [("", "It is "), ("", "3/43"), ("", ", that is "), ("math", r"\frac{1}{c+1}"), ("", ".")]),
              ("math", r"\[ P(\text{win}) = \frac{s-1}{(r-2)s - 1}. \]")])
    sol2 = E("demo", "Demo page", 2, "demo-ex-2", "In three parts",
             [("p", [("", "Each part: 23/20; sympy gives "), ("", "s*(r - 1)*(s*t**2 - t**2)"), ("", ".")])])
    return [plain_one, parts], [sol1, sol2]


def test_sheet_leaves_ruled_lines_under_each_exercise(tmp_path, monkeypatch):
    sheets = sheets_module()
    monkeypatch.setitem(sheets.GAMES, "demo", "Demo")
    exercises, _ = made_up(sheets)
    sheet = sheets.make_sheet("demo", exercises, tmp_path)
    text = pdf_text(sheet)
    # the room is captioned under each exercise, after its text
    assert text.index("Exercise 1 (A plain one)") < text.index("Your working (Exercise 1)") \
        < text.index("Exercise 2 (In three parts)") < text.index("Your working (Exercise 2)")
    # eight lines under any exercise, three more per part (the module's rule, in its docstring):
    # 8 for the plain one, 8 + 3 * 3 = 17 for the one in three parts, 25 in all; at 8 mm a line the
    # 17 do not fit under the second exercise's text on the first A4 page with the first's 8, so some
    # go on to a second page ("continued") and none is lost
    assert line_ops(sheet) == 8 + 17
    assert "Your working (Exercise 2, continued)" in text


def test_answer_sheet_prints_each_solution_with_its_numbers_for_the_teacher(tmp_path, monkeypatch):
    sheets = sheets_module()
    monkeypatch.setitem(sheets.GAMES, "demo", "Demo")
    exercises, solutions = made_up(sheets)
    text = pdf_text(sheets.make_answers("demo", exercises, solutions, tmp_path))
    assert "for the teacher" in text
    assert re.findall(r"Solution to Exercise \d+ \([^)]+\)", text) == [
        "Solution to Exercise 1 (A plain one)", "Solution to Exercise 2 (In three parts)"]
    # the computed values as given, and the formulas in plain symbols: \frac{1}{c+1} is 1/(c+1),
    # the displayed P(\text{win}) = \frac{s-1}{(r-2)s - 1} is P(win) = (s-1)/((r-2)s - 1)
    # (sympy's t**2 printed as shown, not read as fpdf2's markdown for bold)
    for shown in ("3/43", "1/(c+1)", "P(win) = (s-1)/((r-2)s - 1).", "23/20", "s*(r - 1)*(s*t**2 - t**2)"):
        assert shown in text, shown
    assert "\\" not in text and "Your working" not in text


def test_answer_sheet_refuses_an_exercise_without_its_solution(tmp_path, monkeypatch):
    sheets = sheets_module()
    monkeypatch.setitem(sheets.GAMES, "demo", "Demo")
    exercises, solutions = made_up(sheets)
    with pytest.raises(SystemExit, match=r"without a solution \[\('demo', 2\)\]"):
        sheets.make_answers("demo", exercises, solutions[:1], tmp_path)
    assert not (tmp_path / "demo-answers.pdf").exists()


# ------------------------------------------------------------ the sheets the build made

@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_built_exercise_sheet_has_room_under_every_exercise(built_site, game):
    n = sum(kind == "exercise" for page in CHAPTER_PAGES[game] for kind, _, _ in directives(page))
    sheet = HANDOUTS / f"{game}-exercises.pdf"
    text = pdf_text(sheet)
    captions = re.findall(r"Your working \(Exercise (\d+)\)", text)
    assert len(captions) == n, captions
    assert line_ops(sheet) >= 8 * n     # at least eight ruled lines an exercise


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_built_answer_sheet_has_every_solution_with_the_sites_numbers(built_site, game):
    from bs4 import BeautifulSoup

    n = sum(kind == "exercise" for page in CHAPTER_PAGES[game] for kind, _, _ in directives(page))
    answers = HANDOUTS / f"{game}-answers.pdf"
    text = pdf_text(answers)
    assert "for the teacher" in text
    heads, values = [], []
    for page in CHAPTER_PAGES[game]:
        html = BeautifulSoup((built_site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
        heads += [" ".join(d.select_one("p.admonition-title").get_text().split()) for d in html.select("div.exercise.admonition")]
        for div in html.select("div.solution.admonition"):   # the computed numbers the solution shows
            values += [" ".join(s.get_text().split()) for s in div.select("section > p span.output")]
    assert len(heads) == n
    assert re.findall(r"Solution to (Exercise \d+ \([^)]+\))", text) == heads
    missing = [v for v in values if v not in text]
    assert values and not missing, f"{game}: computed values not on the answer sheet: {missing[:5]}"
    # served by the site and linked, for the teacher, from the lesson page
    assert (built_site / "_downloads" / "exercise-sheets" / answers.name).read_bytes() == answers.read_bytes()
    lesson = (built_site / f"lesson-{game}.html").read_text()
    links = re.findall(rf'href="(_downloads/[^"]*/{re.escape(answers.name)})"', lesson)
    assert links, f"lesson-{game} has no link to {answers.name}"
    for link in links:
        assert (built_site / link).read_bytes() == answers.read_bytes(), f"{link} is the stand-in"
    assert re.search(r"answer sheet \(PDF\), for the teacher", " ".join(lesson.split()))


# ------------------------------------------------------------ the editions' handouts and sheets

EDITION_LANGS = ("de", "ru")
"""The editions whose handouts are checked; each game's headings in them, as a German and a
Russian teacher would title them, are its SHEET_HEADINGS in tests/game_data."""
ENGLISH_HEADINGS = ("rules card", "layout mat", "worksheet", "Pack:", "deal")


def handouts_module():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module("make_handouts")
    finally:
        sys.path.pop(0)


@pytest.fixture(scope="module")
def edition_handouts(tmp_path_factory):
    """Each edition's handouts made as scripts/build_editions.py makes them (``--lang``)."""
    made = handouts_module()
    out = {}
    try:
        for lang in EDITION_LANGS:
            folder = tmp_path_factory.mktemp(f"handouts-{lang}")
            made.language(lang)
            made.make_pdfs(folder)
            assert not made.tr.missing, f"{lang}: untranslated: {sorted(made.tr.missing)}"
            out[lang] = folder
    finally:
        made.language("en")
    return out


@pytest.mark.parametrize("lang", EDITION_LANGS)
@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_an_editions_handout_is_in_its_language(edition_handouts, lang, game):
    text = pdf_text(edition_handouts[lang] / f"{game}-handout.pdf")
    missing = [h for h in expected(game, "SHEET_HEADINGS")[lang] if h not in text]
    assert not missing, f"{lang} {game}: headings not in the handout: {missing}"
    english = [w for w in ENGLISH_HEADINGS if re.search(rf"\b{re.escape(w)}", text)]
    assert not english, f"{lang} {game}: English left in the handout: {english}"
    # the letters of the language, in the regular and bold faces (headings are bold)
    letters = "äöüÄÖÜß" if lang == "de" else "абвгдеёжзийклмнопрстуфхцчшщыьэюя"
    assert any(c in text for c in letters)


def test_the_handouts_name_every_untranslated_word_and_fail(tmp_path, monkeypatch, capsys):
    made = handouts_module()
    extras = sys.modules["extras_i18n"]
    full = extras.translations("handouts", "de")
    gone = "Hoggenheimer: layout mat"
    monkeypatch.setattr(extras, "translations", lambda domain, lang: {k: v for k, v in full.items() if k != gone})
    try:
        monkeypatch.setattr(made, "make_notebooks", lambda out, book: {})
        assert made.main(["--lang", "de", "--out", str(tmp_path)]) == 1
    finally:
        made.language("en")
    assert f"de/handouts.po: not translated: {gone!r}" in capsys.readouterr().err


def test_an_editions_sheets_read_its_exercises_in_its_words(tmp_path):
    # a German page as sphinx-exercise numbers it ("Übung 1"), the sheet's own words from
    # handouts.po: the sheet says "Übung 1 (Ein Carré)" and "Eure Rechnung (Übung 1)"
    sheets = sheets_module()
    page = ('<main><h1>Exakte Werte</h1><div class="exercise admonition" id="hog-ex-square">'
            '<p class="admonition-title"><span class="caption-number">Übung 1 </span> (Ein Carré)</p>'
            '<section id="exercise-content"><p>Wie wahrscheinlich gewinnt das Carré?</p></section></div>'
            '<div class="solution admonition" id="sol"><p class="admonition-title">'
            '<a href="#hog-ex-square">Lösung zu Übung 1 (Ein Carré)</a></p>'
            '<section><p>Mit Wahrscheinlichkeit 1/5.</p></section></div></main>')
    for name in sheets.pages("hoggenheimer"):
        (tmp_path / f"{name}.html").write_text(page if name == "hoggenheimer-values" else "<main><h1>x</h1></main>",
                                               encoding="utf-8")
    exercises = sheets.read_exercises(tmp_path, "hoggenheimer")
    assert [(e.number, e.title, e.label) for e in exercises] == [(1, "Ein Carré", "hog-ex-square")]
    solutions = sheets.read_solutions(tmp_path, "hoggenheimer")
    assert [(s.number, s.title) for s in solutions] == [(1, "Ein Carré")]
    try:
        sheets.language("de")
        sheet = sheets.make_sheet("hoggenheimer", exercises, tmp_path)
        answers = sheets.make_answers("hoggenheimer", exercises, solutions, tmp_path)
        assert not sheets.tr.missing
    finally:
        sheets.language("en")
    text = pdf_text(sheet)
    assert "Hoggenheimer: Aufgabenblatt" in text and "Übung 1 (Ein Carré)" in text
    assert "Eure Rechnung (Übung 1)" in text and "Your working" not in text
    assert "Lösung zu Übung 1 (Ein Carré)" in pdf_text(answers)


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_built_edition_serves_its_own_sheets(built_site, lang):
    # a shipped edition's lesson page links its own handout and sheets, in its language
    site = built_site / lang
    if not (site / "index.html").is_file():
        pytest.skip(f"the {lang} edition is not shipped (bg_editions in book/_config.yml)")
    heading = expected("hoggenheimer", "SHEET_HEADINGS")[lang][0]
    lesson = (site / "lesson-hoggenheimer.html").read_text(encoding="utf-8")
    for name, words in (("hoggenheimer-handout.pdf", heading),
                        ("hoggenheimer-exercises.pdf", {"de": "Übung 1", "ru": "Упражнение 1"}[lang])):
        links = re.findall(rf'href="(_downloads/[^"]*/{re.escape(name)})"', lesson)
        assert links, f"{lang}/lesson-hoggenheimer links no {name}"
        assert all(words in pdf_text(site / link) for link in links), (lang, name, words)
