"""Omen's entry point in the browser: start the adapter, loudly if it fails."""

from pyscript import window

try:
    from omen_web import app

    app.start()
except Exception as error:
    window.omenStartFailed(f"{type(error).__name__}: {error}")
    raise
