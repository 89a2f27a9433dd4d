"""Omen's entry point in the browser: start the adapter, loudly if it fails."""

import sys

from pyscript import document, window


def use_the_page() -> None:
    """After a start from a memory snapshot, point the adapter at this page.

    The snapshot (static/snapshot-worker.mjs) imported the adapter with placeholders for
    ``pyscript.document`` and ``pyscript.window``; a normal start has none to replace.
    """
    real = {"document": document, "window": window}
    for name, module in list(sys.modules.items()):
        if name != "omen_web" and not name.startswith("omen_web."):
            continue
        for attribute, value in list(vars(module).items()):
            if type(value).__name__ == "SnapshotPlaceholder":
                setattr(module, attribute, real[object.__getattribute__(value, "omen_placeholder")])


window.performance.mark("omen:main")  # where start-up time goes: bench/startup.py
try:
    use_the_page()
    from omen_web.kit import app

    app.start()
except Exception as error:
    window.omenStartFailed(f"{type(error).__name__}: {error}")
    raise
