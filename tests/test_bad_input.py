"""Bad input of the wrong shape raises the package's own errors, not a bare
TypeError/AttributeError/IndexError from deep inside (developer rule: "Bad
input -> the package's own exception types, message naming what was wrong
and what is allowed"), and leaves the state unchanged.

Found by an audit that fed non-iterables, strings, numbers and objects to
every public function and method of the three engines.
"""

from __future__ import annotations

import pytest

from banking_games.cards import Card, Suit, check_deck_order, full_pack, hoggenheimer_pack, parse_cards
from banking_games.errors import BetError, CardError, ConfigError, DeckError, GameError, RuleError
from banking_games.games import banker_broker as bb
from banking_games.games import hoggenheimer as hg
from banking_games.games import landsknecht as lk
from banking_games.money import LOSE, PUSH, WIN

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
