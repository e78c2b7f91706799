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

import sys

from _common import best_of, click_report
from _common import timed_into as timed
from banking_games.games.banker_broker import BankChange, BetTiming, Sectioning
from banking_games.widgets.banker_broker import BankerBrokerTable

SESSIONS = (
    dict(sectioning=Sectioning.ONE_EACH, bank_change=BankChange.ROTATE_LEFT),
    dict(sectioning=Sectioning.THREE, bet_timing=BetTiming.AFTER_CUT, bank_change=BankChange.ACE_PASSES),
    dict(sectioning=Sectioning.ANY, bank_change=BankChange.CUT_FOR_BANK),
)


def main(deals: int = 60) -> None:
    build, table = best_of(lambda: BankerBrokerTable(seed=2026, n_sections=12))
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

    clicks = sum(len(v) for v in samples.values())
    print(f"Banker and Broker table: built in {build * 1000:.1f} ms; {per_session * len(SESSIONS)} deals, "
          f"{clicks} button clicks")
    click_report(samples)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
