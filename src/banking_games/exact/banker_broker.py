"""Exact values of Banker and Broker: a bet on a section, two sections backed together.

Rules: :mod:`banking_games.games.banker_broker` (the engine; source
diagram1979 (Banker and Broker)). Nothing here restates a rule: the closed
forms below are derived on the page ``book/banker-and-broker-values.md``
and checked against the engine by the ``engine_*`` functions, which deal
constructed deck orders (or every deck order of a reduced pack) through
:class:`~banking_games.games.banker_broker.BankerBrokerDeal` and read the
results from its settlement.

Notation: a pack of ``r`` ranks in ``s`` suits (``N = r s`` cards; the
standard pack has ``r = 13, s = 4``, the 32-card pack ``r = 8, s = 4``).
A tie (the section's bottom card equal in rank to the banker's) costs the
punter a fraction ``t`` of the stake: ``t = 1`` when the bank wins ties,
``t = 0`` when the stake is returned (the two readings of the source's
Option 4), any ``t`` in between as a generalisation.

Main results:

* the bottom cards of the sections in play are a uniformly random ordered
  choice of distinct cards of the pack, whatever the section sizes and
  whether the bottom card is discarded or an unused bottom section is
  left (exchangeability of a shuffled pack);
* one unit on a section: ``P(tie) = (s-1)/(N-1)``,
  ``P(win) = P(lose) = s(r-1) / (2(N-1))``, expected value
  ``-t(s-1)/(N-1)``, fair payout ``1 + 2t(s-1)/(s(r-1))`` to 1;
* one unit on each players' section of the three-section game: the two
  results are positively correlated (they face the same banker's card).

Probabilities are :class:`fractions.Fraction`; the ``*_formula`` functions
return sympy expressions in the symbols ``r``, ``s``, ``t``.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations, product
from typing import Sequence

from ..cards import Card, Suit, random_source
from ..checks import is_whole_number, whole_number
from ..i18n import N_
from ..errors import ArgumentError, ConfigError, short_repr
from ..games import banker_broker as engine
from ..money import LOSE as LOSE_OUTCOME
from ..money import PUSH as PUSH_OUTCOME
from .core import BetValue, as_fraction, _check_enumeration, check_law

__all__ = [
    "GAME",
    "RANKS",
    "SUITS",
    "PIQUET_RANKS",
    "TIE_SHARES",
    "symbols",
    "tie_probability_formula",
    "win_probability_formula",
    "expected_value_formula",
    "variance_formula",
    "fair_odds_formula",
    "joint_formulas",
    "pair_moments_formula",
    "tie_probability",
    "win_probability",
    "section_bet_value",
    "bet_values",
    "joint_distribution",
    "both_sections_distribution",
    "both_sections_moments",
    "PairMoments",
    "rotation_cycle_expectations",
    "CycleValues",
    "bottom_positions",
    "constructed_deck",
    "engine_law",
    "engine_exhaustive",
    "law_to_results",
    "value_from_law",
    "total_from_law",
    "MonteCarlo",
    "engine_monte_carlo",
]

GAME = "Banker and Broker"
RANKS = 13
"""Ranks of the standard pack (source, equipment a: the ordinary 52-card pack)."""
SUITS = 4
PIQUET_RANKS = 8
"""Ranks of the 32-card pack (A K Q J 10 9 8 7), a reduced pack often used in
European games; not in the source, studied for comparison."""


def _tie_share(rule: "engine.TieRule") -> Fraction:
    """What the engine does with a tie under ``rule``: a lost stake costs 1, a returned one 0."""
    outcome = engine.outcome_for(Card(14, Suit.SPADES), Card(14, Suit.HEARTS), rule)  # equal ranks: a tie
    return {LOSE_OUTCOME: Fraction(1), PUSH_OUTCOME: Fraction(0)}[outcome]


TIE_SHARES = {rule: _tie_share(rule) for rule in engine.TieRule}
"""The fraction ``t`` of the stake the bank takes on a tie under each reading
of the source's Option 4 (the punter's net on a tie is ``-t``), read from the
engine's :func:`~banking_games.games.banker_broker.outcome_for`: 1 under
``TieRule.BANK_WINS``, 0 under ``TieRule.STAKE_RETURNED``."""

WIN, TIE, LOSE = "win", "tie", "lose"
RESULTS = (WIN, TIE, LOSE)


# ---------------------------------------------------------------- checks

def _check_pack(ranks, suits) -> tuple[int, int]:
    """The pack checked by the engine itself (its
    :class:`~banking_games.games.banker_broker.BankerBrokerConfig`): a pack
    the engine refuses is refused here with the engine's message."""
    engine.BankerBrokerConfig(ranks=ranks, suits=suits)
    return ranks, suits


