"""Each game's exercises, as the website shows them, for print and for JupyterLite.

Called by scripts/build_book.py after Jupyter Book has built the site (issue 20,
"Exercises in the browser"). The one source of an exercise's text is its
``{exercise}`` directive in the chapter pages (book/<game>*.md); the numbers in
it are computed when the pages run, so the text is read from the built pages
(``book/_build/html/<page>.html``), where sphinx-exercise has numbered each
exercise (Exercise 1, 2, ... on each page) and every ``{eval}`` shows its
value. The solutions are separate blocks in the page, read for the answer
sheet only.

Writes:

* ``book/_handouts/<game>-exercises.pdf``, copied into the site as
  ``_downloads/exercise-sheets/<game>-exercises.pdf``: the exercise sheet, the
  game's exercises page by page with the website's numbers, no solutions
  (fpdf2, DejaVu Sans as in scripts/make_handouts.py; the few formulas in the
  text written with Unicode symbols), each exercise followed by ruled lines to
  write on (:func:`writing_lines`: more for an exercise in several parts);
* ``book/_handouts/<game>-answers.pdf``, copied in the same way: the teacher's
  answer sheet, each exercise's ``{solution}`` block as the built page shows it
  (its computed numbers; the code cells left out), numbered as the exercises;
* into the site's JupyterLite (``_static/lite/files/<game>.ipynb``, made by
  scripts/lite_site.py from book/_lite/<game>.py before the site is built):
  after the notebook's own cells, a heading per page, a Markdown cell per
  exercise (its number, title and text, formulas as ``$...$``) and a code cell
  the student completes: for an exercise dealt with the *Repeat* panel, the
  chapter's dealing table (with its panel) set up as far as code can; for the
  others a starter with the imports a working needs. No numpy, pandas or
  matplotlib: the browser's Python has none. The listing
  ``_static/lite/api/contents/all.json`` gets the notebook's new size.

Each lesson page links its game's sheet as a download
(``[exercise sheet (PDF)](_handouts/<game>-exercises.pdf)``) and, in its
teacher's part, the answer sheet (``_handouts/<game>-answers.pdf``). Sphinx
needs the files when it builds, before the sheets can be made, so
``--placeholders`` (run by scripts/build_book.py before the build) writes a
one-page stand-in where no sheet exists yet; after the build every copy Sphinx made of it
under ``_downloads/`` is replaced by the real sheet.

An edition's sheets (scripts/build_editions.py): ``--lang de`` reads the edition's built
pages (their exercises in German, sphinx-exercise's "Übung 1"), takes the sheets' fixed
words from book/locales/de/LC_MESSAGES/handouts.po (scripts/extras_i18n.py; an untranslated
one fails, named), writes into the edition's own handouts folder (``--out``) and the
exercises' cells into ``files/de/<game>.ipynb`` of the JupyterLite the English site serves
(``--lite``).

Usage: python scripts/exercise_sheets.py [SITE]   (default book/_build/html)
       python scripts/exercise_sheets.py --placeholders
       python scripts/exercise_sheets.py SITE/de --lang de --out DIR --lite SITE
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from banking_games import registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_handouts import language, tr  # noqa: E402  (the handouts' words: handouts.po)

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SITE = BOOK / "_build" / "html"
OUT = BOOK / "_handouts"
GAMES = {g.slug: g.title for g in registry.GAMES}
SITE_SHEETS = "_downloads/exercise-sheets"
MARK = "bg-exercise"   # metadata key of the JupyterLite cells made here (so a rerun replaces them)


def pages(game: str) -> list[str]:
    return [game, f"{game}-values", f"{game}-simulation"]


@dataclass
class Exercise:
    page: str
    page_title: str
    number: int
    label: str
    title: str
    blocks: list = field(default_factory=list)   # ("p", [(style, text)...]) or ("ol"/"ul", [[runs]...])


# ---------------------------------------------------------------- reading the built pages

def _runs(node) -> list[tuple[str, str]]:
    """The inline content of an HTML node as (style, text) runs: style "" (plain),
    "b" (bold), "i" (italic), "code", "math" (LaTeX without its delimiters)."""
    from bs4 import NavigableString, Tag

    out: list[tuple[str, str]] = []
    for child in node.children:
        if isinstance(child, NavigableString):
            out.append(("", str(child)))
        elif isinstance(child, Tag):
            classes = child.get("class") or []
            if "math" in classes:
                tex = child.get_text().strip()
                tex = re.sub(r"^\\\((.*)\\\)$", r"\1", tex, flags=re.S)
                out.append(("math", tex))
            elif child.name == "strong":
                out.append(("b", child.get_text()))
            elif child.name == "em":
                out.append(("i", child.get_text()))
            elif child.name == "code":
                out.append(("code", child.get_text()))
            else:   # a link, a value ({eval}), a span: its text
                out.extend(_runs(child))
    return out


def read_exercises(site: Path, game: str) -> list[Exercise]:
    """The game's exercises in page order, as the built pages number and show them."""
    from bs4 import BeautifulSoup

    found = []
    for page in pages(game):
        html = BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
        h1 = html.select_one("main h1") or html.find("h1")
        page_title = re.sub(r"\s+", " ", h1.get_text()).strip().rstrip("#").strip()
        for div in html.select("div.exercise.admonition"):
            caption = div.select_one("p.admonition-title")
            # "Exercise 1 (Title)", "Übung 1 (...)", "Упражнение 1 (...)": sphinx-exercise's word
            number = int(re.search(r"(\d+)", caption.select_one(".caption-number").get_text()).group(1))
            title = re.sub(r"^[^(]*?\d+\s*\((.*)\)\s*$", r"\1", caption.get_text(), flags=re.S)
            ex = Exercise(page, page_title, number, div["id"], re.sub(r"\s+", " ", title).strip())
            body = div.select_one("section")
            for block in body.find_all(["p", "ol", "ul"], recursive=False):
                if block.name == "p":
                    ex.blocks.append(("p", _runs(block)))
                else:
                    ex.blocks.append((block.name, [_runs(li.find("p") or li) for li in block.find_all("li")]))
            found.append(ex)
    if not found:
        sys.exit(f"exercise_sheets: no exercises found for {game} in {site}")
    return found


