"""Repeat: many deals with the same bets, under any of the dealing tables.

:class:`RepeatPanel` sits under a game's dealing table (Hoggenheimer,
Banker and Broker, Landsknecht). It keeps the bets placed in the table's
current deal (their punters, bets and stakes), deals a number of fresh deals
with them through the game's rules engine, and shows the tally per bet (won,
lost, tied, net), the observed frequency of a win beside the exact
probability from :mod:`banking_games.exact`, its band of two standard errors
``p +- 2 sqrt(p (1 - p) / N)``, and a running-frequency chart drawn as an
inline SVG (no matplotlib: the page's Python has no numpy, pandas or
matplotlib).

No rule lives here. Each repeated deal is built, bet on, played to the end
and settled by the engine's public API (:class:`~banking_games.games.hoggenheimer.HoggenheimerDeal`,
:class:`~banking_games.games.banker_broker.BankerBrokerDeal`,
:func:`~banking_games.games.landsknecht.new_deal`), every shuffle drawn from
one ``random.Random(seed)``: the same seed gives the same tally.

The work runs in chunks, its progress shown every :data:`PROGRESS_SECONDS`
(0.15 s: the chunk of deals takes what the page leaves of it). Where an event loop
runs (Jupyter's kernel; the website's Pyodide, whose WebLoop schedules each
step with the browser's ``setTimeout``), the *Repeat* button starts an
asyncio task that shows its progress after every chunk and awaits
``asyncio.sleep(0)``, so the page stays responsive and *Stop* works. With no
event loop (plain Python, tests) the button runs :meth:`RepeatPanel.run`,
the synchronous path, which returns the tally.

Standard library and ipywidgets only.
"""

from __future__ import annotations

import asyncio
import html
import math
import random
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Sequence

import ipywidgets as widgets

from . import plain

from .. import group_codes as G
from ..errors import ConfigError, GameError, short_repr
from ..exact import banker_broker as exact_bb
from ..exact import hoggenheimer as exact_hog
from ..exact import landsknecht as exact_lk
from ..games import banker_broker as bb
from ..games import hoggenheimer as hog
from ..games import landsknecht as lk
from ..money import LOSE, PUSH, WIN
from ..render import MUTED_COLOUR
from .common import Disclosure, MessageBar, fmt_amount, html_table, plural, typed_whole_number
from .common import parse_seed as common_parse_seed
from .group_code_view import REPEAT_HEADING, group_code_html

__all__ = ["RepeatPanel", "RepeatTally", "BetTally", "RepeatError", "repeat_plan", "parse_deals", "parse_seed",
           "MAX_DEALS", "PROGRESS_SECONDS", "MIN_CHUNK_SECONDS", "running_frequency_svg", "repeat_group_code"]

MAX_DEALS = 10_000
"""The most deals one repeat may deal (issue 20: 1 to 10,000)."""
PROGRESS_SECONDS = 0.15
"""How often a repeat under way shows its progress (the issue asks for at
least every 250 ms): a chunk of deals runs until this long after the last
progress was shown, so the time the page takes to draw it and handle clicks
in between (a few ms, more on a busy machine) is taken from the chunk."""
MIN_CHUNK_SECONDS = 0.02
"""The shortest chunk of deals, when the page took nearly all of
:data:`PROGRESS_SECONDS` to draw the last progress."""
_TRAIL_POINTS = 200
"""About how many points of each bet's running frequency the chart keeps."""
_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
            "#7f7f7f", "#bcbd22")


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


# ---------------------------------------------------------------- drawing

def _dec(x: float) -> str:
    return f"{x:.3f}"


def _exact_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} = {float(p):.3f}" if p.denominator != 1 else str(p.numerator)