def _check_two_sections(ranks, suits) -> tuple[int, int]:
    """The pack checked by the engine for a deal of two punters' sections and
    the banker's (option 3b, three sections): a pack too small for it (3
    cards: one is discarded or left unused) is refused with the engine's message."""
    engine.section_count(engine.BankerBrokerConfig(ranks=ranks, suits=suits, sectioning=engine.Sectioning.THREE), 2)
    return ranks, suits


def _check_t(t) -> Fraction:
    try:
        t = as_fraction(t)
    except TypeError:
        raise ConfigError(f"tie_share must be an exact number from 0 to 1 (int or Fraction); got {short_repr(t)}") from None
    if not 0 <= t <= 1:
        raise ConfigError(f"tie_share must lie from 0 to 1; got {t}")
    return t


def _net(result: str, t: Fraction) -> Fraction:
    """The punter's net per unit on a result: the engine pays even money
    (:data:`~banking_games.games.banker_broker.PAYOUT_ODDS`) and a tie costs ``t``."""
    return {WIN: engine.PAYOUT_ODDS, LOSE: Fraction(-1), TIE: -t}[result]


# ---------------------------------------------------------------- sympy formulas

@functools.lru_cache(maxsize=None)
def symbols():
    """The sympy symbols ``r, s, t, k`` (ranks, suits, tie share, a summation index)."""
    import sympy

    r, s = sympy.symbols("r s", positive=True, integer=True)
    t = sympy.Symbol("t", nonnegative=True)
    k = sympy.Symbol("k", integer=True, nonnegative=True)
    return r, s, t, k


@functools.lru_cache(maxsize=None)
def tie_probability_formula():
    """P(tie) for one section: of the ``rs - 1`` cards other than the
    banker's, ``s - 1`` share its rank."""
    r, s, _, _ = symbols()
    return (s - 1) / (r * s - 1)


@functools.lru_cache(maxsize=None)
def win_probability_formula():
    """P(win) = P(lose) by symmetry of the two distinct cards: half of the rest."""
    import sympy

    r, s, _, _ = symbols()
    return sympy.factor(sympy.simplify((1 - tie_probability_formula()) / 2))


@functools.lru_cache(maxsize=None)
def expected_value_formula():
    """Expected net per unit staked: ``P(win) - P(lose) - t P(tie)``."""
    import sympy

    _, _, t, _ = symbols()
    return sympy.simplify(-t * tie_probability_formula())


@functools.lru_cache(maxsize=None)
def variance_formula():
    """Variance of the net per unit: ``P(win) + P(lose) + t^2 P(tie) - E^2``."""
    import sympy

    _, _, t, _ = symbols()
    q = tie_probability_formula()
    return sympy.factor(sympy.simplify((1 - q) + t ** 2 * q - expected_value_formula() ** 2))


@functools.lru_cache(maxsize=None)
def fair_odds_formula():
    """The payout odds ``o`` with ``o P(win) - P(lose) - t P(tie) = 0``."""
    import sympy

    _, _, t, _ = symbols()
    p = win_probability_formula()
    return sympy.factor(sympy.simplify((p + t * tie_probability_formula()) / p))


