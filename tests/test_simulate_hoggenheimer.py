"""Tests of the Hoggenheimer simulator (src/banking_games/simulate/hoggenheimer.py).

The vectorised simulator re-expresses the engine's dealing rules as array
arithmetic; the main tests deal the same shuffled decks through the rules
engine (src/banking_games/games/hoggenheimer/) and ask for EXACTLY the
same per-deal results, under both procedures, for all 117 bets, several
stakes and reduced packs (there every deck order is dealt). The fast method
reads no deck: its distribution is checked exactly (every draw sequence
enumerated) against the engine's, and statistically against the deck method.
Hand-made decks give independent expected values (derivations in comments;
rules from diagram1979, "en", and dewiki-hoggenheimer, "de").
"""

from __future__ import annotations

import itertools
import tracemalloc
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banking_games.cards import hoggenheimer_pack, parse_card
from banking_games.errors import BetError, CardError, ConfigError
from banking_games.exact import hoggenheimer as exact
from banking_games.games import hoggenheimer as hg
from banking_games.simulate import hoggenheimer as sim
from banking_games.simulate.common import mean_estimate, session_totals, shuffled_decks

ENGLISH = hg.HoggenheimerConfig("english")
GERMAN = hg.HoggenheimerConfig("german")
CONFIGS = (ENGLISH, GERMAN)
PACK = hoggenheimer_pack()
INDEX = {c: i for i, c in enumerate(PACK)}
JOKER = 32
# every kind of bet, with stakes other than 1 (nets must scale by the stake)
STAKED = {"card": ("JH", 3), "pair": ("10S 9S", 2), "square": ("9H 8H 9D 8D", 5), "rank": ("queens", 7),
          "suit": ("diamonds", 1000), "card_two": "AS"}


def assert_same(a: dict, b: dict) -> None:
    assert list(a) == list(b)
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


def deck(names: str) -> np.ndarray:
    return np.array([[INDEX[parse_card(c)] for c in names.split()]], dtype=np.int8)


PACK_ORDER = " ".join(c.name for c in PACK)  # AS KS ... 7C Joker


# ---------------------------------------------------------------- hand-made decks

def test_hand_decks_english():
    # The pack in order, Joker last: the 33rd (side) card is the Joker, turned first: the
    # deal ends at once, nothing turned (en: "If the 33rd card is the Joker ..." the deal ends).
    d = deck(PACK_ORDER)
    assert sim.turned_cells(d, config=ENGLISH)[0] == 0
    # Swap AS and the Joker: the side card AS goes to the AS cell (cell 0, top left), where the
    # Joker lies face down: it is turned next and ends the deal. Turned: AS only -> bit 0.
    d = deck(PACK_ORDER.replace("AS", "X").replace("Joker", "AS").replace("X", "Joker"))
    assert sim.turned_cells(d, config=ENGLISH)[0] == 1
    out = sim.deal_decks(d, {"a": "AS", "ak": "AS KS", "s": "spades"}, config=ENGLISH)
    # AS won 1 to 1, AS-KS lost (KS never turned), spades lost: -(1 - 1 - 1) = +1 for the banker
    assert {k: int(v[0]) for k, v in out.items()} == dict(turned=1, a_net=1, ak_net=-1, s_net=-1, banker_net=1)


def test_hand_deck_english_chain_engine_example():
    # The engine test's English example (tests/test_hoggenheimer.py, EN_ROWS): chain worked by
    # hand there: JH 7S 8H 7H 9D 9S 10H 10S 9H 10C AD, then the Joker: 11 cards turned.
    rows = ["9C QC 8D 8C 9H 10H QH 8H", "KH 7C JS 7S 10S 10C 7H 9D",
            "Joker KD KC AS JD 9S AH JC", "QD AC QS KS AD 7D 8S 10D"]
    d = deck(" ".join(rows) + " JH")
    mask = int(sim.turned_cells(d, config=ENGLISH)[0])
    turned = {PACK[i].name for i in range(32) if mask >> i & 1}
    assert turned == set("JH 7S 8H 7H 9D 9S 10H 10S 9H 10C AD".split())
    out = sim.deal_decks(d, {"p": "10S 9S", "q": "10H 9H", "r": "tens"}, config=ENGLISH)
    # 10S-9S both turned: +2; 10H-9H both turned: +2; tens: 10D not turned: -1
    assert (int(out["turned"][0]), int(out["p_net"][0]), int(out["q_net"][0]), int(out["r_net"][0])) == (11, 2, 2, -1)


