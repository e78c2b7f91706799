"""Every exercise answer and quick-check answer in the game chapters, checked
against a value derived independently.

The pages compute each answer with the rules engine or the exact module
when the book is built and show it in the text with ``{eval}`shown.name```
(banking_games.inline); this module reads the values each built page shows
(``book/_build/html/<page>.html``: myst-nb renders every inline ``{eval}`` as a
``span.output.text_plain``, in the order of the page's source) and compares them with values worked out here WITHOUT the package: by hand
(the derivation is written beside each test) or by brute force over small
cases with nothing but the standard library. A wrong engine, a wrong exact
formula or a wrong value name makes a test fail.

The structural tests at the end check the teaching apparatus the issue asks
for: at least 8 exercises per game, each marked with a level and a kind and
with a hidden solution; at least two quick checks on each of the 9 pages;
objectives at the top of each chapter and key points at the end of each page.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from pathlib import Path

import pytest

from banking_games import registry
from conftest import expected
from test_book_numbers import _table_with

BOOK = Path(__file__).resolve().parent.parent / "book"

# each game's three pages: its chapter, its values, its simulation
GAMES = {slug: [slug, f"{slug}-values", f"{slug}-simulation"] for slug in registry.SLUGS}
PAGES = [page for pages in GAMES.values() for page in pages]
KINDS = ("Predict before dealing", "Compute by hand", "Derive with sympy",
         "Simulate and compare with a standard-error band", "Explain a misconception",
         "Read a source critically")
LEVELS = ("easy", "medium", "hard")


# ------------------------------------------------------------------ reading the build

# {eval}`shown.name` or {eval}`shown.name.f(",d")` (a format spec)
EVAL = re.compile(r'\{eval\}`shown\.([A-Za-z_][A-Za-z0-9_]*)(?:\.f\("([^"`]*)"\))?`')


@lru_cache(maxsize=None)
def _shown(site: Path, page: str) -> dict[str, str]:
    """name (or "name:spec") -> the text the built page shows for that {eval}."""
    from bs4 import BeautifulSoup

    source = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    found = list(EVAL.finditer(source))
    # citations, {eval}`cite("key")` (banking_games.citations), render as links, not as values
    n_values = source.count("{eval}`") - source.count('{eval}`cite("')
    assert len(found) == n_values, f"{page}: an {{eval}} role not of the form shown.name"
    html = BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
    spans = html.select("span.output.text_plain")
    assert len(spans) == len(found), (f"{page}: {len(found)} {{eval}} roles in the source but "
                                      f"{len(spans)} inline values in the built page")
    values: dict[str, str] = {}
    for m, span in zip(found, spans):
        key = m.group(1) + (f":{m.group(2)}" if m.group(2) else "")
        text = span.get_text()
        # the same value shown twice must read the same: this also checks that
        # the page's values and the source's roles are paired in order
        assert values.setdefault(key, text) == text, (
            f"{page}: {key} shows {values[key]!r} and {text!r}")
    return values


@pytest.fixture(scope="module")
def glued(built_site):
    """glued(page, name) -> the text the built page shows for {eval}`shown.name`."""
    def get(page: str, name: str) -> str:
        values = _shown(built_site, page)
        if name not in values:   # shown only with a format spec: ",d" (12,000) is the only one used
            spec = next((k for k in values if k.split(":")[0] == name), None)
            assert spec is not None, f"{page}: no value {name!r} shown in the text"
            assert spec.endswith(":,d"), f"{page}: {spec}: a format the tests do not read"
            return values[spec].replace(",", "")
        return values[name]
    return get


def frac(text: str) -> Fraction:
    """The exact fraction at the start of a glued text such as '3/51 (0.0588)'."""
    return Fraction(text.replace(",", "").split()[0])


def num(text: str) -> float:
    return float(text.replace(",", "").split()[0])


def binomial_at_most(n: int, k: int, p: Fraction) -> Fraction:
    """P(W <= k) for W binomial with n trials and chance p, summed term by term with
    math.comb and exact fractions (no package code)."""
    a, c = p.numerator, p.denominator            # p = a/c, 1 - p = (c - a)/c
    return Fraction(sum(math.comb(n, j) * a ** j * (c - a) ** (n - j) for j in range(k + 1)), c ** n)


def normal_within_two() -> float:
    """P(|Z| <= 2) for a standard normal Z: 2 Phi(2) - 1 = erf(2 / sqrt 2)."""
    return math.erf(2 / math.sqrt(2))


def at(formula: str, **symbols: Fraction) -> Fraction:
    """A formula the page shows as sympy writes it (e.g. '(r*s - 1)/s'), evaluated with
    exact fractions for its symbols (only names, numbers and + - * / ** ( ) allowed)."""
    assert re.fullmatch(r"[A-Za-z0-9+\-*/() ]+", formula), formula
    assert set(re.findall(r"[A-Za-z]+", formula)) <= set(symbols), formula
    return Fraction(eval(formula, {"__builtins__": {}}, dict(symbols)))


# ================================================================== Hoggenheimer
# The pack: 8 ranks x 4 suits = 32 ranked cards and a Joker, n = 33.
# A bet on c cards wins iff the Joker comes after all c of them. Among those
# c + 1 cards each is equally likely to be last in a shuffled pack, so
# P(win) = 1/(c + 1). (Brute-force check below on all orders of c+1 cards.)

def _p_last(c: int) -> Fraction:
    """P(the Joker, card 0, comes last among c + 1 shuffled cards), by listing orders."""
    orders = list(permutations(range(c + 1)))
    return Fraction(sum(1 for o in orders if o[-1] == 0), len(orders))


def test_hog_rules_quick_checks(glued):
    # 4 suit rows x 8 rank columns: 32 cells; pairs: 4 rows x 7 + 8 columns x 3 = 52.
    assert int(glued("hoggenheimer", "n_cells")) == 32
    assert int(glued("hoggenheimer", "qc_pairs_rows")) == 4 * 7
    assert int(glued("hoggenheimer", "qc_pairs_cols")) == 8 * 3
    assert int(glued("hoggenheimer", "n_pair")) == 52


def test_hog_ex_predict(glued):
    # Expected wins in 200 deals: 200 x 1/2 for one card, 200 x 1/5 for four queens.
    deals = int(glued("hoggenheimer", "hogx_pred_deals"))
    assert deals == 200
    assert frac(glued("hoggenheimer", "hogx_pred_card_exp")) == deals * _p_last(1) == 100
    assert frac(glued("hoggenheimer", "hogx_pred_rank_exp")) == deals * _p_last(4) == 40
    # The engine's counts are binomial: within 4 standard deviations of the mean.
    for name, p in (("hogx_pred_card_wins", Fraction(1, 2)), ("hogx_pred_rank_wins", Fraction(1, 5))):
        wins = int(glued("hoggenheimer", name))
        assert abs(wins - deals * p) <= 4 * math.sqrt(deals * p * (1 - p)), (name, wins)


def test_hog_ex_source(glued):
    # Bets on 1, 2, 4, 4 and 8 cards paid 1, 2, 4, 4, 8 to 1: each E = m/(c+1) - c/(c+1) = 0,
    # so the banker's expected net is 0. The banker takes every stake when the Joker is
    # the top card: 1 place of 33.
    assert frac(glued("hoggenheimer", "hogx_src_ev")) == 0
    assert frac(glued("hoggenheimer", "hogx_src_sweep")) == Fraction(1, 33)


def test_hog_values_square_three_turned(glued):
    page = "hoggenheimer-values"
    # Square: c = 4, P = 1/5, fair odds (1-p)/p = 4, paid 4 to 1, EV 0.
    assert frac(glued(page, "hogx_sq_p")) == _p_last(4) == Fraction(1, 5)
    assert frac(glued(page, "hogx_sq_fair")) == 4 and frac(glued(page, "hogx_sq_paid")) == 4
    assert frac(glued(page, "hogx_sq_ev")) == 0
    assert frac(glued(page, "hogx_sq_engine")) == Fraction(1, 5)
    # Three cards: P = 1/4, fair odds 3.
    assert frac(glued(page, "hogx_3_p")) == _p_last(3) == Fraction(1, 4)
    assert frac(glued(page, "hogx_3_fair")) == 3
    assert frac(glued(page, "hogx_3_engine")) == Fraction(1, 4)
    # The engine refuses it: the sizes the game offers are 1 (card), 2 (pair), 4 (square,
    # rank) and 8 (suit) cards, and its message names the three cards as drawn and the size 3.
    refusal = glued(page, "hogx_3_refusal")
    assert "A♠ K♠ Q♠" in refusal and "got 3" in refusal, refusal
    assert {int(x) for x in re.findall(r"\d+", refusal.split("got")[0])} == {1, 2, 4, 8}
    # K uniform on 0..32: P(K=k) = 1/33; P(K >= 16) = 17/33; E[K] = 32/2 = 16.
    assert frac(glued(page, "hogx_k_p")) == Fraction(1, 33)
    assert frac(glued(page, "hogx_k_half")) == Fraction(sum(1 for k in range(33) if k >= 16), 33)
    assert frac(glued(page, "hogx_k_mean")) == Fraction(sum(range(33)), 33) == 16
    # The engine on the 2 x 3 layout: 6 ranked cards and a Joker; the Joker's place among
    # the 7, listed over every order, is uniform: each K = 0..6 has chance 1/7.
    assert int(glued(page, "small_n")) == 2 * 3
    places = [o.index(0) for o in permutations(range(7))]
    assert {Fraction(places.count(k), len(places)) for k in range(7)} == {Fraction(1, 7)}
    assert frac(glued(page, "hogx_k_engine")) == Fraction(1, 7)


def test_hog_values_quick_checks(glued):
    # A pair: 1/3; the Joker last: 1/33.
    assert frac(glued("hoggenheimer-values", "p_pair_qc")) == _p_last(2)
    assert frac(glued("hoggenheimer-values", "p_all")) == Fraction(1, 33)


def test_hog_ex_sympy(glued):
    # Suit: c = 8, X = 8 w.p. 1/9, -1 w.p. 8/9: E[X] = 0, E[X^2] = 64/9 + 8/9 = 8 = Var.
    page = "hoggenheimer-values"
    assert int(glued(page, "hogx_sy_c")) == 8
    # In general, at m = c: E[X^2] = c^2/(c+1) + c/(c+1) = c and E[X] = 0, so Var = c.
    assert glued(page, "hogx_sy_var_c") == "c"
    assert frac(glued(page, "hogx_sy_var")) == Fraction(64, 9) + Fraction(8, 9) == 8
    assert glued(page, "hogx_sy_sd") == "2√2"            # sqrt(8)


def test_hog_ex_misconception(glued):
    # Both EVs 0; ten losses in a row: (8/9)^10 = 0.3079..., (1/2)^10 = 1/1024.
    page = "hoggenheimer-values"
    assert frac(glued(page, "hogx_mis_ev_suit")) == 0 == frac(glued(page, "hogx_mis_ev_card"))
    assert num(glued(page, "hogx_mis_suit_run")) == pytest.approx(float(Fraction(8, 9) ** 10), abs=5e-5)
    assert frac(glued(page, "hogx_mis_card_run")) == Fraction(1, 2 ** 10)


def test_hog_simulation_answers(glued):
    page = "hoggenheimer-simulation"
    # Quick checks: SE of 400,000 card bets = 1/sqrt(400000) = 0.00158; four times the deals halve it.
    assert num(glued(page, "hgs_card_se")) == pytest.approx(1 / math.sqrt(400_000), abs=5e-6)
    assert int(glued(page, "hgs_deals_x4")) == 4 * int(glued(page, "hgs_deals"))
    # Suit: sigma = sqrt(8); SE over 400,000 deals.
    assert num(glued(page, "hgs_se_all")) == pytest.approx(math.sqrt(8 / 400_000), abs=5e-5)
    # Runs of N deals: the share within 2 SE is 2 Phi(2) - 1 = 0.9545, about 95 in 100.
    assert num(glued(page, "hgs_normal_95")) == pytest.approx(normal_within_two(), abs=5e-5)
    assert int(glued(page, "hgs_normal_95_pct")) == 95
    # hog-ex-shaved: suit paid 7 to 1, p = 1/9: E = 7/9 - 8/9 = -1/9; E[X^2] = 49/9 + 8/9 = 57/9,
    # Var = 57/9 - 1/81 = 512/81; N = 4 Var / h^2 = 4 * 512 = 2048. With W wins the net is
    # 8W - N; 2 SE of the sum is 2 sqrt(512/81 * 2048) = 2 * 1024/9 = 227.6, so the average is
    # at least 2 SE below zero iff 2048 - 8W >= 228, i.e. W <= 227: P(W <= 227), W ~ Bin(2048, 1/9).
    assert int(glued(page, "hogx_shaved_n")) == 2048
    assert frac(glued(page, "hogx_shaved_var")) == Fraction(512, 81)
    assert num(glued(page, "hogx_shaved_two")) == pytest.approx(
        float(binomial_at_most(2048, 227, Fraction(1, 9))), abs=5e-5)
    # hog-ex-band: sigma = 1, N = 10,000: SE = 0.01; 'inside' iff |z| <= 2, z = mean / SE.
    assert num(glued(page, "hogx_band_se")) == pytest.approx(0.01)
    assert frac(glued(page, "hogx_band_ev")) == Fraction(1, 2) * 1 - Fraction(1, 2) * 1 == 0
    mean, z = num(glued(page, "hogx_band_mean")), num(glued(page, "hogx_band_z"))
    assert z == pytest.approx(mean / 0.01, abs=0.01)
    assert glued(page, "hogx_band_inside") == ("inside" if abs(z) <= 2 else "outside")
    # hog-ex-shaved: suit paid 7 to 1, p = 1/9: E = 7/9 - 8/9 = -1/9; E[X^2] = 49/9 + 8/9 = 57/9;
    # Var = 57/9 - 1/81 = 512/81; N >= (2 sigma / h)^2 = 4 (512/81) 81 = 2048; 2048/30 -> 69 each.
    assert frac(glued(page, "hogx_shaved_ev")) == Fraction(-1, 9)
    assert frac(glued(page, "hogx_shaved_h")) == Fraction(1, 9)
    assert frac(glued(page, "hogx_shaved_var")) == Fraction(57, 9) - Fraction(1, 81) == Fraction(512, 81)
    assert int(glued(page, "hogx_shaved_n")) == 2048
    assert int(glued(page, "hogx_shaved_class")) == math.ceil(2048 / 30)


# ================================================================== Banker and Broker
# Ranks 13, suits 4. A section's card is one of the 51 cards other than the banker's.
# Brute force below lists every ordered pair (banker's card, section's card).

def _pack(ranks: int, suits: int) -> list[tuple[int, int]]:
    return [(rank, suit) for rank in range(ranks) for suit in range(suits)]


@lru_cache(maxsize=None)
def _bb_pair(ranks: int = 13, suits: int = 4) -> tuple[Fraction, Fraction]:
    """(P(win), P(tie)) of a section, by listing ordered pairs of distinct cards."""
    pairs = list(permutations(_pack(ranks, suits), 2))
    win = sum(1 for banker, section in pairs if section[0] > banker[0])
    tie = sum(1 for banker, section in pairs if section[0] == banker[0])
    return Fraction(win, len(pairs)), Fraction(tie, len(pairs))


def test_bb_brute_force_pair():
    assert _bb_pair() == (Fraction(24, 51), Fraction(3, 51))      # 24 higher, 3 equal of 51


def test_bb_rules_answers(glued):
    page = "banker-and-broker"
    # Four punters and the banker: 5 sections. Limit 7 sections incl. the banker's: 6 punters.
    assert int(glued(page, "qc_bb_sections")) == 4 + 1
    assert int(glued(page, "bb_limit_punters")) == 7 - 1
    assert int(glued(page, "qc_bb_limit_alt")) == 7
    # bb-ex-predict: 500 deals; ties 500 x 3/51 = 29.4, wins 500 x 24/51 = 235.3.
    win, tie = _bb_pair()
    deals = int(glued(page, "bbx_pred_deals"))
    assert num(glued(page, "bbx_pred_ties_exp")) == pytest.approx(float(deals * tie), abs=0.05)
    assert num(glued(page, "bbx_pred_wins_exp")) == pytest.approx(float(deals * win), abs=0.05)
    for name, p in (("bbx_pred_ties", tie), ("bbx_pred_wins", win)):
        count = int(glued(page, name))
        assert abs(count - deals * p) <= 4 * math.sqrt(deals * p * (1 - p)), (name, count)
    # bb-ex-source: P(win) = 8/17 whatever the reading; 6-card pack (3 ranks x 2 suits): 2/5.
    assert frac(glued(page, "bbx_src_pwin")) == win == Fraction(8, 17)
    assert frac(glued(page, "bbx_src_small")) == _bb_pair(3, 2)[0] == Fraction(2, 5)


def test_bb_values_answers(glued):
    page = "banker-and-broker-values"
    win, tie = _bb_pair()
    win32, tie32 = _bb_pair(8, 4)
    # Bank wins ties: E = win - lose - tie = -tie, so h = P(tie) = 1/17; returned: h = 0.
    # The quick check's answer writes (s-1)/(n-1) unreduced, 3/51, and points to the table's first row.
    assert glued(page, "bbv_edge52_unreduced") == "3/51" and frac("3/51") == tie == Fraction(1, 17)
    assert frac(glued(page, "bbv_edge52_sr")) == 0
    # The 32-card answer points to the table's 32-card rows: test_book_numbers reads P(tie) = 3/31 there.
    # bb-ex-edge32: P(tie) = 3/31 = h, by formula and by engine; 1/17 for 52 cards.
    assert frac(glued(page, "bbx_pt32")) == tie32
    assert frac(glued(page, "bbx_e32")) == tie32
    assert frac(glued(page, "bbx_e32_engine")) == tie32
    assert frac(glued(page, "bbx_e52")) == tie
    # bb-ex-fair: m P(win) = P(lose) + P(tie)  =>  m = 1 + tie / win = 1 + 3/24 = 9/8, "9 to 8".
    assert frac(glued(page, "bbx_fair")) == 1 + tie / win == Fraction(9, 8)
    assert glued(page, "bbx_fair_ab") == "9 to 8"
    assert frac(glued(page, "bbx_fair_ev")) == 0
    assert frac(glued(page, "bbx_fair_engine")) == Fraction(9, 8)
    # The general fair odds the solution shows: fair means m P(win) = P(lose) + t P(tie),
    # so m = 1 + t P(tie) / P(win), with the brute-force probabilities of several packs.
    formula = glued(page, "bbx_fair_formula")
    for ranks, suits, share in ((13, 4, 1), (8, 4, 1), (13, 4, 0), (3, 2, Fraction(1, 2)), (5, 3, 2)):
        w, q = _bb_pair(ranks, suits)
        assert at(formula, r=Fraction(ranks), s=Fraction(suits), t=Fraction(share)) == 1 + share * q / w
    assert glued(page, "bbx_fair_same") == "the same"
    # bb-ex-misconception: first section's P(win) with 2 or 3 sections: 8/17.
    assert frac(glued(page, "bbx_mis_2")) == win == frac(glued(page, "bbx_mis_3"))
    # bb-ex-sympy: t = 1: X = +-1, Var = 1 - (1/17)^2 = 288/289; t = 0: E = 0, Var = 1 - 1/17 = 16/17.
    assert frac(glued(page, "bbx_sy_var1")) == 1 - tie ** 2 == Fraction(288, 289)
    assert frac(glued(page, "bbx_sy_var0")) == 1 - tie == Fraction(16, 17)
    # Its general variance: E[X] = -t P(tie), E[X^2] = 2 P(win) + t^2 P(tie), Var = E[X^2] - E[X]^2.
    formula = glued(page, "bbx_sy_var")
    for ranks, suits, share in ((13, 4, 1), (13, 4, 0), (8, 4, Fraction(1, 2)), (3, 2, 1), (5, 3, 2)):
        w, q = _bb_pair(ranks, suits)
        var_x = 2 * w + share ** 2 * q - (share * q) ** 2
        assert at(formula, r=Fraction(ranks), s=Fraction(suits), t=Fraction(share)) == var_x


def test_bb_ex_corr(glued):
    # Correlation of the nets on two sections facing one banker's card, bank wins ties:
    # list every ordered triple of distinct cards (banker, section 1, section 2).
    pack = _pack(13, 4)
    def net(banker, card):
        return 1 if card[0] > banker[0] else -1          # a tie loses the stake (t = 1)
    s1 = s11 = s12 = 0
    count = 0
    for banker in pack:
        others = [c for c in pack if c != banker]
        nets = [net(banker, c) for c in others]
        total, squares = sum(nets), sum(x * x for x in nets)
        s1 += total * (len(others) - 1)
        s11 += squares * (len(others) - 1)
        s12 += total * total - squares                  # sum over i != j of x_i x_j
        count += len(others) * (len(others) - 1)
    mean, ex2, ex1x2 = Fraction(s1, count), Fraction(s11, count), Fraction(s12, count)
    rho = (ex1x2 - mean ** 2) / (ex2 - mean ** 2)
    page = "banker-and-broker-values"
    assert frac(glued(page, "bbx_rho")) == rho
    assert frac(glued(page, "bbx_rho_engine")) == rho
    assert glued(page, "bbx_rho_same") == "they are equal"


def test_bb_simulation_answers(glued, built_site):
    page = "banker-and-broker-simulation"
    h = Fraction(1, 17)
    var = 1 - h ** 2                                     # net is +-1: Var = 1 - E^2 = 288/289
    assert frac(glued(page, "bbs_h")) == h and frac(glued(page, "bbs_var")) == var
    assert num(glued(page, "bbs_sigma")) == pytest.approx(math.sqrt(288 / 289), abs=5e-5)
    # h >= 2 sigma / sqrt(N)  <=>  N >= 4 Var / h^2 = 4 * 288 = 1152: the prose points to the third
    # row of the table of deals N, which gives the chances there (exact, normal approximation).
    rows, head = _table_with((built_site / f"{page}.html").read_text(encoding="utf-8"),
                             "P(at least 2 SE below zero): exact (normal approx.)")
    n_row = [label for label in rows if label[0].isdigit()][2]    # (a row before them names the index)
    assert int(n_row.replace(",", "")) == 4 * 288 == 1152
    row = dict(zip(head, rows[n_row]))
    two, two_normal = row["P(at least 2 SE below zero): exact (normal approx.)"].rstrip(")").split(" (")
    below = row["P(average below zero): exact (normal approx.)"].split(" (")[0]
    assert num(glued(page, "bbs_normal_95")) == pytest.approx(normal_within_two(), abs=5e-5)
    # The net of a deal is +1 (chance 8/17) or -1, so with W ~ Bin(N, 8/17) wins the sum is
    # 2W - N. Below zero: W <= (N - 1) // 2. At least 2 SE below: N - 2W >= 2 sigma sqrt(N);
    # at N = 1152 that is 2 sqrt(288 * 1152)/17 = 1152/17 = 67.8, so N - 2W >= 68, W <= 542.
    p = Fraction(8, 17)
    assert num(two) == pytest.approx(float(binomial_at_most(1152, 542, p)), abs=5e-5)
    assert num(below) == pytest.approx(float(binomial_at_most(1152, 575, p)), abs=5e-5)
    assert num(two_normal) == pytest.approx(0.5, abs=5e-5)   # Phi(2 - 2)

    def two_below(n):   # W <= (n - d) // 2, d the least whole number >= 2 sqrt(288 n / 289)
        d = math.isqrt(4 * 288 * n // 289)
        while 289 * d * d < 4 * 288 * n:
            d += 1
        return binomial_at_most(n, (n - d) // 2, p)

    # Deals for a confidence: the chance first reaches it at the N shown and stays there
    # (checked here at N and N + 1, one of each parity: the chance oscillates with parity).
    for name, chance, level in (("bbs_need_below_95", lambda n: binomial_at_most(n, (n - 1) // 2, p), 0.95),
                                ("bbs_need_two_90", two_below, 0.90), ("bbs_need_two_95", two_below, 0.95)):
        n = int(glued(page, name))
        assert chance(n - 1) < level <= min(chance(n), chance(n + 1)), name
        assert int(glued(page, name + "_each")) == math.ceil(n / 30)
    # Normal approximation: N >= ((2 + 1.6449) sigma / h)^2 = 3.6449^2 * 288 = 3826.1 -> 3827.
    assert int(glued(page, "bbs_need_two_95_normal")) == math.ceil(3.6448536 ** 2 * 288) == 3827
    # Quick check: 30 x 10 deals, SE = sqrt(288/289 / 300); 2 SE of the sum 2 sqrt(288*300/289)
    # = 34.6, so N - 2W >= 35, W <= 132; below zero W <= 149.
    assert num(glued(page, "bbs_qc_se")) == pytest.approx(math.sqrt(288 / 289 / 300), abs=5e-5)
    below_300 = float(binomial_at_most(300, 149, p))
    assert num(glued(page, "bbs_qc_below")) == pytest.approx(below_300, abs=5e-4)
    assert num(glued(page, "bbs_qc_two")) == pytest.approx(float(binomial_at_most(300, 132, p)), abs=5e-4)
    assert int(glued(page, "bbs_qc_one_in")) == round(1 / (1 - below_300))
    # bb-ex-band: 30 x 40 = 1200 deals, SE = sqrt(288/289 / 1200); zero outside iff |mean| > 2 SE.
    assert int(glued(page, "bbx_band_n")) == 1200
    se = math.sqrt(288 / 289 / 1200)
    assert num(glued(page, "bbx_band_se")) == pytest.approx(se, abs=5e-5)
    mean = num(glued(page, "bbx_band_mean"))
    assert glued(page, "bbx_band_zero") == ("outside" if abs(mean) > 2 * se else "inside")
    # Before dealing: 2 SE of the sum = 2 sqrt(288 * 1200 / 289) = 69.2, so zero is outside
    # iff |2W - 1200| >= 70: W <= 565 or W >= 635.
    p_out = binomial_at_most(1200, 565, p) + 1 - binomial_at_most(1200, 634, p)
    assert num(glued(page, "bbx_band_p_out")) == pytest.approx(float(p_out), abs=5e-5)
    # bb-ex-deals32: h = 3/31, Var = 1 - 9/961 = 952/961, N >= 4 * 952 / 9 = 423.1 -> 424.
    assert frac(glued(page, "bbx_d32_h")) == Fraction(3, 31)
    assert frac(glued(page, "bbx_d32_var")) == Fraction(952, 961)
    assert int(glued(page, "bbx_d32_needed")) == math.ceil(Fraction(4 * 952, 9)) == 424
    # At N = 424, W ~ Bin(424, 14/31) (win 14/31, tie 3/31 to the bank, lose 14/31): 2 SE of the
    # sum = 2 sqrt(952 * 424 / 961) = 41.0, so N - 2W >= 41, W <= 191.
    assert num(glued(page, "bbx_d32_two")) == pytest.approx(
        float(binomial_at_most(424, 191, Fraction(14, 31))), abs=5e-5)


# ================================================================== Landsknecht
# Full pack: r = 13 ranks, s = 4 suits. After the banker's card is down, the setup ends
# with the first card that is not of a layout rank: one of the banker's s - 1 = 3 unseen
# cards (void) or one of the 4 cards of each of the r - 3 = 10 unseen ranks. Each of these
# 43 cards is equally likely to come first, so P(void) = 3/43 (3/23 with 8 ranks).

def _void(ranks: int, suits: int = 4) -> Fraction:
    return Fraction(suits - 1, (suits - 1) + (ranks - 3) * suits)


def _race(a: int, b: int) -> Fraction:
    """P(a card of the b-group comes first among a + b cards), by listing the orders of
    a 'A' cards and b 'B' cards (as positions of the B cards)."""
    from itertools import combinations
    orders = list(combinations(range(a + b), b))
    return Fraction(sum(1 for pos in orders if 0 in pos), len(orders))


def test_lk_rules_answers(glued):
    page = "landsknecht"
    # A setup without pairs: 2 layout cards + banker's + players' = 4; 48 left;
    # 3 of the banker's rank among them: first turn ends the deal with chance 3/48 = 1/16.
    assert int(glued(page, "qc_lk_setup_min")) == 4
    assert int(glued(page, "qc_lk_stock")) == 52 - 4
    assert int(glued(page, "qc_lk_bankers")) == 3
    assert frac(glued(page, "qc_lk_first_turn")) == Fraction(3, 48)
    # lk-ex-predict: 400 bets at 1/2 -> 200 expected; binomial count within 4 SD (SD 10).
    assert frac(glued(page, "lkx_pred_exp")) == 400 * _race(3, 3) == 200
    assert abs(int(glued(page, "lkx_pred_wins")) - 200) <= 4 * 10
    # lk-ex-source: P(void) = 3/43; every bet even money at 1/2: edge 0.
    assert frac(glued(page, "lkx_src_void")) == _void(13) == Fraction(3, 43)
    assert frac(glued(page, "lkx_src_edge")) == 0


def test_lk_values_answers(glued):
    page = "landsknecht-values"
    half = _race(3, 3)                                    # a = b = s - 1 = 3
    assert half == Fraction(1, 2)
    assert frac(glued(page, "lkv_half")) == half
    assert num(glued(page, "lkv_void_inv")) == pytest.approx(float(1 / _void(13)), abs=0.05)
    # lk-ex-void32: 8 ranks: 3/23; deals to a good one: geometric mean 1/(1 - 3/23) = 23/20.
    assert frac(glued(page, "lkx_void")) == _void(8) == Fraction(3, 23)
    assert frac(glued(page, "lkx_void_engine")) == Fraction(3, 23)
    assert frac(glued(page, "lkx_deals")) == 1 / (1 - _void(8)) == Fraction(23, 20)
    # lk-ex-later and lk-ex-gambler: every bet, early or late, 1/2.
    for name in ("lkx_anna", "lkx_bert", "lkx_cleo", "lkx_gam_p", "lkx_gam_engine"):
        assert frac(glued(page, name)) == half, name
    # lk-ex-players: 8 ranks: 1 + (8 - 4) x P(one of 4 before all 3) = 1 + 4 x 4/7 = 23/7.
    assert _race(3, 4) == Fraction(4, 7)
    assert frac(glued(page, "lkx_pc")) == 1 + 4 * _race(3, 4) == Fraction(23, 7)
    assert frac(glued(page, "lkx_pc_engine")) == Fraction(23, 7)
    # Its distribution: after the setup u = 8 - 4 = 4 ranks are unseen and 3 banker's cards.
    # Among the cards of unseen ranks and the banker's, the next one is equally likely to be
    # any: with v ranks unseen it is the banker's (the deal ends) with chance 3/(4v + 3),
    # else a new players' card (v falls by one). So k = 1 + j players' cards with chance
    # prod_{i<j} 4(4-i)/(4(4-i)+3) * 3/(4(4-j)+3).
    shown_pmf = {int(k): Fraction(p) for k, p in
                 (item.split(":") for item in glued(page, "lkx_pc_dist").split(";"))}
    pmf = {}
    for j in range(4 + 1):
        chance = Fraction(3, 4 * (4 - j) + 3)
        for i in range(j):
            chance *= Fraction(4 * (4 - i), 4 * (4 - i) + 3)
        pmf[1 + j] = chance
    assert pmf[1] == Fraction(3, 19) and sum(pmf.values()) == 1
    assert sum(k * p for k, p in pmf.items()) == Fraction(23, 7)
    assert shown_pmf == pmf
    # lk-ex-sympy: first of 3 marked among L = 48: sum_k k C(48-k, 2) / C(48, 3) = 49/4.
    L = int(glued(page, "lkx_sy_L"))
    assert L == 48
    mean = sum(Fraction(k * math.comb(L - k, 2), math.comb(L, 3)) for k in range(1, L - 1))
    assert mean == Fraction(L + 1, 4) == frac(glued(page, "lkx_sy_mean"))
    assert glued(page, "lkx_sy_formula").replace(" ", "") == "(L+1)/4"


def test_lk_simulation_answers(glued):
    page = "landsknecht-simulation"
    deals = int(glued(page, "lks_deals"))
    # Net +-1 with 1/2 each: sigma = 1; SE = 1/sqrt(N).
    assert num(glued(page, "lks_sigma")) == 1
    assert num(glued(page, "lks_se_all")) == pytest.approx(1 / math.sqrt(deals), abs=5e-6)
    assert num(glued(page, "lks_se_100")) == pytest.approx(0.1)
    assert num(glued(page, "lks_se_10000")) == pytest.approx(0.01)
    # Outside 2 SE at one N: 1 - (2 Phi(2) - 1) = 0.0455, one run in 1/0.0455 = 22.
    assert num(glued(page, "lks_outside_p")) == pytest.approx(1 - normal_within_two(), abs=5e-5)
    assert int(glued(page, "lks_one_in")) == 22
    # lk-ex-band: a proportion p = 3/43 over N shuffles: SE = sqrt(p(1-p)/N).
    shuffles = int(glued(page, "lks_decks").replace(",", ""))
    p = _void(13)
    assert frac(glued(page, "lkx_band_p")) == p
    se = math.sqrt(float(p * (1 - p)) / shuffles)
    assert num(glued(page, "lkx_band_se")) == pytest.approx(se, abs=5e-6)
    z = (num(glued(page, "lkx_band_rate")) - float(p)) / se
    assert num(glued(page, "lkx_band_z")) == pytest.approx(z, abs=0.02)
    assert glued(page, "lkx_band_inside") == ("inside" if abs(z) <= 2 else "outside")
    # lk-ex-class: 2 sqrt(p(1-p)) / sqrt(N) <= 0.05 with p = 1/2: N >= 4 (1/4) / 0.0025 = 400;
    # 25 students: 16 each; half the margin: 1600.
    assert num(glued(page, "lkx_class_sd")) == 0.5
    assert int(glued(page, "lkx_class_n")) == 400
    assert int(glued(page, "lkx_class_each")) == 16
    assert int(glued(page, "lkx_class_n_half")) == 1600


# ================================================================== structure

def _source(page: str) -> str:
    return (BOOK / f"{page}.md").read_text()


def _exercises(text: str) -> list[tuple[str, str]]:
    """(label, first line of the body) for every {exercise} directive."""
    found = re.findall(r"```\{exercise\}[^\n]*\n:label: ([\w-]+)\n\n([^\n]*)", text)
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_at_least_eight_marked_exercises_with_solutions(game):
    exercises = [(page, label, first) for page in GAMES[game] for label, first in _exercises(_source(page))]
    assert len(exercises) >= 8, f"{game}: only {len(exercises)} exercises"
    kinds = set()
    for page, label, first in exercises:
        level = re.match(r"\*\*(.+?) · (easy|medium|hard)\.\*\*", first)
        assert level, f"{page}: exercise {label} has no '**Kind · level.**' mark"
        kind = level.group(1).split(",")[0]              # "Compute by hand, then plan ..."
        assert kind in KINDS, (label, level.group(1))
        kinds.add(kind)
        source = _source(page)
        assert (f"```{{solution-start}} {label}\n:class: dropdown" in source
                or f"````{{solution}} {label}\n:class: dropdown" in source), \
            f"{page}: exercise {label} has no hidden solution"
    assert kinds == set(KINDS), f"{game}: missing kinds of exercise: {set(KINDS) - kinds}"
    # spread over the three pages
    assert all(any(p == page for p, _, _ in exercises) for page in GAMES[game]), game


@pytest.mark.parametrize("page", PAGES)
def test_quick_checks_and_key_points(page):
    text = _source(page)
    assert text.count("{admonition} Quick check") >= 2, f"{page}: fewer than two quick checks"
    assert "\n## Key points\n" in text, f"{page}: no key points"
    after = text.split("\n## Key points\n", 1)[1]
    assert "\n## " not in after.split("**Next:**")[0], f"{page}: key points are not the last section"


@pytest.mark.parametrize("game", list(GAMES))
def test_chapter_opens_with_objectives(game):
    text = _source(game)
    first_section = text.index("\n## ")
    assert "Objectives and prerequisites" in text[:first_section], game


# ================================================================== exercises dealt with the Repeat panel
# Issue 20: each exercise that asks the reader to deal says how to do it with the Repeat panel
# under the chapter's *Deal live* table (Deals, Repeat seed), and its answer is what the panel
# gives. The panel deals every repeated deal through the game's engine from ONE
# random.Random(seed) (banking_games.widgets.repeat). So the answers are replayed here without
# the panel or the widgets: the shuffles from random.Random(seed), the engine's public deal
# classes, the bets placed, each deal played to its end and settled, and the results counted.
# (This section uses the engines, unlike the hand derivations above: the panel's counts ARE the
# engine's deals for that seed; the hand-derived chances above check the engines themselves.)

# label -> page: each game's REPEAT_EXERCISES in tests/game_data/<game>.py
REPEAT_EXERCISES = {label: page for slug in registry.SLUGS for label, page in expected(slug, "REPEAT_EXERCISES").items()}


def _exercise_body(page: str, label: str) -> str:
    m = re.search(r"```\{exercise\}[^\n]*\n:label: " + re.escape(label) + r"\n(.*?)\n```\n", _source(page), re.S)
    assert m, f"{page}: no exercise {label}"
    return m.group(1)


def test_every_dealing_exercise_says_how_to_repeat_it():
    """An exercise whose questions ask the reader to deal ("Deal the games", "Deal, pool",
    "then deal") names the panel, its two fields and where the table is; the others do not."""
    asks_to_deal = re.compile(r"\b[Dd]eal(?: the games|, (?:compute|pool)| them)\b|then deal the games")
    for game, pages in GAMES.items():
        for page in pages:
            for label, _ in _exercises(_source(page)):
                body = _exercise_body(page, label)
                if not asks_to_deal.search(body):
                    assert label not in REPEAT_EXERCISES, label
                    continue
                assert REPEAT_EXERCISES.get(label) == page, f"{page}: {label} asks to deal; add it here"
                for words in ("On the website:", "*Deal live*", "*Repeat*", "*Deals*", "*Repeat seed*",
                              f"[Deal it yourself]({game}.md#deal-it-yourself)", "In a local"):
                    assert words in body, f"{label}: {words!r} missing"


def _hog_wins(deals: int, seed: int, procedure: str, specs: list[str]) -> list[tuple[int, Fraction]]:
    """(deals won, net) per bet of one unit on each of specs, over the deals from Random(seed)."""
    from banking_games.games import hoggenheimer as hog

    rng, won, net = __import__("random").Random(seed), [0] * len(specs), [Fraction(0)] * len(specs)
    for _ in range(deals):
        deal = hog.HoggenheimerDeal(hog.HoggenheimerConfig(procedure), rng=rng, banker="Dora")
        for punter, spec in zip(("Anna", "Ben"), specs):
            deal.place_bet(punter, spec, 1)
        deal.play()
        for i, r in enumerate(deal.settle().results):
            won[i] += r.net > 0
            net[i] += r.net
    return list(zip(won, net))


def test_hog_ex_predict_is_the_repeat_panels(glued):
    # 200 deals, English procedure, from Random(11); one unit on JH and one on the queens
    deals, seed = int(glued("hoggenheimer", "hogx_pred_deals")), int(glued("hoggenheimer", "hogx_pred_seed"))
    (card, _), (rank, _) = _hog_wins(deals, seed, "english", ["JH", "queens"])
    assert int(glued("hoggenheimer", "hogx_pred_card_wins")) == card
    assert int(glued("hoggenheimer", "hogx_pred_rank_wins")) == rank


def test_hog_ex_band_is_the_repeat_panels(glued):
    # 10,000 deals (the panel's most), German procedure, from Random(2026); one unit on JH:
    # the average is the net over the deals
    page = "hoggenheimer-simulation"
    deals, seed = int(glued(page, "hogx_band_deals")), int(glued(page, "hogx_band_seed"))
    assert deals <= 10_000
    [(_, net)] = _hog_wins(deals, seed, "german", ["JH"])
    assert glued(page, "hogx_band_net") == f"{int(net):+,d}"
    assert num(glued(page, "hogx_band_mean")) == pytest.approx(float(net) / deals, abs=5e-5)


def _bb_section_one(deals: int, seed: int, tie_rule) -> tuple[int, int, Fraction]:
    """(won, tied, net) of one unit on section 1 of the three-section game, deals from Random(seed)."""
    import random

    from banking_games.games import banker_broker as bb

    config = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, tie_rule=tie_rule)
    rng, won, tied, net = random.Random(seed), 0, 0, Fraction(0)
    for _ in range(deals):
        deal = bb.BankerBrokerDeal(config, ("Ben", "Cleo", "Dora"), rng=rng, banker="Anna")
        deal.bet("Ben", 1, section=1)           # stakes go down before the cut (the default)
        deal.play_out()
        [r] = deal.settle().results
        won, tied, net = won + (r.net > 0), tied + (r.net == 0), net + r.net
    return won, tied, net


def test_bb_ex_predict_is_the_repeat_panels(glued):
    from banking_games.games.banker_broker import TieRule

    deals, seed = int(glued("banker-and-broker", "bbx_pred_deals")), int(glued("banker-and-broker", "bbx_pred_seed"))
    won, tied, _ = _bb_section_one(deals, seed, TieRule.STAKE_RETURNED)
    assert int(glued("banker-and-broker", "bbx_pred_wins")) == won
    assert int(glued("banker-and-broker", "bbx_pred_ties")) == tied


def test_bb_ex_band_is_the_repeat_panels(glued):
    # 30 students, 40 deals each, student k from Random(30 + k); bank wins ties; pooled net / 1200
    from banking_games.games.banker_broker import TieRule

    page = "banker-and-broker-simulation"
    students, each, seed = (int(glued(page, n)) for n in ("bbx_band_students", "bbx_band_each", "bbx_band_seed"))
    net = sum(_bb_section_one(each, seed + k, TieRule.BANK_WINS)[2] for k in range(1, students + 1))
    assert int(glued(page, "bbx_band_seed_last")) == seed + students
    assert glued(page, "bbx_band_net") == f"{int(net):+,d}"
    assert num(glued(page, "bbx_band_mean")) == pytest.approx(float(net) / (students * each), abs=5e-5)


def test_lk_ex_predict_is_the_repeat_panels(glued):
    # 400 deals from Random(5) (void deals redealt by the engine); one unit on the setup's players' card
    import random

    from banking_games.games import landsknecht as lk

    deals, seed = int(glued("landsknecht", "lkx_pred_deals")), int(glued("landsknecht", "lkx_pred_seed"))
    rng, wins = random.Random(seed), 0
    players = ("Anna", "Boris", "Clara", "Dora")
    for _ in range(deals):
        deal, _void = lk.new_deal(rng, banker="Boris", players=players)
        bet = deal.place_bet("Anna", deal.players_cards[0], 1)
        while not deal.is_over:
            deal.turn()
        deal.settle()
        wins += deal.result_of(bet).net > 0
    assert int(glued("landsknecht", "lkx_pred_wins")) == wins
