"""The class activities of the lesson pages: seeded deals for groups, pooled
counts, exact values and standard-error bands.

Each lesson (``book/lesson-*.md``) gives every group of students a seed.
A group opens the game's live table, leaves the players as they are, types
its seed, starts a new session and plays a fixed number of deals, writing
down a few counts. The functions here deal the same sessions with the
engines (the same calls, in the same order, as the live tables in
:mod:`banking_games.widgets`, so a group sees exactly the deals counted
here; ``tests/test_teaching.py`` checks that against the tables), count
what the groups count, pool the counts and set them beside the exact
value from :mod:`banking_games.exact` and its standard-error band.

No rule is restated here: who wins is read from the engines
(:meth:`Bet.wins <banking_games.games.hoggenheimer.Bet.wins>`,
:func:`banking_games.games.banker_broker.compare`,
:meth:`LandsknechtDeal.result_of <banking_games.games.landsknecht.LandsknechtDeal.result_of>`).

All probabilities are :class:`fractions.Fraction`; bands are floats.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from . import registry
from .checks import names, whole_number
from .errors import ConfigError
from .exact import banker_broker as exact_bb
from .exact import hoggenheimer as exact_hog
from .exact import landsknecht as exact_lk
from .games import banker_broker as bb
from .games import hoggenheimer as hog
from .games import landsknecht as lk

__all__ = [
    "Count",
    "GroupCounts",
    "HOG_BETS",
    "LK_LATE_TURNS",
    "MAX_SEED",
    "MAX_PER_DEAL",
    "MAX_COUNT",
    "group_seeds",
    "lesson_seeds",
    "LESSON_GROUPS",
    "pool_nets",
    "band",
    "net_band",
    "MeanNet",
    "mean_net",
    "class_bands",
    "summary_rows",
    "BB_CONFIG",
    "LESSON_DEALS",
    "CARD_MM",
    "HOG_REAL_SECONDS",
    "hoggenheimer_real_deal_seconds",
    "HOG_MAT_CELL_MM",
    "banker_broker_options",
    "banker_broker_net_variance",
    "hoggenheimer_net_variance",
    "hoggenheimer_group",
    "banker_broker_group",
    "landsknecht_group",
    "pool",
]

HOG_BETS = (("A", "JH", "the jack of hearts"),
            ("B", "7S 7H", "the sevens of spades and hearts"),
            ("C", "9H 8H 9D 8D", "the square of 9s and 8s of hearts and diamonds"),
            ("D", "diamonds", "all eight diamonds"))
"""The four bets every group backs in the Hoggenheimer lesson: (letter,
engine bet spec as :func:`~banking_games.games.hoggenheimer.make_bet` reads
it, words for the page)."""

CARD_MM = (63, 88)
"""Width and height of a standard playing card, in millimetres (poker size,
about 2.5 x 3.5 inches)."""

HOG_MAT_CELL_MM = (30, 36)
"""Width and height of a cell of the Hoggenheimer layout mat on the A4
handout: a map for the stakes, smaller than a card, so the turned cards are
laid in the same grid beside it."""

LESSON_DEALS = 10
"""Deals each group plays in a lesson (the worksheets have this many rows)."""

HOG_REAL_SECONDS = {"shuffle": 25, "per_card": 2, "record": 20}
"""OUR ESTIMATE, not measured in a class, of the time a German deal with
real cards takes: seconds to shuffle, to turn and lay each card, and to
record the deal."""


def hoggenheimer_real_deal_seconds() -> Fraction:
    """Estimated seconds per real-card German deal (:data:`HOG_REAL_SECONDS`):
    shuffle + per_card x (expected cards turned, the Joker included) + record."""
    t = HOG_REAL_SECONDS
    return t["shuffle"] + t["per_card"] * (exact_hog.expected_cards_turned() + 1) + t["record"]

LK_LATE_TURNS = 5
"""In the Landsknecht lesson a second stake goes on the first players' card
after this many turns of play, if that card and the banker's card are both
still unpaired."""


def group_seeds(first: int, groups: int) -> list[int]:
    """The seeds of ``groups`` groups: ``first``, ``first + 1``, ...

    Raises:
        ConfigError: ``groups`` is not a whole number from 1 to 40, or
            ``first`` is not a whole number from 0 to ``10**40 - 41`` (the
            seeds, as the tables' *Seed* field, have at most 40 digits).
    """
    whole_number(groups, "groups", low=1, high=40)
    whole_number(first, "the first seed", low=0, high=MAX_SEED - 40)
    return [first + g for g in range(groups)]


LESSON_GROUPS = 8
"""The groups of a lesson's answer key (a class of 24 to 32 students in threes and fours)."""


def lesson_seeds(game: str) -> list[int]:
    """The seeds the lesson of ``game`` assigns to its :data:`LESSON_GROUPS`
    groups: the registry's ``lesson_first_seed`` and the next whole numbers.

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    return group_seeds(registry.game(game).lesson_first_seed, LESSON_GROUPS)


MAX_SEED = 10 ** 40 - 1
"""The largest seed of a group (a seed has at most 40 digits, as the tables' *Seed* field)."""


def _check_deals(deals: object) -> int:
    return whole_number(deals, "deals", low=1, high=200)


def _check_group(seed: object, deals: object, players: object) -> tuple:
    """A group's arguments checked: ``deals`` from 1 to 200, ``seed`` a whole
    number from 0 to :data:`MAX_SEED` (as the live tables' seed), ``players``
    a sequence of two or more distinct names (not one string). Returns the players."""
    _check_deals(deals)
    whole_number(seed, "the seed", low=0, high=MAX_SEED)
    seats = names(players, "players")
    if len(seats) < 2 or len(set(seats)) != len(seats):
        raise ConfigError(f"a group needs two or more players with different names, got {seats!r}")
    return seats


@dataclass
class Count:
    """Successes out of trials of one event (e.g. 'bet A won')."""

    successes: int = 0
    trials: int = 0

    def __post_init__(self) -> None:
        # successes may exceed trials: the "turned" count is cards turned over deals
        whole_number(self.trials, "trials", low=0)
        whole_number(self.successes, "successes", low=0)

    def add(self, success: bool) -> None:
        self.trials += 1
        self.successes += int(bool(success))

    def __add__(self, other: "Count") -> "Count":
        return Count(self.successes + other.successes, self.trials + other.trials)

    @property
    def fraction(self) -> float:
        """successes / trials (nan when there are no trials)."""
        return self.successes / self.trials if self.trials else float("nan")


@dataclass
class GroupCounts:
    """What one group writes down: a :class:`Count` per event name, the
    seed and number of deals, and ``nets``: the total net per bet name in
    units, as the engine's settlements paid it (one unit staked per bet)."""

    seed: int
    deals: int
    counts: dict[str, Count] = field(default_factory=dict)
    nets: dict[str, Fraction] = field(default_factory=dict)

    def count(self, name: str) -> Count:
        return self.counts.setdefault(name, Count())

    def add_net(self, name: str, amount: Fraction) -> None:
        """Add a settled net (units) to the total of ``name``."""
        self.nets[name] = self.nets.get(name, Fraction(0)) + Fraction(amount)


def pool(groups: Sequence[GroupCounts]) -> dict[str, Count]:
    """Add up the groups' counts event by event."""
    total: dict[str, Count] = {}
    for g in groups:
        for name, c in g.counts.items():
            total[name] = total.get(name, Count()) + c
    return total


def pool_nets(groups: Sequence[GroupCounts]) -> dict[str, Fraction]:
    """Add up the groups' settled nets (units) bet by bet."""
    total: dict[str, Fraction] = {}
    for g in groups:
        for name, x in g.nets.items():
            total[name] = total.get(name, Fraction(0)) + x
    return total


MAX_PER_DEAL = 1000
"""The most trials one deal may hold in :func:`band` (a deal has at most 52 cards)."""

MAX_COUNT = 10 ** 15
"""The largest count :func:`summary_rows` shows (a class's counts are far smaller)."""


def band(p: Fraction, trials: int, *, covariance_per_deal: Fraction = Fraction(0),
         per_deal: int = 1, z: float = 2.0) -> tuple[float, float, float]:
    """The standard error of an observed fraction and the band p +- z SE.

    Args:
        p: the exact probability of the event (a Fraction, 0 <= p <= 1).
        trials: how many trials were pooled (> 0).
        covariance_per_deal: when ``per_deal`` > 1 trials share a deal
            (e.g. three sections against one banker's card), the covariance
            of two of their indicators; 0 for independent trials.
        per_deal: trials per deal, 1 to :data:`MAX_PER_DEAL` (``trials``
            must be a multiple of it).
        z: the band's half-width in standard errors (2 by default).

    Returns:
        (standard error, lower end, upper end) of the observed fraction.
        With k = per_deal trials per deal and D = trials / k deals, the
        variance of the fraction is (k p (1 - p) + k (k - 1) c) / (k^2 D).
        The ends are p -+ z SE cut to 0 and 1: a fraction cannot fall
        outside them, and a small group's band (10 deals, p = 1/10) would
        otherwise start below 0.

    Raises:
        ConfigError: p outside [0, 1], trials not a positive multiple of
            per_deal.
    """
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ConfigError(f"p must be a probability from 0 to 1, got {p}")
    whole_number(per_deal, "per_deal", low=1, high=MAX_PER_DEAL)
    whole_number(trials, "trials", low=1, rule=f"trials must be a positive multiple of {per_deal}")
    if trials % per_deal:
        raise ConfigError(f"trials must be a positive multiple of {per_deal}, got {trials!r}")
    k, d = per_deal, trials // per_deal
    var = (k * p * (1 - p) + k * (k - 1) * Fraction(covariance_per_deal)) / (k * k * d)
    se = math.sqrt(float(var))
    return se, max(0.0, float(p) - z * se), min(1.0, float(p) + z * se)


def net_band(mean: Fraction, var_per_deal: Fraction, stakes_per_deal: int, deals: int,
             z: float = 2.0) -> tuple[float, float, float]:
    """The standard error of a class's mean net per unit stake, and the band
    mean +- z SE.

    Every deal carries ``stakes_per_deal`` stakes of one unit; the deal's
    total net has exact variance ``var_per_deal`` (covariances between the
    stakes of one deal included). Over D = ``deals`` independent deals the
    mean net per unit stake has variance var_per_deal / (k^2 D).

    Raises:
        ConfigError: a variance below 0, or ``stakes_per_deal`` or ``deals``
            not a positive whole number.
    """
    for name, v in (("stakes_per_deal", stakes_per_deal), ("deals", deals)):
        whole_number(v, name, low=1, rule=f"{name} must be a positive whole number")
    var_per_deal = Fraction(var_per_deal)
    if var_per_deal < 0:
        raise ConfigError(f"a variance cannot be negative, got {var_per_deal}")
    se = math.sqrt(float(var_per_deal / (stakes_per_deal ** 2 * deals)))
    return se, float(mean) - z * se, float(mean) + z * se


@dataclass(frozen=True)
class MeanNet:
    """A class's mean net per unit staked on its lesson's bets, with the
    exact expected value and the ±2 SE band it is compared with.

    Attributes:
        value: the pooled net divided by the units staked (exact).
        expected: the exact expected net per unit staked.
        stakes: the units staked in all (one unit per bet and deal).
        se, lo, hi: the standard error of ``value`` and the band
            ``expected`` ± 2 SE (floats), from :func:`net_band`; ``None``
            when the groups' Banker and Broker deals had different numbers
            of sections (no one variance per deal).
    """

    value: Fraction
    expected: Fraction
    stakes: int
    se: float | None
    lo: float | None
    hi: float | None


def _hog_mean_net(total: Mapping[str, Count], groups) -> MeanNet | None:
    exact = hoggenheimer_exact()
    trials = {total[k].trials if k in total else 0 for k in exact}
    if len(trials) != 1 or 0 in trials:
        return None   # the groups did not all follow bets A to D in every deal (repeat codes of some)
    (n,) = trials
    k = len(exact)
    net = sum((m + 1) * total[l].successes - n for l, (p, m) in exact.items())   # a unit on c cards: +c or -1
    expected = sum(p * m - (1 - p) for p, m in exact.values()) / k
    se, lo, hi = net_band(expected, hoggenheimer_net_variance(), k, n)
    return MeanNet(Fraction(net, k * n), expected, k * n, se, lo, hi)


def _bb_mean_net(total: Mapping[str, Count], groups) -> MeanNet | None:
    n = total["win"].trials if "win" in total else 0
    if not n:
        return None
    net = total["win"].successes - total["tie"].successes - total["lose"].successes   # the bank wins ties
    expected = -banker_broker_exact()["edge"]
    per_deal = {g.counts["win"].trials // g.deals for g in groups if g.deals}
    se = lo = hi = None
    if len(per_deal) == 1:
        (k,) = per_deal
        se, lo, hi = net_band(expected, banker_broker_net_variance(k), k, n // k)
    return MeanNet(Fraction(net, n), expected, n, se, lo, hi)


def _lk_mean_net(total: Mapping[str, Count], groups) -> MeanNet | None:
    n = total["first"].trials if "first" in total else 0
    if not n:
        return None
    p = landsknecht_exact()["first"]
    net = 2 * total["first"].successes - n   # even money: +1 or -1 a stake
    se, lo, hi = net_band(2 * p - 1, 4 * p * (1 - p), 1, n)
    return MeanNet(Fraction(net, n), 2 * p - 1, n, se, lo, hi)


def mean_net(game: str, groups: Sequence["GroupCounts"]) -> MeanNet | None:
    """The class's mean net per unit staked on the lesson's bets, from the
    pooled counts of ``groups`` (one unit on each lesson bet in every deal:
    Hoggenheimer's A to D, paid c to 1; each punter's section in Banker and
    Broker, the bank taking ties; Landsknecht's F, even money), with its
    exact expected value and ±2 SE band (the lesson pages' variances:
    :func:`hoggenheimer_net_variance`, :func:`banker_broker_net_variance`,
    4p(1 - p) for F).

    Returns:
        A :class:`MeanNet`, or ``None`` when nothing was staked (or, in
        Hoggenheimer, the groups did not all follow the four bets).

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    slug = registry.game(game).slug
    return _MEAN_NET[slug](pool(groups), groups)


_MEAN_NET = {"hoggenheimer": _hog_mean_net, "banker-and-broker": _bb_mean_net, "landsknecht": _lk_mean_net}


def class_bands(events: dict[str, dict], deals_per_group: int,
                groups: Sequence[int] = range(4, 11), z: float = 2.0) -> list[dict]:
    """The +- z SE bands a class of ``G`` groups (each playing
    ``deals_per_group`` deals) compares its pooled counts with, for each
    ``G`` in ``groups`` (a class with some groups absent).

    Args:
        events: name -> ``{"p": exact chance, "per_deal": trials per deal
            (default 1), "cov": covariance of two trials of one deal
            (default 0)}`` for a fraction, or ``{"mean": exact mean net,
            "var": variance of one deal's total net, "per_deal": stakes per
            deal}`` for a mean net per unit stake.

    Returns:
        One dict per ``G``: ``"groups"``, ``"deals"`` (G x deals_per_group)
        and, per event, ``"<name> lo"`` and ``"<name> hi"`` (floats).
    """
    _check_deals(deals_per_group)
    rows = []
    for g in groups:
        whole_number(g, "a number of groups", low=1, rule="a number of groups must be a positive whole number")
        deals = g * deals_per_group
        row: dict = {"groups": g, "deals": deals}
        for name, e in events.items():
            k = e.get("per_deal", 1)
            if "mean" in e:
                _, lo, hi = net_band(e["mean"], e["var"], k, deals, z=z)
            else:
                _, lo, hi = band(e["p"], deals * k, per_deal=k,
                                 covariance_per_deal=e.get("cov", Fraction(0)), z=z)
            row[f"{name} lo"], row[f"{name} hi"] = lo, hi
        rows.append(row)
    return rows


def summary_rows(total: dict[str, "Count"], exact: dict[str, Fraction], names: dict[str, str], *,
                 per_deal: dict[str, int] | None = None, cov: dict[str, Fraction] | None = None,
                 z: float = 2.0) -> list[dict]:
    """The pooled table of a lesson's answer key: for each event of
    ``names`` (key -> label), the class count, its fraction, the exact
    chance and the band. An event nobody counted (e.g. no late stake was
    ever placed, so ``total`` has no such key) gets "0 of 0" and no band
    instead of failing; an event counted with no success (a class with no
    void deal) is an ordinary row with fraction 0.

    Raises:
        ConfigError: ``total``, ``exact``, ``names``, ``per_deal`` or ``cov``
            not a dict (a string of event names is not a dict), a count
            above :data:`MAX_COUNT`, or a bad ``per_deal`` (as :func:`band`).
    """
    for what, value in (("total", total), ("exact", exact), ("names", names), ("per_deal", per_deal), ("cov", cov)):
        if value is not None and not isinstance(value, Mapping):
            raise ConfigError(f"{what} must be a dict keyed by event name, got {value!r:.40}")
    per_deal, cov = per_deal or {}, cov or {}
    rows = []
    for key, label in names.items():
        c = total.get(key, Count())
        for what, n in (("successes", c.successes), ("trials", c.trials)):
            whole_number(n, f"the {what} of {key!r}", low=0, high=MAX_COUNT)
        row = {"count": label, "exact": str(exact[key]), "class": f"{c.successes} of {c.trials}"}
        if c.trials:
            k = per_deal.get(key, 1)
            _, lo, hi = band(exact[key], c.trials, per_deal=k, covariance_per_deal=cov.get(key, Fraction(0)),
                             z=z)
            row.update({"class fraction": f"{c.fraction:.3f}", "band (±2 SE)": f"{lo:.3f} to {hi:.3f}",
                        "inside?": "yes" if lo <= c.fraction <= hi else "no"})
        else:
            row.update({"class fraction": "none counted", "band (±2 SE)": "none", "inside?": "none"})
        rows.append(row)
    return rows


# ------------------------------------------------------------------ Hoggenheimer

def hoggenheimer_group(seed: int, deals: int,
                       players: Sequence = ("Anna", "Ben", "Cleo", "Dora")) -> GroupCounts:
    """Deal a group's session as the live Hoggenheimer table does (one
    ``random.Random(seed)`` for all shuffles, English procedure, the bank
    passing left) and count, for each bet of :data:`HOG_BETS`, the deals it
    wins (event names ``"A"`` ... ``"D"``), and the cards turned, the Joker
    included (event ``"turned"``: successes = cards, trials = deals). That
    is the number the live table reports after *Deal to the end* ("17
    cards turned; the last, card 17: the Joker ..."), and with real cards
    dealt the German way it is
    the Joker's position in the pack, so the worksheet asks for it.

    Raises:
        ConfigError: bad ``deals`` or seed (not a whole number).
    """
    players = _check_group(seed, deals, players)
    bets = [(letter, hog.make_bet(spec)) for letter, spec, _ in HOG_BETS]
    out = GroupCounts(seed, deals)
    rng = random.Random(seed)
    banker = players[0]
    for _ in range(deals):
        deal = hog.HoggenheimerDeal(hog.HoggenheimerConfig("english"), rng=rng, banker=banker)
        punter = next(p for p in players if p != banker)
        for _letter, bet in bets:   # one unit on each bet (no shuffle is drawn: the deck is dealt)
            deal.place_bet(punter, bet, 1)
        deal.play()
        for (letter, _bet), result in zip(bets, deal.settle().results):
            out.count(letter).add(result.net > 0)     # the engine's settlement: won, or lost the stake
            out.add_net(letter, result.net)
        turned = out.count("turned")
        turned.successes += len(deal.turned) + 1   # the ranked cards and the Joker
        turned.trials += 1
        banker = hog.next_banker(players, banker)
    return out


def hoggenheimer_exact() -> dict[str, tuple[Fraction, int]]:
    """For each bet letter: (exact chance of winning, payout odds m)."""
    out = {}
    for letter, spec, _ in HOG_BETS:
        bet = hog.make_bet(spec)
        out[letter] = (exact_hog.win_probability(len(bet.cards)), int(bet.odds))
    return out


def hoggenheimer_net_variance() -> Fraction:
    """Exact variance of one deal's total net when one unit is staked on
    each bet of :data:`HOG_BETS`.

    Each bet's net is m if it wins, -1 if not: variance (m+1)^2 p (1-p)
    with p = 1/(m+1), and Cov = (m1+1)(m2+1) (P(both win) - p1 p2), with
    P(both win) from :func:`banking_games.exact.hoggenheimer.both_win_probability`.
    """
    bets = [hog.make_bet(spec) for _, spec, _ in HOG_BETS]
    var = Fraction(0)
    for a in bets:
        for b in bets:
            pa = exact_hog.win_probability(len(a.cards))
            pb = exact_hog.win_probability(len(b.cards))
            both = exact_hog.both_win_probability(a.cards, b.cards)
            var += (a.odds + 1) * (b.odds + 1) * (both - pa * pb)
    return Fraction(var)


# ------------------------------------------------------------------ Banker and Broker

BB_CONFIG = bb.BankerBrokerConfig()
"""The rule options of the Banker and Broker lesson: the live table's
defaults, which the groups leave as they are."""

_BB_WORDS = {
    bb.BottomCard.DISCARD: "the banker puts the pack's bottom card aside, face down, before cutting",
    bb.BottomCard.UNUSED_SECTION: "a last packet at the bottom of the pack stays out of play",
    bb.BetTiming.BEFORE_CUT: "stakes go down before the banker cuts",
    bb.BetTiming.AFTER_CUT: "the banker cuts first, then the stakes go down",
    bb.Sectioning.ONE_EACH: "one section for each punter, who backs only their own, and one for the banker",
    bb.Sectioning.THREE: "three sections, the banker's and two that any punter may back",
    bb.Sectioning.ANY: "as many sections as the banker likes",
    bb.TieRule.BANK_WINS: "a tie (equal ranks) loses the stake to the bank",
    bb.TieRule.STAKE_RETURNED: "a tie (equal ranks) hands the stake back",
    bb.BankChange.ROTATE_LEFT: "the bank moves to the next player on the left",
    bb.BankChange.CUT_FOR_BANK: "everyone cuts and the highest card takes the bank",
    bb.BankChange.ACE_PASSES: "the bank passes to a punter whose section shows an ace",
}


def banker_broker_options(config: bb.BankerBrokerConfig = BB_CONFIG) -> list[tuple[str, str]]:
    """The five options of ``config`` (the lesson's by default) as
    ``(option, words)`` for the lesson page and the handout, e.g.
    ``("4. Ties", "a tie (equal ranks) loses the stake to the bank")``."""
    every = ("" if config.deals_per_bank == 1 else f" every {config.deals_per_bank} deals")
    return [("1. Bottom card", _BB_WORDS[config.bottom_card]),
            ("2. When stakes go down", _BB_WORDS[config.bet_timing]),
            ("3. Sections", _BB_WORDS[config.sectioning]),
            ("4. Ties", _BB_WORDS[config.tie_rule]),
            ("5. Change of banker", _BB_WORDS[config.bank_change] + (every or " after every deal"))]

def banker_broker_group(seed: int, deals: int,
                        players: Sequence = ("Anna", "Ben", "Cleo", "Dora")) -> GroupCounts:
    """Deal a group's session as the live Banker and Broker table does with
    its default rules (one section per punter, bank wins ties, cut at
    random) and count, over every punter's section, the sections that beat
    (``"win"``), equal (``"tie"``) or lose to the banker's card.

    Each deal has ``len(players) - 1`` punter sections, all compared with
    the same banker's card.

    Raises:
        ConfigError: bad ``deals`` or seed.
    """

    players = _check_group(seed, deals, players)
    config = BB_CONFIG
    session = bb.BankerBrokerSession.by_high_cut(config, list(players), rng=bb.first_banker_rng(seed))
    out = GroupCounts(seed, deals)
    for number in range(1, deals + 1):
        deal = session.new_deal(rng=bb.deal_rng(seed, number))
        for punter in deal.punters:   # one unit on each punter's own section, before the cut
            for section in deal.allowed_sections(punter):
                deal.bet(punter, 1, section=section)
        deal.cut(None)
        deal.play_out()
        banker_card = deal.banker_card
        for n in deal.player_section_numbers:
            sign = bb.compare(deal.sections[n - 1].bottom, banker_card)
            out.count("win").add(sign > 0)
            out.count("tie").add(sign == 0)
            out.count("lose").add(sign < 0)
        for result in deal.settle().results:   # the engine's settlement, the bank winning ties
            out.add_net("net", result.net)
        session.end_deal(rng=bb.bank_cut_rng(seed, number))
    return out


def banker_broker_exact() -> dict[str, Fraction]:
    """Exact chances for one section under the default rules, and the
    covariance of two sections' tie indicators in the same deal
    (``"tie_cov"``; likewise ``"win_cov"``, ``"lose_cov"``), from :mod:`banking_games.exact.banker_broker`."""
    joint = exact_bb.joint_distribution()
    p_tie = exact_bb.tie_probability()
    out = {"win": exact_bb.win_probability(), "tie": p_tie,
           "lose": 1 - exact_bb.win_probability() - p_tie,
           "edge": exact_bb.section_bet_value(tie_share=1).house_edge}
    for key in ("win", "tie", "lose"):
        both = sum(p for (a, b), p in joint.items() if a == b == key)
        out[f"{key}_cov"] = both - out[key] * out[key]
    return out


def banker_broker_net_variance(sections: int) -> Fraction:
    """Exact variance of the punters' total net in one deal with one unit
    on each of ``sections`` sections against one banker's card, the bank
    winning ties: a section's net is 2 W - 1 (W = 1 for a win), so the
    variance is 4 (k p (1-p) + k (k-1) c) with p = P(win), c the covariance
    of two sections' wins."""
    # the engine's own check: a whole number of punters' sections that option 3(a) allows
    bb.section_count(BB_CONFIG, sections)
    e = banker_broker_exact()
    k = sections
    return 4 * (k * e["win"] * (1 - e["win"]) + k * (k - 1) * e["win_cov"])


# ------------------------------------------------------------------ Landsknecht

def landsknecht_group(seed: int, deals: int,
                      players: Sequence = ("Anna", "Boris", "Clara")) -> GroupCounts:
    """Deal a group's session as the live Landsknecht table does and count:

    * ``"first"``: one unit on the first players' card at the start of
      each deal; successes = deals it won;
    * ``"late"``: a second unit on that same card after
      :data:`LK_LATE_TURNS` turns, placed only if the deal is still on and
      the card is still live; trials = deals in which it was placed;
    * ``"void"``: void deals redealt by the engine (successes) out of all
      deals started, void ones included (trials).

    The stakes are placed by the first player who is not the banker.

    Raises:
        ConfigError: bad ``deals`` or seed.
    """
    players = _check_group(seed, deals, players)
    session = lk.LandsknechtSession(list(players), rng=seed)
    out = GroupCounts(seed, deals)
    for _ in range(deals):
        before = len(session.void_deals)
        deal = session.start_deal()
        voids = len(session.void_deals) - before
        v = out.count("void")
        v.successes += voids
        v.trials += voids + 1
        punter = next(p for p in players if p != deal.banker)
        card = deal.players_cards[0]
        first = deal.place_bet(punter, card, 1)
        late = None
        for _turn in range(LK_LATE_TURNS):
            if deal.is_over:
                break
            deal.turn()
        if not deal.is_over and deal.is_live(card):
            late = deal.place_bet(punter, card, 1)
        deal.play_out()
        out.count("first").add(deal.result_of(first).outcome == "win")
        out.add_net("first", deal.result_of(first).net)
        if late is not None:
            out.count("late").add(deal.result_of(late).outcome == "win")
            out.add_net("late", deal.result_of(late).net)
        session.end_deal()
    return out


def landsknecht_exact() -> dict[str, Fraction]:
    """Exact chances from :mod:`banking_games.exact.landsknecht`: a bet
    wins (``"first"``, ``"late"``: the same race whenever it is placed) and
    a deal is void (``"void"``)."""
    p = exact_lk.bet_win_probability()
    return {"first": p, "late": p, "void": exact_lk.void_probability()}

