"""Time every exact value of Banker and Broker shown in the book (and the
engine enumerations that check them). Run: python benchmarks/exact_banker_broker.py

Each line: seconds, what was computed. Not a test (times depend on the machine).
"""

from __future__ import annotations

from fractions import Fraction

from _common import best_of
from banking_games.exact import banker_broker as bb
from banking_games.games.banker_broker import BottomCard


SLOWEST = {"book": 0.0}


def timed(label, fn, *args, **kw):
    seconds, out = best_of(lambda: fn(*args, **kw))
    print(f"{seconds:8.3f} s  {label}")
    SLOWEST["book"] = max(SLOWEST["book"], seconds)
    return out


def main() -> None:
    print("-- sympy derivations (general r, s, t)")
    for name in ("tie_probability_formula", "win_probability_formula", "expected_value_formula",
                 "variance_formula", "fair_odds_formula", "joint_formulas", "pair_moments_formula"):
        getattr(bb, name).cache_clear()
        timed(name, getattr(bb, name))
    print("-- closed forms (values on the page)")
    timed("bet_values()", bb.bet_values)
    for r in (13, 8):
        for t in (Fraction(1), Fraction(0), Fraction(1, 2)):
            timed(f"section_bet_value({r}, 4, {t})", bb.section_bet_value, r, 4, t)
            timed(f"both_sections_distribution({r}, 4, {t})", bb.both_sections_distribution, r, 4, t)
            timed(f"both_sections_moments({r}, 4, {t})", bb.both_sections_moments, r, 4, t)
    for n in range(2, 8):
        timed(f"rotation_cycle_expectations({n})", bb.rotation_cycle_expectations, n)
    print("-- engine enumerations (checks shown on the page)")
    timed("engine_law(13, 4): 169 rank pairs", bb.engine_law, 13, 4)
    timed("engine_law(8, 4): 64 rank pairs", bb.engine_law, 8, 4)
    timed("engine_law(8, 4, sections=3): 512 rank triples", bb.engine_law, 8, 4, sections=3)
    timed("engine_law(13, 4, sections=3): 2197 rank triples", bb.engine_law, 13, 4, sections=3)
    timed("engine_exhaustive(3, 2, sections=3): 720 deck orders", bb.engine_exhaustive, 3, 2, sections=3)
    timed("engine_exhaustive(3, 2, unused section)", bb.engine_exhaustive, 3, 2, sections=3,
          bottom_card=BottomCard.UNUSED_SECTION)
    timed("engine_monte_carlo(2000 deals)", bb.engine_monte_carlo, 2000, 1)
    worst = SLOWEST["book"]
    print(f"target: every exact value in the book (all the lines above) computed in under 1 s; slowest "
          f"{worst:.3f} s: {'met' if worst < 1 else 'MISSED'}")
    print("-- larger checks (tests / this script only, not on the page; no time target)")
    timed("engine_law(13, 4, by='card'): 2652 card pairs", bb.engine_law, 13, 4, by="card")
    timed("engine_exhaustive(7, 1, sections=3): 5040 deck orders", bb.engine_exhaustive, 7, 1, sections=3)
    timed("engine_law(8, 4, sections=3, by='card'): 29760 card triples", bb.engine_law, 8, 4, sections=3,
          by="card")


if __name__ == "__main__":
    main()