@functools.lru_cache(maxsize=None)
def joint_formulas():
    """Joint law of the results of two players' sections (three-section game).

    Given the banker's card with ``k`` ranks above it (``k`` uniform on
    ``0 .. r-1``), the other ``rs - 1`` cards hold ``h = sk`` higher,
    ``l = s(r-1-k)`` lower and ``e = s - 1`` equal cards, and the two
    sections' bottom cards are two of them drawn without replacement.

    Returns:
        dict ``{(a, b): sympy expression}`` for ``a, b`` in ``("win", "tie", "lose")``.
    """
    import sympy

    r, s, _, k = symbols()
    n = r * s
    count = {WIN: s * k, LOSE: s * (r - 1 - k), TIE: s - 1}
    # Each count of pairs is a polynomial in k of degree at most 2: sympy sums the powers k**m over
    # k = 0 .. r-1 once (Faulhaber), and each sum is then a combination of those (much quicker than
    # summing every polynomial afresh).
    power_sums = {m: sympy.summation(k ** m, (k, 0, r - 1)) for m in range(3)}
    out = {}
    for a, b in product(RESULTS, repeat=2):
        if (b, a) in out:  # the two sections play symmetric parts
            out[(a, b)] = out[(b, a)]
            continue
        pairs = sympy.Poly(sympy.expand(count[a] * (count[b] - (1 if a == b else 0))), k)
        total = sum(coeff * power_sums[m] for (m,), coeff in pairs.terms())
        out[(a, b)] = sympy.factor(total / (r * (n - 1) * (n - 2)))
    return out


@functools.lru_cache(maxsize=None)
def pair_moments_formula():
    """Covariance and correlation of the two sections' nets, in ``r, s, t``.

    Returns:
        ``(covariance, correlation)`` as sympy expressions.
    """
    import sympy

    _, _, t, _ = symbols()
    joint = joint_formulas()
    net = {WIN: 1, LOSE: -1, TIE: -t}
    e = expected_value_formula()
    cov = sympy.factor(sympy.together(sum(net[a] * net[b] * p for (a, b), p in joint.items()) - e ** 2))
    corr = sympy.factor(sympy.cancel(cov / variance_formula()))
    return cov, corr


# ---------------------------------------------------------------- exact numbers (closed forms)

def tie_probability(ranks: int = RANKS, suits: int = SUITS) -> Fraction:
    """P(tie) = (s-1)/(rs-1) for one section."""
    ranks, suits = _check_pack(ranks, suits)
    return Fraction(suits - 1, ranks * suits - 1)


def win_probability(ranks: int = RANKS, suits: int = SUITS) -> Fraction:
    """P(win) = P(lose) = s(r-1)/(2(rs-1)) for one section."""
    ranks, suits = _check_pack(ranks, suits)
    return Fraction(suits * (ranks - 1), 2 * (ranks * suits - 1))


_SECTION = N_("a players' section")
# the words of a note with a share of the stake (the note itself is written with the fraction;
# exact.core.words_in_language finds this message for it)
_SHARE_NOTE = N_("ties: bank takes {share} of the stake")
_PACK_NOTE = N_("{n}-card pack")   # kept English in the note; exact.core.words_in_language translates it


def _tie_note(t: Fraction) -> str:
    if t == 1:
        return N_("ties: bank wins")
    if t == 0:
        return N_("ties: stake returned")
    return f"ties: bank takes {t.numerator}/{t.denominator} of the stake"


def section_bet_value(ranks: int = RANKS, suits: int = SUITS, tie_share=1) -> BetValue:
    """The value of one unit on a players' section.

    Args:
        ranks, suits: the pack (13 x 4 the standard pack, 8 x 4 the 32-card pack).
        tie_share: ``t``, the fraction of the stake the bank takes on a tie
            (1: bank wins ties; 0: stake returned).

    Returns:
        A :class:`~banking_games.exact.core.BetValue` (payout 1 to 1,
        ``tie_net = -t``).

    Raises:
        ConfigError (a ValueError): a pack outside 1-13 ranks x 1-4 suits or under 2 cards,
            ``t`` outside [0, 1] or not exact.
    """
    ranks, suits = _check_pack(ranks, suits)
    t = _check_t(tie_share)
    pack = "" if (ranks, suits) == (RANKS, SUITS) else "; " + _PACK_NOTE.format(n=ranks * suits)
    return BetValue(GAME, _SECTION, engine.PAYOUT_ODDS, win_probability(ranks, suits),
                    tie_probability(ranks, suits), -t, _tie_note(t) + pack)


