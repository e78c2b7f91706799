"""Hoggenheimer in the classroom: the lesson's bets, a group's session dealt
with the engine, the exact values the class compares with, what a group code
and the class board may hold, and the plan of a repeat.

Every game's classroom module has the same names (see CONTRIBUTING.md,
"Adding a game"): :data:`DEFAULT_PLAYERS`, :data:`EVENTS`, :data:`NET_NAMES`,
:data:`LESSON_BETS`, :data:`TALLY_EVENTS`, :data:`BOARD_NAMES`,
:data:`CARD_FIELDS`, :data:`FUNNEL_EVENT`, :data:`SEVERAL_PER_DEAL`,
:func:`group`, :func:`chances`, :func:`mean_net`, :func:`bet_index`,
:func:`bet_spec`, :func:`code_impossible`, :func:`check_counts`,
:func:`cards_counts`, :func:`repeat_events`, :func:`repeat_template`,
:func:`lesson_setting_problem` and :class:`Plan`; the class activities reach
it through :func:`banking_games.registry.game` (``.module("classroom")``).
The lesson page, its handout and the board also read this game's own pieces
(:data:`BETS`, :func:`exact`, :func:`net_variance`, the real-cards timings).

No rule is restated here: who wins is read from the engine
(:meth:`Bet.wins <banking_games.games.hoggenheimer.Bet.wins>` and the deal's settlement).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Mapping, Sequence

from ..checks import whole_number
from ..errors import BoardError, GameError, GroupCodeError, Phrase, short_repr
from ..i18n import N_
from ..exact import hoggenheimer as exact_hog
from ..games import hoggenheimer as hog
from .repeat_plan import _Plan, _RepeatedBet
from .teaching import GroupCounts, MeanNet, check_group, net_band

DEFAULT_PLAYERS = ("Anna", "Ben", "Cleo", "Dora")
"""The players at the live table as it starts, whom a lesson's group leaves as they are."""

_WON = N_("{letter} won")   # a field of the real-cards form: the deals bet A won

BETS = (("A", "JH", N_("the jack of hearts")),
        ("B", "7S 7H", N_("the sevens of spades and hearts")),
        ("C", "9H 8H 9D 8D", N_("the square of 9s and 8s of hearts and diamonds")),
        ("D", "diamonds", N_("all eight diamonds")))
"""The four bets every group backs in the lesson: (letter, engine bet spec
as :func:`~banking_games.games.hoggenheimer.make_bet` reads it, words for the page)."""

MAT_CELL_MM = (30, 36)
"""Width and height of a cell of the layout mat on the A4 handout: a map for
the stakes, smaller than a card, so the turned cards are laid in the same
grid beside it."""

REAL_SECONDS = {"shuffle": 25, "per_card": 2, "record": 20}
"""OUR ESTIMATE, not measured in a class, of the time a German deal with
real cards takes: seconds to shuffle, to turn and lay each card, and to
record the deal."""

EVENTS = ("A", "B", "C", "D", "turned")
"""The events a group counts (:class:`~banking_games.classroom.teaching.GroupCounts`), in group-code order."""
NET_NAMES = ("A", "B", "C", "D")
"""The nets a group's counts hold (one per bet)."""
LESSON_BETS = tuple(spec for _, spec, _ in BETS)
"""The bets of a lesson's group, as a group code names them (not written in the code)."""
TALLY_EVENTS = ("turned",)
"""Events whose "successes" are a tally (cards turned), which may exceed the trials (deals)."""
BOARD_NAMES = {letter: f"{letter}: {words}" for letter, _, words in BETS}
"""The class board's pooled table: event -> label (as on the lesson page)."""
CARD_FIELDS = (("deals", N_("Deals")),) + tuple((letter, _WON.format(letter=letter)) for letter, _, _ in BETS)
"""The board's form for a group dealt with real cards: (field, label)."""
FUNNEL_EVENT = "A"
"""The event the board's funnel plot shows first."""
SEVERAL_PER_DEAL = False
"""Whether an event is counted several times a deal (then the board's bands allow for their covariance)."""
EXERCISE_PLAYERS = DEFAULT_PLAYERS
"""The players of the table an exercise sets up (as the exercises' text names them): the table as it starts."""


