"""How long a click on the Landsknecht dealing table takes (target: median under 50 ms).

Plays whole sessions through the table's buttons (bets, single turns,
'Deal to the end', 'New deal', and some refused clicks) and prints, for each
button, the median, 90th percentile and maximum time of ``button.click()``.

By default the clicks run inside a fresh IPython kernel (``jupyter_client``),
so every widget update is really serialised and sent as a comm message, as
in JupyterLab. ``--in-process`` runs them in this Python process instead
(widgets without a kernel send nothing).

    python benchmarks/widgets_landsknecht.py [--deals 60] [--seed 2026] [--in-process]

Not a test: timings depend on the machine. Prints plain text.
"""

from __future__ import annotations

import argparse
import sys


def run(deals: int = 60, seed: int = 2026, pause: float = 0.0) -> None:
    """Click through ``deals`` deals and print the timing table.

    ``pause``: seconds to wait after each click (not timed), as a reader
    would; in a kernel this lets the comm messages drain (a burst of tens of
    thousands overflows ZeroMQ's IOPub buffer and messages are dropped)."""
    import random
    import time

    from _common import best_of, click_report, timed_into
    from banking_games.widgets.landsknecht import LandsknechtTable

    built, table = best_of(lambda: LandsknechtTable(("Anna", "Boris", "Clara", "Dora"), seed=seed))
    choose = random.Random(seed)
    times: dict[str, list[float]] = {}
    refused = 0

    def click(name, button):
        nonlocal refused
        timed_into(times, name, button.click)
        refused += table.message.is_error
        if pause:
            time.sleep(pause)

    for _ in range(deals):
        for punter in table.punter.options:
            table.punter.value = punter
            table.stake.value = choose.choice(["1", "2", "1/2"])
            click("Place bet", table.bet_button)
        click("New deal (refused: deal not over)", table.new_deal_button)
        while not table.deal.is_over:
            if choose.random() < 0.15:
                click("Deal to the end", table.end_button)
                break
            click("Turn a card", table.turn_button)
            if table.card.options and choose.random() < 0.5:
                table.card.value = choose.choice(table.card.options)[1]
                click("Place bet", table.bet_button)
        click("Turn a card (refused: deal over)", table.turn_button)
        click("New deal", table.new_deal_button)

    print(f"Landsknecht table: {deals} deals, seed {seed}; table built in {built * 1000:.0f} ms")
    click_report(dict(sorted(times.items())), total="all clicks", percentile=90, width=38)
    print(f"refused clicks (message shown): {refused}")


def run_in_kernel(deals: int, seed: int, timeout: float = 600) -> None:
    """Run :func:`run` inside a fresh IPython kernel and print its output."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        code = (f"import sys; sys.path.insert(0, {__file__.rsplit('/', 1)[0]!r})\n"
                f"import widgets_landsknecht as b; b.run({deals}, {seed}, pause=0.02)")
        print("(in an IPython kernel: widget updates are sent as comm messages; 20 ms untimed pause "
              "after each click)")

        def show(msg):
            content = msg["content"]
            if msg["msg_type"] == "stream":
                sys.stdout.write(content["text"])
            elif msg["msg_type"] == "error":
                sys.stdout.write("\n".join(content["traceback"]) + "\n")

        kc.execute_interactive(code, output_hook=show, timeout=timeout)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--in-process", action="store_true", help="run in this process, not in a kernel")
    args = parser.parse_args()
    if args.in_process:
        run(args.deals, args.seed)
    else:
        run_in_kernel(args.deals, args.seed)


if __name__ == "__main__":
    main()
