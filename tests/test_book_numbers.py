"""Numbers read from the built pages, checked against values derived here
independently of the package (issue 11: "no test reads a number from the
built pages"). Uses the built book (``built_site``; ``BG_REUSE_BUILD=1``
reuses an existing build)."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest


def _tables(page: str) -> list[list[list[str]]]:
    """Every table of a built page as rows of cell texts."""
    out = []
    for table in re.findall(r"<table.*?</table>", page, re.S):
        rows = []
        for row in re.findall(r"<tr.*?</tr>", table, re.S):
            rows.append([html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
                         for c in re.findall(r"<t[hd].*?</t[hd]>", row, re.S)])
        out.append(rows)
    return out


def _table_with(page: str, *headers: str) -> dict[str, list[str]]:
    for rows in _tables(page):
        if rows and all(h in rows[0] for h in headers):
            return {r[0]: r for r in rows[1:] if r and r[0]}, rows[0]
    pytest.fail(f"no table with columns {headers}")


def _exact(cell: str) -> Fraction:
    """'8/17 (0.4706)' -> Fraction(8, 17); '-1/17 (-0.0588)' -> -1/17; '0' -> 0."""
    return Fraction(cell.split(" (")[0].replace("\u2212", "-"))


def test_hoggenheimer_values_page(built_site):
    # Derivation: a bet on m cards wins when all m are turned before the
    # Joker; among those m + 1 cards each is equally likely to come last, so
    # P(win) = 1 - m/(m+1) = 1/(m+1). Paid m to 1 (card 1, pair 2, square and
    # rank 4, suit 8), EV = m/(m+1) - m/(m+1) = 0.
    page = (built_site / "hoggenheimer-values.html").read_text(encoding="utf-8")
    rows, head = _table_with(page, "payout", "P(win)", "EV")
    p, ev, pay = head.index("P(win)"), head.index("EV"), head.index("payout")
    m_of = {"one card": 1, "two adjacent cards": 2, "four cards in a square": 4,
            "four cards of a rank (a column)": 4, "eight cards of a suit (a row)": 8}
    for label, m in m_of.items():
        row = rows[label]
        assert _exact(row[p]) == Fraction(1, m + 1), label
        assert row[pay] == f"{m} to 1"
        assert _exact(row[ev]) == 0


def test_banker_broker_values_page(built_site):
    # Derivation: the punter's and banker's cards are two different cards of
    # the pack. 52 cards: the banker's card shares its rank with 3 of the
    # other 51, so P(tie) = 3/51 = 1/17; otherwise each is higher half the
    # time, P(win) = (48/51)/2 = 8/17. Bank wins ties: EV = 8/17 - 9/17 =
    # -1/17. 32 cards: P(tie) = 3/31, P(win) = 14/31, EV = 14/31 - 17/31 = -3/31.
    # Stake returned on a tie: EV = P(win) - P(lose) = 0 (the two are equal).
    page = (built_site / "banker-and-broker-values.html").read_text(encoding="utf-8")
    rows, head = _table_with(page, "P(win)", "P(tie)", "EV", "house edge")
    p, tie, ev = head.index("P(win)"), head.index("P(tie)"), head.index("EV")
    expect = {"ties: bank wins": (Fraction(8, 17), Fraction(1, 17), Fraction(-1, 17)),
              "ties: stake returned": (Fraction(8, 17), Fraction(1, 17), Fraction(0)),
              "ties: bank wins; 32-card pack": (Fraction(14, 31), Fraction(3, 31), Fraction(-3, 31)),
              "ties: stake returned; 32-card pack": (Fraction(14, 31), Fraction(3, 31), Fraction(0))}
    for label, (win, tied, value) in expect.items():
        row = rows[label]
        assert (_exact(row[p]), _exact(row[tie]), _exact(row[ev])) == (win, tied, value), label