def real_deal_seconds() -> Fraction:
    """Estimated seconds per real-card German deal (:data:`REAL_SECONDS`):
    shuffle + per_card x (expected cards turned, the Joker included) + record."""
    t = REAL_SECONDS
    return t["shuffle"] + t["per_card"] * (exact_hog.expected_cards_turned() + 1) + t["record"]


def group(seed: int, deals: int, players: Sequence = DEFAULT_PLAYERS) -> GroupCounts:
    """Deal a group's session as the live table does (one
    ``random.Random(seed)`` for all shuffles, English procedure, the bank
    passing left) and count, for each bet of :data:`BETS`, the deals it
    wins (event names ``"A"`` ... ``"D"``), and the cards turned, the Joker
    included (event ``"turned"``: successes = cards, trials = deals). That
    is the number the live table reports after *Deal to the end* ("17
    cards turned; the last, card 17: the Joker ..."), and with real cards
    dealt the German way it is
    the Joker's position in the pack, so the worksheet asks for it.

    Raises:
        ConfigError: bad ``deals`` or seed (not a whole number).
    """
    players = check_group(seed, deals, players)
    bets = [(letter, hog.make_bet(spec)) for letter, spec, _ in BETS]
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


def exact() -> dict[str, tuple[Fraction, int]]:
    """For each bet letter: (exact chance of winning, payout odds m)."""
    out = {}
    for letter, spec, _ in BETS:
        bet = hog.make_bet(spec)
        out[letter] = (exact_hog.win_probability(len(bet.cards)), int(bet.odds))
    return out


def chances() -> dict[str, Fraction]:
    """Event -> exact chance, for the class board: each bet's chance of winning."""
    return {letter: p for letter, (p, _odds) in exact().items()}


def net_variance() -> Fraction:
    """Exact variance of one deal's total net when one unit is staked on
    each bet of :data:`BETS`.

    Each bet's net is m if it wins, -1 if not: variance (m+1)^2 p (1-p)
    with p = 1/(m+1), and Cov = (m1+1)(m2+1) (P(both win) - p1 p2), with
    P(both win) from :func:`banking_games.exact.hoggenheimer.both_win_probability`.
    """
    bets = [hog.make_bet(spec) for _, spec, _ in BETS]
    var = Fraction(0)
    for a in bets:
        for b in bets:
            pa = exact_hog.win_probability(len(a.cards))
            pb = exact_hog.win_probability(len(b.cards))
            both = exact_hog.both_win_probability(a.cards, b.cards)
            var += (a.odds + 1) * (b.odds + 1) * (both - pa * pb)
    return Fraction(var)


def mean_net(total: Mapping, groups) -> MeanNet | None:
    """The class's mean net per unit staked on bets A to D (one unit on each,
    paid c to 1), from the pooled counts ``total``, with :func:`net_variance`'s
    band; ``None`` when the groups did not all follow the four bets in every deal."""
    chance = exact()
    trials = {total[k].trials if k in total else 0 for k in chance}
    if len(trials) != 1 or 0 in trials:
        return None   # the groups did not all follow bets A to D in every deal (repeat codes of some)
    (n,) = trials
    k = len(chance)
    net = sum((m + 1) * total[l].successes - n for l, (p, m) in chance.items())   # a unit on c cards: +c or -1
    expected = sum(p * m - (1 - p) for p, m in chance.values()) / k
    se, lo, hi = net_band(expected, net_variance(), k, n)
    return MeanNet(Fraction(net, k * n), expected, k * n, se, lo, hi)


# ------------------------------------------------------------------ group codes

def bet_index(spec: str) -> int:
    """A repeat's bet in a code: its place in ``hoggenheimer.all_bets()``
    (0-116), the bet read by ``make_bet`` (any spelling it reads).

    Raises:
        GroupCodeError: a bet the game's notation does not read.
    """
    try:
        bet = hog.make_bet(spec)
    except GameError as e:
        raise GroupCodeError(f"cannot write the bet {short_repr(spec)} in a code: {e}") from None
    return hog.all_bets().index(bet)


