"""Landsknecht (Lansquenet): the rules engine. The only place its rules live.

Source: diagram-ru (Russian edition of the Diagram encyclopedia,
entry "Ландскнехт"), read as the Landsknecht chapter explains. Section
names below are the source's headings, translated:

* *Equipment* ("Игровые принадлежности"): one standard 52-card pack, chips.
* *Players* ("Игроки"): two or more (the banker is one of them).
* *Choosing the first banker* ("Выбор первого банкомета"): cards are dealt
  round until the first ace; :func:`choose_first_banker`.
* *Dealing the layout* ("Сдача расклада") and *Pairs in the layout*
  ("Парные карты в раскладе"): two layout cards, the banker's card, the
  players' card, with three pairing rules and a void deal; done when a
  :class:`LandsknechtDeal` is built.
* *Stake limits* ("Пределы ставок"): set by the banker "for the period of
  the партия" (a sitting of play). Our reading: the bank changes hands after
  every deal, so each banker sets the limits for the deal he deals;
  :meth:`LandsknechtSession.start_deal` takes them, and
  :class:`LandsknechtConfig` holds the limits used when a banker sets none.
* *Placing bets* ("Делание ставок"), *First turn* ("Первый раунд") and
  *Later turns* ("Продолжение игры"): :meth:`LandsknechtDeal.place_bet`,
  :meth:`LandsknechtDeal.turn`.
* After a deal the bank and the deal move on to the next player on the left:
  :class:`LandsknechtSession`.

Two readings (explained in the Landsknecht chapter): "расклад" in the play rules means every
card on the table (layout cards, the banker's card and the players' cards),
and "карта игроков" means any players' card, not only the first.

Amounts are exact :class:`fractions.Fraction` values in units of the bet.
Standard library only.

The code is in three modules, each importing only the ones before it:
:mod:`.rules` (constants, configuration, bets, events), :mod:`.deal`
(:class:`LandsknechtDeal`), :mod:`.session` (:func:`new_deal`, the first
banker, :class:`LandsknechtSession`). Every name is imported from here,
``banking_games.games.landsknecht``.
"""

from __future__ import annotations

from ...money import WIN  # noqa: F401 (as before the split: exact.landsknecht reads engine.WIN)
from .deal import LandsknechtDeal, deck_with_top
from .rules import (BANKER_CARD, BET, FIRST_BANKER_RANK, LAYOUT_CARD, LAYOUT_SIZE, MAX_REDEALS, MIN_DEALABLE_RANKS,
                    MIN_PLAYERS, PACK_SIZE, PAIR_BANKER, PAIR_DEAD, PAIR_PLAYERS, PAYOUT, PLAYERS_CARD, SETUP_PAIR, VOID,
                    Bet, LandsknechtConfig, LandsknechtEvent)
from .session import FirstBankerDraw, LandsknechtSession, choose_first_banker, new_deal

__all__ = [
    "PACK_SIZE",
    "LAYOUT_SIZE",
    "PAYOUT",
    "MIN_PLAYERS",
    "FIRST_BANKER_RANK",
    "MIN_DEALABLE_RANKS",
    "MAX_REDEALS",
    "LAYOUT_CARD",
    "BANKER_CARD",
    "PLAYERS_CARD",
    "SETUP_PAIR",
    "VOID",
    "BET",
    "PAIR_PLAYERS",
    "PAIR_DEAD",
    "PAIR_BANKER",
    "LandsknechtConfig",
    "Bet",
    "LandsknechtEvent",
    "LandsknechtDeal",
    "FirstBankerDraw",
    "choose_first_banker",
    "new_deal",
    "deck_with_top",
    "LandsknechtSession",
]
