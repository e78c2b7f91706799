"""Tests of the Landsknecht simulator (src/banking_games/simulate/landsknecht.py).

The vectorised simulator re-expresses the engine's rules as arithmetic on
card positions; the main test deals the same shuffled decks through the
rules engine (src/banking_games/games/landsknecht/) and asks for EXACTLY
the same per-deal results, for every kind of bet plan, every pack option
and stake limits, void deals included. Hand-worked decks give independent
expected values (derivations in the comments, rules from the source
diagram-ru, as the chapter reads it).
"""

from __future__ import annotations


import numpy as np
import pytest

from conftest import need_module
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banking_games.cards import full_pack
from banking_games.errors import ConfigError, StakeError
from banking_games.games import landsknecht as lk
from banking_games.simulate import landsknecht as sim
from banking_games.simulate.common import decks_to_cards, mean_estimate, shuffled_decks
from banking_games.simulate.landsknecht import (EVERY, FIRST, FIRST_LATE, SECOND, BetPlan, deal_decks,
                                                engine_deal_decks, session_totals, simulate, simulate_engine)

PACK = full_pack()
INDEX = {c: i for i, c in enumerate(PACK)}
# Plans covering every kind: one card / every card, at once / later, several stakes, far cards.
ALL_PLANS = (FIRST, EVERY, SECOND, FIRST_LATE,
             BetPlan("every_late", card=None, wait=2, stake=3),
             BetPlan("third_late", card=3, wait=1, stake=2),
             BetPlan("fifth", card=5),
             BetPlan("tenth", card=10),
             BetPlan("first_very_late", card=1, wait=12),
             BetPlan("first_wait45", card=1, wait=45),
             BetPlan("every_wait51", card=None, wait=51))  # never placed: no deal has 51 turns after a card


def deck_of(top: str) -> np.ndarray:
    """One deck (as card indices) whose top cards are ``top``, the rest in pack order."""
    return np.array([[INDEX[c] for c in lk.deck_with_top(top.split())]], dtype=np.int8)


def row(result: dict, i: int = 0) -> dict:
    return {k: int(v[i]) for k, v in result.items()}


def assert_same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)


# ---------------------------------------------------------------- hand-worked decks

HAND = [
    # The chapter's diagram deal: layout K, 3; banker 6; players' card J. Turn 1: 8D pairs
    # nothing -> players' card 2. Turn 2: KH pairs a layout card (no effect). Turn 3: 6H pairs
    # the banker's card -> end; J and 8 still live, so every bet on them wins 1 to 1.
    # 7 cards, 3 turns, 2 players' cards. first +1; every: J +1, 8 +1 = +2; second (8D) +1;
    # first_late (wait 3): the deal ended on turn 3, never placed -> 0. Banker -(1+2+1) = -4.
    ("KC 3D 6S JH 8D KH 6H",
     dict(void=0, cards=7, turns=3, players_cards=2, first_net=1, first_bets=1, every_net=2, every_bets=2,
          second_net=1, second_bets=1, first_late_net=0, first_late_bets=0, banker_net=-4)),
    # The chapter's second deal: layout 9, 4; banker Q; players' card 5D. Turn 1: 10S new
    # players' card. Turn 2: 5C pairs 5D -> bets on 5 lose. Turn 3: 9D on a layout pile.
    # Turn 4: QH pairs the banker's card. first -1; every: 5 -1, 10 +1 = 0 (2 bets);
    # second (10S) +1; first_late: after 3 turns the 5 is paired -> not placed. Banker 0.
    ("9S 4H QC 5D 10S 5C 9D QH",
     dict(void=0, cards=8, turns=4, players_cards=2, first_net=-1, first_bets=1, every_net=0, every_bets=2,
          second_net=1, second_bets=1, first_late_net=0, first_late_bets=0, banker_net=0)),
    # A late bet that is placed: turns 1-3 (8D, 2C, 4H) are new players' cards, so after 3 turns
    # J is live and first_late bets on it; turn 4, 6H, pairs the banker's card: all win.
    # 8 cards, 4 turns, 4 players' cards; first +1, every +4, second +1, first_late +1; banker -7.
    ("KC 3D 6S JH 8D 2C 4H 6H",
     dict(void=0, cards=8, turns=4, players_cards=4, first_net=1, first_bets=1, every_net=4, every_bets=4,
          second_net=1, second_bets=1, first_late_net=1, first_late_bets=1, banker_net=-7)),
    # Setup pairs (the chapter's setup deck): 9S layout, 9H on it, 4H layout 2, 4C on the 4 (would
    # be the banker's), 9D on the 9, QC banker, 9C on the 9 and 4D on the 4 (would be players'),
    # 5D players' card: 9 setup cards. The rest follows in pack order AS KS QS ...: AS, KS new
    # players' cards (turns 1, 2), QS pairs the banker's queen (turn 3). 12 cards, 3 players'
    # cards all live: first +1, every +3, second +1, first_late 0 (over at turn 3); banker -5.
    ("9S 9H 4H 4C 9D QC 9C 4D 5D",
     dict(void=0, cards=12, turns=3, players_cards=3, first_net=1, first_bets=1, every_net=3, every_bets=3,
          second_net=1, second_bets=1, first_late_net=0, first_late_bets=0, banker_net=-5)),
    # A void deal (rule 3): JD would be the players' card but pairs the banker's JC. 4 cards, no bets.
    ("7S 2H JC JD",
     dict(void=1, cards=4, turns=0, players_cards=0, first_net=0, first_bets=0, every_net=0, every_bets=0,
          second_net=0, second_bets=0, first_late_net=0, first_late_bets=0, banker_net=0)),
    # Void after a setup pair: 7H (would be the players' card) pairs layout 7S and goes on it; then
    # JD pairs the banker's JC: void, 5 cards.
    ("7S 2H JC 7H JD",
     dict(void=1, cards=5, turns=0, players_cards=0, first_net=0, first_bets=0, every_net=0, every_bets=0,
          second_net=0, second_bets=0, first_late_net=0, first_late_bets=0, banker_net=0)),
    # The banker's card paired on the first turn: 3 players' card, JD ends the deal at once.
    # first +1 (the 3 was live), every +1, second never appears -> 0; banker -2.
    ("7S 2H JC 3D JD",
     dict(void=0, cards=5, turns=1, players_cards=1, first_net=1, first_bets=1, every_net=1, every_bets=1,
          second_net=0, second_bets=0, first_late_net=0, first_late_bets=0, banker_net=-2)),
]


