"""The adapter's screens for the game of :mod:`omen.eotw`."""
