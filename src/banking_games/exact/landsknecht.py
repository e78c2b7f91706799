"""Exact values of Landsknecht: the bets, the void deal, the length of a deal.

Rules: :mod:`banking_games.games.landsknecht` (the engine; source
diagram-ru). Nothing here restates a rule: the closed forms
below are derived on the page ``book/landsknecht-values.md`` and checked
against the engine by :func:`engine_exhaustive` (every order of a reduced
pack, dealt by the engine) and :func:`engine_recursion` (an exact recursion
over the pack's composition that lets the engine deal each possible next
card, for any pack size including the full 52-card pack).

Notation: a pack of ``r`` ranks (``ranks``) and ``s`` suits (``suits``),
so ``s`` cards of each rank; the real pack has ``r = 13``, ``s = 4``.

Main results (all conditional on a deal that is not void, unless named
``void``):

* the race: with ``a`` unseen cards of a players' card's rank and ``b`` of
  the banker's rank, the banker's rank comes first (the bet wins) with
  probability ``b / (a + b)``; in this game always ``a = b = s - 1``, so
  every bet wins with probability 1/2, whenever it is placed;
* a deal is void with probability ``(s - 1) / ((r - 2) s - 1)`` (3/43);
* the number of players' cards is ``1 + X`` where each of the ``r - 4``
  ranks not on the table after the setup shows up before the banker's pair
  with probability ``s / (2 s - 1)``: mean ``1 + (r - 4) s / (2 s - 1)``;
* the number of cards in a deal: :func:`deal_length_distribution`.

All probabilities are :class:`fractions.Fraction`; the ``*_formula``
functions return sympy expressions in the symbols ``r``, ``s`` (and
``a``, ``b``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..checks import whole_number
from ..i18n import N_
from ..errors import ConfigError, short_repr
from ..games import landsknecht as engine
from .core import BetValue

__all__ = [
    "GAME",
    "RANKS",
    "SUITS",
    "symbols",
    "race_formula",
    "bet_win_formula",
    "void_probability_formula",
    "expected_players_cards_formula",
    "expected_setup_length_formula",
    "expected_deal_length_formula",
    "race_probability",
    "bet_win_probability",
    "bet_values",
    "void_probability",
    "setup_length_distribution",
    "deal_length_distribution",
    "expected_deal_length",
    "players_cards_distribution",
    "expected_players_cards",
    "EnumerationResult",
    "engine_exhaustive",
    "engine_recursion",
]

GAME = "Landsknecht"
RANKS = 13
"""Ranks in the real pack (source, *Equipment*: one standard 52-card pack)."""
SUITS = 4
"""Suits in the real pack."""


# ---------------------------------------------------------------- symbols and formulas

def symbols():
    """The sympy symbols used: ``r`` (ranks), ``s`` (suits), ``a`` (unseen
    cards of the players' card's rank), ``b`` (unseen cards of the banker's rank);
    all positive integers."""
    import sympy

    r, s, a, b = sympy.symbols("r s a b", positive=True, integer=True)
    return r, s, a, b


def race_formula():
    """P(a bet wins) = b / (a + b): of the a + b unseen cards of the two
    ranks, the first to be turned is equally likely to be any of them, and the
    bet wins when it is one of the banker's rank's b cards. (sympy)"""
    _, _, a, b = symbols()
    return b / (a + b)


def bet_win_formula():
    """P(a bet on a live players' card wins), any moment: the race with
    a = b = s - 1, which sympy simplifies to 1/2."""
    import sympy

    r, s, a, b = symbols()
    return sympy.cancel(race_formula().subs({a: s - 1, b: s - 1}))


def void_probability_formula():
    """P(deal is void) = (s - 1) / ((r - 2) s - 1): the first card after the
    banker's card that pairs no layout card is, uniformly, one of the
    (s - 1) + (r - 3) s unseen cards of the r - 2 ranks not in the layout;
    s - 1 of them pair the banker's card. (sympy)"""
    import sympy

    r, s, _, _ = symbols()
    return sympy.factor((s - 1) / ((s - 1) + (r - 3) * s))


def expected_players_cards_formula():
    """E[players' cards in a deal that is not void] = 1 + (r - 4) s / (2 s - 1):
    the setup's players' card, plus each of the r - 4 ranks still unseen after
    the setup whose first card comes before the first of the banker's s - 1. (sympy)"""
    r, s, _, _ = symbols()
    return 1 + (r - 4) * s / (2 * s - 1)


def _before_first(m, n):
    """E[number of m marked cards before the first of n others] = m / (n + 1)."""
    return m / (n + 1)


def expected_setup_length_formula():
    """E[cards dealt in the setup] (the same whether or not the deal is void):
    4 + E[j1] + E[j2] + E[j3], where j1, j2, j3 are the cards laid on layout
    cards while the second layout card, the banker's card and the players'
    card are sought. (sympy, simplified)"""
    import sympy

    r, s, _, _ = symbols()
    e1 = _before_first(s - 1, (r - 1) * s)                 # L1's other s-1 before a card of another rank
    e2 = _before_first(2 * (s - 1) - e1, (r - 2) * s)      # layout cards before the first non-layout card
    e3 = _before_first(2 * (s - 1) - e1 - e2, (r - 2) * s - 1)
    return sympy.factor(sympy.cancel(4 + e1 + e2 + e3))


def expected_deal_length_formula():
    """E[cards in a deal that is not void]: the setup (mean S) then the
    turns up to the first of the banker's s - 1 unseen cards among the
    r s - S left, which is (r s - S + 1) / s on average. (sympy)"""
    import sympy

    r, s, _, _ = symbols()
    es = expected_setup_length_formula()
    return sympy.factor(sympy.cancel(es + (r * s - es + 1) / s))


# ---------------------------------------------------------------- exact numbers (Fractions)

def _check_pack(ranks: int, suits: int) -> None:
    engine.LandsknechtConfig(ranks=ranks, suits=suits)  # ConfigError if the pack cannot be dealt


def _check_played(ranks: int, suits: int) -> None:
    """The pack checked as the engine checks a pack it deals on: one on which
    every deal is void is refused (its deals would be redealt for ever), so
    a law of deals that are not void does not exist for it."""
    engine.LandsknechtConfig(ranks=ranks, suits=suits).check_dealable()


def race_probability(a: int, b: int) -> Fraction:
    """P(the first of a + b cards is one of the b): ``b / (a + b)``.

    Raises:
        ConfigError (a ValueError): a or b negative, or both 0.
    """
    a = whole_number(a, "a", rule="a must be a whole number of cards")
    b = whole_number(b, "b", rule="b must be a whole number of cards")
    if a < 0 or b < 0 or a + b == 0:
        raise ConfigError(f"need a, b >= 0 and a + b > 0, got a={a}, b={b}")
    return Fraction(b, a + b)


def bet_win_probability(suits: int = SUITS) -> Fraction:
    """P(a bet on a live players' card wins) in a pack of ``suits`` suits (any
    number of ranks, any moment of the deal): ``race_probability(s-1, s-1)`` = 1/2.

    Raises:
        ConfigError (a ValueError): ``suits`` not a whole number the engine can deal (2 to 4).
    """
    _check_pack(RANKS, suits)
    return race_probability(suits - 1, suits - 1)


def bet_values(ranks: int = RANKS, suits: int = SUITS) -> list[BetValue]:
    """Every kind of Landsknecht bet with its exact value per unit staked.

    The source has one bet (a stake beside a players' card, paid 1 to 1,
    :data:`~banking_games.games.landsknecht.PAYOUT`) and one rule option
    (stake limits), which does not change its value. The rows are the bet
    on the setup's players' card, placed before the first turn, and a bet
    on a later players' card, placed when it appears; both win with
    probability 1/2 (also a bet placed turns later on a card still live).

    Returns:
        list of :class:`~banking_games.exact.core.BetValue`.
    """
    _check_played(ranks, suits)
    p = bet_win_probability(suits)
    return [
        BetValue(GAME, N_("first players' card"), engine.PAYOUT, p,
                 note=N_("stake placed before the first turn")),
        BetValue(GAME, N_("later players' card"), engine.PAYOUT, p,
                 note=N_("stake placed when the card appears (or any later turn while live)")),
    ]


def void_probability(ranks: int = RANKS, suits: int = SUITS) -> Fraction:
    """P(a deal is void and must be redealt), pack of ``ranks`` x ``suits``.

    Raises:
        ConfigError: a pack the engine cannot deal (ranks 3..13, suits 2..4).
    """
    _check_pack(ranks, suits)
    return Fraction(suits - 1, (ranks - 2) * suits - 1)


def _first_other(m: int, n: int) -> dict[int, Fraction]:
    """pmf of the number j of m marked cards before the first of n others in a
    random order: C(m + n - 1 - j, n - 1) / C(m + n, n), j = 0..m."""
    total = comb(m + n, n)
    return {j: Fraction(comb(m + n - 1 - j, n - 1), total) for j in range(m + 1)}


def _first_marked(n_cards: int, m: int) -> dict[int, Fraction]:
    """pmf of the position k (1-based) of the first of m marked cards among
    n_cards in a random order: C(n_cards - k, m - 1) / C(n_cards, m)."""
    total = comb(n_cards, m)
    return {k: Fraction(comb(n_cards - k, m - 1), total) for k in range(1, n_cards - m + 2)}


@lru_cache(maxsize=None)
def _setup_pmf(ranks: int, suits: int) -> tuple[tuple[int, Fraction], ...]:
    r, s = ranks, suits
    out: dict[int, Fraction] = {}
    for j1, p1 in _first_other(s - 1, (r - 1) * s).items():
        for j2, p2 in _first_other(2 * (s - 1) - j1, (r - 2) * s).items():
            for j3, p3 in _first_other(2 * (s - 1) - j1 - j2, (r - 2) * s - 1).items():
                n = 4 + j1 + j2 + j3
                out[n] = out.get(n, Fraction(0)) + p1 * p2 * p3
    return tuple(sorted(out.items()))


def setup_length_distribution(ranks: int = RANKS, suits: int = SUITS) -> dict[int, Fraction]:
    """Exact pmf ``{cards: probability}`` of the number of cards dealt in the
    setup (two layout cards, the banker's card, the players' card or the void
    card, and every card laid on a layout card meanwhile). Void or not does
    not change it: which card ends the setup is independent of how many layout
    pairs came before it."""
    _check_pack(ranks, suits)
    return dict(_setup_pmf(ranks, suits))


@lru_cache(maxsize=None)
def _deal_pmf(ranks: int, suits: int) -> tuple[tuple[int, Fraction], ...]:
    out: dict[int, Fraction] = {}
    for n_setup, p in _setup_pmf(ranks, suits):
        for k, q in _first_marked(ranks * suits - n_setup, suits - 1).items():
            out[n_setup + k] = out.get(n_setup + k, Fraction(0)) + p * q
    return tuple(sorted(out.items()))


def deal_length_distribution(ranks: int = RANKS, suits: int = SUITS) -> dict[int, Fraction]:
    """Exact pmf ``{k: probability}`` of the number of cards taken from the pack
    in a deal that is NOT void (setup cards plus cards turned in play, up to
    and including the card that pairs the banker's card). The default is the
    real 52-card pack. Void deals are redealt and not counted here.

    Raises:
        ConfigError: a pack the engine cannot deal, or one on which every deal
            is void (3 ranks).
    """
    _check_played(ranks, suits)
    return dict(_deal_pmf(ranks, suits))


def expected_deal_length(ranks: int = RANKS, suits: int = SUITS) -> Fraction:
    """Mean of :func:`deal_length_distribution` (deal not void)."""
    return sum((k * p for k, p in deal_length_distribution(ranks, suits).items()), Fraction(0))


def players_cards_distribution(ranks: int = RANKS, suits: int = SUITS) -> dict[int, Fraction]:
    """Exact pmf ``{n: probability}`` of the number of players' cards in a deal
    that is not void (the setup's one included). After the setup u = r - 4
    ranks are unseen; leaving aside cards of ranks already on the table, the
    next card is the banker's rank with probability (s-1)/(u s + s - 1),
    else a new players' card (u falls by one)."""
    _check_played(ranks, suits)
    s, u = suits, ranks - 4
    out: dict[int, Fraction] = {}
    reach = Fraction(1)
    for x in range(max(u, 0) + 1):
        left = u - x
        stop = Fraction(s - 1, left * s + s - 1)
        out[1 + x] = reach * stop
        reach *= 1 - stop
    return {n: p for n, p in out.items() if p}


def expected_players_cards(ranks: int = RANKS, suits: int = SUITS) -> Fraction:
    """E[players' cards in a deal that is not void] = 1 + (r - 4) s / (2 s - 1)
    (43/7 for the 52-card pack).

    Raises:
        ConfigError: a pack the engine cannot deal, or one on which every deal
            is void (3 ranks: no deal is played).
    """
    _check_played(ranks, suits)
    return 1 + Fraction(max(ranks - 4, 0) * suits, 2 * suits - 1)


# ---------------------------------------------------------------- enumeration through the engine

@dataclass
class EnumerationResult:
    """What an exact enumeration through the engine found (all exact).

    Attributes:
        ranks, suits: the pack.
        p_void: probability that the deal is void.
        deal_length: pmf of the number of cards in a deal that is not void.
        players_cards: pmf of the number of players' cards (deal not void).
        p_win_first: P(a bet on the setup's players' card, placed before
            the first turn, wins), deal not void.
        p_win_later: P(a bet on the second players' card, placed when it
            appears, wins), given that it appears.
        p_win_first_late: P(a bet on the first players' card placed after the
            first turn wins), given the card is still live then.
        states: how many engine states were expanded.
    """

    ranks: int
    suits: int
    p_void: Fraction = Fraction(0)
    deal_length: dict = field(default_factory=dict)
    players_cards: dict = field(default_factory=dict)
    p_win_first: Fraction | None = None
    p_win_later: Fraction | None = None
    p_win_first_late: Fraction | None = None
    states: int = 0


# Betting policy used by both enumerations (three punters, one bet each): 'first' stakes 1 on the
# setup's players' card before the first turn; 'late' stakes 1 on that card after the first turn if it
# is still live; 'later' stakes 1 on the second players' card as soon as it appears.
FIRST, LATE, LATER = "first", "late", "later"


def _apply_policy(deal, event=None) -> None:
    """Place the policy's bets that are due now (before the first turn:
    ``event`` is None; after a turn: the event of that turn)."""
    if deal.is_over:
        return
    if event is None:
        deal.place_bet(FIRST, deal.players_cards[0], 1)
        return
    if event.turn == 1 and deal.is_live(deal.players_cards[0]):
        deal.place_bet(LATE, deal.players_cards[0], 1)
    if event.kind == engine.PLAYERS_CARD and len(deal.players_cards) == 2:
        deal.place_bet(LATER, event.card, 1)


def _won(deal, player) -> bool | None:
    """True/False if ``player``'s bet won/lost, None if it was never placed."""
    for b in deal.bets:
        if b.player == player:
            return deal.result_of(b).outcome == engine.WIN
    return None


class _Tally:
    """Accumulates weighted outcomes of finished deals into an EnumerationResult."""

    def __init__(self, ranks, suits):
        self.res = EnumerationResult(ranks, suits)
        self.n_cards = ranks * suits
        self.played = Fraction(0)
        self.bets = {FIRST: [Fraction(0), Fraction(0)], LATE: [Fraction(0), Fraction(0)],
                     LATER: [Fraction(0), Fraction(0)]}

    def add(self, deal, p: Fraction) -> None:
        if deal.is_void:
            self.res.p_void += p
            return
        self.played += p
        k = self.n_cards - deal.cards_left
        self.res.deal_length[k] = self.res.deal_length.get(k, Fraction(0)) + p
        n = len(deal.players_cards)
        self.res.players_cards[n] = self.res.players_cards.get(n, Fraction(0)) + p
        for who, acc in self.bets.items():
            w = _won(deal, who)
            if w is not None:
                acc[0] += p
                acc[1] += p if w else 0

    def result(self) -> EnumerationResult:
        res = self.res
        if self.played:
            res.deal_length = {k: v / self.played for k, v in sorted(res.deal_length.items())}
            res.players_cards = {k: v / self.played for k, v in sorted(res.players_cards.items())}
        for who, attr in ((FIRST, "p_win_first"), (LATE, "p_win_first_late"), (LATER, "p_win_later")):
            placed, won = self.bets[who]
            setattr(res, attr, won / placed if placed else None)
        return res


MAX_EXHAUSTIVE_CARDS = 16
"""The largest pack :func:`engine_exhaustive` walks (its orders grow
factorially: 16 cards take seconds here, 20 would take hours)."""


def _cards_by_rank(config) -> dict[int, list]:
    """The config's pack grouped by rank: ``{rank: [cards]}``."""
    by_rank: dict[int, list] = {}
    for c in config.pack():
        by_rank.setdefault(c.rank, []).append(c)
    return by_rank


def engine_exhaustive(ranks: int, suits: int) -> EnumerationResult:
    """Every order of a reduced pack, dealt and played by the engine.

    The orders are grouped by the shortest prefix that decides the deal: a
    prefix of rank values (each rank's copies taking the suits in a fixed
    order, which changes nothing since suits play no part) is extended by
    every rank with cards left, with probability (its cards left) / (cards
    left). During the setup the engine deals ``prefix + the rest`` afresh
    until its setup reads no further than the prefix; in play each rank with
    unseen cards is applied to a copy of the deal
    (:meth:`~banking_games.games.landsknecht.LandsknechtDeal.with_next_card`)
    and turned, until the banker's card is paired. Each deal is played with three punters
    ('first' before the first turn on the setup's players' card, 'late' on the
    same card after the first turn if still live, 'later' on the second
    players' card when it appears). No symmetry beyond suits is used, so this
    checks both the formulas and the state merging of :func:`engine_recursion`.
    Feasible for packs up to about 16 cards.

    Raises:
        ConfigError: a pack the engine cannot deal, or more than
            :data:`MAX_EXHAUSTIVE_CARDS` cards (use :func:`engine_recursion`).
    """
    config = engine.LandsknechtConfig(ranks=ranks, suits=suits)
    if ranks * suits > MAX_EXHAUSTIVE_CARDS:
        raise ConfigError(f"a pack of {ranks * suits} cards has too many orders to walk: engine_exhaustive takes "
                          f"at most {MAX_EXHAUSTIVE_CARDS} cards; engine_recursion deals the full pack")
    by_rank = _cards_by_rank(config)
    n_cards = ranks * suits
    tally = _Tally(ranks, suits)
    states = 0

    def walk(prefix, used, p):
        # the setup: rebuild the deal from prefix + rest until it reads no further
        nonlocal states
        states += 1
        chosen = set(prefix)
        rest = [c for r_ in sorted(by_rank) for c in by_rank[r_] if c not in chosen]
        deal = engine.LandsknechtDeal(config, deck=list(prefix) + rest)
        if n_cards - deal.cards_left <= len(prefix):
            if deal.is_void:
                tally.add(deal, p)
            else:
                _apply_policy(deal)
                play(deal, p)
            return
        left = n_cards - len(prefix)
        for rank, cards in by_rank.items():
            k = used.get(rank, 0)
            if k < suits:
                used[rank] = k + 1
                walk(prefix + (cards[k],), used, p * Fraction(suits - k, left))
                used[rank] = k

    def play(deal, p):
        # the play: every rank with unseen cards is turned next, on a copy
        nonlocal states
        states += 1
        left = deal.cards_left
        first: dict[int, list] = {}
        for c in deal.unseen_cards:
            first.setdefault(c.rank, [0, c])[0] += 1
        for count, card in first.values():
            child = deal.with_next_card(card)
            _apply_policy(child, child.turn())
            q = p * Fraction(count, left)
            if child.is_over:
                tally.add(child, q)
            else:
                play(child, q)

    walk((), {}, Fraction(1))
    res = tally.result()
    res.states = states
    return res


def _first_missing(pile, cards) -> int:
    """Index in ``cards`` (one rank's cards) of the first card not in ``pile``."""
    names = {c.name for c in pile}
    return next(i for i, c in enumerate(cards) if c.name not in names)


def _kinds(deal, by_rank: dict[int, list], with_cards: bool = True) -> tuple[tuple, list]:
    """Split the unseen cards of a deal in play into kinds that the rest of
    the deal treats alike, read from the engine's public state (the table's
    piles, the bets): the cards of each live players' rank (told apart by the
    bets on it), of the banker's rank, of each rank not yet seen, and, as one
    kind, all cards of ranks out of play (layout ranks and paired players'
    ranks: turning one changes nothing but the count).

    Returns:
        ``(key, kinds)``: ``key`` identifies the state up to renaming ranks
        (cards dealt, players' cards, bets and their outcomes, the multiset of
        kinds); ``kinds`` lists ``(number of unseen cards, one of them)``.
    """
    suits = len(next(iter(by_rank.values())))
    live = {c.rank for c in deal.live_cards}
    bets_on: dict[int, list] = {}
    outcomes = []
    for b in deal.bets:
        r_ = deal.result_of(b)
        outcomes.append((b.player, "" if r_ is None else r_.outcome))
        if r_ is None:
            bets_on.setdefault(b.card.rank, []).append(b.player)
    piles = [("dead", p) for p in deal.layout] + [("banker", deal.banker_pile)]
    piles += [("live" if p[0].rank in live else "dead", p) for p in deal.players_piles]
    groups: dict[tuple, list] = {}
    on_table = set()
    for place, pile in piles:
        rank = pile[0].rank
        on_table.add(rank)
        n = suits - len(pile)
        if n == 0:
            continue
        sig = ("dead",) if place == "dead" else (place, n, tuple(sorted(bets_on.get(rank, ()))))
        g = groups.setdefault(sig, [0, pile])
        g[0] += n
    for rank, cards in by_rank.items():
        if rank not in on_table:
            g = groups.setdefault(("unseen", suits, ()), [0, (cards[0].rank, )])
            g[0] += suits
    key = (deal.is_over, deal.cards_left, len(deal.players_cards), tuple(sorted(outcomes)),
           tuple(sorted((sig, g[0]) for sig, g in groups.items())))
    if not with_cards:
        return key, []
    kinds = []
    for count, pile in groups.values():
        if isinstance(pile[0], int):      # a rank not yet seen: any of its cards
            kinds.append((count, by_rank[pile[0]][0]))
        else:                             # a rank on the table: a card not in its pile
            cards = by_rank[pile[0].rank]
            kinds.append((count, cards[_first_missing(pile, cards)]))
    return key, kinds


def engine_recursion(ranks: int = RANKS, suits: int = SUITS, *, bets: bool = True) -> EnumerationResult:
    """Exact recursion over the pack's composition, the engine dealing every
    possible next card (feasible for the full 52-card pack).

    1. The setup: prefixes of cards are extended as in
       :func:`engine_exhaustive`, except that the ranks not yet seen are
       interchangeable, so one of them stands for all (weight: cards of unseen
       ranks / cards left), until the engine's setup reads no further.
    2. The play: for each state, each kind of unseen card (see :func:`_kinds`)
       is applied by
       :meth:`LandsknechtDeal.with_next_card` to a copy of the deal and
       turned by the engine, weighted by (cards of that kind) / (cards left);
       copies whose states agree up to renaming ranks (:func:`_kinds`)
       are merged, their probabilities added.

    With ``bets`` (default) the same three policy bets as
    :func:`engine_exhaustive` are placed; ``bets=False`` places none (fewer
    states: the bet fields of the result are then ``None``), enough for the
    void probability and the deal's length and players' cards.

    Raises:
        ConfigError: a pack the engine cannot deal, or ``bets`` not True or False.
    """
    config = engine.LandsknechtConfig(ranks=ranks, suits=suits)
    if not isinstance(bets, bool):
        raise ConfigError(f"bets must be True or False, got {short_repr(bets)}")
    by_rank = _cards_by_rank(config)
    n_cards = ranks * suits
    tally = _Tally(ranks, suits)
    states = 0
    frontier: dict[tuple, list] = {}   # key -> [probability, deal]

    def setup(prefix, used, p):
        nonlocal states
        states += 1
        chosen = set(prefix)
        rest = [c for r_ in sorted(by_rank) for c in by_rank[r_] if c not in chosen]
        deal = engine.LandsknechtDeal(config, deck=list(prefix) + rest)
        if n_cards - deal.cards_left <= len(prefix):
            if deal.is_void:
                tally.add(deal, p)
                return
            if bets:
                _apply_policy(deal)
            slot = frontier.setdefault(_kinds(deal, by_rank)[0], [Fraction(0), deal])
            slot[0] += p
            return
        left = n_cards - len(prefix)
        fresh = [r_ for r_ in by_rank if r_ not in used]
        for rank in [r_ for r_ in by_rank if r_ in used] + fresh[:1]:
            k = used.get(rank, 0)
            if k == suits:
                continue
            weight = Fraction(suits - k, left) if k else Fraction(suits * len(fresh), left)
            used[rank] = k + 1
            setup(prefix + (by_rank[rank][k],), used, p * weight)
            if k:
                used[rank] = k
            else:
                del used[rank]
    setup((), {}, Fraction(1))

    while frontier:
        nxt: dict[tuple, list] = {}
        for p, deal in frontier.values():
            states += 1
            left = deal.cards_left
            for count, card in _kinds(deal, by_rank)[1]:
                child = deal.with_next_card(card)
                event = child.turn()
                if bets:
                    _apply_policy(child, event)
                q = p * Fraction(count, left)
                if child.is_over:
                    tally.add(child, q)
                    continue
                slot = nxt.setdefault(_kinds(child, by_rank, False)[0], [Fraction(0), child])
                slot[0] += q
        frontier = nxt
    res = tally.result()
    res.states = states
    return res
