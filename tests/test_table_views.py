"""The dealing tables' bets, log and bankroll views: what the reader sees
after given moves, with the expected values derived by hand from the deck
order (issue 11: "Untested: ... the tables' log, bets and bankroll views").

The deck order is read from the table's own deal (it is the input: a
shuffle of the seed); everything expected from it is derived here from the
sources' rules, with small oracles written in this file, not by the engine
or the drawing functions.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

from banking_games.widgets.banker_broker import BankerBrokerTable
from banking_games.widgets.hoggenheimer import HoggenheimerTable
from banking_games.widgets.landsknecht import LandsknechtTable


def rows_of(fragment: str, caption: str) -> list[list[str]]:
    """The body rows (cell texts) of the table with this caption."""
    for table in re.findall(r"<table.*?</table>", fragment, re.S):
        if caption in table:
            body = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[-1], re.S)
            cells = [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
                     for r in body]
            return [row for row in cells if row]  # a heading row has no <td>
    raise AssertionError(f"no table captioned {caption!r} in {fragment[:300]}")


def log_lines(t) -> list[str]:
    return html.unescape(re.sub(r"<[^>]+>", "", t.log_view.value)).strip().splitlines()


def signed(x: Fraction) -> str:
    return ("+" if x > 0 else "") + str(x)


# ---------------------------------------------------------------- Hoggenheimer

# English text, the layout: rows spades, hearts, diamonds, clubs from the top;
# columns A K Q J 10 9 8 7 from the left; deck[0] on the spades-Ace cell, ...,
# deck[31] on the clubs-7 cell; deck[32] to one side.
SUITS = "SHDC"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
CELLS = [r + s for s in SUITS for r in RANKS]


def english_chain(deck: list[str]) -> list[str]:
    """The cards turned before the Joker under the English procedure (source:
    turn the 33rd card; each card turned goes face up on its home cell and
    the face-down card lying there is turned next, until the Joker)."""
    face_down = dict(zip(CELLS, deck[:32]))
    turned, card = [], deck[32]
    while card != "Joker":
        turned.append(card)
        card = face_down[card]  # a card's home cell is named by the card itself
    return turned


def test_hoggenheimer_bets_log_and_bankroll_after_one_deal():
    t = HoggenheimerTable()  # seed 2026, players Anna, Ben, Cleo, Dora; English procedure
    deck = [c.name for c in t.deal.deck]
    banker = t.deal.banker
    punters = [p for p in t.players if p != banker]
    a, b = punters[0], punters[1]
    t.punter.value, t.typed_bet.value, t.stake.value = a, "AH", "2"
    t.bet_button.click()
    t.punter.value, t.typed_bet.value, t.stake.value = b, "hearts", "1/2"
    t.bet_button.click()
    # bets view: one row per bet, in order: number, punter, what, cards, odds, stake
    # (payout odds, source: a card 1 to 1, a suit (row of eight) 8 to 1)
    assert rows_of(t.bets_view.value, "") == [
        ["1", a, "ace of hearts", "A♥", "1 to 1", "2"],
        ["2", b, "all the hearts", "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥", "8 to 1", "1/2"]]
    t.end_button.click()
    turned = english_chain(deck)
    hearts = [r + "H" for r in RANKS]
    # a bet wins if all its cards are turned before the Joker; a win pays
    # stake x odds, a loss costs the stake; the banker's net is what the
    # punters lose less what they win (chips change hands)
    net_a = Fraction(2) * 1 if "AH" in turned else Fraction(-2)
    net_b = Fraction(1, 2) * 8 if all(h in turned for h in hearts) else Fraction(-1, 2)
    nets = {p: Fraction(0) for p in t.players}
    nets[a], nets[b] = net_a, net_b
    nets[banker] = -(net_a + net_b)
    assert t.bets_view.value == ""  # the deal is over: no bets on the table
    # bankroll view: last deal, running net, deals as banker (one deal: the same)
    assert rows_of(t.bankroll_view.value, "Running bankroll") == [
        [p, signed(nets[p]), signed(nets[p]), "1" if p == banker else "0"] for p in t.players]
    # log view: the bets, then one line per card turned in the chain's order, then the Joker
    log = log_lines(t)
    assert log[1:3] == [f"bet 1: {a} stakes 2 on ace of hearts (1 to 1)",
                        f"bet 2: {b} stakes 1/2 on all the hearts (8 to 1)"]
    turn_lines = [ln for ln in log if ln.startswith("turn ")]
    assert [re.match(r"turn \d+: (\S+)", ln).group(1) for ln in turn_lines] == turned + ["Joker"]
    assert turn_lines[0].startswith(f"turn 1: {deck[32]} (the 33rd card")
    assert log[-1] == f"banker {banker}: {signed(nets[banker])}"


# ---------------------------------------------------------------- Landsknecht

def test_landsknecht_log_and_bankroll_after_one_deal():
    t = LandsknechtTable()  # seed 2026
    deal = t.deal
    banker = deal.banker
    punter = [p for p in t.session.players if p != banker][0]
    players_card = deal.players_piles[0][0].name
    t.punter.value, t.card.value, t.stake.value = punter, players_card, "3"
    t.bet_button.click()
    t.end_button.click()
    log = log_lines(t)
    setup = [ln for ln in log if ln.startswith("setup: ")]
    assert log[len(setup)] == f"bet: {punter} stakes 3 on {players_card}"
    # one line per card turned, numbered from 1, no card twice (one pack)
    turns = [re.match(r"turn (\d+): (\S+)", ln).groups() for ln in log if ln.startswith("turn ")]
    assert [int(k) for k, _ in turns] == list(range(1, len(turns) + 1))
    seen_cards = [re.match(r"setup: (\S+)", ln).group(1) for ln in setup] + [c for _, c in turns]
    assert len(set(seen_cards)) == len(seen_cards)
    # the deal ends at the first card of the banker's card's rank (source)
    banker_rank = deal.banker_pile[0].name[:-1]
    assert [c[:-1] for _, c in turns].index(banker_rank) == len(turns) - 1
    # the bet on the players' card: lost if a card of its rank is turned
    # before one of the banker's card's rank, won (1 to 1) otherwise (source)
    rank = lambda name: name[:-1]  # noqa: E731
    turned = [c for _, c in turns]
    pair = next(i for i, c in enumerate(turned) if rank(c) in (rank(players_card), rank(deal.banker_pile[0].name)))
    won = rank(turned[pair]) == rank(deal.banker_pile[0].name)
    net = Fraction(3) if won else Fraction(-3)
    rows = rows_of(t.bankroll_view.value, "Running bankroll")
    expected = {p: Fraction(0) for p in t.session.players}
    expected[punter], expected[banker] = net, -net
    assert rows == [[p, signed(expected[p]), signed(expected[p]), "1" if p == banker else "0"]
                    for p in t.session.players]


# ---------------------------------------------------------------- Banker and Broker

def test_banker_broker_bankroll_after_two_deals_adds_the_settlements():
    t = BankerBrokerTable()
    totals = {p: Fraction(0) for p in t.session.players}
    bankers = []
    for _ in range(2):
        if hasattr(t, "cut_button"):
            t.cut_button.click()
        t.end_button.click()
        assert not t.message.is_error, t.message.value
        # the settlement view's net amounts of this deal (one view) ...
        nets = {r[0]: Fraction(r[2]) for r in rows_of(t.settlement_view.value, "Net amounts")}
        assert sum(nets.values()) == 0  # chips change hands only
        bankers.append(next(r[0] for r in rows_of(t.settlement_view.value, "Net amounts") if r[1] == "banker"))
        for p in totals:
            totals[p] += nets.get(p, Fraction(0))
        # ... are what the bankroll view adds up (another view): last deal, running net, deals as banker
        assert rows_of(t.bankroll_view.value, "Running bankroll") == [
            [p, signed(nets.get(p, Fraction(0))), signed(totals[p]), str(bankers.count(p))]
            for p in t.session.players]
        log = log_lines(t)
        assert log and all(ln == ln.strip() for ln in log)
        t.new_deal_button.click()
