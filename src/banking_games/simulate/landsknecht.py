"""Landsknecht by simulation: many deals from a seed, each with a fixed set of
bets, vectorised with numpy, and the same deals played through the rules
engine (:mod:`banking_games.games.landsknecht`) for checking and benchmarks.

The rules live in the engine. The vectorised simulator re-expresses them
as arithmetic on the positions of each rank's cards in the deck; that is
allowed only because ``tests/test_simulate_landsknecht.py`` checks that it
gives exactly the engine's results, deck by deck, for every kind of bet
plan and for void deals.

The formulation (derived from the engine's setup and turn rules, source
diagram-ru, *Dealing the layout*, *Pairs in the layout*,
*First turn*, *Later turns*). For each rank let ``f1`` be the position
(0 = top) of its first card in the deck and ``f2`` that of its second.
Order the ranks by ``f1``: the 1st and 2nd are the layout ranks (every
later card of theirs is laid on a layout pile), the 3rd is the banker's
rank ``c``, the 4th rank ``d`` gives the setup's players' card. Then

* the deal is void when ``f2[c] < f1[d]`` (the banker's card is paired
  before any new rank appears);
* otherwise the deal ends with the card at ``E = f2[c]``; the players'
  cards are the ranks from the 4th on whose ``f1 < E``, in order of ``f1``;
* a players' card of rank ``r`` first seen at ``p = f1[r]`` is live until
  ``f2[r]``; a bet placed on it after ``w`` more turns is placed if the
  deal and the card are still going then (``p + w < E`` and
  ``p + w < f2[r]``), and wins (1 to 1) if ``f2[r] > E``, else loses.

Public API: :class:`BetPlan` (and the ready-made plans :data:`FIRST`,
:data:`EVERY`, :data:`SECOND`, :data:`FIRST_LATE`, :data:`DEFAULT_PLANS`),
:func:`deal_decks` (vectorised, one row per deck), :func:`engine_deal_decks`
(the same through the engine), :func:`simulate` and
:func:`simulate_engine` (many deals from a seed, void deals redealt),
:func:`session_totals`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Sequence

import numpy as np

from ..cards import full_pack
from ..errors import ConfigError, short_repr
from ..i18n import _, ngettext
from ..games import landsknecht as lk
from .common import check_config, deck_array, decks_to_cards, is_whole, run_to_table, session_totals, shuffled_decks

__all__ = [
    "BetPlan",
    "FIRST",
    "EVERY",
    "SECOND",
    "FIRST_LATE",
    "DEFAULT_PLANS",
    "MAX_PLAYERS_CARDS",
    "deal_decks",
    "engine_deal_decks",
    "simulate",
    "simulate_engine",
    "session_totals",
]

_PACK = full_pack()
MAX_PLAYERS_CARDS = len({c.rank for c in _PACK}) - lk.LAYOUT_SIZE - 1
"""At most this many players' cards in a deal: every rank except the two
layout ranks and the banker's (13 - 2 - 1 = 10 with the standard pack)."""
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class _PackShape:
    """Where each rank's cards sit in a config's pack (card indices)."""

    size: int
    ranks: int
    suits: int
    suit_major: bool  # pack index = suit * ranks + column, the same rank in each column
    cards_of_rank: np.ndarray  # (ranks, suits) card indices


@lru_cache(maxsize=None)
def _shape(config: lk.LandsknechtConfig) -> _PackShape:
    pack = config.pack()
    ranks = sorted({c.rank for c in pack})
    suits = len(pack) // len(ranks)
    cards_of_rank = np.array([[i for i, c in enumerate(pack) if c.rank == r] for r in ranks], dtype=np.intp)
    # full_pack() lists the suits one after another, each in the same rank order: then a rank's
    # positions are a strided view (no gather needed). Which column is which rank does not matter.
    suit_major = all(pack[s * len(ranks) + j].rank == pack[j].rank for s in range(suits) for j in range(len(ranks)))
    return _PackShape(len(pack), len(ranks), suits, suit_major, cards_of_rank)


def _config(config) -> lk.LandsknechtConfig:
    return check_config(config, lk.LandsknechtConfig)


