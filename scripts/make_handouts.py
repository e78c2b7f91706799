"""Make the printable handouts and student notebooks of the lesson pages.

Called by scripts/build_book.py before Jupyter Book runs (the lesson pages
link the files as downloads, so they must exist when Sphinx reads them).
Writes into book/_handouts/ (ignored by git):

* ``<game>-handout.pdf``: a rules card, for Hoggenheimer the layout mat, and
  a worksheet without solutions (fpdf2; font DejaVu Sans from matplotlib's
  own data, so no system font is needed);
* ``<game>-student.ipynb``: the game's chapter as a notebook (jupytext),
  with every sphinx-exercise ``solution`` block removed, and the code cells of
  the worked solutions (``solution: <exercise>`` in their metadata, see
  book/_ext/banking_book/solution_cells.py).

Every number printed is computed from banking_games.exact and banking_games.classroom.

The fixed words are English, or with ``--lang de``/``ru`` the edition's
(book/locales/<lang>/LC_MESSAGES/handouts.po, scripts/extras_i18n.py; an
untranslated one stops the script, named); scripts/build_editions.py makes each
edition's files this way, its notebooks from its generated pages (``--book``).

Usage: python scripts/make_handouts.py [--out DIR] [--lang de --book DIR]   (default book/_handouts)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import jupytext
import matplotlib
import nbformat
from fpdf import FPDF

from banking_games import registry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from extras_i18n import Translator  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
OUT = BOOK / "_handouts"
FONT_DIR = Path(matplotlib.get_data_path()) / "fonts" / "ttf"

GAMES = registry.SLUGS
tr = Translator("handouts")
"""The handouts' fixed words in the language set by ``tr.use(lang)`` (book/locales/<lang>/
LC_MESSAGES/handouts.po, scripts/extras_i18n.py); English until then."""


class Handout(FPDF):
    def __init__(self, title: str) -> None:
        super().__init__(format="A4")
        self.add_font("DejaVu", "", str(FONT_DIR / "DejaVuSans.ttf"))
        self.add_font("DejaVu", "B", str(FONT_DIR / "DejaVuSans-Bold.ttf"))
        self.set_auto_page_break(True, margin=15)
        self.set_title(title)
        self.doc_title = title

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("DejaVu", "", 8)
        self.cell(0, 5, tr("{title} · page {page} · Three Banking Card Games").format(
            title=self.doc_title, page=self.page_no()), align="C")

    def heading(self, text: str, size: int = 16) -> None:
        self.set_font("DejaVu", "B", size)
        self.multi_cell(0, size * 0.5, text)
        self.ln(2)

    def para(self, text: str, size: float = 11, fit: bool = False) -> None:
        """A paragraph at ``size`` pt; with ``fit``, in a smaller size (down to 7 pt, lines
        spaced in proportion) when that keeps it on the page (a translation longer than the
        English under the layout mat)."""
        height = 5.5
        if fit:
            room = self.h - self.b_margin - self.get_y()
            while size > 7:
                self.set_font("DejaVu", "", size)
                if len(self.multi_cell(0, height, text, dry_run=True, output="LINES")) * height <= room:
                    break
                size, height = size - 0.5, height * (size - 0.5) / size
        self.set_font("DejaVu", "", size)
        self.multi_cell(0, height, text)
        self.ln(1.5)

    def bullets(self, items) -> None:
        self.set_font("DejaVu", "", 11)
        for item in items:
            self.multi_cell(0, 5.5, "•  " + item)
            self.ln(0.5)
        self.ln(1.5)

    def table(self, header, rows, widths) -> None:
        for h, w in zip(header, widths):
            size = 10.0          # smaller where a translated heading would overrun its column
            self.set_font("DejaVu", "B", size)
            while self.get_string_width(h) > w - 2 and size > 6:
                size -= 0.5
                self.set_font("DejaVu", "B", size)
            self.cell(w, 8, h, border=1, align="C")
        self.ln()
        self.set_font("DejaVu", "", 10)
        for row in rows:
            for v, w in zip(row, widths):
                self.cell(w, 8, v, border=1, align="C")
            self.ln()
        self.ln(3)


def _grid_cm() -> tuple[int, int]:
    """Width and height (cm) of the 4 x 8 grid of real cards laid beside the mat
    (5 mm between cards)."""
    from banking_games.classroom import teaching as T
    from banking_games.games import hoggenheimer as hog

    (kw, kh), gap = T.CARD_MM, 5
    return round(len(hog.RANK_COLUMNS) * (kw + gap) / 10), round(len(hog.SUIT_ROWS) * (kh + gap) / 10)


def _hoggenheimer(pdf: Handout) -> None:
    from banking_games.classroom import hoggenheimer as lesson
    from banking_games.classroom import teaching as T
    from banking_games.cards import hoggenheimer_pack
    from banking_games.games import hoggenheimer as hog

    exact = lesson.exact()
    n_pack = len(hoggenheimer_pack())
    rows, cols = len(hog.SUIT_ROWS), len(hog.RANK_COLUMNS)
    grid_w, grid_h = _grid_cm()
    pdf.add_page()
    pdf.heading(tr("Hoggenheimer: rules card"))
    pdf.bullets([
        tr("Pack: {n} cards: A K Q J 10 9 8 7 of each suit and one Joker.").format(n=n_pack),
        tr("Layout: {rows} rows (spades, hearts, diamonds, clubs from the top), {cols} columns "
           "(aces on the left, sevens on the right): every card has a home place.").format(rows=rows, cols=cols),
        tr("Punters bet on one card, two neighbouring cards, a square of four, a column (one rank) "
           "or a row (one suit), by placing the stake on the layout mat."),
        tr("Deal for the class (German text): after the bets, shuffle the pack and turn the cards one at a "
           "time from the top, each face up on its home place, until the Joker shows. The cards are bigger "
           "than the mat's cells: lay them in the same {rows} x {cols} grid on the desk beside the mat "
           "(about {w} x {h} cm).").format(rows=rows, cols=cols, w=grid_w, h=grid_h),
        tr("The English text's deal ({n} cards face down on the layout, one to the side; each "
           "card turned sends you to the face-down card on its home place) turns the cards in the same "
           "random order, so the chances are the same. The live table uses it.").format(n=n_pack - 1),
        tr("A bet wins if every card it covers is face up before the Joker shows; every other stake goes "
           "to the banker."),
        tr("Count the cards turned, the Joker included (the live table reports this number; with the "
           "German deal it is the Joker's place in the pack). A deal takes roughly "
           "{s} seconds (our estimate, not measured).").format(s=int(lesson.real_deal_seconds())),
    ])
    odds = hog.PAYOUT_ODDS  # the engine's payout table: nothing typed here
    words = {hog.BetKind.CARD: tr("one card"), hog.BetKind.PAIR: tr("two neighbouring cards"),
             hog.BetKind.SQUARE: tr("square of four"), hog.BetKind.RANK: tr("column (one rank)"),
             hog.BetKind.SUIT: tr("row (one suit)")}
    rows = [(words[kind], tr("{m} to 1").format(m=int(m))) for kind, m in odds.items()]
    pdf.table([tr("bet"), tr("payout odds m")], rows, [90, 50])
    pdf.para(tr("Payout odds m to 1: a winning stake is kept and m times the stake is paid."))
    pdf.para(tr("After each deal the bank moves on to the next player on the left."))

    pdf.add_page(orientation="L")
    pdf.heading(tr("Hoggenheimer: layout mat"))
    suits = [("♠", "spades"), ("♥", "hearts"), ("♦", "diamonds"), ("♣", "clubs")]
    # TRANSLATORS: the ranks' marks on the mat, ace to seven, as the cards of the language show them
    ranks = tr("A K Q J 10 9 8 7").split()
    if len(ranks) != cols:
        raise SystemExit(f"make_handouts: the mat's ranks {ranks} are not {cols} marks (handouts.po)")
    (w, h), x0, y0 = lesson.MAT_CELL_MM, 30, 35
    pdf.set_font("DejaVu", "B", 12)
    for c, r in enumerate(ranks):
        pdf.set_xy(x0 + c * w, y0 - 8)
        pdf.cell(w, 8, r, align="C")
    for row, (sym, name) in enumerate(suits):
        pdf.set_xy(10, y0 + row * h + h / 2 - 4)
        pdf.set_font("DejaVu", "B", 16)
        pdf.set_text_color(200, 0, 0) if name in ("hearts", "diamonds") else pdf.set_text_color(0, 0, 0)
        pdf.cell(18, 8, sym, align="C")
        for c, r in enumerate(ranks):
            pdf.rect(x0 + c * w, y0 + row * h, w, h)
            pdf.set_xy(x0 + c * w, y0 + row * h + h / 2 - 4)
            pdf.set_font("DejaVu", "", 14)
            pdf.cell(w, 8, f"{r}{sym}", align="C")
        pdf.set_text_color(0, 0, 0)
    pdf.set_xy(10, y0 + 4 * h + 4)
    pdf.para(tr("Place each stake on the cell of its card, on the line between two cells (a pair), on the "
                "corner of four cells (a square), above a column or beside a row. This mat is a map for the "
                "stakes: its cells are smaller than real cards, so lay the turned cards in the same grid "
                "beside it (about {w} x {h} cm of desk).").format(w=grid_w, h=grid_h), size=10, fit=True)

    pdf.add_page()
    pdf.heading(tr("Hoggenheimer: worksheet"))
    pdf.para(tr("Group: ______   Seed: ______   Names: ____________________________________"))
    pdf.para(tr("1. Predict before dealing. Which of these bets would you choose, and why?"))
    letters = []
    for letter, spec, words in lesson.BETS:
        letters.append(tr("{letter}: {bet}, paid {m} to 1").format(
            letter=letter, bet=tr(words), m=int(hog.make_bet(spec).odds)))
    pdf.bullets(letters)
    deals = T.LESSON_DEALS
    pdf.para(tr("2. Deal {deals} deals. Tick each bet that wins (all its cards before the Joker) and write "
                "the number of cards turned, the Joker included (the number the live table reports).")
             .format(deals=deals))
    pdf.table([tr("deal"), "A", "B", "C", "D", tr("cards turned (with Joker)")],
              [(str(i), "", "", "", "", "") for i in range(1, deals + 1)] + [(tr("total"), "", "", "", "", "")],
              [20, 22, 22, 22, 22, 55])
    pdf.para(tr("3. Pooled class results: write the totals of all groups. Fraction of wins for each bet: "
                "A ______  B ______  C ______  D ______   Number of deals N = ______"))
    pdf.para(tr("4. A bet on c cards: how likely is it that all c come before the Joker? Explain with the "
                "c cards and the Joker only."))
    pdf.para(tr("5. Work out the expected gain of one unit on each bet. Which bet is best?"))
    assert len(exact) == 4


def _banker_broker(pdf: Handout) -> None:
    from banking_games.classroom import banker_broker as lesson
    from banking_games.classroom import teaching as T
    from banking_games.games import banker_broker as bb

    punters = len(lesson.DEFAULT_PLAYERS) - 1
    ties = {bb.TieRule.BANK_WINS: tr("the bank wins the stake"),
            bb.TieRule.STAKE_RETURNED: tr("the stake is returned")}
    pdf.add_page()
    pdf.heading(tr("Banker and Broker: rules card"))
    pdf.bullets([
        tr("Pack: a standard {n}-card pack; aces high, suits do not count.").format(n=bb.PACK_SIZE),
        tr("The banker cuts the pack into sections: one for each punter and one for himself."),
        tr("Each punter stakes on a section. The banker turns every section over to show its bottom card."),
        tr("A section whose bottom card is higher than the banker's wins even money (1 to 1); a lower one loses."),
        tr("Equal ranks (a tie): the source gives two options on an equal footing: the bank wins the stake, or "
           "the stake is returned. This lesson uses: {rule}.").format(rule=ties[lesson.CONFIG.tie_rule]),
        tr("With real cards, {sections} sections: cut them off the top of the pack and lay them left to "
           "right; the first {punters} are the punters' sections, and the banker's section is the last one, "
           "from the bottom of the pack (as on the live table; the source does not say).").format(
            sections=punters + 1, punters=punters),
    ])
    pdf.para(tr("The source leaves five points for the table to agree before play. This lesson's choices:"))
    pdf.bullets([tr("{option}: {words}.").format(option=tr(option), words=tr(words))
                 for option, words in lesson.options()])
    pdf.add_page()
    pdf.heading(tr("Banker and Broker: worksheet"))
    pdf.para(tr("Group: ______   Seed: ______   Names: ____________________________________"))
    pdf.para(tr("1. Predict: out of 100 sections, how many show the same rank as the banker's card? "
                "Does the answer change when the banker cuts more sections?"))
    deals = T.LESSON_DEALS
    pdf.para(tr("2. Deal {deals} deals ({punters} punters' sections each). For each section write W (higher "
                "than the banker's card), T (same rank) or L (lower).").format(deals=deals, punters=punters))
    pdf.table([tr("deal"), *[tr("section {i}").format(i=i) for i in range(1, punters + 1)]],
              [(str(i), *[""] * punters) for i in range(1, deals + 1)]
              + [(tr("W / T / L totals"), *[""] * punters)],
              [40, *[40] * punters])
    pdf.para(tr("3. Pooled class results: W ______  T ______  L ______  sections ______"))
    pdf.para(tr("4. Why is the chance of a tie the same for every section, whatever the sizes of the sections?"))
    pdf.para(tr("5. If the bank wins ties, what does a punter expect to gain per unit staked? "
                "And if a tie returns the stake?"))


def _landsknecht(pdf: Handout) -> None:
    from banking_games.classroom import landsknecht as lesson
    from banking_games.classroom import teaching as T
    from banking_games.games.landsknecht import PACK_SIZE

    pdf.add_page()
    pdf.heading(tr("Landsknecht: rules card"))
    pdf.bullets([
        tr("Pack: a standard {n}-card pack. A card pairs another when it has the same rank.").format(n=PACK_SIZE),
        tr("Set-up: two layout cards face up, then the banker's card, then the players' card; a card "
           "that pairs a layout card is laid on it and replaced. If the players' card pairs the "
           "banker's card, the deal is void and is dealt again."),
        tr("Punters stake beside a players' card. Stakes may be added between turns, never withdrawn."),
        tr("Play: the banker turns one card at a time. A card that pairs a layout card or a players' card "
           "is laid on it; pairing a players' card, it loses all the stakes on that card. A card that pairs "
           "nothing becomes a new players' card."),
        tr("When a card pairs the banker's card, the banker pays every stake still live at even money "
           "(1 to 1) and the deal ends. The bank then moves on to the next player on the left."),
    ])
    pdf.add_page()
    pdf.heading(tr("Landsknecht: worksheet"))
    pdf.para(tr("Group: ______   Seed: ______   Names: ____________________________________"))
    pdf.para(tr("1. Predict: a players' card has survived five turns without being paired. Is a new stake "
                "on it now more likely to win, less likely, or just as likely as a stake at the start?"))
    deals = T.LESSON_DEALS
    pdf.para(tr("2. Deal {deals} deals. At the start stake 1 on the players' card (bet F). After {turns} "
                "turns, if that card and the banker's card are both unpaired, stake 1 more on it (bet L). "
                "Write W or L for each bet, and count void deals.").format(deals=deals, turns=lesson.LATE_TURNS))
    pdf.table([tr("deal"), tr("bet F"), tr("bet L (if placed)"), tr("void deals before it")],
              [(str(i), "", "", "") for i in range(1, deals + 1)] + [(tr("totals"), "", "", "")],
              [25, 40, 55, 60])
    pdf.para(tr("3. Pooled class results: F won ______ of ______   L won ______ of ______   voids ______"))
    pdf.para(tr("4. At any moment of a deal, how many unseen cards are left of the rank of a live players' "
                "card, and of the banker's rank? What does this say about the chance of a stake?"))


def make_pdfs(out: Path = OUT) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for info in registry.GAMES:
        fill = globals().get(f"_{info.package}")   # each game's handout: the function named after its package
        if fill is None:
            raise SystemExit(f"make_handouts: no handout for {info.title} (add its fill function _{info.package})")
        game, title = info.slug, tr("{game} handout").format(game=tr(info.title))
        pdf = Handout(title)
        fill(pdf)
        path = out / f"{game}-handout.pdf"
        pdf.output(str(path))
        made[game] = path
    return made


SOLUTION = re.compile(
    r"^(?P<f1>[`:]{3,})\{solution-start\}.*?^(?P<f2>[`:]{3,})\{solution-end\}[^\n]*\n(?:(?P=f2)\s*\n)?"
    r"|^(?P<f3>[`:]{3,})\{solution\}.*?^(?P=f3)[ \t]*$\n?", re.S | re.M)


def strip_solutions(text: str) -> str:
    """Remove every sphinx-exercise solution block (fenced ``{solution}``
    and ``{solution-start}``/``{solution-end}`` pairs) from MyST text, and the
    code cells of the worked solutions (``solution:`` in their metadata)."""
    return _strip_solution_cells(SOLUTION.sub("", text))


def _strip_solution_cells(text: str) -> str:
    """Drop each code cell whose YAML metadata (between its ``---`` lines) has a
    ``solution:`` key, and the blank line after it."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        if lines[i].startswith("```{code-cell}") and i + 1 < len(lines) and lines[i + 1] == "---":
            end_meta = lines.index("---", i + 2)
            end_cell = next(j for j in range(end_meta + 1, len(lines)) if lines[j].rstrip() == "```")
            if any(ln.startswith("solution:") for ln in lines[i + 2:end_meta]):
                i = end_cell + 1
                if i < len(lines) and not lines[i].strip():
                    i += 1
                continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def make_notebooks(out: Path = OUT, book: Path = BOOK) -> dict[str, Path]:
    """Write ``<out>/<game>-student.ipynb`` for each game from the chapter's three pages in
    ``book`` (the English pages, or an edition's generated pages, whose first code cell sets the
    package's language), solutions removed, after a first cell in the language of ``tr``."""
    from banking_games.project import book_code

    code = book_code(BOOK / "_config.yml")   # the address set once in book/_config.yml
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for game in GAMES:
        parts = []
        for page in (game, f"{game}-values", f"{game}-simulation"):
            parts.append(strip_solutions((book / f"{page}.md").read_text(encoding="utf-8")))
        nbs = [jupytext.reads(p, fmt="md:myst") for p in parts]
        nb = nbs[0]
        for other in nbs[1:]:
            nb.cells.extend(other.cells)
        nb.cells.insert(0, nbformat.v4.new_markdown_cell(
            tr("**Student edition**: the chapter and its sections on exact values and simulation, with the "
               "solutions of the exercises removed. Run it with the `banking_games` package installed: "
               "its code is at <{address}>, and one command installs it with the libraries this "
               "notebook uses:").format(address=code.address) + f"\n\n```bash\n{code.command}\n```"))
        nbformat.validate(nb)
        path = out / f"{game}-student.ipynb"
        nbformat.write(nb, str(path))
        made[game] = path
    return made


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Make the lesson handouts and student notebooks.")
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write into (default book/_handouts)")
    parser.add_argument("--lang", default="en",
                        help="the edition's language (its words from book/locales/<lang>/LC_MESSAGES/"
                             "handouts.po; every one must be translated)")
    parser.add_argument("--book", type=Path, default=BOOK,
                        help="the folder of the pages the notebooks are made from (an edition's "
                             "generated pages; default book/)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    language(args.lang)
    for path in [*make_pdfs(out).values(), *make_notebooks(out, args.book.resolve()).values()]:
        print(f"made {path}")
    if tr.missing:
        for text in sorted(tr.missing):
            print(f"make_handouts: {args.lang}/handouts.po: not translated: {text!r}", file=sys.stderr)
        return 1
    return 0


def language(lang: str) -> None:
    """Make the handouts in ``lang``: their fixed words (``tr``; an untranslated one is kept in
    ``tr.missing``, which :func:`main` reports and fails on) and the package's own words
    (``banking_games.i18n``)."""
    from banking_games.i18n import set_language

    tr.use(lang, strict=False)   # the untranslated words are collected in tr.missing
    set_language(lang)


if __name__ == "__main__":
    sys.exit(main())
