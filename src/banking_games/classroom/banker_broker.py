"""Banker and Broker in the classroom: the lesson's rule options, a group's
session dealt with the engine, the exact values the class compares with,
what a group code and the class board may hold, and the plan of a repeat.

The names every game's classroom module has are listed in
:mod:`banking_games.classroom.hoggenheimer`; this game's own are
:data:`CONFIG`, :func:`options`, :func:`exact` and :func:`net_variance`.
No rule is restated here: who wins is read from the engine
(:func:`banking_games.games.banker_broker.compare` and the deal's settlement).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Mapping, Sequence

from ..errors import BoardError, Phrase
from ..i18n import N_, _
from ..exact import banker_broker as exact_bb
from ..games import banker_broker as bb
from .bet_numbers import numbered_bet_index, numbered_bet_spec
from .repeat_plan import _Plan, _RepeatedBet
from .teaching import GroupCounts, MeanNet, check_group, net_band

DEFAULT_PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
"""The players at the live table as it starts (the banker first), whom a lesson's group leaves as they are."""

CONFIG = bb.BankerBrokerConfig()
"""The rule options of the lesson: the live table's defaults, which the groups leave as they are."""

EVENTS = ("win", "tie", "lose")
"""The events a group counts, section by section, in group-code order."""
NET_NAMES = ("net",)
"""The nets a group's counts hold: the punters' total."""
LESSON_BETS = ("each punter's own section",)
"""The bets of a lesson's group, as a group code names them (not written in the code)."""
TALLY_EVENTS = ()
"""Events whose "successes" are a tally that may exceed the trials: none."""
BOARD_NAMES = {"win": N_("W: higher than the banker's card"), "tie": N_("T: same rank"), "lose": N_("L: lower")}
"""The class board's pooled table: event -> label (as on the lesson page)."""
CARD_FIELDS = (("deals", N_("Deals")), ("win", N_("W sections")), ("tie", N_("T sections")), ("lose", N_("L sections")))
"""The board's form for a group dealt with real cards: (field, label)."""
FUNNEL_EVENT = "tie"
"""The event the board's funnel plot shows first."""
SEVERAL_PER_DEAL = True
"""Every punter's section is counted against one banker's card: the board's bands allow for the covariance."""
EXERCISE_PLAYERS = DEFAULT_PLAYERS
"""The players of the table an exercise sets up (as the exercises' text names them): the table as it starts."""

_BET_PREFIX = "section "
_TITLE = "Banker and Broker"

_WORDS = {
    bb.BottomCard.DISCARD: N_("the banker puts the pack's bottom card aside, face down, before cutting"),
    bb.BottomCard.UNUSED_SECTION: N_("a last packet at the bottom of the pack stays out of play"),
    bb.BetTiming.BEFORE_CUT: N_("stakes go down before the banker cuts"),
    bb.BetTiming.AFTER_CUT: N_("the banker cuts first, then the stakes go down"),
    bb.Sectioning.ONE_EACH: N_("one section for each punter, who backs only their own, and one for the banker"),
    bb.Sectioning.THREE: N_("three sections, the banker's and two that any punter may back"),
    bb.Sectioning.ANY: N_("as many sections as the banker likes"),
    bb.TieRule.BANK_WINS: N_("a tie (equal ranks) loses the stake to the bank"),
    bb.TieRule.STAKE_RETURNED: N_("a tie (equal ranks) hands the stake back"),
    bb.BankChange.ROTATE_LEFT: N_("the bank moves to the next player on the left"),
    bb.BankChange.CUT_FOR_BANK: N_("everyone cuts and the highest card takes the bank"),
    bb.BankChange.ACE_PASSES: N_("the bank passes to a punter whose section shows an ace"),
}


def options(config: bb.BankerBrokerConfig = CONFIG) -> list[tuple[str, str]]:
    """The five options of ``config`` (the lesson's by default) as
    ``(option, words)`` for the lesson page and the handout, e.g.
    ``("4. Ties", "a tie (equal ranks) loses the stake to the bank")``."""
    every = ("" if config.deals_per_bank == 1 else f" every {config.deals_per_bank} deals")
    return [(N_("1. Bottom card"), _WORDS[config.bottom_card]),
            (N_("2. When stakes go down"), _WORDS[config.bet_timing]),
            (N_("3. Sections"), _WORDS[config.sectioning]),
            (N_("4. Ties"), _WORDS[config.tie_rule]),
            (N_("5. Change of banker"), _WORDS[config.bank_change] + (every or " after every deal"))]


# the fifth option as the lesson's rules give it (options() joins the bank's move and when)
_LESSON_BANK = N_("the bank moves to the next player on the left after every deal")


