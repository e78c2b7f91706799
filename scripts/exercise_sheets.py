"""Each game's exercises, as the website shows them, for print and for JupyterLite.

Called by scripts/build_book.py after Jupyter Book has built the site (issue 20,
"Exercises in the browser"). The one source of an exercise's text is its
``{exercise}`` directive in the chapter pages (book/<game>*.md); the numbers in
it are computed when the pages run, so the text is read from the built pages
(``book/_build/html/<page>.html``), where sphinx-exercise has numbered each
exercise (Exercise 1, 2, ... on each page) and every ``{eval}`` shows its
value. The solutions are separate blocks in the page and are never read.

Writes:

* ``book/_handouts/<game>-exercises.pdf``, copied into the site as
  ``_downloads/exercise-sheets/<game>-exercises.pdf``: the exercise sheet, the
  game's exercises page by page with the website's numbers, no solutions
  (fpdf2, DejaVu Sans as in scripts/make_handouts.py; the few formulas in the
  text written with Unicode symbols);
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
(``[exercise sheet (PDF)](_handouts/<game>-exercises.pdf)``). Sphinx needs the
file when it builds, before the sheet can be made, so ``--placeholders``
(run by scripts/build_book.py before the build) writes a one-page stand-in
where no sheet exists yet; after the build every copy Sphinx made of it
under ``_downloads/`` is replaced by the real sheet.

Usage: python scripts/exercise_sheets.py [SITE]   (default book/_build/html)
       python scripts/exercise_sheets.py --placeholders
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from banking_games import registry

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
            number = int(re.search(r"Exercise (\d+)", caption.select_one(".caption-number").get_text()).group(1))
            title = re.sub(r"^\s*Exercise \d+\s*\((.*)\)\s*$", r"\1", caption.get_text(), flags=re.S)
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


def plain(runs) -> str:
    """Runs as fpdf2 markdown (**bold**, __italic__), formulas in Unicode."""
    return _render(runs, {"math": tex_text, "b": lambda t: f"**{t}**", "i": lambda t: f"__{t}__"})


# ---------------------------------------------------------------- the PDF sheet

def make_sheet(game: str, exercises: list[Exercise], out: Path) -> Path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from make_handouts import Handout

    pdf = Handout(f"{GAMES[game]} exercises")
    from make_handouts import FONT_DIR
    pdf.add_font("DejaVu", "I", str(FONT_DIR / "DejaVuSans-Oblique.ttf"))
    pdf.add_font("DejaVu", "BI", str(FONT_DIR / "DejaVuSans-BoldOblique.ttf"))
    pdf.add_page()
    pdf.heading(f"{GAMES[game]}: exercise sheet")
    pdf.para("The exercises of the book's three pages on the game, numbered as on the website (Exercise 1, "
             "2, ... on each page). The solutions are on the website, folded under each exercise. An "
             "exercise that asks you to deal says how to do it with the Repeat panel of the website's "
             "dealing table.", size=10)
    page = None
    for ex in exercises:
        if ex.page != page:
            page = ex.page
            if pdf.get_y() > pdf.h - pdf.b_margin - 50:
                pdf.add_page()
            pdf.ln(2)
            pdf.heading(ex.page_title, size=13)
        if pdf.get_y() > pdf.h - pdf.b_margin - 40:   # not a heading alone at the foot of a page
            pdf.add_page()
        pdf.set_font("DejaVu", "B", 11)
        pdf.multi_cell(0, 5.5, f"Exercise {ex.number} ({ex.title})")
        pdf.ln(1)
        pdf.set_font("DejaVu", "", 10.5)
        for kind, content in ex.blocks:
            if kind == "p":
                pdf.multi_cell(0, 5.2, plain(content), markdown=True, align="L")
                pdf.ln(1.2)
            else:
                for i, item in enumerate(content, 1):
                    mark = f"{i}." if kind == "ol" else "•"
                    pdf.set_x(pdf.l_margin + 4)
                    pdf.multi_cell(0, 5.2, f"{mark}  {plain(item)}", markdown=True, align="L")
                    pdf.ln(0.6)
                pdf.ln(1)
        pdf.ln(3)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game}-exercises.pdf"
    pdf.output(str(path))
    return path


# ---------------------------------------------------------------- the JupyterLite cells

PLAYERS = {g.slug: json.dumps(list(g.module("classroom").EXERCISE_PLAYERS)) for g in registry.GAMES}
"""The players of the table an exercise sets up (each game's classroom ``EXERCISE_PLAYERS``, as the exercises'
text names them), written as the cell's Python list."""
TABLES = {g.slug: (g.table_module, g.table, PLAYERS[g.slug]) for g in registry.GAMES}