def test_hand_decks_german():
    # de: cards are turned from the top until the Joker. Pack order, Joker last: all 32 turned,
    # every bet wins; the suit row pays 8 to 1.
    d = deck(PACK_ORDER)
    assert sim.turned_cells(d, config=GERMAN)[0] == 2 ** 32 - 1
    out = sim.deal_decks(d, {"s": "hearts", "c": "7C"}, config=GERMAN)
    assert {k: int(v[0]) for k, v in out.items()} == dict(turned=32, s_net=8, c_net=1, banker_net=-9)
    # Joker on top: nothing turned, every bet loses.
    d = deck("Joker " + PACK_ORDER.replace(" Joker", ""))
    out = sim.deal_decks(d, {"s": "hearts", "c": "7C"}, config=GERMAN)
    assert {k: int(v[0]) for k, v in out.items()} == dict(turned=0, s_net=-1, c_net=-1, banker_net=2)


# ---------------------------------------------------------------- the same as the engine

@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.procedure)
def test_all_117_bets_same_as_engine(config):
    decks = shuffled_decks(150, 33, np.random.default_rng(117))
    assert_same(sim.deal_decks(decks, "all", config=config), sim.engine_deal_decks(decks, "all", config=config))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.procedure)
def test_stakes_same_as_engine(config):
    decks = shuffled_decks(800, 33, np.random.default_rng(5))
    out = sim.deal_decks(decks, STAKED, config=config)
    assert_same(out, sim.engine_deal_decks(decks, STAKED, config=config))
    # the suit bet at 1000 units nets +8000 or -1000 (8 to 1), needing int16
    assert set(np.unique(out["suit_net"])) <= {8000, -1000}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), procedure=st.sampled_from(hg.PROCEDURES))
def test_same_as_engine_over_seeds(seed, procedure):
    config = hg.HoggenheimerConfig(procedure)
    decks = shuffled_decks(40, 33, np.random.default_rng(seed))
    bets = list(hg.all_bets())[seed % 50::9]  # a different slice of every kind each time
    assert_same(sim.deal_decks(decks, bets, config=config), sim.engine_deal_decks(decks, bets, config=config))


@pytest.mark.parametrize("procedure", hg.PROCEDURES)
@pytest.mark.parametrize("suits, ranks", [(2, 3), (1, 6), (3, 2)])
def test_reduced_pack_every_order_same_as_engine(procedure, suits, ranks):
    # every one of the 7! = 5040 orders of a reduced pack (6 cards + Joker), every bet it allows
    config = hg.HoggenheimerConfig(procedure, suits=suits, ranks=ranks)
    decks = np.array(list(itertools.permutations(range(7))), dtype=np.int8)
    bets = hg.all_bets(config)
    some = decks[::12]  # the engine on a twelfth of them (time); the vectorised path on all
    assert_same(sim.deal_decks(some, bets, config=config), sim.engine_deal_decks(some, bets, config=config))
    # and on all orders: the number turned is uniform on 0..6 (exact module: 1/(n+1) each)
    turned = sim.deal_decks(decks, bets, config=config)["turned"]
    assert np.bincount(turned).tolist() == [720] * 7


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.procedure)
def test_simulate_same_table_as_engine_and_chunk_free(config):
    a = sim.simulate(700, STAKED, 77, config=config, chunk_size=300)
    b = sim.simulate_engine(700, STAKED, 77, config=config, chunk_size=250)
    assert a.equals(b)
    assert a.attrs == {"seed": 77, "deals": 700, "method": "decks", "procedure": config.procedure}
    assert b.attrs["method"] == "engine"
    # chunking does not change the deals
    assert a.equals(sim.simulate(700, STAKED, 77, config=config, chunk_size=700))
    assert list(a.columns) == ["turned"] + [f"{k}_net" for k in STAKED] + ["banker_net"]
    # chips conserved: the banker's net is minus the punters' total
    assert (a["banker_net"] == -a[[f"{k}_net" for k in STAKED]].sum(axis=1)).all()


