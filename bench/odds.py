"""Exact-odds benchmark: the work count of ``notation.distribution`` against the time.

    .venv/bin/python bench/odds.py [--runs 5]

For each expression (the largest ones the issue found, and others near the work limit):
the steps of work counted (:class:`omen.core.notation.Work`), or the refusal, and the best
time of ``--runs`` runs on CPython, with the nanoseconds per counted step. The work limit
(``MAX_WORK``) is meant to keep every answer or refusal near a tenth of a second; the
last line prints the worst time and the worst time a full ``MAX_WORK`` would take at the
worst rate measured. Figures, not pass/fail: the tests assert work counts, not times.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from omen.core import notation
from omen.core.errors import LimitError

EXPRESSIONS = [
    "d66Xd1000",
    "+".join(["d6"] * 60),
    "+".join(["3d6"] * 20),
    "100d6",
    "100d10",
    "50d20",
    "20d100",
    "10d66",
    "d66×d66×d66",
    "d100×(d100+d100)",
    "d1000×d19",
    "-(3d1000)",
    "60d66",
    "100d200",
    "d1000×d1000",
    "d1000×20d10",
]


def measure(text: str, runs: int) -> tuple[float, int, str]:
    best = float("inf")
    done, outcome = 0, ""
    for _ in range(runs):
        work = notation.Work()
        start = time.perf_counter()
        try:
            odds = notation.distribution(text, work)
            outcome = f"{len(odds)} totals"
        except LimitError:
            outcome = "refused"
        best = min(best, time.perf_counter() - start)
        done = work.done
    return best, done, outcome


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    worst_time, worst_rate = 0.0, 0.0
    for text in EXPRESSIONS:
        seconds, done, outcome = measure(text, runs)
        rate = seconds / done * 1e9 if done else 0.0
        worst_time = max(worst_time, seconds)
        if done > 10_000:
            worst_rate = max(worst_rate, rate)
        label = text if len(text) <= 24 else f"{text[:21]}..."
        print(f"{label:26} {seconds * 1000:7.1f} ms  work {done:7}  {rate:5.0f} ns/step  {outcome}")
    print(f"worst time {worst_time * 1000:.1f} ms")
    print(
        f"MAX_WORK {notation.MAX_WORK} at the worst rate: {notation.MAX_WORK * worst_rate / 1e6:.1f} ms"
    )


if __name__ == "__main__":
    main()
