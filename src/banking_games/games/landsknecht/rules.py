"""Landsknecht's constants, configuration, bets and event kinds.

Part of :mod:`banking_games.games.landsknecht` (source and readings are in its docstring):
the pack and layout sizes, the payout, :class:`LandsknechtConfig`, :class:`Bet` and
:class:`LandsknechtEvent` with its kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable

from ...checks import whole_number
from ...cards import Card, full_pack, top_ranks_pack
from ...errors import ConfigError, StakeError, short_repr
from ...money import BetResult, to_stake


PACK_SIZE = len(full_pack())
"""Cards in the pack: one standard 52-card pack (source, *Equipment*)."""
LAYOUT_SIZE = 2
"""Layout cards dealt at the start: "the two top cards of the pack" (source, *Dealing the layout*)."""
PAYOUT = Fraction(1)
"""Payout odds on a live bet when the banker's card is paired: 1 to 1 (source,
*First turn*: the winner gets the stake back plus as much again)."""
MIN_PLAYERS = 2
"""Fewest players at the table, the banker included: "two or more" (source, *Players*)."""
FIRST_BANKER_RANK = 14
"""The rank that picks the first banker: the first ace dealt (source, *Choosing the first banker*)."""
MIN_DEALABLE_RANKS = LAYOUT_SIZE + 2
"""Fewest ranks in a pack on which a deal can be other than void: the two
layout ranks, the banker's rank and one more rank for the players' card
(source, *Pairs in the layout*: a players' card of a layout rank is laid
on the layout and replaced; one of the banker's rank voids the deal). With
one rank fewer, every deal is void."""
MAX_REDEALS = 1000
"""Most void deals :func:`new_deal` redeals in a row before giving up. On
a pack of :data:`MIN_DEALABLE_RANKS` or more ranks a deal is void with
probability at most 3/7 (4 ranks of 4 suits), so 1000 void deals in a row
(chance below 10^-360) mean the random source is broken, not bad luck."""

# Event kinds (LandsknechtEvent.kind).
LAYOUT_CARD = "layout card"
"""Setup: a card becomes a layout card."""
BANKER_CARD = "banker's card"
"""Setup: a card becomes the banker's card."""
PLAYERS_CARD = "players' card"
"""Setup or a turn: a card becomes a players' card that can be backed."""
SETUP_PAIR = "setup pair"
"""Setup: a card pairs a layout card and is laid on it; another card is dealt in its place."""
VOID = "void"
"""Setup: the players' card pairs the banker's card; the deal is void."""
BET = "bet"
"""A stake placed beside a players' card."""
PAIR_PLAYERS = "pairs players' card"
"""A turn: the card pairs a live players' card; the bank wins the bets on it."""
PAIR_DEAD = "pairs dead card"
"""A turn: the card pairs a layout card or an already paired pile; nothing changes."""
PAIR_BANKER = "pairs banker's card"
"""A turn: the card pairs the banker's card; the bank pays every live bet and the deal ends."""


@dataclass(frozen=True)
class LandsknechtConfig:
    """Rule options of a Landsknecht deal.

    The source fixes every rule but one: *Stake limits* ("Пределы ставок"),
    which the banker sets for a "партия", a sitting of play. We read that
    as the time one banker holds the bank, which is one deal (the bank
    passes to the left after each): a deal's limits are the ones in its
    config, and :meth:`LandsknechtSession.start_deal` lets each new banker
    set his own while the session's running balances carry on. The source
    does not say whether a limit bounds each stake placed or a player's
    total on a card; this engine applies both limits to each stake placed
    (an addition to a bet is a new stake).

    Attributes:
        min_stake: smallest stake allowed in this deal, in units, or
            ``None`` (any positive stake). Source: *Stake limits*. In a
            session: the limit of every deal whose banker sets none.
        max_stake: largest stake allowed in this deal, in units, or
            ``None`` (no upper limit). Source: *Stake limits*; in a session
            as ``min_stake``.
        ranks: how many ranks the pack has, counted down from the ace
            (13: the standard pack of the source, *Equipment*; 5 means
            A K Q J 10). NOT a rule of the source: a reduced pack for exact
            analysis (every order of a small pack can be dealt). At least 3
            (two layout ranks and the banker's); with exactly 3 every deal is
            void (:attr:`always_void`), so such a pack can be dealt one deal
            at a time but not played in a session or by :func:`new_deal`.
        suits: how many suits the pack has, in the order spades, hearts,
            diamonds, clubs (4: the standard pack). Not a rule of the source,
            like ``ranks``; at least 2 (the banker's card must be able to pair).

    Raises:
        ConfigError: if a limit is not a positive amount, or
            ``min_stake > max_stake``, or ``ranks`` is not a whole number
            from 3 to 13, or ``suits`` not from 2 to 4.
    """

    min_stake: Fraction | None = None
    max_stake: Fraction | None = None
    ranks: int = 13
    suits: int = 4

    def pack(self) -> list[Card]:
        """The cards of this config's pack, in :func:`~banking_games.cards.full_pack`
        order (the whole 52-card pack by default)."""
        return list(top_ranks_pack(self.ranks, self.suits))

    @property
    def is_standard_pack(self) -> bool:
        """True for the source's 52-card pack."""
        return self.ranks == 13 and self.suits == 4

    @property
    def always_void(self) -> bool:
        """True if every deal on this pack is void: fewer than
        :data:`MIN_DEALABLE_RANKS` ranks, so no rank is left for a players'
        card that is neither a layout rank nor the banker's (source,
        *Pairs in the layout*, rule 3)."""
        return self.ranks < MIN_DEALABLE_RANKS

    def check_dealable(self) -> None:
        """Raise :class:`~banking_games.errors.ConfigError` if every deal on
        this pack is void (:attr:`always_void`), so that redealing void
        deals would never end."""
        if self.always_void:
            raise ConfigError(f"with {self.ranks} ranks every deal is void (two layout ranks and the banker's "
                              "rank leave no rank for the players' card), so void deals would be redealt for "
                              f"ever; a session or new_deal needs at least {MIN_DEALABLE_RANKS} ranks")

    def __post_init__(self) -> None:
        for name, lo, hi in (("ranks", 3, 13), ("suits", 2, 4)):
            whole_number(getattr(self, name), name, low=lo, high=hi,
                         rule=f"{name} must be a whole number from {lo} to {hi} (the standard pack has "
                              "13 ranks and 4 suits)")
        for name in ("min_stake", "max_stake"):
            value = getattr(self, name)
            if value is None:
                continue
            try:
                amount = to_stake(value)
            except StakeError as err:
                raise ConfigError(f"{_LIMIT_WORDS[name]} must be a positive amount such as 1 or 1/2, or no "
                                  f"limit; got {short_repr(value)}") from None
            object.__setattr__(self, name, amount)
        if self.min_stake is not None and self.max_stake is not None and self.min_stake > self.max_stake:
            raise ConfigError(f"the smallest stake allowed ({self.min_stake}) must not be more than the "
                              f"largest ({self.max_stake})")


_LIMIT_WORDS = {"min_stake": "the smallest stake the banker allows",
                "max_stake": "the largest stake the banker allows"}
"""How a refusal names a stake-limit field of :class:`LandsknechtConfig`."""


@dataclass(frozen=True)
class Bet:
    """One stake placed beside a players' card.

    Attributes:
        number: 1, 2, ... in the order bets were placed in the deal.
        player: who placed it.
        card: the players' card backed (the bottom card of its pile).
        stake: amount, in units.
        turn: how many cards had been turned in play when it was placed
            (0: before the first turn).
    """

    number: int
    player: Hashable
    card: Card
    stake: Fraction
    turn: int


@dataclass(frozen=True)
class LandsknechtEvent:
    """One thing that happened in a deal.

    Attributes:
        turn: 0 during the setup (and for bets before the first turn),
            otherwise the number of the card turned in play (1, 2, ...); for
            a bet, the number of cards turned before it.
        kind: one of the module's kind constants (:data:`LAYOUT_CARD`,
            :data:`BANKER_CARD`, :data:`PLAYERS_CARD`, :data:`SETUP_PAIR`,
            :data:`VOID`, :data:`BET`, :data:`PAIR_PLAYERS`, :data:`PAIR_DEAD`,
            :data:`PAIR_BANKER`).
        card: the card dealt or turned (for a bet, the card backed).
        on: for a pair, the bottom card of the pile it was laid on.
        bet: for :data:`BET`, the :class:`Bet`.
        settled: bets settled by this event (lost on :data:`PAIR_PLAYERS`,
            won on :data:`PAIR_BANKER`).
        text: one transcript line, in the language in use when the event
            happened (:mod:`banking_games.i18n`): ``"turn 3: 5H pairs nothing
            and becomes players' card 2"``, ``"setup: 9C is the banker's card"``,
            ``"bet: Anna stakes 1 on 5H"``.
        body: :attr:`text` without its head (``"setup: "``, ``"turn 3: "``,
            ``"bet: "``), for a table that words the head itself
            (``"Card 3: ..."``, ``"Bet 2: ..."``).
    """

    turn: int
    kind: str
    card: Card
    text: str
    on: Card | None = None
    bet: Bet | None = None
    settled: tuple[BetResult, ...] = ()
    body: str = ""
