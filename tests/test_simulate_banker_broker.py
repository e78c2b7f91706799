"""Tests of the Banker and Broker simulator (src/banking_games/simulate/banker_broker.py).

The vectorised simulator re-expresses the engine's rules (where each
section's bottom card lies, how it compares with the banker's) as array
arithmetic; the main tests deal the same shuffled decks, cut into the same
sections, through the rules engine (src/banking_games/games/banker_broker/)
and ask for EXACTLY the same per-deal results, for every sectioning option,
tie rule, bottom-card option and bet timing, with several stakes and reduced
packs. The random cut and the fast method are checked exactly (every draw
sequence enumerated) and statistically. Hand-made decks give independent
expected values (source: diagram1979, Banker and Broker, Play 1-4, Options 1-4).
"""

from __future__ import annotations

import itertools
import zlib
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banking_games.errors import ConfigError
from banking_games.exact import banker_broker as exact
from banking_games.games import banker_broker as bb
from banking_games.simulate import banker_broker as sim
from banking_games.simulate.common import mean_estimate, shuffled_decks

ALL_CONFIGS = [bb.BankerBrokerConfig(sectioning=sec, tie_rule=tie, bottom_card=bot, bet_timing=tim)
               for sec in bb.Sectioning for tie in bb.TieRule for bot in bb.BottomCard for tim in bb.BetTiming]
IN_ORDER = np.arange(52, dtype=np.int8)[None, :]  # full_pack order: AS KS ... 2S, AH ... 2H, AD ..., AC ... 2C


def n_sections_for(config, k=5):
    return k if config.sectioning is bb.Sectioning.ANY else None


def assert_same(a: dict, b: dict) -> None:
    assert list(a) == list(b)
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def row(out: dict) -> dict:
    return {k: int(v[0]) for k, v in out.items()}


# ---------------------------------------------------------------- hand-made decks

def test_hand_deck_three_sections():
    three = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE)
    # Pack in order, sections of 1, 1 and 49 cards (the 52nd card discarded): bottoms are deck
    # positions 0 (AS), 1 (KS) and 50 (the clubs' 12th card, 3C). Banker's card 3C: both players'
    # sections are higher and win even money (Play 4): +1 +1; banker -2.
    out = sim.deal_decks(IN_ORDER, [[1, 1, 49]], config=three)
    assert row(out) == dict(banker_rank=3, ties=0, s1_net=1, s2_net=1, punters_net=2, banker_net=-2)
    # Sizes 12, 1, 38: bottoms 3S (position 11), 2S (12), 3C (50). Section 1 ties the banker's 3
    # (Option 4): bank wins -> -1, stake returned -> 0; section 2 (2 < 3) loses -1.
    out = sim.deal_decks(IN_ORDER, [[12, 1, 38]], config=three, stakes=(2, 1))
    assert row(out) == dict(banker_rank=3, ties=1, s1_net=-2, s2_net=-1, punters_net=-3, banker_net=3)
    returned = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, tie_rule=bb.TieRule.STAKE_RETURNED)
    out = sim.deal_decks(IN_ORDER, [[12, 1, 38]], config=returned, stakes=(2, 1))
    assert row(out) == dict(banker_rank=3, ties=1, s1_net=0, s2_net=-1, punters_net=-1, banker_net=1)


def test_hand_deck_unused_section_and_one_each():
    # Option 1, unused bottom section: sizes 1, 1, 1 leave 49 cards unused; bottoms AS, KS, QS;
    # banker's QS (12): AS and KS win.
    unused = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, bottom_card=bb.BottomCard.UNUSED_SECTION)
    assert row(sim.deal_decks(IN_ORDER, [[1, 1, 1]], config=unused))["punters_net"] == 2
    # Option 3(a) with 2 punters: 3 sections; sizes 13, 13, 25 -> bottoms 2S, 2H, and position 50
    # (3C). 2 < 3 twice: each punter loses their own section's stake.
    one_each = bb.BankerBrokerConfig()
    out = sim.deal_decks(IN_ORDER, [[13, 13, 25]], config=one_each, punters=2, stakes=(1, 3))
    assert row(out) == dict(banker_rank=3, ties=0, s1_net=-1, s2_net=-3, punters_net=-4, banker_net=4)


# ---------------------------------------------------------------- the same as the engine