def read_solutions(site: Path, game: str) -> list[Exercise]:
    """The game's solutions in page order, as the built pages show them (sphinx-exercise's
    ``{solution}`` blocks, folded on the website): each as an :class:`Exercise` with the
    number, label and title of the exercise it solves, its paragraphs (every ``{eval}``
    showing its computed value) and its displayed formulas as ``("math", tex)`` blocks.
    The solutions' code cells are left out (their results are in the text)."""
    from bs4 import BeautifulSoup

    found = []
    for page in pages(game):
        html = BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
        h1 = html.select_one("main h1") or html.find("h1")
        page_title = re.sub(r"\s+", " ", h1.get_text()).strip().rstrip("#").strip()
        for div in html.select("div.solution.admonition"):
            link = div.select_one("p.admonition-title a")
            head = re.search(r"(\d+)\s*\((.*)\)\s*$", re.sub(r"\s+", " ", link.get_text()).strip())
            sol = Exercise(page, page_title, int(head.group(1)), link["href"].lstrip("#"), head.group(2))
            for block in div.select_one("section").find_all(["p", "ol", "ul", "div"], recursive=False):
                if block.name == "p":
                    sol.blocks.append(("p", _runs(block)))
                elif block.name in ("ol", "ul"):
                    sol.blocks.append((block.name, [_runs(li.find("p") or li) for li in block.find_all("li")]))
                elif "math" in (block.get("class") or []):
                    sol.blocks.append(("math", block.get_text()))
            found.append(sol)
    return found


# ---------------------------------------------------------------- text for a notebook and for print

def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _render(runs, marks: dict) -> str:
    """Runs of (style, text) joined, each styled run written by ``marks[style]`` (its text
    stripped); a style without a mark is left as it is."""
    parts = []
    for style, text in runs:
        text = _squash(text)
        parts.append(marks[style](text.strip()) if style in marks else text)
    return "".join(parts).strip()


