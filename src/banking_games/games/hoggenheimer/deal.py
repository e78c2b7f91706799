"""One Hoggenheimer deal: its events and :class:`HoggenheimerDeal`.

Part of :mod:`banking_games.games.hoggenheimer`; the bets it settles come from
:mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

from ...cards import JOKER, Card, check_deck_order, hoggenheimer_pack, shuffled
from ...errors import ArgumentError, BetError, ConfigError, DealOverError, Phrase, RuleError, short_repr
from ...i18n import N_, _
from ...money import LOSE, WIN, BetResult, Settlement, to_stake
from .rules import Bet, BetSpec, Cell, HoggenheimerConfig, card_at, home_cell, make_bet


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class PlacedBet:
    """A bet on the table: who placed it, what, and the stake (units)."""

    number: int
    player: Hashable
    bet: Bet
    stake: Fraction


@dataclass(frozen=True)
class BetPlaced:
    """Event: a punter put a stake on a bet."""

    placed: PlacedBet

    def describe(self) -> str:
        """One transcript line in the language in use: ``"bet 1: Ann stakes 2 on
        jack of hearts (1 to 1)"``."""
        p = self.placed
        return _("bet {number}: {player} stakes {stake} on {bet} ({odds} to 1)").format(
            number=p.number, player=p.player, stake=_amount(p.stake), bet=p.bet.name, odds=_amount(p.bet.odds))


@dataclass(frozen=True)
class CardTurned:
    """Event: a card was turned face up.

    Attributes:
        number: 1 for the first card turned, 2 for the next, ...
        card: the card turned.
        source: where it came from: ``"side"`` (the English 33rd card),
            ``(row, column)`` (taken up from that cell, English procedure)
            or ``"pack"`` (German procedure).
        to_cell: the home cell it was placed on; ``None`` for the Joker.
        ends_deal: True when the card is the Joker.
    """

    number: int
    card: Card
    source: object
    to_cell: Cell | None
    ends_deal: bool

    def describe(self) -> str:
        """One transcript line in the language in use, e.g. ``"turn 3: JH (taken from
        the 7S cell) face up on its cell"`` or ``"turn 9: Joker (from the pack): the deal ends"``."""
        if isinstance(self.source, tuple):
            src = _("taken from the {card} cell").format(card=_cell_name(*self.source))
        elif self.source == "side":
            src = _("the 33rd card, from the side")
        else:
            src = _("from the pack")
        if self.ends_deal:
            return _("turn {number}: Joker ({source}): the deal ends").format(number=self.number, source=src)
        return _("turn {number}: {card} ({source}) face up on its cell").format(
            number=self.number, card=self.card.name, source=src)


@dataclass(frozen=True)
class CellView:
    """What a layout cell shows: ``card`` is ``None`` for an empty cell;
    ``face_up`` says whether it shows its face. A face-down card's identity
    is given for views that reveal it on purpose (e.g. to explain a deal)."""

    card: Card | None
    face_up: bool


def _cell_name(r: int, c: int) -> str:
    return card_at(r, c).name


def _amount(x: Fraction) -> str:
    return str(x)


# --------------------------------------------------------------------------- the deal


