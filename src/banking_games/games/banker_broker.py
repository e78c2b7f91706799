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

This module imports only the standard library.
"""

from __future__ import annotations

import enum
import functools
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ..cards import Card, check_deck_order, full_pack, parse_card, random_source, shuffled, top_ranks_pack
from ..errors import ArgumentError, BetError, CardError, ConfigError, DealOverError, DeckError, RuleError, short_repr
from ..money import LOSE, PUSH, WIN, BetResult, Settlement, to_stake
from ..checks import names as _names, whole_number
from .cut import CutForBank, CutRound, cut_for_bank

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

SOURCE = "diagram1979"
"""The source's key in book/references.bib (the English encyclopedia entry)."""

PAYOUT_ODDS = Fraction(1)
"""Even money: the banker pays 1 to 1 on a section whose card outranks his
(source, Play 4). A win on a stake ``s`` nets ``s``."""

PACK_SIZE = 52
"""The ordinary 52-card pack (source, equipment a)."""

MIN_PLAYERS = 2
"""'Two or more' players, the banker included (source, players): so at
least one punter."""

PHASE_CUT = "cut"
PHASE_BETTING = "betting"
PHASE_TURNING = "turning"
PHASE_OVER = "over"


class BottomCard(enum.Enum):
    """Option 1, "Discarding the bottom card" (source, Option 1)."""

    DISCARD = "discard"
    """The banker removes the pack's bottom card and discards it before cutting."""
    UNUSED_SECTION = "unused section"
    """After the cut, a bottom section stays out of play."""


class BetTiming(enum.Enum):
    """Option 2, "Timing of bets" (source, Option 2). The source's own
    account of a deal (Play 1-2) has the cut first and the bets after; its
    option 2 allows either order."""

    BEFORE_CUT = "before the cut"
    """Bets are placed before the sections are cut. The engine's default
    (:attr:`BankerBrokerConfig.bet_timing`): our choice, not the source's
    order."""
    AFTER_CUT = "after the cut"
    """Bets are placed after the sections are cut: the order of the
    source's own account of a deal (Play 1-2)."""


class Sectioning(enum.Enum):
    """Option 3, "Number of sections cut" (source, Option 3, its three "Or"s)."""

    ONE_EACH = "a"
    """(a) one section per punter and one for the banker, up to a limit
    (seven); each punter may bet only on their own section."""
    THREE = "b"
    """(b) the banker cuts three sections: one is his, the other two are the
    players', and each punter may back one of those two or both."""
    ANY = "c"
    """(c) as many sections as the banker likes (varying from deal to deal),
    the punters bet as they please; one section is left for the banker."""


class TieRule(enum.Enum):
    """Option 4, the banker's card equal in rank to the section bet on
    (source, Option 4; its "is the that bet on" is read as "is the same as
    that bet on")."""

    BANK_WINS = "bank wins"
    """A tie loses the stake to the banker."""
    STAKE_RETURNED = "stake returned"
    """A tie returns the stake (:data:`~banking_games.money.PUSH`)."""


class BankChange(enum.Enum):
    """Option 5, "Change of banker" (source, Option 5)."""

    ROTATE_LEFT = "rotate left"
    """The bank moves to the next player on the left, after every deal or after an agreed number of deals."""
    CUT_FOR_BANK = "cut for bank"
    """A high cut among the players decides the next banker, after every deal or an agreed number of deals."""
    ACE_PASSES = "ace passes"
    """The bank passes to a player who bet on a section showing an Ace; two
    claims (two players' Aces, a player's and the banker's Ace, or two
    players on the same Ace) are settled by a high cut."""


_FIELD_WORDS = {"section_limit": "the limit on sections in all (one per punter and the banker's)",
                "deals_per_bank": "the number of deals a banker keeps the bank"}
"""How a refusal names a :class:`BankerBrokerConfig` number field (in the
table's words, not the field's name)."""


def _pieces_text(pieces: object, most: int = 8) -> str:
    """What a reader gave, for a message: ``"3, 4"``, ``"'abc'"``; whole
    numbers plain, anything else quoted and cut short; at most ``most``
    pieces, then "…"."""
    try:
        items = list(pieces)
    except TypeError:
        return short_repr(pieces)
    shown = [str(p) if isinstance(p, int) and not isinstance(p, bool) and abs(p) < 10 ** 9 else short_repr(p)
             for p in items[:most]]
    return ", ".join(shown) + (", …" if len(items) > most else "") if shown else "nothing"


