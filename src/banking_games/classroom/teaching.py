"""The game-independent arithmetic of the lesson pages' class activities:
counts, pooling, standard-error bands and the groups' seeds.

Each lesson (``book/lesson-*.md``) gives every group of students a seed.
A group opens the game's live table, leaves the players as they are, types
its seed, starts a new session and plays a fixed number of deals, writing
down a few counts. Each game's own pieces (its group's session dealt with
the engine, the exact values it is compared with, its bets and event names)
are in its module of this package, ``banking_games.classroom.<package>``,
found through :func:`banking_games.registry.game` (``.module("classroom")``).
This module pools what the groups count and sets it beside an exact value
and its standard-error band, whatever the game.

All probabilities are :class:`fractions.Fraction`; bands are floats.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from .. import registry
from ..checks import names, whole_number
from ..errors import ConfigError
from ..i18n import _, localize_number, pgettext

__all__ = [
    "Count",
    "GroupCounts",
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
    "summary_table",
    "band_text",
    "event_label",
    "heading",
    "cell_text",
    "LESSON_DEALS",
    "CARD_MM",
    "check_group",
    "pool",
]

CARD_MM = (63, 88)
"""Width and height of a standard playing card, in millimetres (poker size,
about 2.5 x 3.5 inches)."""

LESSON_DEALS = 10
"""Deals each group plays in a lesson (the worksheets have this many rows)."""

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


def check_group(seed: object, deals: object, players: object) -> tuple:
    """A group's arguments checked (each game's ``group`` calls it first): ``deals`` from 1 to 200, ``seed`` a whole
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
            when the groups' deals held different numbers of stakes (no
            one variance per deal).
    """

    value: Fraction
    expected: Fraction
    stakes: int
    se: float | None
    lo: float | None
    hi: float | None


def mean_net(game: str, groups: Sequence["GroupCounts"]) -> MeanNet | None:
    """The class's mean net per unit staked on the lesson's bets, from the
    pooled counts of ``groups`` (one unit on each lesson bet in every deal),
    with its exact expected value and ±2 SE band: the game's classroom
    module's ``mean_net`` (its bets, payouts and variance per deal).

    Returns:
        A :class:`MeanNet`, or ``None`` when nothing was staked (or the
        groups did not all follow the lesson's bets).

    Raises:
        UnknownGameError: ``game`` is not a game of the book.
    """
    return registry.game(game).module("classroom").mean_net(pool(groups), groups)


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
                _se, lo, hi = net_band(e["mean"], e["var"], k, deals, z=z)
            else:
                _se, lo, hi = band(e["p"], deals * k, per_deal=k,
                                 covariance_per_deal=e.get("cov", Fraction(0)), z=z)
            row[f"{name} lo"], row[f"{name} hi"] = lo, hi
        rows.append(row)
    return rows


def summary_rows(total: dict[str, "Count"], exact: dict[str, Fraction], names: dict[str, str], *,
                 per_deal: dict[str, int] | None = None, cov: dict[str, Fraction] | None = None,
                 z: float = 2.0) -> list[dict]:
    """The pooled table of a lesson's answer key: for each event of
    ``names`` (key -> label), the class count, its fraction, the exact
    chance and the band, keyed by the English headings ``count``, ``exact``,
    ``class``, ``class fraction``, ``band (±2 SE)`` and ``inside?`` (whose
    value stays ``"yes"``, ``"no"`` or ``"none"``, for code to test); the
    numbers and the words inside the cells are written in the language in
    use (:mod:`banking_games.i18n`), and :func:`summary_table` gives the rows
    a reader sees, headings and yes/no translated. An event nobody counted (e.g. no late stake was
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
        row = {"count": label, "exact": str(exact[key]),
               "class": _("{successes} of {trials}").format(successes=c.successes, trials=c.trials)}
        if c.trials:
            k = per_deal.get(key, 1)
            _se, lo, hi = band(exact[key], c.trials, per_deal=k, covariance_per_deal=cov.get(key, Fraction(0)),
                               z=z)
            row.update({"class fraction": localize_number(f"{c.fraction:.3f}"), "band (±2 SE)": band_text(lo, hi),
                        "inside?": "yes" if lo <= c.fraction <= hi else "no"})
        else:
            row.update({"class fraction": "none counted", "band (±2 SE)": "none", "inside?": "none"})
        rows.append(row)
    return rows


def event_label(label: str) -> str:
    """The label of a counted event (a value of a lesson's ``BOARD_NAMES``, as
    the lesson page and the class board show it) in the language in use: the
    whole label when the package's catalogue has it (``"T: same rank"``), else
    its words after a letter and a colon (``"A: the jack of hearts"``), else
    the label with its one number as ``{n}`` (``"L: stake after 5 turns"``
    from ``"L: stake after {n} turns"``); unchanged when none is translated."""
    label = str(label)
    words = _(label)
    if words != label:
        return words
    m = re.fullmatch(r"([A-Z]): (.+)", label)
    if m and _(m.group(2)) != m.group(2):
        return f"{m.group(1)}: {_(m.group(2))}"
    m = re.fullmatch(r"([A-Z]) (.+)", label)
    template = "{letter} " + m.group(2) if m else ""
    if m and _(template) != template:          # "A won" from "{letter} won"
        return _(template).format(letter=m.group(1))
    numbers = re.findall(r"\d+", label)
    if len(numbers) == 1:
        template = re.sub(r"\d+", "{n}", label)
        if _(template) != template:
            return _(template).format(n=numbers[0])
    return label


def band_text(lo: float, hi: float, *, signed: bool = False) -> str:
    """A band as a reader sees it, three decimals, in the language in use:
    ``"0.388 to 0.612"`` (German ``"0,388 bis 0,612"``); ``signed`` writes
    the sign of each end (``"-0.224 to +0.224"``)."""
    fmt = "{:+.3f}" if signed else "{:.3f}"
    return _("{low} to {high}").format(low=localize_number(fmt.format(lo)), high=localize_number(fmt.format(hi)))


def heading(name: str) -> str:
    """A heading of the pooled table (a key of :func:`summary_rows`' rows) in
    the language in use: ``heading("inside?")`` is German ``"innerhalb?"``.
    A name that is not one of :data:`HEADINGS` comes back unchanged."""
    words = {"count": pgettext("pooled table", "count"), "exact": pgettext("pooled table", "exact"),
             "class": pgettext("pooled table", "class"),
             "class fraction": pgettext("pooled table", "class fraction"),
             "class prediction": pgettext("pooled table", "class prediction"),
             "band (±2 SE)": pgettext("pooled table", "band (±2 SE)"),
             "inside?": pgettext("pooled table", "inside?")}
    return words.get(name, name)


def cell_text(text: object) -> str:
    """A pooled table's cell as a reader sees it: ``"yes"``, ``"no"``,
    ``"none"`` and ``"none counted"`` (the words :func:`summary_rows` and the
    class board keep in English) in the language in use; anything else
    unchanged, as ``str``."""
    words = {"yes": pgettext("pooled table", "yes"), "no": pgettext("pooled table", "no"),
             "none": pgettext("pooled table", "none"), "none counted": pgettext("pooled table", "none counted")}
    return words.get(text, str(text)) if isinstance(text, str) else str(text)


def summary_table(pooled):
    """The pooled table as a reader sees it: a pandas DataFrame (made from
    ``pooled``, :func:`summary_rows`' list of rows or a DataFrame of them,
    indexed or not) with its headings (:func:`heading`) and its yes/no words
    (:func:`cell_text`) in the language in use; in English the same table.

    Raises:
        ConfigError: ``pooled`` is neither a list of dicts nor a DataFrame.
    """
    import pandas as pd

    if isinstance(pooled, list) and all(isinstance(r, Mapping) for r in pooled):
        frame = pd.DataFrame(pooled)
    elif isinstance(pooled, pd.DataFrame):
        frame = pooled.copy()
    else:
        raise ConfigError(f"summary_table needs summary_rows' rows or a DataFrame of them, got {pooled!r:.40}")
    frame = frame.map(lambda v: cell_text(v) if isinstance(v, str) else v)
    frame.columns = [heading(c) for c in frame.columns]
    frame.index.names = [heading(n) if isinstance(n, str) else n for n in frame.index.names]
    return frame
