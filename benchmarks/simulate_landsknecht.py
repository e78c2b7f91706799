"""Speed of the Landsknecht simulators (run by hand, prints figures; not a test).

    python benchmarks/simulate_landsknecht.py [--deals N] [--engine-deals M] [--big B] [--seed S]

Prints, in deals per second:
  * the vectorised simulator ``simulate`` (default bet plans, void deals redealt),
  * a plain loop over the rules engine ``simulate_engine`` (same decks),
  * drawing the same random numbers alone (``shuffled_decks`` for as many
    decks, void ones included, in the same chunks),
and the ratios against the targets (vectorised >= 100 x engine loop,
vectorised <= 3 x bare random numbers). Then a run of ``--big`` deals
(10 million by default) in chunks, as numpy arrays, with its peak memory.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tracemalloc

import numpy as np

from _common import best_of as timed
from banking_games.simulate.common import shuffled_decks
from banking_games.simulate.landsknecht import DEFAULT_PLANS, FIRST, simulate, simulate_engine


def bare_random(decks: int, chunk: int, seed: int) -> None:
    gen = np.random.default_rng(seed)
    done = 0
    while done < decks:
        k = min(chunk, decks - done)
        shuffled_decks(k, 52, gen)
        done += k


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1_000_000, help="deals for the vectorised timing")
    ap.add_argument("--engine-deals", type=int, default=3_000, help="deals for the engine loop timing")
    ap.add_argument("--big", type=int, default=10_000_000, help="deals for the memory run (0: skip)")
    ap.add_argument("--chunk", type=int, default=100_000, help="deals per chunk")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="timings to take the best of")
    args = ap.parse_args(argv)
    print(f"numpy {np.__version__}, python {sys.version.split()[0]}; plans: "
          + "; ".join(f"{p.name} ({p.description})" for p in DEFAULT_PLANS))

    rows = []
    for label, plans in (("4 plans", DEFAULT_PLANS), ("1 plan ", (FIRST,))):
        # Interleave the two timings and keep the best of each, so that load from other
        # processes affects both alike.
        t_vec = t_rng = float("inf")
        for _ in range(args.repeat):
            t, df = timed(lambda: simulate(args.deals, plans, rng=args.seed, chunk_size=args.chunk))
            t_vec = min(t_vec, t)
            decks = df.attrs["decks"]
            t_rng = min(t_rng, timed(lambda: bare_random(decks, args.chunk, args.seed))[0])
        rows.append((label, t_vec, t_rng, decks))
    t_eng, dfe = timed(lambda: simulate_engine(args.engine_deals, DEFAULT_PLANS, rng=args.seed))

    eng_rate = args.engine_deals / t_eng
    print(f"\nengine loop ({args.engine_deals:,} deals, 4 plans): {eng_rate:,.0f} deals/s")
    for label, t_vec, t_rng, decks in rows:
        vec_rate = args.deals / t_vec
        print(f"vectorised, {label} ({args.deals:,} deals, {decks:,} shuffles): {vec_rate:,.0f} deals/s"
              f" | random numbers alone: {args.deals / t_rng:,.0f} deals/s"
              f" | vectorised / engine loop = {vec_rate / eng_rate:,.0f} x (target >= 100)"
              f" | cost / bare random = {t_vec / t_rng:.2f} x (target <= 3)")

    if args.big:
        tracemalloc.start()
        t, out = timed(lambda: simulate(args.big, DEFAULT_PLANS, rng=args.seed, chunk_size=args.chunk,
                                        as_frame=False))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        kept = sum(v.nbytes for v in out.values() if isinstance(v, np.ndarray))
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"\n{args.big:,} deals in chunks of {args.chunk:,}: {t:.1f} s ({args.big / t:,.0f} deals/s, "
              f"with tracemalloc on); results {kept / 2**20:.0f} MiB; peak traced numpy/Python memory "
              f"{peak / 2**20:.0f} MiB; peak RSS of this process {rss:.0f} MiB (target < 1 GB)")
        print(f"  mean net per deal: " + ", ".join(f"{p.name} {out[p.name + '_net'].mean():+.5f}" for p in DEFAULT_PLANS)
              + f"; void deals per shuffle {out['voids'].sum() / out['decks']:.5f}")


if __name__ == "__main__":
    main()