@dataclass(frozen=True)
class BankerBrokerConfig:
    """Every rule option of Banker and Broker ("These are agreed beforehand",
    source, Options 1-5).

    Attributes:
        bottom_card: Option 1 (source "1) Discarding the bottom card").
        bet_timing: Option 2 (source "2) Timing of bets"). The default,
            ``BEFORE_CUT``, is our choice: the source's basic play has the
            banker cut first and the punters bet after (``AFTER_CUT``), and
            its option 2 allows either order.
        sectioning: Option 3 (source "3) Numberof sections cut").
        section_limit: Option 3(a), which caps the sections at seven: the most
            sections in play, the banker's included, under
            :attr:`Sectioning.ONE_EACH`; so at most ``section_limit - 1``
            punters. Our reading of an ambiguous phrase (it might also mean
            seven players); any integer >= 2 may be agreed, default 7.
            Only used under option 3(a).
        tie_rule: Option 4 (a section whose card has the banker's rank; the
            source's slip "is the that bet on" read as "is the same as").
        bank_change: Option 5 (source "5) Change of banker").
        deals_per_bank: Option 5 (after every deal, or an agreed number):
            the number of deals a banker holds the bank before it rotates or
            is cut for. Must be 1 under :attr:`BankChange.ACE_PASSES`, which
            the source ties to bets, not to a count of deals.
        ranks: how many ranks the pack has, counted down from the ace
            (13: the source's ordinary 52-card pack, equipment a;
            8: the 32-card pack A K Q J 10 9 8 7). NOT a rule of the source:
            a reduced pack for comparison and for exact analysis (every
            order of a small pack can be dealt). 1 to 13.
        suits: how many suits the pack has, in the order spades, hearts,
            diamonds, clubs (4: the standard pack). Not a rule of the
            source, like ``ranks``. 1 to 4. The pack must hold at least 3
            cards (two sections in play and a bottom card).

    Raises:
        ConfigError: a field of the wrong type, ``section_limit < 2``,
            ``deals_per_bank < 1``, or ``deals_per_bank != 1`` with the
            Ace rule; ``ranks`` not from 1 to 13, ``suits`` not from 1 to
            4, or a pack of fewer than 3 cards.
    """

    bottom_card: BottomCard = BottomCard.DISCARD
    bet_timing: BetTiming = BetTiming.BEFORE_CUT
    sectioning: Sectioning = Sectioning.ONE_EACH
    section_limit: int = 7
    tie_rule: TieRule = TieRule.BANK_WINS
    bank_change: BankChange = BankChange.ROTATE_LEFT
    deals_per_bank: int = 1
    ranks: int = 13
    suits: int = 4

    def pack(self) -> list[Card]:
        """The cards of this config's pack, in :func:`~banking_games.cards.full_pack`
        order (the whole 52-card pack by default)."""
        return list(top_ranks_pack(self.ranks, self.suits))

    @property
    def pack_size(self) -> int:
        """Cards in the pack: ``ranks * suits`` (52 by default, :data:`PACK_SIZE`)."""
        return self.ranks * self.suits

    @property
    def is_standard_pack(self) -> bool:
        """True for the source's 52-card pack."""
        return self.ranks == 13 and self.suits == 4

    def __post_init__(self) -> None:
        for name, kind in (("bottom_card", BottomCard), ("bet_timing", BetTiming),
                           ("sectioning", Sectioning), ("tie_rule", TieRule),
                           ("bank_change", BankChange)):
            value = getattr(self, name)
            if not isinstance(value, kind):
                allowed = ", ".join(f"{kind.__name__}.{m.name}" for m in kind)
                raise ConfigError(f"{name} must be one of {allowed}; got {short_repr(value)}")
        for name, low in (("section_limit", 2), ("deals_per_bank", 1)):
            whole_number(getattr(self, name), name, low=low,
                         rule=f"{_FIELD_WORDS[name]} must be a whole number of at least {low}")
        for name, low, high in (("ranks", 1, 13), ("suits", 1, 4)):
            whole_number(getattr(self, name), name, low=low, high=high,
                         rule=f"{name} must be a whole number from {low} to {high} (the standard pack "
                              "has 13 ranks and 4 suits)")
        if self.ranks * self.suits < 3:
            raise ConfigError(f"a pack of {self.ranks} ranks in {self.suits} suits has only "
                              f"{self.ranks * self.suits} cards; at least 3 are needed (two sections "
                              "and a bottom card)")
        if self.bank_change is BankChange.ACE_PASSES and self.deals_per_bank != 1:
            raise ConfigError(
                "deals_per_bank applies only to BankChange.ROTATE_LEFT and BankChange.CUT_FOR_BANK; "
                f"under BankChange.ACE_PASSES it must be 1, got {short_repr(self.deals_per_bank)}")

    def describe(self) -> str:
        """One line naming every option chosen."""
        limit = f" (at most {self.section_limit} sections)" if self.sectioning is Sectioning.ONE_EACH else ""
        every = "each deal" if self.deals_per_bank == 1 else f"every {self.deals_per_bank} deals"
        change = {BankChange.ROTATE_LEFT: f"bank passes left after {every}",
                  BankChange.CUT_FOR_BANK: f"a high cut picks the banker after {every}",
                  BankChange.ACE_PASSES: "bank passes to a punter who backs an Ace"}[self.bank_change]
        bottom = ("bottom card discarded" if self.bottom_card is BottomCard.DISCARD
                  else "unused bottom section")
        pack = "" if self.is_standard_pack else f"; {self.pack_size}-card pack ({self.ranks} ranks x {self.suits} suits)"
        return (f"{bottom}; bets {self.bet_timing.value}; sections option ({self.sectioning.value})"
                f"{limit}; ties: {self.tie_rule.value}; {change}{pack}")


