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


def _sd(cell: str) -> float:
    """'12√2/17 (0.9983)' -> 0.9983; '2' -> 2.0."""
    return float(cell.split(" (")[1].rstrip(")")) if " (" in cell else float(cell)


def test_landsknecht_values_page(built_site):
    # Derivation: a players' card wins if a card of the banker's rank shows
    # before one of its own rank. When the bet is placed 3 of each rank are
    # unseen (one of each is on the table), and every order of those 6 cards
    # is equally likely, so the first of them is the banker's rank with
    # P = 3/6 = 1/2, however late the bet is placed. Paid 1 to 1: EV = 1/2 - 1/2 = 0;
    # the outcome is +1 or -1, so SD = sqrt(1 - 0^2) = 1; fair odds 1 to 1; edge 0.
    page = (built_site / "landsknecht-values.html").read_text(encoding="utf-8")
    rows, head = _table_with(page, "payout", "P(win)", "EV", "SD", "house edge")
    col = {name: head.index(name) for name in ("payout", "P(win)", "EV", "SD", "fair odds", "house edge")}
    assert set(rows) == {"first players' card", "later players' card"}
    for label, row in rows.items():
        assert row[col["payout"]] == "1 to 1" and row[col["fair odds"]] == "1 to 1", label
        assert _exact(row[col["P(win)"]]) == Fraction(1, 2), label
        assert _exact(row[col["EV"]]) == 0 and _exact(row[col["house edge"]]) == 0, label
        assert row[col["SD"]] == "1", label



def test_landsknecht_check_grid_caption(built_site):
    # Derivation: the setup puts down two layout cards of different ranks, the
    # banker's card of a third rank and the first players' card of a fourth
    # (a card pairing one already down is stacked on it). A second players'
    # card needs a fifth rank, so in the grid of reduced packs exactly the
    # packs of 4 ranks (the smallest, 4 x 2 and 4 x 3) have no later card
    # ("-"), and the caption of the check table says so: "with 4 ranks".
    page = (built_site / "landsknecht-values.html").read_text(encoding="utf-8")
    table = next((t for t in _tables(page) if t and "P(win), later card" in t[0]), None)
    assert table, "no check table with the column 'P(win), later card'"
    ranks, later = table[0].index("ranks"), table[0].index("P(win), later card")
    rows = [r for r in table[1:] if r]
    assert min(int(r[ranks]) for r in rows) == 4
    assert all((r[later] == "-") == (int(r[ranks]) == 4) for r in rows), \
        [(r[ranks], r[later]) for r in rows]
    caption = next(c for c in re.findall(r"<figcaption.*?</figcaption>", page, re.S) if "reduced packs" in c)
    caption = " ".join(html.unescape(re.sub(r"<[^>]+>", "", caption)).split())
    assert re.search(r"with 4 ranks no second players", caption), f"caption: not 'with 4 ranks': {caption}"


def test_banker_broker_every_cut_of_the_small_pack(built_site):
    # Derivation (source, Play 1 and option 1): 3 sections of at least one
    # card each from a 6-card pack. Bottom card discarded: the sections share
    # the other 5 cards, compositions of 5 into 3 positive parts, C(4, 2) = 6.
    # An unused bottom section of at least one card: the sections hold 3, 4
    # or 5 cards, C(2, 2) + C(3, 2) + C(4, 2) = 1 + 3 + 6 = 10. So 16 cuts,
    # and (the page's point) every one gives the same results: one distinct row.
    page = (built_site / "banker-and-broker-values.html").read_text(encoding="utf-8")
    table = next((t for t in _tables(page) if t and "section sizes" in t[0]), None)
    assert table, "no cut table with the column 'section sizes'"
    head, rows = table[0], [r for r in table[1:] if r]
    sizes = {(r[head.index("option 1")], r[head.index("section sizes")]) for r in rows}
    want = {("discard", str(c)) for c in [(1, 1, 3), (1, 3, 1), (3, 1, 1), (1, 2, 2), (2, 1, 2), (2, 2, 1)]}
    want |= {("unused section", str((a, b, c))) for a in range(1, 4) for b in range(1, 4) for c in range(1, 4)
             if a + b + c <= 5}
    assert len(want) == 16 and sizes == want and len(rows) == 16
    results = {tuple(r[i] for i, h in enumerate(head) if h.startswith("P(")) for r in rows}
    assert len(results) == 1, results

