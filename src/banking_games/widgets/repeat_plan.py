"""What a repeat deals and counts, without a widget: reading the deals and seed fields, the
plan of each game (the bets of the table's deal, dealt again through the engine), the tally
(:class:`BetTally`, :class:`RepeatTally`), the run in chunks, the group code of a repeat and
:func:`repeat_tally`.

Part of the Repeat panel (:mod:`banking_games.widgets.repeat`). No rule lives here: each
repeated deal is built, bet on, played and settled by the game's engine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable

from .. import group_codes as G
from ..errors import ConfigError
from ..exact import banker_broker as exact_bb
from ..exact import hoggenheimer as exact_hog
from ..exact import landsknecht as exact_lk
from ..games import banker_broker as bb
from ..games import hoggenheimer as hog
from ..games import landsknecht as lk
from ..money import LOSE, PUSH, WIN
from .common import typed_whole_number
from .common import parse_seed as common_parse_seed


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
    tables read theirs (:func:`~banking_games.widgets.common.parse_seed`):
    a whole number 0 or more, in digits (a negative seed is refused, as by
    the tables: Python seeds -7 like 7).

    Raises:
        RepeatError: not a whole number in digits, negative, or over 40 digits.
    """
    return common_parse_seed(text, "Repeat seed", error=RepeatError)


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
    placed, ``(outcome, net)`` (outcome ``None`` if the bet could not be placed)."""

    game = ""
    key = ""             # the game's name in banking_games.group_codes
    note = ""
    bets: tuple[_RepeatedBet, ...] = ()
    specs: tuple[str, ...] = ()   # each bet in the game's notation (group_codes.bet_index reads it)

    def deal(self, rng: random.Random) -> tuple:  # pragma: no cover - each game implements it
        raise NotImplementedError


class _HoggenheimerPlan(_Plan):
    """Hoggenheimer: each deal is a :class:`~banking_games.games.hoggenheimer.HoggenheimerDeal`
    of the table's procedure (and pack), shuffled from the repeat's random
    source, played until the Joker shows.

    Speed: a bet's result depends only on whether it wins (the engine's
    :meth:`~banking_games.games.hoggenheimer.Bet.wins` on the cards turned,
    which :meth:`~banking_games.games.hoggenheimer.HoggenheimerDeal.result`
    reads). So each deal is played without chips, and the settlement of each
    pattern of wins met is the engine's own: the first deal that shows a
    pattern is dealt again from its deck (``deck=``) with the bets placed and
    settled, and later deals with the same pattern reuse those results. Up
    to twice as fast as placing and settling every deal; the tests check
    that the tally is that of placing and settling every deal.
    ``settle_each_deal=True`` places and settles every deal instead."""

    game = "Hoggenheimer"
    key = "hoggenheimer"

    def __init__(self, deal: hog.HoggenheimerDeal, *, settle_each_deal: bool = False) -> None:
        self.config, self.banker = deal.config, deal.banker
        self.placed = tuple((p.player, p.bet, p.stake) for p in deal.bets)
        self.bets = tuple(_RepeatedBet(p.player, f"{p.bet.label} (pays {p.bet.odds} to 1)", p.stake,
                                       exact_hog.win_probability(len(p.bet.cards))) for p in deal.bets)
        self.specs = tuple(" ".join(c.name for c in p.bet.cards) for p in deal.bets)
        self.note = (f"{deal.procedure.capitalize()} procedure; each deal is shuffled afresh, the same bets go down and the "
                     "cards are turned until the Joker shows.")
        self.settle_each_deal = settle_each_deal
        self._settled: dict[tuple, tuple] = {}

    def _settle(self, deal: hog.HoggenheimerDeal) -> tuple:
        for player, bet, stake in self.placed:
            deal.place_bet(player, bet, stake)
        deal.play()
        return tuple((r.outcome, r.net) for r in deal.settle().results)

    def deal(self, rng: random.Random) -> tuple:
        deal = hog.HoggenheimerDeal(self.config, rng=rng, banker=self.banker)
        if self.settle_each_deal:
            return self._settle(deal)
        deal.play()
        turned = deal.turned
        key = tuple(bet.wins(turned) for _, bet, _ in self.placed)
        results = self._settled.get(key)
        if results is None:  # first deal with this pattern: the engine places and settles the bets on its deck
            results = self._settled[key] = self._settle(
                hog.HoggenheimerDeal(self.config, deck=deal.deck, banker=self.banker))
        return results


class _BankerBrokerPlan(_Plan):
    """Banker and Broker: each deal is a :class:`~banking_games.games.banker_broker.BankerBrokerDeal`
    with the table's rules, banker and punters (and, under option 3(c), its
    number of sections), shuffled and cut at random from the repeat's random
    source; the stakes go down on the same sections, before or after the
    cut as the rules say; every section is turned and the deal settled."""

    game = "Banker and Broker"
    key = "banker-and-broker"

    def __init__(self, deal: bb.BankerBrokerDeal) -> None:
        config = self.config = deal.config
        self.punters, self.banker = deal.punters, deal.banker
        self.n_sections = deal.n_sections if config.sectioning is bb.Sectioning.ANY else None
        self.placed = tuple((b.player, b.section, b.stake) for b in deal.bets)
        p = exact_bb.win_probability(config.ranks, config.suits)
        self.bets = tuple(_RepeatedBet(b.player, f"section {b.section}", b.stake, p) for b in deal.bets)
        self.specs = tuple(f"section {b.section}" for b in deal.bets)
        self.note = (f"{deal.n_sections} sections, banker {deal.banker}; each deal is shuffled and cut afresh "
                     f"(ties: {config.tie_rule.value}).")

    def deal(self, rng: random.Random) -> tuple:
        deal = bb.BankerBrokerDeal(self.config, self.punters, rng=rng, banker=self.banker, n_sections=self.n_sections)
        if self.config.bet_timing is bb.BetTiming.AFTER_CUT:
            deal.cut()
        for player, section, stake in self.placed:
            deal.bet(player, stake, section=section)
        deal.play_out()
        return tuple((r.outcome, r.net) for r in deal.settle().results)


class _LandsknechtPlan(_Plan):
    """Landsknecht: each deal comes from :func:`~banking_games.games.landsknecht.new_deal`
    (void deals redealt by the engine) with the table's banker, players and
    stake limits. A bet on the k-th players' card of the table's deal goes,
    in each repeated deal, on its k-th players' card as soon as that card
    is on the table (the first before the first turn); when the deal ends
    before that card comes, the bet is not placed (counted apart)."""

    game = "Landsknecht"
    key = "landsknecht"

    def __init__(self, deal: lk.LandsknechtDeal) -> None:
        self.config, self.banker, self.players = deal.config, deal.banker, deal.players
        cards = deal.players_cards
        self.placed = tuple((b.player, cards.index(b.card), b.stake) for b in deal.bets)
        p = exact_lk.bet_win_probability(deal.config.suits)
        self.bets = tuple(_RepeatedBet(b.player, f"players' card {cards.index(b.card) + 1}"
                                       + (" (the first)" if cards.index(b.card) == 0 else ""), b.stake, p)
                          for b in deal.bets)
        self.specs = tuple(f"players' card {cards.index(b.card) + 1}" for b in deal.bets)
        self.note = ("each deal is shuffled afresh; a bet on the k-th players' card goes down as soon as that card "
                     "is on the table, and is not placed if the deal ends first.")

    def _place(self, deal: lk.LandsknechtDeal, placed: list) -> None:
        cards = deal.players_cards
        for i, (player, k, stake) in enumerate(self.placed):
            if placed[i] is None and k < len(cards):
                placed[i] = deal.place_bet(player, cards[k], stake)

    def deal(self, rng: random.Random) -> tuple:
        deal, _void = lk.new_deal(rng, config=self.config, banker=self.banker, players=self.players)
        placed: list = [None] * len(self.placed)
        self._place(deal, placed)
        while not deal.is_over:
            deal.turn()
            if not deal.is_over:
                self._place(deal, placed)
        deal.settle()  # the engine refuses if the deal were not over
        out = []
        for bet in placed:
            result = deal.result_of(bet) if bet is not None else None
            out.append((result.outcome, result.net) if result is not None else (None, Fraction(0)))
        return tuple(out)


def repeat_plan(deal: object, **options) -> _Plan:
    """The plan of a repeat of ``deal``'s bets: a deal of one of the three
    engines, with at least one bet placed.

    Raises:
        RepeatError: no bet placed in ``deal``, or not a deal of the three games.
    """
    if isinstance(deal, hog.HoggenheimerDeal):
        plan: _Plan = _HoggenheimerPlan(deal, **options)
    elif isinstance(deal, bb.BankerBrokerDeal):
        plan = _BankerBrokerPlan(deal)
    elif isinstance(deal, lk.LandsknechtDeal):
        plan = _LandsknechtPlan(deal)
    else:
        raise RepeatError(f"no repeat for a {type(deal).__name__}: a Hoggenheimer, Banker and Broker or "
                          "Landsknecht deal is needed")
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


def repeat_group_code(plan: _Plan, tally: RepeatTally) -> G.GroupCode:
    """The group code (kind ``"repeat"``) of a finished or stopped repeat:
    its seed, the deals dealt, each bet in the game's notation with (won,
    deals it went down in) and its net. A bet placed twice in the table's
    deal (two punters on one card) has one outcome per deal: it is counted
    once, with the nets of its stakes added.

    Raises:
        GroupCodeError: nothing dealt, or more bets than a code holds.
    """
    bets: list[str] = []
    counts: dict[str, tuple[int, int]] = {}
    nets: dict[str, Fraction] = {}
    for spec, b in zip(plan.specs, tally.bets):
        spec = G.canonical_bet(plan.key, spec)
        if spec in counts:
            nets[spec] += b.net
            continue
        bets.append(spec)
        counts[spec] = (b.won, b.placed)
        nets[spec] = b.net
    return G.GroupCode(plan.key, "repeat", tally.seed, tally.deals, tuple(bets), counts, nets)


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