def bet_values() -> list[BetValue]:
    """Every bet kind x rule option of the real game: one unit on a section
    under each tie rule (Option 4) with the standard 52-card pack. (Option
    1, 2, 3 and 5 do not change a bet's value: see the page.)"""
    return [section_bet_value(RANKS, SUITS, TIE_SHARES[rule]) for rule in engine.TieRule]


def joint_distribution(ranks: int = RANKS, suits: int = SUITS) -> dict[tuple[str, str], Fraction]:
    """Exact joint law ``{(result 1, result 2): probability}`` of two
    players' sections against one banker's card (results ``"win"``,
    ``"tie"``, ``"lose"``), from the closed form of :func:`joint_formulas`.

    Raises:
        ConfigError: a pack the engine refuses, or one too small for three
            sections (the engine's :func:`~banking_games.games.banker_broker.section_count`).
    """
    ranks, suits = _check_two_sections(ranks, suits)
    n = ranks * suits
    total = {ab: Fraction(0) for ab in product(RESULTS, repeat=2)}
    for k in range(ranks):
        count = {WIN: suits * k, LOSE: suits * (ranks - 1 - k), TIE: suits - 1}
        for a, b in total:
            total[(a, b)] += count[a] * (count[b] - (a == b))
    return {ab: Fraction(v, ranks * (n - 1) * (n - 2)) for ab, v in total.items()}


def both_sections_distribution(ranks: int = RANKS, suits: int = SUITS, tie_share=1) -> dict[Fraction, Fraction]:
    """The punter's total net ``{net: probability}`` for one unit on EACH of
    the two players' sections of the three-section game (Option 3b)."""
    t = _check_t(tie_share)
    out: dict[Fraction, Fraction] = {}
    for (a, b), p in joint_distribution(ranks, suits).items():
        if p:
            x = _net(a, t) + _net(b, t)
            out[x] = out.get(x, Fraction(0)) + p
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class PairMoments:
    """Moments of two units, one on each players' section.

    Attributes:
        mean: expected total net.
        variance_one: variance of one section's net.
        covariance: covariance of the two nets.
        correlation: ``covariance / variance_one``.
        variance_total: variance of the total (``2 var + 2 cov``).
        variance_independent: variance of two independent bets (``2 var``).
    """

    mean: Fraction
    variance_one: Fraction
    covariance: Fraction
    correlation: Fraction
    variance_total: Fraction
    variance_independent: Fraction


def both_sections_moments(ranks: int = RANKS, suits: int = SUITS, tie_share=1) -> PairMoments:
    """Mean, covariance, correlation and variances for one unit on each of two sections."""
    t = _check_t(tie_share)
    joint = joint_distribution(ranks, suits)
    mean1 = sum(_net(a, t) * p for (a, _), p in joint.items())
    var1 = sum(_net(a, t) ** 2 * p for (a, _), p in joint.items()) - mean1 ** 2
    cov = sum(_net(a, t) * _net(b, t) * p for (a, b), p in joint.items()) - mean1 ** 2
    corr = cov / var1 if var1 else Fraction(0)
    return PairMoments(2 * mean1, var1, cov, corr, 2 * var1 + 2 * cov, 2 * var1)


# ---------------------------------------------------------------- the bank passing round the table

@dataclass(frozen=True)
class CycleValues:
    """One full turn of the bank round ``n`` players (option 3a, rotation),
    every punter staking one unit on their own section each deal.

    Attributes:
        players: ``n``.
        banker_mean: the banker's expected net in one deal (``(n-1)`` edges).
        punter_mean: a punter's expected net in one deal (minus one edge).
        cycle_mean: a player's expected net over the ``n`` deals of a cycle
            (one as banker, ``n-1`` as punter): 0.
        banker_variance: variance of the banker's net in one deal (the
            punters' results are correlated through the banker's card).
        cycle_variance: variance of a player's net over a cycle.
    """

    players: int
    banker_mean: Fraction
    punter_mean: Fraction
    cycle_mean: Fraction
    banker_variance: Fraction
    cycle_variance: Fraction


