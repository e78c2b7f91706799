"""Cutting for the bank by high card: one implementation for every game.

Banker and Broker (source: whoever cuts the highest card banks first; Option 5) and
Hoggenheimer (the first banker is chosen by a high cut) both use
:func:`cut_for_bank`. Standard library only (part of the dealing path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

from ..checks import names as _names
from ..cards import Card, full_pack, parse_card, random_source, shuffled
from ..errors import CardError, ConfigError, DeckError, RuleError, short_repr
from ..i18n import _

__all__ = ["CutRound", "CutForBank", "cut_for_bank"]


@dataclass(frozen=True)
class CutRound:
    """One round of a high cut: each cutter's card."""

    cards: tuple[tuple[Hashable, Card], ...]


@dataclass(frozen=True)
class CutForBank:
    """A high cut (source: the highest card cut takes the bank; Option 5):
    every cutter shows a card, the highest rank wins, players tied for the
    highest cut again (our reading: suits are not ranked, so a tie is re-cut).

    Attributes:
        cutters: who cut, in seat order.
        rounds: each round's cards.
        winner: the one with the highest card in the last round.
    """

    cutters: tuple[Hashable, ...]
    rounds: tuple[CutRound, ...]
    winner: Hashable

    def text(self) -> str:
        """The cut as one line in the language in use:
        ``"cut 1: Ann KD, Bob KC; cut 2: Ann 5C, Bob JH; Bob cuts highest"``."""
        rounds = [_("cut {number}: {cards}").format(number=i, cards=", ".join(f"{p} {c.name}" for p, c in r.cards))
                  for i, r in enumerate(self.rounds, 1)]
        return _("{rounds}; {winner} cuts highest").format(rounds="; ".join(rounds), winner=self.winner)


def cut_for_bank(cutters: Sequence[Hashable], *, rng=None,
                 rounds: Sequence[Mapping[Hashable, object]] | None = None,
                 pack: Sequence[Card] | None = None) -> CutForBank:
    """Decide the bank by high cut among ``cutters``.

    Args:
        cutters: the people cutting, distinct, at least 2 (one cutter simply wins).
        rng: a random source; each round deals each remaining cutter a
            different card from a freshly shuffled 52-card pack.
        rounds: explicit cut cards instead: a list of rounds, each a mapping
            cutter -> card (name or :class:`Card`). Round 1 holds every
            cutter; each later round exactly those tied for the highest rank
            in the round before. Cards within a round must differ.
        pack: the cards cut from (default the 52-card pack of Banker and
            Broker; Hoggenheimer cuts its 32-card pack). Explicit cut cards
            must belong to it.

    Returns:
        A :class:`CutForBank`.

    Raises:
        ConfigError: no cutter, duplicate cutters, or ``cutters`` not a
            sequence of hashable names.
        CardError: a malformed card name, or the Joker (not in the 52-card pack).
        DeckError: a card repeated within a round.
        RuleError: a round with the wrong cutters, a tie with no further
            round given, rounds left over after a winner, ``rounds`` not a
            list of mappings, or neither/both of ``rng`` and ``rounds``.
        SeedError: an ``rng`` of the wrong type or a negative seed.
    """
    cutters = _names(cutters, "cutters")
    cut_pack = list(full_pack() if pack is None else pack)
    if not cutters or len(set(cutters)) != len(cutters):
        raise ConfigError(f"cutters must be one or more distinct people; got {short_repr(list(cutters))}")
    if (rng is None) == (rounds is None):
        raise RuleError("give exactly one of rng (to draw the cut cards) or rounds (explicit cut cards)")
    if len(cutters) == 1:
        return CutForBank(cutters, (), cutters[0])
    done: list[CutRound] = []
    remaining = cutters
    if rounds is not None:
        bad = isinstance(rounds, (str, Mapping))
        if not bad:
            try:
                rounds = list(rounds)
            except TypeError:
                bad = True
        if bad:
            raise RuleError("rounds must be a list of cut rounds, each a mapping cutter -> card, e.g. "
                            f"[{{'Ann': 'KD', 'Bob': '5C'}}]; got {short_repr(rounds)}")
        for i, r in enumerate(rounds):
            if not isinstance(r, Mapping):
                raise RuleError(f"cut round {i + 1} must be a mapping cutter -> card such as "
                                f"{{'Ann': 'KD', 'Bob': '5C'}}; got {short_repr(r)}")
            if not remaining or len(remaining) == 1:
                raise RuleError(f"cut round {i + 1} is not needed: {short_repr(remaining[0])} already cut highest")
            if set(r) != set(remaining) or len(r) != len(remaining):
                raise RuleError(f"cut round {i + 1} must give a card for exactly "
                                f"{', '.join(map(str, remaining))}; got {', '.join(map(str, r))}")
            cards = tuple((p, parse_card(r[p])) for p in remaining)
            jokers = [str(p) for p, c in cards if c.is_joker]
            if jokers:
                raise CardError(f"cut round {i + 1}: the Joker is not a card of the {len(cut_pack)}-card pack "
                                f"cut for the bank (cut by {', '.join(jokers)}); give a card such as 'KD'")
            outside = [f"{p} {c.name}" for p, c in cards if c not in cut_pack]
            if outside:
                raise CardError(f"cut round {i + 1}: not in the {len(cut_pack)}-card pack cut for the bank: "
                                f"{', '.join(outside)}")
            seen = [c for _, c in cards]
            if len(set(seen)) != len(seen):
                raise DeckError(f"cut round {i + 1}: two cutters cannot show the same card "
                                f"({', '.join(c.name for c in seen)})")
            done.append(CutRound(cards))
            top = max(c.rank for _, c in cards)
            remaining = tuple(p for p, c in cards if c.rank == top)
        if len(remaining) > 1:
            raise RuleError(f"the cut is tied between {', '.join(map(str, remaining))}: give another "
                            "round of cut cards for them")
        return CutForBank(cutters, tuple(done), remaining[0])
    rng = random_source(rng)
    while len(remaining) > 1:
        pack = shuffled(cut_pack, rng)
        cards = tuple(zip(remaining, pack))
        done.append(CutRound(cards))
        top = max(c.rank for _, c in cards)
        remaining = tuple(p for p, c in cards if c.rank == top)
    return CutForBank(cutters, tuple(done), remaining[0])


