"""The engines' refusals name the real problem, and the exact functions refuse what the engine
refuses (issue 32, "two kinds of bad input").

Kind A: section sizes that are whole numbers but do not add up to the pack were refused with
"each must be a whole number of at least 1", which they were; the message must say what they add
up to and what they must add up to.

Kind B: an exact function returned a distribution for a pack or layout that the engine refuses
(Banker and Broker's two-section laws on a 3-card pack; Landsknecht's players' cards on a 3-rank
pack, where every deal is void, as {1: -3}, a negative probability; Hoggenheimer's laws for 11
ranked cards, which no layout holds). Each exact function is now refused exactly where the
engine refuses; a hypothesis test runs the two side by side over every small pack.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from banking_games import registry
from banking_games.errors import ConfigError, GameError


def engine(slug: str):
    """The engine module (layer ``games``) of the game ``slug``, from the registry."""
    return registry.game(slug).module("games")


def exact(slug: str):
    """The exact-values module of the game ``slug``, from the registry."""
    return registry.game(slug).module("exact")


def _refused(call) -> str | None:
    try:
        call()
    except GameError as exc:
        return str(exc)
    return None


# ---------------------------------------------------------------- Kind B

@settings(max_examples=80, deadline=None)
@given(ranks=st.integers(0, 14), suits=st.integers(0, 5))
def test_banker_broker_two_section_laws_refused_where_the_engine_cannot_deal_three_sections(ranks, suits):
    # the engine's deal of two punters (option 3b: three sections, the banker's included)
    bb, xbb = engine("banker-and-broker"), exact("banker-and-broker")
    def engine_deal():
        config = bb.BankerBrokerConfig(ranks=ranks, suits=suits, sectioning=bb.Sectioning.THREE)
        bb.BankerBrokerDeal(config, ["Ben", "Cleo"], rng=random.Random(1), banker="Anna")
    engine_says = _refused(engine_deal)
    for law in (xbb.joint_distribution, xbb.both_sections_distribution, xbb.both_sections_moments):
        exact_says = _refused(lambda: law(ranks, suits))
        assert (exact_says is None) == (engine_says is None), (law.__name__, ranks, suits, engine_says, exact_says)
    if engine_says is None:
        joint = xbb.joint_distribution(ranks, suits)
        assert sum(joint.values()) == 1 and min(joint.values()) >= 0


def test_banker_broker_three_card_pack_names_the_sections():
    with pytest.raises(ConfigError, match="3 cards holds at most 2 sections"):
        exact("banker-and-broker").joint_distribution(3, 1)


@settings(max_examples=60, deadline=None)
@given(ranks=st.integers(0, 14), suits=st.integers(0, 5))
def test_landsknecht_laws_of_played_deals_refused_where_the_engine_deals_none(ranks, suits):
    lk, xlk = engine("landsknecht"), exact("landsknecht")
    engine_says = _refused(lambda: lk.new_deal(random.Random(1), config=lk.LandsknechtConfig(ranks=ranks, suits=suits),
                                               banker="Anna", players=["Anna", "Ben"]))
    for law in (xlk.players_cards_distribution, xlk.expected_players_cards, xlk.deal_length_distribution,
                xlk.bet_values):
        exact_says = _refused(lambda: law(ranks, suits))
        assert (exact_says is None) == (engine_says is None), (law.__name__, ranks, suits, engine_says, exact_says)
    if engine_says is None:
        pmf = xlk.players_cards_distribution(ranks, suits)
        assert sum(pmf.values()) == 1 and min(pmf.values()) > 0


def test_landsknecht_three_ranks_all_void_but_its_void_chance_is_one():
    # 3 ranks: the two layout ranks and the banker's leave no rank for a players' card, so every
    # deal is void: P(void) = (s - 1) / ((r - 2) s - 1) = 3 / 3 = 1 for 4 suits; no played deal exists
    xlk = exact("landsknecht")
    assert xlk.void_probability(3, 4) == 1
    with pytest.raises(ConfigError, match="every deal is void"):
        xlk.players_cards_distribution(3, 4)


@pytest.mark.parametrize("n", range(0, 40))
def test_hoggenheimer_laws_only_for_a_layouts_number_of_cards(n):
    # the engine's layouts: 1-4 rows of 1-8 columns, so n = suits x ranks
    hog, xhog = engine("hoggenheimer"), exact("hoggenheimer")
    layouts = {s * r for s in range(1, 5) for r in range(1, 9)}
    assert set(hog.layout_sizes()) == layouts
    for law in (xhog.cards_turned_distribution, xhog.expected_cards_turned, lambda k: xhog.win_probability(1, k)):
        says = _refused(lambda: law(n))
        assert (says is None) == (n in layouts), (n, says)
    if n in layouts:
        config = next(hog.HoggenheimerConfig(suits=s, ranks=r) for s in range(1, 5) for r in range(1, 9) if s * r == n)
        assert len(config.pack()) == n + 1    # the n ranked cards and the Joker
        assert xhog.cards_turned_distribution(n) == {k: Fraction(1, n + 1) for k in range(n + 1)}


# ---------------------------------------------------------------- Kind A

def _bb_table():
    return registry.game("banker-and-broker").table_class()(seed=2026)


@pytest.mark.parametrize("typed, total", [
    ("99999999999999999999999, 1, 1, 1", "100,000,000,000,000,000,000,002"),   # 10^23 - 1 + 3
    ("10, 10, 10, 10", "40"),
    ("1" + "0" * 999 + ", 1, 1, 1", "a number of more than 40 digits"),
])
def test_section_sizes_that_do_not_add_up_say_so(typed, total):
    # the table's default: 4 players, option 3(a): 4 sections, the bottom card discarded, so the
    # sections share the other 51 cards of the 52 (BankerBrokerConfig, the source's Play 1)
    t = _bb_table()
    assert t.deal.n_sections == 4
    before = t.deal.transcript()
    t.sizes.value = typed
    t.cut_button.click()
    said = t.message.value
    assert t.message.is_error and f"the sizes add up to {total}" in said and "give 4 sizes that add up to 51" in said, said
    assert "whole number" not in said
    assert t.deal.transcript() == before


def test_section_size_of_thousands_of_digits_refused_by_its_size():
    t = _bb_table()
    t.sizes.value = "9" * 5000 + ", 1, 1, 1"
    t.cut_button.click()
    assert t.message.is_error and "5,000 digits" in t.message.value and "whole number" not in t.message.value


# ---------------------------------------------------------------- work too large: refused before it starts

@pytest.mark.parametrize("name, call, words", [
    # 13^7 = 62,748,517 rank tuples for 7 sections; 52! orders; 10^12 Monte Carlo deals
    ("bb.engine_law 7 sections", lambda: exact("banker-and-broker").engine_law(13, 4, sections=7), "62,748,517 deals"),
    ("bb.engine_exhaustive 52 cards", lambda: exact("banker-and-broker").engine_exhaustive(13, 4), "every order of 52 cards"),
    ("bb.engine_exhaustive 10 cards", lambda: exact("banker-and-broker").engine_exhaustive(5, 2), "3,628,800 deals"),   # 10!
    ("bb.engine_monte_carlo", lambda: exact("banker-and-broker").engine_monte_carlo(10 ** 12, 1), "1,000,000,000,000 deals"),
    ("lk.engine_exhaustive 52 cards", lambda: exact("landsknecht").engine_exhaustive(13, 4), "at most 16 cards"),
])
def test_enumerations_too_large_refused_at_once(name, call, words):
    with pytest.raises(ConfigError, match=words):
        call()


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.SLUGS)
@pytest.mark.parametrize("n", [10 ** 12, 10 ** 5000], ids=["1e12", "1e5000"])
def test_simulations_too_large_refused_at_once(game, n):
    # MAX_DEALS = 10^8: a table of 10^12 deals would need terabytes (numpy's MemoryError before);
    # 10^5000 made numpy raise "Maximum allowed dimension exceeded"
    sim = game.module("simulate")
    with pytest.raises(ConfigError, match="n_deals must be a whole number from 1 to 100,000,000"):
        sim.simulate(n, rng=0)


@pytest.mark.parametrize("bets", [[("JH", 1.5)], {"jack": ("JH", 1.5)}, [("JH", 0)], [("JH", True)], [("JH", 1001)]])
def test_hoggenheimer_plan_stake_refused_as_a_stake(bets):
    # a (bet, stake) pair with a stake that is not a whole number from 1 to 1000 was read as a bet on
    # two cards, refused with "a card name must be a string"
    from banking_games.simulate import hoggenheimer as sim

    with pytest.raises(ConfigError, match="the stake on .* must be a whole number of units from 1 to 1000"):
        sim.bet_plan(bets)
    assert sim.bet_plan([("JH", "QH")]).names == ("pair_qh_jh",)   # two cards stay a pair
