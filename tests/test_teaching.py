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

from banking_games import teaching as T
from banking_games.errors import ConfigError
from banking_games.exact import banker_broker as xbb
from banking_games.exact import hoggenheimer as xhog
from banking_games.exact import landsknecht as xlk

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
INTRO = (BOOK / "intro.md").read_text()


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
    law = xbb.engine_law(5, 3, sections=sections)
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
        assert xlk.race_probability(a, a) == Fraction(1, 2)
    assert xlk.bet_win_probability() == Fraction(1, 2)


@pytest.mark.parametrize("m", [1, 2, 4])
def test_intro_claim_hoggenheimer_m_cards_win_one_in_m_plus_one(m):
    # Claim: a bet on m cards wins with chance 1/(m+1) and pays m to 1, so it is fair.
    # Derivation: only the relative order of the m cards and the Joker matters; count
    # the orders of those m+1 items in which the Joker is last.
    items = list(range(m)) + ["J"]
    orders = list(permutations(items))
    p = Fraction(sum(o[-1] == "J" for o in orders), len(orders))
    assert p == Fraction(1, m + 1) == xhog.win_probability(m)
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
    assert T.banker_broker_exact()["tie_cov"] == Fraction(-8, 7225)


def test_banker_broker_win_covariance():
    # Both punters' bottoms beat the banker's card. Condition on the banker's rank:
    # with j ranks below it (j = 0..12, each with chance 1/13) there are 4(12 - j)
    # higher cards among the other 51; both punters' cards (two distinct of those 51)
    # are higher with chance 4(12-j) * (4(12-j) - 1) / (51 * 50).
    both = sum(Fraction(1, 13) * Fraction(4 * (12 - j) * (4 * (12 - j) - 1), 51 * 50) for j in range(13))
    assert T.banker_broker_exact()["win_cov"] == both - Fraction(8, 17) ** 2


@pytest.mark.parametrize("bad", [0, 41, -3, 2.5, True, "8"])
def test_group_seeds_refuses_bad_group_counts(bad):
    with pytest.raises(ConfigError, match="groups must be a whole number from 1 to 40"):
        T.group_seeds(101, bad)


def test_group_helpers_refuse_bad_deals():
    for f in (T.hoggenheimer_group, T.banker_broker_group, T.landsknecht_group):
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
    wins = {letter: 0 for letter, _, _ in T.HOG_BETS}
    turned = 0
    for _ in range(3):
        table.deal_to_end()
        for letter, spec, _ in T.HOG_BETS:
            wins[letter] += make_bet(spec).wins(table.deal.turned)
        turned += len(table.deal.turned)
        table.new_deal()
    g = T.hoggenheimer_group(105, 3)
    assert {k: g.counts[k].successes for k in wins} == wins
    assert g.counts["turned"].successes == turned


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
    g = T.banker_broker_group(205, 3)
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
    g = T.landsknecht_group(305, 3)
    assert g.counts["first"].trials == 3


def test_pooled_counts_add_up():
    groups = [T.landsknecht_group(s, 4) for s in T.group_seeds(301, 3)]
    total = T.pool(groups)
    assert total["first"].trials == 12
    assert total["first"].successes == sum(g.counts["first"].successes for g in groups)


# ------------------------------------------------------------ handouts and student notebooks

HANDOUTS = BOOK / "_handouts"
PAGES = {"hoggenheimer": 3, "banker-and-broker": 2, "landsknecht": 2}
KEY_TEXT = {
    "hoggenheimer": ["33 cards", "Joker", "8 to 1", "4 to 1", "2 to 1", "layout mat", "worksheet", "A♠", "7♣"],
    "banker-and-broker": ["52-card pack", "even money (1 to 1)", "tie", "worksheet", "bottom card"],
    "landsknecht": ["52-card pack", "banker's card", "players' card", "void", "worksheet", "even money"],
}


@pytest.fixture(scope="module")
def handouts(built_site):
    return HANDOUTS


@pytest.mark.parametrize("game", sorted(PAGES))
def test_handout_pdf_pages_and_text(handouts, game):
    from pypdf import PdfReader

    path = handouts / f"{game}-handout.pdf"
    reader = PdfReader(str(path))
    assert len(reader.pages) == PAGES[game]
    text = "\n".join(page.extract_text() for page in reader.pages)
    text = re.sub(r"\s+", " ", text)
    for needle in KEY_TEXT[game]:
        assert needle in text, f"{needle!r} missing from {path.name}"
    # a worksheet without solutions: no exact answers printed
    for answer in ("1/9", "1/17", "3/43"):
        assert answer not in text


@pytest.mark.parametrize("game", sorted(PAGES))
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


@pytest.mark.parametrize("game", sorted(PAGES))
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


@pytest.mark.parametrize("game", sorted(PAGES))
def test_lesson_page_links_handouts(built_site, game):
    html = (built_site / f"lesson-{game}.html").read_text()
    assert f"{game}-handout.pdf" in html
    assert f"{game}-student.ipynb" in html
    for name in (f"{game}-handout.pdf", f"{game}-student.ipynb"):
        assert list((built_site / "_downloads").rglob(name)), name


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
