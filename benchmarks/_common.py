"""Timing helpers shared by the benchmark scripts in this folder (not a benchmark).

The scripts import it as ``_common`` (Python puts a script's own folder first
on ``sys.path``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable, Mapping, Sequence


def best_of(f: Callable[[], object], repeats: int = 1) -> tuple[float, object]:
    """Run ``f()`` ``repeats`` times; return the shortest wall time in
    seconds (the least disturbed by other load) and the last result."""
    best, out = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - start)
    return best, out


def best_time(f: Callable[[], object], repeats: int = 1) -> float:
    """The shortest wall time in seconds of ``repeats`` runs of ``f()``."""
    return best_of(f, repeats)[0]


def simulator_args(doc: str) -> argparse.Namespace:
    """The options of a simulator speed benchmark: ``--deals`` (vectorised
    runs, default 1,000,000), ``--engine-deals`` (engine loop, default
    3,000), ``--repeats`` (take the best of, default 5)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--engine-deals", type=int, default=3_000)
    parser.add_argument("--repeats", type=int, default=5)
    return parser.parse_args()


def timed_into(samples: dict[str, list[float]], name: str, action: Callable[[], object]) -> object:
    """Run ``action()`` and add its wall time in seconds to ``samples[name]``."""
    start = time.perf_counter()
    out = action()
    samples.setdefault(name, []).append(time.perf_counter() - start)
    return out


def click_report(samples: Mapping[str, Sequence[float]], *, total: str = "all button clicks",
                 leave_out: Sequence[str] = (), percentile: int = 95, width: int = 28,
                 target_ms: float = 50.0) -> float:
    """Print, for each kind of click in ``samples`` (name -> seconds) and
    for all of them together (except the names in ``leave_out``), the
    count, median, ``percentile``-th percentile and maximum time in
    milliseconds, then whether the overall median meets ``target_ms``.
    Returns the overall median in milliseconds."""
    every = [x for name, values in samples.items() if name not in leave_out for x in values]
    print(f"{'action':{width}} {'clicks':>6} {'median ms':>10} {f'{percentile}% ms':>8} {'max ms':>8}")
    for name, values in list(samples.items()) + [(total, every)]:
        values = sorted(values)
        high = values[min(len(values) - 1, int(percentile / 100 * len(values)))]
        print(f"{name:{width}} {len(values):6d} {statistics.median(values) * 1000:10.2f} {high * 1000:8.2f} "
              f"{values[-1] * 1000:8.2f}")
    median = statistics.median(every) * 1000
    print(f"median click {median:.2f} ms: {'under' if median < target_ms else 'OVER'} the {target_ms:g} ms target")
    return median
