"""Bad input of the wrong shape raises the package's own errors, not a bare
TypeError/AttributeError/IndexError from deep inside (developer rule: "Bad
input -> the package's own exception types, message naming what was wrong
and what is allowed"), and leaves the state unchanged.

Found by an audit that fed non-iterables, strings, numbers and objects to
every public function and method of each game's engine.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import re
from fractions import Fraction as F

import numpy as np
import pytest

from banking_games import checks, registry
from banking_games.classroom import bet_numbers, group_codes, teaching
from banking_games.cards import (Card, Suit, check_deck_order, full_pack, hoggenheimer_pack, parse_cards, random_source,
                                 rank_name, shuffled, top_ranks_pack)
from banking_games.errors import BetError, CardError, ConfigError, DeckError, GameError, RuleError, SeedError
from banking_games.exact import core as ec
from banking_games.games import cut
from banking_games.money import LOSE, PUSH, WIN
from banking_games.simulate import common as sc

# each game's section below names its modules (engine, exact values, simulator), from the registry
MODULE_LAYERS = ("games", "exact", "simulate")

NOT_ITERABLE = [5, 1.5, None, object(), Card(14, Suit.SPADES)]


# ---------------------------------------------------------------- cards.py

@pytest.mark.parametrize("deck", NOT_ITERABLE)
def test_deck_order_that_is_not_a_sequence_is_a_deck_error(deck):
    with pytest.raises(DeckError, match="sequence of the 52 cards"):
        check_deck_order(deck, full_pack())


@pytest.mark.parametrize("names", [5, object(), Card(14, Suit.SPADES)])
def test_parse_cards_of_a_non_sequence_is_a_card_error(names):
    with pytest.raises(CardError):
        parse_cards(names)


# ---------------------------------------------------------------- Hoggenheimer

hg, eh, sh = (registry.game("hoggenheimer").module(layer) for layer in MODULE_LAYERS)

@pytest.mark.parametrize("cards", [5, 1.5, object()])
def test_hoggenheimer_bet_of_non_cards(cards):
    with pytest.raises(BetError, match="legal bets are"):
        hg.Bet(hg.BetKind.CARD, cards)


@pytest.mark.parametrize("config", ["english", 4, hg.BetKind.CARD])
def test_hoggenheimer_all_bets_bad_config(config):
    with pytest.raises(ConfigError, match="HoggenheimerConfig"):
        hg.all_bets(config)


def test_hoggenheimer_next_banker_bad_seating():
    with pytest.raises(RuleError, match="seating must be a sequence of names"):
        hg.next_banker(5, "Ann")
    # the rule itself (diagram1979: bank and deal move to the next player on the left):
    # Ann -> Bob -> Cy -> Ann
    assert [hg.next_banker(["Ann", "Bob", "Cy"], b) for b in ("Ann", "Bob", "Cy")] == ["Bob", "Cy", "Ann"]


@pytest.mark.parametrize("deck", [5, Card(14, Suit.SPADES)])
def test_hoggenheimer_deck_not_a_sequence(deck):
    with pytest.raises(DeckError):
        hg.HoggenheimerDeal(deck=deck)


def test_hoggenheimer_result_of_a_bet_from_elsewhere():
    deal = hg.HoggenheimerDeal(deck=hoggenheimer_pack())  # pack order: the Joker is the 33rd card
    mine = deal.place_bet("Ann", "JH", 2)
    other = hg.HoggenheimerDeal(deck=hoggenheimer_pack())
    foreign = other.place_bet("Bob", "QS", 1)
    deal.play()
    before = deal.transcript()
    for bad in (foreign, "JH", None, 1):
        with pytest.raises(BetError, match="not a bet placed in this deal"):
            deal.result(bad)
    assert deal.transcript() == before
    # Pack order A K Q J 10 9 8 7 of spades, hearts, diamonds, clubs, then the Joker:
    # English procedure, every card lies face down on its own home cell and the Joker is
    # the 33rd card, so the first card turned is the Joker and nothing is turned before it:
    # the bet on JH loses its stake of 2.
    assert deal.turned == ()
    assert deal.result(mine).outcome == LOSE and deal.result(mine).net == -2


# ---------------------------------------------------------------- Landsknecht

lk, el, sl = (registry.game("landsknecht").module(layer) for layer in MODULE_LAYERS)

def test_landsknecht_result_of_a_bet_from_elsewhere():
    deal, _ = lk.new_deal(11)
    bet = deal.place_bet("Ann", deal.players_cards[0], 1)
    other, _ = lk.new_deal(12)
    foreign = other.place_bet("Bob", other.players_cards[0], 1)
    before = deal.transcript()
    for bad in (foreign, "8D", None):
        with pytest.raises(BetError, match="not a bet placed in this deal"):
            deal.result_of(bad)
    assert deal.transcript() == before
    assert deal.result_of(bet) is None  # still live: no card turned yet


@pytest.mark.parametrize("players", [5, "AB", [["x"]]])
def test_landsknecht_players_not_a_sequence_of_names(players):
    with pytest.raises(ConfigError):
        lk.LandsknechtDeal(rng=1, players=players)
    with pytest.raises(ConfigError):
        lk.LandsknechtSession(players, 1)


@pytest.mark.parametrize("top", [5, Card(14, Suit.SPADES)])
def test_landsknecht_deck_with_top_not_a_sequence(top):
    with pytest.raises(CardError):
        lk.deck_with_top(top)


# ---------------------------------------------------------------- Banker and Broker

bb, eb, sb = (registry.game("banker-and-broker").module(layer) for layer in MODULE_LAYERS)

def test_banker_broker_compare_reads_names_and_refuses_bad_cards():
    # diagram1979 (Banker and Broker): the usual ranking with the Ace on top; suits never count:
    # Q > 10, 7 < 8, QH ties QS.
    assert bb.compare("QH", "10S") == 1
    assert bb.compare("7D", "8C") == -1
    assert bb.compare("QH", "QS") == 0
    for bad in (None, 5, "ZZ", "Joker"):
        with pytest.raises(CardError):
            bb.compare(bad, "2S")


def test_banker_broker_outcome_for_bad_tie_rule():
    # Option 4: a tie loses under "bank wins", is returned under "stake returned".
    assert bb.outcome_for("QH", "QS", bb.TieRule.BANK_WINS) == LOSE
    assert bb.outcome_for("QH", "QS", bb.TieRule.STAKE_RETURNED) == PUSH
    assert bb.outcome_for("KH", "QS", bb.TieRule.BANK_WINS) == WIN
    with pytest.raises(ConfigError, match="TieRule"):
        bb.outcome_for("QH", "QS", "stake returned")


def test_banker_broker_section_queries_and_cut_refuse_bad_input():
    deal = bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ("Ann", "Bob"), rng=3)  # 3(a): 3 sections
    deal.bet("Ann", 1)
    before = deal.transcript()
    for bad in (0, 4, "1", None, 1.5, True):
        with pytest.raises(BetError, match="sections are numbered 1 to 3"):
            deal.section_owner(bad)
        with pytest.raises(BetError, match="sections are numbered 1 to 3"):
            deal.bets_on(bad)
    for bad in (5, object()):
        with pytest.raises(BetError, match="section sizes"):
            deal.cut(bad)
    assert deal.transcript() == before and not deal.sections
    # option 3(a): section i is the i-th punter's, the last the banker's
    assert [deal.section_owner(n) for n in (1, 2, 3)] == ["Ann", "Bob", "banker"]
    assert [b.player for b in deal.bets_on(1)] == ["Ann"] and deal.bets_on(2) == []


@pytest.mark.parametrize("people", [5, None, "AB", [["x"], ["y"]]])
def test_banker_broker_names_not_a_sequence(people):
    config = bb.BankerBrokerConfig()
    with pytest.raises(ConfigError):
        bb.BankerBrokerDeal(config, people, rng=1)
    with pytest.raises(ConfigError):
        bb.BankerBrokerSession(config, people, "A")
    with pytest.raises(ConfigError):
        bb.BankerBrokerSession.by_high_cut(config, people, rng=1)
    with pytest.raises(ConfigError):
        bb.cut_for_bank(people, rng=1)


@pytest.mark.parametrize("rounds", [5, "AS", {"a": "AS", "b": "KS"}, ["AS KS"]])
def test_banker_broker_bad_cut_rounds(rounds):
    table = bb.BankerBrokerSession(bb.BankerBrokerConfig(bank_change=bb.BankChange.CUT_FOR_BANK), ["a", "b"], "a")
    table.new_deal(rng=1)
    table.deal.play_out()
    before = (table.banker, table.deal_number, dict(table.balances), table.deal)
    with pytest.raises(RuleError):
        table.end_deal(cut_rounds=rounds)
    assert (table.banker, table.deal_number, dict(table.balances), table.deal) == before
    # the same cut given properly is accepted: b's king beats a's queen (high cut)
    result = table.end_deal(cut_rounds=[{"a": "QS", "b": "KH"}])
    assert result.new_banker == "b"


def test_every_error_above_is_a_game_error():
    # the package promise (errors.py): every error on bad input is a GameError
    for exc in (BetError, CardError, ConfigError, DeckError, RuleError):
        assert issubclass(exc, GameError)


# ================================================================ issue 21: one table per kind
#
# Kind 1: True/False where a whole number (an index, a count, a seed, a number of sections,
# a stake, a position) is expected. bool is a subclass of int in Python, so True passed for
# 1 wherever a check was isinstance(x, int). Each row: the public entry point and parameter
# ("module.qualname:param"), a call taking the bad value, words the refusal must contain.
# Every refusal through banking_games.checks.whole_number says "True/False is not a number".


NOT_A_NUMBER = "True/False is not a number"
SEED = "rng must be a non-negative int seed"
STAKE = "a stake must be a positive amount"


def _gen():
    return np.random.default_rng(1)


def _bb_deal():
    return bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ("Ann", "Bob"), rng=3)  # 3(a): 3 sections


def _bb_session():
    return bb.BankerBrokerSession(bb.BankerBrokerConfig(), ("Ann", "Bob"), "Ann")


def _bb_cut_session_after_a_deal():
    table = bb.BankerBrokerSession(bb.BankerBrokerConfig(bank_change=bb.BankChange.CUT_FOR_BANK), ("Ann", "Bob"), "Ann")
    table.new_deal(rng=1)
    table.deal.play_out()
    return table


INT_CASES = [
    ("games.banker_broker.first_banker_rng:seed", lambda v: bb.first_banker_rng(v), NOT_A_NUMBER),
    ("games.banker_broker.deal_rng:seed", lambda v: bb.deal_rng(v, 1), NOT_A_NUMBER),
    ("games.banker_broker.deal_rng:number", lambda v: bb.deal_rng(1, v), NOT_A_NUMBER),
    ("games.banker_broker.bank_cut_rng:seed", lambda v: bb.bank_cut_rng(v, 1), NOT_A_NUMBER),
    ("games.banker_broker.bank_cut_rng:number", lambda v: bb.bank_cut_rng(1, v), NOT_A_NUMBER),
    # group codes (banking_games.group_codes): every number a code carries, and the helpers' sizes
    ("classroom.group_codes.GroupCode:seed", lambda v: group_codes.GroupCode("hoggenheimer", "lesson", v, 10), "the seed must"),
    ("classroom.group_codes.GroupCode:deals", lambda v: group_codes.GroupCode("hoggenheimer", "lesson", 1, v),
     "the number of deals must"),
    ("classroom.group_codes.GroupCode:counts", lambda v: group_codes.GroupCode(
        "hoggenheimer", "lesson", 1, 10, counts={"A": (v, 10)}), "successes of 'A' must be a whole number"),
    ("classroom.group_codes.bet_spec:index", lambda v: group_codes.bet_spec("hoggenheimer", v), NOT_A_NUMBER),
    ("classroom.group_codes.format_code:group", lambda v: group_codes.format_code("GAHLU7CD", v), NOT_A_NUMBER),
    ("classroom.group_codes.qr_svg:scale", lambda v: group_codes.qr_svg("GAHL-U7CD-8D6D-5D3D-JFH6-262C-232Y", scale=v),
     NOT_A_NUMBER),
    ("cards.Card:rank", lambda v: Card(v, Suit.SPADES), "no rank"),
    ("cards.rank_name:rank", lambda v: rank_name(v), "no rank"),
    # top_ranks_pack is cached: top_ranks_pack(1, 4) first, so that True would be served from the cache
    ("cards.top_ranks_pack:ranks", lambda v: (top_ranks_pack(1, 4), top_ranks_pack(v, 4)), "a pack has 1 to 13 ranks"),
    ("cards.top_ranks_pack:suits", lambda v: (top_ranks_pack(13, 1), top_ranks_pack(13, v)), "a pack has 1 to 13 ranks"),
    ("cards.shuffled:rng", lambda v: shuffled(full_pack(), v), SEED),
    ("cards.random_source:rng", lambda v: random_source(v), SEED),
    ("classroom.teaching.Count:successes", lambda v: teaching.Count(v, 3), NOT_A_NUMBER),
    ("classroom.teaching.Count:trials", lambda v: teaching.Count(0, v), NOT_A_NUMBER),
    ("classroom.teaching.band:trials", lambda v: teaching.band(F(1, 2), v), NOT_A_NUMBER),
    ("classroom.teaching.band:per_deal", lambda v: teaching.band(F(1, 2), 4, per_deal=v), NOT_A_NUMBER),
    ("classroom.teaching.summary_rows:per_deal", lambda v: teaching.summary_rows(
        {"a": teaching.Count(1, 2)}, {"a": F(1, 2)}, {"a": "A"}, per_deal={"a": v}), NOT_A_NUMBER),
    ("classroom.banker_broker.net_variance:sections",
     lambda v: registry.game("banker-and-broker").module("classroom").net_variance(v), NOT_A_NUMBER),
    ("classroom.teaching.class_bands:deals_per_group", lambda v: teaching.class_bands({}, v), NOT_A_NUMBER),
    ("classroom.teaching.class_bands:groups", lambda v: teaching.class_bands({}, 10, [v]), NOT_A_NUMBER),
    ("classroom.teaching.group_seeds:first", lambda v: teaching.group_seeds(v, 3), NOT_A_NUMBER),
    ("classroom.teaching.group_seeds:groups", lambda v: teaching.group_seeds(1, v), NOT_A_NUMBER),
    # each game's lesson group (its classroom module's group(seed, deals, players))
    *[(f"classroom.{g.package}.group:seed", (lambda m: lambda v: m.group(v, 2))(g.module("classroom")), NOT_A_NUMBER)
      for g in registry.GAMES],
    *[(f"classroom.{g.package}.group:deals", (lambda m: lambda v: m.group(1, v))(g.module("classroom")), NOT_A_NUMBER)
      for g in registry.GAMES],
    ("classroom.teaching.net_band:stakes_per_deal", lambda v: teaching.net_band(F(0), F(1), v, 10), NOT_A_NUMBER),
    ("classroom.teaching.net_band:deals", lambda v: teaching.net_band(F(0), F(1), 1, v), NOT_A_NUMBER),
    # each game's bet notation in a code (group_codes.bet_spec calls it; checked here when called directly too)
    *[(f"classroom.{g.package}.bet_spec:index", (lambda m: lambda v: m.bet_spec(v))(g.module("classroom")),
       NOT_A_NUMBER) for g in registry.GAMES],
    ("classroom.bet_numbers.numbered_bet_spec:index", lambda v: bet_numbers.numbered_bet_spec("Game", "bet ", v),
     NOT_A_NUMBER),
    ("games.hoggenheimer.HoggenheimerConfig:suits", lambda v: hg.HoggenheimerConfig(suits=v), NOT_A_NUMBER),
    ("games.hoggenheimer.HoggenheimerConfig:ranks", lambda v: hg.HoggenheimerConfig(ranks=v), NOT_A_NUMBER),
    ("games.hoggenheimer.HoggenheimerDeal:rng", lambda v: hg.HoggenheimerDeal(rng=v), SEED),
    ("games.hoggenheimer.HoggenheimerDeal.cell:row", lambda v: hg.HoggenheimerDeal(rng=1).cell(v, 0), "no cell"),
    ("games.hoggenheimer.HoggenheimerDeal.cell:column", lambda v: hg.HoggenheimerDeal(rng=1).cell(0, v), "no cell"),
    ("games.hoggenheimer.HoggenheimerDeal.place_bet:stake",
     lambda v: hg.HoggenheimerDeal(rng=1).place_bet("Ann", "AS", v), STAKE),
    ("games.hoggenheimer.card_at:row", lambda v: hg.card_at(v, 0), "no cell"),
    ("games.hoggenheimer.card_at:column", lambda v: hg.card_at(0, v), "no cell"),
    ("games.hoggenheimer.choose_first_banker:rng", lambda v: hg.choose_first_banker(["A", "B"], rng=v), SEED),
    ("games.banker_broker.BankerBrokerConfig:section_limit", lambda v: bb.BankerBrokerConfig(section_limit=v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerConfig:deals_per_bank", lambda v: bb.BankerBrokerConfig(deals_per_bank=v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerConfig:ranks", lambda v: bb.BankerBrokerConfig(ranks=v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerConfig:suits", lambda v: bb.BankerBrokerConfig(suits=v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerDeal:n_sections",
     lambda v: bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ("Ann", "Bob"), rng=1, n_sections=v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerDeal:rng",
     lambda v: bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ("Ann", "Bob"), rng=v), SEED),
    ("games.banker_broker.BankerBrokerDeal.section_owner:number", lambda v: _bb_deal().section_owner(v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerDeal.bets_on:number", lambda v: _bb_deal().bets_on(v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerDeal.bet:section", lambda v: _bb_deal().bet("Ann", 1, v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerDeal.bet:stake", lambda v: _bb_deal().bet("Ann", v), STAKE),
    ("games.banker_broker.BankerBrokerDeal.cut:sizes", lambda v: _bb_deal().cut([v, 25, 25]), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerSession.new_deal:n_sections",
     lambda v: _bb_session().new_deal(rng=1, n_sections=v), NOT_A_NUMBER),
    ("games.banker_broker.BankerBrokerSession.new_deal:rng", lambda v: _bb_session().new_deal(rng=v), SEED),
    ("games.banker_broker.BankerBrokerSession.by_high_cut:rng",
     lambda v: bb.BankerBrokerSession.by_high_cut(bb.BankerBrokerConfig(), ("Ann", "Bob"), rng=v), SEED),
    ("games.banker_broker.BankerBrokerSession.end_deal:rng", lambda v: _bb_cut_session_after_a_deal().end_deal(rng=v), SEED),
    ("games.banker_broker.section_count:n_punters", lambda v: bb.section_count(bb.BankerBrokerConfig(), v), NOT_A_NUMBER),
    ("games.banker_broker.section_count:n_sections",
     lambda v: bb.section_count(bb.BankerBrokerConfig(), 2, v), NOT_A_NUMBER),
    ("games.landsknecht.LandsknechtConfig:ranks", lambda v: lk.LandsknechtConfig(ranks=v), NOT_A_NUMBER),
    ("games.landsknecht.LandsknechtConfig:suits", lambda v: lk.LandsknechtConfig(suits=v), NOT_A_NUMBER),
    ("games.landsknecht.LandsknechtConfig:min_stake", lambda v: lk.LandsknechtConfig(min_stake=v), "positive amount"),
    ("games.landsknecht.LandsknechtDeal:rng", lambda v: lk.LandsknechtDeal(rng=v), SEED),
    ("games.landsknecht.LandsknechtDeal.place_bet:stake",
     lambda v: (lambda d: d.place_bet("Ann", d.players_cards[0], v))(lk.new_deal(11)[0]), STAKE),
    ("games.landsknecht.LandsknechtSession:rng", lambda v: lk.LandsknechtSession(["A", "B"], v), SEED),
    ("games.landsknecht.choose_first_banker:rng", lambda v: lk.choose_first_banker(["A", "B"], rng=v), SEED),
    ("games.landsknecht.new_deal:rng", lambda v: lk.new_deal(v), SEED),
    ("games.cut.cut_for_bank:rng", lambda v: cut.cut_for_bank(["A", "B"], rng=v), SEED),
    ("exact.core.session_distribution:n_deals", lambda v: ec.session_distribution({F(1): F(1)}, v), NOT_A_NUMBER),
    ("exact.core.value_table:digits", lambda v: ec.value_table(eh.bet_values(), digits=v), NOT_A_NUMBER),
    ("exact.hoggenheimer.cards_turned_distribution:n", lambda v: eh.cards_turned_distribution(v), NOT_A_NUMBER),
    ("exact.hoggenheimer.expected_cards_turned:n", lambda v: eh.expected_cards_turned(v), NOT_A_NUMBER),
    ("exact.hoggenheimer.win_probability:m", lambda v: eh.win_probability(v), NOT_A_NUMBER),
    ("exact.hoggenheimer.win_probability:n", lambda v: eh.win_probability(1, v), NOT_A_NUMBER),
    ("exact.hoggenheimer.engine_exhaustive:suits", lambda v: eh.engine_exhaustive(v, 2), NOT_A_NUMBER),
    ("exact.hoggenheimer.engine_exhaustive:ranks", lambda v: eh.engine_exhaustive(1, v), NOT_A_NUMBER),
    ("exact.hoggenheimer.engine_turned_sets:suits", lambda v: eh.engine_turned_sets(v, 2), NOT_A_NUMBER),
    ("exact.hoggenheimer.engine_turned_sets:ranks", lambda v: eh.engine_turned_sets(1, v), NOT_A_NUMBER),
    ("exact.hoggenheimer.several_bets_value:stakes", lambda v: eh.several_bets_value(["AS"], [v]), "exact rational"),
    ("exact.hoggenheimer.several_bets_distribution:stakes",
     lambda v: eh.several_bets_distribution(["AS"], [v]), "exact rational"),
    ("exact.banker_broker.bottom_positions:sizes", lambda v: eb.bottom_positions([v, 2]), "whole number"),
    ("exact.banker_broker.constructed_deck:placed", lambda v: eb.constructed_deck(full_pack(), {v: Card(2, Suit.CLUBS)}), NOT_A_NUMBER),
    ("exact.banker_broker.engine_law:sections", lambda v: eb.engine_law(3, 2, sections=v), NOT_A_NUMBER),
    ("exact.banker_broker.engine_law:sizes", lambda v: eb.engine_law(3, 2, sizes=[v, 2, 2]), "whole number"),
    ("exact.banker_broker.engine_exhaustive:sections", lambda v: eb.engine_exhaustive(3, 2, sections=v), NOT_A_NUMBER),
    ("exact.banker_broker.engine_exhaustive:sizes", lambda v: eb.engine_exhaustive(3, 2, sizes=[v, 2, 2]), "whole number"),
    ("exact.banker_broker.engine_monte_carlo:deals", lambda v: eb.engine_monte_carlo(v, 1), NOT_A_NUMBER),
    ("exact.banker_broker.engine_monte_carlo:seed", lambda v: eb.engine_monte_carlo(10, v), SEED),
    ("exact.banker_broker.rotation_cycle_expectations:players", lambda v: eb.rotation_cycle_expectations(v), NOT_A_NUMBER),
    ("exact.landsknecht.race_probability:a", lambda v: el.race_probability(v, 1), NOT_A_NUMBER),
    ("exact.landsknecht.race_probability:b", lambda v: el.race_probability(1, v), NOT_A_NUMBER),
    ("simulate.common.as_generator:rng", lambda v: sc.as_generator(v), "rng must be a non-negative int seed"),
    ("simulate.common.run_in_chunks:n_deals", lambda v: sc.run_in_chunks(v, lambda n, g: {}, 1), NOT_A_NUMBER),
    ("simulate.common.run_in_chunks:chunk_size",
     lambda v: sc.run_in_chunks(3, lambda n, g: {}, 1, chunk_size=v, progress=False), NOT_A_NUMBER),
    ("simulate.common.run_in_chunks:rng", lambda v: sc.run_in_chunks(3, lambda n, g: {}, v, progress=False), "rng must be"),
    ("simulate.common.run_to_table:n_deals", lambda v: sc.run_to_table(lambda n, g: {}, v, 1, chunk_size=10,
                                                                      progress=False, as_frame=False, desc=""), NOT_A_NUMBER),
    ("simulate.common.run_to_table:chunk_size", lambda v: sc.run_to_table(lambda n, g: {}, 3, 1, chunk_size=v,
                                                                         progress=False, as_frame=False, desc=""), NOT_A_NUMBER),
    ("simulate.common.run_to_table:rng", lambda v: sc.run_to_table(lambda n, g: {}, 3, v, chunk_size=10,
                                                                  progress=False, as_frame=False, desc=""), "rng must be"),
    ("simulate.common.session_totals:session_length", lambda v: sc.session_totals(np.zeros(4), v), NOT_A_NUMBER),
    ("simulate.common.shuffled_decks:n_decks", lambda v: sc.shuffled_decks(v, 5, _gen()), NOT_A_NUMBER),
    ("simulate.common.shuffled_decks:pack_size", lambda v: sc.shuffled_decks(2, v, _gen()), NOT_A_NUMBER),
    ("simulate.hoggenheimer.fast_deals:n", lambda v: sh.fast_deals(v, _gen()), NOT_A_NUMBER),
    ("simulate.hoggenheimer.simulate:n_deals", lambda v: sh.simulate(v), NOT_A_NUMBER),
    ("simulate.hoggenheimer.simulate:chunk_size", lambda v: sh.simulate(10, chunk_size=v), NOT_A_NUMBER),
    ("simulate.hoggenheimer.simulate:rng", lambda v: sh.simulate(10, rng=v), "rng must be"),
    ("simulate.hoggenheimer.simulate_engine:n_deals", lambda v: sh.simulate_engine(v), NOT_A_NUMBER),
    ("simulate.hoggenheimer.simulate_engine:chunk_size", lambda v: sh.simulate_engine(3, chunk_size=v), NOT_A_NUMBER),
    ("simulate.hoggenheimer.simulate_engine:rng", lambda v: sh.simulate_engine(3, rng=v), "rng must be"),
    ("simulate.banker_broker.bankroll_paths:n_paths", lambda v: sb.bankroll_paths(np.ones(10), v, 3), NOT_A_NUMBER),
    ("simulate.banker_broker.bankroll_paths:n_deals", lambda v: sb.bankroll_paths(np.ones(10), 2, v), NOT_A_NUMBER),
    ("simulate.banker_broker.bankroll_paths:start", lambda v: sb.bankroll_paths(np.ones(10), 2, 3, start=v), NOT_A_NUMBER),
    ("simulate.banker_broker.deal_decks:punters", lambda v: sb.deal_decks(np.zeros((1, 52)), np.ones((1, 3)), punters=v), NOT_A_NUMBER),
    ("simulate.banker_broker.deal_decks:n_sections",
     lambda v: sb.deal_decks(np.zeros((1, 52)), np.ones((1, 3)), n_sections=v), NOT_A_NUMBER),
    ("simulate.banker_broker.deal_decks:stakes", lambda v: sb.deal_decks(np.zeros((1, 52)), np.ones((1, 3)), stakes=v), "stakes must be"),
    ("simulate.banker_broker.engine_deal_decks:punters",
     lambda v: sb.engine_deal_decks(np.zeros((1, 52)), np.ones((1, 3)), punters=v), NOT_A_NUMBER),
    ("simulate.banker_broker.engine_deal_decks:n_sections",
     lambda v: sb.engine_deal_decks(np.zeros((1, 52)), np.ones((1, 3)), n_sections=v), NOT_A_NUMBER),
    ("simulate.banker_broker.engine_deal_decks:stakes",
     lambda v: sb.engine_deal_decks(np.zeros((1, 52)), np.ones((1, 3)), stakes=v), "stakes must be"),
    ("simulate.banker_broker.fast_deals:n", lambda v: sb.fast_deals(v, _gen()), NOT_A_NUMBER),
    ("simulate.banker_broker.fast_deals:punters", lambda v: sb.fast_deals(3, _gen(), punters=v), NOT_A_NUMBER),
    ("simulate.banker_broker.fast_deals:n_sections", lambda v: sb.fast_deals(3, _gen(), n_sections=v), NOT_A_NUMBER),
    ("simulate.banker_broker.fast_deals:stakes", lambda v: sb.fast_deals(3, _gen(), stakes=v), "stakes must be"),
    ("simulate.banker_broker.random_sizes:n", lambda v: sb.random_sizes(v, bb.BankerBrokerConfig(), 3, _gen()), NOT_A_NUMBER),
    ("simulate.banker_broker.random_sizes:k", lambda v: sb.random_sizes(3, bb.BankerBrokerConfig(), v, _gen()), NOT_A_NUMBER),
    ("simulate.banker_broker.section_count_for:punters", lambda v: sb.section_count_for(None, v), NOT_A_NUMBER),
    ("simulate.banker_broker.section_count_for:n_sections", lambda v: sb.section_count_for(None, 2, v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate:n_deals", lambda v: sb.simulate(v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate:punters", lambda v: sb.simulate(10, punters=v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate:n_sections", lambda v: sb.simulate(10, n_sections=v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate:chunk_size", lambda v: sb.simulate(10, chunk_size=v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate:stakes", lambda v: sb.simulate(10, stakes=v), "stakes must be"),
    ("simulate.banker_broker.simulate:rng", lambda v: sb.simulate(10, rng=v), "rng must be"),
    ("simulate.banker_broker.simulate_engine:n_deals", lambda v: sb.simulate_engine(v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate_engine:punters", lambda v: sb.simulate_engine(3, punters=v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate_engine:n_sections", lambda v: sb.simulate_engine(3, n_sections=v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate_engine:chunk_size", lambda v: sb.simulate_engine(3, chunk_size=v), NOT_A_NUMBER),
    ("simulate.banker_broker.simulate_engine:stakes", lambda v: sb.simulate_engine(3, stakes=v), "stakes must be"),
    ("simulate.banker_broker.simulate_engine:rng", lambda v: sb.simulate_engine(3, rng=v), "rng must be"),
    ("simulate.landsknecht.BetPlan:card", lambda v: sl.simulate(10, [sl.BetPlan("x", card=v)]), "got True"),
    ("simulate.landsknecht.BetPlan:wait", lambda v: sl.simulate(10, [sl.BetPlan("x", wait=v)]), "got True"),
    ("simulate.landsknecht.BetPlan:stake", lambda v: sl.simulate(10, [sl.BetPlan("x", stake=v)]), "got True"),
    ("simulate.landsknecht.simulate:n_deals", lambda v: sl.simulate(v), NOT_A_NUMBER),
    ("simulate.landsknecht.simulate:chunk_size", lambda v: sl.simulate(10, chunk_size=v), NOT_A_NUMBER),
    ("simulate.landsknecht.simulate:rng", lambda v: sl.simulate(10, rng=v), "rng must be"),
    ("simulate.landsknecht.simulate_engine:n_deals", lambda v: sl.simulate_engine(v), NOT_A_NUMBER),
    ("simulate.landsknecht.simulate_engine:chunk_size", lambda v: sl.simulate_engine(3, chunk_size=v), NOT_A_NUMBER),
    ("simulate.landsknecht.simulate_engine:rng", lambda v: sl.simulate_engine(3, rng=v), "rng must be"),
]

# the pack sizes of the exact module: every (ranks, suits) function, called with True for one of them
for _mod, _fns in ((eb, ("both_sections_distribution", "both_sections_moments", "engine_exhaustive", "engine_law",
                         "joint_distribution", "section_bet_value", "tie_probability", "win_probability",
                         "rotation_cycle_expectations", "engine_monte_carlo")),
                   (el, ("bet_values", "deal_length_distribution", "engine_exhaustive", "engine_recursion",
                         "expected_deal_length", "expected_players_cards", "players_cards_distribution",
                         "setup_length_distribution", "void_probability", "bet_win_probability"))):
    for _fn in _fns:
        _f = getattr(_mod, _fn)
        _lead = {"rotation_cycle_expectations": (3,), "engine_monte_carlo": (10, 1)}.get(_fn, ())
        _name = "exact." + _mod.__name__.rsplit(".", 1)[1] + "." + _fn
        if _fn != "bet_win_probability":
            INT_CASES.append((f"{_name}:ranks", lambda v, f=_f, a=_lead: f(*a, v, 4), NOT_A_NUMBER))
            INT_CASES.append((f"{_name}:suits", lambda v, f=_f, a=_lead: f(*a, 3, v), NOT_A_NUMBER))
        else:
            INT_CASES.append((f"{_name}:suits", lambda v, f=_f: f(v), NOT_A_NUMBER))


@pytest.mark.parametrize("key, call, words", INT_CASES, ids=[c[0] for c in INT_CASES])
@pytest.mark.parametrize("bad", [True, False])
def test_true_or_false_is_not_a_whole_number(key, call, words, bad):
    with pytest.raises(GameError) as info:
        call(bad)
    if words == "got True":
        words = f"got {bad}"
    assert words in str(info.value), str(info.value)


def test_true_refused_on_a_deal_leaves_it_unchanged():
    deal = _bb_deal()
    deal.bet("Ann", 1)
    before = deal.transcript()
    for action in (lambda: deal.bet("Bob", 1, True), lambda: deal.cut([True, 25, 25]),
                   lambda: deal.section_owner(True), lambda: deal.bet("Bob", True)):
        with pytest.raises(GameError):
            action()
    assert deal.transcript() == before and not deal.sections
    hog = hg.HoggenheimerDeal(rng=1)
    before = hog.transcript()
    with pytest.raises(BetError):
        hog.cell(True, 0)
    assert hog.transcript() == before
    # True would have been row 1 (hearts), column 0 (the ace): the home cell of AH
    assert hg.card_at(1, 0) == Card(14, Suit.HEARTS)


# Parameters that take a whole number but need no row above, each with the reason.
INT_EXEMPT = {
    # each game's classroom hooks, called by the game-independent code after it has checked its input
    "classroom.teaching.check_group": "the group functions' own check: their rows (classroom.<game>.group:seed, :deals)",
    **{f"classroom.{g.package}.{hook}": why for g in registry.GAMES for hook, why in (
        ("Plan.deal", "rng is the repeat's own random.Random(seed), made by _Run from a checked seed"),
        ("repeat_template", "rng is the board's own random.Random(0)"),
        ("cards_counts", "called by ClassBoard.add_cards with the form's fields read as whole numbers"),
        ("check_counts", "called by board_checks.check_counts after it checks deals and every count"),
        ("code_impossible", "called by GroupCode after it checks deals and every count"))},
    # result records the package builds and returns (never read from a caller's input)
    "classroom.teaching.GroupCounts": "record returned by the group functions, which check seed and deals",
    "classroom.teaching.MeanNet": "record returned by teaching.mean_net, computed from pooled counts",
    "games.hoggenheimer.CardTurned": "event record built by the engine",
    "games.hoggenheimer.PlacedBet": "record returned by place_bet",
    "games.banker_broker.BankChangeResult": "record returned by end_deal",
    "games.banker_broker.Bet": "record returned by bet",
    "games.banker_broker.Section": "record built by cut",
    "games.banker_broker.SectionTurned": "event record built by turn",
    "games.landsknecht.Bet": "record returned by place_bet",
    "games.landsknecht.LandsknechtEvent": "event record built by turn",
    "exact.hoggenheimer.EnumerationResult": "record returned by engine_exhaustive",
    "exact.banker_broker.CycleValues": "record returned by rotation_cycle_expectations",
    "exact.banker_broker.MonteCarlo": "record returned by engine_monte_carlo",
    "exact.landsknecht.EnumerationResult": "record returned by engine_exhaustive/engine_recursion",
    "simulate.common.MeanEstimate": "record returned by mean_estimate",
    "money.BetResult": "record built by the engines' settlements",
    # checked elsewhere or not a count
    "simulate.common.deck_array:size": "the pack size, read from the simulator's config",
    "simulate.common.run_in_chunks:simulate_chunk": "a function (its annotation mentions int)",
    "simulate.common.run_to_table:simulate_chunk": "a function (its annotation mentions int)",
    "games.landsknecht.LandsknechtConfig:max_stake": "checked by to_stake as min_stake (row above)",
    "simulate.common.shuffled_decks:rng": "a numpy Generator passed on by the simulators (rng rows above)",
}

# The modules whose public callables the discovery below reads; widgets' constructors are
# tested in tests/test_widgets_*.py (their check_seed is checks.whole_number).
INT_MODULES = ["cards", "money", "classroom.teaching", "games.cut", "exact.core", "simulate.common",
               "classroom.group_codes", "classroom.bet_numbers",
               *(f"{layer}.{g.package}" for layer in (*MODULE_LAYERS, "classroom") for g in registry.GAMES)]
_INT_ANNOTATION = re.compile(r"\bint\b")
_COUNT_NAMES = {"rng", "seed", "stake", "stakes"}


def _public_callables(module_name):
    """(key prefix, function) for every public function, class and method defined in the module
    (for a package such as games.hoggenheimer: in the package or one of its own sub-modules, read
    through the names the package exports)."""
    mod = importlib.import_module("banking_games." + module_name)
    for name, obj in sorted(vars(mod).items()):
        home = getattr(obj, "__module__", None)
        if name.startswith("_") or not (home == mod.__name__ or (hasattr(mod, "__path__") and str(home).startswith(mod.__name__ + "."))):
            continue
        if inspect.isfunction(inspect.unwrap(obj)):  # unwrap: functools.lru_cache and the like
            yield f"{module_name}.{name}", obj
        elif inspect.isclass(obj) and not issubclass(obj, enum.Enum):
            yield f"{module_name}.{name}", obj
            for mname, member in vars(obj).items():
                func = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                if not mname.startswith("_") and inspect.isfunction(func):
                    yield f"{module_name}.{name}.{mname}", func


def _number_parameters():
    for module_name in INT_MODULES:
        for prefix, func in _public_callables(module_name):
            try:
                params = inspect.signature(func).parameters.values()
            except (TypeError, ValueError):
                continue
            for p in params:
                if _INT_ANNOTATION.search(str(p.annotation)) or p.name in _COUNT_NAMES:
                    yield prefix, f"{prefix}:{p.name}"


def test_every_whole_number_parameter_is_in_the_table():
    # A new public parameter annotated int (or named rng/seed/stake/stakes) fails here
    # until it gets a row in INT_CASES (or a reason in INT_EXEMPT).
    covered = {key for key, _, _ in INT_CASES}
    missing = [key for prefix, key in _number_parameters()
               if key not in covered and key not in INT_EXEMPT and prefix not in INT_EXEMPT]
    assert not missing, "whole-number parameters with no bad-input row: " + ", ".join(missing)
    # and the table names only parameters that exist (no stale rows)
    found = {key for _, key in _number_parameters()}
    stale = [key for key in covered if key not in found and ":min_stake" not in key]
    assert not stale, "rows for parameters that no longer exist: " + ", ".join(stale)


# Kind 2: one string where a sequence of names is expected. "Anna" is one name, not the four
# players "A", "n", "n", "a".

NAMES_CASES = [
    ("games.hoggenheimer.choose_first_banker:players", lambda v: hg.choose_first_banker(v, rng=1)),
    ("games.hoggenheimer.next_banker:seating", lambda v: hg.next_banker(v, "A")),
    ("games.banker_broker.BankerBrokerDeal:punters", lambda v: bb.BankerBrokerDeal(bb.BankerBrokerConfig(), v, rng=1)),
    ("games.banker_broker.BankerBrokerSession:players", lambda v: bb.BankerBrokerSession(bb.BankerBrokerConfig(), v, "A")),
    ("games.banker_broker.BankerBrokerSession.by_high_cut:players",
     lambda v: bb.BankerBrokerSession.by_high_cut(bb.BankerBrokerConfig(), v, rng=1)),
    ("games.cut.cut_for_bank:cutters", lambda v: cut.cut_for_bank(v, rng=1)),
    ("games.landsknecht.LandsknechtDeal:players", lambda v: lk.LandsknechtDeal(rng=1, players=v)),
    ("games.landsknecht.new_deal:players", lambda v: lk.new_deal(1, players=v)),
    ("games.landsknecht.choose_first_banker:players", lambda v: lk.choose_first_banker(v, rng=1)),
    ("games.landsknecht.LandsknechtSession:players", lambda v: lk.LandsknechtSession(v, 1)),
    ("classroom.landsknecht.lesson_stakes:players",
     lambda v: registry.game("landsknecht").module("classroom").lesson_stakes(lk.new_deal(1), v)),
    *[(f"classroom.{g.package}.group:players", (lambda m: lambda v: m.group(1, 2, v))(g.module("classroom")))
      for g in registry.GAMES],
]
NAME_PARAMETERS = {"players", "punters", "seating", "cutters"}
NAMES_EXEMPT = {
    "classroom.teaching.check_group:players": "the group functions' own check: their rows (classroom.<game>.group:players)",
    "games.cut.CutForBank:cutters": "record returned by cut_for_bank",
    "exact.banker_broker.CycleValues:players": "a count of players (whole number), in INT_CASES",
    "exact.banker_broker.rotation_cycle_expectations:players": "a count of players, in INT_CASES",
    "simulate.banker_broker.deal_decks:punters": "a count of punters, in INT_CASES",
    "simulate.banker_broker.engine_deal_decks:punters": "a count of punters, in INT_CASES",
    "simulate.banker_broker.fast_deals:punters": "a count of punters, in INT_CASES",
    "simulate.banker_broker.section_count_for:punters": "a count of punters, in INT_CASES",
    "simulate.banker_broker.simulate:punters": "a count of punters, in INT_CASES",
    "simulate.banker_broker.simulate_engine:punters": "a count of punters, in INT_CASES",
}


@pytest.mark.parametrize("key, call", NAMES_CASES, ids=[c[0] for c in NAMES_CASES])
@pytest.mark.parametrize("bad", ["Anna", b"Anna", {"Anna", "Ben"}, 5, [["Anna"], ["Ben"]]])
def test_one_string_is_not_a_sequence_of_names(key, call, bad):
    with pytest.raises(GameError) as info:
        call(bad)
    text = str(info.value)
    assert "sequence of names" in text or "in order" in text, text
    if isinstance(bad, (str, bytes)):
        assert "not one string" in text, text


def test_every_names_parameter_is_in_the_table():
    covered = {key for key, _ in NAMES_CASES}
    keys = []
    for module_name in INT_MODULES:
        for prefix, func in _public_callables(module_name):
            try:
                params = inspect.signature(func).parameters
            except (TypeError, ValueError):
                continue
            keys += [f"{prefix}:{name}" for name in params if name in NAME_PARAMETERS]
    missing = [k for k in keys if k not in covered and k not in NAMES_EXEMPT]
    assert not missing, "players/seating parameters with no single-string row: " + ", ".join(missing)


def test_checks_accept_what_they_should():
    # numpy integers are whole numbers; a list or tuple of names is kept in order
    assert checks.whole_number(np.int64(3), "n", low=1) == 3
    assert checks.names(["Anna", "Ben"], "players") == ("Anna", "Ben")
    assert checks.names(("Cleo",), "players") == ("Cleo",)
    # Ann -> Bob -> Cy: the seat after Cy is Ann (bank passes left, diagram1979)
    assert hg.next_banker(("Ann", "Bob", "Cy"), "Cy") == "Ann"


def test_tables_refuse_true_as_a_seed_and_one_string_as_players():
    # the widgets' public constructors use the same two checks (widgets/controls.py check_seed,
    # check_players_arg -> banking_games.checks)
    for table in (g.table_class() for g in registry.GAMES):
        for bad in (True, False):
            with pytest.raises(ConfigError, match=NOT_A_NUMBER):
                table(seed=bad)
        with pytest.raises(ConfigError, match="not one string"):
            table(players="Anna")
    with pytest.raises(ConfigError, match=NOT_A_NUMBER):
        registry.game("banker-and-broker").table_class()(n_sections=True)


def test_refusals_leave_sessions_and_random_sources_unchanged():
    table = _bb_cut_session_after_a_deal()
    before = (table.banker, table.deal_number, dict(table.balances), table.deal, len(table.history))
    with pytest.raises(SeedError):
        table.end_deal(rng=True)
    assert (table.banker, table.deal_number, dict(table.balances), table.deal, len(table.history)) == before
    # the players are checked before the deal shuffles: the caller's Random has drawn nothing
    import random

    rng = random.Random(5)
    state = rng.getstate()
    with pytest.raises(ConfigError, match="not one string"):
        lk.LandsknechtDeal(rng=rng, players="Anna")
    assert rng.getstate() == state


def test_one_string_is_not_a_list_of_plans_or_a_dict_of_names():
    # a single string was read letter by letter ("bets must be BetPlan objects, got 'f'")
    with pytest.raises(ConfigError, match="sequence of BetPlan objects"):
        sl.simulate(10, "first")
    # the lesson's names are a dict event -> label; a string raised a bare AttributeError
    with pytest.raises(ConfigError, match="names must be a dict"):
        teaching.summary_rows({}, {}, "ab")