def running_frequency_svg(tally: RepeatTally) -> str:
    """The running frequency of a win of each bet after 1, 2, ... deals, its
    exact chance (dashed) and its band of two standard errors (shaded), as
    an ``<svg>`` string (standard library only; scales down to a phone's
    width). Empty while nothing is dealt."""
    series = [b for b in tally.bets if b.trail]
    if not series or tally.deals < 1:
        return ""
    w, h, left, right, top, bottom = 480, 230, 44, 16, 24, 36
    n = max(b.trail[-1][0] for b in series)
    pw, ph = w - left - right, h - top - bottom
    hi = min(1.0, max(max(f for _, f in b.trail) for b in series) * 1.1 + 0.05,
             max(float(b.p_win) for b in series) * 1.6 + 0.1)
    hi = max(hi, max(float(b.p_win) for b in series) + 0.05)
    hi = min(1.0, math.ceil(hi * 10) / 10)

    def px(i: float) -> float:
        return left + pw * (i / n if n > 1 else 1.0)

    def py(y: float) -> float:
        return top + ph * (1 - min(max(y, 0.0), hi) / hi)

    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" fill="#333"'
    title = f"Running frequency of a win over {plural(tally.deals, 'deal')}"
    label = title + "; " + "; ".join(
        f"bet {b.number} ends at {_dec(float(b.frequency))}, exact {_dec(float(b.p_win))}" for b in series)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
             f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(label)}">',
             f'<rect width="{w}" height="{h}" fill="#fff"/>',
             f'<text x="{left}" y="15" {txt.format(12)} font-weight="bold">{html.escape(title)}</text>']
    for k in range(0, int(round(hi * 10)) + 1, 1 if hi <= 0.5 else 2):
        y = py(k / 10)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 4}" y="{y + 3:.1f}" text-anchor="end" {txt.format(10)}>{k / 10:.1f}</text>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" stroke="#333"/>'
                 f'<line x1="{left}" y1="{top + ph}" x2="{w - right}" y2="{top + ph}" stroke="#333"/>')
    ticks = sorted({1, n} | {round(n * f) for f in (0.25, 0.5, 0.75)} - {0})
    for i in ticks:
        anchor = "end" if i == n and n > 1 else "middle"  # the last label inside the drawing
        parts.append(f'<text x="{px(i):.1f}" y="{top + ph + 13}" text-anchor="{anchor}" {txt.format(10)}>{i:,}</text>')
    parts.append(f'<text x="{left + pw / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(10)}>deals</text>')
    parts.append(f'<text x="11" y="{top + ph / 2:.0f}" text-anchor="middle" {txt.format(10)} '
                 f'transform="rotate(-90 11 {top + ph / 2:.0f})">frequency of a win</text>')
    steps = sorted({max(1, round(n * (j / 60) ** 2)) for j in range(61)})  # dense where the band is wide
    for k, b in enumerate(series):
        colour = _PALETTE[k % len(_PALETTE)]
        p = float(b.p_win)
        # the band of 2 standard errors after i deals placed (taken as i deals: exact where every bet goes down)
        upper = [(px(i), py(p + 2 * math.sqrt(p * (1 - p) / i))) for i in steps]
        lower = [(px(i), py(p - 2 * math.sqrt(p * (1 - p) / i))) for i in reversed(steps)]
        parts.append(f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in upper + lower)}" '
                     f'fill="{colour}" fill-opacity="0.10" stroke="none"/>')
        parts.append(f'<line x1="{left}" y1="{py(p):.1f}" x2="{w - right}" y2="{py(p):.1f}" stroke="{colour}" '
                     'stroke-dasharray="5 4" stroke-width="1.2"/>')
    for k, b in enumerate(series):
        colour = _PALETTE[k % len(_PALETTE)]
        points = " ".join(f"{px(i):.1f},{py(f):.1f}" for i, f in b.trail)
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.8"/>')
    parts.append("</svg>")
    return "".join(parts)


def _legend_html(tally: RepeatTally) -> str:
    items = []
    for k, b in enumerate(x for x in tally.bets if x.trail):
        colour = _PALETTE[k % len(_PALETTE)]
        items.append(f'<span style="white-space:nowrap;margin-right:12px"><span aria-hidden="true" '
                     f'style="display:inline-block;width:14px;height:3px;background:{colour};vertical-align:middle;'
                     f'margin-right:4px"></span>bet {b.number}</span>')
    return (f'<div style="font-size:85%">{"".join(items)}<br><span style="color:{MUTED_COLOUR}">Solid: the '
            "running frequency; dashed: the exact chance; shaded: the exact chance &plusmn; 2 standard "
            "errors after that many deals.</span></div>")