@functools.lru_cache(maxsize=None)
def _pack_ids(ranks: int, suits: int) -> frozenset[int]:
    return frozenset(id(c) for c in top_ranks_pack(ranks, suits))


def _deck_order(deck, config: "BankerBrokerConfig") -> list[Card]:
    """``deck`` checked against the config's pack. Fast path: a deck made of
    the very :class:`Card` objects that :meth:`BankerBrokerConfig.pack`
    returns, each exactly once, is a permutation of the pack (used by exact
    enumeration, thousands of deals). Anything else goes through
    :func:`~banking_games.cards.check_deck_order`, which raises the
    CardError/DeckError naming what is wrong."""
    if isinstance(deck, (list, tuple)):
        cards = list(deck)
        ids = _pack_ids(config.ranks, config.suits)
        if len(cards) == config.pack_size and len(ids.intersection(map(id, cards))) == config.pack_size:
            return cards
    return check_deck_order(deck, config.pack())


# ---------------------------------------------------------------- pure rules

def compare(card: "Card | str", banker_card: "Card | str") -> int:
    """Compare a section's bottom card with the banker's (source, the ranking
    of the cards: the usual order with the Ace on top; suits never count).

    Args:
        card, banker_card: :class:`~banking_games.cards.Card` objects or
            card names such as ``"QH"``.

    Returns:
        1 if ``card`` ranks higher, -1 if lower, 0 if the ranks are equal
        (suits never break a tie).

    Raises:
        CardError: a malformed card name, or the Joker (not in this game's pack).
    """
    if not (type(card) is Card and type(banker_card) is Card):  # fast path for the engine's own cards
        card, banker_card = parse_card(card), parse_card(banker_card)
    if card.is_joker or banker_card.is_joker:
        raise CardError("Banker and Broker uses a standard 52-card pack: the Joker has no rank here")
    return (card.rank > banker_card.rank) - (card.rank < banker_card.rank)


def outcome_for(card: Card, banker_card: Card, tie_rule: TieRule) -> str:
    """The outcome of a bet on a section showing ``card`` against the
    banker's ``banker_card`` (source, Play 4 and Option 4).

    Args:
        card, banker_card: cards or card names (as :func:`compare`).
        tie_rule: a :class:`TieRule` (Option 4).

    Returns:
        :data:`~banking_games.money.WIN` (paid :data:`PAYOUT_ODDS`),
        :data:`~banking_games.money.LOSE`, or on equal ranks ``LOSE`` under
        :attr:`TieRule.BANK_WINS` and :data:`~banking_games.money.PUSH` under
        :attr:`TieRule.STAKE_RETURNED`.

    Raises:
        CardError: as :func:`compare`.
        ConfigError: ``tie_rule`` is not a :class:`TieRule`.
    """
    if not isinstance(tie_rule, TieRule):
        raise ConfigError(f"tie_rule must be one of {', '.join(f'TieRule.{m.name}' for m in TieRule)}; "
                          f"got {short_repr(tie_rule)}")
    c = compare(card, banker_card)
    if c > 0:
        return WIN
    if c < 0:
        return LOSE
    return LOSE if tie_rule is TieRule.BANK_WINS else PUSH


