"""One Banker and Broker deal: its records and events and :class:`BankerBrokerDeal`.

Part of :mod:`banking_games.games.banker_broker`; the rules it applies come from
:mod:`.rules`, its random draws from :mod:`.seeding`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Hashable, Sequence

from ...cards import Card, shuffled
from ...errors import ArgumentError, BetError, ConfigError, DealOverError, Phrase, RuleError, short_repr
from ...i18n import N_, _, ngettext, pgettext
from ...money import LOSE, WIN, BetResult, Settlement, to_stake
from ...checks import names as _names, whole_number
from .rules import (PHASE_BETTING, PHASE_CUT, PHASE_OVER, PHASE_TURNING, BankerBrokerConfig, BetTiming, BottomCard,
                    Sectioning, _deck_order, _net, _pieces_text, compare, outcome_for, section_count)
from .seeding import _as_rng, _sample


# ---------------------------------------------------------------- records

@dataclass(frozen=True)
class Section:
    """One cut section.

    Attributes:
        number: 1, 2, ... from the top of the pack.
        cards: the section's cards, top first; ``cards[-1]`` is its bottom card.
        owner: the punter it was cut for (option 3a), ``"banker"`` for the
            banker's section, ``None`` for a section open to all punters
            (options 3b and 3c) or for the unused bottom section.
        is_banker: True for the banker's section.
        unused: True for the unused bottom section (option 1).
    """

    number: int
    cards: tuple[Card, ...]
    owner: Hashable | None = None
    is_banker: bool = False
    unused: bool = False

    @property
    def bottom(self) -> Card:
        """The section's bottom card (the one turned up)."""
        return self.cards[-1]

    @property
    def size(self) -> int:
        """How many cards the section holds."""
        return len(self.cards)


@dataclass(frozen=True)
class Bet:
    """A stake on a players' section.

    Attributes:
        index: 0, 1, ... in the order bets were placed.
        player: the punter.
        section: the section number backed.
        stake: units, a positive Fraction.
    """

    index: int
    player: Hashable
    section: int
    stake: Fraction


class Event:
    """Base of the deal's history entries; ``text`` is one transcript line,
    written in the language in use when the event happened
    (:mod:`banking_games.i18n`; English: ``"Anna bets 1 on section 1"``)."""

    text: str = ""


@dataclass(frozen=True)
class BetPlaced(Event):
    """A punter's stake put on a players' section (source, Play 2)."""

    bet: Bet
    text: str = ""


@dataclass(frozen=True)
class BottomDiscarded(Event):
    """Option 1, discard: the pack's bottom card put aside face down."""

    card: Card
    text: str = ""


@dataclass(frozen=True)
class PackCut(Event):
    """The sections cut (and the unused bottom section, if any)."""

    sections: tuple[Section, ...]
    unused: Section | None
    text: str = ""


@dataclass(frozen=True)
class BetSettled:
    """One bet's result when its section is turned."""

    bet: Bet
    outcome: str
    net: Fraction


@dataclass(frozen=True)
class SectionTurned(Event):
    """A section turned face up (source, Play 3); the bets on it are
    settled against the banker's card (Play 4). The banker's section is
    turned first and settles nothing."""

    section: Section
    banker_card: Card
    comparison: int | None
    settled: tuple[BetSettled, ...]
    text: str = ""

    def describe(self, turned: bool = True) -> str:
        """The event as one line in the language in use (:attr:`text` is this line
        as made when the section was turned). English: ``"section 1 (Anna's)
        turned: AC, higher than 4D: Anna wins 1"``; with ``turned=False`` the
        shorter line a table shows, ``"section 1 (Anna's): AC, higher than 4D:
        Anna wins 1"``. Cards by their short names (``"AC"``)."""
        section = self.section
        if self.comparison is None:
            template = (_("section {number} (banker's) turned: {card}") if turned
                        else _("section {number} (banker's): {card}"))
            return template.format(number=section.number, card=section.bottom.name)
        cards = {1: _("{card}, higher than {banker_card}"), -1: _("{card}, lower than {banker_card}"),
                 0: _("{card}, ties with {banker_card}")}[self.comparison].format(
            card=section.bottom.name, banker_card=self.banker_card.name)
        bets = "; ".join(_outcome_text(s) for s in self.settled) if self.settled else _("no bets")
        template = (_("section {number} ({owner}) turned: {cards}: {bets}") if turned
                    else _("section {number} ({owner}): {cards}: {bets}"))
        return template.format(number=section.number, owner=_owner_text(section), cards=cards, bets=bets)


