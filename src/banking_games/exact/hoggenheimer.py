"""Exact values of Hoggenheimer: every bet, the number of cards turned.

Rules: :mod:`banking_games.games.hoggenheimer` (the engine; sources
diagram1979 (Hoggenheimer) and dewiki-hoggenheimer). Nothing here
restates a rule: the closed forms below are derived on the page
``book/hoggenheimer-values.md`` and checked against the engine by
:func:`engine_exhaustive` (every order of a reduced pack, dealt by the
engine under either procedure).

Notation: ``n`` ranked cards on the layout plus the Joker (the real game
has ``n = 32``); a bet covers ``m`` of the ``n`` cards.

Main results (the same under the English and the German procedure):

* the cards turned before the Joker are the first ``K`` cards of a
  uniformly random order of the pack, with ``K`` uniform on ``0..n``
  (mean ``n / 2``);
* a bet on ``m`` cards wins when the Joker comes last among those
  ``m + 1`` cards: probability ``1 / (m + 1)``, so its fair odds are
  ``m`` to 1, and every payout of the game (1, 2, 4, 4, 8 to 1 for 1, 2,
  4, 4, 8 cards) is fair: expected value 0, standard deviation ``sqrt(m)``;
* two bets on card sets ``A`` and ``B`` both win with probability
  ``1 / (|A u B| + 1)`` (used for a punter backing several bets).

All probabilities are :class:`fractions.Fraction`; the ``*_formula``
functions return sympy expressions in the symbols ``n``, ``m``, ``k``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import comb, factorial
from typing import Iterable, Sequence

from ..checks import whole_number
from ..money import to_stake
from ..i18n import N_
from ..errors import ArgumentError, BetError, ConfigError, short_repr
from ..games import hoggenheimer as engine
from .core import BetValue, as_fraction

__all__ = [
    "GAME",
    "N_CARDS",
    "BET_NAMES",
    "symbols",
    "orderings_win_count_formula",
    "win_probability_formula",
    "fair_odds_formula",
    "expected_value_formula",
    "variance_formula",
    "cards_turned_formula",
    "cards_turned_mean_formula",
    "win_probability",
    "both_win_probability",
    "bet_value",
    "bet_values",
    "cards_turned_distribution",
    "expected_cards_turned",
    "EnumerationResult",
    "engine_exhaustive",
    "engine_turned_sets",
    "several_bets_value",
    "several_bets_distribution",
]

GAME = "Hoggenheimer"
N_CARDS = 32
"""Ranked cards on the real layout (both texts: 32 cards A-7 plus a Joker)."""

BET_NAMES: dict = {
    engine.BetKind.CARD: N_("one card"),
    engine.BetKind.PAIR: N_("two adjacent cards"),
    engine.BetKind.SQUARE: N_("four cards in a square"),
    engine.BetKind.RANK: N_("four cards of a rank (a column)"),
    engine.BetKind.SUIT: N_("eight cards of a suit (a row)"),
}
"""The name of each kind of bet in :func:`bet_values`."""


# ---------------------------------------------------------------- symbols and formulas

def symbols():
    """The sympy symbols used: ``n`` (ranked cards on the layout), ``m``
    (cards a bet covers), ``k`` (cards turned before the Joker); all
    non-negative integers (``n``, ``m`` positive)."""
    import sympy

    n, m = sympy.symbols("n m", positive=True, integer=True)
    k = sympy.Symbol("k", integer=True, nonnegative=True)
    return n, m, k


def orderings_win_count_formula():
    """``(number of orders in which the bet wins, number of orders)`` of the
    ``m + 1`` cards that matter (the bet's ``m`` cards and the Joker),
    counted with sympy: all ``(m + 1)!`` relative orders are equally likely
    and the bet wins in the ``m!`` of them with the Joker last."""
    import sympy

    _, m, _ = symbols()
    return sympy.factorial(m), sympy.factorial(m + 1)


def win_probability_formula():
    """P(a bet on m cards wins) = m! / (m + 1)! = 1 / (m + 1). (sympy, simplified)"""
    import sympy

    wins, total = orderings_win_count_formula()
    return sympy.simplify(sympy.combsimp(wins / total))


def fair_odds_formula():
    """The fair odds "to 1" of a bet on m cards: P(lose) / P(win) = m. (sympy)"""
    import sympy

    p = win_probability_formula()
    return sympy.simplify((1 - p) / p)


def _check_odds(odds):
    """``odds`` for the formulas: None (a symbol), or a positive exact number
    or sympy expression; ArgumentError (a TypeError) otherwise."""
    import sympy

    if odds is None:
        return None
    if isinstance(odds, (bool, str, bytes, float)) or not isinstance(odds, (int, Fraction, sympy.Expr)):
        raise ArgumentError(f"odds must be None (a symbol), an int, a Fraction or a sympy expression; "
                            f"got {short_repr(odds)} ({type(odds).__name__})")
    odds = sympy.nsimplify(odds) if isinstance(odds, Fraction) else sympy.sympify(odds)
    if odds.is_number and not odds.is_positive:
        raise ConfigError(f"odds must be positive (\"2 to 1\" is 2), got {odds}")
    return odds


def expected_value_formula(odds=None):
    """The punter's expected net per unit on m cards paid ``odds`` to 1
    (a sympy symbol ``o`` when not given): ``o / (m + 1) - m / (m + 1)``. (sympy)"""
    import sympy

    _, m, _ = symbols()
    odds = _check_odds(odds)
    o = sympy.Symbol("o", positive=True) if odds is None else odds
    p = win_probability_formula()
    return sympy.simplify(p * o - (1 - p))


def variance_formula(odds=None):
    """Variance of the punter's net per unit on m cards paid ``odds`` to 1
    (symbol ``o`` when not given); equals m when o = m. (sympy)"""
    import sympy

    _, m, _ = symbols()
    odds = _check_odds(odds)
    o = sympy.Symbol("o", positive=True) if odds is None else odds
    p = win_probability_formula()
    e = p * o - (1 - p)
    return sympy.factor(sympy.simplify(p * o ** 2 + (1 - p) - e ** 2))


def cards_turned_formula():
    """P(exactly k cards are turned before the Joker), pack of n + 1:
    the Joker is at place k + 1 of a uniformly random order: 1 / (n + 1). (sympy)"""
    import sympy

    n, _, k = symbols()
    return sympy.factorial(n) / sympy.factorial(n + 1)


def cards_turned_mean_formula():
    """E[cards turned before the Joker] = sum_k k / (n + 1) = n / 2. (sympy)"""
    import sympy

    n, _, k = symbols()
    return sympy.simplify(sympy.summation(k * sympy.simplify(cards_turned_formula()), (k, 0, n)))


# ---------------------------------------------------------------- exact numbers (Fractions)

def _check_m(m: int, n: int) -> None:
    engine.check_layout_size(n)   # the engine's layouts only: n = suits x ranks
    whole_number(m, "m", low=1, high=n, rule=f"m (cards bet on) must be a whole number from 1 to n={n}")


def win_probability(m: int, n: int = N_CARDS) -> Fraction:
    """P(a bet on ``m`` of the ``n`` ranked cards wins) = ``1 / (m + 1)``,
    under either procedure (it does not depend on ``n``).

    Raises:
        ConfigError (a ValueError): unless 1 <= m <= n and some layout holds
            ``n`` ranked cards (:func:`~banking_games.games.hoggenheimer.layout_sizes`).
    """
    _check_m(m, n)
    return Fraction(1, m + 1)


def both_win_probability(a: Iterable, b: Iterable) -> Fraction:
    """P(two bets on the card sets ``a`` and ``b`` both win) =
    ``1 / (|a u b| + 1)``: all cards of the union come before the Joker
    (derivation: ``book/hoggenheimer-values.md``; checked against the
    engine's deals by ``tests/test_exact_hoggenheimer.py``).

    Args:
        a, b: the cards of each bet, each read as the engine reads the cards
            of a bet (a card name or card, or a sequence of them).

    Raises:
        BetError, CardError: cards the engine does not take in a bet (the
            Joker, a card off the layout, a card named twice, no card, a
            malformed name), with the engine's message.
    """
    union = set(engine._check_cards(a)) | set(engine._check_cards(b))
    return Fraction(1, len(union) + 1)


def bet_value(kind: "engine.BetKind") -> BetValue:
    """The exact value of one kind of bet (:class:`engine.BetKind`) at its
    payout odds (:data:`engine.PAYOUT_ODDS`); the same under both procedures.

    Raises:
        ArgumentError (a TypeError): ``kind`` is not an :class:`engine.BetKind`.
    """
    if not isinstance(kind, engine.BetKind):
        raise ArgumentError(f"kind must be one of {[k.name for k in engine.BetKind]} "
                            f"(a BetKind), got {short_repr(kind)}")
    size = len(next(b for b in engine.all_bets() if b.kind is kind).cards)
    return BetValue(GAME, BET_NAMES[kind], engine.PAYOUT_ODDS[kind], win_probability(size),
                    note=N_("English or German deal (same value)"))


def bet_values() -> list[BetValue]:
    """Every kind of Hoggenheimer bet with its exact value per unit staked.

    The one rule option (:class:`engine.HoggenheimerConfig`, ``procedure``:
    the English or the German deal) does not change any value (proved on the
    page, checked exhaustively on reduced packs by :func:`engine_exhaustive`),
    so there is one row per kind, noted "English or German deal".

    Returns:
        list of five :class:`~banking_games.exact.core.BetValue`: one card,
        two adjacent cards, a square, a rank (column), a suit (row).
    """
    return [bet_value(kind) for kind in engine.BetKind]


def cards_turned_distribution(n: int = N_CARDS) -> dict[int, Fraction]:
    """``{k: P(exactly k ranked cards are turned before the Joker)}`` for
    k = 0..n: uniform, ``1 / (n + 1)`` each, under either procedure.

    Raises:
        ConfigError (a ValueError): if no layout holds ``n`` ranked cards
            (:func:`~banking_games.games.hoggenheimer.layout_sizes`).
    """
    _check_m(1, n)
    return {k: Fraction(1, n + 1) for k in range(n + 1)}


def expected_cards_turned(n: int = N_CARDS) -> Fraction:
    """E[ranked cards turned before the Joker] = n / 2."""
    return sum((k * p for k, p in cards_turned_distribution(n).items()), Fraction(0))


# ---------------------------------------------------------------- several bets at once

def _parse_bets(bets, stakes) -> tuple[list, list[Fraction]]:
    """The bets read by :func:`engine.make_bet` and their stakes (default 1
    each, exact). ArgumentError (a TypeError) if ``bets`` or ``stakes`` is not
    a list; ConfigError if the counts differ or a stake is not a positive
    exact number (float stakes are refused: no silent rounding)."""
    if isinstance(bets, (str, bytes, dict)) or not hasattr(bets, "__iter__"):
        raise ArgumentError(f"bets must be a list of bets (e.g. [\"JH\", \"hearts\"]), "
                            f"got {short_repr(bets)} ({type(bets).__name__})")
    bets = list(bets)
    if not bets:
        raise BetError("bets is empty: give at least one bet")
    parsed = [engine.make_bet(b) for b in bets]
    if stakes is None:
        return parsed, [Fraction(1)] * len(parsed)
    if isinstance(stakes, (str, bytes, set, frozenset, dict)) or not hasattr(stakes, "__iter__"):
        raise ArgumentError(f"stakes must be a list of exact numbers, got {short_repr(stakes)}")
    stakes = [as_fraction(s) for s in list(stakes)]
    if len(stakes) != len(parsed):
        raise ConfigError(f"{len(parsed)} bets but {len(stakes)} stakes")
    if any(s <= 0 for s in stakes):
        raise ConfigError(f"every stake must be positive, got {[str(s) for s in stakes]}")
    return parsed, [to_stake(s) for s in stakes]  # StakeError for a stake the engine refuses (its range)


def several_bets_value(bets: Sequence, stakes: Sequence | None = None) -> tuple[Fraction, Fraction]:
    """``(expected net, variance of the net)`` of a punter who backs all of
    ``bets`` at once (anything :func:`engine.make_bet` reads), with the
    given stakes (default 1 each), in one deal of the real game.

    Each bet nets ``stake * odds`` or ``-stake``; the covariance of two bets
    follows from :func:`both_win_probability` (all the cards of both bets
    before the Joker), so the variance is exact without enumerating deals.

    Returns:
        ``(mean, variance)`` as Fractions, in units (squared units for the variance).

    Raises:
        BetError, CardError: a bet :func:`engine.make_bet` cannot read, or no bet.
        ConfigError (a ValueError): as many stakes as bets are needed, each positive.
        ArgumentError (a TypeError): ``bets`` or ``stakes`` not a list, a stake not exact.
    """
    parsed, stakes = _parse_bets(bets, stakes)
    sets = [frozenset(b.cards) for b in parsed]
    # net_i = s_i * ((odds_i + 1) W_i - 1), W_i the win indicator
    a = [s * (b.odds + 1) for s, b in zip(stakes, parsed)]
    p = [Fraction(1, len(c) + 1) for c in sets]
    mean = sum((ai * pi - s for ai, pi, s in zip(a, p, stakes)), Fraction(0))
    var = Fraction(0)
    for i in range(len(parsed)):
        for j in range(len(parsed)):
            var += a[i] * a[j] * (both_win_probability(sets[i], sets[j]) - p[i] * p[j])
    return mean, var


def several_bets_distribution(bets: Sequence, stakes: Sequence | None = None) -> dict[Fraction, Fraction]:
    """Exact distribution ``{net: probability}`` of a punter backing all of
    ``bets`` at once (stakes default 1 each), any pack size and procedure.

    Only the ``c`` cards the bets cover matter. Their relative order with the
    Joker is uniformly random, so the number of them turned before the Joker
    is uniform on ``0..c`` and, given that number ``j``, which ``j`` they are
    is a uniformly random ``j``-subset: a subset ``A`` is exactly the covered
    cards turned with probability ``1 / ((c + 1) * C(c, |A|))``. The ``2**c``
    subsets are enumerated, so keep ``c`` small (a row: c = 8, 256 subsets).

    Raises:
        ConfigError (a ValueError): if the bets cover more than 16 cards, or
            as for :func:`several_bets_value`.
        BetError, CardError, ArgumentError: as for :func:`several_bets_value`.
    """
    parsed, stakes = _parse_bets(bets, stakes)
    covered = sorted(set().union(*(b.cards for b in parsed)), key=engine.home_cell)
    c = len(covered)
    if c > 16:
        raise ConfigError(f"the bets cover {c} cards; at most 16 are enumerated (2**c subsets)")
    dist: dict[Fraction, Fraction] = {}
    for subset in range(1 << c):
        turned = [card for i, card in enumerate(covered) if subset >> i & 1]
        # which bets win, and what they pay, is the engine's (Bet.wins, Bet.odds)
        net = sum((s * b.odds if b.wins(turned) else -s for b, s in zip(parsed, stakes)), Fraction(0))
        p = Fraction(1, (c + 1) * comb(c, bin(subset).count("1")))
        dist[net] = dist.get(net, Fraction(0)) + p
    return dict(sorted(dist.items()))


# ---------------------------------------------------------------- through the engine

@dataclass(frozen=True)
class EnumerationResult:
    """Every deck order of a (reduced) pack dealt by the engine.

    Attributes:
        procedure: ``"english"`` or ``"german"``.
        suits, ranks: the layout used (:class:`engine.HoggenheimerConfig`).
        orders: how many deck orders were dealt ((n + 1)!).
        sequences: ``{tuple of cards turned before the Joker, in order:
            number of deck orders giving it}``.
        bet_wins: ``{bet name: number of deck orders in which the engine's
            settlement paid it}`` for every bet the layout allows (one unit
            on each, all placed in every deal).
        bet_sizes: ``{bet name: number of cards it covers}``.
        bet_kinds: ``{bet name: BetKind}``.
    """

    procedure: str
    suits: int
    ranks: int
    orders: int
    sequences: dict
    bet_wins: dict
    bet_sizes: dict
    bet_kinds: dict

    @property
    def n(self) -> int:
        """Ranked cards in the pack."""
        return self.suits * self.ranks

    def set_distribution(self) -> dict[frozenset, Fraction]:
        """``{set of cards turned before the Joker: probability}``."""
        out: dict[frozenset, Fraction] = {}
        for seq, count in self.sequences.items():
            key = frozenset(seq)
            out[key] = out.get(key, Fraction(0)) + Fraction(count, self.orders)
        return out

    def count_distribution(self) -> dict[int, Fraction]:
        """``{k: P(k cards turned before the Joker)}``."""
        out: dict[int, Fraction] = {}
        for seq, count in self.sequences.items():
            out[len(seq)] = out.get(len(seq), Fraction(0)) + Fraction(count, self.orders)
        return dict(sorted(out.items()))

    def subset_win_probability(self, cards: Iterable) -> Fraction:
        """P(all of ``cards`` are turned before the Joker), any set of cards."""
        want = frozenset(cards)
        hits = sum(count for seq, count in self.sequences.items() if want <= frozenset(seq))
        return Fraction(hits, self.orders)

    def bet_win_probabilities(self) -> dict[str, Fraction]:
        """``{bet name: P(the engine pays it)}``."""
        return {name: Fraction(w, self.orders) for name, w in self.bet_wins.items()}


def engine_exhaustive(suits: int, ranks: int, procedure: str = "english", *,
                      settle_each: bool = False) -> EnumerationResult:
    """Deal every order of the reduced pack (``suits`` rows x ``ranks``
    columns + the Joker) through :class:`engine.HoggenheimerDeal` and count
    the cards it turns before the Joker and the bets it pays.

    Bets: one unit on every bet the layout allows (:func:`engine.all_bets`
    with the config), placed in an engine deal and settled by the engine.
    With ``settle_each`` every one of the ``(n + 1)!`` deals carries all the
    bets and is settled (slow: about 1 ms a deal); by default the bets are
    placed and settled on one engine deal for each distinct set of cards
    turned (the first deck order reaching it), and its results are weighted
    by the number of deck orders reaching that set. The tests check on small
    packs that both ways give the same counts.

    Timing on this machine: 7 cards in all (5040 orders) take about a second.

    Raises:
        ConfigError: for a layout the engine refuses.
        ConfigError (a ValueError): for more than 8 cards in all (too many orders).
    """
    config = engine.HoggenheimerConfig(procedure, suits=suits, ranks=ranks)
    pack = config.pack()
    if len(pack) > 8:
        raise ConfigError(f"{len(pack)} cards have {factorial(len(pack))} orders: at most 8 cards are enumerated")
    bets = engine.all_bets(config)
    wins = {b.name: 0 for b in bets}

    def settle(order, weight: int) -> None:
        deal = engine.HoggenheimerDeal(config, deck=order)
        for b in bets:
            deal.place_bet("punter", b, 1)
        deal.play()
        for r in deal.settle().results:
            if r.net > 0:
                wins[r.bet.name] += weight

    sequences: dict = {}
    first_order: dict = {}
    set_counts: dict = {}
    for order in permutations(pack):
        if settle_each:
            settle(order, 1)
        deal = engine.HoggenheimerDeal(config, deck=order)
        deal.play()
        seq = deal.turned
        sequences[seq] = sequences.get(seq, 0) + 1
        key = frozenset(seq)
        set_counts[key] = set_counts.get(key, 0) + 1
        first_order.setdefault(key, order)
    if not settle_each:
        for key, count in set_counts.items():
            settle(first_order[key], count)
    return EnumerationResult(procedure, suits, ranks, factorial(len(pack)), sequences, wins,
                             {b.name: len(b.cards) for b in bets}, {b.name: b.kind for b in bets})


def engine_turned_sets(suits: int, ranks: int) -> dict[str, dict[frozenset, Fraction]]:
    """``{procedure: {set turned before the Joker: probability}}`` for both
    procedures, every deck order of the reduced pack dealt by the engine."""
    return {proc: engine_exhaustive(suits, ranks, proc).set_distribution() for proc in engine.PROCEDURES}