# summary.html: one row per bet of the three games. Derivations (per unit staked):
# * Hoggenheimer, m cards paid m to 1: P(win) = 1/(m+1) (above); EV = 0;
#   E[X^2] = m^2/(m+1) + m/(m+1) = m, so SD = sqrt(m): 1, √2, 2, 2, 2√2;
#   fair odds m to 1; house edge 0.
# * Banker and Broker, 52 cards: P(win) = 8/17, P(tie) = 1/17 (above). Bank
#   wins ties: EV = -1/17, every outcome is ±1 so E[X^2] = 1 and SD =
#   sqrt(1 - 1/289) = sqrt(288)/17 = 12√2/17; fair odds P(lose)/P(win) =
#   (9/17)/(8/17) = 9/8 to 1; house edge = -EV = 1/17. Stake returned on a
#   tie: EV = 0, E[X^2] = 16/17, SD = 4/√17 = 4√17/17; fair 1 to 1; edge 0.
# * Landsknecht: P(win) = 1/2, no tie, EV 0, SD 1, fair 1 to 1, edge 0 (above).
SUMMARY = {  # (game, start of the bet's label): (payout, P(win), P(tie), EV, SD text, SD, fair odds, edge)
    ("Hoggenheimer", "one card"): ("1 to 1", Fraction(1, 2), 0, 0, "1", 1.0, "1 to 1", 0),
    ("Hoggenheimer", "two adjacent cards"): ("2 to 1", Fraction(1, 3), 0, 0, "√2", 2 ** 0.5, "2 to 1", 0),
    ("Hoggenheimer", "four cards in a square"): ("4 to 1", Fraction(1, 5), 0, 0, "2", 2.0, "4 to 1", 0),
    ("Hoggenheimer", "four cards of a rank"): ("4 to 1", Fraction(1, 5), 0, 0, "2", 2.0, "4 to 1", 0),
    ("Hoggenheimer", "eight cards of a suit"): ("8 to 1", Fraction(1, 9), 0, 0, "2√2", 8 ** 0.5, "8 to 1", 0),
    ("Banker and Broker", "a players' section (ties: bank wins)"):
        ("1 to 1", Fraction(8, 17), Fraction(1, 17), Fraction(-1, 17), "12√2/17", 288 ** 0.5 / 17, "9/8 to 1",
         Fraction(1, 17)),
    ("Banker and Broker", "a players' section (ties: stake returned)"):
        ("1 to 1", Fraction(8, 17), Fraction(1, 17), 0, "4√17/17", 4 / 17 ** 0.5, "1 to 1", 0),
    ("Landsknecht", "first players' card"): ("1 to 1", Fraction(1, 2), 0, 0, "1", 1.0, "1 to 1", 0),
    ("Landsknecht", "later players' card"): ("1 to 1", Fraction(1, 2), 0, 0, "1", 1.0, "1 to 1", 0),
}


def test_summary_page(built_site):
    page = (built_site / "summary.html").read_text(encoding="utf-8")
    table = next((t for t in _tables(page) if t and "P(win)" in t[0] and "P(tie)" in t[0]), None)
    assert table, "no summary table with P(win) and P(tie)"
    head = table[0]
    found, game = {}, None
    for row in table[1:]:
        if len(row) == len(head):      # a game's first row: the game's name spans its rows
            game, row = row[0], row[1:]
        if not game or not row or not row[0]:
            continue                   # the second heading row (game, bet)
        for (g, start), want in SUMMARY.items():
            if g == game and row[0].startswith(start):
                found[(g, start)] = (row, want)
    assert set(found) == set(SUMMARY), sorted(set(SUMMARY) - set(found))
    for key, (row, (payout, win, tie, ev, sd_text, sd, fair, edge)) in found.items():
        cells = dict(zip(head[2:], row[1:]))
        assert cells["payout"] == payout and cells["fair odds"] == fair, key
        assert _exact(cells["P(win)"]) == win and _exact(cells["P(tie)"]) == tie, key
        assert _exact(cells["EV"]) == ev and _exact(cells["house edge"]) == edge, key
        assert cells["SD"].split(" (")[0] == sd_text and abs(_sd(cells["SD"]) - sd) < 5e-5, key