class HoggenheimerDeal:
    """One deal of Hoggenheimer, from the bets to the settlement.

    Args:
        config: a :class:`HoggenheimerConfig` (default: English procedure).
        deck: the 33 cards (names or :class:`Card`), top first. English
            procedure: ``deck[0..31]`` go face down on the cells row by row
            (spades A..7, hearts A..7, diamonds A..7, clubs A..7) and
            ``deck[32]`` is the 33rd card to one side. German procedure: the
            cards are turned in this order. With a reduced pack
            (``config.suits``/``config.ranks``): the ``config.pack()`` cards,
            the last one to the side, the others on the used cells row by row.
        rng: instead of ``deck``, an ``int`` seed, :class:`random.Random` or
            ``numpy.random.Generator``; the pack is shuffled with
            :func:`banking_games.cards.shuffled`. Same seed, same deal.
        banker: the banker's name (used to refuse the banker's own bets and
            in the transcript).

    Raises:
        ConfigError: if ``config`` is not a :class:`HoggenheimerConfig`.
        DeckError: if ``deck`` is not exactly the 33 cards (with a reduced
            pack: the cards of ``config.pack()``).
        CardError: if a name in ``deck`` is malformed.
        ArgumentError (a TypeError): if neither or both of ``deck`` and ``rng`` are given, or
            ``rng`` is not an ``int``, ``random.Random`` or numpy
            ``Generator`` (wrong programming types, as
            :func:`banking_games.cards.shuffled`).

    Play: :meth:`place_bet` any number of times, then :meth:`turn` card by
    card or :meth:`play` to the end, then :meth:`settle`.
    """

    def __init__(self, config: HoggenheimerConfig | None = None, *, deck=None, rng=None,
                 banker: Hashable = "Banker") -> None:
        config = HoggenheimerConfig() if config is None else config
        if not isinstance(config, HoggenheimerConfig):
            raise ConfigError(f"config must be a HoggenheimerConfig, got {type(config).__name__}")
        if (deck is None) == (rng is None):
            raise ArgumentError("give exactly one of deck= (a 33-card order) or rng= (a seed or generator)")
        pack = config.pack() if config.is_reduced else hoggenheimer_pack()
        order = check_deck_order(deck, pack) if deck is not None else shuffled(pack, rng)
        self.config = config
        self.banker = banker
        self.deck: tuple[Card, ...] = tuple(order)
        self._bets: list[PlacedBet] = []
        self._events: list[object] = []
        self._turned: list[Card] = []  # non-Joker cards face up, in order
        self._over = False
        if config.procedure == "english":
            # English text: 32 cards face down in four rows of eight, the 33rd
            # face down beside them.
            self._face_down: dict[Cell, Card] = dict(zip(config.layout_cells(), order[:-1]))
            self._held: Card | None = order[-1]
            self._held_from: object = "side"
        else:
            self._face_down = {}
            self._pack_pos = 0
        self._face_up: dict[Cell, Card] = {}

    # ---- queries

    @property
    def procedure(self) -> str:
        """The dealing procedure in use, ``"english"`` or ``"german"`` (``config.procedure``)."""
        return self.config.procedure

    @property
    def is_over(self) -> bool:
        """True once the Joker has been turned."""
        return self._over

    @property
    def has_started(self) -> bool:
        """True once the first card has been turned (no more bets)."""
        return bool(self._turned) or self._over

    @property
    def turned(self) -> tuple[Card, ...]:
        """The cards turned face up so far, in order, without the Joker."""
        return tuple(self._turned)

    @property
    def bets(self) -> tuple[PlacedBet, ...]:
        """The bets placed, in order."""
        return tuple(self._bets)

    @property
    def history(self) -> tuple[object, ...]:
        """The events so far (:class:`BetPlaced`, :class:`CardTurned`), in order."""
        return tuple(self._events)

    def unseen(self) -> frozenset[Card]:
        """The cards not yet turned face up (the Joker included until it shows)."""
        shown = set(self._turned) | ({JOKER} if self._over else set())
        return frozenset(c for c in self.deck if c not in shown)

    def cell(self, row: int, column: int) -> CellView:
        """What the cell ``(row, column)`` shows now (rows 0-3 from the top,
        columns 0-7 from the left; with a reduced pack, unused cells are empty).

        Raises:
            BetError: if the cell is off the 4 x 8 layout (as :func:`card_at`).
        """
        card_at(row, column)  # checks the cell
        if (row, column) in self._face_up:
            return CellView(self._face_up[(row, column)], True)
        if (row, column) in self._face_down:
            return CellView(self._face_down[(row, column)], False)
        return CellView(None, False)

    def cells(self) -> tuple[tuple[CellView, ...], ...]:
        """The whole layout: 4 rows of 8 :class:`CellView`, top row first."""
        return tuple(tuple(self.cell(r, c) for c in range(8)) for r in range(4))

    def side_cards(self) -> tuple[Card, ...]:
        """The face-down cards off the layout, next to be turned first:
        English procedure, the card in the banker's hand (the 33rd card at
        the start, later the card taken from the last cell visited), none
        after the end; German procedure, the rest of the pack."""
        if self._over:
            return ()
        if self.procedure == "english":
            return (self._held,)
        return self.deck[self._pack_pos:]

    def visited_cells(self) -> tuple[Cell, ...]:
        """The cells that received a turned card, in order."""
        return tuple(e.to_cell for e in self._events if isinstance(e, CardTurned) and e.to_cell is not None)

    # ---- actions

    def place_bet(self, player: Hashable, bet: BetSpec, stake: object = 1) -> PlacedBet:
        """Put a stake on a bet for a punter.

        Args:
            player: the punter's name (any hashable other than the banker).
            bet: a :class:`Bet` or anything :func:`make_bet` reads.
            stake: a positive amount in units (see :func:`money.to_stake`).

        Returns:
            The :class:`PlacedBet` (also recorded in :attr:`bets` and the history).

        Raises:
            DealOverError: if the deal has ended.
            RuleError: if a card has been turned already (bets are placed
                before the turning starts: English text, every player but the
                banker bets as much as he likes, and only then is the 33rd
                card turned; German text, "Der Ablauf eines
                Spiels": the players stake before the game starts), or if the banker
                tries to bet.
            BetError, CardError: if the bet is not legal, or (reduced pack)
                covers a card whose cell is not used.
            StakeError: if the stake is not positive.
        """
        if self._over:
            raise DealOverError.of(N_("the deal is over (the Joker has shown): no more bets in this deal; the next "
                                      "deal takes bets again"))
        if self.has_started:
            raise RuleError.of(N_("bets must be placed before the first card is turned; {turned}"),
                               turned=Phrase.counted("{n} card is already turned", "{n} cards are already turned",
                                                     len(self._turned)))
        try:
            hash(player)
        except TypeError:
            raise BetError(f"a player must be a name (a string or other hashable), got {short_repr(player)}") from None
        if player == self.banker:
            raise RuleError.of(N_("{player} is the banker; only the other players bet (the sources: every player "
                                  "but the banker may bet)"), player=short_repr(player))
        b = make_bet(bet)
        outside = [c.label for c in b.cards if not self.config.in_layout(c)]
        if outside:
            raise BetError.of(N_("{cards} not on this reduced layout of {rows} by {columns} (suits from spades, "
                                 "ranks from the ace); bet on cards of the used cells"), cards=" ".join(outside),
                              rows=Phrase.counted("{n} row", "{n} rows", self.config.suits),
                              columns=Phrase.counted("{n} column", "{n} columns", self.config.ranks))
        amount = to_stake(stake)
        placed = PlacedBet(len(self._bets) + 1, player, b, amount)
        self._bets.append(placed)
        self._events.append(BetPlaced(placed))
        return placed

    def turn(self) -> CardTurned:
        """Turn the next card and place it (see the module docstring for
        the two procedures).

        Returns:
            The :class:`CardTurned` event.

        Raises:
            DealOverError: if the Joker has already shown.
        """
        if self._over:
            raise DealOverError.of(N_("the deal is over: the Joker has shown, no card is left to turn"))
        number = len(self._turned) + 1
        if self.procedure == "english":
            card, source = self._held, self._held_from
        else:
            card, source = self.deck[self._pack_pos], "pack"
            self._pack_pos += 1
        if card.is_joker:
            # both texts: when the Joker shows the deal ends.
            self._over = True
            if self.procedure == "english":
                self._held = None
            event = CardTurned(number, card, source, None, True)
        else:
            home = home_cell(card)
            self._turned.append(card)
            self._face_up[home] = card
            if self.procedure == "english":
                # English text: the face-down card lying on that cell is taken up,
                # turned, and put on its own home cell.
                # The home cell still holds its face-down card: only `card`
                # goes to `home`, and each card is turned once.
                self._held = self._face_down.pop(home)
                self._held_from = home
            event = CardTurned(number, card, source, home, False)
        self._events.append(event)
        return event

    def play(self) -> tuple[CardTurned, ...]:
        """Turn cards until the Joker shows; return the events of this call.

        Raises:
            DealOverError: if the deal is already over.
        """
        if self._over:
            raise DealOverError.of(N_("the deal is over: the Joker has shown, no card is left to turn"))
        events = []
        while not self._over:
            events.append(self.turn())
        return tuple(events)

    def result(self, placed: PlacedBet) -> BetResult:
        """How one placed bet ends (the deal must be over): win if all its
        cards were turned before the Joker, paid at its payout odds; else
        the banker collects the stake (English text: a bet wins when every
        card it covers shows before the Joker, and the banker takes the
        other stakes; German text, "Der Ablauf eines Spiels": a
        stake on cards that were turned up wins).

        Args:
            placed: a :class:`PlacedBet` of this deal (from :attr:`bets`
                or :meth:`place_bet`).

        Returns:
            A :class:`money.BetResult`: ``WIN`` with net ``stake * odds``,
            or ``LOSE`` with net ``-stake`` (in units).

        Raises:
            RuleError: if the Joker has not shown yet.
            BetError: if ``placed`` is not a bet placed in this deal.
        """
        n = placed.number if isinstance(placed, PlacedBet) else 0
        if not (isinstance(n, int) and 1 <= n <= len(self._bets) and self._bets[n - 1] == placed):
            raise BetError(f"{short_repr(placed)} is not a bet placed in this deal; its bets are: "
                           + (", ".join(f"{p.number} ({p.bet.name})" for p in self._bets) or "none"))
        if not self._over:
            raise RuleError("the deal is not over: turn cards until the Joker shows before settling")
        if placed.bet.wins(self._turned):
            return BetResult(placed.player, placed.bet, placed.stake, WIN, placed.stake * placed.bet.odds)
        return BetResult(placed.player, placed.bet, placed.stake, LOSE, -placed.stake)

    def settle(self) -> Settlement:
        """Settle every bet.

        Returns:
            A :class:`money.Settlement`: each bet's result, each player's
            net and the banker's net (chips conserved).

        Raises:
            RuleError: if the Joker has not shown yet.
        """
        if not self._over:
            raise RuleError("the deal is not over: turn cards until the Joker shows before settling")
        return Settlement.from_results(self.result(p) for p in self._bets)

    def transcript(self) -> str:
        """The deal as plain text in the language in use, one line per event;
        after the end, one line per bet's result and a last line with the
        banker's net (English: ``"bet 1 (Anna, 7S) wins: +2"``, ``"banker Dora: -2"``)."""
        head = (_("Hoggenheimer, english procedure, banker {banker}") if self.procedure == "english"
                else _("Hoggenheimer, german procedure, banker {banker}"))
        lines = [head.format(banker=self.banker)]
        if self.config.is_reduced:
            lines[0] += _(", reduced pack {suits} x {ranks} + Joker").format(suits=self.config.suits,
                                                                          ranks=self.config.ranks)
        lines += [e.describe() for e in self._events]
        if self._over:
            s = self.settle()
            for p, r in zip(self._bets, s.results):
                sign = "+" if r.net > 0 else ""
                line = (_("bet {number} ({player}, {bet}) wins: {net}") if r.outcome == WIN
                        else _("bet {number} ({player}, {bet}) loses: {net}"))
                lines.append(line.format(number=p.number, player=p.player, bet=p.bet.name,
                                         net=f"{sign}{_amount(r.net)}"))
            sign = "+" if s.banker_net > 0 else ""
            lines.append(_("banker {banker}: {net}").format(banker=self.banker, net=f"{sign}{_amount(s.banker_net)}"))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "over" if self._over else ("turning" if self.has_started else "betting")
        return (f"HoggenheimerDeal({self.procedure}, {state}, {len(self._bets)} bets, "
                f"{len(self._turned)} cards turned)")
