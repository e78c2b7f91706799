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

from .errors import StakeError, short_repr
from .i18n import N_

__all__ = ["to_stake", "STAKE_MAX_DIGITS", "BetResult", "Settlement", "WIN", "LOSE", "PUSH"]

WIN = "win"
"""The punter wins: paid the payout odds times the stake."""
LOSE = "lose"
"""The punter loses the stake to the banker."""
PUSH = "push"
"""The stake is returned: nobody wins (e.g. a tie under 'stake returned')."""


STAKE_MAX_DIGITS = 1000
"""A stake is refused unless it lies between ``10**-STAKE_MAX_DIGITS`` and
``10**STAKE_MAX_DIGITS`` units: far beyond any real table, yet small enough
that exact arithmetic on it stays instant (``"1e1000000000"`` would take
minutes to expand into an integer)."""

_MAX_TEXT = 2 * STAKE_MAX_DIGITS + 10


def _range_error(value: object) -> StakeError:
    return StakeError.of(N_("a stake must lie between 10**-{digits} and 10**{digits} units, got {value}"),
                         digits=STAKE_MAX_DIGITS, value=_short(value))


def _short(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long for Python's str() conversion limit
        return f"a {type(value).__name__} of about {int(value.bit_length() * 0.30103)} digits"
    return text if len(text) <= 60 else text[:40] + f"... ({len(text)} characters)"


def _check_decimal(d: Decimal, value: object) -> Fraction:
    if not d.is_finite():
        raise StakeError.of(N_("a stake must be a finite positive amount such as 1, 5 or 1/2, got {value}"),
                              value=_short(value))
    if d.is_zero() or d.is_signed():
        raise StakeError.of(N_("a stake must be positive (more than 0), got {value}"), value=_short(value))
    if abs(d.adjusted()) > STAKE_MAX_DIGITS:
        raise _range_error(value)
    return Fraction(d)


def to_stake(value: object) -> Fraction:
    """Check a stake and return it as an exact :class:`Fraction`.

    Args:
        value: a positive ``int``, ``Fraction``, ``Decimal`` or finite
            ``float`` (a float is read by its decimal repr, so ``0.1`` is 1/10),
            or a string such as ``"5"``, ``"0.5"``, ``"1e3"`` or ``"1/2"``; in
            units of the bet. Accepted on purpose: huge or tiny but finite
            stakes, anywhere from ``10**-1000`` to ``10**1000`` units (see
            :data:`STAKE_MAX_DIGITS`), and surrounding spaces in a string.

    Returns:
        The stake as a :class:`Fraction` (the input is not modified).

    Raises:
        StakeError: if the value is not a number, is a bool, is not finite
            (``inf``, ``nan``, ``Decimal("Infinity")``), is zero or negative,
            or lies outside ``10**-1000`` to ``10**1000`` units. Checked at
            once: an absurd magnitude such as ``"1e1000000000"`` is refused
            without being expanded.
    """
    bad = StakeError.of(N_("a stake must be a positive amount such as 1, 5 or 1/2, got {value}"), value=_short(value))
    if isinstance(value, bool) or value is None:
        raise bad
    if isinstance(value, numbers.Rational):
        amount = Fraction(value.numerator, value.denominator)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise StakeError.of(N_("a stake must be a finite positive amount such as 1, 5 or 1/2, got {value}"),
                                value=short_repr(value))
        amount = Fraction(repr(value))
    elif isinstance(value, Decimal):
        amount = _check_decimal(value, value)
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > _MAX_TEXT:
            raise _range_error(value)
        if "/" in text:
            num, _, den = text.partition("/")
            num, den = num.strip(), den.strip()
            if not (num.lstrip("+-").isdigit() and den.isdigit() and num.isascii() and den.isascii()):
                raise bad
            if int(den) == 0:
                raise StakeError.of(N_("a stake must be a positive amount such as 1, 5 or 1/2, got {value} "
                                       "(division by zero)"), value=_short(value))
            amount = Fraction(int(num), int(den))
        else:
            try:
                d = Decimal(text)
            except (ArithmeticError, ValueError):
                raise bad from None
            amount = _check_decimal(d, value)
    else:
        raise bad
    if amount <= 0:
        raise StakeError.of(N_("a stake must be positive (more than 0), got {value}"), value=_short(value))
    limit = Fraction(10) ** STAKE_MAX_DIGITS
    if amount > limit or amount < 1 / limit:
        raise _range_error(value)
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