@pytest.mark.parametrize("top, expected", HAND, ids=[h[0] for h in HAND])
def test_hand_worked_decks(top, expected):
    deck = deck_of(top)
    plans = (FIRST, EVERY, SECOND, FIRST_LATE)
    assert row(deal_decks(deck, plans)) == expected
    assert row(engine_deal_decks(deck, plans)) == expected


def test_hand_worked_later_waits():
    # Deck "KC 3D 6S JH 8D 8C 4H 6H": J players' card; turn 1 8D new players' card; turn 2 8C
    # pairs it (a bet on it loses); turn 3 4H new; turn 4 6H ends the deal.
    deck = deck_of("KC 3D 6S JH 8D 8C 4H 6H")
    plans = (BetPlan("second", card=2),                # on 8D at once: paired on turn 2 -> -1
             BetPlan("second_w1", card=2, wait=1),     # 1 turn after 8D (turn 1) = after turn 2: paired -> none
             BetPlan("third_w1", card=3, wait=1),      # 4H appears turn 3; after turn 4 the deal is over -> none
             BetPlan("every_w1", card=None, wait=1, stake=5))  # J after turn 1 (+5), 4H none, 8D none
    r = row(deal_decks(deck, plans))
    assert r == row(engine_deal_decks(deck, plans))
    assert (r["second_net"], r["second_bets"]) == (-1, 1)
    assert (r["second_w1_net"], r["second_w1_bets"]) == (0, 0)
    assert (r["third_w1_net"], r["third_w1_bets"]) == (0, 0)
    assert (r["every_w1_net"], r["every_w1_bets"]) == (5, 1)
    assert r["banker_net"] == -(-1 + 5)


# ---------------------------------------------------------------- equal to the engine

def test_equal_to_engine_on_many_decks_with_every_event():
    decks = shuffled_decks(2000, 52, np.random.default_rng(20240601))
    vec = deal_decks(decks, ALL_PLANS)
    eng = engine_deal_decks(decks, ALL_PLANS)
    assert_same(vec, eng)
    # The decks exercise every event kind of the engine and every outcome of a plan.
    kinds = set()
    for cards in decks_to_cards(decks[:400], PACK):
        deal = lk.LandsknechtDeal(deck=cards)
        deal.play_out()
        kinds |= {e.kind for e in deal.history}
    assert kinds >= {lk.LAYOUT_CARD, lk.BANKER_CARD, lk.PLAYERS_CARD, lk.SETUP_PAIR, lk.VOID,
                     lk.PAIR_PLAYERS, lk.PAIR_DEAD, lk.PAIR_BANKER}
    assert vec["void"].any() and not vec["void"].all()
    for plan in ALL_PLANS[:-4]:
        nets = set(np.unique(vec[f"{plan.name}_net"]).tolist())
        assert {0, plan.stake, -plan.stake} <= nets or plan.card is None, plan
    assert vec["players_cards"].max() >= 9  # long deals occur
    assert not vec["every_wait51_bets"].any()


