"""Landsknecht deal after deal: :func:`new_deal` (void deals redealt), the first banker
(:func:`choose_first_banker`) and :class:`LandsknechtSession`.

Part of :mod:`banking_games.games.landsknecht`. :meth:`LandsknechtSession.start_deal` calls
the :func:`new_deal` of this module (a test that stands in for it patches it here).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Iterable, Sequence

from ...checks import names
from ...cards import Card, check_deck_order, random_source, shuffled
from ...errors import ConfigError, RuleError, short_repr
from ...i18n import _
from ...money import Settlement
from .deal import LandsknechtDeal
from .rules import FIRST_BANKER_RANK, MAX_REDEALS, MIN_PLAYERS, LandsknechtConfig


# ---------------------------------------------------------------------- helpers

def _as_random(rng: object) -> object:
    """An int seed becomes one random.Random, so successive shuffles differ
    (checked by :func:`banking_games.cards.random_source`)."""
    return random_source(rng)


def new_deal(rng: object, *, config: LandsknechtConfig | None = None, banker: Hashable = None,
             players: Sequence[Hashable] | None = None
             ) -> tuple[LandsknechtDeal, tuple[LandsknechtDeal, ...]]:
    """Deal from fresh shuffles until the deal is not void (source, *Pairs
    in the layout*, rule 3: a void deal is redealt).

    Args:
        rng: an ``int`` seed (one :class:`random.Random` is made from it),
            a :class:`random.Random` or a ``numpy.random.Generator``; each
            redeal shuffles again with it.
        config, banker, players: as for :class:`LandsknechtDeal`.

    Returns:
        ``(deal, voided)``: the first deal that is not void, and the void
        deals before it (usually none).

    Raises:
        ConfigError: a config whose pack makes every deal void (fewer than
            :data:`MIN_DEALABLE_RANKS` ranks, see
            :meth:`LandsknechtConfig.check_dealable`), or bad config, rng,
            banker or players (as for :class:`LandsknechtDeal`).
        RuleError: :data:`MAX_REDEALS` void deals in a row (only a broken
            random source can do that on a dealable pack).
        SeedError (a TypeError): an ``rng`` of the wrong type (as :func:`~banking_games.cards.shuffled`).
    """
    config = LandsknechtConfig() if config is None else config
    if isinstance(config, LandsknechtConfig):  # anything else: LandsknechtDeal says what is wrong
        config.check_dealable()
    source = _as_random(rng)
    voided = []
    for _attempt in range(MAX_REDEALS + 1):
        deal = LandsknechtDeal(config, rng=source, banker=banker, players=players)
        if not deal.is_void:
            return deal, tuple(voided)
        voided.append(deal)
    raise RuleError(f"{len(voided)} void deals in a row: the random source {short_repr(rng)} does not shuffle "
                    "(on this pack a deal is void far less often)")


@dataclass(frozen=True)
class FirstBankerDraw:
    """How the first banker was chosen.

    Attributes:
        banker: the player who received the first ace.
        dealt: ``(player, card)`` for every card dealt, in order, ending with the ace.
    """

    banker: Hashable
    dealt: tuple[tuple[Hashable, Card], ...]

    def transcript(self) -> str:
        """One line per card dealt, in the language in use: ``"Anna gets 7H"``, ...,
        ``"Ben received the first ace and holds the bank"``."""
        lines = [_("{player} gets {card}").format(player=p, card=c) for p, c in self.dealt]
        lines.append(_("{player} received the first ace and holds the bank").format(player=self.banker))
        return "\n".join(lines)


def _check_seats(players: Sequence[Hashable]) -> tuple:
    seats = names(players, "players (in seating order)", example="('Anna', 'Boris')")
    if len(seats) < MIN_PLAYERS:
        raise ConfigError(f"Landsknecht needs at least {MIN_PLAYERS} players (banker included), got {len(seats)}")
    try:
        distinct = len(set(seats)) == len(seats)
    except TypeError:
        raise ConfigError("each player must be a hashable name") from None
    if not distinct or any(p is None for p in seats):
        raise ConfigError(f"players must be distinct and not None, got {short_repr(seats)}")
    return seats


def choose_first_banker(players: Sequence[Hashable], *, rng: object = None,
                        deck: Iterable | None = None, config: LandsknechtConfig | None = None) -> FirstBankerDraw:
    """Deal cards one at a time round the table until the first ace; its
    receiver is the first banker (source, *Choosing the first banker*). The
    source does not say who receives the first card; we start with
    ``players[0]`` and go round in seating order.

    The cards come from the config's pack: the source's 52 cards, or a
    reduced pack (``ranks``/``suits``, for analysis), which holds the aces
    too since its ranks count down from the ace.

    Args:
        players: the players in seating order (at least :data:`MIN_PLAYERS`, distinct).
        rng: seed / ``random.Random`` / numpy Generator to shuffle the pack; or
        deck: an explicit order of the pack's cards, top first. Exactly one.
        config: a :class:`LandsknechtConfig` whose pack is dealt; default:
            the standard 52-card pack.

    Raises:
        ConfigError: bad player list or config, or neither/both of ``rng`` and ``deck``.
        CardError, DeckError: a bad deck order.
        SeedError (a TypeError): an ``rng`` of the wrong type (as :func:`~banking_games.cards.shuffled`).

    Returns:
        A :class:`FirstBankerDraw`: the banker and every card dealt.
    """
    seats = _check_seats(players)
    config = LandsknechtConfig() if config is None else config
    if not isinstance(config, LandsknechtConfig):
        raise ConfigError(f"config must be a LandsknechtConfig, got {type(config).__name__}")
    pack = config.pack()
    if (deck is None) == (rng is None):
        raise ConfigError(f"give exactly one of deck= (an explicit order of the {len(pack)} cards) or rng=")
    order = check_deck_order(deck, pack) if deck is not None else shuffled(pack, rng)
    dealt = []
    for i, card in enumerate(order):
        player = seats[i % len(seats)]
        dealt.append((player, card))
        if card.rank == FIRST_BANKER_RANK:
            return FirstBankerDraw(player, tuple(dealt))
    raise AssertionError("a full pack holds an ace")  # pragma: no cover


_SESSION_LIMIT = object()  # start_deal: "keep the session config's stake limit"


class LandsknechtSession:
    """A session of deals at one table: after each deal the bank moves on to
    the next player on the left (source, *First turn*: bank and deal go one
    seat to the left).

    Seating: ``players`` is listed so that each player's left neighbour is
    the next one in the list (the last player's is the first).

    Args:
        players: names in seating order (at least :data:`MIN_PLAYERS`, distinct).
        rng: an ``int`` seed (one :class:`random.Random` is made from it), a
            :class:`random.Random` or numpy Generator; used for the first
            banker (unless given) and every shuffle.
        config: the session's :class:`LandsknechtConfig`: its pack is dealt
            for the first banker and every deal, and its stake limits apply
            to each deal whose banker sets none (see :meth:`start_deal`).
        first_banker: who holds the bank first; if ``None`` it is chosen by
            :func:`choose_first_banker` with ``rng``.

    Raises:
        ConfigError: bad player list, ``first_banker`` not among them, or a
            config on whose pack every deal is void (fewer than
            :data:`MIN_DEALABLE_RANKS` ranks; see
            :meth:`LandsknechtConfig.check_dealable`); ``rng`` ``None`` or a bool.
        SeedError (a TypeError): an ``rng`` of another wrong type (as :func:`~banking_games.cards.shuffled`).
    """

    def __init__(self, players: Sequence[Hashable], rng: object, *, config: LandsknechtConfig | None = None,
                 first_banker: Hashable = None):
        self.players = _check_seats(players)
        self.config = config if config is not None else LandsknechtConfig()
        if not isinstance(self.config, LandsknechtConfig):
            raise ConfigError(f"config must be a LandsknechtConfig, got {type(self.config).__name__}")
        self.config.check_dealable()
        self._rng = _as_random(rng)
        if first_banker is None:
            self.first_banker_draw: FirstBankerDraw | None = choose_first_banker(self.players, rng=self._rng,
                                                                                 config=self.config)
            first_banker = self.first_banker_draw.banker
        else:
            self.first_banker_draw = None
            if first_banker not in self.players:
                raise ConfigError(f"first_banker {short_repr(first_banker)} is not one of the players {short_repr(self.players)}")
        self._banker_seat = self.players.index(first_banker)
        self.deal: LandsknechtDeal | None = None
        self.void_deals: list[LandsknechtDeal] = []
        self.settlements: list[tuple[Hashable, Settlement]] = []
        self.net: dict = {p: Fraction(0) for p in self.players}

    @property
    def banker(self) -> Hashable:
        """Who holds the bank for the current (or next) deal."""
        return self.players[self._banker_seat]

    def start_deal(self, *, min_stake: object = _SESSION_LIMIT, max_stake: object = _SESSION_LIMIT
                   ) -> LandsknechtDeal:
        """Deal a new hand with the current banker, redealing void deals
        (kept in :attr:`void_deals`).

        The source has the banker set the stake limits for a "партия" (a
        sitting of play); we read it as the time one banker holds the bank,
        one deal, so each banker sets the limits for his own deal: they may
        change whenever the bank changes hands, while the running balances
        (:attr:`net`) carry on.

        Args:
            min_stake, max_stake: the limits this banker sets for this deal
                (a positive amount, or ``None`` for no limit); left out, the
                session config's limits apply.

        Raises:
            RuleError: the current deal has not been ended with :meth:`end_deal`.
            ConfigError: a limit that is not ``None`` or a positive amount, or
                ``min_stake`` above ``max_stake`` (nothing is dealt).
        """
        if self.deal is not None:
            raise RuleError("the current deal has not been ended: play it out and call end_deal() first")
        config = self.config
        if min_stake is not _SESSION_LIMIT or max_stake is not _SESSION_LIMIT:
            config = dataclasses.replace(
                config,
                min_stake=config.min_stake if min_stake is _SESSION_LIMIT else min_stake,
                max_stake=config.max_stake if max_stake is _SESSION_LIMIT else max_stake)
        deal, voided = new_deal(self._rng, config=config, banker=self.banker, players=self.players)
        self.void_deals.extend(voided)
        self.deal = deal
        return deal

    def end_deal(self) -> Settlement:
        """Settle the finished deal, add everyone's net (the banker's
        included) to :attr:`net`, and pass the bank one player to the left.

        Raises:
            RuleError: no deal in progress, or it is not over yet.
        """
        if self.deal is None:
            raise RuleError("no deal in progress: call start_deal() first")
        settlement = self.deal.settle()  # RuleError if not over
        for player, amount in settlement.player_net.items():
            self.net[player] += amount
        self.net[self.banker] += settlement.banker_net
        self.settlements.append((self.banker, settlement))
        self.deal = None
        self._banker_seat = (self._banker_seat + 1) % len(self.players)
        return settlement
