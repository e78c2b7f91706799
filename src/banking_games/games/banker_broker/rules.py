"""Banker and Broker's constants, options, configuration and pure rules.

Part of :mod:`banking_games.games.banker_broker` (source, the game in brief and how sections
are made are in its docstring): the option enums, :class:`BankerBrokerConfig`,
:func:`compare`, :func:`outcome_for` and :func:`section_count`.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from fractions import Fraction

from ...cards import Card, check_deck_order, parse_card, top_ranks_pack
from ...errors import CardError, ConfigError, Phrase, short_repr
from ...i18n import N_, _
from ...money import LOSE, PUSH, WIN
from ...checks import whole_number


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
_FIELD_RULES = {"section_limit": N_("the limit on sections in all (one per punter and the banker's) must be a whole "
                                    "number of at least {low}"),
                "deals_per_bank": N_("the number of deals a banker keeps the bank must be a whole number of at least "
                                     "{low}")}
"""The rule a refusal of a number field states (:data:`_FIELD_WORDS` and its least value), for the catalogues."""


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
            whole_number(getattr(self, name), name, low=low, rule=Phrase(_FIELD_RULES[name], low=low))
        for name, low, high in (("ranks", 1, 13), ("suits", 1, 4)):
            whole_number(getattr(self, name), name, low=low, high=high,
                         rule=f"{name} must be a whole number from {low} to {high} (the standard pack "
                              "has 13 ranks and 4 suits)")
        if self.ranks * self.suits < 3:
            raise ConfigError(f"a pack of {self.ranks} ranks in {self.suits} suits has only "
                              f"{self.ranks * self.suits} cards; at least 3 are needed (two sections "
                              "and a bottom card)")
        if self.bank_change is BankChange.ACE_PASSES and self.deals_per_bank != 1:
            raise ConfigError.of(
                N_("deals_per_bank applies only to BankChange.ROTATE_LEFT and BankChange.CUT_FOR_BANK; "
                   "under BankChange.ACE_PASSES it must be 1, got {value}"), value=short_repr(self.deals_per_bank))

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

    def describe_in_language(self) -> str:
        """:meth:`describe` in the language in use (:mod:`banking_games.i18n`), as a
        live table shows the rules: German "unterste Karte beiseitegelegt; ...";
        in English the same line as :meth:`describe`."""
        parts = [_("bottom card discarded") if self.bottom_card is BottomCard.DISCARD else _("unused bottom section"),
                 _("bets before the cut") if self.bet_timing is BetTiming.BEFORE_CUT else _("bets after the cut")]
        option = _("sections option ({option})").format(option=self.sectioning.value)
        if self.sectioning is Sectioning.ONE_EACH:
            option += " " + _("(at most {n} sections)").format(n=self.section_limit)
        parts.append(option)
        parts.append(_("ties: bank wins") if self.tie_rule is TieRule.BANK_WINS else _("ties: stake returned"))
        if self.bank_change is BankChange.ACE_PASSES:
            parts.append(_("bank passes to a punter who backs an Ace"))
        else:
            if self.bank_change is BankChange.ROTATE_LEFT:
                change = (_("bank passes left after each deal") if self.deals_per_bank == 1 else
                          _("bank passes left after every {n} deals"))
            else:
                change = (_("a high cut picks the banker after each deal") if self.deals_per_bank == 1 else
                          _("a high cut picks the banker after every {n} deals"))
            parts.append(change.format(n=self.deals_per_bank))
        if not self.is_standard_pack:
            parts.append(_("{n}-card pack ({ranks} ranks x {suits} suits)").format(
                n=self.pack_size, ranks=self.ranks, suits=self.suits))
        return "; ".join(parts)


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
    whole_number(n_punters, "n_punters", low=1, rule=Phrase(N_("Banker and Broker needs at least one punter "
                                                               "besides the banker (two or more players), a whole "
                                                               "number of punters")))
    if n_sections is not None:
        whole_number(n_sections, "n_sections", low=2, high=most,
                     rule=Phrase(N_("the banker cuts a whole number of sections from 2 to {most} "
                                    "(the banker's section included)"), most=most))
    if config.sectioning is Sectioning.ONE_EACH:
        forced = n_punters + 1
        if forced > config.section_limit:
            raise ConfigError.of(
                N_("option 3(a) allows at most {limit} sections in all (one per punter and the banker's), so at most "
                   "{most} punters; got {n} punters"), limit=config.section_limit, most=config.section_limit - 1,
                n=n_punters)
    elif config.sectioning is Sectioning.THREE:
        forced = 3
    else:
        if n_sections is None:
            raise ConfigError.of(N_("when the banker chooses how many sections to cut, say how many this deal "
                                    "(from 2 to {most}, the banker's included)"), most=most)
        return n_sections
    if forced > most:
        raise ConfigError.of(N_("a pack of {cards} cards holds at most {most} sections (one card is discarded or "
                                "left unused); option 3({option}) needs {forced} here"), cards=config.pack_size,
                             most=most, option=config.sectioning.value, forced=forced)
    if n_sections is not None and n_sections != forced:
        raise ConfigError(f"option 3({config.sectioning.value}) fixes the number of sections at {forced} "
                          f"here; got n_sections={short_repr(n_sections)}")
    return forced
