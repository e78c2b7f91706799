"""How long the Hoggenheimer table takes to handle a click, in the kernel.

Run:  python benchmarks/widgets_hoggenheimer.py [deals]

Plays ``deals`` deals (default 60) on one table, alternating the two
procedures: in each deal three punters place bets (chosen through the kind
and bet dropdowns), three cards are turned one at a time, the rest dealt to
the end, then 'New deal'; every few deals a refused action is tried too.
Prints the median and 95th percentile wall time of each kind of click
(``button.click()``, which runs the handler as a kernel would; no browser
round trip) and of all clicks together. The target is a median under 50 ms.
This is a measurement, not a test.
"""

from __future__ import annotations

import statistics
import sys
import time

from banking_games.games.hoggenheimer import all_bets
from banking_games.widgets.hoggenheimer import HoggenheimerTable


def timed(samples: dict, name: str, action) -> None:
    start = time.perf_counter()
    action()
    samples.setdefault(name, []).append(time.perf_counter() - start)


def main(deals: int = 60) -> None:
    start = time.perf_counter()
    table = HoggenheimerTable(seed=2026)
    build = time.perf_counter() - start
    bets = all_bets()
    samples: dict[str, list[float]] = {}
    for n in range(deals):
        table.procedure.value = ("english", "german")[n % 2]
        for i in range(3):
            bet = bets[(7 * n + 31 * i) % len(bets)]
            table.punter.value = table.punter.options[i % len(table.punter.options)]
            timed(samples, "choose kind + bet", lambda: (setattr(table.kind, "value", bet.kind),
                                                         setattr(table.bet, "value", bet)))
            table.stake.value = str(1 + i)
            timed(samples, "Place bet", table.bet_button.click)
        for _ in range(3):
            if not table.deal.is_over:
                timed(samples, "Turn a card", table.turn_button.click)
        if n % 5 == 0:
            timed(samples, "refused (bet after a turn)", table.bet_button.click)
            assert table.message.is_error or table.deal.is_over
        if not table.deal.is_over:
            timed(samples, "Deal to the end", table.end_button.click)
        timed(samples, "New deal", table.new_deal_button.click)
    timed(samples, "New session", table.new_session_button.click)

    everything = [s for name, v in samples.items() if name != "choose kind + bet" for s in v]
    print(f"Hoggenheimer table: built in {build * 1000:.1f} ms; {deals} deals, "
          f"{len(everything)} button clicks")
    print(f"{'action':28} {'clicks':>6} {'median ms':>10} {'95% ms':>8} {'max ms':>8}")
    for name, values in list(samples.items()) + [("all button clicks", everything)]:
        values = sorted(values)
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        print(f"{name:28} {len(values):6d} {statistics.median(values) * 1000:10.2f} {p95 * 1000:8.2f} "
              f"{values[-1] * 1000:8.2f}")
    median = statistics.median(everything) * 1000
    print(f"median click {median:.2f} ms: {'under' if median < 50 else 'OVER'} the 50 ms target")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
