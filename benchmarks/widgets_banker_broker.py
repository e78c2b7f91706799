"""How long the Banker and Broker table takes to handle a click, in the kernel.

Run:  python benchmarks/widgets_banker_broker.py [deals]

Plays ``deals`` deals (default 60) on one table, in three sessions: option
3(a) with the bank passing left, option 3(b) with stakes after the cut and
the Ace rule, option 3(c) (12 sections) with the players cutting for the
bank. In each deal the punters place stakes, the pack is cut, two sections
are turned one at a time and the rest dealt to the end, then 'New deal';
every few deals a refused action is tried too, and the 'Step through this
deal' panel is open for one deal in four (its frames are then drawn on each
click). Prints the median and 95th percentile wall time of each kind of
click (``button.click()``, which runs the handler as a kernel would; no
browser round trip) and of all clicks together. The target is a median
under 50 ms. This is a measurement, not a test.
"""

from __future__ import annotations

import statistics
import sys
import time

from banking_games.games.banker_broker import BankChange, BetTiming, Sectioning
from banking_games.widgets.banker_broker import BankerBrokerTableWidget

SESSIONS = (
    dict(sectioning=Sectioning.ONE_EACH, bank_change=BankChange.ROTATE_LEFT),
    dict(sectioning=Sectioning.THREE, bet_timing=BetTiming.AFTER_CUT, bank_change=BankChange.ACE_PASSES),
    dict(sectioning=Sectioning.ANY, bank_change=BankChange.CUT_FOR_BANK),
)


def timed(samples: dict, name: str, action) -> None:
    start = time.perf_counter()
    action()
    samples.setdefault(name, []).append(time.perf_counter() - start)


def main(deals: int = 60) -> None:
    start = time.perf_counter()
    table = BankerBrokerTableWidget(seed=2026, n_sections=12)
    build = time.perf_counter() - start
    samples: dict[str, list[float]] = {}
    per_session = max(1, deals // len(SESSIONS))
    for options in SESSIONS:
        for name, field in table.option_fields.items():
            field.value = options.get(name, field.value)
        timed(samples, "New session", table.new_session_button.click)
        for n in range(per_session):
            table.more.selected_index = 0 if n % 4 == 0 else None
            after = table.session.config.bet_timing is BetTiming.AFTER_CUT
            if after:
                timed(samples, "Cut", table.cut_button.click)
            for i, punter in enumerate(table.punter.options):
                table.punter.value = punter
                sections = [v for _, v in table.section.options]
                table.section.value = sections[(n + i) % len(sections)]
                table.stake.value = str(1 + i)
                timed(samples, "Place bet", table.bet_button.click)
            if not after:
                timed(samples, "Cut", table.cut_button.click)
            for _ in range(2):
                timed(samples, "Turn a section", table.turn_button.click)
            if n % 5 == 0:
                timed(samples, "refused (cut twice)", table.cut_button.click)
                assert table.message.is_error
            timed(samples, "Deal to the end", table.end_button.click)
            timed(samples, "New deal", table.new_deal_button.click)
            assert not table.message.is_error, table.message.value

    everything = [s for v in samples.values() for s in v]
    print(f"Banker and Broker table: built in {build * 1000:.1f} ms; {per_session * len(SESSIONS)} deals, "
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