def options_in_language(config: bb.BankerBrokerConfig = CONFIG) -> list[tuple[str, str]]:
    """:func:`options` as the lesson page shows them, in the language in use
    (:mod:`banking_games.i18n`; the handouts translate :func:`options` through
    their own catalogue, with the same words). An option's text the package's
    catalogue does not hold (a rule set other than the lesson's) stays English."""
    return [(_(option), _(words)) for option, words in options(config)]


def group(seed: int, deals: int, players: Sequence = DEFAULT_PLAYERS) -> GroupCounts:
    """Deal a group's session as the live table does with its default rules
    (one section per punter, bank wins ties, cut at random) and count, over
    every punter's section, the sections that beat (``"win"``), equal
    (``"tie"``) or lose to the banker's card.

    Each deal has ``len(players) - 1`` punter sections, all compared with
    the same banker's card.

    Raises:
        ConfigError: bad ``deals`` or seed.
    """
    players = check_group(seed, deals, players)
    session = bb.BankerBrokerSession.by_high_cut(CONFIG, list(players), rng=bb.first_banker_rng(seed))
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


def exact() -> dict[str, Fraction]:
    """Exact chances for one section under the default rules, the house edge
    of a section bet (``"edge"``), and the covariance of two sections' tie
    indicators in the same deal (``"tie_cov"``; likewise ``"win_cov"``,
    ``"lose_cov"``), from :mod:`banking_games.exact.banker_broker`."""
    joint = exact_bb.joint_distribution()
    p_tie = exact_bb.tie_probability()
    out = {"win": exact_bb.win_probability(), "tie": p_tie,
           "lose": 1 - exact_bb.win_probability() - p_tie,
           "edge": exact_bb.section_bet_value(tie_share=1).house_edge}
    for key in ("win", "tie", "lose"):
        both = sum(p for (a, b), p in joint.items() if a == b == key)
        out[f"{key}_cov"] = both - out[key] * out[key]
    return out


def chances() -> dict[str, Fraction]:
    """Event -> exact chance for the class board (:func:`exact`, whose
    ``"<event>_cov"`` entries give the bands' covariances)."""
    return exact()


def net_variance(sections: int) -> Fraction:
    """Exact variance of the punters' total net in one deal with one unit
    on each of ``sections`` sections against one banker's card, the bank
    winning ties: a section's net is 2 W - 1 (W = 1 for a win), so the
    variance is 4 (k p (1-p) + k (k-1) c) with p = P(win), c the covariance
    of two sections' wins.

    Raises:
        ConfigError: ``sections`` is not a number of punters' sections the lesson's rules allow.
    """
    # the engine's own check: a whole number of punters' sections that option 3(a) allows
    bb.section_count(CONFIG, sections)
    e = exact()
    k = sections
    return 4 * (k * e["win"] * (1 - e["win"]) + k * (k - 1) * e["win_cov"])