def _owner_text(section: Section) -> str:
    """Whose section it is, as a transcript says it: ``"Anna's"`` (3a), ``"open"`` (3b, 3c)."""
    if section.is_banker:
        return pgettext("section owner", "banker's")
    if section.owner is not None:
        return pgettext("section owner", "{owner}'s").format(owner=section.owner)
    return pgettext("section owner", "open")


# ---------------------------------------------------------------- one deal

class BankerBrokerDeal:
    """One deal of Banker and Broker.

    Build it from a config, the punters in seat order (the first sits at the
    banker's left) and EITHER an explicit ``deck`` (52 card names or cards,
    top first; the config's reduced pack if it has one) OR an ``rng`` (seed int, ``random.Random`` or numpy
    ``Generator``) that shuffles the pack. The ``rng`` (if given) also draws
    section sizes when :meth:`cut` gets none; with an explicit deck you may
    pass both ``deck`` and ``rng`` for that purpose.

    Phases (source, Play 1-4 and Option 2): with bets before the cut,
    ``"betting" -> cut() -> "turning" -> "over"``; with bets after the cut,
    ``"cut" -> cut() -> "betting" -> first turn() -> "turning" -> "over"``.

    Args:
        config: a :class:`BankerBrokerConfig`.
        punters: the punters' names, seat order, distinct, at least one.
        deck: explicit deck order, top first.
        rng: random source.
        banker: the banker's name (for transcripts), not among ``punters``.
        n_sections: under option 3(c) the number of sections in play this
            deal (banker's included), 2 to 51 (pack size - 1).

    Raises:
        ConfigError: bad config type, no punter, too many punters for 3(a),
            bad ``n_sections``, duplicate punters, banker among punters, or
            ``punters`` not a sequence of hashable names.
        CardError / DeckError: a malformed card name / a deck that is not
            the config's pack (52 cards by default).
        ArgumentError (a TypeError): neither deck nor rng given; SeedError: rng of the wrong type.
    """

    def __init__(self, config: BankerBrokerConfig, punters: Sequence[Hashable], *,
                 deck: Sequence | None = None, rng=None, banker: Hashable = "Banker",
                 n_sections: int | None = None) -> None:
        if not isinstance(config, BankerBrokerConfig):
            raise ConfigError(f"config must be a BankerBrokerConfig, got {type(config).__name__}")
        punters = _names(punters, "punters")
        if len(set(punters)) != len(punters):
            raise ConfigError(f"punters must be distinct; got {short_repr(list(punters))}")
        if banker in punters:
            raise ConfigError(f"the banker {short_repr(banker)} cannot also be a punter")
        self.n_sections = section_count(config, len(punters), n_sections)
        self._rng = _as_rng(rng) if rng is not None else None
        if deck is not None:
            cards = _deck_order(deck, config)
        elif self._rng is not None:
            cards = shuffled(config.pack(), self._rng)
        else:
            raise ArgumentError("give a deck order (deck=...) or a random source (rng=seed)")
        self.config = config
        self.punters = punters
        self.banker = banker
        self.deck: tuple[Card, ...] = tuple(cards)
        self.sections: tuple[Section, ...] = ()
        self.unused_section: Section | None = None
        self.discarded: Card | None = None
        self.bets: list[Bet] = []
        self.results: dict[int, BetSettled] = {}
        self.turned: list[int] = []
        self.events: list[Event] = []
        self.phase = PHASE_BETTING if config.bet_timing is BetTiming.BEFORE_CUT else PHASE_CUT

    # ------------------------------------------------------------ queries
    @property
    def banker_section_number(self) -> int:
        """The banker's section is the last in play (numbered from the top)."""
        return self.n_sections

    @property
    def player_section_numbers(self) -> tuple[int, ...]:
        """The numbers of the players' sections: ``1 .. n_sections - 1``."""
        return tuple(range(1, self.n_sections))

    def section_owner(self, number: int) -> Hashable | None:
        """The punter a section belongs to under option 3(a); ``"banker"`` for
        the banker's section; ``None`` for a section open to all (source,
        Option 3).

        Args:
            number: a section in play, 1 to :attr:`n_sections` from the top.

        Raises:
            BetError: no such section.
        """
        self._check_section(number)
        if number == self.banker_section_number:
            return "banker"
        if self.config.sectioning is Sectioning.ONE_EACH:
            return self.punters[number - 1]
        return None

    def allowed_sections(self, player: Hashable) -> tuple[int, ...]:
        """The sections ``player`` may back (source, Option 3): their own
        under 3(a), either or both players' sections under 3(b), any
        players' section under 3(c).

        Returns:
            Section numbers (1 = top), in order.

        Raises:
            BetError: ``player`` is not a punter of this deal.
        """
        if player not in self.punters:
            raise BetError.of(N_("{player} is not a punter in this deal; punters: {punters}"),
                              player=short_repr(player), punters=", ".join(map(str, self.punters)))
        if self.config.sectioning is Sectioning.ONE_EACH:
            return (self.punters.index(player) + 1,)
        return self.player_section_numbers

    @property
    def is_over(self) -> bool:
        """True once every section in play has been turned."""
        return self.phase == PHASE_OVER

    @property
    def banker_card(self) -> Card | None:
        """The banker's bottom card once turned, else ``None``."""
        n = self.banker_section_number
        return self.sections[n - 1].bottom if n in self.turned else None

    def unseen_cards(self) -> list[Card]:
        """Cards whose faces nobody has seen yet (all but the turned bottom
        cards), in deck order. The discarded bottom card stays unseen."""
        shown = {self.sections[n - 1].bottom for n in self.turned}
        return [c for c in self.deck if c not in shown]

    def _check_section(self, number: object) -> None:
        if type(number) is int and 1 <= number <= self.n_sections:
            return        # the common case: no refusal's words made
        whole_number(number, "section", low=1, high=self.n_sections, error=BetError,
                     rule=Phrase(N_("no section {number}: sections are numbered 1 to {n} from the top"),
                                 number=short_repr(number), n=self.n_sections))

    def bets_on(self, number: int) -> list[Bet]:
        """The bets placed on section ``number`` (1 = top), in the order placed.

        Raises:
            BetError: no such section.
        """
        self._check_section(number)
        return [b for b in self.bets if b.section == number]

    # ------------------------------------------------------------ actions
    def bet(self, player: Hashable, stake: object = 1, section: int | None = None) -> Bet:
        """Place a stake on a players' section (source, Play 2; Option 3 says which).

        Args:
            player: a punter of this deal.
            stake: positive amount in units (see :func:`~banking_games.money.to_stake`).
            section: the section number (1 = top). Under option 3(a) it may be
                omitted (the player's own section); under 3(b)/(c) required.

        Returns:
            The :class:`Bet`.

        Raises:
            DealOverError: the deal is over.
            RuleError: not the betting phase (Option 2: before the cut, or
                after the cut and before the first section is turned).
            BetError: unknown player, no such section, the banker's section,
                or (3a) a section cut for someone else.
            StakeError: stake not positive.
        """
        if self.phase == PHASE_OVER:
            raise DealOverError.of(N_("the deal is over: no more bets in this deal (the next deal takes bets again)"))
        if self.phase != PHASE_BETTING:
            now = (Phrase(N_("a section has been turned already")) if self.turned
                   else Phrase(N_("the pack has been cut already")) if self.sections
                   else Phrase(N_("the pack is not cut yet: cut it first")))
            template = (N_("at this table stakes go down before the cut and before any section is turned; {now}")
                        if self.config.bet_timing is BetTiming.BEFORE_CUT else
                        N_("at this table stakes go down after the cut and before any section is turned; {now}"))
            raise RuleError.of(template, now=now)
        allowed = self.allowed_sections(player)  # BetError for someone who is not a punter
        if section is None:
            if len(allowed) != 1:
                raise BetError.of(N_("say which section {player} backs: one of {sections}"),
                                  player=short_repr(player), sections=", ".join(map(str, allowed)))
            section = allowed[0]
        self._check_section(section)
        if section == self.banker_section_number:
            raise BetError.of(N_("section {section} is the banker's; punters back the players' sections {sections}"),
                              section=section, sections=", ".join(map(str, self.player_section_numbers)))
        if section not in allowed:
            raise BetError.of(N_("under option 3(a) {player} may bet only on their own section {own}, not section "
                                 "{section}"), player=short_repr(player), own=allowed[0], section=section)
        amount = to_stake(stake)
        b = Bet(len(self.bets), player, section, amount)
        self.bets.append(b)
        self.events.append(BetPlaced(b, text=_("{player} bets {amount} on section {section}").format(
            player=player, amount=_fmt(amount), section=section)))
        return b

    def cut(self, sizes: Sequence[int] | None = None) -> PackCut:
        """Discard (option 1) and cut the sections (source, Play 1).

        Args:
            sizes: card counts of the sections in play, top first, one per
                section (``n_sections`` of them). With
                :attr:`BottomCard.DISCARD` they must add up to 51 (pack size - 1); with
                :attr:`BottomCard.UNUSED_SECTION` to at most 51 (the rest,
                at least one card, is the unused bottom section). ``None``
                draws the cut points from the deal's rng.

        Returns:
            The :class:`PackCut` event (a :class:`BottomDiscarded` event
            precedes it in :attr:`events` under discard).

        Raises:
            DealOverError / RuleError: already cut, or the deal is over.
            BetError: sizes not a sequence, of the wrong count, not
                positive whole numbers, or the wrong total.
            RuleError: no sizes and no rng to draw them.
        """
        if self.phase == PHASE_OVER:
            raise DealOverError.of(N_("the deal is over: nothing to cut"))
        if self.sections:
            raise RuleError.of(N_("the pack has already been cut this deal"))
        discard = self.config.bottom_card is BottomCard.DISCARD
        usable = self.config.pack_size - 1
        k = self.n_sections
        if sizes is None:
            if self._rng is None:
                raise RuleError.of(N_("give the section sizes (no rng was given to draw them)"))
            if discard:  # k-1 cut points among the 50 gaps inside 51 cards (standard pack)
                points = [p + 1 for p in _sample(self._rng, usable - 1, k - 1)] + [usable]
            else:  # k cut points among the 51 gaps inside 52 cards
                points = [p + 1 for p in _sample(self._rng, usable, k)]
            sizes = [b - a for a, b in zip([0] + points[:-1], points)]
        try:
            sizes = list(sizes)
        except TypeError:
            raise BetError.of(N_("give {k} section sizes as a sequence of whole numbers, top section first (or None "
                                 "to draw them); got {sizes}"), k=k, sizes=short_repr(sizes)) from None
        if len(sizes) != k:
            raise BetError.of(N_("give {k} section sizes, one per section in play (the banker's included), top "
                                 "section first; got {sizes} ({n} sizes)"), k=k, sizes=_pieces_text(sizes), n=len(sizes))
        for s in sizes:
            whole_number(s, "a section size", low=1, error=BetError,
                         rule=Phrase(N_("each of the {k} section sizes must be a whole number of at least 1 card "
                                        "(sizes given: {sizes})"), k=k, sizes=_pieces_text(sizes)))
        total = sum(sizes)
        said = (f"{total:,}" if total < 10 ** 40 else Phrase(N_("a number of more than 40 digits")))
        if discard and total != usable:
            raise BetError.of(N_("the sizes add up to {total}: with the bottom card discarded the {k} sections share "
                                 "all {usable} other cards; give {k} sizes that add up to {usable}"),
                              total=said, k=k, usable=usable)
        if not discard and total > usable:
            raise BetError.of(N_("the sizes add up to {total}: with an unused bottom section the {k} sections may hold "
                                 "at most {usable} cards (at least one is left unused); give {k} sizes that add up to "
                                 "at most {usable}"), total=said, k=k, usable=usable)
        # all checks done: mutate
        if discard:
            self.discarded = self.deck[-1]
            self.events.append(BottomDiscarded(self.discarded, text=_("the banker discards the bottom card face down")))
        sections, start = [], 0
        for i, s in enumerate(sizes, 1):
            sections.append(Section(i, self.deck[start:start + s], self.section_owner(i), i == k))
            start += s
        self.sections = tuple(sections)
        if not discard:
            self.unused_section = Section(k + 1, self.deck[start:], None, False, True)
        unused = (ngettext("; {n} card left unused at the bottom", "; {n} cards left unused at the bottom",
                           self.unused_section.size).format(n=self.unused_section.size)
                  if self.unused_section else "")
        ev = PackCut(self.sections, self.unused_section,
                     text=ngettext("the banker cuts {n} section of {sizes} cards; section {n} is the banker's",
                                   "the banker cuts {n} sections of {sizes} cards; section {n} is the banker's",
                                   k).format(n=k, sizes=", ".join(map(str, sizes))) + unused)
        self.events.append(ev)
        self.phase = PHASE_TURNING if self.config.bet_timing is BetTiming.BEFORE_CUT else PHASE_BETTING
        return ev

    def turn(self) -> SectionTurned:
        """Turn the next section face up (source, Play 3) and settle the bets
        on it (Play 4, Option 4). The banker's section is turned first, then
        the players' sections from the top. The first turn closes betting
        under bets-after-the-cut.

        Raises:
            DealOverError: every section is already turned.
            RuleError: the pack has not been cut yet.
        """
        if self.phase == PHASE_OVER:
            raise DealOverError.of(N_("the deal is over: every section is turned"))
        if not self.sections:
            raise RuleError.of(N_("the pack has not been cut yet: cut it into sections before turning any"))
        k = self.banker_section_number
        order = [k] + list(self.player_section_numbers)
        number = order[len(self.turned)]
        section = self.sections[number - 1]
        banker_card = self.sections[k - 1].bottom
        settled: list[BetSettled] = []
        comparison = None
        if number != k:
            comparison = compare(section.bottom, banker_card)
            for b in self.bets_on(number):
                outcome = outcome_for(section.bottom, banker_card, self.config.tie_rule)
                settled.append(BetSettled(b, outcome, _net(outcome, b.stake)))
        ev = SectionTurned(section, banker_card, comparison, tuple(settled))
        ev = replace(ev, text=ev.describe())
        for s in settled:
            self.results[s.bet.index] = s
        self.turned.append(number)
        self.events.append(ev)
        self.phase = PHASE_OVER if len(self.turned) == self.n_sections else PHASE_TURNING
        return ev

    def play_out(self) -> list[Event]:
        """Cut (drawing sizes from the rng) if not yet cut, then turn every
        remaining section; returns the new events.

        Raises:
            DealOverError: the deal is already over.
            RuleError: a cut is needed but there is no rng to draw sizes.
        """
        if self.phase == PHASE_OVER:
            raise DealOverError("the deal is over")
        n = len(self.events)
        if not self.sections:
            self.cut()
        while not self.is_over:
            self.turn()
        return self.events[n:]

    def settle(self) -> Settlement:
        """The deal's settlement: each bet's result in the order placed, each
        punter's net and the banker's net (chips conserved).

        Raises:
            RuleError: the deal is not over yet.
        """
        if not self.is_over:
            raise RuleError("the deal is not over yet: every section must be turned before the bets are settled")
        results = [BetResult(s.bet.player, f"section {s.bet.section}", s.bet.stake, s.outcome, s.net)
                   for s in (self.results[b.index] for b in self.bets)]
        settlement = Settlement.from_results(results)
        for p in self.punters:
            settlement.player_net.setdefault(p, Fraction(0))
        return settlement

    def transcript(self) -> str:
        """The deal as plain text, one line per event (each in the language in use
        when it happened, see :class:`Event`)."""
        return "\n".join(e.text for e in self.events)

    def __repr__(self) -> str:
        return (f"BankerBrokerDeal(banker={self.banker!r}, punters={list(self.punters)!r}, "
                f"phase={self.phase!r}, bets={len(self.bets)})")


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _outcome_text(s: BetSettled) -> str:
    """A settled bet as a transcript says it: ``"Anna wins 1"``, ``"Ben loses 1/2"``."""
    if s.outcome == WIN:
        return _("{player} wins {amount}").format(player=s.bet.player, amount=_fmt(s.net))
    if s.outcome == LOSE:
        return _("{player} loses {amount}").format(player=s.bet.player, amount=_fmt(-s.net))
    return _("{player} gets the stake of {amount} back").format(player=s.bet.player, amount=_fmt(s.bet.stake))
