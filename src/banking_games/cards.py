"""Cards, packs, deck orders and shuffling. No game rules live here.

A :class:`Card` has a rank (2 to 14, ace high: 11 jack, 12 queen, 13 king,
14 ace) and a :class:`Suit`; the Joker is the single card :data:`JOKER`.
Cards are written as short names: ``"AS"`` (ace of spades), ``"10H"`` or
``"TH"``, ``"QD"``, ``"7C"``, suit symbols also accepted (``"K♦"``), and
``"Joker"``. Names are case-insensitive.

Randomness is always passed in: :func:`shuffled` takes a seed (an ``int``),
a :class:`random.Random`, or a ``numpy.random.Generator`` and never touches
a global generator. This module imports only the standard library.
"""

from __future__ import annotations

import enum
import functools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from .checks import is_whole_number, whole_number
from .errors import CardError, DeckError, SeedError, short_repr
from .i18n import N_, _, language, pgettext

__all__ = [
    "Suit",
    "Card",
    "JOKER",
    "RANK_NAMES",
    "rank_name",
    "spoken_name",
    "parse_card",
    "parse_cards",
    "full_pack",
    "piquet_pack",
    "hoggenheimer_pack",
    "top_ranks_pack",
    "check_deck_order",
    "shuffled",
    "RandomSource",
]


class Suit(enum.Enum):
    """The four French suits, in the order the Hoggenheimer layout uses
    (spades, hearts, diamonds, clubs from the top row)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def title(self) -> str:
        """The suit's English name, singular and capitalised ("Spades")."""
        return self.name.capitalize()


RANK_NAMES: dict[int, str] = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
    10: "10", 11: "J", 12: "Q", 13: "K", 14: "A",
}
_SPOKEN: dict[str, tuple[dict[int, str], dict[str, str]]] = {}


def _spoken_words() -> tuple[dict[int, str], dict[str, str]]:
    """The rank words and suit words of a card's spoken name in the language
    in use (German "Zehn", "Herz"; Russian "десятка", "червей"), kept per language."""
    lang = language()
    if lang not in _SPOKEN:
        ranks = {2: pgettext("card rank", "two"), 3: pgettext("card rank", "three"),
                 4: pgettext("card rank", "four"), 5: pgettext("card rank", "five"),
                 6: pgettext("card rank", "six"), 7: pgettext("card rank", "seven"),
                 8: pgettext("card rank", "eight"), 9: pgettext("card rank", "nine"),
                 10: pgettext("card rank", "ten"), 11: pgettext("card rank", "jack"),
                 12: pgettext("card rank", "queen"), 13: pgettext("card rank", "king"),
                 14: pgettext("card rank", "ace")}
        suits = {"S": pgettext("card suit", "spades"), "H": pgettext("card suit", "hearts"),
                 "D": pgettext("card suit", "diamonds"), "C": pgettext("card suit", "clubs")}
        _SPOKEN[lang] = (ranks, suits)
    return _SPOKEN[lang]


def spoken_name(card: "Card") -> str:
    """A card's full name in the language in use (:mod:`banking_games.i18n`):
    English "ten of hearts", German "Herz-Zehn", Russian "десятка червей";
    "Joker" (German "Joker", Russian "джокер") for the Joker. The words come
    from the package's catalogue (``docs/i18n/<lang>.md`` lists them); a
    card's :attr:`Card.long_name` is this name.

    Raises:
        ConfigError: the language chosen through ``BANKING_GAMES_LANG`` is unknown.
    """
    if card.is_joker:
        return _("Joker")
    ranks, suits = _spoken_words()
    # TRANSLATORS: a card's full name, e.g. "ten of hearts"; German "{suit}-{rank}" (Herz-Zehn)
    return _("{rank} of {suit}").format(rank=ranks[card.rank], suit=suits[card.suit.value])
_RANK_BY_NAME = {name: rank for rank, name in RANK_NAMES.items()}
_RANK_BY_NAME["T"] = 10
_SUIT_BY_NAME = {s.value: s for s in Suit} | {s.symbol: s for s in Suit}
_SUIT_BY_NAME |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}