def _net(outcome: str, stake: Fraction) -> Fraction:
    return {WIN: stake * PAYOUT_ODDS, LOSE: -stake, PUSH: Fraction(0)}[outcome]


def section_count(config: BankerBrokerConfig, n_punters: int, n_sections: int | None = None) -> int:
    """How many sections are in play (the banker's included, any unused
    bottom section not counted) for ``n_punters`` punters.

    Args:
        config: the rules.
        n_punters: punters at the table (the banker not counted), at least 1
            (source, "Two or more" players).
        n_sections: under option 3(c) the number the banker chooses for this
            deal (2 to 51, or to one less than the config's pack size); under
            3(a)/(b) leave ``None`` or give the forced number.

    Raises:
        ConfigError: no punter; more sections than ``config.section_limit``
            under 3(a); ``n_sections`` missing or out of range under 3(c);
            ``n_sections`` different from the forced number under 3(a)/(b);
            a reduced pack too small for the forced number of sections (each
            needs a card, and one card is discarded or left unused).
    """
    most = config.pack_size - 1
    whole_number(n_punters, "n_punters", low=1, rule="Banker and Broker needs at least one punter besides "
                 "the banker (two or more players), a whole number of punters")
    if n_sections is not None:
        whole_number(n_sections, "n_sections", low=2, high=most,
                     rule=f"the banker cuts a whole number of sections from 2 to {most} "
                          "(the banker's section included)")
    if config.sectioning is Sectioning.ONE_EACH:
        forced = n_punters + 1
        if forced > config.section_limit:
            raise ConfigError(
                f"option 3(a) allows at most {config.section_limit} sections in all (one per punter and "
                f"the banker's), so at most {config.section_limit - 1} punters; got {n_punters} punters")
    elif config.sectioning is Sectioning.THREE:
        forced = 3
    else:
        if n_sections is None:
            raise ConfigError("when the banker chooses how many sections to cut, say how many this deal "
                              f"(from 2 to {most}, the banker's included)")
        return n_sections
    if forced > most:
        raise ConfigError(f"a pack of {config.pack_size} cards holds at most {most} sections (one card is "
                          f"discarded or left unused); option 3({config.sectioning.value}) needs {forced} here")
    if n_sections is not None and n_sections != forced:
        raise ConfigError(f"option 3({config.sectioning.value}) fixes the number of sections at {forced} "
                          f"here; got n_sections={short_repr(n_sections)}")
    return forced


# ---------------------------------------------------------------- names and randomness

def first_banker_rng(seed: int) -> random.Random:
    """The random source of a session's first high cut for the bank.

    Raises:
        ConfigError: ``seed`` not a whole number 0 or more (True/False included).
    """
    whole_number(seed, "seed", low=0)
    return random.Random(f"{seed}:first banker")


def deal_rng(seed: int, number: int) -> random.Random:
    """The random source of deal ``number`` (1, 2, ...) of a session: it
    shuffles the pack, then draws the cut points if the reader gives no
    section sizes. Each deal has its own, so the same seed deals the same
    packs whatever was bet, cut or chosen in earlier deals.

    Raises:
        ConfigError: ``seed`` not a whole number 0 or more, ``number`` not 1 or more.
    """
    whole_number(seed, "seed", low=0)
    whole_number(number, "the deal's number", low=1)
    return random.Random(f"{seed}:deal {number}")


def bank_cut_rng(seed: int, number: int) -> random.Random:
    """The random source of a high cut for the bank after deal ``number``
    (used only when the engine needs a cut).

    Raises:
        ConfigError: ``seed`` not a whole number 0 or more, ``number`` not 1 or more.
    """
    whole_number(seed, "seed", low=0)
    whole_number(number, "the deal's number", low=1)
    return random.Random(f"{seed}:bank cut after deal {number}")


