"""Banker and Broker (Dutch Bank, Blind Hookey): the one place its rules live.

Source: diagram1979 (Banker and Broker) (*The Official World Encyclopedia of
Sports and Games*, Diagram Visual Information Ltd, 1979), cited below by
its parts: the equipment list, the ranking of the cards, the aim, the
high cut for the first banker, the four numbered steps of play ("Play 1" to
"Play 4") and the five numbered options ("Option 1" to "Option 5").

The game in brief
-----------------
One 52-card pack, ace high, suits unranked. The banker cuts the pack into
sections; the punters stake on the players' sections; every section is
turned over to show its bottom card; a section whose bottom card outranks
the bottom card of the banker's section wins even money (1 to 1), a lower
one loses its stake to the banker; equal ranks follow the tie option.

How sections are made from a deck order (our convention; the source does
not say how the sections are laid out)
-----------------------------------------------------------------------
* The deck order is written top card first; the last card is the pack's
  bottom card.
* Option 1 :attr:`BottomCard.DISCARD`: the bottom card is put aside face
  down before cutting, and the remaining 51 cards are divided completely
  into the sections. :attr:`BottomCard.UNUSED_SECTION`: the sections are
  cut from the top, and a non-empty remainder (holding the pack's bottom
  card) is left over as an unused bottom section.
* Sections are cut off the top one after another and numbered 1, 2, ...
  from the top. Each section is a run of consecutive cards; its *bottom
  card* is the last (deepest) card of the run.
* The players' sections come first; the banker's section is the LAST
  section in play (the deepest one above any unused section).
* Section sizes are either given explicitly to :meth:`BankerBrokerDeal.cut`
  (a tuple of positive card counts, top section first) or drawn from the
  deal's random source: the cut points are a uniformly random set of
  distinct gaps between cards. Deck order plus section sizes fix the deal
  completely; a seed fixes both.
* Under option 3(a) section ``i`` belongs to the ``i``-th punter in seat
  order (starting at the banker's left); under 3(b) sections 1 and 2 are
  the two players' sections; under 3(c) sections ``1 .. n-1`` are open
  to every punter.

The code is in four modules, each importing only the ones before it:
:mod:`.rules` (constants, options, configuration, pure rules),
:mod:`.seeding` (random sources), :mod:`.deal` (records, events,
:class:`BankerBrokerDeal`), :mod:`.session` (:class:`BankerBrokerSession`).
Every name is imported from here, ``banking_games.games.banker_broker``.

This package imports only the standard library.
"""

from __future__ import annotations

from ..cut import CutForBank, CutRound, cut_for_bank
from .deal import BankerBrokerDeal, Bet, BetPlaced, BetSettled, BottomDiscarded, Event, PackCut, Section, SectionTurned
from .rules import (MIN_PLAYERS, PACK_SIZE, PAYOUT_ODDS, SOURCE, BankChange, BankerBrokerConfig, BetTiming, BottomCard,
                    Sectioning, TieRule, compare, outcome_for, section_count)
from .seeding import bank_cut_rng, deal_rng, first_banker_rng
from .session import BankChangeResult, BankerBrokerSession

__all__ = [
    "first_banker_rng",
    "deal_rng",
    "bank_cut_rng",
    "SOURCE",
    "PAYOUT_ODDS",
    "PACK_SIZE",
    "MIN_PLAYERS",
    "BottomCard",
    "BetTiming",
    "Sectioning",
    "TieRule",
    "BankChange",
    "BankerBrokerConfig",
    "Section",
    "Bet",
    "Event",
    "BetPlaced",
    "BottomDiscarded",
    "PackCut",
    "SectionTurned",
    "BetSettled",
    "CutRound",
    "CutForBank",
    "BankChangeResult",
    "BankerBrokerDeal",
    "BankerBrokerSession",
    "compare",
    "outcome_for",
    "section_count",
    "cut_for_bank",
]