def mean_net(total: Mapping, groups) -> MeanNet | None:
    """The class's mean net per unit staked on the punters' sections (the
    bank taking ties), from the pooled counts ``total``; its band needs every
    group to have had the same sections a deal (else ``se``, ``lo``, ``hi``
    are ``None``). ``None`` when nothing was staked."""
    n = total["win"].trials if "win" in total else 0
    if not n:
        return None
    net = 2 * total["win"].successes - n   # the bank wins ties: W - (T + L), T + L = n - W (a repeat counts W only)
    expected = -exact()["edge"]
    per_deal = {g.counts["win"].trials // g.deals for g in groups if g.deals}
    se = lo = hi = None
    if len(per_deal) == 1:
        (k,) = per_deal
        se, lo, hi = net_band(expected, net_variance(k), k, n // k)
    return MeanNet(Fraction(net, n), expected, n, se, lo, hi)


# ------------------------------------------------------------------ group codes

def bet_index(spec: str) -> int:
    """A repeat's bet in a code: ``"section N"`` -> N.

    Raises:
        GroupCodeError: not ``"section"`` and a number from 1 to 60.
    """
    return numbered_bet_index(_TITLE, _BET_PREFIX, spec)


def bet_spec(index: int) -> str:
    """``"section N"`` for N = ``index`` (the inverse of :func:`bet_index`).

    Raises:
        GroupCodeError: ``index`` not a whole number from 1 to 60.
    """
    return numbered_bet_spec(_TITLE, _BET_PREFIX, index)


def code_impossible(counts: Mapping[str, tuple[int, int]], deals: int) -> str:
    """Why a lesson or real-cards code's counts cannot come from ``deals``
    deals (words: a :class:`~banking_games.errors.Phrase`, English as a ``str``, shown
    in the language in use), or ``""``: each counted over a positive multiple of the
    deals, and win + tie + lose = the sections counted."""
    for name, (s, t) in counts.items():
        if t == 0 or t % deals:
            return Phrase(N_("{name} counted over {trials} sections, not a positive multiple of {deals} deals"),
                          name=repr(name), trials=Phrase.number(t), deals=Phrase.number(deals))
        if s > t:
            return Phrase(N_("{successes} sections of {trials} counted {name}"), successes=Phrase.number(s),
                          trials=Phrase.number(t), name=repr(name))
    if counts:
        trio = [counts.get(n) for n in EVENTS]
        if None in trio:
            return Phrase(N_("a Banker and Broker code counts win, tie and lose together"))
        if len({t for _, t in trio}) != 1 or sum(s for s, _ in trio) != trio[0][1]:
            return Phrase(N_("won {won} + tied {tied} + lost {lost} sections, not the {trials} sections counted"),
                          won=Phrase.number(trio[0][0]), tied=Phrase.number(trio[1][0]),
                          lost=Phrase.number(trio[2][0]), trials=Phrase.number(trio[0][1]))
    return ""


# ------------------------------------------------------------------ the class board

def check_counts(deals: int, counts: Mapping[str, tuple[int, int]]) -> None:
    """The board's check of a group's counts: win, tie and lose have the same
    trials, a whole number of sections per deal, and the three add up to them.

    Raises:
        BoardError: saying which count cannot be.
    """
    for key in BOARD_NAMES:
        if key not in counts:
            raise BoardError.of(N_("the {event} count is missing"), event=key)
    sections = {counts[k][1] for k in BOARD_NAMES}
    if len(sections) != 1:
        raise BoardError.of(N_("W, T and L must be counted over the same sections"))
    n = sections.pop()
    if n == 0 or n % deals:
        raise BoardError.of(N_("{sections} sections in {deals} deals cannot be: each deal has the same number of "
                               "punters' sections, at least 1"), sections=n, deals=deals)
    if sum(counts[k][0] for k in BOARD_NAMES) != n:
        w, t, l = (counts[k][0] for k in ("win", "tie", "lose"))
        raise BoardError.of(N_("W {w} + T {t} + L {l} = {total}, but each of the {n} sections is one of them"),
                            w=w, t=t, l=l, total=w + t + l, n=n)


def cards_counts(values: Mapping[str, int], deals: int) -> dict[str, tuple[int, int]]:
    """The counts of the board's real-cards form: W, T and L out of all the sections they count."""
    n = sum(values[k] for k in BOARD_NAMES)
    return {k: (values[k], n) for k in BOARD_NAMES}


def repeat_events() -> dict[str, str]:
    """A repeat's bet -> the lesson's event it counts: each punter's section of
    the live table as it starts (``"section 1"`` ... one per punter) -> ``"win"``.

    A repeat's code holds, per section, its wins and the deals it was placed
    in; the bank winning ties, a section that does not win is a tie or a
    loss, which the code does not tell apart. So a repeat adds to W only
    (the sections it backed, and how many beat the banker's card), and the
    board's mean net per unit, ``2 W / n - 1``, reads W alone. Several
    sections of one repeat add up under ``"win"``.
    """
    template = bb.BankerBrokerDeal(CONFIG, list(DEFAULT_PLAYERS[1:]), rng=random.Random(0),
                                   banker=DEFAULT_PLAYERS[0])
    return {bet_spec(n): "win" for n in template.player_section_numbers}


def repeat_template(bets: Sequence[str], rng: random.Random) -> bb.BankerBrokerDeal:
    """A deal of the live table as it starts (default rules and players) with
    one unit on each section of ``bets``, backed by a punter allowed to.

    Raises:
        BoardError: no punter of that deal may back one of the sections.
    """
    players = DEFAULT_PLAYERS
    deal = bb.BankerBrokerDeal(bb.BankerBrokerConfig(), list(players[1:]), rng=rng, banker=players[0])
    for spec in bets:
        section = bet_index(spec)
        punter = next((p for p in deal.punters if section in deal.allowed_sections(p)), None)
        if punter is None:
            raise BoardError.of(N_("no punter of the table as it starts may back {bet}"), bet=spec)
        deal.bet(punter, 1, section=section)
    return deal


def lesson_setting_problem(config: bb.BankerBrokerConfig) -> str:
    """Why a table with rules ``config`` is not dealt as the lesson's (words), or ``""``."""
    if config != CONFIG:
        return "the lesson's groups leave the rule options as they are"
    return ""


# ------------------------------------------------------------------ a repeat

class Plan(_Plan):
    """Banker and Broker: each deal is a :class:`~banking_games.games.banker_broker.BankerBrokerDeal`
    with the table's rules, banker and punters (and, under option 3(c), its
    number of sections), shuffled and cut at random from the repeat's random
    source; the stakes go down on the same sections, before or after the
    cut as the rules say; every section is turned and the deal settled."""

    DEAL = bb.BankerBrokerDeal
    game = "Banker and Broker"
    key = "banker-and-broker"

    def __init__(self, deal: bb.BankerBrokerDeal, **_options) -> None:
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
