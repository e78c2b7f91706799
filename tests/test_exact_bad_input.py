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
