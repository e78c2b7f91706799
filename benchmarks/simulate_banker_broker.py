"""Speed of the Banker and Broker simulators (run by hand: python benchmarks/simulate_banker_broker.py).

Prints, for each sectioning option (both tie rules cost the same), deals per second of
* the vectorised simulator, method "decks" (shuffled decks cut into random sections; the
  engine's results deal by deal),
* the vectorised simulator, method "fast" (draws only the sections' bottom cards; same distribution),
* a plain loop over the rules engine on the same decks and sizes,
and the time to draw the random numbers alone (decks and cut points for "decks"; the bottom
cards' integers for "fast"), with the targets of issue 5: vectorised >= 100 x engine loop,
and <= 3 x the bare random-number cost. Best of several repeats on one core; the figures
vary with the machine's load. Options: --deals, --engine-deals, --repeats.
"""

from __future__ import annotations

import numpy as np

from _common import best_time as best
from _common import simulator_args
from banking_games.games import banker_broker as bb
from banking_games.simulate import banker_broker as sim
from banking_games.simulate.common import shuffled_decks


def main() -> None:
    args = simulator_args(__doc__)
    n, ne, r = args.deals, args.engine_deals, args.repeats
    chunk = 100_000
    print(f"Banker and Broker simulators, {n:,} deals per vectorised run, {ne:,} per engine run, best of {r}")
    print(f"numpy {np.__version__}\n")
    cases = {
        "3(a), 6 punters, discard": (bb.BankerBrokerConfig(), None),
        "3(b), 3 sections, unused": (bb.BankerBrokerConfig(sectioning=bb.Sectioning.THREE,
                                                           bottom_card=bb.BottomCard.UNUSED_SECTION), None),
        "3(c), 20 sections, discard": (bb.BankerBrokerConfig(sectioning=bb.Sectioning.ANY), 20),
    }
    header = f"{'case':28} {'method':6} {'deals/s':>12} {'random only/s':>14} {'x random':>9} {'x engine':>9}"
    print(header)
    print("-" * len(header))
    for label, (config, n_sections) in cases.items():
        _, k = sim.section_count_for(config, None, n_sections)
        t_engine = best(lambda: sim.simulate_engine(ne, config, 1, n_sections=n_sections, as_frame=False), 1) / ne

        def draw_decks():
            g = np.random.default_rng(1)
            for s in range(0, n, chunk):
                m = min(chunk, n - s)
                shuffled_decks(m, config.pack_size, g)
                sim.random_sizes(m, config, k, g)  # the cut points (and a subtraction)

        def draw_fast():
            g = np.random.default_rng(1)
            for s in range(0, n, chunk):
                m = min(chunk, n - s)
                for j in range(k):
                    g.integers(0, config.pack_size - j, size=m, dtype=np.int16)

        for method, draw in (("decks", draw_decks), ("fast", draw_fast)):
            t_sim = best(lambda: sim.simulate(n, config, 1, n_sections=n_sections, method=method, as_frame=False,
                                              chunk_size=chunk), r) / n
            t_rand = best(draw, r) / n
            print(f"{label:28} {method:6} {1 / t_sim:12,.0f} {1 / t_rand:14,.0f} {t_sim / t_rand:9.2f} "
                  f"{t_engine / t_sim:9.0f}")
        print(f"{label:28} {'engine':6} {1 / t_engine:12,.0f}")
    print("\ntargets: 'x engine' >= 100 (vectorised deals/s over the engine loop's on the same decks and cuts); "
          "'x random' <= 3 (the simulator's time over the time to draw its random numbers alone).")
    print("'random only' for 'decks' is shuffled_decks plus random_sizes (the cut points: small integers turned "
          "into distinct sorted gaps); for 'fast' it is the k raw integer draws only: turning them into "
          "cards compared with the banker's (sampling without replacement) is part of the simulator's cost.")


if __name__ == "__main__":
    main()