@st.composite
def plans_strategy(draw):
    n = draw(st.integers(1, 4))
    out = []
    for i in range(n):
        card = draw(st.one_of(st.none(), st.integers(1, 10)))
        out.append(BetPlan(f"p{i}", card=card, wait=draw(st.integers(0, 8)), stake=draw(st.integers(1, 7))))
    return tuple(out)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), plans=plans_strategy(), ranks=st.integers(4, 13),
       suits=st.integers(2, 4))
def test_equal_to_engine_for_any_plans_and_pack(seed, plans, ranks, suits):
    config = lk.LandsknechtConfig(ranks=ranks, suits=suits)
    decks = shuffled_decks(25, ranks * suits, np.random.default_rng(seed))
    assert_same(deal_decks(decks, plans, config=config), engine_deal_decks(decks, plans, config=config))


def test_equal_to_engine_with_stake_limits_and_three_ranks():
    limits = lk.LandsknechtConfig(min_stake=2, max_stake=5)
    plans = (BetPlan("a", card=1, stake=2), BetPlan("b", card=None, stake=5))
    decks = shuffled_decks(200, 52, np.random.default_rng(7))
    assert_same(deal_decks(decks, plans, config=limits), engine_deal_decks(decks, plans, config=limits))
    # With 3 ranks every deal is void (the fourth rank the players' card needs does not exist).
    three = lk.LandsknechtConfig(ranks=3, suits=3)
    decks = shuffled_decks(50, 9, np.random.default_rng(8))
    vec = deal_decks(decks, ALL_PLANS, config=three)
    assert_same(vec, engine_deal_decks(decks, ALL_PLANS, config=three))
    assert vec["void"].all()


def test_simulate_equals_engine_loop_with_redeals():
    vec = simulate(400, ALL_PLANS, rng=11)
    eng = simulate_engine(400, ALL_PLANS, rng=11)
    assert vec.equals(eng)
    assert vec.attrs == eng.attrs
    # Void deals happened and were redealt: decks used = deals + void deals.
    assert vec["voids"].sum() > 0
    assert vec.attrs["decks"] == 400 + vec["voids"].sum()
    small = lk.LandsknechtConfig(ranks=5, suits=3)
    assert simulate(150, ALL_PLANS, rng=5, config=small).equals(simulate_engine(150, ALL_PLANS, rng=5, config=small))


# ---------------------------------------------------------------- many deals

def test_chunks_do_not_change_the_deals():
    a = simulate(3000, rng=9)
    b = simulate(3000, rng=9, chunk_size=257)
    c = simulate(3000, rng=np.random.default_rng(9), chunk_size=1000)
    assert a.equals(b) and a.equals(c)
    assert a.attrs["decks"] == b.attrs["decks"]


def test_redeal_uses_the_next_shuffles_in_order():
    # Each played deal is the next shuffle that is not void, and `voids` counts the void
    # shuffles just before it: compare with one row per shuffle, no redeal.
    played = simulate(2000, rng=4)
    raw = simulate(played.attrs["decks"], rng=4, redeal_void=False)
    assert raw["void"].sum() == played["voids"].sum()
    kept = raw[~raw["void"]].drop(columns="void").reset_index(drop=True)
    assert kept.equals(played.drop(columns="voids"))
    # The void count before deal i: the run of void shuffles ending just before it.
    starts = np.flatnonzero(~raw["void"].to_numpy())
    gaps = np.diff(starts, prepend=-1) - 1
    np.testing.assert_array_equal(played["voids"].to_numpy(), gaps)


