"""Who holds the bank in Hoggenheimer: the first banker by a high cut, then the next.

Part of :mod:`banking_games.games.hoggenheimer`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Sequence

from ...checks import names
from ...cards import piquet_pack
from ...errors import ConfigError, RuleError, short_repr
from ..cut import CutForBank, cut_for_bank


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
