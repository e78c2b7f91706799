"""What a repeat deals and counts, without a widget: reading the deals and seed fields, the
plan of a table's deal (its bets, dealt again through the game's engine), the tally
(:class:`BetTally`, :class:`RepeatTally`), the run in chunks and :func:`repeat_tally`.

The Repeat panel (:mod:`banking_games.widgets.repeat`) runs it. Each game's plan is the
``Plan`` class of its classroom module (``banking_games.classroom.<package>``), a subclass
of :class:`_Plan`; :func:`repeat_plan` finds it through :mod:`banking_games.registry`. No rule
lives here: each repeated deal is built, bet on, played and settled by the game's engine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable

from .. import registry
from ..checks import parse_seed as checks_parse_seed
from ..checks import typed_whole_number
from ..errors import ConfigError
from ..money import LOSE, PUSH, WIN

__all__ = ["MAX_DEALS", "RepeatError", "parse_deals", "parse_seed", "repeat_plan", "BetTally", "RepeatTally",
           "repeat_tally"]

MAX_DEALS = 10_000
"""The most deals one repeat may deal (issue 20: 1 to 10,000)."""
_TRAIL_POINTS = 200
"""About how many points of each bet's running frequency the chart keeps."""
class RepeatError(ConfigError):
    """A repeat refused: a bad number of deals or seed, no bets to repeat, a
    repeat already running. The panel shows the message; nothing changes."""


# ---------------------------------------------------------------- reading the fields

def parse_deals(text: object) -> int:
    """The number of deals typed in the panel's *Deals* field, 1 to
    :data:`MAX_DEALS`.

    Raises:
        RepeatError: not a whole number (``"abc"``, ``"2.5"``, empty), 0 or
            less, or more than :data:`MAX_DEALS` (``10**9`` would take days).
    """
    n = typed_whole_number(text, "Deals", "1000", error=RepeatError)
    if n < 1:
        raise RepeatError(f"Deals: a repeat deals at least 1 deal, got {n:,}; type a number from 1 to {MAX_DEALS:,}")
    if n > MAX_DEALS:
        big = f"{n:,}" if n < 10 ** 40 else "a number of more than 40 digits"
        raise RepeatError(f"Deals: at most {MAX_DEALS:,} deals a repeat (more would keep the page busy for "
                          f"minutes), got {big}; repeat again with another seed to deal more")
    return n


def parse_seed(text: object) -> int:
    """The seed typed in the panel's *Repeat seed* field, read as the
    tables read theirs (:func:`~banking_games.checks.parse_seed`):
    a whole number 0 or more, in digits (a negative seed is refused, as by
    the tables: Python seeds -7 like 7).

    Raises:
        RepeatError: not a whole number in digits, negative, or over 40 digits.
    """
    return checks_parse_seed(text, "Repeat seed", error=RepeatError)


# ---------------------------------------------------------------- what one repeat deals

@dataclass(frozen=True)
class _RepeatedBet:
    player: Hashable
    what: str            # the bet in words, e.g. "JH (1 to 1)"
    stake: Fraction
    p_win: Fraction      # the exact chance of a win, from banking_games.exact


class _Plan:
    """The bets of one table's deal and how to deal a fresh deal with them
    through the game's engine. ``deal(rng)`` returns, per bet in the order
    placed, ``(outcome, net)`` (outcome ``None`` if the bet could not be placed).
    Each game's classroom module has one subclass, ``Plan``, made from a deal of
    its engine's class :attr:`DEAL`."""

    DEAL: type = type(None)      # the engine's deal class whose bets the plan repeats
    game = ""                    # the game's title (registry)
    key = ""                     # the game's slug (registry), as group codes name it
    note = ""
    bets: tuple[_RepeatedBet, ...] = ()
    specs: tuple[str, ...] = ()   # each bet in the game's notation (group_codes.bet_index reads it)

    def deal(self, rng: random.Random) -> tuple:  # pragma: no cover - each game implements it
        raise NotImplementedError


def repeat_plan(deal: object, **options) -> _Plan:
    """The plan of a repeat of ``deal``'s bets: a deal of one of the book's
    games (:data:`banking_games.registry.GAMES`), with at least one bet placed.
    ``options`` go to the game's ``Plan`` (e.g. ``settle_each_deal``).

    Raises:
        RepeatError: no bet placed in ``deal``, or not a deal of the book's games.
    """
    for info in registry.GAMES:
        plan_class = info.module("classroom").Plan
        if isinstance(deal, plan_class.DEAL):
            plan: _Plan = plan_class(deal, **options)
            break
    else:   # no game's engine made this deal
        titles = [g.title for g in registry.GAMES]
        raise RepeatError(f"no repeat for a {type(deal).__name__}: a {', '.join(titles[:-1])} or {titles[-1]} "
                          "deal is needed")
    if not plan.bets:
        raise RepeatError("no bets to repeat: place at least one bet in this deal on the table above "
                          "(punter, bet, stake, 'Place bet'), then press Repeat")
    return plan


# ---------------------------------------------------------------- the tally

