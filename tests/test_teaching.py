"""The teaching material: the intro's lesson table, the lesson activities
(banking_games.teaching), the handout PDFs, the student notebooks, the
glossary and index.

Expected values are derived here, independently of the code under test;
each derivation is written beside its test.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import nbformat
import pytest

from banking_games import registry
from banking_games.classroom import teaching as T
from banking_games.errors import ConfigError
from conftest import expected

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
INTRO = (BOOK / "intro.md").read_text()


def lesson(slug: str):
    """The classroom module of the game ``slug`` (from the registry)."""
    return registry.game(slug).module("classroom")


def exact(slug: str):
    """The exact-values module of the game ``slug`` (from the registry)."""
    return registry.game(slug).module("exact")


# ------------------------------------------------------------ the intro's lesson table

def test_intro_no_longer_claims_piles_or_time_change_a_chance():
    # The two false claims of the old table (issue 9) must be gone.
    assert "how the number of piles changes a punter's chances" not in INTRO
    assert "how a bet's chance changes while the deal goes on" not in INTRO
    assert "does not change a {term}`punter`'s chances" in INTRO
    assert "a bet's chance does not change while the deal goes on" in INTRO


@pytest.mark.parametrize("sections", [2, 3, 4])
def test_intro_claim_piles_do_not_change_a_sections_chances(sections):
    # Claim: the number of piles does not change a punter's chance. Derivation:
    # a section's bottom card and the banker's are two distinct cards of a shuffled
    # pack of r*s cards; of the r*s - 1 cards other than the banker's, s - 1 share its
    # rank, so P(tie) = (s-1)/(rs-1), and higher/lower split the rest evenly by symmetry.
    # Reduced pack r=5, s=3: P(tie) = 2/14 = 1/7, P(win) = P(lose) = 3/7. Checked with the
    # engine dealing every bottom-card choice for 2, 3 and 4 sections in play.
    law = exact("banker-and-broker").engine_law(5, 3, sections=sections)
    first = {}
    for nets, p in law.items():
        first[nets[0]] = first.get(nets[0], 0) + p
    assert first == {Fraction(1): Fraction(3, 7), Fraction(0): Fraction(1, 7), Fraction(-1): Fraction(3, 7)}


def test_intro_claim_landsknecht_chance_does_not_change_during_the_deal():
    # Claim: a bet's chance is the same whenever it is placed. Derivation: when a
    # stake is placed on a live players' card, neither its rank nor the banker's has
    # been paired, so each has s - 1 = 3 unseen cards; the first of these 6 cards to
    # appear is equally likely to be any of them, so the bet wins with 3/6 = 1/2.
    for a in range(1, 4):
        assert exact("landsknecht").race_probability(a, a) == Fraction(1, 2)
    assert exact("landsknecht").bet_win_probability() == Fraction(1, 2)


@pytest.mark.parametrize("m", [1, 2, 4])
def test_intro_claim_hoggenheimer_m_cards_win_one_in_m_plus_one(m):
    # Claim: a bet on m cards wins with chance 1/(m+1) and pays m to 1, so it is fair.
    # Derivation: only the relative order of the m cards and the Joker matters; count
    # the orders of those m+1 items in which the Joker is last.
    items = list(range(m)) + ["J"]
    orders = list(permutations(items))
    p = Fraction(sum(o[-1] == "J" for o in orders), len(orders))
    assert p == Fraction(1, m + 1) == exact("hoggenheimer").win_probability(m)
    assert p * m - (1 - p) == 0


# ------------------------------------------------------------ teaching.py

def test_band_matches_the_textbook_formula_for_independent_trials():
    # SE of a fraction over N independent trials: sqrt(p(1-p)/N); p=1/2, N=100 -> 0.05.
    se, lo, hi = T.band(Fraction(1, 2), 100)
    assert se == pytest.approx(0.05)
    assert (lo, hi) == pytest.approx((0.4, 0.6))


def test_band_with_correlated_trials_per_deal():
    # k trials per deal, D deals, each indicator variance v = p(1-p), pair covariance c:
    # Var(total per deal) = k v + k(k-1) c, Var(fraction) = that / (k^2 D).
    # p = 1/17, c = -8/7225, k = 3, D = 80 -> variance = (3*16/289 - 6*8/7225)/(9*80).
    var = (Fraction(3 * 16, 289) - Fraction(48, 7225)) / (9 * 80)
    se, _, _ = T.band(Fraction(1, 17), 240, per_deal=3, covariance_per_deal=Fraction(-8, 7225))
    assert se == pytest.approx(math.sqrt(var))


def test_banker_broker_tie_covariance():
    # Two punters' sections and the banker's: three distinct cards. Both tie when both
    # bottoms share the banker's rank: (s-1)(s-2)/((n-1)(n-2)) = 3*2/(51*50) = 1/425;
    # covariance = 1/425 - (1/17)^2 = (17 - 25)/7225 = -8/7225.
    assert lesson("banker-and-broker").exact()["tie_cov"] == Fraction(-8, 7225)


def test_banker_broker_win_covariance():
    # Both punters' bottoms beat the banker's card. Condition on the banker's rank:
    # with j ranks below it (j = 0..12, each with chance 1/13) there are 4(12 - j)
    # higher cards among the other 51; both punters' cards (two distinct of those 51)
    # are higher with chance 4(12-j) * (4(12-j) - 1) / (51 * 50).
    both = sum(Fraction(1, 13) * Fraction(4 * (12 - j) * (4 * (12 - j) - 1), 51 * 50) for j in range(13))
    assert lesson("banker-and-broker").exact()["win_cov"] == both - Fraction(8, 17) ** 2


@pytest.mark.parametrize("bad", [0, 41, -3, 2.5, True, "8"])
def test_group_seeds_refuses_bad_group_counts(bad):
    with pytest.raises(ConfigError, match="groups must be a whole number from 1 to 40"):
        T.group_seeds(101, bad)


def test_group_helpers_refuse_bad_deals():
    for f in (g.module("classroom").group for g in registry.GAMES):
        with pytest.raises(ConfigError, match="deals must be a whole number"):
            f(101, 0)
        with pytest.raises(ConfigError, match="seed must be a whole number"):
            f("101", 3)


def test_hoggenheimer_group_matches_the_live_table():
    # The lesson's answer key must be what a group sees on the live table with its seed:
    # play 3 deals through the widget's own buttons and compare the bets' results.
    from banking_games.games.hoggenheimer import make_bet
    from banking_games.widgets.hoggenheimer import HoggenheimerTable

    table = HoggenheimerTable(seed=105)
    wins = {letter: 0 for letter, _, _ in lesson("hoggenheimer").BETS}
    turned = reported = 0
    for _ in range(3):
        table.deal_to_end()
        for letter, spec, _ in lesson("hoggenheimer").BETS:
            wins[letter] += make_bet(spec).wins(table.deal.turned)
        # the worksheet asks for the number the table's message reports ("N cards turned; the last,
        # card N: the Joker ...", or "Card 1: the Joker ..." when the Joker comes first)
        reported += int(re.search(r"card (\d+): the Joker", table.message.value, re.I).group(1))
        turned += len(table.deal.turned)
        table.new_deal()
    g = lesson("hoggenheimer").group(105, 3)
    assert {k: g.counts[k].successes for k in wins} == wins
    # the table's count includes the Joker: one more card than the ranked cards in each deal
    assert reported == turned + 3
    assert g.counts["turned"].successes == reported


def test_banker_broker_group_matches_the_live_table():
    from banking_games.games.banker_broker import compare
    from banking_games.widgets.banker_broker import BankerBrokerTable

    table = BankerBrokerTable(seed=205)
    ties = sections = 0
    for _ in range(3):
        table.deal_to_end()
        d = table.deal
        for n in d.player_section_numbers:
            sections += 1
            ties += compare(d.sections[n - 1].bottom, d.banker_card) == 0
        table.new_deal()
    g = lesson("banker-and-broker").group(205, 3)
    assert (g.counts["tie"].successes, g.counts["tie"].trials) == (ties, sections)


def test_landsknecht_group_matches_the_live_table_deals():
    from banking_games.widgets.landsknecht import LandsknechtTable

    table = LandsknechtTable(seed=305)
    firsts = []
    for _ in range(3):
        firsts.append((table.deal.banker_card, table.deal.players_cards[0]))
        table.deal_to_end()
        table.new_deal()
    from banking_games.games.landsknecht import LandsknechtSession

    session = LandsknechtSession(["Anna", "Boris", "Clara"], rng=305)
    mine = []
    for _ in range(3):
        d = session.start_deal()
        mine.append((d.banker_card, d.players_cards[0]))
        d.play_out()
        session.end_deal()
    assert mine == firsts
    g = lesson("landsknecht").group(305, 3)
    assert g.counts["first"].trials == 3


class _ScriptedVoids:
    """Stands in for the engine's new_deal: deals as it does, then reports as
    many void deals before it as the script says (a constructed class)."""

    def __init__(self, real, script):
        self.real, self.script = real, list(script)

    def __call__(self, *args, **kwargs):
        deal, _ = self.real(*args, **kwargs)
        return deal, tuple(object() for _ in range(self.script.pop(0)))


def _scripted_class(monkeypatch, scripts, deals):
    # patched where LandsknechtSession.start_deal looks it up: the engine's session module
    from banking_games.games.landsknecht import session as lk_session

    real = lk_session.new_deal
    groups = []
    for seed, script in zip(T.group_seeds(301, len(scripts)), scripts):
        monkeypatch.setattr(lk_session, "new_deal", _ScriptedVoids(real, script))
        groups.append(lesson("landsknecht").group(seed, deals))
    monkeypatch.setattr(lk_session, "new_deal", real)
    return groups


def test_landsknecht_void_count_is_out_of_the_deals_started(monkeypatch):
    # A constructed class of two groups of 3 deals. Group 1 meets 0, 2 and 1 void deals
    # before its three deals; group 2 none. Deals started = the deals played plus the void
    # ones: group 1 starts 3 + 3 = 6 deals of which 3 void; group 2 starts 3, none void.
    # Pooled: 3 void of 9 deals started (not 3 of 3, nor 3 of 6).
    groups = _scripted_class(monkeypatch, [[0, 2, 1], [0, 0, 0]], 3)
    assert (groups[0].counts["void"].successes, groups[0].counts["void"].trials) == (3, 6)
    assert (groups[1].counts["void"].successes, groups[1].counts["void"].trials) == (0, 3)
    total = T.pool(groups)
    assert (total["void"].successes, total["void"].trials) == (3, 9)
    # the stakes F are one per deal played, voids not counted: 2 groups x 3 = 6
    assert total["first"].trials == 6


def test_a_class_with_no_void_deal_still_gets_its_table(monkeypatch):
    # No void deal in 2 groups x 2 deals: 0 of 4 deals started. With p = 3/43 the band over
    # N = 4 is p +- 2 sqrt(p(1-p)/4) = 3/43 +- sqrt(120/1849)... :
    # p(1-p) = (3/43)(40/43) = 120/1849; /4 -> 30/1849; SE = sqrt(30/1849) = 0.12738;
    # band 0.06977 -+ 0.25476 = -0.185 to 0.325, cut to the fractions possible: 0 to 0.325,
    # so a fraction 0 is inside.
    groups = _scripted_class(monkeypatch, [[0, 0], [0, 0]], 2)
    total = T.pool(groups)
    rows = T.summary_rows(total, lesson("landsknecht").exact(), {"void": "void deals", "late": "L"})
    void, late = rows
    assert void["class"] == "0 of 4" and void["class fraction"] == "0.000"
    assert void["band (±2 SE)"] == "0.000 to 0.325" and void["inside?"] == "yes"
    # a count nobody made (no L stake placed anywhere) is shown as none, not an error
    empty = T.summary_rows({}, lesson("landsknecht").exact(), {"late": "L"})[0]
    assert empty["class"] == "0 of 0" and empty["inside?"] == "none"


def test_class_bands_for_absent_groups():
    # p = 1/2, 10 deals a group: G = 4 -> N = 40, SE = sqrt(1/4/40) = 0.0790569,
    # band 0.5 -+ 0.1581139; G = 10 -> N = 100, SE = 0.05, band 0.4 to 0.6.
    # A mean net with variance 1 per deal and one stake: SE = 1/sqrt(N): 0.1581139 at N = 40.
    rows = T.class_bands({"F": {"p": Fraction(1, 2)}, "net": {"mean": 0, "var": 1, "per_deal": 1}}, 10)
    assert [r["groups"] for r in rows] == list(range(4, 11))
    assert [r["deals"] for r in rows] == [40, 50, 60, 70, 80, 90, 100]
    assert (rows[0]["F lo"], rows[0]["F hi"]) == pytest.approx((0.5 - 0.1581139, 0.5 + 0.1581139))
    assert (rows[-1]["F lo"], rows[-1]["F hi"]) == pytest.approx((0.4, 0.6))
    assert (rows[0]["net lo"], rows[0]["net hi"]) == pytest.approx((-0.3162278, 0.3162278))


def test_hoggenheimer_net_variance_of_the_four_lesson_bets():
    # Nets: m if the bet wins (chance 1/(m+1)), else -1; Var = m. A: 1 card (m=1), B: 2 (m=2),
    # C: 4 (m=4), D: 8 diamonds (m=8). Two bets both win when their union of cards all comes
    # before the Joker, chance 1/(u+1), so Cov = (m1+1)(m2+1)/(u+1) - 1. Unions: A-B 3 cards,
    # A-C 5, A-D 9, B-C 6, B-D 10, C-D 10 (C shares 9D 8D with D):
    # Cov = 2*3/4-1 = 1/2, 2*5/6-1 = 2/3, 2*9/10-1 = 4/5, 3*5/7-1 = 8/7, 3*9/11-1 = 16/11,
    # 5*9/11-1 = 34/11. Var(total) = 1+2+4+8 + 2*(sum of the covariances).
    cov = [Fraction(1, 2), Fraction(2, 3), Fraction(4, 5), Fraction(8, 7), Fraction(16, 11), Fraction(34, 11)]
    assert lesson("hoggenheimer").net_variance() == 15 + 2 * sum(cov)


def test_banker_broker_net_variance_by_the_hypergeometric_law():
    # Three punters' bottom cards are 3 distinct cards of the 51 other than the banker's.
    # Given a banker's rank with j ranks above it (j = 0..12, chance 1/13 each), the number of
    # winning sections W is hypergeometric: 3 draws from 51 with K = 4j successes:
    # E = 3K/51, Var = 3 (K/51)(1 - K/51)(48/50). Total variance over j, and the bank winning
    # ties makes a section's net 2W-1, so Var(total net) = 4 Var(W).
    e = [Fraction(3 * 4 * j, 51) for j in range(13)]
    v = [3 * Fraction(4 * j, 51) * (1 - Fraction(4 * j, 51)) * Fraction(48, 50) for j in range(13)]
    mean = sum(e) / 13
    var_w = sum(v) / 13 + sum((x - mean) ** 2 for x in e) / 13
    assert lesson("banker-and-broker").net_variance(3) == 4 * var_w


def test_banker_broker_options_follow_the_config():
    from banking_games.games.banker_broker import BankerBrokerConfig, TieRule

    opts = dict(lesson("banker-and-broker").options(BankerBrokerConfig(tie_rule=TieRule.STAKE_RETURNED)))
    assert opts["4. Ties"] == "a tie (equal ranks) hands the stake back"
    assert dict(lesson("banker-and-broker").options(BankerBrokerConfig()))["4. Ties"].endswith("loses the stake to the bank")


def test_handouts_state_the_lesson_rules(tmp_path):
    """Made into a temporary folder (not the book's): the tie rule says the source gives two
    equal options and which the lesson uses; the Hoggenheimer card gives the German deal and the
    grid beside the mat; the worksheet counts the Joker as the live table does."""
    import importlib.util

    from pypdf import PdfReader

    spec = importlib.util.spec_from_file_location("make_handouts", ROOT / "scripts" / "make_handouts.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    made = mod.make_pdfs(tmp_path)
    text = {g: re.sub(r"\s+", " ", "\n".join(pg.extract_text() for pg in PdfReader(str(p)).pages))
            for g, p in made.items()}
    bb = text["banker-and-broker"]
    assert "usual rule" not in bb
    assert "two options on an equal footing" in bb and "This lesson uses: the bank wins the stake" in bb
    assert "the banker's section is the last one" in bb
    assert "2. When stakes go down: " in bb          # the lesson's options are stated, not left open
    hog = text["hoggenheimer"]
    assert "German text" in hog and "until the Joker shows" in hog
    assert "beside the mat" in hog and "smaller than real cards" in hog
    assert "the Joker included" in hog and "before the Joker." not in hog.split("worksheet")[-1]
    assert [len(PdfReader(str(made[g])).pages) for g in sorted(made)] == [expected(g, "HANDOUT_PAGES") for g in sorted(made)]


def test_pooled_counts_add_up():
    groups = [lesson("landsknecht").group(s, 4) for s in T.group_seeds(301, 3)]
    total = T.pool(groups)
    assert total["first"].trials == 12
    assert total["first"].successes == sum(g.counts["first"].successes for g in groups)


# ------------------------------------------------------------ handouts and student notebooks

HANDOUTS = BOOK / "_handouts"
# each game's handout: its pages and words, HANDOUT_PAGES and HANDOUT_TEXT in tests/game_data/<game>.py


@pytest.fixture(scope="module")
def handouts(built_site):
    return HANDOUTS


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_handout_pdf_pages_and_text(handouts, game):
    from pypdf import PdfReader

    path = handouts / f"{game}-handout.pdf"
    reader = PdfReader(str(path))
    assert len(reader.pages) == expected(game, "HANDOUT_PAGES")
    text = "\n".join(page.extract_text() for page in reader.pages)
    text = re.sub(r"\s+", " ", text)
    for needle in expected(game, "HANDOUT_TEXT"):
        assert needle in text, f"{needle!r} missing from {path.name}"
    # a worksheet without solutions: no exact answers printed
    for answer in ("1/9", "1/17", "3/43"):
        assert answer not in text


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_student_notebook_is_valid_and_has_no_solution(handouts, game):
    nb = nbformat.read(str(handouts / f"{game}-student.ipynb"), as_version=4)
    nbformat.validate(nb)
    text = "\n".join(c.source for c in nb.cells)
    assert "{exercise" in text
    assert "{solution" not in text
    # the worked solutions' code cells go with them (they compute the answers)
    assert not [c for c in nb.cells if "solution" in c.metadata]
    assert "% solution code" not in text
    assert "Student edition" in nb.cells[0].source


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_student_notebook_runs_top_to_bottom(handouts, game, tmp_path):
    """A student's copy runs alone in an empty folder with a fresh kernel: taking
    the solutions out (their code cells included) leaves no later cell needing a
    value only a solution computed. Cells tagged skip-execution are skipped, as
    on the website."""
    import shutil

    import nbclient

    copy = tmp_path / f"{game}-student.ipynb"
    shutil.copy2(handouts / copy.name, copy)
    nb = nbformat.read(str(copy), as_version=4)
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=False,
                                     skip_cells_with_tag="skip-execution",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()       # raises CellExecutionError on the first failing cell
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr")]
    assert not errors, f"{game}: error or stderr output: {errors[:2]}"


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_lesson_page_links_handouts(built_site, game):
    html = (built_site / f"lesson-{game}.html").read_text()
    assert f"{game}-handout.pdf" in html
    assert f"{game}-student.ipynb" in html
    for name in (f"{game}-handout.pdf", f"{game}-student.ipynb"):
        assert list((built_site / "_downloads").rglob(name)), name


# ------------------------------------------------------------ exercise sheets (issue 20)

CHAPTER_PAGES = {game: [game, f"{game}-values", f"{game}-simulation"] for game in registry.SLUGS}


def site_exercises(site: Path, game: str) -> tuple[list[str], list[str], list[str]]:
    """From the built pages, read here with BeautifulSoup (not through scripts/exercise_sheets.py):
    the headings 'Exercise N (Title)' in page order as sphinx-exercise numbers them, the texts of the
    exercises, and the texts of their solutions (math left out)."""
    from bs4 import BeautifulSoup

    heads, exercises, solutions = [], [], []
    for page in CHAPTER_PAGES[game]:
        html = BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
        for div in html.select("div.exercise.admonition"):
            heads.append(" ".join(div.select_one("p.admonition-title").get_text().split()))
            exercises.append(" ".join(div.select_one("section").get_text().split()))
        for div in html.select("div.solution.admonition"):
            for junk in div.select(".math, .cell, .admonition-title"):
                junk.decompose()
            solutions.append(" ".join(div.get_text().split()))
    return heads, exercises, solutions


def solution_windows(solutions: list[str], exercises: list[str], n: int = 8) -> set[str]:
    """Every run of n words of a solution's text that is not also in the exercises' text
    (a solution may repeat words of its question); math, code and outputs of cells left out."""
    asked = " ".join(exercises)
    out = set()
    for text in solutions:
        words = text.split()
        for i in range(len(words) - n + 1):
            run = " ".join(words[i:i + n])
            if run not in asked:
                out.add(run)
    return out


@pytest.mark.parametrize("game", sorted(registry.SLUGS))
def test_exercise_sheet_numbered_as_the_site_without_solutions(built_site, game):
    from pypdf import PdfReader

    heads, exercises, solutions = site_exercises(built_site, game)
    assert len(heads) >= 8 and all(re.fullmatch(r"Exercise \d+ \(.+\)", h) for h in heads), heads
    sheet = HANDOUTS / f"{game}-exercises.pdf"
    served = built_site / "_downloads" / "exercise-sheets" / sheet.name
    assert served.read_bytes() == sheet.read_bytes(), "the site serves another sheet than book/_handouts'"
    # the lesson page's download link serves the real sheet, not the stand-in the build linked
    lesson = (built_site / f"lesson-{game}.html").read_text()
    links = re.findall(rf'href="(_downloads/[^"]*/{re.escape(sheet.name)})"', lesson)
    assert links, f"lesson-{game} has no download link to {sheet.name}"
    for link in links:
        assert (built_site / link).read_bytes() == sheet.read_bytes(), f"{link} is not the real sheet"
    text = " ".join(" ".join(pg.extract_text() for pg in PdfReader(str(sheet)).pages).split())
    # the same exercises in the same order with the same numbers and titles
    assert re.findall(r"Exercise \d+ \([^)]+\)", text) == heads
    # each exercise's opening words (up to its first formula) are printed after its heading
    for head, body in zip(heads, exercises):
        opening = body.split("\\(")[0][:40]
        assert opening in text.split(head, 1)[1], (head, opening)
    assert "Solution" not in text
    leaked = [run for run in solution_windows(solutions, exercises) if run in text]
    assert not leaked, f"{game}: solution text on the sheet: {leaked[:3]}"


# ------------------------------------------------------------ glossary and index

def test_glossary_has_40_terms_and_index_is_reachable(built_site):
    html = (built_site / "glossary.html").read_text()
    terms = re.findall(r'<dt id="term-([^"]+)"', html)
    assert len(terms) >= 40, terms
    for needed in ("banker", "punter", "stake", "payout-odds", "even-money", "layout", "pack", "deal",
                   "section", "house-edge", "expected-value", "variance", "standard-error",
                   "law-of-large-numbers"):
        assert needed in terms
    assert "genindex.html" in html
    index = (built_site / "genindex.html").read_text()
    assert "house edge" in index and "glossary.html#term-banker" in index
    intro = (built_site / "intro.html").read_text()
    assert "glossary.html#term-banker" in intro and "genindex.html" in intro


@pytest.mark.parametrize("game", registry.SLUGS)
def test_group_nets_are_the_settlements_the_payout_rules_give(game):
    """The class's nets come from the engines' settlements (issue 18 review: the pages had
    worked them out from win counts). Checked here by the sources' payout rules, written out
    for each game in tests/game_data/<game>.py (check_lesson_nets)."""
    expected(game, "check_lesson_nets")(lesson(game))


def test_pooled_nets_add_up_group_by_group():
    hog = lesson("hoggenheimer").group(101, 30)
    assert T.pool_nets([hog, lesson("hoggenheimer").group(102, 30)])["A"] == \
        hog.nets["A"] + lesson("hoggenheimer").group(102, 30).nets["A"]


def test_band_is_cut_to_the_fractions_possible():
    # p = 1/10 over 10 trials: SE = sqrt(p (1 - p) / n) = sqrt(0.009) = 0.0948683...; p - 2 SE =
    # -0.0897 would be a negative fraction, so the band starts at 0; p + 2 SE = 0.2897366...
    se, lo, hi = T.band(Fraction(1, 10), 10)
    assert se == pytest.approx(0.0948683298) and lo == 0.0 and hi == pytest.approx(0.2897366596)
    # the mirror image at the top: p = 9/10 ends at 1, starts at 0.9 - 0.1897... = 0.7102633...
    se, lo, hi = T.band(Fraction(9, 10), 10)
    assert lo == pytest.approx(0.7102633404) and hi == 1.0
    # a band inside (0, 1) is p -+ 2 SE as before: p = 1/2, n = 100, SE = 0.05: 0.4 to 0.6
    assert T.band(Fraction(1, 2), 100)[1:] == pytest.approx((0.4, 0.6))


def test_landsknecht_late_stake_goes_down_after_five_turns(monkeypatch):
    # The lesson (lesson-landsknecht.md, the handout) places the second unit "after 5 turns": every
    # late bet records turn == 5 (cards turned in play when it was placed, games.landsknecht.Bet.turn),
    # every first bet turn == 0; and the late bet is placed in exactly the deals still on after 5 turns.
    from banking_games.games import landsknecht as lk

    assert lesson("landsknecht").LATE_TURNS == 5
    placed = []
    real = lk.LandsknechtDeal.place_bet

    def spy(self, *args, **kwargs):
        bet = real(self, *args, **kwargs)
        placed.append((self, bet.turn))   # the deal itself, kept: ids of freed deals are reused
        return bet

    monkeypatch.setattr(lk.LandsknechtDeal, "place_bet", spy)
    g = lesson("landsknecht").group(301, 20)
    turns_by_deal: dict[int, list[int]] = {}
    for deal, turn in placed:
        turns_by_deal.setdefault(id(deal), []).append(turn)
    firsts = [t[0] for t in turns_by_deal.values()]
    lates = [t[1] for t in turns_by_deal.values() if len(t) > 1]
    assert firsts == [0] * 20
    assert lates and set(lates) == {5}
    assert g.counts["late"].trials == len(lates)


def test_net_band_by_hand():
    # mean net per unit stake over D deals of k unit stakes, the deal's total net of variance V:
    # SE = sqrt(V / (k^2 D)). V = 4, k = 2, D = 1: SE = 1, band -2 to 2 about mean 0.
    assert T.net_band(Fraction(0), Fraction(4), 2, 1) == (1.0, -2.0, 2.0)
    # V = 9, k = 1, D = 4: SE = sqrt(9/4) = 1.5; mean 1/2: band 1/2 -+ 3 = -2.5 to 3.5
    assert T.net_band(Fraction(1, 2), Fraction(9), 1, 4) == (1.5, -2.5, 3.5)
    # z = 1: the band is one SE each side; V = 16, k = 4, D = 4: SE = sqrt(16 / 64) = 0.5
    assert T.net_band(Fraction(-1, 4), Fraction(16), 4, 4, z=1) == (0.5, -0.75, 0.25)


def test_band_z_and_seeds_and_pool_by_hand():
    # p = 1/2, 100 independent trials: SE = sqrt(1/4 / 100) = 0.05; z = 1: 0.45 to 0.55; z = 3: 0.35 to 0.65
    se, lo, hi = T.band(Fraction(1, 2), 100, z=1)
    assert math.isclose(se, 0.05) and math.isclose(lo, 0.45) and math.isclose(hi, 0.55)
    _, lo, hi = T.band(Fraction(1, 2), 100, z=3)
    assert math.isclose(lo, 0.35) and math.isclose(hi, 0.65)
    # group g's seed is first + g, g = 0, 1, ...
    assert T.group_seeds(301, 3) == [301, 302, 303]
    # pooling adds successes and trials event by event over every group
    groups = []
    for s, t in ((1, 10), (2, 10), (7, 10)):
        g = T.GroupCounts(0, 10)
        g.counts["A"] = T.Count(s, t)
        groups.append(g)
    assert T.pool(groups)["A"] == T.Count(10, 30)


def test_band_and_net_band_refuse_what_cannot_be():
    # 10 trials cannot be 3 a deal; a variance cannot be negative (-1/2)
    with pytest.raises(ConfigError, match="multiple of 3"):
        T.band(Fraction(1, 2), 10, per_deal=3)
    with pytest.raises(ConfigError, match="negative"):
        T.net_band(Fraction(0), Fraction(-1, 2), 1, 10)


@pytest.mark.parametrize("p", [Fraction(3, 2), Fraction(-1, 10), Fraction(11, 10)])
def test_band_refuses_a_probability_outside_0_to_1(p):
    with pytest.raises(ConfigError, match="probability from 0 to 1"):
        T.band(p, 10)
