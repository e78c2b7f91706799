"""Exact values of Banker and Broker, checked three ways (issue 3):

(1) closed forms = exact enumeration through the engine (constructed deck
    orders over every relevant card/rank choice on the 52- and 32-card
    packs; every deck order of small packs);
(2) a seeded Monte Carlo of the engine within 4 standard errors;
(3) closed forms = enumeration over a grid of pack sizes and tie shares t.

Independent derivations are in the comments (a bet on a section faces the
banker's card; the section's card is another card of the pack, uniformly).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
import sympy

from banking_games.cards import parse_card, piquet_pack
from banking_games.errors import ConfigError, DeckError
from banking_games.exact import banker_broker as bb
from banking_games.games.banker_broker import (
    BankChange, BankerBrokerConfig, BankerBrokerDeal, BankerBrokerSession, BottomCard, Sectioning,
    TieRule, section_count)

F = Fraction
R, S, T, K = bb.symbols()


# ---------------------------------------------------------------- engine: the pack as configuration

def test_default_pack_is_the_standard_52():
    c = BankerBrokerConfig()
    assert (c.ranks, c.suits, c.pack_size, c.is_standard_pack) == (13, 4, 52, True)
    assert len(set(c.pack())) == 52


def test_32_card_pack_is_ace_to_seven():
    c = BankerBrokerConfig(ranks=8)
    # A K Q J 10 9 8 7 in four suits = the piquet pack of cards.py
    assert set(c.pack()) == set(piquet_pack()) and len(c.pack()) == 32
    assert "32-card pack" in c.describe()
    deal = BankerBrokerDeal(c, ["Ann"], rng=3)
    deal.bet("Ann", 1)
    deal.play_out()
    assert all(card.rank >= 7 for card in deal.deck) and len(deal.deck) == 32
    assert sum(s.size for s in deal.sections) == 31        # 32 cards, the bottom one discarded


def test_small_pack_deal_from_explicit_order():
    c = BankerBrokerConfig(ranks=2, suits=2, tie_rule=TieRule.STAKE_RETURNED)   # AS KS AH KH
    deal = BankerBrokerDeal(c, ["Ann"], deck=["KS", "AH", "AS", "KH"])
    deal.bet("Ann", 1)
    deal.cut([1, 2])                  # Ann's section KS; banker's AH AS (bottom AS); KH discarded
    deal.play_out()
    assert deal.discarded == parse_card("KH")
    assert deal.settle().results[0].net == -1                      # K below A


@pytest.mark.parametrize("kw", [dict(ranks=0), dict(ranks=14), dict(suits=5), dict(suits=0),
                                dict(ranks="8"), dict(ranks=True), dict(ranks=1, suits=2)])
def test_bad_pack_config(kw):
    with pytest.raises(ConfigError):
        BankerBrokerConfig(**kw)


def test_small_pack_limits_sections():
    c = BankerBrokerConfig(ranks=2, suits=2, sectioning=Sectioning.ONE_EACH)
    with pytest.raises(ConfigError, match="at most 3 sections"):
        section_count(c, 3)                                          # 4 sections need 5 cards
    c3 = BankerBrokerConfig(ranks=3, suits=1, sectioning=Sectioning.ANY)
    with pytest.raises(ConfigError, match="from 2 to 2"):
        section_count(c3, 1, 3)


def test_reduced_pack_deck_checked():
    c = BankerBrokerConfig(ranks=8)
    with pytest.raises(DeckError, match="not in this pack"):
        BankerBrokerDeal(c, ["Ann"], deck=[f"{r}S" for r in "AKQJT98"] + ["2S"] + [c.name for c in c.pack()[8:]])
    # the same cards as equal (not identical) objects are accepted, and the fast path too
    names = [card.name for card in c.pack()][::-1]
    assert BankerBrokerDeal(c, ["Ann"], deck=names).deck == tuple(parse_card(n) for n in names)
    objs = c.pack()[::-1]
    assert BankerBrokerDeal(c, ["Ann"], deck=objs).deck == tuple(objs)
    dup = objs[:-1] + [objs[0]]
    with pytest.raises(DeckError, match="more than once"):
        BankerBrokerDeal(c, ["Ann"], deck=dup)


# ---------------------------------------------------------------- values derived by hand

def test_standard_pack_values():
    # 51 other cards: 3 share the banker's rank -> P(tie) = 3/51 = 1/17; the rest split evenly
    v = bb.section_bet_value(13, 4, 1)
    assert (v.p_tie, v.p_win, v.p_lose) == (F(1, 17), F(8, 17), F(8, 17))
    assert v.expected_value == F(-1, 17) and v.house_edge == F(1, 17)
    # E[X^2] = 1, minus (1/17)^2
    assert v.variance == 1 - F(1, 289)
    assert v.fair_odds == F(9, 8)                     # o * 8/17 = 8/17 + 1/17
    v0 = bb.section_bet_value(13, 4, 0)
    assert v0.expected_value == 0 and v0.variance == F(16, 17) and v0.fair_odds == 1


def test_32_card_pack_values():
    # 31 other cards, 3 of the banker's rank: P(tie) = 3/31, P(win) = 14/31
    v = bb.section_bet_value(8, 4, 1)
    assert (v.p_tie, v.p_win) == (F(3, 31), F(14, 31))
    assert v.house_edge == F(3, 31)
    assert v.fair_odds == F(17, 14)                   # (14 + 3) / 14


def test_bet_values_cover_both_tie_rules():
    vals = bb.bet_values()
    assert [v.tie_net for v in vals] == [F(-1), F(0)]
    assert [v.note for v in vals] == ["ties: bank wins", "ties: stake returned"]
    assert all(v.game == "Banker and Broker" and v.payout_odds == 1 for v in vals)


def test_general_t_closed_form():
    # EV = -t (s-1)/(rs-1)
    # (2 ranks x 1 suit is left out: a 2-card pack, which the engine refuses, see below)
    for r, s, t in product((2, 5, 8, 13), (1, 2, 4), (F(0), F(1, 4), F(1, 2), F(1))):
        if r * s >= 3:
            assert bb.section_bet_value(r, s, t).expected_value == -t * F(s - 1, r * s - 1)
    # the engine needs 3 cards (two sections and a bottom card): the exact module refuses
    # the 2-card pack with the engine's message
    with pytest.raises(ConfigError, match="at least 3 are needed"):
        bb.section_bet_value(2, 1, 1)


def test_bad_inputs():
    for kw in (dict(ranks=0), dict(suits=5), dict(tie_share=F(3, 2)), dict(tie_share=0.5), dict(ranks=1, suits=1)):
        with pytest.raises(ConfigError):
            bb.section_bet_value(**kw)
    with pytest.raises(ConfigError):
        bb.rotation_cycle_expectations(8)
    with pytest.raises(ConfigError):
        bb.engine_law(3, 1, by="suit")


# ---------------------------------------------------------------- (3) sympy = closed forms over a grid

GRID = [(r, s) for r in (1, 2, 3, 4, 8, 13) for s in (1, 2, 3, 4) if r * s >= 3]
TS = (F(0), F(1, 3), F(1, 2), F(1))


def test_sympy_formulas_match_numbers_on_grid():
    formulas = dict(p_tie=bb.tie_probability_formula(), p_win=bb.win_probability_formula(),
                    ev=bb.expected_value_formula(), var=bb.variance_formula(), fair=bb.fair_odds_formula())
    for (r, s), t in product(GRID, TS):
        v = bb.section_bet_value(r, s, t)
        sub = {R: sympy.Integer(r), S: sympy.Integer(s), T: sympy.Rational(t.numerator, t.denominator)}
        assert formulas["p_tie"].xreplace(sub) == sympy.Rational(v.p_tie.numerator, v.p_tie.denominator)
        assert formulas["p_win"].xreplace(sub) == sympy.Rational(v.p_win.numerator, v.p_win.denominator)
        assert formulas["ev"].xreplace(sub) == sympy.Rational(v.expected_value.numerator, v.expected_value.denominator)
        assert formulas["var"].xreplace(sub) == sympy.Rational(v.variance.numerator, v.variance.denominator)
        if r > 1:
            assert formulas["fair"].xreplace(sub) == sympy.Rational(v.fair_odds.numerator, v.fair_odds.denominator)


def test_joint_formulas_match_numbers_and_sum_to_one():
    joint = bb.joint_formulas()
    assert sympy.simplify(sum(joint.values()) - 1) == 0
    cov, corr = bb.pair_moments_formula()
    for (r, s) in GRID:
        if r * s < 4:
            continue
        num = bb.joint_distribution(r, s)
        for key, expr in joint.items():
            assert expr.xreplace({R: sympy.Integer(r), S: sympy.Integer(s)}) == sympy.Rational(num[key].numerator, num[key].denominator)
        for t in TS:
            m = bb.both_sections_moments(r, s, t)
            sub = {R: sympy.Integer(r), S: sympy.Integer(s), T: sympy.Rational(t.numerator, t.denominator)}
            assert cov.xreplace(sub) == sympy.Rational(m.covariance.numerator, m.covariance.denominator)
            if m.variance_one:
                assert corr.xreplace(sub) == sympy.Rational(m.correlation.numerator, m.correlation.denominator)


def test_correlation_of_two_sections_standard_pack():
    # With continuous cards the two signs against one banker's card have
    # correlation 1/3 (P(both above) = 1/3); ties (t=1, counted as losses)
    # shift it a little. The exact value here is computed independently by
    # summing over the banker's rank below.
    m = bb.both_sections_moments(13, 4, 1)
    num = F(0)
    for k in range(13):                             # k ranks above the banker's card
        h, low = 4 * k, 4 * (12 - k) + 3            # higher cards; lower or equal (both lose at t=1)
        # E[X1 X2 | k] with X = +1 on h cards, -1 on the other 51 - h
        same = h * (h - 1) + low * (low - 1)
        diff = 2 * h * low
        num += F(same - diff, 51 * 50)
    cov = num / 13 - F(1, 17) ** 2
    assert m.covariance == cov
    assert 0 < m.correlation < F(1, 2)
    assert m.variance_total == 2 * m.variance_one + 2 * cov > m.variance_independent


# ---------------------------------------------------------------- (1) engine enumeration = closed forms

def test_engine_single_section_standard_pack_by_rank_and_by_card():
    law_rank = bb.engine_law(13, 4)
    law_card = bb.engine_law(13, 4, by="card")      # all 52*51 ordered pairs of cards, dealt
    assert law_rank == law_card
    for t in TS:
        v = bb.value_from_law(law_rank, t)
        w = bb.section_bet_value(13, 4, t)
        assert (v.p_win, v.p_tie, v.expected_value, v.variance) == (w.p_win, w.p_tie, w.expected_value, w.variance)


def test_engine_single_section_32_card_pack_every_card_pair():
    law = bb.engine_law(8, 4, by="card", bottom_card=BottomCard.UNUSED_SECTION)
    v = bb.value_from_law(law, 1)
    assert (v.p_win, v.p_tie) == (F(14, 31), F(3, 31))


def test_engine_bank_wins_nets_are_t_equal_1():
    # dealing under BANK_WINS gives exactly the nets the t = 1 reading of a
    # STAKE_RETURNED deal gives
    law_bank = bb.engine_law(13, 4, tie_rule=TieRule.BANK_WINS)
    v = bb.section_bet_value(13, 4, 1)
    assert law_bank == {(F(-1),): v.p_lose + v.p_tie, (F(1),): v.p_win}
    ex_bank = bb.engine_exhaustive(3, 2, sections=3, tie_rule=TieRule.BANK_WINS)
    tot = {}
    for k, p in ex_bank.items():
        tot[sum(k)] = tot.get(sum(k), 0) + p
    assert tot == bb.both_sections_distribution(3, 2, 1)


def test_engine_both_sections_standard_and_32_packs():
    for r in (13, 8):
        law = bb.engine_law(r, 4, sections=3)
        res = bb.law_to_results(law)
        assert res == {k: p for k, p in bb.joint_distribution(r, 4).items() if p}
        for t in TS:
            assert bb.total_from_law(law, t) == bb.both_sections_distribution(r, 4, t)


def test_engine_16_card_pack_every_card_triple_unused_section():
    # every ordered triple of distinct cards (16*15*14 deals), odd section sizes
    law = bb.engine_law(4, 4, sections=3, by="card", bottom_card=BottomCard.UNUSED_SECTION,
                        sizes=(2, 5, 6))
    assert bb.law_to_results(law) == {k: p for k, p in bb.joint_distribution(4, 4).items() if p}
    assert law == bb.engine_law(4, 4, sections=3)   # the rank-level enumeration agrees


SMALL = [(2, 2), (3, 2), (2, 3), (4, 1), (5, 1), (6, 1), (1, 4)]   # (7, 1) in the benchmark


@pytest.mark.parametrize("r,s", SMALL)
def test_engine_every_deck_order_small_packs(r, s):
    for sections in (2, 3):
        if r * s < sections + 1:
            continue
        for bottom in BottomCard:
            law = bb.engine_exhaustive(r, s, sections=sections, bottom_card=bottom)
            for t in TS:
                if sections == 2:
                    v, w = bb.value_from_law(law, t), bb.section_bet_value(r, s, t)
                    assert (v.p_win, v.p_tie, v.expected_value) == (w.p_win, w.p_tie, w.expected_value)
                else:
                    assert bb.total_from_law(law, t) == bb.both_sections_distribution(r, s, t)


def test_every_cut_and_both_bottom_options_give_one_law():
    # 6-card pack, three sections: every legal section sizing under discard
    # (sizes add to 5) and under an unused bottom section (sizes add to 3 or 4),
    # every deck order: the law never changes (exchangeability)
    want = bb.law_to_results(bb.engine_law(3, 2, sections=3))
    n = 0
    for bottom, totals in ((BottomCard.DISCARD, (5,)), (BottomCard.UNUSED_SECTION, (3, 4))):
        for sizes in product(range(1, 4), repeat=3):
            if sum(sizes) in totals:
                law = bb.engine_exhaustive(3, 2, sections=3, bottom_card=bottom, sizes=sizes)
                assert bb.law_to_results(law) == want, (bottom, sizes)
                n += 1
    assert n == 6 + 1 + 3


def test_four_sections_banker_variance_small_pack():
    # option 3a, three punters: the banker's net is minus their total; its
    # variance is 3 var + 6 cov (every pair of sections has the joint law)
    for t in (F(0), F(1)):
        law = bb.engine_exhaustive(2, 3, sections=4, tie_rule=TieRule.STAKE_RETURNED)
        bank = bb.total_from_law(law, t)
        mean = sum(-x * p for x, p in bank.items())
        var = sum(x * x * p for x, p in bank.items()) - mean ** 2
        cyc = bb.rotation_cycle_expectations(4, 2, 3, t)
        assert (mean, var) == (cyc.banker_mean, cyc.banker_variance)


# ---------------------------------------------------------------- rotation

def test_rotation_cycle_evens_out_the_edge():
    for n in range(2, 8):
        c = bb.rotation_cycle_expectations(n, 13, 4, 1)
        assert c.banker_mean == F(n - 1, 17) and c.punter_mean == F(-1, 17)
        assert c.cycle_mean == 0 and c.cycle_variance > 0


# ---------------------------------------------------------------- (2) Monte Carlo of the engine

def test_monte_carlo_three_section_game():
    mc = bb.engine_monte_carlo(2500, seed=20240601)
    v = bb.section_bet_value(13, 4, 1)
    m = bb.both_sections_moments(13, 4, 1)
    sd_one, sd_tot = float(v.variance) ** 0.5, float(m.variance_total) ** 0.5
    n = mc.deals
    assert abs(mc.mean_one - float(v.expected_value)) < 4 * sd_one / n ** 0.5
    assert abs(mc.mean_total - float(m.mean)) < 4 * sd_tot / n ** 0.5
    p = float(v.p_tie)
    assert abs(mc.tie_rate - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_monte_carlo_rotating_bank_sessions():
    # four players, bank passed left after each deal, each punter stakes 1
    players = ("A", "B", "C", "D")
    rng = random.Random(7)
    cfg = BankerBrokerConfig(bank_change=BankChange.ROTATE_LEFT)
    cycles = 150
    nets = {p: [] for p in players}
    table = BankerBrokerSession(cfg, players, "A")
    for _ in range(cycles):
        before = dict(table.balances)
        for _ in players:
            deal = table.new_deal(rng=rng)
            for p in deal.punters:
                deal.bet(p, 1)
            deal.play_out()
            table.end_deal()
        for p in players:
            nets[p].append(float(table.balances[p] - before[p]))
    c = bb.rotation_cycle_expectations(4)
    se = (float(c.cycle_variance) / cycles) ** 0.5
    for p in players:
        assert abs(sum(nets[p]) / cycles - float(c.cycle_mean)) < 4 * se