# ---------------------------------------------------------------- the fast method

def _enumerate_fast(n_cards: int, n_covered: int) -> dict[tuple[int, int], int]:
    """Run the fast sampler on EVERY possible sequence of its random draws (k on 0..N, then draw j
    on 0..N-j-1) and count the (k, mask) results: each sequence is equally likely."""
    sizes = [n_cards + 1] + [n_cards - j for j in range(n_covered)]
    grid = np.indices(sizes, dtype=np.int8).reshape(len(sizes), -1).T  # every sequence once
    masks = sim._fast_masks(grid[:, 0], [grid[:, 1 + j] for j in range(n_covered)])
    counts = np.bincount(grid[:, 0].astype(np.int64) << n_covered | masks.astype(np.int64))
    return {(key >> n_covered, key & ((1 << n_covered) - 1)): int(c) for key, c in enumerate(counts) if c}


def test_fast_sampler_exact_for_the_real_pack():
    # N = 32 cards, 3 covered: 33 * 32 * 31 * 30 draw sequences, all enumerated. The turned set is
    # a uniform K-subset (K uniform, exact module), so P(K = k, covered cards in = A) =
    # 1/33 * C(29, k - |A|) / C(32, k) (hypergeometric). In counts of sequences:
    # count(k, A) * C(32, k) == 32 * 31 * 30 * C(29, k - |A|).
    counts = _enumerate_fast(32, 3)
    for k in range(33):
        for a in range(8):
            size = bin(a).count("1")
            want = 32 * 31 * 30 * comb(29, k - size) if 0 <= k - size <= 29 else 0
            assert counts.get((k, a), 0) * comb(32, k) == want, (k, a)


@pytest.mark.parametrize("procedure", hg.PROCEDURES)
def test_fast_sampler_same_distribution_as_engine_on_reduced_pack(procedure):
    # Reduced pack of 6 cards + Joker: the engine deals all 5040 orders (exact module), giving the
    # exact distribution of the SET turned; the fast sampler covering all 6 cards is enumerated
    # over all 7 * 6! = 5040 draw sequences: the two distributions must be equal.
    engine_sets = exact.engine_exhaustive(2, 3, procedure).set_distribution()
    pack = hg.HoggenheimerConfig(procedure, suits=2, ranks=3).pack()
    want = {sum(1 << pack.index(c) for c in s): p for s, p in engine_sets.items()}
    got: dict[int, Fraction] = {}
    for (k, m), c in _enumerate_fast(6, 6).items():
        assert bin(m).count("1") == k  # all cards covered: the mask holds K cards
        got[m] = got.get(m, Fraction(0)) + Fraction(c, 5040)
    assert got == want


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.procedure)
def test_fast_method_agrees_with_deck_method(config):
    # Statistical: 300 000 deals each, seeds fixed. For each bet, and for two overlapping bets both
    # winning, the difference of the two methods' win rates is within 4.5 standard errors;
    # the number turned has the same distribution (chi-square on 33 cells, 32 d.f.: < 70).
    n = 300_000
    bets = {"a": "JH", "b": "9H 8H 9D 8D", "c": "diamonds", "d": "KS KH"}
    fast = sim.simulate(n, bets, 2024, config=config, method="fast", as_frame=False)
    decks = sim.simulate(n, bets, 2025, config=config, as_frame=False)
    for out in (fast, decks):
        out["bc"] = (out["b_net"] > 0) & (out["c_net"] > 0)
    for key, p in (("a_net", Fraction(1, 2)), ("b_net", Fraction(1, 5)), ("c_net", Fraction(1, 9)),
                   ("d_net", Fraction(1, 3)), ("bc", Fraction(1, 11))):  # 1/(m+1), union of b, c: 10 cards
        p = float(p)
        x, y = (np.mean(out[key] > 0) for out in (fast, decks))
        se = np.sqrt(2 * p * (1 - p) / n)
        assert abs(x - y) < 4.5 * se, key
        assert abs(x - p) < 4.5 * se and abs(y - p) < 4.5 * se, key
    f, d = np.bincount(fast["turned"], minlength=33), np.bincount(decks["turned"], minlength=33)
    chi2 = np.sum((f - d) ** 2 / (f + d))
    assert chi2 < 70