def rotation_cycle_expectations(players: int, ranks: int = RANKS, suits: int = SUITS,
                                tie_share=1) -> CycleValues:
    """Expected value and variance of a player's net over one cycle of the
    rotating bank (option 5, bank passed left after each deal, option 3a).

    The banker's net in a deal is minus the sum of the ``m = n - 1``
    punters' nets; any two punters' sections have the joint law of
    :func:`joint_distribution` (exchangeability), so its variance is
    ``m var + m(m-1) cov``. The deals are independent (a fresh shuffle each).

    Raises:
        ConfigError (a ValueError): ``players`` not from 2 to 7 (the section limit of
            option 3a) or a pack too small for that many sections.
    """
    whole_number(players, "players", low=2, rule="players must be a whole number of 2 or more "
                 "(the banker included)")
    # the engine's own checks: the pack, option 3(a)'s section limit (7 sections, so 7 players)
    # and a pack large enough for one section per player
    engine.section_count(engine.BankerBrokerConfig(ranks=ranks, suits=suits), players - 1)
    m = players - 1
    one = section_bet_value(ranks, suits, tie_share)
    pair = both_sections_moments(ranks, suits, tie_share) if m > 1 else None
    cov = pair.covariance if pair else Fraction(0)
    banker_var = m * one.variance + m * (m - 1) * cov
    return CycleValues(players, -m * one.expected_value, one.expected_value,
                       -m * one.expected_value + m * one.expected_value, banker_var,
                       banker_var + m * one.variance)


# ---------------------------------------------------------------- enumeration through the engine

def _config(ranks: int, suits: int, tie_rule, sectioning, bottom_card) -> "engine.BankerBrokerConfig":
    return engine.BankerBrokerConfig(bottom_card=bottom_card, sectioning=sectioning, tie_rule=tie_rule,
                                     ranks=ranks, suits=suits)


def _sizes(n_cards: int, n_sections: int, bottom_card) -> tuple[int, ...]:
    """Default section sizes: as even as possible, the last section (the
    banker's) taking the rest; with an unused bottom section, 2 cards (or 1)
    are left unused."""
    usable = n_cards - 1
    if bottom_card is engine.BottomCard.UNUSED_SECTION:
        usable = n_cards - 2 if n_cards - 2 >= n_sections else n_cards - 1
    base = usable // n_sections
    return tuple([base] * (n_sections - 1) + [usable - base * (n_sections - 1)])


def bottom_positions(sizes: Sequence[int]) -> tuple[int, ...]:
    """The 0-based deck positions (top first) of the sections' bottom cards for
    the given section sizes (the engine cuts sections off the top in order).

    Raises:
        ArgumentError (a TypeError): ``sizes`` is not a list of whole numbers.
        ConfigError (a ValueError): a size under 1.
    """
    if isinstance(sizes, (str, bytes, dict, set, frozenset)) or not hasattr(sizes, "__iter__"):
        raise ArgumentError(f"sizes must be a list of whole numbers (section sizes, top first), "
                            f"got {short_repr(sizes)}")
    sizes = list(sizes)
    for s in sizes:
        if not is_whole_number(s):
            raise ArgumentError(f"each section size must be a whole number, got {short_repr(s)}")
        if s < 1:
            raise ConfigError(f"each section size must be at least 1 card, got {s}")
    out, at = [], 0
    for s in sizes:
        at += s
        out.append(at - 1)
    return tuple(out)


