"""Omen's entry point in the browser: start the adapter, loudly if it fails."""

from omen_web import app

app.start()
