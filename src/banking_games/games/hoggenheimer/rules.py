"""Hoggenheimer's layout, configuration and bets (the rules a bet is checked by).

Part of :mod:`banking_games.games.hoggenheimer` (sources and the game in brief are in its
docstring): the cells of the layout, :class:`HoggenheimerConfig`, the five kinds of bet and their
payout odds, :func:`make_bet` and :func:`all_bets`.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence, Union

from ...checks import whole_number
from ...cards import JOKER, Card, Suit, parse_card
from ...errors import BetError, CardError, ConfigError, Phrase, short_repr
from ...i18n import N_, _, pgettext


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
        raise BetError.of(N_("the Joker has no cell on the Hoggenheimer layout; the cells hold "
                             "A K Q J 10 9 8 7 of spades, hearts, diamonds and clubs"))
    if card.rank not in RANK_COLUMNS:
        raise BetError.of(N_("{card} is not in the Hoggenheimer pack: the 2s to 6s are removed; "
                             "cards are A K Q J 10 9 8 7 of each suit"), card=card.label)
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

_SHAPES = N_("the legal bets are: one card (e.g. 'JH'); two cards next to each other in a row or "
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


def _whole_rank(rank: int) -> str:
    """A bet on a whole column in the language in use: "all the 10s", German "alle Zehnen"."""
    return {14: _("all the aces"), 13: _("all the kings"), 12: _("all the queens"), 11: _("all the jacks"),
            10: _("all the 10s"), 9: _("all the 9s"), 8: _("all the 8s"), 7: _("all the 7s")}[rank]


def _whole_suit(suit: Suit) -> str:
    """A bet on a whole row in the language in use: "all the diamonds", German "alle Karo"."""
    return {Suit.SPADES: _("all the spades"), Suit.HEARTS: _("all the hearts"),
            Suit.DIAMONDS: _("all the diamonds"), Suit.CLUBS: _("all the clubs")}[suit]


def kind_name(kind: "BetKind") -> str:
    """The word for a kind of bet a reader sees in a table, in the language in
    use: ``"card"``, ``"pair"``, ``"square"``, ``"rank"``, ``"suit"`` (the
    :class:`BetKind` values; German "Karte", "Paar", "Carré", "Rang", "Farbe").

    Raises:
        BetError: ``kind`` is not a :class:`BetKind`.
    """
    if not isinstance(kind, BetKind):
        raise BetError(f"kind must be a BetKind, got {short_repr(kind)}")
    return {BetKind.CARD: pgettext("kind of bet", "card"), BetKind.PAIR: pgettext("kind of bet", "pair"),
            BetKind.SQUARE: pgettext("kind of bet", "square"), BetKind.RANK: pgettext("kind of bet", "rank"),
            BetKind.SUIT: pgettext("kind of bet", "suit")}[kind]


def _shape_error(what: Phrase) -> BetError:
    """A refused bet: ``what`` was wrong, then the legal shapes (:data:`_SHAPES`);
    a table shows ``what`` alone (``exc.params["what"]``), in the language in use."""
    return BetError.of(N_("{what}; {shapes}"), what=what, shapes=Phrase(_SHAPES))


def _unreadable(spec: object) -> BetError:
    """A bet that is neither a card, cards, a rank nor a suit."""
    return BetError.of(N_("{what}: give a card ('JH'), cards ('7S 7H'), a rank ('10', 'queens') or a suit "
                          "('diamonds'); {shapes}"),
                       what=Phrase(N_("cannot read the bet {spec}"), spec=short_repr(spec)), shapes=Phrase(_SHAPES))


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
        what = (N_("{cards} is not a legal two-card bet: they lie diagonally")
                if abs(r1 - r2) == 1 and abs(c1 - c2) == 1 else
                N_("{cards} is not a legal two-card bet: they are not next to each other"))
        raise _shape_error(Phrase(what, cards=names))
    if n == 4:
        if len(cols) == 1:
            return BetKind.RANK
        if len(rows) == 2 and len(cols) == 2 and max(rows) - min(rows) == 1 and max(cols) - min(cols) == 1:
            return BetKind.SQUARE
        raise _shape_error(Phrase(N_("{cards} is not a legal four-card bet (neither a 2x2 square nor one whole "
                                     "column)"), cards=names))
    if n == 8:
        if len(rows) == 1:
            return BetKind.SUIT
        raise _shape_error(Phrase(N_("{cards} is not a legal eight-card bet (not one whole row)"), cards=names))
    raise _shape_error(Phrase(N_("a bet covers 1, 2, 4 or 8 cards, got {n} ({names})"), n=n, names=names))


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
        ``"square 9H 8H 9D 8D"``, ``"all the 10s"``, ``"all the diamonds"``,
        in the language in use (:mod:`banking_games.i18n`; German
        ``"Herz-Bube"``, ``"Carré 9H 8H 9D 8D"``, ``"alle Zehnen"``)."""
        if self.kind is BetKind.CARD:
            return self.cards[0].long_name
        if self.kind is BetKind.PAIR:
            return "-".join(c.name for c in self.cards)
        if self.kind is BetKind.SQUARE:
            return _("square {cards}").format(cards=" ".join(c.name for c in self.cards))
        if self.kind is BetKind.RANK:
            return _whole_rank(self.cards[0].rank)
        return _whole_suit(self.cards[0].suit)

    @property
    def label(self) -> str:
        """The name a reader sees at a table, cards named with their suit
        symbols as the layout draws them: ``"jack of hearts"``,
        ``"7♠ and 7♥"``, ``"square 9♥ 8♥ 9♦ 8♦"``, ``"all the 10s"``,
        ``"all the diamonds"`` (:attr:`name`, the transcript's name, spells
        cards as typed: ``"7S-7H"``); in the language in use."""
        if self.kind is BetKind.PAIR:
            return _("{first} and {second}").format(first=self.cards[0].label, second=self.cards[1].label)
        if self.kind is BetKind.SQUARE:
            return _("square {cards}").format(cards=" ".join(c.label for c in self.cards))
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
        raise _shape_error(Phrase(N_("the cards of a bet must be a card or a sequence of cards, got {cards}"),
                                  cards=short_repr(cards))) from None
    parsed = [parse_card(c) for c in cards]
    if any(c.is_joker for c in parsed):
        raise _shape_error(Phrase(N_("nobody can bet on the Joker: it ends the deal")))
    for c in parsed:
        home_cell(c)  # rejects 2s-6s
    seen: set[Card] = set()
    dup = [c.label for c in parsed if c in seen or seen.add(c)]
    if dup:
        raise _shape_error(Phrase(N_("card named twice in one bet: {cards}"), cards=" ".join(dup)))
    if not parsed:
        raise _shape_error(Phrase(N_("a bet needs at least one card")))
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
            raise _shape_error(Phrase(N_("empty bet")))
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
                raise _unreadable(spec)
        else:
            cards = parts
    elif isinstance(spec, Card):
        cards = [spec]
    else:
        try:
            cards = list(spec)
        except TypeError:
            raise _unreadable(spec) from None
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