def starter(game: str, ex: Exercise) -> str:
    """The code cell under an exercise: what a student starts from. An exercise dealt
    with the Repeat panel gets the chapter's table (its panel at the foot), to set up
    as the exercise says; the others the imports their working needs."""
    text = " ".join(markdown(runs) for kind, c in ex.blocks for runs in ([c] if kind == "p" else c))
    module, cls, players = TABLES[game]
    if "*Repeat seed*" in text:
        return (f"# Exercise {ex.number} ({ex.title}): set up the table as the exercise says, then use\n"
                f"# Repeat at its foot (Deals, Repeat seed).\n"
                f"from {module} import {cls}\n\n"
                f"table = {cls}({players}, seed=2026)\n"
                "table")
    imports = ["from fractions import Fraction"]
    if "sympy" in text.lower():
        imports.append("import sympy")
    return (f"# Exercise {ex.number} ({ex.title}): your working here.\n" + "\n".join(imports) + "\n\n"
            "from banking_games import exact   # the book's exact values, to check your answer\n")


def lite_cells(game: str, exercises: list[Exercise]) -> list[dict]:
    import nbformat

    cells = [nbformat.v4.new_markdown_cell(
        "## Exercises\n\n"
        f"The exercises of the book's three pages on {GAMES[game]}, numbered as on the website, without "
        "their solutions (those are folded under each exercise on the website). Under each exercise, a "
        "cell to work in: run it, then complete it.")]
    page = None
    for ex in exercises:
        if ex.page != page:
            page = ex.page
            cells.append(nbformat.v4.new_markdown_cell(f"### {ex.page_title}"))
        lines = [f"#### Exercise {ex.number} ({ex.title})", ""]
        for kind, content in ex.blocks:
            if kind == "p":
                lines += [markdown(content), ""]
            else:
                lines += [(f"{i}. " if kind == "ol" else "- ") + markdown(item) for i, item in enumerate(content, 1)]
                lines.append("")
        cells.append(nbformat.v4.new_markdown_cell("\n".join(lines).rstrip()))
        cells.append(nbformat.v4.new_code_cell(starter(game, ex)))
    for cell in cells:
        cell.metadata[MARK] = True
    return cells


def add_to_lite(site: Path, game: str, exercises: list[Exercise]) -> Path:
    import nbformat

    lite = site / "_static" / "lite"
    path = lite / "files" / f"{game}.ipynb"
    if not path.is_file():
        sys.exit(f"exercise_sheets: {path} is missing (scripts/lite_site.py makes it)")
    nb = nbformat.read(str(path), as_version=4)
    nb.cells = [c for c in nb.cells if not c.metadata.get(MARK)] + lite_cells(game, exercises)
    for cell in nb.cells:   # nbformat 4.5 wants an id on every cell
        cell.setdefault("id", f"{MARK}-{nb.cells.index(cell)}")
    nbformat.validate(nb)
    path.unlink()   # the site's copy (Sphinx copied it), never the source in book/_vendor
    nbformat.write(nb, str(path))
    listing = lite / "api" / "contents" / "all.json"
    if listing.is_file():
        data = json.loads(listing.read_text())
        for entry in data.get("content", []):
            if entry.get("path") == path.name:
                entry["size"] = path.stat().st_size
        listing.unlink()
        listing.write_text(json.dumps(data))
    return path


def placeholders(out: Path = OUT) -> list[Path]:
    """Write a one-page stand-in sheet for each game whose sheet does not exist
    yet, so that the lesson pages' download links resolve when Sphinx builds;
    :func:`main` replaces it after the build. Returns the files written."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from make_handouts import Handout

    written = []
    out.mkdir(parents=True, exist_ok=True)
    for game, name in GAMES.items():
        path = out / f"{game}-exercises.pdf"
        if path.is_file():
            continue
        pdf = Handout(f"{name} exercises")
        pdf.add_page()
        pdf.heading(f"{name}: exercise sheet")
        pdf.para("This sheet is made after the website is built; build the book to get it.", size=10)
        pdf.output(str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--placeholders"]:
        for path in placeholders():
            print(f"exercise_sheets: stand-in {path.relative_to(ROOT)} (replaced after the build)")
        return 0
    site = Path(argv[0]).resolve() if argv else SITE
    for game in GAMES:
        exercises = read_exercises(site, game)
        sheet = make_sheet(game, exercises, OUT)
        (site / SITE_SHEETS).mkdir(parents=True, exist_ok=True)
        shutil.copy2(sheet, site / SITE_SHEETS / sheet.name)
        for linked in (site / "_downloads").glob(f"*/{sheet.name}"):   # the lesson page's download link
            shutil.copy2(sheet, linked)
        add_to_lite(site, game, exercises)
        print(f"exercise_sheets: {game}: {len(exercises)} exercises -> {sheet.relative_to(ROOT)}, "
              f"{SITE_SHEETS}/{sheet.name}, JupyterLite {game}.ipynb")
    return 0


if __name__ == "__main__":
    sys.exit(main())