def constructed_deck(pack: Sequence[Card], placed: dict[int, Card]) -> list[Card]:
    """A deck order, top first, with the ``placed`` cards at their positions
    and every other card of ``pack`` in pack order.

    Raises:
        ConfigError: a position that is not a whole number from 0 to
            ``len(pack) - 1`` (True is not position 1).
    """
    for i in placed:
        whole_number(i, "a position", low=0, high=len(pack) - 1)
    chosen = {id(c) for c in placed.values()}
    if len(chosen) != len(placed) or not chosen <= {id(c) for c in pack}:
        chosen_cards = set(placed.values())
        rest = iter(c for c in pack if c not in chosen_cards)
    else:  # the placed cards are the pack's own objects: compare by identity (fast)
        rest = iter(c for c in pack if id(c) not in chosen)
    return [placed[i] if i in placed else next(rest) for i in range(len(pack))]


def _play(config, deck, sizes, n_sections: int) -> tuple[Fraction, ...]:
    """Deal ``deck`` through the engine, one punter staking 1 on every
    players' section (3b/3c) or on their own (3a with one punter); returns
    each bet's net, section 1 first, read from the engine's settlement."""
    if config.sectioning is engine.Sectioning.ONE_EACH:
        punters = tuple(f"P{i}" for i in range(1, n_sections))
        deal = engine.BankerBrokerDeal(config, punters, deck=deck)
        for p in punters:
            deal.bet(p, 1)
    else:
        deal = engine.BankerBrokerDeal(config, ("P",), deck=deck, n_sections=n_sections
                                       if config.sectioning is engine.Sectioning.ANY else None)
        for section in deal.player_section_numbers:
            deal.bet("P", 1, section)
    deal.cut(list(sizes))
    deal.play_out()
    return tuple(r.net for r in deal.settle().results)


def _rank_tuples(ranks: int, suits: int, k: int, pack: Sequence[Card]):
    """Representatives of ordered k-tuples of distinct cards, one per tuple of
    ranks, with the number of card tuples it stands for (suits are assigned in
    pack order to repeated ranks)."""
    by_rank: dict[int, list[Card]] = {}
    for c in pack:
        by_rank.setdefault(c.rank, []).append(c)
    for rs in product(sorted(by_rank), repeat=k):
        used: dict[int, int] = {}
        cards, weight = [], 1
        for r in rs:
            i = used.get(r, 0)
            if i >= suits:
                break
            cards.append(by_rank[r][i])
            weight *= suits - i
            used[r] = i + 1
        else:
            yield tuple(cards), weight


def _deal_setup(ranks, suits, sections, tie_rule, sectioning, bottom_card, sizes):
    """The engine config, its pack and the section sizes for an enumeration:
    the sectioning defaults to one section per player with 2 sections, the
    three-section game with 3, and 'any number' otherwise."""
    whole_number(sections, "sections", low=2, high=12,
                 rule="sections must be a whole number from 2 to 12 (the banker's included; more "
                      "cannot be enumerated)")
    if sectioning is None:
        sectioning = {2: engine.Sectioning.ONE_EACH, 3: engine.Sectioning.THREE}.get(sections,
                                                                                      engine.Sectioning.ANY)
    config = _config(ranks, suits, tie_rule, sectioning, bottom_card)  # the engine checks pack and options
    # the engine's own check of the number of sections under this Option 3 and this pack
    punters = sections - 1 if config.sectioning is engine.Sectioning.ONE_EACH else 1
    engine.section_count(config, punters, sections)
    pack = config.pack()
    if sizes is not None:
        bottom_positions(sizes)  # ArgumentError / ConfigError for a bad list of sizes
        # the engine's own cut checks the count and the total (on a pack-order deck, no bets)
        trial = engine.BankerBrokerDeal(config, tuple(f"P{i}" for i in range(1, punters + 1)), deck=pack,
                                        n_sections=sections)
        trial.cut(list(sizes))
    sizes = tuple(sizes) if sizes is not None else _sizes(len(pack), sections, bottom_card)
    return config, pack, sizes


