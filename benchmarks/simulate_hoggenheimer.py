"""Speed of the Hoggenheimer simulators (run by hand: python benchmarks/simulate_hoggenheimer.py).

Prints, for each procedure and bet set, deals per second of
* the vectorised simulator, method "decks" (deals shuffled decks; the engine's results deal by deal),
* the vectorised simulator, method "fast" (draws only what the bets need; same distribution),
* a plain loop over the rules engine on the same decks,
and the time to draw the random numbers alone (the decks for "decks"; the
small integers for "fast"), with the two targets of issue 5:
vectorised >= 100 x engine loop, and <= 3 x the bare random-number cost.

Each figure is the best of several repeats (one core, numbers vary with the
machine's load; the ratios are measured back to back and are steadier).
Options: --deals N (vectorised runs, default 1_000_000), --engine-deals N
(default 3_000), --repeats R (default 5).
"""

from __future__ import annotations

import numpy as np

from _common import best_time as best
from _common import simulator_args
from banking_games.games.hoggenheimer import HoggenheimerConfig
from banking_games.simulate import hoggenheimer as sim
from banking_games.simulate.common import shuffled_decks


def main() -> None:
    args = simulator_args(__doc__)
    n, ne, r = args.deals, args.engine_deals, args.repeats
    chunk = 1 << 18
    print(f"Hoggenheimer simulators, {n:,} deals per vectorised run, {ne:,} per engine run, best of {r}")
    print(f"numpy {np.__version__}\n")
    bet_sets = {"one of each kind (5 bets)": "default", "suit row only": {"suit": "diamonds"},
                "all 117 bets": "all"}
    header = (f"{'procedure':9} {'bets':27} {'method':6} {'deals/s':>12} {'random only/s':>14} "
              f"{'x random':>9} {'x engine':>9}")
    print(header)
    print("-" * len(header))
    for procedure in ("english", "german"):
        config = HoggenheimerConfig(procedure)
        for label, bets in bet_sets.items():
            plan = sim.bet_plan(bets)
            covered = sim._covered(plan, sim._layout(config), config)[0]
            t_engine = best(lambda: sim.simulate_engine(ne, bets, 1, config=config, as_frame=False), 1) / ne

            def draw_decks():
                g = np.random.default_rng(1)
                for s in range(0, n, chunk):
                    shuffled_decks(min(chunk, n - s), 33, g)

            def draw_fast():
                g = np.random.default_rng(1)
                for s in range(0, n, sim.FAST_BLOCK):
                    k = min(sim.FAST_BLOCK, n - s)
                    g.integers(0, 33, size=k, dtype=np.int8)
                    for j in range(len(covered)):
                        g.integers(0, 32 - j, size=k, dtype=np.int8)

            for method, draw in (("decks", draw_decks), ("fast", draw_fast)):
                t_sim = best(lambda: sim.simulate(n, bets, 1, config=config, method=method, as_frame=False,
                                                  chunk_size=chunk), r) / n
                t_rand = best(draw, r) / n
                print(f"{procedure:9} {label:27} {method:6} {1 / t_sim:12,.0f} {1 / t_rand:14,.0f} "
                      f"{t_sim / t_rand:9.2f} {t_engine / t_sim:9.0f}")
            print(f"{procedure:9} {label:27} {'engine':6} {1 / t_engine:12,.0f}")
    print("\ntargets: 'x engine' >= 100 (vectorised deals/s over the engine loop's on the same decks); "
          "'x random' <= 3 (the simulator's time over the time to draw its random numbers alone: shuffled_decks "
          "for 'decks', the k + covered-card integers for 'fast'; writing one result column per bet is part of "
          "the simulator's cost)")


if __name__ == "__main__":
    main()