@dataclass(frozen=True)
class BetPlan:
    """How one punter bets in every deal: ``stake`` units on one players'
    card (or on each), placed ``wait`` turns after that card appears.

    A bet is placed only if, at that moment, the deal is still going and the
    card is still live (not paired); otherwise the punter does not bet on it
    (net 0, nothing staked). Stakes may not be taken back (source, *Later
    turns*), so a placed bet always runs to the end of the deal.

    Attributes:
        name: a short lower-case name, used as a column prefix
            (``"<name>_net"``, ``"<name>_bets"``) and as the punter's name
            in the engine.
        card: which players' card: 1 is the setup's players' card, 2 the
            first players' card that appears in play, and so on (at most
            :data:`MAX_PLAYERS_CARDS`); ``None`` means every players' card,
            one bet each.
        wait: turns to wait after the card appears before betting (0: at
            once; for card 1, before the first turn).
        stake: units staked per bet, a positive whole number.

    Raises:
        ConfigError: a name that is not lower-case letters, digits and ``_``
            (starting with a letter), a card outside 1..10, a negative or
            non-integer wait, or a stake that is not a positive whole number.
    """

    name: str
    card: int | None = 1
    wait: int = 0
    stake: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise ConfigError(f"a bet plan's name must be lower-case letters, digits and _ "
                              f"(starting with a letter), got {short_repr(self.name)}")
        if self.card is not None and (not is_whole(self.card) or not 1 <= self.card <= MAX_PLAYERS_CARDS):
            raise ConfigError(f"card must be None (every players' card) or a whole number from 1 to "
                              f"{MAX_PLAYERS_CARDS} (which players' card to back), got {short_repr(self.card)}")
        if not is_whole(self.wait) or not 0 <= self.wait < len(_PACK):
            raise ConfigError(f"wait must be a whole number of turns from 0 to {len(_PACK) - 1}, got {short_repr(self.wait)}")
        if not is_whole(self.stake) or not 1 <= self.stake <= 1000:
            raise ConfigError(f"stake must be a whole number of units from 1 to 1000, got {short_repr(self.stake)}")

    @property
    def description(self) -> str:
        """The plan in words, e.g. "1 unit on the first players' card, at once",
        in the language in use (:mod:`banking_games.i18n`)."""
        # TRANSLATORS: the card a plan backs, as it follows "on" in "1 unit on {which}, {when}"
        which = (_("each players' card") if self.card is None else
                 _("the first players' card") if self.card == 1 else
                 _("players' card {number}").format(number=self.card))
        when = (_("at once") if self.wait == 0 else
                ngettext("{n} turn after it appears", "{n} turns after it appears", self.wait).format(n=self.wait))
        return ngettext("{n} unit on {which}, {when}", "{n} units on {which}, {when}", self.stake).format(
            n=self.stake, which=which, when=when)


FIRST = BetPlan("first", card=1)
"""One unit on the setup's players' card, before the first turn."""
EVERY = BetPlan("every", card=None)
"""One unit on each players' card as soon as it appears."""
SECOND = BetPlan("second", card=2)
"""One unit on the first players' card that appears in play (the second players' card), at once."""
FIRST_LATE = BetPlan("first_late", card=1, wait=3)
"""One unit on the setup's players' card, placed only after three turns (if it is still live)."""
DEFAULT_PLANS = (FIRST, EVERY, SECOND, FIRST_LATE)


def _check_plans(plans: Sequence[BetPlan], config: lk.LandsknechtConfig) -> tuple[BetPlan, ...]:
    if isinstance(plans, BetPlan):
        plans = (plans,)
    if isinstance(plans, (str, bytes)) or not hasattr(plans, "__iter__"):
        raise ConfigError(f"plans must be a sequence of BetPlan objects such as (BetPlan('first'),), "
                          f"got {short_repr(plans)}")
    plans = tuple(plans)
    for p in plans:
        if not isinstance(p, BetPlan):
            raise ConfigError(f"bets must be BetPlan objects, got {short_repr(p)}")
    names = [p.name for p in plans]
    if len(set(names)) != len(names):
        raise ConfigError(f"bet plan names must differ, got {names}")
    clash = {"banker", "void", "voids", "cards", "turns", "players"} & set(names)
    if clash:
        raise ConfigError(f"bet plan names {sorted(clash)} are reserved for other columns")
    if config.min_stake is not None or config.max_stake is not None:
        # Let the engine judge each stake against the stake limits (raises StakeError).
        probe_config = replace(config, ranks=13, suits=4)
        probe = lk.LandsknechtDeal(probe_config, deck=probe_config.pack())
        for p in plans:
            probe.place_bet(p.name, probe.players_cards[0], p.stake)
    return plans


