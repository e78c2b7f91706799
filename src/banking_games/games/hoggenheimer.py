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

Only the standard library is imported.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence, Union

from ..checks import names, whole_number
from ..cards import JOKER, Card, Suit, check_deck_order, hoggenheimer_pack, parse_card, piquet_pack, shuffled
from ..errors import ArgumentError, BetError, CardError, ConfigError, DealOverError, RuleError, short_repr
from ..money import LOSE, WIN, BetResult, Settlement, to_stake
from .cut import CutForBank, cut_for_bank

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

PROCEDURES = ("english", "german")
"""The dealing procedures :class:`HoggenheimerConfig` allows."""

SUIT_ROWS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suit of each layout row, top row first (English text: spades on
top, then hearts, diamonds and, at the bottom, clubs; German text: Pik,
Herz, Karo, Kreuz)."""

RANK_COLUMNS: tuple[int, ...] = (14, 13, 12, 11, 10, 9, 8, 7)
"""The rank of each layout column, leftmost first: A K Q J 10 9 8 7
(English text: the aces' column is on the far left, the 7s' on the far right; German text, the
"Tableau" paragraph: the aces take the first column, the kings the next, and so on)."""

Cell = tuple[int, int]
"""A layout cell as ``(row, column)``, both counted from 0 at the top left."""


def home_cell(card: "str | Card") -> Cell:
    """The home cell ``(row, column)`` of a card, e.g. ``home_cell("JH") == (1, 3)``.

    Raises:
        CardError: if the name is malformed.
        BetError: if the card is the Joker or not in the 32-card pack
            (it has no cell on the layout).
    """
    card = parse_card(card)
    if card.is_joker:
        raise BetError("the Joker has no cell on the Hoggenheimer layout; the cells hold "
                       "A K Q J 10 9 8 7 of spades, hearts, diamonds and clubs")
    if card.rank not in RANK_COLUMNS:
        raise BetError(f"{card.label} is not in the Hoggenheimer pack: the 2s to 6s are removed; "
                       "cards are A K Q J 10 9 8 7 of each suit")
    return SUIT_ROWS.index(card.suit), RANK_COLUMNS.index(card.rank)


def card_at(row: int, column: int) -> Card:
    """The card whose home is cell ``(row, column)``: ``card_at(0, 0)`` is the ace of spades.

    Raises:
        BetError: if the cell is off the 4 x 8 layout.
    """
    rule = (f"no cell ({short_repr(row)}, {short_repr(column)}): rows are 0-3 (spades, hearts, diamonds, "
            "clubs), columns 0-7 (A K Q J 10 9 8 7)")
    row = whole_number(row, "row", low=0, high=3, error=BetError, rule=rule)
    column = whole_number(column, "column", low=0, high=7, error=BetError, rule=rule)
    return Card(RANK_COLUMNS[column], SUIT_ROWS[row])


# --------------------------------------------------------------------------- config


@functools.lru_cache(maxsize=None)
def _pack_of(suits: int, ranks: int) -> tuple[Card, ...]:
    return tuple(card_at(r, c) for r in range(suits) for c in range(ranks)) + (JOKER,)


@dataclass(frozen=True)
class HoggenheimerConfig:
    """The rule options of Hoggenheimer.

    Attributes:
        procedure: how the cards come to the layout.

            * ``"english"`` (default): the English text's deal: 32 cards
              face down on the cells and a 33rd face down to one side; the
              33rd is turned, then each turned card goes to its home cell
              and the face-down card found there is turned next, until the
              Joker shows (diagram1979, Hoggenheimer: the dealing and play
              paragraphs).
            * ``"german"``: the German text's deal: the shuffled pack is
              turned card by card onto the cells until the Joker shows
              (dewiki-hoggenheimer, "Der Ablauf eines Spiels": once the
              stakes are down the banker shuffles, then lays each card
              he turns on its own cell).

        suits: how many layout rows (suits) are used, from the top
            (spades, hearts, diamonds, clubs). The real game, and the
            default, is 4 (both texts: four rows). Fewer is NOT a rule of
            either source: it is a reduced pack for exhaustive enumeration
            over every deck order in the exact analysis
            (:mod:`banking_games.exact.hoggenheimer`); the dealing and
            settling rules are unchanged.
        ranks: how many layout columns (ranks) are used, from the left
            (A K Q J 10 9 8 7). The real game, and the default, is 8 (both
            texts: eight columns). Fewer: a reduced pack, as for ``suits``.

    With a reduced pack the deck is the ``suits * ranks`` cards of the used
    cells plus the Joker (:meth:`pack`); a bet on a card outside the used
    cells is refused (BetError), so the rank (column) and suit (row) bets
    exist only when the whole column or row is used.

    Raises:
        ConfigError: if ``procedure`` is not one of :data:`PROCEDURES`, or
            ``suits`` is not a whole number 1-4, or ``ranks`` not 1-8.
    """

    procedure: str = "english"
    suits: int = len(SUIT_ROWS)
    ranks: int = len(RANK_COLUMNS)

    def __post_init__(self) -> None:
        if self.procedure not in PROCEDURES:
            raise ConfigError(f"unknown Hoggenheimer procedure {short_repr(self.procedure)}: allowed are "
                              "'english' (face-down layout, follow the chain; diagram1979) "
                              "and 'german' (turn straight from the pack; dewiki-hoggenheimer)")
        for name, top in (("suits", len(SUIT_ROWS)), ("ranks", len(RANK_COLUMNS))):
            whole_number(getattr(self, name), name, low=1, high=top,
                         rule=f"{name} must be a whole number from 1 to {top} (the real game uses "
                              f"{top}; fewer gives a reduced pack for exact analysis)")

    @property
    def is_reduced(self) -> bool:
        """True if fewer than the real 4 rows x 8 columns are used."""
        return (self.suits, self.ranks) != (len(SUIT_ROWS), len(RANK_COLUMNS))

    def layout_cells(self) -> tuple[Cell, ...]:
        """The used cells, row by row: ``(0, 0), (0, 1), ...`` (the order the
        English procedure deals the face-down cards in)."""
        return tuple((r, c) for r in range(self.suits) for c in range(self.ranks))

    def pack(self) -> list[Card]:
        """The cards dealt: the home cards of :meth:`layout_cells` in that
        order, then the Joker (the real game: :func:`cards.hoggenheimer_pack`)."""
        return list(_pack_of(self.suits, self.ranks))

    def in_layout(self, card: Card) -> bool:
        """True if ``card`` is a ranked card whose home cell is used."""
        if card.is_joker or card.rank not in RANK_COLUMNS or card.suit not in SUIT_ROWS:
            return False
        r, c = home_cell(card)
        return r < self.suits and c < self.ranks


def layout_sizes() -> tuple[int, ...]:
    """The numbers of ranked cards a layout can hold, smallest first: ``suits
    * ranks`` for every :class:`HoggenheimerConfig` (1-4 rows of 1-8 columns;
    32 is the real game's)."""
    return tuple(sorted({s * r for s in range(1, len(SUIT_ROWS) + 1) for r in range(1, len(RANK_COLUMNS) + 1)}))


def check_layout_size(n: object) -> int:
    """Return ``n`` if some layout holds exactly ``n`` ranked cards (:func:`layout_sizes`).

    Raises:
        ConfigError: ``n`` not a whole number, or no layout of 1-4 rows of
            1-8 columns has ``n`` cards (11, 13, 33, ...).
    """
    sizes = layout_sizes()
    whole_number(n, "n", low=1, high=sizes[-1],
                 rule=f"n (ranked cards of a layout) must be a whole number from 1 to {sizes[-1]}")
    if n not in sizes:
        raise ConfigError(f"no layout has {n} ranked cards: a layout is 1 to {len(SUIT_ROWS)} rows (suits) of 1 to "
                          f"{len(RANK_COLUMNS)} columns (ranks), so it holds one of "
                          f"{', '.join(map(str, sizes))} cards")
    return n


# --------------------------------------------------------------------------- bets


class BetKind(enum.Enum):
    """The five kinds of bet (English text, "Examples of betting" and the
    payout lines; German text, "Die Wettmöglichkeiten")."""

    CARD = "card"
    """One card, e.g. the jack of hearts."""
    PAIR = "pair"
    """Two cards side by side in a row or one above the other in a column.
    Refusing a diagonal pair is our reading: the sources only give examples of
    those two shapes and do not say whether a diagonal pair is allowed."""
    SQUARE = "square"
    """Four cards forming a 2 x 2 square (German "Carré")."""
    RANK = "rank"
    """The four cards of one rank: a whole column, e.g. all the 10s."""
    SUIT = "suit"
    """The eight cards of one suit: a whole row, e.g. all the diamonds."""


PAYOUT_ODDS: dict[BetKind, Fraction] = {
    BetKind.CARD: Fraction(1),    # en: a single card pays "ito 1" (slip for 1 to 1); de: 1 : 1
    BetKind.PAIR: Fraction(2),    # en: two cards pay 2 to 1; de: 2 : 1
    BetKind.SQUARE: Fraction(4),  # en: a square of four, like a column, pays 4 to 1; de: 4 : 1
    BetKind.RANK: Fraction(4),    # same line (column = one rank); de: the four cards of one rank, 4 : 1
    BetKind.SUIT: Fraction(8),    # en: a whole row of eight pays 8 to 1; de: 8 : 1
}
"""Payout odds "to 1" of each kind of bet: a winning stake ``s`` nets ``s * odds``."""

_SHAPES = ("the legal bets are: one card (e.g. 'JH'); two cards next to each other in a row or "
           "a column (e.g. '7S 7H' or '10S 9S', not diagonal); four cards in a 2x2 square (e.g. "
           "'9H 8H 9D 8D'); the four cards of one rank, a column (e.g. '10' or 'tens'); the eight "
           "cards of one suit, a row (e.g. 'diamonds')")

_RANK_WORDS = {
    "A": 14, "ACE": 14, "ACES": 14, "K": 13, "KING": 13, "KINGS": 13, "Q": 12, "QUEEN": 12,
    "QUEENS": 12, "J": 11, "JACK": 11, "JACKS": 11, "10": 10, "T": 10, "TEN": 10, "TENS": 10,
    "9": 9, "NINE": 9, "NINES": 9, "8": 8, "EIGHT": 8, "EIGHTS": 8, "7": 7, "SEVEN": 7, "SEVENS": 7,
}
_SUIT_WORDS = {
    "SPADES": Suit.SPADES, "SPADE": Suit.SPADES, "♠": Suit.SPADES,
    "HEARTS": Suit.HEARTS, "HEART": Suit.HEARTS, "♥": Suit.HEARTS,
    "DIAMONDS": Suit.DIAMONDS, "DIAMOND": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
    "CLUBS": Suit.CLUBS, "CLUB": Suit.CLUBS, "♣": Suit.CLUBS,
}
_PLURAL = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "10s", 9: "9s", 8: "8s", 7: "7s"}


