"""Landsknecht in the classroom: the lesson's stakes, a group's session dealt
with the engine, the exact values the class compares with, what a group code
and the class board may hold, and the plan of a repeat.

The names every game's classroom module has are listed in
:mod:`banking_games.classroom.hoggenheimer`; this game's own are
:data:`LATE_TURNS`, :func:`exact` and :func:`lesson_stakes` (the live table's
lesson button and :func:`group` play a deal's stakes with it). No rule is
restated here: who wins is read from the engine
(:meth:`LandsknechtDeal.result_of <banking_games.games.landsknecht.LandsknechtDeal.result_of>`).
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from typing import Callable, Mapping, Sequence

from ..checks import names
from ..errors import BoardError, Phrase, RuleError
from ..i18n import N_
from ..exact import landsknecht as exact_lk
from ..games import landsknecht as lk
from .bet_numbers import numbered_bet_index, numbered_bet_spec
from .repeat_plan import _Plan, _RepeatedBet
from .teaching import GroupCounts, MeanNet, check_group, net_band

DEFAULT_PLAYERS = ("Anna", "Boris", "Clara")
"""The players of a lesson's group (the chapter's live table seats a fourth, who deals the same cards)."""

LATE_TURNS = 5
"""In the lesson a second stake goes on the first players' card after this
many turns of play, if that card and the banker's card are both still unpaired."""
_LATE_NAME = N_("L: stake after {n} turns")

EVENTS = ("first", "late", "void")
"""The events a group counts, in group-code order."""
NET_NAMES = ("first", "late")
"""The nets a group's counts hold (one per stake)."""
LESSON_BETS = ("first players' card", f"first players' card after {LATE_TURNS} turns")
"""The bets of a lesson's group, as a group code names them (not written in the code)."""
TALLY_EVENTS = ()
"""Events whose "successes" are a tally that may exceed the trials: none."""
BOARD_NAMES = {"first": N_("F: stake at the start"), "late": _LATE_NAME.format(n=LATE_TURNS),
               "void": N_("void deals among deals started")}
"""The class board's pooled table: event -> label (as on the lesson page)."""
CARD_FIELDS = (("deals", N_("Deals")), ("first", N_("F won")), ("late_placed", N_("L placed")), ("late", N_("L won")),
               ("void", N_("Void deals")))
"""The board's form for a group dealt with real cards: (field, label)."""
FUNNEL_EVENT = "first"
"""The event the board's funnel plot shows first."""
SEVERAL_PER_DEAL = False
"""Whether an event is counted several times a deal: no."""
EXERCISE_PLAYERS = ("Anna", "Boris", "Clara", "Dora")
"""The players of the table an exercise sets up (as the exercises' text names them): the chapter's table, which seats a fourth player."""

_BET_PREFIX = "players' card "
_TITLE = "Landsknecht"


def group(seed: int, deals: int, players: Sequence = DEFAULT_PLAYERS) -> GroupCounts:
    """Deal a group's session as the live table does and count:

    * ``"first"``: one unit on the first players' card at the start of
      each deal; successes = deals it won;
    * ``"late"``: a second unit on that same card after
      :data:`LATE_TURNS` turns, placed only if the deal is still on and
      the card is still live; trials = deals in which it was placed;
    * ``"void"``: void deals redealt by the engine (successes) out of all
      deals started, void ones included (trials).

    The stakes are placed by the first player who is not the banker.

    Raises:
        ConfigError: bad ``deals`` or seed.
    """
    players = check_group(seed, deals, players)
    session = lk.LandsknechtSession(list(players), rng=seed)
    out = GroupCounts(seed, deals)
    for _ in range(deals):
        before = len(session.void_deals)
        deal = session.start_deal()
        voids = len(session.void_deals) - before
        v = out.count("void")
        v.successes += voids
        v.trials += voids + 1
        first, late = lesson_stakes(deal, players)
        deal.play_out()
        out.count("first").add(deal.result_of(first).outcome == "win")
        out.add_net("first", deal.result_of(first).net)
        if late is not None:
            out.count("late").add(deal.result_of(late).outcome == "win")
            out.add_net("late", deal.result_of(late).net)
        session.end_deal()
    return out