def test_fast_method_chunk_free_and_columns():
    a = sim.simulate(150_000, "default", 9, method="fast", chunk_size=sim.FAST_BLOCK)
    b = sim.simulate(150_000, "default", 9, method="fast", chunk_size=3 * sim.FAST_BLOCK)
    c = sim.simulate(150_000, "default", 9, method="fast", chunk_size=100)  # rounded up to a block
    assert a.equals(b) and a.equals(c)
    assert list(a.columns) == list(sim.simulate(10, "default", 9).columns)
    assert a.attrs["method"] == "fast"


# ---------------------------------------------------------------- against exact values

def test_mean_results_match_exact_values():
    # exact module: every bet is fair (EV 0, SD sqrt(m)); cards turned uniform on 0..32, mean 16
    out = sim.simulate(400_000, "default", 11, method="fast", as_frame=False)
    values = {v.bet: v for v in exact.bet_values()}
    names = dict(card="one card", pair="two adjacent cards", square="four cards in a square",
                 rank="four cards of a rank (a column)", suit="eight cards of a suit (a row)")
    for col, name in names.items():
        est = mean_estimate(out[f"{col}_net"])
        assert abs(est.z_score(values[name].expected_value)) < 4.5, col
    assert abs(mean_estimate(out["turned"]).z_score(exact.expected_cards_turned())) < 4.5


def test_session_totals():
    values = np.array([1, -1, 8, -1, -1, 2, 5])
    # sessions of 3: 1 - 1 + 8 = 8; -1 - 1 + 2 = 0; the last value is a part-session, dropped
    assert session_totals(values, 3).tolist() == [8, 0]
    with pytest.raises(ValueError, match="at least 10"):
        session_totals(values, 10)
    with pytest.raises(ValueError, match="positive whole number"):
        session_totals(values, 0)


def test_memory_per_chunk_is_bounded():
    # A chunk of 2**16 deals with the default bets: the decks (33 bytes a deal) and a few work
    # arrays; well under 1 kB a deal, so a chunk of 2**18 stays far below 1 GB.
    tracemalloc.start()
    sim.simulate(1 << 16, "default", 1, chunk_size=1 << 16, as_frame=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1000 * (1 << 16)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("bets, error, match", [
    ({"Bad Name": "JH"}, ConfigError, "column name"),
    ({"turned": "JH"}, ConfigError, "column name"),
    ({"a": ("JH", 0)}, ConfigError, "stake"),
    ({"a": ("JH", 1001)}, ConfigError, "stake"),
    ({}, ConfigError, "at least one bet"),
    ({"a": "JH QS"}, BetError, "diagonal"),
    ({"a": "6H"}, BetError, "2s to 6s"),
    ({"a": "ZZ"}, (BetError, CardError), None),
])
def test_bad_bets(bets, error, match):
    with pytest.raises(error, match=match):
        sim.simulate(10, bets, 0)


def test_bad_arguments():
    with pytest.raises(ConfigError, match="method"):
        sim.simulate(10, method="quick")
    with pytest.raises(ConfigError, match="HoggenheimerConfig"):
        sim.simulate(10, config="english")
    with pytest.raises(ValueError, match="n_deals"):
        sim.simulate(0)
    with pytest.raises(TypeError, match="rng"):
        sim.simulate(10, rng=None)
    with pytest.raises(ValueError, match="shape"):
        sim.deal_decks(np.zeros((3, 32), dtype=np.int8))
    bad = shuffled_decks(3, 33, np.random.default_rng(0))
    bad[1, 0] = bad[1, 1]
    with pytest.raises(ValueError, match="deck 1 is not an ordering"):
        sim.deal_decks(bad)
    with pytest.raises(ValueError, match="card numbers"):
        sim.deal_decks(bad + 1)
    # a reduced layout refuses a bet off its cells, as the engine does
    with pytest.raises(BetError, match="reduced layout"):
        sim.simulate(10, {"a": "7C"}, config=hg.HoggenheimerConfig(suits=2, ranks=3))
