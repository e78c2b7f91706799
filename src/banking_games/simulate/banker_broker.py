"""Banker and Broker by simulation: many deals from a seed, with stakes on
the players' sections, vectorised with numpy; and the same deals played
through the rules engine (:mod:`banking_games.games.banker_broker`) for
checking and benchmarks.

The rules live in the engine. The vectorised simulator re-expresses them as
array arithmetic; that is allowed only because
``tests/test_simulate_banker_broker.py`` checks that it gives exactly the
engine's results, deal by deal, for every sectioning option, tie rule,
bottom-card option and bet timing.

The formulation (derived from the engine, source diagram1979 (Banker and Broker),
Play 1-4 and Options 1, 3 and 4). A deal is a deck (a row of card numbers
into ``config.pack()``, top first) and the sizes of the ``k`` sections in
play, cut off the top in order. Section ``i``'s bottom card lies at deck
position ``size_1 + ... + size_i - 1``; the banker's section is the last
(``k``-th); a bet on players' section ``i < k`` wins even money if its
bottom card outranks the banker's, loses if lower, and on equal ranks loses
(bank wins ties) or is returned (stake returned). Under the discard option
the sizes add up to one less than the pack; with an unused bottom section
to less than that.

Random section sizes follow the engine's rule: the cut points are a
uniformly random set of distinct gaps between cards (``k - 1`` of the gaps
inside the pack less its bottom card under discard, ``k`` of the gaps
inside the whole pack with an unused section).

A faster method (``method="fast"`` of :func:`simulate`) shuffles no deck:
only the ``k`` bottom cards matter, and in a shuffled pack the cards at any
``k`` fixed positions are a uniformly random ordered choice of ``k``
distinct cards, whatever the section sizes (the exact analysis,
:mod:`banking_games.exact.banker_broker`, says the same and checks it
through the engine). So it draws ``k`` distinct cards, one small random
integer each: the banker's card first, then each players' section's card
among the cards left, seen only as higher than, equal to or lower than the
banker's (sampling without replacement by exact integer comparisons, see
:func:`fast_deals`). Its deals are not the deck method's, but have the same
distribution; the test file checks that exactly on small packs (every
sequence of draws against every deck order dealt by the engine) and
statistically on the real one.

Public API: :func:`section_count_for`, :func:`random_sizes`,
:func:`deal_decks` (vectorised, one row per deck), :func:`engine_deal_decks`
(the same through the engine), :func:`simulate` and :func:`simulate_engine`
(many deals from a seed), :func:`bankroll_paths`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from ..checks import whole_number
from ..errors import ConfigError, short_repr
from ..games import banker_broker as bb
from .common import check_config, deck_array, decks_to_cards, is_whole, run_to_table, session_totals, shuffled_decks

__all__ = [
    "METHODS",
    "section_count_for",
    "random_sizes",
    "deal_decks",
    "engine_deal_decks",
    "fast_deals",
    "simulate",
    "simulate_engine",
    "bankroll_paths",
    "session_totals",
]

METHODS = ("decks", "fast")
"""The methods of :func:`simulate`: ``"decks"`` deals shuffled decks cut
into random sections (the engine's results deal by deal), ``"fast"`` draws
only the sections' bottom cards (the same distribution)."""


def _config(config) -> bb.BankerBrokerConfig:
    return check_config(config, bb.BankerBrokerConfig)


def section_count_for(config: bb.BankerBrokerConfig | None = None, punters: int | None = None,
                      n_sections: int | None = None) -> tuple[int, int]:
    """``(punters, sections in play)`` for a simulation, as the engine counts them
    (:func:`~banking_games.games.banker_broker.section_count`).

    Args:
        config: the rules (default :class:`~banking_games.games.banker_broker.BankerBrokerConfig`).
        punters: punters at the table. Default: under option 3(a) as many as
            the section limit allows (``section_limit - 1``), else one.
        n_sections: the sections in play, the banker's included: required
            under option 3(c) (the same number every deal), fixed by the
            engine otherwise.

    Raises:
        ConfigError: as :func:`~banking_games.games.banker_broker.section_count`.
    """
    config = _config(config)
    if punters is None:
        punters = config.section_limit - 1 if config.sectioning is bb.Sectioning.ONE_EACH else 1
        punters = min(punters, config.pack_size - 2) if config.sectioning is bb.Sectioning.ONE_EACH else punters
    return punters, bb.section_count(config, punters, n_sections)


@dataclass(frozen=True)
class _Setup:
    config: bb.BankerBrokerConfig
    punters: int
    k: int  # sections in play, the banker's (last) included
    stakes: tuple[int, ...]  # per players' section (k - 1 entries, 0 = no bet)
    ranks: np.ndarray  # rank of each card number


@lru_cache(maxsize=None)
def _ranks(config: bb.BankerBrokerConfig) -> np.ndarray:
    return np.array([c.rank for c in config.pack()], dtype=np.int8)


def _setup(config, punters, n_sections, stakes) -> _Setup:
    config = _config(config)
    punters, k = section_count_for(config, punters, n_sections)
    if is_whole(stakes):
        stakes = (int(stakes),) * (k - 1)
    stakes = tuple(stakes) if isinstance(stakes, (list, tuple, np.ndarray)) else (stakes,)
    if len(stakes) != k - 1 or not all(is_whole(s) and 0 <= s <= 1000 for s in stakes) or not any(stakes):
        raise ConfigError(f"stakes must be a whole number of units from 1 to 1000 (on every players' section) or "
                          f"{k - 1} whole numbers from 0 to 1000 (one per players' section, 0 for no bet, "
                          f"at least one bet); got {short_repr(stakes)}")
    if config.sectioning is bb.Sectioning.ONE_EACH and punters != k - 1:  # pragma: no cover - engine guarantees
        raise ConfigError("option 3(a): one section per punter")
    return _Setup(config, punters, k, tuple(int(s) for s in stakes), _ranks(config))


# --------------------------------------------------------------------- random section sizes

def _without_replacement(draws: Sequence[np.ndarray], population: int) -> np.ndarray:
    """Turn draws ``x_j`` uniform on ``0 .. population - j - 1`` (``j = 0, 1, ...``)
    into distinct values of ``0 .. population - 1`` by the first steps of a
    Fisher-Yates shuffle of ``0 .. population - 1``: step ``j`` swaps place
    ``j`` with place ``j + x_j`` and takes the value now at place ``j``. Each
    ordered choice comes from exactly one draw sequence, so a uniform draw
    sequence gives a uniformly random ordered choice.

    The shuffle is kept sparse: only the places that earlier steps wrote to
    are remembered (step ``i`` leaves the value it displaced, ``w_i``, at
    place ``t_i = i + x_i``), so ``m`` draws cost ``m (m - 1) / 2`` vectorised
    comparisons and no array of the whole population per deal. The place
    ``p`` holds the ``w_i`` of the latest step ``i`` with ``t_i = p``, or
    ``p`` itself if no step wrote there.

    Returns:
        ``int16`` array ``(n, number of draws)``: the values in the order taken.
    """
    n, m = (draws[0].shape[0] if draws else 0), len(draws)
    out = np.empty((n, m), dtype=np.int16)
    targets: list[np.ndarray] = []  # t_i
    moved: list[np.ndarray] = []  # w_i
    for j, x in enumerate(draws):
        there = x.astype(np.int16) + np.int16(j)  # t_j
        here = np.full(n, j, dtype=np.int16)  # the value at place j now
        taken = there.copy()  # the value at place t_j now
        for t, w in zip(targets, moved):  # earliest first, so the latest write wins
            np.copyto(here, w, where=t == j)
            np.copyto(taken, w, where=t == there)
        out[:, j] = taken
        targets.append(there)
        moved.append(here)  # place j's value goes to place t_j (itself when x_j = 0)
    return out


def _distinct_sorted(gen: np.random.Generator, n: int, gaps: int, m: int) -> np.ndarray:
    """``m`` distinct integers from ``0..gaps-1`` per row, uniformly, sorted: ``(n, m)`` int16."""
    if m == 0:
        return np.zeros((n, 0), dtype=np.int16)
    if m <= 8:
        draws = [gen.integers(0, gaps - j, size=n, dtype=np.int16) for j in range(m)]
        cols = list(_without_replacement(draws, gaps).T)
        for r in range(m):  # odd-even transposition sort of the m columns (m rounds sort any order)
            for i in range(r % 2, m - 1, 2):
                cols[i], cols[i + 1] = np.minimum(cols[i], cols[i + 1]), np.maximum(cols[i], cols[i + 1])
        return np.stack(cols, axis=1)
    keys = gen.random((n, gaps))  # ties have probability about 2**-53
    return np.sort(np.argpartition(keys, m - 1, axis=1)[:, :m], axis=1).astype(np.int16)


def random_sizes(n: int, config: bb.BankerBrokerConfig, k: int, gen: np.random.Generator) -> np.ndarray:
    """Section sizes of ``n`` deals with ``k`` sections in play, drawn as the
    engine's :meth:`~banking_games.games.banker_broker.BankerBrokerDeal.cut`
    draws them (uniform cut points among the gaps between cards).

    Returns:
        ``int16`` array ``(n, k)``, top section first.
    """
    config = _config(config)
    n = whole_number(n, "n", low=0, rule="n (deals) must be a whole number 0 or more")
    k = whole_number(k, "k", low=2, high=config.pack_size - 1,
                     rule=f"k (sections in play, the banker's included) must be a whole number from 2 to "
                          f"{config.pack_size - 1}")
    return np.diff(_cut_points(n, config, k, gen), axis=1, prepend=0).astype(np.int16)


def _cut_points(n: int, config: bb.BankerBrokerConfig, k: int, gen: np.random.Generator) -> np.ndarray:
    """The cut points of :func:`random_sizes` (the same random numbers): where each section
    ends, ``(n, k)`` int16, increasing; section ``i``'s bottom card lies at position ``point_i - 1``."""
    usable = config.pack_size - 1
    if config.bottom_card is bb.BottomCard.DISCARD:
        points = _distinct_sorted(gen, n, usable - 1, k - 1) + np.int16(1)
        return np.concatenate([points, np.full((n, 1), usable, dtype=np.int16)], axis=1)
    return _distinct_sorted(gen, n, usable, k) + np.int16(1)


# --------------------------------------------------------------------- vectorised

def _check(decks, sizes, s: _Setup) -> tuple[np.ndarray, np.ndarray]:
    size = s.config.pack_size
    decks = deck_array(decks, size)
    sizes = np.asarray(sizes)
    if sizes.shape != (decks.shape[0], s.k) or not np.issubdtype(sizes.dtype, np.integer):
        raise ConfigError(f"sizes must be an integer array of shape ({decks.shape[0]}, {s.k}), one size per "
                         f"section in play, got {sizes.dtype} {sizes.shape}")
    total = sizes.sum(axis=1)
    usable = size - 1
    discard = s.config.bottom_card is bb.BottomCard.DISCARD
    bad_total = (total != usable) if discard else (total > usable)
    if sizes.size and (sizes.min() < 1 or bad_total.any()):
        rule = f"add up to {usable}" if discard else f"add up to at most {usable}"
        raise ConfigError(f"section sizes must be at least 1 and {rule} (bottom card option "
                         f"{short_repr(s.config.bottom_card.value)})")
    return decks, sizes


def _settle(bottom_ranks: np.ndarray, s: _Setup) -> dict[str, np.ndarray]:
    """Per-deal columns from the bottom cards' ranks ``(n, k)``, the banker's last."""
    n = bottom_ranks.shape[0]
    banker = bottom_ranks[:, -1]
    cmp = np.sign(bottom_ranks[:, :-1].astype(np.int8) - banker[:, None])  # (n, k-1): 1, 0, -1
    tie_net = -1 if s.config.tie_rule is bb.TieRule.BANK_WINS else 0
    out: dict[str, np.ndarray] = {"banker_rank": banker.astype(np.int8),
                                  "ties": (cmp == 0).sum(axis=1, dtype=np.int8)}
    punters = np.zeros(n, dtype=np.int32)
    for i, stake in enumerate(s.stakes):
        if not stake:
            continue
        c = cmp[:, i]
        per_unit = np.where(c == 0, np.int8(tie_net), c)  # win +1, lose -1, tie -1 or 0
        net = per_unit.astype(np.int16) * np.int16(stake)
        out[f"s{i + 1}_net"] = net
        punters += net
    out["punters_net"] = punters
    out["banker_net"] = -punters
    return out


def _bottoms(decks: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    positions = np.cumsum(sizes, axis=1, dtype=np.intp) - 1
    return np.take_along_axis(decks, positions, axis=1)


def deal_decks(decks: np.ndarray, sizes: np.ndarray, *, config: bb.BankerBrokerConfig | None = None,
               punters: int | None = None, n_sections: int | None = None, stakes=1) -> dict[str, np.ndarray]:
    """Deal each deck once (vectorised), cut into the given sections.

    Args:
        decks: integer array ``(n, pack size)`` of card numbers into
            ``config.pack()`` (the 52-card pack by default), top first, as
            from :func:`~banking_games.simulate.common.shuffled_decks`.
        sizes: integer array ``(n, k)``: each deal's section sizes, top
            first, for the ``k`` sections in play (see :func:`random_sizes`).
        config: a :class:`~banking_games.games.banker_broker.BankerBrokerConfig`
            (sectioning, tie rule, bottom card, pack).
        punters, n_sections: as for :func:`section_count_for`.
        stakes: units on each players' section: one whole number for every
            section, or one per players' section (0 for no bet). Under
            option 3(a) section ``i`` is punter ``i``'s own.

    Returns:
        A dict of ``(n,)`` arrays: ``banker_rank`` (2-14, ace 14), ``ties``
        (players' sections whose bottom card ties the banker's, bet on or
        not), ``s<i>_net`` for each section ``i`` with a stake (the
        punter's net in units), ``punters_net`` and ``banker_net``.

    Raises:
        ConfigError: bad config, punters, sections or stakes.
        ConfigError (a ValueError): decks or sizes of the wrong shape, or sizes that do not
            fit the bottom-card option.
    """
    s = _setup(config, punters, n_sections, stakes)
    decks, sizes = _check(decks, sizes, s)
    return _settle(s.ranks[_bottoms(decks, sizes)], s)


@lru_cache(maxsize=None)
def _counts_beside(config: bb.BankerBrokerConfig) -> tuple[np.ndarray, np.ndarray]:
    """For each card number: how many OTHER cards of the pack rank higher, and how many rank equal."""
    r = _ranks(config).astype(np.int16)
    higher = (r[None, :] > r[:, None]).sum(axis=1).astype(np.int16)
    equal = ((r[None, :] == r[:, None]).sum(axis=1) - 1).astype(np.int16)
    return higher, equal


def _fast_draws(n: int, gen: np.random.Generator, n_cards: int, k: int) -> list[np.ndarray]:
    """The fast method's random numbers: for ``j = 0 .. k-1``, ``n`` integers uniform on ``0 .. n_cards - j - 1``."""
    return [gen.integers(0, n_cards - j, size=n, dtype=np.int16) for j in range(k)]


def _fast_settle(draws: Sequence[np.ndarray], s: _Setup, into=None) -> dict[str, np.ndarray]:
    """Deals from the fast method's draws, with the columns of :func:`_settle`.

    ``draws[0]`` picks the banker's card among the ``N`` cards. Each later
    draw ``draws[i]`` (uniform on ``0 .. N-1-i``) picks section ``i``'s card
    among the ``N - i`` cards not yet drawn, which lie, from the draw's point
    of view, as ``H`` cards ranking above the banker's, then ``E`` of equal
    rank, then the rest: the draw is higher when below ``H``, a tie when
    below ``H + E``, and the counts left are updated (sampling without
    replacement, an exact integer comparison; each card not yet drawn is
    equally likely). The order in which the sections are drawn does not
    matter: any order gives a uniformly random ordered choice of distinct
    cards, the law of the bottom cards of a shuffled pack. ``into``: arrays
    to write the sections' nets into (see
    :func:`~banking_games.simulate.common.run_in_chunks`), when given.
    """
    higher, equal = _counts_beside(s.config)
    banker_card = draws[0].astype(np.intp)
    left_high = higher[banker_card]  # cards left above the banker's (a fresh array: a gather)
    left_up = left_high + equal[banker_card]  # cards left above or equal to it
    n = banker_card.shape[0]
    bank_wins = s.config.tie_rule is bb.TieRule.BANK_WINS
    wins = np.zeros(n, dtype=np.int8)  # players' sections above the banker's card
    ups = _buffer(into, "ties", n, np.int8)  # ... above or equal (then less the wins: the ties)
    ups.fill(0)
    out: dict[str, np.ndarray] = {"banker_rank": np.take(s.ranks, banker_card,
                                                         out=_buffer(into, "banker_rank", n, np.int8)),
                                  "ties": ups}
    same_stake = len(set(s.stakes)) == 1
    punters = None if same_stake else _buffer(into, "punters_net", n, np.int32)
    if punters is not None:
        punters.fill(0)
    for i, stake in enumerate(s.stakes):
        x = draws[i + 1]
        win = x < left_high
        up = x < left_up  # a win or a tie
        left_high -= win
        left_up -= up
        wins += win
        ups += up
        if not stake:
            continue
        # per unit: win +1, lose -1, tie -1 (bank wins: 2 win - 1) or 0 (stake returned: win + up - 1)
        net = _buffer(into, f"s{i + 1}_net", n, np.int16)
        np.add(win, win if bank_wins else up, out=net, dtype=np.int16)
        net -= np.int16(1)
        if stake != 1:
            net *= np.int16(stake)
        out[f"s{i + 1}_net"] = net
        if punters is not None:
            punters += net
    if punters is None:  # the same stake on every section: the total from the counts
        m, stake = len(s.stakes), s.stakes[0]
        punters = np.add(wins, wins if bank_wins else ups, out=_buffer(into, "punters_net", n, np.int32),
                         dtype=np.int32)
        punters -= m
        if stake != 1:
            punters *= stake
    ups -= wins  # the ties
    out["punters_net"] = punters
    out["banker_net"] = np.negative(punters, out=_buffer(into, "banker_net", n, np.int32))
    return out


def _buffer(into, key: str, n: int, dtype) -> np.ndarray:
    """``into[key]`` if it is an ``(n,)`` array of ``dtype`` (see
    :func:`~banking_games.simulate.common.run_in_chunks`), else a new empty one."""
    array = into.get(key) if into else None
    if array is not None and array.shape == (n,) and array.dtype == dtype:
        return array
    return np.empty(n, dtype=dtype)


def fast_deals(n: int, gen: np.random.Generator, *, config: bb.BankerBrokerConfig | None = None,
               punters: int | None = None, n_sections: int | None = None, stakes=1) -> dict[str, np.ndarray]:
    """``n`` deals by the fast method (see the module docstring): the ``k``
    bottom cards drawn directly, ``k`` integers a deal (on ``0..N-1``,
    ``0..N-2``, ...; the banker's card first, then each players' section's
    card among those left, compared with the banker's as it is drawn). Same
    columns and distribution as :func:`deal_decks` on shuffled decks with
    random sizes; not the same deals."""
    n = whole_number(n, "n", low=0, rule="n (deals) must be a whole number 0 or more")
    s = _setup(config, punters, n_sections, stakes)
    return _fast_settle(_fast_draws(n, gen, s.config.pack_size, s.k), s)


# --------------------------------------------------------------------- engine loop

def engine_deal_decks(decks: np.ndarray, sizes: np.ndarray, *, config: bb.BankerBrokerConfig | None = None,
                      punters: int | None = None, n_sections: int | None = None,
                      stakes=1) -> dict[str, np.ndarray]:
    """The same as :func:`deal_decks`, by a plain loop over the rules engine:
    each deck becomes a :class:`~banking_games.games.banker_broker.BankerBrokerDeal`
    (punters ``P1``, ``P2``, ...; bets placed before or after the cut as the
    config says: under 3(a) each punter on their own section, otherwise
    ``P1`` on every section with a stake), cut with the given sizes, played
    out and settled. Slow; for checking and benchmarks.
    """
    s = _setup(config, punters, n_sections, stakes)
    decks, sizes = _check(decks, sizes, s)
    config = s.config
    names = [f"P{i + 1}" for i in range(s.punters)]
    n_sections = s.k if config.sectioning is bb.Sectioning.ANY else None
    n = decks.shape[0]
    out = {"banker_rank": np.zeros(n, np.int8), "ties": np.zeros(n, np.int8)}
    out |= {f"s{i + 1}_net": np.zeros(n, np.int16) for i, st in enumerate(s.stakes) if st}
    out |= {"punters_net": np.zeros(n, np.int32), "banker_net": np.zeros(n, np.int32)}
    one_each = config.sectioning is bb.Sectioning.ONE_EACH

    def place(deal):
        for i, stake in enumerate(s.stakes):
            if stake:
                deal.bet(names[i] if one_each else names[0], stake, i + 1)

    for r, cards in enumerate(decks_to_cards(decks, config.pack())):
        deal = bb.BankerBrokerDeal(config, names, deck=cards, n_sections=n_sections)
        if config.bet_timing is bb.BetTiming.BEFORE_CUT:
            place(deal)
            deal.cut([int(x) for x in sizes[r]])
        else:
            deal.cut([int(x) for x in sizes[r]])
            place(deal)
        deal.play_out()
        settlement = deal.settle()
        banker_card = deal.banker_card
        out["banker_rank"][r] = banker_card.rank
        out["ties"][r] = sum(1 for i in deal.player_section_numbers
                             if bb.compare(deal.sections[i - 1].bottom, banker_card) == 0)
        for res, b in zip(settlement.results, deal.bets):
            out[f"s{b.section}_net"][r] = int(res.net)
        out["punters_net"][r] = int(sum(settlement.player_net.values()))
        out["banker_net"][r] = int(settlement.banker_net)
    return out


# --------------------------------------------------------------------- many deals

def _run(chunk_fn, n_deals, rng, chunk_size, progress, as_frame, attrs, desc):
    return run_to_table(chunk_fn, n_deals, rng, chunk_size=chunk_size, progress=progress, as_frame=as_frame,
                        desc=desc, attrs=attrs)


def simulate(n_deals: int, config: bb.BankerBrokerConfig | None = None, rng=0, *, punters: int | None = None,
             n_sections: int | None = None, stakes=1, method: str = "decks", chunk_size: int = 100_000,
             progress: bool = False, as_frame: bool = True):
    """Simulate ``n_deals`` deals of Banker and Broker (vectorised) with the same stakes every deal.

    Args:
        n_deals: how many deals (a positive whole number).
        config: a :class:`~banking_games.games.banker_broker.BankerBrokerConfig`
            (every option: bottom card, bet timing, sectioning, tie rule, pack;
            the bank change does not enter a single deal: the banker here is
            the same throughout).
        rng: an ``int`` seed or a ``numpy.random.Generator``.
        punters, n_sections, stakes: as for :func:`deal_decks` (one unit on
            every players' section by default).
        method: ``"decks"`` (default): shuffled decks (:func:`~banking_games.simulate.common.shuffled_decks`)
            and random section sizes (:func:`random_sizes`), per chunk in that
            order; :func:`simulate_engine` with the same arguments gives the
            same table. ``"fast"``: only the bottom cards are drawn (same
            distribution, different deals).
        chunk_size: deals per chunk: about 0.2 kB a deal of the chunk while
            running; the results take 10 bytes a deal plus 2 per section bet on.
        progress: a tqdm progress bar; Ctrl-C (or Jupyter's stop button)
            stops after the current chunk, with a warning.
        as_frame: a pandas DataFrame (default) or a dict of numpy arrays.

    Returns:
        One row per deal with the columns of :func:`deal_decks`; ``attrs``
        hold ``seed``, ``deals``, ``method``, ``sections``, ``punters``
        and the config's ``describe()``. The results depend on
        ``chunk_size`` (each chunk draws its decks, then its sizes), not
        their distribution.

    Raises:
        ConfigError: bad config, punters, sections, stakes or method.
        ConfigError (a ValueError): a bad ``n_deals`` or ``chunk_size``. SeedError (a TypeError): a bad ``rng``.
    """
    s = _setup(config, punters, n_sections, stakes)
    if method not in METHODS:
        raise ConfigError(f"method must be one of {METHODS}, got {short_repr(method)}")
    size = s.config.pack_size
    if method == "decks":
        def chunk(k, g):
            decks = shuffled_decks(k, size, g)
            positions = _cut_points(k, s.config, s.k, g).astype(np.intp)  # the sizes of random_sizes, summed
            positions -= 1
            return _settle(s.ranks[np.take_along_axis(decks, positions, axis=1)], s)
    else:
        def chunk(k, g, into=None):
            return _fast_settle(_fast_draws(k, g, size, s.k), s, into)

        chunk.fills_into = True
    attrs = {"method": method, "sections": s.k, "punters": s.punters, "config": s.config.describe()}
    return _run(chunk, n_deals, rng, chunk_size, progress, as_frame, attrs, f"Banker and Broker deals ({method})")


def simulate_engine(n_deals: int, config: bb.BankerBrokerConfig | None = None, rng=0, *,
                    punters: int | None = None, n_sections: int | None = None, stakes=1,
                    chunk_size: int = 100_000, progress: bool = False, as_frame: bool = True):
    """:func:`simulate` (``method="decks"``) by a plain loop over the rules
    engine (:func:`engine_deal_decks`) on the same decks and sizes: same
    arguments (give the same ``chunk_size``), same table."""
    s = _setup(config, punters, n_sections, stakes)
    size = s.config.pack_size
    n_sections = s.k if s.config.sectioning is bb.Sectioning.ANY else None

    def chunk(k, g):
        decks = shuffled_decks(k, size, g)
        return engine_deal_decks(decks, random_sizes(k, s.config, s.k, g), config=s.config, punters=s.punters,
                                 n_sections=n_sections, stakes=s.stakes)

    attrs = {"method": "engine", "sections": s.k, "punters": s.punters, "config": s.config.describe()}
    return _run(chunk, n_deals, rng, chunk_size, progress, as_frame, attrs, "Banker and Broker deals (engine)")


def bankroll_paths(banker_net, n_paths: int, n_deals: int, start: int = 0) -> np.ndarray:
    """Cut a 1-D series of the banker's per-deal nets into ``n_paths``
    consecutive sessions of ``n_deals`` deals and return each session's
    running bankroll (``start`` plus the running total), with the starting
    value as step 0: ``int64`` array ``(n_paths, n_deals + 1)``.

    Raises:
        ConfigError (a ValueError): fewer than ``n_paths * n_deals`` values, or a count not positive.
    """
    values = np.asarray(banker_net)
    for name, v in (("n_paths", n_paths), ("n_deals", n_deals)):
        whole_number(v, name, low=1, rule=f"{name} must be a positive whole number")
    whole_number(start, "start", rule="start (the bankroll before the first deal) must be a whole number")
    if values.size < n_paths * n_deals:
        raise ConfigError(f"need {n_paths * n_deals} deals for {n_paths} paths of {n_deals}, got {values.size}")
    steps = values[:n_paths * n_deals].reshape(n_paths, n_deals).astype(np.int64)
    return np.concatenate([np.zeros((n_paths, 1), np.int64), np.cumsum(steps, axis=1)], axis=1) + start
