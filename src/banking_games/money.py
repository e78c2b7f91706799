"""Stakes, bet results and settlements, shared by the three games.

Amounts are exact :class:`fractions.Fraction` values in units of the bet
(a stake of 1 is one unit; a 2 to 1 win on it nets +2). Nothing here knows
any game's rules; each game module decides outcomes and payout odds.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Hashable

from .errors import StakeError

__all__ = ["to_stake", "BetResult", "Settlement", "WIN", "LOSE", "PUSH"]

WIN = "win"
"""The punter wins: paid the payout odds times the stake."""
LOSE = "lose"
"""The punter loses the stake to the banker."""
PUSH = "push"
"""The stake is returned: nobody wins (e.g. a tie under 'stake returned')."""


def to_stake(value: object) -> Fraction:
    """Check a stake and return it as an exact :class:`Fraction`.

    Args:
        value: a positive ``int``, ``Fraction``, ``Decimal`` or finite
            ``float`` (a float is read by its decimal repr, so ``0.1`` is 1/10),
            or a string such as ``"5"`` or ``"1/2"``; in units of the bet.

    Raises:
        StakeError: if the value is not a number, is a bool, is not finite,
            or is zero or negative.
    """
    if isinstance(value, bool) or value is None:
        raise StakeError(f"a stake must be a positive amount such as 1, 5 or 1/2, got {value!r}")
    try:
        if isinstance(value, numbers.Rational):
            amount = Fraction(value.numerator, value.denominator)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise ValueError
            amount = Fraction(repr(value))
        elif isinstance(value, (Decimal, str)):
            amount = Fraction(value.strip() if isinstance(value, str) else value)
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError, TypeError):
        raise StakeError(f"a stake must be a positive amount such as 1, 5 or 1/2, got {value!r}") from None
    if amount <= 0:
        raise StakeError(f"a stake must be positive (more than 0), got {value!r}")
    return amount


@dataclass(frozen=True)
class BetResult:
    """How one bet ended.

    Attributes:
        player: who placed the bet.
        bet: the game's description of what was backed.
        stake: the amount staked, in units.
        outcome: :data:`WIN`, :data:`LOSE` or :data:`PUSH`.
        net: the punter's net gain (stake times payout odds on a win,
            minus the stake on a loss, 0 on a push); the banker gets ``-net``.
    """

    player: Hashable
    bet: object
    stake: Fraction
    outcome: str
    net: Fraction


@dataclass(frozen=True)
class Settlement:
    """The settlement of a deal: each bet's result and everyone's net amount.

    Attributes:
        results: one :class:`BetResult` per bet, in the order bets were placed.
        player_net: each player's net gain over all their bets.
        banker_net: the banker's net gain; always ``-sum(player_net.values())``
            (chips only move between banker and players).
    """

    results: tuple[BetResult, ...]
    player_net: dict = field(default_factory=dict)
    banker_net: Fraction = Fraction(0)

    @classmethod
    def from_results(cls, results) -> "Settlement":
        """Total a sequence of :class:`BetResult` into a settlement."""
        results = tuple(results)
        player_net: dict = {}
        for r in results:
            player_net[r.player] = player_net.get(r.player, Fraction(0)) + r.net
        return cls(results, player_net, -sum(player_net.values(), Fraction(0)))
