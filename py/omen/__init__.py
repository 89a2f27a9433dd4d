"""Omen's rules engine: the encounter procedures of four games as pure Python.

Nothing here touches a browser. Randomness comes in through :class:`omen.core.dice.Dice`,
every roll returns its value together with the steps that produced it, and odds are
exact fractions.

>>> from omen.core.dice import ScriptedDice
>>> from omen.campaign.exploration import encounter_die
>>> encounter_die(ScriptedDice([1])).kind.name
'ENCOUNTER'
"""
