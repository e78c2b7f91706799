"""Time every exact value of Hoggenheimer shown in the book (book/hoggenheimer-values.md).

Run: python benchmarks/exact_hoggenheimer.py
Prints one line per computation: seconds (best of 3) and what it is.
"""

from __future__ import annotations

from _common import best_of
from banking_games.exact import hoggenheimer as ex
from banking_games.games import hoggenheimer as engine


ROW = [b for b in engine.all_bets() if all(c.suit.name == "SPADES" for c in b.cards)]

JOBS = [
    ("sympy: orderings count, P(win) = 1/(m+1)", lambda: ex.win_probability_formula()),
    ("sympy: fair odds m to 1", lambda: ex.fair_odds_formula()),
    ("sympy: EV and variance at odds o", lambda: (ex.expected_value_formula(), ex.variance_formula())),
    ("sympy: cards turned 1/(n+1), mean n/2", lambda: (ex.cards_turned_formula(), ex.cards_turned_mean_formula())),
    ("bet_values() (five kinds, exact)", lambda: ex.bet_values()),
    ("cards_turned_distribution(32)", lambda: ex.cards_turned_distribution(32)),
    ("several_bets_value(all 117 bets)", lambda: ex.several_bets_value(engine.all_bets())),
    ("several_bets_distribution(spades row, 16 bets)", lambda: ex.several_bets_distribution(ROW)),
    ("engine_exhaustive 2x2 english (120 orders)", lambda: ex.engine_exhaustive(2, 2, "english")),
    ("engine_exhaustive 2x3 english (5040 orders)", lambda: ex.engine_exhaustive(2, 3, "english")),
    ("engine_exhaustive 2x3 german (5040 orders)", lambda: ex.engine_exhaustive(2, 3, "german")),
]

if __name__ == "__main__":
    worst = 0.0
    for name, fn in JOBS:
        seconds = best_of(fn, 3)[0]
        worst = max(worst, seconds)
        print(f"{seconds:8.4f} s  {name}")
    print(f"target: every exact value in the book computed in under 1 s; slowest here {worst:.3f} s: "
          f"{'met' if worst < 1 else 'MISSED'}")
