"""How the benchmarks open a page: one fresh Chromium profile, a phone-sized window and
the CPU slowed as asked, the same way for every benchmark.

(Named ``launch`` rather than ``browser``: the benchmarks put ``tools/`` on the path,
and ``tools/browser.py`` holds the Chromium binary and flags this module uses.)

    with open_page(playwright, throttle=4, init_script=WATCH) as (context, page, cdp):
        page.goto(url)
        print(heap_mb(cdp))

**The first start's question.** A fresh profile is asked which game the table plays (a
modal dialog, ``omen_web/shell/firststart.py``). The benchmarks measure what they measured
before it existed, so by default every page starts as if it had been answered with the
defaults, the same way the browser tests do (``tests/e2e/conftest.py``, ``FIRST_START``):
a profile with nothing of Omen's stored gets the preferences a game master has after
answering (Liminal Horror, its example campaign). ``first_start=True`` asks as for a new
game master.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from browser import ANSWER_SCRIPT, CHROMIUM, FLAGS

VIEWPORT = {"width": 390, "height": 844}


@contextmanager
def open_page(
    playwright: Any,
    throttle: float = 1,
    init_script: str = "",
    first_start: bool = False,
    **options: Any,
) -> Iterator[tuple[Any, Any, Any]]:
    """A page in a fresh persistent profile (closed and removed afterwards), with its
    CDP session; ``throttle`` slows the CPU (4: a mid-range phone); the first start's
    question answered unless ``first_start``."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, viewport=VIEWPORT, **options
        )
        try:
            if not first_start:
                context.add_init_script(ANSWER_SCRIPT)
            if init_script:
                context.add_init_script(init_script)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            yield context, page, cdp
        finally:
            context.close()


def heap_mb(cdp: Any) -> float:
    """The page's JavaScript heap in use, in MB."""
    cdp.send("Performance.enable")
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "JSHeapUsedSize")) / 2**20
