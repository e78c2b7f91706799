"""One Landsknecht deal: :class:`LandsknechtDeal` (and :func:`deck_with_top`).

Part of :mod:`banking_games.games.landsknecht`; its constants and configuration come from
:mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Iterable, Sequence

from ...checks import names
from ...cards import Card, check_deck_order, parse_card, parse_cards, shuffled
from ...errors import BetError, ConfigError, DealOverError, DeckError, Phrase, RuleError, StakeError, short_repr
from ...i18n import N_, _, ngettext
from ...money import LOSE, WIN, BetResult, Settlement, to_stake
from .rules import (BANKER_CARD, BET, LAYOUT_CARD, PAIR_BANKER, PAIR_DEAD, PAIR_PLAYERS, PAYOUT, PLAYERS_CARD,
                    SETUP_PAIR, VOID, Bet, LandsknechtConfig, LandsknechtEvent)


@dataclass
class _Pile:
    role: str  # "layout", "banker", "players"
    cards: list[Card]
    live: bool = False

    @property
    def base(self) -> Card:
        return self.cards[0]


def _fmt(amount: Fraction) -> str:
    return str(amount)


def _pile_text(cards: Sequence[Card]) -> "str | Phrase":
    """A pile, top card first, for a message: ``"5♣ on 5♠"`` (German "5♣ auf 5♠")."""
    text = cards[0].label
    for card in cards[1:]:
        text = Phrase(N_("{upper} on {lower}"), upper=card.label, lower=text)
    return text


def deck_with_top(top: Iterable["str | Card"], config: "LandsknechtConfig | None" = None) -> list[Card]:
    """A full deck order whose top cards are ``top`` (in that order), the
    rest following in :func:`~banking_games.cards.full_pack` order.
    For worked examples, tests and exact analysis.

    Args:
        top: the cards wanted on top, top first.
        config: whose pack to complete (default: the 52-card pack).

    Raises:
        CardError: a malformed card name.
        DeckError: a card named twice, or not in the config's pack.
    """
    pack = (config or LandsknechtConfig()).pack()
    head = parse_cards(top)
    if len(set(head)) != len(head) or not set(head) <= set(pack):
        check_deck_order(head + pack, pack)  # raises DeckError naming the duplicate or the stranger
    chosen = set(head)
    rest = [c for c in pack if c not in chosen]
    return check_deck_order(head + rest, pack)


class LandsknechtDeal:
    """One Landsknecht deal: setup, bets, turns, settlement.

    The setup (source, *Dealing the layout* and *Pairs in the layout*) is
    dealt when the object is built:

    1. two layout cards face up; while the second pairs the first (same
       rank) it is laid on the first and another is dealt;
    2. the banker's card; while it pairs a layout card it is laid on that
       card and another banker's card is dealt;
    3. the players' card; while it pairs a layout card it is laid on it and
       another is dealt; if it pairs the banker's card the deal is void
       (:attr:`is_void`, :attr:`is_over`, no bets; :func:`new_deal` and
       :class:`LandsknechtSession` redeal from a fresh shuffle).

    Args:
        config: a :class:`LandsknechtConfig` (default: no stake limits).
        deck: an explicit deck order, top first, of all the cards of the
            config's pack (the 52 cards by default; names or :class:`Card`); or
        rng: an ``int`` seed, :class:`random.Random` or
            ``numpy.random.Generator`` to shuffle the config's pack with
            (52 cards by default).
            Give exactly one of ``deck`` and ``rng``. Same input, same deal.
        banker: who holds the bank (optional; the banker may not bet).
        players: if given, the only players who may bet (the banker, if
            among them, still may not).

    Raises:
        ConfigError: neither or both of ``deck`` and ``rng``, a config
            that is not a :class:`LandsknechtConfig`, or ``players`` that is
            not a sequence of names.
        CardError, DeckError: a malformed deck order (missing, extra or
            duplicate cards).
        SeedError (a TypeError): an ``rng`` of the wrong type (a programming error, as
            :func:`~banking_games.cards.shuffled`).
    """

    def __init__(self, config: LandsknechtConfig | None = None, *, deck: Iterable | None = None,
                 rng: object = None, banker: Hashable = None, players: Sequence[Hashable] | None = None):
        if config is None:
            config = LandsknechtConfig()
        if not isinstance(config, LandsknechtConfig):
            raise ConfigError(f"config must be a LandsknechtConfig, got {type(config).__name__}")
        if (deck is None) == (rng is None):
            raise ConfigError(f"give exactly one of deck= (an explicit order of the {len(config.pack())} cards, top first) "
                              "or rng= (an int seed, random.Random or numpy Generator)")
        seats = None if players is None else names(players, "players", example="('Anna', 'Boris')")
        pack = config.pack()
        order = check_deck_order(deck, pack) if deck is not None else shuffled(pack, rng)
        self.config = config
        self.banker = banker
        self.players = seats
        self._deck: list[Card] = order
        self._pos = 0
        self._turns = 0
        self._piles: list[_Pile] = []
        self._by_rank: dict[int, _Pile] = {}
        self._bets: list[Bet] = []
        self._results: dict[int, BetResult] = {}
        self._events: list[LandsknechtEvent] = []
        self._void = False
        self._over = False
        self._setup()

    # ------------------------------------------------------------------ setup
    def _draw(self) -> Card:
        card = self._deck[self._pos]
        self._pos += 1
        return card

    def _new_pile(self, role: str, card: Card, live: bool = False) -> _Pile:
        pile = _Pile(role, [card], live)
        self._piles.append(pile)
        self._by_rank[card.rank] = pile
        return pile

    def _log(self, turn: int, kind: str, card: Card, body: str, **kw) -> LandsknechtEvent:
        """Record an event whose line, without its head, is ``body`` (already in the language in use)."""
        if kind == BET:
            text = _("bet: {what}").format(what=body)
        elif turn == 0:
            text = _("setup: {what}").format(what=body)
        else:
            text = _("turn {turn}: {what}").format(turn=turn, what=body)
        event = LandsknechtEvent(turn, kind, card, text, body=body, **kw)
        self._events.append(event)
        return event

    def _setup(self) -> None:
        # Rule 1: two layout cards; a second layout card pairing the first is laid on it.
        first = self._draw()
        self._new_pile("layout", first)
        self._log(0, LAYOUT_CARD, first, _("{card} is layout card {n}").format(card=first, n=1))
        while True:
            card = self._draw()
            if card.rank == first.rank:
                self._by_rank[first.rank].cards.append(card)
                self._log(0, SETUP_PAIR, card, _("{card} pairs layout card {base} and is laid on it; another layout "
                                                 "card is dealt").format(card=card, base=first), on=first)
                continue
            self._new_pile("layout", card)
            self._log(0, LAYOUT_CARD, card, _("{card} is layout card {n}").format(card=card, n=2))
            break
        # Rule 2: the banker's card; one pairing a layout card is laid on it.
        while True:
            card = self._draw()
            pile = self._by_rank.get(card.rank)
            if pile is not None:
                pile.cards.append(card)
                self._log(0, SETUP_PAIR, card, _("{card} would be the banker's card but pairs layout card {base} and "
                                                 "is laid on it; another banker's card is dealt").format(
                    card=card, base=pile.base), on=pile.base)
                continue
            self._new_pile("banker", card)
            self._log(0, BANKER_CARD, card, _("{card} is the banker's card").format(card=card))
            break
        # Rule 3: the players' card; pairing a layout card as rule 2, pairing the banker's card voids the deal.
        while True:
            card = self._draw()
            pile = self._by_rank.get(card.rank)
            if pile is not None and pile.role == "layout":
                pile.cards.append(card)
                self._log(0, SETUP_PAIR, card, _("{card} would be the players' card but pairs layout card {base} and "
                                                 "is laid on it; another players' card is dealt").format(
                    card=card, base=pile.base), on=pile.base)
                continue
            if pile is not None:  # the banker's card
                pile.cards.append(card)
                self._void = self._over = True
                self._log(0, VOID, card, _("{card} would be the players' card but pairs the banker's card {base}; "
                                           "the deal is void and must be redealt").format(card=card, base=pile.base),
                          on=pile.base)
                return
            self._new_pile("players", card, live=True)
            self._log(0, PLAYERS_CARD, card, _("{card} is the players' card").format(card=card))
            return

    # ------------------------------------------------------------------ state
    @property
    def is_over(self) -> bool:
        """True once the banker's card is paired, or if the deal is void."""
        return self._over

    @property
    def is_void(self) -> bool:
        """True if the setup's players' card paired the banker's card (source,
        *Pairs in the layout*, rule 3): no bets, redeal."""
        return self._void

    @property
    def turns(self) -> int:
        """Cards turned in play so far (the setup not counted)."""
        return self._turns

    @property
    def layout(self) -> tuple[tuple[Card, ...], ...]:
        """The layout piles, each bottom card first (pairs laid on it after)."""
        return tuple(tuple(p.cards) for p in self._piles if p.role == "layout")

    @property
    def banker_card(self) -> Card:
        """The banker's card."""
        return self._banker_pile().base

    @property
    def banker_pile(self) -> tuple[Card, ...]:
        """The banker's card and any card laid on it (its pair ends the deal;
        in a void deal, the players' card that paired it)."""
        return tuple(self._banker_pile().cards)

    def _banker_pile(self) -> _Pile:
        return next(p for p in self._piles if p.role == "banker")

    @property
    def players_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The players' cards in the order they appeared, each with the cards
        laid on it (a pile of more than one card is paired: dead)."""
        return tuple(tuple(p.cards) for p in self._piles if p.role == "players")

    @property
    def players_cards(self) -> tuple[Card, ...]:
        """The players' cards (bottom card of each players' pile), in order."""
        return tuple(p.base for p in self._piles if p.role == "players")

    @property
    def live_cards(self) -> tuple[Card, ...]:
        """The players' cards that may still be backed (not yet paired); empty once the deal is over."""
        if self._over:
            return ()
        return tuple(p.base for p in self._piles if p.role == "players" and p.live)

    def is_live(self, card: "str | Card") -> bool:
        """True if ``card`` is a players' card not yet paired (and the deal is not over).

        Raises:
            CardError: malformed card name.
        """
        return parse_card(card) in self.live_cards

    @property
    def paired_ranks(self) -> frozenset[int]:
        """Ranks out of play: every rank on the table with a pair laid on it,
        and the layout ranks (which can never be backed)."""
        return frozenset(p.base.rank for p in self._piles if p.role == "layout" or len(p.cards) > 1)

    @property
    def cards_left(self) -> int:
        """Cards not yet dealt or turned."""
        return len(self._deck) - self._pos

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards not yet dealt or turned, in pack order (not deck order: the
        order of the stock is hidden). For exact analysis."""
        seen = set(self._deck[:self._pos])
        return tuple(c for c in self.config.pack() if c not in seen)

    @property
    def bets(self) -> tuple[Bet, ...]:
        """Every bet placed, in order."""
        return tuple(self._bets)

    def bets_on(self, card: "str | Card") -> tuple[Bet, ...]:
        """The bets placed beside players' card ``card`` (empty if none).

        Raises:
            CardError: malformed card name.
        """
        card = parse_card(card)
        return tuple(b for b in self._bets if b.card == card)

    def result_of(self, bet: Bet) -> BetResult | None:
        """How ``bet`` ended, or ``None`` while it is still live.

        Args:
            bet: a :class:`Bet` placed in this deal (from :attr:`bets` or
                :meth:`place_bet`).

        Returns:
            A :class:`~banking_games.money.BetResult` (``WIN``, net ``stake *``
            :data:`PAYOUT`, or ``LOSE``, net ``-stake``; in units), or ``None``.

        Raises:
            BetError: ``bet`` is not a bet placed in this deal.
        """
        n = bet.number if isinstance(bet, Bet) else 0
        if not (isinstance(n, int) and 1 <= n <= len(self._bets) and self._bets[n - 1] == bet):
            raise BetError(f"{short_repr(bet)} is not a bet placed in this deal; its bets are numbered 1 to {len(self._bets)}"
                           " (see .bets)")
        return self._results.get(bet.number)

    @property
    def live_bets(self) -> tuple[Bet, ...]:
        """Bets not yet settled."""
        return tuple(b for b in self._bets if b.number not in self._results)

    @property
    def history(self) -> tuple[LandsknechtEvent, ...]:
        """Every event so far, setup first."""
        return tuple(self._events)

    def transcript(self) -> str:
        """The history as plain text, one line per event (each in the language in
        use when it happened: :attr:`LandsknechtEvent.text`)."""
        return "\n".join(e.text for e in self._events)

    # ------------------------------------------------------------------ bets
    def place_bet(self, player: Hashable, card: "str | Card", stake: object) -> Bet:
        """Place a stake beside a live players' card (source, *Placing bets*;
        *Later turns*: bets may be added between turns).

        Args:
            player: who bets (hashable, not ``None``, not the banker; one of
                ``players`` if the deal was given a player list).
            card: the players' card to back, e.g. ``"8D"``.
            stake: a positive amount in units (see :func:`~banking_games.money.to_stake`),
                within the config's stake limits.

        Returns:
            The :class:`Bet` (also recorded in :attr:`history`).

        Raises:
            DealOverError: the deal is over (banker's card paired) or void.
            CardError: malformed card name.
            StakeError: stake not positive, or outside the stake limits.
            BetError: ``player`` not allowed, or ``card`` not on the table.
            RuleError: ``card`` is a layout card, the banker's card, or a
                rank already paired (source, *First turn*: "no more bets
                on paired ranks until the end of the deal").
        State is unchanged when an error is raised.
        """
        if self._over:
            raise DealOverError.of(N_("no more bets: the deal is void (redeal)") if self._void else
                                   N_("no more bets: the deal is over: the banker's card has been paired"))
        target = parse_card(card)
        amount = to_stake(stake)
        lo, hi = self.config.min_stake, self.config.max_stake
        if (lo is not None and amount < lo) or (hi is not None and amount > hi):
            raise StakeError.of(N_("stake {stake} is outside the banker's limits for this deal: from {low} to {high}"),
                                stake=_fmt(amount),
                                low=_fmt(lo) if lo is not None else Phrase(N_("any positive amount")),
                                high=_fmt(hi) if hi is not None else Phrase(N_("no upper limit")))
        self._check_player(player)
        pile = self._by_rank.get(target.rank)
        live = ", ".join(c.label for c in self.live_cards) or Phrase(N_("none"))
        if pile is None or target not in pile.cards:
            raise BetError.of(N_("{card} is not on the table; the players' cards that can be backed are: {live}"),
                              card=target.label, live=live)
        if pile.role == "layout":
            raise RuleError.of(N_("{card} is a layout card: layout cards cannot be backed; back a live players' card "
                                  "({live})"), card=target.label, live=live)
        if pile.role == "banker":
            raise RuleError.of(N_("{card} is the banker's card: it cannot be backed; back a live players' card ({live})"),
                               card=target.label, live=live)
        if target != pile.base or not pile.live:
            raise RuleError.of(N_("rank {rank} is already paired ({pile}): it takes no more bets this deal; live "
                                  "players' cards: {live}"), rank=target.rank_name, pile=_pile_text(pile.cards),
                               live=live)
        bet = Bet(len(self._bets) + 1, player, target, amount, self._turns)
        self._bets.append(bet)
        self._log(self._turns, BET, target, _("{player} stakes {amount} on {card}").format(
            player=player, amount=_fmt(amount), card=target), bet=bet)
        return bet

    def _check_player(self, player: Hashable) -> None:
        try:
            hash(player)
        except TypeError:
            raise BetError(f"a player must be a name or other hashable value, got {short_repr(player)}") from None
        if player is None:
            raise BetError("a bet needs a player (got None)")
        if self.banker is not None and player == self.banker:
            raise RuleError.of(N_("{player} holds the bank: the banker does not back players' cards"), player=player)
        if self.players is not None and player not in self.players:
            raise BetError.of(N_("{player} is not at this table; players: {players}"), player=short_repr(player),
                              players=", ".join(str(p) for p in self.players if p != self.banker))

    def withdraw_bet(self, player: Hashable, card: "str | Card") -> None:
        """Always refused: a stake once placed cannot be taken back (source, *Later turns*).

        Raises:
            RuleError: always; state unchanged.
        """
        raise RuleError(f"{player} cannot withdraw a bet on {card}: a stake once placed stays until the "
                        "deal settles it (you may add new bets between turns)")

    def move_bet(self, player: Hashable, from_card: "str | Card", to_card: "str | Card") -> None:
        """Always refused: a stake cannot be moved to another card (source, *Later turns*).

        Raises:
            RuleError: always; state unchanged.
        """
        raise RuleError(f"{player} cannot move a bet from {from_card} to {to_card}: a stake stays beside the "
                        "card it was placed on; place a new bet instead")

    # ------------------------------------------------------------------ exact analysis
    def with_next_card(self, card: "str | Card") -> "LandsknechtDeal":
        """A copy of this deal in which the next card turned will be ``card``.

        For exact analysis (apply each possible next card to a copy of the
        state, weighted by its probability): the copy's stock is this deal's
        stock with ``card`` swapped to the top; this deal is not changed. No
        rule is involved; play the copy on with :meth:`turn`.

        Args:
            card: one of :attr:`unseen_cards`.

        Returns:
            A new :class:`LandsknechtDeal` sharing no mutable state with this one.

        Raises:
            DealOverError: the deal is over or void.
            CardError: malformed card name.
            DeckError: ``card`` is not an unseen card of this deal's pack.
        """
        if self._over:
            raise DealOverError("no more cards are turned: the deal is over, so it has no next card")
        card = parse_card(card)
        try:
            at = self._deck.index(card, self._pos)
        except ValueError:
            raise DeckError(f"{card} is not an unseen card of this deal (it was dealt already or is not in "
                            f"the pack); unseen: {' '.join(c.name for c in self.unseen_cards)}") from None
        other = object.__new__(LandsknechtDeal)
        other.__dict__.update(self.__dict__)
        deck = list(self._deck)
        deck[self._pos], deck[at] = deck[at], deck[self._pos]
        other._deck = deck
        other._piles = [_Pile(p.role, list(p.cards), p.live) for p in self._piles]
        other._by_rank = {p.base.rank: p for p in other._piles}
        other._bets = list(self._bets)
        other._results = dict(self._results)
        other._events = list(self._events)
        return other

    # ------------------------------------------------------------------ play
    def turn(self) -> LandsknechtEvent:
        """Turn the top card of the stock face up (source, *First turn* and *Later turns*).

        * Pairs the banker's card: laid on it; every live bet wins 1 to 1
          (:data:`PAYOUT`) and the deal is over (:data:`PAIR_BANKER`).
        * Pairs a live players' card: laid on it; the bank wins the bets on
          it and its rank takes no more bets (:data:`PAIR_PLAYERS`).
        * Pairs a layout card or an already paired pile: laid on it; nothing
          changes (:data:`PAIR_DEAD`).
        * Pairs nothing: becomes a new players' card (:data:`PLAYERS_CARD`).

        Returns:
            The :class:`LandsknechtEvent`.

        Raises:
            DealOverError: the deal is over or void. State unchanged.
        """
        if self._over:
            raise DealOverError.of(N_("no more cards are turned: the deal is void (redeal)") if self._void else
                                   N_("no more cards are turned: the deal is over: the banker's card has been paired"))
        card = self._draw()
        self._turns += 1
        t = self._turns
        pile = self._by_rank.get(card.rank)
        if pile is None:
            self._new_pile("players", card, live=True)
            n = sum(1 for p in self._piles if p.role == "players")
            return self._log(t, PLAYERS_CARD, card, _("{card} pairs nothing and becomes players' card {n}").format(
                card=card, n=n))
        pile.cards.append(card)
        if pile.role == "banker":
            results = tuple(self._settle(b, WIN) for b in self.live_bets)
            self._over = True
            total = sum((r.stake for r in results), Fraction(0))
            paid = (ngettext("{n} live bet totalling {total} at {odds} to 1",
                             "{n} live bets totalling {total} at {odds} to 1", len(results)).format(
                n=len(results), total=_fmt(total), odds=_fmt(PAYOUT)) if results else _("nothing: no live bets"))
            return self._log(t, PAIR_BANKER, card,
                             _("{card} pairs the banker's card {base}; the deal ends and the bank pays {paid}").format(
                                 card=card, base=pile.base, paid=paid),
                             on=pile.base, settled=results)
        if pile.role == "players" and pile.live:
            pile.live = False
            results = tuple(self._settle(b, LOSE) for b in self.live_bets if b.card == pile.base)
            total = sum((r.stake for r in results), Fraction(0))
            won = (ngettext("the bank wins {n} bet on it totalling {total}",
                            "the bank wins {n} bets on it totalling {total}", len(results)).format(
                n=len(results), total=_fmt(total)) if results else _("no bets were on it"))
            return self._log(t, PAIR_PLAYERS, card,
                             _("{card} pairs players' card {base}; {bets}; rank {rank} is out of play").format(
                                 card=card, base=pile.base, bets=won, rank=card.rank_name),
                             on=pile.base, settled=results)
        what = (_("{card} pairs layout card {base}; nothing changes") if pile.role == "layout"
                else _("{card} pairs paired players' card {base}; nothing changes"))
        return self._log(t, PAIR_DEAD, card, what.format(card=card, base=pile.base), on=pile.base)

    def _settle(self, bet: Bet, outcome: str) -> BetResult:
        assert bet.number not in self._results, "a bet is settled once"
        net = bet.stake * PAYOUT if outcome == WIN else -bet.stake
        result = BetResult(bet.player, bet.card, bet.stake, outcome, net)
        self._results[bet.number] = result
        return result

    def play_out(self) -> tuple[LandsknechtEvent, ...]:
        """Turn cards until the banker's card is paired.

        Returns:
            The events of the cards turned (empty if already over).
        """
        events = []
        while not self._over:
            events.append(self.turn())
        return tuple(events)

    def settle(self) -> Settlement:
        """The deal's settlement: each bet's result in the order placed, each
        player's net, the banker's net (chips conserved).

        Raises:
            RuleError: the deal is not over yet (live bets not settled).
        """
        if not self._over:
            n = len(self.live_bets)
            raise RuleError(f"the deal is not over: {'1 live bet waits' if n == 1 else f'{n} live bets wait'} "
                            "for a pair; turn cards until the banker's card is paired")
        return Settlement.from_results(self._results[b.number] for b in self._bets)

    def __repr__(self) -> str:
        state = "void" if self._void else "over" if self._over else f"after {self._turns} turn(s)"
        return f"<LandsknechtDeal {state}, banker's card {self.banker_card}>"