@pytest.mark.parametrize("config", ALL_CONFIGS, ids=lambda c: c.describe()[:60])
def test_every_option_same_as_engine(config):
    gen = np.random.default_rng(zlib.crc32(config.describe().encode()))
    punters, k = sim.section_count_for(config, None, n_sections_for(config))
    stakes = tuple(i % 3 for i in range(1, k))  # 1, 2, 0, 1, ...: zero means no bet on that section
    decks = shuffled_decks(120, 52, gen)
    sizes = sim.random_sizes(120, config, k, gen)
    kw = dict(config=config, n_sections=n_sections_for(config), stakes=stakes)
    assert_same(sim.deal_decks(decks, sizes, **kw), sim.engine_deal_decks(decks, sizes, **kw))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), which=st.integers(0, len(ALL_CONFIGS) - 1),
       ranks=st.integers(3, 13), suits=st.integers(1, 4), k=st.integers(2, 12))
def test_same_as_engine_over_seeds_and_packs(seed, which, ranks, suits, k):
    base = ALL_CONFIGS[which]
    config = bb.BankerBrokerConfig(sectioning=base.sectioning, tie_rule=base.tie_rule,
                                   bottom_card=base.bottom_card, bet_timing=base.bet_timing,
                                   ranks=ranks, suits=suits)
    size = ranks * suits
    k = min(k, size - 2)
    try:
        punters, k = sim.section_count_for(config, None, k if config.sectioning is bb.Sectioning.ANY else None)
    except ConfigError:  # a pack too small for the forced sections: the engine refuses it too
        return
    gen = np.random.default_rng(seed)
    decks = shuffled_decks(25, size, gen)
    sizes = sim.random_sizes(25, config, k, gen)
    kw = dict(config=config, n_sections=k if config.sectioning is bb.Sectioning.ANY else None,
              stakes=seed % 5 + 1)
    assert_same(sim.deal_decks(decks, sizes, **kw), sim.engine_deal_decks(decks, sizes, **kw))


@pytest.mark.parametrize("config", [ALL_CONFIGS[0], ALL_CONFIGS[-1]], ids=["3a-bank-wins", "3c-returned"])
def test_simulate_same_table_as_engine(config):
    kw = dict(n_sections=n_sections_for(config, 9), chunk_size=300)
    a = sim.simulate(700, config, 31, **kw)
    b = sim.simulate_engine(700, config, 31, **kw)
    assert a.equals(b)
    assert a.attrs["seed"] == 31 and a.attrs["method"] == "decks" and b.attrs["method"] == "engine"
    # chips conserved (the banker's net is minus the punters')
    assert (a["banker_net"] == -a[[c for c in a.columns if c.startswith("s")]].sum(axis=1)).all()


# ---------------------------------------------------------------- the random cut and the fast method

def test_without_replacement_is_a_bijection():
    # Population 6, 3 draws: 6 * 5 * 4 = 120 draw sequences; there are 120 ordered choices of 3
    # distinct values: each must come from exactly one sequence (so uniform draws -> uniform choice).
    grid = np.indices((6, 5, 4), dtype=np.int16).reshape(3, -1).T
    out = sim._without_replacement([grid[:, j] for j in range(3)], 6)
    assert len({tuple(r) for r in out.tolist()}) == 120
    assert all(len(set(r)) == 3 for r in out.tolist())


def test_random_cut_points_uniform():
    # Engine rule: under discard, the k - 1 cut points are a uniformly random set of gaps among
    # the N - 2 inside the N - 1 cards used. Pack of 6 (ranks 2 x suits 3), 3(b): k = 3, 2 of 4
    # gaps: C(4, 2) = 6 size vectors, each 1/6. 60 000 draws: chi-square (5 d.f.) < 25.
    config = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, ranks=2, suits=3)
    sizes = sim.random_sizes(60_000, config, 3, np.random.default_rng(3))
    assert (sizes.sum(axis=1) == 5).all() and sizes.min() >= 1
    keys, counts = np.unique(sizes, axis=0, return_counts=True)
    assert len(keys) == 6
    assert np.sum((counts - 10_000) ** 2 / 10_000) < 25
    # unused bottom section: k = 3 of the 5 gaps: C(5, 3) = 10 vectors, total at most 5
    unused = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, bottom_card=bb.BottomCard.UNUSED_SECTION,
                                   ranks=2, suits=3)
    sizes = sim.random_sizes(50_000, unused, 3, np.random.default_rng(4))
    keys, counts = np.unique(sizes, axis=0, return_counts=True)
    assert len(keys) == 10 and (sizes.sum(axis=1) <= 5).all()
    assert np.sum((counts - 5_000) ** 2 / 5_000) < 35  # 9 d.f.


