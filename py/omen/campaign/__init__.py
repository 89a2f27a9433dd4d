"""What a campaign is, whichever game it plays: its state, its log, its tables.

The campaign state (:mod:`omen.campaign.state`), the roll log and its pages
(:mod:`~omen.campaign.logbook`), the stored parts (:mod:`~omen.campaign.parts`), links
and backups (:mod:`~omen.campaign.share`), encounter tables and locations
(:mod:`~omen.campaign.tables`), the example campaigns' machinery and the registries of
games, settings and procedures.

The exploration checks (Encounter Die, Tension Die, the Voidcrawl) and the reaction roll
live here too, not in a game's package: they come from Liminal Horror and Cairn, but
every game is offered them (GURPS and The End of the World list the checks on Explore,
the OSE sequence reads the reaction table) and the campaign state holds their clock.

A module here imports :mod:`omen.core` and this package, never a game's package: a
game is reached only through the names its :class:`~omen.campaign.spec.GameSpec` gives.
"""