def markdown(runs) -> str:
    """Runs as notebook Markdown: formulas as $...$, bold, italics and code."""
    return _render(runs, {"math": lambda t: f"${t}$", "b": lambda t: f"**{t}**", "i": lambda t: f"*{t}*",
                          "code": lambda t: f"`{t}`"})


_TEX = [(r"\mathbb{E}", "E"), (r"\left(", "("), (r"\right)", ")"), (r"\big/", "/"), (r"\ge", "≥"),
        (r"\le", "≤"), (r"\ne", "≠"), (r"\sigma", "σ"), (r"\dots", "…"), (r"\cdot", "·"),
        (r"\times", "×"), (r"\sum", "Σ"), (r"\tfrac12", "½"), (r"\qquad", "  "), (r"\quad", " ")]


_SUB = dict(zip("ijkn0123456789", "ᵢⱼₖₙ₀₁₂₃₄₅₆₇₈₉"))


def tex_text(tex: str) -> str:
    """A formula of the exercises' text in plain Unicode for print (the handful of
    LaTeX commands they use; an unknown command stops the build rather than print it)."""
    t = tex
    t = re.sub(r"\\binom\{([^{}]*)\}\{([^{}]*)\}", r"C(\1, \2)", t)
    t = re.sub(r"\\sqrt\{([^{}]*)\}", r"√(\1)", t)
    t = re.sub(r"\\sqrt\s*(\w)", r"√\1", t)
    for cmd, uni in _TEX:
        t = t.replace(cmd, uni)
    t = re.sub(r"_\{([^{}]{2,})\}", r"_(\1)", t)   # a subscript of several characters: _(i ≠ j)
    t = re.sub(r"_(?:\{([A-Za-z0-9])\}|([A-Za-z0-9])(?![A-Za-z0-9]))",
               lambda m: _SUB.get(m.group(1) or m.group(2), "_" + (m.group(1) or m.group(2))), t)
    t = t.replace("^2", "²")
    if "\\" in t:
        sys.exit(f"exercise_sheets: no plain-text form for the formula {tex!r}; add it to _TEX")
    return t


def _braced(t: str, start: int) -> tuple[str, int]:
    """The text of the {...} group opening at ``t[start]`` (nested groups kept) and the index after it."""
    depth = 0
    for i in range(start, len(t)):
        depth += {"{": 1, "}": -1}.get(t[i], 0)
        if depth == 0:
            return t[start + 1:i], i + 1
    sys.exit(f"exercise_sheets: unbalanced braces in the formula {t!r}")


def _group(x: str) -> str:
    """A fraction's numerator or denominator, in parentheses unless it is one symbol or
    already one parenthesised group (with a factorial mark)."""
    x = x.strip()
    if re.fullmatch(r"[\w.²]+!?", x):
        return x
    if x.startswith("("):
        depth = 0
        for i, ch in enumerate(x):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0:
                if x[i + 1:] in ("", "!"):
                    return x
                break
    return f"({x})"


def solution_tex(tex: str) -> list[str]:
    """A formula of the solutions (inline or displayed) in plain Unicode, one string per line
    of an aligned display: the commands of :func:`tex_text` and those the solutions add
    (fractions written a/b, ``\\text``, ``\\operatorname``, alignments)."""
    t = tex.strip()
    t = re.sub(r"^\\[\[(]|\\[\])]$", "", t).strip()
    t = re.sub(r"\\(begin|end)\{(split|aligned)\}", "", t).replace("&", "")
    t = t.replace(r"\tfrac12", "½")
    for cmd in (r"\tfrac", r"\frac"):
        while cmd + "{" in t:
            i = t.index(cmd + "{")
            num, j = _braced(t, i + len(cmd))
            den, k = _braced(t, j)
            t = t[:i] + f"{_group(num)}/{_group(den)}" + t[k:]
    t = re.sub(r"\\(?:text|operatorname)\{([^{}]*)\}", r"\1", t)
    for cmd, uni in ((r"\,", " "), (r"\!", ""), (r"\{", "{"), (r"\}", "}"), (r"\mid", "|"),
                     (r"\rho", "ρ"), (r"\pm", "±"), (r"\in ", "∈ ")):
        t = t.replace(cmd, uni)
    t = re.sub(r"\^\{([^{}]+)\}", r"^(\1)", t)
    return [" ".join(tex_text(line).split()) for line in t.split("\\\\") if line.strip()]


