"""Successive deals of a session are dealt from different shuffles (issue 18).

A bug that reseeds the shuffle at every deal (``random.Random(seed)`` made
again, or the same seed string reused) deals the same cards every time, and
every per-deal check still passes. Derivation of the expected value: two
independent shuffles of a 33-card pack are equal with chance 1/33! (about
1e-37; 1/52! about 1e-68 for 52 cards), so six deals of a working session
have six different deck orders, each a permutation of the game's pack.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from banking_games.cards import full_pack, hoggenheimer_pack
from conftest import new_table

DEALS = 6


def lk_deck(deal) -> tuple:
    return tuple(deal._deck)  # the deal's deck order, top first (LandsknechtDeal keeps it privately)


def check_distinct_shuffles(decks: list[tuple], pack: list) -> None:
    assert all(Counter(d) == Counter(pack) for d in decks)  # each one a whole pack
    assert len(set(decks)) == len(decks), "two deals of one session were dealt in the same order"


def play_table(t, deck_of) -> list[tuple]:
    decks = [deck_of(t.deal)]
    for _ in range(DEALS - 1):
        if hasattr(t, "cut_button"):
            t.cut_button.click()
        t.end_button.click()
        t.new_deal_button.click()
        assert not t.message.is_error, t.message.value
        decks.append(deck_of(t.deal))
    return decks


@pytest.mark.parametrize("seed", [0, 2026])
def test_hoggenheimer_table_shuffles_each_deal(seed):
    t = new_table("hoggenheimer", seed=seed)
    check_distinct_shuffles(play_table(t, lambda d: tuple(d.deck)), hoggenheimer_pack())


@pytest.mark.parametrize("seed", [0, 2026])
def test_banker_broker_table_shuffles_each_deal(seed):
    t = new_table("banker-and-broker", seed=seed)
    check_distinct_shuffles(play_table(t, lambda d: tuple(d.deck)), full_pack())


@pytest.mark.parametrize("seed", [0, 2026])
def test_landsknecht_table_shuffles_each_deal(seed):
    t = new_table("landsknecht", seed=seed)
    decks = play_table(t, lk_deck)
    check_distinct_shuffles(decks, full_pack())


def test_landsknecht_session_shuffles_each_deal_and_each_redeal():
    from banking_games.games.landsknecht import LandsknechtSession
    s = LandsknechtSession(("Ann", "Bob", "Cy"), 5)
    decks = []
    for _ in range(DEALS):
        d = s.start_deal()
        decks.append(lk_deck(d))
        d.play_out()
        s.end_deal()
    # a void deal is dealt again from a fresh shuffle: include the voided deals' orders
    decks += [lk_deck(v) for v in s.void_deals]
    check_distinct_shuffles(decks, full_pack())


def test_banker_broker_session_with_one_generator_shuffles_each_deal():
    # The engine session takes the randomness for each deal from the caller; one generator passed
    # to every deal must give a new shuffle each time.
    from banking_games.games.banker_broker import BankerBrokerConfig, BankerBrokerSession
    t = BankerBrokerSession(BankerBrokerConfig(), ["Ann", "Bob", "Cy"], "Ann")
    rng = random.Random(11)
    decks = []
    for _ in range(DEALS):
        d = t.new_deal(rng=rng)
        decks.append(tuple(d.deck))
        d.play_out()
        t.end_deal()
    check_distinct_shuffles(decks, full_pack())