def lesson_stakes(deal: lk.LandsknechtDeal, players: Sequence = DEFAULT_PLAYERS,
                  on_turn: Callable[[lk.LandsknechtEvent], object] | None = None) -> tuple[lk.Bet, lk.Bet | None]:
    """Play a deal as a lesson's group does, up to its second stake: the
    first of ``players`` who is not the banker puts one unit on the first
    players' card (stake F); then :data:`LATE_TURNS` cards are turned, fewer
    if the deal ends; if the deal is still on and that card unpaired, the
    same punter puts one more unit on it (stake L). The deal is left there
    (the rest is turned by the caller). The live table's lesson button and
    :func:`group` both play a deal with it, so they place the same stakes.

    Args:
        deal: a deal just started (no bet placed, no card turned).
        players: the table's players, in seating order.
        on_turn: called with each event the turns make, as it is made (the
            live table draws each card for its replay).

    Returns:
        ``(F, L)``, the engine's bets; ``L`` is ``None`` when it was not placed.

    Raises:
        ConfigError: ``players`` is not a sequence of names (one string, say).
        RuleError: a bet was placed or a card turned already.
        GameError: the engine's refusal (a stake of 1 outside the banker's
            limits, a void deal); nothing is placed then.
    """
    players = names(players, "players")
    if deal.bets or deal.turns:
        raise RuleError.of(N_("the lesson's stakes go down at the start of a deal, before any bet or card: "
                              "press 'New deal' first"))
    punter = next(p for p in players if p != deal.banker)
    card = deal.players_cards[0] if deal.players_cards else None
    first = deal.place_bet(punter, card, 1)   # a void deal or a stake outside the limits: refused here
    for _turn in range(LATE_TURNS):
        if deal.is_over:
            break
        event = deal.turn()
        if on_turn is not None:
            on_turn(event)
    late = None
    if not deal.is_over and deal.is_live(card):
        late = deal.place_bet(punter, card, 1)
    return first, late


def exact() -> dict[str, Fraction]:
    """Exact chances from :mod:`banking_games.exact.landsknecht`: a bet
    wins (``"first"``, ``"late"``: the same race whenever it is placed) and
    a deal is void (``"void"``)."""
    p = exact_lk.bet_win_probability()
    return {"first": p, "late": p, "void": exact_lk.void_probability()}


def chances() -> dict[str, Fraction]:
    """Event -> exact chance for the class board (:func:`exact`)."""
    return exact()


def mean_net(total: Mapping, groups) -> MeanNet | None:
    """The class's mean net per unit staked on F (even money), from the
    pooled counts ``total``, with the band of variance 4p(1 - p) a stake;
    ``None`` when nothing was staked."""
    n = total["first"].trials if "first" in total else 0
    if not n:
        return None
    p = exact()["first"]
    net = 2 * total["first"].successes - n   # even money: +1 or -1 a stake
    se, lo, hi = net_band(2 * p - 1, 4 * p * (1 - p), 1, n)
    return MeanNet(Fraction(net, n), 2 * p - 1, n, se, lo, hi)


# ------------------------------------------------------------------ group codes

def bet_index(spec: str) -> int:
    """A repeat's bet in a code: ``"players' card K"`` -> K.

    Raises:
        GroupCodeError: not ``"players' card"`` and a number from 1 to 60.
    """
    return numbered_bet_index(_TITLE, _BET_PREFIX, spec)


def bet_spec(index: int) -> str:
    """``"players' card K"`` for K = ``index`` (the inverse of :func:`bet_index`).

    Raises:
        GroupCodeError: ``index`` not a whole number from 1 to 60.
    """
    return numbered_bet_spec(_TITLE, _BET_PREFIX, index)


