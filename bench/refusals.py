"""Refusals benchmark: how long Omen takes to refuse what its limits are there to refuse.

    .venv/bin/python bench/refusals.py [--runs 5]

The unit tests check that each refusal does bounded work (lines of the parser run, steps
of exact odds, bytes inflated); this prints what that work costs on this machine, best
of ``--runs`` runs on CPython: dice expressions past the parser's limits, odds with too
many totals, and a link that would inflate to 100 MB (a zip bomb). Figures, not
pass/fail; each was meant to stay well under a tenth of a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from hostile import zip_bomb_link
from omen.campaign import share
from omen.core import notation
from omen.core.errors import RulesError

EXPRESSIONS = [
    "101d6",
    "50d6+51d6",
    "d1001",
    "1" * 201,
    "1" * 100_000,
    "1000001",
    "9" * 200,
    "(" * 25 + "1" + ")" * 25,
]


def best_refusal(call: Callable[[], object], runs: int) -> tuple[float, str]:
    best, message = float("inf"), "not refused"
    for _ in range(runs):
        start = time.perf_counter()
        try:
            call()
        except RulesError as error:
            message = str(error)
        best = min(best, time.perf_counter() - start)
    return best, message


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    cases: list[tuple[str, Callable[[], object]]] = [
        (
            f"parse {text if len(text) <= 20 else text[:17] + '...'}",
            lambda t=text: notation.parse(t),
        )
        for text in EXPRESSIONS
    ]
    cases.append(("odds of 100d1000", lambda: notation.distribution("100d1000")))
    link = zip_bomb_link(100)
    cases.append((f"zip bomb ({len(link)} chars)", lambda: share.decode_link(link)))
    for label, call in cases:
        seconds, message = best_refusal(call, runs)
        print(f"{label:34} {seconds * 1000:8.2f} ms  {message[:60]}")


if __name__ == "__main__":
    main()
