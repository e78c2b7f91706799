"""The value of a bet paid at fixed odds, from its outcome probabilities.

A bet of one unit ends in a win (the punter nets ``payout_odds``), a loss
(the punter nets -1) or, in games with ties, a tie (the punter nets
``tie_net``: 0 when the stake is returned, -1 when the bank takes ties,
-t when the bank takes a fraction t). From these:

* expected value  E = p_win * odds - p_lose + p_tie * tie_net
* variance        Var = p_win * odds**2 + p_lose + p_tie * tie_net**2 - E**2
* fair odds       the odds that make E = 0: (p_lose - p_tie * tie_net) / p_win
* house edge      the banker's expected gain per unit staked, -E

All values are exact (``fractions.Fraction``; the standard deviation is an
exact ``sympy`` number, since it is usually a square root).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..checks import whole_number
from ..errors import ArgumentError, ConfigError, short_repr
from ..i18n import _, localize_number, pgettext

__all__ = ["ENUMERATION_LIMIT", "BetValue", "value_table", "table_in_language", "heading_in_language", "words_in_language", "as_fraction", "outcome_distribution", "session_distribution"]

ENUMERATION_LIMIT = 1_000_000
"""The most deals one exact enumeration through an engine may deal (a few
minutes at most here); a larger one is refused before it starts, with the
number it would deal, instead of running for hours."""


def _check_enumeration(deals: int, what: str) -> None:
    """Refuse an enumeration of ``deals`` engine deals above :data:`ENUMERATION_LIMIT`.

    Raises:
        ConfigError: ``deals`` > :data:`ENUMERATION_LIMIT`; the message names
            ``what`` (e.g. "every order of 10 cards") and both numbers.
    """

    if deals > ENUMERATION_LIMIT:
        said = f"{deals:,}" if deals < 10 ** 40 else "more than 10^40"
        raise ConfigError(f"{what} is {said} deals; an exact enumeration deals at most "
                          f"{ENUMERATION_LIMIT:,} (take a smaller pack, fewer sections, or the formulas)")


def as_fraction(x) -> Fraction:
    """Convert an int, Fraction or sympy Rational to a Fraction (exactly).

    Raises:
        ArgumentError (a TypeError): for floats, strings, booleans or
            irrational sympy numbers (no silent rounding).
    """
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return Fraction(x)
    p, q = getattr(x, "p", None), getattr(x, "q", None)  # sympy Rational / Integer
    if isinstance(p, int) and isinstance(q, int):
        return Fraction(p, q)
    raise ArgumentError(f"expected an exact rational number (an int, a Fraction or a sympy "
                        f"Rational), got {short_repr(x)} ({type(x).__name__})")


def check_bet_values(values, what: str = "values") -> list:
    """``values`` as a list of :class:`BetValue`; ArgumentError (a TypeError)
    if it is not an iterable of BetValue (a string is refused)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ArgumentError(f"{what} must be a list of BetValue, got {short_repr(values)}")
    out = list(values)
    for v in out:
        if not isinstance(v, BetValue):
            raise ArgumentError(f"{what} must hold only BetValue objects, got {short_repr(v)} "
                                f"({type(v).__name__})")
    return out


def check_law(law, what: str = "law") -> dict:
    """``law`` as a dict ``{outcome: exact probability}``; ArgumentError (a
    TypeError) if it is not a dict with exact probabilities, ConfigError if
    they are negative or do not sum to 1."""
    if not isinstance(law, dict):
        raise ArgumentError(f"{what} must be a dict {{outcome: probability}}, got {short_repr(law)} "
                            f"({type(law).__name__})")
    probs = [as_fraction(p) for p in law.values()]
    if any(p < 0 for p in probs) or sum(probs, Fraction(0)) != 1:
        raise ConfigError(f"the probabilities of {what} must be >= 0 and sum to 1")
    return law


