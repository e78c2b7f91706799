"""The lessons' Scale it up phase (:mod:`banking_games.classroom.scale_up`): what
the groups' repeats pool on the class board, derived here with the engines only,
and the words a lesson page gives a chance."""

from __future__ import annotations

import random

import pytest

from banking_games.classroom import scale_up
from banking_games.classroom import teaching as T
from banking_games.errors import ConfigError


def test_hoggenheimer_repeats_pool_as_bets_a_to_d():
    # One unit on each of bets A-D (JH; 7S 7H; 9H 8H 9D 8D; diamonds), 60 deals from seed 7: every deal
    # an English deal shuffled from one random.Random(7), played until the Joker; a bet wins when all
    # its cards are turned before the Joker (the game's rule, read from the deal's turned cards).
    from banking_games.games import hoggenheimer as hog
    bets = {"A": "JH", "B": "7S 7H", "C": "9H 8H 9D 8D", "D": "diamonds"}
    diamonds = {f"{r}D" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}
    rng, won = random.Random(7), dict.fromkeys(bets, 0)
    for _ in range(60):
        deal = hog.HoggenheimerDeal(hog.HoggenheimerConfig("english"), rng=rng, banker="Anna")
        deal.play()
        names = {c.name for c in deal.turned}
        for letter, spec in bets.items():
            cards = diamonds if spec == "diamonds" else set(spec.split())
            won[letter] += cards <= names
    (group,) = scale_up.repeat_groups("hoggenheimer", [7], deals=60)
    assert {k: (c.successes, c.trials) for k, c in group.counts.items()} == {k: (w, 60) for k, w in won.items()}


def test_banker_broker_repeats_add_their_sections_under_w():
    # One unit on each punter's section 1-3 (banker Anna), 300 deals from seed 11, dealt with the engine:
    # a section wins when its bottom card outranks the banker's (the last section's) bottom card.
    # 424 wins of 900 sections (tests/test_board.py derives the same repeat).
    from banking_games.games import banker_broker as bb
    rng, w = random.Random(11), 0
    for _ in range(300):
        deal = bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ["Ben", "Cleo", "Dora"], rng=rng, banker="Anna")
        deal.play_out()
        w += sum(deal.sections[n - 1].bottom.rank > deal.sections[-1].bottom.rank for n in (1, 2, 3))
    assert w == 424
    groups = scale_up.repeat_groups("banker-and-broker", [11], deals=300)
    assert {k: (c.successes, c.trials) for k, c in groups[0].counts.items()} == {"win": (424, 900)}
    # the bank takes ties: mean net per unit W - (n - W) over n
    assert T.mean_net("banker-and-broker", groups).value * 900 == 2 * 424 - 900


@pytest.mark.parametrize("p, words", [
    (0.0981, "about 1 class in 10"),                      # the lesson's Banker and Broker edge, 2 SE
    (0.2548, "about 3 classes in 10"),
    (0.954, "about 19 classes in 20"),                    # 19/20 = 0.95 is nearer than 10/10
    (0.92, "about 9 classes in 10"),                      # 0.9 nearer than 0.95
    (0.9988, "practically every class (more than 99 in 100)"),
])
def test_classes_in_words_a_chance(p, words):
    assert scale_up.classes_in(p) == words


@pytest.mark.parametrize("bad", [-0.1, 1.5, "0.5", True, None])
def test_classes_in_refuses_what_is_not_a_chance(bad):
    with pytest.raises(ConfigError, match="chance from 0 to 1"):
        scale_up.classes_in(bad)


def test_repeat_groups_needs_seeds():
    with pytest.raises(ConfigError, match="at least one group's seed"):
        scale_up.repeat_groups("landsknecht", [])
