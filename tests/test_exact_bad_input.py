"""Bad input to the public functions of ``exact/`` and ``simulate/`` is refused
with the package's own error type (issue 11: "the bare TypeError in
exact/core.py"; every public function checked, not only that one).

Each case below was found by calling every public function of exact/ and
simulate/ with None, strings, floats, NaN, lists, dicts, booleans and plain
objects: before this change each raised a bare built-in error (TypeError,
AttributeError, StopIteration) from deep inside, or ran for minutes. The
expected type is the package's own (GameError), with a message that names
the argument; ArgumentError is also a TypeError, for code written before it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from banking_games.errors import ArgumentError, BetError, ConfigError, GameError
from banking_games.exact import banker_broker as eb
from banking_games.exact import core
from banking_games.exact import hoggenheimer as eh
from banking_games.exact import landsknecht as el
from banking_games.games import banker_broker as bb
from banking_games.cards import hoggenheimer_pack
from banking_games.games import hoggenheimer as hg
from banking_games.simulate import common as sc
from banking_games.simulate import hoggenheimer as sh

ONE_SECTION = {(Fraction(1),): Fraction(1, 2), (Fraction(-1),): Fraction(1, 2)}

CASES = [
    # (call, expected error type, words the message must contain)
    (lambda: core.as_fraction(0.5), ArgumentError, "exact rational"),
    (lambda: core.as_fraction("1/2"), ArgumentError, "exact rational"),
    (lambda: core.as_fraction(None), ArgumentError, "exact rational"),
    (lambda: core.BetValue("g", "b", 1.5, Fraction(1, 2)), ArgumentError, "exact rational"),
    (lambda: core.sqrt_text(None), ArgumentError, "exact number"),
    (lambda: core.sqrt_text([]), ArgumentError, "exact number"),
    (lambda: core.value_table(None), ArgumentError, "list of BetValue"),
    (lambda: core.value_table("x"), ArgumentError, "list of BetValue"),
    (lambda: core.value_table([1]), ArgumentError, "BetValue"),
    (lambda: core.outcome_distribution("x"), ArgumentError, "BetValue"),
    (lambda: core.session_distribution([], 3), ArgumentError, "dict"),
    (lambda: core.session_distribution({1: 0.5, -1: 0.5}, 3), ArgumentError, "exact rational"),
    (lambda: core.session_distribution({1: Fraction(1)}, 10**9), ConfigError, "n_deals"),
    (lambda: eh.expected_value_formula("x"), ArgumentError, "odds"),
    (lambda: eh.variance_formula([]), ArgumentError, "odds"),
    (lambda: eh.expected_value_formula(-2), ConfigError, "positive"),
    (lambda: eh.bet_value("x"), ArgumentError, "BetKind"),
    (lambda: eh.bet_value(None), ArgumentError, "BetKind"),
    (lambda: eh.several_bets_value(None), ArgumentError, "list of bets"),
    (lambda: eh.several_bets_value(5), ArgumentError, "list of bets"),
    (lambda: eh.several_bets_value([]), BetError, "at least one bet"),
    (lambda: eh.several_bets_value(["AS"], [0.5]), ArgumentError, "exact rational"),
    (lambda: eh.several_bets_value(["AS"], [-1]), ConfigError, "positive"),
    (lambda: eh.several_bets_distribution(None), ArgumentError, "list of bets"),
    (lambda: eb.section_bet_value(None), ConfigError, "ranks"),
    (lambda: eb.section_bet_value(13, {}), ConfigError, "suits"),
    (lambda: eb.bottom_positions(None), ArgumentError, "sizes"),
    (lambda: eb.bottom_positions("x"), ArgumentError, "sizes"),
    (lambda: eb.bottom_positions([3, "x"]), ArgumentError, "whole number"),
    (lambda: eb.bottom_positions([3, 0]), ConfigError, "at least 1"),
    (lambda: eb.engine_law(sections=None), ConfigError, "sections"),
    (lambda: eb.engine_law(sections=1.5), ConfigError, "sections"),
    (lambda: eb.engine_law(sections=-1), ConfigError, "sections"),
    (lambda: eb.engine_law(3, 2, sizes=5), ArgumentError, "sizes"),
    (lambda: eb.law_to_results(None), ArgumentError, "dict"),
    (lambda: eb.value_from_law("x"), ArgumentError, "dict"),
    (lambda: eb.total_from_law(1.5), ArgumentError, "dict"),
    (lambda: eb.law_to_results({(Fraction(2),): Fraction(1)}), ConfigError, "nets 1, 0 or -1"),
    (lambda: eb.law_to_results({(Fraction(1),): Fraction(1, 2)}), ConfigError, "sum to 1"),
    (lambda: el.bet_win_probability(None), ConfigError, "suits"),
    (lambda: el.bet_win_probability("x"), ConfigError, "suits"),
    (lambda: el.race_probability(1.5, 2), ConfigError, "whole number"),
    (lambda: el.engine_recursion(3, 2, bets="x"), ConfigError, "True or False"),
    (lambda: sc.mean_estimate("x"), ConfigError, "numbers"),
    (lambda: sc.mean_estimate([1.0]), ConfigError, "at least two"),
    (lambda: sc.mean_estimate(["a", "b"]), ConfigError, "numbers"),
    (lambda: sc.mean_estimate([{}, {}]), ConfigError, "numbers"),
    (lambda: sc.mean_estimate([1.0, float("nan")]), ConfigError, "finite"),
    (lambda: sc.mean_estimate([[1.0, 2.0], [3.0, 4.0]]), ConfigError, "1-D"),
    (lambda: sh.bet_plan(None), ConfigError, "list of bets"),
    (lambda: sh.bet_plan(1.5), ConfigError, "list of bets"),
    (lambda: hg.HoggenheimerDeal(), ArgumentError, "deck="),
    (lambda: hg.HoggenheimerDeal(deck=hoggenheimer_pack(), rng=1), ArgumentError, "deck="),
]


@pytest.mark.parametrize("call, kind, words", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_bad_input_is_refused_with_the_packages_own_error(call, kind, words):
    with pytest.raises(kind) as info:
        call()
    assert isinstance(info.value, GameError)
    assert words in str(info.value)


def test_argument_error_is_still_a_type_error():
    # code written before ArgumentError existed catches TypeError
    assert issubclass(ArgumentError, TypeError) and issubclass(ArgumentError, GameError)


def test_a_huge_input_is_not_echoed_whole():
    # the message shows at most 40 characters of the input and then "…"
    with pytest.raises(ArgumentError) as info:
        core.as_fraction("9" * 5000)
    assert "9" * 41 not in str(info.value) and "…" in str(info.value)
    assert len(str(info.value)) < 200


def test_refused_calls_still_accept_the_legal_values():
    # the checks refuse only bad input: hand-derived values still come out.
    # One unit on a card paid 1 to 1 (source: even money on a single card)
    # wins when that card comes before the Joker: probability 1/2. The net
    # is +1 or -1 with probability 1/2 each: mean 0, variance 1.
    assert eh.several_bets_value(["AS"]) == (Fraction(0), Fraction(1))
    # bottom positions of sections of 3, 2, 4 cards (top first): 2, 4, 8
    assert eb.bottom_positions([3, 2, 4]) == (2, 4, 8)
    # a fair coin's law read as results: one win and one loss, 1/2 each
    assert eb.law_to_results(ONE_SECTION) == {("win",): Fraction(1, 2), ("lose",): Fraction(1, 2)}
    assert el.race_probability(3, 1) == Fraction(1, 4)


# ---------------------------------------------------------------- issue 21: the exact module checks packs as the engine does
#
# One rules engine: a pack or an option the engine refuses is refused by the exact functions
# too (they call the engine's own checks), and a pack the engine accepts is accepted.

from banking_games.games import landsknecht as lk  # noqa: E402
from banking_games.exact import landsknecht as _el  # noqa: E402

PACKS = [(r, s) for r in (-1, 0, 1, 2, 3, 8, 13, 14) for s in (0, 1, 2, 4, 5)] + [(True, 4), (13, True), (1.0, 4), ("13", 4)]


def _refused(call) -> str | None:
    try:
        call()
    except GameError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("ranks, suits", PACKS)
def test_banker_broker_exact_refuses_exactly_the_packs_the_engine_refuses(ranks, suits):
    engine = _refused(lambda: bb.BankerBrokerConfig(ranks=ranks, suits=suits))
    # cheap exact functions of one section against the banker's only (each a formula in ranks and
    # suits); the laws of two sections need a deal of three sections: tests/test_bad_input_rules.py
    for fn in (eb.tie_probability, eb.win_probability, eb.section_bet_value):
        exact = _refused(lambda: fn(ranks, suits))
        assert (exact is None) == (engine is None), (fn.__name__, ranks, suits, engine, exact)
        if engine is not None:
            assert exact == engine  # the engine's own message, word for word


@pytest.mark.parametrize("ranks, suits", PACKS)
def test_landsknecht_exact_refuses_exactly_the_packs_the_engine_refuses(ranks, suits):
    engine = _refused(lambda: lk.LandsknechtConfig(ranks=ranks, suits=suits))
    for fn in (_el.void_probability, _el.setup_length_distribution):
        exact = _refused(lambda: fn(ranks, suits))
        assert (exact is None) == (engine is None), (fn.__name__, ranks, suits, engine, exact)


@pytest.mark.parametrize("suits, ranks", [(0, 2), (5, 2), (1, 9), (True, 2), (1, True), (2, 2.0)])
def test_hoggenheimer_exact_refuses_the_layouts_the_engine_refuses(suits, ranks):
    engine = _refused(lambda: hg.HoggenheimerConfig("english", suits=suits, ranks=ranks))
    assert engine is not None
    assert _refused(lambda: eh.engine_exhaustive(suits, ranks)) == engine


def test_two_card_pack_refused_by_exact_as_by_engine():
    # Before: exact/banker_broker.py had its own copy of the pack check, which let a 2-card pack
    # (2 ranks x 1 suit) through although the engine needs 3 cards (two sections and the bottom
    # card). Now both refuse it with the engine's words.
    with pytest.raises(ConfigError, match="at least 3 are needed"):
        bb.BankerBrokerConfig(ranks=2, suits=1)
    for call in (lambda: eb.tie_probability(2, 1), lambda: eb.win_probability(2, 1),
                 lambda: eb.section_bet_value(2, 1)):
        with pytest.raises(ConfigError, match="at least 3 are needed"):
            call()


def test_sections_and_sizes_refused_by_the_engines_own_checks():
    # option 3(b) (the three-section game) fixes 3 sections: 2 is refused as the engine refuses it
    with pytest.raises(ConfigError, match=r"option 3\(b\) fixes the number of sections at 3"):
        eb.engine_law(3, 2, sections=2, sectioning=bb.Sectioning.THREE)
    # 3(a) allows at most 7 sections in all (section_limit), so at most 7 players rotate the bank
    with pytest.raises(ConfigError, match="at most 7 sections"):
        eb.rotation_cycle_expectations(8)
    # a 6-card pack (3 ranks x 2 suits) has 5 usable cards with the bottom one discarded:
    # sizes 1, 1, 1 add up to 3, not 5 -> the engine's cut says so (not "whole number")
    with pytest.raises(BetError, match="the sizes add up to 3") as info:
        eb.engine_law(3, 2, sections=3, sizes=[1, 1, 1])
    assert "whole number" not in str(info.value)
    # two sizes for three sections: the count is named
    with pytest.raises(BetError, match="give 3 section sizes, one per section"):
        eb.engine_law(3, 2, sections=3, sizes=[2, 3])


def test_engine_cut_names_the_rule_broken():
    deal = bb.BankerBrokerDeal(bb.BankerBrokerConfig(), ("Ann", "Bob"), rng=3)  # 3(a): 3 sections, 51 cards
    before = deal.transcript()
    # whole numbers that do not add up to the 51 cards above the discarded bottom card
    with pytest.raises(BetError, match="the sizes add up to 30: with the bottom card discarded the 3 sections share all 51 other cards; give 3 sizes that add up to 51") as info:
        deal.cut([10, 10, 10])
    assert "whole number" not in str(info.value)
    # whole numbers, but two of them for three sections
    with pytest.raises(BetError, match="give 3 section sizes, one per section") as info:
        deal.cut([25, 26])
    assert "whole number" not in str(info.value)
    # a piece that is not a whole number: that is the rule named
    with pytest.raises(BetError, match="whole number of at least 1 card"):
        deal.cut([25, 25.5, 0.5])
    assert deal.transcript() == before and not deal.sections


def test_both_win_probability_reads_cards_as_the_engine():
    # "AS" is the ace of spades (one card), not the letters A and S: with KS the union has
    # 2 cards, so both bets win when both come before the Joker: 1 / (2 + 1)
    assert eh.both_win_probability("AS", ["KS"]) == Fraction(1, 3)
    # the same card in both bets counts once: 1 / (1 + 1)
    assert eh.both_win_probability(["AS"], "AS") == Fraction(1, 2)
    for bad in (["Joker"], ["2S"], [], ["AS", "AS"]):
        with pytest.raises(GameError):
            eh.both_win_probability(bad, ["KS"])


def test_several_bets_stakes_within_the_engines_range():
    # the engine's to_stake refuses stakes above 10**1000 units; so does the exact module
    with pytest.raises(GameError, match="stake"):
        eh.several_bets_value(["AS"], [10 ** 1001])