def _shape_of(cards: Sequence[Card]) -> BetKind:
    """The kind of bet a set of distinct layout cards forms; BetError if none."""
    cells = sorted(home_cell(c) for c in cards)
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    names = " ".join(c.label for c in cards)
    n = len(cells)
    if n == 1:
        return BetKind.CARD
    if n == 2:
        (r1, c1), (r2, c2) = cells
        if (r1 == r2 and abs(c1 - c2) == 1) or (c1 == c2 and abs(r1 - r2) == 1):
            return BetKind.PAIR
        why = "they lie diagonally" if abs(r1 - r2) == 1 and abs(c1 - c2) == 1 else "they are not next to each other"
        raise BetError(f"{names} is not a legal two-card bet: {why}; {_SHAPES}")
    if n == 4:
        if len(cols) == 1:
            return BetKind.RANK
        if len(rows) == 2 and len(cols) == 2 and max(rows) - min(rows) == 1 and max(cols) - min(cols) == 1:
            return BetKind.SQUARE
        raise BetError(f"{names} is not a legal four-card bet (neither a 2x2 square nor one whole "
                       f"column); {_SHAPES}")
    if n == 8:
        if len(rows) == 1:
            return BetKind.SUIT
        raise BetError(f"{names} is not a legal eight-card bet (not one whole row); {_SHAPES}")
    raise BetError(f"a bet covers 1, 2, 4 or 8 cards, got {n} ({names}); {_SHAPES}")


