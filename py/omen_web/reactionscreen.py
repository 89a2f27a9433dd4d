"""The reaction roll panel on the Encounter screen: 2d6 on the campaign game's table.

Old-School Essentials adds the speaker's Charisma modifier (or nothing when nobody
talks). Liminal Horror and the other games use Cairn 2e's table, and the panel says so:
Liminal Horror names the roll but prints no table. The odds of every band show before
the roll; the roll and its steps go to the log.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from omen.campaign import Outcome
from omen.errors import RulesError
from omen.reaction import (
    LIMINAL_HORROR_REACTIONS,
    OSE_REACTIONS,
    ReactionResult,
    ReactionTable,
    reaction_odds,
    reaction_roll,
    signed,
    speaker_modifier,
)
from omen.roll import N_, Step
from omen_web import dom
from omen_web.app import App
from omen_web.osescreen import OseScreen, number


class ReactionScreen:
    name = "reaction"

    def __init__(self, app: App) -> None:
        self.app = app
        self.root = dom.one('[data-procedure="reaction"]')
        self.last: ReactionResult | None = None
        dom.on(dom.one('[data-action="reaction-roll"]', self.root), "click", app.guard(self.roll))
        for name in ("reaction-cha", "reaction-nobody-talks"):
            dom.on(dom.bound(name, self.root), "input", app.guard(self.change_speaker))

    def change_speaker(self, _event: Any) -> None:
        """The speaker's Charisma is kept with the OSE encounter, shared with its panel."""
        ose: OseScreen = self.app.screen("ose")
        ose.set_speaker(
            dom.bound("reaction-cha", self.root),
            bool(dom.bound("reaction-nobody-talks", self.root).checked),
        )
        self.render()

    @property
    def table(self) -> ReactionTable:
        return OSE_REACTIONS if self.app.campaign.game == "ose" else LIMINAL_HORROR_REACTIONS

    def modifier(self) -> int:
        """OSE: the speaker's Charisma modifier; Cairn's table has none."""
        if self.table is not OSE_REACTIONS or dom.bound("reaction-nobody-talks", self.root).checked:
            return 0
        score = number(dom.bound("reaction-cha", self.root), N_("Speaker's Charisma (3–18)"))
        return speaker_modifier(score)

    def roll(self, _event: Any) -> None:
        typed = dom.bound("reaction-typed", self.root)
        dice = self.app.dice(str(typed.value))
        result = reaction_roll(self.table, dice, self.modifier())
        typed.value = ""
        self.last = result
        title = Step(
            N_("Reaction {total}: {reaction}"),
            {"total": result.total, "reaction": result.band.label},
        )
        self.app.record(Outcome(title, result.steps, "reaction"), None)
        self.app.render_all()

    def render(self) -> None:
        app, table = self.app, self.table
        ose = table is OSE_REACTIONS
        name = N_("Old-School Essentials reaction table") if ose else N_("Cairn 2e reaction table")
        dom.text(dom.bound("reaction-table", self.root), app.tr(name))
        source = dom.bound("reaction-source", self.root)
        dom.show(source, table.source is not None)
        dom.text(source, app.t(table.source) if table.source is not None else "")
        dom.show(dom.bound("reaction-cha-box", self.root), ose)
        lines: list[Step]
        try:
            modifier = self.modifier()
            lines = (
                [Step(N_("Modifier: {modifier}"), {"modifier": signed(modifier)})] if ose else []
            )
            for band, chance in reaction_odds(table, modifier).items():
                lines.append(
                    Step(
                        N_("{reaction}: {chance}"),
                        {
                            "reaction": band.label,
                            "chance": app.translator.percent(Fraction(chance)),
                        },
                    )
                )
        except RulesError as error:
            lines = [error.message]
        app.fill_list(dom.bound("reaction-odds", self.root), lines)
        title = dom.bound("reaction-result-title", self.root)
        details = dom.bound("reaction-result-details", self.root)
        last = self.last
        if last is None or last.table is not table:
            dom.text(title, app.tr(N_("Roll 2d6 when the creature's attitude is not obvious.")))
            dom.show(details, False)
            return
        dom.text(
            title,
            app.t(
                Step(
                    N_("Reaction {total}: {reaction}"),
                    {"total": last.total, "reaction": last.band.label},
                )
            ),
        )
        app.fill_list(dom.bound("reaction-result-steps", self.root), last.steps)
        dom.show(details, True)