def rank_name(rank: int) -> str:
    """Short name of a rank: ``rank_name(14) == "A"``, ``rank_name(10) == "10"``.

    Raises:
        CardError: if ``rank`` is not 2 to 14.
    """
    try:
        return RANK_NAMES[rank]
    except KeyError:
        raise CardError(f"no rank {short_repr(rank)}: ranks are 2 to 14 (11 J, 12 Q, 13 K, 14 A)") from None


@dataclass(frozen=True, order=True)
class Card:
    """A playing card.

    Attributes:
        rank: 2 to 14 (ace high); 0 for the Joker.
        suit: a :class:`Suit`; ``None`` for the Joker.

    Build cards with :func:`parse_card` (``parse_card("QH")``) or directly
    (``Card(12, Suit.HEARTS)``); the Joker is :data:`JOKER`.

    Raises:
        CardError: a rank outside 2-14 with a suit, or a suitless card
            that is not rank 0 (the Joker).
    """

    rank: int
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.suit is None:
            if self.rank != 0:
                raise CardError(f"a card without a suit must be the Joker (rank 0), got rank {short_repr(self.rank)}")
        elif self.rank not in RANK_NAMES:
            raise CardError(f"no rank {short_repr(self.rank)}: ranks are 2 to 14 (11 J, 12 Q, 13 K, 14 A)")

    @property
    def is_joker(self) -> bool:
        """True for the Joker (rank 0, no suit)."""
        return self.suit is None

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (the Joker is drawn in neither colour)."""
        return self.suit is not None and self.suit.is_red

    @property
    def rank_name(self) -> str:
        """``"A"``, ``"K"``, ``"10"``, ...; ``"Joker"`` for the Joker."""
        return "Joker" if self.is_joker else RANK_NAMES[self.rank]

    @property
    def name(self) -> str:
        """Short name that :func:`parse_card` reads back: ``"10H"``, ``"AS"``, ``"Joker"``."""
        return "Joker" if self.is_joker else RANK_NAMES[self.rank] + self.suit.value

    @property
    def label(self) -> str:
        """Name with the suit symbol, for display: ``"10♥"``."""
        return "Joker" if self.is_joker else RANK_NAMES[self.rank] + self.suit.symbol

    @property
    def long_name(self) -> str:
        """The card's spoken name in the language in use (:func:`spoken_name`):
        ``"ten of hearts"``, ``"Joker"`` in English, ``"Herz-Zehn"`` in German,
        ``"десятка червей"`` in Russian."""
        return spoken_name(self)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.name!r})" if not self.is_joker else "JOKER"


JOKER = Card(0, None)


def parse_card(name: "str | Card") -> Card:
    """Read a card name such as ``"AS"``, ``"10h"``, ``"Td"``, ``"K♣"`` or ``"Joker"``.

    Args:
        name: rank (2-10, T, J, Q, K, A) followed by suit (S, H, D, C or a
            suit symbol), case-insensitive; or ``"Joker"``/``"JK"``. A
            :class:`Card` is returned unchanged. Accepted on purpose:
            lower-case names (``"as"``), surrounding spaces, and a suit
            symbol followed by the invisible emoji variation selector that
            phone keyboards add (``"K♦\ufe0f"``).

    Returns:
        The :class:`Card`.

    Raises:
        CardError: if the name is not a string or does not name a card.
    """
    if isinstance(name, Card):
        return name
    if not isinstance(name, str):
        raise CardError(f"a card name must be a string such as 'AS' or '10H', got {short_repr(name)}")
    # Phone keyboards add an invisible emoji variation selector (U+FE0F, or
    # U+FE0E) after a suit symbol: "K♦️" is read as "K♦".
    name = name.replace("\ufe0f", "").replace("\ufe0e", "")
    text = name.strip().upper()
    if text in ("JOKER", "JK", "🃏"):
        return JOKER
    if len(text) < 2:
        raise CardError.of(N_("malformed card name {name}: write the rank (2-10, T, J, Q, K, A) then the suit "
                              "(S, H, D, C), e.g. 'AS', '10H', 'QD', or 'Joker'"), name=short_repr(name))
    rank_text, suit_text = text[:-1], text[-1]
    suit = _SUIT_BY_NAME.get(suit_text) or _SUIT_BY_NAME.get(name.strip()[-1])
    rank = _RANK_BY_NAME.get(rank_text)
    if suit is None or rank is None:
        template = (N_("unknown suit in card name {name}: ranks are 2-10, T, J, Q, K, A; suits are S, H, D, C "
                       "(or ♠ ♥ ♦ ♣); e.g. 'AS', '10H', 'QD', or 'Joker'") if suit is None else
                    N_("unknown rank in card name {name}: ranks are 2-10, T, J, Q, K, A; suits are S, H, D, C "
                       "(or ♠ ♥ ♦ ♣); e.g. 'AS', '10H', 'QD', or 'Joker'"))
        raise CardError.of(template, name=short_repr(name))
    return Card(rank, suit)


def parse_cards(names: "str | Iterable[str | Card]") -> list[Card]:
    """Read several cards: a list of names, or one string of names split by spaces or commas.

    Raises:
        CardError: if any name is malformed (the message names it), or
            ``names`` is neither a string nor an iterable of names.
    """
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    elif isinstance(names, (set, frozenset, dict)) or type(names).__name__ in ("dict_keys", "dict_values"):
        raise CardError(f"cards must be given in order (a list, tuple or string of names), not as a "
                        f"{type(names).__name__}, which has no fixed order; got {short_repr(names)}")
    elif isinstance(names, Card):
        raise CardError(f"expected several cards (a list of names or one string of names), got the single card "
                        f"{names.name}; write [{short_repr(names.name)}]")
    try:
        names = list(names)
    except TypeError:
        raise CardError(f"expected card names (a list such as ['AS', '10H'] or a string such as 'AS 10H'), "
                        f"got {short_repr(names)}") from None
    return [parse_card(n) for n in names]


def full_pack() -> list[Card]:
    """The standard 52-card pack in a fixed order: spades, hearts, diamonds,
    clubs; within a suit ace, king, ... , 2."""
    return [Card(rank, suit) for suit in Suit for rank in range(14, 1, -1)]


def piquet_pack() -> list[Card]:
    """The 32-card pack (A K Q J 10 9 8 7 of each suit: the 52-card pack
    without its 2s to 6s), in the order of the Hoggenheimer layout read row
    by row: spades A..7, hearts A..7, diamonds A..7, clubs A..7."""
    return [Card(rank, suit) for suit in Suit for rank in range(14, 6, -1)]


@functools.lru_cache(maxsize=None, typed=True)  # typed: True is checked, not served as 1 from the cache
def top_ranks_pack(ranks: int, suits: int) -> tuple[Card, ...]:
    """A reduced pack: the top ``ranks`` ranks (ace downwards) of the first
    ``suits`` suits (spades, hearts, diamonds, clubs), in :func:`full_pack`
    order. ``top_ranks_pack(13, 4)`` is the 52-card pack and
    ``top_ranks_pack(8, 4)`` the 32-card pack. Used by the engines to deal
    smaller packs for exact enumeration.

    The result is cached: the same ``(ranks, suits)`` always returns the same
    tuple of the same :class:`Card` objects.

    Raises:
        CardError: if ``ranks`` is not 1 to 13 or ``suits`` not 1 to 4.
    """
    rule = f"a pack has 1 to 13 ranks and 1 to 4 suits, got ranks={short_repr(ranks)}, suits={short_repr(suits)}"
    whole_number(ranks, "ranks", low=1, high=13, error=CardError, rule=rule)
    whole_number(suits, "suits", low=1, high=4, error=CardError, rule=rule)
    chosen = list(Suit)[:suits]
    return tuple(c for c in full_pack() if c.suit in chosen and c.rank > 14 - ranks)


def hoggenheimer_pack() -> list[Card]:
    """The 33 cards of Hoggenheimer: :func:`piquet_pack` followed by :data:`JOKER`."""
    return piquet_pack() + [JOKER]


def check_deck_order(deck: Iterable["str | Card"], pack: Sequence[Card]) -> list[Card]:
    """Check that ``deck`` is an ordering of exactly the cards of ``pack``.

    Args:
        deck: card names or cards, top of the deck first.
        pack: the cards the game uses (e.g. :func:`full_pack`).

    Returns:
        The deck as a list of :class:`Card`, top first.

    Raises:
        CardError: if a name is malformed.
        DeckError: if a card is missing, extra (not in the pack) or duplicated
            (the message lists which), or ``deck`` is not a sequence of cards
            (a ``set``, ``frozenset`` or ``dict`` is refused: it has no order).
    """
    if isinstance(deck, (set, frozenset, dict)):
        raise DeckError(f"a deck order must be ordered (a list, tuple or string of names, top first), not a "
                        f"{type(deck).__name__}: its order would depend on Python's hash seed")
    if isinstance(deck, Card) or not (isinstance(deck, str) or hasattr(deck, "__iter__")):
        raise DeckError(f"a deck order is a sequence of the {len(pack)} cards of the pack (names or cards), "
                        f"top first, e.g. ['AS', 'KS', ...]; got {short_repr(deck)}")
    cards = parse_cards(deck)
    counts = Counter(cards)
    wanted = Counter(pack)
    duplicate = sorted((c for c, n in counts.items() if n > 1 and c in wanted), key=_pack_key)
    extra = sorted((c for c in counts if c not in wanted), key=_pack_key)
    missing = sorted((c for c in wanted if c not in counts), key=_pack_key)
    if duplicate or extra or missing:
        parts = []
        if missing:
            parts.append("missing " + " ".join(c.name for c in missing))
        if extra:
            parts.append("not in this pack " + " ".join(c.name for c in extra))
        if duplicate:
            parts.append("more than once " + " ".join(c.name for c in duplicate))
        raise DeckError(
            f"the deck order must hold each of the {len(pack)} cards of the pack exactly once "
            f"(got {len(cards)} cards): " + "; ".join(parts)
        )
    return cards


def _pack_key(card: Card) -> tuple[int, int]:
    suit_order = -1 if card.suit is None else list(Suit).index(card.suit)
    return (suit_order, -card.rank)


RandomSource = "int | random.Random | numpy.random.Generator"


def random_source(rng: object) -> object:
    """Check a random source and return it ready to draw from.

    Args:
        rng: a non-negative ``int`` seed (becomes one new
            :class:`random.Random`), a :class:`random.Random`, or a
            ``numpy.random.Generator`` (returned as is).

    Raises:
        SeedError: for ``None``, a bool, a negative int or any other type.
    """
    if isinstance(rng, bool) or rng is None:
        raise SeedError("rng must be a non-negative int seed, a random.Random or a numpy.random.Generator, got "
                        f"{short_repr(rng)}")
    if is_whole_number(rng):
        return random.Random(whole_number(rng, "a seed", low=0, error=SeedError))
    if isinstance(rng, random.Random) or (hasattr(rng, "permutation") and hasattr(rng, "bit_generator")):
        return rng
    raise SeedError("rng must be a non-negative int seed, a random.Random or a numpy.random.Generator, got "
                    f"{type(rng).__name__}")


def shuffled(pack: Sequence[Card], rng: "int | random.Random | object") -> list[Card]:
    """Return a new list holding ``pack`` in a uniformly random order.

    Args:
        pack: the cards to shuffle (not modified).
        rng: an ``int`` seed (uses ``random.Random(seed)``), a
            :class:`random.Random`, or a ``numpy.random.Generator`` (uses its
            ``permutation``). The same seed or generator state always gives
            the same order. Never the global generator.

    Raises:
        SeedError: (a ``TypeError`` and ``ValueError``) if ``rng`` is none of
            these (``None`` included: randomness must be passed in) or is a
            negative ``int`` (Python seeds -7 exactly like 7, so a negative
            seed would silently deal the game of its positive twin).
    """
    cards = list(pack)
    source = random_source(rng)  # refuses None, bools, negative seeds and other types
    if isinstance(source, random.Random):
        source.shuffle(cards)
        return cards
    order = source.permutation(len(cards))
    return [cards[int(i)] for i in order]