def code_impossible(counts: Mapping[str, tuple[int, int]], deals: int) -> str:
    """Why a lesson or real-cards code's counts cannot come from ``deals``
    deals (words: a :class:`~banking_games.errors.Phrase`, English as a ``str``, shown
    in the language in use), or ``""``: the deals started are those played and the void
    ones, F is staked in every deal, L at most once a deal."""
    for name, (s, t) in counts.items():
        if name == "void":
            if t - s != deals or s > t:
                return Phrase(N_("void deals {void} of {trials} deals started, but {deals} deals were played "
                                 "(started = played + void)"), void=Phrase.number(s), trials=Phrase.number(t),
                              deals=Phrase.number(deals))
        elif name == "first" and t != deals:
            return Phrase(N_("the first card's stake counted over {trials} deals, not {deals}"),
                          trials=Phrase.number(t), deals=Phrase.number(deals))
        elif t > deals:
            return Phrase(N_("{name} placed in {trials} deals of {deals}"), name=repr(name), trials=Phrase.number(t),
                          deals=Phrase.number(deals))
        if s > t and name != "void":
            return Phrase(N_("{name} won {won} times in {trials} deals"), name=repr(name), won=Phrase.number(s),
                          trials=Phrase.number(t))
    return ""


# ------------------------------------------------------------------ the class board

def check_counts(deals: int, counts: Mapping[str, tuple[int, int]]) -> None:
    """The board's check of a group's counts: F has one trial a deal, L at
    most one, and the void deals are counted among the deals started.

    Raises:
        BoardError: saying which count cannot be.
    """
    if "first" not in counts or counts["first"][1] != deals:
        raise BoardError.of(N_("F is staked once in every deal: {deals} stakes are needed, got {got}"), deals=deals,
                            got=counts["first"][1] if "first" in counts else Phrase(N_("none")))
    if "late" in counts and counts["late"][1] > deals:
        raise BoardError.of(N_("L is placed at most once a deal: {placed} placed in {deals} deals"),
                            placed=counts["late"][1], deals=deals)
    if "void" not in counts:
        raise BoardError.of(N_("the void deals are missing"))
    v, started = counts["void"]
    if started != v + deals:
        raise BoardError.of(N_("void deals: {started} deals started should be the {deals} played and the {void} void"),
                            started=started, deals=deals, void=v)


def cards_counts(values: Mapping[str, int], deals: int) -> dict[str, tuple[int, int]]:
    """The counts of the board's real-cards form: F over the deals, the void
    deals among the deals started, L over the deals it was placed in.

    Raises:
        BoardError: L won more often than it was placed.
    """
    pairs = {"first": (values["first"], deals), "void": (values["void"], values["void"] + deals)}
    if values["late"] > values["late_placed"]:
        raise BoardError.of(N_("L: won {won}, but placed only {placed}"), won=values["late"],
                            placed=values["late_placed"])
    if values["late_placed"]:
        pairs["late"] = (values["late"], values["late_placed"])
    return pairs


def repeat_events() -> dict[str, str]:
    """A repeat's bet -> the lesson's event it counts: the stake on the first players' card (F)."""
    return {bet_spec(1): "first"}


def repeat_template(bets: Sequence[str], rng: random.Random) -> lk.LandsknechtDeal:
    """A deal of the live table as it starts (its default players) with one
    unit on the first players' card, the one bet of a repeat the board deals again.

    Raises:
        BoardError: a bet on another players' card.
    """
    players = DEFAULT_PLAYERS
    if any(bet_index(spec) != 1 for spec in bets):
        raise BoardError.of(N_("only a repeat of a bet on the first players' card is dealt again here"))
    deal, _void = lk.new_deal(rng, banker=players[0], players=list(players))
    deal.place_bet(players[1], deal.players_cards[0], 1)
    return deal


def lesson_setting_problem(config: lk.LandsknechtConfig) -> str:
    """Why a table with rules ``config`` is not dealt as the lesson's (words),
    or ``""``: the standard pack, with any stake limits (which change no card)."""
    if dataclasses.replace(config, min_stake=None, max_stake=None) != lk.LandsknechtConfig():
        return "the lesson's groups play with the standard pack"
    return ""


# ------------------------------------------------------------------ a repeat

class Plan(_Plan):
    """Landsknecht: each deal comes from :func:`~banking_games.games.landsknecht.new_deal`
    (void deals redealt by the engine) with the table's banker, players and
    stake limits. A bet on the k-th players' card of the table's deal goes,
    in each repeated deal, on its k-th players' card as soon as that card
    is on the table (the first before the first turn); when the deal ends
    before that card comes, the bet is not placed (counted apart)."""

    DEAL = lk.LandsknechtDeal
    game = "Landsknecht"
    key = "landsknecht"

    def __init__(self, deal: lk.LandsknechtDeal, **_options) -> None:
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