def _as_rng(rng):
    """A seed becomes ``random.Random(seed)``; a Random or numpy Generator is
    used as is (checked by :func:`banking_games.cards.random_source`)."""
    return random_source(rng)


def _sample(rng, population: int, k: int) -> list[int]:
    """``k`` distinct integers from ``range(population)``, sorted."""
    if isinstance(rng, random.Random):
        return sorted(rng.sample(range(population), k))
    return sorted(int(i) for i in rng.choice(population, size=k, replace=False))


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
    """Base of the deal's history entries; ``text`` is one transcript line."""

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


def _owner_text(section: Section) -> str:
    if section.is_banker:
        return "banker's"
    if section.owner is not None:
        return f"{section.owner}'s"
    return "open"


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
            raise BetError(f"{short_repr(player)} is not a punter in this deal; punters: "
                           f"{', '.join(map(str, self.punters))}")
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
        whole_number(number, "section", low=1, high=self.n_sections, error=BetError,
                     rule=f"no section {short_repr(number)}: sections are numbered 1 to {self.n_sections} from the top")

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
            raise DealOverError("the deal is over: no more bets in this deal (the next deal takes bets again)")
        if self.phase != PHASE_BETTING:
            when = self.config.bet_timing.value
            now = ("a section has been turned already" if self.turned
                   else "the pack has been cut already" if self.sections
                   else "the pack is not cut yet: cut it first")
            raise RuleError(f"at this table stakes go down {when} and before any section is turned; "
                            f"{now}")
        allowed = self.allowed_sections(player)  # BetError for someone who is not a punter
        if section is None:
            if len(allowed) != 1:
                raise BetError(f"say which section {short_repr(player)} backs: one of "
                               f"{', '.join(map(str, allowed))}")
            section = allowed[0]
        self._check_section(section)
        if section == self.banker_section_number:
            raise BetError(f"section {section} is the banker's; punters back the players' sections "
                           f"{', '.join(map(str, self.player_section_numbers))}")
        if section not in allowed:
            raise BetError(f"under option 3(a) {short_repr(player)} may bet only on their own section "
                           f"{allowed[0]}, not section {section}")
        amount = to_stake(stake)
        b = Bet(len(self.bets), player, section, amount)
        self.bets.append(b)
        self.events.append(BetPlaced(b, text=f"{player} bets {_fmt(amount)} on section {section}"))
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
            raise DealOverError("the deal is over: nothing to cut")
        if self.sections:
            raise RuleError("the pack has already been cut this deal")
        discard = self.config.bottom_card is BottomCard.DISCARD
        usable = self.config.pack_size - 1
        k = self.n_sections
        if sizes is None:
            if self._rng is None:
                raise RuleError("give the section sizes (no rng was given to draw them)")
            if discard:  # k-1 cut points among the 50 gaps inside 51 cards (standard pack)
                points = [p + 1 for p in _sample(self._rng, usable - 1, k - 1)] + [usable]
            else:  # k cut points among the 51 gaps inside 52 cards
                points = [p + 1 for p in _sample(self._rng, usable, k)]
            sizes = [b - a for a, b in zip([0] + points[:-1], points)]
        try:
            sizes = list(sizes)
        except TypeError:
            raise BetError(f"give {k} section sizes as a sequence of whole numbers, top section first (or None "
                           f"to draw them); got {short_repr(sizes)}") from None
        if len(sizes) != k:
            raise BetError(f"give {k} section sizes, one per section in play (the banker's included), top "
                           f"section first; got {_pieces_text(sizes)} ({len(sizes)} sizes)")
        for s in sizes:
            whole_number(s, "a section size", low=1, error=BetError,
                         rule=f"each of the {k} section sizes must be a whole number of at least 1 card "
                              f"(sizes given: {_pieces_text(sizes)})")
        total = sum(sizes)
        said = f"{total:,}" if total < 10 ** 40 else "a number of more than 40 digits"
        if discard and total != usable:
            raise BetError(f"the sizes add up to {said}: with the bottom card discarded the {k} sections "
                           f"share all {usable} other cards; give {k} sizes that add up to {usable}")
        if not discard and total > usable:
            raise BetError(f"the sizes add up to {said}: with an unused bottom section the {k} sections "
                           f"may hold at most {usable} cards (at least one is left unused); give {k} sizes "
                           f"that add up to at most {usable}")
        # all checks done: mutate
        if discard:
            self.discarded = self.deck[-1]
            self.events.append(BottomDiscarded(self.discarded, text="the banker discards the bottom "
                                               "card face down"))
        sections, start = [], 0
        for i, s in enumerate(sizes, 1):
            sections.append(Section(i, self.deck[start:start + s], self.section_owner(i), i == k))
            start += s
        self.sections = tuple(sections)
        if not discard:
            self.unused_section = Section(k + 1, self.deck[start:], None, False, True)
        unused = (f"; {self.unused_section.size} cards left unused at the bottom"
                  if self.unused_section else "")
        ev = PackCut(self.sections, self.unused_section,
                     text=f"the banker cuts {k} sections of {', '.join(map(str, sizes))} cards; "
                          f"section {k} is the banker's{unused}")
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
            raise DealOverError("the deal is over: every section is turned")
        if not self.sections:
            raise RuleError("the pack has not been cut yet: cut it into sections before turning any")
        k = self.banker_section_number
        order = [k] + list(self.player_section_numbers)
        number = order[len(self.turned)]
        section = self.sections[number - 1]
        banker_card = self.sections[k - 1].bottom
        settled: list[BetSettled] = []
        if number == k:
            text = f"section {k} (banker's) turned: {section.bottom.name}"
            comparison = None
        else:
            comparison = compare(section.bottom, banker_card)
            word = {1: "higher than", -1: "lower than", 0: "ties with"}[comparison]
            parts = []
            for b in self.bets_on(number):
                outcome = outcome_for(section.bottom, banker_card, self.config.tie_rule)
                s = BetSettled(b, outcome, _net(outcome, b.stake))
                settled.append(s)
                parts.append(f"{b.player} {_outcome_text(s)}")
            bets = "; ".join(parts) if parts else "no bets"
            text = (f"section {number} ({_owner_text(section)}) turned: {section.bottom.name}, "
                    f"{word} {banker_card.name}: {bets}")
        ev = SectionTurned(section, banker_card, comparison, tuple(settled), text=text)
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
        """The deal as plain text, one line per event."""
        return "\n".join(e.text for e in self.events)

    def __repr__(self) -> str:
        return (f"BankerBrokerDeal(banker={self.banker!r}, punters={list(self.punters)!r}, "
                f"phase={self.phase!r}, bets={len(self.bets)})")