def _check_decks(decks, shape: _PackShape) -> np.ndarray:
    return deck_array(decks, shape.size, orderings=False)  # rows from shuffled_decks; not re-checked


# --------------------------------------------------------------------- vectorised

def _first_two_positions(decks: np.ndarray, shape: _PackShape) -> tuple[np.ndarray, np.ndarray]:
    """For each deck and rank, the positions of the rank's first and second card (int8, (n, ranks))."""
    n, size = decks.shape
    pos = np.empty((n, size), dtype=np.int8)  # positions < 52: int8 halves the memory traffic
    np.put_along_axis(pos, decks.astype(np.intp), np.broadcast_to(np.arange(size, dtype=np.int8), (n, size)),
                      axis=1)
    if shape.suit_major:
        p = pos.reshape(n, shape.suits, shape.ranks)  # [deck, suit, rank column]: a view
    else:  # pragma: no cover - no pack of the engine is ordered otherwise
        p = pos[:, shape.cards_of_rank].transpose(0, 2, 1)
    if shape.suits == 4:  # a sorting network for the two smallest of four
        a, b, c, d = p[:, 0], p[:, 1], p[:, 2], p[:, 3]
        lo1, hi1 = np.minimum(a, b), np.maximum(a, b)
        lo2, hi2 = np.minimum(c, d), np.maximum(c, d)
        return np.minimum(lo1, lo2), np.minimum(np.maximum(lo1, lo2), np.minimum(hi1, hi2))
    q = np.sort(p, axis=1)
    return q[:, 0], q[:, 1]


def deal_decks(decks: np.ndarray, plans: Sequence[BetPlan] = DEFAULT_PLANS, *,
               config: lk.LandsknechtConfig | None = None) -> dict[str, np.ndarray]:
    """Deal each deck once (vectorised) with the given bet plans; void deals are not redealt.

    Args:
        decks: ``int`` array ``(n, pack size)`` of card indices into the
            config's pack (:func:`~banking_games.cards.full_pack` by
            default), top card first, as from
            :func:`~banking_games.simulate.common.shuffled_decks`.
        plans: the :class:`BetPlan` objects (names must differ).
        config: a :class:`~banking_games.games.landsknecht.LandsknechtConfig`:
            its pack (``ranks``, ``suits``) and stake limits (checked against
            the plans' stakes by the engine).

    Returns:
        A dict of ``(n,)`` arrays, one entry per deck: ``void`` (bool),
        ``cards`` (cards dealt from the pack in the deal, setup included),
        ``turns`` (cards turned in play), ``players_cards``, for each plan
        ``<name>_net`` (punter's net, units) and ``<name>_bets`` (bets
        placed), and ``banker_net``. A void deal has 0 turns, players' cards
        and bets.

    Raises:
        ConfigError: bad plans or config. StakeError: a stake outside the
        limits. ConfigError (a ValueError): decks of the wrong shape.
    """
    config = _config(config)
    plans = _check_plans(plans, config)
    shape = _shape(config)
    decks = _check_decks(decks, shape)
    n = decks.shape[0]
    f1, f2 = _first_two_positions(decks, shape)
    order = np.argsort(f1, axis=1)  # rank columns in order of first appearance
    at = lk.LAYOUT_SIZE  # the banker's rank is the third to appear
    f1_banker = np.take_along_axis(f1, order[:, at:at + 1], axis=1)[:, 0]
    end = np.take_along_axis(f2, order[:, at:at + 1], axis=1)[:, 0]  # the banker's card's pair: the last card
    if shape.ranks > at + 1:
        f1_next = np.take_along_axis(f1, order[:, at + 1:at + 2], axis=1)[:, 0]  # the setup's players' card
        void = end < f1_next
    else:  # no fourth rank: every deal is void
        f1_next = end
        void = np.ones(n, dtype=bool)
    live = ~void
    players = (f1 > f1_banker[:, None]) & (f1 < end[:, None])  # players' ranks (none if void)
    wins = f2 > end[:, None]  # a players' rank whose pair comes after the banker's pair
    out: dict[str, np.ndarray] = {
        "void": void,
        "cards": (end + 1).astype(np.int8),
        "turns": np.where(void, 0, end - f1_next).astype(np.int8),
        "players_cards": players.sum(axis=1, dtype=np.int8),
    }
    banker_net = np.zeros(n, dtype=np.int32)
    for plan in plans:
        if plan.card is None:
            # placed after `wait` more turns if the deal and the card are still going (no int8 overflow:
            # wait < 52, so end - wait >= -51)
            placed = players & (f1 < (end - plan.wait)[:, None]) & (f2 - f1 > plan.wait)
            won = placed & wins
            bets = placed.sum(axis=1, dtype=np.int8)
            net = plan.stake * (2 * won.sum(axis=1, dtype=np.int32) - bets)
        elif at + plan.card < shape.ranks:
            column = order[:, at + plan.card:at + plan.card + 1]
            p = np.take_along_axis(f1, column, axis=1)[:, 0]
            q = np.take_along_axis(f2, column, axis=1)[:, 0]
            placed = live & (p < end - plan.wait) & (q - p > plan.wait)
            bets = placed.astype(np.int8)
            net = np.where(placed, np.where(q > end, plan.stake, -plan.stake), 0)
        else:  # the pack has too few ranks for this players' card
            bets, net = np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int32)
        out[f"{plan.name}_net"] = net.astype(np.int16)  # |net| <= 1000 * 10
        out[f"{plan.name}_bets"] = bets
        banker_net -= net
    out["banker_net"] = banker_net
    return out