@dataclass(frozen=True)
class BetValue:
    """One bet's exact value per unit staked.

    Attributes:
        game: the game's name (e.g. ``"Hoggenheimer"``).
        bet: what is backed, in words.
        payout_odds: what a win pays per unit staked ("2 to 1" is 2).
        p_win: probability that the bet wins.
        p_tie: probability of a tie (0 in games without ties).
        tie_net: the punter's net on a tie (0 stake returned, -1 bank wins).
        note: optional rule option or remark shown beside the bet.

    Raises:
        ConfigError (a ValueError): if the probabilities are negative or sum to more than 1.
    """

    game: str
    bet: str
    payout_odds: Fraction
    p_win: Fraction
    p_tie: Fraction = Fraction(0)
    tie_net: Fraction = Fraction(0)
    note: str = ""

    def __post_init__(self) -> None:
        for name in ("payout_odds", "p_win", "p_tie", "tie_net"):
            object.__setattr__(self, name, as_fraction(getattr(self, name)))
        if self.p_win < 0 or self.p_tie < 0 or self.p_win + self.p_tie > 1:
            raise ConfigError(f"probabilities out of range: p_win={self.p_win}, p_tie={self.p_tie}")

    @property
    def p_lose(self) -> Fraction:
        """Probability that the bet loses its stake: ``1 - p_win - p_tie``."""
        return 1 - self.p_win - self.p_tie

    @property
    def expected_value(self) -> Fraction:
        """The punter's expected net per unit staked."""
        return self.p_win * self.payout_odds - self.p_lose + self.p_tie * self.tie_net

    @property
    def variance(self) -> Fraction:
        """Variance of the punter's net per unit staked."""
        second = self.p_win * self.payout_odds ** 2 + self.p_lose + self.p_tie * self.tie_net ** 2
        return second - self.expected_value ** 2

    @property
    def standard_deviation(self):
        """Exact standard deviation, a sympy number (``sqrt`` of the variance)."""
        import sympy

        return sympy.sqrt(sympy.Rational(self.variance.numerator, self.variance.denominator))

    @property
    def fair_odds(self) -> Fraction | None:
        """The payout odds at which the bet's expected value is 0 (None if it cannot win)."""
        if self.p_win == 0:
            return None
        return (self.p_lose - self.p_tie * self.tie_net) / self.p_win

    @property
    def house_edge(self) -> Fraction:
        """The banker's expected gain per unit staked (minus the expected value)."""
        return -self.expected_value


def _frac_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def sqrt_text(x) -> str:
    """Write an exact square-root number for a reader: ``12*sqrt(2)/17`` as
    ``"12√2/17"``, ``sqrt(2)`` as ``"√2"``, a rational as ``"3/4"``."""
    import sympy

    if isinstance(x, (bool, str, bytes)) or not isinstance(x, (int, Fraction, sympy.Expr)):
        raise ArgumentError(f"sqrt_text needs an exact number (int, Fraction or sympy number), "
                            f"got {short_repr(x)} ({type(x).__name__})")
    x = sympy.nsimplify(x)
    if x.is_Rational:
        return _frac_text(Fraction(int(x.p), int(x.q)))
    coeff, radical = x.as_coeff_Mul()
    if not (radical.is_Pow and radical.exp == sympy.Rational(1, 2) and radical.base.is_Integer):
        return str(x)
    coeff = Fraction(int(coeff.p), int(coeff.q))
    head = "" if coeff.numerator == 1 else str(coeff.numerator)
    tail = "" if coeff.denominator == 1 else f"/{coeff.denominator}"
    return f"{head}√{radical.base}{tail}"


def value_table(values: Iterable[BetValue], *, digits: int = 4):
    """A pandas DataFrame with one row per bet: payout, P(win), P(tie), EV,
    SD, fair odds and house edge, each exact fraction shown with a decimal.

    The columns keep their English names (``game``, ``bet``, ``option``,
    ``payout``, ``P(win)``, ``P(tie)``, ``EV``, ``SD``, ``fair odds``,
    ``house edge``), so that code can pick and order them;
    :func:`table_in_language` gives the headings a reader sees. The cells
    are written in the language in use (:mod:`banking_games.i18n`): the
    bet's and option's words, "to 1" and the decimals (German ``0,0588``).

    Returns:
        ``pandas.DataFrame`` with string cells such as ``"1/17 (0.0588)"``.

    Raises:
        ArgumentError (a TypeError): ``values`` is not an iterable of BetValue.
        ConfigError: ``digits`` is not a whole number from 0 to 20.
    """
    import pandas as pd

    whole_number(digits, "digits", low=0, high=20)
    values = check_bet_values(values)

    def dec(x) -> str:
        return localize_number(f"{float(x):.{digits}f}")

    def both(x: Fraction) -> str:
        return f"{_frac_text(x)} ({dec(x)})" if x.denominator != 1 else _frac_text(x)

    rows = []
    for v in values:
        sd = v.standard_deviation
        sd_text = sqrt_text(sd) if sd.is_Rational else f"{sqrt_text(sd)} ({dec(sd)})"
        fair = v.fair_odds
        rows.append({
            "game": words_in_language(v.game),
            "bet": words_in_language(v.bet),
            "option": words_in_language(v.note),
            "payout": _("{odds} to 1").format(odds=_frac_text(v.payout_odds)),
            "P(win)": both(v.p_win),
            "P(tie)": both(v.p_tie),
            "EV": both(v.expected_value),
            "SD": sd_text,
            "fair odds": "-" if fair is None else _("{odds} to 1").format(odds=_frac_text(fair)),
            "house edge": both(v.house_edge),
        })
    return pd.DataFrame(rows)


