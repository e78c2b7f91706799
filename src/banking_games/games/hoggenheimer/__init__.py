"""Hoggenheimer ("English Roulette"): the one place its rules live.

Sources (bibliography keys of ``book/references.bib``):

* ``diagram1979``: *The Official World Encyclopedia of Sports and
  Games* (Diagram, 1979), entry "Hoggenheimer". Called "the English text"
  below.
* ``dewiki-hoggenheimer``: German Wikipedia, "Hoggenheimer", after
  P. Arnold (ed.), *The Complete Book of Card Games* (2002). Called "the
  German text" below.

The game in brief. 33 cards: A K Q J 10 9 8 7 of four suits and a Joker
(both texts, equipment / "Der Ablauf eines Spiels"). The layout has four
rows of eight cells: spades, hearts, diamonds, clubs from the top; aces,
kings, queens, jacks, 10s, 9s, 8s, 7s from the left (English text, the
paragraph on where a bet is placed; German text, the "Tableau" paragraph). Each of the 32 non-Joker cards has a home
cell. Punters bet that a card, or a group of cards, is turned up before
the Joker (English text: a bet wins when every card it covers shows before
the Joker does). Every other stake goes to the banker.

Two dealing procedures (:class:`HoggenheimerConfig`, field ``procedure``):

* ``"english"`` (English text, the dealing and play paragraphs): the
  banker deals the 32 top cards face down onto the 32 cells, row by row
  (``deck[0]`` on the spades-Ace cell, ``deck[1]`` on the spades-King
  cell, ..., ``deck[31]`` on the clubs-7 cell), and the 33rd card, also
  face down, beside the layout. That card is turned first. If it is the
  Joker the deal ends; otherwise it goes face up on its home cell, the face-down card
  that lay there is taken up and turned next, and so on until the Joker
  shows. No cell is visited twice, and the chain always ends at the Joker
  (a card lying face down on its own home cell can never be turned).
* ``"german"`` (German text, "Der Ablauf eines Spiels"): after the bets,
  the banker turns cards straight from the shuffled pack, one after the
  other, each face up on its home cell, until the Joker shows.

Five kinds of bet (:class:`BetKind`, :data:`PAYOUT_ODDS`, :func:`all_bets`):
one card 1 to 1, two orthogonally adjacent cards 2 to 1, a 2x2 square
4 to 1, the four cards of a rank (a column) 4 to 1, the eight cards of a
suit (a row) 8 to 1; 32 + 52 + 21 + 8 + 4 = 117 legal bets.

The code is in three modules, each importing only the ones before it:
:mod:`.rules` (layout, configuration, bets), :mod:`.deal` (events and
:class:`HoggenheimerDeal`), :mod:`.session` (who holds the bank). Every
name is imported from here, ``banking_games.games.hoggenheimer``.

Only the standard library is imported.
"""

from __future__ import annotations

from ..cut import CutForBank, cut_for_bank  # noqa: F401 (importable from here, as before the split)
from .deal import BetPlaced, CardTurned, CellView, HoggenheimerDeal, PlacedBet
from .rules import (PAYOUT_ODDS, PROCEDURES, RANK_COLUMNS, SUIT_ROWS, Bet, BetKind, BetSpec, Cell, HoggenheimerConfig,
                    all_bets, card_at, check_layout_size, home_cell, kind_name, layout_sizes, make_bet)
from .rules import _check_cards  # noqa: F401 (used by banking_games.exact.hoggenheimer)
from .session import choose_first_banker, next_banker

__all__ = [
    "choose_first_banker",
    "layout_sizes",
    "check_layout_size",
    "PROCEDURES",
    "SUIT_ROWS",
    "RANK_COLUMNS",
    "HoggenheimerConfig",
    "BetKind",
    "PAYOUT_ODDS",
    "Bet",
    "make_bet",
    "kind_name",
    "all_bets",
    "home_cell",
    "card_at",
    "PlacedBet",
    "BetPlaced",
    "CardTurned",
    "CellView",
    "HoggenheimerDeal",
    "next_banker",
]
