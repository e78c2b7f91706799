"""Time every exact Landsknecht value the book shows (and the engine checks).

Run: python benchmarks/exact_landsknecht.py
Prints one line per value: seconds, name, value. Not a test.
"""

from __future__ import annotations

import time

from _common import best_of
from banking_games.exact import landsknecht as ex


BOOK_TIMES: list[float] = []


def timed(name, f, *args, **kw):
    dt, value = best_of(lambda: f(*args, **kw))
    BOOK_TIMES.append(dt)
    if isinstance(value, (dict, list)):
        shown = f"{type(value).__name__} of {len(value)}"
    elif isinstance(value, ex.EnumerationResult):
        shown = (f"p_void={value.p_void}, {len(value.deal_length)} lengths, bets won "
                 f"{value.p_win_first}/{value.p_win_first_late}/{value.p_win_later}, {value.states} states")
    else:
        shown = value
    print(f"{dt:9.4f} s  {name:45s} {shown}")
    return value


def main():
    t0 = time.perf_counter()
    import sympy  # noqa: F401  (imported once by the page's setup cell; not counted below)
    print(f"{time.perf_counter() - t0:9.4f} s  (import sympy)")
    print("book values (closed forms; each must take under a second):")
    for f in (ex._setup_pmf, ex._deal_pmf):
        f.cache_clear()
    timed("bet_values()", ex.bet_values)
    timed("bet_win_formula()", ex.bet_win_formula)
    timed("race_formula()", ex.race_formula)
    timed("void_probability()", ex.void_probability)
    timed("void_probability_formula()", ex.void_probability_formula)
    timed("setup_length_distribution()", ex.setup_length_distribution)
    timed("deal_length_distribution()", ex.deal_length_distribution)
    timed("expected_deal_length()", ex.expected_deal_length)
    timed("expected_deal_length_formula()", ex.expected_deal_length_formula)
    timed("players_cards_distribution()", ex.players_cards_distribution)
    timed("expected_players_cards()", ex.expected_players_cards)
    timed("expected_players_cards_formula()", ex.expected_players_cards_formula)
    print("engine enumerations shown on the page:")
    timed("engine_exhaustive(4, 2)", ex.engine_exhaustive, 4, 2)
    for ranks, suits in [(4, 2), (5, 2), (6, 2), (4, 3), (5, 3), (6, 3)]:  # the page's table
        timed(f"engine_recursion({ranks}, {suits})", ex.engine_recursion, ranks, suits)
    print("exercises on the page:")
    timed("engine_recursion(8, 4, bets=False) (32-card pack)", ex.engine_recursion, 8, 4, bets=False)
    timed("engine_recursion(6, 3) (the three bets)", ex.engine_recursion, 6, 3)
    worst = max(BOOK_TIMES)
    print(f"target: every exact value in the book (the lines above) computed in under 1 s; slowest "
          f"{worst:.3f} s: {'met' if worst < 1 else 'MISSED'}")
    print("engine checks run by the tests / not in the book (no time target):")
    timed("engine_recursion(13, 4, bets=False)", ex.engine_recursion, 13, 4, bets=False)
    timed("engine_recursion(13, 4) (with bets)", ex.engine_recursion, 13, 4)


if __name__ == "__main__":
    main()