def engine_law(ranks: int = RANKS, suits: int = SUITS, *, sections: int = 2,
               tie_rule=engine.TieRule.STAKE_RETURNED, sectioning=None,
               bottom_card=engine.BottomCard.DISCARD, sizes: Sequence[int] | None = None,
               by: str = "rank") -> dict[tuple[Fraction, ...], Fraction]:
    """The exact law of the nets of the players' sections, dealt by the engine.

    The sections in play have their bottom cards at fixed deck positions
    (:func:`bottom_positions` of ``sizes``). Every ordered choice of distinct
    cards for those positions is placed there in a constructed deck order
    (the other cards in pack order) and dealt by
    :class:`~banking_games.games.banker_broker.BankerBrokerDeal`; one unit is
    staked on each players' section and the nets are read from its settlement.

    Args:
        ranks, suits: the pack (engine configuration).
        sections: sections in play, the banker's included (2: one bet
            against the banker; 3: the three-section game).
        tie_rule: the engine's Option 4 (``STAKE_RETURNED`` shows ties as a
            net of 0, so that win, tie and lose are told apart).
        sectioning: Option 3 (default: 3a for 2 sections, 3b for 3, 3c otherwise).
        bottom_card: Option 1.
        sizes: section sizes, top first (default :func:`_sizes`).
        by: ``"rank"`` (one deal per tuple of ranks, weighted by the number of
            card tuples with those ranks: fast) or ``"card"`` (one deal per
            ordered tuple of distinct cards: every card, slower).

    Returns:
        ``{(net on section 1, net on section 2, ...): probability}``.

    Raises:
        ConfigError (a ValueError): a pack outside 1-13 ranks x 1-4 suits or
            too small for ``sections``, ``by`` not ``"rank"``/``"card"``, or
            options the engine refuses (its :class:`~banking_games.errors.ConfigError`).
        BetError: ``sizes`` that do not fit the pack (the engine's cut).
    """
    config, pack, sizes = _deal_setup(ranks, suits, sections, tie_rule, sectioning, bottom_card, sizes)
    positions = bottom_positions(sizes)
    if by == "rank":
        _check_enumeration(ranks ** sections, f"one deal per tuple of {sections} of {ranks} ranks")
    elif by == "card":
        _check_enumeration(math.perm(len(pack), sections), f"every ordered {sections} of {len(pack)} cards")
    if by == "rank":
        tuples = _rank_tuples(ranks, suits, sections, pack)
    elif by == "card":
        tuples = ((cs, 1) for cs in permutations(pack, sections))
    else:
        raise ConfigError(f"by must be 'rank' or 'card'; got {short_repr(by)}")
    counts: dict[tuple[Fraction, ...], int] = {}
    total = 0
    for cards, weight in tuples:
        deck = constructed_deck(pack, dict(zip(positions, cards)))
        key = _play(config, deck, sizes, sections)
        counts[key] = counts.get(key, 0) + weight
        total += weight
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def engine_exhaustive(ranks: int, suits: int, *, sections: int = 2,
                      tie_rule=engine.TieRule.STAKE_RETURNED, sectioning=None,
                      bottom_card=engine.BottomCard.DISCARD,
                      sizes: Sequence[int] | None = None) -> dict[tuple[Fraction, ...], Fraction]:
    """Like :func:`engine_law` but over EVERY order of a small pack (all
    ``N!`` deck orders dealt by the engine, nothing constructed): the exact
    law of the players' sections' nets. Keep ``N = ranks * suits`` to 7 or less
    (5040 deals) for speed.

    Raises:
        ConfigError: as :func:`engine_law`, or more than
            :data:`~banking_games.exact.core.ENUMERATION_LIMIT` orders (10 cards or more).
    """
    config, pack, sizes = _deal_setup(ranks, suits, sections, tie_rule, sectioning, bottom_card, sizes)
    _check_enumeration(math.factorial(len(pack)), f"every order of {len(pack)} cards")
    counts: dict[tuple[Fraction, ...], int] = {}
    total = 0
    for deck in permutations(pack):
        key = _play(config, deck, sizes, sections)
        counts[key] = counts.get(key, 0) + 1
        total += 1
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def law_to_results(law: dict[tuple[Fraction, ...], Fraction]) -> dict[tuple[str, ...], Fraction]:
    """Read an engine law dealt under ``TieRule.STAKE_RETURNED`` as results:
    net 1 a win, net -1 a loss, net 0 (stake returned) a tie."""
    check_law(law)
    word = {Fraction(1): WIN, Fraction(-1): LOSE, Fraction(0): TIE}
    for nets in law:
        if not isinstance(nets, tuple) or not all(n in word for n in nets):
            raise ConfigError(f"an engine law's outcomes are tuples of nets 1, 0 or -1 (dealt under "
                              f"TieRule.STAKE_RETURNED), got {short_repr(nets)}")
    out: dict[tuple[str, ...], Fraction] = {}
    for nets, p in law.items():
        key = tuple(word[n] for n in nets)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def value_from_law(law: dict[tuple[Fraction, ...], Fraction], tie_share=1, *, note: str = "") -> BetValue:
    """A :class:`BetValue` for section 1 from an engine law dealt under
    ``TieRule.STAKE_RETURNED`` (a tie costs ``tie_share`` of the stake)."""
    t = _check_t(tie_share)
    res = law_to_results(law)
    p = {r: sum((q for k, q in res.items() if k[0] == r), Fraction(0)) for r in RESULTS}
    return BetValue(GAME, _SECTION, engine.PAYOUT_ODDS, p[WIN], p[TIE], -t, note or _tie_note(t))