def _escape(text: str) -> str:
    """Text with fpdf2's markdown markers (``**``, ``__``, ``~~``, ``--``) escaped, so that a
    computed value such as sympy's ``t**2`` prints as shown, not as a switch to bold."""
    return re.sub(r"(\*\*|__|~~|--)", r"\\\1", text)


def plain(runs, tex=tex_text) -> str:
    """Runs as fpdf2 markdown (**bold**, __italic__), formulas in Unicode (written by ``tex``);
    the runs' own text escaped (:func:`_escape`)."""
    return _render([(style, text if style == "math" else _escape(text)) for style, text in runs],
                   {"math": lambda t: _escape(tex(t)), "b": lambda t: f"**{t}**", "i": lambda t: f"__{t}__"})


# ---------------------------------------------------------------- the PDF sheet

LINE_GAP = 8          # mm between the ruled lines a student writes on
MIN_LINES = 8         # the least room under an exercise: eight ruled lines
LINES_PER_PART = 3    # and three more for each numbered or bulleted part of it
MAX_LINES = 24        # about a page


def writing_lines(ex: Exercise) -> int:
    """How many ruled lines the sheet leaves under an exercise: ``MIN_LINES``, and
    ``LINES_PER_PART`` more for each part of its lists (an exercise in three parts
    needs three answers), at most ``MAX_LINES``."""
    parts = sum(len(content) for kind, content in ex.blocks if kind != "p")
    return min(MAX_LINES, MIN_LINES + LINES_PER_PART * parts)


