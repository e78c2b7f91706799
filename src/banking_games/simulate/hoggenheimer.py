"""Hoggenheimer by simulation: many deals from a seed, each with a fixed set
of bets, vectorised with numpy; and the same deals played through the rules
engine (:mod:`banking_games.games.hoggenheimer`) for checking and benchmarks.

The rules live in the engine. The vectorised simulator re-expresses them
as array arithmetic; that is allowed only because
``tests/test_simulate_hoggenheimer.py`` checks that it gives exactly the
engine's results, deck by deck, for both procedures and every bet.

The formulation (derived from the engine's dealing rules, sources
diagram1979 (Hoggenheimer), the dealing and play paragraphs, and
dewiki-hoggenheimer, "Der Ablauf eines Spiels"). Number the pack's
cards ``0 .. N`` as in ``config.pack()``: card ``i < N`` is the home card
of the ``i``-th layout cell (row by row), card ``N`` is the Joker. A deck is
a row of card numbers, top first.

* English procedure: the deck's first ``N`` cards lie face down on the
  cells in order, so position ``i`` *is* cell ``i``; the last card is the
  side card. Turning card ``c`` puts it on cell ``c`` and takes up
  ``deck[c]``, so the cards turned are ``deck[N]``, ``deck[deck[N]]``, ...
  up to the Joker: the cycle of the permutation ``deck`` through ``N``.
* German procedure: the cards turned are those above the Joker.

A bet wins when all its cards are turned. Each deal's turned cards are
kept as a bit mask (bit ``i`` for card ``i``), and a bet with mask ``b``
wins when ``mask & b == b``.

A faster method (``method="fast"`` of :func:`simulate`) does not shuffle
whole decks. Under both procedures the number ``K`` of cards turned before
the Joker is uniform on ``0..N`` and, given ``K``, the set turned is a
uniformly random ``K``-subset of the ``N`` cards (for the German procedure
the Joker's place is uniform and the cards above it a uniform subset; for
the English one, ``deck`` is a uniformly random permutation and the cycle
through a given element of such a permutation has a length uniform on
``1..N+1``, its other elements a uniformly random subset; the exact
analysis, :mod:`banking_games.exact.hoggenheimer`, proves the same and
checks it on every order of reduced packs). So the fast method draws ``K``
and then, for each of the ``c`` cards the bets cover only, whether it is
in the subset (sampling without replacement: card ``j`` is in with
probability ``(K - s) / (N - j)``, ``s`` the covered cards found in so
far, drawn as an exact integer comparison): ``c + 1`` small random integers
a deal instead of a shuffle of 33 cards. Its results are not the deck
method's deal by deal (it reads no deck) but have the same distribution;
the test file checks that exactly (every draw sequence enumerated on a
small case) and statistically against the deck method.

Public API: :data:`DEFAULT_BETS`, :func:`bet_plan`, :func:`column_name`,
:func:`turned_cells` and :func:`deal_decks` (vectorised, one row per deck),
:func:`engine_deal_decks` (the same through the engine),
:func:`fast_deals` (the fast method on one block), :func:`simulate` and
:func:`simulate_engine` (many deals from a seed), :func:`session_totals`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np

from ..cards import Card
from ..checks import whole_number
from ..errors import ConfigError, short_repr
from ..games import hoggenheimer as hg
from .common import check_config, deck_array, decks_to_cards, is_whole, run_to_table, session_totals, shuffled_decks

__all__ = [
    "DEFAULT_BETS",
    "METHODS",
    "FAST_BLOCK",
    "column_name",
    "bet_plan",
    "turned_cells",
    "deal_decks",
    "engine_deal_decks",
    "fast_deals",
    "simulate",
    "simulate_engine",
    "session_totals",
]

METHODS = ("decks", "fast")
"""The methods of :func:`simulate`: ``"decks"`` deals shuffled decks (the
engine's results deal by deal), ``"fast"`` draws only what the bets need
(the same distribution)."""

FAST_BLOCK = 1 << 16
"""Deals per block of the fast method: each block draws its random numbers
in one go, so the results do not depend on the chunk size as long as it is
a multiple of this (:func:`simulate` rounds it up)."""

DEFAULT_BETS: dict[str, hg.Bet] = {
    "card": hg.make_bet("JH"),
    "pair": hg.make_bet("7S 7H"),
    "square": hg.make_bet("9H 8H 9D 8D"),
    "rank": hg.make_bet("tens"),
    "suit": hg.make_bet("diamonds"),
}
"""One bet of each kind, one unit each: the jack of hearts (1 to 1), 7S-7H
(2 to 1), the square 9H 8H 9D 8D (4 to 1), all the 10s (4 to 1), all the
diamonds (8 to 1)."""

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_RESERVED = {"turned", "banker"}


def column_name(bet: "hg.Bet | str") -> str:
    """A short column name for a bet: ``card_jh``, ``pair_7s_7h``,
    ``square_9h_8h_9d_8d``, ``rank_10``, ``suit_diamonds``."""
    bet = hg.make_bet(bet)
    if bet.kind is hg.BetKind.RANK:
        return "rank_" + bet.cards[0].name[:-1].lower()
    if bet.kind is hg.BetKind.SUIT:
        return "suit_" + bet.cards[0].suit.name.lower()
    return bet.kind.value + "_" + "_".join(c.name.lower() for c in bet.cards)


@dataclass(frozen=True)
class _Plan:
    """Checked bets: names, engine bets, whole-number stakes."""

    names: tuple[str, ...]
    bets: tuple[hg.Bet, ...]
    stakes: tuple[int, ...]


def _staked(spec: object) -> bool:
    """Whether ``spec`` is ``(bet, stake)``: a pair whose second item is not a
    card (``("JH", "QH")`` is the pair of two cards, ``("JH", 2)`` and
    ``("JH", 1.5)`` a bet with a stake, the second refused as a stake)."""
    return (isinstance(spec, tuple) and len(spec) == 2
            and not isinstance(spec[1], (str, Card, hg.Bet)))


def bet_plan(bets="default") -> _Plan:
    """Read the bets to simulate (each placed, one per column, in every deal).

    Args:
        bets: ``"default"`` (:data:`DEFAULT_BETS`); ``"all"`` (the 117 legal
            bets of :func:`~banking_games.games.hoggenheimer.all_bets`, named
            by :func:`column_name`); a mapping ``name -> bet`` or ``name ->
            (bet, stake)``; or a sequence of bets (named by
            :func:`column_name`). A bet is anything
            :func:`~banking_games.games.hoggenheimer.make_bet` reads; a stake
            is a whole number of units from 1 to 1000 (default 1).

    Returns:
        the checked plan (names, bets, stakes).

    Raises:
        ConfigError: a name that is not lower-case letters, digits and ``_``
            (starting with a letter), repeated or reserved (``turned``,
            ``banker``), no bets, or a bad stake.
        BetError, CardError: a bet the engine does not accept.
    """
    if isinstance(bets, str) and bets == "default":
        bets = DEFAULT_BETS
    elif isinstance(bets, str) and bets == "all":
        bets = {column_name(b): b for b in hg.all_bets()}
    elif isinstance(bets, (str, hg.Bet)):
        bets = [bets]
    if isinstance(bets, Mapping):
        items = list(bets.items())
    elif not hasattr(bets, "__iter__"):
        raise ConfigError(f"bets must be \"default\", \"all\", a bet, a list of bets or a mapping "
                          f"name -> bet; got {short_repr(str(bets)[:40])} ({type(bets).__name__})")
    else:
        items = [(column_name(b[0] if _staked(b) else b), b) for b in bets]
    if not items:
        raise ConfigError("give at least one bet to simulate")
    names, parsed, stakes = [], [], []
    for name, spec in items:
        if not isinstance(name, str) or not _NAME.match(name) or name in _RESERVED:
            raise ConfigError(f"a bet's column name must be lower-case letters, digits and _ (starting with a "
                              f"letter), not 'turned' or 'banker'; got {short_repr(name)}")
        stake = 1
        if _staked(spec):
            spec, stake = spec
        if not is_whole(stake) or not 1 <= stake <= 1000:
            raise ConfigError(f"the stake on {short_repr(name)} must be a whole number of units from 1 to 1000, got {short_repr(stake)}")
        names.append(name)
        parsed.append(hg.make_bet(spec))
        stakes.append(int(stake))
    if len(set(names)) != len(names):
        raise ConfigError(f"bet column names must differ, got {names}")
    return _Plan(tuple(names), tuple(parsed), tuple(stakes))


def _config(config) -> hg.HoggenheimerConfig:
    return check_config(config, hg.HoggenheimerConfig)


@dataclass(frozen=True)
class _Layout:
    """A config's pack as numbers: ``size`` cards, the Joker last."""

    size: int
    pack: tuple
    index: dict  # Card -> number
    home: np.ndarray  # card number -> layout position of its home cell (Joker -> size - 1)


@lru_cache(maxsize=None)
def _layout(config: hg.HoggenheimerConfig) -> _Layout:
    pack = tuple(config.pack())
    cells = list(config.layout_cells())
    home = [cells.index(hg.home_cell(c)) for c in pack[:-1]] + [len(pack) - 1]
    return _Layout(len(pack), pack, {c: i for i, c in enumerate(pack)}, np.array(home, dtype=np.int8))


def _bet_masks(plan: _Plan, layout: _Layout, config: hg.HoggenheimerConfig) -> list[int]:
    masks = []
    for name, bet in zip(plan.names, plan.bets):
        missing = [c.name for c in bet.cards if c not in layout.index]
        if missing:
            # Let the engine refuse it (a reduced layout): same error as a deal would raise.
            probe = hg.HoggenheimerDeal(config, deck=list(layout.pack))
            probe.place_bet("punter", bet, 1)
        masks.append(sum(1 << layout.index[c] for c in bet.cards))
    return masks


def _check_decks(decks, layout: _Layout) -> np.ndarray:
    return deck_array(decks, layout.size).astype(np.int8, copy=False)


# --------------------------------------------------------------------- vectorised, from decks

@lru_cache(maxsize=None)
def _bit_table(size: int) -> np.ndarray:
    """``uint32`` bit of each card number; the Joker (the last number) gets none."""
    return np.array([1 << i for i in range(size - 1)] + [0], dtype=np.uint32)


def _english_masks(decks: np.ndarray) -> np.ndarray:
    """Follow each deck's chain from the side card; bit ``c`` set for each card turned.

    The chain is the cycle of the permutation ``deck`` through the Joker's
    number. Following it for as many steps as there are cards visits the
    whole cycle (once, or more: OR-ing a bit again changes nothing, and
    the Joker has no bit), so every deck takes the same fixed number of
    steps and no deck needs to be taken out when its Joker shows.
    """
    n, width = decks.shape
    bits = _bit_table(width)
    flat = decks.reshape(-1)
    base = np.arange(0, n * width, width, dtype=np.intp)
    cur = decks[:, width - 1].astype(np.intp)  # the side card: the deck's last card
    mask = np.zeros(n, dtype=np.uint32)
    for _ in range(width):
        mask |= bits[cur]
        cur = flat[base + cur]  # the card that lay face down on cell `cur`
    return mask


def _german_masks(decks: np.ndarray) -> np.ndarray:
    """Bit ``c`` set for each card above the Joker."""
    width = decks.shape[1]
    joker_at = np.argmax(decks == width - 1, axis=1)
    above = np.arange(width) < joker_at[:, None]
    return (_bit_table(width)[decks] * above).sum(axis=1, dtype=np.uint32)  # distinct bits: sum = OR


def turned_cells(decks: np.ndarray, *, config: hg.HoggenheimerConfig | None = None) -> np.ndarray:
    """The cards turned before the Joker in each deck, as bit masks.

    Args:
        decks: integer array ``(n, pack size)`` of card numbers into
            ``config.pack()`` (the 33-card pack by default; the Joker is
            the last number), top card first, as from
            :func:`~banking_games.simulate.common.shuffled_decks`.
        config: a :class:`~banking_games.games.hoggenheimer.HoggenheimerConfig`
            (its procedure and pack).

    Returns:
        ``uint32`` array ``(n,)``: bit ``i`` is set when card ``i`` of the
        pack was turned before the Joker. ``np.bitwise_count`` of it is the
        number of cards turned.

    Raises:
        ConfigError: a bad config. ConfigError (a ValueError): decks of the wrong shape or
        rows that are not orderings of the pack.
    """
    config = _config(config)
    layout = _layout(config)
    decks = _check_decks(decks, layout)
    return _masks(decks, config, layout)


def _masks(decks: np.ndarray, config: hg.HoggenheimerConfig, layout: _Layout) -> np.ndarray:
    if config.procedure == "english":
        if not np.array_equal(layout.home, np.arange(layout.size)):  # pragma: no cover - pack() is in cell order
            raise ConfigError("the pack is not in layout order")
        return _english_masks(decks)
    return _german_masks(decks)


def _results(masks: np.ndarray, plan: _Plan, bet_masks: Sequence[int], turned=None,
             into: Mapping[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Per-deal columns from the turned-card masks (any bit numbering the bet masks share)."""
    if turned is None:
        turned = np.bitwise_count(masks).astype(np.int8)
    bits = sorted({i for bm in bet_masks for i in range(32) if bm >> i & 1})
    rows = np.empty((len(bits), masks.shape[0]), dtype=bool)
    for r, i in enumerate(bits):  # row r: was card bit i turned?
        np.not_equal(masks & np.uint32(1 << i), 0, out=rows[r])
    where = {i: r for r, i in enumerate(bits)}
    return _results_rows(rows, plan, [[where[i] for i in bits if bm >> i & 1] for bm in bet_masks], turned, into)


def _target(into: Mapping[str, np.ndarray] | None, key: str, n: int, dtype) -> np.ndarray:
    """``into[key]`` if it is an ``(n,)`` array of ``dtype``, else a new one."""
    array = into.get(key) if into else None
    if array is not None and array.shape == (n,) and array.dtype == dtype:
        return array
    return np.empty(n, dtype=dtype)


def _results_rows(rows: np.ndarray, plan: _Plan, bet_rows: Sequence[Sequence[int]],
                  turned: np.ndarray, into: Mapping[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Per-deal columns from the cards turned, as rows of booleans.

    Args:
        rows: ``bool`` array ``(c, n)``: ``rows[r, d]`` is true when the
            card of row ``r`` was turned in deal ``d``.
        plan: the bets.
        bet_rows: for each bet, the rows of its cards: a bet wins when
            all of them were turned.
        turned: the number of cards turned in each deal.
        into: optional arrays to write columns into (see
            :func:`~banking_games.simulate.common.run_in_chunks`); a
            column is written there when its type matches.

    The punter's net on a bet is ``stake * odds`` or ``-stake``; the
    banker's net is minus their sum, computed from how many bets of each
    payout won (small integer counts, added row by row).
    """
    n = rows.shape[1]
    out: dict[str, np.ndarray] = {"turned": turned}
    net_type = np.int16 if max(plan.stakes) * 8 < 2 ** 15 else np.int32
    won = np.empty(n, dtype=bool)
    counts: dict[int, np.ndarray] = {}  # stake * (odds + 1) -> how many bets paying it won
    for name, bet, stake, members in zip(plan.names, plan.bets, plan.stakes, bet_rows):
        if len(members) == 1:
            hit = rows[members[0]]
        else:
            np.logical_and(rows[members[0]], rows[members[1]], out=won)
            for r in members[2:]:
                won &= rows[r]
            hit = won
        win_net, lose_net = stake * int(bet.odds), -stake
        net = _target(into, f"{name}_net", n, net_type)
        np.multiply(hit, net_type(win_net - lose_net), out=net, dtype=net_type)  # (np.where is far slower)
        net += net_type(lose_net)
        out[f"{name}_net"] = net
        count = counts.get(win_net - lose_net)
        if count is None:
            counts[win_net - lose_net] = hit.astype(np.int16)
        else:
            count += hit
    banker = _target(into, "banker_net", n, np.int32)
    banker.fill(sum(plan.stakes))
    for paid, count in counts.items():
        banker -= np.multiply(count, paid, dtype=np.int32)
    out["banker_net"] = banker
    return out


def deal_decks(decks: np.ndarray, bets="default", *,
               config: hg.HoggenheimerConfig | None = None) -> dict[str, np.ndarray]:
    """Deal each deck once (vectorised) with the given bets, all placed before the first card.

    Args:
        decks: as for :func:`turned_cells`.
        bets: as for :func:`bet_plan` (default :data:`DEFAULT_BETS`).
        config: a :class:`~banking_games.games.hoggenheimer.HoggenheimerConfig`:
            ``procedure`` ``"english"`` (the chain) or ``"german"``
            (straight from the pack), and the pack.

    Returns:
        A dict of ``(n,)`` arrays: ``turned`` (cards turned before the
        Joker, ``int8``), ``<name>_net`` for each bet (the punter's net in
        units: ``stake * odds`` on a win, ``-stake`` on a loss) and
        ``banker_net`` (minus their sum).

    Raises:
        ConfigError, BetError, CardError: bad bets or config (as :func:`bet_plan`).
        ConfigError (a ValueError): bad decks.
    """
    config = _config(config)
    plan = bet_plan(bets)
    layout = _layout(config)
    bet_masks = _bet_masks(plan, layout, config)
    decks = _check_decks(decks, layout)
    return _results(_masks(decks, config, layout), plan, bet_masks)


# --------------------------------------------------------------------- vectorised, fast

def _covered(plan: _Plan, layout: _Layout, config: hg.HoggenheimerConfig) -> tuple[list[int], list[list[int]]]:
    """The card numbers the bets cover (sorted) and, for each bet, the
    places of its cards in that list (covered card ``j`` is row ``j`` of
    :func:`_fast_rows`)."""
    full = _bet_masks(plan, layout, config)
    covered = [i for i in range(layout.size - 1) if any(m >> i & 1 for m in full)]
    where = {card: j for j, card in enumerate(covered)}
    local = [[where[i] for i in covered if m >> i & 1] for m in full]
    return covered, local


def _fast_rows(k: np.ndarray, draws: Sequence[np.ndarray]) -> np.ndarray:
    """Which covered cards are in a uniformly random ``k``-subset of the ``N`` ranked cards.

    Args:
        k: subset sizes, ``(n,)`` ``int8`` in ``0..N``.
        draws: for ``j = 0, 1, ...`` (one per covered card, at most 32) an
            ``(n,)`` array of integers uniform on ``0 .. N - j - 1``.

    Returns:
        ``bool`` array ``(number of draws, n)``: row ``j`` is true when
        covered card ``j`` is in the subset. Card ``j`` is in when
        ``draws[j] < k - s``, ``s`` the number of covered cards ``0..j-1``
        in, i.e. with probability ``(k - s) / (N - j)``: sampling without
        replacement, so the covered cards' membership is that of a
        uniformly random ``k``-subset.
    """
    left = k.astype(np.int8, copy=True)  # members of the subset not yet met among the N - j cards left
    inside = np.empty((len(draws), k.shape[0]), dtype=bool)
    for j, u in enumerate(draws):
        np.less(u, left, out=inside[j])
        left -= inside[j]
    return inside


def _fast_masks(k: np.ndarray, draws: Sequence[np.ndarray]) -> np.ndarray:
    """:func:`_fast_rows` as ``uint32`` masks: bit ``j`` set when covered card ``j`` is in the subset."""
    rows = _fast_rows(k, draws)
    mask = np.zeros(k.shape[0], dtype=np.uint32)
    for j, row in enumerate(rows):
        mask |= row.astype(np.uint32) << np.uint32(j)
    return mask


def _fast_block(n: int, gen: np.random.Generator, n_cards: int, n_covered: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` deals of the fast method: the number turned and the covered cards' rows (:func:`_fast_rows`)."""
    k = gen.integers(0, n_cards + 1, size=n, dtype=np.int8)
    draws = [gen.integers(0, n_cards - j, size=n, dtype=np.int8) for j in range(n_covered)]
    return k, _fast_rows(k, draws)


def fast_deals(n: int, gen: np.random.Generator, bets="default", *,
               config: hg.HoggenheimerConfig | None = None) -> dict[str, np.ndarray]:
    """``n`` deals by the fast method (see the module docstring): the number
    turned, then only the covered cards' membership; same columns and same
    distribution as :func:`deal_decks` on shuffled decks, not the same deals.

    Random numbers drawn from ``gen``, in this order: ``n`` integers on
    ``0..N`` (``N`` ranked cards), then for each covered card ``j`` (in pack
    order) ``n`` integers on ``0..N-j-1``, all ``int8``.
    """
    n = whole_number(n, "n", low=0, rule="n (deals) must be a whole number 0 or more")
    config = _config(config)
    plan = bet_plan(bets)
    layout = _layout(config)
    covered, local = _covered(plan, layout, config)
    k, rows = _fast_block(n, gen, layout.size - 1, len(covered))
    return _results_rows(rows, plan, local, k)


# --------------------------------------------------------------------- engine loop

def engine_deal_decks(decks: np.ndarray, bets="default", *,
                      config: hg.HoggenheimerConfig | None = None) -> dict[str, np.ndarray]:
    """The same as :func:`deal_decks`, by a plain loop over the rules engine:
    each deck becomes a :class:`~banking_games.games.hoggenheimer.HoggenheimerDeal`,
    each bet is placed with ``place_bet`` (one punter per bet, named after
    its column), the deal is played to the Joker and settled. Slow; for
    checking and benchmarks. Same arguments, same result.
    """
    config = _config(config)
    plan = bet_plan(bets)
    layout = _layout(config)
    _bet_masks(plan, layout, config)
    decks = _check_decks(decks, layout)
    n = decks.shape[0]
    net_type = np.int16 if max(plan.stakes) * 8 < 2 ** 15 else np.int32
    rows = {"turned": np.zeros(n, np.int8)}
    rows |= {f"{name}_net": np.zeros(n, net_type) for name in plan.names}
    rows["banker_net"] = np.zeros(n, np.int32)
    for i, cards in enumerate(decks_to_cards(decks, layout.pack)):
        deal = hg.HoggenheimerDeal(config, deck=cards)
        for name, bet, stake in zip(plan.names, plan.bets, plan.stakes):
            deal.place_bet(name, bet, stake)
        deal.play()
        settlement = deal.settle()
        rows["turned"][i] = len(deal.turned)
        for name in plan.names:
            rows[f"{name}_net"][i] = int(settlement.player_net[name])
        rows["banker_net"][i] = int(settlement.banker_net)
    return rows


# --------------------------------------------------------------------- many deals

def _run(chunk_fn, n_deals, rng, chunk_size, progress, as_frame, attrs, desc):
    return run_to_table(chunk_fn, n_deals, rng, chunk_size=chunk_size, progress=progress, as_frame=as_frame,
                        desc=desc, attrs=attrs)


def simulate(n_deals: int, bets="default", rng=0, *, config: hg.HoggenheimerConfig | None = None,
             method: str = "decks", chunk_size: int = 1 << 18, progress: bool = False, as_frame: bool = True):
    """Simulate ``n_deals`` Hoggenheimer deals (vectorised), each with every bet placed.

    Args:
        n_deals: how many deals (a positive whole number).
        bets: as for :func:`bet_plan`; default :data:`DEFAULT_BETS` (one of each kind).
        rng: an ``int`` seed or a ``numpy.random.Generator``.
        config: a :class:`~banking_games.games.hoggenheimer.HoggenheimerConfig`
            (procedure and pack); the English procedure by default.
        method: ``"decks"`` (default): shuffle whole decks with
            :func:`~banking_games.simulate.common.shuffled_decks` and deal
            them, deal by deal the engine's results (:func:`simulate_engine`
            with the same arguments gives the same table). ``"fast"``: draw
            only the number turned and the covered cards (see the module
            docstring), several times faster, the same distribution.
        chunk_size: deals per chunk: memory while running is about 0.5 kB a
            deal of the chunk; the results take 5 bytes a deal plus 2 per
            bet. The results do not depend on it (with ``"fast"``, it is
            rounded up to a multiple of :data:`FAST_BLOCK`).
        progress: show a tqdm progress bar; Ctrl-C (or Jupyter's stop
            button) stops after the current chunk, with a warning, and the
            deals done are returned.
        as_frame: return a pandas DataFrame (default) or a dict of numpy
            arrays (plus a ``deals`` entry).

    Returns:
        One row per deal, the columns of :func:`deal_decks`; ``attrs`` hold
        ``seed``, ``deals``, ``method``, ``procedure``.

    Raises:
        ConfigError, BetError, CardError: bad bets, config or method.
        ConfigError (a ValueError): a bad ``n_deals`` or ``chunk_size``. SeedError (a TypeError): a bad ``rng``.
    """
    config = _config(config)
    plan = bet_plan(bets)
    layout = _layout(config)
    if method not in METHODS:
        raise ConfigError(f"method must be one of {METHODS}, got {short_repr(method)}")
    attrs = {"method": method, "procedure": config.procedure}
    if method == "decks":
        bet_masks = _bet_masks(plan, layout, config)

        def chunk(k, g, into=None):
            return _results(_masks(shuffled_decks(k, layout.size, g), config, layout), plan, bet_masks, into=into)

        chunk.fills_into = True
    else:
        covered, local = _covered(plan, layout, config)
        if is_whole(chunk_size) and chunk_size > 0:
            chunk_size = -(-int(chunk_size) // FAST_BLOCK) * FAST_BLOCK

        def chunk(k, g, into=None):
            parts = [_fast_block(min(FAST_BLOCK, k - s), g, layout.size - 1, len(covered))
                     for s in range(0, k, FAST_BLOCK)]
            if len(parts) == 1:
                return _results_rows(parts[0][1], plan, local, parts[0][0], into)
            return _results_rows(np.concatenate([p[1] for p in parts], axis=1), plan, local,
                                 np.concatenate([p[0] for p in parts]), into)

        chunk.fills_into = True
    return _run(chunk, n_deals, rng, chunk_size, progress, as_frame, attrs, f"Hoggenheimer deals ({method})")


def simulate_engine(n_deals: int, bets="default", rng=0, *, config: hg.HoggenheimerConfig | None = None,
                    chunk_size: int = 10_000, progress: bool = False, as_frame: bool = True):
    """:func:`simulate` (``method="decks"``) by a plain loop over the rules
    engine (:func:`engine_deal_decks`) on the same decks: same arguments,
    same table, hundreds of times slower."""
    config = _config(config)
    plan = bet_plan(bets)
    plan_mapping = {name: (bet, stake) for name, bet, stake in zip(plan.names, plan.bets, plan.stakes)}
    layout = _layout(config)

    def chunk(k, g):
        return engine_deal_decks(shuffled_decks(k, layout.size, g), plan_mapping, config=config)

    attrs = {"method": "engine", "procedure": config.procedure}
    return _run(chunk, n_deals, rng, chunk_size, progress, as_frame, attrs, "Hoggenheimer deals (engine)")
