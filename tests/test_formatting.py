"""banking_games.formatting and Shown.put: how the pages write numbers.

Each expected text is written out by hand from the input (the derivation in
the comment beside it), not computed with the function under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from banking_games import formatting as fm
from banking_games.errors import GameError
from banking_games.inline import InlineValueError, Shown


def test_fraction_is_written_in_lowest_terms_and_whole_numbers_bare():
    assert fm.fraction(Fraction(2, 34)) == "1/17"      # 2/34: divide both by 2
    assert fm.fraction(Fraction(34, 17)) == "2"        # 34/17 = 2, no denominator
    assert fm.fraction(-Fraction(1, 2)) == "-1/2"      # the sign stays on the numerator
    sympy = pytest.importorskip("sympy")
    assert fm.fraction(sympy.Rational(3, 51)) == "1/17"   # 3/51: divide both by 3
    assert repr(fm.fraction(Fraction(1, 2))) == "1/2"     # no quotes in a cell's output


def test_with_decimal_gives_four_decimals_beside_the_fraction():
    # 1/17 = 0.0588235...: four decimals 0.0588; 5/8 = 0.625 exactly: 0.6250
    assert fm.with_decimal(Fraction(1, 17)) == "1/17 (0.0588)"
    assert fm.with_decimal(Fraction(5, 8)) == "5/8 (0.6250)"
    assert fm.with_decimal(3) == "3"                    # a whole number has no decimal beside it
    assert fm.decimal(Fraction(2, 3), 3) == "0.667"     # 0.6666...: rounded up at the third decimal


def test_odds_units_listed_near_one():
    assert fm.odds(Fraction(3, 2)) == "3/2 to 1" and fm.odds(3) == "3 to 1"
    assert fm.units(1) == "1 unit"                      # one unit: singular
    assert fm.units(Fraction(1, 2)) == "1/2 units"      # anything but one: plural
    assert fm.listed(["a"]) == "a" and fm.listed(["a", "b"]) == "a and b"
    assert fm.listed(["a", "b", "c"]) == "a, b and c"   # commas, "and" before the last only
    # four decimals up to 0.9995, five above it, "> 0.99999" above 0.99999
    assert fm.near_one(0.95) == "0.9500"
    assert fm.near_one(0.9993) == "0.9993"              # just below 0.9995: still four
    assert fm.near_one(0.99961) == "0.99961"
    assert fm.near_one(0.999995) == "> 0.99999"


def test_bad_input_is_the_books_error_naming_what_is_allowed():
    for bad in ("pair", None, True):
        with pytest.raises(InlineValueError, match="not an exact number|truth value") as err:
            fm.fraction(bad)
        assert isinstance(err.value, GameError)
    with pytest.raises(InlineValueError, match="at least one word"):
        fm.listed([])
    with pytest.raises(InlineValueError, match="not a chance"):
        fm.near_one("likely")


class _Rank:
    label = "Queen"

    def __str__(self):
        return "Rank.QUEEN"


def test_put_writes_fractions_and_labels_and_keeps_the_value():
    shown = Shown()
    shown.put("p", Fraction(1, 4))
    shown.put("rank", _Rank())
    assert shown.put("n", 12000) is None               # a cell ending in it shows nothing
    # a Fraction as 1/4, not IPython's "Fraction(1, 4)"; a rank by its label
    assert repr(shown.p) == "1/4" and shown.raw("p") == Fraction(1, 4)
    assert repr(shown.rank) == "Queen"
    assert shown.n.f(",d") == "12,000"                 # the value itself is formatted
    with pytest.raises(InlineValueError, match="not allowed"):
        shown.put("put", 1)
    assert not hasattr(shown, "put_") and shown.raw("p") == Fraction(1, 4)   # state unchanged