def room_to_write(pdf, ex: Exercise) -> None:
    """Under an exercise, a caption 'Your working (Exercise N)' and
    :func:`writing_lines` ruled lines across the text width. Lines that do not fit
    at the foot of the page go on the next one, under the caption again
    (marked 'continued'), so an exercise's room is never cut short."""
    left = writing_lines(ex)
    caption = tr("Your working (Exercise {n})").format(n=ex.number)
    while left:
        room = int((pdf.h - pdf.b_margin - pdf.get_y() - 6) // LINE_GAP)
        if room < min(3, left):      # not a caption with a line or two at the foot of a page
            pdf.add_page()
            continue
        pdf.set_font("DejaVu", "I", 8.5)
        pdf.set_text_color(110)
        pdf.cell(0, 4.5, caption, new_x="LMARGIN", new_y="NEXT")
        pdf.set_text_color(0)
        pdf.set_draw_color(170)
        pdf.set_line_width(0.2)
        for _ in range(min(room, left)):
            pdf.set_y(pdf.get_y() + LINE_GAP)
            pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
            left -= 1
        pdf.set_draw_color(0)
        pdf.ln(2)
        caption = tr("Your working (Exercise {n}, continued)").format(n=ex.number)


def _write_pdf(path: Path, title: str, heading: str, intro: str, items: list[Exercise],
               item_heading, inline=None, after=None) -> Path:
    """Write one sheet to ``path``: ``heading`` and ``intro``, then ``items`` page by page
    under each page's title, each as ``item_heading(item)`` and its blocks (paragraphs with
    ``inline`` for their formulas, displayed formulas, lists), then ``after(pdf, item)``."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from make_handouts import FONT_DIR, Handout

    pdf = Handout(title)
    pdf.add_font("DejaVu", "I", str(FONT_DIR / "DejaVuSans-Oblique.ttf"))
    pdf.add_font("DejaVu", "BI", str(FONT_DIR / "DejaVuSans-BoldOblique.ttf"))
    pdf.add_page()
    pdf.heading(heading)
    pdf.para(intro, size=10)
    text = (lambda runs: plain(runs, inline)) if inline else plain
    page = None
    for item in items:
        if item.page != page:
            page = item.page
            if pdf.get_y() > pdf.h - pdf.b_margin - 50:
                pdf.add_page()
            pdf.ln(2)
            pdf.heading(item.page_title, size=13)
        if pdf.get_y() > pdf.h - pdf.b_margin - 40:   # not a heading alone at the foot of a page
            pdf.add_page()
        pdf.set_font("DejaVu", "B", 11)
        pdf.multi_cell(0, 5.5, item_heading(item))
        pdf.ln(1)
        pdf.set_font("DejaVu", "", 10.5)
        for kind, content in item.blocks:
            if kind == "p":
                pdf.multi_cell(0, 5.2, text(content), markdown=True, align="L")
                pdf.ln(1.2)
            elif kind == "math":
                for line in solution_tex(content):
                    pdf.set_x(pdf.l_margin + 8)
                    pdf.multi_cell(0, 5.2, line, align="L")
                pdf.ln(1.2)
            else:
                for i, entry in enumerate(content, 1):
                    pdf.set_x(pdf.l_margin + 4)
                    pdf.multi_cell(0, 5.2, f"{f'{i}.' if kind == 'ol' else '•'}  {text(entry)}",
                                   markdown=True, align="L")
                    pdf.ln(0.6)
                pdf.ln(1)
        if after:
            after(pdf, item)
        pdf.ln(3)
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(path))
    return path


def make_sheet(game: str, exercises: list[Exercise], out: Path) -> Path:
    """Write ``<out>/<game>-exercises.pdf``, the students' sheet: each exercise as the built
    page shows it, followed by ruled lines to write on (:func:`room_to_write`). Returns the path."""
    return _write_pdf(
        out / f"{game}-exercises.pdf", tr("{game} exercises").format(game=tr(GAMES[game])),
        tr("{game}: exercise sheet").format(game=tr(GAMES[game])),
        tr("The exercises of the book's three pages on the game, numbered as on the website (Exercise 1, "
           "2, ... on each page), each followed by ruled lines for your working. The solutions are on "
           "the website, folded under each exercise. An exercise that asks you to deal says how to do it "
           "with the Repeat panel of the website's dealing table."),
        exercises, lambda ex: tr("Exercise {n} ({title})").format(n=ex.number, title=ex.title),
        after=room_to_write)


def _solution_inline(tex: str) -> str:
    return " ".join(solution_tex(tex))


def make_answers(game: str, exercises: list[Exercise], solutions: list[Exercise], out: Path) -> Path:
    """Write ``<out>/<game>-answers.pdf``, the teacher's answer sheet: each exercise's
    solution as the built page shows it (computed numbers included), page by page, under
    the heading 'Solution to Exercise N (Title)'. Stops the build (``SystemExit``) when the
    pages' exercises and solutions do not pair up one to one (an exercise without its
    solution, or a solution of no exercise). Returns the path written."""
    asked = [(e.page, e.number) for e in exercises]
    solved = [(s.page, s.number) for s in solutions]
    if sorted(asked) != sorted(solved):
        sys.exit(f"exercise_sheets: {game}: exercises and solutions do not pair up: "
                 f"without a solution {sorted(set(asked) - set(solved))}, "
                 f"solving no exercise {sorted(set(solved) - set(asked))}")
    titles = {(e.page, e.number): e.title for e in exercises}   # the exercise's own title
    return _write_pdf(
        out / f"{game}-answers.pdf", tr("{game} answers (for the teacher)").format(game=tr(GAMES[game])),
        tr("{game}: answer sheet, for the teacher").format(game=tr(GAMES[game])),
        tr("The solutions of the exercise sheet, numbered as on the website (Exercise 1, 2, ... on each "
           "page), with the numbers the website computes. For the teacher: the students' sheet has the "
           "exercises only. The book's code that computes each number is in the solution on the website."),
        solutions, lambda sol: tr("Solution to Exercise {n} ({title})").format(
            n=sol.number, title=titles[(sol.page, sol.number)]),
        inline=_solution_inline)


# ---------------------------------------------------------------- the JupyterLite cells

PLAYERS = {g.slug: json.dumps(list(g.module("classroom").EXERCISE_PLAYERS)) for g in registry.GAMES}
"""The players of the table an exercise sets up (each game's classroom ``EXERCISE_PLAYERS``, as the exercises'
text names them), written as the cell's Python list."""
TABLES = {g.slug: (g.table_module, g.table, PLAYERS[g.slug]) for g in registry.GAMES}


