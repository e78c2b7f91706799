"""Typed numbers and stakes at their documented limits (issue 32: changes to the parsers that the
fast tests let through). Each limit is the one the docstrings state:

* the Repeat panel's *Deals*: 1 to MAX_DEALS = 10,000 (widgets.repeat.parse_deals), digits
  grouped with "," allowed;
* a typed number of more than 40 digits is read as 10**40 without calling ``int`` on it
  (Python refuses ``int`` of a string of more than 4,300 digits with a ValueError), so every
  field refuses it for its size, with its own error type;
* stakes from 10**-1000 to 10**1000 units (money.to_stake, STAKE_MAX_DIGITS = 1000), a float
  read by its decimal repr (0.1 is exactly 1/10, not the binary 3602879701896397/2**55).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from banking_games import registry
from banking_games.errors import ConfigError
from banking_games.money import STAKE_MAX_DIGITS, StakeError, to_stake
from banking_games.widgets import common
from banking_games.widgets import repeat as R


@pytest.mark.parametrize("typed, n", [("10000", 10_000), ("10,000", 10_000), (" 1 ", 1), ("9999", 9_999)])
def test_deals_up_to_ten_thousand(typed, n):
    assert R.parse_deals(typed) == n


@pytest.mark.parametrize("typed", ["10001", "0", "-1", "9" * 5000, "1" + "0" * 4400])
def test_deals_outside_refused(typed):
    with pytest.raises(R.RepeatError, match="Deals"):
        R.parse_deals(typed)


def test_a_number_of_thousands_of_digits_is_read_as_too_large_not_crashed():
    assert common.typed_whole_number("9" * 5000, "Seed", "2026", digits_only=True) == 10 ** 40
    assert common.typed_whole_number("-" + "9" * 5000, "x", "1") == -(10 ** 40)
    assert common.typed_whole_number("9" * 41, "x", "1") == 10 ** 40
    assert common.typed_whole_number("9" * 40, "x", "1") == 10 ** 40 - 1
    with pytest.raises(ConfigError, match="at most 40 digits"):
        common.parse_seed("9" * 5000)
    with pytest.raises(R.RepeatError, match="at most 40 digits"):
        R.parse_seed("7" * 4301)
    assert common.parse_seed("9" * 40) == 10 ** 40 - 1


def test_stake_limits_are_ten_to_the_minus_and_plus_1000():
    assert STAKE_MAX_DIGITS == 1000
    tiny = Fraction(1, 10 ** 1000)
    assert to_stake(tiny) == tiny and to_stake("1e-1000") == tiny
    assert to_stake(10 ** 1000) == 10 ** 1000
    for bad in ("1e-1001", Fraction(1, 10 ** 1001), "1/" + "1" + "0" * 1001, 10 ** 1000 + 1, "1e1001"):
        with pytest.raises(StakeError):
            to_stake(bad)


def test_a_float_stake_is_its_decimal():
    # 0.1 as a binary float is 3602879701896397 / 2**55; the stake a reader means is 1/10
    assert to_stake(0.1) == Fraction(1, 10)
    assert to_stake(2.675) == Fraction(2675, 1000)
    assert to_stake(1e-5) == Fraction(1, 100_000)


BIG = 10 ** 5000   # str() of it raises ValueError (more than 4,300 digits): no message may format it


@pytest.mark.parametrize("name, call", [
    ("group_codes.bet_spec", lambda: __import__("banking_games.classroom.group_codes").classroom.group_codes.bet_spec("hoggenheimer", BIG)),
    ("group_codes.bet_spec (sections)", lambda: __import__("banking_games.classroom.group_codes").classroom.group_codes.bet_spec(
        "banker-and-broker", BIG)),
    ("teaching.band per_deal", lambda: _T().band(Fraction(1, 2), 10, per_deal=BIG)),
    # each game's lesson group (its classroom module's group)
    *[(f"classroom.{g.package}.group seed", (lambda m: lambda: m.group(BIG, 10))(g.module("classroom")))
      for g in registry.GAMES],
    ("teaching.group_seeds", lambda: _T().group_seeds(BIG, 3)),
    ("teaching.summary_rows", lambda: _T().summary_rows({"A": _T().Count(BIG, BIG)}, {"A": Fraction(1, 2)},
                                                        {"A": "A"})),
])
def test_huge_numbers_get_the_projects_error(name, call):
    with pytest.raises(ConfigError):
        call()


def _T():
    from banking_games.classroom import teaching
    return teaching


def test_a_forty_digit_seed_is_a_groups_seed():
    # the tables' Seed field takes up to 40 digits: a group of that seed deals
    T = _T()
    assert registry.game("landsknecht").module("classroom").group(10 ** 40 - 1, 1).deals == 1
    with pytest.raises(ConfigError):
        registry.game("landsknecht").module("classroom").group(10 ** 40, 1)


@pytest.mark.parametrize("typed", ["-1", "-7", "- 5"])
def test_a_negative_seed_is_refused(typed):
    with pytest.raises(ConfigError):
        common.parse_seed(typed)
    with pytest.raises(R.RepeatError):
        R.parse_seed(typed)


@pytest.mark.parametrize("stake", [0, "0", Fraction(0), 0.0, "0/5", "-0.0"])
def test_a_stake_of_zero_is_refused(stake):
    with pytest.raises(StakeError, match="positive"):
        to_stake(stake)


@pytest.mark.parametrize("typed", ["1/0", " 3 / 0 ", "0/0"])
def test_a_stake_divided_by_zero_is_refused(typed):
    with pytest.raises(StakeError, match="division by zero|positive"):
        to_stake(typed)


@pytest.mark.parametrize("typed", ["0", "-0", "0e5", "0E-2000", "-0.000", "-3", "-1e-5000"])
def test_a_zero_or_negative_stake_is_refused_as_not_positive_whatever_its_exponent(typed):
    # Zero and negative amounts are not stakes; the message says so, also where the exponent alone
    # would be out of range (0E-2000 is zero, not a tiny stake; -1e-5000 is negative).
    with pytest.raises(StakeError, match="positive"):
        to_stake(typed)
