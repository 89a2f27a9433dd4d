"""Old-School Essentials: the encounter sequence (:mod:`~omen.ose.sequence`), evasion
and pursuit (:mod:`~omen.ose.evasion`), morale (:mod:`~omen.ose.morale`), the encounter in progress
(:mod:`~omen.ose.session`) and its creatures (:mod:`~omen.ose.roster`, :mod:`~omen.ose.hit_dice`), the dungeon turn and wilderness day (:mod:`~omen.ose.turn`),
the wilderness travel day (:mod:`~omen.ose.wilderness`),
saving throws and ability checks (:mod:`~omen.ose.checks`),
OSE's settings and its example campaign.
"""

from __future__ import annotations

from omen.campaign.spec import (
    LIGHT_COUNTS,
    LIGHTS_AHEAD,
    LIGHTS_ENDING,
    LIGHTS_LONGER,
    LIGHTS_OSE,
    NOT_IN_LINKS,
    REMINDER_CHECKS,
    SESSION,
    SPAN_BURNS,
    SPAN_ODDS,
    GameSpec,
    Help,
    Place,
    StoredPart,
)
from omen.core.roll import N_, Step

GAME = GameSpec(
    "ose",
    N_("Old-School Essentials"),
    explore=("ose_turn", "ose_travel"),
    encounter="ose",
    tests="ose",
    settings=("omen.ose.settings:SETTINGS",),
    procedures=("omen.ose.procedures:PROCEDURES",),
    parts=(
        StoredPart(
            "ose_encounter",
            N_("the Old-School Essentials encounter"),
            "omen.ose.session:SCHEMA",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved OSE encounter"),
            describe=lambda record: Step(N_("The OSE encounter in progress")),
            fresh="omen.ose.session:new_session",
        ),
        StoredPart(
            "ose_roster",
            N_("the Old-School Essentials encounter's creatures"),
            "omen.ose.roster:SCHEMA",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved OSE roster of creatures"),
            describe=lambda record: Step(
                N_("The OSE encounter's roster: {count} creature"),
                {"count": len(record.creatures)},
                plural=N_("The OSE encounter's roster: {count} creatures"),
            ),
            fresh="omen.ose.roster:Roster",
        ),
        StoredPart(
            "ose_tests",
            N_("the Old-School Essentials saving throw and ability check"),
            "omen.ose.checks:OSE_TESTS",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved OSE Tests form"),
            describe=lambda record: Step(N_("The OSE saving throw and ability check")),
            fresh="omen.ose.checks:ChecksForm",
        ),
        StoredPart(
            "ose_turn",
            N_("the Old-School Essentials turn clock"),
            "omen.ose.turn:SCHEMA",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved OSE turn clock"),
            describe=lambda record: Step(
                N_("The OSE turn clock: turn {turn}, day {day}"),
                {"turn": record.turn, "day": record.day},
            ),
            fresh="omen.ose.turn:TurnState",
        ),
        StoredPart(
            "ose_travel",
            N_("the Old-School Essentials wilderness journey"),
            "omen.ose.wilderness:SCHEMA",
            NOT_IN_LINKS,
            {Place.LINK: SESSION},
            file_label=N_("Saved OSE wilderness journey"),
            describe=lambda record: Step(
                N_("The OSE wilderness journey: {count} mile"),
                {"count": record.miles},
                plural=N_("The OSE wilderness journey: {count} miles"),
            ),
            fresh="omen.ose.wilderness:Journey",
        ),
    ),
    screens={
        "ose_turn": "omen_web.screens.ose.turn:OseTurnScreen",
        "ose": "omen_web.screens.ose.encounter:OseScreen",
        "ose_roster": "omen_web.screens.ose.roster:OseRosterScreen",
        "ose_tests": "omen_web.screens.ose.checks:OseChecksScreen",
        "ose_crew": "omen_web.screens.ose.crew:OseCrewScreen",
        "ose_travel": "omen_web.screens.ose.travel:OseTravelScreen",
    },
    sections={
        "ose_turn": "explore",
        "ose": "encounter",
        "ose_roster": "encounter",
        "ose_tests": "tests",
        "ose_crew": "crew",
        "ose_travel": "explore",
    },
    public="omen.ose.players:public_facts",
    reaction="omen.campaign.reaction:OSE_REACTIONS",
    example="omen.ose.example:EXAMPLE",
    violent=N_("Marked violent on the table: these monsters mean harm."),
    help={
        "reminder": Help(
            (
                N_(
                    "Old-School Essentials counts a dungeon turn as ten minutes of game "
                    "time, whatever the clock at the table says: the reminder belongs to "
                    "Explore's shared checks."
                ),
                REMINDER_CHECKS,
            ),
            N_("Omen's own."),
        ),
        "time_passes": Help(
            (
                N_(
                    "Instead of tapping Next dungeon turn again and again, let a span of "
                    "turns or hours go by: each turn is played in order, with its wandering "
                    "monster check when one falls due."
                ),
                N_(
                    "In the wilderness time passes in whole days, each played as Next day plays it."
                ),
                SPAN_BURNS,
                SPAN_ODDS,
            ),
            N_("Omen's own, built on the dungeon turn and the day of travel."),
        ),
        "lights_timers": Help(
            (LIGHT_COUNTS, LIGHTS_OSE, LIGHTS_LONGER, LIGHTS_ENDING, LIGHTS_AHEAD)
        ),
    },
)