def uses_repeat(ex: Exercise) -> bool:
    """Whether an exercise (as the English site shows it) is dealt with the Repeat panel: its
    text names the panel's *Repeat seed* field."""
    return "*Repeat seed*" in " ".join(markdown(runs) for kind, c in ex.blocks
                                        for runs in ([c] if kind == "p" else c))


def starter(game: str, ex: Exercise, repeat: bool | None = None) -> str:
    """The code cell under an exercise: what a student starts from. An exercise dealt
    with the Repeat panel (``repeat``; by default :func:`uses_repeat` of ``ex``, which an
    edition takes from the English exercise of the same label) gets the chapter's table
    (its panel at the foot), to set up as the exercise says; the others the imports their
    working needs."""
    text = " ".join(markdown(runs) for kind, c in ex.blocks for runs in ([c] if kind == "p" else c))
    module, cls, players = TABLES[game]
    if uses_repeat(ex) if repeat is None else repeat:
        return ("# " + tr("Exercise {n} ({title}): set up the table as the exercise says, then use")
                .format(n=ex.number, title=ex.title) + "\n"
                "# " + tr("Repeat at its foot (Deals, Repeat seed).") + "\n"
                f"from {module} import {cls}\n\n"
                f"table = {cls}({players}, seed=2026)\n"
                "table")
    imports = ["from fractions import Fraction"]
    if "sympy" in text.lower():
        imports.append("import sympy")
    return ("# " + tr("Exercise {n} ({title}): your working here.").format(n=ex.number, title=ex.title) + "\n"
            + "\n".join(imports) + "\n\n"
            "from banking_games import exact   # " + tr("the book's exact values, to check your answer") + "\n")


def lite_cells(game: str, exercises: list[Exercise], repeat: set[str] | None = None) -> list[dict]:
    """The Markdown and code cells of the game's exercises for its JupyterLite notebook (see the
    module's docstring); ``repeat``: the labels of the exercises dealt with the Repeat panel
    (by default read from the exercises themselves, :func:`uses_repeat`)."""
    import nbformat

    cells = [nbformat.v4.new_markdown_cell(
        "## " + tr("Exercises") + "\n\n"
        + tr("The exercises of the book's three pages on {game}, numbered as on the website, without "
             "their solutions (those are folded under each exercise on the website). Under each exercise, a "
             "cell to work in: run it, then complete it.").format(game=tr(GAMES[game])))]
    page = None
    for ex in exercises:
        if ex.page != page:
            page = ex.page
            cells.append(nbformat.v4.new_markdown_cell(f"### {ex.page_title}"))
        lines = ["#### " + tr("Exercise {n} ({title})").format(n=ex.number, title=ex.title), ""]
        for kind, content in ex.blocks:
            if kind == "p":
                lines += [markdown(content), ""]
            else:
                lines += [(f"{i}. " if kind == "ol" else "- ") + markdown(item) for i, item in enumerate(content, 1)]
                lines.append("")
        cells.append(nbformat.v4.new_markdown_cell("\n".join(lines).rstrip()))
        cells.append(nbformat.v4.new_code_cell(
            starter(game, ex, None if repeat is None else ex.label in repeat)))
    for cell in cells:
        cell.metadata[MARK] = True
    return cells


