"""GURPS / Dungeon Fantasy: success rolls and Quick Contests (:mod:`~omen.gurps.rolls`),
the encounter distance procedure (:mod:`~omen.gurps.distance`, its detection and surprise
in :mod:`~omen.gurps.detection`), the encounter's creatures and their injuries
(:mod:`~omen.gurps.roster`, :mod:`~omen.gurps.injury`), the Tests form
(:mod:`~omen.gurps.tests`), travel checks (:mod:`~omen.gurps.travel`), GURPS's settings
and its example campaign.
"""

from __future__ import annotations

from omen.campaign.spec import (
    EXPLORATION_TURN,
    LIGHT_COUNTS,
    LIGHTS_AHEAD,
    LIGHTS_ENDING,
    NOT_IN_LINKS,
    REMINDER_EXPLORATION,
    SESSION,
    SPAN_ODDS,
    GameSpec,
    Help,
    Place,
    PlayerRequest,
    StoredPart,
)
from omen.core.roll import N_, Step

GAME = GameSpec(
    "gurps",
    N_("GURPS / Dungeon Fantasy"),
    explore=("gurps_travel", "checks"),
    encounter="gurps",
    tests="gurps",
    settings=("omen.gurps.settings:SETTINGS",),
    procedures=("omen.gurps.procedures:PROCEDURES",),
    parts=(
        StoredPart(
            "gurps_form",
            N_("the GURPS distance form"),
            "omen.gurps.distance:GURPS_FORM",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved GURPS encounter distance form"),
            describe=lambda record: Step(N_("The GURPS encounter distance form")),
            fresh="omen.gurps.distance:GurpsForm",
        ),
        StoredPart(
            "gurps_found",
            N_("the last GURPS encounter distance found"),
            "omen.gurps.detection:FOUND",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved GURPS encounter distance found"),
            describe=lambda record: Step(N_("The last GURPS encounter distance found")),
            fresh="omen.gurps.detection:FoundDistance",
        ),
        StoredPart(
            "gurps_roster",
            N_("the GURPS encounter's creatures"),
            "omen.gurps.roster:SCHEMA",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved GURPS roster of creatures"),
            describe=lambda record: Step(
                N_("The GURPS encounter's roster: {count} creature"),
                {"count": len(record.creatures)},
                plural=N_("The GURPS encounter's roster: {count} creatures"),
            ),
            fresh="omen.gurps.roster:Roster",
        ),
        StoredPart(
            "gurps_tests",
            N_("the GURPS success roll and Quick Contest"),
            "omen.gurps.tests:GURPS_TESTS",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved GURPS Tests form"),
            describe=lambda record: Step(N_("The GURPS success roll and Quick Contest")),
            fresh="omen.gurps.tests:GurpsTestsForm",
        ),
        StoredPart(
            "gurps_travel",
            N_("the GURPS travel checks"),
            "omen.gurps.travel:GURPS_TRAVEL",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved GURPS travel checks"),
            describe=lambda record: Step(N_("GURPS travel: turn {turn}"), {"turn": record.turn}),
            fresh="omen.gurps.travel:Travel",
        ),
    ),
    screens={
        "gurps_travel": "omen_web.screens.gurps.travel:GurpsTravelPanel",
        "gurps": "omen_web.screens.gurps.distance:GurpsScreen",
        "gurps_roster": "omen_web.screens.gurps.roster:GurpsRosterScreen",
        "gurps_tests": "omen_web.screens.gurps.tests:GurpsTestsScreen",
        "gurps_crew": "omen_web.screens.gurps.crew:GurpsCrewScreen",
    },
    sections={
        "gurps_travel": "explore",
        "gurps": "encounter",
        "gurps_roster": "encounter",
        "gurps_tests": "tests",
        "gurps_crew": "crew",
    },
    public="omen.gurps.players:public_facts",
    reaction="omen.gurps.reaction:GURPS_REACTIONS",
    requests=(
        PlayerRequest(
            "roll",
            "omen.gurps.players:read_roll",
            "omen.gurps.players:roll_requested",
            "omen.gurps.players:rolling_odds",
        ),
    ),
    example="omen.gurps.example:EXAMPLE",
    violent=N_("Marked violent on the table: they are hostile."),
    turn=EXPLORATION_TURN,
    help={
        "reminder": Help(
            (
                N_(
                    "GURPS counts no turns by the clock at the table: the reminder belongs "
                    "to Explore's shared checks."
                ),
                REMINDER_EXPLORATION,
            ),
            N_("Omen's own."),
        ),
        "time_passes": Help(
            (
                N_(
                    "Instead of playing each travel turn, let a span of travel turns, hours "
                    "or days go by: its travel turns are played in order, each with its check."
                ),
                N_(
                    "Lights and timers burn down hour by hour; the first encounter stops the "
                    "run, and one Undo takes the whole span back."
                ),
                SPAN_ODDS,
            ),
            N_("Omen's own, built on the GURPS travel turn and its check."),
        ),
        "lights_timers": Help(
            (
                LIGHT_COUNTS,
                N_(
                    "GURPS counts hours on the road: a travel turn takes off all its hours, "
                    "so a torch with 1 hour left goes out in the first hour of the turn."
                ),
                N_("A day takes off 24 hours, so nothing counted in hours outlasts the day."),
                LIGHTS_ENDING,
                LIGHTS_AHEAD,
            ),
            N_("Omen's own."),
        ),
    },
)
