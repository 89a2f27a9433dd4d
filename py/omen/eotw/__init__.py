"""The End of the World: dice pool tests (:mod:`~omen.eotw.pools`), the crew's lasting
state (:mod:`~omen.eotw.crew`), its settings and its example campaign.
"""

from __future__ import annotations

from omen.campaign.spec import (
    EVERYWHERE,
    EXPLORATION_TURN,
    LIGHT_COUNTS,
    LIGHTS_AHEAD,
    LIGHTS_ENDING,
    NOT_IN_LINKS,
    REMINDER_EXPLORATION,
    SESSION,
    GameSpec,
    Help,
    Place,
    PlayerRequest,
    StoredPart,
)
from omen.core.roll import N_, Step

GAME = GameSpec(
    "eotw",
    N_("The End of the World"),
    explore=("eotw_scene", "checks"),
    encounter="reaction",
    tests="eotw",
    settings=("omen.eotw.settings:SETTINGS", "omen.eotw.settings:CREW_SETTINGS"),
    procedures=("omen.eotw.procedures:PROCEDURES",),
    parts=(
        StoredPart(
            "crew",
            N_("the crew"),
            "omen.eotw.crew:CREW",
            EVERYWHERE,
            file_label=N_("Saved crew"),
            describe=lambda record: Step(
                N_("The crew: {count} character"),
                {"count": len(record.characters)},
                plural=N_("The crew: {count} characters"),
            ),
            fresh="omen.eotw.crew:Crew",
            share="omen.eotw.sharing:CREW",
        ),
        StoredPart(
            "eotw_tests",
            N_("the dice pool on the Tests screen"),
            "omen.eotw.pools:TESTS_FORM",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved Tests form"),
            describe=lambda record: Step(N_("The dice pool and contestants on the Tests screen")),
            fresh="omen.eotw.pools:TestsForm",
        ),
        StoredPart(
            "eotw_result",
            N_("the last test rolled on the Tests screen"),
            "omen.eotw.kept:KEPT_TEST",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved last test"),
            describe=lambda record: Step(N_("The last test rolled on the Tests screen")),
            fresh="omen.eotw.kept:KeptTest",
        ),
        StoredPart(
            "eotw_given",
            N_("the stress given after the last test"),
            "omen.eotw.kept:GIVEN_STRESS",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved stress given after a test"),
            describe=lambda record: Step(N_("The stress given after the last test")),
            fresh="omen.eotw.kept:GivenStress",
        ),
    ),
    screens={
        "eotw_scene": "omen_web.screens.eotw.scene:EotwScenePanel",
        "crew": "omen_web.screens.eotw.crew:CrewScreen",
    },
    sections={"eotw_scene": "explore"},
    example="omen.eotw.example:EXAMPLE",
    public="omen.eotw.players:public_facts",
    reaction="omen.eotw.reaction:EOTW_REACTIONS",
    requests=(
        PlayerRequest(
            "ask",
            "omen.eotw.players:read_asked",
            "omen.eotw.players:roll_asked",
            "omen.eotw.players:asking_odds",
        ),
    ),
    violent=N_("A violent encounter: they mean the crew harm."),
    turn=EXPLORATION_TURN,
    help={
        "reminder": Help(
            (
                N_(
                    "The End of the World counts scenes and days, not turns by the clock at "
                    "the table: the reminder belongs to Explore's shared checks."
                ),
                REMINDER_EXPLORATION,
            ),
            N_("Omen's own."),
        ),
        "time_passes": Help(
            (
                N_(
                    "Instead of playing scene by scene, let a span of scenes or days go by: "
                    "nothing is rolled for time passing."
                ),
                N_(
                    "Lights and timers count down as the time passes, and one Undo takes the "
                    "whole span back."
                ),
            ),
            N_("Omen's own, built on the game's scenes and days."),
        ),
        "lights_timers": Help(
            (
                LIGHT_COUNTS,
                N_(
                    "The End of the World counts scenes or days. A scene is a stretch of play "
                    "within a day: a timer in days stands still through a scene, and a day "
                    "that passes ends every light and timer counted in scenes."
                ),
                LIGHTS_ENDING,
                LIGHTS_AHEAD,
            ),
            N_("Omen's own."),
        ),
    },
)
