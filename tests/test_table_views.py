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
from conftest import new_table


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


def as_drawn(text: str) -> str:
    """Card codes written with suit symbols, as the tables draw cards (and write them in
    their event logs, issue 19): "10H" -> "10♥" (rank, then the suit's symbol)."""
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    return re.sub(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([SHDC])(?!\w)", lambda m: m.group(1) + symbols[m.group(2)], text)


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
    t = new_table("hoggenheimer")  # seed 2026, players Anna, Ben, Cleo, Dora; English procedure
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
    assert [re.match(r"turn \d+: (\S+)", ln).group(1) for ln in turn_lines] == [as_drawn(c) for c in turned] + ["Joker"]
    assert turn_lines[0].startswith(f"turn 1: {as_drawn(deck[32])} (the 33rd card")
    assert log[-1] == f"banker {banker}: {signed(nets[banker])}"


# ---------------------------------------------------------------- Landsknecht

def test_landsknecht_log_and_bankroll_after_one_deal():
    t = new_table("landsknecht")  # seed 2026
    deal = t.deal
    banker = deal.banker
    punter = [p for p in t.session.players if p != banker][0]
    players_card = deal.players_piles[0][0].name
    t.punter.value, t.card.value, t.stake.value = punter, players_card, "3"
    t.bet_button.click()
    t.end_button.click()
    log = log_lines(t)
    setup = [ln for ln in log if ln.startswith("setup: ")]
    assert log[len(setup)] == f"bet: {punter} stakes 3 on {as_drawn(players_card)}"
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
    t = new_table("banker-and-broker")
    totals = {p: Fraction(0) for p in t.session.players}
    bankers = []
    for _ in range(2):
        # every punter backs his own section (option 3(a)), with different stakes 1, 2, 3, so
        # that no two nets can be swapped unseen
        stakes = {}
        for i, p in enumerate(t.deal.punters):
            t.punter.value, t.stake.value = p, str(i + 1)
            t.bet_button.click()
            assert not t.message.is_error, t.message.value
            stakes[p] = Fraction(i + 1)
        if hasattr(t, "cut_button"):
            t.cut_button.click()
        t.end_button.click()
        assert not t.message.is_error, t.message.value
        # Each net from the deck and the cut (the inputs), by the rules used in the chain below:
        # the pack's bottom card is discarded; the sections are cut from the top; section i
        # (punter i from the banker's left) shows its bottom card; the last section is the
        # banker's; a higher rank wins 1 to 1, a lower rank or a tie loses the stake.
        deck = list(t.deal.deck)
        sizes = [len(sec.cards) for sec in t.deal.sections]
        ends = [sum(sizes[:k + 1]) for k in range(len(sizes))]
        shown_bottoms = [deck[e - 1] for e in ends]
        banker_rank = shown_bottoms[-1].rank
        expected = {p: (stakes[p] if shown_bottoms[i].rank > banker_rank else -stakes[p])
                    for i, p in enumerate(t.deal.punters)}
        expected[t.deal.banker] = -sum(expected.values())
        # the settlement view's net amounts of this deal (one view) ...
        nets = {r[0]: Fraction(r[2]) for r in rows_of(t.settlement_view.value, "Net amounts")}
        assert nets == expected  # each purse, not only the sum
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


# A hand-derived chain of two deals (issue 11: the bankroll and log views
# checked against numbers worked out by hand, not against the settlement).
#
# Rules used (source via the chapter; the engine's default options): the
# banker discards the pack's bottom card, then cuts it top first into one
# section per punter (the punters from the banker's left, in seating order)
# and a last section, the banker's (option 1, option 3(a)); stakes go down
# before the cut (option 2); the banker's section is turned first, then the
# punters' from the top; a section's bottom card is the one turned up; it
# beats the banker's bottom card if it ranks higher (Ace high, suits not
# ranked); even money (1 to 1); a tie goes to the bank (option 4); after each
# deal the bank moves on to the next player on the left (option 5), and in seating
# order Ann, Bob, Cy each one's left neighbour is the next, Cy's is Ann.
#
# Inputs, read from the table and checked to be these (seed 3: the shuffles
# and the first cut for the bank are the seed's; the section sizes are typed):
FIRST_CUT = {"Ann": "4H", "Bob": "6C", "Cy": "KD"}   # K beats 6 and 4: Cy banks first
DECK_1 = ("KH 4C 2D 6H JC 10C 6S 3H 8D AH 5D QD 3S KC 9S 2H 7S 6C 2C 10D 4H 8S 8C 3D AS 4D "
          "9D KD AD 10H QH 2S 5C 9H AC 6D 7D QC 8H 10S 4S 5H 5S JD 7C JH 7H QS JS 9C KS 3C").split()
DECK_2 = ("QH 4C 7S JS AC 2D KD 10C 3C 5H 10D 2H 10H 9C 7D 9D 8S 6H 3S KC 4H QD 2C 6S 6C AS 7H "
          "4S 10S 8H AH AD JH 2S 4D JD 8C 5D JC 8D 6D 3H QS 9H 9S 5S KH 3D 7C 5C KS QC").split()
#
# Deal 1, banker Cy; punters Ann (section 1), Bob (section 2); section 3 Cy's.
#   Stakes: Ann 3, Bob 2. 3C (bottom, card 52) discarded. Sizes 10, 18, 23
#   (= 51): section 1 = cards 1-10, bottom card 10 = AH; section 2 = cards
#   11-28, bottom card 28 = KD; section 3 = cards 29-51, bottom card 51 = KS.
#   AH beats KS: Ann wins 3 (Cy pays Ann 3). KD ties KS: Bob loses 2 (Bob pays Cy 2).
# Deal 2, banker Ann (Cy's left); punters Bob (section 1), Cy (section 2).
#   Stakes: Bob 1/2, Cy 4. QC discarded. Sizes 5, 8, 38: section 1 bottom card
#   5 = AC; section 2 bottom card 13 = 10H; section 3 bottom card 51 = KS.
#   AC beats KS: Bob wins 1/2 (Ann pays Bob 1/2). 10H is lower: Cy loses 4 (Cy pays Ann 4).
# The bank then passes to Bob (Ann's left).
TRANSFERS = [   # (deal, payer, payee, amount): every chip that moved, between named purses
    (1, "Cy", "Ann", Fraction(3)), (1, "Bob", "Cy", Fraction(2)),
    (2, "Ann", "Bob", Fraction(1, 2)), (2, "Cy", "Ann", Fraction(4)),
]
# Purses (start at 0) worked out from the transfers:
#   after deal 1: Ann +3, Bob -2, Cy -3 + 2 = -1
#   after deal 2: Ann +3 - 1/2 + 4 = +13/2, Bob -2 + 1/2 = -3/2, Cy -1 - 4 = -5
PURSES = {1: {"Ann": Fraction(3), "Bob": Fraction(-2), "Cy": Fraction(-1)},
          2: {"Ann": Fraction(13, 2), "Bob": Fraction(-3, 2), "Cy": Fraction(-5)}}
DEAL_LOGS = {
    1: ["Deal 1:", "Ann bets 3 on section 1", "Bob bets 2 on section 2",
        "the banker discards the bottom card face down",
        "the banker cuts 3 sections of 10, 18, 23 cards; section 3 is the banker's",
        "section 3 (banker's) turned: KS",
        "section 1 (Ann's) turned: AH, higher than KS: Ann wins 3",
        "section 2 (Bob's) turned: KD, ties with KS: Bob loses 2"],
    2: ["Deal 2:", "Bob bets 1/2 on section 1", "Cy bets 4 on section 2",
        "the banker discards the bottom card face down",
        "the banker cuts 3 sections of 5, 8, 38 cards; section 3 is the banker's",
        "section 3 (banker's) turned: KS",
        "section 1 (Bob's) turned: AC, higher than KS: Bob wins 1/2",
        "section 2 (Cy's) turned: 10H, lower than KS: Cy loses 4"],
}
SESSION_LOG = ["Session so far:",
               "first banker by high cut: cut 1: Ann 4H, Bob 6C, Cy KD; Cy cuts highest",
               "after deal 1: the bank moves on to the next player on the left; banker Cy -> Ann",
               "after deal 2: the bank moves on to the next player on the left; banker Ann -> Bob"]


def test_banker_broker_log_and_bankroll_follow_a_hand_derived_chain():
    # the transfers add up to the purses written above (the derivation checks itself)
    for deal in (1, 2):
        purse = {p: Fraction(0) for p in ("Ann", "Bob", "Cy")}
        for d, payer, payee, amount in TRANSFERS:
            if d <= deal:
                purse[payer] -= amount
                purse[payee] += amount
        assert purse == PURSES[deal]
    assert max(FIRST_CUT, key=lambda p: "23456789TJQKA".index(FIRST_CUT[p][0])) == "Cy"

    t = new_table("banker-and-broker", ["Ann", "Bob", "Cy"], seed=3)
    plays = {1: (DECK_1, "Cy", [("Ann", "3"), ("Bob", "2")], "10, 18, 23"),
             2: (DECK_2, "Ann", [("Bob", "1/2"), ("Cy", "4")], "5, 8, 38")}
    for deal, (deck, banker, stakes, sizes) in plays.items():
        assert [c.name for c in t.deal.deck] == deck and t.deal.banker == banker  # the inputs above
        for punter, stake in stakes:
            t.punter.value, t.stake.value = punter, stake
            t.bet_button.click()
            assert not t.message.is_error, t.message.value
        t.sizes.value = sizes
        t.cut_button.click()
        assert not t.message.is_error, t.message.value
        log = DEAL_LOGS[deal]
        for turned in range(1, 4):   # one section at a time: the log grows by that section's line
            t.turn_button.click()
            assert not t.message.is_error, t.message.value
            lines = log_lines(t)
            assert lines[:lines.index("")] == [as_drawn(ln) for ln in log[:5 + turned]]
        assert lines[lines.index("") + 1:] == [as_drawn(ln) for ln in SESSION_LOG[:2 + deal]]
        last = {p: PURSES[deal][p] - PURSES.get(deal - 1, {}).get(p, 0) for p in PURSES[deal]}
        as_banker = {p: sum(b == p for _, b, _, _ in list(plays.values())[:deal]) for p in last}
        assert rows_of(t.bankroll_view.value, f"Running bankroll after {deal} deal") == [
            [p, signed(last[p]), signed(PURSES[deal][p]), str(as_banker[p])] for p in ("Ann", "Bob", "Cy")]
        if deal == 1:
            t.new_deal_button.click()
    assert t.session.banker == "Bob"