def words_in_language(text: str) -> str:
    """A bet's or an option's words (:attr:`BetValue.bet`, :attr:`BetValue.note`,
    English as the exact modules write them) in the language in use, when the
    package's catalogue has them; other text unchanged. A note such as
    ``"ties: bank takes 1/2 of the stake"`` is translated with its fraction kept."""
    if not text:
        return text
    if "; " in text:      # a note of several parts: "ties: bank wins; 32-card pack"
        return "; ".join(words_in_language(part) for part in text.split("; "))
    words = _(text)
    if words != text:
        return words
    m = re.fullmatch(r"ties: bank takes (\d+/\d+) of the stake", text)
    if m:
        return _("ties: bank takes {share} of the stake").format(share=m.group(1))
    m = re.fullmatch(r"(\d+)-card pack", text)
    if m:
        return _("{n}-card pack").format(n=m.group(1))
    return text


def heading_in_language(name: str) -> str:
    """A column name of :func:`value_table` as a reader sees it in the language
    in use (German ``"Bankvorteil"`` for ``"house edge"``); the symbols
    ``P(win)``, ``P(tie)``, ``EV`` and ``SD`` stay, as the book's formulas write
    them; any other name unchanged."""
    words = {"game": pgettext("value table", "game"), "bet": pgettext("value table", "bet"),
             "option": pgettext("value table", "option"), "payout": pgettext("value table", "payout"),
             "fair odds": pgettext("value table", "fair odds"), "house edge": pgettext("value table", "house edge")}
    return words.get(name, name) if isinstance(name, str) else name


def table_in_language(table):
    """``table`` (a DataFrame or Styler-ready DataFrame made from
    :func:`value_table`, columns picked, ordered or set as its index) with
    its headings written by :func:`heading_in_language`; in English the same
    table. Returns a new DataFrame.

    Raises:
        ArgumentError (a TypeError): ``table`` is not a pandas DataFrame.
    """
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise ArgumentError(f"table must be a pandas DataFrame, got {short_repr(table)} ({type(table).__name__})")
    out = table.copy()
    out.columns = [heading_in_language(c) for c in out.columns]
    out.index.names = [heading_in_language(n) for n in out.index.names]
    return out


def outcome_distribution(value: BetValue) -> dict[Fraction, Fraction]:
    """The punter's net per unit staked as an exact distribution
    ``{net: probability}`` (outcomes of probability 0 left out).

    Raises:
        ArgumentError (a TypeError): ``value`` is not a BetValue.
    """
    if not isinstance(value, BetValue):
        raise ArgumentError(f"value must be a BetValue, got {short_repr(value)} ({type(value).__name__})")
    dist: dict[Fraction, Fraction] = {}
    for net, p in ((value.payout_odds, value.p_win), (Fraction(-1), value.p_lose),
                   (value.tie_net, value.p_tie)):
        if p:
            dist[net] = dist.get(net, Fraction(0)) + p
    return dict(sorted(dist.items()))


def session_distribution(outcomes: dict, n_deals: int) -> dict[Fraction, Fraction]:
    """Exact distribution of the total of ``n_deals`` independent results,
    each distributed as ``outcomes`` (``{net: probability}``), by repeated
    convolution. E.g. a session of 100 deals with one unit on the same bet.

    Raises:
        ConfigError (a ValueError): if ``n_deals`` is not a whole number from 0
            to 100000, or the probabilities are negative or do not sum to 1.
        ArgumentError (a TypeError): ``outcomes`` is not a dict with exact probabilities.
    """
    whole_number(n_deals, "n_deals", low=0, high=100_000)
    outcomes = check_law(outcomes, "outcomes")
    total: dict[Fraction, Fraction] = {Fraction(0): Fraction(1)}
    for _ in range(n_deals):
        step: dict[Fraction, Fraction] = {}
        for a, pa in total.items():
            for b, pb in outcomes.items():
                step[a + b] = step.get(a + b, Fraction(0)) + pa * pb
        total = step
    return dict(sorted(total.items()))
