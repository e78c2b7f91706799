"""Every exercise answer and quick-check answer in the game chapters, checked
against a value derived independently.

The pages compute each answer with the rules engine or the exact module
when the book is built and glue it into the text; this module reads the
glued values from the build (``book/_build/jupyter_execute/<page>.glue.json``)
and compares them with values worked out here WITHOUT the package: by hand
(the derivation is written beside each test) or by brute force over small
cases with nothing but the standard library. A wrong engine, a wrong exact
formula or a wrong glue name makes a test fail.

The structural tests at the end check the teaching apparatus the issue asks
for: at least 8 exercises per game, each marked with a level and a kind and
with a hidden solution; at least two quick checks on each of the 9 pages;
objectives at the top of each chapter and key points at the end of each page.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parent.parent / "book"

GAMES = {
    "hoggenheimer": ["hoggenheimer", "hoggenheimer-values", "hoggenheimer-simulation"],
    "banker-and-broker": ["banker-and-broker", "banker-and-broker-values", "banker-and-broker-simulation"],
    "landsknecht": ["landsknecht", "landsknecht-values", "landsknecht-simulation"],
}
PAGES = [page for pages in GAMES.values() for page in pages]
KINDS = ("Predict before dealing", "Compute by hand", "Derive with sympy", "Simulate and compare",
         "Explain a misconception", "Read a source critically")
LEVELS = ("easy", "medium", "hard")


# ------------------------------------------------------------------ reading the build

@lru_cache(maxsize=None)
def _glue(site: Path, page: str) -> dict[str, str]:
    path = site.parent / "jupyter_execute" / f"{page}.glue.json"
    assert path.is_file(), f"{path} missing: the page was not executed"
    data = json.loads(path.read_text())
    return {name: out["data"]["text/plain"] for name, out in data.items()}


@pytest.fixture(scope="module")
def glued(built_site):
    """glued(page, name) -> the text the page shows for {glue:text}`name`."""
    def get(page: str, name: str) -> str:
        values = _glue(built_site, page)
        assert name in values, f"{page}: no glued value {name!r}"
        return values[name].strip("'\"")
    return get


def frac(text: str) -> Fraction:
    """The exact fraction at the start of a glued text such as '3/51 (0.0588)'."""
    return Fraction(text.replace(",", "").split()[0])


def num(text: str) -> float:
    return float(text.replace(",", "").split()[0])


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
    # K uniform on 0..32: P(K=k) = 1/33; P(K >= 16) = 17/33; E[K] = 32/2 = 16.
    assert frac(glued(page, "hogx_k_p")) == Fraction(1, 33)
    assert frac(glued(page, "hogx_k_half")) == Fraction(sum(1 for k in range(33) if k >= 16), 33)
    assert frac(glued(page, "hogx_k_mean")) == Fraction(sum(range(33)), 33) == 16


def test_hog_values_quick_checks(glued):
    # A pair: 1/3; the Joker last: 1/33.
    assert frac(glued("hoggenheimer-values", "p_pair")) == _p_last(2)
    assert frac(glued("hoggenheimer-values", "p_all")) == Fraction(1, 33)


def test_hog_ex_sympy(glued):
    # Suit: c = 8, X = 8 w.p. 1/9, -1 w.p. 8/9: E[X] = 0, E[X^2] = 64/9 + 8/9 = 8 = Var.
    page = "hoggenheimer-values"
    assert int(glued(page, "hogx_sy_c")) == 8
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
    # hog-ex-band: sigma = 1, N = 10,000: SE = 0.01; 'inside' iff |z| <= 2, z = mean / SE.
    assert num(glued(page, "hogx_band_se")) == pytest.approx(0.01)
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
        assert level.group(1) in KINDS or level.group(1).split(",")[0] in KINDS, (label, level.group(1))
        kinds.add(level.group(1))
        assert f"```{{solution-start}} {label}\n:class: dropdown" in _source(page), \
            f"{page}: exercise {label} has no hidden solution"
    assert len(kinds) >= 4, f"{game}: exercises of too few kinds: {kinds}"
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
