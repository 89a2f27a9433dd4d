"""Screens every game has: Explore and its checks panel, the Encounter shell and reaction
rolls, the Tests screen's dice pools, and Tables."""
