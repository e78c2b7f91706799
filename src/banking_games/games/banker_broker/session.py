"""Banker and Broker deal after deal: :class:`BankerBrokerSession` and how the bank changes.

Part of :mod:`banking_games.games.banker_broker`.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Sequence

from ...errors import ConfigError, RuleError, short_repr
from ...i18n import _, joined
from ...money import Settlement
from ...checks import names as _names
from ..cut import CutForBank, cut_for_bank
from .deal import BankerBrokerDeal
from .rules import MIN_PLAYERS, BankChange, BankerBrokerConfig, Sectioning, section_count


# ---------------------------------------------------------------- cutting for the bank
# One implementation shared with Hoggenheimer: see banking_games.games.cut.


# ---------------------------------------------------------------- a session of deals

@dataclass(frozen=True)
class BankChangeResult:
    """What happened to the bank after a deal (source, Option 5).

    Attributes:
        deal_number: the deal just finished (1, 2, ...).
        old_banker, new_banker: who held the bank before and holds it now.
        reason: a short explanation, written in the language in use when the
            deal ended (:mod:`banking_games.i18n`); see :meth:`reason_in_language`.
        ace_claimants: under the Ace rule, who had a claim (punters who
            backed an Ace, plus the banker if his section showed an Ace too).
        cut: the high cut used, if any.
    """

    deal_number: int
    old_banker: Hashable
    new_banker: Hashable
    reason: str
    ace_claimants: tuple[Hashable, ...] = ()
    cut: CutForBank | None = None

    @property
    def changed(self) -> bool:
        """True if the bank passed to someone else."""
        return self.old_banker != self.new_banker

    def reason_in_language(self) -> str:
        """:attr:`reason` in the language in use (:mod:`banking_games.i18n`), as a
        live table shows it; in English the same text. A reason written in
        English (a result made in English, or by hand) is put into the
        language in use; one already written in another language comes back
        as it is. The Ace claimants are listed with the language's "and"
        (:func:`~banking_games.i18n.joined`)."""
        r = self.reason
        fixed = {"the bank moves on to the next player on the left":
                 _("the bank moves on to the next player on the left"),
                 "nobody backed an Ace: the bank stays": _("nobody backed an Ace: the bank stays"),
                 "the players cut for the bank": _("the players cut for the bank")}
        if r in fixed or not r:
            return fixed.get(r, r)
        m = re.fullmatch(r"(.+) keeps the bank \((\d+) of (\d+) deals\)", r)
        if m:
            return _("{banker} keeps the bank ({held} of {deals} deals)").format(
                banker=m.group(1), held=m.group(2), deals=m.group(3))
        if r.endswith(" backed an Ace and takes the bank"):
            return _("{punter} backed an Ace and takes the bank").format(punter=r[:-len(" backed an Ace and takes the bank")])
        if r.endswith(" have Ace claims and cut for the bank"):
            return _("{punters} have Ace claims and cut for the bank").format(
                punters=joined(self.ace_claimants) if self.ace_claimants
                else r[:-len(" have Ace claims and cut for the bank")])
        return r


class BankerBrokerSession:
    """A session of several deals with a changing bank (source, Option 5).

    Args:
        config: the rules.
        players: everyone at the table in seat order going to the left
            (clockwise), banker included; at least 2, distinct.
        banker: who holds the bank first (see :meth:`by_high_cut`).

    Attributes:
        banker: the current banker.
        deal_number: deals finished so far.
        deals_with_bank: deals the current banker has dealt.
        balances: each player's running net, in units (sum is always 0).
        history: the :class:`BankChangeResult` of every finished deal.
        deal: the deal in progress, or ``None``.

    Raises:
        ConfigError: fewer than 2 players, duplicates, ``players`` not a
            sequence of hashable names, banker not seated, or (option 3a)
            more players than the section limit allows.
    """

    def __init__(self, config: BankerBrokerConfig, players: Sequence[Hashable], banker: Hashable) -> None:
        if not isinstance(config, BankerBrokerConfig):
            raise ConfigError(f"config must be a BankerBrokerConfig, got {type(config).__name__}")
        players = _names(players, "players")
        if len(players) < MIN_PLAYERS or len(set(players)) != len(players):
            raise ConfigError(f"Banker and Broker needs two or more distinct players; got {short_repr(list(players))}")
        if banker not in players:
            raise ConfigError(f"the banker {short_repr(banker)} must be one of the players {short_repr(list(players))}")
        if config.sectioning is Sectioning.ONE_EACH:
            section_count(config, len(players) - 1)
        self.config = config
        self.players = players
        self.banker = banker
        self.deal_number = 0
        self.deals_with_bank = 0
        self.balances: dict = {p: Fraction(0) for p in players}
        self.history: list[BankChangeResult] = []
        self.settlements: list[Settlement] = []
        self.deal: BankerBrokerDeal | None = None
        self.initial_cut: CutForBank | None = None

    @classmethod
    def by_high_cut(cls, config: BankerBrokerConfig, players: Sequence[Hashable], *, rng=None,
                    rounds=None) -> "BankerBrokerSession":
        """A table whose first banker is chosen by a high cut (source: whoever
        cuts the highest card banks first); arguments as in :func:`cut_for_bank`.

        Raises:
            ConfigError: as :class:`BankerBrokerSession` (players checked
                before the cut).
            CardError, DeckError, RuleError, SeedError: as :func:`cut_for_bank`.
        """
        players = _names(players, "players")
        if len(players) < MIN_PLAYERS or len(set(players)) != len(players):
            # checked before the cut, so the message speaks of players (not of "cutters")
            raise ConfigError(f"Banker and Broker needs two or more distinct players (each with a different "
                              f"name); got {short_repr(list(players))}")
        cut = cut_for_bank(players, rng=rng, rounds=rounds)
        table = cls(config, players, cut.winner)
        table.initial_cut = cut
        return table

    @property
    def punters(self) -> tuple[Hashable, ...]:
        """Everyone but the banker, in seat order starting at the banker's left."""
        i = self.players.index(self.banker)
        return self.players[i + 1:] + self.players[:i]

    def new_deal(self, *, deck=None, rng=None, n_sections: int | None = None) -> BankerBrokerDeal:
        """Start the next deal with the current banker (arguments as in
        :class:`BankerBrokerDeal`).

        Raises:
            RuleError: the previous deal has not been ended with :meth:`end_deal`.
        """
        if self.deal is not None:
            raise RuleError("finish the current deal with end_deal() before starting another")
        self.deal = BankerBrokerDeal(self.config, self.punters, deck=deck, rng=rng, banker=self.banker,
                                     n_sections=n_sections)
        return self.deal

    def ace_claimants(self, deal: BankerBrokerDeal) -> tuple[Hashable, ...]:
        """Under the Ace rule: the punters who bet on a section showing an
        Ace (seat order), plus the banker when the banker's section shows an
        Ace and at least one punter has a claim (source, Option 5)."""
        punters = []
        for b in deal.bets:
            if deal.sections[b.section - 1].bottom.rank == 14 and b.player not in punters:
                punters.append(b.player)
        punters.sort(key=deal.punters.index)
        if punters and deal.sections[deal.banker_section_number - 1].bottom.rank == 14:
            return (deal.banker, *punters)
        return tuple(punters)

    def end_deal(self, *, rng=None, cut_rounds=None) -> BankChangeResult:
        """Settle the finished deal, book everyone's net, and apply the
        change-of-bank option (source, Option 5).

        Args:
            rng: random source for a high cut, when one is needed.
            cut_rounds: explicit cut cards instead (see :func:`cut_for_bank`).

        Returns:
            A :class:`BankChangeResult`.

        Raises:
            RuleError: no deal in progress, or it is not over; a cut is
                needed but neither ``rng`` nor ``cut_rounds`` given; bad
                cut rounds (also CardError/DeckError); cut cards given when
                no cut is needed.
        """
        deal = self.deal
        if deal is None:
            raise RuleError("no deal in progress: start one with new_deal()")
        if not deal.is_over:
            raise RuleError("the deal is not over yet: turn every section before starting a new deal")
        settlement = deal.settle()
        number = self.deal_number + 1
        held = self.deals_with_bank + 1
        old = self.banker
        change = self.config.bank_change
        claimants: tuple = ()
        cut = None
        needs_cut = False
        due = held >= self.config.deals_per_bank
        if change is BankChange.ROTATE_LEFT:
            new = self.punters[0] if due else old
            reason = (_("the bank moves on to the next player on the left") if due
                      else _("{banker} keeps the bank ({held} of {deals} deals)").format(
                          banker=old, held=held, deals=self.config.deals_per_bank))
        elif change is BankChange.CUT_FOR_BANK:
            needs_cut = due
            new, reason = old, _("{banker} keeps the bank ({held} of {deals} deals)").format(
                banker=old, held=held, deals=self.config.deals_per_bank)
        else:
            claimants = self.ace_claimants(deal)
            if not claimants:
                new, reason = old, _("nobody backed an Ace: the bank stays")
            elif len(claimants) == 1:
                new, reason = claimants[0], _("{punter} backed an Ace and takes the bank").format(punter=claimants[0])
            else:
                needs_cut = True
                new, reason = old, ""
        if needs_cut:
            cutters = self.players if change is BankChange.CUT_FOR_BANK else claimants
            if rng is None and cut_rounds is None:
                raise RuleError(f"a high cut among {', '.join(map(str, cutters))} is needed: give rng or "
                                "cut_rounds")
            cut = cut_for_bank(cutters, rng=rng, rounds=cut_rounds)  # validates before any mutation
            new = cut.winner
            reason = (_("the players cut for the bank") if change is BankChange.CUT_FOR_BANK
                      else _("{punters} have Ace claims and cut for the bank").format(punters=joined(claimants)))
        elif cut_rounds is not None:
            raise RuleError("no cut is needed after this deal: do not give cut_rounds")
        # mutate
        self.deal_number = number
        for p, v in settlement.player_net.items():
            self.balances[p] += v
        self.balances[old] += settlement.banker_net
        result = BankChangeResult(number, old, new, reason, claimants, cut)
        if change is BankChange.ACE_PASSES:
            self.deals_with_bank = held if new == old else 0
        else:  # a new period of deals_per_bank deals starts when one is due
            self.deals_with_bank = 0 if due else held
        self.banker = new
        self.history.append(result)
        self.settlements.append(settlement)
        self.deal = None
        return result

    def transcript(self) -> str:
        """The session so far: one line per bank change, in the language in use
        (English: ``"after deal 1: the bank moves on to the next player on the
        left; banker Dora -> Anna"``)."""
        lines = []
        if self.initial_cut is not None:
            lines.append(_("first banker by high cut: {cut}").format(cut=self.initial_cut.text()))
        for r in self.history:
            cut = f" ({r.cut.text()})" if r.cut is not None else ""
            lines.append(_("after deal {number}: {reason}{cut}; banker {old} -> {new}").format(
                number=r.deal_number, reason=r.reason_in_language(), cut=cut, old=r.old_banker, new=r.new_banker))
        return "\n".join(lines)