def add_to_lite(site: Path, game: str, exercises: list[Exercise], lang: str = "en",
                repeat: set[str] | None = None) -> Path:
    """Append the game's exercise cells (:func:`lite_cells`) to its notebook in the JupyterLite of
    ``site`` (``_static/lite/files/<game>.ipynb``; an edition's, ``lang`` not English, in
    ``files/<lang>/``, as scripts/lite_site.py makes them) and update JupyterLite's listing of
    that folder with the notebook's new size. Returns the notebook's path."""
    import nbformat

    lite = site / "_static" / "lite"
    folder = "" if lang == "en" else f"{lang}/"
    path = lite / "files" / f"{folder}{game}.ipynb"
    if not path.is_file():
        sys.exit(f"exercise_sheets: {path} is missing (scripts/lite_site.py makes it)")
    nb = nbformat.read(str(path), as_version=4)
    nb.cells = [c for c in nb.cells if not c.metadata.get(MARK)] + lite_cells(game, exercises, repeat)
    for cell in nb.cells:   # nbformat 4.5 wants an id on every cell
        cell.setdefault("id", f"{MARK}-{nb.cells.index(cell)}")
    nbformat.validate(nb)
    path.unlink()   # the site's copy (Sphinx copied it), never the source in book/_vendor
    nbformat.write(nb, str(path))
    listing = lite / "api" / "contents" / folder / "all.json"
    if listing.is_file():
        data = json.loads(listing.read_text())
        for entry in data.get("content", []):
            if entry.get("path") in (path.name, f"{folder}{path.name}"):
                entry["size"] = path.stat().st_size
        listing.unlink()
        listing.write_text(json.dumps(data))
    return path


def placeholders(out: Path = OUT) -> list[Path]:
    """Write a one-page stand-in for each game's exercise sheet and answer sheet
    that does not exist yet, so that the lesson pages' download links resolve when Sphinx builds;
    :func:`main` replaces it after the build. Returns the files written."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from make_handouts import Handout

    written = []
    out.mkdir(parents=True, exist_ok=True)
    for game, name in GAMES.items():
        name = tr(name)
        for kind, what in (("exercises", tr("{game}: exercise sheet")),
                           ("answers", tr("{game}: answer sheet, for the teacher"))):
            path = out / f"{game}-{kind}.pdf"
            if path.is_file():
                continue
            pdf = Handout(f"{name} {kind}")
            pdf.add_page()
            pdf.heading(what.format(game=name))
            pdf.para(tr("This sheet is made after the website is built; build the book to get it."), size=10)
            pdf.output(str(path))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=SITE, help="the built site (default book/_build/html)")
    parser.add_argument("--placeholders", action="store_true", help="write the stand-ins and stop")
    parser.add_argument("--lang", default="en", help="an edition's language: its sheets' fixed words "
                        "from handouts.po (every one translated), its notebooks in files/<lang>/")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the sheets (default book/_handouts)")
    parser.add_argument("--lite", type=Path, help="the site whose JupyterLite gets the exercises "
                        "(default: SITE; an edition's: the English site, which serves JupyterLite once)")
    parser.add_argument("--english", type=Path, default=SITE,
                        help="the English site, whose exercises say which are dealt with the Repeat panel")
    args = parser.parse_args(argv)
    if args.placeholders:
        for path in placeholders(args.out):
            print(f"exercise_sheets: stand-in {path} (replaced after the build)")
        return 0
    language(args.lang)
    site, out = args.site.resolve(), args.out.resolve()
    for game in GAMES:
        exercises = read_exercises(site, game)
        repeat = None
        if args.lang != "en":
            repeat = {ex.label for ex in read_exercises(args.english.resolve(), game) if uses_repeat(ex)}
        sheet = make_sheet(game, exercises, out)
        answers = make_answers(game, exercises, read_solutions(site, game), out)
        (site / SITE_SHEETS).mkdir(parents=True, exist_ok=True)
        for made in (sheet, answers):
            shutil.copy2(made, site / SITE_SHEETS / made.name)
            for linked in (site / "_downloads").glob(f"*/{made.name}"):   # the lesson page's download link
                shutil.copy2(made, linked)
        notebook = add_to_lite((args.lite or site).resolve(), game, exercises, args.lang, repeat)
        print(f"exercise_sheets: {game}: {len(exercises)} exercises -> {sheet}, {answers.name}, "
              f"{SITE_SHEETS}/, JupyterLite {notebook.relative_to(notebook.parents[2])}")
    if tr.missing:
        for text in sorted(tr.missing):
            print(f"exercise_sheets: {args.lang}/handouts.po: not translated: {text!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