# --------------------------------------------------------------------- engine loop

def engine_deal_decks(decks: np.ndarray, plans: Sequence[BetPlan] = DEFAULT_PLANS, *,
                      config: lk.LandsknechtConfig | None = None) -> dict[str, np.ndarray]:
    """The same as :func:`deal_decks`, by a plain loop over the rules engine:
    each deck becomes a :class:`~banking_games.games.landsknecht.LandsknechtDeal`,
    each plan's bets are placed with ``place_bet`` when due, and the cards
    are turned one by one until the deal is over. Slow; for checking and
    benchmarks. Same arguments, same result, same errors.
    """
    config = _config(config)
    plans = _check_plans(plans, config)
    shape = _shape(config)
    decks = _check_decks(decks, shape)
    pack = config.pack()
    n = decks.shape[0]
    rows = {"void": np.zeros(n, bool), "cards": np.zeros(n, np.int8), "turns": np.zeros(n, np.int8),
            "players_cards": np.zeros(n, np.int8)}
    for plan in plans:
        rows[f"{plan.name}_net"] = np.zeros(n, np.int16)
        rows[f"{plan.name}_bets"] = np.zeros(n, np.int8)
    rows["banker_net"] = np.zeros(n, np.int32)
    for i, cards in enumerate(decks_to_cards(decks, pack)):
        deal = lk.LandsknechtDeal(config, deck=cards)
        if not deal.is_void:
            appeared = [(deal.players_cards[0], 0)]  # (players' card, turn it appeared)
            while not deal.is_over:
                for plan in plans:
                    due = appeared if plan.card is None else appeared[plan.card - 1:plan.card]
                    for card, turn in due:
                        if deal.turns == turn + plan.wait and deal.is_live(card):
                            deal.place_bet(plan.name, card, plan.stake)
                event = deal.turn()
                if event.kind == lk.PLAYERS_CARD:
                    appeared.append((event.card, event.turn))
        settlement = deal.settle()
        rows["void"][i] = deal.is_void
        rows["cards"][i] = len(pack) - deal.cards_left
        rows["turns"][i] = deal.turns
        rows["players_cards"][i] = len(deal.players_cards)
        for plan in plans:
            rows[f"{plan.name}_net"][i] = int(settlement.player_net.get(plan.name, 0))
            rows[f"{plan.name}_bets"][i] = sum(1 for b in deal.bets if b.player == plan.name)
        rows["banker_net"][i] = int(settlement.banker_net)
    return rows


# --------------------------------------------------------------------- many deals

def _redealt(deal_fn: Callable[[np.ndarray], dict], size: int, k: int, gen: np.random.Generator) -> dict:
    """``k`` deals that are not void, each void deal redealt from a fresh
    shuffle (source, *Pairs in the layout*, rule 3), as
    :func:`~banking_games.games.landsknecht.new_deal` does.

    The decks are read as one stream from ``gen``: deal i uses the i-th
    deck that is not void, and ``voids`` counts the void decks just before
    it. Drawing exactly as many decks as are still missing keeps the stream
    the same however the deals are split into chunks.
    """
    parts, need = [], k
    while need:
        part = deal_fn(shuffled_decks(need, size, gen))
        parts.append(part)
        need = int(part["void"].sum())
    stream = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    void = stream.pop("void")
    keep = np.flatnonzero(~void)
    voids_so_far = np.cumsum(void)[keep]
    out = {"voids": np.diff(voids_so_far, prepend=0).astype(np.int16)}
    out |= {key: value[keep] for key, value in stream.items()}
    out["decks"] = int(void.size)
    return out