def total_from_law(law: dict[tuple[Fraction, ...], Fraction], tie_share=1) -> dict[Fraction, Fraction]:
    """The law of the total net over all sections backed, from an engine law
    dealt under ``TieRule.STAKE_RETURNED``, a tie costing ``tie_share``."""
    t = _check_t(tie_share)
    out: dict[Fraction, Fraction] = {}
    for key, p in law_to_results(law).items():
        x = sum((_net(r, t) for r in key), Fraction(0))
        out[x] = out.get(x, Fraction(0)) + p
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class MonteCarlo:
    """A seeded Monte Carlo of the engine (option 3b, one unit on each
    players' section, random shuffles and random cut sizes).

    Attributes:
        deals: number of deals.
        mean_one, se_one: mean net of section 1 and its standard error.
        mean_total, se_total: mean total net over both sections and its standard error.
        tie_rate, se_tie: share of section 1's ties (stake returned) and its standard error.
    """

    deals: int
    mean_one: float
    se_one: float
    mean_total: float
    se_total: float
    tie_rate: float
    se_tie: float


def engine_monte_carlo(deals: int, seed: int, ranks: int = RANKS, suits: int = SUITS,
                       tie_rule=engine.TieRule.BANK_WINS,
                       bottom_card=engine.BottomCard.DISCARD) -> MonteCarlo:
    """Deal ``deals`` seeded random deals of the three-section game through
    the engine (shuffle and cut points from ``random.Random(seed)``).

    Raises:
        ConfigError: ``deals`` not a whole number from 2 (a standard error
            needs two) to :data:`~banking_games.exact.core.ENUMERATION_LIMIT`.
    """
    whole_number(deals, "deals", low=2, rule="deals must be a whole number of 2 or more (a standard "
                 "error needs two)")
    _check_enumeration(deals, "this Monte Carlo run")
    rng = random_source(seed)  # SeedError for True, a negative seed or a non-seed, as the engine
    config = _config(ranks, suits, tie_rule, engine.Sectioning.THREE, bottom_card)
    ones, totals, ties = [], [], []
    for _ in range(deals):
        deal = engine.BankerBrokerDeal(config, ("P",), rng=rng)
        deal.bet("P", 1, 1)
        deal.bet("P", 1, 2)
        deal.play_out()
        nets = [r.net for r in deal.settle().results]
        ones.append(float(nets[0]))
        totals.append(float(sum(nets)))
        ties.append(1.0 if engine.compare(deal.sections[0].bottom, deal.banker_card) == 0 else 0.0)

    def mean_se(xs):
        n = len(xs)
        m = sum(xs) / n
        v = sum((x - m) ** 2 for x in xs) / (n - 1)
        return m, (v / n) ** 0.5

    (m1, s1), (mt, st), (mr, sr) = mean_se(ones), mean_se(totals), mean_se(ties)
    return MonteCarlo(deals, m1, s1, mt, st, mr, sr)