def tally_html(tally: RepeatTally) -> str:
    """The tally as HTML: a table of counts and nets, a table of observed
    frequencies against the exact chances and their bands, and the chart."""
    any_missed = any(b.not_placed for b in tally.bets)
    head = ["bet", "punter", "on", "stake", "won", "lost", "tied"] + (["not placed"] if any_missed else []) + ["net"]
    rows = []
    for b in tally.bets:
        row = [b.number, b.player, b.what, fmt_amount(b.stake).lstrip("+"), f"{b.won:,}", f"{b.lost:,}", f"{b.tied:,}"]
        if any_missed:
            row.append(f"{b.not_placed:,}")
        rows.append(row + [fmt_amount(b.net)])
    how = (f"{plural(tally.deals, 'deal')} (stopped: {tally.requested:,} asked), seed {tally.seed}" if tally.stopped
           else f"{plural(tally.deals, 'deal')}, seed {tally.seed}")
    counts = html_table(head, rows, f"Tally of {how}",
                        right=(0, 3, 4, 5, 6, 7) + ((8,) if any_missed else ()))
    rows = []
    for b in tally.bets:
        if not b.placed:
            rows.append((b.number, "-", _exact_text(b.p_win), "-", "-"))
            continue
        lo, hi = b.band
        rows.append((b.number, f"{_dec(float(b.frequency))} ({b.won:,}/{b.placed:,})", _exact_text(b.p_win),
                     f"{_dec(max(lo, 0.0))} to {_dec(min(hi, 1.0))}", "yes" if b.inside else "no"))
    freq = html_table(("bet", "observed win frequency", "exact chance", "exact ± 2 SE", "inside"), rows,
                      "Frequency of a win against the exact chance", right=(0,))
    note = (f'<div style="font-size:85%;color:{MUTED_COLOUR}">SE, the standard error: &radic;(p(1&minus;p)/N) '
            "for the exact chance p over the N deals the bet went down in; about 19 repeats in 20 land inside "
            f"p &plusmn; 2 SE. {html.escape(tally.game)}: {html.escape(tally.note)}</div>")
    chart = running_frequency_svg(tally)
    # width 0, at least the box's: a wide table scrolls sideways in its own box on a phone, instead of
    # widening the whole panel (a box's own width would otherwise follow its widest table)
    scroll = '<div style="width:0;min-width:100%;overflow-x:auto">{}</div>'
    return scroll.format(counts) + scroll.format(freq) + note + (
        f'<div style="margin-top:6px">{chart}</div>{_legend_html(tally)}' if chart else "")


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


# ---------------------------------------------------------------- the panel