def _one_by_one(deal_fn: Callable[[np.ndarray], dict], size: int, k: int, gen: np.random.Generator) -> dict:
    """``k`` shuffles, void or not, one deal each (no redeal)."""
    out = deal_fn(shuffled_decks(k, size, gen))
    out["decks"] = k
    return out


def _run(deal_fn, n_deals, rng, config, redeal_void, chunk_size, progress, as_frame, desc):
    if redeal_void and config.always_void:
        raise ConfigError(f"with {config.ranks} ranks every deal is void, so redealing never ends; "
                          f"use redeal_void=False or at least {lk.MIN_DEALABLE_RANKS} ranks")
    size = _shape(config).size
    step = _redealt if redeal_void else _one_by_one
    return run_to_table(lambda k, g: step(deal_fn, size, k, g), n_deals, rng, chunk_size=chunk_size,
                        progress=progress, as_frame=as_frame, desc=desc, attrs={"redeal_void": redeal_void},
                        counts=("decks",))


def simulate(n_deals: int, plans: Sequence[BetPlan] = DEFAULT_PLANS, rng=0, *, redeal_void: bool = True,
             config: lk.LandsknechtConfig | None = None, chunk_size: int = 100_000,
             progress: bool = False, as_frame: bool = True):
    """Simulate ``n_deals`` Landsknecht deals (vectorised), each with every
    plan's bets.

    Args:
        n_deals: how many deals (a positive whole number).
        plans: the :class:`BetPlan` objects; default :data:`DEFAULT_PLANS`.
        rng: an ``int`` seed or a ``numpy.random.Generator``.
        redeal_void: if true (the rule: source, *Pairs in the layout*, rule
            3), a void deal is redealt from a fresh shuffle and each row is a
            deal that was played, with ``voids`` counting the void deals
            just before it; if false, each row is one shuffle, void or not,
            with a ``void`` column.
        config: a :class:`~banking_games.games.landsknecht.LandsknechtConfig`:
            its pack (``ranks``, ``suits``; the 52-card pack by default) and
            stake limits (the engine checks the plans' stakes against them).
        chunk_size: deals per chunk: memory while running is about 1 kB a
            deal of the chunk; the results take about 20 bytes a deal.
        progress: show a tqdm progress bar; Ctrl-C (or Jupyter's stop
            button) stops after the current chunk, with a warning, and the
            deals done are returned.
        as_frame: return a pandas DataFrame (default) or a dict of numpy arrays.

    Returns:
        A DataFrame with one row per deal and the columns of
        :func:`deal_decks` (``voids`` instead of ``void`` when redealing);
        ``attrs`` hold ``seed``, ``deals``, ``decks`` (shuffles used, void
        ones included) and ``redeal_void``. With ``as_frame=False``, a dict
        of arrays plus ``deals`` and ``decks`` entries.

    Raises:
        ConfigError: bad plans or config (or redealing a pack whose every
        deal is void). StakeError: a stake outside the config's limits.
        ConfigError (a ValueError): a bad ``n_deals`` or ``chunk_size``. SeedError (a TypeError): a bad ``rng``.

    The decks are those of :func:`~banking_games.simulate.common.shuffled_decks`
    read as one stream, so the results do not depend on ``chunk_size``, and
    :func:`simulate_engine` with the same arguments gives the same table.
    """
    config = _config(config)
    plans = _check_plans(plans, config)
    return _run(lambda decks: deal_decks(decks, plans, config=config), n_deals, rng, config, redeal_void,
                chunk_size, progress, as_frame, "Landsknecht deals")


def simulate_engine(n_deals: int, plans: Sequence[BetPlan] = DEFAULT_PLANS, rng=0, *, redeal_void: bool = True,
                    config: lk.LandsknechtConfig | None = None, chunk_size: int = 10_000,
                    progress: bool = False, as_frame: bool = True):
    """:func:`simulate` by a plain loop over the rules engine
    (:func:`engine_deal_decks`) on the same decks: same arguments, same
    table, about a thousand times slower."""
    config = _config(config)
    plans = _check_plans(plans, config)
    return _run(lambda decks: engine_deal_decks(decks, plans, config=config), n_deals, rng, config,
                redeal_void, chunk_size, progress, as_frame, "Landsknecht deals (engine)")