@dataclass
class BetTally:
    """The tally of one repeated bet.

    Attributes:
        number: the bet's number in the table's deal (1 = placed first).
        player, what, stake: who, on what (words), how much.
        p_win: the exact chance that it wins (:mod:`banking_games.exact`).
        won, lost, tied: deals it won, lost, had its stake returned in.
        not_placed: deals in which it could not go down (Landsknecht: the
            deal ended before its players' card came).
        net: the punter's total net over all the deals, in units.
        trail: ``(deals dealt, running frequency of a win)`` points for the chart.
    """

    number: int
    player: Hashable
    what: str
    stake: Fraction
    p_win: Fraction
    won: int = 0
    lost: int = 0
    tied: int = 0
    not_placed: int = 0
    net: Fraction = Fraction(0)
    trail: list = field(default_factory=list)

    @property
    def placed(self) -> int:
        """Deals in which the bet went down."""
        return self.won + self.lost + self.tied

    @property
    def frequency(self) -> Fraction | None:
        """Observed frequency of a win (``won / placed``), ``None`` before any deal."""
        return Fraction(self.won, self.placed) if self.placed else None

    @property
    def standard_error(self) -> float | None:
        """``sqrt(p (1 - p) / N)``: the standard error of the frequency over
        ``N`` = :attr:`placed` deals, with ``p`` the exact chance."""
        if not self.placed:
            return None
        p = float(self.p_win)
        return math.sqrt(p * (1 - p) / self.placed)

    @property
    def band(self) -> tuple[float, float] | None:
        """``p - 2 SE`` to ``p + 2 SE`` (about 95 % of repeats land inside)."""
        se = self.standard_error
        if se is None:
            return None
        p = float(self.p_win)
        return p - 2 * se, p + 2 * se

    @property
    def inside(self) -> bool | None:
        """Whether the observed frequency lies inside :attr:`band`."""
        band = self.band
        if band is None:
            return None
        return band[0] <= float(self.frequency) <= band[1]


@dataclass
class RepeatTally:
    """What one repeat dealt: ``deals`` of the ``requested`` (fewer when
    stopped), from ``seed``, one :class:`BetTally` per bet, and the time it took."""

    game: str
    seed: int
    requested: int
    deals: int = 0
    bets: list[BetTally] = field(default_factory=list)
    stopped: bool = False
    seconds: float = 0.0
    note: str = ""

    def counts(self) -> dict[int, tuple[int, int, int, int, Fraction]]:
        """``{bet number: (won, lost, tied, not placed, net)}``."""
        return {b.number: (b.won, b.lost, b.tied, b.not_placed, b.net) for b in self.bets}

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")


class _Run:
    """A repeat under way: deals ``requested`` deals of ``plan`` from
    ``random.Random(seed)``, a chunk at a time (:meth:`step`)."""

    def __init__(self, plan: _Plan, requested: int, seed: int) -> None:
        self.plan = plan
        self.rng = random.Random(seed)
        self.tally = RepeatTally(plan.game, seed, requested, note=plan.note,
                                 bets=[BetTally(i, b.player, b.what, b.stake, b.p_win)
                                       for i, b in enumerate(plan.bets, 1)])
        n = len(plan.bets)
        self._counts: list[dict] = [{} for _ in range(n)]
        self._won = [0] * n
        self._placed = [0] * n
        self._every = max(1, -(-requested // _TRAIL_POINTS))
        self._seconds = 0.0

    @property
    def done(self) -> bool:
        return self.tally.deals >= self.tally.requested

    def step(self, deadline: float | None = None) -> None:
        """Deal until all are dealt or (if given) ``time.perf_counter()`` passes ``deadline``."""
        start = time.perf_counter()
        tally, plan, rng = self.tally, self.plan, self.rng
        counts, won, placed, every = self._counts, self._won, self._placed, self._every
        n = tally.deals
        while n < tally.requested:
            for i, (outcome, net) in enumerate(plan.deal(rng)):
                key = (outcome, net)
                c = counts[i]
                c[key] = c.get(key, 0) + 1
                if outcome is not None:
                    placed[i] += 1
                    if outcome == WIN:
                        won[i] += 1
            n += 1
            if n % every == 0:
                self._mark(n)
            if deadline is not None and time.perf_counter() > deadline:
                break
        tally.deals = n
        self._mark(n)  # the chart ends at the deals dealt so far (the last chunk's end, or a Stop)
        self._seconds += time.perf_counter() - start
        tally.seconds = self._seconds
        self._sum()

    def _mark(self, n: int) -> None:
        """Add each bet's running frequency after ``n`` deals to its trail (once)."""
        for i, b in enumerate(self.tally.bets):
            if self._placed[i] and (not b.trail or b.trail[-1][0] != n):
                b.trail.append((n, self._won[i] / self._placed[i]))

    def _sum(self) -> None:
        for b, c in zip(self.tally.bets, self._counts):
            b.won = sum(k for (o, _), k in c.items() if o == WIN)
            b.lost = sum(k for (o, _), k in c.items() if o == LOSE)
            b.tied = sum(k for (o, _), k in c.items() if o == PUSH)
            b.not_placed = sum(k for (o, _), k in c.items() if o is None)
            b.net = sum((net * k for (o, net), k in c.items() if o is not None), Fraction(0))


def repeat_tally(deal: object, deals: object, seed: object) -> RepeatTally:
    """The tally :meth:`RepeatPanel.run` gives for the bets of ``deal``: the
    same plan, ``deals`` deals from ``random.Random(seed)``, without making any
    widget (a book page's hidden cell uses it: every widget made while a page
    runs is saved in the page).

    Raises:
        RepeatError: as :meth:`RepeatPanel.run` (bad deals or seed, no bets).
    """
    job = _Run(repeat_plan(deal), parse_deals(deals), parse_seed(seed))
    job.step()
    return job.tally