def test_bottom_cards_exchangeable_so_fast_method_exact():
    # The fast method draws the k bottom cards as a uniform ordered choice of distinct cards (a
    # bijection, test above). The deck method must give the same law: over ALL 6! orders of a
    # 6-card pack, for any section sizes, each ordered triple of bottom cards occurs 3! = 6 times.
    config = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, ranks=3, suits=2)
    decks = np.array(list(itertools.permutations(range(6))), dtype=np.int8)
    for sizes in ([1, 1, 3], [2, 2, 1], [3, 1, 1]):
        bottoms = sim._bottoms(decks, np.tile(sizes, (len(decks), 1)))
        _, counts = np.unique(bottoms, axis=0, return_counts=True)
        assert len(counts) == 120 and set(counts) == {6}


def _law(rows: dict, weight: Fraction) -> dict[tuple, Fraction]:
    law: dict[tuple, Fraction] = {}
    for key in zip(*(v.tolist() for v in rows.values())):
        law[key] = law.get(key, Fraction(0)) + weight
    return law


@pytest.mark.parametrize("ranks, suits, sectioning, tie_rule, stakes", [
    (3, 2, bb.Sectioning.THREE, bb.TieRule.BANK_WINS, (1, 1)),
    (3, 2, bb.Sectioning.THREE, bb.TieRule.STAKE_RETURNED, (2, 3)),
    (2, 3, bb.Sectioning.ONE_EACH, bb.TieRule.STAKE_RETURNED, (1, 0, 2)),
    (3, 2, bb.Sectioning.ANY, bb.TieRule.BANK_WINS, (1, 1, 1)),
])
def test_fast_method_exact_law_equals_engine_on_every_deck_order(ranks, suits, sectioning, tie_rule, stakes):
    # The fast method run on EVERY sequence of its draws (k integers, on 0..N-1, 0..N-2, ...: all
    # N!/(N-k)! sequences equally likely) must give the same law of whole result rows (banker's
    # rank, ties, each section's net, totals) as the ENGINE dealing EVERY order of the 6-card
    # pack, cut into fixed sections (exchangeability: any sizes give the same law).
    config = bb.BankerBrokerConfig(sectioning=sectioning, tie_rule=tie_rule, ranks=ranks, suits=suits)
    k = len(stakes) + 1
    n_sections = k if sectioning is bb.Sectioning.ANY else None
    size = ranks * suits
    grid = np.indices([size - j for j in range(k)], dtype=np.int16).reshape(k, -1)
    s = sim._setup(config, len(stakes) if sectioning is bb.Sectioning.ONE_EACH else None, n_sections, stakes)
    fast = sim._fast_settle(list(grid), s)
    decks = np.array(list(itertools.permutations(range(size))), dtype=np.int8)
    sizes = np.tile([1] * (k - 1) + [size - k], (len(decks), 1))  # discard: sizes add up to N - 1
    engine = sim.engine_deal_decks(decks, sizes, config=config, punters=s.punters, n_sections=n_sections,
                                   stakes=stakes)
    assert list(fast) == list(engine)
    assert all(fast[key].dtype == engine[key].dtype for key in fast)
    assert _law(fast, Fraction(1, grid.shape[1])) == _law(engine, Fraction(1, len(decks)))


@pytest.mark.parametrize("tie_rule", list(bb.TieRule))
def test_fast_and_deck_methods_agree_with_exact(tie_rule):
    # 3(b), one unit on each section, 300 000 deals each method. Exact (exact.banker_broker):
    # P(tie) = 3/51, EV = -t * 3/51; both sections winning: joint law. Within 4.5 SE.
    config = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE, tie_rule=tie_rule)
    value = exact.section_bet_value(tie_share=exact.TIE_SHARES[tie_rule])
    both = float(exact.joint_distribution()[("win", "win")])
    n = 300_000
    for method, seed in (("fast", 8), ("decks", 9)):
        out = sim.simulate(n, config, seed, method=method, as_frame=False)
        assert abs(mean_estimate(out["s1_net"]).z_score(value.expected_value)) < 4.5, method
        p_tie = float(value.p_tie)
        tie_rate = np.mean(out["ties"]) / 2  # mean ties per players' section
        assert abs(tie_rate - p_tie) < 4.5 * np.sqrt(p_tie * (1 - p_tie) / n), method
        won = np.mean((out["s1_net"] > 0) & (out["s2_net"] > 0))
        assert abs(won - both) < 4.5 * np.sqrt(both * (1 - both) / n), method


