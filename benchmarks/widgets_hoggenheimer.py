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

import sys

from _common import best_of, click_report
from _common import timed_into as timed
from banking_games.games.hoggenheimer import all_bets
from banking_games.widgets.hoggenheimer import HoggenheimerTable


def main(deals: int = 60) -> None:
    build, table = best_of(lambda: HoggenheimerTable(seed=2026))
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

    clicks = sum(len(v) for name, v in samples.items() if name != "choose kind + bet")
    print(f"Hoggenheimer table: built in {build * 1000:.1f} ms; {deals} deals, {clicks} button clicks")
    click_report(samples, leave_out=("choose kind + bet",))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