def test_chips_conserved_and_bets_counted():
    df = simulate(20_000, ALL_PLANS, rng=1)
    nets = sum(df[f"{p.name}_net"].astype(int) for p in ALL_PLANS)
    assert (df["banker_net"] == -nets).all()
    # Every players' card gets the `every` bet placed at once.
    assert (df["every_bets"] == df["players_cards"]).all()
    assert (df["first_bets"] == 1).all()  # a deal that is played always has a players' card
    # Each bet wins or loses its stake: |net| <= stake * bets, same parity.
    for p in ALL_PLANS:
        net, bets = df[f"{p.name}_net"].astype(int), df[f"{p.name}_bets"].astype(int)
        assert (net.abs() <= p.stake * bets).all() and ((net // p.stake - bets) % 2 == 0).all()
    # Cards = setup cards + turns; at least 4 setup cards.
    assert (df["cards"] - df["turns"] >= 4).all()


def test_agrees_with_exact_values():
    exact = need_module("banking_games.exact.landsknecht")
    df = simulate(200_000, (FIRST, SECOND, FIRST_LATE), rng=2024)
    for plan, value in ((FIRST, exact.bet_values()[0]), (SECOND, exact.bet_values()[1]),
                        (FIRST_LATE, exact.bet_values()[1])):
        placed = df[f"{plan.name}_bets"] > 0
        est = mean_estimate(df.loc[placed, f"{plan.name}_net"])
        assert abs(est.z_score(value.expected_value)) < 4, (plan, est)
    # Void deals: per shuffle P = 3/43; voids before a deal are geometric with mean p/(1-p).
    p = exact.void_probability()
    est = mean_estimate(df["voids"])
    assert abs(est.z_score(p / (1 - p))) < 4
    assert abs(mean_estimate(df["players_cards"]).z_score(exact.expected_players_cards())) < 4
    pmf = exact.deal_length_distribution()
    mean_len = sum(k * q for k, q in pmf.items())
    assert abs(mean_estimate(df["cards"]).z_score(mean_len)) < 4


def test_session_totals():
    # Sessions of 3: (1 - 1 + 1) = 1, (1 + 1 + 1) = 3; the trailing -1 is an unfinished session.
    assert session_totals([1, -1, 1, 1, 1, 1, -1], 3).tolist() == [1, 3]
    with pytest.raises(ValueError, match="session_length"):
        session_totals([1, 2], 0)
    with pytest.raises(ValueError, match="at least 5"):
        session_totals([1, 2], 5)


def test_stop_returns_the_deals_done(monkeypatch):
    calls = {"n": 0}
    real = sim.deal_decks

    def interrupted(decks, plans, config=None):
        calls["n"] += len(decks) == 1000  # the first call of each chunk deals its 1000 decks
        if calls["n"] > 2:  # Ctrl-C during the third chunk
            raise KeyboardInterrupt
        return real(decks, plans, config=config)

    monkeypatch.setattr(sim, "deal_decks", interrupted)
    with pytest.warns(RuntimeWarning, match="stopped after"):
        df = simulate(10_000, (FIRST,), rng=3, chunk_size=1000)
    # The two finished chunks are kept, and they are the first 2000 deals of the full run.
    assert len(df) == 2000 and df.attrs["deals"] == 2000
    monkeypatch.setattr(sim, "deal_decks", real)
    assert df.equals(simulate(2000, (FIRST,), rng=3))


def test_arrays_for_large_runs():
    out = simulate(5000, (FIRST,), rng=6, as_frame=False)
    assert out["deals"] == 5000 and out["first_net"].shape == (5000,)
    assert out["decks"] == 5000 + int(out["voids"].sum())
    assert out["first_net"].dtype == np.int16 and out["cards"].dtype == np.int8


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("kwargs, match", [
    (dict(name="First"), "lower-case"),
    (dict(name="x y"), "lower-case"),
    (dict(name="a", card=0), "card must be"),
    (dict(name="a", card=11), "card must be"),
    (dict(name="a", card=1.0), "card must be"),
    (dict(name="a", wait=-1), "wait must be"),
    (dict(name="a", stake=0), "stake must be"),
    (dict(name="a", stake=1.5), "stake must be"),
])
def test_bad_plans(kwargs, match):
    with pytest.raises(ConfigError, match=match):
        BetPlan(**kwargs)


def test_bad_arguments():
    with pytest.raises(ConfigError, match="names must differ"):
        simulate(10, (FIRST, FIRST))
    with pytest.raises(ConfigError, match="reserved"):
        simulate(10, (BetPlan("banker"),))
    with pytest.raises(ConfigError, match="BetPlan"):
        simulate(10, ("first",))
    with pytest.raises(ConfigError, match="LandsknechtConfig"):
        simulate(10, config={"ranks": 5})
    with pytest.raises(StakeError, match="limits"):
        simulate(10, (BetPlan("a", stake=20),), config=lk.LandsknechtConfig(max_stake=10))
    with pytest.raises(ConfigError, match="every deal is void"):
        simulate(10, config=lk.LandsknechtConfig(ranks=3, suits=2))
    with pytest.raises(ValueError, match="n_deals"):
        simulate(0)
    with pytest.raises(TypeError, match="rng"):
        simulate(10, rng=None)
    with pytest.raises(ValueError, match="shape"):
        deal_decks(np.zeros((3, 40), dtype=np.int8))
    with pytest.raises(ValueError, match="shape"):
        engine_deal_decks(np.zeros((3, 20), dtype=np.int8), config=lk.LandsknechtConfig(ranks=4, suits=4))


def test_plan_descriptions():
    assert FIRST.description == "1 unit on the first players' card, at once"
    assert EVERY.description == "1 unit on each players' card, at once"
    assert FIRST_LATE.description == "1 unit on the first players' card, 3 turns after it appears"
    assert BetPlan("x", card=4, wait=1, stake=2).description == "2 units on players' card 4, 1 turn after it appears"