def test_bank_wins_edge_per_deal_matches_exact():
    # Option 3(a), 6 punters, one unit each, bank wins ties: the banker's expected net a deal is
    # 6 * 3/51 = 6/17 (exact.rotation_cycle_expectations(7).banker_mean).
    out = sim.simulate(300_000, bb.BankerBrokerConfig(), 12, method="fast", as_frame=False)
    want = exact.rotation_cycle_expectations(7).banker_mean
    assert want == Fraction(6, 17)
    assert abs(mean_estimate(out["banker_net"]).z_score(want)) < 4.5


def test_same_seed_same_deals():
    for method in sim.METHODS:
        a = sim.simulate(5000, None, 2, method=method, chunk_size=2000)
        assert a.equals(sim.simulate(5000, None, 2, method=method, chunk_size=2000))
        assert not a.equals(sim.simulate(5000, None, 3, method=method, chunk_size=2000))


@pytest.mark.parametrize("config", [ALL_CONFIGS[0], ALL_CONFIGS[-1]], ids=["3a-bank-wins", "3c-returned"])
def test_fast_simulate_is_fast_deals_chunk_by_chunk(config):
    # simulate() writes later chunks straight into its result arrays; the rows must be those of
    # fast_deals() called chunk by chunk on the same generator (stakes of 0, 1 and 2 units)
    k = 9 if config.sectioning is bb.Sectioning.ANY else None
    _, sections = sim.section_count_for(config, None, k)
    stakes = tuple(i % 3 for i in range(1, sections))
    got = sim.simulate(5000, config, 4, n_sections=k, stakes=stakes, method="fast", chunk_size=1000,
                       as_frame=False)
    gen = np.random.default_rng(4)
    parts = [sim.fast_deals(1000, gen, config=config, n_sections=k, stakes=stakes) for _ in range(5)]
    want = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    assert got.pop("deals") == 5000
    assert_same(got, want)


def test_bankroll_paths():
    nets = np.array([1, -2, 3, 0, 5, -1])
    # 2 paths of 3 deals from 10: 10, 11, 9, 12 and 10, 10, 15, 14
    assert sim.bankroll_paths(nets, 2, 3, start=10).tolist() == [[10, 11, 9, 12], [10, 10, 15, 14]]
    with pytest.raises(ValueError, match="need 8 deals"):
        sim.bankroll_paths(nets, 2, 4)


# ---------------------------------------------------------------- bad input

def test_bad_arguments():
    with pytest.raises(ConfigError, match="BankerBrokerConfig"):
        sim.simulate(10, "3a")
    with pytest.raises(ConfigError, match="how many sections"):
        sim.simulate(10, bb.BankerBrokerConfig(sectioning=bb.Sectioning.ANY))
    with pytest.raises(ConfigError, match="at most 7 sections"):
        sim.simulate(10, bb.BankerBrokerConfig(), punters=7)
    with pytest.raises(ConfigError, match="stakes"):
        sim.simulate(10, stakes=0)
    with pytest.raises(ConfigError, match="stakes"):
        sim.simulate(10, stakes=(1, 2))  # 6 players' sections under 3(a) by default
    with pytest.raises(ConfigError, match="method"):
        sim.simulate(10, method="quick")
    with pytest.raises(ValueError, match="n_deals"):
        sim.simulate(0)
    three = bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE)
    with pytest.raises(ValueError, match="add up to 51"):
        sim.deal_decks(IN_ORDER, [[1, 1, 1]], config=three)  # discard: all 51 cards are cut
    with pytest.raises(ValueError, match="shape"):
        sim.deal_decks(IN_ORDER, [[1, 50]], config=three)
    bad = IN_ORDER.copy()
    bad[0, 1] = 0
    with pytest.raises(ValueError, match="not an ordering"):
        sim.deal_decks(bad, [[1, 1, 49]], config=three)