@dataclass(frozen=True)
class Bet:
    """One of the 117 legal bets.

    Build it with :func:`make_bet` (from names) or directly as
    ``Bet(BetKind.PAIR, (parse_card("7S"), parse_card("7H")))``. The cards
    are stored in layout order (row by row), so equal bets compare equal
    whatever order the cards were given in.

    Attributes:
        kind: a :class:`BetKind`.
        cards: the cards bet on, in layout order.

    Raises:
        BetError: if the cards do not form the shape of ``kind`` (the
            message lists the five legal shapes), include the Joker or a
            card outside the pack, or repeat a card.
        CardError: if a card name is malformed.
    """

    kind: BetKind
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.kind, BetKind):
            raise BetError(f"bet kind must be a BetKind ({', '.join(k.value for k in BetKind)}), "
                           f"got {short_repr(self.kind)}")
        cards = _check_cards(self.cards)
        shape = _shape_of(cards)
        if shape is not self.kind:
            raise BetError(f"{' '.join(c.label for c in cards)} form a {shape.value} bet, not a "
                           f"{self.kind.value} bet; {_SHAPES}")
        object.__setattr__(self, "cards", tuple(sorted(cards, key=home_cell)))

    @property
    def odds(self) -> Fraction:
        """Payout odds "to 1" (:data:`PAYOUT_ODDS`): 1, 2, 4, 4 or 8."""
        return PAYOUT_ODDS[self.kind]

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The layout cells the bet covers (where its chips lie)."""
        return tuple(home_cell(c) for c in self.cards)

    @property
    def name(self) -> str:
        """A readable name: ``"jack of hearts"``, ``"7S-7H"``,
        ``"square 9H 8H 9D 8D"``, ``"all the 10s"``, ``"all the diamonds"``."""
        if self.kind is BetKind.CARD:
            return self.cards[0].long_name
        if self.kind is BetKind.PAIR:
            return "-".join(c.name for c in self.cards)
        if self.kind is BetKind.SQUARE:
            return "square " + " ".join(c.name for c in self.cards)
        if self.kind is BetKind.RANK:
            return "all the " + _PLURAL[self.cards[0].rank]
        return "all the " + self.cards[0].suit.name.lower()

    @property
    def label(self) -> str:
        """The name a reader sees at a table, cards named with their suit
        symbols as the layout draws them: ``"jack of hearts"``,
        ``"7♠ and 7♥"``, ``"square 9♥ 8♥ 9♦ 8♦"``, ``"all the 10s"``,
        ``"all the diamonds"`` (:attr:`name`, the transcript's name, spells
        cards as typed: ``"7S-7H"``)."""
        if self.kind is BetKind.PAIR:
            return " and ".join(c.label for c in self.cards)
        if self.kind is BetKind.SQUARE:
            return "square " + " ".join(c.label for c in self.cards)
        return self.name

    def wins(self, turned: Iterable[Card]) -> bool:
        """True if every card of the bet is among ``turned`` (the cards
        turned up before the Joker)."""
        seen = set(turned)
        return all(c in seen for c in self.cards)

    def __str__(self) -> str:
        return self.name


def _check_cards(cards: Iterable["str | Card"]) -> list[Card]:
    if isinstance(cards, (str, Card)):
        cards = [cards]
    try:
        cards = list(cards)
    except TypeError:
        raise BetError(f"the cards of a bet must be a card or a sequence of cards, got {short_repr(cards)}; {_SHAPES}") from None
    parsed = [parse_card(c) for c in cards]
    if any(c.is_joker for c in parsed):
        raise BetError(f"nobody can bet on the Joker: it ends the deal; {_SHAPES}")
    for c in parsed:
        home_cell(c)  # rejects 2s-6s
    seen: set[Card] = set()
    dup = [c.label for c in parsed if c in seen or seen.add(c)]
    if dup:
        raise BetError(f"card named twice in one bet: {' '.join(dup)}; {_SHAPES}")
    if not parsed:
        raise BetError(f"a bet needs at least one card; {_SHAPES}")
    return parsed


BetSpec = Union[Bet, Card, str, Iterable[Union[str, Card]]]


def make_bet(spec: BetSpec) -> Bet:
    """Read a bet from a convenient description.

    Args:
        spec: one of

            * a :class:`Bet` (returned unchanged);
            * one card or card name: ``"JH"``, ``"10s"`` (the 10 of spades:
              card names win over rank words);
            * a list of 2, 4 or 8 card names or cards, or one string of them
              separated by spaces, commas or hyphens: ``"7S 7H"``,
              ``"10D-9D"``, ``["9H", "8H", "9D", "8D"]``;
            * a rank: ``"10"``, ``"Q"``, ``"queens"``, ``"tens"`` (the four
              cards of that column);
            * a suit: ``"diamonds"``, ``"spade"``, ``"♦"`` (the eight cards
              of that row).

    Returns:
        The :class:`Bet`; its kind follows from the cards' shape.

    Raises:
        CardError: if a card name is malformed.
        BetError: if the cards form none of the five legal shapes (e.g. a
            diagonal or non-adjacent pair, a 2x3 block, three cards), name
            the Joker or a 2-6, or repeat a card; the message lists the
            legal shapes.
    """
    if isinstance(spec, Bet):
        return spec
    if isinstance(spec, str):
        word = spec.strip().upper()
        if not word:
            raise BetError(f"empty bet; {_SHAPES}")
        parts = word.replace(",", " ").replace("–", " ").replace("-", " ").replace("+", " ").split()
        if len(parts) == 1:
            token = parts[0]
            try:
                card = parse_card(token)
            except CardError:
                card = None
            if card is not None:
                cards = [card]
            elif token in _RANK_WORDS:
                cards = [Card(_RANK_WORDS[token], s) for s in SUIT_ROWS]
            elif token in _SUIT_WORDS or spec.strip() in _SUIT_WORDS:
                suit = _SUIT_WORDS.get(token) or _SUIT_WORDS[spec.strip()]
                cards = [Card(r, suit) for r in RANK_COLUMNS]
            else:
                raise BetError(f"cannot read the bet {short_repr(spec)}: give a card ('JH'), cards ('7S 7H'), "
                               f"a rank ('10', 'queens') or a suit ('diamonds'); {_SHAPES}")
        else:
            cards = parts
    elif isinstance(spec, Card):
        cards = [spec]
    else:
        try:
            cards = list(spec)
        except TypeError:
            raise BetError(f"cannot read the bet {short_repr(spec)}: give a card ('JH'), cards ('7S 7H'), "
                           f"a rank ('10', 'queens') or a suit ('diamonds'); {_SHAPES}") from None
    checked = _check_cards(cards)
    return Bet(_shape_of(checked), tuple(checked))


def all_bets(config: "HoggenheimerConfig | None" = None) -> tuple[Bet, ...]:
    """The 117 legal bets, kind by kind: 32 cards, 52 pairs (28 in rows,
    24 in columns), 21 squares, 8 ranks, 4 suits; each in layout order.

    With a ``config`` using a reduced pack (``suits``/``ranks``), only the
    bets whose cards all lie on its used cells (the bets its deals accept).

    Returns:
        A tuple of :class:`Bet` (117 for the real layout; the shapes
        are those of :class:`BetKind`, sources as there). It is made once
        per layout and the same tuple is returned on every call: a tuple
        and frozen bets, so no caller can change another's.

    Raises:
        ConfigError: if ``config`` is neither ``None`` nor a
            :class:`HoggenheimerConfig`.
    """
    if config is not None and not isinstance(config, HoggenheimerConfig):
        raise ConfigError(f"config must be a HoggenheimerConfig or None, got {type(config).__name__}")
    if config is not None and config.is_reduced:
        return _reduced_bets(config)
    return _layout_bets()


@functools.cache
def _layout_bets() -> tuple[Bet, ...]:
    bets = [Bet(BetKind.CARD, (card_at(r, c),)) for r in range(4) for c in range(8)]
    pairs = [((r, c), (r, c + 1)) for r in range(4) for c in range(7)]
    pairs += [((r, c), (r + 1, c)) for r in range(3) for c in range(8)]
    bets += [Bet(BetKind.PAIR, tuple(card_at(*x) for x in p)) for p in sorted(pairs)]
    bets += [Bet(BetKind.SQUARE, (card_at(r, c), card_at(r, c + 1), card_at(r + 1, c), card_at(r + 1, c + 1)))
             for r in range(3) for c in range(7)]
    bets += [Bet(BetKind.RANK, tuple(card_at(r, c) for r in range(4))) for c in range(8)]
    bets += [Bet(BetKind.SUIT, tuple(card_at(r, c) for c in range(8))) for r in range(4)]
    return tuple(bets)


@functools.lru_cache(maxsize=32)
def _reduced_bets(config: "HoggenheimerConfig") -> tuple[Bet, ...]:
    return tuple(b for b in _layout_bets() if all(config.in_layout(c) for c in b.cards))


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
        """One transcript line: ``"bet 1: Ann stakes 2 on jack of hearts (1 to 1)"``."""
        p = self.placed
        return (f"bet {p.number}: {p.player} stakes {_amount(p.stake)} on {p.bet.name} "
                f"({_amount(p.bet.odds)} to 1)")


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
        """One transcript line, e.g. ``"turn 3: JH (taken from the 7S cell) face up on its cell"``
        or ``"turn 9: Joker (from the pack): the deal ends"``."""
        if isinstance(self.source, tuple):
            r, c = self.source
            src = f"taken from the {_cell_name(r, c)} cell"
        elif self.source == "side":
            src = "the 33rd card, from the side"
        else:
            src = "from the pack"
        if self.ends_deal:
            return f"turn {self.number}: Joker ({src}): the deal ends"
        r, c = self.to_cell
        return f"turn {self.number}: {self.card.name} ({src}) face up on its cell"


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
            raise DealOverError("the deal is over (the Joker has shown): no more bets in this deal; the next "
                                "deal takes bets again")
        if self.has_started:
            raise RuleError("bets must be placed before the first card is turned; "
                            + ("1 card is" if len(self._turned) == 1 else f"{len(self._turned)} cards are")
                            + " already turned")
        try:
            hash(player)
        except TypeError:
            raise BetError(f"a player must be a name (a string or other hashable), got {short_repr(player)}") from None
        if player == self.banker:
            raise RuleError(f"{short_repr(player)} is the banker; only the other players bet (the sources: "
                            "every player but the banker may bet)")
        b = make_bet(bet)
        outside = [c.label for c in b.cards if not self.config.in_layout(c)]
        if outside:
            raise BetError(f"{' '.join(outside)} not on this reduced layout of {self.config.suits} "
                           f"{'row' if self.config.suits == 1 else 'rows'} by {self.config.ranks} "
                           f"{'column' if self.config.ranks == 1 else 'columns'} (suits from spades, ranks from the ace); "
                           "bet on cards of the used cells")
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
            raise DealOverError("the deal is over: the Joker has shown, no card is left to turn")
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
            raise DealOverError("the deal is over: the Joker has shown, no card is left to turn")
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
        """The deal as plain text, one line per event; after the end, one
        line per bet's result and a last line with the banker's net."""
        lines = [f"Hoggenheimer, {self.procedure} procedure, banker {self.banker}"]
        if self.config.is_reduced:
            lines[0] += f", reduced pack {self.config.suits} x {self.config.ranks} + Joker"
        lines += [e.describe() for e in self._events]
        if self._over:
            s = self.settle()
            for p, r in zip(self._bets, s.results):
                sign = "+" if r.net > 0 else ""
                lines.append(f"bet {p.number} ({p.player}, {p.bet.name}) {'wins' if r.outcome == WIN else 'loses'}: "
                             f"{sign}{_amount(r.net)}")
            sign = "+" if s.banker_net > 0 else ""
            lines.append(f"banker {self.banker}: {sign}{_amount(s.banker_net)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "over" if self._over else ("turning" if self.has_started else "betting")
        return (f"HoggenheimerDeal({self.procedure}, {state}, {len(self._bets)} bets, "
                f"{len(self._turned)} cards turned)")


def choose_first_banker(players: Sequence[Hashable], *, rng=None, rounds=None) -> CutForBank:
    """Choose the first banker by a high cut, as the sources have it.

    The players cut the 32-card pack (the Joker left out; which pack is cut
    is our reading, the sources only say the first banker is chosen by a
    high cut). Uses the one cut of the package,
    :func:`banking_games.games.cut.cut_for_bank`, shared with Banker and
    Broker: the highest rank wins, ties cut again.

    Args:
        players: the players' names in seating order, two or more, distinct.
        rng: a non-negative ``int`` seed, ``random.Random`` or numpy
            Generator; or instead ``rounds``, explicit cut cards (a list of
            mappings player -> card).

    Returns:
        The :class:`~banking_games.games.cut.CutForBank`; its ``winner``
        holds the first bank.

    Raises:
        ConfigError: fewer than two players or duplicate names.
        CardError, DeckError, RuleError, SeedError: as :func:`cut_for_bank`
            (a card outside the 32-card pack, the Joker included, is refused).
    """
    seats = names(players, "players")
    if len(seats) < 2:
        raise ConfigError(f"the first banker is cut for among two or more players, got {short_repr(players)}")
    return cut_for_bank(seats, rng=rng, rounds=rounds, pack=piquet_pack())


def next_banker(seating: Sequence[Hashable], banker: Hashable) -> Hashable:
    """Who holds the bank next: the player to the banker's left, taking
    ``seating`` as the players in clockwise order, so the next one in the
    list (English text: bank and deal move on to the next player on the left).

    Args:
        seating: the players' names in clockwise order (banker included).
        banker: who holds the bank now.

    Returns:
        The name of the next banker (an element of ``seating``).

    Raises:
        RuleError: if ``banker`` is not seated, ``seating`` is not a
            sequence of names, or there are fewer than two players (the
            English text: "Two or more").
    """
    seating = list(names(seating, "seating", error=RuleError))
    if len(seating) < 2:
        raise RuleError(f"Hoggenheimer needs two or more players, got {len(seating)}")
    if banker not in seating:
        raise RuleError(f"the banker {short_repr(banker)} is not among the players {short_repr(seating)}")
    return seating[(seating.index(banker) + 1) % len(seating)]
