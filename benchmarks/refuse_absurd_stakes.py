"""How long refusing an absurd stake takes (target: under 10 ms each).

Issue 11: a stake typed as ``1e1000000000`` used to take many seconds (the
exact Fraction expands 10**10**9), and in LandsknechtTable's minimum-stake
field merely typing it froze the kernel. Now ``to_stake`` refuses any
magnitude outside 10**-1000 .. 10**1000 at once. This script times the
refusal for each such input, through ``to_stake`` and through typing it into
the Landsknecht table's limit field, and prints the figures beside the
target. (The tests check only that they are refused and what the message
says: a wall-clock bound in a unit test fails on a loaded machine.)

    python benchmarks/refuse_absurd_stakes.py [--repeats 5]

Not a test: timings depend on the machine. Prints plain text.
"""

from __future__ import annotations

import argparse
from decimal import Decimal

from _common import best_time

TARGET_MS = 10.0
INPUTS = {
    '"1e1000000000"': "1e1000000000",
    '"1e-1000000000"': "1e-1000000000",
    "5000 nines": "9" * 5000,
    "10**5000": 10 ** 5000,
    'Decimal("1e1000000000")': Decimal("1e1000000000"),
    'Decimal("Infinity")': Decimal("Infinity"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    from banking_games.errors import StakeError
    from banking_games.money import to_stake
    from banking_games.widgets.landsknecht import LandsknechtTable

    def refuse(value):
        try:
            to_stake(value)
        except StakeError:
            return
        raise SystemExit(f"not refused: {value!r:.60}")

    table = LandsknechtTable()
    field = table.option_fields["min_stake"]

    def type_it(text):
        field.value = "1"
        field.value = text

    print(f"{'input':28} {'to_stake (ms)':>14} {'typed in table (ms)':>20}   target < {TARGET_MS:g} ms")
    worst = 0.0
    for name, value in INPUTS.items():
        a = best_time(lambda: refuse(value), args.repeats) * 1000
        typed = "1" + "0" * 5000 if isinstance(value, int) else str(value)  # str() of 10**5000 is refused
        b = best_time(lambda: type_it(typed), args.repeats) * 1000
        worst = max(worst, a, b)
        print(f"{name:28} {a:14.3f} {b:20.3f}")
    print(f"worst: {worst:.3f} ms; target {'met' if worst < TARGET_MS else 'MISSED'} (< {TARGET_MS:g} ms)")


if __name__ == "__main__":
    main()