def bet_spec(index: int) -> str:
    """The bet number ``index`` stands for: its card names separated by
    spaces (``"7S 7H"``; ``make_bet`` reads it back).

    Raises:
        GroupCodeError: ``index`` is not a whole number (``True`` included) or no bet has that number.
    """
    index = whole_number(index, "a bet's number", error=GroupCodeError)
    bets = hog.all_bets()
    if not 0 <= index < len(bets):
        raise GroupCodeError.of(N_("bet number {number} in a Hoggenheimer code: there are {n} bets (0 to {last}); "
                                   "the code has been altered"), number=short_repr(index), n=len(bets),
                                last=len(bets) - 1)
    return " ".join(c.name for c in bets[index].cards)


def _most_cards() -> int:
    return len(hog.HoggenheimerConfig("english").pack())   # the 32 ranked cards and the Joker: 33


def code_impossible(counts: Mapping[str, tuple[int, int]], deals: int) -> str:
    """Why a lesson or real-cards code's counts cannot come from ``deals``
    deals (words: a :class:`~banking_games.errors.Phrase`, English as a ``str``, shown
    in the language in use), or ``""``: every count over the deals, at most one win a
    deal, 1 to the English pack's cards turned a deal."""
    for name, (s, t) in counts.items():
        if t != deals:
            return Phrase(N_("{name} counted over {trials} deals, but the code has {deals} deals"), name=repr(name),
                          trials=Phrase.number(t), deals=Phrase.number(deals))
        if name == "turned":
            most = _most_cards()
            if not t <= s <= most * t:
                return Phrase(N_("{cards} cards turned in {trials} deals (each deal turns 1 to {most} cards, "
                                 "the Joker included)"), cards=Phrase.number(s), trials=Phrase.number(t), most=most)
        elif s > t:
            return Phrase(N_("bet {name} won {won} times in {trials} deals"), name=name, won=Phrase.number(s),
                          trials=Phrase.number(t))
    return ""


# ------------------------------------------------------------------ the class board

def check_counts(deals: int, counts: Mapping[str, tuple[int, int]]) -> None:
    """The board's check of a group's counts: every bet A-D has one trial a
    deal, and ``"turned"``, if there, one trial a deal and from 1 to the
    English pack's 33 cards a deal, the Joker included (read from the engine).

    Raises:
        BoardError: saying which count cannot be.
    """
    for letter in BOARD_NAMES:
        if letter not in counts:
            raise BoardError.of(N_("bet {letter} is missing from the counts"), letter=letter)
        if counts[letter][1] != deals:
            raise BoardError.of(N_("bet {letter} counted over {trials} deals, but the group dealt {deals}"),
                                letter=letter, trials=counts[letter][1], deals=deals)
    if "turned" in counts:
        cards, n = counts["turned"]
        most = _most_cards()
        if n != deals or not deals <= cards <= most * deals:
            raise BoardError.of(N_("cards turned: {cards} over {trials} deals cannot be (from 1 to {most} a deal, "
                                   "{deals} deals)"), cards=cards, trials=n, most=most, deals=deals)


def cards_counts(values: Mapping[str, int], deals: int) -> dict[str, tuple[int, int]]:
    """The counts of the board's real-cards form (:data:`CARD_FIELDS`): each bet's wins over the deals."""
    return {letter: (values[letter], deals) for letter in BOARD_NAMES}


def repeat_events() -> dict[str, str]:
    """A repeat's bet (canonical spec) -> the lesson's event it counts: bets A-D."""
    return {bet_spec(bet_index(spec)): letter for letter, spec, _ in BETS}


def repeat_template(bets: Sequence[str], rng: random.Random) -> hog.HoggenheimerDeal:
    """A deal of the live table as it starts (English procedure, its default
    players) with one unit on each of ``bets``: what the board repeats to check a repeat's code."""
    deal = hog.HoggenheimerDeal(hog.HoggenheimerConfig("english"), rng=rng, banker=DEFAULT_PLAYERS[0])
    for spec in bets:
        deal.place_bet(DEFAULT_PLAYERS[1], hog.make_bet(spec), 1)
    return deal


def lesson_setting_problem(config: hog.HoggenheimerConfig) -> str:
    """Why a table with rules ``config`` is not dealt as the lesson's (words), or ``""``."""
    if config != hog.HoggenheimerConfig("english"):
        return "the lesson's groups keep the English procedure for every deal"
    return ""


# ------------------------------------------------------------------ a repeat

class Plan(_Plan):
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

    DEAL = hog.HoggenheimerDeal
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