def _and(names) -> str:
    names = [str(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _outcome_text(s: BetSettled) -> str:
    if s.outcome == WIN:
        return f"wins {_fmt(s.net)}"
    if s.outcome == LOSE:
        return f"loses {_fmt(-s.net)}"
    return f"gets the stake of {_fmt(s.bet.stake)} back"


# ---------------------------------------------------------------- cutting for the bank
# One implementation shared with Hoggenheimer: see banking_games.games.cut.


# ---------------------------------------------------------------- a session of deals

@dataclass(frozen=True)
class BankChangeResult:
    """What happened to the bank after a deal (source, Option 5).

    Attributes:
        deal_number: the deal just finished (1, 2, ...).
        old_banker, new_banker: who held the bank before and holds it now.
        reason: a short English explanation.
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
            reason = ("the bank moves on to the next player on the left" if due
                      else f"{old} keeps the bank ({held} of {self.config.deals_per_bank} deals)")
        elif change is BankChange.CUT_FOR_BANK:
            needs_cut = due
            new, reason = old, f"{old} keeps the bank ({held} of {self.config.deals_per_bank} deals)"
        else:
            claimants = self.ace_claimants(deal)
            if not claimants:
                new, reason = old, "nobody backed an Ace: the bank stays"
            elif len(claimants) == 1:
                new, reason = claimants[0], f"{claimants[0]} backed an Ace and takes the bank"
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
            reason = ("the players cut for the bank" if change is BankChange.CUT_FOR_BANK
                      else f"{_and(claimants)} have Ace claims and cut for the bank")
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
        """The session so far: one line per bank change."""
        lines = []
        if self.initial_cut is not None:
            lines.append(f"first banker by high cut: {self.initial_cut.text()}")
        for r in self.history:
            cut = f" ({r.cut.text()})" if r.cut is not None else ""
            lines.append(f"after deal {r.deal_number}: {r.reason}{cut}; banker {r.old_banker} -> {r.new_banker}")
        return "\n".join(lines)