def _running_loop():
    """The event loop a task can be started on from a button's callback, or
    ``None`` (plain Python: the synchronous path)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":  # Pyodide: its WebLoop (the browser's event loop) always runs
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return None
        return loop if loop.is_running() else None
    return None


class _Part:
    """A widget of the :class:`RepeatPanel`'s box, made with the box when the
    panel is first opened (:meth:`RepeatPanel._build`); reading it before
    makes the box first. (Not a data descriptor: once the box is made, the
    widget is read from the panel's own ``__dict__``, at no cost.)"""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, panel: "RepeatPanel | None", owner: type | None = None):
        if panel is None:
            return self
        panel.panel(0)
        return panel.__dict__[self.name]


class RepeatPanel(Disclosure):
    """The *Repeat* panel of a dealing table (a folded section under it).

    The panel's controls and views are made when it is first opened, or
    when one of them is first read (e.g. by :meth:`run`): a table just built
    has only the panel's title button (issue 22). The *Repeat seed* field
    starts with the seed of the session in play, and follows the table's
    seed after a 'New session' as long as the reader has not typed another
    (:meth:`follow_table_seed`; it used to keep the seed the table was built
    with).

    Args:
        table: the dealing table whose current deal's bets are repeated (its
            ``deal`` attribute, read when *Repeat* is pressed, and its
            ``seed`` for the panel's first seed).

    Controls: ``deals_field`` (Text), ``seed_field`` (Text),
    ``repeat_button``, ``stop_button``; views: ``progress`` (IntProgress),
    ``status``, ``message`` (:class:`~banking_games.widgets.common.MessageBar`),
    ``results`` (the tally, see :func:`tally_html`). State: ``tally``, the
    last :class:`RepeatTally` (kept when a repeat is refused), ``task``
    (the asyncio task of a repeat under way, else ``None``).
    """

    TITLE = "Repeat: many deals with the same bets"

    deals_field = _Part()
    seed_field = _Part()
    repeat_button = _Part()
    stop_button = _Part()
    progress = _Part()
    status = _Part()
    message = _Part()
    results = _Part()
    code_view = _Part()

    def __init__(self, table: widgets.Widget, *, deals: int = 1000) -> None:
        self.table = table
        self._deals = deals
        self.tally: RepeatTally | None = None
        self.group_code: G.GroupCode | None = None
        self.task = None
        self._stop = False
        self.last_action_seconds = 0.0
        super().__init__(children=[self._build], titles=(self.TITLE,))
        self.add_class("bg-repeat-panel")

    def _table_seed(self) -> str:
        """The table's seed as the *Repeat seed* field shows it (0 if it has no whole-number seed)."""
        seed = getattr(self.table, "seed", 0)
        return str(seed if isinstance(seed, int) else 0)

    def follow_table_seed(self) -> None:
        """Called by the table after a 'New session': if the panel is made and
        its *Repeat seed* field still shows the seed it was given (the reader
        has not typed another), it shows the new session's seed, so the field
        starts with the seed of the session in play whenever the panel was
        made (at its first opening, or earlier by
        :meth:`~banking_games.widgets.common.DealingTable.make_folded_panels`)."""
        if self.built(0) is not None and self.seed_field.value == self._seed_given:
            self._seed_given = self._table_seed()
            self.seed_field.value = self._seed_given

    def _build(self) -> widgets.VBox:
        """Make the panel's controls and views (at its first opening): the box shown under its title."""
        wide = {"description_width": "initial"}
        self.deals_field = widgets.Text(value=str(self._deals), description="Deals", style=wide,
                                        placeholder=f"1 to {MAX_DEALS:,}", layout=widgets.Layout(width="150px"))
        self._seed_given = self._table_seed()
        self.seed_field = widgets.Text(value=self._seed_given, description="Repeat seed",
                                       style=wide, placeholder="a whole number", layout=widgets.Layout(width="170px"))
        self.repeat_button = plain.Button(description="Repeat", button_style="primary", icon="play",
                                            tooltip="deal that many fresh deals with the bets of this deal")
        self.stop_button = plain.Button(description="Stop", icon="stop", disabled=True,
                                          tooltip="stop the repeat under way (its tally so far is shown)")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Dealt", style=wide,
                                            layout=widgets.Layout(width="min(300px, 95%)"))
        self.status = plain.HTML("")
        self.message = MessageBar()
        self.results = plain.HTML("", layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.code_view = plain.HTML("")
        self.repeat_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        about = plain.HTML(
            f'<div style="font-size:85%;color:{MUTED_COLOUR}">Place bets in this deal on the table above, '
            f"then press Repeat: the engine deals that many fresh deals with the same punters, bets and "
            f"stakes, each shuffled from one random source started from the seed, plays each to the end and "
            f"settles it. The same seed gives the same tally. 1 to {MAX_DEALS:,} deals.</div>")
        box = plain.VBox([about,
                            plain.HBox([self.deals_field, self.seed_field, self.repeat_button, self.stop_button],
                                         layout=row),
                            plain.HBox([self.progress, self.status], layout=row),
                            self.message, self.results, self.code_view])
        box.add_class("bg-repeat")
        return box

    # ------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        """True while a repeat runs as a task."""
        return self.task is not None and not self.task.done()

    def _prepare(self, deals: object, seed: object) -> _Run:
        """Check the input and capture the bets; raise RepeatError (nothing changed) if refused."""
        if self.running:
            raise RepeatError("a repeat is running: press Stop first, or wait for it to finish")
        n, s = parse_deals(deals), parse_seed(seed)
        return _Run(repeat_plan(getattr(self.table, "deal", None)), n, s)

    def run(self, deals: object, seed: object) -> RepeatTally:
        """Deal ``deals`` deals (1 to :data:`MAX_DEALS`) with the bets of the
        table's current deal, from ``random.Random(seed)``, all at once, and
        show and return the tally. The synchronous path (no Stop): the
        button uses it when no event loop runs.

        Raises:
            RepeatError: a bad number of deals or seed, no bets in the
                table's deal, or a repeat already running (nothing changes).
        """
        job = self._prepare(deals, seed)
        self._begin(job)
        try:
            job.step()
        except GameError as exc:  # pragma: no cover - the engine refused a bet it took once: show why
            self._finish(job, error=f"the engine refused a repeated deal: {exc}")
            raise
        self._finish(job)
        return job.tally

    def start(self) -> None:
        """The *Repeat* button: read the fields, then run the repeat as an
        asyncio task (an event loop runs) or at once (:meth:`run`). Bad
        input shows a message in the panel; the last tally stays."""
        began = time.perf_counter()
        try:
            job = self._prepare(self.deals_field.value, self.seed_field.value)
        except GameError as exc:
            self.message.error(str(exc))
            return
        loop = _running_loop()
        if loop is None:
            self._begin(job)
            try:
                job.step()
            except Exception as exc:  # a bug or a refused deal: say so, keep the last tally
                self._finish(job, error=f"{type(exc).__name__}: {exc}")
                return
            self._finish(job)
            self.last_action_seconds = time.perf_counter() - began
            return
        self._begin(job)
        self.task = loop.create_task(self._run_async(job))

    async def _run_async(self, job: _Run) -> RepeatTally:
        """Deal in chunks, show the progress after each (every
        :data:`PROGRESS_SECONDS`) and yield to the event loop (``await
        asyncio.sleep(0)``), where the page draws it and handles clicks."""
        try:
            shown = time.perf_counter()
            while not job.done and not self._stop:
                now = time.perf_counter()
                job.step(deadline=max(now + MIN_CHUNK_SECONDS, shown + PROGRESS_SECONDS))
                self._show_progress(job)
                shown = time.perf_counter()
                await asyncio.sleep(0)
        except Exception as exc:
            self._finish(job, error=f"{type(exc).__name__}: {exc}")
            return job.tally
        job.tally.stopped = not job.done
        self._finish(job)
        return job.tally

    def stop(self) -> None:
        """The *Stop* button: end the repeat under way after its current
        chunk; the tally of the deals dealt so far is shown."""
        if self.running:
            self._stop = True

    # ------------------------------------------------------------ showing
    def _begin(self, job: _Run) -> None:
        self._stop = False
        self.message.clear()
        with self.progress.hold_sync():
            self.progress.max = job.tally.requested
            self.progress.value = 0
        self.status.value = f"dealing {plural(job.tally.requested, 'deal')} ({html.escape(job.plan.game)}, seed {job.tally.seed})..."
        self.repeat_button.disabled = True
        self.stop_button.disabled = False

    def _show_progress(self, job: _Run) -> None:
        t = job.tally
        self.progress.value = t.deals
        rate = f", {t.deals_per_second:,.0f} deals/s" if t.seconds > 0 else ""
        self.status.value = f"{t.deals:,} of {plural(t.requested, 'deal')}{rate}"

    def _finish(self, job: _Run, error: str | None = None) -> None:
        self.repeat_button.disabled = False
        self.stop_button.disabled = True
        self._show_progress(job)
        if error is not None:
            self.message.error(f"The repeat stopped with an error: {error}. The last tally is kept.")
            return
        t = job.tally
        self.tally = t
        self.results.value = tally_html(t)
        try:
            self.group_code = repeat_group_code(job.plan, t)
            how = f"{t.game}, repeat seed {t.seed}, {plural(t.deals, 'deal')}" + (" (stopped)" if t.stopped else "")
            self.code_view.value = group_code_html(self.group_code, how, REPEAT_HEADING)
        except GameError as exc:   # nothing dealt, or more bets than a code holds: say why, no code
            self.group_code = None
            self.code_view.value = f"<p>No group code for this repeat: {html.escape(str(exc))}</p>"
        done = (f"Stopped after {t.deals:,} of {plural(t.requested, 'deal')}" if t.stopped
                else f"{plural(t.deals, 'deal')} dealt")
        self.message.info(f"{done} in {t.seconds:.1f} s ({t.deals_per_second:,.0f} deals/s), seed {t.seed}.")
